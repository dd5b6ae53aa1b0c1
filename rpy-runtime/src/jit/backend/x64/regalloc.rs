//! Where the values of a trace are while its code runs: the linear-scan
//! register allocator of the x64 backend (RPython's `regalloc.py`, made
//! for straight-line traces). A value is in exactly one place at a time —
//! a general register, an SSE register or a slot of the frame — from its
//! definition to its last use (a guard's fail arguments are uses); when
//! registers run out, the value whose last use is farthest goes to a slot.
//! Moves between places are emitted as the allocator decides them, and a
//! set of moves that must happen at once (a jump's arguments into its
//! target's places) is sequenced with the scratch registers breaking
//! cycles.
//!
//! Architecture invariant: the allocator knows registers, slots and the
//! last uses of values; nothing of operations or descrs.

use super::asm::{Asm, Mem, Reg, Xmm, R10, R12, R13, R14, R15, R8, R9, RAX, RBP, RBX, RCX, RDI, RDX, RSI};
use super::VALUE_SLOTS;

/// The register no value is ever in: addresses, spilled constants and
/// the guard failure paths use it.
pub const SCRATCH: Reg = super::asm::R11;
/// The SSE register no value is ever in.
pub const XSCRATCH: Xmm = Xmm(15);

/// The general registers values are kept in, those a C call clobbers
/// first: the allocator gives a value that lives across a call one of
/// the others.
pub const CALLER_SAVED: [Reg; 8] = [RAX, RCX, RDX, RSI, RDI, R8, R9, R10];
pub const CALLEE_SAVED: [Reg; 5] = [RBX, R12, R13, R14, R15];
/// The SSE registers values are kept in (all are clobbered by C calls).
pub const XMMS: u8 = 15;

/// A place: a general register, an SSE register, or a slot of the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Reg(Reg),
    Xmm(Xmm),
    Slot(u16),
}

impl Loc {
    /// As `CompiledLoop::fail_locs` keeps it: a slot's number, or 256 +
    /// a general register's, or 512 + an SSE register's.
    pub fn encode(self) -> u16 {
        match self {
            Loc::Slot(s) => s,
            Loc::Reg(r) => 0x100 | r.0 as u16,
            Loc::Xmm(x) => 0x200 | x.0 as u16,
        }
    }

    pub fn decode(n: u16) -> Loc {
        match n >> 8 {
            0 => Loc::Slot(n),
            1 => Loc::Reg(Reg(n as u8)),
            _ => Loc::Xmm(Xmm(n as u8)),
        }
    }
}

/// The memory of frame slot `s` (the frame is in `rbp`).
pub fn slot(s: u16) -> Mem {
    Mem::at(RBP, 8 * s as i32)
}

/// What a move reads: a place, or a 64-bit constant (a float's bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Loc(Loc),
    Imm(u64),
}

const NONE: u32 = u32::MAX;

/// The allocator's state at one point of the trace.
pub struct Regs {
    /// Per variable: where it is (`None` before its definition and after
    /// its last use).
    pub loc: Vec<Option<Loc>>,
    /// Per variable: the index of the operation that uses it last.
    pub last: Vec<u32>,
    /// The variable in each general and SSE register (`NONE`: free).
    gpr: [u32; 16],
    xmm: [u32; 16],
    /// The slots that hold a variable, as bits.
    slots: [u64; VALUE_SLOTS / 64],
    /// The registers the current operation reads or writes: never chosen
    /// to be freed for another.
    locked: u32,
    xlocked: u32,
    /// Set when a value finds no slot: the trace does not compile.
    pub full: bool,
}

impl Regs {
    pub fn new(nvars: usize) -> Regs {
        Regs {
            loc: vec![None; nvars],
            last: vec![0; nvars],
            gpr: [NONE; 16],
            xmm: [NONE; 16],
            slots: [0; VALUE_SLOTS / 64],
            locked: 0,
            xlocked: 0,
            full: false,
        }
    }

    /// Variable `v` is at `l` (its definition, or an input's place).
    pub fn bind(&mut self, v: u32, l: Loc) {
        match l {
            Loc::Reg(r) => self.gpr[r.0 as usize] = v,
            Loc::Xmm(x) => self.xmm[x.0 as usize] = v,
            Loc::Slot(s) => self.slots[s as usize / 64] |= 1 << (s % 64),
        }
        self.loc[v as usize] = Some(l);
    }

    /// Variable `v` is nowhere any more.
    pub fn free(&mut self, v: u32) {
        match self.loc[v as usize].take() {
            Some(Loc::Reg(r)) => self.gpr[r.0 as usize] = NONE,
            Some(Loc::Xmm(x)) => self.xmm[x.0 as usize] = NONE,
            Some(Loc::Slot(s)) => self.slots[s as usize / 64] &= !(1 << (s % 64)),
            None => {}
        }
    }

    pub fn lock(&mut self, l: Loc) {
        match l {
            Loc::Reg(r) => self.locked |= 1 << r.0,
            Loc::Xmm(x) => self.xlocked |= 1 << x.0,
            Loc::Slot(_) => {}
        }
    }

    pub fn unlock_all(&mut self) {
        (self.locked, self.xlocked) = (0, 0);
    }

    pub fn holder(&self, r: Reg) -> Option<u32> {
        Some(self.gpr[r.0 as usize]).filter(|v| *v != NONE)
    }

    pub fn xholder(&self, x: Xmm) -> Option<u32> {
        Some(self.xmm[x.0 as usize]).filter(|v| *v != NONE)
    }

    /// A free slot, marked used by nothing yet.
    pub fn free_slot(&mut self) -> u16 {
        for (w, bits) in self.slots.iter().enumerate() {
            if *bits != u64::MAX {
                return (w * 64 + bits.trailing_ones() as usize) as u16;
            }
        }
        self.full = true;
        0
    }

    /// One more than the highest slot holding a variable (0: none).
    pub fn slots_end(&self) -> usize {
        (0..self.slots.len())
            .rev()
            .find(|&w| self.slots[w] != 0)
            .map_or(0, |w| 64 * w + 64 - self.slots[w].leading_zeros() as usize)
    }

    /// Moves variable `v` from its register to a new slot.
    pub fn spill(&mut self, a: &mut Asm, v: u32) {
        let s = self.free_slot();
        match self.loc[v as usize] {
            Some(Loc::Reg(r)) => a.store(slot(s), r),
            Some(Loc::Xmm(x)) => a.movsd_store(slot(s), x),
            _ => return,
        }
        self.free(v);
        self.bind(v, Loc::Slot(s));
    }

    /// A general register no variable is in and the current operation does
    /// not use, freeing one if need be (its variable to a slot): a
    /// callee-saved one first when `across_call`.
    pub fn gpr(&mut self, a: &mut Asm, across_call: bool) -> Reg {
        let (first, then): (&[Reg], &[Reg]) =
            if across_call { (&CALLEE_SAVED, &CALLER_SAVED) } else { (&CALLER_SAVED, &CALLEE_SAVED) };
        let free = |r: &&Reg| self.gpr[r.0 as usize] == NONE && self.locked & (1 << r.0) == 0;
        let r = match first.iter().chain(then).find(free) {
            Some(r) => *r,
            None => {
                let victim = (first.iter().chain(then))
                    .filter(|r| self.locked & (1 << r.0) == 0)
                    .max_by_key(|r| self.last[self.gpr[r.0 as usize] as usize])
                    .copied()
                    .expect("an operation locks fewer registers than there are");
                self.spill(a, self.gpr[victim.0 as usize]);
                victim
            }
        };
        self.locked |= 1 << r.0;
        r
    }

    /// An SSE register as `gpr` gives a general one.
    pub fn xmm(&mut self, a: &mut Asm) -> Xmm {
        let x = match (0..XMMS).find(|x| self.xmm[*x as usize] == NONE && self.xlocked & (1 << x) == 0) {
            Some(x) => x,
            None => {
                let victim = (0..XMMS)
                    .filter(|x| self.xlocked & (1 << x) == 0)
                    .max_by_key(|x| self.last[self.xmm[*x as usize] as usize])
                    .expect("an operation locks fewer registers than there are");
                self.spill(a, self.xmm[victim as usize]);
                victim
            }
        };
        self.xlocked |= 1 << x;
        Xmm(x)
    }

    /// Frees register `r` for the current operation: its variable (used
    /// by this operation or after it) moves to another register.
    pub fn evict(&mut self, a: &mut Asm, r: Reg) {
        self.locked |= 1 << r.0;
        let Some(v) = self.holder(r) else { return };
        let to = self.gpr(a, false);
        a.mov_rr(to, r);
        self.free(v);
        self.bind(v, Loc::Reg(to));
    }

    /// Before a C call at operation `i`: the variables used after it leave
    /// the registers the call clobbers (for a callee-saved register when
    /// one is free and `keep`, else a slot).
    pub fn save_for_call(&mut self, a: &mut Asm, i: usize, keep: bool) {
        for r in CALLER_SAVED.iter().chain(if keep { &[][..] } else { &CALLEE_SAVED[..] }) {
            let Some(v) = self.holder(*r) else { continue };
            if self.last[v as usize] <= i as u32 {
                continue;
            }
            let free =
                CALLEE_SAVED.iter().find(|c| keep && self.gpr[c.0 as usize] == NONE && self.locked & (1 << c.0) == 0);
            match free {
                Some(c) => {
                    a.mov_rr(*c, *r);
                    self.free(v);
                    self.bind(v, Loc::Reg(*c));
                }
                None => self.spill(a, v),
            }
        }
        for x in 0..XMMS {
            if let Some(v) = self.xholder(Xmm(x)) {
                if self.last[v as usize] > i as u32 {
                    self.spill(a, v);
                }
            }
        }
    }

    /// After a C call: what was left in the clobbered registers is gone
    /// (only variables dead after the call were).
    pub fn clobbered(&mut self, all: bool) {
        for r in CALLER_SAVED.iter().chain(if all { &CALLEE_SAVED[..] } else { &[][..] }) {
            if let Some(v) = self.holder(*r) {
                self.free(v);
            }
        }
        for x in 0..XMMS {
            if let Some(v) = self.xholder(Xmm(x)) {
                self.free(v);
            }
        }
    }
}

/// Emits one move.
pub fn emit_move(a: &mut Asm, src: Src, dst: Loc) {
    match (src, dst) {
        (Src::Loc(Loc::Reg(s)), Loc::Reg(d)) => a.mov_rr(d, s),
        (Src::Loc(Loc::Reg(s)), Loc::Slot(d)) => a.store(slot(d), s),
        (Src::Loc(Loc::Reg(s)), Loc::Xmm(d)) => a.movq_xr(d, s),
        (Src::Loc(Loc::Slot(s)), Loc::Reg(d)) => a.load(d, slot(s)),
        (Src::Loc(Loc::Slot(s)), Loc::Xmm(d)) => a.movsd_load(d, slot(s)),
        (Src::Loc(Loc::Slot(s)), Loc::Slot(d)) => {
            a.movsd_load(XSCRATCH, slot(s));
            a.movsd_store(slot(d), XSCRATCH);
        }
        (Src::Loc(Loc::Xmm(s)), Loc::Xmm(d)) => a.movsd_xx(d, s),
        (Src::Loc(Loc::Xmm(s)), Loc::Slot(d)) => a.movsd_store(slot(d), s),
        (Src::Loc(Loc::Xmm(s)), Loc::Reg(d)) => a.movq_rx(d, s),
        (Src::Imm(k), Loc::Reg(d)) => a.mov_ri(d, k as i64),
        (Src::Imm(k), Loc::Slot(d)) => match i32::try_from(k as i64) {
            Ok(k) => a.store_imm(slot(d), k),
            Err(_) => {
                a.mov_ri(SCRATCH, k as i64);
                a.store(slot(d), SCRATCH);
            }
        },
        (Src::Imm(k), Loc::Xmm(d)) => {
            a.mov_ri(SCRATCH, k as i64);
            a.movq_xr(d, SCRATCH);
        }
    }
}

/// Emits `moves` as if they all happened at once (their destinations
/// distinct): a move goes once no other still reads its destination; a
/// cycle of moves is broken by keeping one value in `SCRATCH`. Constants
/// go last (they read no place).
pub fn parallel_move(moves: &mut Vec<(Src, Loc)>, emit: &mut impl FnMut(Src, Loc)) {
    moves.retain(|(s, d)| *s != Src::Loc(*d));
    let mut consts = Vec::new();
    moves.retain(|m| match m.0 {
        Src::Imm(_) => {
            consts.push(*m);
            false
        }
        Src::Loc(_) => true,
    });
    while !moves.is_empty() {
        let mut progress = false;
        let mut k = 0;
        while k < moves.len() {
            let dst = moves[k].1;
            if moves.iter().any(|(s, _)| *s == Src::Loc(dst)) {
                k += 1;
                continue;
            }
            let (s, d) = moves.remove(k);
            emit(s, d);
            progress = true;
        }
        if !progress {
            // Only cycles are left: the first move's destination, which
            // another reads, goes to the scratch register first.
            let dst = moves[0].1;
            emit(Src::Loc(dst), Loc::Reg(SCRATCH));
            for m in moves.iter_mut().filter(|m| m.0 == Src::Loc(dst)) {
                m.0 = Src::Loc(Loc::Reg(SCRATCH));
            }
        }
    }
    for (s, d) in consts {
        emit(s, d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// `moves` sequenced by `parallel_move`, run on a model of the places
    /// holding their own names, give what doing them at once gives.
    fn check(moves: Vec<(Src, Loc)>) {
        let value = |l: Loc| l.encode() as u64;
        let mut model: HashMap<Loc, u64> = HashMap::new();
        let read = |m: &HashMap<Loc, u64>, s: Src| match s {
            Src::Imm(k) => k,
            Src::Loc(l) => m.get(&l).copied().unwrap_or(value(l)),
        };
        let mut todo = moves.clone();
        parallel_move(&mut todo, &mut |s, d| {
            let v = read(&model, s);
            model.insert(d, v);
        });
        for (s, d) in &moves {
            let want = match s {
                Src::Imm(k) => *k,
                Src::Loc(l) => value(*l),
            };
            assert_eq!(model.get(d).copied().unwrap_or(value(*d)), want, "{d:?} of {moves:?}");
        }
    }

    #[test]
    fn locations_encode_and_decode() {
        for l in [Loc::Slot(0), Loc::Slot(191), Loc::Reg(RAX), Loc::Reg(R15), Loc::Xmm(Xmm(0)), Loc::Xmm(Xmm(14))] {
            assert_eq!(Loc::decode(l.encode()), l);
        }
    }

    /// Chains, swaps, rotations, a value read twice, constants into
    /// places that are also read.
    #[test]
    fn moves_happen_as_if_at_once() {
        let (a, b, c, d) = (Loc::Reg(RAX), Loc::Reg(RCX), Loc::Slot(3), Loc::Xmm(Xmm(2)));
        let l = Src::Loc;
        check(vec![(l(a), b), (l(b), a)]);
        check(vec![(l(a), b), (l(b), c), (l(c), a)]);
        check(vec![(l(a), b), (l(b), c), (l(c), d), (l(a), a)]);
        check(vec![(l(a), b), (l(a), c), (l(b), a), (Src::Imm(7), d)]);
        check(vec![(Src::Imm(9), a), (l(a), b), (l(b), c), (l(c), d), (l(d), Loc::Slot(4))]);
        check(vec![(l(a), b), (l(b), a), (l(c), d), (l(d), c)]);
    }

    #[test]
    fn slots_fill_from_the_lowest() {
        let mut regs = Regs::new(2);
        regs.bind(0, Loc::Slot(0));
        assert_eq!(regs.free_slot(), 1);
        regs.free(0);
        assert_eq!(regs.free_slot(), 0);
    }
}
