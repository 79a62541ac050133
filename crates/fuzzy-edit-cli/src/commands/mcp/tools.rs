//! The server and its three tools: `read_file`, `edit_file`, `write_file`.
//!
//! Every failure is a tool result with `isError: true` and a message the model can act on
//! (read the file first, read it again, fix old_string from the closest text shown, pick a
//! candidate with anchor or replace_all), never a protocol error and never a crash: the
//! conversation goes on. The tool descriptions below are what the model reads to decide how to
//! call the tools.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use fuzzy_edit::fs::{
    self, EditFilesError, EditOptions, EditRequest, FileOutcome, FileRequest, FsError, Op,
};
use fuzzy_edit::protocol::Vocabulary;
use fuzzy_edit::{unified_diff, Mode};
use rmcp::handler::server::common::schema_for_input;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolResult, Extensions, Implementation, JsonObject, ServerCapabilities, ServerConfig,
};
use rmcp::{tool, tool_handler, tool_router, ServerHandler};
use serde_json::Value;
use tokio::sync::Semaphore;

use super::confine::Roots;
use super::listing;
use super::reply::{fs_message, plural, report, short_diff, tool_result, Answer, Refusal, Reply};
use super::session::Session;
use super::tool_args::{self, EditFileArgs, ReadFileArgs, WriteFileArgs};
use super::turns::PathTurn;
use super::MAX_BYTES;
use crate::render::{self, json as answer_json};

/// The MCP server: the roots it may touch and what the model has read.
#[derive(Clone)]
pub struct FuzzyEditServer {
    roots: Arc<Roots>,
    /// What an edit that adds a syntax error gets.
    syntax: fuzzy_edit::SyntaxPolicy,
    /// How long one call may look for its edits (`--time-limit-ms`).
    time_limit: Option<std::time::Duration>,
    /// How long one call waits for another writer's lock (`--lock-wait-ms`).
    lock_wait: std::time::Duration,
    /// read_file shows line references (`12#VK|`) unless a call says `hashes: false`.
    hashes: bool,
    /// Whether a read_file in this session has shown line references: from then on a refused
    /// search/replace edit offers its closest lines by `LINE#ID`, as under `--hashes`.
    read_hashes: Arc<AtomicBool>,
    session: Arc<Mutex<Session>>,
    /// Tool calls working at once (each may hold a few copies of a 32 MiB file).
    workers: Arc<Semaphore>,
    /// Of the workers, those edits and writes may take: the rest stay for reads.
    writers: Arc<Semaphore>,
    tool_router: ToolRouter<FuzzyEditServer>,
}

/// Tool calls on different paths that may work at the same time; later ones wait their turn
/// (without holding up `ping` or anything else that is not a tool call).
const MAX_WORKING_CALLS: usize = 8;
/// The longest path `write_file` takes, in bytes: Linux's `PATH_MAX`. A longer one could
/// only be created piecewise (one path made 19,992 nested directories before failing).
const MAX_PATH_BYTES: usize = 4096;
/// The deepest path `write_file` takes, in components (each may be a directory it creates).
const MAX_PATH_DEPTH: usize = 256;

/// Of those, calls that write (and so may wait for a directory's lock, up to `--lock-wait-ms`):
/// two workers always stay for `read_file`, so edits blocked by a stuck lock holder never
/// leave a read elsewhere without an answer.
const MAX_WRITING_CALLS: usize = MAX_WORKING_CALLS - 2;

/// Run a tool's work on the blocking pool, after the previous call on its path (the turn the
/// transport put in `extensions`) and once a worker is free, so the runtime stays free to
/// answer other requests.
async fn in_turn(
    extensions: &Extensions,
    workers: &Arc<Semaphore>,
    writers: Option<&Arc<Semaphore>>,
    work: impl FnOnce() -> Answer + Send + 'static,
) -> CallToolResult {
    let turn = extensions.get::<PathTurn>().and_then(PathTurn::take);
    let done = match turn {
        Some(turn) => Some(turn.wait().await),
        None => None,
    };
    let writer = match writers {
        Some(w) => w.clone().acquire_owned().await.ok(),
        None => None,
    };
    let Ok(worker) = workers.clone().acquire_owned().await else {
        return tool_result(Err(Refusal::new(
            "internal",
            "the server is shutting down; nothing was done.",
        )));
    };
    // `done` and `worker` move into the work: if the client cancels the call, the next one on
    // the path still waits for this work to end.
    let answer = tokio::task::spawn_blocking(move || {
        let answer = work();
        drop((done, worker, writer));
        answer
    })
    .await
    .unwrap_or_else(|e| {
        Err(Refusal::new(
            "internal",
            format!("the tool failed unexpectedly ({e}); read the file again before changing it."),
        ))
    });
    tool_result(answer)
}

#[tool_router]
impl FuzzyEditServer {
    /// The server with read_file showing line references by default (`--hashes`).
    pub fn with_hashes(mut self, hashes: bool) -> Self {
        self.hashes = hashes;
        self
    }

    /// A server confined to `roots`, with an empty session.
    pub fn new(
        roots: Roots,
        syntax: fuzzy_edit::SyntaxPolicy,
        time_limit: Option<std::time::Duration>,
        lock_wait: std::time::Duration,
    ) -> Self {
        FuzzyEditServer {
            roots: Arc::new(roots),
            syntax,
            time_limit,
            lock_wait,
            hashes: false,
            read_hashes: Arc::new(AtomicBool::new(false)),
            session: Arc::new(Mutex::new(Session::default())),
            workers: Arc::new(Semaphore::new(MAX_WORKING_CALLS)),
            writers: Arc::new(Semaphore::new(MAX_WRITING_CALLS)),
            tool_router: Self::tool_router(),
        }
    }

    /// Read a UTF-8 text file. Lines are numbered like `cat -n`: the line number right-aligned in 6 columns, a tab, then the line exactly as in the file.
    /// With hashes: true, each line is shown as LINE#ID|text instead (e.g. `12#VK|    return x`): LINE#ID (`12#VK`) is the line's reference for edit_file's line_edits.
    /// offset is the first line to show (1-based) and limit the number of lines (default 2000); read large files in windows.
    /// Read a file with this tool before changing it with edit_file or write_file, and read it again after it changed on disk; edits are refused otherwise.
    /// When you copy text from this output into edit_file's old_string, copy only what follows the tab: never include the line-number prefix.
    /// Binary, non-UTF-8 and over-32 MB files are refused. Paths are relative to the first root directory, or absolute inside a root.
    #[tool(
        input_schema = input_schema::<ReadFileArgs>(),
        annotations(
            title = "Read file",
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn read_file(&self, extensions: Extensions, arguments: JsonObject) -> CallToolResult {
        let server = self.clone();
        in_turn(&extensions, &self.workers, None, move || {
            server.read(arguments)
        })
        .await
    }

    /// Replace text in a file you have read with read_file in this session: give old_string (the text to replace) and new_string (what to put there), or edits: a list of {old_string, new_string, replace_all?, anchor?} applied to the same file all together or not at all.
    /// Copy old_string from what read_file showed, without the line-number prefix (the spaces, the number and the tab), and include enough surrounding lines (2-3) that it occurs only once in the file.
    /// If the same text occurs several times, set replace_all to change every occurrence, or set anchor to a line that occurs once before the occurrence you mean (such as the enclosing function's signature).
    /// Small differences in indentation and whitespace are tolerated; when the match is unclear the edit is refused rather than guessed, and nothing is written.
    /// A refusal says why: the closest text in the file with a diff against your old_string, or every ambiguous candidate with its line numbers. Fix old_string from that feedback and call edit_file again. Never fall back to shell commands (sed, awk, perl, echo, patch) to change the file.
    /// The file must be unchanged since your last read_file; otherwise read it again first. Returns a unified diff of the change and, for each edit, the lines changed and how old_string was matched. dry_run returns the diff without writing.
    /// The reference filesystem server's spelling, edits: [{oldText, newText}] and dryRun, is accepted too.
    /// Line-addressed edits, after a read_file with hashes: true: line_edits (or edits) as [{op, pos, end?, lines}], op "replace" (lines pos..end, inclusive; lines [] deletes them), "append" (after pos) or "prepend" (before pos); no pos: the end or start of the file. pos and end are LINE#ID references copied from the read (`12#VK`); lines are the new lines without prefixes, a list of strings or one string. All edits refer to the file as you read it and are applied together or not at all; a reference whose line changed since is refused with the current lines and their fresh LINE#IDs. After such a read, an old_string that is not found is answered with the closest lines and their LINE#IDs: retry with line_edits on them.
    /// Or give snippet instead: the changed code written out, each unchanged stretch replaced by a marker comment in the file's comment syntax (`// ... existing code ...`, `# ... existing code ...`); it is merged where its unchanged lines stand, or refused with the piece that could not be placed. Write the changed lines with one or two unchanged lines before and after them, or the enclosing function's or class's first line then a marker; lines left out between two shown lines with no marker between are deleted, so put a marker wherever code stays.
    #[tool(
        input_schema = input_schema::<EditFileArgs>(),
        annotations(
            title = "Edit file",
            read_only_hint = false,
            destructive_hint = true,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn edit_file(&self, extensions: Extensions, arguments: JsonObject) -> CallToolResult {
        let server = self.clone();
        in_turn(&extensions, &self.workers, Some(&self.writers), move || {
            server.edit(arguments)
        })
        .await
    }

    /// Create a file with the given content, or replace a file's whole content. Missing parent directories are created (inside the root directories only).
    /// Overwriting an existing file requires that you read it with read_file in this session and that it has not changed since. To change part of a file, use edit_file instead: it sends only the changed text and shows a diff.
    /// content is written exactly as given, atomically; end it with a newline if the file should have one.
    #[tool(
        input_schema = input_schema::<WriteFileArgs>(),
        annotations(
            title = "Write file",
            read_only_hint = false,
            destructive_hint = true,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn write_file(&self, extensions: Extensions, arguments: JsonObject) -> CallToolResult {
        let server = self.clone();
        in_turn(&extensions, &self.workers, Some(&self.writers), move || {
            server.write(arguments)
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for FuzzyEditServer {
    fn get_info(&self) -> ServerConfig {
        let roots: Vec<String> = self
            .roots
            .dirs()
            .iter()
            .map(|r| r.display().to_string())
            .collect();
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("fuzzy-edit", env!("CARGO_PKG_VERSION")))
            .with_instructions(format!(
                "File tools confined to {}; relative paths resolve against {}. Read a file with read_file before editing it; edit with edit_file, copying old_string from read_file's output without the line-number prefix. If an edit is refused, fix old_string from the error's feedback and retry; do not fall back to shell edits such as sed.",
                roots.join(", "),
                roots[0]
            ))
    }
}

/// The input schema of a tool whose arguments are `T`.
fn input_schema<T: schemars::JsonSchema + 'static>() -> Arc<JsonObject> {
    // The argument types are fixed and their schemas are objects: this cannot fail at runtime
    // without failing every test first.
    schema_for_input::<T>().expect("tool arguments have an object schema")
}

/// The content a write (not a dry run, which reports the version read) left on disk, with
/// its version: `edit_files` computes that SHA-256 from this content.
fn installed(file: &FileOutcome) -> Option<(&str, fs::FileVersion)> {
    file.after.as_deref().zip(file.version.clone())
}

impl FuzzyEditServer {
    /// Whether a refusal offers its closest lines by `LINE#ID`: under `--hashes`, or once a
    /// read_file in this session has shown line references (the model knows the form).
    fn offers_refs(&self) -> bool {
        self.hashes || self.read_hashes.load(Ordering::Relaxed)
    }

    fn session(&self) -> std::sync::MutexGuard<'_, Session> {
        // A panic while holding the lock leaves the map consistent (single inserts), so a
        // poisoned lock is still usable.
        self.session.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The options every tool uses: confined to the roots, relative to the first.
    fn options<'a>(&self, check: Option<fs::Check<'a>>, dry_run: bool) -> EditOptions<'a> {
        EditOptions {
            roots: self.roots.dirs().to_vec(),
            roots_pinned: true,
            base: Some(self.roots.dirs()[0].clone()),
            max_bytes: MAX_BYTES,
            dry_run,
            check,
            syntax: self.syntax,
            deadline: self.time_limit.map(|t| std::time::Instant::now() + t),
            lock_wait: self.lock_wait,
            ..EditOptions::default()
        }
    }

    /// A file-system refusal in words for the model; outside the roots, it names them.
    fn refusal(&self, name: &str, e: &FsError) -> Refusal {
        Refusal::file(e, name, self.refusal_message(name, e))
    }

    fn refusal_message(&self, name: &str, e: &FsError) -> String {
        if let FsError::Outside(_) = e {
            let roots: Vec<String> = self
                .roots
                .dirs()
                .iter()
                .map(|r| r.display().to_string())
                .collect();
            return format!(
                "{name}: refused, the path resolves outside the directories this server may access ({}). Paths are relative to {} or absolute inside a root; `..` and symlinks leading out are not followed.",
                roots.join(", "),
                roots[0]
            );
        }
        fs_message(name, e)
    }

    /// Check the path argument before it reaches the file system. A trailing `/` (or `/.`)
    /// names a directory. A leading `~` is a shell's home directory, which a model may mean:
    /// taken literally it would create a directory named `~` in the root.
    fn path_arg(path: &str) -> Result<PathBuf, String> {
        if path.contains('\0') {
            return Err(format!("{path:?}: a path cannot contain NUL bytes."));
        }
        if path == "~" || path.starts_with("~/") {
            return Err(format!(
                "{path}: `~` is not expanded here (it would name a directory called `~` inside the root), so nothing was read or written. Give the path relative to the root, or absolute inside it."
            ));
        }
        if path.ends_with('/') || path.ends_with("/.") {
            return Err(format!(
                "{path}: ends with `/`, which names a directory; these tools read and write files. Give the file's path without the trailing `/`."
            ));
        }
        Ok(PathBuf::from(path))
    }

    fn read(&self, arguments: JsonObject) -> Answer {
        let a: ReadFileArgs = tool_args::parse(&tool_args::READ, arguments)?;
        let path = Self::path_arg(&a.path)?;
        let file = fs::read_file(&path, &self.options(None, true)).map_err(|e| match e {
            FsError::NotFound(_) => Refusal::file(
                &e,
                &a.path,
                format!(
                    "{}: no such file. Check the path (relative paths start at {}).",
                    a.path,
                    self.roots.dirs()[0].display()
                ),
            ),
            e => self.refusal(&a.path, &e),
        })?;
        let name = self.roots.display(&file.target);
        let (offset, limit) = (
            a.offset.unwrap_or(1),
            a.limit.unwrap_or(listing::DEFAULT_LIMIT),
        );
        let hashes = a.hashes.unwrap_or(self.hashes);
        let listing = if hashes {
            listing::with_hashes(&file.text, offset, limit)
        } else {
            listing::numbered(&file.text, offset, limit)
        }
        .map_err(|e| format!("read_file {name}: {e}"))?;
        self.session().record(&file.target, file.version);
        if hashes {
            self.read_hashes.store(true, Ordering::Relaxed);
        }
        Ok(Reply::text(listing))
    }

    /// Run one file's operation through [`fs::edit_files`], with the session's rule (read it
    /// first, unchanged since) checked under the file's lock. The session itself is locked only
    /// for the check, so calls on other files go on meanwhile: calls on one path are ordered by
    /// their turns, and two spellings of one file racing are caught by the directory lock and
    /// this check (refused as changed, never lost).
    fn change(
        &self,
        path: &str,
        op: Op,
        action: &str,
        dry_run: bool,
    ) -> Result<FileOutcome, Refusal> {
        let path_buf = Self::path_arg(path)?;
        // Which of the session's rules refused, for the answer's `kind`.
        let not_fresh = std::sync::OnceLock::new();
        let outcome = {
            let check = |real: &std::path::Path, version: Option<&fs::FileVersion>| match version {
                Some(v) => self.session().check_fresh(real, v).map_err(|why| {
                    let _ = not_fresh.set(why.kind());
                    why.message(&self.roots.display(real), action)
                }),
                None => Ok(()),
            };
            let request = EditRequest {
                files: vec![FileRequest {
                    path: path_buf,
                    ops: vec![op],
                    expected: Default::default(),
                }],
                mode: Mode::Atomic,
            };
            fs::edit_files(&request, &self.options(Some(&check), dry_run))
        };
        let file = match outcome {
            Ok(o) => o
                .files
                .into_iter()
                .next()
                .ok_or_else(|| Refusal::new("io", "no file in the outcome"))?,
            Err(EditFilesError::File(e @ FsError::NotFound(_))) if action == "edit" => {
                return Err(Refusal::file(&e, path, format!(
                    "{path}: no such file, so there is nothing to edit. To create it, use write_file."
                )))
            }
            Err(EditFilesError::File(e)) => return Err(self.refusal(path, &e)),
            Err(e) => {
                let message = match &e {
                    EditFilesError::Refused { failed, .. } => {
                        // A model prompted for line references retries by LINE#ID.
                        let offer = if self.offers_refs() {
                            crate::commands::closest_refs::note(failed)
                        } else {
                            None
                        };
                        format!(
                            "edit_file refused; {path} was not changed.\n\n{failed}{}",
                            offer.unwrap_or_default()
                        )
                    }
                    other => other.to_string(),
                };
                let mut refusal = Refusal::edit_files(&e, path, message);
                if self.offers_refs() {
                    refusal = refusal.with_refs();
                }
                return Err(match not_fresh.get() {
                    Some(kind) => refusal.kind(kind),
                    None => refusal,
                });
            }
        };
        Ok(file)
    }

    fn edit(&self, arguments: JsonObject) -> Answer {
        let a: EditFileArgs = tool_args::parse(&tool_args::EDIT, arguments)?;
        let dry_run = a.dry_run.unwrap_or(false);
        let alone = a.old_string.is_none()
            && a.new_string.is_none()
            && a.edits.is_none()
            && a.replace_all.is_none()
            && a.anchor.is_none();
        let (op, count) = match a.line_edits()? {
            Some(line_edits) => (Op::LineEdits(line_edits.clone()), line_edits.len()),
            None => match &a.snippet {
                Some(snippet) if alone => (Op::Snippet(snippet.clone()), 1),
                _ => {
                    let edits = a.edits()?;
                    let count = edits.len();
                    (Op::Edit(edits), count)
                }
            },
        };
        let mut file = self.change(&a.path, op, "edit", dry_run)?;
        let name = self.roots.display(&file.real);
        let Some(applied) = &file.applied else {
            return Err(Refusal::new("io", format!("{name}: nothing was edited.")));
        };
        let report = report(&name, applied, count, dry_run);
        let mut structured = answer_json::file_fields(&file, &name, &Vocabulary::TOOL);
        // The diff is made once, for both answers, after what it does not need is freed.
        render::release(&mut file);
        let (Some(before), Some(after)) = (file.before.as_deref(), file.after.as_deref()) else {
            return Err(Refusal::new("io", format!("{name}: nothing was edited.")));
        };
        // A model prompted for line references edits the differing lines next by LINE#ID.
        let mut report = report;
        if self.hashes {
            crate::commands::closest_refs::add_to_matches(&mut structured);
            report.push_str(&crate::commands::closest_refs::matches_note(&structured));
        }
        let diff = unified_diff(before, after, &name);
        let report = report + &short_diff(&diff);
        structured["diff"] = Value::String(diff);
        if dry_run {
            let text = format!("{report}\n(dry run: nothing was written.)");
            return Ok(Reply::change(text, structured, dry_run));
        }
        if after == before {
            let text = format!("{name}: the edits leave the file as it is; nothing was written.");
            return Ok(Reply::change(text, structured, dry_run));
        }
        self.session()
            .record_written(&file.real, after, installed(&file));
        Ok(Reply::change(report, structured, dry_run))
    }

    fn write(&self, arguments: JsonObject) -> Answer {
        let a: WriteFileArgs = tool_args::parse(&tool_args::WRITE, arguments)?;
        let depth = std::path::Path::new(&a.path).components().count();
        if a.path.len() > MAX_PATH_BYTES || depth > MAX_PATH_DEPTH {
            return Err(Refusal::new("bad_request", format!(
                "write_file: the path is {} bytes and {depth} components long, over this server's limits ({MAX_PATH_BYTES} bytes, {MAX_PATH_DEPTH} components); nothing was created. Name a file at a reasonable depth.",
                a.path.len()
            )));
        }
        if a.content.len() as u64 > MAX_BYTES {
            return Err(Refusal::new("too_large", format!(
                "write_file {}: the content is {} bytes, over the {MAX_BYTES}-byte limit; nothing was written.",
                a.path,
                a.content.len()
            )));
        }
        let file = self.change(&a.path, Op::Write(a.content.clone()), "overwrite", false)?;
        let name = self.roots.display(&file.real);
        self.session()
            .record_written(&file.real, &a.content, installed(&file));
        let size = format!(
            "{}, {}",
            plural(listing::line_count(&a.content), "line"),
            plural(a.content.len(), "byte")
        );
        let text = match &file.before {
            None => format!("Created {name} ({size})."),
            Some(before) if *before == a.content => {
                format!("{name} already had this content ({size}); it is unchanged.")
            }
            Some(before) => format!(
                "Overwrote {name} ({size}).\n{}",
                short_diff(&unified_diff(before, &a.content, &name))
            ),
        };
        let structured = answer_json::file(&file, &name, &Vocabulary::TOOL);
        Ok(Reply::change(text, structured, false))
    }
}
