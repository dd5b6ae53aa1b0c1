//! The JIT's runtime parameters, with RPython's names and defaults
//! (`PARAMETERS` of `rpython/rlib/jit.py`; `trace_eagerness`, `trace_limit`,
//! `retrace_limit` and `disable_unrolling` have rpy's, which their fields
//! explain), and the text that sets them
//! (`set_user_param`): `off`, `default`, or `name=value,name=value`, as in
//! PyPy's `--jit threshold=200,trace_limit=10000`. The translated
//! interpreter reads it from `RPYJIT`.
//!
//! Every parameter accepted does what it says. rpy never unrolls a loop
//! more than once, so `max_unroll_loops` accepts only its default; any
//! other value is an error that says so.

use super::backend::Backend;

/// The optimizations of the trace optimizer, in the order they run
/// (RPython's `ENABLE_ALL_OPTS`). Each one left out of `enable_opts` is off
/// (the optimizer's `Opts`):
/// - `intbounds`: no ranges of integers (no comparison decided by them, no
///   bounds check dropped, no fusion of guards into a range check);
/// - `rewrite`: no constant folding, no identities (`x + 0`, `x - x`), no
///   chains of steps by constants made one step (a guard on a value known
///   from an earlier guard still goes);
/// - `virtualize`: every `new` and `new_array` is done where it is traced;
/// - `pure`: no operation or elidable call computed once for the same
///   operands, no comparison known from a guard on another;
/// - `heap`: no heap cache and no lazy writes: every read is done (even
///   of an immutable field of a constant), every write where it is traced;
/// - `unroll`: loops have no preamble (no `label`): the trace is optimized
///   once, its `jump` going back to its start.
///
/// `string` and `earlyforce` are accepted, and their absence changes
/// nothing: rpy's optimizer has no string optimizations (strings are
/// objects and arrays as any other, `virtualize` and `heap` see them) and
/// no early forcing pass (a virtual is forced where it escapes, in
/// `virtualize`).
pub const ALL_OPTS: &[&str] = &["intbounds", "rewrite", "virtualize", "string", "pure", "earlyforce", "heap", "unroll"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JitParams {
    /// False after `off`: nothing is traced.
    pub enabled: bool,
    /// How many times a loop runs before it is traced.
    pub threshold: u32,
    /// How many times a function runs before it is traced from its start.
    pub function_threshold: u32,
    /// How many times a guard fails before a bridge is traced from it.
    /// RPython's default is 200; rpy's is 50: a failure resumes in the
    /// blackhole interpreter from the guard's snapshot, decoded again each
    /// time (~5 us), and an interpreter of a dynamic language fails many
    /// guards a few hundred times each (Lua's richards: 24.7K resumes at
    /// 200, 5.8K at 50, ~9% faster; deltablue ~5%, fib ~20%; json, whose
    /// extra bridges cost more tracing than the resumes saved, ~4% slower).
    pub trace_eagerness: u32,
    /// How many thousandths of their counts all counters lose every 32
    /// collections (0: none, 1000: all), so that positions that ran often
    /// long ago do not get hot. (RPython also decays them whenever tracing
    /// starts; rpy does not: see `rpy_jit_merge_point`.)
    pub decay: u32,
    /// How many operations a trace may record before tracing aborts. rpy's
    /// default is 4000 (RPython's 6000): since the tracer records nothing
    /// it knows (`interp::Known`), the same steps record about two thirds
    /// as many operations, and at 6000 Lua's fib inlined its recursion
    /// deeper into longer traces and ran 1.1-1.4x as long.
    pub trace_limit: u32,
    /// Whether the tracer goes into recursive calls of the portal.
    pub inlining: bool,
    /// How many collections a loop may go unused before it is freed.
    pub loop_longevity: u32,
    /// How often the loop of a green key may be traced again from a
    /// bridge of its (`hook::after_exit`). RPython's default is 0; rpy's
    /// is 1: what a loop carries in registers from turn to turn (its
    /// frame's values, RPython's virtualizable) is made again by a bridge
    /// back through its preamble, so a loop traced on a turn unlike its
    /// others costs every turn what RPython's costs only in the preamble.
    pub retrace_limit: u32,
    /// A loop traced again with more guards than this stops its key's
    /// retraces.
    pub max_retrace_guards: u32,
    /// Always 0: rpy does not unroll a loop more than once.
    pub max_unroll_loops: u32,
    /// A loop of more operations than this, once optimized (its
    /// preamble), is not unrolled: it is left as optimized once, with no
    /// preamble. 600, not RPython's 200: a dynamic language's loop is long
    /// once optimized (Lua's nbody inner loop: 332 operations, its fields'
    /// floats boxed and unboxed again every turn without a preamble), and
    /// unrolling it costs the optimizer little since it got cheaper (Lua
    /// at 600 against 200: nbody 0.78, closures 0.68, deltablue 0.94, json
    /// 0.96 of the time, the others even; at 1000 richards took 1.13).
    pub disable_unrolling: u32,
    /// How many levels of recursive calls the tracer goes into.
    pub max_unroll_recursion: u32,
    /// The optimizations to run, a subset of `ALL_OPTS` in that order.
    pub enable_opts: Vec<&'static str>,
    /// The backend compiling traces: `x64` (rpy's own, x86-64 only, the
    /// default there) or `cranelift` (the default elsewhere).
    pub backend: Backend,
}

impl Default for JitParams {
    fn default() -> JitParams {
        JitParams {
            enabled: true,
            threshold: 1039,
            function_threshold: 1619,
            trace_eagerness: 50,
            decay: 40,
            trace_limit: 4000,
            inlining: true,
            loop_longevity: 1000,
            retrace_limit: 1,
            max_retrace_guards: 15,
            max_unroll_loops: 0,
            disable_unrolling: 600,
            max_unroll_recursion: 7,
            enable_opts: ALL_OPTS.to_vec(),
            backend: Backend::NATIVE,
        }
    }
}

/// The names `set` accepts, for messages.
const NAMES: &str = "threshold, function_threshold, trace_eagerness, decay, trace_limit, inlining, loop_longevity, retrace_limit, max_retrace_guards, max_unroll_loops, disable_unrolling, max_unroll_recursion, enable_opts, backend";

impl JitParams {
    /// The parameters `text` sets, over the defaults.
    pub fn parse(text: &str) -> Result<JitParams, String> {
        let mut p = JitParams::default();
        p.apply(text)?;
        Ok(p)
    }

    /// Applies `off`, `default` or `name=value,...` (RPython's
    /// `set_user_param`); on error, `self` may be partly changed.
    pub fn apply(&mut self, text: &str) -> Result<(), String> {
        match text.trim() {
            "off" => self.enabled = false,
            "default" => *self = JitParams::default(),
            text => {
                for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let Some((name, value)) = item.split_once('=') else {
                        return Err(format!("`{item}` is not `name=value` (or `off`, `default`)"));
                    };
                    self.set(name.trim(), value.trim())?;
                }
            }
        }
        Ok(())
    }

    /// Sets one parameter (RPython's `set_param`).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        if name == "enable_opts" {
            self.enable_opts = parse_opts(value)?;
            return Ok(());
        }
        if name == "backend" {
            self.backend = parse_backend(value)?;
            return Ok(());
        }
        let n: u32 = value
            .parse()
            .map_err(|_| format!("the value of `{name}` must be a non-negative integer, not `{value}`"))?;
        let field = match name {
            "threshold" => &mut self.threshold,
            "function_threshold" => &mut self.function_threshold,
            "trace_eagerness" => &mut self.trace_eagerness,
            "decay" => &mut self.decay,
            "trace_limit" => &mut self.trace_limit,
            "loop_longevity" => &mut self.loop_longevity,
            "retrace_limit" => &mut self.retrace_limit,
            "max_retrace_guards" => &mut self.max_retrace_guards,
            "max_unroll_loops" => &mut self.max_unroll_loops,
            "disable_unrolling" => &mut self.disable_unrolling,
            "max_unroll_recursion" => &mut self.max_unroll_recursion,
            "inlining" => {
                self.inlining = n != 0;
                return Ok(());
            }
            _ => return Err(format!("unknown JIT parameter `{name}`; the parameters are {NAMES}")),
        };
        // What rpy does not do accepts only the value that asks for none
        // of it (RPython's default: PyPy users pass it).
        let d = JitParams::default();
        match name {
            "max_unroll_loops" if n != d.max_unroll_loops => {
                return Err(format!(
                    "`max_unroll_loops` must be {}: rpy does not unroll a loop more than once",
                    d.max_unroll_loops
                ))
            }
            "decay" if n > 1000 => return Err(format!("`decay` is at most 1000, not {n}")),
            "trace_limit" if n > 100_000_000 => return Err(format!("`trace_limit` is at most 100000000, not {n}")),
            "threshold" | "function_threshold" | "trace_eagerness" if n == 0 => {
                return Err(format!("`{name}` is at least 1 (`off` turns the JIT off)"))
            }
            _ => {}
        }
        *field = n;
        Ok(())
    }
}

/// The name of a backend that runs on this machine.
fn parse_backend(value: &str) -> Result<Backend, String> {
    let names: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
    match Backend::ALL.iter().find(|b| b.name() == value) {
        Some(b) => Ok(*b),
        None => Err(format!("unknown backend `{value}`; the backends of this machine are {}", names.join(", "))),
    }
}

/// `all`, or names of `ALL_OPTS` separated by `:`, kept in `ALL_OPTS`'s order.
fn parse_opts(value: &str) -> Result<Vec<&'static str>, String> {
    if value == "all" {
        return Ok(ALL_OPTS.to_vec());
    }
    let names: Vec<&str> = value.split(':').filter(|s| !s.is_empty()).collect();
    if let Some(bad) = names.iter().find(|n| !ALL_OPTS.contains(n)) {
        return Err(format!(
            "unknown optimization `{bad}` in `enable_opts`; the optimizations are {}",
            ALL_OPTS.join(":")
        ));
    }
    Ok(ALL_OPTS.iter().copied().filter(|o| names.contains(o)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_rpythons() {
        let p = JitParams::default();
        assert_eq!((p.threshold, p.function_threshold, p.decay), (1039, 1619, 40));
        // (Not RPython's: see the fields.)
        assert_eq!((p.trace_eagerness, p.trace_limit, p.retrace_limit), (50, 4000, 1));
        assert!(p.enabled && p.inlining);
        assert_eq!(p.enable_opts.join(":"), "intbounds:rewrite:virtualize:string:pure:earlyforce:heap:unroll");
        assert_eq!(p.backend, Backend::NATIVE);
    }

    /// `backend` names one of this machine's backends.
    #[test]
    fn backend_chooses_the_backend() {
        for b in Backend::ALL {
            assert_eq!(JitParams::parse(&format!("backend={}", b.name())).unwrap().backend, *b);
        }
        let e = JitParams::parse("backend=llvm").unwrap_err();
        assert!(e.contains("unknown backend `llvm`; the backends of this machine are cranelift"), "{e}");
    }

    #[test]
    fn text_sets_parameters() {
        let p = JitParams::parse("threshold=1, trace_limit=100,enable_opts=heap:intbounds").unwrap();
        assert_eq!((p.threshold, p.trace_limit), (1, 100));
        assert_eq!(p.enable_opts, vec!["intbounds", "heap"]);
        assert!(!JitParams::parse("off").unwrap().enabled);
        let mut q = JitParams::parse("decay=0,inlining=0").unwrap();
        assert_eq!((q.decay, q.inlining), (0, false));
        q.apply("default").unwrap();
        assert_eq!(q, JitParams::default());
    }

    #[test]
    fn bad_text_is_an_error() {
        for (text, msg) in [
            ("treshold=3", "unknown JIT parameter `treshold`"),
            ("threshold", "`threshold` is not `name=value`"),
            ("threshold=-1", "must be a non-negative integer, not `-1`"),
            ("threshold=0", "`threshold` is at least 1"),
            ("trace_limit=100000001", "at most 100000000"),
            ("decay=1001", "at most 1000"),
            ("enable_opts=heap:fast", "unknown optimization `fast`"),
            ("max_unroll_loops=1", "`max_unroll_loops` must be 0: rpy does not unroll a loop more than once"),
        ] {
            let e = JitParams::parse(text).unwrap_err();
            assert!(e.contains(msg), "{text}: {e}");
        }
    }

    /// What rpy does not do accepts the value that asks for none of it:
    /// PyPy's users pass RPython's defaults.
    #[test]
    fn defaults_of_what_rpy_does_not_do_are_accepted() {
        let p = JitParams::parse("retrace_limit=1,max_retrace_guards=15,max_unroll_loops=0").unwrap();
        assert_eq!(p, JitParams::default());
        let q = JitParams::parse("disable_unrolling=5,enable_opts=intbounds:rewrite:string:earlyforce").unwrap();
        assert_eq!((q.disable_unrolling, q.enable_opts.len()), (5, 4));
    }
}
