//! One syntax error found in a parse tree, the type the generic finder (`faults.rs`) and the
//! Python indentation finder (`python.rs`) both produce.

use std::ops::Range;

use tree_sitter::Node;

/// What kind of error a [`Fault`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum FaultKind {
    /// An `ERROR` node.
    Error,
    /// A `MISSING` node; its kind is the token.
    Missing,
    /// A Python statement or clause at an indentation its block does not allow.
    Indent,
    /// A Python block with no statement in it.
    EmptyBlock,
}

/// One syntax error and the node it is about.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fault<'t> {
    pub node: Node<'t>,
    pub kind: FaultKind,
}

impl Fault<'_> {
    /// The bytes the error is about: the whole node for parse errors, the start of the
    /// statement or block for indentation (a misindented function is one error at its first
    /// line, not one spanning its body).
    pub(super) fn range(&self) -> Range<usize> {
        match self.kind {
            FaultKind::Error | FaultKind::Missing => self.node.byte_range(),
            FaultKind::Indent | FaultKind::EmptyBlock => {
                self.node.start_byte()..self.node.start_byte()
            }
        }
    }
}
