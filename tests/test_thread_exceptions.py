"""The suite's own settings make a test fail when a thread it started raises (pyproject.toml,
filterwarnings): such an exception is otherwise only a warning at the end of the run."""

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"

RAISING_THREAD = """
import threading

def test_a_helper_thread_fails():
    thread = threading.Thread(target=lambda: 1 / 0)
    thread.start()
    thread.join()
"""


def test_an_exception_in_a_background_thread_fails_the_test(pytester: pytest.Pytester):
    pytester.makepyfile(test_thread=RAISING_THREAD)
    result = pytester.runpytest_subprocess("-c", str(PYPROJECT), "--rootdir", str(pytester.path),
                                           "-p", "no:django", "-p", "no:cacheprovider", "test_thread.py")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*ZeroDivisionError*"])
