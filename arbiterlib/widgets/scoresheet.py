"""The scoresheet trainer (Article 8): a paper scoresheet beside the game, in a chosen
language, each entry marked correct, wrong or missing against the moves made.

The marks, the clauses and the messages come from :mod:`arbiterlib.scoresheet` (8.1 duties)
and :mod:`arbiterlib.notation` (Appendix E); this module only lays them out.
"""

from __future__ import annotations

import dataclasses
import enum
import html
import re
from collections.abc import Iterable, Mapping
from typing import Any

import chess
import ipywidgets

from arbiterlib import scoresheet
from arbiterlib.editions import get_edition
from arbiterlib.engine import iter_movetext, start_board
from arbiterlib.errors import ArbiterError
from arbiterlib.notation import Language, read_move, write_move
from arbiterlib.scoresheet import IssueKind, RecordingIssue, Scoresheet, Slot
from arbiterlib.widgets.common import LessonBox, board_svg

__all__ = ["LANGUAGES", "Cell", "ScoresheetTrainer", "Status"]

#: The languages offered, as ``(label, code)`` pairs for a dropdown.
LANGUAGES = tuple((language.label, language.value) for language in Language)

_LABEL_RE = re.compile(r"(\d+)\s*(\.\.\.|…|\.)\Z")
_OFFER_ONLY_RE = re.compile(r"(\d+\s*(\.\.\.|…|\.)\s*)?\(=\)")


class Status(enum.Enum):
    """How one slot of the sheet stands against the game."""

    CORRECT = "correct"
    WRONG = "wrong"
    MISSING = "missing"
    IN_ADVANCE = "in advance"


_MARKS = {Status.CORRECT: "✓", Status.WRONG: "✗", Status.MISSING: "—", Status.IN_ADVANCE: "✗"}
_COLOURS = {Status.CORRECT: "#1a7f37", Status.WRONG: "#cf222e", Status.MISSING: "#9a6700",
            Status.IN_ADVANCE: "#cf222e"}


@dataclasses.dataclass(frozen=True)
class Cell:
    """One slot of the sheet: what is written, its status, why (with the clause), and the
    correct entry in the sheet's language when the move has been made."""

    slot: Slot
    text: str
    draw_offer: bool
    status: Status | None
    detail: str
    clause: str
    expected: str | None = None
    offer_missing: bool = False

    @property
    def shown(self) -> str:
        """The cell as on paper: ``Cf3``, ``Cf3 (=)``, or empty."""
        return " ".join(part for part in (self.text, "(=)" if self.draw_offer else "") if part)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _parse_label(label: str) -> Slot:
    """``"12."`` is White's move 12, ``"12..."`` Black's."""
    match = _LABEL_RE.fullmatch(label.strip())
    if match is None:
        raise ValueError(f"{label!r} is not a move number such as 12. (White) or 12... (Black)")
    return Slot(int(match.group(1)), chess.BLACK if match.group(2) != "." else chess.WHITE)


class ScoresheetTrainer:
    """One player's scoresheet for a game. All state is plain Python; :meth:`widget` wraps
    it in ipywidgets.

    ``moves`` is the game so far (SAN movetext with English letters, from ``fen``);
    ``owner`` the player keeping the sheet; ``language`` the letters he writes with;
    ``written`` what is already on his sheet (movetext in that language, ``-`` for a blank,
    ``(=)`` after a move); ``offers`` the draw offers made in the game, by the move they go
    with (``"12."``, ``"12..."``), which both players must mark ``(=)`` (8.1).
    """

    def __init__(self, moves: str = "", *, fen: str = chess.STARTING_FEN,
                 owner: chess.Color | str = chess.WHITE, language: Language | str = "en",
                 written: str = "", offers: Iterable[str] = ()) -> None:
        board = start_board(fen)
        for move in iter_movetext(board, moves):
            board.push(move)
        self.board = board
        if not isinstance(owner, bool):
            if str(owner).lower() not in chess.COLOR_NAMES:
                raise ValueError(f"owner {owner!r}: write white or black")
            owner = str(owner).lower() == "white"
        self.owner: chess.Color = owner
        self.first = scoresheet.slot_of(board.root(), 0)
        self.sheet = Scoresheet.from_text(written, self.owner, language, first=self.first)
        self.offers = tuple(_parse_label(label) for label in offers)
        self.message = ""

    # Plain-Python state ---------------------------------------------------------------

    @property
    def language(self) -> Language:
        return self.sheet.language

    def set_language(self, language: Language | str) -> None:
        """Read the sheet in another language: the entries stay as written."""
        try:
            self.sheet.language = Language.parse(language)
        except ArbiterError as exc:
            self.message = _sentence(str(exc))

    def _before(self, slot: Slot) -> chess.Board:
        board = self.board.root()
        for move in self.board.move_stack[:scoresheet.ply_of(board, slot)]:
            board.push(move)
        return board

    def _slots(self) -> list[Slot]:
        """Every slot of the game so far, then any written beyond it, in order."""
        root = self.board.root()
        slots = [scoresheet.slot_of(root, ply) for ply in range(len(self.board.move_stack))]
        slots += [slot for slot in self.sheet.slots() if slot not in slots]
        return sorted(set(slots), key=lambda slot: slot.key)

    def cells(self) -> list[Cell]:
        """Each slot of the game (and any written beyond it) checked against the game (8.1)."""
        record = get_edition().cite("record")
        issues: dict[Slot, RecordingIssue] = {
            issue.slot: issue for issue in scoresheet.check_entries(self.sheet, self.board)}
        unmarked = {issue.slot for issue in scoresheet.check_offers(self.sheet, self.offers)}
        made = len(self.board.move_stack)
        cells = []
        for slot in self._slots():
            entry = self.sheet.entry(slot)
            text = entry.text if entry else ""
            offer = bool(entry and entry.draw_offer)
            ply = scoresheet.ply_of(self.board.root(), slot)
            expected = None
            if 0 <= ply < made:
                expected = write_move(self._before(slot), self.board.move_stack[ply],
                                      self.language)
            issue = issues.get(slot)
            if issue is not None:
                status = Status.IN_ADVANCE if issue.kind is IssueKind.IN_ADVANCE else Status.WRONG
                cell = Cell(slot, text, offer, status, _sentence(issue.detail), issue.clause,
                            expected)
            elif text:
                cell = Cell(slot, text, offer, Status.CORRECT,
                            _sentence(self._correct_detail(slot, text)), record, expected)
            elif expected is not None:
                cell = Cell(slot, text, offer, Status.MISSING,
                            f"Not recorded: the move was {expected}.", record, expected)
            else:
                cell = Cell(slot, text, offer, None, "", "", None)
            if slot in unmarked:
                cell = dataclasses.replace(cell, offer_missing=True)
            cells.append(cell)
        return cells

    def _correct_detail(self, slot: Slot, text: str) -> str:
        before = self._before(slot)
        reading = read_move(before, text, self.language)
        san = before.san(reading.move)
        detail = "correct" if san == text else f"correct: {text} is {san} in English letters"
        remarks = [remark.value for remark in reading.remarks]
        return detail + ("; " + "; ".join(remarks) if remarks else "")

    def cell(self, label: str) -> Cell:
        """The cell for ``"12."`` (White's move 12) or ``"12..."`` (Black's)."""
        slot = _parse_label(label)
        for cell in self.cells():
            if cell.slot == slot:
                return cell
        return Cell(slot, "", False, None, "", "", None)

    def counts(self) -> dict[str, int]:
        """How many cells are correct, wrong, missing and in advance."""
        found = {status.value: 0 for status in Status}
        for cell in self.cells():
            if cell.status is not None:
                found[cell.status.value] += 1
        return found

    def write(self, text: str) -> str:
        """The player writes ``text`` (``"Cf3"`` in the next slot, ``"12... Cf6"``, or
        ``"(=)"``); returns (and keeps in :attr:`message`) whether it is correct, with the
        clause. A wrong entry stays on the sheet, as on paper; bad input writes nothing."""
        if not text.strip():
            self.message = "Type an entry first, such as Cf3, 12... Cf6 or (=)."
            return self.message
        try:
            outcome = scoresheet.record_move(self.sheet, self.board, text)
        except ArbiterError as exc:
            self.message = _sentence(str(exc))
            return self.message
        slot, record = outcome.slot, get_edition().cite("record")
        if _OFFER_ONLY_RE.fullmatch(text.strip()):
            self.message = f"{slot}: the draw offer is marked (=) ({record})."
        elif outcome.issues:
            issue = outcome.issues[0]
            self.message = (f"{slot}: {outcome.entry.text!r} is {issue.kind.value}"
                            f" ({issue.clause}): {issue.detail.rstrip('.')}.")
        else:
            self.message = f"{slot}: {self._correct_detail(slot, outcome.entry.text)} ({record})."
        return self.message

    def cross_out(self, label: str = "") -> str:
        """Cross out the entry at ``label`` (``"12..."``; default: the last one written)."""
        try:
            slot = _parse_label(label) if label.strip() else self.sheet.last_slot()
        except (ValueError, ArbiterError) as exc:
            self.message = _sentence(str(exc))
            return self.message
        if slot is None or self.sheet.entry(slot) is None:
            self.message = "There is nothing to cross out."
            return self.message
        self.sheet.erase(slot)
        self.message = f"{slot}: crossed out."
        return self.message

    def duty(self) -> str:
        """Whether the owner may make his next move with the sheet as it is (8.1)."""
        record = get_edition().cite("record")
        who = chess.COLOR_NAMES[self.owner].capitalize()
        if self.board.is_game_over():
            return f"The game is over: {who} completes and signs the sheet (8.7)."
        if self.board.turn != self.owner:
            return f"{chess.COLOR_NAMES[self.board.turn].capitalize()} has the move."
        issues = scoresheet.check_before_move(self.sheet, self.board)
        if not issues:
            return (f"{who} may make his next move: every move he must record before it is"
                    f" written ({record}).")
        slots = ", ".join(issue.slot.label() for issue in issues)
        return (f"{who} may not move yet: first he records {slots} ({record}):"
                f" {issues[0].detail}.")

    def movetext(self) -> str:
        """The sheet as written (``1. e4 e5 2. Cf3 - 3. Ab5 (=)``)."""
        return self.sheet.movetext(self.first)

    # Presentation -----------------------------------------------------------------------

    def _cell_html(self, cell: Cell | None) -> str:
        if cell is None:
            return "<td></td><td></td>"
        if cell.status is None:
            mark, colour = "", "inherit"
        else:
            mark, colour = _MARKS[cell.status], _COLOURS[cell.status]
        title = cell.detail + (f" ({cell.clause})" if cell.clause else "")
        if cell.offer_missing:
            title += " The draw offer is not marked (=)."
            mark += " (=)?"
        return (f"<td style='font-family:monospace;min-width:7em'"
                f" title='{html.escape(title, quote=True)}'>{html.escape(cell.shown)}</td>"
                f"<td style='color:{colour}'>{html.escape(mark)}</td>")

    def sheet_html(self) -> str:
        """The sheet in two columns, like the paper: No., White, Black, each entry marked."""
        rows: dict[int, dict[chess.Color, Cell]] = {}
        for cell in self.cells():
            rows.setdefault(cell.slot.number, {})[cell.slot.color] = cell
        who = chess.COLOR_NAMES[self.owner].capitalize()
        head = (f"<caption>{who}'s scoresheet ({html.escape(self.language.label)})</caption>"
                "<tr><th>No.</th><th colspan='2'>White</th><th colspan='2'>Black</th></tr>")
        body = "".join(
            f"<tr><td>{number}</td>{self._cell_html(row.get(chess.WHITE))}"
            f"{self._cell_html(row.get(chess.BLACK))}</tr>"
            for number, row in sorted(rows.items()))
        if not rows:
            body = "<tr><td colspan='5'><i>No move yet.</i></td></tr>"
        return f"<table class='arbiter-scoresheet'>{head}{body}</table>"

    def problems_html(self) -> str:
        """Every cell that is not correct, with the clause, as a list."""
        items = []
        for cell in self.cells():
            if cell.status not in (None, Status.CORRECT):
                items.append(f"<li><b>{cell.slot}</b> ({cell.status.value if cell.status else ''},"
                             f" {cell.clause}): {html.escape(cell.detail)}</li>")
            if cell.offer_missing:
                items.append(f"<li><b>{cell.slot}</b> (draw offer, {get_edition().cite('record')},"
                             f" {get_edition().cite('offer.record')}): the offer is not marked"
                             " (=).</li>")
        counts = ", ".join(f"{n} {name}" for name, n in self.counts().items())
        listing = f"<ul>{''.join(items)}</ul>" if items else "<p>Every entry is correct.</p>"
        return (f"<div><p>{html.escape(counts)}</p>{listing}"
                f"<p>{html.escape(self.duty())}</p></div>")

    def message_html(self) -> str:
        return f"<p>{html.escape(self.message)}</p>" if self.message else ""

    def widget(self) -> ipywidgets.VBox:
        """The interactive sheet for JupyterLab: type an entry, press Write."""
        board = ipywidgets.HTML(board_svg(self.board, size=260))
        table = ipywidgets.HTML(self.sheet_html())
        problems = ipywidgets.HTML(self.problems_html())
        message = ipywidgets.HTML(self.message_html())
        entry = ipywidgets.Text(placeholder="e.g. Cf3, 12... Cf6 or (=)", description="Entry")
        write = ipywidgets.Button(description="Write")
        cross = ipywidgets.Button(description="Cross out")
        language = ipywidgets.Dropdown(options=list(LANGUAGES), value=self.language.value,
                                       description="Language")

        def refresh() -> None:
            table.value, problems.value = self.sheet_html(), self.problems_html()
            message.value = self.message_html()

        def on_write(_: Any) -> None:
            self.write(entry.value)
            entry.value = ""
            refresh()

        def on_cross(_: Any) -> None:
            self.cross_out(entry.value)
            entry.value = ""
            refresh()

        def on_language(change: Mapping[str, Any]) -> None:
            self.set_language(str(change["new"]))
            self.message = f"The sheet is now read in {self.language.label}."
            refresh()

        write.on_click(on_write)
        cross.on_click(on_cross)
        language.observe(on_language, names="value")
        self.controls = {"entry": entry, "write": write, "cross": cross, "language": language,
                         "board": board, "sheet": table, "problems": problems,
                         "message": message}
        return LessonBox("scoresheet", [
            language, ipywidgets.HBox([board, table]), ipywidgets.HBox([entry, write, cross]),
            message, problems])
