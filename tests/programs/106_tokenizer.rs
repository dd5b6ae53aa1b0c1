// A tokenizer: a &str scanned by chars into Vec<Token> (enum with data: numbers, identifiers as String, operators as char), then summarized; errors as Result<_, String>
// call: summary(0)
// expect: "11 tokens: 1 nums (sum 42), idents [\"let\", \"x1\", \"a\", \"b_2\"], ops \"=+*\", cmps 0, parens 2, longest \"let\", last Some(Semi)"
// call: summary(1)
// expect: "19 tokens: 2 nums (sum 101), idents [\"while\", \"n\", \"total\"], ops \"{=+*=+}\", cmps 10, parens 0, longest \"while\", last Some(Op('}'))"
// call: summary(2)
// expect: "11 tokens: 2 nums (sum 17), idents [\"count\", \"y\", \"x\", \"z\"], ops \"\", cmps 30, parens 0, longest \"count\", last Some(Num(10))"
// call: render(0)
// expect: "let x1 = (a + 42) * b_2; | same: true | unexpected '#' at 2"
// call: render(3)
// expect: "alpha + beta - gamma / 16 % 5 | same: true | unexpected '#' at 2"

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Num(i64),
    Ident(String),
    Op(char),
    Cmp(String),
    LParen,
    RParen,
    Semi,
}

fn source(i: i64) -> &'static str {
    match i {
        0 => "let x1 = (a + 42) * b_2;",
        1 => "while n <= 100 { total = total + n*n; n = n + 1 }",
        2 => "count == 7; y != x; z >= 10",
        _ => "alpha\t+ beta -\n gamma / 16 % 5",
    }
}

fn is_digit(c: char) -> bool {
    c >= '0' && c <= '9'
}

fn is_ident_start(c: char) -> bool {
    c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

fn is_space(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

struct Lexer {
    chars: Vec<char>,
    pos: usize,
}

impl Lexer {
    fn new(src: &str) -> Lexer {
        Lexer { chars: src.chars().collect(), pos: 0 }
    }

    fn peek(&self) -> Option<char> {
        if self.pos < self.chars.len() {
            Some(self.chars[self.pos])
        } else {
            None
        }
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).copied()
    }

    fn bump(&mut self) -> char {
        let c = self.chars[self.pos];
        self.pos += 1;
        c
    }

    fn number(&mut self) -> Token {
        let mut n: i64 = 0;
        while let Some(c) = self.peek() {
            if !is_digit(c) {
                break;
            }
            n = n * 10 + (c as i64 - '0' as i64);
            self.pos += 1;
        }
        Token::Num(n)
    }

    fn ident(&mut self) -> Token {
        let mut name = String::new();
        loop {
            match self.peek() {
                Some(c) if is_ident_start(c) || is_digit(c) => {
                    name.push(c);
                    self.pos += 1;
                }
                _ => break,
            }
        }
        Token::Ident(name)
    }

    fn next_token(&mut self) -> Result<Option<Token>, String> {
        while let Some(c) = self.peek() {
            if is_space(c) {
                self.pos += 1;
            } else {
                break;
            }
        }
        let Some(c) = self.peek() else { return Ok(None) };
        if is_digit(c) {
            return Ok(Some(self.number()));
        }
        if is_ident_start(c) {
            return Ok(Some(self.ident()));
        }
        let start = self.pos;
        self.bump();
        let tok = match c {
            '(' => Token::LParen,
            ')' => Token::RParen,
            ';' => Token::Semi,
            '<' | '>' | '=' | '!' if matches!(self.peek(), Some('=')) => {
                self.bump();
                let mut s = String::new();
                s.push(c);
                s.push('=');
                Token::Cmp(s)
            }
            '<' | '>' => Token::Cmp(c.to_string()),
            '+' | '-' | '*' | '/' | '%' | '=' | '{' | '}' => Token::Op(c),
            _ => return Err(format!("unexpected {:?} at {}", c, start)),
        };
        Ok(Some(tok))
    }
}

fn tokenize(src: &str) -> Result<Vec<Token>, String> {
    let mut lx = Lexer::new(src);
    let mut out = Vec::new();
    while let Some(t) = lx.next_token()? {
        out.push(t);
    }
    if lx.peek_at(0).is_some() {
        return Err("trailing input".to_string());
    }
    Ok(out)
}

pub fn summary(i: i64) -> String {
    let toks = match tokenize(source(i)) {
        Ok(t) => t,
        Err(e) => return e,
    };
    let mut nums = 0;
    let mut sum = 0;
    let mut idents: Vec<String> = Vec::new();
    let mut ops = String::new();
    let mut cmps = 0;
    let mut parens = 0;
    for t in toks.iter() {
        match t {
            Token::Num(n) => {
                nums += 1;
                sum += n;
            }
            Token::Ident(name) => {
                if !idents.contains(name) {
                    idents.push(name.clone());
                }
            }
            Token::Op(c) => ops.push(*c),
            Token::Cmp(s) if s.len() == 2 => cmps += 10,
            Token::Cmp(_) => cmps += 1,
            Token::LParen | Token::RParen => parens += 1,
            Token::Semi => {}
        }
    }
    let longest = {
        let mut best = String::new();
        for name in idents.iter() {
            if name.len() > best.len() {
                best = name.clone();
            }
        }
        best
    };
    format!(
        "{} tokens: {} nums (sum {}), idents {:?}, ops {:?}, cmps {}, parens {}, longest {:?}, last {:?}",
        toks.len(),
        nums,
        sum,
        idents,
        ops,
        cmps,
        parens,
        longest,
        toks.last()
    )
}

fn show(t: &Token) -> String {
    match t {
        Token::Num(n) => n.to_string(),
        Token::Ident(s) => s.clone(),
        Token::Op(c) => c.to_string(),
        Token::Cmp(s) => s.clone(),
        Token::LParen => "(".to_string(),
        Token::RParen => ")".to_string(),
        Token::Semi => ";".to_string(),
    }
}

pub fn render(i: i64) -> String {
    let toks = tokenize(source(i)).unwrap();
    let mut out = String::new();
    for (k, t) in toks.iter().enumerate() {
        if k > 0 && *t != Token::Semi && *t != Token::RParen && toks[k - 1] != Token::LParen {
            out.push(' ');
        }
        out.push_str(&show(t));
    }
    let again = tokenize(&out).unwrap();
    let bad = match tokenize("a # b") {
        Ok(_) => String::new(),
        Err(e) => e,
    };
    format!("{} | same: {} | {}", out, again == toks, bad)
}
