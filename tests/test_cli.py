"""The `arbiter` command: rulings out, one-line errors with exit status 2, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiterlib.cli import main

THREEFOLD = """\
moves: 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8
clocks: {white: "12:00", black: "9:30"}
events:
  - claim: threefold
"""


@pytest.fixture
def scenario_file(tmp_path: Path) -> Path:
    path = tmp_path / "claim.yaml"
    path.write_text(THREEFOLD)
    return path


def test_json_ruling(scenario_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(scenario_file), "--json"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert (ruling["result"], ruling["reason"]) == ("1/2-1/2", "threefold")
    assert ruling["clocks"] == {"white": 720, "black": 570}


def test_human_ruling_cites_clauses(scenario_file: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(scenario_file)]) == 0
    out = capsys.readouterr().out
    assert "(9.2b)" in out and "(9.5a)" in out
    assert "Result: 1/2-1/2 (threefold)." in out
    assert "Clocks: White 12:00, Black 9:30." in out


@pytest.mark.parametrize(("text", "message"), [
    ("events: [{move: Ke2}]", "event 0 (move: Ke2): illegal move 'Ke2' for White"),
    ("moves: 1. e4 e5 2. Cf3", "moves: illegal move 'Cf3' for White at move 2."),
    ("fen: not a fen", "fen: bad FEN"),
    ("clocks: {white: 'x', black: 1}", "clocks.white: bad value 'x'"),
    ("events: [{claim: threefold}", "YAML error"),
])
def test_bad_input_exit_2_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    assert main(["rule", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and message in err


def test_missing_file_and_bad_arguments(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(tmp_path / "nope.yaml")]) == 2
    assert "cannot read the file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        main(["judge"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith("arbiter: ")


@pytest.mark.parametrize("command", [["arbiter"], [sys.executable, "-m", "arbiterlib"]])
def test_installed_commands(scenario_file: Path, tmp_path: Path, command: list[str]) -> None:
    exe = Path(sys.executable).parent / "arbiter" if command == ["arbiter"] else None
    argv = [str(exe)] if exe else command
    good = subprocess.run([*argv, "rule", str(scenario_file), "--json"],
                          capture_output=True, text=True, check=False)
    assert good.returncode == 0 and json.loads(good.stdout)["reason"] == "threefold"
    bad_file = tmp_path / "bad.yaml"
    bad_file.write_text("events: [{claim: threefold, move: Qh5}]")
    bad = subprocess.run([*argv, "rule", str(bad_file)], capture_output=True, text=True,
                         check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip() == (f"arbiter: {bad_file}: event 0 (claim: threefold):"
                                  " the written move: illegal move 'Qh5' for White")


def test_output_cut_short_by_the_reader_is_not_a_traceback(tmp_path: Path) -> None:
    # `arbiter dead --file F | head -1`: the reader closes the pipe early.
    fens = tmp_path / "fens.txt"
    fens.write_text("8/8/4k3/8/8/3K4/8/8 w - -\n" * 2000)
    reader = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE,
                              stdout=subprocess.DEVNULL)
    assert reader.stdin is not None
    done = subprocess.run([sys.executable, "-m", "arbiterlib", "dead", "--file", str(fens),
                           "--budget", "0"], stdout=reader.stdin, stderr=subprocess.PIPE,
                          text=True, check=False)
    reader.stdin.close()
    reader.wait()
    assert "Traceback" not in done.stderr
    assert done.returncode == 1
