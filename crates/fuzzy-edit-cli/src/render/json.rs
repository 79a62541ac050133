//! Output for programs: every JSON answer of `apply --json`, of the pipe and of the MCP tools'
//! structured results is built here, so the three speak one shape: the one
//! `docs/schema/result-v1.json` describes and `docs/json.md` explains.
//!
//! Every answer has `"schema": "fuzzy-edit/1"` and `"ok"`. A failure is
//! `{"schema", "ok": false, "error": {"kind", "message", "path"?, "edits"?, ...}}`: `kind` is
//! always the specific reason (`ambiguous`, `file_not_found`, `stale`, ...), `message` the words
//! for the reader of that front end, and `edits` the engine's refusal of each edit when the
//! engine refused. The front ends choose the message; the shape and the kinds are decided here.

use std::io;
use std::path::Path;

use fuzzy_edit::fs::{EditFilesError, FileOutcome, FsError};
use fuzzy_edit::protocol::{UnifiedDiff, Vocabulary};
use fuzzy_edit::{unified_diff, Applied, EditError, Failed, Match};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Value};

use super::Outcome;
use crate::error::Error;

/// The version of the shape, in every answer. A new field or a new `kind` keeps it; a field
/// removed, renamed or retyped changes it.
pub const SCHEMA: &str = "fuzzy-edit/1";

/// An answer lists at most this many matches, the first in text order; `matches_total` beside
/// them says how many replacements were made. A `replace_all` over a million lines would
/// otherwise answer with a million entries.
pub const MAX_MATCHES_LISTED: usize = 1000;

/// Add `matches` (the first [`MAX_MATCHES_LISTED`]) and `matches_total` to an answer; with
/// `spans`, each listed match carries its `span` and `replacement` too.
pub fn add_matches(v: &mut Value, matches: &[Match], spans: bool) {
    let listed: Vec<Value> = matches
        .iter()
        .take(MAX_MATCHES_LISTED)
        .map(|m| {
            let mut value = json!(m);
            if spans {
                value["span"] = json!([m.span.start, m.span.end]);
                value["replacement"] = json!(m.replacement);
            }
            value
        })
        .collect();
    v["matches"] = Value::Array(listed);
    v["matches_total"] = json!(matches.len());
}

/// A success: `fields` (an object) with `schema` and `"ok": true` first.
pub fn success(fields: Value) -> Value {
    let mut v = json!({"schema": SCHEMA, "ok": true});
    if let (Some(out), Value::Object(fields)) = (v.as_object_mut(), fields) {
        out.extend(fields);
    }
    v
}

/// A failure: `{"schema", "ok": false, "error": error}`, `error` from one of the functions below.
pub fn failure(error: Value) -> Value {
    json!({"schema": SCHEMA, "ok": false, "error": error})
}

/// An error of `kind` without more detail: `{"kind", "message"}`.
pub fn error(kind: &str, message: impl Into<String>) -> Value {
    json!({"kind": kind, "message": message.into()})
}

/// The engine refused: the first refusal's kind, and every refused edit under `edits` (their
/// messages in the front end's `words`).
pub fn refusal(
    failed: &Failed,
    message: impl Into<String>,
    path: Option<&Path>,
    words: &Vocabulary,
) -> Value {
    let mut v = error(failed.kind(), message);
    // The first refusal's rule beside its kind, as every refused edit carries its own.
    if let Some(first) = failed.failures.first() {
        v["rule"] = json!(first.error.rule());
    }
    if let Some(path) = path {
        v["path"] = json!(path.to_string_lossy());
    }
    v["edits"] = failed
        .failures
        .iter()
        .map(|f| edit_refusal(&f.error, f.edit, words))
        .collect();
    v
}

/// One refused edit: `edit` (its 0-based index), `kind`, `message`, and the engine's details
/// (`closest`, `candidates`, `location`, ...); the message names the parameters in `words`.
pub fn edit_refusal(error: &EditError, edit: usize, words: &Vocabulary) -> Value {
    let mut v = serde_json::to_value(error).unwrap_or_else(|_| json!({}));
    if !v.is_object() {
        v = json!({});
    }
    v["edit"] = json!(edit);
    v["kind"] = json!(error.kind());
    v["message"] = json!(error.message(words));
    v
}

/// A file that cannot be read or written as asked: its kind, `path`, and the figures behind the
/// message (`offset`, `len`/`limit`, `what`/`expected`/`found`).
pub fn file_error(e: &FsError, message: impl Into<String>) -> Value {
    let mut v = error(e.kind(), message);
    v["path"] = json!(e.path().to_string_lossy());
    if let Some(fields) = v.as_object_mut() {
        fields.extend(e.figures());
    }
    v
}

/// Why [`fuzzy_edit::fs::edit_files`] changed nothing, with `message` in the front end's words
/// (and each refused edit's in `words`).
pub fn edit_files_error(
    e: &EditFilesError,
    message: impl Into<String>,
    words: &Vocabulary,
) -> Value {
    let path = match e {
        EditFilesError::File(f) => return file_error(f, message),
        EditFilesError::Refused { path, failed } => {
            return refusal(failed, message, Some(path), words);
        }
        EditFilesError::RollbackFailed(written) => {
            let fuzzy_edit::fs::PartlyWritten {
                error,
                restored,
                not_restored,
                untouched,
            } = &**written;
            // The write's own error, and where every other file of the request stands.
            let mut v = file_error(error, message);
            v["kind"] = json!(e.kind());
            v["cause"] = json!(error.kind());
            let paths = |ps: &mut dyn Iterator<Item = &std::path::PathBuf>| -> Value {
                ps.map(|p| json!(p.to_string_lossy())).collect()
            };
            v["not_restored"] = paths(&mut not_restored.iter().map(|(p, _, _)| p));
            v["restored"] = paths(&mut restored.iter());
            v["untouched"] = paths(&mut untouched.iter());
            return v;
        }
        EditFilesError::CreateOverExisting(p)
        | EditFilesError::DeleteMissing(p)
        | EditFilesError::NotAllowed { path: p, .. } => p,
    };
    let mut v = error(e.kind(), message);
    v["path"] = json!(path.to_string_lossy());
    v
}

/// Print the outcome of `apply`/`check`, pretty: `{"schema", "ok": true, "dry_run", "files":
/// [...]}`. Each file's diff is written as it is computed, after what it does not need is freed
/// ([`super::release`]): the diff of a million changed lines is never held whole.
pub fn write_outcome(out: &mut impl io::Write, outcome: Outcome) -> io::Result<()> {
    let words = outcome.words;
    let files: Vec<FileAnswer> = outcome
        .files
        .into_iter()
        .map(|mut file| {
            let name = file.path.to_string_lossy().into_owned();
            let fields = file_fields(&file, &name, &words);
            super::release(&mut file);
            // The diff's headers name the file as a patch tool reads it; `path` as the caller did.
            let name = super::patch::header_name(&file.path).0;
            FileAnswer { fields, name, file }
        })
        .collect();
    let envelope = success(json!({"dry_run": outcome.dry_run, "files": []}));
    let answer = WithMember {
        object: &envelope,
        key: "files",
        value: &files,
    };
    serde_json::to_writer_pretty(&mut *out, &answer)?;
    writeln!(out)
}

/// One file of [`write_outcome`]: its answer but the diff, and the texts the diff is made from.
struct FileAnswer {
    fields: Value,
    name: String,
    file: FileOutcome,
}

impl Serialize for FileAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let diff = UnifiedDiff::new(
            self.file.before.as_deref().unwrap_or(""),
            self.file.after.as_deref().unwrap_or(""),
            &self.name,
        );
        WithMember {
            object: &self.fields,
            key: "diff",
            value: &Collected(diff),
        }
        .serialize(serializer)
    }
}

/// A JSON object whose member `key` is written from `value` instead (in its place, so the
/// members keep the order the object gives them).
struct WithMember<'a, T> {
    object: &'a Value,
    key: &'a str,
    value: &'a T,
}

impl<T: Serialize> Serialize for WithMember<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Value::Object(members) = self.object else {
            return self.object.serialize(serializer);
        };
        let mut map = serializer.serialize_map(Some(members.len()))?;
        for (key, value) in members {
            if key == self.key {
                map.serialize_entry(key, self.value)?;
            } else {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

/// A string written from its `Display` a piece at a time (`serde_json` escapes each piece).
struct Collected<T>(T);

impl<T: std::fmt::Display> Serialize for Collected<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// One file of an outcome, named `name`: `path`, `action`, `diff`, and for edits `matches`
/// (with `sequential` and `failures` when there are, worded in `words`).
pub fn file(f: &FileOutcome, name: &str, words: &Vocabulary) -> Value {
    let mut v = file_fields(f, name, words);
    v["diff"] = json!(unified_diff(
        f.before.as_deref().unwrap_or(""),
        f.after.as_deref().unwrap_or(""),
        name,
    ));
    v
}

/// [`file`] with `diff` null, for the caller to fill in: the fields that need the matches, so
/// that they can be freed before the diff is made.
pub fn file_fields(f: &FileOutcome, name: &str, words: &Vocabulary) -> Value {
    let mut v = json!({
        "path": name,
        "action": f.action.as_str(),
        "diff": null,
    });
    if let Some(a) = &f.applied {
        add_matches(&mut v, &a.matches, false);
        add_sequential_and_failures(&mut v, a, words);
    }
    v
}

/// Why `apply` or `check` stopped, as the answer: the kind [`Error::kind`] names, the CLI's
/// `message`, and the details of the file or of the engine's refusal.
pub fn cli_error(e: &Error, message: String, words: &Vocabulary) -> Value {
    failure(match e {
        Error::File(f) => file_error(f, message),
        Error::Edit(f) => edit_files_error(f, message, words),
        Error::Edits(p) => {
            let mut v = error(e.kind(), message);
            if let Some(line) = p.line() {
                v["line"] = json!(line);
            }
            v
        }
        _ => error(e.kind(), message),
    })
}

/// Add to an answer what only some results have: `sequential`, the edits that failed
/// (`failures`, each shaped as in [`edit_refusal`]), and the syntax errors the edits added
/// that the policy let through (`warnings`); messages in `words`.
pub fn add_sequential_and_failures(v: &mut Value, applied: &Applied, words: &Vocabulary) {
    if applied.sequential {
        v["sequential"] = json!(true);
    }
    if !applied.warnings.is_empty() {
        // Each with the rule that let it through, as a refusal names the rule that made it.
        v["warnings"] = applied
            .warnings
            .iter()
            .map(|w| {
                let mut with_rule = json!(w);
                with_rule["rule"] = json!(w.rule());
                with_rule
            })
            .collect();
    }
    if !applied.followed.is_empty() {
        v["followed"] = json!(applied.followed);
    }
    if !applied.failures.is_empty() {
        v["failures"] = applied
            .failures
            .iter()
            .map(|f| edit_refusal(&f.error, f.edit, words))
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fuzzy_edit::fs::Action;
    use fuzzy_edit::{apply_edits, Edit, Mode};

    /// An outcome of an edit (with more matches than an answer lists), a created file and a
    /// deleted one, with quotes and a tab that JSON escapes.
    fn outcome() -> Outcome {
        let before = "x = \"a\"\t1\n".repeat(MAX_MATCHES_LISTED + 5);
        let edit = Edit::new("\"a\"", "'b'").replace_all(true);
        let applied = apply_edits(&before, &[edit], Mode::Atomic).unwrap();
        let file = |path: &str, action, before: Option<&str>, after: Option<&str>| FileOutcome {
            path: path.into(),
            real: path.into(),
            aliases: Vec::new(),
            action,
            before: before.map(str::to_string),
            after: after.map(str::to_string),
            applied: None,
            version: None,
        };
        let mut edited = file("a.py", Action::Edit, Some(&before), Some(&applied.text));
        edited.applied = Some(applied);
        Outcome {
            files: vec![
                edited,
                file("new.txt", Action::Create, None, Some("n\n")),
                file("old.txt", Action::Delete, Some("o\n"), None),
            ],
            dry_run: true,
            words: Vocabulary::CLI,
            edit_names: Vec::new(),
        }
    }

    #[test]
    fn the_outcome_written_as_computed_is_the_answer_built_whole() {
        let outcome = outcome();
        let files: Vec<Value> = outcome
            .files
            .iter()
            .map(|f| file(f, &f.path.to_string_lossy(), &Vocabulary::CLI))
            .collect();
        let whole = success(json!({"dry_run": true, "files": files}));
        let mut expected = serde_json::to_vec_pretty(&whole).unwrap();
        expected.push(b'\n');
        let mut written = Vec::new();
        write_outcome(&mut written, outcome).unwrap();
        assert_eq!(
            String::from_utf8(written).unwrap(),
            String::from_utf8(expected).unwrap()
        );
        let listed = whole["files"][0]["matches"].as_array().unwrap().len();
        assert_eq!(listed, MAX_MATCHES_LISTED);
        assert_eq!(whole["files"][0]["matches_total"], MAX_MATCHES_LISTED + 5);
        assert!(whole["files"][0]["diff"]
            .as_str()
            .unwrap()
            .contains("+x = 'b'\t1\n"));
    }

    #[test]
    fn a_refusal_names_the_first_kind_and_lists_every_edit() {
        let failed = apply_edits(
            "x\nx\n",
            &[Edit::new("x", "y"), Edit::new("nowhere", "z")],
            Mode::Atomic,
        )
        .unwrap_err();
        let v = failure(refusal(
            &failed,
            "no",
            Some(Path::new("a.txt")),
            &Vocabulary::PIPE,
        ));
        assert_eq!(v["schema"], SCHEMA);
        assert_eq!(v["ok"], false);
        assert_eq!(v["error"]["kind"], "ambiguous");
        assert_eq!(v["error"]["path"], "a.txt");
        let edits = v["error"]["edits"].as_array().unwrap();
        assert_eq!(edits.len(), 2);
        assert_eq!(edits[0]["edit"], 0);
        assert_eq!(edits[0]["candidates"].as_array().unwrap().len(), 2);
        assert_eq!(edits[1]["edit"], 1);
        assert_eq!(edits[1]["kind"], "not_found");
        let message = edits[0]["message"].as_str().unwrap();
        assert!(message.starts_with("old matches 2 places"), "{message}");
    }

    #[test]
    fn a_file_error_carries_its_figures() {
        let e = FsError::TooLarge {
            path: "big".into(),
            len: 10,
            limit: 5,
        };
        let v = file_error(&e, e.to_string());
        assert_eq!(v["kind"], "too_large");
        assert_eq!(v["path"], "big");
        assert_eq!(
            (v["len"].as_u64(), v["limit"].as_u64()),
            (Some(10), Some(5))
        );
        let v = file_error(&FsError::NotFound("gone".into()), "m");
        assert_eq!(v["kind"], "file_not_found");
    }
}
