//! The shape of the JIT's code for a Lua loop, read from its log
//! (`RPYLOG=jit-log-opt-bridge`, printed on stderr).

use std::process::Command;

/// Runs the Lua `program` with the JIT, logging its bridges: what it
/// printed (trimmed) and the log.
fn run_logging_bridges(program: &str) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rpylua"))
        .args(["-e", program])
        .env("RPYLOG", "jit-log-opt-bridge")
        .output()
        .expect("run rpylua");
    (String::from_utf8_lossy(&out.stdout).trim().to_string(), String::from_utf8_lossy(&out.stderr).into_owned())
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
