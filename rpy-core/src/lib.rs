//! rpy-core: the translation toolchain up to low-level graphs, without LLVM.
//!
//! The stages are plain functions over plain data (see ARCHITECTURE.md):
//! `flow::builder` (syntax trees to flow graphs), `annotator`, `rtyper`,
//! `llinterp` (runs low-level graphs), driven by `translator`.

pub mod annotator;
pub mod codewriter;
pub mod entity;
pub mod flow;
pub mod jit;
pub mod llbuild;
pub mod llinterp;
pub mod lloperation;
pub mod lltype;
pub mod prelude;
pub mod rtyper;
pub mod track_caller;
pub mod translator;
pub mod ty;
