//! `&mut` of values (scalars, tuples, `Copy` structs) at calls: copy-in,
//! copy-out. A function with `inout` parameters (`FunctionGraph::inout`)
//! takes their values and returns their final values with its result; a
//! call passes the value of each place given as such an argument, and
//! stores the value returned for it back into the place. This is exact:
//! while a `&mut` lives, nothing else reads or writes its place.
//!
//! Which parameters are `inout` is known once calls are resolved
//! (`typeck`: a method's by its receiver's type), so the builder writes
//! back every argument that may be one: the place of a `&mut place`, a
//! local holding an `inout` parameter passed on, and the receiver of a
//! method some `inout` `self` of the module is named like. After the
//! call `r0`:
//!
//! ```text
//! r  = inout_result(r0)        the call's result
//! x1 = inout_arg(r0, k, x0)    the new value of argument k (x0 before)
//! ...                          x1 stored into the place: `setattr_back`,
//!                              `setitem_back`, `inout_lost` (see below)
//! ```
//!
//! typeck makes them reads of the tuple returned and stores into the place,
//! or nothing where the callee's parameter is not `inout`.
//!
//! Architecture invariant: a value is stored back only into the place it
//! was read from, and a place whose expression has effects (an index that
//! calls) is not written back (its `inout` argument is an error): a place
//! is evaluated twice, read before the call and stored after.

use super::places::is_pure;
use super::*;

/// A call's operands, and those written back: their index, place and
/// value before the call.
pub(super) type CallOperands<'e> = (Vec<Value>, Vec<(usize, &'e Expr, Value)>);

fn strip_parens(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip_parens(&p.expr),
        e => e,
    }
}

impl FnBuilder<'_> {
    /// The values of a call's operands `es` (those from `first` on used by
    /// value, as `operands`), and the operands that are places to write
    /// back: their index, place and value before the call. `&mut place`
    /// is `ref_mut_arg` of the place's value (a trait object, if it
    /// coerces to one: typeck's coercions; else the value itself).
    /// `method`: `es[0]` is the receiver of a method of that name.
    pub(super) fn call_operands<'e>(
        &mut self,
        es: impl IntoIterator<Item = &'e Expr>,
        first: usize,
        method: Option<&syn::Ident>,
    ) -> R<Option<CallOperands<'e>>> {
        let saved = self.env.len();
        let (mut slots, mut places) = (Vec::new(), Vec::new());
        for (i, e) in es.into_iter().enumerate() {
            let place = match method {
                Some(m) if i == 0 => self.scope.inout_methods.contains(&m.to_string()).then_some(e),
                _ => self.inout_place(e),
            };
            let place = place.filter(|p| self.is_place(p));
            let v = match place {
                Some(p) => {
                    let Some(v) = self.expr(p)? else {
                        self.drop_locals(saved);
                        return Ok(None);
                    };
                    let referenced = matches!(strip_parens(e), Expr::Reference(_));
                    places.push((i, p, self.hold(v.clone())));
                    Some(if referenced { self.emit("ref_mut_arg", vec![v], Some(pos_of(e.span()))) } else { v })
                }
                None if i >= first => self.operand(e)?,
                None => self.expr(e)?,
            };
            let Some(v) = v else {
                self.drop_locals(saved);
                return Ok(None);
            };
            slots.push(self.hold(v));
        }
        let values = slots.iter().map(|&s| self.held(s)).collect();
        let places = places.into_iter().map(|(i, p, s)| (i, p, self.held(s))).collect();
        self.drop_locals(saved);
        Ok(Some((values, places)))
    }

    /// The place an argument `e` may be an `inout` argument of: the place of
    /// `&mut place`, or a local holding an `inout` parameter, passed on.
    pub(super) fn inout_place<'e>(&self, e: &'e Expr) -> Option<&'e Expr> {
        match e {
            Expr::Reference(r) if r.mutability.is_some() => Some(&r.expr),
            Expr::Path(_) if self.is_referent(e) => Some(e),
            Expr::Paren(p) => self.inout_place(&p.expr),
            _ => None,
        }
    }

    /// Whether `e` is a local holding an `inout` parameter (`*e` is then
    /// the local itself).
    pub(super) fn is_referent(&self, e: &Expr) -> bool {
        self.place_local(e).is_some_and(|l| l.mutable == Mutable::Referent)
    }

    /// The local `e` names.
    fn place_local(&self, e: &Expr) -> Option<&Local> {
        let Expr::Path(p) = e else { return None };
        p.path.get_ident().and_then(|i| self.lookup_local(&i.to_string()))
    }

    /// Whether a value can be stored back into `e`: a local, a field or an
    /// item (by an index without effects) of a place, `*x` of a local
    /// holding an `inout` parameter.
    fn is_place(&self, e: &Expr) -> bool {
        match e {
            Expr::Path(_) => self.place_local(e).is_some_and(|l| !l.guard && l.closure.is_none()),
            Expr::Field(f) => self.is_place(&f.base),
            Expr::Index(ix) => !matches!(&*ix.index, Expr::Range(_)) && is_pure(&ix.index) && self.is_place(&ix.expr),
            Expr::Paren(p) => self.is_place(&p.expr),
            Expr::Unary(u) if matches!(u.op, UnOp::Deref(_)) => self.is_referent(&u.expr),
            _ => false,
        }
    }

    /// After the call `r0`, whose operands `places` are written back
    /// (`call_operands`): the call's result.
    pub(super) fn write_back(&mut self, r0: Value, places: &[(usize, &Expr, Value)], pos: Pos) -> R<Value> {
        if places.is_empty() {
            return Ok(r0);
        }
        let r = self.emit("inout_result", vec![r0.clone()], Some(pos));
        let h = self.hold(r);
        for (k, place, old) in places {
            let new = self.emit("inout_arg", vec![r0.clone(), meta_index(*k), old.clone()], Some(pos));
            self.writing_back = true;
            let stored = self.assign(place, new);
            self.writing_back = false;
            stored?;
        }
        let r = self.held(h);
        self.drop_locals(h);
        Ok(r)
    }
}
