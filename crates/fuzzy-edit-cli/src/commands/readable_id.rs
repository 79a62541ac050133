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

/// The id of a line that may not be JSON, if a lenient reading finds one.
pub(crate) fn readable_id(text: &str) -> Option<Value> {
    readable_shape(text).flatten()
}
