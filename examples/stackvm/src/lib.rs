//! A dynamically typed stack VM in rpy's dialect, with a JIT driver.
//!
//! Values are `nil`, 64-bit integers, floats, strings and immutable pairs;
//! a program is a text of functions in a small assembly language (see
//! `README.md`), parsed at run time into a `Program` of `Function`s, each a
//! list of `Instr`s with its labels and callees resolved to indexes. The
//! interpreter (`run`) executes one function with its own `Frame` (locals
//! and an operand stack); `call` runs the callee by a recursive call of
//! `run` with a new frame.
//!
//! The JIT hints: the position (`pc`), the function and the program are
//! green, the frame and the call depth red. The fetch of an instruction and
//! the lookup of a function are elidable, so with the greens constant they
//! fold, and each `Instr` (built once, never changed) is a constant object
//! of the trace: the dispatch leaves nothing in a loop. Backward jumps are
//! where loops of the interpreted program close (`can_enter_jit!`).
//!
//! Errors (an unknown instruction, a stack underflow, an undefined
//! function, a type error, ...) print one line on stderr starting with
//! `stackvm: ` and exit with status 1.

#[rpython::entry]
pub mod vm {
    use rpython::jit::{can_enter_jit, dont_look_inside, elidable, jit_merge_point, unroll_safe, JitDriver};
    use std::collections::HashMap;
    use std::io::Write;
    use std::rc::Rc;

    static DRIVER: JitDriver = JitDriver::new(&["pc", "func", "program"], &["frame", "depth"])
        .get_printable_location("location")
        .virtualizables(&["frame"]);

    /// Calls nested deeper than this are an error (and not a crash of the
    /// native stack, in any mode).
    const MAX_DEPTH: usize = 1000;
    /// The operand stack a frame starts with room for (it grows past that).
    const FRAME_STACK: usize = 8;

    // ---- values -------------------------------------------------------

    #[derive(Clone)]
    enum Value {
        Nil,
        Int(i64),
        Float(f64),
        Str(String),
        Pair(Rc<Pair>),
    }

    /// A cons cell; never changed once built.
    struct Pair {
        head: Value,
        tail: Value,
    }

    fn type_name(v: &Value) -> &'static str {
        match v {
            Value::Nil => "Nil",
            Value::Int(_) => "Int",
            Value::Float(_) => "Float",
            Value::Str(_) => "Str",
            Value::Pair(_) => "Pair",
        }
    }

    /// `nil` and the integer 0 are false; everything else is true.
    fn truthy(v: &Value) -> bool {
        match v {
            Value::Nil => false,
            Value::Int(i) => *i != 0,
            _ => true,
        }
    }

    /// The text `print` shows: floats with Rust's `{:?}` (always a point or
    /// an exponent), pairs as lists, `(1 2 3)` or `(1 . 2)`. Without
    /// recursion: lists nested a million deep in their heads are shown as
    /// well as long ones.
    fn show(v: &Value) -> String {
        let mut out = String::new();
        // The rest of each list being shown, innermost last.
        let mut rests: Vec<Value> = Vec::new();
        let mut cur = v.clone();
        loop {
            let head = match &cur {
                Value::Pair(p) => {
                    out.push('(');
                    rests.push(p.tail.clone());
                    Some(p.head.clone())
                }
                other => {
                    out.push_str(&show_atom(other));
                    None
                }
            };
            if let Some(h) = head {
                cur = h;
                continue;
            }
            // An atom is shown: go on with the innermost list not done.
            let mut next: Option<Value> = None;
            while next.is_none() {
                match rests.pop() {
                    None => return out,
                    Some(Value::Nil) => out.push(')'),
                    Some(Value::Pair(q)) => {
                        out.push(' ');
                        rests.push(q.tail.clone());
                        next = Some(q.head.clone());
                    }
                    Some(other) => {
                        out.push_str(" . ");
                        out.push_str(&show_atom(&other));
                        out.push(')');
                    }
                }
            }
            if let Some(n) = next {
                cur = n;
            }
        }
    }

    /// The text of a value that is not a pair.
    fn show_atom(v: &Value) -> String {
        match v {
            Value::Int(i) => format!("{}", i),
            Value::Float(f) => format!("{:?}", f),
            Value::Str(s) => s.clone(),
            _ => "nil".to_string(),
        }
    }

    /// Whether `eq` holds: numbers by value (an Int equals the Float of
    /// the same value), strings by contents, pairs by identity.
    fn equal(a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Nil, Value::Nil) => true,
            (Value::Int(x), Value::Int(y)) => *x == *y,
            (Value::Float(x), Value::Float(y)) => *x == *y,
            (Value::Int(x), Value::Float(y)) => (*x as f64) == *y,
            (Value::Float(x), Value::Int(y)) => *x == (*y as f64),
            (Value::Str(x), Value::Str(y)) => x == y,
            (Value::Pair(x), Value::Pair(y)) => Rc::ptr_eq(x, y),
            _ => false,
        }
    }

    // ---- instructions and programs ------------------------------------

    /// The binary operations on values.
    #[derive(Clone, Copy, PartialEq)]
    enum Op {
        Add,
        Sub,
        Mul,
        Div,
        Mod,
        Lt,
        Le,
        Gt,
        Ge,
    }

    fn op_name(op: Op) -> &'static str {
        match op {
            Op::Add => "add",
            Op::Sub => "sub",
            Op::Mul => "mul",
            Op::Div => "div",
            Op::Mod => "mod",
            Op::Lt => "lt",
            Op::Le => "le",
            Op::Gt => "gt",
            Op::Ge => "ge",
        }
    }

    enum Instr {
        PushInt(i64),
        PushFloat(f64),
        PushStr(String),
        PushNil,
        Pop,
        Dup,
        Swap,
        Load(usize),
        Store(usize),
        Binary(Op),
        Eq,
        Ne,
        Not,
        Neg,
        Jump(usize),
        JumpIfFalse(usize),
        JumpIfTrue(usize),
        /// The callee's index and its number of arguments.
        Call(usize, usize),
        Ret,
        Cons,
        Head,
        Tail,
        Concat,
        ToStr,
        Len,
        Print,
        Halt,
    }

    fn instr_name(instr: &Instr) -> &'static str {
        match instr {
            Instr::PushInt(_) => "push",
            Instr::PushFloat(_) => "push",
            Instr::PushStr(_) => "push",
            Instr::PushNil => "nil",
            Instr::Pop => "pop",
            Instr::Dup => "dup",
            Instr::Swap => "swap",
            Instr::Load(_) => "load",
            Instr::Store(_) => "store",
            Instr::Binary(op) => op_name(*op),
            Instr::Eq => "eq",
            Instr::Ne => "ne",
            Instr::Not => "not",
            Instr::Neg => "neg",
            Instr::Jump(_) => "jump",
            Instr::JumpIfFalse(_) => "jump_if_false",
            Instr::JumpIfTrue(_) => "jump_if_true",
            Instr::Call(_, _) => "call",
            Instr::Ret => "ret",
            Instr::Cons => "cons",
            Instr::Head => "head",
            Instr::Tail => "tail",
            Instr::Concat => "concat",
            Instr::ToStr => "str",
            Instr::Len => "len",
            Instr::Print => "print",
            Instr::Halt => "halt",
        }
    }

    struct Function {
        name: String,
        code: Vec<Instr>,
        /// The source line of each instruction, for error messages.
        lines: Vec<usize>,
        nargs: usize,
        nlocals: usize,
    }

    struct Program {
        functions: Vec<Function>,
        /// Function names to indexes in `functions`.
        names: HashMap<String, usize>,
    }

    /// Locals and operand stack of one call: the stack's values are
    /// `stack[..sp]`.
    struct Frame {
        locals: Vec<Value>,
        stack: Vec<Value>,
        sp: usize,
    }

    // ---- parsing ------------------------------------------------------

    /// One instruction's words (labels first, if any) and its line. A
    /// quoted string is one word starting with `"`, its escapes undone.
    struct Line {
        number: usize,
        words: Vec<String>,
    }

    fn is_separator(c: char) -> bool {
        c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == '#'
    }

    /// Splits the source into instructions: one per line or per `;`,
    /// words separated by blanks, `#` comments to the end of the line.
    fn split_source(source: &str) -> Result<Vec<Line>, String> {
        let chars: Vec<char> = source.chars().collect();
        let mut lines: Vec<Line> = Vec::new();
        let mut words: Vec<String> = Vec::new();
        let mut word = String::new();
        let mut number = 1;
        let mut i = 0;
        while i <= chars.len() {
            // A newline past the end closes the last instruction.
            let c = if i < chars.len() { chars[i] } else { '\n' };
            if c == '"' {
                if !word.is_empty() {
                    return Err(format!("line {}: unexpected '\"' in '{}'", number, word));
                }
                let mut s = String::from("\"");
                i += 1;
                loop {
                    if i >= chars.len() || chars[i] == '\n' {
                        return Err(format!("line {}: unterminated string", number));
                    }
                    let d = chars[i];
                    if d == '"' {
                        break;
                    }
                    if d == '\\' {
                        i += 1;
                        let e = if i < chars.len() { chars[i] } else { '\n' };
                        if e == 'n' {
                            s.push('\n');
                        } else if e == 't' {
                            s.push('\t');
                        } else if e == '"' || e == '\\' {
                            s.push(e);
                        } else {
                            return Err(format!("line {}: unknown escape in string", number));
                        }
                    } else {
                        s.push(d);
                    }
                    i += 1;
                }
                i += 1;
                if i < chars.len() && !is_separator(chars[i]) {
                    return Err(format!("line {}: expected a blank after a string", number));
                }
                words.push(s);
                continue;
            }
            if c == '#' {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            if c == ' ' || c == '\t' || c == '\r' || c == ';' || c == '\n' {
                if !word.is_empty() {
                    words.push(word);
                    word = String::new();
                }
                if (c == ';' || c == '\n') && !words.is_empty() {
                    lines.push(Line { number, words });
                    words = Vec::new();
                }
                if c == '\n' {
                    number += 1;
                }
            } else {
                word.push(c);
            }
            i += 1;
        }
        Ok(lines)
    }

    /// What the first pass learns of a function: its signature and the
    /// lines of its body (`start..end`).
    struct Header {
        name: String,
        nargs: usize,
        nlocals: usize,
        start: usize,
        end: usize,
    }

    fn parse_count(word: &str, what: &str, line: usize) -> Result<usize, String> {
        match word.parse::<usize>() {
            Ok(n) => Ok(n),
            Err(_) => Err(format!("line {}: bad {} '{}'", line, what, word)),
        }
    }

    /// A label's key in the table of all labels: the function's index and
    /// the label's name.
    fn label_key(function: usize, label: &str) -> String {
        format!("{}:{}", function, label)
    }

    /// The number of words before the instruction of a line: its labels.
    fn count_labels(words: &[String]) -> usize {
        let mut k = 0;
        while k < words.len() && words[k].ends_with(':') && !words[k].starts_with('"') {
            k += 1;
        }
        k
    }

    fn parse(source: &str) -> Result<Program, String> {
        let lines = split_source(source)?;
        // First pass: the functions' names and signatures, and where each
        // label is, so that calls and jumps may refer forward.
        let mut headers: Vec<Header> = Vec::new();
        let mut names: HashMap<String, usize> = HashMap::new();
        let mut labels: HashMap<String, usize> = HashMap::new();
        let mut i = 0;
        while i < lines.len() {
            let line = &lines[i];
            if line.words[0] != "func" {
                return Err(format!("line {}: expected 'func', found '{}'", line.number, line.words[0]));
            }
            if line.words.len() != 4 {
                return Err(format!("line {}: expected 'func NAME NARGS NLOCALS'", line.number));
            }
            let name = line.words[1].clone();
            let nargs = parse_count(&line.words[2], "number of arguments", line.number)?;
            let nlocals = parse_count(&line.words[3], "number of locals", line.number)?;
            if nlocals < nargs {
                return Err(format!("line {}: function '{}' has fewer locals than arguments", line.number, name));
            }
            if names.contains_key(&name) {
                return Err(format!("line {}: function '{}' defined twice", line.number, name));
            }
            let index = headers.len();
            names.insert(name.clone(), index);
            let start = i + 1;
            let mut pc = 0;
            i += 1;
            loop {
                if i >= lines.len() {
                    return Err(format!("function '{}' has no 'end'", name));
                }
                let words = &lines[i].words;
                let number = lines[i].number;
                if words[0] == "end" {
                    if words.len() != 1 {
                        return Err(format!("line {}: 'end' takes no operand", number));
                    }
                    break;
                }
                if words[0] == "func" {
                    return Err(format!("line {}: 'func' inside function '{}'", number, name));
                }
                let k = count_labels(words);
                let mut j = 0;
                while j < k {
                    let label = words[j].trim_end_matches(':');
                    let key = label_key(index, label);
                    if labels.contains_key(&key) {
                        return Err(format!("line {}: label '{}' defined twice", number, label));
                    }
                    labels.insert(key, pc);
                    j += 1;
                }
                if k < words.len() {
                    pc += 1;
                }
                i += 1;
            }
            headers.push(Header { name, nargs, nlocals, start, end: i });
            i += 1;
        }
        // Second pass: the instructions.
        let mut functions: Vec<Function> = Vec::new();
        let mut f = 0;
        while f < headers.len() {
            let h = &headers[f];
            let mut code: Vec<Instr> = Vec::new();
            let mut numbers: Vec<usize> = Vec::new();
            let mut l = h.start;
            while l < h.end {
                let k = count_labels(&lines[l].words);
                if k < lines[l].words.len() {
                    let instr = parse_instr(&lines[l], k, f, &headers, &names, &labels)?;
                    code.push(instr);
                    numbers.push(lines[l].number);
                }
                l += 1;
            }
            // Falling off the end (the line of `end`) returns nil.
            code.push(Instr::PushNil);
            code.push(Instr::Ret);
            numbers.push(lines[h.end].number);
            numbers.push(lines[h.end].number);
            functions.push(Function { name: h.name.clone(), code, lines: numbers, nargs: h.nargs, nlocals: h.nlocals });
            f += 1;
        }
        Ok(Program { functions, names })
    }

    fn operands(line: &Line, k: usize, n: usize) -> Result<(), String> {
        let found = line.words.len() - k - 1;
        if found != n {
            return Err(format!("line {}: '{}' takes {} operand(s), found {}", line.number, line.words[k], n, found));
        }
        Ok(())
    }

    fn parse_local(line: &Line, k: usize, h: &Header) -> Result<usize, String> {
        operands(line, k, 1)?;
        let n = parse_count(&line.words[k + 1], "local", line.number)?;
        if n >= h.nlocals {
            return Err(format!(
                "line {}: local {} out of range (function '{}' has {} locals)",
                line.number, n, h.name, h.nlocals
            ));
        }
        Ok(n)
    }

    fn parse_label(line: &Line, k: usize, f: usize, labels: &HashMap<String, usize>) -> Result<usize, String> {
        operands(line, k, 1)?;
        let label = &line.words[k + 1];
        match labels.get(&label_key(f, label)) {
            Some(pc) => Ok(*pc),
            None => Err(format!("line {}: undefined label '{}'", line.number, label)),
        }
    }

    fn parse_push(line: &Line, k: usize) -> Result<Instr, String> {
        operands(line, k, 1)?;
        let word = &line.words[k + 1];
        if let Some(s) = word.strip_prefix('"') {
            return Ok(Instr::PushStr(s.to_string()));
        }
        if word == "nil" {
            return Ok(Instr::PushNil);
        }
        if let Ok(i) = word.parse::<i64>() {
            return Ok(Instr::PushInt(i));
        }
        // A float has a point or an exponent (`inf` and `nan` are not
        // literals).
        if word.contains('.') || word.contains('e') || word.contains('E') {
            if let Ok(x) = word.parse::<f64>() {
                return Ok(Instr::PushFloat(x));
            }
        }
        Err(format!("line {}: bad operand '{}' for 'push'", line.number, word))
    }

    fn parse_call(line: &Line, k: usize, headers: &[Header], names: &HashMap<String, usize>) -> Result<Instr, String> {
        operands(line, k, 2)?;
        let name = &line.words[k + 1];
        let nargs = parse_count(&line.words[k + 2], "number of arguments", line.number)?;
        let index = match names.get(name) {
            Some(index) => *index,
            None => return Err(format!("line {}: call to undefined function '{}'", line.number, name)),
        };
        if headers[index].nargs != nargs {
            return Err(format!(
                "line {}: function '{}' takes {} argument(s), called with {}",
                line.number, name, headers[index].nargs, nargs
            ));
        }
        Ok(Instr::Call(index, nargs))
    }

    /// The instruction of `line`, whose first `k` words are labels; `f` is
    /// the index of its function.
    fn parse_instr(
        line: &Line,
        k: usize,
        f: usize,
        headers: &[Header],
        names: &HashMap<String, usize>,
        labels: &HashMap<String, usize>,
    ) -> Result<Instr, String> {
        let op = line.words[k].as_str();
        let simple = match op {
            "push" => return parse_push(line, k),
            "load" => return Ok(Instr::Load(parse_local(line, k, &headers[f])?)),
            "store" => return Ok(Instr::Store(parse_local(line, k, &headers[f])?)),
            "jump" => return Ok(Instr::Jump(parse_label(line, k, f, labels)?)),
            "jump_if_false" => return Ok(Instr::JumpIfFalse(parse_label(line, k, f, labels)?)),
            "jump_if_true" => return Ok(Instr::JumpIfTrue(parse_label(line, k, f, labels)?)),
            "call" => return parse_call(line, k, headers, names),
            "nil" => Instr::PushNil,
            "pop" => Instr::Pop,
            "dup" => Instr::Dup,
            "swap" => Instr::Swap,
            "add" => Instr::Binary(Op::Add),
            "sub" => Instr::Binary(Op::Sub),
            "mul" => Instr::Binary(Op::Mul),
            "div" => Instr::Binary(Op::Div),
            "mod" => Instr::Binary(Op::Mod),
            "lt" => Instr::Binary(Op::Lt),
            "le" => Instr::Binary(Op::Le),
            "gt" => Instr::Binary(Op::Gt),
            "ge" => Instr::Binary(Op::Ge),
            "eq" => Instr::Eq,
            "ne" => Instr::Ne,
            "not" => Instr::Not,
            "neg" => Instr::Neg,
            "ret" => Instr::Ret,
            "cons" => Instr::Cons,
            "head" => Instr::Head,
            "tail" => Instr::Tail,
            "concat" => Instr::Concat,
            "str" => Instr::ToStr,
            "len" => Instr::Len,
            "print" => Instr::Print,
            "halt" => Instr::Halt,
            _ => return Err(format!("line {}: unknown instruction '{}'", line.number, op)),
        };
        operands(line, k, 0)?;
        Ok(simple)
    }

    // ---- the interpreter ----------------------------------------------

    /// Where the JIT's logs show a position: the function, the index and
    /// the instruction. (Named by the driver only, so rustc sees no call.)
    #[allow(dead_code)]
    fn location(pc: usize, func: &Function, program: &Program) -> String {
        let _ = program;
        format!("{} #{} {} (line {})", func.name, pc, instr_name(&func.code[pc]), func.lines[pc])
    }

    /// The instruction at `pc`: the code never changes once parsed, so
    /// with `pc` and the function green this is a constant of the trace.
    #[elidable]
    fn fetch(code: &[Instr], pc: usize) -> &Instr {
        &code[pc]
    }

    /// The function of index `index`, a constant of the trace too.
    #[elidable]
    fn function(program: &Program, index: usize) -> &Function {
        &program.functions[index]
    }

    /// Reports a runtime error and exits with status 1.
    #[dont_look_inside]
    fn fail(func: &Function, pc: usize, msg: &str) {
        std::io::stdout().flush().unwrap();
        eprintln!(
            "stackvm: error at line {} ({} in '{}'): {}",
            func.lines[pc],
            instr_name(&func.code[pc]),
            func.name,
            msg
        );
        std::process::exit(1);
    }

    #[dont_look_inside]
    fn type_error(func: &Function, pc: usize, a: &Value, b: &Value) {
        let msg = format!("cannot {} {} and {}", instr_name(&func.code[pc]), type_name(a), type_name(b));
        fail(func, pc, &msg);
    }

    #[dont_look_inside]
    fn type_error1(func: &Function, pc: usize, a: &Value) {
        let msg = format!("cannot {} {}", instr_name(&func.code[pc]), type_name(a));
        fail(func, pc, &msg);
    }

    #[dont_look_inside]
    fn halt() {
        std::io::stdout().flush().unwrap();
        std::process::exit(0);
    }

    #[dont_look_inside]
    fn print_value(v: &Value) {
        println!("{}", show(v));
    }

    /// Pushes `v` on `frame`'s operand stack. Its list only grows: the
    /// slots from `sp` on hold values popped already, which pushes
    /// overwrite.
    fn push(frame: &mut Frame, v: Value) {
        let sp = frame.sp;
        if sp < frame.stack.len() {
            frame.stack[sp] = v;
        } else {
            frame.stack.push(v);
        }
        frame.sp = sp + 1;
    }

    /// Fails unless the operand stack holds at least `n` values.
    fn need(frame: &Frame, n: usize, func: &Function, pc: usize) {
        if frame.sp < n {
            fail(func, pc, "stack underflow");
        }
    }

    /// Pops the top value (there is one: `need` said so).
    fn take(frame: &mut Frame) -> Value {
        frame.sp -= 1;
        std::mem::replace(&mut frame.stack[frame.sp], Value::Nil)
    }

    fn int_test(op: Op, x: i64, y: i64) -> bool {
        match op {
            Op::Lt => x < y,
            Op::Le => x <= y,
            Op::Gt => x > y,
            _ => x >= y,
        }
    }

    fn float_test(op: Op, x: f64, y: f64) -> bool {
        match op {
            Op::Lt => x < y,
            Op::Le => x <= y,
            Op::Gt => x > y,
            _ => x >= y,
        }
    }

    fn str_test(op: Op, x: &str, y: &str) -> bool {
        match op {
            Op::Lt => x < y,
            Op::Le => x <= y,
            Op::Gt => x > y,
            _ => x >= y,
        }
    }

    fn bool_value(b: bool) -> Value {
        if b {
            Value::Int(1)
        } else {
            Value::Int(0)
        }
    }

    fn int_op(op: Op, x: i64, y: i64, func: &Function, pc: usize) -> Value {
        match op {
            Op::Add => Value::Int(x.wrapping_add(y)),
            Op::Sub => Value::Int(x.wrapping_sub(y)),
            Op::Mul => Value::Int(x.wrapping_mul(y)),
            Op::Div | Op::Mod => {
                if y == 0 {
                    fail(func, pc, "division by zero");
                    return Value::Nil;
                }
                // i64::MIN / -1 wraps, as the other operations do.
                if op == Op::Div {
                    if y == -1 {
                        Value::Int(x.wrapping_neg())
                    } else {
                        Value::Int(x / y)
                    }
                } else if y == -1 {
                    Value::Int(0)
                } else {
                    Value::Int(x % y)
                }
            }
            _ => bool_value(int_test(op, x, y)),
        }
    }

    fn float_op(op: Op, x: f64, y: f64) -> Value {
        match op {
            Op::Add => Value::Float(x + y),
            Op::Sub => Value::Float(x - y),
            Op::Mul => Value::Float(x * y),
            Op::Div => Value::Float(x / y),
            Op::Mod => Value::Float(x % y),
            _ => bool_value(float_test(op, x, y)),
        }
    }

    /// `a op b`: integers stay integers (wrapping), an integer and a float
    /// give a float; strings compare by contents.
    fn binary(op: Op, a: &Value, b: &Value, func: &Function, pc: usize) -> Value {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => int_op(op, *x, *y, func, pc),
            (Value::Float(x), Value::Float(y)) => float_op(op, *x, *y),
            (Value::Int(x), Value::Float(y)) => float_op(op, *x as f64, *y),
            (Value::Float(x), Value::Int(y)) => float_op(op, *x, *y as f64),
            (Value::Str(x), Value::Str(y)) if op == Op::Lt || op == Op::Le || op == Op::Gt || op == Op::Ge => {
                bool_value(str_test(op, x, y))
            }
            _ => {
                type_error(func, pc, a, b);
                Value::Nil
            }
        }
    }

    /// A new frame for `callee`, its `nargs` arguments popped from
    /// `caller`'s stack (the last argument on top; `need` checked they are
    /// there). Traced into, its loops unrolled (the callee, so its number
    /// of locals, is a constant of the trace): a call the JIT traces into
    /// makes a frame it can keep virtual, lists of a known capacity.
    #[unroll_safe]
    fn new_frame(caller: &mut Frame, callee: &Function, nargs: usize) -> Frame {
        let mut locals: Vec<Value> = Vec::with_capacity(callee.nlocals);
        let mut i = 0;
        while i < callee.nlocals {
            locals.push(Value::Nil);
            i += 1;
        }
        let mut k = nargs;
        while k > 0 {
            k -= 1;
            locals[k] = take(caller);
        }
        Frame { locals, stack: Vec::with_capacity(FRAME_STACK), sp: 0 }
    }

    /// `a concat b`, of two strings.
    /// The head (or the tail) of the pair `v`; an error if it is no pair.
    fn pair_part(v: &Value, head: bool, func: &Function, pc: usize) -> Value {
        match v {
            Value::Pair(pair) if head => pair.head.clone(),
            Value::Pair(pair) => pair.tail.clone(),
            other => {
                type_error1(func, pc, other);
                Value::Nil
            }
        }
    }

    fn concat(a: &Value, b: &Value, func: &Function, pc: usize) -> Value {
        match (a, b) {
            (Value::Str(x), Value::Str(y)) => {
                let mut s = x.clone();
                s.push_str(y);
                Value::Str(s)
            }
            _ => {
                type_error(func, pc, a, b);
                Value::Nil
            }
        }
    }

    /// Runs `func` in `frame` until it returns; its result.
    fn run(program: &Program, func: &Function, frame: &mut Frame, depth: usize) -> Value {
        let mut pc: usize = 0;
        loop {
            jit_merge_point!(DRIVER; pc, func, program; frame, depth);
            let here = pc;
            pc += 1;
            match fetch(&func.code, here) {
                Instr::PushInt(i) => push(frame, Value::Int(*i)),
                Instr::PushFloat(x) => push(frame, Value::Float(*x)),
                Instr::PushStr(s) => push(frame, Value::Str(s.clone())),
                Instr::PushNil => push(frame, Value::Nil),
                Instr::Pop => {
                    need(frame, 1, func, here);
                    frame.sp -= 1;
                }
                Instr::Dup => {
                    need(frame, 1, func, here);
                    let v = frame.stack[frame.sp - 1].clone();
                    push(frame, v);
                }
                Instr::Swap => {
                    need(frame, 2, func, here);
                    let b = take(frame);
                    let a = take(frame);
                    push(frame, b);
                    push(frame, a);
                }
                Instr::Load(n) => {
                    let v = frame.locals[*n].clone();
                    push(frame, v);
                }
                Instr::Store(n) => {
                    // The local's old value goes to the dead slot: no
                    // placeholder to allocate.
                    need(frame, 1, func, here);
                    frame.sp -= 1;
                    let top = frame.sp;
                    std::mem::swap(&mut frame.locals[*n], &mut frame.stack[top]);
                }
                Instr::Binary(op) => {
                    need(frame, 2, func, here);
                    let sp = frame.sp;
                    let r = binary(*op, &frame.stack[sp - 2], &frame.stack[sp - 1], func, here);
                    frame.stack[sp - 2] = r;
                    frame.sp = sp - 1;
                }
                Instr::Eq => {
                    need(frame, 2, func, here);
                    let sp = frame.sp;
                    let r = bool_value(equal(&frame.stack[sp - 2], &frame.stack[sp - 1]));
                    frame.stack[sp - 2] = r;
                    frame.sp = sp - 1;
                }
                Instr::Ne => {
                    need(frame, 2, func, here);
                    let sp = frame.sp;
                    let r = bool_value(!equal(&frame.stack[sp - 2], &frame.stack[sp - 1]));
                    frame.stack[sp - 2] = r;
                    frame.sp = sp - 1;
                }
                Instr::Not => {
                    need(frame, 1, func, here);
                    let top = frame.sp - 1;
                    let r = bool_value(!truthy(&frame.stack[top]));
                    frame.stack[top] = r;
                }
                Instr::Neg => {
                    need(frame, 1, func, here);
                    let top = frame.sp - 1;
                    let r = match &frame.stack[top] {
                        Value::Int(x) => Value::Int(x.wrapping_neg()),
                        Value::Float(x) => Value::Float(-*x),
                        other => {
                            type_error1(func, here, other);
                            Value::Nil
                        }
                    };
                    frame.stack[top] = r;
                }
                Instr::Jump(target) => {
                    pc = *target;
                    if pc <= here {
                        can_enter_jit!(DRIVER; pc, func, program; frame, depth);
                    }
                }
                Instr::JumpIfFalse(target) => {
                    need(frame, 1, func, here);
                    frame.sp -= 1;
                    if !truthy(&frame.stack[frame.sp]) {
                        pc = *target;
                        if pc <= here {
                            can_enter_jit!(DRIVER; pc, func, program; frame, depth);
                        }
                    }
                }
                Instr::JumpIfTrue(target) => {
                    need(frame, 1, func, here);
                    frame.sp -= 1;
                    if truthy(&frame.stack[frame.sp]) {
                        pc = *target;
                        if pc <= here {
                            can_enter_jit!(DRIVER; pc, func, program; frame, depth);
                        }
                    }
                }
                Instr::Call(index, nargs) => {
                    if depth + 1 >= MAX_DEPTH {
                        fail(func, here, "too many nested calls (the limit is 1000)");
                    }
                    need(frame, *nargs, func, here);
                    let callee = function(program, *index);
                    let mut callee_frame = new_frame(frame, callee, *nargs);
                    let r = run(program, callee, &mut callee_frame, depth + 1);
                    push(frame, r);
                }
                Instr::Ret => {
                    need(frame, 1, func, here);
                    return take(frame);
                }
                Instr::Cons => {
                    need(frame, 2, func, here);
                    let tail = take(frame);
                    let head = take(frame);
                    push(frame, Value::Pair(Rc::new(Pair { head, tail })));
                }
                Instr::Head => {
                    need(frame, 1, func, here);
                    let top = frame.sp - 1;
                    frame.stack[top] = pair_part(&frame.stack[top], true, func, here);
                }
                Instr::Tail => {
                    need(frame, 1, func, here);
                    let top = frame.sp - 1;
                    frame.stack[top] = pair_part(&frame.stack[top], false, func, here);
                }
                Instr::Concat => {
                    need(frame, 2, func, here);
                    let sp = frame.sp;
                    let r = concat(&frame.stack[sp - 2], &frame.stack[sp - 1], func, here);
                    frame.stack[sp - 2] = r;
                    frame.sp = sp - 1;
                }
                Instr::ToStr => {
                    need(frame, 1, func, here);
                    let top = frame.sp - 1;
                    let r = Value::Str(show(&frame.stack[top]));
                    frame.stack[top] = r;
                }
                Instr::Len => {
                    need(frame, 1, func, here);
                    let top = frame.sp - 1;
                    let r = match &frame.stack[top] {
                        Value::Str(s) => Value::Int(s.len() as i64),
                        other => {
                            type_error1(func, here, other);
                            Value::Nil
                        }
                    };
                    frame.stack[top] = r;
                }
                Instr::Print => {
                    need(frame, 1, func, here);
                    frame.sp -= 1;
                    print_value(&frame.stack[frame.sp]);
                }
                Instr::Halt => {
                    halt();
                    return Value::Nil;
                }
            }
        }
    }

    /// `stackvm PROGRAM`: parses the program and runs its `main`.
    pub fn entry_point(argv: Vec<String>) -> i32 {
        if argv.len() != 2 {
            eprintln!("usage: stackvm PROGRAM");
            return 2;
        }
        let path = &argv[1];
        let source = match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("stackvm: cannot read {}: {}", path, e);
                return 1;
            }
        };
        let program = match parse(&source) {
            Ok(p) => p,
            Err(msg) => {
                eprintln!("stackvm: {}: {}", path, msg);
                return 1;
            }
        };
        let main = match program.names.get("main") {
            Some(index) => *index,
            None => {
                eprintln!("stackvm: {}: no function 'main'", path);
                return 1;
            }
        };
        let main_fn = &program.functions[main];
        if main_fn.nargs != 0 {
            eprintln!("stackvm: {}: 'main' must take no arguments", path);
            return 1;
        }
        let mut locals: Vec<Value> = Vec::new();
        let mut i = 0;
        while i < main_fn.nlocals {
            locals.push(Value::Nil);
            i += 1;
        }
        let mut frame = Frame { locals, stack: Vec::new(), sp: 0 };
        run(&program, main_fn, &mut frame, 0);
        std::io::stdout().flush().unwrap();
        0
    }
}
