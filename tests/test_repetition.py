"""The 9.2 identity of positions, checked against python-chess's own repetition detection."""

from __future__ import annotations

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiterlib.repetition import RepetitionTable, position_key


def test_legal_en_passant_is_part_of_the_position() -> None:
    board = chess.Board("1n2k3/3p4/8/4P3/8/8/8/1N2K3 b - - 0 1")
    board.push_san("d5")
    first = position_key(board)
    for san in ["Nc3", "Nc6", "Nb1", "Nb8"]:
        board.push_san(san)
    assert board.board_fen() == chess.Board(first.placement + " w - - 0 1").board_fen()
    assert position_key(board) != first


def test_en_passant_that_was_never_legal_is_not() -> None:
    board = chess.Board("1n2k3/3p4/8/r3P2K/8/8/8/1N6 b - - 0 1")
    board.push_san("d5")
    first = position_key(board)
    assert first.en_passant is None
    for san in ["Nc3", "Nc6", "Nb1", "Nb8"]:
        board.push_san(san)
    assert position_key(board) == first


def test_table_counts_and_forgets() -> None:
    board = chess.Board()
    table = RepetitionTable(position_key(board))
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
        board.push_san(san)
        table.push(position_key(board))
    assert table.count(table.current) == 2
    assert table.plies(table.current) == [0, 4]
    assert table.repeated() == [(table.current, 2)]
    table.pop()
    assert table.count(position_key(chess.Board())) == 1
    assert len(table) == 4


SHUFFLE_FEN = "r3k1n1/8/8/8/8/8/8/R3K1N1 w Qq - 0 1"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=40))
def test_table_agrees_with_python_chess(choices: list[int]) -> None:
    """A random walk of few pieces repeats often; the table must agree with python-chess."""
    board = chess.Board(SHUFFLE_FEN)
    table = RepetitionTable(position_key(board))
    for choice in choices:
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        board.push(moves[choice % len(moves)])
        table.push(position_key(board))
        for times in (2, 3):
            assert (table.count(table.current) >= times) == board.is_repetition(times)
