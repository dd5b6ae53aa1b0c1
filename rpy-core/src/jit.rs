//! The JIT's hints as the translator sees them (RPython's
//! `rpython.rlib.jit`): the drivers a module declares and the hints on its
//! functions. The flow space turns `jit_merge_point!`/`can_enter_jit!` into
//! `jit_marker` operations and `promote(x)` into `hint`; this module holds
//! what they refer to and the checks that need the whole module.

use crate::entity::EntityRef;
use crate::flow::{BlockId, ConstValue, FunctionGraph, GraphId, JitDriverDef, Value, VarId};
use crate::translator::Translator;
use crate::ty::Ty;
use std::collections::{HashMap, HashSet};

/// Whether a `static`'s type is `JitDriver` (or `rpython::jit::JitDriver`).
pub fn is_driver_type(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "JitDriver"))
}

/// The driver a `static` declares, read from its initializer:
/// `JitDriver::new(&["a", ...], &["b", ...])`, optionally followed by
/// `.get_printable_location("f")` and `.virtualizables(&["b"])`.
pub fn parse_driver(s: &syn::ItemStatic) -> syn::Result<JitDriverDef> {
    let form = "rpy: a JIT driver is declared as `static NAME: JitDriver = JitDriver::new(&[\"green\", ...], &[\"red\", ...]);`, optionally followed by `.get_printable_location(\"function\")` and `.virtualizables(&[\"red\"])`, with string literals";
    let bad = |tokens: &dyn quote::ToTokens| syn::Error::new_spanned(tokens, form);
    let names = |e: &syn::Expr| -> syn::Result<Vec<String>> {
        let syn::Expr::Reference(r) = e else { return Err(bad(e)) };
        let syn::Expr::Array(a) = &*r.expr else { return Err(bad(e)) };
        a.elems.iter().map(|x| string_lit(x).ok_or_else(|| bad(x))).collect()
    };
    let (mut call, mut printable, mut vables) = (&*s.expr, None, None);
    while let syn::Expr::MethodCall(m) = call {
        match (m.method.to_string().as_str(), m.args.len()) {
            ("get_printable_location", 1) if printable.is_none() => {
                printable = Some(string_lit(&m.args[0]).ok_or_else(|| bad(&m.args[0]))?);
            }
            ("virtualizables", 1) if vables.is_none() => vables = Some((names(&m.args[0])?, &m.args[0])),
            _ => return Err(bad(m)),
        }
        call = &m.receiver;
    }
    let syn::Expr::Call(c) = call else { return Err(bad(call)) };
    let is_new = matches!(&*c.func, syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "new"));
    if !is_new || c.args.len() != 2 {
        return Err(bad(c));
    }
    let (greens, reds) = (names(&c.args[0])?, names(&c.args[1])?);
    if reds.is_empty() {
        return Err(syn::Error::new_spanned(
            &c.args[1],
            "rpy: a JIT driver needs at least one red variable (the interpreter's state)",
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for (n, e) in greens.iter().zip(std::iter::repeat(&c.args[0])).chain(reds.iter().zip(std::iter::repeat(&c.args[1])))
    {
        if !seen.insert(n) {
            return Err(syn::Error::new_spanned(
                e,
                format!("rpy: `{n}` is named twice among the driver's greens and reds"),
            ));
        }
    }
    let virtualizable = match vables {
        None => None,
        Some((names, e)) => match names.as_slice() {
            [n] => Some(reds.iter().position(|r| r == n).ok_or_else(|| {
                syn::Error::new_spanned(e, format!("rpy: the virtualizable `{n}` is not one of the driver's reds"))
            })?),
            _ => {
                return Err(syn::Error::new_spanned(
                    e,
                    "rpy: a JIT driver has one virtualizable: the red that is the interpreter's frame",
                ))
            }
        },
    };
    Ok(JitDriverDef {
        name: s.ident.to_string(),
        greens,
        reds,
        printable_location: printable,
        printable_graph: None,
        virtualizable,
    })
}

fn string_lit(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        _ => None,
    }
}

/// The graph holding each driver's `jit_merge_point!` (the portal).
pub fn portals(t: &Translator) -> Vec<Vec<GraphId>> {
    graphs_with_marker(t, "jit_merge_point")
}

/// Per driver, whether it has a `can_enter_jit!`: then its loops are
/// counted there, where the interpreted program jumps backwards, and its
/// merge points call the JIT only when one was just passed (RPython's
/// `can_enter_jit`); without one, every merge point counts.
pub fn counts_at_can_enter_jit(t: &Translator) -> Vec<bool> {
    graphs_with_marker(t, "can_enter_jit").iter().map(|g| !g.is_empty()).collect()
}

/// The portals (the functions with a driver's `jit_merge_point!`) whose
/// entries count towards tracing the function from its start (RPython's
/// `function_threshold`): those of drivers that count their loops at a
/// `can_enter_jit!` (the others count at every merge point already).
pub fn portals_counting_entries(t: &Translator) -> Vec<GraphId> {
    let counting = counts_at_can_enter_jit(t);
    let portals = graphs_with_marker(t, "jit_merge_point");
    portals.into_iter().zip(counting).filter(|(_, c)| *c).flat_map(|(p, _)| p).collect()
}

/// What a `jit_marker` operation marks (`"jit_merge_point"`,
/// `"can_enter_jit"`); `None` for any other operation.
pub fn marker_kind(op: &crate::flow::SpaceOperation) -> Option<&str> {
    (op.opname == "jit_marker").then(|| op.args[0].constant().and_then(|c| c.as_str())).flatten()
}

/// Per driver, the graphs with a `jit_marker` of `kind` for it.
fn graphs_with_marker(t: &Translator, kind: &str) -> Vec<Vec<GraphId>> {
    let mut out = vec![Vec::new(); t.jitdrivers.len()];
    for (id, g) in t.graphs.iter() {
        for b in g.iterblocks() {
            for op in &g.blocks[b].operations {
                if marker_kind(op) != Some(kind) {
                    continue;
                }
                if let Some(ConstValue::Int(d)) = op.args[1].constant().map(|c| &c.value) {
                    out[*d as usize].push(id);
                }
            }
        }
    }
    out
}

/// The checks of the drivers that need the whole module: each driver has
/// one `jit_merge_point!`, and its printable-location function exists and
/// takes the greens.
pub fn check_drivers(
    t: &Translator,
    fns: &std::collections::HashMap<String, GraphId>,
    items: &[syn::Item],
) -> Vec<syn::Error> {
    let mut errors = Vec::new();
    for (def, portals) in t.jitdrivers.iter().zip(portals(t)) {
        let item = items.iter().find_map(|i| match i {
            syn::Item::Static(s) if s.ident == def.name => Some(s),
            _ => None,
        });
        let Some(item) = item else { continue };
        match portals.as_slice() {
            [_] => {}
            [] => errors.push(syn::Error::new_spanned(
                &item.ident,
                format!(
                    "rpy: the JIT driver `{}` has no `jit_merge_point!`: put one first thing in the interpreter's loop",
                    def.name
                ),
            )),
            [a, ..] => {
                let names: Vec<&str> = portals.iter().map(|g| t.graphs[*g].name.as_str()).collect();
                let many = if portals.iter().all(|g| g == a) {
                    "twice".to_string()
                } else {
                    format!("in {}", names.join(" and "))
                };
                errors.push(syn::Error::new_spanned(
                    &item.ident,
                    format!("rpy: the JIT driver `{}` has a `jit_merge_point!` {many}: a driver has one, in the interpreter's loop", def.name),
                ))
            }
        }
        if let Some(f) = &def.printable_location {
            match fns.get(f) {
                Some(g) if t.graphs[*g].param_tys.len() == def.greens.len() && t.graphs[*g].ret_ty == Ty::Str => {}
                _ => errors.push(syn::Error::new_spanned(
                    &item.expr,
                    format!("rpy: `get_printable_location` names `{f}`, which must be a function of the module taking the {} greens ({}) and returning a `String`", def.greens.len(), def.greens.join(", ")),
                )),
            }
        }
    }
    errors
}

/// The checks of a driver's virtualizable (`.virtualizables(&["frame"])`),
/// on the low-level graphs: the red is a reference to a struct, and no
/// object of that struct (nor a pointer cast from one) is ever stored in
/// another object (a field, an item, a value stored whole) or prebuilt. So code
/// reaches a frame only through the arguments it was given: what a call not
/// given the frame (nor a list the frame owns) does leaves the frame's
/// fields and its lists' items as they were, which the JIT relies on.
pub fn check_virtualizables(t: &Translator) -> Vec<crate::diagnostic::Diagnostic> {
    use crate::diagnostic::Diagnostic;
    use crate::lloperation::LlOp;
    use crate::lltype::{Container, ContainerId, LlType};
    let mut errors = Vec::new();
    for ((def, portals), d) in t.jitdrivers.iter().zip(portals(t)).zip(0..) {
        let (Some(k), Some(&portal)) = (def.virtualizable, portals.first()) else { continue };
        let g = &t.graphs[portal];
        let marker = g.iterblocks().into_iter().flat_map(|b| g.blocks[b].operations.iter()).find(|op| {
            marker_kind(op) == Some("jit_merge_point") && op.args[1].constant().and_then(|c| c.as_int()) == Some(d)
        });
        let Some(marker) = marker else { continue };
        let name = &def.reds[k];
        let frame = match g.concretetype(&marker.args[2 + def.greens.len() + k]) {
            LlType::Ptr(c) if matches!(t.containers[*c], Container::GcStruct { .. }) => *c,
            _ => {
                errors.push(Diagnostic::rtyping(
                    &g.name,
                    marker.pos,
                    format!("the virtualizable `{name}` must be a reference to a struct (the interpreter's frame)"),
                ));
                continue;
            }
        };
        let ty = t.containers[frame].name();
        // The frame's type and those its pointers are cast to and from (an
        // enum's variants and base): a frame stored as any of them is one.
        let casts: Vec<(ContainerId, ContainerId)> = (t.graphs.iter())
            .flat_map(|(_, h)| {
                h.iterblocks().into_iter().flat_map(move |b| h.blocks[b].operations.iter().map(move |op| (h, op)))
            })
            .filter(|(_, op)| LlOp::from_name(&op.opname) == Some(LlOp::CastPointer))
            .filter_map(|(h, op)| match (h.concretetype(&op.args[0]), h.concretetype(&Value::Var(op.result))) {
                (LlType::Ptr(a), LlType::Ptr(b)) => Some((*a, *b)),
                _ => None,
            })
            .collect();
        let mut frames: HashSet<ContainerId> = HashSet::from([frame]);
        while let Some(&(a, b)) = casts.iter().find(|(a, b)| frames.contains(a) != frames.contains(b)) {
            frames.extend([a, b]);
        }
        fn holds(ty: &LlType, cs: &HashSet<ContainerId>) -> bool {
            match ty {
                LlType::Ptr(p) => cs.contains(p),
                LlType::Struct(fields) => fields.iter().any(|f| holds(f, cs)),
                _ => false,
            }
        }
        // (Constants naming fields and the like have no low-level type.)
        let holds_frame = |h: &FunctionGraph, v: &Value| match v {
            Value::Var(x) => h.vars[*x].concretetype.as_ref().is_some_and(|ty| holds(ty, &frames)),
            Value::Const(c) => {
                !matches!(c.value, ConstValue::Null) && c.concretetype.as_ref().is_some_and(|ty| holds(ty, &frames))
            }
        };
        fn ops(h: &FunctionGraph) -> impl Iterator<Item = &crate::flow::SpaceOperation> + '_ {
            h.iterblocks().into_iter().flat_map(move |b| h.blocks[b].operations.iter())
        }
        for (id, h) in t.graphs.iter() {
            for op in ops(h) {
                let stored = match LlOp::from_name(&op.opname) {
                    Some(LlOp::Setfield | LlOp::Setarrayitem) => op.args.last().is_some_and(|a| holds_frame(h, a)),
                    _ => false,
                };
                let prebuilt = op.args.iter().any(|a| matches!(a, Value::Const(_)) && holds_frame(h, a));
                if !stored && !prebuilt {
                    continue;
                }
                let what = if stored { "stored in another object" } else { "a prebuilt object" };
                let message = format!("`{name}` is the JIT driver `{}`'s virtualizable: a `{ty}` may only be passed to functions (the JIT keeps its fields across calls not given it), and here one is {what}; keep the frame in a local variable and pass it by `&mut`", def.name);
                // A store inside a helper of the rtyper (`ll_append` of a
                // `push`) has no position of its own: it is reported at
                // the calls that give the helper a frame, in the program.
                let mut sites: Vec<(&str, Option<crate::flow::Pos>)> = Vec::new();
                if op.pos.is_none() {
                    for (_, caller) in t.graphs.iter() {
                        let calls = ops(caller).filter(|c| {
                            c.opname == "direct_call"
                                && matches!(c.args[0].constant().map(|k| &k.value), Some(ConstValue::Func(f)) if *f == id)
                                && c.args[1..].iter().any(|a| holds_frame(caller, a))
                        });
                        sites.extend(calls.filter(|c| c.pos.is_some()).map(|c| (caller.name.as_str(), c.pos)));
                    }
                }
                if sites.is_empty() {
                    sites.push((&h.name, op.pos));
                }
                for (graph, pos) in sites {
                    errors.push(Diagnostic::rtyping(graph, pos, message.clone()));
                }
            }
        }
    }
    errors
}

/// The variables of block `b` of `g` that are used after its `k`-th
/// operation (by later operations, the exit switch, or the blocks the
/// exits lead to): what the JIT must know to resume there.
pub fn live_after(g: &FunctionGraph, b: BlockId, k: usize) -> Vec<VarId> {
    // The live inputargs of every block, to a fixpoint (links rename
    // variables, so liveness flows backwards through link arguments).
    let blocks = g.iterblocks();
    let mut live_in: HashMap<BlockId, HashSet<VarId>> = HashMap::new();
    let always = |t: BlockId| t == g.returnblock || t == g.exceptblock;
    let used_from = |live_in: &HashMap<BlockId, HashSet<VarId>>, b: BlockId, from: usize| -> HashSet<VarId> {
        let block = &g.blocks[b];
        let mut used: HashSet<VarId> = HashSet::new();
        for op in &block.operations[from..] {
            used.extend(op.args.iter().filter_map(Value::var));
        }
        used.extend(block.exitswitch.iter().filter_map(Value::var));
        for link in &block.exits {
            let target = &g.blocks[link.target].inputargs;
            for (a, t) in link.args.iter().zip(target) {
                if always(link.target) || live_in.get(&link.target).is_some_and(|l| l.contains(t)) {
                    used.extend(a.var());
                }
            }
        }
        for op in &block.operations[from..] {
            used.remove(&op.result);
        }
        used
    };
    loop {
        let mut changed = false;
        for &blk in &blocks {
            let used = used_from(&live_in, blk, 0);
            let live: HashSet<VarId> = g.blocks[blk].inputargs.iter().copied().filter(|v| used.contains(v)).collect();
            if live_in.get(&blk) != Some(&live) {
                live_in.insert(blk, live);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out: Vec<VarId> = used_from(&live_in, b, k + 1).into_iter().collect();
    out.sort_by_key(|v| v.index());
    out
}

/// Every variable live at a `jit_merge_point!` is one of the driver's
/// greens or reds (RPython's check): the JIT rebuilds the interpreter's
/// state from them. Returns the names of those that are not (`None` for a
/// variable the program did not name, a `for` loop's hidden state).
pub fn unlisted_at_merge_point(g: &FunctionGraph, b: BlockId, k: usize) -> Vec<Option<String>> {
    let op = &g.blocks[b].operations[k];
    let listed: HashSet<VarId> = op.args.iter().filter_map(Value::var).collect();
    let listed_names: HashSet<&str> = listed.iter().filter_map(|v| g.vars[*v].name.as_deref()).collect();
    live_after(g, b, k)
        .into_iter()
        .filter(|v| !listed.contains(v))
        .map(|v| g.vars[v].name.clone())
        .filter(|n| n.as_deref().is_none_or(|n| !listed_names.contains(n)))
        .collect()
}
