"""Where every piece can ever go (Articles 9.6 and 6.9): arbiterlib.mobility."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest
from conftest import play_picks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiterlib.mobility import Mobility, is_statically_unwinnable, mobility

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dead"

WALL = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"
"""Locked pawns; the pawns they attack shut each king behind its own wall: dead."""


def _unwinnable(fen: str, color: chess.Color) -> bool:
    return is_statically_unwinnable(chess.Board(fen), color)


@pytest.mark.parametrize("fen", [
    WALL,
    "8/8/1k6/p1p1p1p1/P1P1P1P1/8/6K1/8 b - - 0 1",
    # a light-squared bishop can neither cross the wall nor take a pawn of it
    "4k3/8/8/p1p1p1p1/P1P1P1P1/8/4B3/4K3 w - - 0 1",
    "7k/8/8/8/8/8/8/K7 w - - 0 1",  # two bare kings
])
def test_dead_positions_are_proved_for_both_sides(fen: str) -> None:
    assert _unwinnable(fen, chess.WHITE)
    assert _unwinnable(fen, chess.BLACK)


@pytest.mark.parametrize(("fen", "color"), [
    ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", chess.WHITE),  # KQ v K
    ("4k3/8/8/8/8/8/8/2BNK3 b - - 0 1", chess.WHITE),  # K+B+N v K
    ("4k3/4p3/8/8/8/8/8/3NKN2 w - - 0 1", chess.WHITE),  # KNN v K+P
    ("4k3/4p3/8/8/8/8/8/3NKN2 w - - 0 1", chess.BLACK),  # ... and the pawn may promote
    ("4k3/8/8/8/8/8/P7/4K3 b - - 0 1", chess.WHITE),  # a pawn that can promote
    ("4k3/8/8/p1p1p1p1/P1P1P1P1/8/7P/4K3 w - - 0 1", chess.WHITE),  # a free pawn
    ("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/3QK3 w - - 0 1", chess.WHITE),  # a queen beats walls
    ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", chess.WHITE),  # castling
])
def test_positions_with_a_mate_are_never_declared_unwinnable(fen: str,
                                                             color: chess.Color) -> None:
    assert not _unwinnable(fen, color)


def test_lone_king_and_finished_games() -> None:
    assert _unwinnable("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", chess.BLACK)  # bare king
    fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert not _unwinnable(fools_mate, chess.BLACK)  # the mate is on the board
    assert _unwinnable(fools_mate, chess.WHITE)  # the game is over
    stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    assert _unwinnable(stalemate, chess.WHITE)


def test_en_passant_now_is_looked_at_both_ways() -> None:
    # Locked for good, but for the en passant capture available now: after it, White's
    # pawns run through.
    board = chess.Board("4k3/8/3p4/p1pPp1p1/P1P1P1P1/8/8/4K3 w - e6 0 1")
    assert board.has_legal_en_passant()
    assert not is_statically_unwinnable(board, chess.WHITE)
    assert mobility(board, chess.WHITE) is None
    board.ep_square = None
    assert is_statically_unwinnable(board, chess.WHITE)


def test_mobility_reports_reach_and_king_regions() -> None:
    board = chess.Board(WALL)
    for winner in (chess.WHITE, chess.BLACK):
        result = mobility(board, winner)
        assert isinstance(result, Mobility)
        assert not result.could_mate
        for pawn in chess.SquareSet(board.pawns):
            assert result.reachable(pawn) == chess.BB_SQUARES[pawn]  # locked for good
        assert result.king_region(chess.WHITE) & ~(
            chess.BB_RANK_1 | chess.BB_RANK_2 | chess.BB_RANK_3) == 0
        assert result.king_region(chess.BLACK) & ~(
            chess.BB_RANK_6 | chess.BB_RANK_7 | chess.BB_RANK_8) == 0
        assert result.steady == board.pawns
    free = mobility(chess.Board("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), chess.WHITE)
    assert free is not None and free.could_mate
    assert free.reachable(chess.D1) & chess.BB_CORNERS == chess.BB_CORNERS


def test_the_verdict_does_not_depend_on_colours() -> None:
    for fen in (WALL, "4k3/4p3/8/8/8/8/8/3NKN2 w - - 0 1"):
        board = chess.Board(fen)
        for color in (chess.WHITE, chess.BLACK):
            assert is_statically_unwinnable(board, color) == is_statically_unwinnable(
                board.mirror(), not color)


SEEDS = [
    chess.STARTING_FEN,
    WALL,
    "4k3/8/2p5/p1P1p1p1/P3P1P1/8/3B4/4K3 w - - 0 1",
    "2b1k3/8/8/p1p1p1p1/P1P1P1P1/8/8/2B1K3 w - - 0 1",
    "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/R3K2N w Q - 0 1",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.sampled_from(SEEDS), picks=st.lists(st.integers(0, 10_000), max_size=24))
def test_a_mate_in_one_is_never_declared_unwinnable(seed: str, picks: list[int]) -> None:
    board = chess.Board(seed)
    play_picks(board, picks)
    if board.is_checkmate():
        assert not is_statically_unwinnable(board, not board.turn)
        return
    mates = False
    for move in board.legal_moves:
        board.push(move)
        mates = board.is_checkmate()
        board.pop()
        if mates:
            break
    if mates:
        assert not is_statically_unwinnable(board, board.turn)


def _sample(path: Path, count: int) -> list[tuple[str, str]]:
    lines = [line for line in path.read_text().splitlines() if line[:2] in {
        "WB", "W-", "-B", "--"}]
    step = max(1, len(lines) // count)
    return [(line[:2], line[3:]) for line in lines[::step][:count]]


def test_sound_on_the_labelled_positions() -> None:
    """Never 'unwinnable' for a side the labels say can mate; most dead sides proved."""
    if not DATA.is_dir():
        pytest.skip(f"labelled positions not available: {DATA} is absent")
    unwinnable = proved = 0
    for name, count in (("positions-dev.txt", 200), ("lichess.txt", 120)):
        for label, fen in _sample(DATA / name, count):
            board = chess.Board(fen if len(fen.split()) > 4 else f"{fen} 0 1")
            for color, can in ((chess.WHITE, label[0] == "W"), (chess.BLACK, label[1] == "B")):
                verdict = is_statically_unwinnable(board, color)
                assert not (can and verdict), f"{fen}: {chess.COLOR_NAMES[color]} can mate"
                unwinnable += not can
                proved += verdict
    assert proved >= 0.7 * unwinnable
