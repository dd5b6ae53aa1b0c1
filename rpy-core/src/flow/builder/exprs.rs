//! Expressions: each becomes the operations that compute its value (literals,
//! paths, operators, struct literals, slices). Operands are evaluated left to
//! right and held as hidden locals, because control flow inside one
//! (`a + if c { 1 } else { 2 }`) moves evaluation to another block.

use super::*;
use crate::lang_items::LangItem;

impl FnBuilder<'_> {
    // ---- expressions ----

    pub(super) fn expr(&mut self, e: &Expr) -> R<Option<Value>> {
        let pos = Some(pos_of(e.span()));
        Ok(Some(match e {
            Expr::Lit(l) => self.lit(&l.lit)?,
            Expr::Paren(p) => return self.expr(&p.expr),
            Expr::Group(g) => return self.expr(&g.expr),
            Expr::Path(p) => {
                if p.qself.is_some() {
                    return Err(unsupported(e, Section::Outside, "a qualified path", "not translated", ""));
                }
                self.path_expr(&p.path, e)?
            }
            Expr::Block(b) => {
                if let Some(l) = &b.label {
                    return Err(unsupported(
                        l, Section::ControlFlow,
                        "a labeled block",
                        "not translated yet",
                        "use a labeled `loop` with `break`",
                    ));
                }
                return self.block(&b.block);
            }
            Expr::Unsafe(u) => {
                return Err(unsupported(
                    &u.unsafe_token, Section::Outside,
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
                    _ => return Err(unsupported(&u.op, Section::Outside, "this operator", "it is outside the dialect", "")),
                }
            }
            Expr::Cast(c) => {
                let ty = self.parse_type(&c.ty)?;
                if ty.has_infer() {
                    return Err(unsupported(
                        &c.ty, Section::Numbers,
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
                let option = matches!(self.g.declared_ret(), Ty::Option(_));
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
                self.return_value(r, pos);
                self.cur = ok;
                self.env = env;
                let payload = self.emit(if option { "some_payload" } else { "ok_payload" }, vec![self.held(h)], pos);
                self.drop_locals(n);
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
                self.return_value(v, pos);
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
                            e, Section::ControlFlow,
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
                    &c.or1_token, Section::Closures,
                    "a closure here",
                    "a closure is translated where it is stored in a local (`let f = |x| ..;`) or passed to a method that calls it at once (the iterator adaptors and consumers, `retain`, `sort_by`, `sort_by_key`, `unwrap_or_else`, ...); closures that escape (returned, stored in a struct, passed to a function) are not",
                    "write a named `fn` and pass a `fn` pointer, with the captured values as arguments",
                ))
            }
            // A shared reference to a value is the value (see `parse_type`).
            // `&x` is `x`, unless it makes a trait object (`typeck`'s coercions).
            Expr::Reference(r) if r.mutability.is_none() && self.scope.has_dyn => {
                let Some(v) = self.expr(&r.expr)? else { return Ok(None) };
                self.emit("borrow", vec![v], pos)
            }
            Expr::Reference(r) if r.mutability.is_none() => return self.expr(&r.expr),
            // `&mut x` is `x` for a GC object; the rtyper rejects it for values.
            Expr::Reference(r) => {
                if let Expr::Index(i) = &*r.expr {
                    if let Expr::Range(range) = &*i.index {
                        return Err(unsupported(
                            range, Section::Vec,
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
                let pos = self.index_pos(&i.expr, &i.bracket_token);
                self.emit("getitem", operands, Some(pos))
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
                    l, Section::ControlFlow,
                    "a `let` expression here",
                    "`let` conditions are supported directly in `if` and `while`",
                    "",
                ))
            }
            Expr::Range(r) => {
                return Err(unsupported(
                    r, Section::Iterators,
                    "a range as a value",
                    "ranges are supported only as `for` loop iterables",
                    "use `for i in a..b`",
                ))
            }
            other => return Err(unsupported(other, Section::Outside, "this expression", "it is outside the dialect", "")),
        }))
    }

    /// Evaluates operands left to right. An operand may contain control
    /// flow (`a + if c { 1 } else { 2 }`), which moves evaluation to another
    /// block, so the earlier results are held as hidden locals until all are
    /// computed. `None` if one diverges.
    pub(super) fn exprs<'e>(&mut self, es: impl IntoIterator<Item = &'e Expr>) -> R<Option<Vec<Value>>> {
        self.operands(es, usize::MAX)
    }

    /// The values of `es`, the ones from `first` on used by value (a
    /// call's arguments after its receiver: see `operand`).
    pub(super) fn operands<'e>(
        &mut self,
        es: impl IntoIterator<Item = &'e Expr>,
        first: usize,
    ) -> R<Option<Vec<Value>>> {
        let saved = self.env.len();
        let mut slots = Vec::new();
        for (i, e) in es.into_iter().enumerate() {
            let v = if i >= first { self.operand(e)? } else { self.expr(e)? };
            let Some(v) = v else {
                self.drop_locals(saved);
                return Ok(None);
            };
            slots.push(self.hold(v));
        }
        let values = slots.iter().map(|&s| self.held(s)).collect();
        self.drop_locals(saved);
        Ok(Some(values))
    }

    /// `e` used by value: bound, assigned, passed, stored or returned.
    pub(super) fn operand(&mut self, e: &Expr) -> R<Option<Value>> {
        let Some(v) = self.expr(e)? else { return Ok(None) };
        Ok(Some(self.copied(e, v)))
    }

    /// The value `v` of `e`, copied if `e` is a place Rust copies: an
    /// array (a local made as one, a field that may be one, any item:
    /// moving out of those is only allowed when nothing uses the place
    /// again, so a copy is never wrong, but a `Vec` field moved is not
    /// copied). A `Copy` struct holding arrays is copied whatever the
    /// place. `copy_value(v, may_be_array)` is resolved by type inference:
    /// a clone of a list, else the value itself.
    pub(super) fn copied(&mut self, e: &Expr, v: Value) -> Value {
        if !self.copies {
            return v;
        }
        let array = match e {
            Expr::Path(p) => match p.path.get_ident().and_then(|i| self.lookup_local(&i.to_string())) {
                Some(l) if l.array => true,
                Some(l) if !l.guard && self.scope.copy_structs_hold_arrays => false,
                _ => return v,
            },
            // (A field of a tuple may be an array.)
            Expr::Field(f) => match &f.member {
                syn::Member::Named(name) if !self.scope.array_field_names.contains(&name.to_string()) => return v,
                _ => true,
            },
            Expr::Index(_) => true,
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

    pub(super) fn lit(&mut self, lit: &syn::Lit) -> R<Value> {
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
                            return Err(unsupported(
                                i,
                                Section::Numbers,
                                &format!("the literal suffix `{s}`"),
                                "not a dialect type",
                                "",
                            ))
                        }
                    },
                }
            }
            syn::Lit::Float(f) => {
                if !matches!(f.suffix(), "" | "f64") {
                    return Err(unsupported(
                        f,
                        Section::Numbers,
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
                    Section::Strings,
                    "a C string literal",
                    "C strings are for FFI, which the dialect has not",
                    "use a string literal",
                ))
            }
            other => return Err(unsupported(other, Section::Outside, "this literal", "it is outside the dialect", "")),
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
                    _ => {
                        return Err(unsupported(
                            lit,
                            Section::Numbers,
                            "negating this literal",
                            "only numbers can be negated",
                            "",
                        ))
                    }
                };
                Ok(Value::Const(c))
            }
            Value::Var(_) => unreachable!(),
        }
    }

    pub(super) fn path_expr(&mut self, path: &syn::Path, tokens: &dyn ToTokens) -> R<Value> {
        let mut segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        // `std::cmp::Ordering::Less` is the prelude's `Ordering`'s.
        if let [.., cmp, ordering, _] = &segs[..] {
            let std = segs.len() == 3 || (segs.len() == 4 && (segs[0] == "std" || segs[0] == "core"));
            if std && cmp == "cmp" && ordering == "Ordering" {
                segs = vec![crate::lang_items::LangItem::Ordering.name().into(), segs.pop().expect("a variant")];
            }
        }
        if segs.len() == 1 {
            return self.path_value(&segs[0], tokens);
        }
        if segs.len() == 2 {
            let key = (self.type_name(&segs[0]), segs[1].clone());
            if let Some(&g) = self.scope.assoc.get(&key) {
                // An associated function used as a value; an associated constant.
                if self.scope.fn_types.contains_key(&g) {
                    return self.fn_value(g, tokens);
                }
                return Ok(self.emit("simple_call", vec![meta_func(g)], None));
            }
            if let Some(vs) = self.variant_of(path) {
                if !self.scope.struct_fields(vs).is_empty() {
                    return Err(unsupported(
                        tokens,
                        Section::StructsAndEnums,
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
                            Section::Numbers,
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
                    Section::Module,
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
                _ => {
                    return Err(unsupported(tokens, Section::Numbers, &format!("`{ty}::{c}`"), "not known to rpy", ""))
                }
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
                _ => return Err(unsupported(tokens, Section::Numbers, &format!("`f64::{c}`"), "not known to rpy", "")),
            };
            return Ok(Value::Const(Constant::new(ConstValue::Float(v), Ty::F64)));
        }
        if ty == "char" && c == "MAX" {
            return Ok(Value::Const(Constant::new(ConstValue::Char(char::MAX), Ty::Char)));
        }
        Err(unsupported(
            tokens,
            Section::Module,
            "this path",
            "only the module's own items and the constants of primitive types are in scope",
            "",
        ))
    }

    /// Function `g` as a value: a constant function pointer.
    fn fn_value(&self, g: GraphId, tokens: &dyn ToTokens) -> R<Value> {
        if self.scope.inout_fns.contains(&g) {
            return Err(unsupported(
                tokens,
                Section::Types,
                "a function with `&mut` parameters of values as a `fn` pointer",
                "such a function returns the values its `&mut` parameters end with, which each call stores back; a call through a pointer does not",
                "call the function by name",
            ));
        }
        Ok(Value::Const(Constant::new(ConstValue::Func(g), self.scope.fn_types[&g].clone())))
    }

    pub(super) fn path_value(&mut self, name: &str, tokens: &dyn ToTokens) -> R<Value> {
        if let Some(i) = self.lookup(name) {
            if self.env[i].closure.is_some() {
                return Err(unsupported(
                    tokens, Section::Closures,
                    "a closure used as a value",
                    "a closure stored in a local is inlined where it is called, and passed only to the methods that call it at once (`map`, `filter`, `sort_by`, ...)",
                    "call it (`f(x)`), or write a named `fn` and pass a `fn` pointer",
                ));
            }
            let v = self.env[i].value.clone();
            if self.env[i].guard {
                return Ok(self.emit("call_method", vec![meta_str(LangItem::CellValue.name().into()), v], None));
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
            return self.fn_value(g, tokens);
        }
        if self.scope.generic_fns.contains(name) {
            return Err(unsupported(
                tokens,
                Section::Generics,
                "a generic function used as a value",
                "its instance is chosen by the types of a call's arguments",
                "wrap it in a non-generic function",
            ));
        }
        Err(unsupported(
            tokens,
            Section::Module,
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
            _ => return Err(unsupported(&b.op, Section::Outside, "this operator", "it is outside the dialect", "")),
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
        if let (true, Some((key, place))) = (compound, super::places::hoist_map_key(&b.left)) {
            let (op, right) = (&b.op, &b.right);
            let block: Expr = syn::parse_quote_spanned!(b.span()=> { let __rpy_key = #key; #place #op #right; });
            return self.expr(&block);
        }
        if let BinOp::Eq(_) | BinOp::Ne(_) = b.op {
            if let Some(v) = self.slice_eq(b, opname == "ne")? {
                return Ok(v);
            }
        }
        let Some(operands) = self.exprs([&*b.left, &*b.right])? else { return Ok(None) };
        let v = self.emit(opname, operands, pos);
        if compound {
            self.assign(&b.left, v)?;
            return Ok(Some(unit()));
        }
        Ok(Some(v))
    }

    /// `x[a..b]` of a string or a list, with either bound left out: a new
    /// string or list of those bytes or items (RPython's slices copy too).
    /// Bounds out of range, decreasing, or inside a character panic as in Rust.
    fn slice(&mut self, base: &Expr, range: &syn::ExprRange, pos: Pos) -> R<Option<Value>> {
        let Some(mut args) = self.range_parts(base, Some((range, pos)), false)? else { return Ok(None) };
        args.insert(0, meta_str(LangItem::Slice.name().into()));
        Ok(Some(self.emit("call_method", args, Some(pos))))
    }

    /// The string or list `base` and the bounds of its part `range` (all of
    /// it without one), evaluated in that order: `[x, start, end]`; with
    /// `check`, the slice's checks are made (at the range's position `pos`).
    pub(super) fn range_parts(
        &mut self,
        base: &Expr,
        range: Option<(&syn::ExprRange, Pos)>,
        check: bool,
    ) -> R<Option<Vec<Value>>> {
        let (range, pos) = (range.map(|r| r.0), range.map(|r| r.1));
        let Some(x) = self.expr(base)? else { return Ok(None) };
        let saved = self.env.len();
        let x = self.hold(x);
        let mut bounds = Vec::new();
        for bound in [range.and_then(|r| r.start.as_deref()), range.and_then(|r| r.end.as_deref())] {
            let Some(e) = bound else {
                bounds.push(None);
                continue;
            };
            let Some(v) = self.expr(e)? else {
                self.drop_locals(saved);
                return Ok(None);
            };
            let v = self.ascribe(v, Ty::Int(IntTy::Usize), None);
            bounds.push(Some(self.hold(v)));
        }
        let start = match bounds[0] {
            Some(h) => self.held(h),
            None => Value::Const(Constant::int(0, IntTy::Usize)),
        };
        let end = match (bounds[1], range.map(|r| &r.limits)) {
            (Some(h), Some(syn::RangeLimits::Closed(_))) => {
                let one = Value::Const(Constant::int(1, IntTy::Usize));
                let v = self.held(h);
                self.emit("add", vec![v, one], pos)
            }
            (Some(h), _) => self.held(h),
            (None, _) => {
                let v = self.held(x);
                self.emit("call_method", vec![meta_str("len".into()), v], None)
            }
        };
        let x = self.held(x);
        self.drop_locals(saved);
        if check && range.is_some() {
            let args = vec![meta_str(LangItem::CheckRange.name().into()), x.clone(), start.clone(), end.clone()];
            self.emit("call_method", args, pos);
        }
        Ok(Some(vec![x, start, end]))
    }

    /// `x[a..b] == y[c..d]` (either side may be a whole string or list, and
    /// `!=`): the slices' checks, then the parts compared in place instead
    /// of copied to compare the copies.
    fn slice_eq(&mut self, b: &syn::ExprBinary, ne: bool) -> R<Option<Option<Value>>> {
        let (left, right) = (range_index(&b.left), range_index(&b.right));
        if left.is_none() && right.is_none() {
            return Ok(None);
        }
        let pos = pos_of(b.span());
        let saved = self.env.len();
        let mut held = Vec::new();
        for (whole, part) in [(&*b.left, left), (&*b.right, right)] {
            let parts = match part {
                Some((base, range, at)) => self.range_parts(base, Some((range, at)), true)?,
                None => self.range_parts(whole, None, false)?,
            };
            let Some(parts) = parts else {
                self.drop_locals(saved);
                return Ok(Some(None));
            };
            held.extend(parts.into_iter().map(|v| self.hold(v)));
        }
        let mut args = vec![meta_str(LangItem::SliceEq.name().into())];
        args.extend(held.iter().map(|&h| self.held(h)));
        self.drop_locals(saved);
        let eq = self.emit("call_method", args, Some(pos));
        Ok(Some(Some(if ne { self.emit("invert", vec![eq], Some(pos)) } else { eq })))
    }

    /// `Point { x: 1, y: 2 }`: fields are evaluated in the order written,
    /// then the struct is built in declaration order.
    fn struct_literal(&mut self, st: &syn::ExprStruct) -> R<Option<Value>> {
        if let Some(rest) = &st.rest {
            return self.struct_update(st, rest);
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

    /// `S { a: x, ..base }`, as the block `{ let a = x; let base = base;
    /// S { a, b: base.b, .. } }` (the fields written are evaluated first,
    /// then the base, whose other fields move into the new struct).
    /// `..Default::default()` is `..S::default()`.
    fn struct_update(&mut self, st: &syn::ExprStruct, rest: &Expr) -> R<Option<Value>> {
        let ty = self.struct_path(&st.path)?;
        let Ty::Struct(sid) = ty else { unreachable!("a struct of the module") };
        let span = rest.span();
        let path = &st.path;
        let is_default = matches!(rest, Expr::Call(c) if c.args.is_empty()
            && matches!(&*c.func, Expr::Path(p) if p.path.segments.len() == 2
                && p.path.segments[0].ident == "Default" && p.path.segments[1].ident == "default"));
        let base: Expr = if is_default { syn::parse_quote_spanned!(span=> #path::default()) } else { rest.clone() };
        let written: Vec<String> = st.fields.iter().map(|f| member_name(&f.member)).collect();
        let local = |name: &str| syn::Ident::new(&format!("__rpy_update_{name}"), span);
        let lets = st.fields.iter().zip(&written).map(|(f, name)| {
            let (l, e) = (local(name), &f.expr);
            quote::quote_spanned!(span=> let #l = #e;)
        });
        let b = local("base");
        let fields = self.scope.struct_fields(sid).into_iter().map(|field| {
            let member: syn::Member = syn::parse_str(&field).expect("a field name");
            if written.contains(&field) {
                let l = local(&field);
                quote::quote_spanned!(span=> #member: #l)
            } else {
                quote::quote_spanned!(span=> #member: #b.#member)
            }
        });
        let block: Expr = syn::parse_quote_spanned!(span=> {
            #(#lets)*
            let #b = #base;
            #path { #(#fields),* }
        });
        self.expr(&block)
    }

    /// The struct a path names (`Point`, `Self`).
    pub(super) fn struct_path(&self, path: &syn::Path) -> R<Ty> {
        let name = path.get_ident().map(|i| i.to_string()).unwrap_or_default();
        if name == "Self" {
            if let Some(t) = self.self_ty.as_ref().filter(|t| matches!(t, Ty::Struct(_)) || t.is_template()) {
                return Ok(t.clone());
            }
        }
        // `Pair::<i64> { .. }`: the generic type's instance (or its
        // prototype, until the instance exists).
        if let [seg] = path.segments.iter().collect::<Vec<_>>()[..] {
            if self.scope.generic_types.contains_key(&seg.ident.to_string()) && !seg.arguments.is_none() {
                let ty = syn::Type::Path(syn::TypePath { qself: None, path: path.clone() });
                return Ok(match self.scope.parse_type(&ty, self.self_ty.as_ref())? {
                    // (Its arguments are inferred from the fields.)
                    Ty::Generic(proto, _) => *proto,
                    ty => ty,
                });
            }
        }
        match self.scope.structs.get(&name) {
            Some(&s) => Ok(Ty::Struct(s)),
            None => {
                Err(unsupported(path, Section::StructsAndEnums, "this struct", "it is not a struct of the module", ""))
            }
        }
    }

    /// The name of the type a path's first segment names, for associated
    /// items (`Self` resolves to the `impl`'s type).
    pub(super) fn type_name(&self, segment: &str) -> String {
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
}

fn parse_int(i: &syn::LitInt) -> R<i128> {
    i.base10_digits()
        .parse::<i128>()
        .map_err(|_| unsupported(i, Section::Numbers, "this integer literal", "it does not fit in 64 bits", ""))
}

fn int_const(v: i128, t: IntTy, tokens: &dyn ToTokens) -> R<Value> {
    let (min, max) = t.min_max();
    if v < min || v > max {
        return Err(syn::Error::new_spanned(tokens, format!("rpy: literal out of range for `{}`", t.name())));
    }
    Ok(Value::Const(Constant::int(v, t)))
}

/// `x[a..b]` or `&x[a..b]` (in parentheses or not): `x`, the range and
/// its position (where Rust reports a slice's panics).
pub(super) fn range_index(e: &Expr) -> Option<(&Expr, &syn::ExprRange, Pos)> {
    match e {
        Expr::Paren(p) => range_index(&p.expr),
        Expr::Reference(r) if r.mutability.is_none() => range_index(&r.expr),
        Expr::Index(i) => match &*i.index {
            Expr::Range(range) => Some((&i.expr, range, pos_of(i.bracket_token.span.open()))),
            _ => None,
        },
        _ => None,
    }
}
