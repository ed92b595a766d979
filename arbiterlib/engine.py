"""The arbiter: replays a scenario's events in order and rules on each, as the Laws say.

This layer holds the order of events and the state of the game (board, repetition table,
clocks, obligations, offers); every rule it applies comes from the Law modules below it
(``claims``, and the others as they land), every clause number from the edition.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import chess

from arbiterlib import dead, scoresheet, touch
from arbiterlib.claims import (
    ClaimRule,
    ClaimVerdict,
    incorrect_claim_penalty,
    judge_fifty_moves,
    judge_threefold,
    lost_right_verdict,
    move_label,
)
from arbiterlib.clocks import ChessClock, format_time
from arbiterlib.editions import ClaimRightLoss, Edition, Fivefold, Rate, resolve_edition
from arbiterlib.errors import ArbiterError, ScenarioError
from arbiterlib.offers import OfferTiming, judge_offer, offer_timing
from arbiterlib.repetition import RepetitionTable, position_key
from arbiterlib.ruling import (
    ClaimRecord,
    Obligation,
    Offer,
    OfferStatus,
    Reason,
    Ruling,
    Statement,
    Violation,
)
from arbiterlib.scenario import Event, EventKind, Scenario, load_scenario, parse_scenario

_UCI = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")
_MOVE_NUMBER = re.compile(r"\b\d+\.(?:\.\.)?")
_NULL_MOVES = frozenset({"--", "Z0", "0000", "@@@@"})
SEVENTY_FIVE_MOVES_PLIES = 150
#: The search budget for "can the opponent still mate?" when a ruling depends on it (a flag
#: fall, a second illegal move): larger than the analyser's default, since one answer is
#: worth a second of search; an undetermined answer is still never turned into a result.
RULING_BUDGET = 50_000


def side(color: chess.Color) -> str:
    """``White`` or ``Black``."""
    return chess.COLOR_NAMES[color].capitalize()


def parse_move(board: chess.Board, text: str) -> chess.Move:
    """A legal move from SAN (English letters) or UCI; raises ``ValueError`` saying why not."""
    text = text.strip()
    if text in _NULL_MOVES:
        raise ValueError(f"{text!r} is a null move, not a move")
    if _UCI.match(text):
        move = chess.Move.from_uci(text)
        if not board.is_legal(move):
            raise ValueError(f"illegal move {text!r} for {side(board.turn)}")
        return move
    try:
        move = board.parse_san(text)
    except chess.AmbiguousMoveError:
        raise ValueError(f"ambiguous move {text!r}") from None
    except ValueError:
        raise ValueError(f"illegal move {text!r} for {side(board.turn)}") from None
    if "x" in text and not board.is_capture(move):
        # python-chess reads "Kxe5" as Ke5 when e5 is empty: a scenario says what it means.
        raise ValueError(f"{text!r} is not a capture: {board.san(move)} takes nothing")
    return move


def iter_movetext(board: chess.Board, movetext: str) -> Iterator[chess.Move]:
    """The moves of SAN ``movetext`` (move numbers allowed), each legal on ``board`` as the
    caller pushes it; raises :class:`ScenarioError` naming the move that is not."""
    for token in _MOVE_NUMBER.sub(" ", movetext).split():
        try:
            move = parse_move(board, token)
        except ValueError as exc:
            number = f"{board.fullmove_number}{'.' if board.turn else '...'}"
            raise ScenarioError(f"{exc} at move {number}", where="moves") from None
        yield move


def start_board(fen: str) -> chess.Board:
    """The start position from a 4- or 6-field FEN; raises ``ScenarioError`` if not valid."""
    try:
        board = chess.Board(fen)
    except ValueError as exc:
        raise ScenarioError(f"bad FEN {fen!r}: {exc}", where="fen") from None
    if not board.is_valid():
        raise ScenarioError(f"impossible position {fen!r} ({board.status()!r})", where="fen")
    return board


class Arbiter:
    """Replays a scenario event by event; :meth:`ruling` gives the state of the game."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        try:
            here = Path(scenario.source).parent if scenario.source else None
            self.edition: Edition = resolve_edition(scenario.laws, here)
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where="laws") from None
        self.rate = Rate(scenario.rate)
        self.illegal_moves: dict[chess.Color, int] = {chess.WHITE: 0, chess.BLACK: 0}
        self.board = start_board(scenario.fen)
        self.table = RepetitionTable(position_key(self.board))
        self.labels: list[str] = ["at the start"]
        self.clock: ChessClock | None = scenario.clocks
        # Whose clock runs (tracked with or without clock readings): once the moves are
        # played, the clock of the player having the move; ``None`` while both are stopped.
        self.running: chess.Color | None = None
        self.moved_since_press: dict[chess.Color, bool] = {chess.WHITE: False, chess.BLACK: False}
        self.last_mover: chess.Color | None = None
        self.result: str | None = None
        self.reason: Reason | None = None
        # The written move owed after an incorrect claim (9.5b); the arbiter enforces it.
        self.claim_obligation: Obligation | None = None
        # Article 4: the touches of the player having the move this turn, and the last
        # move's breach of Article 4 that his opponent may still claim (4.7).
        self.touch_state = touch.TouchState()
        self.touch_violation: touch.TouchMoveViolation | None = None
        self.offer: Offer | None = None
        self.claims: list[ClaimRecord] = []
        self.violations: list[Violation] = []
        self.statements: list[Statement] = []
        self._play_movetext(scenario.moves)
        self.running = self.board.turn
        self._start_scoresheets()
        if self.board.move_stack:
            self.last_mover = not self.board.turn  # ... and he pressed his clock
        self._check_game_end(None)

    # Replaying --------------------------------------------------------------------------

    def _play_movetext(self, movetext: str) -> None:
        for move in iter_movetext(self.board, movetext):
            if self.result is not None:
                raise ScenarioError(f"move {self.board.san(move)} comes after the game ended"
                                    f" ({self.result})", where="moves")
            self._push(move)
            self._check_game_end(None, thorough=False)

    def _push(self, move: chess.Move) -> None:
        self.labels.append(f"after {move_label(self.board, move)}")
        self.board.push(move)
        self.table.push(position_key(self.board))

    def _pop(self) -> chess.Move:
        self.labels.pop()
        self.table.pop()
        return self.board.pop()

    def run(self) -> Ruling:
        for event in self.scenario.events:
            self.apply(event)
        return self.ruling()

    def apply(self, event: Event) -> None:
        """Rule on one event."""
        if self.result is not None and event.kind not in _AFTER_THE_END:
            raise ScenarioError(f"the game has already ended ({self.result})",
                                where=event.describe())
        self._handlers()[event.kind](event)

    def _handlers(self) -> Mapping[EventKind, Callable[[Event], None]]:
        return {
            EventKind.MOVE: self._on_move,
            EventKind.PRESS: self._on_press,
            EventKind.CLOCKS: self._on_clocks,
            EventKind.CLAIM: self._on_claim,
            EventKind.FLAG: self._on_flag,
            EventKind.RECORD: self._on_record,
            EventKind.SIGN: self._on_sign,
            EventKind.TOUCH: self._on_touch,
            EventKind.ADJUST: self._on_adjust,
            EventKind.RELEASE: self._on_release,
            EventKind.OFFER: self._on_offer,
            EventKind.ACCEPT: self._on_accept,
            EventKind.DECLINE: self._on_decline,
        }

    def say(self, event: Event | None, articles: tuple[str, ...], text: str) -> None:
        self.statements.append(Statement(event.index if event else None, articles, text))

    def violate(self, event: Event, by: chess.Color, article: str) -> None:
        self.violations.append(Violation(by, article, event.index))

    def _mover(self, event: Event) -> chess.Color:
        return self.board.turn if event.by is None else event.by

    def _clock_owner(self, event: Event) -> chess.Color:
        if event.by is not None:
            return event.by
        return self.running if self.running is not None else self.board.turn

    # Events -----------------------------------------------------------------------------

    def _on_move(self, event: Event) -> None:
        mover = self._mover(event)
        if mover != self.board.turn:
            raise ScenarioError(f"{side(mover)} cannot move: it is {side(self.board.turn)}'s"
                                " move", where=event.describe())
        try:
            move = parse_move(self.board, str(event.value))
        except ValueError as exc:
            raise ScenarioError(str(exc), where=event.describe()) from None
        label = move_label(self.board, move)
        self._check_recording_before_move(event, mover)
        owed = self.claim_obligation
        if owed is not None and not owed.allows(move):
            self.violate(event, mover, owed.article)
            self.say(event, (owed.article,),
                     f"{side(mover)} plays {label}, but must play {self._describe_moves(owed)}"
                     f" ({owed.article}): the arbiter does not allow the move, which is not made.")
            return
        try:
            judged = touch.judge_move(self.board, self.touch_state, move, self.edition,
                                      hands=int(event.option("hands", 1)))
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where=event.describe()) from None
        self._say_touch(event, mover, judged.statements)
        if int(event.option("hands", 1)) == 2 and self.edition.two_hands_illegal:
            self._penalise_illegal_move(event, mover)
        self.claim_obligation = None
        self.touch_violation = judged.violation
        self.touch_state = touch.TouchState()
        self._push(move)
        self.moved_since_press[mover] = True
        self.last_mover = mover
        self._reject_offer_by_touch(event, mover)
        if event.option("press", True):
            self._press(event, mover)
        self._check_game_end(event)

    def _say_touch(self, event: Event, player: chess.Color,
                   statements: tuple[touch.Statement, ...]) -> None:
        for statement in statements:
            self.say(event, (statement.article,), statement.text)
            if statement.is_violation:
                self.violate(event, player, statement.article)

    def _reject_offer_by_touch(self, event: Event, player: chess.Color) -> None:
        """9.1a: touching a piece to move or capture it rejects the opponent's offer."""
        if self.offer and self.offer.status is OfferStatus.PENDING and self.offer.by != player:
            self.offer = self.offer.answered(OfferStatus.DECLINED)
            self.say(event, (self.edition.cite("offer"),),
                     f"By touching a piece to move or capture it, {side(player)} rejects the"
                     f" draw offer ({self.edition.cite('offer')}).")

    def _on_touch(self, event: Event) -> None:
        player = self._mover(event)
        intent = touch.Intent(event.option("intent")) if event.option("intent") else None
        squares = [chess.parse_square(sq) for sq in event.value]
        try:
            moved = touch.touch(self.board, self.touch_state, squares, self.edition,
                                accidental=bool(event.option("accidental", False)),
                                clearly=bool(event.option("clearly", False)),
                                intent=intent, player=player)
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where=event.describe()) from None
        self._after_touch(event, player, moved)

    def _on_adjust(self, event: Event) -> None:
        player = self._mover(event)
        squares = [chess.parse_square(sq) for sq in event.value]
        try:
            moved = touch.adjust(self.board, self.touch_state, squares, self.edition,
                                 announced=bool(event.option("announced", True)), player=player)
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where=event.describe()) from None
        self._after_touch(event, player, moved)

    def _on_release(self, event: Event) -> None:
        player = self._mover(event)
        if player != self.board.turn:
            raise ScenarioError(f"{side(player)} cannot let go of a piece on a square: it is"
                                f" {side(self.board.turn)}'s move", where=event.describe())
        try:
            moved = touch.release(self.board, self.touch_state, str(event.value), self.edition)
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where=event.describe()) from None
        self._after_touch(event, player, moved)

    def _after_touch(self, event: Event, player: chess.Color, moved: touch.Transition) -> None:
        deliberate = moved.state != self.touch_state
        if player == self.board.turn:
            self.touch_state = moved.state
        self._say_touch(event, player, moved.statements)
        if deliberate:
            self._reject_offer_by_touch(event, player)

    def _touch_obligation(self) -> Obligation | None:
        """The moves Article 4 still allows the player having the move, if it limits them."""
        found = touch.obligation(self.board, self.touch_state, self.edition)
        if found is None or found.moves == frozenset(self.board.legal_moves):
            return None
        return Obligation.of(found.moves, found.article)

    def _describe_moves(self, obligation: Obligation) -> str:
        sans = obligation.sans(self.board)
        return sans[0] if len(sans) == 1 else "one of " + ", ".join(sans)

    def _on_press(self, event: Event) -> None:
        self._press(event, self._clock_owner(event))

    def _press(self, event: Event, color: chess.Color) -> None:
        """The player presses his clock (6.7): his clock stops, the opponent's starts."""
        if self.clock is None and event.kind is EventKind.PRESS:
            raise ScenarioError("the scenario has no clocks to press", where=event.describe())
        if self.running != color:
            self.say(event, (self.edition.cite("clock.press"),),
                     f"{side(color)} presses the clock, but his clock is not running:"
                     " nothing changes.")
            return
        if self.clock is not None and self.moved_since_press[color] and self.scenario.increment:
            self.clock = self.clock.add(color, self.scenario.increment)
        self.moved_since_press[color] = False
        self.running = not color

    def _on_clocks(self, event: Event) -> None:
        if self.clock is None:
            values = event.value
            if set(values) != {"white", "black"}:
                raise ScenarioError("the scenario has no clocks: give both white and black",
                                    where=event.describe())
            self.clock = ChessClock(values["white"], values["black"])
            self._note_readings()
            return
        for name, seconds in event.value.items():
            self.clock = self.clock.with_remaining(name == "white", seconds)
        self._note_readings()

    # Article 8: scoresheets -------------------------------------------------------------

    def _start_scoresheets(self) -> None:
        """With ``scoresheets: true`` both players keep a sheet (8.1); the moves already
        played are taken as recorded on both."""
        # Players who must update their sheet completely before moving (8.4, after a flag).
        self.must_update: set[chess.Color] = set()
        self.exemptions_said: set[tuple[chess.Color, int]] = set()  # (player, period)
        self.signed: dict[chess.Color, str | None] = {chess.WHITE: None, chess.BLACK: None}
        self.offer_events: list[tuple[int, scoresheet.Slot]] = []
        self.offers_checked: set[tuple[int, chess.Color]] = set()
        self.readings: dict[chess.Color, list[tuple[int, float]]] = {
            chess.WHITE: [], chess.BLACK: []}
        self.sheets: dict[chess.Color, scoresheet.Scoresheet] = {}
        if not self.scenario.scoresheets:
            return
        try:
            self.time_control = scoresheet.TimeControl.parse(
                self.scenario.time_control if self.scenario.time_control is not None
                else {"periods": [{"minutes": 1, "increment": self.scenario.increment}]})
            self.sheets = {color: scoresheet.Scoresheet.from_board(
                self.board, color, self.scenario.notation) for color in chess.COLORS}
        except ArbiterError as exc:
            where = "time_control" if "time control" in str(exc) else "notation"
            raise ScenarioError(str(exc), where=where) from None
        self._note_readings()

    def _next_move_number(self, color: chess.Color) -> int:
        """The number of ``color``'s next move on his scoresheet."""
        number = self.board.fullmove_number
        return number + 1 if color == chess.WHITE and self.board.turn == chess.BLACK else number

    def _note_readings(self) -> None:
        if self.sheets and self.clock is not None:
            for color in chess.COLORS:
                self.readings[color].append(
                    (self._next_move_number(color), self.clock.remaining(color)))

    def _exemption(self, color: chess.Color) -> scoresheet.Exemption:
        return scoresheet.exemption(self.time_control, self._next_move_number(color),
                                    self.readings[color])

    def _check_recording_before_move(self, event: Event, mover: chess.Color) -> None:
        """8.1: his own previous move recorded before he makes another (one violation per
        move made while the duty is unmet); 8.4: not while exempt, but completely after a
        flag has fallen."""
        if not self.sheets:
            return
        exemption = self._exemption(mover)
        required = scoresheet.required_before_move(self.board, exempt=exemption.exempt,
                                                   flag_fallen=mover in self.must_update)
        self._check_offers_recorded(event, mover, required)
        issues = scoresheet.check_before_move(self.sheets[mover], self.board,
                                              exempt=exemption.exempt,
                                              flag_fallen=mover in self.must_update)
        if exemption.exempt and not issues:
            self._say_exempt(event, mover, exemption)
        self.must_update.discard(mover)
        if not issues:
            return
        clause = issues[0].clause
        slots = ", ".join(issue.slot.label() for issue in issues)
        self.violate(event, mover, clause)
        self.say(event, (clause,), f"{side(mover)} moves with his scoresheet not up to date"
                 f" ({slots}): {issues[0].detail} ({clause}).")

    def _say_exempt(self, event: Event, mover: chess.Color,
                    exemption: scoresheet.Exemption) -> None:
        """8.4, said once a period: the first time the exemption is what excuses a move
        made with the scoresheet not up to date."""
        if (mover, exemption.period_index) in self.exemptions_said:
            return
        unexcused = scoresheet.check_before_move(self.sheets[mover], self.board, exempt=False,
                                                 flag_fallen=False)
        if not unexcused:
            return
        self.exemptions_said.add((mover, exemption.period_index))
        slots = ", ".join(issue.slot.label() for issue in unexcused)
        self.say(event, (exemption.clause,), f"{side(mover)} moves without his scoresheet up"
                 f" to date ({slots}), but he is exempt ({exemption.clause}):"
                 f" {exemption.reason}.")

    def _on_record(self, event: Event) -> None:
        """8.1: the player writes on his scoresheet; a wrong entry or a move written in
        advance (except for a 9.2/9.3 claim) is a violation, reported at the entry."""
        writer = self._mover(event)
        if not self.sheets:
            raise ScenarioError("'record' needs 'scoresheets: true' in the scenario",
                                where=event.describe())
        following = self.scenario.events[event.index + 1:event.index + 2]
        claim = bool(following and following[0].kind is EventKind.CLAIM
                     and self._mover(following[0]) == writer)
        try:
            outcome = scoresheet.record_move(self.sheets[writer], self.board, str(event.value),
                                             claim=claim)
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where=event.describe()) from None
        who = "An assistant writes" if event.option("assistant") else f"{side(writer)} writes"
        if not outcome.issues:
            self.say(event, (self.edition.cite("record"),),
                     f"{who} {event.value!r} on {side(writer)}'s scoresheet"
                     f" ({outcome.slot}): correct ({self.edition.cite('record')}).")
        for issue in outcome.issues:
            self.violate(event, writer, issue.clause)
            self.say(event, (issue.clause,), f"{who} {event.value!r} on {side(writer)}'s"
                     f" scoresheet: {issue.kind.value} ({issue.clause}): {issue.detail}.")

    def _on_sign(self, event: Event) -> None:
        """8.7: at the conclusion of the game both players sign both scoresheets,
        indicating the result; even if incorrect, it stands unless the arbiter decides
        otherwise."""
        signer = self._mover(event)
        cite = self.edition.cite("record.sign")
        if self.result is None:
            raise ScenarioError(f"the game has not ended: the scoresheets are signed at its"
                                f" conclusion ({cite})", where=event.describe())
        signed = str(event.value)
        self.signed[signer] = signed
        if self.sheets:
            for sheet in self.sheets.values():
                if sheet.result in (None, signed):
                    sheet.sign(signer, signed)
        text = (f"{side(signer)} signs both scoresheets, indicating the result {signed}"
                f" ({cite}).")
        other = self.signed[not signer]
        if other is not None and other != signed:
            text += (f" {side(not signer)} signed {other}: the sheets disagree, and the"
                     f" arbiter decides ({cite}).")
        elif signed != self.result:
            how = f" ({self.reason.value})" if self.reason else ""
            text += (f" The game ended {self.result}{how}, but the result signed stands"
                     f" unless the arbiter decides otherwise ({cite}).")
        self.say(event, (cite,), text)

    def _check_offers_recorded(self, event: Event, mover: chess.Color,
                               required: tuple[scoresheet.Slot, ...]) -> None:
        """9.1b and 8.1: both players record each draw offer with (=), beside the move it
        goes with; due, like that move, once the move is one he must have recorded."""
        for index, slot in self.offer_events:
            if (index, mover) in self.offers_checked or slot not in required:
                continue
            self.offers_checked.add((index, mover))
            for issue in scoresheet.check_offers(self.sheets[mover], [slot]):
                self.violate(event, mover, self.edition.cite("offer.record"))
                self.say(event, (issue.clause, self.edition.cite("offer.record")),
                         f"{side(mover)} moves without having recorded the draw offer of"
                         f" event {index} with (=) on his scoresheet ({issue.slot}):"
                         f" {issue.detail}.")

    def _on_offer(self, event: Event) -> None:
        """9.1a: when an offer is proper, when it is merely valid, and a conditional one."""
        offerer = self._clock_owner(event)
        timing = offer_timing(offerer, self.last_mover, not self.moved_since_press[offerer])
        verdict = judge_offer(offerer, timing, self.edition,
                              conditional=bool(event.option("conditional", False)))
        if not verdict.valid:
            self.say(event, verdict.articles, f"{verdict.finding}.")
            return
        standing = self.offer
        if standing and standing.status is OfferStatus.PENDING and standing.by != offerer:
            self._agree(event, standing,
                        f"{side(offerer)} offers a draw while {side(standing.by)}'s offer still"
                        f" stands ({self.edition.cite('offer')}): the players agree")
            return
        self.offer = Offer(offerer, OfferStatus.PENDING, timing)
        if self.sheets:
            # The (=) goes beside the move the offer is made with: the offerer's last move,
            # or, when he offers having the move, the move he is about to make.
            ply = len(self.board.move_stack) - (offerer != self.board.turn)
            if ply >= 0:
                self.offer_events.append((event.index,
                                          scoresheet.slot_of(self.board.root(), ply)))
        self.say(event, verdict.articles,
                 f"{verdict.finding}. The offer cannot be withdrawn and stands until"
                 f" {side(not offerer)} accepts it, rejects it orally or by touching a piece to"
                 " move or capture it, or the game ends.")

    def _answerer(self, event: Event) -> chess.Color:
        if event.by is not None:
            return event.by
        return not self.offer.by if self.offer else self.board.turn

    def _standing_offer(self, event: Event, answerer: chess.Color) -> Offer | None:
        """The offer ``answerer`` may still answer, or ``None`` after saying why not (9.1a)."""
        cite = self.edition.cite("offer")
        if self.offer is None:
            raise ScenarioError("there is no draw offer to answer", where=event.describe())
        if self.offer.by == answerer:
            raise ScenarioError(f"{side(answerer)} cannot answer his own draw offer",
                                where=event.describe())
        if self.offer.status is not OfferStatus.PENDING:
            self.say(event, (cite,),
                     f"{side(self.offer.by)}'s draw offer was already"
                     f" {self.offer.status.value} and no longer stands ({cite}): the game"
                     " continues.")
            return None
        return self.offer

    def _on_accept(self, event: Event) -> None:
        answerer = self._answerer(event)
        offer = self._standing_offer(event, answerer)
        if offer is None:
            return
        claim = (f"; a claim counts as a draw offer ({self.edition.cite('offer.claim')}), even"
                 " one found incorrect" if offer.timing is OfferTiming.CLAIM else "")
        self._agree(event, offer, f"{side(answerer)} accepts {side(offer.by)}'s draw offer"
                    f" ({self.edition.cite('offer')}){claim}")

    def _agree(self, event: Event, offer: Offer, opening: str) -> None:
        """The players agree a draw (2005: 5.2c); from 2017 only once both have moved."""
        cite = self.edition.cite("agreement")
        if self.edition.agreement_needs_both_moved and not self._both_have_moved():
            self.say(event, (cite,), f"{opening}, but a draw by agreement needs both players"
                     f" to have made at least one move ({cite}): the game continues.")
            return
        self.offer = offer.answered(OfferStatus.ACCEPTED)
        self._end("1/2-1/2", Reason.AGREEMENT, event, (self.edition.cite("offer"), cite),
                  f"{opening}: the game is drawn by agreement ({cite}).")

    def _both_have_moved(self) -> bool:
        """Whether both players have made a move in the game (counted from move 1)."""
        plies = (self.board.fullmove_number - 1) * 2 + (self.board.turn == chess.BLACK)
        return plies >= 2

    def _on_decline(self, event: Event) -> None:
        answerer = self._answerer(event)
        offer = self._standing_offer(event, answerer)
        if offer is None:
            return
        self.offer = offer.answered(OfferStatus.DECLINED)
        self.say(event, (self.edition.cite("offer"),),
                 f"{side(answerer)} rejects the draw offer orally ({self.edition.cite('offer')});"
                 " the game continues.")

    def _on_claim(self, event: Event) -> None:
        rule = ClaimRule(event.value)
        claimant = self._mover(event)
        if rule is ClaimRule.TOUCH_MOVE:
            self._on_touch_move_claim(event, claimant)
            return
        written_text = event.option("move")
        self.running = None
        written: chess.Move | None = None
        touched = self.touch_state.touched_squares()
        if claimant != self.board.turn:
            verdict = lost_right_verdict(rule, claimant, self.edition)
        elif touched and self.edition.claim_right_lost_by is ClaimRightLoss.TOUCH:
            verdict = lost_right_verdict(rule, claimant, self.edition, touched=touched[0])
        else:
            if written_text is not None:
                try:
                    written = parse_move(self.board, str(written_text))
                except ValueError as exc:
                    raise ScenarioError(f"the written move: {exc}",
                                        where=event.describe()) from None
            if rule is ClaimRule.THREEFOLD:
                verdict = judge_threefold(self.board, self.table, self.edition, written,
                                          self.labels)
            else:
                verdict = judge_fifty_moves(self.board, self.edition, written)
        self.claims.append(ClaimRecord(claimant, rule.value, verdict.correct, verdict.article))
        self._rule_on_claim(event, claimant, verdict)

    def _on_touch_move_claim(self, event: Event, claimant: chess.Color) -> None:
        """4.7: upheld → the move is taken back and Article 4's obligation enforced."""
        if event.option("move") is not None:
            raise ScenarioError("a touch-move claim has no written move", where=event.describe())
        violation = self.touch_violation
        verdict = touch.judge_touch_move_claim(violation, self.touch_state, self.edition,
                                               claimant=claimant)
        self.claims.append(ClaimRecord(claimant, verdict.rule.value, verdict.correct,
                                       verdict.article))
        if verdict.correct and violation is not None:
            self._pop()
            self.touch_state, self.touch_violation = violation.state, None
            self.running = violation.player
            self.say(event, (verdict.article, self.edition.cite("touch.claim-lost")),
                     f"{side(claimant)} claims a breach of Article 4: {verdict.finding}.")
        else:
            self.say(event, (verdict.article,),
                     f"{side(claimant)} claims a breach of Article 4, but the claim is rejected:"
                     f" {verdict.finding}.")

    def _rule_on_claim(self, event: Event, claimant: chess.Color, verdict: ClaimVerdict) -> None:
        """9.5: clocks stopped; correct → drawn (9.5a); incorrect → penalty, move played (9.5b)."""
        cite = self.edition.cite
        what = {ClaimRule.THREEFOLD: "repetition of the position",
                ClaimRule.FIFTY_MOVES: "the fifty-move rule"}[verdict.rule]
        how = (f" with the move {self.board.san(verdict.written_move)} written on his"
               " scoresheet and declared" if verdict.written_move else "")
        opening = (f"{side(claimant)} claims a draw by {what}{how} ({verdict.article})."
                   f" The clocks are stopped ({cite('claim.procedure')}): {verdict.finding}.")
        if verdict.correct:
            self.result, self.reason = "1/2-1/2", Reason(verdict.rule.value)
            unplayed = " The written move is not played." if verdict.written_move else ""
            self.say(event, (verdict.article, cite("claim.correct")),
                     f"{opening} The claim is correct: the game is drawn"
                     f" ({cite('claim.correct')}).{unplayed}")
            if not (self.offer and self.offer.timing is OfferTiming.CLAIM
                    and self.offer.by == claimant):  # the claim itself needs no comment
                self._lapse_offer(event)
            return
        parts = [f"{opening} The claim is incorrect ({cite('claim.incorrect')})."]
        penalty = incorrect_claim_penalty(self.edition.penalty(self.rate),
                                          self.clock.remaining(claimant) if self.clock else 0.0,
                                          self.clock.remaining(not claimant) if self.clock else 0.0,
                                          (side(claimant), side(not claimant)))
        if self.clock is not None:
            self.clock = (self.clock.with_remaining(claimant, penalty.claimant_after)
                          .with_remaining(not claimant, penalty.opponent_after))
            parts.append(f"Penalty: {penalty.explanation}.")
        else:
            bonus = format_time(self.edition.penalty(self.rate).opponent_bonus)
            parts.append(f"No clock readings were given: the arbiter adds {bonus} to"
                         f" {side(not claimant)}'s time and reduces {side(claimant)}'s as"
                         f" {cite('claim.incorrect')} says.")
        if verdict.written_move is not None:
            self.claim_obligation = Obligation.of({verdict.written_move}, cite("claim.incorrect"))
            parts.append(f"The game continues and {side(claimant)} must play the written move"
                         f" {self.board.san(verdict.written_move)} ({cite('claim.incorrect')}).")
        else:
            parts.append("The game continues.")
        self.running = self.board.turn
        standing = self.offer
        if not (standing and standing.status is OfferStatus.PENDING and standing.by != claimant):
            self.offer = Offer(claimant, OfferStatus.PENDING, OfferTiming.CLAIM)
        parts.append(f"The claim counts as a draw offer ({cite('offer.claim')}),"
                     f" which {side(not claimant)} may still accept.")
        self.say(event, (verdict.article, cite("claim.incorrect"), cite("offer.claim")),
                 " ".join(parts))

    # The end of the game ------------------------------------------------------------------

    def _check_game_end(self, event: Event | None, thorough: bool = True) -> None:
        """After each move: checkmate (5.1a) first, then stalemate (5.2a), the automatic
        draws of the edition (from 2014: fivefold repetition, 75 moves) and a dead position
        (9.6), which only a proof ends the game with: an undetermined analysis never does.

        ``thorough`` runs the static dead-position analysis (blocked pawn walls); without
        it only the material rules are tried (for the ``moves`` already played, whose last
        position is then analysed thoroughly)."""
        board, cite = self.board, self.edition.cite
        if board.is_checkmate():
            winner = not board.turn
            self._end("1-0" if winner == chess.WHITE else "0-1", Reason.CHECKMATE, event,
                      (cite("checkmate"),), f"{side(board.turn)} is checkmated:"
                      f" {side(winner)} wins ({cite('checkmate')}).")
        elif board.is_stalemate():
            self._end("1/2-1/2", Reason.STALEMATE, event, (cite("stalemate"),),
                      f"{side(board.turn)} has no legal move and is not in check: stalemate,"
                      f" the game is drawn ({cite('stalemate')}).")
        elif self._is_fivefold():
            plies = self.table.plies(self.table.current)
            moments = ", ".join(self.labels[p] for p in plies)
            self._end("1/2-1/2", Reason.FIVEFOLD, event, (cite("fivefold"),),
                      f"The same position has now stood on the board {len(plies)} times"
                      f" ({moments}): the arbiter declares the game drawn without a claim"
                      f" ({cite('fivefold')}).")
        elif (self.edition.automatic.seventy_five_moves
              and board.halfmove_clock >= SEVENTY_FIVE_MOVES_PLIES):
            self._end("1/2-1/2", Reason.SEVENTY_FIVE_MOVES, event, (cite("seventy-five-moves"),),
                      "75 moves by each player have been made without the movement of any pawn"
                      " and without any capture, and the last move did not checkmate: the game"
                      f" is drawn without a claim ({cite('seventy-five-moves')}).")
        elif self._is_proven_dead(thorough):
            why = dead.analyse(board, budget=0)
            reasons = "; ".join(dict.fromkeys(
                r for r in (why.why(chess.WHITE), why.why(chess.BLACK)) if r))
            self._end("1/2-1/2", Reason.DEAD_POSITION, event, (cite("dead-position"),),
                      "No series of legal moves can lead to checkmate by either side"
                      f" ({reasons}): the position is dead and the game is drawn at once"
                      f" ({cite('dead-position')}).")

    def _is_proven_dead(self, thorough: bool) -> bool:
        """9.6, proven only: material that cannot mate, or (thorough) the static analysis
        of where the pieces can ever go. The helpmate search is not run after every move:
        it is too slow, and "undetermined" never ends a game anyway."""
        board = self.board
        if all(dead.insufficient_material(board, color) for color in chess.COLORS):
            return True
        return thorough and dead.is_dead_position(board, budget=0) is True

    def _is_fivefold(self) -> bool:
        """Fivefold repetition (2014: in consecutive alternate moves, read as the position
        recurring every fourth single move; 2017 on: any five appearances)."""
        rule = self.edition.automatic.fivefold
        plies = self.table.plies(self.table.current)
        if rule is Fivefold.NONE or len(plies) < 5:
            return False
        last = plies[-5:]
        return rule is Fivefold.ANY or all(b - a == 4 for a, b in itertools.pairwise(last))

    def _end(self, result: str, reason: Reason, event: Event | None, articles: tuple[str, ...],
             text: str) -> None:
        self.result, self.reason = result, reason
        self.claim_obligation = None
        self.running = None
        self.say(event, articles, text)
        self._lapse_offer(event)

    def _lapse_offer(self, event: Event | None) -> None:
        """9.1a: an offer still standing lapses when the game is concluded otherwise."""
        if self.offer and self.offer.status is OfferStatus.PENDING:
            cite = self.edition.cite("offer")
            self.say(event, (cite,), f"{side(self.offer.by)}'s draw offer, still standing,"
                     f" lapses: the game is concluded ({cite}).")

    def _penalise_illegal_move(self, event: Event, player: chess.Color) -> None:
        """A move counted as illegal (2017 on, e.g. made with two hands): the first gives the
        opponent more time, the second loses the game unless the opponent cannot mate."""
        cite = self.edition.cite
        self.illegal_moves[player] += 1
        clause = cite("illegal-move.penalty")
        if self.illegal_moves[player] == 1:
            bonus = self.edition.illegal_move_bonus.get(self.rate, 0.0)
            if self.clock is not None:
                self.clock = self.clock.add(not player, bonus)
            self.say(event, (clause,), f"For a first illegal move the arbiter gives"
                     f" {side(not player)} {format_time(bonus)} more ({clause}).")
            return
        self._lose_unless_cannot_mate(event, player, Reason.ILLEGAL_MOVES, clause,
                                      "a second illegal move")

    def _lose_unless_cannot_mate(self, event: Event, loser: chess.Color, reason: Reason,
                                 clause: str, what: str) -> None:
        """The player loses, but the game is drawn if his opponent cannot checkmate him by
        any series of legal moves (6.9 and 7.5.5 ask the same question)."""
        winner = not loser
        answer = dead.can_mate(self.board, winner, budget=RULING_BUDGET)
        if answer is dead.Mateability.CANNOT_MATE:
            why = (dead.analyse_side(self.board, winner, budget=RULING_BUDGET).why
                   or "no mate is possible")
            self._end("1/2-1/2", reason, event, (clause,),
                      f"{side(loser)} would lose for {what}, but {side(winner)} cannot checkmate"
                      f" by any series of legal moves ({why}): the game is drawn ({clause}).")
        elif answer is dead.Mateability.CAN_MATE:
            self._end("1-0" if winner == chess.WHITE else "0-1", reason, event, (clause,),
                      f"{side(loser)} loses the game for {what}: {side(winner)} can still"
                      f" checkmate by some series of legal moves ({clause}).")
        else:
            self.running = None
            self.say(event, (clause,),
                     f"{side(loser)} loses for {what} unless {side(winner)} cannot checkmate by"
                     " any series of legal moves; the analysis could not decide this within its"
                     f" budget, so the arbiter must examine the position himself ({clause}).")

    def _on_flag(self, event: Event) -> None:
        """6.9: the flag falls: the player loses, unless his opponent cannot mate (draw)."""
        loser = chess.WHITE if event.value == "white" else chess.BLACK
        self.must_update = set(chess.COLORS)
        if self.clock is not None:
            self.clock = self.clock.with_remaining(loser, 0)
        if self._flag_ends_completed_period(event, loser):
            return
        self._lose_unless_cannot_mate(event, loser, Reason.FLAG, self.edition.cite("flag"),
                                      "exceeding the time (his flag has fallen)")

    def _flag_ends_completed_period(self, event: Event, player: chess.Color) -> bool:
        """6.9 only loses a player who has not completed the prescribed moves: with a
        ``time_control`` of several periods, a flag falling when he has made exactly the
        moves of a period marks the end of that period. The game goes on, the next
        period's time is added, and scoresheets are updated before moving (8.4, 8.5)."""
        if self.scenario.time_control is None:
            return False
        try:
            control = scoresheet.TimeControl.parse(self.scenario.time_control)
        except ArbiterError as exc:
            raise ScenarioError(str(exc), where="time_control") from None
        number = self._next_move_number(player)
        index = control.period_index(number)
        if index == 0 or control.first_move(index) != number:
            return False
        period = control.periods[index]
        if self.clock is not None:
            self.clock = self.clock.add(player, period.seconds)
            # Readings taken before the flag fell belong to the period that just ended.
            self.readings[player] = [
                (move, seconds) for move, seconds in self.readings[player] if move < number]
            self.readings[player].append((number, self.clock.remaining(player)))
        self.say(event, (self.edition.cite("flag"), self.edition.cite("record.exemption")),
                 f"{side(player)}'s flag falls after he has completed the {number - 1} moves of"
                 f" the period: he has not lost ({self.edition.cite('flag')}). The next period"
                 f" begins ({format_time(period.seconds)} added), and any player not up to date"
                 " must update his scoresheet completely before moving"
                 f" ({self.edition.cite('record.exemption')}).")
        return True

    def ruling(self) -> Ruling:
        offer = self.offer
        if offer and self.result and offer.status is OfferStatus.PENDING:
            offer = offer.answered(OfferStatus.LAPSED)  # 9.1a: the game ended otherwise
        return Ruling(
            laws=self.edition.key,
            fen=self.board.fen(),
            turn=self.board.turn,
            result=self.result,
            reason=self.reason,
            clocks=self.clock,
            obligation=None if self.result else (
                self.claim_obligation or self._touch_obligation()),
            claims=tuple(self.claims),
            offer=offer,
            violations=tuple(self.violations),
            rulings=tuple(self.statements),
            scoresheets=(self.sheets[chess.WHITE].movetext(), self.sheets[chess.BLACK].movetext())
            if self.sheets else None,
            signed=(self.signed[chess.WHITE], self.signed[chess.BLACK])
            if any(self.signed.values()) else None,
        )


#: What players still do at the board once the game has ended: complete and sign their
#: scoresheets (8.7).
_AFTER_THE_END = frozenset({EventKind.RECORD, EventKind.SIGN})


def rule(scenario: Scenario | Mapping[str, Any] | str | Path) -> Ruling:
    """Replay ``scenario`` (a :class:`Scenario`, a mapping as from YAML, or a file path)
    and return the arbiter's ruling. Raises :class:`ScenarioError` on bad input."""
    if isinstance(scenario, str | Path):
        scenario = load_scenario(scenario)
    elif not isinstance(scenario, Scenario):
        scenario = parse_scenario(scenario)
    try:
        return Arbiter(scenario).run()
    except ScenarioError as exc:
        if scenario.source and exc.source is None:
            raise exc.with_source(scenario.source) from None
        raise
