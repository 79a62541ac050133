"""fuzzy-edit for Python: apply the search/replace edits LLMs write, where the model meant
them, or refuse with feedback the model can act on — and the DiffCoder repair loop
(:mod:`fuzzy_edit.repair`) built on it.

>>> import fuzzy_edit
>>> fuzzy_edit.apply("total = a - b\\n", "total = a - b", "total = a + b").text
'total = a + b\\n'

The engine is the Rust library, called in-process (no subprocess); the GIL is released while
it runs.
"""

from ._native import __version__
from .core import Applied, Difference, Match, apply, apply_snippet
from .snippets import SnippetMerge, Verification, apply_model_from_env, merge_snippet, verify_snippet
from .errors import (
    BusyFile,
    AlreadyApplied,
    Ambiguous,
    AnchorAmbiguous,
    BadReference,
    AnchorNotFound,
    Conflict,
    SnippetUnplaced,
    UnclearElision,
    ContentMismatch,
    EditError,
    EmptyOld,
    FileError,
    FuzzyEditError,
    LowConfidence,
    MissingFile,
    NoChange,
    NotFound,
    NotFoundAfterAnchor,
    NotTextFile,
    OverlappingEdits,
    ParseError,
    StaleFile,
    StaleReference,
    WhitespaceOnly,
)
from .files import TextFile, edit_file, read_file, write_file
from .lines import Followed, LineEdit, LinesApplied, apply_line_edits, count_lines, read_hashes
from .modifications import (
    DiffResult,
    LineModification,
    Modification,
    ModificationError,
    ParsedModifications,
    apply_modifications,
    parse_modifications,
)


def unified_diff(before: str, after: str, path: str = "code") -> str:
    """A unified diff (3 lines of context) from ``before`` to ``after``.

    >>> print(unified_diff("a\\nb\\n", "a\\nc\\n"), end="")
    --- a/code
    +++ b/code
    @@ -1,2 +1,2 @@
     a
    -b
    +c
    """
    from . import _native

    return _native.unified_diff(before, after, path)


__all__ = [
    "__version__",
    "apply",
    "apply_snippet",
    "verify_snippet",
    "merge_snippet",
    "Verification",
    "SnippetMerge",
    "apply_model_from_env",
    "Applied",
    "Difference",
    "Match",
    "Modification",
    "LineModification",
    "ParsedModifications",
    "parse_modifications",
    "apply_modifications",
    "DiffResult",
    "ModificationError",
    "unified_diff",
    "read_file",
    "write_file",
    "edit_file",
    "TextFile",
    "read_hashes",
    "count_lines",
    "apply_line_edits",
    "LineEdit",
    "LinesApplied",
    "Followed",
    "StaleReference",
    "OverlappingEdits",
    "BadReference",
    "FuzzyEditError",
    "EditError",
    "EmptyOld",
    "NoChange",
    "NotFound",
    "AlreadyApplied",
    "Ambiguous",
    "LowConfidence",
    "ContentMismatch",
    "WhitespaceOnly",
    "AnchorNotFound",
    "AnchorAmbiguous",
    "NotFoundAfterAnchor",
    "Conflict",
    "SnippetUnplaced",
    "UnclearElision",
    "ParseError",
    "FileError",
    "StaleFile",
    "NotTextFile",
    "MissingFile",
    "BusyFile",
]
