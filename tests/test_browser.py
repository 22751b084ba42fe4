"""The notebooks in a real browser: JupyterLab and Voila served on 127.0.0.1, driven by Playwright
in Debian's Chromium (``/usr/bin/chromium``; Playwright's own browser downloads are never used).

Skipped when Chromium or Playwright is missing, unless ``KITCHENLAB_REQUIRE_BROWSER=1`` (as in CI),
in which case that is a failure. The servers run on a copy of ``notebooks/`` in a temporary folder,
with their own Jupyter config, data and settings folders, so the repository and the user's own
Jupyter set-up are never touched.
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
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REQUIRE = os.environ.get("KITCHENLAB_REQUIRE_BROWSER") == "1"
TOKEN = "kitchenlab-browser-test-token"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ROUND = "tem_purr_a/02_round.ipynb"
START = "00_start_here.ipynb"

# Bounded waits (milliseconds for Playwright, seconds for the servers).
SERVER_START_S = 90
PAGE_MS = 90_000
RUN_ALL_MS = 300_000
VOILA_RENDER_MS = 180_000
CLICK_MS = 30_000

# Output areas that hold an error: tracebacks render as stderr in JupyterLab and Voila.
STDERR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
PLOT = ".js-plotly-plot, .plot-container"


def _unavailable(reason: str):
    if REQUIRE:
        pytest.fail(f"{reason} (KITCHENLAB_REQUIRE_BROWSER=1 makes this a failure)")
    pytest.skip(reason)


def _chromium() -> str | None:
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


# ---------------------------------------------------------------------------- servers


def _children(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (the kernels a server started)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name sits in parentheses and may hold spaces; the parent id follows it.
        fields = stat.rsplit(")", 1)[-1].split()
        if len(fields) > 1 and fields[1] == str(pid):
            out.append(int(entry.name))
    return out


class Server:
    """A Jupyter server (JupyterLab or Voila) started as a subprocess, logging to a file."""

    def __init__(self, name: str, cmd: list[str], cwd: Path, env: dict, log: Path, port: int):
        self.name, self.port, self.log = name, port, log
        self.base = f"http://127.0.0.1:{port}"
        self._log_file = open(log, "wb")
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=self._log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )

    def log_tail(self, n: int = 40) -> str:
        lines = self.log.read_text(errors="replace").splitlines()
        return "\n".join(lines[-n:])

    def wait_listening(self) -> None:
        deadline = time.monotonic() + SERVER_START_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"{self.name} exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.3)
        self.stop()
        pytest.fail(f"{self.name} did not listen on port {self.port} within {SERVER_START_S} s:\n{self.log_tail()}")

    def stop(self, shutdown_url: str | None = None) -> None:
        kernels = _children(self.proc.pid)
        if shutdown_url and self.proc.poll() is None:
            # JupyterLab's own shutdown stops its kernels first.
            req = urllib.request.Request(shutdown_url, method="POST", headers={"Authorization": f"token {TOKEN}"})
            try:
                urllib.request.urlopen(req, timeout=10).close()
            except (OSError, urllib.error.URLError):
                pass
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)
        # Kernels run in sessions of their own and may outlive the server: end the ones it started.
        for pid in kernels:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        self._log_file.close()


def _jupyter_env(home: Path) -> dict:
    """Environment with private Jupyter folders (config, data, runtime, lab settings, workspaces)."""
    env = dict(os.environ)
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
        ("IPYTHONDIR", "ipython"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    # No news or update checks (they would pop up a notice and try to reach the network).
    notes = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    notes.mkdir(parents=True, exist_ok=True)
    (notes / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env.pop("PLOTLY_RENDERER", None)
    return env


def _standin_notebook(path: Path) -> None:
    """A small notebook with the same CSS classes as the round notebook, plus a failing cell."""
    cells = [
        "import ipywidgets as w\nimport plotly.graph_objects as go\nfrom IPython.display import display",
        "count = [0]\n"
        "step = w.Button(description='Next')\nstep.add_class('kl-step')\n"
        "event = w.HTML('nothing yet')\nevent.add_class('kl-event')\n"
        "def advance(_):\n    count[0] += 1\n    event.value = f'event number {count[0]}'\n"
        "step.on_click(advance)\ndisplay(w.VBox([step, event]))",
        "go.Figure(go.Bar(x=[2, 3, 4], y=[1, 3, 2])).show()",
        "{}['no such key']",
    ]
    nb = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": [
            {"cell_type": "code", "id": f"cell{i}", "metadata": {}, "execution_count": None, "outputs": [], "source": src}
            for i, src in enumerate(cells)
        ],
    }
    path.write_text(json.dumps(nb, indent=1))


# ---------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def browser():
    exe = _chromium()
    if exe is None:
        _unavailable("Debian's chromium is not installed (sudo apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory, repo_root) -> Path:
    """A private copy of notebooks/ (running cells may write files), plus the stand-in notebook."""
    root = tmp_path_factory.mktemp("served") / "notebooks"
    shutil.copytree(repo_root / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    _standin_notebook(root / "standin.ipynb")
    return root


@pytest.fixture(scope="module")
def jupyter_env(tmp_path_factory) -> dict:
    return _jupyter_env(tmp_path_factory.mktemp("jupyter-home"))


@pytest.fixture(scope="module")
def lab(browser, served, jupyter_env, get_free_port, tmp_path_factory):
    port = get_free_port()
    cmd = [
        sys.executable, "-m", "jupyter", "lab",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}",
        "--ServerApp.open_browser=False",
        f"--ServerApp.root_dir={served}",
    ]
    if os.geteuid() == 0:
        cmd.append("--ServerApp.allow_root=True")
    log = tmp_path_factory.mktemp("logs") / "jupyterlab.log"
    server = Server("JupyterLab", cmd, served, jupyter_env, log, port)
    try:
        server.wait_listening()
        yield server
    finally:
        server.stop(shutdown_url=f"{server.base}/api/shutdown")


@pytest.fixture
def voila(browser, served, jupyter_env, get_free_port, tmp_path):
    """A function serving one notebook with Voila; every server it starts is stopped afterwards."""
    started = []

    def serve(notebook: str) -> Server:
        port = get_free_port()
        cmd = [
            sys.executable, "-m", "voila",
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={port}",
            "--Voila.port_retries=0",
            f"--Voila.token={TOKEN}",
            "--show_tracebacks=True",
            notebook,
        ]
        server = Server("Voila", cmd, served, jupyter_env, tmp_path / f"voila-{len(started)}.log", port)
        started.append(server)
        server.wait_listening()
        return server

    yield serve
    for server in started:
        server.stop()


# ---------------------------------------------------------------------------- page helpers


def _error_outputs(page) -> list[str]:
    texts = page.locator(STDERR).all_inner_texts()
    return [t for t in texts if "Error" in t or "Traceback" in t]


def _wait_or_explain(page, what: str, wait) -> None:
    """Run a Playwright wait; on a time-out, fail with the cell prompts and a screenshot's path."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        wait()
    except PlaywrightTimeout:
        shot = Path(os.environ.get("TMPDIR", "/tmp")) / f"kitchenlab-browser-{os.getpid()}-{time.time_ns()}.png"
        page.screenshot(path=str(shot), full_page=True)
        prompts = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt").all_inner_texts()
        pytest.fail(f"timed out {what}; cell prompts: {prompts}; errors: {_error_outputs(page)}; screenshot: {shot}")


def _wait_kernel_connected(lab: Server, notebook: str) -> None:
    """Wait until the notebook's kernel is idle with the page connected to it (asked of the server:
    the page may show "idle" before its kernel connection is open, and cells run then are lost)."""
    deadline = time.monotonic() + PAGE_MS / 1000
    seen = None
    while time.monotonic() < deadline:
        req = urllib.request.Request(f"{lab.base}/api/sessions", headers={"Authorization": f"token {TOKEN}"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            sessions = json.load(resp)
        seen = [s for s in sessions if s.get("path") == notebook]
        kernel = seen[0].get("kernel") or {} if seen else {}
        if kernel.get("execution_state") == "idle" and kernel.get("connections", 0) >= 1:
            return
        time.sleep(0.5)
    pytest.fail(f"the kernel of {notebook} did not become ready: {seen}\n{lab.log_tail()}")


def _open_and_run_all(page, lab: Server, notebook: str) -> None:
    """Open a notebook in JupyterLab, run every cell from the Run menu and wait for the kernel."""
    page.goto(f"{lab.base}/lab/tree/{notebook}?reset&token={TOKEN}")
    panel = ".jp-NotebookPanel:not(.lm-mod-hidden)"
    page.wait_for_selector(f"{panel} .jp-Cell", timeout=PAGE_MS)
    page.wait_for_selector(f'{panel} .jp-Notebook-ExecutionIndicator[data-status="idle"]', timeout=PAGE_MS)
    _wait_kernel_connected(lab, notebook)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    # Done when every code cell shows an execution count and the kernel is idle again.
    _wait_or_explain(page, f"running all cells of {notebook}", lambda: page.wait_for_function(
        """(panel) => {
            const p = document.querySelector(panel);
            if (!p) return false;
            const ind = p.querySelector('.jp-Notebook-ExecutionIndicator');
            if (!ind || ind.getAttribute('data-status') !== 'idle') return false;
            const prompts = [...p.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(e => /^\\[\\d+\\]:$/.test(e.textContent.trim()));
        }""",
        arg=panel,
        timeout=RUN_ALL_MS,
        polling=500,
    ))


def _wait_rendered(page) -> None:
    """Wait for a widget (the stepper's Next button) and a Plotly figure to be drawn: widgets and
    figures are drawn by the page after the outputs arrive."""
    _wait_or_explain(page, "for a widget", lambda: page.locator(".jupyter-widgets .kl-step").first.wait_for(timeout=PAGE_MS))
    _wait_or_explain(page, "for a Plotly figure", lambda: page.locator(PLOT).first.wait_for(timeout=PAGE_MS))


def _step_changes_event(page) -> tuple[str, str]:
    """Click the first Next button (``.kl-step``); return the event text before and after."""
    event = page.locator(".kl-event").first
    event.wait_for(timeout=PAGE_MS)
    before = event.inner_text()
    page.locator(".kl-step").first.click()
    page.wait_for_function(
        "(before) => { const e = document.querySelector('.kl-event'); return e && e.innerText !== before; }",
        arg=before,
        timeout=CLICK_MS,
    )
    return before, event.inner_text()


# ---------------------------------------------------------------------------- tests


def test_lab_harness_sees_widgets_plots_and_errors(browser, lab):
    """The checks below can fail: on a notebook with a failing cell, the error is found."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open_and_run_all(page, lab, "standin.ipynb")
        before, after = _step_changes_event(page)
        assert (before, after) == ("nothing yet", "event number 1")
        assert page.locator(PLOT).count() >= 1
        errors = _error_outputs(page)
        assert len(errors) == 1 and "KeyError" in errors[0], errors
    finally:
        page.close()


def test_lab_round_notebook_steps_through_a_round(browser, lab):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open_and_run_all(page, lab, ROUND)
        assert _error_outputs(page) == []
        _wait_rendered(page)
        before, after = _step_changes_event(page)
        assert after.strip() and after != before
        assert _error_outputs(page) == []
    finally:
        page.close()


def _open_voila(page, server: Server) -> None:
    """Load a Voila page and wait until every cell has run (Voila shows a spinner until then)."""
    # Voila streams the page while it runs the cells: wait for the first bytes, not the load event.
    page.goto(f"{server.base}/?token={TOKEN}", timeout=PAGE_MS, wait_until="commit")
    _wait_or_explain(page, "for Voila to render the notebook", lambda: page.locator("#rendered_cells").wait_for(
        state="visible", timeout=VOILA_RENDER_MS
    ))
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text, server.log_tail()
    assert _error_outputs(page) == []


def test_voila_round_notebook_steps_through_a_round(browser, voila):
    server = voila(ROUND)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open_voila(page, server)
        _wait_rendered(page)
        before, after = _step_changes_event(page)
        assert after.strip() and after != before
        assert _error_outputs(page) == []
    finally:
        page.close()


def test_voila_start_page_renders(browser, voila):
    server = voila(START)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open_voila(page, server)
        body = page.locator("#rendered_cells").inner_text()
        # The first code cell prints one line per game with its status.
        assert re.search(r"Tem-Purr-A\s+kitchenlab name 'tem_purr_a'\s+playable", body), body[:2000]
        assert re.search(r"Chefs\s+kitchenlab name 'chefs'\s+planned", body), body[:2000]
    finally:
        page.close()
