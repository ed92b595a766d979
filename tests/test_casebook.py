"""Every casebook case, through `arbiter rule --json`, rules as its answer says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiterlib.casebook import case_files, load_case, load_cases
from arbiterlib.cli import main
from arbiterlib.errors import ScenarioError

CASES = case_files()


def test_the_casebook_is_not_empty() -> None:
    assert len(CASES) >= 16
    assert len({c.id for c in load_cases()}) == len(CASES)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_rules_as_answered(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = load_case(path)
    assert main(["rule", str(path), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert case.mismatches(ruling) == []
    assert case.articles, "a case cites its articles"
    cited = {a for s in ruling["rulings"] for a in s["articles"]}
    assert cited & set(case.articles), "the ruling cites at least one of the case's articles"


def test_a_wrong_answer_is_reported(tmp_path: Path) -> None:
    text = CASES[0].read_text().replace("answer:", "answer:\n  result: 1-0\n  ignored: 1\n", 1)
    path = tmp_path / "wrong.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioError, match="wrong.yaml: answer: unknown answer key ignored"):
        load_case(path)
    path.write_text(CASES[0].read_text().replace("answer:", "answer:\n  turn: nobody", 1))
    assert any(m.startswith("turn: expected 'nobody'") for m in load_case(path).mismatches())


def test_a_case_without_its_question_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "incomplete.yaml"
    path.write_text("moves: 1. e4\n")
    with pytest.raises(ScenarioError, match="incomplete.yaml: a case needs title, question"):
        load_case(path)
