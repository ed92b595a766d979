"""Errors raised for bad input. All subclass :class:`ValueError`, as in python-chess."""

from __future__ import annotations


class ArbiterError(ValueError):
    """Base class of every error this package raises for bad input."""


class TimeFormatError(ArbiterError):
    """A clock reading is neither seconds nor ``m:ss`` / ``h:mm:ss``."""


class EditionError(ArbiterError):
    """An unknown edition of the Laws, or a bad proposal file."""


class ScenarioError(ArbiterError):
    """A scenario is malformed: the message names where (event or move) and the problem.

    ``source`` (usually a file name) is added by whoever read the file, so that
    ``str(error)`` is one line: ``case.yaml: event 3 (claim): illegal move 'Nf6'``.
    """

    def __init__(self, problem: str, *, where: str | None = None, source: str | None = None):
        self.problem = problem
        self.where = where
        self.source = source
        super().__init__(self._format())

    def _format(self) -> str:
        parts = [p for p in (self.source, self.where, self.problem) if p]
        return ": ".join(" ".join(p.split()) for p in parts)

    def with_source(self, source: str) -> ScenarioError:
        """The same error, naming the file it came from."""
        return ScenarioError(self.problem, where=self.where, source=source)
