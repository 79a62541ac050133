"""Files, with the command line tool's safety: binary, non-UTF-8 and oversized files are
refused before anything is written; writes are atomic (a temporary file in the same directory,
synced, renamed over the target with its permissions; symlinks are followed); a file that
changed since it was read — or is not the version the caller expects — is not overwritten.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "app.py")
>>> _ = open(path, "w").write("def f():\\n    return 1\\n")
>>> result = edit_file(path, [Modification("return 1", "return 2")])
>>> result.success, open(path).read()
(True, 'def f():\\n    return 2\\n')
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Optional, Union

from . import _native
from .errors import file_error
from .modifications import DiffResult, LineModification, Modification, Modifications, diff_result, modification_from_dict

PathLike = Union[str, "os.PathLike[str]"]

#: Files larger than this are refused unless the caller passes another ``max_bytes``.
DEFAULT_MAX_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class TextFile:
    """A text file as read: its content and the version that was read."""

    path: str
    text: str
    #: SHA-256 of the bytes, lowercase hex (pass it back as ``expected_sha256``).
    sha256: str
    #: Modification time, ``"seconds.nanoseconds"`` since the Unix epoch.
    mtime: str
    #: Length in bytes.
    size: int


def read_file(path: PathLike, *, max_bytes: int = DEFAULT_MAX_BYTES) -> TextFile:
    """Read ``path`` as UTF-8 text. Raises :class:`~fuzzy_edit.errors.FileError`
    (``NotTextFile`` for binary or non-UTF-8 content, ``MissingFile``…)."""
    text, report = _native.read_file_json(os.fspath(path), max_bytes)
    info = json.loads(report)
    if text is None:
        raise file_error(info["error"])
    v = info["version"]
    return TextFile(os.fspath(path), text, v["sha256"], v["mtime"], v["len"])


def write_file(
    path: PathLike,
    text: str,
    *,
    expected_sha256: Optional[str] = None,
    expected_mtime: Optional[str] = None,
) -> TextFile:
    """Write ``text`` to ``path`` atomically and return the version written.

    With ``expected_sha256`` (from :func:`read_file`), the file must still be that version, or
    :class:`~fuzzy_edit.errors.StaleFile` is raised and nothing is written. ``expected_mtime``
    always raises ``StaleFile``: two writes within one timestamp tick share an mtime, so it
    cannot prove a version.
    """
    report = json.loads(_native.write_file_json(os.fspath(path), text, expected_sha256, expected_mtime))
    if not report["ok"]:
        raise file_error(report["error"])
    v = report["version"]
    return TextFile(os.fspath(path), text, v["sha256"], v["mtime"], v["len"])


def edit_file(
    path: PathLike,
    modifications: Modifications,
    *,
    mode: str = "atomic",
    dry_run: bool = False,
    expected_sha256: Optional[str] = None,
    expected_mtime: Optional[str] = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> DiffResult:
    """Apply ``modifications`` to the file at ``path`` and write it (unless ``dry_run``).

    Refused modifications are reported in the result (as :func:`apply_modifications` does);
    file problems raise :class:`~fuzzy_edit.errors.FileError`. The file is re-checked just
    before the write, so a concurrent change is never overwritten (``StaleFile``).

    Line modifications (:class:`LineModification`, ``{"op": "replace", "pos": "12#VK", "lines":
    [...]}``, with references from ``read_hashes(read_file(path).text)``) apply first, all on
    the file as read and all or none (a refused one refuses the call, even in partial mode);
    the search/replace ones then apply to their result, and the file is written once.

    >>> import tempfile, os
    >>> from fuzzy_edit import read_hashes
    >>> path = os.path.join(tempfile.mkdtemp(), "app.py")
    >>> _ = open(path, "w").write("def f():\\n    return 1\\n")
    >>> print(read_hashes(read_file(path).text), end="")
    1#ZP|def f():
    2#WN|    return 1
    >>> edit_file(path, [{"op": "replace", "pos": "2#WN", "lines": ["return 2"]}]).success
    True
    >>> open(path).read()
    'def f():\\n    return 2\\n'
    """
    if mode not in ("atomic", "partial"):
        raise ValueError(f'mode must be "atomic" or "partial", not {mode!r}')
    mods = [m if isinstance(m, (Modification, LineModification)) else modification_from_dict(m) for m in modifications]
    by_line = [i for i, m in enumerate(mods) if isinstance(m, LineModification)]
    by_text = [i for i, m in enumerate(mods) if isinstance(m, Modification)]
    line_edits = [m.as_line_edit() for m in mods if isinstance(m, LineModification)]
    before, after, report_json = _native.edit_file_json(
        os.fspath(path),
        json.dumps([m.as_edit() for m in mods if isinstance(m, Modification)]),
        mode,
        dry_run,
        expected_sha256,
        expected_mtime,
        max_bytes,
        json.dumps(line_edits) if line_edits else None,
    )
    report = json.loads(report_json)
    if report.get("error"):
        raise file_error(report["error"])
    assert before is not None  # no file error, so the file was read
    apply = report["apply"]
    # The engine numbers the line edits first, then the search/replace ones: back to the
    # modifications' own order.
    order = by_line + by_text
    for key in ("matches", "failures"):
        for item in apply[key]:
            item["edit"] = order[int(item.get("edit", 0))]
    return diff_result(before, len(mods), after, apply, mode=mode, raw=getattr(modifications, "raw_output", ""), path=os.fspath(path))
