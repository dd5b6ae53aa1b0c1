//! Liveness of registers in a jitcode (RPython's `codewriter/liveness.py`):
//! each `-live-` marker gets the registers that are read later without
//! being written first, on some path from it. A backward fixpoint over
//! the linear code: an instruction goes on to the next one unless it
//! `is_final`, and to each label among its arguments (`goto`,
//! `goto_if_not`, `switch`).

use rpy_jitcode::{Arg, JitCode, Op, Reg};
use std::collections::BTreeSet;

/// Fills every `-live-` marker of `code` with the registers live after it.
pub fn fill_live(code: &mut JitCode) {
    let n = code.insns.len();
    let mut live_in: Vec<BTreeSet<Reg>> = vec![BTreeSet::new(); n + 1];
    loop {
        let mut changed = false;
        for i in (0..n).rev() {
            let insn = &code.insns[i];
            let mut live: BTreeSet<Reg> = BTreeSet::new();
            if !insn.op.is_final() {
                live.extend(live_in[i + 1].iter().copied());
            }
            for a in &insn.args {
                if let Arg::Label(l) = a {
                    live.extend(live_in[*l as usize].iter().copied());
                }
            }
            for r in &insn.results {
                live.remove(r);
            }
            if insn.op != Op::Live {
                for a in &insn.args {
                    match a {
                        Arg::Reg(r) => {
                            live.insert(*r);
                        }
                        Arg::Regs(rs) => live.extend(rs.iter().copied()),
                        _ => {}
                    }
                }
            }
            if live != live_in[i] {
                live_in[i] = live;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for i in 0..n {
        if code.insns[i].op == Op::Live {
            code.insns[i].args = vec![Arg::Regs(live_in[i + 1].iter().copied().collect())];
        }
    }
}
