"""One-click launch links on mybinder.org: the start notebook, every play notebook and every
classroom page (the classroom pages open in Voila, code hidden).

Binder builds a public GitHub repository, so a link needs that repository's ``owner/name``. The kit
names it in one place, :data:`BINDER_REPO`. A copy of the kit that does not know where it is
published leaves it empty: then no link is made (a link to nowhere would only fail in class) and
:func:`badges_markdown` gives the instruction to make them for one's own copy instead.

>>> binder_url("notebooks/00_start_here.ipynb", repo="ada/kitchenlab")
'https://mybinder.org/v2/gh/ada/kitchenlab/main?urlpath=lab/tree/notebooks/00_start_here.ipynb'
>>> binder_url("notebooks/classroom/tem_purr_a.ipynb", voila=True, repo="ada/kitchenlab")
'https://mybinder.org/v2/gh/ada/kitchenlab/main?urlpath=voila/render/notebooks/classroom/tem_purr_a.ipynb'
>>> check_repo("ada")
Traceback (most recent call last):
...
kitchenlab.errors.OptionError: a GitHub repository is written owner/name (e.g. you/your-fork), got 'ada'

The README, ``docs/teaching.md`` and the start notebook carry :func:`badges_markdown` (a test keeps
them in step); ``kitchenlab binder-links owner/name`` prints it for any repository.
"""

from __future__ import annotations

import re
from pathlib import Path

from .errors import OptionError
from .i18n import N_, SOURCE_LANGUAGE, _
from .i18n import language as current_language

#: The GitHub repository Binder builds, as ``owner/name``, or None where it is not known (the
#: default: this copy of the kit does not know where it is published). Setting it here makes the
#: links everywhere: run ``kitchenlab binder-links`` and paste its lines into the README's
#: Classroom section, docs/teaching.md and notebooks/00_start_here.ipynb.
BINDER_REPO: str | None = None
#: The branch Binder builds.
BINDER_BRANCH = "main"
BADGE = "https://mybinder.org/badge_logo.svg"
#: What the documents say where no repository is known.
MAKE_YOUR_OWN = N_("No Binder links here yet: a link names the GitHub repository it opens, and this copy of the "
                 "kit names none. For your own copy on GitHub (say the fork you/your-fork), run "
                 "`kitchenlab binder-links you/your-fork` and paste the badges it prints.")
#: The Spanish notebooks (``notebooks/es/``) that stand for the English ones in the Spanish links.
SPANISH_NAMES = {"00_start_here.ipynb": "00_empieza_aqui.ipynb", "05_play.ipynb": "05_jugar.ipynb"}

ROOT = Path(__file__).resolve().parent.parent
_OWNER = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})"
_NAME = r"[A-Za-z0-9._-]{1,100}"
_BRANCH = r"[A-Za-z0-9._/-]{1,100}"


def check_repo(repo: str) -> str:
    """``repo`` if it is a GitHub ``owner/name``, else an OptionError saying the form."""
    if not isinstance(repo, str) or not re.fullmatch(f"{_OWNER}/{_NAME}", repo) or repo.endswith((".", "/")):
        raise OptionError(_("a GitHub repository is written owner/name (e.g. you/your-fork), got {text}").format(
            text=repr(str(repo)[:80])))
    if repo.upper() == "OWNER/" + "REPO":
        raise OptionError(_("{placeholder} is a placeholder: give the owner and name of your repository on GitHub "
                            "(e.g. you/your-fork)").format(placeholder="OWNER/" + "REPO"))
    return repo


def binder_url(notebook: str, voila: bool = False, repo: str | None = None, branch: str = BINDER_BRANCH) -> str:
    """The mybinder.org address that opens ``notebook`` (a path from the repository's top) in
    JupyterLab, or rendered by Voila with ``voila=True``; ``repo`` defaults to :data:`BINDER_REPO`."""
    repo = check_repo(BINDER_REPO if repo is None else repo)
    if not isinstance(branch, str) or not re.fullmatch(_BRANCH, branch):
        raise OptionError(_("a branch name is letters, digits and . _ / -, got {text}").format(
            text=repr(str(branch)[:80])))
    where = "voila/render" if voila else "lab/tree"
    return f"https://mybinder.org/v2/gh/{repo}/{branch}?urlpath={where}/{notebook}"


def launch_links(root: Path = ROOT) -> list[tuple[str, str, bool]]:
    """``(label, notebook path, voila)`` for the start notebook, every registered game's ``05_play``
    and every classroom page found under ``notebooks/``; in Spanish the labels are Spanish and each
    notebook is its Spanish version (``notebooks/es/``) where there is one."""
    from . import available_games, game_info

    def notebook(path: str) -> str:
        if current_language() != SOURCE_LANGUAGE:
            folder, _sep, name = path.rpartition("/")
            spanish = f"{current_language()}/{folder + '/' if folder else ''}{SPANISH_NAMES.get(name, name)}"
            if (root / "notebooks" / spanish).is_file():
                return f"notebooks/{spanish}"
        return f"notebooks/{path}"

    games = [(g, game_info(g).title) for g in available_games()]
    out = [(_("Start here"), notebook("00_start_here.ipynb"), False)]
    for game, title in games:
        if (root / "notebooks" / game / "05_play.ipynb").is_file():
            out.append((_("Play {title}").format(title=title), notebook(f"{game}/05_play.ipynb"), False))
    for game, title in games:
        if (root / "notebooks" / "classroom" / f"{game}.ipynb").is_file():
            out.append((_("{title} in class (Voila)").format(title=title), notebook(f"classroom/{game}.ipynb"), True))
    return out


def badges_markdown(root: Path = ROOT, repo: str | None = None, branch: str = BINDER_BRANCH) -> str:
    """One Binder badge per launch link, as Markdown lines, for ``repo`` (default
    :data:`BINDER_REPO`); with no repository known, :data:`MAKE_YOUR_OWN` instead of any link."""
    repo = BINDER_REPO if repo is None else repo
    if repo is None:
        return _(MAKE_YOUR_OWN)
    return "\n".join(f"- [![Binder]({BADGE})]({binder_url(path, voila, repo, branch)}) {label}"
                     for label, path, voila in launch_links(root))


__all__ = ["BADGE", "BINDER_BRANCH", "BINDER_REPO", "MAKE_YOUR_OWN", "badges_markdown", "binder_url",
           "check_repo", "launch_links"]
