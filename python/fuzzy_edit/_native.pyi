"""Type stubs of the native extension (Rust, PyO3). Use the public API in ``fuzzy_edit``;
these functions answer in JSON so the Python layer owns the idioms."""

from typing import Optional, Tuple

__version__: str

def apply_edits_json(
    content: str,
    edits: str,
    mode: str = "atomic",
) -> Tuple[Optional[str], str]: ...
def apply_snippet_json(content: str, snippet: str) -> Tuple[Optional[str], str]: ...
def verify_snippet_json(content: str, snippet: str, merged: str, path: Optional[str] = None) -> str: ...
def parse_json(text: str, format: Optional[str] = None) -> str: ...
def unified_diff(before: str, after: str, path: str = "code") -> str: ...
def read_file_json(path: str, max_bytes: int) -> Tuple[Optional[str], str]: ...
def write_file_json(
    path: str,
    text: str,
    expected_sha256: Optional[str] = None,
    expected_mtime: Optional[str] = None,
    max_bytes: int = ...,
) -> str: ...
def edit_file_json(
    path: str,
    edits: str,
    mode: str = "atomic",
    dry_run: bool = False,
    expected_sha256: Optional[str] = None,
    expected_mtime: Optional[str] = None,
    max_bytes: int = ...,
    line_edits: Optional[str] = None,
) -> Tuple[Optional[str], Optional[str], str]: ...
def read_hashes(content: str, first: Optional[int] = None, last: Optional[int] = None) -> Tuple[str, int]: ...
def apply_line_edits_json(
    content: str, edits_json: str, line_numbers: bool = False
) -> Tuple[Optional[str], str]: ...
