"""Draw offers in the engine (Article 9.1, 2005): when an offer is proper or merely valid,
conditional offers, rejection orally and by touching a piece, acceptance, 9.1c claims."""

from __future__ import annotations

from typing import Any

import pytest

from arbiterlib import ScenarioError, rule

OPENING = "1. e4 e5 2. Nf3 Nc6"
CLOCKS = {"white": "10:00", "black": "10:00"}
PROPER = [{"move": "Bb5", "press": False}, {"offer": "draw"}, {"press": True}]
STANDS = (" The offer cannot be withdrawn and stands until Black accepts it, rejects it orally"
          " or by touching a piece to move or capture it, or the game ends.")


def ruled(*events: dict[str, Any], **scenario: Any) -> dict[str, Any]:
    scenario.setdefault("moves", OPENING)
    scenario.setdefault("clocks", CLOCKS)
    return rule({**scenario, "events": list(events)}).to_dict()


def offer(by: str, status: str, timing: str) -> dict[str, str]:
    return {"by": by, "status": status, "timing": timing}


def test_offer_after_the_move_before_the_press_is_proper() -> None:
    ruling = ruled(*PROPER)
    assert ruling["offer"] == offer("white", "pending", "proper")
    assert ruling["result"] is None and ruling["violations"] == []
    assert ruling["rulings"] == [{
        "event": 1, "articles": ["9.1a"],
        "text": "White offers a draw after making his move and before pressing his clock,"
                " as 9.1a says." + STANDS}]
    assert ruling["clocks"] == {"white": 600, "black": 600} and ruling["turn"] == "black"


def test_offer_on_the_opponents_time_is_valid_but_12_5_is_considered() -> None:
    ruling = ruled({"move": "Bb5"}, {"offer": "draw", "by": "white"})
    assert ruling["offer"] == offer("white", "pending", "irregular")
    (said,) = ruling["rulings"]
    assert (said["event"], said["articles"]) == (1, ["9.1a", "12.5"])
    assert said["text"].startswith("White offers a draw other than after making his move and"
                                   " before pressing his clock: the offer is still valid"
                                   " (9.1a), but the arbiter must consider whether it"
                                   " disturbed the opponent (12.5")
    assert "12.6 in the English text" in said["text"] and said["text"].endswith(STANDS)


def test_offer_by_default_is_by_the_player_whose_clock_runs() -> None:
    # After 3. Bb5 (pressed) Black's clock runs: the offer is Black's, before his move.
    ruling = ruled({"move": "Bb5"}, {"offer": "draw"})
    assert ruling["offer"] == offer("black", "pending", "irregular")
    # Before pressing, White's clock still runs: the offer is White's, and proper.
    assert ruled({"move": "Bb5", "press": False}, {"offer": "draw"})["offer"] == offer(
        "white", "pending", "proper")


def test_offer_at_the_start_is_not_proper() -> None:
    assert ruled({"offer": "draw"}, moves="")["offer"] == offer("white", "pending", "irregular")


def test_conditional_offer_is_no_offer() -> None:
    ruling = ruled({"move": "Bb5", "press": False}, {"offer": "draw", "conditional": True},
                   {"press": True})
    assert ruling["offer"] is None and ruling["result"] is None
    assert ruling["rulings"] == [{
        "event": 1, "articles": ["9.1a"],
        "text": "White attaches a condition to his offer, but no conditions can be attached"
                " to a draw offer (9.1a): this is not a valid draw offer."}]
    with pytest.raises(ScenarioError, match=r"^event 3 \(accept: draw\): there is no draw offer"
                                            r" to answer$"):
        ruled({"move": "Bb5", "press": False}, {"offer": "draw", "conditional": True},
              {"press": True}, {"accept": "draw"})


def test_conditional_offer_leaves_a_standing_offer_standing() -> None:
    ruling = ruled(*PROPER, {"offer": "draw", "conditional": True})
    assert ruling["offer"] == offer("white", "pending", "proper")


def test_acceptance_draws_by_agreement() -> None:
    ruling = ruled(*PROPER, {"clocks": {"black": "2:00"}}, {"accept": "draw"})
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "agreement")
    assert ruling["offer"] == offer("white", "accepted", "proper")
    assert ruling["rulings"][-1] == {
        "event": 4, "articles": ["9.1a", "5.2c"],
        "text": "Black accepts White's draw offer (9.1a): the game is drawn by agreement"
                " (5.2c)."}


def test_acceptance_before_the_offerer_presses() -> None:
    ruling = ruled({"move": "Bb5", "press": False}, {"offer": "draw"}, {"accept": "draw"})
    assert (ruling["result"], ruling["offer"]) == ("1/2-1/2", offer("white", "accepted",
                                                                     "proper"))


def test_oral_rejection_and_a_late_acceptance() -> None:
    ruling = ruled(*PROPER, {"decline": "draw"}, {"accept": "draw"})
    assert ruling["result"] is None
    assert ruling["offer"] == offer("white", "declined", "proper")
    assert ruling["rulings"][1:] == [
        {"event": 3, "articles": ["9.1a"],
         "text": "Black rejects the draw offer orally (9.1a); the game continues."},
        {"event": 4, "articles": ["9.1a"],
         "text": "White's draw offer was already declined and no longer stands (9.1a): the"
                 " game continues."}]


@pytest.mark.parametrize("touch", [{"touch": "a7"}, {"touch": "b5"},
                                   {"adjust": "a7", "announced": False}, {"move": "a6"}])
def test_touching_a_piece_to_move_or_capture_it_rejects(touch: dict[str, Any]) -> None:
    ruling = ruled(*PROPER, touch, {"accept": "draw"})
    assert ruling["result"] is None
    assert ruling["offer"] == offer("white", "declined", "proper")
    rejection = {"event": 3, "articles": ["9.1a"],
                 "text": "By touching a piece to move or capture it, Black rejects the draw"
                         " offer (9.1a)."}
    assert rejection in ruling["rulings"]


@pytest.mark.parametrize("touch", [{"touch": "a7", "accidental": True}, {"adjust": "a7"}])
def test_an_accidental_touch_or_adjusting_does_not_reject(touch: dict[str, Any]) -> None:
    ruling = ruled(*PROPER, touch, {"accept": "draw"})
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "agreement")
    assert ruling["offer"] == offer("white", "accepted", "proper")


def test_the_offerers_own_move_does_not_withdraw_his_offer() -> None:
    ruling = ruled({"move": "Bb5"}, {"offer": "draw"}, {"touch": "a7"}, {"move": "a6"},
                   {"accept": "draw"})
    assert ruling["offer"] == offer("black", "accepted", "irregular")
    assert ruling["result"] == "1/2-1/2"


def test_a_new_offer_after_a_rejection() -> None:
    ruling = ruled(*PROPER, {"decline": "draw"}, {"move": "a6", "press": False},
                   {"offer": "draw"}, {"press": True}, {"accept": "draw"})
    assert ruling["offer"] == offer("black", "accepted", "proper")
    assert ruling["rulings"][-1]["text"] == ("White accepts Black's draw offer (9.1a): the"
                                             " game is drawn by agreement (5.2c).")


def test_crossing_offers_are_an_agreement() -> None:
    ruling = ruled(*PROPER, {"offer": "draw"})
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "agreement")
    assert ruling["offer"] == offer("white", "accepted", "proper")
    assert ruling["rulings"][-1]["text"] == (
        "Black offers a draw while White's offer still stands (9.1a): the players agree: the"
        " game is drawn by agreement (5.2c).")


def test_an_incorrect_claim_is_an_offer_that_can_be_accepted() -> None:
    ruling = ruled({"claim": "threefold", "move": "Nf6"}, {"accept": "draw"},
                   moves="1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3", clocks={"white": 300, "black": 300})
    assert ruling["claims"] == [{"by": "black", "rule": "threefold", "correct": False,
                                 "article": "9.2a"}]
    assert ruling["clocks"] == {"white": 480, "black": 150}
    assert ruling["offer"] == offer("black", "accepted", "claim")
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "agreement")
    assert ruling["rulings"][0]["articles"] == ["9.2a", "9.5b", "9.1c"]
    assert ruling["rulings"][1] == {
        "event": 1, "articles": ["9.1a", "5.2c"],
        "text": "White accepts Black's draw offer (9.1a); a claim counts as a draw offer"
                " (9.1c), even one found incorrect: the game is drawn by agreement (5.2c)."}


def test_the_claimants_written_move_keeps_his_offer_the_opponents_move_rejects_it() -> None:
    ruling = ruled({"claim": "threefold", "move": "Nf6"}, {"move": "Nf6"}, {"move": "Ng1"},
                   moves="1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3")
    assert ruling["offer"] == offer("black", "declined", "claim")
    assert ruling["rulings"][-1] == {
        "event": 2, "articles": ["9.1a"],
        "text": "By touching a piece to move or capture it, White rejects the draw offer"
                " (9.1a)."}


def test_answers_that_are_bad_input() -> None:
    with pytest.raises(ScenarioError, match=r"^event 0 \(accept: draw\): there is no draw"
                                            r" offer to answer$"):
        ruled({"accept": "draw"})
    with pytest.raises(ScenarioError, match=r"^event 1 \(decline: draw\): White cannot"
                                            r" answer his own draw offer$"):
        ruled({"offer": "draw"}, {"decline": "draw", "by": "white"})


def test_the_2017_edition_needs_both_players_to_have_moved() -> None:
    ruling = ruled({"move": "e4", "press": False}, {"offer": "draw"}, {"accept": "draw"},
                   moves="", laws="2017")
    assert ruling["result"] is None
    assert ruling["offer"] == offer("white", "pending", "proper")
    assert ruling["rulings"][-1]["articles"] == ["5.2.3"]


# Engine bugs found while writing these tests, now fixed.

def test_after_an_odd_number_of_moves_the_clock_of_the_player_to_move_runs() -> None:
    ruling = ruled({"offer": "draw"}, moves="1. e4 e5 2. Nf3 Nc6 3. Bb5")
    assert ruling["offer"] == offer("black", "pending", "irregular")


def test_a_claim_does_not_cancel_the_opponents_standing_offer() -> None:
    ruling = ruled({"move": "Nf3"}, {"offer": "draw", "by": "white"},
                   {"claim": "threefold", "move": "Nf6"}, {"accept": "draw", "by": "black"},
                   moves="1. Nf3 Nf6 2. Ng1 Ng8")
    assert ruling["result"] == "1/2-1/2"


def test_an_offer_still_standing_lapses_when_the_game_ends_otherwise() -> None:
    # 9.1a: the offer stands until accepted, rejected, or the game is concluded in some
    # other way. White offers a draw with his move; Black thinks it over without touching
    # a piece until his flag falls.
    ruling = ruled(*PROPER, {"flag": "black"})
    assert ruling["result"] == "1-0" and ruling["reason"] == "flag"
    assert ruling["offer"] == offer("white", "lapsed", "proper")
    # Until then it was pending.
    assert ruled(*PROPER)["offer"] == offer("white", "pending", "proper")


def test_an_answered_offer_does_not_lapse() -> None:
    ruling = ruled(*PROPER, {"decline": "draw"}, {"move": "a6"}, {"move": "Bxc6"},
                   {"move": "dxc6"})
    assert ruling["offer"] == offer("white", "declined", "proper")
