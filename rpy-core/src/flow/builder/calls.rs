//! Calls and method calls: the module's functions, the std functions and
//! methods the dialect knows, and the methods that are control flow or a
//! `match` in disguise (`unwrap`, `ok_or`, ...). Names are resolved here, as
//! far as syntax tells; types decide the rest in `annotator::typeck`.

use super::places::entry_call;
use super::*;
use crate::lang_items::{self, LangItem};

impl FnBuilder<'_> {
    pub(super) fn call(&mut self, c: &syn::ExprCall) -> R<Option<Value>> {
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
        let stored = match &*c.func {
            Expr::Path(p) => {
                p.path.get_ident().and_then(|i| self.lookup(&i.to_string())).and_then(|i| self.env[i].closure)
            }
            _ => None,
        };
        if let Some(k) = stored {
            return self.call_stored(k, &c.args);
        }
        if local {
            let Some(f) = self.expr(&c.func)? else { return Ok(None) };
            let h = self.hold(f);
            let Some(args) = self.operands(&c.args, 0)? else { return Ok(None) };
            let mut all = vec![self.held(h)];
            all.extend(args);
            return Ok(Some(self.emit("indirect_call", all, pos)));
        }
        let Expr::Path(p) = &*c.func else { unreachable!() };
        let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
        // (Only the module's functions and methods may write arguments
        // back: `inout`.)
        let module_fn = match &segs[..] {
            [name] => self.lookup(name).is_none() && self.scope.fns.contains_key(name),
            [ty, f] => {
                let key = (self.type_name(ty), f.clone());
                self.scope.assoc.contains_key(&key) || self.scope.trait_methods.contains(&(ty.clone(), f.clone()))
            }
            _ => false,
        };
        let (mut args, places) = if module_fn {
            let Some(operands) = self.call_operands(&c.args, 0, None)? else { return Ok(None) };
            operands
        } else {
            let Some(args) = self.operands(&c.args, 0)? else { return Ok(None) };
            (args, Vec::new())
        };
        let pos_at = pos_of(c.span());
        if segs.len() == 1 {
            let name = &segs[0];
            if self.lookup(name).is_none() {
                if let Some(&g) = self.scope.fns.get(name) {
                    let mut all = vec![meta_func(g)];
                    all.extend(args.iter().cloned());
                    let r = self.emit("simple_call", all, pos);
                    return Ok(Some(self.write_back(r, &places, pos_at)?));
                }
                if self.scope.generic_fns.contains(name) {
                    let mut all = vec![self.generic_target(name, &p.path.segments[0].arguments)?];
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
        // RPython's rlib functions the runtime provides (`rpython::time`,
        // `rpython::rgc`), by their full paths or after `use rpython::time;`.
        let rlib = match segs.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["rpython", m, f] | [m, f] if !module_fn => format!("{m}::{f}"),
            _ => String::new(),
        };
        match (rlib.as_str(), args.len()) {
            ("time::clock", 0) => return Ok(Some(self.emit("time_clock", args, pos))),
            ("time::time", 0) => return Ok(Some(self.emit("time_time", args, pos))),
            ("rgc::collect", 0) => {
                self.emit("gc_collect", args, pos);
                return Ok(Some(unit()));
            }
            ("rgc::heap_size", 0) => return Ok(Some(self.emit("gc_heap_size", args, pos))),
            ("rgc::compute_unique_id", 1) => return Ok(Some(self.emit("gc_id", args, pos))),
            _ => {}
        }
        // The std functions of the dialect, by their full or `use`d paths.
        let std_path = segs.len() > 2 && segs[0] == "std";
        let segs: Vec<String> = if std_path { segs[1..].to_vec() } else { segs };
        match (segs.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), args.len()) {
            (["fs", "read"], 1) => return Ok(Some(self.emit("fs_read", args, pos))),
            (["fs", "read_to_string"], 1) => return Ok(Some(self.emit("fs_read_to_string", args, pos))),
            (["process", "exit"], 1) => {
                self.emit("process_exit", args, pos);
                return Ok(Some(unit()));
            }
            (["env", "var"], 1) => return Ok(Some(self.emit("env_var", args, pos))),
            (["env", other, ..], _) if *other != "var" => {
                return Err(unsupported(
                    &c.func,
                    Section::Io,
                    &format!("`std::env::{other}`"),
                    "a translated program reads its environment through `std::env::var` only",
                    "use `std::env::var(name)`; the process's arguments are those of `entry_point(argv)`",
                ))
            }
            (["time", ..], _) if std_path => {
                return Err(unsupported(
                    &c.func,
                    Section::Io,
                    &format!("`std::{}`", segs.join("::")),
                    "the dialect's clocks are RPython's, in `rpython::time`",
                    "use `rpython::time::clock()` (the process's CPU time) or `rpython::time::time()` (seconds since the Unix epoch)",
                ))
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
            // `f64::from_bits(u)`: the bits of a `u64` as a float.
            (["f64", "from_bits"], 1) => return Ok(Some(self.emit("float_from_bits", args, pos))),
            (["Vec", "new"], 0) => return Ok(Some(self.emit("newlist", vec![], pos))),
            // (RPython's `newlist_hint`: empty, with room for `n` items.)
            (["Vec", "with_capacity"], 1) => return Ok(Some(self.emit("newlist_hint", args, pos))),
            // A new list of bytes viewed as a string (not a copy of "").
            (["String", "new"], 0) | (["String", "with_capacity"], 1) => {
                let bytes = self.emit(if args.is_empty() { "newlist" } else { "newlist_hint" }, args, pos);
                return Ok(Some(self.emit("str_from_bytes", vec![bytes], pos)));
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
            // The intrinsics the prelude calls (`LangItem`'s `Kind::Intrinsic`):
            // its views of a string as its bytes and back, Rust's own
            // `f64::from_str`, std's Unicode case conversions and classes
            // (run by the runtime), the value behind an `Rc`.
            ([name], n) => {
                if let Some(op) = LangItem::intrinsic_op(name, n) {
                    return Ok(Some(self.emit(op, args, pos)));
                }
            }
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
                    Section::Cells,
                    &format!("`Rc::{other}`"),
                    "an `Rc` is a reference to a GC object in rpy: there are no counts and no weak references",
                    "use `Rc::new`, `Rc::clone` and `Rc::ptr_eq`, and `rpython::rgc::compute_unique_id` for a number naming the object",
                ))
            }
            _ => {}
        }
        // `Default::default()`: the default of the type wanted there
        // (`typeck`'s conversions).
        if segs == ["Default", "default"] && args.is_empty() {
            return Ok(Some(self.emit("default_of", vec![], pos)));
        }
        if segs == ["Box", "new"] && args.len() == 1 {
            return Ok(Some(self.emit("box_new", args, pos)));
        }
        if segs.len() == 2 {
            let key = (self.type_name(&segs[0]), segs[1].clone());
            if let Some(&g) = self.scope.assoc.get(&key) {
                let mut all = vec![meta_func(g)];
                all.extend(args.iter().cloned());
                let r = self.emit("simple_call", all, pos);
                return Ok(Some(self.write_back(r, &places, pos_at)?));
            }
            // A generic type's function (`Stack::new()`): its instance's,
            // by the arguments type inference finds.
            let generic = format!("{}::{}", key.0, key.1);
            if self.scope.generic_fns.contains(&generic) {
                // (Its own type arguments are the type's: rustc rejects
                // any on the function.)
                let mut all = vec![self.generic_target(&generic, &p.path.segments[0].arguments)?];
                all.extend(args);
                return Ok(Some(self.emit("generic_call", all, pos)));
            }
            if let Some(vs) = self.variant_of(&p.path) {
                let mut all = vec![meta_type(Ty::Struct(vs))];
                all.extend(args);
                return Ok(Some(self.emit("newvariant", all, pos)));
            }
            // `T::from(x)`: the module's `From` implementation for `x`'s
            // type, which type inference picks.
            let (ty_name, _) = &key;
            let ty = match (self.scope.structs.get(ty_name), self.scope.enums.get(ty_name)) {
                (Some(&s), _) => Some(Ty::Struct(s)),
                (_, Some(&e)) => Some(Ty::Enum(e)),
                _ => None,
            };
            if let (Some(ty), "from", [_]) = (ty, segs[1].as_str(), &args[..]) {
                let all = vec![meta_type(ty), args.remove(0)];
                return Ok(Some(self.emit("convert", all, pos)));
            }
        }
        // `Trait::m(x, ..)`: the method call `x.m(..)`, on `x`'s type.
        if segs.len() == 2 && !args.is_empty() && self.scope.trait_methods.contains(&(segs[0].clone(), segs[1].clone()))
        {
            let mut all = vec![meta_str(segs[1].clone())];
            all.extend(args.iter().cloned());
            let r = self.emit("call_method", all, pos);
            return Ok(Some(self.write_back(r, &places, pos_at)?));
        }
        // `i64::default()` (as an instance of a generic type writes
        // `T::default()`): `Default::default()` of that type.
        if let ([ty, "default"], true) = (&segs.iter().map(String::as_str).collect::<Vec<_>>()[..], args.is_empty()) {
            let ty = match *ty {
                "f64" => Some(Ty::F64),
                "bool" => Some(Ty::Bool),
                "char" => Some(Ty::Char),
                "String" => Some(Ty::Str),
                other => IntTy::from_name(other).map(Ty::Int),
            };
            if let Some(ty) = ty {
                let d = self.emit("default_of", vec![], pos);
                return Ok(Some(self.ascribe(d, ty, pos)));
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
            Section::Module,
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
                return Err(unsupported(
                    range,
                    Section::Iterators,
                    "an unbounded range here",
                    "it has no end",
                    "give both bounds",
                ));
            };
            let Some(v) = self.exprs([&**a, &**b])? else { return Ok(Some(None)) };
            let (a, mut b) = (v[0].clone(), v[1].clone());
            if matches!(range.limits, syn::RangeLimits::Closed(_)) {
                let id = self.literal_id();
                let one =
                    Value::Const(Constant { value: ConstValue::Int(1), ty: ConstTy::Infer(id), concretetype: None });
                b = self.emit("add", vec![b, one], Some(pos_of(range.span())));
            }
            let f = if name == "collect" { LangItem::RangeCollect } else { LangItem::RangeSum };
            let f = meta_str(f.name().into());
            let pos = Some(pos_of(m.method.span()));
            let r = self.emit("generic_call", vec![f, a, b], pos);
            // (A `Vec`, which `collect` makes what the result wants: itself,
            // or a collection of the prelude.)
            return Ok(Some(Some(if name == "collect" { self.emit("collect", vec![r], pos) } else { r })));
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
        // `__iter_sum`, a method of the list (the prelude's `__vec_iter_sum`).
        let f = match name.as_str() {
            "sum" => LangItem::IterSum,
            "max" => LangItem::IterMax,
            _ => LangItem::IterMin,
        };
        let call = vec![meta_str(f.name().into()), list];
        Ok(Some(Some(self.emit("call_method", call, Some(pos_of(m.method.span()))))))
    }

    /// The first operand of a `generic_call` of `name`: the name, with the
    /// type arguments written at the call (`f::<i64>(x)`,
    /// `Stack::<u8>::new()`) when there are.
    fn generic_target(&self, name: &str, written: &syn::PathArguments) -> R<Value> {
        let syn::PathArguments::AngleBracketed(a) = written else { return Ok(meta_str(name.to_string())) };
        let mut key = vec![ConstValue::Str(name.to_string())];
        for arg in &a.args {
            let syn::GenericArgument::Type(ty) = arg else {
                return Err(unsupported(arg, Section::Generics, "this generic argument", "only types are", ""));
            };
            key.push(ConstValue::Type(self.parse_type(ty)?));
        }
        Ok(Value::Const(Constant::meta(ConstValue::Tuple(key))))
    }

    /// `s.parse::<T>()`, for an integer type or `f64`: the prelude's
    /// `__parse_int` (one instance per integer type) or `__parse_f64`.
    fn parse(&mut self, m: &syn::ExprMethodCall) -> R<Option<Value>> {
        let pos = Some(pos_of(m.method.span()));
        let target = match &m.turbofish {
            Some(t) if t.args.len() == 1 && !matches!(&t.args[0], syn::GenericArgument::Type(syn::Type::Infer(_))) => {
                match &t.args[0] {
                    syn::GenericArgument::Type(ty) => self.scope.parse_type(ty, None)?,
                    other => return Err(unsupported(other, Section::Generics, "this type argument", "", "")),
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
            Ty::F64 => Ok(Some(self.emit("call_method", vec![meta_str(LangItem::ParseF64.name().into()), s], pos))),
            Ty::Int(it) => {
                let r = self.emit("generic_call", lang_items::parse_int_args(it, s), pos);
                let err = Ty::Struct(self.scope.structs[LangItem::ParseIntError.name()]);
                Ok(Some(self.ascribe(r, Ty::Result(Box::new(target), Box::new(err)), pos)))
            }
            other => Err(unsupported(
                &m.turbofish,
                Section::Strings,
                &format!("parsing a `{other}`"),
                "only integers and `f64` are parsed",
                "",
            )),
        }
    }

    pub(super) fn method_call(&mut self, m: &syn::ExprMethodCall) -> R<Option<Value>> {
        let pos = pos_of(m.method.span());
        // (`matrix.map(f)` with a `fn` item: a method of the module's own,
        // not `Option::map`.)
        let own_with_fn =
            self.scope.method_names.contains(&m.method.to_string()) && matches!(m.args.last(), Some(Expr::Path(_)));
        if let (false, Some(e)) = (own_with_fn, super::closures::method_call(m)?) {
            return self.expr(&e);
        }
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
                    other => return Err(unsupported(other, Section::Generics, "this type argument", "", "")),
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
            return Err(unsupported(
                t,
                Section::Generics,
                "explicit generic arguments",
                "generics are not translated yet",
                "",
            ));
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
                    Section::Io,
                    "this method of stdin",
                    "only `read_line`, `read_to_string`, `read_to_end` and `read` are translated",
                    "",
                )),
                _ => Err(unsupported(
                    inner,
                    Section::Io,
                    "this method of stdout/stderr",
                    "only `write_all` and `flush` are translated",
                    "use `print!` or `write_all`",
                )),
            };
        }
        // `r.unwrap_err()`, `r.expect_err("m")`: the error, or std's panic
        // with the `Ok` value.
        let args: Vec<&Expr> = m.args.iter().collect();
        let message = match (name.as_str(), &args[..]) {
            ("unwrap_err", []) => Some("called `Result::unwrap_err()` on an `Ok` value: {:?}".to_string()),
            ("expect_err", [Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. })]) => {
                Some(format!("{}: {{:?}}", s.value().replace('{', "{{").replace('}', "}}")))
            }
            _ => None,
        };
        if let Some(message) = message {
            let recv = &m.receiver;
            let e: Expr = syn::parse_quote_spanned! {m.method.span()=>
                match #recv { Err(__rpy_e) => __rpy_e, Ok(__rpy_v) => panic!(#message, __rpy_v) }
            };
            return self.expr(&e);
        }
        // `map.range(a..b)` (`a..`, `..b`, `a..=b`, `..`) of a `BTreeMap`
        // or a `BTreeSet`: the entries from `a` to `b`.
        if let ("range", [Expr::Range(r)]) = (name.as_str(), &m.args.iter().collect::<Vec<_>>()[..]) {
            let Some(recv) = self.expr(&m.receiver)? else { return Ok(None) };
            let h = self.hold(recv);
            let mut bounds = Vec::new();
            for bound in [&r.start, &r.end] {
                let v = match bound {
                    Some(e) => match self.expr(e)? {
                        Some(v) => self.emit("newsome", vec![v], Some(pos)),
                        None => return Ok(None),
                    },
                    None => {
                        let id = self.literal_id();
                        Value::Const(Constant { value: ConstValue::None, ty: ConstTy::Infer(id), concretetype: None })
                    }
                };
                bounds.push(self.hold(v));
            }
            let inclusive = matches!(r.limits, syn::RangeLimits::Closed(_));
            let inclusive = Value::Const(Constant::new(ConstValue::Bool(inclusive), Ty::Bool));
            let args =
                vec![meta_str("__range".into()), self.held(h), self.held(bounds[0]), self.held(bounds[1]), inclusive];
            self.drop_locals(h);
            return Ok(Some(self.emit("call_method", args, Some(pos))));
        }
        // `v.extend_from_slice(&w[a..b])`: the slice's checks, then the items
        // appended from `w` itself, not from a copy of them.
        if let ("extend_from_slice", [arg]) = (name.as_str(), &args[..]) {
            if let Some((base, range, at)) = super::exprs::range_index(arg) {
                let Some(recv) = self.expr(&m.receiver)? else { return Ok(None) };
                let saved = self.env.len();
                let h = self.hold(recv);
                let Some(parts) = self.range_parts(base, Some((range, at)), true)? else {
                    self.drop_locals(saved);
                    return Ok(None);
                };
                let mut call = vec![meta_str(LangItem::ExtendRange.name().into()), self.held(h)];
                call.extend(parts);
                self.drop_locals(saved);
                self.emit("call_method", call, Some(pos));
                return Ok(Some(unit()));
            }
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
            "unwrap_or_default",
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
            "drain",
        ];
        if !OWN_ARMS.contains(&name.as_str())
            && crate::methods::method_sig(&name).is_none()
            && crate::methods::list_method_sig(&name).is_none()
            && crate::methods::dict_method_sig(&name).is_none()
            && !crate::methods::CELL_METHODS.contains(&name.as_str())
            && !crate::methods::ORD_METHODS.contains(&name.as_str())
            && name != "into"
            && !crate::methods::is_iter_method(&name)
            && !self.scope.method_names.contains(&name)
            && !self.scope.generic_fns.contains(&lang_items::vec_fn(&name))
        {
            if crate::methods::FORMATTER_METHODS.contains(&name.as_str()) {
                return Err(unsupported(
                    &m.method, Section::Formatting,
                    &format!("the `fmt::Formatter` method `{name}`"),
                    "a `Display` or `Debug` implementation formats into a string: the formatter's options (width, fill, flags) and helpers are not translated",
                    "write the text with `write!(f, ...)` or `f.write_str(..)`",
                ));
            }
            return Err(unsupported(
                &m.method, Section::Outside,
                &format!("the method `{name}`"),
                "rpy translates only the dialect's methods: of integers (`checked_*`, `wrapping_*`, `saturating_*`, `abs`, `pow`, `min`, `max`, bit counts, rotations, `rem_euclid`, ...), of `f64`, of `char` and `u8` (ASCII and Unicode classes, `to_digit`, ...), of `Vec`, of strings (`len`, `chars`, `bytes`, `push`, `trim`, `split`, `find`, ...), of `HashMap`/`HashSet`, of `Cell`/`RefCell`, of iterators (`next`, `peek`, `rev`, `enumerate`, ...), `cmp`/`partial_cmp`, `into`, and the module's own",
                "write it with supported operations, or as a function of the module",
            ));
        }
        if let Some(e) = desugared_method(m, &name) {
            return self.expr(&e);
        }
        let operands = std::iter::once(&*m.receiver).chain(&m.args);
        let Some((mut args, places)) = self.call_operands(operands, 1, Some(&m.method))? else { return Ok(None) };
        let recv = args.remove(0);
        match (name.as_str(), args.len()) {
            // The methods of Option and Result that are control flow: the
            // operand's type decides which (see `typeck::rewrite_unwrap`).
            ("unwrap", 0) | ("expect", 1) | ("unwrap_or", 1) | ("unwrap_or_default", 0) => {
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
                // (The default is made only when it is needed, as std's.)
                if name == "unwrap_or_default" {
                    let d = self.emit("default_of", vec![], Some(pos));
                    self.link_to(join, n, vec![d], None);
                    let extra = self.enter(join, n);
                    return Ok(Some(extra[0].clone()));
                }
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
                            Section::OptionResult,
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
                self.env.push(Local::plain("__rpy_err", err));
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
                // A `RefCell`'s borrow in an expression lasts to the end of
                // its statement (`end_expression_borrows`); on another type,
                // its end is nothing (`typeck`).
                let borrow = match (name.as_str(), args.len()) {
                    ("borrow", 0) => Some(Borrow::Shared),
                    ("borrow_mut", 0) => Some(Borrow::Mut),
                    _ => None,
                };
                let mut all = vec![meta_str(name), recv.clone()];
                all.extend(args);
                let v = self.emit("call_method", all, Some(pos));
                let v = self.write_back(v, &places, pos)?;
                if let Some(kind) = borrow {
                    let mut local = Local::plain(EXPR_BORROW, recv);
                    local.borrowed = Some(kind);
                    self.env.push(local);
                }
                Ok(Some(v))
            }
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
        // `v.drain(range)`: the items of the range, taken out of `v`, as an
        // iterator (std's is lazy, but the items are gone from `v` once
        // the iterator is dropped, which is all a program can see).
        ("drain", [Expr::Range(r)]) => {
            let lo = match &r.start {
                Some(a) => quote::quote!(#a),
                None => quote::quote!(0),
            };
            let hi = match (&r.end, &r.limits) {
                (Some(b), syn::RangeLimits::Closed(_)) => quote::quote!(#b + 1),
                (Some(b), _) => quote::quote!(#b),
                (None, _) => quote::quote!(__rpy_v.len()),
            };
            syn::parse_quote_spanned!(span=> {
                let __rpy_v = &mut #recv;
                let __rpy_lo: usize = #lo;
                let __rpy_hi: usize = #hi;
                let __rpy_taken = __rpy_v[__rpy_lo..__rpy_hi].to_vec();
                let __rpy_tail = __rpy_v.split_off(__rpy_hi);
                __rpy_v.truncate(__rpy_lo);
                __rpy_v.extend(__rpy_tail);
                __rpy_taken.into_iter()
            })
        }
        _ => return None,
    })
}
