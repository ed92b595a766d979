"""Generate the exercise notebooks from the casebook, so that they stay consistent with it.

Usage: .venv/bin/python scripts/make_exercises.py [--execute]

Writes ``exercises/<topic>/<topic>.ipynb`` (one notebook per topic, its exercises in
sections by difficulty: easy, medium, hard; every case once under its own edition, and the
cases of the ``editions`` topic once under each edition they answer for) and
``exercises/self-study.ipynb``. The exercise notebooks are instructor notebooks in
nbgrader's format: a solution cell per exercise (the worked answer between
``### BEGIN SOLUTION`` and ``### END SOLUTION``) and one autograded, read-only test cell
per ruling field, one point each. With ``--execute`` they are executed
afterwards (``scripts/execute_notebooks.py``) for nbval.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from arbiterlib.casebook import load_casebook
from arbiterlib.exercises import (
    FIELD_HELP,
    TOPIC_TITLES,
    Exercise,
    course_exercises,
    exercises_of,
)

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "exercises"
KERNEL = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
          "language_info": {"name": "python"}}
SCHEMA = 3


def literal(value: Any) -> str:
    """``value`` as Python source, with double quotes (as ruff would write it)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    return repr(value)


def _meta(grade_id: str, *, solution: bool = False, grade: bool = False, points: int = 0,
          locked: bool = True) -> dict[str, Any]:
    meta: dict[str, Any] = {"grade": grade, "grade_id": grade_id, "locked": locked,
                            "schema_version": SCHEMA, "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    return {"nbgrader": meta}


def _markdown(text: str, grade_id: str) -> Any:
    cell = new_markdown_cell(text, metadata=_meta(grade_id))
    cell.id = grade_id
    return cell


def _code(source: str, grade_id: str, **options: Any) -> Any:
    cell = new_code_cell(source, metadata=_meta(grade_id, **options))
    cell.id = grade_id
    return cell


def _answer_source(name: str, answer: Mapping[str, Any]) -> str:
    lines = [f"{name} = {{"]
    lines += [f"    {literal(field)}: {literal(value)}," for field, value in answer.items()]
    lines.append("}")
    return "\n".join(lines)


def _template_comment(name: str, template: str) -> str:
    """The answer's shape as a comment, wrapped to the line length ruff checks (100)."""
    head = f"# {name} = "
    lines = textwrap.wrap(template, width=100 - len(head), break_long_words=False,
                          break_on_hyphens=False)
    return head + ("\n#" + " " * (len(head) - 1)).join(lines)


def exercise_cells(number: int, item: Exercise) -> list[Any]:
    """The cells of one exercise: the question, the position, the answer, the tests."""
    name, tag = f"answer_{number}", f"ex{number}"
    edition = ("" if item.laws == item.case.edition
               else f" — **under the {item.laws} Laws**")
    give = "\n".join(f"* `{f}`: {FIELD_HELP[f]}" for f in item.fields)
    template = literal(item.template()).replace("Ellipsis", "...")
    cells = [
        _markdown(f"## Exercise {number}: {item.title}\n\n"
                  f"*{item.difficulty}; Laws of Chess, {item.laws} edition{edition};"
                  f" casebook case `{item.case.id}`*\n\n"
                  f"{item.question}\n\nGive in `{name}`:\n\n{give}", f"{tag}-question"),
        _code(f'show("{item.id}")', f"{tag}-position"),
        _code(f"{_template_comment(name, template)}\n### BEGIN SOLUTION\n"
              f"{_answer_source(name, item.expected())}\n### END SOLUTION",
              f"{tag}-answer", solution=True, locked=False),
    ]
    for field in item.fields:
        cells.append(_code(f'grade("{item.id}", {name}, "{field}")', f"{tag}-{field}",
                           grade=True, points=1))
    return cells


def exercise_notebook(topic: str, items: list[Exercise]) -> Any:
    fields = sorted({f for item in items for f in item.fields}, key=list(FIELD_HELP).index)
    give = "\n".join(f"* `{f}`: {FIELD_HELP[f]}" for f in fields)
    intro = (
        f"# Exercises: {TOPIC_TITLES.get(topic, topic)}\n\n"
        "Each exercise is a case from the casebook: the position, what happens at the board,"
        " and a question. Rule as the arbiter, under the edition of the Laws given (clause"
        " numbers are that edition's own). The exercises go from easy to medium to hard.\n\n"
        "Write your answer in the cell of each exercise, replacing"
        " `raise NotImplementedError()` with a dict of the ruling fields asked, e.g."
        ' `answer_1 = {"result": "1/2-1/2", "reason": "threefold"}`. The fields:\n\n'
        f"{give}\n\n"
        "The cells below each answer mark it, one point per field, against the ruling of"
        " `arbiterlib` (run them to check yourself: a wrong field says which clause decides"
        " it). Do not change those cells.\n\n"
        "*Generated by `scripts/make_exercises.py` from the casebook; do not edit by hand.*")
    cells = [_markdown(intro, "intro"),
             _code("from arbiterlib.exercises import grade\n"
                   "from arbiterlib.widgets.answer import show", "setup")]
    for number, item in enumerate(items, 1):
        if number == 1 or items[number - 2].difficulty != item.difficulty:
            count = sum(1 for i in items if i.difficulty == item.difficulty)
            cells.append(_markdown(f"# {item.difficulty.capitalize()} ({count} exercise"
                                   f"{'s' if count > 1 else ''})", f"level-{item.difficulty}"))
        cells += exercise_cells(number, item)
    notebook = new_notebook(cells=cells, metadata=KERNEL)
    return notebook


def self_study_notebook() -> Any:
    cells = [
        new_markdown_cell(
            "# Self-study: every exercise with an answer form\n\n"
            "Choose a topic and a difficulty, then an exercise. Enter your ruling — the"
            " allowed moves, the result and reason, the clocks after a penalty, the claims,"
            " the draw offer, the violations (one per line, e.g. `white 4.3a`) — and press"
            " **Check**: each field is marked against the engine's ruling, with the clauses"
            " that decide it. **Show the answer** becomes available after your first"
            " attempt.\n\n"
            "The graded versions of the same exercises are the notebooks in the topic"
            " folders beside this one."),
        new_code_cell("from arbiterlib.widgets.answer import AnswerForm, SelfStudy\n\n"
                      "SelfStudy().widget()"),
        new_markdown_cell("## One exercise at a time\n\n`AnswerForm(\"case-id\")` opens one"
                          " exercise by its case id (`case-id@2018` for another edition)."),
        new_code_cell('AnswerForm("threefold-on-board").widget()'),
    ]
    for number, cell in enumerate(cells):
        cell.id = f"cell-{number}"
    return new_notebook(cells=cells, metadata=KERNEL)


def main(argv: list[str]) -> int:
    cases = load_casebook()
    items = course_exercises(cases)
    for item in exercises_of(cases, every_edition=True):
        if item.case.mismatches(item.ruling, laws=item.laws):
            print(f"left out {item.id}: the engine does not rule as the case's answer says")
    written = []
    topics = list(dict.fromkeys([*TOPIC_TITLES, *(e.topic for e in items)]))
    for topic in topics:
        chosen = [e for e in items if e.topic == topic]
        if not chosen:
            continue
        path = EXERCISES / topic / f"{topic}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(exercise_notebook(topic, chosen), path)
        written.append(path)
    path = EXERCISES / "self-study.ipynb"
    nbformat.write(self_study_notebook(), path)
    written.append(path)
    print(f"{len(items)} exercises in {len(written) - 1} notebooks, and {path.name}")
    if "--execute" in argv:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "execute_notebooks.py"),
                        *map(str, written)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
