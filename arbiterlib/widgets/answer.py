"""The answer form for self-study: the candidate enters the ruling fields an exercise asks
(the allowed moves, the result and reason, the clocks, the claims, the offer, the
violations), presses Check, and reads which fields are right and which clauses decide the
others. The answer — the engine's ruling — is shown only on request after an attempt.

The allowed moves are chosen from a list of the legal moves in the position where they
are made (python-chess); all marking is :meth:`arbiterlib.exercises.Exercise.check`.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import chess
import ipywidgets

from arbiterlib.casebook import load_cases
from arbiterlib.casebook_html import game_so_far_html, ruling_summary_html
from arbiterlib.exercises import (
    DIFFICULTIES,
    FIELD_HELP,
    RESULTS,
    TOPIC_TITLES,
    Exercise,
    Marking,
    exercise,
    exercises_of,
)
from arbiterlib.ruling import OfferStatus, Reason
from arbiterlib.widgets.common import LessonBox, board_svg

OFFER_STATUSES = tuple(s.value for s in OfferStatus)
OFFER_TIMINGS = ("proper", "irregular", "claim")
REASONS = tuple(r.value for r in Reason)


def question_html(item: Exercise) -> str:
    """The exercise as the candidate sees it: edition, board, moves played, clocks, the
    events in words, the question and the fields to give — nothing of the ruling."""
    case = item.case
    board = item.board()
    parts = [f"<h3>{html.escape(item.title)}</h3>",
             f"<p><i>{html.escape(item.difficulty)} — Laws of Chess, {html.escape(item.laws)}"
             f" edition</i></p>", board_svg(board, 280),
             f"<p>{chess.COLOR_NAMES[board.turn].capitalize()} to move.</p>"]
    parts += game_so_far_html(case)
    events = item.events()
    if events:
        parts.append("<p><b>What happens:</b></p><ol>"
                     + "".join(f"<li>{html.escape(e)}</li>" for e in events) + "</ol>")
    parts.append(f"<p><b>Question.</b> {html.escape(item.question)}</p>")
    parts.append("<p><b>Give:</b></p><ul>" + "".join(
        f"<li><code>{f}</code>: {html.escape(FIELD_HELP[f])}</li>" for f in item.fields)
        + "</ul>")
    return "\n".join(parts)


def show(exercise_id: str) -> Any:
    """The exercise's question (board, events, fields to give) for a notebook cell."""
    from IPython.display import HTML

    return HTML(question_html(exercise(exercise_id)))  # type: ignore[no-untyped-call]


class AnswerForm:
    """The candidate's answer to one exercise. All state is plain Python; :meth:`widget`
    wraps it in ipywidgets.

    Until set, ``moves`` and ``violations`` are empty (any legal move; no violation),
    ``result``, ``reason`` and ``offer`` are ``None``, and the clocks, the claims and the
    offer's timing are not answered.
    """

    def __init__(self, item: Exercise | str) -> None:
        self.exercise = exercise(item) if isinstance(item, str) else item
        self.values: dict[str, Any] = {}
        for field in self.exercise.fields:
            if field in ("moves", "violations"):
                self.values[field] = []
            elif field == "claims":
                self.values[field] = [None] * len(self.exercise.ruling.claims)
            elif field == "clocks":
                self.values[field] = {"white": "", "black": ""}
            else:
                self.values[field] = None
        self.attempts = 0
        self.marking: Marking | None = None
        self.revealed = False

    # Plain-Python state ---------------------------------------------------------------

    def move_options(self) -> list[str]:
        """The legal moves (SAN, sorted) in the position where the allowed moves are made."""
        board = self.exercise.final_board()
        return sorted(board.san(m) for m in board.legal_moves)

    def set(self, field: str, value: Any) -> None:
        """Enter ``value`` for ``field``. Violations may be text, one ``white 4.3a`` per line;
        a claim's verdict is set with ``set("claims", [True])`` or :meth:`set_claim`."""
        if field not in self.exercise.fields:
            raise ValueError(f"this exercise does not ask for {field!r}"
                             f" (it asks for {', '.join(self.exercise.fields)})")
        if field == "violations" and isinstance(value, str):
            value = [line.strip() for line in value.splitlines() if line.strip()]
        elif field == "moves":
            options = self.move_options()
            for move in value:
                if move not in options:
                    raise ValueError(f"{move!r} is not a legal move here (choose from the list)")
            value = sorted(value)
        elif field == "clocks":
            value = {"white": "", "black": "", **dict(value)}
        self.values[field] = value

    def set_claim(self, number: int, correct: bool | None) -> None:
        """Say whether claim ``number`` (from 1, in the order made) is correct."""
        claims = list(self.values["claims"])
        claims[number - 1] = correct
        self.values["claims"] = claims

    def answer(self) -> dict[str, Any]:
        """The answer as entered, in the form of the exercise notebooks (fields not yet
        answered are left out)."""
        answer: dict[str, Any] = {}
        for field, value in self.values.items():
            if field == "clocks":
                if not value["white"] and not value["black"]:
                    continue
                value = {side: text for side, text in value.items() if text}
            elif (field == "claims" and None in value) or (field == "offer_timing"
                                                            and value is None):
                continue
            answer[field] = value
        return answer

    def check(self) -> Marking:
        """Mark the answer against the engine's ruling (counts as an attempt)."""
        self.attempts += 1
        self.marking = self.exercise.check(self.answer())
        return self.marking

    def reveal(self) -> None:
        """Show the answer; only after a first attempt."""
        if not self.attempts:
            raise ValueError("press Check first: the answer is shown after an attempt")
        self.revealed = True

    # Presentation -----------------------------------------------------------------------

    def question_html(self) -> str:
        return question_html(self.exercise)

    def feedback_html(self) -> str:
        if self.marking is None:
            return "<p><i>Enter your answer and press Check.</i></p>"
        marking = self.marking
        head = ("<p><b>All right.</b></p>" if marking.correct else
                f"<p><b>{marking.score} of {len(marking.findings)} right.</b></p>")
        items = []
        for finding in marking.findings:
            mark = "✔" if finding.correct else "✘"
            cite = f" ({', '.join(finding.articles)})" if finding.articles else ""
            items.append(f"<li>{mark} <code>{finding.field}</code>:"
                         f" {html.escape(finding.text)}{html.escape(cite)}</li>")
        return head + "<ul>" + "".join(items) + "</ul>"

    def answer_html(self) -> str:
        if not self.revealed:
            return ""
        expected = self.exercise.expected()
        rows = "".join(f"<li><code>{f}</code>: {html.escape(repr(v))}</li>"
                       for f, v in expected.items())
        return ("<p><b>The answer</b></p><ul>" + rows + "</ul>"
                + ruling_summary_html(self.exercise.ruling)
                + f"<p>{html.escape(self.exercise.case.explanation)}</p>")

    def widget(self) -> ipywidgets.VBox:
        """The form for JupyterLab: the question, one control per field, Check and Show."""
        controls: dict[str, Any] = {}
        rows: list[Any] = []
        fields = self.exercise.fields
        if "moves" in fields:
            controls["moves"] = ipywidgets.SelectMultiple(
                options=self.move_options(), value=tuple(self.values["moves"]), rows=8,
                description="Allowed", tooltip="none chosen: any legal move")
            rows.append(ipywidgets.HBox([controls["moves"], ipywidgets.HTML(
                "<i>Choose the only moves allowed (Ctrl/Shift-click for several);"
                " none: any legal move.</i>")]))
        if "result" in fields:
            controls["result"] = ipywidgets.Dropdown(
                options=[("the game goes on", None), *((r, r) for r in RESULTS)],
                value=self.values["result"], description="Result")
            controls["reason"] = ipywidgets.Dropdown(
                options=[("(none)", None), *((r, r) for r in REASONS)],
                value=self.values["reason"], description="Reason")
            rows.append(ipywidgets.HBox([controls["result"], controls["reason"]]))
        if "clocks" in fields:
            controls["white"] = ipywidgets.Text(value=self.values["clocks"]["white"],
                                                placeholder="m:ss", description="White")
            controls["black"] = ipywidgets.Text(value=self.values["clocks"]["black"],
                                                placeholder="m:ss", description="Black")
            rows.append(ipywidgets.HBox([ipywidgets.HTML("<b>Clocks</b>"), controls["white"],
                                         controls["black"]]))
        claim_controls = []
        if "claims" in fields:
            for number, _ in enumerate(self.exercise.ruling.claims, 1):
                claim_controls.append(ipywidgets.Dropdown(
                    options=[("—", None), ("correct", True), ("incorrect", False)],
                    value=self.values["claims"][number - 1], description=f"Claim {number}"))
            rows.append(ipywidgets.HBox(claim_controls))
        if "offer" in fields:
            controls["offer"] = ipywidgets.Dropdown(
                options=[("no valid offer", None), *((s, s) for s in OFFER_STATUSES)],
                value=self.values["offer"], description="Offer")
            rows.append(controls["offer"])
        if "offer_timing" in fields:
            controls["offer_timing"] = ipywidgets.Dropdown(
                options=[("—", None), *((t, t) for t in OFFER_TIMINGS)],
                value=self.values["offer_timing"], description="Timing")
            rows.append(controls["offer_timing"])
        if "violations" in fields:
            controls["violations"] = ipywidgets.Textarea(
                value="\n".join(str(v) for v in self.values["violations"]),
                placeholder="one per line, e.g. white 4.3a (empty: none)",
                description="Violations")
            rows.append(controls["violations"])
        check = ipywidgets.Button(description="Check")
        show = ipywidgets.Button(description="Show the answer", disabled=True)
        feedback = ipywidgets.HTML(self.feedback_html())
        answer = ipywidgets.HTML(self.answer_html())

        def read_controls() -> None:
            if "moves" in controls:
                self.set("moves", list(controls["moves"].value))
            if "result" in controls:
                self.set("result", controls["result"].value)
                self.set("reason", controls["reason"].value)
            if "white" in controls:
                self.set("clocks", {"white": controls["white"].value.strip(),
                                    "black": controls["black"].value.strip()})
            for number, control in enumerate(claim_controls, 1):
                self.set_claim(number, control.value)
            for name in ("offer", "offer_timing"):
                if name in controls:
                    self.set(name, controls[name].value)
            if "violations" in controls:
                self.set("violations", controls["violations"].value)

        def on_check(_: Any) -> None:
            read_controls()
            self.check()
            feedback.value = self.feedback_html()
            show.disabled = False

        def on_show(_: Any) -> None:
            self.reveal()
            answer.value = self.answer_html()
            show.disabled = True

        check.on_click(on_check)
        show.on_click(on_show)
        self.controls = {**controls, "claims": claim_controls, "check": check, "show": show,
                         "feedback": feedback, "answer": answer}
        return LessonBox("answer form", [ipywidgets.HTML(self.question_html()), *rows,
                                         ipywidgets.HBox([check, show]), feedback, answer])


class SelfStudy:
    """Every exercise to practise on: choose a topic and a difficulty, then an exercise,
    and answer it in an :class:`AnswerForm`. ``exercises`` default to the casebook's, one
    per edition each case answers for."""

    def __init__(self, exercises: Sequence[Exercise] | None = None) -> None:
        items = exercises if exercises is not None else exercises_of(load_cases(),
                                                                      every_edition=True)
        self.exercises: dict[str, Exercise] = {e.id: e for e in items}
        self.topic: str | None = None
        self.difficulty: str | None = None
        self.form: AnswerForm | None = None

    def topics(self) -> list[str]:
        found = {e.topic for e in self.exercises.values()}
        return [t for t in TOPIC_TITLES if t in found] + sorted(found - set(TOPIC_TITLES))

    def matching(self) -> list[Exercise]:
        """The exercises of the chosen topic and difficulty (``None``: any)."""
        return [e for e in self.exercises.values()
                if self.topic in (None, e.topic) and self.difficulty in (None, e.difficulty)]

    def choose(self, exercise_id: str | None) -> AnswerForm | None:
        """Open an exercise in a fresh form (``None`` closes it)."""
        if exercise_id is not None and exercise_id not in self.exercises:
            raise ValueError(f"no exercise {exercise_id!r}")
        self.form = None if exercise_id is None else AnswerForm(self.exercises[exercise_id])
        return self.form

    def _choices(self) -> list[tuple[str, str | None]]:
        return [("— choose an exercise —", None),
                *((f"{e.title} ({e.difficulty}, {e.laws})", e.id) for e in self.matching())]

    def widget(self) -> ipywidgets.VBox:
        """The picker and the chosen exercise's form, for JupyterLab."""
        topic = ipywidgets.Dropdown(options=[("(any)", None), *(
            (TOPIC_TITLES.get(t, t), t) for t in self.topics())], description="Topic")
        difficulty = ipywidgets.Dropdown(options=[("(any)", None), *(
            (d, d) for d in DIFFICULTIES)], description="Difficulty")
        choose = ipywidgets.Dropdown(options=self._choices(), description="Exercise",
                                     layout={"width": "95%"})
        area = ipywidgets.VBox([])

        def on_filter(_: Mapping[str, Any]) -> None:
            self.topic, self.difficulty = topic.value, difficulty.value
            choose.options = self._choices()
            choose.value = None

        def on_choose(change: Mapping[str, Any]) -> None:
            form = self.choose(change["new"])
            area.children = [] if form is None else [form.widget()]

        topic.observe(on_filter, names="value")
        difficulty.observe(on_filter, names="value")
        choose.observe(on_choose, names="value")
        self.controls = {"topic": topic, "difficulty": difficulty, "choose": choose,
                         "area": area}
        return LessonBox("self-study", [ipywidgets.HBox([topic, difficulty]), choose, area])
