//! Property test: random scalar programs, translated to low-level graphs and
//! run in the LLInterpreter, must compute what an independent evaluator of
//! the same expression trees computes with Rust's own arithmetic (release
//! semantics). This checks the flow space, type inference and the rtyper
//! against Rust, on programs nobody wrote by hand.

use rpy_core::driver::translate_source;
use rpy_core::llinterp::{interpret, LlValue};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Expressions over the `i64` parameters `a`, `b`, `c`.
enum E {
    Var(usize),
    Lit(i64),
    Bin(&'static str, Box<E>, Box<E>),
    Shift(&'static str, Box<E>, u32),
    Neg(Box<E>),
    Not(Box<E>),
    /// `(x as T) as i64` for an integer type `T`.
    Cast(&'static str, Box<E>),
    /// `if x CMP y { t } else { f }`
    If(&'static str, Box<E>, Box<E>, Box<E>, Box<E>),
    /// `x.checked_add(y).unwrap_or(z)` and friends.
    Checked(&'static str, Box<E>, Box<E>, Box<E>),
    Method(&'static str, Box<E>, Box<E>),
    /// `x / (y | 1)`, `x % (y | 1)`, guarded against `MIN / -1`.
    Div(&'static str, Box<E>, Box<E>),
}

fn gen(r: &mut Rng, depth: u32) -> E {
    if depth == 0 || r.below(4) == 0 {
        return if r.below(2) == 0 {
            E::Var(r.below(3) as usize)
        } else {
            E::Lit([0, 1, -1, 2, 7, 255, -128, 1 << 20, i64::MAX, i64::MIN][r.below(10) as usize])
        };
    }
    match r.below(10) {
        0 | 1 => {
            let op = ["+", "-", "*", "&", "|", "^"][r.below(6) as usize];
            E::Bin(op, Box::new(gen(r, depth - 1)), Box::new(gen(r, depth - 1)))
        }
        2 => {
            let op = ["<<", ">>"][r.below(2) as usize];
            let n = r.below(70) as u32;
            E::Shift(op, Box::new(gen(r, depth - 1)), n)
        }
        3 => {
            if r.below(2) == 0 {
                E::Neg(Box::new(gen(r, depth - 1)))
            } else {
                E::Not(Box::new(gen(r, depth - 1)))
            }
        }
        4 => E::Cast(["i8", "u8", "i16", "u16", "i32", "u32", "u64"][r.below(7) as usize], Box::new(gen(r, depth - 1))),
        5 => E::If(
            ["<", "<=", "==", "!=", ">"][r.below(5) as usize],
            Box::new(gen(r, depth - 1)),
            Box::new(gen(r, depth - 1)),
            Box::new(gen(r, depth - 1)),
            Box::new(gen(r, depth - 1)),
        ),
        6 => E::Checked(
            ["checked_add", "checked_sub", "checked_mul"][r.below(3) as usize],
            Box::new(gen(r, depth - 1)),
            Box::new(gen(r, depth - 1)),
            Box::new(gen(r, depth - 1)),
        ),
        7 => E::Method(
            ["wrapping_add", "min", "max", "saturating_sub", "saturating_mul"][r.below(5) as usize],
            Box::new(gen(r, depth - 1)),
            Box::new(gen(r, depth - 1)),
        ),
        _ => E::Div(["/", "%"][r.below(2) as usize], Box::new(gen(r, depth - 1)), Box::new(gen(r, depth - 1))),
    }
}

fn source(e: &E) -> String {
    match e {
        E::Var(i) => ["a", "b", "c"][*i].to_string(),
        E::Lit(v) if *v == i64::MIN => "i64::MIN".to_string(),
        E::Lit(v) => format!("({v}i64)"),
        E::Bin(op, x, y) => format!("({} {op} {})", source(x), source(y)),
        E::Shift(op, x, n) => format!("({} {op} {n})", source(x)),
        E::Neg(x) => format!("(-{})", source(x)),
        E::Not(x) => format!("(!{})", source(x)),
        E::Cast(t, x) => format!("(({} as {t}) as i64)", source(x)),
        E::If(op, x, y, t, f) => {
            format!("(if {} {op} {} {{ {} }} else {{ {} }})", source(x), source(y), source(t), source(f))
        }
        E::Checked(m, x, y, z) => format!("({}.{m}({}).unwrap_or({}))", source(x), source(y), source(z)),
        E::Method(m, x, y) => format!("({}.{m}({}))", source(x), source(y)),
        E::Div(op, x, y) => {
            let (x, y) = (source(x), source(y));
            format!("({{ let d = {y} | 1; if d == -1 {{ {x}.wrapping_neg() }} else {{ {x} {op} d }} }})")
        }
    }
}

/// The oracle: Rust's release semantics, computed directly.
fn eval(e: &E, env: &[i64; 3]) -> i64 {
    match e {
        E::Var(i) => env[*i],
        E::Lit(v) => *v,
        E::Bin(op, x, y) => {
            let (x, y) = (eval(x, env), eval(y, env));
            match *op {
                "+" => x.wrapping_add(y),
                "-" => x.wrapping_sub(y),
                "*" => x.wrapping_mul(y),
                "&" => x & y,
                "|" => x | y,
                _ => x ^ y,
            }
        }
        E::Shift(op, x, n) => {
            let x = eval(x, env);
            if *op == "<<" {
                x.wrapping_shl(*n)
            } else {
                x.wrapping_shr(*n)
            }
        }
        E::Neg(x) => eval(x, env).wrapping_neg(),
        E::Not(x) => !eval(x, env),
        E::Cast(t, x) => {
            let x = eval(x, env);
            match *t {
                "i8" => x as i8 as i64,
                "u8" => x as u8 as i64,
                "i16" => x as i16 as i64,
                "u16" => x as u16 as i64,
                "i32" => x as i32 as i64,
                "u32" => x as u32 as i64,
                _ => x as u64 as i64,
            }
        }
        E::If(op, x, y, t, f) => {
            let (x, y) = (eval(x, env), eval(y, env));
            let c = match *op {
                "<" => x < y,
                "<=" => x <= y,
                "==" => x == y,
                "!=" => x != y,
                _ => x > y,
            };
            if c {
                eval(t, env)
            } else {
                eval(f, env)
            }
        }
        E::Checked(m, x, y, z) => {
            let (x, y) = (eval(x, env), eval(y, env));
            let r = match *m {
                "checked_add" => x.checked_add(y),
                "checked_sub" => x.checked_sub(y),
                _ => x.checked_mul(y),
            };
            r.unwrap_or_else(|| eval(z, env))
        }
        E::Method(m, x, y) => {
            let (x, y) = (eval(x, env), eval(y, env));
            match *m {
                "wrapping_add" => x.wrapping_add(y),
                "min" => x.min(y),
                "max" => x.max(y),
                "saturating_sub" => x.saturating_sub(y),
                _ => x.saturating_mul(y),
            }
        }
        E::Div(op, x, y) => {
            let d = eval(y, env) | 1;
            let x = eval(x, env);
            if d == -1 {
                x.wrapping_neg()
            } else if *op == "/" {
                x / d
            } else {
                x % d
            }
        }
    }
}

#[test]
fn random_scalar_programs_agree_with_rust() {
    let mut r = Rng(0x9e3779b97f4a7c15);
    let inputs = [[0, 0, 0], [1, -1, 7], [i64::MAX, i64::MIN, -1], [123456789, -987654321, 65535], [-3, 5, 1 << 40]];
    for n in 0..300 {
        let e = gen(&mut r, 5);
        let src = format!("pub fn f(a: i64, b: i64, c: i64) -> i64 {{ {} }}", source(&e));
        let t = translate_source(&src, "random.rs")
            .unwrap_or_else(|errs| panic!("program {n} does not translate: {errs:?}\n{src}"))
            .program;
        let g = t.graph_by_name("f").unwrap();
        for input in &inputs {
            let args = input.iter().map(|v| LlValue::Int(*v as i128)).collect();
            let got = interpret(&t, g, args).unwrap_or_else(|p| panic!("program {n} panicked: {}\n{src}", p.message));
            let want = eval(&e, input);
            assert_eq!(got, LlValue::Int(want as i128), "program {n} on {input:?}:\n{src}");
        }
    }
}
