"""The touch-move board, driven without a browser: clicks, toggles, the claim, the picture."""

from __future__ import annotations

import re

import chess
import pytest

from arbiterlib.errors import ScenarioError
from arbiterlib.widgets.board import TouchMoveBoard

CASTLING = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
FOOLS_MATE = "1. f3 e5 2. g4"


def marked(board: TouchMoveBoard) -> dict[str, list[str]]:
    """The squares the SVG marks with each of the widget's classes."""
    found: dict[str, list[str]] = {"touched": [], "allowed": [], "selected": []}
    for classes, name in re.findall(r'class="square ([a-z0-9 ]+)" data-square="([a-h][1-8])"',
                                    board.svg):
        for word in found:
            if word in classes.split():
                found[word].append(name)
    return {word: sorted(names) for word, names in found.items()}


def test_the_start_position_obliges_nothing() -> None:
    board = TouchMoveBoard()
    assert repr(board) == "<touch-move board>"
    assert board.allowed_moves == [] and board.touched_squares == [] and board.selected is None
    assert board.events == [] and board.message == ""
    assert len(re.findall(r'data-square="[a-h][1-8]"', board.svg)) == 64
    assert marked(board) == {"touched": [], "allowed": [], "selected": []}
    assert board.ruling_html == ("<div class='arbiter-ruling'><p><b>Result:</b> the game"
                                 " continues</p></div>")


def test_a_click_touches_the_piece_and_marks_the_allowed_moves() -> None:
    board = TouchMoveBoard()
    board.click("g1")
    assert board.events == [{"touch": "g1"}]
    assert board.allowed_moves == ["g1f3", "g1h3"]
    assert board.touched_squares == ["g1"] and board.selected == "g1"
    assert marked(board) == {"touched": ["g1"], "allowed": ["f3", "h3"], "selected": ["g1"]}
    assert 'class="square light f3 allowed" data-square="f3"' in board.svg
    assert board.ruling.obligation is not None and board.ruling.obligation.article == "4.3a"
    assert ("He must move his knight on g1, the first piece touched that can be moved (4.3a):"
            " Nf3 or Nh3.") in board.ruling_html
    assert "<b>White must play:</b> Nf3, Nh3 (4.3a)" in board.ruling_html


def test_click_click_makes_the_move() -> None:
    board = TouchMoveBoard()
    board.click("g1")
    board.click("f3")
    assert board.events == [{"touch": "g1"}, {"move": "g1f3"}]
    assert board.board.fen() == "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    assert board.selected is None and board.allowed_moves == [] and board.touched_squares == []
    assert board.ruling.violations == ()
    # The last move is shown by python-chess; nothing is marked for Black yet.
    assert 'class="square light lastmove f3" data-square="f3"' in board.svg


def test_illegal_clicks_leave_a_message_and_no_event() -> None:
    board = TouchMoveBoard()
    board.click("e4")
    assert board.message == "There is no piece on e4: click one of White's pieces to touch it."
    board.click("g1")
    board.click("g3")
    assert board.message == "The knight on g1 cannot go to g3: that is not a legal move."
    board.click("z9")
    assert board.message == "'z9' is not a square of the board."
    assert board.events == [{"touch": "g1"}] and board.selected == "g1"
    board.click("h3")
    assert board.message == "" and board.board.turn == chess.BLACK


def test_clicking_the_piece_in_hand_again_puts_it_back_but_the_touch_counts() -> None:
    board = TouchMoveBoard()
    board.click("g1")
    board.click("g1")
    assert board.selected is None and board.events == [{"touch": "g1"}]
    board.click("b1")
    assert board.touched_squares == ["g1", "b1"] and board.selected == "b1"
    assert board.allowed_moves == ["g1f3", "g1h3"]  # the first piece touched (4.3a)
    assert marked(board) == {"touched": ["b1", "g1"], "allowed": ["f3", "h3"],
                             "selected": ["b1"]}


def test_king_then_rook_must_castle() -> None:
    board = TouchMoveBoard(CASTLING)
    board.click("e1")
    assert board.ruling.obligation is not None and board.ruling.obligation.article == "4.3a"
    board.click("h1")
    assert board.touched_squares == ["e1", "h1"] and board.selected == "h1"
    assert board.allowed_moves == ["e1g1"]
    assert board.ruling.obligation is not None and board.ruling.obligation.article == "4.4a"
    assert marked(board)["allowed"] == ["g1"]
    board.click("e1")
    board.click("g1")
    assert board.board.fen() == "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"


def test_opponent_piece_then_capture() -> None:
    board = TouchMoveBoard(moves="1. e4 d5")
    board.click("d5")
    assert board.allowed_moves == ["e4d5"] and board.selected is None
    assert board.ruling.obligation is not None and board.ruling.obligation.article == "4.3b"
    assert marked(board) == {"touched": ["d5"], "allowed": ["d5"], "selected": []}
    board.click("e4")
    board.click("d5")
    assert board.events == [{"touch": "d5"}, {"touch": "e4"}, {"move": "e4d5"}]
    assert board.board.turn == chess.BLACK and board.ruling.violations == ()


def test_own_piece_in_hand_then_an_opponent_piece_it_cannot_capture_is_a_touch() -> None:
    board = TouchMoveBoard(moves="1. e4 d5")
    board.click("g1")
    board.click("d5")
    assert board.events == [{"touch": "g1"}, {"touch": "d5"}]
    assert board.ruling.obligation is not None and board.ruling.obligation.article == "4.3c"
    assert board.allowed_moves == ["g1e2", "g1f3", "g1h3"]


def test_jadoube_adjusts_and_obliges_nothing() -> None:
    board = TouchMoveBoard()
    assert board.toggle_adjust() is True and board.adjusting
    board.click("e2")
    assert board.events == [{"adjust": "e2"}]
    assert board.allowed_moves == [] and board.touched_squares == [] and board.selected is None
    assert board.ruling.rulings[0].articles == ("4.2",)
    board.click("e4")
    assert board.message == "There is no piece on e4 to adjust."
    assert board.toggle_adjust() is False
    board.click("e2")
    assert board.allowed_moves == ["e2e3", "e2e4"]


def test_accidental_touch_obliges_nothing_and_the_toggles_exclude_each_other() -> None:
    board = TouchMoveBoard()
    board.toggle_adjust()
    assert board.toggle_accidental() is True and not board.adjusting
    board.click("d1")
    assert board.events == [{"touch": "d1", "accidental": True}]
    assert board.allowed_moves == [] and board.touched_squares == []
    assert "touched his queen on d1 accidentally" in board.ruling_html
    board.click("d4")
    assert board.message == "There is no piece on d4 to touch."
    board.toggle_adjust()
    assert not board.accidental


def test_touch_move_claim_upheld_takes_the_move_back() -> None:
    board = TouchMoveBoard()
    for square in ("g1", "b1", "c3"):
        board.click(square)
    ruling = board.ruling
    assert [v.to_dict() for v in ruling.violations] == [
        {"by": "white", "article": "4.3a", "event": 2}]
    assert board.board.turn == chess.BLACK and board.allowed_moves == []
    board.claim_touch_move()
    ruling = board.ruling
    assert [c.to_dict() for c in ruling.claims] == [
        {"by": "black", "rule": "touch-move", "correct": True, "article": "4.3a"}]
    assert board.board.fen() == chess.STARTING_FEN
    assert board.allowed_moves == ["g1f3", "g1h3"]
    assert board.touched_squares == ["g1", "b1"] and board.selected is None
    assert ruling.rulings[-1].articles == ("4.3a", "4.7")


def test_touch_move_claim_forfeited_after_touching_a_piece() -> None:
    board = TouchMoveBoard()
    for square in ("g1", "b1", "c3", "e7"):
        board.click(square)
    board.claim_touch_move()
    ruling = board.ruling
    assert [c.to_dict() for c in ruling.claims] == [
        {"by": "black", "rule": "touch-move", "correct": False, "article": "4.7"}]
    assert board.allowed_moves == ["e7e5", "e7e6"] and board.touched_squares == ["e7"]
    assert "he lost the right to claim the violation of Article 4 (4.7)" in board.ruling_html


def test_claim_without_a_breach_is_rejected() -> None:
    board = TouchMoveBoard()
    board.click("g1")
    board.click("f3")
    board.claim_touch_move()
    assert [c.to_dict() for c in board.ruling.claims] == [
        {"by": "black", "rule": "touch-move", "correct": False, "article": "4.3"}]


def test_after_the_game_ends_a_click_is_a_message() -> None:
    board = TouchMoveBoard(moves=FOOLS_MATE)
    board.click("d8")
    board.click("h4")
    assert (board.ruling.result, board.ruling.reason and board.ruling.reason.value) == (
        "0-1", "checkmate")
    board.click("e2")
    assert board.message == "The game has already ended (0-1)."
    board.claim_touch_move()
    assert board.message == "The game has already ended (0-1)."
    assert board.events == [{"touch": "d8"}, {"move": "d8h4"}]


def test_promotion_by_clicks_uses_the_chosen_piece() -> None:
    fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    board = TouchMoveBoard(fen)
    board.click("b7")
    assert board.allowed_moves == ["b7b8b", "b7b8n", "b7b8q", "b7b8r"]
    assert marked(board)["allowed"] == ["b8"]
    board.click("b8")
    assert board.events[-1] == {"move": "b7b8q"}
    knight = TouchMoveBoard(fen, promotion=chess.KNIGHT)
    knight.click("b7")
    knight.click("b8")
    assert knight.events[-1] == {"move": "b7b8n"}


def test_set_position_events_and_reset() -> None:
    board = TouchMoveBoard("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", events=[{"release": "b7b8"}],
                           caption="The pawn let go on b8")
    assert board.caption == "The pawn let go on b8"
    assert board.allowed_moves == ["b7b8b", "b7b8n", "b7b8q", "b7b8r"]
    assert board.ruling.obligation is not None and board.ruling.obligation.article == "4.6c"
    board.click("e1")
    board.click("d1")
    assert board.ruling.violations[0].article == "4.6c"
    board.reset()
    assert board.events == [] and board.board.turn == chess.WHITE and board.message == ""
    assert board.scenario() == {"fen": "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "moves": "",
                                "events": [{"release": "b7b8"}]}


def test_messages_from_the_browser() -> None:
    board = TouchMoveBoard()
    board._on_message(board, {"type": "click", "square": "g1"})
    assert board.allowed_moves == ["g1f3", "g1h3"]
    board._on_message(board, {"type": "claim"})
    assert board.ruling.claims[0].correct is False
    board._on_message(board, {"type": "reset"})
    assert board.events == []
    board._on_message(board, {"type": "dance"})
    assert board.message == "Unknown action 'dance'."
    board._on_message(board, {"type": "click", "square": None})
    assert board.message == "'None' is not a square of the board."


def test_a_bad_set_position_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match=r"event 0 \(touch: e4\): there is no piece on e4"):
        TouchMoveBoard(events=[{"touch": "e4"}])
    with pytest.raises(ScenarioError, match="fen: bad FEN"):
        TouchMoveBoard("not a fen")
