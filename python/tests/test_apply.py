"""fuzzy_edit.apply: matches, and one test per kind of refusal."""

import threading
import time

import pytest

import fuzzy_edit as fe


def test_exact_match_reports_strategy_lines_and_diff():
    out = fe.apply("def main():\n    run()\n", "run()", "run(True)")
    assert out.text == "def main():\n    run(True)\n"
    assert [(m.strategy, m.lines, m.score) for m in out.matches] == [("exact", (2, 2), 1.0)]
    assert "-    run()\n+    run(True)\n" in out.diff


def test_indentation_drift_is_reindented_to_the_file():
    code = "class A:\n    def f(self):\n        if x:\n            return 1\n"
    out = fe.apply(code, "if x:\n  return 1", "if x:\n  log(x)\n  return 1")
    assert out.text == "class A:\n    def f(self):\n        if x:\n            log(x)\n            return 1\n"
    assert out.matches[0].strategy == "indentation"


def test_copied_cat_n_line_numbers_are_stripped():
    code = "a = 1\nb = 2\nc = 3\n"
    out = fe.apply(code, "     2\tb = 2\n     3\tc = 3", "     2\tb = 20\n     3\tc = 3")
    assert out.text == "a = 1\nb = 20\nc = 3\n"
    assert out.matches[0].strategy == "line_prefixes"


def test_replace_all_replaces_every_occurrence():
    out = fe.apply("x = tl.tanh(a)\ny = tl.tanh(b)\n", "tl.tanh", "gelu", replace_all=True)
    assert out.text == "x = gelu(a)\ny = gelu(b)\n"
    assert [m.start_line for m in out.matches] == [1, 2]


def test_anchor_picks_the_occurrence_after_it():
    code = "def forward(x):\n    y = f(x)\n\ndef backward(x):\n    y = f(x)\n"
    out = fe.apply(code, "y = f(x)", "y = g(x)", anchor="def backward(")
    assert out.text == "def forward(x):\n    y = f(x)\n\ndef backward(x):\n    y = g(x)\n"
    # An empty anchor means none, as DiffCoder's JSON writes it: then the edit is ambiguous.
    with pytest.raises(fe.Ambiguous):
        fe.apply(code, "y = f(x)", "y = g(x)", anchor="")


def test_crlf_file_keeps_crlf():
    out = fe.apply("a\r\nb\r\nc\r\n", "b\nc", "B\nC\nD")
    assert out.text == "a\r\nB\r\nC\r\nD\r\n"


def test_bom_is_kept():
    out = fe.apply("\ufeffx = 1\ny = 2\n", "x = 1", "x = 3")
    assert out.text == "\ufeffx = 3\ny = 2\n"


def test_non_ascii_text_round_trips():
    out = fe.apply("msg = 'héllo wörld ✓'\n", "héllo", "grüß")
    assert out.text == "msg = 'grüß wörld ✓'\n"


def refused(content, old, new, **kw):
    with pytest.raises(fe.EditError) as info:
        fe.apply(content, old, new, **kw)
    err = info.value
    assert err.message == str(err) and err.message, "the feedback is the message"
    assert err.details["kind"] == err.kind
    return err


def test_empty_old():
    err = refused("abc\n", "", "x")
    assert isinstance(err, fe.EmptyOld) and err.kind == "empty_old"


def test_no_change():
    assert isinstance(refused("abc\n", "abc", "abc"), fe.NoChange)


def test_not_found_shows_the_closest_fragment():
    code = "def f():\n    return compute(a, b)\n"
    err = refused(code, "def f():\n    return compute(a, c, d)", "def f():\n    return 0")
    assert isinstance(err, fe.NotFound) and err.kind == "not_found"
    assert err.closest["start_line"] == 1 and err.closest["end_line"] == 2
    assert "return compute(a, b)" in err.closest["text"]
    assert "closest text is at lines 1-2" in err.message


def test_not_found_without_anything_similar():
    err = refused("x\n", "completely different", "y")
    assert isinstance(err, fe.NotFound) and err.closest is None


def test_already_applied():
    err = refused("fn main() {\n    run(true);\n}\n", "    run(false);", "    run(true);")
    assert isinstance(err, fe.AlreadyApplied)
    assert err.details["location"]["start_line"] == 2


def test_ambiguous_lists_every_candidate():
    err = refused("x = 1\ny = 2\nx = 1\n", "x = 1", "x = 3")
    assert isinstance(err, fe.Ambiguous)
    assert [c["start_line"] for c in err.candidates] == [1, 3]
    assert "replace_all" in err.message and "anchor" in err.message


def test_low_confidence_between_two_alike_blocks():
    code = (
        "@triton.jit\ndef k1(x_ptr, y_ptr, scale):\n    x = tl.load(x_ptr)\n    x = x * scale\n"
        "    y = tl.exp(x)\n    tl.store(y_ptr, y)\n\n@triton.jit\ndef k2(x_ptr, y_ptr, scale):\n"
        "    x = tl.load(x_ptr)\n    x = x * scale\n    y = tl.log(x)\n    tl.store(y_ptr, y)\n"
    )
    old = "    x = tl.load(x_ptr)\n    x = x * scale\n    y = tl.sqrt(x)\n    tl.store(y_ptr, y)"
    new = "    x = tl.load(x_ptr)\n    x = x * scale * 2\n    y = tl.sqrt(x)\n    tl.store(y_ptr, y)"
    err = refused(code, old, new)
    assert isinstance(err, fe.LowConfidence)
    lines = sorted((err.details[k]["start_line"], err.details[k]["end_line"]) for k in ("best", "runner_up"))
    assert lines == [(3, 6), (10, 13)]


def test_content_mismatch_when_the_changed_line_is_misremembered():
    code = "fn calculate() {\n    let result = a + b;\n    return result;\n}\n"
    old = "fn calculate() {\n    let result = a + b; // sum\n    return result;\n}"
    new = "fn calculate() {\n    let result = a + b + c; // sum\n    return result;\n}"
    err = refused(code, old, new)
    assert isinstance(err, fe.ContentMismatch)
    assert "let result = a + b;" in err.details["file_text"]


def test_whitespace_only():
    err = refused("a  =  1\n", "a = 1", "a =  1")
    assert isinstance(err, fe.WhitespaceOnly)


def test_anchor_not_found():
    err = refused("a\nb\n", "b", "c", anchor="def nowhere(")
    assert isinstance(err, fe.AnchorNotFound) and err.details["anchor"] == "def nowhere("


def test_anchor_ambiguous():
    err = refused("def f():\n    x\ndef f():\n    x\n", "x", "y", anchor="def f():")
    assert isinstance(err, fe.AnchorAmbiguous) and err.details["lines"] == [1, 3]


def test_not_found_after_anchor():
    err = refused("x = 1\ndef g():\n    pass\n", "x = 1", "x = 2", anchor="def g():")
    assert isinstance(err, fe.NotFoundAfterAnchor) and err.details["anchor_line"] == 2


def test_every_kind_has_its_class():
    from fuzzy_edit.errors import EDIT_ERRORS, edit_error

    assert len(EDIT_ERRORS) == 17  # the engine's kinds, snippet_unplaced and the line-edit kinds among them
    for kind, cls in (("stale_reference", fe.StaleReference), ("overlapping_edits", fe.OverlappingEdits), ("bad_reference", fe.BadReference)):
        assert type(edit_error({"kind": kind, "message": "m"})) is cls
    assert type(edit_error({"kind": "snippet_unplaced", "message": "m"})) is fe.SnippetUnplaced
    assert type(edit_error({"kind": "conflict", "message": "m"})) is fe.Conflict
    # A kind from a newer engine still raises the base class, with its details.
    future = edit_error({"kind": "brand_new", "message": "m", "x": 1})
    assert type(future) is fe.EditError and future.kind == "brand_new" and future.details["x"] == 1


def test_an_unclear_elision_comment_in_new_is_refused() -> None:
    code = "def f():\n    return 1\n"
    with pytest.raises(fe.UnclearElision) as err:
        fe.apply(code, "    return 1", "    return 1\n    # ...\n    log()")
    assert err.value.kind == "unclear_elision"
    assert "elision marker" in err.value.message


def test_errors_pickle():
    import pickle

    err = refused("x = 1\nx = 1\n", "x = 1", "x = 2")
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is fe.Ambiguous and again.candidates == err.candidates


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        fe.apply(b"bytes", "a", "b")


def test_the_gil_is_released_while_the_engine_runs():
    # A Python thread keeps ticking during one long engine call (an absent, fuzzy old in a
    # 300,000-line text); were the GIL held, it could not tick until the call returned.
    text = "".join(f"    value_{i} = compute(alpha_{i % 97}, beta_{i % 89}) + {i}\n" for i in range(300_000))
    old = "\n".join(f"    valu_{i} = compte(alpa_{i}, bta_{i}) - {i * 7}" for i in range(30))
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    thread = threading.Thread(target=ticker)
    thread.start()
    time.sleep(0.01)
    start = time.perf_counter()
    with pytest.raises(fe.NotFound):
        fe.apply(text, old, "x")
    end = time.perf_counter()
    stop.set()
    thread.join(timeout=10)
    during = [t for t in ticks if start < t < end]
    assert end - start > 0.02, "the call is too short to tell"
    assert len(during) >= 3, f"{len(during)} ticks in a {end - start:.3f} s engine call"


def test_apply_snippet_keeps_what_the_marker_stands_for():
    import fuzzy_edit

    stack = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n"
    snippet = "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)\n"
    out = fuzzy_edit.apply_snippet(stack, snippet)
    assert out.text == stack + "\n    def size(self):\n        return len(self.items)\n"
    assert out.matches[0].strategy == "snippet"


def test_apply_snippet_refuses_a_piece_that_fits_twice():
    import fuzzy_edit

    text = "def a():\n    x()\n\ndef b():\n    x()\n"
    try:
        fuzzy_edit.apply_snippet(text, "# ...\n    x()\n    y()\n# ...")
    except fuzzy_edit.EditError as e:
        assert e.kind == "snippet_unplaced"
        assert "fits 2 places" in str(e)
    else:
        raise AssertionError("applied")


def test_every_field_of_an_edit_reaches_the_engine():
    text = "a = 1\nb = 2\na = 1\n"
    # Two equal places: a line hint or a line above breaks the tie; without either, refused.
    with pytest.raises(fe.Ambiguous):
        fe.apply(text, "a = 1", "a = 3")
    assert fe.apply(text, "a = 1", "a = 3", near_line=3).text == "a = 1\nb = 2\na = 3\n"
    assert fe.apply(text, "a = 1", "a = 3", near_context="b = 2").text == "a = 1\nb = 2\na = 3\n"
    # The final line ending, as asked, where the edit reaches the end of the text.
    assert fe.apply("x\ny", "y", "z", final_newline=True).text == "x\nz\n"
    assert fe.apply("x\ny\n", "y\n", "z\n", final_newline=False).text == "x\nz"
