"""The incorrect-claim penalty (2005: Article 9.5b): type both clocks, choose the claim, and
see the clocks after the ruling, the move that must now be played, and the clause; and a
plot of the claimant's time after the ruling against his time before, edition by edition.

Every ruling comes from the engine (a small scenario whose claim is incorrect) and every
figure in the plot from :func:`arbiterlib.claims.incorrect_claim_penalty` with the
edition's own data; nothing here re-codes the bands.
"""

from __future__ import annotations

import dataclasses
import html
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import chess
import ipywidgets
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MultipleLocator

from arbiterlib.claims import incorrect_claim_penalty
from arbiterlib.clocks import format_time, parse_time
from arbiterlib.editions import (
    ClaimantAction,
    ClaimantBand,
    Edition,
    Rate,
    get_edition,
    resolve_edition,
)
from arbiterlib.engine import rule
from arbiterlib.errors import ArbiterError, TimeFormatError
from arbiterlib.ruling import Ruling
from arbiterlib.widgets.common import LessonBox

CLAIMS = {"repetition of the position (9.2)": "threefold",
          "fifty-move rule (9.3)": "fifty-moves"}


@dataclasses.dataclass(frozen=True)
class _Setup:
    """A small game in which the claim is incorrect, and the move the claimant writes."""

    fen: str
    moves: str
    written: str


#: (claim, claimant) -> a position where that claim by that player is incorrect.
SETUPS: Mapping[tuple[str, chess.Color], _Setup] = {
    # The starting position has appeared only twice; 3. Nf3 would repeat a position twice.
    ("threefold", chess.WHITE): _Setup(chess.STARTING_FEN, "1. Nf3 Nf6 2. Ng1 Ng8", "Nf3"),
    ("threefold", chess.BLACK): _Setup(chess.STARTING_FEN, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3",
                                       "Nf6"),
    # Thirty moves by each player without a pawn move or capture, not fifty.
    ("fifty-moves", chess.WHITE): _Setup("8/8/4k3/8/3R4/3K4/8/6r1 w - - 60 80", "", "Kc3"),
    ("fifty-moves", chess.BLACK): _Setup("8/8/4k3/8/3R4/3K4/8/6r1 b - - 60 80", "", "Ke7"),
}


@dataclasses.dataclass(frozen=True)
class PenaltyRuling:
    """What the arbiter rules on an incorrect claim: both clocks, the move owed, the clause."""

    claimant: chess.Color
    claimant_before: float
    opponent_before: float
    claimant_after: float
    opponent_after: float
    must_play: str | None  # SAN of the written move, now the only move allowed
    article: str  # the clause of the penalty, e.g. "9.5b"
    ruling: Ruling


def read_time(text: str | float, who: str = "time") -> float:
    """Seconds from a typed reading (``"4:30"``, ``"1:05:00"``) or plain seconds (``"90"``);
    raises :class:`TimeFormatError` with a one-line message naming ``who``."""
    if isinstance(text, str):
        stripped = text.strip()
        if not stripped:
            raise TimeFormatError(f"{who}: type a time such as 4:30")
        try:
            value: object = float(stripped)
        except ValueError:
            value = stripped
    else:
        value = text
    try:
        return parse_time(value)
    except TimeFormatError:
        raise TimeFormatError(f"{who}: {text!r} is not a time: type m:ss (like 4:30),"
                              " h:mm:ss or seconds") from None


def rule_incorrect_claim(claimant_time: str | float, opponent_time: str | float, *,
                         claim: str = "threefold", written: bool = True,
                         claimant: chess.Color = chess.WHITE,
                         laws: str | None = None) -> PenaltyRuling:
    """The engine's ruling on an incorrect ``claim`` by ``claimant`` with these clocks.

    Times are typed readings or seconds; ``written``: the claimant wrote his move on the
    scoresheet and declared it (9.2a/9.3a), which must then be played.
    """
    before = read_time(claimant_time, "the claimant's time")
    other = read_time(opponent_time, "the opponent's time")
    try:
        setup = SETUPS[claim, claimant]
    except KeyError:
        raise ArbiterError(f"unknown claim {claim!r} (known: threefold, fifty-moves)") from None
    white, black = (before, other) if claimant == chess.WHITE else (other, before)
    event: dict[str, Any] = {"claim": claim}
    if written:
        event["move"] = setup.written
    scenario: dict[str, Any] = {"fen": setup.fen, "moves": setup.moves,
                                "clocks": {"white": white, "black": black}, "events": [event]}
    if laws is not None:
        scenario["laws"] = laws
    ruling = rule(scenario)
    assert ruling.clocks is not None and ruling.claims and not ruling.claims[0].correct
    must_play = None
    if ruling.obligation is not None:
        board = chess.Board(ruling.fen)
        must_play = ", ".join(board.san(chess.Move.from_uci(m))
                              for m in ruling.obligation.moves)
    return PenaltyRuling(
        claimant=claimant,
        claimant_before=before,
        opponent_before=other,
        claimant_after=ruling.clocks.remaining(claimant),
        opponent_after=ruling.clocks.remaining(not claimant),
        must_play=must_play,
        article=get_edition(laws).cite("claim.incorrect"),
        ruling=ruling,
    )


def penalty_table(times: Sequence[str], opponent_time: str = "5:00", *,
                  claim: str = "threefold", laws: str | None = None) -> pd.DataFrame:
    """The clocks after an incorrect claim for each of the claimant's ``times``, as the
    engine rules them (White claims, with his move written)."""
    rows = []
    for time in times:
        result = rule_incorrect_claim(time, opponent_time, claim=claim, laws=laws)
        rows.append({"claimant before": format_time(result.claimant_before),
                     "claimant after": format_time(result.claimant_after),
                     "opponent before": format_time(result.opponent_before),
                     "opponent after": format_time(result.opponent_after)})
    return pd.DataFrame(rows)


def _side(color: chess.Color) -> str:
    return chess.COLOR_NAMES[color].capitalize()


def penalty_html(result: PenaltyRuling) -> str:
    """The ruling in words: the clocks, the move owed and the clause."""
    me, you = _side(result.claimant), _side(not result.claimant)
    parts = [
        f"<p><b>Clocks after the ruling ({result.article}):</b>"
        f" {me} (claimant) {format_time(result.claimant_before)} →"
        f" <b>{format_time(result.claimant_after)}</b>;"
        f" {you} {format_time(result.opponent_before)} →"
        f" <b>{format_time(result.opponent_after)}</b></p>",
    ]
    if result.must_play:
        parts.append(f"<p><b>{me} must now play:</b> {html.escape(result.must_play)},"
                     f" the move he wrote ({result.article}).</p>")
    else:
        parts.append(f"<p><b>No move is owed:</b> {me} wrote no move; the game continues"
                     f" with {me} to move.</p>")
    parts.extend(f"<p>{html.escape(s.text)}</p>" for s in result.ruling.rulings)
    return "<div class='arbiter-ruling'>" + "".join(parts) + "</div>"


def error_html(message: str) -> str:
    return f"<p style='color:#b00'><b>Cannot rule:</b> {html.escape(message)}</p>"


class PenaltyCalculator:
    """Both clocks, the claim and the written move in; the ruling on an incorrect claim out.
    All state is plain Python; :meth:`widget` wraps it in ipywidgets."""

    def __init__(self, claimant_time: str = "5:00", opponent_time: str = "4:00", *,
                 claim: str = "threefold", written: bool = True,
                 claimant: chess.Color = chess.WHITE, laws: str | None = None) -> None:
        self.claimant_time, self.opponent_time = claimant_time, opponent_time
        self.claim, self.written, self.claimant, self.laws = claim, written, claimant, laws

    def result(self) -> PenaltyRuling:
        """The ruling for the current inputs (raises :class:`ArbiterError` on bad input)."""
        return rule_incorrect_claim(self.claimant_time, self.opponent_time, claim=self.claim,
                                    written=self.written, claimant=self.claimant,
                                    laws=self.laws)

    def result_html(self) -> str:
        """The ruling as HTML, or a one-line message saying what is wrong with the input."""
        try:
            return penalty_html(self.result())
        except ArbiterError as exc:
            return error_html(str(exc))

    def widget(self) -> ipywidgets.VBox:
        """The interactive calculator for JupyterLab."""
        claimant = ipywidgets.ToggleButtons(options=[("White", chess.WHITE),
                                                     ("Black", chess.BLACK)],
                                            value=self.claimant, description="Claimant")
        mine = ipywidgets.Text(value=self.claimant_time, description="Claimant's time",
                               placeholder="m:ss", style={"description_width": "initial"})
        theirs = ipywidgets.Text(value=self.opponent_time, description="Opponent's time",
                                 placeholder="m:ss", style={"description_width": "initial"})
        claim = ipywidgets.Dropdown(options=list(CLAIMS.items()), value=self.claim,
                                    description="Claim")
        written = ipywidgets.Checkbox(value=self.written,
                                      description="Move written and declared (9.2a/9.3a)",
                                      style={"description_width": "initial"})
        output = ipywidgets.HTML(self.result_html())

        def on_change(_: Any) -> None:
            self.claimant, self.claim, self.written = claimant.value, claim.value, written.value
            self.claimant_time, self.opponent_time = mine.value, theirs.value
            output.value = self.result_html()

        for control in (claimant, mine, theirs, claim, written):
            control.observe(on_change, names="value")
        self.controls = {"claimant": claimant, "claimant_time": mine, "opponent_time": theirs,
                         "claim": claim, "written": written, "ruling": output}
        return LessonBox("incorrect-claim penalty", [
            claimant, ipywidgets.HBox([mine, theirs]), ipywidgets.HBox([claim, written]),
            output])


# The plot ---------------------------------------------------------------------------------

def _band_words(band: ClaimantBand) -> str:
    if band.action is ClaimantAction.HALVE:
        cap = f", at most {format_time(band.cap)}" if band.cap is not None else ""
        return f"half deducted{cap}"
    if band.action is ClaimantAction.SET:
        return f"set to {format_time(band.value or 0)}"
    return "unchanged"


def _boundary_note(edition: Edition, seconds: float, rate: Rate = Rate.STANDARD) -> str:
    """What the rule module says about a claimant standing exactly on a boundary."""
    outcome = incorrect_claim_penalty(edition.penalty(rate), seconds, 0.0)
    start = outcome.explanation.find("exactly")
    return outcome.explanation[start:] if start >= 0 else f"exactly {format_time(seconds)}"


def _minutes(value: float, _: object = None) -> str:
    return format_time(value * 60)


def _edition(spec: str | Edition) -> Edition:
    """An edition object, an edition key or a proposal file."""
    return spec if isinstance(spec, Edition) else resolve_edition(spec)


def edition_label(edition: Edition) -> str:
    """An edition's key (``2018``), or a proposal's name."""
    return edition.key if edition.base is None else edition.title


def _plot_setup(name: str, editions: Sequence[str | Edition], rate: Rate | str, *,
                height: float) -> tuple[Rate, list[Edition], Figure, Any]:
    """The rate, the editions (keys, proposal files or objects) and an empty figure."""
    if not editions:
        raise ArbiterError(f"{name} needs at least one edition")
    figure = Figure(figsize=(9, height))
    return Rate(rate), [_edition(key) for key in editions], figure, figure.add_subplot()


def penalty_plot(editions: Sequence[str | Edition] = ("2005",), *, up_to: float = 480.0,
                 rate: Rate | str = Rate.STANDARD) -> Figure:
    """The claimant's time after an incorrect claim against his time before, for each edition
    in ``editions`` (keys, proposal files or :class:`Edition` objects) at ``rate``; the
    first edition's bands are shaded and its boundaries annotated with the project's ruling
    (docs/penalties.md). Returns a matplotlib Figure (not shown)."""
    rate, chosen, fig, ax = _plot_setup("penalty_plot", editions, rate, height=5.5)
    ax.plot([0, up_to / 60], [0, up_to / 60], color="0.6", linestyle=":", linewidth=1,
            label="no reduction (time before = time after)")
    for index, edition in enumerate(chosen):
        penalty = edition.penalty(rate)
        boundaries = sorted({b.above for b in penalty.claimant_bands if 0 < b.above < up_to})
        edges = [0.0, *boundaries, up_to]
        color = f"C{index}"
        for start, end in itertools.pairwise(edges):
            # Each band is an open interval; its ends are drawn as points of their own.
            xs = [start + (end - start) * i / 200 for i in range(1, 200)]
            ys = [incorrect_claim_penalty(penalty, x, 0.0).claimant_after for x in xs]
            ax.plot([x / 60 for x in xs], [y / 60 for y in ys], color=color, linewidth=2,
                    label=(f"{edition_label(edition)} ({edition.cite('claim.incorrect')})"
                           if start == 0 else None))
        for seconds in boundaries:
            after = incorrect_claim_penalty(penalty, seconds, 0.0).claimant_after
            ax.plot([seconds / 60], [after / 60], "o", color=color, markersize=7)
        if index:
            continue
        bands = sorted(penalty.claimant_bands, key=lambda b: b.above)
        for number, (band, (start, end)) in enumerate(zip(bands, itertools.pairwise(edges),
                                                           strict=False)):
            ax.axvspan(start / 60, end / 60, color=color, alpha=0.05 + 0.08 * (number % 2),
                       linewidth=0)
            if start == 0:
                where = f"less than\n{format_time(end)}"
            elif end == up_to:
                where = f"more than\n{format_time(start)}"
            else:
                where = f"{format_time(start)}\nto {format_time(end)}"
            ax.text((start + end) / 120, up_to / 60 * 0.97,
                    f"{where}:\n{_band_words(band)}".replace(", ", ",\n"),
                    ha="center", va="top", fontsize=8)
        for offset, seconds in enumerate(reversed(boundaries)):
            after = incorrect_claim_penalty(penalty, seconds, 0.0).claimant_after
            ax.annotate(_boundary_note(edition, seconds, rate).replace("; ", ";\n"),
                        xy=(seconds / 60, after / 60),
                        xytext=(seconds / 60 - 0.6, after / 60 + 2.2 + 1.1 * offset),
                        fontsize=9, arrowprops={"arrowstyle": "->", "color": "0.3"},
                        bbox={"boxstyle": "round", "facecolor": "white", "edgecolor": "0.7"})
    ax.set_xlim(0, up_to / 60)
    ax.set_ylim(0, up_to / 60)
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_major_locator(MultipleLocator(1))
        axis.set_major_formatter(FuncFormatter(_minutes))
    ax.set_xlabel("claimant's time before the ruling (m:ss)")
    ax.set_ylabel("claimant's time after the ruling (m:ss)")
    names = ", ".join(edition_label(e) for e in chosen)
    games = "" if rate is Rate.STANDARD else f", {rate.value} games"
    ax.set_title(f"Incorrect claim: the claimant's clock (editions: {names}{games})")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="lower right", fontsize=9)
    return fig


def penalty_cost_plot(editions: Sequence[str | Edition], *, up_to: float = 480.0,
                      rate: Rate | str = Rate.STANDARD) -> Figure:
    """What an incorrect claim costs the claimant on the clocks, edition by edition: the
    time he loses plus the time his opponent gains, against the claimant's time before the
    ruling, at ``rate``. Every figure comes from
    :func:`arbiterlib.claims.incorrect_claim_penalty` with the edition's own data."""
    rate, chosen, fig, ax = _plot_setup("penalty_cost_plot", editions, rate, height=4.5)
    xs = [up_to * i / 480 for i in range(481)]
    top = 0.0
    for index, edition in enumerate(chosen):
        penalty = edition.penalty(rate)
        costs = []
        for x in xs:
            outcome = incorrect_claim_penalty(penalty, x, 0.0)
            costs.append((x - outcome.claimant_after) + outcome.opponent_after)
        top = max(top, *costs)
        # Editions that cost the same are drawn on top of each other: dash the later ones.
        ax.plot([x / 60 for x in xs], [c / 60 for c in costs], color=f"C{index}",
                linewidth=2.5 - 0.3 * index, linestyle="-" if index == 0 else (0, (4, 2 + index)),
                label=f"{edition_label(edition)} ({edition.cite('claim.incorrect')})")
    ax.set_xlim(0, up_to / 60)
    ax.set_ylim(0, top / 60 + 1)
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_major_locator(MultipleLocator(1))
        axis.set_major_formatter(FuncFormatter(_minutes))
    ax.set_xlabel("claimant's time before the ruling (m:ss)")
    ax.set_ylabel("claimant's loss + opponent's gain (m:ss)")
    ax.set_title(f"What an incorrect claim costs on the clocks ({rate.value} games)")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", fontsize=9)
    return fig
