//! `old` missing what the file has: a line dropped while copying, lines behind an elision
//! marker, a word misspelled in a short block. Where `new` shows what the model meant, the edit
//! applies; where it does not, it is refused as before. (Shrunk from generated cases.)

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

const TAKE: &str = "class Stock {\n    fun take(sku: String, amount: Int): Int {\n        val current = find(sku) ?: return 0\n        val taken = minOf(current.count, amount)\n        if (taken == 0) {\n            return 0\n        }\n        return taken\n    }\n}\n";

// `old` lacks the `val current` line; `new` renames `sku` on it and on the line before: its
// line for the omitted one stands for the file's.
#[test]
fn a_line_old_left_out_and_new_rewrites_is_rewritten() {
    let old = "    fun take(sku: String, amount: Int): Int {\n        val taken = minOf(current.count, amount)\n        if (taken == 0) {\n            return 0\n        }";
    let new = "    fun take(skuRenamed: String, amount: Int): Int {\n        val current = find(skuRenamed) ?: return 0\n        val taken = minOf(current.count, amount)\n        if (taken == 0) {\n            return 0\n        }";
    let out = applied(TAKE, &Edit::new(old, new));
    assert_eq!(
        out.text,
        TAKE.replace("take(sku:", "take(skuRenamed:")
            .replace("find(sku)", "find(skuRenamed)")
    );
}

// `new` keeps the omitted line as the file has it, beside its change to the next line.
#[test]
fn a_line_old_left_out_and_new_keeps_is_kept_once() {
    let file = "{\n  \"proc-log\": \"^6.1.0\",\n  \"read\": \"^5.0.1\",\n  \"semver\": \"^7.8.5\",\n  \"spdx-expression-parse\": \"^4.0.0\",\n  \"ssri\": \"^13.0.0\"\n}\n";
    let old = "  \"proc-log\": \"^6.1.0\",\n  \"read\": \"^5.0.1\",\n  \"spdx-expression-parse\": \"^4.0.0\",\n  \"ssri\": \"^13.0.0\"";
    let new = "  \"proc-log\": \"^6.1.0\",\n  \"read\": \"^5.0.1\",\n  \"semver\": \"^7.8.5\",\n  \"spdx_v2-expression-parse\": \"^4.0.0\",\n  \"ssri\": \"^13.0.0\"";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("spdx-", "spdx_v2-"));
}

// The model replaces a line of `old` with a line the file already has right after it, which
// `old` left out: it may think the file lacks that line. Which it meant is a guess: refused.
#[test]
fn a_line_like_the_omitted_one_in_place_of_a_dropped_line_is_refused() {
    let file = "import {a} from 'a';\nimport {installHook} from 'hook';\nimport {initBackend} from 'backend';\nimport {__DEBUG__} from 'constants';\nimport setup from 'setup';\nimport {z} from 'z';\n";
    let old = "import {a} from 'a';\nimport {installHook} from 'hook';\nimport {initBackend} from 'backend';\nimport setup from 'setup';\nimport {z} from 'z';";
    let new = "import {a} from 'a';\nimport {installHook} from 'hook';\nimport {__DEBUG__} from 'constants';\nimport setup from 'setup';\nimport {z} from 'z';";
    assert_eq!(kind(file, &Edit::new(old, new)), "content_mismatch");
}

// `new`'s line for the omitted one is levels away from it (`new` pasted flush left): `new` is
// at a depth of its own, and writing it here would misplace the block. Refused as before.
#[test]
fn an_omitted_line_new_writes_levels_away_is_refused() {
    let file = "case \"$1\" in\n\t\t*.xz)\n\t\t\tunxz \"$1\"\n\t\t\t;;\n\n\t\t*.lzma)\n\t\t\tif [ -x \"`which lzma`\" ]; then\n\t\t\t\tlzma -dc \"$1\"\n\t\t\telse\n\t\t\t\techo \"No lzma\"\n\t\t\tfi\n\t\t\t;;\nesac\n";
    let old =
        "\t\t\t;;\n\n\t\t\tif [ -x \"`which lzma`\" ]; then\n\t\t\t\tlzma -dc \"$1\"\n\t\t\telse";
    let new = "\t;;\n\n*.lzma)\n\tif [ -x \"`which lzma`\" ]; then\n\t\tif [ -n \"$DEBUG\" ]; then\n\t\t\tlzma -dc \"$1\"\n\t\tfi\n\telse";
    assert_eq!(kind(file, &Edit::new(old, new)), "content_mismatch");
}

// An omitted line `new` does not write either survives a change elsewhere (as before).
#[test]
fn an_omitted_line_new_does_not_write_is_kept() {
    let file = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n";
    let out = applied(
        file,
        &Edit::new("a = 1\nb = 2\nd = 4\ne = 5", "a = 9\nb = 2\nd = 4\ne = 5"),
    );
    assert_eq!(out.text, "a = 9\nb = 2\nc = 3\nd = 4\ne = 5\n");
}

// Two lines, the first with a misspelled word (`valxes`): found like one line with a slip,
// and the file's spelling kept where `new` writes it right.
#[test]
fn a_two_line_block_with_a_misspelled_word_is_found() {
    let file = "$x = [\n    // All values are considered true except the empty string.\n    $allowed_buckets ? 1 : 0);\n$y = 2;\n";
    let old = "    // All valxes are considered true except the empty string.\n    $allowed_buckets ? 1 : 0);";
    let new = "    // All values are considered true except the empty string.\n    $allowed_buckets ? 8 : 0);";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(strategy(&out), "typo_line");
    assert_eq!(out.text, file.replace("? 1 :", "? 8 :"));
}

// Three lines with the slip in the middle one: block_anchor needs the middle equal; this is
// typo_line's.
#[test]
fn a_three_line_block_with_a_slip_in_the_middle_is_found() {
    let file = "fun restock(sku: String, amount: Int): Boolean {\n    require(amount > 0) { \"amount must be positive\" }\n    val current = find(sku) ?: return false\n    return true\n}\n";
    let old = "fun restock(sku: String, amount: Int): Boolean {\n    require(amount > 0) { \"amount muxt be positive\" }\n    val current = find(sku) ?: return false";
    let new = "fun restock(sku: String, amount: Int): Boolean {\n    require(amount > 0) { \"amount must be positive\" }\n    val current = find(sku) ?: return true";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(strategy(&out), "typo_line");
    assert_eq!(out.text, file.replace("return false", "return true"));
}

// The same block twice, `old` one slip from both: ambiguous, never one of them.
#[test]
fn a_slipped_block_with_a_twin_is_ambiguous() {
    let block = "    // load the configuration first\n    let config = load_config(path)?;\n";
    let file = format!("fn a() {{\n{block}}}\nfn b() {{\n{block}}}\n");
    let old = "    // load the configuration first\n    let config = load_confxg(path)?;";
    let new = "    // load the configuration first\n    let config = load_config(path)?;\n    check(&config)?;";
    assert_eq!(kind(&file, &Edit::new(old, new)), "ambiguous");
}

// A block two letters off (`timestamp` for `timestamptz`) is another block of the same shape,
// not a slip: the deletion, already made where `old` was, is not made again in its twin.
#[test]
fn a_block_a_word_apart_is_no_slip() {
    let file = "CREATE FUNCTION age(timestamptz)\n STABLE PARALLEL SAFE STRICT COST 1\nRETURN age(cast(current_date as timestamptz), $1);\n\nCREATE FUNCTION age(timestamp)\nRETURN age(cast(current_date as timestamp), $1);\n";
    let old =
        " STABLE PARALLEL SAFE STRICT COST 1\nRETURN age(cast(current_date as timestamp), $1);";
    let new = "RETURN age(cast(current_date as timestamp), $1);";
    assert_eq!(kind(file, &Edit::new(old, new)), "not_found");
}

// An elision in `old` alone, `new` written out in full: the marker stood for the lines `new`
// writes out again.
#[test]
fn an_elision_in_old_alone_stands_for_the_lines_new_writes_out() {
    let file = "  }\n}\n\n$unset = function($name) {\n  putenv($name);\n  unset($_ENV[$name]);\n  unset($_SERVER[$name]);\n};\n";
    let old = "}\n\n// ... existing code ...\n  putenv($name);\n  unset($_ENV[$name]);";
    let new = "}\n\n$unset = function($name) {\n  putenv($name);\n  unset($_ENV[$name]);\n  error_log(\"checkpoint\");";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(strategy(&out), "elision");
    assert_eq!(
        out.text,
        file.replace(
            "  unset($_ENV[$name]);\n",
            "  unset($_ENV[$name]);\n  error_log(\"checkpoint\");\n"
        )
    );
}

// Where `new` lacks the elided lines, writing it would delete lines the model never showed:
// not matched by the marker.
#[test]
fn an_elision_in_old_alone_is_refused_where_new_lacks_its_lines() {
    let file = "fn f() {\n    a();\n    b();\n    c();\n    d();\n}\n";
    let old = "fn f() {\n    a();\n    // ...\n    d();\n}";
    let new = "fn f() {\n    a();\n    d();\n    e();\n}";
    assert_eq!(kind(file, &Edit::new(old, new)), "not_found");
}

const BUDGET: &str = "    def cmd_think(self, args):\n        if not args.strip():\n            self.io.tool_error(\"Please specify a budget.\")\n            return\n            \n        value = args.strip()\n        model = self.coder.main_model\n        \n        model.set_thinking_tokens(value)\n        self.io.tool_output(f\"Set budget to {value}.\")\n";

// `old` lacks the `tool_error` line; `new` only strips the spaces from the blank lines (a
// commit cleaning trailing whitespace): they go, and the line `old` missed stays.
#[test]
fn blank_lines_stripped_where_old_missed_a_line() {
    let old = "        if not args.strip():\n            return\n            \n        value = args.strip()\n        model = self.coder.main_model\n        \n        model.set_thinking_tokens(value)";
    let new = old
        .replace("            \n", "\n")
        .replace("        \n", "\n");
    let out = applied(BUDGET, &Edit::new(old, &new));
    assert_eq!(
        out.text,
        BUDGET
            .replace("            \n", "\n")
            .replace("        \n", "\n")
    );
}

// The same, but the blank line `new` strips stands right after the line `old` missed, so
// whether it is the blank line `old` shows there is open: nothing is stripped, and the edit
// changes nothing.
#[test]
fn blank_lines_stripped_beside_a_line_old_missed_are_refused() {
    let old = "        if not args.strip():\n            self.io.tool_error(\"Please specify a budget.\")\n            \n        value = args.strip()\n        model = self.coder.main_model\n        \n        model.set_thinking_tokens(value)";
    let new = old.replace("            \n", "\n");
    assert_eq!(kind(BUDGET, &Edit::new(old, &new)), "already_applied");
}
