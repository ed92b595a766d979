"""arbiterlib: the FIDE Laws of Chess (Articles 4, 8 and 9) as an arbiter applies them.

Built on python-chess for every board question. The default edition is the one in force
from 1 July 2005 (the seed text); clause numbers cited are that edition's own.
"""

from __future__ import annotations

__version__ = "0.1.0"

from arbiterlib.engine import rule
from arbiterlib.errors import ArbiterError, ScenarioError
from arbiterlib.ruling import Ruling
from arbiterlib.scenario import Scenario, load_scenario, loads_scenario, parse_scenario

__all__ = ["ArbiterError", "Ruling", "Scenario", "ScenarioError", "load_scenario",
           "loads_scenario", "parse_scenario", "rule"]
