"""arbiter compare: which rulings differ between editions or proposals (arbiterlib.workshop)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from arbiterlib.casebook import CASEBOOK_DIR, Case, load_case, load_cases
from arbiterlib.cli import main
from arbiterlib.editions import get_edition
from arbiterlib.errors import ArbiterError, EditionError
from arbiterlib.workshop import FIELDS, compare, display, resolve_laws, summary

ROOT = Path(__file__).resolve().parents[1]
EDITIONS_DIR = CASEBOOK_DIR / "editions"
PROPOSALS = ROOT / "proposals"


def _case(name: str) -> list[Case]:
    return [load_case(EDITIONS_DIR / f"{name}.yaml")]


def _rows(frame: pd.DataFrame) -> dict[tuple[str, str], list[object]]:
    return {(r[0], r[1]): list(r[2:]) for r in frame.itertuples(index=False)}


def test_the_penalty_by_edition() -> None:
    frame = compare(["2005", "2009", "2014", "2018"], _case("penalty-by-edition"))
    assert list(frame.columns) == ["case", "field", "2005", "2009", "2014", "2018"]
    assert _rows(frame) == {
        ("editions-penalty-standard", "clocks.white"): ["7:00", "10:00", "10:00", "10:00"],
        ("editions-penalty-standard", "clocks.black"): ["10:30", "10:30", "9:30", "9:30"],
        ("editions-penalty-standard", "claims"): [
            "white threefold: incorrect (9.2b)", "white threefold: incorrect (9.2b)",
            "white threefold: incorrect (9.2b)", "white threefold: incorrect (9.2.1.2)"],
        ("editions-penalty-standard", "clauses"): [
            "9.1c, 9.2b, 9.5b", "9.1b.3, 9.2b, 9.5b", "9.1b.3, 9.2b, 9.5b",
            "9.1.2.3, 9.2.1.2, 9.5.3"],
    }


def test_a_touch_before_the_claim_without_clauses() -> None:
    frame = compare(["2005", "2009"], _case("claim-after-touching"), clauses=False)
    assert _rows(frame) == {
        ("editions-claim-after-touching", "result"): ["1/2-1/2", None],
        ("editions-claim-after-touching", "reason"): ["threefold", None],
        ("editions-claim-after-touching", "clocks.black"): ["7:30", "10:30"],
        ("editions-claim-after-touching", "claims"): ["white threefold: correct",
                                                      "white threefold: incorrect"],
        # Drawn under 2005, nothing is owed; under 2009 the touched pawn must still move.
        ("editions-claim-after-touching", "obligation"): [None, "e3, e4"],
    }
    assert "clauses" not in set(frame["field"])


def test_automatic_draws_and_touch_by_contact() -> None:
    cases = [*_case("fivefold-not-consecutive"), *_case("seventy-five-moves"),
             *_case("accidental-contact"), *_case("two-hands")]
    frame = compare(["2014", "2018"], cases, fields=["result", "reason", "obligation",
                                                     "clocks.black", "violations"])
    assert _rows(frame) == {
        ("editions-fivefold-not-consecutive", "result"): [None, "1/2-1/2"],
        ("editions-fivefold-not-consecutive", "reason"): [None, "fivefold"],
        ("editions-accidental-contact", "obligation"): [None, "e3, e4 (4.3.1)"],
        ("editions-two-hands", "clocks.black"): ["1:00:00", "1:02:00"],
        ("editions-two-hands", "violations"): ["white 4.1 (event 0)", "white 7.5.4 (event 0)"],
    }
    assert summary(frame, len(cases), ["2014", "2018"]) == (
        "3 of 4 cases rule differently under 2014, 2018.")
    assert display(frame).iloc[0, 2] == "—"


def test_same_rulings_give_an_empty_table() -> None:
    frame = compare(["2017", "2018"], _case("mate-on-the-150th-move"))
    assert frame.empty and list(frame.columns) == ["case", "field", "2017", "2018"]


def test_proposals_are_labelled_by_name() -> None:
    frame = compare(["2023", PROPOSALS / "one-minute-penalty.yaml"], _case("penalty-by-edition"))
    assert list(frame.columns)[2:] == ["2023", "One-minute penalty"]
    assert _rows(frame)[("editions-penalty-standard", "clocks.black")] == ["9:30", "8:30"]
    frame = compare(["2018", str(PROPOSALS / "no-fivefold.yaml")],
                    _case("fivefold-consecutive"), fields=["result", "reason"])
    assert _rows(frame) == {("editions-fivefold-consecutive", "result"): ["1/2-1/2", None],
                            ("editions-fivefold-consecutive", "reason"): ["fivefold", None]}


def test_a_case_the_edition_cannot_replay_shows_the_error(tmp_path: Path) -> None:
    path = tmp_path / "after-the-end.yaml"
    text = (EDITIONS_DIR / "seventy-five-moves.yaml").read_text()
    path.write_text(text.replace("  - move: Kc3\n", "  - move: Kc3\n  - move: Kf5\n"))
    frame = compare(["2009", "2014"], load_cases([path]), fields=["error"])
    assert _rows(frame) == {("editions-seventy-five-moves", "error"): [
        None, "event 1 (move: Kf5): the game has already ended (1/2-1/2)"]}


def test_bad_editions_and_fields() -> None:
    with pytest.raises(EditionError, match="unknown edition of the Laws '2019'"):
        compare(["2018", "2019"], _case("two-hands"))
    with pytest.raises(EditionError, match="at least two editions"):
        compare(["2018"], _case("two-hands"))
    with pytest.raises(ArbiterError, match="unknown field winner"):
        compare(["2005", "2018"], _case("two-hands"), fields=["winner"])
    labels = [laws.label for laws in resolve_laws(["2018", "2018", get_edition("2005")])]
    assert labels == ["2018", "2018 (2)", "2005"]
    assert FIELDS[0] == "result" and "clauses" in FIELDS


def test_cli_compare_prints_and_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv, js = tmp_path / "diff.csv", tmp_path / "diff.json"
    case = str(EDITIONS_DIR / "agreement-first-move.yaml")
    assert main(["compare", case, "--laws", "2005", "2018", "--no-clauses",
                 "--csv", str(csv), "--json", str(js)]) == 0
    out = capsys.readouterr().out
    assert "editions-agreement-first-move" in out and "agreement" in out
    assert out.strip().endswith("1 of 1 case rule differently under 2005, 2018.")
    assert pd.read_csv(csv)["field"].tolist() == ["result", "reason"]
    rows = json.loads(js.read_text())
    assert rows[0] == {"case": "editions-agreement-first-move", "field": "result",
                       "2005": "1/2-1/2", "2018": None}


def test_cli_compare_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", str(EDITIONS_DIR), "--laws", "2017", "2018",
                 "--fields", "result", "reason"]) == 0
    assert capsys.readouterr().out.strip() == (
        f"0 of {len(list(EDITIONS_DIR.glob('*.yaml')))} cases rule differently under 2017, 2018.")


@pytest.mark.parametrize(("laws", "message"), [
    (["2005", "1999"], "arbiter: unknown edition of the Laws '1999' (known: 2005"),
    (["2005"], "arbiter: compare needs at least two editions or proposals"),
    (["2005", "missing.yaml"], "arbiter: missing.yaml: cannot read the proposal"),
])
def test_cli_compare_bad_laws_is_one_line(laws: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    case = str(EDITIONS_DIR / "two-hands.yaml")
    assert main(["compare", case, "--laws", *laws]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_cli_compare_bad_proposal_and_files(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    proposal = tmp_path / "bad.yaml"
    proposal.write_text('base: "2018"\nincorrect_claim: {bonus: 60}\n')
    case = str(EDITIONS_DIR / "two-hands.yaml")
    assert main(["compare", case, "--laws", "2018", str(proposal)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"arbiter: {proposal}: unknown parameter incorrect_claim.bonus"
                          " (known: incorrect_claim.opponent_bonus")
    assert err.count("\n") == 1
    assert main(["compare", case, "--laws", "2005", "2018", "--csv",
                 str(tmp_path / "no" / "such" / "dir.csv")]) == 2
    assert "arbiter: --csv " in capsys.readouterr().err
    assert main(["compare", str(tmp_path / "none.yaml"), "--laws", "2005", "2018"]) == 2
    assert "none.yaml: cannot read the file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["compare", "--laws"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == "arbiter: argument --laws: expected at least one argument\n"
