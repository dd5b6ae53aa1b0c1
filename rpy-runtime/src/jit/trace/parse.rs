//! The text of a trace read back (`Trace::parse`): the inverse of
//! `Trace::text`, so that a trace printed in a log or written by hand in a
//! test becomes a trace again.
//!
//! The syntax is the log's: the input variables in brackets on the first
//! line, then one operation a line, `i5 = int_add(i3, 1)`, with
//! `descr=...` last among the operands and a guard's values after it in
//! brackets. Variables keep their numbers (`i58` is variable 58), so
//! printing the parsed trace gives the same text. Constants are integers,
//! floats (`0.5`, `inf`) and `ConstPtr(null)` or `ConstPtr(0x...)`. A descr
//! is written as the log writes it (`<FieldS Pair.a 8>`, `<Call f>`) and
//! found among the module's by that text; `TargetToken(0)` is this loop's
//! label, `TargetToken(n)` the code `n - 1`, with `, label` when a jump
//! enters that code at its label. A guard's values are its snapshot's:
//! one frame whose registers hold them in order.

use super::{FrameSnapshot, ResOp, Snapshot, Trace, Value};
use crate::jit::trace::descr_text;
use rpy_jitcode::{JitModule, Kind, Op, Reg};

impl Trace {
    /// The trace `text` describes, its descrs those of `m`.
    pub fn parse(text: &str, m: &JitModule) -> Result<Trace, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
        let first = lines.next().ok_or("an empty trace")?;
        let inputs = first.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or("inputs in brackets first")?;
        let mut p = Parser { m, trace: Trace::default(), defined: Vec::new() };
        for name in split_top(inputs) {
            let v = p.define(name)?;
            if v != p.trace.ninputs {
                return Err(format!("input {name}: inputs are numbered from 0 in order"));
            }
            p.trace.ninputs += 1;
        }
        for (n, line) in lines.enumerate() {
            let op = p.op(line).map_err(|e| format!("line {}: {e}: {line}", n + 2))?;
            p.trace.ops.push(op);
        }
        Ok(p.trace)
    }
}

struct Parser<'m> {
    m: &'m JitModule,
    trace: Trace,
    /// The variables defined so far, by number (a log skips numbers).
    defined: Vec<bool>,
}

impl Parser<'_> {
    /// Defines the variable `name` (`i3`, `p0`, `f7`); its number.
    fn define(&mut self, name: &str) -> Result<u32, String> {
        let (kind, n) = var(name).ok_or_else(|| format!("not a variable: {name}"))?;
        let kinds = &mut self.trace.kinds;
        if kinds.len() <= n as usize {
            // Numbers a log skips are variables no operation defines.
            kinds.resize(n as usize + 1, Kind::Int);
            self.defined.resize(n as usize + 1, false);
        }
        if std::mem::replace(&mut self.defined[n as usize], true) {
            return Err(format!("{name} is defined twice"));
        }
        kinds[n as usize] = kind;
        Ok(n)
    }

    fn op(&mut self, line: &str) -> Result<ResOp, String> {
        let (result, rest) = match line.split_once(" = ") {
            Some((r, rest)) if var(r).is_some() => (Some(r), rest),
            _ => (None, line),
        };
        let open = rest.find('(').ok_or("an operation with its operands in parentheses")?;
        let name = &rest[..open];
        let op = Op::from_name(name).ok_or_else(|| format!("unknown operation {name}"))?;
        let close = matching(rest, open).ok_or("unbalanced parentheses")?;
        let (operands, tail) = (&rest[open + 1..close], rest[close + 1..].trim());
        let mut args = Vec::new();
        let mut descr = None;
        let mut guard = false;
        for a in split_top(operands) {
            match a.strip_prefix("descr=") {
                Some(d) if d.starts_with("<Guard0x") => guard = true,
                Some(d) => descr = self.descr(op, d)?,
                None if op == Op::DebugMergePoint && a.starts_with('\'') => {}
                None => args.push(self.value(a)?),
            }
        }
        let snapshot = match tail.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            Some(values) => {
                let live = (split_top(values).enumerate())
                    .map(|(i, v)| {
                        let v = self.value(v)?;
                        Ok((Reg { kind: self.kind(&v), index: i as u32 }, v))
                    })
                    .collect::<Result<_, String>>()?;
                let frame = FrameSnapshot { jitcode: 0, pc: 0, live };
                Some(Box::new(Snapshot { frames: vec![std::rc::Rc::new(frame)], ..Snapshot::default() }))
            }
            None if tail.is_empty() => None,
            None => return Err(format!("unexpected {tail}")),
        };
        if guard != snapshot.is_some() {
            return Err("a guard has a descr <Guard0x...> and its values in brackets".into());
        }
        let result = result.map(|r| self.define(r)).transpose()?;
        Ok(ResOp { op, args: args.into(), descr, result, snapshot })
    }

    fn descr(&mut self, op: Op, d: &str) -> Result<Option<u32>, String> {
        if let Some(target) = d.strip_prefix("TargetToken(").and_then(|t| t.strip_suffix(')')) {
            let (n, label) = match target.split_once(", ") {
                Some((n, "label")) => (n, true),
                _ => (target, false),
            };
            let n: u32 = n.parse().map_err(|_| format!("bad target {d}"))?;
            if op == Op::Jump && label {
                self.trace.enters_label = true;
            }
            return Ok(n.checked_sub(1));
        }
        let found = self.m.descrs.iter().position(|x| descr_text(x) == d);
        found.map(|i| Some(i as u32)).ok_or_else(|| format!("no descr {d} in the module"))
    }

    fn value(&self, a: &str) -> Result<Value, String> {
        if let Some((kind, n)) = var(a) {
            let defined = self.defined.get(n as usize).copied().unwrap_or(false);
            return match defined && self.trace.kinds[n as usize] == kind {
                true => Ok(Value::Var(n)),
                false => Err(format!("{a} is not defined before")),
            };
        }
        if a == "ConstPtr(null)" {
            return Ok(Value::Const(0, Kind::Ref));
        }
        if let Some(hex) = a.strip_prefix("ConstPtr(0x").and_then(|h| h.strip_suffix(')')) {
            return u64::from_str_radix(hex, 16).map(|x| Value::Const(x, Kind::Ref)).map_err(|e| e.to_string());
        }
        if let Ok(i) = a.parse::<i64>() {
            return Ok(Value::Const(i as u64, Kind::Int));
        }
        a.parse::<f64>().map(|x| Value::Const(x.to_bits(), Kind::Float)).map_err(|_| format!("not a value: {a}"))
    }

    fn kind(&self, v: &Value) -> Kind {
        match v {
            Value::Var(n) => self.trace.kinds[*n as usize],
            Value::Const(_, k) => *k,
        }
    }
}

/// `i3` is (Int, 3).
fn var(s: &str) -> Option<(Kind, u32)> {
    let kind = match s.chars().next()? {
        'i' => Kind::Int,
        'p' => Kind::Ref,
        'f' => Kind::Float,
        _ => return None,
    };
    let digits = &s[1..];
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| Some((kind, digits.parse().ok()?)))?
}

/// The index of the parenthesis closing the one at `open`.
fn matching(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in s.char_indices().skip_while(|(i, _)| *i < open) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `s` split at the commas outside of brackets, parentheses and quotes.
fn split_top(s: &str) -> impl Iterator<Item = &str> {
    let mut parts = Vec::new();
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    for (i, c) in s.char_indices() {
        match c {
            '\'' => quoted = !quoted,
            '(' | '[' | '<' if !quoted => depth += 1,
            ')' | ']' | '>' if !quoted => depth -= 1,
            ',' if depth == 0 && !quoted => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts.into_iter().map(str::trim).filter(|p| !p.is_empty())
}
