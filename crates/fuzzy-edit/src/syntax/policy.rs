//! What the engine does when an edit would add a syntax error.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// What happens when the syntax guard finds an error the edit adds.
///
/// The default, [`Auto`](SyntaxPolicy::Auto), **refuses when the engine's matching may be to
/// blame and warns when the result is what the model asked for**. A fuzzy match that breaks
/// the file most likely landed in the wrong place or re-indented `new` wrongly, so it is
/// refused and the file is left as it was. After an exact match the model wrote exactly what
/// it asked for, and a multi-step change may pass through a state that does not parse, so the
/// edit is applied with a warning carrying the same detail. The same holds after a match
/// equal up to a named mistake (indentation, quotes, escapes, line numbers) when the model's
/// own change, written in place as it wrote it, breaks the file too.
///
/// On the command line, in the pipe and in the MCP tool: `--syntax auto|strict|warn|off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SyntaxPolicy {
    /// Refuse when the matching may be to blame, warn when the result is what was asked for.
    #[default]
    Auto,
    /// Refuse always, exact matches included.
    Strict,
    /// Never refuse; warn always.
    Warn,
    /// Do not parse at all.
    Off,
}

impl SyntaxPolicy {
    /// Whether the guard runs at all (everything but [`Off`](SyntaxPolicy::Off)); when it does
    /// not, the file is not parsed.
    pub fn checks(self) -> bool {
        self != SyntaxPolicy::Off
    }

    /// Whether an edit that adds a syntax error is refused; `as_asked` says whether the broken
    /// result is what the model asked for (an exact match, or the model's own change breaks
    /// the file too). When the guard runs and this is `false`, the problem becomes a warning
    /// on the applied edit.
    pub fn refuses(self, as_asked: bool) -> bool {
        match self {
            SyntaxPolicy::Auto => !as_asked,
            SyntaxPolicy::Strict => true,
            SyntaxPolicy::Warn | SyntaxPolicy::Off => false,
        }
    }

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            SyntaxPolicy::Auto => "auto",
            SyntaxPolicy::Strict => "strict",
            SyntaxPolicy::Warn => "warn",
            SyntaxPolicy::Off => "off",
        }
    }
}

impl fmt::Display for SyntaxPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`SyntaxPolicy::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown syntax policy `{0}`; expected auto, strict, warn or off")]
pub struct UnknownSyntaxPolicy(pub String);

impl FromStr for SyntaxPolicy {
    type Err = UnknownSyntaxPolicy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(SyntaxPolicy::Auto),
            "strict" => Ok(SyntaxPolicy::Strict),
            "warn" => Ok(SyntaxPolicy::Warn),
            "off" => Ok(SyntaxPolicy::Off),
            _ => Err(UnknownSyntaxPolicy(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_refuses_only_fuzzy_matches() {
        let p = SyntaxPolicy::default();
        assert_eq!(p, SyntaxPolicy::Auto);
        assert!(p.checks());
        assert!(p.refuses(false));
        assert!(!p.refuses(true));
    }

    #[test]
    fn strict_warn_off() {
        assert!(SyntaxPolicy::Strict.refuses(true) && SyntaxPolicy::Strict.refuses(false));
        assert!(!SyntaxPolicy::Warn.refuses(true) && !SyntaxPolicy::Warn.refuses(false));
        assert!(SyntaxPolicy::Warn.checks());
        assert!(!SyntaxPolicy::Off.checks());
        assert!(!SyntaxPolicy::Off.refuses(false));
    }

    #[test]
    fn names_round_trip() {
        for p in [
            SyntaxPolicy::Auto,
            SyntaxPolicy::Strict,
            SyntaxPolicy::Warn,
            SyntaxPolicy::Off,
        ] {
            assert_eq!(p.name().parse::<SyntaxPolicy>(), Ok(p));
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, format!("\"{}\"", p.name()));
            assert_eq!(serde_json::from_str::<SyntaxPolicy>(&json).unwrap(), p);
        }
        assert!(" STRICT ".parse::<SyntaxPolicy>().is_ok());
        assert!("lenient".parse::<SyntaxPolicy>().is_err());
    }
}
