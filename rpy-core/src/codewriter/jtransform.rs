//! How each low-level operation becomes jitcode instructions (RPython's
//! `jtransform.py`): the JIT's names and descrs for the heap
//! (`getfield_gc_i` with a field descr, `getarrayitem_gc_r`, `new`), for
//! calls (`inline_call_*` of a graph with a jitcode, else
//! `residual_call_*` with a call descr; `rt_call`, `indirect_call` and the
//! panics call stub graphs, which `module` makes), for hints
//! (`int_guard_value` for `promote`) and the merge point of a driver; casts;
//! and integer operations by width and signedness: operands are read in
//! the operation's signedness, results of types narrower than 64 bits are
//! normalized (`int_signext`, an `int_and` mask), and width-dependent
//! operations are `llop`s with an `LlOp` descr.
//!
//! Design: these are methods of flatten's `Flattener`, which `flatten`
//! calls on each operation of a block as it linearizes the block, and
//! they emit instructions on registers directly. RPython's jtransform
//! instead rewrites the operations of the whole graph, on variables,
//! before flatten linearizes it and allocates registers. Here every
//! variable has its registers from the start (one per scalar leaf, no
//! allocation), and what the rewriting makes besides instructions is
//! numbered in the order of emission, operations and links interleaved:
//! temporaries (constants moved into registers for calls, operands read
//! in another signedness, and the temporaries of link copies), interned
//! string constants, the position of a merge point. A per-graph list of
//! rewritten operations would need symbolic temporaries and a renumbering
//! in flatten to give the same jitcodes, and would not narrow what each
//! side knows: jtransform uses only flatten's `pub(super)` primitives
//! (the registers of values, fresh temporaries, `emit`, copies, `-live-`
//! markers), never labels, blocks or links.

use super::flatten::{Flattener, R};
use super::module::leaves;
use crate::flow::{ConstValue, Value, VarId};
use crate::lloperation::{IntOp, LlOp};
use crate::lltype::layout::TAG;
use crate::lltype::{ContainerId, LlType};
use rpy_jitcode::{Arg, Descr, Kind, Op, Part, Reg, WidthOp};

fn int_bits_signed(t: &LlType) -> (u32, bool) {
    (t.int_bits().unwrap_or(64), t.is_signed())
}

/// Argument `i` of an operation as a string constant (empty if it is not
/// one).
fn str_arg(args: &[Value], i: usize) -> String {
    args[i].constant().and_then(|c| c.as_str()).unwrap_or_default().to_string()
}

impl Flattener<'_, '_> {
    /// The instructions of the operation `opname(args) -> result`.
    pub(super) fn operation(&mut self, opname: &str, args: &[Value], result: VarId) -> R<()> {
        let opname = LlOp::from_name(opname).ok_or_else(|| format!("{opname} is not a low-level operation"))?;
        let res = self.registers(result);
        let res_ty = self.g.concretetype(&Value::Var(result)).clone();
        match opname {
            LlOp::SameAs | LlOp::CastPointer => {
                let l = self.leaves_of(&args[0])?;
                self.parallel_copy(l, res);
            }
            LlOp::Hint => self.hint(args, res)?,
            LlOp::JitMarker => self.jit_marker(args)?,
            LlOp::TupleNew => {
                let mut l = Vec::new();
                for a in args {
                    l.extend(self.leaves_of(a)?);
                }
                self.parallel_copy(l, res);
            }
            LlOp::TupleGetitem | LlOp::TupleSetitem => self.tuple_item(opname, args, res)?,
            LlOp::BoolNot => {
                let x = self.one(&args[0])?;
                self.emit(Op::IntIsZero, vec![x], res);
            }
            LlOp::CastPrimitive => {
                let x = self.one(&args[0])?;
                let (bits, signed) = int_bits_signed(&res_ty);
                self.normalize(x, res[0], bits, signed);
            }
            LlOp::CastIntToFloat | LlOp::CastUintToFloat => self.cast_to_float(opname, args, res)?,
            LlOp::CastFloatToInt | LlOp::CastFloatToUint => self.cast_from_float(opname, args, res, &res_ty)?,
            // (64-bit integers both: registers hold them whole.)
            LlOp::ConvertFloatBytesToLonglong | LlOp::ConvertLonglongBytesToFloat => {
                let x = self.one(&args[0])?;
                self.emit(Op::from_name(&opname.name()).expect("a bit cast"), vec![x], res);
            }
            LlOp::PtrEq | LlOp::PtrNe | LlOp::PtrIszero | LlOp::PtrNonzero => {
                let mut l = Vec::new();
                for a in args {
                    l.push(self.one(a)?);
                }
                self.emit(Op::from_name(&opname.name()).expect("a pointer operation"), l, res);
            }
            LlOp::Getfield | LlOp::Setfield => self.field(opname, args, res)?,
            LlOp::Getarrayitem | LlOp::Setarrayitem | LlOp::Getarraysize => self.array_item(opname, args, res)?,
            LlOp::Malloc => {
                let c = self.container(opname, &Value::Var(result))?;
                let d = self.m.size_descr(c);
                self.emit(Op::New, vec![Arg::Descr(d)], res);
            }
            LlOp::NewTagged => self.new_tagged(args, res)?,
            LlOp::MallocVarsize => {
                let c = self.container(opname, &Value::Var(result))?;
                let (d, _) = self.m.array_descr(c)?;
                let n = self.one(&args[1])?;
                self.emit(Op::NewArray, vec![n, Arg::Descr(d)], res);
            }
            LlOp::DirectCall => self.direct_call(args, res)?,
            LlOp::RtCall => {
                let params: Vec<usize> = (1..args.len()).collect();
                let d = self.m.call_stub(self.g, opname, args, res_ty, &params);
                self.call(Op::ResidualCall, d, &args[1..], res)?;
            }
            // (A call: the interpreters and backends have no operation for
            // it, and a virtual object escapes into it.)
            LlOp::IndirectCall | LlOp::Arraycopy | LlOp::GcId => {
                let params: Vec<usize> = (0..args.len()).collect();
                let d = self.m.call_stub(self.g, opname, args, res_ty, &params);
                self.call(Op::ResidualCall, d, args, res)?;
            }
            LlOp::Panic | LlOp::Unreachable | LlOp::PanicStr => {
                // The values it prints are the stub's parameters; the
                // message and position its constants. (The stub is
                // translated code, where `unreachable` would be assumed
                // away: it is a panic there.)
                let params: Vec<usize> = (0..args.len()).filter(|&i| matches!(args[i], Value::Var(_))).collect();
                let stub_op = if opname == LlOp::Unreachable { LlOp::Panic } else { opname };
                let d = self.m.call_stub(self.g, stub_op, args, LlType::Void, &params);
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

    /// The container a pointer operand of `opname` points to.
    fn container(&self, opname: LlOp, v: &Value) -> R<ContainerId> {
        match self.ty(v) {
            LlType::Ptr(c) => Ok(*c),
            other => Err(format!("{opname} of a {other}")),
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

    /// `{int,uint}_{add,sub,mul}_ovf(x, y)`, `int_neg_ovf(x)` of a
    /// `bits`-bit type into `r`: whether the operation overflows it. At 64
    /// bits, the JIT's `int_add_ovf` and the others; below, the operation
    /// on words cannot overflow, and the test is whether its result is
    /// still of the type (which the optimizer decides from the operands'
    /// ranges for both).
    fn overflow_test(&mut self, sub: IntOp, signed: bool, bits: u32, ops: Vec<Arg>, r: Reg) -> R<()> {
        if sub == IntOp::NegOvf {
            // Only the minimum has no negation.
            let min = if bits >= 64 { i64::MIN } else { -(1i64 << (bits - 1)) };
            self.emit(Op::IntEq, vec![ops[0].clone(), Arg::Int(min)], vec![r]);
            return Ok(());
        }
        let (word_op, test) = match (sub, signed) {
            (IntOp::AddOvf, true) => (Op::IntAdd, Op::IntAddOvf),
            (IntOp::SubOvf, true) => (Op::IntSub, Op::IntSubOvf),
            (IntOp::MulOvf, true) => (Op::IntMul, Op::IntMulOvf),
            (IntOp::AddOvf, false) => (Op::IntAdd, Op::UintAddOvf),
            (IntOp::SubOvf, false) => (Op::IntSub, Op::UintSubOvf),
            _ => (Op::IntMul, Op::UintMulOvf),
        };
        if bits >= 64 {
            self.emit(test, ops, vec![r]);
            return Ok(());
        }
        let (word, narrowed) = (self.fresh(Kind::Int), self.fresh(Kind::Int));
        self.emit(word_op, ops, vec![word]);
        self.normalize(Arg::Reg(word), narrowed, bits, signed);
        self.emit(Op::IntNe, vec![Arg::Reg(word), Arg::Reg(narrowed)], vec![r]);
        Ok(())
    }

    /// `hint(x, kind)`.
    fn hint(&mut self, args: &[Value], res: Vec<Reg>) -> R<()> {
        let x = self.one(&args[0])?;
        let r = res[0];
        match str_arg(args, 1).as_str() {
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
        Ok(())
    }

    /// `jit_marker`: a driver's merge point takes its green and red leaves
    /// in registers; the module records where it is.
    fn jit_marker(&mut self, args: &[Value]) -> R<()> {
        if str_arg(args, 0) != "jit_merge_point" {
            // `can_enter_jit!`: the counters tick at the merge point; the
            // tracer learns that a back edge comes.
            self.emit(Op::LoopHeader, vec![], vec![]);
            return Ok(());
        }
        let driver = args[1].constant().and_then(|c| c.as_int()).unwrap_or(0) as usize;
        let ngreens = self.m.t.jitdrivers[driver].greens.len();
        let vable = self.m.t.jitdrivers[driver].virtualizable.map(|k| ngreens + k);
        let mut lists = [Vec::new(), Vec::new()];
        // The virtualizable's leaf among the reds' (it is one pointer).
        let mut vable_leaf = None;
        for (i, a) in args[2..].iter().enumerate() {
            if vable == Some(i) {
                vable_leaf = Some(lists[1].len() as u32);
            }
            for leaf in self.leaves_of(a)? {
                let r = self.in_reg(leaf);
                lists[(i >= ngreens) as usize].push(r);
            }
        }
        let [greens, reds] = lists;
        let kinds = |rs: &[Reg]| rs.iter().map(|r| r.kind).collect::<Vec<_>>();
        self.live();
        let pc = self.pc();
        let jitcode = self.m.jitcode_of[&self.gid];
        self.m.merge_points.insert(driver, (jitcode, pc, kinds(&greens), kinds(&reds), vable_leaf));
        self.emit(Op::JitMergePoint, vec![Arg::Int(driver as i64), Arg::Regs(greens), Arg::Regs(reds)], vec![]);
        Ok(())
    }

    /// `tuple_getitem` and `tuple_setitem`: copies of the item's leaves.
    fn tuple_item(&mut self, opname: LlOp, args: &[Value], res: Vec<Reg>) -> R<()> {
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
        Ok(())
    }

    /// `cast_int_to_float` and `cast_uint_to_float`.
    fn cast_to_float(&mut self, opname: LlOp, args: &[Value], res: Vec<Reg>) -> R<()> {
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
        Ok(())
    }

    /// `cast_float_to_int` and `cast_float_to_uint`.
    fn cast_from_float(&mut self, opname: LlOp, args: &[Value], res: Vec<Reg>, res_ty: &LlType) -> R<()> {
        let (bits, tsigned) = int_bits_signed(res_ty);
        let signed = opname == LlOp::CastFloatToInt;
        let x = self.one(&args[0])?;
        if bits == 64 {
            self.emit(if signed { Op::CastFloatToInt } else { Op::CastFloatToUint }, vec![x], res.clone());
        } else {
            let d = self.m.descr(Descr::LlOp { op: WidthOp::FloatToInt, bits: bits as u8, signed, part: Part::Whole });
            self.emit(Op::Llop, vec![Arg::Descr(d), x], res.clone());
        }
        if signed != tsigned {
            self.normalize(Arg::Reg(res[0]), res[0], bits, tsigned);
        }
        Ok(())
    }

    /// `getfield` and `setfield`: one instruction per leaf of the field.
    fn field(&mut self, opname: LlOp, args: &[Value], res: Vec<Reg>) -> R<()> {
        let c = self.container(opname, &args[0])?;
        let descrs = self.m.field_descrs(c, &str_arg(args, 1))?;
        let obj = self.one(&args[0])?;
        if opname == LlOp::Getfield {
            for (d, r) in descrs.into_iter().zip(res) {
                if self.m.data.module.is_quasi_immutable(d) {
                    // A trace reading it guards that it was not written
                    // since (`guard_not_invalidated`), resuming here.
                    self.live();
                }
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
        Ok(())
    }

    /// `new_tagged(V, x)`: the object of the variant `V` holding `x`, which
    /// is also what `new_tagged` may make (a tagged word is the other
    /// form): the JIT's interpreters make it, and the optimizer keeps it
    /// virtual while the trace does not let it escape.
    fn new_tagged(&mut self, args: &[Value], res: Vec<Reg>) -> R<()> {
        let Some(ConstValue::Container(v)) = args[0].constant().map(|c| &c.value) else {
            return Err("new_tagged of no container".into());
        };
        let t = self.m.t.tagged_variant(*v).ok_or("new_tagged of a variant that is no tagged integer")?.clone();
        let d = self.m.size_descr(*v);
        self.emit(Op::New, vec![Arg::Descr(d)], res.clone());
        let obj = Arg::Reg(res[0]);
        for (field, value) in [(TAG, Arg::Int(t.tag as i64)), (t.field.as_str(), self.one(&args[1])?)] {
            let [d] = self.m.field_descrs(*v, field)?[..] else { return Err(format!("{field} of {v} is no scalar")) };
            self.emit(Op::SetfieldGcI, vec![obj.clone(), value, Arg::Descr(d)], vec![]);
        }
        Ok(())
    }

    /// `getarrayitem`, `setarrayitem` (one instruction per leaf of an item
    /// that is a by-value struct) and `getarraysize`.
    fn array_item(&mut self, opname: LlOp, args: &[Value], res: Vec<Reg>) -> R<()> {
        let c = self.container(opname, &args[0])?;
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
        Ok(())
    }

    /// `direct_call`: an `inline_call` or a `residual_call`.
    fn direct_call(&mut self, args: &[Value], res: Vec<Reg>) -> R<()> {
        let f = match args[0].constant().map(|c| &c.value) {
            Some(ConstValue::Func(f)) => *f,
            _ => return Err("a direct_call of a non-constant".into()),
        };
        // A call of a graph with a jitcode is traced into; the others
        // are residual: the tracer records the call. A call of a portal
        // (an interpreter calling itself) is either, as the tracer
        // decides (RPython's `recursive_call`).
        let jitcode = self.m.jitcode_of.get(&f).copied();
        if let Some(index) = jitcode {
            let d = self.m.descr(Descr::JitCode { name: self.m.t.graphs[f].name.clone(), index });
            if !self.m.portals.contains(&f) {
                return self.call(Op::InlineCall, d, &args[1..], res);
            }
            let c = self.m.call_graph(f);
            let mut all = vec![Arg::Descr(d), Arg::Descr(c)];
            all.extend(self.call_lists(&args[1..])?);
            self.live();
            self.emit(Op::RecursiveCall, all, res);
            Ok(())
        } else {
            let d = self.m.call_graph(f);
            self.call(Op::ResidualCall, d, &args[1..], res)
        }
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
        if matches!(sub, IntOp::AddOvf | IntOp::SubOvf | IntOp::MulOvf | IntOp::NegOvf) {
            return self.overflow_test(sub, signed, bits, ops, res[0]);
        }
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
            IntOp::AddOvf | IntOp::SubOvf | IntOp::MulOvf | IntOp::NegOvf => unreachable!("handled above"),
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
            | IntOp::PowChecked
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
