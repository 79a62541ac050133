//! An elided `old` whose pieces the model typed with slips on several lines, tabs for the
//! file's spaces, and one line beside the marker a letter off (alone in its piece): found
//! where its pieces stand, the file's lines and indentation kept. Beside each, the
//! must-refuse twin: a piece the same slip twice (a rename), two lines misremembered, a line
//! misremembered beside a typing slip in its piece, a line writing another name of the file, a
//! number off.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

const SETTLE: &str = "\
fn settle(ledger: &mut Ledger, orders: &[Order]) -> Result<u64> {
    let mut total = 0;
    for order in orders {
        let amount = price(orders, order);
        ledger.record(order.account, amount)?;
        total += amount;
    }
    ledger.flush()?;
    audit::report(total, orders.len());
    Ok(total)
}
";

/// `SETTLE`'s body as the model wrote it, abbreviated, before any slip.
const OLD: &str = "    let mut total = 0;
    for order in orders {
        let amount = price(orders, order);
        // ... existing code ...
    ledger.flush()?;
    audit::report(total, orders.len());
    Ok(total)";

/// The edit: `Ok(total)` divided, `old` with `from -> to` replaced on both sides.
fn edit(old: &str, slips: &[(&str, &str)]) -> Edit {
    let mut old = old.to_string();
    for (from, to) in slips {
        old = old.replacen(from, to, 1);
    }
    let new = old.replace("Ok(total)", "Ok(total / 100)");
    Edit::new(old, new)
}

fn settled() -> String {
    SETTLE.replace("Ok(total)", "Ok(total / 100)")
}

#[test]
fn typing_slips_on_both_pieces_in_tabs_land_in_the_files_lines() {
    let tabbed = OLD.replace("        ", "\t\t").replace("    ", "\t");
    let slips = [
        ("orders {", "ordres {"),
        ("price(orders", "pirce(orders"),
        ("flush", "flsuh"),
        ("report", "reprot"),
    ];
    let out = applied(SETTLE, &edit(&tabbed, &slips));
    assert_eq!(out.text, settled());
    assert_eq!(strategy(&out), "elision");
    // The line beside the marker misremembered (`ordxr`), the other piece typed with a slip.
    let beside = [("orders, order)", "orders, ordxr)"), ("report", "reprot")];
    assert_eq!(applied(SETTLE, &edit(&tabbed, &beside)).text, settled());
    // Beside a typing slip in its own piece it is not read: a look-alike block reads so too.
    let with_typed = [
        ("orders {", "ordres {"),
        ("orders, order)", "orders, ordxr)"),
    ];
    assert_eq!(kind(SETTLE, &edit(&tabbed, &with_typed)), "not_found");
}

#[test]
fn the_same_slip_twice_is_a_rename_and_refused() {
    // `ordres` for `orders` on two lines of a piece: a name, not two typing slips.
    let slips = [("orders {", "ordres {"), ("price(orders", "price(ordres")];
    assert_eq!(kind(SETTLE, &edit(OLD, &slips)), "not_found");
    // Once either side of the marker, as well.
    let slips = [("orders {", "ordres {"), ("orders.len()", "ordres.len()")];
    assert_eq!(kind(SETTLE, &edit(OLD, &slips)), "not_found");
    // Two different slips either side: typed.
    let slips = [("orders {", "ordres {"), ("report", "reprot")];
    assert_eq!(applied(SETTLE, &edit(OLD, &slips)).text, settled());
}

#[test]
fn two_lines_misremembered_are_refused() {
    // One line a letter off in each piece: the block may have changed since it was read.
    let one = [("orders, order)", "orders, ordxr)")];
    assert_eq!(applied(SETTLE, &edit(OLD, &one)).text, settled());
    let two = [("orders, order)", "orders, ordxr)"), ("flush", "flusx")];
    assert_eq!(kind(SETTLE, &edit(OLD, &two)), "not_found");
}

#[test]
fn a_line_writing_another_name_of_the_file_is_no_slip_and_refused() {
    // `order.len()` for the file's `orders.len()`: a name the file has, a look-alike line.
    let other = [("orders.len()", "order.len()")];
    assert_eq!(kind(SETTLE, &edit(OLD, &other)), "not_found");
    // A letter off into no word of the file: misremembered, found.
    let slip = [("orders.len()", "ordexs.len()")];
    assert_eq!(applied(SETTLE, &edit(OLD, &slip)).text, settled());
}

#[test]
fn a_number_off_is_another_value_and_refused() {
    // `total = 1` where the file has `0`: not a slip of the line, whatever else matches.
    assert_eq!(
        kind(SETTLE, &edit(OLD, &[("total = 0", "total = 1")])),
        "not_found"
    );
    // A digit ending a name is a slip of it.
    let file = SETTLE.replace("ledger.flush()", "ledger.flush_all()");
    let out = applied(
        &file,
        &edit(OLD, &[("ledger.flush()", "ledger.flush_all2()")]),
    );
    assert_eq!(out.text, file.replace("Ok(total)", "Ok(total / 100)"));
}

#[test]
fn a_line_rewritten_beside_the_covered_lines_takes_the_files_characters() {
    let file = "class A {\n  void testAccessor() {\n    Gson gson = new Gson();\n    assertThat(gson.toJson(x)).isEqualTo(\"y\");\n  }\n\n  @JsonAdapter(Adapter.class)\n  private record Record(int i) {\n  }\n}\n";
    // The model's tab for the file's 4 spaces, a slip it puts right in `new`, a name changed.
    let old = "  void testAccessor() {\n\tGson gsox = new Gson();\n\t// ... existing code ...\n  @JsonAdapter(Adapter.class)";
    let new = "  void testAccessorX() {\n\tGson gson = new Gson();\n\t// ... existing code ...\n  @JsonAdapter(Adapter.class)";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("testAccessor()", "testAccessorX()"));
}
