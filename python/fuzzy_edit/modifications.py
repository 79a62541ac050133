"""DiffCoder's data model (seed 002 §3, §7.3, §8, §12.3): modifications a model proposes, read
from its raw answer, and applied to code as one :class:`DiffResult`.

>>> mods = parse_modifications('''{"analysis": "wrong op",
...   "modifications": [{"old_string": "return a - b", "new_string": "return a + b",
...                      "reason": "add, not subtract"}]}''')
>>> mods[0].reason
'add, not subtract'
>>> r = apply_modifications("def add(a, b):\\n    return a - b\\n", mods)
>>> r.success, r.applied_count, r.strategy_counts
(True, 1, {'exact': 1})
>>> print(r.modified_code, end="")
def add(a, b):
    return a + b
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _native
from .core import EditDict, Match, run_edits
from .errors import EditError, ParseError


@dataclass
class Modification:
    """One search/replace change, as DiffCoder's JSON writes it (seed 002 §3.1)."""

    #: The code to replace, as the model remembers it.
    old_string: str
    #: Its replacement.
    new_string: str
    #: Why (for people and logs; the engine ignores it).
    reason: str = ""
    #: Replace every occurrence instead of requiring exactly one.
    replace_all: bool = False
    #: Text occurring once before the occurrence meant (a function signature…); "" means none.
    anchor: str = ""
    #: Read from a diff's hunk header: the line where the model believed ``old_string`` starts,
    #: and the line it believed comes somewhere before it (``@@ -5 +5 @@ def g():``). Only
    #: tie-breaks among places that match equally; never used to find ``old_string``.
    near_line: Optional[int] = None
    near_context: Optional[str] = None
    #: Read from a diff's ``\ No newline at end of file``: whether the file ends with a line
    #: ending once this change is made, where it reaches the end of the file.
    final_newline: Optional[bool] = None
    #: A lazy snippet (the changed code, unchanged parts as ``# ... existing code ...``
    #: markers) in place of ``old_string``/``new_string``; "" means none.
    snippet: str = ""

    def as_edit(self) -> EditDict:
        """Every field of the engine's edit, as the native layer takes it."""
        return {
            "old": self.old_string,
            "new": self.new_string,
            "replace_all": bool(self.replace_all),
            "anchor": self.anchor or None,
            "near_line": self.near_line,
            "near_context": self.near_context,
            "final_newline": self.final_newline,
        }

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Modification":
        return cls(
            old_string=d.get("old_string", d.get("old", "")),
            new_string=d.get("new_string", d.get("new", "")),
            reason=d.get("reason") or "",
            replace_all=bool(d.get("replace_all", False)),
            anchor=d.get("anchor") or "",
            near_line=d.get("near_line"),
            near_context=d.get("near_context"),
            final_newline=d.get("final_newline"),
            snippet=d.get("snippet") or "",
        )


@dataclass
class LineModification:
    """One line-addressed change (docs/line-refs.md): the lines named by ``LINE#ID``
    references from a read with hashes, replaced or inserted around. A DiffCoder answer may
    carry these among its modifications: ``{"op": "replace", "pos": "12#VK", "lines": [...]}``.
    The line modifications of one answer refer to the one snapshot the model read and are
    applied together, all or none."""

    #: ``"replace"``, ``"append"`` or ``"prepend"``.
    op: str
    #: The (first) line, ``"12#VK"``; ``None`` inserts at the end (append) or start (prepend).
    pos: Optional[str] = None
    #: The last line replaced, inclusive.
    end: Optional[str] = None
    #: The new lines; empty deletes.
    lines: List[str] = field(default_factory=list)
    #: Why (for people and logs; the engine ignores it).
    reason: str = ""

    def as_line_edit(self) -> Dict[str, Any]:
        return {"op": self.op, "pos": self.pos, "end": self.end, "lines": list(self.lines)}

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "LineModification":
        lines = d.get("lines") or []
        return cls(
            op=str(d["op"]),
            pos=None if d.get("pos") is None else str(d["pos"]),
            end=None if d.get("end") is None else str(d["end"]),
            lines=lines.split("\n") if isinstance(lines, str) else [str(x) for x in lines],
            reason=d.get("reason") or "",
        )


#: A search/replace or a line-addressed modification.
AnyModification = Union[Modification, LineModification]


def modification_from_dict(d: Dict[str, Any]) -> AnyModification:
    """A :class:`LineModification` for a dict with ``op`` (replace/append/prepend), else a
    :class:`Modification`."""
    if d.get("op") in ("replace", "append", "prepend"):
        return LineModification.from_dict(d)
    return Modification.from_dict(d)


class ParsedModifications(List[AnyModification]):
    """A list of modifications that remembers the model output it was read from (§12.3.8)."""

    def __init__(
        self,
        items: Iterable[AnyModification] = (),
        *,
        raw_output: str = "",
        format: str = "",
        repaired: bool = False,
        notes: Sequence[str] = (),
        analysis: str = "",
        summary: str = "",
    ) -> None:
        super().__init__(items)
        #: The model's answer, verbatim.
        self.raw_output = raw_output
        #: The format it was read as: ``json``, ``search_replace``, ``begin_patch``, ``unified_diff``.
        self.format = format
        #: The answer broke its format's rules and was accepted after a repair (see ``notes``).
        self.repaired = repaired
        #: What the parser tolerated, for logs and for feedback.
        self.notes = list(notes)
        #: DiffCoder JSON's ``analysis`` and ``summary``, when present.
        self.analysis = analysis
        self.summary = summary


def parse_modifications(llm_text: str, *, format: Optional[str] = None) -> ParsedModifications:
    """Read the modifications in a model's answer: DiffCoder JSON (bare, in prose, in a fence),
    tool-call JSON, SEARCH/REPLACE blocks, ``*** Begin Patch`` or a unified diff.

    Raises :class:`~fuzzy_edit.errors.ParseError` — with a message written for the model — when
    the answer is not in a recognizable format, is malformed, creates or deletes files, or edits
    several different files: nothing is guessed.

    >>> parse_modifications("I think the bug is on line 3.")
    Traceback (most recent call last):
    ...
    fuzzy_edit.errors.ParseError: could not tell which edit format the input is in. Accepted formats: ...
    """
    if not isinstance(llm_text, str):
        raise TypeError(f"llm_text must be str, not {type(llm_text).__name__}")
    if format in (None, "json"):
        with_snippets = _snippet_modifications(llm_text)
        if with_snippets is not None:
            return with_snippets
    report = json.loads(_native.parse_json(llm_text, format))
    if not report["ok"]:
        err = report["error"]
        raise ParseError(err["message"], err)
    changes = report["changes"]
    unsupported = [c for c in changes if c["op"] not in ("edit", "line_edits", "snippet") or c.get("move_to")]
    if unsupported:
        what = {"create": "creates a file", "delete": "deletes a file"}.get(unsupported[0]["op"], "moves a file")
        raise ParseError(
            f"the answer {what} ({unsupported[0]['path'] or 'no path'}); only search/replace "
            "modifications of the given code can be applied. Send old_string/new_string pairs.",
            {"kind": "unsupported", "format": report["format"]},
        )
    paths = sorted({c["path"] for c in changes if c["path"]})
    if len(paths) > 1:
        raise ParseError(
            f"the answer edits {len(paths)} different files ({', '.join(paths)}); only the one "
            "given file can be edited here. Send modifications for that file only.",
            {"kind": "several_files", "format": report["format"]},
        )
    mods: List[AnyModification] = [
        m
        for c in changes
        for m in (
            [Modification("", "", snippet=c["snippet"])]
            if c["op"] == "snippet"
            else [
                LineModification.from_dict(e)
                if c["op"] == "line_edits"
                else Modification(
                    e["old"],
                    e["new"],
                    "",
                    e["replace_all"],
                    e["anchor"] or "",
                    e["near_line"],
                    e["near_context"],
                    e["final_newline"],
                )
                for e in c["edits"]
            ]
        )
    ]
    annotations = _diffcoder_annotations(llm_text, mods) if report["format"] == "json" else {}
    return ParsedModifications(
        mods,
        raw_output=llm_text,
        format=report["format"],
        repaired=report["repaired"],
        notes=report["notes"],
        analysis=annotations.get("analysis", ""),
        summary=annotations.get("summary", ""),
    )


_FENCE = re.compile(r"```[a-zA-Z]*\n(.*?)\n```", re.S)


def _json_candidates(text: str) -> List[str]:
    """The texts in a model's answer that may be its JSON: all of it, each fence, the outer braces."""
    candidates = [text.strip()] + _FENCE.findall(text)
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    return candidates


def _snippet_modifications(text: str) -> Optional[ParsedModifications]:
    """DiffCoder JSON whose modifications carry a ``snippet`` (read strictly; None otherwise)."""
    for candidate in _json_candidates(text):
        try:
            doc = json.loads(candidate)
        except ValueError:
            continue
        items = doc.get("modifications") if isinstance(doc, dict) else doc
        if not isinstance(items, list) or not all(isinstance(it, dict) for it in items):
            continue
        if not any(isinstance(it.get("snippet"), str) and it["snippet"] for it in items):
            continue
        doc = doc if isinstance(doc, dict) else {}
        return ParsedModifications(
            [modification_from_dict(it) for it in items],
            raw_output=text,
            format="json",
            analysis=str(doc.get("analysis") or ""),
            summary=str(doc.get("summary") or ""),
        )
    return None




def _same(item: Any, m: AnyModification) -> bool:
    """Whether a JSON modification is the parsed ``m`` (the parser normalizes references, so
    a line modification is recognized by its operation and its lines)."""
    if not isinstance(item, dict):
        return False
    if isinstance(m, LineModification):
        lines = item.get("lines") or []
        lines = lines.split("\n") if isinstance(lines, str) else lines
        return bool(item.get("op") == m.op and len(lines) == len(m.lines))
    return bool(item.get("old_string", item.get("old")) == m.old_string)


def _diffcoder_annotations(text: str, mods: List[AnyModification]) -> Dict[str, str]:
    """Recover ``reason`` per modification, ``analysis`` and ``summary`` from DiffCoder JSON.

    The engine's parser reads the edits (leniently, and flags repairs); it has no use for
    these free-text fields. They are taken here only from JSON that Python reads strictly and
    whose modifications are exactly the parsed ones, so an annotation is never misattributed.
    """
    for candidate in _json_candidates(text):
        try:
            doc = json.loads(candidate)
        except ValueError:
            continue
        items = doc.get("modifications") if isinstance(doc, dict) else doc
        if not isinstance(items, list) or len(items) != len(mods):
            continue
        if not all(_same(it, m) for it, m in zip(items, mods)):
            continue
        for it, m in zip(items, mods):
            m.reason = str(it.get("reason") or "")
        if isinstance(doc, dict):
            return {k: str(doc.get(k) or "") for k in ("analysis", "summary")}
        return {}
    return {}


@dataclass
class ModificationError:
    """Why one modification was not applied, with the feedback the model needs to fix it."""

    #: 0-based index in the list of modifications.
    index: int
    #: The engine's kind (``not_found``, ``ambiguous``, …).
    kind: str
    #: The model-facing feedback (closest fragment, candidates, what to send instead).
    message: str
    #: Structured details (``closest``, ``candidates``, line numbers…).
    details: Dict[str, Any] = field(default_factory=dict)

    def feedback(self) -> str:
        """``Modification N failed: <message>`` (1-based, as the model numbered them)."""
        return f"Modification {self.index + 1} failed ({self.kind}): {self.message}"


@dataclass
class DiffResult:
    """The outcome of :func:`apply_modifications` (seed 002 §7.3, §8.1, §12.3)."""

    #: Atomic mode: every modification applied. Partial mode: at least one applied (the others
    #: are in :attr:`errors`), as DiffCoder defines it; :attr:`all_applied` says whether every
    #: one was, which is what the command line's ``--partial`` exit status 0 means.
    success: bool
    #: The code after the applied modifications (the original when none applied).
    modified_code: str
    #: The code before.
    original_code: str
    #: Unified diff from original to modified ("" when unchanged).
    diff: str
    #: Modifications applied.
    applied_count: int
    #: Modifications proposed.
    total_count: int
    #: One entry per modification not applied, with its feedback (§8.2).
    errors: List[ModificationError] = field(default_factory=list)
    #: Every replacement made, with the strategy that found it.
    matches: List[Match] = field(default_factory=list)
    #: Replacements per matching strategy (§12.3.5): ``{"exact": 2, "indentation": 1}``.
    strategy_counts: Dict[str, int] = field(default_factory=dict)
    #: Some modification only existed after an earlier one: they were applied in order.
    sequential: bool = False
    #: The model's raw answer, when the modifications came from :func:`parse_modifications`.
    raw_llm_output: str = ""
    #: ``"atomic"`` or ``"partial"``.
    mode: str = "atomic"
    #: A one-line summary for logs and the ``diff_coder_message`` state key.
    message: str = ""

    @property
    def all_applied(self) -> bool:
        r"""Every modification applied, in either mode: ``fuzzy-edit apply --partial`` exits 0
        exactly then (1 when some were not). In atomic mode it is :attr:`success`.

        >>> r = apply_modifications("a = 1\nb = 2\n", [{"old_string": "a = 1", "new_string": "a = 3"},
        ...                                           {"old_string": "c = 9", "new_string": "c = 0"}], mode="partial")
        >>> r.success, r.all_applied, r.applied_count, r.total_count
        (True, False, 1, 2)
        """
        return self.total_count > 0 and not self.errors and self.applied_count == self.total_count

    @property
    def success_count(self) -> int:
        """Seed 002's name for :attr:`applied_count`."""
        return self.applied_count

    def feedback(self) -> str:
        """The feedback of every failed modification, for the model's next attempt."""
        return "\n\n".join(e.feedback() for e in self.errors)

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)


Modifications = Union[Sequence[AnyModification], Sequence[Dict[str, Any]]]


def apply_modifications(
    code: str,
    modifications: Modifications,
    *,
    mode: str = "atomic",
    path: str = "code",
    apply_model: Any = None,
) -> DiffResult:
    """Apply ``modifications`` to ``code`` as one transaction.

    ``mode="atomic"``: all apply or none does. ``mode="partial"``: those that apply are kept,
    the rest are reported in :attr:`DiffResult.errors` (seed 002 §8.1). Every modification is
    located in the original code, so an earlier one cannot shift a later one onto the wrong
    lines; overlapping modifications are refused as a ``conflict``. Plain dicts with
    ``old_string``/``new_string`` keys are accepted too. ``path`` names the code in the diff's
    headers.

    Line modifications (:class:`LineModification`, ``{"op": "replace", "pos": "12#VK", "lines": [...]}``) name
    lines of ``code`` as a read with hashes showed it; they are applied first, together (all or
    none, even in partial mode: they share one snapshot), then the search/replace ones on the
    result, so neither shifts the other.

    A modification with a ``snippet`` is merged first, in order, each into the text the one
    before left (:func:`~fuzzy_edit.snippets.merge_snippet`: with ``apply_model`` given, a
    snippet the engine refuses goes to that model, and its merge is kept only if it verifies);
    the search/replace modifications then apply to the result.
    """
    if mode not in ("atomic", "partial"):
        raise ValueError(f'mode must be "atomic" or "partial", not {mode!r}')
    mods: List[AnyModification] = [
        m if isinstance(m, (Modification, LineModification)) else modification_from_dict(m) for m in modifications
    ]
    raw = getattr(modifications, "raw_output", "")
    if not mods:
        return DiffResult(False, code, code, "", 0, 0, raw_llm_output=raw, mode=mode, message="no modifications to apply")
    snippets = [m for m in mods if isinstance(m, Modification) and m.snippet]
    if snippets and any(isinstance(m, LineModification) for m in mods):
        errors = [
            ModificationError(
                i,
                "unsupported",
                "snippets and line modifications in one answer: a snippet is merged into the text "
                "as it stands, line references name the text as read. Send one kind per answer.",
                {},
            )
            for i, m in enumerate(mods)
            if isinstance(m, LineModification)
        ]
        return DiffResult(
            False, code, code, "", 0, len(mods), errors=errors, raw_llm_output=raw, mode=mode, message=errors[0].message
        )
    if snippets:
        plain = [m for m in mods if isinstance(m, Modification)]
        return _apply_with_snippets(code, plain, mode=mode, path=path, raw=raw, apply_model=apply_model)
    if all(isinstance(m, Modification) for m in mods):
        text, report = run_edits(code, [m.as_edit() for m in mods if isinstance(m, Modification)], mode)
    else:
        text, report = _run_with_lines(code, mods, mode)
    return diff_result(code, len(mods), text, report, mode=mode, raw=raw, path=path)


def _run_with_lines(code: str, mods: List[AnyModification], mode: str) -> Tuple[Optional[str], Dict[str, Any]]:
    """Line modifications on ``code``, then search/replace ones on the result: one report,
    every ``edit`` index that of the modification in ``mods``."""
    from .lines import run_line_edits

    by_line = [i for i, m in enumerate(mods) if isinstance(m, LineModification)]
    by_text = [i for i, m in enumerate(mods) if isinstance(m, Modification)]
    report: Dict[str, Any] = {"matches": [], "failures": [], "sequential": False, "warnings": []}

    def take(part: Dict[str, Any], indexes: List[int]) -> None:
        for key in ("matches", "failures"):
            for item in part[key]:
                item = dict(item)
                item["edit"] = indexes[int(item.get("edit", 0))]
                report[key].append(item)
        report["warnings"].extend(part.get("warnings") or [])

    line_edits = [m.as_line_edit() for m in mods if isinstance(m, LineModification)]
    text, part = run_line_edits(code, line_edits)
    take(part, by_line)
    if by_text:
        searched, part = run_edits(
            code if text is None else text, [m.as_edit() for m in mods if isinstance(m, Modification)], mode
        )
        take(part, by_text)
        report["sequential"] = bool(part["sequential"])
        text = searched if searched is not None else text if mode == "partial" else None
    if mode == "atomic" and report["failures"]:
        text, report["matches"] = None, []
    return text, report


def _apply_with_snippets(
    code: str, mods: List[Modification], *, mode: str, path: str, raw: str, apply_model: Any
) -> DiffResult:
    """:func:`apply_modifications` of a list holding snippets (see there)."""
    from .snippets import merge_snippet

    text = code
    matches: List[Match] = []
    errors: List[ModificationError] = []
    applied: List[int] = []
    for i, m in enumerate(mods):
        if not m.snippet:
            continue
        try:
            merged = merge_snippet(text, m.snippet, apply_model=apply_model, path=None if path == "code" else path)
        except EditError as e:
            errors.append(ModificationError(i, e.kind, e.message, dict(e.details)))
            continue
        text = merged.text
        applied.append(i)
        strategy = "snippet" if merged.source == "engine" else "apply_model"
        matches.extend(Match(edit=i, strategy=strategy, score=1.0, start_line=a, end_line=b) for a, b in merged.spans)
    rest = [(i, m) for i, m in enumerate(mods) if not m.snippet]
    if rest:
        after, report = run_edits(text, [m.as_edit() for _, m in rest], mode)
        for f in report["failures"]:
            details = dict(f)
            k = rest[int(details.pop("edit", 0))][0]
            errors.append(ModificationError(k, details.get("kind", "edit_error"), details.get("message", ""), details))
        for d in report["matches"]:
            d = dict(d, edit=rest[int(d["edit"])][0])
            matches.append(Match.from_dict(d))
            applied.append(d["edit"])
        if after is not None:
            text = after
    if mode == "atomic" and errors:
        text = code
        applied, matches = [], []
    count = len(set(applied))
    errors.sort(key=lambda e: e.index)
    counts: Dict[str, int] = {}
    for match in matches:
        counts[match.strategy] = counts.get(match.strategy, 0) + 1
    message = f"applied {count} of {len(mods)} modifications"
    if errors:
        message += f"; {len(errors)} failed ({', '.join(sorted({e.kind for e in errors}))})"
    return DiffResult(
        success=count > 0 and (mode == "partial" or not errors),
        modified_code=text,
        original_code=code,
        diff=_native.unified_diff(code, text, path) if text != code else "",
        applied_count=count,
        total_count=len(mods),
        errors=errors,
        matches=matches,
        strategy_counts=counts,
        raw_llm_output=raw,
        mode=mode,
        message=message,
    )


def diff_result(
    code: str, total: int, text: Optional[str], report: Dict[str, Any], *, mode: str, raw: str = "", path: str = "code"
) -> DiffResult:
    """Build a :class:`DiffResult` from the engine's report on ``total`` modifications."""
    matches = [Match.from_dict(m) for m in report["matches"]]
    errors = []
    for f in report["failures"]:
        details = dict(f)
        index = int(details.pop("edit", 0))
        errors.append(ModificationError(index, details.get("kind", "edit_error"), details.get("message", ""), details))
    applied = sorted({m.edit for m in matches})
    counts: Dict[str, int] = {}
    for m in matches:
        counts[m.strategy] = counts.get(m.strategy, 0) + 1
    modified = code if text is None else text
    success = bool(applied) and (mode == "partial" or not errors)
    message = f"applied {len(applied)} of {total} modifications"
    if errors:
        message += f"; {len(errors)} failed ({', '.join(sorted({e.kind for e in errors}))})"
    return DiffResult(
        success=success,
        modified_code=modified,
        original_code=code,
        diff=_native.unified_diff(code, modified, path) if modified != code else "",
        applied_count=len(applied),
        total_count=total,
        errors=errors,
        matches=matches,
        strategy_counts=counts,
        sequential=bool(report["sequential"]),
        raw_llm_output=raw,
        mode=mode,
        message=message,
    )
