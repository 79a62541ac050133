//! The id of a request line that the parser refuses (a lone surrogate, a number like `1e400`,
//! nesting deeper than it allows, invalid UTF-8 replaced): read leniently, so that the answer
//! still carries it and the client waiting on that id gets its error. Used by the MCP server
//! and the pipe.

use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;

/// The id of a message that is JSON by grammar, skipping values the parser cannot represent:
/// `None` when `text` is not JSON at all, `Some(None)` when it is but has no readable id.
pub(crate) fn readable_shape(text: &str) -> Option<Option<Value>> {
    #[derive(Deserialize)]
    struct Shape {
        #[serde(default)]
        id: Option<IdOrOther>,
    }
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum IdOrOther {
        Number(serde_json::Number),
        String(String),
        Other(IgnoredAny),
    }
    // `IgnoredAny` checks the grammar without building values: no surrogate, range or depth
    // limits. A non-object top level still has grammar worth checking.
    if let Ok(shape) = serde_json::from_str::<Shape>(text) {
        return Some(match shape.id {
            Some(IdOrOther::Number(n)) => Some(Value::Number(n)),
            Some(IdOrOther::String(s)) => Some(Value::String(s)),
            _ => None,
        });
    }
    serde_json::from_str::<IgnoredAny>(text).ok().map(|_| None)
}

/// The id of a line that may not be JSON, if a lenient reading finds one: also of a line whose
/// only fault is a raw control character (a NUL byte inside a string), read as a space.
pub(crate) fn readable_id(text: &str) -> Option<Value> {
    readable_shape(text).flatten().or_else(|| {
        let control = |c: char| c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r');
        if !text.contains(control) {
            return None;
        }
        readable_shape(&text.replace(control, " ")).flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raw_nul_does_not_hide_the_id() {
        let line = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"x\":\"a\0b\"}}";
        assert_eq!(readable_id(line), Some(Value::from(7)));
        assert_eq!(readable_id("not json\0"), None);
    }
}
