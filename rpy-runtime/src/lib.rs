//! `rpython`: what a program translated by rpy links with.
//!
//! Users depend on this crate only: it re-exports the `#[rpython::entry]`
//! attribute, the JIT's hints (`jit`), RPython's rlib functions a program
//! may call (`time`, `rgc`), and holds the runtime functions that translated code calls by
//! symbol name (`rt`, `ll`, and the garbage collector `gc`).

pub use rpy_macros::entry;

pub mod gc;
pub mod jit;
pub mod ll;
pub mod rgc;
pub mod rt;
pub mod time;
