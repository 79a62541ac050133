//! The raw flags, exactly as clap parses them: no defaults decided, no files read.
//!
//! Doc comments here are the `--help` text; [`super::settings`] turns these into what the
//! commands run.

use std::path::PathBuf;

use clap::{ArgAction, Args, Parser, Subcommand};
use fuzzy_edit::{Language, SyntaxPolicy};

use super::values;

/// Apply LLM search/replace edits where the model meant them, or refuse with feedback: from
/// the command line (apply, check), as a JSON Lines pipe (pipe) or as an MCP server (mcp).
///
/// Exit codes: 0 applied (or would apply), 1 refused (not found, ambiguous, conflict, stale;
/// with --partial: some edits not applied), 2 bad usage or I/O error.
// `-h` gives the same help as `--help` (clap's `-h` would drop every paragraph but the first).
#[derive(Debug, Parser)]
#[command(
    name = "fuzzy-edit",
    version,
    about,
    long_about,
    disable_help_flag = true
)]
pub struct Flags {
    #[command(subcommand)]
    pub(super) command: Command,
    /// Print help.
    #[arg(short, long, action = ArgAction::HelpLong, global = true, display_order = 1000)]
    help: Option<bool>,
}

#[derive(Debug, Subcommand)]
pub(super) enum Command {
    /// Edit files: one edit from --old/--new, or a document of edits from --edits.
    Apply(ApplyFlags),
    /// Like apply, but write nothing: print what would change.
    Check(EditFlags),
    /// Check a merge of a lazy snippet made elsewhere (by an apply model) against FILE and the
    /// snippet, writing nothing: exit code 0 when every change is the snippet's and nothing
    /// else changed, 1 with the findings when not (docs/snippets.md).
    Verify(VerifyFlags),
    /// Read JSON Lines requests on stdin, answer one JSON line each on stdout.
    ///
    /// Request: {"content": "...", "old": "...", "new": "...", "replace_all": false,
    /// "anchor": null}, or "edits": [{...}, ...] instead of old/new, or "snippet": "..." (a lazy
    /// snippet, docs/snippets.md; with "merged": "..." a merge of it made elsewhere is verified
    /// instead), or "line_edits": [...] (docs/line-refs.md), or "path" instead
    /// of "content" to edit a file (with "dry_run", "in_place", "write_read_only",
    /// "expect_mtime", "expect_sha256"). Optional: "id" (echoed back), "name" (of the content,
    /// for its diff), "mode" ("atomic" or "partial"), "language", "syntax", "time_limit_ms",
    /// "lock_wait_ms", "return" ("content", "diff" or "spans"), "hashes" (a not_found refusal
    /// shows its closest lines with their LINE#IDs, docs/line-refs.md).
    /// Answer: {"schema": "fuzzy-edit/1", "ok": true, "result": "...", "matches": [...],
    /// "matches_total": N, "diff": "..."} or {"schema": "fuzzy-edit/1", "ok": false, "error": {"kind": "...",
    /// "message": "...", ...}} (docs/json.md).
    Pipe {
        /// The largest request line read; a longer one is skipped with an error answer
        /// (`request_too_large`). Suffixes: K, M, G (powers of 1000), KiB, MiB, GiB.
        // The default is far beyond any file a model edits, far below what exhausts memory.
        #[arg(long, value_name = "SIZE", default_value = "64MiB", value_parser = parse_bytes)]
        max_request_bytes: u64,
    },
    /// Serve read_file, edit_file and write_file to an agent over MCP (stdio), confined to the
    /// root directories.
    Mcp {
        /// A directory the server may read and edit (repeatable; default: the current directory).
        /// Relative paths resolve against the first.
        #[arg(long = "root", value_name = "DIR")]
        roots: Vec<PathBuf>,
        /// What an edit that adds a syntax error gets: auto (refused when the matching may be
        /// to blame, else applied with a warning), strict, warn or off.
        #[arg(long, value_name = "POLICY", default_value = "auto", value_parser = values::syntax_policy())]
        syntax: SyntaxPolicy,
        /// Give up on finding an edit after this many milliseconds (refused as too complex,
        /// nothing written). Without it the work is still bounded by the size of the input.
        #[arg(long, value_name = "MS")]
        time_limit_ms: Option<u64>,
        /// Wait this long for another fuzzy-edit writer's lock on a file's directory before
        /// refusing the edit as busy (nothing written; default 10000).
        #[arg(long, value_name = "MS", default_value_t = 10_000)]
        lock_wait_ms: u64,
        /// read_file shows each line as `{line}#{ID}|{text}` unless a call asks otherwise, for
        /// agents prompted for line-addressed edits (docs/line-refs.md); an edit whose
        /// old_string is not found then offers its closest lines with their LINE#IDs.
        #[arg(long)]
        hashes: bool,
    },
    /// Print a file, with --hashes as a hashline read shows it: each line as
    /// `{line}#{ID}|{text}`, the references line-addressed edits name (docs/line-refs.md).
    Read {
        /// The file.
        file: PathBuf,
        /// Show each line's number and ID (`12#VK|`).
        #[arg(long)]
        hashes: bool,
        /// Only lines A to B (1-based, inclusive; `A:` to the end, `:B` from the start).
        #[arg(long, value_name = "A:B", value_parser = values::parse_line_range)]
        lines: Option<(usize, usize)>,
    },
    /// Print a shell completion script (e.g. `fuzzy-edit completions bash >
    /// ~/.local/share/bash-completion/completions/fuzzy-edit`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `fuzzy-edit man > ~/.local/share/man/man1/fuzzy-edit.1`;
    /// `fuzzy-edit man apply` prints the page fuzzy-edit-apply(1).
    Man {
        /// The subcommand whose page to print (default: the main page).
        #[arg(value_parser = ["apply", "check", "verify", "pipe", "mcp", "read", "completions", "man"])]
        command: Option<String>,
    },
}

// The flags of `apply`: those of `check`, and `--dry-run` (which makes it `check`).
#[derive(Debug, Args)]
pub(super) struct ApplyFlags {
    #[command(flatten)]
    pub(super) edit: EditFlags,
    /// Write nothing; print the diff (same as `check`).
    #[arg(short = 'n', long)]
    pub(super) dry_run: bool,
}

// The flags of `apply` and `check` (no doc comment: clap would take it for the subcommands'
// help, which the variants above give).
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("output").multiple(false))]
pub(super) struct EditFlags {
    /// The file to edit (with --old/--new, or for edits that name no file).
    pub(super) file: Option<PathBuf>,
    /// The text to replace (as the model remembers it).
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true, conflicts_with_all = ["old_file", "edits"])]
    pub(super) old: Option<String>,
    /// The replacement text.
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true, conflicts_with_all = ["new_file", "edits"])]
    pub(super) new: Option<String>,
    /// Read the text to replace from a file (`-` for stdin).
    #[arg(long, value_name = "PATH")]
    pub(super) old_file: Option<PathBuf>,
    /// Read the replacement text from a file (`-` for stdin).
    #[arg(long, value_name = "PATH")]
    pub(super) new_file: Option<PathBuf>,
    /// Replace every occurrence instead of requiring exactly one.
    #[arg(long)]
    pub(super) replace_all: bool,
    /// Edit the first occurrence after this (unique) text.
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub(super) anchor: Option<String>,
    /// Merge a lazy snippet read from a file (`-` for stdin) into FILE: the changed code with
    /// the unchanged parts written as `// ... existing code ...` markers (docs/snippets.md).
    #[arg(long, value_name = "PATH", conflicts_with_all = ["old", "new", "old_file", "new_file", "edits", "replace_all", "anchor"])]
    pub(super) snippet: Option<PathBuf>,
    /// Read edits from a file (`-` for stdin), in any supported format: JSON, SEARCH/REPLACE
    /// blocks, *** Begin Patch, unified diff (detected automatically).
    #[arg(long, value_name = "PATH")]
    pub(super) edits: Option<PathBuf>,
    /// Apply the edits that succeed and report the rest on stderr, instead of all or nothing
    /// (exit code 1 when any edit was not applied).
    #[arg(long)]
    pub(super) partial: bool,
    /// Print the result as JSON.
    #[arg(long, group = "output")]
    pub(super) json: bool,
    /// Print nothing on success; refusals and errors still go to stderr.
    #[arg(short, long, group = "output")]
    pub(super) quiet: bool,
    /// Print a diffstat (`path | 3 ++-`) instead of the diff.
    #[arg(long, group = "output")]
    pub(super) stat: bool,
    /// Print only the patch, so that `> x.patch` is a clean patch for `git apply` or `patch -p1`.
    #[arg(long, group = "output")]
    pub(super) patch: bool,
    /// Refused, whatever the value (exit 2): two writes within one timestamp tick share a
    /// modification time, so a changed file could pass. Use --expect-sha256, which cannot.
    #[arg(long, value_name = "SECONDS", value_parser = values::mtime)]
    pub(super) expect_mtime: Option<String>,
    /// Refuse unless FILE's SHA-256 is this (64 hex digits, as printed by `sha256sum`).
    #[arg(long, value_name = "HEX", value_parser = values::sha256)]
    pub(super) expect_sha256: Option<String>,
    /// Largest file accepted: bytes, or with a suffix: K, M, G (powers of 1000), KiB, MiB,
    /// GiB (powers of 1024).
    #[arg(long, value_name = "SIZE", default_value = "256MiB", value_parser = parse_bytes)]
    pub(super) max_bytes: u64,
    /// Give up on finding the edits after this many milliseconds (refused as too complex,
    /// nothing written). Without it the work is still bounded by the size of the input.
    #[arg(long, value_name = "MS")]
    pub(super) time_limit_ms: Option<u64>,
    /// Wait this long for another fuzzy-edit writer's lock on a file's directory before
    /// refusing the edit as busy (nothing written).
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub(super) lock_wait_ms: u64,
    /// Color the diff.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub(super) color: ColorChoice,
    /// A directory the edits may touch (repeatable; default for --edits: the current
    /// directory). Paths outside every root, by `..`, absolute path or symlink, are refused.
    #[arg(long = "root", value_name = "DIR", conflicts_with = "unsafe_paths")]
    pub(super) roots: Vec<PathBuf>,
    /// Let the edits touch any file this user can write, not only those under the roots.
    #[arg(long)]
    pub(super) unsafe_paths: bool,
    /// Overwrite files in place instead of replacing them: keeps hard links shared, and the
    /// owner and attributes of files this user cannot recreate; not atomic (a crash midway
    /// leaves a torn file).
    #[arg(long)]
    pub(super) in_place: bool,
    /// Write files that are read-only for this user (like an editor's `:w!`).
    #[arg(long)]
    pub(super) write_read_only: bool,
    /// What an edit that adds a syntax error gets: auto (refused when the matching may be to
    /// blame, else applied with a warning), strict (refused), warn (applied with a warning),
    /// off (not parsed).
    #[arg(long, value_name = "POLICY", default_value = "auto", value_parser = values::syntax_policy())]
    pub(super) syntax: SyntaxPolicy,
    /// The language to check the result in (python, rust, js, ts, tsx, go, java, c, cpp, json,
    /// yaml, toml, bash); default: each file's, from its extension.
    #[arg(long, value_name = "LANG", value_parser = values::language())]
    pub(super) language: Option<Language>,
}

// The flags of `verify`.
#[derive(Debug, Args)]
pub(super) struct VerifyFlags {
    /// The original file.
    pub(super) file: PathBuf,
    /// The lazy snippet (`-` for stdin).
    #[arg(long, value_name = "PATH")]
    pub(super) snippet: PathBuf,
    /// The merged file to check (`-` for stdin).
    #[arg(long, value_name = "PATH")]
    pub(super) merged: PathBuf,
    /// Print the verdict as JSON.
    #[arg(long)]
    pub(super) json: bool,
    /// Check the merged file parses where FILE parses (auto, strict, warn: checked; off: not
    /// parsed).
    #[arg(long, value_name = "POLICY", default_value = "auto", value_parser = values::syntax_policy())]
    pub(super) syntax: SyntaxPolicy,
    /// The language to parse in; default: FILE's, from its extension.
    #[arg(long, value_name = "LANG", value_parser = values::language())]
    pub(super) language: Option<Language>,
    /// Largest input accepted (suffixes as for apply).
    #[arg(long, value_name = "SIZE", default_value = "256MiB", value_parser = parse_bytes)]
    pub(super) max_bytes: u64,
}

/// When to color the diff.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum ColorChoice {
    /// When stdout is a terminal; never when `NO_COLOR` is set or `CLICOLOR=0`, always when
    /// `CLICOLOR_FORCE` is set (and not `0`).
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// A size in bytes: `1000`, `64K`, `64KiB`, `1.5M`.
/// `0` is refused: every file would be too large.
fn parse_bytes(text: &str) -> Result<u64, String> {
    // parse_size's own words ("invalid digit found in string") name no next step.
    match parse_size::parse_size(text) {
        Ok(0) => Err("no file fits in 0 bytes; give the largest file size to accept, e.g. `--max-bytes 64MiB`".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{text}` is not a size; give a number of bytes, optionally with a suffix K, M, G (powers of 1000) or KiB, MiB, GiB (powers of 1024), e.g. `--max-bytes 64MiB`"
        )),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_max_bytes_is_the_library_default() {
        assert_eq!(
            super::parse_bytes("256MiB"),
            Ok(fuzzy_edit::fs::DEFAULT_MAX_BYTES)
        );
        assert_eq!(super::parse_bytes("10M"), Ok(10_000_000));
        assert!(super::parse_bytes("10X").is_err());
    }
}
