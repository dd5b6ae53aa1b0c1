//! The flow space: builds flow graphs from the dialect's syntax trees.

pub mod builder;
pub mod checkgraph;
pub mod derives;
pub mod dot;
pub mod dyn_traits;
pub mod error;
pub mod generic_types;
pub mod hints;
pub mod items;
pub mod model;
pub mod profile;
pub mod scope;
pub mod text;
pub mod traits;

pub use checkgraph::checkgraph;
pub use hints::{FnHints, Inline, JitDriverDef};
pub use items::{is_immutable_hint, is_quasi_immutable_hint};
pub use model::*;
