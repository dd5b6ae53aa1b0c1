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

/// The sections of the dialect's reference (`docs/dialect.md`) that
/// errors cite: each says what is supported in its area and what to write
/// instead of the rest.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Section {
    Module,
    Types,
    Numbers,
    ControlFlow,
    StructsAndEnums,
    Traits,
    TraitObjects,
    Generics,
    Closures,
    Iterators,
    Vec,
    Strings,
    Maps,
    OptionResult,
    Cells,
    Formatting,
    Panics,
    Io,
    Jit,
    Outside,
}

impl Section {
    pub const ALL: [Section; 20] = [
        Section::Module,
        Section::Types,
        Section::Numbers,
        Section::ControlFlow,
        Section::StructsAndEnums,
        Section::Traits,
        Section::TraitObjects,
        Section::Generics,
        Section::Closures,
        Section::Iterators,
        Section::Vec,
        Section::Strings,
        Section::Maps,
        Section::OptionResult,
        Section::Cells,
        Section::Formatting,
        Section::Panics,
        Section::Io,
        Section::Jit,
        Section::Outside,
    ];

    /// The anchor of the section's heading.
    pub fn anchor(self) -> &'static str {
        match self {
            Section::Module => "the-module",
            Section::Types => "types",
            Section::Numbers => "integers-and-floats",
            Section::ControlFlow => "control-flow-and-patterns",
            Section::StructsAndEnums => "structs-and-enums",
            Section::Traits => "traits",
            Section::TraitObjects => "trait-objects",
            Section::Generics => "generic-functions",
            Section::Closures => "closures",
            Section::Iterators => "iterators",
            Section::Vec => "vec-and-slices",
            Section::Strings => "strings",
            Section::Maps => "hashmap-and-hashset",
            Section::OptionResult => "option-and-result",
            Section::Cells => "cell-refcell-and-rc",
            Section::Formatting => "formatting-and-printing",
            Section::Panics => "panics",
            Section::Io => "input-and-output",
            Section::Jit => "the-jits-hints",
            Section::Outside => "outside-the-dialect",
        }
    }

    /// Where the reference says more: `see docs/dialect.md#anchor`.
    pub fn see(self) -> String {
        format!("see docs/dialect.md#{}", self.anchor())
    }
}
