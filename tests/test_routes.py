"""Guided helpmates in large locked positions (Articles 6.9 and 9.6): arbiterlib.routes."""

from __future__ import annotations

import chess
import pytest
from conftest import found_mate, mates, side
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiterlib.routes import find_helpmate_in_locked_position

NODES = 1000


#: Locked positions (9 men or more) that the other searches leave open within their
#: budget; the side that can mate first.
LOCKED = [
    ("white", "7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - -"),  # the bishops self-block
    ("black", "8/4kb2/8/1p1p1p1p/1P1P1P1P/1bB5/3B1K2/8 b - -"),
    ("white", "k7/1b6/2b5/3b4/4b3/1pB2b2/pP4b1/K6b w - -"),  # a long king walk
    ("white", "4k3/4b3/3p1p2/3PbP2/3pBp2/3P1P2/4B3/4K3 b - -"),
    ("black", "4k3/8/4K3/1p1p1p1p/1P1P1P1P/8/8/8 w - -"),  # pawns taken, one promotes
    ("black", "8/8/4k3/4p3/p1p3p1/P1P1P1P1/4K3/8 b - -"),
    ("white", "4k3/2p3p1/1pPp1pPp/pP1PpP1P/P3P2R/8/3K2BR/7R w - -"),
    ("black", "2b1b1bk/1p3p1b/1Pp2Pp1/2Pp2P1/3Pp3/B3PpP1/5P2/K1B1B3 w - -"),
    ("white", "k1b1b1b1/7b/8/BpBpBpBp/1PbP1PpP/6P1/6P1/K1B5 w - -"),
    ("white", "3b4/4p1p1/1p1pP1P1/1P1PpBp1/1pBpP1P1/1P1P4/4K1P1/2k5 w - -"),  # g3 mates
]


@pytest.mark.parametrize(("name", "fen"), LOCKED)
def test_locked_positions_are_mated(name: str, fen: str) -> None:
    board, _ = found_mate(find_helpmate_in_locked_position, name, fen, NODES)
    assert board.fen() == fen + " 0 1", "the board is left alone"


@pytest.mark.parametrize(("name", "fen"), [
    ("white", "4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/8/4K3 b - -"),  # a dead blocked wall
    ("black", "4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/8/4K3 b - -"),
    ("white", "8/8/8/4k3/8/8/8/4K3 w - -"),  # bare kings
    ("white", "4k3/8/8/8/8/8/8/2B1K1B1 w - -"),  # bishops on one colour
])
def test_no_mate_is_none(name: str, fen: str) -> None:
    assert find_helpmate_in_locked_position(chess.Board(fen + " 0 1"), side(name),
                                            nodes=NODES) is None


def test_mate_on_the_board_and_no_budget() -> None:
    mated = chess.Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    assert find_helpmate_in_locked_position(mated, chess.WHITE, nodes=10) == []
    assert find_helpmate_in_locked_position(mated, chess.BLACK, nodes=10) is None
    board = chess.Board(LOCKED[0][1] + " 0 1")
    assert find_helpmate_in_locked_position(board, chess.WHITE, nodes=0) is None


_MEN = "PPPPNBRQppppnbrq"


@st.composite
def positions(draw: st.DrawFn) -> chess.Board:
    squares = draw(st.lists(st.integers(0, 63), min_size=4, max_size=14, unique=True))
    board = chess.Board(None)
    board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
    board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
    for square in squares[2:]:
        symbol = draw(st.sampled_from(_MEN))
        if symbol in "Pp" and chess.square_rank(square) in (0, 7):
            continue
        board.set_piece_at(square, chess.Piece.from_symbol(symbol))
    board.turn = draw(st.booleans())
    return board


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.booleans())
def test_any_line_replays_to_mate(board: chess.Board, winner: bool) -> None:
    if not board.is_valid():
        return
    before = board.fen()
    line = find_helpmate_in_locked_position(board, winner, nodes=300)
    assert board.fen() == before
    if line is not None:
        assert mates(board, line, winner)
