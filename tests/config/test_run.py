"""`make run` (python -m config.run): says it runs only once /healthz answers, and Ctrl-C stops the
worker and the server cleanly, leaving no process behind."""

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.e2e.server import free_port

ROOT = Path(__file__).resolve().parents[2]


def processes_naming(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                named = (entry / "cmdline").read_bytes() + (entry / "environ").read_bytes()
                if text in named.decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def cmdline(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return []


def read_until(process: subprocess.Popen, marker: str, timeout: float = 90) -> str:
    seen = ""
    deadline = time.monotonic() + timeout
    while marker not in seen:
        assert time.monotonic() < deadline, f"no {marker!r} within {timeout} s: {seen}"
        line = process.stdout.readline()
        assert line or process.poll() is None, f"exited early: {seen}"
        seen += line
    return seen


def test_run_waits_for_health_and_ctrl_c_stops_everything(tmp_path):
    var_dir = tmp_path / "var"
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL", "SQLITE_PATH"}}
    env.update({"VAR_DIR": str(var_dir), "PYTHONUNBUFFERED": "1"})
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True,
                   timeout=120, capture_output=True)
    port = free_port()
    runner = subprocess.Popen([sys.executable, "-m", "config.run", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        read_until(runner, "Multiplayground is running")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            assert response.status == 200  # it said so only once the health check answers
        started = [" ".join(cmdline(pid)[2:7]) for pid in processes_naming(str(var_dir))]
        assert any("worker" in line for line in started), f"the Celery worker is not running: {started}"
        assert any("beat" in line for line in started), f"Celery beat is not running: {started}"
        runner.send_signal(signal.SIGINT)  # what Ctrl-C sends
        output, _ = runner.communicate(timeout=60)
    finally:
        if runner.poll() is None:
            runner.kill()
        leftovers = processes_naming(str(var_dir))
        for pid in leftovers:  # only processes of this test: their environment names its temporary folder
            os.kill(pid, signal.SIGKILL)
    assert leftovers == [], "a worker outlived Ctrl-C"
    assert runner.returncode == 0, output
    assert "Segmentation fault" not in output
    assert output.count("Warm shutdown") <= 1, output
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
        raise AssertionError("the web server outlived Ctrl-C")
    except OSError:
        pass


def test_stop_leaves_nothing_of_a_childs_process_group():
    """A process a child started must not outlive the runner and hold its output open (once in CI, the
    worker's embedded beat did): stop() ends the child's whole process group."""
    from config.run import start, stop

    marker = f"grandchild-of-test-{os.getpid()}"
    # A child that leaves a grandchild behind which ignores SIGTERM, then exits when asked.
    script = ("import subprocess, sys, time; "
              f"subprocess.Popen([sys.executable, '-c', 'import signal, time; signal.signal(signal.SIGTERM, "
              f"signal.SIG_IGN); time.sleep(600)', {marker!r}]); time.sleep(600)")
    child = start([sys.executable, "-c", script])
    deadline = time.monotonic() + 30
    while len(processes_naming(marker)) < 2:  # the child's command line names it too
        assert time.monotonic() < deadline, "the grandchild never started"
        time.sleep(0.05)
    try:
        stop([child])
        deadline = time.monotonic() + 10
        while processes_naming(marker) and time.monotonic() < deadline:
            time.sleep(0.05)  # SIGKILL is delivered at once, the kernel's reaping is not
        left = processes_naming(marker)
    finally:
        for pid in processes_naming(marker):
            os.kill(pid, signal.SIGKILL)
    assert child.returncode is not None
    assert left == [], "a grandchild outlived stop()"
