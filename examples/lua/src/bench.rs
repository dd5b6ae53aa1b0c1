//! `rpylua --bench [--runs N] [NAME...]`: runs the benchmark programs of
//! `bench/` under `lua5.4`, `luajit` and its interpreter alone (`luajit
//! -joff`; both run a program's `NAME.luajit.lua` twin when it has one) and
//! rpylua with and without the JIT, checks that all printed the same, and
//! prints the times, rpylua's ratios to the others and their geometric means.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const PROGRAMS: &[&str] = &[
    "intloop",
    "nbody",
    "spectralnorm",
    "mandelbrot",
    "fib",
    "ackermann",
    "sieve",
    "fannkuch",
    "matmul",
    "richards",
    "deltablue",
    "closures",
    "strings",
    "binarytrees",
    "json",
];

/// One implementation: its name and the command running a program.
struct Implementation {
    name: &'static str,
    command: Vec<String>,
    env: Option<(&'static str, &'static str)>,
    /// Runs `NAME.luajit.lua` where there is one.
    twin: bool,
}

/// The best wall time of `runs` runs and the output of the first.
fn time(imp: &Implementation, program: &Path, runs: usize) -> Result<(f64, String), String> {
    let mut best = f64::MAX;
    let mut output = String::new();
    for k in 0..runs {
        let mut cmd = Command::new(&imp.command[0]);
        cmd.args(&imp.command[1..]).arg(program).stdin(Stdio::null());
        if let Some((var, value)) = imp.env {
            cmd.env(var, value);
        }
        let start = Instant::now();
        let out = cmd.output().map_err(|e| format!("{}: {e}", imp.name))?;
        let secs = start.elapsed().as_secs_f64();
        if !out.status.success() {
            return Err(format!(
                "{} failed on {}: {}",
                imp.name,
                program.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        best = best.min(secs);
        if k == 0 {
            output = String::from_utf8_lossy(&out.stdout).into_owned();
        }
    }
    Ok((best, output))
}

fn geomean(xs: &[f64]) -> f64 {
    (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp()
}

pub fn bench(args: &[String]) -> i32 {
    let mut runs = 1;
    let mut names: Vec<String> = Vec::new();
    let mut k = 0;
    while k < args.len() {
        if args[k] == "--runs" && k + 1 < args.len() {
            runs = args[k + 1].parse().unwrap_or(1);
            k += 2;
        } else {
            names.push(args[k].clone());
            k += 1;
        }
    }
    if names.is_empty() {
        names = PROGRAMS.iter().map(|s| s.to_string()).collect();
    }
    let exe = std::env::current_exe().expect("own path").to_string_lossy().into_owned();
    let imps = [
        Implementation { name: "lua5.4", command: vec!["lua5.4".into()], env: None, twin: false },
        Implementation { name: "luajit", command: vec!["luajit".into()], env: None, twin: true },
        Implementation { name: "luajit -joff", command: vec!["luajit".into(), "-joff".into()], env: None, twin: true },
        Implementation {
            name: "rpylua (no JIT)",
            command: vec![exe.clone()],
            env: Some(("RPYJIT", "off")),
            twin: false,
        },
        Implementation { name: "rpylua", command: vec![exe], env: Some(("RPYJIT", "default")), twin: false },
    ];
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/bench"));
    println!(
        "{:<13} {:>8} {:>8} {:>8} {:>10} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "program", "lua5.4", "luajit", "-joff", "rpy noJIT", "rpylua", "/lua5.4", "/luajit", "/-joff", "noJIT/lua"
    );
    // rpylua's ratios: with the JIT to lua5.4, luajit and luajit -joff;
    // without it to lua5.4.
    let mut ratios: [Vec<f64>; 4] = Default::default();
    let mut status = 0;
    for name in &names {
        let main = dir.join(format!("{name}.lua"));
        let twin = dir.join(format!("{name}.luajit.lua"));
        let mut times = Vec::new();
        let mut outputs: Vec<(String, String)> = Vec::new();
        for imp in &imps {
            let program = if imp.twin && twin.exists() { &twin } else { &main };
            match time(imp, program, runs) {
                Ok((t, out)) => {
                    times.push(t);
                    outputs.push((imp.name.to_string(), out));
                }
                Err(e) => {
                    eprintln!("{e}");
                    times.push(f64::NAN);
                    status = 1;
                }
            }
        }
        for (imp, out) in &outputs[1..] {
            if *out != outputs[0].1 {
                eprintln!("{name}: {imp} printed\n{out}\nbut {} printed\n{}", outputs[0].0, outputs[0].1);
                status = 1;
            }
        }
        let (lua, jit, joff, nojit, rpy) = (times[0], times[1], times[2], times[3], times[4]);
        let row = [rpy / lua, rpy / jit, rpy / joff, nojit / lua];
        print!("{name:<13} {lua:>8.3} {jit:>8.3} {joff:>8.3} {nojit:>10.3} {rpy:>8.3}");
        for (k, r) in row.iter().enumerate() {
            print!(" {r:>8.2}");
            ratios[k].push(*r);
        }
        println!();
    }
    print!("{:<13} {:>8} {:>8} {:>8} {:>10} {:>8}", "geomean", "", "", "", "", "");
    for r in &ratios {
        print!(" {:>8.2}", geomean(r));
    }
    println!();
    println!("(times in seconds, best of {runs}; a ratio below 1 means rpylua is faster)");
    status
}
