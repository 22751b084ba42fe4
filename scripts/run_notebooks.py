"""Execute notebooks in place and store their outputs, minus what changes from run to run.

    python scripts/run_notebooks.py                 # every notebook under notebooks/
    python scripts/run_notebooks.py notebooks/tem_purr_a/02_round.ipynb

Widget views (random model ids), stderr streams (progress bars) and execution timings are
dropped, so executing twice gives byte-identical files and nbval compares only what teaches.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

VOLATILE = ("application/vnd.jupyter.widget-view+json",)
ROOT = Path(__file__).resolve().parent.parent


def clean(nb):
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        cell.outputs = [
            out for out in cell.outputs
            if not (out.output_type == "stream" and out.name == "stderr")
            and not any(k in out.get("data", {}) for k in VOLATILE)
        ]
    return nb


def run(path: Path) -> float:
    start = time.perf_counter()
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    nbformat.write(clean(nb), path)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in argv] or sorted(
        p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    for p in paths:
        print(f"{p}: {run(p):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
