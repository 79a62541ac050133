"""LangGraph integration (seed 002 §7.4): a DiffCoder node factory, the verifier and conductor
nodes and routers around it, and a runnable example graph

    Coder → Verifier → (pass or max_step) → END
               ↘ fail → Conductor → DiffCoder → Verifier → …

The node factories return plain functions ``state -> update`` and need nothing from LangGraph;
only :func:`build_example_graph` imports it (``pip install "fuzzy-edit[langgraph]"``).
Run the example against the bundled replay server with ``python -m fuzzy_edit.langgraph``.

State keys read by the DiffCoder node: ``coder_code``, ``verifier_error``,
``conductor_suggestion`` and ``diff_coder_errors`` (the previous round's feedback, §8.2).
Written: ``coder_code``, ``diff_coder_success``, ``diff_coder_diff``, ``diff_coder_message``,
``diff_coder_modifications`` (the number applied), ``diff_coder_errors``,
``diff_coder_raw_output`` and ``diff_coder_strategy_counts``.
"""

from __future__ import annotations

import sys
import tempfile
from typing import Any, Callable, Dict, Optional, Union

from .errors import ParseError
from .modifications import apply_modifications, parse_modifications
from .repair.loop import feedback_for
from .repair.model import Model, ModelError, ask
from .repair.prompt import SYSTEM_MESSAGE, PromptTemplate, build_messages
from .repair.verify import ShellVerifier, Verifier, run_verifier

try:
    from typing import TypedDict
except ImportError:  # pragma: no cover
    from typing_extensions import TypedDict

Node = Callable[[Dict[str, Any]], Dict[str, Any]]


class DiffCoderState(TypedDict, total=False):
    """The graph state (seed 002 §7.4, plus the step counter and the feedback key of §8.2)."""

    task: str
    coder_code: str
    verifier_result: bool
    verifier_error: str
    conductor_suggestion: str
    diff_coder_success: bool
    diff_coder_diff: str
    diff_coder_message: str
    diff_coder_modifications: int
    diff_coder_errors: str
    diff_coder_raw_output: str
    diff_coder_strategy_counts: Dict[str, int]
    step: int
    max_step: int


def create_diff_coder_node(
    model: Model,
    *,
    mode: str = "partial",
    template: Optional[Union[PromptTemplate, str]] = None,
    line_numbers: bool = True,
    max_error_chars: int = 5000,
    system: str = SYSTEM_MESSAGE,
) -> Node:
    """The DiffCoder node: prompt the model with the code, the error and the suggestion, apply
    its modifications, and write the result back to the state. A model error or an unreadable
    answer is reported in the state (``diff_coder_success`` false), never raised, so the graph
    can route on it."""
    tmpl = template if isinstance(template, PromptTemplate) else PromptTemplate(template)

    def diff_coder(state: Dict[str, Any]) -> Dict[str, Any]:
        code = state.get("coder_code", "")
        messages = build_messages(
            code,
            state.get("verifier_error", ""),
            suggestion=state.get("conductor_suggestion", ""),
            feedback=state.get("diff_coder_errors", ""),
            template=tmpl,
            line_numbers=line_numbers,
            max_error_chars=max_error_chars,
            system=system,
        )
        update: Dict[str, Any] = {
            "diff_coder_success": False,
            "diff_coder_diff": "",
            "diff_coder_modifications": 0,
            "diff_coder_strategy_counts": {},
            "diff_coder_raw_output": "",
        }
        try:
            reply = ask(model, messages)
        except ModelError as e:
            update.update(diff_coder_message=f"model error: {e}", diff_coder_errors="")
            return update
        update["diff_coder_raw_output"] = str(reply)
        try:
            mods = parse_modifications(str(reply))
        except ParseError as e:
            update.update(
                diff_coder_message=f"unreadable answer: {e.message}",
                diff_coder_errors=feedback_for(None, e, False),
            )
            return update
        result = apply_modifications(code, mods, mode=mode)
        update.update(
            coder_code=result.modified_code,
            diff_coder_success=result.success,
            diff_coder_diff=result.diff,
            diff_coder_message=result.message,
            diff_coder_modifications=result.applied_count,
            diff_coder_strategy_counts=result.strategy_counts,
            diff_coder_errors=feedback_for(result, None, False),
        )
        return update

    return diff_coder


def create_verifier_node(verifier: Union[Verifier, str]) -> Node:
    """Run the verifier on ``coder_code``; write ``verifier_result``, ``verifier_error`` and
    count the ``step``."""
    check = ShellVerifier(verifier) if isinstance(verifier, str) else verifier

    def verify(state: Dict[str, Any]) -> Dict[str, Any]:
        verdict = run_verifier(check, state.get("coder_code", ""))
        return {
            "verifier_result": verdict.passed,
            "verifier_error": "" if verdict.passed else verdict.output,
            "step": state.get("step", 0) + 1,
        }

    return verify


def create_conductor_node(conductor: Optional[Callable[[str, str], str]] = None) -> Node:
    """The Conductor: ``conductor(code, error_log) -> suggestion`` (an LLM call, typically).
    Without one, the suggestion points at the log's last line, where the error usually is."""

    def conduct(state: Dict[str, Any]) -> Dict[str, Any]:
        code, log = state.get("coder_code", ""), state.get("verifier_error", "")
        if conductor is not None:
            return {"conductor_suggestion": conductor(code, log)}
        lines = [line.strip() for line in log.splitlines() if line.strip()]
        hint = f"Start from the last error reported: {lines[-1]}" if lines else ""
        return {"conductor_suggestion": hint}

    return conduct


def create_coder_node(coder: Callable[[Dict[str, Any]], str]) -> Node:
    """The Coder: ``coder(state) -> code`` writes the first version of ``coder_code``."""
    return lambda state: {"coder_code": coder(state), "step": state.get("step", 0)}


def verifier_router(state: Dict[str, Any]) -> str:
    """After the verifier: ``"finish"`` when it passed or ``max_step`` is spent, else
    ``"conductor"`` (seed 002: ``create_verifier_router_with_conductor``)."""
    if state.get("verifier_result"):
        return "finish"
    if state.get("step", 0) >= state.get("max_step", 20):
        return "finish"
    return "conductor"


def conductor_router(state: Dict[str, Any]) -> str:
    """After the Conductor: to the DiffCoder (``create_conductor_router_to_diff_coder``)."""
    return "diff_coder"


def build_example_graph(
    coder: Callable[[Dict[str, Any]], str],
    verifier: Union[Verifier, str],
    model: Model,
    *,
    conductor: Optional[Callable[[str, str], str]] = None,
    mode: str = "partial",
) -> Any:
    """The example workflow, compiled. Invoke it with ``{"max_step": N}`` (and whatever your
    coder reads); ``max_step`` counts verifier runs."""
    try:
        from langgraph.graph import END, START, StateGraph
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError('the example graph needs LangGraph: pip install "fuzzy-edit[langgraph]"') from e
    # Nodes take the state as a plain dict; LangGraph's overloads want its protocol types.
    graph: Any = StateGraph(DiffCoderState)
    graph.add_node("coder", create_coder_node(coder))
    graph.add_node("verifier", create_verifier_node(verifier))
    graph.add_node("conductor", create_conductor_node(conductor))
    graph.add_node("diff_coder", create_diff_coder_node(model, mode=mode))
    graph.add_edge(START, "coder")
    graph.add_edge("coder", "verifier")
    graph.add_conditional_edges("verifier", verifier_router, {"finish": END, "conductor": "conductor"})
    graph.add_conditional_edges("conductor", conductor_router, {"diff_coder": "diff_coder"})
    graph.add_edge("diff_coder", "verifier")
    return graph.compile()


def main() -> int:
    """Run the example graph on the demo's broken module, against the bundled replay server."""
    from . import demo
    from .repair.model import OpenAIChat
    from .replay import ReplayServer

    directory = tempfile.mkdtemp(prefix="fuzzy-edit-langgraph-")
    path = demo.write_example(directory)
    verifier = ShellVerifier(demo.verify_command(directory), write_to=path, timeout=60)
    with ReplayServer(demo.SCRIPT) as server:
        app = build_example_graph(lambda state: demo.BROKEN_CODE, verifier, OpenAIChat("replay", server.base_url, timeout=10))
        final: Dict[str, Any] = {}
        for update in app.stream({"max_step": 5}, stream_mode="updates"):
            for node, values in update.items():
                final.update(values or {})
                line = f"{node}: " + ", ".join(f"{k}={_short(v)}" for k, v in (values or {}).items())
                print(line, file=sys.stderr)
    print(f"verifier passed: {final.get('verifier_result')} after {final.get('step')} verification(s)", file=sys.stderr)
    return 0 if final.get("verifier_result") else 1


def _short(v: Any) -> str:
    s = repr(v)
    return s if len(s) <= 60 else s[:57] + "..."


if __name__ == "__main__":
    sys.exit(main())
