"""Exercises made from casebook cases, and the checker that marks a candidate's answer.

An :class:`Exercise` is a case (under its own edition of the Laws, or under another edition
the case answers for) turned into a question for a candidate: the position, the events in
words, the question, and the ruling fields the candidate must give. Which fields are asked
follows from what the case's answer checks:

========================  ==================================================================
field                     what the candidate gives
========================  ==================================================================
``moves``                 the only moves the player having the move may now make (SAN or
                          UCI, any order); ``[]`` when he may make any legal move
``result``, ``reason``    ``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``None`` (the game goes on);
                          the ruling's reason keyword (``"threefold"``, ...) or ``None``
``clocks``                ``{"white": "m:ss", "black": "m:ss"}`` after every adjustment
``claims``                for each claim, in order: ``True`` (correct) or ``False``
``offer``                 what became of the draw offer: ``"pending"``, ``"accepted"``,
                          ``"declined"`` or ``None`` (no valid offer)
``offer_timing``          ``"proper"``, ``"irregular"`` or ``"claim"`` (9.1)
``violations``            every breach: ``[{"by": "white", "article": "4.3a"}]`` (or
                          ``"white 4.3a"``), ``[]`` for none
========================  ==================================================================

The expected values are the engine's ruling of the case (:func:`arbiterlib.rule`, which
the casebook test keeps in agreement with the case's answer); every board question is
answered by python-chess. :meth:`Exercise.check` marks an answer field by field and, where
the answer is wrong, names the clause the candidate missed; :func:`grade` is the form the
autograded cells of the exercise notebooks call.
"""

from __future__ import annotations

import collections
import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import chess

from arbiterlib.casebook import Case, describe_events, load_cases
from arbiterlib.clocks import format_time, parse_time
from arbiterlib.errors import ArbiterError
from arbiterlib.ruling import Ruling

#: Casebook folder → exercise topic (the folder's own name for any other folder).
TOPICS = {
    "4-touch-move": "touch-move",
    "8-scoresheets": "scoresheets",
    "9.1-draw-offers": "draw-offers",
    "9.2-threefold": "threefold",
    "9.3-fifty-moves": "fifty-moves",
    "9.5-penalties": "incorrect-claims",
    "9.6-dead-positions": "dead-positions",
    "editions": "editions",
}
#: Topic → heading.
TOPIC_TITLES = {
    "touch-move": "Touch-move (Article 4)",
    "scoresheets": "Scoresheets (Article 8)",
    "draw-offers": "Draw offers (9.1)",
    "threefold": "Threefold repetition (9.2, 9.4, 9.5)",
    "fifty-moves": "The fifty-move rule (9.3, 9.4, 9.5)",
    "incorrect-claims": "Incorrect claims and penalties (9.5)",
    "dead-positions": "Dead positions and flag falls (9.6, 6.9)",
    "editions": "The same incident under different editions",
}
DIFFICULTIES = ("easy", "medium", "hard")
#: Every field an exercise can ask, in the order they are asked.
FIELDS = ("moves", "result", "reason", "clocks", "claims", "offer", "offer_timing",
          "violations")
#: What each field asks, in words.
FIELD_HELP = {
    "moves": "the only moves the player having the move may now make, in SAN or UCI"
             " ([] if he may make any legal move)",
    "result": '"1-0", "0-1", "1/2-1/2", or None if the game goes on',
    "reason": 'why the game ended ("threefold", "fifty-moves", "agreement",'
              ' "dead-position", "checkmate", "flag", ...), or None',
    "clocks": 'both clocks after the ruling: {"white": "m:ss", "black": "m:ss"}',
    "claims": "for each claim, in the order made: True if it is correct, else False",
    "offer": 'what became of the draw offer: "pending", "accepted", "declined", "lapsed"'
             " (the game ended otherwise), or None if no valid offer stands",
    "offer_timing": 'when the offer was made: "proper", "irregular" or "claim" (9.1)',
    "violations": 'every breach of the Laws: [{"by": "white", "article": "4.3a"}, ...]'
                  " ([] if none)",
}
RESULTS = ("1-0", "0-1", "1/2-1/2")
#: Clock readings within this many seconds of the ruling count as right.
CLOCK_TOLERANCE = 0.5
_ANSWER_TO_FIELDS = {"obligation": ("moves",), "result": ("result", "reason"),
                     "reason": ("result", "reason"), "clocks": ("clocks",),
                     "claims": ("claims",), "offer": ("offer",),
                     "violations": ("violations",)}


@dataclasses.dataclass(frozen=True)
class Finding:
    """The mark of one field: right or not, in words, and the clauses that decide it."""

    field: str
    correct: bool
    text: str
    articles: tuple[str, ...]

    def __str__(self) -> str:
        mark = "right" if self.correct else "wrong"
        cite = f" ({', '.join(self.articles)})" if self.articles else ""
        return f"{self.field}: {mark} — {self.text}{cite}"


@dataclasses.dataclass(frozen=True)
class Marking:
    """The marks of an answer, one :class:`Finding` per field asked."""

    findings: tuple[Finding, ...]

    @property
    def correct(self) -> bool:
        return all(f.correct for f in self.findings)

    @property
    def score(self) -> int:
        """The number of fields answered right."""
        return sum(f.correct for f in self.findings)

    def missed(self) -> list[Finding]:
        return [f for f in self.findings if not f.correct]

    def __str__(self) -> str:
        return "\n".join(str(f) for f in self.findings)


@dataclasses.dataclass(frozen=True)
class Exercise:
    """A casebook case as a question for a candidate, under one edition of the Laws."""

    id: str
    case: Case
    laws: str
    topic: str
    difficulty: str
    fields: tuple[str, ...]
    ruling: Ruling

    @property
    def title(self) -> str:
        return self.case.title

    @property
    def question(self) -> str:
        """The case's question, with the edition this exercise asks about when it is not the
        case's own."""
        if self.laws == self.case.edition:
            return self.case.question
        return f"{self.case.question} This exercise: the ruling under the {self.laws} Laws."

    def board(self) -> chess.Board:
        """The position when the events begin."""
        return self.case.board()

    def final_board(self) -> chess.Board:
        """The position after the ruling: where ``moves`` are made."""
        return chess.Board(self.ruling.fen)

    def events(self) -> list[str]:
        """What happens at the board, one sentence per event, without the ruling."""
        return describe_events(self.case)

    def template(self) -> dict[str, Any]:
        """The answer's shape: every field asked, with ``...`` to fill in."""
        return dict.fromkeys(self.fields, ...)

    def expected(self) -> dict[str, Any]:
        """The engine's ruling, field by field, in the form a candidate writes it (moves in
        SAN, clocks as ``m:ss``)."""
        ruling, board = self.ruling, self.final_board()
        values: dict[str, Any] = {
            "moves": [] if ruling.obligation is None else sorted(
                board.san(chess.Move.from_uci(m)) for m in ruling.obligation.moves),
            "result": ruling.result,
            "reason": ruling.reason.value if ruling.reason else None,
            "clocks": None if ruling.clocks is None else {
                "white": format_time(ruling.clocks.white),
                "black": format_time(ruling.clocks.black)},
            "claims": [c.correct for c in ruling.claims],
            "offer": ruling.offer.status.value if ruling.offer else None,
            "offer_timing": ruling.offer.timing.value if ruling.offer else None,
            "violations": [{"by": chess.COLOR_NAMES[v.by], "article": v.article}
                           for v in ruling.violations],
        }
        return {name: values[name] for name in self.fields}

    def articles(self, field: str) -> tuple[str, ...]:
        """The clauses that decide ``field`` (in this exercise's edition's numbering)."""
        ruling = self.ruling
        if field == "moves" and ruling.obligation is not None:
            return (ruling.obligation.article,)
        if field == "claims" and ruling.claims:
            return _unique(c.article for c in ruling.claims)
        if field == "violations" and ruling.violations:
            return _unique(v.article for v in ruling.violations)
        if self.laws == self.case.edition:
            return self.case.articles
        return _unique(a for s in ruling.rulings for a in s.articles)

    def check(self, answer: Mapping[str, Any], fields: Iterable[str] | None = None) -> Marking:
        """Mark ``answer`` (a mapping of fields, see the module docs) against the engine's
        ruling: every field asked, or only ``fields``."""
        if not isinstance(answer, Mapping):
            raise TypeError("an answer is a dict of ruling fields, e.g."
                            ' {"result": "1/2-1/2", "reason": "threefold"}')
        findings = []
        for field in self.fields if fields is None else fields:
            if field not in self.fields:
                raise ValueError(f"this exercise does not ask for {field!r}"
                                 f" (it asks for {', '.join(self.fields)})")
            articles = self.articles(field)
            if field not in answer or answer[field] is ...:
                findings.append(Finding(field, False, "not answered", articles))
                continue
            correct, text = _MARKERS[field](self, answer[field])
            findings.append(Finding(field, correct, text, articles))
        return Marking(tuple(findings))


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


# Marking each field ----------------------------------------------------------------------


def parse_moves(board: chess.Board, moves: Any) -> set[chess.Move]:
    """The candidate's moves (SAN or UCI strings) as legal moves of ``board``; raises
    ``ValueError`` naming one that is not."""
    if moves is None:
        return set()
    if isinstance(moves, str):
        moves = moves.replace(",", " ").split()
    parsed = set()
    for text in moves:
        text = str(text).strip()
        try:
            move = chess.Move.from_uci(text)
        except ValueError:
            move = None
        try:
            if move is None or not board.is_legal(move):
                move = board.parse_san(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a legal move for"
                             f" {chess.COLOR_NAMES[board.turn]} in the position") from None
        parsed.add(move)
    return parsed


def _mark_moves(exercise: Exercise, given: Any) -> tuple[bool, str]:
    board = exercise.final_board()
    try:
        moves = parse_moves(board, given)
    except ValueError as exc:
        return False, str(exc)
    obligation = exercise.ruling.obligation
    legal = set(board.legal_moves)
    allowed = legal if obligation is None else {chess.Move.from_uci(m)
                                                for m in obligation.moves}
    if moves == legal:
        moves = set()
    if allowed == legal:
        allowed = set()
    player = chess.COLOR_NAMES[board.turn].capitalize()
    if moves == allowed:
        if not allowed:
            return True, f"{player} may make any legal move"
        return True, f"{player} may only play {_sans(board, allowed)}"
    if not allowed:
        return False, f"nothing obliges {player}: he may make any legal move"
    if not moves:
        return False, f"{player} is not free to make any move: an obligation applies"
    parts = []
    if moves - allowed:
        parts.append(f"{_sans(board, moves - allowed)} not allowed")
    missing = len(allowed - moves)
    if missing:
        parts.append(f"{missing} allowed move{'s' if missing > 1 else ''} missing")
    return False, "; ".join(parts)


def _sans(board: chess.Board, moves: Iterable[chess.Move]) -> str:
    return ", ".join(sorted(board.san(m) for m in moves))


def _normal_result(value: Any) -> str | None:
    if value in (None, "", "*"):
        return None
    text = str(value).strip().replace("½", "1/2")
    return text


def _mark_result(exercise: Exercise, given: Any) -> tuple[bool, str]:
    result = _normal_result(given)
    if result is not None and result not in RESULTS:
        return False, f"{given!r} is not a result: give one of {', '.join(RESULTS)} or None"
    if result == exercise.ruling.result:
        return True, "the game goes on" if result is None else f"the result is {result}"
    if exercise.ruling.result is None:
        return False, "the game is not over"
    if result is None:
        return False, "the game does not go on"
    return False, f"the result is not {result}"


def _mark_reason(exercise: Exercise, given: Any) -> tuple[bool, str]:
    reason = None if given in (None, "") else str(given).strip()
    expected = exercise.ruling.reason.value if exercise.ruling.reason else None
    if reason == expected:
        return True, "no reason: the game goes on" if reason is None else f"{reason}"
    if expected is None:
        return False, "the game has not ended, so there is no reason"
    if reason is None:
        return False, "the game has ended: say why"
    return False, f"the game did not end by {reason}"


def _mark_clocks(exercise: Exercise, given: Any) -> tuple[bool, str]:
    clocks = exercise.ruling.clocks
    if clocks is None:
        ok = given is None
        return ok, "no clocks are in use" if ok else "no clocks are in use: give None"
    if not isinstance(given, Mapping):
        return False, 'give both clocks: {"white": "m:ss", "black": "m:ss"}'
    wrong = []
    for name, seconds in (("white", clocks.white), ("black", clocks.black)):
        if name not in given:
            wrong.append(f"{name.capitalize()}'s clock not given")
            continue
        try:
            reading = parse_time(given[name])
        except ArbiterError as exc:
            wrong.append(str(exc))
            continue
        if abs(reading - seconds) > CLOCK_TOLERANCE:
            wrong.append(f"{name.capitalize()}'s clock does not show {format_time(reading)}")
    if wrong:
        return False, "; ".join(wrong)
    return True, f"White {format_time(clocks.white)}, Black {format_time(clocks.black)}"


def _normal_claim(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, Mapping):
        return _normal_claim(value.get("correct"))
    text = str(value).strip().lower()
    return {"correct": True, "true": True, "incorrect": False, "false": False}.get(text)


def _mark_claims(exercise: Exercise, given: Any) -> tuple[bool, str]:
    claims = exercise.ruling.claims
    if isinstance(given, bool | str | Mapping):
        given = [given]
    given = list(given or [])
    if len(given) != len(claims):
        return False, (f"{len(claims)} claim{'s were' if len(claims) != 1 else ' was'} made:"
                       f" say for each whether it is correct")
    wrong = []
    for number, (claim, value) in enumerate(zip(claims, given, strict=True), 1):
        verdict = _normal_claim(value)
        if verdict != claim.correct:
            what = "correct" if claim.correct else "incorrect"
            wrong.append(f"claim {number} ({chess.COLOR_NAMES[claim.by]}, {claim.rule}) is"
                         f" {what}")
    if wrong:
        return False, "; ".join(wrong)
    words = ", ".join(f"{c.rule} by {chess.COLOR_NAMES[c.by]}:"
                      f" {'correct' if c.correct else 'incorrect'}" for c in claims)
    return True, words


def _mark_offer(exercise: Exercise, given: Any) -> tuple[bool, str]:
    offer = exercise.ruling.offer
    status = None if given in (None, "") else str(given).strip().lower()
    expected = offer.status.value if offer else None
    if status == expected:
        return True, "no valid draw offer" if status is None else f"the offer is {status}"
    if expected is None:
        return False, "no valid draw offer was made"
    if status is None:
        return False, "a valid draw offer was made: say what became of it"
    return False, f"the offer is not {status}"


def _mark_offer_timing(exercise: Exercise, given: Any) -> tuple[bool, str]:
    offer = exercise.ruling.offer
    timing = None if given in (None, "") else str(given).strip().lower()
    expected = offer.timing.value if offer else None
    if timing == expected:
        return True, "no offer" if timing is None else f"the offer's timing is {timing}"
    return False, f"the offer's timing is not {timing}"


def parse_violation(value: Any) -> tuple[str, str]:
    """``(side, article)`` from ``{"by": "white", "article": "4.3a"}`` or ``"white 4.3a"``."""
    if isinstance(value, Mapping):
        by, article = value.get("by"), value.get("article")
    else:
        by, _, article = str(value).strip().partition(" ")
    by, article = str(by).strip().lower(), str(article).strip()
    if by not in chess.COLOR_NAMES or not article:
        raise ValueError(f"{value!r} is not a violation: write"
                         ' {"by": "white", "article": "4.3a"} or "white 4.3a"')
    return by, article


def _mark_violations(exercise: Exercise, given: Any) -> tuple[bool, str]:
    if isinstance(given, str | Mapping):
        given = [given]
    try:
        named = collections.Counter(parse_violation(v) for v in given or [])
    except ValueError as exc:
        return False, str(exc)
    ruled: collections.Counter[tuple[str, str]] = collections.Counter(
        (str(chess.COLOR_NAMES[v.by]), v.article) for v in exercise.ruling.violations)
    if named == ruled:
        if not ruled:
            return True, "no violation"
        return True, "; ".join(_violations_words(ruled))
    parts = []
    extra, missed = named - ruled, ruled - named
    if extra:
        parts.append("not a violation here: " + "; ".join(_violations_words(extra)))
    if missed:
        parts.append("missed: " + "; ".join(_violations_words(missed)))
    return False, ". ".join(parts)


def _violations_words(counter: collections.Counter[tuple[str, str]]) -> list[str]:
    return [f"{by} breaks {article}" + (f" ({count} times)" if count > 1 else "")
            for (by, article), count in sorted(counter.items())]


_MARKERS = {"moves": _mark_moves, "result": _mark_result, "reason": _mark_reason,
            "clocks": _mark_clocks, "claims": _mark_claims, "offer": _mark_offer,
            "offer_timing": _mark_offer_timing, "violations": _mark_violations}


# Making exercises -------------------------------------------------------------------------


def topic_of(case: Case) -> str:
    """The case's exercise topic, from its casebook folder."""
    folder = case.path.parent.name
    return TOPICS.get(folder, folder)


def fields_for(answer: Mapping[str, Any]) -> tuple[str, ...]:
    """The fields a candidate must give for a case answer checking ``answer``'s keys."""
    asked = {f for key in answer for f in _ANSWER_TO_FIELDS.get(key, ())}
    offer = answer.get("offer")
    if isinstance(offer, Mapping) and "timing" in offer:
        asked.add("offer_timing")
    return tuple(f for f in FIELDS if f in asked)


def exercise_id(case: Case, laws: str | None = None) -> str:
    """``case-id``, or ``case-id@2018`` under another edition than the case's own."""
    return case.id if laws in (None, case.edition) else f"{case.id}@{laws}"


def from_case(case: Case, laws: str | None = None) -> Exercise:
    """The exercise of ``case`` under ``laws`` (an edition the case answers for; default its
    own)."""
    laws = case.edition if laws is None else laws
    fields = fields_for(case.answer_for(laws))
    if not fields:
        raise ValueError(f"case {case.id!r}: its answer checks no field an exercise asks")
    return Exercise(id=exercise_id(case, laws), case=case, laws=laws, topic=topic_of(case),
                    difficulty=case.difficulty or "medium", fields=fields,
                    ruling=case.rule(None if laws == case.edition else laws))


def exercises_of(cases: Sequence[Case], *, every_edition: bool = False) -> list[Exercise]:
    """The cases as exercises; with ``every_edition``, one per edition each case answers
    for (else only its own)."""
    return [from_case(case, laws) for case in cases
            for laws in (case.editions if every_edition else (case.edition,))]


def course_exercises(cases: Sequence[Case]) -> list[Exercise]:
    """The exercises of the course: each case under its own edition, the ``editions`` cases
    under every edition they answer for; by topic, then easy, medium, hard. A case the
    engine does not rule as its answer says is left out (the casebook test reports it)."""
    level = {d: n for n, d in enumerate(DIFFICULTIES)}
    topics = list(TOPIC_TITLES)
    chosen = [e for e in exercises_of(cases, every_edition=True)
              if (e.topic == "editions" or e.laws == e.case.edition)
              and not e.case.mismatches(e.ruling, laws=e.laws)]
    return sorted(chosen, key=lambda e: (topics.index(e.topic) if e.topic in topics
                                         else len(topics), e.topic,
                                         level.get(e.difficulty, len(level))))


@functools.cache
def _casebook() -> dict[str, Case]:
    return {case.id: case for case in load_cases()}


@functools.cache
def exercise(exercise_id: str) -> Exercise:
    """The exercise ``case-id`` or ``case-id@edition`` from the project's casebook."""
    case_id, _, laws = exercise_id.partition("@")
    try:
        case = _casebook()[case_id]
    except KeyError:
        raise ValueError(f"no case {case_id!r} in the casebook") from None
    return from_case(case, laws or None)


def grade(exercise_id: str, answer: Mapping[str, Any], field: str) -> None:
    """What an autograded cell runs: mark one field of ``answer``; print the mark if it is
    right, else raise ``AssertionError`` saying what is wrong and which clause decides."""
    (finding,) = exercise(exercise_id).check(answer, [field]).findings
    if not finding.correct:
        raise AssertionError(str(finding))
    print(finding)
