//! What the guard reports: where the first error the edit added is, what it looks like, and the
//! lines around it, as feedback a model can act on in one retry.

use std::fmt;

use serde::Serialize;

use super::Language;
use crate::vocabulary::Vocabulary;

/// A syntax error an edit would add to a file that did not have it.
///
/// Its [`Display`](fmt::Display) is written for the model and fits both a refusal and a
/// warning on an applied edit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SyntaxProblem {
    /// The grammar the result was parsed with.
    pub language: Language,
    /// Line of the first added error in the result, 1-based.
    pub line: usize,
    /// Column of that error, 1-based, in characters.
    pub column: usize,
    /// What the error looks like, as a category.
    pub kind: SyntaxProblemKind,
    /// What the error looks like, in words (no trailing period).
    pub description: String,
    /// Lines of the result around the error, each prefixed with its number as read tools show
    /// it (`{:>6}\t`).
    pub excerpt: String,
    /// How many errors the edit added; the first is the one described.
    pub new_errors: usize,
}

/// What a syntax error looks like, as far as the parse tree and the text tell. When nothing
/// more specific is certain, it is [`UnexpectedToken`](SyntaxProblemKind::UnexpectedToken).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SyntaxProblemKind {
    /// A line indented to a level its block does not allow (indentation-sensitive languages).
    Indentation,
    /// A string (or comment) opened and not closed.
    UnclosedString,
    /// A bracket, brace or parenthesis without its partner.
    UnbalancedBracket,
    /// The parser needed a token that is not there (a `;`, a `:`, a name).
    MissingToken,
    /// Typographic quotes (`“ ” ‘ ’`) where code needs straight ones.
    CurlyQuotes,
    /// A line starting with a read tool's line-number prefix (`    50\t`).
    LineNumberPrefix,
    /// Text the parser could not fit anywhere.
    UnexpectedToken,
}

impl SyntaxProblemKind {
    /// What the model should check, in one sentence.
    fn advice(self) -> &'static str {
        match self {
            SyntaxProblemKind::Indentation => "Check the indentation of new_string: each line must sit at the level of its block, relative to the lines around the edit.",
            SyntaxProblemKind::UnclosedString => "Check that every string, docstring and comment new_string opens is also closed in it, and that old_string does not cut one in half.",
            SyntaxProblemKind::UnbalancedBracket => "Check that the brackets, braces and parentheses in new_string balance the same way as those in old_string.",
            SyntaxProblemKind::MissingToken => "Check new_string for a missing token and for lines that were cut short or joined.",
            SyntaxProblemKind::CurlyQuotes => "Use straight quotes (\" and ') in code; typographic quotes do not delimit strings.",
            SyntaxProblemKind::LineNumberPrefix => "Remove the line-number prefixes a read tool shows before each line; they are not part of the file.",
            SyntaxProblemKind::UnexpectedToken => "Check new_string and the lines around the edit: a line may be joined to the next, cut short, or placed in the wrong block.",
        }
    }
}

impl SyntaxProblem {
    /// The id of the rule that speaks of the problem, as a refusal or as a warning on an
    /// applied edit: `syntax` (the rule table in `docs/json.md`).
    pub fn rule(&self) -> &'static str {
        crate::rules::table::RuleId::Syntax.name()
    }

    /// The message, its advice naming the edit's parameters in `w`'s words (`Display` uses
    /// the tool-call names).
    pub fn message(&self, w: &Vocabulary) -> String {
        let tool = self.to_string();
        let advice = self.kind.advice();
        match tool.strip_suffix(advice) {
            // Only our own advice is reworded, never the excerpt of the file.
            Some(rest) => format!(
                "{rest}{}",
                advice
                    .replace(Vocabulary::TOOL.old, w.old)
                    .replace(Vocabulary::TOOL.new, w.new)
            ),
            None => tool,
        }
    }
}

impl fmt::Display for SyntaxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "The edit introduces a syntax error ({}) at line {}, column {}: {}.",
            self.language, self.line, self.column, self.description
        )?;
        if self.new_errors > 1 {
            write!(
                f,
                " ({} new errors in all; this is the first.)",
                self.new_errors
            )?;
        }
        write!(
            f,
            "\nThe result around it:\n{}\n{}",
            self.excerpt.trim_end_matches('\n'),
            self.kind.advice()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_advice_is_reworded() {
        let problem = SyntaxProblem {
            language: Language::Python,
            line: 2,
            column: 1,
            kind: SyntaxProblemKind::Indentation,
            description: "unexpected indent".into(),
            excerpt: "     2\tnew_string = 1".into(),
            new_errors: 1,
        };
        let cli = problem.message(&Vocabulary::CLI);
        assert!(cli.contains("\tnew_string = 1\n"), "{cli}");
        assert!(cli.ends_with("Check the indentation of --new: each line must sit at the level of its block, relative to the lines around the edit."), "{cli}");
        assert_eq!(problem.message(&Vocabulary::TOOL), problem.to_string());
    }
}
