//! rpy's own x86-64 backend: a trace straight to machine code in one
//! pass, its values placed by a linear-scan register allocator
//! (`regalloc`), as RPython's `backend/x86` does. Compiling a trace costs
//! a few microseconds per operation, a tenth of Cranelift's, and the
//! code of hot loops is as tight: operands from memory and immediates,
//! comparisons fused with their guards, items addressed in one operand,
//! cold paths (guard failures, the GC's slow paths) after all the hot code.
//!
//! The convention of its code:
//! - `rbp` holds the frame for the whole run; code never moves `rsp`
//!   but around a call (`rsp` is 16-byte aligned in code), so code goes
//!   on to other code with a plain jump. `r11` and `xmm15` are scratch:
//!   they never hold a value across instructions of two operations.
//! - Entered at its start (by the trampoline, or by `call_assembler`, or
//!   by a jump from other code), a code finds its inputs in the frame's
//!   first slots; at an unrolled loop's label, where the loop keeps them
//!   (`CompiledLoop::label`); a bridge, where its guard left them (its
//!   parent's `fail_locs`), so a guard goes on into its bridge with no move.
//! - A guard failing jumps through its slot of `bridge_slots`: to its
//!   bridge, or to its exit path, which puts the exit in `r11` and goes to
//!   the process's `save_all` routine: it stores every register into the
//!   frame's save area and returns the exit to whoever called the code
//!   (`gather` then puts the fail arguments in order).
//! - Any code may clobber every register but `rbp` and `rsp`: values live
//!   across a `call_assembler` are in the frame; the trampoline saves the
//!   registers the platform's convention asks it to.
//! - Values living across a C call are in callee-saved registers or in
//!   the frame, which is on the machine stack: the collector finds every
//!   reference (it scans the stack and the registers conservatively).

mod asm;
mod regalloc;

use super::super::interp::Tables;
use super::super::trace::{ResOp, Trace, Value};
use super::{
    exit, float_acos, float_asin, float_atan, float_atan2, float_cos, float_exp, float_log, float_log10, float_log2,
    float_max, float_min, float_mod, float_pow, float_powi, float_sin, float_tan, install, install_linked, never_young,
    Backend, CompiledLoop, Frame, Links, FINISHED, FRAME_SLOTS, FRAME_WORDS, NOT_ENTERED,
};
use crate::gc::{self, HDR_TRACK};
use asm::{Alu, Asm, Cond, Fixup, Mem, Reg, Shift, Sse, Xmm, RAX, RBP, RCX, RDI, RDX, RSI, RSP};
use regalloc::{emit_move, parallel_move, slot, Loc, Regs, Src, CALLEE_SAVED, CALLER_SAVED, SCRATCH, XMMS, XSCRATCH};
use rpy_jitcode::{Descr, JitModule, Kind, Leaf, OnWord, Op};
use std::sync::OnceLock;

/// The frame's slots values may be in: inputs, spilled values, fail
/// arguments. Then the wrappers' arguments and results, then where
/// `save_all` stores the registers.
pub const VALUE_SLOTS: usize = 192;
const CALL_AREA: usize = VALUE_SLOTS;
const CALL_SLOTS: usize = 32;
const SAVE_GPR: usize = CALL_AREA + CALL_SLOTS;
const SAVE_XMM: usize = SAVE_GPR + 16;
const _: () = assert!(SAVE_XMM + 16 == FRAME_SLOTS);
/// The slot of a frame's header (`gc::frames`) holding its extent.
const EXTENT: usize = FRAME_SLOTS + 1;
/// The extent of a frame scanned in full.
const FRAME_ALL: u64 = gc::frames::extent(FRAME_SLOTS, FRAME_SLOTS, FRAME_SLOTS);

/// The C convention's argument registers.
const ARG_GPRS: [Reg; 6] = [RDI, RSI, RDX, RCX, asm::R8, asm::R9];

/// The process's routines: the trampoline and `save_all`.
struct Routines {
    trampoline: usize,
    save_all: usize,
}

fn routines() -> Result<&'static Routines, String> {
    static R: OnceLock<Result<Routines, String>> = OnceLock::new();
    if let Some(r) = R.get() {
        return r.as_ref().map_err(|e| e.clone());
    }
    // Made holding the GIL, which `install` takes: a thread holding it
    // must not wait for another making the routines without it.
    gc::holding_gil(|| {
        R.get_or_init(|| {
            let mut a = Asm::new();
            // `u64 trampoline(code, frame)`, the C convention: saves its
            // callee-saved registers (six pushes keep `rsp` as the caller
            // left it modulo 16, so the call makes it aligned in the code).
            let saved = [asm::RBX, RBP, asm::R12, asm::R13, asm::R14, asm::R15];
            for r in saved {
                a.push(r);
            }
            a.mov_rr(RBP, RSI);
            a.call_r(RDI);
            for r in saved.iter().rev() {
                a.pop(*r);
            }
            a.ret();
            // `save_all`: reached by a jump with the exit in `r11`; returns it.
            let save_all = a.pos();
            for r in CALLER_SAVED.iter().chain(&CALLEE_SAVED) {
                a.store(slot((SAVE_GPR + r.0 as usize) as u16), *r);
            }
            for x in 0..XMMS {
                a.movsd_store(slot((SAVE_XMM + x as usize) as u16), Xmm(x));
            }
            a.mov_rr(RAX, SCRATCH);
            a.ret();
            let (start, _) = install(&mut a.code)?;
            Ok(Routines { trampoline: start, save_all: start + save_all })
        })
    })
    .as_ref()
    .map_err(|e| e.clone())
}

pub(super) fn trampoline() -> Result<usize, String> {
    routines().map(|r| r.trampoline)
}

/// After a guard failed out of code of this backend: the values at `locs`
/// (`Loc::encode`d) into the first slots of `frame`, in order.
pub(super) fn gather(locs: &[u16], frame: &mut Frame) {
    let mut values = [0u64; VALUE_SLOTS];
    for (v, l) in values.iter_mut().zip(locs) {
        *v = frame[match Loc::decode(*l) {
            Loc::Slot(s) => s as usize,
            Loc::Reg(r) => SAVE_GPR + r.0 as usize,
            Loc::Xmm(x) => SAVE_XMM + x.0 as usize,
        }];
    }
    frame[..locs.len()].copy_from_slice(&values[..locs.len()]);
}

/// Whether the CPU rounds doubles in one instruction (SSE4.1).
fn has_roundsd() -> bool {
    static HAS: OnceLock<bool> = OnceLock::new();
    *HAS.get_or_init(|| std::arch::is_x86_feature_detected!("sse4.1"))
}

/// A jump to be linked once the hot and cold code are laid out: its
/// place (in the hot or the cold code) and its target (the same).
#[derive(Clone, Copy)]
struct Link {
    from_cold: bool,
    at: Fixup,
    to_cold: bool,
    target: usize,
}

/// The state of one compilation.
struct Lower<'a, 'l> {
    /// The hot code: the trace's path, falling through its guards.
    a: Asm,
    /// The cold code, laid out after it: guard stubs, slow paths.
    cold: Asm,
    jumps: Vec<Link>,
    r: Regs,
    links: &'a Links<'l>,
    m: &'a JitModule,
    t: &'a Tables<'a>,
    trace: &'a Trace,
    index: u32,
    /// The code's `bridge_slots` (which moving the box does not move).
    bridge_slots: *const u64,
    /// Where a guard's exit path goes: `save_all`.
    save_all: usize,
    /// Per guard, the cold offset of its exit path (for `bridge_slots`).
    exits: Vec<usize>,
    fail_locs: Vec<u16>,
    fail_starts: Vec<u32>,
    /// Per guard, the hot code's jump to its stub (which `attach` makes
    /// jump to its bridge straight).
    guard_jumps: Vec<u32>,
    /// Jumps to other code: direct once the code's address is known and
    /// the target in reach (else they fall through to an absolute jump).
    far: Vec<(Fixup, usize)>,
    /// Per operation, the index of the next call at or after it (for
    /// placing values that live across one in callee-saved registers).
    next_call: Vec<u32>,
    /// The index of the operation being compiled.
    i: usize,
    /// Objects allocated since the last operation that can collect: stores
    /// into them need no write barrier (see module gc).
    fresh: Vec<u32>,
    /// The wrapper call's results slots, for the `call_result`s after it.
    call_results: usize,
    invalidated: usize,
    error: Option<String>,
}

/// Whether an operation calls out of the code (clobbering the
/// caller-saved registers).
fn is_call(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        CallI
            | CallR
            | CallF
            | CallN
            | CallPureI
            | CallPureR
            | CallPureF
            | CallPureN
            | CallAssemblerI
            | CallAssemblerR
            | CallAssemblerF
            | CallAssemblerN
            | Llop
            | FloatMod
            | FloatSin
            | FloatCos
            | FloatTan
            | FloatAsin
            | FloatAcos
            | FloatAtan
            | FloatExp
            | FloatLog
            | FloatLog10
            | FloatLog2
            | FloatPowi
            | FloatPow
            | FloatAtan2
            | FloatMin
            | FloatMax
            | CastUintToFloat
            | CastFloatToUint
    )
}

impl Lower<'_, '_> {
    fn kind(&self, v: &Value) -> Kind {
        match v {
            Value::Var(n) => self.trace.kinds[*n as usize],
            Value::Const(_, k) => *k,
        }
    }

    fn fail(&mut self, e: String) {
        self.error.get_or_insert(e);
    }

    /// Where `v` is now (a constant is its bits).
    fn src(&mut self, v: &Value) -> Src {
        match *v {
            Value::Const(k, _) => Src::Imm(k),
            Value::Var(n) => match self.r.loc[n as usize] {
                Some(l) => Src::Loc(l),
                None => {
                    self.fail(format!("the value of v{n} is used where the code does not have it"));
                    Src::Imm(0)
                }
            },
        }
    }

    /// `v` in a general register, for this operation.
    fn reg(&mut self, v: &Value) -> Reg {
        let s = self.src(v);
        if let Src::Loc(Loc::Reg(r)) = s {
            self.r.lock(Loc::Reg(r));
            return r;
        }
        let across = self.across_call(v);
        let r = self.r.gpr(&mut self.a, across);
        emit_move(&mut self.a, s, Loc::Reg(r));
        if let Value::Var(n) = *v {
            self.r.free(n);
            self.r.bind(n, Loc::Reg(r));
        }
        r
    }

    /// `v` in an SSE register, for this operation.
    fn xmm(&mut self, v: &Value) -> Xmm {
        let s = self.src(v);
        if let Src::Loc(Loc::Xmm(x)) = s {
            self.r.lock(Loc::Xmm(x));
            return x;
        }
        let x = self.r.xmm(&mut self.a);
        emit_move(&mut self.a, s, Loc::Xmm(x));
        if let Value::Var(n) = *v {
            self.r.free(n);
            self.r.bind(n, Loc::Xmm(x));
        }
        x
    }

    /// Whether `v` lives past the next call.
    fn across_call(&self, v: &Value) -> bool {
        match v {
            Value::Var(n) => self.r.last[*n as usize] > self.next_call[self.i],
            Value::Const(..) => false,
        }
    }

    fn dies_here(&self, v: &Value) -> bool {
        matches!(v, Value::Var(n) if self.r.last[*n as usize] <= self.i as u32)
    }

    /// An immediate operand: `v` a constant that fits 32 bits signed.
    fn imm(v: &Value) -> Option<i32> {
        match *v {
            Value::Const(k, _) => i32::try_from(k as i64).ok(),
            Value::Var(_) => None,
        }
    }

    /// When `x` dies here in a register: that register, now result
    /// `res`'s (an operation whose result starts as a copy of `x`).
    fn take_dying(&mut self, res: u32, x: &Value) -> Option<Loc> {
        let (Value::Var(n), Src::Loc(l @ (Loc::Reg(_) | Loc::Xmm(_)))) = (*x, self.src(x)) else { return None };
        if !self.dies_here(x) {
            return None;
        }
        self.r.free(n);
        self.r.lock(l);
        self.r.bind(res, l);
        Some(l)
    }

    /// The register result `res` goes to, holding a copy of operand `x`
    /// (an SSE one for a float): `x`'s own when `x` dies here, else a new
    /// one.
    fn result_in(&mut self, res: u32, x: &Value, float: bool) -> Loc {
        if let Some(l) = self.take_dying(res, x) {
            return l;
        }
        let xs = self.src(x);
        if let Src::Loc(l) = xs {
            self.r.lock(l); // (not the one to free for the result)
        }
        let d = if float { Loc::Xmm(self.new_xmm(res)) } else { Loc::Reg(self.new_gpr(res)) };
        emit_move(&mut self.a, xs, d);
        d
    }

    fn result_from(&mut self, res: u32, x: &Value) -> Reg {
        match self.result_in(res, x, false) {
            Loc::Reg(r) => r,
            other => unreachable!("an integer in {other:?}"),
        }
    }

    fn xresult_from(&mut self, res: u32, x: &Value) -> Xmm {
        match self.result_in(res, x, true) {
            Loc::Xmm(x) => x,
            other => unreachable!("a float in {other:?}"),
        }
    }

    /// A new general register for result `res`.
    fn new_gpr(&mut self, res: u32) -> Reg {
        let across = self.r.last[res as usize] > self.next_call[self.i];
        let d = self.r.gpr(&mut self.a, across);
        self.r.bind(res, Loc::Reg(d));
        d
    }

    fn new_xmm(&mut self, res: u32) -> Xmm {
        let d = self.r.xmm(&mut self.a);
        self.r.bind(res, Loc::Xmm(d));
        d
    }

    /// `y` as the second operand of an ALU operation: an immediate, a
    /// slot, or a register (a constant too large for an immediate in
    /// `r11`). Read before the result's register is chosen, which may be
    /// `y`'s when `y` dies here.
    fn operand(&mut self, y: &Value) -> Operand {
        match (Self::imm(y), self.src(y)) {
            (Some(k), _) => Operand::I(k),
            (None, Src::Imm(k)) => {
                self.a.mov_ri(SCRATCH, k as i64);
                Operand::R(SCRATCH)
            }
            (None, Src::Loc(Loc::Slot(s))) => Operand::M(slot(s)),
            _ => Operand::R(self.reg(y)),
        }
    }

    /// `dst op= y`.
    fn alu(&mut self, op: Alu, dst: Reg, y: Operand) {
        match y {
            Operand::I(k) => self.a.alu_ri(op, dst, k),
            Operand::R(r) => self.a.alu_rr(op, dst, r),
            Operand::M(m) => self.a.alu_rm(op, dst, m),
        }
    }

    /// A jump from the hot code to cold offset `target`.
    fn jump_to_cold(&mut self, at: Fixup, target: usize) {
        self.jumps.push(Link { from_cold: false, at, to_cold: true, target });
    }

    /// A jump from the cold code back to hot offset `target`.
    fn back_to_hot(&mut self, target: usize) {
        let at = self.cold.jmp();
        self.jumps.push(Link { from_cold: true, at, to_cold: false, target });
    }

    /// A guard: fails (to its stub) when `fail` holds after what was
    /// just emitted.
    fn guard(&mut self, op: &ResOp, fail: Cond) {
        let at = self.a.jcc(fail);
        self.guard_stub(op, at);
    }

    /// The stub of guard `op`, jumped to from `at` in the hot code: on
    /// through the guard's slot of `bridge_slots`; and its exit path,
    /// which that slot holds until the guard has a bridge.
    fn guard_stub(&mut self, op: &ResOp, at: Fixup) {
        let k = self.exits.len();
        let snapshot = op.snapshot.as_ref().expect("a guard has a snapshot");
        for n in snapshot.fail_args() {
            match self.r.loc[n as usize] {
                Some(l) => self.fail_locs.push(l.encode()),
                None => self.fail(format!("fail argument v{n} of a guard is nowhere")),
            }
        }
        self.fail_starts.push(self.fail_locs.len() as u32);
        self.guard_jumps.push(at.0 as u32);
        let stub = self.cold.pos();
        self.jump_to_cold(at, stub);
        self.cold.mov_ri(SCRATCH, self.bridge_slots.wrapping_add(k) as i64);
        self.cold.jmp_m(Mem::at(SCRATCH, 0));
        self.exits.push(self.cold.pos());
        self.cold.mov_ri(SCRATCH, exit(self.index, k as u32) as i64);
        self.jump_abs_cold(self.save_all);
    }

    /// A jump to an absolute address from the cold code (`r11` is free).
    fn jump_abs_cold(&mut self, addr: usize) {
        // `jmp [rip + 0]` and the address after it: `r11` holds the exit.
        self.cold.code.extend_from_slice(&[0xFF, 0x25, 0, 0, 0, 0]);
        self.cold.code.extend_from_slice(&(addr as u64).to_le_bytes());
    }

    /// Moves `args` to `locs` (`Loc::encode`d; `UNUSED`: not passed).
    fn move_to(&mut self, args: &[Value], locs: &[u16]) {
        let mut moves: Vec<(Src, Loc)> = (args.iter().zip(locs))
            .filter(|(_, l)| **l != UNUSED)
            .map(|(v, l)| (self.src(v), Loc::decode(*l)))
            .collect();
        let a = &mut self.a;
        parallel_move(&mut moves, &mut |s, d| emit_move(a, s, d));
    }

    /// Jumps to `addr` (else to a place to patch in this code) with
    /// `args` moved to `locs` first.
    fn jump_to(&mut self, args: &[Value], locs: &[u16], addr: Option<usize>) -> Option<Fixup> {
        self.move_to(args, locs);
        match addr {
            Some(addr) => {
                let at = self.a.jmp();
                self.far.push((at, addr));
                self.a.mov_ri(SCRATCH, addr as i64);
                self.a.jmp_r(SCRATCH);
                None
            }
            None => Some(self.a.jmp()),
        }
    }

    /// Adds one to the word at `counter` (`jit-backend-counts`).
    fn count_turn(&mut self, counter: Option<*mut u64>) {
        if let Some(c) = counter {
            self.a.mov_ri(SCRATCH, c as i64);
            self.a.alu_mi(Alu::Add, Mem::at(SCRATCH, 0), 1);
        }
    }

    /// The memory of leaf `leaf` of item `index` of array `obj` (descr
    /// `d`, an array's or an interior field's).
    fn item(&mut self, obj: Reg, index: &Value, d: u32) -> (Mem, Leaf) {
        let (array, leaf) = match &self.m.descrs[d as usize] {
            Descr::Array { item: Some(leaf), .. } => (d, *leaf),
            Descr::Interior { array, leaf } => (*array, *leaf),
            other => panic!("rpy JIT: an array descr expected, got {other}"),
        };
        let Descr::Array { items_offset, item_size, .. } = self.m.descrs[array as usize] else { unreachable!() };
        let base = items_offset as i64 + leaf.offset as i64;
        if let Value::Const(k, _) = *index {
            if let Ok(disp) = i32::try_from(base + k as i64 * item_size as i64) {
                return (Mem::at(obj, disp), leaf);
            }
        }
        let i = self.reg(index);
        let disp = base as i32;
        match item_size {
            1 | 2 | 4 | 8 => (Mem::indexed(obj, i, item_size as u8, disp), leaf),
            _ => {
                // (In a register of the operation's: storing a constant
                // takes `r11`.)
                let t = self.r.gpr(&mut self.a, false);
                self.a.imul_rri(t, i, item_size as i32);
                (Mem::indexed(obj, t, 1, disp), leaf)
            }
        }
    }

    fn load_leaf(&mut self, res: u32, m: Mem, leaf: &Leaf) {
        if leaf.kind == Kind::Float {
            let x = self.new_xmm(res);
            self.a.movsd_load(x, m);
        } else {
            let d = self.new_gpr(res);
            self.a.load_sized(d, m, leaf.size, leaf.signed);
        }
    }

    /// A field read that may meet a tagged word in `obj` (`OnWord`): the
    /// memory's value or the word's own. The rarer case is in the cold
    /// code: the word for a tag (a tag read mostly meets objects), the
    /// object for an integer (integers are mostly words).
    fn getfield_on_word(&mut self, res: u32, obj: Reg, leaf: &Leaf, on_word: OnWord) {
        let d = self.new_gpr(res);
        self.a.test_ri(obj, 1);
        let (hot, cold) = (&mut self.a, &mut self.cold);
        let load = |a: &mut Asm| a.load_sized(d, Mem::at(obj, leaf.offset as i32), leaf.size, leaf.signed);
        let word = |a: &mut Asm| match on_word {
            OnWord::Tag(t) => a.mov_ri(d, t as i64),
            OnWord::Int => {
                a.mov_rr(d, obj);
                a.shift_ri(Shift::Sar, d, 1);
            }
            OnWord::Never => unreachable!("a field read on words"),
        };
        let words_are_rare = matches!(on_word, OnWord::Tag(_));
        let at = hot.jcc(if words_are_rare { Cond::Ne } else { Cond::E });
        let cold_at = cold.pos();
        if words_are_rare {
            load(hot);
            word(cold);
        } else {
            word(hot);
            load(cold);
        }
        let back = self.a.pos();
        self.jump_to_cold(at, cold_at);
        self.back_to_hot(back);
    }

    /// Before a store of leaf `leaf` holding `v` into object `obj` (in
    /// register `r`): the write barrier, for references into objects not
    /// known young, unless what is stored is never young.
    fn barrier(&mut self, obj: &Value, r: Reg, leaf: &Leaf, v: &Value) {
        if leaf.kind == Kind::Ref && !matches!(obj, Value::Var(n) if self.fresh.contains(n)) && !never_young(v) {
            self.write_barrier(r);
        }
    }

    /// Stores `v` at `m` (after the object's `barrier`).
    fn store_leaf(&mut self, m: Mem, leaf: &Leaf, v: &Value) {
        if leaf.kind == Kind::Float {
            let x = self.xmm(v);
            self.a.movsd_store(m, x);
            return;
        }
        match (Self::imm(v), leaf.size) {
            (Some(k), 8) => self.a.store_imm(m, k),
            _ => {
                let r = match v {
                    Value::Const(k, _) => {
                        self.a.mov_ri(SCRATCH, *k as i64);
                        SCRATCH
                    }
                    Value::Var(_) => self.reg(v),
                };
                self.a.store_sized(m, r, leaf.size);
            }
        }
    }

    /// The write barrier's test of `obj`'s header, its slow path cold.
    fn write_barrier(&mut self, obj: Reg) {
        self.a.test_mi(Mem::at(obj, 0), HDR_TRACK as i32);
        let at = self.a.jcc(Cond::Ne);
        self.cold_path(&[at], gc::rpy_gc_write_barrier as *const u8 as usize, &[Arg::R(obj)], None);
    }

    /// A call of the C function at `addr` in the cold code, jumped to from
    /// `ats` and back to the hot code's current position: `args` in the
    /// convention's registers, its result (if any) into `result`, every
    /// other register as it was.
    fn cold_path(&mut self, ats: &[Fixup], addr: usize, args: &[Arg], result: Option<Reg>) {
        let back = self.a.pos();
        for at in ats {
            self.jump_to_cold(*at, self.cold.pos());
        }
        let saved: Vec<Reg> =
            CALLER_SAVED.iter().copied().filter(|r| self.r.holder(*r).is_some() && Some(*r) != result).collect();
        let xsaved: Vec<Xmm> = (0..XMMS).map(Xmm).filter(|x| self.r.xholder(*x).is_some()).collect();
        let (m, e) = self.frame_extent(0);
        let c = &mut self.cold;
        c.store_imm(m, e);
        for r in &saved {
            c.push(*r);
        }
        // (`rsp` aligned at the call.)
        let room = 8 * (xsaved.len() + (saved.len() + xsaved.len()) % 2) as i32;
        if room > 0 {
            c.alu_ri(Alu::Sub, RSP, room);
        }
        for (k, x) in xsaved.iter().enumerate() {
            c.movsd_store(Mem::at(RSP, 8 * k as i32), *x);
        }
        let mut moves: Vec<(Src, Loc)> = (args.iter().zip(ARG_GPRS))
            .map(|(a, d)| match a {
                Arg::R(r) => (Src::Loc(Loc::Reg(*r)), Loc::Reg(d)),
                Arg::K(k) => (Src::Imm(*k as u64), Loc::Reg(d)),
            })
            .collect();
        parallel_move(&mut moves, &mut |s, d| emit_move(c, s, d));
        c.mov_ri(SCRATCH, addr as i64);
        c.call_r(SCRATCH);
        if let Some(r) = result {
            c.mov_rr(r, RAX);
        }
        for (k, x) in xsaved.iter().enumerate() {
            c.movsd_load(*x, Mem::at(RSP, 8 * k as i32));
        }
        if room > 0 {
            c.alu_ri(Alu::Add, RSP, room);
        }
        for r in saved.iter().rev() {
            c.pop(*r);
        }
        self.back_to_hot(back);
    }

    /// Before a call that may collect: what of the frame the collector
    /// scans if it is a registered one (`gc::frames`): the slots up to the
    /// last one holding a variable, and the first `call_words` of the call
    /// area (a wrapper's arguments and results).
    fn frame_extent(&self, call_words: usize) -> (Mem, i32) {
        let e = gc::frames::extent(self.r.slots_end(), CALL_AREA, CALL_AREA + call_words);
        (Mem::at(RBP, 8 * EXTENT as i32), e as i32)
    }

    /// A C call from the hot code: `args` (general or SSE by their kinds)
    /// into the convention's registers, the result (if any) bound to `res`.
    fn call_c(&mut self, addr: usize, args: &[Value], res: Option<u32>) {
        self.r.save_for_call(&mut self.a, self.i, true);
        let (m, e) = self.frame_extent(0);
        self.a.store_imm(m, e);
        let (mut gi, mut xi) = (0, 0);
        let mut moves = Vec::new();
        for v in args {
            let s = self.src(v);
            if self.kind(v) == Kind::Float {
                moves.push((s, Loc::Xmm(Xmm(xi))));
                xi += 1;
            } else {
                moves.push((s, Loc::Reg(ARG_GPRS[gi])));
                gi += 1;
            }
        }
        let a = &mut self.a;
        parallel_move(&mut moves, &mut |s, d| emit_move(a, s, d));
        self.a.mov_ri(SCRATCH, addr as i64);
        self.a.call_r(SCRATCH);
        self.after_call(false);
        if let Some(res) = res {
            if self.trace.kinds[res as usize] == Kind::Float {
                self.r.bind(res, Loc::Xmm(Xmm(0)));
            } else {
                self.r.bind(res, Loc::Reg(RAX));
            }
        }
    }

    /// After a call: the registers it clobbered hold nothing, and objects
    /// allocated before it are no longer known young.
    fn after_call(&mut self, all: bool) {
        for n in self.trace.ops[self.i].uses() {
            if self.r.last[n as usize] <= self.i as u32 {
                self.r.free(n);
            }
        }
        self.r.clobbered(all);
        self.fresh.clear();
    }

    /// A new zeroed object of type `ti` (of `length` items when varsize):
    /// the GC's allocation fast path inline (a bump in its size class's
    /// run, the header and length stored), its slow path cold. Nothing
    /// between the bump and the stores can collect.
    fn malloc(&mut self, res: u32, ti: *const gc::TypeInfo, length: Option<usize>) {
        // SAFETY: the module's type infos are static.
        let info = unsafe { &*ti };
        let size = info.size_for_length(length.unwrap_or(0));
        let class = size.map_or(gc::LARGE_CLASS, gc::size_class);
        let p = self.new_gpr(res);
        let (addr, args) = match length {
            None => (gc::rpy_gc_malloc as *const u8 as usize, vec![Arg::K(ti as i64)]),
            Some(n) => (gc::rpy_gc_malloc_varsize as *const u8 as usize, vec![Arg::K(ti as i64), Arg::K(n as i64)]),
        };
        if class >= gc::NUM_SIZE_CLASSES {
            let at = self.a.jmp();
            self.cold_path(&[at], addr, &args, Some(p));
            return;
        }
        let t = self.r.gpr(&mut self.a, false);
        self.a.mov_ri(SCRATCH, gc::alloc_run(class) as i64);
        self.a.load(p, Mem::at(SCRATCH, 0));
        self.a.lea(t, Mem::at(p, gc::CLASS_SIZES[class] as i32));
        self.a.alu_rm(Alu::Cmp, t, Mem::at(SCRATCH, 8));
        let at = self.a.jcc(Cond::A);
        self.a.store(Mem::at(SCRATCH, 0), t);
        self.a.mov_ri(SCRATCH, ti as i64);
        self.a.store(Mem::at(p, 0), SCRATCH);
        if let Some(n) = length {
            self.a.mov_ri(SCRATCH, n as i64);
            self.a.store(Mem::at(p, info.length_offset as i32), SCRATCH);
        }
        self.cold_path(&[at], addr, &args, Some(p));
    }

    /// `malloc_varsize(ti, n)` of a length known only when the code runs:
    /// the bump of the run of the size class the length gives (from the
    /// GC's table of classes by eighths) when the array is at most
    /// `INLINE_MAX` bytes; else, and when the run is full, the call.
    fn malloc_array(&mut self, res: u32, ti: *const gc::TypeInfo, length: &Value) {
        // SAFETY: the module's type infos are static.
        let info = unsafe { &*ti };
        let n = self.reg(length);
        let p = self.new_gpr(res);
        let args = [Arg::K(ti as i64), Arg::R(n)];
        let addr = gc::rpy_gc_malloc_varsize as *const u8 as usize;
        const STEPPED: usize = gc::sizeclass::INLINE_MAX;
        // The largest length of the stepped classes (unsigned: a negative
        // length is the call's error).
        let room = STEPPED.checked_sub(info.items_offset).filter(|_| info.fixed_size <= STEPPED);
        let Some(room) = room else {
            let at = self.a.jmp();
            self.cold_path(&[at], addr, &args, Some(p));
            return;
        };
        let max = room.checked_div(info.item_size).unwrap_or(room);
        let t = self.r.gpr(&mut self.a, false);
        self.a.mov_ri(SCRATCH, max as i64);
        self.a.alu_rr(Alu::Cmp, n, SCRATCH);
        let too_long = self.a.jcc(Cond::A);
        // The size, at least the fixed part; its class from its eighth
        // (`(size - 1) / 8`), the class's slot size, and its run at
        // `runs + class * 16`.
        self.a.imul_rri(t, n, info.item_size as i32);
        self.a.alu_ri(Alu::Add, t, info.items_offset as i32);
        self.a.mov_ri(SCRATCH, info.fixed_size as i64);
        self.a.alu_rr(Alu::Cmp, t, SCRATCH);
        self.a.cmov(Cond::B, t, SCRATCH);
        self.a.alu_ri(Alu::Sub, t, 1);
        self.a.shift_ri(Shift::Shr, t, 3);
        self.a.mov_ri(SCRATCH, gc::sizeclass::CLASS_BY_EIGHTHS.as_ptr() as i64);
        self.a.load_sized(t, Mem::indexed(SCRATCH, t, 1, 0), 1, false);
        self.a.mov_ri(SCRATCH, gc::sizeclass::CLASS_SLOTS.as_ptr() as i64);
        self.a.load(p, Mem::indexed(SCRATCH, t, 8, 0));
        self.a.shift_ri(Shift::Shl, t, 4);
        self.a.mov_ri(SCRATCH, gc::alloc_run(0) as i64);
        self.a.alu_rr(Alu::Add, SCRATCH, t);
        // `t`: the slot's end; `p`: the object.
        self.a.mov_rr(t, p);
        self.a.load(p, Mem::at(SCRATCH, 0));
        self.a.alu_rr(Alu::Add, t, p);
        self.a.alu_rm(Alu::Cmp, t, Mem::at(SCRATCH, 8));
        let full = self.a.jcc(Cond::A);
        self.a.store(Mem::at(SCRATCH, 0), t);
        self.a.mov_ri(SCRATCH, ti as i64);
        self.a.store(Mem::at(p, 0), SCRATCH);
        self.a.store(Mem::at(p, info.length_offset as i32), n);
        self.cold_path(&[too_long, full], addr, &args, Some(p));
    }
}

/// `k` when `divisor` is the constant 2^k (1 <= k <= 62; at most 31 for a
/// remainder, whose mask is an immediate).
fn power_of_two(divisor: &Value, remainder: bool) -> Option<u8> {
    let Value::Const(c, _) = *divisor else { return None };
    let k = c.trailing_zeros();
    let most = if remainder { 31 } else { 62 };
    (c.is_power_of_two() && (1..=most).contains(&k)).then_some(k as u8)
}

/// The second operand of an ALU operation.
#[derive(Clone, Copy)]
enum Operand {
    I(i32),
    R(Reg),
    M(Mem),
}

/// An argument of a call from the cold code: a register or a constant.
#[derive(Clone, Copy)]
enum Arg {
    R(Reg),
    K(i64),
}

/// The condition an integer comparison tests.
fn int_cond(op: Op) -> Option<Cond> {
    use Op::*;
    Some(match op {
        IntLt => Cond::L,
        IntLe => Cond::Le,
        IntEq | PtrEq => Cond::E,
        IntNe | PtrNe => Cond::Ne,
        IntGt => Cond::G,
        IntGe => Cond::Ge,
        UintLt => Cond::B,
        UintLe => Cond::Be,
        UintGt => Cond::A,
        UintGe => Cond::Ae,
        _ => return None,
    })
}

impl Lower<'_, '_> {
    /// Emits the flags of a condition operation (a comparison, a test,
    /// an overflow check) and says which condition is its result; `None`
    /// for other operations.
    fn condition(&mut self, op: &ResOp) -> Option<Cond> {
        use Op::*;
        let a = &op.args;
        if let Some(c) = int_cond(op.op) {
            let x = self.reg(&a[0]);
            let y = self.operand(&a[1]);
            self.alu(Alu::Cmp, x, y);
            return Some(c);
        }
        Some(match op.op {
            IntIsZero | IntIsTrue | PtrIszero | PtrNonzero => {
                let x = self.reg(&a[0]);
                self.a.test_rr(x, x);
                if matches!(op.op, IntIsZero | PtrIszero) {
                    Cond::E
                } else {
                    Cond::Ne
                }
            }
            IntAddOvf | IntSubOvf | UintAddOvf | UintSubOvf => {
                let x = self.reg(&a[0]);
                // (The sum is made in `r11`: a large constant goes to a
                // register of its own.)
                let y = match (Self::imm(&a[1]), &a[1]) {
                    (None, Value::Const(..)) => Operand::R(self.reg(&a[1])),
                    _ => self.operand(&a[1]),
                };
                self.a.mov_rr(SCRATCH, x);
                let alu = if matches!(op.op, IntAddOvf | UintAddOvf) { Alu::Add } else { Alu::Sub };
                self.alu(alu, SCRATCH, y);
                if matches!(op.op, IntAddOvf | IntSubOvf) {
                    Cond::O
                } else {
                    Cond::B
                }
            }
            IntMulOvf => {
                let x = self.reg(&a[0]);
                let y = self.reg(&a[1]);
                self.a.mov_rr(SCRATCH, x);
                self.a.imul_rr(SCRATCH, y);
                Cond::O
            }
            FloatLt | FloatLe | FloatGt | FloatGe => {
                // `ucomisd` sets "below" for less and for unordered: the
                // greater operand first, so NaN tests false.
                let (x, y) = (self.xmm(&a[0]), self.xmm(&a[1]));
                match op.op {
                    FloatLt | FloatLe => self.a.ucomisd(y, x),
                    _ => self.a.ucomisd(x, y),
                }
                if matches!(op.op, FloatLt | FloatGt) {
                    Cond::A
                } else {
                    Cond::Ae
                }
            }
            _ => return None,
        })
    }

    /// Compiles operation `op` (not a label, jump, finish or
    /// `guard_always_fails`). `next` is the operation after it: a guard
    /// on its result alone is fused with it (`skip` then says so).
    fn op(&mut self, op: &ResOp, next: Option<&ResOp>) -> bool {
        use Op::*;
        let a = &op.args;
        let res = op.result;
        // A condition whose only use is the guard right after it.
        if let (Some(r), Some(g)) = (res, next) {
            let only_guard = matches!(g.op, GuardTrue | GuardFalse)
                && g.args[0] == Value::Var(r)
                && self.r.last[r as usize] == self.i as u32 + 1
                && !g.snapshot.as_ref().is_some_and(|s| s.values().any(|v| *v == Value::Var(r)));
            if only_guard {
                if let Some(c) = self.condition(op) {
                    self.end_op();
                    self.i += 1;
                    let fail = if g.op == GuardTrue { c.negate() } else { c };
                    self.guard(g, fail);
                    return true;
                }
            }
        }
        if let Some(c) = self.condition(op) {
            let r = res.expect("a condition has a result");
            let d = self.new_gpr(r);
            self.a.set(c, d);
            return false;
        }
        match op.op {
            DebugMergePoint => {}
            Jump | Label | Finish | GuardAlwaysFails => unreachable!("handled by the caller"),
            SameAsI | SameAsR => {
                self.result_from(res.unwrap(), &a[0]);
            }
            SameAsF => {
                self.xresult_from(res.unwrap(), &a[0]);
            }
            GuardTrue | GuardFalse => {
                let x = self.reg(&a[0]);
                self.a.test_rr(x, x);
                self.guard(op, if op.op == GuardTrue { Cond::E } else { Cond::Ne });
            }
            GuardValue if self.kind(&a[0]) == Kind::Float => {
                let (x, y) = (self.xmm(&a[0]), self.xmm(&a[1]));
                self.a.ucomisd(x, y);
                let unordered = self.a.jcc(Cond::P);
                self.guard(op, Cond::Ne);
                // (The same stub, for NaN.)
                let stub = self.jumps.last().expect("the guard's link").target;
                self.jump_to_cold(unordered, stub);
            }
            GuardValue => {
                let x = self.reg(&a[0]);
                let y = self.operand(&a[1]);
                self.alu(Alu::Cmp, x, y);
                self.guard(op, Cond::Ne);
            }
            GuardNotInvalidated => {
                self.a.mov_ri(SCRATCH, self.invalidated as i64);
                self.a.alu_mi(Alu::Cmp, Mem::at(SCRATCH, 0), 0);
                self.guard(op, Cond::Ne);
            }
            IntAdd | IntSub | IntAnd | IntOr | IntXor | IntMul => {
                let r = res.unwrap();
                let commutes = op.op != IntSub;
                // The operand that dies in a register becomes the result.
                let (x, y) =
                    if commutes && !self.dies_here(&a[0]) && self.dies_here(&a[1]) && !matches!(a[1], Value::Const(..))
                    {
                        (&a[1], &a[0])
                    } else {
                        (&a[0], &a[1])
                    };
                match (op.op, Self::imm(y)) {
                    (IntAdd | IntSub, Some(k))
                        if !self.dies_here(x) || !matches!(self.src(x), Src::Loc(Loc::Reg(_))) =>
                    {
                        let s = self.reg(x);
                        let d = self.new_gpr(r);
                        let k = if op.op == IntSub { k.wrapping_neg() } else { k };
                        self.a.lea(d, Mem::at(s, k));
                    }
                    (IntMul, Some(k)) => {
                        let s = self.reg(x);
                        let d = self.result_from(r, x);
                        self.a.imul_rri(d, s, k);
                    }
                    (IntMul, None) => {
                        let yr = self.reg(y);
                        let d = self.result_from(r, x);
                        self.a.imul_rr(d, yr);
                    }
                    _ => {
                        let y = self.operand(y);
                        let d = self.result_from(r, x);
                        let alu = match op.op {
                            IntAdd => Alu::Add,
                            IntSub => Alu::Sub,
                            IntAnd => Alu::And,
                            IntOr => Alu::Or,
                            _ => Alu::Xor,
                        };
                        self.alu(alu, d, y);
                    }
                }
            }
            IntFloordiv | IntMod if let Some(k) = power_of_two(&a[1], op.op == IntMod) => {
                // Truncating division by 2^k: a shift, a negative dividend
                // biased by 2^k - 1 first (no `idiv`, tens of cycles).
                let r = res.unwrap();
                let s = self.src(&a[0]);
                emit_move(&mut self.a, s, Loc::Reg(SCRATCH));
                self.a.shift_ri(Shift::Sar, SCRATCH, 63);
                self.a.shift_ri(Shift::Shr, SCRATCH, 64 - k);
                let d = self.result_from(r, &a[0]);
                self.a.alu_rr(Alu::Add, d, SCRATCH);
                if op.op == IntFloordiv {
                    self.a.shift_ri(Shift::Sar, d, k);
                } else {
                    // ((x + bias) mod 2^k) - bias
                    self.a.alu_ri(Alu::And, d, ((1u64 << k) - 1) as i32);
                    self.a.alu_rr(Alu::Sub, d, SCRATCH);
                }
            }
            IntFloordiv | IntMod | UintFloordiv | UintMod => {
                let r = res.unwrap();
                let s = self.src(&a[1]);
                emit_move(&mut self.a, s, Loc::Reg(SCRATCH));
                self.r.lock(Loc::Reg(RAX));
                self.r.evict(&mut self.a, RDX);
                self.r.evict(&mut self.a, RAX);
                let s = self.src(&a[0]);
                emit_move(&mut self.a, s, Loc::Reg(RAX));
                if matches!(op.op, IntFloordiv | IntMod) {
                    self.a.cqo();
                    self.a.idiv(SCRATCH);
                } else {
                    self.a.mov_ri(RDX, 0);
                    self.a.div(SCRATCH);
                }
                self.end_op();
                let at = if matches!(op.op, IntFloordiv | UintFloordiv) { RAX } else { RDX };
                self.r.bind(r, Loc::Reg(at));
                return false;
            }
            UintMulOvf => {
                let r = res.unwrap();
                let s = self.src(&a[1]);
                emit_move(&mut self.a, s, Loc::Reg(SCRATCH));
                self.r.lock(Loc::Reg(RAX));
                self.r.evict(&mut self.a, RDX);
                self.r.evict(&mut self.a, RAX);
                let s = self.src(&a[0]);
                emit_move(&mut self.a, s, Loc::Reg(RAX));
                self.a.mul(SCRATCH);
                self.a.set(Cond::O, RAX);
                self.end_op();
                self.r.bind(r, Loc::Reg(RAX));
                return false;
            }
            IntLshift | IntRshift | UintRshift => {
                let r = res.unwrap();
                let shift = match op.op {
                    IntLshift => Shift::Shl,
                    IntRshift => Shift::Sar,
                    _ => Shift::Shr,
                };
                if let Value::Const(k, _) = a[1] {
                    let d = self.result_from(r, &a[0]);
                    self.a.shift_ri(shift, d, (k & 63) as u8);
                } else {
                    let s = self.src(&a[1]);
                    emit_move(&mut self.a, s, Loc::Reg(SCRATCH));
                    self.r.evict(&mut self.a, RCX);
                    self.a.mov_rr(RCX, SCRATCH);
                    let d = self.result_from(r, &a[0]);
                    self.a.shift_cl(shift, d);
                }
            }
            IntMin | IntMax | UintMin | UintMax => {
                let y = self.reg(&a[1]);
                let d = self.result_from(res.unwrap(), &a[0]);
                self.a.alu_rr(Alu::Cmp, d, y);
                let take_y = match op.op {
                    IntMin => Cond::G,
                    IntMax => Cond::L,
                    UintMin => Cond::A,
                    _ => Cond::B,
                };
                self.a.cmov(take_y, d, y);
            }
            IntNeg | IntInvert => {
                let d = self.result_from(res.unwrap(), &a[0]);
                if op.op == IntNeg {
                    self.a.neg(d)
                } else {
                    self.a.not(d)
                }
            }
            IntAbs => {
                let x = self.reg(&a[0]);
                self.a.mov_rr(SCRATCH, x);
                let d = self.result_from(res.unwrap(), &a[0]);
                self.a.neg(d);
                self.a.cmov(Cond::S, d, SCRATCH);
            }
            IntSignext => {
                let Value::Const(bytes, _) = a[1] else {
                    self.fail("int_signext by a variable".into());
                    return false;
                };
                let d = self.result_from(res.unwrap(), &a[0]);
                let shift = (64 - 8 * bytes) as u8;
                self.a.shift_ri(Shift::Shl, d, shift);
                self.a.shift_ri(Shift::Sar, d, shift);
            }
            FloatAdd | FloatSub | FloatMul | FloatTruediv => {
                let r = res.unwrap();
                let commutes = matches!(op.op, FloatAdd | FloatMul);
                let (x, y) = if commutes && !self.dies_here(&a[0]) && self.dies_here(&a[1]) {
                    (&a[1], &a[0])
                } else {
                    (&a[0], &a[1])
                };
                let yx = self.xmm(y);
                let d = self.xresult_from(r, x);
                let sse = match op.op {
                    FloatAdd => Sse::Add,
                    FloatSub => Sse::Sub,
                    FloatMul => Sse::Mul,
                    _ => Sse::Div,
                };
                self.a.sse(sse, d, yx);
            }
            FloatNeg | FloatAbs => {
                let d = self.xresult_from(res.unwrap(), &a[0]);
                let mask = if op.op == FloatNeg { 1u64 << 63 } else { !(1u64 << 63) };
                self.a.mov_ri(SCRATCH, mask as i64);
                self.a.movq_xr(XSCRATCH, SCRATCH);
                if op.op == FloatNeg {
                    self.a.xorpd(d, XSCRATCH)
                } else {
                    self.a.andpd(d, XSCRATCH)
                }
            }
            FloatSqrt => {
                let x = self.xmm(&a[0]);
                let d = self.new_xmm(res.unwrap());
                self.a.sse(Sse::Sqrt, d, x);
            }
            FloatFloor | FloatCeil if has_roundsd() => {
                let x = self.xmm(&a[0]);
                let d = self.new_xmm(res.unwrap());
                // 8: no precision exception.
                self.a.roundsd(d, x, if op.op == FloatFloor { 9 } else { 10 });
            }
            FloatFloor => self.call_c(float_floor as *const u8 as usize, &a[..1], res),
            FloatCeil => self.call_c(float_ceil as *const u8 as usize, &a[..1], res),
            FloatEq | FloatNe => {
                let (x, y) = (self.xmm(&a[0]), self.xmm(&a[1]));
                let d = self.new_gpr(res.unwrap());
                self.a.ucomisd(x, y);
                if op.op == FloatEq {
                    self.a.set(Cond::E, d);
                    self.a.set(Cond::Np, SCRATCH);
                    self.a.alu_rr(Alu::And, d, SCRATCH);
                } else {
                    self.a.set(Cond::Ne, d);
                    self.a.set(Cond::P, SCRATCH);
                    self.a.alu_rr(Alu::Or, d, SCRATCH);
                }
            }
            FloatMod => self.call_c(float_mod as *const u8 as usize, &a[..2], res),
            FloatMin => self.call_c(float_min as *const u8 as usize, &a[..2], res),
            FloatMax => self.call_c(float_max as *const u8 as usize, &a[..2], res),
            FloatSin => self.call_c(float_sin as *const u8 as usize, &a[..1], res),
            FloatCos => self.call_c(float_cos as *const u8 as usize, &a[..1], res),
            FloatExp => self.call_c(float_exp as *const u8 as usize, &a[..1], res),
            FloatLog => self.call_c(float_log as *const u8 as usize, &a[..1], res),
            FloatTan => self.call_c(float_tan as *const u8 as usize, &a[..1], res),
            FloatAsin => self.call_c(float_asin as *const u8 as usize, &a[..1], res),
            FloatAcos => self.call_c(float_acos as *const u8 as usize, &a[..1], res),
            FloatAtan => self.call_c(float_atan as *const u8 as usize, &a[..1], res),
            FloatLog10 => self.call_c(float_log10 as *const u8 as usize, &a[..1], res),
            FloatLog2 => self.call_c(float_log2 as *const u8 as usize, &a[..1], res),
            FloatPowi => self.call_c(float_powi as *const u8 as usize, &a[..2], res),
            FloatPow => self.call_c(float_pow as *const u8 as usize, &a[..2], res),
            FloatAtan2 => self.call_c(float_atan2 as *const u8 as usize, &a[..2], res),
            ConvertFloatBytesToLonglong | ConvertLonglongBytesToFloat => {
                // The same bits in a register of the other class (straight
                // from a slot or a constant).
                let x = self.src(&a[0]);
                if let Src::Loc(l) = x {
                    self.r.lock(l);
                }
                let r = res.unwrap();
                let d = if op.op == ConvertFloatBytesToLonglong {
                    Loc::Reg(self.new_gpr(r))
                } else {
                    Loc::Xmm(self.new_xmm(r))
                };
                emit_move(&mut self.a, x, d);
            }
            CastIntToFloat => {
                let x = self.reg(&a[0]);
                let d = self.new_xmm(res.unwrap());
                // (Cleared first: `cvtsi2sd` keeps the register's high half.)
                self.a.xorpd(d, d);
                self.a.cvtsi2sd(d, x);
            }
            CastFloatToInt => {
                // Rust's `as`: saturating, NaN to 0. `cvttsd2si` gives
                // i64::MIN for all three: fixed in the cold code.
                let x = self.xmm(&a[0]);
                let d = self.new_gpr(res.unwrap());
                self.a.cvttsd2si(d, x);
                self.a.alu_ri(Alu::Cmp, d, 1);
                let at = self.a.jcc(Cond::O);
                let back = self.a.pos();
                self.jump_to_cold(at, self.cold.pos());
                let c = &mut self.cold;
                c.ucomisd(x, x);
                let nan = c.jcc(Cond::P);
                c.xorpd(XSCRATCH, XSCRATCH);
                c.ucomisd(x, XSCRATCH);
                let negative = c.jcc(Cond::B);
                c.mov_ri(d, i64::MAX);
                let done = c.jmp();
                let p = c.pos();
                c.patch(nan, p);
                c.mov_ri(d, 0);
                let p = c.pos();
                c.patch(negative, p);
                c.patch(done, p);
                self.back_to_hot(back);
            }
            CastUintToFloat => self.call_c(uint_to_float as *const u8 as usize, &a[..1], res),
            CastFloatToUint => self.call_c(float_to_uint as *const u8 as usize, &a[..1], res),
            Llop => {
                // args: the descr's index, then the operands.
                let d = op.descr.expect("an llop descr") as u64;
                let m = self.m as *const JitModule as u64;
                let y = a.get(2).copied().unwrap_or(Value::Const(0, Kind::Int));
                // (A float operand as its bits: the call's registers are
                // general ones.)
                let x = match a[1] {
                    Value::Var(n) if self.trace.kinds[n as usize] == Kind::Float => {
                        let xr = self.xmm(&a[1]);
                        self.a.movq_rx(SCRATCH, xr);
                        None
                    }
                    v => Some(v),
                };
                self.r.save_for_call(&mut self.a, self.i, true);
                let (at, e) = self.frame_extent(0);
                self.a.store_imm(at, e);
                let mut moves = vec![(Src::Imm(m), Loc::Reg(RDI)), (Src::Imm(d), Loc::Reg(RSI))];
                match x {
                    Some(v) => moves.push((self.src(&v), Loc::Reg(RDX))),
                    None => moves.push((Src::Loc(Loc::Reg(SCRATCH)), Loc::Reg(RDX))),
                }
                moves.push((self.src(&y), Loc::Reg(RCX)));
                let asm = &mut self.a;
                parallel_move(&mut moves, &mut |s, d| emit_move(asm, s, d));
                self.a.mov_ri(SCRATCH, super::super::eval::rpy_jit_llop as *const u8 as i64);
                self.a.call_r(SCRATCH);
                self.after_call(false);
                if let Some(r) = res {
                    self.r.bind(r, Loc::Reg(RAX));
                }
            }
            GetfieldGcI | GetfieldGcR | GetfieldGcF => {
                let Some(Descr::Field { leaf, on_word, .. }) = op.descr.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                let obj = self.reg(&a[0]);
                if *on_word == OnWord::Never {
                    self.load_leaf(res.unwrap(), Mem::at(obj, leaf.offset as i32), leaf);
                } else {
                    self.getfield_on_word(res.unwrap(), obj, leaf, *on_word);
                }
            }
            SetfieldGc => {
                let Some(Descr::Field { leaf, .. }) = op.descr.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                let obj = self.reg(&a[0]);
                self.barrier(&a[0], obj, leaf, &a[1]);
                self.store_leaf(Mem::at(obj, leaf.offset as i32), leaf, &a[1]);
            }
            GetarrayitemGcI | GetarrayitemGcR | GetarrayitemGcF | GetinteriorfieldGcI | GetinteriorfieldGcR
            | GetinteriorfieldGcF => {
                let obj = self.reg(&a[0]);
                let (m, leaf) = self.item(obj, &a[1], op.descr.expect("an array descr"));
                self.load_leaf(res.unwrap(), m, &leaf);
            }
            SetarrayitemGc | SetinteriorfieldGc => {
                let obj = self.reg(&a[0]);
                let d = op.descr.expect("an array descr");
                let leaf = match &self.m.descrs[d as usize] {
                    Descr::Array { item: Some(leaf), .. } | Descr::Interior { leaf, .. } => *leaf,
                    other => panic!("rpy JIT: an array descr expected, got {other}"),
                };
                // (Before the item's address: the barrier's call keeps
                // only registers that hold values.)
                self.barrier(&a[0], obj, &leaf, &a[2]);
                let (m, leaf) = self.item(obj, &a[1], d);
                self.store_leaf(m, &leaf, &a[2]);
            }
            ArraylenGc => {
                let Some(Descr::Array { length_offset, .. }) = op.descr.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                let obj = self.reg(&a[0]);
                let d = self.new_gpr(res.unwrap());
                self.a.load(d, Mem::at(obj, *length_offset as i32));
            }
            New => {
                let Some(Descr::Size { typeinfo, .. }) = op.descr.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                let r = res.unwrap();
                self.malloc(r, self.t.typeinfos[*typeinfo as usize], None);
                // (Its slow path may have collected: older objects are old.)
                self.fresh.clear();
                self.fresh.push(r);
            }
            NewTagged => {
                let Some(Descr::Size { typeinfo, word: Some((tag, offset)), .. }) =
                    op.descr.map(|d| &self.m.descrs[d as usize])
                else {
                    unreachable!()
                };
                let ti = self.t.typeinfos[*typeinfo as usize];
                let x = self.reg(&a[0]);
                let p = self.new_gpr(res.unwrap());
                // (A shift by one overflows when bits 63 and 62 differ: the
                // integer does not fit in 63 bits.)
                self.a.mov_rr(p, x);
                self.a.shift_ri(Shift::Shl, p, 1);
                let at = self.a.jcc(Cond::O);
                self.a.alu_ri(Alu::Or, p, 1);
                let args = [Arg::K(ti as i64), Arg::K(*tag as i64), Arg::K(*offset as i64), Arg::R(x)];
                self.cold_path(&[at], super::new_tagged_object as *const u8 as usize, &args, Some(p));
                // (Its slow path may have collected: older objects are old.)
                self.fresh.clear();
            }
            NewArray => {
                let Some(Descr::Array { typeinfo, .. }) = op.descr.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                let ti = self.t.typeinfos[*typeinfo as usize];
                let r = res.unwrap();
                match a[0] {
                    Value::Const(n, _) => self.malloc(r, ti, Some(n as usize)),
                    _ => self.malloc_array(r, ti, &a[0]),
                }
                self.fresh.clear();
                self.fresh.push(r);
            }
            CallI | CallR | CallF | CallN | CallPureI | CallPureR | CallPureF | CallPureN => {
                let Some(Descr::Call { target, results, .. }) = op.descr.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                self.call_wrapper(*target, a, results.len(), res);
            }
            CallAssemblerI | CallAssemblerR | CallAssemblerF | CallAssemblerN => self.call_assembler(op),
            CallResultI | CallResultR | CallResultF => {
                let Value::Const(k, _) = a[0] else { unreachable!("a leaf's index is a constant") };
                let r = res.unwrap();
                let m = slot((self.call_results + k as usize) as u16);
                if self.trace.kinds[r as usize] == Kind::Float {
                    let x = self.new_xmm(r);
                    self.a.movsd_load(x, m);
                } else {
                    let d = self.new_gpr(r);
                    self.a.load(d, m);
                }
            }
            other => self.fail(format!("the backend cannot compile {} yet", other.name())),
        }
        false
    }

    /// The end of an operation: its registers are free to be chosen again,
    /// and the values it used last are nowhere.
    fn end_op(&mut self) {
        let op = &self.trace.ops[self.i];
        let dead: Vec<u32> = op.uses().filter(|n| self.r.last[*n as usize] <= self.i as u32).collect();
        for n in dead {
            self.r.free(n);
        }
        if let Some(r) = op.result {
            // A result nothing uses.
            if self.r.last[r as usize] <= self.i as u32 {
                self.r.free(r);
            }
        }
        self.r.unlock_all();
    }

    /// A call through wrapper `target`: the arguments in the frame's call
    /// area, then its results.
    fn call_wrapper(&mut self, target: u32, args: &[Value], nresults: usize, res: Option<u32>) {
        let results_at = CALL_AREA + args.len().max(1);
        if results_at + nresults > CALL_AREA + CALL_SLOTS {
            self.fail(format!("a call of {} arguments and {nresults} results", args.len()));
            return;
        }
        for (k, v) in args.iter().enumerate() {
            let s = self.src(v);
            emit_move(&mut self.a, s, Loc::Slot((CALL_AREA + k) as u16));
        }
        self.r.save_for_call(&mut self.a, self.i, true);
        let (m, e) = self.frame_extent(results_at + nresults - CALL_AREA);
        self.a.store_imm(m, e);
        self.a.lea(RDI, slot(CALL_AREA as u16));
        self.a.lea(RSI, slot(results_at as u16));
        self.a.mov_ri(SCRATCH, self.t.calls[target as usize] as usize as i64);
        self.a.call_r(SCRATCH);
        self.after_call(false);
        self.call_results = results_at;
        if let Some(r) = res {
            let m = slot(results_at as u16);
            if self.trace.kinds[r as usize] == Kind::Float {
                let x = self.new_xmm(r);
                self.a.movsd_load(x, m);
            } else {
                let d = self.new_gpr(r);
                self.a.load(d, m);
            }
        }
    }

    /// `call_assembler(token, reds...)` (RPython's): the reds in a frame
    /// of the callee's own on the machine stack, a call of the entry the
    /// token holds with `rbp` that frame; when the code finished, its
    /// result is in the frame's first slot, else (a guard without a bridge
    /// failed, or the token has no code, or the stack is low) the helper
    /// runs the portal on and gives it. Every value living on is in the
    /// caller's frame meanwhile: code clobbers every register.
    fn call_assembler(&mut self, op: &ResOp) {
        let token = op.assembler_token().expect("a call_assembler's token is a constant");
        let token = (self.links.tokens)(token) as i64;
        let bytes = 8 * FRAME_WORDS as i32;
        // The reds, read before anything moves.
        let reds: Vec<Src> = op.args[1..].iter().map(|v| self.src(v)).collect();
        self.a.alu_ri(Alu::Sub, RSP, bytes);
        for (k, s) in reds.iter().enumerate() {
            let m = Mem::at(RSP, 8 * k as i32);
            match *s {
                Src::Loc(Loc::Reg(r)) => self.a.store(m, r),
                Src::Loc(Loc::Xmm(x)) => self.a.movsd_store(m, x),
                Src::Loc(Loc::Slot(s)) => {
                    self.a.load(SCRATCH, slot(s));
                    self.a.store(m, SCRATCH);
                }
                Src::Imm(k) => {
                    self.a.mov_ri(SCRATCH, k as i64);
                    self.a.store(m, SCRATCH);
                }
            }
        }
        // Values living on go to the caller's frame (below `rsp` is the
        // callee's; the caller's frame is `rbp`).
        self.r.save_for_call(&mut self.a, self.i, false);
        let (m, e) = self.frame_extent(0);
        self.a.store_imm(m, e);
        // The callee's frame joins the collector's chain (`gc::frames`),
        // scanned in full until its code says what it uses.
        let chain = &raw const gc::frames::rpy_gc_jit_frames as i64;
        let header = 8 * FRAME_SLOTS as i32;
        self.a.mov_ri(SCRATCH, chain);
        self.a.load(RCX, Mem::at(SCRATCH, 0));
        self.a.store(Mem::at(RSP, header), RCX);
        self.a.store_imm(Mem::at(RSP, header + 8), FRAME_ALL as i32);
        self.a.store_imm(Mem::at(RSP, header + 16), FRAME_SLOTS as i32);
        self.a.lea(RCX, Mem::at(RSP, header));
        self.a.store(Mem::at(SCRATCH, 0), RCX);
        self.a.mov_ri(SCRATCH, self.links.stack_limit as i64);
        self.a.load(SCRATCH, Mem::at(SCRATCH, 0));
        self.a.alu_rr(Alu::Cmp, RSP, SCRATCH);
        let low = self.a.jcc(Cond::Be);
        self.a.mov_ri(SCRATCH, token);
        self.a.load(RAX, Mem::at(SCRATCH, 0));
        self.a.test_rr(RAX, RAX);
        let no_code = self.a.jcc(Cond::E);
        self.a.push(RBP);
        self.a.lea(RBP, Mem::at(RSP, 8));
        self.a.call_r(RAX);
        self.a.pop(RBP);
        // Finished (the guard part of the exit all ones)?
        self.a.mov_rr(SCRATCH, RAX);
        self.a.not(SCRATCH);
        self.a.shift_ri(Shift::Shl, SCRATCH, 32);
        let slow = self.a.jcc(Cond::Ne);
        self.a.load(RAX, Mem::at(RSP, 0));
        let done = self.a.pos();
        // The cold paths: not entered; the helper.
        let not_entered = self.cold.pos();
        self.jump_to_cold(low, not_entered);
        self.jump_to_cold(no_code, not_entered);
        self.cold.mov_ri(RAX, NOT_ENTERED as i64);
        let helper = self.cold.pos();
        self.jump_to_cold(slow, helper);
        // (The frame holds the failed guard's values: scanned in full.)
        self.cold.store_imm(Mem::at(RSP, header + 8), FRAME_ALL as i32);
        self.cold.mov_rr(RSI, RAX);
        self.cold.mov_ri(RDI, token);
        self.cold.mov_rr(RDX, RSP);
        self.cold.mov_ri(SCRATCH, self.links.assembler_helper as i64);
        self.cold.call_r(SCRATCH);
        self.back_to_hot(done);
        self.a.load(RCX, Mem::at(RSP, header));
        self.a.mov_ri(SCRATCH, chain);
        self.a.store(Mem::at(SCRATCH, 0), RCX);
        self.a.alu_ri(Alu::Add, RSP, bytes);
        self.after_call(true);
        if let Some(r) = op.result {
            if op.op == Op::CallAssemblerF {
                let x = self.new_xmm(r);
                self.a.movq_xr(x, RAX);
            } else {
                self.r.bind(r, Loc::Reg(RAX));
            }
        }
    }
}

extern "C" fn float_floor(x: f64) -> f64 {
    x.floor()
}
extern "C" fn float_ceil(x: f64) -> f64 {
    x.ceil()
}
extern "C" fn uint_to_float(x: u64) -> f64 {
    x as f64
}
extern "C" fn float_to_uint(x: f64) -> u64 {
    x as u64
}

thread_local! {
    /// The hot and cold code buffers, kept from one compilation to the next
    /// so that their memory is reused.
    static BUFFERS: std::cell::Cell<Option<(Asm, Asm)>> = const { std::cell::Cell::new(None) };
}

/// Where the label's arguments are kept: `u16::MAX` for one the loop's
/// body does not use (a jump to the label need not pass it).
const UNUSED: u16 = u16::MAX;

/// Compiles a trace (its last operation a `jump`, a `finish` or a
/// `guard_always_fails`) as code number `index`; a bridge's `inputs` are
/// where its guard leaves them (else they are in the frame's first slots).
pub(super) fn compile_loop(
    trace: &Trace,
    m: &JitModule,
    t: &Tables,
    index: u32,
    links: &Links,
    counter: Option<*mut u64>,
    inputs: Option<&[u16]>,
) -> Result<CompiledLoop, String> {
    let routines = routines()?;
    let ninputs = trace.ninputs as usize;
    if inputs.is_none() && ninputs > VALUE_SLOTS {
        return Err(format!("{ninputs} values in the frame (at most {VALUE_SLOTS})"));
    }
    let nguards = trace.ops.iter().filter(|o| o.snapshot.is_some()).count();
    let bridge_slots = vec![0u64; nguards].into_boxed_slice();
    let invalidated = Box::new(std::sync::atomic::AtomicU64::new(0));
    let mut r = Regs::new(trace.kinds.len());
    let mut used = vec![false; trace.kinds.len()];
    for (i, op) in trace.ops.iter().enumerate() {
        if let Some(res) = op.result {
            r.last[res as usize] = i as u32;
        }
        for n in op.uses() {
            r.last[n as usize] = i as u32;
            used[n as usize] = true;
        }
    }
    let mut next_call = vec![u32::MAX; trace.ops.len() + 1];
    for i in (0..trace.ops.len()).rev() {
        next_call[i] = if is_call(trace.ops[i].op) { i as u32 } else { next_call[i + 1] };
    }
    let (mut hot, mut cold) = BUFFERS.take().unwrap_or_default();
    hot.clear();
    cold.clear();
    let mut l = Lower {
        a: hot,
        cold,
        jumps: Vec::new(),
        r,
        links,
        m,
        t,
        trace,
        index,
        bridge_slots: bridge_slots.as_ptr(),
        save_all: routines.save_all,
        exits: Vec::new(),
        fail_locs: Vec::new(),
        fail_starts: vec![0],
        guard_jumps: Vec::with_capacity(nguards),
        far: Vec::new(),
        next_call,
        i: 0,
        fresh: Vec::new(),
        call_results: 0,
        invalidated: &*invalidated as *const _ as usize,
        error: None,
    };
    for i in 0..ninputs {
        let loc = match inputs {
            None => Loc::Slot(i as u16),
            Some(locs) => Loc::decode(locs[i]),
        };
        if used[i] {
            l.r.bind(i as u32, loc);
        }
    }
    let turns = counter.map(|c| c.wrapping_add(1));
    l.count_turn(counter);
    let has_label = trace.ops.iter().any(|op| op.op == Op::Label);
    // A loop without a label: its head is here, its inputs in registers
    // as far as they go.
    let mut head: Option<(usize, Vec<u16>)> = None;
    if !has_label && trace.ops.last().is_some_and(|op| op.op == Op::Jump && op.descr.is_none()) {
        let (mut gprs, mut xmms) = (CALLER_SAVED.len() + CALLEE_SAVED.len() - 3, XMMS as usize - 3);
        for i in 0..ninputs as u32 {
            let v = Value::Var(i);
            match l.r.loc[i as usize] {
                Some(Loc::Slot(_)) if trace.kinds[i as usize] == Kind::Float && xmms > 0 => {
                    l.xmm(&v);
                    xmms -= 1;
                }
                Some(Loc::Slot(_)) if trace.kinds[i as usize] != Kind::Float && gprs > 0 => {
                    l.reg(&v);
                    gprs -= 1;
                }
                _ => {}
            }
        }
        l.r.unlock_all();
        let locs = (0..ninputs).map(|i| l.r.loc[i].map_or(UNUSED, Loc::encode)).collect();
        head = Some((l.a.pos(), locs));
        l.count_turn(turns);
    }
    let mut label: Option<(usize, Vec<u16>)> = None;
    let mut i = 0;
    while i < trace.ops.len() {
        let op = &trace.ops[i];
        l.i = i;
        match op.op {
            Op::Label => {
                let mut locs = Vec::with_capacity(op.args.len());
                let mut args = Vec::with_capacity(op.args.len());
                for v in &op.args {
                    let Value::Var(n) = *v else { return Err("a label's argument is a constant".into()) };
                    let live = l.r.last[n as usize] > i as u32 && !args.contains(&n);
                    locs.push(match (live, l.r.loc[n as usize]) {
                        (true, Some(loc)) => loc.encode(),
                        _ => UNUSED,
                    });
                    args.push(n);
                }
                // What the preamble alone uses is nowhere in the body.
                for n in 0..trace.kinds.len() as u32 {
                    if !args.contains(&n) {
                        l.r.free(n);
                    }
                }
                l.end_op();
                // (A turn of the loop may collect before it comes back
                // here: the preamble's new objects are not young then.)
                l.fresh.clear();
                // A loop's body starts on a fetch block's boundary (code is
                // installed on 64-byte boundaries): its speed then does not
                // depend on where the preamble happens to end.
                l.a.align(32);
                label = Some((l.a.pos(), locs));
                l.count_turn(turns);
            }
            Op::Finish => {
                if op.args.len() > VALUE_SLOTS {
                    return Err(format!("{} values in the frame (at most {VALUE_SLOTS})", op.args.len()));
                }
                let locs: Vec<u16> = (0..op.args.len() as u16).collect();
                l.move_to(&op.args, &locs);
                l.a.mov_ri(RAX, exit(index, FINISHED) as i64);
                l.a.ret();
                break;
            }
            Op::GuardAlwaysFails => {
                let at = l.a.jmp();
                l.guard_stub(op, at);
                break;
            }
            Op::Jump => {
                match op.descr {
                    None => {
                        let (pos, locs) = label.as_ref().or(head.as_ref()).ok_or("a jump back to no label")?;
                        let (pos, locs) = (*pos, locs.clone());
                        if let Some(at) = l.jump_to(&op.args, &locs, None) {
                            l.a.patch(at, pos);
                        }
                    }
                    Some(code) => {
                        let target = (links.codes)(code);
                        let (addr, locs): (usize, Vec<u16>) = match (&target.label, trace.enters_label) {
                            (Some((addr, locs)), true) => (*addr, locs.to_vec()),
                            (None, true) => return Err("a jump to the label of a code without one".into()),
                            (_, false) => (target.entry as usize, (0..op.args.len() as u16).collect()),
                        };
                        l.jump_to(&op.args, &locs, Some(addr));
                    }
                }
                break;
            }
            _ => {
                l.op(op, trace.ops.get(i + 1));
                l.end_op();
                i = l.i;
            }
        }
        i += 1;
    }
    let error = match (l.error.take(), l.r.full) {
        (Some(e), _) => Some(e),
        (None, true) => Some(format!("more values in the frame than its {VALUE_SLOTS} slots")),
        (None, false) => None,
    };
    // The cold code after the hot code.
    let hot = l.a.code.len();
    let mut code = l.a;
    code.code.extend_from_slice(&l.cold.code);
    for j in &l.jumps {
        let at = Fixup(j.at.0 + if j.from_cold { hot } else { 0 });
        code.patch(at, j.target + if j.to_cold { hot } else { 0 });
    }
    let far = std::mem::take(&mut l.far);
    let installed = match error {
        Some(e) => Err(e),
        None => install_linked(&mut code.code, |start, bytes| {
            for (at, target) in far {
                // (Out of reach, the displacement stays 0: on to the
                // absolute jump after it.)
                Asm::patch_abs(bytes, at, start, target);
            }
        }),
    };
    // (Not after a large trace: the buffers would keep its size.)
    if code.code.capacity() <= 1 << 16 {
        BUFFERS.set(Some((code, l.cold)));
    }
    let (start, size) = installed?;
    let mut bridge_slots = bridge_slots;
    for (slot, exit) in bridge_slots.iter_mut().zip(&l.exits) {
        *slot = (start + hot + exit) as u64;
    }
    Ok(CompiledLoop {
        backend: Backend::X64,
        size,
        entry: start as *const u8,
        bridge_slots,
        invalidated,
        fail_locs: l.fail_locs.into_boxed_slice(),
        fail_starts: l.fail_starts.into_boxed_slice(),
        guard_jumps: l.guard_jumps.into_boxed_slice(),
        label: label.map(|(pos, locs)| (start + pos, locs.into_boxed_slice())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jit::trace::{FrameSnapshot, Snapshot};
    use smallvec::smallvec;

    /// The instructions of `code`'s first `len` bytes, as `objdump` prints
    /// them (mnemonic and operands).
    fn disassemble(code: &[u8]) -> Vec<String> {
        let dir = std::env::temp_dir().join(format!("rpy-x64-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bin = dir.join("code.bin");
        std::fs::write(&bin, code).unwrap();
        let out = std::process::Command::new("objdump")
            .args(["-D", "-b", "binary", "-m", "i386:x86-64", "-M", "intel"])
            .arg(&bin)
            .output()
            .expect("objdump (binutils) disassembles the code");
        let _ = std::fs::remove_dir_all(&dir);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.splitn(3, '\t').nth(2).map(|i| i.split_whitespace().collect::<Vec<_>>().join(" ")))
            .collect()
    }

    /// The hot loop of `i1 = i0 + 1; guard_true(i1 < n); jump(i1)` is an
    /// add, a compare fused with its guard's branch and the jump back: its
    /// value in a register, no memory access.
    #[test]
    fn a_counting_loop_is_four_instructions_in_registers() {
        let mut trace = Trace::new(&[Kind::Int, Kind::Int]);
        let (i2, c) = (trace.new_var(Kind::Int), trace.new_var(Kind::Int));
        let live = vec![(rpy_jitcode::Reg { kind: Kind::Int, index: 0 }, Value::Var(i2))];
        let frame = FrameSnapshot { jitcode: 0, pc: 0, live };
        let snapshot = Snapshot { frames: vec![std::rc::Rc::new(frame)], ..Snapshot::default() };
        trace.ops = vec![
            ResOp {
                op: Op::IntAdd,
                args: smallvec![Value::Var(0), Value::Const(1, Kind::Int)],
                descr: None,
                result: Some(i2),
                snapshot: None,
            },
            ResOp {
                op: Op::IntLt,
                args: smallvec![Value::Var(i2), Value::Var(1)],
                descr: None,
                result: Some(c),
                snapshot: None,
            },
            ResOp {
                op: Op::GuardTrue,
                args: smallvec![Value::Var(c)],
                descr: None,
                result: None,
                snapshot: Some(Box::new(snapshot)),
            },
            ResOp {
                op: Op::Jump,
                args: smallvec![Value::Var(i2), Value::Var(1)],
                descr: None,
                result: None,
                snapshot: None,
            },
        ];
        let links =
            Links { codes: &|_| unreachable!(), tokens: &|_| std::ptr::null(), assembler_helper: 0, stack_limit: 0 };
        let tables = Tables { calls: &[], typeinfos: &[], prebuilt: &[] };
        let code = compile_loop(&trace, &JitModule::default(), &tables, 0, &links, None, None).unwrap();
        // SAFETY: the code's memory, alive while `code` is.
        let bytes = unsafe { std::slice::from_raw_parts(code.entry, code.size) };
        let all = disassemble(bytes);
        let back = all.iter().position(|i| i.starts_with("jmp")).expect("the jump back");
        let head = all.iter().position(|i| i.starts_with("lea") || i.starts_with("add")).expect("the add");
        let body = &all[head..=back];
        assert_eq!(body.len(), 4, "{all:#?}");
        assert!(body.iter().all(|i| !i.contains('[')), "{body:#?}");
        assert!(body[1].starts_with("cmp") && body[2].starts_with("jge"), "{body:#?}");
        let mut frame = [0u64; FRAME_WORDS];
        frame[1] = 1000;
        // SAFETY: the code reads and writes the frame only (holding the
        // GIL, as the dispatcher runs code).
        let exit = gc::holding_gil(|| unsafe { super::super::enter(&code, &mut frame) });
        code.fail_args(0, &mut frame);
        assert_eq!((super::super::exit_parts(exit), frame[0]), ((0, 0), 1000));
    }
}
