"""Article 8 on python-chess boards: scoresheets, duties, exemption, reconstruction, signing."""

from __future__ import annotations

import random
from pathlib import Path

import chess
import chess.pgn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiterlib.errors import ArbiterError
from arbiterlib.notation import Language
from arbiterlib.scoresheet import (
    Entry,
    IssueKind,
    Period,
    Scoresheet,
    ScoresheetError,
    Slot,
    Source,
    TimeControl,
    TimeControlError,
    check_before_move,
    check_entries,
    check_offers,
    check_writing,
    count_for_time_control,
    exemption,
    is_exempt,
    ply_of,
    reconstruct,
    record_move,
    required_before_move,
    signed_result,
    slot_of,
    update_duty,
)

W, B = chess.WHITE, chess.BLACK
M = chess.Move.from_uci
RUY = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O"
RUY_IT = "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Axc6 dxc6 5. 0-0"


def game(*sans: str, fen: str = chess.STARTING_FEN) -> chess.Board:
    board = chess.Board(fen)
    for san in sans:
        board.push_san(san)
    return board


def ruy() -> chess.Board:
    return game("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O")


def pgn(value: chess.pgn.Game) -> str:
    return " ".join(value.accept(chess.pgn.StringExporter(headers=False)).split())


# ------------------------------------------------------------------------ slots


def test_slot_order_text_and_next() -> None:
    assert str(Slot(12, W)) == "move 12, White"
    assert str(Slot(12, B)) == "move 12, Black"
    assert Slot(12, W).next() == Slot(12, B)
    assert Slot(12, B).next() == Slot(13, W)
    assert Slot(12, W).label() == "12."
    assert Slot(12, B).label() == "12..."
    assert Slot(12, W).key < Slot(12, B).key < Slot(13, W).key
    with pytest.raises(ScoresheetError) as info:
        Slot(0, W)
    assert str(info.value) == "move numbers start at 1, not 0"


def test_slots_and_plies_from_the_start_and_from_a_fen() -> None:
    start = chess.Board()
    assert [slot_of(start, ply) for ply in range(3)] == [Slot(1, W), Slot(1, B), Slot(2, W)]
    assert ply_of(start, Slot(2, B)) == 3
    later = chess.Board("4k3/8/8/8/8/8/8/4K3 b - - 0 20")
    assert [slot_of(later, ply) for ply in range(3)] == [Slot(20, B), Slot(21, W), Slot(21, B)]
    assert ply_of(later, Slot(21, B)) == 2
    assert ply_of(later, Slot(20, W)) == -1


# ------------------------------------------------------------------- scoresheet


def test_from_text_reads_numbers_gaps_offers_and_result() -> None:
    sheet = Scoresheet.from_text("1. e4 e5 2. Cf3 - 3. Ab5 a6 (=) 4.Axc6 ? 1/2-1/2", W, "it")
    assert sheet.owner == W
    assert sheet.language is Language.ITALIAN
    assert sheet.entry(Slot(2, W)) == Entry("Cf3")
    assert sheet.entry(Slot(2, B)) is None
    assert sheet.entry(Slot(3, B)) == Entry("a6", draw_offer=True)
    assert sheet.entry(Slot(4, W)) == Entry("Axc6")
    assert sheet.gaps() == (Slot(2, B),)
    assert sheet.offers() == (Slot(3, B),)
    assert sheet.last_slot() == Slot(4, W)
    assert sheet.next_slot() == Slot(4, B)
    assert sheet.result == "1/2-1/2"
    assert sheet.movetext() == "1. e4 e5 2. Cf3 - 3. Ab5 a6 (=) 4. Axc6 1/2-1/2"
    assert Slot(2, W) in sheet
    assert Slot(2, B) not in sheet


def test_from_text_joins_en_passant_and_starts_with_black() -> None:
    sheet = Scoresheet.from_text("20... Rf8 21. exd6 e.p. ½-½", B)
    assert sheet.entry(Slot(21, W)) == Entry("exd6 e.p.")
    assert sheet.movetext() == "20... Rf8 21. exd6 e.p. 1/2-1/2"
    with pytest.raises(ScoresheetError) as info:
        Scoresheet.from_text("(=) e4")
    assert str(info.value) == "'(=)' before any move in '(=) e4'"


def test_write_refuses_to_overwrite_without_a_correction() -> None:
    sheet = Scoresheet(W)
    sheet.write(Slot(1, W), "e4")
    with pytest.raises(ScoresheetError) as info:
        sheet.write(Slot(1, W), "d4")
    assert str(info.value) == "White's scoresheet: move 1, White already reads 'e4'"
    assert sheet.write(Slot(1, W), "d4", overwrite=True) == Entry("d4")
    assert sheet.write(Slot(1, W), "d4 (=)") == Entry("d4", draw_offer=True)
    sheet.erase(Slot(1, W))
    assert sheet.slots() == ()


def test_record_fills_the_next_slot_or_the_numbered_one() -> None:
    sheet = Scoresheet(B, "de")
    assert sheet.record("e4") == Slot(1, W)
    assert sheet.record("e5") == Slot(1, B)
    assert sheet.record("(=)") == Slot(1, B)
    assert sheet.record("3. Lb5") == Slot(3, W)
    assert sheet.record("2... Sc6") == Slot(2, B)
    assert sheet.movetext() == "1. e4 e5 (=) 2. - Sc6 3. Lb5"
    with pytest.raises(ScoresheetError) as info:
        Scoresheet(W).record("(=)")
    assert str(info.value) == "White's scoresheet: '(=)' but no move is written yet"


def test_from_board_and_copy() -> None:
    sheet = Scoresheet.from_board(ruy(), W, "it")
    assert sheet.movetext() == RUY_IT
    other = sheet.copy()
    other.erase(Slot(5, W))
    assert sheet.last_slot() == Slot(5, W)
    assert other.last_slot() == Slot(4, B)
    assert repr(Scoresheet(None, "fr")) == "<Scoresheet arbiter fr ''>"


def test_scoresheet_to_pgn() -> None:
    sheet = Scoresheet.from_text(RUY_IT + " (=) 1/2-1/2", W, "it")
    exported = sheet.to_game(headers={"White": "Rossi", "Black": "Bianchi"})
    assert exported.headers["White"] == "Rossi"
    assert exported.headers["Result"] == "1/2-1/2"
    assert pgn(exported) == ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O "
                             "{ draw offer (=) } 1/2-1/2")
    broken = Scoresheet.from_text("1. e4 e5 2. Nf3 - 3. Bb5", W)
    with pytest.raises(ScoresheetError) as info:
        broken.to_game()
    assert str(info.value) == (
        "White's scoresheet cannot be read as a game: move 2, Black: no move can be read: "
        "White's scoresheet is blank (no move may be left unread)")


# -------------------------------------------------------------------- 8.1 duties


def test_writing_a_move_before_making_it_is_forbidden() -> None:
    board = chess.Board()
    sheet = Scoresheet(W, "it")
    outcome = record_move(sheet, board, "e4")
    assert outcome.slot == Slot(1, W)
    assert [issue.kind for issue in outcome.issues] == [IssueKind.IN_ADVANCE]
    assert str(outcome.issues[0]) == (
        "move 1, White: written in advance (8.1): the move has not been made; only the "
        "player having the move may write his move in advance, to claim a draw under 9.2 "
        "or 9.3")
    assert outcome.reading is None


def test_the_claimant_may_write_his_move_in_advance() -> None:
    board = chess.Board()
    sheet = Scoresheet(W, "it")
    outcome = record_move(sheet, board, "Cf3", claim=True)
    assert outcome.issues == ()
    assert outcome.reading is not None and outcome.reading.move == M("g1f3")
    # ... but not his opponent, and not two moves ahead.
    other = Scoresheet(B, "it")
    assert [i.kind for i in check_writing(other, board, Slot(1, W), "Cf3", claim=True)] == [
        IssueKind.IN_ADVANCE]
    assert check_writing(sheet, board, Slot(1, B), "e5", claim=True)[0].detail == (
        "the move has not been made")
    bad = check_writing(sheet, board, Slot(1, W), "Cf4", claim=True)
    assert bad[0].kind is IssueKind.INCORRECT
    assert bad[0].detail == ("Italian entry 'Cf4' (move 1, White): illegal: no White knight "
                             "can go to f4")


def test_recording_made_moves_correctly() -> None:
    board = game("e4", "e5", "Nf3", "Nc6")
    sheet = Scoresheet(W, "it")
    assert record_move(sheet, board, "e4").issues == ()
    wrong = record_move(sheet, board, "Cf3")  # he skipped Black's 1...e5
    assert wrong.slot == Slot(1, B)
    assert wrong.issues[0].detail == ("Italian entry 'Cf3' (move 1, Black): illegal: no Black "
                                      "knight can go to f3")
    other = record_move(sheet, board, "2... Cf6")
    assert other.issues[0].kind is IssueKind.INCORRECT
    assert other.issues[0].detail == "'Cf6' is not the move played, Cc6"
    tolerated = record_move(sheet, board, "2. Cf3")
    assert tolerated.issues == ()
    assert [str(issue) for issue in check_entries(sheet, board)] == [
        "move 1, Black: recorded incorrectly (8.1): Italian entry 'Cf3' (move 1, Black): "
        "illegal: no Black knight can go to f3",
        "move 2, Black: recorded incorrectly (8.1): 'Cf6' is not the move played, Cc6",
    ]


def test_tolerated_forms_are_correct_records() -> None:
    board = game("e4", "f5", "Qh5+")
    sheet = Scoresheet.from_text("1. e4 f5 2. Qh5", B)  # no '+': optional (E.13)
    assert check_entries(sheet, board) == ()


def test_may_reply_before_recording_but_not_move_twice() -> None:
    board = game("e4", "e5", "Nf3")  # Black to move
    sheet = Scoresheet.from_text("1. e4 e5", B)
    assert required_before_move(board) == (Slot(1, W), Slot(1, B))
    assert check_before_move(sheet, board) == ()  # 2.Nf3 not yet recorded: allowed
    board.push_san("Nc6")
    board.push_san("Bb5")  # Black to move again; his 2...Nc6 is not recorded
    issues = check_before_move(sheet, board)
    assert [(str(i.slot), i.kind, i.detail) for i in issues] == [
        ("move 2, White", IssueKind.MISSING,
         "his opponent's move was not recorded, move after move"),
        ("move 2, Black", IssueKind.MISSING,
         "his own previous move must be recorded before he makes another"),
    ]
    with pytest.raises(ScoresheetError) as info:
        check_before_move(Scoresheet(W), board)
    assert str(info.value) == ("White's scoresheet is checked before a move, but Black has "
                               "the move")


def test_exempt_player_records_nothing_until_a_flag_falls() -> None:
    board = game("e4", "e5", "Nf3", "Nc6")
    sheet = Scoresheet.from_text("1. e4", W)
    assert check_before_move(sheet, board, exempt=True) == ()
    issues = check_before_move(sheet, board, exempt=True, flag_fallen=True)
    assert [str(issue.slot) for issue in issues] == ["move 1, Black", "move 2, White",
                                                    "move 2, Black"]
    assert {issue.kind for issue in issues} == {IssueKind.NOT_UPDATED}
    assert {issue.clause for issue in issues} == {"8.4"}


def test_both_players_record_a_draw_offer() -> None:
    marked = Scoresheet.from_text("1. e4 e5 2. Nf3 (=)", W)
    unmarked = Scoresheet.from_text("1. e4 e5 2. Nf3", B)
    offers = [Slot(2, W)]
    assert check_offers(marked, offers) == ()
    (issue,) = check_offers(unmarked, offers)
    assert str(issue) == ("move 2, White: draw offer not recorded (8.1): both players record "
                          "a draw offer with (=) (E.12, 9.1b)")
    assert check_writing(unmarked, game("e4", "e5", "Nf3"), Slot(2, W), "(=)") == ()


# ------------------------------------------------------------------ time controls


@pytest.mark.parametrize(("spec", "text", "periods"), [
    ("40/90m+30m", "40/90m+30m", (Period(40, 5400), Period(None, 1800))),
    ("40/90m+30m+30s", "40/90m+30m+30s", (Period(40, 5400, 30), Period(None, 1800, 30))),
    ("40/2h+20/1h+30m", "40/2h+20/1h+30m",
     (Period(40, 7200), Period(20, 3600), Period(None, 1800))),
    ("5m+3s", "5m+3s", (Period(None, 300, 3),)),
    ("40/90' + 30'", "40/90m+30m", (Period(40, 5400), Period(None, 1800))),
    ({"periods": [{"moves": 40, "minutes": 90}, {"minutes": 30, "increment": 30}]},
     "40/90m+30m", (Period(40, 5400), Period(None, 1800, 30))),
    ({"periods": [{"moves": 40, "minutes": 90}, {"seconds": 900}], "increment": 30},
     "40/90m+15m+30s", (Period(40, 5400, 30), Period(None, 900, 30))),
])
def test_time_control_parse(spec: str, text: str, periods: tuple[Period, ...]) -> None:
    control = TimeControl.parse(spec)
    assert control.periods == periods
    assert str(control) == text
    assert TimeControl.parse(control) is control


def test_time_control_periods() -> None:
    control = TimeControl.parse("40/2h+20/1h+30m")
    assert [control.period_index(n) for n in (1, 40, 41, 60, 61, 200)] == [0, 0, 1, 1, 2, 2]
    assert [control.first_move(i) for i in range(3)] == [1, 41, 61]
    assert [control.last_move(i) for i in range(3)] == [40, 60, None]
    assert control.period(61) == Period(None, 1800)


@pytest.mark.parametrize(("spec", "message"), [
    ("40/90", "bad time control '40/90': '90' is not a time such as 90m, 2h or 30s"),
    ("40/90s", "bad time control '40/90s': give a period in minutes or hours; seconds are "
     "the increment"),
    ("x/90m", "bad time control 'x/90m': 'x' is not a number of moves"),
    ("30s", "a time control needs at least one period"),
    ("90m+40/30m", "only the last period may be for the rest of the game"),
    ("0/90m", "a period needs at least one move, not 0"),
    ({"periods": []}, "a time control mapping needs a list 'periods'"),
    ({"periods": [{"moves": 40}]}, "bad period {'moves': 40}: give minutes or seconds"),
    ({"periods": [{"minutes": 5, "delay": 2}]},
     "bad period {'minutes': 5, 'delay': 2}: unknown keys delay"),
    (90, "bad time control 90: expected a string or a mapping"),
])
def test_time_control_errors(spec: object, message: str) -> None:
    with pytest.raises(TimeControlError) as info:
        TimeControl.parse(spec)  # type: ignore[arg-type]
    assert str(info.value) == message
    assert isinstance(info.value, ArbiterError)


# ----------------------------------------------------------------- 8.4 exemption


def test_under_five_minutes_exempts_for_the_rest_of_the_period() -> None:
    control = "40/90m+30m"
    readings = [(30, 400.0), (33, 299.0)]
    result = exemption(control, 35, readings)
    assert result.exempt
    assert (result.since_move, result.until_move, result.clause) == (33, 40, "8.4")
    assert result.reason == ("under five minutes (4:59 at move 33) with an increment under "
                             "30 s: not obliged to record until move 40")
    assert not is_exempt(control, 32, readings)  # before the reading
    assert not is_exempt(control, 41, readings)  # the next period: obliged again
    assert is_exempt(control, 41, [*readings, (41, 200.0)])
    assert exemption(control, 45, [(41, 200.0)]).reason == (
        "under five minutes (3:20 at move 41) with an increment under 30 s: not obliged to "
        "record for the rest of the game")


def test_exactly_five_minutes_or_a_30_second_increment_keeps_the_duty() -> None:
    assert not is_exempt("40/90m+30m", 35, [(33, 300.0)])
    assert not is_exempt("90m+30s", 35, [(33, 10.0)])
    assert exemption("90m+30s", 35, [(33, 10.0)]).reason == (
        "under five minutes (0:10 at move 33), but the increment is 30 s a move, 30 s or more")
    assert is_exempt("90m+29s", 35, [(33, 10.0)])
    assert exemption("90m", 5, []).reason == "never under five minutes in this period"


def test_update_duty_after_a_flag_fall() -> None:
    neither = update_duty(True, True)
    assert (neither.clause, neither.arbiter_should_record, neither.stop_clocks_at_flag) == (
        "8.5a", True, True)
    assert neither.must_update == frozenset({W, B})
    one = update_duty(False, True)
    assert (one.clause, one.arbiter_should_record, one.stop_clocks_at_flag) == (
        "8.5b", False, False)
    assert one.must_update == one.may_use_other_sheet == frozenset({B})
    assert one.detail == ("only Black is exempt: he updates his sheet completely as soon as a "
                          "flag has fallen; having the move, he may use his opponent's sheet "
                          "but must return it before moving")
    both = update_duty(False, False)
    assert both.clause is None and both.must_update == frozenset()


# ------------------------------------------------------------ 8.5c reconstruction


def test_reconstruct_fills_one_sheet_from_the_other() -> None:
    white = Scoresheet.from_text(RUY_IT, W, "it")
    black = Scoresheet.from_text("1. e4 e5 2. Nf3 - 3. Bb5 a6 (=) 4. - dxc6 5. O-O", B)
    rebuilt = reconstruct([white, black])
    assert rebuilt.complete and rebuilt.failure is None
    assert rebuilt.moves == tuple(ruy().move_stack)
    assert [step.source for step in rebuilt.steps] == [
        Source.AGREED, Source.AGREED, Source.AGREED, Source.SHEET, Source.AGREED,
        Source.AGREED, Source.SHEET, Source.AGREED, Source.AGREED]
    assert rebuilt.steps[3].notes == ("Black's scoresheet is blank",)
    assert rebuilt.steps[5].draw_offer
    assert rebuilt.board().fen() == ruy().fen()
    assert pgn(rebuilt.to_game({"White": "Rossi"})) == (
        "1. e4 e5 2. Nf3 Nc6 { Black's scoresheet is blank } 3. Bb5 a6 { draw offer (=) } "
        "4. Bxc6 { Black's scoresheet is blank } 4... dxc6 5. O-O *")


def test_a_move_blank_on_both_sheets_is_found_from_what_follows() -> None:
    # Only 2.Nf3 lets a knight take on e5 at move 4.
    white = Scoresheet.from_text("1. e4 e5 2. - Nc6 3. Bb5 a6 4. Nxe5", W)
    black = Scoresheet.from_text("1. e4 e5 2. ? Nc6 3. Bb5 a6 4. Nxe5", B)
    rebuilt = reconstruct([white, black])
    assert rebuilt.complete
    assert rebuilt.steps[2].san == "Nf3"
    assert rebuilt.steps[2].source is Source.INFERRED
    assert rebuilt.steps[2].notes == ("White's scoresheet is blank", "Black's scoresheet is blank",
                                      "Nf3 is on no sheet: it alone fits")
    # Blank at 2...: 2...Nc6 and 2...c6 both allow 4.Bxc6 -- the sheets cannot tell.
    both = Scoresheet.from_text("1. e4 e5 2. Nf3 - 3. Bb5 a6 4. Bxc6", W)
    assert str(reconstruct([both]).failure) == (
        "move 2, Black: cannot be decided: at least Nc6 and c6 fit the sheets "
        "(White's scoresheet is blank)")


def test_reconstruct_says_where_it_cannot_decide() -> None:
    white = Scoresheet.from_text("1. e4 e5 2. Nf3 - 3. Bb5 a6", W)
    rebuilt = reconstruct([white])
    assert not rebuilt.complete
    assert rebuilt.failure is not None
    assert rebuilt.failure.slot == Slot(2, B)
    assert str(rebuilt.failure) == ("move 2, Black: cannot be decided: at least Ne7 and Nh6 "
                                    "fit the sheets (White's scoresheet is blank)")
    assert rebuilt.failure.candidates == (M("g8e7"), M("g8h6"))
    assert [step.san for step in rebuilt.steps] == ["e4", "e5", "Nf3"]
    # The position on the board settles it (8.5c: the arbiter notes it first).
    final = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    settled = reconstruct([white], final=final)
    assert settled.complete
    assert settled.steps[3].san == "Nc6"
    assert reconstruct([white], final=final.split()[0]).complete  # placement alone


def test_reconstruct_reports_an_illegal_entry_it_cannot_get_past() -> None:
    white = Scoresheet.from_text("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Txe8 dxc6", W, "it")
    rebuilt = reconstruct([white], max_errors=0)
    assert rebuilt.failure is not None
    assert str(rebuilt.failure) == (
        "move 4, White: no move can be read: White's scoresheet: Italian entry 'Txe8': "
        "illegal: no White rook can go to e8")
    assert len(rebuilt.moves) == 6
    # Setting the entry aside, 4.Axc6 is the only move after which 4...dxc6 is legal.
    again = reconstruct([white])
    assert again.complete
    assert again.steps[6].san == "Bxc6"
    assert again.steps[6].source is Source.INFERRED


def test_disagreeing_sheets_are_settled_by_later_moves() -> None:
    white = Scoresheet.from_text("1. e4 e5 2. Nf3 Nc6 3. Bb5", W)
    black = Scoresheet.from_text("1. e4 e5 2. Nf3 Nf6 3. Bb5 a6 4. Bxc6", B)
    rebuilt = reconstruct([white, black])
    assert rebuilt.complete
    assert rebuilt.steps[3].san == "Nc6"
    assert rebuilt.steps[3].source is Source.SHEET
    assert rebuilt.steps[3].notes == ("Black's scoresheet has 'Nf6', which does not fit the "
                                      "game",)
    undecided = reconstruct([white, Scoresheet.from_text("1. e4 e5 2. Nf3 Nf6 3. Bb5", B)])
    assert str(undecided.failure) == ("move 2, Black: cannot be decided: at least Nc6 and Nf6 "
                                      "fit the sheets")


def test_an_ambiguous_entry_is_settled_by_the_other_sheet_or_the_position() -> None:
    start = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
    vague = Scoresheet.from_text("1. Nd2", W)
    clear = Scoresheet.from_text("1. Nbd2", B)
    rebuilt = reconstruct([vague, clear], start=start)
    assert rebuilt.moves == (M("b1d2"),)
    assert rebuilt.steps[0].notes == ("White's scoresheet: English entry 'Nd2': ambiguous: "
                                      "Nbd2 or Nfd2 (E.10)",)
    alone = reconstruct([vague], start=start)
    assert str(alone.failure) == (
        "move 1, White: cannot be decided: at least Nbd2 and Nfd2 fit the sheets "
        "(White's scoresheet: English entry 'Nd2': ambiguous: Nbd2 or Nfd2 (E.10))")
    placed = reconstruct([vague], start=start, final="4k3/8/8/8/8/8/3N4/4KN2 b - - 1 1")
    assert placed.moves == (M("b1d2"),)


def test_moves_after_the_sheets_end_are_found_from_the_position() -> None:
    sheet = Scoresheet.from_text("1. e4 e5 2. Nf3", W)
    final = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    rebuilt = reconstruct([sheet], final=final)
    assert [step.san for step in rebuilt.steps] == ["e4", "e5", "Nf3", "Nc6"]
    assert rebuilt.steps[-1].source is Source.INFERRED
    far = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
    assert reconstruct([sheet], final=far, max_gap=1).failure is not None


def test_reconstruct_with_the_number_of_moves_and_after_mate() -> None:
    sheet = Scoresheet.from_text("1. e4 e5 2. Nf3", W)
    too_few = reconstruct([sheet], plies=2)
    assert str(too_few.failure) == ("move 2, White: the sheets record moves up to move 2, "
                                    "White, but only 2 half-moves were made")
    mate = Scoresheet.from_text("1. f3 e5 2. g4 Qh4# 3. Nc3", W)
    assert str(reconstruct([mate]).failure) == ("move 3, White: the game was over "
                                                "(checkmate) but the sheets go on")


def test_the_arbiters_record_counts_as_a_sheet() -> None:
    arbiter = Scoresheet.from_text("1. e4 e5 2. Nf3", None)
    player = Scoresheet.from_text("1. e4 - 2. Nf3", W)
    rebuilt = reconstruct([player, arbiter])
    assert rebuilt.complete
    assert rebuilt.steps[1].notes == ("White's scoresheet is blank",)
    assert arbiter.holder == "the arbiter's scoresheet"


# ---------------------------------------------------------------- 8.6 and 8.7


def test_count_for_time_control() -> None:
    control = "40/90m+30m"
    unknown = count_for_time_control(control, 38)
    assert (unknown.moves_made, unknown.next_move, unknown.overstepped, unknown.clause) == (
        40, 41, False, "8.6")
    assert unknown.detail == ("the sheets cannot show the number of moves: the next move "
                              "counts as move 41, the first of the following period")
    evidence = count_for_time_control(control, 38, evidence=43)
    assert (evidence.moves_made, evidence.next_move, evidence.overstepped) == (43, 44, False)
    shown = count_for_time_control(control, 38, shown=37)
    assert (shown.moves_made, shown.overstepped, shown.clause) == (37, True, "6.9")
    assert shown.detail == ("the sheets show 37 moves made; the control required 40: the time "
                            "was overstepped")
    assert count_for_time_control(control, 38, shown=40).overstepped is False
    last = count_for_time_control(control, 50)
    assert (last.overstepped, last.clause) == (True, "6.9")


def test_signing_both_sheets() -> None:
    white = Scoresheet.from_text(RUY, W)
    black = Scoresheet.from_text(RUY, B)
    for sheet in (white, black):
        sheet.sign(W, "1-0")
        sheet.sign(B, "1-0")
    signed = signed_result([white, black])
    assert (signed.result, signed.complete, signed.stands, signed.problems) == (
        "1-0", True, True, ())
    assert white.is_signed
    with pytest.raises(ScoresheetError) as info:
        white.sign(B, "0-1")
    assert str(info.value) == "White's scoresheet already indicates 1-0, not 0-1 (8.7)"
    with pytest.raises(ScoresheetError):
        white.sign(B, "2-0")


def test_a_wrong_signed_result_stands_unless_the_arbiter_decides() -> None:
    board = game("f3", "e5", "g4", "Qh4#")
    white, black = Scoresheet.from_board(board, W), Scoresheet.from_board(board, B)
    for sheet in (white, black):
        sheet.sign(W, "1-0")
        sheet.sign(B, "1-0")
    signed = signed_result([white, black], board=board)
    assert (signed.result, signed.stands, signed.complete) == ("1-0", True, True)
    assert signed.problems == ("the board shows 0-1 (checkmate), the sheets 1-0",)
    decided = signed_result([white, black], board=board, arbiter_decision="0-1")
    assert decided.result == "0-1"


def test_unsigned_and_disagreeing_sheets() -> None:
    white, black = Scoresheet(W), Scoresheet(B)
    white.sign(W, "1/2-1/2")
    black.sign(B, "½-½")
    black.result = "1-0"
    signed = signed_result([white, black])
    assert signed.result is None and not signed.complete and not signed.stands
    assert signed.problems == ("White's scoresheet is not signed by Black",
                               "Black's scoresheet is not signed by White",
                               "the sheets indicate different results: 1-0, 1/2-1/2")


# ------------------------------------------------------------------ properties


@st.composite
def games(draw: st.DrawFn) -> chess.Board:
    """A game of up to 60 random legal half-moves from the start."""
    board = chess.Board()
    for _ in range(draw(st.integers(min_value=1, max_value=60))):
        legal = list(board.legal_moves)
        if not legal:
            break
        board.push(legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))])
    return board


LANGUAGES = list(Language)


@settings(max_examples=40, deadline=None)
@given(games(), st.sampled_from(LANGUAGES), st.sampled_from(LANGUAGES), st.randoms())
def test_a_game_is_rebuilt_from_two_sheets_with_different_gaps(
        board: chess.Board, first: Language, second: Language, rng: random.Random) -> None:
    white = Scoresheet.from_board(board, W, first)
    black = Scoresheet.from_board(board, B, second)
    slots = list(white.moves_written())
    for slot in slots:  # each slot blank on at most one sheet
        choice = rng.random()
        if choice < 0.2:
            white.erase(slot)
        elif choice < 0.4:
            black.erase(slot)
    rebuilt = reconstruct([white, black], final=board)
    assert rebuilt.complete, rebuilt.failure
    assert rebuilt.moves == tuple(board.move_stack)


@settings(max_examples=40, deadline=None)
@given(games(), st.sampled_from(LANGUAGES))
def test_movetext_round_trip(board: chess.Board, language: Language) -> None:
    sheet = Scoresheet.from_board(board, B, language)
    again = Scoresheet.from_text(sheet.movetext(), B, language)
    assert again.movetext() == sheet.movetext()
    assert [again.entry(slot) for slot in again.slots()] == [
        sheet.entry(slot) for slot in sheet.slots()]
    assert check_entries(again, board) == ()


def test_real_games_rebuilt_from_gapped_sheets(shared_data: Path) -> None:
    """Every 20th real game: two sheets (Italian and German), a tenth of the slots blank on
    one or the other, rebuilt exactly with the final position."""
    rng = random.Random(8)
    rebuilt_games = 0
    for path in sorted((shared_data / "games").glob("*.pgn")):
        with path.open(encoding="utf-8", errors="replace") as handle:
            number = 0
            while (record := chess.pgn.read_game(handle)) is not None:
                number += 1
                if number % 20:
                    continue
                board = record.end().board()
                white = Scoresheet.from_board(board, W, "it")
                black = Scoresheet.from_board(board, B, "de")
                for slot in white.moves_written():
                    if rng.random() < 0.1:
                        (white if rng.random() < 0.5 else black).erase(slot)
                result = reconstruct([white, black], final=board)
                assert result.complete, (path.name, number, result.failure)
                assert result.moves == tuple(board.move_stack)
                rebuilt_games += 1
    assert rebuilt_games == 46
