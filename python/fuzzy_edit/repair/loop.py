"""The repair loop: verify → prompt → model → parse → apply → verify, until the verifier
passes, ``max_steps`` rounds are spent, or the loop stops making progress.

No progress (seed 000's doom loop) is either the same modifications proposed a second time, or
nothing applicable two rounds in a row (unreadable answers, or modifications that all fail):
a model that repeats itself will not be argued out of it by the same prompt, and every further
round costs a model call. Each round is recorded in full, so a failed repair can be replayed.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Dict, IO, List, Optional, Tuple, Union

from ..errors import FileError, ParseError
from ..files import read_file, write_file
from ..modifications import DiffResult, apply_modifications, parse_modifications
from .model import Model, ModelError, ask
from .prompt import SYSTEM_MESSAGE, PromptTemplate, build_messages
from .verify import ShellVerifier, Verdict, Verifier, run_verifier

#: Why the loop stopped.
STOP_REASONS = ("already_passing", "passed", "max_steps", "no_progress", "model_error", "file_error")


@dataclass
class Round:
    """Everything one round did (one line of the JSON Lines history)."""

    index: int
    #: The chat messages sent to the model.
    messages: List[Dict[str, str]]
    #: The model's answer, verbatim ("" when the model could not be asked).
    raw_output: str = ""
    #: Token counts the endpoint reported (``prompt_tokens``, ``completion_tokens``…).
    usage: Dict[str, int] = field(default_factory=dict)
    #: The modifications read from the answer.
    modifications: List[Dict[str, Any]] = field(default_factory=list)
    #: Why the answer could not be read (``kind``, ``message``, ``line``), if it could not.
    parse_error: Optional[Dict[str, Any]] = None
    #: The apply result (:class:`~fuzzy_edit.DiffResult` as a dict), if anything was parsed.
    apply: Optional[Dict[str, Any]] = None
    #: The verifier's run after the round's apply (``None`` when the code did not change).
    verdict: Optional[Dict[str, Any]] = None
    #: What the next round's prompt tells the model about the one it follows.
    feedback: str = ""
    #: Wall time per phase, seconds: ``model``, ``apply``, ``verify``, ``total``.
    seconds: Dict[str, float] = field(default_factory=dict)
    #: Why the model could not be asked, if it could not.
    error: str = ""

    def to_dict(self) -> Dict[str, Any]:
        return {"type": "round", **asdict(self)}

    def summary(self, max_steps: Optional[int] = None) -> str:
        """A one-line progress report."""
        of = f"/{max_steps}" if max_steps else ""
        parts = [f"round {self.index}{of}:"]
        if self.error:
            return f"{parts[0]} model error: {self.error}"
        if self.parse_error:
            parts.append(f"unreadable answer ({self.parse_error.get('kind')});")
        elif self.apply is not None:
            a = self.apply
            how = ", ".join(f"{k} {v}" for k, v in sorted(a["strategy_counts"].items()))
            failed = f", {len(a['errors'])} failed ({', '.join(sorted({e['kind'] for e in a['errors']}))})" if a["errors"] else ""
            parts.append(f"{a['total_count']} modification(s), {a['applied_count']} applied{f' ({how})' if how else ''}{failed};")
        if self.verdict is None:
            parts.append("code unchanged, verifier not re-run;")
        else:
            state = "passed" if self.verdict["passed"] else "failed"
            parts.append(f"verifier {state} in {self.verdict['seconds']:.2f} s;")
        tokens = ""
        if "prompt_tokens" in self.usage or "completion_tokens" in self.usage:
            tokens = f", {self.usage.get('prompt_tokens', '?')}+{self.usage.get('completion_tokens', '?')} tokens"
        parts.append(f"model {self.seconds.get('model', 0):.2f} s{tokens}")
        return " ".join(parts)


@dataclass
class RepairResult:
    """The outcome of :func:`repair`."""

    #: The verifier passes on :attr:`code`.
    success: bool
    #: One of :data:`STOP_REASONS`.
    stop_reason: str
    #: A sentence saying why the loop stopped.
    message: str
    #: The code at the end (repaired when :attr:`success`).
    code: str
    #: The code at the start.
    original_code: str
    #: Every round, in order.
    rounds: List[Round] = field(default_factory=list)
    #: The verifier's run on the original code.
    initial_verdict: Optional[Verdict] = None
    #: The last verifier run.
    final_verdict: Optional[Verdict] = None
    #: The file repaired, if the loop worked on a file.
    path: Optional[str] = None

    @property
    def diff(self) -> str:
        """Unified diff from the original code to :attr:`code`."""
        from .. import unified_diff

        return unified_diff(self.original_code, self.code, self.path or "code") if self.code != self.original_code else ""

    def to_dict(self) -> Dict[str, Any]:
        d = {k: v for k, v in asdict(self).items() if k != "rounds"}
        return {"type": "result", **d, "rounds": len(self.rounds), "diff": self.diff}

    def write_jsonl(self, path_or_file: Union[str, "os.PathLike[str]", IO[str]]) -> None:
        """Write the history as JSON Lines: one ``"type": "round"`` object per round, then one
        ``"type": "result"`` object."""
        if hasattr(path_or_file, "write"):
            _write_history(path_or_file, self)  # type: ignore[arg-type]
            return
        with open(path_or_file, "w", encoding="utf-8") as f:
            _write_history(f, self)


def _write_history(f: IO[str], result: RepairResult) -> None:
    for r in result.rounds:
        f.write(json.dumps(r.to_dict(), ensure_ascii=False) + "\n")
    f.write(json.dumps(result.to_dict(), ensure_ascii=False) + "\n")


def feedback_for(result: Optional[DiffResult], parse_error: Optional[ParseError], verdict_failed: bool) -> str:
    """What the next prompt says about a round (seed 002 §8.2): every failed modification with
    its feedback (closest fragment, ambiguous candidates), or why the answer was unreadable."""
    lines: List[str] = []
    if parse_error is not None:
        lines.append(f"Your previous answer could not be read as modifications: {parse_error.message}")
        lines.append("Answer with one JSON object in the format below.")
        return "\n".join(lines)
    if result is None:
        return ""
    if result.applied_count:
        done = sorted({m.edit + 1 for m in result.matches})
        lines.append(
            f"Modification(s) {', '.join(map(str, done))} of your previous answer were applied; "
            "the original code above already includes them."
        )
    for e in result.errors:
        lines.append(e.feedback())
    if result.errors:
        lines.append(
            "Correct the failed modifications: copy old_string exactly from the original code above, "
            "or drop a modification that is no longer needed."
        )
    if result.mode == "atomic" and result.errors and result.total_count > len(result.errors):
        lines.append("None of the modifications was applied: they apply all together or not at all.")
    if result.applied_count and verdict_failed:
        lines.append("The verifier still fails; the error log above is from the code above.")
    return "\n\n".join(lines)


def _mods_key(mods: List[Dict[str, Any]]) -> Tuple[Any, ...]:
    # Every field but the free-text reason: search/replace and line modifications alike.
    return tuple(tuple((k, json.dumps(v)) for k, v in sorted(m.items()) if k != "reason") for m in mods)


def repair(
    code: Optional[str] = None,
    *,
    path: Optional[Union[str, "os.PathLike[str]"]] = None,
    verifier: Union[Verifier, str],
    model: Model,
    max_steps: int = 5,
    mode: str = "partial",
    suggestion: str = "",
    conductor: Optional[Callable[[str, str], str]] = None,
    template: Optional[Union[PromptTemplate, str]] = None,
    line_numbers: bool = True,
    line_refs: bool = False,
    max_error_chars: int = 5000,
    system: str = SYSTEM_MESSAGE,
    history_path: Optional[Union[str, "os.PathLike[str]"]] = None,
    on_round: Optional[Callable[[Round], None]] = None,
    restore_on_failure: bool = True,
    apply_model: Optional[Model] = None,
) -> RepairResult:
    """Repair ``code`` (or the file at ``path``) until ``verifier`` passes.

    ``verifier``: a callable ``code -> Verdict | bool | (passed, output)``, or a shell command
    (exit 0 passes). With ``path``, the file is written (atomically, refusing to overwrite a
    concurrent change) before every verification; when the repair fails it is restored unless
    ``restore_on_failure`` is false. ``model``: any callable ``messages -> str`` (see
    :class:`~fuzzy_edit.repair.OpenAIChat`). ``mode="partial"`` keeps the modifications that
    apply and reports the others back (seed 002 §8.1); ``"atomic"`` keeps none if one fails.
    ``suggestion`` is the expert (Conductor) suggestion; ``conductor(code, error_log)`` computes
    one per round instead. ``line_refs``: show the code with a ``LINE#ID`` on every line and
    ask for line modifications by reference (for models prompted for hashline); otherwise
    lines are numbered like ``cat -n`` (unless ``line_numbers`` is false). ``history_path`` receives the JSON Lines history as rounds finish.
    ``apply_model``: a model a modification's lazy ``snippet`` goes to when the engine refuses
    to merge it; its merged file is kept only if it verifies
    (:func:`~fuzzy_edit.snippets.merge_snippet`; :func:`~fuzzy_edit.apply_model_from_env`
    reads one from ``FUZZY_EDIT_APPLY_MODEL``).
    """
    if max_steps < 1:
        raise ValueError("max_steps must be at least 1")
    if (code is None) == (path is None):
        raise TypeError("pass exactly one of code or path")
    tmpl = template if isinstance(template, PromptTemplate) else PromptTemplate(template)
    file_sha: Optional[str] = None
    if path is not None:
        path = os.fspath(path)
        f = read_file(path)
        code, file_sha = f.text, f.sha256
    assert code is not None
    if isinstance(verifier, str):
        verifier = ShellVerifier(verifier)
    if isinstance(verifier, ShellVerifier) and verifier.file is None and path is not None:
        verifier.file = path
    original = code
    history = open(history_path, "w", encoding="utf-8") if history_path is not None else None

    def finish(success: bool, reason: str, message: str) -> RepairResult:
        # On failure, ``code`` stays the last attempt (in the result) while the file is restored.
        if path is not None and not success and restore_on_failure and code != original and reason != "file_error":
            write_file(path, original, expected_sha256=file_sha)
        result = RepairResult(success, reason, message, code, original, rounds, initial, verdict, path)  # type: ignore[arg-type]
        if history is not None:
            history.write(json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
            history.close()
        return result

    rounds: List[Round] = []
    try:
        initial = verdict = run_verifier(verifier, code)
        if verdict.passed:
            return finish(True, "already_passing", "the verifier passes on the original code; nothing to repair")
        seen: Dict[Tuple[Any, ...], int] = {}
        feedback = ""
        fruitless = 0
        for index in range(1, max_steps + 1):
            start = time.monotonic()
            hint = conductor(code, verdict.output) if conductor is not None else suggestion
            messages = build_messages(
                code,
                verdict.output,
                suggestion=hint,
                feedback=feedback,
                template=tmpl,
                line_numbers=line_numbers,
                line_refs=line_refs,
                max_error_chars=max_error_chars,
                system=system,
            )
            rnd = Round(index, messages)
            rounds.append(rnd)
            try:
                reply = ask(model, messages)
            except ModelError as e:
                rnd.error = str(e)
                rnd.seconds = {"model": time.monotonic() - start, "total": time.monotonic() - start}
                _record(rnd, history, on_round)
                return finish(False, "model_error", f"round {index}: the model could not be asked: {e}")
            t_model = time.monotonic()
            rnd.raw_output, rnd.usage = str(reply), dict(reply.usage)
            parse_error: Optional[ParseError] = None
            result: Optional[DiffResult] = None
            try:
                mods = parse_modifications(str(reply))
                rnd.modifications = [m.to_dict() for m in mods]
                result = apply_modifications(
                    code, mods, mode=mode, path=os.path.basename(path) if path else "code", apply_model=apply_model
                )
                rnd.apply = {k: v for k, v in result.to_dict().items() if k not in ("original_code", "raw_llm_output")}
            except ParseError as e:
                parse_error = e
                rnd.parse_error = {"kind": e.kind, "message": e.message, "line": e.line}
            t_apply = time.monotonic()
            applied = result is not None and result.applied_count > 0
            verified = False
            if applied:
                assert result is not None
                code = result.modified_code
                if path is not None:
                    try:
                        file_sha = write_file(path, code, expected_sha256=file_sha).sha256
                    except FileError as e:
                        rnd.error = str(e)
                        _record(rnd, history, on_round)
                        return finish(False, "file_error", f"round {index}: {e}")
                verdict = run_verifier(verifier, code)
                rnd.verdict = verdict.to_dict()
                verified = True
            t_verify = time.monotonic()
            rnd.feedback = feedback = feedback_for(result, parse_error, verified and not verdict.passed)
            rnd.seconds = {
                "model": t_model - start,
                "apply": t_apply - t_model,
                "verify": t_verify - t_apply,
                "total": t_verify - start,
            }
            _record(rnd, history, on_round)
            if verified and verdict.passed:
                return finish(True, "passed", f"the verifier passes after {index} round(s)")
            fruitless = 0 if applied else fruitless + 1
            key = _mods_key(rnd.modifications) if rnd.modifications else None
            if key is not None and key in seen:
                return finish(False, "no_progress", f"round {index} proposed the same modifications as round {seen[key]}")
            if key is not None:
                seen[key] = index
            if fruitless >= 2:
                return finish(False, "no_progress", f"nothing applicable in rounds {index - 1} and {index}")
        return finish(False, "max_steps", f"the verifier still fails after {max_steps} round(s)")

    except BaseException as e:
        # An exception from the caller's model or verifier: leave no half-repaired file behind —
        # unless the file is no longer ours (someone changed it), which is never overwritten.
        if history is not None and not history.closed:
            history.close()
        if path is not None and restore_on_failure and code != original and not isinstance(e, FileError):
            try:
                write_file(path, original, expected_sha256=file_sha)
            except FileError:
                pass  # the original exception is the one to report
        raise


def _record(rnd: Round, history: Optional[IO[str]], on_round: Optional[Callable[[Round], None]]) -> None:
    if history is not None:
        history.write(json.dumps(rnd.to_dict(), ensure_ascii=False) + "\n")
        history.flush()
    if on_round is not None:
        on_round(rnd)
