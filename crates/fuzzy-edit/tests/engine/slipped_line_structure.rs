//! `old` whose every line is the file's, with its line structure slipped: a line copied twice,
//! two lines swapped, two wrapped lines joined, a long line wrapped in two, a line left out. The block is found by its
//! lines; the slip is undone in `old` and, where `new` repeats it, in `new`. Where another
//! reading of `old` is as near, nothing is applied.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, refused, strategy};

const CONFIG: &str = "[server]\nhost = \"127.0.0.1\"\nport = 8080\nworkers = 4\ntimeout_seconds = 30\n\n[client]\nretries = 3\n";

#[test]
fn a_line_copied_twice_in_old_with_new_written_from_the_file_applies() {
    let old = "host = \"127.0.0.1\"\nport = 8080\nport = 8080\nworkers = 4";
    let new = "host = \"127.0.0.1\"\nport = 8080\nworkers = 8";
    let out = applied(CONFIG, &Edit::new(old, new));
    assert_eq!(out.text, CONFIG.replace("workers = 4", "workers = 8"));
    assert_eq!(strategy(&out), "line_slips");
}

#[test]
fn a_line_copied_twice_in_old_and_new_is_written_once() {
    let old = "host = \"127.0.0.1\"\nport = 8080\nport = 8080\nworkers = 4";
    let new = "host = \"0.0.0.0\"\nport = 8080\nport = 8080\nworkers = 4";
    let out = applied(CONFIG, &Edit::new(old, new));
    assert_eq!(out.text, CONFIG.replace("127.0.0.1", "0.0.0.0"));
}

#[test]
fn a_line_added_after_a_line_copied_twice_follows_the_one_line() {
    let old = "port = 8080\nworkers = 4\ntimeout_seconds = 30\ntimeout_seconds = 30";
    let new = "port = 8080\nworkers = 4\ntimeout_seconds = 30\nidle_seconds = 60";
    let out = applied(CONFIG, &Edit::new(old, new));
    assert_eq!(
        out.text,
        CONFIG.replace(
            "timeout_seconds = 30\n",
            "timeout_seconds = 30\nidle_seconds = 60\n"
        )
    );
}

#[test]
fn swapped_lines_in_old_keep_the_files_order() {
    let old = "host = \"127.0.0.1\"\nworkers = 4\nport = 8080\ntimeout_seconds = 30";
    // Written in the file's order.
    let new = "host = \"127.0.0.1\"\nport = 9090\nworkers = 4\ntimeout_seconds = 30";
    let out = applied(CONFIG, &Edit::new(old, new));
    assert_eq!(out.text, CONFIG.replace("8080", "9090"));
    // Written in `old`'s order: put back in the file's.
    let new = "host = \"127.0.0.1\"\nworkers = 4\nport = 9090\ntimeout_seconds = 30";
    let out = applied(CONFIG, &Edit::new(old, new));
    assert_eq!(out.text, CONFIG.replace("8080", "9090"));
}

#[test]
fn two_wrapped_lines_joined_in_old_stay_two_lines() {
    let file = "# Notes\n\nThe cache keeps entries for an hour\nand drops the oldest when it is full.\nSee the settings page.\nAsk the team for access.\n";
    let old = "The cache keeps entries for an hour and drops the oldest when it is full.\nSee the settings page.\nAsk the team for access.";
    let new = "The cache keeps entries for an hour and drops the oldest when it is full.\nSee the configuration page.\nAsk the team for access.";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("settings page", "configuration page")
    );
    // Rewritten on one side of the join: split where the file breaks the line.
    let new = "The cache keeps entries for a day and drops the oldest when it is full.\nSee the settings page.\nAsk the team for access.";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("for an hour", "for a day"));
}

const SUMMARY: &str = "def summarize_results(dirname):\n    started = time.time()\n    all_results = load_results(dirname, stats_languages)\n    res = SimpleNamespace()\n    return res\n";

#[test]
fn a_long_line_wrapped_in_old_and_new_stays_one_line() {
    let old = "    started = time.time()\n    all_results = load_results(dirname,\n        stats_languages)\n    res = SimpleNamespace()\n    return res";
    let new = old.replace("return res", "return res, started");
    let out = applied(SUMMARY, &Edit::new(old, new));
    assert_eq!(
        out.text,
        SUMMARY.replace("return res", "return res, started")
    );
    assert_eq!(strategy(&out), "line_slips");
    // The change on the wrapped line's second part: made on the file's one line.
    let new = old.replace("stats_languages)", "stats_languages, strict=True)");
    let out = applied(SUMMARY, &Edit::new(old, new));
    assert_eq!(
        out.text,
        SUMMARY.replace("stats_languages)", "stats_languages, strict=True)")
    );
    // Wrapped after the opening bracket, where the file writes no space.
    let old = "    started = time.time()\n    all_results = load_results(\n        dirname, stats_languages)\n    res = SimpleNamespace()";
    let new = old.replace("started = time.time()", "started = time.monotonic()");
    let out = applied(SUMMARY, &Edit::new(old, new));
    assert_eq!(out.text, SUMMARY.replace("time.time()", "time.monotonic()"));
}

#[test]
fn a_wrapped_line_rewritten_on_both_sides_or_in_a_block_twice_is_refused() {
    let old = "    started = time.time()\n    all_results = load_results(dirname,\n        stats_languages)\n    res = SimpleNamespace()";
    let new = "    started = time.time()\n    all = load_results(dirname,\n        languages)\n    res = SimpleNamespace()";
    refused(SUMMARY, &Edit::new(old, new));
    let twice = format!("{SUMMARY}\n{SUMMARY}");
    let new = old.replace("time.time()", "time.monotonic()");
    refused(&twice, &Edit::new(old, new));
}

#[test]
fn a_line_left_out_of_a_short_old_is_kept() {
    let file = "fn first_handler(request: &Request) -> Response {\n    respond(request)\n}\n\nfn second_handler(request: &Request) -> Response {\n    respond(request)\n}\n";
    let old = "    respond(request)\n\nfn second_handler(request: &Request) -> Response {";
    let new = "    respond(request)\n\nfn second_handler_renamed(request: &Request) -> Response {";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("second_handler(", "second_handler_renamed(")
    );
}

#[test]
fn the_same_slipped_block_twice_in_the_file_is_refused() {
    let file = format!("{CONFIG}\n[mirror]\nhost = \"127.0.0.1\"\nport = 8080\nworkers = 4\n");
    let old = "host = \"127.0.0.1\"\nport = 8080\nport = 8080\nworkers = 4";
    let new = "host = \"127.0.0.1\"\nport = 8080\nworkers = 8";
    refused(&file, &Edit::new(old, new));
}

// `port = 8080` where the file has `port = 8081` is a line misremembered, not one left out
// beside one copied twice: whatever the looser strategies make of it, `8081` stays.
#[test]
fn a_changed_line_is_not_read_as_one_left_out_and_one_copied() {
    let file = "host = \"127.0.0.1\"\nport = 8080\nport = 8081\nworkers = 4\n";
    let old = "host = \"127.0.0.1\"\nport = 8080\nport = 8080\nworkers = 4";
    let new = "host = \"127.0.0.1\"\nport = 8080\nport = 8080\nworkers = 8";
    if let Ok(out) = fuzzy_edit::apply(file, &Edit::new(old, new)) {
        assert_ne!(strategy(&out), "line_slips");
        assert!(out.text.contains("port = 8081\n"), "{}", out.text);
    }
}

// `old` has two lines swapped, and `new` moves a third line on purpose: the model reorders
// against the order it believes the file has, so which order it means for the file's own is
// unknown. Refused, never guessed.
#[test]
fn a_line_new_moves_on_purpose_beside_a_swapped_pair_is_refused() {
    let file = "fn f() {\n    let a = 1;\n    let b = 2;\n    let c = 3;\n}\n";
    let old = "    let b = 2;\n    let a = 1;\n    let c = 3;\n}";
    let new = "    let c = 3;\n    let b = 2;\n    let a = 1;\n}";
    refused(file, &Edit::new(old, new));
}

// The merge would keep the file's copy of a line `old` has out of place and also write the
// copy `new` moves to the end: one line twice. Refused.
#[test]
fn a_line_moved_by_new_is_never_written_twice() {
    let file = "def f():\n    a()\n    b()\n    c()\n    d()\n    e()\n";
    let old = "    a()\n    c()\n    b()\n    d()\n    e()";
    let new = "    a()\n    c()\n    d()\n    e()\n    b()";
    refused(file, &Edit::new(old, new));
}

// `new` takes one line of the pair `old` swapped away from its partner: the model moved it on
// purpose, against an order the file does not have. Where the rest goes is unknown: refused.
#[test]
fn a_line_of_the_swapped_pair_that_new_moves_is_refused() {
    let file = "def run(ctx):\n    sync(ctx)\n    emit(ctx)\n    close(ctx)\n    log(ctx)\n    return ctx\n";
    let old = "    sync(ctx)\n    emit(ctx)\n    log(ctx)\n    close(ctx)\n    return ctx";
    let new =
        "    sync(ctx)\n    close(ctx)\n    emit(ctx)\n    log(ctx)\n    done(ctx)\n    return ctx";
    refused(file, &Edit::new(old, new));
}

#[test]
fn a_deletion_made_already_is_no_swap_to_undo() {
    // The blank comment line between `b()` and `@since` is gone already; the model sends the
    // deletion again. Read as `old` with two lines swapped, it would delete the blank comment
    // line above `b()` instead.
    let file = "/**\n * Runs the job.\n *\n *     b()\n * @since 2\n */\nexport {};\n";
    let old = " *     b()\n *\n * @since 2\n */\nexport {};\n";
    let new = " *     b()\n * @since 2\n */\nexport {};\n";
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
}

const MAIN: &str = "def main(argv=None):\n    parser = get_parser()\n    args, unknown = parser.parse_known_args(argv)\n\n    if git is None:\n        args.git = False\n\n    # Load the .env file specified in the arguments\n    loaded_dotenvs = load_dotenv_files(git_root, args.env_file, args.encoding)\n\n    # Parse again to include any arguments that might have been defined in .env\n    args = parser.parse_args(argv)\n\n    if args.analytics_disable:\n        print(\"Analytics have been permanently disabled.\")\n    return 0\n";

/// `old` two spaces deeper than the file, a long line it keeps wrapped in two, and the edit
/// moving a statement down: the wrap is no change since the read, the move lands.
#[test]
fn a_wrapped_line_kept_in_a_drifted_block_with_a_move_applies() {
    let at = |s: &str| {
        s.lines()
            .map(|l| {
                if l.is_empty() {
                    String::new()
                } else {
                    format!("  {l}")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let old = at("    args, unknown = parser.parse_known_args(argv)\n\n    if git is None:\n        args.git = False\n\n    # Load the .env file specified in the arguments\n    loaded_dotenvs = load_dotenv_files(git_root,\n        args.env_file, args.encoding)\n\n    # Parse again to include any arguments that might have been defined in .env\n    args = parser.parse_args(argv)\n\n    if args.analytics_disable:");
    let new = at("    args, unknown = parser.parse_known_args(argv)\n\n    # Load the .env file specified in the arguments\n    loaded_dotenvs = load_dotenv_files(git_root,\n        args.env_file, args.encoding)\n\n    # Parse again to include any arguments that might have been defined in .env\n    args = parser.parse_args(argv)\n\n    if git is None:\n        args.git = False\n\n    if args.analytics_disable:");
    let out = applied(MAIN, &Edit::new(old.clone(), new.clone()));
    let moved = MAIN
        .replace("    if git is None:\n        args.git = False\n\n", "")
        .replace(
            "parse_args(argv)\n\n",
            "parse_args(argv)\n\n    if git is None:\n        args.git = False\n\n",
        );
    assert_eq!(out.text, moved);
    // The twin: the wrapped parts are not the file's line (`env_files`), and a second line
    // differs too: a block changed since the read, refused.
    let stale = |s: &str| {
        s.replace("args.env_file,", "args.env_files,")
            .replace("# Parse again", "# Parse once more")
    };
    refused(MAIN, &Edit::new(stale(&old), stale(&new)));
}
