"""The part the claim trainers share: a game to step through and claim on (9.2-9.5).

A :class:`ClaimTrainer` keeps the moves of a game, the step shown and the last ruling, as
plain Python; a claim at the current step is a scenario ruled by the engine. Subclasses add
what they show (the repetition table, the fifty-move count) and name their claim.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import chess
import ipywidgets

from arbiterlib.claims import move_label
from arbiterlib.engine import iter_movetext, rule, start_board
from arbiterlib.ruling import Ruling
from arbiterlib.widgets.common import LessonBox, ruling_html


class ClaimTrainer:
    """A game from ``fen`` (SAN ``moves``) to step through; claims go to the engine.

    ``clocks`` are the readings when a claim is made; ``laws`` the edition.
    """

    #: The claim the trainer makes (``claim:`` in a scenario), its button and its name.
    CLAIM: ClassVar[str]
    BUTTON: ClassVar[str]
    NAME: ClassVar[str]
    NO_WRITTEN_MOVE: ClassVar[str]

    def __init__(self, moves: str, *, fen: str = chess.STARTING_FEN,
                 clocks: Mapping[str, Any] | None = None, increment: float = 0,
                 laws: str | None = None) -> None:
        self.fen, self.clocks, self.increment, self.laws = fen, clocks, increment, laws
        board = start_board(fen)
        self.moves: list[chess.Move] = []
        self.sans: list[str] = []
        self.move_labels: list[str] = []  # "12. Rd1" for each move, in order
        self._start(board)
        for move in iter_movetext(board, moves):
            self.move_labels.append(move_label(board, move))
            self.sans.append(board.san(move))
            self.moves.append(move)
            self._before_push(board, move)
            board.push(move)
            self._after_push(board)
        self.ply = len(self.moves)
        self.last_ruling: Ruling | None = None

    # Hooks for what a subclass keeps about each position.
    def _start(self, board: chess.Board) -> None:
        """Called with the start position."""

    def _before_push(self, board: chess.Board, move: chess.Move) -> None:
        """Called before each move is played."""

    def _after_push(self, board: chess.Board) -> None:
        """Called after each move is played."""

    # Plain-Python state ---------------------------------------------------------------

    def scenario(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        """The scenario of the game up to the current step, followed by ``events``."""
        scenario: dict[str, Any] = {"fen": self.fen, "moves": self.sans[: self.ply],
                                    "events": events, "increment": self.increment}
        if self.clocks is not None:
            scenario["clocks"] = dict(self.clocks)
        if self.laws is not None:
            scenario["laws"] = self.laws
        return scenario

    def board(self, ply: int | None = None) -> chess.Board:
        """The board after ``ply`` moves (default: the current step)."""
        board = start_board(self.fen)
        for move in self.moves[: self.ply if ply is None else ply]:
            board.push(move)
        return board

    def go_to(self, ply: int) -> None:
        """Step to the position after ``ply`` moves (0 = the start)."""
        if not 0 <= ply <= len(self.moves):
            raise ValueError(f"ply {ply} is outside the game (0 to {len(self.moves)})")
        self.ply = ply
        self.last_ruling = None

    def legal_moves(self) -> list[str]:
        """The moves the player having the move could write for a claim (SAN, sorted)."""
        board = self.board()
        return sorted(board.san(m) for m in board.legal_moves)

    def _claim(self, claim: str, written: str | None) -> Ruling:
        """The player having the move claims at the current step; the engine rules."""
        event: dict[str, Any] = {"claim": claim}
        if written:
            event["move"] = written
        self.last_ruling = rule(self.scenario([event]))
        return self.last_ruling

    # Presentation -----------------------------------------------------------------------

    def ruling_html(self) -> str:
        if self.last_ruling is None:
            return "<p><i>No claim yet.</i></p>"
        return ruling_html(self.last_ruling)

    def _panels(self) -> dict[str, tuple[ipywidgets.HTML, Callable[[], str]]]:
        """The subclass's HTML panels by name, each with the function that renders it."""
        raise NotImplementedError

    def _layout(self, panels: Mapping[str, ipywidgets.HTML]) -> list[Any]:
        """The subclass's panels arranged between the slider and the claim controls."""
        raise NotImplementedError

    def widget(self) -> ipywidgets.VBox:
        """The interactive trainer for JupyterLab: a slider over the moves, the panels, a
        written move to choose and a claim button, and the ruling."""
        panels = self._panels()
        verdict = ipywidgets.HTML(self.ruling_html())
        step = ipywidgets.IntSlider(value=self.ply, min=0, max=len(self.moves),
                                    description="Move", continuous_update=False)
        written = ipywidgets.Dropdown(options=[self.NO_WRITTEN_MOVE, *self.legal_moves()],
                                      description="Written")
        claim = ipywidgets.Button(description=self.BUTTON)

        def refresh() -> None:
            for panel, render in panels.values():
                panel.value = render()
            verdict.value = self.ruling_html()

        def on_step(change: Mapping[str, Any]) -> None:
            self.go_to(int(change["new"]))
            written.options = [self.NO_WRITTEN_MOVE, *self.legal_moves()]
            refresh()

        def on_claim(_: Any) -> None:
            choice = written.value if written.value != self.NO_WRITTEN_MOVE else None
            self._claim(self.CLAIM, choice)
            refresh()

        step.observe(on_step, names="value")
        claim.on_click(on_claim)
        shown = {name: panel for name, (panel, _) in panels.items()}
        self.controls: dict[str, Any] = {"step": step, "written": written, "claim": claim,
                                         **shown, "ruling": verdict}
        return LessonBox(self.NAME, [step, *self._layout(shown),
                                     ipywidgets.HBox([written, claim]), verdict])
