//! HTML entities a model writes for code characters (`&lt;` for `<`): the text passed through an
//! XML or HTML escaping layer on its way. The escapes strategy decodes `old` with them, the
//! artifact checks decode `new`.

/// The entities decoded, and their characters.
/// The entities a model writes for code characters, each with the character.
pub(crate) const ENTITIES: &[(&str, &str)] = &[
    ("&lt;", "<"),
    ("&gt;", ">"),
    ("&quot;", "\""),
    ("&#39;", "'"),
    ("&apos;", "'"),
    ("&amp;", "&"),
];

/// `s` with the entities decoded in one pass (`&amp;lt;` is `&lt;`, not `<`).
pub(crate) fn decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match ENTITIES.iter().find(|(e, _)| rest.starts_with(e)) {
            Some((e, c)) => {
                out.push_str(c);
                rest = &rest[e.len()..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_once() {
        assert_eq!(decode("a &lt;b&gt; &amp;lt; &x;"), "a <b> &lt; &x;");
    }
}
