"""Line-addressed edits from Python: reads with hashes, edits by ``LINE#ID``, their refusals,
and line modifications in the repair loop (through the local replay server)."""

import json
import random
import re

import pytest

import fuzzy_edit as fe
from fuzzy_edit import demo
from fuzzy_edit.repair import OpenAIChat, repair

CODE = "def total(items):\n    s = 0\n    for x in items:\n        s += x\n    return s\n"


def ref(text, number):
    """The reference of line ``number`` as a read shows it."""
    shown = fe.read_hashes(text, (number, number))
    return shown.split("|", 1)[0]


def test_a_read_shows_every_line_with_its_reference():
    shown = fe.read_hashes(CODE)
    lines = shown.splitlines()
    assert len(lines) == 5 == fe.count_lines(CODE)
    for number, (line, original) in enumerate(zip(lines, CODE.splitlines()), 1):
        assert re.fullmatch(rf"{number}#[ZPMQVRWSNKTXJBYH]{{2}}\|", line[: len(line) - len(original)])
        assert line.endswith(original)
    assert fe.read_hashes(CODE, "2:3") == "\n".join(lines[1:3]) + "\n"
    assert fe.read_hashes(CODE, (4, 99)) == "\n".join(lines[3:]) + "\n"
    assert fe.read_hashes("") == "" and fe.count_lines("") == 0


def test_a_read_leaves_line_endings_and_the_bom_out():
    crlf = "\ufeff" + CODE.replace("\n", "\r\n")
    assert fe.read_hashes(crlf) == fe.read_hashes(CODE)


@pytest.mark.parametrize("bad", ["0:2", "3:1", "x", (0, 1), (3, 2)])
def test_a_bad_range_is_a_value_error(bad):
    with pytest.raises(ValueError, match="lines must be"):
        fe.read_hashes(CODE, bad)


def test_replace_append_prepend_by_reference():
    out = fe.apply_line_edits(
        CODE,
        [
            {"op": "replace", "pos": ref(CODE, 2), "lines": ["s = 1"]},
            fe.LineEdit("append", ref(CODE, 4), lines=["        print(s)"]),
            {"op": "prepend", "pos": ref(CODE, 1), "lines": "import os"},
        ],
    )
    assert out.text == (
        "import os\ndef total(items):\n    s = 1\n    for x in items:\n        s += x\n"
        "        print(s)\n    return s\n"
    )
    assert out.followed == [] and len(out.matches) == 3 and out.original == CODE


def test_crlf_bom_no_final_newline_and_tabs_are_kept():
    text = "\ufeffif a:\r\n\tb()\r\n\tc()"
    out = fe.apply_line_edits(text, [{"op": "replace", "pos": ref(text, 3), "end": ref(text, 3), "lines": ["d()"]}])
    assert out.text == "\ufeffif a:\r\n\tb()\r\n\td()"


def test_a_changed_line_is_refused_with_the_current_lines():
    read = ref(CODE, 2)
    changed = CODE.replace("s = 0", "s = 10")
    with pytest.raises(fe.StaleReference) as err:
        fe.apply_line_edits(changed, [{"op": "replace", "pos": read, "lines": ["s = 1"]}])
    e = err.value
    assert e.kind == "stale_reference" and isinstance(e, fe.EditError)
    assert e.details["references"][0]["reference"] == read
    assert ref(changed, 2) + "|    s = 10" in e.details["current"]
    assert ref(changed, 2) in e.message


def test_lines_inserted_above_are_followed_and_said():
    refs = [ref(CODE, 3), ref(CODE, 4), ref(CODE, 5)]
    moved = "# header\n# more\n" + CODE
    out = fe.apply_line_edits(
        moved,
        [
            {"op": "replace", "pos": refs[0], "end": refs[1], "lines": ["s = sum(items)"]},
            {"op": "append", "pos": refs[2], "lines": ["# end"]},
        ],
    )
    assert out.text == "# header\n# more\ndef total(items):\n    s = 0\n    s = sum(items)\n    return s\n# end\n"
    assert [(f.reference, f.line) for f in out.followed] == list(zip(refs, [5, 6, 7]))


def test_two_references_are_too_few_to_follow():
    refs = [ref(CODE, 3), ref(CODE, 4)]
    with pytest.raises(fe.StaleReference):
        fe.apply_line_edits("# header\n" + CODE, [{"op": "replace", "pos": refs[0], "end": refs[1], "lines": []}])


def test_overlapping_edits_are_refused():
    with pytest.raises(fe.OverlappingEdits) as err:
        fe.apply_line_edits(
            CODE,
            [
                {"op": "replace", "pos": ref(CODE, 2), "end": ref(CODE, 4), "lines": []},
                {"op": "replace", "pos": ref(CODE, 3), "lines": ["x"]},
            ],
        )
    assert (err.value.details["first"], err.value.details["second"]) == (0, 1)


def test_bad_references_are_refused_and_plain_numbers_need_the_option():
    with pytest.raises(fe.StaleReference) as err:
        fe.apply_line_edits(CODE, [{"op": "replace", "pos": "99#ZZ", "lines": ["x"]}])
    assert err.value.details["references"][0]["current_id"] is None
    with pytest.raises(fe.BadReference):
        fe.apply_line_edits(CODE, [{"op": "replace", "pos": "2", "lines": ["s = 1"]}])
    out = fe.apply_line_edits(CODE, [{"op": "replace", "pos": "2", "lines": ["s = 1"]}], line_numbers=True)
    assert out.text == CODE.replace("s = 0", "s = 1")


def test_malformed_edits_are_value_errors():
    with pytest.raises(ValueError, match="line edits are not in the expected shape"):
        fe.apply_line_edits(CODE, [{"op": "swap", "pos": ref(CODE, 2)}])
    with pytest.raises(TypeError):
        fe.apply_line_edits(CODE, "replace 2")  # type: ignore[arg-type]


def test_random_edits_by_reference_apply_exactly():
    """Random texts, random non-overlapping single-line replacements by reference: the result
    is the text with exactly those lines replaced (lines carry a letter, so no re-indentation
    or echo cleaning applies)."""
    rng = random.Random(7)
    for _ in range(200):
        lines = [f"v{rng.randrange(1000)} = {rng.randrange(9)}" for _ in range(rng.randrange(1, 30))]
        text = "\n".join(lines) + "\n"
        chosen = sorted(rng.sample(range(len(lines)), rng.randrange(1, len(lines) + 1)))
        edits = [{"op": "replace", "pos": ref(text, i + 1), "lines": [f"w{i} = 0"]} for i in chosen]
        rng.shuffle(edits)
        expected = [f"w{i} = 0" if i in chosen else line for i, line in enumerate(lines)]
        assert fe.apply_line_edits(text, edits).text == "\n".join(expected) + "\n"


def test_line_modifications_in_a_diffcoder_answer():
    answer = json.dumps(
        {
            "analysis": "subtract one too many",
            "modifications": [
                {"op": "replace", "pos": ref(CODE, 5), "lines": ["return s + 0"], "reason": "keep"},
                {"old_string": "s += x", "new_string": "s += 2 * x", "reason": "double"},
            ],
        }
    )
    mods = fe.parse_modifications(answer)
    assert isinstance(mods[0], fe.LineModification) and isinstance(mods[1], fe.Modification)
    assert [m.reason for m in mods] == ["keep", "double"] and mods.analysis == "subtract one too many"
    r = fe.apply_modifications(CODE, mods)
    assert r.success and r.applied_count == 2 and not r.errors
    assert r.modified_code == CODE.replace("s += x", "s += 2 * x").replace("return s\n", "return s + 0\n")


def test_a_stale_line_modification_fails_the_transaction_with_its_index():
    mods = [
        {"old_string": "s = 0", "new_string": "s = 1"},
        {"op": "replace", "pos": "5#ZZ", "lines": ["return 0"]},
    ]
    atomic = fe.apply_modifications(CODE, mods)
    assert not atomic.success and atomic.modified_code == CODE
    assert [(e.index, e.kind) for e in atomic.errors] == [(1, "stale_reference")]
    partial = fe.apply_modifications(CODE, mods, mode="partial")
    assert partial.success and partial.applied_count == 1 and not partial.all_applied
    assert partial.modified_code == CODE.replace("s = 0", "s = 1")


def test_the_repair_loop_applies_line_modifications(replay, example):
    path, verify = example
    code = demo.BROKEN_CODE
    numbered = fe.read_hashes(code).splitlines()
    mean_line = next(r.split("|")[0] for r in numbered if "len(values) - 1" in r)
    median_line = [r.split("|")[0] for r in numbered if r.endswith("return ordered[mid]")][1]
    answer = json.dumps(
        {
            "analysis": "mean divides by n - 1; an even median takes one value",
            "modifications": [
                {"op": "replace", "pos": mean_line, "lines": ["return total / len(values)"]},
                {"op": "replace", "pos": median_line, "lines": ["return (ordered[mid - 1] + ordered[mid]) / 2"]},
            ],
        }
    )
    server = replay([answer])
    result = repair(path=path, verifier=verify, model=OpenAIChat("replay", server.base_url, timeout=10))
    assert result.success and result.stop_reason == "passed" and len(result.rounds) == 1
    assert result.rounds[0].apply["applied_count"] == 2
    assert result.rounds[0].modifications[0]["op"] == "replace"
    with open(path) as f:
        fixed = f.read()
    assert "    return total / len(values)\n" in fixed
    assert "    return (ordered[mid - 1] + ordered[mid]) / 2\n" in fixed
