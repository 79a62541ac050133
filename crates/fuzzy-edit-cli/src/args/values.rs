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

/// `--expect-mtime`: seconds since the epoch, with an optional fraction (`17.` is a prefix of
/// the seconds and a fraction).
pub(crate) fn mtime(s: &str) -> Result<String, String> {
    let s = s.trim();
    let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
    let digits = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if !whole.is_empty() && digits(whole) && digits(fraction) {
        Ok(s.to_string())
    } else {
        Err(format!(
            "`{s}` is not a modification time: expected seconds since the epoch, as printed by `stat -c %.9Y FILE`"
        ))
    }
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
    fn an_mtime_is_seconds_with_an_optional_fraction() {
        assert!(mtime("1700000000").is_ok());
        assert!(mtime("1700000000.123456789").is_ok());
        assert!(mtime("yesterday").is_err());
        assert!(mtime("1.2.3").is_err());
        assert!(mtime(".5").is_err());
    }
}
