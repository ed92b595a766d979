"""Article 8, the recording of the moves, on python-chess boards.

Independent of the scenario engine, which calls into it. Seed edition (2005) clauses:

* 8.1 each player records his own and his opponent's moves, correctly, move after move, in
  algebraic notation (Appendix E, see :mod:`arbiterlib.notation`); writing a move in advance
  is forbidden unless claiming a draw under 9.2 or 9.3; he may reply before recording his
  opponent's move, but must record his own previous move before making another; both
  players record a draw offer, ``(=)`` (E.12, 9.1b): :class:`Scoresheet`,
  :func:`record_move`, :func:`check_writing`, :func:`check_before_move`,
  :func:`check_entries`, :func:`check_offers`.
* 8.4 under five minutes at some stage of a period and an increment under 30 seconds: not
  obliged to record for the rest of that period; after a flag falls, update completely
  before moving: :class:`TimeControl`, :class:`Period`, :func:`exemption`.
* 8.5 who updates after a flag fall (a, b): :func:`update_duty`; reconstruction on a second
  board (c): :func:`reconstruct`.
* 8.6 counting moves for the time control when the sheets cannot show them:
  :func:`count_for_time_control`.
* 8.7 both players sign both sheets with the result, which stands even if wrong unless the
  arbiter decides otherwise: :meth:`Scoresheet.sign`, :func:`signed_result`.

Moves are numbered as on a scoresheet: a :class:`Slot` is a move number and a side. Which
half-move of a game a slot is depends on the game's first position (``board.root()``).
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import chess
import chess.pgn

from arbiterlib.clocks import format_time
from arbiterlib.editions import get_edition
from arbiterlib.errors import ArbiterError
from arbiterlib.notation import (
    AmbiguousEntryError,
    IncorrectEntryError,
    Language,
    NotationError,
    Reading,
    read_move,
    write_move,
)

__all__ = [
    "LARGE_INCREMENT",
    "LOW_TIME",
    "RESULTS",
    "Entry",
    "Exemption",
    "IssueKind",
    "Period",
    "Reconstruction",
    "ReconstructionFailure",
    "RecordOutcome",
    "RecordingIssue",
    "Scoresheet",
    "ScoresheetError",
    "SignedResult",
    "Slot",
    "Source",
    "Step",
    "TimeControl",
    "TimeControlCount",
    "TimeControlError",
    "UpdateDuty",
    "check_before_move",
    "check_entries",
    "check_offers",
    "check_writing",
    "count_for_time_control",
    "exemption",
    "is_exempt",
    "normalize_result",
    "ply_of",
    "reconstruct",
    "record_move",
    "required_before_move",
    "signed_result",
    "slot_of",
    "update_duty",
]

LOW_TIME = 300.0
"""8.4: "less than five minutes" on the clock, in seconds (exactly 5:00 is not less)."""

LARGE_INCREMENT = 30.0
"""8.4: an increment of 30 seconds or more a move keeps the duty to record."""

RESULTS = ("1-0", "0-1", "1/2-1/2")
"""Results a player may indicate when signing (8.7); ``½-½`` is read as ``1/2-1/2``."""


def _cite(concept: str) -> str:
    return get_edition().cite(concept)


def _side(color: chess.Color) -> str:
    return chess.COLOR_NAMES[color].capitalize()


class ScoresheetError(ArbiterError):
    """A scoresheet cannot be written or read as asked (bad slot, text or result)."""


class TimeControlError(ArbiterError):
    """A time control that is neither a valid string nor a valid mapping."""


# --------------------------------------------------------------------------- slots


@dataclasses.dataclass(frozen=True)
class Slot:
    """A place on a scoresheet: move ``number`` and the side (``color``) that made it."""

    number: int
    color: chess.Color

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ScoresheetError(f"move numbers start at 1, not {self.number}")

    def __str__(self) -> str:
        return f"move {self.number}, {_side(self.color)}"

    @property
    def key(self) -> tuple[int, int]:
        """A sort key: White's move before Black's of the same number."""
        return (self.number, 0 if self.color == chess.WHITE else 1)

    def next(self) -> Slot:
        """The slot after this one."""
        if self.color == chess.WHITE:
            return Slot(self.number, chess.BLACK)
        return Slot(self.number + 1, chess.WHITE)

    def label(self) -> str:
        """``12.`` for White, ``12...`` for Black, as in a movetext."""
        return f"{self.number}." if self.color == chess.WHITE else f"{self.number}..."


def slot_of(root: chess.Board, ply: int) -> Slot:
    """The slot of the ``ply``-th half-move (0 based) of a game starting at ``root``."""
    offset = ply + (0 if root.turn == chess.WHITE else 1)
    color = root.turn if ply % 2 == 0 else not root.turn
    return Slot(root.fullmove_number + offset // 2, color)


def ply_of(root: chess.Board, slot: Slot) -> int:
    """The half-move index (0 based) of ``slot`` in a game starting at ``root``; may be < 0."""
    first = 0 if root.turn == chess.WHITE else 1
    return (slot.number - root.fullmove_number) * 2 + slot.key[1] - first


# ----------------------------------------------------------------------- scoresheet


@dataclasses.dataclass(frozen=True)
class Entry:
    """What is written in one slot: the move as written and whether ``(=)`` is marked."""

    text: str = ""
    draw_offer: bool = False

    def __str__(self) -> str:
        return " ".join(part for part in (self.text, "(=)" if self.draw_offer else "") if part)


_NUMBER_RE = re.compile(r"(\d+)\.(\.\.|…)?(.*)\Z")
_GAP_TOKENS = frozenset({"-", "?", "—", "–", "_"})
_RESULT_TOKENS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2",
                  "*": "*"}


def normalize_result(result: str) -> str:
    """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"`` (``½-½`` accepted); anything else is an error."""
    value = _RESULT_TOKENS.get(result.strip().replace(" ", ""))
    if value is None or value == "*":
        raise ScoresheetError(f"unknown result {result!r} (write 1-0, 0-1 or 1/2-1/2)")
    return value


class Scoresheet:
    """One scoresheet (8.1): entries by :class:`Slot`, in a notation language, with ``(=)``.

    ``owner`` is the player who keeps it (``None``: the arbiter's or an assistant's record,
    8.5a). Entries are kept as written; reading them against a game is done by
    :func:`check_entries` and :func:`reconstruct`.
    """

    def __init__(self, owner: chess.Color | None = None,
                 language: Language | str = Language.ENGLISH) -> None:
        self.owner = owner
        self.language = Language.parse(language)
        self._entries: dict[Slot, Entry] = {}
        self.result: str | None = None
        self.signatures: set[chess.Color] = set()

    def __repr__(self) -> str:
        owner = "arbiter" if self.owner is None else chess.COLOR_NAMES[self.owner]
        return f"<Scoresheet {owner} {self.language.value} {self.movetext()!r}>"

    @property
    def holder(self) -> str:
        """``"White's scoresheet"``, ``"the arbiter's scoresheet"``: for messages."""
        if self.owner is None:
            return "the arbiter's scoresheet"
        return f"{_side(self.owner)}'s scoresheet"

    # -- reading and writing slots

    def entry(self, slot: Slot) -> Entry | None:
        """What is written in ``slot``, or ``None`` if it is blank."""
        return self._entries.get(slot)

    def __contains__(self, slot: object) -> bool:
        entry = self._entries.get(slot) if isinstance(slot, Slot) else None
        return entry is not None and bool(entry.text)

    def slots(self) -> tuple[Slot, ...]:
        """The slots with something written (a move or only ``(=)``), in order."""
        return tuple(sorted(self._entries, key=lambda slot: slot.key))

    def moves_written(self) -> tuple[Slot, ...]:
        """The slots with a move written, in order."""
        return tuple(slot for slot in self.slots() if self._entries[slot].text)

    def last_slot(self) -> Slot | None:
        """The last slot with a move written."""
        written = self.moves_written()
        return written[-1] if written else None

    def next_slot(self, first: Slot = Slot(1, chess.WHITE)) -> Slot:
        """The slot after the last move written (``first`` on a blank sheet)."""
        last = self.last_slot()
        return first if last is None else last.next()

    def gaps(self, first: Slot = Slot(1, chess.WHITE)) -> tuple[Slot, ...]:
        """Blank slots from ``first`` up to the last move written."""
        last = self.last_slot()
        found = []
        slot = first
        while last is not None and slot.key <= last.key:
            if slot not in self:
                found.append(slot)
            slot = slot.next()
        return tuple(found)

    def offers(self) -> tuple[Slot, ...]:
        """The slots marked ``(=)`` (a draw offer made with or after that move)."""
        return tuple(slot for slot in self.slots() if self._entries[slot].draw_offer)

    def write(self, slot: Slot, text: str, *, draw_offer: bool = False,
              overwrite: bool = False) -> Entry:
        """Write ``text`` (and ``(=)`` if ``draw_offer``) in ``slot``; returns the entry.

        A ``(=)`` at the end of ``text`` is taken as the draw offer mark. Writing over a move
        already there needs ``overwrite`` (a correction).
        """
        text = " ".join(text.split())
        if text.endswith("(=)"):
            text, draw_offer = text[:-3].rstrip(), True
        old = self._entries.get(slot)
        if old is not None and old.text and text and old.text != text and not overwrite:
            raise ScoresheetError(f"{self.holder}: {slot} already reads {old.text!r}")
        new_text = text or (old.text if old else "")
        entry = Entry(new_text, draw_offer or (old is not None and old.draw_offer))
        self._entries[slot] = entry
        return entry

    def mark_offer(self, slot: Slot) -> None:
        """Mark ``(=)`` at ``slot`` (E.12, 9.1b)."""
        old = self._entries.get(slot, Entry())
        self._entries[slot] = Entry(old.text, True)

    def erase(self, slot: Slot) -> None:
        """Blank ``slot`` (a crossed-out entry)."""
        self._entries.pop(slot, None)

    def record(self, text: str, *, first: Slot = Slot(1, chess.WHITE)) -> Slot:
        """Write one entry as a player would: ``"Cf3"`` goes in :meth:`next_slot`, ``"12. Cf3"``
        and ``"12... Cf6"`` in that slot, ``"(=)"`` alone marks the last move; returns the slot.
        """
        slot, body = _split_number(" ".join(text.split()))
        if body == "(=)":
            target = slot or self.last_slot()
            if target is None:
                raise ScoresheetError(f"{self.holder}: '(=)' but no move is written yet")
            self.mark_offer(target)
            return target
        if not body:
            raise ScoresheetError(f"{self.holder}: nothing to write in {text!r}")
        target = slot or self.next_slot(first)
        self.write(target, body)
        return target

    # -- signing (8.7)

    def sign(self, player: chess.Color, result: str) -> None:
        """``player`` signs this sheet, indicating ``result`` (8.7)."""
        value = normalize_result(result)
        if self.result is not None and self.result != value:
            raise ScoresheetError(f"{self.holder} already indicates {self.result}, not {value}"
                                  f" ({_cite('record.sign')})")
        self.result = value
        self.signatures.add(player)

    @property
    def is_signed(self) -> bool:
        """Whether both players have signed this sheet (8.7)."""
        return self.signatures >= {chess.WHITE, chess.BLACK}

    # -- text

    def movetext(self, first: Slot | None = None) -> str:
        """The sheet as ``1. e4 e5 2. Cf3 - 3. Ab5 (=)``: ``-`` for a blank slot."""
        written = self.slots()
        if not written:
            return self.result or ""
        slot = first or written[0]
        last = written[-1]
        parts = []
        if slot.color == chess.BLACK:
            parts.append(slot.label())
        while slot.key <= last.key:
            if slot.color == chess.WHITE:
                parts.append(slot.label())
            entry = self._entries.get(slot)
            parts.append(str(entry) if entry and entry.text else
                         ("- (=)" if entry and entry.draw_offer else "-"))
            slot = slot.next()
        if self.result:
            parts.append(self.result)
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str, owner: chess.Color | None = None,
                  language: Language | str = Language.ENGLISH, *,
                  first: Slot = Slot(1, chess.WHITE)) -> Scoresheet:
        """A sheet from a movetext: ``"1. e4 e5 2. Cf3 Cc6 (=) 3. - a6 1/2-1/2"``.

        ``N.`` and ``N...`` set the slot; ``-`` or ``?`` leave a slot blank; ``(=)`` marks the
        move before it; ``e.p.`` belongs to the move before it; a result ends the text (it
        is not a signature).
        """
        sheet = cls(owner, language)
        slot = first
        previous: Slot | None = None
        tokens = text.split()
        index = 0
        while index < len(tokens):
            token = tokens[index]
            index += 1
            numbered, body = _split_number(token)
            if numbered is not None:
                slot = numbered
                if not body:
                    continue
                token = body
            if token in _RESULT_TOKENS:
                if _RESULT_TOKENS[token] != "*":
                    sheet.result = _RESULT_TOKENS[token]
                continue
            if token == "(=)":
                if previous is None:
                    raise ScoresheetError(f"'(=)' before any move in {text!r}")
                sheet.mark_offer(previous)
                continue
            if token in ("e.p.", "ep"):
                entry = sheet.entry(previous) if previous else None
                if previous is None or entry is None or not entry.text:
                    raise ScoresheetError(f"'e.p.' without a move before it in {text!r}")
                sheet._entries[previous] = Entry(entry.text + " e.p.", entry.draw_offer)
                continue
            if token not in _GAP_TOKENS:
                sheet.write(slot, token)
            previous = slot
            slot = slot.next()
        return sheet

    @classmethod
    def from_board(cls, board: chess.Board, owner: chess.Color | None = None,
                   language: Language | str = Language.ENGLISH) -> Scoresheet:
        """A sheet with every move of ``board``'s move stack written correctly."""
        sheet = cls(owner, language)
        root = board.root()
        replay = root.copy(stack=False)
        for ply, move in enumerate(board.move_stack):
            sheet.write(slot_of(root, ply), write_move(replay, move, sheet.language))
            replay.push(move)
        return sheet

    def copy(self) -> Scoresheet:
        """An independent copy."""
        other = Scoresheet(self.owner, self.language)
        other._entries = dict(self._entries)
        other.result = self.result
        other.signatures = set(self.signatures)
        return other

    def to_game(self, start: chess.Board | str | None = None,
                headers: Mapping[str, str] | None = None) -> chess.pgn.Game:
        """The sheet as a PGN game (python-chess); every entry must read, with no gap."""
        rebuilt = reconstruct([self], start=start, max_gap=0)
        if rebuilt.failure is not None:
            raise ScoresheetError(f"{self.holder} cannot be read as a game: {rebuilt.failure}")
        game = rebuilt.to_game(headers)
        if self.result:
            game.headers["Result"] = self.result
        return game


def _split_number(token: str) -> tuple[Slot | None, str]:
    match = _NUMBER_RE.match(token)
    if not match:
        return None, token
    color = chess.BLACK if match.group(2) else chess.WHITE
    return Slot(int(match.group(1)), color), match.group(3).strip()


# ------------------------------------------------------------------- 8.1 duties


class IssueKind(enum.Enum):
    """What a player failed to do on his scoresheet."""

    MISSING = "not recorded"
    INCORRECT = "recorded incorrectly"
    IN_ADVANCE = "written in advance"
    OFFER_MISSING = "draw offer not recorded"
    NOT_UPDATED = "not updated after a flag fall"


@dataclasses.dataclass(frozen=True)
class RecordingIssue:
    """One breach of Article 8 on one sheet: where, what, the clause and the details."""

    kind: IssueKind
    slot: Slot
    clause: str
    detail: str

    def __str__(self) -> str:
        return f"{self.slot}: {self.kind.value} ({self.clause}): {self.detail}"


def required_before_move(board: chess.Board, *, exempt: bool = False,
                         flag_fallen: bool = False) -> tuple[Slot, ...]:
    """The slots the player to move must have recorded before making his move.

    8.1: every move up to his own previous one (he may reply before recording his
    opponent's last move). 8.4: none while exempt, but every move made once a flag has
    fallen (update completely before moving).
    """
    root = board.root()
    made = len(board.move_stack)
    if flag_fallen:
        upto = made
    elif exempt:
        return ()
    else:
        upto = made - 1
    return tuple(slot_of(root, ply) for ply in range(max(upto, 0)))


def check_before_move(sheet: Scoresheet, board: chess.Board, *, exempt: bool = False,
                      flag_fallen: bool = False) -> tuple[RecordingIssue, ...]:
    """What the player to move has not recorded that he must before moving (8.1, 8.4).

    ``sheet`` is his own; blank required slots are reported, in order.
    """
    if sheet.owner is not None and sheet.owner != board.turn:
        raise ScoresheetError(f"{sheet.holder} is checked before a move, but "
                              f"{_side(board.turn)} has the move")
    kind = IssueKind.NOT_UPDATED if flag_fallen and exempt else IssueKind.MISSING
    clause = _cite("record.exemption") if kind is IssueKind.NOT_UPDATED else _cite("record")
    missing = [slot for slot in required_before_move(board, exempt=exempt,
                                                     flag_fallen=flag_fallen)
               if slot not in sheet]
    issues = []
    for slot in missing:
        own = slot.color == board.turn
        if kind is IssueKind.NOT_UPDATED:
            detail = "a flag has fallen: the sheet must be updated completely before moving"
        elif own:
            detail = "his own previous move must be recorded before he makes another"
        else:
            detail = "his opponent's move was not recorded, move after move"
        issues.append(RecordingIssue(kind, slot, clause, detail))
    return tuple(issues)


def _position_before(board: chess.Board, ply: int) -> chess.Board:
    replay = board.root()
    for move in board.move_stack[:ply]:
        replay.push(move)
    return replay


def _entry_issue(sheet: Scoresheet, before: chess.Board, slot: Slot, text: str,
                 played: chess.Move) -> RecordingIssue | None:
    try:
        reading = read_move(before, text, sheet.language)
    except NotationError as error:
        return RecordingIssue(IssueKind.INCORRECT, slot, _cite("record"),
                              str(error.located(str(slot))))
    if reading.move != played:
        right = write_move(before, played, sheet.language)
        return RecordingIssue(IssueKind.INCORRECT, slot, _cite("record"),
                              f"{text!r} is not the move played, {right}")
    return None


def check_writing(sheet: Scoresheet, board: chess.Board, slot: Slot, text: str, *,
                  claim: bool = False) -> tuple[RecordingIssue, ...]:
    """Whether the owner of ``sheet`` may write ``text`` in ``slot`` now, and correctly (8.1).

    A move already made must be written as made. Writing the next move, not yet made, is
    writing in advance, allowed only to the player having the move for a 9.2/9.3 claim
    (``claim``; the claim itself is judged elsewhere). A ``(=)`` alone is always allowed.
    """
    body = text.strip()
    if body.endswith("(=)"):
        body = body[:-3].rstrip()
    if not body:
        return ()
    root = board.root()
    ply = ply_of(root, slot)
    made = len(board.move_stack)
    if ply < 0:
        return (RecordingIssue(IssueKind.INCORRECT, slot, _cite("record"),
                               "the game on this board starts later"),)
    if ply < made:
        issue = _entry_issue(sheet, _position_before(board, ply), slot, body,
                             board.move_stack[ply])
        return (issue,) if issue else ()
    allowed = (claim and ply == made and sheet.owner in (None, board.turn)
               and slot.color == board.turn)
    if allowed:
        try:
            read_move(board, body, sheet.language)
        except NotationError as error:
            return (RecordingIssue(IssueKind.INCORRECT, slot, _cite("record"),
                                   str(error.located(str(slot)))),)
        return ()
    detail = ("the move has not been made" + (
        "; only the player having the move may write his move in advance, to claim a draw "
        f"under {_cite('threefold')} or {_cite('fifty-moves')}" if ply == made else ""))
    return (RecordingIssue(IssueKind.IN_ADVANCE, slot, _cite("record"), detail),)


def check_entries(sheet: Scoresheet, board: chess.Board, *,
                  claim: bool = False) -> tuple[RecordingIssue, ...]:
    """Every written entry of ``sheet`` checked against the game on ``board`` (8.1).

    Entries of moves made must name them (tolerated departures are accepted, see
    :mod:`arbiterlib.notation`); an entry for a move not made is written in advance, except
    the claimant's written move when ``claim``.
    """
    issues: list[RecordingIssue] = []
    for slot in sheet.moves_written():
        entry = sheet.entry(slot)
        assert entry is not None
        issues.extend(check_writing(sheet, board, slot, entry.text, claim=claim))
    return tuple(issues)


def check_offers(sheet: Scoresheet, offers: Iterable[Slot]) -> tuple[RecordingIssue, ...]:
    """Draw offers (by the slot of the move they were made with) not marked ``(=)`` (8.1)."""
    marked = set(sheet.offers())
    return tuple(
        RecordingIssue(IssueKind.OFFER_MISSING, slot, _cite("record"),
                       f"both players record a draw offer with (=) ({_cite('notation.draw-offer')},"
                       f" {_cite('offer.record')})")
        for slot in sorted(set(offers), key=lambda s: s.key) if slot not in marked)


@dataclasses.dataclass(frozen=True)
class RecordOutcome:
    """What :func:`record_move` did: the slot written, the reading and any breach of 8.1."""

    slot: Slot
    entry: Entry
    issues: tuple[RecordingIssue, ...]
    reading: Reading | None = None


def record_move(sheet: Scoresheet, board: chess.Board, text: str, *,
                claim: bool = False) -> RecordOutcome:
    """The owner of ``sheet`` writes ``text`` now, in the game on ``board`` (8.1).

    ``text`` is as for :meth:`Scoresheet.record` (``"Cf3"``, ``"12... Cf6"``, ``"(=)"``);
    a bare entry goes in the sheet's next slot, counted from the game's first move. The
    entry is written even if it breaks 8.1; the breaches are returned for the arbiter.
    """
    first = slot_of(board.root(), 0)
    slot = sheet.record(text, first=first)
    entry = sheet.entry(slot)
    assert entry is not None
    issues = check_writing(sheet, board, slot, entry.text, claim=claim) if entry.text else ()
    reading = None
    ply = ply_of(board.root(), slot)
    if entry.text and not issues and 0 <= ply <= len(board.move_stack):
        reading = read_move(_position_before(board, ply), entry.text, sheet.language)
    return RecordOutcome(slot, entry, issues, reading)


# ------------------------------------------------------------- 8.4 time controls


@dataclasses.dataclass(frozen=True)
class Period:
    """One period of a time control: ``moves`` in ``seconds`` (``None``: the rest of the game),
    plus ``increment`` seconds a move."""

    moves: int | None
    seconds: float
    increment: float = 0.0

    def __post_init__(self) -> None:
        if self.moves is not None and self.moves < 1:
            raise TimeControlError(f"a period needs at least one move, not {self.moves}")
        if self.seconds <= 0 or self.increment < 0:
            raise TimeControlError("a period needs a positive time and a non-negative increment")

    def __str__(self) -> str:
        text = _minutes(self.seconds)
        return f"{self.moves}/{text}" if self.moves is not None else text


def _minutes(seconds: float) -> str:
    if seconds % 3600 == 0:
        return f"{int(seconds // 3600)}h"
    return f"{seconds / 60:g}m"


_DURATION_RE = re.compile(r"(\d+(?:\.\d+)?)(h|m|min|'|s)\Z")


def _duration(text: str, spec: str) -> tuple[float, str]:
    match = _DURATION_RE.match(text)
    if not match:
        raise TimeControlError(f"bad time control {spec!r}: {text!r} is not a time such as "
                               "90m, 2h or 30s")
    value, unit = float(match.group(1)), match.group(2)
    factor = {"h": 3600.0, "m": 60.0, "min": 60.0, "'": 60.0, "s": 1.0}[unit]
    return value * factor, "s" if unit == "s" else "m"


@dataclasses.dataclass(frozen=True)
class TimeControl:
    """The periods of a game's time control (8.4, 8.6).

    Written as a string: periods joined by ``+``, each ``[moves/]time`` with a unit (``h``,
    ``m``); a term in seconds (``30s``) is the increment a move, for every period::

        40/90m+30m        40 moves in 90 minutes, then 30 minutes for the rest
        40/90m+30m+30s    the same, with 30 seconds a move from move 1
        40/2h+20/1h+30m   three periods
        5m+3s             5 minutes for the game, 3 seconds a move

    Or as a mapping (YAML), which may also give each period its own increment::

        {periods: [{moves: 40, minutes: 90}, {minutes: 30, increment: 30}], increment: 0}
    """

    periods: tuple[Period, ...]

    def __post_init__(self) -> None:
        if not self.periods:
            raise TimeControlError("a time control needs at least one period")
        if any(period.moves is None for period in self.periods[:-1]):
            raise TimeControlError("only the last period may be for the rest of the game")

    def __str__(self) -> str:
        text = "+".join(str(period) for period in self.periods)
        increments = {period.increment for period in self.periods}
        if len(increments) == 1 and (inc := increments.pop()):
            text += f"+{inc:g}s"
        return text

    @classmethod
    def parse(cls, spec: TimeControl | str | Mapping[str, Any]) -> TimeControl:
        """A time control from its string or mapping form (see the class docstring)."""
        if isinstance(spec, TimeControl):
            return spec
        if isinstance(spec, Mapping):
            return cls._from_mapping(spec)
        if not isinstance(spec, str):
            raise TimeControlError(f"bad time control {spec!r}: expected a string or a mapping")
        periods: list[tuple[int | None, float]] = []
        increment = 0.0
        for term in spec.replace(" ", "").split("+"):
            moves_text, slash, time_text = term.rpartition("/")
            seconds, unit = _duration(time_text, spec)
            if unit == "s" and not slash:
                increment += seconds
                continue
            if unit == "s":
                raise TimeControlError(f"bad time control {spec!r}: give a period in minutes "
                                       "or hours; seconds are the increment")
            moves = None
            if slash:
                if not moves_text.isdigit():
                    raise TimeControlError(f"bad time control {spec!r}: {moves_text!r} is not "
                                           "a number of moves")
                moves = int(moves_text)
            periods.append((moves, seconds))
        return cls(tuple(Period(moves, seconds, increment) for moves, seconds in periods))

    @classmethod
    def _from_mapping(cls, spec: Mapping[str, Any]) -> TimeControl:
        raw = spec.get("periods")
        if not isinstance(raw, Sequence) or isinstance(raw, str) or not raw:
            raise TimeControlError("a time control mapping needs a list 'periods'")
        default = float(spec.get("increment", 0))
        periods = []
        for item in raw:
            if not isinstance(item, Mapping):
                raise TimeControlError(f"bad period {item!r}: expected a mapping")
            unknown = set(item) - {"moves", "minutes", "seconds", "increment"}
            if unknown:
                raise TimeControlError(f"bad period {dict(item)!r}: unknown keys "
                                       f"{', '.join(sorted(unknown))}")
            if ("minutes" in item) == ("seconds" in item):
                raise TimeControlError(f"bad period {dict(item)!r}: give minutes or seconds")
            seconds = float(item["minutes"]) * 60 if "minutes" in item else float(item["seconds"])
            moves = item.get("moves")
            periods.append(Period(None if moves is None else int(moves), seconds,
                                  float(item.get("increment", default))))
        return cls(tuple(periods))

    def period_index(self, move_number: int) -> int:
        """The period (0 based) a player's move ``move_number`` belongs to."""
        first = 1
        for index, period in enumerate(self.periods):
            if period.moves is None or move_number < first + period.moves:
                return index
            first += period.moves
        return len(self.periods) - 1

    def period(self, move_number: int) -> Period:
        """The :class:`Period` of move ``move_number``."""
        return self.periods[self.period_index(move_number)]

    def first_move(self, index: int) -> int:
        """The first move number of period ``index``."""
        return 1 + sum(period.moves or 0 for period in self.periods[:index])

    def last_move(self, index: int) -> int | None:
        """The move number that ends period ``index`` (``None``: the rest of the game)."""
        moves = self.periods[index].moves
        return None if moves is None else self.first_move(index) + moves - 1


@dataclasses.dataclass(frozen=True)
class Exemption:
    """Whether a player is exempt from 8.1 at a move, since when and until when (8.4)."""

    exempt: bool
    move_number: int
    period_index: int
    since_move: int | None = None
    until_move: int | None = None
    clause: str = "8.4"
    reason: str = ""


def exemption(time_control: TimeControl | str | Mapping[str, Any], move_number: int,
              readings: Iterable[tuple[int, float]]) -> Exemption:
    """8.4 for one player at his move ``move_number``.

    ``readings`` are his clock readings, ``(move number, seconds left)``: what his clock
    showed when he was about to make that move. He is exempt for the rest of the period if
    some reading in the same period, at or before ``move_number``, is under five minutes
    and the period's increment is under 30 seconds.
    """
    control = TimeControl.parse(time_control)
    index = control.period_index(move_number)
    period = control.periods[index]
    clause = _cite("record.exemption")
    low = sorted((number, seconds) for number, seconds in readings
                 if number <= move_number and control.period_index(number) == index
                 and seconds < LOW_TIME)
    if not low:
        return Exemption(False, move_number, index, clause=clause,
                         reason="never under five minutes in this period")
    since, seconds = low[0]
    if period.increment >= LARGE_INCREMENT:
        return Exemption(False, move_number, index, clause=clause, reason=(
            f"under five minutes ({format_time(seconds)} at move {since}), but the increment "
            f"is {period.increment:g} s a move, 30 s or more"))
    until = control.last_move(index)
    rest = f"until move {until}" if until is not None else "for the rest of the game"
    return Exemption(True, move_number, index, since, until, clause, reason=(
        f"under five minutes ({format_time(seconds)} at move {since}) with an increment "
        f"under 30 s: not obliged to record {rest}"))


def is_exempt(time_control: TimeControl | str | Mapping[str, Any], move_number: int,
              readings: Iterable[tuple[int, float]]) -> bool:
    """Whether 8.4 frees the player from recording at ``move_number`` (see :func:`exemption`)."""
    return exemption(time_control, move_number, readings).exempt


# ------------------------------------------------------------- 8.5a/b updating


@dataclasses.dataclass(frozen=True)
class UpdateDuty:
    """Who updates after a flag fall, and how (8.4, 8.5a, 8.5b)."""

    clause: str | None
    arbiter_should_record: bool
    stop_clocks_at_flag: bool
    must_update: frozenset[chess.Color]
    may_use_other_sheet: frozenset[chess.Color]
    detail: str


def update_duty(white_exempt: bool, black_exempt: bool) -> UpdateDuty:
    """8.5: the updating rules when one or both players are exempt under 8.4."""
    if white_exempt and black_exempt:
        return UpdateDuty(
            _cite("record.update.neither"), True, True, frozenset({chess.WHITE, chess.BLACK}),
            frozenset({chess.WHITE, chess.BLACK}),
            "neither player must record: the arbiter or an assistant should be present and "
            "record the moves; after a flag falls the arbiter stops the clocks and both "
            "players update their sheets from the arbiter's or the opponent's")
    if white_exempt or black_exempt:
        exempt = chess.WHITE if white_exempt else chess.BLACK
        return UpdateDuty(
            _cite("record.update.one"), False, False, frozenset({exempt}),
            frozenset({exempt}),
            f"only {_side(exempt)} is exempt: he updates his sheet completely as soon as a "
            "flag has fallen; having the move, he may use his opponent's sheet but must "
            "return it before moving")
    return UpdateDuty(None, False, False, frozenset(), frozenset(),
                      f"both players must record every move ({_cite('record')})")


# ------------------------------------------------------------- 8.5c reconstruction


class Source(enum.Enum):
    """Where a reconstructed move comes from."""

    AGREED = "every sheet that has it agrees"
    SHEET = "one sheet; the others are blank, unreadable or different"
    INFERRED = "no sheet names it; only it fits the moves after it and the final position"


@dataclasses.dataclass(frozen=True)
class Step:
    """One reconstructed move: its slot, the move, how it was found and remarks."""

    slot: Slot
    move: chess.Move
    san: str
    source: Source
    notes: tuple[str, ...] = ()
    draw_offer: bool = False


@dataclasses.dataclass(frozen=True)
class ReconstructionFailure:
    """Where and why a game cannot be rebuilt from the sheets (8.5c)."""

    slot: Slot | None
    reason: str
    candidates: tuple[chess.Move, ...] = ()

    def __str__(self) -> str:
        return f"{self.slot}: {self.reason}" if self.slot else self.reason


@dataclasses.dataclass(frozen=True)
class Reconstruction:
    """The game rebuilt from the sheets (8.5c), or as far as it can be, and why not further."""

    start_fen: str
    steps: tuple[Step, ...]
    failure: ReconstructionFailure | None = None
    clause: str = "8.5c"

    @property
    def complete(self) -> bool:
        """Whether the whole game was rebuilt, unambiguously."""
        return self.failure is None

    @property
    def moves(self) -> tuple[chess.Move, ...]:
        """The rebuilt moves (a prefix of the game when not :attr:`complete`)."""
        return tuple(step.move for step in self.steps)

    def board(self) -> chess.Board:
        """The position after the rebuilt moves, with the moves on its stack."""
        board = chess.Board(self.start_fen)
        for move in self.moves:
            board.push(move)
        return board

    def to_game(self, headers: Mapping[str, str] | None = None) -> chess.pgn.Game:
        """The rebuilt moves as a PGN game; inferred moves, disputes and (=) as comments."""
        board = chess.Board(self.start_fen)
        game = chess.pgn.Game.from_board(board)
        for key, value in (headers or {}).items():
            game.headers[key] = value
        node: chess.pgn.GameNode = game
        for step in self.steps:
            node = node.add_variation(step.move)
            comments = list(step.notes)
            if step.draw_offer:
                comments.append("draw offer (=)")
            node.comment = "; ".join(comments)
        if self.failure is not None:
            node.comment = " ".join(filter(None, [node.comment,
                                                  f"reconstruction stops: {self.failure}"]))
        return game


@dataclasses.dataclass
class _Frame:
    candidates: list[tuple[chess.Move, int]]  # each move with its cost
    gap: int  # unread moves in a row, this one included (0: read from a sheet)
    reason: str  # why the line stops here if no candidate is within the budget
    index: int = 0


def _board(value: chess.Board | str | None) -> chess.Board:
    if value is None:
        return chess.Board()
    if isinstance(value, chess.Board):
        return value.copy(stack=False)
    return chess.Board(value)


class _Kind(enum.Enum):
    BLANK = 0
    EXACT = 1
    AMBIGUOUS = 2
    WRONG_SIGN = 3
    UNREADABLE = 4


def _read_slot(sheet: Scoresheet, board: chess.Board, slot: Slot
               ) -> tuple[_Kind, tuple[chess.Move, ...], str | None]:
    """How an entry reads: its kind, the moves it allows and, if not exact, a note."""
    entry = sheet.entry(slot)
    if entry is None or not entry.text:
        return _Kind.BLANK, (), f"{sheet.holder} is blank"
    try:
        return _Kind.EXACT, (read_move(board, entry.text, sheet.language).move,), None
    except AmbiguousEntryError as error:
        return _Kind.AMBIGUOUS, error.candidates, f"{sheet.holder}: {error}"
    except IncorrectEntryError as error:
        return _Kind.WRONG_SIGN, (error.move,), f"{sheet.holder}: {error}"
    except NotationError as error:
        return _Kind.UNREADABLE, (), f"{sheet.holder}: {error}"


def _reading(sheet: Scoresheet, board: chess.Board, slot: Slot
             ) -> tuple[tuple[chess.Move, ...], str | None]:
    """The moves an entry allows and, if it is not exact, a note about it."""
    _, moves, note = _read_slot(sheet, board, slot)
    return moves, note


_SET_ASIDE = 2  # cost of a written entry the line does not follow
_WRONG_SIGN = 1  # cost of following an entry whose capture, check or e.p. sign is wrong


class _Search:
    """Depth-first search for the lines that fit the sheets at a cost of at most ``budget``:
    2 for each written entry a line does not follow, 1 for each it follows despite a wrong
    sign. Moves blank on every sheet cost nothing but are tried at most ``max_gap`` in a row.
    """

    def __init__(self, root: chess.Board, sheets: Sequence[Scoresheet], length: int,
                 shortest: int, longest: int, placement: str | None,
                 turn: chess.Color | None, max_gap: int) -> None:
        self.root = root
        self.sheets = sheets
        self.length = length
        self.shortest = shortest
        self.longest = longest
        self.placement = placement
        self.turn = turn
        self.max_gap = max_gap
        self.nodes = 0
        self.deepest: tuple[int, str] = (-1, "")
        self.exhausted = False

    def _dead(self, ply: int, reason: str) -> None:
        if ply > self.deepest[0]:
            self.deepest = (ply, reason)

    def _reached(self, board: chess.Board) -> bool:
        if self.placement is None:
            return True
        return board.board_fen() == self.placement and self.turn in (None, board.turn)

    def _frame(self, board: chess.Board, ply: int, gap: int) -> _Frame | None:
        if ply >= self.shortest and self._reached(board):
            return None
        if ply >= self.longest:
            if self.placement is not None:
                self._dead(ply, "the moves on the sheets do not lead to the position on the "
                           "board")
            return None
        if not any(True for _ in board.generate_legal_moves()):
            outcome = "checkmate" if board.is_checkmate() else "stalemate"
            self._dead(ply, f"the game was over ({outcome}) but the sheets go on")
            return None
        slot = slot_of(self.root, ply)
        readings = ([_read_slot(sheet, board, slot) for sheet in self.sheets]
                    if ply < self.length else [])
        written = [(kind, moves) for kind, moves, _ in readings if kind is not _Kind.BLANK]
        notes = [note for _, _, note in readings if note]
        usable = list(dict.fromkeys(m for _, moves in written for m in moves))
        if usable:
            costs = []
            for move in usable:
                cost = sum(0 if move in moves and kind is not _Kind.WRONG_SIGN else
                           _WRONG_SIGN if move in moves else _SET_ASIDE
                           for kind, moves in written)
                costs.append((move, cost))
            costs.sort(key=lambda item: item[1])
            return _Frame(costs, 0, "; ".join(notes) or "the entries do not fit the rest of "
                          "the game")
        why = "; ".join(notes) if ply < self.length else "the sheets end here"
        if gap >= self.max_gap:
            limit = ("no move may be left unread" if self.max_gap == 0 else
                     f"more than {self.max_gap} moves in a row would be unread")
            self._dead(ply, f"no move can be read: {why} ({limit})")
            return None
        cost = _SET_ASIDE * len(written)
        return _Frame([(move, cost) for move in board.generate_legal_moves()], gap + 1,
                      f"no move can be read: {why}")

    def run(self, budget: int, node_limit: int) -> list[list[chess.Move]]:
        board = self.root.copy(stack=False)
        path: list[chess.Move] = []
        spent: list[int] = []
        solutions: list[list[chess.Move]] = []

        def enter(gap: int) -> _Frame | None:
            frame = self._frame(board, len(path), gap)
            if frame is None and len(path) >= self.shortest and self._reached(board):
                solutions.append(list(path))
            return frame

        first = enter(0)
        stack = [first] if first is not None else []
        total = 0
        while stack and len(solutions) < 2:
            frame = stack[-1]
            if frame.index >= len(frame.candidates):
                stack.pop()
                if path:
                    board.pop()
                    path.pop()
                    total -= spent.pop()
                continue
            move, cost = frame.candidates[frame.index]
            frame.index += 1
            if total + cost > budget:
                self._dead(len(path), frame.reason)
                continue
            self.nodes += 1
            if self.nodes > node_limit:
                self.exhausted = True
                break
            board.push(move)
            path.append(move)
            spent.append(cost)
            total += cost
            child = enter(frame.gap)
            if child is not None:
                stack.append(child)
            else:
                board.pop()
                path.pop()
                total -= spent.pop()
        return solutions


def reconstruct(sheets: Sequence[Scoresheet], *, start: chess.Board | str | None = None,
                final: chess.Board | str | None = None, plies: int | None = None,
                max_gap: int = 2, max_errors: int = 2,
                node_limit: int = 200_000) -> Reconstruction:
    """Rebuild the game from the sheets (8.5c), or say where and why it cannot be rebuilt.

    The arbiter first notes the position reached (``final``: a board, a FEN, or a FEN's
    piece placement alone) and the number of moves made if known (``plies``, half-moves).
    At each move the sheets' entries are read against the position: where they agree the
    move is taken; where they disagree each reading is tried; an ambiguous entry tries each
    move it may mean, an entry with a wrong sign the move it names. Where no sheet gives a
    readable move (blank everywhere, or illegal, or not notation) every legal move is tried,
    at most ``max_gap`` moves in a row (also after the sheets end, when ``final`` shows that
    the game went on). A line may set aside at most ``max_errors`` written entries (an
    entry with a wrong sign counts half); the lines that set aside the fewest win. The game
    is rebuilt when exactly one line fits; otherwise the failure says at which move and side
    the lines stop, or part, and why.
    """
    root = _board(start)
    clause = _cite("record.reconstruct")
    written = [ply_of(root, slot) for sheet in sheets for slot in sheet.moves_written()]
    if any(ply < 0 for ply in written):
        raise ScoresheetError("a sheet has a move before the first position of the game")
    length = max(written, default=-1) + 1
    if plies is not None and plies < length:
        return Reconstruction(root.fen(), (), ReconstructionFailure(
            slot_of(root, plies), f"the sheets record moves up to {slot_of(root, length - 1)}"
            f", but only {plies} half-moves were made"), clause)
    placement: str | None = None
    turn: chess.Color | None = None
    if isinstance(final, str) and " " not in final.strip():
        placement = chess.Board(final.strip() + " w - - 0 1").board_fen()
    elif final is not None:
        target = _board(final)
        placement, turn = target.board_fen(), target.turn
    if plies is not None:
        shortest = longest = plies
    else:
        shortest = length
        longest = length + (max_gap if placement is not None else 0)
    search = _Search(root, sheets, length, shortest, longest, placement, turn, max_gap)
    solutions: list[list[chess.Move]] = []
    for budget in range(_SET_ASIDE * max_errors + 1):
        solutions = search.run(budget, node_limit)
        if solutions or search.exhausted:
            break
    if len(solutions) == 1:
        return Reconstruction(root.fen(), _steps(root, sheets, solutions[0], length), None,
                              clause)
    if len(solutions) >= 2:
        first, second = solutions
        split = next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b),
                     min(len(first), len(second)))
        position = root.copy(stack=False)
        for move in first[:split]:
            position.push(move)
        options = tuple(first[split:split + 1] + second[split:split + 1])
        slot = slot_of(root, split)
        notes = [note for sheet in sheets
                 for note in [_reading(sheet, position, slot)[1]] if note]
        names = " and ".join(position.san(m) for m in options)
        reason = (f"cannot be decided: at least {names} fit the sheets"
                  + (" and the position on the board" if placement is not None else ""))
        if notes:
            reason += " (" + "; ".join(notes) + ")"
        return Reconstruction(root.fen(), _steps(root, sheets, first[:split], length),
                              ReconstructionFailure(slot, reason, options), clause)
    ply, reason = search.deepest
    if search.exhausted:
        reason = (f"the search gave up after {node_limit} positions; deepest problem: "
                  f"{reason}" if reason else f"the search gave up after {node_limit} positions")
    stop = slot_of(root, max(ply, 0))
    prefix = _prefix_to(root, sheets, ply, length) if ply > 0 else []
    return Reconstruction(root.fen(), _steps(root, sheets, prefix, length),
                          ReconstructionFailure(stop, reason or "no line fits"), clause)


def _prefix_to(root: chess.Board, sheets: Sequence[Scoresheet], ply: int,
               length: int) -> list[chess.Move]:
    """The moves the sheets give without doubt up to ``ply`` (for a failure's report)."""
    board = root.copy(stack=False)
    moves: list[chess.Move] = []
    for index in range(min(ply, length)):
        slot = slot_of(root, index)
        found = {moves_[0] for sheet in sheets
                 for moves_ in [_reading(sheet, board, slot)[0]] if len(moves_) == 1}
        if len(found) != 1:
            break
        move = found.pop()
        moves.append(move)
        board.push(move)
    return moves


def _steps(root: chess.Board, sheets: Sequence[Scoresheet], moves: Sequence[chess.Move],
           length: int) -> tuple[Step, ...]:
    board = root.copy(stack=False)
    steps = []
    for ply, move in enumerate(moves):
        slot = slot_of(root, ply)
        notes: list[str] = []
        naming = 0
        offer = False
        for sheet in sheets:
            entry = sheet.entry(slot)
            offer = offer or bool(entry and entry.draw_offer)
            if ply >= length:
                continue
            found, note = _reading(sheet, board, slot)
            if move in found:
                naming += 1
            elif found and entry is not None:
                note = f"{sheet.holder} has {entry.text!r}, which does not fit the game"
            if note:
                notes.append(note)
        san = board.san(move)
        if naming == 0:
            source = Source.INFERRED
            notes.append(f"{san} is on no sheet: it alone fits")
        elif naming == len(sheets):
            source = Source.AGREED
        else:
            source = Source.SHEET
        steps.append(Step(slot, move, san, source, tuple(notes), offer))
        board.push(move)
    return tuple(steps)


# ------------------------------------------------------------- 8.6 time control count


@dataclasses.dataclass(frozen=True)
class TimeControlCount:
    """How many moves count as made for a time control at a flag fall (8.6)."""

    moves_made: int
    next_move: int
    overstepped: bool
    clause: str
    detail: str


def count_for_time_control(time_control: TimeControl | str | Mapping[str, Any], move_number: int, *,
                           shown: int | None = None,
                           evidence: int | None = None) -> TimeControlCount:
    """Whether a player whose flag fell at his move ``move_number`` overstepped the time.

    ``shown``: the moves his updated sheets show him to have completed when the flag fell.
    If the sheets cannot show it (``None``), 8.6: the next move made counts as the first of
    the following period (he completed the period), unless ``evidence`` shows that more
    moves were made.
    """
    control = TimeControl.parse(time_control)
    index = control.period_index(move_number)
    last = control.last_move(index)
    clause = _cite("record.time-control")
    if last is None:
        return TimeControlCount(move_number - 1, move_number, True, _cite("flag"),
                                "the flag fell in the period for the rest of the game")
    if shown is not None:
        over = shown < last
        return TimeControlCount(shown, shown + 1, over, _cite("flag"), (
            f"the sheets show {shown} moves made; the control required {last}: "
            + ("the time was overstepped" if over else "the control was reached")))
    made = last if evidence is None or evidence <= last else evidence
    detail = (f"the sheets cannot show the number of moves: the next move counts as move "
              f"{last + 1}, the first of the following period")
    if made > last:
        detail = (f"the sheets cannot show the number of moves, but there is evidence of "
                  f"{made}: the next move counts as move {made + 1}")
    return TimeControlCount(made, made + 1, False, clause, detail)


# ------------------------------------------------------------- 8.7 signing


@dataclasses.dataclass(frozen=True)
class SignedResult:
    """The result the sheets show (8.7): it stands even if wrong, unless the arbiter decides."""

    result: str | None
    complete: bool
    stands: bool
    problems: tuple[str, ...]
    clause: str


def signed_result(sheets: Sequence[Scoresheet], *, board: chess.Board | None = None,
                  arbiter_decision: str | None = None) -> SignedResult:
    """8.7: both players sign both sheets, indicating the result.

    ``complete``: every sheet shows the same result and both signatures. The signed result
    ``stands`` even if ``board`` shows otherwise (noted as a problem), unless the arbiter
    decides otherwise (``arbiter_decision``).
    """
    clause = _cite("record.sign")
    problems = []
    results = {sheet.result for sheet in sheets}
    for sheet in sheets:
        if sheet.result is None:
            problems.append(f"{sheet.holder} indicates no result")
        missing = {chess.WHITE, chess.BLACK} - sheet.signatures
        for color in sorted(missing, reverse=True):
            problems.append(f"{sheet.holder} is not signed by {_side(color)}")
    known = {result for result in results if result is not None}
    if len(known) > 1:
        problems.append("the sheets indicate different results: " + ", ".join(sorted(known)))
    result = known.pop() if len(known) == 1 else None
    if board is not None and result is not None:
        outcome = board.outcome()
        if outcome is not None and outcome.result() != result:
            problems.append(f"the board shows {outcome.result()} "
                            f"({outcome.termination.name.lower()}), the sheets {result}")
    complete = bool(sheets) and not [p for p in problems if not p.startswith("the board")]
    if arbiter_decision is not None:
        decided = normalize_result(arbiter_decision)
        problems.append(f"the arbiter decides {decided}")
        return SignedResult(decided, complete, True, tuple(problems), clause)
    return SignedResult(result, complete, result is not None, tuple(problems), clause)
