//! Output to a pipe whose reader went away (`rpylua prog.lua | head`) ends
//! the program as a Rust program's failed `print!` does: status 101 and one
//! message, not an abort with a backtrace.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn output_to_a_closed_pipe_ends_the_program_with_a_message() {
    for rpyjit in ["off", "threshold=1,trace_eagerness=2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rpylua"))
            .args(["-e", "for i = 1, 200000 do print(i) end"])
            .env("RPYJIT", rpyjit)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run rpylua");
        drop(child.stdout.take());
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(101), "RPYJIT={rpyjit}: {status:?}\n{err}");
        assert!(err.contains("failed printing to stdout") && err.contains("Broken pipe"), "{err}");
        assert!(!err.contains("cannot unwind") && !err.contains("stack backtrace"), "{err}");
    }
}
