"""The LangGraph example graph against the local replay server (skipped only when LangGraph is
not installed; CI installs it)."""

import os

import pytest

from fuzzy_edit import demo
from fuzzy_edit.langgraph import create_diff_coder_node, verifier_router
from fuzzy_edit.repair import OpenAIChat, ShellVerifier


def test_diff_coder_node_reads_and_writes_the_seed_state_keys(replay):
    server = replay([demo.ROUND_1])
    node = create_diff_coder_node(OpenAIChat("replay", server.base_url, timeout=10))
    update = node({"coder_code": demo.BROKEN_CODE, "verifier_error": "AssertionError: mean", "conductor_suggestion": "check mean"})
    assert update["diff_coder_success"] is True and update["diff_coder_modifications"] == 1
    assert "+    return total / len(values)" in update["diff_coder_diff"]
    assert update["coder_code"] != demo.BROKEN_CODE
    assert update["diff_coder_message"] == "applied 1 of 2 modifications; 1 failed (not_found)"
    assert "Modification 2 failed (not_found)" in update["diff_coder_errors"]
    prompt = server.requests[0]["messages"][-1]["content"]
    assert "AssertionError: mean" in prompt and "## Expert suggestion\ncheck mean" in prompt


def test_diff_coder_node_reports_a_model_error_in_the_state(replay):
    server = replay([])
    node = create_diff_coder_node(OpenAIChat("replay", server.base_url, retries=0))
    update = node({"coder_code": "x\n", "verifier_error": "e"})
    assert update["diff_coder_success"] is False and update["diff_coder_message"].startswith("model error")


def test_router_stops_at_max_step():
    assert verifier_router({"verifier_result": False, "step": 3, "max_step": 3}) == "finish"
    assert verifier_router({"verifier_result": False, "step": 2, "max_step": 3}) == "conductor"
    assert verifier_router({"verifier_result": True, "step": 1, "max_step": 3}) == "finish"


def needs_langgraph():
    if os.environ.get("FUZZY_EDIT_REQUIRE_LANGGRAPH"):
        import langgraph  # noqa: F401 - CI installs the extra: a missing LangGraph is a failure there
    else:
        pytest.importorskip("langgraph")


def test_example_graph_repairs_the_demo(replay, example):
    needs_langgraph()
    from fuzzy_edit.langgraph import build_example_graph

    path, verify = example
    server = replay(demo.SCRIPT)
    app = build_example_graph(
        lambda state: demo.BROKEN_CODE,
        ShellVerifier(verify, write_to=path, timeout=60),
        OpenAIChat("replay", server.base_url, timeout=10),
    )
    final = app.invoke({"max_step": 5})
    assert final["verifier_result"] is True and final["step"] == 3
    assert "(ordered[mid - 1] + ordered[mid]) / 2" in final["coder_code"]
    assert len(server.requests) == 2
    assert "Modification 2 failed (not_found)" in server.requests[1]["messages"][-1]["content"]


def test_example_graph_gives_up_at_max_step(replay, example):
    needs_langgraph()
    from fuzzy_edit.langgraph import build_example_graph

    path, verify = example
    server = replay([demo.ROUND_1, demo.ROUND_1, demo.ROUND_1])
    app = build_example_graph(lambda s: demo.BROKEN_CODE, ShellVerifier(verify, write_to=path, timeout=60), OpenAIChat("replay", server.base_url, timeout=10))
    final = app.invoke({"max_step": 2})
    assert final["verifier_result"] is False and final["step"] == 2 and len(server.requests) == 1
