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
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from . import _native
from .core import EditDict, Match, run_edits
from .errors import ParseError


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
        )


class ParsedModifications(List[Modification]):
    """A list of modifications that remembers the model output it was read from (§12.3.8)."""

    def __init__(
        self,
        items: Iterable[Modification] = (),
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
    report = json.loads(_native.parse_json(llm_text, format))
    if not report["ok"]:
        err = report["error"]
        raise ParseError(err["message"], err)
    changes = report["changes"]
    unsupported = [c for c in changes if c["op"] != "edit" or c.get("move_to")]
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
    mods = [
        Modification(
            e["old"],
            e["new"],
            "",
            e["replace_all"],
            e["anchor"] or "",
            e["near_line"],
            e["near_context"],
            e["final_newline"],
        )
        for c in changes
        for e in c["edits"]
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


def _diffcoder_annotations(text: str, mods: List[Modification]) -> Dict[str, str]:
    """Recover ``reason`` per modification, ``analysis`` and ``summary`` from DiffCoder JSON.

    The engine's parser reads the edits (leniently, and flags repairs); it has no use for
    these free-text fields. They are taken here only from JSON that Python reads strictly and
    whose modifications are exactly the parsed ones, so an annotation is never misattributed.
    """
    candidates = [text.strip()] + _FENCE.findall(text)
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    for candidate in candidates:
        try:
            doc = json.loads(candidate)
        except ValueError:
            continue
        items = doc.get("modifications") if isinstance(doc, dict) else doc
        if not isinstance(items, list) or len(items) != len(mods):
            continue
        if not all(
            isinstance(it, dict) and it.get("old_string", it.get("old")) == m.old_string
            for it, m in zip(items, mods)
        ):
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


Modifications = Union[Sequence[Modification], Sequence[Dict[str, Any]]]


def apply_modifications(
    code: str, modifications: Modifications, *, mode: str = "atomic", path: str = "code"
) -> DiffResult:
    """Apply ``modifications`` to ``code`` as one transaction.

    ``mode="atomic"``: all apply or none does. ``mode="partial"``: those that apply are kept,
    the rest are reported in :attr:`DiffResult.errors` (seed 002 §8.1). Every modification is
    located in the original code, so an earlier one cannot shift a later one onto the wrong
    lines; overlapping modifications are refused as a ``conflict``. Plain dicts with
    ``old_string``/``new_string`` keys are accepted too. ``path`` names the code in the diff's
    headers.
    """
    if mode not in ("atomic", "partial"):
        raise ValueError(f'mode must be "atomic" or "partial", not {mode!r}')
    mods = [m if isinstance(m, Modification) else Modification.from_dict(m) for m in modifications]
    raw = getattr(modifications, "raw_output", "")
    if not mods:
        return DiffResult(False, code, code, "", 0, 0, raw_llm_output=raw, mode=mode, message="no modifications to apply")
    text, report = run_edits(code, [m.as_edit() for m in mods], mode)
    return diff_result(code, len(mods), text, report, mode=mode, raw=raw, path=path)


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
