"""Scoresheet entries in algebraic notation (Appendix E): a strict reader and a writer.

A player records each move "in algebraic notation (Appendix E)" (seed 8.1). This module
reads one entry, such as ``Cf3`` on an Italian scoresheet, against the position it was
played in, and writes the entry for a :class:`chess.Move` in a given language. Every board
question (legality, SAN, check, mate) is asked of python-chess: the reader only takes the
entry apart, translates the language's piece letters to English, and hands python-chess a
plain SAN string; the writer takes python-chess SAN and translates it.

Appendix E is not in the seed text; the clauses cited are the English 2005 text's
(E.2/E.3 letters, E.4 pawns, E.8 moves, E.9 captures, E.10 two pieces, E.11 promotion,
E.12 draw offer, E.13 abbreviations), numbered so that the seed's 8.1 "(Appendice E.12)"
is the draw offer.

What the reader accepts ("in the correct manner", 8.1) -- nothing is guessed:

* Accepted as written in Appendix E: piece letters of the chosen language (capital letters,
  E.2/E.3) or figurines of either colour; ``x`` for a capture; ``e.p.`` after an en passant
  capture (with or without a space); ``0-0``/``0-0-0``; the promotion piece right after the
  pawn move (``e8D``); ``+`` for check, ``#`` or ``++`` for mate; ``(=)`` after the move for
  a draw offer (E.12); the file of departure, or the rank when the file does not tell the
  pieces apart, when two identical pieces can go to the square (E.10).
* Accepted, with a :class:`Remark` on the :class:`Reading`: a sign that E.13 makes optional
  left out (``x``, ``+``, ``#``, ``e.p.``); ``+`` written for a mate (a mate is a check);
  ``O-O`` with the letter O; ``e8=Q`` with an equals sign (PGN style); a departure file,
  rank or square that is not needed (the move is still named without doubt); the rank
  where E.10 prefers the file.
* Refused, with a :class:`NotationError` naming the entry, the language and the problem:
  anything else. In particular ``:`` as a capture sign (Appendix E has ``x`` and lets it be
  left out, so a ``:`` is not read), long algebraic pawn moves (``e2e4``, ``e2-e4``),
  hyphens, lower-case piece letters, a letter the language does not have (Italian ``N``;
  English ``D``) or ``P`` for a pawn (E.4), annotation signs (``!``, ``?``), a capture,
  check, mate or e.p. sign the move does not bear out, a pawn capture without its file
  (E.9), a missing promotion piece (E.11), castling written as a king move (``Kg1``), and
  entries that fit no legal move or more than one.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

import chess

from arbiterlib.editions import get_edition
from arbiterlib.errors import ArbiterError

__all__ = [
    "APPENDIX_E",
    "PGN_STYLE",
    "PIECE_LETTERS",
    "AmbiguousEntryError",
    "IllegalEntryError",
    "IncorrectEntryError",
    "InvalidEntryError",
    "Language",
    "NotationError",
    "Reading",
    "Remark",
    "WritingStyle",
    "parse_move",
    "read_move",
    "translate_entry",
    "write_move",
]


class Language(enum.Enum):
    """The language of a scoresheet's piece letters (E.3: the letters used in one's country)."""

    ENGLISH = "en"
    ITALIAN = "it"
    GERMAN = "de"
    FRENCH = "fr"
    SPANISH = "es"
    DUTCH = "nl"
    FIGURINE = "figurine"

    @classmethod
    def parse(cls, value: Language | str) -> Language:
        """The language for ``value``: a :class:`Language` or its code (``"it"``), any case."""
        if isinstance(value, Language):
            return value
        key = str(value).strip().lower()
        for language in cls:
            if key in (language.value, language.name.lower()):
                return language
        known = ", ".join(language.value for language in cls)
        raise NotationError(str(value), None, f"unknown notation language (known: {known})")

    @property
    def label(self) -> str:
        """``"Italian"``, ``"figurine"``: the name used in messages."""
        return "figurine" if self is Language.FIGURINE else self.name.capitalize()


def _letters(king: str, queen: str, rook: str, bishop: str, knight: str) -> Mapping[int, str]:
    return MappingProxyType({chess.KING: king, chess.QUEEN: queen, chess.ROOK: rook,
                             chess.BISHOP: bishop, chess.KNIGHT: knight})


PIECE_LETTERS: Mapping[Language, Mapping[chess.PieceType, str]] = MappingProxyType({
    Language.ENGLISH: _letters("K", "Q", "R", "B", "N"),
    Language.ITALIAN: _letters("R", "D", "T", "A", "C"),  # Re, Donna, Torre, Alfiere, Cavallo
    Language.GERMAN: _letters("K", "D", "T", "L", "S"),  # König, Dame, Turm, Läufer, Springer
    Language.FRENCH: _letters("R", "D", "T", "F", "C"),  # Roi, Dame, Tour, Fou, Cavalier
    Language.SPANISH: _letters("R", "D", "T", "A", "C"),  # Rey, Dama, Torre, Alfil, Caballo
    Language.DUTCH: _letters("K", "D", "T", "L", "P"),  # Koning, Dame, Toren, Loper, Paard
    Language.FIGURINE: _letters("♔", "♕", "♖", "♗", "♘"),  # written; black ones are read too
})
"""The letter (or figurine) the writer uses for each piece type, by language."""

_BLACK_FIGURINES = {"♚": chess.KING, "♛": chess.QUEEN, "♜": chess.ROOK, "♝": chess.BISHOP,
                    "♞": chess.KNIGHT}
_READ_LETTERS: Mapping[Language, Mapping[str, chess.PieceType]] = MappingProxyType({
    language: MappingProxyType(
        {letter: piece for piece, letter in letters.items()}
        | (_BLACK_FIGURINES if language is Language.FIGURINE else {}))
    for language, letters in PIECE_LETTERS.items()
})
_PAWN_FIGURINES = frozenset("♙♟")


class Remark(enum.Enum):
    """A tolerated departure from the full Appendix E form, noted on a :class:`Reading`."""

    NO_CAPTURE_SIGN = "the capture sign 'x' is left out (optional, E.13)"
    NO_CHECK_SIGN = "the check sign '+' is left out (optional, E.13)"
    NO_MATE_SIGN = "the mate sign '#' is left out (optional, E.13)"
    NO_EN_PASSANT_SIGN = "'e.p.' is left out (optional, E.13)"
    CHECK_SIGN_FOR_MATE = "'+' is written for a mate (E.13 has '#' or '++')"
    LETTER_O_CASTLING = "castling is written with the letter O (E.13 has 0-0)"
    PROMOTION_EQUALS = "'=' before the promotion piece (E.11 has it right after the move)"
    EXTRA_DEPARTURE = "the departure file, rank or square is given though not needed (E.10)"
    RANK_FOR_FILE = "the rank of departure is given where E.10 prefers the file"


@dataclasses.dataclass(frozen=True)
class Reading:
    """An entry read against a position: the move it names, a draw offer, tolerated remarks."""

    entry: str
    language: Language
    move: chess.Move
    draw_offer: bool = False
    remarks: tuple[Remark, ...] = ()

    @property
    def is_exact(self) -> bool:
        """Whether the entry is in the full Appendix E form, with no :class:`Remark`."""
        return not self.remarks


@dataclasses.dataclass(frozen=True)
class WritingStyle:
    """How :func:`write_move` writes castling, promotion and en passant."""

    castling_zeros: bool = True  # 0-0 (E.13) rather than O-O (PGN)
    promotion_equals: bool = False  # e8=Q (PGN) rather than e8Q (E.11)
    en_passant_sign: bool = True  # exd6 e.p. (E.9) rather than exd6 (PGN)


APPENDIX_E = WritingStyle()
"""The full Appendix E form: ``0-0``, ``e8Q``, ``exd6 e.p.``, ``Nf3+``, ``Qh5#``."""

PGN_STYLE = WritingStyle(castling_zeros=False, promotion_equals=True, en_passant_sign=False)
"""python-chess SAN translated: ``O-O``, ``e8=Q``, ``exd6``."""


class NotationError(ArbiterError):
    """An entry that cannot be read as one legal move, in a language (Appendix E).

    ``str(error)`` reads like ``Italian entry 'Cf3+' (move 3, White): wrong check sign:
    Cf3 does not give check``; ``where`` (a move number and side) is added by whoever
    knows it, with :meth:`located`.
    """

    def __init__(self, entry: str, language: Language | None, problem: str, *,
                 where: str | None = None) -> None:
        self.entry = entry
        self.language = language
        self.problem = problem
        self.where = where
        super().__init__(self._format())

    def _format(self) -> str:
        label = f"{self.language.label} entry" if self.language else "entry"
        where = f" ({self.where})" if self.where else ""
        return f"{label} {self.entry!r}{where}: {self.problem}"

    def __str__(self) -> str:
        return self._format()

    def located(self, where: str) -> NotationError:
        """The same error, saying where on the scoresheet the entry is (``"move 3, White"``)."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.where = where
        other.args = (other._format(),)
        return other


class InvalidEntryError(NotationError):
    """The entry is not algebraic notation of Appendix E in that language."""


class IllegalEntryError(NotationError):
    """The entry is notation, but no legal move in the position fits it."""


class AmbiguousEntryError(NotationError):
    """More than one legal move fits the entry (E.10, E.11); ``candidates`` lists them."""

    def __init__(self, entry: str, language: Language | None, problem: str, *,
                 candidates: tuple[chess.Move, ...] = (), where: str | None = None) -> None:
        self.candidates = candidates
        super().__init__(entry, language, problem, where=where)


class IncorrectEntryError(NotationError):
    """The entry names one legal move, ``move``, but a sign or part of it is wrong for it."""

    def __init__(self, entry: str, language: Language | None, problem: str, *,
                 move: chess.Move | None = None, where: str | None = None) -> None:
        self.move = move if move is not None else chess.Move.null()
        super().__init__(entry, language, problem, where=where)


_PIECE = r"[A-Z\u2654-\u265f]"
_ENTRY_RE = re.compile(
    rf"""
    (?:
        (?P<castling>0-0-0|0-0|O-O-O|O-O)
      | (?P<piece>{_PIECE})(?P<file>[a-h])?(?P<rank>[1-8])?(?P<capture>x)?(?P<to>[a-h][1-8])
      | (?P<pawn_file>[a-h])?(?P<pawn_capture>x)?(?P<pawn_to>[a-h][1-8])
        (?:(?P<equals>=)?(?P<promotion>{_PIECE}))?
    )
    (?P<ep_before>\ ?e\.p\.)?
    (?P<check>\+\+|\+|\#)?
    (?P<ep_after>\ ?e\.p\.)?
    """,
    re.VERBOSE,
)
_OFFER_RE = re.compile(r"\s*\(=\)\Z")
_LONG_PAWN_RE = re.compile(r"[a-h][1-8][-x:]?[a-h][1-8]")


def _clause(concept: str) -> str:
    return get_edition().cite(concept)


def _normalize(entry: str) -> str:
    text = unicodedata.normalize("NFC", entry).replace("\ufe0f", "").replace("\ufe0e", "")
    return " ".join(text.split())


def _letter_hint(letter: str, language: Language) -> str:
    if letter == "P" or letter in _PAWN_FIGURINES:
        return f"pawns are written without a letter ({_clause('notation.pawn')})"
    uses: dict[chess.PieceType, list[str]] = {}
    for other, letters in _READ_LETTERS.items():
        if other is not language and letter in letters:
            uses.setdefault(letters[letter], []).append(other.label)
    hint = "; it is " + "; ".join(f"the {chess.piece_name(piece)} in {_listing(labels)}"
                                  for piece, labels in uses.items()) if uses else ""
    valid = " ".join(PIECE_LETTERS[language][p] for p in (chess.KING, chess.QUEEN, chess.ROOK,
                                                         chess.BISHOP, chess.KNIGHT))
    return (f"unknown piece letter {letter!r} in {language.label} (its letters are {valid}){hint}")


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _syntax_problem(text: str, language: Language) -> str:
    if ":" in text:
        return (f"':' is not a capture sign: Appendix E writes 'x' ({_clause('notation.capture')})"
                f", which may be left out ({_clause('notation.abbreviations')})")
    if any(sign in text for sign in "!?"):
        return "annotation signs such as '!' and '?' are not part of the notation"
    if _LONG_PAWN_RE.fullmatch(text.rstrip("+#")):
        return (f"long algebraic notation: a pawn move names only its arrival square, and a "
                f"pawn capture its file of departure ({_clause('notation.move')})")
    if text.startswith(("0", "O", "o")) and "-" in text:
        return f"castling is written 0-0 or 0-0-0 ({_clause('notation.abbreviations')})"
    if "-" in text:
        return f"no hyphen between the piece and the square ({_clause('notation.move')})"
    first = text[:1]
    if first.islower() and first.upper() in _READ_LETTERS[language] and first not in "abcdefgh":
        return f"piece letters are capitals ({_clause('notation.letters')})"
    return "not algebraic notation (Appendix E)"


def _english_symbol(piece_type: chess.PieceType) -> str:
    return chess.piece_symbol(piece_type).upper()


def _piece_type(letter: str, text: str, language: Language) -> chess.PieceType:
    try:
        return _READ_LETTERS[language][letter]
    except KeyError:
        raise InvalidEntryError(text, language, _letter_hint(letter, language)) from None


def _describe(board: chess.Board, moves: tuple[chess.Move, ...], language: Language) -> str:
    names = [write_move(board, move, language, style=APPENDIX_E) for move in moves]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _filter(board: chess.Board, moves: chess.LegalMoveGenerator | chess.PseudoLegalMoveGenerator,
            piece_type: chess.PieceType, to_square: chess.Square, file: int | None,
            rank: int | None, promotion: chess.PieceType | None) -> tuple[chess.Move, ...]:
    found = []
    for move in moves:
        if (move.to_square == to_square and board.piece_type_at(move.from_square) == piece_type
                and not board.is_castling(move) and move.promotion == promotion
                and (file is None or chess.square_file(move.from_square) == file)
                and (rank is None or chess.square_rank(move.from_square) == rank)):
            found.append(move)
    return tuple(sorted(found, key=_move_order))


def _move_order(move: chess.Move) -> tuple[int, int]:
    return (move.from_square, -(move.promotion or 0))


def read_move(board: chess.Board, entry: str,
              language: Language | str = Language.ENGLISH) -> Reading:
    """Read one scoresheet entry as the move it names in ``board`` (8.1, Appendix E).

    Raises a :class:`NotationError` subclass when the entry is not notation, fits no legal
    move or several, or has a sign the move does not bear out. See the module docstring for
    what is tolerated (and noted as a :class:`Remark`).
    """
    lang = Language.parse(language)
    text = _normalize(entry)
    if not text:
        raise InvalidEntryError(entry, lang, "the entry is empty")
    draw_offer = False
    offer = _OFFER_RE.search(text)
    if offer:
        draw_offer = True
        text = text[:offer.start()]
        if not text:
            raise InvalidEntryError(entry, lang, "a draw offer (=) without a move")
    match = _ENTRY_RE.fullmatch(text)
    if match is None:
        raise InvalidEntryError(entry, lang, _syntax_problem(text, lang))
    if match["ep_before"] and match["ep_after"]:
        raise InvalidEntryError(entry, lang, "'e.p.' written twice")
    remarks: list[Remark] = []

    if match["castling"]:
        move = _read_castling(board, entry, lang, match["castling"], remarks)
    elif match["piece"]:
        piece_type = _piece_type(match["piece"], entry, lang)
        move = _read_piece_move(board, entry, lang, piece_type, match, remarks)
    else:
        move = _read_pawn_move(board, entry, lang, match, remarks)

    capture_sign = bool(match["capture"] or match["pawn_capture"])
    if capture_sign and not board.is_capture(move):
        raise IncorrectEntryError(
            entry, lang, f"capture sign 'x' but {_describe(board, (move,), lang)} captures "
            f"nothing ({_clause('notation.capture')})", move=move)
    if not capture_sign and board.is_capture(move):
        remarks.append(Remark.NO_CAPTURE_SIGN)
    en_passant_sign = bool(match["ep_before"] or match["ep_after"])
    if en_passant_sign and not board.is_en_passant(move):
        raise IncorrectEntryError(entry, lang, f"'e.p.' but the move is not an en passant "
                                  f"capture ({_clause('notation.capture')})", move=move)
    if not en_passant_sign and board.is_en_passant(move):
        remarks.append(Remark.NO_EN_PASSANT_SIGN)
    _check_signs(board, entry, lang, move, match["check"], remarks)
    return Reading(entry=entry, language=lang, move=move, draw_offer=draw_offer,
                   remarks=tuple(remarks))


def _read_castling(board: chess.Board, entry: str, lang: Language, written: str,
                   remarks: list[Remark]) -> chess.Move:
    if written.startswith("O"):
        remarks.append(Remark.LETTER_O_CASTLING)
    san = written.replace("0", "O")
    try:
        return board.parse_san(san)
    except chess.IllegalMoveError:
        side = "queen" if san == "O-O-O" else "king"
        raise IllegalEntryError(entry, lang, f"castling on the {side} side is not legal "
                                "in this position") from None


def _read_piece_move(board: chess.Board, entry: str, lang: Language,
                     piece_type: chess.PieceType, match: re.Match[str],
                     remarks: list[Remark]) -> chess.Move:
    file_name, rank_name, to_name = match["file"], match["rank"], match["to"]
    san = _english_symbol(piece_type) + (file_name or "") + (rank_name or "") + to_name
    to_square = chess.parse_square(to_name)
    file = chess.FILE_NAMES.index(file_name) if file_name else None
    rank = int(rank_name) - 1 if rank_name else None
    try:
        move = board.parse_san(san)
    except chess.AmbiguousMoveError:
        candidates = _filter(board, board.legal_moves, piece_type, to_square, file, rank, None)
        raise AmbiguousEntryError(
            entry, lang, f"ambiguous: {_describe(board, candidates, lang)} "
            f"({_clause('notation.disambiguation')})", candidates=candidates) from None
    except chess.IllegalMoveError:
        raise IllegalEntryError(entry, lang, _illegal_problem(
            board, lang, piece_type, to_square, file, rank, None)) from None
    if file is not None or rank is not None:
        others = _filter(board, board.legal_moves, piece_type, to_square, None, None, None)
        others = tuple(other for other in others if other != move)
        same_file = any(chess.square_file(o.from_square) == chess.square_file(move.from_square)
                        for o in others)
        same_rank = any(chess.square_rank(o.from_square) == chess.square_rank(move.from_square)
                        for o in others)
        if not others or (file is not None and rank is not None
                          and (not same_file or not same_rank)):
            remarks.append(Remark.EXTRA_DEPARTURE)
        elif file is None and not same_file:
            remarks.append(Remark.RANK_FOR_FILE)
    return move


def _read_pawn_move(board: chess.Board, entry: str, lang: Language, match: re.Match[str],
                    remarks: list[Remark]) -> chess.Move:
    file_name, to_name = match["pawn_file"], match["pawn_to"]
    to_square = chess.parse_square(to_name)
    promotion: chess.PieceType | None = None
    if match["promotion"]:
        promotion = _piece_type(match["promotion"], entry, lang)
        if promotion == chess.KING:
            raise IllegalEntryError(entry, lang, f"a pawn cannot be promoted to a king "
                                    f"({_clause('notation.promotion')})")
        if match["equals"]:
            remarks.append(Remark.PROMOTION_EQUALS)
    if match["pawn_capture"] and not file_name:
        raise InvalidEntryError(entry, lang, f"a pawn capture names the file of departure "
                                f"({_clause('notation.capture')})")
    file = chess.FILE_NAMES.index(file_name) if file_name else None
    if file is not None and file == chess.square_file(to_square):
        raise InvalidEntryError(entry, lang, f"a pawn that does not capture is written with "
                                f"its arrival square only ({_clause('notation.move')})")
    san = (file_name or "") + to_name + ("=" + _english_symbol(promotion) if promotion else "")
    try:
        return board.parse_san(san)
    except chess.AmbiguousMoveError:  # pragma: no cover - a pawn move never is
        raise IllegalEntryError(entry, lang, "ambiguous pawn move") from None
    except chess.IllegalMoveError:
        pass
    if promotion is None:
        from_file = chess.square_file(to_square) if file is None else file
        promotions = tuple(
            move for move in board.legal_moves
            if move.to_square == to_square and move.promotion
            and board.piece_type_at(move.from_square) == chess.PAWN
            and chess.square_file(move.from_square) == from_file)
        promotions = tuple(sorted(promotions, key=_move_order))
        if promotions:
            raise AmbiguousEntryError(
                entry, lang, f"the promotion piece is missing: {_describe(board, promotions, lang)}"
                f" ({_clause('notation.promotion')})", candidates=promotions)
    raise IllegalEntryError(entry, lang, _illegal_problem(
        board, lang, chess.PAWN, to_square, file, None, promotion))


def _illegal_problem(board: chess.Board, lang: Language, piece_type: chess.PieceType,
                     to_square: chess.Square, file: int | None, rank: int | None,
                     promotion: chess.PieceType | None) -> str:
    side = chess.COLOR_NAMES[board.turn].capitalize()
    name = chess.piece_name(piece_type)
    square = chess.square_name(to_square)
    if piece_type == chess.KING:
        castling = [move for move in board.legal_moves
                    if board.is_castling(move) and move.to_square == to_square]
        if castling:
            return f"castling is written 0-0 or 0-0-0 ({_clause('notation.abbreviations')})"
    if piece_type == chess.PAWN and file is None:
        captures = [move for move in board.legal_moves
                    if move.to_square == to_square and board.is_capture(move)
                    and board.piece_type_at(move.from_square) == chess.PAWN]
        if captures:
            return (f"no pawn can advance to {square}; a pawn capture names the file of "
                    f"departure ({_clause('notation.capture')})")
    if promotion is not None and chess.square_rank(to_square) not in (0, 7):
        return f"a pawn is promoted only on the last rank ({_clause('notation.promotion')})"
    pseudo = _filter(board, board.pseudo_legal_moves, piece_type, to_square, file, rank,
                     promotion)
    if pseudo:
        return (f"illegal: {side}'s {name} would leave its king in check"
                if not board.is_check() else f"illegal: {side}'s king is in check")
    return f"illegal: no {side} {name} can go to {square}"


def _check_signs(board: chess.Board, entry: str, lang: Language, move: chess.Move,
                 sign: str | None, remarks: list[Remark]) -> None:
    check = board.gives_check(move)
    if sign is not None and not check:
        kind = "check" if sign == "+" else "mate"
        raise IncorrectEntryError(
            entry, lang, f"wrong {kind} sign: {_describe(board, (move,), lang)} does not give "
            f"check ({_clause('notation.abbreviations')})", move=move)
    if not check:
        return
    board.push(move)
    try:
        mate = board.is_checkmate()
    finally:
        board.pop()
    if sign in ("#", "++") and not mate:
        raise IncorrectEntryError(
            entry, lang, f"wrong mate sign: {_describe(board, (move,), lang)} is check, not "
            f"mate ({_clause('notation.abbreviations')})", move=move)
    if sign is None:
        remarks.append(Remark.NO_MATE_SIGN if mate else Remark.NO_CHECK_SIGN)
    elif sign == "+" and mate:
        remarks.append(Remark.CHECK_SIGN_FOR_MATE)


def parse_move(board: chess.Board, entry: str,
               language: Language | str = Language.ENGLISH) -> chess.Move:
    """The move an entry names, like :meth:`chess.Board.parse_san` but strict (Appendix E)."""
    return read_move(board, entry, language).move


def write_move(board: chess.Board, move: chess.Move,
               language: Language | str = Language.ENGLISH, *,
               style: WritingStyle = APPENDIX_E, draw_offer: bool = False) -> str:
    """The entry for the legal ``move`` in ``board``, in ``language`` (Appendix E).

    python-chess writes the SAN; the piece letters are then translated. ``style`` chooses
    ``0-0``/``O-O``, ``e8Q``/``e8=Q`` and whether ``e.p.`` is added; ``draw_offer`` adds
    `` (=)`` (E.12).
    """
    lang = Language.parse(language)
    if not board.is_legal(move):
        raise IllegalEntryError(move.uci(), lang, f"not a legal move in {board.fen()}")
    san = board.san(move)
    core = san.rstrip("+#")
    sign = san[len(core):]
    letters = PIECE_LETTERS[lang]
    if core.startswith("O-O"):
        text = core.replace("O", "0") if style.castling_zeros else core
    else:
        head, _, promotion = core.partition("=")
        if head[0] in "KQRBN":
            head = letters[chess.PIECE_SYMBOLS.index(head[0].lower())] + head[1:]
        if promotion:
            piece = letters[chess.PIECE_SYMBOLS.index(promotion.lower())]
            head += ("=" if style.promotion_equals else "") + piece
        text = head
        if style.en_passant_sign and board.is_en_passant(move):
            text += " e.p."
    text += sign
    if draw_offer:
        text += " (=)"
    return text


def translate_entry(board: chess.Board, entry: str, source: Language | str,
                    target: Language | str, *, style: WritingStyle = APPENDIX_E) -> str:
    """The entry read in ``source`` and written in ``target`` (keeps a draw offer)."""
    reading = read_move(board, entry, source)
    return write_move(board, reading.move, target, style=style, draw_offer=reading.draw_offer)
