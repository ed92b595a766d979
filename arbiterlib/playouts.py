"""Helpmate searches for one side (rule 3 of :mod:`arbiterlib.dead`), Articles 6.9 and 9.6.

Goal-directed greedy playouts and a best-first search after Miguel Ambrona's Chess
Unwinnability Analyzer (the defender walks its pieces into capture and its king to a
corner, the attacker takes, promotes and closes in), and a short iterative-deepening
search for the short lines lessons spell out. Every search counts the positions it
visits against a :class:`Budget` and raises :class:`OutOfBudget` when it is spent. Only
a line python-chess plays to checkmate is ever reported, so the heuristics here can
make an answer slower to find, never wrong.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterable, Iterator

import chess

from arbiterlib.attacks import attacks
from arbiterlib.material import insufficient_material

__all__ = [
    "BestFirst",
    "Budget",
    "OutOfBudget",
    "Playout",
    "PositionKey",
    "ShortSearch",
    "mating_move",
    "position_key",
    "push_if_new",
]

PositionKey = tuple[int, int, int, int, int, int, int, bool, int, "int | None"]


def position_key(board: chess.Board) -> PositionKey:
    """An exact identity of the position (pieces, side to move, castling, en passant)."""
    return (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.occupied_co[chess.WHITE],
        board.turn,
        board.castling_rights,
        board.ep_square,
    )


def push_if_new(board: chess.Board, move: chess.Move, seen: set[PositionKey]) -> bool:
    """Play ``move`` unless the position it leads to is in ``seen`` (then the board is
    left as it was); a new position is added to ``seen``."""
    board.push(move)
    key = position_key(board)
    if key in seen:
        board.pop()
        return False
    seen.add(key)
    return True


_NOT_A = chess.BB_ALL & ~chess.BB_FILE_A
_NOT_H = chess.BB_ALL & ~chess.BB_FILE_H

_DISTANCE = [[chess.square_distance(a, b) for b in chess.SQUARES] for a in chess.SQUARES]


def _distance(a: int, b: int) -> int:
    return _DISTANCE[a][b]


class OutOfBudget(Exception):
    """A search's :class:`Budget` is spent (control flow, not an error)."""


class Budget:
    """The positions a search may still visit."""

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def spend(self, nodes: int = 1) -> None:
        self.left -= nodes
        if self.left < 0:
            raise OutOfBudget


_CORNERS = (chess.A1, chess.H1, chess.A8, chess.H8)


class ShortSearch:
    """Iterative deepening for a line in which ``winner`` mates, both sides cooperating.

    A pass at depth ``d`` explores lines whose moves cost at most ``d`` in total. A
    move that makes progress costs nothing and makes the reply free as well: for the
    attacker, captures, pawn advances, checks, and king and knight steps towards the
    defending king; for the defender, king steps towards the mating corner. Defending
    captures and pawn advances cost 4, as they usually throw away blocking material.
    """

    def __init__(self, board: chess.Board, winner: chess.Color, budget: Budget) -> None:
        self.board = board.copy(stack=False)
        self.winner = winner
        self.budget = budget
        self.table: dict[tuple[PositionKey, bool], int] = {}
        self.line: list[chess.Move] = []
        self.max_plies = 0
        self.corner = self._corner()

    def _corner(self) -> int:
        board = self.board
        king = board.king(not self.winner)
        assert king is not None
        bishops = board.bishops & board.occupied_co[self.winner]
        corners: Iterable[int] = _CORNERS
        if bishops and not board.queens & board.occupied_co[self.winner]:
            shade = chess.BB_LIGHT_SQUARES if bishops & chess.BB_LIGHT_SQUARES else (
                chess.BB_DARK_SQUARES
            )
            corners = [c for c in _CORNERS if chess.BB_SQUARES[c] & shade]
        return min(corners, key=lambda c: _distance(c, king))

    def run(self, max_depth: int) -> list[chess.Move] | None:
        for depth in range(max_depth + 1):
            self.max_plies = 3 * depth + 3
            if self._search(depth, False):
                return list(self.line)
        return None

    def _search(self, depth: int, free: bool) -> bool:
        board = self.board
        self.budget.spend()
        key = (position_key(board), free)
        if self.table.get(key, -1) >= depth:
            return False
        self.table[key] = depth
        moves = list(board.generate_legal_moves())
        if not moves:
            return False
        if board.turn == self.winner:
            direct, discover = _check_squares(board, self.winner)
            checks = []
            for move in moves:
                if (
                    direct[board.piece_type_at(move.from_square) or 0]
                    & chess.BB_SQUARES[move.to_square]
                    or discover & chess.BB_SQUARES[move.from_square]
                    or (move.promotion and board.gives_check(move))
                ):
                    checks.append(move)
            for move in checks:
                board.push(move)
                mate = board.is_checkmate()
                board.pop()
                if mate:
                    self.line.append(move)
                    return True
            if insufficient_material(board, self.winner):
                return False
            ordered = self._attacking(moves, set(checks), free)
        else:
            ordered = self._defending(moves, free)
        if len(self.line) >= self.max_plies:
            return False
        for cost, progress, move in ordered:
            if cost > depth:
                break
            board.push(move)
            self.line.append(move)
            found = self._search(depth - cost, progress)
            board.pop()
            if found:
                return True
            self.line.pop()
        return False

    def _attacking(
        self, moves: list[chess.Move], checks: set[chess.Move], free: bool
    ) -> list[tuple[int, bool, chess.Move]]:
        board = self.board
        target = board.king(not self.winner)
        assert target is not None
        theirs = board.occupied_co[not self.winner]
        scored = []
        for move in moves:
            piece = board.piece_type_at(move.from_square)
            progress = (
                piece == chess.PAWN
                or theirs & chess.BB_SQUARES[move.to_square]
                or move in checks
            )
            if not progress and piece in (chess.KING, chess.KNIGHT):
                before = _distance(move.from_square, target)
                after = _distance(move.to_square, target)
                progress = after < before and (piece == chess.KNIGHT or after >= 2)
            scored.append((0 if progress else 1, False, move))
        scored.sort(key=lambda item: item[0])
        return scored

    def _defending(self, moves: list[chess.Move], free: bool) -> list[tuple[int, bool, chess.Move]]:
        board = self.board
        ours = board.occupied_co[self.winner]
        scored = []
        for move in moves:
            piece = board.piece_type_at(move.from_square)
            progress = False
            if ours & chess.BB_SQUARES[move.to_square] or piece == chess.PAWN:
                cost = 3
            elif piece == chess.KING and _distance(move.to_square, self.corner) < _distance(
                move.from_square, self.corner
            ):
                cost = 0
            else:
                cost = 1
            scored.append((cost, progress, move))
        scored.sort(key=lambda item: item[0])
        return scored


# --------------------------------------------------------------------------------------
# Goal-directed playouts and best-first search, the fast way to a witness.

_VALUE = (0, 1, 3, 3, 5, 9, 0)
_POLICIES = (0, 3, 2, 1)  # the playouts take turns: strip, in place, hunt, keep


def _check_squares(board: chess.Board, winner: chess.Color) -> tuple[list[int], int]:
    """Squares from which each piece type of ``winner`` would check the other king, and
    ``winner``'s pieces that may give a discovered check by moving."""
    king = board.king(not winner)
    assert king is not None
    occ = board.occupied
    diag = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occ]
    line = (
        chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occ]
        | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occ]
    )
    direct = [
        0,
        chess.BB_PAWN_ATTACKS[not winner][king],
        chess.BB_KNIGHT_ATTACKS[king],
        diag,
        line,
        diag | line,
        0,
    ]
    ours = board.occupied_co[winner]
    discover = 0
    rays = chess.BB_DIAG_MASKS[king] | chess.BB_RANK_MASKS[king] | chess.BB_FILE_MASKS[king]
    for slider in chess.scan_forward(ours & (board.bishops | board.rooks | board.queens) & rays):
        between = chess.between(slider, king) & occ
        if between & ours and chess.popcount(between) == 1:
            discover |= between
    return direct, discover


def _attacked_by(board: chess.Board, color: chess.Color) -> int:
    """The squares ``color`` attacks (its pawns all at once, then each other man)."""
    pawns = board.pawns & board.occupied_co[color]
    if color == chess.WHITE:
        attacked = ((pawns << 9) & _NOT_A | (pawns << 7) & _NOT_H) & chess.BB_ALL
    else:
        attacked = (pawns >> 7) & _NOT_A | (pawns >> 9) & _NOT_H
    for square in chess.scan_forward(board.occupied_co[color] & ~pawns):
        attacked |= board.attacks_mask(square)
    return attacked


_MATE_FLIGHTS = 2


def mating_move(board: chess.Board, winner: chess.Color, moves: list[chess.Move]) -> (
    chess.Move | None
):
    """A legal move among the pseudo-legal ``moves`` that checkmates, if one is found.

    Not tried while the king has more than ``_MATE_FLIGHTS`` squares to flee to (no
    single move of ours is likely to take them all), nor for a direct check whose piece
    leaves a flight untouched (a move that uncovers another man's line to a flight is
    missed): heuristics that only save time, as every mate found is still checked by
    python-chess.
    """
    king = board.king(not winner)
    assert king is not None
    flights = free = 0
    for square in chess.scan_forward(chess.BB_KING_ATTACKS[king] & ~board.occupied_co[not winner]):
        if not board.attackers_mask(winner, square):
            flights += 1
            free |= chess.BB_SQUARES[square]
            if flights > _MATE_FLIGHTS:
                return None
    direct, discover = _check_squares(board, winner)
    # A cheap filter first: the move lands where some piece type would check, starts on a
    # discovering square, promotes, or is a king's two-square step (castling).
    landing = direct[1] | direct[2] | direct[5]
    own_king = board.king(winner)
    for move in moves:
        frm, to = move.from_square, move.to_square
        if not (
            landing & chess.BB_SQUARES[to]
            or discover & chess.BB_SQUARES[frm]
            or move.promotion
            or to == board.ep_square
            or (frm == own_king and _distance(frm, to) == 2)
        ):
            continue
        piece = board.piece_type_at(frm) or 0
        if not (
            direct[piece] & chess.BB_SQUARES[to]
            or discover & chess.BB_SQUARES[frm]
            or move.promotion
            or (piece == chess.PAWN and to == board.ep_square)
            or (piece == chess.KING and _distance(frm, to) == 2)
        ):
            continue
        if free and not (discover & chess.BB_SQUARES[frm] or move.promotion
                         or piece == chess.KING or to == board.ep_square):
            # A direct check mates only if the checker itself takes the flights (seen
            # through the king, which cannot hide behind itself).
            seen = (board.occupied & ~chess.BB_SQUARES[frm] & ~chess.BB_SQUARES[king]) | (
                chess.BB_SQUARES[to])
            if free & ~attacks(piece, winner, to, seen) & ~chess.BB_SQUARES[to]:
                continue
        if board.is_into_check(move):
            continue
        board.push(move)
        mate = board.is_check() and not any(board.generate_legal_moves())
        board.pop()
        if mate:
            return move
    return None


def _best_first(scored: list[tuple[float, int, chess.Move]]) -> Iterator[
        tuple[float, int, chess.Move]]:
    """The scored moves, best first: the best at once (it is usually played), the rest
    sorted only if it is not."""
    if scored:
        best = max(scored)
        yield best
        scored.sort(reverse=True)
        yield from scored[1:]


class Playout:
    """Greedy helpmate playouts for ``winner`` (rule 3), after Ambrona's goal-directed
    search: the defender walks its pieces into capture and its king to a corner, the
    attacker takes, promotes and closes in, and every checking move is tried for mate.

    Each playout follows the best-scored legal move (ties and, after the first playout,
    small random perturbations decide), never repeating a position. Only a line that
    python-chess replays to mate is ever reported, so the heuristics cannot make an
    answer wrong, only slower to find.
    """

    def __init__(self, board: chess.Board, winner: chess.Color, budget: Budget) -> None:
        self.start = board
        self.winner = winner
        self.budget = budget
        self.final: chess.Board | None = None
        """Where the last line found ends: the board python-chess played it on."""
        # With bishops of one colour as the only long-range men (no queen, rook or pawn),
        # mate can only be given in a corner of that colour.
        ours = board.occupied_co[winner]
        bishops = board.bishops & ours
        self.corners: tuple[int, ...] = _CORNERS
        if bishops and not ours & (board.queens | board.rooks | board.pawns):
            for shade in (chess.BB_LIGHT_SQUARES, chess.BB_DARK_SQUARES):
                if not bishops & ~shade:
                    self.corners = tuple(c for c in _CORNERS if chess.BB_SQUARES[c] & shade)

    def run(self, playouts: int, max_plies: int, more: int = 0,
            go_on: Callable[[], bool] | None = None, first: int = 0) -> list[chess.Move] | None:
        """The first line found in ``playouts`` playouts, then in up to ``more`` further
        ones if ``go_on()`` says so (asked only once the first have failed). The playouts
        are numbered from ``first``: the higher the number, the larger the random
        perturbation of the move scores (a series started late is nearly random)."""
        rng = random.Random(0x9_6 + first)
        for index in range(first, first + playouts + more):
            if index == first + playouts and not (go_on is not None and go_on()):
                break
            noise = 0.0 if index == 0 else 6.0 * index
            line = self._one(max_plies, rng, noise, index)
            if line is not None:
                return line
        return None

    def _one(
        self, max_plies: int, rng: random.Random, noise: float, index: int
    ) -> list[chess.Move] | None:
        board = self.start.copy(stack=False)
        winner = self.winner
        seen = {position_key(board)}
        line: list[chess.Move] = []
        for _ in range(max_plies):
            self.budget.spend()
            moves = list(board.generate_pseudo_legal_moves())
            if board.turn == winner:
                mate = mating_move(board, winner, moves)
                if mate is not None:
                    line.append(mate)
                    board.push(mate)
                    self.final = board
                    return line
                scored = self._attacker_scores(board, moves, _POLICIES[index % 4])
            else:
                scored = self._defender_scores(board, moves, index, _POLICIES[index % 4])
            if noise:
                scored = [(s + noise * rng.random(), i, m) for s, i, m in scored]
            for _, _, move in _best_first(scored):
                if board.is_into_check(move) or not push_if_new(board, move, seen):
                    continue
                line.append(move)
                break
            else:
                return None
            if board.turn == winner and insufficient_material(board, winner):
                return None
        return None

    def _attacker_scores(
        self, board: chess.Board, moves: list[chess.Move], policy: int
    ) -> list[tuple[float, int, chess.Move]]:
        """Policy 0 strips the defender, 1 keeps its pieces as blockers, 2 sends the
        attacking king after the defender's pawns."""
        winner = self.winner
        target = board.king(not winner)
        assert target is not None
        ours = board.occupied_co[winner]
        heavy = bool(ours & (board.queens | board.rooks))
        theirs = board.occupied_co[not winner]
        hunted = target
        if policy == 2:
            own_king = board.king(winner)
            prey = theirs & ~board.kings
            if own_king is not None and prey:
                hunted = min(chess.scan_forward(prey), key=lambda sq: _distance(sq, own_king))
        scored: list[tuple[float, int, chess.Move]] = []
        if policy == 3:
            return self._in_place_scores(board, moves, target)
        last, piece = -1, 0
        for i, move in enumerate(moves):
            frm, to = move.from_square, move.to_square
            if frm != last:  # the moves come grouped by the square they start from
                last, piece = frm, board.piece_type_at(frm) or 0
            victim = board.piece_type_at(to) if theirs & chess.BB_SQUARES[to] else None
            score = 0.0
            if move.promotion:
                score = 200.0 if move.promotion == chess.QUEEN else -100.0
            elif victim:
                score = (100.0 if policy != 1 else 10.0) + 10 * _VALUE[victim] - _VALUE[piece]
            elif piece == chess.PAWN:
                rank = chess.square_rank(to) if winner == chess.WHITE else 7 - chess.square_rank(to)
                score = (40.0 if not heavy else 2.0) + rank
            elif piece == chess.KING:
                aim = hunted if policy == 2 else target
                before, after = _DISTANCE[frm][aim], _DISTANCE[to][aim]
                if aim == target:
                    score = 10.0 * (before - after) if after >= 2 else -20.0
                else:
                    score = 10.0 * (before - after)
            else:
                before, after = _DISTANCE[frm][target], _DISTANCE[to][target]
                score = 6.0 * (before - after)
                if after == 1 and not board.attackers_mask(winner, to) & ~chess.BB_SQUARES[frm]:
                    score -= 40.0  # the king would simply take it
            scored.append((score, i, move))
        return scored

    def _in_place_scores(
        self, board: chess.Board, moves: list[chess.Move], target: int
    ) -> list[tuple[float, int, chess.Move]]:
        """Policy 3, mate where the king stands: pieces that bear on the king's field."""
        winner = self.winner
        zone = chess.BB_KING_ATTACKS[target] | chess.BB_SQUARES[target]
        theirs = board.occupied_co[not winner]
        scored: list[tuple[float, int, chess.Move]] = []
        last, piece = -1, 0
        for i, move in enumerate(moves):
            frm, to = move.from_square, move.to_square
            if frm != last:  # the moves come grouped by the square they start from
                last, piece = frm, board.piece_type_at(frm) or 0
            score = 0.0
            if move.promotion:
                score = 60.0 if move.promotion == chess.QUEEN else -100.0
            elif theirs & chess.BB_SQUARES[to]:
                score = 20.0 + 3 * _VALUE[board.piece_type_at(to) or 0]
            elif piece == chess.PAWN:
                score = 3.0
            elif piece != chess.KING:
                occ = board.occupied & ~chess.BB_SQUARES[frm]
                gain = chess.popcount(attacks(piece, winner, to, occ) & zone) - chess.popcount(
                    attacks(piece, winner, frm, occ) & zone)
                score = 8.0 * gain
                if _DISTANCE[to][target] == 1 and not (
                    board.attackers_mask(winner, to) & ~chess.BB_SQUARES[frm]
                ):
                    score -= 40.0
            scored.append((score, i, move))
        return scored

    def _defender_scores(
        self, board: chess.Board, moves: list[chess.Move], index: int, policy: int
    ) -> list[tuple[float, int, chess.Move]]:
        winner = self.winner
        king = board.king(not winner)
        assert king is not None
        if policy == 3:
            shelter = chess.BB_KING_ATTACKS[king]
            near = chess.BB_FILES[chess.square_file(king)]
            near |= ((near << 1) & _NOT_A) | ((near >> 1) & _NOT_H)
            ours_w = board.occupied_co[winner]
            in_place: list[tuple[float, int, chess.Move]] = []
            last, piece = -1, 0
            for i, move in enumerate(moves):
                frm, to = move.from_square, move.to_square
                if frm != last:  # the moves come grouped by the square they start from
                    last, piece = frm, board.piece_type_at(frm) or 0
                score = 0.0
                if ours_w & chess.BB_SQUARES[to]:
                    score = -60.0
                elif piece == chess.KING:
                    score = -10.0
                elif shelter & chess.BB_SQUARES[to] and not shelter & chess.BB_SQUARES[frm]:
                    score = 15.0
                elif piece == chess.PAWN and near & chess.BB_SQUARES[frm]:
                    score = 8.0
                in_place.append((score, i, move))
            return in_place
        corner = min(self.corners, key=lambda c: _DISTANCE[c][king])
        if index % 4 == 3:
            corner = self.corners[(index // 4) % len(self.corners)]
        attacked = _attacked_by(board, winner)
        ours = board.occupied_co[winner]
        shelter = chess.BB_KING_ATTACKS[king]
        scored: list[tuple[float, int, chess.Move]] = []
        last, piece = -1, 0
        for i, move in enumerate(moves):
            frm, to = move.from_square, move.to_square
            if frm != last:  # the moves come grouped by the square they start from
                last, piece = frm, board.piece_type_at(frm) or 0
            score = 0.0
            if ours & chess.BB_SQUARES[to]:
                score = -60.0
            elif piece == chess.KING:
                score = 20.0 * (_DISTANCE[frm][corner] - _DISTANCE[to][corner])
            elif policy == 1:
                if attacked & chess.BB_SQUARES[to]:
                    score = -20.0
                elif shelter & chess.BB_SQUARES[to] and not shelter & chess.BB_SQUARES[frm]:
                    score = 15.0
                elif piece == chess.PAWN:
                    score = 4.0
            elif attacked & chess.BB_SQUARES[to]:
                score = 60.0 + 5 * _VALUE[move.promotion or piece]
            elif piece == chess.PAWN:
                score = 8.0 + (30.0 if move.promotion else 0.0)
            scored.append((score, i, move))
        return scored


_PLY_PRICE = 0.2


class BestFirst(Playout):
    """Best-first helpmate search (rule 3): the playouts' move scores, summed along a
    line and less a price per ply, rank the frontier. Where a greedy playout runs into a
    dead end, this backs up to the most promising line not yet tried."""

    def search(self, policy: int, max_plies: int, width: int) -> list[chess.Move] | None:
        winner = self.winner
        boards: list[chess.Board] = [self.start.copy(stack=False)]
        parents: list[tuple[int, chess.Move | None]] = [(-1, None)]
        seen = {position_key(boards[0])}
        heap: list[tuple[float, int, int, chess.Move, float, int]] = []
        counter = 0
        node, total, ply = 0, 0.0, 0
        while True:
            self.budget.spend()
            board = boards[node]
            moves = list(board.generate_pseudo_legal_moves())
            if board.turn == winner:
                mate = mating_move(board, winner, moves)
                if mate is not None:
                    line = [mate]
                    while node > 0:
                        node, move = parents[node]
                        assert move is not None
                        line.append(move)
                    line.reverse()
                    return line
                scored = self._attacker_scores(board, moves, policy)
            else:
                scored = self._defender_scores(board, moves, 0, policy)
            if ply < max_plies:
                scored.sort(reverse=True)
                for score, _, move in scored[:width]:
                    counter += 1
                    value = total + score
                    rank = -value / 10.0 + _PLY_PRICE * (ply + 1)
                    heapq.heappush(heap, (rank, counter, node, move, value, ply + 1))
            while True:
                if not heap:
                    return None
                _, _, parent, move, total, ply = heapq.heappop(heap)
                origin = boards[parent]
                if origin.is_into_check(move):
                    continue
                child = origin.copy(stack=False)
                if not push_if_new(child, move, seen):
                    continue
                if child.turn == winner and insufficient_material(child, winner):
                    continue
                boards.append(child)
                parents.append((parent, move))
                node = len(boards) - 1
                break
