//! Runs the bf binary (translated and untranslated) on the bundled programs
//! and checks the md5 of their output against ../shared/bf/README.md's;
//! bad input gives one line on stderr and status 1.

use std::process::Command;

fn bf(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_bf")).args(args).output().expect("run bf")
}

fn program(name: &str) -> String {
    format!("{}/programs/{name}", env!("CARGO_MANIFEST_DIR"))
}

const EXPECTED: &[(&str, &str)] = &[
    ("helloworld.b", "ed076287532e86365e841e92bfc50d8c"),
    ("test.b", "9e1b7df607c29fb91781e252186b7e3a"),
    ("99bottles.b", "7675075fdd213f4a703255a63787eb07"),
    ("bench.b", "ff84a182ecc6da31db638d7c562996d6"),
];

#[test]
fn programs_match_their_md5_translated_and_untranslated() {
    for (name, md5) in EXPECTED {
        for mode in [None, Some("--untranslated")] {
            let path = program(name);
            let args: Vec<&str> = mode.into_iter().chain([path.as_str()]).collect();
            let out = bf(&args);
            assert!(out.status.success(), "{name} {mode:?}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(md5::hex(&out.stdout), *md5, "{name} {mode:?}");
        }
    }
}

/// mandel.b takes tens of seconds untranslated in a debug build: only the
/// translated interpreter runs it, and only in release builds.
#[test]
#[cfg_attr(debug_assertions, ignore = "takes minutes in a debug build; run with --release")]
fn mandel_matches_its_md5() {
    let out = bf(&[&program("mandel.b")]);
    assert!(out.status.success());
    assert_eq!(md5::hex(&out.stdout), "5024283fa65866ddd347b877798e84d8");
}

#[test]
fn bad_input_is_one_line_and_status_1() {
    let dir = std::env::temp_dir().join(format!("rpy-bf-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let unbalanced = dir.join("unbalanced.b");
    std::fs::write(&unbalanced, "+[>+<-]]").unwrap();
    let missing = dir.join("missing.b");
    for mode in [None, Some("--untranslated")] {
        let run = |path: &std::path::Path| {
            let args: Vec<&str> = mode.into_iter().chain([path.to_str().unwrap()]).collect();
            bf(&args)
        };
        let out = run(&missing);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err, format!("bf: cannot read {}: No such file or directory (os error 2)\n", missing.display()));
        let out = run(&unbalanced);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err, "bf: unbalanced brackets: the bracket at instruction 7 has no match\n");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// MD5 (RFC 1321), enough to check outputs without a dependency.
mod md5 {
    pub fn hex(data: &[u8]) -> String {
        let digest = digest(data);
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn digest(data: &[u8]) -> [u8; 16] {
        let s: [u32; 64] = [
            7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
            14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10,
            15, 21, 6, 10, 15, 21,
        ];
        let k: Vec<u32> = (0..64).map(|i| ((i as f64 + 1.0).sin().abs() * 4294967296.0) as u32).collect();
        let (mut a0, mut b0, mut c0, mut d0) = (0x67452301u32, 0xefcdab89u32, 0x98badcfeu32, 0x10325476u32);
        let mut msg = data.to_vec();
        msg.push(0x80);
        while msg.len() % 64 != 56 {
            msg.push(0);
        }
        msg.extend_from_slice(&((data.len() as u64).wrapping_mul(8)).to_le_bytes());
        for chunk in msg.chunks(64) {
            let m: Vec<u32> = chunk.chunks(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
            let (mut a, mut b, mut c, mut d) = (a0, b0, c0, d0);
            for i in 0..64 {
                let (f, g) = match i / 16 {
                    0 => ((b & c) | (!b & d), i),
                    1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
                    2 => (b ^ c ^ d, (3 * i + 5) % 16),
                    _ => (c ^ (b | !d), (7 * i) % 16),
                };
                let f = f.wrapping_add(a).wrapping_add(k[i]).wrapping_add(m[g]);
                a = d;
                d = c;
                c = b;
                b = b.wrapping_add(f.rotate_left(s[i]));
            }
            a0 = a0.wrapping_add(a);
            b0 = b0.wrapping_add(b);
            c0 = c0.wrapping_add(c);
            d0 = d0.wrapping_add(d);
        }
        let mut out = [0u8; 16];
        for (i, w) in [a0, b0, c0, d0].iter().enumerate() {
            out[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
        }
        out
    }
}
