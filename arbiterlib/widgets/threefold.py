"""The threefold-repetition trainer (Articles 9.2-9.5): step through a game, see which
positions repeated and how often, claim with or without a written move, see the ruling."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import chess
import ipywidgets
import pandas as pd

from arbiterlib.repetition import PositionKey, RepetitionTable, position_key
from arbiterlib.ruling import Ruling
from arbiterlib.widgets.common import board_svg
from arbiterlib.widgets.stepper import ClaimTrainer

NO_WRITTEN_MOVE = "(none: claim on the position on the board, 9.2b)"


class ThreefoldTrainer(ClaimTrainer):
    """A game to step through and claim on. All state is plain Python; :meth:`widget`
    wraps it in ipywidgets.

    ``moves`` is SAN movetext from ``fen``; ``clocks`` are the readings when a claim is
    made (``{"white": "5:00", "black": 250}``); ``laws`` the edition.
    """

    CLAIM = "threefold"
    BUTTON = "Claim threefold (9.2)"
    NAME = "threefold trainer"
    NO_WRITTEN_MOVE = NO_WRITTEN_MOVE

    def _start(self, board: chess.Board) -> None:
        self._table = RepetitionTable(position_key(board))
        self.counts: list[int] = [1]
        self.keys: list[PositionKey] = [self._table.current]

    def _after_push(self, board: chess.Board) -> None:
        self.counts.append(self._table.push(position_key(board)))
        self.keys.append(self._table.current)

    @property
    def labels(self) -> list[str]:
        """``"start"``, then the label of each move: ``labels[ply]`` names that position."""
        return ["start", *self.move_labels]

    # Plain-Python state ---------------------------------------------------------------

    def repetitions(self) -> pd.DataFrame:
        """Positions seen more than once up to the current step: how often and when."""
        rows = []
        shown = self.keys[: self.ply + 1]
        labels = self.labels
        for key in dict.fromkeys(shown):
            plies = [i for i, k in enumerate(shown) if k == key]
            if len(plies) > 1:
                rows.append({"to move": chess.COLOR_NAMES[key.turn],
                             "times": len(plies),
                             "after": ", ".join(labels[i] for i in plies),
                             "on the board now": plies[-1] == self.ply})
        return pd.DataFrame(rows, columns=["to move", "times", "after", "on the board now"])

    def count_now(self) -> int:
        """How often the current position has appeared so far."""
        return self.counts[self.ply] if self.ply < len(self.counts) else 0

    def claim(self, rule_name: str = "threefold", written: str | None = None) -> Ruling:
        """The player having the move claims at the current step; returns the ruling."""
        return self._claim(rule_name, written)

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

    def _panels(self) -> dict[str, tuple[ipywidgets.HTML, Callable[[], str]]]:
        return {"board": (ipywidgets.HTML(self.board_html()), self.board_html),
                "table": (ipywidgets.HTML(self.repetitions_html()), self.repetitions_html)}

    def _layout(self, panels: Mapping[str, ipywidgets.HTML]) -> list[Any]:
        return [ipywidgets.HBox([panels["board"], panels["table"]])]
