"""Target-directed helpmates for positions with little material.

:func:`find_helpmate` looks for a series of legal moves, both sides cooperating, that ends
with one given side checkmating: the witness that this side can still mate "by any series
of legal moves" (Articles 6.9 and 9.6 of the 2005 Laws of Chess). It first sketches final
mate positions close to the board (the mated king on a square, one checking man, every
flight square guarded or blocked, often by the defender's own men; pawns promote, and one
man may be captured on the way), then walks towards the sketches by best-first search,
each position ranked by the moves its men still owe. Every line is replayed with
python-chess before it is returned.

The approach follows the published method of Miguel Ambrona's CHA (chasolver) and
D3-Chess: aim the men at a mating pattern and reward the moves that approach it. The
code here is our own.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from itertools import count
from typing import Protocol

import chess

from arbiterlib.attacks import attacks

__all__ = ["SearchNode", "find_helpmate", "line_to", "replays_to_mate"]

_INF = 99
_PIECES = (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
_PROMOTIONS = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)

#: How many mate sketches are walked towards at most, and how many partial sketches
#: queued cost one node of the budget.
_SKETCHES = 6
_SKETCH_WORK = 8


# --------------------------------------------------------------------------------------
# Distances: moves a lone man needs between two squares, ignoring the other men.


def _knight_table() -> list[list[int]]:
    table = []
    for start in chess.SQUARES:
        dist = [_INF] * 64
        dist[start] = 0
        queue = deque([start])
        while queue:
            square = queue.popleft()
            for nxt in chess.scan_forward(chess.BB_KNIGHT_ATTACKS[square]):
                if dist[nxt] == _INF:
                    dist[nxt] = dist[square] + 1
                    queue.append(nxt)
        table.append(dist)
    return table


def _line_table(diagonal: bool, straight: bool) -> list[list[int]]:
    table = []
    for a in chess.SQUARES:
        row = []
        for b in chess.SQUARES:
            df = abs(chess.square_file(a) - chess.square_file(b))
            dr = abs(chess.square_rank(a) - chess.square_rank(b))
            if a == b:
                row.append(0)
            elif (diagonal and df == dr) or (straight and (df == 0 or dr == 0)):
                row.append(1)
            elif straight or (df + dr) % 2 == 0:
                row.append(2)
            else:
                row.append(_INF)
        table.append(row)
    return table


_KING_DISTANCE = [[chess.square_distance(a, b) for b in chess.SQUARES] for a in chess.SQUARES]
_TABLES: dict[int, list[list[int]]] = {
    chess.KING: _KING_DISTANCE,
    chess.KNIGHT: _knight_table(),
    chess.BISHOP: _line_table(True, False),
    chess.ROOK: _line_table(False, True),
    chess.QUEEN: _line_table(True, True),
}


def _pawn_steps(color: chess.Color, start: int, end: int, captures: int = 0) -> int:
    """Moves a pawn of ``color`` needs from ``start`` to ``end``, taking at most
    ``captures`` men on the way (each one file aside)."""
    aside = abs(chess.square_file(start) - chess.square_file(end))
    r0, r1 = chess.square_rank(start), chess.square_rank(end)
    if color == chess.BLACK:
        r0, r1 = 7 - r0, 7 - r1
    steps = r1 - r0
    if aside > captures or steps < aside or steps < 0 or r1 == 0:
        return _INF
    return steps - 1 if r0 == 1 and steps - aside >= 2 else steps


@cache
def _table(color: chess.Color, now: int, then: int, captures: int = 0) -> list[list[int]]:
    """Moves for a man of ``color`` of type ``now`` to become a ``then`` on a square (a
    pawn taking at most ``captures`` men on its way)."""
    if now == then and now != chess.PAWN:
        return _TABLES[now]
    if now == chess.PAWN and then == chess.PAWN:
        return [[_pawn_steps(color, a, b, captures) if chess.square_rank(b) not in (0, 7)
                 else _INF for b in chess.SQUARES] for a in chess.SQUARES]
    if now == chess.PAWN and then in _PIECES:
        last = 7 if color == chess.WHITE else 0
        rows = []
        for a in chess.SQUARES:
            row = [_INF] * 64
            if chess.square_rank(a) not in (0, 7):
                for file in range(8):
                    promo = chess.square(file, last)
                    steps = _pawn_steps(color, a, promo, captures)
                    if steps < _INF:
                        row = [min(r, steps + d) for r, d in zip(row, _TABLES[then][promo],
                                                                 strict=True)]
            rows.append(row)
        return rows
    return [[_INF] * 64 for _ in chess.SQUARES]


@cache
def _column(color: chess.Color, now: int, then: int, captures: int, goal: int) -> list[int]:
    """Per square, the moves for a man standing there to reach ``goal`` (see _table)."""
    table = _table(color, now, then, captures)
    return [row[goal] for row in table]


def _locked(board: chess.Board) -> int:
    """Pawns that can never move forward: head to head with an enemy pawn, or behind a
    pawn that cannot move either."""
    white = board.pawns & board.occupied_co[chess.WHITE]
    black = board.pawns & board.occupied_co[chess.BLACK]
    locked = (white & (black >> 8)) | (black & (white << 8))
    while True:
        grown = locked | (white & (locked >> 8)) | (black & (locked << 8))
        if grown == locked:
            return locked
        locked = grown


_WALKERS = (chess.KNIGHT, chess.KING)
#: Squares kings and knights go round: the locked pawns, then per colour, the squares the
#: other side's locked pawns attack (a king's only).
_Terrain = tuple[int, int, int]


def _terrain(board: chess.Board) -> _Terrain:
    """What kings and knights go round on ``board``: men that stay put for good, in the
    series of legal moves Articles 6.9 and 9.6 ask for."""
    locked = _locked(board)
    guarded = [0, 0]
    for square in chess.scan_forward(locked):
        color = bool(board.occupied_co[chess.WHITE] & chess.BB_SQUARES[square])
        guarded[not color] |= chess.BB_PAWN_ATTACKS[color][square]
    return locked, guarded[chess.BLACK], guarded[chess.WHITE]


def _blocked(terrain: _Terrain, color: chess.Color, piece: int) -> int:
    """The squares a man of ``color`` and type ``piece`` goes round (see _detour)."""
    if piece == chess.KING:
        return terrain[0] | terrain[1 + color]
    return terrain[0] if piece == chess.KNIGHT else 0


@lru_cache(maxsize=1 << 12)
def _detour(piece: int, blocked: int, goal: int) -> list[int]:
    """Per square, the moves a king or knight needs to reach ``goal`` without crossing the
    squares of ``blocked`` (a square of ``blocked`` may be where it starts); the plain
    distance where ``blocked`` cuts the way."""
    steps = chess.BB_KING_ATTACKS if piece == chess.KING else chess.BB_KNIGHT_ATTACKS
    dist = [_INF] * 64
    dist[goal] = 0
    frontier = [goal]
    free = ~blocked
    while frontier:
        ahead = []
        for square in frontier:
            for nxt in chess.scan_forward(steps[square] & free):
                if dist[nxt] == _INF:
                    dist[nxt] = dist[square] + 1
                    ahead.append(nxt)
        frontier = ahead
    plain = _TABLES[piece]
    for square in chess.scan_forward(blocked & ~chess.BB_SQUARES[goal]):
        dist[square] = min((dist[n] + 1 for n in chess.scan_forward(steps[square] & free)),
                           default=_INF)
    return [d if d < _INF else plain[sq][goal] for sq, d in enumerate(dist)]


@lru_cache(maxsize=1 << 16)
def _capture_cost(victim: _Man, taker: _Man, goal: tuple[int, int], blocked: int = 0) -> int:
    """Moves more than its own way for ``taker`` (bound for ``goal``, a type and a square)
    to capture ``victim``: it walks in (a king or knight round ``blocked``) and on, or, a
    pawn, waits for the victim to step onto a square it attacks."""
    v_color, v_piece, v_square = victim
    t_color, t_piece, t_square = taker
    if t_piece != chess.PAWN:
        table = _table(t_color, t_piece, goal[0])
        on, off = table[v_square][goal[1]], table[t_square][goal[1]]
        if max(on, off) >= _INF:
            return _INF
        way = (_detour(t_piece, blocked, v_square)[t_square] if t_piece in _WALKERS
               else _TABLES[t_piece][t_square][v_square])
        return way + on - off
    best = _pawn_steps(t_color, t_square, v_square, 1)
    if chess.square_file(t_square) == chess.square_file(v_square):
        best = _INF
    if v_piece != chess.KING:
        walk = _table(v_color, v_piece, v_piece)[v_square]
        for square in chess.scan_forward(chess.BB_PAWN_ATTACKS[t_color][t_square]):
            best = min(best, 1 + walk[square])
    return best


def _reach(piece: int, color: chess.Color, square: int, occ: int) -> int:
    """Squares a man on ``square`` could move to among the men of ``occ``: its attacks,
    for a pawn its captures and pushes."""
    if piece != chess.PAWN:
        return attacks(piece, color, square, occ)
    step = 8 if color == chess.WHITE else -8
    ahead = chess.BB_SQUARES[square + step] if 0 <= square + step < 64 else 0
    if ahead and not ahead & occ and chess.square_rank(square) == (1 if color else 6):
        ahead |= chess.BB_SQUARES[square + 2 * step]
    return (chess.BB_PAWN_ATTACKS[color][square] & occ) | (ahead & ~occ)


def _plies(attacker: int, defender: int, attacker_to_move: bool, spare: int = 3) -> int:
    """Plies needed when the attacker's men owe ``attacker`` moves (the mating one
    included) and the defender's ``defender``, the sides moving in turn.

    A side that must spend moves it does not owe can spend a single one only with a man
    that may take a longer way (bit 0 of ``spare``: the defender has one, bit 1: the
    attacker); otherwise it spends at least two."""
    moves = max(attacker, defender + attacker_to_move, 1 if attacker_to_move else 0)
    for _ in range(2):
        if (moves - attacker == 1 and not spare & 2) or (
                moves - attacker_to_move - defender == 1 and not spare & 1):
            moves += 1
    return 2 * moves - attacker_to_move


_SPARE = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP)


def _spare(piece: int, goal: int, dist: int) -> bool:
    """Whether a man owing ``dist`` moves may take one move more on its way (a pawn
    bound to promote does so once promoted)."""
    if not 0 < dist < _INF:
        return False
    return piece in _SPARE or (piece == chess.PAWN and goal not in (0, chess.PAWN))


@cache
def _pawn_path(color: chess.Color, square: int, plan: tuple[int, int]) -> int:
    """The squares ahead of a pawn of ``color`` on ``square`` up to its square of ``plan``,
    if on its file (the last rank, if it promotes)."""
    end = plan[1]
    if plan[0] != chess.PAWN:
        end = chess.square(chess.square_file(square), 7 if color == chess.WHITE else 0)
    if chess.square_file(end) != chess.square_file(square):
        return 0
    return chess.between(square, end) | chess.BB_SQUARES[end]


# --------------------------------------------------------------------------------------
# Sketches: final mate positions, each man of the board either kept where it stands,
# sent to a square (possibly promoted) or captured on the way.

#: A man: colour, piece type, square.
_Man = tuple[bool, int, int]
#: What a sketch does with a man: None keeps it; (type, square) sends it; (0, 0) takes it.
_Plan = tuple[int, int] | None
_GONE = (0, 0)


_Board = dict[int, tuple[int, bool, int]]
#: Flight squares of the mated king a man can take away at most, by type (pawn: promoted).
_CAPACITY = (0, 5, 2, 2, 3, 5, 3)
#: Per square, the squares beside it on its rank and file (of the other colour).
_ORTHOGONAL = [chess.BB_KING_ATTACKS[sq] & (chess.BB_RANKS[chess.square_rank(sq)]
                                            | chess.BB_FILES[chess.square_file(sq)])
               for sq in chess.SQUARES]
#: Plies a sketch is thought to owe per flight square still open, to rank partial sketches.
_OPEN = 4
#: Rank added to the sketches that mate the king on a square, per sketch found there.
_CROWD = 2


class _Sketcher:
    """Best-first enumeration of mate sketches, the cheapest (in plies) first.

    A partial sketch places the mated king, then one checking man, then takes away the
    flight squares one by one; every kept man stays on its square. Partial sketches are
    ranked by the plies their moves cost plus ``_OPEN`` per square still to take away.
    """

    def __init__(self, board: chess.Board, winner: chess.Color, nodes: list[int]) -> None:
        self.winner = winner
        #: What the walks' kings and knights go round on their way to a man to take (the
        #: sketches count plain distances: ranked by detours, they came out too slowly; the
        #: walks' other ways too, as detours there misled them more than they helped).
        self.terrain = _terrain(board)
        self.nodes = nodes
        self.to_move = board.turn == winner
        self.men: list[_Man] = [
            (bool(board.color_at(sq)), board.piece_type_at(sq) or 0, sq)
            for sq in chess.scan_forward(board.occupied)
        ]
        self.king = {color: next(i for i, (c, p, _) in enumerate(self.men)
                                 if c == color and p == chess.KING)
                     for color in chess.COLORS}
        self.pawns = board.pawns
        self._pawn_indices = [i for i, (_, p, _) in enumerate(self.men) if p == chess.PAWN]
        self.heap: list[tuple[int, int, int, int, bool, tuple[_Plan, ...], _Board, int,
                              int]] = []
        self.tick = count()
        self.seen: set[tuple[int, bool, tuple[_Plan, ...]]] = set()
        self.costs: dict[tuple[int, _Plan, bool], int] = {}
        self.work = 0
        #: Per square, the rank added to sketches that mate the king there again.
        self.crowd = [0] * 64

    # -- costs --------------------------------------------------------------------------

    def _cost_of(self, index: int, plan: _Plan, captures: int,
                 plans: tuple[_Plan, ...]) -> int:
        color, piece, square = self.men[index]
        if plan is None:
            return 0
        if plan == _GONE:
            man = self.men[index]
            return min((_capture_cost(man, other, plans[i] or other[1:]) for i, other in
                        enumerate(self.men) if other[0] != color and plans[i] != _GONE),
                       default=_INF)
        return _table(color, piece, plan[0], captures)[square][plan[1]]

    def _bound(self, plans: tuple[_Plan, ...]) -> int:
        owed = [0, 0]
        gone = [self.men[i][0] for i, plan in enumerate(plans) if plan == _GONE]
        costs = self.costs
        for index, plan in enumerate(plans):
            if plan is None:
                continue
            color, piece, square = self.men[index]
            captures = (not color) in gone
            if plan == _GONE:
                cost = self._cost_of(index, plan, captures, plans)
            else:
                known = costs.get((index, plan, captures))
                if known is None:
                    known = costs[index, plan, captures] = self._cost_of(index, plan, captures,
                                                                         plans)
                cost = known
                if piece == chess.PAWN and self._stuck(color, square, plan, plans):
                    return _INF
            if cost >= _INF:
                return _INF
            if piece == chess.PAWN and plan != _GONE and (
                    chess.square_file(plan[1]) != chess.square_file(square)
                    if plan[0] == chess.PAWN else self._aside(color, square, plan)):
                if not captures:
                    return _INF
                captures = False
                gone.remove(not color)  # one capture, for one pawn
            owed[color if plan != _GONE else not color] += cost
        return _plies(owed[self.winner], owed[not self.winner], self.to_move)

    def _aside(self, color: chess.Color, square: int, plan: tuple[int, int]) -> bool:
        """Whether the pawn on ``square`` needs a capture to promote as the plan says."""
        straight = _table(color, chess.PAWN, plan[0], False)[square][plan[1]]
        return straight >= _INF

    def _stuck(self, color: chess.Color, square: int, plan: tuple[int, int],
               plans: tuple[_Plan, ...]) -> bool:
        """Whether a kept pawn stands on the file ahead of the pawn on ``square``."""
        path = _pawn_path(color, square, plan)
        return bool(path & self.pawns) and any(
            plans[i] is None and chess.BB_SQUARES[self.men[i][2]] & path
            for i in self._pawn_indices)

    def _push(self, king: int, checked: bool, plans: tuple[_Plan, ...]) -> None:
        key = (king, checked, plans)
        if key in self.seen:
            return
        self.seen.add(key)
        self.work += 1
        if self.work % _SKETCH_WORK == 0:
            self.nodes[0] -= 1
        bound = self._bound(plans)
        if bound >= _INF:
            return
        board, displaced = self._occupied(plans, king)
        need = self._need(king, board)
        open_squares = chess.popcount(need) + len(displaced)
        if not self._coverable(king, need, plans):
            return
        if not checked:
            open_squares += 1
        heapq.heappush(self.heap, (bound + _OPEN * open_squares, next(self.tick), bound, king,
                                   checked, plans, board, need, displaced[0] if displaced else -1))

    def _coverable(self, king: int, need: int, plans: tuple[_Plan, ...]) -> bool:
        """Whether the kept men could take away the flight squares of ``need``: in all, and
        on either square colour (a bishop keeps its colour, a knight changes it, a king two
        squares off the mated king guards at most one of the squares beside it)."""
        straight = need & _ORTHOGONAL[king]
        diagonal = need & ~straight
        capacity = [0, 0, 0]  # in all, beside (straight), corner (diagonal)
        dark = bool(chess.BB_SQUARES[king] & chess.BB_DARK_SQUARES)
        for (color, piece, square), plan in zip(self.men, plans, strict=True):
            if plan is not None or (color != self.winner and piece == chess.KING):
                continue
            total = _CAPACITY[piece] if color == self.winner else 1
            side = corner = total
            if color == self.winner and piece == chess.KING:
                side = 1
            elif piece == chess.BISHOP or (piece == chess.KNIGHT and color == self.winner):
                # A bishop guards or blocks squares of its colour; a knight, the other one.
                same = bool(chess.BB_SQUARES[square] & chess.BB_DARK_SQUARES) == dark
                if (piece == chess.BISHOP) == same:
                    side = 0
                else:
                    corner = 0
            capacity[0] += total
            capacity[1] += side
            capacity[2] += corner
        return (chess.popcount(need) <= capacity[0] and chess.popcount(straight) <= capacity[1]
                and chess.popcount(diagonal) <= capacity[2])

    def uncrowd(self, king: int) -> None:
        """A walk towards a sketch mating the king on ``king`` has failed."""
        self.crowd[king] = max(0, self.crowd[king] - _CROWD)

    # -- enumeration -------------------------------------------------------------------

    def sketches(self) -> Iterator[tuple[int, tuple[_Plan, ...]]]:
        """Yield (plies, plans) of valid mate sketches, roughly the cheapest first.

        Every ``_SKETCH_WORK`` partial sketches queued and every final board checked cost
        one node of the budget."""
        start: tuple[_Plan, ...] = tuple(None for _ in self.men)
        dk = self.king[not self.winner]
        for square in chess.SQUARES:
            first = list(start)
            first[dk] = (chess.KING, square)
            self._push(square, False, tuple(first))
        seen: set[frozenset[tuple[int, tuple[int, bool, int]]]] = set()
        while self.heap and self.nodes[0] > 0:
            entry = heapq.heappop(self.heap)
            rank, _, bound, king, checked, plans, board, need, displaced = entry
            if self.crowd[king] and rank < bound + _OPEN * (chess.popcount(need) + (
                    displaced >= 0) + (not checked)) + self.crowd[king]:
                # Sketches for a mated king's square already sketched wait their turn.
                heapq.heappush(self.heap, (rank + self.crowd[king], *entry[1:]))
                continue
            if not checked:
                self._choose_checker(king, plans, board)
                self._choose_capture(king, plans)
            elif displaced >= 0:
                self._displace(displaced, king, plans, board)
            elif need:
                self._cover(chess.lsb(need), king, plans, board)
            else:
                final = frozenset(board.items())
                if final in seen:
                    continue
                seen.add(final)
                self.nodes[0] -= 1
                if self._valid(king, plans, board):
                    self.crowd[king] += _CROWD
                    yield bound, plans

    def _occupied(self, plans: tuple[_Plan, ...], king: int) -> tuple[_Board, list[int]]:
        """The final board (square -> index, colour, type) and the kept men in the way."""
        board: _Board = {}
        for index, plan in enumerate(plans):
            if plan is not None and plan != _GONE:
                board[plan[1]] = (index, self.men[index][0], plan[0])
        displaced = []
        for index, plan in enumerate(plans):
            if plan is None:
                color, piece, square = self.men[index]
                if square in board or (piece == chess.KING and
                                       _KING_DISTANCE[square][king] < 2):
                    displaced.append(index)
                else:
                    board[square] = (index, color, piece)
        return board, displaced

    def _need(self, king: int, board: _Board) -> int:
        """Flight squares of the mated king not yet blocked or guarded, and the winner's
        men next to it that nobody guards."""
        winner = self.winner
        occ = 0
        for sq in board:
            occ |= chess.BB_SQUARES[sq]
        through = occ & ~chess.BB_SQUARES[king]
        guards: list[tuple[int, int]] = []
        attacked = 0
        blocked = 0
        for sq, (_, color, piece) in board.items():
            if color == winner:
                bb = attacks(piece, winner, sq, through)
                attacked |= bb
                guards.append((sq, bb))
            elif piece != chess.KING:
                blocked |= chess.BB_SQUARES[sq]
        need = chess.BB_KING_ATTACKS[king] & ~blocked
        for sq in chess.scan_forward(need & attacked):
            if sq in board:  # a winning man next to the king: another man must guard it
                if any(other != sq and bb & chess.BB_SQUARES[sq] for other, bb in guards):
                    need &= ~chess.BB_SQUARES[sq]
            else:
                need &= ~chess.BB_SQUARES[sq]
        return need

    def _valid(self, king: int, plans: tuple[_Plan, ...], board: _Board) -> bool:
        """Whether the final board is mate by one checker; if not, but only kept men of
        the defender escape it (taking the checker or stepping between), the sketches that
        send one of them away are queued."""
        final = chess.Board(None)
        for sq, (_, color, piece) in board.items():
            final.set_piece_at(sq, chess.Piece(piece, color))
        final.turn = not self.winner
        if final.was_into_check() or chess.popcount(final.checkers_mask()) != 1:
            return False
        spoilers = set()
        for move in final.generate_legal_moves():
            index = board[move.from_square][0]
            if plans[index] is not None:
                return False
            spoilers.add(index)
        for index in spoilers:
            self._displace(index, king, plans, board)
        return not spoilers

    def _choose_capture(self, king: int, plans: tuple[_Plan, ...]) -> None:
        """Queue the sketches in which one more man (at most one) is captured first."""
        if _GONE in plans:
            return
        for index, (_, piece, _) in enumerate(self.men):
            if piece != chess.KING and plans[index] is None:
                new = list(plans)
                new[index] = _GONE
                self._push(king, False, tuple(new))

    def _options(self, index: int) -> tuple[int, ...]:
        piece = self.men[index][1]
        return (chess.PAWN, *_PROMOTIONS) if piece == chess.PAWN else (piece,)

    def _choose_checker(self, king: int, plans: tuple[_Plan, ...], board: _Board) -> None:
        """Queue the sketches with each of the winner's men checking from each square."""
        occ = 0
        for sq in board:
            occ |= chess.BB_SQUARES[sq]
        for index, (color, man, home) in enumerate(self.men):
            if color != self.winner or plans[index] is not None or man == chess.KING:
                continue
            for piece in self._options(index):
                if piece == chess.PAWN:
                    squares = chess.BB_PAWN_ATTACKS[not self.winner][king]
                else:
                    squares = attacks(piece, self.winner, king, occ & ~chess.BB_SQUARES[king])
                for square in chess.scan_forward(squares):
                    if (square == home and piece == man) or (
                            square in board and plans[board[square][0]] is not None):
                        continue  # the checker arrives last; squares are not shared
                    new = list(plans)
                    new[index] = (piece, square)
                    self._push(king, True, tuple(new))

    def _displace(self, index: int, king: int, plans: tuple[_Plan, ...], board: _Board) -> None:
        """Send a kept man that stands in the way to one of the nearest free squares, those
        that guard (the winner's men) or block (the defender's) flight squares first."""
        color, piece, square = self.men[index]
        table = _table(color, piece, piece)[square]
        ring = chess.BB_KING_ATTACKS[king]
        options = []
        for sq in chess.SQUARES:
            if (sq in board and board[sq][0] != index) or sq in (king, square) or (
                    table[sq] >= _INF) or (
                    piece == chess.KING and _KING_DISTANCE[sq][king] < 2):
                continue
            if color == self.winner:
                use = chess.popcount(attacks(piece, color, sq, 0) & ring)
            else:
                use = bool(ring & chess.BB_SQUARES[sq])
            options.append((table[sq], -use, -_KING_DISTANCE[sq][king], sq))
        options.sort()
        for *_, sq in options[:6]:
            new = list(plans)
            new[index] = (piece, sq)
            self._push(king, True, tuple(new))

    def _cover(self, flight: int, king: int, plans: tuple[_Plan, ...], board: _Board) -> None:
        """Push the ways to take ``flight`` from the king: block it with one of the
        defender's men, guard it with one of the winner's, or clear a kept man off it."""
        winner = self.winner
        occupant = board.get(flight)
        through = 0
        for sq in board:
            through |= chess.BB_SQUARES[sq]
        through &= ~chess.BB_SQUARES[king]
        if occupant is not None and plans[occupant[0]] is None:
            self._displace(occupant[0], king, plans, board)
        # A blocker must not take the checker nor step in between.
        danger = 0
        for sq, (_, color, piece) in board.items():
            if color == winner and attacks(piece, winner, sq, through) & chess.BB_SQUARES[king]:
                danger |= chess.BB_SQUARES[sq] | chess.between(sq, king)
        for index, (color, piece, home) in enumerate(self.men):
            if plans[index] is not None:
                continue
            if color != winner:
                if piece == chess.KING or occupant is not None:
                    continue
                for option in self._options(index):
                    if _table(color, piece, option, True)[home][flight] >= _INF or (
                            _reach(option, color, flight, through) & danger):
                        continue
                    new = list(plans)
                    new[index] = (option, flight)
                    self._push(king, True, tuple(new))
            elif piece == chess.KING:
                for sq in chess.scan_forward(chess.BB_KING_ATTACKS[flight]):
                    if _KING_DISTANCE[sq][king] >= 2 and (
                            sq not in board or plans[board[sq][0]] is None):
                        new = list(plans)
                        new[index] = (chess.KING, sq)
                        self._push(king, True, tuple(new))
            else:
                for option in self._options(index):
                    if option == chess.PAWN:
                        squares = chess.BB_PAWN_ATTACKS[not winner][flight]
                    else:
                        squares = attacks(option, winner, flight, through)
                    squares &= ~chess.BB_SQUARES[king]
                    captures = any(plan == _GONE and self.men[i][0] != color
                                   for i, plan in enumerate(plans))
                    table = _table(color, piece, option, captures)[home]
                    ranked = sorted(
                        (table[sq], -_KING_DISTANCE[sq][king], sq)
                        for sq in chess.scan_forward(squares)
                        if table[sq] < _INF and (sq not in board or plans[board[sq][0]] is None))
                    for _, _, sq in ranked[:4]:
                        new = list(plans)
                        new[index] = (option, sq)
                        self._push(king, True, tuple(new))


# --------------------------------------------------------------------------------------
# The walks: best-first search towards the sketches.


def _king_steps(start: int, goal: int, free: int) -> int:
    """King moves from ``start`` to ``goal`` over the squares of ``free``."""
    reach = chess.BB_SQUARES[start]
    target = chess.BB_SQUARES[goal]
    steps = 0
    while not reach & target:
        side = ((reach << 1) & ~chess.BB_FILE_A) | ((reach >> 1) & ~chess.BB_FILE_H) | reach
        grown = reach | ((side | (side << 8) | (side >> 8)) & free & chess.BB_ALL)
        if grown == reach:
            return _INF
        reach = grown
        steps += 1
    return steps


class _Node:
    """A position of the walk with, per man, its square, type, life and moves owed."""

    __slots__ = ("board", "depth", "dist", "kind", "live", "move", "owed", "parent", "spare",
                 "square", "taking")

    def __init__(self, board: chess.Board, square: list[int], kind: list[int],
                 live: list[bool], parent: _Node | None, move: chess.Move | None) -> None:
        self.board = board
        self.square = square
        self.kind = kind
        self.live = live
        self.parent = parent
        self.move = move
        self.depth: int = 0 if parent is None else parent.depth + 1
        #: Per man, the moves it owes; per colour, the moves owed in all (with the
        #: capture of the man to be taken) and how many men may take a longer way.
        self.dist: list[int] = []
        self.owed = [0, 0]
        self.spare = [0, 0]
        self.taking = 0


#: A child waiting in the open list: its rank and tie-breaks, then either the child
#: itself (once ranked again) or how to make it from its parent.
_Entry = tuple[int, int, int, int, _Node | None, _Node, chess.Move, int, int]


class _Walk:
    """Best-first search from ``board`` towards the mate of one sketch.

    Every man has a role: the square (and type) the sketch sends it to, its own square
    if the sketch keeps it, or capture. A man to be captured owes its takers the moves
    the nearest of them needs to reach it (a king or knight going round the locked pawns,
    a king also round the squares they attack: :func:`_detour`). A position is ranked by
    its depth plus ``_WEIGHT`` times the plies the men still owe (:func:`_plies`), then by
    the moves owed in all. When a position comes up, the mated king's way is measured
    again around the squares the winner attacks, and the position goes back if that makes
    it owe more.
    """

    def __init__(self, board: chess.Board, winner: chess.Color, men: list[_Man],
                 plans: tuple[_Plan, ...], terrain: _Terrain) -> None:
        self.winner = winner
        self.terrain = terrain
        self.color = [c for c, _, _ in men]
        self.goal_type: list[int] = []
        self.goal_sq: list[int] = []
        for (_, piece, square), plan in zip(men, plans, strict=True):
            target = (piece, square) if plan is None else plan
            self.goal_type.append(target[0])
            self.goal_sq.append(target[1])
        self.gone = self.goal_type.index(0) if 0 in self.goal_type else -1
        self.mated = next(i for i, (c, p, _) in enumerate(men)
                          if c != winner and p == chess.KING)
        self.rows: dict[tuple[int, int, int], list[int]] = {}
        kind = [p for _, p, _ in men]
        squares = [s for _, _, s in men]
        start = board.copy(stack=False)
        start.castling_rights = 0  # the walks never castle
        root = _Node(start, squares, kind, [True] * len(men), None, None)
        self._account(root)
        owed = root.owed
        self.root = root
        self.plies = _plies(owed[winner], owed[not winner], board.turn == winner)
        self.seen: set[tuple[int, ...]] = set()
        self.heap: list[_Entry] = []
        self.spent = 0

    def _dist(self, role: int, piece: int, square: int, captures: int) -> int:
        if role == self.gone:
            return 0
        return self._row(role, piece, captures)[square]

    def _captures(self, node: _Node, role: int) -> int:
        """Whether the man to be taken is there for ``role`` to take."""
        gone = self.gone
        return int(gone >= 0 and node.live[gone] and self.color[gone] != self.color[role])

    def _taking(self, node: _Node, moved: int, piece: int, square: int) -> int:
        """Moves owed to capture the man to be taken, ``moved`` standing as a ``piece``
        on ``square``."""
        gone = self.gone
        if gone < 0 or not node.live[gone]:
            return 0
        color = self.color[gone]
        victim = (color, node.kind[gone], square if moved == gone else node.square[gone])
        best = _INF
        for role, alive in enumerate(node.live):
            if alive and self.color[role] != color:
                taker = (self.color[role], piece, square) if role == moved else (
                    self.color[role], node.kind[role], node.square[role])
                goal = (self.goal_type[role], self.goal_sq[role])
                blocked = _blocked(self.terrain, taker[0], taker[1])
                best = min(best, _capture_cost(victim, taker, goal, blocked))
        return best

    def _account(self, node: _Node) -> None:
        """Fill in what the men of ``node`` owe."""
        node.owed = [0, 0]
        node.spare = [0, 0]
        node.dist = [0] * len(node.square)
        for role, alive in enumerate(node.live):
            if alive:
                kind = node.kind[role]
                dist = self._dist(role, kind, node.square[role], self._captures(node, role))
                node.dist[role] = dist
                node.owed[self.color[role]] += dist
                node.spare[self.color[role]] += _spare(kind, self.goal_type[role], dist)
        node.taking = self._taking(node, -1, 0, 0)
        if self.gone >= 0:
            node.owed[not self.color[self.gone]] += node.taking

    def _rank(self, node: _Node) -> int:
        """The plies ``node`` owes once the mated king's way is measured on the board,
        around the squares the winner attacks and the defender's own pawns."""
        owed = list(node.owed)
        mated = self.mated
        here, goal = node.square[mated], self.goal_sq[mated]
        if here != goal:
            board = node.board
            attacked = 0
            for role, alive in enumerate(node.live):
                if alive and self.color[role] == self.winner:
                    attacked |= board.attacks_mask(node.square[role])
            own_pawns = board.pawns & board.occupied_co[not self.winner]
            steps = _king_steps(here, goal, ~attacked & ~own_pawns)
            if steps >= _INF:
                owed[self.winner] += 2  # a guard must step away and come back
            else:
                owed[not self.winner] += steps - node.dist[mated]
        return _plies(owed[self.winner], owed[not self.winner], node.board.turn == self.winner,
                      self._bits(node.spare))

    def _bits(self, spare: list[int]) -> int:
        return (spare[not self.winner] > 0) | (spare[self.winner] > 0) << 1

    def step(self, tick: Iterator[int], nodes: list[int]) -> _Node | None:
        """Explore the best waiting position; a mating line's last node, if one is seen."""
        rank, total, depth, _, made, parent, move, role, victim = heapq.heappop(self.heap)
        if made is None:
            nodes[0] -= 1
            self.spent += 1
            made = self.child(parent, move, role, victim)
            ranked = self._rank(made) * _WEIGHT + parent.depth
            if ranked > rank:
                heapq.heappush(self.heap, (ranked, total, depth, next(tick), made, parent, move,
                                           role, victim))
                return None
        return self.expand(made, tick, nodes)

    def _row(self, role: int, piece: int, captures: int) -> list[int]:
        """Per square, the moves ``role`` owes standing there as a ``piece``."""
        key = (role, piece, captures)
        row = self.rows.get(key)
        if row is None:
            if role == self.gone:
                row = [0] * 64
            else:
                row = _column(self.color[role], piece, self.goal_type[role], captures,
                              self.goal_sq[role])
            self.rows[key] = row
        return row

    def expand(self, node: _Node, tick: Iterator[int], nodes: list[int]) -> _Node | None:
        """Push the children of ``node``; a child that mates, if one is seen."""
        board = node.board
        key = (board.pawns, board.knights, board.bishops, board.rooks, board.queens,
               board.kings, board.occupied_co[chess.WHITE], int(board.turn),
               board.ep_square or 0)
        if key in self.seen:
            return None
        self.seen.add(key)
        heap = self.heap
        winner = self.winner
        mover = board.turn
        gone = self.gone
        kinds, dists, goal_types = node.kind, node.dist, self.goal_type
        at = {sq: i for i, sq in enumerate(node.square) if node.live[i]}
        mine, theirs = node.owed[mover], node.owed[not mover]
        spare_mine, spare_theirs = node.spare[mover], node.spare[not mover]
        taken = not self.color[gone] if gone >= 0 else mover
        can_take = int(gone >= 0 and node.live[gone] and self.color[gone] != mover)
        rank0 = node.depth
        ep = board.ep_square
        for move in board.generate_legal_moves():
            frm, to = move.from_square, move.to_square
            role = at[frm]
            piece = kinds[role]
            victim = at.get(to, -1)
            if piece == chess.PAWN and to == ep and victim < 0:
                victim = at.get(to + (-8 if mover == chess.WHITE else 8), -1)
            if victim >= 0 and victim != gone:
                continue
            new_type = move.promotion or piece
            new = self._row(role, new_type, 0 if victim == gone else can_take)[to]
            if new >= _INF:
                continue
            old = dists[role]
            owed_mine = mine + new - old
            owed_theirs = theirs
            if gone >= 0:
                taking = 0 if victim == gone else self._taking(node, role, new_type, to)
                if taken == mover:
                    owed_mine += taking - node.taking
                else:
                    owed_theirs += taking - node.taking
            promoting = goal_types[role] > chess.PAWN
            s_mine = spare_mine
            if 0 < new < _INF and (new_type in _SPARE or (new_type == chess.PAWN and promoting)):
                s_mine += 1
            if 0 < old < _INF and (piece in _SPARE or (piece == chess.PAWN and promoting)):
                s_mine -= 1
            s_theirs = spare_theirs
            if victim >= 0 and 0 < dists[victim] < _INF and kinds[victim] in _SPARE:
                s_theirs -= 1
            if mover == winner:
                after = _plies(owed_mine, owed_theirs, False,
                               (s_theirs > 0) | (s_mine > 0) << 1)
                if after == 0:
                    nodes[0] -= 1
                    board.push(move)
                    mate = board.is_checkmate()
                    board.pop()
                    if mate:
                        return self.child(node, move, role, victim)
                    continue
            else:
                after = _plies(owed_theirs, owed_mine, True, (s_mine > 0) | (s_theirs > 0) << 1)
            heapq.heappush(heap, (after * _WEIGHT + rank0, owed_mine + owed_theirs, -rank0,
                                  next(tick), None, node, move, role, victim))
        return None

    def child(self, node: _Node, move: chess.Move, role: int, victim: int) -> _Node:
        board = node.board.copy(stack=False)
        board.push(move)
        square = list(node.square)
        kind = list(node.kind)
        live = list(node.live)
        if victim >= 0:
            live[victim] = False
        square[role] = move.to_square
        kind[role] = move.promotion or kind[role]
        made = _Node(board, square, kind, live, node, move)
        self._account(made)
        return made


#: The walks rank a position by its depth plus ``_WEIGHT`` times the plies it owes.
_WEIGHT = 3

#: Positions a walk explores for each ply more its sketch costs than the cheapest one.
_PATIENCE = 8


def _walks(sketcher: _Sketcher, board: chess.Board, nodes: list[int]) -> (
        list[chess.Move] | None):
    """Best-first searches towards the sketches. The walk explored next is the one whose
    sketch costs least, counting ``1 / _PATIENCE`` ply per position it has explored; the
    next sketch is drawn once the best walk has spent as much as two plies more would
    cost. A walk that runs out of positions no longer crowds its mated king's square. The
    mating line, if one is found within ``nodes`` positions."""
    sketches = sketcher.sketches()
    tick = count()
    walks: list[_Walk] = []
    last = 0
    more = True
    while nodes[0] > 0:
        best: _Walk | None = None
        for walk in walks:
            if walk.heap and (best is None or walk.plies * _PATIENCE + walk.spent
                              < best.plies * _PATIENCE + best.spent):
                best = walk
        if more and sum(bool(w.heap) for w in walks) < _SKETCHES and (
                best is None or (last + 2) * _PATIENCE <= best.plies * _PATIENCE + best.spent):
            sketch = next(sketches, None)
            if sketch is None:
                more = False
                continue
            last = sketch[0]
            walk = _Walk(board, sketcher.winner, sketcher.men, sketch[1], sketcher.terrain)
            found = walk.expand(walk.root, tick, nodes)
            if found is not None:
                return line_to(found)
            walks.append(walk)
        elif best is None:
            return None
        else:
            found = best.step(tick, nodes)
            if found is not None:
                return line_to(found)
            walk = best
        if not walk.heap:
            sketcher.uncrowd(walk.goal_sq[walk.mated])
    return None


# --------------------------------------------------------------------------------------
# The entry point.


class SearchNode(Protocol):
    """A node of a search tree: the move that led to it and the node it came from."""

    @property
    def move(self) -> chess.Move | None: ...

    @property
    def parent(self) -> SearchNode | None: ...


def line_to(node: SearchNode) -> list[chess.Move]:
    """The moves from the root of a search tree down to ``node`` (a witness to replay)."""
    moves = []
    step: SearchNode | None = node
    while step is not None and step.move is not None:
        moves.append(step.move)
        step = step.parent
    return moves[::-1]


def replays_to_mate(board: chess.Board, line: Iterable[chess.Move],
                    winner: chess.Color) -> bool:
    """Whether python-chess replays ``line`` from ``board`` legally, ending in ``winner``'s
    checkmate: the check every helpmate witness passes before it is reported."""
    replay = board.copy(stack=False)
    for move in line:
        if not replay.is_legal(move):
            return False
        replay.push(move)
    return replay.is_checkmate() and replay.turn != winner


def find_helpmate(
    board: chess.Board, winner: chess.Color, *, nodes: int
) -> list[chess.Move] | None:
    """A series of legal moves from ``board`` that ends with ``winner`` checkmating, or None
    (not found within ``nodes`` positions visited). Never raises for a legal position.

    The positions visited are those the walks expand or test for mate and the final
    boards of the sketches; every ``_SKETCH_WORK`` partial sketches count as one more."""
    if board.king(chess.WHITE) is None or board.king(chess.BLACK) is None:
        return None
    if board.is_checkmate():
        return [] if board.turn != winner else None
    if board.is_stalemate() or board.has_insufficient_material(winner):
        return None
    budget = [nodes]
    sketcher = _Sketcher(board, winner, budget)
    line = _walks(sketcher, board, budget)
    if line is not None and replays_to_mate(board, line, winner):
        return line
    return None
