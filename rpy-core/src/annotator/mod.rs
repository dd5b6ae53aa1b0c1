//! The annotator: whole-program inference over all graphs reachable from the
//! entry points.
//!
//! It runs in two steps. `typeck` infers the Rust type of every variable
//! within each graph (rustc's rules: signatures are declared, literals take
//! their type from use). Then `annrpython` runs RPython's fixpoint: starting
//! from the entry points' parameters it propagates `SomeValue` annotations
//! block by block, following only the links that can be taken, binding the
//! parameters of called graphs to the union of their call sites and
//! reflowing a block whenever one of its inputargs generalizes.

pub mod annrpython;
pub mod elidable;
pub mod listdef;
pub mod model;
pub mod track_caller;
pub mod typeck;

pub use annrpython::{annotate, annotate_typed, typeck_all, Annotations};
pub use model::SomeValue;
