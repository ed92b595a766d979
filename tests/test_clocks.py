from __future__ import annotations

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiterlib.clocks import ChessClock, format_time, parse_time
from arbiterlib.errors import TimeFormatError


@pytest.mark.parametrize(("value", "seconds"), [
    (90, 90.0), (12.5, 12.5), ("1:30", 90.0), ("0:05", 5.0), ("1:02:03", 3723.0),
    ("10:00", 600.0), ("0:59.5", 59.5), (0, 0.0),
])
def test_parse_time(value: object, seconds: float) -> None:
    assert parse_time(value) == seconds


@pytest.mark.parametrize("value", ["1:60", "abc", "1:2", "-5", -1, True, None, [1], "1:60:00",
                                   float("nan"), float("inf")])
def test_parse_time_rejects(value: object) -> None:
    with pytest.raises(TimeFormatError):
        parse_time(value)


@pytest.mark.parametrize(("seconds", "text"), [
    (0, "0:00"), (59, "0:59"), (60, "1:00"), (90.5, "1:30.5"), (3600, "1:00:00"), (3723, "1:02:03"),
])
def test_format_time(seconds: float, text: str) -> None:
    assert format_time(seconds) == text


@given(st.integers(min_value=0, max_value=10 * 3600))
def test_format_then_parse_round_trips(seconds: int) -> None:
    assert parse_time(format_time(seconds)) == seconds


def test_clock_state_is_immutable_and_never_negative() -> None:
    clock = ChessClock(300, 200)
    later = clock.add(chess.BLACK, 180).with_remaining(chess.WHITE, -5)
    assert (clock.white, clock.black) == (300, 200)
    assert (later.white, later.black) == (0, 380)
    assert later.remaining(chess.BLACK) == 380
    assert later.to_dict() == {"white": 0, "black": 380}
