"""The notebooks in a real browser: JupyterLab and Voila served on 127.0.0.1, driven by Playwright
in Debian's Chromium (``/usr/bin/chromium``; Playwright's own browser downloads are never used).

What is checked: every notebook opens in JupyterLab with all its saved outputs shown, figures
drawn and nothing on stderr; the round notebooks (Tem-Purr-A, Critter Kitchen) run in full and
their event steppers move on; the Critter Kitchen challenge-meal builder updates the meal's quality;
Voila renders the start page, the Tem-Purr-A round and the Critter Kitchen setup. Stand-in
notebooks with a failing cell and a saved traceback show that the error checks do find errors.

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
CK_SETUP = "critter_kitchen/01_setup.ipynb"
CK_ROUND = "critter_kitchen/02_round.ipynb"
CK_SCORING = "critter_kitchen/03_scoring.ipynb"
# Every notebook of the repository (found when the tests are collected).
NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(
    p.relative_to(NOTEBOOK_DIR).as_posix()
    for p in NOTEBOOK_DIR.rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)

# Bounded waits (milliseconds for Playwright, seconds for the servers).
SERVER_START_S = 90
PAGE_MS = 90_000
SAVED_MS = 30_000
RUN_ALL_MS = 300_000
VOILA_RENDER_MS = 180_000
CLICK_MS = 30_000

# Output areas that hold an error: tracebacks render as stderr in JupyterLab and Voila.
STDERR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
PLOT = ".js-plotly-plot, .plot-container"
# The notebook on show in JupyterLab, and one drawn Plotly figure.
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
FIGURE = ".js-plotly-plot"


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
    # Attach every cell to the page, on screen or not (JupyterLab's default skips drawing cells out of
    # view, so an error far down a notebook might never reach the page).
    tracker = home / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env.pop("PLOTLY_RENDERER", None)
    return env


def _write_notebook(path: Path, cells: list) -> None:
    """Write a notebook of code cells, each given as its source or as (source, stored outputs)."""
    rows = []
    for i, cell in enumerate(cells):
        src, outputs = (cell, []) if isinstance(cell, str) else cell
        count = i + 1 if outputs else None
        rows.append({"cell_type": "code", "id": f"cell{i}", "metadata": {}, "execution_count": count,
                     "outputs": outputs, "source": src})
    nb = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": rows,
    }
    path.write_text(json.dumps(nb, indent=1))


def _standin_notebook(path: Path) -> None:
    """A small notebook with the same CSS classes as the round notebook, plus a failing cell."""
    _write_notebook(path, [
        "import ipywidgets as w\nimport plotly.graph_objects as go\nfrom IPython.display import display",
        "count = [0]\n"
        "step = w.Button(description='Next')\nstep.add_class('kl-step')\n"
        "event = w.HTML('nothing yet')\nevent.add_class('kl-event')\n"
        "def advance(_):\n    count[0] += 1\n    event.value = f'event number {count[0]}'\n"
        "step.on_click(advance)\ndisplay(w.VBox([step, event]))",
        "go.Figure(go.Bar(x=[2, 3, 4], y=[1, 3, 2])).show()",
        "{}['no such key']",
    ])


def _stored_standin_notebook(path: Path) -> None:
    """A notebook saved with outputs: printed text, a Plotly figure, then (far below the first
    screen, after many tall cells) a stored traceback, as a notebook saved after a failure holds."""
    figure = {"data": [{"type": "bar", "x": [2, 3, 4], "y": [1, 3, 2]}], "layout": {}}
    cells = [
        ("print('all fine so far')", [{"output_type": "stream", "name": "stdout", "text": ["all fine so far\n"]}]),
        ("figure", [{"output_type": "display_data", "metadata": {},
                     "data": {"application/vnd.plotly.v1+json": figure, "text/plain": ["Figure"]}}]),
    ]
    cells += [("# a tall cell\n" + "\n".join(f"x{k} = {k}" for k in range(12)), []) for _ in range(25)]
    cells.append(("{}['no such key']", [{
        "output_type": "error", "ename": "KeyError", "evalue": "'no such key'",
        "traceback": ["Traceback (most recent call last):", "  Cell In[1], line 1", "KeyError: 'no such key'"],
    }]))
    _write_notebook(path, cells)


def _stored_output_counts(path: Path) -> tuple[int, int]:
    """(outputs JupyterLab shows for a saved notebook, how many of them are Plotly figures).
    JupyterLab joins consecutive stream outputs of the same stream into one."""
    shown = plots = 0
    for cell in json.loads(path.read_text())["cells"]:
        last_stream = None
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream":
                if out["name"] != last_stream:
                    shown += 1
                last_stream = out["name"]
                continue
            last_stream = None
            shown += 1
            plots += "application/vnd.plotly.v1+json" in out.get("data", {})
    return shown, plots


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
    _stored_standin_notebook(root / "standin_stored.ipynb")
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
        # window.jupyterapp: lets the saved-notebook checks open one notebook after another in a
        # single JupyterLab page instead of loading JupyterLab again for each.
        "--LabApp.expose_app_in_browser=True",
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


@pytest.fixture(scope="module")
def lab_context(browser, lab):
    """One browser profile shared by the JupyterLab pages of the module."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def lab_page(lab_context, lab):
    """A fresh page for JupyterLab; afterwards the page is closed and the kernels it started are
    shut down, so they do not pile up over the tests."""
    page = lab_context.new_page()
    try:
        yield page
    finally:
        page.close()
        _end_sessions(lab)


@pytest.fixture(scope="module")
def lab_viewer(lab_context, lab):
    """One JupyterLab page with no notebook open, kept for the module: notebooks are opened in it
    one after another (see ``saved_view``)."""
    page = lab_context.new_page()
    try:
        page.goto(f"{lab.base}/lab?reset&token={TOKEN}")
        _wait_or_explain(page, "for JupyterLab to start", lambda: page.wait_for_function(
            "() => window.jupyterapp !== undefined", timeout=PAGE_MS))
        page.evaluate("async () => { await window.jupyterapp.restored; }")
        yield page
    finally:
        page.close()
        _end_sessions(lab)


@pytest.fixture
def saved_view(lab_viewer):
    """The shared JupyterLab page; the notebook a test opens in it is closed afterwards, its kernel
    shut down (unsaved changes are dropped: the served copy stays as it was)."""
    yield lab_viewer
    lab_viewer.evaluate(CLOSE_NOTEBOOK_JS, OPEN_MS)


# ---------------------------------------------------------------------------- page helpers

OPEN_MS = 60_000
# Open a notebook in the running JupyterLab and wait until its kernel is ready; the path opened.
OPEN_NOTEBOOK_JS = """async ([path, ms]) => {
    const late = new Promise((_, fail) =>
        setTimeout(() => fail(new Error(`opening ${path} took over ${ms} ms`)), ms));
    const open = (async () => {
        const panel = await window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'});
        window.kitchenlabPanel = panel;
        await panel.context.ready;
        await panel.sessionContext.ready;
        return panel.context.path;
    })();
    return await Promise.race([open, late]);
}"""
# Shut down the kernel of the notebook opened above and close it without saving.
CLOSE_NOTEBOOK_JS = """async (ms) => {
    const panel = window.kitchenlabPanel;
    window.kitchenlabPanel = null;
    if (!panel) return;
    const late = new Promise((_, fail) => setTimeout(() => fail(new Error(`closing took over ${ms} ms`)), ms));
    try {
        await Promise.race([panel.sessionContext.shutdown(), late]);
    } finally {
        panel.dispose();
    }
}"""


def _open_saved(page, notebook: str) -> None:
    """Open a notebook, as saved, in the shared JupyterLab page (no other notebook is open)."""
    assert page.locator(".jp-NotebookPanel").count() == 0, "a notebook from an earlier test is still open"
    assert page.evaluate(OPEN_NOTEBOOK_JS, [notebook, OPEN_MS]) == notebook
    page.wait_for_selector(f"{PANEL} .jp-Cell", timeout=PAGE_MS)


def _api(lab: Server, path: str, method: str = "GET"):
    """Call the JupyterLab server's REST API with the test token; the decoded JSON answer, if any."""
    req = urllib.request.Request(f"{lab.base}{path}", method=method, headers={"Authorization": f"token {TOKEN}"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        body = resp.read()
    return json.loads(body) if body else None


def _end_sessions(lab: Server) -> None:
    """Shut down every notebook session (and its kernel) the server holds."""
    for session in _api(lab, "/api/sessions"):
        try:
            _api(lab, f"/api/sessions/{session['id']}", method="DELETE")
        except urllib.error.HTTPError:
            pass  # already gone


def _error_outputs(page) -> list[str]:
    texts = page.locator(STDERR).all_inner_texts()
    return [t for t in texts if "Error" in t or "Traceback" in t]


def _shown_problems(page, scope: str = PANEL) -> list[str]:
    """Everything alarming the outputs under ``scope`` show: every stderr output (tracebacks
    included) and any output mentioning a traceback. Read with text_content, which does not
    depend on the output being drawn on screen."""
    found = [f"stderr: {t.strip()[:500]}" for t in page.locator(f"{scope} {STDERR}").all_text_contents()]
    for text in page.locator(f"{scope} .jp-OutputArea-output").all_text_contents():
        if "Traceback" in text and not any(text.strip()[:500] in f for f in found):
            found.append(f"output: {text.strip()[:500]}")
    return found


def _wait_or_explain(page, what: str, wait, seen=None) -> None:
    """Run a Playwright wait; on a time-out, fail with the cell prompts, what ``seen()`` reports
    (when given) and a screenshot's path."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        wait()
    except PlaywrightTimeout:
        shot = Path(os.environ.get("TMPDIR", "/tmp")) / f"kitchenlab-browser-{os.getpid()}-{time.time_ns()}.png"
        page.screenshot(path=str(shot), full_page=True)
        prompts = page.locator(f"{PANEL} .jp-CodeCell .jp-InputPrompt").all_inner_texts()
        extra = f"seen: {seen()}; " if seen else ""
        pytest.fail(f"timed out {what}; {extra}cell prompts: {prompts}; errors: {_error_outputs(page)}; "
                    f"screenshot: {shot}")


def _wait_kernel_connected(lab: Server, notebook: str) -> None:
    """Wait until the notebook's kernel is idle with the page connected to it (asked of the server:
    the page may show "idle" before its kernel connection is open, and cells run then are lost)."""
    deadline = time.monotonic() + PAGE_MS / 1000
    seen = None
    while time.monotonic() < deadline:
        sessions = _api(lab, "/api/sessions")
        seen = [s for s in sessions if s.get("path") == notebook]
        kernel = seen[0].get("kernel") or {} if seen else {}
        if kernel.get("execution_state") == "idle" and kernel.get("connections", 0) >= 1:
            return
        time.sleep(0.5)
    pytest.fail(f"the kernel of {notebook} did not become ready: {seen}\n{lab.log_tail()}")


def _open_notebook(page, lab: Server, notebook: str) -> None:
    """Open a notebook in JupyterLab (alone: ``?reset`` forgets earlier layouts) and wait until its
    cells are on the page and its kernel is ready."""
    page.goto(f"{lab.base}/lab/tree/{notebook}?reset&token={TOKEN}")
    page.wait_for_selector(f"{PANEL} .jp-Cell", timeout=PAGE_MS)
    page.wait_for_selector(f'{PANEL} .jp-Notebook-ExecutionIndicator[data-status="idle"]', timeout=PAGE_MS)
    _wait_kernel_connected(lab, notebook)


def _open_and_run_all(page, lab: Server, notebook: str) -> None:
    """Open a notebook in JupyterLab, run every cell from the Run menu and wait for the kernel."""
    _open_notebook(page, lab, notebook)
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
        arg=PANEL,
        timeout=RUN_ALL_MS,
        polling=500,
    ))


def _wait_stored_outputs(page, notebook: str, shown: int, plots: int) -> None:
    """Wait until the open notebook shows its ``shown`` saved outputs, ``plots`` of them drawn as
    Plotly figures (the figures are drawn by the page, after the notebook opens)."""
    count = """([panel, shown, plots]) => {
        const p = document.querySelector(panel);
        const figures = '.jp-OutputArea-output.js-plotly-plot, .jp-OutputArea-output .js-plotly-plot';
        const seen = p ? [p.querySelectorAll('.jp-OutputArea-child').length,
                          p.querySelectorAll(figures).length] : [0, 0];
        return shown === undefined ? seen : seen[0] === shown && seen[1] === plots;
    }"""
    seen = lambda: page.evaluate(count, [PANEL])  # noqa: E731  (what the page shows, for the message)
    _wait_or_explain(page, f"for the {shown} saved outputs ({plots} figures) of {notebook} (seen: outputs, figures)",
                     lambda: page.wait_for_function(count, arg=[PANEL, shown, plots], timeout=SAVED_MS, polling=250),
                     seen)


def _wait_rendered(page) -> None:
    """Wait for a widget (the stepper's Next button) and a Plotly figure to be drawn: widgets and
    figures are drawn by the page after the outputs arrive."""
    _wait_or_explain(page, "for a widget", lambda: page.locator(".jupyter-widgets .kl-step").first.wait_for(timeout=PAGE_MS))
    _wait_or_explain(page, "for a Plotly figure", lambda: page.locator(PLOT).first.wait_for(timeout=PAGE_MS))


def _step_changes_event(page, scope: str = "") -> tuple[str, str]:
    """Click the first Next button (``.kl-step``) under ``scope``; return the event text before and after."""
    event_sel = f"{scope} .kl-event".strip()
    event = page.locator(event_sel).first
    event.wait_for(timeout=PAGE_MS)
    before = event.inner_text()
    page.locator(f"{scope} .kl-step".strip()).first.click()
    page.wait_for_function(
        "([sel, before]) => { const e = document.querySelector(sel); return e && e.innerText !== before; }",
        arg=[event_sel, before],
        timeout=CLICK_MS,
    )
    return before, event.inner_text()


def _text_changes(page, selector: str, before: str, what: str) -> str:
    """Wait until the first element matching ``selector`` shows a text other than ``before``."""
    _wait_or_explain(page, what, lambda: page.wait_for_function(
        "([sel, before]) => { const e = document.querySelector(sel); return e && e.textContent !== before; }",
        arg=[selector, before],
        timeout=CLICK_MS,
    ))
    return page.locator(selector).first.text_content()


# Quality of a challenge meal by the rules (rules digest, "Quality"): an ingredient counts its printed
# value, doubled when a spice (matching or allspice) is paired with it; a soup counts 1, a bisque 3.
SOUP_VALUES = {"soup": 1, "bisque": 3}


def _item_quality(item: str) -> int:
    if item in SOUP_VALUES:
        return SOUP_VALUES[item]
    base, plus, _spice = item.partition("+")
    value = int(re.fullmatch(r"[a-z]+(\d+)", base).group(1))
    return 2 * value if plus else value


# ---------------------------------------------------------------------------- tests


def test_lab_harness_sees_widgets_plots_and_errors(lab_page, lab):
    """The checks below can fail: on a notebook with a failing cell, the error is found."""
    page = lab_page
    _open_and_run_all(page, lab, "standin.ipynb")
    before, after = _step_changes_event(page)
    assert (before, after) == ("nothing yet", "event number 1")
    assert page.locator(PLOT).count() >= 1
    errors = _error_outputs(page)
    assert len(errors) == 1 and "KeyError" in errors[0], errors
    problems = _shown_problems(page)
    assert len(problems) == 1 and "KeyError" in problems[0], problems


def test_lab_harness_sees_saved_errors_far_down(saved_view, served):
    """The saved-output check can fail: a notebook saved with a traceback below the first screen."""
    page = saved_view
    shown, plots = _stored_output_counts(served / "standin_stored.ipynb")
    assert (shown, plots) == (3, 1)
    _open_saved(page, "standin_stored.ipynb")
    _wait_stored_outputs(page, "standin_stored.ipynb", shown, plots)
    problems = _shown_problems(page)
    assert len(problems) == 1 and "KeyError: 'no such key'" in problems[0], problems


def test_every_notebook_is_checked():
    """The notebooks below are found (an empty list would check nothing)."""
    assert {START, ROUND, CK_SETUP, CK_ROUND, CK_SCORING} <= set(NOTEBOOKS), NOTEBOOKS
    assert len(NOTEBOOKS) >= 10, NOTEBOOKS


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_lab_notebook_opens_without_errors(saved_view, served, notebook):
    """Every notebook, opened as saved: all its outputs show, figures drawn, nothing on stderr."""
    page = saved_view
    shown, plots = _stored_output_counts(served / notebook)
    _open_saved(page, notebook)
    _wait_stored_outputs(page, notebook, shown, plots)
    assert _shown_problems(page) == []


def test_lab_round_notebook_steps_through_a_round(lab_page, lab):
    page = lab_page
    _open_and_run_all(page, lab, ROUND)
    assert _shown_problems(page) == []
    _wait_rendered(page)
    before, after = _step_changes_event(page)
    assert after.strip() and after != before
    assert _shown_problems(page) == []


def test_lab_critter_round_stepper_steps(lab_page, lab):
    """Critter Kitchen's round: Next shows the second event (as the notebook's own event list
    prints it) and redraws the position."""
    page = lab_page
    _open_and_run_all(page, lab, CK_ROUND)
    assert _shown_problems(page) == []
    stepper = f"{PANEL} .kl-stepper"
    picture_title = f"{stepper} .kl-picture {FIGURE} .gtitle"
    _wait_or_explain(page, "for the round stepper",
                     lambda: page.locator(f"{stepper} .kl-step").wait_for(timeout=PAGE_MS))
    _wait_or_explain(page, "for the stepper's figure", lambda: page.locator(picture_title).wait_for(timeout=PAGE_MS))
    assert page.locator(stepper).count() == 1
    title_before = page.locator(picture_title).text_content()

    before, after = _step_changes_event(page, stepper)
    # The notebook prints every event of the same round as "<number> <kind> <text>".
    listing = page.locator(f"{PANEL} .jp-CodeCell", has_text="for frame in record.frames").locator(
        ".jp-OutputArea-output").text_content()
    events = dict(re.findall(r"^\s*(\d+) +\w+ +(.+?)\s*$", listing, flags=re.M))
    assert "1" in events and "2" in events, listing[:1000]
    assert before.split() == f"1. {events['1']}".split()
    assert after.split() == f"2. {events['2']}".split()
    title_after = _text_changes(page, picture_title, title_before, "for the stepper to redraw its figure")
    assert "event 2" in title_after and "event 1" in title_before, (title_before, title_after)
    assert _shown_problems(page) == []


def test_lab_critter_challenge_builder_adds_an_item(lab_page, lab):
    """Critter Kitchen's scoring: adding an item to the challenge meal updates its quality, to the
    value the rules give for the meal shown."""
    page = lab_page
    _open_and_run_all(page, lab, CK_SCORING)
    assert _shown_problems(page) == []
    builder = f"{PANEL} .kl-meal-builder"
    quality = f"{builder} .kl-quality"
    _wait_or_explain(page, "for the challenge-meal builder", lambda: page.locator(quality).wait_for(timeout=PAGE_MS))
    assert page.locator(builder).count() == 1

    def meal() -> list[str]:
        # The meal's items show as buttons "✕ <item>" (click to take one back).
        return [t.replace("✕", "").strip() for t in page.locator(f"{builder} .kl-remove-item").all_text_contents()]

    def shown_quality(text: str) -> int:
        m = re.search(r"Quality (\d+)", text)
        assert m, text
        return int(m.group(1))

    text_before = page.locator(quality).text_content()
    meal_before = meal()
    assert shown_quality(text_before) == sum(_item_quality(i) for i in meal_before), (text_before, meal_before)

    # Add the first item that is still available and comes with a spice (so the doubling shows).
    buttons = page.locator(f"{builder} .kl-add-item:not([disabled])")
    labels = [t.strip() for t in buttons.all_text_contents()]
    spiced = [label for label in labels if "+" in label]
    assert spiced, labels
    item = spiced[0]
    buttons.nth(labels.index(item)).click()

    text_after = _text_changes(page, quality, text_before, f"for the quality to change after adding {item}")
    _wait_or_explain(page, f"for {item} to join the meal", lambda: page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n",
        arg=[f"{builder} .kl-remove-item", len(meal_before) + 1],
        timeout=CLICK_MS,
    ))
    assert meal() == meal_before + [item]
    assert shown_quality(text_after) == shown_quality(text_before) + _item_quality(item), (
        text_before, text_after, item)
    assert _shown_problems(page) == []


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
        for title, name in (("Tem-Purr-A", "tem_purr_a"), ("Critter Kitchen", "critter_kitchen"),
                            ("Chefs", "chefs"), ("Diced Veggies", "diced_veggies")):
            assert re.search(rf"{title}\s+kitchenlab name '{name}'\s+playable", body), body[:2000]
    finally:
        page.close()


def test_voila_critter_setup_redraws_for_another_player_count(browser, voila):
    """Critter Kitchen's setup in Voila: the figures and the player-count dropdown show, and
    choosing another count redraws the setup picture."""
    server = voila(CK_SETUP)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open_voila(page, server)
        select = page.locator(".kl-players select")
        title = ".kl-picture .js-plotly-plot .gtitle"
        _wait_or_explain(page, "for the player-count dropdown", lambda: select.wait_for(timeout=PAGE_MS))
        _wait_or_explain(page, "for the setup picture", lambda: page.locator(title).wait_for(timeout=PAGE_MS))
        # The saved figures of the notebook are drawn too (one per figure cell, at least).
        assert page.locator(f"#rendered_cells {FIGURE}").count() >= 3
        before = page.locator(title).text_content()
        assert "3 players" in before, before
        select.select_option(label="2 players")
        after = _text_changes(page, title, before, "for the setup picture to redraw")
        assert "2 players" in after, after
        assert _error_outputs(page) == []
    finally:
        page.close()
