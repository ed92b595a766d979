"""The rule-change workshop: choose editions of the Laws, or edit a proposal's parameters,
and see which casebook rulings change (a table) and what an incorrect claim costs (plots).

Every ruling comes from :func:`arbiterlib.workshop.compare`, every proposal from
:func:`arbiterlib.editions.load_proposal` (the widget writes the proposal as a YAML file, as
a workshop participant would), every plot from :mod:`arbiterlib.widgets.penalty`. The state
is plain Python (tested without a browser); :meth:`RuleChangeWorkshop.widget` wraps it.
"""

from __future__ import annotations

import html
import io
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets
import pandas as pd
import yaml
from matplotlib.figure import Figure

from arbiterlib.casebook import Case, load_cases
from arbiterlib.clocks import format_time
from arbiterlib.editions import (
    EDITIONS,
    ClaimRightLoss,
    Edition,
    Fivefold,
    Rate,
    TouchTrigger,
    get_edition,
    load_proposal,
)
from arbiterlib.errors import ArbiterError, EditionError
from arbiterlib.widgets.common import LessonBox
from arbiterlib.widgets.penalty import penalty_cost_plot, penalty_plot, read_time
from arbiterlib.workshop import compare, display, summary

#: The parameters the widget edits: name → (label, kind or options).
CONTROLS: Mapping[str, tuple[str, Any]] = {
    "incorrect_claim.opponent_bonus": ("Incorrect claim: opponent's bonus", "time"),
    "incorrect_claim.reduce_claimant": ("Incorrect claim: claimant's time reduced (2005)",
                                        bool),
    "claim_right_lost_by": ("Right to claim lost by", [m.value for m in ClaimRightLoss]),
    "automatic.fivefold": ("Automatic fivefold draw", [m.value for m in Fivefold]),
    "automatic.seventy_five_moves": ("Automatic 75-move draw", bool),
    "touch_trigger": ("A touch binds when", [m.value for m in TouchTrigger]),
    "two_hands_illegal": ("Two-handed move is an illegal move", bool),
    "illegal_move_bonus": ("Illegal move: opponent's bonus", "time"),
    "agreement_needs_both_moved": ("Agreement needs both players to have moved", bool),
}


def edition_values(edition: Edition) -> dict[str, Any]:
    """The value of each of :data:`CONTROLS` in ``edition`` (standard rate)."""
    return {
        "incorrect_claim.opponent_bonus": format_time(edition.incorrect_claim.opponent_bonus),
        "incorrect_claim.reduce_claimant": bool(edition.incorrect_claim.claimant_bands),
        "claim_right_lost_by": edition.claim_right_lost_by.value,
        "automatic.fivefold": edition.automatic.fivefold.value,
        "automatic.seventy_five_moves": edition.automatic.seventy_five_moves,
        "touch_trigger": edition.touch_trigger.value,
        "two_hands_illegal": edition.two_hands_illegal,
        "illegal_move_bonus": format_time(edition.illegal_move_bonus.get(Rate.STANDARD, 0.0)),
        "agreement_needs_both_moved": edition.agreement_needs_both_moved,
    }


def _same(name: str, value: Any, default: Any) -> bool:
    if CONTROLS[name][1] == "time":
        try:
            return read_time(value, name) == read_time(default, name)
        except ArbiterError:
            return False  # a bad time is kept, so that loading the proposal says what is wrong
    return bool(value == default)


def _nested(flat: Mapping[str, Any]) -> dict[str, Any]:
    nested: dict[str, Any] = {}
    for name, value in flat.items():
        head, _, tail = name.partition(".")
        if tail:
            nested.setdefault(head, {})[tail] = value
        else:
            nested[head] = value
    return nested


class RuleChangeWorkshop:
    """Editions to compare and an optional proposal (a base edition and the parameters it
    changes); :meth:`differences` is the table of differing rulings."""

    def __init__(self, editions: Sequence[str] = ("2005", "2018"), *,
                 cases: Sequence[Case] | None = None, base: str = "2023",
                 name: str = "My proposal", clauses: bool = False,
                 rate: str = "standard") -> None:
        self.editions = list(editions)
        self.cases = list(cases) if cases is not None else None
        self.use_proposal = False
        self.name, self.clauses, self.rate = name, clauses, rate
        self.set_base(base)
        self._folder = tempfile.TemporaryDirectory(prefix="arbiter-proposal-")

    def set_base(self, base: str) -> None:
        """Start the proposal again from ``base``: every parameter as that edition has it."""
        self.base = base
        self.values = edition_values(get_edition(base))

    def parameters(self) -> dict[str, Any]:
        """The parameters the proposal changes (dotted names), those equal to the base's left
        out."""
        defaults = edition_values(get_edition(self.base))
        return {name: value for name, value in self.values.items()
                if not _same(name, value, defaults[name])}

    def proposal_yaml(self) -> str:
        """The proposal as a file's text (``proposals/*.yaml``)."""
        data = {"name": self.name, "base": self.base, **_nested(self.parameters())}
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)

    def proposal_path(self) -> Path:
        """The proposal written to a file, checked (raises :class:`EditionError`)."""
        path = Path(self._folder.name) / "proposal.yaml"
        path.write_text(self.proposal_yaml(), encoding="utf-8")
        try:
            load_proposal(path)
        except EditionError as exc:
            raise EditionError(f"{self.name or 'the proposal'}:"
                               f" {str(exc).removeprefix(f'{path}: ')}") from None
        return path

    def laws(self) -> list[str]:
        """What is compared: the chosen editions, then the proposal if it is used."""
        chosen = [str(self.proposal_path())] if self.use_proposal else []
        return [*self.editions, *chosen]

    def _cases(self) -> list[Case]:
        if self.cases is None:
            self.cases = load_cases()
        return self.cases

    def differences(self) -> pd.DataFrame:
        """The cases whose rulings differ (raises :class:`ArbiterError` on bad input)."""
        return compare(self.laws(), self._cases(), clauses=self.clauses)

    def table_html(self) -> str:
        """The differences as an HTML table with a one-line summary, or what is wrong."""
        try:
            frame = self.differences()
        except ArbiterError as exc:
            return _error_html(str(exc))
        labels = [str(c) for c in frame.columns[2:]]
        text = f"<p><b>{html.escape(summary(frame, len(self._cases()), labels))}</b></p>"
        if len(frame):
            text += display(frame).to_html(index=False, escape=True)
        return text

    def _plotted(self) -> list[str | Edition]:
        chosen: list[str | Edition] = list(self.editions)
        if self.use_proposal:
            chosen.append(load_proposal(self.proposal_path()))
        return chosen

    def plot(self) -> Figure:
        """The claimant's time after an incorrect claim, for each edition compared."""
        return penalty_plot(self._plotted(), rate=self.rate)

    def cost_plot(self) -> Figure:
        """What an incorrect claim costs on the clocks, for each edition compared."""
        return penalty_cost_plot(self._plotted(), rate=self.rate)

    def plot_pngs(self) -> list[bytes]:
        """Both plots as PNG images (for the widget); none on bad input."""
        try:
            figures = [self.cost_plot(), self.plot()]
        except ArbiterError:
            return []
        images = []
        for figure in figures:
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png", dpi=72)
            images.append(buffer.getvalue())
        return images

    def widget(self) -> ipywidgets.VBox:
        """The workshop for JupyterLab: editions, the proposal, a Compare button."""
        editions = ipywidgets.SelectMultiple(options=list(EDITIONS), value=self.editions,
                                             description="Editions", rows=6)
        use = ipywidgets.Checkbox(value=self.use_proposal, description="Compare my proposal",
                                  style={"description_width": "initial"})
        name = ipywidgets.Text(value=self.name, description="Name")
        base = ipywidgets.Dropdown(options=list(EDITIONS), value=self.base,
                                   description="Based on")
        wide = {"description_width": "initial"}
        controls: dict[str, ipywidgets.Widget] = {}
        for key, (label, kind) in CONTROLS.items():
            if kind is bool:
                controls[key] = ipywidgets.Checkbox(value=self.values[key], description=label,
                                                    style=wide)
            elif kind == "time":
                controls[key] = ipywidgets.Text(value=self.values[key], description=label,
                                                placeholder="m:ss", style=wide)
            else:
                controls[key] = ipywidgets.Dropdown(options=kind, value=self.values[key],
                                                    description=label, style=wide)
        clauses = ipywidgets.Checkbox(value=self.clauses, description="Compare clause numbers"
                                      " too", style=wide)
        rate = ipywidgets.Dropdown(options=[r.value for r in Rate], value=self.rate,
                                   description="Rate (plots)", style=wide)
        button = ipywidgets.Button(description="Compare", button_style="primary")
        proposal = ipywidgets.HTML(self._proposal_html())
        table = ipywidgets.HTML("<p>Choose editions and press <b>Compare</b>.</p>")
        plots = [ipywidgets.Image(format="png"), ipywidgets.Image(format="png")]

        resetting = False

        def read() -> None:
            if resetting:
                return
            self.editions, self.use_proposal = list(editions.value), use.value
            self.name, self.clauses, self.rate = name.value, clauses.value, rate.value
            self.values = {key: control.value for key, control in controls.items()}
            proposal.value = self._proposal_html()

        def on_base(_: Any) -> None:
            nonlocal resetting
            self.set_base(base.value)
            resetting = True
            try:
                for key, control in controls.items():
                    control.value = self.values[key]
            finally:
                resetting = False
            read()

        def on_compare(_: Any) -> None:
            read()
            table.value = self.table_html()
            for image, png in zip(plots, self.plot_pngs() or [b"", b""], strict=True):
                image.value = png

        base.observe(on_base, names="value")
        for control in (editions, use, name, clauses, rate, *controls.values()):
            control.observe(lambda _: read(), names="value")
        button.on_click(on_compare)
        self.controls = {"editions": editions, "use_proposal": use, "name": name,
                         "base": base, "clauses": clauses, "rate": rate, "compare": button,
                         "proposal": proposal, "table": table, "cost_plot": plots[0],
                         "penalty_plot": plots[1], **controls}
        return LessonBox("rule-change workshop", [
            ipywidgets.HBox([editions, ipywidgets.VBox([use, name, base])]),
            ipywidgets.VBox(list(controls.values())), proposal,
            ipywidgets.HBox([clauses, rate, button]), table, *plots])

    def _proposal_html(self) -> str:
        try:
            self.proposal_path()
        except ArbiterError as exc:
            return _error_html(str(exc))
        return f"<pre>{html.escape(self.proposal_yaml())}</pre>"


def _error_html(message: str) -> str:
    return f"<p style='color:#b00'><b>Cannot compare:</b> {html.escape(message)}</p>"

