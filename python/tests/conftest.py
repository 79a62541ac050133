"""Shared fixtures: a replay server per test (loopback, stopped afterwards) and the demo's
broken example written to a temporary directory."""

import os
import sys

import pytest

from fuzzy_edit import demo
from fuzzy_edit.replay import ReplayServer


@pytest.fixture
def replay():
    """``replay(script)`` starts a local chat-completions server; all are stopped at teardown."""
    servers = []

    def start(script):
        server = ReplayServer(script).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def example(tmp_path):
    """The demo's broken ``stats.py`` and its test script: ``(path, verify_command)``."""
    path = demo.write_example(str(tmp_path))
    return path, demo.verify_command(str(tmp_path))


@pytest.fixture
def python():
    return sys.executable


def pytest_report_header(config):
    import fuzzy_edit

    return f"fuzzy_edit {fuzzy_edit.__version__} from {os.path.dirname(fuzzy_edit.__file__)}"
