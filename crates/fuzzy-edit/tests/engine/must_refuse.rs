//! Edits that must be refused though one place fits: `old` one character from each of two
//! twins (one twin's first or last line differs, so only the other has both anchors); a
//! block that changed since the model read it where the edit rewrites a changed line, or
//! beside a sibling a name away from `old`; an edit made already whose near twin stands
//! elsewhere. (Shrunk from generated twin blocks with mixed slips and half-rewritten blocks, and
//! from the
//! refuse generator's `stale_half` and `already_applied` cases over other code.)

use fuzzy_edit::Edit;

use crate::support::{applied, kind, refused, sorted_locations, strategy};

/// The same Lua block twice: the first twin's first line and the second twin's `return` line
/// each one character off what the model copied.
const LUA_TWINS: &str = "\
function M:get(key)
\tlocal entry = self.itemz[key]
\tif not entry then
\t\treturn nil
\tend
end

function M:peek(key)
\tlocal entry = self.items[key]
\tif not entry then
\t\tretxrn nil
\tend
end
";

const LUA_OLD: &str = "\tlocal entry = self.items[key]\n\tif not entry then\n\t\treturn nil\n\tend";

#[test]
fn old_one_character_from_each_of_two_twins_is_refused_naming_both() {
    let new = LUA_OLD.replace("then\n", "then\n\t\tprint(\"miss\")\n");
    let e = refused(LUA_TWINS, &Edit::new(LUA_OLD, new));
    assert_eq!(e.kind(), "low_confidence");
    assert_eq!(sorted_locations(&e), [(2, 5), (9, 12)]);
}

#[test]
fn a_twin_whose_short_last_line_slipped_is_a_rival_too() {
    // The first twin's middle line and the second's `else` differ by a character; `elxe` is
    // 0.75 alike to `else` (a slipped anchor needs 0.8), yet one edit away.
    let file = "\
case x in
\t;;
\t*.gz)
\t\tgzip -dx \"$1\"
\telse
\t;;
\t*.gz)
\t\tgzip -dc \"$1\"
\telxe
";
    let old = "\t;;\n\t*.gz)\n\t\tgzip -dc \"$1\"\n\telse";
    let new = "\t;;\n\t*.gz|*.tgz)\n\t\tgzip -dc \"$1\"\n\telse";
    let e = refused(file, &Edit::new(old, new));
    assert_eq!(e.kind(), "low_confidence");
    assert_eq!(sorted_locations(&e), [(2, 5), (6, 9)]);
}

#[test]
fn a_twin_with_a_slipped_anchor_further_by_the_margin_is_no_rival() {
    // The second twin's first line is now several edits off (`self.cache`): old is one edit
    // from the first twin only, which is edited.
    let file = LUA_TWINS
        .replace("self.itemz[key]", "self.items[key]")
        .replace(
            "\tlocal entry = self.items[key]\n\tif not entry then\n\t\tretxrn",
            "\tlocal entry = self.cache[key]\n\tif not entry then\n\t\treturn",
        );
    let old = LUA_OLD.replace("return nil", "retrn nil");
    let new = old.replace("then\n", "then\n\t\tprint(\"miss\")\n");
    let out = applied(&file, &Edit::new(old, new));
    assert_eq!(strategy(&out), "block_anchor");
    assert!(out
        .text
        .starts_with("function M:get(key)\n\tlocal entry = self.items[key]\n\tif not entry then\n\t\tprint(\"miss\")\n\t\treturn nil\n"));
}

/// `set` after the file changed: two of its four lines renamed a name since the model read it.
const STALE_SET: &str = "\
function M:set(key, value)
\tif #self.order >= self.capacity then
\t\tlocal oldest = table.remove(self.order, 1)
\t\tself.items[revisedOldest] = nil
\tend
\tself.items[key] = { value = value, expires = os.time() + self.revisedTtl }
\ttable.insert(self.order, key)
end
";

const STALE_OLD: &str = "\t\tlocal oldest = table.remove(self.order, 1)\n\t\tself.items[oldest] = nil\n\tend\n\tself.items[key] = { value = value, expires = os.time() + self.ttl }";

#[test]
fn a_stale_block_whose_changed_lines_the_edit_rewrites_is_refused() {
    let new = STALE_OLD.replace("self.items", "self.entries");
    let e = refused(STALE_SET, &Edit::new(STALE_OLD, new));
    assert_eq!(e.kind(), "content_mismatch");
    assert_eq!(sorted_locations(&e), [(3, 6)]);
}

#[test]
fn a_block_half_rewritten_since_read_is_refused_whatever_lines_the_edit_rewrites() {
    // The edit rewrites only `local oldest = ...`, which the file still holds; but one of the
    // block's two middle lines and its last line were renamed since the model read it: a
    // merge would be of a change made against text the model never saw.
    let new = STALE_OLD.replace("self.order, 1)", "self.order, 1) -- evict");
    let e = refused(STALE_SET, &Edit::new(STALE_OLD, new));
    assert_eq!(e.kind(), "content_mismatch");
    assert_eq!(sorted_locations(&e), [(3, 6)]);
}

#[test]
fn one_slip_on_a_line_the_edit_rewrites_is_still_merged() {
    // Only the rewritten line differs from the file (`oldets`): a slip of memory.
    let file = STALE_SET
        .replace("self.revisedTtl", "self.ttl")
        .replace("revisedOldest", "oldets");
    let old = STALE_OLD;
    let new = old.replace("] = nil", "] = false");
    let out = applied(&file, &Edit::new(old, &new));
    assert!(out.text.contains("\t\tself.items[oldets] = false\n"));
    // A name lengthened by a word (`revisedOldest`) is no slip but a rename made since.
    let renamed = STALE_SET.replace("self.revisedTtl", "self.ttl");
    assert_eq!(kind(&renamed, &Edit::new(old, new)), "content_mismatch");
    assert_eq!(
        kind(
            STALE_SET,
            &Edit::new(old, old.replace("] = nil", "] = false"))
        ),
        "content_mismatch"
    );
}

/// Two tests of the same shape: `backward` had two of its four middle lines rewritten since
/// the model read it; `forward` is a name (`first` for `last`) from what the model copied.
const STALE_BESIDE_SIBLING: &str = "\
fn forward() {
    let hay = sample();
    let found = search::find_first(&hay, b\"ab\");
    let naive = naive::find_first(&hay, b\"ab\");
    assert_eq!(found, naive);
    assert!(found.is_some());
}

fn backward() {
    let hay = sample();
    let found = search::find_last(&hay, b\"ab\").filter(|&i| i > 0).map(|i| i - 1);
    let naive = naive::find_last(&hay, b\"ab\").filter(|&i| i > 0).map(|i| i - 1);
    assert_eq!(found, naive);
    assert!(found.is_some());
}
";

#[test]
fn a_stale_block_beside_a_sibling_a_name_away_is_refused_naming_both() {
    // The sibling scores 0.97, the changed block 0.8: the ratio margin alone took the sibling.
    let old = "    let hay = sample();\n    let found = search::find_last(&hay, b\"ab\");\n    let naive = naive::find_last(&hay, b\"ab\");\n    assert_eq!(found, naive);\n    assert!(found.is_some());\n}";
    let new = old.replace("    assert!(found.is_some());\n", "");
    let e = refused(STALE_BESIDE_SIBLING, &Edit::new(old, new));
    assert_eq!(e.kind(), "low_confidence");
    assert_eq!(sorted_locations(&e), [(2, 7), (10, 15)]);
}

#[test]
fn an_applied_deletion_ending_inside_a_longer_line_of_old_is_already_applied() {
    // `new` ends with `expected`, which `old` holds only as the start of `expected.clone(),`:
    // `new` standing in the file is not `old` standing there.
    let file = "\
fn cases() {
    check(
        (
            false,
            Some(MISSING_A.to_owned()),
            expected
        )
    );
    check(
        (
            false,
            Some(MISSING_B.to_owned()),
            expected.clone(),
            expected
        )
    );
}
";
    let old = "        (\n            false,\n            Some(MISSING_A.to_owned()),\n            expected.clone(),\n            expected";
    let new = old.replace("            expected.clone(),\n", "");
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
}

#[test]
fn an_applied_deletion_of_one_of_three_closing_braces_is_already_applied() {
    // Deleting the `    }` of `}` / `    }` / `}` leaves lines that, indentation aside, are
    // `old`'s first ones: they are not, the last `}` stands at another depth.
    let file = "\
impl Owned {
    fn new(token: Token) -> Self {
        Self {
            inner: Inner::new(token, Kind::Owner),
        }
    }
}

impl Borrowed {
    fn new(token: Token) -> Self {
        Self {
            inner: Inner::new(token, Kind::Owned),
        }
}
";
    let old =
        "        Self {\n            inner: Inner::new(token, Kind::Owned),\n        }\n    }\n}";
    let new = "        Self {\n            inner: Inner::new(token, Kind::Owned),\n        }\n}";
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
}

#[test]
fn a_stale_block_with_most_of_its_middle_rewritten_is_still_a_rival() {
    // `backward` kept one of its three middle lines: no window by the middle-line rule, yet it
    // begins and ends as `old` does and is as alike as a half-rewritten block.
    let file = "\
fn forward() {
    let hay = sample();
    let found = search::find_first(&hay, b\"ab\");
    let naive = naive::find_last(&hay, b\"ab\");
    assert_eq!(found, naive);
}

fn backward() {
    let hay = sample();
    let found = search::find_last(&hay, b\"ab\").filter(|&i| i > 0).map(|i| i - 1);
    let naive = naive::find_last(&hay, b\"ab\").filter(|&i| i > 0).map(|i| i - 1);
    assert_eq!(found, naive);
}
";
    let old = "    let hay = sample();\n    let found = search::find_last(&hay, b\"ab\");\n    let naive = naive::find_last(&hay, b\"ab\");\n    assert_eq!(found, naive);\n}";
    let new = old.replace("naive);", "naive, \"last\");");
    let e = refused(file, &Edit::new(old, new));
    assert_eq!(e.kind(), "low_confidence");
    assert_eq!(sorted_locations(&e), [(2, 6), (9, 13)]);
}
