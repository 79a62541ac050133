//! The hash of a line's loose key ([`super::loose_key`]), computed without building the key.
//!
//! Every line of a file is hashed once when a loose strategy first runs, so this is the
//! engine's hottest loop on a large file. The key's bytes are hashed 8 at a time (a folded
//! 128-bit multiply per word, as in `foldhash`) instead of one multiply per byte. Most lines
//! of code are ASCII with single spaces between words, and their key is the trimmed line
//! itself: a word-at-a-time scan checks that (no byte of 0x80 or above, no control character,
//! no two spaces in a row) and hashes the trimmed bytes in place. Any other line streams its
//! key through the same hasher byte by byte, so equal keys hash equal whichever way they were
//! read. Collisions are re-checked on the keys by the callers.

use super::for_each_loose_char;

/// Hash of [`super::loose_key`]`(line)`.
pub(crate) fn loose_hash(line: &str) -> u64 {
    // Trimming takes ASCII whitespace only, so the line is ASCII if what remains is. (The
    // leading spaces counted a word at a time first: the same slice, sooner.)
    let bytes = line.as_bytes();
    if let Some(h) = plain_hash(bytes[super::leading_spaces(bytes)..].trim_ascii()) {
        return h;
    }
    let mut h = KeyHasher::default();
    if line.is_ascii() {
        // Runs of whitespace read as one space, none at the ends (the key of an ASCII line).
        // Whitespace as `char::is_whitespace` has it, as in the key: with the vertical tab,
        // which `is_ascii_whitespace` leaves out.
        let (mut started, mut space) = (false, false);
        for &b in line.as_bytes() {
            if b.is_ascii_whitespace() || b == 0x0b {
                space = started;
                continue;
            }
            if space {
                h.push(b' ');
                space = false;
            }
            started = true;
            h.push(b);
        }
    } else {
        let mut utf8 = [0u8; 4];
        for_each_loose_char(line, |c| {
            for &b in c.encode_utf8(&mut utf8).as_bytes() {
                h.push(b);
            }
        });
    }
    h.finish()
}

/// A set of loose hashes that rules most other hashes out with one bit test (a bit per hash's
/// low bits): a pass over every line of a large file asks it of each line's hash, and a map
/// lookup per line was most of that pass.
#[derive(Debug, Clone, Default)]
pub(crate) struct HashBits([u64; 16]);

impl HashBits {
    fn bit(h: u64) -> (usize, u64) {
        ((h >> 6) as usize & 15, 1u64 << (h & 63))
    }

    /// Add `h` to the set.
    pub(crate) fn insert(&mut self, h: u64) {
        let (w, b) = Self::bit(h);
        self.0[w] |= b;
    }

    /// Whether `h` may be in the set: `false` means it is not.
    pub(crate) fn may_hold(&self, h: u64) -> bool {
        let (w, b) = Self::bit(h);
        self.0[w] & b != 0
    }
}

const HIGH: u64 = 0x8080_8080_8080_8080;
const ONES: u64 = 0x0101_0101_0101_0101;
const SEED: u64 = 0x243f_6a88_85a3_08d3;
const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

/// The hash of `trimmed` when it is its own loose key (ASCII, no control character: tabs and
/// the other ASCII whitespace than the space are control characters; no two spaces in a row),
/// the same value as pushing its bytes one by one into a [`KeyHasher`]; `None` otherwise.
fn plain_hash(trimmed: &[u8]) -> Option<u64> {
    let mut h = SEED;
    let mut previous_space = false;
    let mut chunks = trimmed.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        if !plain_word(word, &mut previous_space) {
            return None;
        }
        h = mix(h, word);
    }
    let rest = chunks.remainder().len();
    if rest > 0 {
        let word = tail_word(trimmed, rest);
        // The padding is checked as letters, which are neither control characters nor spaces.
        let padding = (u64::from(b'a') * ONES) << (8 * rest);
        if !plain_word(word | padding, &mut previous_space) {
            return None;
        }
        h = mix(h, word);
    }
    Some(finish(h, trimmed.len()))
}

/// Whether `trimmed` is ASCII without control characters or doubled spaces, tested a word at a
/// time as [`plain_hash`] tests it: then it is its own loose key (a line that fails may still
/// be; [`super::plain_key`] looks again byte by byte).
pub(super) fn plain(trimmed: &[u8]) -> bool {
    let mut previous_space = false;
    let mut chunks = trimmed.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        if !plain_word(word, &mut previous_space) {
            return false;
        }
    }
    let rest = chunks.remainder().len();
    rest == 0 || {
        let padding = (u64::from(b'a') * ONES) << (8 * rest);
        plain_word(tail_word(trimmed, rest) | padding, &mut previous_space)
    }
}

/// The last `n` bytes of `s` (1 to 7) as a little-endian word, zero above: one unaligned load
/// when `s` has 8 bytes (a copy into a buffer would stall the load that reads it back).
fn tail_word(s: &[u8], n: usize) -> u64 {
    match s.len().checked_sub(8) {
        Some(start) => u64::from_le_bytes(s[start..].try_into().expect("8 bytes")) >> (8 * (8 - n)),
        None => s[s.len() - n..]
            .iter()
            .rev()
            .fold(0, |word, &b| word << 8 | u64::from(b)),
    }
}

/// [`plain_hash`]'s check of one word (little-endian); `previous_space` carries whether the
/// byte before the word was a space.
fn plain_word(word: u64, previous_space: &mut bool) -> bool {
    if word & HIGH != 0 {
        return false;
    }
    // Each byte is below 0x80, so adding to it never carries into the next byte: the high bit
    // of `byte + 0x60` is clear exactly for control characters (below 0x20), and that of
    // `(byte ^ b' ') + 0x7f` exactly for spaces.
    let control = !(word.wrapping_add(0x60 * ONES)) & HIGH;
    let spaces = !((word ^ (0x20 * ONES)).wrapping_add(0x7f * ONES)) & HIGH;
    let doubled = spaces & ((spaces >> 8) | u64::from(*previous_space) << 7);
    *previous_space = spaces >> 63 != 0;
    control == 0 && doubled == 0
}

fn mix(h: u64, word: u64) -> u64 {
    let product = u128::from(h ^ word) * u128::from(MULTIPLIER);
    (product as u64) ^ ((product >> 64) as u64)
}

/// The length tells a key from the same key with zero bytes after it (the last word's padding).
fn finish(h: u64, len: usize) -> u64 {
    mix(mix(h, len as u64), SEED)
}

/// A key fed one byte at a time, hashed in words as [`plain_hash`] does.
struct KeyHasher {
    h: u64,
    word: u64,
    filled: u32,
    len: usize,
}

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher {
            h: SEED,
            word: 0,
            filled: 0,
            len: 0,
        }
    }
}

impl KeyHasher {
    fn push(&mut self, b: u8) {
        self.word |= u64::from(b) << (8 * self.filled);
        self.filled += 1;
        self.len += 1;
        // (8: the bytes of a u64 word.)
        if self.filled == 8 {
            self.h = mix(self.h, self.word);
            self.word = 0;
            self.filled = 0;
        }
    }

    fn finish(self) -> u64 {
        let h = if self.filled > 0 {
            mix(self.h, self.word)
        } else {
            self.h
        };
        finish(h, self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::super::loose_key;
    use super::*;

    /// The reference: the key built, then hashed byte by byte.
    fn by_key(line: &str) -> u64 {
        let mut h = KeyHasher::default();
        for &b in loose_key(line).as_bytes() {
            h.push(b);
        }
        h.finish()
    }

    #[test]
    fn every_path_hashes_the_key() {
        let lines = [
            "",
            " ",
            "a",
            "abcdefgh",
            "abcdefghi",
            "    for item in request.items[:limit]:",
            "  x  =  1  ",
            "x\t= 1",
            "a       b", // a double space across a word boundary
            "abcdefg  h",
            "abcdefgh i",
            "x\u{0001}y",
            "let s = \u{201C}a\u{201D};\u{00A0} // \u{2026}",
            "\u{3000}caf\u{e9}\u{3000}",
            "tab\u{000B}vertical",
        ];
        for line in lines {
            assert_eq!(loose_hash(line), by_key(line), "{line:?}");
        }
        // Every length of tail, with and without a space in it.
        let long = "    abcdefgh ijklmnop qrstuvw";
        for end in 0..=long.len() {
            assert_eq!(loose_hash(&long[..end]), by_key(&long[..end]), "{end}");
        }
        assert_eq!(loose_hash("a b"), loose_hash("\ta \t b  "));
        assert_eq!(
            loose_hash("say \"hi\""),
            loose_hash("say \u{201C}hi\u{201D}")
        );
        assert_ne!(loose_hash("ab"), loose_hash("a b"));
        assert_ne!(loose_hash("a"), loose_hash("a\u{0}"));
    }

    proptest::proptest! {
        /// Lines of letters, spaces, tabs, the vertical tab, a control character, typographic
        /// quotes, a no-break space and an accented letter, at every length around a word.
        #[test]
        fn any_line_hashes_its_key(line in "[ab \t\u{b}\u{1}\u{201c}\u{a0}\u{e9}]{0,20}") {
            proptest::prop_assert_eq!(loose_hash(&line), by_key(&line));
        }
    }

    #[test]
    fn a_plain_key_has_single_spaces_and_no_control_characters() {
        let plain = |s: &[u8]| plain_hash(s).is_some();
        assert!(plain(b"for x in y: pass # twelve+"));
        assert!(plain(b""));
        assert!(plain(b"~~~~~~~~ ~"));
        assert!(!plain("caf\u{e9}".as_bytes()));
        assert!(!plain(b"abcdefgh  ij"));
        assert!(!plain(b"abcdefg  hij"));
        assert!(!plain(b"ab  c"));
        assert!(!plain(b"abcdefg\t"));
        assert!(!plain(b"a\x7f\x1fb"));
    }

    proptest::proptest! {
        /// A hash added is always held; the filter only ever rules out hashes never added.
        #[test]
        fn hash_bits_hold_what_was_added(added in proptest::collection::vec(proptest::num::u64::ANY, 0..40), other in proptest::num::u64::ANY) {
            let mut bits = HashBits::default();
            for &h in &added {
                bits.insert(h);
            }
            proptest::prop_assert!(added.iter().all(|&h| bits.may_hold(h)));
            if !bits.may_hold(other) {
                proptest::prop_assert!(!added.contains(&other));
            }
        }
    }

    #[test]
    fn hash_bits_rule_out_most_hashes() {
        let mut bits = HashBits::default();
        bits.insert(loose_hash("fn main() {"));
        let held = (0..1000)
            .filter(|i| bits.may_hold(loose_hash(&format!("let x{i} = {i};"))))
            .count();
        // One bit of 1,024 set: about 1 in 1,000 other hashes passes.
        assert!(held < 10, "{held}");
    }

    #[test]
    fn the_tail_word_holds_the_last_bytes() {
        assert_eq!(tail_word(b"abc", 2), u64::from_le_bytes(*b"bc\0\0\0\0\0\0"));
        assert_eq!(
            tail_word(b"0123456789", 3),
            u64::from_le_bytes(*b"789\0\0\0\0\0")
        );
        assert_eq!(tail_word(b"01234567", 7), u64::from_le_bytes(*b"1234567\0"));
    }
}
