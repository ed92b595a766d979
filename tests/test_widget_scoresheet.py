"""The scoresheet trainer, driven without a browser: its cells, its messages and its controls."""

from __future__ import annotations

import chess
import pytest

from arbiterlib.errors import ScenarioError
from arbiterlib.scoresheet import Slot
from arbiterlib.widgets import ScoresheetTrainer
from arbiterlib.widgets.scoresheet import LANGUAGES, Status

GAME = "1. e4 e5 2. Nf3 Nc6 3. Bb5"


@pytest.fixture
def trainer() -> ScoresheetTrainer:
    return ScoresheetTrainer(GAME, language="it", written="1. e4 e5 2. Cf3 Rc6",
                             offers=["2..."])


def test_cells_are_marked_against_the_game(trainer: ScoresheetTrainer) -> None:
    marks = [(str(c.slot), c.shown, c.status, c.clause, c.expected) for c in trainer.cells()]
    assert marks == [
        ("move 1, White", "e4", Status.CORRECT, "8.1", "e4"),
        ("move 1, Black", "e5", Status.CORRECT, "8.1", "e5"),
        ("move 2, White", "Cf3", Status.CORRECT, "8.1", "Cf3"),
        ("move 2, Black", "Rc6", Status.WRONG, "8.1", "Cc6"),
        ("move 3, White", "", Status.MISSING, "8.1", "Ab5"),
    ]
    assert trainer.cell("2.").detail == "Correct: Cf3 is Nf3 in English letters."
    assert trainer.cell("2...").detail == ("Italian entry 'Rc6' (move 2, Black): illegal: no"
                                           " Black king can go to c6.")
    assert trainer.cell("2...").offer_missing is True
    assert trainer.cell("3.").detail == "Not recorded: the move was Ab5."
    assert trainer.cell("9...").status is None
    assert trainer.counts() == {"correct": 3, "wrong": 1, "missing": 1, "in advance": 0}


def test_writing_shows_at_once_whether_the_entry_is_correct(trainer: ScoresheetTrainer) -> None:
    assert trainer.write("Ab5") == "move 3, White: correct: Ab5 is Bb5 in English letters (8.1)."
    assert trainer.cell("3.").status is Status.CORRECT
    assert trainer.write("a6") == (
        "move 3, Black: 'a6' is written in advance (8.1): the move has not been made; only the"
        " player having the move may write his move in advance, to claim a draw under 9.2 or"
        " 9.3.")
    assert trainer.cell("3...").status is Status.IN_ADVANCE
    assert trainer.write("2... Cc6") == "White's scoresheet: move 2, Black already reads 'Rc6'."
    assert trainer.cross_out("2...") == "move 2, Black: crossed out."
    assert trainer.cell("2...").status is Status.MISSING
    assert trainer.write("2... Cc6 (=)") == (
        "move 2, Black: correct: Cc6 is Nc6 in English letters (8.1).")
    assert trainer.cell("2...").offer_missing is False
    assert trainer.cross_out() == "move 3, Black: crossed out."
    assert trainer.movetext() == "1. e4 e5 2. Cf3 Cc6 (=) 3. Ab5"
    assert trainer.counts() == {"correct": 5, "wrong": 0, "missing": 0, "in advance": 0}


def test_a_wrong_entry_is_a_clear_message_never_a_traceback(trainer: ScoresheetTrainer) -> None:
    trainer.cross_out("2...")
    assert trainer.write("2... Nc6") == (
        "move 2, Black: 'Nc6' is recorded incorrectly (8.1): Italian entry 'Nc6' (move 2,"
        " Black): unknown piece letter 'N' in Italian (its letters are R D T A C); it is the"
        " knight in English.")
    assert trainer.cell("2...").status is Status.WRONG  # it stays on the sheet, as on paper
    assert trainer.write("Rf3") == (
        "move 3, White: 'Rf3' is recorded incorrectly (8.1): Italian entry 'Rf3' (move 3,"
        " White): illegal: no White king can go to f3.")
    assert trainer.write("") == "Type an entry first, such as Cf3, 12... Cf6 or (=)."
    assert trainer.write("0. e4") == "Move numbers start at 1, not 0."
    assert trainer.cross_out("twelve") == (
        "'twelve' is not a move number such as 12. (White) or 12... (Black).")
    assert trainer.cross_out("40.") == "There is nothing to cross out."
    trainer.set_language("xx")
    assert trainer.message == ("Entry 'xx': unknown notation language (known: en, it, de, fr,"
                               " es, nl, figurine).")
    assert trainer.language.value == "it"


def test_the_same_sheet_read_in_another_language() -> None:
    trainer = ScoresheetTrainer("1. e4 e5 2. Nf3 Nc6 3. Bb5", written="1. e4 e5 2. Cf3 Cc6 3. Ab5",
                                language="it")
    assert trainer.counts()["correct"] == 5
    trainer.set_language("en")
    assert [c.status for c in trainer.cells()][2:] == [Status.WRONG] * 3
    trainer.set_language("fr")
    assert trainer.cell("3.").detail == ("French entry 'Ab5' (move 3, White): unknown piece"
                                         " letter 'A' in French (its letters are R D T F C); it"
                                         " is the bishop in Italian and Spanish.")
    figurine = ScoresheetTrainer("1. Nf3", language="figurine")
    assert figurine.write("♘f3") == "move 1, White: correct: ♘f3 is Nf3 in English letters (8.1)."
    assert ("figurine", "figurine") in LANGUAGES and len(LANGUAGES) == 7


def test_duty_before_the_next_move() -> None:
    black = ScoresheetTrainer("1. e4 e5 2. Nf3", owner="black", written="1. e4")
    assert black.duty() == ("Black may not move yet: first he records 1... (8.1): his own"
                            " previous move must be recorded before he makes another.")
    black.write("e5")
    assert black.duty() == ("Black may make his next move: every move he must record before"
                            " it is written (8.1).")
    assert ScoresheetTrainer("1. e4", owner="white").duty() == "Black has the move."
    mate = ScoresheetTrainer("1. f3 e5 2. g4 Qh4#", owner=chess.WHITE)
    assert mate.duty() == "The game is over: White completes and signs the sheet (8.7)."
    assert mate.write("g4") == ("move 1, White: 'g4' is recorded incorrectly (8.1): 'g4' is"
                                " not the move played, f3.")


def test_a_game_from_a_position_numbers_the_sheet_from_there() -> None:
    trainer = ScoresheetTrainer("40... Kf6 41. h5", fen="8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 b - - 0 40",
                                owner="white", language="de")
    assert [str(c.slot) for c in trainer.cells()] == ["move 40, Black", "move 41, White"]
    assert trainer.write("Kf6") == "move 40, Black: correct (8.1)."
    assert trainer.cells()[0].slot == Slot(40, chess.BLACK)
    assert trainer.movetext() == "40... Kf6"


def test_bad_game_or_owner_is_one_line() -> None:
    with pytest.raises(ScenarioError, match=r"moves: illegal move 'Nf4' for White at move 1\."):
        ScoresheetTrainer("1. Nf4")
    with pytest.raises(ValueError, match="owner 'red': write white or black"):
        ScoresheetTrainer("1. e4", owner="red")
    with pytest.raises(ValueError, match="'2' is not a move number"):
        ScoresheetTrainer("1. e4", offers=["2"])


def test_sheet_html_has_two_columns_and_marks(trainer: ScoresheetTrainer) -> None:
    text = trainer.sheet_html()
    assert "<caption>White's scoresheet (Italian)</caption>" in text
    assert "<th colspan='2'>White</th><th colspan='2'>Black</th>" in text
    assert text.count("<tr>") == 4  # the head and moves 1 to 3
    assert "✓" in text and "✗" in text and "—" in text and "(=)?" in text
    problems = trainer.problems_html()
    assert "3 correct, 1 wrong, 1 missing, 0 in advance" in problems
    assert "<b>move 2, Black</b> (draw offer, 8.1, 9.1b): the offer is not marked (=)." in problems
    assert "No move yet" in ScoresheetTrainer("").sheet_html()


def test_controls_drive_the_state(trainer: ScoresheetTrainer) -> None:
    view = trainer.widget()
    assert repr(view) == "<scoresheet>"
    controls = trainer.controls
    controls["entry"].value = "Ab5"
    controls["write"].click()
    assert controls["entry"].value == ""
    assert "correct: Ab5 is Bb5 in English letters (8.1)" in controls["message"].value
    assert "4 correct, 1 wrong, 0 missing" in controls["problems"].value
    controls["entry"].value = "2..."
    controls["cross"].click()
    assert "move 2, Black: crossed out." in controls["message"].value
    controls["language"].value = "en"
    assert "The sheet is now read in English." in controls["message"].value
    assert "(English)</caption>" in controls["sheet"].value
    controls["entry"].value = "Nf3 Nc6"
    controls["write"].click()
    assert "is written in advance" in controls["message"].value
