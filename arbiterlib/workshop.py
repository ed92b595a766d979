"""Rule-change workshops: if the Laws change, which rulings change?

:func:`compare` replays casebook cases under two or more editions of the Laws or proposals
(``proposals/*.yaml``, see :func:`arbiterlib.editions.load_proposal`) and returns a pandas
table of the cases whose rulings differ: one row per case and field, one column per edition.
Every ruling comes from the engine (``Case.rule(laws)``); this module only lays the fields
side by side, as an arbiter would read them.

The fields (:data:`FIELDS`): ``result``, ``reason``, ``clocks.white``, ``clocks.black``,
``obligation`` (the moves in SAN and the clause), ``claims`` (who, what, correct or not,
the clause), ``violations``, ``clauses`` (every clause the rulings cite, in the edition's own
numbering) and ``error`` (the case cannot be replayed under that edition, e.g. an event
after a game the edition has already ended). With ``clauses=False`` the clause numbers are
left out, so that only rulings that change in substance are listed (a renumbering is not).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

import chess
import pandas as pd

from arbiterlib.casebook import Case, article_key, case_files, load_cases
from arbiterlib.clocks import format_time
from arbiterlib.editions import Edition, resolve_edition
from arbiterlib.errors import ArbiterError, EditionError, ScenarioError
from arbiterlib.ruling import Ruling

#: The ruling fields compared, in the order of the table.
FIELDS = ("result", "reason", "clocks.white", "clocks.black", "obligation", "claims",
          "violations", "clauses", "error")
#: Shown in tables where a field has no value (the game goes on, no claim, ...).
NONE = "—"


@dataclasses.dataclass(frozen=True)
class Laws:
    """An edition or a proposal to compare: what a scenario's ``laws`` is set to, and the
    column label (the edition's key, or the proposal's name)."""

    laws: str
    label: str
    edition: Edition


def resolve_laws(specs: Iterable[str | Path | Edition]) -> list[Laws]:
    """Edition keys (``"2018"``) and proposal files, checked; raises :class:`EditionError`
    in one line naming the bad one. Proposal files are kept as absolute paths, so that a
    case in any folder finds them."""
    found: list[Laws] = []
    for spec in specs:
        if isinstance(spec, Edition):
            edition = spec
            laws = spec.key
        else:
            text = str(spec)
            edition = resolve_edition(text)
            laws = str(Path(text).resolve()) if edition.base is not None else edition.key
        label = edition.key if edition.base is None else edition.title
        taken = {item.label for item in found}
        if label in taken:
            label = f"{label} ({len(found) + 1})"
        found.append(Laws(laws, label, edition))
    return found


def _claims(ruling: Ruling, clauses: bool) -> str | None:
    words = [f"{chess.COLOR_NAMES[c.by]} {c.rule}: {'correct' if c.correct else 'incorrect'}"
             + (f" ({c.article})" if clauses else "") for c in ruling.claims]
    return "; ".join(words) or None


def _obligation(ruling: Ruling, clauses: bool) -> str | None:
    if ruling.obligation is None:
        return None
    board = chess.Board(ruling.fen)
    moves = ", ".join(board.san(chess.Move.from_uci(uci)) for uci in ruling.obligation.moves)
    return f"{moves} ({ruling.obligation.article})" if clauses else moves


def _violations(ruling: Ruling, clauses: bool) -> str | None:
    words = [f"{chess.COLOR_NAMES[v.by]}" + (f" {v.article}" if clauses else "")
             + f" (event {v.event})" for v in ruling.violations]
    return "; ".join(words) or None


def ruling_fields(ruling: Ruling, *, clauses: bool = True) -> dict[str, str | None]:
    """The compared fields of ``ruling`` as short texts (``None``: nothing to say); without
    ``clauses``, no clause numbers (and no ``clauses`` field)."""
    clocks = ruling.clocks
    articles = {a for statement in ruling.rulings for a in statement.articles}
    fields = {
        "result": ruling.result,
        "reason": ruling.reason.value if ruling.reason else None,
        "clocks.white": format_time(clocks.white) if clocks else None,
        "clocks.black": format_time(clocks.black) if clocks else None,
        "obligation": _obligation(ruling, clauses),
        "claims": _claims(ruling, clauses),
        "violations": _violations(ruling, clauses),
        "clauses": ", ".join(sorted(articles, key=article_key)) or None,
        "error": None,
    }
    if not clauses:
        del fields["clauses"]
    return fields


def case_fields(case: Case, laws: Laws, *, clauses: bool = True) -> dict[str, str | None]:
    """The compared fields of ``case`` ruled under ``laws``; a case the engine cannot replay
    under that edition gives only ``error``."""
    try:
        return ruling_fields(case.rule(laws.laws), clauses=clauses)
    except ArbiterError as exc:
        fields: dict[str, str | None] = dict.fromkeys(
            f for f in FIELDS if clauses or f != "clauses")
        fields["error"] = (": ".join(p for p in (exc.where, exc.problem) if p)
                           if isinstance(exc, ScenarioError) else str(exc))
        return fields


def _fields(fields: Sequence[str] | None) -> tuple[str, ...]:
    if fields is None:
        return FIELDS
    unknown = [f for f in fields if f not in FIELDS]
    if unknown:
        raise ArbiterError(f"unknown field {', '.join(unknown)} (known: {', '.join(FIELDS)})")
    return tuple(f for f in FIELDS if f in fields)


def compare(laws: Sequence[str | Path | Edition], cases: Sequence[Case] | None = None, *,
            fields: Sequence[str] | None = None, clauses: bool = True) -> pd.DataFrame:
    """The cases whose rulings differ between ``laws`` (two or more edition keys or proposal
    files): columns ``case``, ``field`` and one per edition, one row per differing field.

    ``cases`` defaults to the whole casebook; ``fields`` to :data:`FIELDS`; without
    ``clauses``, clause numbers are not compared. Raises :class:`EditionError` for an
    unknown edition or a bad proposal."""
    chosen = resolve_laws(laws)
    if len(chosen) < 2:
        raise EditionError("compare needs at least two editions or proposals")
    wanted = tuple(f for f in _fields(fields) if clauses or f != "clauses")
    labels = [item.label for item in chosen]
    rows = []
    for case in load_cases() if cases is None else cases:
        ruled = [case_fields(case, item, clauses=clauses) for item in chosen]
        for field in wanted:
            values = [r[field] for r in ruled]
            if len(set(values)) > 1:
                rows.append({"case": case.id, "field": field, **dict(zip(labels, values,
                                                                         strict=True))})
    return pd.DataFrame(rows, columns=["case", "field", *labels], dtype=object)


def cases_from(paths: Sequence[str | Path]) -> list[Case]:
    """The case files in ``paths`` (files, or folders searched for ``*.yaml``); none: the
    whole casebook. Raises :class:`ScenarioError` naming a bad file."""
    if not paths:
        return load_cases()
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found = case_files(path)
            if not found:
                raise ScenarioError("no case files (*.yaml) found", source=str(path))
            files.extend(found)
        else:
            files.append(path)
    return load_cases(files)


def display(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` for reading: empty values shown as a dash."""
    return frame.fillna(NONE)


def table(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` for a notebook: indexed by case and field, empty values shown as a dash."""
    return display(frame).set_index(["case", "field"])


def summary(frame: pd.DataFrame, cases: int, labels: Sequence[str]) -> str:
    """``3 of 57 cases rule differently under 2005, 2018.``"""
    differing = frame["case"].nunique() if len(frame) else 0
    return (f"{differing} of {cases} case{'s' if cases != 1 else ''} rule differently under"
            f" {', '.join(labels)}.")


def write_frame(frame: pd.DataFrame, path: str | Path, kind: str) -> None:
    """Save ``frame`` as ``csv`` or ``json`` (a list of rows); raises :class:`ArbiterError`
    in one line if the file cannot be written."""
    try:
        if kind == "csv":
            frame.to_csv(path, index=False)
        else:
            rows = frame.to_dict(orient="records")
            Path(path).write_text(json.dumps(rows, indent=2, ensure_ascii=False) + "\n",
                                  encoding="utf-8")
    except OSError as exc:
        raise ArbiterError(f"--{kind} {path}: cannot write ({exc.strerror})") from None
