"""The engine replays events and rules on them (Articles 5, 6.7 and 9.2-9.5, 2005)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiterlib import ScenarioError, rule

DANCE = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1"


def ruled(**scenario: Any) -> dict[str, Any]:
    return rule(scenario).to_dict()


def test_no_events_is_the_position_after_the_moves() -> None:
    ruling = ruled(moves="1. e4 e5 2. Nf3")
    assert ruling["fen"] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert ruling["turn"] == "black"
    assert ruling["result"] is None and ruling["clocks"] is None and ruling["laws"] == "2005"
    assert ruling["obligation"] is None and ruling["offer"] is None
    assert ruling["claims"] == ruling["violations"] == ruling["rulings"] == []


def test_moves_as_a_list_and_move_numbers_are_optional() -> None:
    assert ruled(moves=["e4", "e5", "Nf3"])["fen"] == ruled(moves="1.e4 e5 2.Nf3")["fen"]


def test_increment_is_added_when_the_mover_presses() -> None:
    ruling = ruled(clocks={"white": 60, "black": 60}, increment=30,
                   events=[{"move": "e4", "press": False}, {"clocks": {"white": 50}},
                           {"press": True}, {"move": "e5"}, {"press": True}])
    # The last press is by White, whose clock runs, but he has not moved: no increment.
    assert ruling["clocks"] == {"white": 80, "black": 90}


def test_press_by_a_player_whose_clock_is_not_running_changes_nothing() -> None:
    ruling = ruled(clocks={"white": 60, "black": 60}, increment=5,
                   events=[{"press": True, "by": "black"}])
    assert ruling["clocks"] == {"white": 60, "black": 60}
    assert "not running" in ruling["rulings"][0]["text"]


def test_correct_claim_draws_and_stops_the_clocks() -> None:
    ruling = ruled(moves=DANCE, clocks={"white": 100, "black": 100},
                   events=[{"claim": "threefold", "move": "Ng8"}])
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "threefold")
    assert ruling["rulings"][0]["articles"] == ["9.2a", "9.5a"]
    assert "not played" in ruling["rulings"][0]["text"]


def test_incorrect_claim_penalty_obligation_and_offer() -> None:
    ruling = ruled(moves="1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3", clocks={"white": 300, "black": 90},
                   events=[{"claim": "threefold", "move": "Nf6"}])
    assert ruling["result"] is None
    assert ruling["clocks"] == {"white": 480, "black": 60}
    assert ruling["obligation"] == {"moves": ["g8f6"], "article": "9.5b"}
    assert ruling["offer"] == {"by": "black", "status": "pending", "timing": "claim"}
    assert ruling["rulings"][0]["articles"] == ["9.2a", "9.5b", "9.1c"]


def test_the_written_move_clears_the_obligation_and_the_offer_is_rejected_by_moving() -> None:
    ruling = ruled(moves="1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3", clocks={"white": 300, "black": 90},
                   events=[{"claim": "threefold", "move": "Nf6"}, {"move": "Nf6"},
                           {"move": "Ng1"}])
    assert ruling["obligation"] is None and ruling["violations"] == []
    assert ruling["offer"] == {"by": "black", "status": "declined", "timing": "claim"}


def test_incorrect_claim_without_clocks_says_what_the_arbiter_does() -> None:
    ruling = ruled(events=[{"claim": "fifty-moves"}])
    assert ruling["clocks"] is None
    assert "adds 3:00 to Black's time" in ruling["rulings"][0]["text"]


def test_the_position_after_a_correct_written_claim_counts_the_written_move_only_once() -> None:
    # Two appearances before and the written move makes three; one before is not enough.
    assert ruled(moves="1. Nf3 Nf6 2. Ng1", events=[{"claim": "threefold", "move": "Ng8"}]
                 )["claims"][0]["correct"] is False


def test_checkmate_and_stalemate_end_the_game() -> None:
    mate = ruled(moves="1. f3 e5 2. g4 Qh4#")
    assert (mate["result"], mate["reason"]) == ("0-1", "checkmate")
    stalemate = ruled(fen="7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert (stalemate["result"], stalemate["reason"]) == ("1/2-1/2", "stalemate")
    bare = ruled(fen="8/8/4k3/8/8/3K4/8/8 w - - 0 1")
    assert bare["reason"] == "dead-position"


def test_every_event_kind_is_ruled_on() -> None:
    from arbiterlib.engine import Arbiter
    from arbiterlib.scenario import EventKind, Scenario

    assert set(Arbiter(Scenario())._handlers()) == set(EventKind)


def test_events_after_the_end_are_an_error() -> None:
    with pytest.raises(ScenarioError, match=r"event 0 \(move: Nc3\): the game has already"):
        rule({"moves": "1. f3 e5 2. g4 Qh4#", "events": [{"move": "Nc3"}]})


@pytest.mark.parametrize(("scenario", "message"), [
    ({"moves": "1. e4 e5 2. Ke3"}, "moves: illegal move 'Ke3' for White at move 2."),
    ({"moves": "1. e4 --"}, "'--' is a null move"),
    ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "fen: impossible position"),
    ({"fen": "rnbqkbnr/pppppppp w"}, "fen: bad FEN"),
    ({"fen": "4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1", "events": [{"move": "Nb3"}]},
     "event 0 (move: Nb3): ambiguous move 'Nb3'"),
    ({"events": [{"move": "e5", "by": "black"}]}, "Black cannot move: it is White's move"),
    ({"moves": "1. e4 e5 2. Nxf3"}, "'Nxf3' is not a capture: Nf3 takes nothing at move 2."),
    ({"events": [{"record": "e4", "by": "white"}]}, "'record' needs 'scoresheets: true'"),
    ({"laws": "1999"}, "laws: unknown edition of the Laws '1999'"),
    ({"laws": "nope.yaml"}, "laws: nope.yaml: cannot read the proposal"),
    ({"rate": "bullet"}, "rate: 'bullet' is not one of"),
])
def test_bad_scenarios(scenario: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(").replace(")", r"\)")):
        rule(scenario)
