"""The self-study answer form, without a browser: entering the fields, Check, the answer
only after an attempt, and the ipywidgets controls driving the same state."""

from __future__ import annotations

import pytest

from arbiterlib.exercises import exercise
from arbiterlib.widgets.answer import AnswerForm, SelfStudy, question_html


def test_the_form_starts_empty_and_hides_the_ruling() -> None:
    form = AnswerForm("touch-claim-upheld")
    assert form.answer() == {"moves": [], "violations": []}
    assert form.move_options() == ["Na3", "Nc3", "Nf3", "Nh3", "a3", "a4", "b3", "b4", "c3",
                                   "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4",
                                   "h3", "h4"]
    assert form.feedback_html() == "<p><i>Enter your answer and press Check.</i></p>"
    assert form.answer_html() == ""
    with pytest.raises(ValueError, match="press Check first"):
        form.reveal()
    page = form.question_html()
    assert "White touches his knight on g1." in page
    assert "Nf3 or Nh3" not in page and "4.3a" in page  # the field help's example only
    assert "<svg" in page


def test_check_marks_each_field_with_its_clause() -> None:
    form = AnswerForm("touch-claim-upheld")
    form.set("moves", ["Nf3"])
    form.set("violations", "white 4.3a\n")
    form.set_claim(1, True)
    assert form.answer() == {"moves": ["Nf3"], "claims": [True], "violations": ["white 4.3a"]}
    marking = form.check()
    assert form.attempts == 1 and marking.score == 2
    assert form.feedback_html() == (
        "<p><b>2 of 3 right.</b></p><ul>"
        "<li>✘ <code>moves</code>: 1 allowed move missing (4.3a)</li>"
        "<li>✔ <code>claims</code>: touch-move by black: correct (4.3a)</li>"
        "<li>✔ <code>violations</code>: white breaks 4.3a (4.3a)</li></ul>")
    form.set("moves", ["Nh3", "Nf3"])
    assert form.check().correct and form.attempts == 2
    assert form.feedback_html().startswith("<p><b>All right.</b></p>")


def test_the_answer_is_shown_after_an_attempt() -> None:
    form = AnswerForm("penalty-exactly-one-minute")
    form.set("clocks", {"white": "1:00"})
    assert form.answer() == {"result": None, "reason": None, "clocks": {"white": "1:00"}}
    marking = form.check()
    assert [f.correct for f in marking.findings] == [True, True, False, False]
    assert marking.findings[2].text == "Black's clock not given"
    form.reveal()
    shown = form.answer_html()
    assert "<li><code>clocks</code>: {&#x27;white&#x27;: &#x27;1:00&#x27;," \
           " &#x27;black&#x27;: &#x27;3:50&#x27;}</li>" in shown
    assert "<li><code>claims</code>: [False]</li>" in shown


def test_bad_entries_are_refused() -> None:
    form = AnswerForm("touch-claim-upheld")
    with pytest.raises(ValueError, match="'Ke2' is not a legal move here"):
        form.set("moves", ["Ke2"])
    with pytest.raises(ValueError, match="does not ask for 'clocks'"):
        form.set("clocks", {"white": "1:00"})


def test_the_widget_drives_the_same_state() -> None:
    form = AnswerForm(exercise("penalty-exactly-one-minute"))
    box = form.widget()
    assert repr(box) == "<answer form>"
    controls = form.controls
    assert controls["show"].disabled
    assert controls["result"].options[0] == ("the game goes on", None)
    controls["white"].value = "1:00"
    controls["black"].value = " 3:50 "
    (claim,) = controls["claims"]
    claim.value = False
    controls["check"].click()
    assert form.attempts == 1 and form.marking is not None and form.marking.correct
    assert controls["feedback"].value.startswith("<p><b>All right.</b></p>")
    assert not controls["show"].disabled and controls["answer"].value == ""
    controls["show"].click()
    assert form.revealed and "<b>The answer</b>" in controls["answer"].value
    assert controls["show"].disabled


def test_the_widget_moves_and_violations() -> None:
    form = AnswerForm("touch-claim-upheld")
    form.widget()
    controls = form.controls
    assert list(controls["moves"].options) == form.move_options()
    controls["moves"].value = ("Nf3", "Nh3")
    controls["violations"].value = "white 4.3a"
    controls["claims"][0].value = True
    controls["check"].click()
    assert form.answer() == {"moves": ["Nf3", "Nh3"], "claims": [True],
                             "violations": ["white 4.3a"]}
    assert form.marking is not None and form.marking.correct


def test_offer_fields() -> None:
    form = AnswerForm("offer-on-opponents-time")
    form.widget()
    controls = form.controls
    controls["result"].value = "1/2-1/2"
    controls["reason"].value = "agreement"
    controls["offer"].value = "accepted"
    controls["offer_timing"].value = "proper"
    controls["check"].click()
    assert form.marking is not None
    assert [(f.field, f.correct) for f in form.marking.findings] == [
        ("result", True), ("reason", True), ("offer", True), ("offer_timing", False)]


def test_self_study_filters_and_opens_a_fresh_form() -> None:
    study = SelfStudy()
    assert len(study.exercises) >= 40
    assert study.topics()[:2] == ["touch-move", "scoresheets"]
    study.topic, study.difficulty = "threefold", "hard"
    assert [e.id for e in study.matching()] == ["threefold-en-passant-never-legal"]
    box = study.widget()
    assert repr(box) == "<self-study>"
    study.controls["topic"].value = "fifty-moves"
    study.controls["difficulty"].value = "hard"
    assert [label for label, _ in study.controls["choose"].options] == [
        "— choose an exercise —", "The fiftieth move is played, then claimed (hard, 2005)"]
    study.controls["choose"].value = "fifty-moves-claim-after-moving"
    assert study.form is not None and study.form.exercise.id == "fifty-moves-claim-after-moving"
    assert repr(study.controls["area"].children[0]) == "<answer form>"
    with pytest.raises(ValueError, match="no exercise 'nope'"):
        study.choose("nope")


def test_question_html_of_another_edition() -> None:
    page = question_html(exercise("editions-two-hands@2018"))
    assert "Laws of Chess, 2018 edition" in page
    assert "This exercise: the ruling under the 2018 Laws." in page
    assert "7.5.4" not in page
