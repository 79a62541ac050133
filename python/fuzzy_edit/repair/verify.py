"""Verifiers: what decides that the code works. A Python callable ``code -> result`` or a shell
command (exit status 0 = pass; its stdout and stderr are the error log the model sees).

A callable may return a :class:`Verdict`, a ``bool``, or ``(passed, output)``.

>>> v = ShellVerifier("echo checking; exit 3", timeout=10)
>>> verdict = v("print('hi')")
>>> verdict.passed, verdict.exit_code, verdict.output.strip()
(False, 3, 'checking')
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import asdict, dataclass
from typing import Any, Callable, Dict, Optional, Tuple, Union

from ..files import write_file


@dataclass
class Verdict:
    """One verifier run."""

    passed: bool
    #: What the verifier printed (stdout then stderr for a command): the error log.
    output: str = ""
    #: The command's exit status (``None`` for a callable, or when it timed out).
    exit_code: Optional[int] = None
    #: Wall time of the run.
    seconds: float = 0.0

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)


VerifierResult = Union[Verdict, bool, Tuple[bool, str]]
Verifier = Callable[[str], VerifierResult]


class ShellVerifier:
    """Run ``command`` through the shell; it passes when it exits with status 0.

    ``write_to``: write the code to this file (atomically) before each run — for verifying a
    code string; :func:`~fuzzy_edit.repair.repair` on a file writes the file itself. The
    command sees the file's path in ``$FUZZY_EDIT_FILE`` when there is one. A run longer than
    ``timeout`` seconds is killed and counts as a failure.
    """

    def __init__(
        self,
        command: str,
        *,
        cwd: Optional[str] = None,
        timeout: float = 300.0,
        write_to: Optional[str] = None,
        env: Optional[Dict[str, str]] = None,
    ) -> None:
        self.command = command
        self.cwd = cwd
        self.timeout = timeout
        self.write_to = write_to
        self.env = env
        #: The file being repaired, set by the loop (exported as ``$FUZZY_EDIT_FILE``).
        self.file: Optional[str] = write_to

    def __repr__(self) -> str:
        return f"ShellVerifier({self.command!r})"

    def __call__(self, code: str) -> Verdict:
        if self.write_to:
            write_file(self.write_to, code)
        env = dict(os.environ if self.env is None else self.env)
        if self.file:
            env["FUZZY_EDIT_FILE"] = os.path.abspath(self.file)
        start = time.monotonic()
        try:
            done = subprocess.run(
                self.command,
                shell=True,
                cwd=self.cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                timeout=self.timeout,
            )
        except subprocess.TimeoutExpired as e:
            out = _text(e.output)
            note = f"\n[verifier killed: no result within {self.timeout:g} s]"
            return Verdict(False, out + note, None, time.monotonic() - start)
        return Verdict(done.returncode == 0, _text(done.stdout), done.returncode, time.monotonic() - start)


def _text(data: Union[bytes, str, None]) -> str:
    if data is None:
        return ""
    if isinstance(data, bytes):
        return data.decode("utf-8", "replace")
    return data


def run_verifier(verifier: Verifier, code: str) -> Verdict:
    """Run any verifier and normalize its answer to a :class:`Verdict`."""
    start = time.monotonic()
    result = verifier(code)
    seconds = time.monotonic() - start
    if isinstance(result, Verdict):
        if not result.seconds:
            result.seconds = seconds
        return result
    if isinstance(result, bool):
        return Verdict(result, "" if result else "verification failed", None, seconds)
    if isinstance(result, tuple) and len(result) == 2:
        return Verdict(bool(result[0]), str(result[1]), None, seconds)
    raise TypeError(
        f"the verifier returned {type(result).__name__}; return a Verdict, a bool or (passed, output)"
    )
