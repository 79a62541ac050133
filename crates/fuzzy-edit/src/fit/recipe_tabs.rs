//! Makefile recipe lines `new` writes flush left.
//!
//! A model that drops indentation writes a rule's recipe lines at column 0; `make` then stops
//! with "missing separator". In a Makefile whose lines `old` shows indent the rule's recipe
//! with a tab, and a `new` that indents no line at all and keeps at least one of those recipe
//! lines flush left, each line of `new` under a rule (up to a blank line or the next line of
//! Make's own: a rule, an assignment, a directive, a comment) gets its tab back.

/// Whether a line is Make's own, never a recipe's: a rule (`target: deps`), an assignment
/// (`X = 1`, `X := 1`, `X += 1`), a directive (`ifeq`, `include`, `export`) or a comment.
fn makes_own(line: &str) -> bool {
    const DIRECTIVES: [&str; 17] = [
        "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "include", "-include", "sinclude",
        "define", "endef", "undefine", "export", "unexport", "override", "private", "vpath",
    ];
    let t = line.trim();
    if t.starts_with('#') {
        return true;
    }
    let first = t.split_whitespace().next().unwrap_or("");
    if DIRECTIVES.contains(&first) {
        return true;
    }
    // The first word (targets and variables hold no spaces outside `$(...)`) ends at `:` or
    // `=`: a rule or an assignment. A recipe's first word is a command (`@echo`, `rm`,
    // `$(CC)`), followed by a space.
    let mut depth = 0usize;
    for (i, c) in t.char_indices() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => depth = depth.saturating_sub(1),
            ':' | '=' if depth == 0 => return true,
            c if c.is_whitespace() && depth == 0 => {
                let rest = t[i..].trim_start();
                return rest.starts_with(':')
                    || rest.starts_with('=')
                    || rest.starts_with("+=")
                    || rest.starts_with("?=");
            }
            _ => {}
        }
    }
    false
}

/// `new` with a tab before each recipe line written flush left (see the module docs), or
/// `None` when it has none to restore.
pub(crate) fn recipes_tabbed(old: &str, new: &str) -> Option<String> {
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.split('\n').collect();
    if new_lines.iter().any(|l| l.starts_with([' ', '\t'])) {
        return None;
    }
    let recipe = |l: &str| l.starts_with('\t') && !l.trim().is_empty();
    if !old_lines.iter().any(|l| recipe(l)) {
        return None;
    }
    // A recipe line of `old` kept flush left: the model's slip, not a line moved on purpose.
    let kept_flush = new_lines
        .iter()
        .any(|n| !n.trim().is_empty() && old_lines.iter().any(|o| recipe(o) && o[1..] == **n));
    if !kept_flush {
        return None;
    }
    // Under a rule from the start where `old` opens inside a recipe.
    let mut in_recipe = old_lines
        .iter()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| recipe(l));
    let mut out = Vec::with_capacity(new_lines.len());
    for line in &new_lines {
        let body = line.trim_end_matches('\r');
        // A line `old` holds is what it was there: a recipe line (tabbed), or the file's own
        // line at column 0 (`CGO_ENABLED=0 go build` reads as an assignment otherwise).
        let in_old = old_lines.iter().find_map(|o| {
            let o = o.trim_end_matches('\r');
            (recipe(o) && &o[1..] == body)
                .then_some(true)
                .or((o == body).then_some(false))
        });
        if body.trim().is_empty() {
            in_recipe = false;
            out.push(line.to_string());
        } else if in_old == Some(true) {
            out.push(format!("\t{line}"));
        } else if in_old == Some(false) {
            in_recipe = is_rule(body);
            out.push(line.to_string());
        } else if in_recipe
            && ["$(eval ", "$(info ", "$(warning ", "$(error "]
                .iter()
                .any(|f| body.starts_with(f))
        {
            // A fresh `$(info ...)` or `$(eval ...)` flush left after a recipe line is Make's
            // own or the recipe's: not told, so `new` is left as written.
            return None;
        } else if makes_own(body) {
            in_recipe = is_rule(body);
            out.push(line.to_string());
        } else if in_recipe {
            out.push(format!("\t{line}"));
        } else {
            out.push(line.to_string());
        }
    }
    let out = out.join("\n");
    (out != new).then_some(out)
}

/// Whether a line of Make's own is a rule (`target: deps`, not `X := 1`), recipe lines after it.
fn is_rule(line: &str) -> bool {
    let t = line.trim();
    let Some(colon) = t.find(':') else {
        return false;
    };
    let before = &t[..colon];
    !t.starts_with('#')
        && !before.contains('=')
        && !t[colon..].starts_with(":=")
        && !t[colon..].starts_with("::=")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn make_s_own_lines_after_a_recipe_stay_flush_left() {
        let old = "build:\n\tgo build\n\tgo vet\nvpath %.c src\nprivate X = 1";
        let new = "build:\ngo build\ngo vet -all\nvpath %.c src\nprivate X = 2\nunexport Y";
        assert_eq!(
            recipes_tabbed(old, new).unwrap(),
            "build:\n\tgo build\n\tgo vet -all\nvpath %.c src\nprivate X = 2\nunexport Y"
        );
        // A recipe line `old` holds stays a recipe line, though it reads as an assignment.
        let old = "app:\n\tCGO_ENABLED=0 go build\n\tstrip app";
        let new = "app:\nCGO_ENABLED=0 go build\nstrip -s app";
        assert_eq!(
            recipes_tabbed(old, new).unwrap(),
            "app:\n\tCGO_ENABLED=0 go build\n\tstrip -s app"
        );
        // A fresh `$(info ...)` after a recipe line: Make's or the recipe's, not told.
        let new = "app:\nCGO_ENABLED=0 go build\n$(info built)";
        assert_eq!(recipes_tabbed(old, new), None);
    }

    #[test]
    fn recipe_lines_written_flush_left_get_their_tab() {
        let old = "help:\n\t@echo \"a\"\n\t@echo \"b\"";
        let new = "help:\n@echo \"a\"\n@echo \"B\"";
        assert_eq!(
            recipes_tabbed(old, new).unwrap(),
            "help:\n\t@echo \"a\"\n\t@echo \"B\""
        );
        // Up to a blank line, and not on Make's own lines.
        let old = "all: x\n\t$(CC) -o x x.c\n\nCFLAGS = -O2";
        let new = "all: x\n$(CC) -o x x.c\nstrip x\n\nCFLAGS = -O3";
        assert_eq!(
            recipes_tabbed(old, new).unwrap(),
            "all: x\n\t$(CC) -o x x.c\n\tstrip x\n\nCFLAGS = -O3"
        );
    }

    #[test]
    fn new_that_indents_or_keeps_no_recipe_flush_left_stays() {
        let old = "help:\n\t@echo \"a\"";
        // Indented already (the other fits read it).
        assert_eq!(recipes_tabbed(old, "help:\n    @echo \"b\""), None);
        // No recipe line of `old` kept flush left.
        assert_eq!(recipes_tabbed(old, "help:\n@echo \"b\""), None);
        // Make's own lines are never recipes.
        assert!(makes_own("X := 1"));
        assert!(makes_own("$(OBJS): x.h"));
        assert!(makes_own("ifeq ($(A),1)"));
        assert!(!makes_own("@echo \"a: b\""));
        assert!(!makes_own("rm -rf build"));
    }
}
