// A parser holding the module's own iterator in a field (`lexer: Lexer`, `impl Iterator for Lexer`) with one token of lookahead, calling `self.lexer.next()`; an S-expression reader built on it that counts atoms and depth, and a `for` loop over a fresh lexer
// call: run(2)
// expect: "atoms 7 lists 3 depth 2 | tokens ( define ( f x ) x ) | sum 10"
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Open,
    Close,
    Atom(String),
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
}

impl Iterator for Lexer {
    type Item = Tok;

    fn next(&mut self) -> Option<Tok> {
        while self.at < self.chars.len() && self.chars[self.at] == ' ' {
            self.at += 1;
        }
        if self.at >= self.chars.len() {
            return None;
        }
        let c = self.chars[self.at];
        self.at += 1;
        if c == '(' {
            return Some(Tok::Open);
        }
        if c == ')' {
            return Some(Tok::Close);
        }
        let mut s = c.to_string();
        while self.at < self.chars.len() && !"() ".contains(self.chars[self.at]) {
            s.push(self.chars[self.at]);
            self.at += 1;
        }
        Some(Tok::Atom(s))
    }
}

fn lexer(s: &str) -> Lexer {
    Lexer { chars: s.chars().collect(), at: 0 }
}

struct Reader {
    lexer: Lexer,
    peeked: Option<Tok>,
    atoms: usize,
    lists: usize,
    depth: usize,
}

impl Reader {
    fn peek(&mut self) -> Option<Tok> {
        if self.peeked.is_none() {
            self.peeked = self.lexer.next();
        }
        self.peeked.clone()
    }

    fn bump(&mut self) -> Option<Tok> {
        let t = self.peek();
        self.peeked = None;
        t
    }

    fn read(&mut self, level: usize) -> i64 {
        match self.bump() {
            Some(Tok::Open) => {
                self.lists += 1;
                self.depth = self.depth.max(level + 1);
                let mut sum = 0;
                while self.peek() != Some(Tok::Close) && self.peek().is_some() {
                    sum += self.read(level + 1);
                }
                self.bump();
                sum
            }
            Some(Tok::Atom(a)) => {
                self.atoms += 1;
                a.parse::<i64>().unwrap_or(0)
            }
            _ => 0,
        }
    }
}

pub fn run(n: i64) -> String {
    let src = format!("(+ 1 ({} 3) (* {} 1))", n, n + 1);
    let mut r = Reader { lexer: lexer(&src), peeked: None, atoms: 0, lists: 0, depth: 0 };
    let sum = r.read(0);
    let mut shown = Vec::new();
    for t in lexer("(define (f x) x)") {
        shown.push(match t {
            Tok::Open => "(".to_string(),
            Tok::Close => ")".to_string(),
            Tok::Atom(a) => a,
        });
    }
    format!("atoms {} lists {} depth {} | tokens {} | sum {}", r.atoms, r.lists, r.depth, shown.join(" "), sum)
}
