"""The click benchmark (``benchmarks/clicks.py``) runs: three timed clicks at one play table.

No time is asserted; the test checks that every click was answered by a change of the screen.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent


def test_click_benchmark_runs_three_clicks(browser):
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "clicks.py"), "--game", "diced_veggies",
                          "--clicks", "3", "--each"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert sum(" ms (first change " in line for line in lines) == 3, out.stdout
    assert any(line.startswith("diced_veggies") and "clicks   3" in line for line in lines), out.stdout
