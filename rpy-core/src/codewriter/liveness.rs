//! Liveness of registers in a jitcode (RPython's `codewriter/liveness.py`):
//! each `-live-` marker gets the registers that are read later without
//! being written first, on some path from it. An instruction goes on to
//! the next one unless it `is_final`, and to each label among its
//! arguments (`goto`, `goto_if_not`, `switch`).
//!
//! The analysis is a backward fixpoint over the basic blocks of the linear
//! code with sets of registers as bits (the Lua interpreter's main loop
//! has thousands of registers and tens of thousands of instructions), then
//! one backward walk of each block; `regalloc` walks the same way to find
//! which registers interfere.

use rpy_jitcode::{Arg, Insn, JitCode, Kind, Op, Reg};

/// A set of registers of one jitcode, each numbered densely across the
/// three kinds (`Numbering`).
#[derive(Clone, PartialEq, Eq)]
pub(super) struct RegSet {
    words: Vec<u64>,
}

impl RegSet {
    pub(super) fn new(n: usize) -> RegSet {
        RegSet { words: vec![0; n.div_ceil(64)] }
    }

    pub(super) fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    pub(super) fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// Adds the members of `other`; whether that added any.
    fn union(&mut self, other: &RegSet) -> bool {
        let mut changed = false;
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            let n = *w | o;
            changed |= n != *w;
            *w = n;
        }
        changed
    }

    /// The members in `lo..hi`, ascending.
    pub(super) fn iter_range(&self, lo: usize, hi: usize) -> impl Iterator<Item = usize> + '_ {
        let first = lo / 64;
        let last = hi.div_ceil(64).min(self.words.len());
        (first..last).flat_map(move |wi| {
            let mut w = self.words[wi];
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * 64 + b)
            })
            .filter(move |&i| i >= lo && i < hi)
        })
    }
}

/// The dense numbering of a jitcode's registers: the int registers, then
/// the ref ones, then the float ones.
#[derive(Clone, Copy)]
pub(super) struct Numbering {
    base: [usize; 3],
    pub(super) len: usize,
}

impl Numbering {
    pub(super) fn new(num_regs: [u32; 3]) -> Numbering {
        let [i, r, f] = num_regs.map(|n| n as usize);
        Numbering { base: [0, i, i + r], len: i + r + f }
    }

    pub(super) fn id(&self, r: Reg) -> usize {
        self.base[r.kind as usize] + r.index as usize
    }

    /// The numbers of the registers of kind `k`.
    pub(super) fn range(&self, k: Kind) -> (usize, usize) {
        let k = k as usize;
        (self.base[k], if k == 2 { self.len } else { self.base[k + 1] })
    }

    pub(super) fn reg(&self, id: usize) -> Reg {
        let k = if id >= self.base[2] {
            Kind::Float
        } else if id >= self.base[1] {
            Kind::Ref
        } else {
            Kind::Int
        };
        Reg { kind: k, index: (id - self.base[k as usize]) as u32 }
    }
}

/// The registers an instruction reads (a `-live-` marker reads none).
pub(super) fn reads(insn: &Insn) -> impl Iterator<Item = Reg> + '_ {
    let args: &[Arg] = if insn.op == Op::Live { &[] } else { &insn.args };
    args.iter()
        .flat_map(|a| match a {
            Arg::Reg(r) => std::slice::from_ref(r),
            Arg::Regs(rs) => rs.as_slice(),
            _ => &[],
        })
        .copied()
}

/// Calls `visit(i, live)` for every instruction `i` of `code`, with the
/// registers live right after it, each block from its end; returns the
/// registers live at the start of the code.
pub(super) fn walk_backward(code: &JitCode, num: &Numbering, mut visit: impl FnMut(usize, &RegSet)) -> RegSet {
    let n = code.insns.len();
    // Basic blocks: they start at 0, at every label and after every
    // instruction that jumps or ends the code.
    let mut leader = vec![false; n + 1];
    leader[0] = true;
    for (i, insn) in code.insns.iter().enumerate() {
        for a in &insn.args {
            if let Arg::Label(l) = a {
                leader[*l as usize] = true;
                leader[i + 1] = true;
            }
        }
        if insn.op.is_final() {
            leader[i + 1] = true;
        }
    }
    let starts: Vec<usize> = (0..n).filter(|&i| leader[i]).collect();
    let mut block_of = vec![0usize; n + 1];
    for (b, &s) in starts.iter().enumerate() {
        let end = starts.get(b + 1).copied().unwrap_or(n);
        block_of[s..end].fill(b);
    }
    let end_of = |b: usize| starts.get(b + 1).copied().unwrap_or(n);
    let succs: Vec<Vec<usize>> = (0..starts.len())
        .map(|b| {
            let last = &code.insns[end_of(b) - 1];
            let mut s: Vec<usize> = last
                .args
                .iter()
                .filter_map(|a| if let Arg::Label(l) = a { Some(block_of[*l as usize]) } else { None })
                .collect();
            if !last.op.is_final() && end_of(b) < n {
                s.push(b + 1);
            }
            s
        })
        .collect();
    // What a block reads before writing it, and what it writes.
    let mut uses = vec![RegSet::new(num.len); starts.len()];
    let mut defs = vec![RegSet::new(num.len); starts.len()];
    for b in 0..starts.len() {
        for i in (starts[b]..end_of(b)).rev() {
            let insn = &code.insns[i];
            for r in &insn.results {
                defs[b].insert(num.id(*r));
                uses[b].remove(num.id(*r));
            }
            for r in reads(insn) {
                uses[b].insert(num.id(r));
            }
        }
    }
    let mut live_in = uses.clone();
    let mut live_out = vec![RegSet::new(num.len); starts.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..starts.len()).rev() {
            for &s in &succs[b] {
                changed |= live_out[b].union(&live_in[s]);
            }
            // live_in = uses ∪ (live_out − defs)
            let mut inn = live_out[b].clone();
            for (w, d) in inn.words.iter_mut().zip(&defs[b].words) {
                *w &= !d;
            }
            inn.union(&uses[b]);
            if inn != live_in[b] {
                live_in[b] = inn;
                changed = true;
            }
        }
    }
    let mut entry = RegSet::new(num.len);
    for b in (0..starts.len()).rev() {
        let mut live = live_out[b].clone();
        for i in (starts[b]..end_of(b)).rev() {
            visit(i, &live);
            let insn = &code.insns[i];
            for r in &insn.results {
                live.remove(num.id(*r));
            }
            for r in reads(insn) {
                live.insert(num.id(r));
            }
        }
        if b == 0 {
            entry = live;
        }
    }
    entry
}

/// Fills every `-live-` marker of `code` with the registers live after it.
pub fn fill_live(code: &mut JitCode) {
    let num = Numbering::new(code.num_regs);
    let mut markers: Vec<(usize, Vec<Reg>)> = Vec::new();
    walk_backward(code, &num, |i, live| {
        if code.insns[i].op == Op::Live {
            markers.push((i, live.iter_range(0, num.len).map(|id| num.reg(id)).collect()));
        }
    });
    for (i, regs) in markers {
        code.insns[i].args = vec![Arg::Regs(regs)];
    }
}
