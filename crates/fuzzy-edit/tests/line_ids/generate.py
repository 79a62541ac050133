#!/usr/bin/env python3
"""Expected line IDs (`12#VK`) from an independent xxHash32: the PyPI `xxhash` package.

Writes one JSON array per line, `[number, line, id]`, for lines sampled from the given files
(by default the repository's own sources and docs), each also written with a CR, trailing
blanks and a leading tab, so CRLF files, tabs, Unicode, blank and punctuation-only lines are
all covered. `tests/line_ids.rs` checks the Rust IDs against `ids.jsonl`, and against any
file named by `FUZZY_EDIT_LINE_IDS` (e.g. one generated from the shared data set):

    pip install xxhash
    python3 crates/fuzzy-edit/tests/line_ids/generate.py > crates/fuzzy-edit/tests/line_ids/ids.jsonl
    python3 crates/fuzzy-edit/tests/line_ids/generate.py --all /some/files > /tmp/ids.jsonl
    python3 crates/fuzzy-edit/tests/line_ids/generate.py --contents \
        ../shared/data/real-edit-failures/replace-calls.jsonl.gz > /tmp/ids.jsonl
    FUZZY_EDIT_LINE_IDS=/tmp/ids.jsonl cargo test -p fuzzy-edit --test line_ids

The rule, as oh-my-pi and oh-my-opencode's hashline-core write it: every `\\r` removed, then
JavaScript's `trimEnd`; seed 0 when the line holds a `\\p{L}` or `\\p{N}`, else the line
number; the hash's low byte as two letters of ZPMQVRWSNKTXJBYH, high nibble first.
"""

import gzip
import json
import pathlib
import sys
import unicodedata

import xxhash

ALPHABET = "ZPMQVRWSNKTXJBYH"
# JavaScript's WhiteSpace and LineTerminator code points (what String.prototype.trimEnd removes).
JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def line_id(number: int, line: str) -> str:
    normalized = line.replace("\r", "").rstrip(JS_WHITESPACE)
    significant = any(unicodedata.category(c)[0] in "LN" for c in normalized)
    seed = 0 if significant else number
    low = xxhash.xxh32_intdigest(normalized.encode("utf-8"), seed) & 0xFF
    return ALPHABET[low >> 4] + ALPHABET[low & 0xF]


def own_files(root: pathlib.Path):
    for pattern in ("crates/fuzzy-edit/src/**/*.rs", "docs/*.md", "python/**/*.py"):
        yield from sorted(root.glob(pattern))


def sample(paths, every: int):
    """Every `every`-th line of each file, with its 1-based number, and three variants."""
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError):
            continue
        for index, line in enumerate(text.split("\n")):
            number = index + 1
            keep_all = every == 1
            unusual = any(ord(c) > 127 for c in line)
            if keep_all or index % every == 0 or unusual or (line.strip() in ("", "}", ");") and index % 31 == 0):
                yield number, line
                if not keep_all and index % (every * 3) == 0:
                    yield number, line + "\r"
                    yield number + 7, line + " \t"
                    yield number, "\t" + line


def contents(paths):
    """Every line of the `content` field of JSON Lines files (gzip-compressed when `.gz`)."""
    for path in paths:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as rows:
            for row in rows:
                content = json.loads(row).get("content")
                if isinstance(content, str):
                    for index, line in enumerate(content.split("\n")):
                        yield index + 1, line


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--contents"]:
        for number, line in contents(pathlib.Path(a) for a in args[1:]):
            sys.stdout.write(json.dumps([number, line, line_id(number, line)], ensure_ascii=False) + "\n")
        return
    every = 1 if args[:1] == ["--all"] else 40
    paths = [pathlib.Path(a) for a in args if a != "--all"]
    if not paths:
        paths = list(own_files(pathlib.Path(__file__).resolve().parents[4]))
    out = sys.stdout
    for number, line in sample(paths, every):
        out.write(json.dumps([number, line, line_id(number, line)], ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
