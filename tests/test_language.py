"""The kit in two languages: one switch, the gettext catalogue, and games and saves that do not
depend on the language (see ``kitchenlab.i18n``)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import kitchenlab
from kitchenlab import i18n

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "kitchenlab" / "locale" / "es" / "LC_MESSAGES" / "kitchenlab.po"
MO = PO.with_suffix(".mo")


@pytest.fixture
def spanish():
    """Spanish mode for one test; the language before comes back afterwards."""
    with i18n.using("es"):
        yield


# ---------------------------------------------------------------- the switch


def test_switch_sets_and_reports_the_language():
    assert kitchenlab.language() == "en"
    try:
        assert kitchenlab.set_language("es") == "es"
        assert kitchenlab.language() == "es"
        assert i18n._("nobody") == "nadie"
        assert kitchenlab.set_language("EN") == "en"
        assert i18n._("nobody") == "nobody"
    finally:
        kitchenlab.set_language("en")


def test_region_and_encoding_are_ignored():
    assert i18n.check_language("es_MX.UTF-8") == "es"
    assert i18n.check_language("en-GB") == "en"


@pytest.mark.parametrize("bad", ["fr", "", "spanish", None, 3])
def test_a_bad_code_names_the_languages_there_are(bad):
    with pytest.raises(kitchenlab.OptionError, match=r"unknown language .*'en' \(English\), 'es' \(español\)"):
        kitchenlab.set_language(bad)
    assert kitchenlab.language() == "en"


def _run_python(code: str, lang: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != i18n.ENV_VARIABLE}
    if lang is not None:
        env[i18n.ENV_VARIABLE] = lang
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)


def test_the_environment_variable_sets_the_starting_language():
    assert _run_python("import kitchenlab; print(kitchenlab.language())", "es").stdout.strip() == "es"
    assert _run_python("import kitchenlab; print(kitchenlab.language())", None).stdout.strip() == "en"
    bad = _run_python("import kitchenlab", "xx")
    assert bad.returncode != 0 and "KITCHENLAB_LANG: unknown language 'xx'" in bad.stderr


def test_numbers_and_percentages_in_each_language():
    assert (i18n.number(1.5), i18n.percent(0.25), i18n.percent(0.125, 1)) == ("1.5", "25%", "12.5%")
    with i18n.using("es"):
        assert (i18n.number(1.5), i18n.percent(0.25), i18n.percent(0.125, 1)) == ("1,5", "25 %", "12,5 %")
        assert i18n.number(2 / 3, 2) == "0,67"


# ---------------------------------------------------------------- the catalogue


def _catalogue():
    from babel.messages.pofile import read_po

    with PO.open("rb") as f:
        return read_po(f)


def test_every_catalogue_entry_is_translated():
    untranslated = []
    for message in _catalogue():
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(s.strip() for s in strings):
            untranslated.append(message.id)
    assert untranslated == []


def test_translations_keep_every_placeholder():
    import string

    def fields(text):
        return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f is not None)

    wrong = []
    for message in _catalogue():
        if not message.id or "python-brace-format" not in message.flags:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if any(fields(s) != fields(ids[-1]) for s in strings):
            wrong.append(message.id)
    assert wrong == []


def test_compiled_catalogue_is_current_with_the_po():
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, _catalogue())
    assert MO.read_bytes() == out.getvalue(), "kitchenlab.mo is older than kitchenlab.po: run `make locale`"


def test_catalogue_holds_every_marked_text():
    """The .po was extracted from the code as it is: no marked text is missing from it."""
    from babel.messages.extract import extract_from_dir

    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalogue() if m.id}
    marked = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map=[("kitchenlab/**.py", "python")],
            keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
        marked.add(message if isinstance(message, str) else message[0])
    assert sorted(marked - ids) == []


def test_compiled_catalogue_ships_in_the_wheel(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=300)
    (wheel,) = tmp_path.glob("kitchenlab-*.whl")
    assert "kitchenlab/locale/es/LC_MESSAGES/kitchenlab.mo" in zipfile.ZipFile(wheel).namelist()
