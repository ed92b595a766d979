"""Who can still mate (Articles 6.9 and 9.6): arbiterlib.dead."""

from __future__ import annotations

import json
from pathlib import Path

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiterlib import exhaustion
from arbiterlib.dead import (
    DEFAULT_BUDGET,
    DeadPositionError,
    Mateability,
    analyse,
    analyse_side,
    can_mate,
    dead_position_report,
    dead_position_reports,
    insufficient_material,
    is_dead_position,
    parse_position,
    wall_analysis,
)
from arbiterlib.errors import ArbiterError

CAN, CANNOT, UNDETERMINED = (
    Mateability.CAN_MATE,
    Mateability.CANNOT_MATE,
    Mateability.UNDETERMINED,
)


def board(fen: str) -> chess.Board:
    return parse_position(fen)


def replays_to_mate(start: chess.Board, line: tuple[chess.Move, ...], color: chess.Color) -> bool:
    b = start.copy()
    for move in line:
        assert b.is_legal(move), f"illegal {move} in {b.fen()}"
        b.push(move)
    return b.is_checkmate() and b.turn != color


# --- constructed positions with exact answers ------------------------------------------


def test_king_against_king_is_dead() -> None:
    result = analyse(board("8/8/8/4k3/8/8/8/4K3 w - -"))
    assert (result.white, result.black) == (CANNOT, CANNOT)
    assert result.is_dead
    assert "lone king" in (result.why(chess.WHITE) or "")


def test_king_and_bishop_against_king_is_dead() -> None:
    result = analyse(board("8/8/8/4k3/8/8/8/3BK3 w - -"))
    assert (result.white, result.black) == (CANNOT, CANNOT)
    assert "bishop" in (result.why(chess.WHITE) or "")
    assert is_dead_position(board("8/8/8/4k3/8/8/8/3BK3 b - -")) is True


def test_same_coloured_bishops_are_dead() -> None:
    # d7 and e2 are both light squares.
    result = analyse(board("8/3bk3/8/8/8/8/3KB3/8 w - -"))
    assert result.is_dead


def test_opposite_coloured_bishops_are_not_dead() -> None:
    # The defending bishop can block its own king: king and bishop v king and bishop
    # on opposite colours is not dead.
    result = analyse(board("kb6/8/1K6/8/2B5/8/8/8 w - -"), budget=20_000)
    assert result.white is CAN
    assert replays_to_mate(board("kb6/8/1K6/8/2B5/8/8/8 w - -"), result.white_detail.witness,
                           chess.WHITE)


def test_two_knights_can_mate_by_helpmate() -> None:
    # K+N+N v K cannot force mate, but a mate can occur: the position is not dead.
    start = board("k7/8/1K6/8/8/8/8/2NN4 b - -")
    side = analyse_side(start, chess.WHITE, budget=50_000)
    assert side.result is CAN
    assert replays_to_mate(start, side.witness, chess.WHITE)
    assert can_mate(start, chess.BLACK) is CANNOT
    assert is_dead_position(start, budget=50_000) is False


def test_small_material_gets_a_short_witness() -> None:
    # Lessons spell out the mating line: with few men it must stay short.
    start = board("7k/8/6K1/4N3/5r2/3N4/8/8 w - -")
    side = analyse_side(start, chess.WHITE)
    assert side.result is CAN
    assert replays_to_mate(start, side.witness, chess.WHITE)
    assert len(side.witness) <= 16
    pawn = board("7k/7p/5K2/8/8/8/8/4B3 b - -")
    side = analyse_side(pawn, chess.WHITE)
    assert side.result is CAN and len(side.witness) <= 8


@pytest.mark.parametrize(("fen", "color"), [
    ("7K/4b2p/5bkP/7p/8/8/8/8 w - -", chess.WHITE),  # from the development file
    ("k7/PpB5/1P6/8/8/8/5p2/6K1 w - -", chess.BLACK),
])
def test_a_last_perturbed_playout_series_finds_what_the_searches_miss(
        fen: str, color: chess.Color) -> None:
    # Every earlier search of the default budget leaves these sides undetermined; the
    # last series, its scores perturbed into near-random play, finds a mate.
    start = board(fen)
    side = analyse_side(start, color)
    assert side.result is CAN
    assert replays_to_mate(start, side.witness, color)


def test_king_and_bishop_can_mate_when_a_knight_blocks() -> None:
    # Looks like insufficient material, but Bb7 is mate: the knight blocks b8.
    start = board("knB5/8/1K6/8/8/8/8/8 w - -")
    side = analyse_side(start, chess.WHITE)
    assert side.result is CAN
    assert side.witness == (chess.Move.from_uci("c8b7"),)


def test_king_and_knight_cannot_mate_king_and_queens() -> None:
    start = board("kq6/qq6/8/8/8/8/8/KN6 w - -")
    assert insufficient_material(start, chess.WHITE) is not None
    assert can_mate(start, chess.WHITE) is CANNOT


def test_knight_can_mate_when_pawns_block() -> None:
    # A smothered-style mate: rule 2 must not fire when the defender has pawns.
    start = board("7k/6pp/8/8/8/8/8/K5N1 w - -")
    assert insufficient_material(start, chess.WHITE) is None
    assert can_mate(start, chess.WHITE, budget=50_000) is not CANNOT


def test_blocked_pawn_wall_is_dead() -> None:
    start = board("4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/8/4K3 b - -")
    result = analyse(start)
    assert result.is_dead
    assert "pawns are blocked" in (result.why(chess.WHITE) or "")
    wall = result.white_detail.wall
    assert wall is not None
    # Pawns and bishops never move; the kings walk round the wall but nothing can check.
    assert {chess.D3, chess.D4, chess.D5, chess.D6, chess.E4, chess.E5} <= wall.fixed
    assert chess.E1 not in wall.fixed
    assert chess.A8 in wall.can_reach(chess.WHITE)


def test_saturation_proves_bishops_locked_out_even_at_budget_zero() -> None:
    # Black's bishops and White's king are shut out by the locked pawns: neither side can
    # ever mate, and the saturation (mobility.py) proves it without any search.
    start = board("1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - -")
    for color in chess.COLORS:
        detail = analyse_side(start, color, budget=0)
        assert detail.result is CANNOT
        assert "can ever reach a square from which mate" in (detail.why or "")
        assert detail.wall is not None
        # The locked pawns never move, and nothing of White ever reaches the far corner.
        assert {chess.F3, chess.F4, chess.F5, chess.H5, chess.H6} <= detail.wall.fixed
        assert chess.A1 not in detail.wall.can_reach(chess.WHITE)


def test_a_locked_position_with_few_moves_is_walked_to_the_end() -> None:
    # Only the white king (h3/h4), the h2 pawn (one step) and the black king move: the
    # whole future is a few hundred positions, walked after the playouts fail (by the
    # walk over arrangements, the kings carried along).
    start = board("8/8/6p1/6P1/6P1/6PK/6PP/k7 w - -")
    assert analyse_side(start, chess.WHITE, budget=0).result is UNDETERMINED
    result = analyse(start)
    assert result.is_dead
    for color in chess.COLORS:
        assert "every position that can still arise" in (result.why(color) or "")


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        ("3kb3/8/8/8/8/8/3KN3/8 w - -", chess.WHITE),  # the bishop must block on c8/e8
        ("2k5/3p4/8/8/8/8/8/2KB4 w - -", chess.WHITE),  # the pawn blocks (or promotes)
        ("8/2k1n3/8/8/8/8/2K2N2/8 w - -", chess.WHITE),
        ("3b4/3k4/8/8/8/3K4/3P4/8 w - -", chess.BLACK),
    ],
)
def test_little_material_helpmates_use_the_defenders_men(fen: str, color: chess.Color) -> None:
    start = board(fen)
    detail = analyse_side(start, color)
    assert detail.result is Mateability.CAN_MATE
    replay = start.copy()
    for move in detail.witness:
        assert replay.is_legal(move)
        replay.push(move)
    assert replay.is_checkmate() and replay.turn != color


def test_facing_pawns_on_a_file_do_not_pass() -> None:
    # The c-pawns can move but never pass each other; the other pawns are blocked.
    start = board("2k5/2p1p1p1/p1P1P1P1/P1p4K/8/8/2P5/8 w - -")
    assert analyse(start).is_dead


def test_open_wall_is_not_dead() -> None:
    # As above, but with the g-pawns gone White's king walks in.
    start = board("2k5/2p1p3/p1P1P3/P1p4K/8/8/2P5/8 w - -")
    assert can_mate(start, chess.WHITE) is not CANNOT


def test_queen_mate_is_found_quickly() -> None:
    # King and queen against king: the playouts drive the king to a corner.
    start = board("3k4/8/8/8/8/4Q3/8/3K4 w - -")
    side = analyse_side(start, chess.WHITE, budget=1_000)
    assert side.result is CAN
    assert replays_to_mate(start, side.witness, chess.WHITE)
    assert len(side.witness) <= 40


def test_material_rich_helpmate_is_found() -> None:
    # The opening position: both sides can mate (the playouts strip the defender).
    result = analyse(chess.Board())
    assert (result.white, result.black) == (CAN, CAN)
    for color in chess.COLORS:
        assert replays_to_mate(chess.Board(), result.side(color).witness, color)


def test_capture_split_proves_a_wall_the_plain_analysis_cannot() -> None:
    # White's pawn can take a black pawn or bishop, but after any capture the black
    # king still sits behind the g-file wall with nothing able to check it.
    from arbiterlib.walls import split_no_mate, static_no_mate

    start = board("8/8/6pk/6pb/6pb/6p1/6P1/7K w - -")
    assert wall_analysis(start) is not None
    assert static_no_mate(start, chess.WHITE, None) is None
    assert split_no_mate(start, chess.WHITE, 100)
    # The saturation (mobility.py), tried before the split, proves it too.
    assert analyse_side(start, chess.WHITE, budget=0).result is CANNOT


def test_forced_sequence_leads_to_a_dead_position() -> None:
    # Black's only move is Kxg7, leaving king against king.
    start = board("7k/6Q1/8/8/8/8/8/K7 b - -")
    assert insufficient_material(start, chess.WHITE) is None
    assert wall_analysis(start) is not None
    result = analyse(start)
    assert result.is_dead
    assert "lone king" in (result.why(chess.WHITE) or "")


def test_checkmate_on_the_board() -> None:
    mated = board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -")
    result = analyse(mated)
    assert (result.white, result.black) == (CANNOT, CAN)
    assert result.black_detail.witness == ()


def test_stalemate_is_dead() -> None:
    result = analyse(board("k7/Pp6/1P4p1/6P1/8/6p1/6Pp/7K w - -"))
    assert result.is_dead
    assert result.why(chess.BLACK) == "the game ends in stalemate"


def test_undetermined_is_honest() -> None:
    # With no budget, the opening position cannot be settled: UNDETERMINED, never CANNOT.
    result = analyse(chess.Board(), budget=0)
    assert CANNOT not in (result.white, result.black)
    assert is_dead_position(chess.Board(), budget=0) in (False, None)


# --- FEN handling and the CLI's JSON lines ---------------------------------------------


def test_report_for_four_field_fen() -> None:
    line = dead_position_report("8/8/8/4k3/8/8/8/4K3 w - -")
    assert line == {
        "fen": "8/8/8/4k3/8/8/8/4K3 w - -",
        "white_can_mate": False,
        "black_can_mate": False,
    }
    json.dumps(line)


def test_report_for_six_field_fen_and_mate() -> None:
    fen = "knB5/8/1K6/8/8/8/8/8 w - - 0 1"
    line = dead_position_report(fen)
    assert line["fen"] == fen
    assert line["white_can_mate"] is True


@pytest.mark.parametrize(
    ("fen", "problem"),
    [
        ("not a fen", "4 or 6 fields"),
        ("8/8/8/8/8/8/8/8 w - -", "illegal position"),
        ("8/8/8/4k3/8/8/8/4K3 x - -", "bad FEN"),
        ("8/8/8/4k3/8/8/8/4KK2 w - - 0 1", "illegal position"),
    ],
)
def test_bad_fen_is_an_error_line(fen: str, problem: str) -> None:
    line = dead_position_report(fen)
    assert line["fen"] == fen
    assert problem in str(line["error"])
    with pytest.raises(DeadPositionError):
        parse_position(fen)
    assert issubclass(DeadPositionError, ArbiterError)
    assert issubclass(DeadPositionError, ValueError)


def test_reports_continue_after_a_bad_fen() -> None:
    lines = list(
        dead_position_reports(["# comment", "", "garbage", "8/8/8/4k3/8/8/8/4K3 w - -"])
    )
    assert len(lines) == 2
    assert "error" in lines[0]
    assert lines[1]["white_can_mate"] is False


# --- soundness on random positions -----------------------------------------------------


def brute_force_mate(start: chess.Board, color: chess.Color, plies: int) -> bool:
    """Is there a mate by ``color`` within ``plies`` plies? Plain full-width search."""
    if start.is_checkmate():
        return start.turn != color
    if plies == 0:
        return False
    for move in list(start.legal_moves):
        start.push(move)
        found = brute_force_mate(start, color, plies - 1)
        start.pop()
        if found:
            return True
    return False


@st.composite
def sparse_positions(draw: st.DrawFn) -> chess.Board:
    squares = draw(st.lists(st.integers(0, 63), min_size=5, max_size=5, unique=True))
    kinds = draw(
        st.lists(
            st.sampled_from("PNBRQpnbrq"), min_size=0, max_size=3
        )
    )
    b = chess.Board(None)
    b.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
    b.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
    for square, symbol in zip(squares[2:], kinds, strict=False):
        piece = chess.Piece.from_symbol(symbol)
        if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
            continue
        b.set_piece_at(square, piece)
    b.turn = draw(st.booleans())
    return b


@st.composite
def played_positions(draw: st.DrawFn) -> chess.Board:
    b = chess.Board()
    for _ in range(draw(st.integers(0, 60))):
        moves = list(b.legal_moves)
        if not moves:
            break
        b.push(draw(st.sampled_from(moves)))
    return chess.Board(b.fen())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(sparse_positions())
def test_cannot_mate_is_never_refuted_on_sparse_positions(b: chess.Board) -> None:
    if not b.is_valid():
        return
    for color in chess.COLORS:
        side = analyse_side(b, color, budget=400)
        if side.result is CANNOT:
            assert not brute_force_mate(b.copy(), color, 3), b.fen()
        elif side.result is CAN:
            assert replays_to_mate(b, side.witness, color)


@settings(max_examples=25, deadline=None)
@given(played_positions())
def test_answers_are_sound_on_played_positions(b: chess.Board) -> None:
    for color in chess.COLORS:
        side = analyse_side(b, color, budget=300)
        if side.result is CANNOT:
            assert not brute_force_mate(b.copy(), color, 2), b.fen()
        elif side.result is CAN:
            assert replays_to_mate(b, side.witness, color)


# --- the real data (skipped when ../shared/data is absent) ------------------------------


def labelled(path: Path) -> list[tuple[str, str]]:
    rows = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append((line[:2], line[3:].strip()))
    return rows


def score(rows: list[tuple[str, str]], budget: int) -> tuple[list[str], int, int]:
    """(unsound answers, unwinnable sides found, unwinnable sides)."""
    unsound: list[str] = []
    found = total = 0
    for label, fen in rows:
        result = analyse(board(fen), budget=budget)
        for expected, got in ((label[0] == "W", result.white), (label[1] == "B", result.black)):
            if not expected:
                total += 1
                found += got is CANNOT
            elif got is CANNOT:
                unsound.append(f"{label} {fen}")
    return unsound, found, total


def test_dev_sample_is_sound_and_finds_dead_sides(shared_data: Path) -> None:
    rows = labelled(shared_data / "dead" / "positions-dev.txt")[::10]
    unsound, found, total = score(rows, budget=1_000)
    assert unsound == []
    assert found >= 0.9 * total, f"found {found}/{total}"


def test_lichess_sample_is_sound_and_finds_every_dead_position(shared_data: Path) -> None:
    rows = labelled(shared_data / "dead" / "lichess.txt")
    dead = [row for row in rows if row[0] == "--"]
    sample = rows[::256] + dead
    unsound, found, total = score(sample, budget=300)
    assert unsound == []
    assert found == total, f"found {found}/{total}"


def test_capture_split_never_proves_a_winnable_side(shared_data: Path) -> None:
    # The split static analysis on its own, on every third labelled position: it must
    # never claim "cannot mate" for a side the label says can mate.
    from arbiterlib.walls import split_no_mate

    for label, fen in labelled(shared_data / "dead" / "positions-dev.txt")[::3]:
        start = board(fen)
        for color, can in ((chess.WHITE, label[0] == "W"), (chess.BLACK, label[1] == "B")):
            if can:
                assert not split_no_mate(start, color, 100), f"{label} {fen}"


def test_walk_allowances_never_prove_a_winnable_side(shared_data: Path) -> None:
    # The walk over arrangements with the allowance the analysis gives it (24 times the
    # budget where moves are few), on every eighth dev position where it runs: it must
    # never claim "cannot mate" for a side the label says can mate.
    from arbiterlib import exhaustion
    from arbiterlib.dead import _FEW_MOVES, DEFAULT_BUDGET, _exhaustion_nodes, _forced, _mobility

    def allowance(board: chess.Board) -> int:
        return _exhaustion_nodes(board, _mobility(board) <= _FEW_MOVES, DEFAULT_BUDGET)

    gated = [
        (label, after, nodes)
        for label, fen in labelled(shared_data / "dead" / "positions-dev.txt")
        for after in [_forced(chess.Board(fen))[0]]
        if not after.is_game_over()
        for nodes in [allowance(after)]
        if nodes
    ]
    proved = 0
    for label, after, nodes in gated[::8]:
        for color, can in ((chess.WHITE, label[0] == "W"), (chess.BLACK, label[1] == "B")):
            answer = exhaustion.cannot_mate_before_exhaustion(after, color, nodes=nodes)
            assert not (can and answer), f"{label} {after.fen()}"
            proved += answer
    assert proved >= 115, f"proved {proved}"


# --- the CLI: arbiter dead ---------------------------------------------------------------


def test_cli_dead_prints_a_json_line_per_fen(capsys: pytest.CaptureFixture[str]) -> None:
    from arbiterlib.cli import main

    status = main(["dead", "8/8/8/4k3/8/8/8/4K3 w - -", "no fen", "knB5/8/1K6/8/8/8/8/8 w - -"])
    assert status == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0] == {"fen": "8/8/8/4k3/8/8/8/4K3 w - -",
                        "white_can_mate": False, "black_can_mate": False}
    assert lines[1]["fen"] == "no fen" and "error" in lines[1]
    assert lines[2]["white_can_mate"] is True


def test_cli_dead_reads_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from arbiterlib.cli import main

    path = tmp_path / "fens.txt"
    path.write_text("# comment\n8/8/8/4k3/8/8/8/3BK3 w - -\n\n")
    assert main(["dead", "--file", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["white_can_mate"] for line in out] == [False]


def test_cli_dead_a_larger_budget_decides_what_the_default_leaves_open(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The example of docs/dead-positions.md: four bishops against one, a composed helpmate.
    from arbiterlib.cli import main

    fen = "8/8/8/8/2b5/1kB5/1B6/BKB5 w - -"
    assert main(["dead", fen]) == 0
    assert json.loads(capsys.readouterr().out)["white_can_mate"] is None
    assert main(["dead", "--budget", "32000", fen]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "fen": fen, "white_can_mate": True, "black_can_mate": True}


@pytest.mark.parametrize(
    "argv", [["dead"], ["dead", "--file", "/no/such/file"], ["dead", "--budget", "-1", "x"]]
)
def test_cli_dead_bad_arguments_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from arbiterlib.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("arbiter: dead") and "Traceback" not in err


def test_stalemate_first_is_proved_by_the_walk_over_arrangements() -> None:
    # Black's Kb8 can never move (the b-pawns cover a7, c7, a8, c8): Black has only the f-
    # and h-pawn moves, and every line ends in stalemate or a locked position before
    # anyone can mate. The position the previous session could not prove.
    start = board("1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 b - -")
    result = analyse(start)
    assert result.is_dead
    for color in chess.COLORS:
        assert "stalemate or a locked position" in (result.why(color) or "")


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        # White's Kh1 and Black's Ka8 are shut in; every pawn race ends in stalemate.
        ("k7/p1p1p3/8/8/P1P5/4P1p1/6Pp/7K w - -", chess.WHITE),
        ("k7/p1p1p3/8/8/P1P5/4P1p1/6Pp/7K w - -", chess.BLACK),
        # White's Ka3 is walled in by its own pawns; Black's king roams in vain.
        ("k7/3p1p1p/8/1p6/1P6/KP1P1P1P/PP6/8 w - -", chess.BLACK),
        # Black's Kb8 never moves: White's bishop and pawns run out of moves first.
        ("1k6/1P6/BP5p/pPp4p/8/8/P1P3KP/8 b - -", chess.WHITE),
        # Nobody is shut in, but both kings are boxed in by locked pawns.
        ("k7/8/p1p3p1/2P1p1Pp/PpP1Pp2/1P1K1P1P/8/8 w - -", chess.BLACK),
        ("8/1p2k3/bPp5/BpP5/1P4K1/8/1P6/8 b - -", chess.WHITE),
        # Black's Kb8 is shut in; both need the walk's larger allowance (14,000 nodes).
        ("1k6/1P5p/BP6/pPp4p/8/8/P1P4P/7K b - -", chess.WHITE),
        ("1k6/1P5p/BP6/pPp4p/8/8/P1P4P/7K b - -", chess.BLACK),
        *(LARGER_WALK := [
            # Moves are few, and the races close only after some 19,500 and 40,000 nodes
            # of the walk: its allowance where moves are few (24 budgets) proves them.
            ("k7/p1p1p3/8/8/8/P1P1P1p1/6Pp/7K w - -", chess.WHITE),
            ("k7/p1p1p3/8/8/8/P1P1P1p1/6Pp/7K w - -", chess.BLACK),
            ("1k6/1P5p/BP1p1p2/1P6/8/8/3P1PKP/8 w - -", chess.BLACK),
        ]),
    ],
)
def test_walk_over_arrangements_proves_stalemate_first(fen: str, color: chess.Color) -> None:
    result = analyse_side(board(fen), color)
    assert result.result is CANNOT
    assert "stalemate or a locked position" in (result.why or "")


@pytest.mark.parametrize(("fen", "color"), LARGER_WALK)
def test_a_quarter_of_the_budget_does_not_prove_them(fen: str, color: chess.Color) -> None:
    exhaustion._WALKS.clear()  # a kept walk's proof would stand for any budget
    assert analyse_side(board(fen), color, budget=DEFAULT_BUDGET // 4).result is not CANNOT


def test_the_walk_stops_at_its_slice_where_both_kings_roam(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Few moves, but both kings roam round the locked bishops and pawns: the walk over
    # arrangements gets its first slice (two budgets) and no more; were roaming allowed,
    # it would go on to its whole allowance (24 budgets).
    from arbiterlib import dead

    start = board("4k3/8/3pBp2/3PbP2/3pBp2/3PbP2/8/4K3 w - -")
    granted = []
    for roaming in (dead._ROAMING, 64):
        monkeypatch.setattr(dead, "_ROAMING", roaming)
        exhaustion._WALKS.clear()
        analyse_side(start, chess.WHITE)
        granted.append(exhaustion._WALKS[start.epd(), False].nodes)
    assert exhaustion.king_room(start) > 16
    assert granted == [2 * DEFAULT_BUDGET, 24 * DEFAULT_BUDGET]


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        # The same pawn structures where the shut-in side's opponent can still mate.
        ("1k6/1P5p/BP1p1p2/1P6/3P4/8/5PKP/8 w - -", chess.WHITE),
        ("1k6/1P1p3p/BP3p2/1P1P3p/8/5P2/6KP/8 b - -", chess.WHITE),
        ("8/8/2k3p1/p1Pp1pPp/P2P1P1P/3K4/8/8 w - -", chess.BLACK),
    ],
)
def test_walk_over_arrangements_leaves_winnable_sides_open(
    fen: str, color: chess.Color
) -> None:
    # The larger walk runs on these positions too, and must not claim they are dead.
    assert can_mate(board(fen), color) is not CANNOT


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        # A king walks to the enemy pawns, eats them, and its own pawn queens with mate:
        # the walk over arrangements reaches the mate, rebuilt as a line of legal moves.
        ("8/5p2/5p2/5p1p/k4p2/1p1p1PpP/1P1P2P1/K7 b - -", chess.BLACK),
        ("8/8/7p/1k3p2/3p1P2/1p1P1PpP/1P4P1/K7 b - -", chess.BLACK),
        ("1k6/1P1p3p/BP3p2/1P1P3p/8/5P2/6KP/8 b - -", chess.WHITE),
    ],
)
def test_mates_the_walk_over_arrangements_reaches_come_with_a_witness(
    fen: str, color: chess.Color
) -> None:
    start = board(fen)
    result = analyse_side(start, color)
    assert result.result is Mateability.CAN_MATE
    assert result.witness is not None
    assert replays_to_mate(start, result.witness, color)


@pytest.mark.parametrize(
    ("fen", "color"),
    [
        # Locked chains that open only by sacrifices: found within the default budget
        # by the larger shares for the playouts and the stripping search (Article 9.6).
        ("rnbk4/p2p4/p1pP4/PpP5/1P6/8/8/7K w - -", chess.WHITE),
        ("4b2k/3p1p1p/3PpPpP/4PpPp/5P1P/8/8/4K3 w - -", chess.BLACK),
        ("8/8/4k3/B3p3/p1p1P1p1/P1P3P1/4K3/8 b - -", chess.BLACK),
        ("k1b5/8/8/1pBpBpBp/1PpPbPpP/6P1/6P1/K1B1B3 w - -", chess.WHITE),
    ],
)
def test_locked_sacrifice_helpmates_within_the_default_budget(
    fen: str, color: chess.Color
) -> None:
    start = board(fen)
    detail = analyse_side(start, color, budget=DEFAULT_BUDGET)
    assert detail.result is CAN
    assert replays_to_mate(start, detail.witness, color)


# --- the playouts' mate test and witness -----------------------------------------------


@pytest.mark.parametrize(
    ("fen", "mate"),
    [
        ("6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1", "d1d8"),  # back rank: h8 seen through g8
        ("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7"),  # smothered: no flight at all
        ("7k/8/6KQ/8/8/8/8/8 w - - 0 1", "h6g7"),  # the queen takes every flight (or h7)
        ("k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8"),  # the king guards the rest
        ("4k3/R7/8/4K3/8/8/8/1R6 w - - 0 1", "b1b8"),  # the ladder
    ],
)
def test_the_playouts_find_a_mate_in_one(fen: str, mate: str) -> None:
    from arbiterlib.playouts import mating_move

    start = chess.Board(fen)
    found = mating_move(start, chess.WHITE, list(start.generate_pseudo_legal_moves()))
    assert found is not None
    start.push(found)
    assert start.is_checkmate()
    start.pop()
    start.push(chess.Move.from_uci(mate))
    assert start.is_checkmate()  # (the example mate; the one found may be another)
    no_mate = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1")  # Black has no mate
    assert mating_move(no_mate, chess.BLACK, list(no_mate.generate_pseudo_legal_moves())) \
        is None


def test_a_playout_line_is_the_one_python_chess_played_to_mate() -> None:
    from arbiterlib.playouts import Budget, Playout

    start = board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq -")
    playout = Playout(start, chess.WHITE, Budget(2_000))
    line = playout.run(9, 100)
    assert line is not None and playout.final is not None
    assert playout.final.move_stack == line and playout.final.is_checkmate()
    assert replays_to_mate(start, tuple(line), chess.WHITE)
    detail = analyse_side(start, chess.WHITE)
    assert detail.result is CAN and replays_to_mate(start, detail.witness, chess.WHITE)


@pytest.mark.parametrize(("fen", "color"), [
    # From the development file: mates 14, 61 and 116 plies away.
    ("8/p1p1p3/8/8/8/6p1/P1P1P1Pp/k6K w - -", chess.BLACK),
    ("8/5p1p/k4p2/1p1p1PpP/1P1P2P1/8/8/K7 b - -", chess.BLACK),
    ("2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 b - -", chess.WHITE),
])
def test_the_eager_walk_finds_far_mates_every_other_search_misses(
    fen: str, color: chess.Color, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from arbiterlib import dead

    start = board(fen)
    exhaustion._WALKS.clear()
    side = analyse_side(start, color)
    assert side.result is CAN
    assert replays_to_mate(start, side.witness, color)
    monkeypatch.setattr(dead, "_EAGER_PIECES", -1)  # no eager walk: undetermined
    exhaustion._WALKS.clear()
    assert analyse_side(start, color).result is UNDETERMINED
