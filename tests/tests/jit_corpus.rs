//! The JIT on interpreters written as real ones are (programs 156 to 160:
//! a register VM, an AST interpreter, a regex matcher, a Forth, a
//! dynamically typed stack VM; 175 to 177: trait objects): the shape of each one's hot loop, as the
//! JIT's log shows it with every merge point hot (`threshold=1,
//! trace_eagerness=2`). What a turn runs is the loop's body after its
//! `label` when it is unrolled (the preamble runs once per entry), else
//! the whole trace.
//!
//! Each test asserts what the JIT does (no dispatch left, no residual call,
//! no allocation, what stays in the label's variables) and bounds the
//! guards by what it does now; the comments say what is still done that
//! should not be.

mod support;

use support::{
    count_ops, hot_body, is_unrolled, jit_log, jit_log_with, jit_run, loops_at, operations, overflow_tests, preamble,
    HOT, OVERFLOW_CHECKS,
};

/// The one loop of `loops` showing `location`.
fn the_loop<'a>(loops: &'a [String], location: &str) -> &'a String {
    let found = loops_at(loops, location);
    assert_eq!(found.len(), 1, "one loop at {location}:\n{}", loops.join("\n"));
    found[0]
}

/// No operation of `names` in `trace`.
fn assert_none(trace: &str, names: &[&str], whole: &str) {
    for name in names {
        let found: Vec<&str> = operations(trace).into_iter().filter(|l| count_ops(l, name) == 1).collect();
        assert!(found.is_empty(), "`{name}` in the loop: {found:?}\n{whole}");
    }
}

/// The `guard_value`s of `trace`: the variable each guards, and the line.
fn value_guards(trace: &str) -> Vec<(&str, &str)> {
    let guards = operations(trace).into_iter().filter(|l| l.starts_with("guard_value("));
    guards.map(|g| (g["guard_value(".len()..].split(',').next().unwrap_or(""), g)).collect()
}

/// Whether `v` is an enum value's tag, read in `trace` (a `guard_value` on
/// one is a type check: the variants before it tested one by one, as a
/// `match` does, become one guard).
fn reads_tag(trace: &str, v: &str) -> bool {
    operations(trace).iter().any(|l| l.starts_with(&format!("{v} = getfield_gc_i(")) && l.contains(".#tag "))
}

/// What program 159's two runs print.
const FORTH_OUT: &str =
    "\"stack=[41739428] depth=1 calls=1500 steps=13578\"\n\"stack=[124750] depth=1 calls=0 steps=1506\"\n";

/// What no hot loop of these interpreters should do: call (a helper of the
/// interpreter, or `cond_call`), allocate, or dispatch on an instruction
/// with `guard_value`/`guard_class`.
const NEVER: &[&str] = &["call", "cond_call", "new", "guard_value", "guard_class", "guard_nonnull_class"];

/// Program 156 again, as its log shows it (the other tests see the traces
/// without overflow checks): a debug build checks the integer operations
/// as rustc does, each check a test (`int_add_ovf`, `int_mul_ovf`) and a
/// `guard_false` on it, only where the operands' ranges do not decide it:
/// the step counter, the program's own sum and product; the register
/// numbers and the loop's index need none. A release build has none.
#[test]
fn overflow_checks_are_guarded_tests_only_where_ranges_do_not_decide() {
    let run = jit_run("156_jit_register_vm", "jit-log-opt-loop", HOT, &[], "");
    let l = the_loop(&run.sections, "#2 load");
    let body = hot_body(l);
    let tests = overflow_tests(body);
    if !OVERFLOW_CHECKS {
        assert!(tests.is_empty(), "overflow tests in a release build:\n{l}");
        return;
    }
    for t in &tests {
        assert_eq!(body.matches(&format!("guard_false({t}, ")).count(), 1, "{t} not guarded once:\n{l}");
    }
    assert_eq!(count_ops(body, "int_mul_ovf("), 1, "the product's check:\n{l}");
    assert!(count_ops(body, "int_add_ovf(") >= 2, "the sum's and the counter's checks:\n{l}");
    // The counter's step per instruction, and the program's four: the
    // product, the sum, the address `r + 200`, the index's increment.
    // (Not yet: the steps of the counter, `steps + 1`, `steps + 2`, ...,
    // could be one test of the largest, failing early.)
    let instructions = body.matches("debug_merge_point(0, 0, ").count();
    assert!(tests.len() <= instructions + 4, "{} tests for {instructions} instructions:\n{l}", tests.len());
}

/// Program 156, a register VM: the instructions, fetched by an elidable
/// function, are constants, their operands too, so a register is an item at
/// a constant index of the register file. The body does the loop's work
/// and nothing of the dispatch: no tag read, no call; the machine's fields
/// (immutable) are read in the preamble only, the step counter and the
/// float accumulator (`f0`) stay in the label's variables. The register
/// files' lengths are known at the label to be at least what the preamble
/// checked (`4 < len(regs)`, `2 < len(fregs)`: the label's ranges), so the
/// body checks no register number: its 3 guards are the load's and the
/// store's bounds checks on the memory and the loop's test.
///
/// Not yet: the integer registers are read again after the store to the
/// memory (an array of the same type, which may be the register file for
/// all the JIT knows).
#[test]
fn register_vm_loop_has_no_dispatch() {
    let (loops, out) = jit_log("156_jit_register_vm", "jit-log-opt-loop");
    assert_eq!(out, "\"sum=2470000 half=1235000 last=36100 steps=1803\"\n");
    let l = the_loop(&loops, "#2 load");
    assert!(is_unrolled(l), "{l}");
    let body = hot_body(l);
    assert_none(body, NEVER, l);
    assert!(!l.contains("#tag") && !l.contains("Ins.") && !l.contains("Ins::") && !l.contains("fetch"), "{l}");
    assert_none(body, &["getfield_gc", "setfield_gc", "getarrayitem_gc_f"], l);
    assert_eq!(count_ops(body, "int_mul("), 1, "{l}");
    assert_eq!(count_ops(body, "float_add("), 1, "{l}");
    let guards = count_ops(body, "guard_");
    assert!(guards <= 3, "{guards} guards (bounds checks of register numbers?):\n{l}");
}

/// Program 157, an AST interpreter: the merge point is in the evaluator of
/// `while`, its green the loop node. A turn traces `exec` of the body's
/// statements (`exec_block` is `unroll_safe`) and `eval` of every node,
/// constants of the trace: nothing of the tree is read, in the preamble
/// either; what is left is the program's arithmetic, its three tests (the
/// loop's, `i % 2 == 0`, `i % 100 == 0`) and the variables, carried by the
/// label: the body reads none of them.
///
/// Not yet: the writes of the variables to the environment are not all
/// delayed to the loop's exits: `sum` is written twice per turn and `i`
/// once (`setarrayitem_gc(p1, 2, ...)` before the guard of `i % 100 == 0`,
/// whose bridge reads it, and the writes the label carries, done at the
/// body's start); RPython keeps such writes in the guards' resume data. And
/// each test is `int_eq` then `int_ne(.., 0)` of its result before the
/// guard (the `!= 0` of a boolean is not folded).
#[test]
fn ast_interpreter_loop_is_the_programs_arithmetic() {
    let (loops, out) = jit_log("157_jit_ast_interpreter", "jit-log-opt-loop");
    assert_eq!(out, "\"i=400 sum=120398 odd=200 inner=64 turns=464\"\n");
    let l = the_loop(&loops, "while (4 statements)");
    assert!(is_unrolled(l), "{l}");
    assert!(!l.contains("Expr") && !l.contains("Stmt") && !l.contains("#tag"), "{l}");
    assert_none(l, NEVER, l);
    let body = hot_body(l);
    assert_none(body, &["getfield_gc", "setfield_gc", "getarrayitem_gc"], l);
    assert_eq!(count_ops(body, "int_mod("), 3, "{l}");
    let guards = count_ops(body, "guard_");
    assert!(guards <= 3, "{guards} guards:\n{l}");
    let writes = count_ops(body, "setarrayitem_gc(");
    assert!(writes <= 3, "{writes} writes of variables:\n{l}");
    // The nested `while` (the portal run again from the bridge of
    // `i % 100 == 0`) has its own loop: one guard, its test.
    let inner = the_loop(&loops, "while (2 statements)");
    assert!(is_unrolled(inner), "{inner}");
    let body = hot_body(inner);
    assert_none(body, NEVER, inner);
    assert_none(body, &["getfield_gc", "setfield_gc", "getarrayitem_gc"], inner);
    assert_eq!(count_ops(body, "guard_"), 1, "{inner}");
}

/// Program 158, a backtracking regex matcher: the greedy repetitions
/// `[a-z]*` and `[0-9]+` are loops whose body is the byte's test and the
/// push of a backtrack entry: the instructions are constants, the lengths
/// and item arrays of the subject and of the backtrack stack stay in the
/// label's variables (no field read), the stack's length is not written
/// (the label carries it; the exits write it), the entry is two item
/// writes, without a call to grow the list.
///
/// Not yet: the two pushes check the stack's capacity twice (`i == cap`
/// then `i + 1 == cap`: two guards) where the preamble checks it once
/// (`cap - len > 1`); and the range test is two guards (`>= lo`, `<= hi`).
#[test]
fn regex_repetition_loops_test_a_byte_and_push_an_entry() {
    let (loops, out) = jit_log("158_jit_regex_matcher", "jit-log-opt-loop");
    assert_eq!(out, "\"matches=240 bytes=5881 tried=1777 longest=36\"\n");
    for at in ["#2 range", "#5 range"] {
        let l = the_loop(&loops, at);
        assert!(is_unrolled(l), "{l}");
        assert!(!l.contains("#tag") && !l.contains("Inst") && !l.contains("fetch"), "{l}");
        let body = hot_body(l);
        assert_none(body, NEVER, l);
        assert_none(body, &["getfield_gc", "setfield_gc", "arraylen_gc"], l);
        assert_eq!(count_ops(body, "getarrayitem_gc_i("), 1, "the subject's byte:\n{l}");
        assert_eq!(count_ops(body, "setarrayitem_gc("), 2, "the backtrack entry:\n{l}");
        let guards = count_ops(body, "guard_");
        assert!(guards <= 5, "{guards} guards:\n{l}");
    }
}

/// Program 159, a Forth: the loop `do i term + i bonus + i 3 mod drop loop`
/// calls three user words. Calls are threaded (a return address pushed on
/// the return stack, popped by `;`): the trace goes through them (their
/// merge points are in it) and knows each popped return address, so no
/// `guard_value` on the position, no call; the steps and calls counters are
/// read and written once per turn, not per instruction.
///
/// Not yet: the loop is not unrolled (no `label`): its trace, 629 operations
/// before optimization, is longer than `disable_unrolling` (200, RPython's
/// default), so every turn reads the machine's lists' fields, lengths and
/// items again, checks the capacity of the stacks (merged into one guard
/// each) and writes the lengths and counters: 8 guards where the body
/// of the unrolled loop has 2 (see the next test).
#[test]
fn forth_loop_goes_through_user_words() {
    let (loops, out) = jit_log("159_jit_forth", "jit-log-opt-loop");
    assert_eq!(out, FORTH_OUT);
    let l = the_loop(&loops, "#23 i");
    assert!(!l.contains("#tag") && !l.contains("Op.") && !l.contains("Op::") && !l.contains("fetch"), "{l}");
    for word in ["#2 *", "#9 +", "#13 0=", "#18 ;"] {
        assert!(l.contains(&format!("debug_merge_point(0, 0, '{word}')")), "{word} not traced through:\n{l}");
    }
    let body = hot_body(l);
    assert_none(body, NEVER, l);
    assert!(body.matches("Machine.steps").count() <= 2, "{l}");
    assert!(body.matches("Machine.calls").count() <= 2, "{l}");
    let guards = count_ops(body, "guard_");
    assert!(guards <= 8, "{guards} guards:\n{l}");
}

/// Program 159 with `disable_unrolling` above its trace's length: the loop
/// is unrolled and its body is the words' arithmetic, the writes of the
/// stack's items and two guards (`bonus`'s test, the loop's); the machine
/// and its lists are not read again, lengths and counters stay in the
/// label's variables.
///
/// Not yet, with the default JIT parameters: see the previous test. (And
/// the same interpreter running `500 0 do i drop loop`, with the default
/// parameters, crashes the JIT's backend: "a variable defined before its
/// use", with the optimizations `heap`, `pure`, `rewrite` and `unroll`
/// together.)
#[test]
fn forth_loop_unrolled_keeps_its_stacks_in_variables() {
    let rpyjit = format!("{HOT},disable_unrolling=1000");
    let (loops, out) = jit_log_with("159_jit_forth", "jit-log-opt-loop", &rpyjit);
    assert_eq!(out, FORTH_OUT);
    let l = the_loop(&loops, "#23 i");
    assert!(is_unrolled(l), "{l}");
    let body = hot_body(l);
    assert_none(body, NEVER, l);
    assert_none(body, &["getfield_gc", "setfield_gc", "getarrayitem_gc", "arraylen_gc"], l);
    assert!(preamble(l).is_some_and(|p| p.contains("Machine.loops")), "{l}");
    assert_eq!(count_ops(body, "guard_"), 2, "{l}");
}

/// Program 160, a dynamically typed stack VM: the dispatch on the
/// instructions is gone and the values the loop makes on its operand stack
/// and consumes at once (the comparison's `Int(1)`, the product
/// `Float(i * 0.25)`, the constants pushed) are never allocated (virtual,
/// their pushes waiting and dropped by the pops): only the four values
/// stored into the locals are, once per turn each.
///
/// Not yet: the loop is not unrolled (650 operations before optimization,
/// above `disable_unrolling`), so every turn checks the tag (and that the
/// item is not null: `pop().unwrap()`) of every value it reads, and reads
/// the locals again after each write to the operand stack (an array of
/// the same type, which may be the locals' for all the JIT knows): 27
/// guards. Unrolled (next test), it still checks the tags of values it
/// allocated itself in the previous turn. Each pop also writes a null into
/// the slot it empties, and these writes are done before the next guard,
/// several times per slot per turn. PyPy's frames are virtualizable: its
/// locals are not allocated, and its loop has only the program's tests.
#[test]
fn dynamic_stack_vm_allocates_only_what_it_stores() {
    let (loops, out) = jit_log("160_jit_dynamic_stack_vm", "jit-log-opt-loop");
    assert_eq!(out, "\"i=Int(300) isum=Int(44850) fsum=Float(11212.5) odd=Int(1) nils=150 steps=7205\"\n");
    let l = the_loop(&loops, "#0 load");
    assert!(!l.contains("Op.") && !l.contains("Op::") && !l.contains("fetch"), "{l}");
    let body = hot_body(l);
    assert_none(body, &["call", "cond_call", "guard_class", "new_array"], l);
    let dispatch: Vec<&str> =
        value_guards(body).into_iter().filter(|(v, _)| !reads_tag(l, v)).map(|(_, g)| g).collect();
    assert!(dispatch.is_empty(), "`guard_value` not on a tag in the loop: {dispatch:?}\n{l}");
    let allocations = count_ops(body, "new(");
    assert!(allocations <= 4, "{allocations} allocations:\n{l}");
    assert!(body.matches("Frame.steps").count() <= 2, "{l}");
    let guards = count_ops(body, "guard_");
    assert!(guards <= 27, "{guards} guards:\n{l}");
}

/// Program 160 unrolled: the body reads nothing of the frame (its fields
/// are immutable, the step counter and the operand stack's length and
/// items array stay in the label's variables) and allocates the four
/// values it stores into the locals.
#[test]
fn dynamic_stack_vm_unrolled_keeps_the_frame_in_variables() {
    let rpyjit = format!("{HOT},disable_unrolling=1000");
    let (loops, out) = jit_log_with("160_jit_dynamic_stack_vm", "jit-log-opt-loop", &rpyjit);
    assert!(out.contains("nils=150 steps=7205"), "{out}");
    let l = the_loop(&loops, "#0 load");
    assert!(is_unrolled(l), "{l}");
    let body = hot_body(l);
    assert!(!body.contains("Frame.") && !body.contains(".length"), "{l}");
    let allocations = count_ops(body, "new(");
    assert!(allocations <= 4, "{allocations} allocations:\n{l}");
    let guards = count_ops(body, "guard_");
    assert!(guards <= 19, "{guards} guards:\n{l}");
}

/// Program 159's second run, `0 N 0 do i + loop`: short enough to be
/// unrolled. Its body takes the loop index as a fact of the preamble plus
/// a step (`i + 1`, itself a step from the item the preamble read):
/// folding `(i + 1) + 1` to `i + 2` uses the item's fact, which the label
/// must pass (it did not: the compiled loop used a variable nothing
/// defined, and the backend stopped the program). The loop is the sum and
/// the index: no call, no allocation, one guard.
#[test]
fn forth_short_loop_passes_the_facts_its_steps_use() {
    let (loops, out) = jit_log("159_jit_forth", "jit-log-opt-loop");
    assert_eq!(out, FORTH_OUT);
    let l = the_loop(&loops, "#5 i");
    assert!(is_unrolled(l), "{l}");
    let body = hot_body(l);
    assert_none(body, NEVER, l);
    assert_eq!(count_ops(body, "guard_"), 1, "{l}");
    assert_eq!(count_ops(body, "int_lt("), 1, "{l}");
}

/// The operation names of each trace of `loops`, in order.
fn shapes_of(loops: &[String]) -> Vec<Vec<String>> {
    let name = |l: &str| {
        let op = l.split_once(" = ").map_or(l, |(_, op)| op);
        op.split('(').next().unwrap_or(op).to_string()
    };
    loops.iter().map(|l| operations(l).into_iter().map(name).collect()).collect()
}

/// Programs 175 and 176, one AST interpreter written twice: with a trait
/// and a struct per kind of node behind `Box<dyn Node>`, and with an enum
/// and `match`. The trait's enum (`flow::dyn_traits`) is dispatched on by
/// a `match` like the twin's, on nodes that are constants of the trace, so
/// both trace to the same operations, in the same order: the program's
/// arithmetic and variables, no dispatch, no call but the nested `while`'s
/// (the portal run again, `call_assembler`). Three loops are unrolled: the
/// two `while`s, and the inner one traced again from a bridge of its first
/// loop, which was traced on a turn that left it (`jit-retrace`).
#[test]
fn ast_interpreter_with_trait_objects_traces_like_its_enum_twin() {
    let (dyn_loops, dyn_out) = jit_log("175_ast_dyn", "jit-log-opt-loop");
    let (enum_loops, enum_out) = jit_log("176_ast_enum", "jit-log-opt-loop");
    assert_eq!(dyn_out, enum_out);
    assert_eq!(
        shapes_of(&dyn_loops),
        shapes_of(&enum_loops),
        "{}\n---\n{}",
        dyn_loops.join("\n"),
        enum_loops.join("\n")
    );
    let unrolled: Vec<&String> = dyn_loops.iter().filter(|l| is_unrolled(l)).collect();
    assert_eq!(unrolled.len(), 3, "{}", dyn_loops.join("\n"));
    for l in unrolled {
        assert!(!l.contains("__dyn_Node") && !l.contains("#tag"), "{l}");
        assert_none(hot_body(l), &["call_i", "call_r", "call_n", "cond_call", "new", "guard_value", "guard_class"], l);
    }
}

/// Program 177: `area()` of trait objects read from a list, so the class
/// is not known: the loop reads the object's class (the tag of the trait's
/// enum) once, guards it (RPython's `guard_class`), and runs the circle's
/// method inline, with no call; the square's runs in the bridge of that
/// guard.
#[test]
fn trait_object_call_guards_the_class_and_runs_the_method_inline() {
    let (loops, out) = jit_log("177_jit_dyn_dispatch", "jit-log-opt-loop");
    assert_eq!(out, "\"total=1274 grown=1 squares=10\"\n");
    assert_eq!(loops.len(), 1, "{}", loops.join("\n"));
    let l = &loops[0];
    assert!(is_unrolled(l), "{l}");
    let body = hot_body(l);
    assert_none(body, NEVER, l);
    let class_reads: Vec<&str> = operations(body).into_iter().filter(|o| o.contains("__dyn_Shape.#tag")).collect();
    assert_eq!(class_reads.len(), 1, "{l}");
    assert!(body.contains("Circle.r") && !body.contains("Square."), "{l}");
    let (bridges, _) = jit_log("177_jit_dyn_dispatch", "jit-log-opt-bridge");
    assert!(bridges.iter().any(|b| b.contains("Square.side") && !b.contains("call")), "{}", bridges.join("\n"));
}

/// Program 227: `&mut` of values in an interpreter's loop (operands
/// decoded by helpers advancing `pc: &mut usize`, registers a `Copy`
/// struct changed by `&mut self` methods). The copies in and out are the
/// values themselves in the trace: the tuples the helpers return are never
/// allocated, nothing is called, and the registers live in the loop's
/// variables (no field of `Regs` is read or written in memory).
#[test]
fn mut_refs_of_values_are_the_values_in_traces() {
    let (loops, out) = jit_log("227_jit_mut_ref_cursor", "jit-log-opt-loop");
    assert_eq!(out, "\"Regs { i: 300, acc: 134551, n: 300, steps: 1200 }\"\n");
    assert_eq!(loops.len(), 1, "{}", loops.join("\n"));
    let l = &loops[0];
    assert_none(hot_body(l), &["call", "cond_call", "new"], l);
    assert!(!l.contains("Regs"), "{l}");
}
