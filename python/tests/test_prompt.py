"""The prompt: the shipped template, line numbers, error-log truncation, feedback section."""

import pytest

import fuzzy_edit as fe
from fuzzy_edit.repair import PromptTemplate, build_messages, number_lines, truncate_error_log


def test_shipped_template_has_every_rule_and_section():
    text = build_messages("x = 1\n", "NameError: y", suggestion="define y")[1]["content"]
    for needle in [
        "## Original code",
        "## Error log",
        "## Expert suggestion\ndefine y",
        "occur exactly once",
        "Copy old_string exactly",
        "indentation style",
        "minimal",
        "from top to bottom",
        '"replace_all": true',
        '"anchor"',
        "never as \\\\n",
        "     1\tx = 1",
        "NameError: y",
    ]:
        assert needle in text, needle
    assert "Feedback on your previous answer" not in text


def test_optional_sections_are_left_out_and_feedback_comes_in():
    plain = build_messages("x\n", "err", line_numbers=False)[1]["content"]
    assert "Expert suggestion" not in plain and "line number" not in plain and "```\nx\n```" in plain
    later = build_messages("x\n", "err", feedback="Modification 1 failed (not_found): ...")[1]["content"]
    assert "## Feedback on your previous answer\nModification 1 failed (not_found)" in later


def test_numbered_code_copied_by_a_model_still_applies():
    code = "def f(x):\n    if x:\n        return 1\n    return 0\n"
    numbered = number_lines(code)
    old = "\n".join(numbered.split("\n")[1:3])  # the model copies two numbered lines
    out = fe.apply(code, old, old.replace("return 1", "return 2"))
    assert out.text == code.replace("return 1", "return 2")


def test_truncation_keeps_head_and_tail():
    log = "Traceback (most recent call last):\n" + "frame\n" * 5000 + "ZeroDivisionError: division by zero\n"
    out = truncate_error_log(log, 1000)
    assert len(out) <= 1000 + 60
    assert out.startswith("Traceback") and out.rstrip().endswith("ZeroDivisionError: division by zero")
    assert "chars truncated" in out
    in_prompt = build_messages("x\n", log, max_error_chars=1000)[1]["content"]
    assert "ZeroDivisionError" in in_prompt and in_prompt.count("frame") < 200


def test_custom_template_and_its_errors():
    t = PromptTemplate("CODE:\n$original_code\nLOG: $error_log\nCost: $$5")
    msgs = build_messages("a\n", "boom", template=t, line_numbers=False, system="")
    assert msgs == [{"role": "user", "content": "CODE:\na\nLOG: boom\nCost: $5"}]
    with pytest.raises(ValueError, match=r"unknown placeholder \$orignal_code"):
        PromptTemplate("$orignal_code")
    with pytest.raises(ValueError, match="malformed"):
        PromptTemplate("costs $ 5")
