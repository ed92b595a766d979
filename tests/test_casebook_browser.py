"""The casebook as a DataFrame, its validation, the events in words, and the browser widget."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiterlib.casebook import (
    FRAME_COLUMNS,
    article_key,
    case_files,
    casebook_frame,
    cites,
    describe_events,
    find_case,
    load_case,
    load_casebook,
)
from arbiterlib.editions import EDITIONS
from arbiterlib.errors import ScenarioError
from arbiterlib.widgets import CasebookBrowser
from arbiterlib.widgets.casebook import ANY

CASE = """\
title: A case
question: Who claims?
answer: {result: null}
explanation: Nobody.
articles: ["9.2"]
tags: [threefold]
source: constructed
"""


@pytest.fixture(scope="module")
def browser() -> CasebookBrowser:
    return CasebookBrowser()


def test_every_case_is_a_row() -> None:
    frame = casebook_frame()
    assert list(frame.columns) == FRAME_COLUMNS
    assert len(frame) == len(case_files()) and frame["id"].is_unique
    rows = frame.set_index("id")
    assert rows.loc["fifty-moves-written"].to_dict() == {
        "title": "The fiftieth move is written, not played", "articles": ("9.3a", "9.5a"),
        "tags": ("fifty-moves", "written-move"), "edition": "2005", "difficulty": "easy",
        "source": "constructed", "result": "1/2-1/2", "reason": "fifty-moves",
        "claims_correct": True, "editions": ("2005",)}
    # The answer leaves out result and reason: the engine's ruling fills them in.
    under = rows.loc["penalty-under-one-minute"]
    assert (under["result"], under["reason"], under["claims_correct"]) == (None, None, False)
    offer = rows.loc["penalty-claim-accepted-as-offer"]
    assert (offer["result"], offer["reason"], offer["claims_correct"]) == (
        "1/2-1/2", "agreement", False)
    assert set(frame["edition"]) <= set(EDITIONS)
    assert set(frame["difficulty"]) == {"easy", "medium", "hard"}


def test_the_edition_is_the_cases_laws(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(CASE)
    (tmp_path / "b.yaml").write_text(CASE.replace("title:", 'laws: "2014"\ntitle:').replace(
        "answer: {result: null}", 'answer: {result: null}\nanswers: {"2018": {result: null}}'))
    frame = casebook_frame(load_casebook(tmp_path)).set_index("id")
    assert frame.loc["a", ["edition", "editions"]].tolist() == ["2005", ("2005",)]
    assert frame.loc["b", ["edition", "editions"]].tolist() == ["2014", ("2014", "2018")]
    browser = CasebookBrowser(load_casebook(tmp_path))
    assert browser.options("edition") == ["2005", "2014", "2018"]
    browser.set_filter("edition", "2018")
    assert list(browser.matching()["id"]) == ["b"]
    browser.open("b")
    browser.reveal()
    assert "Under the 2018 Laws" in browser.answer_html()


@pytest.mark.parametrize(("change", "message"), [
    (("answer: {result: null}", "answer: {winner: white}"), "answer: unknown answer key winner"),
    (('articles: ["9.2"]', "articles: [9.2]"), "articles.0: 9.2 is not of type 'string'"),
    (('articles: ["9.2"]', "articles: []"), "articles: a case cites at least one article"),
    (("title: A case", "id: a/b\ntitle: A case"), "id: bad case id 'a/b'"),
    (("source: constructed", "source: constructed\nmoves: 1. e4 e5 2. Ke3"),
     "moves: illegal move 'Ke3' for White at move 2."),
    (("source: constructed", "source: constructed\nevents: [{move: Ke2}]"),
     "event 0 (move: Ke2): illegal move 'Ke2' for White"),
    (("question: Who claims?\n", ""), "a case needs question"),
])
def test_a_bad_case_file_is_named(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(CASE)
    bad = tmp_path / "sub" / "bad.yaml"
    bad.parent.mkdir()
    bad.write_text(CASE.replace(*change))
    with pytest.raises(ScenarioError) as error:
        load_casebook(tmp_path)
    assert str(error.value).startswith(f"{bad}: {message}") and "\n" not in str(error.value)


def test_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"no case files \(\*\.yaml\) found"):
        load_casebook(tmp_path)
    (tmp_path / "a.yaml").write_text(CASE)
    (tmp_path / "b.yaml").write_text(CASE.replace("title:", "id: a\ntitle:"))
    with pytest.raises(ScenarioError, match="case id 'a' is also used by"):
        load_casebook(tmp_path)


def test_find_a_case() -> None:
    assert find_case("fifty-moves-written").title == "The fiftieth move is written, not played"
    with pytest.raises(ScenarioError, match="no case 'nope' in the casebook"):
        find_case("nope")


def test_articles_and_their_clauses(browser: CasebookBrowser) -> None:
    options = browser.options("article")
    assert {"9", "9.2", "9.2a", "9.2b", "9.3", "9.5b"} <= set(options)
    assert options == sorted(options, key=article_key)
    assert cites(("9.2b", "9.5b"), "9.2") and cites(("9.2b",), "9.2b")
    assert cites(("9.2b",), "9") and not cites(("19.2",), "9") and not cites(("9.2",), "9.")
    assert not cites(("9.20",), "9.2") and not cites(("9.2",), "9.2b")
    assert sorted(["9.10", "9.2b", "9.2", "Appendix E", "9.2a"], key=article_key) == [
        "9.2", "9.2a", "9.2b", "9.10", "Appendix E"]


def test_events_in_words() -> None:
    cases = {case.id: case for case in load_casebook()}
    assert describe_events(cases["penalty-written-move-enforced"]) == [
        "Black stops the clocks and claims a draw by repetition of the position, having"
        " written 3...Nf6 on his scoresheet and declared that he will play it.",
        "Black plays 3...Nc6."]
    assert describe_events(cases["fifty-moves-claim-after-moving"]) == [
        "Black plays 110...Kb8, and does not press his clock.",
        "Black stops the clocks and claims a draw under the fifty-move rule, without writing"
        " a move.",
        "White stops the clocks and claims a draw under the fifty-move rule, without writing"
        " a move."]
    assert describe_events(cases["penalty-claim-accepted-as-offer"])[1] == (
        "White accepts the draw offer.")


def test_words_for_every_kind_of_event(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(CASE + "clocks: {white: 60, black: 60}\nevents:\n"
                    "  - {clocks: {white: '0:50'}, note: the arbiter reads the clock}\n"
                    "  - adjust: g1\n"
                    "  - touch: e2\n"
                    "  - release: e2e4\n"
                    "  - {move: e4, hands: 2}\n"
                    "  - {touch: [d7, e4], accidental: true}\n"
                    "  - {move: e5, press: false}\n"
                    "  - press: true\n"
                    "  - offer: draw\n"
                    "  - decline: draw\n"
                    "  - {claim: touch-move, by: white}\n")
    assert describe_events(load_case(path)) == [
        "The clocks now show White 0:50 (the arbiter reads the clock).",
        "White adjusts his knight on g1, having first said 'j'adoube'.",
        "White touches his pawn on e2.",
        "White moves his pawn from e2 to e4 and lets go of it.",
        "White plays 1. e4, using both hands.",
        "Black accidentally touches his pawn on d7 and White's pawn on e4 at the same moment.",
        "Black plays 1...e5, and does not press his clock.",
        "Black presses his clock.",
        "White offers a draw.",
        "Black declines the draw offer.",
        "White stops the clocks and claims that his opponent must move the piece he touched"
        " (touch-move)."]


def test_filters(browser: CasebookBrowser) -> None:
    assert len(browser.matching()) == len(browser.cases)
    browser.set_filter("article", "9.3")
    found = set(browser.matching()["id"])
    assert {"fifty-moves-claim-after-moving", "fifty-moves-count-from-capture",
            "fifty-moves-on-board", "fifty-moves-one-short", "fifty-moves-written-capture",
            "fifty-moves-written", "penalty-claim-accepted-as-offer"} <= found
    assert "penalty-capped" not in found and "threefold-on-board" not in found
    assert all(any(a.startswith("9.3") for a in browser.cases[i].articles) for i in found)
    browser.set_filter("difficulty", "hard")
    hard = set(browser.matching()["id"])
    assert "fifty-moves-claim-after-moving" in hard and hard < found
    assert {browser.cases[i].difficulty for i in hard} == {"hard"}
    browser.set_filter("tag", "boundary")
    assert browser.matching().empty
    assert "No case matches these filters" in browser.listing_html()
    for name in ("article", "tag", "difficulty"):
        browser.set_filter(name, ANY)
    browser.set_filter("article", "9")
    assert len(browser.matching()) == sum(
        any(a.startswith("9.") for a in c.articles) for c in browser.cases.values())
    browser.set_filter("article", None)
    browser.set_filter("edition", "2005")
    assert len(browser.matching()) == sum("2005" in c.editions for c in browser.cases.values())
    browser.set_filter("edition", None)
    with pytest.raises(ValueError, match="no case has edition '2099'"):
        browser.set_filter("edition", "2099")
    with pytest.raises(ValueError, match="unknown filter 'colour'"):
        browser.options("colour")


def test_the_answer_only_on_request(browser: CasebookBrowser) -> None:
    view = browser.widget()
    assert repr(view) == "<casebook browser>"
    controls = browser.controls
    assert controls["reveal"].disabled and "Choose a case" in controls["case"].value
    controls["article"].value = "9.5b"
    controls["tag"].value = "boundary"
    values = [v for _, v in controls["choose"].options]
    assert values[0] is None
    assert {"penalty-exactly-one-minute", "penalty-exactly-two-minutes"} <= set(values)
    controls["choose"].value = "penalty-exactly-two-minutes"
    case = controls["case"].value
    assert "<svg" in case and "Exactly two minutes — a gap in the text" in case
    assert "exactly 2:00 on his clock" in case
    assert "Black stops the clocks and claims a draw under the fifty-move rule" in case
    assert controls["answer"].value == "" and not controls["reveal"].disabled
    controls["reveal"].click()
    answer = controls["answer"].value
    assert "both readings give 1:00" in answer and "Clocks:</b> White 6:00, Black 1:00" in answer
    assert "Both readings lead to the same clock" in answer  # the explanation
    assert controls["reveal"].disabled
    controls["choose"].value = "penalty-exactly-one-minute"
    assert controls["answer"].value == "" and not controls["reveal"].disabled
    controls["tag"].value = "capture"  # the open case no longer matches: it is closed
    assert browser.selected is None and controls["choose"].value is None
    assert "Choose a case" in controls["case"].value and controls["reveal"].disabled
    with pytest.raises(ValueError, match="no case 'nope'"):
        browser.open("nope")
