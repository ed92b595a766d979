"""Article 4, the act of moving the pieces: touch-move as pure functions on a python-chess board.

A :class:`TouchState` holds what the player having the move has done with his hands so
far this turn: his deliberate touches in order (pieces touched together form one
:class:`Touch`) and the pieces he has let go on a square (:class:`Release`). The
transition functions (:func:`touch`, :func:`adjust`, :func:`release`) return a new state
with what the arbiter says; :func:`obligation` says which legal moves are still allowed;
:func:`judge_move` checks a completed move and :func:`judge_touch_move_claim` rules on the
opponent's claim (4.7). Every board question is asked of python-chess.

Readings of the seed text (2005) where it is silent or ambiguous:

* **Order.** Only a piece's *first* touch counts. Within a :class:`Touch` (pieces touched
  together) the player's own pieces count as touched before his opponent's (4.3c). Two
  pieces of the same colour touched together are unordered: either may count as the
  first, so the player may move (or capture) either.
* **Longer sequences.** If pieces of both colours were touched, 4.3c first asks for the
  capture of the first opponent's piece touched with the first own piece touched (the
  reading the 2017 text makes explicit in 4.3.3). Otherwise, or if that capture is
  illegal, the touched pieces are taken in order and the first one that can be moved
  (own) or captured (opponent's) must be moved or captured: 4.3a with own pieces only,
  4.3b with the opponent's only, 4.3c with both. "Move or capture" an own piece (the seed's
  4.3a) means any legal move of it, captures included. If none can be, the player is
  free (4.5).
* **King and rook (4.4).** 4.4a applies when the king is the first piece that must be
  moved: it must castle with a rook touched with it or after it (the first such rook for
  which castling is legal). If it cannot, 4.3a governs (the king must move, castling on
  the other side included; if the king cannot move, the next touched piece). A rook
  touched *before* the king may not castle this move (4.4b), whatever else happens, even
  when the player is free under 4.5; 4.3a governs the rest, so the rook must move and,
  if it cannot, the king (the next piece touched that can be moved), and if neither can,
  4.5. "That side" means castling with that rook.
* **Intending to castle (4.4c).** ``intent: castle`` on a touch that includes the king:
  if castling with a rook touched with it (or, for a king touched alone, any castling)
  is illegal, the king must make another legal move; if it has none, the king and the
  rooks touched *together with it* bind nothing (the player is free, 4.4c) and any piece
  touched later binds as usual. A rook touched separately after the king still binds.
* **Releases (4.6).** A piece released on a square where it makes (part of) a legal
  move that the touches so far allow fixes the move: that move only; a pawn released on
  the last rank, any promotion on that square (4.6c); the promotion piece released on
  the square, that promotion only (4.4d); the king released two squares, castling on that
  side (4.6b). A release that is not a legal move, or is one the touches do not allow,
  fixes nothing: the player must still do what the touches oblige.
* **4.7.** The claimant loses the claim by a deliberate touch of a piece; an announced
  adjustment (4.2) and an accidental touch do not count.

Behaviour that differs between editions must come from the :class:`Edition`; today only
clause numbers do (a two-handed move is treated as an illegal move when the edition has
a ``"one-hand.illegal"`` clause, as 2017 7.7.1 and 2018 7.5.4 would).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Sequence

import chess

from arbiterlib.claims import ClaimRule, ClaimVerdict
from arbiterlib.editions import Edition, TouchTrigger
from arbiterlib.errors import ArbiterError

#: How many moves an explanation lists by name before it just counts them.
LISTED_MOVES = 12


class TouchError(ArbiterError):
    """A touch, adjustment or release names an empty square, or a move is not legal."""


class Intent(enum.Enum):
    """What the player meant by a touch (scenario ``intent:`` values)."""

    CASTLE = "castle"


class StatementKind(enum.Enum):
    """What an arbiter's statement is."""

    RULING = "ruling"  # what the player must (or may) now do
    VIOLATION = "violation"  # a breach of Article 4 (or of what it obliges)
    NOTE = "note"  # an explanation that changes nothing


@dataclasses.dataclass(frozen=True)
class Statement:
    """One thing the arbiter says, under one clause."""

    kind: StatementKind
    article: str
    text: str

    @property
    def is_violation(self) -> bool:
        return self.kind is StatementKind.VIOLATION


@dataclasses.dataclass(frozen=True)
class Touch:
    """One deliberate touch (4.3): the squares of the pieces touched together."""

    squares: tuple[chess.Square, ...]
    intent: Intent | None = None


@dataclasses.dataclass(frozen=True)
class Release:
    """A piece let go on a square (4.6), after the first ``touches`` touches of the turn."""

    move: chess.Move
    touches: int


@dataclasses.dataclass(frozen=True)
class TouchState:
    """The deliberate touches and the releases so far this turn, in order (empty: none)."""

    touches: tuple[Touch, ...] = ()
    releases: tuple[Release, ...] = ()

    def is_untouched(self) -> bool:
        """True if no piece has been deliberately touched this turn (4.3, 4.7)."""
        return not self.touches

    def touched_squares(self) -> list[chess.Square]:
        """The squares touched deliberately, each once, in order of first touch."""
        seen: list[chess.Square] = []
        for item in self.touches:
            seen.extend(sq for sq in item.squares if sq not in seen)
        return seen

    def with_touch(self, item: Touch) -> TouchState:
        """This state with one more deliberate touch (4.3)."""
        return dataclasses.replace(self, touches=(*self.touches, item))


@dataclasses.dataclass(frozen=True)
class Obligation:
    """The legal moves the player having the move may still make, and the clause why.

    ``free`` is true when the touches leave him free (4.5, 4.4c): ``moves`` is then every
    legal move, less any castling 4.4b forbids.
    """

    moves: frozenset[chess.Move]
    article: str
    explanation: str
    free: bool = False

    def allows(self, move: chess.Move) -> bool:
        """True if ``move`` fulfils the obligation (4.3–4.6)."""
        return move in self.moves

    def ucis(self) -> list[str]:
        """The allowed moves in UCI, sorted."""
        return sorted(m.uci() for m in self.moves)


@dataclasses.dataclass(frozen=True)
class Transition:
    """The state after an event, what the arbiter says, and the obligation now in force."""

    state: TouchState
    statements: tuple[Statement, ...]
    obligation: Obligation | None


@dataclasses.dataclass(frozen=True)
class TouchMoveViolation:
    """A completed move outside the obligation: what the opponent may claim under 4.7.

    ``state`` is the mover's touch state before the move, to restore if the move is taken
    back; ``san`` is the move in SAN on the board before it.
    """

    player: chess.Color
    move: chess.Move
    san: str
    obligation: Obligation
    state: TouchState


@dataclasses.dataclass(frozen=True)
class MoveRuling:
    """A completed move checked against Article 4 (4.1, 4.3–4.6)."""

    move: chess.Move
    obligation: Obligation | None
    statements: tuple[Statement, ...]
    violation: TouchMoveViolation | None

    def is_allowed(self) -> bool:
        """True if the move was one the obligation allows (or there was none)."""
        return self.violation is None


# Words --------------------------------------------------------------------------------------


def _side(color: chess.Color) -> str:
    return chess.COLOR_NAMES[color].capitalize()


def _listing(items: Sequence[str], word: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _piece(board: chess.Board, square: chess.Square) -> str:
    """``his knight on g1`` / ``the opponent's pawn on e5`` (from the mover's view)."""
    piece = board.piece_at(square)
    if piece is None:
        return f"the empty square {chess.square_name(square)}"
    owner = "his" if piece.color == board.turn else "the opponent's"
    return f"{owner} {chess.piece_name(piece.piece_type)} on {chess.square_name(square)}"


def _neutral(board: chess.Board, squares: Iterable[chess.Square]) -> str:
    """``the white knight on g1``, whoever is speaking."""
    names = []
    for sq in squares:
        piece = board.piece_at(sq)
        colour = "" if piece is None else chess.COLOR_NAMES[piece.color] + " "
        kind = "piece" if piece is None else chess.piece_name(piece.piece_type)
        names.append(f"the {colour}{kind} on {chess.square_name(sq)}")
    return _listing(names)


def _pieces(board: chess.Board, squares: Iterable[chess.Square]) -> str:
    return _listing([_piece(board, sq) for sq in squares])


def _sans(board: chess.Board, moves: Iterable[chess.Move]) -> str:
    sans = sorted(board.san(m) for m in moves)
    if len(sans) > LISTED_MOVES:
        return f"any of {len(sans)} moves"
    return _listing(sans, "or")


def _describe_touches(board: chess.Board, touches: Sequence[Touch]) -> str:
    parts = []
    for item in touches:
        text = _pieces(board, item.squares)
        if len(item.squares) > 1:
            text += " together"
        if item.intent is Intent.CASTLE:
            text += " intending to castle"
        parts.append(text)
    return ", then ".join(parts)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


# Board questions ----------------------------------------------------------------------------


def _castling_rook(board: chess.Board, move: chess.Move) -> chess.Square:
    """The square of the rook a (legal) castling move castles with."""
    if board.chess960:
        return move.to_square
    kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
    return chess.square(7 if kingside else 0, chess.square_rank(move.from_square))


def _captured_square(board: chess.Board, move: chess.Move) -> chess.Square | None:
    """The square of the piece ``move`` captures (en passant included), if any."""
    if board.is_en_passant(move):
        return chess.square(chess.square_file(move.to_square),
                            chess.square_rank(move.from_square))
    if board.is_capture(move):
        return move.to_square
    return None


def can_be_moved(board: chess.Board, square: chess.Square) -> bool:
    """True if the piece on ``square`` has a legal move (4.3a, 4.5); castling is the king's."""
    return any(m.from_square == square for m in board.legal_moves)


def can_be_captured(board: chess.Board, square: chess.Square) -> bool:
    """True if the player having the move can capture the piece on ``square`` (4.3b, 4.5)."""
    return any(_captured_square(board, m) == square for m in board.legal_moves)


def _parse(board: chess.Board, move: chess.Move | str) -> chess.Move:
    if isinstance(move, str):
        try:
            return chess.Move.from_uci(move)
        except ValueError as exc:
            raise TouchError(f"not a move in UCI: {move!r}") from exc
    return move


def _normalise(board: chess.Board, move: chess.Move) -> chess.Move | None:
    """``move`` as python-chess generates it if legal (castling e1h1 → e1g1), else None."""
    try:
        normal = board.parse_uci(move.uci())
    except ValueError:
        return None
    return normal if normal in set(board.generate_legal_moves()) else None


def _occupied(board: chess.Board, squares: Iterable[chess.Square]) -> tuple[chess.Square, ...]:
    result: list[chess.Square] = []
    for sq in squares:
        if board.piece_at(sq) is None:
            raise TouchError(f"there is no piece on {chess.square_name(sq)}")
        if sq not in result:
            result.append(sq)
    return tuple(result)


# The obligation of a sequence of touches (4.3, 4.4, 4.5) -----------------------------------


@dataclasses.dataclass(frozen=True)
class _Slot:
    """The pieces of one colour first touched in one touch (unordered among themselves)."""

    own: bool
    squares: tuple[chess.Square, ...]
    intent: Intent | None


def _slots(board: chess.Board, touches: Sequence[Touch]) -> list[_Slot]:
    seen: set[chess.Square] = set()
    slots: list[_Slot] = []
    for item in touches:
        fresh = [sq for sq in item.squares if sq not in seen]
        seen.update(fresh)
        own = tuple(sq for sq in fresh if board.color_at(sq) == board.turn)
        theirs = tuple(sq for sq in fresh if board.color_at(sq) == (not board.turn))
        # 4.3c: if it is unclear which came first, the own piece counts as touched first.
        if own:
            slots.append(_Slot(True, own, item.intent))
        if theirs:
            slots.append(_Slot(False, theirs, item.intent))
    return slots


def _rooks(board: chess.Board, squares: Iterable[chess.Square]) -> list[chess.Square]:
    return [sq for sq in squares if board.piece_type_at(sq) == chess.ROOK]


def _touch_obligation(
    board: chess.Board, touches: Sequence[Touch], legal: frozenset[chess.Move], edition: Edition
) -> Obligation | None:
    slots = _slots(board, touches)
    if not slots or not legal:
        return None
    player = _side(board.turn)
    touched = f"{player} deliberately touched {_describe_touches(board, touches)}."
    king = board.king(board.turn)
    king_at = next((i for i, s in enumerate(slots) if s.own and king in s.squares), None)
    # 4.4b: a rook touched before the king may not castle this move.
    before_king = slots if king_at is None else slots[:king_at]
    banned = {sq for s in before_king if s.own for sq in _rooks(board, s.squares)}
    allowed = frozenset(m for m in legal
                        if not (board.is_castling(m) and _castling_rook(board, m) in banned))
    notes: list[str] = []
    excluded = legal - allowed
    if excluded:
        # Before the king is touched, the rook is simply touched first (4.4b).
        when = "touched before his king" if king_at is not None else "touched first"
        notes.append(f"he may not castle with {_pieces(board, sorted(banned))}, {when}"
                     f" ({edition.cite('castling.rook-first')})")
    has_own = any(s.own for s in slots)
    has_theirs = any(not s.own for s in slots)
    rule = "touch.both" if has_own and has_theirs else "touch.own" if has_own else "touch.opponent"
    article = cited = edition.cite(rule)
    if rule == "touch.own" and banned and king_at is not None:
        article = edition.cite("castling.rook-first")
        cited = f"{article}, which leaves it to {edition.cite(rule)}"

    def done(moves: frozenset[chess.Move], clause: str, conclusion: str) -> Obligation:
        text = " ".join([touched, *(_sentence(n) + "." for n in notes), conclusion])
        return Obligation(moves, clause, text)

    if any(len({board.color_at(sq) for sq in item.squares}) > 1 for item in touches):
        notes.append("when it is unclear whether his own piece or his opponent's was touched"
                     f" first, his own counts as touched first ({edition.cite('touch.both')})")
    if has_own and has_theirs:
        first_own = next(s for s in slots if s.own)
        first_theirs = next(s for s in slots if not s.own)
        pair = frozenset(m for m in allowed if m.from_square in first_own.squares
                         and _captured_square(board, m) in first_theirs.squares)
        what = (f"capture {_pieces(board, first_theirs.squares)} with"
                f" {_pieces(board, first_own.squares)}")
        if pair:
            return done(pair, edition.cite("touch.both"),
                        f"Having touched a piece of each colour, he must {what}"
                        f" ({edition.cite('touch.both')}): {_sans(board, pair)}.")
        notes.append(f"he cannot {what} ({edition.cite('touch.both')}), so he must move or"
                     " capture the first piece touched that can be moved or captured")

    freed = False  # 4.4c: the king (and rooks touched with it) bind nothing
    stuck = False  # some touched piece could not be moved or captured (4.5)
    for index, slot in enumerate(slots):
        squares = slot.squares
        if slot.own and king is not None and king in squares:
            # 4.4a: king and a rook touched (the rook with or after the king) → castle.
            side_rooks: list[chess.Square] = []
            for later in slots[index:]:
                if not later.own:
                    continue
                rooks = _rooks(board, later.squares)
                side_rooks.extend(rooks)
                castles = frozenset(m for m in allowed if board.is_castling(m)
                                    and _castling_rook(board, m) in rooks)
                if castles:
                    clause = edition.cite("castling.king-first")
                    return done(castles, clause,
                                f"Having touched his king and {_pieces(board, rooks)}, he must"
                                f" castle on that side, which is legal ({clause}):"
                                f" {_sans(board, castles)}.")
            if side_rooks:
                notes.append(f"castling with {_pieces(board, side_rooks)} is not legal, so"
                             f" {edition.cite('castling.king-first')} does not apply")
            if slot.intent is Intent.CASTLE:
                clause = edition.cite("castling.illegal")
                king_moves = frozenset(m for m in allowed if m.from_square == king)
                if king_moves and (side_rooks or not any(board.is_castling(m)
                                                         for m in king_moves)):
                    return done(king_moves, clause,
                                "He touched his king intending to castle, but castling on that"
                                " side is not legal: he must make another legal move with his"
                                f" king, castling on the other side included ({clause}):"
                                f" {_sans(board, king_moves)}.")
                if not king_moves:
                    together = _rooks(board, squares)
                    bound = "the king and the rook touched with it bind" if together else (
                        "the king binds")
                    notes.append(f"intending to castle he touched his king, which has no legal"
                                 f" move: {bound} him to nothing ({clause})")
                    squares = tuple(sq for sq in squares if sq != king and sq not in together)
                    freed = True
        moves = frozenset(m for m in allowed if m.from_square in squares) if slot.own else (
            frozenset(m for m in allowed if _captured_square(board, m) in squares))
        if moves:
            verb = "move" if slot.own else "capture"
            able = "moved" if slot.own else "captured"
            if len(squares) == 1:
                what = (f"he must {verb} {_piece(board, squares[0])}, the first piece touched"
                        f" that can be {able}")
            else:
                what = (f"{_pieces(board, squares)} were touched together, so either counts"
                        f" as the first piece touched that can be {able}: he must {verb} one"
                        " of them")
            return done(moves, article, f"{_sentence(what)} ({cited}): {_sans(board, moves)}.")
        if squares:
            stuck = True
            cannot = "be moved" if slot.own else "be captured"
            notes.append(f"{_pieces(board, squares)} cannot {cannot}")

    clause = edition.cite("castling.illegal" if freed and not stuck else "touch.none-movable")
    if excluded:
        last = f"He may make any legal move except that castling ({clause})."
    else:
        last = f"He may make any legal move ({clause})."
    text = " ".join([touched, *(_sentence(n) + "." for n in notes), last])
    # ``allowed`` cannot be empty in standard chess: a rook that can castle can also move.
    return Obligation(allowed or legal, clause, text, free=True)


# The obligation with releases (4.6) ---------------------------------------------------------


def _release_moves(
    board: chess.Board, move: chess.Move, legal: frozenset[chess.Move]
) -> frozenset[chess.Move]:
    """The legal moves a release can be part of (a pawn on the last rank: its promotions)."""
    if move.promotion is None:
        promotions = frozenset(m for m in legal if m.promotion is not None
                               and m.from_square == move.from_square
                               and m.to_square == move.to_square)
        if promotions:
            return promotions
    normal = _normalise(board, move)
    return frozenset() if normal is None else frozenset({normal})


@dataclasses.dataclass(frozen=True)
class _Binding:
    release: Release
    moves: frozenset[chess.Move]
    article: str
    text: str


def _binding(
    board: chess.Board, state: TouchState, legal: frozenset[chess.Move], edition: Edition
) -> _Binding | None:
    """The first release that fixes the move (4.6), refined by a later promotion piece (4.4d)."""
    found: _Binding | None = None
    player = _side(board.turn)
    for item in state.releases:
        moves = _release_moves(board, item.move, legal)
        if found is None:
            prior = _touch_obligation(board, state.touches[:item.touches], legal, edition)
            moves = moves if prior is None else moves & prior.moves
            if not moves:
                continue
            found = _Binding(item, moves, *_release_words(board, item.move, moves, edition))
        elif (len(found.moves) > 1 and item.move in found.moves
              and item.move.promotion is not None):
            clause = edition.cite("promotion.final")
            found = _Binding(item, frozenset({item.move}), clause,
                             f"{player} released the new piece on the promotion square: the"
                             f" choice is final ({clause}): {board.san(item.move)}.")
    return found


def _release_words(
    board: chess.Board, move: chess.Move, moves: frozenset[chess.Move], edition: Edition
) -> tuple[str, str]:
    player = _side(board.turn)
    piece = _piece(board, move.from_square)
    target = chess.square_name(move.to_square)
    if move.promotion is not None:
        clause = edition.cite("promotion.final")
        return clause, (f"{player} released the new piece on the promotion square {target}: the"
                        f" choice is final ({clause}): {_sans(board, moves)}.")
    if len(moves) > 1 or any(m.promotion for m in moves):
        clause = edition.cite("move.promotion")
        return clause, (f"{player} let go of {piece} on the promotion square {target}: the move"
                        " is not yet complete, but the pawn may not be moved to another square"
                        f" ({clause}); he must still choose the new piece: {_sans(board, moves)}.")
    (only,) = moves
    if board.is_castling(only):
        clause = edition.cite("move.castling")
        return clause, (f"{player} let go of his king on {target}: the move is not yet complete,"
                        " but he may make no move other than castling on that side, which is"
                        f" legal ({clause}): {board.san(only)}.")
    clause = edition.cite("move.made")
    return clause, (f"{player} let go of {piece} on {target}, a legal move: it may not be moved"
                    f" to another square ({clause}): {board.san(only)}.")


def obligation(board: chess.Board, state: TouchState, edition: Edition) -> Obligation | None:
    """What the touches and releases of ``state`` oblige the player having the move to do.

    4.3 a–c, 4.4 a–c and 4.5 for the touches, 4.6 and 4.4d for the releases. None when he
    has touched nothing deliberately (or has no legal move); otherwise the allowed moves,
    never empty (``free`` if he may make any legal move, 4.5 / 4.4c).
    """
    legal = frozenset(board.legal_moves)
    if not legal:
        return None
    found = _binding(board, state, legal, edition)
    if found is not None:
        return Obligation(found.moves, found.article, found.text)
    return _touch_obligation(board, state.touches, legal, edition)


def is_allowed(board: chess.Board, move: chess.Move, state: TouchState, edition: Edition) -> bool:
    """True if ``move`` is legal and Article 4 (4.3–4.6) allows it after ``state``."""
    if move not in board.legal_moves:
        return False
    found = obligation(board, state, edition)
    return found is None or found.allows(move)


# Transitions --------------------------------------------------------------------------------


def _ruling(found: Obligation | None) -> tuple[Statement, ...]:
    if found is None:
        return ()
    return (Statement(StatementKind.RULING, found.article, found.explanation),)


def _squares(squares: chess.Square | Iterable[chess.Square]) -> list[chess.Square]:
    return [squares] if isinstance(squares, int) else list(squares)


def touch(
    board: chess.Board,
    state: TouchState,
    squares: chess.Square | Iterable[chess.Square],
    edition: Edition,
    *,
    accidental: bool = False,
    clearly: bool = False,
    intent: Intent | None = None,
    player: chess.Color | None = None,
) -> Transition:
    """The player touches the pieces on ``squares`` together (4.3; 4.4c with ``intent``).

    Only a binding touch by the player having the move (``player``, default the side to
    move) is recorded; the opponent's touches oblige nothing. Which touches bind depends on
    the edition (:class:`~arbiterlib.editions.TouchTrigger`): until 2014 an accidental touch
    obliges nothing; from 2017 (4.2.2) any contact counts as intent unless it is
    ``clearly`` accidental. Raises :class:`TouchError` if a square is empty.
    """
    touched = _occupied(board, _squares(squares))
    if not touched:
        raise TouchError("a touch needs at least one square")
    mover = board.turn if player is None else player
    # "his" and "the opponent's" are said from the player having the move's view.
    names = _pieces(board, touched) if mover == board.turn else _neutral(board, touched)
    statements: list[Statement] = []
    new = state
    if accidental and not clearly and edition.touch_trigger is TouchTrigger.CONTACT:
        contact = edition.cite("touch.contact")
        statements.append(Statement(
            StatementKind.NOTE, contact,
            f"{_side(mover)} says he touched {names} by accident, but only a clearly"
            f" accidental contact is excused: any other contact counts as intent ({contact})."))
        accidental = False
    if accidental:
        statements.append(Statement(
            StatementKind.NOTE, edition.cite("touch"),
            f"{_side(mover)} touched {names} accidentally: only a deliberate touch obliges"
            f" ({edition.cite('touch')})."))
    elif mover != board.turn:
        statements.append(Statement(
            StatementKind.NOTE, edition.cite("touch"),
            f"{_side(mover)} touched {names} while his opponent has the move: the touch-move"
            f" rule binds only the player having the move ({edition.cite('touch')})."))
    else:
        if intent is Intent.CASTLE and board.king(board.turn) not in touched:
            statements.append(Statement(
                StatementKind.NOTE, edition.cite("castling.illegal"),
                f"The intention to castle matters only when the king is touched"
                f" ({edition.cite('castling.illegal')}); this touch binds as any other."))
        new = state.with_touch(Touch(touched, intent))
    found = obligation(board, new, edition)
    return Transition(new, (*statements, *_ruling(found)), found)


def adjust(
    board: chess.Board,
    state: TouchState,
    squares: chess.Square | Iterable[chess.Square],
    edition: Edition,
    *,
    announced: bool = True,
    player: chess.Color | None = None,
) -> Transition:
    """The player adjusts the pieces on ``squares`` (4.2).

    The player having the move may adjust after announcing it: nothing is obliged.
    Unannounced, the adjustment is a deliberate touch (4.3). Adjusting while the
    opponent has the move is a violation of 4.2 (and may disturb the opponent).
    """
    touched = _occupied(board, _squares(squares))
    if not touched:
        raise TouchError("an adjustment needs at least one square")
    mover = board.turn if player is None else player
    names = _pieces(board, touched)
    clause = edition.cite("adjust")
    if mover != board.turn:
        seed = edition.cite("disturbing")
        english = edition.clauses.get("disturbing.english", seed)
        where = seed if english == seed else (
            f"{seed} in the seed text, {english} in the English text")
        found = obligation(board, state, edition)
        return Transition(state, (Statement(
            StatementKind.VIOLATION, clause,
            f"{_side(mover)} adjusted {_neutral(board, touched)} while his opponent has the"
            " move: only the player having the move may adjust pieces"
            f" ({clause}). Doing so may also be disturbing the opponent ({where})."),
            *_ruling(found)), found)
    if announced:
        found = obligation(board, state, edition)
        return Transition(state, (Statement(
            StatementKind.NOTE, clause,
            f"{_side(mover)} announced that he was adjusting {names}: having the move he may"
            f" do so, and it obliges nothing ({clause})."), *_ruling(found)), found)
    if edition.touch_trigger is TouchTrigger.INTENT:
        found = obligation(board, state, edition)
        return Transition(state, (Statement(
            StatementKind.NOTE, clause,
            f"{_side(mover)} adjusted {names} without first announcing it ({clause}); the"
            f" touch-move rule binds only a touch with the intention of moving or capturing"
            f" ({edition.cite('touch')}), which an adjustment is not."), *_ruling(found)), found)
    new = state.with_touch(Touch(touched))
    found = obligation(board, new, edition)
    counts = (f"counts as intent ({edition.cite('touch.contact')})"
              if edition.touch_trigger is TouchTrigger.CONTACT
              else f"counts as a deliberate touch ({edition.cite('touch')})")
    return Transition(new, (Statement(
        StatementKind.NOTE, clause,
        f"{_side(mover)} adjusted {names} without first announcing it ({clause}): it"
        f" {counts}."), *_ruling(found)), found)


def release(
    board: chess.Board, state: TouchState, move: chess.Move | str, edition: Edition
) -> Transition:
    """The player having the move lets go of a piece on the target square of ``move`` (4.6).

    The piece counts as deliberately touched. ``move`` without a promotion piece for a pawn
    on the last rank is the pawn let go there (4.6c); with one, the new piece (4.4d); the
    king two squares sideways, castling (4.6b). Raises :class:`TouchError` if the square
    the piece comes from is empty.
    """
    move = _parse(board, move)
    (origin,) = _occupied(board, [move.from_square])
    legal = frozenset(board.legal_moves)
    before = _binding(board, state, legal, edition) if legal else None
    touches = (*state.touches, Touch((origin,)))
    new = TouchState(touches, (*state.releases, Release(move, len(touches))))
    found = obligation(board, new, edition)
    after = _binding(board, new, legal, edition) if legal else None
    statements: list[Statement] = []
    player = _side(board.turn)
    piece = _piece(board, origin)
    if move.promotion is not None:
        piece = f"a new {chess.piece_name(move.promotion)}"
    target = chess.square_name(move.to_square)
    moves = _release_moves(board, move, legal)
    if before is not None:
        if not moves & before.moves:
            clause = before.article
            statements.append(Statement(
                StatementKind.VIOLATION, clause,
                f"{player} let go of {piece} on {target}, but the move was already fixed by"
                f" the release of {_move_name(board, before.release.move)} ({clause})."))
    elif not moves:
        statements.append(Statement(
            StatementKind.NOTE, edition.cite("move.made"),
            f"{player} let go of {piece} on {target}, which is not a legal move:"
            f" {edition.cite('move.made')} does not bind it, but the piece was touched"
            f" ({edition.cite('touch')})."))
    elif after is None and found is not None:
        statements.append(Statement(
            StatementKind.VIOLATION, found.article,
            f"{player} let go of {piece} on {target}, a move the touch-move rule does not allow"
            f" here ({found.article}); the release does not fix it ({edition.cite('move.made')})"
            f" and he must still make one of the moves below; if he completes it, his opponent"
            f" may claim ({edition.cite('touch.claim-lost')})."))
    return Transition(new, (*statements, *_ruling(found)), found)


def _move_name(board: chess.Board, move: chess.Move) -> str:
    """``move`` in SAN if it is (part of) a legal move on ``board``, else in UCI."""
    normal = _normalise(board, move)
    if normal is not None:
        return board.san(normal)
    return move.uci()


# Completed moves and the claim (4.1, 4.6, 4.7) ---------------------------------------------


def judge_move(
    board: chess.Board,
    state: TouchState,
    move: chess.Move | str,
    edition: Edition,
    *,
    hands: int = 1,
) -> MoveRuling:
    """Check a completed legal move against 4.1 (one hand) and the obligation of ``state``.

    A move outside the obligation is a :class:`TouchMoveViolation` the opponent may claim
    (4.7). Raises :class:`TouchError` if the move is illegal or ``hands`` is not 1 or 2.
    """
    parsed = _parse(board, move)
    normal = _normalise(board, parsed)
    if normal is None:
        raise TouchError(f"illegal move {parsed.uci()!r} in {board.fen()}")
    if hands not in (1, 2):
        raise TouchError(f"a move is made with one or two hands, not {hands}")
    player = _side(board.turn)
    san = board.san(normal)
    statements: list[Statement] = []
    if hands == 2:
        one = edition.cite("one-hand")
        if edition.two_hands_illegal:
            illegal = edition.cite("one-hand.illegal")
            statements.append(Statement(
                StatementKind.VIOLATION, illegal,
                f"{player} made the move {san} with two hands: each move must be made with"
                f" one hand only ({one}), and a move made with two hands counts as an illegal"
                f" move ({illegal})."))
        else:
            statements.append(Statement(
                StatementKind.VIOLATION, one,
                f"{player} made the move {san} with two hands: each move must be made with one"
                f" hand only ({one}); the arbiter may penalise him"
                f" ({edition.cite('penalties')})."))
    found = obligation(board, state, edition)
    violation: TouchMoveViolation | None = None
    if found is not None and not found.allows(normal):
        violation = TouchMoveViolation(board.turn, normal, san, found, state)
        statements.append(Statement(
            StatementKind.VIOLATION, found.article,
            f"{player} played {san}, which Article 4 does not allow: {found.explanation}"
            f" His opponent may claim before he himself deliberately touches a piece"
            f" ({edition.cite('touch.claim-lost')})."))
    return MoveRuling(normal, found, tuple(statements), violation)


def can_claim_touch_move(claimant_state: TouchState) -> bool:
    """True until the claimant deliberately touches a piece on his turn (4.7)."""
    return claimant_state.is_untouched()


def judge_touch_move_claim(
    violation: TouchMoveViolation | None,
    claimant_state: TouchState,
    edition: Edition,
    *,
    claimant: chess.Color | None = None,
) -> ClaimVerdict:
    """Rule on a touch-move claim against the opponent's last move (4.7).

    ``violation`` is what :func:`judge_move` found for that move (None: it complied);
    ``claimant_state`` is the claimant's own touches since (he has the move now).
    Upheld: take the move back, restore ``violation.state`` and enforce
    ``violation.obligation``. Rejected once the claimant has deliberately touched a piece.
    """
    lost = edition.cite("touch.claim-lost")
    if violation is None:
        return ClaimVerdict(ClaimRule.TOUCH_MOVE, False, edition.cite("touch"),
                            "the last move broke no rule of Article 4 on touching and moving"
                            " the pieces: there is nothing to claim")
    who = _side(not violation.player) if claimant is None else _side(claimant)
    if claimant is not None and claimant == violation.player:
        return ClaimVerdict(ClaimRule.TOUCH_MOVE, False, lost,
                            f"{who} cannot claim against his own move: only the opponent of the"
                            f" player who broke Article 4 may claim ({lost})")
    if not can_claim_touch_move(claimant_state):
        first = claimant_state.touched_squares()[0]
        return ClaimVerdict(ClaimRule.TOUCH_MOVE, False, lost,
                            f"{who} had already deliberately touched a piece (on"
                            f" {chess.square_name(first)}) before claiming: he lost the right"
                            f" to claim the violation of Article 4 ({lost})")
    ob = violation.obligation
    return ClaimVerdict(ClaimRule.TOUCH_MOVE, True, ob.article,
                        f"{_side(violation.player)} played {violation.san}, which Article 4 did"
                        f" not allow: {ob.explanation} The claim comes before {who} touched a"
                        f" piece ({lost}): the move is taken back and"
                        f" {_side(violation.player)} must make one of the allowed moves"
                        f" ({ob.article})")
