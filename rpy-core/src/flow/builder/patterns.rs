//! Patterns: `let` and `for` bind names; `match`, `if let` and `while let`
//! test a value, each test a branch to the failure block, so a refutable
//! pattern is control flow like an `if`.

use super::*;

impl FnBuilder<'_> {
    /// Binds an irrefutable pattern (`let` and `for`).
    pub(super) fn bind_irrefutable(&mut self, pat: &Pat, v: Value) -> R<()> {
        match pat {
            Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                self.env.push(Local::binding(pi, v));
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
                            Section::ControlFlow,
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
                Section::ControlFlow,
                "this pattern in `let`",
                "not translated yet",
                "bind a name or a tuple of names",
            )),
        }
    }

    // ---- patterns ----

    /// Tests `v` against `pat`, binding its names; on mismatch, links to
    /// `fail` with the first `fail_n` locals.
    pub(super) fn pattern(&mut self, pat: &Pat, v: Value, fail: BlockId, fail_n: usize) -> R<()> {
        match pat {
            Pat::Wild(_) => Ok(()),
            Pat::Ident(pi) => {
                if pi.by_ref.is_some() {
                    return Err(unsupported(
                        pi,
                        Section::ControlFlow,
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
                self.env.push(Local::binding(pi, v));
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
                            Section::ControlFlow,
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
                            Section::ControlFlow,
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
                Section::ControlFlow,
                "this pattern",
                "not translated yet",
                "use literals, ranges, tuples, `Some`/`None`, `_` and bindings",
            )),
        }
    }

    /// The payload struct of the enum variant a path names (`Expr::Add`,
    /// `Self::Add`), for enums with data.
    pub(super) fn variant_of(&self, path: &syn::Path) -> Option<StructId> {
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
            _ => Err(unsupported(
                e,
                Section::ControlFlow,
                "this range pattern bound",
                "bounds must be literals or constants",
                "",
            )),
        }
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
