//! From a final low-level graph to a `JitCode` (RPython's `jtransform`,
//! `flatten` and `liveness` in one pass and a fixpoint): every variable
//! gets one register per scalar leaf (a by-value struct several, `Void`
//! none), every block a label; operations get the JIT's names and descrs
//! (`getfield_gc_i`, `residual_call_ir_i`, `int_guard_value` for
//! `promote`, `jit_merge_point`), integer operations on types narrower
//! than 64 bits are followed by the normalization of their result
//! (`int_signext`, an `int_and` mask), links become copies and jumps, and
//! `-live-` markers before the points where a guard may fail get the
//! registers live there.

use super::module::{kind_of, leaves, ModuleBuilder};
use crate::flow::{BlockId, ConstValue, FunctionGraph, GraphId, Link, Value, VarId};
use crate::lloperation::{IntOp, LlOp};
use crate::lltype::LlType;
use rpy_jitcode::{Arg, Descr, Insn, JitCode, Kind, Op, Part, RefConst, Reg, WidthOp};
use std::collections::{HashMap, HashSet};

struct Flattener<'m, 't> {
    m: &'m mut ModuleBuilder<'t>,
    g: &'t FunctionGraph,
    gid: GraphId,
    regs: HashMap<VarId, Vec<Reg>>,
    num_regs: [u32; 3],
    labels: HashMap<BlockId, u32>,
    /// The instruction each label marks (by label number).
    label_at: Vec<Option<u32>>,
    insns: Vec<Insn>,
}

type R<T> = Result<T, String>;

/// The jitcode of graph `gid` (rtyped).
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
    let mut code = JitCode { name: g.name.clone(), params, num_regs: f.num_regs, insns: f.insns };
    super::liveness::fill_live(&mut code);
    Ok(code)
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

fn int_bits_signed(t: &LlType) -> (u32, bool) {
    (t.int_bits().unwrap_or(64), t.is_signed())
}

impl Flattener<'_, '_> {
    fn fresh(&mut self, kind: Kind) -> Reg {
        let n = &mut self.num_regs[kind as usize];
        *n += 1;
        Reg { kind, index: *n - 1 }
    }

    fn new_label(&mut self) -> u32 {
        self.label_at.push(None);
        self.label_at.len() as u32 - 1
    }

    fn place(&mut self, l: u32) {
        self.label_at[l as usize] = Some(self.insns.len() as u32);
    }

    fn emit(&mut self, op: Op, args: Vec<Arg>, results: Vec<Reg>) {
        self.insns.push(Insn { op, args, results });
    }

    fn live(&mut self) {
        self.emit(Op::Live, vec![Arg::Regs(vec![])], vec![]);
    }

    fn ty<'v>(&'v self, v: &'v Value) -> &'v LlType {
        self.g.concretetype(v)
    }

    /// The leaves of a value: its registers, or constants.
    fn leaves_of(&mut self, v: &Value) -> R<Vec<Arg>> {
        match v {
            Value::Var(x) => Ok(self.regs[x].iter().map(|r| Arg::Reg(*r)).collect()),
            Value::Const(c) => {
                let t = self.ty(v).clone();
                self.const_leaves(&c.value, &t)
            }
        }
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
            (LlType::Ptr(_), ConstValue::Str(s)) => vec![Arg::Ref(RefConst::Prebuilt(self.m.string(s)))],
            _ => return Err(bad()),
        })
    }

    /// The single leaf of a scalar value.
    fn one(&mut self, v: &Value) -> R<Arg> {
        let mut l = self.leaves_of(v)?;
        if l.len() != 1 {
            return Err(format!("a value of type {} where a scalar was expected", self.ty(v)));
        }
        Ok(l.pop().unwrap())
    }

    /// The register file an argument belongs to.
    fn arg_kind(a: &Arg) -> Kind {
        match a {
            Arg::Reg(r) => r.kind,
            Arg::Float(_) => Kind::Float,
            Arg::Ref(_) => Kind::Ref,
            _ => Kind::Int,
        }
    }

    /// The register holding `a` (a constant is copied into a fresh one:
    /// calls and merge points take registers).
    fn in_reg(&mut self, a: Arg) -> Reg {
        match a {
            Arg::Reg(r) => r,
            c => {
                let r = self.fresh(Self::arg_kind(&c));
                self.copy(c, r);
                r
            }
        }
    }

    fn copy(&mut self, src: Arg, dst: Reg) {
        let op = match dst.kind {
            Kind::Int => Op::IntCopy,
            Kind::Ref => Op::RefCopy,
            Kind::Float => Op::FloatCopy,
        };
        self.emit(op, vec![src], vec![dst]);
    }

    /// Brings `r` (holding any 64-bit value) to the normal form of an
    /// integer of `bits` bits and the given signedness.
    fn normalize(&mut self, src: Arg, dst: Reg, bits: u32, signed: bool) {
        if bits >= 64 || bits == 1 {
            if src != Arg::Reg(dst) {
                self.copy(src, dst);
            }
        } else if signed {
            self.emit(Op::IntSignext, vec![src, Arg::Int(bits as i64 / 8)], vec![dst]);
        } else {
            self.emit(Op::IntAnd, vec![src, Arg::Int(((1u64 << bits) - 1) as i64)], vec![dst]);
        }
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
            // (The flow space makes only two-way branches.)
            (Some(_), _) => return Err("a block switches on more than a bool".into()),
        }
        Ok(())
    }

    /// Parallel copies `srcs -> dsts` (through temporaries when a
    /// destination is also a source).
    fn parallel_copy(&mut self, srcs: Vec<Arg>, dsts: Vec<Reg>) {
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

    /// The three argument lists of a call (ints, refs, floats) from the
    /// leaves of `args`.
    fn call_lists(&mut self, args: &[Value]) -> R<Vec<Arg>> {
        let mut by_kind: [Vec<Reg>; 3] = Default::default();
        for a in args {
            for leaf in self.leaves_of(a)? {
                let r = self.in_reg(leaf);
                by_kind[r.kind as usize].push(r);
            }
        }
        Ok(by_kind.into_iter().map(Arg::Regs).collect())
    }

    fn call(&mut self, op: Op, descr: u32, args: &[Value], results: Vec<Reg>) -> R<()> {
        let mut all = vec![Arg::Descr(descr)];
        all.extend(self.call_lists(args)?);
        self.live();
        self.emit(op, all, results);
        Ok(())
    }

    fn operation(&mut self, opname: &str, args: &[Value], result: VarId) -> R<()> {
        let opname = LlOp::from_name(opname).ok_or_else(|| format!("{opname} is not a low-level operation"))?;
        let res = self.regs[&result].clone();
        let res_ty = self.g.concretetype(&Value::Var(result)).clone();
        let str_arg = |i: usize| args[i].constant().and_then(|c| c.as_str()).unwrap_or_default().to_string();
        let container = |v: &Value| match self.ty(v) {
            LlType::Ptr(c) => Ok(*c),
            other => Err(format!("{opname} of a {other}")),
        };
        match opname {
            LlOp::SameAs | LlOp::CastPointer => {
                let l = self.leaves_of(&args[0])?;
                self.parallel_copy(l, res);
            }
            LlOp::Hint => {
                let x = self.one(&args[0])?;
                let r = res[0];
                match str_arg(1).as_str() {
                    // True in the JIT.
                    "we_are_jitted" => self.copy(Arg::Int(1), r),
                    // False: the JIT calls the function itself.
                    "printable_location" => self.copy(Arg::Int(0), r),
                    kind => {
                        let guard = match (kind, r.kind) {
                            ("promote_string", _) => Op::StrGuardValue,
                            (_, Kind::Int) => Op::IntGuardValue,
                            (_, Kind::Ref) => Op::RefGuardValue,
                            (_, Kind::Float) => Op::FloatGuardValue,
                        };
                        self.live();
                        self.emit(guard, vec![x.clone()], vec![]);
                        self.copy(x, r);
                    }
                }
            }
            LlOp::JitMarker => {
                if str_arg(0) != "jit_merge_point" {
                    // `can_enter_jit!`: the counters tick at the merge point.
                    return Ok(());
                }
                let driver = args[1].constant().and_then(|c| c.as_int()).unwrap_or(0) as usize;
                let ngreens = self.m.t.jitdrivers[driver].greens.len();
                let mut lists = [Vec::new(), Vec::new()];
                for (i, a) in args[2..].iter().enumerate() {
                    for leaf in self.leaves_of(a)? {
                        let r = self.in_reg(leaf);
                        lists[(i >= ngreens) as usize].push(r);
                    }
                }
                let [greens, reds] = lists;
                let kinds = |rs: &[Reg]| rs.iter().map(|r| r.kind).collect::<Vec<_>>();
                self.live();
                let pc = self.insns.len() as u32;
                let jitcode = self.m.jitcode_of[&self.gid];
                self.m.merge_points.insert(driver, (jitcode, pc, kinds(&greens), kinds(&reds)));
                self.emit(Op::JitMergePoint, vec![Arg::Int(driver as i64), Arg::Regs(greens), Arg::Regs(reds)], vec![]);
            }
            LlOp::TupleNew => {
                let mut l = Vec::new();
                for a in args {
                    l.extend(self.leaves_of(a)?);
                }
                self.parallel_copy(l, res);
            }
            LlOp::TupleGetitem | LlOp::TupleSetitem => {
                let i = args[1].constant().and_then(|c| c.as_int()).unwrap_or(0) as usize;
                let fields = match self.ty(&args[0]) {
                    LlType::Struct(fs) => fs.clone(),
                    other => return Err(format!("{opname} of a {other}")),
                };
                let count = |t: &LlType| leaves(t).len();
                let start: usize = fields[..i].iter().map(count).sum();
                let range = start..start + count(&fields[i]);
                let mut l = self.leaves_of(&args[0])?;
                if opname == LlOp::TupleGetitem {
                    self.parallel_copy(l[range].to_vec(), res);
                } else {
                    let v = self.leaves_of(&args[2])?;
                    l.splice(range, v);
                    self.parallel_copy(l, res);
                }
            }
            LlOp::BoolNot => {
                let x = self.one(&args[0])?;
                self.emit(Op::IntIsZero, vec![x], res);
            }
            LlOp::CastPrimitive => {
                let x = self.one(&args[0])?;
                let (bits, signed) = int_bits_signed(&res_ty);
                self.normalize(x, res[0], bits, signed);
            }
            LlOp::CastIntToFloat | LlOp::CastUintToFloat => {
                let t = self.ty(&args[0]).clone();
                let (bits, tsigned) = int_bits_signed(&t);
                let signed = opname == LlOp::CastIntToFloat && t != LlType::Bool;
                let mut x = self.one(&args[0])?;
                if signed != tsigned && bits < 64 && t != LlType::Bool {
                    let r = self.fresh(Kind::Int);
                    self.normalize(x, r, bits, signed);
                    x = Arg::Reg(r);
                }
                let op = if !signed && bits == 64 { Op::CastUintToFloat } else { Op::CastIntToFloat };
                self.emit(op, vec![x], res);
            }
            LlOp::CastFloatToInt | LlOp::CastFloatToUint => {
                let (bits, tsigned) = int_bits_signed(&res_ty);
                let signed = opname == LlOp::CastFloatToInt;
                let x = self.one(&args[0])?;
                if bits == 64 {
                    self.emit(if signed { Op::CastFloatToInt } else { Op::CastFloatToUint }, vec![x], res.clone());
                } else {
                    let d = self.m.descr(Descr::LlOp {
                        op: WidthOp::FloatToInt,
                        bits: bits as u8,
                        signed,
                        part: Part::Whole,
                    });
                    self.emit(Op::Llop, vec![Arg::Descr(d), x], res.clone());
                }
                if signed != tsigned {
                    self.normalize(Arg::Reg(res[0]), res[0], bits, tsigned);
                }
            }
            LlOp::PtrEq | LlOp::PtrNe | LlOp::PtrIszero | LlOp::PtrNonzero => {
                let mut l = Vec::new();
                for a in args {
                    l.push(self.one(a)?);
                }
                self.emit(Op::from_name(&opname.name()).expect("a pointer operation"), l, res);
            }
            LlOp::Getfield | LlOp::Setfield => {
                let c = container(&args[0])?;
                let descrs = self.m.field_descrs(c, &str_arg(1))?;
                let obj = self.one(&args[0])?;
                if opname == LlOp::Getfield {
                    for (d, r) in descrs.into_iter().zip(res) {
                        let op = [Op::GetfieldGcI, Op::GetfieldGcR, Op::GetfieldGcF][r.kind as usize];
                        self.emit(op, vec![obj.clone(), Arg::Descr(d)], vec![r]);
                    }
                } else {
                    let values = self.leaves_of(&args[2])?;
                    for (d, v) in descrs.into_iter().zip(values) {
                        let k = Self::arg_kind(&v);
                        let op = [Op::SetfieldGcI, Op::SetfieldGcR, Op::SetfieldGcF][k as usize];
                        self.emit(op, vec![obj.clone(), v, Arg::Descr(d)], vec![]);
                    }
                }
            }
            LlOp::Getarrayitem | LlOp::Setarrayitem | LlOp::Getarraysize => {
                let c = container(&args[0])?;
                let (array, interior) = self.m.array_descr(c)?;
                let obj = self.one(&args[0])?;
                if opname == LlOp::Getarraysize {
                    self.emit(Op::ArraylenGc, vec![obj, Arg::Descr(array)], res);
                    return Ok(());
                }
                let index = self.one(&args[1])?;
                let descrs = if interior.is_empty() { vec![array] } else { interior.clone() };
                let scalar = interior.is_empty();
                if opname == LlOp::Getarrayitem {
                    for (d, r) in descrs.into_iter().zip(res) {
                        let op = if scalar {
                            [Op::GetarrayitemGcI, Op::GetarrayitemGcR, Op::GetarrayitemGcF][r.kind as usize]
                        } else {
                            [Op::GetinteriorfieldGcI, Op::GetinteriorfieldGcR, Op::GetinteriorfieldGcF][r.kind as usize]
                        };
                        self.emit(op, vec![obj.clone(), index.clone(), Arg::Descr(d)], vec![r]);
                    }
                } else {
                    let values = self.leaves_of(&args[2])?;
                    for (d, v) in descrs.into_iter().zip(values) {
                        let k = Self::arg_kind(&v) as usize;
                        let op = if scalar {
                            [Op::SetarrayitemGcI, Op::SetarrayitemGcR, Op::SetarrayitemGcF][k]
                        } else {
                            [Op::SetinteriorfieldGcI, Op::SetinteriorfieldGcR, Op::SetinteriorfieldGcF][k]
                        };
                        self.emit(op, vec![obj.clone(), index.clone(), v, Arg::Descr(d)], vec![]);
                    }
                }
            }
            LlOp::Malloc => {
                let c = container(&Value::Var(result))?;
                let d = self.m.size_descr(c);
                self.emit(Op::New, vec![Arg::Descr(d)], res);
            }
            LlOp::MallocVarsize => {
                let c = container(&Value::Var(result))?;
                let (d, _) = self.m.array_descr(c)?;
                let n = self.one(&args[1])?;
                self.emit(Op::NewArray, vec![n, Arg::Descr(d)], res);
            }
            LlOp::DirectCall => {
                let f = match args[0].constant().map(|c| &c.value) {
                    Some(ConstValue::Func(f)) => *f,
                    _ => return Err("a direct_call of a non-constant".into()),
                };
                // A call of a graph with a jitcode is traced into; the others
                // are residual: the tracer records the call.
                let traced_into = self.m.jitcode_of.get(&f).filter(|_| !self.m.portals.contains(&f));
                if let Some(&index) = traced_into {
                    let d = self.m.descr(Descr::JitCode { name: self.m.t.graphs[f].name.clone(), index });
                    self.call(Op::InlineCall, d, &args[1..], res)?;
                } else {
                    let d = self.m.call_graph(f);
                    self.call(Op::ResidualCall, d, &args[1..], res)?;
                }
            }
            LlOp::RtCall => {
                let params: Vec<usize> = (1..args.len()).collect();
                let d = self.m.call_stub(self.g, opname, args, res_ty, &params);
                self.call(Op::ResidualCall, d, &args[1..], res)?;
            }
            LlOp::IndirectCall => {
                let params: Vec<usize> = (0..args.len()).collect();
                let d = self.m.call_stub(self.g, opname, args, res_ty, &params);
                self.call(Op::ResidualCall, d, args, res)?;
            }
            LlOp::Panic | LlOp::PanicStr | LlOp::PanicAssertFailed => {
                // The values it prints are the stub's parameters; the
                // message and position its constants.
                let params: Vec<usize> = (0..args.len()).filter(|&i| matches!(args[i], Value::Var(_))).collect();
                let d = self.m.call_stub(self.g, opname, args, LlType::Void, &params);
                let vars: Vec<Value> = params.iter().map(|&i| args[i].clone()).collect();
                self.call(Op::Panic, d, &vars, vec![])?;
            }
            LlOp::PanicIf => {
                let cond = self.one(&args[0])?;
                let d = self.m.call_stub(self.g, LlOp::Panic, &args[1..], LlType::Void, &[]);
                let mut all = vec![cond, Arg::Descr(d)];
                all.extend(self.call_lists(&[])?);
                self.live();
                self.emit(Op::PanicIf, all, vec![]);
            }
            LlOp::PanicIndexIf => {
                let (len, index) = (self.one(&args[0])?, self.one(&args[1])?);
                let cond = self.fresh(Kind::Int);
                self.emit(Op::UintGe, vec![index, len], vec![cond]);
                let d = self.m.call_stub(self.g, opname, args, LlType::Void, &[0, 1]);
                let mut all = vec![Arg::Reg(cond), Arg::Descr(d)];
                all.extend(self.call_lists(&args[..2])?);
                self.live();
                self.emit(Op::PanicIf, all, vec![]);
            }
            LlOp::Int(sub) => self.int_arith(sub, true, args, res, &res_ty)?,
            LlOp::Uint(sub) => self.int_arith(sub, false, args, res, &res_ty)?,
            LlOp::Float(_) => {
                // The jitcode instructions of floats have the same names.
                let op = Op::from_name(&opname.name()).ok_or_else(|| format!("{opname} is not in jitcodes"))?;
                let mut l = Vec::new();
                for a in args {
                    l.push(self.one(a)?);
                }
                self.emit(op, l, res);
            }
        }
        Ok(())
    }

    /// `int_*` (`signed_family`) and `uint_*` operations.
    fn int_arith(&mut self, sub: IntOp, signed_family: bool, args: &[Value], res: Vec<Reg>, res_ty: &LlType) -> R<()> {
        let t = self.ty(&args[0]).clone();
        let (bits, tsigned) = int_bits_signed(&t);
        let signed = signed_family && t != LlType::Bool;
        // The operation reads its operands in its own signedness.
        let mut ops = Vec::new();
        for a in args {
            let mut x = self.one(a)?;
            if signed != tsigned && bits < 64 && t != LlType::Bool && self.ty(a) == &t {
                let r = self.fresh(Kind::Int);
                self.normalize(x, r, bits, signed);
                x = Arg::Reg(r);
            }
            ops.push(x);
        }
        let by_sign = |s: Op, u: Op| if signed { s } else { u };
        let op = match sub {
            IntOp::Add => Op::IntAdd,
            IntOp::Sub => Op::IntSub,
            IntOp::Mul => Op::IntMul,
            IntOp::And => Op::IntAnd,
            IntOp::Or => Op::IntOr,
            IntOp::Xor => Op::IntXor,
            IntOp::Lshift => Op::IntLshift,
            IntOp::Neg => Op::IntNeg,
            IntOp::Invert => Op::IntInvert,
            IntOp::Abs => Op::IntAbs,
            IntOp::Floordiv => by_sign(Op::IntFloordiv, Op::UintFloordiv),
            IntOp::Mod => by_sign(Op::IntMod, Op::UintMod),
            IntOp::Rshift => by_sign(Op::IntRshift, Op::UintRshift),
            IntOp::Lt => by_sign(Op::IntLt, Op::UintLt),
            IntOp::Le => by_sign(Op::IntLe, Op::UintLe),
            IntOp::Gt => by_sign(Op::IntGt, Op::UintGt),
            IntOp::Ge => by_sign(Op::IntGe, Op::UintGe),
            IntOp::Eq => Op::IntEq,
            IntOp::Ne => Op::IntNe,
            IntOp::Min => by_sign(Op::IntMin, Op::UintMin),
            IntOp::Max => by_sign(Op::IntMax, Op::UintMax),
            IntOp::AddChecked
            | IntOp::SubChecked
            | IntOp::MulChecked
            | IntOp::NegChecked
            | IntOp::FloordivChecked
            | IntOp::ModChecked
            | IntOp::LshiftChecked
            | IntOp::AddSat
            | IntOp::SubSat
            | IntOp::MulSat
            | IntOp::Pow
            | IntOp::Rotl
            | IntOp::Rotr
            | IntOp::Clz
            | IntOp::Ctz
            | IntOp::Popcount => {
                // Width-dependent: the low-level operation itself.
                let parts: &[Part] = if res.len() == 2 { &[Part::Ok, Part::Value] } else { &[Part::Whole] };
                for (&part, r) in parts.iter().zip(&res) {
                    let d = self.m.descr(Descr::LlOp { op: WidthOp::Int(sub), bits: bits as u8, signed, part });
                    let mut all = vec![Arg::Descr(d)];
                    all.extend(ops.iter().cloned());
                    self.emit(Op::Llop, all, vec![*r]);
                }
                return Ok(());
            }
        };
        self.emit(op, ops, res.clone());
        if matches!(res_ty, LlType::Int { .. } | LlType::Char | LlType::UniChar) {
            let (rbits, rsigned) = int_bits_signed(res_ty);
            if rbits < 64 {
                self.normalize(Arg::Reg(res[0]), res[0], rbits, rsigned);
            }
        }
        Ok(())
    }
}
