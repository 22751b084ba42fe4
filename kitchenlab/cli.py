"""The ``kitchenlab`` command: ``lab | play | simulate | rules | tree | present | quiz | binder-links``.

    kitchenlab play tem_purr_a --players 4 --seed 7
    kitchenlab rules tem_purr_a
    kitchenlab simulate tem_purr_a -n 1000 --players 4 --set extra_indigestion=always
    kitchenlab tree tem_purr_a --players 3 --seed 2 --after 6 --depth 2
    kitchenlab lab
    kitchenlab present tem_purr_a          # the projector page, served by Voila on 127.0.0.1
    kitchenlab quiz chefs --seed 5 --key   # the answer key of the quiz pupils get with seed 5
    kitchenlab binder-links you/your-fork  # Binder badges for a copy of the kit on GitHub
    kitchenlab --lang es play tem_purr_a   # the same game told in Spanish (or KITCHENLAB_LANG=es)
    kitchenlab present chefs --lang es     # the Spanish projector page (notebooks/es/classroom/chefs.ipynb)

Everything the commands print is in the language of ``--lang`` (before or after the command's name),
else of ``KITCHENLAB_LANG``, else English; argparse's own usage lines and help stay English.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from . import available_games, game_info
from .errors import KitchenlabError
from .i18n import LANGUAGES, SOURCE_LANGUAGE, _, check_language, ngettext, number, percent, set_language
from .i18n import language as current_language


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # usage + message, exit 2, no traceback
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _language_arg(text: str) -> str:
    try:
        return check_language(text)
    except KitchenlabError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _game_arg(text: str) -> str:
    if text not in available_games():
        raise argparse.ArgumentTypeError(_("unknown game {game}; games: {games}").format(
            game=repr(text), games=", ".join(available_games())))
    return text


def _parse_sets(game: str, pairs: list[str]) -> dict:
    """``["opt=value", ...]`` -> typed options, using the game's option table."""
    table = {o.name: o for o in game_info(game).options}
    out = {}
    for pair in pairs or []:
        name, eq, text = pair.partition("=")
        if not eq or not name:
            raise KitchenlabError(_("--set takes option=value, got {text}").format(text=repr(pair)))
        if name not in table:
            raise KitchenlabError(_("{game}: unknown option {option}; options: {options}").format(
                game=game, option=repr(name), options=", ".join(table)))
        out[name] = table[name].parse_text(text)
    return out


def _bots(text: str | None):
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return parts[0] if len(parts) == 1 else parts


# -- servers: ports checked before starting; the server ends when this command ends -------------
PORTS = range(1024, 65536)
#: Signals that end ``kitchenlab lab`` / ``present``; each stops the server before the command exits.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))
#: Seconds a server is given to stop (and shut its kernels down) before it is killed.
STOP_GRACE = 10.0


def _port_arg(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = None
    if port not in PORTS:
        raise argparse.ArgumentTypeError(_("port must be a whole number from {low} to {high}, got {text}").format(
            low=PORTS.start, high=PORTS.stop - 1, text=repr(text[:20])))
    return port


def check_port_free(port: int, host: str = "127.0.0.1") -> None:
    """Raise a :class:`KitchenlabError` when ``port`` is not one a server may take on ``host`` now."""
    import socket

    if port not in PORTS:
        raise KitchenlabError(_("port must be a whole number from {low} to {high}, got {text}").format(
            low=PORTS.start, high=PORTS.stop - 1, text=repr(port)))
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as the servers bind
        try:
            probe.bind((host, port))
        except OSError as e:
            raise KitchenlabError(_("port {port} on {host} is not free ({reason}); choose another with --port").format(
                port=port, host=host, reason=e.strerror or e)) from None


class _Stopped(Exception):
    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _end_with_parent():
    """A ``preexec_fn`` asking Linux to send the server SIGTERM if this process dies without
    stopping it (killed with SIGKILL); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    parent = os.getpid()
    pr_set_pdeathsig = 1

    def preexec():
        libc.prctl(pr_set_pdeathsig, int(signal.SIGTERM), 0, 0, 0)
        if os.getppid() != parent:   # the parent died before the request was made
            os._exit(1)

    return preexec


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def stop_server(proc: subprocess.Popen, grace: float = STOP_GRACE) -> None:
    """SIGTERM to the server's process group; SIGKILL if it has not ended after ``grace`` seconds;
    then SIGKILL to anything it left in its group."""
    if proc.poll() is None:
        _signal_group(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            _signal_group(proc.pid, signal.SIGKILL)
            proc.wait()
    _signal_group(proc.pid, signal.SIGKILL)


def run_server(cmd: list[str], cwd) -> int:
    """Run a server command as a child in its own process group until it exits, or until this
    process gets SIGTERM, SIGINT or SIGHUP (or fails): then the server is stopped before returning,
    so no server outlives the command. The exit code: the server's, or 128 + the signal."""
    proc = subprocess.Popen(cmd, cwd=cwd, start_new_session=True, preexec_fn=_end_with_parent())

    def stop(signum, frame):
        raise _Stopped(signum)

    previous = {sig: signal.signal(sig, stop) for sig in STOP_SIGNALS}
    try:
        return proc.wait()
    except _Stopped as e:
        print("kitchenlab: " + _("{signal} received; stopping the server").format(signal=signal.Signals(e.signum).name),
              file=sys.stderr, flush=True)
        return 128 + e.signum
    finally:
        for sig in previous:            # a second Ctrl+C does not cut the stopping short
            signal.signal(sig, signal.SIG_IGN)
        try:
            stop_server(proc)
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
# -- end of servers -------------------------------------------------------------------------------


def cmd_lab(args) -> int:
    from .catalogue import repo_root

    root = repo_root()
    if root is None:
        raise KitchenlabError(_("the notebooks folder was not found: run 'kitchenlab lab' from a source checkout"))
    cmd = [sys.executable, "-m", "jupyterlab", "--ServerApp.ip=127.0.0.1", f"--ServerApp.root_dir={root / 'notebooks'}",
           "00_start_here.ipynb", f"--LabApp.app_settings_dir={lab_settings_dir()}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--ServerApp.allow_root=True")   # containers and CI machines often run as root
    if args.no_browser:
        cmd.append("--no-browser")
    if args.port is not None:
        check_port_free(args.port)
        cmd.append(f"--ServerApp.port={args.port}")
    print(_("Starting JupyterLab on 127.0.0.1 (token authentication on):"), " ".join(cmd[3:]), flush=True)
    return run_server(cmd, cwd=root / "notebooks")


#: The kit's JupyterLab defaults (no "Jupyter news?" pop-up, no update check); binder/postBuild
#: installs the same file for Binder.
LAB_OVERRIDES = Path(__file__).resolve().parent / "jupyter" / "overrides.json"


def lab_settings_dir() -> Path:
    """The application settings folder ``kitchenlab lab`` gives JupyterLab: the kit's folder
    holding :data:`LAB_OVERRIDES`, or, when the environment has overrides of its own, a folder
    with both merged (the kit's on top). These are defaults only: a person's own settings still
    win, and nothing is written to the person's settings or to the environment."""
    try:
        from jupyterlab.commands import get_app_dir
    except ImportError:
        raise KitchenlabError(_("JupyterLab is not installed here: pip install 'kitchenlab[lab]'")) from None

    ours = json.loads(LAB_OVERRIDES.read_text(encoding="utf-8"))
    theirs_file = Path(get_app_dir()) / "settings" / "overrides.json"
    if not theirs_file.is_file():
        return LAB_OVERRIDES.parent
    try:
        merged = json.loads(theirs_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return LAB_OVERRIDES.parent
    if not isinstance(merged, dict):
        return LAB_OVERRIDES.parent
    for plugin, values in ours.items():
        merged.setdefault(plugin, {}).update(values)
    folder = Path(tempfile.gettempdir()) / "kitchenlab-lab-settings"
    folder.mkdir(exist_ok=True)
    (folder / "overrides.json").write_text(json.dumps(merged, indent=2), encoding="utf-8")
    return folder


def classroom_page_path(game: str, language: str | None = None) -> Path:
    """The game's projector page: ``notebooks/classroom/GAME.ipynb`` of the source checkout (in Spanish,
    ``language="es"``, ``notebooks/es/classroom/GAME.ipynb`` where there is one; ``language`` defaults
    to the kit's current language), or, for a
    game without one (a game from another package), a page made from what its GameInfo offers, in
    ``classroom/`` of a temporary folder next to a how-to-play page (:func:`generic_rules_page`) made
    the same way, so the page's rules link opens it there too."""
    from .catalogue import repo_root

    info = game_info(game)
    language = check_language(language or current_language())
    root = repo_root()
    if root is not None:
        pages = [root / "notebooks" / "classroom" / f"{game}.ipynb"]
        if language != SOURCE_LANGUAGE:
            pages.insert(0, root / "notebooks" / language / "classroom" / f"{game}.ipynb")
        for page in pages:
            if page.is_file():
                return page
    folder = Path(tempfile.gettempdir()) / "kitchenlab-pages"
    made = folder / "classroom" / f"{info.name}.ipynb"
    rules = folder / info.name / "00_how_to_play.ipynb"
    for path, notebook in ((made, generic_page(info.name)), (rules, generic_rules_page(info.name))):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return made


def _notebook(cells: list[dict]) -> dict:
    return {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}}}


def _code(source: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}


def _text(source: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def generic_rules_page(game: str) -> dict:
    """The how-to-play page (a notebook, as a dict) behind the rules link of a :func:`generic_page`:
    the game's title, summary and player counts, and where its options are listed."""
    info = game_info(game)
    counts = ", ".join(map(str, info.players))
    return _notebook([_text(f"# How to play {info.title}\n\n{info.summary}\n\n"
                            f"For {counts} players. `kitchenlab rules {info.name}` lists the game's options.")])


def generic_page(game: str) -> dict:
    """A projector page (a notebook, as a dict) for any registered game: its title and summary, the
    table with its round stepper, and the calculator, what-if widget and glossary its GameInfo names."""
    info = game_info(game)
    cells = [_code("from kitchenlab.classroom import classroom_page, projector_style, scoring_calculator, "
                   "what_if_slider\nfrom kitchenlab.glossary import glossary_table\n\nprojector_style()"),
             _text(f"# {info.title} in class\n\n{info.summary}"),
             _code(f"classroom_page({info.name!r})")]
    if info.calculator:
        cells += [_text("## Scoring"), _code(f"scoring_calculator({info.name!r})")]
    if info.what_if:
        cells += [_text("## What if?"), _code(f"what_if_slider({info.name!r})")]
    if info.glossary:
        cells += [_text("## Words on the table (Spanish–English)"), _code(f"glossary_table({info.name!r})")]
    return _notebook(cells)


def present_site(game: str, language: str | None = None) -> tuple[Path, str]:
    """What ``kitchenlab present`` serves: the folder holding the game's projector page in its
    ``classroom/`` (``notebooks/`` of the checkout, so the page's rules link reaches the game's
    how-to-play notebook), and the page's path inside it (``classroom/GAME.ipynb``; in Spanish
    ``es/classroom/GAME.ipynb``, served from the same ``notebooks/`` folder)."""
    page = classroom_page_path(game, language)
    folder = page.parent.parent
    if folder.name in LANGUAGES and folder.parent.name == "notebooks":
        folder = folder.parent
    return folder, page.relative_to(folder).as_posix()


def present_command(folder: Path, port: int = 8866, token: str = "") -> list[str]:
    """The Voila command serving ``folder`` (see :func:`present_site`) on 127.0.0.1 with token login;
    Voila opens no browser (``cmd_present`` opens the page itself)."""
    return [sys.executable, "-m", "voila", str(folder), "--Voila.ip=127.0.0.1", f"--port={port}",
            f"--Voila.token={token}", "--Voila.port_retries=0", "--no-browser"]


def present_address(page: str, port: int, token: str) -> str:
    """The address of a projector page served by :func:`present_command` (``page`` as given by
    :func:`present_site`), with the token that logs the browser in."""
    return f"http://127.0.0.1:{port}/voila/render/{page}?token={token}"


def _open_when_served(address: str, port: int, wait: float = 120.0) -> None:
    """Open ``address`` in the web browser once something answers on ``port`` of 127.0.0.1 (checked
    for ``wait`` seconds); runs in a thread of its own."""
    import socket
    import time
    import webbrowser

    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.3)
    else:
        return
    webbrowser.open(address)


def cmd_present(args) -> int:
    import secrets
    import threading

    folder, page = present_site(args.game)
    title = game_info(args.game).title
    if args.print_only:
        print(_("The {title} classroom page: {page} in {folder}. To serve it with Voila on 127.0.0.1, run:").format(
            title=title, page=page, folder=folder))
        print("  " + " ".join(present_command(folder, args.port, "TOKEN")))
        print(_("then open, on this machine (TOKEN as given to Voila):"))
        print("  " + present_address(page, args.port, "TOKEN"), flush=True)
        return 0
    check_port_free(args.port)
    token = secrets.token_urlsafe(16)
    address = present_address(page, args.port, token)
    print(_("Serving the {title} classroom page with Voila. Open, on this machine:").format(title=title))
    print(f"  {address}")
    print(_("Put the browser in full screen (F11) on the projector; Ctrl+C here stops the server."), flush=True)
    if not args.no_browser:
        threading.Thread(target=_open_when_served, args=(address, args.port), daemon=True).start()
    return run_server(present_command(folder, args.port, token), cwd=folder)


def cmd_play(args) -> int:
    from .sim import play_game

    opts = _parse_sets(args.game, args.set)
    state = play_game(args.game, args.players, args.seed, _bots(args.bots), **opts)
    print(_("{title}: {players} players, seed {seed}").format(title=game_info(args.game).title,
                                                               players=state.players, seed=args.seed)
          + (_(", options {options}").format(options=opts) if opts else ""))
    for line in state.log:
        print("  " + line)
    print(_("Result after {steps} actions: {result}").format(steps=state.steps, result=state.result_text()))
    return 0


def cmd_rules(args) -> int:
    import textwrap

    info = game_info(args.game)
    rows = info.variant_table()
    print(_("{title}: variant options (kitchenlab simulate {game} --set option=value)").format(
        title=info.title, game=args.game))
    print(_("players: {counts} (default {default}); bots: {bots}").format(
        counts=", ".join(map(str, info.players)), default=info.default_players, bots=", ".join(info.bots)))
    cols = ("option", "default", "alternatives", "source")
    headings = {"option": _("option"), "default": _("default"), "alternatives": _("alternatives"),
                "source": _("source")}
    cap = 34   # a longer cell is cut in the table and given whole on its own line below the row

    def cell(r, c):
        text = str(r[c])
        return text if len(text) <= cap else text[:cap - 1] + "…"

    widths = [max(len(headings[c]), *(len(cell(r, c)) for r in rows)) for c in cols]
    print("  ".join(headings[c].ljust(w) for c, w in zip(cols, widths)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(cell(r, c).ljust(w) for c, w in zip(cols, widths)).rstrip())
        extra = [(_("means"), r.get("meaning", ""))]
        extra += [(headings[c], str(r[c])) for c in ("alternatives", "source") if len(str(r[c])) > cap]
        for label, text in extra:
            if text:
                print(textwrap.fill(text, width=100, initial_indent=f"    {label}: ",
                                    subsequent_indent=" " * (len(label) + 6)))
    print(_("Sources: A = assumed by the kit (see data/); other tags are explained in the game's rules notes."))
    return 0


def cmd_simulate(args) -> int:
    from .sim import simulate, summarize

    opts = _parse_sets(args.game, args.set)
    if args.n < 1:
        raise KitchenlabError(_("-n must be 1 or more, got {n}").format(n=args.n))
    df = simulate(args.game, n=args.n, players=args.players, seed=args.seed, bots=_bots(args.bots),
                  progress=not args.quiet, **opts)
    s = summarize(df)
    players = len(s["win_rate"])
    title = game_info(args.game).title
    print(_("{title}: {games} games, {players} players, seeds {first}..{last}").format(
        title=title, games=s["games"], players=players, first=args.seed, last=args.seed + args.n - 1)
          + (_(", options {options}").format(options=opts) if opts else ""))
    for p, rate in enumerate(s["win_rate"]):
        print(_("  seat {seat}: win rate {rate}").format(seat=p + 1, rate=percent(rate, 1).rjust(6)))
    print(_("  mean game length: {steps} actions").format(steps=number(s["mean_steps"], 1)))
    if s["mean_rounds"] is not None:
        print(_("  mean rounds: {rounds}").format(rounds=number(s["mean_rounds"], 2)))
    return 0


def cmd_tree(args) -> int:
    from . import new_game
    from .engine import Rng
    from .trees import build_tree, tree_summary

    opts = _parse_sets(args.game, args.set)
    state = new_game(args.game, players=args.players, seed=args.seed, **opts)
    rng = Rng(args.seed)
    for _step in range(args.after):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    G = build_tree(state, depth=args.depth, max_nodes=args.max_nodes, chance=lambda s, a: s.chance_outcomes(a))
    summary = tree_summary(G)
    print(_("{title}: game tree from step {step} (depth {depth}): {summary}").format(
        title=game_info(args.game).title, step=state.steps, depth=args.depth, summary=summary))

    def show(node, indent):
        for _parent, child, data in G.out_edges(node, data=True):
            prob = data.get("probability")
            tag = " [p={p}]".format(p=prob) if prob is not None else ""
            print(f"{'  ' * indent}- {data.get('label', data.get('action'))}{tag} -> {G.nodes[child].get('label')}")
            show(child, indent + 1)

    print(G.nodes[0].get("label"))
    show(0, 1)
    return 0


def cmd_quiz(args) -> int:
    from .quiz import questions, worksheet_text

    qs = questions(args.game, seed=args.seed, n=args.n)
    title = game_info(args.game).title
    if args.key:
        head = ngettext("{title} quiz, seed {seed}, {count} question: answer key",
                        "{title} quiz, seed {seed}, {count} questions: answer key", len(qs))
    else:
        head = ngettext("{title} quiz, seed {seed}, {count} question: worksheet",
                        "{title} quiz, seed {seed}, {count} questions: worksheet", len(qs))
    print(head.format(title=title, seed=args.seed, count=len(qs)))
    print(worksheet_text(qs, answers=args.key))   # ⚠ notes included
    return 0


def cmd_binder_links(args) -> int:
    from .binder_links import badges_markdown

    print(badges_markdown(repo=args.repo, branch=args.branch))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="kitchenlab", description="Rules engines and teaching notebooks for kitchen-themed games.")
    p.add_argument("--lang", type=_language_arg, default=None, metavar="LANG",
                   help=f"the language of the output: {', '.join(LANGUAGES)} (default: the environment "
                        "variable KITCHENLAB_LANG, else en)")
    sub = p.add_subparsers(dest="command", metavar="{lab,play,simulate,rules,tree,present,quiz,binder-links}", parser_class=_Parser)
    sub.required = True

    lab = sub.add_parser("lab", help="open JupyterLab on the start notebook (127.0.0.1, token auth on)")
    lab.add_argument("--lang", type=_language_arg, default=argparse.SUPPRESS, metavar="LANG",
                     help="the language of the output (as kitchenlab --lang LANG)")
    lab.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    lab.add_argument("--port", type=_port_arg, default=None, help="port, 1024-65535 (default: Jupyter's)")
    lab.set_defaults(func=cmd_lab)

    def game_cmd(name, help_text, func, players=True):
        sp = sub.add_parser(name, help=help_text)
        sp.add_argument("--lang", type=_language_arg, default=argparse.SUPPRESS, metavar="LANG",
                        help="the language of the output (as kitchenlab --lang LANG)")
        sp.add_argument("game", type=_game_arg, help=f"one of: {', '.join(available_games())}")
        if players:
            sp.add_argument("--players", type=int, default=None, help="number of players (default: the game's)")
            sp.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
            sp.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                            help="a variant option; repeat for several (see 'kitchenlab rules GAME')")
        sp.set_defaults(func=func)
        return sp

    play = game_cmd("play", "play a whole game with bots and narrate it", cmd_play)
    play.add_argument("--bots", default=None, help="bot name for all seats, or one per seat: random,cautious,...")
    game_cmd("rules", "print the variant table (option, default, alternatives, source)", cmd_rules, players=False)
    sim = game_cmd("simulate", "simulate many games and summarise win rates", cmd_simulate)
    sim.add_argument("-n", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--bots", default=None, help="bot name for all seats, or one per seat")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    tree = game_cmd("tree", "print a small game tree from a seeded position", cmd_tree)
    tree.add_argument("--after", type=int, default=0, help="random actions to play before the tree (default 0)")
    tree.add_argument("--depth", type=int, default=2, help="tree depth (default 2)")
    tree.add_argument("--max-nodes", type=int, default=200, help="node budget (default 200)")
    present = game_cmd("present", "serve a game's classroom page (notebooks/classroom/GAME.ipynb) with Voila "
                       "on 127.0.0.1, token login on", cmd_present, players=False)
    present.add_argument("--port", type=_port_arg, default=8866, help="port, 1024-65535 (default 8866)")
    present.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    present.add_argument("--print-only", action="store_true",
                         help="print the page, the Voila command and the address; start nothing")
    quiz = game_cmd("quiz", "print a quiz as a worksheet (questions and choices), or its answer key", cmd_quiz,
                    players=False)
    quiz.add_argument("--seed", type=int, default=1,
                      help="the quiz seed the class types into its quiz box (default 1, the box's first value)")
    quiz.add_argument("-n", type=int, default=8, help="number of questions (default 8, as in the quiz notebooks)")
    quiz.add_argument("--key", action="store_true", help="print the answer key (for the teacher) instead")
    links = sub.add_parser("binder-links", help="print the Binder badges (Markdown) of a copy of the kit on GitHub")
    links.add_argument("repo", nargs="?", default=None,
                       help="the GitHub repository, owner/name (default: kitchenlab.binder_links.BINDER_REPO)")
    links.add_argument("--branch", default="main", help="the branch Binder builds (default main)")
    links.add_argument("--lang", type=_language_arg, default=argparse.SUPPRESS, metavar="LANG",
                       help="the language of the output (as kitchenlab --lang LANG)")
    links.set_defaults(func=cmd_binder_links)
    return p


def _language_given(argv: list[str]) -> str | None:
    """The language ``--lang`` names in ``argv`` (``--lang es`` or ``--lang=es``, anywhere), if it
    names one the kit speaks: set before parsing, so that argument errors are in that language too."""
    for i, arg in enumerate(argv):
        text = arg.partition("=")[2] if arg.startswith("--lang=") else (
            argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else None)
        if text is not None:
            try:
                return check_language(text)
            except KitchenlabError:
                return None
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    early = _language_given(argv)
    if early is not None:
        set_language(early)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.lang is not None:
        set_language(args.lang)
    try:
        return args.func(args) or 0
    except KitchenlabError as e:
        print("kitchenlab: " + _("error: {message}").format(message=e), file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:   # Ctrl+C: one line, no traceback, the shell's usual code
        print(f"kitchenlab: {e or _('stopped by Ctrl+C')}", file=sys.stderr, flush=True)
        return 130
    except BrokenPipeError:   # e.g. `kitchenlab play ... | head`
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
