"""The draw-offer timeline (Article 9.1): a game fragment with moves, clock presses, offers,
touches and answers, and what became of the offer at each event, as the engine rules it.

The timeline holds no rule of its own: each event is ruled by :func:`arbiterlib.rule` on the
scenario up to that event, and the table only reads the offer (who made it, when, its
status) and the arbiter's words from the rulings. :meth:`OfferTimeline.widget` adds
controls to build a fragment event by event.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import chess
import ipywidgets
import pandas as pd

from arbiterlib.casebook import Case, describe_events
from arbiterlib.engine import rule
from arbiterlib.errors import ScenarioError
from arbiterlib.offers import OfferTiming
from arbiterlib.ruling import Offer, OfferStatus, Ruling
from arbiterlib.scenario import EventKind, Scenario, parse_scenario
from arbiterlib.widgets.common import LessonBox, board_svg, ruling_html

#: The columns of :meth:`OfferTimeline.table`.
COLUMNS = ["#", "what happened", "the offer", "clauses", "the arbiter says"]

#: How each timing reads in the table (the clause numbers are in the clauses column).
TIMING_WORDS = {
    OfferTiming.PROPER: "made properly (after his move, before pressing his clock)",
    OfferTiming.IRREGULAR: "made at another moment (valid, but it may disturb the opponent)",
    OfferTiming.CLAIM: "made by claiming a draw (a claim counts as an offer)",
}

#: The actions of the builder: label → the event it adds (the value box fills ``"?"``).
ACTIONS: Mapping[str, Mapping[str, Any]] = {
    "move (and press the clock)": {"move": "?"},
    "move, clock not yet pressed": {"move": "?", "press": False},
    "press the clock": {"press": True},
    "offer a draw": {"offer": "draw"},
    "offer a draw with a condition": {"offer": "draw", "conditional": True},
    "touch a piece": {"touch": "?"},
    "adjust a piece (j'adoube)": {"adjust": "?"},
    "accept the offer": {"accept": "draw"},
    "reject the offer orally": {"decline": "draw"},
    "claim threefold repetition": {"claim": "threefold"},
    "claim the fifty-move rule": {"claim": "fifty-moves"},
    "flag falls": {"flag": "?"},
}
BY_OPTIONS = ["(as usual)", "white", "black"]


@dataclasses.dataclass(frozen=True)
class TimelineRow:
    """One event: what happened, the offer after it and what the arbiter said."""

    index: int
    words: str
    offer: Offer | None
    change: str
    articles: tuple[str, ...]
    says: tuple[str, ...]


def _whose(offer: Offer) -> str:
    return f"{chess.COLOR_NAMES[offer.by].capitalize()}'s offer"


def describe_change(kind: EventKind, before: Offer | None, after: Ruling) -> str:
    """What the event did to the offer, read from the offer before and the ruling after."""
    offer = after.offer
    if offer is None:
        return "no valid offer was made" if kind is EventKind.OFFER else "—"
    whose = _whose(offer)
    new = before is None or (before.by, before.timing) != (offer.by, offer.timing) or (
        before.status is not OfferStatus.PENDING and offer.status is OfferStatus.PENDING)
    if offer.status is OfferStatus.ACCEPTED:
        how = " (a claim counts as an offer, even one found incorrect)" if (
            offer.timing is OfferTiming.CLAIM) else ""
        return f"{whose} is accepted{how}: the game is drawn"
    if new and offer.status is OfferStatus.PENDING:
        return f"{whose}, {TIMING_WORDS[offer.timing]}, stands"
    if offer.status is OfferStatus.DECLINED:
        if before is not None and before.status is OfferStatus.PENDING:
            if kind is EventKind.DECLINE:
                return f"{whose} is rejected orally"
            return f"{whose} is rejected by touching a piece to move or capture it"
        return f"{whose} was rejected and no longer stands"
    if kind is EventKind.OFFER:
        return f"no valid offer was made; {whose} still stands"
    if after.result is not None:
        return f"the game has ended ({after.result}): {whose} lapses with it"
    return f"{whose} still stands"


class OfferTimeline:
    """A game fragment and what happened to the draw offer at each of its events.

    ``events`` are scenario events (``{"move": "Bb5", "press": False}``, ``{"offer":
    "draw"}``, ``{"touch": "a7"}``, ``{"accept": "draw"}``, …; see ``docs/scenarios.md``)
    after ``moves`` (SAN movetext) from ``fen``. Bad input never raises: :attr:`error`
    holds one line naming the event and the problem, and the timeline stops before it.
    """

    def __init__(self, events: Sequence[Mapping[str, Any]] = (), *, moves: str = "",
                 fen: str = chess.STARTING_FEN, clocks: Mapping[str, Any] | None = None,
                 increment: float = 0, laws: str | None = None) -> None:
        self.base: dict[str, Any] = {"fen": fen, "moves": moves, "increment": increment}
        if clocks is not None:
            self.base["clocks"] = dict(clocks)
        if laws is not None:
            self.base["laws"] = laws
        self.events: list[dict[str, Any]] = [dict(e) for e in events]
        self._replay()
        if self.error is not None:  # keep the events ruled, so that more can be added
            del self.events[len(self.rows):]

    # Plain-Python state ---------------------------------------------------------------

    def scenario(self, count: int | None = None) -> dict[str, Any]:
        """The scenario mapping with the first ``count`` events (default: all)."""
        return {**self.base, "events": self.events[:count]}

    def _replay(self) -> None:
        """Rule every prefix of the events; stop at the first bad one."""
        self.error: str | None = None
        self.rulings: list[Ruling] = []
        self.rows: list[TimelineRow] = []
        try:
            start = rule(self.scenario(0))
        except ScenarioError as exc:
            self.error = str(exc)
            return
        rulings = [start]
        for count in range(1, len(self.events) + 1):
            try:
                rulings.append(rule(self.scenario(count)))
            except ScenarioError as exc:
                self.error = str(exc)
                break
        played = len(rulings) - 1
        parsed: Scenario = parse_scenario(self.scenario(played))
        case = Case(id="timeline", path=Path("offer timeline"), scenario=parsed, title="",
                    question="", answer={}, explanation="", articles=(), tags=(), source="")
        words = describe_events(case)
        said = rulings[-1].rulings
        for index, event in enumerate(parsed.events):
            statements = [s for s in said if s.event == index]
            articles = tuple(dict.fromkeys(a for s in statements for a in s.articles))
            self.rows.append(TimelineRow(
                index, words[index], rulings[index + 1].offer,
                describe_change(event.kind, rulings[index].offer, rulings[index + 1]),
                articles, tuple(s.text for s in statements)))
        self.rulings = rulings

    @property
    def ruling(self) -> Ruling | None:
        """The ruling after the last event ruled (``None`` if the start itself is bad)."""
        return self.rulings[-1] if self.rulings else None

    def add(self, event: Mapping[str, Any]) -> bool:
        """Add one event at the end; a bad one is not kept (:attr:`error` says why)."""
        self.events.append(dict(event))
        self._replay()
        if self.error is not None:
            error = self.error
            self.events.pop()
            self._replay()
            self.error = error
            return False
        return True

    def undo(self) -> None:
        """Take back the last event."""
        if self.events:
            self.events.pop()
        self._replay()

    def table(self) -> pd.DataFrame:
        """The timeline: one row per event ruled."""
        return pd.DataFrame(
            [{"#": r.index, "what happened": r.words, "the offer": r.change,
              "clauses": ", ".join(r.articles), "the arbiter says": " ".join(r.says)}
             for r in self.rows], columns=COLUMNS)

    # Presentation -----------------------------------------------------------------------

    def table_html(self) -> str:
        """The timeline as an HTML table, with the error line (if any) below it."""
        parts = []
        if self.rows:
            parts.append(str(self.table().to_html(index=False, border=0, escape=True)))
        else:
            parts.append("<p><i>No events yet.</i></p>")
        if self.error is not None:
            parts.append(f"<p class='arbiter-error'><b>Not ruled:</b>"
                         f" {html.escape(self.error)}</p>")
        return "<div class='offer-timeline'>" + "".join(parts) + "</div>"

    def result_html(self) -> str:
        ruling = self.ruling
        if ruling is None:
            return ""
        result = ruling.result or "the game continues"
        if ruling.reason:
            result += f" ({ruling.reason.value})"
        return f"<p><b>Result:</b> {html.escape(result)}</p>"

    def ruling_html(self) -> str:
        """Everything the arbiter said, the result and the clocks."""
        return ruling_html(self.ruling) if self.ruling else ""

    def board_html(self) -> str:
        ruling = self.ruling
        if ruling is None:
            return ""
        board = chess.Board(ruling.fen)
        return (f"<div><b>Now:</b> {chess.COLOR_NAMES[board.turn]} to move</div>"
                + board_svg(board, size=260))

    def html(self) -> str:
        """The timeline and the result, for a notebook cell."""
        return self.table_html() + self.result_html()

    def widget(self) -> ipywidgets.VBox:
        """The timeline builder for JupyterLab: choose an action, who acts, a move or a
        square, and add it."""
        board = ipywidgets.HTML(self.board_html())
        timeline = ipywidgets.HTML(self.html())
        action = ipywidgets.Dropdown(options=list(ACTIONS), description="Action")
        by = ipywidgets.Dropdown(options=BY_OPTIONS, description="By")
        value = ipywidgets.Text(placeholder="move (Bb5), square (a7) or colour",
                                description="Move/square")
        add = ipywidgets.Button(description="Add event")
        undo = ipywidgets.Button(description="Undo last")

        def refresh() -> None:
            board.value, timeline.value = self.board_html(), self.html()

        def on_add(_: Any) -> None:
            event = dict(ACTIONS[action.value])
            for key, item in event.items():
                if item == "?":
                    event[key] = value.value.strip()
            if by.value != BY_OPTIONS[0]:
                event["by"] = by.value
            if self.add(event):
                value.value = ""
            refresh()

        def on_undo(_: Any) -> None:
            self.undo()
            refresh()

        add.on_click(on_add)
        undo.on_click(on_undo)
        self.controls = {"action": action, "by": by, "value": value, "add": add,
                         "undo": undo, "board": board, "timeline": timeline}
        return LessonBox("offer timeline", [
            ipywidgets.HBox([action, by]), ipywidgets.HBox([value, add, undo]),
            ipywidgets.HBox([board, timeline])])
