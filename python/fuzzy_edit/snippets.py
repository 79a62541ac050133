r"""Lazy snippets beyond the merge: :func:`verify_snippet` checks a merge made elsewhere (by an
apply model) against the original and the snippet, and :func:`merge_snippet` merges with the
engine and, where the engine refuses and an apply model is given, asks that model for the
merged file and keeps its answer only if it verifies.

>>> original = "a = 1\nb = 2\nc = 3\nd = 4\n"
>>> snippet = "a = 1\nb = 20\nc = 3\n# ... existing code ...\n"
>>> bool(verify_snippet(original, snippet, "a = 1\nb = 20\nc = 3\nd = 4\n"))
True
>>> v = verify_snippet(original, snippet, "a = 1\nb = 20\nc = 3\nd = 5\n")
>>> [(f["kind"], f["merged_line"]) for f in v.findings]
[('added', 4), ('deleted', None)]
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from . import _native
from .core import apply_snippet
from .errors import EditError

#: The apply model's instructions: the whole merged file, in one fenced block, nothing else.
APPLY_SYSTEM = (
    "You merge an edit snippet into a file. The snippet shows the changed code; comments such as "
    "`// ... existing code ...` stand for unchanged lines of the file. Answer with the complete "
    "merged file in one fenced code block and nothing else. Change nothing the snippet does not "
    "change; keep the file's indentation and every line the markers stand for."
)


@dataclass
class Verification:
    """The verdict of :func:`verify_snippet`; true when the merged file holds."""

    #: Every line the merged file changes is the snippet's, and nothing else changed.
    ok: bool
    #: What does not hold: ``kind`` (``missing``, ``added``, ``deleted``, ``not_together``,
    #: ``depth``, ``marker``, ``line_endings``, ``unexplained``, ``syntax``, ``place``), ``merged_line``,
    #: ``file_line``, ``snippet_line`` (1-based or None) and ``text``; the first ten.
    findings: List[Dict[str, Any]] = field(default_factory=list)
    #: How many findings there are, listed or not.
    findings_total: int = 0
    #: The findings in words ("" when it holds).
    message: str = ""

    def __bool__(self) -> bool:
        return self.ok


def verify_snippet(original: str, snippet: str, merged: str, *, path: Optional[str] = None) -> Verification:
    """Check ``merged``, a merge of the lazy ``snippet`` into ``original`` made elsewhere: every
    line it adds is the snippet's, every line the snippet shows is there in order, every line it
    drops lies between two lines one piece shows, and it parses where the original parsed
    (the language from ``path``'s extension, when given)."""
    for name, value in (("original", original), ("snippet", snippet), ("merged", merged)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be str, not {type(value).__name__}")
    report = json.loads(_native.verify_snippet_json(original, snippet, merged, path))
    if report["ok"]:
        return Verification(True)
    return Verification(False, report["findings"], report["findings_total"], report["message"])


@dataclass
class SnippetMerge:
    """A snippet merged by :func:`merge_snippet`."""

    #: The merged text.
    text: str
    #: Who merged it: ``"engine"`` or ``"model"`` (the apply model's answer, verified).
    source: str
    #: The file lines replaced, 1-based and inclusive, per change (one span for a model's merge).
    spans: List[Tuple[int, int]] = field(default_factory=list)


_BLOCK = re.compile(r"```[^\n]*\n(.*?)\n?```", re.S)


def _answer_text(reply: str) -> str:
    """The merged file in the model's answer: its one fenced block, or the whole answer."""
    blocks = _BLOCK.findall(reply)
    if len(blocks) == 1:
        return str(blocks[0]) + "\n"
    return reply


def _changed_span(before: str, after: str) -> Tuple[int, int]:
    """The 1-based first and last line of ``before`` that ``after`` changes (inclusive)."""
    a, b = before.splitlines(), after.splitlines()
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return (head + 1, max(head + 1, len(a) - tail))


def apply_messages(original: str, snippet: str, path: Optional[str] = None) -> List[Dict[str, str]]:
    """The chat messages that ask an apply model for the merged file."""
    name = f" ({path})" if path else ""
    user = f"<file{name}>\n{original}</file>\n\n<snippet>\n{snippet}\n</snippet>\n\nWrite the merged file."
    return [{"role": "system", "content": APPLY_SYSTEM}, {"role": "user", "content": user}]


def merge_snippet(original: str, snippet: str, *, apply_model: Any = None, path: Optional[str] = None) -> SnippetMerge:
    r"""Merge ``snippet`` into ``original`` with the engine; where it refuses and ``apply_model``
    (a model callable, e.g. :class:`~fuzzy_edit.repair.OpenAIChat`) is given, ask that model for
    the merged file and keep it only if :func:`verify_snippet` passes. Otherwise the engine's
    refusal is raised, its ``details["verify"]`` holding the model merge's findings.

    >>> merge_snippet("x = 1\n", "x = 2\n").source
    'engine'
    """
    try:
        applied = apply_snippet(original, snippet)
        return SnippetMerge(applied.text, "engine", [m.lines for m in applied.matches])
    except EditError as refusal:
        if apply_model is None:
            raise
        from .repair.model import ModelError, ask

        try:
            reply = str(ask(apply_model, apply_messages(original, snippet, path)))
        except ModelError as e:
            refusal.details["verify"] = {"ok": False, "message": f"the apply model could not be asked: {e}"}
            raise refusal from None
        merged = _answer_text(reply)
        if merged.endswith("\n") and not original.endswith("\n"):
            merged = merged[:-1]
        verdict = verify_snippet(original, snippet, merged, path=path)
        if verdict:
            return SnippetMerge(merged, "model", [_changed_span(original, merged)])
        refusal.details["verify"] = {
            "ok": False,
            "message": verdict.message,
            "findings": verdict.findings,
            "findings_total": verdict.findings_total,
        }
        refusal.message += f"\nThe apply model's merge was rejected: {verdict.message}"
        refusal.args = (refusal.message,)
        raise refusal from None


def apply_model_from_env() -> Any:
    """The apply model configured by ``FUZZY_EDIT_APPLY_MODEL`` (a model name) at
    ``FUZZY_EDIT_BASE_URL`` (an OpenAI-compatible API root, default OpenAI's), or None."""
    name = os.environ.get("FUZZY_EDIT_APPLY_MODEL")
    if not name:
        return None
    from .repair.model import OpenAIChat

    return OpenAIChat(name, os.environ.get("FUZZY_EDIT_BASE_URL", "https://api.openai.com/v1"))
