"""Where every piece can ever go: a static proof that a side can never checkmate.

A sound over-approximation ("saturation") of the squares each man may still reach, of
the men that can never move nor be taken, of the squares no man can ever enter and of
the squares always attacked. When no square the losing king may ever stand on can be
attacked with every flight square covered, no series of legal moves ends in mate by the
intended winner: Article 9.6 (a dead position) and Article 6.9 ("cannot checkmate ...
by any possible series of legal moves"), 2005 Laws. The answer is one-sided: True is a
proof, False only means "not proved".

The method is Miguel Ambrona's static deduction in the Chess Unwinnability Analyzer
(CHA, the chasolver project), reimplemented here on python-chess bitboards. It reasons
for White as the winner; Black is handled on the colour-mirrored board. Where a rule of
the published method leans on facts that the move it judges may itself upset (the
stalemate and "Black mates first" rules, which pawns can take which men, the last-man
rule), this version uses a stricter form; castling rights and an en passant capture
available now are taken into account.
"""

from __future__ import annotations

import dataclasses

import chess

__all__ = ["Mobility", "is_statically_unwinnable", "mobility"]

_ALL = chess.BB_ALL
_BB = chess.BB_SQUARES
_KING_ATT = chess.BB_KING_ATTACKS
_KNIGHT_ATT = chess.BB_KNIGHT_ATTACKS
_PAWN_ATT = chess.BB_PAWN_ATTACKS
_DIAG_ATT, _DIAG_MASK = chess.BB_DIAG_ATTACKS, chess.BB_DIAG_MASKS
_FILE_ATT, _FILE_MASK = chess.BB_FILE_ATTACKS, chess.BB_FILE_MASKS
_RANK_ATT, _RANK_MASK = chess.BB_RANK_ATTACKS, chess.BB_RANK_MASKS
_LINE = chess.BB_RAYS
_FILE_OF = [chess.BB_FILES[square & 7] for square in chess.SQUARES]
_PROMOTION_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8
_WAY = [[chess.between(a, b) | _BB[a] | _BB[b] for b in chess.SQUARES] for a in chess.SQUARES]
"""``_WAY[a][b]``: the squares a move from ``a`` to ``b`` passes, both ends included."""


def _away(a: int, b: int) -> int:
    """The squares on the line from ``b`` through ``a`` that lie beyond ``a``."""
    if a == b or not _LINE[a][b]:
        return 0
    file_step = (chess.square_file(a) > chess.square_file(b)) - (
        chess.square_file(a) < chess.square_file(b))
    rank_step = (chess.square_rank(a) > chess.square_rank(b)) - (
        chess.square_rank(a) < chess.square_rank(b))
    file, rank, away = chess.square_file(a), chess.square_rank(a), 0
    while 0 <= file + file_step < 8 and 0 <= rank + rank_step < 8:
        file, rank = file + file_step, rank + rank_step
        away |= _BB[chess.square(file, rank)]
    return away


_AWAY = [[_away(a, b) for b in chess.SQUARES] for a in chess.SQUARES]
"""``_AWAY[a][b]``: the squares on the line from ``b`` through ``a`` beyond ``a``."""
_PUSH = [[_BB[s - 8] if s >= 8 else 0 for s in chess.SQUARES],
         [_BB[s + 8] if s < 56 else 0 for s in chess.SQUARES]]
_DOUBLE_PUSH = [[_BB[s - 16] if 48 <= s < 56 else 0 for s in chess.SQUARES],
                [_BB[s + 16] if 8 <= s < 16 else 0 for s in chess.SQUARES]]
"""Where a pawn of each colour lands with a double step (``_PUSH``: a single one)."""
_PAWN, _KNIGHT, _BISHOP, _ROOK, _QUEEN, _KING = chess.PAWN, chess.KNIGHT, chess.BISHOP, \
    chess.ROOK, chess.QUEEN, chess.KING
_WHITE, _BLACK = chess.WHITE, chess.BLACK


def _popcount(bb: int) -> int:
    return bb.bit_count()


def _attacks(piece: int, color: bool, square: int, occupied: int) -> int:
    """Squares ``piece`` on ``square`` attacks (a king also covers its own square)."""
    if piece == _PAWN:
        return _PAWN_ATT[color][square]
    if piece == _KNIGHT:
        return _KNIGHT_ATT[square]
    if piece == _KING:
        return _KING_ATT[square] | _BB[square]
    attacks = 0
    if piece != _ROOK:
        attacks = _DIAG_ATT[square][_DIAG_MASK[square] & occupied]
    if piece != _BISHOP:
        attacks |= (_RANK_ATT[square][_RANK_MASK[square] & occupied]
                    | _FILE_ATT[square][_FILE_MASK[square] & occupied])
    return attacks


def _moves(piece: int, color: bool, square: int, blockers: int) -> int:
    """Where ``piece`` may step from ``square`` past ``blockers`` (pawns: pushes only)."""
    if piece == _PAWN:
        if color == _WHITE:
            if square >= 56 or blockers & _BB[square + 8]:
                return 0
            if square < 16 and not blockers & _BB[square + 16]:
                return _BB[square + 8] | _BB[square + 16]
            return _BB[square + 8]
        if square < 8 or blockers & _BB[square - 8]:
            return 0
        if square >= 48 and not blockers & _BB[square - 16]:
            return _BB[square - 8] | _BB[square - 16]
        return _BB[square - 8]
    if piece == _KING:
        return _KING_ATT[square]
    return _attacks(piece, color, square, blockers)


def _king_cover(bb: int) -> int:
    """Every square next to some square of ``bb``."""
    cover = 0
    for square in chess.scan_forward(bb):
        cover |= _KING_ATT[square]
    return cover


@dataclasses.dataclass(frozen=True)
class Mobility:
    """What the saturation proved about a position, for ``winner`` as the side to mate.

    Squares are those of the board given (not of a mirrored one). ``reach[square]`` is
    the bitboard of squares the piece now on ``square`` may ever stand on (0 for an empty
    square); ``steady`` the pieces that can never move nor be taken; ``clear`` the
    squares no piece can ever enter; ``capturable`` the pieces that might be taken;
    ``could_mate`` False when this one analysis (without case splits) already rules out
    a mate by ``winner``.
    """

    winner: chess.Color
    reach: tuple[int, ...]
    steady: int
    clear: int
    capturable: int
    promotable: bool
    could_mate: bool
    kings: tuple[int, int]
    """King squares, indexed by colour (``kings[chess.WHITE]``)."""

    def reachable(self, square: chess.Square) -> int:
        """Bitboard of the squares the piece now on ``square`` may ever reach."""
        return self.reach[square]

    def king_region(self, color: chess.Color) -> int:
        """Bitboard of the squares the king of ``color`` may ever stand on."""
        return self.reach[self.kings[color]]


class _Analysis:
    """The saturation state, for White as the intended winner (see the module doc)."""

    def __init__(self, board: chess.Board, uncapturable_while_steady: int = 0,
                 capturable_only_while_steady: int = 0) -> None:
        self.board = board
        occupied = board.occupied
        self.occupied = occupied
        self.by_color = [board.occupied_co[_BLACK], board.occupied_co[_WHITE]]
        self.kings = board.kings
        self.bishops = board.bishops
        self.white_king = board.king(_WHITE)
        self.black_king = board.king(_BLACK)
        self.white_count = _popcount(self.by_color[_WHITE])
        self.piece: list[int] = [0] * 64
        self.color: list[bool] = [False] * 64
        self.reach: list[int] = [0] * 64
        self.moves: list[list[tuple[int, int]]] = [[] for _ in range(64)]
        """Per piece: each source of its reach with its unfiltered moves from there."""
        self.moves_key: list[tuple[int, int] | None] = [None] * 64
        self.listed = [0] * 64
        for square in chess.scan_forward(occupied):
            self.piece[square] = board.piece_type_at(square) or 0
            self.color[square] = bool(board.occupied_co[_WHITE] & _BB[square])
            self.reach[square] = _BB[square]
        self.steady = occupied
        self.clear = _ALL & ~occupied
        self.attacked = [0, 0]
        self.attacked_by_men = [0, 0]
        self.capturable = 0
        self.movable = 0
        self.non_bishop = [0, 0]
        self.sacrificable = [0, 0]
        self.uncapturable_while_steady = uncapturable_while_steady
        self.capturable_only_while_steady = capturable_only_while_steady
        self.first_steady_capturable: int | None = None
        self.promotable = False
        self.progress = False
        self._castling_seeds(board)
        self._update_attacked()

    def _castling_seeds(self, board: chess.Board) -> None:
        """A castling right lets king and rook jump: their landing squares are reachable."""
        for rook in chess.scan_forward(board.clean_castling_rights()):
            color = rook < 32  # a White rook stands on the first rank
            king = board.king(color)
            if king is None:
                continue
            rank = rook & 56
            king_to, rook_to = (rank + 6, rank + 5) if rook > king else (rank + 2, rank + 3)
            self.reach[king] |= _BB[king_to]
            self.reach[rook] |= _BB[rook_to]
            self.movable |= _BB[king] | _BB[rook]
            self.non_bishop[color] |= _BB[king_to] | _BB[rook_to]

    # -- saturation -------------------------------------------------------------------

    def _update_attacked(self) -> None:
        """Squares always attacked by each colour: by pieces never taken, from anywhere
        they may stand, through every square some piece may ever occupy."""
        attacked = [0, 0]
        by_men = [0, 0]
        obstacles = _ALL & ~self.clear
        for square in chess.scan_forward(self.occupied & ~self.capturable):
            piece, color = self.piece[square], self.color[square]
            blockers = obstacles
            if piece == _BISHOP:
                # Friendly bishops that only bishops of their colour can ever replace,
                # and that are never taken, do not stop a bishop's ray (one of them
                # always attacks on along it).
                blockers &= ~(self.by_color[color] & self.bishops & ~self.non_bishop[color]
                              & ~self.capturable)
            always = _ALL
            for target in chess.scan_forward(self.reach[square]):
                always &= _attacks(piece, color, target, blockers)
                if not always:
                    break
            attacked[color] |= always
            if piece != _KING:
                by_men[color] |= always
        self.attacked = attacked
        self.attacked_by_men = by_men

    def saturate(self) -> None:
        """Grow every reachable set (and what follows from them) to a fixpoint."""
        pieces = list(chess.scan_forward(self.occupied))
        while True:
            self.progress = False
            for square in pieces:
                self._expand(square)
                self._derive(square)
            self._update_attacked()
            if not self.progress:
                return

    def _expand(self, square: int) -> None:
        """Add every target, from anywhere in the piece's reach, that passes the filters."""
        if self.capturable_only_while_steady & _BB[square]:
            return
        piece, color = self.piece[square], self.color[square]
        pawn_captures = piece == _PAWN and (color == _WHITE or self.white_count > 2)
        # The unfiltered moves from a source only change with the steady men (and, for
        # a pawn's captures, with where enemy men may stand): they are kept until then,
        # for the sources that still have a move outside the reach.
        if piece in (_KNIGHT, _KING):
            key = (0, 0)
        else:
            key = (self.steady, self.sacrificable[not color] if pawn_captures else 0)
        if self.moves_key[square] != key:
            self.moves_key[square] = key
            self.moves[square] = []
            self.listed[square] = 0
        kept: list[tuple[int, int]] = []
        batch = self.moves[square]
        while True:
            fresh = self.reach[square] & ~self.listed[square]
            self.listed[square] |= fresh
            for source in chess.scan_forward(fresh):
                raw = _moves(piece, color, source, self.steady)
                if pawn_captures:
                    raw |= _PAWN_ATT[color][source] & self.sacrificable[not color]
                batch.append((source, raw))
            if not batch:
                break
            for source, raw in batch:
                targets = raw & ~self.reach[square]
                if not targets:
                    continue  # for good: the reach only grows
                kept.append((source, raw))
                targets = self._filter(square, piece, color, source, targets)
                if targets:
                    if piece == _PAWN and targets & _DOUBLE_PUSH[color][source]:
                        targets |= _PUSH[color][source]  # taken en passant there
                    self.reach[square] |= targets
                    self.progress = True
                    if piece != _BISHOP:
                        self.non_bishop[color] |= targets
                    self.movable |= _BB[square]
            batch = []
        self.moves[square] = kept

    def _derive(self, square: int) -> None:
        piece, color = self.piece[square], self.color[square]
        reach = self.reach[square]
        own = _BB[square]
        non_steady = reach & ~own & ~self.kings
        if reach & ~own:
            non_steady |= own
        if self.steady & non_steady:
            self.steady &= ~non_steady
            self.progress = True
        if color == _WHITE or self.white_count > 2:
            capturable = 0
            prey = self.by_color[not color] & ~self.kings & ~self.capturable
            # Where this piece may take: a pawn only on the squares of its reach that it
            # attacks from another square of its reach.
            takes = reach
            if piece == _PAWN:
                takes = 0
                for source in chess.scan_forward(reach):
                    takes |= _PAWN_ATT[color][source]
                takes &= reach
            for other in chess.scan_forward(prey):
                if takes & self.reach[other]:
                    capturable |= _BB[other]
            if capturable:
                self._add_capturable(capturable)
        if self.clear & reach:
            self.clear &= ~reach
            self.progress = True
        if piece != _KING and reach & ~self.sacrificable[color]:
            self.sacrificable[color] |= reach
            self.progress = True
        if piece == _PAWN and reach & _PROMOTION_RANKS:
            # A promoted pawn may go anywhere but onto a steady friend or a steady king.
            self.promotable = True
            anywhere = _ALL & ~(self.steady & (self.by_color[color] | self.kings))
            if anywhere & ~reach:
                self.reach[square] |= anywhere
                self.non_bishop[color] |= anywhere
                self.progress = True

    def _add_capturable(self, capturable: int) -> None:
        steady_prey = capturable & self.steady
        if steady_prey:
            if self.first_steady_capturable is None:
                self.first_steady_capturable = steady_prey
            elif not self.promotable:
                self.first_steady_capturable |= steady_prey
        self.capturable |= capturable
        self.progress = True

    def _filter(self, initial: int, piece: int, color: bool, source: int, targets: int) -> int:
        """Drop the targets that are impossible, or that no line towards mate can use."""
        targets &= ~(self.by_color[color] & self.steady)
        if piece == _KING:
            targets &= ~self.attacked[not color]
            if targets:
                targets = self._filter_stalemate(color, source, targets)
        if not targets:
            return 0
        white_king = self.white_king
        if color == _BLACK and white_king is not None and self.steady & _BB[white_king]:
            for target in chess.scan_forward(targets):
                if self._mates_white(initial, piece, source, target):
                    targets &= ~_BB[target]
        return self._filter_obstacles(initial, piece, color, source, targets)

    def _mates_white(self, initial: int, piece: int, source: int, target: int) -> bool:
        """Whether Black's man moving from ``source`` to ``target`` certainly mates White,
        whose king never moves (so no line towards a mate by White plays that move).

        Only facts that hold whatever that man did are used: steady men stand where they
        are, every other man stands in its reach, nobody stands on a clear square."""
        white_king = self.white_king
        assert white_king is not None
        if piece == _PAWN and abs(target - source) == 16:
            return False  # White might take en passant
        not_clear = _ALL & ~self.clear
        king_bb = _BB[white_king]
        checkers = []
        if _attacks(piece, _BLACK, target, not_clear) & king_bb:
            checkers.append(target)
        sliders = (self.by_color[_BLACK] & self.steady & ~_BB[initial]
                   & _LINE[white_king][source] & ~self.kings)
        for checker in chess.scan_forward(sliders):
            if _attacks(self.piece[checker], _BLACK, checker,
                        (not_clear & ~_BB[source]) | _BB[target]) & king_bb:
                checkers.append(checker)
        if not checkers:
            return False
        # The king cannot step anywhere: own steady men, or squares the moved man or a
        # steady black man (a king included) attacks.
        flights = _KING_ATT[white_king] & ~(self.by_color[_WHITE] & self.steady)
        flights &= ~_attacks(piece, _BLACK, target, not_clear)
        blockers = not_clear | _BB[target]
        for guard in chess.scan_forward(self.by_color[_BLACK] & self.steady & ~_BB[initial]):
            if not flights:
                break
            flights &= ~_attacks(self.piece[guard], _BLACK, guard, blockers)
        if flights:
            return False
        if len(checkers) > 1:
            return True
        # A single check: no white man may take the checker or step in between.
        checker = checkers[0]
        needed = _BB[checker] | chess.between(checker, white_king)
        return not needed & self._white_span(_BB[initial])

    def _white_span(self, gone: int) -> int:
        """Every square a white man (not the king) might move to in one move, from
        anywhere in its reach, with only steady men (less ``gone``) in the way."""
        blockers = self.steady & ~gone
        span = 0
        for square in chess.scan_forward(self.by_color[_WHITE] & ~self.kings):
            piece = self.piece[square]
            kinds = (_PAWN, _QUEEN, _KNIGHT) if piece == _PAWN and \
                self.reach[square] & _PROMOTION_RANKS else (piece,)
            for source in chess.scan_forward(self.reach[square]):
                for kind in kinds:
                    span |= _moves(kind, _WHITE, source, blockers) \
                        | _attacks(kind, _WHITE, source, blockers)
        return span

    def _filter_stalemate(self, color: bool, source: int, targets: int) -> int:
        """Drop king moves that stalemate the other side: its men can never move, and
        its king, standing somewhere in its reach, has no square left.

        The king's own attacks from its reach are not relied on (it has just left it);
        nor is a move kept that might uncover a check by a friendly slider."""
        theirs = self.by_color[not color]
        their_king = self.black_king if color == _WHITE else self.white_king
        if their_king is None or theirs & ~self.kings & self.movable:
            return targets
        home = self.reach[their_king]
        # Squares the other king can never step to, whatever our king does.
        shut = self.attacked_by_men[color] | (theirs & self.steady)
        for target in chess.scan_forward(targets):
            covered = _KING_ATT[target] | _BB[target] | shut
            kings = home & ~_KING_ATT[target] & ~_BB[target]
            if any(_KING_ATT[king] & ~covered for king in chess.scan_forward(kings)):
                continue
            if color == _WHITE and self._may_uncover_check(source, target, kings):
                continue  # that would be mate, not stalemate
            targets &= ~_BB[target]
        return targets

    def _may_uncover_check(self, source: int, target: int, kings: int) -> bool:
        """Whether White's king leaving ``source`` for ``target`` might uncover a check by
        a white slider (or promoted pawn) on a black king standing on one of ``kings``."""
        blockers = self.steady | _BB[target]
        white = self.by_color[_WHITE]
        for king in chess.scan_forward(kings):
            line = _LINE[source][king]
            if not line or chess.between(source, king) & blockers:
                continue
            diagonal = bool(_DIAG_MASK[source] & _BB[king])
            kind = _BISHOP if diagonal else _ROOK
            behind = _attacks(kind, _WHITE, source, blockers) & _AWAY[source][king]
            sliders = white & (self.board.queens | (self.bishops if diagonal
                                                    else self.board.rooks))
            sliders |= white & self.board.pawns  # a pawn may promote
            for slider in chess.scan_forward(sliders):
                if self.reach[slider] & behind and (
                        self.piece[slider] != _PAWN or self.reach[slider] & _PROMOTION_RANKS):
                    return True
        return False

    def _filter_obstacles(self, initial: int, piece: int, color: bool, source: int,
                          targets: int) -> int:
        """Drop targets whose way holds a piece never taken that cannot leave that way."""
        candidates = self.occupied & ~_BB[initial] & ~self.capturable
        uncapturable = self.uncapturable_while_steady & self.steady
        way_from = _WAY[source]
        for target in chess.scan_forward(targets):
            way = way_from[target]
            for obstacle in chess.scan_forward(candidates & way):
                real_way = way
                other = self.piece[obstacle]
                if self.color[obstacle] != color and (
                        other != _PAWN or piece != _PAWN or (source ^ target) & 7):
                    real_way &= ~_BB[obstacle]
                if piece == _PAWN and other == _PAWN and \
                        not self.reach[initial] & ~_FILE_OF[target]:
                    real_way |= _LINE[initial][obstacle]
                if not self.reach[obstacle] & ~real_way:
                    targets &= ~_BB[target]
                    break
        targets &= ~uncapturable
        if self.capturable_only_while_steady & _BB[initial]:
            return 0
        return targets

    # -- the verdict ------------------------------------------------------------------

    def could_mate(self) -> bool:
        """Whether, after saturation, some square of the black king's region might see
        it mated: attacked by some white man (one that can move must exist to give the
        check), and every flight square attacked by a white man, filled by one of
        Black's own men (one man a square) or covered by the white king from a square
        it may reach."""
        white_king, black_king = self.white_king, self.black_king
        if white_king is None or black_king is None:
            return True
        region = self.reach[black_king]
        blockers_at = self.steady  # fewer blockers than at any moment: more attacks
        visited = 0
        has_visitor = False
        for square in chess.scan_forward(self.by_color[_WHITE] & ~self.kings):
            reach = self.reach[square]
            piece = self.piece[square]
            moves = reach != _BB[square]
            kinds = (_PAWN, _QUEEN, _KNIGHT) if piece == _PAWN and reach & _PROMOTION_RANKS \
                else (piece,)
            hit = 0
            for kind in kinds:
                for target in chess.scan_forward(reach):
                    hit |= _attacks(kind, _WHITE, target, blockers_at) & region
            if hit:
                visited |= hit
                has_visitor = has_visitor or moves
        if not has_visitor:
            return False
        king_reach = self.reach[white_king]
        black_men = [self.reach[s] for s in
                     chess.scan_forward(self.by_color[_BLACK] & ~self.kings)]
        for mating in chess.scan_forward(visited):
            flights = _KING_ATT[mating] & region & ~visited
            blocking = 0
            count = 0
            for reach in black_men:
                if reach & flights:
                    blocking |= reach & flights
                    count += 1
            count = min(count, _popcount(blocking))
            if not flights & ~blocking and _popcount(flights) <= count:
                return True
            kings = king_reach & _king_cover(flights) & ~(_KING_ATT[mating] | _BB[mating])
            for king in chess.scan_forward(kings):
                left = flights & ~_KING_ATT[king]
                if not left & ~blocking and _popcount(left) <= count:
                    return True
        return False


def _run(board: chess.Board, uncapturable: int = 0, capturable_only: int = 0) -> _Analysis:
    """Saturate, White to mate, assuming the men on ``uncapturable`` are never taken
    before they first move and those on ``capturable_only`` never move.

    On every line to mate, White's last man besides the king is never taken (a lone
    king cannot mate), so that assumption is always added."""
    white = board.occupied_co[_WHITE]
    if _popcount(white) == 2:
        uncapturable |= white & ~board.kings
    analysis = _Analysis(board, uncapturable, capturable_only)
    analysis.saturate()
    return analysis


def _white_cannot_mate(board: chess.Board) -> bool:
    """The saturation verdict, with its case splits, for White as the winner."""
    analysis = _run(board)
    if not analysis.could_mate():
        return True
    split = analysis.first_steady_capturable
    if split is None:
        return False
    # Either a man is never taken before it first moves, or it is taken on its square
    # without ever moving: if both cases rule out mate, there is none.
    for square in chess.scan_forward(split):
        if _run(board, _BB[square]).could_mate():
            continue
        if not _run(board, 0, _BB[square]).could_mate():
            return True
    if _popcount(split) == 2:
        first = chess.lsb(split)
        second = split & ~_BB[first]
        for uncapturable, capturable_only in ((split, 0), (_BB[first], second),
                                              (second, _BB[first]), (0, split)):
            if _run(board, uncapturable, capturable_only).could_mate():
                return False
        return True
    return False


def _prepared(board: chess.Board, winner: chess.Color) -> chess.Board:
    """The board with White as the winner (mirrored for Black)."""
    return board.copy(stack=False) if winner == _WHITE else board.mirror()


def is_statically_unwinnable(board: chess.Board, winner: chess.Color) -> bool:
    """True only if no series of legal moves from `board` ends in checkmate given by `winner`."""
    if board.is_checkmate():
        return board.turn == winner
    if board.is_stalemate():
        return True
    if not board.occupied_co[winner] & ~board.kings:
        return True
    if board.king(_WHITE) is None or board.king(_BLACK) is None:
        return False
    if board.has_legal_en_passant():
        # The capture is only possible now: the position without it, and each position
        # after it, must all be unwinnable.
        rest = board.copy(stack=False)
        rest.ep_square = None
        if not is_statically_unwinnable(rest, winner):
            return False
        for move in board.legal_moves:
            if board.is_en_passant(move):
                after = board.copy(stack=False)
                after.push(move)
                if not is_statically_unwinnable(after, winner):
                    return False
        return True
    prepared = _prepared(board, winner)
    prepared.ep_square = None
    return _white_cannot_mate(prepared)


def mobility(board: chess.Board, winner: chess.Color) -> Mobility | None:
    """The saturation (without case splits) for ``winner`` as the side to mate, on the
    squares of ``board``; None when a king is missing or an en passant capture is
    available now (the analysis does not model it)."""
    if board.king(_WHITE) is None or board.king(_BLACK) is None \
            or board.has_legal_en_passant():
        return None
    prepared = _prepared(board, winner)
    prepared.ep_square = None
    analysis = _run(prepared)
    could_mate = analysis.could_mate()
    if winner == _WHITE:
        reach = tuple(analysis.reach)
        steady, clear, capturable = analysis.steady, analysis.clear, analysis.capturable
    else:
        reach = tuple(chess.flip_vertical(analysis.reach[square ^ 56]) for square in range(64))
        steady, clear, capturable = (chess.flip_vertical(bb) for bb in
                                     (analysis.steady, analysis.clear, analysis.capturable))
    kings = board.king(_BLACK), board.king(_WHITE)
    assert kings[0] is not None and kings[1] is not None
    return Mobility(winner=winner, reach=reach, steady=steady, clear=clear,
                    capturable=capturable, promotable=analysis.promotable,
                    could_mate=could_mate, kings=(kings[0], kings[1]))
