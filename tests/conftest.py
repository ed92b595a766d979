"""Shared test fixtures and helpers. Real data lives in ../shared/data beside the clone;
tests skip without it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import chess
import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    """The ``../shared/data`` folder, or a clean skip when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"real data not available: {SHARED_DATA} is absent")
    return SHARED_DATA


def side(name: str) -> chess.Color:
    """The colour called ``name`` ("white" or "black") in the test tables."""
    return chess.WHITE if name == "white" else chess.BLACK


def found_mate(search: Callable[..., list[chess.Move] | None], name: str, fen: str,
               nodes: int) -> tuple[chess.Board, list[chess.Move]]:
    """Run the helpmate ``search`` for the side ``name`` on ``fen`` (4 fields) within
    ``nodes``, and check that it finds a line that mates; the start board and the line."""
    board = chess.Board(fen + " 0 1")
    line = search(board, side(name), nodes=nodes)
    assert line is not None, fen
    assert mates(board, line, side(name)), fen
    return board, line


def play_picks(board: chess.Board, picks: list[int]) -> chess.Board:
    """Play on ``board`` the legal moves that hypothesis' ``picks`` choose (each taken
    modulo the number of legal moves), stopping when the game is over; the board."""
    for pick in picks:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[pick % len(moves)])
    return board


def mates(start: chess.Board, line: list[chess.Move], winner: chess.Color) -> bool:
    """Whether ``line`` replays legally from ``start`` and ends with ``winner`` mating."""
    board = start.copy()
    for move in line:
        assert board.is_legal(move), f"illegal {move} in {board.fen()}"
        board.push(move)
    return board.is_checkmate() and board.turn != winner
