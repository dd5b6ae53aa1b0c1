//! The translator: the program being translated (all its graphs) and the
//! driver that runs the stages in order (RPython's `TranslationDriver`),
//! with `[Timer]` timings and `RPY_DUMP` graph dumps.

use crate::annotator::{annotate, AnnotatorError};
use crate::entity::Arena;
use crate::flow::items::build_module;
use crate::flow::{FunctionGraph, GraphId};
use crate::lltype::{Container, ContainerId};
use crate::rtyper::{rtype, RTyperError};
use crate::ty::{EnumDef, EnumId, StructDef, StructId, Ty};
use std::time::{Duration, Instant};

/// The whole program: one graph per function of the module.
#[derive(Clone, Debug, Default)]
pub struct Translator {
    pub graphs: Arena<GraphId, FunctionGraph>,
    /// The `pub fn`s of the module, in source order: the entry points.
    pub entrypoints: Vec<GraphId>,
    /// The structs of the module.
    pub structs: Arena<StructId, StructDef>,
    /// The field-less enums of the module.
    pub enums: Arena<EnumId, EnumDef>,
    /// The types of heap objects, created by the rtyper.
    pub containers: Arena<ContainerId, Container>,
    /// Methods with a `self` receiver, by type and name; the annotator
    /// resolves method calls with it.
    pub methods: std::collections::HashMap<(Ty, String), GraphId>,
}

impl Translator {
    pub fn graph_by_name(&self, name: &str) -> Option<GraphId> {
        self.graphs.iter().find(|(_, g)| g.name == name).map(|(id, _)| id)
    }

    /// The text form of every graph, in id order.
    pub fn text(&self) -> String {
        self.graphs.values().map(|g| g.text()).collect::<Vec<_>>().join("\n")
    }
}

/// Why a translation failed. Syntax errors carry the user's tokens; later
/// stages know the function and the source position.
#[derive(Debug)]
pub enum TranslationError {
    Syntax(syn::Error),
    Annotation(AnnotatorError),
    RType(RTyperError),
}

impl std::fmt::Display for TranslationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TranslationError::Syntax(e) => write!(f, "{e}"),
            TranslationError::Annotation(e) => write!(f, "rpy: annotation error: {e}"),
            TranslationError::RType(e) => write!(f, "rpy: rtyper error: {e}"),
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

/// Runs the front half of the pipeline on the items of a module: flow
/// graphs, annotation, rtyping. The result holds low-level graphs.
pub fn translate_items(
    items: &[syn::Item],
    file: &str,
    module: &str,
    timings: &mut Timings,
) -> Result<Translator, Vec<TranslationError>> {
    let dumper = Dumper::from_env(module);
    let mut t = timings
        .time("flowgraph", || build_module(items, file))
        .map_err(|es| es.into_iter().map(TranslationError::Syntax).collect::<Vec<_>>())?;
    dumper.dump("flowgraph", &t);
    let ann = timings
        .time("annotate", || annotate(&mut t))
        .map_err(|es| es.into_iter().map(TranslationError::Annotation).collect::<Vec<_>>())?;
    dumper.dump("annotate", &t);
    timings
        .time("rtype_lltype", || rtype(&mut t, &ann))
        .map_err(|es| es.into_iter().map(TranslationError::RType).collect::<Vec<_>>())?;
    dumper.dump("rtype_lltype", &t);
    Ok(t)
}

/// `translate_items` on source text (a module body), for tests and tools.
pub fn translate_source(src: &str, file: &str) -> Result<Translator, Vec<TranslationError>> {
    let parsed: syn::File = syn::parse_str(src).map_err(|e| vec![TranslationError::Syntax(e)])?;
    translate_items(&parsed.items, file, "module", &mut Timings::default())
}
