"""The draw-offer timeline (Article 9.1), driven without a browser: rows, HTML, controls."""

from __future__ import annotations

from typing import Any

import pytest

from arbiterlib.widgets.offers import COLUMNS, OfferTimeline

OPENING = "1. e4 e5 2. Nf3 Nc6"
CLOCKS = {"white": "10:00", "black": "10:00"}


def timeline(*events: dict[str, Any], **options: Any) -> OfferTimeline:
    options.setdefault("moves", OPENING)
    options.setdefault("clocks", CLOCKS)
    return OfferTimeline(events, **options)


def offers(line: OfferTimeline) -> list[dict[str, str] | None]:
    return [r.offer.to_dict() if r.offer else None for r in line.rows]


def test_proper_offer_then_rejected_by_touching_a_piece() -> None:
    line = timeline({"move": "Bb5", "press": False}, {"offer": "draw"}, {"press": True},
                    {"touch": "a7"}, {"accept": "draw"})
    assert line.error is None
    assert [r.words for r in line.rows] == [
        "White plays 3. Bb5, and does not press his clock.", "White offers a draw.",
        "White presses his clock.", "Black touches his pawn on a7.",
        "Black accepts the draw offer."]
    assert [r.change for r in line.rows] == [
        "—",
        "White's offer, made properly (after his move, before pressing his clock), stands",
        "White's offer still stands",
        "White's offer is rejected by touching a piece to move or capture it",
        "White's offer was rejected and no longer stands"]
    assert [r.articles for r in line.rows] == [(), ("9.1a",), (), ("4.3a", "9.1a"), ("9.1a",)]
    assert offers(line) == [None] + [{"by": "white", "status": "pending", "timing": "proper"}] * 2 \
        + [{"by": "white", "status": "declined", "timing": "proper"}] * 2
    assert line.ruling is not None and line.ruling.result is None
    assert list(line.table().columns) == COLUMNS
    assert line.table()["clauses"].tolist() == ["", "9.1a", "", "4.3a, 9.1a", "9.1a"]


def test_offer_at_another_moment_conditional_and_oral_rejection() -> None:
    line = timeline({"offer": "draw"}, {"move": "Bb5"}, {"offer": "draw", "conditional": True},
                    {"decline": "draw"})
    assert [r.change for r in line.rows] == [
        "White's offer, made at another moment (valid, but it may disturb the opponent),"
        " stands",
        "White's offer still stands",
        "no valid offer was made; White's offer still stands",
        "White's offer is rejected orally"]
    assert line.rows[0].articles == ("9.1a", "12.5")
    assert "12.6 in the English text" in line.rows[0].says[0]
    assert line.rows[2].says == ("Black attaches a condition to his offer, but no conditions"
                                 " can be attached to a draw offer (9.1a): this is not a valid"
                                 " draw offer.",)


def test_conditional_offer_alone_is_no_offer() -> None:
    line = timeline({"move": "Bb5", "press": False}, {"offer": "draw", "conditional": True})
    assert line.rows[1].change == "no valid offer was made"
    assert line.rows[1].offer is None


def test_accepted_claim_counts_as_an_offer() -> None:
    line = OfferTimeline([{"claim": "fifty-moves"}, {"accept": "draw"}],
                         fen="8/8/4k3/8/3R4/3K4/8/6r1 b - - 96 110",
                         clocks={"white": "3:00", "black": "4:00"})
    assert [r.change for r in line.rows] == [
        "Black's offer, made by claiming a draw (a claim counts as an offer), stands",
        "Black's offer is accepted (a claim counts as an offer, even one found incorrect):"
        " the game is drawn"]
    assert line.rows[0].articles == ("9.3b", "9.5b", "9.1c")
    assert line.rows[1].articles == ("9.1a", "5.2c")
    assert offers(line)[-1] == {"by": "black", "status": "accepted", "timing": "claim"}
    assert "<b>Result:</b> 1/2-1/2 (agreement)" in line.html()


def test_a_flag_ends_the_game_and_the_offer_with_it() -> None:
    line = OfferTimeline([{"offer": "draw"}, {"flag": "white"}],
                         fen="8/8/4k3/8/8/8/8/R3K3 w - - 0 60", clocks=CLOCKS)
    assert line.rows[1].change == "the game has ended (1/2-1/2): White's offer lapses with it"
    assert line.rows[1].articles == ("6.9", "9.1a")  # the flag, and the offer lapsing


def test_bad_input_is_one_line_and_the_timeline_stops_before_it() -> None:
    line = timeline({"move": "Bb5"}, {"move": "Qxx"}, {"offer": "draw"})
    assert line.error == "event 1 (move: Qxx): illegal move 'Qxx' for Black"
    assert len(line.rows) == 1 and line.events == [{"move": "Bb5"}]
    assert "<b>Not ruled:</b> event 1 (move: Qxx): illegal move &#x27;Qxx&#x27;" in line.html()
    assert line.add({"move": "a6"}) is True and line.error is None
    assert line.add({"accept": "draw"}) is False
    assert line.error == "event 2 (accept: draw): there is no draw offer to answer"
    assert len(line.events) == 2
    bad = OfferTimeline(moves="1. e4 e5 2. Qq")
    assert bad.error == "moves: illegal move 'Qq' for White at move 2."
    assert bad.rows == [] and bad.ruling is None and "No events yet" in bad.html()
    assert bad.board_html() == "" and bad.result_html() == "" and bad.ruling_html() == ""


def test_undo() -> None:
    line = timeline({"move": "Bb5", "press": False}, {"offer": "draw"})
    line.undo()
    assert line.events == [{"move": "Bb5", "press": False}] and len(line.rows) == 1
    line.undo()
    line.undo()
    assert line.events == [] and line.rows == []


def test_controls_build_the_timeline() -> None:
    line = timeline()
    view = line.widget()
    assert repr(view) == "<offer timeline>"
    c = line.controls
    assert "No events yet" in c["timeline"].value and "white to move" in c["board"].value
    c["action"].value = "move, clock not yet pressed"
    c["value"].value = "Bb5"
    c["add"].click()
    assert line.events == [{"move": "Bb5", "press": False}] and c["value"].value == ""
    c["action"].value = "offer a draw"
    c["add"].click()
    c["action"].value = "press the clock"
    c["add"].click()
    c["action"].value = "accept the offer"
    c["add"].click()
    assert line.events[-1] == {"accept": "draw"}
    assert "White's offer is accepted: the game is drawn" in c["timeline"].value
    assert "<b>Result:</b> 1/2-1/2 (agreement)" in c["timeline"].value
    c["undo"].click()
    c["action"].value = "touch a piece"
    c["by"].value = "black"
    c["value"].value = "z9"
    c["add"].click()
    assert "<b>Not ruled:</b> event 3 (touch): bad value &#x27;z9&#x27;" in c["timeline"].value
    assert len(line.events) == 3
    c["value"].value = "a7"
    c["add"].click()
    assert line.events[-1] == {"touch": "a7", "by": "black"}
    assert "rejected by touching a piece" in c["timeline"].value


@pytest.mark.parametrize("action", ["reject the offer orally", "flag falls"])
def test_every_action_makes_an_event(action: str) -> None:
    line = timeline({"move": "Bb5", "press": False}, {"offer": "draw"}, {"press": True})
    line.widget()
    line.controls["action"].value = action
    line.controls["value"].value = "black"
    line.controls["add"].click()
    assert line.error is None and len(line.rows) == 4
