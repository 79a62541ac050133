"""Lazy snippets beyond the merge: verify_snippet, and the apply-model fallback of the repair loop
against the bundled local replay server (never the network)."""

import json

import pytest

import fuzzy_edit as fe
from fuzzy_edit.repair import OpenAIChat, repair

# Two functions with the same body: a piece showing `x()` alone fits both, so the engine refuses;
# an apply model may still write the merge meant (y() after the first x()).
ORIGINAL = "def a():\n    x()\n\n\ndef b():\n    x()\n"
SNIPPET = "# ... existing code ...\n    x()\n    y()\n# ... existing code ...\n"
RIGHT = "def a():\n    x()\n    y()\n\n\ndef b():\n    x()\n"
# The same merge, plus a change the snippet does not make.
UNRELATED = RIGHT.replace("def b():\n    x()", "def b():\n    z()")


def test_verify_snippet_passes_the_merge_meant_and_lists_what_else_changed():
    assert fe.verify_snippet(ORIGINAL, SNIPPET, RIGHT)
    v = fe.verify_snippet(ORIGINAL, SNIPPET, UNRELATED, path="m.py")
    assert not v
    assert v.findings_total >= 1
    assert {"kind": "added", "merged_line": 7, "file_line": None, "snippet_line": None, "text": "z()"} in v.findings
    assert "z()" in v.message


def test_verify_snippet_checks_syntax_by_the_paths_language():
    broken = RIGHT.replace("    y()\n", "    y(\n")
    v = fe.verify_snippet(ORIGINAL, SNIPPET.replace("y()", "y("), broken, path="m.py")
    assert [f["kind"] for f in v.findings] == ["syntax"]
    assert fe.verify_snippet(ORIGINAL, SNIPPET.replace("y()", "y("), broken)


def test_merge_snippet_without_a_model_raises_the_engines_refusal():
    with pytest.raises(fe.SnippetUnplaced):
        fe.merge_snippet(ORIGINAL, SNIPPET)
    assert fe.merge_snippet(ORIGINAL, "def b():\n    x()\n    w()\n").source == "engine"


def fenced(text):
    return f"```python\n{text}```"


def answer_with_snippet():
    return json.dumps({"modifications": [{"snippet": SNIPPET, "reason": "call y after x in a"}]})


def test_a_verified_model_merge_is_written(replay, tmp_path):
    path = tmp_path / "m.py"
    path.write_text(ORIGINAL)
    server = replay([fenced(RIGHT)])
    result = repair(
        path=str(path),
        verifier=lambda code: "    x()\n    y()\n" in code,
        model=lambda messages: answer_with_snippet(),
        apply_model=OpenAIChat("replay", server.base_url, timeout=10),
        max_steps=1,
    )
    assert result.success, result.rounds[0].feedback
    assert path.read_text() == RIGHT
    assert result.rounds[0].apply["strategy_counts"] == {"apply_model": 1}
    # The apply model saw the file and the snippet.
    sent = server.requests[0]["messages"][1]["content"]
    assert ORIGINAL in sent and SNIPPET in sent


def test_a_model_merge_with_an_unrelated_change_is_rejected(replay, tmp_path):
    path = tmp_path / "m.py"
    path.write_text(ORIGINAL)
    server = replay([fenced(UNRELATED)])
    result = repair(
        path=str(path),
        verifier=lambda code: "    x()\n    y()\n" in code,
        model=lambda messages: answer_with_snippet(),
        apply_model=OpenAIChat("replay", server.base_url, timeout=10),
        max_steps=1,
    )
    assert not result.success
    assert path.read_text() == ORIGINAL
    (error,) = result.rounds[0].apply["errors"]
    assert error["kind"] == "snippet_unplaced"
    assert error["details"]["verify"]["findings"][0]["text"] == "z()"
    assert "rejected" in error["message"]
    assert server.remaining == 0


def test_modifications_carry_a_snippet():
    mods = fe.parse_modifications(answer_with_snippet())
    assert [(m.snippet, m.reason) for m in mods] == [(SNIPPET, "call y after x in a")]
    r = fe.apply_modifications(ORIGINAL, [{"snippet": "def b():\n    x()\n    w()\n"}])
    assert r.success and r.modified_code == ORIGINAL + "    w()\n"
    assert r.strategy_counts == {"snippet": 1}


def test_a_fenced_block_that_names_the_file_is_a_snippet_modification():
    answer = "Call y after x:\n\n```python m.py\n" + SNIPPET + "```\n"
    mods = fe.parse_modifications(answer)
    assert [m.snippet for m in mods] == [SNIPPET]
    # The engine refuses it (x() fits twice), as in the cases above.
    r = fe.apply_modifications(ORIGINAL, mods)
    assert not r.success and r.errors[0].kind == "snippet_unplaced"
