"""Flag falls (6.9) and time-control periods, through the engine."""

from __future__ import annotations

from typing import Any

from arbiterlib import rule


def ruled(**scenario: Any) -> dict[str, Any]:
    return rule(scenario).to_dict()


def test_flag_loses_when_the_opponent_can_mate() -> None:
    ruling = ruled(fen="4k3/8/8/8/8/8/4Q3/4K3 b - - 0 50", clocks={"white": 100, "black": 3},
                   events=[{"flag": "black"}])
    assert (ruling["result"], ruling["reason"]) == ("1-0", "flag")
    assert ruling["clocks"] == {"white": 100, "black": 0}
    assert ruling["rulings"][0]["articles"] == ["6.9"]


def test_flag_draws_when_the_opponent_cannot_mate() -> None:
    ruling = ruled(fen="4k3/8/8/8/8/8/4Q3/4K3 b - - 0 50", events=[{"flag": "white"}])
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "flag")
    assert "cannot checkmate" in ruling["rulings"][0]["text"]


def test_flag_at_the_end_of_a_completed_period_does_not_lose() -> None:
    # White has made exactly 20 moves: his flag marks the end of the first period.
    moves = " ".join(["Nf3 Nf6 Ng1 Ng8"] * 10)  # 20 moves each
    ruling = ruled(moves=moves, time_control="20/60m+30m", clocks={"white": 5, "black": 50},
                   events=[{"flag": "white"}])
    assert ruling["result"] is None
    assert ruling["clocks"] == {"white": 1800, "black": 50}
    assert "completed the 20 moves" in ruling["rulings"][0]["text"]


def test_flag_in_the_middle_of_a_period_loses() -> None:
    # Black has made 21 moves: his flag falls on his 22nd, inside the second period.
    moves = " ".join(["Nf3 Nf6 Ng1 Ng8"] * 10) + " Nf3 Nf6 Ng1"
    ruling = ruled(moves=moves, time_control="20/60m+30m", events=[{"flag": "black"}])
    assert (ruling["result"], ruling["reason"]) == ("1-0", "flag")
