//! Macros: syn leaves their bodies as tokens, so each macro of the dialect is
//! parsed here: `vec!`, `matches!`, the panics and assertions, and formatting
//! (`format!`, `print!`, `write!`, ...), appended piece by piece by the
//! runtime's formatter.

use super::*;

impl FnBuilder<'_> {
    // ---- macros ----

    pub(super) fn macro_call(&mut self, mac: &syn::Macro) -> R<Option<Value>> {
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
                    [l, r, msg @ ..] => (l, r, msg),
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
                self.assert_failed(if eq { "==" } else { "!=" }, (hl, hr), msg, pos)?;
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
            _ => Err(unsupported(
                mac, Section::Outside,
                &format!("the macro `{name}!`"),
                "only `format!`, `print!`, `println!`, `eprint!`, `eprintln!`, `write!`, `writeln!`, `vec!`, `matches!`, `panic!`, `unreachable!`, `todo!`, `unimplemented!`, `assert!`, `assert_eq!`, `assert_ne!` and their `debug_` forms are translated",
                "",
            )),
        }
    }

    /// Panics with Rust's message of a failed `assert_eq!` (`kind` `==`)
    /// or `assert_ne!` (`!=`), the held operands in `{:?}` form and the
    /// user's message `msg` (format arguments, perhaps none) formatted.
    /// Ends the block.
    fn assert_failed(&mut self, kind: &str, (hl, hr): (usize, usize), msg: &[Expr], pos: Pos) -> R<()> {
        let buf = self.string_of(&format!("assertion `left {kind} right` failed"), pos);
        // (Held: the message's arguments may branch.)
        let hb = self.hold(buf);
        if let Some((fmt, rest)) = msg.split_first() {
            self.push_str(self.held(hb), ": ", pos);
            if self.format_args(fmt, rest, false, Some(self.held(hb)))?.is_none() {
                return Ok(());
            }
        }
        let debug = Value::Const(Constant::meta(ConstValue::Int(
            rpy_fmt::Spec { ty: rpy_fmt::FmtType::Debug, ..Default::default() }.encode() as i128,
        )));
        let none = Value::Const(Constant::int(-1, IntTy::I64));
        for (label, h) in [("\n  left: ", hl), ("\n right: ", hr)] {
            self.push_str(self.held(hb), label, pos);
            let args = vec![self.held(hb), self.held(h), debug.clone(), none.clone(), none.clone()];
            self.emit("format_arg", args, Some(pos));
        }
        self.emit("panic_str", vec![self.held(hb), meta_pos(pos)], Some(pos));
        self.cur = None;
        Ok(())
    }

    /// Appends the constant `s` to the string `buf`.
    fn push_str(&mut self, buf: Value, s: &str, pos: Pos) {
        let lit = Value::Const(Constant::new(ConstValue::Str(s.to_string()), Ty::Str));
        self.emit("call_method", vec![meta_str("push_str".into()), buf, lit], Some(pos));
    }

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
    pub(super) fn format_args(
        &mut self,
        fmt: &Expr,
        rest: &[Expr],
        newline: bool,
        dest: Option<Value>,
    ) -> R<Option<Value>> {
        let Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(lit), .. }) = fmt else {
            return Err(unsupported(
                fmt,
                Section::Formatting,
                "a format string that is not a literal",
                "Rust requires a literal",
                "",
            ));
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
                    _ => {
                        return Err(unsupported(
                            a,
                            Section::Formatting,
                            "this format argument",
                            "not a `name = value` pair",
                            "",
                        ))
                    }
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
                _ => Err(unsupported(
                    lit,
                    Section::Formatting,
                    "this format string",
                    "it refers to a missing argument",
                    "",
                )),
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
                    let buf = self.held(h_buf);
                    self.push_str(buf, &s, pos);
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
        self.drop_locals(n_outer);
        Ok(Some(buf))
    }
}

fn literal_message(e: &Expr) -> R<String> {
    match e {
        Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => {
            let v = s.value();
            if v.replace("{{", "").replace("}}", "").contains(['{', '}']) {
                return Err(unsupported(
                    s,
                    Section::Panics,
                    "a formatted panic message",
                    "formatting is not translated yet",
                    "use a literal message",
                ));
            }
            Ok(v.replace("{{", "{").replace("}}", "}"))
        }
        other => Err(unsupported(
            other,
            Section::Panics,
            "a non-literal panic message",
            "formatting is not translated yet",
            "use a string literal",
        )),
    }
}

/// Pretty-printing of expressions as rustc's `assert!` prints its condition.
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
