"""Clock readings and the state of a chess clock (Article 6), board-independent.

Times are seconds (``float``). Readings are written ``m:ss`` or ``h:mm:ss``.
"""

from __future__ import annotations

import dataclasses
import math
import re

import chess

from arbiterlib.errors import TimeFormatError

_READING = re.compile(r"^(?:(\d+):)?(\d+):([0-5]\d(?:\.\d+)?)$")


def parse_time(value: object) -> float:
    """Seconds from ``value``: a number of seconds, or a reading ``"m:ss"`` / ``"h:mm:ss"``."""
    if isinstance(value, bool):
        raise TimeFormatError(f"bad time {value!r}: expected seconds or 'm:ss'")
    if isinstance(value, int | float):
        seconds = float(value)
    elif isinstance(value, str):
        match = _READING.match(value.strip())
        if not match:
            raise TimeFormatError(f"bad time {value!r}: expected seconds or 'm:ss' / 'h:mm:ss'")
        hours, minutes, secs = match.groups()
        if hours is not None and int(minutes) >= 60:
            raise TimeFormatError(f"bad time {value!r}: minutes must be under 60 in 'h:mm:ss'")
        seconds = int(hours or 0) * 3600 + int(minutes) * 60 + float(secs)
    else:
        raise TimeFormatError(f"bad time {value!r}: expected seconds or 'm:ss'")
    if not math.isfinite(seconds) or seconds < 0:
        raise TimeFormatError(f"bad time {value!r}: must be a finite, non-negative number")
    return seconds


def format_time(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss`` from one hour), with tenths only when they are not zero."""
    tenths = round(seconds * 10)
    whole, frac = divmod(tenths, 10)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
    return f"{text}.{frac}" if frac else text


@dataclasses.dataclass(frozen=True)
class ChessClock:
    """The remaining time of both players (which clock runs is the engine's business)."""

    white: float
    black: float

    def remaining(self, color: chess.Color) -> float:
        return self.white if color == chess.WHITE else self.black

    def with_remaining(self, color: chess.Color, seconds: float) -> ChessClock:
        seconds = max(0.0, seconds)
        if color == chess.WHITE:
            return dataclasses.replace(self, white=seconds)
        return dataclasses.replace(self, black=seconds)

    def add(self, color: chess.Color, seconds: float) -> ChessClock:
        return self.with_remaining(color, self.remaining(color) + seconds)

    def to_dict(self) -> dict[str, float]:
        return {"white": self.white, "black": self.black}
