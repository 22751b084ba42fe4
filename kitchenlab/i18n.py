"""The kit's languages: one switch, and the gettext catalogue every text a person reads goes through.

>>> from kitchenlab import i18n
>>> i18n.language()
'en'
>>> with i18n.using("es"):
...     i18n._("nobody")
'nadie'
>>> with i18n.using("es"):
...     i18n.number(1.5), i18n.percent(0.25)
('1,5', '25 %')

Texts are English in the code and translated when they are made: ``_("...")`` and
``ngettext(singular, plural, n)`` look the current language up in the catalogue
``kitchenlab/locale/<code>/LC_MESSAGES/kitchenlab.mo`` (standard :mod:`gettext`). A text built at
import time is marked with :func:`N_` (kept English) and translated with ``_()`` where it is shown.

Placeholders are named (``_("{who} eats {n}").format(who=..., n=...)``) so a translation may put
them in another order. Code, names, data keys and saves stay English whatever the language: the
rules, the seeds' games and the save files do not depend on it.

The language is ``"en"`` unless the environment variable ``KITCHENLAB_LANG`` names another one;
``set_language(code)`` changes it for the whole process.
"""

from __future__ import annotations

import gettext
import os
from contextlib import contextmanager
from pathlib import Path

from .errors import OptionError

#: The languages the kit speaks: the code and the language's own name.
LANGUAGES = {"en": "English", "es": "español"}
SOURCE_LANGUAGE = "en"
DOMAIN = "kitchenlab"
LOCALE_DIR = Path(__file__).parent / "locale"
ENV_VARIABLE = "KITCHENLAB_LANG"

_loaded: dict[str, gettext.NullTranslations] = {}


def _translations(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English: no catalogue, every text as written)."""
    found = _loaded.get(code)
    if found is None:
        if code == SOURCE_LANGUAGE:
            found = gettext.NullTranslations()
        else:
            found = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])
        _loaded[code] = found
    return found


def check_language(code) -> str:
    """``code`` as the kit spells it (``"es"``, ``"en"``; case, region and encoding are ignored:
    ``"es_ES.UTF-8"`` is ``"es"``), or an :class:`~kitchenlab.errors.OptionError` listing the
    languages there are."""
    if isinstance(code, str):
        base = code.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    allowed = ", ".join(f"{c!r} ({name})" for c, name in LANGUAGES.items())
    raise OptionError(f"unknown language {code!r}; the kit speaks {allowed}")


_current: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def set_language(code: str) -> str:
    """Make ``code`` the language of every text made from now on, and return it.

    >>> set_language("klingon")
    Traceback (most recent call last):
    ...
    kitchenlab.errors.OptionError: unknown language 'klingon'; the kit speaks 'en' (English), 'es' (español)
    """
    global _current, _language
    code = check_language(code)
    _current = _translations(code)
    _language = code
    return code


def language() -> str:
    """The code of the language texts are made in now (``"en"`` or ``"es"``)."""
    return _language


@contextmanager
def using(code: str):
    """Make texts in ``code`` inside a ``with`` block, then go back to the language before."""
    before = _language
    set_language(code)
    try:
        yield code
    finally:
        set_language(before)


def _(message: str) -> str:
    """``message`` in the current language (as written, where the catalogue has no translation;
    the empty text stays empty, where gettext would give the catalogue's header)."""
    return _current.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural form of a text for ``n``, in the current language."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a text made at import time for the catalogue; ``_()`` translates it where it is shown."""
    return message


def joined(items) -> str:
    """Items joined with "and" in the current language: ``"Player 1 and Player 3"``."""
    # the word between two names, with its spaces
    return _(" and ").join(items)


def in_language(texts) -> str:
    """The text of the current language from ``texts`` (language code -> text), or the English one
    where that language has none: how a name read from a data table is shown.

    A data table that holds names carries a ``name_es`` column beside ``name``; the loader keeps both
    and the game shows ``in_language({"en": row.name, "es": row.name_es})``.

    >>> in_language({"en": "Carrot sticks", "es": "Palitos de zanahoria"})
    'Carrot sticks'
    >>> with using("es"):
    ...     in_language({"en": "Carrot sticks", "es": "Palitos de zanahoria"}), in_language({"en": "Rainbow"})
    ('Palitos de zanahoria', 'Rainbow')
    """
    return texts.get(_language) or texts[SOURCE_LANGUAGE]


# ---------------------------------------------------------------- numbers


def number(value, digits: int | None = None) -> str:
    """A number as the current language writes it: ``1.5`` in English, ``1,5`` in Spanish
    (``digits``: the decimals to show; by default as Python shows the number).

    >>> number(1.5), number(2 / 3, 2), number(12)
    ('1.5', '0.67', '12')
    """
    text = f"{value:.{digits}f}" if digits is not None else str(value)
    return text.replace(".", ",") if _language == "es" else text


def percent(fraction, digits: int = 0) -> str:
    """A fraction as a percentage: ``25%`` in English, ``25 %`` in Spanish (a space before the sign).

    >>> percent(0.25), percent(1 / 3, 1)
    ('25%', '33.3%')
    """
    text = number(float(fraction) * 100, digits)
    return f"{text} %" if _language == "es" else f"{text}%"


def _from_environment() -> None:
    code = os.environ.get(ENV_VARIABLE, "").strip()
    if code:
        try:
            set_language(code)
        except OptionError as e:
            raise OptionError(f"environment variable {ENV_VARIABLE}: {e}") from None


_from_environment()
