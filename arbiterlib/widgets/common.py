"""Pieces shared by the lesson widgets: the board picture and the ruling as HTML."""

from __future__ import annotations

import html
from typing import Any

import chess
import chess.svg
import ipywidgets

from arbiterlib.ruling import Ruling


def board_svg(board: chess.Board, size: int = 320, **options: Any) -> str:
    """python-chess's SVG of ``board``, with the last move marked."""
    lastmove = board.peek() if board.move_stack else None
    return chess.svg.board(board, size=size, lastmove=lastmove, **options)


def ruling_html(ruling: Ruling) -> str:
    """The arbiter's words, the result, the clocks and any move owed, as HTML."""
    parts = [f"<p>{html.escape(s.text)}</p>" for s in ruling.rulings]
    parts += [f"<p><b>{html.escape(label)}:</b> {html.escape(text)}</p>"
              for label, text in ruling.facts()]
    return "<div class='arbiter-ruling'>" + "".join(parts) + "</div>"


class LessonBox(ipywidgets.VBox):  # type: ignore[misc]
    """A VBox whose text form is short (nbval compares it; the SVG would make it huge)."""

    def __init__(self, name: str, children: list[Any]) -> None:
        super().__init__(children=children)
        self._name = name

    def __repr__(self) -> str:
        return f"<{self._name}>"
