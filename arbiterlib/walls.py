"""Blocked pawn walls (rule 4 of :mod:`arbiterlib.dead`), Articles 6.9 and 9.6.

A static over-approximation of where every piece can ever go: pawns that can never move
or be taken, the regions the other men can flood, the squares always attacked. Where no
man of a side can ever reach a square from which mate could be given, that side cannot
mate (Article 6.9), and where neither can, the position is dead (Article 9.6). The
same reasoning is split at every possible capture (between captures nothing leaves its
file, so a pawn never passes an enemy pawn ahead of it). Every answer here is a proof
or nothing: the reach is only ever over-estimated.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import chess

from arbiterlib import mobility
from arbiterlib.attacks import attacks
from arbiterlib.playouts import PositionKey, position_key

__all__ = [
    "SPLIT_LIMIT",
    "Reach",
    "WallAnalysis",
    "blocked_pawns",
    "mobility_wall",
    "split_no_mate",
    "static_no_mate",
    "wall_analysis",
    "wall_result",
]


@dataclasses.dataclass(frozen=True)
class WallAnalysis:
    """Where the pieces can ever go, assuming nothing in :attr:`fixed` ever moves.

    The assumption is proven, not guessed: no piece outside ``fixed`` can ever reach a
    square from which it could move or take a piece of ``fixed``. ``reach`` maps each
    colour to the squares its pieces (fixed ones included) may ever stand on.
    """

    fixed: frozenset[chess.Square]
    reach: tuple[frozenset[chess.Square], frozenset[chess.Square]]
    """Indexed by colour: ``reach[chess.WHITE]``, ``reach[chess.BLACK]``."""

    def can_reach(self, color: chess.Color) -> frozenset[chess.Square]:
        """The squares ``color``'s pieces may ever stand on."""
        return self.reach[color]


# --------------------------------------------------------------------------------------
# Small board helpers (attack tables are python-chess's own).

_NOT_A = chess.BB_ALL & ~chess.BB_FILE_A
_NOT_H = chess.BB_ALL & ~chess.BB_FILE_H
_NOT_AB = _NOT_A & ~chess.BB_FILE_B
_NOT_GH = _NOT_H & ~chess.BB_FILE_G
_DIAGONAL_STEPS = ((9, _NOT_A), (7, _NOT_H), (-7, _NOT_A), (-9, _NOT_H))
_STRAIGHT_STEPS = ((8, chess.BB_ALL), (-8, chess.BB_ALL), (1, _NOT_A), (-1, _NOT_H))


def _fill(bb: int, empty: int, steps: tuple[tuple[int, int], ...]) -> int:
    """Squares attacked along ``steps`` by sliders on every square of ``bb``."""
    out = 0
    for shift, mask in steps:
        x = bb
        while x:
            x = ((x << shift) if shift > 0 else (x >> -shift)) & mask
            out |= x
            x &= empty
    return out


def _spread(piece_type: chess.PieceType, color: chess.Color, bb: int, occ: int) -> int:
    """Squares a ``piece_type`` attacks from any square of ``bb`` (bitboard-parallel
    :func:`_attacks`)."""
    if piece_type == chess.PAWN:
        if color == chess.WHITE:
            return ((bb << 9) & _NOT_A) | ((bb << 7) & _NOT_H)
        return ((bb >> 7) & _NOT_A) | ((bb >> 9) & _NOT_H)
    if piece_type == chess.KNIGHT:
        one = ((bb << 1) & _NOT_A) | ((bb >> 1) & _NOT_H)
        two = ((bb << 2) & _NOT_AB) | ((bb >> 2) & _NOT_GH)
        return ((one << 16) | (one >> 16) | (two << 8) | (two >> 8)) & chess.BB_ALL
    if piece_type == chess.KING:
        side = ((bb << 1) & _NOT_A) | ((bb >> 1) & _NOT_H)
        both = side | bb
        return (side | (both << 8) | (both >> 8)) & chess.BB_ALL
    empty = ~occ & chess.BB_ALL
    out = 0
    if piece_type in (chess.BISHOP, chess.QUEEN):
        out |= _fill(bb, empty, _DIAGONAL_STEPS)
    if piece_type in (chess.ROOK, chess.QUEEN):
        out |= _fill(bb, empty, _STRAIGHT_STEPS)
    return out



# --------------------------------------------------------------------------------------
# Rule 4: the static over-approximation of where each piece can ever go.


def _pawn_push(color: chess.Color, square: int) -> int:
    return square + 8 if color == chess.WHITE else square - 8


def _castling_moves(board: chess.Board, fixed: int) -> list[tuple[int, int, int, int]]:
    """(king square, king target, rook square, rook target) for castlings not yet ruled out."""
    result = []
    for rook in chess.scan_forward(board.clean_castling_rights()):
        color = chess.WHITE if chess.BB_SQUARES[rook] & chess.BB_RANK_1 else chess.BLACK
        king = board.king(color)
        if king is None:
            continue
        rank = chess.square_rank(rook)
        kingside = chess.square_file(rook) > chess.square_file(king)
        king_to = chess.square(6 if kingside else 2, rank)
        rook_to = chess.square(5 if kingside else 3, rank)
        path = chess.between(king, rook) | chess.BB_SQUARES[king_to] | chess.BB_SQUARES[rook_to]
        if not path & fixed & ~chess.BB_SQUARES[king] & ~chess.BB_SQUARES[rook]:
            result.append((king, king_to, rook, rook_to))
    return result


_CACHE_LIMIT = 50_000  # entries per memo table (bounded memory; cleared when full)
_PawnKey = tuple[int, bool, int, int, int, tuple[tuple[int, int], ...]]
_PAWN_CACHE: dict[_PawnKey, tuple[int, int, bool]] = {}
_REGION_CACHE: dict[tuple[int, tuple[chess.PieceType, ...], bool, int, int], int] = {}


class Reach:
    """Fixpoint of: pieces assumed fixed, and the squares every other piece can reach."""

    def __init__(self, board: chess.Board) -> None:
        self.board = board
        self.pieces: list[tuple[int, chess.PieceType, chess.Color]] = [
            (sq, piece.piece_type, piece.color) for sq, piece in board.piece_map().items()
        ]
        self.fixed = board.occupied
        self.region: dict[int, int] = {sq: chess.BB_SQUARES[sq] for sq, _, _ in self.pieces}
        self.takes: dict[int, int] = {}  # where a pawn may land by a capture
        self.promotable: set[int] = set()
        self._solve()

    def _barriers(self) -> dict[int, list[tuple[int, int]]]:
        """Mobile pieces that never leave their file and are never taken, by file.

        No pawn can get past such a piece on its file: pawns do not jump, and the piece
        cannot jump the pawn either (only pawns, kings, rooks and queens can stay on one
        file, and none of them jumps).
        """
        takes = [0, 0]
        for sq, pt, color in self.pieces:
            if not self.fixed & chess.BB_SQUARES[sq]:
                takes[color] |= self.takes[sq] if pt == chess.PAWN else self.region[sq]
        result: dict[int, list[tuple[int, int]]] = {}
        for sq, pt, color in self.pieces:
            if self.fixed & chess.BB_SQUARES[sq] or sq in self.promotable:
                continue
            region = self.region[sq]
            file = chess.square_file(sq)
            if region & ~chess.BB_FILES[file]:
                continue
            if pt != chess.KING and region & takes[not color]:
                continue
            result.setdefault(file, []).append((sq, region))
        return result

    def _walls_for(
        self,
        square: int,
        color: chess.Color,
        barriers: dict[int, list[tuple[int, int]]],
    ) -> dict[int, int]:
        """Per file, the first rank (counted from ``color``'s side) the pawn on ``square`` can
        never reach by pushing from below it."""
        walls: dict[int, int] = {}
        entries = self.takes.get(square, 0)

        def fwd(sq: int) -> int:
            rank = chess.square_rank(sq)
            return rank if color == chess.WHITE else 7 - rank

        for file, pawns in barriers.items():
            for other, region in pawns:
                if other == square:
                    continue
                # The pawn must start behind the piece (or off the file), and cannot land
                # beside it on the file by a capture: then it stays behind it for good.
                if chess.square_file(square) == file and fwd(square) >= fwd(other):
                    continue
                ranks = [fwd(s) for s in chess.scan_forward(region)]
                low, threshold = min(ranks), max(ranks)
                entry = [fwd(s) for s in chess.scan_forward(entries & chess.BB_FILES[file])]
                if any(low <= r <= threshold for r in entry):
                    continue
                walls[file] = min(walls.get(file, 8), threshold)
        return walls

    def _solve(self) -> None:
        board = self.board
        for _iteration in range(1000):  # always converges long before
            fixed = self.fixed
            colors = board.occupied_co
            own_fixed = (fixed & colors[chess.BLACK], fixed & colors[chess.WHITE])
            perm = [0, 0]  # squares permanently attacked by fixed non-sliders, by colour
            reach_nonking = [0, 0]  # where mobile non-king pieces may stand, by colour
            for sq, pt, color in self.pieces:
                if fixed & chess.BB_SQUARES[sq]:
                    # A fixed piece's attacks on its neighbours can never be blocked.
                    perm[color] |= attacks(pt, color, sq, chess.BB_ALL if pt > 2 else 0)
                elif pt != chess.KING:
                    reach_nonking[color] |= self.region[sq]
            kings = board.kings
            castles = _castling_moves(board, fixed)
            barriers = self._barriers()
            new_takes: dict[int, int] = {}
            new_fixed = fixed
            new_region: dict[int, int] = {}
            promotable: set[int] = set()
            for sq, pt, color in self.pieces:
                enemy = not color
                enemy_targets = own_fixed[enemy] & ~kings  # fixed enemy pieces one may take
                blocked = own_fixed[color] | (own_fixed[enemy] & kings)
                extra = 0
                for king, king_to, rook, rook_to in castles:
                    if sq == king:
                        extra |= chess.BB_SQUARES[king_to]
                    elif sq == rook:
                        extra |= chess.BB_SQUARES[rook_to]
                if pt == chess.PAWN:
                    region, takes, promotes = self._pawn_region(
                        sq,
                        color,
                        fixed,
                        blocked,
                        enemy_targets | reach_nonking[enemy],
                        self._walls_for(sq, color, barriers),
                    )
                    new_takes[sq] = takes
                    if promotes:
                        promotable.add(sq)
                else:
                    forbidden = blocked | (perm[enemy] if pt == chess.KING else 0)
                    region = self._piece_region(
                        chess.BB_SQUARES[sq] | extra, (pt,), color, fixed, forbidden
                    )
                new_region[sq] = region
                if region & ~chess.BB_SQUARES[sq]:
                    new_fixed &= ~chess.BB_SQUARES[sq]
                # Whatever a piece may step on, it may take: those pieces are not fixed.
                new_fixed &= ~(region & colors[enemy] & ~kings & ~chess.BB_SQUARES[sq])
            if (
                new_fixed == self.fixed
                and new_region == self.region
                and new_takes == self.takes
                and promotable == self.promotable
            ):
                return
            self.fixed = new_fixed
            self.region = new_region
            self.takes = new_takes
            self.promotable = promotable

    def _pawn_region(
        self,
        square: int,
        color: chess.Color,
        fixed: int,
        blocked: int,
        prey: int,
        walls: dict[int, int],
    ) -> tuple[int, int, bool]:
        """Squares a pawn may stand on (including squares a double step passes over), the
        squares it may land on by a capture, and whether it may promote (memoised: a pure
        function of its arguments)."""
        key = (square, color, fixed, blocked, prey, tuple(sorted(walls.items())))
        found = _PAWN_CACHE.get(key)
        if found is None:
            if len(_PAWN_CACHE) > _CACHE_LIMIT:
                _PAWN_CACHE.clear()
            found = _PAWN_CACHE[key] = self._pawn_flood(square, color, fixed, blocked, prey, walls)
        return found

    def _pawn_flood(
        self,
        square: int,
        color: chess.Color,
        fixed: int,
        blocked: int,
        prey: int,
        walls: dict[int, int],
    ) -> tuple[int, int, bool]:
        region = chess.BB_SQUARES[square]
        takes = 0
        frontier = [square]
        last_rank = chess.BB_RANK_8 if color == chess.WHITE else chess.BB_RANK_1
        start_rank = chess.BB_RANK_2 if color == chess.WHITE else chess.BB_RANK_7
        promoted = 0
        while frontier:
            s = frontier.pop()
            bb = chess.BB_SQUARES[s]
            if bb & last_rank:
                promoted |= bb
                continue
            captures = chess.BB_PAWN_ATTACKS[color][s] & prey
            takes |= captures
            targets = captures
            wall = walls.get(chess.square_file(s), 8)
            rank = chess.square_rank(s) if color == chess.WHITE else 7 - chess.square_rank(s)
            push = _pawn_push(color, s)
            if not fixed & chess.BB_SQUARES[push] and (rank >= wall or rank + 1 < wall):
                targets |= chess.BB_SQUARES[push]
                if bb & start_rank:
                    push2 = _pawn_push(color, push)
                    if not fixed & chess.BB_SQUARES[push2] and rank + 2 < wall:
                        targets |= chess.BB_SQUARES[push2]
            targets &= ~region
            region |= targets
            frontier.extend(chess.scan_forward(targets))
        if promoted:
            region |= self._piece_region(
                promoted, (chess.QUEEN, chess.KNIGHT), color, fixed, blocked
            )
        return region, takes, bool(promoted)

    @staticmethod
    def _piece_region(
        seeds: int,
        piece_types: tuple[chess.PieceType, ...],
        color: chess.Color,
        fixed: int,
        forbidden: int,
    ) -> int:
        """Squares reachable from ``seeds`` moving like any of ``piece_types`` (memoised)."""
        key = (seeds, piece_types, color, fixed, forbidden)
        found = _REGION_CACHE.get(key)
        if found is not None:
            return found
        region = seeds
        frontier = seeds
        while frontier:
            targets = 0
            for pt in piece_types:
                targets |= _spread(pt, color, frontier, fixed)
            frontier = targets & ~forbidden & ~region
            region |= frontier
        if len(_REGION_CACHE) > _CACHE_LIMIT:
            _REGION_CACHE.clear()
        _REGION_CACHE[key] = region
        return region

    def attacks(self, color: chess.Color, occ: int, *, with_king: bool) -> int:
        """Squares ``color``'s pieces might ever attack (rays stopped by ``occ`` only)."""
        bb = 0
        for sq, pt, c in self.pieces:
            if c != color or (pt == chess.KING and not with_king):
                continue
            region = self.region[sq]
            bb |= _spread(pt, color, region, occ)
            if sq in self.promotable:
                bb |= _spread(chess.QUEEN, color, region, occ)
                bb |= _spread(chess.KNIGHT, color, region, occ)
        return bb

    def reach(self, color: chess.Color) -> int:
        bb = 0
        for sq, _, c in self.pieces:
            if c == color:
                bb |= self.region[sq]
        return bb


def _has_matching(needs: list[list[int]]) -> bool:
    """Can every square get its own piece? ``needs[i]`` lists the pieces able to cover it."""
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for p in needs[i]:
            if p in seen:
                continue
            seen.add(p)
            if p not in owner or augment(owner[p], seen):
                owner[p] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(needs)))


def _wall_proves_no_mate(reach: Reach, color: chess.Color) -> bool:
    """True when, on the over-approximation, ``color`` can never checkmate."""
    board = reach.board
    loser = not color
    loser_king = board.king(loser)
    if loser_king is None:
        return False
    occ = reach.fixed & ~chess.BB_SQUARES[loser_king]  # the defending king never shields
    attacked = reach.attacks(color, occ, with_king=True)
    checkable = reach.attacks(color, occ, with_king=False)
    loser_fixed = reach.fixed & board.occupied_co[loser] & ~board.kings
    blockers = [
        (sq, reach.region[sq])
        for sq, pt, c in reach.pieces
        if c == loser and pt != chess.KING and not reach.fixed & chess.BB_SQUARES[sq]
    ]
    for k in chess.scan_forward(reach.region[loser_king] & checkable):
        escapes = chess.BB_KING_ATTACKS[k] & ~attacked & ~loser_fixed
        needs = [[i for i, (_, region) in enumerate(blockers) if region & chess.BB_SQUARES[n]]
                 for n in chess.scan_forward(escapes)]
        if all(needs) and _has_matching(needs):
            return False
    return True


def wall_analysis(board: chess.Board) -> WallAnalysis | None:
    """Which pieces can never move and where the others can ever go (``None`` if not run).

    Not run when an en-passant capture is possible at once; that case is left to search.
    """
    if board.has_legal_en_passant():
        return None
    reach = Reach(board)
    return wall_result(reach)


def wall_result(reach: Reach) -> WallAnalysis:
    return WallAnalysis(
        fixed=frozenset(chess.scan_forward(reach.fixed)),
        reach=(
            frozenset(chess.scan_forward(reach.reach(chess.BLACK))),
            frozenset(chess.scan_forward(reach.reach(chess.WHITE))),
        ),
    )


def mobility_wall(board: chess.Board, color: chess.Color) -> WallAnalysis | None:
    """The saturation's squares in the form lesson 07 draws: the men that never move or
    are taken, and where each side's men may ever stand."""
    found = mobility.mobility(board, color)
    if found is None:
        return None
    reach = [0, 0]
    for square in chess.scan_forward(board.occupied):
        reach[board.color_at(square) is chess.WHITE] |= found.reachable(square)
    return WallAnalysis(
        frozenset(chess.scan_forward(found.steady)),
        (frozenset(chess.scan_forward(reach[chess.BLACK])),
         frozenset(chess.scan_forward(reach[chess.WHITE]))),
    )


def blocked_pawns(board: chess.Board) -> tuple[int, int]:
    """(pawns facing an enemy pawn, pawns whose next square is occupied at all).

    A cheap test before the static analysis: a pawn wall (Article 9.6) needs pawns that
    cannot advance, so with none the costly analysis is not run. Skipping it never makes
    an answer wrong, it only leaves the question to the searches.
    """
    white = board.pawns & board.occupied_co[chess.WHITE]
    black = board.pawns & board.occupied_co[chess.BLACK]
    locked = chess.popcount((white << 8) & black)
    blocked = chess.popcount(((white << 8) | (black >> 8)) & board.occupied & chess.BB_ALL)
    return locked, blocked


def static_no_mate(
    board: chess.Board, color: chess.Color, cache: dict[PositionKey, Reach | None] | None = None
) -> Reach | None:
    """The proof, when the static analysis shows ``color`` can never mate.

    ``cache`` shares the colour-independent fixpoint between the two sides' questions.
    """
    if board.has_legal_en_passant():
        return None
    key = position_key(board)
    if cache is not None and key in cache:
        reach = cache[key]
    else:
        reach = Reach(board) if blocked_pawns(board)[1] else None
        if cache is not None:
            cache[key] = reach
    if reach is None:
        return None
    return reach if _wall_proves_no_mate(reach, color) else None


# --------------------------------------------------------------------------------------
# Rule 4 (continued): the same over-approximation, split at every capture.

_PROMOTED = 7  # a promoted pawn: it may move like any piece (queen or knight)


def _spread_any(kind: int, color: chess.Color, bb: int, occ: int) -> int:
    if kind == _PROMOTED:
        return _spread(chess.QUEEN, color, bb, occ) | _spread(chess.KNIGHT, color, bb, occ)
    return _spread(kind, color, bb, occ)


_Piece = tuple[int, bool, int]  # (kind, colour, squares it may stand on)


def _pawn_walls(pieces: tuple[_Piece, ...]) -> list[int]:
    """Per piece, squares a pawn can never push to while nothing is captured: without a
    capture a pawn never leaves its file, so it never gets past an enemy pawn standing
    ahead of it on that file (the enemy pawn can only come closer)."""
    walls = [0] * len(pieces)
    for i, (kind, color, seed) in enumerate(pieces):
        if kind != chess.PAWN:
            continue
        for other_kind, other_color, other in pieces:
            if other_kind != chess.PAWN or other_color == color:
                continue
            file = chess.BB_FILES[chess.square_file(chess.msb(other))]
            if other & ~file or not seed & file:
                continue
            mine = seed & file
            if color == chess.WHITE and chess.msb(mine) < chess.lsb(other):
                # Never as far as the enemy pawn's highest possible square.
                walls[i] |= file & ~(chess.BB_SQUARES[chess.msb(other)] - 1)
            elif color == chess.BLACK and chess.lsb(mine) > chess.msb(other):
                walls[i] |= file & ((chess.BB_SQUARES[chess.lsb(other)] << 1) - 1)
    return walls


def _closure(pieces: tuple[_Piece, ...]) -> tuple[list[int], list[int], int]:
    """Where each piece may stand while nothing is captured, assuming the pieces in the
    returned ``fixed`` squares never move (proven as in :class:`Reach`). Returns the
    regions, the part of each pawn's region after promotion, and the fixed squares."""
    fixed = [chess.popcount(seed) == 1 for _, _, seed in pieces]
    walls = _pawn_walls(pieces)
    while True:
        fixed_bb = 0
        perm = [0, 0]
        for (kind, color, seed), still in zip(pieces, fixed, strict=True):
            if still:
                fixed_bb |= seed
                step = seed if kind <= chess.KNIGHT or kind == chess.KING else 0
                perm[color] |= _spread_any(kind, color, seed, chess.BB_ALL if not step else 0)
        regions: list[int] = []
        promoted: list[int] = []
        for kind, color, seed in pieces:
            after = 0
            if kind == chess.PAWN:
                region = seed
                frontier = seed
                start = chess.BB_RANK_2 if color == chess.WHITE else chess.BB_RANK_7
                last = chess.BB_RANK_8 if color == chess.WHITE else chess.BB_RANK_1
                free = ~fixed_bb & ~walls[len(regions)]
                while frontier:
                    pushed = (frontier & ~last) << 8 if color == chess.WHITE else (
                        (frontier & ~last) >> 8)
                    pushed &= free
                    doubled = pushed & (start << 8 if color == chess.WHITE else start >> 8)
                    doubled = (doubled << 8 if color == chess.WHITE else doubled >> 8) & free
                    frontier = (pushed | doubled) & ~region
                    region |= frontier
                if region & last:
                    after = Reach._piece_region(
                        region & last, (chess.QUEEN, chess.KNIGHT), color, fixed_bb, fixed_bb
                    )
                    region |= after
            elif kind == chess.KING:
                region = Reach._piece_region(
                    seed, (chess.KING,), color, fixed_bb, (fixed_bb | perm[not color]) & ~seed
                )
            else:
                types = (chess.QUEEN, chess.KNIGHT) if kind == _PROMOTED else (kind,)
                region = Reach._piece_region(seed, types, color, fixed_bb, fixed_bb & ~seed)
            regions.append(region)
            promoted.append(after)
        new_fixed = [
            still and region == seed for still, region, (_, _, seed) in
            zip(fixed, regions, pieces, strict=True)
        ]
        if new_fixed == fixed:
            return regions, promoted, fixed_bb
        fixed = new_fixed


def _closure_allows_mate(
    pieces: tuple[_Piece, ...], regions: list[int], fixed_bb: int, promoted: list[int],
    winner: chess.Color,
) -> bool:
    """Whether, on the over-approximation, ``winner`` might give mate (the test of
    :func:`_wall_proves_no_mate`)."""
    loser_king = 0
    attacked = checkable = loser_fixed = 0
    blockers: list[int] = []
    for (kind, color, _), region in zip(pieces, regions, strict=True):
        if color != winner and kind == chess.KING:
            loser_king = region
    occ = fixed_bb & ~loser_king
    for (kind, color, seed), region, after in zip(pieces, regions, promoted, strict=True):
        if color == winner:
            hits = _spread_any(kind, color, region, occ) | _spread_any(_PROMOTED, color, after, occ)
            attacked |= hits
            if kind != chess.KING:
                checkable |= hits
        elif kind != chess.KING:
            if region == seed and chess.popcount(seed) == 1 and seed & fixed_bb:
                loser_fixed |= seed
            else:
                blockers.append(region)
    for k in chess.scan_forward(loser_king & checkable):
        escapes = chess.BB_KING_ATTACKS[k] & ~attacked & ~loser_fixed
        needs = [[i for i, region in enumerate(blockers) if region & chess.BB_SQUARES[n]]
                 for n in chess.scan_forward(escapes)]
        if all(needs) and _has_matching(needs):
            return True
    return False


def _captures(
    pieces: tuple[_Piece, ...], regions: list[int], promoted: list[int], fixed_bb: int
) -> Iterator[tuple[_Piece, ...]]:
    """The abstract positions right after a first capture: the taker on the square it
    took on, the taken piece gone, every other piece anywhere in its region."""
    perm = [0, 0]
    for (kind, color, seed), region in zip(pieces, regions, strict=True):
        if region == seed and chess.popcount(seed) == 1 and seed & fixed_bb:
            step = kind <= chess.KNIGHT or kind == chess.KING
            perm[color] |= _spread_any(kind, color, seed, 0 if step else chess.BB_ALL)
    for x, (kind, color, _) in enumerate(pieces):
        region, after = regions[x], promoted[x]
        for y, (victim, vcolor, _) in enumerate(pieces):
            if vcolor == color or victim == chess.KING:
                continue
            target = regions[y]
            last = chess.BB_RANK_8 if color == chess.WHITE else chess.BB_RANK_1
            if kind == chess.PAWN:
                takes = _spread(chess.PAWN, color, region & ~after & ~last, 0) & target
                landings = [(chess.PAWN, takes & ~last),
                            (_PROMOTED, (takes & last) | (
                                _spread_any(_PROMOTED, color, after, fixed_bb) & target))]
            elif kind == chess.KING:
                landings = [(kind, _spread(kind, color, region, 0) & target & ~perm[vcolor])]
            else:
                landings = [(kind, _spread_any(kind, color, region, fixed_bb) & target)]
            for new_kind, land in landings:
                if not land:
                    continue
                yield tuple(
                    (new_kind, color, land) if i == x else (k, c, regions[i])
                    for i, (k, c, _) in enumerate(pieces) if i != y
                )


SPLIT_LIMIT = 100


def split_no_mate(board: chess.Board, winner: chess.Color, limit: int) -> bool:
    """True when ``winner`` can never mate (Article 6.9): the static over-approximation,
    re-run after every possible capture, never allows a mate. At most ``limit``
    abstract positions are examined; past that the answer is False (no proof)."""
    if board.castling_rights or board.has_legal_en_passant():
        return False
    root = tuple(
        (piece.piece_type, piece.color, chess.BB_SQUARES[sq])
        for sq, piece in sorted(board.piece_map().items())
    )
    stack = [root]
    seen = {root}
    while stack:
        pieces = stack.pop()
        if not any(c == winner and k != chess.KING for k, c, _ in pieces):
            continue  # a lone king never mates
        limit -= 1
        if limit < 0:
            return False
        regions, promoted, fixed_bb = _closure(pieces)
        if _closure_allows_mate(pieces, regions, fixed_bb, promoted, winner):
            return False
        for child in _captures(pieces, regions, promoted, fixed_bb):
            key = tuple(sorted(child))
            if key not in seen:
                seen.add(key)
                stack.append(key)
    return True
