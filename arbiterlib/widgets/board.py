"""The touch-move board (Article 4): click the pieces as a player touches them and see the
arbiter's ruling beside the board.

A click on a piece touches it (a ``touch`` event); with "j'adoube" on it adjusts it
(``adjust``); with "accidental" on the touch is accidental. A click on a piece of the player
having the move takes it in hand; a click on a square it can legally go to then makes the
move (``move``). "Claim touch-move" is the opponent's claim (4.7) after a move.

The widget keeps the scenario (position, moves, the events so far) and asks the engine for
the ruling after every action: every rule comes from :mod:`arbiterlib.engine` and the Law
modules below it, every board question from python-chess. The picture is python-chess's SVG
with the touched pieces and the squares the allowed moves go to filled, and ``touched`` /
``allowed`` / ``selected`` added to the classes of those squares (each square also has
``data-square="e4"``). Everything can be driven and checked from Python without a browser.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import chess
import chess.svg
import traitlets

from arbiterlib.engine import Arbiter, side
from arbiterlib.errors import ScenarioError
from arbiterlib.ruling import Ruling
from arbiterlib.scenario import parse_scenario
from arbiterlib.widgets.common import board_svg, ruling_html

#: Fills (RGBA) of the squares: pieces touched this turn, where the allowed moves go, the
#: piece in hand.
TOUCHED_FILL = "#ffcc00a0"
ALLOWED_FILL = "#20a040a0"
SELECTED_FILL = "#3070d0a0"
#: Arrows are drawn for the allowed moves when there are at most this many.
MAX_ARROWS = 6

_SQUARE_CLASS = re.compile(r'class="(square [a-z ]*?)([a-h][1-8])"')
_HERE = Path(__file__).parent


class TouchMoveBoard(anywidget.AnyWidget):
    """A clickable board that replays what the player's hands do through the engine.

    ``fen`` and ``moves`` set the position; ``events`` (scenario events, as in
    ``docs/scenarios.md``) are what happened before the clicks, e.g. ``[{"touch": "e1"}]``;
    ``laws`` is the edition; ``promotion`` the piece a pawn promotes to when moved by clicks.
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    ruling_html = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    adjusting = traitlets.Bool(False).tag(sync=True)
    accidental = traitlets.Bool(False).tag(sync=True)

    def __init__(self, fen: str = chess.STARTING_FEN, *, moves: str | Sequence[str] = "",
                 events: Sequence[Mapping[str, Any]] = (), laws: str | None = None,
                 caption: str = "", orientation: chess.Color = chess.WHITE, size: int = 360,
                 promotion: chess.PieceType = chess.QUEEN) -> None:
        super().__init__(caption=caption)
        self.fen = fen
        self.moves = moves if isinstance(moves, str) else " ".join(moves)
        self.setup = [dict(e) for e in events]
        self.laws = laws
        self.orientation = orientation
        self.size = size
        self.promotion = promotion
        self.events: list[dict[str, Any]] = []
        self._selected: chess.Square | None = None
        self._arbiter = self._replay([])  # a bad set position raises ScenarioError
        self._show()
        self.on_msg(self._on_message)

    def __repr__(self) -> str:
        return "<touch-move board>"

    # The scenario and the engine ------------------------------------------------------

    def scenario(self, events: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
        """The scenario so far: the set position, then the events of the clicks (or
        ``events`` instead of them)."""
        clicks = self.events if events is None else events
        scenario: dict[str, Any] = {"fen": self.fen, "moves": self.moves,
                                    "events": [*self.setup, *(dict(e) for e in clicks)]}
        if self.laws is not None:
            scenario["laws"] = self.laws
        return scenario

    def _replay(self, events: Sequence[Mapping[str, Any]]) -> Arbiter:
        arbiter = Arbiter(parse_scenario(self.scenario(events)))
        arbiter.run()
        return arbiter

    def _act(self, event: dict[str, Any]) -> bool:
        """Add ``event`` and re-rule; on an engine error, say why and leave it out."""
        try:
            arbiter = self._replay([*self.events, event])
        except ScenarioError as exc:
            self.message = _sentence(exc.problem)
            return False
        self.events.append(event)
        self._arbiter = arbiter
        self.message = ""
        return True

    @property
    def ruling(self) -> Ruling:
        """The engine's ruling on everything so far."""
        return self._arbiter.ruling()

    @property
    def board(self) -> chess.Board:
        """The position now (a copy, with the moves played)."""
        return self._arbiter.board.copy()

    @property
    def allowed_moves(self) -> list[str]:
        """The only moves the player having the move may make (sorted UCI), as the ruling's
        ``obligation`` says; empty when he may make any legal move."""
        obligation = self.ruling.obligation
        return list(obligation.moves) if obligation else []

    @property
    def touched_squares(self) -> list[str]:
        """The squares of the pieces the player having the move has deliberately touched this
        turn, in order (as the engine counts them)."""
        return [chess.square_name(sq) for sq in self._arbiter.touch_state.touched_squares()]

    @property
    def selected(self) -> str | None:
        """The square of the piece in hand (the own piece last clicked), if any."""
        return None if self._selected is None else chess.square_name(self._selected)

    # Actions ----------------------------------------------------------------------------

    def click(self, square: str | chess.Square) -> None:
        """A click on ``square``: touch (or adjust) the piece there, or move the piece in hand
        there. A click that cannot be done leaves a message instead."""
        try:
            target = chess.parse_square(square) if isinstance(square, str) else square
            name = chess.square_name(target)
        except (ValueError, IndexError):
            self.message = f"{square!r} is not a square of the board."
            self._show()
            return
        board = self._arbiter.board
        piece = board.piece_at(target)
        if self.adjusting or self.accidental:
            if piece is None:
                doing = "adjust" if self.adjusting else "touch"
                self.message = f"There is no piece on {name} to {doing}."
            elif self.adjusting:
                self._act({"adjust": name})
            else:
                self._act({"touch": name, "accidental": True})
        elif self._selected is not None and target == self._selected:
            self._selected = None  # the piece is put back; the touch still counts
            self.message = ""
        elif self._selected is not None and (piece is None or piece.color != board.turn):
            move = self._move_to(board, self._selected, target)
            if move is not None:
                if self._act({"move": move.uci()}):
                    self._selected = None
            elif piece is None:
                held = board.piece_at(self._selected)
                what = "piece" if held is None else chess.piece_name(held.piece_type)
                self.message = (f"The {what} on {chess.square_name(self._selected)} cannot go"
                                f" to {name}: that is not a legal move.")
            else:
                self._act({"touch": name})
        elif piece is None:
            self.message = (f"There is no piece on {name}: click one of"
                            f" {side(board.turn)}'s pieces to touch it.")
        elif self._act({"touch": name}) and piece.color == board.turn:
            self._selected = target
        self._show()

    def _move_to(self, board: chess.Board, origin: chess.Square,
                 target: chess.Square) -> chess.Move | None:
        """The legal move of the piece on ``origin`` to ``target`` (promoting to
        ``promotion``), if there is one."""
        moves = [m for m in board.legal_moves
                 if m.from_square == origin and m.to_square == target]
        for move in moves:
            if move.promotion in (None, self.promotion):
                return move
        return None

    def toggle_adjust(self) -> bool:
        """Switch "j'adoube" on or off: while on, a click adjusts the piece (4.2)."""
        self.adjusting = not self.adjusting
        if self.adjusting:
            self.accidental = False
        return bool(self.adjusting)

    def toggle_accidental(self) -> bool:
        """Switch "accidental" on or off: while on, a click is an accidental touch."""
        self.accidental = not self.accidental
        if self.accidental:
            self.adjusting = False
        return bool(self.accidental)

    def claim_touch_move(self) -> None:
        """The player having the move claims that his opponent's last move broke Article 4
        (4.7)."""
        if self._act({"claim": "touch-move"}):
            self._selected = None
        self._show()

    def reset(self) -> None:
        """Back to the set position: the clicks are forgotten."""
        self.events = []
        self._selected = None
        self._arbiter = self._replay([])
        self.message = ""
        self._show()

    def _on_message(self, _: Any, content: Any, buffers: Any = None) -> None:
        kind = content.get("type") if isinstance(content, Mapping) else None
        if kind == "click":
            self.click(str(content.get("square")))
        elif kind == "claim":
            self.claim_touch_move()
        elif kind == "reset":
            self.reset()
        else:
            self.message = f"Unknown action {kind!r}."

    # Presentation -----------------------------------------------------------------------

    def _show(self) -> None:
        self.svg = self.svg_text()
        self.ruling_html = ruling_html(self.ruling)

    def svg_text(self) -> str:
        """The board as SVG: touched pieces, allowed targets and the piece in hand marked."""
        board = self._arbiter.board
        touched = set(self._arbiter.touch_state.touched_squares())
        moves = [chess.Move.from_uci(uci) for uci in self.allowed_moves]
        targets = {m.to_square for m in moves}
        fill = dict.fromkeys(touched, TOUCHED_FILL)
        fill.update(dict.fromkeys(targets, ALLOWED_FILL))
        if self._selected is not None:
            fill[self._selected] = SELECTED_FILL
        arrows = [chess.svg.Arrow(m.from_square, m.to_square) for m in moves
                  ] if len(moves) <= MAX_ARROWS else []
        check = board.king(board.turn) if board.is_check() else None
        svg = board_svg(board, self.size, fill=fill, arrows=arrows, check=check,
                        orientation=self.orientation)

        def mark(match: re.Match[str]) -> str:
            square = chess.parse_square(match.group(2))
            extra = "".join(f" {word}" for word, squares in (
                ("touched", touched), ("allowed", targets),
                ("selected", {self._selected})) if square in squares)
            return f'class="{match.group(1)}{match.group(2)}{extra}"' \
                   f' data-square="{match.group(2)}"'

        return _SQUARE_CLASS.sub(mark, svg)


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."
