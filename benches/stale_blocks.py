#!/usr/bin/env python3
"""Stale blocks and honest drift, through `fuzzy-edit pipe`: the measurement behind
`decide/stale_block.rs`.

A model read a block, then the file changed in lines its edit keeps; it sends its `old` and
`new` as it read them. Each case takes a block (a `git-mined` hunk, or a block of 6-16 lines of
a Python standard library module with one line changed by the edit) and drifts lines of `old`
that `new` keeps, in the file only, as code changes between a read and an edit:
- `rename`: an identifier on several kept lines (and on no line the edit changes) renamed;
- `number`: a number on a kept line changed;
- `argument`: an argument added to a call on a kept line;
- `comment`: a comment line inserted between two kept lines.
The first and last non-blank lines stay (the block is still found by them). Classes:
- `stale_3`: three drifted lines, `stale_half`: half the non-blank lines of `old` (three at
  least). Must be refused: an applied edit writes the model's change into code it never saw.
- `drift_1`, `drift_2`: one or two drifted lines. Must land: the file's drifted lines kept, the
  model's change made (the expected file is the drifted one with the edit made).

    cargo build --release -p fuzzy-edit-cli
    python3 benches/stale_blocks.py [target/release/fuzzy-edit] [--seed 1] [--data ../shared/data]

Prints per class and source: cases, right (refused / the expected file), wrong (applied where
it must refuse, or applied to another text), refused (of the must-land classes), and the
refusal kinds. `--show CLASS` prints the wrong cases of a class.
"""

import difflib
import glob
import gzip
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter, defaultdict

IDENT = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]{2,}\b")
NUMBER = re.compile(r"(?<![A-Za-z0-9_.])\d+(?![A-Za-z0-9_.])")
KEYWORDS = set(
    "def class return if else elif for while in and or not import from as with try except"
    " finally raise pass break continue lambda yield None True False self fn let mut pub use"
    " impl struct enum match const static async await function var new this export type"
    " interface extends implements super".split()
)


def comment_leader(name: str) -> str:
    return "#" if name.endswith(".py") else "//"


def kept_lines(old: list[str], new: list[str]) -> dict[int, int]:
    """Lines of `old` that `new` keeps: old index -> new index."""
    kept = {}
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                kept[i1 + k] = j1 + k
    return kept


def drift(old, new, kept, wanted, rng, leader):
    """`old` and `new` with `wanted` kept middle lines drifted alike (new lists), and how many
    lines drifted; None when the block offers too few."""
    non_blank = [i for i, l in enumerate(old) if l.strip()]
    if len(non_blank) < 4:
        return None
    edges = {non_blank[0], non_blank[-1]}
    middle = [i for i in non_blank if i in kept and i not in edges]
    changed_text = "\n".join(
        [l for i, l in enumerate(old) if i not in kept]
        + [l for j, l in enumerate(new) if j not in set(kept.values())]
    )
    old2, new2 = list(old), list(new)
    drifted = set()
    inserted = []  # (old index to insert before, line)
    ops = ["rename", "number", "argument", "comment"]
    rng.shuffle(ops)
    attempts = 0
    while len(drifted) + len(inserted) < wanted and attempts < 12:
        attempts += 1
        op = ops[attempts % len(ops)]
        free = [i for i in middle if i not in drifted]
        if op == "rename":
            names = Counter()
            for i in free:
                names.update(set(IDENT.findall(old[i])))
            room = wanted - len(drifted) - len(inserted)
            options = [
                n
                for n, c in names.items()
                if 2 <= c <= room and n not in KEYWORDS and not re.search(rf"\b{n}\b", changed_text)
            ]
            if not options:
                continue
            name = rng.choice(sorted(options))
            for i in free:
                if re.search(rf"\b{name}\b", old[i]):
                    old2[i] = re.sub(rf"\b{name}\b", name + "_next", old2[i])
                    drifted.add(i)
        elif op == "number":
            cands = [i for i in free if NUMBER.search(old[i])]
            if not cands:
                continue
            i = rng.choice(cands)
            old2[i] = NUMBER.sub(lambda m: str(int(m.group()) + 1), old2[i], count=1)
            drifted.add(i)
        elif op == "argument":
            cands = [i for i in free if re.search(r"\w\([^()]*\)", old[i])]
            if not cands:
                continue
            i = rng.choice(cands)
            m = list(re.finditer(r"\w\(([^()]*)\)", old[i]))[-1]
            inner = m.group(1)
            added = "timeout" if not inner.strip() else inner + ", timeout"
            old2[i] = old2[i][: m.start(1)] + added + old2[i][m.end(1) :]
            drifted.add(i)
        else:
            # Between two kept middle lines that follow each other in `old` and in `new`.
            spots = [
                i
                for i in free
                if i + 1 in kept and i in kept and kept[i + 1] == kept[i] + 1 and old[i + 1].strip()
                and i + 1 not in edges | {non_blank[0]}
                and all(at != i + 1 for at, _ in inserted)
            ]
            if not spots:
                continue
            i = rng.choice(spots)
            indent = old[i + 1][: len(old[i + 1]) - len(old[i + 1].lstrip())]
            inserted.append((i + 1, f"{indent}{leader} checked since the last release"))
    if len(drifted) + len(inserted) != wanted:
        return None
    for i in drifted:
        new2[kept[i]] = old2[i]
    # Insert from the bottom so indices stay valid.
    for at, line in sorted(inserted, reverse=True):
        old2.insert(at, line)
        new2.insert(kept[at], line)
    return old2, new2


def join(lines, trailing):
    return "\n".join(lines) + ("\n" if trailing else "")


def cases_from(old_text, new_text, content, offset, name, rng, source):
    out = []
    trailing = old_text.endswith("\n")
    old = old_text.split("\n")[:-1] if trailing else old_text.split("\n")
    new_trailing = new_text.endswith("\n")
    new = new_text.split("\n")[:-1] if new_trailing else new_text.split("\n")
    kept = kept_lines(old, new)
    if len(kept) == len(old) or not kept:
        return out
    non_blank = [l for l in old if l.strip()]
    half = max(3, len(non_blank) // 2)
    for cls, wanted in (("drift_1", 1), ("drift_2", 2), ("stale_3", 3), ("stale_half", half)):
        if cls == "stale_half" and half == 3:
            continue
        d = drift(old, new, kept, wanted, rng, comment_leader(name))
        if d is None:
            continue
        old2, new2 = d
        file2 = content[:offset] + join(old2, trailing) + content[offset + len(old_text) :]
        expected = content[:offset] + join(new2, new_trailing) + content[offset + len(old_text) :]
        out.append(
            {
                "class": cls,
                "source": source,
                "name": name,
                "content": file2,
                "old": old_text,
                "new": new_text,
                "expected": expected,
            }
        )
    return out


def git_mined(data, rng):
    for path in sorted(glob.glob(os.path.join(data, "git-mined", "*.jsonl.gz"))):
        with gzip.open(path, "rt") as f:
            for line in f:
                h = json.loads(line)
                ext = {"aider_py": ".py", "cline_ts": ".ts", "omp_rs": ".rs"}.get(
                    os.path.basename(path).split(".")[0], ".txt"
                )
                off = h["gt_char_offset"]
                if h["content"][off : off + len(h["old"])] != h["old"]:
                    continue
                yield from cases_from(
                    h["old"], h["new"], h["content"], off, "x" + ext, rng, "git-mined"
                )


def stdlib(rng, count):
    files = sorted(glob.glob("/usr/lib/python3*/*.py"))
    rng.shuffle(files)
    made = 0
    for path in files:
        if made >= count:
            break
        try:
            content = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        lines = content.split("\n")
        if len(lines) < 60:
            continue
        for _ in range(3):
            n = rng.randint(6, 16)
            start = rng.randint(0, len(lines) - n - 2)
            block = lines[start : start + n]
            if sum(1 for l in block if l.strip()) < 6:
                continue
            old_text = "\n".join(block) + "\n"
            offset = len("\n".join(lines[:start])) + (1 if start else 0)
            if content.count(old_text) != 1:
                continue
            # The model's edit: one middle line changed (a call or value appended).
            mids = [i for i in range(1, n - 1) if block[i].strip() and not block[i].strip().startswith("#")]
            if not mids:
                continue
            k = rng.choice(mids)
            new_block = list(block)
            new_block[k] = block[k].rstrip() + "  # reviewed"
            new_text = "\n".join(new_block) + "\n"
            got = cases_from(old_text, new_text, content, offset, "x.py", rng, "stdlib")
            made += 1 if got else 0
            yield from got


def main() -> None:
    args = sys.argv[1:]
    opts = {"--seed": "1", "--data": os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data"), "--show": None, "--stdlib": "400"}
    for key in list(opts):
        if key in args:
            i = args.index(key)
            opts[key] = args[i + 1]
            del args[i : i + 2]
    binary = args[0] if args else "target/release/fuzzy-edit"
    rng = random.Random(int(opts["--seed"]))
    cases = list(git_mined(opts["--data"], rng)) + list(stdlib(rng, int(opts["--stdlib"])))
    pipe = subprocess.Popen([binary, "pipe"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    table = defaultdict(Counter)
    kinds = defaultdict(Counter)
    shown = 0
    for case in cases:
        req = {"id": 1, "content": case["content"], "old": case["old"], "new": case["new"], "name": case["name"]}
        pipe.stdin.write(json.dumps(req) + "\n")
        pipe.stdin.flush()
        answer = json.loads(pipe.stdout.readline())
        key = (case["class"], case["source"])
        table[key]["cases"] += 1
        must_refuse = case["class"].startswith("stale")
        if not answer.get("ok"):
            kind = answer["error"]["kind"]
            kinds[key][kind] += 1
            table[key]["right" if must_refuse else "refused"] += 1
            continue
        result = answer["result"]
        if must_refuse:
            table[key]["wrong"] += 1
        elif result == case["expected"]:
            table[key]["right"] += 1
        else:
            table[key]["wrong"] += 1
        if opts["--show"] == case["class"] and table[key]["wrong"] and shown < 5 and (must_refuse or result != case["expected"]):
            shown += 1
            print("----", case["class"], case["source"], answer["matches"][0]["strategy"])
            print("".join(difflib.unified_diff(case["old"].splitlines(True), case["content"][case["content"].find(case["old"].split("\n")[0]):][: len(case["old"]) + 200].splitlines(True), "old", "file")))
    pipe.stdin.close()
    pipe.wait()
    print(f"seed {opts['--seed']}: class, source, cases, right, wrong, refused (must land), refusal kinds")
    for key in sorted(table):
        t = table[key]
        print(f"{key[0]:11} {key[1]:9} {t['cases']:5} {t['right']:5} {t['wrong']:5} {t['refused']:5}  {dict(kinds[key])}")


if __name__ == "__main__":
    main()
