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
//! `panic`, `panic_assert_failed`).
//!
//! Types are not known here: unsuffixed literals are left to
//! `annotator::typeck`, as rustc leaves them to its type inference.

use super::error::{pos_of, unsupported, R};
use super::model::*;
use super::scope::ModuleScope;
use crate::ty::{IntTy, StructId, Ty};
use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{BinOp, Expr, Pat, Stmt, UnOp};

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
    /// An item of a list (`for x in v.iter_mut()`, `let r = &mut v[i];`):
    /// `value` is the index and the list is the local at this position.
    /// Reading the local reads the item; assigning it (or `*x`) sets it.
    item_of: Option<usize>,
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
        }
    }

    fn parse_type(&self, ty: &syn::Type) -> R<Ty> {
        self.scope.parse_type(ty, self.self_ty.as_ref())
    }

    fn build_fn(mut self, sig: &syn::Signature, body: &syn::Block) -> R<FunctionGraph> {
        let start = self.g.startblock;
        for (i, input) in sig.inputs.iter().enumerate() {
            let var = self.g.blocks[start].inputargs[i];
            let pt = match input {
                syn::FnArg::Typed(pt) => pt,
                syn::FnArg::Receiver(_) => {
                    self.g.vars[var].name = Some("self".into());
                    self.env.push(Local {
                        name: "self".into(),
                        value: Value::Var(var),
                        guard: false,
                        array: false,
                        item_of: None,
                    });
                    continue;
                }
            };
            match &*pt.pat {
                Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                    let name = pi.ident.to_string();
                    self.g.vars[var].name = Some(name.clone());
                    let array = is_array_type(&pt.ty);
                    self.env.push(Local { name, value: Value::Var(var), guard: false, array, item_of: None });
                }
                Pat::Wild(_) => self.env.push(Local {
                    name: "#_".into(),
                    value: Value::Var(var),
                    guard: false,
                    array: false,
                    item_of: None,
                }),
                other => {
                    return Err(unsupported(
                        other,
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
            let ret_ty = self.g.ret_ty.clone();
            let v = self.ascribe(v, ret_ty, None);
            self.link_to(self.g.returnblock, 0, vec![v], None);
        }
        self.check_jit_markers()?;
        super::checkgraph::checkgraph(&self.g, false);
        Ok(self.g)
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

    /// Keeps `v` alive across the blocks that follow as a hidden local (a
    /// value of one block cannot be used in another); returns its slot.
    fn hold(&mut self, v: Value) -> usize {
        self.env.push(Local { name: "#held".into(), value: v, guard: false, array: false, item_of: None });
        self.env.len() - 1
    }

    fn held(&self, slot: usize) -> Value {
        self.env[slot].value.clone()
    }

    fn lookup(&self, name: &str) -> Option<usize> {
        self.env.iter().rposition(|l| l.name == name)
    }

    fn lookup_local(&self, name: &str) -> Option<&Local> {
        self.lookup(name).map(|i| &self.env[i])
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

    // ---- statements and blocks ----

    fn block(&mut self, b: &syn::Block) -> R<Option<Value>> {
        let saved = self.env.len();
        let mut last = Some(unit());
        for (i, stmt) in b.stmts.iter().enumerate() {
            if self.cur.is_none() {
                break;
            }
            let is_tail = i + 1 == b.stmts.len();
            last = match stmt {
                Stmt::Local(l) => {
                    self.local(l)?;
                    Some(unit())
                }
                Stmt::Expr(e, semi) => {
                    let v = self.expr(e)?;
                    if semi.is_some() || !is_tail {
                        v.map(|_| unit())
                    } else {
                        v
                    }
                }
                Stmt::Macro(m) => {
                    let v = self.macro_call(&m.mac)?;
                    if m.semi_token.is_some() || !is_tail {
                        v.map(|_| unit())
                    } else {
                        v
                    }
                }
                Stmt::Item(item) => {
                    return Err(unsupported(
                        item,
                        "an item inside a function",
                        "items must be at module level",
                        "move it to the module",
                    ))
                }
            };
        }
        if self.cur.is_none() {
            last = None;
        }
        self.env.truncate(saved.min(self.env.len()));
        Ok(last)
    }

    fn local(&mut self, l: &syn::Local) -> R<()> {
        let Some(init) = &l.init else {
            return Err(unsupported(
                l,
                "a `let` without initializer",
                "every local needs a value where it is declared",
                "initialize it, e.g. `let x = if c { a } else { b };`",
            ));
        };
        // `let b = c.borrow_mut();` (or `borrow()`): `b` stands for the cell's value.
        if let (Pat::Ident(pi), Expr::MethodCall(m), None) = (&l.pat, &*init.expr, &init.diverge) {
            if (m.method == "borrow_mut" || m.method == "borrow") && m.args.is_empty() && pi.subpat.is_none() {
                let Some(cell) = self.expr(&m.receiver)? else { return Ok(()) };
                self.env.push(Local {
                    name: pi.ident.to_string(),
                    value: cell,
                    guard: true,
                    array: false,
                    item_of: None,
                });
                return Ok(());
            }
        }
        // `let r = &mut v[i];`: `r` stands for the item.
        if let (Pat::Ident(pi), Expr::Reference(r), None) = (&l.pat, &*init.expr, &init.diverge) {
            if let (Some(_), Expr::Index(ix), None) = (r.mutability, &*r.expr, &pi.subpat) {
                if !matches!(&*ix.index, Expr::Range(_)) {
                    let Some(operands) = self.exprs([&*ix.expr, &*ix.index])? else { return Ok(()) };
                    let pos = Some(pos_of(ix.bracket_token.span.open()));
                    // The index is checked here, as Rust's `&mut v[i]` is
                    // (the item read is otherwise unused).
                    self.emit("getitem", operands.clone(), pos);
                    let index = operands[1].clone();
                    let list = self.hold(operands[0].clone());
                    let name = pi.ident.to_string();
                    self.env.push(Local { name, value: index, guard: false, array: false, item_of: Some(list) });
                    return Ok(());
                }
            }
        }
        let Some(v) = self.operand(&init.expr)? else { return Ok(()) };
        match &init.diverge {
            None => {
                self.bind_irrefutable(&l.pat, v)?;
                // `let b = [0; 4];`, `let b: [i64; 2] = ..`, `let b = a;` of an array.
                let array = match &l.pat {
                    Pat::Ident(pi) => pi.subpat.is_none() && self.makes_array(&init.expr),
                    Pat::Type(pt) => is_array_type(&pt.ty),
                    _ => false,
                };
                if array {
                    self.env.last_mut().unwrap().array = true;
                }
                Ok(())
            }
            Some((_, else_expr)) => {
                let n = self.env.len();
                let fail = self.new_block(n, 0);
                self.pattern(&l.pat, v, fail, n)?;
                let cont_cur = self.cur;
                let cont_env = self.env.clone();
                self.enter(fail, n);
                if self.expr(else_expr)?.is_some() {
                    return Err(unsupported(
                        else_expr,
                        "a `let ... else` block that does not diverge",
                        "rustc requires it to diverge",
                        "",
                    ));
                }
                self.cur = cont_cur;
                self.env = cont_env;
                Ok(())
            }
        }
    }

    /// Binds an irrefutable pattern (`let` and `for`).
    fn bind_irrefutable(&mut self, pat: &Pat, v: Value) -> R<()> {
        match pat {
            Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                self.env.push(Local {
                    name: pi.ident.to_string(),
                    value: v,
                    guard: false,
                    array: false,
                    item_of: None,
                });
                Ok(())
            }
            Pat::Type(pt) => {
                let ty = self.parse_type(&pt.ty)?;
                let v = self.ascribe(v, ty, Some(pos_of(pt.span())));
                self.bind_irrefutable(&pt.pat, v)
            }
            Pat::Wild(_) => Ok(()),
            Pat::Tuple(t) => {
                for (i, p) in t.elems.iter().enumerate() {
                    if matches!(p, Pat::Rest(_)) {
                        return Err(unsupported(
                            p,
                            "`..` in a tuple pattern",
                            "not translated yet",
                            "name every element",
                        ));
                    }
                    let item = self.emit("getitem", vec![v.clone(), meta_index(i)], None);
                    self.bind_irrefutable(p, item)?;
                }
                Ok(())
            }
            Pat::Paren(p) => self.bind_irrefutable(&p.pat, v),
            Pat::Reference(r) => self.bind_irrefutable(&r.pat, v),
            Pat::Struct(ps) => {
                self.struct_path(&ps.path)?;
                for fp in &ps.fields {
                    let item = self.emit("getattr", vec![v.clone(), meta_str(member_name(&fp.member))], None);
                    self.bind_irrefutable(&fp.pat, item)?;
                }
                Ok(())
            }
            Pat::TupleStruct(ts) if !ts.path.is_ident("Some") => {
                self.struct_path(&ts.path)?;
                for (i, p) in ts.elems.iter().enumerate() {
                    let item = self.emit("getattr", vec![v.clone(), meta_str(i.to_string())], None);
                    self.bind_irrefutable(p, item)?;
                }
                Ok(())
            }
            other => Err(unsupported(
                other,
                "this pattern in `let`",
                "not translated yet",
                "bind a name or a tuple of names",
            )),
        }
    }

    // ---- patterns ----

    /// Tests `v` against `pat`, binding its names; on mismatch, links to
    /// `fail` with the first `fail_n` locals.
    fn pattern(&mut self, pat: &Pat, v: Value, fail: BlockId, fail_n: usize) -> R<()> {
        match pat {
            Pat::Wild(_) => Ok(()),
            Pat::Ident(pi) => {
                if pi.by_ref.is_some() {
                    return Err(unsupported(
                        pi,
                        "a `ref` binding",
                        "references are not translated yet",
                        "bind by value",
                    ));
                }
                let name = pi.ident.to_string();
                // syn parses a lone `None` as a binding; it is the variant
                // (else `None => None` would pass the scrutinee on, typed as
                // the wrong `Option`).
                if pi.subpat.is_none() && name == "None" {
                    let cond = self.emit("is_some", vec![v], None);
                    self.continue_if(cond, false, fail, fail_n);
                    return Ok(());
                }
                if pi.subpat.is_none() && self.scope.consts.contains_key(&name) {
                    // A constant used as a pattern compares by value.
                    let c = self.path_value(&name, pat)?;
                    let cond = self.emit("eq", vec![v, c], None);
                    self.continue_if(cond, true, fail, fail_n);
                    return Ok(());
                }
                // `name @ sub`: the value is carried through `sub`'s tests.
                let v = match &pi.subpat {
                    Some((_, sub)) => {
                        let h = self.hold(v);
                        self.pattern(sub, self.held(h), fail, fail_n)?;
                        self.held(h)
                    }
                    None => v,
                };
                self.env.push(Local { name, value: v, guard: false, array: false, item_of: None });
                Ok(())
            }
            Pat::Lit(l) => {
                let c = self.lit(&l.lit)?;
                let cond = self.emit("eq", vec![v, c], Some(pos_of(l.span())));
                self.continue_if(cond, true, fail, fail_n);
                Ok(())
            }
            Pat::Range(r) => {
                let h = self.hold(v);
                if let Some(start) = &r.start {
                    let s = self.pattern_bound(start)?;
                    let cond = self.emit("ge", vec![self.held(h), s], None);
                    self.continue_if(cond, true, fail, fail_n);
                }
                if let Some(end) = &r.end {
                    let e = self.pattern_bound(end)?;
                    let op = match r.limits {
                        syn::RangeLimits::Closed(_) => "le",
                        syn::RangeLimits::HalfOpen(_) => "lt",
                    };
                    let cond = self.emit(op, vec![self.held(h), e], None);
                    self.continue_if(cond, true, fail, fail_n);
                }
                Ok(())
            }
            Pat::Or(o) => {
                let h = self.hold(v);
                let n = self.env.len();
                let matched = self.new_block(n, 0);
                let count = o.cases.len();
                for (i, case) in o.cases.iter().enumerate() {
                    if pattern_binds(case) {
                        return Err(unsupported(
                            case,
                            "bindings inside an or-pattern",
                            "not translated yet",
                            "bind after matching, or split the arm",
                        ));
                    }
                    if i + 1 == count {
                        self.pattern(case, self.held(h), fail, fail_n)?;
                    } else {
                        // A value that matches the whole may not match this case.
                        let assumed = std::mem::replace(&mut self.assume_match, false);
                        let next = self.new_block(n, 0);
                        let built = self.pattern(case, self.held(h), next, n);
                        self.assume_match = assumed;
                        built?;
                        self.link_to(matched, n, vec![], None);
                        self.enter(next, n);
                    }
                }
                self.link_to(matched, n, vec![], None);
                self.enter(matched, n);
                Ok(())
            }
            Pat::Tuple(t) => {
                let h = self.hold(v);
                for (i, p) in t.elems.iter().enumerate() {
                    if matches!(p, Pat::Rest(_)) {
                        return Err(unsupported(
                            p,
                            "`..` in a tuple pattern",
                            "not translated yet",
                            "use `_` for each element",
                        ));
                    }
                    let item = self.emit("getitem", vec![self.held(h), meta_index(i)], None);
                    self.pattern(p, item, fail, fail_n)?;
                }
                Ok(())
            }
            Pat::TupleStruct(ts) if (ts.path.is_ident("Ok") || ts.path.is_ident("Err")) && ts.elems.len() == 1 => {
                let h = self.hold(v);
                let cond = self.emit("is_ok", vec![self.held(h)], None);
                let ok = ts.path.is_ident("Ok");
                self.continue_if(cond, ok, fail, fail_n);
                let payload = self.emit(if ok { "ok_payload" } else { "err_payload" }, vec![self.held(h)], None);
                self.pattern(&ts.elems[0], payload, fail, fail_n)
            }
            Pat::TupleStruct(ts) if ts.path.is_ident("Some") && ts.elems.len() == 1 => {
                let h = self.hold(v);
                let cond = self.emit("is_some", vec![self.held(h)], None);
                self.continue_if(cond, true, fail, fail_n);
                let payload = self.emit("some_payload", vec![self.held(h)], None);
                self.pattern(&ts.elems[0], payload, fail, fail_n)
            }
            Pat::Struct(ps) if self.variant_of(&ps.path).is_some() => {
                let payload = self.variant_test(&ps.path, v, fail, fail_n);
                let h = self.hold(payload);
                for fp in &ps.fields {
                    let member = member_name(&fp.member);
                    let item = self.emit("getattr", vec![self.held(h), meta_str(member)], None);
                    self.pattern(&fp.pat, item, fail, fail_n)?;
                }
                Ok(())
            }
            Pat::TupleStruct(ts) if self.variant_of(&ts.path).is_some() => {
                let vs = self.variant_of(&ts.path).unwrap();
                let payload = self.variant_test(&ts.path, v, fail, fail_n);
                let h = self.hold(payload);
                for (i, p) in self.tuple_fields(&ts.elems, self.scope.struct_fields(vs).len())? {
                    let item = self.emit("getattr", vec![self.held(h), meta_str(i.to_string())], None);
                    self.pattern(p, item, fail, fail_n)?;
                }
                Ok(())
            }
            Pat::Path(p) if self.variant_of(&p.path).is_some() => {
                self.variant_test(&p.path, v, fail, fail_n);
                Ok(())
            }
            Pat::Struct(ps) => {
                if let Some(rest) = &ps.rest {
                    if rest.attrs.is_empty() && ps.fields.is_empty() {
                        return Ok(());
                    }
                }
                self.struct_path(&ps.path)?;
                let h = self.hold(v);
                for fp in &ps.fields {
                    let member = member_name(&fp.member);
                    let item = self.emit("getattr", vec![self.held(h), meta_str(member)], None);
                    self.pattern(&fp.pat, item, fail, fail_n)?;
                }
                Ok(())
            }
            Pat::TupleStruct(ts) if !["Some", "Ok", "Err"].iter().any(|n| ts.path.is_ident(n)) => {
                let n = match self.struct_path(&ts.path)? {
                    Ty::Struct(sid) => self.scope.struct_fields(sid).len(),
                    _ => ts.elems.len(),
                };
                let h = self.hold(v);
                for (i, p) in self.tuple_fields(&ts.elems, n)? {
                    let item = self.emit("getattr", vec![self.held(h), meta_str(i.to_string())], None);
                    self.pattern(p, item, fail, fail_n)?;
                }
                Ok(())
            }
            Pat::Path(p) => {
                let c = self.path_expr(&p.path, pat)?;
                let cond = self.emit("eq", vec![v, c], None);
                self.continue_if(cond, true, fail, fail_n);
                Ok(())
            }
            Pat::Paren(p) => self.pattern(&p.pat, v, fail, fail_n),
            Pat::Reference(r) => self.pattern(&r.pat, v, fail, fail_n),
            other => Err(unsupported(
                other,
                "this pattern",
                "not translated yet",
                "use literals, ranges, tuples, `Some`/`None`, `_` and bindings",
            )),
        }
    }

    /// The payload struct of the enum variant a path names (`Expr::Add`,
    /// `Self::Add`), for enums with data.
    fn variant_of(&self, path: &syn::Path) -> Option<StructId> {
        let [ty, v] = path.segments.iter().collect::<Vec<_>>()[..] else { return None };
        self.scope.variant_structs.get(&(self.type_name(&ty.ident.to_string()), v.ident.to_string())).copied()
    }

    /// Tests that `v`, a value of an enum with data, is the variant `path`
    /// names (else links to `fail`); its payload.
    fn variant_test(&mut self, path: &syn::Path, v: Value, fail: BlockId, fail_n: usize) -> Value {
        let vs = meta_type(Ty::Struct(self.variant_of(path).unwrap()));
        let h = self.hold(v);
        let cond = self.emit("variant_is", vec![self.held(h), vs.clone()], None);
        self.continue_if(cond, true, fail, fail_n);
        self.emit("variant_payload", vec![self.held(h), vs], None)
    }

    /// The field index of each element of a tuple-struct pattern with `n`
    /// fields (a `..` stands for the ones not named).
    fn tuple_fields<'p>(
        &self,
        elems: &'p syn::punctuated::Punctuated<Pat, syn::Token![,]>,
        n: usize,
    ) -> R<Vec<(usize, &'p Pat)>> {
        let rest = elems.iter().position(|p| matches!(p, Pat::Rest(_)));
        let named = elems.len() - rest.is_some() as usize;
        if named > n || (rest.is_none() && named != n) {
            return Err(syn::Error::new_spanned(
                elems,
                format!("rpy: this pattern has {named} fields, the variant {n}"),
            ));
        }
        Ok(elems
            .iter()
            .enumerate()
            .filter(|(_, p)| !matches!(p, Pat::Rest(_)))
            .map(|(i, p)| match rest {
                Some(r) if i > r => (n - (elems.len() - i), p),
                _ => (i, p),
            })
            .collect())
    }

    fn pattern_bound(&mut self, e: &Expr) -> R<Value> {
        match e {
            Expr::Lit(l) => self.lit(&l.lit),
            Expr::Path(p) => self.path_expr(&p.path, e),
            _ => Err(unsupported(e, "this range pattern bound", "bounds must be literals or constants", "")),
        }
    }

    // ---- expressions ----

    fn expr(&mut self, e: &Expr) -> R<Option<Value>> {
        let pos = Some(pos_of(e.span()));
        Ok(Some(match e {
            Expr::Lit(l) => self.lit(&l.lit)?,
            Expr::Paren(p) => return self.expr(&p.expr),
            Expr::Group(g) => return self.expr(&g.expr),
            Expr::Path(p) => {
                if p.qself.is_some() {
                    return Err(unsupported(e, "a qualified path", "not translated", ""));
                }
                self.path_expr(&p.path, e)?
            }
            Expr::Block(b) => {
                if let Some(l) = &b.label {
                    return Err(unsupported(
                        l,
                        "a labeled block",
                        "not translated yet",
                        "use a labeled `loop` with `break`",
                    ));
                }
                return self.block(&b.block);
            }
            Expr::Unsafe(u) => {
                return Err(unsupported(
                    &u.unsafe_token,
                    "`unsafe`",
                    "translated programs are safe Rust, and the toolchain cannot check what `unsafe` code does",
                    "write it without `unsafe`",
                ))
            }
            Expr::Binary(b) => return self.binary(b),
            Expr::Unary(u) => {
                if let (UnOp::Neg(_), Expr::Lit(l)) = (&u.op, &*u.expr) {
                    return Ok(Some(self.neg_lit(&l.lit)?));
                }
                // `*b"..."`: an array of its own, which may be written to.
                if let (UnOp::Deref(_), Expr::Lit(syn::ExprLit { lit: syn::Lit::ByteStr(s), .. })) = (&u.op, &*u.expr) {
                    return Ok(Some(self.byte_list(s)));
                }
                let Some(v) = self.expr(&u.expr)? else { return Ok(None) };
                match u.op {
                    UnOp::Neg(_) => self.emit("neg", vec![v], pos),
                    UnOp::Not(_) => self.emit("invert", vec![v], pos),
                    // Shared references are their values; `*rc` is the value
                    // behind an `Rc` (`(*rc).clone()` clones it).
                    UnOp::Deref(_) => self.emit("deref", vec![v], pos),
                    _ => return Err(unsupported(&u.op, "this operator", "it is outside the dialect", "")),
                }
            }
            Expr::Cast(c) => {
                let ty = self.parse_type(&c.ty)?;
                if ty.has_infer() {
                    return Err(unsupported(
                        &c.ty,
                        "a cast to `_`",
                        "the target of a cast is not inferred",
                        "write the type",
                    ));
                }
                let v = match (&*c.expr, &ty) {
                    // rustc types a literal directly under `as` with the target type.
                    (Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }), Ty::Int(it)) if i.suffix().is_empty() => {
                        int_const(parse_int(i)?, *it, i)?
                    }
                    _ => match self.expr(&c.expr)? {
                        Some(v) => v,
                        None => return Ok(None),
                    },
                };
                self.emit("cast", vec![v, Value::Const(Constant::meta(ConstValue::Type(ty)))], pos)
            }
            Expr::Tuple(t) => {
                if t.elems.is_empty() {
                    unit()
                } else {
                    let Some(items) = self.operands(&t.elems, 0)? else { return Ok(None) };
                    self.emit("newtuple", items, pos)
                }
            }
            Expr::Field(f) => {
                let Some(v) = self.expr(&f.base)? else { return Ok(None) };
                // `.0` is a tuple item or a tuple struct's field: typeck decides.
                self.emit("getattr", vec![v, meta_str(member_name(&f.member))], pos)
            }
            Expr::Call(c) => return self.call(c),
            Expr::MethodCall(m) => return self.method_call(m),
            Expr::Macro(m) => return self.macro_call(&m.mac),
            Expr::If(i) => return self.if_expr(i),
            Expr::While(w) => return self.while_expr(w),
            Expr::Loop(l) => return self.loop_expr(l),
            Expr::ForLoop(f) => return self.for_expr(f),
            Expr::Match(m) => return self.match_expr(m),
            Expr::Assign(a) => {
                let Some(v) = self.operand(&a.right)? else { return Ok(None) };
                self.assign(&a.left, v)?;
                unit()
            }
            // `e?`: the `Ok` payload, or return the `Err` from the function.
            Expr::Try(t) => {
                let Some(v) = self.expr(&t.expr)? else { return Ok(None) };
                let n = self.env.len();
                let h = self.hold(v);
                let fail = self.new_block(n + 1, 0);
                // In a function returning an `Option`, `?` is of an `Option`.
                let option = matches!(self.g.ret_ty, Ty::Option(_));
                let cond = self.emit(if option { "is_some" } else { "is_ok" }, vec![self.held(h)], pos);
                self.continue_if(cond, true, fail, n + 1);
                let ok = self.cur;
                let env = self.env.clone();
                self.enter(fail, n + 1);
                let r = if option {
                    let id = self.literal_id();
                    Value::Const(Constant { value: ConstValue::None, ty: ConstTy::Infer(id), concretetype: None })
                } else {
                    let err = self.emit("err_payload", vec![self.held(h)], pos);
                    self.emit("newerr", vec![err], pos)
                };
                let ret_ty = self.g.ret_ty.clone();
                let r = self.ascribe(r, ret_ty, pos);
                self.link_to(self.g.returnblock, 0, vec![r], None);
                self.cur = ok;
                self.env = env;
                let payload = self.emit(if option { "some_payload" } else { "ok_payload" }, vec![self.held(h)], pos);
                self.env.truncate(n);
                return Ok(Some(payload));
            }
            Expr::Return(r) => {
                let v = match &r.expr {
                    Some(e) => match self.expr(e)? {
                        Some(v) => v,
                        None => return Ok(None),
                    },
                    None => unit(),
                };
                let ret_ty = self.g.ret_ty.clone();
                let v = self.ascribe(v, ret_ty, pos);
                self.link_to(self.g.returnblock, 0, vec![v], None);
                self.cur = None;
                return Ok(None);
            }
            Expr::Break(b) => {
                let label = b.label.as_ref().map(|l| l.ident.to_string());
                let i = self.find_loop(label.as_deref(), e)?;
                let v = match &b.expr {
                    Some(x) => match self.expr(x)? {
                        Some(v) => Some(v),
                        None => return Ok(None),
                    },
                    None => None,
                };
                let ctx = &mut self.loops[i];
                ctx.broken = true;
                let (target, n, with_value) = (ctx.break_target, ctx.break_n, ctx.break_with_value);
                let extra = match (with_value, v) {
                    (true, v) => vec![v.unwrap_or_else(unit)],
                    (false, None) => vec![],
                    (false, Some(_)) => {
                        return Err(unsupported(
                            e,
                            "`break` with a value here",
                            "only `loop` can break with a value",
                            "",
                        ))
                    }
                };
                self.link_to(target, n, extra, None);
                self.cur = None;
                return Ok(None);
            }
            Expr::Continue(c) => {
                let label = c.label.as_ref().map(|l| l.ident.to_string());
                let i = self.find_loop(label.as_deref(), e)?;
                let (target, n) = (self.loops[i].continue_target, self.loops[i].continue_n);
                self.link_to(target, n, vec![], None);
                self.cur = None;
                return Ok(None);
            }
            Expr::Closure(c) => {
                return Err(unsupported(
                    &c.or1_token,
                    "a closure",
                    "closures that are stored, escape or capture are outside the dialect",
                    "write a named `fn` and pass the captured values as arguments",
                ))
            }
            // A shared reference to a value is the value (see `parse_type`).
            Expr::Reference(r) if r.mutability.is_none() => return self.expr(&r.expr),
            // `&mut x` is `x` for a GC object; the rtyper rejects it for values.
            Expr::Reference(r) => {
                if let Expr::Index(i) = &*r.expr {
                    if let Expr::Range(range) = &*i.index {
                        return Err(unsupported(
                            range,
                            "a mutable slice of a range",
                            "a slice by a range is a copy in the translated program, so writes through it would be lost",
                            "index the whole `Vec` with an offset",
                        ));
                    }
                }
                let Some(v) = self.expr(&r.expr)? else { return Ok(None) };
                self.emit("ref_mut", vec![v], pos)
            }
            Expr::Struct(st) => return self.struct_literal(st),
            Expr::Index(i) if matches!(&*i.index, Expr::Range(_)) => {
                let Expr::Range(range) = &*i.index else { unreachable!() };
                return self.slice(&i.expr, range, pos_of(i.bracket_token.span.open()));
            }
            Expr::Index(i) => {
                let Some(operands) = self.exprs([&*i.expr, &*i.index])? else { return Ok(None) };
                // Rust reports an index out of bounds at the `[`.
                self.emit("getitem", operands, Some(pos_of(i.bracket_token.span.open())))
            }
            Expr::Array(a) => {
                let Some(items) = self.operands(&a.elems, 0)? else { return Ok(None) };
                self.emit("newlist", items, pos)
            }
            Expr::Repeat(r) => {
                let Some(operands) = self.exprs([&*r.expr, &*r.len])? else { return Ok(None) };
                self.emit("newlist_repeat", operands, pos)
            }
            Expr::Let(l) => {
                return Err(unsupported(
                    l,
                    "a `let` expression here",
                    "`let` conditions are supported directly in `if` and `while`",
                    "",
                ))
            }
            Expr::Range(r) => {
                return Err(unsupported(
                    r,
                    "a range as a value",
                    "ranges are supported only as `for` loop iterables",
                    "use `for i in a..b`",
                ))
            }
            other => return Err(unsupported(other, "this expression", "it is outside the dialect", "")),
        }))
    }

    /// Evaluates operands left to right. An operand may contain control
    /// flow (`a + if c { 1 } else { 2 }`), which moves evaluation to another
    /// block, so the earlier results are held as hidden locals until all are
    /// computed. `None` if one diverges.
    fn exprs<'e>(&mut self, es: impl IntoIterator<Item = &'e Expr>) -> R<Option<Vec<Value>>> {
        self.operands(es, usize::MAX)
    }

    /// The values of `es`, the ones from `first` on used by value (a
    /// call's arguments after its receiver: see `operand`).
    fn operands<'e>(&mut self, es: impl IntoIterator<Item = &'e Expr>, first: usize) -> R<Option<Vec<Value>>> {
        let saved = self.env.len();
        let mut slots = Vec::new();
        for (i, e) in es.into_iter().enumerate() {
            let v = if i >= first { self.operand(e)? } else { self.expr(e)? };
            let Some(v) = v else {
                self.env.truncate(saved);
                return Ok(None);
            };
            slots.push(self.hold(v));
        }
        let values = slots.iter().map(|&s| self.held(s)).collect();
        self.env.truncate(saved);
        Ok(Some(values))
    }

    /// `e` used by value: bound, assigned, passed, stored or returned.
    fn operand(&mut self, e: &Expr) -> R<Option<Value>> {
        let Some(v) = self.expr(e)? else { return Ok(None) };
        Ok(Some(self.copied(e, v)))
    }

    /// The value `v` of `e`, copied if `e` is a place Rust copies: an
    /// array (a local made as one, any field or item: moving out of those
    /// is only allowed when nothing uses the place again, so a copy is
    /// never wrong). A `Copy` struct holding arrays is copied whatever the
    /// place. `copy_value(v, may_be_array)` is resolved by type inference:
    /// a clone of a list, else the value itself.
    fn copied(&mut self, e: &Expr, v: Value) -> Value {
        if !self.copies {
            return v;
        }
        let array = match e {
            Expr::Path(p) => match p.path.get_ident().and_then(|i| self.lookup_local(&i.to_string())) {
                Some(l) if l.array => true,
                Some(l) if !l.guard && self.scope.copy_structs_hold_arrays => false,
                _ => return v,
            },
            Expr::Field(_) | Expr::Index(_) => true,
            Expr::Paren(p) => return self.copied(&p.expr, v),
            _ => return v,
        };
        let flag = Value::Const(Constant::meta(ConstValue::Bool(array)));
        self.emit("copy_value", vec![v, flag], None)
    }

    /// A new list of the bytes of a byte string literal.
    fn byte_list(&mut self, s: &syn::LitByteStr) -> Value {
        let bytes = s.value().iter().map(|b| Value::Const(Constant::int(*b as i128, IntTy::U8))).collect();
        self.emit("newlist", bytes, Some(pos_of(s.span())))
    }

    fn lit(&mut self, lit: &syn::Lit) -> R<Value> {
        Ok(match lit {
            syn::Lit::Int(i) => {
                let v = parse_int(i)?;
                match i.suffix() {
                    "" => {
                        let id = self.literal_id();
                        Value::Const(Constant { value: ConstValue::Int(v), ty: ConstTy::Infer(id), concretetype: None })
                    }
                    s => match IntTy::from_name(s) {
                        Some(t) => int_const(v, t, i)?,
                        None if s == "f64" => Value::Const(Constant::new(ConstValue::Float(v as f64), Ty::F64)),
                        None => {
                            return Err(unsupported(i, &format!("the literal suffix `{s}`"), "not a dialect type", ""))
                        }
                    },
                }
            }
            syn::Lit::Float(f) => {
                if !matches!(f.suffix(), "" | "f64") {
                    return Err(unsupported(
                        f,
                        "an `f32` literal",
                        "the dialect's only float type is `f64`",
                        "use `f64`",
                    ));
                }
                let v: f64 = f.base10_parse()?;
                Value::Const(Constant::new(ConstValue::Float(v), Ty::F64))
            }
            syn::Lit::Bool(b) => Value::Const(Constant::bool(b.value)),
            syn::Lit::Char(c) => Value::Const(Constant::new(ConstValue::Char(c.value()), Ty::Char)),
            syn::Lit::Byte(b) => Value::Const(Constant::int(b.value() as i128, IntTy::U8)),
            syn::Lit::Str(s) => Value::Const(Constant::new(ConstValue::Str(s.value()), Ty::Str)),
            // `&[u8; N]`, never written to: the bytes of a prebuilt string
            // when they are UTF-8 (a string is represented as its bytes).
            syn::Lit::ByteStr(s) => match String::from_utf8(s.value()) {
                Ok(text) => {
                    let c = Value::Const(Constant::new(ConstValue::Str(text), Ty::Str));
                    self.emit("str_bytes", vec![c], Some(pos_of(s.span())))
                }
                Err(_) => self.byte_list(s),
            },
            syn::Lit::CStr(_) => {
                return Err(unsupported(
                    lit,
                    "a C string literal",
                    "C strings are for FFI, which the dialect has not",
                    "use a string literal",
                ))
            }
            other => return Err(unsupported(other, "this literal", "it is outside the dialect", "")),
        })
    }

    fn neg_lit(&mut self, lit: &syn::Lit) -> R<Value> {
        // `-128i8`: the range check is of the negated value.
        if let syn::Lit::Int(i) = lit {
            if let Some(t) = IntTy::from_name(i.suffix()) {
                return int_const(-parse_int(i)?, t, i);
            }
        }
        match self.lit(lit)? {
            Value::Const(mut c) => {
                c.value = match c.value {
                    ConstValue::Int(v) => ConstValue::Int(-v),
                    ConstValue::Float(v) => ConstValue::Float(-v),
                    _ => return Err(unsupported(lit, "negating this literal", "only numbers can be negated", "")),
                };
                Ok(Value::Const(c))
            }
            Value::Var(_) => unreachable!(),
        }
    }

    fn path_expr(&mut self, path: &syn::Path, tokens: &dyn ToTokens) -> R<Value> {
        let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segs.len() == 1 {
            return self.path_value(&segs[0], tokens);
        }
        if segs.len() == 2 {
            let key = (self.type_name(&segs[0]), segs[1].clone());
            if let Some(&g) = self.scope.assoc.get(&key) {
                // An associated function used as a value; an associated constant.
                if self.scope.fn_types.contains_key(&g) {
                    return Ok(self.fn_value(g));
                }
                return Ok(self.emit("simple_call", vec![meta_func(g)], None));
            }
            if let Some(vs) = self.variant_of(path) {
                if !self.scope.struct_fields(vs).is_empty() {
                    return Err(unsupported(
                        tokens,
                        "a variant's constructor used as a value",
                        "function pointers to constructors are not translated",
                        "construct the value where it is needed",
                    ));
                }
                return Ok(self.emit("newvariant", vec![meta_type(Ty::Struct(vs))], Some(pos_of(tokens.span()))));
            }
            if let Some(&(e, d)) = self.scope.variants.get(&key) {
                return Ok(Value::Const(Constant::new(ConstValue::Int(d), Ty::Enum(e))));
            }
        }
        let segs: Vec<&str> = segs.iter().map(String::as_str).collect();
        let tail = match segs.as_slice() {
            ["std" | "core", "f64", "consts", c] | ["f64", "consts", c] => {
                let v = match *c {
                    "PI" => std::f64::consts::PI,
                    "E" => std::f64::consts::E,
                    "TAU" => std::f64::consts::TAU,
                    "SQRT_2" => std::f64::consts::SQRT_2,
                    "LN_2" => std::f64::consts::LN_2,
                    "LN_10" => std::f64::consts::LN_10,
                    "FRAC_PI_2" => std::f64::consts::FRAC_PI_2,
                    "FRAC_PI_4" => std::f64::consts::FRAC_PI_4,
                    _ => {
                        return Err(unsupported(
                            tokens,
                            &format!("the constant `f64::consts::{c}`"),
                            "not known to rpy",
                            "",
                        ))
                    }
                };
                return Ok(Value::Const(Constant::new(ConstValue::Float(v), Ty::F64)));
            }
            ["std" | "core", ty, c] | [ty, c] => (*ty, *c),
            _ => {
                return Err(unsupported(
                    tokens,
                    "this path",
                    "only the module's own items and the constants of primitive types are in scope",
                    "",
                ))
            }
        };
        let (ty, c) = tail;
        if let Some(it) = IntTy::from_name(ty) {
            let (min, max) = it.min_max();
            let v = match c {
                "MAX" => max,
                "MIN" => min,
                "BITS" => return Ok(Value::Const(Constant::int(it.bits() as i128, IntTy::U32))),
                _ => return Err(unsupported(tokens, &format!("`{ty}::{c}`"), "not known to rpy", "")),
            };
            return int_const(v, it, tokens);
        }
        if ty == "f64" {
            let v = match c {
                "NAN" => f64::NAN,
                "INFINITY" => f64::INFINITY,
                "NEG_INFINITY" => f64::NEG_INFINITY,
                "EPSILON" => f64::EPSILON,
                "MAX" => f64::MAX,
                "MIN" => f64::MIN,
                "MIN_POSITIVE" => f64::MIN_POSITIVE,
                _ => return Err(unsupported(tokens, &format!("`f64::{c}`"), "not known to rpy", "")),
            };
            return Ok(Value::Const(Constant::new(ConstValue::Float(v), Ty::F64)));
        }
        if ty == "char" && c == "MAX" {
            return Ok(Value::Const(Constant::new(ConstValue::Char(char::MAX), Ty::Char)));
        }
        Err(unsupported(
            tokens,
            "this path",
            "only the module's own items and the constants of primitive types are in scope",
            "",
        ))
    }

    /// Function `g` as a value: a constant function pointer.
    fn fn_value(&self, g: GraphId) -> Value {
        Value::Const(Constant::new(ConstValue::Func(g), self.scope.fn_types[&g].clone()))
    }

    fn path_value(&mut self, name: &str, tokens: &dyn ToTokens) -> R<Value> {
        if let Some(i) = self.lookup(name) {
            let v = self.env[i].value.clone();
            if self.env[i].guard {
                return Ok(self.emit("call_method", vec![meta_str("borrow".into()), v], None));
            }
            if let Some(list) = self.env[i].item_of {
                return Ok(self.emit("getitem", vec![self.env[list].value.clone(), v], None));
            }
            return Ok(v);
        }
        // A unit struct (`struct Marker;`) is its own value.
        if let Some(&s) = self.scope.structs.get(name) {
            if self.scope.struct_fields(s).is_empty() {
                let ty = Value::Const(Constant::meta(ConstValue::Type(Ty::Struct(s))));
                return Ok(self.emit("newstruct", vec![ty], None));
            }
        }
        if let Some(&g) = self.scope.consts.get(name) {
            return Ok(self.emit("simple_call", vec![meta_func(g)], None));
        }
        if name == "None" {
            let id = self.literal_id();
            return Ok(Value::Const(Constant { value: ConstValue::None, ty: ConstTy::Infer(id), concretetype: None }));
        }
        if let Some(&g) = self.scope.fns.get(name) {
            return Ok(self.fn_value(g));
        }
        if self.scope.generic_fns.contains(name) {
            return Err(unsupported(
                tokens,
                "a generic function used as a value",
                "its instance is chosen by the types of a call's arguments",
                "wrap it in a non-generic function",
            ));
        }
        Err(unsupported(
            tokens,
            &format!("`{name}`"),
            "it is not defined inside the module",
            "everything the program uses must be defined inside the module",
        ))
    }

    fn binary(&mut self, b: &syn::ExprBinary) -> R<Option<Value>> {
        let pos = Some(pos_of(b.span()));
        let opname = match b.op {
            BinOp::And(_) | BinOp::Or(_) => return self.short_circuit(b),
            BinOp::Add(_) | BinOp::AddAssign(_) => "add",
            BinOp::Sub(_) | BinOp::SubAssign(_) => "sub",
            BinOp::Mul(_) | BinOp::MulAssign(_) => "mul",
            BinOp::Div(_) | BinOp::DivAssign(_) => "div",
            BinOp::Rem(_) | BinOp::RemAssign(_) => "mod",
            BinOp::BitAnd(_) | BinOp::BitAndAssign(_) => "and_",
            BinOp::BitOr(_) | BinOp::BitOrAssign(_) => "or_",
            BinOp::BitXor(_) | BinOp::BitXorAssign(_) => "xor",
            BinOp::Shl(_) | BinOp::ShlAssign(_) => "lshift",
            BinOp::Shr(_) | BinOp::ShrAssign(_) => "rshift",
            BinOp::Eq(_) => "eq",
            BinOp::Ne(_) => "ne",
            BinOp::Lt(_) => "lt",
            BinOp::Le(_) => "le",
            BinOp::Gt(_) => "gt",
            BinOp::Ge(_) => "ge",
            _ => return Err(unsupported(&b.op, "this operator", "it is outside the dialect", "")),
        };
        let compound = matches!(
            b.op,
            BinOp::AddAssign(_)
                | BinOp::SubAssign(_)
                | BinOp::MulAssign(_)
                | BinOp::DivAssign(_)
                | BinOp::RemAssign(_)
                | BinOp::BitAndAssign(_)
                | BinOp::BitOrAssign(_)
                | BinOp::BitXorAssign(_)
                | BinOp::ShlAssign(_)
                | BinOp::ShrAssign(_)
        );
        let Some(operands) = self.exprs([&*b.left, &*b.right])? else { return Ok(None) };
        let v = self.emit(opname, operands, pos);
        if compound {
            self.assign(&b.left, v)?;
            return Ok(Some(unit()));
        }
        Ok(Some(v))
    }

    /// Stores `v` into a place. A field of a value (tuple or `Copy` struct)
    /// is updated functionally: `setattr` gives the new whole value, which
    /// is stored into the place that held the old one.
    fn assign(&mut self, target: &Expr, v: Value) -> R<()> {
        match target {
            Expr::Path(p) => {
                if let Some(name) = p.path.get_ident() {
                    if let Some(i) = self.lookup(&name.to_string()) {
                        if self.env[i].guard {
                            let cell = self.env[i].value.clone();
                            self.emit("call_method", vec![meta_str("__set".into()), cell, v], Some(pos_of(p.span())));
                        } else if let Some(list) = self.env[i].item_of {
                            let args = vec![self.env[list].value.clone(), self.env[i].value.clone(), v];
                            self.env[list].value = self.emit("setitem", args, Some(pos_of(p.span())));
                        } else {
                            self.env[i].value = v;
                        }
                        return Ok(());
                    }
                }
            }
            Expr::Field(f) => {
                let Some(base) = self.expr(&f.base)? else { return Ok(()) };
                let member = member_name(&f.member);
                let updated = self.emit("setattr", vec![base, meta_str(member), v], Some(pos_of(f.span())));
                return self.assign(&f.base, updated);
            }
            Expr::Index(ix) => {
                let Some(operands) = self.exprs([&*ix.expr, &*ix.index])? else { return Ok(()) };
                let mut args = operands;
                args.push(v);
                let updated = self.emit("setitem", args, Some(pos_of(ix.bracket_token.span.open())));
                return self.assign(&ix.expr, updated);
            }
            Expr::Paren(p) => return self.assign(&p.expr, v),
            // `*map.entry(k).or_insert(d) = v` and `*map.get_mut(&k).unwrap() = v`
            // (and their compound forms): the map's value for `k` becomes `v`.
            Expr::Unary(u) if matches!(u.op, UnOp::Deref(_)) && map_value_place(&u.expr).is_some() => {
                let (map, key) = map_value_place(&u.expr).unwrap();
                let Some(mut args) = self.exprs([map, key])? else { return Ok(()) };
                args.insert(0, meta_str("insert".into()));
                args.push(v);
                self.emit("call_method", args, Some(pos_of(u.span())));
                return Ok(());
            }
            // `*c.borrow_mut() = v` (and `c.borrow_mut().x = v`, whose
            // updated value arrives here): the cell's value becomes `v`.
            Expr::MethodCall(m) if m.method == "borrow_mut" && m.args.is_empty() => {
                let Some(cell) = self.expr(&m.receiver)? else { return Ok(()) };
                self.emit("call_method", vec![meta_str("__set".into()), cell, v], Some(pos_of(m.span())));
                return Ok(());
            }
            // `*b = v` with `b` a `RefCell`'s guard.
            Expr::Unary(u) if matches!(u.op, UnOp::Deref(_)) && self.is_guard_place(&u.expr) => {
                return self.assign(&u.expr, v);
            }
            Expr::Unary(u) if matches!(u.op, UnOp::Deref(_)) => {
                return Err(unsupported(u, "assigning through a reference", "`&mut` is not translated yet", ""))
            }
            _ => {}
        }
        Err(unsupported(target, "assigning to this place", "only locals and their fields can be assigned to yet", ""))
    }

    /// Whether `e` is a `RefCell`'s guard local, a list's item local, or
    /// `c.borrow_mut()`: a place `*e = v` stores into.
    fn is_guard_place(&self, e: &Expr) -> bool {
        match e {
            Expr::Path(p) => p
                .path
                .get_ident()
                .and_then(|name| self.lookup(&name.to_string()))
                .is_some_and(|i| self.env[i].guard || self.env[i].item_of.is_some()),
            Expr::MethodCall(m) => m.method == "borrow_mut" && m.args.is_empty(),
            _ => false,
        }
    }

    /// `std::mem::swap(&mut a, &mut b)` and `std::mem::replace(&mut a, v)`
    /// on places: moves between them (`None` if `c` is neither), and
    /// `std::cmp::max(a, b)`/`min` as the numbers' methods.
    fn mem_call(&mut self, c: &syn::ExprCall) -> R<Option<Option<Value>>> {
        let Expr::Path(p) = &*c.func else { return Ok(None) };
        let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
        let segs: Vec<&str> = segs.iter().map(String::as_str).skip_while(|s| *s == "std").collect();
        let args: Vec<&Expr> = c.args.iter().collect();
        fn place(e: &Expr) -> Option<&Expr> {
            match e {
                Expr::Reference(r) if r.mutability.is_some() => Some(&r.expr),
                _ => None,
            }
        }
        match (segs.as_slice(), args.as_slice()) {
            (["mem", "swap"], [a, b]) => {
                let (Some(a), Some(b)) = (place(a), place(b)) else { return Ok(None) };
                let Some(vs) = self.exprs([a, b])? else { return Ok(Some(None)) };
                self.assign(a, vs[1].clone())?;
                self.assign(b, vs[0].clone())?;
                Ok(Some(Some(unit())))
            }
            (["mem", "replace"], [a, v]) => {
                let Some(a) = place(a) else { return Ok(None) };
                let Some(vs) = self.operands([a, v], 1)? else { return Ok(Some(None)) };
                self.assign(a, vs[1].clone())?;
                Ok(Some(Some(vs[0].clone())))
            }
            (["cmp", name @ ("max" | "min")], [_, _]) => {
                let Some(mut vs) = self.operands(args, 0)? else { return Ok(Some(None)) };
                vs.insert(0, meta_str(name.to_string()));
                Ok(Some(Some(self.emit("call_method", vs, Some(pos_of(c.span()))))))
            }
            _ => Ok(None),
        }
    }

    /// `x[a..b]` of a string or a list, with either bound left out: a new
    /// string or list of those bytes or items (RPython's slices copy too).
    /// Bounds out of range, decreasing, or inside a character panic as in Rust.
    fn slice(&mut self, base: &Expr, range: &syn::ExprRange, pos: Pos) -> R<Option<Value>> {
        let Some(x) = self.expr(base)? else { return Ok(None) };
        let start = match &range.start {
            Some(e) => match self.expr(e)? {
                Some(v) => self.ascribe(v, Ty::Int(IntTy::Usize), None),
                None => return Ok(None),
            },
            None => Value::Const(Constant::int(0, IntTy::Usize)),
        };
        let end = match &range.end {
            Some(e) => {
                let Some(v) = self.expr(e)? else { return Ok(None) };
                let v = self.ascribe(v, Ty::Int(IntTy::Usize), None);
                if matches!(range.limits, syn::RangeLimits::Closed(_)) {
                    let one = Value::Const(Constant::int(1, IntTy::Usize));
                    self.emit("add", vec![v, one], Some(pos))
                } else {
                    v
                }
            }
            None => self.emit("call_method", vec![meta_str("len".into()), x.clone()], None),
        };
        Ok(Some(self.emit("call_method", vec![meta_str("__slice".into()), x, start, end], Some(pos))))
    }

    /// `Point { x: 1, y: 2 }`: fields are evaluated in the order written,
    /// then the struct is built in declaration order.
    fn struct_literal(&mut self, st: &syn::ExprStruct) -> R<Option<Value>> {
        if let Some(rest) = &st.rest {
            return Err(unsupported(rest, "struct update syntax (`..base`)", "not translated yet", "name every field"));
        }
        let variant = self.variant_of(&st.path);
        let ty = match variant {
            Some(vs) => Ty::Struct(vs),
            None => self.struct_path(&st.path)?,
        };
        let sid = match &ty {
            Ty::Struct(sid) => sid,
            t if t.is_template() => &self.scope.data_structs[&ty],
            _ => unreachable!(),
        };
        let names: Vec<String> = st.fields.iter().map(|f| member_name(&f.member)).collect();
        let Some(values) = self.operands(st.fields.iter().map(|f| &f.expr), 0)? else { return Ok(None) };
        let order = self.scope.struct_fields(*sid);
        let mut args = vec![Value::Const(Constant::meta(ConstValue::Type(ty.clone())))];
        for field in &order {
            let i = names
                .iter()
                .position(|n| n == field)
                .ok_or_else(|| syn::Error::new_spanned(&st.path, format!("rpy: missing field `{field}`")))?;
            args.push(values[i].clone());
        }
        let op = if variant.is_some() { "newvariant" } else { "newstruct" };
        Ok(Some(self.emit(op, args, Some(pos_of(st.span())))))
    }

    /// The struct a path names (`Point`, `Self`).
    fn struct_path(&self, path: &syn::Path) -> R<Ty> {
        let name = path.get_ident().map(|i| i.to_string()).unwrap_or_default();
        if name == "Self" {
            if let Some(t) = self.self_ty.as_ref().filter(|t| matches!(t, Ty::Struct(_)) || t.is_template()) {
                return Ok(t.clone());
            }
        }
        match self.scope.structs.get(&name) {
            Some(&s) => Ok(Ty::Struct(s)),
            None => Err(unsupported(path, "this struct", "it is not a struct of the module", "")),
        }
    }

    /// The name of the type a path's first segment names, for associated
    /// items (`Self` resolves to the `impl`'s type).
    fn type_name(&self, segment: &str) -> String {
        match (segment, &self.self_ty) {
            ("Self", Some(t)) => self.scope.type_name(t).unwrap_or_default(),
            _ => segment.to_string(),
        }
    }

    fn short_circuit(&mut self, b: &syn::ExprBinary) -> R<Option<Value>> {
        let is_and = matches!(b.op, BinOp::And(_));
        let Some(l) = self.expr(&b.left)? else { return Ok(None) };
        let n = self.env.len();
        let join = self.new_block(n, 1);
        let rhs = self.new_block(n, 0);
        let blk = self.cur.unwrap();
        self.g.blocks[blk].exitswitch = Some(l);
        // `a && b`: when a is false the result is false without evaluating b.
        self.link_to(join, n, vec![Value::Const(Constant::bool(!is_and))], Some(ConstValue::Bool(!is_and)));
        self.link_to(rhs, n, vec![], Some(ConstValue::Bool(is_and)));
        self.enter(rhs, n);
        if let Some(r) = self.expr(&b.right)? {
            let r = self.ascribe(r, Ty::Bool, None);
            self.link_to(join, n, vec![r], None);
        }
        let extra = self.enter(join, n);
        Ok(Some(extra[0].clone()))
    }

    fn call(&mut self, c: &syn::ExprCall) -> R<Option<Value>> {
        let pos = Some(pos_of(c.span()));
        if let Some(v) = self.mem_call(c)? {
            return Ok(v);
        }
        if let Some(v) = self.jit_call(c)? {
            return Ok(v);
        }
        // A call through a function pointer: a local, or any other expression
        // than a path (`(rule.prefix)(x)`).
        let local = match &*c.func {
            Expr::Path(p) => p.path.get_ident().is_some_and(|i| self.lookup(&i.to_string()).is_some()),
            _ => true,
        };
        if local {
            let Some(f) = self.expr(&c.func)? else { return Ok(None) };
            let h = self.hold(f);
            let Some(args) = self.operands(&c.args, 0)? else { return Ok(None) };
            let mut all = vec![self.held(h)];
            all.extend(args);
            return Ok(Some(self.emit("indirect_call", all, pos)));
        }
        let Expr::Path(p) = &*c.func else { unreachable!() };
        let Some(mut args) = self.operands(&c.args, 0)? else { return Ok(None) };
        let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segs.len() == 1 {
            let name = &segs[0];
            if self.lookup(name).is_none() {
                if let Some(&g) = self.scope.fns.get(name) {
                    let mut all = vec![meta_func(g)];
                    all.extend(args);
                    return Ok(Some(self.emit("simple_call", all, pos)));
                }
                if self.scope.generic_fns.contains(name) {
                    let mut all = vec![meta_str(name.clone())];
                    all.extend(args);
                    return Ok(Some(self.emit("generic_call", all, pos)));
                }
                if name == "Some" && args.len() == 1 {
                    return Ok(Some(self.emit("newsome", args, pos)));
                }
                if (name == "Ok" || name == "Err") && args.len() == 1 {
                    return Ok(Some(self.emit(if name == "Ok" { "newok" } else { "newerr" }, args, pos)));
                }
            }
            if self.scope.structs.contains_key(name) || name == "Self" {
                let ty = self.struct_path(&p.path)?;
                let mut all = vec![Value::Const(Constant::meta(ConstValue::Type(ty)))];
                all.extend(args);
                return Ok(Some(self.emit("newstruct", all, pos)));
            }
        }
        // The std functions of the dialect, by their full or `use`d paths.
        let segs: Vec<String> = match segs.first().map(String::as_str) {
            Some("std") if segs.len() > 2 => segs[1..].to_vec(),
            _ => segs,
        };
        match (segs.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), args.len()) {
            (["fs", "read"], 1) => return Ok(Some(self.emit("fs_read", args, pos))),
            (["fs", "read_to_string"], 1) => return Ok(Some(self.emit("fs_read_to_string", args, pos))),
            (["process", "exit"], 1) => {
                self.emit("process_exit", args, pos);
                return Ok(Some(unit()));
            }
            // `i64::from(x)`, `u32::from(c)`, `char::from(b)`: the lossless
            // conversions, which `as` does the same way.
            ([t @ ("f64" | "char"), "from"], 1) | ([t, "from"], 1)
                if IntTy::from_name(t).is_some() || *t == "f64" || *t == "char" =>
            {
                let ty = match *t {
                    "f64" => Ty::F64,
                    "char" => Ty::Char,
                    t => Ty::Int(IntTy::from_name(t).unwrap()),
                };
                return Ok(Some(self.emit(
                    "cast",
                    vec![args.remove(0), Value::Const(Constant::meta(ConstValue::Type(ty)))],
                    pos,
                )));
            }
            (["Vec", "new"], 0) | (["Vec", "with_capacity"], 1) => return Ok(Some(self.emit("newlist", vec![], pos))),
            (["String", "new"], 0) | (["String", "with_capacity"], 1) => {
                let empty = Value::Const(Constant::new(ConstValue::Str(String::new()), Ty::Str));
                return Ok(Some(self.emit("call_method", vec![meta_str("to_string".into()), empty], pos)));
            }
            (["String", "from"], 1) => {
                let s = args.remove(0);
                return Ok(Some(self.emit("call_method", vec![meta_str("to_string".into()), s], pos)));
            }
            (["HashMap", "new"], 0) | (["HashMap", "with_capacity"], 1) => {
                return Ok(Some(self.emit("newdict", vec![], pos)))
            }
            (["HashSet", "new"], 0) | (["HashSet", "with_capacity"], 1) => {
                return Ok(Some(self.emit("newdict", vec![unit()], pos)))
            }
            // The prelude's views of a string as its bytes and back.
            (["__str_bytes"], 1) => return Ok(Some(self.emit("str_bytes", args, pos))),
            (["__str_from_bytes"], 1) => return Ok(Some(self.emit("str_from_bytes", args, pos))),
            // Rust's own `f64::from_str`, run by the runtime: 0 for a number,
            // 1 for an empty string, 2 for anything else; then its value.
            (["__str_parse_f64_status"], 1) => return Ok(Some(self.emit("parse_f64_status", args, pos))),
            (["__str_parse_f64"], 1) => return Ok(Some(self.emit("parse_f64", args, pos))),
            // std's Unicode case conversions, run by the runtime: 0 for
            // `to_uppercase`, 1 for `to_lowercase`.
            (["__str_convert"], 2) => return Ok(Some(self.emit("str_convert", args, pos))),
            // std's Unicode classes of a char, run by the runtime (see
            // `prelude/char.rs` for the kinds).
            (["__char_class"], 2) => return Ok(Some(self.emit("char_class", args, pos))),
            _ => {}
        }
        if let ([.., kind @ ("Cell" | "RefCell"), "new"], 1) =
            (segs.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), args.len())
        {
            let kind = meta_str(kind.to_string());
            return Ok(Some(self.emit("cell_new", vec![kind, args.remove(0)], pos)));
        }
        match (segs.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), args.len()) {
            ([.., "Rc", "new"], 1) => return Ok(Some(self.emit("rc_new", args, pos))),
            ([.., "Rc", "clone"], 1) => return Ok(Some(self.emit("rc_clone", args, pos))),
            ([.., "Rc", "ptr_eq"], 2) => return Ok(Some(self.emit("rc_ptr_eq", args, pos))),
            ([.., "Rc", other], _) => {
                return Err(unsupported(
                    &p.path,
                    &format!("`Rc::{other}`"),
                    "an `Rc` is a reference to a GC object in rpy: there are no counts and no weak references",
                    "use `Rc::new`, `Rc::clone` and `Rc::ptr_eq`",
                ))
            }
            (["__rc_inner"], 1) => return Ok(Some(self.emit("rc_inner", args, pos))),
            _ => {}
        }
        if segs == ["Box", "new"] && args.len() == 1 {
            return Ok(Some(self.emit("box_new", args, pos)));
        }
        if segs.len() == 2 {
            let key = (self.type_name(&segs[0]), segs[1].clone());
            if let Some(&g) = self.scope.assoc.get(&key) {
                let mut all = vec![meta_func(g)];
                all.extend(args);
                return Ok(Some(self.emit("simple_call", all, pos)));
            }
            if let Some(vs) = self.variant_of(&p.path) {
                let mut all = vec![meta_type(Ty::Struct(vs))];
                all.extend(args);
                return Ok(Some(self.emit("newvariant", all, pos)));
            }
        }
        // `i64::max(a, b)`: a method called through its type.
        if segs.len() == 2 && !args.is_empty() {
            let ty = if let Some(i) = IntTy::from_name(&segs[0]) {
                Some(Ty::Int(i))
            } else if segs[0] == "f64" {
                Some(Ty::F64)
            } else {
                None
            };
            if let Some(ty) = ty {
                let recv = args.remove(0);
                let recv = self.ascribe(recv, ty, pos);
                let mut all = vec![meta_str(segs[1].clone()), recv];
                all.extend(args);
                return Ok(Some(self.emit("call_method", all, pos)));
            }
        }
        Err(unsupported(
            &c.func,
            &format!("calling `{}`", p.path.to_token_stream().to_string().replace(' ', "")),
            "only functions defined inside the module can be called",
            "move the function into the module",
        ))
    }

    /// `v.iter().sum()` (also `max`, `min`, through `.copied()` or
    /// `.cloned()`) and `(a..b).collect()`/`.sum()`: calls of the prelude's
    /// generic `__vec_iter_*`/`__range_*` functions, without an iterator.
    /// `Some(None)` is an unreachable result, `None` another method call.
    fn iterator_consumer(&mut self, m: &syn::ExprMethodCall) -> R<Option<Option<Value>>> {
        let name = m.method.to_string();
        if !m.args.is_empty() || !matches!(name.as_str(), "sum" | "max" | "min" | "collect") {
            return Ok(None);
        }
        let mut recv = &*m.receiver;
        while let Expr::Paren(p) = recv {
            recv = &p.expr;
        }
        if let Expr::Range(range) = recv {
            // Checked before the bounds are evaluated: `None` lets the caller build them.
            if !matches!(name.as_str(), "collect" | "sum") {
                return Ok(None);
            }
            let (Some(a), Some(b)) = (&range.start, &range.end) else {
                return Err(unsupported(range, "an unbounded range here", "it has no end", "give both bounds"));
            };
            let Some(v) = self.exprs([&**a, &**b])? else { return Ok(Some(None)) };
            let (a, mut b) = (v[0].clone(), v[1].clone());
            if matches!(range.limits, syn::RangeLimits::Closed(_)) {
                let id = self.literal_id();
                let one =
                    Value::Const(Constant { value: ConstValue::Int(1), ty: ConstTy::Infer(id), concretetype: None });
                b = self.emit("add", vec![b, one], Some(pos_of(range.span())));
            }
            let f = meta_str(if name == "collect" { "__range_collect" } else { "__range_sum" }.into());
            return Ok(Some(Some(self.emit("generic_call", vec![f, a, b], Some(pos_of(m.method.span()))))));
        }
        if name == "collect" {
            return Ok(None);
        }
        // Strip `.copied()`/`.cloned()`, then require `.iter()`/`.into_iter()`.
        while let Expr::MethodCall(inner) = recv {
            if inner.args.is_empty() && (inner.method == "copied" || inner.method == "cloned") {
                recv = &inner.receiver;
            } else {
                break;
            }
        }
        let Expr::MethodCall(inner) = recv else { return Ok(None) };
        if !inner.args.is_empty() || !(inner.method == "iter" || inner.method == "into_iter") {
            return Ok(None);
        }
        let Some(list) = self.expr(&inner.receiver)? else { return Ok(Some(None)) };
        let call = vec![meta_str(format!("__iter_{name}")), list];
        Ok(Some(Some(self.emit("call_method", call, Some(pos_of(m.method.span()))))))
    }

    /// `s.parse::<T>()`, for an integer type or `f64`: the prelude's
    /// `__parse_int` (one instance per integer type) or `__parse_f64`.
    fn parse(&mut self, m: &syn::ExprMethodCall) -> R<Option<Value>> {
        let pos = Some(pos_of(m.method.span()));
        let target = match &m.turbofish {
            Some(t) if t.args.len() == 1 && !matches!(&t.args[0], syn::GenericArgument::Type(syn::Type::Infer(_))) => {
                match &t.args[0] {
                    syn::GenericArgument::Type(ty) => self.scope.parse_type(ty, None)?,
                    other => return Err(unsupported(other, "this type argument", "", "")),
                }
            }
            // `s.parse()`: type inference picks the parser
            // (`typeck::rewrite_parse`) once the result's type is known.
            _ => {
                let Some(s) = self.expr(&m.receiver)? else { return Ok(None) };
                return Ok(Some(self.emit("parse", vec![s], pos)));
            }
        };
        let Some(s) = self.expr(&m.receiver)? else { return Ok(None) };
        match target {
            Ty::F64 => Ok(Some(self.emit("call_method", vec![meta_str("__parse_f64".into()), s], pos))),
            Ty::Int(it) => {
                let r = self.emit("generic_call", crate::lang_items::parse_int_args(it, s), pos);
                let err = Ty::Struct(self.scope.structs["ParseIntError"]);
                Ok(Some(self.ascribe(r, Ty::Result(Box::new(target), Box::new(err)), pos)))
            }
            other => Err(unsupported(
                &m.turbofish,
                &format!("parsing a `{other}`"),
                "only integers and `f64` are parsed",
                "",
            )),
        }
    }

    fn method_call(&mut self, m: &syn::ExprMethodCall) -> R<Option<Value>> {
        let pos = pos_of(m.method.span());
        // The string methods that return iterators in Rust return lists in
        // the dialect: collecting them is the list itself, counting is `len`.
        if let Some(r) = self.iterator_consumer(m)? {
            return Ok(r);
        }
        // `collect()`: the list itself, or a `String` of its chars or
        // strings (type inference tells: `typeck`'s `collect`).
        if m.method == "collect" && m.args.is_empty() {
            let target = match &m.turbofish {
                Some(t) if t.args.len() == 1 => match &t.args[0] {
                    syn::GenericArgument::Type(ty) => Some(self.parse_type(ty)?),
                    other => return Err(unsupported(other, "this type argument", "", "")),
                },
                _ => None,
            };
            let Some(v) = self.expr(&m.receiver)? else { return Ok(None) };
            let c = self.emit("collect", vec![v], Some(pos));
            return Ok(Some(match target {
                Some(ty) => self.ascribe(c, ty, Some(pos)),
                None => c,
            }));
        }
        if m.method == "count" && m.args.is_empty() {
            let Some(recv) = self.expr(&m.receiver)? else { return Ok(None) };
            return Ok(Some(self.emit("call_method", vec![meta_str("len".into()), recv], Some(pos))));
        }
        if m.method == "parse" && m.args.is_empty() {
            return self.parse(m);
        }
        if let Some(t) = &m.turbofish {
            return Err(unsupported(t, "explicit generic arguments", "generics are not translated yet", ""));
        }
        let name = m.method.to_string();
        // `std::io::stdout().write_all(&bytes)` and `.flush()` (`.unwrap()`
        // of them: writes to stdout do not fail in the dialect's model).
        if let Some((fd_n, inner)) = stdio_call(m) {
            let fd = Value::Const(Constant::int(fd_n, IntTy::I32));
            return match (inner.method.to_string().as_str(), &inner.args.iter().collect::<Vec<_>>()[..]) {
                ("write_all", [bytes]) if fd_n != 0 => {
                    let Some(b) = self.expr(bytes)? else { return Ok(None) };
                    self.emit("stdout_write", vec![fd, b], Some(pos));
                    Ok(Some(unit()))
                }
                ("flush", []) if fd_n != 0 => {
                    self.emit("stdout_flush", vec![fd], Some(pos));
                    Ok(Some(unit()))
                }
                (how @ ("read_line" | "read_to_string" | "read_to_end" | "read"), [target]) if fd_n == 0 => {
                    let Some(target) = self.expr(target)? else { return Ok(None) };
                    Ok(Some(self.emit("stdin_read", vec![meta_str(how.into()), target], Some(pos))))
                }
                _ if fd_n == 0 => Err(unsupported(
                    inner,
                    "this method of stdin",
                    "only `read_line`, `read_to_string`, `read_to_end` and `read` are translated",
                    "",
                )),
                _ => Err(unsupported(
                    inner,
                    "this method of stdout/stderr",
                    "only `write_all` and `flush` are translated",
                    "use `print!` or `write_all`",
                )),
            };
        }
        // `map.entry(k).or_insert(d)`: the value of `k`, inserting `d` first if absent.
        if let (Some((map, key)), "or_insert", [default]) =
            (entry_call(&m.receiver), name.as_str(), &m.args.iter().collect::<Vec<_>>()[..])
        {
            let Some(mut args) = self.exprs([map, key, *default])? else { return Ok(None) };
            args.insert(0, meta_str("get_or".into()));
            return Ok(Some(self.emit("call_method", args, Some(pos))));
        }
        // An unknown method is reported before its arguments (a closure
        // passed to `retain` is not the problem).
        const OWN_ARMS: &[&str] = &[
            "unwrap",
            "expect",
            "unwrap_or",
            "is_some",
            "copied",
            "take",
            "is_ok",
            "is_err",
            "is_none",
            "step_by",
            "rev",
            "iter",
            "into_iter",
            "ok",
            "err",
            "ok_or",
        ];
        if !OWN_ARMS.contains(&name.as_str())
            && crate::methods::method_sig(&name).is_none()
            && crate::methods::list_method_sig(&name).is_none()
            && crate::methods::dict_method_sig(&name).is_none()
            && !crate::methods::CELL_METHODS.contains(&name.as_str())
            && !crate::methods::is_iter_method(&name)
            && !self.scope.method_names.contains(&name)
            && !self.scope.generic_fns.contains(&crate::prelude::vec_fn_name(&name))
        {
            return Err(unsupported(
                &m.method,
                &format!("the method `{name}`"),
                "rpy translates only the dialect's methods: of integers (`checked_*`, `wrapping_*`, `saturating_*`, `abs`, `pow`, `min`, `max`, bit counts, rotations, `rem_euclid`, ...), of `f64`, of `char` and `u8` (ASCII and Unicode classes, `to_digit`, ...), of `Vec`, of strings (`len`, `chars`, `bytes`, `push`, `trim`, `split`, `find`, ...), of `HashMap`/`HashSet`, of `Cell`/`RefCell`, of iterators (`next`, `peek`, `rev`, `enumerate`, ...), and the module's own",
                "write it with supported operations (a loop for `retain`, `map`, `filter`), or as a function of the module",
            ));
        }
        if let Some(e) = desugared_method(m, &name) {
            return self.expr(&e);
        }
        let Some(mut args) = self.operands(std::iter::once(&*m.receiver).chain(&m.args), 1)? else { return Ok(None) };
        let recv = args.remove(0);
        match (name.as_str(), args.len()) {
            // The methods of Option and Result that are control flow: the
            // operand's type decides which (see `typeck::rewrite_unwrap`).
            ("unwrap", 0) | ("expect", 1) | ("unwrap_or", 1) => {
                let n = self.env.len();
                let default = args.pop();
                let h_recv = self.hold(recv);
                let h_default = default.clone().map(|d| self.hold(d));
                let none = self.new_block(self.env.len(), 0);
                let join = self.new_block(n, 1);
                let cond = self.emit("unwrap_test", vec![self.held(h_recv)], Some(pos));
                self.continue_if(cond, true, none, self.env.len());
                let payload = self.emit("unwrap_payload", vec![self.held(h_recv)], Some(pos));
                self.link_to(join, n, vec![payload], None);
                let none_n = self.env.len();
                self.enter(none, none_n);
                let (option_msg, result_msg) = match (name.as_str(), default) {
                    ("unwrap_or", Some(_)) => {
                        let d = self.held(h_default.unwrap());
                        self.link_to(join, n, vec![d], None);
                        let extra = self.enter(join, n);
                        return Ok(Some(extra[0].clone()));
                    }
                    ("expect", Some(Value::Const(Constant { value: ConstValue::Str(s), .. }))) => {
                        let escaped = s.replace('{', "{{").replace('}', "}}");
                        (s, format!("{escaped}: {{__rpy_err:?}}"))
                    }
                    ("expect", _) => {
                        return Err(unsupported(
                            &m.args,
                            "this `expect` argument",
                            "the message must be a string literal",
                            "",
                        ))
                    }
                    _ => (
                        "called `Option::unwrap()` on a `None` value".to_string(),
                        "called `Result::unwrap()` on an `Err` value: {__rpy_err:?}".to_string(),
                    ),
                };
                // `Err(e)`: the message with `e`'s `{:?}` (for an Option, a
                // string that `rewrite_unwrap` leaves unused).
                let err = self.emit("unwrap_err", vec![self.held(h_recv)], Some(pos));
                self.env.push(Local {
                    name: "__rpy_err".into(),
                    value: err,
                    guard: false,
                    array: false,
                    item_of: None,
                });
                let fmt: Expr = syn::parse_quote!(#result_msg);
                let Some(msg) = self.format_args(&fmt, &[], false, None)? else { return Ok(None) };
                self.env.pop();
                let args = vec![self.held(h_recv), msg, meta_str(option_msg), meta_pos(pos)];
                self.emit("unwrap_failed", args, Some(pos));
                self.cur = None;
                let extra = self.enter(join, n);
                Ok(Some(extra[0].clone()))
            }
            ("is_some", 0) => Ok(Some(self.emit("is_some", vec![recv], Some(pos)))),
            // References are values in the dialect: `Option<&T>` is `Option<T>`.
            ("copied", 0) => Ok(Some(recv)),
            // `place.take()`: the old value, and `None` left in the place.
            ("take", 0) => {
                let id = self.literal_id();
                let none =
                    Value::Const(Constant { value: ConstValue::None, ty: ConstTy::Infer(id), concretetype: None });
                let none = self.emit("same_type", vec![none, recv.clone()], Some(pos));
                self.assign(&m.receiver, none)?;
                Ok(Some(recv))
            }
            ("is_ok", 0) => Ok(Some(self.emit("is_ok", vec![recv], Some(pos)))),
            ("is_err", 0) => {
                let s = self.emit("is_ok", vec![recv], Some(pos));
                Ok(Some(self.emit("invert", vec![s], Some(pos))))
            }
            ("is_none", 0) => {
                let s = self.emit("is_some", vec![recv], Some(pos));
                Ok(Some(self.emit("invert", vec![s], Some(pos))))
            }
            _ => {
                let mut all = vec![meta_str(name), recv];
                all.extend(args);
                Ok(Some(self.emit("call_method", all, Some(pos))))
            }
        }
    }

    fn if_expr(&mut self, i: &syn::ExprIf) -> R<Option<Value>> {
        let n = self.env.len();
        let else_block = self.new_block(n, 0);
        match &*i.cond {
            Expr::Let(l) => {
                let Some(v) = self.expr(&l.expr)? else { return Ok(None) };
                self.pattern(&l.pat, v, else_block, n)?;
            }
            cond => {
                let Some(c) = self.expr(cond)? else { return Ok(None) };
                self.continue_if(c, true, else_block, n);
            }
        }
        let join = self.new_block(n, 1);
        let mut reached = false;
        if let Some(v) = self.block(&i.then_branch)? {
            self.link_to(join, n, vec![v], None);
            reached = true;
        }
        self.enter(else_block, n);
        let else_v = match &i.else_branch {
            Some((_, e)) => self.expr(e)?,
            None => Some(unit()),
        };
        if let Some(v) = else_v {
            self.link_to(join, n, vec![v], None);
            reached = true;
        }
        if !reached {
            self.cur = None;
            return Ok(None);
        }
        let extra = self.enter(join, n);
        Ok(Some(extra[0].clone()))
    }

    fn find_loop(&self, label: Option<&str>, tokens: &dyn ToTokens) -> R<usize> {
        let found = match label {
            None => self.loops.len().checked_sub(1),
            Some(l) => self.loops.iter().rposition(|c| c.label.as_deref() == Some(l)),
        };
        found.ok_or_else(|| unsupported(tokens, "`break`/`continue` outside a loop", "rustc rejects it", ""))
    }

    /// Runs `body` as a loop body with the given targets; returns whether
    /// the end of the body is reachable (and then links it to `continue_target`).
    #[allow(clippy::too_many_arguments)]
    fn loop_body(
        &mut self,
        label: &Option<syn::Label>,
        body: &syn::Block,
        continue_target: BlockId,
        continue_n: usize,
        break_target: BlockId,
        break_n: usize,
        break_with_value: bool,
    ) -> R<bool> {
        self.loops.push(LoopCtx {
            label: label.as_ref().map(|l| l.name.ident.to_string()),
            continue_target,
            continue_n,
            break_target,
            break_n,
            break_with_value,
            broken: false,
        });
        let end = self.block(body);
        let ctx = self.loops.pop().unwrap();
        if end?.is_some() {
            self.link_to(continue_target, continue_n, vec![], None);
        }
        Ok(ctx.broken)
    }

    fn after_loop(&mut self, exit: BlockId, n: usize, reachable: bool) -> Option<Value> {
        if reachable {
            let extra = self.enter(exit, n);
            Some(extra.first().cloned().unwrap_or_else(unit))
        } else {
            self.cur = None;
            None
        }
    }

    fn while_expr(&mut self, w: &syn::ExprWhile) -> R<Option<Value>> {
        let n = self.env.len();
        let header = self.new_block(n, 0);
        self.link_to(header, n, vec![], None);
        self.enter(header, n);
        let exit = self.new_block(n, 0);
        match &*w.cond {
            Expr::Let(l) => {
                let Some(v) = self.expr(&l.expr)? else { return Ok(None) };
                self.pattern(&l.pat, v, exit, n)?;
            }
            cond => {
                let Some(c) = self.expr(cond)? else { return Ok(None) };
                self.continue_if(c, true, exit, n);
            }
        }
        self.loop_body(&w.label, &w.body, header, n, exit, n, false)?;
        Ok(self.after_loop(exit, n, true))
    }

    fn loop_expr(&mut self, l: &syn::ExprLoop) -> R<Option<Value>> {
        let n = self.env.len();
        let header = self.new_block(n, 0);
        self.link_to(header, n, vec![], None);
        self.enter(header, n);
        let exit = self.new_block(n, 1);
        let broken = self.loop_body(&l.label, &l.body, header, n, exit, n, true)?;
        Ok(self.after_loop(exit, n, broken))
    }

    /// `for PAT in ITER`, where ITER is a range, possibly reversed or
    /// stepped. Ranges iterate without any iterator object: the loop keeps
    /// the counter and the bound as hidden locals.
    fn for_expr(&mut self, f: &syn::ExprForLoop) -> R<Option<Value>> {
        // `for x in it.by_ref()` leaves `it` where the loop stopped: the
        // loop `while let Some(x) = it.next()` is the same.
        if let Expr::MethodCall(m) = &*f.expr {
            if m.method == "by_ref" && m.args.is_empty() {
                let (label, pat, recv, body) = (&f.label, &f.pat, &m.receiver, &f.body);
                let w: syn::ExprWhile =
                    syn::parse_quote_spanned! {f.span()=> #label while let Some(#pat) = (#recv).next() #body };
                return self.while_expr(&w);
            }
        }
        if !is_range_iter(&f.expr) {
            return self.for_list(f);
        }
        let (range, rev, step) = parse_range_iter(&f.expr)?;
        let (Some(start), Some(end)) = (&range.start, &range.end) else {
            return Err(unsupported(range, "an unbounded range in `for`", "not translated yet", "give both bounds"));
        };
        let inclusive = matches!(range.limits, syn::RangeLimits::Closed(_));
        let operands: Vec<&Expr> = [&**start, &**end].into_iter().chain(step).collect();
        let Some(mut operands) = self.exprs(operands)? else { return Ok(None) };
        let step = (operands.len() == 3).then(|| operands.pop().unwrap());
        let step = step.map(|v| self.ascribe(v, Ty::Int(IntTy::Usize), None));
        let (a, b) = (operands[0].clone(), operands[1].clone());
        if rev && step.is_some() {
            return Err(unsupported(&f.expr, "`.rev()` combined with `.step_by()`", "not translated yet", ""));
        }
        // The step is used in every iteration: keep it as a hidden local.
        let step_slot = step.map(|k| self.hold(k));
        let n0 = self.env.len();
        // Unify the bounds' types, as `Range<T>` does.
        let b = self.emit("same_type", vec![b, a.clone()], None);
        let (lo, hi) = (a, b);
        let pos = Some(pos_of(f.expr.span()));
        let one = |s: &mut Self| {
            let id = s.literal_id();
            Value::Const(Constant { value: ConstValue::Int(1), ty: ConstTy::Infer(id), concretetype: None })
        };
        match (rev, inclusive) {
            (false, _) => {
                // header: i < end (or i <= end) ; body ; cont: next i
                self.env.push(Local { name: "#i".into(), value: lo, guard: false, array: false, item_of: None });
                self.env.push(Local { name: "#end".into(), value: hi, guard: false, array: false, item_of: None });
                let n = self.env.len();
                let header = self.new_block(n, 0);
                self.link_to(header, n, vec![], None);
                self.enter(header, n);
                let exit = self.new_block(n0, 0);
                let (i, end) = (self.env[n0].value.clone(), self.env[n0 + 1].value.clone());
                let cond = self.emit(if inclusive { "le" } else { "lt" }, vec![i.clone(), end.clone()], pos);
                self.continue_if(cond, true, exit, n0);
                let cont = self.new_block(n, 0);
                let i = self.env[n0].value.clone();
                self.bind_irrefutable(&f.pat, i)?;
                self.loop_body(&f.label, &f.body, cont, n, exit, n0, false)?;
                self.enter(cont, n);
                if inclusive {
                    let (i, end) = (self.env[n0].value.clone(), self.env[n0 + 1].value.clone());
                    let last = self.emit("eq", vec![i, end], pos);
                    self.continue_if(last, false, exit, n0);
                }
                let i = self.env[n0].value.clone();
                match step_slot {
                    None => {
                        let o = one(self);
                        self.env[n0].value = self.emit("add", vec![i, o], pos);
                    }
                    Some(slot) => {
                        // Stop instead of wrapping around past the type's maximum.
                        let k = self.emit("cast", vec![self.held(slot), i.clone()], pos);
                        let next = self.emit("add", vec![i.clone(), k], pos);
                        let wrapped = self.emit("lt", vec![next.clone(), i], pos);
                        self.env[n0].value = next;
                        self.continue_if(wrapped, false, exit, n0);
                    }
                }
                self.link_to(header, n, vec![], None);
                Ok(self.after_loop(exit, n0, true))
            }
            (true, false) => {
                // header: lo < i ; i -= 1 ; body
                self.env.push(Local { name: "#i".into(), value: hi, guard: false, array: false, item_of: None });
                self.env.push(Local { name: "#lo".into(), value: lo, guard: false, array: false, item_of: None });
                let n = self.env.len();
                let header = self.new_block(n, 0);
                self.link_to(header, n, vec![], None);
                self.enter(header, n);
                let exit = self.new_block(n0, 0);
                let (i, lo) = (self.env[n0].value.clone(), self.env[n0 + 1].value.clone());
                let cond = self.emit("lt", vec![lo, i], pos);
                self.continue_if(cond, true, exit, n0);
                let i = self.env[n0].value.clone();
                let o = one(self);
                let i = self.emit("sub", vec![i, o], pos);
                self.env[n0].value = i.clone();
                self.bind_irrefutable(&f.pat, i)?;
                self.loop_body(&f.label, &f.body, header, n, exit, n0, false)?;
                Ok(self.after_loop(exit, n0, true))
            }
            (true, true) => {
                // if lo <= hi { loop { body(hi); if hi == lo break; hi -= 1 } }
                self.env.push(Local { name: "#i".into(), value: hi, guard: false, array: false, item_of: None });
                self.env.push(Local { name: "#lo".into(), value: lo, guard: false, array: false, item_of: None });
                let n = self.env.len();
                let exit = self.new_block(n0, 0);
                let (i, lo) = (self.env[n0].value.clone(), self.env[n0 + 1].value.clone());
                let cond = self.emit("le", vec![lo, i], pos);
                self.continue_if(cond, true, exit, n0);
                let header = self.new_block(n, 0);
                self.link_to(header, n, vec![], None);
                self.enter(header, n);
                let cont = self.new_block(n, 0);
                let i = self.env[n0].value.clone();
                self.bind_irrefutable(&f.pat, i)?;
                self.loop_body(&f.label, &f.body, cont, n, exit, n0, false)?;
                self.enter(cont, n);
                let (i, lo) = (self.env[n0].value.clone(), self.env[n0 + 1].value.clone());
                let last = self.emit("eq", vec![i, lo], pos);
                self.continue_if(last, false, exit, n0);
                let i = self.env[n0].value.clone();
                let o = one(self);
                let i = self.emit("sub", vec![i, o], pos);
                self.env[n0].value = i;
                self.link_to(header, n, vec![], None);
                Ok(self.after_loop(exit, n0, true))
            }
        }
    }

    /// `for x in v.iter()` (also `&v`, `v`, and `.enumerate()`): a loop
    /// over the indices, the list and its length held as hidden locals (the
    /// borrow checker guarantees the list does not change meanwhile).
    fn for_list(&mut self, f: &syn::ExprForLoop) -> R<Option<Value>> {
        let (list_expr, how) = parse_list_iter(&f.expr);
        // `for x in array` iterates a copy; `&array` and `.iter()` the array.
        let list = if std::ptr::eq(list_expr, &*f.expr) { self.operand(list_expr)? } else { self.expr(list_expr)? };
        let Some(list) = list else { return Ok(None) };
        let pos = Some(pos_of(f.expr.span()));
        // A dict is iterated over a list of its items (or keys, for a set),
        // an iterator over the items it has left.
        let mutable = Value::Const(Constant::meta(ConstValue::Bool(how.mutable)));
        let list = self.emit("iter_list", vec![list, mutable], pos);
        let n0 = self.env.len();
        let len = self.emit("call_method", vec![meta_str("len".into()), list.clone()], pos);
        let zero = Value::Const(Constant::int(0, IntTy::Usize));
        self.env.push(Local { name: "#i".into(), value: zero, guard: false, array: false, item_of: None });
        self.env.push(Local { name: "#list".into(), value: list, guard: false, array: false, item_of: None });
        self.env.push(Local { name: "#len".into(), value: len, guard: false, array: false, item_of: None });
        let n = self.env.len();
        let header = self.new_block(n, 0);
        self.link_to(header, n, vec![], None);
        self.enter(header, n);
        let exit = self.new_block(n0, 0);
        let (i, len) = (self.env[n0].value.clone(), self.env[n0 + 2].value.clone());
        let cond = self.emit("lt", vec![i, len], pos);
        self.continue_if(cond, true, exit, n0);
        let cont = self.new_block(n, 0);
        let (i, list) = (self.env[n0].value.clone(), self.env[n0 + 1].value.clone());
        // Backwards, the item of the `i`-th step is at `len - 1 - i`.
        let index = if how.rev {
            let last = self.emit(
                "sub",
                vec![self.env[n0 + 2].value.clone(), Value::Const(Constant::int(1, IntTy::Usize))],
                pos,
            );
            self.emit("sub", vec![last, i.clone()], pos)
        } else {
            i.clone()
        };
        if how.mutable {
            // `x` (or `(i, x)`) names the item: reads and stores go to the list.
            let (counter, name) = match (&*f.pat, how.indexed || how.counted) {
                (Pat::Ident(pi), false) if pi.subpat.is_none() && pi.by_ref.is_none() => (None, &pi.ident),
                (Pat::Tuple(t), true) if t.elems.len() == 2 => match &t.elems[1] {
                    Pat::Ident(pi) if pi.subpat.is_none() && pi.by_ref.is_none() => (Some(&t.elems[0]), &pi.ident),
                    other => {
                        return Err(unsupported(
                            other,
                            "this pattern over `iter_mut()`",
                            "not translated yet",
                            "bind a name",
                        ))
                    }
                },
                (other, _) => {
                    return Err(unsupported(
                        other,
                        "this pattern over `iter_mut()`",
                        "not translated yet",
                        "bind a name",
                    ))
                }
            };
            if let Some(c) = counter {
                let k = if how.indexed { index.clone() } else { i };
                self.bind_irrefutable(c, k)?;
            }
            let local =
                Local { name: name.to_string(), value: index, guard: false, array: false, item_of: Some(n0 + 1) };
            self.env.push(local);
        } else {
            let item = self.emit("getitem", vec![list, index.clone()], pos);
            let bound = match (how.indexed, how.counted) {
                (true, _) => self.emit("newtuple", vec![index, item], pos),
                (_, true) => self.emit("newtuple", vec![i, item], pos),
                _ => item,
            };
            self.bind_irrefutable(&f.pat, bound)?;
        }
        self.loop_body(&f.label, &f.body, cont, n, exit, n0, false)?;
        self.enter(cont, n);
        let i = self.env[n0].value.clone();
        let one = Value::Const(Constant::int(1, IntTy::Usize));
        self.env[n0].value = self.emit("add", vec![i, one], pos);
        self.link_to(header, n, vec![], None);
        Ok(self.after_loop(exit, n0, true))
    }

    fn match_expr(&mut self, m: &syn::ExprMatch) -> R<Option<Value>> {
        let Some(scrutinee) = self.expr(&m.expr)? else { return Ok(None) };
        let n_outer = self.env.len();
        let h = self.hold(scrutinee);
        let n = self.env.len();
        let join = self.new_block(n_outer, 1);
        let mut reached = false;
        let mut exhausted = false;
        for (i, arm) in m.arms.iter().enumerate() {
            let next = self.new_block(n, 0);
            exhausted = i + 1 == m.arms.len() && arm.guard.is_none();
            self.assume_match = exhausted;
            let matched = self.pattern(&arm.pat, self.held(h), next, n);
            self.assume_match = false;
            matched?;
            if let Some((_, guard)) = &arm.guard {
                match self.expr(guard)? {
                    Some(c) => self.continue_if(c, true, next, n),
                    None => {
                        self.enter(next, n);
                        continue;
                    }
                }
            }
            if let Some(v) = self.expr(&arm.body)? {
                self.link_to(join, n_outer, vec![v], None);
                reached = true;
            }
            if exhausted {
                self.cur = None;
            } else {
                self.enter(next, n);
            }
        }
        // rustc checked exhaustiveness: falling through all arms cannot
        // happen (it can only after a last arm with a guard).
        if !exhausted {
            self.panic(UNREACHABLE_MSG.into(), pos_of(m.match_token.span));
        }
        if !reached {
            return Ok(None);
        }
        let extra = self.enter(join, n_outer);
        Ok(Some(extra[0].clone()))
    }

    // ---- macros ----

    fn macro_call(&mut self, mac: &syn::Macro) -> R<Option<Value>> {
        let name = mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        let pos = pos_of(mac.path.span());
        if name == "vec" {
            // `vec![a, b]` and `vec![x; n]` are array expressions in a box.
            let tokens = &mac.tokens;
            let array: Expr = syn::parse2(quote::quote!([#tokens]))?;
            return self.expr(&array);
        }
        if name == "jit_merge_point" || name == "can_enter_jit" {
            return self.jit_marker(&name, mac);
        }
        if name == "matches" {
            // `matches!(e, pat if guard)` is `match e { pat if guard => true, _ => false }`.
            let (e, arm) = mac.parse_body_with(|input: syn::parse::ParseStream| {
                let e: Expr = input.parse()?;
                input.parse::<syn::Token![,]>()?;
                let pat = Pat::parse_multi_with_leading_vert(input)?;
                let guard = match input.parse::<Option<syn::Token![if]>>()? {
                    Some(_) => Some(input.parse::<Expr>()?),
                    None => None,
                };
                input.parse::<Option<syn::Token![,]>>()?;
                let guard = guard.map(|g| quote::quote!(if #g));
                Ok((e, quote::quote!(#pat #guard)))
            })?;
            let m: syn::ExprMatch = syn::parse2(quote::quote!(match #e { #arm => true, _ => false }))?;
            return self.match_expr(&m);
        }
        let args: Vec<Expr> = if mac.tokens.is_empty() {
            Vec::new()
        } else {
            mac.parse_body_with(syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated)?
                .into_iter()
                .collect()
        };
        match name.as_str() {
            "panic" | "unreachable" | "todo" | "unimplemented" => {
                let base = match name.as_str() {
                    "panic" => None,
                    "unreachable" => Some(UNREACHABLE_MSG),
                    "todo" => Some("not yet implemented"),
                    _ => Some("not implemented"),
                };
                let default = base.unwrap_or("explicit panic");
                self.panic_message(base, default, &args, pos)?;
                Ok(None)
            }
            "assert" => {
                let Some((cond, msg_args)) = args.split_first() else {
                    return Err(syn::Error::new_spanned(mac, "rpy: `assert!` needs a condition"));
                };
                let Some(c) = self.expr(cond)? else { return Ok(None) };
                let n = self.env.len();
                let fail = self.new_block(n, 0);
                self.continue_if(c, true, fail, n);
                let ok = self.cur;
                let env = self.env.clone();
                self.enter(fail, n);
                let default = format!("assertion failed: {}", pretty::expr(cond));
                self.panic_message(None, &default, msg_args, pos)?;
                self.cur = ok;
                self.env = env;
                Ok(Some(unit()))
            }
            "assert_eq" | "assert_ne" => {
                let (l, r, msg) = match args.as_slice() {
                    [l, r] => (l, r, None),
                    [l, r, m] => (l, r, Some(literal_message(m)?)),
                    [_, _, _, extra, ..] => return Err(format_args_error(extra)),
                    _ => return Err(syn::Error::new_spanned(mac, format!("rpy: `{name}!` needs two operands"))),
                };
                let Some(operands) = self.exprs([l, r])? else { return Ok(None) };
                let (lv, rv) = (operands[0].clone(), operands[1].clone());
                let eq = name == "assert_eq";
                let c = self.emit(if eq { "eq" } else { "ne" }, vec![lv.clone(), rv.clone()], Some(pos));
                let n_outer = self.env.len();
                let (hl, hr) = (self.hold(lv), self.hold(rv));
                let n = self.env.len();
                let fail = self.new_block(n, 0);
                self.continue_if(c, true, fail, n);
                let ok = self.cur;
                let mut env = self.env.clone();
                env.truncate(n_outer);
                self.enter(fail, n);
                let (lv, rv) = (self.held(hl), self.held(hr));
                let msg = match msg {
                    Some(m) => meta_str(m),
                    None => unit(),
                };
                self.emit(
                    "panic_assert_failed",
                    vec![lv, rv, meta_str(if eq { "==" } else { "!=" }.into()), msg, meta_pos(pos)],
                    Some(pos),
                );
                self.cur = ok;
                self.env = env;
                Ok(Some(unit()))
            }
            "format" | "print" | "println" | "eprint" | "eprintln" => {
                let newline = name.ends_with("ln");
                let buf = match args.split_first() {
                    Some((fmt, rest)) => match self.format_args(fmt, rest, newline, None)? {
                        Some(buf) => buf,
                        None => return Ok(None),
                    },
                    None if newline => self.string_of("\n", pos),
                    None => return Err(syn::Error::new_spanned(mac, format!("rpy: `{name}!` needs a format string"))),
                };
                if name == "format" {
                    return Ok(Some(buf));
                }
                let fd = Value::Const(Constant::int(if name.starts_with('e') { 2 } else { 1 }, IntTy::I32));
                self.emit("io_write", vec![fd, buf], Some(pos));
                Ok(Some(unit()))
            }
            // `write!(s, ..)` into a `String` (through `std::fmt::Write`),
            // which cannot fail: `Ok(())`.
            "write" | "writeln" => {
                let Some((dest, rest)) = args.split_first() else {
                    return Err(syn::Error::new_spanned(mac, format!("rpy: `{name}!` needs a destination")));
                };
                let Some(d) = self.expr(dest)? else { return Ok(None) };
                let done = match rest.split_first() {
                    Some((fmt, rest)) => self.format_args(fmt, rest, name == "writeln", Some(d))?,
                    None if name == "writeln" => {
                        let nl = Value::Const(Constant::new(ConstValue::Str("\n".into()), Ty::Str));
                        self.emit("call_method", vec![meta_str("push_str".into()), d, nl], Some(pos));
                        Some(unit())
                    }
                    None => return Err(syn::Error::new_spanned(mac, "rpy: `write!` needs a format string")),
                };
                if done.is_none() {
                    return Ok(None);
                }
                let ok = self.emit("newok", vec![unit()], Some(pos));
                Ok(Some(self.ascribe(ok, Ty::Result(Box::new(Ty::Unit), Box::new(Ty::Unit)), Some(pos))))
            }
            "debug_assert" | "debug_assert_eq" | "debug_assert_ne" => Err(unsupported(
                mac,
                &format!("`{name}!`"),
                "whether it runs depends on the build profile, so translated and untranslated programs could disagree",
                "use `assert!`",
            )),
            _ => Err(unsupported(
                mac,
                &format!("the macro `{name}!`"),
                "only `format!`, `print!`, `println!`, `eprint!`, `eprintln!`, `write!`, `writeln!`, `vec!`, `matches!`, `panic!`, `unreachable!`, `todo!`, `unimplemented!`, `assert!`, `assert_eq!` and `assert_ne!` are translated",
                "",
            )),
        }
    }
}

/// `std::io::stdout().write_all(..)` / `.flush()`, possibly followed by
/// `.unwrap()` or `.expect(..)`: the file descriptor and the call.
/// `std::io::stdin().read_line(..)`: 0 and the call (its result is the
/// `Result`, `.unwrap()` of it is the `unwrap` of any `Result`).
fn stdio_call(m: &syn::ExprMethodCall) -> Option<(i128, &syn::ExprMethodCall)> {
    let inner = match (m.method.to_string().as_str(), &*m.receiver) {
        ("unwrap" | "expect", Expr::MethodCall(inner)) => inner,
        _ => m,
    };
    let Expr::Call(c) = &*inner.receiver else { return None };
    let Expr::Path(p) = &*c.func else { return None };
    let last = p.path.segments.last()?.ident.to_string();
    let io = p.path.segments.len() == 1 || p.path.segments.iter().rev().nth(1).is_some_and(|s| s.ident == "io");
    match last.as_str() {
        "stdout" if io && c.args.is_empty() => Some((1, inner)),
        "stderr" if io && c.args.is_empty() => Some((2, inner)),
        "stdin" if io && c.args.is_empty() && std::ptr::eq(inner, m) => Some((0, inner)),
        _ => None,
    }
}

/// `map.entry(key)`: the map and the key.
fn entry_call(e: &Expr) -> Option<(&Expr, &Expr)> {
    match e {
        Expr::MethodCall(m) if m.method == "entry" && m.args.len() == 1 => Some((&m.receiver, &m.args[0])),
        _ => None,
    }
}

/// The map and key of a place holding a map's value:
/// `map.entry(key).or_insert(d)` or `map.get_mut(&key).unwrap()`. The key
/// is evaluated a second time to store the new value, so it must have no
/// side effects (a local, a literal, arithmetic on them).
fn map_value_place(e: &Expr) -> Option<(&Expr, &Expr)> {
    fn pure(e: &Expr) -> bool {
        match e {
            Expr::Path(_) | Expr::Lit(_) => true,
            Expr::Reference(r) => pure(&r.expr),
            Expr::Paren(p) => pure(&p.expr),
            Expr::Unary(u) => pure(&u.expr),
            Expr::Binary(b) => pure(&b.left) && pure(&b.right),
            Expr::Field(f) => pure(&f.base),
            Expr::Tuple(t) => t.elems.iter().all(pure),
            _ => false,
        }
    }
    let Expr::MethodCall(m) = e else { return None };
    let (map, key) = match (m.method.to_string().as_str(), m.args.len()) {
        ("or_insert", 1) => entry_call(&m.receiver)?,
        ("unwrap", 0) => match &*m.receiver {
            Expr::MethodCall(g) if g.method == "get_mut" && g.args.len() == 1 => (&*g.receiver, &g.args[0]),
            _ => return None,
        },
        _ => return None,
    };
    (pure(key) && pure(map)).then_some((map, key))
}

impl FnBuilder<'_> {
    /// A new string holding `s`.
    fn string_of(&mut self, s: &str, pos: Pos) -> Value {
        let lit = Value::Const(Constant::new(ConstValue::Str(s.to_string()), Ty::Str));
        self.emit("call_method", vec![meta_str("to_string".into()), lit], Some(pos))
    }

    /// Panics with the message of `panic!(args..)`: `default` without
    /// arguments, else the (formatted) message after `base: `. Ends the block.
    fn panic_message(&mut self, base: Option<&str>, default: &str, args: &[Expr], pos: Pos) -> R<()> {
        let Some((fmt, rest)) = args.split_first() else {
            self.panic(default.to_string(), pos);
            return Ok(());
        };
        let constant = rest.is_empty() && literal_message(fmt).is_ok();
        if constant {
            let user = literal_message(fmt)?;
            self.panic(base.map_or(user.clone(), |b| format!("{b}: {user}")), pos);
            return Ok(());
        }
        let Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(lit), .. }) = fmt else {
            return Err(literal_message(fmt).unwrap_err());
        };
        let text = base.map_or(lit.value(), |b| format!("{b}: {}", lit.value()));
        let fmt: Expr =
            Expr::Lit(syn::ExprLit { attrs: vec![], lit: syn::Lit::Str(syn::LitStr::new(&text, lit.span())) });
        if let Some(msg) = self.format_args(&fmt, rest, false, None)? {
            self.emit("panic_str", vec![msg, meta_pos(pos)], Some(pos));
        }
        self.cur = None;
        Ok(())
    }

    /// `format!(fmt, args...)`: a new string, built by appending the
    /// literal pieces and each argument formatted by the runtime
    /// (`format_arg`, with the spec encoded as `rpy_fmt::Spec::encode`).
    /// The arguments are evaluated first, in the order written, as Rust
    /// does.
    /// Formats into `dest` (a string) if given, else into a new string: the string.
    fn format_args(&mut self, fmt: &Expr, rest: &[Expr], newline: bool, dest: Option<Value>) -> R<Option<Value>> {
        let Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(lit), .. }) = fmt else {
            return Err(unsupported(fmt, "a format string that is not a literal", "Rust requires a literal", ""));
        };
        let pos = pos_of(lit.span());
        let mut text = lit.value();
        if newline {
            text.push('\n');
        }
        let pieces = rpy_fmt::parse(&text)
            .map_err(|e| syn::Error::new_spanned(lit, format!("rpy: invalid format string: {e}")))?;
        let mut positional = Vec::new();
        let mut named = Vec::new();
        for a in rest {
            match a {
                Expr::Assign(asg) => match &*asg.left {
                    Expr::Path(p) if p.path.get_ident().is_some() => {
                        named.push((p.path.get_ident().unwrap().to_string(), &*asg.right))
                    }
                    _ => return Err(unsupported(a, "this format argument", "not a `name = value` pair", "")),
                },
                e => positional.push(e),
            }
        }
        let exprs = positional.iter().copied().chain(named.iter().map(|(_, e)| *e));
        let n_outer = self.env.len();
        let h_dest = dest.map(|d| self.hold(d));
        let Some(values) = self.exprs(exprs)? else { return Ok(None) };
        let held: Vec<usize> = values.into_iter().map(|v| self.hold(v)).collect();
        let mut next = 0;
        let mut arg = |b: &mut Self, r: &rpy_fmt::ArgRef| -> R<Value> {
            let slot = match r {
                rpy_fmt::ArgRef::Next => {
                    next += 1;
                    Some(next - 1)
                }
                rpy_fmt::ArgRef::Index(i) => Some(*i),
                rpy_fmt::ArgRef::Name(n) => named.iter().position(|(m, _)| m == n).map(|i| positional.len() + i),
            };
            match (slot, r) {
                (Some(i), _) if i < held.len() => Ok(b.held(held[i])),
                (None, rpy_fmt::ArgRef::Name(n)) => b.path_value(n, lit),
                _ => Err(unsupported(lit, "this format string", "it refers to a missing argument", "")),
            }
        };
        let h_buf = match h_dest {
            Some(h) => h,
            None => {
                let buf = self.string_of("", pos);
                self.hold(buf)
            }
        };
        for piece in pieces {
            match piece {
                rpy_fmt::Piece::Lit(s) => {
                    let lit = Value::Const(Constant::new(ConstValue::Str(s), Ty::Str));
                    self.emit("call_method", vec![meta_str("push_str".into()), self.held(h_buf), lit], Some(pos));
                }
                rpy_fmt::Piece::Arg(a) => {
                    let mut count = |b: &mut Self, c: &Option<rpy_fmt::Count>| -> R<Value> {
                        match c {
                            Some(rpy_fmt::Count::Param(r)) => arg(b, r),
                            _ => Ok(Value::Const(Constant::int(-1, IntTy::I64))),
                        }
                    };
                    // `.*` takes the precision from the argument before the value.
                    let precision = count(self, &a.spec.precision)?;
                    let width = count(self, &a.spec.width)?;
                    let value = arg(self, &a.pos)?;
                    let spec = Value::Const(Constant::meta(ConstValue::Int(a.spec.encode() as i128)));
                    self.emit("format_arg", vec![self.held(h_buf), value, spec, width, precision], Some(pos));
                }
            }
        }
        let buf = self.held(h_buf);
        self.env.truncate(n_outer);
        Ok(Some(buf))
    }
}

/// Whether a `for` loop's iterable is a range (else it is a list).
fn is_range_iter(e: &Expr) -> bool {
    match e {
        Expr::Range(_) => true,
        Expr::Paren(p) => is_range_iter(&p.expr),
        Expr::MethodCall(m) if m.method == "rev" || m.method == "step_by" => is_range_iter(&m.receiver),
        _ => false,
    }
}

/// How a `for` loop walks a list.
#[derive(Clone, Copy, Default)]
struct ListIter {
    /// From the last item to the first (`.rev()`).
    rev: bool,
    /// `.enumerate()` before any `.rev()`: pairs with the items' indices.
    indexed: bool,
    /// `.rev().enumerate()`: pairs with the count of items so far.
    counted: bool,
    /// `.iter_mut()` or `&mut v`: the loop variable stands for the item
    /// (`item_of`).
    mutable: bool,
}

/// The list a `for` loop iterates over (`v`, `&v`, `v.iter()`, with
/// `.enumerate()` and `.rev()`), and how.
fn parse_list_iter(e: &Expr) -> (&Expr, ListIter) {
    match e {
        Expr::Reference(r) => {
            let (l, it) = parse_list_iter(&r.expr);
            (l, ListIter { mutable: it.mutable || r.mutability.is_some(), ..it })
        }
        Expr::Paren(p) => parse_list_iter(&p.expr),
        Expr::MethodCall(m) if m.method == "enumerate" && m.args.is_empty() => {
            let (l, it) = parse_list_iter(&m.receiver);
            (l, ListIter { indexed: !it.rev, counted: it.rev, ..it })
        }
        Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => {
            let (l, it) = parse_list_iter(&m.receiver);
            (l, ListIter { rev: !it.rev, ..it })
        }
        Expr::MethodCall(m) if (m.method == "iter" || m.method == "into_iter") && m.args.is_empty() => {
            parse_list_iter(&m.receiver)
        }
        Expr::MethodCall(m) if m.method == "iter_mut" && m.args.is_empty() => {
            let (l, it) = parse_list_iter(&m.receiver);
            (l, ListIter { mutable: true, ..it })
        }
        other => (other, ListIter::default()),
    }
}

/// Splits `(a..b).rev()` / `(a..b).step_by(k)` / `a..b` into the range and
/// its adaptors.
fn parse_range_iter(e: &Expr) -> R<(&syn::ExprRange, bool, Option<&Expr>)> {
    match e {
        Expr::Range(r) => Ok((r, false, None)),
        Expr::Paren(p) => parse_range_iter(&p.expr),
        Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => {
            let (r, rev, step) = parse_range_iter(&m.receiver)?;
            Ok((r, !rev, step))
        }
        Expr::MethodCall(m) if m.method == "step_by" && m.args.len() == 1 => {
            let (r, rev, step) = parse_range_iter(&m.receiver)?;
            if step.is_some() {
                return Err(unsupported(m, "a double `.step_by()`", "not translated yet", ""));
            }
            Ok((r, rev, Some(&m.args[0])))
        }
        other => Err(unsupported(
            other,
            "iterating over this",
            "only ranges (`a..b`, `a..=b`, with `.rev()` or `.step_by(k)`) can be iterated yet",
            "",
        )),
    }
}

fn member_name(m: &syn::Member) -> String {
    match m {
        syn::Member::Named(n) => n.to_string(),
        syn::Member::Unnamed(i) => i.index.to_string(),
    }
}

fn pattern_binds(p: &Pat) -> bool {
    match p {
        Pat::Ident(pi) => pi.subpat.is_some() || pi.ident != "None",
        Pat::Tuple(t) => t.elems.iter().any(pattern_binds),
        Pat::TupleStruct(t) => t.elems.iter().any(pattern_binds),
        Pat::Or(o) => o.cases.iter().any(pattern_binds),
        Pat::Paren(p) => pattern_binds(&p.pat),
        _ => false,
    }
}

fn literal_message(e: &Expr) -> R<String> {
    match e {
        Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => {
            let v = s.value();
            if v.replace("{{", "").replace("}}", "").contains(['{', '}']) {
                return Err(unsupported(
                    s,
                    "a formatted panic message",
                    "formatting is not translated yet",
                    "use a literal message",
                ));
            }
            Ok(v.replace("{{", "{").replace("}}", "}"))
        }
        other => Err(unsupported(
            other,
            "a non-literal panic message",
            "formatting is not translated yet",
            "use a string literal",
        )),
    }
}

fn format_args_error(e: &Expr) -> syn::Error {
    unsupported(e, "format arguments in a panic message", "formatting is not translated yet", "use a literal message")
}

fn parse_int(i: &syn::LitInt) -> R<i128> {
    i.base10_digits()
        .parse::<i128>()
        .map_err(|_| unsupported(i, "this integer literal", "it does not fit in 64 bits", ""))
}

fn int_const(v: i128, t: IntTy, tokens: &dyn ToTokens) -> R<Value> {
    let (min, max) = t.min_max();
    if v < min || v > max {
        return Err(syn::Error::new_spanned(tokens, format!("rpy: literal out of range for `{}`", t.name())));
    }
    Ok(Value::Const(Constant::int(v, t)))
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

/// Pretty-printing of expressions as rustc's `assert!` prints its condition.
mod jit_hints;

mod pretty {
    use quote::ToTokens;
    use syn::Expr;

    pub fn expr(e: &Expr) -> String {
        match e {
            Expr::Binary(b) => format!("{} {} {}", expr(&b.left), b.op.to_token_stream(), expr(&b.right)),
            Expr::Unary(u) => format!("{}{}", u.op.to_token_stream(), expr(&u.expr)),
            Expr::Paren(p) => format!("({})", expr(&p.expr)),
            Expr::Lit(l) => l.lit.to_token_stream().to_string(),
            Expr::Path(p) => p.path.segments.iter().map(|s| s.ident.to_string()).collect::<Vec<_>>().join("::"),
            Expr::Call(c) => format!("{}({})", expr(&c.func), list(c.args.iter())),
            Expr::MethodCall(m) => format!("{}.{}({})", expr(&m.receiver), m.method, list(m.args.iter())),
            Expr::Field(f) => format!("{}.{}", expr(&f.base), f.member.to_token_stream()),
            Expr::Cast(c) => format!("{} as {}", expr(&c.expr), c.ty.to_token_stream().to_string().replace(' ', "")),
            Expr::Tuple(t) => format!("({})", list(t.elems.iter())),
            Expr::Index(i) => format!("{}[{}]", expr(&i.expr), expr(&i.index)),
            other => other.to_token_stream().to_string(),
        }
    }

    fn list<'a>(items: impl Iterator<Item = &'a Expr>) -> String {
        items.map(expr).collect::<Vec<_>>().join(", ")
    }
}

/// The methods of `Option` and `Result` that are a `match` in disguise,
/// written as that `match` (the receiver's and arguments' tokens keep their
/// spans). The receiver is evaluated before the arguments, as in a call.
fn desugared_method(m: &syn::ExprMethodCall, name: &str) -> Option<Expr> {
    let recv = &m.receiver;
    let args: Vec<&Expr> = m.args.iter().collect();
    let span = m.method.span();
    Some(match (name, args.as_slice()) {
        ("ok", []) => syn::parse_quote_spanned!(span=> match #recv { Ok(__rpy_v) => Some(__rpy_v), Err(_) => None }),
        ("err", []) => syn::parse_quote_spanned!(span=> match #recv { Ok(_) => None, Err(__rpy_e) => Some(__rpy_e) }),
        ("ok_or", [e]) => syn::parse_quote_spanned!(span=> {
            let __rpy_r = #recv;
            let __rpy_e = #e;
            match __rpy_r { Some(__rpy_v) => Ok(__rpy_v), None => Err(__rpy_e) }
        }),
        _ => return None,
    })
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
