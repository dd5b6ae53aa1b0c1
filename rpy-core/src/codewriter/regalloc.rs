//! Register allocation of a jitcode (RPython's `codewriter/regalloc.py`,
//! which colours a graph's variables before flattening; here the
//! flattened code is coloured, so that jtransform's temporaries and the
//! leaves of by-value structs are too). Flatten gives every value its own
//! register; the tracer and the blackhole interpreter allocate (and
//! clear) a frame's registers on every call, so a jitcode with thousands
//! of them makes every call and every guard failure costly.
//!
//! Two registers interfere when one is written while the other is live
//! (the other's value is read later), but for a copy's source and its
//! destination, which hold the same value. Copies whose registers do not
//! interfere are coalesced (a link's argument and the target block's
//! input variable: most copies disappear), then each register gets the
//! lowest number none of its neighbours has, in the order the code writes
//! them. The parameters all interfere: a caller writes them in order.
//!
//! *Invariant:* a register written never shares its number with another
//! register live after the write (but a copy's source); `verify` checks
//! the colouring against the code in debug builds.

use super::liveness::{reads, walk_backward, Numbering};
use rpy_jitcode::{Arg, Insn, JitCode, Kind, Op, Reg};

/// Colours the registers of `code`, then drops the copies that became
/// copies of a register to itself and the jumps that became jumps to
/// the next instruction (`tidy`). Returns, for each instruction index of
/// the code given, the index it now has (or, for a dropped copy, the next
/// instruction's), and one past the end.
pub fn allocate(code: &mut JitCode) -> Vec<u32> {
    let num = Numbering::new(code.num_regs);
    let mut g = Interference::build(code, &num);
    for insn in &code.insns {
        if let Some((src, dst)) = copy_of(insn) {
            g.coalesce(num.id(src), num.id(dst));
        }
    }
    let colour = g.colour(code, &num);
    #[cfg(debug_assertions)]
    verify(code, &num, &colour);
    let new_reg = |r: Reg| Reg { kind: r.kind, index: colour[num.id(r)] };
    for insn in &mut code.insns {
        for a in &mut insn.args {
            match a {
                Arg::Reg(r) => *r = new_reg(*r),
                Arg::Regs(rs) => rs.iter_mut().for_each(|r| *r = new_reg(*r)),
                _ => {}
            }
        }
        insn.results.iter_mut().for_each(|r| *r = new_reg(*r));
    }
    code.params.iter_mut().for_each(|r| *r = new_reg(*r));
    code.num_regs = Kind::ALL.map(|k| {
        let (lo, hi) = num.range(k);
        colour[lo..hi].iter().map(|c| c + 1).max().unwrap_or(0)
    });
    tidy(code)
}

/// `(source, destination)` of a register-to-register copy.
fn copy_of(insn: &Insn) -> Option<(Reg, Reg)> {
    match (insn.op, insn.args.as_slice(), insn.results.as_slice()) {
        (Op::IntCopy | Op::RefCopy | Op::FloatCopy, [Arg::Reg(s)], [d]) => Some((*s, *d)),
        _ => None,
    }
}

/// The interference graph, its nodes merged by coalescing: each register
/// points to the register it was merged into (a union-find), and the
/// representative of a class holds the edges of all its members (whose
/// other ends are found through `find`).
struct Interference {
    parent: Vec<u32>,
    edges: Vec<Vec<u32>>,
}

impl Interference {
    fn build(code: &JitCode, num: &Numbering) -> Interference {
        let mut edges: Vec<Vec<u32>> = vec![Vec::new(); num.len];
        let mut add = |a: usize, b: usize| {
            if a != b {
                edges[a].push(b as u32);
                edges[b].push(a as u32);
            }
        };
        let entry = walk_backward(code, num, |i, live| {
            let insn = &code.insns[i];
            let src = copy_of(insn).map(|(s, _)| num.id(s));
            for (k, d) in insn.results.iter().enumerate() {
                let d = num.id(*d);
                let (lo, hi) = num.range(insn.results[k].kind);
                for r in live.iter_range(lo, hi) {
                    if Some(r) != src {
                        add(d, r);
                    }
                }
                for e in &insn.results[..k] {
                    add(d, num.id(*e));
                }
            }
        });
        for (k, p) in code.params.iter().enumerate() {
            let d = num.id(*p);
            let (lo, hi) = num.range(p.kind);
            for r in entry.iter_range(lo, hi) {
                add(d, r);
            }
            for q in &code.params[..k] {
                if q.kind == p.kind {
                    add(d, num.id(*q));
                }
            }
        }
        for e in &mut edges {
            e.sort_unstable();
            e.dedup();
        }
        Interference { parent: (0..num.len as u32).collect(), edges }
    }

    /// The representative of `a`'s class. (A class is merged into the
    /// one with more edges, rarely into a smaller one: the chains stay
    /// short without compressing them.)
    fn find(&self, mut a: usize) -> usize {
        while self.parent[a] as usize != a {
            a = self.parent[a] as usize;
        }
        a
    }

    /// Merges the classes of `a` and `b` unless they interfere.
    fn coalesce(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return;
        }
        // Search the shorter list for the other class.
        let (small, other) = if self.edges[a].len() <= self.edges[b].len() { (a, b) } else { (b, a) };
        if self.edges[small].iter().any(|&n| self.find(n as usize) == other) {
            return;
        }
        let moved = std::mem::take(&mut self.edges[small]);
        self.edges[other].extend(moved);
        self.parent[small] = other as u32;
    }

    /// A number per register (the same for a class), the lowest none of
    /// its class's neighbours has, given in the order the parameters and
    /// then the instructions write them.
    fn colour(&self, code: &JitCode, num: &Numbering) -> Vec<u32> {
        const NONE: u32 = u32::MAX;
        let class: Vec<usize> = (0..num.len).map(|r| self.find(r)).collect();
        let mut colour = vec![NONE; num.len];
        let order = code
            .params
            .iter()
            .copied()
            .chain(code.insns.iter().flat_map(|i| i.results.iter().copied().chain(reads(i))));
        let mut taken: Vec<bool> = Vec::new();
        for r in order {
            let c = class[num.id(r)];
            if colour[c] != NONE {
                continue;
            }
            taken.clear();
            for k in self.edges[c].iter().map(|&n| colour[class[n as usize]]).filter(|&k| k != NONE) {
                if taken.len() <= k as usize {
                    taken.resize(k as usize + 1, false);
                }
                taken[k as usize] = true;
            }
            colour[c] = taken.iter().position(|t| !t).unwrap_or(taken.len()) as u32;
        }
        class.iter().map(|&c| if colour[c] == NONE { 0 } else { colour[c] }).collect()
    }
}

/// Checks the colouring against the code: a register written has a
/// number none of the registers live after the write has (but the
/// source of a copy), nor the others the instruction writes; the
/// parameters have distinct numbers.
#[cfg(debug_assertions)]
fn verify(code: &JitCode, num: &Numbering, colour: &[u32]) {
    let clash = |a: usize, b: usize| a != b && colour[a] == colour[b] && num.reg(a).kind == num.reg(b).kind;
    let fail = |a: usize, b: usize, at: &str| -> ! {
        panic!("regalloc of `{}`: {:?} and {:?} share a register {at}", code.name, num.reg(a), num.reg(b))
    };
    let entry = walk_backward(code, num, |i, live| {
        let insn = &code.insns[i];
        let src = copy_of(insn).map(|(s, _)| num.id(s));
        for (k, d) in insn.results.iter().enumerate() {
            let d = num.id(*d);
            let others = insn.results[..k].iter().map(|r| num.id(*r));
            let live = live.iter_range(0, num.len).filter(|r| Some(*r) != src);
            if let Some(b) = others.chain(live).find(|&b| clash(d, b)) {
                fail(d, b, &format!("at instruction {i}"));
            }
        }
    });
    let params: Vec<usize> = code.params.iter().map(|p| num.id(*p)).collect();
    for (k, &p) in params.iter().enumerate() {
        if let Some(b) = params[..k].iter().copied().chain(entry.iter_range(0, num.len)).find(|&b| clash(p, b)) {
            fail(p, b, "at the start");
        }
    }
}

/// Drops the copies of a register to itself, then points every jump to a
/// `goto` at that `goto`'s target, then drops the code no jump reaches
/// and the jumps to the next instruction; returns the new index of each old instruction (see
/// `allocate`).
fn tidy(code: &mut JitCode) -> Vec<u32> {
    let n = code.insns.len();
    let mut drop: Vec<bool> = code.insns.iter().map(|i| matches!(copy_of(i), Some((s, d)) if s == d)).collect();
    // The instruction control reaches from label `l` first, past the
    // dropped ones and the `goto`s (a few hops: a loop of gotos stays).
    let resolve = |mut l: usize, drop: &[bool]| {
        for _ in 0..8 {
            while l < n && drop[l] {
                l += 1;
            }
            match code.insns.get(l) {
                Some(Insn { op: Op::Goto, args, .. }) => match args[0] {
                    Arg::Label(t) => l = t as usize,
                    _ => break,
                },
                _ => break,
            }
        }
        l
    };
    let targets: Vec<Vec<usize>> = (code.insns.iter())
        .map(|i| {
            i.args
                .iter()
                .filter_map(|a| if let Arg::Label(l) = a { Some(resolve(*l as usize, &drop)) } else { None })
                .collect()
        })
        .collect();
    // What no jump reaches any more (the code of a label all jumps
    // now skip) goes too.
    let mut reached = vec![false; n];
    let mut work = vec![0usize];
    while let Some(i) = work.pop() {
        if i >= n || reached[i] {
            continue;
        }
        reached[i] = true;
        work.extend(&targets[i]);
        if !code.insns[i].op.is_final() {
            work.push(i + 1);
        }
    }
    for i in 0..n {
        drop[i] |= !reached[i];
    }
    // `next_kept[i]`: the first instruction kept from `i` on.
    let mut next_kept = vec![n; n + 1];
    for i in (0..n).rev() {
        if code.insns[i].op == Op::Goto && !drop[i] {
            let t = targets[i][0];
            drop[i] = t > i && next_kept[t] == next_kept[i + 1];
        }
        next_kept[i] = if drop[i] { next_kept[i + 1] } else { i };
    }
    let mut new_index = vec![0u32; n + 1];
    let mut kept = 0;
    for i in 0..n {
        new_index[i] = kept;
        kept += !drop[i] as u32;
    }
    new_index[n] = kept;
    let new_pc: Vec<u32> = next_kept.iter().map(|&k| new_index[k]).collect();
    let old = std::mem::take(&mut code.insns);
    for (i, mut insn) in old.into_iter().enumerate() {
        if drop[i] {
            continue;
        }
        let mut t = targets[i].iter();
        for a in &mut insn.args {
            if let Arg::Label(l) = a {
                *l = new_pc[*t.next().unwrap()];
            }
        }
        code.insns.push(insn);
    }
    new_pc
}
