"""One-click launch links on mybinder.org: the start notebook, every play notebook and every
classroom page (the classroom pages open in Voila, code hidden).

>>> binder_url("notebooks/00_start_here.ipynb")
'https://mybinder.org/v2/gh/OWNER/REPO/main?urlpath=lab/tree/notebooks/00_start_here.ipynb'
>>> binder_url("notebooks/classroom/tem_purr_a.ipynb", voila=True)
'https://mybinder.org/v2/gh/OWNER/REPO/main?urlpath=voila/render/notebooks/classroom/tem_purr_a.ipynb'

The README and ``docs/teaching.md`` carry the same links (a test keeps them in step).
"""

from __future__ import annotations

from pathlib import Path

#: The GitHub repository Binder builds, as ``owner/name``. "OWNER/REPO" is a placeholder: set the
#: real owner and name here once the repository is published, then paste :func:`badges_markdown`
#: into the README's Classroom section and docs/teaching.md.
BINDER_REPO = "OWNER/REPO"
#: The branch Binder builds.
BINDER_BRANCH = "main"
BADGE = "https://mybinder.org/badge_logo.svg"

ROOT = Path(__file__).resolve().parent.parent


def binder_url(notebook: str, voila: bool = False, repo: str = BINDER_REPO, branch: str = BINDER_BRANCH) -> str:
    """The mybinder.org address that opens ``notebook`` (a path from the repository's top) in
    JupyterLab, or rendered by Voila with ``voila=True``."""
    where = "voila/render" if voila else "lab/tree"
    return f"https://mybinder.org/v2/gh/{repo}/{branch}?urlpath={where}/{notebook}"


def launch_links(root: Path = ROOT) -> list[tuple[str, str, bool]]:
    """``(label, notebook path, voila)`` for the start notebook, every registered game's ``05_play``
    and every classroom page found under ``notebooks/``."""
    from . import available_games, game_info

    games = [(g, game_info(g).title) for g in available_games()]
    out = [("Start here", "notebooks/00_start_here.ipynb", False)]
    for game, title in games:
        if (root / "notebooks" / game / "05_play.ipynb").is_file():
            out.append((f"Play {title}", f"notebooks/{game}/05_play.ipynb", False))
    for game, title in games:
        if (root / "notebooks" / "classroom" / f"{game}.ipynb").is_file():
            out.append((f"{title} in class (Voila)", f"notebooks/classroom/{game}.ipynb", True))
    return out


def badges_markdown(root: Path = ROOT) -> str:
    """One Binder badge per launch link, as Markdown lines."""
    return "\n".join(f"- [![Binder]({BADGE})]({binder_url(path, voila)}) {label}"
                     for label, path, voila in launch_links(root))


__all__ = ["BADGE", "BINDER_BRANCH", "BINDER_REPO", "badges_markdown", "binder_url", "launch_links"]
