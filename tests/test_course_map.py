"""The course map (notebooks/00-start-here.ipynb): every link leads to a file that exists,
every lesson notebook is on the map, and lessons not yet written are marked "coming"."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MAP = NOTEBOOKS / "00-start-here.ipynb"
LINK = re.compile(r"\]\(([^)\s]+)\)")
PLANNED = ["00", "01", "02", "03", "04", "05", "06", "07", "08"]


@pytest.fixture(scope="module")
def text() -> str:
    notebook = nbformat.read(MAP, as_version=4)
    return "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")


def _local_links(text: str) -> list[str]:
    return [link for link in LINK.findall(text) if "://" not in link and not link.startswith("#")]


def test_every_link_leads_to_a_file(text: str) -> None:
    links = _local_links(text)
    assert "04-threefold-repetition.ipynb" in links and "casebook.ipynb" in links
    for link in links:
        assert (NOTEBOOKS / link.split("#")[0]).exists(), f"the course map links {link}"


def test_every_notebook_is_on_the_map(text: str) -> None:
    links = set(_local_links(text))
    for path in NOTEBOOKS.glob("*.ipynb"):
        if path != MAP:
            assert path.name in links, f"{path.name} is not on the course map"


def test_every_planned_lesson_is_listed(text: str) -> None:
    rows = {line.split("|")[1].strip(): line for line in text.splitlines()
            if re.match(r"\| \d\d \|", line)}
    assert sorted(rows) == PLANNED
    for number, row in rows.items():
        written = list(NOTEBOOKS.glob(f"{number}-*.ipynb"))
        if written:
            assert f"]({written[0].name})" in row or number == "00", row
            assert "coming" not in row, f"lesson {number} exists: it is no longer coming"
        else:
            assert "*coming*" in row and "](" not in row, f"lesson {number}: mark it coming"


def test_the_exercises_are_coming_or_linked(text: str) -> None:
    exercises = [p for p in (NOTEBOOKS.parent / "exercises").glob("*") if p.is_file()]
    line = next(line for line in text.splitlines() if "**Exercises**" in line)
    assert ("*coming*" in line) == (not exercises)
