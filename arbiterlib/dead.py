"""Who can still mate: dead positions (Article 9.6) and flag falls (Article 6.9), 2005 Laws.

Article 9.6: "The game is drawn when a position is reached from which a checkmate cannot
occur by any possible series of legal moves, even with the most unskilled play." Article
6.9 asks the same question for one side: after a flag fall the game is drawn "if the
position is such that the opponent cannot checkmate the player's king by any possible
series of legal moves". Both sides cooperating, that is a *helpmate*.

For each side this module answers CAN_MATE (with a helpmate line as witness),
CANNOT_MATE (with a proof: one of the rules below) or UNDETERMINED (the search budget ran
out). It is sound: CANNOT_MATE is only said when a proof was found, and every CAN_MATE
comes with a line of legal moves that python-chess confirms ends in checkmate.

The method follows the published one of Miguel Ambrona's Chess Unwinnability Analyzer
(CHA), written afresh on python-chess:

1. play out forced moves (a single legal move) and look at how the game ends;
2. material that can never mate (a lone king; king and knight against king and queens;
   king and bishops when every bishop on the board stands on one colour of square:
   :mod:`arbiterlib.material`);
3. goal-directed helpmate searches (greedy playouts, then best-first:
   :mod:`arbiterlib.playouts`): the defender
   walks its pieces into capture (or keeps them as blockers) and its king to a corner,
   the attacker takes, promotes and closes in, and every check is tried for mate; with
   little material (at most eight men) a target-directed search instead, which sketches
   mating pictures that use the defender's own men as blockers and walks towards them
   (:mod:`arbiterlib.helpmate`);
4. a static over-approximation of where every piece can ever go, which proves blocked
   pawn walls dead (:mod:`arbiterlib.walls`), run only when some pawn is blocked; then the
   fuller saturation of :mod:`arbiterlib.mobility` (which men can never move or be
   taken, which squares are always attacked, where each king may ever stand, and
   whether any square of the losing king's region can ever be a mating square); then
   the wall reasoning split at every possible capture (between captures nothing
   leaves its file, so a pawn never passes an enemy pawn ahead of it);
5. an exhaustive walk over every reachable position, cut wherever rule 2 or 4 applies.

Rules 1, 2 and 4 cost a millisecond or two and are all that ``budget=0`` runs (the
engine's check after every move). With a budget, locked pawns send the position to
rule 4 first (the saturation only when no queen, rook or knight is left, where it
usually succeeds); otherwise a playout comes first, as most real positions are quickly
shown winnable. The budget is shared:

* at most eight men: 15% for a playout series, then (at most six men, when the
  playouts found no line or a long one) a short iterative-deepening search for a short
  line, then 75% for the target-directed search;
* more men, no locked pawns: 15% for the playouts, 22.5% each for two best-first
  searches (strip the defender; keep its pieces as blockers);
* more men, locked pawns: 25% for a longer playout series (sacrifices need luck),
  27.5% and 20% for the two best-first searches, 20% for the search along the routes
  the men can take through the locked structure (:mod:`arbiterlib.routes`);

and the rest for rule 5. Where both sides together have at most sixteen moves (locked
pawns, boxed-in kings), the whole future is usually small: right after the playouts
comes a walk over the arrangements of the men with the kings carried along
(:mod:`arbiterlib.exhaustion`, first two budgets' worth of it), then, unless that walk
is at its best there and simply ran out, an exhaustive walk over real boards with the
whole budget and no static cuts (it replaces rule 5 for these positions). Last, the
walk over arrangements goes on from where it stopped, up to 24 budgets where moves are
few (not where even the king with less room roams, on more than sixteen squares per
arrangement: stalemate-first proofs have a king shut in), or 2.875 where one side has
at most four moves (:func:`_exhaustion_nodes`). It proves "stalemate first" positions:
a side's moves run out before any mate can be set up. Where it reaches a mate instead,
the line to it is rebuilt move by move and, once python-chess replays it to mate, is
the witness. One walk serves both colours. Before that long walk, where at most five
pieces besides pawns and kings are left, an *eager* walk over arrangements (furthest
from the start first) on eight budgets looks for the far-off mates of composed
positions, 14 to 160 plies away. If the side is still undetermined, a last playout
series with a quarter of the budget, its move scores perturbed so much that it tries
lines the first series never would, each line up to 200 plies long.

Move counters, the fifty-move rule and repetitions are ignored, as in the 2005 Laws a
game only ends on those by a claim.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import functools
from collections.abc import Iterable, Iterator

import chess

from arbiterlib import exhaustion, helpmate, mobility, routes
from arbiterlib.errors import ArbiterError
from arbiterlib.material import insufficient_material
from arbiterlib.playouts import (
    BestFirst,
    Budget,
    OutOfBudget,
    Playout,
    PositionKey,
    ShortSearch,
    position_key,
    push_if_new,
)
from arbiterlib.walls import (
    SPLIT_LIMIT,
    Reach,
    WallAnalysis,
    blocked_pawns,
    mobility_wall,
    split_no_mate,
    static_no_mate,
    wall_analysis,
    wall_result,
)

__all__ = [
    "DEFAULT_BUDGET",
    "DeadPositionAnalysis",
    "DeadPositionError",
    "MateAnalysis",
    "Mateability",
    "WallAnalysis",
    "analyse",
    "analyse_side",
    "can_mate",
    "dead_position_report",
    "dead_position_reports",
    "insufficient_material",
    "is_dead_position",
    "parse_position",
    "wall_analysis",
]

DEFAULT_BUDGET = 2_000
"""Positions each side's searches may visit before the answer is UNDETERMINED."""

_FORCED_PLIES = 40
_FEW_MEN = 6  # at most this many men: a short iterative-deepening search after the playouts
_SHORT_LINE = 12  # ... unless they found a line at most this long (lessons spell lines out)


class DeadPositionError(ArbiterError):
    """A position given for analysis is not a legal chess position (bad or illegal FEN)."""


class Mateability(enum.Enum):
    """Whether a checkmate by one side can still occur (Articles 6.9 and 9.6)."""

    CAN_MATE = "can mate"
    CANNOT_MATE = "cannot mate"
    UNDETERMINED = "undetermined"


@dataclasses.dataclass(frozen=True)
class MateAnalysis:
    """The answer for one side: can ``color`` still give checkmate (Article 6.9)?"""

    color: chess.Color
    result: Mateability
    why: str | None = None
    """For CANNOT_MATE, the reason in plain English for arbiters; else ``None``."""
    witness: tuple[chess.Move, ...] = ()
    """For CAN_MATE, a line of legal moves from the position that ends in mate."""
    wall: WallAnalysis | None = None
    """When a blocked pawn wall proved CANNOT_MATE, the squares involved."""


@dataclasses.dataclass(frozen=True)
class DeadPositionAnalysis:
    """Both sides' answers; the position is dead (Article 9.6) when neither can mate."""

    white: Mateability
    black: Mateability
    white_detail: MateAnalysis
    black_detail: MateAnalysis

    @property
    def is_dead(self) -> bool:
        """True only when neither side can mate (both CANNOT_MATE)."""
        return self.white is self.black is Mateability.CANNOT_MATE

    def side(self, color: chess.Color) -> MateAnalysis:
        """The detailed answer for ``color``."""
        return self.white_detail if color == chess.WHITE else self.black_detail

    def why(self, color: chess.Color) -> str | None:
        """Why ``color`` cannot mate, in plain English, or ``None``."""
        return self.side(color).why


# --------------------------------------------------------------------------------------
# Rule 5: walk every reachable position.


def _exhaust(
    board: chess.Board, winner: chess.Color, budget: Budget, *, static: bool = True
) -> list[chess.Move] | None:
    """Visit every position reachable from ``board``; the line to a mate by ``winner``.

    Returns ``None`` when every reachable position has been seen (or cut by a proof that
    ``winner`` cannot mate from it) and none is a mate. Raises :class:`OutOfBudget`.
    A depth-first walk on one board (push and pop), each position's moves generated
    once; with ``static`` the wall analysis (rule 4) also cuts after captures and pawn
    moves, without it only rule 2 does (cheaper where the future is small).
    """
    board = board.copy(stack=False)
    seen = {position_key(board)}
    levels = [list(board.generate_legal_moves())]
    while levels:
        moves = levels[-1]
        if not moves:
            levels.pop()
            if levels:
                board.pop()
            continue
        move = moves.pop()
        budget.spend()
        structural = static and (
            board.is_capture(move) or board.piece_type_at(move.from_square) == chess.PAWN
        )
        if not push_if_new(board, move, seen):
            continue
        replies = list(board.generate_legal_moves())
        if not replies:
            if board.turn != winner and board.is_check():
                return list(board.move_stack)
            board.pop()
            continue
        if insufficient_material(board, winner):
            board.pop()
            continue
        if structural and static_no_mate(board, winner) is not None:
            budget.spend(25)
            board.pop()
            continue
        levels.append(replies)
    return None


# --------------------------------------------------------------------------------------
# Putting it together.


def _forced(board: chess.Board) -> tuple[chess.Board, list[chess.Move], bool]:
    """Play out single legal moves. Returns the position, the moves, and whether it cycled."""
    board = board.copy(stack=False)
    played: list[chess.Move] = []
    seen = {position_key(board)}
    for _ in range(_FORCED_PLIES):
        moves = board.generate_legal_moves()
        first = next(moves, None)
        if first is None or next(moves, None) is not None:
            break
        board.push(first)
        played.append(first)
        key = position_key(board)
        if key in seen:
            return board, played, True
        seen.add(key)
    return board, played, False


_PLAYOUTS, _TARGETED, _ROUTES = -1, -2, -3  # the search's steps besides best-first
_TARGETED_MEN = 8  # at most this many men: the target-directed helpmate search (helpmate.py)
_TARGETED_SHARE = 15  # its share of the budget, in twentieths (the playouts take three)
_MANY_PLAYOUTS = 60  # more than 8 men, locked pawns: playouts until their share is spent
_EAGER_WALK = 8  # then the walk over arrangements, furthest first, on this many budgets,
_EAGER_PIECES = 5  # ... where at most this many pieces (pawns and kings apart) are left
_LAST_SHARE = 4  # when all else fails: perturbed playouts on the budget divided by this,
_LAST_PLIES = 200  # ... each up to this long (composed helpmates run to 60-180 plies)
_FEW_MOVES = 16  # at most this many moves for both sides together: walk the future first
_FEW_WALK = 24  # few moves: the walk over arrangements may take this many budgets ...
_WALK_SLICE = 2  # ... this many of them right after the playouts ...
_ROAMING = 16  # ... and no more where even the king with less room roams (squares per
# arrangement, on average, after the slice: about one where a king is shut in)
_WALKED = "every possible series of moves leads to positions from which mate is impossible"


_EXHAUSTED = (
    "every position that can still arise has been examined: all play runs into stalemate"
    " or a locked position before mate is possible"
)


def _is_shut_in(board: chess.Board) -> bool:
    """Whether one side has at most four moves (a king shut in, pawns nearly locked):
    where the walk over arrangements (:mod:`arbiterlib.exhaustion`) usually succeeds."""
    if board.legal_moves.count() <= 4:
        return True
    if board.is_check():
        return False
    board = board.copy(stack=False)
    board.push(chess.Move.null())
    return board.legal_moves.count() <= 4


def _exhaustion_nodes(board: chess.Board, few: bool, budget: int) -> int:
    """The nodes for the walk over arrangements (:mod:`arbiterlib.exhaustion`); 0 where
    it is not worth trying. ``few``: whether both sides together have at most
    ``_FEW_MOVES`` moves.

    Where moves are few, ``_FEW_WALK`` times the budget: there the races between a side
    running out of moves and a roaming king (Article 9.6's "stalemate first" positions)
    close within some 10,000 to 46,000 nodes, and a walk that reaches a mate yields a
    witness. Where a side is shut in (at most four moves) but moves are not few, 2.875
    times the budget. The choice depends on the position only, so both colours share
    one walk. The walk is sound whatever its allowance (a proof visits every reachable
    arrangement): more nodes only prove more.
    """
    if few:
        return budget * _FEW_WALK
    if _is_shut_in(board):
        return budget * 23 // 8
    return 0


def _arrangements_suffice(board: chess.Board, color: chess.Color) -> bool:
    """Whether, where moves are few, the walk over arrangements may stand in for the walk
    over real boards (:func:`_exhaust`): it models the position, has no queen, rook or
    knight to lose itself in, and has reached no mate by ``color`` that may be a phantom
    (the real walk is exact). Where such a walk's slice ran out, the real walk with
    the whole budget never succeeded on the development file, and cost a tenth of the
    time."""
    return (exhaustion.is_modelled(board)
            and not board.queens | board.rooks | board.knights
            and not exhaustion.has_reached_mate(board, color))


def _mobility(board: chess.Board) -> int:
    """Legal moves of the side to move plus those the other side would have if it moved."""
    moves = board.legal_moves.count()
    if board.is_check():
        return moves + _FEW_MOVES  # no quiet null move to count the other side's
    board = board.copy(stack=False)
    board.push(chess.Move.null())
    return moves + board.legal_moves.count()


def _side_name(color: chess.Color) -> str:
    return chess.COLOR_NAMES[color].capitalize()


class _SideSearch:
    """One side's answer (Article 6.9) for ``board``, reached from ``start`` by ``prefix``.

    The cheap rules come first, then the static wall analysis when pawns are locked
    (9.6's blocked positions), then the playouts that usually find a helpmate in a few
    dozen moves, and only then the full searches (the module doc gives their order).
    ``cache`` shares the wall analysis's colour-independent fixpoint between the sides.
    """

    def __init__(
        self,
        start: chess.Board,
        board: chess.Board,
        prefix: list[chess.Move],
        color: chess.Color,
        budget: int,
        cache: dict[PositionKey, Reach | None] | None = None,
    ) -> None:
        self.start = start
        self.board = board
        self.prefix = prefix
        self.color = color
        self.budget = budget
        self.cache = cache
        self.men = chess.popcount(board.occupied)
        """The men on the board, kings and pawns included."""
        self.walked = False
        """Whether the walk over arrangements has had its slice right after the playouts."""

    # -- the answers ----------------------------------------------------------------------

    def can(self, line: list[chess.Move], final: chess.Board | None = None) -> MateAnalysis:
        """CAN_MATE with ``line`` (after the forced ``prefix``) as witness, once python-
        chess confirms it: either ``final`` is the board python-chess played exactly
        ``line`` on from ``board``, each move one it generated and found legal, and it
        says mate there, or the witness is replayed from ``start``."""
        color = self.color
        witness = tuple(self.prefix + line)
        if (final is not None and final.move_stack == line and final.turn != color
                and final.is_checkmate()):
            return MateAnalysis(color, Mateability.CAN_MATE, witness=witness)
        if not helpmate.replays_to_mate(self.start, witness, color):  # pragma: no cover
            raise AssertionError(f"helpmate witness failed to replay: {witness}")
        return MateAnalysis(color, Mateability.CAN_MATE, witness=witness)

    def cannot(self, why: str, wall: WallAnalysis | None = None) -> MateAnalysis:
        """CANNOT_MATE, with the proof in plain words (and the wall, if one proved it)."""
        return MateAnalysis(self.color, Mateability.CANNOT_MATE, why=why, wall=wall)

    # -- the order of the rules -----------------------------------------------------------

    def answer(self, cycled: bool) -> MateAnalysis:
        """Rules 1 to 5 in turn (``cycled``: the forced moves only repeat the position)."""
        board, color, budget = self.board, self.color, self.budget
        if board.is_checkmate():
            if board.turn != color:
                return self.can([])
            return self.cannot(f"the game ends in checkmate of {_side_name(color)}")
        if board.is_stalemate():
            return self.cannot("the game ends in stalemate")
        if cycled:
            return self.cannot("every move is forced and the moves only repeat the position")
        why = insufficient_material(board, color)
        if why:
            return self.cannot(why)
        locked, _ = blocked_pawns(board)
        static_done = False
        if locked or budget <= 0:
            static_done = budget <= 0 or not board.queens | board.rooks | board.knights
            answer = self.walled(budget > 0)
            if answer is not None:
                return answer
        if budget <= 0:
            return MateAnalysis(color, Mateability.UNDETERMINED)
        return (self.searched(bool(locked), static_done) or self.eager_walk()
                or self.arranged() or self.last_playouts()
                or MateAnalysis(color, Mateability.UNDETERMINED))

    # -- rule 4: the static analysis ------------------------------------------------------

    def walled(self, early: bool) -> MateAnalysis | None:
        """Rule 4's proofs: the wall, the saturation, the split at every capture
        (``early``: before any search, only where they usually succeed)."""
        board, color = self.board, self.color
        proof = static_no_mate(board, color, self.cache)
        if proof is not None:
            return self.cannot(
                "the pawns are blocked and no piece can cross the wall to give mate",
                wall_result(proof),
            )
        # The saturation costs a few milliseconds where it fails; before any search it
        # runs only where it usually succeeds, with no queen, rook or knight on the board.
        heavy = board.queens | board.rooks | board.knights
        if (not early or not heavy) and mobility.is_statically_unwinnable(board, color):
            return self.cannot(
                f"no {_side_name(color)} piece can ever reach a square from which mate "
                "could be given, whatever is played",
                mobility_wall(board, color),
            )
        # The split at every capture, before any search, only where the side has no
        # queen or rook: with them it rarely succeeds (2 of 373 such dev sides, none of
        # 2,047 in a sample of real games) and costs some 0.4 ms.
        if (not early or not board.occupied_co[color] & (board.queens | board.rooks)) and (
                blocked_pawns(board)[0] and split_no_mate(board, color, SPLIT_LIMIT)):
            return self.cannot(
                "the pawns are blocked, and whatever is captured no piece can ever give mate"
            )
        return None

    # -- rules 3 and 5: the searches ------------------------------------------------------

    @functools.cached_property
    def few_moves(self) -> bool:
        """Both sides together have at most ``_FEW_MOVES`` moves (counted once, if asked)."""
        return _mobility(self.board) <= _FEW_MOVES

    def shares(self, locked: bool) -> tuple[tuple[int, int], ...]:
        """The searches in turn, each with its share of the budget.

        A playout series 15%, then for little material the target-directed helpmate
        search 75% (_TARGETED_SHARE), otherwise two best-first searches (strip the
        defender; keep its pieces as blockers) 22.5% each; the exhaustive walk the rest.
        With locked pawns: playouts 25% (the cheapest positions), strip 27.5%, keep 20%,
        the routes 20%, and the walk only 7.5% (its proofs there take a few dozen
        positions). The walk over arrangements comes on top (see _exhaustion_nodes), with
        the eager walk (_EAGER_WALK) before it, and a last playout series (a quarter) when
        all else fails.
        """
        budget = self.budget
        if self.men <= _TARGETED_MEN:
            return ((_PLAYOUTS, budget * 3 // 20),
                    (_TARGETED, budget * _TARGETED_SHARE // 20))
        if locked:
            return ((_PLAYOUTS, budget // 4), (0, budget * 11 // 40), (1, budget // 5),
                    (_ROUTES, budget // 5))
        return ((_PLAYOUTS, budget * 3 // 20), (0, budget * 9 // 40), (1, budget * 9 // 40))

    def searched(self, locked: bool, static_done: bool) -> MateAnalysis | None:
        """The searches of :meth:`shares` in turn, then (where no walk over arrangements
        stood in for it) the exhaustive walk over real boards (rule 5) with the rest."""
        board, color, budget = self.board, self.color, self.budget
        shares = self.shares(locked)
        for policy, nodes in shares:
            if policy != _PLAYOUTS and not static_done:
                static_done = True
                answer = self.walled(False)
                if answer is not None:
                    return answer
            line, final = self.search(policy, nodes, locked)
            if policy == _PLAYOUTS and line is None and self.few_moves:
                answer, line = self.few_moves_walked()
                if answer is not None:
                    return answer
            if policy == _PLAYOUTS and self.men <= _FEW_MEN and (
                    line is None or len(line) > _SHORT_LINE):
                # Little material: a short iterative-deepening search finds the short mates
                # the greedy lines walk past, and lessons can spell them out.
                short = ShortSearch(board, color, Budget(min(budget // 10, 200)))
                with contextlib.suppress(OutOfBudget):
                    line = short.run(6) or line
            if line is not None:
                return self.can(line, final)
        if self.walked:
            return None
        try:
            line = _exhaust(board, color, Budget(budget - sum(nodes for _, nodes in shares)))
        except OutOfBudget:
            return None
        return self.cannot(_WALKED) if line is None else self.can(line)

    def search(self, policy: int, nodes: int, locked: bool) -> tuple[
            list[chess.Move] | None, chess.Board | None]:
        """One search of :meth:`shares` on ``nodes``: the line it found, if any, and the
        board python-chess played it on, where the search keeps one."""
        board, color = self.board, self.color
        try:
            if policy == _PLAYOUTS:
                # Nine playouts; then, with locked pawns, as many as the nodes allow
                # (sacrifices need luck), unless so few moves are left that the walk
                # below, cheap where it succeeds, should come soon (counted only then).
                few_men = self.men <= _TARGETED_MEN
                playout = Playout(board, color, Budget(nodes))
                line = playout.run(9, 100, _MANY_PLAYOUTS - 9,
                                   lambda: locked and not few_men and not self.few_moves)
                return line, playout.final
            if policy == _TARGETED:
                return helpmate.find_helpmate(board, color, nodes=nodes), None
            if policy == _ROUTES:
                return routes.find_helpmate_in_locked_position(board, color, nodes=nodes), None
            return BestFirst(board, color, Budget(nodes)).search(policy, 120, 8), None
        except OutOfBudget:
            return None, None

    def few_moves_walked(self) -> tuple[MateAnalysis | None, list[chess.Move] | None]:
        """Where both sides together have only a handful of moves (locked pawns, boxed-in
        kings), the whole future is usually small enough to walk: a slice of the walk over
        arrangements first (it goes on at the end); then, unless that walk is at its best
        here, the walk over real boards with the whole budget (and no second, smaller walk
        after): those that succeed mostly take well under that, the rest rarely would
        with more. Returns an answer, or the line to a mate that walk found."""
        board, color = self.board, self.color
        self.walked = True
        answer = self.arranged(self.budget * _WALK_SLICE)
        if answer is not None or _arrangements_suffice(board, color):
            return answer, None
        try:
            line = _exhaust(board, color, Budget(self.budget), static=False)
        except OutOfBudget:
            return None, None
        return (self.cannot(_WALKED), None) if line is None else (None, line)

    # -- the walks over arrangements and the last playouts --------------------------------

    def arranged(self, cap: int | None = None) -> MateAnalysis | None:
        """The walk over arrangements (:mod:`arbiterlib.exhaustion`), at most ``cap``
        nodes of it so far (it goes on where it stopped when called again)."""
        board, color, budget = self.board, self.color, self.budget
        nodes = _exhaustion_nodes(board, self.few_moves, budget)
        if cap is None and self.walked and exhaustion.king_room(board) > _ROAMING:
            cap = budget * _WALK_SLICE  # both kings roam: no more than the slice
        if cap is not None:
            nodes = min(nodes, cap)
        if nodes:
            if exhaustion.cannot_mate_before_exhaustion(board, color, nodes=nodes):
                return self.cannot(_EXHAUSTED)
            # The walk may have reached a mate: rebuilt as legal moves, it is a witness.
            line = exhaustion.mating_line(board, color, nodes=nodes)
            if line is not None:
                return self.can(line)
        return None

    def eager_walk(self) -> MateAnalysis | None:
        """The eager walk over arrangements, the furthest first, towards far-off mates: on
        the development file it gives a witness for 58 of the 198 sides every other search
        leaves undetermined, for some 5% of its time. With more pieces the arrangements
        multiply beyond its nodes (it found none of 46 such sides there)."""
        board, color = self.board, self.color
        if not exhaustion.is_modelled(board) or chess.popcount(
                board.occupied & ~board.pawns & ~board.kings) > _EAGER_PIECES:
            return None
        nodes = self.budget * _EAGER_WALK
        if exhaustion.cannot_mate_before_exhaustion(board, color, nodes=nodes, eager=True):
            return self.cannot(_EXHAUSTED)
        line = exhaustion.mating_line(board, color, nodes=nodes, eager=True)
        return None if line is None else self.can(line)

    def last_playouts(self) -> MateAnalysis | None:
        """Last, playouts numbered on from the first series (large random perturbations,
        so lines the scores never pick) and twice as long: on the development file they
        give a witness for 20 of the 160 sides still undetermined here, for some 3% of its
        time. As many playouts as the nodes allow (each costs at least one)."""
        playout = Playout(self.board, self.color, Budget(self.budget // _LAST_SHARE))
        with contextlib.suppress(OutOfBudget):
            line = playout.run(self.budget, _LAST_PLIES, first=_MANY_PLAYOUTS)
            if line is not None:
                return self.can(line, playout.final)
        return None


def analyse_side(
    board: chess.Board, color: chess.Color, *, budget: int = DEFAULT_BUDGET
) -> MateAnalysis:
    """Can ``color`` still checkmate by some series of legal moves (Article 6.9)? In detail."""
    after, prefix, cycled = _forced(board)
    return _SideSearch(board, after, prefix, color, budget).answer(cycled)


def can_mate(
    board: chess.Board, color: chess.Color, *, budget: int = DEFAULT_BUDGET
) -> Mateability:
    """Whether a checkmate by ``color`` can still occur (Article 6.9's question)."""
    return analyse_side(board, color, budget=budget).result


def analyse(board: chess.Board, *, budget: int = DEFAULT_BUDGET) -> DeadPositionAnalysis:
    """Both sides' answers for ``board``; dead (Article 9.6) when neither can mate."""
    after, prefix, cycled = _forced(board)
    cache: dict[PositionKey, Reach | None] = {}
    white = _SideSearch(board, after, prefix, chess.WHITE, budget, cache).answer(cycled)
    black = _SideSearch(board, after, prefix, chess.BLACK, budget, cache).answer(cycled)
    return DeadPositionAnalysis(white.result, black.result, white, black)


def is_dead_position(board: chess.Board, *, budget: int = DEFAULT_BUDGET) -> bool | None:
    """Article 9.6: True if dead, False if some mate can still occur, None if undetermined."""
    result = analyse(board, budget=budget)
    if result.is_dead:
        return True
    if Mateability.CAN_MATE in (result.white, result.black):
        return False
    return None


# --------------------------------------------------------------------------------------
# The CLI's JSON lines.


def parse_position(fen: str) -> chess.Board:
    """A legal position from a 4- or 6-field FEN; :class:`DeadPositionError` otherwise."""
    text = " ".join(fen.split())
    fields = text.split(" ")
    if len(fields) == 4:
        text += " 0 1"
    elif len(fields) != 6:
        raise DeadPositionError(f"expected a FEN of 4 or 6 fields, got {len(fields)}")
    try:
        board = chess.Board(text)
    except ValueError as error:
        raise DeadPositionError(f"bad FEN: {error}") from None
    status = board.status()
    if status != chess.STATUS_VALID:
        problems = [flag.name.lower().replace("_", " ") for flag in chess.Status if
                    flag and status & flag and flag.name]
        raise DeadPositionError("illegal position: " + ", ".join(problems))
    return board


def _as_json(result: Mateability) -> bool | None:
    if result is Mateability.UNDETERMINED:
        return None
    return result is Mateability.CAN_MATE


def dead_position_report(
    fen: str, *, budget: int = DEFAULT_BUDGET
) -> dict[str, str | bool | None]:
    """One JSON-ready line ``{"fen", "white_can_mate", "black_can_mate"}``; ``None`` = undetermined.

    A bad or illegal FEN gives ``{"fen": ..., "error": ...}`` instead of raising.
    """
    try:
        board = parse_position(fen)
    except DeadPositionError as error:
        return {"fen": fen, "error": str(error)}
    result = analyse(board, budget=budget)
    return {
        "fen": fen,
        "white_can_mate": _as_json(result.white),
        "black_can_mate": _as_json(result.black),
    }


def dead_position_reports(
    fens: Iterable[str], *, budget: int = DEFAULT_BUDGET
) -> Iterator[dict[str, str | bool | None]]:
    """:func:`dead_position_report` for each non-blank line, skipping ``#`` comments."""
    for line in fens:
        fen = line.strip()
        if fen and not fen.startswith("#"):
            yield dead_position_report(fen, budget=budget)

