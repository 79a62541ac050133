//! Apply a near-miss edit and print what happened; then show the feedback for a refusal.
//!
//! Run with `cargo run -p fuzzy-edit --example basic`.

use fuzzy_edit::{apply, unified_diff, Edit};

fn main() {
    let file =
        "class Cart:\n    def total(self):\n        return sum(i.price for i in self.items)\n";

    // The model copied `old` without the class's indentation and wrote `new` the same way.
    let edit = Edit::new(
        "def total(self):\n    return sum(i.price for i in self.items)",
        "def total(self):\n    return sum(i.price * i.qty for i in self.items)",
    );
    match apply(file, &edit) {
        Ok(out) => {
            for m in &out.matches {
                println!(
                    "matched by {} (score {:.2}), lines {}-{}",
                    m.strategy, m.score, m.start_line, m.end_line
                );
            }
            print!("{}", unified_diff(file, &out.text, "cart.py"));
        }
        Err(e) => println!("refused: {e}"),
    }

    // The model misremembers the line it wants to change: refused, with the closest text.
    let stale = Edit::new(
        "def total(self):\n    return sum(i.cost for i in self.items)",
        "def total(self):\n    return 0",
    );
    if let Err(e) = apply(file, &stale) {
        println!("\nrefused ({}):\n{e}", e.kind());
    }
}
