"""Every docstring example of the package runs and prints what it says."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tiny_kitchen

MODULES = sorted(["tiny_kitchen"] + [m.name for m in pkgutil.walk_packages(tiny_kitchen.__path__, "tiny_kitchen.")])


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
