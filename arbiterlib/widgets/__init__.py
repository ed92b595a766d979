"""Widgets for the lessons. Their logic is plain Python (tested without a browser);
``widget()`` assembles ipywidgets around it for JupyterLab."""

from arbiterlib.widgets.threefold import ThreefoldTrainer

__all__ = ["ThreefoldTrainer"]
