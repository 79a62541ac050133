//! The `*** ...` lines of a [`*** Begin Patch`](super) envelope.

#[derive(Debug, PartialEq, Eq)]
pub(super) enum Directive<'a> {
    Begin,
    End,
    Update(&'a str),
    Add(&'a str),
    Delete(&'a str),
    Move(&'a str),
    EndOfFile,
    Unknown,
}

/// Read a `*** ...` line.
pub(super) fn directive(line: &str) -> Option<Directive<'_>> {
    let rest = line
        .strip_prefix("***")?
        .trim()
        .trim_end_matches('*')
        .trim_end();
    let lower = rest.to_ascii_lowercase();
    let arg = |prefix: &str| {
        lower
            .strip_prefix(prefix)
            .map(|_| rest[prefix.len()..].trim_start_matches(':').trim())
    };
    Some(if lower == "begin patch" {
        Directive::Begin
    } else if lower == "end patch" {
        Directive::End
    } else if lower == "end of file" {
        Directive::EndOfFile
    } else if let Some(p) = arg("update file") {
        Directive::Update(p)
    } else if let Some(p) = arg("add file") {
        Directive::Add(p)
    } else if let Some(p) = arg("delete file") {
        Directive::Delete(p)
    } else if let Some(p) = arg("move to") {
        Directive::Move(p)
    } else {
        Directive::Unknown
    })
}
