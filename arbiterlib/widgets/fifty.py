"""The fifty-move counter (Articles 9.3-9.5): step through a long endgame, see how many moves
each player has made since the last pawn move or capture, and when a claim (with or without
a written move) becomes correct; claim, and see the ruling."""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import chess
import ipywidgets
import pandas as pd

from arbiterlib.claims import FIFTY_MOVES_PLIES, judge_fifty_moves
from arbiterlib.editions import get_edition
from arbiterlib.engine import start_board
from arbiterlib.ruling import Ruling
from arbiterlib.widgets.common import board_svg
from arbiterlib.widgets.stepper import ClaimTrainer

NO_WRITTEN_MOVE = "(none: claim on the position on the board, 9.3b)"

#: A rook ending: White pushes his last pawn, Black takes it, then 110 moves (55 by each
#: player) without a pawn move or a capture. Checked move by move with python-chess.
ROOK_ENDGAME_FEN = "r7/8/3k4/P7/8/2K5/8/7R w - - 3 60"
ROOK_ENDGAME = (
    "60. a6 Rxa6 61. Rh3 Ra1 62. Kb4 Ke7 63. Kc4 Ke8 64. Rh2 Ra5 65. Kd3 Re5 66. Rg2 Rf5"
    " 67. Kd2 Re5 68. Kc2 Ke7 69. Kb1 Kd6 70. Kb2 Re4 71. Kc3 Kc6 72. Kc2 Re7 73. Kd1 Re6"
    " 74. Kc1 Kc5 75. Rb2 Re4 76. Ra2 Re3 77. Ra1 Re8 78. Kc2 Re3 79. Kd1 Rb3 80. Kc2 Rb5"
    " 81. Kd2 Rb4 82. Kc2 Rh4 83. Rd1 Rh8 84. Rg1 Kd4 85. Rf1 Rb8 86. Kc1 Rb7 87. Rg1 Rd7"
    " 88. Rg2 Kd5 89. Rc2 Ke5 90. Rh2 Rd6 91. Rb2 Kd4 92. Rb8 Rd5 93. Kb2 Kc5 94. Re8 Rf5"
    " 95. Ka3 Kc4 96. Re2 Kb5 97. Rh2 Rg5 98. Kb2 Rg3 99. Rh8 Kc5 100. Ka2 Rg6 101. Kb2 Rg1"
    " 102. Kc2 Kc6 103. Rh2 Rg8 104. Rf2 Kc7 105. Kc1 Kc8 106. Rd2 Rg5 107. Re2 Kb7"
    " 108. Re4 Rg7 109. Ra4 Re7 110. Rc4 Kb8 111. Rc3 Ra7 112. Rc2 Kb7 113. Kd2 Ra5"
    " 114. Kc1 Rf5 115. Rd2 Rh5"
)


@dataclasses.dataclass(frozen=True)
class FiftyCount:
    """The count at one step: moves by each player since the last pawn move or capture."""

    ply: int
    since: str  # "60...Rxa6", or "the start of the game" / "before the game shown"
    white: int
    black: int
    on_board_correct: bool  # a claim now, without a written move (9.3b)
    written_next: str | None  # the game's next move, as written for a 9.3a claim
    written_next_correct: bool  # a claim now, writing the game's next move (9.3a)

    @property
    def plies(self) -> int:
        return self.white + self.black


class FiftyMoveCounter(ClaimTrainer):
    """A long endgame to step through and claim on. All state is plain Python;
    :meth:`widget` wraps it in ipywidgets.

    ``moves`` is SAN movetext from ``fen`` (whose halfmove count is the count before the
    first move shown); ``clocks`` are the readings when a claim is made; ``laws`` the edition.
    """

    CLAIM = "fifty-moves"
    BUTTON = "Claim fifty moves (9.3)"
    NAME = "fifty-move counter"
    NO_WRITTEN_MOVE = NO_WRITTEN_MOVE

    def __init__(self, moves: str = ROOK_ENDGAME, *, fen: str = ROOK_ENDGAME_FEN,
                 clocks: Mapping[str, Any] | None = None, laws: str | None = None) -> None:
        self.edition = get_edition(laws)
        super().__init__(moves, fen=fen, clocks=clocks, laws=laws)

    def _start(self, board: chess.Board) -> None:
        self.resets: list[bool] = []  # the move was a pawn move or a capture
        self.halfmoves: list[int] = [board.halfmove_clock]

    def _before_push(self, board: chess.Board, move: chess.Move) -> None:
        self.resets.append(board.is_zeroing(move))

    def _after_push(self, board: chess.Board) -> None:
        self.halfmoves.append(board.halfmove_clock)

    @property
    def labels(self) -> list[str]:
        """The label of each move (``labels[i]`` is move ``i + 1``)."""
        return self.move_labels

    # Plain-Python state ---------------------------------------------------------------

    def count(self, ply: int | None = None) -> FiftyCount:
        """The count after ``ply`` moves (default: the current step) and what a claim by the
        player having the move would be then, as :func:`arbiterlib.claims.judge_fifty_moves`
        rules it."""
        ply = self.ply if ply is None else ply
        board = self.board(ply)
        plies = board.halfmove_clock
        # Since the last reset the moves alternate: the player to move has made half of
        # them (rounded down), his opponent the rest.
        mover, other = plies // 2, plies - plies // 2
        white, black = (mover, other) if board.turn == chess.WHITE else (other, mover)
        resets = [i for i in range(ply) if self.resets[i]]
        if resets:
            since = self.labels[resets[-1]]
        elif self.halfmoves[0] == 0:
            since = "the start of the moves shown"
        else:
            since = "before the moves shown"
        on_board = judge_fifty_moves(board, self.edition).correct
        written, written_ok = None, False
        if ply < len(self.moves):
            written = self.sans[ply]
            written_ok = judge_fifty_moves(board, self.edition, self.moves[ply]).correct
        return FiftyCount(ply, since, white, black, on_board, written, written_ok)

    def first_correct(self) -> dict[str, int | None]:
        """The first step at which a claim is correct: ``"9.3a"`` writing the game's next
        move, ``"9.3b"`` on the board (``None``: never in the moves shown)."""
        first: dict[str, int | None] = {self.edition.cite("fifty-moves.written"): None,
                                        self.edition.cite("fifty-moves.on-board"): None}
        written, on_board = first
        for ply in range(len(self.moves) + 1):
            count = self.count(ply)
            if first[written] is None and count.written_next_correct:
                first[written] = ply
            if first[on_board] is None and count.on_board_correct:
                first[on_board] = ply
        return first

    def timeline(self, plies: Iterable[int] | None = None) -> pd.DataFrame:
        """The count step by step (default: every step): after which move, the moves by each
        player since the last pawn move or capture, and whether a claim would be correct
        without a written move (9.3b) or writing the game's next move (9.3a)."""
        cite = self.edition.cite
        rows = []
        for ply in range(len(self.moves) + 1) if plies is None else plies:
            count = self.count(ply)
            verdict = "correct" if count.written_next_correct else "incorrect"
            rows.append({
                "after": self.labels[ply - 1] if ply else "start",
                "White": count.white, "Black": count.black,
                f"claim now ({cite('fifty-moves.on-board')})":
                    "correct" if count.on_board_correct else "incorrect",
                f"writing the next move ({cite('fifty-moves.written')})":
                    "—" if count.written_next is None else
                    f"{self.labels[ply]}: {verdict}",
            })
        return pd.DataFrame(rows)

    def claim(self, written: str | None = None) -> Ruling:
        """The player having the move claims at the current step; returns the engine's ruling."""
        return self._claim(self.CLAIM, written)

    # Presentation -----------------------------------------------------------------------

    def count_html(self) -> str:
        count = self.count()
        board = self.board()
        to_move = chess.COLOR_NAMES[board.turn]
        needed = FIFTY_MOVES_PLIES // 2
        cite = self.edition.cite
        lines = [f"<b>Since {html.escape(count.since)}:</b> White {count.white} moves,"
                 f" Black {count.black} moves (50 by each are needed)."]
        if count.on_board_correct:
            lines.append(f"{to_move.capitalize()}, having the move, may claim now"
                         f" ({cite('fifty-moves.on-board')}): the claim would be correct.")
        else:
            lines.append(f"A claim now without a written move ({cite('fifty-moves.on-board')})"
                         " would be incorrect.")
        if count.written_next is not None:
            label = html.escape(self.labels[count.ply])
            verdict = "correct" if count.written_next_correct else "incorrect"
            lines.append(f"Writing the next move {label} and claiming"
                         f" ({cite('fifty-moves.written')}) would be {verdict}.")
        missing = max(0, needed - min(count.white, count.black))
        if missing and not count.written_next_correct:
            lines.append(f"At least {missing} more move(s) by each player are needed.")
        return "<div>" + "<br>".join(lines) + "</div>"

    def board_html(self) -> str:
        board = self.board()
        title = f"after {self.labels[self.ply - 1]}" if self.ply else "start"
        to_move = chess.COLOR_NAMES[board.turn]
        return (f"<div><b>Position {html.escape(title)}</b>, {to_move} to move</div>"
                + board_svg(board, size=280))

    def scoresheet_html(self) -> str:
        """The moves so far as a scoresheet; pawn moves and captures in bold, the moves that
        count since the last of them in the last column."""
        rows: dict[str, list[str]] = {}
        board = start_board(self.fen)
        for i, move in enumerate(self.moves[: self.ply]):
            number = str(board.fullmove_number)
            row = rows.setdefault(number, ["", ""])
            text = html.escape(self.sans[i])
            row[0 if board.turn == chess.WHITE else 1] = (
                f"<b>{text}</b>" if self.resets[i] else text)
            board.push(move)
        body = "".join(f"<tr><td>{n}</td><td>{w}</td><td>{b}</td></tr>"
                       for n, (w, b) in rows.items())
        return ("<div style='max-height:300px;overflow-y:auto'><table>"
                "<tr><th>No.</th><th>White</th><th>Black</th></tr>" + body + "</table></div>")

    def _panels(self) -> dict[str, tuple[ipywidgets.HTML, Callable[[], str]]]:
        return {"board": (ipywidgets.HTML(self.board_html()), self.board_html),
                "scoresheet": (ipywidgets.HTML(self.scoresheet_html()), self.scoresheet_html),
                "count": (ipywidgets.HTML(self.count_html()), self.count_html)}

    def _layout(self, panels: Mapping[str, ipywidgets.HTML]) -> list[Any]:
        return [panels["count"], ipywidgets.HBox([panels["board"], panels["scoresheet"]])]
