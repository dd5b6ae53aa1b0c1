//! Pipes input into the calc binary and compares its whole stdout and
//! stderr, and its exit status: translated, and untranslated with the same
//! result.

use std::io::Write;
use std::process::{Command, Stdio};

#[derive(Debug, PartialEq)]
struct Run {
    stdout: String,
    stderr: String,
    status: Option<i32>,
}

/// The translated REPL's run, checked to be the untranslated one's.
fn calc(args: &[&str], input: impl AsRef<[u8]>) -> Run {
    let input = input.as_ref();
    let translated = run(args, input);
    let untranslated = run(&[&["--untranslated"], args].concat(), input);
    assert_eq!(translated, untranslated, "translated (left) and untranslated (right) differ");
    translated
}

fn run(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_calc"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run calc");
    // A calc that exits before reading (a bad argument) closes the pipe:
    // the write may then fail, and only the output matters.
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        status: out.status.code(),
    }
}

/// One prompt per line read, one more for the end of input (answered with a
/// newline).
fn prompts(results: &[&str]) -> String {
    let mut out = String::new();
    for r in results {
        out.push_str("> ");
        out.push_str(r);
    }
    out + "> \n"
}

#[test]
fn arithmetic_precedence_unary_minus_and_parentheses() {
    let run = calc(
        &[],
        "1 + 2 * 3\n(1 + 2) * 3\n10 / 4 - 1\n8 - 4 - 2\n16 / 4 / 2\n-2 - -3\n--4\n2 * -3\n-(2 + 3) * 2\n  ( 51.05+2 )  \n",
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.stdout, prompts(&["7\n", "9\n", "1.5\n", "2\n", "2\n", "1\n", "4\n", "-6\n", "-10\n", "53.05\n"]));
    assert_eq!(run.status, Some(0));
}

#[test]
fn floats_print_as_rust_does() {
    let run = calc(&[], "0.1 + 0.2\n1/3\n1/0\n-1/0\n0/0\n-0\n2.50\n123456789 * 1000000000000\n");
    assert_eq!(run.stderr, "");
    assert_eq!(
        run.stdout,
        prompts(&[
            "0.30000000000000004\n",
            "0.3333333333333333\n",
            "inf\n",
            "-inf\n",
            "NaN\n",
            "-0\n",
            "2.5\n",
            "123456789000000000000\n"
        ])
    );
    assert_eq!(run.status, Some(0));
}

/// The seed's "first 50 terms of the Nilakantha Series" (its signs, its
/// 3.191743).
#[test]
fn the_seeds_nilakantha_series() {
    let mut input = String::from("3 + 4 * (");
    let mut n = 2;
    while n <= 100 {
        let sign = if n == 2 {
            ""
        } else if n % 4 == 0 {
            " + "
        } else {
            " - "
        };
        input.push_str(&format!("{sign}(1/({n} * {} * {}))", n + 1, n + 2));
        n += 2;
    }
    input.push_str(")\n");
    let run = calc(&[], &input);
    assert_eq!(run.stderr, "");
    assert_eq!(run.stdout, prompts(&["3.191742563483538\n"]));
}

#[test]
fn errors_are_one_line_each_and_the_repl_goes_on() {
    let input = "(1 + 2\n1\n1 $ 2\n2\n\n3\n1 +\n1 2\n* 3\n)\n(1))\n1 é 2\n2 (3)\n+1\n1.\n   \n4\n";
    let run = calc(&[], input);
    assert_eq!(
        run.stderr,
        "[column 7] Error at end: Expect ')' after expression.\n\
         [column 3] Error at '$': Unexpected character.\n\
         [column 1] Error at end: Expect expression.\n\
         [column 4] Error at end: Expect expression.\n\
         [column 3] Error at '2': Expect end of expression.\n\
         [column 1] Error at '*': Expect expression.\n\
         [column 1] Error at ')': Expect expression.\n\
         [column 4] Error at ')': Expect end of expression.\n\
         [column 3] Error at 'é': Unexpected character.\n\
         [column 3] Error at '(': Expect end of expression.\n\
         [column 1] Error at '+': Expect expression.\n\
         [column 2] Error at '.': Unexpected character.\n\
         [column 1] Error at end: Expect expression.\n"
    );
    let mut results = vec![""; 17];
    results[1] = "1\n";
    results[3] = "2\n";
    results[5] = "3\n";
    results[16] = "4\n";
    assert_eq!(run.stdout, prompts(&results));
    assert_eq!(run.status, Some(0));
}

#[test]
fn limits_are_errors_not_crashes() {
    let constants: Vec<String> = (1..=257).map(|i| i.to_string()).collect();
    let too_many = constants.join("+");
    let column = too_many.len() - 2;
    let input = format!(
        "{}\n{too_many}\n{}1{}\n{}1{}\n{}1{}\n{}1\n{}\n5\n",
        constants[..256].join("+"),
        "1+(".repeat(255),
        ")".repeat(255),
        "1+(".repeat(256),
        ")".repeat(256),
        "(".repeat(999),
        ")".repeat(999),
        "-".repeat(1000),
        "(".repeat(100_000),
    );
    let run = calc(&[], &input);
    assert_eq!(
        run.stderr,
        format!(
            "[column {column}] Error at '257': Too many constants in one chunk.\n\
             Runtime error: stack overflow (more than 256 values).\n\
             [column 1001] Error at '1': Expression nested too deeply.\n\
             [column 1001] Error at '(': Expression nested too deeply.\n"
        )
    );
    assert_eq!(run.stdout, prompts(&["32896\n", "", "256\n", "", "1\n", "", "", "5\n"]));
    assert_eq!(run.status, Some(0));
}

#[test]
fn end_of_input_without_a_newline() {
    let run = calc(&[], "6 * 7");
    assert_eq!(run.stdout, "> 42\n> \n");
    assert_eq!(run.status, Some(0));
    let run = calc(&[], "");
    assert_eq!(run.stdout, "> \n");
    assert_eq!(run.stderr, "");
    assert_eq!(run.status, Some(0));
}

/// The seed's two listings: the compiler's disassembly and the VM's trace.
#[test]
fn disassembly_and_trace_in_the_seeds_format() {
    let run = calc(&["--disassemble"], "(2/4 + 1/2)\n");
    assert_eq!(run.stderr, "");
    assert_eq!(
        run.stdout,
        "> == code ==\n\
         \n\
         0000 OP_CONSTANT  (00) '2.000000'\n\
         0002 OP_CONSTANT  (01) '4.000000'\n\
         0004 OP_DIVIDE    \n\
         0005 OP_CONSTANT  (02) '1.000000'\n\
         0007 OP_CONSTANT  (00) '2.000000'\n\
         0009 OP_DIVIDE    \n\
         0010 OP_ADD       \n\
         0011 OP_RETURN    \n\
         1\n\
         > \n"
    );
    let run = calc(&["--trace"], "2--3\n");
    assert_eq!(run.stderr, "");
    assert_eq!(
        run.stdout,
        "> == VM TRACE ==\n\
         0000 OP_CONSTANT  (00) '2.000000'\n          [ 2.000000 ]\n\
         0002 OP_CONSTANT  (01) '3.000000'\n          [ 2.000000 ] [ 3.000000 ]\n\
         0004 OP_NEGATE    \n          [ 2.000000 ] [ -3.000000 ]\n\
         0005 OP_SUBTRACT  \n          [ 5.000000 ]\n\
         0006 OP_RETURN    \n\
         5\n\
         > \n"
    );
    assert_eq!(run.status, Some(0));
}

#[test]
fn unknown_argument_is_status_2() {
    let run = calc(&["--verbose"], "1\n");
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "calc: unknown argument '--verbose'\nusage: calc [--disassemble] [--trace]\n");
    assert_eq!(run.status, Some(2));
}

#[test]
fn unreadable_input_is_status_1() {
    let run = calc(&[], b"1 + 1\n\xff\n2\n");
    assert_eq!(run.stdout, "> 2\n> \n");
    assert_eq!(run.stderr, "calc: cannot read input: stream did not contain valid UTF-8\n");
    assert_eq!(run.status, Some(1));
}
