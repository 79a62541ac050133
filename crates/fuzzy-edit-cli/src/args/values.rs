//! Parsers for flag values that clap checks at parse time, so a malformed value is a usage
//! error (exit 2) and not, say, a file "changed since it was read".

/// `--expect-sha256`: 64 hex digits.
pub(crate) fn sha256(s: &str) -> Result<String, String> {
    let s = s.trim();
    if s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(s.to_string())
    } else {
        Err(format!(
            "`{s}` is not a SHA-256: expected 64 hex digits, as printed by `sha256sum FILE`"
        ))
    }
}

/// `--expect-mtime`: refused whatever its value. Two writes within one timestamp tick leave
/// one modification time, so a file changed after it was read could pass (8 of 100 concurrent
/// rounds, 46 of 100 sequential ones under I/O load); `--expect-sha256` cannot.
pub(crate) fn mtime(s: &str) -> Result<String, String> {
    Err(format!(
        "`{}`: a modification time cannot prove which version a file is (two writes within one timestamp tick share one), so it is no longer accepted; pass the SHA-256 of the content read instead (`--expect-sha256 HEX` on the command line, `\"expect_sha256\"` in the pipe: as printed by `sha256sum FILE`, or `version.sha256` of a JSON answer)",
        s.trim()
    ))
}

/// `read --lines`: `A:B`, `A:`, `:B` or `A` (1-based, inclusive).
pub(crate) fn parse_line_range(s: &str) -> Result<(usize, usize), String> {
    fuzzy_edit::line_refs::parse_range(s).ok_or_else(|| {
        format!("`{s}` is not a range of lines: expected A:B (1-based, A <= B), A: or :B")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sha256_is_64_hex_digits() {
        assert!(sha256(&"aB".repeat(32)).is_ok());
        assert!(sha256("xyz").is_err());
        assert!(sha256(&"0".repeat(63)).is_err());
    }

    #[test]
    fn an_mtime_is_refused_in_favour_of_the_sha256() {
        for value in ["1700000000", "1700000000.123456789", "yesterday"] {
            let e = mtime(value).unwrap_err();
            assert!(e.contains("--expect-sha256") && e.contains(value), "{e}");
        }
    }
}

/// A value read with its type's `FromStr` (which may take aliases: `py` for python), whose
/// canonical names clap offers to shell completions and lists in `--help`.
#[derive(Clone)]
pub(crate) struct Named<T> {
    names: Vec<&'static str>,
    parsed: std::marker::PhantomData<fn() -> T>,
}

impl<T> Named<T> {
    pub(crate) fn new(names: impl IntoIterator<Item = &'static str>) -> Self {
        Named {
            names: names.into_iter().collect(),
            parsed: std::marker::PhantomData,
        }
    }
}

impl<T> clap::builder::TypedValueParser for Named<T>
where
    T: std::str::FromStr + Clone + Send + Sync + 'static,
    T::Err: std::fmt::Display,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        text.parse().map_err(|e: T::Err| {
            let flag = arg.map_or(String::new(), |a| format!(" for '{a}'"));
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("invalid value '{text}'{flag}: {e}\n"),
            )
            .with_cmd(cmd)
        })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            self.names
                .iter()
                .map(|n| clap::builder::PossibleValue::new(*n)),
        ))
    }
}

/// `--syntax`: auto, strict, warn, off.
pub(crate) fn syntax_policy() -> Named<fuzzy_edit::SyntaxPolicy> {
    Named::new(["auto", "strict", "warn", "off"])
}

/// `--language`: each language's name (its aliases, `py`, `ts`, `c++`, ..., are read too).
pub(crate) fn language() -> Named<fuzzy_edit::Language> {
    Named::new(fuzzy_edit::Language::ALL.map(|l| l.name()))
}
