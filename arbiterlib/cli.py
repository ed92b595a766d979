"""The ``arbiter`` command: ``arbiter rule FILE [--json]``, ``arbiter casebook --html DIR``,
``arbiter dead [FEN ...] [--file F|-]`` (one JSON line per position; a bad FEN gives an
error line and the run goes on), ``arbiter compare [CASE ...] --laws A B [...]`` (the cases
whose rulings differ between editions or proposals, as a table; ``--csv``/``--json`` save it).

Bad input ends with one line on stderr naming the file, the event or move, and the
problem, and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from arbiterlib.casebook import load_casebook
from arbiterlib.casebook_html import write_casebook
from arbiterlib.dead import DEFAULT_BUDGET, dead_position_reports
from arbiterlib.engine import rule
from arbiterlib.errors import ArbiterError
from arbiterlib.workshop import FIELDS, cases_from, compare, display, summary, write_frame

EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 1  # stdout closed by its reader before all was written


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"arbiter: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="arbiter", description="Rulings on the FIDE Laws of Chess "
                     "(Articles 4, 8 and 9) for arbiters.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rule_cmd = commands.add_parser("rule", help="rule on a scenario or case file")
    rule_cmd.add_argument("file", help="a YAML scenario or casebook case")
    rule_cmd.add_argument("--json", action="store_true", help="print the ruling as JSON")
    rule_cmd.set_defaults(run=_run_rule)
    book_cmd = commands.add_parser("casebook", help="write the casebook as static HTML")
    book_cmd.add_argument("--html", metavar="DIR", required=True,
                          help="folder to write index.html and the case pages into")
    book_cmd.add_argument("--cases", metavar="DIR", default=None,
                          help="folder of case files (default: the project's casebook)")
    book_cmd.set_defaults(run=_run_casebook)
    dead_cmd = commands.add_parser(
        "dead", help="who can still mate (Articles 6.9, 9.6): a JSON line per FEN"
    )
    dead_cmd.add_argument("fens", nargs="*", metavar="FEN", help="a quoted 4- or 6-field FEN")
    dead_cmd.add_argument("--file", metavar="F", help="FENs one per line ('-' for stdin)")
    dead_cmd.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                          help="positions each side's search may visit")
    dead_cmd.set_defaults(run=_run_dead)
    compare_cmd = commands.add_parser(
        "compare", help="which rulings differ between editions of the Laws or proposals")
    compare_cmd.add_argument("cases", nargs="*", metavar="CASE",
                             help="case files or folders, given before --laws (default: the"
                                  " whole casebook)")
    compare_cmd.add_argument("--laws", nargs="+", required=True, metavar="EDITION",
                             help="two or more editions (2005 2009 2014 2017 2018 2023) or"
                                  " proposal files (.yaml)")
    compare_cmd.add_argument("--fields", nargs="+", metavar="FIELD", default=None,
                             help=f"fields to compare (default: all: {', '.join(FIELDS)})")
    compare_cmd.add_argument("--no-clauses", dest="clauses", action="store_false",
                             help="leave clause numbers out: list only changes in substance")
    compare_cmd.add_argument("--csv", metavar="FILE", help="also save the table as CSV")
    compare_cmd.add_argument("--json", metavar="FILE", help="also save the table as JSON")
    compare_cmd.set_defaults(run=_run_compare)
    return parser


def _run_rule(args: argparse.Namespace) -> int:
    ruling = rule(args.file)
    if args.json:
        print(json.dumps(ruling.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(ruling.summary())
    return 0


def _run_casebook(args: argparse.Namespace) -> int:
    if args.cases is not None and not Path(args.cases).is_dir():
        raise ArbiterError(f"--cases {args.cases}: no such folder")
    written = write_casebook(args.html, load_casebook(args.cases))
    print(f"wrote {(len(written) - 1) // 2} cases: {written[0]}")
    return 0


def _run_dead(args: argparse.Namespace) -> int:
    if args.budget < 0:
        raise ArbiterError(f"dead: --budget {args.budget}: must not be negative")
    lines: list[str] = list(args.fens)
    if args.file == "-":
        lines.extend(sys.stdin.read().splitlines())
    elif args.file is not None:
        try:
            lines.extend(Path(args.file).read_text().splitlines())
        except OSError as exc:
            raise ArbiterError(f"dead: --file {args.file}: {exc.strerror}") from None
    elif not lines:
        raise ArbiterError("dead: give FENs or --file F (- for stdin)")
    for report in dead_position_reports(lines, budget=args.budget):
        print(json.dumps(report), flush=True)
    return 0


def _run_compare(args: argparse.Namespace) -> int:
    cases = cases_from(args.cases)
    frame = compare(args.laws, cases, fields=args.fields, clauses=args.clauses)
    labels = [str(c) for c in frame.columns[2:]]
    if len(frame):
        print(display(frame).to_string(index=False))
    print(summary(frame, len(cases), labels))
    for kind in ("csv", "json"):
        if getattr(args, kind) is not None:
            write_frame(frame, getattr(args, kind), kind)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except ArbiterError as exc:
        print(f"arbiter: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (``arbiter dead --file F | head``): no traceback. As the
        # Python docs advise, point stdout at devnull so the exit flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return status


if __name__ == "__main__":
    sys.exit(main())
