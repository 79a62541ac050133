"""One edit on a string: :func:`apply`, and what it reports.

The engine finds ``old`` the way a model meant it (indentation drift, line numbers copied from
a read tool, curly quotes, a missing blank line…), writes ``new`` with the text's own
indentation and line endings, or refuses with an :class:`~fuzzy_edit.errors.EditError` whose
message tells the model how to fix its edit.

>>> out = apply("def f(x):\\n    if x:\\n        return 1\\n", "if x:\\n  return 1", "if x:\\n  return 2")
>>> out.text
'def f(x):\\n    if x:\\n        return 2\\n'
>>> out.matches[0].strategy, out.matches[0].lines
('indentation', (2, 3))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _native
from .errors import edit_error

#: One edit as the native layer takes it: an object with ``old`` and ``new`` and any of
#: ``replace_all``, ``anchor``, ``near_line``, ``near_context``, ``final_newline`` (every field
#: of the engine's edit, read by the reader all front ends share).
EditDict = Dict[str, Any]


@dataclass(frozen=True)
class Difference:
    """A place where the file's lines differ from what ``old`` had there, beyond the habits the
    engine sees through (indentation, spacing, line endings, blank lines, curly quotes, a read
    tool's line numbers): what the model should know before its next edit.

    >>> text = "def f(a, b):\\n    total = compute_the_sum(a, b)\\n    return total\\n"
    >>> out = apply(text, "total = compute_the_sum(a, c)", "total = compute_the_sum(a, c) + 1")
    >>> out.matches[0].strategy
    'typo_line'
    >>> d = out.matches[0].differences[0]
    >>> d.line, d.file, d.old
    (2, ['    total = compute_the_sum(a, b)'], ['total = compute_the_sum(a, c)'])
    >>> old = "def f(a, b):\\n  total = compute_the_sum(a, b)\\n  return total"
    >>> out = apply(text, old, old.replace("return total", "return 0"))
    >>> out.matches[0].strategy, out.matches[0].differences
    ('indentation', [])
    """

    #: The first of the file's lines here, 1-based (where ``file`` is empty: the line ``old``'s
    #: lines would stand before).
    line: int
    #: The file's lines here, as they stand (empty when ``old`` had lines the file lacks).
    file: List[str]
    #: What ``old`` had in their place (empty when the file has lines ``old`` left out).
    old: List[str]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Difference":
        return cls(line=int(d["line"]), file=list(d["file"]), old=list(d["old"]))


@dataclass(frozen=True)
class Match:
    """Where one replacement was made and how ``old`` was found."""

    #: 0-based index of the edit in its list.
    edit: int
    #: The strategy that matched: ``"exact"``, ``"indentation"``, ``"line_prefixes"``, …
    strategy: str
    #: How well ``old`` matched, 1.0 at the strategy's level.
    score: float
    #: First line replaced, 1-based.
    start_line: int
    #: Last line replaced, 1-based, inclusive.
    end_line: int
    #: Where the file differs from ``old`` beyond habits: the first 5 places, in file order;
    #: empty when ``old`` differed only in habits.
    differences: List[Difference] = field(default_factory=list)
    #: How many places differ, listed in :attr:`differences` or not.
    differences_total: int = 0

    @property
    def lines(self) -> Tuple[int, int]:
        """``(start_line, end_line)``."""
        return (self.start_line, self.end_line)

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Match":
        return cls(
            edit=int(d["edit"]),
            strategy=str(d["strategy"]),
            score=float(d["score"]),
            start_line=int(d["start_line"]),
            end_line=int(d["end_line"]),
            differences=[Difference.from_dict(x) for x in d.get("differences", [])],
            differences_total=int(d.get("differences_total", 0)),
        )


@dataclass(frozen=True)
class Applied:
    """The result of :func:`apply`."""

    #: The text after the edit.
    text: str
    #: One entry per replacement (several with ``replace_all``), in text order.
    matches: List[Match] = field(default_factory=list)
    #: The text before the edit (for :attr:`diff`).
    original: str = field(default="", repr=False)

    @property
    def diff(self) -> str:
        """A unified diff of the change (3 lines of context)."""
        return _native.unified_diff(self.original, self.text, "code")


def run_edits(content: str, edits: Sequence[EditDict], mode: str) -> Tuple[Optional[str], Dict[str, Any]]:
    """Apply edits through the native engine: ``(text or None, report)``."""
    if not isinstance(content, str):
        raise TypeError(f"content must be str, not {type(content).__name__}")
    text, report = _native.apply_edits_json(content, json.dumps(list(edits)), mode)
    return text, json.loads(report)


def applied_or_raise(content: str, text: Optional[str], report: Dict[str, Any], refused: str) -> Applied:
    """The :class:`Applied` of a native report, or its last refusal raised as an
    :class:`~fuzzy_edit.errors.EditError` (``refused`` is the message when it names none)."""
    if text is None:
        failures = report.get("failures") or [{"kind": "edit_error", "message": refused}]
        details = dict(failures[-1])
        details.pop("edit", None)
        raise edit_error(details)
    return Applied(
        text=text,
        matches=[Match.from_dict(m) for m in report["matches"]],
        original=content,
    )


def apply(
    content: str,
    old: str,
    new: str,
    *,
    replace_all: bool = False,
    anchor: Optional[str] = None,
    near_line: Optional[int] = None,
    near_context: Optional[str] = None,
    final_newline: Optional[bool] = None,
) -> Applied:
    """Replace ``old`` with ``new`` in ``content``, where the model meant it.

    ``replace_all`` replaces every occurrence instead of requiring exactly one; ``anchor`` is
    text occurring once before the occurrence meant; ``near_line`` (1-based) and
    ``near_context`` (a line above ``old``) only break ties among places that match equally;
    ``final_newline`` says whether the text ends with a line ending where the edit reaches its
    end (every field of the engine's edit, as :class:`~fuzzy_edit.Modification` has them). Raises an
    :class:`~fuzzy_edit.errors.EditError` subclass (``NotFound``, ``Ambiguous``, …) when the
    edit is refused; the content is then unchanged.

    >>> apply("a = 1\\na = 1\\n", "a = 1", "a = 2", replace_all=True).text
    'a = 2\\na = 2\\n'
    >>> apply("x\\n", "y", "z")
    Traceback (most recent call last):
    ...
    fuzzy_edit.errors.NotFound: old_string was not found in the file, and nothing in it is similar. Read the file again and copy old_string from it (without line numbers). [rule: not_found]
    """
    if not isinstance(old, str) or not isinstance(new, str):
        raise TypeError("old and new must be str")
    edit = {
        "old": old,
        "new": new,
        "replace_all": bool(replace_all),
        "anchor": anchor,
        "near_line": near_line,
        "near_context": near_context,
        "final_newline": final_newline,
    }
    text, report = run_edits(content, [edit], "atomic")
    return applied_or_raise(content, text, report, "edit refused")


def apply_snippet(content: str, snippet: str) -> Applied:
    r"""Merge a lazy snippet into ``content``: the changed code written out, each unchanged
    stretch replaced by a marker comment such as ``# ... existing code ...``.

    Each piece between markers goes where its unchanged lines stand; the result keeps the
    text's indentation and line endings. Raises :class:`~fuzzy_edit.errors.EditError`
    (kind ``snippet_unplaced``, naming the piece and why) when a piece's place is unclear.

    >>> apply_snippet("def f():\n    a = 1\n    return a\n", "def f():\n    # ...\n\n\ndef g():\n    return 2\n").text
    'def f():\n    a = 1\n    return a\n\n\ndef g():\n    return 2\n'
    """
    if not isinstance(content, str) or not isinstance(snippet, str):
        raise TypeError("content and snippet must be str")
    text, report = _native.apply_snippet_json(content, snippet)
    return applied_or_raise(content, text, json.loads(report), "snippet refused")
