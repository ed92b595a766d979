"""The running table of positions for repetition claims (Article 9.2, 2005).

Positions are "the same" (9.2) when the same player has the move, pieces of the same
kind and colour stand on the same squares, and the possible moves of all the pieces of
both players are the same: a pawn that could be captured en passant and no longer can,
or a changed right to castle, makes the positions different. An en-passant capture that
was never legal changes nothing. The key below is built from python-chess's public
position data to say exactly that.

The table is kept incrementally while a game is replayed (push a key per move, pop it
when a move is taken back), so a claim never replays the history.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import chess


@dataclasses.dataclass(frozen=True)
class PositionKey:
    """What makes two positions the same under Article 9.2."""

    placement: str
    turn: chess.Color
    castling_rights: chess.Bitboard
    en_passant: chess.Square | None


def position_key(board: chess.Board) -> PositionKey:
    """The 9.2 identity of ``board``'s position (only a *legal* en-passant capture counts)."""
    return PositionKey(
        placement=board.board_fen(),
        turn=board.turn,
        castling_rights=board.clean_castling_rights(),
        en_passant=board.ep_square if board.has_legal_en_passant() else None,
    )


class RepetitionTable:
    """How often each position has stood on the board, in order of appearance (9.2)."""

    def __init__(self, first: PositionKey) -> None:
        self._history: list[PositionKey] = [first]
        self._counts: Counter[PositionKey] = Counter({first: 1})

    def push(self, key: PositionKey) -> int:
        """Record that ``key`` has just appeared; returns how often it has now appeared."""
        self._history.append(key)
        self._counts[key] += 1
        return self._counts[key]

    def pop(self) -> PositionKey:
        """Forget the last position (its move was taken back)."""
        if len(self._history) == 1:
            raise IndexError("cannot pop the starting position")
        key = self._history.pop()
        self._counts[key] -= 1
        return key

    def count(self, key: PositionKey) -> int:
        """How often ``key`` has appeared so far."""
        return self._counts[key]

    def plies(self, key: PositionKey) -> list[int]:
        """The plies (0 = the start) at which ``key`` appeared."""
        return [ply for ply, seen in enumerate(self._history) if seen == key]

    @property
    def current(self) -> PositionKey:
        return self._history[-1]

    def __len__(self) -> int:
        return len(self._history)

    def repeated(self, at_least: int = 2) -> list[tuple[PositionKey, int]]:
        """Positions seen ``at_least`` times, in order of first appearance, with counts."""
        seen: dict[PositionKey, int] = {}
        for key in self._history:
            if self._counts[key] >= at_least:
                seen.setdefault(key, self._counts[key])
        return list(seen.items())
