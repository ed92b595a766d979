"""What the arbiter rules at the end of a scenario: frozen results with a stable dict form.

The keys of :meth:`Ruling.to_dict` are a public contract (casebooks, exercises and outside
tools read them): new keys may be added, none renamed.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import chess

from arbiterlib.clocks import ChessClock, format_time
from arbiterlib.offers import OfferTiming


class Reason(enum.Enum):
    """Why the game ended (the ruling's ``reason`` keyword)."""

    THREEFOLD = "threefold"
    FIFTY_MOVES = "fifty-moves"
    AGREEMENT = "agreement"
    DEAD_POSITION = "dead-position"
    FIVEFOLD = "fivefold"
    SEVENTY_FIVE_MOVES = "seventy-five-moves"
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    FLAG = "flag"
    ILLEGAL_MOVES = "illegal-moves"


class OfferStatus(enum.Enum):
    """What became of a draw offer (9.1a: it stands until accepted, rejected, or the game
    is concluded in some other way)."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    LAPSED = "lapsed"
    """Still standing when the game was concluded in some other way (9.1a)."""


def color_name(color: chess.Color) -> str:
    return chess.COLOR_NAMES[color]


@dataclasses.dataclass(frozen=True)
class Obligation:
    """The only moves the player to move may still make, and the clause that says so."""

    moves: tuple[str, ...]  # sorted UCI
    article: str

    @classmethod
    def of(cls, moves: set[chess.Move] | frozenset[chess.Move], article: str) -> Obligation:
        return cls(tuple(sorted(m.uci() for m in moves)), article)

    def allows(self, move: chess.Move) -> bool:
        return move.uci() in self.moves

    def sans(self, board: chess.Board) -> list[str]:
        """The allowed moves in SAN on ``board`` (the position the obligation is for)."""
        return [board.san(chess.Move.from_uci(uci)) for uci in self.moves]

    def to_dict(self) -> dict[str, Any]:
        return {"moves": list(self.moves), "article": self.article}


@dataclasses.dataclass(frozen=True)
class ClaimRecord:
    by: chess.Color
    rule: str
    correct: bool
    article: str

    def to_dict(self) -> dict[str, Any]:
        return {"by": color_name(self.by), "rule": self.rule, "correct": self.correct,
                "article": self.article}


@dataclasses.dataclass(frozen=True)
class Offer:
    """A draw offer: who made it, what became of it, and when it was made (9.1a, 9.1c)."""

    by: chess.Color
    status: OfferStatus
    timing: OfferTiming

    def answered(self, status: OfferStatus) -> Offer:
        return dataclasses.replace(self, status=status)

    def to_dict(self) -> dict[str, Any]:
        return {"by": color_name(self.by), "status": self.status.value,
                "timing": self.timing.value}


@dataclasses.dataclass(frozen=True)
class Violation:
    by: chess.Color
    article: str
    event: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"by": color_name(self.by), "article": self.article, "event": self.event}


@dataclasses.dataclass(frozen=True)
class Statement:
    """What the arbiter says about one event (``event`` None: about the scenario as a whole)."""

    event: int | None
    articles: tuple[str, ...]
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.event, "articles": list(self.articles), "text": self.text}


@dataclasses.dataclass(frozen=True)
class Ruling:
    """The state of the game after every event, as the arbiter rules it."""

    laws: str
    fen: str
    turn: chess.Color
    result: str | None
    reason: Reason | None
    clocks: ChessClock | None
    obligation: Obligation | None
    claims: tuple[ClaimRecord, ...]
    offer: Offer | None
    violations: tuple[Violation, ...]
    rulings: tuple[Statement, ...]
    #: What each player's scoresheet shows (``scoresheets: true`` only), as movetext.
    scoresheets: tuple[str, str] | None = None
    #: The result each player signed (8.7), white then black; ``None`` if nobody signed.
    signed: tuple[str | None, str | None] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "laws": self.laws,
            "fen": self.fen,
            "turn": color_name(self.turn),
            "result": self.result,
            "reason": self.reason.value if self.reason else None,
            "clocks": self.clocks.to_dict() if self.clocks else None,
            "obligation": self.obligation.to_dict() if self.obligation else None,
            "claims": [c.to_dict() for c in self.claims],
            "offer": self.offer.to_dict() if self.offer else None,
            "violations": [v.to_dict() for v in self.violations],
            "rulings": [s.to_dict() for s in self.rulings],
            "scoresheets": None if self.scoresheets is None else {
                "white": self.scoresheets[0], "black": self.scoresheets[1]},
            "signed": None if self.signed is None else {
                "white": self.signed[0], "black": self.signed[1]},
        }

    def facts(self) -> list[tuple[str, str]]:
        """The ruling's key facts in words, as (label, text): the result, the clocks, and
        the moves owed (in SAN, with the clause)."""
        result = self.result or "the game continues"
        if self.reason:
            result += f" ({self.reason.value})"
        facts = [("Result", result)]
        if self.clocks:
            facts.append(("Clocks", f"White {format_time(self.clocks.white)},"
                                    f" Black {format_time(self.clocks.black)}"))
        if self.obligation:
            board = chess.Board(self.fen)
            moves = ", ".join(self.obligation.sans(board))
            facts.append((f"{color_name(board.turn).capitalize()} must play",
                          f"{moves} ({self.obligation.article})"))
        return facts

    def summary(self) -> str:
        """A short human-readable ruling with clause citations (the CLI's default output)."""
        lines = [f"[event {s.event}] {s.text}" if s.event is not None else s.text
                 for s in self.rulings]
        lines += [f"{label}: {text}." for label, text in self.facts()]
        lines.append(f"{color_name(self.turn).capitalize()} to move.")
        lines += [f"Violation by {color_name(v.by)}: {v.article} (event {v.event})."
                  for v in self.violations]
        return "\n".join(lines)
