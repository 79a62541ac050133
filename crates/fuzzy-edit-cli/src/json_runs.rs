//! Where a run of a JSON string's plain text ends: at `"`, `\` or a control character (below
//! U+0020), the bytes a string's writer must escape and its reader must stop at. Both the
//! pipe's request reader ([`crate::commands::pipe_json`]) and its answer writer
//! ([`crate::render::json_bytes`]) ask it of every byte of a whole file, so sixteen bytes are
//! tested per step as one vector (`wide`: SSE2 compares and a move-mask on x86-64, plain code
//! elsewhere).

use wide::u8x16;

/// The bits of the bytes of `chunk` that end a run, the first byte lowest.
#[inline]
pub fn marks(chunk: &[u8; 16]) -> u32 {
    let v = u8x16::new(*chunk);
    let quote = v.cmp_eq(u8x16::splat(b'"'));
    let backslash = v.cmp_eq(u8x16::splat(b'\\'));
    // `min(b, 0x1f) == b` exactly where `b < 0x20`.
    let control = v.min(u8x16::splat(0x1f)).cmp_eq(v);
    // `move_mask` takes the top bit of each byte, which the compares set to all or nothing.
    (quote | backslash | control).move_mask() as u32 & 0xffff
}

/// Whether `b` ends a run: what [`marks`] marks, one byte at a time.
#[inline]
pub fn ends_run(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// The first byte at or after `from` that ends a run, or `None` when none does.
#[inline]
pub fn next_run_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 16) {
        let m = marks(chunk.try_into().expect("sixteen bytes"));
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 16;
    }
    bytes[i..]
        .iter()
        .position(|&b| ends_run(b))
        .map(|at| i + at)
}

/// The first byte at or after `from` that ends a run, the bytes before it pushed onto `out`;
/// `None` when no byte does, every byte from `from` on pushed.
///
/// Each step's sixteen bytes are pushed whole, a copy of a fixed size, and cut back to the
/// run's end when one is among them: a request's line of code holds an escape every 20 bytes or
/// so, and a call to `memcpy` per run cost more than the run's copy (the answer's writer, with
/// fewer runs, copies each with one call: [`next_run_end`]).
#[inline]
pub fn push_run(bytes: &[u8], from: usize, out: &mut Vec<u8>) -> Option<usize> {
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 16) {
        let chunk: &[u8; 16] = chunk.try_into().expect("sixteen bytes");
        out.extend_from_slice(chunk);
        let m = marks(chunk);
        if m != 0 {
            let k = m.trailing_zeros() as usize;
            out.truncate(out.len() - (16 - k));
            return Some(i + k);
        }
        i += 16;
    }
    let rest = &bytes[i..];
    let k = rest.iter().position(|&b| ends_run(b));
    out.extend_from_slice(&rest[..k.unwrap_or(rest.len())]);
    k.map(|k| i + k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Byte strings of the bytes that end a run and some that do not (a space, a UTF-8 lead
    /// byte, a letter).
    fn run_bytes() -> impl Strategy<Value = Vec<u8>> {
        let byte = prop_oneof![
            Just(b'"'),
            Just(b'\\'),
            Just(b'\n'),
            Just(0x1f),
            Just(b' '),
            Just(0xc3),
            Just(b'a')
        ];
        prop::collection::vec(byte, 0..70)
    }

    proptest! {
        #[test]
        fn marks_are_the_bytes_that_end_a_run(chunk in prop::array::uniform16(any::<u8>())) {
            let want = (0..16).filter(|&k| ends_run(chunk[k])).fold(0u32, |m, k| m | 1 << k);
            prop_assert_eq!(marks(&chunk), want);
        }

        #[test]
        fn the_run_end_is_the_first_such_byte(
            bytes in run_bytes(),
            from in 0usize..70,
        ) {
            let from = from.min(bytes.len());
            let want = (from..bytes.len()).find(|&i| ends_run(bytes[i]));
            prop_assert_eq!(next_run_end(&bytes, from), want);
        }

        #[test]
        fn a_run_is_pushed_up_to_the_first_such_byte(
            bytes in run_bytes(),
            from in 0usize..70,
            pushed in prop::collection::vec(any::<u8>(), 0..3),
        ) {
            let from = from.min(bytes.len());
            let want = (from..bytes.len()).find(|&i| ends_run(bytes[i]));
            let mut out = pushed.clone();
            prop_assert_eq!(push_run(&bytes, from, &mut out), want);
            let mut expected = pushed;
            expected.extend_from_slice(&bytes[from..want.unwrap_or(bytes.len())]);
            prop_assert_eq!(out, expected);
        }
    }
}
