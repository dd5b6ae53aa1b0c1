//! The JIT's hints in function bodies (`crate::jit`): `jit_merge_point!` and
//! `can_enter_jit!` become `jit_marker(kind, driver, greens..., reds...)`,
//! `promote(x)` and friends `hint(x, kind)`. Misplaced or inconsistent
//! hints are errors on their tokens.

use super::*;
use crate::lang_items::LangItem;

impl FnBuilder<'_> {
    /// `jit_merge_point!(DRIVER; greens...; reds...)` or `can_enter_jit!`.
    pub(super) fn jit_marker(&mut self, kind: &str, mac: &syn::Macro) -> R<Option<Value>> {
        let (driver, greens, reds) = mac.parse_body_with(|input: syn::parse::ParseStream| {
            let driver: syn::Path = input.parse()?;
            input.parse::<syn::Token![;]>()?;
            let mut greens = Vec::new();
            while !input.peek(syn::Token![;]) {
                greens.push(input.parse::<Expr>()?);
                if !input.peek(syn::Token![;]) {
                    input.parse::<syn::Token![,]>()?;
                }
            }
            input.parse::<syn::Token![;]>()?;
            let reds = syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated(input)?;
            Ok((driver, greens, reds.into_iter().collect::<Vec<_>>()))
        })?;
        let name = driver.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        let Some(index) = self.scope.jitdrivers.iter().position(|d| d.name == name) else {
            return Err(syn::Error::new_spanned(
                &driver,
                format!("rpy: `{name}` is not a JIT driver of the module: declare it as `static {name}: JitDriver = JitDriver::new(&[greens], &[reds]);`"),
            ));
        };
        if self.loops.is_empty() {
            return Err(syn::Error::new_spanned(
                &mac.path,
                format!("rpy: `{kind}!` is not inside a loop: it goes in the interpreter's loop (`jit_merge_point!` first thing in the loop's body)"),
            ));
        }
        let def = &self.scope.jitdrivers[index];
        for (what, declared, given) in [("greens", &def.greens, &greens), ("reds", &def.reds, &reds)] {
            let list = declared.join(", ");
            if declared.len() != given.len() {
                return Err(syn::Error::new_spanned(
                    mac,
                    format!("rpy: `{name}` has {} {what} ({list}), and this `{kind}!` names {}: name each, in the driver's order", declared.len(), given.len()),
                ));
            }
            for (d, e) in declared.iter().zip(given.iter()) {
                let named = match e {
                    Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
                    _ => None,
                };
                if named.as_deref() != Some(d.as_str()) {
                    return Err(syn::Error::new_spanned(
                        e,
                        format!("rpy: expected the variable `{d}` here: the {what} of `{name}` are {list}, named by local variables of the same names in this order"),
                    ));
                }
            }
        }
        let Some(values) = self.exprs(greens.iter().chain(&reds))? else { return Ok(None) };
        let mut args = vec![meta_str(kind.into()), Value::Const(Constant::meta(ConstValue::Int(index as i128)))];
        args.extend(values);
        self.emit("jit_marker", args, Some(pos_of(mac.path.span())));
        let b = self.cur.expect("emitted in a block");
        let k = self.g.blocks[b].operations.len() - 1;
        self.jit_markers.push((kind.to_string(), index, mac.path.span(), b, k));
        // The driver's `get_printable_location` function, called with the
        // greens where nothing runs it (the condition is false in the
        // interpreter and in traces): the call makes the annotator see it
        // with the greens' types (and their lists' definitions), so that
        // it is translated, and the JIT calls it for its logs.
        // (A function that does not fit is the driver's error, `check_drivers`.)
        let printable = self.scope.jitdrivers[index].printable_location.clone().filter(|f| {
            let ty = self.scope.fns.get(f).and_then(|g| self.scope.fn_types.get(g));
            matches!(ty, Some(Ty::Fn(params, ret)) if params.len() == greens.len() && **ret == Ty::Str)
        });
        if let (true, Some(f)) = (kind == "jit_merge_point", printable) {
            let f = syn::Ident::new(&f, mac.path.span());
            let wanted = syn::Ident::new(LangItem::PrintableLocationWanted.name(), mac.path.span());
            let call: Expr = syn::parse_quote_spanned!(mac.path.span()=>
                if #wanted() { let _ = #f(#(#greens),*); }
            );
            if self.expr(&call)?.is_none() {
                return Ok(None);
            }
        }
        Ok(Some(unit()))
    }

    /// Once the graph is complete: a `can_enter_jit!` belongs in the
    /// function with its driver's `jit_merge_point!` (the portal), where the
    /// JIT can start a loop; every variable live at a `jit_merge_point!` is
    /// a green or a red.
    pub(super) fn check_jit_markers(&self) -> R<()> {
        for (kind, driver, span, b, k) in &self.jit_markers {
            let name = &self.scope.jitdrivers[*driver].name;
            if kind == "jit_merge_point" {
                let missing = crate::jit::unlisted_at_merge_point(&self.g, *b, *k);
                if let Some(first) = missing.first() {
                    let what = match first {
                        Some(v) => format!("the variable `{v}` is live here (used later) but is neither a green nor a red of `{name}`: add it to the driver's reds"),
                        None => "a `for` loop's iterator is live here: the JIT cannot resume it; write the loop with `while` and an index that is a green or red".to_string(),
                    };
                    return Err(syn::Error::new(*span, format!("rpy: {what}")));
                }
            }
            let portal = self.jit_markers.iter().any(|(k, d, ..)| k == "jit_merge_point" && d == driver);
            if kind == "can_enter_jit" && !portal {
                return Err(syn::Error::new(
                    *span,
                    format!("rpy: `can_enter_jit!` of `{name}` outside the function with its `jit_merge_point!`: put it in that function's loop, where the interpreted program jumps backwards"),
                ));
            }
            // Nothing may run between a `can_enter_jit!` and the loop's next
            // `jit_merge_point!` (RPython's "Bad can_enter_jit() placement").
            if kind == "can_enter_jit" && *k + 1 != self.g.blocks[*b].operations.len() {
                return Err(syn::Error::new(
                    *span,
                    "rpy: code follows this `can_enter_jit!`: it must be the last thing before the jump back to the loop's `jit_merge_point!`",
                ));
            }
        }
        Ok(())
    }

    /// `promote(x)`, `promote_string(s)`, `we_are_jitted()` (also as
    /// `jit::promote`, `rpython::jit::promote`): `None` if `c` is another call.
    pub(super) fn jit_call(&mut self, c: &syn::ExprCall) -> R<Option<Option<Value>>> {
        let Expr::Path(p) = &*c.func else { return Ok(None) };
        let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
        let (name, prefix) = segs.split_last().expect("a path has a segment");
        let qualified = matches!(prefix, [.., j] if j == "jit");
        let wanted = LangItem::PrintableLocationWanted.name();
        let known = matches!(name.as_str(), "promote" | "promote_string" | "we_are_jitted")
            || (name == wanted && prefix.is_empty());
        // (Unqualified, the name may be the module's function or a local.)
        let shadowed = self.scope.fns.contains_key(name) || self.lookup(name).is_some();
        if !known || (prefix.is_empty() && shadowed) || !(prefix.is_empty() || qualified) {
            return Ok(None);
        }
        let pos = Some(pos_of(c.span()));
        let x = match (name.as_str(), c.args.len()) {
            (n, 0) if n == "we_are_jitted" || n == wanted => {
                Value::Const(Constant::new(ConstValue::Bool(false), Ty::Bool))
            }
            ("promote" | "promote_string", 1) => match self.operand(&c.args[0])? {
                Some(v) => v,
                None => return Ok(Some(None)),
            },
            _ => return Err(syn::Error::new_spanned(c, format!("rpy: wrong number of arguments to `{name}`"))),
        };
        let kind = if name == wanted { "printable_location" } else { name.as_str() };
        Ok(Some(Some(self.emit("hint", vec![x, meta_str(kind.to_string())], pos))))
    }
}
