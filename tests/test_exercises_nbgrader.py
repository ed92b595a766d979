"""nbgrader end to end on one exercise set, in a temporary course directory: the student
version has no solutions; a blank submission gets no marks, the worked answers full marks."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader")

from nbgrader.api import Gradebook

ROOT = Path(__file__).resolve().parents[1]
ASSIGNMENT = "threefold"
SOURCE = ROOT / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"


def nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run nbgrader from the virtual environment in ``course`` (it reads the course's
    ``nbgrader_config.py``; nbgrader runs ``alembic`` from the PATH)."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}"}
    result = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    return result


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    (root / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.root = {str(root)!r}\n"
        "c.CourseDirectory.course_id = 'arbiter'\n"
        f"c.CourseDirectory.db_url = 'sqlite:///{root / 'gradebook.db'}'\n")
    (root / "source" / ASSIGNMENT).mkdir(parents=True)
    shutil.copy(SOURCE, root / "source" / ASSIGNMENT)
    nbgrader(root, "generate_assignment", ASSIGNMENT, "--create")
    released = root / "release" / ASSIGNMENT / SOURCE.name
    for student, notebook in (("blank", released), ("worked", SOURCE)):
        folder = root / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        shutil.copy(notebook, folder / SOURCE.name)
    nbgrader(root, "autograde", ASSIGNMENT, "--create")
    nbgrader(root, "export", "--to", str(root / "grades.csv"))
    return root


def _sources(path: Path) -> str:
    """The code of the notebook's code cells."""
    return "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells
                     if cell.cell_type == "code")


def test_the_student_version_has_no_solutions(course: Path) -> None:
    source, student = _sources(SOURCE), _sources(course / "release" / ASSIGNMENT / SOURCE.name)
    assert "### BEGIN SOLUTION" in source
    assert "### BEGIN SOLUTION" not in student and "### END SOLUTION" not in student
    worked = 'answer_1 = {\n    "result": "1/2-1/2",\n    "reason": "threefold",'
    assert worked in source
    assert worked not in student and '"reason": "threefold",\n' not in student
    assert student.count("raise NotImplementedError()") == source.count("### BEGIN SOLUTION")
    # the test cells are still there, the outputs of the worked answers are not
    assert 'grade("threefold-on-board", answer_1, "claims")' in student
    released = nbformat.read(course / "release" / ASSIGNMENT / SOURCE.name, as_version=4)
    assert not any(cell.get("outputs") for cell in released.cells)


def test_autograde_marks_blank_zero_and_worked_answers_full(course: Path) -> None:
    notebook = nbformat.read(SOURCE, as_version=4)
    total = sum(cell.metadata["nbgrader"].get("points", 0) for cell in notebook.cells)
    assert total > 10
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assignment = gradebook.find_assignment(ASSIGNMENT)
        assert assignment.max_score == total
        blank = gradebook.find_submission(ASSIGNMENT, "blank")
        worked = gradebook.find_submission(ASSIGNMENT, "worked")
        assert blank.score == 0
        assert worked.score == total


def test_export_writes_the_grades_as_csv(course: Path) -> None:
    with (course / "grades.csv").open() as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    assert sorted(rows) == ["blank", "worked"]
    assert float(rows["blank"]["score"]) == 0.0
    assert float(rows["worked"]["score"]) == float(rows["worked"]["max_score"]) > 10
