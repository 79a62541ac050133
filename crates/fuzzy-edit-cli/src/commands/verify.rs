//! `fuzzy-edit verify FILE --snippet S --merged M`: check a merge of a lazy snippet made
//! elsewhere (by an apply model) against FILE and the snippet, writing nothing
//! ([`fuzzy_edit::snippet::verify_snippet`]). Exit code 0 when it holds, 1 when it does not (the
//! findings on stderr, or as JSON), 2 when an input cannot be read.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use fuzzy_edit::fs::EditOptions;
use fuzzy_edit::snippet::{verify_snippet, Unverified};
use fuzzy_edit::{Language, Mode, SyntaxPolicy};
use serde_json::{json, Value};

use crate::render::json::{error, failure, success};

/// What `verify` checks, the inputs read.
#[derive(Debug)]
pub struct VerifySettings {
    /// The original file (for its name and language).
    pub file: PathBuf,
    /// FILE's text, the snippet's and the merged file's, or why one could not be read.
    pub texts: Result<(String, String, String), String>,
    /// `--language`; `None`: FILE's, from its extension.
    pub language: Option<Language>,
    /// `--syntax`.
    pub syntax: SyntaxPolicy,
    /// `--json`.
    pub json: bool,
}

/// The answer's `error` for a merge that does not verify: kind `unverified`, the message, each
/// finding under `findings` and their count in `findings_total`.
pub fn unverified(u: &Unverified) -> Value {
    let mut v = error("unverified", u.to_string());
    v["findings"] = json!(u.findings);
    v["findings_total"] = json!(u.total);
    v
}

/// Run `verify`.
pub fn run(settings: VerifySettings) -> ExitCode {
    let VerifySettings {
        file,
        texts,
        language,
        syntax,
        json,
    } = settings;
    let (original, snippet, merged) = match texts {
        Ok(t) => t,
        Err(message) => {
            if json {
                print_json(&failure(error("usage", message)));
            } else {
                eprintln!("fuzzy-edit: {message}");
            }
            return ExitCode::from(2);
        }
    };
    let options = EditOptions {
        language,
        syntax,
        ..EditOptions::default()
    }
    .engine(Mode::Atomic, &file);
    let verdict = verify_snippet(&original, &snippet, &merged, &options);
    match (verdict, json) {
        (Ok(()), true) => print_json(&success(json!({"verified": true}))),
        (Ok(()), false) => println!(
            "verified: the merged file applies the snippet to {} and changes nothing else",
            file.display()
        ),
        (Err(u), true) => {
            let mut e = unverified(&u);
            e["path"] = json!(file.to_string_lossy());
            print_json(&failure(e));
            return ExitCode::from(1);
        }
        (Err(u), false) => {
            eprintln!("fuzzy-edit: {}: {u}", file.display());
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

fn print_json(v: &Value) {
    // A closed stdout (`| head -0`) leaves nobody to tell.
    let _ = writeln!(
        std::io::stdout(),
        "{}",
        serde_json::to_string_pretty(v).unwrap_or_default()
    );
}
