"""The dead-position board (Articles 9.6 and 6.9), driven without a browser."""

from __future__ import annotations

import dataclasses

import chess

from arbiterlib import dead
from arbiterlib.widgets.dead import (
    BLACK_REACH,
    FIXED,
    MATERIAL,
    MAX_LINE,
    WHITE_REACH,
    DeadPositionBoard,
    material_words,
)

WALL = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1"
SAME_BISHOPS = "8/8/4k3/4b3/8/2B5/4K3/8 w - - 0 1"
ROOK = "8/8/4k3/8/8/8/8/R3K3 b - - 0 1"
BISHOP_V_PAWN = "7k/7p/5K2/8/8/8/8/4B3 b - - 0 1"


def test_a_blocked_wall_is_shaded_from_the_analysis() -> None:
    view = DeadPositionBoard(WALL)
    assert view.is_dead() is True and view.error is None
    wall = view.wall
    assert wall is not None
    assert sorted(chess.square_name(s) for s in wall.fixed) == [
        "a4", "a5", "c4", "c5", "e4", "e5", "g4", "g5"]
    fill = view.fill()
    assert {chess.square_name(s) for s, c in fill.items() if c == FIXED} == {
        "a4", "a5", "c4", "c5", "e4", "e5", "g4", "g5"}
    # The kings cannot cross: b4, d4, f4, h4 (and b5, ...) are guarded by the other pawns.
    assert {s for s, c in fill.items() if c == WHITE_REACH} == set(chess.SquareSet(
        chess.BB_RANK_1 | chess.BB_RANK_2 | chess.BB_RANK_3))
    assert {s for s, c in fill.items() if c == BLACK_REACH} == set(chess.SquareSet(
        chess.BB_RANK_6 | chess.BB_RANK_7 | chess.BB_RANK_8))
    assert len(fill) == 56
    assert view.verdict(chess.WHITE) == ("White cannot checkmate: the pawns are blocked and no"
                                         " piece can cross the wall to give mate.")
    html = view.html()
    assert "can never move (fixed)" in html and "the position is dead (9.6)" in html
    assert 'fill="#555555"' in view.svg()


def test_material_is_shaded_when_it_decides() -> None:
    view = DeadPositionBoard(SAME_BISHOPS)
    assert view.wall is None and view.is_dead() is True
    assert view.fill() == {chess.C3: MATERIAL, chess.E5: MATERIAL}
    assert material_words(view.board, chess.WHITE) == "king, bishop (c3)"
    assert view.verdict(chess.BLACK) == (
        "Black cannot checkmate: insufficient material: king and bishops, with every bishop"
        " on one colour of square, cannot mate.")
    assert "the pieces of a side that cannot mate (besides the king)" in view.legend_html()


def test_flag_falls_against_a_lone_king_and_against_a_rook() -> None:
    view = DeadPositionBoard(ROOK, clocks={"white": 0, "black": "0:30"})
    assert view.is_dead() is False
    assert view.fill() == {}  # Black cannot mate, but has nothing besides his king
    assert DeadPositionBoard("8/8/4k3/8/3q4/8/8/1N2K3 b - - 0 70").fill() == {chess.B1: MATERIAL}
    # The helpmate line shown is the analyser's witness: only its start is fixed here.
    assert view.verdict(chess.WHITE).startswith(
        "White can still checkmate by some series of legal moves, for example ")
    drawn = view.flag("white")
    assert drawn is not None and drawn.result == "1/2-1/2"
    assert drawn.reason is not None and drawn.reason.value == "flag"
    assert drawn.rulings[-1].articles == ("6.9",)
    assert "Black cannot checkmate by any series of legal moves" in view.ruling_html()
    lost = view.flag("black")
    assert lost is not None and lost.result == "1-0"
    assert "White can still checkmate" in view.ruling_html()


def test_a_long_helpmate_is_not_spelt_out() -> None:
    view = DeadPositionBoard(BISHOP_V_PAWN)
    white = view.verdict(chess.WHITE)
    assert white.startswith("White can still checkmate by some series of legal moves,"
                            " for example 1...")
    assert view.analysis is not None
    assert white.endswith("#.") and len(view.analysis.white_detail.witness) <= MAX_LINE
    # A line longer than MAX_LINE single moves is only counted (the analysis is built
    # here, as the analyser's own lines may change).
    board = view.board.copy()
    shuffle = [board.push_san(san) or board.peek()
               for san in ["Kg8", "Ke6", "Kh8", "Kf6"] * 5]
    assert view.analysis is not None
    view.analysis = dataclasses.replace(view.analysis, black_detail=dead.MateAnalysis(
        chess.BLACK, dead.Mateability.CAN_MATE, witness=tuple(shuffle)))
    assert view.verdict(chess.BLACK) == ("Black can still checkmate by some series of legal"
                                         " moves, for example by a line of 20 single moves.")
    view.analysis = dataclasses.replace(view.analysis, black_detail=dead.MateAnalysis(
        chess.BLACK, dead.Mateability.UNDETERMINED))
    assert view.verdict(chess.BLACK) == ("Black: the analysis could not decide within its"
                                         " budget; the arbiter must judge.")
    assert view.fill() == {} and view.legend_html() == ""
    quiet = DeadPositionBoard(BISHOP_V_PAWN, examples=False)
    assert quiet.verdict(chess.WHITE) == ("White can still checkmate by some series of legal"
                                          " moves.")
    assert "A checkmate can still occur: the position is not dead." in view.why_html()


def test_a_capture_that_kills_the_position_ends_the_game() -> None:
    view = DeadPositionBoard("8/8/4k3/4N3/8/8/8/3BK3 b - - 0 1")
    ruling = view.move("Kxe5")
    assert ruling is not None and ruling.result == "1/2-1/2"
    assert ruling.reason is not None and ruling.reason.value == "dead-position"
    assert ruling.rulings[-1].articles == ("9.6",)
    assert view.move("Kd5") is not None and view.last_ruling is not None
    assert view.last_ruling.result is None


def test_bad_input_is_one_line() -> None:
    bad = DeadPositionBoard("not a fen")
    assert bad.analysis is None and bad.error == "expected a FEN of 4 or 6 fields, got 3"
    assert bad.html() == "<p><b>Not analysed:</b> expected a FEN of 4 or 6 fields, got 3</p>"
    assert bad.verdict(chess.WHITE) == "" and bad.is_dead() is None and bad.fill() == {}
    view = DeadPositionBoard(ROOK)
    assert view.move("Kxe9") is None
    assert view.error == "event 0 (move: Kxe9): illegal move 'Kxe9' for Black"
    assert "<b>Not ruled:</b> event 0 (move: Kxe9)" in view.ruling_html()
    dead = DeadPositionBoard(WALL)
    assert dead.flag("white") is None
    assert dead.error == "event 0 (flag: white): the game has already ended (1/2-1/2)"


def test_controls() -> None:
    view = DeadPositionBoard(ROOK)
    assert repr(view.widget()) == "<dead-position board>"
    c = view.controls
    assert "No flag fall or move yet" in c["ruling"].value
    c["white_flag"].click()
    assert "the game is drawn (6.9)" in c["ruling"].value
    c["black_flag"].click()
    assert "Black loses the game" in c["ruling"].value
    c["move"].value = "Kd5"
    c["play"].click()
    assert "<b>Result:</b> the game continues" in c["ruling"].value
