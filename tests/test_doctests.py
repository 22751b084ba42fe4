"""Every docstring example in the package runs and prints what it says (``doctest`` on each module)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import kitchenlab

MODULES = sorted(m.name for m in pkgutil.walk_packages(kitchenlab.__path__, "kitchenlab."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    if name == "kitchenlab.openspiel":
        pytest.importorskip("pyspiel")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"
