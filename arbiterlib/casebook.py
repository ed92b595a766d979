"""The casebook: arbiter cases with machine-checked answers.

A case file is a scenario (see ``docs/scenarios.md``) plus ``title``, ``question``,
``answer`` (the expected ruling fields, a subset of :meth:`Ruling.to_dict`, under the
case's own ``laws``), ``explanation``, ``articles``, ``tags``, ``source`` and optionally
``id``, ``difficulty`` and ``answers``: the expected ruling fields under other editions
(``answers: {"2014": {...}, "2018": {...}}``, compared as ``answer`` is). Clock values in
an answer may be written ``m:ss``; a mapping in an answer names only the keys it checks
(``offer: {by: white, status: pending}``).

For browsing: :func:`casebook_frame` puts every case in a pandas DataFrame (one row per
case), :func:`describe_events` tells a case's events in words, and :func:`cites` says
whether a case cites an article or one of its clauses.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import chess
import pandas as pd

from arbiterlib.claims import move_label
from arbiterlib.clocks import format_time, parse_time
from arbiterlib.editions import DEFAULT_EDITION, resolve_edition
from arbiterlib.engine import Arbiter, iter_movetext, parse_move, rule, side, start_board
from arbiterlib.errors import ArbiterError, ScenarioError
from arbiterlib.ruling import Ruling
from arbiterlib.scenario import Event, EventKind, Scenario, load_scenario

#: The casebook shipped with the project (beside the package in a source checkout).
CASEBOOK_DIR = Path(__file__).resolve().parents[1] / "casebook"

REQUIRED_KEYS = ("title", "question", "answer", "explanation", "articles", "tags", "source")
ANSWER_KEYS = frozenset({"laws", "fen", "turn", "result", "reason", "clocks", "obligation",
                         "claims", "offer", "violations", "scoresheets", "signed"})
#: A case id names its page in the printed casebook: letters, digits, ``.``, ``_``, ``-``.
CASE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
#: The columns of :func:`casebook_frame`.
FRAME_COLUMNS = ["id", "title", "articles", "tags", "edition", "difficulty", "source",
                 "result", "reason", "claims_correct", "editions"]


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
    #: The expected ruling fields under other editions: edition key → answer.
    answers: Mapping[str, Mapping[str, Any]] = dataclasses.field(default_factory=dict)

    def rule(self, laws: str | None = None) -> Ruling:
        """The engine's ruling under the case's own edition, or under ``laws`` (an edition
        key or a proposal file) with everything else in the scenario unchanged."""
        if laws is None:
            return rule(self.scenario)
        return rule(dataclasses.replace(self.scenario, laws=laws))

    @property
    def editions(self) -> tuple[str, ...]:
        """Every edition the case answers for: its own first, then those of ``answers``."""
        return (self.edition, *self.answers)

    def answer_for(self, laws: str | None = None) -> Mapping[str, Any]:
        """The expected ruling fields under ``laws`` (default: the case's own edition)."""
        if laws is None or laws == self.edition:
            return self.answer
        try:
            return self.answers[laws]
        except KeyError:
            raise ScenarioError(f"the case has no answer under the {laws} edition (it answers"
                                f" for {', '.join(self.editions)})", source=str(self.path)
                                ) from None

    @property
    def edition(self) -> str:
        """The edition of the Laws the case is ruled under (its ``laws``, default 2005)."""
        return self.scenario.laws or DEFAULT_EDITION

    def board(self) -> chess.Board:
        """The position when the events begin: ``fen`` with the ``moves`` played."""
        board = start_board(self.scenario.fen)
        for move in iter_movetext(board, self.scenario.moves):
            board.push(move)
        return board

    def movetext(self) -> str:
        """The moves already played, numbered (``60. a6 Rxa6 61. Rh3``); empty if none."""
        board = self.board()
        if not board.move_stack:
            return ""
        return chess.Board(self.scenario.fen).variation_san(board.move_stack)

    def mismatches(self, ruling: Ruling | Mapping[str, Any] | None = None, *,
                   laws: str | None = None) -> list[str]:
        """How ``ruling`` (default: the engine's under ``laws``) differs from the answer for
        ``laws`` (default: the case's own edition); empty if it agrees."""
        expected_fields = self.answer_for(laws)
        if ruling is None:
            ruling = self.rule(laws)
        actual = ruling.to_dict() if isinstance(ruling, Ruling) else ruling
        return [f"{key}: expected {expected!r}, ruled {actual.get(key)!r}"
                for key, expected in expected_fields.items()
                if not agrees(expected, actual.get(key))]


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


def _normal_answer(answer: Mapping[str, Any], source: str,
                   where: str = "answer") -> dict[str, Any]:
    unknown = set(answer) - ANSWER_KEYS
    if unknown:
        raise ScenarioError(f"unknown answer key {', '.join(sorted(unknown))}"
                            f" (known: {', '.join(sorted(ANSWER_KEYS))})",
                            where=where, source=source)
    normal = dict(answer)
    if normal.get("clocks") is not None:
        try:
            normal["clocks"] = {c: parse_time(t) for c, t in normal["clocks"].items()}
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where=f"{where}.clocks", source=source) from None
    for key in ("claims", "violations"):
        for item in normal.get(key) or []:
            if "article" in item:
                item["article"] = str(item["article"])
    if isinstance(normal.get("obligation"), Mapping):
        normal["obligation"] = {**normal["obligation"],
                                "article": str(normal["obligation"]["article"])}
    return normal


def _normal_answers(answers: Any, own: str, path: Path) -> dict[str, dict[str, Any]]:
    """``answers`` checked: each key an edition (or a proposal file) other than the case's
    own ``laws``, each value an answer."""
    if not isinstance(answers, Mapping):
        raise ScenarioError("'answers' maps editions to answers, e.g. answers: {\"2018\":"
                            " {result: null}}", where="answers", source=str(path))
    normal: dict[str, dict[str, Any]] = {}
    for key, answer in answers.items():
        laws = str(key)
        where = f"answers.{laws}"
        if laws == own:
            raise ScenarioError(f"{laws} is the case's own edition: put its answer in 'answer'",
                                where=where, source=str(path))
        try:
            resolve_edition(laws, path.parent)
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where=where, source=str(path)) from None
        if not isinstance(answer, Mapping):
            raise ScenarioError("an answer is a mapping of ruling fields (result, clocks, ...)",
                                where=where, source=str(path))
        normal[laws] = _normal_answer(answer, str(path), where)
    return normal


def load_case(path: str | Path) -> Case:
    """Read a case file; raises :class:`ScenarioError` naming the file and the problem."""
    path = Path(path)
    scenario = load_scenario(path)
    data = scenario.case
    missing = [key for key in REQUIRED_KEYS if key not in data]
    if missing:
        raise ScenarioError(f"a case needs {', '.join(missing)}", source=str(path))
    case_id = str(data.get("id", path.stem))
    if not CASE_ID.match(case_id):
        raise ScenarioError(f"bad case id {case_id!r}: use letters, digits, '.', '_' and '-'",
                            where="id", source=str(path))
    if not data["articles"]:
        raise ScenarioError("a case cites at least one article", where="articles",
                            source=str(path))
    return Case(
        id=case_id,
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
        answers=_normal_answers(data.get("answers", {}), scenario.laws or DEFAULT_EDITION,
                                path),
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


def load_casebook(root: str | Path | None = None) -> list[Case]:
    """Every case under ``root`` (default: the project's casebook), each file validated:
    a bad file raises :class:`ScenarioError` naming it, and so does a case the engine
    cannot replay."""
    paths = case_files(root)
    if not paths:
        raise ScenarioError("no case files (*.yaml) found", source=str(root or CASEBOOK_DIR))
    cases = load_cases(paths)
    for case in cases:
        case.rule()  # the engine replays the moves and the events, naming the file if not
    return cases


def find_case(case_id: str, cases: Sequence[Case] | None = None) -> Case:
    """The case with ``case_id`` (default: from the whole casebook)."""
    for case in load_cases() if cases is None else cases:
        if case.id == case_id:
            return case
    raise ScenarioError(f"no case {case_id!r} in the casebook")


# Browsing -----------------------------------------------------------------------------------

_CLAUSE_TOKEN = re.compile(r"\d+|[A-Za-z]+")
_CLAUSE = re.compile(r"^(\d+(?:\.\d+)*)[a-z]$")


def article_key(article: str) -> tuple[tuple[int, int | str], ...]:
    """Sort clauses as the Laws number them: ``9.2 < 9.2a < 9.2b < 9.10 < Appendix E``."""
    return tuple((0, int(t)) if t.isdigit() else (1, t)
                 for t in _CLAUSE_TOKEN.findall(article))


def cites(articles: Iterable[str], article: str) -> bool:
    """Whether ``articles`` cite ``article`` or one of its clauses (``9`` covers ``9.2``,
    ``9.2`` covers ``9.2b``, but not ``9.20``)."""
    return any(a == article or (a.startswith(article) and (a[len(article)].isalpha()
                                                           or a[len(article)] == "."))
               for a in articles)


def article_options(cases: Iterable[Case], *, whole: bool = False) -> list[str]:
    """Every article the cases cite, with the paragraph of each clause (``9.2b`` → ``9.2``)
    and, if ``whole``, the whole article too (``9``)."""
    found: set[str] = set()
    for case in cases:
        for article in case.articles:
            found.add(article)
            clause = _CLAUSE.match(article)
            if clause:
                found.add(clause.group(1))
            if whole and article[:1].isdigit():
                found.add(article.split(".")[0])
    return sorted(found, key=article_key)


def _key_fields(case: Case) -> tuple[str | None, str | None, bool | None]:
    """result, reason and whether every claim is correct: from the answer, or where the
    answer does not say, from the engine's ruling (the two agree: the casebook is checked)."""
    answer = case.answer
    ruling = None if {"result", "reason", "claims"} <= set(answer) else case.rule().to_dict()

    def field(key: str) -> Any:
        return answer[key] if key in answer else (ruling or {}).get(key)

    claims = field("claims") or []
    correct = None if not claims else all(bool(c.get("correct")) for c in claims)
    return field("result"), field("reason"), correct


def casebook_frame(cases: Sequence[Case] | None = None) -> pd.DataFrame:
    """One row per case: ``id``, ``title``, ``articles`` and ``tags`` (tuples), ``edition``,
    ``difficulty``, ``source`` and the answer's ``result``, ``reason`` and ``claims_correct``
    (``True``: every claim is correct; ``False``: one is not; ``None``: no claim), all under
    the case's own edition; ``editions``: every edition the case answers for (its own
    first)."""
    rows = []
    for case in load_casebook() if cases is None else cases:
        result, reason, correct = _key_fields(case)
        rows.append({"id": case.id, "title": case.title, "articles": case.articles,
                     "tags": case.tags, "edition": case.edition,
                     "difficulty": case.difficulty, "source": case.source,
                     "result": result, "reason": reason, "claims_correct": correct,
                     "editions": case.editions})
    return pd.DataFrame(rows, columns=FRAME_COLUMNS, dtype=object)


_CLAIMED = {"threefold": "a draw by repetition of the position",
            "fifty-moves": "a draw under the fifty-move rule",
            "touch-move": "that his opponent must move the piece he touched (touch-move)"}


def _pieces(board: chess.Board, actor: chess.Color, value: Any) -> str:
    """``his king on e1 and Black's pawn on d5``: the pieces on the squares in ``value``."""
    names = []
    for name in value if isinstance(value, list) else [value]:
        piece = board.piece_at(chess.parse_square(str(name)))
        if piece is None:
            names.append(f"the empty square {name}")
        else:
            whose = "his" if piece.color == actor else f"{side(piece.color)}'s"
            names.append(f"{whose} {chess.piece_name(piece.piece_type)} on {name}")
    return " and ".join(names)


def _actor(event: Event, arbiter: Arbiter) -> chess.Color:
    """Who acts, as the engine reads ``by``'s default (docs/scenarios.md): the player whose
    clock runs for ``press`` and ``offer``, the offer's receiver for ``accept``/``decline``,
    else the player having the move."""
    if event.by is not None:
        return event.by
    if event.kind in (EventKind.PRESS, EventKind.OFFER) and arbiter.running is not None:
        return arbiter.running
    if event.kind in (EventKind.ACCEPT, EventKind.DECLINE) and arbiter.offer is not None:
        return not arbiter.offer.by
    return arbiter.board.turn


def _event_words(event: Event, arbiter: Arbiter) -> str:
    """One event in words, as it happened at the board, read before the engine applies it."""
    board = arbiter.board.copy(stack=False)
    actor = _actor(event, arbiter)
    who, value = side(actor), event.value

    def label(text: Any) -> str:
        try:
            return move_label(board, parse_move(board, str(text)))
        except ValueError:
            return str(text)

    if event.kind is EventKind.MOVE:
        words = f"{who} plays {label(value)}"
        if event.option("hands") == 2:
            words += ", using both hands"
        if event.option("press", True) is False:
            words += ", and does not press his clock"
    elif event.kind is EventKind.CLAIM:
        words = f"{who} stops the clocks and claims {_CLAIMED.get(str(value), str(value))}"
        written = event.option("move")
        if written is not None:
            words += (f", having written {label(written)} on his scoresheet and declared that"
                      " he will play it")
        elif value in ("threefold", "fifty-moves"):
            words += ", without writing a move"
    elif event.kind is EventKind.PRESS:
        words = f"{who} presses his clock"
    elif event.kind is EventKind.CLOCKS:
        readings = ", ".join(f"{name.capitalize()} {format_time(t)}"
                             for name, t in value.items())
        words = f"The clocks now show {readings}"
    elif event.kind is EventKind.FLAG:
        words = f"{str(value).capitalize()}'s flag falls"
    elif event.kind is EventKind.OFFER:
        words = f"{who} offers a draw" + (" with a condition" if event.option("conditional")
                                          else "")
    elif event.kind in (EventKind.ACCEPT, EventKind.DECLINE):
        words = f"{who} {event.kind.value}s the draw offer"
    elif event.kind is EventKind.TOUCH:
        how = "accidentally touches" if event.option("accidental") else "touches"
        words = f"{who} {how} {_pieces(board, actor, value)}"
        if isinstance(value, list) and len(value) > 1:
            words += " at the same moment"
        if event.option("intent") == "castle":
            words += ", intending to castle"
    elif event.kind is EventKind.ADJUST:
        words = f"{who} adjusts {_pieces(board, actor, value)}" + (
            " without first saying 'j'adoube'" if event.option("announced") is False
            else ", having first said 'j'adoube'")
    elif event.kind is EventKind.RELEASE:
        text = str(value)
        moved = _pieces(board, actor, text[:2]).replace(f" on {text[:2]}", f" from {text[:2]}")
        words = f"{who} moves {moved} to {text[2:4]} and lets go of it"
        if len(text) > 4:
            promoted = chess.piece_name(chess.PIECE_SYMBOLS.index(text[4].lower()))
            words += f", then puts a {promoted} there and lets go of it"
    else:  # RECORD
        helper = " (with the help of an assistant)" if event.option("assistant") else ""
        words = f"{who} writes {value!r} on his scoresheet{helper}"
    note = event.option("note")
    return words + (f" ({note})" if note else "") + "."


def describe_events(case: Case) -> list[str]:
    """The case's events in words, one sentence each, without the arbiter's ruling.

    The engine replays the events alongside, so who acts and the move numbers are as it
    sees them (a move the arbiter does not allow is not counted as played)."""
    try:
        arbiter = Arbiter(case.scenario)
        words = []
        for event in case.scenario.events:
            words.append(_event_words(event, arbiter))
            arbiter.apply(event)
    except ScenarioError as exc:
        raise exc.with_source(str(case.path)) if exc.source is None else exc from None
    return words
