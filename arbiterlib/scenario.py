"""Scenario files: a position, the moves already played, the clocks, and the events at the board.

The format is documented in ``docs/scenarios.md`` and checked against the JSON Schema
shipped in ``arbiterlib/schema/scenario.schema.json``; the checks the schema cannot express
(one action per event, which modifiers go with which action, times) are made here.
Events are numbered from 0, as in rulings.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import chess
import yaml

from arbiterlib.clocks import ChessClock, parse_time
from arbiterlib.errors import ArbiterError, ScenarioError

if TYPE_CHECKING:
    import jsonschema


class EventKind(enum.Enum):
    """The action of an event (its one action key)."""

    TOUCH = "touch"
    ADJUST = "adjust"
    RELEASE = "release"
    MOVE = "move"
    PRESS = "press"
    CLOCKS = "clocks"
    FLAG = "flag"
    OFFER = "offer"
    ACCEPT = "accept"
    DECLINE = "decline"
    CLAIM = "claim"
    RECORD = "record"
    SIGN = "sign"


#: Modifiers each action accepts besides ``by`` and ``note``.
MODIFIERS: Mapping[EventKind, frozenset[str]] = {
    EventKind.TOUCH: frozenset({"accidental", "clearly", "intent"}),
    EventKind.ADJUST: frozenset({"announced"}),
    EventKind.RELEASE: frozenset(),
    EventKind.MOVE: frozenset({"press", "hands"}),
    EventKind.PRESS: frozenset(),
    EventKind.CLOCKS: frozenset(),
    EventKind.FLAG: frozenset(),
    EventKind.OFFER: frozenset({"conditional"}),
    EventKind.ACCEPT: frozenset(),
    EventKind.DECLINE: frozenset(),
    EventKind.CLAIM: frozenset({"move"}),
    EventKind.RECORD: frozenset({"assistant"}),
    EventKind.SIGN: frozenset(),
}
_COMMON = frozenset({"by", "note"})
_NO_BY = frozenset({EventKind.CLOCKS, EventKind.FLAG})


@dataclasses.dataclass(frozen=True)
class Event:
    """One thing that happens at the board."""

    index: int
    kind: EventKind
    value: Any
    by: chess.Color | None = None
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def option(self, name: str, default: Any = None) -> Any:
        return self.options.get(name, default)

    def describe(self) -> str:
        """``event 3 (claim: threefold)``, for messages."""
        if isinstance(self.value, dict):
            value = ", ".join(f"{k} {v:g}" for k, v in self.value.items())
        elif isinstance(self.value, list):
            value = " ".join(self.value)
        else:
            value = str(self.value).lower() if isinstance(self.value, bool) else self.value
        return f"event {self.index} ({self.kind.value}: {value})"


@dataclasses.dataclass(frozen=True)
class Scenario:
    """A parsed, validated scenario (case files keep their extra keys in ``case``)."""

    laws: str | None = None
    fen: str = chess.STARTING_FEN
    moves: str = ""
    clocks: ChessClock | None = None
    increment: float = 0.0
    rate: str = "standard"
    scoresheets: bool = False
    notation: str = "en"
    time_control: str | Mapping[str, Any] | None = None
    events: tuple[Event, ...] = ()
    case: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    source: str | None = None


CASE_KEYS = frozenset({"id", "title", "question", "answer", "explanation", "articles", "tags",
                       "source", "difficulty", "answers"})


@cache
def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of scenario files."""
    text = resources.files("arbiterlib").joinpath("schema/scenario.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def _where(path: list[Any]) -> str | None:
    if len(path) >= 2 and path[0] == "events" and isinstance(path[1], int):
        rest = ".".join(str(p) for p in path[2:])
        return f"event {path[1]}" + (f" ({rest})" if rest else "")
    return ".".join(str(p) for p in path) or None


def _schema_problem(error: jsonschema.ValidationError) -> str:
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        return (f"unknown key {', '.join(repr(k) for k in unknown)}"
                f" (known: {', '.join(allowed)})")
    if error.validator == "anyOf" and error.validator_value and any(
            "pattern" in alt for alt in error.validator_value):
        return f"bad value {error.instance!r}"
    return str(error.message)


def _validate_schema(data: Any) -> None:
    # Imported here: jsonschema takes about a second to import (its format checkers), which
    # every notebook kernel and CLI run would pay even without a scenario to check.
    import jsonschema

    validator = jsonschema.Draft202012Validator(scenario_schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(e.absolute_path), e.message))
    if errors:
        error = min(errors, key=lambda e: -len(e.absolute_path))
        raise ScenarioError(_schema_problem(error), where=_where(list(error.absolute_path)))


def _color(name: str | None) -> chess.Color | None:
    return None if name is None else name == "white"


def _action(index: int, raw: Mapping[str, Any]) -> EventKind:
    keys = set(raw)
    if "claim" in keys:
        return EventKind.CLAIM  # `move` is the written move, not an action
    if "move" in keys:
        return EventKind.MOVE  # `press` is a modifier of the move
    actions = [k for k in keys if k in EventKind._value2member_map_]
    if len(actions) != 1:
        found = ", ".join(sorted(actions)) or "none"
        raise ScenarioError(f"an event needs exactly one action key (found: {found})",
                            where=f"event {index}")
    return EventKind(actions[0])


def _event(index: int, raw: Mapping[str, Any]) -> Event:
    kind = _action(index, raw)
    modifiers = set(raw) - {kind.value} - _COMMON
    extra = modifiers - MODIFIERS[kind]
    where = f"event {index} ({kind.value})"
    if extra:
        allowed = ", ".join(sorted(MODIFIERS[kind] | ({"by"} if kind not in _NO_BY else set())))
        raise ScenarioError(f"{', '.join(sorted(extra))} does not go with {kind.value}"
                            f" (allowed: {allowed or 'none'})", where=where)
    if "by" in raw and kind in _NO_BY:
        raise ScenarioError(f"'by' does not go with {kind.value}", where=where)
    value = raw[kind.value]
    if kind is EventKind.PRESS and value is not True:
        raise ScenarioError("write 'press: true' to press the clock", where=where)
    if kind is EventKind.CLOCKS:
        try:
            value = {name: parse_time(t) for name, t in value.items()}
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where=where) from None
    if kind in (EventKind.TOUCH, EventKind.ADJUST) and isinstance(value, str):
        value = [value]
    if kind is EventKind.RECORD and "by" not in raw:
        raise ScenarioError("'by' is required: whose scoresheet is written on?", where=where)
    if kind is EventKind.SIGN and "by" not in raw:
        raise ScenarioError("'by' is required: which player signs?", where=where)
    if kind is EventKind.SIGN and value not in ("1-0", "0-1", "1/2-1/2"):
        raise ScenarioError(f"the result signed must be 1-0, 0-1 or 1/2-1/2, not {value!r}",
                            where=where)
    options = {k: v for k, v in raw.items() if k not in {kind.value, "by"}}
    return Event(index, kind, value, _color(raw.get("by")), options)


def parse_scenario(data: Any, source: str | None = None) -> Scenario:
    """Validate ``data`` (as loaded from YAML) and build a :class:`Scenario`.

    Raises :class:`ScenarioError` naming ``source``, the event and the problem.
    """
    try:
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise ScenarioError("a scenario must be a mapping of keys (laws, fen, moves, ...)")
        _validate_schema(data)
        clocks = None
        if "clocks" in data:
            try:
                white, black = (parse_time(data["clocks"][c]) for c in ("white", "black"))
            except ArbiterError as exc:
                raise ScenarioError(str(exc), where="clocks") from None
            clocks = ChessClock(white, black)
        moves = data.get("moves", "")
        events = tuple(_event(i, raw) for i, raw in enumerate(data.get("events", [])))
        return Scenario(
            laws=None if data.get("laws") is None else str(data["laws"]),
            fen=str(data.get("fen", chess.STARTING_FEN)),
            moves=" ".join(moves) if isinstance(moves, list) else moves,
            clocks=clocks,
            increment=float(data.get("increment", 0)),
            rate=str(data.get("rate", "standard")),
            scoresheets=bool(data.get("scoresheets", False)),
            notation=str(data.get("notation", "en")),
            time_control=data.get("time_control"),
            events=events,
            case={k: v for k, v in data.items() if k in CASE_KEYS},
            source=source,
        )
    except ScenarioError as exc:
        raise exc.with_source(source) if source else exc from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario (or case) file."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read the file ({exc.strerror})", source=name) from None
    except UnicodeDecodeError:
        raise ScenarioError("the file is not UTF-8 text", source=name) from None
    return loads_scenario(text, source=name)


def loads_scenario(text: str, source: str | None = None) -> Scenario:
    """Parse and validate a scenario given as YAML text."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else None
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise ScenarioError(f"YAML error: {problem}", where=where, source=source) from None
    return parse_scenario(data, source)
