"""The examples in the package's docstrings run, against the installed package."""

import doctest
import importlib

import pytest

MODULES = [
    "fuzzy_edit",
    "fuzzy_edit.core",
    "fuzzy_edit.modifications",
    "fuzzy_edit.files",
    "fuzzy_edit.lines",
    "fuzzy_edit.replay",
    "fuzzy_edit.repair",
    "fuzzy_edit.repair.prompt",
    "fuzzy_edit.repair.verify",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0


def test_stubs_and_marker_ship_with_the_package():
    import os

    import fuzzy_edit

    here = os.path.dirname(fuzzy_edit.__file__)
    assert os.path.exists(os.path.join(here, "py.typed"))
    assert os.path.exists(os.path.join(here, "_native.pyi"))
    assert os.path.exists(os.path.join(here, "repair", "diff_edit.txt"))
