"""How long the notebook suite takes: ``pytest --nbval-lax notebooks`` timed as a whole, and the
time spent in the cells of each notebook (from pytest's JUnit report).

    python benchmarks/notebooks.py
    python benchmarks/notebooks.py notebooks/tem_purr_a     # one folder only
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    targets = (argv if argv is not None else sys.argv[1:]) or ["notebooks"]
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.xml"
        cmd = [sys.executable, "-m", "pytest", "--nbval-lax", "--nbval-current-env", "-q", "-p", "no:cacheprovider", "-o", "junit_family=xunit1",
               f"--junitxml={report}", *targets]
        start = time.perf_counter()
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        wall = time.perf_counter() - start
        per_file: dict[str, list[float]] = defaultdict(list)
        failed = 0
        if report.exists():
            for case in ET.parse(report).getroot().iter("testcase"):
                name = case.get("file") or case.get("classname", "?")
                per_file[name].append(float(case.get("time", 0)))
                failed += any(child.tag in ("failure", "error") for child in case)
    print(f"{'notebook':50} {'cells':>5} {'seconds in cells':>17}")
    for name in sorted(per_file):
        times = per_file[name]
        print(f"{name:50} {len(times):>5} {sum(times):>17.1f}")
    print(f"\nwhole run (pytest start-up, kernels and cells): {wall:.1f} s; "
          f"{sum(map(len, per_file.values()))} cells, {failed} failed")
    if proc.returncode != 0:
        print(proc.stdout[-3000:])
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
