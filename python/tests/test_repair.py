"""The repair loop end to end: a real local chat-completions server replaying a model, a real
verifier running a test file."""

import json
import os
import subprocess
import sys

import pytest

import fuzzy_edit as fe
from fuzzy_edit import demo
from fuzzy_edit.replay import Reply
from fuzzy_edit.repair import OpenAIChat, ShellVerifier, Verdict, repair


def model_for(server, **kw):
    kw.setdefault("timeout", 10)
    return OpenAIChat("replay", server.base_url, **kw)


def test_converges_in_two_rounds_with_feedback(replay, example, tmp_path):
    path, verify = example
    server = replay(demo.SCRIPT)
    seen = []
    history = tmp_path / "history.jsonl"
    result = repair(path=path, verifier=verify, model=model_for(server), history_path=history, on_round=seen.append)

    assert result.success and result.stop_reason == "passed" and len(result.rounds) == 2
    with open(path) as f:
        repaired = f.read()
    assert repaired == result.code
    assert "return total / len(values)\n" in repaired
    assert "return (ordered[mid - 1] + ordered[mid]) / 2\n" in repaired
    assert "all tests passed" in result.final_verdict.output
    assert not result.initial_verdict.passed and "mean([1, 2, 3])" in result.initial_verdict.output

    first, second = result.rounds
    # Round 1: the sloppy answer — one modification re-indented, one refused.
    assert first.apply["applied_count"] == 1 and first.apply["strategy_counts"] == {"indentation": 1}
    assert [e["kind"] for e in first.apply["errors"]] == ["not_found"]
    assert not first.verdict["passed"] and "median([4, 1, 3, 2])" in first.verdict["output"]
    # Round 2's prompt carries round 1's feedback: the failure and the closest fragment.
    prompt2 = second.messages[-1]["content"]
    assert "## Feedback on your previous answer" not in first.messages[-1]["content"]
    assert "## Feedback on your previous answer" in prompt2
    assert "Modification 2 failed (not_found)" in prompt2
    assert "closest text is at lines 18-19" in prompt2
    assert "return total / len(values)" in prompt2, "round 2 sees the code with round 1 applied"
    assert server.requests[1]["messages"] == second.messages
    assert second.verdict["passed"] and second.apply["strategy_counts"] == {"exact": 1}

    # Every round is recorded in full, and the JSON Lines history says the same.
    for r in result.rounds:
        assert r.raw_output and r.modifications and r.usage["prompt_tokens"] > 0
        assert set(r.seconds) == {"model", "apply", "verify", "total"}
    assert first.modifications[1]["reason"] == "an even-length median averages the two middle values"
    lines = [json.loads(line) for line in history.read_text().splitlines()]
    assert [line["type"] for line in lines] == ["round", "round", "result"]
    assert lines[1]["raw_output"] == demo.ROUND_2 and lines[2]["stop_reason"] == "passed"
    assert lines[2]["diff"] == result.diff and "+    return total / len(values)" in result.diff
    assert [r.index for r in seen] == [1, 2]
    out = tmp_path / "again.jsonl"
    result.write_jsonl(out)
    assert out.read_text() == history.read_text()


def test_max_steps(replay, example):
    path, verify = example
    server = replay([demo.ROUND_1])
    result = repair(path=path, verifier=verify, model=model_for(server), max_steps=1)
    assert not result.success and result.stop_reason == "max_steps" and len(result.rounds) == 1
    with open(path) as f:
        assert f.read() == demo.BROKEN_CODE, "a failed repair restores the file"


def test_keep_the_last_attempt_when_asked(replay, example):
    path, verify = example
    server = replay([demo.ROUND_1])
    result = repair(path=path, verifier=verify, model=model_for(server), max_steps=1, restore_on_failure=False)
    with open(path) as f:
        assert f.read() == result.code != demo.BROKEN_CODE


def test_doom_loop_same_modifications_twice(replay):
    same = '{"modifications": [{"old_string": "x = 1", "new_string": "x = 2"}]}'
    server = replay([same, same, same])
    calls = []

    def verifier(code):
        calls.append(code)
        return Verdict(False, "still wrong")

    result = repair("x = 1\n", verifier=verifier, model=model_for(server), max_steps=5)
    assert result.stop_reason == "no_progress" and len(result.rounds) == 2
    assert "same modifications as round 1" in result.message
    assert result.rounds[1].apply["errors"][0]["kind"] == "already_applied"
    assert server.remaining == 1


def test_nothing_applicable_twice_in_a_row(replay):
    server = replay(['{"modifications": [{"old_string": "nope", "new_string": "a"}]}', '{"modifications": [{"old_string": "nah", "new_string": "b"}]}', "unused"])
    result = repair("x = 1\n", verifier=lambda c: False, model=model_for(server), max_steps=5)
    assert result.stop_reason == "no_progress" and len(result.rounds) == 2
    assert "nothing applicable in rounds 1 and 2" in result.message
    assert "Modification 1 failed (not_found)" in result.rounds[1].messages[-1]["content"]


def test_malformed_model_output_is_fed_back(replay):
    good = '{"modifications": [{"old_string": "x = 1", "new_string": "x = 2"}]}'
    server = replay(["Sure! Change x to 2.", good])
    result = repair("x = 1\n", verifier=lambda c: ("x = 2" in c, "x must be 2"), model=model_for(server))
    assert result.success and len(result.rounds) == 2
    assert result.rounds[0].parse_error["kind"] == "unrecognized"
    assert result.rounds[0].verdict is None, "nothing changed, so the verifier was not re-run"
    assert "could not be read as modifications" in result.rounds[1].messages[-1]["content"]


def test_endpoint_errors_and_timeouts_end_the_loop_clearly(replay):
    server = replay([Reply(status=500), Reply(text="late", delay=2.0), Reply(status=502)])
    model = OpenAIChat("replay", server.base_url, timeout=0.3, retries=2, backoff=0.05)
    result = repair("x = 1\n", verifier=lambda c: False, model=model)
    assert not result.success and result.stop_reason == "model_error"
    assert "gave up after 3 attempt(s)" in result.message and "HTTP 502" in result.message
    assert result.rounds[0].error and len(server.requests) == 3


def test_already_passing_asks_no_model(replay):
    server = replay([])
    result = repair("ok\n", verifier=lambda c: True, model=model_for(server))
    assert result.success and result.stop_reason == "already_passing" and not server.requests


def test_verifier_timeout_is_a_failure(tmp_path):
    v = ShellVerifier(f"{sys.executable} -c 'import time; time.sleep(5)'", timeout=0.5)
    verdict = v("x")
    assert not verdict.passed and verdict.exit_code is None and "no result within 0.5 s" in verdict.output


def test_a_file_changed_by_someone_else_is_not_overwritten(replay, example):
    path, verify = example
    server = replay([demo.ROUND_1, demo.ROUND_2])

    def meddle(rnd):
        with open(path, "a") as f:
            f.write("# someone else's line\n")

    result = repair(path=path, verifier=verify, model=model_for(server), on_round=meddle)
    assert result.stop_reason == "file_error" and "changed since it was read" in result.message
    with open(path) as f:
        assert f.read().endswith("# someone else's line\n")


def run_cli(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=120, **kw)


def test_console_command(replay, example, tmp_path):
    path, verify = example
    server = replay(demo.SCRIPT)
    exe = os.path.join(os.path.dirname(sys.executable), "fuzzy-edit-repair")
    args = [path, "--verify", verify, "--model", "replay", "--base-url", server.base_url, "--history", str(tmp_path / "h.jsonl")]
    done = run_cli([exe] + args)
    assert done.returncode == 0, done.stderr
    progress = [line for line in done.stderr.splitlines() if line.startswith("fuzzy-edit-repair: round")]
    assert len(progress) == 2 and "1 applied (indentation 1), 1 failed (not_found)" in progress[0]
    assert "repaired: the verifier passes after 2 round(s)" in done.stderr
    assert done.stdout.count("--- a/stats.py") == 2
    assert len((tmp_path / "h.jsonl").read_text().splitlines()) == 3


def test_python_dash_m_and_exit_codes(replay, example):
    path, verify = example
    server = replay([demo.ROUND_1])
    done = run_cli([sys.executable, "-m", "fuzzy_edit.repair", path, "--verify", verify, "--model", "replay", "--base-url", server.base_url, "--max-steps", "1", "-q"])
    assert done.returncode == 1 and "not repaired" in done.stderr and done.stdout == ""
    done = run_cli([sys.executable, "-m", "fuzzy_edit.repair", path, "--verify", "true", "--model", "m", "--base-url", server.base_url])
    assert done.returncode == 0 and "nothing to repair" in done.stderr
    done = run_cli([sys.executable, "-m", "fuzzy_edit.repair", path + ".missing", "--verify", "true", "--model", "m"])
    assert done.returncode == 2 and "no such file" in done.stderr


def test_shipped_demo_runs(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("FUZZY_EDIT_")}
    done = run_cli([sys.executable, "-m", "fuzzy_edit.demo", "--dir", str(tmp_path)], env=env)
    assert done.returncode == 0, done.stderr
    assert "repaired: the verifier passes after 2 round(s)" in done.stderr
    with open(tmp_path / "stats.py") as f:
        assert "(ordered[mid - 1] + ordered[mid]) / 2" in f.read()


def test_an_exception_from_the_callers_verifier_restores_the_file(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("x = 1\n")
    calls = []

    def verifier(code):
        calls.append(code)
        if len(calls) > 1:
            raise RuntimeError("verifier crashed")
        return False

    answer = '{"modifications": [{"old_string": "x = 1", "new_string": "x = 2"}]}'
    with pytest.raises(RuntimeError, match="verifier crashed"):
        repair(path=p, verifier=verifier, model=lambda m: answer)
    assert calls == ["x = 1\n", "x = 2\n"] and p.read_text() == "x = 1\n"


def test_crlf_file_is_repaired_and_keeps_crlf(tmp_path):
    p = tmp_path / "w.py"
    p.write_bytes(b"def f():\r\n    return 1\r\n")
    answers = iter(['{"modifications": [{"old_string": "def f():\\n    return 1", "new_string": "def f():\\n    return 2"}]}'])
    prompts = []

    def model(messages):
        prompts.append(messages[-1]["content"])
        return next(answers)

    result = repair(path=p, verifier=lambda c: "return 2" in c, model=model)
    assert result.success and p.read_bytes() == b"def f():\r\n    return 2\r\n"
    assert "     1\tdef f():\n     2\t    return 1\n" in prompts[0] and "\r" not in prompts[0]


def test_cli_with_a_custom_template(replay, example, tmp_path):
    path, verify = example
    server = replay(demo.SCRIPT)
    template = tmp_path / "t.txt"
    template.write_text("FIX THIS\n$original_code\nERRORS\n$error_log\n$previous_feedback\nCost: $$0")
    done = run_cli([sys.executable, "-m", "fuzzy_edit.repair", path, "--verify", verify, "--model", "replay", "--base-url", server.base_url, "--template", str(template), "--no-line-numbers", "-q"])
    assert done.returncode == 0, done.stderr
    first, second = (r["messages"][-1]["content"] for r in server.requests)
    assert first.startswith("FIX THIS\n\"\"\"Small statistics helpers.") and first.endswith("Cost: $0")
    assert "Modification 2 failed (not_found)" in second
    template.write_text("$nope")
    done = run_cli([sys.executable, "-m", "fuzzy_edit.repair", path, "--verify", verify, "--model", "m", "--template", str(template)])
    assert done.returncode == 2 and "unknown placeholder $nope" in done.stderr


def test_conductor_suggests_per_round_and_atomic_mode_keeps_nothing_on_a_failure():
    seen = []

    def conductor(code, log):
        seen.append((code, log))
        return f"look at: {log}"

    answers = iter([
        '{"modifications": [{"old_string": "x = 1", "new_string": "x = 2"}, {"old_string": "nope", "new_string": "z"}]}',
        '{"modifications": [{"old_string": "x = 1", "new_string": "x = 2"}]}',
    ])
    prompts = []

    def model(messages):
        prompts.append(messages[-1]["content"])
        return next(answers)

    result = repair("x = 1\n", verifier=lambda c: ("x = 2" in c, "x is not 2"), model=model, conductor=conductor, mode="atomic")
    assert result.success and len(result.rounds) == 2
    assert result.rounds[0].apply["applied_count"] == 0 and result.rounds[0].verdict is None
    assert seen == [("x = 1\n", "x is not 2"), ("x = 1\n", "x is not 2")]
    assert "## Expert suggestion\nlook at: x is not 2" in prompts[0]
    assert "Modification 2 failed (not_found)" in prompts[1]
    assert "they apply all together or not at all" in prompts[1]


def test_line_refs_show_references_and_take_line_modifications(replay, example):
    """With ``line_refs``, the prompt shows every line as ``LINE#ID|text`` (no ``cat -n``
    numbers), says how to send line modifications, and the model's answer by reference is
    applied: each new line at the depth of the line it replaces."""
    from fuzzy_edit.repair.prompt import build_messages

    path, verify = example
    with open(path) as f:
        code = f.read()
    shown = fe.read_hashes(code).splitlines()
    lines = code.splitlines()

    def ref(text, last=False):
        at = len(lines) - 1 - lines[::-1].index(text) if last else lines.index(text)
        return shown[at].split("|", 1)[0]

    answer = demo._answer(
        "mean divides by n - 1; median ignores the lower middle value",
        [
            {"op": "replace", "pos": ref("    return total / (len(values) - 1)"), "lines": ["return total / len(values)"], "reason": "n values"},
            {"op": "replace", "pos": ref("    return ordered[mid]", last=True), "lines": ["return (ordered[mid - 1] + ordered[mid]) / 2"], "reason": "even length"},
        ],
    )
    server = replay([answer])
    result = repair(path=path, verifier=verify, model=model_for(server), line_refs=True)

    assert result.success and len(result.rounds) == 1, result.message
    prompt = result.rounds[0].messages[-1]["content"]
    assert server.requests[0]["messages"] == result.rounds[0].messages
    for line in shown:
        assert line in prompt
    assert "LINE#ID" in prompt and '"op": "replace", "pos": "12#VK"' in prompt
    assert "     1\t" not in prompt
    with open(path) as f:
        repaired = f.read()
    assert "    return total / len(values)\n" in repaired
    assert "    return (ordered[mid - 1] + ordered[mid]) / 2\n" in repaired
    assert result.rounds[0].apply["strategy_counts"] == {"line_ref": 2}
    # Without line_refs the prompt is as before: cat -n numbers, no references.
    plain = build_messages(code, "err")[-1]["content"]
    assert "     1\t" in plain and "LINE#ID" not in plain and shown[0] not in plain
