"""The casebook: arbiter cases with machine-checked answers.

A case file is a scenario (see ``docs/scenarios.md``) plus ``title``, ``question``,
``answer`` (the expected ruling fields, a subset of :meth:`Ruling.to_dict`),
``explanation``, ``articles``, ``tags``, ``source`` and optionally ``id`` and
``difficulty``. Clock values in an answer may be written ``m:ss``; a mapping in an answer
names only the keys it checks (``offer: {by: white, status: pending}``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from arbiterlib.clocks import parse_time
from arbiterlib.engine import rule
from arbiterlib.errors import ArbiterError, ScenarioError
from arbiterlib.ruling import Ruling
from arbiterlib.scenario import Scenario, load_scenario

#: The casebook shipped with the project (beside the package in a source checkout).
CASEBOOK_DIR = Path(__file__).resolve().parents[1] / "casebook"

REQUIRED_KEYS = ("title", "question", "answer", "explanation", "articles", "tags", "source")
ANSWER_KEYS = frozenset({"laws", "fen", "turn", "result", "reason", "clocks", "obligation",
                         "claims", "offer", "violations"})


@dataclasses.dataclass(frozen=True)
class Case:
    """One casebook case: its scenario, its question and its expected answer."""

    id: str
    path: Path
    scenario: Scenario
    title: str
    question: str
    answer: Mapping[str, Any]
    explanation: str
    articles: tuple[str, ...]
    tags: tuple[str, ...]
    source: str
    difficulty: str | None = None

    def rule(self) -> Ruling:
        return rule(self.scenario)

    def mismatches(self, ruling: Ruling | Mapping[str, Any] | None = None) -> list[str]:
        """How ``ruling`` (default: the engine's) differs from the answer; empty if it agrees."""
        if ruling is None:
            ruling = self.rule()
        actual = ruling.to_dict() if isinstance(ruling, Ruling) else ruling
        return [f"{key}: expected {expected!r}, ruled {actual.get(key)!r}"
                for key, expected in self.answer.items() if not agrees(expected, actual.get(key))]


def agrees(expected: Any, actual: Any) -> bool:
    """Whether a ruling value agrees with an answer: mappings need only the answer's keys
    (rulings may grow new keys), lists agree item by item, anything else must be equal."""
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and all(
            agrees(value, actual.get(key)) for key, value in expected.items())
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(agrees(e, a) for e, a in zip(expected, actual, strict=True)))
    return bool(expected == actual)


def _normal_answer(answer: Mapping[str, Any], source: str) -> dict[str, Any]:
    unknown = set(answer) - ANSWER_KEYS
    if unknown:
        raise ScenarioError(f"unknown answer key {', '.join(sorted(unknown))}"
                            f" (known: {', '.join(sorted(ANSWER_KEYS))})",
                            where="answer", source=source)
    normal = dict(answer)
    if normal.get("clocks") is not None:
        try:
            normal["clocks"] = {c: parse_time(t) for c, t in normal["clocks"].items()}
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where="answer.clocks", source=source) from None
    for key in ("claims", "violations"):
        for item in normal.get(key) or []:
            if "article" in item:
                item["article"] = str(item["article"])
    if isinstance(normal.get("obligation"), Mapping):
        normal["obligation"] = {**normal["obligation"],
                                "article": str(normal["obligation"]["article"])}
    return normal


def load_case(path: str | Path) -> Case:
    """Read a case file; raises :class:`ScenarioError` naming the file and the problem."""
    path = Path(path)
    scenario = load_scenario(path)
    data = scenario.case
    missing = [key for key in REQUIRED_KEYS if key not in data]
    if missing:
        raise ScenarioError(f"a case needs {', '.join(missing)}", source=str(path))
    return Case(
        id=str(data.get("id", path.stem)),
        path=path,
        scenario=scenario,
        title=str(data["title"]),
        question=str(data["question"]).strip(),
        answer=_normal_answer(data["answer"], str(path)),
        explanation=str(data["explanation"]).strip(),
        articles=tuple(str(a) for a in data["articles"]),
        tags=tuple(str(t) for t in data["tags"]),
        source=str(data["source"]),
        difficulty=data.get("difficulty"),
    )


def case_files(root: str | Path | None = None) -> list[Path]:
    """Every case file under ``root`` (default: the project's casebook), sorted."""
    base = Path(root) if root is not None else CASEBOOK_DIR
    return sorted(p for p in base.rglob("*.yaml") if p.is_file())


def load_cases(paths: Sequence[str | Path] | None = None) -> list[Case]:
    """Load the given case files (default: the whole casebook); ids must be unique."""
    cases = [load_case(p) for p in (paths if paths is not None else case_files())]
    seen: dict[str, Path] = {}
    for case in cases:
        if case.id in seen:
            raise ScenarioError(f"case id {case.id!r} is also used by {seen[case.id]}",
                                source=str(case.path))
        seen[case.id] = case.path
    return cases
