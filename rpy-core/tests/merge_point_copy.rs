//! The merge point of a portal whose driver has a `can_enter_jit!` is
//! tested only where the JIT can be waiting for it: the portal's entry and
//! the `can_enter_jit!`s go to it, every other path to a copy without the
//! marker (`backendopt::merge_point_copy`).

use rpy_core::driver::translate_source;
use rpy_core::flow::{BlockId, FunctionGraph};

const MACHINE: &str = "
    use rpython::jit::{can_enter_jit, jit_merge_point, JitDriver};
    static DRIVER: JitDriver = JitDriver::new(&[\"pc\", \"code\"], &[\"acc\", \"n\"]);
    #[derive(Clone, Copy, PartialEq)]
    enum Op { AddN, Dec, JumpIfPos(usize), Halt }
    fn interpret(code: &[Op], start: i64) -> i64 {
        let mut pc = 0;
        let mut acc = 0;
        let mut n = start;
        loop {
            jit_merge_point!(DRIVER; pc, code; acc, n);
            match code[pc] {
                Op::AddN => { acc += n; pc += 1; }
                Op::Dec => { n -= 1; pc += 1; }
                Op::JumpIfPos(t) => {
                    if n > 0 {
                        pc = t;
                        ENTER
                    } else {
                        pc += 1;
                    }
                }
                Op::Halt => return acc,
            }
        }
    }
    pub fn run(n: i64) -> i64 {
        interpret(&[Op::AddN, Op::Dec, Op::JumpIfPos(0), Op::Halt], n)
    }
";

fn portal(enter: &str) -> FunctionGraph {
    let src = MACHINE.replace("ENTER", enter);
    let t = translate_source(&src, "machine.rs").unwrap_or_else(|e| panic!("{e:?}")).program;
    let (_, g) = t.graphs.iter().find(|(_, g)| g.name == "interpret").expect("interpret");
    g.clone()
}

fn marked(g: &FunctionGraph, b: BlockId, kind: &str) -> bool {
    (g.blocks[b].operations.iter())
        .any(|op| op.opname == "jit_marker" && op.args[0].constant().and_then(|c| c.as_str()) == Some(kind))
}

/// The blocks whose links enter `target`.
fn entries(g: &FunctionGraph, target: BlockId) -> Vec<BlockId> {
    g.iterblocks().into_iter().filter(|&b| g.blocks[b].exits.iter().any(|l| l.target == target)).collect()
}

#[test]
fn only_the_entry_and_can_enter_jit_reach_the_merge_point() {
    let g = portal("can_enter_jit!(DRIVER; pc, code; acc, n);");
    let merges: Vec<BlockId> = g.iterblocks().into_iter().filter(|&b| marked(&g, b, "jit_merge_point")).collect();
    assert_eq!(merges.len(), 1, "{}", g.text());
    let merge = merges[0];
    let mut into_merge = entries(&g, merge);
    into_merge.sort();
    assert_eq!(into_merge.len(), 2, "{}", g.text());
    assert!(into_merge.contains(&g.startblock), "{}", g.text());
    assert!(into_merge.iter().any(|&b| marked(&g, b, "can_enter_jit")), "{}", g.text());
    // The copy: the merge point's operations but the marker, its exits.
    let copy = (g.iterblocks().into_iter())
        .find(|&b| {
            b != merge && g.blocks[b].exits.iter().map(|l| l.target).eq(g.blocks[merge].exits.iter().map(|l| l.target))
        })
        .unwrap_or_else(|| panic!("no copy of the merge point:\n{}", g.text()));
    let names = |b: BlockId| g.blocks[b].operations.iter().map(|op| op.opname.clone()).collect::<Vec<_>>();
    assert_eq!(names(copy), names(merge)[1..], "{}", g.text());
    // AddN, Dec and JumpIfPos's fall-through go back through the copy.
    assert_eq!(entries(&g, copy).len(), 3, "{}", g.text());
}

#[test]
fn a_driver_without_can_enter_jit_keeps_one_merge_point() {
    let g = portal("");
    let merge = (g.iterblocks().into_iter()).find(|&b| marked(&g, b, "jit_merge_point")).expect("a merge point");
    let ops = g.blocks[merge].operations.len();
    let same = (g.iterblocks().into_iter())
        .filter(|&b| b != merge && g.blocks[b].operations.len() + 1 == ops)
        .filter(|&b| g.blocks[b].exits.iter().map(|l| l.target).eq(g.blocks[merge].exits.iter().map(|l| l.target)))
        .count();
    assert_eq!(same, 0, "{}", g.text());
}
