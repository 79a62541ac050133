//! `fuzzy-edit man [COMMAND]`: the man page of the program or of one subcommand, in roff.
//!
//! clap_mangen writes most of it; this adds what it leaves out: a SYNOPSIS with each option's
//! value name (`--old TEXT`, not `--old`), and the EXIT STATUS and ENVIRONMENT sections. The
//! SUBCOMMANDS section lists only pages `fuzzy-edit man` prints (no `fuzzy-edit-help(1)`).

use std::io::{self, Write};
use std::process::ExitCode;

use clap::CommandFactory;

use crate::args::Flags;

/// The subcommands with a page of their own, `fuzzy-edit-NAME(1)`.
pub const PAGES: [&str; 8] = [
    "apply",
    "check",
    "verify",
    "pipe",
    "mcp",
    "read",
    "completions",
    "man",
];

/// Each page's name, as the main page's SUBCOMMANDS section cites it.
const PAGE_NAMES: [&str; 8] = [
    "fuzzy-edit-apply",
    "fuzzy-edit-check",
    "fuzzy-edit-verify",
    "fuzzy-edit-pipe",
    "fuzzy-edit-mcp",
    "fuzzy-edit-read",
    "fuzzy-edit-completions",
    "fuzzy-edit-man",
];

/// Print the page of `command` (`None`: the main page) on stdout.
pub fn run(command: Option<&str>) -> ExitCode {
    let mut page = Vec::new();
    if let Err(e) = render(command, &mut page) {
        eprintln!("fuzzy-edit: writing the man page: {e}");
        return ExitCode::from(2);
    }
    match io::stdout().write_all(&page) {
        Ok(()) => ExitCode::SUCCESS,
        // `fuzzy-edit man | head`: the reader has what it wanted.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fuzzy-edit: writing the man page: {e}");
            ExitCode::from(2)
        }
    }
}

/// Write the page of `command` (`None`: the main page) to `out`.
pub fn render(command: Option<&str>, out: &mut Vec<u8>) -> io::Result<()> {
    let main = Flags::command().disable_help_subcommand(true);
    let page = match command.and_then(|name| PAGES.iter().position(|p| *p == name)) {
        Some(i) => match main.find_subcommand(PAGES[i]) {
            Some(sub) => sub.clone().name(PAGE_NAMES[i]),
            None => main,
        },
        None => main,
    };
    let mut page = page.disable_help_subcommand(true);
    page.build();
    let synopsis = synopsis(&page);
    let man = clap_mangen::Man::new(page.clone().override_usage(synopsis));
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    if page.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(out)?;
    }
    if page.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(out)?;
    }
    if page.get_after_long_help().is_some() || page.get_after_help().is_some() {
        man.render_extra_section(out)?;
    }
    out.write_all(EXIT_STATUS.as_bytes())?;
    out.write_all(ENVIRONMENT.as_bytes())?;
    if page.get_version().is_some() {
        man.render_version_section(out)?;
    }
    Ok(())
}

/// The command's forms, one line each: its name, its options with their value names
/// (`[--old TEXT]`), then its positionals; `COMMAND` for a command with subcommands.
fn synopsis(cmd: &clap::Command) -> String {
    let mut line = cmd.get_name().to_string();
    for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
        let Some(long) = arg.get_long() else {
            continue;
        };
        let flag = match arg.get_short() {
            Some(short) => format!("-{short}|--{long}"),
            None => format!("--{long}"),
        };
        let value = match arg.get_value_names() {
            Some(names) if arg.get_action().takes_values() => format!(" {}", names.join(" ")),
            None if arg.get_action().takes_values() => {
                format!(" {}", arg.get_id().as_str().to_uppercase())
            }
            _ => String::new(),
        };
        let repeat = if matches!(arg.get_action(), clap::ArgAction::Append) {
            "..."
        } else {
            ""
        };
        if arg.is_required_set() {
            line.push_str(&format!(" {flag}{value}{repeat}"));
        } else {
            line.push_str(&format!(" [{flag}{value}]{repeat}"));
        }
    }
    for arg in cmd.get_positionals().filter(|a| !a.is_hide_set()) {
        let name = arg
            .get_value_names()
            .and_then(|n| n.first().map(|n| n.to_string()))
            .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
        if arg.is_required_set() {
            line.push_str(&format!(" {name}"));
        } else {
            line.push_str(&format!(" [{name}]"));
        }
    }
    if cmd.has_subcommands() {
        line.push_str(" COMMAND");
    }
    line
}

const EXIT_STATUS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Applied (for \fBcheck\fR: would apply); with \fB\-\-partial\fR: every edit applied. The pipe and the MCP server: their input ended.
.TP
\fB1\fR
Refused: not found, ambiguous, low confidence, conflict, stale file, outside the roots, hard links, read\-only, owner not keepable; with \fB\-\-partial\fR: some edit not applied (the others were).
.TP
\fB2\fR
Bad usage or I/O error: a missing file, a directory, FIFO or device, a binary or non\-UTF\-8 file, malformed edits, a malformed flag value.
"#;

const ENVIRONMENT: &str = r#".SH ENVIRONMENT
.TP
\fBNO_COLOR\fR
Set and not empty: no color under \fB\-\-color auto\fR (it wins over the others).
.TP
\fBCLICOLOR\fR
\fB0\fR: no color under \fB\-\-color auto\fR.
.TP
\fBCLICOLOR_FORCE\fR
Set and not \fB0\fR: color under \fB\-\-color auto\fR even when stdout is not a terminal.
.TP
\fBFUZZY_EDIT_MODEL\fR, \fBFUZZY_EDIT_BASE_URL\fR, \fBOPENAI_API_KEY\fR
Not read by this program: the model name, the OpenAI\-compatible endpoint and its key of the Python package's repair loop (\fBfuzzy\-edit\-repair\fR, \fBpython \-m fuzzy_edit.demo\fR).
"#;

#[cfg(test)]
mod tests {
    use super::*;

    fn page(command: Option<&str>) -> String {
        let mut out = Vec::new();
        render(command, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_synopsis_names_each_value() {
        let apply = page(Some("apply"));
        let synopsis = apply
            .split(".SH SYNOPSIS")
            .nth(1)
            .unwrap()
            .split(".SH")
            .next()
            .unwrap();
        for form in [
            "[--old TEXT]",
            "[--new TEXT]",
            "[--edits PATH]",
            "[--syntax POLICY]",
            "[--root DIR]...",
            "[FILE]",
        ] {
            assert!(
                synopsis.contains(&form.replace('-', "\\-")),
                "{form}: {synopsis}"
            );
        }
    }

    #[test]
    fn every_page_listed_is_one_man_prints() {
        let main = page(None);
        assert!(!main.contains("fuzzy\\-edit\\-help"), "{main}");
        for name in PAGES {
            assert!(
                main.contains(&format!("fuzzy\\-edit\\-{name}(1)")),
                "{name}: {main}"
            );
            assert!(
                page(Some(name)).contains(&format!(".TH fuzzy-edit-{name} ")),
                "{name}"
            );
        }
    }

    #[test]
    fn exit_status_and_environment_are_documented() {
        for p in [page(None), page(Some("apply"))] {
            assert!(p.contains(".SH \"EXIT STATUS\""), "{p}");
            for variable in [
                "NO_COLOR",
                "CLICOLOR",
                "CLICOLOR_FORCE",
                "FUZZY_EDIT_BASE_URL",
            ] {
                assert!(p.contains(variable), "{variable}");
            }
        }
    }
}
