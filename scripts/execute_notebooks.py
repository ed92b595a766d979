"""Re-execute committed notebooks in place so that nbval has fresh, deterministic outputs.

Usage: .venv/bin/python scripts/execute_notebooks.py notebooks/04-threefold-repetition.ipynb ...

Widget state (``metadata.widgets``: random model ids) is stripped after executing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def execute(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)
    print(f"executed {path}")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        execute(Path(name))
