//! The input side of `fuzzy-edit pipe`: reading one line within the size limit, and reading a
//! request from it with the field names every front end accepts
//! ([`fuzzy_edit::protocol::fields`]). Unknown fields are refused at every level, naming the
//! field and the accepted ones; so are `content` with `path`, `edits` with `old`/`new`, and a
//! line that is not a JSON object.

use std::io::{self, BufRead};

use fuzzy_edit::protocol::fields::{self, rename, type_name, Spelling};
use fuzzy_edit::protocol::read_edit;
use fuzzy_edit::{Edit, Language, Mode, SyntaxPolicy};
use serde::Deserialize;
use serde_json::Value;

/// The fields of a request, as the pipe spells them, and every name accepted for each.
const FIELDS: &[Spelling] = &[
    ("id", &["id"]),
    ("content", fields::CONTENT),
    ("name", &["name"]),
    ("path", fields::PATH),
    ("old", fields::OLD),
    ("new", fields::NEW),
    ("replace_all", fields::REPLACE_ALL),
    ("anchor", fields::ANCHOR),
    ("edits", fields::EDITS),
    ("snippet", &["snippet"]),
    ("merged", &["merged"]),
    ("mode", &["mode"]),
    ("dry_run", fields::DRY_RUN),
    ("in_place", &["in_place"]),
    ("write_read_only", &["write_read_only"]),
    ("expect_mtime", &["expect_mtime"]),
    ("expect_sha256", &["expect_sha256"]),
    ("language", &["language"]),
    ("syntax", &["syntax"]),
    ("time_limit_ms", &["time_limit_ms"]),
    ("lock_wait_ms", &["lock_wait_ms"]),
    ("return", &["return"]),
    ("hashes", &["hashes"]),
];

/// What the text of a request looks like, for messages.
const SHAPE: &str = "{\"content\": \"...\", \"old\": \"...\", \"new\": \"...\"} or {\"path\": \"file\", \"edits\": [{\"old\": \"...\", \"new\": \"...\"}, ...]}";

/// One request, checked.
#[derive(Debug)]
pub struct Request {
    /// Echoed back, to pair answers with requests.
    pub id: Option<Value>,
    /// What to edit.
    pub target: Target,
    /// The edits, at least one unless `snippet` is given.
    pub edits: Vec<Edit>,
    /// A lazy snippet to merge instead of edits (docs/snippets.md).
    pub snippet: Option<String>,
    /// The caller reads with hashes: a `not_found` refusal offers its closest lines with their
    /// `LINE#ID`s (`current`, docs/line-refs.md).
    pub hashes: bool,
    /// A merge of `snippet` made elsewhere, to verify instead of merging (docs/snippets.md).
    pub merged: Option<String>,
    /// All or nothing, or what can be applied.
    pub mode: Mode,
    /// For a file: compute the answer but write nothing.
    pub dry_run: bool,
    /// For a file: overwrite it in place (same inode, so hard links and attributes stay; not
    /// atomic), as `apply --in-place`.
    pub in_place: bool,
    /// For a file: replace it even when it is read-only, as `apply --write-read-only`.
    pub write_read_only: bool,
    /// For a file: refuse unless its modification time is this.
    pub expect_mtime: Option<String>,
    /// For a file: refuse unless its SHA-256 is this.
    pub expect_sha256: Option<String>,
    /// The language to check the result's syntax in; `None`: from the path's (or `name`'s)
    /// extension. A name the guard does not know is `None`.
    pub language: Option<Language>,
    /// What an edit that adds a syntax error gets.
    pub syntax: SyntaxPolicy,
    /// How long finding the edits may take, in milliseconds (`too_complex` past it).
    pub time_limit_ms: Option<u64>,
    /// How long to wait for another writer's lock, in milliseconds (`busy` past it); the
    /// library's default when `None`.
    pub lock_wait_ms: Option<u64>,
    /// What an applied answer carries.
    pub returns: Return,
}

/// What an applied answer carries besides `ok` and `matches`: callers that only need to know
/// what changed skip the (possibly megabytes of) result text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Return {
    /// `result` and `diff` (`path` requests: `diff`).
    #[default]
    Content,
    /// `diff` only.
    Diff,
    /// Neither; each match carries its byte `span` and `replacement`.
    Spans,
}

/// What a request edits.
#[derive(Debug)]
pub enum Target {
    /// A text in memory, and the name its diff shows (`"content"` unless `name` is given).
    Content {
        /// The text.
        text: String,
        /// The name in the diff headers.
        name: String,
    },
    /// The file at this path.
    Path(String),
}

/// A line that is not a usable request: the message for the answer, and the request's `id`
/// when one could be read.
#[derive(Debug)]
pub struct Rejected {
    /// The request's `id`, if the line is an object that has one.
    pub id: Option<Value>,
    /// What is wrong and what to send instead.
    pub message: String,
}

/// The fields as sent, once renamed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    id: Option<Value>,
    content: Option<String>,
    name: Option<String>,
    path: Option<String>,
    old: Option<String>,
    new: Option<String>,
    replace_all: Option<bool>,
    anchor: Option<String>,
    edits: Option<Vec<Value>>,
    snippet: Option<String>,
    merged: Option<String>,
    #[serde(default)]
    mode: Mode,
    #[serde(default)]
    dry_run: bool,
    #[serde(default)]
    in_place: bool,
    #[serde(default)]
    write_read_only: bool,
    expect_mtime: Option<String>,
    expect_sha256: Option<String>,
    language: Option<String>,
    #[serde(default)]
    syntax: SyntaxPolicy,
    time_limit_ms: Option<u64>,
    lock_wait_ms: Option<u64>,
    #[serde(default, rename = "return")]
    returns: Return,
    #[serde(default)]
    hashes: bool,
}

/// Read the request on `line`, which `value` is as JSON (or why it is not).
pub fn parse(line: &str, value: serde_json::Result<Value>) -> Result<Request, Rejected> {
    let reject = |id: Option<Value>, message: String| Rejected { id, message };
    let value: Value = value.map_err(|e| {
        reject(
            crate::commands::readable_id::readable_id(line),
            format!("the line is not valid JSON ({e}). Send one JSON object per line: {SHAPE}."),
        )
    })?;
    let Value::Object(object) = value else {
        return Err(reject(
            None,
            format!(
                "expected an object (one request per line), not {}. Send {SHAPE}.",
                type_name(&value)
            ),
        ));
    };
    let id = object.get("id").cloned();
    let object = rename(object, FIELDS, "the request").map_err(|m| reject(id.clone(), m))?;
    // A value of the wrong type or out of its set: the field and what it takes, in words
    // (serde calls a name of an enum a "variant"); the request's shape is beside the point.
    let f: Fields = serde_path_to_error::deserialize(Value::Object(object)).map_err(|e| {
        let why = e
            .inner()
            .to_string()
            .replace("unknown variant", "unknown value");
        reject(id.clone(), format!("\"{}\": {why}.", e.path()))
    })?;
    request(f).map_err(|m| reject(id, m))
}

fn request(f: Fields) -> Result<Request, String> {
    let target = match (f.content, f.path) {
        (Some(text), None) => Target::Content {
            text,
            name: f.name.unwrap_or_else(|| "content".into()),
        },
        (None, Some(path)) if path.is_empty() => {
            return Err("\"path\" is empty: give the path of the file to edit.".into())
        }
        (None, Some(path)) if f.name.is_none() => Target::Path(path),
        (None, Some(_)) => {
            return Err("\"name\" names the diff of a \"content\" request; a \"path\" request's diff shows the path. Remove \"name\".".into())
        }
        (Some(_), Some(_)) => {
            return Err("give \"content\" (a text to edit, its diff named by \"name\") or \"path\" (a file to edit), not both.".into())
        }
        (None, None) => {
            return Err(format!(
                "give \"content\" to edit a text, or the \"path\" of a file. Send {SHAPE}."
            ))
        }
    };
    let single =
        f.old.is_some() || f.new.is_some() || f.replace_all.is_some() || f.anchor.is_some();
    if f.snippet.is_some() && (single || f.edits.is_some()) {
        return Err("give either \"snippet\" (a lazy snippet with `// ... existing code ...` markers) or \"old\"/\"new\" or \"edits\", not both.".into());
    }
    if f.merged.is_some() && f.snippet.is_none() {
        return Err("\"merged\" is a merge of a \"snippet\" to verify: give the \"snippet\" it claims to apply too.".into());
    }
    let edits = match (f.edits, f.old, f.new) {
        (None, None, None) if f.snippet.is_some() => Vec::new(),
        (Some(_), _, _) if single => {
            return Err("give either \"edits\" or \"old\"/\"new\" (with \"replace_all\", \"anchor\"), not both; inside \"edits\" each edit has its own.".into())
        }
        (Some(items), _, _) if items.is_empty() => return Err("\"edits\" is empty; give at least one {\"old\": \"...\", \"new\": \"...\"}.".into()),
        (Some(items), _, _) => items
            .into_iter()
            .enumerate()
            .map(|(i, item)| read_edit(item, &format!("edits[{i}]"), fields::EDIT))
            .collect::<Result<Vec<_>, _>>()?,
        (None, Some(old), Some(new)) => vec![Edit {
            old,
            new,
            replace_all: f.replace_all.unwrap_or(false),
            anchor: f.anchor,
            near_line: None,
            near_context: None,
            final_newline: None,
        }],
        (None, Some(_), None) => return Err("missing \"new\" (use \"\" to delete \"old\").".into()),
        (None, None, _) => {
            return Err(format!("missing \"old\" and \"new\" (or an \"edits\" list). Send {SHAPE}."))
        }
    };
    if matches!(target, Target::Content { .. })
        && (f.dry_run
            || f.in_place
            || f.write_read_only
            || f.expect_mtime.is_some()
            || f.expect_sha256.is_some())
    {
        return Err("\"dry_run\", \"in_place\", \"write_read_only\", \"expect_mtime\" and \"expect_sha256\" are about a file: they go with \"path\", not \"content\" (which is never written).".into());
    }
    // A language the guard does not know is refused, as `--language` is: a misspelt one
    // would silently turn the check off. (Leaving it out checks by the file's extension.)
    let language = match f.language.map(|l| l.parse::<Language>()) {
        None => None,
        Some(Ok(language)) => Some(language),
        Some(Err(e)) => {
            return Err(format!(
                "\"language\": {e}. Leave \"language\" out to check by the file's extension (a file of another language is not checked)."
            ))
        }
    };
    // A malformed version is a bad request, as `--expect-sha256 xyz` is a usage error: taken
    // as a version, it would be refused as "changed since read", and rereading would not help.
    let expect_sha256 = f
        .expect_sha256
        .map(|s| crate::args::values::sha256(&s))
        .transpose()
        .map_err(|e| format!("\"expect_sha256\": {e}."))?;
    let expect_mtime = f
        .expect_mtime
        .map(|s| crate::args::values::mtime(&s))
        .transpose()
        .map_err(|e| format!("\"expect_mtime\": {e}."))?;
    Ok(Request {
        id: f.id,
        target,
        edits,
        snippet: f.snippet,
        hashes: f.hashes,
        merged: f.merged,
        mode: f.mode,
        dry_run: f.dry_run,
        in_place: f.in_place,
        write_read_only: f.write_read_only,
        expect_mtime,
        expect_sha256,
        language,
        syntax: f.syntax,
        time_limit_ms: f.time_limit_ms,
        lock_wait_ms: f.lock_wait_ms,
        returns: f.returns,
    })
}

/// One line of input, read within the limit.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line (without its `\n`) is in the buffer.
    Read,
    /// The line was longer than the limit: this many bytes were skipped, up to and without the
    /// `\n` (or the end of the input).
    TooLong(u64),
}

/// Read the next line of `input` into `line`, at most `max` bytes of it: a longer line is read to
/// its end and thrown away, never held, so a huge or endless line costs no memory. `None` at the
/// end of the input. The last line needs no `\n`.
pub fn next_line(
    input: &mut impl BufRead,
    max: u64,
    line: &mut Vec<u8>,
) -> io::Result<Option<Line>> {
    line.clear();
    let (mut seen, mut too_long, mut any) = (0u64, false, false);
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let end = memchr::memchr(b'\n', buf);
        let chunk = &buf[..end.unwrap_or(buf.len())];
        seen += chunk.len() as u64;
        if !too_long && seen > max {
            too_long = true;
            *line = Vec::new();
        }
        if !too_long {
            line.extend_from_slice(chunk);
        }
        let used = chunk.len() + usize::from(end.is_some());
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    Ok(Some(if too_long {
        Line::TooLong(seen)
    } else {
        Line::Read
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The request on `line`, read as the pipe reads it.
    fn parse(line: &str) -> Result<Request, Rejected> {
        super::parse(line, serde_json::from_str(line))
    }

    #[test]
    fn a_bad_value_names_the_field_and_its_values_in_words() {
        let e = parse(r#"{"content": "a", "old": "a", "new": "b", "mode": "all"}"#).unwrap_err();
        assert_eq!(
            e.message,
            "\"mode\": unknown value `all`, expected `atomic` or `partial`."
        );
        let e =
            parse(r#"{"content": "a", "old": "a", "new": "b", "replace_all": "yes"}"#).unwrap_err();
        assert!(
            e.message
                .starts_with("\"replace_all\": invalid type: string \"yes\", expected a boolean"),
            "{}",
            e.message
        );
    }

    /// `pipe --help` names every field a request may have: a field left out of it was found
    /// only by reading the source (`in_place`, `return`, `time_limit_ms`, ...).
    #[test]
    fn the_help_names_every_field() {
        use clap::CommandFactory;
        let mut command = crate::args::Flags::command();
        let help = command
            .find_subcommand_mut("pipe")
            .unwrap()
            .render_long_help()
            .to_string();
        for (field, _) in FIELDS {
            assert!(help.contains(&format!("\"{field}\"")), "{field}: {help}");
        }
    }

    fn lines(input: &[u8], max: u64) -> Vec<Result<String, u64>> {
        let mut input = io::BufReader::with_capacity(4, input);
        let mut line = Vec::new();
        let mut out = Vec::new();
        while let Some(l) = next_line(&mut input, max, &mut line).unwrap() {
            out.push(match l {
                Line::Read => Ok(String::from_utf8(line.clone()).unwrap()),
                Line::TooLong(n) => Err(n),
            });
        }
        out
    }

    #[test]
    fn lines_over_the_limit_are_skipped_and_counted() {
        assert_eq!(
            lines(b"short\n0123456789abc\n\nok", 8),
            [
                Ok("short".into()),
                Err(13),
                Ok(String::new()),
                Ok("ok".into())
            ]
        );
        assert_eq!(lines(b"exactly8\n", 8), [Ok("exactly8".into())]);
        assert_eq!(lines(b"no newline at all", 8), [Err(17)]);
        assert!(lines(b"", 8).is_empty());
    }

    #[test]
    fn requests_are_read_with_every_spelling() {
        let r = parse(
            r#"{"id": 3, "content": "a", "old_string": "a", "newText": "b", "replaceAll": true}"#,
        )
        .unwrap();
        assert_eq!(r.id, Some(Value::from(3)));
        assert_eq!(r.edits, vec![Edit::new("a", "b").replace_all(true)]);
        let r = parse(r#"{"file_path": "f", "modifications": [{"old_str": "a", "new_str": "b"}], "dryRun": true}"#).unwrap();
        assert!(matches!(r.target, Target::Path(ref p) if p == "f"));
        assert!(r.dry_run);
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        for (line, words) in [
            ("[]", "expected an object"),
            ("{", "not valid JSON"),
            (
                r#"{"id": 1, "content": "a", "old": "a", "new": "b", "bogus": 1}"#,
                "unknown field \"bogus\" in the request",
            ),
            (
                r#"{"content": "a", "edits": [{"old": "a", "new": "b", "reason": "r"}]}"#,
                "unknown field \"reason\" in edits[0]",
            ),
            (
                r#"{"content": "a", "path": "f", "old": "a", "new": "b"}"#,
                "not both",
            ),
            (
                r#"{"content": "a", "old": "a", "new": "b", "language": "klingon"}"#,
                "unknown language `klingon`; known: python",
            ),
            (
                r#"{"path": "", "old": "a", "new": "b"}"#,
                "\"path\" is empty",
            ),
            (
                r#"{"content": "a", "edits": ["a"]}"#,
                "edits[0] is a string; expected an object",
            ),
            (
                r#"{"content": "a", "edits": [{"old": "a"}]}"#,
                "edits[0] has no \"new\"",
            ),
            (
                r#"{"content": "a", "old": "a", "old_string": "a", "new": "b"}"#,
                "two names of one field",
            ),
            (
                r#"{"content": "a", "edits": [{"old": "a", "new": "b"}], "anchor": "x"}"#,
                "not both",
            ),
            (
                r#"{"content": 1, "old": "a", "new": "b"}"#,
                "\"content\": invalid type",
            ),
            (
                r#"{"content": "a", "edits": [{"old": "a", "new": "b", "replace_all": "yes"}]}"#,
                "edits[0].replace_all: invalid type",
            ),
            (
                r#"{"content": "a", "old": "a", "new": "b", "dry_run": true}"#,
                "go with \"path\"",
            ),
        ] {
            let e = parse(line).unwrap_err();
            assert!(e.message.contains(words), "{line}: {}", e.message);
        }
        assert_eq!(
            parse(r#"{"id": 7, "bogus": 1}"#).unwrap_err().id,
            Some(Value::from(7))
        );
    }
}
