"""Scenario files: every bad input is one clear line naming where and what."""

from __future__ import annotations

import pytest

from arbiterlib.errors import ScenarioError
from arbiterlib.scenario import EventKind, loads_scenario


def test_defaults_and_actions() -> None:
    scenario = loads_scenario("""
clocks: {white: 5:00, black: "1:02:03"}
events:
  - move: e4
    press: false
  - press: true
  - claim: threefold
    move: Nf3
  - touch: [e2, e7]
    accidental: true
  - record: "(=)"
    by: black
""")
    assert scenario.laws is None and scenario.notation == "en" and not scenario.scoresheets
    assert scenario.clocks is not None and (scenario.clocks.white, scenario.clocks.black) == (
        300, 3723)
    kinds = [e.kind for e in scenario.events]
    assert kinds == [EventKind.MOVE, EventKind.PRESS, EventKind.CLAIM, EventKind.TOUCH,
                     EventKind.RECORD]
    assert scenario.events[0].option("press") is False
    assert scenario.events[2].option("move") == "Nf3"
    assert scenario.events[3].value == ["e2", "e7"]
    assert scenario.events[4].by is False  # black


@pytest.mark.parametrize(("text", "message"), [
    ("events: [{touhc: e2}]", "s.yaml: event 0: unknown key 'touhc'"),
    ("events: [{move: e4}, {touch: e9}]", "s.yaml: event 1 (touch): bad value 'e9'"),
    ("events: [{offer: draw, accept: draw}]", "event 0: an event needs exactly one action key"),
    ("events: [{touch: e2, hands: 2}]", "event 0 (touch): hands does not go with touch"),
    ("events: [{flag: white, by: black}]", "'by' does not go with flag"),
    ("events: [{press: false}]", "write 'press: true'"),
    ("events: [{record: e4}]", "'by' is required"),
    ("events: [{claim: draw}]", "event 0 (claim): 'draw' is not one of"),
    ("clocks: {white: '5:61', black: 10}", "s.yaml: clocks.white: bad value '5:61'"),
    ("clocks: {white: 10}", "'black' is a required property"),
    ("colour: white", "unknown key 'colour'"),
    ("- a list", "a scenario must be a mapping"),
    ("moves: [", "s.yaml: line 1: YAML error"),
    ("increment: -3", "increment: -3 is less than the minimum of 0"),
])
def test_bad_input_is_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as error:
        loads_scenario(text, source="s.yaml")
    assert message in str(error.value)
    assert "\n" not in str(error.value)
    assert isinstance(error.value, ValueError)


def test_yaml_sexagesimal_readings_are_seconds() -> None:
    # YAML 1.1 reads an unquoted 4:30 as 270: the same as the reading in seconds.
    scenario = loads_scenario("clocks: {white: 4:30, black: 1:00:00}")
    assert scenario.clocks is not None
    assert (scenario.clocks.white, scenario.clocks.black) == (270, 3600)


def test_case_keys_are_kept() -> None:
    scenario = loads_scenario("title: T\ntags: [a]\nanswer: {result: null}\n")
    assert scenario.case == {"title": "T", "tags": ["a"], "answer": {"result": None}}
