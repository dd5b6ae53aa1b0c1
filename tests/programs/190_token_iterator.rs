// A lexer written as `impl Iterator<Item = Token>` over the source's bytes, consumed by a `for` loop of a small expression evaluator (precedence climbing over a `Vec<Token>` collected by hand), with a `Peekable`-like one-token lookahead kept in the lexer itself; errors as a `Token::Bad` the evaluator reports
// call: run(3)
// expect: "11 tokens | 1 + 2 * 3 - (4 - 1) = 4 | 2 * (3 + 3) * 3 = 36 | bad '$' at 2"
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Num(i64),
    Op(char),
    Open,
    Close,
    Bad(char, usize),
}

struct Lexer {
    src: Vec<u8>,
    pos: usize,
}

impl Lexer {
    fn new(s: &str) -> Lexer {
        Lexer { src: s.as_bytes().to_vec(), pos: 0 }
    }
}

impl Iterator for Lexer {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        while self.pos < self.src.len() && self.src[self.pos] == b' ' {
            self.pos += 1;
        }
        if self.pos >= self.src.len() {
            return None;
        }
        let c = self.src[self.pos];
        self.pos += 1;
        Some(match c {
            b'0'..=b'9' => {
                let mut v = (c - b'0') as i64;
                while self.pos < self.src.len() && self.src[self.pos].is_ascii_digit() {
                    v = v * 10 + (self.src[self.pos] - b'0') as i64;
                    self.pos += 1;
                }
                Token::Num(v)
            }
            b'+' | b'-' | b'*' => Token::Op(c as char),
            b'(' => Token::Open,
            b')' => Token::Close,
            other => Token::Bad(other as char, self.pos - 1),
        })
    }
}

struct Parser {
    toks: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<Token> {
        self.toks.get(self.at).cloned()
    }

    fn atom(&mut self) -> i64 {
        let t = self.peek();
        self.at += 1;
        match t {
            Some(Token::Num(v)) => v,
            Some(Token::Open) => {
                let v = self.expr(0);
                self.at += 1;
                v
            }
            _ => 0,
        }
    }

    fn expr(&mut self, min: u8) -> i64 {
        let mut lhs = self.atom();
        while let Some(Token::Op(op)) = self.peek() {
            let prec = if op == '*' { 2 } else { 1 };
            if prec < min {
                break;
            }
            self.at += 1;
            let rhs = self.expr(prec + 1);
            lhs = match op {
                '+' => lhs + rhs,
                '-' => lhs - rhs,
                _ => lhs * rhs,
            };
        }
        lhs
    }
}

fn eval(src: &str) -> Result<i64, String> {
    let mut toks = Vec::new();
    for t in Lexer::new(src) {
        if let Token::Bad(c, at) = t {
            return Err(format!("bad {:?} at {}", c, at));
        }
        toks.push(t);
    }
    let mut p = Parser { toks, at: 0 };
    Ok(p.expr(0))
}

pub fn run(n: i64) -> String {
    let first = "1 + 2 * 3 - (4 - 1)";
    let second = format!("2 * ({} + 3) * 3", n);
    let mut count = 0;
    let mut lexer = Lexer::new(first);
    while let Some(_) = lexer.next() {
        count += 1;
    }
    let a = eval(first).unwrap();
    let b = eval(&second).unwrap();
    let c = eval("1 $ 2").unwrap_err();
    format!("{} tokens | {} = {} | {} = {} | {}", count, first, a, second, b, c)
}
