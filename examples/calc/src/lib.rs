//! The calculator REPL of seed 003 ("Implementing a Calculator REPL in
//! RPython", after chapters 14-17 of Crafting Interpreters), in rpy's
//! dialect. Each input line goes through a pull scanner (tokens are a kind
//! plus a start and a length into the line), a single-pass Pratt compiler
//! driven by a table of parse rules holding function pointers, which emits a
//! bytecode `Chunk` (code bytes + a constant pool), and a stack VM that
//! prints the value the chunk returns.
//!
//! - `> ` is the prompt (stdout); results are printed with Rust's `{}` for
//!   `f64` (`7`, `1.5`, `inf`, `NaN`); at end of input the REPL prints a
//!   newline and `entry_point` returns 0.
//! - A malformed line prints one error on stderr, as Crafting Interpreters
//!   does but with the column (in bytes, from 1) instead of the line:
//!   `[column 3] Error at '$': Unexpected character.`,
//!   `[column 7] Error at end: Expect ')' after expression.`; the REPL goes
//!   on with the next line.
//! - Constants are shared within a chunk (the seed's disassembly reuses
//!   `(00)` for a repeated `2`); a chunk holds at most 256 of them (the
//!   operand of `OP_CONSTANT` is one byte). The VM's stack is the seed's
//!   fixed list of 256 values with a top index; going past it is a runtime
//!   error, reported on stderr, and the REPL goes on. Prefix expressions
//!   nest at most 1000 deep (`Expression nested too deeply.`), so that no
//!   line can exhaust the native stack.
//! - `--disassemble` prints each compiled chunk and `--trace` each executed
//!   instruction followed by the stack, in the seed's formats.
//!
//! `calc::interp::translated::entry_point` is the module translated by rpy;
//! `calc::interp::entry_point` is the same source run as plain Rust.

#[rpython::entry]
pub mod interp {
    use std::io::Write;

    // ---- bytecode -----------------------------------------------------

    // The seed's `OpCode` class: plain integers.
    const OP_CONSTANT: u8 = 0;
    const OP_RETURN: u8 = 1;
    const OP_NEGATE: u8 = 2;
    const OP_ADD: u8 = 3;
    const OP_SUBTRACT: u8 = 4;
    const OP_MULTIPLY: u8 = 5;
    const OP_DIVIDE: u8 = 6;

    /// Constants in one chunk: `OP_CONSTANT`'s operand is one byte.
    const MAX_CONSTANTS: usize = 256;
    /// Values on the VM's stack.
    const STACK_MAX: usize = 256;
    /// Prefix expressions (parentheses, unary minus, numbers) the compiler
    /// accepts inside each other, so that no input can exhaust the native
    /// stack: `(1)` is two deep.
    const MAX_DEPTH: usize = 1000;

    struct Chunk {
        code: Vec<u8>,
        constants: Vec<f64>,
    }

    impl Chunk {
        fn new() -> Chunk {
            Chunk { code: Vec::new(), constants: Vec::new() }
        }

        fn write(&mut self, byte: u8) {
            self.code.push(byte);
        }

        /// The index of `value` in the constant pool, adding it if it is not
        /// there yet; None when the pool is full.
        fn add_constant(&mut self, value: f64) -> Option<usize> {
            for (index, constant) in self.constants.iter().enumerate() {
                if *constant == value {
                    return Some(index);
                }
            }
            if self.constants.len() == MAX_CONSTANTS {
                return None;
            }
            self.constants.push(value);
            Some(self.constants.len() - 1)
        }

        fn disassemble(&self, name: &str) {
            println!("== {} ==\n", name);
            let mut offset = 0;
            while offset < self.code.len() {
                offset = self.disassemble_instruction(offset);
            }
        }

        /// Prints the instruction at `offset`; the offset of the next one.
        fn disassemble_instruction(&self, offset: usize) -> usize {
            let instruction = self.code[offset];
            match instruction {
                OP_CONSTANT => {
                    let index = self.code[offset + 1] as usize;
                    println!("{:04} {:<13}({:02}) '{:.6}'", offset, "OP_CONSTANT", index, self.constants[index]);
                    offset + 2
                }
                OP_RETURN => simple_instruction("OP_RETURN", offset),
                OP_NEGATE => simple_instruction("OP_NEGATE", offset),
                OP_ADD => simple_instruction("OP_ADD", offset),
                OP_SUBTRACT => simple_instruction("OP_SUBTRACT", offset),
                OP_MULTIPLY => simple_instruction("OP_MULTIPLY", offset),
                OP_DIVIDE => simple_instruction("OP_DIVIDE", offset),
                _ => {
                    println!("{:04} unknown opcode {}", offset, instruction);
                    offset + 1
                }
            }
        }
    }

    fn simple_instruction(name: &str, offset: usize) -> usize {
        println!("{:04} {:<13}", offset, name);
        offset + 1
    }

    // ---- scanner ------------------------------------------------------

    /// The seed's `TokenTypes`, in the order of the rule table's rows.
    #[derive(Clone, Copy, PartialEq)]
    enum TokenKind {
        Error,
        Eof,
        LeftParen,
        RightParen,
        Minus,
        Plus,
        Slash,
        Star,
        Number,
    }

    /// A token is a place in the source, not a copy of its text.
    #[derive(Clone, Copy)]
    struct Token {
        kind: TokenKind,
        start: usize,
        length: usize,
    }

    struct Scanner {
        source: String,
        /// Where the token being scanned starts.
        start: usize,
        /// The next byte to look at.
        current: usize,
    }

    // `(b'0'..=b'9').contains(&c)` would need ranges as values.
    #[allow(clippy::manual_range_contains)]
    fn is_digit(c: u8) -> bool {
        c >= b'0' && c <= b'9'
    }

    impl Scanner {
        fn new(source: &str) -> Scanner {
            Scanner { source: source.to_string(), start: 0, current: 0 }
        }

        fn is_at_end(&self) -> bool {
            self.current >= self.source.len()
        }

        /// The next byte, or 0 at the end.
        fn peek(&self) -> u8 {
            if self.is_at_end() {
                return 0;
            }
            self.source.as_bytes()[self.current]
        }

        /// The byte after the next one, or 0 past the end.
        fn peek_next(&self) -> u8 {
            if self.current + 1 >= self.source.len() {
                return 0;
            }
            self.source.as_bytes()[self.current + 1]
        }

        fn advance(&mut self) -> u8 {
            self.current += 1;
            self.source.as_bytes()[self.current - 1]
        }

        fn make_token(&self, kind: TokenKind) -> Token {
            Token { kind, start: self.start, length: self.current - self.start }
        }

        /// The text of `token`.
        fn lexeme(&self, token: Token) -> &str {
            &self.source[token.start..token.start + token.length]
        }

        fn skip_whitespace(&mut self) {
            loop {
                let c = self.peek();
                if c == b' ' || c == b'\r' || c == b'\t' || c == b'\n' {
                    self.advance();
                } else {
                    return;
                }
            }
        }

        /// Digits, then optionally a `.` and more digits; the first digit is
        /// already consumed.
        fn number(&mut self) -> Token {
            while is_digit(self.peek()) {
                self.advance();
            }
            if self.peek() == b'.' && is_digit(self.peek_next()) {
                self.advance();
                while is_digit(self.peek()) {
                    self.advance();
                }
            }
            self.make_token(TokenKind::Number)
        }

        fn scan_token(&mut self) -> Token {
            self.skip_whitespace();
            self.start = self.current;
            if self.is_at_end() {
                return self.make_token(TokenKind::Eof);
            }
            let c = self.advance();
            if is_digit(c) {
                return self.number();
            }
            match c {
                b'(' => self.make_token(TokenKind::LeftParen),
                b')' => self.make_token(TokenKind::RightParen),
                b'-' => self.make_token(TokenKind::Minus),
                b'+' => self.make_token(TokenKind::Plus),
                b'/' => self.make_token(TokenKind::Slash),
                b'*' => self.make_token(TokenKind::Star),
                _ => {
                    // The whole character, so that its text can be shown:
                    // skip the continuation bytes of a multi-byte one.
                    while !self.is_at_end() && (self.peek() & 0xc0) == 0x80 {
                        self.advance();
                    }
                    self.make_token(TokenKind::Error)
                }
            }
        }
    }

    // ---- compiler -----------------------------------------------------

    /// The seed's `Precedence`, lowest first; `Lowest` is its NONE (not an
    /// infix operator) and `Default` the level of a whole expression.
    #[derive(Clone, Copy, PartialEq, PartialOrd)]
    enum Precedence {
        Lowest,
        Default,
        Term,
        Factor,
        Unary,
        Call,
        Primary,
    }

    impl Precedence {
        /// The next level up: the right operand of a left-associative
        /// operator binds tighter than the operator.
        fn next(self) -> Precedence {
            match self {
                Precedence::Lowest => Precedence::Default,
                Precedence::Default => Precedence::Term,
                Precedence::Term => Precedence::Factor,
                Precedence::Factor => Precedence::Unary,
                Precedence::Unary => Precedence::Call,
                Precedence::Call => Precedence::Primary,
                Precedence::Primary => Precedence::Primary,
            }
        }
    }

    /// What a token does at the start of an expression (`prefix`) and after
    /// an operand (`infix`), and how tightly it binds as an infix operator.
    #[derive(Clone, Copy)]
    struct ParseRule {
        prefix: Option<fn(&mut Compiler)>,
        infix: Option<fn(&mut Compiler)>,
        precedence: Precedence,
    }

    /// One row per `TokenKind`, in its order. Unlike the seed's table, `(`
    /// has no precedence: it is not an infix operator here (no calls).
    const RULES: [ParseRule; 9] = [
        // Error
        ParseRule { prefix: None, infix: None, precedence: Precedence::Lowest },
        // Eof
        ParseRule { prefix: None, infix: None, precedence: Precedence::Lowest },
        // LeftParen
        ParseRule { prefix: Some(Compiler::grouping), infix: None, precedence: Precedence::Lowest },
        // RightParen
        ParseRule { prefix: None, infix: None, precedence: Precedence::Lowest },
        // Minus
        ParseRule { prefix: Some(Compiler::unary), infix: Some(Compiler::binary), precedence: Precedence::Term },
        // Plus
        ParseRule { prefix: None, infix: Some(Compiler::binary), precedence: Precedence::Term },
        // Slash
        ParseRule { prefix: None, infix: Some(Compiler::binary), precedence: Precedence::Factor },
        // Star
        ParseRule { prefix: None, infix: Some(Compiler::binary), precedence: Precedence::Factor },
        // Number
        ParseRule { prefix: Some(Compiler::number), infix: None, precedence: Precedence::Lowest },
    ];

    fn get_rule(kind: TokenKind) -> ParseRule {
        RULES[kind as usize]
    }

    struct Parser {
        current: Token,
        previous: Token,
        had_error: bool,
        /// Set by the first error: later ones are consequences and are not
        /// reported.
        panic_mode: bool,
    }

    struct Compiler {
        parser: Parser,
        scanner: Scanner,
        chunk: Chunk,
        /// Prefix expressions being compiled, innermost included.
        depth: usize,
    }

    /// Compiles one expression; None after a compile error (reported).
    fn compile(source: &str) -> Option<Chunk> {
        let mut compiler = Compiler::new(source);
        compiler.advance();
        compiler.expression();
        compiler.consume(TokenKind::Eof, "Expect end of expression.");
        compiler.emit_byte(OP_RETURN);
        if compiler.parser.had_error {
            return None;
        }
        Some(compiler.chunk)
    }

    impl Compiler {
        fn new(source: &str) -> Compiler {
            let nothing = Token { kind: TokenKind::Eof, start: 0, length: 0 };
            Compiler {
                parser: Parser { current: nothing, previous: nothing, had_error: false, panic_mode: false },
                scanner: Scanner::new(source),
                chunk: Chunk::new(),
                depth: 0,
            }
        }

        fn advance(&mut self) {
            self.parser.previous = self.parser.current;
            loop {
                self.parser.current = self.scanner.scan_token();
                if self.parser.current.kind != TokenKind::Error {
                    return;
                }
                self.error_at_current("Unexpected character.");
            }
        }

        fn consume(&mut self, kind: TokenKind, message: &str) {
            if self.parser.current.kind == kind {
                self.advance();
            } else {
                self.error_at_current(message);
            }
        }

        fn emit_byte(&mut self, byte: u8) {
            self.chunk.write(byte);
        }

        fn emit_constant(&mut self, value: f64) {
            match self.chunk.add_constant(value) {
                Some(index) => {
                    self.emit_byte(OP_CONSTANT);
                    self.emit_byte(index as u8);
                }
                None => self.error("Too many constants in one chunk."),
            }
        }

        fn expression(&mut self) {
            self.parse_precedence(Precedence::Default);
        }

        /// Compiles an expression whose operators bind at least as tightly
        /// as `precedence`.
        fn parse_precedence(&mut self, precedence: Precedence) {
            self.advance();
            let prefix = match get_rule(self.parser.previous.kind).prefix {
                Some(prefix) => prefix,
                None => {
                    self.error("Expect expression.");
                    return;
                }
            };
            if self.depth == MAX_DEPTH {
                self.error("Expression nested too deeply.");
                return;
            }
            self.depth += 1;
            prefix(self);
            self.depth -= 1;
            while precedence <= get_rule(self.parser.current.kind).precedence {
                self.advance();
                // Every token that binds tighter than `Lowest` is infix.
                if let Some(infix) = get_rule(self.parser.previous.kind).infix {
                    infix(self);
                }
            }
        }

        fn number(&mut self) {
            // The scanner only makes numbers of digits with an optional
            // fraction, which always parse.
            let value = self.scanner.lexeme(self.parser.previous).parse::<f64>().unwrap();
            self.emit_constant(value);
        }

        fn grouping(&mut self) {
            self.expression();
            self.consume(TokenKind::RightParen, "Expect ')' after expression.");
        }

        fn unary(&mut self) {
            let operator = self.parser.previous.kind;
            self.parse_precedence(Precedence::Unary);
            if operator == TokenKind::Minus {
                self.emit_byte(OP_NEGATE);
            }
        }

        fn binary(&mut self) {
            let operator = self.parser.previous.kind;
            let rule = get_rule(operator);
            self.parse_precedence(rule.precedence.next());
            let op = match operator {
                TokenKind::Plus => OP_ADD,
                TokenKind::Minus => OP_SUBTRACT,
                TokenKind::Star => OP_MULTIPLY,
                TokenKind::Slash => OP_DIVIDE,
                _ => unreachable!(),
            };
            self.emit_byte(op);
        }

        fn error_at_current(&mut self, message: &str) {
            let token = self.parser.current;
            self.error_at(token, message);
        }

        fn error(&mut self, message: &str) {
            let token = self.parser.previous;
            self.error_at(token, message);
        }

        fn error_at(&mut self, token: Token, message: &str) {
            if self.parser.panic_mode {
                return;
            }
            self.parser.panic_mode = true;
            self.parser.had_error = true;
            let column = token.start + 1;
            if token.kind == TokenKind::Eof {
                eprintln!("[column {}] Error at end: {}", column, message);
            } else {
                eprintln!("[column {}] Error at '{}': {}", column, self.scanner.lexeme(token), message);
            }
        }
    }

    // ---- virtual machine ----------------------------------------------

    enum InterpretResult {
        Ok,
        CompileError,
        RuntimeError,
    }

    struct Vm {
        chunk: Chunk,
        /// The next instruction.
        ip: usize,
        stack: Vec<f64>,
        stack_top: usize,
        disassemble: bool,
        trace: bool,
    }

    fn add(a: f64, b: f64) -> f64 {
        a + b
    }

    fn subtract(a: f64, b: f64) -> f64 {
        a - b
    }

    fn multiply(a: f64, b: f64) -> f64 {
        a * b
    }

    fn divide(a: f64, b: f64) -> f64 {
        a / b
    }

    impl Vm {
        fn new() -> Vm {
            Vm {
                chunk: Chunk::new(),
                ip: 0,
                stack: vec![0.0; STACK_MAX],
                stack_top: 0,
                disassemble: false,
                trace: false,
            }
        }

        fn interpret(&mut self, source: &str) -> InterpretResult {
            let chunk = match compile(source) {
                Some(chunk) => chunk,
                None => return InterpretResult::CompileError,
            };
            if self.disassemble {
                chunk.disassemble("code");
            }
            self.chunk = chunk;
            self.ip = 0;
            self.stack_top = 0;
            if self.trace {
                println!("== VM TRACE ==");
            }
            self.run()
        }

        fn run(&mut self) -> InterpretResult {
            loop {
                if self.trace {
                    self.chunk.disassemble_instruction(self.ip);
                }
                let instruction = self.read_byte();
                match instruction {
                    OP_CONSTANT => {
                        let value = self.read_constant();
                        if self.stack_top == STACK_MAX {
                            eprintln!("Runtime error: stack overflow (more than {} values).", STACK_MAX);
                            return InterpretResult::RuntimeError;
                        }
                        self.push(value);
                    }
                    OP_RETURN => {
                        let value = self.pop();
                        println!("{}", value);
                        return InterpretResult::Ok;
                    }
                    OP_NEGATE => {
                        let value = self.pop();
                        self.push(-value);
                    }
                    OP_ADD => self.binary_op(add),
                    OP_SUBTRACT => self.binary_op(subtract),
                    OP_MULTIPLY => self.binary_op(multiply),
                    OP_DIVIDE => self.binary_op(divide),
                    _ => {
                        eprintln!("Runtime error: unknown opcode {}.", instruction);
                        return InterpretResult::RuntimeError;
                    }
                }
                if self.trace {
                    self.print_stack();
                }
            }
        }

        fn read_byte(&mut self) -> u8 {
            let byte = self.chunk.code[self.ip];
            self.ip += 1;
            byte
        }

        fn read_constant(&mut self) -> f64 {
            let index = self.read_byte() as usize;
            self.chunk.constants[index]
        }

        fn push(&mut self, value: f64) {
            self.stack[self.stack_top] = value;
            self.stack_top += 1;
        }

        fn pop(&mut self) -> f64 {
            self.stack_top -= 1;
            self.stack[self.stack_top]
        }

        /// The seed's `_binary_op`, specialized there on the operator; here
        /// the operator is a function pointer.
        fn binary_op(&mut self, operator: fn(f64, f64) -> f64) {
            let b = self.pop();
            let a = self.pop();
            self.push(operator(a, b));
        }

        fn print_stack(&self) {
            print!("         ");
            if self.stack_top == 0 {
                print!(" []");
            }
            let mut i = 0;
            while i < self.stack_top {
                print!(" [ {:.6} ]", self.stack[i]);
                i += 1;
            }
            println!();
        }
    }

    // ---- REPL ---------------------------------------------------------

    fn repl(vm: &mut Vm) -> i32 {
        loop {
            print!("> ");
            std::io::stdout().flush().unwrap();
            let mut line = String::new();
            match std::io::stdin().read_line(&mut line) {
                Ok(0) => {
                    println!();
                    return 0;
                }
                Ok(_) => {}
                Err(e) => {
                    println!();
                    eprintln!("calc: cannot read input: {}", e);
                    return 1;
                }
            }
            // The outcome is reported already; the REPL goes on either way.
            match vm.interpret(line.trim_end()) {
                InterpretResult::Ok => {}
                InterpretResult::CompileError => {}
                InterpretResult::RuntimeError => {}
            }
        }
    }

    pub fn entry_point(argv: Vec<String>) -> i32 {
        let mut vm = Vm::new();
        let mut i = 1;
        while i < argv.len() {
            let arg = &argv[i];
            if arg == "--disassemble" {
                vm.disassemble = true;
            } else if arg == "--trace" {
                vm.trace = true;
            } else {
                eprintln!("calc: unknown argument '{}'", arg);
                eprintln!("usage: calc [--disassemble] [--trace]");
                return 2;
            }
            i += 1;
        }
        repl(&mut vm)
    }
}
