"""The dead-position board (Articles 9.6 and 6.9): who can still mate, and why not.

The answers come from :mod:`arbiterlib.dead` (``analyse``) and, for a flag fall or a move,
from :func:`arbiterlib.rule`; this module only draws them. A blocked pawn wall is shaded on
the board from :attr:`MateAnalysis.wall`: the pieces that can never move, and the squares
each side's pieces can ever reach. Otherwise the pieces of a side that cannot mate are
shaded.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

import chess
import ipywidgets

from arbiterlib import dead
from arbiterlib.engine import RULING_BUDGET, rule
from arbiterlib.errors import ArbiterError, ScenarioError
from arbiterlib.ruling import Ruling
from arbiterlib.widgets.common import LessonBox, board_svg, ruling_html

#: Square shades (python-chess ``fill`` colours, with transparency).
FIXED = "#555555b0"
WHITE_REACH = "#3a7bd566"
BLACK_REACH = "#d5533a66"
BOTH_REACH = "#9b59b666"
MATERIAL = "#e6b40080"

#: The longest helpmate line shown in full (single moves).
MAX_LINE = 16

LEGEND = {
    FIXED: "can never move (fixed)",
    WHITE_REACH: "only White's pieces can ever stand here",
    BLACK_REACH: "only Black's pieces can ever stand here",
    BOTH_REACH: "both sides' pieces can stand here",
    MATERIAL: "the pieces of a side that cannot mate (besides the king)",
}


def _name(color: chess.Color) -> str:
    return chess.COLOR_NAMES[color].capitalize()


def wall_fill(wall: dead.WallAnalysis) -> dict[chess.Square, str]:
    """The ``fill`` for a wall: fixed squares, then each side's reach (and both)."""
    fill: dict[chess.Square, str] = {}
    white, black = wall.can_reach(chess.WHITE), wall.can_reach(chess.BLACK)
    for square in white | black:
        if square in wall.fixed:
            fill[square] = FIXED
        elif square in white and square in black:
            fill[square] = BOTH_REACH
        else:
            fill[square] = WHITE_REACH if square in white else BLACK_REACH
    for square in wall.fixed:
        fill[square] = FIXED
    return fill


def material_fill(board: chess.Board, colors: Iterable[chess.Color] = chess.COLORS
                  ) -> dict[chess.Square, str]:
    """The ``fill`` shading the pieces of ``colors`` other than the kings."""
    mask = 0
    for color in colors:
        mask |= board.occupied_co[color] & ~board.kings
    return {square: MATERIAL for square in chess.SquareSet(mask)}


def material_words(board: chess.Board, color: chess.Color) -> str:
    """``king, bishop (c3)``: what ``color`` has on the board."""
    pieces = [f"{chess.piece_name(p.piece_type)} ({chess.square_name(sq)})"
              for sq, p in sorted(board.piece_map().items())
              if p.color == color and p.piece_type != chess.KING]
    return ", ".join(["king", *pieces])


class DeadPositionBoard:
    """A position, who can still mate in it, and the arbiter's ruling on a flag fall or a
    move. All state is plain Python; :meth:`widget` wraps it in ipywidgets.

    ``budget`` bounds the analysis (positions visited per side); ``examples`` shows the
    analyser's mating line when a side can mate (one of many: which one may change with
    the analyser); ``clocks`` are the readings used for a flag fall or a move
    (optional); ``laws`` the edition.
    """

    def __init__(self, fen: str, *, budget: int = RULING_BUDGET, examples: bool = True,
                 clocks: Mapping[str, Any] | None = None, laws: str | None = None) -> None:
        self.fen, self.budget, self.clocks, self.laws = fen, budget, clocks, laws
        self.examples = examples
        self.error: str | None = None
        self.last_ruling: Ruling | None = None
        try:
            self.board = dead.parse_position(fen)
        except ArbiterError as exc:
            self.error = str(exc)
            self.board = chess.Board.empty()
            self.analysis: dead.DeadPositionAnalysis | None = None
            return
        self.analysis = dead.analyse(self.board, budget=budget)

    # Plain-Python state ---------------------------------------------------------------

    @property
    def wall(self) -> dead.WallAnalysis | None:
        """The blocked wall that proved a side cannot mate, if one did."""
        if self.analysis is None:
            return None
        for color in chess.COLORS:
            if self.analysis.side(color).wall is not None:
                return self.analysis.side(color).wall
        return None

    def fill(self) -> dict[chess.Square, str]:
        """The squares to shade: the wall if one decided, else the pieces of each side
        that cannot mate, else nothing."""
        if self.wall is not None:
            return wall_fill(self.wall)
        if self.analysis is None:
            return {}
        return material_fill(self.board, [
            c for c in chess.COLORS
            if self.analysis.side(c).result is dead.Mateability.CANNOT_MATE])

    def verdict(self, color: chess.Color) -> str:
        """Whether ``color`` can still mate, and why, in one sentence."""
        if self.analysis is None:
            return ""
        side = self.analysis.side(color)
        if side.result is dead.Mateability.CANNOT_MATE:
            return f"{_name(color)} cannot checkmate: {side.why}."
        if side.result is dead.Mateability.CAN_MATE:
            witness = list(side.witness)
            if not witness or not self.examples:
                example = ""
            elif len(witness) <= MAX_LINE:
                example = f", for example {self.board.variation_san(witness)}"
            else:
                example = f", for example by a line of {len(witness)} single moves"
            return (f"{_name(color)} can still checkmate by some series of legal moves"
                    f"{example}.")
        return (f"{_name(color)}: the analysis could not decide within its budget; the"
                " arbiter must judge.")

    def is_dead(self) -> bool | None:
        """9.6: True if neither side can mate, False if one can, None if undecided."""
        if self.analysis is None:
            return None
        if self.analysis.is_dead:
            return True
        results = (self.analysis.white, self.analysis.black)
        return False if dead.Mateability.CAN_MATE in results else None

    def _scenario(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        scenario: dict[str, Any] = {"fen": self.fen, "events": events}
        if self.clocks is not None:
            scenario["clocks"] = dict(self.clocks)
        if self.laws is not None:
            scenario["laws"] = self.laws
        return scenario

    def _rule(self, events: list[dict[str, Any]]) -> Ruling | None:
        self.last_ruling = None
        try:
            self.last_ruling = rule(self._scenario(events))
        except ScenarioError as exc:
            self.error = str(exc)
            return None
        self.error = None
        return self.last_ruling

    def flag(self, color: str) -> Ruling | None:
        """``color``'s flag falls (6.9): the ruling, or ``None`` (see :attr:`error`)."""
        return self._rule([{"flag": color}])

    def move(self, san: str) -> Ruling | None:
        """The player having the move plays ``san``: the ruling (9.6 if it kills the
        position), or ``None`` (see :attr:`error`)."""
        return self._rule([{"move": san.strip()}])

    # Presentation -----------------------------------------------------------------------

    def svg(self, size: int = 320) -> str:
        return board_svg(self.board, size=size, fill=self.fill())

    def legend_html(self) -> str:
        used = set(self.fill().values())
        items = [f"<span style='display:inline-block;width:1em;height:1em;"
                 f"background:{colour[:7]};opacity:0.7'></span> {html.escape(words)}"
                 for colour, words in LEGEND.items() if colour in used]
        return "<p>" + "<br>".join(items) + "</p>" if items else ""

    def why_html(self) -> str:
        """Each side's answer, the material, and whether the position is dead."""
        if self.analysis is None:
            return f"<p><b>Not analysed:</b> {html.escape(self.error or '')}</p>"
        parts = []
        for color in chess.COLORS:
            parts.append(f"<li><b>{_name(color)}</b> ({material_words(self.board, color)}):"
                         f" {html.escape(self.verdict(color))}</li>")
        dead_now = self.is_dead()
        summary = {True: "Neither side can ever checkmate: the position is dead (9.6).",
                   False: "A checkmate can still occur: the position is not dead.",
                   None: "Not decided: the arbiter must judge."}[dead_now]
        return f"<ul>{''.join(parts)}</ul><p><b>{html.escape(summary)}</b></p>"

    def html(self, size: int = 320) -> str:
        """The board with its shading, the legend and the why, for a notebook cell."""
        if self.analysis is None:
            return self.why_html()
        return ("<div style='display:flex;gap:1em;align-items:flex-start'><div>"
                + self.svg(size) + self.legend_html() + "</div><div>" + self.why_html()
                + "</div></div>")

    def ruling_html(self) -> str:
        if self.error is not None:
            return f"<p class='arbiter-error'><b>Not ruled:</b> {html.escape(self.error)}</p>"
        if self.last_ruling is None:
            return "<p><i>No flag fall or move yet.</i></p>"
        return ruling_html(self.last_ruling)

    def widget(self) -> ipywidgets.VBox:
        """The board for JupyterLab: a flag falls, or the player having the move moves."""
        view = ipywidgets.HTML(self.html())
        verdict = ipywidgets.HTML(self.ruling_html())
        white_flag = ipywidgets.Button(description="White's flag falls")
        black_flag = ipywidgets.Button(description="Black's flag falls")
        move = ipywidgets.Text(placeholder="e.g. Kxe4", description="Move")
        play = ipywidgets.Button(description="Play the move")

        def on_flag(color: str) -> Any:
            def handler(_: Any) -> None:
                self.flag(color)
                verdict.value = self.ruling_html()
            return handler

        def on_play(_: Any) -> None:
            self.move(move.value)
            verdict.value = self.ruling_html()

        white_flag.on_click(on_flag("white"))
        black_flag.on_click(on_flag("black"))
        play.on_click(on_play)
        self.controls = {"view": view, "ruling": verdict, "white_flag": white_flag,
                         "black_flag": black_flag, "move": move, "play": play}
        return LessonBox("dead-position board", [
            view, ipywidgets.HBox([white_flag, black_flag]), ipywidgets.HBox([move, play]),
            verdict])
