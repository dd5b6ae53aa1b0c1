//! What Rust derives or std implements generically, generated as dialect
//! source per type once type inference knows the types (like the dict
//! template): `==`/`!=`, `.clone()` and `{:?}` of structs that are GC
//! objects, enums with data, lists, `Option`s, tuples and `Result`s; and
//! for a type implementing one of them by hand (`Translator::std_impls`),
//! a call of its method, also for `{}` and `.to_string()` of a `Display`.
//!
//! A `#[derive]` is not checked: rustc rejects the untranslated program if
//! the trait is missing, so every use here is of a derived (or std) impl.
//! Each instance is a free function `__eq{n}`/`__ne{n}`, `__clone{n}` or
//! `__debug{n}`; type inference rewrites the operation into a call of it
//! (`annotator::typeck`), and the translator adds the instances it finds
//! missing and rebuilds (`translator::build_with_prelude`).

use super::source_of;
use crate::diagnostic::Section;
use crate::flow::{ConstValue, Value};
pub use crate::lang_items::InstanceKind as Kind;
use crate::lang_items::{LangItem, StdTrait};
use crate::translator::Translator;
use crate::ty::{StructDef, Ty};

/// Whether `==` on `ty` is done by the rtyper itself (field by field on
/// values), and `.clone()` is the value itself.
pub fn is_plain_value(t: &Translator, ty: &Ty) -> bool {
    match ty {
        Ty::Int(_) | Ty::Bool | Ty::Char | Ty::F64 | Ty::Unit => true,
        Ty::Enum(e) => t.enums[*e].data.is_none(),
        Ty::Tuple(items) => items.iter().all(|i| is_plain_value(t, i)),
        Ty::Struct(s) => t.structs[*s].copy && t.structs[*s].fields.iter().all(|(_, f)| is_plain_value(t, f)),
        Ty::Option(inner) => is_plain_value(t, inner) && !matches!(**inner, Ty::Option(_)),
        _ => false,
    }
}

/// Whether `ty` is a `Copy` struct with a list (an array) among its fields,
/// or in a field's `Copy` struct or tuple (not a shared reference to one:
/// copying the struct copies the reference).
pub fn holds_lists(t: &Translator, ty: &Ty) -> bool {
    fn inside(t: &Translator, ty: &Ty) -> bool {
        match ty {
            Ty::List(_) => true,
            Ty::Tuple(items) => items.iter().any(|i| inside(t, i)),
            ty => holds_lists(t, ty),
        }
    }
    match ty {
        Ty::Struct(s) => {
            let def = &t.structs[*s];
            def.copy && def.fields.iter().any(|(name, f)| !def.shared.contains(name) && inside(t, f))
        }
        _ => false,
    }
}

/// Whether a value of type `ty`, if it is `Copy`, holds an array (a list,
/// directly, in a tuple, an `Option` or a `Copy` struct): copying it
/// copies the array.
pub fn holds_array(t: &Translator, ty: &Ty) -> bool {
    match ty {
        Ty::List(_) => true,
        Ty::Tuple(items) => items.iter().any(|i| holds_array(t, i)),
        Ty::Option(inner) => holds_array(t, inner),
        ty => holds_lists(t, ty),
    }
}

/// Whether the rtyper compares values of `ty` itself: scalars, and tuples
/// and `Copy` structs of them (field by field).
fn compares_fieldwise(t: &Translator, ty: &Ty) -> bool {
    match ty {
        Ty::Int(_) | Ty::Bool | Ty::Char | Ty::F64 | Ty::Unit => true,
        Ty::Enum(e) => t.enums[*e].data.is_none(),
        Ty::Tuple(items) => items.iter().all(|i| compares_fieldwise(t, i)),
        Ty::Struct(s) => t.structs[*s].copy && t.structs[*s].fields.iter().all(|(_, f)| compares_fieldwise(t, f)),
        _ => false,
    }
}

/// The instance an operation needs, given its operands' types: `eq`/`ne`
/// of compound values, `call_method clone` of values that are not plain,
/// `format_arg` in `{:?}` form of compound values.
pub fn needed(
    t: &Translator,
    opname: &str,
    args: &[Value],
    ty_of: impl Fn(&Value) -> Option<Ty>,
) -> Option<(Kind, Ty)> {
    match opname {
        // (An operand may be a constant not typed yet: `None == x`.)
        "eq" | "ne" => {
            let ty = ty_of(&args[0]).or_else(|| ty_of(&args[1]))?;
            // Scalars and tuples of them compare in the rtyper; strings in the prelude.
            let builtin = compares_fieldwise(t, &ty) || ty == Ty::Str || matches!(ty, Ty::Dict(..));
            (!builtin || implements(t, &ty, StdTrait::PartialEq)).then_some((Kind::Eq, ty))
        }
        "lt" | "le" | "gt" | "ge" => {
            let ty = ty_of(&args[0]).or_else(|| ty_of(&args[1]))?;
            let compound = matches!(ty, Ty::Tuple(_) | Ty::List(_) | Ty::Option(_) | Ty::Struct(_));
            (compound || implements(t, &ty, StdTrait::PartialOrd)).then_some((Kind::Ord, ty))
        }
        "call_method" if args[0].constant()?.as_str()? == "clone" && args.len() == 2 => {
            let ty = ty_of(&args[1])?;
            // (Dicts and iterators have their template's `clone`.)
            (!is_plain_value(t, &ty) && ty != Ty::Str && !matches!(ty, Ty::Dict(..) | Ty::Iter(_)))
                .then_some((Kind::Clone, ty))
        }
        "call_method" if args[0].constant()?.as_str()? == "to_string" && args.len() == 2 => {
            let ty = ty_of(&args[1])?;
            implements(t, &ty, StdTrait::Display).then_some((Kind::Display, ty))
        }
        "format_arg" => {
            let ty = ty_of(&args[1])?;
            // (Formatting an iterator is a type error.)
            let scalar = matches!(ty, Ty::Int(_) | Ty::Bool | Ty::Char | Ty::F64 | Ty::Str | Ty::Iter(_));
            let spec = match args[2].constant().map(|c| &c.value) {
                Some(ConstValue::Int(bits)) => rpy_fmt::Spec::decode(*bits as u64),
                _ => return None,
            };
            // (A `Display` written with `write!` ignores the width and the
            // precision, as Rust's does.)
            if spec.ty == rpy_fmt::FmtType::Display && implements(t, &ty, StdTrait::Display) {
                return Some((Kind::Display, ty));
            }
            let plain_debug = rpy_fmt::Spec { ty: rpy_fmt::FmtType::Debug, ..Default::default() };
            (!scalar && spec == plain_debug).then_some((Kind::Debug, ty))
        }
        _ => None,
    }
}

/// The source of the `n`-th instance.
pub fn source(t: &Translator, kind: Kind, ty: &Ty, n: usize) -> Result<String, String> {
    let tn = source_of(t, ty);
    // The instance's functions, one per operation (`Kind::fn_names`).
    let f = kind.fn_names(n);
    Ok(match kind {
        // (With a hand-written `PartialEq`, `!=` is `!(a == b)` as its
        // contract says.)
        Kind::Eq => format!(
            "fn {eq}(a: &{tn}, b: &{tn}) -> bool {{ {} }}\n\
             fn {ne}(a: &{tn}, b: &{tn}) -> bool {{ !{eq}(a, b) }}",
            if implements(t, ty, StdTrait::PartialEq) { "a.eq(b)".to_string() } else { eq_body(t, ty)? },
            eq = f[0],
            ne = f[1],
        ),
        // (As `PartialOrd`'s own `lt`, `le`, `gt` and `ge`.)
        Kind::Ord if implements(t, ty, StdTrait::PartialOrd) => {
            let ordering = LangItem::Ordering.name();
            f.iter()
                .zip([&["Less"][..], &["Less", "Equal"], &["Greater"], &["Greater", "Equal"]])
                .map(|(name, wanted)| {
                    let pats: Vec<String> = wanted.iter().map(|w| format!("Some({ordering}::{w})")).collect();
                    format!(
                        "fn {name}(a: &{tn}, b: &{tn}) -> bool {{ matches!(a.partial_cmp(b), {}) }}",
                        pats.join(" | ")
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
        Kind::Ord => f
            .iter()
            .zip(["<", "<=", ">", ">="])
            .map(|(name, op)| Ok(format!("fn {name}(a: &{tn}, b: &{tn}) -> bool {{ {} }}", ord_body(t, ty, op)?)))
            .collect::<Result<Vec<_>, String>>()?
            .join("\n"),
        Kind::Clone => format!("fn {}(a: &{tn}) -> {tn} {{ {} }}", f[0], clone_body(t, ty)?),
        Kind::Debug => format!(
            "fn {}(a: &{tn}, out: &mut String) {{ {} }}",
            f[0],
            if implements(t, ty, StdTrait::Debug) {
                format!("let _ = a.{}(out);", StdTrait::Debug.method_name("fmt"))
            } else {
                debug_body(t, ty)?
            }
        ),
        Kind::Display => format!(
            "fn {display}(a: &{tn}, out: &mut String) {{ let _ = a.{fmt}(out); }}\n\
             fn {to_string}(a: &{tn}) -> String {{ let mut s = String::new(); {display}(a, &mut s); s }}",
            display = f[0],
            to_string = f[1],
            fmt = StdTrait::Display.method_name("fmt"),
        ),
    })
}

/// Whether the module's type `ty` implements `tr` by hand.
fn implements(t: &Translator, ty: &Ty, tr: StdTrait) -> bool {
    t.std_impls.contains(&(ty.clone(), tr))
}

/// The payload structs of an enum with data, with their variant names.
fn variants<'t>(t: &'t Translator, ty: &Ty) -> Option<Vec<(String, &'t StructDef)>> {
    let Ty::Enum(e) = ty else { return None };
    let def = &t.enums[*e];
    let data = def.data.as_ref()?;
    Some(
        def.variants
            .iter()
            .zip(&data.payloads)
            .map(|((v, _), s)| (format!("{}::{v}", def.name), &t.structs[*s]))
            .collect(),
    )
}

/// A pattern (or constructor) of struct `def` named `path`, binding (or
/// taking) `{prefix}{i}` for field `i`; `wrap` maps each name.
fn fields_pattern(path: &str, def: &StructDef, prefix: &str, wrap: impl Fn(&str, String) -> String) -> String {
    let tuple = def.fields.first().is_some_and(|(f, _)| f == "0");
    if def.fields.is_empty() {
        return path.to_string();
    }
    let parts: Vec<String> = def
        .fields
        .iter()
        .enumerate()
        .map(|(i, (f, _))| {
            let v = wrap(f, format!("{prefix}{i}"));
            if tuple {
                v
            } else {
                format!("{f}: {v}")
            }
        })
        .collect();
    if tuple {
        format!("{path}({})", parts.join(", "))
    } else {
        format!("{path} {{ {} }}", parts.join(", "))
    }
}

fn all_equal(pairs: impl Iterator<Item = (String, String)>) -> String {
    let terms: Vec<String> = pairs.map(|(a, b)| format!("{a} == {b}")).collect();
    if terms.is_empty() {
        "true".into()
    } else {
        terms.join(" && ")
    }
}

fn eq_body(t: &Translator, ty: &Ty) -> Result<String, String> {
    if let Some(vs) = variants(t, ty) {
        let arms: Vec<String> = vs
            .iter()
            .map(|(path, def)| {
                let inner = fields_pattern(path, def, "y", |_, v| v);
                let eq = all_equal((0..def.fields.len()).map(|i| (format!("x{i}"), format!("y{i}"))));
                format!("{} => match b {{ {inner} => {eq}, _ => false }},", fields_pattern(path, def, "x", |_, v| v))
            })
            .collect();
        return Ok(format!("match a {{ {} }}", arms.join(" ")));
    }
    Ok(match ty {
        Ty::Struct(s) => all_equal(t.structs[*s].fields.iter().map(|(f, _)| (format!("a.{f}"), format!("b.{f}")))),
        Ty::Tuple(items) => all_equal((0..items.len()).map(|i| (format!("a.{i}"), format!("b.{i}")))),
        Ty::List(_) => "if a.len() != b.len() { return false; } let mut i = 0; \
                        while i < a.len() { if a[i] != b[i] { return false; } i += 1; } true"
            .into(),
        Ty::Option(_) => "match a { Some(x) => match b { Some(y) => x == y, None => false }, \
                          None => match b { Some(_) => false, None => true } }"
            .into(),
        Ty::Result(..) => "match a { Ok(x) => match b { Ok(y) => x == y, Err(_) => false }, \
                           Err(x) => match b { Ok(_) => false, Err(y) => x == y } }"
            .into(),
        Ty::Cell(..) => format!("a.{v}() == b.{v}()", v = LangItem::CellValue.name()),
        Ty::Rc(_) => format!("{inner}(a) == {inner}(b)", inner = LangItem::RcInner.name()),
        other => return Err(format!("`==` on `{other}` is not translated yet ({})", Section::Traits.see())),
    })
}

/// `a op b` (`<`, `<=`, `>`, `>=`) as derived `PartialOrd` does it: the
/// first pair of items that differ (or do not compare: NaN) decides, else
/// the lengths (lists) or equality.
fn ord_body(t: &Translator, ty: &Ty, op: &str) -> Result<String, String> {
    let equal = if op.len() == 2 { "true" } else { "false" };
    let chain = |pairs: Vec<(String, String)>| {
        let mut s: String = pairs.iter().map(|(x, y)| format!("if {x} != {y} {{ return {x} {op} {y}; }} ")).collect();
        s.push_str(equal);
        s
    };
    Ok(match ty {
        Ty::Tuple(items) => chain((0..items.len()).map(|i| (format!("a.{i}"), format!("b.{i}"))).collect()),
        Ty::Struct(s) if t.structs[*s].variant.is_none() => {
            chain(t.structs[*s].fields.iter().map(|(f, _)| (format!("a.{f}"), format!("b.{f}"))).collect())
        }
        Ty::List(_) => format!(
            "let mut i = 0; while i < a.len() && i < b.len() {{ if a[i] != b[i] {{ return a[i] {op} b[i]; }} i += 1; }} \
             a.len() {op} b.len()"
        ),
        // `None` is less than every `Some`.
        Ty::Option(_) => format!(
            "match a {{ Some(x) => match b {{ Some(y) => x {op} y, None => 1 {op} 0 }}, \
             None => match b {{ Some(_) => 0 {op} 1, None => {equal} }} }}"
        ),
        other => return Err(format!("ordering values of type `{other}` is not translated yet ({})", Section::Traits.see())),
    })
}

fn clone_body(t: &Translator, ty: &Ty) -> Result<String, String> {
    if let Some(vs) = variants(t, ty) {
        let arms: Vec<String> = vs
            .iter()
            .map(|(path, def)| {
                // (A shared reference's clone is the reference.)
                let clone =
                    |f: &str, v: String| if def.shared.iter().any(|s| s == f) { v } else { format!("{v}.clone()") };
                let make = fields_pattern(path, def, "x", clone);
                format!("{} => {make},", fields_pattern(path, def, "x", |_, v| v))
            })
            .collect();
        return Ok(format!("match a {{ {} }}", arms.join(" ")));
    }
    if matches!(ty, Ty::Tuple(_) | Ty::List(_) | Ty::Option(_) | Ty::Result(..)) && holds_cells(ty) {
        return Err(format!(
            "`clone` of `{ty}` is not translated: it holds cells, which its clone copies when they are \
             held by value and shares when they are references (`&Cell`, `&RefCell`), and the two are \
             one type here; clone the cells one by one (`Cell::new(c.get())`), or hold them in an `Rc` \
             to share them ({})",
            Section::Traits.see()
        ));
    }
    Ok(match ty {
        Ty::Struct(s) => {
            let def = &t.structs[*s];
            // (A shared reference's clone is the reference.)
            let clone =
                |f: &String| if def.shared.contains(f) { format!("{f}: a.{f}") } else { format!("{f}: a.{f}.clone()") };
            let fields: Vec<String> = def.fields.iter().map(|(f, _)| clone(f)).collect();
            format!("{} {{ {} }}", def.name, fields.join(", "))
        }
        Ty::Tuple(items) => {
            let items: Vec<String> = (0..items.len()).map(|i| format!("a.{i}.clone()")).collect();
            format!("({},)", items.join(", "))
        }
        // Plain values' clones are copies: one copy of the items.
        Ty::List(item) if is_plain_value(t, item) => {
            "let mut r = Vec::with_capacity(a.len()); __list_extend(&mut r, a, 0, a.len()); r".into()
        }
        Ty::List(_) => "let mut r = Vec::new(); for x in a.iter() { r.push(x.clone()); } r".into(),
        Ty::Option(_) => "match a { Some(x) => Some(x.clone()), None => None }".into(),
        Ty::Result(..) => "match a { Ok(x) => Ok(x.clone()), Err(x) => Err(x.clone()) }".into(),
        // std's `Clone` of a cell: a new cell holding a clone of the value.
        Ty::Cell(kind, _) => format!("{}::new(a.{}().clone())", kind.name(), LangItem::CellValue.name()),
        other => return Err(format!("`clone` of `{other}` is not translated yet ({})", Section::Traits.see())),
    })
}

/// Whether a value of `ty`, a tuple, list, `Option` or `Result`, holds
/// cells of its own (not inside a struct or an enum, whose clones know
/// which fields are references, nor behind an `Rc`): `Vec<Cell<_>>` and
/// `Vec<&Cell<_>>` are one type, whose clones differ.
fn holds_cells(ty: &Ty) -> bool {
    match ty {
        Ty::Cell(..) => true,
        Ty::Tuple(items) => items.iter().any(holds_cells),
        Ty::List(item) | Ty::Option(item) => holds_cells(item),
        Ty::Result(ok, err) => holds_cells(ok) || holds_cells(err),
        _ => false,
    }
}

/// Appends `{:?}` of `e` to `out`.
fn debug_of(e: &str) -> String {
    format!("out.push_str(&format!(\"{{:?}}\", {e}));")
}

/// Rust's derived `Debug` of a struct or variant named `name` whose fields
/// are the expressions `exprs`.
fn debug_fields(name: &str, def: &StructDef, exprs: &[String]) -> String {
    let tuple = def.fields.first().is_some_and(|(f, _)| f == "0");
    let mut s = format!("out.push_str({name:?});");
    if def.fields.is_empty() {
        return s;
    }
    s.push_str(if tuple { "out.push_str(\"(\");" } else { "out.push_str(\" { \");" });
    for (i, ((f, _), e)) in def.fields.iter().zip(exprs).enumerate() {
        if i > 0 {
            s.push_str("out.push_str(\", \");");
        }
        if !tuple {
            s.push_str(&format!("out.push_str(\"{f}: \");"));
        }
        s.push_str(&debug_of(e));
    }
    s.push_str(if tuple { "out.push_str(\")\");" } else { "out.push_str(\" }\");" });
    s
}

fn debug_body(t: &Translator, ty: &Ty) -> Result<String, String> {
    if let Some(vs) = variants(t, ty) {
        let arms: Vec<String> = vs
            .iter()
            .map(|(path, def)| {
                let exprs: Vec<String> = (0..def.fields.len()).map(|i| format!("x{i}")).collect();
                let name = path.rsplit("::").next().unwrap();
                format!("{} => {{ {} }}", fields_pattern(path, def, "x", |_, v| v), debug_fields(name, def, &exprs))
            })
            .collect();
        return Ok(format!("match a {{ {} }}", arms.join(" ")));
    }
    Ok(match ty {
        Ty::Enum(e) => {
            let def = &t.enums[*e];
            let arms: Vec<String> =
                def.variants.iter().map(|(v, _)| format!("{}::{v} => out.push_str({v:?}),", def.name)).collect();
            format!("match *a {{ {} }}", arms.join(" "))
        }
        Ty::Struct(s) => {
            let def = &t.structs[*s];
            let exprs: Vec<String> = def.fields.iter().map(|(f, _)| format!("a.{f}")).collect();
            // (An instance of a generic type shows as the type, as std's.)
            let shown = match t.generic_of(ty) {
                Some((proto, _)) => t.type_name(&proto),
                None => def.name.clone(),
            };
            debug_fields(&shown, def, &exprs)
        }
        Ty::Unit => "out.push_str(\"()\");".into(),
        Ty::Tuple(items) => {
            let mut s = "out.push_str(\"(\");".to_string();
            for i in 0..items.len() {
                if i > 0 {
                    s.push_str("out.push_str(\", \");");
                }
                s.push_str(&debug_of(&format!("a.{i}")));
            }
            s + if items.len() == 1 { "out.push_str(\",)\");" } else { "out.push_str(\")\");" }
        }
        Ty::List(_) => format!(
            "out.push_str(\"[\"); let mut first = true; \
             for x in a.iter() {{ if !first {{ out.push_str(\", \"); }} first = false; {} }} out.push_str(\"]\");",
            debug_of("x")
        ),
        Ty::Option(_) => format!(
            "match a {{ Some(x) => {{ out.push_str(\"Some(\"); {} out.push_str(\")\"); }} None => out.push_str(\"None\"), }}",
            debug_of("x")
        ),
        Ty::Result(..) => format!(
            "match a {{ Ok(x) => {{ out.push_str(\"Ok(\"); {} out.push_str(\")\"); }} \
             Err(x) => {{ out.push_str(\"Err(\"); {} out.push_str(\")\"); }} }}",
            debug_of("x"),
            debug_of("x")
        ),
        // std's `Debug` of a cell (a `RefCell` mutably borrowed meanwhile
        // would print `<borrowed>`; borrows are not tracked).
        Ty::Cell(kind, _) => format!("out.push_str(\"{} {{ value: \"); {} out.push_str(\" }}\");", kind.name(), debug_of(&format!("a.{}()", LangItem::CellValue.name()))),
        Ty::Rc(_) => debug_of(&format!("{}(a)", LangItem::RcInner.name())),
        other => return Err(format!("`{{:?}}` of `{other}` is not translated yet ({})", Section::Formatting.see())),
    })
}
