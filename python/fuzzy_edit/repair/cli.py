"""``fuzzy-edit-repair``: repair a file in place until a command passes.

One progress line per round goes to stderr, the round's diff to stdout. Exit status: 0 the
verifier passes, 1 it still fails (max steps, no progress), 2 the loop could not run (bad
usage, unreadable file, unreachable model).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional

from ..errors import FuzzyEditError
from .loop import Round, repair
from .model import OpenAIChat
from .prompt import PromptTemplate
from .verify import ShellVerifier


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="fuzzy-edit-repair",
        description="Repair FILE with a model's search/replace modifications until --verify passes.",
        epilog="Environment: FUZZY_EDIT_MODEL and FUZZY_EDIT_BASE_URL give --model and --base-url "
        "defaults; the API key is read from the variable named by --api-key-env.",
    )
    p.add_argument("file", metavar="FILE", help="the file to repair (edited in place)")
    p.add_argument("--verify", required=True, metavar="CMD", help="shell command; exit status 0 means the code works ($FUZZY_EDIT_FILE is the file)")
    p.add_argument("--model", default=os.environ.get("FUZZY_EDIT_MODEL"), help="model name (default: $FUZZY_EDIT_MODEL)")
    p.add_argument(
        "--base-url",
        default=os.environ.get("FUZZY_EDIT_BASE_URL", "https://api.openai.com/v1"),
        help="OpenAI-compatible API root, e.g. http://localhost:11434/v1 (default: $FUZZY_EDIT_BASE_URL or OpenAI)",
    )
    p.add_argument("--api-key-env", default="OPENAI_API_KEY", metavar="VAR", help="environment variable holding the API key (default: OPENAI_API_KEY)")
    p.add_argument("--max-steps", type=int, default=5, metavar="N", help="rounds at most (default: 5)")
    p.add_argument("--mode", choices=("partial", "atomic"), default="partial", help="keep the modifications that apply (partial, default) or none if one fails")
    p.add_argument("--suggestion", default="", metavar="TEXT", help="an expert suggestion to include in every prompt")
    p.add_argument("--template", metavar="FILE", help="prompt template (string.Template; see fuzzy_edit/repair/diff_edit.txt)")
    p.add_argument("--history", metavar="FILE", help="write every round as JSON Lines")
    p.add_argument("--timeout", type=float, default=120.0, metavar="S", help="model request timeout in seconds (default: 120)")
    p.add_argument("--retries", type=int, default=3, metavar="N", help="retries of a failed model request (default: 3)")
    p.add_argument("--verify-timeout", type=float, default=300.0, metavar="S", help="verifier timeout in seconds (default: 300)")
    p.add_argument("--no-line-numbers", action="store_true", help="show the code to the model without line numbers")
    p.add_argument(
        "--line-refs",
        action="store_true",
        help="show each line with its LINE#ID reference and ask for line modifications by reference (hashline)",
    )
    p.add_argument("--keep", action="store_true", help="keep the last attempt in FILE when the repair fails (default: restore it)")
    p.add_argument("-q", "--quiet", action="store_true", help="no diffs, only the progress lines")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    if not args.model:
        print("fuzzy-edit-repair: --model is required (or set FUZZY_EDIT_MODEL)", file=sys.stderr)
        return 2
    try:
        template = None
        if args.template:
            with open(args.template, encoding="utf-8") as f:
                template = PromptTemplate(f.read())
        model = OpenAIChat(
            args.model,
            args.base_url,
            api_key_env=args.api_key_env,
            timeout=args.timeout,
            retries=args.retries,
        )

        def progress(rnd: Round) -> None:
            print(f"fuzzy-edit-repair: {rnd.summary(args.max_steps)}", file=sys.stderr, flush=True)
            if not args.quiet and rnd.verdict and not rnd.verdict["passed"]:
                last = [line for line in rnd.verdict["output"].splitlines() if line.strip()][-1:]
                for line in last:
                    print(f"  | {line.strip()}", file=sys.stderr, flush=True)
            if not args.quiet and rnd.apply and rnd.apply.get("diff"):
                sys.stdout.write(rnd.apply["diff"])
                sys.stdout.flush()

        result = repair(
            path=args.file,
            verifier=ShellVerifier(args.verify, timeout=args.verify_timeout),
            model=model,
            max_steps=args.max_steps,
            mode=args.mode,
            suggestion=args.suggestion,
            template=template,
            line_numbers=not args.no_line_numbers,
            line_refs=args.line_refs,
            history_path=args.history,
            on_round=progress,
            restore_on_failure=not args.keep,
        )
    except (FuzzyEditError, OSError, ValueError) as e:
        print(f"fuzzy-edit-repair: {e}", file=sys.stderr)
        return 2
    verdict = "repaired" if result.success else "not repaired"
    print(f"fuzzy-edit-repair: {args.file}: {verdict}: {result.message}", file=sys.stderr)
    if not result.success and result.final_verdict is not None and not args.quiet:
        tail = result.final_verdict.output.strip().splitlines()[-5:]
        for line in tail:
            print(f"  | {line}", file=sys.stderr)
    if result.success:
        return 0
    return 2 if result.stop_reason in ("model_error", "file_error") else 1
