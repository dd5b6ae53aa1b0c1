//! rpy-core: the translation toolchain up to low-level graphs and
//! jitcodes, without LLVM.
//!
//! The stages are plain functions over plain data (see ARCHITECTURE.md),
//! in layers, bottom to top: the IRs (`entity`, `ty`, `flow::model`,
//! `lltype`, `lloperation`); the language's items (`lang_items`,
//! `methods`); the program (`translator`); the prelude and `llbuild`; the
//! front end (`flow::scope`, `flow::builder`, `flow::items`, `jit`); the
//! `annotator`; the `rtyper` and the `llinterp`; `backendopt`; the `codewriter`; the
//! `driver`, which runs them in order. No module imports one of a higher
//! layer (`tests/layers.rs`).

pub mod annotator;
pub mod backendopt;
pub mod codewriter;
pub mod diagnostic;
pub mod driver;
pub mod entity;
pub mod flow;
pub mod jit;
pub mod lang_items;
pub mod llbuild;
pub mod llinterp;
pub mod lloperation;
pub mod lltype;
pub mod methods;
pub mod prelude;
pub mod rtyper;
pub mod translator;
pub mod ty;
