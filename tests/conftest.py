"""Fixtures shared by the test files."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Notebooks are validated where they live (notebooks/); never collect one from tests/.
collect_ignore_glob = ["*.ipynb"]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The top folder of the source tree (holds pyproject.toml)."""
    return ROOT


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def get_free_port():
    """A function returning a TCP port on 127.0.0.1 that nothing listens on right now."""
    return _free_port


# The browser harness's servers and pages, shared by every browser test module of a run.
from browser_harness import (  # noqa: E402,F401  (fixtures, registered by name)
    browser, jupyter_env, lab, lab_context, lab_page, lab_viewer, saved_view, served, voila,
)
