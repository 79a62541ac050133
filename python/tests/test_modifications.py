"""parse_modifications and apply_modifications: formats, parse problems, modes, statistics."""

import json

import pytest

import fuzzy_edit as fe

CODE = "def add(a, b):\n    return a - b\n\n\ndef sub(a, b):\n    return a + b\n"


def diffcoder(*mods, analysis="why"):
    return json.dumps({"analysis": analysis, "modifications": list(mods), "summary": "done"})


def mod(old, new, **kw):
    return {"old_string": old, "new_string": new, "reason": kw.pop("reason", "r"), **kw}


def test_diffcoder_json_in_prose_and_fence_keeps_reasons_and_raw_output():
    answer = "Looking at it:\n```json\n" + diffcoder(mod("return a - b", "return a + b", reason="add")) + "\n```\nDone."
    mods = fe.parse_modifications(answer)
    assert mods == [fe.Modification("return a - b", "return a + b", "add", False, "")]
    assert (mods.format, mods.raw_output, mods.analysis, mods.summary) == ("json", answer, "why", "done")
    result = fe.apply_modifications(CODE, mods)
    assert result.raw_llm_output == answer


def test_search_replace_blocks():
    answer = "calc.py\n```python\n<<<<<<< SEARCH\n    return a - b\n=======\n    return a + b\n>>>>>>> REPLACE\n```\n"
    mods = fe.parse_modifications(answer)
    assert mods.format == "search_replace"
    assert mods[0].old_string == "    return a - b\n" and mods[0].reason == ""


def test_begin_patch():
    answer = "*** Begin Patch\n*** Update File: calc.py\n@@ def add(a, b):\n-    return a - b\n+    return a + b\n*** End Patch\n"
    mods = fe.parse_modifications(answer)
    assert mods.format == "begin_patch"
    assert fe.apply_modifications(CODE, mods).modified_code.startswith("def add(a, b):\n    return a + b\n")


def test_unified_diff():
    answer = "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n"
    mods = fe.parse_modifications(answer)
    assert mods.format == "unified_diff"
    assert fe.apply_modifications(CODE, mods).success


def test_backslashes_in_code_survive_json():
    answer = '{"modifications": [{"old_string": "re = r\'\\\\d+\'", "new_string": "re = r\'\\\\d*\'"}]}'
    mods = fe.parse_modifications(answer)
    assert mods[0].old_string == "re = r'\\d+'"


@pytest.mark.parametrize(
    "answer, kind",
    [
        ("", "empty"),
        ("I think the bug is on line 2; change the minus to a plus.", "unrecognized"),
        ('{"modifications": []}', "invalid"),
        ('{"modifications": [{"reason": "no strings"}]}', "invalid"),
        ("*** Begin Patch\n*** Add File: new.py\n+x = 1\n*** End Patch\n", "unsupported"),
        (
            json.dumps([{"file_path": "a.py", "old_string": "x", "new_string": "y"}, {"file_path": "b.py", "old_string": "p", "new_string": "q"}]),
            "several_files",
        ),
    ],
)
def test_parse_problems_are_reported_not_guessed(answer, kind):
    with pytest.raises(fe.ParseError) as info:
        fe.parse_modifications(answer)
    assert info.value.kind == kind
    assert info.value.message


def test_malformed_search_replace_names_the_line():
    with pytest.raises(fe.ParseError) as info:
        fe.parse_modifications("a.py\n<<<<<<< SEARCH\nx\n>>>>>>> REPLACE\n")
    assert info.value.line is not None and info.value.kind == "malformed"


def test_atomic_applies_all_or_nothing():
    mods = [fe.Modification("return a - b", "return a + b"), fe.Modification("return a * b", "return 0")]
    r = fe.apply_modifications(CODE, mods)
    assert not r.success and r.modified_code == CODE and r.diff == "" and r.applied_count == 0
    assert [(e.index, e.kind) for e in r.errors] == [(1, "not_found")]
    assert r.errors[0].feedback().startswith("Modification 2 failed (not_found): old_string was not found")


def test_partial_keeps_what_applies_and_reports_the_rest():
    mods = [fe.Modification("return a - b", "return a + b"), fe.Modification("return a * b", "return 0")]
    r = fe.apply_modifications(CODE, mods, mode="partial")
    assert r.success and r.applied_count == r.success_count == 1 and r.total_count == 2
    assert "return a + b\n\n\ndef sub" in r.modified_code
    assert r.errors[0].index == 1 and "Modification 2 failed" in r.feedback()
    assert r.message == "applied 1 of 2 modifications; 1 failed (not_found)"
    # As `fuzzy-edit apply --partial` exits 1 here: not every modification applied.
    assert not r.all_applied


def test_all_applied_agrees_with_the_command_lines_partial_exit():
    mods = [fe.Modification("return a - b", "return a + b")]
    for mode in ("atomic", "partial"):
        r = fe.apply_modifications(CODE, mods, mode=mode)
        assert r.success and r.all_applied
    r = fe.apply_modifications(CODE, [fe.Modification("return a * b", "return 0")], mode="partial")
    assert not r.success and not r.all_applied
    assert not fe.apply_modifications(CODE, [], mode="partial").all_applied


def test_partial_with_nothing_applicable_is_not_a_success():
    r = fe.apply_modifications(CODE, [fe.Modification("nope", "x")], mode="partial")
    assert not r.success and r.applied_count == 0 and r.modified_code == CODE


def test_per_strategy_counts():
    mods = [
        fe.Modification("    return a - b", "    return a + b"),
        fe.Modification("def sub(a, b):\n  return a + b", "def sub(a, b):\n  return a - b"),
        fe.Modification("     1\tdef add(a, b):", "     1\tdef add(a: int, b: int):"),
    ]
    r = fe.apply_modifications(CODE, mods)
    assert r.success and not r.errors
    assert r.strategy_counts == {"exact": 1, "indentation": 1, "line_prefixes": 1}
    assert r.modified_code == "def add(a: int, b: int):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"
    assert sum(r.strategy_counts.values()) == len(r.matches)


def test_replace_all_and_anchor_through_modifications():
    code = "def forward(x):\n    y = tl.tanh(x)\n\ndef backward(x):\n    y = tl.tanh(x)\n"
    r = fe.apply_modifications(code, [{"old_string": "tl.tanh", "new_string": "gelu", "replace_all": True}])
    assert r.modified_code.count("gelu") == 2 and r.applied_count == 1 and len(r.matches) == 2
    r = fe.apply_modifications(code, [fe.Modification("y = tl.tanh(x)", "y = gelu(x)", anchor="def backward(")])
    assert r.modified_code.endswith("def backward(x):\n    y = gelu(x)\n")


def test_overlapping_modifications_conflict():
    mods = [fe.Modification("def add(a, b):\n    return a - b", "X"), fe.Modification("    return a - b", "Y")]
    r = fe.apply_modifications(CODE, mods)
    assert [(e.index, e.kind) for e in r.errors] == [(1, "conflict")]


def test_sequential_modifications_written_after_each_other():
    mods = [fe.Modification("return a - b", "return a + b"), fe.Modification("return a + b\n\n\ndef sub", "return a + b  # fixed\n\n\ndef sub")]
    r = fe.apply_modifications(CODE, mods)
    assert r.success and r.sequential and "# fixed" in r.modified_code


def test_empty_edit_is_not_counted_as_applied():
    r = fe.apply_modifications(CODE, [fe.Modification("return a - b", "return a - b")], mode="partial")
    assert r.applied_count == 0 and r.errors[0].kind == "no_change"


def test_no_modifications():
    r = fe.apply_modifications(CODE, [])
    assert not r.success and r.total_count == 0 and r.message == "no modifications to apply"


def test_result_serializes():
    r = fe.apply_modifications(CODE, [fe.Modification("return a - b", "return a + b")])
    d = json.loads(json.dumps(r.to_dict()))
    assert d["strategy_counts"] == {"exact": 1} and d["matches"][0]["start_line"] == 2


def test_bad_mode():
    with pytest.raises(ValueError):
        fe.apply_modifications(CODE, [], mode="best-effort")


def test_a_hunk_header_reaches_the_engine():
    # Two equal places: the hunk header's line (3) is the only thing that tells them apart, so
    # the edit applies only if every field of the parsed edit crosses into the engine.
    code = "a = 1\nb = 2\na = 1\n"
    mods = fe.parse_modifications("--- a/f.py\n+++ b/f.py\n@@ -3,1 +3,1 @@\n-a = 1\n+a = 3\n")
    assert mods[0].near_line == 3 and mods[0].final_newline is None
    r = fe.apply_modifications(code, mods)
    assert r.success, r.feedback()
    assert r.modified_code == "a = 1\nb = 2\na = 3\n"
    # Without the header's line the same edit is ambiguous.
    bare = fe.Modification(mods[0].old_string, mods[0].new_string)
    assert not fe.apply_modifications(code, [bare]).success
