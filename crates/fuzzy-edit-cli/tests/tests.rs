//! The `fuzzy-edit` binary end to end: one test binary, one module per behaviour.
//!
//! `common` holds the helpers: a temporary work directory, the command run in it, assertions on
//! exit code and streams. (`mcp_client.py` beside these files is not part of this binary: it is
//! the real MCP client that `.ci/mcp-python` runs against the server.)

mod common;

// Editing files with `apply` and `check`.
mod applying;
mod edit_documents;
mod edit_input;
mod lazy_snippets;
mod patch_headers;
mod preview;
mod verified_merges;

// What the caller sees.
mod closed_stdout;
mod color;
mod conventions;
mod differences;
mod documented_commands;
mod exit_codes;
mod json_output;
mod refusal_words;
mod result_schema;
mod self_description;

// Never corrupting a file.
mod bounded_work;
mod busy;
mod file_contents;
mod freshness;
mod large_files;
mod writing;

// Safety under concurrency, races and odd files (issue 9).
mod concurrency;
mod confinement;
mod crashes;
mod metadata;
mod odd_files;
mod permissions;

// The protocols.
mod line_refs;
mod mcp;
mod pipe;
mod pipe_return;
mod syntax_guard;
