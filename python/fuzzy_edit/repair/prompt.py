"""The DiffCoder prompt (seed 002 §9): rules, the code, the error log, the expert suggestion,
and from the second round on the feedback of every modification that failed.

The template is ``diff_edit.txt`` next to this file, a :class:`string.Template` (``$name``
placeholders). ``string.Template`` rather than Jinja2: the prompt needs substitution only —
optional sections are built here, in code that is tested — so a template engine would add a
dependency (and a second language to the prompt) for nothing. Pass your own text as
``template=`` (or ``--template FILE``); unknown placeholders are refused at load time, a
literal ``$`` is written ``$$``.

>>> t = PromptTemplate("Fix:\\n$original_code\\nLog: $error_log")
>>> print(t.render(original_code="x = 1", error_log="boom"))
Fix:
x = 1
Log: boom
"""

from __future__ import annotations

import string
from typing import Dict, List, Optional

try:  # Python >= 3.9
    from importlib.resources import files as _resource_files
except ImportError:  # pragma: no cover
    _resource_files = None  # type: ignore[assignment]

#: Placeholders a template may use.
PLACEHOLDERS = (
    "original_code",
    "error_log",
    "conductor_suggestion",
    "previous_feedback",
    "line_number_note",
    "line_number_rule",
    "line_refs_format",
)

#: The prompt's section on line modifications, when the code is shown with ``LINE#ID``s.
LINE_REFS_FORMAT = """
Each line of the code above starts with its reference, LINE#ID (`12#VK`), and a `|`. Prefer
modifications that name lines by reference to old_string/new_string ones:

```json
{"op": "replace", "pos": "12#VK", "end": "14#QX", "lines": ["the new lines", "one string each"], "reason": "why"}
```

"replace" puts "lines" in place of lines pos..end (end is optional and inclusive; "lines": []
deletes them); "append" inserts "lines" after pos, "prepend" before it. Copy pos and end
exactly as shown; write "lines" without the LINE#ID| prefix. Every reference names the code as
shown above, so line modifications do not shift each other; they must not overlap.
"""

SYSTEM_MESSAGE = (
    "You repair code with minimal search/replace modifications and answer in the JSON format "
    "the user asks for."
)


def default_template_text() -> str:
    """The shipped template, ``fuzzy_edit/repair/diff_edit.txt``."""
    return (_resource_files("fuzzy_edit.repair") / "diff_edit.txt").read_text(encoding="utf-8")


class PromptTemplate:
    """A prompt template with ``$placeholder`` substitution (see :data:`PLACEHOLDERS`)."""

    def __init__(self, text: Optional[str] = None) -> None:
        self.text = default_template_text() if text is None else text
        self._template = string.Template(self.text)
        probe = {name: "" for name in PLACEHOLDERS}
        try:
            self._template.substitute(probe)
        except KeyError as e:
            raise ValueError(
                f"the prompt template uses an unknown placeholder ${e.args[0]}; "
                f"available: {', '.join('$' + p for p in PLACEHOLDERS)} (write a literal $ as $$)"
            ) from None
        except ValueError as e:
            raise ValueError(f"the prompt template is malformed: {e} (write a literal $ as $$)") from None

    def render(self, **values: str) -> str:
        full = {name: "" for name in PLACEHOLDERS}
        full.update(values)
        return self._template.substitute(full)


def truncate_error_log(log: str, max_chars: int = 5000) -> str:
    """Keep the head and the tail of a long log (seed 002 §12.3.4): the command and first
    error at the top, the traceback's last frames and the actual error at the bottom.

    >>> out = truncate_error_log("a" * 100 + "Z" * 100, 60)
    >>> out.startswith("a" * 20), out.endswith("Z" * 10), "chars truncated" in out
    (True, True, True)
    >>> truncate_error_log("short")
    'short'
    """
    if len(log) <= max_chars:
        return log
    head_len = max_chars // 3
    # The marker's length depends on the count it shows; 50 characters covers it (seed 002).
    tail_len = max(max_chars - head_len - 50, max_chars // 3)
    cut = len(log) - head_len - tail_len
    return f"{log[:head_len]}\n\n... ({cut} chars truncated) ...\n\n{log[-tail_len:]}"


def number_lines(code: str) -> str:
    """``cat -n``-style line numbers (``{:>6}\\t``), the prefix the engine strips when a model
    copies it into old_string — so showing them helps the model and cannot break its edits.
    CRLF is shown as plain line breaks; the engine matches either way and keeps the file's.

    >>> number_lines("a\\nb\\n")
    '     1\\ta\\n     2\\tb'
    """
    lines = code.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))


def build_messages(
    code: str,
    error_log: str,
    *,
    suggestion: str = "",
    feedback: str = "",
    template: Optional[PromptTemplate] = None,
    line_numbers: bool = True,
    line_refs: bool = False,
    max_error_chars: int = 5000,
    system: str = SYSTEM_MESSAGE,
) -> List[Dict[str, str]]:
    """The chat messages for one round: a system message and the rendered template.

    ``line_refs``: show each line with its ``LINE#ID`` reference (as a read with hashes does,
    :func:`~fuzzy_edit.read_hashes`) instead of a ``cat -n`` number, and ask for line
    modifications by reference (search/replace ones stay accepted).
    """
    template = template or PromptTemplate()
    if line_refs:
        from ..lines import read_hashes

        shown = read_hashes(code).rstrip("\n")
        note = "(Each line starts with its reference, LINE#ID, and a |: copy references into pos and end, never into the code you write.)"
        rule = ", without the LINE#ID| prefix shown at the left"
    elif line_numbers:
        shown = number_lines(code)
        note = "(Each line starts with its line number and a tab, for reference only.)"
        rule = ", without the line numbers shown at the left"
    else:
        shown, note, rule = code.replace("\r\n", "\n").rstrip("\n"), "", ""
    values = {
        "original_code": shown,
        "error_log": truncate_error_log(error_log.strip("\n"), max_error_chars) or "(no output)",
        "conductor_suggestion": f"\n## Expert suggestion\n{suggestion.strip()}\n" if suggestion.strip() else "",
        "previous_feedback": (
            f"\n## Feedback on your previous answer\n{feedback.strip()}\n" if feedback.strip() else ""
        ),
        "line_number_note": note,
        "line_number_rule": rule,
        "line_refs_format": LINE_REFS_FORMAT if line_refs else "",
    }
    messages = [{"role": "user", "content": template.render(**values)}]
    if system:
        messages.insert(0, {"role": "system", "content": system})
    return messages
