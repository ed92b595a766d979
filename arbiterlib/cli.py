"""The ``arbiter`` command: ``arbiter rule FILE [--json]``, ``arbiter casebook --html DIR``.

Bad input ends with one line on stderr naming the file, the event or move, and the
problem, and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from arbiterlib.casebook import load_casebook
from arbiterlib.casebook_html import write_casebook
from arbiterlib.engine import rule
from arbiterlib.errors import ArbiterError

EXIT_BAD_INPUT = 2


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


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except ArbiterError as exc:
        print(f"arbiter: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return status


if __name__ == "__main__":
    sys.exit(main())
