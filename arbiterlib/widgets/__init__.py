"""Widgets for the lessons. Their logic is plain Python (tested without a browser);
``widget()`` assembles ipywidgets around it for JupyterLab. :class:`TouchMoveBoard` is itself
an anywidget (a clickable board) whose state and methods work without a browser."""

from arbiterlib.widgets.board import TouchMoveBoard
from arbiterlib.widgets.casebook import CasebookBrowser
from arbiterlib.widgets.fifty import FiftyMoveCounter
from arbiterlib.widgets.penalty import PenaltyCalculator, penalty_plot
from arbiterlib.widgets.scoresheet import ScoresheetTrainer
from arbiterlib.widgets.threefold import ThreefoldTrainer

__all__ = ["CasebookBrowser", "FiftyMoveCounter", "PenaltyCalculator", "ScoresheetTrainer",
           "ThreefoldTrainer", "TouchMoveBoard", "penalty_plot"]
