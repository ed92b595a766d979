"""Draw claims by repetition and by the fifty-move rule, and the incorrect-claim penalty.

Seed edition (2005) clauses: 9.2 (threefold repetition, a: with the move written and
declared, b: the position has just appeared), 9.3 (fifty moves, a and b likewise),
9.4 (a player who moves without claiming loses that claim), 9.5 (procedure; a: a correct
claim draws at once; b: an incorrect claim costs time and the written move must be played).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence

import chess

from arbiterlib.clocks import format_time
from arbiterlib.editions import ClaimantAction, ClaimantBand, Edition, IncorrectClaimPenalty
from arbiterlib.repetition import RepetitionTable, position_key

FIFTY_MOVES_PLIES = 100


class ClaimRule(enum.Enum):
    """What a player claims (scenario ``claim:`` values)."""

    THREEFOLD = "threefold"
    FIFTY_MOVES = "fifty-moves"
    TOUCH_MOVE = "touch-move"


@dataclasses.dataclass(frozen=True)
class ClaimVerdict:
    """The arbiter's finding on a 9.2/9.3 claim: correct or not, under which clause, and why."""

    rule: ClaimRule
    correct: bool
    article: str
    finding: str
    written_move: chess.Move | None = None


def move_label(board: chess.Board, move: chess.Move) -> str:
    """``12. Rd1`` or ``12...Kg8``: ``move``, about to be played on ``board``, with its number."""
    if board.turn == chess.WHITE:
        return f"{board.fullmove_number}. {board.san(move)}"
    return f"{board.fullmove_number}...{board.san(move)}"


def _side(color: chess.Color) -> str:
    return chess.COLOR_NAMES[color].capitalize()


def _listing(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def lost_right_verdict(
    rule: ClaimRule,
    claimant: chess.Color,
    edition: Edition,
    written: chess.Move | None = None,
    touched: chess.Square | None = None,
) -> ClaimVerdict:
    """9.4: only the player having the move may claim (9.2/9.3), and he loses the claim by
    making a move without claiming (2005) or, from 2009, by touching a piece (4.3).

    ``touched`` is the first piece the claimant touched this turn (2009 on); without it the
    claimant is taken not to have the move.
    """
    lost = edition.cite("claim.lost")
    if touched is not None:
        finding = (f"{_side(claimant)} touched a piece (on {chess.square_name(touched)}) as in"
                   f" {edition.cite('touch')} without having claimed, and so lost the right to"
                   f" claim on this move ({lost})")
    else:
        claim = edition.cite(f"{rule.value}.claim")
        finding = (f"{_side(claimant)} does not have the move: only the player having the move"
                   f" may claim ({claim}), and a player who makes a move without claiming loses"
                   f" the right to claim on that move ({lost})")
    return ClaimVerdict(rule=rule, correct=False, article=lost, finding=finding,
                        written_move=written)


def judge_threefold(
    board: chess.Board,
    table: RepetitionTable,
    edition: Edition,
    written: chess.Move | None = None,
    labels: Sequence[str] | None = None,
) -> ClaimVerdict:
    """Judge a repetition claim by the player having the move (9.2a with ``written``, else 9.2b).

    ``table`` holds every position so far, the current one last; ``labels[ply]`` names the
    moment each position appeared (e.g. ``"after 12...Kg8"``) for the arbiter's words.
    With a written move the position it would produce counts once more (9.2a).
    """
    if written is None:
        key, article = table.current, edition.cite("threefold.on-board")
        where, now = "the position on the board", []
    else:
        after = board.copy(stack=False)
        after.push(written)
        key, article = position_key(after), edition.cite("threefold.written")
        where = f"the position after the written move {board.san(written)}"
        now = [f"after {move_label(board, written)} now"]
    moments = [labels[ply] if labels else f"at ply {ply}" for ply in table.plies(key)] + now
    count = len(moments)
    correct = count >= 3
    finding = (
        f"{where} {'would stand' if written else 'has stood'} on the board {_times(count)}"
        f" ({_listing(moments)}) with the same player to move, the same pieces on the same"
        " squares and the same possible moves"
    )
    if not correct:
        finding += "; the same position must appear at least three times"
    return ClaimVerdict(ClaimRule.THREEFOLD, correct, article, finding, written)


def judge_fifty_moves(
    board: chess.Board, edition: Edition, written: chess.Move | None = None
) -> ClaimVerdict:
    """Judge a fifty-move claim by the player having the move (9.3a with ``written``, else 9.3b)."""
    if written is None:
        plies, article = board.halfmove_clock, edition.cite("fifty-moves.on-board")
        where = ""
    else:
        after = board.copy(stack=False)
        after.push(written)
        plies, article = after.halfmove_clock, edition.cite("fifty-moves.written")
        where = f"with the written move {board.san(written)}, "
    correct = plies >= FIFTY_MOVES_PLIES
    tense = "would have been" if written else "have been"
    if correct:
        finding = (f"{where}the last {FIFTY_MOVES_PLIES // 2} moves by each player {tense} made"
                   " without the movement of any pawn and without any capture")
    else:
        finding = (f"{where}only {plies} moves (counting each player's separately) {tense}"
                   " made since the last pawn move or capture;"
                   f" {FIFTY_MOVES_PLIES // 2} by each player ({FIFTY_MOVES_PLIES} in all)"
                   " are needed")
    return ClaimVerdict(ClaimRule.FIFTY_MOVES, correct, article, finding, written)


@dataclasses.dataclass(frozen=True)
class PenaltyOutcome:
    """Both clocks before and after the incorrect-claim penalty (9.5b in 2005), and why."""

    claimant_before: float
    claimant_after: float
    opponent_before: float
    opponent_after: float
    band: ClaimantBand | None
    explanation: str


def _apply_band(band: ClaimantBand, seconds: float) -> float:
    if band.action is ClaimantAction.HALVE:
        return seconds - min(seconds / 2, band.cap if band.cap is not None else seconds)
    if band.action is ClaimantAction.SET:
        return min(seconds, band.value if band.value is not None else seconds)
    return seconds


def _describe_band(band: ClaimantBand) -> str:
    if band.action is ClaimantAction.HALVE:
        cap = f", at most {format_time(band.cap)}" if band.cap is not None else ""
        return f"more than {format_time(band.above)}: half of it is deducted{cap}"
    if band.action is ClaimantAction.SET:
        return f"more than {format_time(band.above)}: it is set to {format_time(band.value or 0)}"
    return "no reduction"


def incorrect_claim_penalty(
    penalty: IncorrectClaimPenalty,
    claimant: float,
    opponent: float,
    names: tuple[str, str] = ("the claimant", "the opponent"),
) -> PenaltyOutcome:
    """Apply the incorrect-claim penalty to the claimant's and the opponent's remaining time.

    2005, 9.5b: the opponent gets three more minutes; a claimant with more than two minutes
    loses half his time, at most three minutes; with more than one minute but less than two
    his time is set to one minute; with less than one minute, no reduction. The text leaves
    exactly 2:00 and exactly 1:00 open: at such a boundary this function applies the lower
    band and its explanation gives the other reading too (for 2005 both give 1:00).
    """
    opponent_after = opponent + penalty.opponent_bonus
    claimant_name, opponent_name = names
    parts = [f"{opponent_name}'s time goes up by {format_time(penalty.opponent_bonus)}"
             f" ({format_time(opponent)} → {format_time(opponent_after)})"]
    band = next((b for b in penalty.claimant_bands if claimant > b.above), None)
    claimant_after = _apply_band(band, claimant) if band else claimant
    if band is not None and band.action is not ClaimantAction.KEEP:
        parts.append(f"{claimant_name} had {format_time(claimant)}, {_describe_band(band)}"
                     f" ({format_time(claimant)} → {format_time(claimant_after)})")
    elif penalty.claimant_bands:
        parts.append(f"{claimant_name} had {format_time(claimant)}: no reduction")
    boundary = next((b for b in penalty.claimant_bands if claimant == b.above), None)
    if boundary is not None:
        # Reading "more than" as "at least" puts the claimant in the band above instead.
        other = _apply_band(boundary, claimant)
        same = "both readings give" if other == claimant_after else "the project rules"
        parts.append(
            f"exactly {format_time(claimant)} is a boundary the text leaves open;"
            f" {same} {format_time(claimant_after)}"
            + ("" if other == claimant_after else f" (the other reading: {format_time(other)})")
        )
    return PenaltyOutcome(claimant, claimant_after, opponent, opponent_after, band,
                          "; ".join(parts))
