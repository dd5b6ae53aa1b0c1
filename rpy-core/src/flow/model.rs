//! The flow model of seed 001: `FunctionGraph`, `Block`, `Link`,
//! `SpaceOperation`, `Variable`, `Constant`; stored in arenas with typed ids.
//!
//! The same model carries every stage: the flow space produces it with
//! high-level operations (`add`, `simple_call`, ...), the annotator reads it,
//! the rtyper rewrites the operations into low-level ones (`int_add`, ...)
//! and sets a `concretetype` on every variable and constant.
//!
//! Invariants (checked by `checkgraph`):
//! - every variable is defined exactly once: as an input argument of one
//!   block or as the result of one operation;
//! - a variable is used only in the block that defines it (links rename
//!   values explicitly: blocks are SSA-like and share no variables);
//! - a link passes exactly as many arguments as its target has inputargs;
//! - the return block has one inputarg and no exits; the except block has
//!   two (etype, evalue) and no exits;
//! - a block with an `exitswitch` has one exit per case, each with an
//!   `exitcase`; a block without one has a single exit, except a block
//!   whose last operation never returns (`panic`), which has none.

use crate::entity;
use crate::entity::Arena;
use crate::lltype::LlType;
use crate::ty::Ty;
use std::fmt;

entity!(
    /// A variable of one graph.
    VarId,
    "v"
);
entity!(
    /// A block of one graph.
    BlockId,
    "block"
);
entity!(
    /// A function graph of the translator.
    GraphId,
    "graph"
);

/// A position in the user's source: 1-based line and column, as Rust's panic
/// messages print them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// The user's name for it, when it holds a local; used in dumps.
    pub name: Option<String>,
    /// Set by the rtyper.
    pub concretetype: Option<LlType>,
}

/// The value of a constant.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    /// An integer of any width; its type is the constant's `ty`.
    Int(i128),
    Float(f64),
    Bool(bool),
    Char(char),
    Unit,
    /// `Option::None`.
    None,
    /// A text, e.g. a panic message.
    Str(String),
    /// A function of the program.
    Func(GraphId),
    /// A type, as operand of `cast` and `ascribe`.
    Type(Ty),
    /// A source position, as operand of panicking operations.
    Pos(Pos),
    /// A tuple of constants (a folded `newtuple`).
    Tuple(Vec<ConstValue>),
    /// A container type, as operand of `malloc`.
    Container(crate::lltype::ContainerId),
    /// The null GC pointer.
    Null,
    /// A prebuilt object of a container, every field zero but the tag of a
    /// variant (`Some(tag)`), shared by every place that would make a new
    /// one: the object of a variant without data, the items of an empty
    /// list (RPython's prebuilt empty array). Nothing ever writes it (a
    /// variant without data has no field, an empty array no item), and
    /// neither has an identity of its own in Rust, so no program can tell it
    /// from a new one.
    Prebuilt(crate::lltype::ContainerId, Option<i64>),
}

/// The Rust type of a constant, as far as the flow space knows it.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstTy {
    Known(Ty),
    /// An unsuffixed integer literal or a `None`: `annotator::typeck`
    /// decides its type from its uses, as rustc does (integers fall back to
    /// `i32`). The number identifies the occurrence within its graph.
    Infer(u32),
    /// Operands that are not values: messages, positions, types, functions.
    Meta,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Constant {
    pub value: ConstValue,
    pub ty: ConstTy,
    /// Set by the rtyper.
    pub concretetype: Option<LlType>,
}

impl Constant {
    pub fn new(value: ConstValue, ty: Ty) -> Constant {
        Constant { value, ty: ConstTy::Known(ty), concretetype: None }
    }
    pub fn meta(value: ConstValue) -> Constant {
        Constant { value, ty: ConstTy::Meta, concretetype: None }
    }
    pub fn int(v: i128, ty: crate::ty::IntTy) -> Constant {
        Constant::new(ConstValue::Int(v), Ty::Int(ty))
    }
    pub fn bool(b: bool) -> Constant {
        Constant::new(ConstValue::Bool(b), Ty::Bool)
    }
    pub fn as_int(&self) -> Option<i128> {
        match self.value {
            ConstValue::Int(v) => Some(v),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            ConstValue::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// An operand: a variable of the same block, or a constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Var(VarId),
    Const(Constant),
}

impl Value {
    pub fn var(&self) -> Option<VarId> {
        match self {
            Value::Var(v) => Some(*v),
            Value::Const(_) => None,
        }
    }
    pub fn constant(&self) -> Option<&Constant> {
        match self {
            Value::Var(_) => None,
            Value::Const(c) => Some(c),
        }
    }
}

impl From<VarId> for Value {
    fn from(v: VarId) -> Value {
        Value::Var(v)
    }
}

impl From<Constant> for Value {
    fn from(c: Constant) -> Value {
        Value::Const(c)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct SpaceOperation {
    pub opname: String,
    pub args: Vec<Value>,
    pub result: VarId,
    /// Where in the user's source the operation comes from.
    pub pos: Option<Pos>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub args: Vec<Value>,
    pub target: BlockId,
    /// The case of the exitswitch this link is taken for (`None` on the
    /// single exit of a block without exitswitch). `Str("default")` is the
    /// fallback case of a multi-way switch.
    pub exitcase: Option<ConstValue>,
    pub last_exception: Option<VarId>,
    pub last_exc_value: Option<VarId>,
}

impl Link {
    pub fn new(args: Vec<Value>, target: BlockId) -> Link {
        Link { args, target, exitcase: None, last_exception: None, last_exc_value: None }
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Block {
    pub inputargs: Vec<VarId>,
    pub operations: Vec<SpaceOperation>,
    pub exitswitch: Option<Value>,
    pub exits: Vec<Link>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FunctionGraph {
    pub name: String,
    /// The file the function's source comes from, for panic messages.
    pub file: String,
    /// Declared parameter and result types (Rust requires them on `fn`s).
    pub param_tys: Vec<Ty>,
    pub ret_ty: Ty,
    pub vars: Arena<VarId, Variable>,
    pub blocks: Arena<BlockId, Block>,
    pub startblock: BlockId,
    pub returnblock: BlockId,
    pub exceptblock: BlockId,
    /// Where the function is defined.
    pub pos: Option<Pos>,
    /// `#[track_caller]`: its panics report the caller's position (each
    /// call gets a copy, `annotator::track_caller::specialize`).
    pub track_caller: bool,
    /// The JIT's hints on the function (`#[elidable]`, ...).
    pub hints: crate::flow::FnHints,
    /// Its integer arithmetic wraps whatever the program's profile: rpy's
    /// own library code (the prelude), built like Rust's `std` without
    /// overflow checks, but for the functions marked
    /// `#[rpy_inherit_overflow_checks]` (std's `#[rustc_inherit_overflow_checks]`,
    /// as on `Iterator::sum`).
    pub wraps: bool,
    /// The parameters declared `&mut T` of a value type `T` (a scalar, a
    /// tuple, a `Copy` struct), `&mut self` of one included: copied in and
    /// out. The graph takes the value and returns a tuple of its declared
    /// result and the final values of these parameters, in order (`ret_ty`
    /// is that tuple); each call stores them back into the places passed
    /// (exact, as a `&mut` is the only access to its place while it lives).
    pub inout: Vec<usize>,
}

impl FunctionGraph {
    /// A graph with an empty start block taking `nparams` arguments, a
    /// return block and an except block.
    pub fn new(name: &str, file: &str, param_tys: Vec<Ty>, ret_ty: Ty) -> FunctionGraph {
        let mut g = FunctionGraph {
            name: name.to_string(),
            file: file.to_string(),
            param_tys,
            ret_ty,
            vars: Arena::new(),
            blocks: Arena::new(),
            startblock: BlockId(0),
            returnblock: BlockId(0),
            exceptblock: BlockId(0),
            pos: None,
            track_caller: false,
            hints: Default::default(),
            wraps: false,
            inout: Vec::new(),
        };
        let start_args = (0..g.param_tys.len()).map(|_| g.new_var(None)).collect();
        g.startblock = g.blocks.push(Block { inputargs: start_args, ..Block::default() });
        let ret = g.new_var(Some("result"));
        g.returnblock = g.blocks.push(Block { inputargs: vec![ret], ..Block::default() });
        let etype = g.new_var(Some("etype"));
        let evalue = g.new_var(Some("evalue"));
        g.exceptblock = g.blocks.push(Block { inputargs: vec![etype, evalue], ..Block::default() });
        g
    }

    /// The result the function declares: `ret_ty`, or its first item when
    /// the graph also returns its `inout` parameters.
    pub fn declared_ret(&self) -> &Ty {
        match (&self.ret_ty, self.inout.is_empty()) {
            (Ty::Tuple(items), false) => &items[0],
            (ty, _) => ty,
        }
    }

    pub fn new_var(&mut self, name: Option<&str>) -> VarId {
        self.vars.push(Variable { name: name.map(str::to_string), concretetype: None })
    }

    pub fn new_block(&mut self, inputargs: Vec<VarId>) -> BlockId {
        self.blocks.push(Block { inputargs, ..Block::default() })
    }

    pub fn is_final(&self, b: BlockId) -> bool {
        b == self.returnblock || b == self.exceptblock
    }

    /// Blocks reachable from the start block, in depth-first preorder.
    pub fn iterblocks(&self) -> Vec<BlockId> {
        let mut seen = vec![false; self.blocks.len()];
        let mut order = Vec::new();
        let mut stack = vec![self.startblock];
        while let Some(b) = stack.pop() {
            if std::mem::replace(&mut seen[b.0 as usize], true) {
                continue;
            }
            order.push(b);
            for link in self.blocks[b].exits.iter().rev() {
                if !seen[link.target.0 as usize] {
                    stack.push(link.target);
                }
            }
        }
        order
    }

    /// The concrete type of a value, once the rtyper has run.
    pub fn concretetype<'a>(&'a self, v: &'a Value) -> &'a LlType {
        match v {
            Value::Var(v) => self.vars[*v].concretetype.as_ref().expect("variable not rtyped"),
            Value::Const(c) => c.concretetype.as_ref().expect("constant not rtyped"),
        }
    }

    pub fn var_name(&self, v: VarId) -> String {
        match &self.vars[v].name {
            Some(n) => format!("{n}_{}", v.0),
            None => format!("v{}", v.0),
        }
    }
}

impl fmt::Display for ConstValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstValue::Int(v) => write!(f, "{v}"),
            ConstValue::Float(v) => write!(f, "{v:?}"),
            ConstValue::Bool(b) => write!(f, "{b}"),
            ConstValue::Char(c) => write!(f, "{c:?}"),
            ConstValue::Unit => write!(f, "()"),
            ConstValue::None => write!(f, "None"),
            ConstValue::Str(s) => write!(f, "{s:?}"),
            ConstValue::Func(g) => write!(f, "<{g}>"),
            ConstValue::Type(t) => write!(f, "<type {t}>"),
            ConstValue::Pos(p) => write!(f, "<pos {p}>"),
            ConstValue::Container(c) => write!(f, "<{c}>"),
            ConstValue::Null => write!(f, "NULL"),
            ConstValue::Prebuilt(c, None) => write!(f, "<prebuilt {c}>"),
            ConstValue::Prebuilt(c, Some(tag)) => write!(f, "<prebuilt {c} #{tag}>"),
            ConstValue::Tuple(items) => {
                write!(f, "(")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{v}")?;
                }
                write!(f, ")")
            }
        }
    }
}
