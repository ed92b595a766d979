"""arbiterlib.exercises: a case becomes an exercise with the right fields; the checker
accepts the engine's own answer and rejects a wrong one, naming the clause; the committed
exercise notebooks are what scripts/make_exercises.py generates."""

from __future__ import annotations

import collections
import importlib.util
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

from arbiterlib.casebook import load_cases
from arbiterlib.exercises import (
    DIFFICULTIES,
    Exercise,
    course_exercises,
    exercise,
    exercises_of,
    fields_for,
    from_case,
    grade,
    parse_violation,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def everything() -> list[Exercise]:
    return exercises_of(load_cases(), every_edition=True)


def test_a_case_becomes_an_exercise_with_its_fields() -> None:
    item = exercise("touch-claim-upheld")
    assert item.topic == "touch-move" and item.difficulty == "easy" and item.laws == "2005"
    assert item.fields == ("moves", "claims", "violations")
    assert item.expected() == {"moves": ["Nf3", "Nh3"], "claims": [True],
                               "violations": [{"by": "white", "article": "4.3a"}]}
    assert item.template() == {"moves": ..., "claims": ..., "violations": ...}
    assert item.board().fen() == item.case.board().fen()
    assert item.events()[0] == "White touches his knight on g1."
    assert item.articles("moves") == ("4.3a",)


def test_a_penalty_exercise_asks_result_reason_clocks_and_claims() -> None:
    item = exercise("penalty-exactly-one-minute")
    assert item.topic == "incorrect-claims"
    assert item.expected() == {"result": None, "reason": None,
                               "clocks": {"white": "1:00", "black": "3:50"},
                               "claims": [False]}
    assert item.articles("clocks") == ("9.5b",)
    assert item.articles("claims") == ("9.2b",)


def test_an_offer_exercise_asks_the_timing_when_the_case_does() -> None:
    assert exercise("offer-on-opponents-time").expected() == {
        "result": "1/2-1/2", "reason": "agreement", "offer": "accepted",
        "offer_timing": "irregular"}
    assert fields_for({"offer": {"by": "white", "status": "pending"}}) == ("offer",)
    assert fields_for({"fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "turn": "white"}) == ()


def test_an_exercise_under_another_edition() -> None:
    item = exercise("editions-two-hands@2018")
    assert item.laws == "2018" and item.id == "editions-two-hands@2018"
    assert item.question.endswith("This exercise: the ruling under the 2018 Laws.")
    assert item.expected() == {"result": None, "reason": None,
                               "clocks": {"white": "1:00:00", "black": "1:02:00"},
                               "violations": [{"by": "white", "article": "7.5.4"}]}
    assert exercise("editions-two-hands").expected()["violations"] == [
        {"by": "white", "article": "4.1"}]


def test_the_checker_accepts_the_engines_own_answer(everything: list[Exercise]) -> None:
    for item in everything:
        marking = item.check(item.expected())
        assert marking.correct, (item.id, str(marking))
        assert marking.score == len(item.fields)


def test_a_blank_answer_gets_nothing(everything: list[Exercise]) -> None:
    for item in everything:
        marking = item.check({})
        assert marking.score == 0
        assert {f.text for f in marking.findings} == {"not answered"}


def test_a_wrong_answer_is_rejected_naming_the_clause() -> None:
    item = exercise("touch-claim-upheld")
    marking = item.check({"moves": ["Nc3"], "claims": [False], "violations": []})
    assert not marking.correct and marking.score == 0
    assert str(marking) == (
        "moves: wrong — Nc3 not allowed; 2 allowed moves missing (4.3a)\n"
        "claims: wrong — claim 1 (black, touch-move) is correct (4.3a)\n"
        "violations: wrong — missed: white breaks 4.3a (4.3a)")


def test_moves_in_uci_or_san_in_any_order() -> None:
    item = exercise("touch-claim-upheld")
    for moves in (["g1h3", "g1f3"], ["Nh3", "Nf3"], "Nf3, g1h3"):
        assert item.check({"moves": moves}, ["moves"]).correct
    (finding,) = item.check({"moves": ["Nf3"]}, ["moves"]).findings
    assert str(finding) == "moves: wrong — 1 allowed move missing (4.3a)"
    (finding,) = item.check({"moves": ["Ke2"]}, ["moves"]).findings
    assert finding.text == "'Ke2' is not a legal move for white in the position"


def test_clocks_result_and_reason_are_marked() -> None:
    item = exercise("penalty-exactly-one-minute")
    right = {"result": None, "reason": None, "clocks": {"white": 60, "black": "3:50"},
             "claims": ["incorrect"]}
    assert item.check(right).correct
    marking = item.check({**right, "result": "1/2-1/2", "reason": "threefold",
                          "clocks": {"white": "0:30", "black": "3:50"}, "claims": [True]})
    assert [str(f) for f in marking.findings] == [
        "result: wrong — the game is not over (9.5b)",
        "reason: wrong — the game has not ended, so there is no reason (9.5b)",
        "clocks: wrong — White's clock does not show 0:30 (9.5b)",
        "claims: wrong — claim 1 (white, threefold) is incorrect (9.2b)"]


def test_violations_are_compared_by_player_and_clause() -> None:
    item = exercise("editions-two-hands@2018")
    (finding,) = item.check({"violations": ["white 4.1"]}, ["violations"]).findings
    assert str(finding) == ("violations: wrong — not a violation here: white breaks 4.1."
                            " missed: white breaks 7.5.4 (7.5.4)")
    assert item.check({"violations": [{"by": "White", "article": "7.5.4"}]},
                      ["violations"]).correct
    assert parse_violation("black 8.1") == ("black", "8.1")
    with pytest.raises(ValueError, match="is not a violation"):
        parse_violation("8.1")


def test_grade_prints_a_right_field_and_raises_on_a_wrong_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    grade("threefold-on-board", {"result": "1/2-1/2"}, "result")
    assert capsys.readouterr().out == "result: right — the result is 1/2-1/2 (9.2b, 9.5a)\n"
    with pytest.raises(AssertionError, match=r"^reason: wrong — the game did not end by"
                                             r" agreement \("):
        grade("threefold-on-board", {"reason": "agreement"}, "reason")
    with pytest.raises(ValueError, match="does not ask for 'moves'"):
        grade("threefold-on-board", {}, "moves")
    with pytest.raises(ValueError, match="no case 'no-such-case'"):
        exercise("no-such-case")


def test_there_are_enough_exercises_on_every_topic(everything: list[Exercise]) -> None:
    mine = [e for e in everything if e.topic == "editions" or e.laws == e.case.edition]
    assert len(mine) >= 40
    topics = collections.Counter(e.topic for e in mine)
    assert set(topics) == {"touch-move", "scoresheets", "draw-offers", "threefold",
                           "fifty-moves", "incorrect-claims", "dead-positions", "editions"}
    assert {e.difficulty for e in mine} == set(DIFFICULTIES)
    assert from_case(load_cases()[0]).id == load_cases()[0].id


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_exercises",
                                                  ROOT / "scripts" / "make_exercises.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_notebooks_are_what_the_script_generates(
        everything: list[Exercise]) -> None:
    make = _generator()
    folders = sorted(p for p in (ROOT / "exercises").iterdir() if p.is_dir())
    assert [p.name for p in folders] == sorted({e.topic for e in everything})
    total = 0
    course = course_exercises(load_cases())
    for folder in folders:
        items = [e for e in course if e.topic == folder.name]
        fresh = make.exercise_notebook(folder.name, items)
        committed = nbformat.read(folder / f"{folder.name}.ipynb", as_version=4)
        assert [c.source for c in committed.cells] == [c.source for c in fresh.cells], (
            f"{folder.name}: run scripts/make_exercises.py --execute")
        assert [c.metadata for c in committed.cells] == [c.metadata for c in fresh.cells]
        total += len(items)
    assert total >= 40
