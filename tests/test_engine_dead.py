"""Dead positions (9.6) and flag falls (6.9) in the engine, 2005 Laws: positions the
analyser decides at once (bare material, a blocked wall, short helpmates)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiterlib import ScenarioError, rule

ROOK = "8/8/4k3/8/8/8/8/R3K3 {} - - 0 70"
WALL = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 50"
OPEN_WALL = "8/8/1k6/p1p1p1p1/P1P1P3/6P1/3K4/8 w - - 0 50"
LOST_ON_TIME = "loses the game for exceeding the time (his flag has fallen):"


def ruled(**scenario: Any) -> dict[str, Any]:
    return rule(scenario).to_dict()


def test_flag_against_a_lone_king_is_a_draw() -> None:
    ruling = ruled(fen=ROOK.format("w"), clocks={"white": 4, "black": 150},
                   events=[{"flag": "white"}])
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "flag")
    assert ruling["clocks"] == {"white": 0, "black": 150}
    (said,) = ruling["rulings"]
    assert (said["event"], said["articles"]) == (0, ["6.9"])
    assert said["text"].startswith("White would lose for exceeding the time (his flag has"
                                   " fallen), but Black cannot checkmate by any series of legal"
                                   " moves (insufficient material")
    assert said["text"].endswith("): the game is drawn (6.9).")


def test_flag_against_king_and_rook_loses() -> None:
    ruling = ruled(fen=ROOK.format("b"), events=[{"flag": "black"}])
    assert (ruling["result"], ruling["reason"]) == ("1-0", "flag")
    assert ruling["rulings"] == [{
        "event": 0, "articles": ["6.9"],
        "text": f"Black {LOST_ON_TIME} White can still checkmate by some series of legal"
                " moves (6.9)."}]


@pytest.mark.parametrize(("fen", "flag", "result"), [
    # King and bishop mate a king whose own pawn takes his last square.
    ("7k/7p/5K2/8/8/8/8/4B3 b - - 0 70", "black", "1-0"),
    # Two knights cannot force mate, but a mate can occur.
    ("7k/8/6K1/4N3/5N2/8/8/8 b - - 0 80", "black", "1-0"),
    # A knight can never mate a king and queen.
    ("8/8/4k3/8/3q4/8/8/1N2K3 b - - 0 70", "black", "1/2-1/2"),
    # A lone king never mates, even against bare kings.
    ("8/8/4k3/8/8/8/8/4K3 w - - 0 70", "white", None),
])
def test_flag_falls(fen: str, flag: str, result: str | None) -> None:
    if result is None:  # the start position is already dead: the game is over
        with pytest.raises(ScenarioError, match=r"^event 0 \(flag: white\): the game has"
                                                r" already ended \(1/2-1/2\)$"):
            ruled(fen=fen, events=[{"flag": flag}])
        return
    ruling = ruled(fen=fen, events=[{"flag": flag}])
    assert (ruling["result"], ruling["reason"]) == (result, "flag")
    assert ruling["rulings"][0]["articles"] == ["6.9"]


def test_a_capture_leaving_bare_material_ends_the_game_at_once() -> None:
    ruling = ruled(fen="8/8/4k3/4N3/8/8/8/3BK3 b - - 0 60", clocks={"white": 300, "black": 240},
                   events=[{"move": "Kxe5"}])
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "dead-position")
    assert ruling["fen"] == "8/8/8/4k3/8/8/8/3BK3 w - - 0 61"
    assert ruling["rulings"] == [{
        "event": 0, "articles": ["9.6"],
        "text": "No series of legal moves can lead to checkmate by either side (insufficient"
                " material: king and bishops, with every bishop on one colour of square, cannot"
                " mate; insufficient material: a lone king cannot give checkmate): the position"
                " is dead and the game is drawn at once (9.6)."}]
    with pytest.raises(ScenarioError, match=r"^event 1 \(flag: white\): the game has already"
                                            r" ended \(1/2-1/2\)$"):
        ruled(fen="8/8/4k3/4N3/8/8/8/3BK3 b - - 0 60", clocks={"white": 300, "black": 240},
              events=[{"move": "Kxe5"}, {"flag": "white"}])


def test_bishops_on_one_colour_are_dead_on_both_colours_not() -> None:
    same = ruled(fen="8/8/3bk3/3N4/8/2B5/4K3/8 b - - 0 60", events=[{"move": "Kxd5"}])
    assert (same["result"], same["reason"]) == ("1/2-1/2", "dead-position")
    assert same["rulings"][0]["articles"] == ["9.6"]
    opposite = ruled(fen="8/3b4/4k3/3N4/8/2B5/4K3/8 b - - 0 60", events=[{"move": "Kxd5"}])
    assert (opposite["result"], opposite["rulings"]) == (None, [])


def test_two_knights_against_a_lone_king_is_not_dead() -> None:
    ruling = ruled(fen="8/8/4k3/3b4/8/2N2N2/4K3/8 w - - 0 60", events=[{"move": "Nxd5"}])
    assert ruling["result"] is None and ruling["rulings"] == []
    assert ruling["fen"] == "8/8/4k3/3N4/8/5N2/4K3/8 b - - 0 60"


def test_the_move_that_locks_a_pawn_wall_ends_the_game() -> None:
    ruling = ruled(fen=OPEN_WALL, events=[{"move": "g4"}])
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "dead-position")
    assert ruling["rulings"] == [{
        "event": 0, "articles": ["9.6"],
        "text": "No series of legal moves can lead to checkmate by either side (the pawns are"
                " blocked and no piece can cross the wall to give mate): the position is dead"
                " and the game is drawn at once (9.6)."}]


def test_a_scenario_starting_dead_is_already_drawn() -> None:
    ruling = ruled(fen=WALL)
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "dead-position")
    assert ruling["rulings"][0]["event"] is None
    assert ruling["rulings"][0]["articles"] == ["9.6"]
    with pytest.raises(ScenarioError, match=r"^event 0 \(move: Kc3\): the game has already"
                                            r" ended \(1/2-1/2\)$"):
        ruled(fen=WALL, events=[{"move": "Kc3"}])


def test_moves_that_reach_a_dead_position_end_the_game_there() -> None:
    with pytest.raises(ScenarioError, match=r"^moves: move Be2 comes after the game ended"
                                            r" \(1/2-1/2\)$"):
        ruled(fen="8/8/4k3/4N3/8/8/8/3BK3 b - - 0 60", moves="60... Kxe5 61. Be2 Kd4")


def test_a_pending_offer_when_the_flag_falls() -> None:
    ruling = ruled(fen=ROOK.format("w"), events=[{"offer": "draw", "by": "black"},
                                                 {"flag": "white"}])
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "flag")
    # The offer lapses with the end of the game (9.1a), and the arbiter says so.
    assert ruling["offer"] == {"by": "black", "status": "lapsed", "timing": "irregular"}
    assert ruling["rulings"][-1] == {
        "event": 1, "articles": ["9.1a"],
        "text": "Black's draw offer, still standing, lapses: the game is concluded (9.1a)."}
