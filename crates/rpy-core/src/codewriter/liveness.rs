//! Liveness of registers in a jitcode (RPython's `codewriter/liveness.py`):
//! each `-live-` marker gets the registers that are read later without
//! being written first, on some path from it. A backward fixpoint over
//! the linear code, whose jumps are `goto` and `goto_if_not`.

use super::jitcode::{Insn, JitCode, Label, Operand, Reg};
use std::collections::{BTreeSet, HashMap};

/// The labels an instruction may continue at, and whether it may also
/// fall through to the next one.
fn successors(insn: &Insn) -> (Vec<Label>, bool) {
    match insn {
        Insn::Op { name, args, .. } => {
            let labels: Vec<Label> = args
                .iter()
                .filter_map(|a| match a {
                    Operand::Label(l) => Some(*l),
                    _ => None,
                })
                .collect();
            match name.as_str() {
                "goto" => (labels, false),
                n if n.ends_with("_return") || n == "panic" || n == "panic_str" || n == "panic_assert_failed" => {
                    (vec![], false)
                }
                _ => (labels, true),
            }
        }
        Insn::Label(_) | Insn::Live(_) => (vec![], true),
    }
}

fn uses(insn: &Insn) -> Vec<Reg> {
    match insn {
        Insn::Op { args, .. } => args
            .iter()
            .flat_map(|a| match a {
                Operand::Reg(r) => vec![*r],
                Operand::Regs(rs) => rs.clone(),
                _ => vec![],
            })
            .collect(),
        _ => vec![],
    }
}

/// Fills every `Insn::Live` of `code` with the registers live after it.
pub fn fill_live(code: &mut JitCode) {
    let at: HashMap<Label, usize> = code
        .insns
        .iter()
        .enumerate()
        .filter_map(|(i, insn)| match insn {
            Insn::Label(l) => Some((*l, i)),
            _ => None,
        })
        .collect();
    let n = code.insns.len();
    let mut live_in: Vec<BTreeSet<Reg>> = vec![BTreeSet::new(); n + 1];
    loop {
        let mut changed = false;
        for i in (0..n).rev() {
            let (labels, falls) = successors(&code.insns[i]);
            let mut live: BTreeSet<Reg> = BTreeSet::new();
            if falls {
                live.extend(live_in[i + 1].iter().copied());
            }
            for l in labels {
                live.extend(live_in[at[&l]].iter().copied());
            }
            if let Insn::Op { result: Some(r), .. } = &code.insns[i] {
                live.remove(r);
            }
            live.extend(uses(&code.insns[i]));
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
        if let Insn::Live(regs) = &mut code.insns[i] {
            *regs = live_in[i + 1].iter().copied().collect();
        }
    }
}
