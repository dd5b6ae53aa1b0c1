//! Building low-level graphs by hand, for the tests of the stages that come
//! after the rtyper (the LLInterpreter, the LLVM backend, later the
//! codewriter) so they can be tested without the front end.
//!
//! ```
//! use rpy_core::llbuild::LlGraphBuilder;
//! use rpy_core::lloperation::{IntOp, LlOp};
//! use rpy_core::lltype::SIGNED;
//! let mut b = LlGraphBuilder::new("double", &[SIGNED], SIGNED);
//! let x = b.params()[0];
//! let start = b.start();
//! let y = b.op(start, LlOp::Int(IntOp::Add), vec![x.into(), x.into()], SIGNED);
//! b.ret(start, y.into());
//! let graph = b.finish();
//! assert_eq!(graph.name, "double");
//! ```

use crate::entity::EntityRef;
use crate::flow::{checkgraph, BlockId, ConstValue, Constant, FunctionGraph, Link, Pos, Value, VarId};
use crate::lloperation::LlOp;
use crate::lltype::{Container, ContainerId, LlType};
use crate::translator::Translator;
use crate::ty::{IntTy, Ty};

/// Whether a value of type `t` holds a pointer (one the collector may follow).
pub fn contains_ptr(t: &LlType) -> bool {
    match t {
        LlType::Ptr(_) | LlType::FuncPtr(..) => true,
        LlType::Struct(fields) => fields.iter().any(contains_ptr),
        _ => false,
    }
}

/// The Rust type a value of this lltype has in the untranslated program (the
/// inverse of the rtyper's mapping, for the scalars and tuples of scalars
/// that hand-built graphs use).
pub fn ty_of_lltype(t: &LlType) -> Ty {
    match t {
        LlType::Void => Ty::Unit,
        LlType::Bool => Ty::Bool,
        LlType::Int { bits, signed } => {
            let it = match (bits, signed) {
                (8, true) => IntTy::I8,
                (16, true) => IntTy::I16,
                (32, true) => IntTy::I32,
                (64, true) => IntTy::I64,
                (8, false) => IntTy::U8,
                (16, false) => IntTy::U16,
                (32, false) => IntTy::U32,
                (64, false) => IntTy::U64,
                _ => panic!("no Rust integer type of {bits} bits"),
            };
            Ty::Int(it)
        }
        LlType::Float => Ty::F64,
        LlType::Char => Ty::Int(IntTy::U8),
        LlType::UniChar => Ty::Char,
        LlType::Struct(fields) => Ty::Tuple(fields.iter().map(ty_of_lltype).collect()),
        LlType::Ptr(_) | LlType::FuncPtr(..) => panic!("hand-built graphs have no Rust type for pointer {t}"),
    }
}

/// A low-level graph under construction. Every variable it creates gets its
/// concretetype at once; `finish` runs `checkgraph` in rtyped mode.
pub struct LlGraphBuilder {
    pub graph: FunctionGraph,
    ret: LlType,
}

impl LlGraphBuilder {
    pub fn new(name: &str, params: &[LlType], ret: LlType) -> LlGraphBuilder {
        // A graph's Rust signature only matters at the boundary; low-level
        // helpers taking GC pointers have none, and say `()` there.
        let rust_ty = |t: &LlType| if contains_ptr(t) { Ty::Unit } else { ty_of_lltype(t) };
        let param_tys = params.iter().map(rust_ty).collect();
        let mut graph = FunctionGraph::new(name, "src/lib.rs", param_tys, rust_ty(&ret));
        let start = graph.startblock;
        for (v, t) in graph.blocks[start].inputargs.clone().into_iter().zip(params) {
            graph.vars[v].concretetype = Some(t.clone());
        }
        let r = graph.blocks[graph.returnblock].inputargs[0];
        graph.vars[r].concretetype = Some(ret.clone());
        for v in graph.blocks[graph.exceptblock].inputargs.clone() {
            graph.vars[v].concretetype = Some(LlType::Void);
        }
        LlGraphBuilder { graph, ret }
    }

    /// Sets the file that panics of this graph report.
    pub fn file(mut self, file: &str) -> Self {
        self.graph.file = file.to_string();
        self
    }

    pub fn start(&self) -> BlockId {
        self.graph.startblock
    }

    /// The parameters: the start block's inputargs.
    pub fn params(&self) -> Vec<VarId> {
        self.graph.blocks[self.graph.startblock].inputargs.clone()
    }

    /// A new block with inputargs of the given types.
    pub fn block(&mut self, args: &[LlType]) -> (BlockId, Vec<VarId>) {
        let vars: Vec<VarId> = args.iter().map(|t| self.var(t.clone())).collect();
        (self.graph.new_block(vars.clone()), vars)
    }

    fn var(&mut self, t: LlType) -> VarId {
        let v = self.graph.new_var(None);
        self.graph.vars[v].concretetype = Some(t);
        v
    }

    /// Appends `result = opname(args)` to block `b`.
    pub fn op(&mut self, b: BlockId, op: LlOp, args: Vec<Value>, result: LlType) -> VarId {
        let v = self.var(result);
        self.graph.blocks[b].operations.push(crate::flow::SpaceOperation {
            opname: op.name(),
            args,
            result: v,
            pos: None,
        });
        v
    }

    /// `panic(msg, pos)`, ending block `b`.
    pub fn panic(&mut self, b: BlockId, msg: &str, line: u32, col: u32) {
        self.op(b, LlOp::Panic, vec![c_str(msg), c_pos(line, col)], LlType::Void);
    }

    /// The single exit of `b`, to `target`.
    pub fn goto(&mut self, b: BlockId, target: BlockId, args: Vec<Value>) {
        self.graph.blocks[b].exits = vec![Link::new(args, target)];
    }

    /// Returns `v` from block `b`.
    pub fn ret(&mut self, b: BlockId, v: Value) {
        let r = self.graph.returnblock;
        self.goto(b, r, vec![v]);
    }

    /// A two-way exit on the `Bool` value `cond`.
    pub fn branch(&mut self, b: BlockId, cond: Value, if_true: (BlockId, Vec<Value>), if_false: (BlockId, Vec<Value>)) {
        self.switch(
            b,
            cond,
            vec![(ConstValue::Bool(false), if_false.0, if_false.1), (ConstValue::Bool(true), if_true.0, if_true.1)],
        );
    }

    /// A multi-way exit: one link per `(exitcase, target, args)`; the case
    /// `Str("default")` is the fallback.
    pub fn switch(&mut self, b: BlockId, v: Value, cases: Vec<(ConstValue, BlockId, Vec<Value>)>) {
        let block = &mut self.graph.blocks[b];
        block.exitswitch = Some(v);
        block.exits = cases
            .into_iter()
            .map(|(case, target, args)| {
                let mut l = Link::new(args, target);
                l.exitcase = Some(case);
                l
            })
            .collect();
    }

    /// The return block's block id, to link to it with `switch`.
    pub fn returnblock(&self) -> BlockId {
        self.graph.returnblock
    }

    pub fn ret_type(&self) -> &LlType {
        &self.ret
    }

    /// The graph `f(params) = op(params)`, named after the operation: the
    /// unit of the tests of one operation.
    pub fn single_op(op: LlOp, params: &[LlType], result: LlType) -> FunctionGraph {
        let mut b = LlGraphBuilder::new(&op.name(), params, result.clone());
        let args = b.params().into_iter().map(Value::from).collect();
        let start = b.start();
        let r = b.op(start, op, args, result);
        b.ret(start, r.into());
        b.finish()
    }

    pub fn finish(self) -> FunctionGraph {
        checkgraph(&self.graph, true);
        self.graph
    }
}

fn typed(value: ConstValue, t: LlType) -> Value {
    let ty = if contains_ptr(&t) { crate::flow::ConstTy::Meta } else { crate::flow::ConstTy::Known(ty_of_lltype(&t)) };
    Value::Const(Constant { value, ty, concretetype: Some(t) })
}

fn meta(value: ConstValue) -> Value {
    Value::Const(Constant { value, ty: crate::flow::ConstTy::Meta, concretetype: Some(LlType::Void) })
}

/// An integer constant of an integer-like lltype.
pub fn c_int(v: i128, t: LlType) -> Value {
    typed(ConstValue::Int(v), t)
}

pub fn c_bool(b: bool) -> Value {
    typed(ConstValue::Bool(b), LlType::Bool)
}

pub fn c_float(f: f64) -> Value {
    typed(ConstValue::Float(f), LlType::Float)
}

/// A `UniChar` constant.
pub fn c_char(c: char) -> Value {
    typed(ConstValue::Char(c), LlType::UniChar)
}

/// The `()` constant, of type `Void`.
pub fn c_unit() -> Value {
    meta(ConstValue::Unit)
}

/// A text operand (panic messages, field names, the function of an
/// `rt_call`).
pub fn c_str(s: &str) -> Value {
    meta(ConstValue::Str(s.to_string()))
}

pub fn c_pos(line: u32, col: u32) -> Value {
    meta(ConstValue::Pos(Pos { line, col }))
}

/// The function operand of `direct_call`.
pub fn c_func(g: crate::flow::GraphId) -> Value {
    meta(ConstValue::Func(g))
}

/// The null pointer to objects of container `c`.
pub fn c_null(c: ContainerId) -> Value {
    typed(ConstValue::Null, LlType::Ptr(c))
}

/// The prebuilt object of container `c` (`ConstValue::Prebuilt`, no tag).
pub fn c_prebuilt(c: ContainerId) -> Value {
    typed(ConstValue::Prebuilt(c, None), LlType::Ptr(c))
}

/// The container operand of `malloc` and `malloc_varsize`.
pub fn c_container(c: ContainerId) -> Value {
    meta(ConstValue::Container(c))
}

/// Adds a `GcStruct` to `t`. `fields` gets the new container's id, for
/// fields that point to objects of the same type (a list node's `next`).
pub fn gc_struct(
    t: &mut Translator,
    name: &str,
    fields: impl FnOnce(ContainerId) -> Vec<(&'static str, LlType)>,
    varsize: Option<LlType>,
) -> ContainerId {
    let id = ContainerId::new(t.containers.len());
    let fields = fields(id).into_iter().map(|(n, t)| (n.to_string(), t)).collect();
    let c = t.containers.push(Container::GcStruct { name: name.to_string(), fields, varsize });
    assert_eq!(c, id);
    c
}

/// Adds a `GcArray` of `item`s to `t`.
pub fn gc_array(t: &mut Translator, item: LlType) -> ContainerId {
    t.containers.push(Container::GcArray { item })
}
