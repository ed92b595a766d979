"""The threefold-repetition trainer (Articles 9.2-9.5): step through a game, see which
positions repeated and how often, claim with or without a written move, see the ruling."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import chess
import ipywidgets
import pandas as pd

from arbiterlib.claims import move_label
from arbiterlib.engine import iter_movetext, rule, start_board
from arbiterlib.repetition import RepetitionTable, position_key
from arbiterlib.ruling import Ruling
from arbiterlib.widgets.common import LessonBox, board_svg, ruling_html

NO_WRITTEN_MOVE = "(none: claim on the position on the board, 9.2b)"


class ThreefoldTrainer:
    """A game to step through and claim on. All state is plain Python; :meth:`widget`
    wraps it in ipywidgets.

    ``moves`` is SAN movetext from ``fen``; ``clocks`` are the readings when a claim is
    made (``{"white": "5:00", "black": 250}``); ``laws`` the edition.
    """

    def __init__(self, moves: str, *, fen: str = chess.STARTING_FEN,
                 clocks: Mapping[str, Any] | None = None, increment: float = 0,
                 laws: str | None = None) -> None:
        self.fen, self.clocks, self.increment, self.laws = fen, clocks, increment, laws
        board = start_board(fen)
        table = RepetitionTable(position_key(board))
        self.moves: list[chess.Move] = []
        self.sans: list[str] = []
        self.labels: list[str] = ["start"]
        self.counts: list[int] = [1]
        self.keys = [table.current]
        for move in iter_movetext(board, moves):
            self.labels.append(move_label(board, move))
            self.sans.append(board.san(move))
            self.moves.append(move)
            board.push(move)
            self.counts.append(table.push(position_key(board)))
            self.keys.append(table.current)
        self.ply = len(self.moves)
        self.last_ruling: Ruling | None = None

    # Plain-Python state ---------------------------------------------------------------

    def _scenario(self, moves: str | list[str], events: list[dict[str, Any]]) -> dict[str, Any]:
        scenario: dict[str, Any] = {"fen": self.fen, "moves": moves, "events": events,
                                    "increment": self.increment}
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

    def repetitions(self) -> pd.DataFrame:
        """Positions seen more than once up to the current step: how often and when."""
        rows = []
        shown = self.keys[: self.ply + 1]
        for key in dict.fromkeys(shown):
            plies = [i for i, k in enumerate(shown) if k == key]
            if len(plies) > 1:
                rows.append({"to move": chess.COLOR_NAMES[key.turn],
                             "times": len(plies),
                             "after": ", ".join(self.labels[i] for i in plies),
                             "on the board now": plies[-1] == self.ply})
        return pd.DataFrame(rows, columns=["to move", "times", "after", "on the board now"])

    def count_now(self) -> int:
        """How often the current position has appeared so far."""
        return self.counts[self.ply] if self.ply < len(self.counts) else 0

    def legal_moves(self) -> list[str]:
        """The moves the player having the move could write for a 9.2a claim (SAN, sorted)."""
        board = self.board()
        return sorted(board.san(m) for m in board.legal_moves)

    def claim(self, rule_name: str = "threefold", written: str | None = None) -> Ruling:
        """The player having the move claims at the current step; returns the ruling."""
        event: dict[str, Any] = {"claim": rule_name}
        if written:
            event["move"] = written
        self.last_ruling = rule(self._scenario(self.sans[: self.ply], [event]))
        return self.last_ruling

    # Presentation -----------------------------------------------------------------------

    def board_html(self) -> str:
        board = self.board()
        title = f"after {self.labels[self.ply]}" if self.ply else "start"
        to_move = chess.COLOR_NAMES[board.turn]
        return (f"<div><b>Position {html.escape(title)}</b>, {to_move} to move"
                f" — seen {self.count_now()} time(s)</div>" + board_svg(board))

    def repetitions_html(self) -> str:
        table = self.repetitions()
        if table.empty:
            return "<p>No position has appeared twice yet.</p>"
        return str(table.to_html(index=False, border=0))

    def ruling_html(self) -> str:
        if self.last_ruling is None:
            return "<p><i>No claim yet.</i></p>"
        return ruling_html(self.last_ruling)

    def widget(self) -> ipywidgets.VBox:
        """The interactive trainer for JupyterLab."""
        board = ipywidgets.HTML(self.board_html())
        table = ipywidgets.HTML(self.repetitions_html())
        verdict = ipywidgets.HTML(self.ruling_html())
        step = ipywidgets.IntSlider(value=self.ply, min=0, max=len(self.moves),
                                    description="Move", continuous_update=False)
        written = ipywidgets.Dropdown(options=[NO_WRITTEN_MOVE, *self.legal_moves()],
                                      description="Written")
        claim = ipywidgets.Button(description="Claim threefold (9.2)")

        def refresh() -> None:
            board.value, table.value = self.board_html(), self.repetitions_html()
            verdict.value = self.ruling_html()

        def on_step(change: Mapping[str, Any]) -> None:
            self.go_to(int(change["new"]))
            written.options = [NO_WRITTEN_MOVE, *self.legal_moves()]
            refresh()

        def on_claim(_: Any) -> None:
            choice = written.value if written.value != NO_WRITTEN_MOVE else None
            self.claim("threefold", choice)
            refresh()

        step.observe(on_step, names="value")
        claim.on_click(on_claim)
        self.controls = {"step": step, "written": written, "claim": claim,
                         "board": board, "table": table, "ruling": verdict}
        return LessonBox("threefold trainer", [
            step, ipywidgets.HBox([board, table]), ipywidgets.HBox([written, claim]), verdict])
