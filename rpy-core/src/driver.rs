//! The driver (RPython's `TranslationDriver`): runs the stages in order
//! on a module's items, with `[Timer]` timings and `RPY_DUMP` graph dumps.
//!
//! Architecture invariant: nothing in rpy-core imports the driver; it is
//! the top of the crate.

use crate::annotator::typeck::ProgramTypes;
use crate::annotator::{annotate_typed, typeck_all};
use crate::codewriter::JitData;
use crate::diagnostic::{Diagnostic, Stage};
use crate::flow::items::{build_module, Found};
use crate::flow::Pos;
use crate::lang_items::StdTrait;
use crate::prelude::instances::{self, Kind};
use crate::rtyper::rtype;
use crate::translator::Translator;
use crate::ty::Ty;
use std::time::{Duration, Instant};

/// Why a translation failed. Syntax errors carry the user's tokens; later
/// stages know the function and the source position.
#[derive(Debug)]
pub enum TranslationError {
    Syntax(syn::Error),
    /// Found by the annotator, the rtyper or the codewriter.
    Stage(Diagnostic),
}

impl std::fmt::Display for TranslationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TranslationError::Syntax(e) => write!(f, "{e}"),
            TranslationError::Stage(e) => match e.stage {
                Stage::Annotation => write!(f, "rpy: annotation error: {e}"),
                Stage::RTyping => write!(f, "rpy: rtyper error: {e}"),
            },
        }
    }
}

/// Per-stage wall-clock times, printed as RPython's `[Timer]` lines.
#[derive(Default, Debug, Clone)]
pub struct Timings {
    pub stages: Vec<(String, Duration)>,
}

impl Timings {
    pub fn time<T>(&mut self, name: &str, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let r = f();
        self.stages.push((name.to_string(), start.elapsed()));
        r
    }

    pub fn report(&self) -> String {
        let mut s = String::from("[Timer] Timings:\n");
        let mut total = Duration::ZERO;
        for (name, d) in &self.stages {
            s.push_str(&format!("[Timer] {name:<30} --- {:>6.3} s\n", d.as_secs_f64()));
            total += *d;
        }
        s.push_str(&format!("[Timer] {}\n", "=".repeat(41)));
        s.push_str(&format!("[Timer] {:<30} --- {:>6.3} s\n", "Total:", total.as_secs_f64()));
        s
    }
}

/// Where `RPY_DUMP` writes: `DIR/<module>/<stage>/<graph>.dot`.
pub struct Dumper {
    dir: Option<std::path::PathBuf>,
}

impl Dumper {
    pub fn from_env(module: &str) -> Dumper {
        Dumper { dir: std::env::var_os("RPY_DUMP").map(|d| std::path::PathBuf::from(d).join(module)) }
    }

    pub fn dump(&self, stage: &str, t: &Translator) {
        let Some(dir) = &self.dir else { return };
        let dir = dir.join(stage);
        if std::fs::create_dir_all(&dir).is_err() {
            return;
        }
        for g in t.graphs.values() {
            let dot = dir.join(format!("{}.dot", g.name));
            let _ = std::fs::write(&dot, g.dot());
            let _ = std::fs::write(dir.join(format!("{}.txt", g.name)), g.text());
            // SVG too when Graphviz is installed; its absence is not an error.
            let _ = std::process::Command::new("dot")
                .arg("-Tsvg")
                .arg(&dot)
                .arg("-o")
                .arg(dir.join(format!("{}.svg", g.name)))
                .stderr(std::process::Stdio::null())
                .status();
        }
    }
}

/// What translating a module gives: its low-level graphs, and the
/// jitcodes of its drivers' portals when it has a `JitDriver`.
pub struct Translation {
    pub program: Translator,
    pub jit: Option<JitData>,
}

/// What the translated code does where Rust's semantics depend on the
/// build profile of the crate it is compiled into.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Integer arithmetic of the module's own functions panics on overflow
    /// (rustc's `-C overflow-checks`, on by default in debug builds) instead
    /// of wrapping; rpy's library code never checks, as `std` does not.
    pub overflow_checks: bool,
    /// `debug_assert!` and its kin are asserts (rustc's
    /// `cfg(debug_assertions)`), else nothing.
    pub debug_assertions: bool,
}

/// Runs the pipeline up to the backend on the items of a module: flow
/// graphs, annotation, rtyping, the codewriter.
pub fn translate_items(
    items: &[syn::Item],
    file: &str,
    module: &str,
    options: Options,
    timings: &mut Timings,
) -> Result<Translation, Vec<TranslationError>> {
    let dumper = Dumper::from_env(module);
    let (mut t, mut types) =
        timings.time("flowgraph", || build_with_prelude(items, file, options.debug_assertions, &dumper))?;
    crate::annotator::track_caller::specialize(&mut t, &mut types);
    dumper.dump("flowgraph", &t);
    let ann = timings
        .time("annotate", || annotate_typed(&mut t, types))
        .map_err(|es| es.into_iter().map(TranslationError::Stage).collect::<Vec<_>>())?;
    dumper.dump("annotate", &t);
    let elidable = crate::annotator::elidable::check_elidable(&t, &ann);
    if !elidable.is_empty() {
        return Err(elidable.into_iter().map(TranslationError::Stage).collect());
    }
    timings
        .time("rtype_lltype", || rtype(&mut t, &ann, options.overflow_checks))
        .map_err(|es| es.into_iter().map(TranslationError::Stage).collect::<Vec<_>>())?;
    dumper.dump("rtype_lltype", &t);
    timings
        .time("backendopt", || crate::backendopt::run(&mut t))
        .map_err(|es| es.into_iter().map(TranslationError::Stage).collect::<Vec<_>>())?;
    dumper.dump("backendopt", &t);
    let vables = crate::jit::check_virtualizables(&t);
    if !vables.is_empty() {
        return Err(vables.into_iter().map(TranslationError::Stage).collect());
    }
    let jit = timings.time("codewriter", || crate::codewriter::make_jit(&mut t)).map_err(|message| {
        let graph = t.jitdrivers.first().map(|d| d.name.clone()).unwrap_or_default();
        vec![TranslationError::Stage(Diagnostic::rtyping(
            &graph,
            None,
            format!("rpy: the JIT's codewriter cannot handle the portal: {message}"),
        ))]
    })?;
    // (For the backends only: the JIT must see the merge point at each
    // instruction.)
    if crate::backendopt::merge_point_copy::copy_merge_points(&mut t) > 0 {
        dumper.dump("merge_point_copy", &t);
    }
    if let (Some(dir), Some(jit)) = (&dumper.dir, &jit) {
        let _ = std::fs::create_dir_all(dir);
        let _ = std::fs::write(dir.join("jitcodes.txt"), jit.module.full_text());
    }
    Ok(Translation { program: t, jit })
}

/// Builds the graphs of the module and of the prelude, and infers their
/// types. Type inference finds which `HashMap<K, V>`s and cells the program
/// uses; each needs an instance of the prelude's dict or cell template, which
/// may use further ones, so the module is rebuilt with the instances until
/// none is missing (building and inference take milliseconds).
fn build_with_prelude(
    items: &[syn::Item],
    file: &str,
    debug_assertions: bool,
    dumper: &Dumper,
) -> Result<(Translator, ProgramTypes), Vec<TranslationError>> {
    let items = crate::flow::traits::impl_trait_params(items);
    let items = crate::flow::profile::settle_debug_asserts(items, debug_assertions);
    let derived = crate::flow::derives::expand(&items);
    let classes = crate::flow::dyn_traits::expand(&items);
    let mut all: Vec<syn::Item> =
        items.into_iter().chain(derived).chain(classes).chain(crate::prelude::items()).collect();
    let mut found = Found::default();
    let mut lang_items_checked = false;
    loop {
        let mut t = build_module(&all, file, &found)
            .map_err(|es| es.into_iter().map(TranslationError::Syntax).collect::<Vec<_>>())?;
        // Once the prelude is loaded: every lang item the stages rely on must be in it.
        if !lang_items_checked {
            if let Err(e) = crate::prelude::check_lang_items(&t) {
                panic!("rpy: internal error: {e}");
            }
            lang_items_checked = true;
        }
        let types = typeck_all(&mut t);
        let no_types = ProgramTypes::default();
        let types_found = types.as_ref().unwrap_or(&no_types);
        // Every type of a field or a variable, where templates and generic
        // types are found.
        let all_types = || {
            t.structs
                .values()
                .flat_map(|s| s.fields.iter().map(|(_, ty)| ty))
                .chain(types_found.values().flat_map(|g| g.vars.values()))
        };
        let mut new = Vec::new();
        all_types().for_each(|ty| collect_templates(ty, &mut new));
        // (A template of a generic type once the type has its instance.)
        new.retain(|ty| !found.templates.contains(ty) && !ty.has_generic());
        let new_insts = missing_instances(&t, types_found, &found.insts);
        let (new_generics, mut new_types) = missing_generic_instances(&t, &found.generics);
        all_types().for_each(|ty| wanted_type_instances(&t, ty, &mut new_types));
        new_types.retain(|k| !found.type_insts.contains(k));
        let new_loops: Vec<Pos> =
            iterator_loops(&t, types_found).into_iter().filter(|p| !found.iterator_loops.contains(p)).collect();
        if new.is_empty()
            && new_insts.is_empty()
            && new_generics.is_empty()
            && new_types.is_empty()
            && new_loops.is_empty()
        {
            if types.is_err() {
                // The graphs type inference rejected, to see why.
                dumper.dump("flowgraph", &t);
            }
            let types = types.map_err(|es| es.into_iter().map(TranslationError::Stage).collect::<Vec<_>>())?;
            return Ok((t, types));
        }
        let stage_error = |message: String| vec![TranslationError::Stage(Diagnostic::annotation("", None, message))];
        for ((kind, ty), (graph, pos)) in new_insts {
            let source = instances::source(&t, kind, &ty, found.insts.len())
                .map_err(|message| vec![TranslationError::Stage(Diagnostic::annotation(&graph, pos, message))])?;
            all.extend(crate::prelude::parse(&source, "generated instance"));
            found.insts.push((kind, ty));
        }
        for (name, tys) in new_types {
            if found.type_insts.len() >= MAX_TYPE_INSTANCES {
                return Err(stage_error(format!("more than {MAX_TYPE_INSTANCES} instances of generic types (`{name}` is instantiated with types that grow without end?)")));
            }
            let sources: Vec<String> = tys.iter().map(|ty| crate::prelude::source_of(&t, ty)).collect();
            let items = crate::flow::generic_types::instantiate(&all, &name, &sources, found.type_insts.len());
            let derived = crate::flow::derives::expand(&items);
            all.extend(items.into_iter().chain(derived));
            found.type_insts.push((name, tys));
        }
        for (name, tys) in new_generics {
            // The generic function, of the module or of the prelude.
            let f = all.iter().find_map(|i| match i {
                syn::Item::Fn(f) if f.sig.ident == name.as_str() => Some(f),
                _ => None,
            });
            let sources: Vec<String> = tys.iter().map(|ty| crate::prelude::source_of(&t, ty)).collect();
            let f = crate::flow::items::instantiate(f.expect("a generic fn"), &sources, found.generics.len());
            all.push(syn::Item::Fn(f));
            found.generics.push((name, tys));
        }
        for ty in new {
            if found.templates.contains(&ty) {
                continue;
            }
            let instance = crate::prelude::template_items(&t, &ty, found.templates.len()).map_err(stage_error)?;
            all.extend(instance);
            found.templates.push(ty);
        }
        found.iterator_loops.extend(new_loops);
    }
}

/// The `for` loops over a type of the module implementing `Iterator`,
/// typed as loops over a list of its items (`typeck`): they are built
/// calling `next()` once known.
fn iterator_loops(t: &Translator, types: &ProgramTypes) -> Vec<Pos> {
    let is_iterator = |ty: &Ty| {
        t.std_impls.contains(&(ty.clone(), StdTrait::Iterator))
            || t.generic_of(ty).is_some_and(|(proto, _)| t.generic_iterator_items.contains_key(&proto))
    };
    let mut out = Vec::new();
    for (g, gt) in t.graphs.values().zip(types.values()) {
        for b in g.iterblocks() {
            for op in &g.blocks[b].operations {
                let (Some(pos), Some(crate::flow::Value::Var(x))) = (op.pos, op.args.first()) else { continue };
                if op.opname == "iter_list" && gt.vars.get(*x).is_some_and(is_iterator) {
                    out.push(pos);
                }
            }
        }
    }
    out
}

/// The instances of `prelude::instances` that operations need and `insts`
/// lacks (those found are already calls).
/// The instances `t`'s graphs need and `insts` does not have, each with the
/// graph and the position of the first operation needing it (where an
/// instance that cannot be made is reported).
fn missing_instances(
    t: &Translator,
    types: &ProgramTypes,
    insts: &[(Kind, Ty)],
) -> Vec<((Kind, Ty), (String, Option<Pos>))> {
    let mut out: Vec<((Kind, Ty), (String, Option<Pos>))> = Vec::new();
    for (g, gt) in t.graphs.values().zip(types.values()) {
        let ty_of = |v: &crate::flow::Value| match v {
            crate::flow::Value::Var(x) => gt.vars.get(*x).cloned(),
            crate::flow::Value::Const(c) => match &c.ty {
                crate::flow::ConstTy::Known(t) => Some(t.clone()),
                _ => None,
            },
        };
        for b in g.iterblocks() {
            for op in &g.blocks[b].operations {
                if let Some(k) = instances::needed(t, &op.opname, &op.args, ty_of) {
                    // (A generic type's once it has its instance.)
                    if !k.1.has_generic() && !insts.contains(&k) && !out.iter().any(|(o, _)| *o == k) {
                        out.push((k, (g.name.clone(), op.pos)));
                    }
                }
            }
        }
    }
    out
}

/// How many instances of generic types a program may have: polymorphic
/// recursion (`Tree<T>` using `Tree<Vec<T>>`) would make them without end.
const MAX_TYPE_INSTANCES: usize = 500;

/// The instances of generic types that `ty` names and that do not exist
/// yet (`Ty::Generic`), by the generic type's name; inner ones first, and
/// an outer one only once its arguments are all instances.
fn wanted_type_instances(t: &Translator, ty: &Ty, out: &mut Vec<(String, Vec<Ty>)>) {
    ty.walk(&mut |ty| {
        if let Ty::Generic(proto, args) = ty {
            let owner = t.prototype(proto).unwrap_or_else(|| (**proto).clone());
            let key = (t.generic_types[&owner].name.clone(), args.clone());
            if !args.iter().any(Ty::has_generic) && !out.contains(&key) {
                out.push(key);
            }
        }
    });
}

/// The instances of generic functions that calls need (`generic_call`s left
/// after type inference) and `generics` lacks; and of generic types, for
/// their methods.
fn missing_generic_instances(
    t: &Translator,
    generics: &[(String, Vec<Ty>)],
) -> (Vec<(String, Vec<Ty>)>, Vec<(String, Vec<Ty>)>) {
    let mut out = Vec::new();
    let mut types = Vec::new();
    for g in t.graphs.values() {
        for b in g.iterblocks() {
            for op in &g.blocks[b].operations {
                if op.opname != "generic_call" {
                    continue;
                }
                if let Some(crate::flow::ConstValue::Tuple(k)) = op.args[0].constant().map(|c| &c.value) {
                    let (name, tys) = crate::annotator::typeck::generic_key(k);
                    // (Type arguments written at a call that type inference
                    // did not get to complete.)
                    if tys.len() != t.generic_fns[&name].type_params.len() || tys.iter().any(Ty::has_infer) {
                        continue;
                    }
                    if let Some(owner) = &t.generic_fns[&name].owner {
                        let key = (t.generic_types[owner].name.clone(), tys);
                        if !types.contains(&key) {
                            types.push(key);
                        }
                    } else if !generics.contains(&(name.clone(), tys.clone()))
                        && !out.contains(&(name.clone(), tys.clone()))
                    {
                        out.push((name, tys));
                    }
                }
            }
        }
    }
    (out, types)
}

/// The dicts and cells in `ty`, inner ones first (their instances come
/// first).
fn collect_templates(ty: &Ty, out: &mut Vec<Ty>) {
    match ty {
        Ty::Dict(k, v) => {
            collect_templates(k, out);
            collect_templates(v, out);
            out.push(ty.clone());
        }
        Ty::Cell(_, inner) | Ty::Iter(inner) => {
            collect_templates(inner, out);
            out.push(ty.clone());
        }
        Ty::Tuple(items) => items.iter().for_each(|i| collect_templates(i, out)),
        Ty::Option(t) | Ty::List(t) | Ty::Rc(t) => collect_templates(t, out),
        Ty::Result(t, e) => {
            collect_templates(t, out);
            collect_templates(e, out);
        }
        _ => {}
    }
}

/// `translate_items` on source text (a module body), for tests and tools:
/// with the default options (overflow wraps, as in a release build).
pub fn translate_source(src: &str, file: &str) -> Result<Translation, Vec<TranslationError>> {
    let parsed: syn::File = syn::parse_str(src).map_err(|e| vec![TranslationError::Syntax(e)])?;
    translate_items(&parsed.items, file, "module", Options::default(), &mut Timings::default())
}
