"""Exhaustion: every arrangement of the men that can follow, the two kings carried along.

Article 9.6 of the 2005 Laws draws a game once "a checkmate cannot occur by any possible
series of legal moves"; Article 6.9 asks whether the opponent "cannot checkmate the
player's king by any possible series of legal moves". Both sides cooperating, that is a
reachability question: can a position where ``winner`` has mated be reached at all?

:func:`cannot_mate_before_exhaustion` answers it by visiting *every* reachable position,
which is affordable where play runs out: typically a side whose king can never move and
who has only pawns left (its moves are finitely many, so every line ends in stalemate or
a locked position, "stalemate first"), against a king that roams. The roaming king
multiplies the positions by the squares it may stand on without changing what the men
can do, so positions are grouped into *arrangements*: the men other than the kings, the
side to move and the en passant square, each carrying the exact set of king placements
``(white king, black king)`` it is reached with. The races these positions hinge on
(can a king eat a pawn and another pawn queen before the shut-in side runs out of
moves?) are thereby decided move by move, not estimated.

Why a True answer is a proof (the walk over-approximates, never under-approximates):

* every reachable position is represented: its arrangement is visited with its king
  pair in that arrangement's set (by induction on the moves played);
* a move of a man is generated and played by python-chess on the arrangement (no kings
  on it, hence pseudo-legal), then kept for exactly the king pairs where it can be
  played: neither king stands on a square the man passes or lands on, and the mover's
  king is then not attacked by an enemy man. A slider's attack counts every square the
  enemy king may occupy as a blocker (fewer attacks: only surely illegal pairs drop);
* king moves are made on the whole set at once with bitboards: a king steps to a square
  next to it that no own man holds, no enemy man attacks (same rule) and that is not
  next to the other king; it takes an enemy man no other enemy man then defends. With
  the men standing still both kings' shuffles are closed to a fixpoint;
* a position counts as a mate only if python-chess says so on the real board: wherever
  the side to move may be in check, each candidate king pair is set up and
  :meth:`chess.Board.is_checkmate` decides;
* a side reduced to its bare king never mates again, so an arrangement is not followed
  further once every colour still in question has nothing but its king.

When no arrangement's set grows any more, every reachable position has been seen and
none is a mate by ``winner``. The walk gives up (False: "not proved") when ``nodes`` is
spent, and for positions it does not model: castling rights, a king missing or doubled,
a pawn on its first or last rank. The same walk settles the other colour too: it is
kept, and where it stopped at the first colour's mate it goes on from there for the
other. A node costs some 5 to 8 microseconds.

Where the walk reaches a mate, :func:`mating_line` tries to rebuild it as a line of legal
moves. Every arrangement remembers those that gave it king pairs; from the mate, the walk's
rules are run *backwards* over them, now exact (the enemy king blocks a line only from the
one square it stands on), giving the king pairs from which the mate can be reached and in
how many moves. A best-first search over real boards (python-chess plays every move) then
keeps to those pairs, nearest the mate first: it plays the line almost straight off, or
finds at once that the start is not among them. The forward walk over-approximates, so
its mate may be unreachable: then the walk sets it aside and goes on to its next mate for
that colour (a colour with a mate set aside is never proved unable to mate), and if none
can be rebuilt nothing is claimed.

An *eager* walk takes the arrangements furthest from the start first (fewest men, then
fewest pawns, then the pawns furthest up): it reaches mates dozens of moves away within a
few thousand nodes where the plain order, which expands most arrangements once, would
first visit everything nearer.

The closure over everything reachable is the exhaustive phase of Miguel Ambrona's Chess
Unwinnability Analyzer (CHA); grouping the king placements is this module's own.
"""

from __future__ import annotations

import collections
import contextlib
import heapq

import chess

__all__ = [
    "cannot_mate_before_exhaustion",
    "has_reached_mate",
    "is_modelled",
    "king_room",
    "mating_line",
]

_Key = tuple[int, int, int, int, int, int, int, bool, int | None]
"""An arrangement: pawns, knights, bishops, rooks, queens, White's men, Black's men
(kings excluded), the side to move, the en passant square (only if a pawn could take)."""

_Relation = dict[int, int]
"""King placements: the index king's square -> bitboard of the other king's squares."""

_BB = chess.BB_SQUARES
_ALL = chess.BB_ALL
_KING = chess.BB_KING_ATTACKS
_KNIGHT = chess.BB_KNIGHT_ATTACKS
_DIAG_ATT, _DIAG_MASK = chess.BB_DIAG_ATTACKS, chess.BB_DIAG_MASKS
_FILE_ATT, _FILE_MASK = chess.BB_FILE_ATTACKS, chess.BB_FILE_MASKS
_RANK_ATT, _RANK_MASK = chess.BB_RANK_ATTACKS, chess.BB_RANK_MASKS
_NOT_A = _ALL & ~chess.BB_FILE_A
_NOT_H = _ALL & ~chess.BB_FILE_H
_BETWEEN = [[chess.between(a, b) for b in chess.SQUARES] for a in chess.SQUARES]
_BACK_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8
_NEIGHBOURS = [tuple(chess.scan_forward(_KING[square])) for square in chess.SQUARES]
_APART = [_ALL & ~_KING[square] & ~_BB[square] for square in chess.SQUARES]
"""The squares a king may stand on while the other stands on a given square."""


_State = tuple[_Key, int, int]
"""An arrangement with its two kings: the white king's square, the black king's."""

_Layers = dict[_Key, list[tuple[int, _Relation]]]
"""For a mate the walk reached: for each arrangement, its king pairs from which the
walk's moves lead to the mate, grouped by how many moves (fewest first)."""


class _OutOfNodes(Exception):
    """The node budget is spent."""


def _step(bb: int) -> int:
    """Every square next to a square of ``bb`` (a king's step from each)."""
    side = ((bb << 1) & _NOT_A) | ((bb >> 1) & _NOT_H)
    both = side | bb
    return (side | (both << 8) | (both >> 8)) & _ALL


_Men = tuple[int, tuple[int, ...], tuple[int, ...]]
"""The men of one colour as attackers: what its pawns and knights attack, the squares of
its diagonal sliders and those of its rank-and-file sliders."""


def _men(key: _Key, color: chess.Color) -> _Men:
    """The men of ``color`` (kings apart) of an arrangement, as attackers."""
    pawns, knights, bishops, rooks, queens = key[0], key[1], key[2], key[3], key[4]
    men = key[5] if color == chess.WHITE else key[6]
    own_pawns = men & pawns
    if color == chess.WHITE:
        fixed = (((own_pawns & _NOT_A) << 7) | ((own_pawns & _NOT_H) << 9)) & _ALL
    else:
        fixed = ((own_pawns & _NOT_A) >> 9) | ((own_pawns & _NOT_H) >> 7)
    for square in chess.scan_forward(men & knights):
        fixed |= _KNIGHT[square]
    return (fixed, tuple(chess.scan_forward(men & (bishops | queens))),
            tuple(chess.scan_forward(men & (rooks | queens))))


def _attacked(men: _Men, blockers: int) -> int:
    """Squares ``men`` attack, sliders stopping at ``blockers``."""
    out, diagonal, straight = men
    for square in diagonal:
        out |= _DIAG_ATT[square][_DIAG_MASK[square] & blockers]
    for square in straight:
        out |= (_RANK_ATT[square][_RANK_MASK[square] & blockers]
                | _FILE_ATT[square][_FILE_MASK[square] & blockers])
    return out


def _shielded(men: _Men, occupied: int, square: int, kings: int) -> int:
    """The squares of ``kings`` from which a king shields ``square`` from every attack of
    ``men`` (the board's men on ``occupied``): none if a pawn or knight attacks it."""
    if men[0] >> square & 1:
        return 0
    out = 0
    for king in chess.scan_forward(kings):
        if not _attacked(men, occupied | _BB[king]) >> square & 1:
            out |= _BB[king]
    return out


def _came_from(out: _Relation, square: int, others: int, known: _Relation) -> None:
    """Add to ``out`` the pairs of ``known`` with the index king next to ``square`` and the
    other king on ``others``: where the index king stood before stepping to ``square``."""
    if others:
        for before in _NEIGHBOURS[square]:
            rest = others & known.get(before, 0)
            if rest:
                out[before] = out.get(before, 0) | rest


def _key(board: chess.Board) -> _Key:
    """The arrangement of a board without kings (en passant only when a pawn may take)."""
    ep = board.ep_square
    if ep is not None and not board.has_pseudo_legal_en_passant():
        ep = None
    return (board.pawns, board.knights, board.bishops, board.rooks, board.queens,
            board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.turn, ep)


def _board(key: _Key) -> chess.Board:
    """A python-chess board holding the arrangement (no kings, no castling rights)."""
    board = chess.Board.empty()
    board.pawns, board.knights, board.bishops, board.rooks, board.queens = key[:5]
    board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK] = key[5], key[6]
    board.occupied = key[5] | key[6]
    board.turn = key[7]
    board.ep_square = key[8]
    return board


def _shuffled(key: _Key) -> _Key:
    """The arrangement after a quiet king move: the other side to move, no en passant."""
    return (*key[:7], not key[7], None)


def _without(key: _Key, square: int) -> _Key:
    """The arrangement after a king took the man on ``square``."""
    keep = ~_BB[square]
    return (key[0] & keep, key[1] & keep, key[2] & keep, key[3] & keep, key[4] & keep,
            key[5] & keep, key[6] & keep, not key[7], None)


def _played(key: _Key, move: chess.Move) -> _Key:
    """The arrangement after ``move``, a pseudo-legal move of a man python-chess generated
    on it (what :meth:`chess.Board.push` would leave, as :func:`_key` sees it)."""
    source, target = _BB[move.from_square], _BB[move.to_square]
    pawns, knights, bishops, rooks, queens, white, black, mover, _ = key
    gone = target | source
    ep = None
    if pawns & source:
        moved = move.promotion or chess.PAWN
        if move.to_square == key[8]:  # en passant: the pawn taken stands behind
            gone |= _BB[move.to_square - 8 if mover == chess.WHITE else move.to_square + 8]
        elif abs(move.to_square - move.from_square) == 16:
            square = (move.from_square + move.to_square) // 2
            if pawns & (black if mover == chess.WHITE else white) & (
                    chess.BB_PAWN_ATTACKS[mover][square]):
                ep = square
    elif knights & source:
        moved = chess.KNIGHT
    elif bishops & source:
        moved = chess.BISHOP
    elif rooks & source:
        moved = chess.ROOK
    else:
        moved = chess.QUEEN
    keep = ~gone
    pawns, knights, bishops = pawns & keep, knights & keep, bishops & keep
    rooks, queens, white, black = rooks & keep, queens & keep, white & keep, black & keep
    if moved == chess.PAWN:
        pawns |= target
    elif moved == chess.KNIGHT:
        knights |= target
    elif moved == chess.BISHOP:
        bishops |= target
    elif moved == chess.ROOK:
        rooks |= target
    else:
        queens |= target
    if mover == chess.WHITE:
        white |= target
    else:
        black |= target
    return (pawns, knights, bishops, rooks, queens, white, black, not mover, ep)


def _progress(key: _Key) -> tuple[int, int, int]:
    """How far play has gone: fewer men, then fewer pawns, then White's pawns further up
    and Black's further down (as integers, a pawn's step up the board raises White's
    bitboard and lowers Black's). Every move of a man raises it, so taking arrangements
    in this order expands most of them once, when all their king pairs are known."""
    men = key[5] | key[6]
    return -men.bit_count(), -key[0].bit_count(), (key[0] & key[5]) - (key[0] & key[6])


def _merge(into: _Relation, new: _Relation) -> bool:
    """Add the pairs of ``new`` to ``into``; whether any was new."""
    grew = False
    for square, others in new.items():
        old = into.get(square, 0)
        if others & ~old:
            into[square] = old | others
            grew = True
    return grew


def _grow(into: _Relation, new: _Relation) -> _Relation:
    """Add the pairs of ``new`` to ``into``; the pairs that were not there yet."""
    added: _Relation = {}
    for square, others in new.items():
        old = into.get(square, 0)
        fresh = others & ~old
        if fresh:
            into[square] = old | others
            added[square] = fresh
    return added


def _index_squares(relation: _Relation) -> int:
    out = 0
    for square in relation:
        out |= _BB[square]
    return out


def _other_squares(relation: _Relation) -> int:
    out = 0
    for others in relation.values():
        out |= others
    return out


def _region(board: chess.Board, color: chess.Color) -> int:
    """Roughly where the king of ``color`` can walk now: a flood over squares its own men
    do not hold and the enemy pawns do not attack (only to choose the index king)."""
    king = board.king(color)
    assert king is not None
    enemy_pawns = board.pawns & board.occupied_co[not color]
    attacked = 0
    for square in chess.scan_forward(enemy_pawns):
        attacked |= chess.BB_PAWN_ATTACKS[not color][square]
    free = _ALL & ~board.occupied_co[color] & ~attacked
    region = _BB[king]
    while True:
        grown = region | (_step(region) & free)
        if grown == region:
            return region
        region = grown


class _Walk:
    """The closure over arrangements (see the module doc).

    The king pairs of an arrangement are kept as a map from the square of one king, the
    *index* king (the one with less room, so that the map stays small), to the bitboard
    of the squares the *other* king occupies with it."""

    def __init__(self, board: chess.Board, asked: chess.Color, nodes: int,
                 eager: bool = False) -> None:
        self.asked = asked
        self.nodes = nodes
        self.order = -1 if eager else 1
        """1: the arrangements nearest the start first; -1: the furthest first."""
        self.open = {color for color in chess.COLORS
                     if board.occupied_co[color] & ~board.kings}
        """The colours still to prove (a lone king stays alone: it never mates)."""
        self.mating: set[chess.Color] = set()
        """The colours a mate was found for."""
        self.dropped: set[chess.Color] = set()
        """The colours a mate was set aside for (no line to it was rebuilt): the walk goes
        on looking for another, and never proves they cannot mate."""
        white, black = board.king(chess.WHITE), board.king(chess.BLACK)
        assert white is not None and black is not None
        self.index: chess.Color = (
            chess.WHITE if _region(board, chess.WHITE).bit_count()
            <= _region(board, chess.BLACK).bit_count() else chess.BLACK)
        self.relations: dict[_Key, _Relation] = {}
        self.expanded: dict[_Key, _Relation] = {}
        self.children: dict[_Key, list[tuple[int, _Key, _Men]]] = {}
        self.men: dict[tuple[_Key, chess.Color], _Men] = {}
        self.parents: dict[_Key, set[_Key]] = {}
        """The arrangements that gave each arrangement new king pairs (to rebuild lines)."""
        self.mates: dict[chess.Color, tuple[_Key, tuple[int, int]]] = {}
        """For each colour in :attr:`mating`, the arrangement its mate was found in and
        the king pair (mated king, mating king)."""
        self.queue: list[tuple[tuple[int, int, int], int, _Key]] = []
        self.serial = 0
        root = board.copy(stack=False)
        root.remove_piece_at(white)
        root.remove_piece_at(black)
        if self.index == chess.WHITE:
            self._add(_key(root), {white: _BB[black]})
        else:
            self._add(_key(root), {black: _BB[white]})

    def _spend(self, nodes: int = 1) -> None:
        self.nodes -= nodes  # checked between arrangements, so the walk can go on later

    def _add(self, key: _Key, relation: _Relation, parent: _Key | None = None) -> None:
        if not relation:
            return
        known = self.relations.get(key)
        if known is None:
            self.relations[key] = dict(relation)
        elif not _merge(known, relation):
            return
        if parent is not None:
            self.parents.setdefault(key, set()).add(parent)
        self._queue(key)

    def _queue(self, key: _Key) -> None:
        self.serial += 1
        men, pawns, advance = _progress(key)
        order = self.order
        heapq.heappush(self.queue, ((order * men, order * pawns, order * advance),
                                    self.serial, key))

    def drop(self, color: chess.Color) -> None:
        """Set the mate found for ``color`` aside and look on for another."""
        self.mating.discard(color)
        del self.mates[color]
        self.open.add(color)
        self.dropped.add(color)

    def run(self) -> bool:
        """Walk until nothing is left to visit (True), or the asked colour's mate turns
        up (False); raises :class:`_OutOfNodes` when the budget is spent first. It stops
        between two arrangements, so with more :attr:`nodes` it can go on."""
        while self.queue and self.open:
            if self.nodes < 0:
                raise _OutOfNodes
            key = heapq.heappop(self.queue)[2]
            if self.expanded.get(key) == self.relations[key]:
                continue
            self._expand(key)
            if self.asked in self.mating:
                return False
        return True

    # -- one arrangement --------------------------------------------------------------

    def _expand(self, key: _Key) -> None:
        """Look for mates among the king pairs not expanded yet, and generate their
        successors."""
        self._spend()
        mover = key[7]
        if key[8] is None:
            self._shuffle(key)
        relation = self.relations[key]
        done = self.expanded.get(key, {})
        fresh: _Relation = {}
        for square, others in relation.items():
            others &= ~done.get(square, 0)
            if others:
                fresh[square] = others
        self.expanded[key] = dict(relation)
        mater = not mover
        mate = self._mated(key, fresh, mater) if mater in self.open else None
        if mate is not None:
            self.open.discard(mater)
            self.mating.add(mater)
            self.mates[mater] = key, mate
        if not any(key[5 if color == chess.WHITE else 6] for color in self.open):
            return  # the colours still open have a lone king: it never mates
        self._men_moves(key, relation, fresh)
        self._king_captures(key, relation, fresh)
        if key[8] is not None:
            self._add(_shuffled(key), self._king_steps(key, fresh, mover, relation), key)

    def _men_moves(self, key: _Key, relation: _Relation, fresh: _Relation) -> None:
        """Every move of a man, kept for the ``fresh`` king pairs where it is legal (the
        enemy king may stand on any square ``relation`` gives it, as a blocker)."""
        mover = key[7]
        children = self.children.get(key)
        if children is None:
            children = []
            theirs = 6 if mover == chess.WHITE else 5
            unchanged = self._men_of(key, not mover)  # the enemy's men, where none is taken
            for move in _board(key).generate_pseudo_legal_moves():
                child = _played(key, move)
                men = (self.men.setdefault((child, not mover), unchanged)
                       if child[theirs] == key[theirs] else self._men_of(child, not mover))
                children.append((_BB[move.to_square] | _BETWEEN[move.from_square][move.to_square],
                                 child, men))
            self.children[key] = children
            self._spend(len(children))  # the positions played
            cost = len(fresh) // 8
        else:
            cost = 1 + len(fresh) // 8  # an arrangement seen again, with new king pairs
        self._spend(cost * len(children))  # each move applied to the fresh pairs
        if mover == self.index:
            blockers = _other_squares(relation)
            for path, child, enemy in children:
                bad = path | _attacked(enemy, child[5] | child[6] | blockers)
                self._add(child, {square: rest for square, others in fresh.items()
                                  if not bad >> square & 1 and (rest := others & ~path)},
                          key)
        else:
            blockers = _index_squares(relation)
            for path, child, enemy in children:
                bad = path | _attacked(enemy, child[5] | child[6] | blockers)
                self._add(child, {square: rest for square, others in fresh.items()
                                  if not path >> square & 1 and (rest := others & ~bad)},
                          key)

    def _men_of(self, key: _Key, color: chess.Color) -> _Men:
        """:func:`_men`, remembered."""
        men = self.men.get((key, color))
        if men is None:
            men = self.men[key, color] = _men(key, color)
        return men

    def _king_steps(self, key: _Key, relation: _Relation, mover: chess.Color,
                    everyone: _Relation | None = None, part: _Relation | None = None
                    ) -> _Relation:
        """The pairs after a quiet move of ``mover``'s king (the men stand still) from the
        pairs of ``relation`` (only from those of ``part``, if given: the others were
        stepped already); the enemy king may block on any square of ``everyone``."""
        self._spend(1 + len(relation) // 8)
        occupied = key[5] | key[6]
        everyone = relation if everyone is None else everyone
        relation = relation if part is None else part
        out: _Relation = {}
        free = _ALL & ~occupied & ~_attacked(self._men_of(key, not mover),
                                             occupied | self._blockers(everyone, mover))
        if mover == self.index:
            reached = [0] * 64
            for square, others in relation.items():
                for to in _NEIGHBOURS[square]:
                    reached[to] |= others
            for to in chess.scan_forward(free & _step(_index_squares(relation))):
                rest = reached[to] & _APART[to]
                if rest:
                    out[to] = rest
        else:
            for square, others in relation.items():
                side = ((others << 1) & _NOT_A) | ((others >> 1) & _NOT_H)
                both = side | others
                rest = (side | (both << 8) | (both >> 8)) & free & _APART[square]
                if rest:
                    out[square] = rest
        return out

    def _blockers(self, relation: _Relation, mover: chess.Color) -> int:
        """The squares the king of the side not to move (``mover``'s enemy) may hold."""
        return _other_squares(relation) if mover == self.index else _index_squares(relation)

    def _shuffle(self, key: _Key) -> None:
        """Both kings move while the men stand still: close this arrangement and the
        same one with the other side to move under king moves. Each round steps only the
        pairs new since the last, unless the enemy king's squares (blockers) changed."""
        other = _shuffled(key)
        sides = (key, other)
        relations = (self.relations[key], self.relations.setdefault(other, {}))
        last: list[int | None] = [None, None]  # the blockers of each side's last round
        new: list[_Relation] = [relations[0], {}]  # the pairs added since
        turn = 0
        grew = False
        while True:
            side, relation = sides[turn], relations[turn]
            blockers = self._blockers(relation, side[7])
            part = new[turn] if last[turn] == blockers else None
            last[turn] = blockers
            added = _grow(relations[1 - turn],
                          self._king_steps(side, relation, side[7], None, part))
            if not added:
                break
            self.parents.setdefault(sides[1 - turn], set()).add(side)
            grew = grew or turn == 0
            new[1 - turn] = added
            turn = 1 - turn
        if grew:
            self._queue(other)

    def _king_captures(self, key: _Key, relation: _Relation, fresh: _Relation) -> None:
        """The mover's king (in a ``fresh`` pair) takes an enemy man that no other enemy
        man then defends."""
        mover = key[7]
        prey = key[6] if mover == chess.WHITE else key[5]
        if mover == self.index:
            kings, blockers = _index_squares(fresh), _other_squares(relation)
        else:
            kings, blockers = _other_squares(fresh), _index_squares(relation)
        for target in chess.scan_forward(_step(kings) & prey):
            self._spend()
            child = _without(key, target)
            if _attacked(self._men_of(child, not mover),
                         child[5] | child[6] | blockers) & _BB[target]:
                continue
            new: _Relation = {}
            if mover == self.index:
                others = 0
                for square, other_set in fresh.items():
                    if _KING[square] & _BB[target]:
                        others |= other_set
                others &= ~_KING[target]
                if others:
                    new[target] = others
            else:
                for square, other_set in fresh.items():
                    if _step(other_set) & _BB[target] and not _KING[square] & _BB[target]:
                        new[square] = _BB[target]
            self._add(child, new, key)

    def layers(self, color: chess.Color) -> _Layers:
        """For the mate of ``color``, the king pairs of every arrangement from which the
        walk's moves lead to it, by how many moves (backwards from the mate, layer by
        layer: each arrangement's list holds the pairs first found at each distance)."""
        final, (mated, mating) = self.mates[color]
        index = self.index
        start = ({mated: _BB[mating]} if color != index else {mating: _BB[mated]})
        good: dict[_Key, _Relation] = {final: dict(start)}
        layers: _Layers = {final: [(0, start)]}
        delta: dict[_Key, _Relation] = {final: start}
        distance = 0
        while delta:
            distance += 1
            found: dict[_Key, _Relation] = {}
            for key, new in delta.items():
                for parent in self.parents.get(key, ()):
                    known = self.relations.get(parent)
                    if known is None:
                        continue
                    pairs = self._before(parent, key, new, known)
                    if pairs:
                        _merge(found.setdefault(parent, {}), pairs)
            delta = {}
            for key, pairs in found.items():
                added = _grow(good.setdefault(key, {}), pairs)
                if added:
                    delta[key] = added
                    layers.setdefault(key, []).append((distance, added))
        return layers

    def _before(self, key: _Key, child: _Key, after: _Relation, known: _Relation
                ) -> _Relation:
        """The pairs of ``known`` (arrangement ``key``) from which one move leads to a
        pair of ``after`` in ``child``: the forward walk's rules run backwards, but exact
        (the enemy king blocks only from its own square, not from every square it may
        hold), so that python-chess finds the moves legal when the line is rebuilt."""
        mover = key[7]
        index = mover == self.index  # whether the index king is the mover's
        out: _Relation = {}
        if key[:7] == child[:7]:  # a quiet king move: the king steps onto a safe square
            occupied = key[5] | key[6]
            enemy = self._men_of(key, not mover)
            if index:
                widest = _attacked(enemy, occupied)
                for to, others in after.items():
                    if widest >> to & 1:
                        others = _shielded(enemy, occupied, to, others)
                    _came_from(out, to, others, known)
            else:
                for square, others in after.items():
                    safe = others & ~_attacked(enemy, occupied | _BB[square])
                    rest = _step(safe) & known.get(square, 0)
                    if rest:
                        out[square] = rest
            return out
        occupied = child[5] | child[6]
        enemy = self._men_of(child, not mover)
        if child[5 if mover == chess.WHITE else 6] == key[5 if mover == chess.WHITE else 6]:
            # The mover's king took the man on ``target``, which nothing then defends.
            target = chess.lsb((key[5] | key[6]) & ~occupied)
            if index:
                others = after.get(target, 0)
                if others and _attacked(enemy, occupied) >> target & 1:
                    others = _shielded(enemy, occupied, target, others)
                _came_from(out, target, others, known)
            else:
                for square, others in after.items():
                    if others >> target & 1 and not (
                            _attacked(enemy, occupied | _BB[square]) >> target & 1):
                        rest = _KING[target] & known.get(square, 0)
                        if rest:
                            out[square] = rest
            return out
        # A man moved: the kings stand off its path, and the mover's is then safe.
        widest = _attacked(enemy, occupied) if index else 0
        for path, played, _ in self.children.get(key, ()):
            if played != child:
                continue
            if index:
                for square, others in after.items():
                    rest = others & ~path & known.get(square, 0)
                    if rest and not path >> square & 1:
                        if widest >> square & 1:
                            rest = _shielded(enemy, occupied, square, rest)
                        if rest:
                            out[square] = out.get(square, 0) | rest
            else:
                for square, others in after.items():
                    if not path >> square & 1:
                        rest = others & ~path & known.get(square, 0)
                        if rest:
                            rest &= ~_attacked(enemy, occupied | _BB[square])
                            if rest:
                                out[square] = out.get(square, 0) | rest
        return out

    def _mated(self, key: _Key, relation: _Relation, winner: chess.Color
               ) -> tuple[int, int] | None:
        """A king pair (mated, mating) of ``relation`` that is a mate by ``winner`` (decided
        by python-chess on the real board, for the pairs a cheap test cannot rule out)."""
        loser = not winner
        attacked = _attacked(self._men_of(key, winner), key[5] | key[6])  # the most they attack
        own = key[5] if loser == chess.WHITE else key[6]

        def need(king: int) -> int:
            """Where the winner's king must stand: next to (or on) every flight of a
            king on ``king`` that no man of the winner covers."""
            out = _ALL
            for flight in chess.scan_forward(_KING[king] & ~own & ~attacked):
                out &= _KING[flight] | _BB[flight]
            return out

        candidates: list[tuple[int, int]] = []  # (loser's king, winner's king)
        if loser == self.index:
            for square in chess.scan_forward(_index_squares(relation) & attacked):
                self._spend()
                others = relation[square] & need(square)
                candidates += [(square, other) for other in chess.scan_forward(others)]
        else:
            index = _index_squares(relation)
            for other in chess.scan_forward(_other_squares(relation) & attacked):
                self._spend()
                for square in chess.scan_forward(need(other) & index):
                    if relation[square] & _BB[other]:
                        candidates.append((other, square))
        for mated, mating in candidates:
            self._spend()
            board = _board(key)
            board.set_piece_at(mated, chess.Piece(chess.KING, loser))
            board.set_piece_at(mating, chess.Piece(chess.KING, winner))
            if board.is_checkmate():
                return mated, mating
        return None


def _arrangement(board: chess.Board) -> _State:
    """The arrangement of a board with its kings: the white king's square, the black's."""
    kings = board.kings
    ep = board.ep_square
    if ep is not None and not board.has_pseudo_legal_en_passant():
        ep = None
    key = (board.pawns, board.knights, board.bishops, board.rooks, board.queens,
           board.occupied_co[chess.WHITE] & ~kings, board.occupied_co[chess.BLACK] & ~kings,
           board.turn, ep)
    white, black = chess.lsb(kings & board.occupied_co[chess.WHITE]), \
        chess.lsb(kings & board.occupied_co[chess.BLACK])
    return key, white, black


def _guided(board: chess.Board, index: chess.Color, layers: _Layers, states: int
            ) -> list[chess.Move] | None:
    """A line of legal moves from ``board`` to the mate of ``layers`` (see
    :meth:`_Walk.layers`) through the king pairs they hold: best first, the fewest walk
    moves from the mate first (the latest found, among equals); None after ``states``
    positions."""

    def distance(key: _Key, white: int, black: int) -> int | None:
        square, other = (white, black) if index == chess.WHITE else (black, white)
        for moves, pairs in layers.get(key, ()):
            if pairs.get(square, 0) >> other & 1:
                return moves
        return None

    start = board.copy(stack=False)
    here = _arrangement(start)
    first = distance(*here)
    if first is None:
        return None
    seen: dict[_State, tuple[_State, chess.Move] | None] = {here: None}
    serial = 0
    queue = [(first, serial, start, here)]
    while queue and states > 0:
        _, _, current, here = heapq.heappop(queue)
        before, white, black = here
        mover = before[7]
        king, prey = (white, before[6]) if mover == chess.WHITE else (black, before[5])
        for move in current.generate_pseudo_legal_moves():
            # The arrangement after the move, as :func:`_arrangement` would see it.
            if move.from_square != king:
                key, white, black = _played(before, move), here[1], here[2]
            else:
                key = (_without(before, move.to_square) if prey >> move.to_square & 1
                       else _shuffled(before))
                white, black = ((move.to_square, here[2]) if mover == chess.WHITE
                                else (here[1], move.to_square))
            state = (key, white, black)
            if state in seen:
                continue
            moves = distance(*state)
            if moves is None:
                continue
            current.push(move)
            if not current.was_into_check():
                seen[state] = (here, move)
                if moves == 0 and current.is_checkmate():
                    line = []
                    back: tuple[_State, chess.Move] | None = seen[state]
                    while back is not None:
                        line.append(back[1])
                        back = seen[back[0]]
                    return line[::-1]
                states -= 1
                serial -= 1
                heapq.heappush(queue, (moves, serial, current.copy(stack=False), state))
            current.pop()
    return None


class _Remembered:
    """A walk kept for later calls: how far it got, the mates it reached, its budget."""

    def __init__(self, walk: _Walk, nodes: int) -> None:
        self.walk = walk
        self.nodes = nodes
        """The nodes granted so far."""
        self.complete = False
        """Every reachable arrangement was visited: a colour with no mate cannot mate."""

    def settle(self, winner: chess.Color, nodes: int) -> bool:
        """Whether ``winner`` cannot mate, proved within ``nodes``, walking on from where
        the walk stopped if needed.

        The walk stops between two arrangements, where the colour asked about mates or
        its nodes run out, so going on (for the other colour, or with more nodes) does
        exactly the work a fresh walk would, without repeating what is done. A proof or
        a mate, once found, does not depend on the budget it took.
        """
        walk = self.walk
        if not self.complete and winner not in walk.mating:
            if nodes > self.nodes:
                walk.nodes += nodes - self.nodes
                self.nodes = nodes
            walk.asked = winner
            with contextlib.suppress(_OutOfNodes):  # spent: not proved within ``nodes``
                self.complete = walk.run()
        return self.complete and winner not in walk.mating and winner not in walk.dropped

    def line(self, board: chess.Board, winner: chess.Color, states: int
             ) -> list[chess.Move] | None:
        """The line of :func:`_guided` to a mate of ``winner`` the walk reached, if any:
        where none leads to the first mate, the walk goes on (within its nodes) to the
        next, up to ``_RETRIES`` times."""
        walk = self.walk
        for _ in range(_RETRIES + 1):
            if winner not in walk.mating:
                return None
            line = _guided(board, walk.index, walk.layers(winner), states)
            if line is not None or self.complete or walk.nodes < 0:
                return line
            walk.drop(winner)
            walk.asked = winner
            with contextlib.suppress(_OutOfNodes):
                self.complete = walk.run()
        return None


_WALKS: collections.OrderedDict[tuple[str, bool], _Remembered] = collections.OrderedDict()
"""The latest walks, by position and order (eager or not): one walk settles both colours
(a dead position is asked about twice, once for each side), and a later call with more
nodes goes on."""
_REMEMBERED = 4  # both colours of one position are asked in turn, in both orders
_STATES = 4_000
_RETRIES = 8  # mates set aside for one colour before the walk gives up looking on


def is_modelled(board: chess.Board) -> bool:
    """Whether the walk models ``board``: no castling rights, no pawn on its first or
    last rank, one king of each colour."""
    return not (board.clean_castling_rights() or board.pawns & _BACK_RANKS) and all(
        len(board.pieces(chess.KING, color)) == 1 for color in chess.COLORS)


def has_reached_mate(board: chess.Board, winner: chess.Color) -> bool:
    """Whether the last walk from ``board`` (not an eager one) reached a mate by
    ``winner``, perhaps one that cannot happen (the walk over-approximates) and was set
    aside."""
    remembered = _WALKS.get((board.epd(), False))
    return remembered is not None and (
        winner in remembered.walk.mating or winner in remembered.walk.dropped)


def king_room(board: chess.Board) -> float:
    """How many squares the king with less room stands on per arrangement, on average,
    in the last walk from ``board`` (0.0 if there is none). About one where that king is
    shut in, the walk's best case; where both kings roam, the arrangements multiply by
    their squares and a proof is out of reach."""
    remembered = _WALKS.get((board.epd(), False))
    if remembered is None or not remembered.walk.relations:
        return 0.0
    relations = remembered.walk.relations
    return sum(len(relation) for relation in relations.values()) / len(relations)


def cannot_mate_before_exhaustion(board: chess.Board, winner: chess.Color, *,
                                  nodes: int, eager: bool = False) -> bool:
    """True only if no series of legal moves from `board` ends in checkmate by `winner`.

    Visits every reachable arrangement of the men (see the module doc); ``nodes`` bounds
    the work (positions python-chess plays, arrangements expanded, moves of a man applied
    to a set of king pairs, king-move rounds, boards tested for mate). False means "not
    proved": the budget ran out, a mate was found, or the position is outside what the
    walk models (castling rights, a king missing or doubled, a pawn on its first or last
    rank). The walk looks for the other colour's mates too and is kept, by position, for
    the next calls: both sides of a position cost one walk, and a call with a larger
    ``nodes`` goes on where the last one stopped (the walk keeps the largest allowance
    asked so far; it checks it between arrangements, so it may overrun by one).

    An ``eager`` walk (kept apart) takes the arrangements furthest from the start
    first: it reaches far-off mates sooner, but expands arrangements again as their
    king pairs grow, so it proves less within the same nodes.
    """
    if not is_modelled(board):
        return False
    if not board.occupied_co[winner] & ~board.kings:
        return True  # a lone king never mates, and never gets company
    memo = board.epd(), eager
    remembered = _WALKS.get(memo)
    if remembered is None:
        remembered = _WALKS[memo] = _Remembered(_Walk(board, winner, nodes, eager), nodes)
        while len(_WALKS) > _REMEMBERED:
            _WALKS.popitem(last=False)  # the oldest walk
    return remembered.settle(winner, nodes)


def mating_line(board: chess.Board, winner: chess.Color, *, nodes: int,
                states: int = _STATES, eager: bool = False) -> list[chess.Move] | None:
    """Where the walk of :func:`cannot_mate_before_exhaustion` (same ``nodes`` and
    ``eager``) reached a mate by ``winner``, a line of legal moves from ``board`` to a
    checkmate (Article 9.6: the position is not dead), played by python-chess through
    the king pairs from which the walk's moves lead to that mate; None if there is none
    or ``states`` positions did not find it (the walk over-approximates: its mate may
    not be reachable)."""
    if cannot_mate_before_exhaustion(board, winner, nodes=nodes, eager=eager):
        return None
    remembered = _WALKS.get((board.epd(), eager))
    if remembered is None:
        return None
    return remembered.line(board, winner, states)
