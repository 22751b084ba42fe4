"""The browser harness shared by every browser test: JupyterLab and Voila served on 127.0.0.1,
driven by Playwright in Debian's Chromium (``/usr/bin/chromium``; Playwright's own browser downloads
are never used), and the page helpers the tests use.

The fixtures are registered once in ``tests/conftest.py`` with session scope, so one Chromium and one
JupyterLab serve every browser test of a run. When Chromium or Playwright is missing the tests are
skipped, unless ``KITCHENLAB_REQUIRE_BROWSER=1`` (as in CI), in which case that is a failure. The
servers run on a copy of ``notebooks/`` in a temporary folder, with their own Jupyter config, data
and settings folders, so the repository and the user's own Jupyter set-up are never touched.
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
# how long a Voila page's first widget or figure may take to be drawn once its cells have run,
# before the page is loaded once more (see ``_open_voila``)
VOILA_DRAW_MS = 45_000
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
        #: the page a Voila test opens (the served notebook, logged in with the token)
        self.address = f"{self.base}/?token={TOKEN}"
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


@pytest.fixture(scope="session")
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


@pytest.fixture(scope="session")
def served(tmp_path_factory, repo_root) -> Path:
    """A private copy of notebooks/ (running cells may write files), plus the stand-in notebook."""
    root = tmp_path_factory.mktemp("served") / "notebooks"
    shutil.copytree(repo_root / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    _standin_notebook(root / "standin.ipynb")
    _stored_standin_notebook(root / "standin_stored.ipynb")
    return root


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory) -> dict:
    return _jupyter_env(tmp_path_factory.mktemp("jupyter-home"))


@pytest.fixture(scope="session")
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


@pytest.fixture(scope="session")
def lab_context(browser, lab):
    """One browser profile shared by the JupyterLab pages of the run."""
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


@pytest.fixture(scope="session")
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


# Every code cell of the notebook on show has run and the kernel is idle, read from the notebook
# model (a cell whose source is collapsed shows no prompt on the page); or a cell failed, so that
# the test reports the error at once instead of waiting.
ALL_RAN_JS = """(panel) => {
    const p = document.querySelector(panel);
    const ind = p && p.querySelector('.jp-Notebook-ExecutionIndicator');
    if (!ind || ind.getAttribute('data-status') !== 'idle') return false;
    if (p.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')) return true;
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    if (!w || !w.content || !w.content.model) return false;
    const cells = w.content.model.cells;
    let code = 0;
    for (let i = 0; i < cells.length; i++) {
        const c = cells.get(i);
        if (c.type !== 'code') continue;
        code += 1;
        if (!c.executionCount) return false;
    }
    return code > 0;
}"""


def _open_and_run_all(page, lab: Server, notebook: str) -> None:
    """Open a notebook in JupyterLab, run every cell from the Run menu and wait for the kernel."""
    _open_notebook(page, lab, notebook)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    _wait_or_explain(page, f"running all cells of {notebook}", lambda: page.wait_for_function(
        ALL_RAN_JS, arg=PANEL, timeout=RUN_ALL_MS, polling=500))


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


def _open_voila(page, server: Server, drawn: str | None = None) -> None:
    """Load a Voila page and wait until every cell has run (Voila shows a spinner until then).

    With ``drawn`` (a selector: the page's first widget or figure, which the browser draws once the
    cells have run), wait for it too. In runs of the whole suite a page has been seen to run every
    cell and then draw no widget in 90 s, with no error in the page or in Voila's log, while the
    same page loaded again draws them at once. So when ``drawn`` has not shown after
    ``VOILA_DRAW_MS`` the page is loaded once more (a new kernel runs the cells), with a line on
    stderr, before the wait that fails the test."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    _load_voila(page, server)
    if drawn is None:
        return
    try:
        page.locator(drawn).first.wait_for(timeout=VOILA_DRAW_MS)
        return
    except PlaywrightTimeout:
        print(f"Voila: {drawn!r} not drawn {VOILA_DRAW_MS // 1000} s after the cells ran; loading the page again",
              file=sys.stderr)
    _load_voila(page, server)
    _wait_or_explain(page, f"for {drawn!r} (the page loaded a second time)",
                     lambda: page.locator(drawn).first.wait_for(timeout=PAGE_MS))


def _load_voila(page, server: Server) -> None:
    """:func:`_open_voila`'s first part: the page loaded, every cell run, no error shown."""
    # Voila streams the page while it runs the cells: wait for the first bytes, not the load event.
    page.goto(server.address, timeout=PAGE_MS, wait_until="commit")
    _wait_or_explain(page, "for Voila to render the notebook", lambda: page.locator("#rendered_cells").wait_for(
        state="visible", timeout=VOILA_RENDER_MS
    ))
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text, server.log_tail()
    assert _error_outputs(page) == []
