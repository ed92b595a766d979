"""Scoresheet notation (Appendix E): the strict reader, the writer, and round trips."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.pgn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiterlib.errors import ArbiterError
from arbiterlib.notation import (
    APPENDIX_E,
    PGN_STYLE,
    PIECE_LETTERS,
    AmbiguousEntryError,
    IllegalEntryError,
    IncorrectEntryError,
    InvalidEntryError,
    Language,
    NotationError,
    Remark,
    WritingStyle,
    parse_move,
    read_move,
    translate_entry,
    write_move,
)

M = chess.Move.from_uci
# Two knights (b1, f3) reach d2; rooks a1/a5 share the a-file; a pawn on b7 promotes;
# white may capture en passant on d6 and castle both ways.
RICH = "r3k2r/1P6/8/R2pP3/8/5N2/8/RN2K2R w KQkq d6 0 1"


def board(fen: str = chess.STARTING_FEN, *moves: str) -> chess.Board:
    result = chess.Board(fen)
    for san in moves:
        result.push_san(san)
    return result


# ----------------------------------------------------------------------- languages


def test_language_parse_accepts_codes_names_and_members() -> None:
    assert Language.parse("it") is Language.ITALIAN
    assert Language.parse("IT") is Language.ITALIAN
    assert Language.parse("german") is Language.GERMAN
    assert Language.parse(Language.DUTCH) is Language.DUTCH
    assert Language.parse("figurine") is Language.FIGURINE


def test_language_parse_rejects_unknown_code() -> None:
    with pytest.raises(NotationError) as info:
        Language.parse("xx")
    assert str(info.value) == ("entry 'xx': unknown notation language "
                               "(known: en, it, de, fr, es, nl, figurine)")
    assert isinstance(info.value, ArbiterError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(("language", "letters"), [
    (Language.ENGLISH, "KQRBN"),
    (Language.ITALIAN, "RDTAC"),
    (Language.GERMAN, "KDTLS"),
    (Language.FRENCH, "RDTFC"),
    (Language.SPANISH, "RDTAC"),
    (Language.DUTCH, "KDTLP"),
    (Language.FIGURINE, "♔♕♖♗♘"),
])
def test_piece_letters(language: Language, letters: str) -> None:
    order = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
    assert "".join(PIECE_LETTERS[language][piece] for piece in order) == letters


# ------------------------------------------------------------------------ reading


@pytest.mark.parametrize(("entry", "language", "uci"), [
    ("Cf3", "it", "g1f3"),
    ("Sf3", "de", "g1f3"),
    ("Cf3", "fr", "g1f3"),
    ("Cf3", "es", "g1f3"),
    ("Pf3", "nl", "g1f3"),
    ("♘f3", "figurine", "g1f3"),
    ("♞f3", "figurine", "g1f3"),  # a black figurine is read too
    ("Nf3", "en", "g1f3"),
    ("e4", "it", "e2e4"),
])
def test_reads_first_moves_in_every_language(entry: str, language: str, uci: str) -> None:
    reading = read_move(chess.Board(), entry, language)
    assert reading.move == M(uci)
    assert reading.is_exact
    assert reading.draw_offer is False


def test_letters_are_translated_before_python_chess_parses() -> None:
    position = board(chess.STARTING_FEN, "e4", "e5")
    # Italian R is the king; English R is a rook, which cannot go to e2.
    assert parse_move(position, "Re2", "it") == M("e1e2")
    with pytest.raises(IllegalEntryError) as info:
        parse_move(position, "Re2", "en")
    assert str(info.value) == "English entry 'Re2': illegal: no White rook can go to e2"
    assert parse_move(position, "De2", "it") == M("d1e2")
    assert parse_move(position, "Fc4", "fr") == M("f1c4")
    assert parse_move(position, "Lc4", "de") == M("f1c4")
    assert parse_move(position, "Ac4", "es") == M("f1c4")


def test_draw_offer_is_read_after_the_move() -> None:
    reading = read_move(chess.Board(), "e4 (=)")
    assert reading.move == M("e2e4")
    assert reading.draw_offer is True
    assert read_move(chess.Board(), "Cf3(=)", "it").draw_offer is True
    with pytest.raises(InvalidEntryError) as info:
        read_move(chess.Board(), "(=)")
    assert str(info.value) == "English entry '(=)': a draw offer (=) without a move"


@pytest.mark.parametrize(("entry", "uci", "remarks"), [
    ("exd6 e.p.", "e5d6", ()),
    ("exd6e.p.", "e5d6", ()),
    ("exd6", "e5d6", (Remark.NO_EN_PASSANT_SIGN,)),
    ("ed6 e.p.", "e5d6", (Remark.NO_CAPTURE_SIGN,)),
    ("0-0", "e1g1", ()),
    ("O-O", "e1g1", (Remark.LETTER_O_CASTLING,)),
    ("b8Q+", "b7b8q", ()),
    ("b8=Q+", "b7b8q", (Remark.PROMOTION_EQUALS,)),
    ("b8Q", "b7b8q", (Remark.NO_CHECK_SIGN,)),
    ("bxa8N", "b7a8n", ()),
    ("Rxa8+", "a5a8", ()),
    ("Rxa8", "a5a8", (Remark.NO_CHECK_SIGN,)),
    ("Ra8+", "a5a8", (Remark.NO_CAPTURE_SIGN,)),
    ("Nbd2", "b1d2", ()),
    ("Nfd2", "f3d2", ()),
    ("N1d2", "b1d2", (Remark.RANK_FOR_FILE,)),
    ("Nb1d2", "b1d2", (Remark.EXTRA_DEPARTURE,)),
    ("Ng5", "f3g5", ()),
    ("Nfg5", "f3g5", (Remark.EXTRA_DEPARTURE,)),
    ("R5a3", "a5a3", ()),
    ("R1a3", "a1a3", ()),
    ("Ra1a3", "a1a3", (Remark.EXTRA_DEPARTURE,)),
])
def test_tolerated_forms_and_their_remarks(entry: str, uci: str,
                                           remarks: tuple[Remark, ...]) -> None:
    reading = read_move(chess.Board(RICH), entry)
    assert reading.move == M(uci)
    assert reading.remarks == remarks
    assert reading.is_exact is (not remarks)


def test_queen_side_castling() -> None:
    position = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
    assert read_move(position, "0-0-0", "it").move == M("e8c8")
    assert write_move(position, M("e8c8"), "it") == "0-0-0"
    assert write_move(position, M("e8c8"), "it", style=PGN_STYLE) == "O-O-O"


def test_mate_signs() -> None:
    fools = board(chess.STARTING_FEN, "f3", "e5", "g4")
    assert read_move(fools, "Dh4#", "it").remarks == ()
    assert read_move(fools, "Dh4++", "it").remarks == ()
    assert read_move(fools, "Dh4+", "it").remarks == (Remark.CHECK_SIGN_FOR_MATE,)
    assert read_move(fools, "Dh4", "it").remarks == (Remark.NO_MATE_SIGN,)


def test_three_queens_need_the_full_departure_square() -> None:
    position = chess.Board("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1")
    assert position.san(M("a1b2")) == "Qa1b2"
    assert read_move(position, "Qa1b2").remarks == ()
    with pytest.raises(AmbiguousEntryError) as info:
        read_move(position, "Qab2")
    assert set(info.value.candidates) == {M("a1b2"), M("a3b2")}
    with pytest.raises(AmbiguousEntryError):
        read_move(position, "Q1b2")


@pytest.mark.parametrize(("entry", "language", "error", "message"), [
    ("Nd2", "en", AmbiguousEntryError, "English entry 'Nd2': ambiguous: Nbd2 or Nfd2 (E.10)"),
    ("Cd2", "it", AmbiguousEntryError, "Italian entry 'Cd2': ambiguous: Cbd2 or Cfd2 (E.10)"),
    ("Raa3", "en", AmbiguousEntryError,
     "English entry 'Raa3': ambiguous: R1a3 or R5a3 (E.10)"),
    ("b8", "en", AmbiguousEntryError,
     "English entry 'b8': the promotion piece is missing: b8Q+, b8R+, b8B or b8N (E.11)"),
    ("b8R", "it", IllegalEntryError,
     "Italian entry 'b8R': a pawn cannot be promoted to a king (E.11)"),
    ("e6Q", "en", IllegalEntryError,
     "English entry 'e6Q': a pawn is promoted only on the last rank (E.11)"),
    ("Nxd2", "en", AmbiguousEntryError,
     "English entry 'Nxd2': ambiguous: Nbd2 or Nfd2 (E.10)"),
    ("Nbxd2", "en", IncorrectEntryError,
     "English entry 'Nbxd2': capture sign 'x' but Nbd2 captures nothing (E.9)"),
    ("e6+", "en", IncorrectEntryError,
     "English entry 'e6+': wrong check sign: e6 does not give check (E.13)"),
    ("Rxa8#", "en", IncorrectEntryError,
     "English entry 'Rxa8#': wrong mate sign: Rxa8+ is check, not mate (E.13)"),
    ("e6#", "en", IncorrectEntryError,
     "English entry 'e6#': wrong mate sign: e6 does not give check (E.13)"),
    ("e6 e.p.", "en", IncorrectEntryError,
     "English entry 'e6 e.p.': 'e.p.' but the move is not an en passant capture (E.9)"),
    ("Kg1", "en", IllegalEntryError,
     "English entry 'Kg1': castling is written 0-0 or 0-0-0 (E.13)"),
    ("d6", "en", IllegalEntryError,
     "English entry 'd6': no pawn can advance to d6; a pawn capture names the file of "
     "departure (E.9)"),
    ("xd6", "en", InvalidEntryError,
     "English entry 'xd6': a pawn capture names the file of departure (E.9)"),
    ("ee6", "en", InvalidEntryError,
     "English entry 'ee6': a pawn that does not capture is written with its arrival square "
     "only (E.8)"),
    ("e5e6", "en", InvalidEntryError,
     "English entry 'e5e6': long algebraic notation: a pawn move names only its arrival "
     "square, and a pawn capture its file of departure (E.8)"),
    ("e5-e6", "en", InvalidEntryError,
     "English entry 'e5-e6': long algebraic notation: a pawn move names only its arrival "
     "square, and a pawn capture its file of departure (E.8)"),
    ("Nf3-d2", "en", InvalidEntryError,
     "English entry 'Nf3-d2': no hyphen between the piece and the square (E.8)"),
    ("e5:d6", "en", InvalidEntryError,
     "English entry 'e5:d6': ':' is not a capture sign: Appendix E writes 'x' (E.9), which "
     "may be left out (E.13)"),
    ("R:a8", "en", InvalidEntryError,
     "English entry 'R:a8': ':' is not a capture sign: Appendix E writes 'x' (E.9), which "
     "may be left out (E.13)"),
    ("e6!", "en", InvalidEntryError,
     "English entry 'e6!': annotation signs such as '!' and '?' are not part of the "
     "notation"),
    ("nd2", "en", InvalidEntryError, "English entry 'nd2': piece letters are capitals (E.2)"),
    ("Pe6", "en", InvalidEntryError, "English entry 'Pe6': pawns are written without a "
     "letter (E.4)"),
    ("Cbd2", "en", InvalidEntryError,
     "English entry 'Cbd2': unknown piece letter 'C' in English (its letters are K Q R B N);"
     " it is the knight in Italian, French and Spanish"),
    ("Nbd2", "it", InvalidEntryError,
     "Italian entry 'Nbd2': unknown piece letter 'N' in Italian (its letters are R D T A C);"
     " it is the knight in English"),
    ("Kd1", "it", InvalidEntryError,
     "Italian entry 'Kd1': unknown piece letter 'K' in Italian (its letters are R D T A C);"
     " it is the king in English, German and Dutch"),
    ("0-0-0", "en", IllegalEntryError,
     "English entry '0-0-0': castling on the queen side is not legal in this position"),
    ("0-0+", "en", IncorrectEntryError,
     "English entry '0-0+': wrong check sign: 0-0 does not give check (E.13)"),
    ("0-O", "en", InvalidEntryError,
     "English entry '0-O': castling is written 0-0 or 0-0-0 (E.13)"),
    ("o-o", "en", InvalidEntryError,
     "English entry 'o-o': castling is written 0-0 or 0-0-0 (E.13)"),
    ("", "en", InvalidEntryError, "English entry '': the entry is empty"),
    ("Ke2 e.p. e.p.", "en", InvalidEntryError,
     "English entry 'Ke2 e.p. e.p.': 'e.p.' written twice"),
    ("Ke2 ep", "en", InvalidEntryError,
     "English entry 'Ke2 ep': not algebraic notation (Appendix E)"),
])
def test_refused_entries(entry: str, language: str, error: type[NotationError],
                         message: str) -> None:
    position = chess.Board(RICH)
    with pytest.raises(error) as info:
        read_move(position, entry, language)
    assert str(info.value) == message
    assert info.value.entry == entry
    assert info.value.language is Language.parse(language)


def test_ambiguous_entry_lists_its_candidates() -> None:
    with pytest.raises(AmbiguousEntryError) as info:
        read_move(chess.Board(RICH), "Nd2")
    assert info.value.candidates == (M("b1d2"), M("f3d2"))
    with pytest.raises(AmbiguousEntryError) as promo:
        read_move(chess.Board(RICH), "b8")
    assert set(promo.value.candidates) == {M("b7b8q"), M("b7b8r"), M("b7b8b"), M("b7b8n")}


def test_incorrect_entry_keeps_the_move_it_names() -> None:
    with pytest.raises(IncorrectEntryError) as info:
        read_move(chess.Board(), "Cf3+", "it")
    assert info.value.move == M("g1f3")
    assert str(info.value) == ("Italian entry 'Cf3+': wrong check sign: Cf3 does not give "
                               "check (E.13)")


def test_a_pinned_piece_cannot_move() -> None:
    pinned = chess.Board("4k3/8/8/8/8/8/8/q2RK3 w - - 0 1")
    with pytest.raises(IllegalEntryError) as info:
        read_move(pinned, "Rd7")
    assert str(info.value) == ("English entry 'Rd7': illegal: White's rook would leave its "
                               "king in check")


def test_in_check_the_king_must_be_saved() -> None:
    position = board(chess.STARTING_FEN, "e4", "f5", "Qh5+")
    with pytest.raises(IllegalEntryError) as info:
        read_move(position, "Nf6")
    assert str(info.value) == "English entry 'Nf6': illegal: Black's king is in check"
    assert read_move(position, "g6").move == M("g7g6")


def test_located_error_names_the_move() -> None:
    with pytest.raises(NotationError) as info:
        read_move(chess.Board(), "Nf3", "it")
    located = info.value.located("move 1, White")
    assert isinstance(located, InvalidEntryError)
    assert str(located) == ("Italian entry 'Nf3' (move 1, White): unknown piece letter 'N' in"
                            " Italian (its letters are R D T A C); it is the knight in English")
    assert located.args == (str(located),)
    assert info.value.where is None


def test_whitespace_and_figurine_variation_selectors_are_ignored() -> None:
    assert read_move(chess.Board(), "  Nf3 ").move == M("g1f3")
    assert read_move(chess.Board(), "♘\ufe0ff3", "figurine").move == M("g1f3")


# ------------------------------------------------------------------------ writing


@pytest.mark.parametrize(("uci", "language", "style", "text"), [
    ("e5d6", "en", APPENDIX_E, "exd6 e.p."),
    ("e5d6", "en", PGN_STYLE, "exd6"),
    ("e1g1", "it", APPENDIX_E, "0-0"),
    ("e1g1", "it", PGN_STYLE, "O-O"),
    ("b7b8q", "it", APPENDIX_E, "b8D+"),
    ("b7b8q", "en", PGN_STYLE, "b8=Q+"),
    ("b7a8n", "de", APPENDIX_E, "bxa8S"),
    ("b7a8b", "fr", APPENDIX_E, "bxa8F"),
    ("b7a8r", "nl", APPENDIX_E, "bxa8T+"),
    ("b1d2", "nl", APPENDIX_E, "Pbd2"),
    ("f3d2", "es", APPENDIX_E, "Cfd2"),
    ("a5a8", "figurine", APPENDIX_E, "♖xa8+"),
    ("e1d1", "it", APPENDIX_E, "Rd1"),
    ("e1d1", "en", APPENDIX_E, "Kd1"),
])
def test_write_move(uci: str, language: str, style: WritingStyle, text: str) -> None:
    assert write_move(chess.Board(RICH), M(uci), language, style=style) == text


def test_write_mate_and_draw_offer() -> None:
    fools = board(chess.STARTING_FEN, "f3", "e5", "g4")
    assert write_move(fools, M("d8h4"), "de") == "Dh4#"
    assert write_move(chess.Board(), M("g1f3"), "it", draw_offer=True) == "Cf3 (=)"


def test_write_rejects_an_illegal_move() -> None:
    with pytest.raises(IllegalEntryError) as info:
        write_move(chess.Board(), M("e2e5"), "it")
    assert str(info.value) == (f"Italian entry 'e2e5': not a legal move in "
                               f"{chess.STARTING_FEN}")


def test_translate_entry() -> None:
    assert translate_entry(chess.Board(), "Cf3 (=)", "it", "de") == "Sf3 (=)"
    assert translate_entry(chess.Board(RICH), "exd6", "en", "fr") == "exd6 e.p."
    assert translate_entry(chess.Board(RICH), "O-O", "en", "es") == "0-0"


def test_pgn_style_english_is_python_chess_san() -> None:
    position = chess.Board(RICH)
    for move in position.legal_moves:
        assert write_move(position, move, "en", style=PGN_STYLE) == position.san(move)


# ------------------------------------------------------------------- round trips

LANGUAGES = list(Language)


def _games(folder: Path) -> list[tuple[chess.Board, list[chess.Move]]]:
    games = []
    for path in sorted((folder / "games").glob("*.pgn")):
        with path.open(encoding="utf-8", errors="replace") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                games.append((game.board(), list(game.mainline_moves())))
    return games


def test_round_trip_every_move_of_the_real_games(shared_data: Path) -> None:
    """Every move of the 959 games, written and read back (exact form) in English and
    Italian, and in the other languages for every fourth game; in English every move is
    also read back from python-chess SAN. About 20 s."""
    games = _games(shared_data)
    assert len(games) == 959
    others = [language for language in LANGUAGES
              if language not in (Language.ENGLISH, Language.ITALIAN)]
    moves = checked = 0
    for number, (start, game_moves) in enumerate(games):
        languages = [Language.ENGLISH, Language.ITALIAN] + (others if number % 4 == 0 else [])
        position = start.copy(stack=False)
        for move in game_moves:
            for language in languages:
                text = write_move(position, move, language)
                reading = read_move(position, text, language)
                assert reading.move == move, (text, language, position.fen())
                assert reading.remarks == (), (text, language, position.fen())
                checked += 1
            san = position.san(move)
            assert read_move(position, san).move == move, (san, position.fen())
            position.push(move)
            moves += 1
    assert moves == 75135
    assert checked > 2 * moves + 5 * moves // 5


# ------------------------------------------------------------------ properties


@st.composite
def positions(draw: st.DrawFn) -> chess.Board:
    """A position reached by up to 120 random legal moves from the start."""
    position = chess.Board()
    for _ in range(draw(st.integers(min_value=0, max_value=120))):
        legal = list(position.legal_moves)
        if not legal:
            break
        position.push(legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))])
    return position


@settings(max_examples=60, deadline=None)
@given(positions(), st.sampled_from(LANGUAGES), st.booleans())
def test_write_then_read_gives_the_move_back(position: chess.Board, language: Language,
                                             offer: bool) -> None:
    for move in position.legal_moves:
        text = write_move(position, move, language, draw_offer=offer)
        reading = read_move(position, text, language)
        assert reading.move == move
        assert reading.draw_offer is offer
        assert reading.is_exact


@settings(max_examples=60, deadline=None)
@given(positions())
def test_reader_agrees_with_python_chess_on_san(position: chess.Board) -> None:
    allowed = {Remark.LETTER_O_CASTLING, Remark.PROMOTION_EQUALS, Remark.NO_EN_PASSANT_SIGN}
    for move in position.legal_moves:
        reading = read_move(position, position.san(move))
        assert reading.move == move
        assert set(reading.remarks) <= allowed


@settings(max_examples=60, deadline=None)
@given(positions(), st.sampled_from(LANGUAGES), st.sampled_from(LANGUAGES))
def test_translation_keeps_the_move(position: chess.Board, source: Language,
                                   target: Language) -> None:
    for move in list(position.legal_moves)[:10]:
        text = write_move(position, move, source)
        translated = translate_entry(position, text, source, target)
        assert translated == write_move(position, move, target)
