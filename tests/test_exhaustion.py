"""Every arrangement of the men that can follow (Articles 9.6 and 6.9): arbiterlib.exhaustion."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest
from conftest import play_picks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiterlib import exhaustion
from arbiterlib.exhaustion import cannot_mate_before_exhaustion, mating_line
from arbiterlib.helpmate import replays_to_mate

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "dead"

NODES = 20_000


def _proves(fen: str, winner: chess.Color, nodes: int = NODES) -> bool:
    return cannot_mate_before_exhaustion(chess.Board(fen), winner, nodes=nodes)


# Kings shut in for ever, only pawn moves left: every line ends in stalemate or a locked
# position before any pawn can promote into a mating piece.
SHUT_IN = [
    # White's Kh1 never moves (g2, h2, g3 locked); Black's king roams.
    "k7/p1p1p3/8/8/P1P5/4P1p1/6Pp/7K w - - 0 1",
    # Black's Kb8 is boxed in for ever by the b-pawns (and the bishop they hold in).
    "1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 b - - 0 1",
    # White's Ka3 is shut in by its own pawns and the pawn on b5.
    "4k3/5p1p/8/1p6/1P6/KP6/PP3P1P/8 w - - 0 1",
    # Black's Ka8 behind its own bishops; the c-pawns lock.
    "kb6/b1p2p1p/1pP5/1P6/8/8/5P1P/5K2 w - - 0 1",
    # Both kings roam, but only behind a locked chain: nothing can ever be taken.
    "k7/8/p1p3p1/2P1p1Pp/PpP1Pp2/1P1K1p1P/5P2/8 w - - 0 1",
]


@pytest.mark.parametrize("fen", SHUT_IN)
def test_shut_in_kings_are_proved_for_both_sides(fen: str) -> None:
    assert _proves(fen, chess.WHITE)
    assert _proves(fen, chess.BLACK)


@pytest.mark.parametrize(("fen", "winner"), [
    # As the first shut-in position, without Black's e-pawn: White's e-pawn promotes.
    ("k7/p1p5/8/8/P1P5/4P1p1/6Pp/7K w - - 0 1", chess.WHITE),
    # Black's king eats a white pawn in time and a black pawn queens with mate on the
    # first rank (the walk finds these mates well within its budget).
    ("k7/p1p1p3/8/8/P7/6p1/2P1P1Pp/7K w - - 0 1", chess.BLACK),
    ("5k2/p1p5/8/8/4p3/6p1/P1P1P1Pp/7K w - - 0 1", chess.BLACK),
    ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", chess.WHITE),  # KQ v K
    ("k7/8/1K6/8/8/8/8/1Q6 w - - 0 1", chess.WHITE),  # mate in one
    ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", chess.WHITE),  # castling rights: not modelled
])
def test_positions_with_a_mate_are_never_proved(fen: str, winner: chess.Color) -> None:
    assert not _proves(fen, winner, nodes=3 * NODES)


def test_finished_games_and_lone_kings() -> None:
    fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w - - 1 3"
    assert not _proves(fools_mate, chess.BLACK)  # the mate is on the board
    assert _proves(fools_mate, chess.WHITE)  # the game is over
    assert _proves("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", chess.WHITE)  # stalemate
    assert _proves("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", chess.BLACK)  # a bare king
    assert _proves("4k3/8/8/8/8/8/8/4K3 w - - 0 1", chess.WHITE)


def test_a_spent_budget_is_not_a_proof() -> None:
    fen = SHUT_IN[0]
    assert not _proves(fen, chess.WHITE, nodes=50)
    assert _proves(fen, chess.WHITE, nodes=NODES)


def test_a_larger_allowance_proves_more() -> None:
    # Black's Kb8 never moves; White's king must not let its pawns run out of moves
    # first. The walk closes between 12,000 and 14,000 nodes (dead's larger allowance).
    fen = "1k6/1P5p/BP6/pPp4p/8/8/P1P4P/7K b - - 0 1"
    assert not _proves(fen, chess.BLACK, nodes=12_000)
    assert _proves(fen, chess.BLACK, nodes=14_000)
    assert _proves(fen, chess.WHITE, nodes=14_000)


def test_one_walk_answers_both_colours_alike_in_either_order() -> None:
    from arbiterlib import exhaustion

    board = chess.Board(SHUT_IN[2])
    answers = []
    for order in ((chess.WHITE, chess.BLACK), (chess.BLACK, chess.WHITE)):
        exhaustion._WALKS.clear()
        answers.append({color: cannot_mate_before_exhaustion(board, color, nodes=NODES)
                        for color in order})
    assert answers[0] == answers[1] == {chess.WHITE: True, chess.BLACK: True}


def _fresh(fen: str, winner: chess.Color, nodes: int) -> bool:
    exhaustion._WALKS.clear()
    return _proves(fen, winner, nodes)


@pytest.mark.parametrize(("fen", "nodes"), [
    # Black's mate turns up first; the walk goes on from there for White.
    ("8/5p2/5p2/5p1p/k4p2/1p1p1PpP/1P1P2P1/K7 b - - 0 1", 12_000),
    # Both colours proved by one walk.
    (SHUT_IN[0], NODES),
    # The budget runs out: neither colour is proved, in either order.
    ("k7/p1p1p3/8/8/8/P1P1P1p1/6Pp/7K w - - 0 1", 4_000),
])
def test_a_kept_walk_answers_as_fresh_walks_do(fen: str, nodes: int) -> None:
    fresh = {color: _fresh(fen, color, nodes) for color in chess.COLORS}
    for order in ((chess.WHITE, chess.BLACK), (chess.BLACK, chess.WHITE)):
        exhaustion._WALKS.clear()
        assert {color: _proves(fen, color, nodes) for color in order} == fresh
    # The mate the kept walk reached for the first colour is still rebuilt.
    exhaustion._WALKS.clear()
    for color in chess.COLORS:
        _proves(fen, color, nodes)
    for color in chess.COLORS:
        if exhaustion.has_reached_mate(chess.Board(fen), color):
            line = mating_line(chess.Board(fen), color, nodes=nodes)
            assert line is not None and replays_to_mate(chess.Board(fen), line, color)


def test_the_walk_goes_on_for_the_other_colour_after_a_mate() -> None:
    fen = "8/5p2/5p2/5p1p/k4p2/1p1p1PpP/1P1P2P1/K7 b - - 0 1"
    assert not _fresh(fen, chess.BLACK, 12_000)  # Black's mate stops the walk early
    kept = exhaustion._WALKS[chess.Board(fen).epd(), False]
    assert not kept.complete and chess.WHITE not in kept.walk.mating and kept.walk.nodes > 10_000
    assert not _proves(fen, chess.WHITE, 12_000)  # White's answer: the same walk, on
    assert kept.walk.nodes < 0 and exhaustion._WALKS[chess.Board(fen).epd(), False] is kept


def test_a_walk_goes_on_with_more_nodes_as_a_fresh_walk_would() -> None:
    # The walk stops between arrangements; asked again with a larger allowance it goes
    # on, without repeating its work, to the answer a fresh walk of that size gives.
    fen = "k7/p1p1p3/8/8/8/P1P1P1p1/6Pp/7K w - - 0 1"  # closes near 19,500 nodes
    assert not _fresh(fen, chess.WHITE, 4_000)
    kept = exhaustion._WALKS[chess.Board(fen).epd(), False]
    assert _proves(fen, chess.WHITE, 24_000)
    assert _proves(fen, chess.BLACK, 24_000)  # the same walk settled both
    walked = 24_000 - kept.walk.nodes
    assert _fresh(fen, chess.WHITE, 24_000)
    assert 24_000 - exhaustion._WALKS[chess.Board(fen).epd(), False].walk.nodes == walked


def test_king_room_tells_a_shut_in_king_from_roaming_kings() -> None:
    assert exhaustion.king_room(chess.Board("8/8/8/8/8/8/8/8 w - - 0 1")) == 0.0  # no walk
    shut_in = chess.Board(SHUT_IN[0])  # White's Kh1 never moves
    cannot_mate_before_exhaustion(shut_in, chess.WHITE, nodes=4_000)
    assert exhaustion.king_room(shut_in) < 2
    roaming = chess.Board("4k3/8/3pBp2/3PbP2/3pBp2/3PbP2/8/4K3 w - - 0 1")
    cannot_mate_before_exhaustion(roaming, chess.WHITE, nodes=4_000)
    assert exhaustion.king_room(roaming) > 16


def test_what_the_walk_models() -> None:
    assert exhaustion.is_modelled(chess.Board(SHUT_IN[0]))
    assert not exhaustion.is_modelled(chess.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"))
    assert not exhaustion.is_modelled(chess.Board("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"))
    assert not exhaustion.has_reached_mate(chess.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"),
                                           chess.WHITE)


def test_positions_it_does_not_model_are_not_proved() -> None:
    board = chess.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    board.remove_piece_at(chess.E8)
    assert not cannot_mate_before_exhaustion(board, chess.WHITE, nodes=NODES)


# Winnable sides the walk reaches a mate for: the mate rebuilt as legal moves.
REBUILT = [
    ("8/5p2/5p2/5p1p/k4p2/1p1p1PpP/1P1P2P1/K7 b - - 0 1", chess.BLACK),
    ("1k6/1P1p3p/BP3p2/1P1P3p/8/5P2/6KP/8 b - - 0 1", chess.WHITE),
    ("8/5k2/8/8/5p1p/2p1pP1P/2PpP1B1/3B2KB b - - 0 1", chess.BLACK),
]


@pytest.mark.parametrize(("fen", "winner"), REBUILT)
def test_a_mate_the_walk_reaches_is_rebuilt_as_legal_moves(fen: str, winner: bool) -> None:
    board = chess.Board(fen)
    line = mating_line(board, winner, nodes=12_000)
    assert line is not None
    assert replays_to_mate(board, line, winner)
    assert not cannot_mate_before_exhaustion(board, winner, nodes=12_000)


def test_no_line_where_no_mate_is_reached() -> None:
    assert mating_line(chess.Board(SHUT_IN[0]), chess.WHITE, nodes=NODES) is None
    assert mating_line(chess.Board(SHUT_IN[0]), chess.WHITE, nodes=50) is None  # budget
    board = chess.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")  # castling: not modelled
    assert mating_line(board, chess.WHITE, nodes=NODES) is None


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(SHUT_IN + [fen for fen, _ in REBUILT]),
       picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=12))
def test_a_move_of_a_man_gives_the_arrangement_python_chess_plays(
        start: str, picks: list[int]) -> None:
    board = chess.Board(start)
    play_picks(board, picks)
    kings = board.copy(stack=False)
    for square in chess.scan_forward(kings.kings):
        kings.remove_piece_at(square)
    key = exhaustion._key(kings)
    arrangement = exhaustion._board(key)
    for move in arrangement.generate_pseudo_legal_moves():
        arrangement.push(move)
        assert exhaustion._played(key, move) == exhaustion._key(arrangement)
        arrangement.pop()


# --- properties ---------------------------------------------------------------------------

QUICK = [SHUT_IN[4], SHUT_IN[1]]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(QUICK), winner=st.booleans(),
       picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=6))
def test_a_proof_holds_after_any_move_and_for_the_mirrored_board(
        start: str, winner: bool, picks: list[int]) -> None:
    # Whatever can follow a position that cannot end in mate cannot either; and the
    # question does not depend on which colour plays White.
    board = chess.Board(start)
    assert cannot_mate_before_exhaustion(board, winner, nodes=NODES)
    play_picks(board, picks)
    assert cannot_mate_before_exhaustion(board, winner, nodes=2 * NODES)
    assert cannot_mate_before_exhaustion(board.mirror(), not winner, nodes=2 * NODES)


# --- the real data (skipped when ../shared/data is absent) --------------------------------


def _labelled(path: Path) -> list[tuple[str, str]]:
    rows = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append((line[:2], line[3:].strip()))
    return rows


@pytest.mark.skipif(not DATA.is_dir(), reason=f"real data not available: {DATA} is absent")
def test_never_proved_where_the_labels_say_mate_is_possible() -> None:
    rows = _labelled(DATA / "positions-dev.txt")[::25] + _labelled(DATA / "lichess.txt")[::2048]
    unsound: list[str] = []
    proved = unwinnable = 0
    for label, fen in rows:
        board = chess.Board(fen if len(fen.split()) > 4 else fen + " 0 1")
        for color, letter, can in ((chess.WHITE, "W", label[0]), (chess.BLACK, "B", label[1])):
            answer = cannot_mate_before_exhaustion(board, color, nodes=1_000)
            if can == letter:
                if answer:
                    unsound.append(f"{label} {fen} ({letter})")
            else:
                unwinnable += 1
                proved += answer
    assert unsound == []
    assert proved >= unwinnable // 2, f"proved {proved}/{unwinnable}"


# From the development file: mates 14 and 61 plies away that the walk nearest the start
# first does not reach within 8,000 nodes.
FAR = [
    ("8/p1p1p3/8/8/8/6p1/P1P1P1Pp/k6K w - - 0 1", chess.BLACK),
    ("8/5p1p/k4p2/1p1p1PpP/1P1P2P1/8/8/K7 b - - 0 1", chess.BLACK),
]


@pytest.mark.parametrize(("fen", "winner"), FAR)
def test_an_eager_walk_reaches_far_mates_the_plain_walk_does_not(
        fen: str, winner: chess.Color) -> None:
    board = chess.Board(fen)
    exhaustion._WALKS.clear()
    assert mating_line(board, winner, nodes=8_000) is None
    assert not exhaustion.has_reached_mate(board, winner)
    line = mating_line(board, winner, nodes=8_000, eager=True)
    assert line is not None and replays_to_mate(board, line, winner)
    assert not cannot_mate_before_exhaustion(board, winner, nodes=8_000, eager=True)


def test_a_mate_no_line_leads_to_is_set_aside_for_the_next() -> None:
    # The eager walk's first mate for White here cannot be reached by legal moves; the
    # walk goes on to one that can (116 plies).
    board = chess.Board("2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - - 0 1")
    exhaustion._WALKS.clear()
    line = mating_line(board, chess.WHITE, nodes=8_000, eager=True)
    assert line is not None and replays_to_mate(board, line, chess.WHITE)
    assert chess.WHITE in exhaustion._WALKS[board.epd(), True].walk.dropped


def test_a_mate_set_aside_is_never_taken_for_a_proof() -> None:
    # Set every mate of KQ v K aside: the walk runs to its end and finds no more, yet
    # White is not proved unable to mate.
    board = chess.Board("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    for eager in (False, True):
        exhaustion._WALKS.clear()
        assert not cannot_mate_before_exhaustion(board, chess.WHITE, nodes=NODES, eager=eager)
        kept = exhaustion._WALKS[board.epd(), eager]
        while chess.WHITE in kept.walk.mating:
            kept.walk.drop(chess.WHITE)
            kept.complete = kept.walk.run()
        assert kept.complete and chess.WHITE in kept.walk.dropped
        assert not cannot_mate_before_exhaustion(board, chess.WHITE, nodes=NODES, eager=eager)
        # A mate set aside still counts as reached (it may be a phantom of the walk's).
        assert exhaustion.has_reached_mate(board, chess.WHITE) is not eager
        assert mating_line(board, chess.WHITE, nodes=NODES, eager=eager) is None


@pytest.mark.parametrize(("fen", "winner"), REBUILT + FAR)
def test_every_step_of_a_rebuilt_line_keeps_to_pairs_that_lead_to_the_mate(
        fen: str, winner: chess.Color) -> None:
    # The pairs are found backwards from the mate with exact rules, and the line keeps to
    # them: every position on it is one from which the walk's moves lead to the mate.
    board = chess.Board(fen)
    exhaustion._WALKS.clear()
    line = mating_line(board, winner, nodes=12_000, eager=True)
    assert line is not None
    kept = exhaustion._WALKS[board.epd(), True]
    layers = kept.walk.layers(winner)
    index = kept.walk.index

    def distance(position: chess.Board) -> int | None:
        key, white, black = exhaustion._arrangement(position)
        square, other = (white, black) if index == chess.WHITE else (black, white)
        return next((moves for moves, pairs in layers.get(key, ())
                     if pairs.get(square, 0) >> other & 1), None)

    seen = []
    for move in line:
        seen.append(distance(board))
        board.push(move)
    seen.append(distance(board))
    assert None not in seen and seen[-1] == 0 and board.is_checkmate()
