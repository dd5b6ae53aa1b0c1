//! What of the module's source depends on the build profile, settled
//! before its graphs are built: `debug_assert!`, `debug_assert_eq!` and
//! `debug_assert_ne!` are `assert!`, `assert_eq!` and `assert_ne!` where
//! debug assertions are on (rustc's `cfg(debug_assertions)`), and nothing
//! where they are off: their operands are not even evaluated, as in Rust.

use syn::visit_mut::VisitMut;

/// The module's items with their `debug_assert*!`s settled.
pub fn settle_debug_asserts(items: Vec<syn::Item>, debug_assertions: bool) -> Vec<syn::Item> {
    let mut settle = Settle { on: debug_assertions };
    items
        .into_iter()
        .map(|mut item| {
            settle.visit_item_mut(&mut item);
            item
        })
        .collect()
}

struct Settle {
    on: bool,
}

/// `assert*` for a `debug_assert*!` macro.
fn asserted(mac: &syn::Macro) -> Option<&'static str> {
    match mac.path.get_ident()?.to_string().as_str() {
        "debug_assert" => Some("assert"),
        "debug_assert_eq" => Some("assert_eq"),
        "debug_assert_ne" => Some("assert_ne"),
        _ => None,
    }
}

impl VisitMut for Settle {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        if !self.on {
            // A statement `debug_assert!(..);` goes.
            block.stmts.retain(|s| !matches!(s, syn::Stmt::Macro(m) if asserted(&m.mac).is_some()));
        }
        syn::visit_mut::visit_block_mut(self, block);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        if let (true, Some(name)) = (self.on, asserted(mac)) {
            mac.path = syn::Ident::new(name, mac.path.get_ident().expect("an identifier").span()).into();
        }
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        // Elsewhere (a match arm's `=> debug_assert!(..)`), `()`.
        if let (false, syn::Expr::Macro(m)) = (self.on, &*e) {
            if asserted(&m.mac).is_some() {
                *e = syn::parse_quote!(());
                return;
            }
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }
}
