//! The yardstick of `bf --bench`: a BF program as C for `gcc -O2`, with
//! the usual peephole rules (runs of `+`/`-` and of `<`/`>` folded into one
//! addition, `[-]` and `[+]` a store of zero), on the same tape as the
//! interpreter's (64-bit cells, starting well to the right of the array's
//! start). What a JIT of the interpreter aims at.

/// The C program doing what the BF `source` does.
pub fn bf_to_c(source: &str) -> String {
    let code: Vec<u8> = source.bytes().filter(|c| b"[]<>+-,.".contains(c)).collect();
    let mut out = String::from(
        "#include <stdio.h>\nstatic long tape[1 << 20];\nint main(void) {\n    long *p = tape + 1024;\n    int ch;\n",
    );
    let mut i = 0;
    while i < code.len() {
        if code[i..].starts_with(b"[-]") || code[i..].starts_with(b"[+]") {
            out.push_str("    *p = 0;\n");
            i += 3;
            continue;
        }
        let run = |i: &mut usize, up: u8, down: u8| {
            let mut k = 0i64;
            while *i < code.len() && (code[*i] == up || code[*i] == down) {
                k += if code[*i] == up { 1 } else { -1 };
                *i += 1;
            }
            k
        };
        match code[i] {
            b'+' | b'-' => {
                let k = run(&mut i, b'+', b'-');
                out.push_str(&format!("    *p += {k};\n"));
                continue;
            }
            b'>' | b'<' => {
                let k = run(&mut i, b'>', b'<');
                out.push_str(&format!("    p += {k};\n"));
                continue;
            }
            b'[' => out.push_str("    while (*p) {\n"),
            b']' => out.push_str("    }\n"),
            b'.' => out.push_str("    putchar((int)(*p & 255));\n"),
            _ => out.push_str("    ch = getchar();\n    *p = ch == EOF ? 0 : ch;\n"),
        }
        i += 1;
    }
    out.push_str("    fflush(stdout);\n    return 0;\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::bf_to_c;

    #[test]
    fn runs_fold_and_clear_loops_are_stores() {
        let c = bf_to_c("++-+>>< [-]x.,");
        assert!(c.contains("*p += 2;\n    p += 1;\n    *p = 0;\n    putchar"), "{c}");
        assert!(c.contains("ch = getchar();"), "{c}");
    }
}
