//! From a final low-level graph to a `JitCode` (RPython's `jtransform`,
//! `flatten` and `liveness` in one pass and a fixpoint): every variable
//! gets a register of its kind, every block a label; operations get the
//! JIT's names (`getfield_gc_i` with a descr, `residual_call_ir_i`,
//! `int_guard_value` for `promote`, `jit_merge_point`), links become copies
//! and jumps (`goto`, `goto_if_not`), and `-live-` markers before the points where a guard may
//! fail get the registers live there.

use super::jitcode::{Insn, JitCode, Kind, Label, Operand, Reg};
use crate::flow::{BlockId, ConstValue, FunctionGraph, GraphId, Link, Value, VarId};
use crate::lltype::{Container, LlType};
use crate::translator::Translator;
use std::collections::{HashMap, HashSet};

/// The register file of values of `ty`; `None` for `Void`.
fn kind_of(ty: &LlType) -> Result<Option<Kind>, String> {
    Ok(Some(match ty {
        LlType::Void => return Ok(None),
        LlType::Bool | LlType::Int { .. } | LlType::Char | LlType::UniChar | LlType::FuncPtr(..) => Kind::Int,
        LlType::Float => Kind::Float,
        LlType::Ptr(_) => Kind::Ref,
        LlType::Struct(_) => {
            return Err("values of by-value structs (tuples, `Option`s of scalars) are not in jitcodes yet".into())
        }
    }))
}

/// The kind letter of the JIT's operation names (`v` for none).
fn letter(k: Option<Kind>) -> &'static str {
    match k {
        None => "v",
        Some(Kind::Int) => "i",
        Some(Kind::Ref) => "r",
        Some(Kind::Float) => "f",
    }
}

struct Flattener<'a> {
    t: &'a Translator,
    g: &'a FunctionGraph,
    /// The graphs that have jitcodes: calls of them are `inline_call`s.
    inlined: &'a HashSet<GraphId>,
    regs: HashMap<VarId, Reg>,
    num_regs: [u32; 3],
    labels: HashMap<BlockId, Label>,
    next_label: u32,
    insns: Vec<Insn>,
}

/// The jitcode of graph `g` (rtyped); calls of the graphs in `inlined`
/// are traced into (`inline_call`), the others are residual.
pub fn flatten(t: &Translator, g: &FunctionGraph, inlined: &HashSet<GraphId>) -> Result<JitCode, String> {
    let mut f = Flattener {
        t,
        g,
        inlined,
        regs: HashMap::new(),
        num_regs: [0; 3],
        labels: HashMap::new(),
        next_label: 0,
        insns: Vec::new(),
    };
    let blocks = g.iterblocks();
    for &b in &blocks {
        let block = &g.blocks[b];
        for &v in block.inputargs.iter().chain(block.operations.iter().map(|op| &op.result)) {
            if let Some(kind) = kind_of(g.concretetype(&Value::Var(v)))? {
                let r = f.fresh(kind);
                f.regs.insert(v, r);
            }
        }
    }
    for &b in &blocks {
        let l = f.label();
        f.labels.insert(b, l);
    }
    for &b in &blocks {
        f.block(b)?;
    }
    let params = g.blocks[g.startblock].inputargs.iter().filter_map(|v| f.regs.get(v).copied()).collect();
    let mut code = JitCode { name: g.name.clone(), insns: f.insns, params, num_regs: f.num_regs };
    super::liveness::fill_live(&mut code);
    Ok(code)
}

impl Flattener<'_> {
    fn fresh(&mut self, kind: Kind) -> Reg {
        let n = &mut self.num_regs[kind as usize];
        *n += 1;
        Reg { kind, index: *n - 1 }
    }

    fn label(&mut self) -> Label {
        self.next_label += 1;
        Label(self.next_label - 1)
    }

    fn op(&mut self, name: impl Into<String>, args: Vec<Operand>, result: Option<Reg>) {
        self.insns.push(Insn::Op { name: name.into(), args, result });
    }

    /// The register holding an operand (a constant is copied into a fresh
    /// one, as calls and merge points take registers); `None` for `Void`.
    fn in_register(&mut self, o: &Operand) -> Option<Reg> {
        match o {
            Operand::Reg(r) => Some(*r),
            Operand::Const(c, k) => {
                let r = self.fresh(*k);
                self.op(format!("{}_copy", k.name()), vec![Operand::Const(c.clone(), *k)], Some(r));
                Some(r)
            }
            Operand::Descr(_) | Operand::Label(_) | Operand::Regs(_) => None,
        }
    }

    fn kind(&self, v: &Value) -> Result<Option<Kind>, String> {
        kind_of(self.g.concretetype(v))
    }

    /// A value as an operand: its register, or a constant of its kind; a
    /// `Void` constant (a field name, a position) as a descr.
    fn operand(&self, v: &Value) -> Result<Operand, String> {
        Ok(match v {
            Value::Var(x) => Operand::Reg(self.regs[x]),
            Value::Const(c) => match self.kind(v)? {
                Some(k) => Operand::Const(c.value.clone(), k),
                None => Operand::Descr(c.value.to_string()),
            },
        })
    }

    fn container_name(&self, v: &Value) -> String {
        match self.g.concretetype(v) {
            LlType::Ptr(c) => match &self.t.containers[*c] {
                Container::GcStruct { name, .. } => name.clone(),
                a @ Container::GcArray { .. } => a.name(),
            },
            other => other.to_string(),
        }
    }

    fn block(&mut self, b: BlockId) -> Result<(), String> {
        let g = self.g;
        self.insns.push(Insn::Label(self.labels[&b]));
        let block = &g.blocks[b];
        if b == g.returnblock {
            let v = Value::Var(block.inputargs[0]);
            match self.kind(&v)? {
                Some(k) => self.op(format!("{}_return", k.name()), vec![self.operand(&v)?], None),
                None => self.op("void_return", vec![], None),
            }
            return Ok(());
        }
        for op in &block.operations {
            self.operation(&op.opname, &op.args, op.result)?;
        }
        match (&block.exitswitch, block.exits.as_slice()) {
            (_, []) => {}
            (None, [link]) => self.follow(link)?,
            (Some(cond), [a, b]) if matches!(a.exitcase, Some(ConstValue::Bool(_))) => {
                let (yes, no) = if a.exitcase == Some(ConstValue::Bool(true)) { (a, b) } else { (b, a) };
                let other = self.label();
                self.insns.push(Insn::Live(vec![]));
                self.op("goto_if_not", vec![self.operand(cond)?, Operand::Label(other)], None);
                self.follow(yes)?;
                self.insns.push(Insn::Label(other));
                self.follow(no)?;
            }
            (None, _) => return Err(format!("a block of {} has several exits and no exitswitch", g.name)),
            // (The flow space makes only two-way branches.)
            (Some(_), _) => return Err(format!("a block of {} switches on more than a bool", g.name)),
        }
        Ok(())
    }

    /// A link: copies of its arguments into the target's registers (through
    /// temporaries when a target register is also a source: a loop), then
    /// a jump.
    fn follow(&mut self, link: &Link) -> Result<(), String> {
        let targets = &self.g.blocks[link.target].inputargs;
        let mut moves: Vec<(Operand, Reg)> = Vec::new();
        for (a, t) in link.args.iter().zip(targets) {
            if let Some(&r) = self.regs.get(t) {
                let src = self.operand(a)?;
                if src != Operand::Reg(r) {
                    moves.push((src, r));
                }
            }
        }
        let dests: HashSet<Reg> = moves.iter().map(|(_, r)| *r).collect();
        let overlap = moves.iter().any(|(s, _)| matches!(s, Operand::Reg(r) if dests.contains(r)));
        if overlap {
            let temps: Vec<Reg> = moves.iter().map(|(_, r)| self.fresh(r.kind)).collect();
            for ((src, r), tmp) in moves.iter().zip(&temps) {
                self.op(format!("{}_copy", r.kind.name()), vec![src.clone()], Some(*tmp));
            }
            for ((_, r), tmp) in moves.iter().zip(&temps) {
                self.op(format!("{}_copy", r.kind.name()), vec![Operand::Reg(*tmp)], Some(*r));
            }
        } else {
            for (src, r) in moves {
                self.op(format!("{}_copy", r.kind.name()), vec![src], Some(r));
            }
        }
        self.op("goto", vec![Operand::Label(self.labels[&link.target])], None);
        Ok(())
    }

    fn operation(&mut self, opname: &str, args: &[Value], result: VarId) -> Result<(), String> {
        let res = self.regs.get(&result).copied();
        let rk = res.map(|r| r.kind);
        let ops: Vec<Operand> = args.iter().map(|a| self.operand(a)).collect::<Result<_, _>>()?;
        match opname {
            "same_as" | "cast_pointer" => {
                if let Some(r) = res {
                    self.op(format!("{}_copy", r.kind.name()), vec![ops[0].clone()], res);
                }
            }
            "getfield" | "setfield" => {
                let field = format!(
                    "Field {}.{}",
                    self.container_name(&args[0]),
                    args[1].constant().and_then(|c| c.as_str()).unwrap_or_default()
                );
                let (name, mut rest) = if opname == "getfield" {
                    (format!("getfield_gc_{}", letter(rk)), vec![ops[0].clone()])
                } else {
                    (format!("setfield_gc_{}", letter(self.kind(&args[2])?)), vec![ops[0].clone(), ops[2].clone()])
                };
                rest.push(Operand::Descr(field));
                self.op(name, rest, res);
            }
            "getarrayitem" | "setarrayitem" | "getarraysize" => {
                let array = Operand::Descr(format!("Array {}", self.container_name(&args[0])));
                let mut rest: Vec<Operand> = ops.clone();
                rest.push(array);
                let name = match opname {
                    "getarrayitem" => format!("getarrayitem_gc_{}", letter(rk)),
                    "setarrayitem" => format!("setarrayitem_gc_{}", letter(self.kind(&args[2])?)),
                    _ => "arraylen_gc".into(),
                };
                self.op(name, rest, res);
            }
            "malloc" => {
                self.op("new", vec![Operand::Descr(format!("Size {}", self.container_name(&Value::Var(result))))], res)
            }
            "malloc_varsize" => {
                let descr = Operand::Descr(format!("Array {}", self.container_name(&Value::Var(result))));
                self.op("new_array", vec![ops[1].clone(), descr], res);
            }
            "direct_call" | "indirect_call" | "rt_call" => {
                // A call of a graph with a jitcode is traced into; the others
                // are residual: the tracer records the call.
                let callee = match (opname, args[0].constant().map(|c| &c.value)) {
                    ("direct_call", Some(ConstValue::Func(f))) => Some(*f),
                    _ => None,
                };
                let inline = callee.is_some_and(|f| self.inlined.contains(&f));
                let target = match (opname, args[0].constant().map(|c| &c.value)) {
                    _ if inline => Operand::Descr(format!("JitCode {}", self.t.graphs[callee.unwrap()].name)),
                    ("direct_call", Some(ConstValue::Func(f))) => {
                        Operand::Descr(format!("Call {}", self.t.graphs[*f].name))
                    }
                    ("rt_call", Some(name)) => Operand::Descr(format!("Call {name}")),
                    _ => ops[0].clone(),
                };
                let mut by_kind: [Vec<Reg>; 3] = Default::default();
                for o in &ops[1..] {
                    if let Some(r) = self.in_register(o) {
                        by_kind[r.kind as usize].push(r);
                    }
                }
                let kinds = if !by_kind[2].is_empty() {
                    "irf"
                } else if !by_kind[1].is_empty() {
                    "ir"
                } else {
                    "i"
                };
                let mut call_args = vec![target];
                for (i, regs) in by_kind.into_iter().enumerate() {
                    if i < kinds.len() {
                        call_args.push(Operand::Regs(regs));
                    }
                }
                self.insns.push(Insn::Live(vec![]));
                let how = if inline { "inline_call" } else { "residual_call" };
                self.op(format!("{how}_{kinds}_{}", letter(rk)), call_args, res);
            }
            "hint" => {
                let kind = args[1].constant().and_then(|c| c.as_str()).unwrap_or_default();
                let r = res.expect("a hint has a value");
                match kind {
                    // True in the JIT.
                    "we_are_jitted" => self.op("int_copy", vec![Operand::Const(ConstValue::Int(1), Kind::Int)], res),
                    _ => {
                        let guard = if kind == "promote_string" {
                            "str_guard_value".to_string()
                        } else {
                            format!("{}_guard_value", r.kind.name())
                        };
                        self.insns.push(Insn::Live(vec![]));
                        self.op(guard, vec![ops[0].clone()], None);
                        self.op(format!("{}_copy", r.kind.name()), vec![ops[0].clone()], res);
                    }
                }
            }
            "jit_marker" => {
                let driver = args[1].constant().and_then(|c| c.as_int()).unwrap_or(0) as usize;
                let def = &self.t.jitdrivers[driver];
                let regs: Vec<Reg> = ops[2..].iter().filter_map(|o| self.in_register(o)).collect();
                let (greens, reds) = regs.split_at(def.greens.len());
                let (greens, reds) = (Operand::Regs(greens.to_vec()), Operand::Regs(reds.to_vec()));
                let kind = args[0].constant().and_then(|c| c.as_str()).unwrap_or_default();
                self.insns.push(Insn::Live(vec![]));
                self.op(kind, vec![Operand::Const(ConstValue::Int(driver as i128), Kind::Int), greens, reds], None);
            }
            // Arithmetic, comparisons, casts, panics: the same operation.
            _ => self.op(opname, ops, res),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llbuild::{c_int, LlGraphBuilder};
    use crate::lltype::SIGNED;

    /// A block that jumps to itself with its arguments swapped: the copies
    /// go through temporaries, else the second would read the first's result.
    #[test]
    fn copies_between_overlapping_registers_use_temporaries() {
        let mut b = LlGraphBuilder::new("swap", &[SIGNED, SIGNED], SIGNED);
        let p = b.params();
        let start = b.start();
        let (lp, lv) = b.block(&[SIGNED, SIGNED]);
        b.goto(start, lp, vec![p[0].into(), p[1].into()]);
        let c = b.op(lp, "int_lt", vec![lv[0].into(), c_int(10, SIGNED)], LlType::Bool);
        let ret = b.returnblock();
        b.branch(lp, c.into(), (lp, vec![lv[1].into(), lv[0].into()]), (ret, vec![lv[0].into()]));
        let code = flatten(&Translator::default(), &b.finish(), &HashSet::new()).unwrap();
        let text = code.text();
        let body = text.split("goto_if_not").nth(1).unwrap();
        assert!(
            body.contains(
                "int_copy %i3 -> %i6\n    int_copy %i2 -> %i7\n    int_copy %i6 -> %i2\n    int_copy %i7 -> %i3\n"
            ),
            "{text}"
        );
        assert_eq!(code.params.len(), 2);
    }
}
