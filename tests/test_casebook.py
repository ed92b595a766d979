"""Every casebook case, through `arbiter rule --json`, rules as its answer says; and under
every other edition it answers for (``answers``), as that answer says."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from arbiterlib import rule
from arbiterlib.casebook import case_files, load_case, load_cases
from arbiterlib.cli import main
from arbiterlib.errors import ScenarioError

CASES = case_files()
#: (case file stem, edition) → (case id, edition) for every answer under another edition.
OTHER_EDITIONS = [(path, laws) for path in CASES for laws in load_case(path).answers]

#: Answers the engine does not yet rule as the Laws say: (case id, edition) → the bug.
#: Each is an expected failure (strict: it must fail until the engine is fixed).
ENGINE_BUGS: dict[tuple[str, str], str] = {}


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


def _expect_engine_bug(case_id: str, laws: str) -> None:
    bug = ENGINE_BUGS.get((case_id, laws))
    if bug is not None:
        pytest.xfail(bug)


@pytest.mark.parametrize(("path", "laws"), OTHER_EDITIONS,
                         ids=[f"{p.stem}@{laws}" for p, laws in OTHER_EDITIONS])
def test_case_rules_as_answered_under_other_editions(path: Path, laws: str) -> None:
    case = load_case(path)
    ruling = rule(dataclasses.replace(case.scenario, laws=laws)).to_dict()
    assert ruling["laws"] == laws
    if case.mismatches(ruling, laws=laws):
        _expect_engine_bug(case.id, laws)
    assert case.mismatches(ruling, laws=laws) == []
    assert (case.id, laws) not in ENGINE_BUGS, f"fixed: remove ({case.id}, {laws}) from ENGINE_BUGS"


def test_the_editions_casebook_contrasts_editions() -> None:
    cases = [load_case(p) for p in CASES if p.parent.name == "editions"]
    assert len(cases) >= 10
    for case in cases:
        assert case.answers, f"{case.id} answers for one edition only"
    contrasts = [c for c in cases if any(
        c.answer_for(laws) != c.answer for laws in c.answers)]
    assert len(contrasts) >= 10


def test_answers_under_an_unknown_edition_name_the_file(tmp_path: Path) -> None:
    base = CASES[0].read_text()
    path = tmp_path / "bad-answers.yaml"
    path.write_text(base + '\nanswers: {"2019": {result: null}}\n')
    with pytest.raises(ScenarioError, match=r"bad-answers.yaml: answers.2019: unknown edition"
                       r" of the Laws '2019' \(known: 2005, 2009"):
        load_case(path)
    path.write_text(base + '\nanswers: {"2018": {winner: white}}\n')
    with pytest.raises(ScenarioError, match=r"bad-answers.yaml: answers.2018: unknown answer"
                       r" key winner"):
        load_case(path)
    path.write_text(base + '\nanswers: {"2018": {clocks: {white: "9:99"}}}\n')
    with pytest.raises(ScenarioError, match=r"bad-answers.yaml: answers.2018.clocks: "):
        load_case(path)
    own = load_case(CASES[0]).edition
    path.write_text(base + f'\nanswers: {{"{own}": {{result: null}}}}\n')
    with pytest.raises(ScenarioError, match=f"answers.{own}: {own} is the case's own edition"):
        load_case(path)
    path.write_text(base + '\nanswers: {"2018": [result, null]}\n')
    with pytest.raises(ScenarioError, match=r"bad-answers.yaml: answers.2018: .*not of type"):
        load_case(path)


def test_an_answer_under_another_edition_is_compared(tmp_path: Path) -> None:
    path = tmp_path / "two-editions.yaml"
    path.write_text(CASES[0].read_text() + '\nanswers: {"2018": {turn: nobody}}\n')
    case = load_case(path)
    assert case.editions == (case.edition, "2018")
    assert case.mismatches(laws=case.edition) == []
    assert any(m.startswith("turn: expected 'nobody'") for m in case.mismatches(laws="2018"))
    with pytest.raises(ScenarioError, match="no answer under the 2023 edition"):
        case.answer_for("2023")


def test_a_wrong_answer_is_reported(tmp_path: Path) -> None:
    text = CASES[0].read_text().replace("answer:", "answer:\n  result: 1-0\n  ignored: 1\n", 1)
    path = tmp_path / "wrong.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioError, match=r"wrong.yaml: answer: unknown answer key ignored"):
        load_case(path)
    path.write_text(CASES[0].read_text().replace("answer:", "answer:\n  turn: nobody", 1))
    assert any(m.startswith("turn: expected 'nobody'") for m in load_case(path).mismatches())


def test_a_case_without_its_question_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "incomplete.yaml"
    path.write_text("moves: 1. e4\n")
    with pytest.raises(ScenarioError, match=r"incomplete.yaml: a case needs title, question"):
        load_case(path)
