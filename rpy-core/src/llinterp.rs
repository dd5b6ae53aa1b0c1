//! The LLInterpreter: runs low-level graphs directly, as RPython's
//! `llinterp.py` does, so the rtyper's output can be tested without a
//! backend, and so the test harness has a third opinion between the
//! untranslated program and the translated one.
//!
//! Every operation of `lloperation.rs` is computed with Rust's own operation
//! on the Rust type that corresponds to the operands' lltype (`i8` for a
//! signed 8-bit `Int`, `u32` for `UniChar`, ...), so results are
//! bit-identical to what rustc-compiled code computes. Values are kept as
//! [`LlValue`]s, integers already reduced into their lltype's range.
//!
//! Signedness follows the operation family (`int_*` signed, `uint_*`
//! unsigned) and the width follows the operands' lltype, as the table says,
//! with one exception: `Bool` operands are always taken as the unsigned
//! numbers 0 and 1 (Rust orders `false < true`; a signed 1-bit reading would
//! make `true` be -1).
//!
//! Calls do not recurse on the host stack: frames live in a vector, so a
//! deeply recursive program does not overflow the interpreter's stack.
//!
//! Heap objects are [`Object`]s behind reference-counted pointers
//! ([`ObjRef`]), as RPython's llinterp keeps `_ptr`s to Python objects:
//! a pointer's identity is the object's, a value that holds pointers
//! carries its objects with it (a test can pass objects in and look into
//! the objects a graph returns, with no heap to thread through
//! `interpret`), and an object is freed as soon as nothing points to it, so
//! a long-running program's garbage does not pile up. Cycles are never
//! freed, which a test interpreter can afford. Every field and item holds a
//! value of its declared lltype, zero (`false`, `0`, `0.0`, null) when the
//! object is allocated.

use crate::entity::SecondaryMap;
use crate::flow::{BlockId, ConstValue, Constant, FunctionGraph, GraphId, SpaceOperation, Value, VarId};
use crate::lloperation::{FloatOp, LlOp};
use crate::lltype::{Container, ContainerId, LlType, TaggedInt};
use crate::rtyper::TAG;
use crate::translator::Translator;
use rpy_jitcode::int_dispatch;
use rpy_jitcode::intops::{float_to_int, int_debug, int_op, int_to_float, IntOut};
use std::cell::{Ref, RefCell, RefMut};
use std::fmt::Debug;
use std::rc::Rc;

/// A low-level value. Integer-like values (`Int` of any width, `Char`,
/// `UniChar`) are `Int`s holding the value already wrapped into their
/// lltype's range; `Bool` values are `Bool`s; a `Ptr` is null (`None`) or
/// points to an object.
#[derive(Clone, Debug, PartialEq)]
pub enum LlValue {
    Int(i128),
    Float(f64),
    Bool(bool),
    Void,
    Struct(Vec<LlValue>),
    Ptr(Option<ObjRef>),
    /// A tagged word: the value `x` of the integer variant of the enum whose
    /// base is `base` (`lltype::TaggedInt`), a `Ptr` to `base` or to the
    /// variant for the program.
    Tagged {
        base: ContainerId,
        x: i64,
    },
    /// A function pointer: null or a graph.
    Func(Option<GraphId>),
}

/// An object of the GC heap: its container type, the values of its fields
/// (a `GcStruct`'s, in order) and of its items (a `GcArray`'s, or the
/// variable part of a `GcStruct`), whose number is fixed at allocation.
pub struct Object {
    pub container: ContainerId,
    pub fields: Vec<LlValue>,
    pub items: Vec<LlValue>,
}

/// A non-null pointer to an object. Pointers are equal when they point to
/// the same object.
#[derive(Clone)]
pub struct ObjRef(Rc<RefCell<Object>>);

impl ObjRef {
    /// A new object of container `c` of `t`, every field and item zero:
    /// `length` items for a variable-sized container, `None` for a
    /// fixed-size one (`malloc` and `malloc_varsize`).
    pub fn new(t: &Translator, c: ContainerId, length: Option<usize>) -> ObjRef {
        let container = &t.containers[c];
        let fields = match container {
            Container::GcStruct { fields, .. } => fields.iter().map(|(_, ft)| zero(ft)).collect(),
            Container::GcArray { .. } => vec![],
        };
        let items = match (container.item(), length) {
            (Some(item), Some(n)) => vec![zero(item); n],
            (None, None) => vec![],
            (Some(_), None) => bug(format!("malloc of {}, which is variable-sized", container.name())),
            (None, Some(_)) => bug(format!("malloc_varsize of {}, which is not variable-sized", container.name())),
        };
        ObjRef(Rc::new(RefCell::new(Object { container: c, fields, items })))
    }

    pub fn borrow(&self) -> Ref<'_, Object> {
        self.0.borrow()
    }

    pub fn borrow_mut(&self) -> RefMut<'_, Object> {
        self.0.borrow_mut()
    }
}

impl PartialEq for ObjRef {
    fn eq(&self, other: &ObjRef) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// The object's type and address only: the objects it points to may form
/// cycles.
impl Debug for ObjRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<{} object at {:p}>", self.0.borrow().container, Rc::as_ptr(&self.0))
    }
}

/// Freeing a long chain of objects (a list of a million nodes) by plain
/// recursive drops would overflow the host stack; instead the objects only
/// this one keeps alive are unlinked and freed one at a time.
impl Drop for Object {
    fn drop(&mut self) {
        let mut orphans = Vec::new();
        take_pointers(self, &mut orphans);
        while let Some(obj) = orphans.pop() {
            // Other pointers to it remain: dropping this one frees nothing.
            if let Ok(cell) = Rc::try_unwrap(obj.0) {
                take_pointers(&mut cell.into_inner(), &mut orphans);
            }
        }
    }
}

/// Moves every pointer out of `obj`'s fields and items into `out`.
fn take_pointers(obj: &mut Object, out: &mut Vec<ObjRef>) {
    fn take(v: &mut LlValue, out: &mut Vec<ObjRef>) {
        match v {
            LlValue::Ptr(p) => out.extend(p.take()),
            LlValue::Struct(vs) => vs.iter_mut().for_each(|v| take(v, out)),
            _ => {}
        }
    }
    obj.fields.iter_mut().chain(obj.items.iter_mut()).for_each(|v| take(v, out));
}

impl LlValue {
    pub fn as_int(&self) -> Option<i128> {
        match self {
            LlValue::Int(v) => Some(*v),
            _ => None,
        }
    }
    pub fn as_float(&self) -> Option<f64> {
        match self {
            LlValue::Float(v) => Some(*v),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            LlValue::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn fields(&self) -> Option<&[LlValue]> {
        match self {
            LlValue::Struct(v) => Some(v),
            _ => None,
        }
    }
    /// The pointer a `Ptr` value holds (`Some(None)` for null).
    pub fn as_ptr(&self) -> Option<Option<&ObjRef>> {
        match self {
            LlValue::Ptr(p) => Some(p.as_ref()),
            _ => None,
        }
    }

    /// The object a non-null pointer points to; a bug otherwise (the rtyper
    /// guards every access the program could make through a null pointer).
    fn object(&self) -> &ObjRef {
        match self {
            LlValue::Ptr(Some(p)) => p,
            LlValue::Ptr(None) => bug("access through a null pointer".into()),
            other => bug(format!("pointer expected, got {other:?}")),
        }
    }

    /// The integer an integer-like value stands for (`Bool` as 0/1).
    fn int(&self) -> i128 {
        match self {
            LlValue::Int(v) => *v,
            LlValue::Bool(b) => *b as i128,
            other => bug(format!("integer expected, got {other:?}")),
        }
    }

    fn float(&self) -> f64 {
        match self {
            LlValue::Float(v) => *v,
            other => bug(format!("float expected, got {other:?}")),
        }
    }

    fn boolean(&self) -> bool {
        match self {
            LlValue::Bool(b) => *b,
            other => bug(format!("bool expected, got {other:?}")),
        }
    }

    /// The value of type `t` holding the integer `v`, wrapped into `t`'s range.
    pub fn from_int(v: i128, t: &LlType) -> LlValue {
        match t {
            LlType::Bool => LlValue::Bool(v & 1 != 0),
            LlType::Int { .. } | LlType::Char | LlType::UniChar => LlValue::Int(t.wrap(v)),
            LlType::Float => LlValue::Float(v as f64),
            _ => bug(format!("integer result for type {t}")),
        }
    }
}

/// A Rust panic of the interpreted program: what the translated program
/// prints to stderr before exiting with status 101.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panic {
    pub message: String,
    pub file: String,
    pub line: u32,
    pub col: u32,
}

impl Panic {
    /// Exactly what Rust's default panic hook prints to stderr for this
    /// panic in the main thread of the current process, without
    /// `RUST_BACKTRACE` (on Linux the main thread's id is the process id).
    pub fn stderr_text(&self) -> String {
        self.stderr_text_with_thread_id(std::process::id() as u64)
    }

    /// The same for a main thread of OS id `tid`. Rust 1.95's hook (the
    /// toolchain rpy pins) starts with an empty line and names the thread's
    /// OS id:
    /// `\nthread 'main' (1234) panicked at src/main.rs:2:5:\nMESSAGE\nnote: ...`.
    pub fn stderr_text_with_thread_id(&self, tid: u64) -> String {
        format!(
            "\nthread 'main' ({tid}) panicked at {}:{}:{}:\n{}\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
            self.file, self.line, self.col, self.message
        )
    }
}

/// A violated invariant of the low-level graphs: a bug in rpy, not in the
/// interpreted program.
fn bug(msg: String) -> ! {
    panic!("llinterp: {msg}")
}

/// More frames than this means runaway recursion (a real program would
/// have overflowed its stack long before).
const MAX_DEPTH: usize = 1 << 20;

struct Frame<'t> {
    tr: &'t Translator,
    graph: &'t FunctionGraph,
    block: BlockId,
    /// The next operation of `block` to run.
    pc: usize,
    env: SecondaryMap<VarId, Option<LlValue>>,
    /// Where the caller wants the result, once this frame returns.
    result_to: Option<VarId>,
}

impl<'t> Frame<'t> {
    fn enter(tr: &'t Translator, graph: &'t FunctionGraph, args: Vec<LlValue>, result_to: Option<VarId>) -> Frame<'t> {
        let mut frame = Frame {
            tr,
            graph,
            block: graph.startblock,
            pc: 0,
            env: SecondaryMap::with_len(graph.vars.len(), None),
            result_to,
        };
        let params = &graph.blocks[graph.startblock].inputargs;
        if params.len() != args.len() {
            bug(format!("{} takes {} arguments, got {}", graph.name, params.len(), args.len()));
        }
        for (v, a) in params.iter().zip(args) {
            frame.env[*v] = Some(a);
        }
        frame
    }

    fn get(&self, v: &Value) -> LlValue {
        match v {
            Value::Var(v) => self.env[*v].clone().unwrap_or_else(|| {
                bug(format!("{} used before definition in {}", self.graph.var_name(*v), self.graph.name))
            }),
            Value::Const(Constant { value: ConstValue::Str(s), concretetype: Some(LlType::Ptr(c)), .. }) => {
                LlValue::Ptr(Some(string_object(self.tr, *c, s.as_bytes())))
            }
            Value::Const(Constant { value: ConstValue::Prebuilt(c, tag), .. }) => {
                LlValue::Ptr(Some(prebuilt_object(self.tr, *c, *tag)))
            }
            Value::Const(c) => const_value(c),
        }
    }

    fn set(&mut self, v: VarId, value: LlValue) {
        self.env[v] = Some(value);
    }
}

/// Runs graph `g` of `t` on `args`. A panic of the program is an `Err`.
pub fn interpret(t: &Translator, g: GraphId, args: Vec<LlValue>) -> Result<LlValue, Panic> {
    let mut stack = vec![Frame::enter(t, &t.graphs[g], args, None)];
    loop {
        let frame = stack.last_mut().expect("no frame");
        let graph = frame.graph;
        let block = &graph.blocks[frame.block];
        if let Some(op) = block.operations.get(frame.pc) {
            frame.pc += 1;
            let llop = LlOp::from_name(&op.opname)
                .unwrap_or_else(|| bug(format!("unknown operation {} in {}", op.opname, graph.name)));
            if let LlOp::DirectCall | LlOp::IndirectCall = llop {
                let callee = match (llop, op.args.first().and_then(Value::constant).map(|c| &c.value)) {
                    (LlOp::DirectCall, Some(ConstValue::Func(f))) => *f,
                    (LlOp::IndirectCall, _) => match frame.get(&op.args[0]) {
                        LlValue::Func(Some(f)) => f,
                        other => bug(format!("indirect_call of {other:?} in {}", graph.name)),
                    },
                    _ => bug(format!("direct_call of a non-constant in {}", graph.name)),
                };
                let args = op.args[1..].iter().map(|a| frame.get(a)).collect();
                if stack.len() >= MAX_DEPTH {
                    bug("call depth exceeded".into());
                }
                stack.push(Frame::enter(t, &t.graphs[callee], args, Some(op.result)));
            } else {
                let value = eval_op(t, frame, op, llop)?;
                frame.set(op.result, value);
            }
            continue;
        }
        if frame.block == graph.returnblock {
            let result = frame.get(&Value::Var(block.inputargs[0]));
            let result_to = frame.result_to;
            stack.pop();
            match stack.last_mut() {
                None => return Ok(result),
                Some(caller) => caller.set(result_to.expect("callee frame without a result variable"), result),
            }
            continue;
        }
        if frame.block == graph.exceptblock {
            bug(format!("{} reached its except block: exceptions are not supported", graph.name));
        }
        let link = match &block.exitswitch {
            None => match block.exits.as_slice() {
                [link] => link,
                _ => bug(format!(
                    "{} of {} has {} exits and no exitswitch",
                    graph.block_name(frame.block),
                    graph.name,
                    block.exits.len()
                )),
            },
            Some(sw) => {
                let v = frame.get(sw);
                let found = block.exits.iter().find(|l| match (&v, &l.exitcase) {
                    (LlValue::Bool(b), Some(ConstValue::Bool(c))) => b == c,
                    (LlValue::Int(i), Some(ConstValue::Int(c))) => i == c,
                    (LlValue::Int(i), Some(ConstValue::Char(c))) => *i == *c as i128,
                    _ => false,
                });
                let default =
                    || block.exits.iter().find(|l| matches!(&l.exitcase, Some(ConstValue::Str(s)) if s == "default"));
                found.or_else(default).unwrap_or_else(|| {
                    bug(format!("no exit of {} in {} for {v:?}", graph.block_name(frame.block), graph.name))
                })
            }
        };
        // Read every argument before writing any inputarg: a link back to
        // its own block may permute the block's inputargs.
        let values: Vec<LlValue> = link.args.iter().map(|a| frame.get(a)).collect();
        for (v, value) in graph.blocks[link.target].inputargs.iter().zip(values) {
            frame.set(*v, value);
        }
        frame.block = link.target;
        frame.pc = 0;
    }
}

/// A new object for the constant `ConstValue::Prebuilt(c, tag)`: zero, but
/// for a variant's tag. The translated program shares one prebuilt object;
/// nothing writes it, so no program can tell the difference.
fn prebuilt_object(t: &Translator, c: ContainerId, tag: Option<i64>) -> ObjRef {
    let Some(tag) = tag else { return ObjRef::new(t, c, t.containers[c].item().map(|_| 0)) };
    let obj = ObjRef::new(t, c, None);
    let Container::GcStruct { fields, .. } = &t.containers[c] else { bug("a variant is not a struct".into()) };
    let i = fields.iter().position(|(name, _)| name == TAG).unwrap_or_else(|| bug("a variant has no tag".into()));
    obj.borrow_mut().fields[i] = LlValue::Int(tag as i128);
    obj
}

/// A new string object (a list of bytes, container `list`) holding `bytes`.
/// The translated program has one prebuilt object per literal instead; a
/// literal cannot be changed, so no program can tell the difference.
pub fn string_object(t: &Translator, list: ContainerId, bytes: &[u8]) -> ObjRef {
    let Container::GcStruct { fields, .. } = &t.containers[list] else { bug("a string is not a list".into()) };
    let LlType::Ptr(array) = fields[1].1 else { bug("a string has no items".into()) };
    let items = ObjRef::new(t, array, Some(bytes.len()));
    for (slot, b) in items.borrow_mut().items.iter_mut().zip(bytes) {
        *slot = LlValue::Int(*b as i128);
    }
    let s = ObjRef::new(t, list, None);
    s.borrow_mut().fields = vec![LlValue::Int(bytes.len() as i128), LlValue::Ptr(Some(items))];
    s
}

/// The value of a rtyped constant.
fn const_value(c: &Constant) -> LlValue {
    let t = c.concretetype.as_ref().unwrap_or_else(|| bug(format!("constant {} has no concretetype", c.value)));
    const_of_type(&c.value, t)
}

fn const_of_type(value: &ConstValue, t: &LlType) -> LlValue {
    match (t, value) {
        (LlType::Void, _) => LlValue::Void,
        (LlType::Bool, ConstValue::Bool(b)) => LlValue::Bool(*b),
        (LlType::Int { .. } | LlType::Char | LlType::UniChar | LlType::Bool, ConstValue::Int(v)) => {
            LlValue::from_int(*v, t)
        }
        (LlType::Int { .. } | LlType::Char | LlType::UniChar, ConstValue::Char(ch)) => {
            LlValue::Int(t.wrap(*ch as i128))
        }
        (LlType::Int { .. } | LlType::Char | LlType::UniChar, ConstValue::Bool(b)) => LlValue::Int(*b as i128),
        (LlType::Float, ConstValue::Float(f)) => LlValue::Float(*f),
        (LlType::Float, ConstValue::Int(v)) => LlValue::Float(*v as f64),
        (LlType::Struct(ts), ConstValue::Tuple(vs)) if ts.len() == vs.len() => {
            LlValue::Struct(ts.iter().zip(vs).map(|(t, v)| const_of_type(v, t)).collect())
        }
        // `None` of a flagged pair `(is_some, value)`.
        (LlType::Struct(ts), ConstValue::None) => LlValue::Struct(ts.iter().map(zero).collect()),
        (LlType::Ptr(_), ConstValue::Null) => LlValue::Ptr(None),
        (LlType::FuncPtr(..), ConstValue::Func(g)) => LlValue::Func(Some(*g)),
        (LlType::FuncPtr(..), ConstValue::Null) => LlValue::Func(None),
        _ => bug(format!("constant {value} cannot have type {t}")),
    }
}

/// The all-zero value of a type (`false`, `0`, `0.0`, null).
fn zero(t: &LlType) -> LlValue {
    match t {
        LlType::Void => LlValue::Void,
        LlType::Bool => LlValue::Bool(false),
        LlType::Int { .. } | LlType::Char | LlType::UniChar => LlValue::Int(0),
        LlType::Float => LlValue::Float(0.0),
        LlType::Struct(ts) => LlValue::Struct(ts.iter().map(zero).collect()),
        LlType::Ptr(_) => LlValue::Ptr(None),
        LlType::FuncPtr(..) => LlValue::Func(None),
    }
}

fn const_arg(op: &SpaceOperation, i: usize) -> &ConstValue {
    match op.args.get(i) {
        Some(Value::Const(c)) => &c.value,
        _ => bug(format!("{}: operand {i} must be a constant", op.opname)),
    }
}

fn pos_arg(op: &SpaceOperation, i: usize) -> (u32, u32) {
    match const_arg(op, i) {
        ConstValue::Pos(p) => (p.line, p.col),
        other => bug(format!("{}: {other} is not a position", op.opname)),
    }
}

fn str_arg(op: &SpaceOperation, i: usize) -> &str {
    match const_arg(op, i) {
        ConstValue::Str(s) => s,
        other => bug(format!("{}: {other} is not a text", op.opname)),
    }
}

fn container_arg(op: &SpaceOperation, i: usize) -> ContainerId {
    match const_arg(op, i) {
        ConstValue::Container(c) => *c,
        other => bug(format!("{}: {other} is not a container type", op.opname)),
    }
}

/// Whether `v` is a value of type `t`: what a field or item of type `t`
/// may hold.
fn has_type(tr: &Translator, v: &LlValue, t: &LlType) -> bool {
    match (t, v) {
        (LlType::Void, LlValue::Void)
        | (LlType::Bool, LlValue::Bool(_))
        | (LlType::Float, LlValue::Float(_))
        | (LlType::FuncPtr(..), LlValue::Func(_)) => true,
        (LlType::Int { .. } | LlType::Char | LlType::UniChar, LlValue::Int(i)) => {
            t.int_range().is_some_and(|(lo, hi)| (lo..=hi).contains(i))
        }
        (LlType::Struct(ts), LlValue::Struct(vs)) => {
            ts.len() == vs.len() && ts.iter().zip(vs).all(|(t, v)| has_type(tr, v, t))
        }
        // A pointer to a subclass (the payload of an enum's variant) is one to its base.
        (LlType::Ptr(c), LlValue::Ptr(p)) => p.as_ref().is_none_or(|o| {
            let oc = o.borrow().container;
            oc == *c || tr.container_bases.get(&oc) == Some(c)
        }),
        (LlType::Ptr(c), LlValue::Tagged { base, .. }) => base == c,
        _ => false,
    }
}

/// The index and the type of field `name` of `obj`, an object of a
/// `GcStruct`.
fn field_of<'t>(tr: &'t Translator, obj: &Object, name: &str) -> (usize, &'t LlType) {
    let c = &tr.containers[obj.container];
    c.field(name).unwrap_or_else(|| bug(format!("{} has no field {name}", c.name())))
}

/// The index of item `i` of `obj`, checked: the rtyper guarantees
/// `0 <= i < length`.
fn item_index(obj: &Object, i: i128) -> usize {
    if i < 0 || i >= obj.items.len() as i128 {
        bug(format!("index {i} out of bounds of an object of {} items", obj.items.len()));
    }
    i as usize
}

/// The value of `op`, which is `name` and not a call (the frame loop runs
/// those).
fn eval_op(tr: &Translator, frame: &Frame, op: &SpaceOperation, name: LlOp) -> Result<LlValue, Panic> {
    let g = frame.graph;
    let rtype = || {
        g.vars[op.result].concretetype.as_ref().unwrap_or_else(|| bug(format!("{} not rtyped", g.var_name(op.result))))
    };
    let arg = |i: usize| frame.get(&op.args[i]);
    let argtype = |i: usize| g.concretetype(&op.args[i]);
    let panic_at = |msg: String, (line, col): (u32, u32)| Panic { message: msg, file: g.file.clone(), line, col };
    Ok(match name {
        LlOp::SameAs | LlOp::CastPointer | LlOp::Hint => arg(0),
        LlOp::JitMarker => LlValue::Void,
        LlOp::BoolNot => LlValue::Bool(!arg(0).boolean()),
        LlOp::TupleNew => LlValue::Struct((0..op.args.len()).map(arg).collect()),
        LlOp::TupleGetitem => {
            let i = match const_arg(op, 1) {
                ConstValue::Int(i) => *i as usize,
                other => bug(format!("tuple_getitem index {other}")),
            };
            match arg(0) {
                LlValue::Struct(mut fields) => fields.swap_remove(i),
                other => bug(format!("tuple_getitem on {other:?}")),
            }
        }
        LlOp::TupleSetitem => {
            let i = match const_arg(op, 1) {
                ConstValue::Int(i) => *i as usize,
                other => bug(format!("tuple_setitem index {other}")),
            };
            match arg(0) {
                LlValue::Struct(mut fields) => {
                    fields[i] = arg(2);
                    LlValue::Struct(fields)
                }
                other => bug(format!("tuple_setitem on {other:?}")),
            }
        }
        LlOp::CastPrimitive => LlValue::from_int(arg(0).int(), rtype()),
        LlOp::CastIntToFloat | LlOp::CastUintToFloat => {
            let t = argtype(0);
            let bits = t.int_bits().unwrap_or_else(|| bug(format!("{name} of {t}")));
            let signed = name == LlOp::CastIntToFloat && *t != LlType::Bool;
            LlValue::Float(int_dispatch!(signed, bits, int_to_float, arg(0).int()))
        }
        LlOp::CastFloatToInt | LlOp::CastFloatToUint => {
            let t = rtype();
            let bits = t.int_bits().unwrap_or_else(|| bug(format!("{name} to {t}")));
            let v = int_dispatch!(name == LlOp::CastFloatToInt, bits, float_to_int, arg(0).float());
            LlValue::from_int(v, t)
        }
        LlOp::ConvertFloatBytesToLonglong => LlValue::from_int(arg(0).float().to_bits() as i128, rtype()),
        LlOp::ConvertLonglongBytesToFloat => LlValue::Float(f64::from_bits(arg(0).int() as u64)),
        LlOp::Malloc => LlValue::Ptr(Some(ObjRef::new(tr, container_arg(op, 0), None))),
        LlOp::MallocVarsize => {
            let n = arg(1).int();
            let n = usize::try_from(n).unwrap_or_else(|_| bug(format!("malloc_varsize of {n} items")));
            LlValue::Ptr(Some(ObjRef::new(tr, container_arg(op, 0), Some(n))))
        }
        LlOp::NewTagged => {
            let (v, x) = (container_arg(op, 0), arg(1).int() as i64);
            let t = tr.tagged_variant(v).unwrap_or_else(|| bug(format!("new_tagged of {v}, not a tagged integer")));
            if TaggedInt::fits(x) {
                LlValue::Tagged { base: t.base, x }
            } else {
                let obj = ObjRef::new(tr, v, None);
                let (tag, field) = (field_of(tr, &obj.borrow(), TAG).0, field_of(tr, &obj.borrow(), &t.field).0);
                obj.borrow_mut().fields[tag] = LlValue::Int(t.tag as i128);
                obj.borrow_mut().fields[field] = LlValue::Int(x as i128);
                LlValue::Ptr(Some(obj))
            }
        }
        LlOp::Getfield => {
            let p = arg(0);
            if let LlValue::Tagged { base, x } = p {
                let t = tr.tagged_base(base).unwrap_or_else(|| bug(format!("a tagged word of {base}")));
                return Ok(match str_arg(op, 1) {
                    TAG => LlValue::Int(t.tag as i128),
                    f if f == t.field => LlValue::Int(x as i128),
                    f => bug(format!("getfield {f} of a tagged word")),
                });
            }
            let obj = p.object().borrow();
            let (i, _) = field_of(tr, &obj, str_arg(op, 1));
            obj.fields[i].clone()
        }
        LlOp::Setfield => {
            let (p, v) = (arg(0), arg(2));
            let name = str_arg(op, 1);
            // Type-check before borrowing mutably: `v` may be `p` itself.
            let (i, ft) = field_of(tr, &p.object().borrow(), name);
            if !has_type(tr, &v, ft) {
                bug(format!("setfield of {v:?} into field {name} of type {ft}"));
            }
            p.object().borrow_mut().fields[i] = v;
            LlValue::Void
        }
        LlOp::Getarrayitem => {
            let p = arg(0);
            let obj = p.object().borrow();
            obj.items[item_index(&obj, arg(1).int())].clone()
        }
        LlOp::Setarrayitem => {
            let (p, v) = (arg(0), arg(2));
            let (i, c) = {
                let obj = p.object().borrow();
                (item_index(&obj, arg(1).int()), obj.container)
            };
            let item = tr.containers[c].item().unwrap_or_else(|| bug("setarrayitem without items".into()));
            if !has_type(tr, &v, item) {
                bug(format!("setarrayitem of {v:?} into an item of type {item}"));
            }
            p.object().borrow_mut().items[i] = v;
            LlValue::Void
        }
        LlOp::Getarraysize => LlValue::Int(arg(0).object().borrow().items.len() as i128),
        LlOp::Arraycopy => {
            let (n, src_start, dst_start) = (arg(4).int(), arg(2).int(), arg(3).int());
            if n < 0 {
                bug(format!("arraycopy of {n} items"));
            }
            // Through a buffer: the source may be the destination.
            let items: Vec<LlValue> = {
                let src = arg(0);
                let obj = src.object().borrow();
                (0..n).map(|k| obj.items[item_index(&obj, src_start + k)].clone()).collect()
            };
            let dst = arg(1);
            let mut obj = dst.object().borrow_mut();
            for (k, v) in items.into_iter().enumerate() {
                let i = item_index(&obj, dst_start + k as i128);
                obj.items[i] = v;
            }
            LlValue::Void
        }
        LlOp::PtrEq | LlOp::PtrNe | LlOp::PtrIszero | LlOp::PtrNonzero => {
            let ptr = |i: usize| match arg(i) {
                p @ (LlValue::Ptr(_) | LlValue::Tagged { .. }) => p,
                other => bug(format!("{name} of {other:?}")),
            };
            LlValue::Bool(match name {
                LlOp::PtrEq => ptr(0) == ptr(1),
                LlOp::PtrNe => ptr(0) != ptr(1),
                LlOp::PtrIszero => ptr(0) == LlValue::Ptr(None),
                _ => ptr(0) != LlValue::Ptr(None),
            })
        }
        // The host's address of the object: unique while it lives, as the
        // GC's.
        LlOp::GcId => match arg(0) {
            LlValue::Ptr(Some(o)) => LlValue::Int(Rc::as_ptr(&o.0) as usize as i128),
            other => bug(format!("gc_id of {other:?}")),
        },
        LlOp::RtCall => {
            let args: Vec<LlValue> = (1..op.args.len()).map(arg).collect();
            return rt::rt_call(tr, str_arg(op, 0), &args, rtype());
        }
        LlOp::Panic | LlOp::Unreachable => return Err(panic_at(str_arg(op, 0).to_string(), pos_arg(op, 1))),
        LlOp::PanicStr => {
            let msg = rt::string_bytes(arg(0).object());
            return Err(panic_at(String::from_utf8_lossy(&msg).into_owned(), pos_arg(op, 1)));
        }
        LlOp::PanicIf => {
            if arg(0).boolean() {
                return Err(panic_at(str_arg(op, 1).to_string(), pos_arg(op, 2)));
            }
            LlValue::Void
        }
        LlOp::PanicIndexIf => {
            let (len, index) = (arg(0).int(), arg(1).int());
            if index >= len {
                let msg = format!("index out of bounds: the len is {len} but the index is {index}");
                return Err(panic_at(msg, pos_arg(op, 2)));
            }
            LlValue::Void
        }
        LlOp::Int(sub) | LlOp::Uint(sub) => {
            let t = argtype(0);
            let bits = t.int_bits().unwrap_or_else(|| bug(format!("{name} on {t}")));
            let signed = matches!(name, LlOp::Int(_)) && *t != LlType::Bool;
            let a = arg(0).int();
            let b = if op.args.len() > 1 { arg(1).int() } else { 0 };
            let out = if bits == 1 { int_op::<u8>(sub, a, b) } else { int_dispatch!(signed, bits, int_op, sub, a, b) };
            match out {
                IntOut::Int(v) => LlValue::from_int(v, rtype()),
                IntOut::Bool(b) => LlValue::Bool(b),
                IntOut::Checked(v) => {
                    let vt = match rtype() {
                        LlType::Struct(ts) if ts.len() == 2 => &ts[1],
                        other => bug(format!("{name} result type {other}")),
                    };
                    LlValue::Struct(vec![LlValue::Bool(v.is_some()), LlValue::from_int(v.unwrap_or(0), vt)])
                }
            }
        }
        LlOp::Float(sub) => float_op(sub, &arg(0), op.args.get(1).map(|_| arg(1))),
        LlOp::DirectCall | LlOp::IndirectCall => bug(format!("{name} outside the frame loop")),
    })
}

fn float_op(op: FloatOp, a: &LlValue, b: Option<LlValue>) -> LlValue {
    let x = a.float();
    let y = || b.as_ref().unwrap_or_else(|| bug(format!("float_{} needs two operands", op.name()))).float();
    let f = LlValue::Float;
    match op {
        FloatOp::Add => f(x + y()),
        FloatOp::Sub => f(x - y()),
        FloatOp::Mul => f(x * y()),
        FloatOp::Truediv => f(x / y()),
        FloatOp::Mod => f(x % y()),
        FloatOp::Neg => f(-x),
        FloatOp::Abs => f(x.abs()),
        FloatOp::Sqrt => f(x.sqrt()),
        FloatOp::Floor => f(x.floor()),
        FloatOp::Ceil => f(x.ceil()),
        FloatOp::Sin => f(x.sin()),
        FloatOp::Cos => f(x.cos()),
        FloatOp::Tan => f(x.tan()),
        FloatOp::Asin => f(x.asin()),
        FloatOp::Acos => f(x.acos()),
        FloatOp::Atan => f(x.atan()),
        FloatOp::Exp => f(x.exp()),
        FloatOp::Log => f(x.ln()),
        FloatOp::Log10 => f(x.log10()),
        FloatOp::Log2 => f(x.log2()),
        FloatOp::Pow => f(x.powf(y())),
        FloatOp::Atan2 => f(x.atan2(y())),
        FloatOp::Powi => {
            f(x.powi(b.as_ref().map(LlValue::int).unwrap_or_else(|| bug("float_powi needs an exponent".into())) as i32))
        }
        FloatOp::Min => f(x.min(y())),
        FloatOp::Max => f(x.max(y())),
        FloatOp::Lt => LlValue::Bool(x < y()),
        FloatOp::Le => LlValue::Bool(x <= y()),
        FloatOp::Eq => LlValue::Bool(x == y()),
        FloatOp::Ne => LlValue::Bool(x != y()),
        FloatOp::Gt => LlValue::Bool(x > y()),
        FloatOp::Ge => LlValue::Bool(x >= y()),
    }
}

/// The `{:?}` text of the Rust value corresponding to `v` of type `t`:
/// integers by their width and signedness, floats as Rust prints `f64`,
/// `UniChar` as a quoted, escaped `char`, `Char` as the `u8` it is, structs
/// as tuples, `Void` as `()`.
pub fn ll_debug_text(v: &LlValue, t: &LlType) -> String {
    match (t, v) {
        (LlType::Void, _) => "()".to_string(),
        (LlType::Bool, LlValue::Bool(b)) => format!("{b:?}"),
        (LlType::Int { bits, signed }, LlValue::Int(x)) => {
            int_dispatch!(*signed, *bits, int_debug, *x)
        }
        (LlType::Char, LlValue::Int(x)) => format!("{:?}", *x as u8),
        (LlType::UniChar, LlValue::Int(x)) => match char::from_u32(*x as u32) {
            Some(c) => format!("{c:?}"),
            None => format!("'\\u{{{:x}}}'", *x as u32),
        },
        (LlType::Float, LlValue::Float(f)) => format!("{f:?}"),
        (LlType::Struct(ts), LlValue::Struct(vs)) if ts.len() == vs.len() => {
            let items: Vec<String> = ts.iter().zip(vs).map(|(t, v)| ll_debug_text(v, t)).collect();
            if items.len() == 1 {
                format!("({},)", items[0])
            } else {
                format!("({})", items.join(", "))
            }
        }
        _ => bug(format!("value {v:?} is not of type {t}")),
    }
}

mod rt;

#[cfg(test)]
mod heap_tests;
#[cfg(test)]
mod tests;
