"""Long runs stop when asked, faults surface at once, and servers end with the command.

Each test starts a real process (the ``kitchenlab`` command or a Python script), waits until it is
at work, sends it a signal and times how long it takes to end.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kitchenlab.sim import GameFailedError, simulate

ROOT = Path(__file__).resolve().parent.parent
IS_LINUX = sys.platform.startswith("linux")


def _default_sigint():
    # A shell's background jobs start with SIGINT ignored, and a child keeps that; the command
    # under test gets the default handling it would have in a terminal.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(argv: list[str]) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_default_sigint)


def wait_for(proc: subprocess.Popen, marker: bytes, stream: str, timeout: float = 60) -> bytes:
    """Read ``stream`` of ``proc`` until ``marker`` shows (the process is at work); what was read."""
    pipe = getattr(proc, stream)
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        left = deadline - time.monotonic()
        assert left > 0 and proc.poll() is None, f"{marker!r} never came; read {seen[-500:]!r}"
        ready, _, _ = select.select([pipe], [], [], left)
        if ready:
            seen += os.read(pipe.fileno(), 65536)
    return seen


def children(pid: int) -> list[int]:
    """The pids of the children of ``pid`` (Linux), [] where /proc does not say."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def gone(pid: int) -> bool:
    """True once ``pid`` is no process, or a zombie waiting to be reaped (it holds nothing)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "\nState:\tZ" in status


def interrupt_and_time(proc: subprocess.Popen) -> tuple[float, str, str]:
    """SIGINT to ``proc``; (seconds until it exited, its stdout, its stderr)."""
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        pytest.fail(f"still running 30 s after SIGINT; stderr: {err.decode()[-800:]}")
    return time.monotonic() - sent, out.decode(), err.decode()


PYTHON_RUN = textwrap.dedent("""
    import sys
    from kitchenlab.sim import simulate
    print("started", flush=True)
    simulate("tem_purr_a", n=1_000_000, players=4, seed=0, workers={workers})
    print("finished", flush=True)
""")


@pytest.mark.parametrize("how", ["cli", "python-2-workers", "python-in-process"])
def test_ctrl_c_stops_a_long_simulation_within_two_seconds(how):
    if how == "cli":   # one process per core, the progress bar on stderr
        proc = start([sys.executable, "-m", "kitchenlab.cli", "simulate", "tem_purr_a", "-n", "1000000"])
        wait_for(proc, b"it/s]", "stderr")
    else:
        workers = 2 if how == "python-2-workers" else 1
        proc = start([sys.executable, "-c", PYTHON_RUN.format(workers=workers)])
        wait_for(proc, b"started", "stdout")
    time.sleep(1.5)
    workers_seen = children(proc.pid)
    took, out, err = interrupt_and_time(proc)
    assert took < 2.0, f"exited {took:.1f} s after SIGINT"
    line = re.compile(r"stopped by Ctrl\+C after [\d,]+ of 1,000,000 games; the games played were discarded$")
    stopped = [text for text in err.splitlines() if line.search(text)]
    assert len(stopped) == 1, err[-800:]
    if how == "cli":
        assert proc.returncode == 130
        assert "Traceback" not in err and stopped[0].startswith("kitchenlab: stopped by Ctrl+C")
    else:
        assert proc.returncode != 0
        assert "SimulationStopped" in err and "finished" not in out
    if how != "python-in-process" and IS_LINUX:
        assert len(workers_seen) >= 2, "the batch ran no worker processes"
        deadline = time.monotonic() + 2
        while not all(gone(p) for p in workers_seen) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(gone(p) for p in workers_seen), "a worker process outlived the interrupted batch"


def bot_failing_in_game_5(state, rng):
    """A bot with a bug that shows only in the game with seed 5."""
    if state.seed == 5 and state.steps > 10:
        raise RuntimeError("this bot has a bug")
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_stops_the_batch_at_once_and_names_its_seed(workers):
    started = time.monotonic()
    with pytest.raises(GameFailedError) as caught:
        simulate("tem_purr_a", n=50_000, players=4, seed=0, bots=bot_failing_in_game_5, workers=workers)
    took = time.monotonic() - started
    assert took < 2.0 + (1.0 if workers > 1 else 0.0), f"reported {took:.1f} s after the batch started"
    message = str(caught.value)
    assert message.startswith("tem_purr_a: the game with seed 5 failed")
    assert message.endswith("RuntimeError: this bot has a bug")
    assert caught.value.seed == 5


def test_a_failing_game_in_the_command_is_one_line_with_its_seed(monkeypatch, capsys):
    from kitchenlab import cli

    monkeypatch.setattr(cli, "_bots", lambda text: bot_failing_in_game_5)
    assert cli.main(["simulate", "tem_purr_a", "-n", "40", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kitchenlab: error: tem_purr_a: the game with seed 5 failed") and "Traceback" not in err


def test_a_bot_that_cannot_go_to_a_worker_gets_a_clear_error():
    from kitchenlab import OptionError

    with pytest.raises(OptionError) as caught:
        simulate("tem_purr_a", n=40, workers=2, bots=lambda state, rng: rng.choice(state.legal_actions()))
    message = str(caught.value)
    assert "the bot <function" in message and "cannot be sent to worker processes (workers=2)" in message
    assert "a function defined at the top level of a module" in message and "bot name such as 'random'" in message
    # the same bot plays in this process
    assert len(simulate("tem_purr_a", n=3, workers=1, bots=lambda state, rng: rng.choice(state.legal_actions()))) == 3


def test_the_table_does_not_depend_on_the_number_of_workers():
    one = simulate("tem_purr_a", n=100, players=3, seed=7, workers=1)
    two = simulate("tem_purr_a", n=100, players=3, seed=7, workers=2)
    assert one.equals(two) and list(one["seed"]) == list(range(7, 107))


# -- servers -----------------------------------------------------------------------------------
def port_answers(port: int) -> bool:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def descendants(pid: int) -> list[int]:
    out = []
    for child in children(pid):
        out += [child, *descendants(child)]
    return out


@pytest.mark.skipif(not IS_LINUX, reason="reads the process tree from /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_stopping_present_by_its_pid_ends_the_voila_server(sig, get_free_port):
    pytest.importorskip("voila")
    port = get_free_port()
    proc = start([sys.executable, "-m", "kitchenlab.cli", "present", "tem_purr_a", "--no-browser", "--port", str(port)])
    try:
        deadline = time.monotonic() + 90
        while not port_answers(port):
            assert proc.poll() is None, proc.communicate()[1].decode()[-800:]
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.2)
        server = descendants(proc.pid)
        assert server, "no server process under the command"
        sent = time.monotonic()
        proc.send_signal(sig)
        proc.wait(timeout=20)
        while port_answers(port) and time.monotonic() < sent + 5:
            time.sleep(0.1)
        assert not port_answers(port), "the port still answers 5 s after the command was stopped"
        assert proc.returncode == 128 + sig
        while not all(gone(p) for p in server) and time.monotonic() < sent + 5:
            time.sleep(0.1)
        assert [p for p in server if not gone(p)] == [], "a server process outlived the command"
        assert f"{signal.Signals(sig).name} received; stopping the server" in proc.stderr.read().decode()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_lab_and_present_run_their_server_through_run_server(monkeypatch, capsys, get_free_port):
    from kitchenlab import cli

    ran = []
    monkeypatch.setattr(cli, "run_server", lambda cmd, cwd: ran.append((cmd, Path(cwd))) or 0)
    port = get_free_port()
    assert cli.main(["present", "tem_purr_a", "--no-browser", "--port", str(port)]) == 0
    assert cli.main(["lab", "--no-browser", "--port", str(port)]) == 0
    (present, present_cwd), (lab, lab_cwd) = ran
    assert present[1:3] == ["-m", "voila"] and f"--port={port}" in present and present_cwd.name == "notebooks"
    assert lab[1:3] == ["-m", "jupyterlab"] and f"--ServerApp.port={port}" in lab and lab_cwd.name == "notebooks"
    assert f"http://127.0.0.1:{port}/voila/render/classroom/tem_purr_a.ipynb?token=" in capsys.readouterr().out


def test_a_port_in_use_is_refused_before_starting(capsys):
    import socket

    from kitchenlab import cli

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        if port < 1024:
            pytest.skip("the system gave a port below 1024")
        assert cli.main(["present", "tem_purr_a", "--no-browser", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"kitchenlab: error: port {port} on 127.0.0.1 is not free") and "--port" in err


def test_ctrl_c_while_a_batch_is_set_up_stops_it_the_same_way(monkeypatch):
    """Ctrl+C can land before the first game starts (the jobs of a large batch are being made)."""
    from kitchenlab import sim

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "_jobs", interrupted)
    with pytest.raises(sim.SimulationStopped) as caught:
        simulate("tem_purr_a", n=1_000_000)
    assert str(caught.value) == "stopped by Ctrl+C after 0 of 1,000,000 games; the games played were discarded"
    with pytest.raises(sim.SimulationStopped, match="after 0 of 200 games"):
        sim.compare("tem_purr_a", {"a": {}, "b": {}}, n=100)
