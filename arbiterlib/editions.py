"""Editions of the Laws of Chess as data: clause numbers and the parameters that differ.

An :class:`Edition` is not a copy of the rules: the rule modules and the engine ask it for
the few figures and choices that changed between editions and for the clause to cite.
The default is the seed edition, in force from 1 July 2005 (see ``../shared/seeds``);
``../shared/laws/editions.md`` lists what later editions change, and ``docs/editions.md``
what the project makes of it (points marked "?" there are the best available reading).

A **proposal** (see :func:`load_proposal`) is an edition made from a base edition by
overriding named parameters, for rule-change workshops.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from arbiterlib.clocks import parse_time
from arbiterlib.errors import ArbiterError, EditionError

DEFAULT_EDITION = "2005"


class Rate(enum.Enum):
    """The rate of play (scenario key ``rate``): some penalties depend on it."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


class ClaimRightLoss(enum.Enum):
    """What makes a player lose a 9.2/9.3 claim he did not make (9.4)."""

    MOVE = "move"  # 2005: making a move
    TOUCH = "touch"  # 2009 on: touching a piece as in 4.3


class Fivefold(enum.Enum):
    """The automatic draw by a fivefold repetition (2014: 9.6a; 2017 on: 9.6.1)."""

    NONE = "none"
    CONSECUTIVE = "consecutive"  # 2014: "at least five consecutive alternate moves"
    ANY = "any"  # 2017 on: five times, not necessarily consecutively


class TouchTrigger(enum.Enum):
    """Which touches bind under the touch-move rule (4.3)."""

    DELIBERATE = "deliberate"  # 2005, 2009: "deliberately touches"
    INTENT = "intent"  # 2014: touches "with the intention of moving or capturing"
    CONTACT = "contact"  # 2017 on (4.2.2): any contact except a clearly accidental one


class ClaimantAction(enum.Enum):
    """What happens to an incorrect claimant's own time in one band of the penalty."""

    HALVE = "halve"  # deduct half of his time, up to ``cap`` seconds
    SET = "set"  # set his time to ``value`` seconds
    KEEP = "keep"  # no reduction


@dataclasses.dataclass(frozen=True)
class ClaimantBand:
    """Applies when the claimant's time is more than ``above`` seconds (bands go downwards)."""

    above: float
    action: ClaimantAction
    cap: float | None = None
    value: float | None = None


@dataclasses.dataclass(frozen=True)
class IncorrectClaimPenalty:
    """The clock penalty for an incorrect draw claim (2005: Article 9.5b)."""

    opponent_bonus: float
    claimant_bands: tuple[ClaimantBand, ...] = ()


@dataclasses.dataclass(frozen=True)
class AutomaticDraws:
    """Draws the arbiter declares without a claim (from 2014)."""

    fivefold: Fivefold = Fivefold.NONE
    seventy_five_moves: bool = False


@dataclasses.dataclass(frozen=True)
class Edition:
    """One edition of the Laws (or a proposal): clause numbers and differing parameters."""

    key: str
    title: str
    clauses: Mapping[str, str]
    incorrect_claim: IncorrectClaimPenalty
    #: Incorrect-claim penalties that differ by rate (rapid, blitz) from ``incorrect_claim``.
    incorrect_claim_by_rate: Mapping[Rate, IncorrectClaimPenalty] = dataclasses.field(
        default_factory=dict)
    claim_right_lost_by: ClaimRightLoss = ClaimRightLoss.MOVE
    automatic: AutomaticDraws = AutomaticDraws()
    touch_trigger: TouchTrigger = TouchTrigger.DELIBERATE
    #: A move made with two hands counts as an illegal move (2017: 7.7.1, 2018: 7.5.4).
    two_hands_illegal: bool = False
    #: Time given to the opponent for a first completed illegal move, by rate (2017 on).
    illegal_move_bonus: Mapping[Rate, float] = dataclasses.field(default_factory=dict)
    #: A draw by agreement needs both players to have made a move (2017 on, 5.2.3).
    agreement_needs_both_moved: bool = False
    #: The edition a proposal starts from (``None`` for the editions themselves).
    base: str | None = None

    def cite(self, concept: str) -> str:
        """The clause for ``concept`` in this edition's own numbering, e.g. ``"9.5b"``."""
        try:
            return self.clauses[concept]
        except KeyError:
            raise EditionError(f"edition {self.key} has no clause for {concept!r}") from None

    def penalty(self, rate: Rate = Rate.STANDARD) -> IncorrectClaimPenalty:
        """The incorrect-claim penalty at ``rate``."""
        return self.incorrect_claim_by_rate.get(rate, self.incorrect_claim)


def _clauses(base: Mapping[str, str], **changes: str) -> Mapping[str, str]:
    """``base`` with some clauses renumbered (keyword names use ``_`` for ``.`` and ``-``)."""
    merged = dict(base)
    for name, clause in changes.items():
        key = name.replace("__", "-").replace("_", ".")
        merged[key] = clause
    return MappingProxyType(merged)


CLAUSES_2005: Mapping[str, str] = MappingProxyType({
    # Article 4: the act of moving the pieces
    "one-hand": "4.1",
    "adjust": "4.2",
    "touch": "4.3",
    "touch.own": "4.3a",
    "touch.opponent": "4.3b",
    "touch.both": "4.3c",
    "castling.king-first": "4.4a",
    "castling.rook-first": "4.4b",
    "castling.illegal": "4.4c",
    "promotion.final": "4.4d",
    "touch.none-movable": "4.5",
    "move.made": "4.6",
    "move.capture": "4.6a",
    "move.castling": "4.6b",
    "move.promotion": "4.6c",
    "touch.claim-lost": "4.7",
    # Article 5, 6: the end of the game, the clock
    "checkmate": "5.1a",
    "stalemate": "5.2a",
    "agreement": "5.2c",
    "flag": "6.9",
    "clock.press": "6.7",
    # Article 8: the recording of the moves
    "record": "8.1",
    "record.visible": "8.2",
    "record.exemption": "8.4",
    "record.update": "8.5",
    "record.update.neither": "8.5a",
    "record.update.one": "8.5b",
    "record.reconstruct": "8.5c",
    "record.time-control": "8.6",
    "record.sign": "8.7",
    # Article 9: the drawn game
    "offer": "9.1a",
    "offer.record": "9.1b",
    "offer.claim": "9.1c",
    "threefold": "9.2",
    "threefold.claim": "9.2",
    "threefold.written": "9.2a",
    "threefold.on-board": "9.2b",
    "fifty-moves": "9.3",
    "fifty-moves.claim": "9.3",
    "fifty-moves.written": "9.3a",
    "fifty-moves.on-board": "9.3b",
    "claim.lost": "9.4",
    "claim.procedure": "9.5",
    "claim.correct": "9.5a",
    "claim.incorrect": "9.5b",
    "dead-position": "9.6",
    # Articles 12, 13 and Appendix E
    "disturbing": "12.5",
    # The seed translation numbers disturbing the opponent 12.5; the English 2005 text, 12.6.
    "disturbing.english": "12.6",
    "penalties": "13.4",
    "notation": "Appendix E",
    # Appendix E is not in the seed text: numbers from the English 2005 text, where E.12 is
    # the draw offer as the seed's 8.1 "(Appendice E.12)" says (its 9.1b says E13).
    "notation.letters": "E.2",
    "notation.national-letters": "E.3",
    "notation.pawn": "E.4",
    "notation.move": "E.8",
    "notation.capture": "E.9",
    "notation.disambiguation": "E.10",
    "notation.promotion": "E.11",
    "notation.draw-offer": "E.12",
    "notation.abbreviations": "E.13",
})

# 2009: the same numbering, except 9.1 (a: event regulations; b.1-b.3: the offer).
CLAUSES_2009 = _clauses(
    CLAUSES_2005, offer="9.1b.1", offer_record="9.1b.2", offer_claim="9.1b.3",
    offer_regulations="9.1a", disturbing="12.6", disturbing_english="12.6")

# 2014: 4.7 when a move is made, 4.8 the claim lost (?); 9.6 automatic draws, 9.7/5.2b dead
# positions; disturbing 11.5, penalties 12.9.
CLAUSES_2014 = _clauses(
    CLAUSES_2009, move_made="4.7", move_capture="4.7a", move_castling="4.7b",
    move_promotion="4.7c", touch_claim__lost="4.8", fivefold="9.6a",
    seventy__five__moves="9.6b", dead__position="5.2b", disturbing="11.5",
    disturbing_english="11.5", penalties="12.9")

# 2017/2018: decimal numbering.
CLAUSES_2018 = _clauses(
    CLAUSES_2014, adjust="4.2.1", touch_contact="4.2.2", touch="4.3", touch_own="4.3.1",
    touch_opponent="4.3.2", touch_both="4.3.3", castling_king__first="4.4.1",
    castling_rook__first="4.4.2", castling_illegal="4.4.3", promotion_final="4.4.4",
    move_made="4.7", move_capture="4.7.1", move_castling="4.7.2", move_promotion="4.7.3",
    touch_claim__lost="4.8", checkmate="5.1.1", stalemate="5.2.1", dead__position="5.2.2",
    agreement="5.2.3", illegal__move="7.5.1", one__hand_illegal="7.5.4",
    illegal__move_penalty="7.5.5", record="8.1.1", offer_regulations="9.1.1",
    offer="9.1.2.1", offer_record="9.1.2.2", offer_claim="9.1.2.3", threefold="9.2.2",
    threefold_claim="9.2.1",
    threefold_written="9.2.1.1", threefold_on__board="9.2.1.2", fifty__moves="9.3",
    fifty__moves_written="9.3.1", fifty__moves_on__board="9.3.2", claim_procedure="9.5.1",
    claim_correct="9.5.2", claim_incorrect="9.5.3", fivefold="9.6.1",
    seventy__five__moves="9.6.2", penalties="12.9")
CLAUSES_2017 = _clauses(CLAUSES_2018, one__hand_illegal="7.7.1")

# 2005: "more than two minutes": minus half, at most three minutes; "more than one minute
# but less than two": set to one minute; "less than one minute": unchanged. The text leaves
# exactly 2:00 and exactly 1:00 open; both readings of each give 1:00, so the bands put 2:00
# in the middle band and 1:00 in the lowest (see docs/penalties.md).
BANDS_2005 = (
    ClaimantBand(above=120.0, action=ClaimantAction.HALVE, cap=180.0),
    ClaimantBand(above=60.0, action=ClaimantAction.SET, value=60.0),
    ClaimantBand(above=-1.0, action=ClaimantAction.KEEP),
)
ONE_MINUTE = IncorrectClaimPenalty(opponent_bonus=60.0)
TWO_MINUTES = IncorrectClaimPenalty(opponent_bonus=120.0)
ILLEGAL_MOVE_BONUS = MappingProxyType({Rate.STANDARD: 120.0, Rate.RAPID: 120.0,
                                       Rate.BLITZ: 60.0})

EDITION_2005 = Edition(
    key="2005",
    title="FIDE Laws of Chess, in force from 1 July 2005 (seed text, Italian translation)",
    clauses=CLAUSES_2005,
    incorrect_claim=IncorrectClaimPenalty(opponent_bonus=180.0, claimant_bands=BANDS_2005),
)
EDITION_2009 = dataclasses.replace(
    EDITION_2005, key="2009", title="FIDE Laws of Chess, in force from 1 July 2009",
    clauses=CLAUSES_2009, incorrect_claim=IncorrectClaimPenalty(opponent_bonus=180.0),
    claim_right_lost_by=ClaimRightLoss.TOUCH)
EDITION_2014 = dataclasses.replace(
    EDITION_2009, key="2014", title="FIDE Laws of Chess, in force from 1 July 2014",
    clauses=CLAUSES_2014, incorrect_claim=TWO_MINUTES,
    automatic=AutomaticDraws(Fivefold.CONSECUTIVE, seventy_five_moves=True),
    touch_trigger=TouchTrigger.INTENT)
EDITION_2017 = dataclasses.replace(
    EDITION_2014, key="2017", title="FIDE Laws of Chess, in force from 1 July 2017",
    clauses=CLAUSES_2017, incorrect_claim_by_rate=MappingProxyType({Rate.BLITZ: ONE_MINUTE}),
    automatic=AutomaticDraws(Fivefold.ANY, seventy_five_moves=True),
    touch_trigger=TouchTrigger.CONTACT, two_hands_illegal=True,
    illegal_move_bonus=ILLEGAL_MOVE_BONUS, agreement_needs_both_moved=True)
EDITION_2018 = dataclasses.replace(
    EDITION_2017, key="2018", title="FIDE Laws of Chess, in force from 1 January 2018",
    clauses=CLAUSES_2018)
EDITION_2023 = dataclasses.replace(
    EDITION_2018, key="2023", title="FIDE Laws of Chess, in force from 1 January 2023",
    incorrect_claim_by_rate=MappingProxyType({Rate.RAPID: ONE_MINUTE, Rate.BLITZ: ONE_MINUTE}))

EDITIONS: Mapping[str, Edition] = MappingProxyType({
    e.key: e for e in (EDITION_2005, EDITION_2009, EDITION_2014, EDITION_2017, EDITION_2018,
                       EDITION_2023)})


def get_edition(key: str | int | None = None) -> Edition:
    """The edition for ``key`` (default: the 2005 seed edition)."""
    name = DEFAULT_EDITION if key is None else str(key)
    try:
        return EDITIONS[name]
    except KeyError:
        known = ", ".join(EDITIONS)
        raise EditionError(f"unknown edition of the Laws {name!r} (known: {known},"
                           " or the path of a proposal file ending in .yaml)") from None


# Proposals ----------------------------------------------------------------------------------

#: The parameters a proposal may override, with what they take.
PARAMETERS: Mapping[str, str] = MappingProxyType({
    "incorrect_claim.opponent_bonus": "time added to the opponent (seconds or 'm:ss')",
    "incorrect_claim.reduce_claimant": "true: the 2005 bands reduce the claimant's time",
    "incorrect_claim.rapid_opponent_bonus": "the opponent's bonus in rapid games",
    "incorrect_claim.blitz_opponent_bonus": "the opponent's bonus in blitz games",
    "claim_right_lost_by": "move | touch",
    "automatic.fivefold": "false | consecutive | any",
    "automatic.seventy_five_moves": "true | false",
    "touch_trigger": "deliberate | intent | contact",
    "two_hands_illegal": "true | false",
    "illegal_move_bonus": "time added to the opponent for a first illegal move",
    "agreement_needs_both_moved": "true | false",
})


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for name, value in data.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping) and key not in PARAMETERS:
            flat.update(_flatten(value, f"{key}."))
        else:
            flat[key] = value
    return flat


def _choice(name: str, value: Any, kind: type[enum.Enum]) -> Any:
    if isinstance(value, bool) and kind is Fivefold:
        value = "any" if value else "none"
    try:
        return kind(value)
    except ValueError:
        options = " | ".join(str(m.value) for m in kind)
        raise EditionError(f"{name}: {value!r} is not one of {options}") from None


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise EditionError(f"{name}: {value!r} is not true or false")
    return value


def _seconds(name: str, value: Any) -> float:
    try:
        return parse_time(value)
    except ArbiterError as exc:
        raise EditionError(f"{name}: {exc}") from None


def apply_parameters(base: Edition, parameters: Mapping[str, Any], *, key: str,
                     title: str) -> Edition:
    """``base`` with the named ``parameters`` (dotted names, see :data:`PARAMETERS`)."""
    flat = _flatten(parameters)
    unknown = sorted(set(flat) - set(PARAMETERS))
    if unknown:
        raise EditionError(f"unknown parameter {', '.join(unknown)}"
                           f" (known: {', '.join(PARAMETERS)})")
    penalty, by_rate = base.incorrect_claim, dict(base.incorrect_claim_by_rate)
    changes: dict[str, Any] = {}
    for name, value in flat.items():
        if name == "incorrect_claim.opponent_bonus":
            penalty = dataclasses.replace(penalty, opponent_bonus=_seconds(name, value))
        elif name == "incorrect_claim.reduce_claimant":
            bands = BANDS_2005 if _flag(name, value) else ()
            penalty = dataclasses.replace(penalty, claimant_bands=bands)
        elif name in ("incorrect_claim.rapid_opponent_bonus",
                      "incorrect_claim.blitz_opponent_bonus"):
            rate = Rate.RAPID if "rapid" in name else Rate.BLITZ
            by_rate[rate] = IncorrectClaimPenalty(opponent_bonus=_seconds(name, value))
        elif name == "claim_right_lost_by":
            changes[name] = _choice(name, value, ClaimRightLoss)
        elif name == "automatic.fivefold":
            changes["automatic"] = dataclasses.replace(
                changes.get("automatic", base.automatic),
                fivefold=_choice(name, value, Fivefold))
        elif name == "automatic.seventy_five_moves":
            changes["automatic"] = dataclasses.replace(
                changes.get("automatic", base.automatic), seventy_five_moves=_flag(name, value))
        elif name == "touch_trigger":
            changes[name] = _choice(name, value, TouchTrigger)
        elif name == "illegal_move_bonus":
            changes[name] = MappingProxyType(dict.fromkeys(Rate, _seconds(name, value)))
        else:  # the remaining parameters are flags
            changes[name] = _flag(name, value)
    clauses = dict(base.clauses)
    if changes.get("two_hands_illegal"):
        # The engine cites both: the rule (2018: 7.5.4) and the penalty (2018: 7.5.5).
        for concept in ("one-hand.illegal", "illegal-move.penalty"):
            clauses.setdefault(concept, f"{base.key} proposal")
    return dataclasses.replace(
        base, key=key, title=title, base=base.key, clauses=MappingProxyType(clauses),
        incorrect_claim=penalty, incorrect_claim_by_rate=MappingProxyType(by_rate), **changes)


def load_proposal(path: str | Path) -> Edition:
    """A proposed rule change: a YAML file with ``base`` (an edition), an optional ``name``
    and the parameters it overrides, e.g. ``incorrect_claim: {opponent_bonus: 60}``."""
    name = str(path)
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise EditionError(f"{name}: cannot read the proposal ({exc.strerror})") from None
    except (yaml.YAMLError, UnicodeDecodeError):
        raise EditionError(f"{name}: the proposal is not valid YAML") from None
    if not isinstance(data, Mapping) or "base" not in data:
        raise EditionError(f"{name}: a proposal needs 'base: <edition>' and its parameters")
    data = dict(data)
    base_key, title = data.pop("base"), data.pop("name", None)
    if isinstance(base_key, str) and base_key.endswith((".yaml", ".yml")):
        raise EditionError(f"{name}: base: a proposal's base must be an edition"
                           f" ({', '.join(EDITIONS)}), not another proposal ({base_key})")
    if title is not None and not isinstance(title, str | int | float):
        raise EditionError(f"{name}: name: {title!r} is not a text")
    try:
        base = get_edition(base_key)
        if base.base is not None:
            raise EditionError("a proposal's base must be an edition")
        return apply_parameters(base, data, key=name, title=str(title or Path(name).stem))
    except EditionError as exc:
        raise EditionError(f"{name}: {exc}") from None


def resolve_edition(laws: str | int | None, relative_to: str | Path | None = None) -> Edition:
    """An edition key, or the path of a proposal file (relative to ``relative_to``)."""
    if isinstance(laws, str) and laws.endswith((".yaml", ".yml")):
        path = Path(laws)
        if not path.is_absolute() and relative_to is not None and not path.exists():
            path = Path(relative_to) / path
        return load_proposal(path)
    return get_edition(laws)
