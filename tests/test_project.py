"""Project hygiene: environment.yml matches pyproject.toml; imports only go down the layers."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]

#: pip name -> conda-forge name, where they differ.
CONDA_NAMES = {"chess": "python-chess", "types-pyyaml": "types-pyyaml"}


def _name(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9_.\-]+", requirement)
    assert match, requirement
    return match.group(0).lower()


def test_environment_yml_lists_every_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        wanted += extra
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {_name(d): d for d in environment["dependencies"] if isinstance(d, str)}
    for requirement in wanted:
        name = CONDA_NAMES.get(_name(requirement), _name(requirement))
        assert name in conda, f"environment.yml lacks {name} (pyproject: {requirement})"
        pin = requirement[len(_name(requirement)):].strip()
        assert conda[name].endswith(pin), f"{conda[name]!r} differs from {requirement!r}"
    assert len(conda) - 2 == len(wanted), "environment.yml lists what pyproject.toml does not"


#: Layers, bottom first: a module may import only from its own layer or below.
LAYERS = [
    {"errors", "clocks", "editions", "repetition", "notation", "attacks"},
    {"claims", "touch", "scoresheet", "offers", "dead", "helpmate", "mobility", "routes",
     "exhaustion", "playouts", "material", "walls"},
    {"ruling", "scenario", "engine"},
    {"casebook", "casebook_html", "cli", "widgets", "workshop", "exercises", "__main__",
     "__init__"},
]


def _layer(module: str) -> int:
    top = module.split(".")[0]
    for level, names in enumerate(LAYERS):
        if top in names:
            return level
    raise AssertionError(f"arbiterlib.{module} is in no layer: add it to LAYERS")


def test_imports_only_go_down() -> None:
    for path in (ROOT / "arbiterlib").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT / "arbiterlib").with_suffix("").parts)
        level = _layer(module)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(
                    "arbiterlib."):
                target = node.module.removeprefix("arbiterlib.")
                assert _layer(target) <= level, f"{module} (layer {level}) imports {target}"


def _tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


def test_ruff_is_clean() -> None:
    # Notebooks too: the lessons' and exercises' code cells are read by candidates.
    result = subprocess.run([_tool("ruff"), "check", "arbiterlib", "tests", "benchmarks",
                             "scripts", "notebooks", "exercises"],
                            cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-3000:]


def test_mypy_is_clean() -> None:
    result = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout[-3000:]
