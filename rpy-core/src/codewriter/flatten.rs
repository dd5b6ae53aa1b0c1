//! From a final low-level graph to the linear code of a `JitCode`
//! (RPython's `flatten.py`): every variable gets one register per scalar
//! leaf (a by-value struct several, `Void` none), every block a label;
//! the operations of a block become instructions in `jtransform`; links
//! become parallel copies into the registers of the target's input
//! variables and a `goto`, a bool exitswitch a `goto_if_not` (after a
//! `-live-` marker), an exitswitch with more cases a `switch` (also after
//! one), the return block an `*_return`. `liveness` then fills the
//! `-live-` markers.
//!
//! A `Flattener` is the state of one graph's flattening: its registers,
//! labels and instructions so far. `jtransform` adds the methods that
//! rewrite operations to it and reaches that state only through the
//! `pub(super)` primitives here: the registers of a value (`leaves_of`,
//! `one`, `registers`), fresh temporaries, `emit`, copies, `-live-`
//! markers. Labels, the block order and the instruction list stay here:
//! flatten knows nothing of what an operation means, and jtransform
//! nothing of blocks and links. (Why the two passes share one state
//! rather than exchange a list of operations: see `jtransform`.)

use super::module::{kind_of, leaves, ModuleBuilder};
use crate::flow::{BlockId, ConstValue, FunctionGraph, GraphId, Link, Value, VarId};
use crate::lltype::LlType;
use rpy_jitcode::{Arg, Insn, JitCode, Kind, Op, RefConst, Reg};
use std::collections::{HashMap, HashSet};

pub(super) struct Flattener<'m, 't> {
    /// What the jitcodes share: jtransform asks it for descrs.
    pub(super) m: &'m mut ModuleBuilder<'t>,
    pub(super) g: &'t FunctionGraph,
    pub(super) gid: GraphId,
    regs: HashMap<VarId, Vec<Reg>>,
    num_regs: [u32; 3],
    labels: HashMap<BlockId, u32>,
    /// The instruction each label marks (by label number).
    label_at: Vec<Option<u32>>,
    insns: Vec<Insn>,
}

pub(super) type R<T> = Result<T, String>;

/// The jitcode of graph `gid` (rtyped), its `-live-` markers still empty
/// (`liveness` fills them).
pub fn flatten(m: &mut ModuleBuilder, gid: GraphId) -> R<JitCode> {
    let t = m.t;
    let g = &t.graphs[gid];
    let mut f = Flattener {
        m,
        g,
        gid,
        regs: HashMap::new(),
        num_regs: [0; 3],
        labels: HashMap::new(),
        label_at: vec![],
        insns: vec![],
    };
    let blocks = g.iterblocks();
    for &b in &blocks {
        let block = &g.blocks[b];
        for &v in block.inputargs.iter().chain(block.operations.iter().map(|op| &op.result)) {
            let regs =
                leaves(g.concretetype(&Value::Var(v))).iter().filter_map(|(t, _)| kind_of(t)).collect::<Vec<_>>();
            let regs = regs.into_iter().map(|k| f.fresh(k)).collect();
            f.regs.insert(v, regs);
        }
    }
    for &b in &blocks {
        let l = f.new_label();
        f.labels.insert(b, l);
    }
    for &b in &blocks {
        f.block(b).map_err(|e| format!("in the jitcode of `{}`: {e}", g.name))?;
    }
    let label_at = f.label_at;
    for insn in &mut f.insns {
        for a in &mut insn.args {
            if let Arg::Label(l) = a {
                *l = label_at[*l as usize].expect("every label is placed");
            }
        }
    }
    let params = g.blocks[g.startblock].inputargs.iter().flat_map(|v| f.regs[v].clone()).collect();
    Ok(JitCode { name: g.name.clone(), params, num_regs: f.num_regs, insns: f.insns })
}

/// `v` of type `t` as the JIT keeps it in a 64-bit register: sign-extended
/// for signed types, zero-extended for the others.
fn normalized(v: i128, t: &LlType) -> i64 {
    let bits = t.int_bits().unwrap_or(64).min(64);
    let shift = 128 - bits;
    if t.is_signed() {
        ((v << shift) >> shift) as i64
    } else {
        (((v as u128) << shift) >> shift) as u64 as i64
    }
}

/// The primitives jtransform emits through.
impl Flattener<'_, '_> {
    pub(super) fn fresh(&mut self, kind: Kind) -> Reg {
        let n = &mut self.num_regs[kind as usize];
        *n += 1;
        Reg { kind, index: *n - 1 }
    }

    pub(super) fn emit(&mut self, op: Op, args: Vec<Arg>, results: Vec<Reg>) {
        self.insns.push(Insn { op, args, results });
    }

    pub(super) fn live(&mut self) {
        self.emit(Op::Live, vec![Arg::Regs(vec![])], vec![]);
    }

    /// The index in the jitcode of the next instruction emitted.
    pub(super) fn pc(&self) -> u32 {
        self.insns.len() as u32
    }

    pub(super) fn ty<'v>(&'v self, v: &'v Value) -> &'v LlType {
        self.g.concretetype(v)
    }

    /// The registers of variable `v`, one per scalar leaf.
    pub(super) fn registers(&self, v: VarId) -> Vec<Reg> {
        self.regs[&v].clone()
    }

    /// The leaves of a value: its registers, or constants.
    pub(super) fn leaves_of(&mut self, v: &Value) -> R<Vec<Arg>> {
        match v {
            Value::Var(x) => Ok(self.regs[x].iter().map(|r| Arg::Reg(*r)).collect()),
            Value::Const(c) => {
                let t = self.ty(v).clone();
                self.const_leaves(&c.value, &t)
            }
        }
    }

    /// The single leaf of a scalar value.
    pub(super) fn one(&mut self, v: &Value) -> R<Arg> {
        let mut l = self.leaves_of(v)?;
        if l.len() != 1 {
            return Err(format!("a value of type {} where a scalar was expected", self.ty(v)));
        }
        Ok(l.pop().unwrap())
    }

    /// The register file an argument belongs to.
    pub(super) fn arg_kind(a: &Arg) -> Kind {
        match a {
            Arg::Reg(r) => r.kind,
            Arg::Float(_) => Kind::Float,
            Arg::Ref(_) => Kind::Ref,
            _ => Kind::Int,
        }
    }

    pub(super) fn copy(&mut self, src: Arg, dst: Reg) {
        let op = match dst.kind {
            Kind::Int => Op::IntCopy,
            Kind::Ref => Op::RefCopy,
            Kind::Float => Op::FloatCopy,
        };
        self.emit(op, vec![src], vec![dst]);
    }

    /// Parallel copies `srcs -> dsts` (through temporaries when a
    /// destination is also a source).
    pub(super) fn parallel_copy(&mut self, srcs: Vec<Arg>, dsts: Vec<Reg>) {
        let moves: Vec<(Arg, Reg)> = srcs.into_iter().zip(dsts).filter(|(s, d)| *s != Arg::Reg(*d)).collect();
        let dests: HashSet<Reg> = moves.iter().map(|(_, r)| *r).collect();
        if moves.iter().any(|(s, _)| matches!(s, Arg::Reg(r) if dests.contains(r))) {
            let temps: Vec<Reg> = moves.iter().map(|(_, r)| self.fresh(r.kind)).collect();
            for ((src, _), tmp) in moves.iter().zip(&temps) {
                self.copy(src.clone(), *tmp);
            }
            for ((_, r), tmp) in moves.iter().zip(&temps) {
                self.copy(Arg::Reg(*tmp), *r);
            }
        } else {
            for (src, r) in moves {
                self.copy(src, r);
            }
        }
    }
}

/// Constants, labels, blocks and links.
impl Flattener<'_, '_> {
    fn new_label(&mut self) -> u32 {
        self.label_at.push(None);
        self.label_at.len() as u32 - 1
    }

    fn place(&mut self, l: u32) {
        self.label_at[l as usize] = Some(self.pc());
    }

    fn const_leaves(&mut self, c: &ConstValue, t: &LlType) -> R<Vec<Arg>> {
        let bad = || format!("the constant {c} of type {t} is not in jitcodes yet");
        Ok(match (t, c) {
            (LlType::Void, _) => vec![],
            (LlType::Struct(ts), ConstValue::Tuple(vs)) if ts.len() == vs.len() => {
                let mut out = Vec::new();
                for (t, v) in ts.iter().zip(vs) {
                    out.extend(self.const_leaves(v, t)?);
                }
                out
            }
            (LlType::Struct(_), ConstValue::None) => leaves(t)
                .iter()
                .filter_map(|(t, _)| kind_of(t))
                .map(|k| match k {
                    Kind::Int => Arg::Int(0),
                    Kind::Ref => Arg::Ref(RefConst::Null),
                    Kind::Float => Arg::Float(0.0),
                })
                .collect(),
            (LlType::Bool, ConstValue::Bool(b)) => vec![Arg::Int(*b as i64)],
            (LlType::Bool, ConstValue::Int(v)) => vec![Arg::Int((*v & 1) as i64)],
            (LlType::Int { .. } | LlType::Char | LlType::UniChar, ConstValue::Int(v)) => {
                vec![Arg::Int(normalized(*v, t))]
            }
            (LlType::Int { .. } | LlType::Char | LlType::UniChar, ConstValue::Char(ch)) => {
                vec![Arg::Int(normalized(*ch as i128, t))]
            }
            (LlType::Int { .. } | LlType::Char | LlType::UniChar, ConstValue::Bool(b)) => vec![Arg::Int(*b as i64)],
            (LlType::Float, ConstValue::Float(f)) => vec![Arg::Float(*f)],
            (LlType::Float, ConstValue::Int(v)) => vec![Arg::Float(*v as f64)],
            (LlType::Ptr(_), ConstValue::Null) => vec![Arg::Ref(RefConst::Null)],
            (LlType::FuncPtr(..), ConstValue::Null) => vec![Arg::Int(0)],
            (LlType::Ptr(_), ConstValue::Str(_) | ConstValue::Prebuilt(..)) => {
                vec![Arg::Ref(RefConst::Prebuilt(self.m.prebuilt(c)))]
            }
            _ => return Err(bad()),
        })
    }

    fn block(&mut self, b: BlockId) -> R<()> {
        let g = self.g;
        let label = self.labels[&b];
        self.place(label);
        let block = &g.blocks[b];
        if b == g.returnblock {
            let l = self.leaves_of(&Value::Var(block.inputargs[0]))?;
            match l.as_slice() {
                [] => self.emit(Op::VoidReturn, vec![], vec![]),
                [a] => {
                    let op = match Self::arg_kind(a) {
                        Kind::Int => Op::IntReturn,
                        Kind::Ref => Op::RefReturn,
                        Kind::Float => Op::FloatReturn,
                    };
                    self.emit(op, l, vec![])
                }
                _ => self.emit(Op::MultiReturn, l, vec![]),
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
                let other = self.new_label();
                let c = self.one(cond)?;
                self.live();
                self.emit(Op::GotoIfNot, vec![c, Arg::Label(other)], vec![]);
                self.follow(yes)?;
                self.place(other);
                self.follow(no)?;
            }
            (None, _) => return Err("a block has several exits and no exitswitch".into()),
            (Some(v), exits) => self.switch(v, exits)?,
        }
        Ok(())
    }

    /// A multi-way exit on an integer-like value (RPython's `insert_exits`
    /// for a switch): `-live-` (the resume point of the guards the tracer
    /// makes there), `switch v, $k0, L0, ...` with the cases by ascending
    /// key, then the default path (the `default` link, or `unreachable`
    /// when there is none: the rtyper made the switch exhaustive), then
    /// each case's label and link.
    fn switch(&mut self, v: &Value, exits: &[Link]) -> R<()> {
        let t = self.ty(v).clone();
        if !matches!(t, LlType::Int { .. } | LlType::Char | LlType::UniChar | LlType::Bool) {
            return Err(format!("a block switches on a value of type {t}"));
        }
        let mut default = None;
        let mut cases: Vec<(i64, &Link)> = Vec::new();
        for link in exits {
            // The exitcases the LLInterpreter and the LLVM backend accept.
            let key = match &link.exitcase {
                Some(ConstValue::Str(s)) if s == "default" => {
                    if default.replace(link).is_some() {
                        return Err("a switch has two default exits".into());
                    }
                    continue;
                }
                Some(ConstValue::Int(k)) => *k,
                Some(ConstValue::Char(c)) => *c as i128,
                Some(ConstValue::Bool(b)) => *b as i128,
                other => return Err(format!("a switch on a {t} has an exit with the case {other:?}")),
            };
            cases.push((normalized(key, &t), link));
        }
        cases.sort_by_key(|(k, _)| *k);
        if let Some(w) = cases.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(format!("a switch on a {t} has two exits for the case {}", w[0].0));
        }
        let value = self.one(v)?;
        let labels: Vec<u32> = cases.iter().map(|_| self.new_label()).collect();
        let mut args = vec![value];
        for ((k, _), l) in cases.iter().zip(&labels) {
            args.extend([Arg::Int(*k), Arg::Label(*l)]);
        }
        self.live();
        self.emit(Op::Switch, args, vec![]);
        match default {
            Some(link) => self.follow(link)?,
            None => self.emit(Op::Unreachable, vec![], vec![]),
        }
        for ((_, link), l) in cases.into_iter().zip(labels) {
            self.place(l);
            self.follow(link)?;
        }
        Ok(())
    }

    /// A link: copies of its arguments into the target's registers, then a
    /// jump.
    fn follow(&mut self, link: &Link) -> R<()> {
        let mut srcs = Vec::new();
        let mut dsts = Vec::new();
        for (a, t) in link.args.iter().zip(&self.g.blocks[link.target].inputargs) {
            srcs.extend(self.leaves_of(a)?);
            dsts.extend(self.regs[t].clone());
        }
        self.parallel_copy(srcs, dsts);
        self.emit(Op::Goto, vec![Arg::Label(self.labels[&link.target])], vec![]);
        Ok(())
    }
}
