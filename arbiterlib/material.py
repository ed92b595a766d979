"""Material that can never mate (Articles 6.9 and 9.6 of the 2005 Laws).

Article 6.9 draws a game whose flag fell when the opponent "cannot checkmate the player's
king by any possible series of legal moves"; Article 9.6 draws it when neither side can.
The first and cheapest test is material alone: a lone king, king and knight against
king and queens, king and bishops all on one colour of square. The rest of the analysis
is in :mod:`arbiterlib.dead`.
"""

from __future__ import annotations

import chess

__all__ = ["insufficient_material"]


def insufficient_material(board: chess.Board, color: chess.Color) -> str | None:
    """Why ``color`` can never mate whatever is played, judging by material alone, or ``None``.

    Each rule is closed under play (material never grows without pawns), so it holds for
    every position that can follow.
    """
    ours = board.occupied_co[color]
    theirs = board.occupied_co[not color]
    if ours == board.kings & ours:
        return "insufficient material: a lone king cannot give checkmate"
    ours_wo_king = ours & ~board.kings
    # A knight's check cannot be blocked. Of the two squares next to both the king and
    # the knight, a queen on either would take the knight, so the attacking king must
    # guard both from the square beside the knight; then the square two away from the
    # knight on the king's rank (or file) is an escape or holds a queen that can take.
    if (
        ours_wo_king == board.knights & ours
        and chess.popcount(ours_wo_king) == 1
        and theirs & ~board.kings == theirs & board.queens
    ):
        return "insufficient material: king and knight cannot mate king and queens"
    if ours_wo_king == board.bishops & ours and not (board.pawns | board.knights):
        bishops = board.bishops
        if not bishops & chess.BB_LIGHT_SQUARES or not bishops & chess.BB_DARK_SQUARES:
            return (
                "insufficient material: king and bishops, with every bishop on one "
                "colour of square, cannot mate"
            )
    return None
