//! Random texts, and the edits a model would derive from them, for the properties.

use fuzzy_edit::Edit;
use proptest::prelude::*;
use proptest::sample::select;

/// Code-like tokens, including the characters the strategies treat specially.
const TOKENS: &[&str] = &[
    "fn",
    "f()",
    "x",
    "=",
    "1;",
    "{",
    "}",
    "return",
    "if",
    "(a)",
    "//",
    "...",
    "\u{201C}q\u{201D}",
    "\"q\"",
    "\u{2014}",
    "-",
    "é",
    "🎉",
    "foo(bar)",
    "let",
    "y",
    "#",
    "0",
    "a,",
    "b",
    "\\n",
    "$1",
    "1\t",
    "12|",
    "\u{a0}",
];

/// One line of code-like text: indentation, tokens, maybe trailing blanks.
fn code_line() -> impl Strategy<Value = String> {
    (
        select(vec!["", "  ", "    ", "\t", "\t\t", "        ", " \t"]),
        prop::collection::vec(select(TOKENS), 0..5),
        select(vec![" ", "  ", "\t"]),
        select(vec!["", "", "", " ", "\t"]),
    )
        .prop_map(|(indent, tokens, sep, trailing)| {
            if tokens.is_empty() {
                return String::new();
            }
            format!("{indent}{}{trailing}", tokens.join(sep))
        })
}

/// Lines of code-like text, repeating some lines so that ambiguity happens.
pub(crate) fn code_lines() -> impl Strategy<Value = Vec<String>> {
    (
        prop::collection::vec(code_line(), 0..14),
        prop::collection::vec(
            (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
            0..3,
        ),
    )
        .prop_map(|(mut lines, copies)| {
            if !lines.is_empty() {
                for (from, to) in copies {
                    let l = lines[from.index(lines.len())].clone();
                    let at = to.index(lines.len() + 1);
                    lines.insert(at, l);
                }
            }
            lines
        })
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum Eol {
    Lf,
    CrLf,
    Mixed,
}

/// Join lines with the given endings, with or without a final newline.
pub(crate) fn join(lines: &[String], eol: Eol, final_newline: bool) -> String {
    let mut s = String::new();
    for (i, l) in lines.iter().enumerate() {
        s.push_str(l);
        if i + 1 < lines.len() || final_newline {
            s.push_str(match eol {
                Eol::Lf => "\n",
                Eol::CrLf => "\r\n",
                Eol::Mixed if i % 2 == 0 => "\r\n",
                Eol::Mixed => "\n",
            });
        }
    }
    s
}

pub(crate) fn any_eol() -> impl Strategy<Value = Eol> {
    prop_oneof![4 => Just(Eol::Lf), 2 => Just(Eol::CrLf), 1 => Just(Eol::Mixed)]
}

/// A mistake a model makes when it copies lines into `old`.
#[derive(Debug, Clone)]
enum Perturb {
    Reindent(i8),
    TabsToSpaces,
    StripTrailing,
    CollapseInner,
    ChangeChar(prop::sample::Index, prop::sample::Index, char),
    DropLine(prop::sample::Index),
    AddBlank(prop::sample::Index),
    LinePrefixes,
    EscapeNewlines,
    Elide,
    CurlyQuotes,
    TrailingNewline,
    PadBlankLines,
}

fn perturbation() -> impl Strategy<Value = Perturb> {
    prop_oneof![
        (-4i8..=4).prop_map(Perturb::Reindent),
        Just(Perturb::TabsToSpaces),
        Just(Perturb::StripTrailing),
        Just(Perturb::CollapseInner),
        (
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            select(vec!['x', ' ', '1', 'é', '"'])
        )
            .prop_map(|(l, p, c)| Perturb::ChangeChar(l, p, c)),
        any::<prop::sample::Index>().prop_map(Perturb::DropLine),
        any::<prop::sample::Index>().prop_map(Perturb::AddBlank),
        Just(Perturb::LinePrefixes),
        Just(Perturb::EscapeNewlines),
        Just(Perturb::Elide),
        Just(Perturb::CurlyQuotes),
        Just(Perturb::TrailingNewline),
        Just(Perturb::PadBlankLines),
    ]
}

/// Where `new` starts from: models often repeat their mistakes of `old` in `new`, and often
/// do not, or make others.
#[derive(Debug, Clone)]
enum NewSide {
    /// `old` as the model wrote it, mistakes and all.
    Repeat,
    /// The lines as the file has them.
    Clean,
    /// The file's lines with mistakes of its own.
    Own(Vec<Perturb>),
}

fn new_side() -> impl Strategy<Value = NewSide> {
    prop_oneof![
        Just(NewSide::Repeat),
        Just(NewSide::Clean),
        prop::collection::vec(perturbation(), 1..3).prop_map(NewSide::Own),
    ]
}

/// How lines are written out: joined with escaped newlines, ended with a newline, padded with
/// blank lines.
#[derive(Debug, Clone, Copy, Default)]
struct Form {
    numbered: bool,
    escaped: bool,
    trailing_newline: bool,
    padded: bool,
}

/// How `new` is derived from (the model's view of) `old`.
#[derive(Debug, Clone)]
enum Change {
    ReplaceLine(prop::sample::Index, String),
    InsertLine(prop::sample::Index, String),
    DeleteLine(prop::sample::Index),
    Random(String),
    Empty,
    Same,
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        4 => (any::<prop::sample::Index>(), code_line()).prop_map(|(i, l)| Change::ReplaceLine(i, l)),
        2 => (any::<prop::sample::Index>(), code_line()).prop_map(|(i, l)| Change::InsertLine(i, l)),
        1 => any::<prop::sample::Index>().prop_map(Change::DeleteLine),
        1 => "[a-z{}() \n\t.$]{0,20}".prop_map(Change::Random),
        1 => Just(Change::Empty),
        1 => Just(Change::Same),
    ]
}

/// Everything needed to derive one edit from a text.
#[derive(Debug, Clone)]
pub(crate) struct EditPlan {
    start: prop::sample::Index,
    len: usize,
    perturb: Vec<Perturb>,
    change: Change,
    new_side: NewSide,
    replace_all: bool,
    anchor: Option<prop::sample::Index>,
    /// Use this random `old` instead of a slice of the text.
    raw_old: Option<String>,
}

pub(crate) fn edit_plan() -> impl Strategy<Value = EditPlan> {
    (
        any::<prop::sample::Index>(),
        1usize..8,
        prop::collection::vec(perturbation(), 0..3),
        (change(), new_side()),
        prop::bool::weighted(0.2),
        prop::option::weighted(0.2, any::<prop::sample::Index>()),
        prop::option::weighted(0.15, "[a-z=;{} \n\t]{1,16}"),
    )
        .prop_map(
            |(start, len, perturb, (change, new_side), replace_all, anchor, raw_old)| EditPlan {
                start,
                len,
                perturb,
                change,
                new_side,
                replace_all,
                anchor,
                raw_old,
            },
        )
}

/// A plan whose `old` is numbered by a read tool or written with `\n` escapes, and carries one
/// slip of memory besides (a character changed, a line dropped, a blank line added): the
/// decoded `old` goes through the looser strategies.
pub(crate) fn decoded_slip_plan() -> impl Strategy<Value = EditPlan> {
    let artifact = prop_oneof![Just(Perturb::LinePrefixes), Just(Perturb::EscapeNewlines)];
    let slip = prop_oneof![
        (
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            select(vec!['x', '1', '_'])
        )
            .prop_map(|(l, p, c)| Perturb::ChangeChar(l, p, c)),
        any::<prop::sample::Index>().prop_map(Perturb::DropLine),
        any::<prop::sample::Index>().prop_map(Perturb::AddBlank),
    ];
    let new_side = prop_oneof![Just(NewSide::Repeat), Just(NewSide::Clean)];
    (
        any::<prop::sample::Index>(),
        2usize..8,
        artifact,
        slip,
        change(),
        new_side,
    )
        .prop_map(|(start, len, artifact, slip, change, new_side)| EditPlan {
            start,
            len,
            perturb: vec![slip, artifact],
            change,
            new_side,
            replace_all: false,
            anchor: None,
            raw_old: None,
        })
}

fn perturb_lines(mut lines: Vec<String>, ops: &[Perturb]) -> (Vec<String>, Form) {
    let mut form = Form::default();
    for op in ops {
        match op {
            Perturb::Reindent(d) => {
                for l in &mut lines {
                    if *d >= 0 {
                        l.insert_str(0, &" ".repeat(*d as usize));
                    } else {
                        let n = l
                            .chars()
                            .take(d.unsigned_abs() as usize)
                            .take_while(|c| *c == ' ' || *c == '\t')
                            .map(char::len_utf8)
                            .sum::<usize>();
                        l.replace_range(..n, "");
                    }
                }
            }
            Perturb::TabsToSpaces => {
                for l in &mut lines {
                    *l = l.replace('\t', "    ");
                }
            }
            Perturb::StripTrailing => {
                for l in &mut lines {
                    *l = l.trim_end().to_string();
                }
            }
            Perturb::CollapseInner => {
                for l in &mut lines {
                    let indent_len = l.len() - l.trim_start().len();
                    let body = l[indent_len..]
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    *l = format!("{}{body}", &l[..indent_len]);
                }
            }
            Perturb::ChangeChar(li, pi, c) => {
                if !lines.is_empty() {
                    let k = li.index(lines.len());
                    let l = &mut lines[k];
                    let chars: Vec<(usize, char)> = l.char_indices().collect();
                    if chars.is_empty() {
                        l.push(*c);
                    } else {
                        let (at, old) = chars[pi.index(chars.len())];
                        l.replace_range(at..at + old.len_utf8(), &c.to_string());
                    }
                }
            }
            Perturb::DropLine(i) => {
                if lines.len() > 1 {
                    let k = i.index(lines.len());
                    lines.remove(k);
                }
            }
            Perturb::AddBlank(i) => {
                let k = i.index(lines.len() + 1);
                lines.insert(k, String::new());
            }
            // A read tool numbers lines once.
            Perturb::LinePrefixes if !form.numbered => {
                form.numbered = true;
                for (n, l) in lines.iter_mut().enumerate() {
                    *l = format!("{:>6}\t{l}", n + 7);
                }
            }
            Perturb::LinePrefixes => {}
            Perturb::EscapeNewlines => form.escaped = true,
            Perturb::Elide => {
                if lines.len() >= 3 {
                    let last = lines.len() - 1;
                    lines.drain(1..last);
                    lines.insert(1, "    // ...".to_string());
                }
            }
            Perturb::CurlyQuotes => {
                for l in &mut lines {
                    *l = l.replace('"', "\u{201C}");
                }
            }
            Perturb::TrailingNewline => form.trailing_newline = true,
            Perturb::PadBlankLines => form.padded = true,
        }
    }
    (lines, form)
}

fn render(lines: &[String], form: Form) -> String {
    let sep = if form.escaped { "\\n" } else { "\n" };
    let mut s = lines.join(sep);
    if form.trailing_newline {
        s.push_str(sep);
    }
    if form.padded {
        s = format!("{sep}{sep}{s}{sep}{sep}");
    }
    s
}

/// Derive an edit from a text the way a model would write it: a slice of the text's lines,
/// possibly misremembered, and a change to it.
pub(crate) fn derive(text: &str, plan: &EditPlan) -> Edit {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let (old_lines, old_form, slice) = if let Some(raw) = &plan.raw_old {
        let raw: Vec<String> = raw.split('\n').map(str::to_string).collect();
        (raw.clone(), Form::default(), raw)
    } else {
        let start = plan.start.index(lines.len());
        let end = (start + plan.len).min(lines.len());
        let slice: Vec<String> = lines[start..end].iter().map(|l| l.to_string()).collect();
        let (perturbed, form) = perturb_lines(slice.clone(), &plan.perturb);
        (perturbed, form, slice)
    };
    let old = render(&old_lines, old_form);
    let (mut new_lines, form) = match &plan.new_side {
        NewSide::Repeat => (old_lines.clone(), old_form),
        NewSide::Clean => (slice, Form::default()),
        NewSide::Own(ops) => perturb_lines(slice, ops),
    };
    let new = match &plan.change {
        Change::ReplaceLine(i, l) => {
            let k = i.index(new_lines.len().max(1));
            if new_lines.is_empty() {
                new_lines.push(l.clone());
            } else {
                new_lines[k] = l.clone();
            }
            render(&new_lines, form)
        }
        Change::InsertLine(i, l) => {
            new_lines.insert(i.index(new_lines.len() + 1), l.clone());
            render(&new_lines, form)
        }
        Change::DeleteLine(i) => {
            if !new_lines.is_empty() {
                new_lines.remove(i.index(new_lines.len()));
            }
            render(&new_lines, form)
        }
        Change::Random(s) => s.clone(),
        Change::Empty => String::new(),
        Change::Same => old.clone(),
    };
    let mut edit = Edit::new(old, new).replace_all(plan.replace_all);
    if let Some(a) = plan.anchor {
        edit = edit.anchor(lines[a.index(lines.len())].trim());
    }
    edit
}

/// Text with no `\r`: code-like lines or arbitrary characters.
pub(crate) fn lf_text() -> impl Strategy<Value = String> {
    prop_oneof![
        (code_lines(), any::<bool>()).prop_map(|(l, f)| join(&l, Eol::Lf, f)),
        "[ab \n\t{}()é=;]{0,60}",
        any::<String>().prop_map(|s| s.replace('\r', "")),
    ]
}

/// `new` text with no `\r`.
pub(crate) fn lf_new() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ab \n\t{}()é=;$&]{0,30}",
        code_line(),
        any::<String>().prop_map(|s| s.replace('\r', "")),
    ]
}

/// Arbitrary strings, including the ones that break line handling.
pub(crate) fn nasty() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("\r".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just("\n\r".to_string()),
        Just("\u{feff}".to_string()),
        Just("...".to_string()),
        "[a\r\n \t.…{}\u{feff}\u{201c}\\\\n1|:]{0,40}",
        any::<String>(),
        (code_lines(), any_eol(), any::<bool>()).prop_map(|(l, e, f)| join(&l, e, f)),
    ]
}
