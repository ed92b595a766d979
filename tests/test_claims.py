"""Article 9.2-9.5 (2005) as rule functions, independent of the scenario engine."""

from __future__ import annotations

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiterlib.claims import (
    ClaimRule,
    incorrect_claim_penalty,
    judge_fifty_moves,
    judge_threefold,
    lost_right_verdict,
)
from arbiterlib.editions import EDITION_2005, get_edition
from arbiterlib.errors import EditionError
from arbiterlib.repetition import RepetitionTable, position_key

PENALTY = EDITION_2005.incorrect_claim


@pytest.mark.parametrize(("claimant", "after"), [
    (600, 420),   # more than 2:00: half, at most 3:00
    (300, 150),   # more than 2:00: half
    (360, 180),   # half is exactly 3:00
    (121, 60.5),
    (120, 60),    # exactly 2:00: both readings give 1:00
    (119, 60),    # between 1:00 and 2:00: set to 1:00
    (61, 60),
    (60, 60),     # exactly 1:00: both readings leave 1:00
    (59, 59),     # under 1:00: unchanged
    (0, 0),
])
def test_2005_bands(claimant: float, after: float) -> None:
    outcome = incorrect_claim_penalty(PENALTY, claimant, 100)
    assert outcome.claimant_after == after
    assert outcome.opponent_after == 280


@pytest.mark.parametrize("claimant", [120, 60])
def test_open_boundaries_are_said_in_words(claimant: float) -> None:
    text = incorrect_claim_penalty(PENALTY, claimant, 0).explanation
    assert "boundary the text leaves open" in text
    assert "both readings give 1:00" in text


@given(st.floats(min_value=0, max_value=3 * 3600), st.floats(min_value=0, max_value=3 * 3600))
def test_penalty_invariants(claimant: float, opponent: float) -> None:
    outcome = incorrect_claim_penalty(PENALTY, claimant, opponent)
    assert outcome.opponent_after == opponent + 180
    assert outcome.claimant_after <= claimant
    assert claimant - outcome.claimant_after <= 180
    assert outcome.claimant_after >= min(claimant, 60)


@given(st.floats(min_value=0, max_value=3 * 3600), st.floats(min_value=0, max_value=3 * 3600))
def test_more_time_before_never_means_less_after(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert (incorrect_claim_penalty(PENALTY, low, 0).claimant_after
            <= incorrect_claim_penalty(PENALTY, high, 0).claimant_after)


def _table(board: chess.Board) -> RepetitionTable:
    replay = board.root()
    table = RepetitionTable(position_key(replay))
    for move in board.move_stack:
        replay.push(move)
        table.push(position_key(replay))
    return table


def _play(sans: str, fen: str = chess.STARTING_FEN) -> chess.Board:
    board = chess.Board(fen)
    for san in sans.split():
        board.push_san(san)
    return board


def test_threefold_on_board_and_written() -> None:
    board = _play("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
    table = _table(board)
    assert not judge_threefold(board, table, EDITION_2005).correct
    written = board.parse_san("Ng8")
    verdict = judge_threefold(board, table, EDITION_2005, written)
    assert (verdict.correct, verdict.article, verdict.written_move) == (True, "9.2a", written)
    assert "3 times" in verdict.finding


def test_threefold_counts_castling_rights() -> None:
    board = _play("Rb1 Rb8 Ra1 Ra8 Rb1 Rb8 Ra1 Ra8", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    verdict = judge_threefold(board, _table(board), EDITION_2005)
    assert not verdict.correct and verdict.article == "9.2b"


def test_fifty_moves() -> None:
    board = chess.Board("8/8/4k3/3r4/3R4/3K4/8/8 w - - 99 105")
    assert not judge_fifty_moves(board, EDITION_2005).correct
    assert judge_fifty_moves(board, EDITION_2005, board.parse_san("Kc3")).correct
    capture = judge_fifty_moves(board, EDITION_2005, board.parse_san("Rxd5"))
    assert (capture.correct, capture.article) == (False, "9.3a")
    board.push_san("Kc3")
    assert judge_fifty_moves(board, EDITION_2005).article == "9.3b"
    assert judge_fifty_moves(board, EDITION_2005).correct


def test_claim_without_the_move_cites_9_4() -> None:
    verdict = lost_right_verdict(ClaimRule.THREEFOLD, chess.WHITE, EDITION_2005)
    assert (verdict.correct, verdict.article) == (False, "9.4")


def test_unknown_edition_is_a_clear_error() -> None:
    with pytest.raises(EditionError, match="unknown edition of the Laws '1999'"):
        get_edition("1999")
    assert get_edition(None) is EDITION_2005
