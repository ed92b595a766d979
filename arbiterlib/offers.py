"""Draw offers (Article 9.1, 2005).

9.1a: a player offers a draw after making a move on the board and before stopping his clock
and starting his opponent's. An offer at any other time is still valid, but Article 12.5 of
the seed text (12.6 in the English text: disturbing the opponent) must be considered. No
conditions may be attached. The offer cannot be withdrawn and stands until the opponent
accepts it, rejects it orally, rejects it by touching a piece with the intention of moving or
capturing it, or the game ends in some other way. 9.1b: both players record it as ``(=)``.
9.1c: a claim under 9.2, 9.3 or 10.2 counts as a draw offer.
"""

from __future__ import annotations

import dataclasses
import enum

import chess

from arbiterlib.editions import Edition


class OfferTiming(enum.Enum):
    """When an offer was made (9.1a)."""

    PROPER = "proper"  # after his own move, before pressing his clock
    IRREGULAR = "irregular"  # at any other time: valid, but 12.5 (seed) / 12.6 (English)
    CLAIM = "claim"  # a claim under 9.2 or 9.3 counts as an offer (9.1c)


@dataclasses.dataclass(frozen=True)
class OfferVerdict:
    """Whether an offer is valid, whether it was made at the proper moment, and why."""

    valid: bool
    timing: OfferTiming
    articles: tuple[str, ...]
    finding: str


def _side(color: chess.Color) -> str:
    return chess.COLOR_NAMES[color].capitalize()


def offer_timing(offerer: chess.Color, last_mover: chess.Color | None,
                 has_pressed_since_move: bool) -> OfferTiming:
    """9.1a: proper only after the offerer's own move and before he presses his clock."""
    if last_mover == offerer and not has_pressed_since_move:
        return OfferTiming.PROPER
    return OfferTiming.IRREGULAR


def judge_offer(offerer: chess.Color, timing: OfferTiming, edition: Edition, *,
                conditional: bool = False) -> OfferVerdict:
    """Rule on a draw offer (9.1a): a conditional offer is no offer; any other is valid."""
    offer, disturbing = edition.cite("offer"), edition.cite("disturbing")
    if conditional:
        return OfferVerdict(False, timing, (offer,),
                            f"{_side(offerer)} attaches a condition to his offer, but no"
                            f" conditions can be attached to a draw offer ({offer}): this is not"
                            " a valid draw offer")
    if timing is OfferTiming.PROPER:
        return OfferVerdict(True, timing, (offer,),
                            f"{_side(offerer)} offers a draw after making his move and before"
                            f" pressing his clock, as {offer} says")
    english_clause = edition.clauses.get("disturbing.english", disturbing)
    english = f"; {english_clause} in the English text" if english_clause != disturbing else ""
    return OfferVerdict(True, timing, (offer, disturbing),
                        f"{_side(offerer)} offers a draw other than after making his move and"
                        f" before pressing his clock: the offer is still valid ({offer}), but"
                        f" the arbiter must consider whether it disturbed the opponent"
                        f" ({disturbing}{english})")
