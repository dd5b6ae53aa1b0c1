//! Places: what an assignment stores into. Values are immutable in the flow
//! graph, so storing into a field or an item makes the new whole value and
//! stores that into the enclosing place, down to a local, a cell or a map.

use super::*;
use crate::lang_items::LangItem;

impl FnBuilder<'_> {
    /// The value of the place holding a field or an item stored into: a
    /// `RefCell`'s `borrow_mut()` there is its value, not a new borrow (a
    /// compound assignment `c.borrow_mut().x += 1` borrowed it reading).
    fn place_value(&mut self, e: &Expr) -> R<Option<Value>> {
        match e {
            Expr::MethodCall(m) if (m.method == "borrow_mut" || m.method == "borrow") && m.args.is_empty() => {
                let Some(cell) = self.expr(&m.receiver)? else { return Ok(None) };
                let value = meta_str(LangItem::CellValue.name().into());
                Ok(Some(self.emit("call_method", vec![value, cell], Some(pos_of(m.method.span())))))
            }
            Expr::Paren(p) => self.place_value(&p.expr),
            _ => self.expr(e),
        }
    }

    /// Stores `v` into a place. A field of a value (tuple or `Copy` struct)
    /// is updated functionally: `setattr` gives the new whole value, which
    /// is stored into the place that held the old one.
    pub(super) fn assign(&mut self, target: &Expr, v: Value) -> R<()> {
        match target {
            Expr::Path(p) => {
                if let Some(name) = p.path.get_ident() {
                    if let Some(i) = self.lookup(&name.to_string()) {
                        if self.env[i].guard {
                            let cell = self.env[i].value.clone();
                            self.emit(
                                "call_method",
                                vec![meta_str(LangItem::CellSet.name().into()), cell, v],
                                Some(pos_of(p.span())),
                            );
                        } else if let Some(list) = self.env[i].item_of {
                            let args = vec![self.env[list].value.clone(), self.env[i].value.clone(), v];
                            self.env[list].value = self.emit(self.store_op("setitem"), args, Some(pos_of(p.span())));
                        } else {
                            // (A write-back into a copy the program sees
                            // through a reference: see `inout`.)
                            if self.writing_back && self.env[i].mutable == Mutable::No {
                                self.emit("inout_lost", vec![v.clone(), meta_str(name.to_string())], Some(pos_of(p.span())));
                            }
                            self.env[i].value = v;
                        }
                        return Ok(());
                    }
                }
            }
            Expr::Field(f) => {
                let Some(base) = self.place_value(&f.base)? else { return Ok(()) };
                let member = member_name(&f.member);
                let updated = self.emit(self.store_op("setattr"), vec![base, meta_str(member), v], Some(pos_of(f.span())));
                return self.assign(&f.base, updated);
            }
            Expr::Index(ix) => {
                let Some(base) = self.place_value(&ix.expr)? else { return Ok(()) };
                let h = self.hold(base);
                let Some(index) = self.expr(&ix.index)? else { return Ok(()) };
                let args = vec![self.held(h), index, v];
                self.drop_locals(h);
                let pos = self.index_pos(&ix.expr, &ix.bracket_token);
                let updated = self.emit(self.store_op("setitem"), args, Some(pos));
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
                self.emit(
                    "call_method",
                    vec![meta_str(LangItem::CellSet.name().into()), cell, v],
                    Some(pos_of(m.span())),
                );
                return Ok(());
            }
            // `*b = v` with `b` a `RefCell`'s guard, `*x = v` with `x` an
            // `inout` parameter.
            Expr::Unary(u) if matches!(u.op, UnOp::Deref(_)) && (self.is_guard_place(&u.expr) || self.is_referent(&u.expr)) => {
                return self.assign(&u.expr, v);
            }
            Expr::Unary(u) if matches!(u.op, UnOp::Deref(_)) => {
                return Err(unsupported(
                    u,
                    Section::Types,
                    "assigning through this reference",
                    "`*x = v` is translated where `x` is a `&mut` parameter of a value, a `RefCell`'s guard or an item of a list (`for x in v.iter_mut()`, `let x = &mut v[i]`)",
                    "assign the place itself, or pass `&mut place` to a function that assigns `*x`",
                ))
            }
            _ => {}
        }
        Err(unsupported(
            target,
            Section::Types,
            "assigning to this place",
            "only locals and their fields can be assigned to yet",
            "",
        ))
    }

    /// The store operation `op` (`setattr`, `setitem`), or its form that
    /// writes an `inout` argument back (`inout`).
    fn store_op(&self, op: &'static str) -> &'static str {
        match (self.writing_back, op) {
            (false, op) => op,
            (true, "setattr") => "setattr_back",
            (true, _) => "setitem_back",
        }
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
    /// on places (or `&mut` parameters of values: `swap(a, b)`): moves
    /// between them (`None` if `c` is neither), and
    /// `std::cmp::max(a, b)`/`min` as the numbers' methods.
    pub(super) fn mem_call(&mut self, c: &syn::ExprCall) -> R<Option<Option<Value>>> {
        let Expr::Path(p) = &*c.func else { return Ok(None) };
        let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
        let segs: Vec<&str> = segs.iter().map(String::as_str).skip_while(|s| *s == "std").collect();
        let args: Vec<&Expr> = c.args.iter().collect();
        match (segs.as_slice(), args.as_slice()) {
            (["mem", "swap"], [a, b]) => {
                let (Some(a), Some(b)) = (self.inout_place(a), self.inout_place(b)) else { return Ok(None) };
                let Some(vs) = self.exprs([a, b])? else { return Ok(Some(None)) };
                self.assign(a, vs[1].clone())?;
                self.assign(b, vs[0].clone())?;
                Ok(Some(Some(unit())))
            }
            (["mem", "replace"], [a, v]) => {
                let Some(a) = self.inout_place(a) else { return Ok(None) };
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
}

/// `map.entry(key)`: the map and the key.
pub(super) fn entry_call(e: &Expr) -> Option<(&Expr, &Expr)> {
    match e {
        Expr::MethodCall(m) if m.method == "entry" && m.args.len() == 1 => Some((&m.receiver, &m.args[0])),
        _ => None,
    }
}

/// `*map.entry(key).or_insert(d)` with a key that has effects (`w.to_string()`):
/// the key, and the place with the key read from the local `__rpy_key` instead,
/// for `{ let __rpy_key = key; place op= v }` (the place's key is evaluated
/// twice: to read the value and to store it).
pub(super) fn hoist_map_key(place: &Expr) -> Option<(Expr, Expr)> {
    let Expr::Unary(u) = place else { return None };
    let Expr::MethodCall(or_insert) = &*u.expr else { return None };
    let Expr::MethodCall(entry) = &*or_insert.receiver else { return None };
    if !matches!(u.op, UnOp::Deref(_)) || or_insert.method != "or_insert" || entry.method != "entry" {
        return None;
    }
    if entry.args.len() != 1 || map_value_place(&u.expr).is_some() {
        return None;
    }
    let key = entry.args[0].clone();
    let mut entry = entry.clone();
    entry.args[0] = syn::parse_quote_spanned!(key.span()=> __rpy_key);
    let mut or_insert = or_insert.clone();
    or_insert.receiver = Box::new(Expr::MethodCall(entry));
    let mut u = u.clone();
    u.expr = Box::new(Expr::MethodCall(or_insert));
    Some((key, Expr::Unary(u)))
}

/// The map and key of a place holding a map's value:
/// `map.entry(key).or_insert(d)` or `map.get_mut(&key).unwrap()`. The key
/// is evaluated a second time to store the new value, so it must have no
/// side effects (a local, a literal, arithmetic on them).
fn map_value_place(e: &Expr) -> Option<(&Expr, &Expr)> {
    let Expr::MethodCall(m) = e else { return None };
    let (map, key) = match (m.method.to_string().as_str(), m.args.len()) {
        ("or_insert", 1) => entry_call(&m.receiver)?,
        ("unwrap", 0) => match &*m.receiver {
            Expr::MethodCall(g) if g.method == "get_mut" && g.args.len() == 1 => (&*g.receiver, &g.args[0]),
            _ => return None,
        },
        _ => return None,
    };
    (is_pure(key) && is_pure(map)).then_some((map, key))
}

/// Whether evaluating `e` has no effects, so that it can be evaluated
/// twice: locals, literals, fields and arithmetic of them.
pub(super) fn is_pure(e: &Expr) -> bool {
    match e {
        Expr::Path(_) | Expr::Lit(_) => true,
        Expr::Reference(r) => is_pure(&r.expr),
        Expr::Paren(p) => is_pure(&p.expr),
        Expr::Unary(u) => is_pure(&u.expr),
        Expr::Binary(b) => is_pure(&b.left) && is_pure(&b.right),
        Expr::Field(f) => is_pure(&f.base),
        Expr::Tuple(t) => t.elems.iter().all(is_pure),
        _ => false,
    }
}
