"""The engine rules on Article 4 events (2005 seed edition): scenarios in, rulings out."""

from __future__ import annotations

import re
from typing import Any

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiterlib import ScenarioError, rule

START = chess.STARTING_FEN
BOTH_ROOKS = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
# A black bishop on c4 covers f1: only O-O-O is legal for White.
KINGSIDE_COVERED = "4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1"
# White's king is boxed in by his own pieces; a black rook on e8 would give no check.
BOXED_KING = "4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1"
# White in check from Re8: Rh2 can block on e2, Rh1 cannot move.
IN_CHECK = "k3r3/8/8/8/8/8/7R/4K2R w K - 0 1"
PROMOTION = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"


def ruled(**scenario: Any) -> dict[str, Any]:
    return rule(scenario).to_dict()


def articles(ruling: dict[str, Any]) -> list[tuple[int | None, list[str]]]:
    return [(s["event"], s["articles"]) for s in ruling["rulings"]]


def test_touching_an_own_piece_4_3a() -> None:
    ruling = ruled(events=[{"touch": "e2"}])
    assert ruling["obligation"] == {"moves": ["e2e3", "e2e4"], "article": "4.3a"}
    assert ruling["violations"] == [] and articles(ruling) == [(0, ["4.3a"])]
    assert ruling["fen"] == START and ruling["turn"] == "white"


def test_touching_own_pieces_the_first_that_can_move_4_3a() -> None:
    ruling = ruled(events=[{"touch": "a1"}, {"touch": "g1"}, {"touch": "b1"}])
    assert ruling["obligation"] == {"moves": ["g1f3", "g1h3"], "article": "4.3a"}
    assert "His rook on a1 cannot be moved." in ruling["rulings"][-1]["text"]


def test_touching_an_opponent_piece_4_3b() -> None:
    ruling = ruled(moves="1. e4 d5 2. Nc3 Nf6", events=[{"touch": "f6"}, {"touch": "d5"}])
    assert ruling["obligation"] == {"moves": ["c3d5", "e4d5"], "article": "4.3b"}
    assert articles(ruling) == [(0, ["4.5"]), (1, ["4.3b"])]


def test_touching_one_of_each_colour_4_3c() -> None:
    ruling = ruled(moves="1. e4 d5 2. Nc3 Nf6", events=[{"touch": "c3"}, {"touch": "d5"}])
    assert ruling["obligation"] == {"moves": ["c3d5"], "article": "4.3c"}
    # The capture with the touched piece is illegal: the first piece that can move.
    ruling = ruled(moves="1. e4 d5 2. Nc3 Nf6", events=[{"touch": "g1"}, {"touch": "d5"}])
    assert ruling["obligation"] == {"moves": ["g1e2", "g1f3", "g1h3"], "article": "4.3c"}


def test_touched_together_own_piece_counts_first_4_3c() -> None:
    # Nc3 cannot take f6, so the knight, counted as touched first, must move.
    ruling = ruled(moves="1. e4 d5 2. Nc3 Nf6", events=[{"touch": ["f6", "c3"]}])
    assert ruling["obligation"] == {
        "moves": ["c3a4", "c3b1", "c3b5", "c3d5", "c3e2"], "article": "4.3c"}
    assert "his own counts as touched first (4.3c)" in ruling["rulings"][0]["text"]


def test_adjusting_announced_unannounced_and_out_of_turn_4_2() -> None:
    announced = ruled(events=[{"adjust": "e2"}])
    assert announced["obligation"] is None and announced["violations"] == []
    assert articles(announced) == [(0, ["4.2"])]
    unannounced = ruled(events=[{"adjust": "e2", "announced": False}])
    assert unannounced["obligation"] == {"moves": ["e2e3", "e2e4"], "article": "4.3a"}
    assert articles(unannounced) == [(0, ["4.2"]), (0, ["4.3a"])]
    out_of_turn = ruled(events=[{"adjust": "e7", "by": "black"}])
    assert out_of_turn["violations"] == [{"by": "black", "article": "4.2", "event": 0}]
    assert out_of_turn["obligation"] is None


def test_accidental_touch_and_touch_out_of_turn_oblige_nothing() -> None:
    accidental = ruled(events=[{"touch": "g1", "accidental": True}])
    assert accidental["obligation"] is None and articles(accidental) == [(0, ["4.3"])]
    out_of_turn = ruled(events=[{"touch": "e7", "by": "black"}])
    assert out_of_turn["obligation"] is None and out_of_turn["violations"] == []
    assert out_of_turn["rulings"][0]["text"] == (
        "Black touched the black pawn on e7 while his opponent has the move: the touch-move"
        " rule binds only the player having the move (4.3).")


def test_king_then_rook_must_castle_4_4a() -> None:
    ruling = ruled(fen=BOTH_ROOKS, events=[{"touch": "e1"}, {"touch": "a1"}])
    assert ruling["obligation"] == {"moves": ["e1c1"], "article": "4.4a"}
    assert articles(ruling) == [(0, ["4.3a"]), (1, ["4.4a"])]


def test_rook_then_king_may_not_castle_4_4b() -> None:
    ruling = ruled(fen=BOTH_ROOKS, events=[{"touch": "h1"}, {"touch": "e1"}])
    assert ruling["obligation"] == {
        "moves": ["h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"],
        "article": "4.4b"}


def test_rook_first_while_in_check() -> None:
    # The rook on h1 cannot move (no move of it parries the check): the king must (4.3a).
    ruling = ruled(fen=IN_CHECK, events=[{"touch": "h1"}, {"touch": "e1"}])
    assert ruling["obligation"] == {"moves": ["e1d1", "e1d2", "e1f1", "e1f2"],
                                    "article": "4.4b"}
    blocker = ruled(fen=IN_CHECK, events=[{"touch": "h2"}, {"touch": "e1"}])
    assert blocker["obligation"] == {"moves": ["h2e2"], "article": "4.4b"}
    assert "(4.4b, which leaves it to 4.3a): Re2." in blocker["rulings"][-1]["text"]


def test_intending_to_castle_on_an_illegal_side_4_4c() -> None:
    ruling = ruled(fen=KINGSIDE_COVERED, events=[{"touch": ["e1", "h1"], "intent": "castle"}])
    assert ruling["obligation"] == {"moves": ["e1c1", "e1d1", "e1d2", "e1f2"],
                                    "article": "4.4c"}
    # The king has no legal move: the player is free.
    free = ruled(fen=BOXED_KING, events=[{"touch": ["e1", "h1"], "intent": "castle"}])
    assert free["obligation"] is None and articles(free) == [(0, ["4.4c"])]


def test_promotion_piece_released_is_final_4_4d() -> None:
    ruling = ruled(fen=PROMOTION, events=[{"release": "b7b8"}, {"release": "b7b8n"}])
    assert ruling["obligation"] == {"moves": ["b7b8n"], "article": "4.4d"}
    assert articles(ruling) == [(0, ["4.6c"]), (1, ["4.4d"])]


def test_no_touched_piece_can_move_4_5() -> None:
    ruling = ruled(events=[{"touch": "a1"}, {"touch": "d8"}])
    assert ruling["obligation"] is None
    assert articles(ruling) == [(0, ["4.5"]), (1, ["4.5"])]


def test_releases_4_6() -> None:
    made = ruled(events=[{"touch": "g1"}, {"release": "g1f3"}])
    assert made["obligation"] == {"moves": ["g1f3"], "article": "4.6"}
    castling = ruled(fen=BOTH_ROOKS, events=[{"touch": "e1"}, {"release": "e1g1"}])
    assert castling["obligation"] == {"moves": ["e1g1"], "article": "4.6b"}
    pawn = ruled(fen=PROMOTION, events=[{"release": "b7b8"}])
    assert pawn["obligation"] == {"moves": ["b7b8b", "b7b8n", "b7b8q", "b7b8r"],
                                  "article": "4.6c"}


def test_capture_then_another_move_is_a_violation_4_6a() -> None:
    ruling = ruled(moves="1. e4 d5", events=[{"touch": "e4"}, {"release": "e4d5"},
                                             {"move": "e5"}])
    assert ruling["violations"] == [{"by": "white", "article": "4.6", "event": 2}]
    assert ruling["turn"] == "black"


def test_two_hands_4_1() -> None:
    ruling = ruled(events=[{"move": "e4", "hands": 2}])
    assert ruling["violations"] == [{"by": "white", "article": "4.1", "event": 0}]
    assert articles(ruling) == [(0, ["4.1"])] and ruling["turn"] == "black"


def test_claim_upheld_takes_the_move_back_4_7() -> None:
    ruling = ruled(events=[{"touch": "g1"}, {"move": "Nc3"}, {"claim": "touch-move"}])
    assert ruling["fen"] == START and ruling["turn"] == "white"
    assert ruling["obligation"] == {"moves": ["g1f3", "g1h3"], "article": "4.3a"}
    assert ruling["violations"] == [{"by": "white", "article": "4.3a", "event": 1}]
    assert ruling["claims"] == [{"by": "black", "rule": "touch-move", "correct": True,
                                 "article": "4.3a"}]
    assert articles(ruling) == [(0, ["4.3a"]), (1, ["4.3a"]), (2, ["4.3a", "4.7"])]
    # The move owed is then made: no further violation.
    done = ruled(events=[{"touch": "g1"}, {"move": "Nc3"}, {"claim": "touch-move"},
                         {"move": "Nf3"}])
    assert done["turn"] == "black" and len(done["violations"]) == 1


def test_claim_forfeited_after_touching_a_piece_4_7() -> None:
    ruling = ruled(events=[{"touch": "g1"}, {"move": "Nc3"}, {"touch": "e7"},
                           {"claim": "touch-move"}])
    assert ruling["claims"] == [{"by": "black", "rule": "touch-move", "correct": False,
                                 "article": "4.7"}]
    assert ruling["obligation"] == {"moves": ["e7e5", "e7e6"], "article": "4.3a"}
    # An announced adjustment is not a deliberate touch: the claim still stands.
    kept = ruled(events=[{"touch": "g1"}, {"move": "Nc3"}, {"adjust": "e7"},
                         {"claim": "touch-move"}])
    assert kept["claims"][0]["correct"] is True


def test_a_touch_rejects_the_opponents_draw_offer() -> None:
    ruling = ruled(moves="1. e4", events=[{"offer": "draw", "by": "white"}, {"touch": "e7"}])
    assert ruling["offer"]["status"] == "declined"
    assert articles(ruling)[-1] == (1, ["9.1a"])


@pytest.mark.parametrize(("events", "message"), [
    ([{"touch": "e4"}], "event 0 (touch: e4): there is no piece on e4"),
    ([{"adjust": "e4"}], "event 0 (adjust: e4): there is no piece on e4"),
    ([{"release": "e3e4"}], "event 0 (release: e3e4): there is no piece on e3"),
    ([{"release": "e7e5", "by": "black"}], "Black cannot let go of a piece on a square"),
    ([{"move": "e4", "hands": 3}], "event 0 (hands): 3 is not one of [1, 2]"),
    ([{"claim": "touch-move", "move": "e5"}], "a touch-move claim has no written move"),
])
def test_bad_article_4_events(events: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(message)):
        rule({"events": events})


# A property: whatever is touched, the obligation is a non-empty set of legal moves. ---------


@st.composite
def touched_games(draw: st.DrawFn) -> tuple[list[str], list[dict[str, Any]], chess.Board]:
    """Random legal moves from the start, then random touches and adjustments of pieces."""
    board = chess.Board()
    sans: list[str] = []
    for _ in range(draw(st.integers(0, 40))):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = draw(st.sampled_from(moves))
        sans.append(board.san(move))
        board.push(move)
        if board.is_game_over():
            board.pop()
            sans.pop()
            break
    occupied = sorted(chess.SquareSet(board.occupied))
    names = st.sampled_from([chess.square_name(sq) for sq in occupied])
    touch = st.fixed_dictionaries(
        {"touch": st.lists(names, min_size=1, max_size=3, unique=True)},
        optional={"accidental": st.booleans(), "intent": st.just("castle"),
                  "by": st.sampled_from(["white", "black"])})
    adjust = st.fixed_dictionaries(
        {"adjust": names}, optional={"announced": st.booleans(),
                                     "by": st.sampled_from(["white", "black"])})
    events = draw(st.lists(st.one_of(touch, adjust), min_size=1, max_size=6))
    return sans, events, board


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(touched_games())
def test_obligation_is_none_or_a_nonempty_subset_of_the_legal_moves(
        game: tuple[list[str], list[dict[str, Any]], chess.Board]) -> None:
    sans, events, board = game
    ruling = ruled(moves=sans, events=events)
    legal = sorted(m.uci() for m in board.legal_moves)
    assert ruling["fen"] == board.fen()
    obligation = ruling["obligation"]
    if obligation is not None:
        assert obligation["moves"], "an obligation is never empty"
        assert obligation["moves"] == sorted(obligation["moves"])
        assert set(obligation["moves"]) <= set(legal)
        assert obligation["moves"] != legal, "a free player has no obligation"
        assert obligation["article"].startswith("4.")
