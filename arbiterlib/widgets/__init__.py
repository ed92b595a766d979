"""Widgets for the lessons. Their logic is plain Python (tested without a browser);
``widget()`` assembles ipywidgets around it for JupyterLab."""

from arbiterlib.widgets.casebook import CasebookBrowser
from arbiterlib.widgets.fifty import FiftyMoveCounter
from arbiterlib.widgets.penalty import PenaltyCalculator, penalty_plot
from arbiterlib.widgets.scoresheet import ScoresheetTrainer
from arbiterlib.widgets.threefold import ThreefoldTrainer

__all__ = ["CasebookBrowser", "FiftyMoveCounter", "PenaltyCalculator", "ScoresheetTrainer",
           "ThreefoldTrainer", "penalty_plot"]
