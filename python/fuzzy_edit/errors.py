"""Exceptions: one class per kind of refusal, so callers catch what they can handle.

Every refusal carries ``.kind`` (the engine's stable snake_case name), ``.message`` (the
feedback written for the model: what differs, where, what to send instead) and ``.details``
(the structured data behind the message: the closest fragment, every ambiguous candidate,
line numbers). A kind this version does not know yet still raises :class:`EditError` with
all of that, so a newer engine never breaks an older caller.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Type


class FuzzyEditError(Exception):
    """Base of every error this package raises."""


class EditError(FuzzyEditError, ValueError):
    """An edit was refused; the text is unchanged.

    ``str(err)`` is the model-facing message, ready to send back as feedback.
    """

    kind: str = "edit_error"

    def __init__(self, message: str, details: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.message = message
        self.details: Dict[str, Any] = dict(details or {})
        self.kind = self.details.get("kind", type(self).kind)
        #: 0-based index of the edit in its list, when the refusal is about one of several.
        self.index: Optional[int] = self.details.get("edit")

    @property
    def closest(self) -> Optional[Dict[str, Any]]:
        """For ``not_found``: the most similar fragment (lines, similarity, text, diff)."""
        return self.details.get("closest")

    @property
    def candidates(self) -> List[Dict[str, Any]]:
        """For ``ambiguous``: every place ``old`` matched (lines, preview, score)."""
        return list(self.details.get("candidates") or [])

    def __reduce__(self) -> Tuple[Any, ...]:  # keep pickling (multiprocessing) working with two arguments
        return (type(self), (self.message, self.details))


class EmptyOld(EditError):
    """``old`` is empty."""

    kind = "empty_old"


class NoChange(EditError):
    """``old == new``: the edit would change nothing."""

    kind = "no_change"


class NotFound(EditError):
    """``old`` is not in the text; ``.closest`` shows the most similar part."""

    kind = "not_found"


class AlreadyApplied(EditError):
    """``old`` is absent but ``new`` is already there."""

    kind = "already_applied"


class Ambiguous(EditError):
    """``old`` matches several places; ``.candidates`` lists them."""

    kind = "ambiguous"


class LowConfidence(EditError):
    """The best fuzzy match is not clearly ahead of the runner-up."""

    kind = "low_confidence"


class ContentMismatch(EditError):
    """The block was found, but lines the edit changes differ from the text."""

    kind = "content_mismatch"


class WhitespaceOnly(EditError):
    """``old`` matched only with whitespace ignored, and ``new`` only changes whitespace."""

    kind = "whitespace_only"


class AnchorNotFound(EditError):
    """The anchor does not occur."""

    kind = "anchor_not_found"


class AnchorAmbiguous(EditError):
    """The anchor occurs more than once."""

    kind = "anchor_ambiguous"


class NotFoundAfterAnchor(EditError):
    """``old`` occurs, but only before the anchor."""

    kind = "not_found_after_anchor"


class UnclearElision(EditError):
    """``new`` holds an elision comment ``old`` does not, and which lines it keeps is unclear."""

    kind = "unclear_elision"


class SnippetUnplaced(EditError):
    """A piece of a lazy snippet could not be placed: it fits several places, shows no line of
    the file, or a marker leaves its place open (``.details`` has ``piece``, ``line``,
    ``reason`` and the file ``lines``)."""

    kind = "snippet_unplaced"


class Conflict(EditError):
    """Two edits of one list change overlapping text."""

    kind = "conflict"


class StaleReference(EditError):
    """A line edit's reference no longer matches its line (the file changed since the read),
    and the edits could not follow their lines unambiguously. ``.details`` has
    ``references`` (each stale one, with its line's ``current_id``) and ``current``: the
    file's lines around each, as a read with hashes shows them, to retry with."""

    kind = "stale_reference"


class OverlappingEdits(EditError):
    """Two line edits touch the same lines (or insert at the same place): their order would be
    a guess. ``.details`` has ``first``, ``second`` (0-based) and the lines."""

    kind = "overlapping_edits"


class BadReference(EditError):
    """A line edit's reference cannot be used as written (no such line, a plain number where
    IDs are required, ``end`` before ``pos``, ...); ``.details["reason"]`` says what to send."""

    kind = "bad_reference"


EDIT_ERRORS: Dict[str, Type[EditError]] = {
    cls.kind: cls
    for cls in (
        EmptyOld,
        NoChange,
        NotFound,
        AlreadyApplied,
        Ambiguous,
        LowConfidence,
        ContentMismatch,
        WhitespaceOnly,
        AnchorNotFound,
        AnchorAmbiguous,
        NotFoundAfterAnchor,
        SnippetUnplaced,
        UnclearElision,
        Conflict,
        StaleReference,
        OverlappingEdits,
        BadReference,
    )
}


def edit_error(details: Dict[str, Any]) -> EditError:
    """The exception for one refusal as the engine reports it."""
    cls = EDIT_ERRORS.get(details.get("kind", ""), EditError)
    return cls(details.get("message", ""), details)


class ParseError(FuzzyEditError, ValueError):
    """A model's answer could not be read as edits. Nothing is guessed: the message says what
    is malformed and where (``.line``, 1-based, when known), written for the model."""

    def __init__(self, message: str, details: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.message = message
        self.details: Dict[str, Any] = dict(details or {})
        self.kind: str = self.details.get("kind", "invalid")
        self.line: Optional[int] = self.details.get("line")
        self.format: Optional[str] = self.details.get("format")

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (self.message, self.details))


class FileError(FuzzyEditError, OSError):
    """A file could not be read or written safely; it is unchanged.

    ``.kind`` is the library's name of the problem, as the command line's, the pipe's and the
    MCP server's JSON answers give it: ``file_not_found``, ``is_directory``, ``binary``,
    ``not_utf8``, ``too_large``, ``stale``, ``busy``, ``not_regular``, ``hard_links``,
    ``read_only``, ``io``, ... (docs/json.md).
    """

    def __init__(self, message: str, details: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.message = message
        self.details: Dict[str, Any] = dict(details or {})
        self.kind: str = self.details.get("kind", "io")
        self.path: Optional[str] = self.details.get("path")

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (self.message, self.details))


class StaleFile(FileError):
    """The file changed since it was read, or is not the version the caller expected."""


class NotTextFile(FileError):
    """The file is binary (NUL bytes) or not UTF-8."""


class MissingFile(FileError, FileNotFoundError):
    """No file at the path."""


class BusyFile(FileError, TimeoutError):
    """Another fuzzy-edit writer held the lock on the file's directory (or, in place, on the
    file) for the whole wait (10 s); nothing was written. Retry later. ``.waited_ms`` says how
    long the edit waited."""

    @property
    def waited_ms(self) -> Optional[int]:
        return self.details.get("waited_ms")


_FILE_ERRORS: Dict[str, Type[FileError]] = {
    "busy": BusyFile,
    "stale": StaleFile,
    "binary": NotTextFile,
    "not_utf8": NotTextFile,
    "file_not_found": MissingFile,
}


def file_error(details: Dict[str, Any]) -> FileError:
    """The exception for a file error as the native layer reports it."""
    cls = _FILE_ERRORS.get(details.get("kind", ""), FileError)
    return cls(details.get("message", ""), details)
