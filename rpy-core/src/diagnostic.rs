//! One diagnostic type for every stage after the front end (whose errors
//! are `syn::Error`s on the user's tokens): what went wrong, in which
//! function and at which operation (its message says what to write
//! instead, as the front end's do). The macro places it on the tokens at
//! its position.

use crate::flow::Pos;
use std::fmt;

/// The stage that found the problem, which names it for the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Type inference and the annotator.
    Annotation,
    /// The rtyper and the codewriter after it.
    RTyping,
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub stage: Stage,
    /// The function it is in (empty for the module as a whole).
    pub graph: String,
    /// The operation's position, when it is about one.
    pub pos: Option<Pos>,
    pub message: String,
}

impl Diagnostic {
    /// Of the annotator (type inference included).
    pub fn annotation(graph: &str, pos: Option<Pos>, message: String) -> Diagnostic {
        Diagnostic { stage: Stage::Annotation, graph: graph.to_string(), pos, message }
    }

    /// Of the rtyper (the codewriter included).
    pub fn rtyping(graph: &str, pos: Option<Pos>, message: String) -> Diagnostic {
        Diagnostic { stage: Stage::RTyping, graph: graph.to_string(), pos, message }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\nIn function `{}`", self.message, self.graph)?;
        if let Some(p) = self.pos {
            write!(f, ", at line {}, column {}", p.line, p.col)?;
        }
        Ok(())
    }
}
