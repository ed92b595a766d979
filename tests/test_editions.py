"""Editions of the Laws as data (arbiterlib.editions) and the proposal loader's errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiterlib.editions import (
    EDITIONS,
    PARAMETERS,
    ClaimantAction,
    ClaimRightLoss,
    Fivefold,
    Rate,
    TouchTrigger,
    apply_parameters,
    get_edition,
    load_proposal,
    resolve_edition,
)
from arbiterlib.errors import EditionError

PROPOSALS = Path(__file__).resolve().parents[1] / "proposals"

# The opponent's time for an incorrect claim, by edition and rate (editions.md, Article 9).
BONUS = {
    "2005": {Rate.STANDARD: 180, Rate.RAPID: 180, Rate.BLITZ: 180},
    "2009": {Rate.STANDARD: 180, Rate.RAPID: 180, Rate.BLITZ: 180},
    "2014": {Rate.STANDARD: 120, Rate.RAPID: 120, Rate.BLITZ: 120},
    "2017": {Rate.STANDARD: 120, Rate.RAPID: 120, Rate.BLITZ: 60},
    "2018": {Rate.STANDARD: 120, Rate.RAPID: 120, Rate.BLITZ: 60},
    "2023": {Rate.STANDARD: 120, Rate.RAPID: 60, Rate.BLITZ: 60},
}


def test_every_edition_is_known() -> None:
    assert list(EDITIONS) == ["2005", "2009", "2014", "2017", "2018", "2023"]
    assert get_edition() is EDITIONS["2005"] and get_edition(2018) is EDITIONS["2018"]
    assert all(e.base is None for e in EDITIONS.values())


@pytest.mark.parametrize("key", list(BONUS))
def test_the_incorrect_claim_penalty_by_rate(key: str) -> None:
    edition = get_edition(key)
    for rate, seconds in BONUS[key].items():
        penalty = edition.penalty(rate)
        assert penalty.opponent_bonus == seconds, (key, rate)
        # Only 2005 reduces the claimant's own time (9.5b); from 2009 only the bonus is left.
        assert bool(penalty.claimant_bands) == (key == "2005")


def test_the_2005_bands() -> None:
    bands = get_edition("2005").incorrect_claim.claimant_bands
    assert [(b.above, b.action) for b in bands] == [
        (120, ClaimantAction.HALVE), (60, ClaimantAction.SET), (-1, ClaimantAction.KEEP)]
    assert bands[0].cap == 180 and bands[1].value == 60


def test_the_parameters_by_edition() -> None:
    lost = {k: e.claim_right_lost_by for k, e in EDITIONS.items()}
    assert lost == {"2005": ClaimRightLoss.MOVE, **dict.fromkeys(
        ["2009", "2014", "2017", "2018", "2023"], ClaimRightLoss.TOUCH)}
    assert [e.automatic.fivefold for e in EDITIONS.values()] == [
        Fivefold.NONE, Fivefold.NONE, Fivefold.CONSECUTIVE, Fivefold.ANY, Fivefold.ANY,
        Fivefold.ANY]
    assert [e.automatic.seventy_five_moves for e in EDITIONS.values()] == [
        False, False, True, True, True, True]
    assert [e.touch_trigger for e in EDITIONS.values()] == [
        TouchTrigger.DELIBERATE, TouchTrigger.DELIBERATE, TouchTrigger.INTENT,
        TouchTrigger.CONTACT, TouchTrigger.CONTACT, TouchTrigger.CONTACT]
    for key, edition in EDITIONS.items():
        modern = key >= "2017"
        assert edition.two_hands_illegal is modern and edition.agreement_needs_both_moved is modern
        assert dict(edition.illegal_move_bonus) == (
            {Rate.STANDARD: 120, Rate.RAPID: 120, Rate.BLITZ: 60} if modern else {})


# concept → clause in 2005, 2009, 2014, 2017, 2018, 2023 (editions.md and docs/editions.md).
CLAUSES = {
    "touch.claim-lost": ["4.7", "4.7", "4.8", "4.8", "4.8", "4.8"],
    "move.made": ["4.6", "4.6", "4.7", "4.7", "4.7", "4.7"],
    "castling.king-first": ["4.4a", "4.4a", "4.4a", "4.4.1", "4.4.1", "4.4.1"],
    "offer": ["9.1a", "9.1b.1", "9.1b.1", "9.1.2.1", "9.1.2.1", "9.1.2.1"],
    "threefold.on-board": ["9.2b", "9.2b", "9.2b", "9.2.1.2", "9.2.1.2", "9.2.1.2"],
    "claim.lost": ["9.4"] * 6,
    "claim.incorrect": ["9.5b", "9.5b", "9.5b", "9.5.3", "9.5.3", "9.5.3"],
    "dead-position": ["9.6", "9.6", "5.2b", "5.2.2", "5.2.2", "5.2.2"],
    "disturbing": ["12.5", "12.6", "11.5", "11.5", "11.5", "11.5"],
    "penalties": ["13.4", "13.4", "12.9", "12.9", "12.9", "12.9"],
    "agreement": ["5.2c", "5.2c", "5.2c", "5.2.3", "5.2.3", "5.2.3"],
    # Article 8 after 2009: kept as in 2005 where the new number is not known.
    "record.exemption": ["8.4"] * 6,
}


@pytest.mark.parametrize("concept", list(CLAUSES))
def test_clause_numbers(concept: str) -> None:
    assert [e.cite(concept) for e in EDITIONS.values()] == CLAUSES[concept]


def test_clauses_only_later_editions_have() -> None:
    for key in ("2005", "2009"):
        with pytest.raises(EditionError, match=f"edition {key} has no clause for 'fivefold'"):
            get_edition(key).cite("fivefold")
    assert [get_edition(k).cite("fivefold") for k in ("2014", "2018")] == ["9.6a", "9.6.1"]
    assert [get_edition(k).cite("seventy-five-moves") for k in ("2014", "2018")] == [
        "9.6b", "9.6.2"]
    assert [get_edition(k).cite("one-hand.illegal") for k in ("2017", "2018", "2023")] == [
        "7.7.1", "7.5.4", "7.5.4"]
    assert get_edition("2018").cite("touch.contact") == "4.2.2"


# Proposals ----------------------------------------------------------------------------------

def test_the_sample_proposals() -> None:
    one = load_proposal(PROPOSALS / "one-minute-penalty.yaml")
    assert one.base == "2023" and one.title == "One-minute penalty"
    assert {rate: one.penalty(rate).opponent_bonus for rate in Rate} == dict.fromkeys(Rate, 60)
    none = load_proposal(PROPOSALS / "no-fivefold.yaml")
    assert none.base == "2018" and none.automatic.fivefold is Fivefold.NONE
    assert none.automatic.seventy_five_moves and none.clauses == get_edition("2018").clauses


def test_every_parameter_applies() -> None:
    changed = apply_parameters(get_edition("2014"), {
        "incorrect_claim": {"opponent_bonus": "1:30", "reduce_claimant": True,
                            "rapid_opponent_bonus": 45, "blitz_opponent_bonus": "0:30"},
        "claim_right_lost_by": "move",
        "automatic": {"fivefold": "any", "seventy_five_moves": False},
        "touch_trigger": "contact", "two_hands_illegal": True, "illegal_move_bonus": "1:00",
        "agreement_needs_both_moved": True}, key="p", title="every parameter")
    assert changed.base == "2014" and changed.key == "p"
    assert changed.penalty(Rate.STANDARD).opponent_bonus == 90
    assert changed.penalty(Rate.STANDARD).claimant_bands == get_edition(
        "2005").incorrect_claim.claimant_bands
    assert changed.penalty(Rate.RAPID).opponent_bonus == 45
    assert changed.penalty(Rate.BLITZ).opponent_bonus == 30
    assert changed.claim_right_lost_by is ClaimRightLoss.MOVE
    assert changed.automatic.fivefold is Fivefold.ANY
    assert not changed.automatic.seventy_five_moves
    assert changed.touch_trigger is TouchTrigger.CONTACT and changed.two_hands_illegal
    assert dict(changed.illegal_move_bonus) == dict.fromkeys(Rate, 60)
    assert changed.cite("one-hand.illegal") == changed.cite("illegal-move.penalty") == (
        "2014 proposal")
    assert changed.agreement_needs_both_moved
    assert set(PARAMETERS) == {
        "incorrect_claim.opponent_bonus", "incorrect_claim.reduce_claimant",
        "incorrect_claim.rapid_opponent_bonus", "incorrect_claim.blitz_opponent_bonus",
        "claim_right_lost_by", "automatic.fivefold", "automatic.seventy_five_moves",
        "touch_trigger", "two_hands_illegal", "illegal_move_bonus",
        "agreement_needs_both_moved"}


def _write(tmp_path: Path, text: str, name: str = "proposal.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(("text", "message"), [
    ('base: "2018"\nincorrect_claim: {bonus: 60}\n',
     r"unknown parameter incorrect_claim.bonus \(known: incorrect_claim.opponent_bonus,"
     r" incorrect_claim.reduce_claimant, .*agreement_needs_both_moved\)"),
    ('base: "2018"\nfivefold: false\n', r"unknown parameter fivefold \(known: "),
    ('base: "2018"\nincorrect_claim: 60\n', r"unknown parameter incorrect_claim \(known: "),
    ('base: "2018"\nincorrect_claim: {opponent_bonus: -5}\n',
     r"incorrect_claim.opponent_bonus: bad time -5"),
    ('base: "2018"\nincorrect_claim: {opponent_bonus: soon}\n',
     r"incorrect_claim.opponent_bonus: bad time 'soon'"),
    ('base: "2018"\nautomatic: {fivefold: maybe}\n',
     r"automatic.fivefold: 'maybe' is not one of none \| consecutive \| any"),
    ('base: "2018"\ntouch_trigger: glance\n',
     r"touch_trigger: 'glance' is not one of deliberate \| intent \| contact"),
    ('base: "2018"\ntwo_hands_illegal: "yes"\n', r"two_hands_illegal: 'yes' is not true or"),
    ('base: "2018"\nclaim_right_lost_by: 3\n', r"claim_right_lost_by: 3 is not one of move"),
    ('incorrect_claim: {opponent_bonus: 60}\n', r"a proposal needs 'base: <edition>'"),
    ("- base\n- 2018\n", r"a proposal needs 'base: <edition>'"),
    ("", r"a proposal needs 'base: <edition>'"),
    ('base: "2019"\n', r"unknown edition of the Laws '2019'"),
    ('base: other.yaml\n', r"base: a proposal's base must be an edition \(2005, 2009, 2014,"
     r" 2017, 2018, 2023\), not another proposal \(other.yaml\)"),
    ('base: "2018"\nname: [a, b]\n', r"name: \['a', 'b'\] is not a text"),
    ('base: "2018"\nincorrect_claim: {opponent_bonus: [60\n', r"the proposal is not valid YAML"),
])
def test_a_bad_proposal_is_one_line_naming_the_file(tmp_path: Path, text: str,
                                                    message: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(EditionError, match=f"^{path}: {message}") as error:
        load_proposal(path)
    assert "\n" not in str(error.value)


def test_a_proposal_based_on_a_proposal(tmp_path: Path) -> None:
    _write(tmp_path, 'base: "2018"\n', "first.yaml")
    second = _write(tmp_path, "base: first.yaml\n", "second.yaml")
    with pytest.raises(EditionError, match="not another proposal"):
        load_proposal(second)


def test_an_unreadable_proposal(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match="missing.yaml: cannot read the proposal"
                       r" \(No such file or directory\)"):
        load_proposal(tmp_path / "missing.yaml")
    with pytest.raises(EditionError, match="cannot read the proposal"):
        load_proposal(tmp_path)  # a folder
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00base")
    with pytest.raises(EditionError, match=r"binary.yaml: the proposal is not valid YAML"):
        load_proposal(binary)


def test_resolve_edition_finds_proposals_beside_a_case(tmp_path: Path) -> None:
    _write(tmp_path, 'base: "2009"\nname: beside\n', "beside.yaml")
    assert resolve_edition("beside.yaml", tmp_path).title == "beside"
    assert resolve_edition("2014") is get_edition("2014")
    with pytest.raises(EditionError, match="unknown edition of the Laws 'beside'"):
        resolve_edition("beside", tmp_path)
