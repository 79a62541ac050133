r"""Line-addressed edits (docs/line-refs.md): :func:`read_hashes` shows a text with a short
content ID on every line (``12#VK|    return total``), and :func:`apply_line_edits` applies
edits that name their lines by those references — all of them or none.

>>> code = "def total(items):\n    return 0\n"
>>> print(read_hashes(code), end="")
1#ZV|def total(items):
2#WS|    return 0
>>> apply_line_edits(code, [{"op": "replace", "pos": "2#WS", "lines": ["return sum(items)"]}]).text
'def total(items):\n    return sum(items)\n'

A reference whose line changed since the read is refused with the current lines and their new
IDs (:class:`~fuzzy_edit.errors.StaleReference`), so the model can retry in one step:

>>> apply_line_edits("x = 1\n", [{"op": "replace", "pos": "1#ZZ", "lines": ["x = 2"]}])
Traceback (most recent call last):
...
fuzzy_edit.errors.StaleReference: ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native
from .core import Applied, Match
from .errors import edit_error


@dataclass(frozen=True)
class LineEdit:
    """One line-addressed edit, in the shape hashline tools prompt models with."""

    #: ``"replace"`` (lines ``pos``..``end``), ``"append"`` (after ``pos``) or ``"prepend"``
    #: (before ``pos``); without ``pos``, at the end or start of the text.
    op: str
    #: The line as the read showed it: ``"12#VK"`` (a plain number only with ``line_numbers``).
    pos: Optional[str] = None
    #: The last line replaced, inclusive (``replace`` only).
    end: Optional[str] = None
    #: The new lines, without line endings; empty deletes (``replace``).
    lines: Sequence[str] = ()

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {"op": self.op, "lines": list(self.lines)}
        if self.pos is not None:
            d["pos"] = self.pos
        if self.end is not None:
            d["end"] = self.end
        return d


#: A line edit as a :class:`LineEdit` or a plain dict (``{"op", "pos", "end", "lines"}``,
#: ``lines`` a list or one string).
LineEditLike = Union[LineEdit, Mapping[str, Any]]


@dataclass(frozen=True)
class Followed:
    """A stale reference an edit followed: every referenced line had moved by the same number
    of lines (lines were inserted above since the read)."""

    #: The reference as sent (``"12#VK"``).
    reference: str
    #: Where that line stands now, 1-based.
    line: int


@dataclass(frozen=True)
class LinesApplied(Applied):
    """The result of :func:`apply_line_edits`: :class:`~fuzzy_edit.core.Applied` and the
    references followed to where their lines stand now (say so to the model)."""

    followed: List[Followed] = field(default_factory=list)


def _range(lines: Union[None, str, Tuple[int, int]]) -> Tuple[Optional[int], Optional[int]]:
    if lines is None:
        return None, None
    if isinstance(lines, str):
        text = lines.strip()
        first, sep, last = text.partition(":")
        if not sep:
            first, sep, last = text.partition("-")
        try:
            a = int(first) if first.strip() else 1
            b = int(last) if sep and last.strip() else (None if sep else a)
        except ValueError:
            a, b = 0, 0
        if a < 1 or (b is not None and b < a):
            raise ValueError(f'lines must be "A:B" (1-based, A <= B), "A:" or ":B", not {lines!r}')
        return a, b
    a, b = lines
    if a < 1 or b < a:
        raise ValueError(f"lines must be (first, last), 1-based with first <= last, not {lines!r}")
    return a, b


def read_hashes(content: str, lines: Union[None, str, Tuple[int, int]] = None) -> str:
    r"""``content`` as a hashline read shows it: each line as ``{line}#{ID}|{text}``, joined
    with ``\n`` (line endings and a byte order mark left out); only ``lines`` when given, as
    ``"A:B"``, ``"A:"``, ``":B"`` or ``(A, B)``, 1-based and inclusive.

    >>> print(read_hashes("a\r\nb\r\nc\r\n", "2:"), end="")
    2#XH|b
    3#PX|c
    """
    if not isinstance(content, str):
        raise TypeError(f"content must be str, not {type(content).__name__}")
    first, last = _range(lines)
    shown, _total = _native.read_hashes(content, first, last)
    return shown


def count_lines(content: str) -> int:
    """How many lines a read shows for ``content`` (a final newline ends the last line).

    >>> count_lines("a\\nb"), count_lines("a\\nb\\n"), count_lines("")
    (2, 2, 0)
    """
    return int(_native.read_hashes(content, 1, 0)[1]) if content else 0


def _edit_dicts(edits: Sequence[LineEditLike]) -> List[Dict[str, Any]]:
    if isinstance(edits, (str, bytes)) or not isinstance(edits, Sequence):
        raise TypeError("edits must be a list of line edits ({'op', 'pos', 'end', 'lines'})")
    out = []
    for e in edits:
        if isinstance(e, LineEdit):
            out.append(e.to_dict())
        elif isinstance(e, Mapping):
            out.append({k: v for k, v in e.items() if k in ("op", "pos", "end", "lines")})
        else:
            raise TypeError(f"a line edit is a LineEdit or a dict, not {type(e).__name__}")
    return out


def run_line_edits(
    content: str, edits: Sequence[LineEditLike], *, line_numbers: bool = False
) -> Tuple[Optional[str], Dict[str, Any]]:
    """Apply line edits through the native engine: ``(text or None, report)``, the report of
    :func:`~fuzzy_edit.core.run_edits` plus ``followed``."""
    if not isinstance(content, str):
        raise TypeError(f"content must be str, not {type(content).__name__}")
    text, report = _native.apply_line_edits_json(content, json.dumps(_edit_dicts(edits)), bool(line_numbers))
    return text, json.loads(report)


def apply_line_edits(
    content: str, edits: Sequence[LineEditLike], *, line_numbers: bool = False
) -> LinesApplied:
    r"""Apply line-addressed ``edits`` to ``content`` as one transaction: every reference names
    a line of the one snapshot the model read (no drift between edits), all apply or none.

    The new lines take the text's indentation, line endings, byte order mark and final newline;
    ``LINE#ID|`` prefixes copied into ``lines`` and the line just outside the range repeated are
    dropped. ``line_numbers`` accepts plain numbers (``"42"``) without an ID. Raises
    :class:`~fuzzy_edit.errors.StaleReference` (a referenced line changed; the message shows the
    current lines with their IDs), :class:`~fuzzy_edit.errors.OverlappingEdits` or
    :class:`~fuzzy_edit.errors.BadReference`; the content is then unchanged.

    >>> code = "a = 1\r\nb = 2\r\n"
    >>> out = apply_line_edits(code, [{"op": "append", "pos": "1#WS", "lines": "c = 3"}])
    >>> out.text
    'a = 1\r\nc = 3\r\nb = 2\r\n'
    >>> apply_line_edits(code, [{"op": "replace", "pos": "1", "lines": []}], line_numbers=True).text
    'b = 2\r\n'
    """
    text, report = run_line_edits(content, edits, line_numbers=line_numbers)
    if text is None:
        failures = report.get("failures") or [{"kind": "edit_error", "message": "line edits refused"}]
        raise edit_error(dict(failures[0]))
    return LinesApplied(
        text=text,
        matches=[Match.from_dict(m) for m in report["matches"]],
        original=content,
        followed=[Followed(str(f["reference"]), int(f["line"])) for f in report.get("followed", [])],
    )
