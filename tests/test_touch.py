"""Article 4 (2005 seed edition): touch-move obligations, adjusting, releases and 4.7 claims."""

from __future__ import annotations

from collections.abc import Sequence

import chess
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from arbiterlib.claims import ClaimRule
from arbiterlib.editions import get_edition
from arbiterlib.touch import (
    Intent,
    Obligation,
    Release,
    StatementKind,
    Touch,
    TouchError,
    TouchState,
    adjust,
    can_be_captured,
    can_be_moved,
    can_claim_touch_move,
    is_allowed,
    judge_move,
    judge_touch_move_claim,
    obligation,
    release,
    touch,
)

ED = get_edition("2005")
START = chess.STARTING_FEN
# White: Ke1, Ra1, Rh1; a black bishop on c4 covers f1, so only O-O-O is legal.
KINGSIDE_COVERED = "4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1"
# White: Ke1 boxed in by Qd1, Bf1 and pawns d2-f2; Rh1 free.
BOXED_KING = "4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1"
# White: Ke1, Ra1 (boxed in by Nb1 and a2), Rh1; O-O legal, O-O-O not.
CASTLES_SHORT = "4k3/8/8/8/8/8/PPPPPP2/RN2K2R w KQ - 0 1"
BOTH_CASTLINGS = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
# White in check from Re8: Rh2 can block on e2, Rh1 cannot move.
IN_CHECK = "k3r3/8/8/8/8/8/7R/4K2R w K - 0 1"
# White Nf3, d4; Black e5: both dxe5 and Nxe5 are legal.
TWO_CAPTURES = "4k3/8/8/4p3/3P4/5N2/8/4K3 w - - 0 1"
# White Nb1, d4; Black e5: only dxe5 captures it.
ONE_CAPTURE = "4k3/8/8/4p3/3P4/8/8/1N2K3 w - - 0 1"


def sq(name: str) -> chess.Square:
    return chess.parse_square(name)


def ucis(found: Obligation | None) -> set[str]:
    assert found is not None
    return {m.uci() for m in found.moves}


def after(fen: str, *touches: str | Sequence[str], intent: Intent | None = None) -> TouchState:
    """The state after deliberate touches; a list is pieces touched together."""
    board = chess.Board(fen)
    state = TouchState()
    for item in touches:
        names = [item] if isinstance(item, str) else list(item)
        state = touch(board, state, [sq(n) for n in names], ED, intent=intent).state
    return state


def ruling(fen: str, *touches: str | Sequence[str], intent: Intent | None = None) -> Obligation:
    found = obligation(chess.Board(fen), after(fen, *touches, intent=intent), ED)
    assert found is not None
    return found


def legal_ucis(fen: str) -> set[str]:
    return {m.uci() for m in chess.Board(fen).legal_moves}


# 4.3a, 4.5: own pieces ---------------------------------------------------------------------


def test_no_touch_no_obligation() -> None:
    assert obligation(chess.Board(), TouchState(), ED) is None


def test_own_piece_must_move() -> None:
    found = ruling(START, "g1")
    assert ucis(found) == {"g1f3", "g1h3"}
    assert found.article == "4.3a" and not found.free
    assert "knight on g1" in found.explanation and "(4.3a)" in found.explanation
    assert "Nf3 or Nh3" in found.explanation


def test_first_movable_own_piece_counts() -> None:
    # The rook on a1 cannot move, so the knight touched next must.
    assert ucis(ruling(START, "a1", "g1")) == {"g1f3", "g1h3"}
    # Both can move: the first touched.
    assert ucis(ruling(START, "b1", "g1")) == {"b1a3", "b1c3"}


def test_own_pieces_touched_together_either_may_move() -> None:
    assert ucis(ruling(START, ["b1", "g1"])) == {"b1a3", "b1c3", "g1f3", "g1h3"}
    assert ucis(ruling(START, ["a1", "g1"])) == {"g1f3", "g1h3"}


def test_piece_that_cannot_move_leaves_player_free() -> None:
    found = ruling(START, "a1")
    assert found.free and found.article == "4.5"
    assert ucis(found) == legal_ucis(START)
    assert "rook on a1 cannot be moved" in found.explanation


def test_only_first_touch_of_a_piece_counts() -> None:
    assert ucis(ruling(START, "g1", "b1", "g1")) == {"g1f3", "g1h3"}


# 4.3b: opponent's pieces -------------------------------------------------------------------


def test_opponent_piece_must_be_captured() -> None:
    found = ruling(TWO_CAPTURES, "e5")
    assert ucis(found) == {"d4e5", "f3e5"}
    assert found.article == "4.3b"


def test_opponent_piece_that_cannot_be_captured_leaves_player_free() -> None:
    found = ruling(START, "e7")
    assert found.free and found.article == "4.5"
    assert ucis(found) == legal_ucis(START)
    assert "cannot be captured" in found.explanation


def test_first_capturable_opponent_piece() -> None:
    # The king on e8 cannot be captured; the pawn on e5 touched next must be.
    assert ucis(ruling(TWO_CAPTURES, "e8", "e5")) == {"d4e5", "f3e5"}


def test_en_passant_capture_of_touched_pawn() -> None:
    fen = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"
    assert ucis(ruling(fen, "e5")) == {"d5e6"}
    assert can_be_captured(chess.Board(fen), sq("e5"))


# 4.3c: one of each colour ------------------------------------------------------------------


def test_own_then_opponent_capture_with_that_piece() -> None:
    found = ruling(TWO_CAPTURES, "f3", "e5")
    assert ucis(found) == {"f3e5"}
    assert found.article == "4.3c"


def test_opponent_then_own_capture_with_that_piece() -> None:
    assert ucis(ruling(TWO_CAPTURES, "e5", "d4")) == {"d4e5"}


def test_capture_illegal_own_touched_first_must_move() -> None:
    found = ruling(ONE_CAPTURE, "b1", "e5")
    assert ucis(found) == {"b1a3", "b1c3", "b1d2"}
    assert found.article == "4.3c"
    assert "cannot capture" in found.explanation


def test_capture_illegal_opponent_touched_first_must_be_captured() -> None:
    assert ucis(ruling(ONE_CAPTURE, "e5", "b1")) == {"d4e5"}


def test_touched_together_own_piece_counts_first() -> None:
    # Knight and pawn together: the knight cannot take it, and counts as touched first.
    assert ucis(ruling(ONE_CAPTURE, ["e5", "b1"])) == {"b1a3", "b1c3", "b1d2"}
    # Together and the capture is legal: that capture, whatever order the list gives.
    found = ruling(TWO_CAPTURES, ["e5", "f3"])
    assert ucis(found) == {"f3e5"} and found.ucis() == ["f3e5"]
    assert "his own counts as touched first (4.3c)" in found.explanation


def test_neither_movable_nor_capturable_is_free() -> None:
    found = ruling(START, "a1", "e7")
    assert found.free and found.article == "4.5"


def test_mixed_sequence_pairs_first_own_with_first_opponent() -> None:
    # Knight f3 first, pawn d4 second, then the pawn e5: Nxe5 (first own × first opponent).
    assert ucis(ruling(TWO_CAPTURES, "f3", "d4", "e5")) == {"f3e5"}
    # First own (Nb1) cannot take e5: the first piece that can move, the knight, must.
    assert ucis(ruling(ONE_CAPTURE, "b1", "d4", "e5")) == {"b1a3", "b1c3", "b1d2"}
    # Opponent's e8 king first (cannot be captured), then e5, then the d-pawn: dxe5.
    assert ucis(ruling(ONE_CAPTURE, "e8", "e5", "d4")) == {"d4e5"}


# 4.4: castling -----------------------------------------------------------------------------


def test_king_then_rook_must_castle() -> None:
    found = ruling(BOTH_CASTLINGS, "e1", "h1")
    assert ucis(found) == {"e1g1"} and found.article == "4.4a"
    assert ucis(ruling(BOTH_CASTLINGS, "e1", "a1")) == {"e1c1"}
    assert ucis(ruling(BOTH_CASTLINGS, ["e1", "h1"])) == {"e1g1"}


def test_king_then_two_rooks_castles_with_the_first_rook_it_can() -> None:
    assert ucis(ruling(KINGSIDE_COVERED, "e1", "h1", "a1")) == {"e1c1"}
    assert ucis(ruling(BOTH_CASTLINGS, "e1", "h1", "a1")) == {"e1g1"}


def test_king_then_rook_that_cannot_castle_king_must_move() -> None:
    fen = "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1"
    found = ruling(fen, "e1", "d4")
    assert ucis(found) == {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}
    assert found.article == "4.3a"


def test_king_then_rook_castling_illegal_king_must_move() -> None:
    found = ruling(KINGSIDE_COVERED, "e1", "h1")
    assert ucis(found) == {"e1c1", "e1d1", "e1d2", "e1f2"}
    assert found.article == "4.3a"
    assert "castling with his rook on h1 is not legal" in found.explanation.lower()


def test_king_then_rook_king_cannot_move_rook_must() -> None:
    found = ruling(BOXED_KING, "e1", "h1")
    assert ucis(found) == {f"h1{t}" for t in ("g1", "h2", "h3", "h4", "h5", "h6", "h7", "h8")}
    assert found.article == "4.3a"


def test_rook_then_king_may_not_castle_rook_must_move() -> None:
    found = ruling(CASTLES_SHORT, "h1", "e1")
    assert ucis(found) == {f"h1{t}" for t in ("f1", "g1", "h2", "h3", "h4", "h5", "h6", "h7",
                                               "h8")}
    assert found.article == "4.4b"
    assert "4.3a" in found.explanation


def test_rook_then_king_rook_cannot_move_king_must_other_side_allowed() -> None:
    # Ra1 is boxed in: 4.3a passes to the king; castling with the h1 rook is still allowed.
    found = ruling(CASTLES_SHORT, "a1", "e1")
    assert ucis(found) == {"e1d1", "e1f1", "e1g1"}
    assert found.article == "4.4b"


def test_rook_first_while_in_check() -> None:
    # Rh2 can block the check on e2: it must.
    assert ucis(ruling(IN_CHECK, "h2")) == {"h2e2"}
    # Rh1 cannot move while White is in check: free (4.5).
    found = ruling(IN_CHECK, "h1")
    assert found.free and found.article == "4.5" and ucis(found) == legal_ucis(IN_CHECK)
    # Rh1 then the king: the king must move (4.4b → 4.3a); castling is illegal anyway.
    found = ruling(IN_CHECK, "h1", "e1")
    assert ucis(found) == {"e1d1", "e1d2", "e1f1", "e1f2"} and found.article == "4.4b"


def test_intent_castle_illegal_side_other_king_move() -> None:
    found = ruling(KINGSIDE_COVERED, ["e1", "h1"], intent=Intent.CASTLE)
    assert ucis(found) == {"e1c1", "e1d1", "e1d2", "e1f2"}
    assert found.article == "4.4c"
    found = ruling(KINGSIDE_COVERED, "e1", "h1", intent=Intent.CASTLE)
    assert found.article == "4.4c"


def test_intent_castle_king_alone_castling_legal_king_must_move() -> None:
    found = ruling(BOTH_CASTLINGS, "e1", intent=Intent.CASTLE)
    assert ucis(found) == {"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"}
    assert found.article == "4.3a"


def test_intent_castle_no_legal_king_move_is_free() -> None:
    found = ruling(BOXED_KING, ["e1", "h1"], intent=Intent.CASTLE)
    assert found.free and found.article == "4.4c"
    assert ucis(found) == legal_ucis(BOXED_KING)
    found = ruling(BOXED_KING, "e1", intent=Intent.CASTLE)
    assert found.free and found.article == "4.4c"


def test_intent_castle_rook_touched_separately_still_binds() -> None:
    # Reading: 4.4c frees the king, or king and rook touched at the same time, only.
    board = chess.Board(BOXED_KING)
    state = touch(board, TouchState(), sq("e1"), ED, intent=Intent.CASTLE).state
    state = touch(board, state, sq("h1"), ED).state
    found = obligation(board, state, ED)
    assert found is not None and not found.free
    assert ucis(found) == {f"h1{t}" for t in ("g1", "h2", "h3", "h4", "h5", "h6", "h7", "h8")}


def test_without_intent_king_and_rook_together_either_may_move() -> None:
    found = ruling(BOXED_KING, ["e1", "h1"])
    assert not found.free
    assert ucis(found) == {f"h1{t}" for t in ("g1", "h2", "h3", "h4", "h5", "h6", "h7", "h8")}


def test_intent_on_a_piece_other_than_the_king_is_noted_and_binds() -> None:
    board = chess.Board()
    result = touch(board, TouchState(), sq("g1"), ED, intent=Intent.CASTLE)
    assert ucis(result.obligation) == {"g1f3", "g1h3"}
    assert any(s.kind is StatementKind.NOTE and s.article == "4.4c" for s in result.statements)


# Accidental touches, the opponent's touches, adjusting (4.2) ------------------------------


def test_accidental_touch_creates_nothing() -> None:
    board = chess.Board()
    result = touch(board, TouchState(), sq("g1"), ED, accidental=True)
    assert result.state == TouchState() and result.obligation is None
    assert result.statements[0].article == "4.3"
    result = touch(board, after(START, "b1"), sq("g1"), ED, accidental=True)
    assert ucis(result.obligation) == {"b1a3", "b1c3"}


def test_touch_by_player_not_having_the_move_creates_nothing() -> None:
    result = touch(chess.Board(), TouchState(), sq("g8"), ED, player=chess.BLACK)
    assert result.state == TouchState() and result.obligation is None


def test_touching_an_empty_square_is_an_error() -> None:
    with pytest.raises(TouchError, match="no piece on e4"):
        touch(chess.Board(), TouchState(), sq("e4"), ED)
    with pytest.raises(ValueError):
        adjust(chess.Board(), TouchState(), sq("e4"), ED)


def test_announced_adjustment_obliges_nothing() -> None:
    result = adjust(chess.Board(), TouchState(), sq("g1"), ED)
    assert result.state == TouchState() and result.obligation is None
    assert [s.article for s in result.statements] == ["4.2"]
    assert not result.statements[0].is_violation


def test_unannounced_adjustment_is_a_deliberate_touch() -> None:
    result = adjust(chess.Board(), TouchState(), [sq("g1")], ED, announced=False)
    assert ucis(result.obligation) == {"g1f3", "g1h3"}
    assert result.statements[0].article == "4.2"


def test_adjusting_while_opponent_has_the_move_is_a_violation() -> None:
    for announced in (True, False):
        result = adjust(chess.Board(), TouchState(), sq("g8"), ED, announced=announced,
                        player=chess.BLACK)
        (statement,) = result.statements
        assert statement.is_violation and statement.article == "4.2"
        assert "12.5 in the seed text, 12.6 in the English text" in statement.text
        assert result.state == TouchState() and result.obligation is None


# 4.6 and 4.4d: releases --------------------------------------------------------------------


def test_released_piece_fixes_the_move() -> None:
    board = chess.Board()
    result = release(board, TouchState(), "g1f3", ED)
    assert ucis(result.obligation) == {"g1f3"}
    assert result.obligation is not None and result.obligation.article == "4.6"
    assert result.state.touches == (Touch((sq("g1"),)),)
    # Touching other pieces afterwards changes nothing.
    result = touch(board, result.state, sq("b1"), ED)
    assert ucis(result.obligation) == {"g1f3"}
    # Letting it go on another square is a violation; the first square stands.
    result = release(board, result.state, "g1h3", ED)
    assert ucis(result.obligation) == {"g1f3"}
    assert result.statements[0].is_violation and result.statements[0].article == "4.6"


def test_pawn_released_on_last_rank_any_promotion_there() -> None:
    fen = "1r1k4/P7/8/8/8/8/8/4K3 w - - 0 1"
    board = chess.Board(fen)
    result = release(board, TouchState(), "a7b8", ED)
    assert ucis(result.obligation) == {"a7b8q", "a7b8r", "a7b8b", "a7b8n"}
    assert result.obligation is not None and result.obligation.article == "4.6c"
    # 4.4d: the new piece touches the square: the choice is final.
    result = release(board, result.state, "a7b8n", ED)
    assert ucis(result.obligation) == {"a7b8n"}
    assert result.obligation is not None and result.obligation.article == "4.4d"
    result = release(board, result.state, "a7b8q", ED)
    assert ucis(result.obligation) == {"a7b8n"}
    assert result.statements[0].is_violation and result.statements[0].article == "4.4d"


def test_promotion_piece_released_directly_is_final() -> None:
    board = chess.Board("3k4/P7/8/8/8/8/8/4K3 w - - 0 1")
    result = release(board, TouchState(), chess.Move.from_uci("a7a8r"), ED)
    assert ucis(result.obligation) == {"a7a8r"}
    assert result.obligation is not None and result.obligation.article == "4.4d"


def test_king_released_two_squares_obliges_castling() -> None:
    board = chess.Board(BOTH_CASTLINGS)
    result = release(board, TouchState(), "e1g1", ED)
    assert ucis(result.obligation) == {"e1g1"}
    assert result.obligation is not None and result.obligation.article == "4.6b"
    assert "castling" in result.obligation.explanation


def test_king_released_two_squares_castling_illegal_king_must_move() -> None:
    board = chess.Board(KINGSIDE_COVERED)
    result = release(board, TouchState(), "e1g1", ED)
    assert ucis(result.obligation) == {"e1c1", "e1d1", "e1d2", "e1f2"}
    assert result.obligation is not None and result.obligation.article == "4.3a"
    assert result.statements[0].kind is StatementKind.NOTE
    assert "not a legal move" in result.statements[0].text


def test_release_outside_the_touch_obligation_fixes_nothing() -> None:
    board = chess.Board()
    state = after(START, "g1")
    result = release(board, state, "b1c3", ED)
    assert ucis(result.obligation) == {"g1f3", "g1h3"}
    assert result.statements[0].is_violation and result.statements[0].article == "4.3a"
    # Now the knight touched first is released on f3: that fixes the move.
    result = release(board, result.state, "g1f3", ED)
    assert ucis(result.obligation) == {"g1f3"}


def test_castling_release_after_rook_touched_first_is_not_allowed() -> None:
    board = chess.Board(CASTLES_SHORT)
    result = release(board, after(CASTLES_SHORT, "h1"), "e1g1", ED)
    assert result.statements[0].is_violation and result.statements[0].article == "4.4b"
    assert "e1g1" not in ucis(result.obligation)


def test_later_touches_do_not_undo_a_binding_release() -> None:
    board = chess.Board(TWO_CAPTURES)
    state = release(board, TouchState(), "f3g5", ED).state
    state = touch(board, state, sq("e5"), ED).state  # pair Nf3 × e5 would say Nxe5
    assert ucis(obligation(board, state, ED)) == {"f3g5"}


def test_completed_move_other_than_the_released_one_is_a_violation() -> None:
    board = chess.Board()
    state = release(board, TouchState(), "g1f3", ED).state
    ruled = judge_move(board, state, "g1h3", ED)
    assert ruled.violation is not None and ruled.violation.obligation.article == "4.6"
    assert judge_move(board, state, "g1f3", ED).is_allowed()


def test_release_from_empty_square_is_an_error() -> None:
    with pytest.raises(TouchError):
        release(chess.Board(), TouchState(), "e4e5", ED)


# 4.1, 4.7: completed moves and the claim ---------------------------------------------------


def test_two_handed_move_violates_4_1() -> None:
    ruled = judge_move(chess.Board(), TouchState(), "e2e4", ED, hands=2)
    (statement,) = ruled.statements
    assert statement.is_violation and statement.article == "4.1"
    assert "13.4" in statement.text
    assert ruled.is_allowed()


def test_move_inside_obligation_is_allowed() -> None:
    ruled = judge_move(chess.Board(), after(START, "g1"), "g1f3", ED)
    assert ruled.is_allowed() and ruled.statements == ()


def test_illegal_move_or_hands_is_an_error() -> None:
    with pytest.raises(TouchError):
        judge_move(chess.Board(), TouchState(), "e2e5", ED)
    with pytest.raises(TouchError):
        judge_move(chess.Board(), TouchState(), "e2e4", ED, hands=3)


def test_castling_written_as_king_takes_rook_is_normalised() -> None:
    board = chess.Board(BOTH_CASTLINGS)
    ruled = judge_move(board, after(BOTH_CASTLINGS, "e1", "h1"), "e1h1", ED)
    assert ruled.move == chess.Move.from_uci("e1g1") and ruled.is_allowed()


def test_move_outside_obligation_is_a_claimable_violation() -> None:
    board = chess.Board()
    state = after(START, "g1")
    ruled = judge_move(board, state, "b1c3", ED)
    assert not ruled.is_allowed()
    assert ruled.violation is not None
    assert ruled.violation.player == chess.WHITE and ruled.violation.san == "Nc3"
    assert ruled.violation.state == state
    assert {m.uci() for m in ruled.violation.obligation.moves} == {"g1f3", "g1h3"}
    (statement,) = ruled.statements
    assert statement.is_violation and statement.article == "4.3a" and "4.7" in statement.text


def test_claim_upheld_before_claimant_touches() -> None:
    ruled = judge_move(chess.Board(), after(START, "g1"), "b1c3", ED)
    verdict = judge_touch_move_claim(ruled.violation, TouchState(), ED, claimant=chess.BLACK)
    assert verdict.rule is ClaimRule.TOUCH_MOVE
    assert verdict.correct and verdict.article == "4.3a"
    assert "taken back" in verdict.finding


def test_claim_rejected_once_claimant_touched_a_piece() -> None:
    ruled = judge_move(chess.Board(), after(START, "g1"), "b1c3", ED)
    board = chess.Board()
    board.push_uci("b1c3")
    touched = touch(board, TouchState(), sq("e7"), ED).state
    assert not can_claim_touch_move(touched)
    verdict = judge_touch_move_claim(ruled.violation, touched, ED)
    assert not verdict.correct and verdict.article == "4.7"
    assert "e7" in verdict.finding


def test_accidental_touch_or_announced_adjustment_keeps_the_claim() -> None:
    ruled = judge_move(chess.Board(), after(START, "g1"), "b1c3", ED)
    board = chess.Board()
    board.push_uci("b1c3")
    state = touch(board, TouchState(), sq("e7"), ED, accidental=True).state
    state = adjust(board, state, sq("d7"), ED).state
    assert can_claim_touch_move(state)
    assert judge_touch_move_claim(ruled.violation, state, ED).correct
    state = adjust(board, state, sq("d7"), ED, announced=False).state
    assert not judge_touch_move_claim(ruled.violation, state, ED).correct


def test_claim_without_violation_or_by_the_violator_is_rejected() -> None:
    verdict = judge_touch_move_claim(None, TouchState(), ED)
    assert not verdict.correct and verdict.article == "4.3"
    ruled = judge_move(chess.Board(), after(START, "g1"), "b1c3", ED)
    verdict = judge_touch_move_claim(ruled.violation, TouchState(), ED, claimant=chess.WHITE)
    assert not verdict.correct


# Predicates --------------------------------------------------------------------------------


def test_predicates() -> None:
    board = chess.Board()
    assert can_be_moved(board, sq("g1")) and not can_be_moved(board, sq("a1"))
    assert not can_be_captured(board, sq("e7"))
    state = after(START, "g1")
    assert is_allowed(board, chess.Move.from_uci("g1f3"), state, ED)
    assert not is_allowed(board, chess.Move.from_uci("e2e4"), state, ED)
    assert not is_allowed(board, chess.Move.from_uci("e2e5"), TouchState(), ED)
    assert is_allowed(board, chess.Move.from_uci("e2e4"), TouchState(), ED)


def test_state_records_order_and_groups() -> None:
    state = after(START, "g1", ["b1", "e7"], "g1")
    assert state.touched_squares() == [sq("g1"), sq("b1"), sq("e7")]
    assert state.touches[1] == Touch((sq("b1"), sq("e7")))
    assert not state.is_untouched() and TouchState().is_untouched()
    assert release(chess.Board(), state, "g1f3", ED).state.releases == (
        Release(chess.Move.from_uci("g1f3"), 4),)


# Property: the obligation is None or a non-empty subset of the legal moves -----------------


@st.composite
def played_positions(draw: st.DrawFn) -> chess.Board:
    """A position reached by random legal moves from the start."""
    board = chess.Board()
    for choice in draw(st.lists(st.integers(0, 10_000), max_size=80)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[choice % len(moves)])
    return chess.Board(board.fen())


PIECES = [chess.Piece(t, c) for c in chess.COLORS
          for t in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)]


@st.composite
def constructed_positions(draw: st.DrawFn) -> chess.Board:
    """A legal position built square by square (kings, up to 14 more pieces, castling)."""
    board = chess.Board(None)
    squares = draw(st.permutations(list(chess.SQUARES)))
    board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
    board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
    count = draw(st.integers(0, 14))
    for square in squares[2:2 + count]:
        piece = draw(st.sampled_from(PIECES))
        if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
            continue
        board.set_piece_at(square, piece)
    board.turn = draw(st.booleans())
    # Corner rooks and home kings may keep their castling rights.
    board.castling_rights = chess.BB_CORNERS
    board.castling_rights = board.clean_castling_rights()
    board.castling_rights &= draw(st.sampled_from([0, chess.BB_A1 | chess.BB_H1 | chess.BB_A8
                                                   | chess.BB_H8, chess.BB_H1, chess.BB_A8]))
    draw(st.just(None).filter(lambda _: board.is_valid()))
    return board


def positions() -> st.SearchStrategy[chess.Board]:
    return st.one_of(played_positions(), constructed_positions())


@st.composite
def events(draw: st.DrawFn) -> tuple[str, object, bool, Intent | None]:
    kind = draw(st.sampled_from(["touch", "touch", "touch", "together", "adjust", "release",
                                 "release"]))
    squares = draw(st.lists(st.sampled_from(list(chess.SQUARES)), min_size=1,
                            max_size=2 if kind == "together" else 1))
    flag = draw(st.booleans())
    intent = draw(st.sampled_from([None, Intent.CASTLE]))
    return kind, squares, flag, intent


def check(board: chess.Board, found: Obligation | None) -> None:
    legal = set(board.legal_moves)
    if found is None:
        return
    assert found.moves, found
    assert found.moves <= legal, found
    assert found.article
    if found.free:
        assert legal - found.moves <= {m for m in legal if board.is_castling(m)}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(board=positions(), sequence=st.lists(events(), max_size=8), data=st.data())
def test_obligation_is_none_or_a_nonempty_subset_of_legal_moves(
    board: chess.Board, sequence: list[tuple[str, object, bool, Intent | None]],
    data: st.DataObject,
) -> None:
    state = TouchState()
    legal = list(board.legal_moves)
    occupied = list(chess.SquareSet(board.occupied))
    for kind, squares, flag, intent in sequence:
        assert isinstance(squares, list)
        if data.draw(st.integers(0, 3)):  # mostly squares with pieces on them
            squares = [data.draw(st.sampled_from(occupied)) for _ in squares]
        try:
            if kind == "adjust":
                result = adjust(board, state, squares, ED, announced=flag)
            elif kind == "release":
                if legal and flag:
                    move = data.draw(st.sampled_from(legal))
                else:
                    move = chess.Move(squares[0], data.draw(st.sampled_from(chess.SQUARES)))
                result = release(board, state, move, ED)
            else:
                result = touch(board, state, squares, ED, accidental=flag and kind == "touch",
                               intent=intent)
        except TouchError:
            assert any(board.piece_at(s) is None for s in squares)
            continue
        state = result.state
        found = obligation(board, state, ED)
        assert found == result.obligation
        check(board, found)
        event("obligation: " + ("none" if found is None else found.article
                                + (" free" if found.free else "")))
        if found is not None:
            # Every allowed move is judged allowed, every other legal move a violation.
            move = data.draw(st.sampled_from(sorted(found.moves, key=chess.Move.uci)))
            assert judge_move(board, state, move, ED).is_allowed()
            outside = [m for m in legal if m not in found.moves]
            if outside:
                ruled = judge_move(board, state, outside[0], ED)
                assert ruled.violation is not None
                verdict = judge_touch_move_claim(ruled.violation, TouchState(), ED)
                assert verdict.correct
        elif state.touches and legal:
            pytest.fail("deliberate touches on a board with legal moves must oblige")
