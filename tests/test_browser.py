"""One real-browser test: JupyterLab runs lesson 1 in headless Chromium, and a click on the
board highlights the moves the touched piece may make.

Needs Debian's ``chromium`` on the PATH and the ``playwright`` Python package (never
``playwright install``); skips with the reason when either is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

ROOT = Path(__file__).resolve().parents[1]
LESSON = "01-touch-move.ipynb"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: Milliseconds: the kernel may take long to start on a cold machine.
KERNEL_TIMEOUT = 120_000
STEP_TIMEOUT = 60_000


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_until_up(url: str, server: subprocess.Popen[bytes], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"JupyterLab exited early with status {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    raise RuntimeError(f"JupyterLab did not answer at {url} within {timeout} s")


def _wait_for_kernel_connection(url: str, timeout: float = KERNEL_TIMEOUT / 1000) -> None:
    """Wait until a kernel runs and the page's websocket is connected to it: cells run before
    that may be lost, even when the notebook already shows the kernel as idle."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/api/kernels", timeout=5) as answer:
                kernels = json.load(answer)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            kernels = []  # the server can fail on a kernel still starting: ask again
        if any(k.get("connections", 0) > 0 and k.get("execution_state") == "idle"
               for k in kernels):
            return
        time.sleep(0.5)
    raise RuntimeError(f"no kernel was connected within {timeout} s")


@pytest.fixture
def chromium() -> str:
    path = shutil.which("chromium")
    if path is None:
        pytest.skip("chromium is not installed (apt-get install chromium)")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    return path


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[str]:
    """JupyterLab serving a copy of the lessons on a free loopback port; its base URL."""
    jupyter = Path(sys.executable).with_name("jupyter")
    if not jupyter.exists():
        pytest.skip(f"JupyterLab is not installed beside {sys.executable}")
    root = tmp_path / "course"
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT),  # the kernel imports this checkout
           "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}
    log = (tmp_path / "lab.log").open("wb")
    server = subprocess.Popen(
        [str(jupyter), "lab", "--no-browser", "--allow-root", f"--port={port}",
         "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.root_dir={root}", "--ServerApp.port_retries=0"],
        stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_until_up(f"{url}/api/status", server)
        yield url
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)  # the server and the kernels it started
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=10)
        log.close()


def _run_all_until(page: Page, shown: Locator, attempts: int = 3) -> None:
    """Run > Run All Cells, until ``shown`` appears; run again only if no cell is running."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    for _ in range(attempts):
        page.locator(".lm-MenuBar-item", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        try:
            shown.wait_for(timeout=STEP_TIMEOUT // 2)
            return
        except PlaywrightTimeoutError:
            if page.locator(".jp-InputPrompt", has_text="[*]").count():
                shown.wait_for(timeout=KERNEL_TIMEOUT)  # still running: wait on
                return
    raise AssertionError(f"the board did not appear after {attempts} runs of all cells")


def test_clicking_a_piece_highlights_its_allowed_moves(chromium: str, lab: str,
                                                      tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS,
                                             headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            page.goto(f"{lab}/lab/tree/notebooks/{LESSON}", timeout=STEP_TIMEOUT)
            page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=STEP_TIMEOUT)
            page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(
                state="attached", timeout=KERNEL_TIMEOUT)
            _wait_for_kernel_connection(lab)
            board = page.locator(".arbiter-board").first
            knight = board.locator("rect.square[data-square='g1']")
            _run_all_until(page, knight)
            expect(board.locator("rect.square.allowed")).to_have_count(0)
            knight.click()

            allowed = board.locator("rect.square.allowed")
            expect(allowed).to_have_count(2, timeout=STEP_TIMEOUT)
            assert sorted(a.get_attribute("data-square") or "" for a in allowed.all()) == [
                "f3", "h3"]
            expect(board.locator("rect.square.touched[data-square='g1']")).to_have_count(1)
            expect(board.locator(".arbiter-board-ruling")).to_contain_text(
                "He must move his knight on g1, the first piece touched that can be moved"
                " (4.3a): Nf3 or Nh3.")
        except Exception:
            page.screenshot(path=str(tmp_path / "failure.png"))
            raise
        finally:
            browser.close()
