//! The shape of the JIT's code for a Lua loop, read from its log
//! (`RPYLOG=jit-log-opt-bridge`, printed on stderr).

use std::process::Command;

/// Runs the Lua `program` with the JIT, logging its bridges: what it
/// printed (trimmed) and the log.
fn run_logging_bridges(program: &str) -> (String, String) {
    run_logging(&["-e", program], "jit-log-opt-bridge", "default")
}

/// The stdout of `rpylua args` and the log of `sections`, with
/// `RPYJIT=rpyjit`.
fn run_logging(args: &[&str], sections: &str, rpyjit: &str) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rpylua"))
        .args(args)
        .env("RPYLOG", sections)
        .env("RPYJIT", rpyjit)
        .output()
        .expect("run rpylua");
    (String::from_utf8_lossy(&out.stdout).trim().to_string(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The counts `jit-backend-counts` logs of the loops' entries at their
/// start (the preamble) and of their turns at their labels (the body).
fn loop_counts(log: &str) -> (u64, u64) {
    let count = |prefix: &str| -> u64 {
        (log.lines()).filter(|l| l.starts_with(prefix)).filter_map(|l| l.rsplit(':').next()?.parse::<u64>().ok()).sum()
    };
    (count("entry "), count("TargetToken("))
}

/// The bodies of the unrolled loops in a `jit-log-opt-loop` log (after
/// their labels); there is one at least.
fn loop_bodies(log: &str) -> Vec<&str> {
    let loops = log.split("{jit-log-opt-loop").skip(1);
    let bodies: Vec<&str> = loops.filter_map(|l| l.split("label(").nth(1)).collect();
    assert!(!bodies.is_empty(), "no unrolled loop:\n{log}");
    bodies
}

/// A `while` loop whose branch goes the other way every few turns: the
/// bridge of that branch knows what the loop's guard knew of the frame (its
/// registers and the boxes in them), so it goes on into the loop's body at
/// its label with the integers unboxed, allocating no box.
#[test]
fn a_bridge_back_into_its_loop_allocates_no_integer_box() {
    let program = "
        local function collatz_len(n)
          local steps = 0
          while n ~= 1 do
            if n % 2 == 0 then n = n // 2 else n = 3 * n + 1 end
            steps = steps + 1
          end
          return steps
        end
        local total = 0
        for start = 1, 30000 do total = total + collatz_len(start) end
        print(total)";
    let (out, log) = run_logging_bridges(program);
    assert_eq!(out, "2864311");
    let bridges: Vec<&str> = log.split("{jit-log-opt-bridge").skip(1).collect();
    let into_body: Vec<&&str> = bridges.iter().filter(|b| b.contains(", label))")).collect();
    assert!(!into_body.is_empty(), "no bridge enters a loop at its label:\n{log}");
    for b in into_body {
        assert!(!b.contains("<SizeDescr Value::Int>"), "a bridge into the loop's body boxes an integer:\n{b}");
    }
}

/// A loop whose test reads an upvalue: the bridge of its rarer branch
/// never read the closure's upvalues, so it checks with guards what the
/// loop's preamble checked of the upvalue (its cell, its type) and goes
/// on into the loop's body at its label, instead of running the preamble.
#[test]
fn a_bridge_checks_what_the_preamble_checked_and_enters_the_body() {
    let program = "
        local LIMIT = 50
        local function f(n)
          local k, acc = 0, 0
          while k < LIMIT do
            if k % 7 == 0 then acc = acc + n else acc = acc + 1 end
            k = k + 1
          end
          return acc
        end
        local total = 0
        for i = 1, 20000 do total = total + f(i) end
        print(total)";
    let (out, log) = run_logging_bridges(program);
    assert_eq!(out, "1600920000");
    let bridges: Vec<&str> = log.split("{jit-log-opt-bridge").skip(1).collect();
    // (After the bridge's last instruction: the checks of its jump.)
    let checked_entry = |b: &&str| {
        let tail = b.rsplit("debug_merge_point").next().unwrap_or("");
        tail.contains(", label))") && tail.contains("guard_value") && tail.contains("Closure.upvals")
    };
    assert!(bridges.iter().any(checked_entry), "no bridge checks the upvalue to enter the loop's body:\n{log}");
}

/// A `while` loop inside a `for` loop, whose first turns leave it at once
/// (the benchmark's mandelbrot): its key's loop is traced on such a turn
/// (out of the `while`, round the `for`, back at the `while`). The bridge
/// of the `while` going on cannot enter that loop's body (it carries other
/// values), so the loop is traced again from the bridge; a turn going the
/// first loop's way at the guard would make a loop the bridge enters at its
/// preamble on every turn, so the guard waits for a turn going on, whatever
/// the eagerness that decides when the bridge is traced: nearly every turn
/// runs in a loop's body.
#[test]
fn a_loop_traced_again_from_a_bridge_is_a_turn_the_bridges_way() {
    let mandelbrot = concat!(env!("CARGO_MANIFEST_DIR"), "/bench/mandelbrot.lua");
    for eagerness in [20, 50, 200] {
        let rpyjit = format!("trace_eagerness={eagerness}");
        let (out, log) = run_logging(&[mandelbrot, "200"], "jit-backend-counts", &rpyjit);
        assert_eq!(out, "size: 200x200\ninside: 15899\niterations: 976575\nchecksum: 18498822");
        let (entries, turns) = loop_counts(&log);
        assert!(
            entries * 10 < turns,
            "trace_eagerness={eagerness}: {entries} entries at loops' preambles for {turns} turns in their bodies:\n{log}"
        );
    }
}

/// A call of a function that tail-calls one of more registers: the frame's
/// registers grow in place within the room the caller's frame made for
/// them (`Proto::room`), so the loop's trace keeps them virtual: no list,
/// no array, no call growing them, no box of an integer.
#[test]
fn a_tail_call_into_a_larger_function_allocates_nothing_in_the_loop() {
    let program = "
        local function big(x)
          local a, b, c, d, e, f = x, x + 1, x + 2, x + 3, x + 4, x + 5
          return a * b - c * d + e * f
        end
        local function small(x) return big(x) end
        local total = 0
        for i = 1, 100000 do total = total + small(i) end
        print(total)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "333363335000000");
    let body = log.split("label(").nth(1).expect("an unrolled loop");
    for allocation in ["new(", "new_array(", "call_n("] {
        assert!(!body.contains(allocation), "the loop's body has {allocation}:\n{log}");
    }
}

/// `string.find` asks whether its pattern has special characters, an
/// elidable call: the pattern is read from the frame's registers, a
/// variable when traced, but a constant to the optimizer (the constant
/// loaded there), which then takes the call's recorded result: no call.
#[test]
fn an_elidable_call_on_a_constant_the_optimizer_found_is_folded() {
    let program = "
        local s = 'key=value;'
        local n = 0
        for i = 1, 20000 do
          if string.find(s, '=') then n = n + 1 end
        end
        print(n)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "20000");
    assert!(log.contains("Call find_span"), "no loop searching:\n{log}");
    assert!(!log.contains("Call has_specials"), "the loop asks for the pattern's special characters:\n{log}");
}

/// A loop reading a table's array part: each read tests its index against
/// the array's length once (the index minus one, unsigned: the indexing's
/// own bounds check is that test's negation, which the optimizer knows),
/// and the item's type once (that it is not nil, then that it is an
/// integer: one guard that it is).
#[test]
fn a_table_read_by_index_tests_its_bounds_once() {
    let program = "
        local t = {}
        for i = 1, 100 do t[i] = i end
        local sum = 0
        for r = 1, 300 do
          for i = 1, 100 do sum = sum + t[i] end
        end
        print(sum)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "1515000");
    let body = log.split("label(").last().expect("an unrolled loop");
    let body = body.split("jump(").next().unwrap_or(body);
    let guards = body.lines().filter(|l| l.starts_with("guard_")).count();
    // (The array's bounds, the item's type, the loop's end.)
    assert_eq!(guards, 3, "the loop's body has {guards} guards:\n{body}");
}

/// A loop of float arithmetic over arrays of floats (a row of a matrix
/// times another, summed into a third): the floats are read and stored
/// unboxed, so the loop's body allocates nothing and tests no item's type.
#[test]
fn a_loop_over_float_arrays_boxes_nothing() {
    let program = "
        local a, b, c = {}, {}, {}
        for i = 1, 200 do a[i] = i * 0.5; b[i] = 1.5; c[i] = 0.0 end
        for r = 1, 200 do
          for i = 1, 200 do c[i] = c[i] + a[i] * b[i] end
        end
        print(c[200])";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "30000.0");
    let body = log.split("label(").last().expect("an unrolled loop");
    let body = body.split("jump(").next().unwrap_or(body);
    assert!(body.contains("getarrayitem_gc_f"), "the loop reads no float from an array:\n{body}");
    assert!(body.contains("setarrayitem_gc"), "the loop stores nothing into an array:\n{body}");
    assert!(!body.contains("new("), "the loop's body allocates:\n{body}");
    assert!(!body.contains("Value.#tag"), "the loop's body tests a value's type:\n{body}");
}

/// Register moves, as recorded: the tracer knows the frame's register
/// list, its length and its items array once read, and the bounds checks
/// it computed, so a move after the first records an item read and write
/// and the checks of indexes not checked before, nothing of the frame.
#[test]
fn a_register_move_records_no_read_of_the_frame() {
    let program = "
        local function f(x, y) return x + y end
        local s = 0
        for i = 1, 1000 do
          local a = i
          s = f(a, s)
        end
        print(s)";
    let (out, log) = run_logging(&["-e", program], "jit-log-noopt-loop", "threshold=3");
    assert_eq!(out, "500500");
    let moves: Vec<&str> = log.split("debug_merge_point(").filter(|s| s.contains(" MOVE')")).collect();
    assert!(moves.len() >= 3, "fewer than three moves in the loop:\n{log}");
    for m in &moves[1..] {
        assert!(!m.contains("Frame.regs"), "a move reads the frame's registers again:\n{m}\n{log}");
        assert!(!m.contains("list<enum0>.items"), "a move reads the register list's items again:\n{m}\n{log}");
    }
}

/// `==` of two tables with a metatable asks the metatable for `__eq`: the
/// key's position in the metatable's shape (promoted) is a constant of the
/// trace, so the lookup calls nothing.
#[test]
fn a_metamethod_lookup_in_a_trace_calls_nothing() {
    let program = "
        local mt = {}
        local a, b = setmetatable({}, mt), setmetatable({}, mt)
        local n = 0
        for i = 1, 20000 do
          if a == b then n = n + 1 end
        end
        print(n)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "0");
    assert!(log.contains("label("), "no loop:\n{log}");
    assert!(!log.contains("Call shape_pos"), "the loop looks `__eq` up in the shape:\n{log}");
}

/// A method of a string (`s:upper()`) in a trace is found through the
/// shapes of the strings' metatable and of the `string` table, guards and
/// reads: no call of the interpreter's `index` (a loop it does not trace).
#[test]
fn a_string_method_in_a_trace_is_found_through_shapes() {
    let program = "
        local n = 0
        for i = 1, 20000 do
          local s = (i % 2 == 0) and 'ab' or 'cd'
          n = n + #s:upper()
        end
        print(n)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "40000");
    assert!(log.contains("label("), "no loop:\n{log}");
    assert!(!log.contains("Call index>"), "the loop calls index to find the method:\n{log}");
}

/// A closure that tail-calls another closure of the same function (two
/// `compose`d functions) starts its function again in the same frame:
/// the tracer goes through that as through a recursive call (a few
/// times), not as a loop of the callee (which it would give up on, making
/// every call of the composition a `call_assembler` with a frame).
#[test]
fn a_tail_call_into_the_same_function_is_traced_through() {
    let program = "
        local function compose(f, g) return function(x) return f(g(x)) end end
        local function add1(x) return x + 1 end
        local function dbl(x) return x * 2 end
        local h = compose(compose(add1, dbl), compose(dbl, add1))
        local s = 0
        for i = 1, 30000 do s = s + h(i) end
        print(s)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "1800210000");
    let body = log.split("label(").nth(1).expect("an unrolled loop");
    assert!(!body.contains("call_assembler"), "the loop calls compiled code:\n{log}");
    assert!(!body.contains("<SizeDescr Frame>"), "the loop makes a frame:\n{log}");
}

/// A recursive function traced from its start (each trace ends where the
/// function returns, writing its frame back): the frame's registers but
/// the result are nil when it returns, so the only box a trace that calls
/// no compiled code makes is the result's (fib's made three: the
/// arguments of its two calls, left in their registers).
#[test]
fn a_returning_frame_boxes_only_its_result() {
    let program = "
        local function fib(n)
          if n < 2 then return n end
          return fib(n - 1) + fib(n - 2)
        end
        print(fib(25))";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt", "default");
    assert_eq!(out, "75025");
    let traces: Vec<&str> = log.split("{jit-log-opt-").skip(1).collect();
    let returning: Vec<&&str> =
        traces.iter().filter(|t| t.contains("finish(") && !t.contains("call_assembler")).collect();
    assert!(returning.len() >= 3, "fewer traces return than expected:\n{log}");
    for t in returning {
        let boxes = t.matches("new(descr=<SizeDescr Value::Int>)").count();
        assert!(boxes <= 1, "a returning trace makes {boxes} integer boxes:\n{t}");
    }
}

/// A loop that updates the number fields of objects (a body's position, a
/// counter): the numbers are stored unboxed beside their keys, so the
/// loop's body makes no box, reads them with no call, and stores each
/// number with a nil box only (its kind is known there already).
#[test]
fn a_loop_updating_number_fields_boxes_nothing() {
    let program = "
        local objs = {}
        for i = 1, 4 do objs[i] = { count = 0, pos = 0.5, name = 'o' .. i } end
        for round = 1, 20000 do
          for i = 1, #objs do
            local o = objs[i]
            o.count = o.count + i
            o.pos = o.pos * 0.5 + i
          end
        end
        print(objs[4].count, objs[4].pos)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "80000\t8.0");
    let bodies = loop_bodies(&log);
    for body in bodies {
        assert!(!body.contains("new("), "the loop makes an object:\n{body}");
        assert!(!body.contains("call_"), "the loop calls:\n{body}");
        assert_eq!(body.matches("setinteriorfield_gc").count(), 4, "two fields written:\n{body}");
        assert_eq!(body.matches("ConstPtr(prebuilt").count(), 2, "two nil boxes:\n{body}");
    }
}

/// Method calls on objects of a class (`obj:m()` through `__index`) and
/// writes of their fields, nil ones included: each table is borrowed
/// alone, never while another is (the object before its metatable, its
/// metatable before its class), so the loop's body checks the tables'
/// borrow counts and writes none of them back.
#[test]
fn a_method_call_through_a_class_writes_no_borrow_count() {
    let program = "
        local Point = {}
        Point.__index = Point
        function Point:step(d) self.x = self.x + d; self.mark = nil; return self.x end
        local ps = {}
        for i = 1, 3 do ps[i] = setmetatable({ x = i }, Point) end
        local s = 0
        for round = 1, 20000 do
          for i = 1, #ps do s = s + ps[i]:step(1) end
        end
        print(s)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "600150000");
    let bodies = loop_bodies(&log);
    for body in bodies {
        assert!(body.contains("Table.#borrows"), "the loop reads no borrow count:\n{body}");
        let writes = body.lines().filter(|l| l.starts_with("setfield_gc") && l.contains("#borrows")).count();
        assert_eq!(writes, 0, "the loop writes borrow counts:\n{body}");
    }
}

/// A loop following integers through a table (`first = w[first]`): the
/// value kept in the register had its tag checked the turn it was read,
/// so the next turn reads its integer unchecked; each turn checks the tag
/// of the one value it reads.
#[test]
fn a_value_kept_in_a_register_has_its_tag_checked_once() {
    let program = "
        local w = {}
        for i = 1, 10 do w[i] = (i % 10) + 1 end
        local first, s = 1, 0
        for r = 1, 200000 do
          local nxt = w[first]
          s = s + nxt
          first = nxt
        end
        print(s)";
    let (out, log) = run_logging(&["-e", program], "jit-log-opt-loop", "default");
    assert_eq!(out, "1100000");
    let bodies = loop_bodies(&log);
    for body in bodies {
        assert_eq!(body.matches("Value.#tag").count(), 1, "one tag read per turn:\n{body}");
    }
}
