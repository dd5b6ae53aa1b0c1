//! The JIT's runtime parameters, with RPython's names and defaults
//! (`PARAMETERS` of `rpython/rlib/jit.py`), and the text that sets them
//! (`set_user_param`): `off`, `default`, or `name=value,name=value`, as in
//! PyPy's `--jit threshold=200,trace_limit=10000`. The translated
//! interpreter reads it from `RPYJIT`.

/// The optimizations of the trace optimizer, in the order they run
/// (RPython's `ENABLE_ALL_OPTS`).
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
    pub trace_eagerness: u32,
    /// How much the counters decay regularly (0: none, 1000: all).
    pub decay: u32,
    /// How many operations a trace may record before tracing aborts.
    pub trace_limit: u32,
    pub inlining: bool,
    pub loop_longevity: u32,
    pub retrace_limit: u32,
    pub max_retrace_guards: u32,
    pub max_unroll_loops: u32,
    pub disable_unrolling: u32,
    pub max_unroll_recursion: u32,
    /// The optimizations to run, a subset of `ALL_OPTS` in that order.
    pub enable_opts: Vec<&'static str>,
}

impl Default for JitParams {
    fn default() -> JitParams {
        JitParams {
            enabled: true,
            threshold: 1039,
            function_threshold: 1619,
            trace_eagerness: 200,
            decay: 40,
            trace_limit: 6000,
            inlining: true,
            loop_longevity: 1000,
            retrace_limit: 0,
            max_retrace_guards: 15,
            max_unroll_loops: 0,
            disable_unrolling: 200,
            max_unroll_recursion: 7,
            enable_opts: ALL_OPTS.to_vec(),
        }
    }
}

/// The names `set` accepts, for messages.
const NAMES: &str = "threshold, function_threshold, trace_eagerness, decay, trace_limit, inlining, loop_longevity, retrace_limit, max_retrace_guards, max_unroll_loops, disable_unrolling, max_unroll_recursion, enable_opts";

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
        match name {
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
        assert_eq!(
            (p.threshold, p.function_threshold, p.trace_eagerness, p.decay, p.trace_limit),
            (1039, 1619, 200, 40, 6000)
        );
        assert!(p.enabled && p.inlining);
        assert_eq!(p.enable_opts.join(":"), "intbounds:rewrite:virtualize:string:pure:earlyforce:heap:unroll");
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
        ] {
            let e = JitParams::parse(text).unwrap_err();
            assert!(e.contains(msg), "{text}: {e}");
        }
    }
}
