//! What the jitcodes of a module share: the descrs (interned), the
//! functions the JIT calls, the `TypeInfo`s it allocates with, the string
//! constants, and the merge points of the drivers. `jtransform` asks it
//! for the descrs of the operations it rewrites; `make_jit` takes the
//! result (`finish`).
//!
//! Every call the JIT makes goes through one ABI (the backend's call
//! wrappers), so operations that are not calls of a graph become calls of
//! small *stub* graphs made here: a runtime function (`rt_call`), a call
//! through a function pointer (`indirect_call`), and each panicking
//! operation (its message and position are constants of the stub; the
//! values it prints are its arguments). The blackhole interpreter runs a
//! panic by calling its stub, which is the translated code's own panic.
//! Asking for a stub's descr (`call_stub`) only records the stub (a
//! `Stub`: its name, operation and types); its graph is built after all
//! the jitcodes, when `make_jit` adds it to the translator.

use super::JitData;
use crate::backendopt::writeanalyze::{self, runtime_places, transitive_effects, Places};
use crate::entity::SecondaryMap;
use crate::flow::JitDriverDef;
use crate::flow::{ConstValue, FunctionGraph, GraphId, Value};
use crate::llbuild::LlGraphBuilder;
use crate::lloperation::LlOp;
use crate::lltype::layout::{layout, size_align, struct_offsets};
use crate::lltype::{Container, ContainerId, LlType};
use crate::translator::Translator;
use rpy_jitcode::{Descr, Driver, Effect, Effects, Holds, Kind, Leaf, OnWord, Variant};
use std::collections::HashMap;

/// The register file of scalar values of `ty` (`None` for `Void`).
pub fn kind_of(ty: &LlType) -> Option<Kind> {
    match ty {
        LlType::Void | LlType::Struct(_) => None,
        LlType::Bool | LlType::Int { .. } | LlType::Char | LlType::UniChar | LlType::FuncPtr(..) => Some(Kind::Int),
        LlType::Float => Some(Kind::Float),
        LlType::Ptr(_) => Some(Kind::Ref),
    }
}

/// The scalar leaves of a value of type `t` with their byte offsets in its
/// memory layout: structs by value flattened in field order, `Void`
/// dropped.
pub fn leaves(t: &LlType) -> Vec<(LlType, u64)> {
    fn walk(t: &LlType, at: u64, out: &mut Vec<(LlType, u64)>) {
        match t {
            LlType::Void => {}
            LlType::Struct(fields) => {
                let (offsets, _, _) = struct_offsets(fields);
                for (f, o) in fields.iter().zip(offsets) {
                    walk(f, at + o, out);
                }
            }
            _ => out.push((t.clone(), at)),
        }
    }
    let mut out = Vec::new();
    walk(t, 0, &mut out);
    out
}

pub fn leaf_kinds(t: &LlType) -> Vec<Kind> {
    leaves(t).iter().filter_map(|(t, _)| kind_of(t)).collect()
}

/// How a scalar of type `t` at `offset` reads from memory.
pub fn mem_leaf(t: &LlType, offset: u64) -> Leaf {
    let (size, _) = size_align(t);
    Leaf { offset: offset as u32, size: size as u8, signed: t.is_signed(), kind: kind_of(t).expect("a scalar leaf") }
}

/// A function the JIT calls: a graph of the program or a stub made here.
pub enum Target {
    Graph(GraphId),
    Stub(Stub),
}

/// A stub graph to make: one operation, `op(args)`, whose arguments at
/// the indices `params` are the stub's parameters and the others its
/// constants. `call_stub` records it with its name, which its call descr
/// holds; `graph` builds it once the jitcodes are made.
pub struct Stub {
    name: String,
    /// The file of the graph the operation is in: panics report it.
    file: String,
    op: LlOp,
    args: Vec<Value>,
    params: Vec<usize>,
    param_tys: Vec<LlType>,
    ret: LlType,
}

impl Stub {
    /// The stub's graph, to add to the translator.
    pub fn graph(&self) -> FunctionGraph {
        let mut b = LlGraphBuilder::new(&self.name, &self.param_tys, self.ret.clone()).file(&self.file);
        let start = b.start();
        let p = b.params();
        let args: Vec<Value> = (self.args.iter())
            .enumerate()
            .map(|(i, a)| match self.params.iter().position(|&j| j == i) {
                Some(k) => Value::Var(p[k]),
                None => a.clone(),
            })
            .collect();
        let v = b.op(start, self.op, args, self.ret.clone());
        if !self.op.info().noreturn {
            b.ret(start, Value::Var(v));
        }
        b.finish()
    }
}

pub struct ModuleBuilder<'t> {
    pub t: &'t Translator,
    pub data: JitData,
    /// The jitcode index of each graph the JIT traces into.
    pub jitcode_of: HashMap<GraphId, u32>,
    /// The portals: a call of one (a recursive interpreter) stays a
    /// residual call, which meets the JIT at its own merge point.
    pub portals: Vec<GraphId>,
    descr_index: HashMap<String, u32>,
    targets: Vec<Target>,
    target_index: HashMap<String, u32>,
    typeinfo_index: HashMap<ContainerId, u32>,
    prebuilt_index: HashMap<String, u32>,
    /// Per driver: the jitcode and instruction of its merge point and the
    /// kinds of its green and red leaves.
    pub merge_points: HashMap<usize, (u32, u32, Vec<Kind>, Vec<Kind>, Option<u32>)>,
    /// What each graph may read and write, with its callees (`None`:
    /// anything).
    effects: SecondaryMap<GraphId, Option<writeanalyze::Effects>>,
}

impl<'t> ModuleBuilder<'t> {
    pub fn new(t: &'t Translator, graphs: &[GraphId], portals: &[GraphId]) -> ModuleBuilder<'t> {
        ModuleBuilder {
            t,
            data: JitData::default(),
            jitcode_of: graphs.iter().enumerate().map(|(i, g)| (*g, i as u32)).collect(),
            portals: portals.to_vec(),
            descr_index: HashMap::new(),
            targets: Vec::new(),
            target_index: HashMap::new(),
            typeinfo_index: HashMap::new(),
            prebuilt_index: HashMap::new(),
            merge_points: HashMap::new(),
            effects: transitive_effects(t),
        }
    }

    /// The index of `d` among the module's descrs (equal descrs share one).
    pub fn descr(&mut self, d: Descr) -> u32 {
        let key = format!("{d:?}");
        if let Some(&i) = self.descr_index.get(&key) {
            return i;
        }
        let i = self.data.module.descrs.len() as u32;
        self.data.module.descrs.push(d);
        self.descr_index.insert(key, i);
        i
    }

    pub fn typeinfo(&mut self, c: ContainerId) -> u32 {
        let n = self.data.typeinfos.len() as u32;
        *self.typeinfo_index.entry(c).or_insert_with(|| {
            self.data.typeinfos.push(c);
            n
        })
    }

    /// The index of the prebuilt object `v` (a string literal or a variant
    /// without data) among the module's.
    pub fn prebuilt(&mut self, v: &ConstValue) -> u32 {
        let key = format!("{v:?}");
        if let Some(&i) = self.prebuilt_index.get(&key) {
            return i;
        }
        let i = self.data.prebuilt.len() as u32;
        self.data.prebuilt.push(v.clone());
        self.prebuilt_index.insert(key, i);
        i
    }

    fn target(&mut self, key: String, make: impl FnOnce() -> Target) -> u32 {
        if let Some(&i) = self.target_index.get(&key) {
            return i;
        }
        let i = self.targets.len() as u32;
        self.targets.push(make());
        self.target_index.insert(key, i);
        i
    }

    /// The call descr of a residual call of graph `g`.
    pub fn call_graph(&mut self, g: GraphId) -> u32 {
        let graph = &self.t.graphs[g];
        let target = self.target(format!("graph {g:?}"), || Target::Graph(g));
        let effect = if graph.hints.elidable { Effect::Elidable } else { Effect::Random };
        let (args, results) = signature(graph);
        let effects = self.effects[g]
            .clone()
            .map(|e| Effects { reads: self.place_descrs(&e.reads), writes: self.place_descrs(&e.writes) });
        self.descr(Descr::Call { name: graph.name.clone(), target, args, results, effect, effects })
    }

    /// The descrs of the places `w`: each field's, leaf by leaf, and each
    /// container's array and interior descrs, sorted.
    fn place_descrs(&mut self, w: &Places) -> Vec<u32> {
        let mut fields: Vec<&(ContainerId, String)> = w.fields.iter().collect();
        fields.sort();
        let mut items: Vec<ContainerId> = w.items.iter().copied().collect();
        items.sort();
        let mut descrs = Vec::new();
        for (c, f) in fields {
            descrs.extend(self.field_descrs(*c, f).expect("a field of the graphs"));
        }
        for c in items {
            let (array, interior) = self.array_descr(c).expect("a container with items");
            descrs.push(array);
            descrs.extend(interior);
        }
        descrs.sort_unstable();
        descrs.dedup();
        descrs
    }

    /// The call descr of a stub graph running `op(args)` of graph `g`,
    /// whose parameters are the arguments at indices `params` (the others
    /// are constants of the stub): `rt_call`, `indirect_call` and the
    /// panics.
    pub fn call_stub(&mut self, g: &FunctionGraph, op: LlOp, args: &[Value], ret: LlType, params: &[usize]) -> u32 {
        let param_tys: Vec<LlType> = params.iter().map(|&i| g.concretetype(&args[i]).clone()).collect();
        // The stub of `panic_index_if` is called only when the index is out
        // of bounds.
        let noreturn = op.info().noreturn || op == LlOp::PanicIndexIf;
        let name = match (op, args[0].constant()) {
            (LlOp::RtCall, Some(c)) => c.as_str().unwrap_or_default().to_string(),
            (other, _) => other.name(),
        };
        // Stubs differ by their constants (a panic's message and place),
        // then by types.
        let key = match params.len() == args.len() {
            true => format!("{name} {param_tys:?} {ret}"),
            false => format!("{name} {param_tys:?} {ret} {args:?} {}", g.file),
        };
        let stub_name = format!("__jit_{name}_{}", self.targets.len());
        let target = self.target(key, || {
            Target::Stub(Stub {
                name: stub_name,
                file: g.file.clone(),
                op,
                args: args.to_vec(),
                params: params.to_vec(),
                param_tys: param_tys.clone(),
                ret: ret.clone(),
            })
        });
        let name = match &self.targets[target as usize] {
            Target::Stub(s) => s.name.clone(),
            Target::Graph(g) => self.t.graphs[*g].name.clone(),
        };
        let arg_kinds = param_tys.iter().flat_map(leaf_kinds).collect();
        // An object's id reads nothing and never changes: with a constant
        // object it folds (the trace keeps the object alive), and a virtual
        // one escapes into the call.
        let pure = op == LlOp::GcId;
        let effect = match op {
            _ if noreturn => Effect::Noreturn,
            _ if pure => Effect::Elidable,
            LlOp::Arraycopy => Effect::Arraycopy,
            _ => Effect::Random,
        };
        // A runtime function reads and writes what its arguments reach; a
        // function pointer anything; a panic reads what it prints.
        let effects = match op {
            LlOp::IndirectCall => None,
            _ if pure => Some(Effects::default()),
            // The items of one array into another's.
            LlOp::Arraycopy => {
                let mut items = |i: usize| {
                    let LlType::Ptr(c) = g.concretetype(&args[i]) else { panic!("arraycopy of a non-pointer") };
                    self.place_descrs(&Places { items: [*c].into(), ..Places::default() })
                };
                Some(Effects { reads: items(0), writes: items(1) })
            }
            _ => {
                let args = param_tys.iter().filter_map(|t| if let LlType::Ptr(c) = t { Some(*c) } else { None });
                let touched = self.place_descrs(&runtime_places(self.t, args));
                let writes = if op == LlOp::RtCall { touched.clone() } else { vec![] };
                Some(Effects { reads: touched, writes })
            }
        };
        self.descr(Descr::Call { name, target, args: arg_kinds, results: leaf_kinds(&ret), effect, effects })
    }

    /// The descr of field `field` of the `GcStruct` `c`, leaf by leaf. A
    /// field a variant shares with its enum's base (the tag) is the base's:
    /// one memory, one descr, whichever type the trace reaches it through
    /// (the optimizer tells places apart by descr).
    pub fn field_descrs(&mut self, mut c: ContainerId, field: &str) -> Result<Vec<u32>, String> {
        while let Some(&base) = self.t.containers[c].field(field).and(self.t.container_bases.get(&c)) {
            if self.t.containers[base].field(field).is_none() {
                break;
            }
            c = base;
        }
        let container = &self.t.containers[c];
        let (i, ty) = container.field(field).ok_or_else(|| format!("{} has no field {field}", container.name()))?;
        let base = layout(&self.t.containers, c).fields[i];
        let name = format!("{}.{field}", container.name());
        let key = (c, field.to_string());
        let immutable = self.t.immutable_fields.contains(&key);
        // (A quasi-immutable field never written is immutable.)
        let quasi = !immutable && self.t.quasi_immutable_fields.contains(&key);
        let holds = if self.t.private_fields.contains(&key) {
            Holds::Private
        } else if immutable && self.t.owned_fields.contains(&key) {
            // (A field assigned again may have been moved out of.)
            Holds::Owned
        } else {
            Holds::Shared
        };
        let nonneg = self.t.nonneg_fields.contains(&key);
        // (An enum's payloads are the only containers with a base; those
        // standing for an unboxed payload are whole objects.)
        let variant = if field == crate::rtyper::TAG {
            Variant::Tag
        } else if self.t.container_bases.contains_key(&c) && !self.t.unboxed_payloads.contains(&c) {
            Variant::Own
        } else {
            Variant::Any
        };
        let on_word = match (self.t.tagged_base(c), self.t.tagged_variant(c)) {
            (Some(t), _) if field == crate::rtyper::TAG => OnWord::Tag(t.tag),
            (_, Some(t)) if field == t.field => OnWord::Int,
            _ => OnWord::Never,
        };
        let field_descr =
            |leaf| Descr::Field { name: name.clone(), leaf, immutable, holds, quasi, nonneg, variant, on_word };
        Ok(leaves(ty)
            .into_iter()
            .map(|(t, o)| mem_leaf(&t, base + o))
            .collect::<Vec<_>>()
            .into_iter()
            .map(|leaf| self.descr(field_descr(leaf)))
            .collect())
    }

    /// The array descr of the variable-sized container `c`, and for items
    /// that are by-value structs, the interior descr of each leaf.
    pub fn array_descr(&mut self, c: ContainerId) -> Result<(u32, Vec<u32>), String> {
        let container = &self.t.containers[c];
        let item = match container {
            Container::GcArray { item } => item.clone(),
            Container::GcStruct { varsize: Some(item), .. } => item.clone(),
            other => return Err(format!("{} has no items", other.name())),
        };
        let lay = layout(&self.t.containers, c);
        let v = lay.varsize.expect("a variable-sized container");
        let typeinfo = self.typeinfo(c);
        let scalar = kind_of(&item).map(|_| mem_leaf(&item, 0));
        let array = self.descr(Descr::Array {
            name: container.name(),
            length_offset: v.length_offset as u32,
            items_offset: v.items_offset as u32,
            item_size: v.item_size as u32,
            typeinfo,
            item: scalar,
            immutable: self.t.immutable_items.contains(&c),
        });
        let interior = if scalar.is_some() {
            vec![]
        } else {
            leaves(&item)
                .into_iter()
                .map(|(t, o)| self.descr(Descr::Interior { array, leaf: mem_leaf(&t, o) }))
                .collect()
        };
        Ok((array, interior))
    }

    /// The size descr of the `GcStruct` `c`; of a tagged integer's
    /// variant, with its tag and where its integer is.
    pub fn size_descr(&mut self, c: ContainerId) -> u32 {
        let typeinfo = self.typeinfo(c);
        let word = self.t.tagged_variant(c).map(|t| {
            let (i, _) = self.t.containers[c].field(&t.field).expect("a tagged integer's field");
            (t.tag, layout(&self.t.containers, c).fields[i] as u32)
        });
        self.descr(Descr::Size { name: self.t.containers[c].name(), typeinfo, word })
    }

    /// Records driver `d` from its merge point, found by jtransform.
    /// The instructions of jitcode `jitcode` moved (`regalloc`): the
    /// merge points in it move too.
    pub fn code_moved(&mut self, jitcode: u32, new_pc: &[u32]) {
        for mp in self.merge_points.values_mut() {
            if mp.0 == jitcode {
                mp.1 = new_pc[mp.1 as usize];
            }
        }
    }

    pub fn driver(
        &mut self,
        d: usize,
        def: &JitDriverDef,
        portal: GraphId,
        printable: Option<GraphId>,
    ) -> Result<(), String> {
        let (jitcode, pc, greens, reds, virtualizable) = self
            .merge_points
            .get(&d)
            .cloned()
            .ok_or_else(|| format!("the merge point of {} has no jitcode", def.name))?;
        let (_, result) = signature(&self.t.graphs[portal]);
        let printable_location = printable.map(|g| self.call_graph(g));
        let call = self.call_graph(portal);
        self.data.module.drivers.push(Driver {
            name: def.name.clone(),
            portal: jitcode,
            merge_point: pc,
            greens,
            reds,
            result,
            printable_location,
            call,
            virtualizable,
        });
        Ok(())
    }

    /// The data, and the call targets in the order of the descrs' indices
    /// (stubs still to be built and added to the translator).
    pub fn finish(self) -> (JitData, Vec<Target>) {
        (self.data, self.targets)
    }
}

/// The kinds of the argument and result leaves of graph `g`.
pub fn signature(g: &FunctionGraph) -> (Vec<Kind>, Vec<Kind>) {
    let args =
        g.blocks[g.startblock].inputargs.iter().flat_map(|v| leaf_kinds(g.concretetype(&Value::Var(*v)))).collect();
    let ret = leaf_kinds(g.concretetype(&Value::Var(g.blocks[g.returnblock].inputargs[0])));
    (args, ret)
}
