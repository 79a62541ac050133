//! A block copied with a typing slip on several of its lines (two letters swapped, one dropped
//! or doubled): found line for line and merged, the file's spelling kept; a block renamed
//! since, or one `old` reads as a slipped copy of in two places, refused.

use fuzzy_edit::Edit;

use crate::support::{applied, refused, strategy};

const FILE: &str = "\
use std::io;

fn load(config: &Config) -> Result<Store, Error> {
    let connection = open_connection(&config.address)?;
    let timeout = config.request_timeout;
    connection.set_timeout(timeout);
    let store = Store::new(connection);
    Ok(store)
}
";

/// `FILE`'s block as the model copied it: the first line and three of the five middle lines
/// a letter off (too few middle lines equal for a window, and the first anchor off).
const OLD: &str = "\
fn laod(config: &Config) -> Result<Store, Error> {
    let connetcion = open_connection(&config.address)?;
    let timeout = config.request_timout;
    connection.set_timeoutt(timeout);
    let store = Store::new(connection);
    Ok(store)
}";

#[test]
fn a_block_mistyped_on_most_lines_is_merged_keeping_the_files_spelling() {
    let new = OLD.replace("Ok(store)", "Ok(store.with_cache())");
    let out = applied(FILE, &Edit::new(OLD, new));
    assert_eq!(
        out.text,
        FILE.replace("    Ok(store)\n", "    Ok(store.with_cache())\n")
    );
    assert_eq!(strategy(&out), "block_anchor");
}

#[test]
fn a_block_renamed_since_is_refused_and_the_mistyped_one_beside_it_applied() {
    // The same lines renamed (`connection` -> `conn_next`), not mistyped: the block changed.
    let renamed = FILE.replace("connection", "conn_next");
    let new = OLD.replace("Ok(store)", "Ok(store.with_cache())");
    let err = refused(&renamed, &Edit::new(OLD, new.clone()));
    assert_eq!(err.kind(), "not_found");
    // Beside it, the block the model mistyped is the one edited.
    let file = format!("{FILE}\n{renamed}");
    let out = applied(&file, &Edit::new(OLD, new));
    assert_eq!(out.matches[0].start_line, 3);
    assert_eq!(
        out.text,
        format!(
            "{}\n{renamed}",
            FILE.replace("    Ok(store)\n", "    Ok(store.with_cache())\n")
        )
    );
}

#[test]
fn a_block_mistyped_the_same_from_two_copies_is_refused() {
    let file = format!("{FILE}\n{}", FILE.replace("use std::io;\n\n", ""));
    let new = OLD.replace("Ok(store)", "Ok(store.with_cache())");
    assert_eq!(
        refused(&file, &Edit::new(OLD, new)).kind(),
        "low_confidence"
    );
}

#[test]
fn a_word_the_file_writes_elsewhere_is_no_slip() {
    // `laod` is a name the file has: the first line may be another function's.
    let file = format!("{FILE}\nfn laod() {{}}\n");
    let new = OLD.replace("Ok(store)", "Ok(store.with_cache())");
    assert_eq!(refused(&file, &Edit::new(OLD, new)).kind(), "not_found");
}

#[test]
fn a_slip_on_a_line_whose_comment_was_left_out_too_is_a_slip() {
    let file = FILE.replace(
        "config.request_timeout;",
        "config.request_timeout; // seconds",
    );
    let new = OLD.replace("Ok(store)", "Ok(store.with_cache())");
    let out = applied(&file, &Edit::new(OLD, new));
    assert_eq!(
        out.text,
        file.replace("    Ok(store)\n", "    Ok(store.with_cache())\n")
    );
}

/// A method and the lines that name it, for sibling blocks (`ready_all` beside `read_all`).
fn method(name: &str, comment: &str) -> String {
    format!(
        "    def {name}_all(self, items):
        out = []
        for it in items:
            out.append(self.{name}(it))
        self.log.info(\"done\"){comment}
        return self.finish_{name}(out)
"
    )
}

/// `method(name)` as the model sent it, each line that names it spelt as `spelt` gives.
fn old_method(spelt: [&str; 3]) -> String {
    format!(
        "    def {}_all(self, items):
        out = []
        for it in items:
            out.append(self.{}(it))
        self.log.info(\"done\")
        return self.finish_{}(out)",
        spelt[0], spelt[1], spelt[2]
    )
}

fn log_more(old: &str) -> String {
    old.replace("info(\"done\")", "info(\"done %d\", len(out))")
}

#[test]
fn a_sibling_block_one_letter_off_is_refused_and_slips_in_the_block_applied() {
    for (file_word, written, slips) in [
        ("ready", "read", ["raedy", "redy", "readdy"]),
        ("unblock", "unlock", ["unblcok", "unbock", "unnblock"]),
    ] {
        let file = format!(
            "class Handler:\n{}\n    def close(self):\n        pass\n",
            method(file_word, "")
        );
        // `read` for `ready` on every line: another method (a sibling, or one since renamed).
        let old = old_method([written; 3]);
        let err = refused(&file, &Edit::new(old.clone(), log_more(&old)));
        assert_eq!(err.kind(), "not_found", "{written}");
        // Three different slips of the file's word: this very block, mistyped.
        let old = old_method(slips);
        let out = applied(&file, &Edit::new(old.clone(), log_more(&old)));
        assert_eq!(
            out.text,
            file.replace("info(\"done\")", "info(\"done %d\", len(out))"),
            "{file_word}"
        );
    }
}

#[test]
fn a_block_slipped_like_two_twins_is_refused_whatever_the_comments() {
    // `stat` is a letter off both `lstat` and `fstat`, and the comment on one twin's line
    // leaves that line out of the twin: both twins are candidates all the same.
    let file = format!(
        "class H:\n{}\n{}",
        method("lstat", ""),
        method("fstat", "  # trace")
    );
    let old = old_method(["stat"; 3]);
    let err = refused(&file, &Edit::new(old.clone(), log_more(&old)));
    assert_eq!(err.kind(), "not_found");
    // Slips of `lstat` alone: the `lstat` twin.
    let old = old_method(["lsat", "lsttat", "lsatt"]);
    let out = applied(&file, &Edit::new(old.clone(), log_more(&old)));
    assert_eq!(out.matches[0].start_line, 2);
}

#[test]
fn a_name_made_plural_since_is_refused_and_a_slip_of_the_plural_applied() {
    let file = "func (s *Server) shutdown() {
\ts.listeners.Close()
\ts.wg.Wait()
\ts.logger.Info(\"stopped\")
}
";
    let old = file
        .replace("listeners", "listener")
        .replace("logger", "loger");
    let new = old.replace("\ts.loger.Info", "\ts.listener = nil\n\ts.loger.Info");
    // `listener` for `listeners`: the field the model read was one listener, now a list.
    assert_eq!(
        refused(file, &Edit::new(old.clone(), new)).kind(),
        "not_found"
    );
    // `listners`: the plural, a letter dropped inside the word.
    let old = file
        .replace("listeners", "listners")
        .replace("logger", "loger");
    let new = old.replace("\ts.wg.Wait()", "\ts.wg.Wait()\n\ts.done()");
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("\ts.wg.Wait()", "\ts.wg.Wait()\n\ts.done()")
    );
}

#[test]
fn a_twin_whose_copy_of_a_line_has_a_comment_is_a_rival_all_the_same() {
    // The twin's `let store` line carries a comment: of `OLD`'s lines that stand in the file,
    // it stands once, yet the twin is a slipped copy of `OLD` as much as `FILE`'s block is.
    let twin = FILE.replace("use std::io;\n\n", "").replace(
        "Store::new(connection);",
        "Store::new(connection); // pooled",
    );
    let file = format!("{FILE}\n{twin}");
    let new = OLD.replace("Ok(store)", "Ok(store.with_cache())");
    assert_eq!(
        refused(&file, &Edit::new(OLD, new)).kind(),
        "low_confidence"
    );
}
