//! The JIT: its hints, as RPython's `rpython.rlib.jit`, here,
//! and the JIT itself in the submodules: `hook` (where translated code
//! meets it), `interp` (the tracer and blackhole interpreter), `trace`,
//! `optimize`, `unroll`, `guards`, `backend` (Cranelift), `counter`, `params` (`RPYJIT`),
//! `log` (`RPYLOG`), `memory` (what compiled code keeps alive, and for how long),
//! `quasi` (quasi-immutable fields: the code that depends on them).
//!
//! Fields take two hints, which the translator reads and rustc never sees:
//! `#[rpython::jit::immutable]` (never assigned once its object is built:
//! checked) and `#[rpython::jit::quasi_immutable]` (assigned rarely: traces
//! take its value as a constant, and assigning it invalidates them).
//!
//! Untranslated the hints do nothing: the program runs as plain Rust. The
//! translator reads them from the module's tokens (the flow space checks
//! them and turns them into `jit_marker` and `hint` operations).
//!
//! ```ignore
//! use rpython::jit::{elidable, jit_merge_point, promote, JitDriver};
//! static DRIVER: JitDriver = JitDriver::new(&["pc", "program"], &["tape"]);
//! // in the interpreter's loop, first thing:
//! jit_merge_point!(DRIVER; pc, program; tape);
//! ```

pub use rpy_macros::{dont_look_inside, elidable, look_inside_iff, unroll_safe};

/// A JIT driver: the names of the interpreter loop's green variables (the
/// position in the interpreted program, constant in a trace) and red ones
/// (the rest of its state), in the order `jit_merge_point!` names them.
pub struct JitDriver {
    pub greens: &'static [&'static str],
    pub reds: &'static [&'static str],
    /// The name of the module's function that shows a position (it takes
    /// the greens, returns a `String`), for the JIT's logs.
    pub printable_location: Option<&'static str>,
    /// The red whose object is the interpreter's frame (RPython's
    /// virtualizable): the JIT keeps what it knows of the frame's fields
    /// and of its lists' items across calls not given it.
    pub virtualizables: &'static [&'static str],
}

impl JitDriver {
    pub const fn new(greens: &'static [&'static str], reds: &'static [&'static str]) -> JitDriver {
        JitDriver { greens, reds, printable_location: None, virtualizables: &[] }
    }

    /// `.virtualizables(&["frame"])`: the red `frame` is the interpreter's
    /// frame, an object only ever passed to functions, never stored in
    /// another object (the translator checks it).
    pub const fn virtualizables(self, reds: &'static [&'static str]) -> JitDriver {
        JitDriver { virtualizables: reds, ..self }
    }

    /// `get_printable_location`: the function named `f` shows a position.
    pub const fn get_printable_location(self, f: &'static str) -> JitDriver {
        JitDriver { printable_location: Some(f), ..self }
    }
}

/// The top of the interpreter's loop: `jit_merge_point!(DRIVER; greens...;
/// reds...)`, each variable named as in the driver.
#[macro_export]
macro_rules! jit_merge_point {
    ($driver:expr; $($green:expr),* ; $($red:expr),* $(,)?) => {{
        let _ = &$driver;
        $(let _ = &$green;)*
        $(let _ = &$red;)*
    }};
}

/// Where the interpreted program jumps backwards (a loop may start here):
/// `can_enter_jit!(DRIVER; greens...; reds...)`, in the loop of the
/// function that has the `jit_merge_point!`.
#[macro_export]
macro_rules! can_enter_jit {
    ($($hint:tt)*) => {
        $crate::jit_merge_point!($($hint)*)
    };
}

pub use crate::{can_enter_jit, jit_merge_point};

/// `x`, which the JIT makes a constant of the trace (guarding its value).
#[inline(always)]
pub fn promote<T>(x: T) -> T {
    x
}

/// `promote` of a string's contents.
#[inline(always)]
pub fn promote_string<T>(s: T) -> T {
    s
}

/// Whether the code runs in the JIT's traces: false in the interpreter.
#[inline(always)]
pub fn we_are_jitted() -> bool {
    false
}

pub mod backend;
pub mod counter;
pub mod eval;
pub mod hook;
pub mod interp;
pub mod log;
pub mod memory;
pub mod optimizeopt;
pub mod params;
pub mod quasi;
pub mod trace;
