//! The typing rules of the operations, by family. Each rule unifies the
//! types of an operation's operands (`args`, whose values are `vals`) and
//! of its result (`res`).

use super::{Node, Term, Unifier};
use crate::diagnostic::Section;
use crate::flow::{ConstValue, Value};
use crate::lang_items::LangItem;
use crate::methods::{method_sig, Recv, Rel};
use crate::translator::Translator;
use crate::ty::{CellKind, GenericTy, IntTy, Ty};

/// Applies the typing rule of one operation; `Ok(false)` when it needs an
/// operand's type that is not known yet.
pub(super) fn apply_rule(
    u: &mut Unifier,
    t: &Translator,
    opname: &str,
    vals: &[Value],
    args: &[Node],
    res: Node,
) -> Result<bool, String> {
    match opname {
        "add" | "sub" | "mul" | "div" | "mod" | "and_" | "or_" | "xor" | "lshift" | "rshift" | "lt" | "le" | "eq"
        | "ne" | "gt" | "ge" | "neg" | "invert" | "same_as" | "ref_mut" | "ref_mut_arg" | "box_new" | "borrow"
        | "copy_value" => operator_rule(u, opname, args, res),
        "ascribe" | "same_type" | "cast" => ascription_rule(u, opname, vals, args, res),
        // `f64::from_bits(u)`.
        "float_from_bits" => {
            u.unify_term(args[0], Term::Int(IntTy::U64))?;
            u.unify_term(res, Term::F64)?;
            Ok(true)
        }
        "newtuple" | "newlist" | "newlist_repeat" | "newlist_hint" | "setitem" | "newdict" | "list_extend"
        | "list_move" => container_rule(u, opname, args, res),
        "getitem" => index_rule(u, vals, args, res),
        "iter_list" | "collect" => iteration_rule(u, t, opname, vals, args, res),
        "getattr" | "setattr" => field_rule(u, t, opname, vals, args, res),
        "newstruct" | "newvariant" | "to_dyn" | "variant_is" | "variant_payload" => {
            struct_rule(u, t, opname, vals, args, res)
        }
        "newsome" | "is_some" | "some_payload" | "newok" | "newerr" | "is_ok" | "ok_payload" | "err_payload" => {
            option_result_rule(u, opname, args, res)
        }
        "unwrap_test" | "unwrap_payload" | "unwrap_err" | "unwrap_failed" | "unwrap_rewrap" | "unwrap_absent" => {
            unwrap_rule(u, opname, args, res)
        }
        "fs_read" | "fs_read_to_string" | "stdin_read" | "stdout_write" | "stdout_flush" | "process_exit"
        | "io_write" | "env_var" | "time_clock" | "time_time" | "gc_collect" | "gc_heap_size" => {
            io_rule(u, opname, vals, args, res)
        }
        "char_class" | "str_convert" | "parse_f64_status" | "parse_f64" | "format_arg" | "str_bytes"
        | "str_from_bytes" => string_rule(u, opname, args, res),
        "parse" => parse_rule(u, t, args, res),
        "indirect_call" => indirect_call_rule(u, args, res),
        "generic_call" => generic_call_rule(u, t, vals, args, res),
        "simple_call" | "deref_call" => simple_call_rule(u, t, opname, vals, args, res),
        "call_method" => method_sig_rule(u, vals, args, res),
        "cell_new" | "rc_new" | "rc_clone" | "rc_inner" | "deref" | "rc_ptr_eq" | "gc_id" | "cell_of"
        | "cell_inner" | "cell_borrows" | "cell_set_borrows" | "cell_is" => pointer_rule(u, opname, vals, args, res),
        "panic" | "unreachable" | "panic_str" | "jit_marker" | "hint" => effect_rule(u, opname, args, res),
        // The end of a borrow (of a `RefCell`, or of another type's
        // `borrow()`: then nothing).
        "release_borrow" | "inout_lost" => {
            u.unify_term(res, Term::Unit)?;
            Ok(true)
        }
        // The new value of an argument written back (`inout`).
        "inout_arg" => {
            u.unify(args[2], res)?;
            Ok(true)
        }
        other => Err(format!("unknown operation `{other}`")),
    }
}

/// Arithmetic, shifts and comparisons, and the operations whose result is
/// their operand.
fn operator_rule(u: &mut Unifier, opname: &str, args: &[Node], res: Node) -> Result<bool, String> {
    match opname {
        "add" | "sub" | "mul" | "div" | "mod" | "and_" | "or_" | "xor" => {
            u.unify(args[0], args[1])?;
            u.unify(args[0], res)?;
        }
        "lshift" | "rshift" => {
            u.unify(args[0], res)?;
            // The count is any integer; unconstrained, it is an i32.
            u.unify_term(args[1], Term::IntVar)?;
        }
        "lt" | "le" | "eq" | "ne" | "gt" | "ge" => {
            u.unify(args[0], args[1])?;
            u.unify_term(res, Term::Bool)?;
        }
        "neg" | "invert" | "same_as" | "ref_mut" | "ref_mut_arg" | "box_new" | "borrow" | "copy_value" => {
            u.unify(args[0], res)?
        }
        other => unreachable!("`{other}` is not an operator"),
    }
    Ok(true)
}

/// A type ascription (`let x: T`, the type of an operand), and a cast
/// (`x as T`).
fn ascription_rule(u: &mut Unifier, opname: &str, vals: &[Value], args: &[Node], res: Node) -> Result<bool, String> {
    match opname {
        "ascribe" | "same_type" => {
            let target = match &vals[1] {
                Value::Const(c) => match &c.value {
                    ConstValue::Type(ty) => u.node_of_ty(ty),
                    _ => args[1],
                },
                Value::Var(_) => args[1],
            };
            u.coerce(args[0], target)?;
            u.unify(res, target)?;
        }
        "cast" => {
            let target = match &vals[1] {
                Value::Const(c) => match &c.value {
                    ConstValue::Type(ty) => u.node_of_ty(ty),
                    _ => return Err("bad cast operand".into()),
                },
                Value::Var(_) => args[1],
            };
            u.unify(res, target)?;
        }
        other => unreachable!("`{other}` is not an ascription"),
    }
    Ok(true)
}

/// The literals of tuples, lists and dicts, the assignment to a list's
/// item, and the prelude's copy of items from one list to another.
fn container_rule(u: &mut Unifier, opname: &str, args: &[Node], res: Node) -> Result<bool, String> {
    match opname {
        "newtuple" => u.unify_term(res, Term::Tuple(args.to_vec()))?,
        "newlist" => {
            let item = u.fresh(Term::Unknown);
            for a in args {
                u.unify(*a, item)?;
            }
            u.unify_term(res, Term::List(item))?;
        }
        "newlist_hint" => {
            u.unify_term(args[0], Term::Int(IntTy::Usize))?;
            let item = u.fresh(Term::Unknown);
            u.unify_term(res, Term::List(item))?;
        }
        "list_extend" => {
            let item = u.fresh(Term::Unknown);
            u.unify_term(args[0], Term::List(item))?;
            u.unify_term(args[1], Term::List(item))?;
            u.unify_term(args[2], Term::Int(IntTy::Usize))?;
            u.unify_term(args[3], Term::Int(IntTy::Usize))?;
            u.unify_term(res, Term::Unit)?;
        }
        "list_move" => {
            let item = u.fresh(Term::Unknown);
            u.unify_term(args[0], Term::List(item))?;
            for a in &args[1..] {
                u.unify_term(*a, Term::Int(IntTy::Usize))?;
            }
            u.unify_term(res, Term::Unit)?;
        }
        "newlist_repeat" => {
            u.unify_term(args[1], Term::Int(IntTy::Usize))?;
            u.unify_term(res, Term::List(args[0]))?;
        }
        "setitem" => {
            let item = u.fresh(Term::Unknown);
            u.unify_term(args[0], Term::List(item))?;
            u.unify_term(args[1], Term::Int(IntTy::Usize))?;
            u.unify(args[2], item)?;
            u.unify(res, args[0])?;
        }
        "newdict" => {
            let k = u.fresh(Term::Unknown);
            // `HashSet::new()` passes `()` for the values.
            let v = if args.is_empty() { u.fresh(Term::Unknown) } else { args[0] };
            u.unify_term(res, Term::Dict(k, v))?;
        }
        other => unreachable!("`{other}` is not a container's operation"),
    }
    Ok(true)
}

/// Indexing a list, a dict or a tuple, once the indexed value's type is
/// known.
fn index_rule(u: &mut Unifier, vals: &[Value], args: &[Node], res: Node) -> Result<bool, String> {
    let tn = u.find(args[0]);
    match u.term[tn].clone() {
        Term::List(item) => {
            u.unify_term(args[1], Term::Int(IntTy::Usize))?;
            u.unify(item, res)?;
        }
        Term::Dict(k, v) => {
            u.unify(args[1], k)?;
            u.unify(v, res)?;
        }
        Term::Tuple(items) => {
            let idx = vals[1].constant().and_then(|c| c.as_int()).ok_or("tuple index must be a constant")?;
            let item = *items.get(idx as usize).ok_or("tuple index out of range")?;
            u.unify(item, res)?;
        }
        Term::Unknown => return Ok(false),
        _ => return Err(format!("indexing a `{}` as a tuple", u.show(tn))),
    }
    Ok(true)
}

/// The list a `for` loop iterates over (`iter_list`), and `collect()`.
fn iteration_rule(
    u: &mut Unifier,
    t: &Translator,
    opname: &str,
    vals: &[Value],
    args: &[Node],
    res: Node,
) -> Result<bool, String> {
    match opname {
        "iter_list" => {
            let tn = u.find(args[0]);
            match u.term[tn].clone() {
                Term::List(_) => u.unify(args[0], res)?,
                // `for x in &mut it` would leave `it` where the loop stopped.
                Term::Iter(_) if vals.get(1).and_then(|v| v.constant()).is_some_and(|c| c.value == ConstValue::Bool(true)) => {
                    return Err(format!("a `for` loop over `&mut` of an iterator is not translated: write `for x in it.by_ref()` or `while let Some(x) = it.next()` ({})", Section::Iterators.see()))
                }
                Term::Iter(item) => u.unify_term(res, Term::List(item))?,
                Term::Dict(k, v) => {
                    let vn = u.find(v);
                    let item = if matches!(u.term[vn], Term::Unit) { k } else { u.fresh(Term::Tuple(vec![k, v])) };
                    u.unify_term(res, Term::List(item))?;
                }
                Term::Unknown => return Ok(false),
                // A type of the module implementing `Iterator`: typed as a
                // list of its items until the rebuild that makes the loop
                // call `next()` (`ModuleScope::iterator_loops`).
                Term::Struct(_) | Term::Enum(_) | Term::Adt(..) => match iterator_item(u, t, tn) {
                    Some(item) => u.unify_term(res, Term::List(item))?,
                    None if matches!(&u.term[tn], Term::Adt(..)) && u.resolve_known(tn).is_none() => return Ok(false),
                    None => {
                        return Err(format!(
                            "iterating over a `{}`, which implements neither `Iterator` nor the list protocol",
                            u.show(tn)
                        ))
                    }
                },
                _ => return Err(format!("iterating over a `{}`", u.show(tn))),
            }
        }
        // Of a list (the list itself) or an iterator (a list of its items
        // left), into a list or a `String` (of chars or strings), or of an
        // iterator into a map (of pairs) or a set; unknown until the
        // result's type is.
        "collect" => {
            let an = u.find(args[0]);
            let rn = u.find(res);
            if let (Term::Iter(item), Term::Dict(k, v)) = (u.term[an].clone(), u.term[rn].clone()) {
                let vn = u.find(v);
                let wanted = if matches!(u.term[vn], Term::Unit) { k } else { u.fresh(Term::Tuple(vec![k, v])) };
                u.unify(item, wanted)?;
                return Ok(true);
            }
            let list = match u.term[an] {
                Term::Iter(item) => u.fresh(Term::List(item)),
                _ => {
                    let item = u.fresh(Term::Unknown);
                    u.unify_term(args[0], Term::List(item))?;
                    args[0]
                }
            };
            let rn = u.find(res);
            match u.term[rn] {
                Term::Str => {}
                Term::Unknown => return Ok(false),
                _ => u.unify(list, res)?,
            }
        }
        other => unreachable!("`{other}` is not an iteration"),
    }
    Ok(true)
}

/// The `Item` of the module's type `n` if it implements `Iterator`: its
/// `next()`'s, or for a generic type its `impl`'s, of its arguments.
fn iterator_item(u: &mut Unifier, t: &Translator, n: Node) -> Option<Node> {
    if let Term::Adt(proto, args) = u.term[n].clone() {
        if let Some(item) = t.generic_iterator_items.get(&proto) {
            return Some(node_of_generic(u, item, &args));
        }
    }
    let ty = u.resolve_known(n)?;
    if !t.std_impls.contains(&(ty.clone(), crate::lang_items::StdTrait::Iterator)) {
        return None;
    }
    let next = t.methods.get(&(ty, "next".to_string()))?;
    match &t.graphs[*next].ret_ty {
        Ty::Option(item) => Some(u.node_of_ty(item)),
        _ => None,
    }
}

/// The struct whose object a `RefCell` of `inner` is (`prelude::cell_struct`),
/// once `inner` is known.
fn struct_cell(u: &mut Unifier, t: &Translator, inner: Node) -> Option<crate::ty::StructId> {
    let inner = u.resolve_known(inner)?;
    crate::prelude::cell_struct(t, &Ty::Cell(CellKind::RefCell, Box::new(inner)))
}

/// A field's read (`getattr`) or assignment (`setattr`), once the value's
/// type is known.
fn field_rule(
    u: &mut Unifier,
    t: &Translator,
    opname: &str,
    vals: &[Value],
    args: &[Node],
    res: Node,
) -> Result<bool, String> {
    let name = vals[1].constant().and_then(|c| c.as_str()).ok_or("field name must be a constant")?;
    let mut tn = u.find(args[0]);
    // A field read through an `Rc` (which cannot be assigned through).
    if let (Term::Rc(inner), "getattr") = (u.term[tn].clone(), opname) {
        tn = u.find(inner);
    }
    let field = match u.term[tn].clone() {
        Term::Tuple(items) => {
            let i: usize = name.parse().map_err(|_| format!("no field `{name}` on a tuple"))?;
            *items.get(i).ok_or("tuple index out of range")?
        }
        // A generic struct's field, of its arguments.
        Term::Adt(Ty::Struct(proto), targs) => {
            let (_, fields) = t.generic_fields.get(&proto).ok_or("a field of an enum")?;
            let (_, g) = fields
                .iter()
                .find(|(n, _)| n == name)
                .ok_or_else(|| format!("no field `{name}` on `{}`", t.type_name(&Ty::Struct(proto))))?;
            node_of_generic(u, g, &targs)
        }
        Term::Struct(_) | Term::Dict(..) => {
            let Some(ty) = u.resolve_known(tn) else { return Ok(false) };
            let def = t.struct_def(&ty).unwrap();
            let i = def.field_index(name).ok_or_else(|| format!("no field `{name}` on `{}`", def.name))?;
            u.node_of_ty(&def.fields[i].1)
        }
        // A `RefCell` of a struct is the struct's object: the struct's fields.
        Term::Cell(CellKind::RefCell, inner) if let Some(s) = struct_cell(u, t, inner) => {
            let def = &t.structs[s];
            let i = def.field_index(name).ok_or_else(|| format!("no field `{name}` on `{}`", def.name))?;
            u.node_of_ty(&def.fields[i].1)
        }
        // The cell template's fields: the value, and a `RefCell`'s count
        // of its borrows.
        Term::Cell(_, inner) if name == "value" => inner,
        Term::Cell(CellKind::RefCell, _) if name == "__borrows" => u.fresh(Term::Int(IntTy::I64)),
        // The iterator template's.
        Term::Iter(item) if name == "items" => u.fresh(Term::List(item)),
        Term::Iter(_) if name == "front" || name == "back" => u.fresh(Term::Int(IntTy::Usize)),
        Term::Unknown => return Ok(false),
        _ => return Err(format!("field `{name}` of a `{}`", u.show(tn))),
    };
    if opname == "getattr" {
        u.unify(field, res)?;
    } else {
        u.unify(field, args[2])?;
        u.unify(args[0], res)?;
    }
    Ok(true)
}

/// A struct literal, and an enum with data: the payload struct of a
/// variant, viewed as the enum.
fn struct_rule(
    u: &mut Unifier,
    t: &Translator,
    opname: &str,
    vals: &[Value],
    args: &[Node],
    res: Node,
) -> Result<bool, String> {
    if opname == "newstruct" {
        let Some(ConstValue::Type(ty)) = vals[0].constant().map(|c| &c.value) else {
            return Err("bad struct literal".into());
        };
        let n = u.node_of_ty(ty);
        unify_fields(u, t, ty, n, args)?;
        u.unify(res, n)?;
        return Ok(true);
    }
    let Some(ConstValue::Type(ty)) =
        vals[if matches!(opname, "newvariant" | "to_dyn") { 0 } else { 1 }].constant().map(|c| &c.value)
    else {
        return Err(format!("bad operand of `{opname}`"));
    };
    let def = t.struct_def(ty).ok_or("bad variant")?;
    let (e, _) = def.variant.ok_or("not a variant")?;
    // The payload and its enum (of the same arguments, for a generic enum).
    let payload = u.node_of_ty(ty);
    let enum_node = match u.term[payload].clone() {
        Term::Adt(_, targs) => {
            let proto = t.prototype(ty).or_else(|| t.generic_of(&Ty::Enum(e)).map(|(p, _)| p));
            u.fresh(Term::Adt(proto.ok_or("bad generic variant")?, targs))
        }
        _ => u.node_of_ty(&Ty::Enum(e)),
    };
    match opname {
        "newvariant" => {
            unify_fields(u, t, ty, payload, args)?;
            u.unify(res, enum_node)?;
        }
        // (A trait object, `dyn Trait` or `Rc<dyn Trait>`: `typeck`'s coercions.)
        "to_dyn" => {
            unify_fields(u, t, ty, payload, args)?;
            let r = u.find(res);
            let target = if let Term::Rc(inner) = u.term[r] { inner } else { res };
            u.unify(target, enum_node)?;
        }
        "variant_is" => {
            u.unify(args[0], enum_node)?;
            u.unify_term(res, Term::Bool)?;
        }
        "variant_payload" => {
            u.unify(args[0], enum_node)?;
            u.unify(res, payload)?;
        }
        other => unreachable!("`{other}` is not a struct's operation"),
    }
    Ok(true)
}

/// The fields of a struct literal (`args[1..]`) have the types the struct
/// `ty` declares; `node` is the struct's (of a generic struct: of its
/// arguments).
fn unify_fields(u: &mut Unifier, t: &Translator, ty: &Ty, node: Node, args: &[Node]) -> Result<(), String> {
    let n = u.find(node);
    let fields: Vec<Node> = match u.term[n].clone() {
        Term::Adt(Ty::Struct(s), targs) => {
            let (_, fields) = t.generic_fields.get(&s).ok_or("bad struct literal")?;
            fields.iter().map(|(_, g)| node_of_generic(u, g, &targs)).collect()
        }
        _ => {
            let def = t.struct_def(ty).ok_or("bad struct literal")?;
            def.fields.iter().map(|(_, fty)| u.node_of_ty(fty)).collect()
        }
    };
    if fields.len() != args.len() - 1 {
        return Err(format!("`{}` has {} fields", t.type_name(ty), fields.len()));
    }
    for (a, f) in args[1..].iter().zip(fields) {
        u.unify(*a, f)?;
    }
    Ok(())
}

/// Making and testing an `Option` or a `Result`, and reading its payload.
fn option_result_rule(u: &mut Unifier, opname: &str, args: &[Node], res: Node) -> Result<bool, String> {
    match opname {
        "newsome" => u.unify_term(res, Term::Option(args[0]))?,
        "is_some" => {
            let inner = u.fresh(Term::Unknown);
            u.unify_term(args[0], Term::Option(inner))?;
            u.unify_term(res, Term::Bool)?;
        }
        "some_payload" => u.unify_term(args[0], Term::Option(res))?,
        "newok" | "newerr" => {
            let other = u.fresh(Term::Unknown);
            let (t, e) = if opname == "newok" { (args[0], other) } else { (other, args[0]) };
            u.unify_term(res, Term::Result(t, e))?;
        }
        "is_ok" => {
            let (t, e) = (u.fresh(Term::Unknown), u.fresh(Term::Unknown));
            u.unify_term(args[0], Term::Result(t, e))?;
            u.unify_term(res, Term::Bool)?;
        }
        "ok_payload" | "err_payload" => {
            let other = u.fresh(Term::Unknown);
            let (t, e) = if opname == "ok_payload" { (res, other) } else { (other, res) };
            u.unify_term(args[0], Term::Result(t, e))?;
        }
        other => unreachable!("`{other}` is not an operation of options and results"),
    }
    Ok(true)
}

/// `x.unwrap()`/`.expect(m)`/`.unwrap_or(d)` of an `Option` or a
/// `Result`: typed once `x` is (or as an `Option` when nothing else tells,
/// see `Inference::assume_option`); write-back renames them.
fn unwrap_rule(u: &mut Unifier, opname: &str, args: &[Node], res: Node) -> Result<bool, String> {
    let x = u.find(args[0]);
    let (payload, err) = match u.term[x].clone() {
        Term::Option(t) => (t, None),
        Term::Result(t, e) => (t, Some(e)),
        Term::Unknown => return Ok(false),
        // (`it.map(..)` of an iterator held in a variable: the front end
        // took it for `Option::map`.)
        Term::Iter(_) | Term::List(_) => return Err(format!("a method taking a closure on `{}`: adaptors taking closures are translated in a chain written from its source (`v.iter().map(..)`) to its consumer or `for` loop, not on an iterator held in a variable", u.show(x))),
        Term::Struct(_) | Term::Enum(_) | Term::Adt(..) => return Err(format!("a method taking a closure on `{}`: an iterator of the module is translated in `for` loops and `next()` calls; write the adaptor as a `for` loop over it ({})", u.show(x), crate::diagnostic::Section::Iterators.see())),
        _ => return Err(format!("`unwrap` of a value of type `{}`", u.show(x))),
    };
    match opname {
        // (A `Some`/`Ok` of `args[1]`, a `None`/`Err` of error `args[1]`.)
        "unwrap_rewrap" => {
            let t = match err {
                Some(e) => Term::Result(args[1], e),
                None => Term::Option(args[1]),
            };
            u.unify_term(res, t)?
        }
        "unwrap_absent" => {
            let payload = u.fresh(Term::Unknown);
            let t = match err {
                Some(e) => {
                    u.unify(args[1], e)?;
                    Term::Result(payload, e)
                }
                None => Term::Option(payload),
            };
            u.unify_term(res, t)?
        }
        "unwrap_test" => u.unify_term(res, Term::Bool)?,
        "unwrap_payload" => u.unify(res, payload)?,
        "unwrap_err" => match err {
            Some(e) => u.unify(res, e)?,
            None => u.unify_term(res, Term::Str)?,
        },
        _ => u.unify_term(res, Term::Unit)?,
    }
    Ok(true)
}

/// Files, the standard streams, the process's exit and environment, and
/// the runtime's clocks and collector.
fn io_rule(u: &mut Unifier, opname: &str, vals: &[Value], args: &[Node], res: Node) -> Result<bool, String> {
    match opname {
        "fs_read" | "fs_read_to_string" => {
            u.unify_term(args[0], Term::Str)?;
            let ok = if opname == "fs_read" {
                let byte = u.fresh(Term::Int(IntTy::U8));
                u.fresh(Term::List(byte))
            } else {
                u.fresh(Term::Str)
            };
            let err = u.fresh(Term::Str);
            u.unify_term(res, Term::Result(ok, err))?;
        }
        "stdin_read" => {
            let target = match vals[0].constant().and_then(|c| c.as_str()) {
                Some("read_line" | "read_to_string") => Term::Str,
                _ => {
                    let byte = u.fresh(Term::Int(IntTy::U8));
                    Term::List(byte)
                }
            };
            u.unify_term(args[1], target)?;
            let (n, err) = (u.fresh(Term::Int(IntTy::Usize)), u.fresh(Term::Str));
            u.unify_term(res, Term::Result(n, err))?;
        }
        "stdout_write" => {
            let byte = u.fresh(Term::Int(IntTy::U8));
            u.unify_term(args[1], Term::List(byte))?;
            u.unify_term(res, Term::Unit)?;
        }
        "stdout_flush" | "process_exit" | "gc_collect" => u.unify_term(res, Term::Unit)?,
        // `std::env::var`'s error is its `Display` text, as an io error's.
        "env_var" => {
            u.unify_term(args[0], Term::Str)?;
            let (value, err) = (u.fresh(Term::Str), u.fresh(Term::Str));
            u.unify_term(res, Term::Result(value, err))?;
        }
        "time_clock" | "time_time" => u.unify_term(res, Term::F64)?,
        "gc_heap_size" => u.unify_term(res, Term::Int(IntTy::Usize))?,
        "io_write" => {
            u.unify_term(args[1], Term::Str)?;
            u.unify_term(res, Term::Unit)?;
        }
        other => unreachable!("`{other}` is not an operation of input and output"),
    }
    Ok(true)
}

/// The operations of strings and chars that the prelude's functions use,
/// and formatting.
fn string_rule(u: &mut Unifier, opname: &str, args: &[Node], res: Node) -> Result<bool, String> {
    match opname {
        "char_class" => {
            u.unify_term(args[0], Term::Char)?;
            u.unify_term(args[1], Term::Int(IntTy::I64))?;
            u.unify_term(res, Term::Int(IntTy::I64))?;
        }
        "str_convert" => {
            u.unify_term(args[0], Term::Str)?;
            u.unify_term(args[1], Term::Int(IntTy::I64))?;
            u.unify_term(res, Term::Str)?;
        }
        "parse_f64_status" | "parse_f64" => {
            u.unify_term(args[0], Term::Str)?;
            u.unify_term(res, if opname == "parse_f64" { Term::F64 } else { Term::Int(IntTy::I64) })?;
        }
        "format_arg" => {
            u.unify_term(args[0], Term::Str)?;
            u.unify_term(res, Term::Unit)?;
        }
        "str_bytes" => {
            u.unify_term(args[0], Term::Str)?;
            let byte = u.fresh(Term::Int(IntTy::U8));
            u.unify_term(res, Term::List(byte))?;
        }
        "str_from_bytes" => {
            let byte = u.fresh(Term::Int(IntTy::U8));
            u.unify_term(args[0], Term::List(byte))?;
            u.unify_term(res, Term::Str)?;
        }
        other => unreachable!("`{other}` is not an operation of strings"),
    }
    Ok(true)
}

/// `s.parse()`: once the result's type is known, its error type is.
fn parse_rule(u: &mut Unifier, t: &Translator, args: &[Node], res: Node) -> Result<bool, String> {
    u.unify_term(args[0], Term::Str)?;
    let (ok, e) = (u.fresh(Term::Unknown), u.fresh(Term::Unknown));
    u.unify_term(res, Term::Result(ok, e))?;
    let okn = u.find(ok);
    let err = match u.term[okn].clone() {
        Term::Int(_) | Term::IntVar => LangItem::ParseIntError.name(),
        Term::F64 => LangItem::ParseFloatError.name(),
        Term::Unknown => return Ok(false),
        _ => return Err(format!("parsing a `{}`: only integers and `f64` are parsed", u.show(ok))),
    };
    let sid = t.structs.iter().find(|(_, d)| d.name == err).map(|(s, _)| s).ok_or("no parse errors")?;
    u.unify_term(e, Term::Struct(sid))?;
    Ok(true)
}

/// A call through a function pointer.
fn indirect_call_rule(u: &mut Unifier, args: &[Node], res: Node) -> Result<bool, String> {
    let f = u.fresh(Term::Fn(args[1..].to_vec(), res));
    u.unify(args[0], f)?;
    Ok(true)
}

/// A call of a generic function: its type parameters are new nodes, bound
/// by the operands and the result.
fn generic_call_rule(
    u: &mut Unifier,
    t: &Translator,
    vals: &[Value],
    args: &[Node],
    res: Node,
) -> Result<bool, String> {
    let (name, written) = super::write_back::generic_target(&vals[0]).ok_or("bad generic call")?;
    let sig = &t.generic_fns[&name];
    if sig.params.len() != args.len() - 1 {
        return Err(format!("`{name}` takes {} arguments, {} given", sig.params.len(), args.len() - 1));
    }
    if written.len() > sig.type_params.len() {
        return Err(format!("`{name}` takes {} type arguments, {} given", sig.type_params.len(), written.len()));
    }
    let params: Vec<Node> = sig.type_params.iter().map(|_| u.fresh(Term::Unknown)).collect();
    for (p, ty) in params.iter().zip(&written) {
        let n = u.node_of_ty(ty);
        u.unify(*p, n)?;
    }
    for (a, gty) in args[1..].iter().zip(&sig.params) {
        let n = node_of_generic(u, gty, &params);
        // (`self` of a generic type's method may be an `Rc` of it.)
        u.coerce(*a, n)?;
    }
    let r = node_of_generic(u, &sig.ret, &params);
    u.unify(res, r)?;
    Ok(true)
}

/// A call of a function's graph, by its declared signature.
fn simple_call_rule(
    u: &mut Unifier,
    t: &Translator,
    opname: &str,
    vals: &[Value],
    args: &[Node],
    res: Node,
) -> Result<bool, String> {
    let Some(ConstValue::Func(g)) = vals[0].constant().map(|c| &c.value) else {
        return Err("call of a non-constant function".into());
    };
    let callee = &t.graphs[*g];
    if callee.param_tys.len() != args.len() - 1 {
        return Err(format!("`{}` takes {} arguments, {} given", callee.name, callee.param_tys.len(), args.len() - 1));
    }
    for (i, (a, ty)) in args[1..].iter().zip(&callee.param_tys).enumerate() {
        // A method called through an `Rc` gets the `Rc` as `self`.
        let n = match opname {
            "deref_call" if i == 0 => u.node_of_ty(&Ty::Rc(Box::new(ty.clone()))),
            _ => u.node_of_ty(ty),
        };
        u.coerce(*a, n)?;
    }
    let r = u.node_of_ty(&callee.ret_ty);
    u.unify(res, r)?;
    Ok(true)
}

/// A method call left by method resolution: one of `method_sig`, whose
/// receiver is a number.
fn method_sig_rule(u: &mut Unifier, vals: &[Value], args: &[Node], res: Node) -> Result<bool, String> {
    let name = vals[0].constant().and_then(|c| c.as_str()).ok_or("bad method name")?;
    let sig = method_sig(name).ok_or_else(|| format!("no method `{name}`"))?;
    let recv = args[1];
    match sig.recv {
        Recv::Int => u.unify_term(recv, Term::IntVar)?,
        Recv::Float => u.unify_term(recv, Term::F64)?,
        Recv::Number => {
            if !u.is_known(recv) {
                return Ok(false);
            }
        }
    }
    if args.len() - 2 != sig.args.len() {
        return Err(format!("`{name}` takes {} arguments", sig.args.len()));
    }
    let rel = |u: &mut Unifier, r: &Rel| match r {
        Rel::SelfTy => recv,
        Rel::OptionSelf => u.fresh(Term::Option(recv)),
        Rel::Fixed(ty) => u.node_of_ty(ty),
    };
    for (a, r) in args[2..].iter().zip(&sig.args) {
        let n = rel(u, r);
        u.unify(*a, n)?;
    }
    let r = rel(u, &sig.ret);
    u.unify(res, r)?;
    Ok(true)
}

/// Cells and `Rc`s. `Rc::new(x)`, `Rc::clone(&r)`, and the prelude's
/// `__rc_inner(r)` (the value behind an `Rc`) are all the same value once
/// lowered.
fn pointer_rule(u: &mut Unifier, opname: &str, vals: &[Value], args: &[Node], res: Node) -> Result<bool, String> {
    match opname {
        "cell_new" => {
            let kind = match vals[0].constant().and_then(|c| c.as_str()) {
                Some("RefCell") => CellKind::RefCell,
                _ => CellKind::Cell,
            };
            u.unify_term(res, Term::Cell(kind, args[1]))?;
        }
        "rc_new" => u.unify_term(res, Term::Rc(args[0]))?,
        "rc_clone" => {
            let inner = u.fresh(Term::Unknown);
            u.unify_term(args[0], Term::Rc(inner))?;
            u.unify(args[0], res)?;
        }
        "rc_inner" => u.unify_term(args[0], Term::Rc(res))?,
        "deref" => {
            let n = u.find(args[0]);
            match u.term[n].clone() {
                Term::Rc(inner) => u.unify(inner, res)?,
                Term::Unknown => return Ok(false),
                _ => u.unify(args[0], res)?,
            }
        }
        // The template of a `RefCell` of a struct (`prelude/cell_struct.rs`).
        "cell_of" => u.unify_term(res, Term::Cell(CellKind::RefCell, args[0]))?,
        "cell_inner" => u.unify_term(args[0], Term::Cell(CellKind::RefCell, res))?,
        "cell_borrows" | "cell_set_borrows" => {
            let inner = u.fresh(Term::Unknown);
            u.unify_term(args[0], Term::Cell(CellKind::RefCell, inner))?;
            if opname == "cell_borrows" {
                u.unify_term(res, Term::Int(IntTy::I64))?;
            } else {
                u.unify_term(args[1], Term::Int(IntTy::I64))?;
                u.unify_term(res, Term::Unit)?;
            }
        }
        "cell_is" => {
            u.unify_term(args[0], Term::Cell(CellKind::RefCell, args[1]))?;
            u.unify_term(res, Term::Bool)?;
        }
        "rc_ptr_eq" => {
            let inner = u.fresh(Term::Unknown);
            u.unify_term(args[0], Term::Rc(inner))?;
            u.unify(args[0], args[1])?;
            u.unify_term(res, Term::Bool)?;
        }
        "gc_id" => {
            let inner = u.fresh(Term::Unknown);
            u.unify_term(args[0], Term::Rc(inner))?;
            u.unify_term(res, Term::Int(IntTy::Usize))?;
        }
        other => unreachable!("`{other}` is not an operation of cells and `Rc`s"),
    }
    Ok(true)
}

/// Panics, and the JIT's hints (`crate::jit`).
fn effect_rule(u: &mut Unifier, opname: &str, args: &[Node], res: Node) -> Result<bool, String> {
    match opname {
        "panic" | "unreachable" => u.unify_term(res, Term::Unit)?,
        "panic_str" => {
            u.unify_term(args[0], Term::Str)?;
            u.unify_term(res, Term::Unit)?;
        }
        "jit_marker" => u.unify_term(res, Term::Unit)?,
        "hint" => u.unify(args[0], res)?,
        other => unreachable!("`{other}` is neither a panic nor a hint"),
    }
    Ok(true)
}

/// The node of the type `g` of a generic function's signature, its type
/// parameters standing for `params`.
fn node_of_generic(u: &mut Unifier, g: &GenericTy, params: &[Node]) -> Node {
    match g {
        GenericTy::Param(i) => params[*i],
        GenericTy::Concrete(ty) => u.node_of_ty(ty),
        GenericTy::Tuple(items) => {
            let items = items.iter().map(|i| node_of_generic(u, i, params)).collect();
            u.fresh(Term::Tuple(items))
        }
        GenericTy::Option(inner) => {
            let n = node_of_generic(u, inner, params);
            u.fresh(Term::Option(n))
        }
        GenericTy::List(inner) => {
            let n = node_of_generic(u, inner, params);
            u.fresh(Term::List(n))
        }
        GenericTy::Iter(inner) => {
            let n = node_of_generic(u, inner, params);
            u.fresh(Term::Iter(n))
        }
        GenericTy::Result(ok, err) => {
            let (t, e) = (node_of_generic(u, ok, params), node_of_generic(u, err, params));
            u.fresh(Term::Result(t, e))
        }
        GenericTy::Rc(inner) => {
            let n = node_of_generic(u, inner, params);
            u.fresh(Term::Rc(n))
        }
        GenericTy::Cell(kind, inner) => {
            let n = node_of_generic(u, inner, params);
            u.fresh(Term::Cell(*kind, n))
        }
        GenericTy::Fn(ps, r) => {
            let ps = ps.iter().map(|p| node_of_generic(u, p, params)).collect();
            let r = node_of_generic(u, r, params);
            u.fresh(Term::Fn(ps, r))
        }
        GenericTy::Adt(proto, args) => {
            let args = args.iter().map(|a| node_of_generic(u, a, params)).collect();
            u.fresh(Term::Adt((**proto).clone(), args))
        }
        GenericTy::Dict(k, v) => {
            let (k, v) = (node_of_generic(u, k, params), node_of_generic(u, v, params));
            u.fresh(Term::Dict(k, v))
        }
    }
}
