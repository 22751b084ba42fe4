"""How long the notebook suite takes: ``pytest --nbval-lax notebooks`` timed as a whole, and the
time spent in the cells of each notebook (from pytest's JUnit report).

    python benchmarks/notebooks.py
    python benchmarks/notebooks.py notebooks/tem_purr_a     # one folder only
    python benchmarks/notebooks.py --save                   # also write benchmarks/notebook_times.csv

``--save`` records the seconds per notebook that the start notebook shows as each one's Run All time.
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


def save_times(per_file: dict[str, list[float]]) -> Path:
    """Write seconds per notebook (relative to notebooks/) to benchmarks/notebook_times.csv."""
    import csv

    out = ROOT / "benchmarks" / "notebook_times.csv"
    old = {}
    if out.is_file():
        with open(out, newline="") as f:
            old = {r["notebook"]: r["seconds"] for r in csv.DictReader(f)}
    for name, times in per_file.items():
        rel = name.split("notebooks/", 1)[-1]
        old[rel] = f"{sum(times):.1f}"
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["notebook", "seconds"])
        for rel in sorted(old):
            w.writerow([rel, old[rel]])
    return out


def main(argv: list[str] | None = None) -> int:
    args = list(argv if argv is not None else sys.argv[1:])
    save = "--save" in args
    targets = [a for a in args if a != "--save"] or ["notebooks"]
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
    if save and per_file:
        print(f"seconds per notebook written to {save_times(per_file).relative_to(ROOT)}")
    if proc.returncode != 0:
        print(proc.stdout[-3000:])
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
