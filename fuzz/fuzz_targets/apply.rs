//! Fuzz `apply` and `apply_edits` with arbitrary text, edits and flags.
//!
//! Input layout: the first byte holds flags, the rest is split on `0x00` into
//! `text`, `old`, `new`, `anchor`, `old2`, `new2` (missing parts are empty; bytes are decoded
//! lossily as UTF-8). The engine must never panic, and a successful single edit must leave the
//! text outside its reported spans untouched.
#![no_main]

use fuzzy_edit::{apply, apply_edits, Applied, Edit, Mode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let mut parts = rest.split(|b| *b == 0).map(String::from_utf8_lossy);
    let mut next = || parts.next().map(|p| p.into_owned()).unwrap_or_default();
    let (text, old, new, anchor, old2, new2) = (next(), next(), next(), next(), next(), next());

    let mut edit = Edit::new(old, new).replace_all(flags & 1 != 0);
    if flags & 2 != 0 {
        edit = edit.anchor(anchor);
    }
    match apply(&text, &edit) {
        Ok(out) => check_outside_spans_unchanged(&text, &out),
        Err(e) => {
            // Feedback must render too.
            let _ = e.to_string();
            let _ = e.locations();
            let _ = e.kind();
        }
    }

    let second = Edit::new(old2, new2).replace_all(flags & 8 != 0);
    let mode = if flags & 4 != 0 {
        Mode::Partial
    } else {
        Mode::Atomic
    };
    match apply_edits(&text, &[edit, second], mode) {
        Ok(out) if !out.sequential => check_outside_spans_unchanged(&text, &out),
        Ok(_) => {}
        Err(e) => {
            let _ = e.to_string();
        }
    }
});

/// The output is the input with each reported span replaced by something.
fn check_outside_spans_unchanged(input: &str, out: &Applied) {
    let mut spans: Vec<_> = out.matches.iter().map(|m| m.span.clone()).collect();
    spans.sort_by_key(|s| (s.start, s.end));
    let mut prev = 0;
    for s in &spans {
        assert!(
            s.start >= prev && s.start <= s.end && s.end <= input.len(),
            "bad span {s:?}"
        );
        assert!(input.is_char_boundary(s.start) && input.is_char_boundary(s.end));
        prev = s.end;
    }
    let mut pos = 0;
    let mut prev_end = 0;
    for (i, s) in spans.iter().enumerate() {
        let gap = &input[prev_end..s.start];
        if i == 0 {
            assert!(
                out.text.starts_with(gap),
                "text before the first span changed"
            );
            pos = gap.len();
        } else {
            match out.text[pos..].find(gap) {
                Some(at) => pos += at + gap.len(),
                None => panic!("text between spans changed"),
            }
        }
        prev_end = s.end;
    }
    let tail = &input[prev_end..];
    assert!(
        out.text.len() >= pos + tail.len() && out.text.ends_with(tail),
        "text after the last span changed"
    );
}
