//! Parsers for flag values that clap checks at parse time, so a malformed value is a usage
//! error (exit 2) and not, say, a file "changed since it was read".

/// `--max-bytes`: a number of bytes, optionally with a unit: `K`, `M`, `G`, `T` and `KiB`,
/// `MiB`, ... are powers of 1024; `KB`, `MB`, ... powers of 1000 (case-insensitive).
pub(super) fn size(s: &str) -> Result<u64, String> {
    let s = s.trim();
    let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (digits, unit) = s.split_at(split);
    let bad = || {
        format!("`{s}` is not a size: write bytes, or a number with K, M, G, T (1024-based) or KB, MB, GB, TB (1000-based), e.g. 10M")
    };
    let n: u64 = digits.parse().map_err(|_| bad())?;
    let unit = unit.trim().to_ascii_lowercase();
    let (power, base): (u32, u64) = match unit.as_str() {
        "" | "b" => (0, 1024),
        _ => {
            let exponent = match unit.as_bytes()[0] {
                b'k' => 1,
                b'm' => 2,
                b'g' => 3,
                b't' => 4,
                _ => return Err(bad()),
            };
            match &unit[1..] {
                "" | "ib" => (exponent, 1024),
                "b" => (exponent, 1000),
                _ => return Err(bad()),
            }
        }
    };
    n.checked_mul(base.pow(power))
        .ok_or_else(|| format!("`{s}` is too large"))
}

/// `--expect-sha256`: 64 hex digits.
pub(super) fn sha256(s: &str) -> Result<String, String> {
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
pub(super) fn mtime(s: &str) -> Result<String, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_binary_and_decimal_units() {
        assert_eq!(size("512"), Ok(512));
        assert_eq!(size("512k"), Ok(512 * 1024));
        assert_eq!(size("10M"), Ok(10 << 20));
        assert_eq!(size("1GiB"), Ok(1 << 30));
        assert_eq!(size("2MB"), Ok(2_000_000));
        assert_eq!(size("256MiB"), Ok(fuzzy_edit::fs::DEFAULT_MAX_BYTES));
        assert!(size("10X").is_err());
        assert!(size("M").is_err());
        assert!(size("-1").is_err());
        assert!(size("99999999999T").is_err());
    }

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
