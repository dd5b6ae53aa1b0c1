// Functions as values: a Pratt parser driven by a const table of parse rules holding fn pointers (as the PyPy calculator), indexed by a field-less enum; fns passed as arguments, returned, and kept in local Vecs and arrays
// call: calc(0)
// expect: "1 + 2 * 3 - 4 = 3 [1 2 3 star plus 4 minus] []"
// call: calc(1)
// expect: "2 ^ 3 ^ 2 - (10 - 4) / 3 = 510 [2 3 2 pow pow 10 4 minus 3 slash minus] []"
// call: calc(2)
// expect: "-(-3 * -4) + --5 = -7 [3 neg 4 neg star neg 5 neg neg plus] []"
// call: calc(3)
// expect: "(1 + 2 = 3 [1 2 plus] [\"at token 4: expected ')'\"]"
// call: calc(4)
// expect: "4 * # 2 = 0 [4 star] [\"at token 3: expected an expression, got Error\", \"at token 3: trailing Num\"]"
// call: folds(5)
// expect: "add=15 mul=120 max=5 nope=? | 144 51 | 25"

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Num,
    Plus,
    Minus,
    Star,
    Slash,
    Caret,
    LParen,
    RParen,
    Eof,
    Error,
}

#[derive(Clone, Copy)]
struct Tok {
    kind: Kind,
    value: i64,
}

const PREC_NONE: i32 = 0;
const PREC_TERM: i32 = 1;
const PREC_FACTOR: i32 = 2;
const PREC_POWER: i32 = 3;
const PREC_UNARY: i32 = 4;

#[derive(Clone, Copy)]
struct Rule {
    prefix: Option<fn(&mut Parser) -> i64>,
    infix: Option<fn(&mut Parser, i64) -> i64>,
    prec: i32,
}

// One row per `Kind`, in declaration order.
const RULES: [Rule; 10] = [
    Rule { prefix: Some(number), infix: None, prec: PREC_NONE },
    Rule { prefix: None, infix: Some(binary), prec: PREC_TERM },
    Rule { prefix: Some(unary), infix: Some(binary), prec: PREC_TERM },
    Rule { prefix: None, infix: Some(binary), prec: PREC_FACTOR },
    Rule { prefix: None, infix: Some(binary), prec: PREC_FACTOR },
    Rule { prefix: None, infix: Some(power), prec: PREC_POWER },
    Rule { prefix: Some(grouping), infix: None, prec: PREC_NONE },
    Rule { prefix: None, infix: None, prec: PREC_NONE },
    Rule { prefix: None, infix: None, prec: PREC_NONE },
    Rule { prefix: None, infix: None, prec: PREC_NONE },
];

fn rule(k: Kind) -> Rule {
    RULES[k as usize]
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    rpn: Vec<String>,
    errors: Vec<String>,
}

impl Parser {
    fn new(src: &str) -> Parser {
        Parser { toks: scan(src), pos: 0, rpn: Vec::new(), errors: Vec::new() }
    }

    fn peek(&self) -> Tok {
        self.toks[self.pos]
    }

    fn previous(&self) -> Tok {
        self.toks[self.pos - 1]
    }

    fn advance(&mut self) -> Tok {
        let t = self.toks[self.pos];
        if t.kind != Kind::Eof {
            self.pos += 1;
        }
        t
    }

    fn error(&mut self, msg: &str) {
        let text = format!("at token {}: {}", self.pos, msg);
        self.errors.push(text);
    }
}

fn scan(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' {
            i += 1;
            continue;
        }
        if c >= b'0' && c <= b'9' {
            let mut v = 0;
            while i < b.len() && b[i] >= b'0' && b[i] <= b'9' {
                v = v * 10 + (b[i] - b'0') as i64;
                i += 1;
            }
            toks.push(Tok { kind: Kind::Num, value: v });
            continue;
        }
        let kind = match c {
            b'+' => Kind::Plus,
            b'-' => Kind::Minus,
            b'*' => Kind::Star,
            b'/' => Kind::Slash,
            b'^' => Kind::Caret,
            b'(' => Kind::LParen,
            b')' => Kind::RParen,
            _ => Kind::Error,
        };
        toks.push(Tok { kind, value: c as i64 });
        i += 1;
    }
    toks.push(Tok { kind: Kind::Eof, value: 0 });
    toks
}

fn parse_prec(p: &mut Parser, prec: i32) -> i64 {
    let t = p.advance();
    let Some(prefix) = rule(t.kind).prefix else {
        p.error(&format!("expected an expression, got {:?}", t.kind));
        return 0;
    };
    let mut left = prefix(p);
    while prec <= rule(p.peek().kind).prec {
        let t = p.advance();
        match rule(t.kind).infix {
            Some(infix) => left = infix(p, left),
            None => unreachable!(),
        }
    }
    left
}

fn number(p: &mut Parser) -> i64 {
    let v = p.previous().value;
    p.rpn.push(v.to_string());
    v
}

fn grouping(p: &mut Parser) -> i64 {
    let v = parse_prec(p, PREC_TERM);
    if p.peek().kind == Kind::RParen {
        p.advance();
    } else {
        p.error("expected ')'");
    }
    v
}

fn unary(p: &mut Parser) -> i64 {
    let v = parse_prec(p, PREC_UNARY);
    p.rpn.push("neg".to_string());
    -v
}

fn apply_op(k: Kind) -> fn(i64, i64) -> i64 {
    match k {
        Kind::Plus => add,
        Kind::Minus => sub,
        Kind::Star => mul,
        Kind::Slash => div,
        _ => pow,
    }
}

fn binary(p: &mut Parser, left: i64) -> i64 {
    let op = p.previous().kind;
    let right = parse_prec(p, rule(op).prec + 1);
    p.rpn.push(format!("{:?}", op).to_lowercase());
    apply_op(op)(left, right)
}

// Right-associative: the right operand binds at the same precedence.
fn power(p: &mut Parser, left: i64) -> i64 {
    let right = parse_prec(p, PREC_POWER);
    p.rpn.push("pow".to_string());
    pow(left, right)
}

fn add(a: i64, b: i64) -> i64 {
    a + b
}

fn sub(a: i64, b: i64) -> i64 {
    a - b
}

fn mul(a: i64, b: i64) -> i64 {
    a * b
}

fn div(a: i64, b: i64) -> i64 {
    if b == 0 {
        0
    } else {
        a / b
    }
}

fn pow(a: i64, b: i64) -> i64 {
    if b < 0 {
        0
    } else {
        a.pow(b as u32)
    }
}

const INPUTS: [&str; 5] = ["1 + 2 * 3 - 4", "2 ^ 3 ^ 2 - (10 - 4) / 3", "-(-3 * -4) + --5", "(1 + 2", "4 * # 2"];

pub fn calc(i: usize) -> String {
    let mut p = Parser::new(INPUTS[i]);
    let v = parse_prec(&mut p, PREC_TERM);
    if p.peek().kind != Kind::Eof {
        let k = p.peek().kind;
        p.error(&format!("trailing {:?}", k));
    }
    format!("{} = {} [{}] {:?}", INPUTS[i], v, p.rpn.join(" "), p.errors)
}

fn fold(items: &[i64], init: i64, f: fn(i64, i64) -> i64) -> i64 {
    let mut acc = init;
    for x in items.iter() {
        acc = f(acc, *x);
    }
    acc
}

fn compose_all(fs: &[fn(i64) -> i64], x: i64) -> i64 {
    let mut v = x;
    for f in fs.iter() {
        v = f(v);
    }
    v
}

fn inc(x: i64) -> i64 {
    x + 1
}

fn dbl(x: i64) -> i64 {
    x * 2
}

fn sq(x: i64) -> i64 {
    x * x
}

fn lookup(table: &Vec<(String, fn(i64, i64) -> i64)>, name: &str) -> Option<fn(i64, i64) -> i64> {
    for (n, f) in table.iter() {
        if n == name {
            return Some(*f);
        }
    }
    None
}

pub fn folds(n: i64) -> String {
    let items: Vec<i64> = (1..n + 1).collect();
    let mut table: Vec<(String, fn(i64, i64) -> i64)> = Vec::new();
    table.push(("add".to_string(), add));
    table.push(("mul".to_string(), mul));
    table.push(("max".to_string(), max2));
    let mut out = Vec::new();
    for name in ["add", "mul", "max", "nope"] {
        match lookup(&table, name) {
            Some(f) => out.push(format!("{}={}", name, fold(&items, if name == "mul" { 1 } else { 0 }, f))),
            None => out.push(format!("{}=?", name)),
        }
    }
    let pipeline: [fn(i64) -> i64; 3] = [inc, dbl, sq];
    let mut rev: Vec<fn(i64) -> i64> = Vec::new();
    for i in (0..pipeline.len()).rev() {
        rev.push(pipeline[i]);
    }
    let picked = apply_op(if n > 3 { Kind::Star } else { Kind::Plus });
    format!("{} | {} {} | {}", out.join(" "), compose_all(&pipeline, n), compose_all(&rev, n), picked(n, n))
}

fn max2(a: i64, b: i64) -> i64 {
    if a > b {
        a
    } else {
        b
    }
}
