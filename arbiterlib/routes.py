"""Guided helpmates for large, mostly locked positions.

:func:`find_helpmate_in_locked_position` looks for a series of legal moves, both sides
cooperating, that ends with one given side checkmating: the witness that this side can
still mate "by any possible series of legal moves" (Article 9.6, and Article 6.9 for a
flag fall; 2005 Laws of Chess). It is meant for positions with many men, most of them
locked in pawn chains, where blind searches drown in moves that lead nowhere.

The search first learns where every man can go through the locked structure (the
saturation of :mod:`arbiterlib.mobility`: the men that never move, the loser king's
region), picks mating squares in that region which the winner's men can attack, and
plans who gives the check and who blocks or covers each flight square. An iterative
deepening search then follows the plan: a move bringing a planned man closer along its
route costs no depth, others cost one ply, moves that undo the plan more. A
transposition table keeps the deepening cheap. Every line is replayed with python-chess
before it is returned.

The method follows the published design of Miguel Ambrona's Chess Unwinnability
Analyzer (CHA, the chasolver project): guided iterative deepening with rewarded and
punished moves, route distances over the squares of men that never move, and following
chains of checks. The code here is our own.
"""

from __future__ import annotations

import heapq

import chess

from arbiterlib.helpmate import line_to, replays_to_mate
from arbiterlib.mobility import mobility

__all__ = ["find_helpmate_in_locked_position"]

_INF = 99
WEIGHT = 5.0
REPLANS = 8
SHARE = 5.0
PATIENCE = 150
MATE_PLANS = 4
SQUARES = 10
DUPLICATE = 0.1
REPLAN = 40
PROMOTED_MATE = 3
_BB = chess.BB_SQUARES
_KING_ATT = chess.BB_KING_ATTACKS
_PROMOTED = (chess.QUEEN, chess.KNIGHT)
_LAST = (chess.BB_RANK_1, chess.BB_RANK_8)
"""The rank where a pawn of each colour promotes (``_LAST[color]``)."""

Kinds = dict[int, int]
"""Per kind of man (a pawn may become a queen or a knight): squares, as a bitboard."""


def _rays(square: int) -> list[tuple[int, bool]]:
    """The eight rays leaving ``square``, each with whether it is diagonal (empty ones
    left out)."""
    rays = []
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        ray = 0
        file, rank = chess.square_file(square) + df, chess.square_rank(square) + dr
        while 0 <= file < 8 and 0 <= rank < 8:
            ray |= _BB[chess.square(file, rank)]
            file, rank = file + df, rank + dr
        if ray:
            rays.append((ray, df != 0 and dr != 0))
    return rays


_RAYS = [_rays(square) for square in chess.SQUARES]


def _attacks(piece: int, color: chess.Color, square: int, occupied: int) -> int:
    """Squares ``piece`` of ``color`` on ``square`` attacks past the men of ``occupied``."""
    if piece == chess.PAWN:
        return chess.BB_PAWN_ATTACKS[color][square]
    if piece == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[square]
    if piece == chess.KING:
        return _KING_ATT[square]
    attacks = 0
    if piece != chess.ROOK:
        attacks = chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied]
    if piece != chess.BISHOP:
        attacks |= (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
                    | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied])
    return attacks


def _attackers(piece: int, color: chess.Color, target: int, walls: int) -> int:
    """Squares from which a ``piece`` of ``color`` attacks ``target`` past ``walls``."""
    return _attacks(piece, not color, target, walls)


def _distances(piece: int, targets: int, walls: int, allowed: int) -> list[int]:
    """Per square, the moves a ``piece`` (not a pawn) needs to reach ``targets``, standing
    only on ``allowed`` squares and never passing ``walls``."""
    dist = [_INF] * 64
    frontier = targets & allowed
    seen = frontier
    depth = 0
    while frontier:
        nxt = 0
        for square in chess.scan_forward(frontier):
            dist[square] = depth
            nxt |= _attacks(piece, chess.WHITE, square, walls)
        frontier = nxt & allowed & ~seen
        seen |= frontier
        depth += 1
    return dist


def _spread(piece: int, starts: dict[int, int], walls: int, allowed: int) -> tuple[
        list[int], list[int]]:
    """From ``starts`` (square -> moves already spent), per square the moves a ``piece``
    (not a pawn) needs to stand there, and the moves it needs to attack it."""
    dist = [_INF] * 64
    hits = [_INF] * 64
    buckets: dict[int, int] = {}
    for square, spent in starts.items():
        if allowed & _BB[square]:
            buckets[spent] = buckets.get(spent, 0) | _BB[square]
    seen = 0
    depth = min(buckets, default=_INF)
    while depth < _INF:
        frontier = buckets.pop(depth) & ~seen
        seen |= frontier
        nxt = 0
        for square in chess.scan_forward(frontier):
            dist[square] = depth
            attacks = _attacks(piece, chess.WHITE, square, walls)
            nxt |= attacks
            for target in chess.scan_forward(attacks):
                if depth < hits[target]:
                    hits[target] = depth
        nxt &= allowed & ~seen
        if nxt:
            buckets[depth + 1] = buckets.get(depth + 1, 0) | nxt
        depth = min(buckets, default=_INF)
    return dist, hits


def _forward(color: chess.Color) -> list[int]:
    """The squares in the order a pawn of ``color`` passes them."""
    return list(chess.SQUARES) if color == chess.WHITE else list(reversed(chess.SQUARES))


class _Survey:
    """What the saturation of :mod:`arbiterlib.mobility` proved at the start, valid for
    every later position: the men that never move, where the others may ever stand."""

    def __init__(self, board: chess.Board, winner: chess.Color) -> None:
        self.winner = winner
        mob = mobility(board, winner)
        if mob is None:
            steady = 0
            reach = [chess.BB_ALL] * 64
        else:
            steady = mob.steady
            reach = list(mob.reach)
        self.possible = mob is None or mob.could_mate
        self.steady = steady
        self.reach = reach
        """Per man (by its square at the start): where it may ever stand."""
        kings = [board.king(chess.BLACK), board.king(chess.WHITE)]
        assert kings[0] is not None and kings[1] is not None
        self.regions = (reach[kings[0]], reach[kings[1]])
        """Where each king may ever stand, by colour."""
        spread = [0, 0]
        pieces = [0, 0]
        for square in chess.scan_forward(board.occupied & ~board.kings):
            color = bool(board.occupied_co[chess.WHITE] & _BB[square])
            spread[color] |= reach[square]
            if not board.pawns & _BB[square]:
                pieces[color] |= reach[square]
        self.spread = (spread[0], spread[1])
        """Where some man (not the king) of each colour may ever stand."""
        self.pieces = (pieces[0], pieces[1])
        """Where some piece (not a pawn, nor the king) of each colour may ever stand."""
        covered = 0
        for square in chess.scan_forward(steady & board.occupied_co[winner]):
            piece = board.piece_type_at(square)
            assert piece is not None
            covered |= _attacks(piece, winner, square, board.occupied)
        self.covered = covered
        """Squares the winner's men that never move always attack."""


class _Ground:
    """The locked board now: walls (pawns and men that never move), where each man may
    stand, and per man the moves it needs to stand on each square."""

    def __init__(self, board: chess.Board, survey: _Survey, start: bool) -> None:
        self.board = board
        self.survey = survey
        winner = survey.winner
        self.winner = winner
        steady = survey.steady
        self.steady = steady
        self.walls = steady | board.pawns
        self.allowed = [0] * 64
        """Per man (by its square now): where it may stand, walls aside."""
        for square in chess.scan_forward(board.occupied):
            color = bool(board.occupied_co[chess.WHITE] & _BB[square])
            if start:
                reach = survey.reach[square]
            elif board.kings & _BB[square]:
                reach = survey.regions[color]
            else:
                reach = survey.spread[color]
            own_pawns = board.pawns & board.occupied_co[color]
            self.allowed[square] = (reach & ~steady & ~own_pawns) | _BB[square]
        victims = [survey.pieces[0], survey.pieces[1]]
        for square in chess.scan_forward(board.pawns & ~steady):
            color = bool(board.occupied_co[chess.WHITE] & _BB[square])
            step = 8 if color == chess.WHITE else -8
            ahead = square + step
            while 0 <= ahead < 64 and not self.walls & _BB[ahead]:
                victims[color] |= _BB[ahead]
                ahead += step
        self.victims = (victims[0], victims[1])
        """Where a man of each colour might stand to be taken by a pawn: where its pieces
        may go, and the squares ahead of its pawns."""
        king = board.king(not winner)
        assert king is not None
        self.king = king
        self.region = survey.regions[not winner]
        self.covered = survey.covered
        self.kinds: dict[int, dict[int, list[int]]] = {}
        """Per movable man: for each kind it may be, the moves to stand on each square."""
        self.hits: dict[int, dict[int, list[int]]] = {}
        """Per movable man: for each kind it may be, the moves to attack each square."""
        for square in chess.scan_forward(board.occupied & ~steady | board.kings):
            self.kinds[square], self.hits[square] = self._walks(square)

    def _walks(self, square: int) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """For the man on ``square``, per kind it may be: the moves it needs to stand on
        each square, and those it needs to attack each square."""
        board = self.board
        piece = board.piece_type_at(square)
        color = board.color_at(square)
        assert piece is not None and color is not None
        allowed = self.allowed[square]
        if piece != chess.PAWN:
            dist, hits = _spread(piece, {square: 0}, self.walls, allowed)
            return {piece: dist}, {piece: hits}
        walk = self.pawn_walk(color, square)
        hits = [_INF] * 64
        for there in chess.SQUARES:
            if walk[there] < _INF:
                for target in chess.scan_forward(chess.BB_PAWN_ATTACKS[color][there]):
                    hits[target] = min(hits[target], walk[there])
        walks, attacks = {chess.PAWN: walk}, {chess.PAWN: hits}
        promotions = {promo: walk[promo] for promo in chess.scan_forward(_LAST[color])
                      if walk[promo] < _INF}
        if promotions:
            for kind in _PROMOTED:
                walks[kind], attacks[kind] = _spread(kind, promotions, self.walls, allowed)
        return walks, attacks

    def pawn_walk(self, color: chess.Color, start: int) -> list[int]:
        """Moves for the pawn of ``color`` on ``start`` to stand on each square as a pawn
        (a capture where no enemy pawn stands now costs a move more: a victim must come)."""
        dist = [_INF] * 64
        dist[start] = 0
        walls = self.walls & ~_BB[start]
        enemy_pawns = self.board.pawns & self.board.occupied_co[not color]
        capturable = (self.allowed[start] & ~walls & self.victims[not color]
                      | enemy_pawns & ~self.steady)
        step = 8 if color == chess.WHITE else -8
        second = chess.BB_RANK_2 if color == chess.WHITE else chess.BB_RANK_7
        for square in _forward(color):
            here = dist[square]
            if here >= _INF or _LAST[color] & _BB[square]:
                continue
            ahead = square + step
            if not walls & _BB[ahead]:
                dist[ahead] = min(dist[ahead], here + 1)
                if second & _BB[square] and not walls & _BB[ahead + step]:
                    dist[ahead + step] = min(dist[ahead + step], here + 1)
            for target in chess.scan_forward(chess.BB_PAWN_ATTACKS[color][square]
                                             & capturable):
                extra = 0 if enemy_pawns & _BB[target] else 1
                dist[target] = min(dist[target], here + 1 + extra)
        return dist

    def cost(self, man: int, targets: Kinds) -> int:
        """Moves for ``man`` to stand on one of ``targets`` (as the kind given)."""
        best = _INF
        walks = self.kinds[man]
        for kind, squares in targets.items():
            walk = walks.get(kind)
            if walk is not None:
                for square in chess.scan_forward(squares):
                    if walk[square] < best:
                        best = walk[square]
        return best


class _Role:
    """A man of the plan and the squares it heads for (per kind it may be)."""

    def __init__(self, ground: _Ground, man: int, targets: Kinds,
                 walls: int | None = None) -> None:
        self.ground = ground
        self.man = man
        self.targets = targets
        self.walls = ground.walls if walls is None else walls
        self.last = False
        """A blocker of a flight square: it owes its last move until its king stands on
        the mating square (arriving earlier, it would bar the king's way in)."""
        color = ground.board.color_at(man)
        assert color is not None
        self.color = color
        self.tables: dict[int, list[int]] = {}

    def table(self, piece: int) -> list[int]:
        """Per square, the moves a man of kind ``piece`` there owes to fill the role."""
        table = self.tables.get(piece)
        if table is None:
            if piece == chess.PAWN:
                table = self._pawn()
            else:
                ground = self.ground
                table = _distances(piece, self.targets.get(piece, 0), self.walls,
                                   ground.allowed[self.man] | ~self.walls & ~ground.walls)
            self.tables[piece] = table
        return table

    def _pawn(self) -> list[int]:
        ground, color = self.ground, self.color
        targets = self.targets.get(chess.PAWN, 0)
        promoted = [self.table(kind) for kind in _PROMOTED if kind in self.targets]
        walls = self.walls & ~_BB[self.man]
        enemy_pawns = ground.board.pawns & ground.board.occupied_co[not color]
        capturable = (ground.allowed[self.man] & ~walls & ground.victims[not color]
                      | enemy_pawns & ~ground.steady)
        step = 8 if color == chess.WHITE else -8
        second = chess.BB_RANK_2 if color == chess.WHITE else chess.BB_RANK_7
        dist = [_INF] * 64
        for square in reversed(_forward(color)):
            if targets & _BB[square]:
                dist[square] = 0
                continue
            if _LAST[color] & _BB[square]:
                dist[square] = min((table[square] for table in promoted), default=_INF)
                continue
            if square < 8 or square >= 56:
                continue
            best = _INF
            ahead = square + step
            if not walls & _BB[ahead]:
                best = 1 + dist[ahead]
                if second & _BB[square] and not walls & _BB[ahead + step]:
                    best = min(best, 1 + dist[ahead + step])
            for target in chess.scan_forward(chess.BB_PAWN_ATTACKS[color][square]
                                             & capturable):
                extra = 0 if enemy_pawns & _BB[target] else 1
                best = min(best, 1 + extra + dist[target])
            dist[square] = min(best, _INF)
        # A square reached by promotion holds the promoted piece's cost, not a pawn's.
        for square in chess.scan_forward(_LAST[color]):
            if not targets & _BB[square]:
                dist[square] = _INF
        return dist


class _Plan:
    """A mating square for the loser's king and the men meant to close the net."""

    def __init__(self, mate: int, cost: int, men: dict[int, _Role], needed: int,
                 offset: int = 0) -> None:
        self.mate = mate
        """The mating square, or -1 for a plan that promotes a pawn first."""
        self.cost = cost
        self.offset = offset
        """Moves the winner owes beyond the planned men's (the mate after a promotion)."""
        self.men = men
        """Square of a planned man now -> its role."""
        self.needed = needed
        """Squares the loser's king or blockers must enter (others should leave them)."""


def _check_kinds(piece: int) -> tuple[int, ...]:
    return (chess.PAWN, *_PROMOTED) if piece == chess.PAWN else (piece,)


class _Planner:
    """The cheapest mating plans on the locked board."""

    def __init__(self, ground: _Ground) -> None:
        self.ground = ground
        board = ground.board
        winner = ground.winner
        movable = ~ground.steady
        self.attackers = [s for s in chess.scan_forward(
            board.occupied_co[winner] & ~board.kings & movable)]
        self.keepers = [s for s in chess.scan_forward(board.occupied_co[winner] & movable)]
        self.blockers = [s for s in chess.scan_forward(
            board.occupied_co[not winner] & ~board.kings & movable)]

    def _bounds(self) -> list[int]:
        """Per square: moves for the cheapest check of a king there, ignoring flights."""
        ground = self.ground
        bound = [_INF] * 64
        for man in self.attackers:
            for hits in ground.hits[man].values():
                bound = [min(b, h) for b, h in zip(bound, hits, strict=True)]
        return bound

    def _checks(self, mate: int) -> list[tuple[int, int, Kinds, int, int]]:
        """Ways to check a king on ``mate``: (moves, man, squares to check from, flight
        squares the check covers along its line, squares the line needs empty),
        cheapest first."""
        ground = self.ground
        board, winner, walls = ground.board, ground.winner, ground.walls
        options: list[tuple[int, int, Kinds, int, int]] = []
        for man in self.attackers:
            piece = board.piece_type_at(man)
            assert piece is not None
            walks = ground.kinds[man]
            for kind in _check_kinds(piece):
                walk = walks.get(kind)
                if walk is None:
                    continue
                seen = _attackers(kind, winner, mate, walls) & ~_BB[mate]
                if kind == chess.KNIGHT:
                    here = min((walk[square] for square in chess.scan_forward(seen)),
                               default=_INF)
                    if here < _INF:
                        options.append((here, man, {kind: seen}, 0, 0))
                    continue
                if kind == chess.PAWN:
                    for aim in chess.scan_forward(seen):
                        if walk[aim] < _INF:
                            options.append((walk[aim], man, {kind: _BB[aim]}, 0, 0))
                    continue
                for ray, diagonal in _RAYS[mate]:
                    if (kind == chess.BISHOP and not diagonal) or (
                            kind == chess.ROOK and diagonal):
                        continue
                    here, aim = min(((walk[square], square)
                                     for square in chess.scan_forward(seen & ray)),
                                    default=(_INF, mate))
                    if here < _INF:
                        lined = _KING_ATT[mate] & chess.BB_RAYS[mate][chess.lsb(ray)]
                        clear = chess.between(mate, aim)
                        options.append((here, man, {kind: clear | _BB[aim]}, lined, clear))
        options.sort(key=lambda option: option[0])
        return options

    def _cover(self, kind: int, flight: int, mate: int) -> int:
        """Squares from which a winner's man of ``kind`` covers ``flight`` (not ``mate``,
        nor, for the king, next to it)."""
        ground = self.ground
        if kind == chess.KING:
            return _KING_ATT[flight] & ~_KING_ATT[mate] & ~_BB[mate]
        return _attackers(kind, ground.winner, flight, ground.walls) & ~_BB[mate]

    def _net(self, mate: int, checker: int, targets: Kinds, lined: int, clear: int) -> tuple[
            int, dict[int, Kinds], int]:
        """Moves to close every flight of a king on ``mate`` once checked, the roles and
        the squares the loser's blockers must enter."""
        ground = self.ground
        board = ground.board
        roles: dict[int, Kinds] = {checker: targets}
        spent: dict[int, int] = {checker: 0}
        flights = _KING_ATT[mate] & ground.region & ~ground.covered & ~lined
        needed = _BB[mate] | clear
        cost = 0
        # A checker next to the king must be guarded (only the winner's men can).
        guard = -1
        for square in chess.scan_forward(_KING_ATT[mate] & ground.region & ~ground.covered):
            if all(not squares & ~_BB[square] for squares in targets.values()):
                guard = square
        for flight in [*chess.scan_forward(flights & ~_BB[guard]), guard]:
            if flight < 0:
                continue
            best: tuple[int, int, Kinds] = (_INF, -1, {})
            for man in self.blockers if flight != guard else ():
                if man in roles:
                    continue
                here = min(walk[flight] for walk in ground.kinds[man].values())
                if here < best[0]:
                    best = (here, man, {kind: _BB[flight] for kind in ground.kinds[man]})
            for man in self.keepers:
                if flight == guard and man == checker:
                    continue
                piece = board.piece_type_at(man)
                assert piece is not None
                old = roles.get(man)
                if old is None and piece != chess.KING and min(
                        hits[flight] for hits in ground.hits[man].values()) >= best[0]:
                    continue
                option = {}
                for kind in ground.kinds[man]:
                    squares = self._cover(kind, flight, mate)
                    if old is not None:
                        squares &= old.get(kind, 0)
                    if squares:
                        option[kind] = squares
                if not option:
                    continue
                here = ground.cost(man, option) - spent.get(man, 0)
                if here < best[0]:
                    best = (here, man, option)
            if best[0] >= _INF:
                return _INF, roles, needed
            here, man, option = best
            cost += here
            roles[man] = option
            spent[man] = spent.get(man, 0) + here
            if board.color_at(man) != ground.winner:
                needed |= _BB[flight]
        return cost, roles, needed

    def plans(self, limit: int, squares: int = 10, checks: int = 3) -> list[_Plan]:
        """The ``limit`` cheapest plans, from the ``squares`` mating squares with the
        cheapest king walk and check, each with its ``checks`` cheapest checks."""
        ground = self.ground
        king_walk = ground.kinds[ground.king][chess.KING]
        bound = self._bounds()
        flights = [chess.popcount(_KING_ATT[square] & ground.region & ~ground.covered)
                   for square in chess.SQUARES]
        ranked = sorted((king_walk[square] + bound[square] + flights[square], square)
                        for square in chess.scan_forward(ground.region)
                        if king_walk[square] + bound[square] < _INF)
        found: list[_Plan] = []
        for _, mate in ranked[:squares]:
            best: tuple[int, dict[int, Kinds], int] | None = None
            for check_cost, checker, targets, lined, clear in self._checks(mate)[:checks]:
                cost, roles, needed = self._net(mate, checker, targets, lined, clear)
                cost += check_cost + king_walk[mate]
                if cost < _INF and (best is None or cost < best[0]):
                    best = (cost, roles, needed)
            if best is None:
                continue
            cost, roles, needed = best
            men = {ground.king: _Role(ground, ground.king, {chess.KING: _BB[mate]})}
            for man, targets in roles.items():
                men[man] = _Role(ground, man, targets)
                if ground.board.color_at(man) != ground.winner:
                    men[man].last = True
            found.append(_Plan(mate, cost, men, needed))
        found.sort(key=lambda plan: plan.cost)
        return found[:limit]

    def promotions(self, limit: int, after: int) -> list[_Plan]:
        """The ``limit`` cheapest plans to promote a winner's pawn, the one enemy pawn in
        its way taken first; ``after``: the moves the mate is reckoned to need then."""
        ground = self.ground
        board, winner = ground.board, ground.winner
        step = 8 if winner == chess.WHITE else -8
        found: list[_Plan] = []
        for man in chess.scan_forward(board.pawns & board.occupied_co[winner]
                                      & ~ground.steady):
            path = 0
            square = man + step
            while 0 <= square < 64:
                path |= _BB[square]
                square += step
            in_way = path & board.pawns
            if in_way & (board.occupied_co[winner] | ground.steady) or chess.popcount(
                    in_way) > 1:
                continue
            walls = ground.walls & ~in_way
            men: dict[int, _Role] = {}
            cost = 0
            for obstacle in chess.scan_forward(in_way):
                best = (_INF, -1, 0)
                for taker in self.keepers:
                    piece = board.piece_type_at(taker)
                    assert piece is not None
                    if piece != chess.PAWN:
                        here = ground.kinds[taker][piece][obstacle]
                        if here < best[0]:
                            best = (here, taker, piece)
                if best[0] >= _INF:
                    cost = _INF
                    break
                cost += best[0]
                men[best[1]] = _Role(ground, best[1], {best[2]: _BB[obstacle]})
            if cost >= _INF:
                continue
            role = _Role(ground, man, {kind: chess.BB_ALL for kind in _PROMOTED}, walls)
            walk = role.table(chess.PAWN)[man]
            if walk >= _INF:
                continue
            men[man] = role
            found.append(_Plan(-1, cost + walk + after, men, path & ~in_way, after))
        found.sort(key=lambda plan: plan.cost)
        return found[:limit]


_Key = tuple[int, int, int, int, int, int, int, int, bool, int, int | None]


def _key(board: chess.Board) -> _Key:
    """The position, for telling repeated ones apart."""
    return (board.pawns, board.knights, board.bishops, board.rooks, board.queens, board.kings,
            board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.turn,
            board.castling_rights, board.ep_square)


def _key_after(board: chess.Board, key: _Key, move: chess.Move) -> _Key | None:
    """:func:`_key` of the position after ``move`` (None with castling rights about)."""
    frm, to = move.from_square, move.to_square
    if key[9]:
        return None
    mover = board.piece_type_at(frm)
    assert mover is not None
    men = [key[0], key[1], key[2], key[3], key[4], key[5]]
    sides = [key[7], key[6]]
    turn = key[8]
    ep = None
    taken = to
    if mover == chess.PAWN:
        if to == key[10] and (frm - to) % 8:
            taken = to - 8 if turn == chess.WHITE else to + 8
        elif abs(to - frm) == 16:
            ep = (frm + to) // 2
    victim = board.piece_type_at(taken)
    if victim is not None:
        men[victim - 1] ^= _BB[taken]
        sides[not turn] ^= _BB[taken]
    men[mover - 1] ^= _BB[frm]
    men[(move.promotion or mover) - 1] ^= _BB[to]
    sides[turn] ^= _BB[frm] | _BB[to]
    return (men[0], men[1], men[2], men[3], men[4], men[5], sides[1], sides[0], not turn,
            0, ep)


class _Node:
    """A position reached by the best-first walk."""

    __slots__ = ("board", "depth", "key", "move", "parent")

    def __init__(self, board: chess.Board, depth: int, parent: _Node | None,
                 move: chess.Move | None) -> None:
        self.board = board
        self.depth = depth
        self.parent = parent
        self.move = move
        self.key: _Key | None = None


class _Context:
    """A set of plans with, per man of some plan, its role in each."""

    def __init__(self, winner: chess.Color, plans: list[_Plan]) -> None:
        self.winner = winner
        self.plans = plans
        ids: dict[int, int] = {}
        for plan in plans:
            for square in plan.men:
                ids.setdefault(square, len(ids))
        self.ids = ids
        self.roles: list[list[_Role | None]] = [[None] * len(plans) for _ in ids]
        """Per man (by id) and plan: its role, or None."""
        self.sides: list[int] = [0] * len(ids)
        """Per man: 0 for the winner's, 1 for the loser's (its slot in a plan's costs)."""
        for index, plan in enumerate(plans):
            for square, role in plan.men.items():
                man = ids[square]
                self.roles[man][index] = role
                self.sides[man] = 0 if role.color == winner else 1
        self.needed = [plan.needed for plan in plans]
        self.mates = [plan.mate for plan in plans]
        self.lasts = [any(role.last for role in plan.men.values()) for plan in plans]
        self.touched = 0
        """Squares some plan needs entered or emptied."""
        for needed in self.needed:
            self.touched |= needed

    def start(self, board: chess.Board) -> tuple[dict[int, int], tuple[int, ...]]:
        """Where the planned men stand (square -> id) and, per plan, the moves the
        winner's men owe and those the loser's owe."""
        men = dict(self.ids)
        costs = [0] * (2 * len(self.plans))
        for index, plan in enumerate(self.plans):
            costs[2 * index] = plan.offset
        king = board.king(not self.winner)
        for square, man in men.items():
            piece = board.piece_type_at(square)
            assert piece is not None
            for index, role in enumerate(self.roles[man]):
                if role is not None:
                    owed = role.table(piece)[square]
                    if role.last and king != self.mates[index]:
                        owed = max(owed, 1)
                    costs[2 * index + self.sides[man]] += owed
        for index, needed in enumerate(self.needed):
            for square in chess.scan_forward(needed & board.occupied):
                holder = men.get(square)
                if holder is None or self.roles[holder][index] is None:
                    costs[2 * index + (board.color_at(square) != self.winner)] += 1
        return men, tuple(costs)


def _context(board: chess.Board, survey: _Survey, start: bool) -> _Context:
    ground = _Ground(board, survey, start)
    planner = _Planner(ground)
    plans = planner.plans(MATE_PLANS, SQUARES) + planner.promotions(2, PROMOTED_MATE)
    return _Context(survey.winner, plans)


_Entry = tuple[float, int, _Node, chess.Move, tuple[int, ...], dict[int, int], _Context,
               _Key | None]


class _BestFirst:
    """Best-first walk towards some plans: a position ranks by the plies played plus the
    plies its planned men still owe along their routes (the best plan counts). After a
    promotion or a pawn taken, the plans are drawn again."""

    def __init__(self, root: chess.Board, survey: _Survey, context: _Context,
                 weight: float, replans: int, drawn: dict[_Key, _Context]) -> None:
        self.survey = survey
        self.drawn = drawn
        """Plans drawn after a promotion or a pawn taken, by position (shared)."""
        self.winner = survey.winner
        self.weight = weight
        self.replans = replans
        self.spent = 0.0
        """Positions expanded (see :func:`find_helpmate_in_locked_position`)."""
        self.best = _INF * 2
        """The fewest moves any plan still owed in a position expanded."""
        self.improved = 0.0
        """What had been spent when ``best`` last fell."""
        self.seen: set[object] = set()
        self.heap: list[_Entry] = []
        self.tick = 0
        self.start: tuple[_Node, tuple[int, ...], dict[int, int], _Context] | None
        men, costs = context.start(root)
        self.start = (_Node(root, 0, None, None), costs, men, context)

    def step(self) -> list[chess.Move] | None:
        """Expand the best position; the mating line if it is mate."""
        if self.start is not None:
            node, costs, men, context = self.start
            self.start = None
        else:
            _, _, parent, move, costs, men, context, known = heapq.heappop(self.heap)
            if known is not None and known in self.seen:
                return None
            board = parent.board.copy(stack=False)
            board.push(move)
            node = _Node(board, parent.depth + 1, parent, move)
        board = node.board
        key = _key(board)
        if key in self.seen:
            self.spent += DUPLICATE
            return None
        self.spent += 1
        self.seen.add(key)
        node.key = key
        moves = list(board.generate_legal_moves())
        if not moves:
            if board.turn != self.winner and board.is_check():
                return line_to(node)
            return None
        if node.move is not None and self.replans > 0 and self._big(node):
            self.replans -= 1
            fresh = self.drawn.get(key)
            if fresh is None:
                self.spent += REPLAN
                fresh = self.drawn[key] = _context(board, self.survey, False)
            if fresh.plans:
                context = fresh
                men, costs = context.start(board)
                self.best = _INF * 2
        owed = min(costs[index] + costs[index + 1] for index in range(0, len(costs), 2))
        if owed < self.best:
            self.best = owed
            self.improved = self.spent
        self.tick = self._expand(node, moves, costs, men, context, self.heap, self.tick)
        return None

    @property
    def done(self) -> bool:
        return self.start is None and not self.heap

    def _big(self, node: _Node) -> bool:
        """Whether the move to ``node`` changed the locked structure: a promotion, or a
        pawn taken."""
        move = node.move
        assert move is not None and node.parent is not None
        if move.promotion:
            return True
        return bool(node.parent.board.pawns & _BB[move.to_square]) or \
            node.parent.board.is_en_passant(move)

    def _expand(self, node: _Node, moves: list[chess.Move], costs: tuple[int, ...],
                men: dict[int, int], context: _Context, heap: list[_Entry],
                tick: int) -> int:
        board = node.board
        played = node.depth + 1
        weight = self.weight
        winner_next = board.turn != self.winner
        touched = context.touched
        ep_square = board.ep_square if board.pawns else None
        rank = played + weight * self._rank(costs, winner_next)
        seen, key = self.seen, node.key
        assert key is not None
        king = board.king(not self.winner)
        assert king is not None
        for move in moves:
            frm, to = move.from_square, move.to_square
            after = _key_after(board, key, move)
            if after is not None and after in seen:
                continue
            tick += 1
            if (frm in men or to in men or touched & (_BB[frm] | _BB[to])
                    or to == ep_square or (board.kings & _BB[frm] and abs(to - frm) == 2)):
                child, child_men = self._child(board, move, costs, men, context, king)
                heapq.heappush(heap, (played + weight * self._rank(child, winner_next), -tick,
                                      node, move, child, child_men, context, after))
            else:
                heapq.heappush(heap, (rank, -tick, node, move, costs, men, context, after))
        return tick

    @staticmethod
    def _rank(costs: tuple[int, ...], winner_to_move: bool) -> int:
        """Plies until mate by the best plan, when the winner's men owe ``costs[2 i]``
        moves (the mating one included) and the loser's ``costs[2 i + 1]``."""
        best = _INF * 2
        # The winner makes the last move: with the winner to move, the loser's moves come
        # one ply later.
        extra = 1 if winner_to_move else 0
        for index in range(0, len(costs), 2):
            plies = 2 * max(costs[index], costs[index + 1] + extra, 1) - extra
            if plies < best:
                best = plies
        return best

    @staticmethod
    def _placed(board: chess.Board, men: dict[int, int], roles: list[list[_Role | None]],
                index: int) -> int:
        """How many blockers of plan ``index`` stand on their flight squares."""
        placed = 0
        for square, man in men.items():
            role = roles[man][index]
            if role is not None and role.last:
                piece = board.piece_type_at(square)
                assert piece is not None
                if role.table(piece)[square] == 0:
                    placed += 1
        return placed

    def _child(self, board: chess.Board, move: chess.Move, costs: tuple[int, ...],
               men: dict[int, int], context: _Context, king: int) -> tuple[
                   tuple[int, ...], dict[int, int]]:
        """The costs and the planned men's squares after ``move`` (``king``: where the
        loser's king stands)."""
        roles, sides, needed = context.roles, context.sides, context.needed
        plans = range(len(context.plans))
        side = 0 if board.turn == self.winner else 1
        frm, to = move.from_square, move.to_square
        child = list(costs)
        taken = to
        if to == board.ep_square and board.pawns & _BB[frm] and (frm - to) % 8:
            taken = to - 8 if board.turn == chess.WHITE else to + 8
        castling = board.castling_rights and board.kings & _BB[frm] and abs(to - frm) == 2
        victim = men.get(taken)
        mover = men.get(frm)
        child_men = men
        if victim is not None or mover is not None or castling:
            child_men = dict(men)
        if victim is not None:
            del child_men[taken]
            for index in plans:
                if roles[victim][index] is not None:
                    child[2 * index + sides[victim]] = _INF
        if mover is not None:
            del child_men[frm]
            child_men[to] = mover
            piece = board.piece_type_at(frm)
            assert piece is not None
            after = to if frm == king else king
            for index in plans:
                role = roles[mover][index]
                if role is not None:
                    mate = context.mates[index]
                    before_owed = role.table(piece)[frm]
                    after_owed = role.table(move.promotion or piece)[to]
                    if role.last:
                        if king != mate:
                            before_owed = max(before_owed, 1)
                        if after != mate:
                            after_owed = max(after_owed, 1)
                    elif context.lasts[index] and (king == mate) != (after == mate):
                        # The king enters or leaves the mating square: blockers in place
                        # stop or start owing their last move.
                        waiting = self._placed(board, child_men, roles, index)
                        child[2 * index + 1] += waiting if king == mate else -waiting
                    child[2 * index + side] += after_owed - before_owed
        if castling:
            rank = frm & 56
            rook, rook_to = (rank + 7, rank + 5) if to > frm else (rank, rank + 3)
            castled = child_men.pop(rook, None)
            if castled is not None:
                child_men[rook_to] = castled
                for index in plans:
                    role = roles[castled][index]
                    if role is not None:
                        table = role.table(chess.ROOK)
                        child[2 * index + side] += table[rook_to] - table[rook]
        moved = _BB[frm] | _BB[to]
        if context.touched & moved:
            for index in plans:
                need = needed[index]
                if need & moved and (mover is None or roles[mover][index] is None):
                    if need & _BB[frm]:
                        child[2 * index + side] -= 1
                    if need & _BB[to]:
                        child[2 * index + side] += 1
        return tuple(child), child_men


def find_helpmate_in_locked_position(board: chess.Board, winner: chess.Color, *,
                                     nodes: int) -> list[chess.Move] | None:
    """A series of legal moves from ``board`` ending with ``winner`` checkmating, or None
    (not found within ``nodes`` positions visited)."""
    if nodes <= 0 or board.king(chess.WHITE) is None or board.king(chess.BLACK) is None:
        return None
    if board.is_checkmate():
        return [] if board.turn != winner else None
    if board.is_game_over() or board.has_insufficient_material(winner):
        return None
    work = board.copy(stack=False)
    survey = _Survey(work, winner)
    if not survey.possible:
        return None
    context = _context(work, survey, True)
    if not context.plans:
        return None
    # A portfolio: one walk per plan, the walk that has spent least goes next.
    drawn: dict[_Key, _Context] = {}
    walks = [_BestFirst(work, survey, context, WEIGHT, REPLANS, drawn)]
    walks += [_BestFirst(work, survey, _Context(winner, [plan]), WEIGHT, REPLANS, drawn)
              for plan in context.plans]
    share = {id(walk): 1.0 for walk in walks}
    share[id(walks[0])] = SHARE
    left = float(nodes)
    patience = float(PATIENCE)
    while walks and left > 0:
        # A walk that has long found nothing better waits while others are keener.
        keen = [walk for walk in walks if walk.spent - walk.improved <= patience]
        if not keen:
            patience *= 2
            continue
        walk = min(keen, key=lambda walk: walk.spent / share[id(walk)])
        before = walk.spent
        line = walk.step()
        left -= walk.spent - before
        if line is not None:
            return line if replays_to_mate(board, line, winner) else None
        if walk.done:
            walks.remove(walk)
    return None
