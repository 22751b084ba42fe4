"""Take docs/screenshot.png: JupyterLab showing the Tem-Purr-A round notebook, stepped a few events.

Needs Debian's Chromium (/usr/bin/chromium) and the test environment (make test sets it up):

    .venv/bin/python docs/screenshot.py

JupyterLab runs on 127.0.0.1 on a copy of notebooks/ in a temporary folder, with private Jupyter
settings, and is stopped afterwards.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "tem_purr_a/02_round.ipynb"
TOKEN = "kitchenlab-screenshot"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _api(base: str, path: str):
    req = urllib.request.Request(f"{base}{path}", headers={"Authorization": f"token {TOKEN}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def main() -> int:
    from playwright.sync_api import sync_playwright

    out = ROOT / "docs" / "screenshot.png"
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        shutil.copytree(ROOT / "notebooks", tmp / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        env = dict(os.environ)
        for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR",
                    "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
            env[var] = str(tmp / var.lower())
        notes = tmp / "jupyterlab_settings_dir" / "@jupyterlab" / "apputils-extension"
        notes.mkdir(parents=True)
        (notes / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
        port = _port()
        base = f"http://127.0.0.1:{port}"
        cmd = [sys.executable, "-m", "jupyter", "lab", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
               f"--IdentityProvider.token={TOKEN}", "--ServerApp.open_browser=False",
               f"--ServerApp.root_dir={tmp / 'notebooks'}"]
        if os.geteuid() == 0:
            cmd.append("--ServerApp.allow_root=True")
        lab = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    _api(base, "/api/status")
                    break
                except OSError:
                    time.sleep(0.3)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 860}, device_scale_factor=1)
                page.goto(f"{base}/lab/tree/{NOTEBOOK}?reset&token={TOKEN}")
                page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=90_000)
                for _ in range(300):  # until the page is connected to an idle kernel
                    sessions = [s for s in _api(base, "/api/sessions") if s["path"] == NOTEBOOK]
                    k = sessions[0]["kernel"] if sessions else {}
                    if k.get("execution_state") == "idle" and k.get("connections", 0) >= 1:
                        break
                    time.sleep(0.5)
                page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
                page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
                page.wait_for_function(
                    "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
                    ".every(e => /^\\[\\d+\\]:$/.test(e.textContent.trim()))", timeout=300_000, polling=500)
                page.keyboard.press("Control+b")  # hide the file browser: more room for the notebook
                for _ in range(5):
                    page.locator(".kl-step").first.click()
                    time.sleep(0.4)
                stepper = page.locator(".kl-stepper").first
                stepper.scroll_into_view_if_needed()
                # Show the cell that builds the stepper just above it.
                page.evaluate("(el) => el.closest('.jp-Cell').scrollIntoView({block: 'start'})",
                              stepper.element_handle())
                page.mouse.move(5, 840)  # no hover toolbar over the figure
                time.sleep(1.5)
                page.screenshot(path=str(out))
                browser.close()
        finally:
            try:
                req = urllib.request.Request(f"{base}/api/shutdown", method="POST",
                                             headers={"Authorization": f"token {TOKEN}"})
                urllib.request.urlopen(req, timeout=10).close()
                lab.wait(timeout=20)
            except Exception:
                lab.terminate()
                lab.wait(timeout=20)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
