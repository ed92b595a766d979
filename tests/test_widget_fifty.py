"""The fifty-move counter, driven without a browser: the endgame, the count, the claims."""

from __future__ import annotations

import chess
import pytest

from arbiterlib.errors import ScenarioError
from arbiterlib.widgets import FiftyMoveCounter
from arbiterlib.widgets.fifty import NO_WRITTEN_MOVE, ROOK_ENDGAME, ROOK_ENDGAME_FEN

CLOCKS = {"white": "2:10", "black": "1:30"}


@pytest.fixture
def counter() -> FiftyMoveCounter:
    return FiftyMoveCounter(clocks=CLOCKS)


def test_the_endgame_is_a_real_game_without_pawn_moves_or_captures() -> None:
    board = chess.Board(ROOK_ENDGAME_FEN)
    moves = [board.push_san(san) for san in ROOK_ENDGAME.split() if not san[0].isdigit()]
    assert len(moves) == 112
    replay = chess.Board(ROOK_ENDGAME_FEN)
    zeroing = []
    for move in moves:
        zeroing.append(replay.is_zeroing(move))
        replay.push(move)
    assert zeroing[:2] == [True, True] and not any(zeroing[2:])
    assert board.halfmove_clock == 110 and board.fen() == "8/1k6/8/7r/8/8/3R4/2K5 w - - 110 116"
    assert not board.is_game_over(claim_draw=False)
    assert not board.is_repetition(2), "no position repeats: the lesson is about fifty moves"


def test_the_count_by_each_player(counter: FiftyMoveCounter) -> None:
    start = counter.count(0)
    assert (start.since, start.white, start.black) == ("before the moves shown", 1, 2)
    after_pawn = counter.count(1)
    assert (after_pawn.since, after_pawn.plies) == ("60. a6", 0)
    assert counter.count(2).since == "60...Rxa6"
    assert (counter.count(3).white, counter.count(3).black) == (1, 0)
    assert (counter.count(100).white, counter.count(100).black) == (49, 49)
    last = counter.count()
    assert (last.ply, last.white, last.black, last.written_next) == (112, 55, 55, None)


def test_when_a_claim_becomes_correct(counter: FiftyMoveCounter) -> None:
    assert counter.first_correct() == {"9.3a": 101, "9.3b": 102}
    before = counter.count(100)
    assert (before.written_next, before.written_next_correct, before.on_board_correct) == (
        "Rc4", False, False)
    written = counter.count(101)
    assert (written.written_next, written.written_next_correct,
            written.on_board_correct) == ("Kb8", True, False)
    assert counter.count(102).on_board_correct


def test_the_timeline(counter: FiftyMoveCounter) -> None:
    table = counter.timeline(range(100, 103))
    assert table.to_dict("records") == [
        {"after": "109...Re7", "White": 49, "Black": 49, "claim now (9.3b)": "incorrect",
         "writing the next move (9.3a)": "110. Rc4: incorrect"},
        {"after": "110. Rc4", "White": 50, "Black": 49, "claim now (9.3b)": "incorrect",
         "writing the next move (9.3a)": "110...Kb8: correct"},
        {"after": "110...Kb8", "White": 50, "Black": 50, "claim now (9.3b)": "correct",
         "writing the next move (9.3a)": "111. Rc3: correct"}]
    whole = counter.timeline()
    assert len(whole) == 113 and whole.iloc[0]["after"] == "start"
    assert whole.iloc[-1]["writing the next move (9.3a)"] == "—"


def test_claims_go_through_the_engine(counter: FiftyMoveCounter) -> None:
    counter.go_to(101)  # after 110. Rc4: White 50 moves, Black 49
    wrong = counter.claim()
    assert wrong.claims[0].to_dict() == {"by": "black", "rule": "fifty-moves",
                                         "correct": False, "article": "9.3b"}
    assert wrong.clocks is not None and (wrong.clocks.white, wrong.clocks.black) == (310, 60)
    assert wrong.obligation is None
    right = counter.claim("Kb8")
    assert (right.result, right.reason and right.reason.value) == ("1/2-1/2", "fifty-moves")
    assert right.claims[0].article == "9.3a" and right.turn == chess.BLACK
    counter.go_to(102)
    assert counter.claim().result == "1/2-1/2"
    counter.go_to(2)
    assert counter.claim().claims[0].correct is False
    counter.go_to(0)  # a written pawn move starts the count again
    pawn = counter.claim("a6")
    assert (pawn.claims[0].correct, pawn.claims[0].article) == (False, "9.3a")
    assert pawn.obligation is not None and pawn.obligation.moves == ("a5a6",)


def test_controls_drive_the_state(counter: FiftyMoveCounter) -> None:
    view = counter.widget()
    assert repr(view) == "<fifty-move counter>"
    controls = counter.controls
    controls["step"].value = 100
    assert counter.ply == 100 and "after 109...Re7" in controls["board"].value
    assert "White 49 moves, Black 49 moves" in controls["count"].value
    assert "Writing the next move 110. Rc4 and claiming (9.3a) would be incorrect" in (
        controls["count"].value)
    assert "<b>Rxa6</b>" in controls["scoresheet"].value
    controls["step"].value = 101
    assert controls["written"].options[0] == NO_WRITTEN_MOVE
    controls["written"].value = "Kb8"
    controls["claim"].click()
    assert "The claim is correct: the game is drawn (9.5a)" in controls["ruling"].value
    assert "(9.3a)" in controls["ruling"].value
    controls["written"].value = NO_WRITTEN_MOVE
    controls["claim"].click()
    assert "The claim is incorrect (9.5b)" in controls["ruling"].value
    assert "White 5:10, Black 1:00" in controls["ruling"].value
    controls["step"].value = 102
    assert "No claim yet" in controls["ruling"].value
    assert "White, having the move, may claim now (9.3b)" in controls["count"].value


def test_bad_movetext_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match=r"moves: illegal move 'Rxa6' for White at move 60\."):
        FiftyMoveCounter("60. Rxa6", fen=ROOK_ENDGAME_FEN)
    with pytest.raises(ValueError, match="ply 113 is outside the game"):
        FiftyMoveCounter().go_to(113)
