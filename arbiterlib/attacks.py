"""Which squares a man attacks, on python-chess's own attack tables.

Board-independent geometry shared by the dead-position modules (:mod:`arbiterlib.dead`,
:mod:`arbiterlib.helpmate`, :mod:`arbiterlib.mobility`): they ask where a man *could*
attack from squares it is not on yet, for an occupancy of their own choosing, which
:meth:`chess.Board.attacks_mask` (the board as it stands) cannot answer.
"""

from __future__ import annotations

import chess

__all__ = ["attacks"]


def attacks(piece_type: chess.PieceType, color: chess.Color, square: chess.Square,
            occupied: chess.Bitboard) -> chess.Bitboard:
    """Squares a ``piece_type`` of ``color`` on ``square`` attacks when ``occupied`` holds
    men (sliders stop at the first occupied square, which they attack)."""
    if piece_type == chess.PAWN:
        return chess.BB_PAWN_ATTACKS[color][square]
    if piece_type == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[square]
    if piece_type == chess.KING:
        return chess.BB_KING_ATTACKS[square]
    bb = 0
    if piece_type in (chess.BISHOP, chess.QUEEN):
        bb |= chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied]
    if piece_type in (chess.ROOK, chess.QUEEN):
        bb |= chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
        bb |= chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]
    return bb
