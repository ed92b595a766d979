"""The incorrect-claim penalty calculator and plot, driven without a browser."""

from __future__ import annotations

import chess
import pytest
from matplotlib.figure import Figure
from matplotlib.text import Annotation

from arbiterlib.claims import incorrect_claim_penalty
from arbiterlib.editions import EDITIONS, get_edition
from arbiterlib.errors import ArbiterError, EditionError, TimeFormatError
from arbiterlib.widgets import PenaltyCalculator, penalty_plot
from arbiterlib.widgets.penalty import penalty_table, read_time, rule_incorrect_claim


@pytest.mark.parametrize(("before", "after"), [
    ("10:00", 420), ("6:00", 180), ("5:00", 150), ("2:00", 60), ("1:30", 60),
    ("1:00", 60), ("0:35", 35), ("0:00", 0),
])
def test_the_claimants_clock(before: str, after: float) -> None:
    for claim in ("threefold", "fifty-moves"):
        for claimant in (chess.WHITE, chess.BLACK):
            result = rule_incorrect_claim(before, "4:00", claim=claim, claimant=claimant)
            assert (result.claimant_after, result.opponent_after) == (after, 420)
            assert result.article == "9.5b"


def test_the_table() -> None:
    table = penalty_table(["10:00", "2:00", "0:35"], "1:00", claim="fifty-moves")
    assert table.to_dict("records") == [
        {"claimant before": "10:00", "claimant after": "7:00",
         "opponent before": "1:00", "opponent after": "4:00"},
        {"claimant before": "2:00", "claimant after": "1:00",
         "opponent before": "1:00", "opponent after": "4:00"},
        {"claimant before": "0:35", "claimant after": "0:35",
         "opponent before": "1:00", "opponent after": "4:00"}]


def test_the_written_move_must_be_played() -> None:
    white = rule_incorrect_claim("5:00", "4:00", claim="threefold", written=True)
    assert white.must_play == "Nf3" and white.ruling.obligation is not None
    assert white.ruling.obligation.article == "9.5b"
    assert white.ruling.claims[0].article == "9.2a"
    black = rule_incorrect_claim("5:00", "4:00", claim="fifty-moves", claimant=chess.BLACK)
    assert (black.must_play, black.ruling.claims[0].article) == ("Ke7", "9.3a")
    assert black.ruling.clocks is not None and black.ruling.clocks.to_dict() == {
        "white": 420, "black": 150}
    none = rule_incorrect_claim("5:00", "4:00", claim="fifty-moves", written=False)
    assert (none.must_play, none.ruling.obligation, none.ruling.claims[0].article) == (
        None, None, "9.3b")


def test_typed_times() -> None:
    assert read_time(" 4:30 ") == 270 and read_time("90") == 90 and read_time("1:05:00") == 3900
    for bad in ("abc", "4:75", "-1", "nan", "1:2"):
        with pytest.raises(TimeFormatError, match=f"time: '{bad}' is not a time: type m:ss"):
            read_time(bad, "time")
    with pytest.raises(TimeFormatError, match="type a time such as 4:30"):
        read_time("  ")
    with pytest.raises(ArbiterError, match="unknown claim 'touch-move'"):
        rule_incorrect_claim("5:00", "4:00", claim="touch-move")


def test_controls_drive_the_state() -> None:
    calculator = PenaltyCalculator()
    assert repr(calculator.widget()) == "<incorrect-claim penalty>"
    controls = calculator.controls
    out = controls["ruling"]
    assert "White (claimant) 5:00 → <b>2:30</b>; Black 4:00 → <b>7:00</b>" in out.value
    assert "White must now play:</b> Nf3" in out.value
    controls["claimant_time"].value = "2:00"
    assert "White (claimant) 2:00 → <b>1:00</b>" in out.value
    assert "exactly 2:00 is a boundary the text leaves open; both readings give 1:00" in out.value
    controls["claimant"].value = chess.BLACK
    controls["claim"].value = "fifty-moves"
    controls["written"].value = False
    assert "Black (claimant) 2:00 → <b>1:00</b>; White 4:00 → <b>7:00</b>" in out.value
    assert "No move is owed" in out.value and "(9.3b)" in out.value
    controls["opponent_time"].value = "four minutes"
    assert out.value == ("<p style='color:#b00'><b>Cannot rule:</b> the opponent&#x27;s time:"
                         " &#x27;four minutes&#x27; is not a time: type m:ss (like 4:30),"
                         " h:mm:ss or seconds</p>")
    controls["opponent_time"].value = "4:00"
    assert "Cannot rule" not in out.value


def test_the_plot_follows_the_edition() -> None:
    fig = penalty_plot()
    assert isinstance(fig, Figure) and repr(fig).startswith("<Figure size 900x550")
    (ax,) = fig.axes
    texts = [t.get_text() for t in ax.texts]
    assert texts[:3] == ["less than\n1:00:\nunchanged", "1:00\nto 2:00:\nset to 1:00",
                         "more than\n2:00:\nhalf deducted,\nat most 3:00"]
    notes = sorted(t.get_text() for t in ax.texts if isinstance(t, Annotation))
    assert notes == [
        "exactly 1:00 is a boundary the text leaves open;\nboth readings give 1:00",
        "exactly 2:00 is a boundary the text leaves open;\nboth readings give 1:00"]
    penalty = get_edition("2005").incorrect_claim
    lines = [line for line in ax.get_lines() if line.get_label() == "2005 (9.5b)"]
    assert len(lines) == 1
    for line in ax.get_lines()[1:]:
        for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True):
            assert y * 60 == pytest.approx(
                incorrect_claim_penalty(penalty, x * 60, 0).claimant_after)
    points = {(float(line.get_xdata()[0]), float(line.get_ydata()[0]))
              for line in ax.get_lines() if line.get_marker() == "o"}
    assert points == {(1.0, 1.0), (2.0, 1.0)}
    assert ax.get_legend().get_texts()[1].get_text() == "2005 (9.5b)"
    with pytest.raises(EditionError, match="unknown edition of the Laws '2099'"):
        penalty_plot(["2005", "2099"])
    with pytest.raises(ArbiterError, match="needs at least one edition"):
        penalty_plot([])


def test_the_plot_takes_several_editions() -> None:
    keys = list(EDITIONS)
    fig = penalty_plot(keys)
    (ax,) = fig.axes
    labels = [line.get_label() for line in ax.get_lines()
              if not str(line.get_label()).startswith("_")]
    assert labels == ["no reduction (time before = time after)",
                      *(f"{k} ({get_edition(k).cite('claim.incorrect')})" for k in keys)]
    assert ax.get_title() == f"Incorrect claim: the claimant's clock (editions: {', '.join(keys)})"
