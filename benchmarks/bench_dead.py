"""Benchmark of arbiterlib.dead on the shared data: speed, soundness and coverage.

    .venv/bin/python benchmarks/bench_dead.py [--limit N] [--budget B [B ...]]
                                              [--only dev|lichess] [--jobs J] [--verbose]

Reads ``../shared/data/dead/{positions-dev,lichess}.txt`` relative to the repository root
(lines ``XY FEN``: X is ``W`` when White can mate, else ``-``; Y likewise ``B``). Prints,
per file: positions per second, median and 99th-percentile time per position, unsound
answers (CANNOT_MATE where a mate exists), unwinnable sides found, undetermined sides,
dead positions found, and our time relative to python-chess's
``is_insufficient_material()`` on the same positions in the same run; then which of the
issue's targets are met (9.6 and 6.9 analysis). Nothing is asserted: it only reports.

With ``--jobs J`` the positions are shared among J worker processes (the machine has two
cores): "wall" is then the elapsed time of the whole file, and the per-position times
(median, p99, their sum) are still measured one position at a time inside the workers.

With several budgets (``--budget 2000 8000 32000``) each file is run once per budget and a
last table sets them side by side: how coverage (undetermined sides) trades against time.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import statistics
import sys
import time
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arbiterlib.dead import (  # noqa: E402
    DEFAULT_BUDGET,
    DeadPositionAnalysis,
    Mateability,
    analyse,
)

DATA = ROOT.parent / "shared" / "data" / "dead"
FILES = {"dev": "positions-dev.txt", "lichess": "lichess.txt"}


def load(path: Path, limit: int | None) -> list[tuple[str, str]]:
    """``(label, fen)`` pairs; with ``limit``, an evenly spaced sample of that many."""
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, fen = line[:2], line[3:].strip()
        rows.append((label, fen))
    if limit is not None and limit < len(rows):
        step = len(rows) / limit
        rows = [rows[int(i * step)] for i in range(limit)]
    return rows


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def board_of(fen: str) -> chess.Board:
    return chess.Board(fen if len(fen.split()) == 6 else fen + " 0 1")


def timed(args: tuple[str, int]) -> tuple[DeadPositionAnalysis, float]:
    """One position's analysis and the time it took (run in a worker with ``--jobs``)."""
    fen, budget = args
    board = board_of(fen)
    t0 = time.perf_counter()
    result = analyse(board, budget=budget)
    return result, time.perf_counter() - t0


@dataclasses.dataclass(frozen=True)
class Summary:
    """One run of one file at one budget, for the side-by-side table."""

    name: str
    budget: int
    wall: float
    median: float
    undetermined: int
    sides: int
    missed: tuple[str, ...]
    """The issue's targets this run does not meet."""


def run(
    name: str, rows: list[tuple[str, str]], budget: int, verbose: bool, full: bool, jobs: int
) -> Summary:
    boards = [board_of(fen) for _, fen in rows]
    start = time.perf_counter()
    for board in boards:
        board.is_insufficient_material()
    baseline = time.perf_counter() - start

    work = [(fen, budget) for _, fen in rows]
    wall_start = time.perf_counter()
    if jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
            outcomes = list(pool.map(timed, work, chunksize=16))
    else:
        outcomes = [timed(item) for item in work]
    wall = time.perf_counter() - wall_start

    times: list[float] = []
    unsound = found = unwinnable = undetermined = open_mates = dead = dead_found = 0
    for (label, fen), (result, seconds) in zip(rows, outcomes, strict=True):
        times.append(seconds)
        if label == "--":
            dead += 1
            dead_found += result.is_dead
        for expected, got, side in (
            (label[0] == "W", result.white, "white"),
            (label[1] == "B", result.black, "black"),
        ):
            if not expected:
                unwinnable += 1
            if got is Mateability.UNDETERMINED:
                undetermined += 1
                open_mates += expected
                if verbose:
                    print(f"  undetermined {side}: {label} {fen}")
            elif got is Mateability.CANNOT_MATE:
                if expected:
                    unsound += 1
                    print(f"  UNSOUND {side}: {label} {fen}")
                else:
                    found += 1
            elif not expected:
                unsound += 1
                print(f"  WRONG WITNESS {side}: {label} {fen}")
            if verbose and not expected and got is not Mateability.CANNOT_MATE:
                print(f"  missed {side}: {label} {fen}")
    total = sum(times)
    sides = 2 * len(rows)
    print(f"{name}: {len(rows)} positions, budget {budget}, {jobs} process(es)")
    print(f"  wall {wall:.1f} s, {len(rows) / wall:.0f} positions/s; "
          f"sum of per-position times {total:.1f} s")
    print(f"  median {1000 * statistics.median(times):.2f} ms, "
          f"p99 {1000 * percentile(times, 0.99):.1f} ms, max {1000 * max(times):.0f} ms")
    print(f"  unsound {unsound}")
    rate = found / unwinnable if unwinnable else 1.0
    print(f"  unwinnable sides found {found}/{unwinnable} ({100 * rate:.2f}%)")
    print(f"  undetermined sides {undetermined}/{sides} ({100 * undetermined / sides:.2f}%): "
          f"{open_mates} that can mate (no helpmate found), "
          f"{undetermined - open_mates} that cannot (no proof found)")
    print(f"  dead positions (--) found dead {dead_found}/{dead}")
    ratio = total / baseline if baseline else float("inf")
    print(f"  time / python-chess is_insufficient_material(): {ratio:.0f}x "
          f"(baseline {1e6 * baseline / len(rows):.1f} us/position)")
    median = statistics.median(times)
    checks = [("zero unsound", unsound == 0), ("median < 5 ms", median < 0.005)]
    if name == "lichess":
        checks.append(("every dead position found", dead_found == dead))
    if name == "dev":
        checks += [
            (">= 99% of unwinnable sides found", rate >= 0.99),
            ("< 1% of sides undetermined", undetermined < 0.01 * sides),
            ("whole file < 60 s (wall)" + ("" if full else " (sample: not judged)"),
             full and wall < 60),
        ]
    for text, ok in checks:
        print(f"  target {'met    ' if ok else 'NOT met'}: {text}")
    return Summary(name, budget, wall, median, undetermined, sides,
                   tuple(text for text, ok in checks if not ok))


def print_tradeoff(summaries: list[Summary]) -> None:
    """The runs side by side: budget, wall, median, undetermined sides, targets missed."""
    print("\nbudget against time (targets not met)")
    for s in summaries:
        missed = "; ".join(s.missed) or "all met"
        print(f"  {s.name:8} budget {s.budget:>7}: wall {s.wall:7.1f} s, median "
              f"{1000 * s.median:6.2f} ms, undetermined {s.undetermined:>4}/{s.sides} "
              f"({100 * s.undetermined / s.sides:.2f}%) - {missed}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, help="evenly spaced sample of N positions per file")
    parser.add_argument("--budget", type=int, nargs="+", default=[DEFAULT_BUDGET],
                        help="one or more budgets (positions each side's search may visit)")
    parser.add_argument("--only", choices=sorted(FILES))
    parser.add_argument("--verbose", action="store_true", help="list misses and undetermined")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    if not DATA.is_dir():
        print(f"no benchmark data: {DATA} is absent", file=sys.stderr)
        return 0
    if min(args.budget) < 0:
        parser.error(f"--budget {min(args.budget)}: must not be negative")
    summaries: list[Summary] = []
    for name, filename in FILES.items():
        if args.only and name != args.only:
            continue
        path = DATA / filename
        if not path.is_file():
            print(f"{name}: {path} is absent, skipped")
            continue
        rows = load(path, args.limit)
        for budget in args.budget:
            summaries.append(run(name, rows, budget, args.verbose, args.limit is None,
                                 max(1, args.jobs)))
    if len(summaries) > 1:
        print_tradeoff(summaries)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
