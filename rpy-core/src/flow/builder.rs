//! The flow space for Rust: builds one flow graph per function of the
//! module from its syntax tree.
//!
//! Where RPython abstractly interprets bytecode, we walk the syntax tree and
//! keep a *frame state*: the current block and the value of every local in
//! scope (`env`). Every new block takes all locals in scope as inputargs and
//! every link passes their current values, so blocks share no variables (the
//! flow model's SSA property) without any phi placement; a later
//! simplification, or LLVM, removes the copies. Control flow (`if`, loops,
//! `match`, `&&`, `?`-like desugarings of `unwrap`) becomes blocks and links;
//! expressions become high-level operations named as RPython's flow space
//! names them (`add`, `lt`, `simple_call`, ...), extended where Rust needs it
//! (`call_method`, `cast`, `ascribe`, `is_some`, `some_payload`, `newsome`,
//! `panic`, `panic_str`).
//!
//! Types are not known here: unsuffixed literals are left to
//! `annotator::typeck`, as rustc leaves them to its type inference.
//!
//! This file holds the frame state and what every construct changes it with
//! (blocks, links, operations, hidden locals); the submodules turn each kind
//! of syntax into operations: `control` (statements, `if`, loops, `match`),
//! `exprs`, `places` (assignment), `patterns`, `calls`, `macros` and
//! `jit_hints`.

use super::error::{pos_of, unsupported, Section, R};
use super::model::*;
use super::scope::ModuleScope;
use crate::ty::{IntTy, StructId, Ty};
use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{BinOp, Expr, Pat, Stmt, UnOp};

mod calls;
mod closures;
mod control;
mod exprs;
mod inout;
mod jit_hints;
mod macros;
mod patterns;
mod places;

/// A local in scope: its name (hidden compiler locals start with `#`) and
/// its current value.
#[derive(Clone)]
struct Local {
    name: String,
    value: Value,
    /// A `RefCell`'s guard (`let b = c.borrow_mut();`): `value` is the
    /// cell; reading the local reads the cell, assigning it sets the cell.
    guard: bool,
    /// Declared or made as an array (`[T; N]`, `[a, b]`, `[x; n]`): Rust
    /// copies it where it is used by value, rpy's list must be copied
    /// there (see `operand`).
    array: bool,
    /// Declared as a slice (`&[T]`, `&mut [T]`): like an array's, its
    /// indexing is the built-in one, whose panic Rust reports at the
    /// indexed expression (a `Vec`'s, at the `[`).
    slice: bool,
    /// An item of a list (`for x in v.iter_mut()`, `let r = &mut v[i];`):
    /// `value` is the index and the list is the local at this position.
    /// Reading the local reads the item; assigning it (or `*x`) sets it.
    item_of: Option<usize>,
    /// A closure stored in the local (`let f = |x| ..;`), by its index in
    /// `FnBuilder::closures`: a call `f(..)` inlines its body.
    closure: Option<usize>,
    /// A `RefCell` borrowed (`value` is the cell) until the local goes: a
    /// guard (`let b = c.borrow_mut();`), or the hidden local `#borrow`
    /// of a borrow in an expression (`c.borrow().len()`), which goes at
    /// the end of its statement. Wherever the builder leaves the local
    /// behind (the end of its block or statement, a link to a block that
    /// does not take it: `break`, `return`, a loop's next turn, the join of
    /// a branch), it releases the borrow (`release_borrow`).
    borrowed: Option<Borrow>,
    /// What a store into the local changes (`inout`).
    mutable: Mutable,
}

/// What a store into a local changes, for the write-back of a `&mut`
/// argument (`inout`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mutable {
    /// The local only, though it is not declared `mut`: in Rust it is then
    /// a reference (a binding of a `match` on one), and a change through
    /// it changes its referent, which rpy's copy does not reach.
    No,
    /// Declared `mut`: the local is the place.
    Binding,
    /// A parameter `&mut T` of a value `T`, `&mut self` of one included:
    /// the caller's value, copied in and returned (`FunctionGraph::inout`).
    /// `*x = v` assigns it.
    Referent,
}

/// The name of the hidden local of a borrow in an expression.
const EXPR_BORROW: &str = "#borrow";

/// How a `RefCell` is borrowed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Borrow {
    Shared,
    Mut,
}

impl Borrow {
    pub fn name(self) -> &'static str {
        match self {
            Borrow::Shared => "shared",
            Borrow::Mut => "mut",
        }
    }
}

impl Local {
    /// A local that is only a value: a variable, or a hidden local of the
    /// builder's (`#i`, `#len`, ...).
    fn plain(name: impl Into<String>, value: Value) -> Local {
        Local {
            name: name.into(),
            value,
            guard: false,
            array: false,
            slice: false,
            item_of: None,
            closure: None,
            borrowed: None,
            mutable: Mutable::No,
        }
    }

    /// A local bound by a pattern's name.
    fn binding(pi: &syn::PatIdent, value: Value) -> Local {
        let mut local = Local::plain(pi.ident.to_string(), value);
        if pi.mutability.is_some() {
            local.mutable = Mutable::Binding;
        }
        local
    }
}

struct LoopCtx {
    label: Option<String>,
    /// Where `continue` goes; takes the first `continue_n` locals.
    continue_target: BlockId,
    continue_n: usize,
    /// Where `break` goes; takes the first `break_n` locals, plus the break
    /// value for `loop`.
    break_target: BlockId,
    break_n: usize,
    break_with_value: bool,
    broken: bool,
}

/// Builds the graph of a function or method into `g` (created with its
/// signature by `items`).
pub fn build_fn(
    scope: &ModuleScope,
    g: FunctionGraph,
    sig: &syn::Signature,
    body: &syn::Block,
    self_ty: Option<Ty>,
    internal: bool,
) -> R<FunctionGraph> {
    let mut b = FnBuilder::new(scope, g, self_ty);
    b.copies = !internal;
    b.build_fn(sig, body)
}

/// Builds the graph of a constant: a function without parameters.
pub fn build_const(scope: &ModuleScope, g: FunctionGraph, e: &Expr, self_ty: Option<Ty>) -> R<FunctionGraph> {
    FnBuilder::new(scope, g, self_ty).build_const(e)
}

struct FnBuilder<'a> {
    scope: &'a ModuleScope,
    /// What `Self` means, inside an `impl`.
    self_ty: Option<Ty>,
    g: FunctionGraph,
    /// The block being filled; `None` after a diverging expression.
    cur: Option<BlockId>,
    env: Vec<Local>,
    loops: Vec<LoopCtx>,
    next_literal: u32,
    /// Set while building the pattern of a `match`'s last arm without a
    /// guard: rustc checked that the match is exhaustive, so a value that
    /// reaches that arm matches it, and its tests are left out.
    assume_match: bool,
    /// Whether places used by value are copied where Rust copies them
    /// (not in rpy's own code: see `prelude::parse`).
    copies: bool,
    /// The JIT markers of the function: kind, driver, where (the tokens,
    /// and the block and index of the operation).
    jit_markers: Vec<(String, usize, Span, BlockId, usize)>,
    /// The closures stored in locals (`closures`).
    closures: Vec<closures::StoredClosure>,
    /// Ranges of `env` that names do not see: the locals declared after a
    /// stored closure, while its body is inlined at a call.
    hidden: Vec<(usize, usize)>,
    /// The locals of the `inout` parameters, returned with the result.
    inout_slots: Vec<usize>,
    /// Set while a call's `inout` argument is stored back (`inout`).
    writing_back: bool,
}

const UNREACHABLE_MSG: &str = "internal error: entered unreachable code";

impl<'a> FnBuilder<'a> {
    fn new(scope: &'a ModuleScope, g: FunctionGraph, self_ty: Option<Ty>) -> Self {
        let start = g.startblock;
        FnBuilder {
            scope,
            self_ty,
            g,
            cur: Some(start),
            env: Vec::new(),
            loops: Vec::new(),
            next_literal: 0,
            assume_match: false,
            copies: true,
            jit_markers: Vec::new(),
            closures: Vec::new(),
            hidden: Vec::new(),
            inout_slots: Vec::new(),
            writing_back: false,
        }
    }

    fn parse_type(&self, ty: &syn::Type) -> R<Ty> {
        self.scope.parse_type(ty, self.self_ty.as_ref())
    }

    fn build_fn(mut self, sig: &syn::Signature, body: &syn::Block) -> R<FunctionGraph> {
        let start = self.g.startblock;
        for (i, input) in sig.inputs.iter().enumerate() {
            let var = self.g.blocks[start].inputargs[i];
            let inout = self.g.inout.contains(&i);
            self.inout_slots.extend(inout.then_some(self.env.len()));
            let pt = match input {
                syn::FnArg::Typed(pt) => pt,
                syn::FnArg::Receiver(r) => {
                    self.g.vars[var].name = Some("self".into());
                    let mut local = Local::plain("self", Value::Var(var));
                    if inout {
                        local.mutable = Mutable::Referent;
                    } else if r.reference.is_none() && r.mutability.is_some() {
                        local.mutable = Mutable::Binding;
                    }
                    self.env.push(local);
                    continue;
                }
            };
            match &*pt.pat {
                Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                    self.g.vars[var].name = Some(pi.ident.to_string());
                    let array = is_array_type(&pt.ty);
                    let slice = matches!(&*pt.ty, syn::Type::Reference(r) if matches!(&*r.elem, syn::Type::Slice(_)));
                    let mut local = Local::binding(pi, Value::Var(var));
                    (local.array, local.slice) = (array, slice);
                    if inout {
                        local.mutable = Mutable::Referent;
                    }
                    self.env.push(local);
                }
                Pat::Wild(_) => self.env.push(Local::plain("#_", Value::Var(var))),
                other => {
                    return Err(unsupported(
                        other,
                        Section::ControlFlow,
                        "this parameter pattern",
                        "parameters are bound by name",
                        "write `name: Type`",
                    ))
                }
            }
        }
        let v = self.block(body)?;
        // A place returned by value is copied (an array field).
        let v = match (body.stmts.last(), v) {
            (Some(syn::Stmt::Expr(e, None)), Some(v)) => Some(self.copied(e, v)),
            (_, v) => v,
        };
        self.finish(v)
    }

    fn build_const(mut self, e: &Expr) -> R<FunctionGraph> {
        let v = self.expr(e)?;
        self.finish(v)
    }

    fn finish(mut self, v: Option<Value>) -> R<FunctionGraph> {
        if let Some(v) = v {
            self.return_value(v, None);
        }
        self.check_jit_markers()?;
        super::checkgraph::checkgraph(&self.g, false);
        Ok(self.g)
    }

    /// Returns `v` from the function: with the final values of its `inout`
    /// parameters, if it has some.
    fn return_value(&mut self, v: Value, pos: Option<Pos>) {
        let ret_ty = self.g.declared_ret().clone();
        let mut v = self.ascribe(v, ret_ty, pos);
        if !self.inout_slots.is_empty() {
            let items = std::iter::once(v).chain(self.inout_slots.iter().map(|&s| self.env[s].value.clone())).collect();
            v = self.emit("newtuple", items, pos);
        }
        self.link_to(self.g.returnblock, 0, vec![v], None);
    }

    // ---- blocks, links and operations ----

    fn emit(&mut self, opname: &str, args: Vec<Value>, pos: Option<Pos>) -> Value {
        let result = self.g.new_var(None);
        let b = self.cur.expect("emit in unreachable code");
        self.g.blocks[b].operations.push(SpaceOperation { opname: opname.to_string(), args, result, pos });
        Value::Var(result)
    }

    /// A block taking the first `n` locals plus `extra` values.
    fn new_block(&mut self, n: usize, extra: usize) -> BlockId {
        let mut args = Vec::with_capacity(n + extra);
        for local in &self.env[..n] {
            let name = (!local.name.starts_with('#')).then_some(local.name.as_str());
            args.push(self.g.vars.push(Variable { name: name.map(str::to_string), concretetype: None }));
        }
        for _ in 0..extra {
            args.push(self.g.new_var(None));
        }
        self.g.new_block(args)
    }

    /// Links the current block to `target`, passing the first `n` locals
    /// and `extra`.
    fn link_to(&mut self, target: BlockId, n: usize, extra: Vec<Value>, exitcase: Option<ConstValue>) {
        // Borrows of the locals left behind end on the way, in a block of
        // their own (the link may be one of several exits).
        if self.env[n.min(self.env.len())..].iter().any(|l| l.borrowed.is_some()) {
            let (b, saved) = (self.cur, self.env.clone());
            let all = self.env.len();
            let mid = self.new_block(all, extra.len());
            self.plain_link(mid, all, extra, exitcase);
            let extra = self.enter(mid, all);
            self.release_borrows(n);
            self.plain_link(target, n, extra, None);
            (self.cur, self.env) = (b, saved);
            return;
        }
        self.plain_link(target, n, extra, exitcase);
    }

    /// Ends the borrows of the locals from `from` on, the last first.
    fn release_borrows(&mut self, from: usize) {
        self.release_borrows_of(from, |_| true);
    }

    /// Ends the borrows of the locals from `from` on that `which` picks.
    fn release_borrows_of(&mut self, from: usize, which: impl Fn(&Local) -> bool) {
        let ends: Vec<(Value, Borrow)> = self.env[from..]
            .iter()
            .rev()
            .filter(|l| which(l))
            .filter_map(|l| Some((l.value.clone(), l.borrowed?)))
            .collect();
        for (cell, kind) in ends {
            self.emit("release_borrow", vec![cell, meta_str(kind.name().into())], None);
        }
    }

    /// `link_to` without ending borrows.
    fn plain_link(&mut self, target: BlockId, n: usize, extra: Vec<Value>, exitcase: Option<ConstValue>) {
        let b = self.cur.expect("link from unreachable code");
        let mut args: Vec<Value> = self.env[..n].iter().map(|l| l.value.clone()).collect();
        args.extend(extra);
        let mut link = Link::new(args, target);
        link.exitcase = exitcase;
        self.g.blocks[b].exits.push(link);
    }

    /// Makes `b` (created by `new_block(n, _)`) current; returns its extra
    /// inputargs.
    fn enter(&mut self, b: BlockId, n: usize) -> Vec<Value> {
        self.env.truncate(n);
        let args = self.g.blocks[b].inputargs.clone();
        for (local, v) in self.env.iter_mut().zip(&args) {
            local.value = Value::Var(*v);
        }
        self.cur = Some(b);
        args[n..].iter().map(|v| Value::Var(*v)).collect()
    }

    /// Branches on `cond`: continues in a new block when it equals
    /// `expected`, else links to `fail` (taking the first `fail_n` locals).
    fn continue_if(&mut self, cond: Value, expected: bool, fail: BlockId, fail_n: usize) {
        if self.assume_match {
            // The test just emitted is not needed either.
            let ops = &mut self.g.blocks[self.cur.unwrap()].operations;
            if ops.last().is_some_and(|op| Value::Var(op.result) == cond) {
                ops.pop();
            }
            return;
        }
        let n = self.env.len();
        let next = self.new_block(n, 0);
        let b = self.cur.unwrap();
        self.g.blocks[b].exitswitch = Some(cond);
        self.link_to(next, n, vec![], Some(ConstValue::Bool(expected)));
        self.link_to(fail, fail_n, vec![], Some(ConstValue::Bool(!expected)));
        self.enter(next, n);
    }

    fn ascribe(&mut self, v: Value, ty: Ty, pos: Option<Pos>) -> Value {
        self.emit("ascribe", vec![v, Value::Const(Constant::meta(ConstValue::Type(ty)))], pos)
    }

    fn panic(&mut self, msg: String, pos: Pos) {
        self.emit("panic", vec![meta_str(msg), meta_pos(pos)], Some(pos));
        self.cur = None;
    }

    /// A point rustc proved the program never reaches; the interpreters
    /// panic there with `UNREACHABLE_MSG`.
    fn unreachable(&mut self, pos: Pos) {
        self.emit("unreachable", vec![meta_str(UNREACHABLE_MSG.into()), meta_pos(pos)], Some(pos));
        self.cur = None;
    }

    /// Keeps `v` alive across the blocks that follow as a hidden local (a
    /// value of one block cannot be used in another); returns its slot.
    fn hold(&mut self, v: Value) -> usize {
        self.env.push(Local::plain("#held", v));
        self.env.len() - 1
    }

    /// Drops the locals from `n` on, but the borrows of expressions
    /// (`EXPR_BORROW`): those last to the end of their statement.
    fn drop_locals(&mut self, n: usize) {
        let tail = self.env.split_off(n.min(self.env.len()));
        self.env.extend(tail.into_iter().filter(|l| l.name == EXPR_BORROW));
    }

    fn held(&self, slot: usize) -> Value {
        self.env[slot].value.clone()
    }

    fn lookup(&self, name: &str) -> Option<usize> {
        let visible = |i: usize| !self.hidden.iter().any(|&(a, b)| a <= i && i < b);
        (0..self.env.len()).rev().find(|&i| self.env[i].name == name && visible(i))
    }

    fn lookup_local(&self, name: &str) -> Option<&Local> {
        self.lookup(name).map(|i| &self.env[i])
    }

    /// Where Rust reports an index out of bounds of `base[..]`: at `base`
    /// for the built-in indexing of arrays and slices, at the `[` for a
    /// `Vec`'s `Index`.
    fn index_pos(&self, base: &Expr, bracket: &syn::token::Bracket) -> Pos {
        let builtin = self.makes_array(base)
            || matches!(base, Expr::Path(p) if p.path.get_ident().and_then(|i| self.lookup_local(&i.to_string())).is_some_and(|l| l.slice));
        if builtin {
            pos_of(base.span())
        } else {
            pos_of(bracket.span.open())
        }
    }

    /// Whether `e` makes an array: an array expression, or an array local.
    fn makes_array(&self, e: &Expr) -> bool {
        match e {
            Expr::Array(_) | Expr::Repeat(_) => true,
            Expr::Paren(p) => self.makes_array(&p.expr),
            Expr::Tuple(t) => t.elems.iter().any(|e| self.makes_array(e)),
            Expr::Call(c) if c.args.len() == 1 && matches!(&*c.func, Expr::Path(p) if p.path.is_ident("Some")) => {
                self.makes_array(&c.args[0])
            }
            Expr::Path(p) => {
                p.path.get_ident().and_then(|i| self.lookup_local(&i.to_string())).is_some_and(|l| l.array)
            }
            _ => false,
        }
    }

    fn literal_id(&mut self) -> u32 {
        self.next_literal += 1;
        self.next_literal
    }
}

fn member_name(m: &syn::Member) -> String {
    match m {
        syn::Member::Named(n) => n.to_string(),
        syn::Member::Unnamed(i) => i.index.to_string(),
    }
}

fn unit() -> Value {
    Value::Const(Constant::new(ConstValue::Unit, Ty::Unit))
}

fn meta_str(s: String) -> Value {
    Value::Const(Constant::meta(ConstValue::Str(s)))
}

fn meta_pos(p: Pos) -> Value {
    Value::Const(Constant::meta(ConstValue::Pos(p)))
}

fn meta_func(g: GraphId) -> Value {
    Value::Const(Constant::meta(ConstValue::Func(g)))
}

fn meta_type(t: Ty) -> Value {
    Value::Const(Constant::meta(ConstValue::Type(t)))
}

fn meta_index(i: usize) -> Value {
    Value::Const(Constant::meta(ConstValue::Int(i as i128)))
}

/// Whether `ty` is an array type, `[T; N]`.
fn is_array_type(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Array(_) => true,
        syn::Type::Paren(p) => is_array_type(&p.elem),
        // A tuple or an `Option` holding an array is copied like one.
        syn::Type::Tuple(t) => t.elems.iter().any(is_array_type),
        syn::Type::Path(p) => p.path.segments.last().is_some_and(|s| {
            s.ident == "Option"
                && matches!(&s.arguments, syn::PathArguments::AngleBracketed(a)
                    if matches!(a.args.first(), Some(syn::GenericArgument::Type(t)) if is_array_type(t)))
        }),
        _ => false,
    }
}
