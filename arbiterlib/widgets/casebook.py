"""The casebook browser: filter the cases by article, tag, edition and difficulty, open one
(board, moves, events, question), and reveal the answer only when asked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets
import pandas as pd

from arbiterlib.casebook import (
    Case,
    article_options,
    casebook_frame,
    cites,
    load_casebook,
)
from arbiterlib.casebook_html import answer_html, question_html
from arbiterlib.widgets.common import LessonBox

ANY = "(any)"
FILTERS = ("article", "tag", "edition", "difficulty")
_DIFFICULTIES = ("easy", "medium", "hard")


def _joined(items: Any) -> str:
    return ", ".join(str(i) for i in items)


class CasebookBrowser:
    """The casebook to browse. All state is plain Python; :meth:`widget` wraps it in
    ipywidgets. ``cases`` default to the whole casebook (every file validated)."""

    def __init__(self, cases: Sequence[Case] | None = None) -> None:
        self.cases: dict[str, Case] = {c.id: c for c in (cases if cases is not None
                                                           else load_casebook())}
        self.frame = casebook_frame(list(self.cases.values()))
        self.filters: dict[str, str | None] = dict.fromkeys(FILTERS)
        self.selected: str | None = None
        self.revealed = False

    # Plain-Python state ---------------------------------------------------------------

    def options(self, name: str) -> list[str]:
        """The values a filter can take (without "any")."""
        cases = self.cases.values()
        if name == "article":
            return article_options(cases, whole=True)
        if name == "tag":
            return sorted({t for c in cases for t in c.tags})
        if name == "edition":
            return sorted({e for c in cases for e in c.editions})
        if name == "difficulty":
            found = {c.difficulty for c in cases if c.difficulty}
            return [d for d in _DIFFICULTIES if d in found] + sorted(found - set(_DIFFICULTIES))
        raise ValueError(f"unknown filter {name!r} (known: {', '.join(FILTERS)})")

    def set_filter(self, name: str, value: str | None) -> None:
        """Keep only the cases with ``value`` (``None`` or "(any)": no filter)."""
        if value in (None, ANY):
            value = None
        elif value not in self.options(name):
            raise ValueError(f"no case has {name} {value!r}")
        self.filters[name] = value

    def matching(self) -> pd.DataFrame:
        """The rows of :attr:`frame` that pass every filter (in casebook order)."""
        frame = self.frame
        keep = pd.Series(True, index=frame.index)
        article, tag = self.filters["article"], self.filters["tag"]
        edition, difficulty = self.filters["edition"], self.filters["difficulty"]
        if article is not None:  # "9" finds 9.2b, "9.2" finds 9.2b, "9.2b" only 9.2b
            keep &= frame["articles"].map(lambda a: cites(a, article))
        if tag is not None:
            keep &= frame["tags"].map(lambda t: tag in t)
        if edition is not None:  # the cases answering under that edition
            keep &= frame["editions"].map(lambda e: edition in e)
        if difficulty is not None:
            keep &= frame["difficulty"] == difficulty
        return frame[keep].reset_index(drop=True)

    def open(self, case_id: str | None) -> None:
        """Open a case (its answer hidden); ``None`` closes it."""
        if case_id is not None and case_id not in self.cases:
            raise ValueError(f"no case {case_id!r} in the casebook")
        self.selected, self.revealed = case_id, False

    def reveal(self) -> None:
        """Show the answer of the open case."""
        if self.selected is None:
            raise ValueError("open a case first")
        self.revealed = True

    # Presentation -----------------------------------------------------------------------

    def listing_html(self) -> str:
        rows = self.matching()
        if rows.empty:
            return "<p><i>No case matches these filters.</i></p>"
        table = pd.DataFrame({
            "case": rows["title"],
            "articles": rows["articles"].map(_joined),
            "difficulty": rows["difficulty"].fillna(""),
        })
        return f"<p>{len(rows)} case(s)</p>" + str(table.to_html(index=False, border=0))

    def case_html(self) -> str:
        if self.selected is None:
            return "<p><i>Choose a case.</i></p>"
        return question_html(self.cases[self.selected])

    def answer_html(self) -> str:
        if self.selected is None or not self.revealed:
            return ""
        return answer_html(self.cases[self.selected])

    def _choices(self) -> list[tuple[str, str | None]]:
        cases = [self.cases[str(i)] for i in self.matching()["id"]]
        return [("— choose a case —", None),
                *((f"{c.title} ({', '.join(c.articles)})", c.id) for c in cases)]

    def widget(self) -> ipywidgets.VBox:
        """The interactive browser for JupyterLab."""
        filters = {name: ipywidgets.Dropdown(options=[ANY, *self.options(name)],
                                             value=self.filters[name] or ANY,
                                             description=name.capitalize())
                   for name in FILTERS}
        listing = ipywidgets.HTML(self.listing_html())
        choose = ipywidgets.Dropdown(options=self._choices(), value=self.selected,
                                     description="Case", layout={"width": "95%"})
        case = ipywidgets.HTML(self.case_html())
        reveal = ipywidgets.Button(description="Show the answer", disabled=self.selected is None)
        answer = ipywidgets.HTML(self.answer_html())

        def refresh() -> None:
            case.value, answer.value = self.case_html(), self.answer_html()
            reveal.disabled = self.selected is None or self.revealed

        def on_filter(change: Mapping[str, Any]) -> None:
            name = next(n for n, control in filters.items() if control is change["owner"])
            self.set_filter(name, change["new"])
            listing.value = self.listing_html()
            choices = self._choices()
            keep = self.selected if self.selected in [v for _, v in choices] else None
            choose.options = choices
            choose.value = keep
            if self.selected != keep:
                self.open(keep)
            refresh()

        def on_choose(change: Mapping[str, Any]) -> None:
            self.open(change["new"])
            refresh()

        def on_reveal(_: Any) -> None:
            self.reveal()
            refresh()

        for control in filters.values():
            control.observe(on_filter, names="value")
        choose.observe(on_choose, names="value")
        reveal.on_click(on_reveal)
        self.controls = {**filters, "listing": listing, "case": case, "choose": choose,
                         "reveal": reveal, "answer": answer}
        return LessonBox("casebook browser", [
            ipywidgets.HBox([filters["article"], filters["tag"]]),
            ipywidgets.HBox([filters["edition"], filters["difficulty"]]),
            listing, choose, case, reveal, answer])
