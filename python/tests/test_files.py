"""File helpers: the CLI's safety (atomic write, stale check, binary and non-UTF-8 refusal)."""

import os
import pickle
import stat

import pytest

import fuzzy_edit as fe


@pytest.fixture
def src(tmp_path):
    p = tmp_path / "app.py"
    p.write_text("def f():\n    return 1\n")
    return p


def test_read_reports_the_version(src):
    f = fe.read_file(src)
    assert f.text == "def f():\n    return 1\n" and f.size == len(f.text)
    assert len(f.sha256) == 64 and f.mtime.split(".")[0].isdigit()


def test_binary_and_non_utf8_are_refused(tmp_path):
    b = tmp_path / "b.bin"
    b.write_bytes(b"abc\x00def")
    with pytest.raises(fe.NotTextFile) as info:
        fe.read_file(b)
    assert info.value.kind == "binary" and info.value.details["offset"] == 3
    latin = tmp_path / "l.txt"
    latin.write_bytes("caf\xe9\n".encode("latin-1"))
    with pytest.raises(fe.NotTextFile) as info:
        fe.edit_file(latin, [fe.Modification("caf", "tea")])
    assert info.value.kind == "not_utf8"
    assert latin.read_bytes() == "caf\xe9\n".encode("latin-1")


def test_missing_directory_and_too_large(tmp_path, src):
    with pytest.raises(FileNotFoundError) as missing:
        fe.read_file(tmp_path / "nope.py")
    # The kind of the JSON answers of the CLI, the pipe and the MCP server (docs/json.md).
    assert isinstance(missing.value, fe.MissingFile) and missing.value.kind == "file_not_found"
    with pytest.raises(fe.FileError) as info:
        fe.read_file(tmp_path)
    assert info.value.kind == "is_directory"
    with pytest.raises(fe.FileError) as info:
        fe.read_file(src, max_bytes=3)
    assert info.value.kind == "too_large"


def test_edit_file_writes_and_keeps_permissions(src):
    os.chmod(src, 0o751)
    r = fe.edit_file(src, [fe.Modification("return 1", "return 2")])
    assert r.success and src.read_text() == "def f():\n    return 2\n"
    assert "--- a/" in r.diff and str(src) in r.diff
    assert stat.S_IMODE(os.stat(src).st_mode) == 0o751


def test_edit_file_dry_run_writes_nothing(src):
    r = fe.edit_file(src, [fe.Modification("return 1", "return 2")], dry_run=True)
    assert r.success and "return 2" in r.modified_code and src.read_text() == "def f():\n    return 1\n"


def test_refused_edit_leaves_the_file(src):
    before = src.read_bytes()
    r = fe.edit_file(src, [fe.Modification("return 3", "return 4")])
    assert not r.success and r.errors[0].kind == "not_found" and src.read_bytes() == before


def test_stale_expectations_are_refused(src):
    f = fe.read_file(src)
    src.write_text("def f():\n    return 10\n")
    with pytest.raises(fe.StaleFile) as info:
        fe.edit_file(src, [fe.Modification("return 10", "return 2")], expected_sha256=f.sha256)
    assert info.value.details["what"] == "sha256"
    with pytest.raises(fe.StaleFile):
        fe.write_file(src, "x", expected_sha256=f.sha256)
    assert src.read_text() == "def f():\n    return 10\n"
    now = fe.read_file(src)
    written = fe.write_file(src, "y\n", expected_sha256=now.sha256)
    assert src.read_text() == "y\n" and written.sha256 != now.sha256


def test_symlink_is_edited_at_its_target(tmp_path, src):
    link = tmp_path / "link.py"
    link.symlink_to(src)
    fe.edit_file(link, [fe.Modification("return 1", "return 2")])
    assert link.is_symlink() and src.read_text() == "def f():\n    return 2\n"


def test_crlf_file_edit(tmp_path):
    p = tmp_path / "w.py"
    p.write_bytes(b"a = 1\r\nb = 2\r\n")
    fe.edit_file(p, [fe.Modification("b = 2", "b = 3\nc = 4")])
    assert p.read_bytes() == b"a = 1\r\nb = 3\r\nc = 4\r\n"


def test_write_creates_a_new_file(tmp_path):
    p = tmp_path / "new.txt"
    fe.write_file(p, "hello\n")
    assert p.read_text() == "hello\n"
    assert not [n for n in os.listdir(tmp_path) if n != "new.txt"], "no temporary file left behind"


def test_a_fifo_is_refused_without_blocking(tmp_path):
    # The bindings go through the same guarded path as the CLI: only regular files are opened,
    # and without blocking (a plain open of a FIFO would wait for a writer forever).
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    outcome = {}

    def attempt() -> None:
        try:
            fe.edit_file(fifo, [{"old_string": "a", "new_string": "b"}])
        except fe.FileError as err:
            outcome["error"] = err

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "edit_file blocked on a FIFO"
    assert isinstance(outcome.get("error"), fe.FileError)


def test_concurrent_edits_from_threads_are_all_kept(tmp_path):
    # Two threads editing different lines of one file: the directory lock serialises them, so
    # neither edit is lost.
    import threading

    path = tmp_path / "f.py"
    lines = [f"x{i} = {i}" for i in range(200)]
    path.write_text("\n".join(lines) + "\n")

    def edit(i: int) -> None:
        fe.edit_file(path, [{"old_string": f"x{i} = {i}\n", "new_string": f"x{i} = -{i}\n"}])

    workers = [threading.Thread(target=edit, args=(i,)) for i in range(0, 200, 10)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(30)
    text = path.read_text()
    for i in range(0, 200, 10):
        assert f"x{i} = -{i}\n" in text


def test_busy_has_its_own_class_under_file_error():
    # A lock held past the wait is neither a missing nor a stale file: callers retry it later.
    err = fe.errors.file_error({"kind": "busy", "message": "a.py: busy", "path": "a.py", "waited_ms": 10000})
    assert type(err) is fe.BusyFile and isinstance(err, fe.FileError) and isinstance(err, TimeoutError)
    assert err.kind == "busy" and err.waited_ms == 10000 and str(err) == "a.py: busy"
    assert not isinstance(err, (fe.StaleFile, fe.MissingFile))
    assert type(pickle.loads(pickle.dumps(err))) is fe.BusyFile


def _ref(text, line):
    """The reference of ``line`` (1-based) as a read with hashes shows it."""
    return fe.read_hashes(text).splitlines()[line - 1].split("|", 1)[0]


def test_edit_file_takes_line_modifications_with_search_replace_ones(tmp_path):
    p = tmp_path / "calc.py"
    code = "def total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    return s\n"
    p.write_bytes(code.replace("\n", "\r\n").encode())
    text = fe.read_file(p).text
    result = fe.edit_file(
        p,
        [
            {"old_string": "return s", "new_string": "return s * 2"},
            {"op": "replace", "pos": _ref(text, 4), "lines": ["s += x * x"]},
            fe.LineModification("prepend", _ref(text, 1), lines=["import math"]),
        ],
    )
    assert result.success and result.applied_count == 3, result.message
    # The line edits name lines of the file as read; the search/replace one applies after them.
    want = "import math\ndef total(xs):\n    s = 0\n    for x in xs:\n        s += x * x\n    return s * 2\n"
    assert p.read_bytes() == want.replace("\n", "\r\n").encode()
    assert sorted(m.edit for m in result.matches) == [0, 1, 2]
    assert {m.edit: m.strategy for m in result.matches}[1] == "line_ref"


def test_edit_file_line_modifications_are_all_or_nothing(tmp_path):
    p = tmp_path / "calc.py"
    code = "a = 1\nb = 2\nc = 3\n"
    p.write_text(code)
    stale = {"op": "replace", "pos": "2#ZZ", "lines": ["b = 20"]}
    for mode in ("atomic", "partial"):
        result = fe.edit_file(
            p,
            [{"op": "replace", "pos": _ref(code, 1), "lines": ["a = 10"]}, stale, {"old_string": "c = 3", "new_string": "c = 30"}],
            mode=mode,
        )
        assert not result.success and p.read_text() == code, (mode, result.message)
        # The refusal names the stale modification by its own index, with the current lines.
        assert [(e.index, e.kind) for e in result.errors] == [(1, "stale_reference")], result.errors
        assert _ref(code, 2) in result.errors[0].details["current"]
    # A refused search/replace modification is numbered as sent too, after line ones.
    result = fe.edit_file(p, [{"old_string": "nowhere", "new_string": "x"}, {"op": "append", "pos": _ref(code, 3), "lines": ["d = 4"]}])
    assert not result.success and p.read_text() == code
    assert [(e.index, e.kind) for e in result.errors] == [(0, "not_found")]
    with pytest.raises(ValueError, match="line edits are not in the expected shape"):
        fe.edit_file(p, [fe.LineModification("swap", _ref(code, 1))])
    assert p.read_text() == code
