//! Statements and control flow: blocks, `let`, `if`, the loops and `match`
//! become blocks and links, each new block taking the locals in scope so
//! that no variable is shared between blocks.

use super::*;

impl FnBuilder<'_> {
    // ---- statements and blocks ----

    pub(super) fn block(&mut self, b: &syn::Block) -> R<Option<Value>> {
        let saved = self.env.len();
        let mut last = Some(unit());
        for (i, stmt) in b.stmts.iter().enumerate() {
            if self.cur.is_none() {
                break;
            }
            // The borrows of the statement before end with it (its tail
            // expression's too: earlier than Rust, which may keep those to
            // the end of the enclosing statement; never later).
            self.end_expression_borrows(saved);
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
                        Section::Module,
                        "an item inside a function",
                        "items must be at module level",
                        "move it to the module",
                    ))
                }
            };
        }
        if self.cur.is_none() {
            last = None;
        } else {
            self.release_borrows(saved.min(self.env.len()));
        }
        self.env.truncate(saved.min(self.env.len()));
        Ok(last)
    }

    /// Ends the borrows of expressions (the hidden `EXPR_BORROW` locals)
    /// from `from` on, and drops their locals.
    fn end_expression_borrows(&mut self, from: usize) {
        let from = from.min(self.env.len());
        if self.cur.is_none() {
            return;
        }
        self.release_borrows_of(from, |l| l.name == EXPR_BORROW);
        let tail = self.env.split_off(from);
        self.env.extend(tail.into_iter().filter(|l| l.name != EXPR_BORROW));
    }

    fn local(&mut self, l: &syn::Local) -> R<()> {
        let Some(init) = &l.init else {
            return Err(unsupported(
                l,
                Section::ControlFlow,
                "a `let` without initializer",
                "every local needs a value where it is declared",
                "initialize it, e.g. `let x = if c { a } else { b };`",
            ));
        };
        // `let b = c.borrow_mut();` (or `borrow()`): `b` stands for the cell's value.
        if let (Pat::Ident(pi), Expr::MethodCall(m), None) = (&l.pat, &*init.expr, &init.diverge) {
            if (m.method == "borrow_mut" || m.method == "borrow") && m.args.is_empty() && pi.subpat.is_none() {
                let Some(cell) = self.expr(&m.receiver)? else { return Ok(()) };
                // The borrow starts here, and lasts as long as the guard.
                let method = meta_str(m.method.to_string());
                self.emit("call_method", vec![method, cell.clone()], Some(pos_of(m.method.span())));
                let kind = if m.method == "borrow" { Borrow::Shared } else { Borrow::Mut };
                self.env.push(Local {
                    name: pi.ident.to_string(),
                    value: cell,
                    guard: true,
                    array: false,
                    slice: false,
                    item_of: None,
                    closure: None,
                    borrowed: Some(kind),
                    mutable: Mutable::No,
                });
                return Ok(());
            }
        }
        // `let f = |x| ..;`: `f` names the closure (`closures`).
        if let (Pat::Ident(pi), Expr::Closure(c), None) = (&l.pat, &*init.expr, &init.diverge) {
            if pi.subpat.is_none() && pi.by_ref.is_none() {
                return self.store_closure(&pi.ident, c);
            }
        }
        // `let r = &mut v[i];`: `r` stands for the item.
        if let (Pat::Ident(pi), Expr::Reference(r), None) = (&l.pat, &*init.expr, &init.diverge) {
            if let (Some(_), Expr::Index(ix), None) = (r.mutability, &*r.expr, &pi.subpat) {
                if !matches!(&*ix.index, Expr::Range(_)) {
                    let Some(operands) = self.exprs([&*ix.expr, &*ix.index])? else { return Ok(()) };
                    let pos = Some(self.index_pos(&ix.expr, &ix.bracket_token));
                    // The index is checked here, as Rust's `&mut v[i]` is
                    // (the item read is otherwise unused).
                    self.emit("getitem", operands.clone(), pos);
                    let index = operands[1].clone();
                    let list = self.hold(operands[0].clone());
                    let name = pi.ident.to_string();
                    self.env.push(Local {
                        name,
                        value: index,
                        guard: false,
                        array: false,
                        slice: false,
                        item_of: Some(list),
                        closure: None,
                        borrowed: None,
                        mutable: Mutable::No,
                    });
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
                        Section::ControlFlow,
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

    pub(super) fn if_expr(&mut self, i: &syn::ExprIf) -> R<Option<Value>> {
        let n = self.env.len();
        let else_block = self.new_block(n, 0);
        match &*i.cond {
            Expr::Let(l) => {
                let Some(v) = self.expr(&l.expr)? else { return Ok(None) };
                self.pattern(&l.pat, v, else_block, n)?;
            }
            cond => {
                let Some(c) = self.expr(cond)? else { return Ok(None) };
                // (A condition's borrows end before its branches, as in Rust.)
                self.end_expression_borrows(n);
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

    pub(super) fn find_loop(&self, label: Option<&str>, tokens: &dyn ToTokens) -> R<usize> {
        let found = match label {
            None => self.loops.len().checked_sub(1),
            Some(l) => self.loops.iter().rposition(|c| c.label.as_deref() == Some(l)),
        };
        found.ok_or_else(|| {
            unsupported(tokens, Section::ControlFlow, "`break`/`continue` outside a loop", "rustc rejects it", "")
        })
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

    pub(super) fn while_expr(&mut self, w: &syn::ExprWhile) -> R<Option<Value>> {
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
                self.end_expression_borrows(n);
                self.continue_if(c, true, exit, n);
            }
        }
        self.loop_body(&w.label, &w.body, header, n, exit, n, false)?;
        Ok(self.after_loop(exit, n, true))
    }

    pub(super) fn loop_expr(&mut self, l: &syn::ExprLoop) -> R<Option<Value>> {
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
    pub(super) fn for_expr(&mut self, f: &syn::ExprForLoop) -> R<Option<Value>> {
        if let Some(e) = super::closures::for_loop(f)? {
            return self.expr(&e);
        }
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
        // Over an iterator of the module (type inference found it so):
        // `{ let mut it = ITER; while let Some(x) = it.next() BODY }`.
        if self.copies && self.scope.iterator_loops.contains(&pos_of(f.expr.span())) {
            let (label, pat, iter, body) = (&f.label, &f.pat, &f.expr, &f.body);
            let b: Expr = syn::parse_quote_spanned! {f.span()=> {
                let mut __rpy_iter = #iter;
                #label while let Some(#pat) = __rpy_iter.next() #body
            }};
            return self.expr(&b);
        }
        if !is_range_iter(&f.expr) {
            return self.for_list(f);
        }
        let (range, rev, step) = parse_range_iter(&f.expr)?;
        let (Some(start), Some(end)) = (&range.start, &range.end) else {
            return Err(unsupported(
                range,
                Section::Iterators,
                "an unbounded range in `for`",
                "not translated yet",
                "give both bounds",
            ));
        };
        let inclusive = matches!(range.limits, syn::RangeLimits::Closed(_));
        let operands: Vec<&Expr> = [&**start, &**end].into_iter().chain(step).collect();
        let Some(mut operands) = self.exprs(operands)? else { return Ok(None) };
        let step = (operands.len() == 3).then(|| operands.pop().unwrap());
        let step = step.map(|v| self.ascribe(v, Ty::Int(IntTy::Usize), None));
        let (a, b) = (operands[0].clone(), operands[1].clone());
        if rev && step.is_some() {
            return Err(unsupported(
                &f.expr,
                Section::Iterators,
                "`.rev()` combined with `.step_by()`",
                "not translated yet",
                "",
            ));
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
                self.env.push(Local::plain("#i", lo));
                self.env.push(Local::plain("#end", hi));
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
                self.env.push(Local::plain("#i", hi));
                self.env.push(Local::plain("#lo", lo));
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
                self.env.push(Local::plain("#i", hi));
                self.env.push(Local::plain("#lo", lo));
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
        self.env.push(Local::plain("#i", zero));
        self.env.push(Local::plain("#list", list));
        self.env.push(Local::plain("#len", len));
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
                            Section::Iterators,
                            "this pattern over `iter_mut()`",
                            "not translated yet",
                            "bind a name",
                        ))
                    }
                },
                (other, _) => {
                    return Err(unsupported(
                        other,
                        Section::Iterators,
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
            let local = Local {
                name: name.to_string(),
                value: index,
                guard: false,
                array: false,
                slice: false,
                item_of: Some(n0 + 1),
                closure: None,
                borrowed: None,
                mutable: Mutable::No,
            };
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

    pub(super) fn match_expr(&mut self, m: &syn::ExprMatch) -> R<Option<Value>> {
        let Some(scrutinee) = self.expr(&m.expr)? else { return Ok(None) };
        let n_outer = self.env.len();
        let h = self.hold(scrutinee);
        let n = self.env.len();
        let join = self.new_block(n_outer, 1);
        let mut reached = false;
        let mut exhausted = false;
        // A dispatch of three arms or more tests its last arm too (unless
        // it is `_` or a binding, which test nothing): its tests then form
        // one chain, which `merge_if_blocks` makes a switch with a case for
        // every arm, and the JIT traces the arm taken as one guard on the
        // value. Failing that test is unreachable.
        let catch_all = |p: &Pat| matches!(p, Pat::Wild(_) | Pat::Ident(syn::PatIdent { subpat: None, .. }));
        let test_last = m.arms.len() >= 3 && !m.arms.last().is_some_and(|a| catch_all(&a.pat));
        for (i, arm) in m.arms.iter().enumerate() {
            let next = self.new_block(n, 0);
            exhausted = i + 1 == m.arms.len() && arm.guard.is_none();
            self.assume_match = exhausted && !test_last;
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
            if exhausted && !test_last {
                self.cur = None;
            } else {
                self.enter(next, n);
            }
        }
        // rustc checked exhaustiveness: falling through all arms cannot
        // happen (it can only after a last arm with a guard), and
        // translated code assumes it away (a switch without a range check).
        if !exhausted || test_last {
            self.unreachable(pos_of(m.match_token.span));
        }
        if !reached {
            return Ok(None);
        }
        let extra = self.enter(join, n_outer);
        Ok(Some(extra[0].clone()))
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
                return Err(unsupported(m, Section::Iterators, "a double `.step_by()`", "not translated yet", ""));
            }
            Ok((r, rev, Some(&m.args[0])))
        }
        other => Err(unsupported(
            other,
            Section::Iterators,
            "iterating over this",
            "only ranges (`a..b`, `a..=b`, with `.rev()` or `.step_by(k)`) can be iterated yet",
            "",
        )),
    }
}
