"""Article 8 through the engine: scenario mappings in, ``rule(...).to_dict()`` out."""

from __future__ import annotations

from typing import Any

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiterlib import rule
from arbiterlib.errors import ScenarioError
from arbiterlib.notation import Language, write_move

ENDGAME = "8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 w - - 0 39"


def ruled(**scenario: Any) -> dict[str, Any]:
    return rule({"scoresheets": True, **scenario}).to_dict()


def rec(text: str, by: str, **options: Any) -> dict[str, Any]:
    return {"record": text, "by": by, **options}


def articles(ruling: dict[str, Any]) -> list[list[str]]:
    return [statement["articles"] for statement in ruling["rulings"]]


def test_reply_before_recording_but_not_move_twice() -> None:
    ruling = ruled(events=[{"move": "e4"}, {"move": "e5"}, rec("e4", "black"), rec("e5", "black"),
                           {"move": "Nf3"}, rec("e4", "white")])
    assert ruling["violations"] == [{"by": "white", "article": "8.1", "event": 4}]
    assert ruling["rulings"][2] == {
        "event": 4, "articles": ["8.1"],
        "text": "White moves with his scoresheet not up to date (1.): his own previous move"
                " must be recorded before he makes another (8.1)."}
    assert ruling["scoresheets"] == {"white": "1. e4", "black": "1. e4 e5"}


def test_moves_already_played_count_as_recorded() -> None:
    ruling = ruled(moves="1. e4 e5 2. Nf3 Nc6", events=[{"move": "Bb5"}, {"move": "a6"}])
    assert ruling["violations"] == []
    assert ruling["scoresheets"] == {"white": "1. e4 e5 2. Nf3 Nc6",
                                     "black": "1. e4 e5 2. Nf3 Nc6"}


def test_writing_in_advance_is_forbidden_except_for_a_claim() -> None:
    dance = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1"
    ahead = ruled(moves=dance, events=[rec("Ng8", "black"), {"move": "Ng8"}])
    assert ahead["violations"] == [{"by": "black", "article": "8.1", "event": 0}]
    assert ahead["rulings"][0]["text"].startswith(
        "Black writes 'Ng8' on Black's scoresheet: written in advance (8.1): the move has not"
        " been made")
    claim = ruled(moves=dance, events=[rec("Ng8", "black"), {"claim": "threefold", "move": "Ng8"}])
    assert claim["violations"] == []
    assert articles(claim) == [["8.1"], ["9.2a", "9.5a"]]
    assert claim["result"] == "1/2-1/2"
    opponent = ruled(moves=dance, events=[rec("Ng8", "white")])
    assert opponent["violations"] == [{"by": "white", "article": "8.1", "event": 0}]


def test_italian_letters() -> None:
    board = "6k1/5ppp/8/8/8/8/5PPP/R3K3 w - - 0 25"
    ruling = ruled(fen=board, notation="it", events=[
        {"move": "Rd1"}, rec("Rd1", "white"), rec("Td1", "black"), {"move": "Kf8"},
        rec("Rf8", "black"), rec("Nf8", "white")])
    assert ruling["violations"] == [{"by": "white", "article": "8.1", "event": 1},
                                    {"by": "white", "article": "8.1", "event": 5}]
    assert [s["text"] for s in ruling["rulings"]] == [
        "White writes 'Rd1' on White's scoresheet: recorded incorrectly (8.1): 'Rd1' is not the"
        " move played, Td1.",
        "Black writes 'Td1' on Black's scoresheet (move 25, White): correct (8.1).",
        "Black writes 'Rf8' on Black's scoresheet (move 25, Black): correct (8.1).",
        "White writes 'Nf8' on White's scoresheet: recorded incorrectly (8.1): Italian entry"
        " 'Nf8' (move 25, Black): unknown piece letter 'N' in Italian (its letters are R D T A"
        " C); it is the knight in English.",
    ]
    assert ruling["scoresheets"] == {"white": "25. Rd1 Nf8", "black": "25. Td1 Rf8"}


def test_an_entry_that_does_not_fit_the_slot_is_an_error_line() -> None:
    with pytest.raises(ScenarioError, match=r"event 2 \(record: 25\. Td2\): Black's scoresheet:"
                                            r" move 25, White already reads 'Td1'"):
        ruled(fen="6k1/5ppp/8/8/8/8/5PPP/R3K3 w - - 0 25", notation="it", events=[
            {"move": "Rd1"}, rec("25. Td1", "black"), rec("25. Td2", "black")])
    with pytest.raises(ScenarioError, match=r"notation: .*unknown notation language"):
        ruled(notation="klingon")


def test_assistant_writes_for_the_player() -> None:
    ruling = ruled(events=[{"move": "d4"}, rec("d4", "white", assistant=True),
                           rec("Nc3", "white", assistant=True)])
    assert ruling["violations"] == [{"by": "white", "article": "8.1", "event": 2}]
    assert ruling["rulings"][0]["text"] == ("An assistant writes 'd4' on White's scoresheet"
                                            " (move 1, White): correct (8.1).")


@pytest.mark.parametrize(("control", "clock", "violations"), [
    ("40/90m+30m", "4:30", []),
    ("40/90m+30m+20s", "4:30", []),
    ("40/90m+30m+30s", "4:30", [{"by": "white", "article": "8.1", "event": 2}]),
    ("40/90m+30m", "5:00", [{"by": "white", "article": "8.1", "event": 2}]),
])
def test_exemption_under_five_minutes(control: str, clock: str,
                                      violations: list[dict[str, Any]]) -> None:
    ruling = ruled(fen=ENDGAME, time_control=control, clocks={"white": clock, "black": "20:00"},
                   events=[{"move": "Rd7"}, {"move": "Kf6"}, {"move": "h5"}])
    assert ruling["violations"] == violations


def test_the_ruling_says_once_a_period_that_the_exemption_excuses_a_move() -> None:
    ruling = ruled(fen=ENDGAME, time_control="40/90m+30m",
                   clocks={"white": "4:30", "black": "20:00"},
                   events=[{"move": "Rd7"}, {"move": "Kf6"}, {"move": "h5"}, {"move": "Ra1"}])
    assert ruling["violations"] == [{"by": "black", "article": "8.1", "event": 3}]
    said = [r for r in ruling["rulings"] if r["articles"] == ["8.4"]]
    assert said == [{"event": 2, "articles": ["8.4"], "text": (
        "White moves without his scoresheet up to date (39.), but he is exempt (8.4): under"
        " five minutes (4:30 at move 39) with an increment under 30 s: not obliged to record"
        " until move 40.")}]


def test_the_exemption_ends_with_the_period() -> None:
    ruling = ruled(fen=ENDGAME, time_control="40/90m+30m",
                   clocks={"white": "4:00", "black": "20:00"},
                   events=[{"move": "Rd7"}, {"move": "Kf6"}, {"move": "h5"}, {"move": "Ra1"},
                           {"clocks": {"white": "30:40"}}, {"move": "Rd6+"}])
    # White (4:00, exempt until move 40) is bound again at move 41; Black never was exempt.
    assert ruling["violations"] == [{"by": "black", "article": "8.1", "event": 3},
                                    {"by": "white", "article": "8.1", "event": 5}]
    assert ruling["rulings"][-1]["text"] == (
        "White moves with his scoresheet not up to date (39., 39..., 40.): his own previous"
        " move must be recorded before he makes another (8.1).")


def test_after_a_flag_fall_the_exempt_player_updates_completely() -> None:
    both_low = {"white": "3:00", "black": "4:00"}
    moves = [{"move": "Rd7"}, {"move": "Kf6"}, {"move": "h5"}, {"move": "Ra1"}, {"flag": "white"}]
    not_updated = ruled(fen=ENDGAME, time_control="40/90m+30m", clocks=both_low,
                        events=[*moves, {"move": "Kh3"}])
    assert not_updated["violations"] == [{"by": "white", "article": "8.1", "event": 5}]
    assert ["6.9", "8.4"] in articles(not_updated)
    updated = ruled(fen=ENDGAME, time_control="40/90m+30m", clocks=both_low, events=[
        *moves, rec("39. Rd7", "white"), rec("39... Kf6", "white"), rec("40. h5", "white"),
        rec("40... Ra1", "white"), {"move": "Kh3"}])
    assert updated["violations"] == []
    assert updated["clocks"] == {"white": 1800, "black": 240}
    assert updated["scoresheets"] == {"white": "39. Rd7 Kf6 40. h5 Ra1", "black": ""}


def test_draw_offer_marked_by_both() -> None:
    events: list[dict[str, Any]] = [
        {"move": "Nf3", "press": False}, {"offer": "draw"}, {"press": True},
        rec("2. Nf3 (=)", "white"), {"decline": "draw"}, {"move": "Nc6"},
        rec("2. Nf3", "black"), rec("Nc6", "black"), {"move": "Bb5"}, {"move": "a6"}]
    ruling = ruled(moves="1. e4 e5", clocks={"white": 5000, "black": 5000}, events=events)
    assert ruling["violations"] == [{"by": "black", "article": "9.1b", "event": 9}]
    assert ruling["rulings"][-1]["articles"] == ["8.1", "9.1b"]
    events[6] = rec("2. Nf3 (=)", "black")
    fixed = ruled(moves="1. e4 e5", clocks={"white": 5000, "black": 5000}, events=events)
    assert fixed["violations"] == []
    assert fixed["scoresheets"]["black"] == "1. e4 e5 2. Nf3 (=) Nc6"


def test_replying_first_is_allowed_again_after_the_update() -> None:
    ruling = ruled(fen="8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 b - - 0 40",
                   time_control="40/90m+30m", clocks={"white": "0:20", "black": "12:00"},
                   events=[{"flag": "white"}, {"move": "Ra1"}, rec("40... Ra1", "black"),
                           rec("40... Ra1", "white"), {"move": "Kh3"}, {"move": "Rh1+"}])
    assert ruling["violations"] == []


def test_the_clock_of_the_player_to_move_runs_after_moves() -> None:
    ruling = rule({"moves": "1. e4", "clocks": {"white": 300, "black": 300}, "increment": 30,
                   "events": [{"move": "e5"}]}).to_dict()
    assert ruling["rulings"] == []
    assert ruling["clocks"] == {"white": 300, "black": 330}


# Hypothesis: both players record every move correctly, in any language, in any order
# that 8.1 allows (the opponent's move before or after replying), and no 8.1 violation
# is ever found.

@st.composite
def games(draw: st.DrawFn) -> tuple[Language, list[dict[str, Any]]]:
    language = draw(st.sampled_from(list(Language)))
    board = chess.Board()
    events: list[dict[str, Any]] = []
    pending: list[tuple[chess.Color, str]] = []  # opponent's moves written after replying
    for _ in range(draw(st.integers(min_value=1, max_value=14))):
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        move = draw(st.sampled_from(moves))
        entry = write_move(board, move, language)
        mover = board.turn
        events.append({"move": board.san(move)})
        board.push(move)
        if board.is_game_over():
            break
        for color, text in [(c, t) for c, t in pending if c == mover]:
            events.append(rec(text, chess.COLOR_NAMES[color]))
        pending = [(c, t) for c, t in pending if c != mover]
        events.append(rec(entry, chess.COLOR_NAMES[mover]))
        if draw(st.booleans()):
            events.append(rec(entry, chess.COLOR_NAMES[not mover]))
        else:
            pending.append((not mover, entry))
    return language, events


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_correct_recording_never_breaks_8_1(game: tuple[Language, list[dict[str, Any]]]) -> None:
    language, events = game
    ruling = ruled(notation=language.value, events=events)
    assert ruling["violations"] == []
    records = [s for s in ruling["rulings"] if events[s["event"]].get("record")]
    assert all(s["articles"] == ["8.1"] and s["text"].endswith(": correct (8.1).")
               for s in records)
    assert len(records) == sum(1 for e in events if "record" in e)


def test_a_reading_before_the_flag_does_not_exempt_in_the_new_period() -> None:
    ruling = ruled(fen="8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 w - - 0 41", time_control="40/90m+30m",
                   clocks={"white": "0:20", "black": "12:00"},
                   events=[{"flag": "white"}, {"move": "Kh3"}, rec("41. Kh3", "black"),
                           {"move": "Ra1"}, rec("41... Ra1", "black"), {"move": "Kg4"}])
    assert ruling["clocks"]["white"] == 1800
    assert ruling["violations"] == [{"by": "white", "article": "8.1", "event": 5}]


def test_players_complete_and_sign_the_sheets_after_the_game() -> None:
    # 8.7: after the game both sign both sheets, indicating the result.
    ruling = ruled(fen="7k/8/6K1/8/8/8/8/5Q2 w - - 0 60", events=[
        {"move": "Qf7"}, {"sign": "1-0", "by": "white"}, {"sign": "1/2-1/2", "by": "black"}])
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "stalemate")
    assert ruling["signed"] == {"white": "1-0", "black": "1/2-1/2"}
    assert ruling["rulings"][1]["articles"] == ["8.7"]
    assert ruling["rulings"][1]["text"].endswith(
        "The game ended 1/2-1/2 (stalemate), but the result signed stands unless the arbiter"
        " decides otherwise (8.7).")
    assert ruling["rulings"][2]["text"] == (
        "Black signs both scoresheets, indicating the result 1/2-1/2 (8.7). White signed 1-0:"
        " the sheets disagree, and the arbiter decides (8.7).")


def test_nobody_signed_is_null_and_signing_too_early_is_bad_input() -> None:
    assert ruled(fen=ENDGAME, events=[{"move": "Rd7"}])["signed"] is None
    with pytest.raises(ScenarioError, match=r"^event 0 \(sign: 1-0\): the game has not ended:"
                                            r" the scoresheets are signed at its conclusion"
                                            r" \(8.7\)$"):
        ruled(fen=ENDGAME, events=[{"sign": "1-0", "by": "white"}])
    with pytest.raises(ScenarioError, match=r"'by' is required: which player signs\?"):
        ruled(fen=ENDGAME, events=[{"sign": "1-0"}])
    with pytest.raises(ScenarioError, match=r"event 0 \(sign\): '1:0' is not one of"):
        ruled(fen=ENDGAME, events=[{"sign": "1:0", "by": "white"}])
    # Only recording and signing are allowed once the game has ended.
    with pytest.raises(ScenarioError, match=r"the game has already ended"):
        ruled(fen="7k/8/6K1/8/8/8/8/5Q2 w - - 0 60", events=[{"move": "Qf7"},
                                                             {"offer": "draw"}])
