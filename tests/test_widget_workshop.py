"""The rule-change workshop widget (arbiterlib.widgets.workshop), without a browser."""

from __future__ import annotations

import pytest
import yaml
from matplotlib.figure import Figure

from arbiterlib.casebook import CASEBOOK_DIR, load_cases
from arbiterlib.editions import get_edition
from arbiterlib.errors import EditionError
from arbiterlib.widgets.penalty import penalty_cost_plot, penalty_plot
from arbiterlib.widgets.workshop import CONTROLS, RuleChangeWorkshop, edition_values

CASES = load_cases(sorted((CASEBOOK_DIR / "editions").glob("*.yaml")))


def _workshop(*editions: str, **options: object) -> RuleChangeWorkshop:
    return RuleChangeWorkshop(editions or ("2005", "2018"), cases=CASES, **options)  # type: ignore[arg-type]


def test_the_base_editions_values() -> None:
    assert edition_values(get_edition("2005")) == {
        "incorrect_claim.opponent_bonus": "3:00", "incorrect_claim.reduce_claimant": True,
        "claim_right_lost_by": "move", "automatic.fivefold": "none",
        "automatic.seventy_five_moves": False, "touch_trigger": "deliberate",
        "two_hands_illegal": False, "illegal_move_bonus": "0:00",
        "agreement_needs_both_moved": False}
    assert set(edition_values(get_edition("2023"))) == set(CONTROLS)


def test_a_proposal_lists_only_what_it_changes() -> None:
    workshop = _workshop(base="2023", name="One minute")
    assert workshop.parameters() == {}
    workshop.values["incorrect_claim.opponent_bonus"] = "1:00"
    workshop.values["automatic.fivefold"] = "none"
    workshop.values["illegal_move_bonus"] = "120"  # the same as 2:00: not a change
    assert workshop.parameters() == {"incorrect_claim.opponent_bonus": "1:00",
                                     "automatic.fivefold": "none"}
    assert yaml.safe_load(workshop.proposal_yaml()) == {
        "name": "One minute", "base": "2023",
        "incorrect_claim": {"opponent_bonus": "1:00"}, "automatic": {"fivefold": "none"}}
    assert get_edition("2023").penalty().opponent_bonus == 120
    workshop.set_base("2005")
    assert workshop.parameters() == {} and workshop.values["touch_trigger"] == "deliberate"


def test_editions_and_a_proposal_compared() -> None:
    workshop = _workshop("2018", base="2018", name="No fivefold")
    workshop.values["automatic.fivefold"] = "none"
    workshop.use_proposal = True
    frame = workshop.differences()
    assert list(frame.columns) == ["case", "field", "2018", "No fivefold"]
    assert sorted(set(frame["case"])) == ["editions-fivefold-consecutive",
                                          "editions-fivefold-not-consecutive"]
    text = workshop.table_html()
    assert text.startswith(f"<p><b>2 of {len(CASES)} cases rule differently under 2018,"
                           " No fivefold.</b>")
    assert "<table" in text and "—" in text


def test_bad_input_is_one_line() -> None:
    workshop = _workshop(base="2018", name="Fast")
    workshop.use_proposal = True
    workshop.values["incorrect_claim.opponent_bonus"] = "soon"
    with pytest.raises(EditionError, match=r"^Fast: incorrect_claim.opponent_bonus: bad time"
                                           r" 'soon'"):
        workshop.laws()
    assert workshop.table_html() == (
        "<p style='color:#b00'><b>Cannot compare:</b> Fast: incorrect_claim.opponent_bonus:"
        " bad time &#x27;soon&#x27;: expected seconds or &#x27;m:ss&#x27; /"
        " &#x27;h:mm:ss&#x27;</p>")
    assert workshop.plot_pngs() == []
    alone = _workshop("2018")
    assert "at least two editions" in alone.table_html()


def test_the_plots_take_editions_and_proposals() -> None:
    workshop = _workshop("2005", "2014", base="2023", name="One minute", rate="rapid")
    workshop.values["incorrect_claim.opponent_bonus"] = "1:00"
    workshop.use_proposal = True
    fig = workshop.plot()
    (ax,) = fig.axes
    labels = [line.get_label() for line in ax.get_lines()
              if not str(line.get_label()).startswith("_")]
    assert labels[1:] == ["2005 (9.5b)", "2014 (9.5b)", "One minute (9.5.3)"]
    assert ax.get_title().endswith("(editions: 2005, 2014, One minute, rapid games)")
    cost = workshop.cost_plot()
    (ax,) = cost.axes
    lines = {line.get_label(): line for line in ax.get_lines()}
    # 5:00 before: 2005 loses 2:30 and gives 3:00 = 5:30; 2014 +2:00; the proposal +1:00.
    at_five = {label: float(line.get_ydata()[300]) for label, line in lines.items()}
    assert at_five == {"2005 (9.5b)": 5.5, "2014 (9.5b)": 2.0, "One minute (9.5.3)": 1.0}
    assert ax.get_title() == "What an incorrect claim costs on the clocks (rapid games)"
    pngs = workshop.plot_pngs()
    assert len(pngs) == 2 and all(p.startswith(b"\x89PNG") for p in pngs)


def test_the_penalty_plots_by_rate() -> None:
    (ax,) = penalty_cost_plot(["2018", "2023"], rate="blitz").axes
    assert [float(line.get_ydata()[0]) for line in ax.get_lines()] == [1.0, 1.0]
    (ax,) = penalty_cost_plot(["2018", "2023"], rate="rapid").axes
    assert [float(line.get_ydata()[0]) for line in ax.get_lines()] == [2.0, 1.0]
    assert isinstance(penalty_plot(["2009"], rate="blitz"), Figure)
    with pytest.raises(ValueError, match="'bullet' is not a valid Rate"):
        penalty_cost_plot(["2018"], rate="bullet")


def test_the_widget_follows_its_controls() -> None:
    workshop = _workshop("2005", "2018", base="2023")
    box = workshop.widget()
    assert repr(box) == "<rule-change workshop>"
    controls = workshop.controls
    controls["base"].value = "2014"
    assert controls["touch_trigger"].value == "intent"
    assert controls["incorrect_claim.opponent_bonus"].value == "2:00"
    controls["name"].value = "Touch"
    controls["touch_trigger"].value = "contact"
    assert "touch_trigger: contact" in controls["proposal"].value
    controls["use_proposal"].value = True
    controls["editions"].value = ("2014",)
    controls["compare"].click()
    table = controls["table"].value
    assert "2014, Touch." in table and "editions-accidental-contact" in table
    assert bytes(controls["cost_plot"].value).startswith(b"\x89PNG")
    controls["incorrect_claim.opponent_bonus"].value = "later"
    assert "Cannot compare" in controls["proposal"].value
    controls["compare"].click()
    assert "Cannot compare:</b> Touch: incorrect_claim.opponent_bonus" in controls["table"].value
    assert bytes(controls["cost_plot"].value) == b""
