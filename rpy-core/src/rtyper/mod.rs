//! The RTyper (seed 002): chooses a low-level representation for every
//! annotation, sets the `concretetype` of every variable and constant, and
//! rewrites each high-level operation into low-level ones named as in
//! RPython's `lloperation.py` (see `crate::lloperation` for the table).
//!
//! Reprs at this stage are fixed by the Rust type: integers by width and
//! signedness, `bool`, `f64`, `char` as `UniChar`, `()` as `Void`, tuples and
//! `Option`s of scalars as `Struct`s by value.

use crate::annotator::Annotations;
use crate::diagnostic::Section;
use crate::entity::Arena;
use crate::flow::{
    checkgraph, ConstTy, ConstValue, Constant, FunctionGraph, GraphId, Pos, SpaceOperation, Value, VarId,
};
use crate::lloperation::{FloatOp, IntOp, LlOp};
use crate::lltype::{Container, ContainerId, LlType, SIGNED, UINT, UNSIGNED};
use crate::methods::method_sig;
use rlist::{list_containers, Helpers, ListContainers};

mod rlist;
mod tagged;
mod unboxed;
use crate::diagnostic::Diagnostic;
use crate::translator::Translator;
use crate::ty::{EnumDef, EnumId, IntTy, StructDef, StructId, Ty};
use std::collections::HashMap;

/// What the rtyper knows of the program's types: the structs, and the GC
/// container of each struct that is not `Copy`.
#[derive(Copy, Clone)]
pub struct Types<'a> {
    pub structs: &'a Arena<StructId, StructDef>,
    pub containers: &'a HashMap<StructId, ContainerId>,
    /// The containers of the lists, by item type.
    pub lists: &'a HashMap<Ty, ListContainers>,
    /// The data struct of each dict and cell.
    pub data: &'a HashMap<Ty, StructId>,
    pub enums: &'a Arena<EnumId, EnumDef>,
    pub unboxed: &'a unboxed::Unboxed,
    /// The enums whose integer variant is a tagged word when it fits.
    pub tagged: &'a [crate::lltype::TaggedInt],
}

impl Types<'_> {
    /// The fields of a struct, or of the data struct of a dict.
    fn struct_def(&self, ty: &Ty) -> Option<&StructDef> {
        match ty {
            Ty::Struct(s) => Some(&self.structs[*s]),
            t if t.is_template() => Some(&self.structs[self.data[ty]]),
            Ty::Rc(t) => self.struct_def(t),
            _ => None,
        }
    }

    /// The container of a GC object's type; `None` for values.
    fn container(&self, ty: &Ty) -> Option<ContainerId> {
        match ty {
            Ty::Struct(s) => self.containers.get(s).copied(),
            Ty::List(item) => Some(self.lists[&**item].list),
            Ty::Array(item) => Some(self.lists[&**item].array),
            Ty::Str => Some(self.lists[&Ty::Int(IntTy::U8)].list),
            t if t.is_template() => self.containers.get(&self.data[ty]).copied(),
            Ty::Rc(t) => self.container(t),
            Ty::Enum(e) => self.enums[*e].data.as_ref().map(|d| self.containers[&d.base]),
            _ => None,
        }
    }
}

/// The name of the enum `ty` is an `Rc` of, if it is one.
fn rc_of_enum<'a>(ty: &Ty, types: Types<'a>) -> Option<&'a str> {
    match ty {
        Ty::Rc(inner) => match **inner {
            Ty::Enum(e) => Some(&types.enums[e].name),
            _ => None,
        },
        _ => None,
    }
}

pub use crate::lltype::layout::{TAG, TAG_TYPE};

/// The field of a struct that is the object of a `RefCell` of it
/// (`prelude::cell_struct`) counting the cell's borrows.
pub const BORROWS: &str = "#borrows";

/// The low-level type representing values of `ty`.
pub fn lltype_of(ty: &Ty, types: Types) -> LlType {
    let lltype_of = |t: &Ty| lltype_of(t, types);
    match ty {
        Ty::Int(i) => LlType::Int { bits: i.bits(), signed: i.signed() },
        Ty::Bool => LlType::Bool,
        Ty::F64 => LlType::Float,
        Ty::Char => LlType::UniChar,
        Ty::Unit => LlType::Void,
        Ty::Tuple(items) => LlType::Struct(items.iter().map(lltype_of).collect()),
        // An optional GC object is a nullable pointer.
        Ty::Option(t) if types.container(t).is_some() => lltype_of(t),
        Ty::Option(t) => LlType::Struct(vec![LlType::Bool, lltype_of(t)]),
        Ty::Struct(s) => match types.containers.get(s) {
            Some(c) => LlType::Ptr(*c),
            None => LlType::Struct(types.structs[*s].fields.iter().map(|(_, t)| lltype_of(t)).collect()),
        },
        Ty::Enum(_) => types.container(ty).map_or(SIGNED, LlType::Ptr),
        Ty::List(_) | Ty::Array(_) | Ty::Str | Ty::Dict(..) | Ty::Cell(..) | Ty::Iter(_) => {
            LlType::Ptr(types.container(ty).unwrap())
        }
        Ty::Rc(t) => lltype_of(t),
        Ty::Result(t, e) => LlType::Struct(vec![LlType::Bool, lltype_of(t), lltype_of(e)]),
        Ty::Fn(params, ret) => LlType::FuncPtr(
            params.iter().map(lltype_of).filter(|t| *t != LlType::Void).collect(),
            Box::new(lltype_of(ret)),
        ),
        Ty::Infer => unreachable!("`_` is filled by type inference"),
        Ty::Generic(..) => unreachable!("a generic type has its instance after type inference"),
    }
}

/// The low-level constant for a value of type `ty`.
pub fn ll_constant(value: &ConstValue, ty: &Ty, types: Types) -> Constant {
    let v = match (value, ty) {
        (ConstValue::Char(c), _) => ConstValue::Int(*c as i128),
        (ConstValue::None, Ty::Option(t)) if types.container(t).is_some() => ConstValue::Null,
        (ConstValue::None, Ty::Option(t)) => ConstValue::Tuple(vec![ConstValue::Bool(false), zero_of(t, types)]),
        (v, _) => v.clone(),
    };
    Constant { value: v, ty: ConstTy::Known(ty.clone()), concretetype: Some(lltype_of(ty, types)) }
}

fn zero_of(ty: &Ty, types: Types) -> ConstValue {
    if types.container(ty).is_some() {
        return ConstValue::Null;
    }
    let zero_of = |t: &Ty| zero_of(t, types);
    match ty {
        Ty::Int(_) | Ty::Char | Ty::Enum(_) => ConstValue::Int(0),
        Ty::Bool => ConstValue::Bool(false),
        Ty::F64 => ConstValue::Float(0.0),
        Ty::Unit => ConstValue::Unit,
        Ty::Tuple(items) => ConstValue::Tuple(items.iter().map(zero_of).collect()),
        Ty::Option(t) if types.container(t).is_some() => ConstValue::Null,
        Ty::Option(t) => ConstValue::Tuple(vec![ConstValue::Bool(false), zero_of(t)]),
        Ty::Struct(s) => ConstValue::Tuple(types.structs[*s].fields.iter().map(|(_, t)| zero_of(t)).collect()),
        Ty::List(_) | Ty::Array(_) | Ty::Str | Ty::Dict(..) | Ty::Cell(..) | Ty::Iter(_) => unreachable!("GC objects"),
        Ty::Rc(t) => zero_of(t),
        Ty::Result(t, e) => ConstValue::Tuple(vec![ConstValue::Bool(false), zero_of(t), zero_of(e)]),
        Ty::Fn(..) => ConstValue::Null,
        Ty::Infer => unreachable!("`_` is filled by type inference"),
        Ty::Generic(..) => unreachable!("a generic type has its instance after type inference"),
    }
}

fn void_const(v: ConstValue) -> Value {
    Value::Const(Constant { value: v, ty: ConstTy::Meta, concretetype: Some(LlType::Void) })
}

/// Rtypes every graph reached by the annotator.
/// `overflow_checks`: the module's integer arithmetic panics on overflow
/// (`driver::Options`); the prelude's graphs always wrap (`wraps`).
pub fn rtype(t: &mut Translator, ann: &Annotations, overflow_checks: bool) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let (containers, lists, unboxed) = containers(t, ann);
    t.struct_containers = containers.clone();
    t.unboxed_payloads = unboxed.tags.keys().copied().collect();
    t.tagged_ints = tagged::find(t, ann, &containers);
    let tagged_ints = t.tagged_ints.clone();
    let mut helpers = Helpers::new(t.graphs.len());
    for &g in &ann.reached {
        let mut graph = t.graphs[g].clone();
        let types = Types {
            structs: &t.structs,
            containers: &containers,
            lists: &lists,
            data: &t.data_structs,
            enums: &t.enums,
            unboxed: &unboxed,
            tagged: &tagged_ints,
        };
        let overflow_checks = overflow_checks && !graph.wraps;
        match rtype_graph(types, ann, g, &mut graph, &mut helpers, overflow_checks) {
            Ok(()) => {
                remove_void_inputargs(&mut graph);
                checkgraph(&graph, true);
                t.graphs[g] = graph;
            }
            Err(e) => errors.push(e),
        }
    }
    for helper in helpers.pending {
        checkgraph(&helper, true);
        t.graphs.push(helper);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn rtype_graph(
    types: Types,
    ann: &Annotations,
    gid: GraphId,
    g: &mut FunctionGraph,
    helpers: &mut Helpers,
    overflow_checks: bool,
) -> Result<(), Diagnostic> {
    for v in g.vars.keys().collect::<Vec<_>>() {
        g.vars[v].concretetype = Some(lltype_of(ann.ty(gid, v), types));
    }
    for b in g.iterblocks() {
        let ops = std::mem::take(&mut g.blocks[b].operations);
        let mut hop = HighLevelOps {
            g,
            ann,
            gid,
            types,
            helpers: &mut *helpers,
            out: Vec::new(),
            subst: HashMap::new(),
            fresh_types: HashMap::new(),
            pos: None,
            overflow_checks,
        };
        for op in ops {
            hop.pos = op.pos;
            let args: Vec<Value> = op.args.iter().map(|a| hop.subst_value(a)).collect();
            let before = hop.out.len();
            let v = hop
                .translate(&op.opname, &args, op.result)
                .map_err(|message| Diagnostic::rtyping(&hop.g.name, op.pos, message))?;
            // Rename the last generated result to the original variable, or
            // substitute the value for it in the rest of the block.
            match &v {
                Value::Var(fresh) if hop.out.len() > before && hop.out.last().unwrap().result == *fresh => {
                    hop.out.last_mut().unwrap().result = op.result;
                }
                // An operand that is the result under another type (an
                // `Rc` ascribed as its value, a cell as its struct): a
                // copy of its own, or the operand's later uses would see
                // the result's type (`let b: &Vec<u8> = &rc; rc.clone();
                // b.len()` looked for `len` on the `Rc`).
                Value::Var(_) if args.contains(&v) && hop.ty(&v) != *ann.ty(gid, op.result) => {
                    let ll = hop.lltype(ann.ty(gid, op.result));
                    hop.genop(LlOp::SameAs, vec![v.clone()], ll);
                    hop.out.last_mut().unwrap().result = op.result;
                }
                _ => {
                    // The substitute has the result's type (`str_bytes` of
                    // a string constant is a list constant).
                    let ty = ann.ty(gid, op.result).clone();
                    let v = match v {
                        Value::Var(fresh) => {
                            hop.fresh_types.insert(fresh, ty);
                            v
                        }
                        Value::Const(mut c) => {
                            c.ty = ConstTy::Known(ty);
                            Value::Const(c)
                        }
                    };
                    hop.subst.insert(op.result, v);
                }
            }
        }
        let HighLevelOps { out, subst, .. } = hop;
        let block = &mut g.blocks[b];
        block.operations = out;
        let fix = |v: &mut Value| {
            if let Value::Var(x) = v {
                if let Some(s) = subst.get(x) {
                    *v = s.clone();
                }
            }
        };
        if let Some(sw) = &mut block.exitswitch {
            fix(sw);
        }
        for link in &mut block.exits {
            link.args.iter_mut().for_each(fix);
        }
        // Constants on links and exitswitches get their concretetype now.
        let mut exits = std::mem::take(&mut block.exits);
        for link in &mut exits {
            let target_types: Vec<LlType> =
                g.blocks[link.target].inputargs.iter().map(|v| g.vars[*v].concretetype.clone().unwrap()).collect();
            for (a, ty) in link.args.iter_mut().zip(target_types) {
                if let Value::Const(c) = a {
                    let rust_ty = match &c.ty {
                        ConstTy::Known(t) => t.clone(),
                        _ => Ty::Unit,
                    };
                    let mut lc = ll_constant(&c.value, &rust_ty, types);
                    lc.concretetype = Some(ty);
                    *c = lc;
                }
            }
        }
        let block = &mut g.blocks[b];
        block.exits = exits;
        if let Some(Value::Const(c)) = &mut block.exitswitch {
            c.concretetype = Some(LlType::Bool);
        }
    }
    Ok(())
}

/// Creates the containers of the program's GC types: a `GcStruct` for every
/// struct that is not `Copy` (all made empty first, so that fields can point
/// to any of them), then those of the lists, then the structs' fields. The
/// payload of an unboxed variant is the container of the struct it points to
/// (`unboxed`).
fn containers(
    t: &mut Translator,
    ann: &Annotations,
) -> (HashMap<StructId, ContainerId>, HashMap<Ty, ListContainers>, unboxed::Unboxed) {
    let mut map = HashMap::new();
    for (sid, def) in t.structs.iter() {
        if !def.copy {
            let c = t.containers.push(Container::GcStruct { name: def.name.clone(), fields: vec![], varsize: None });
            map.insert(sid, c);
        }
    }
    let all_types: Vec<Ty> = ann.types.values().flat_map(|g| g.vars.values().cloned()).collect();
    let lists = list_containers(t, &map, all_types);
    let none = unboxed::Unboxed::default();
    let types = Types {
        structs: &t.structs,
        containers: &map,
        lists: &lists,
        data: &t.data_structs,
        enums: &t.enums,
        unboxed: &none,
        tagged: &[],
    };
    let tagged: Vec<StructId> = t.enums.values().filter_map(|e| e.data.as_ref()).map(|d| d.base).collect();
    let unboxed = unboxed::find(t, ann, types, &tagged);
    let cells: Vec<StructId> = t.data_structs.keys().filter_map(|ty| crate::prelude::cell_struct(t, ty)).collect();
    let filled: Vec<(ContainerId, Container)> = map
        .iter()
        .map(|(sid, &c)| {
            let def = &t.structs[*sid];
            let tag = (def.variant.is_some() || tagged.contains(sid) || unboxed.tags.contains_key(&c))
                .then(|| (TAG.to_string(), TAG_TYPE));
            let own = def.fields.iter().map(|(n, ty)| (n.clone(), lltype_of(ty, types)));
            let borrows = cells.contains(sid).then(|| (BORROWS.to_string(), SIGNED));
            let fields = tag.into_iter().chain(own).chain(borrows).collect();
            (c, Container::GcStruct { name: def.name.clone(), fields, varsize: None })
        })
        .collect();
    for (c, container) in filled {
        t.containers[c] = container;
    }
    for (sid, &c) in &map {
        let def = &t.structs[*sid];
        t.owned_fields.extend(def.owned.iter().map(|f| (c, f.clone())));
        t.declared_immutable.extend(def.declared_immutable.iter().map(|f| ((c, f.clone()), def.name.clone())));
        t.quasi_immutable_fields.extend(def.quasi_immutable.iter().map(|f| (c, f.clone())));
    }
    for data in t.enums.values().filter_map(|e| e.data.as_ref()) {
        for p in &data.payloads {
            let c = unboxed.payloads.get(p).copied().unwrap_or(map[p]);
            t.container_bases.insert(c, map[&data.base]);
        }
    }
    for (&p, &c) in &unboxed.payloads {
        map.insert(p, c);
    }
    (map, lists, unboxed)
}

/// The lowering context of one block (RPython's `HighLevelOp`, for a whole
/// block at a time).
struct HighLevelOps<'a> {
    g: &'a mut FunctionGraph,
    ann: &'a Annotations,
    gid: GraphId,
    types: Types<'a>,
    helpers: &'a mut Helpers,
    out: Vec<SpaceOperation>,
    subst: HashMap<VarId, Value>,
    /// The Rust types of variables made by the rtyper that stand for
    /// original ones (through `subst`).
    fresh_types: HashMap<VarId, Ty>,
    pos: Option<Pos>,
    /// Integer arithmetic panics on overflow, as rustc's debug builds.
    overflow_checks: bool,
}

impl HighLevelOps<'_> {
    fn subst_value(&self, v: &Value) -> Value {
        match v {
            Value::Var(x) => self.subst.get(x).cloned().unwrap_or(Value::Var(*x)),
            c => c.clone(),
        }
    }

    fn ty(&self, v: &Value) -> Ty {
        match v {
            Value::Var(x) => match self.fresh_types.get(x) {
                Some(t) => t.clone(),
                None => self.ann.ty(self.gid, *x).clone(),
            },
            Value::Const(c) => match &c.ty {
                ConstTy::Known(t) => t.clone(),
                _ => Ty::Unit,
            },
        }
    }

    /// An operand with its concretetype set.
    fn ll(&self, v: &Value) -> Value {
        match v {
            Value::Const(c) if c.concretetype.is_none() => match &c.ty {
                ConstTy::Known(t) => Value::Const(ll_constant(&c.value, t, self.types)),
                _ => void_const(c.value.clone()),
            },
            other => other.clone(),
        }
    }

    fn genop(&mut self, op: LlOp, args: Vec<Value>, result: LlType) -> Value {
        let var = self.g.new_var(None);
        self.g.vars[var].concretetype = Some(result);
        let args = args.iter().map(|a| self.ll(a)).collect();
        self.out.push(SpaceOperation { opname: op.name(), args, result: var, pos: self.pos });
        Value::Var(var)
    }

    fn constant(&self, v: ConstValue, ty: Ty) -> Value {
        Value::Const(ll_constant(&v, &ty, self.types))
    }

    fn lltype(&self, ty: &Ty) -> LlType {
        lltype_of(ty, self.types)
    }

    /// The `Result` of an I/O runtime call: `payload` if `ok`, else the
    /// error's text (`rpy_io_error` gives null when `ok`).
    fn io_result(&mut self, ok: Value, payload: Value, res_ll: LlType) -> Value {
        let ok_int = self.genop(LlOp::CastPrimitive, vec![ok.clone()], SIGNED);
        let err = self.rt_call("rpy_io_error", vec![ok_int], self.lltype(&Ty::Str));
        self.genop(LlOp::TupleNew, vec![ok, payload, err], res_ll)
    }

    /// The index of field `name` in the `Struct` representing a tuple or a
    /// struct of type `ty`.
    fn field_index(&self, ty: &Ty, name: &str) -> Result<usize, String> {
        match ty {
            Ty::Tuple(_) => name.parse().map_err(|_| format!("no field `{name}` on a tuple")),
            Ty::Struct(s) => self.types.structs[*s].field_index(name).ok_or_else(|| format!("no field `{name}`")),
            Ty::Rc(t) => self.field_index(t, name),
            other => Err(format!("field `{name}` of a `{other}`")),
        }
    }

    /// `a == b` on tuples and structs: all fields equal (recursively).
    fn eq_fields(&mut self, a: &Value, b: &Value, ty: &Ty) -> Result<Value, String> {
        let fields: Vec<Ty> = match ty {
            Ty::Tuple(items) => items.clone(),
            Ty::Struct(s) => self.types.structs[*s].fields.iter().map(|(_, t)| t.clone()).collect(),
            Ty::Unit => return Ok(self.constant(ConstValue::Bool(true), Ty::Bool)),
            Ty::Int(_) | Ty::Bool | Ty::Char | Ty::F64 | Ty::Enum(_) => {
                return Ok(self.genop(num_op(ty, IntOp::Eq, FloatOp::Eq), vec![a.clone(), b.clone()], LlType::Bool))
            }
            Ty::Option(_)
            | Ty::List(_)
            | Ty::Array(_)
            | Ty::Str
            | Ty::Dict(..)
            | Ty::Cell(..)
            | Ty::Iter(_)
            | Ty::Rc(_)
            | Ty::Result(..)
            | Ty::Fn(..)
            | Ty::Generic(..)
            | Ty::Infer => {
                return Err(format!(
                    "comparing values of type `{ty}` inside tuples or structs is not translated yet ({})",
                    Section::Traits.see()
                ))
            }
        };
        let mut all = self.constant(ConstValue::Bool(true), Ty::Bool);
        for (i, fty) in fields.iter().enumerate() {
            let ll = self.lltype(fty);
            let (x, y) = match (ty, self.types.container(ty)) {
                (Ty::Struct(s), Some(_)) => {
                    let name = void_const(ConstValue::Str(self.types.structs[*s].fields[i].0.clone()));
                    (
                        self.genop(LlOp::Getfield, vec![a.clone(), name.clone()], ll.clone()),
                        self.genop(LlOp::Getfield, vec![b.clone(), name], ll),
                    )
                }
                _ => {
                    let idx = self.constant(ConstValue::Int(i as i128), Ty::Int(IntTy::I64));
                    (
                        self.genop(LlOp::TupleGetitem, vec![a.clone(), idx.clone()], ll.clone()),
                        self.genop(LlOp::TupleGetitem, vec![b.clone(), idx], ll),
                    )
                }
            };
            let e = self.eq_fields(&x, &y, fty)?;
            all = self.genop(LlOp::Uint(IntOp::And), vec![all, e], LlType::Bool);
        }
        Ok(all)
    }

    fn panic_if(&mut self, cond: Value, msg: &str) {
        let pos = self.pos.unwrap_or_default();
        self.genop(
            LlOp::PanicIf,
            vec![cond, void_const(ConstValue::Str(msg.into())), void_const(ConstValue::Pos(pos))],
            LlType::Void,
        );
    }

    /// The panic of rustc's overflow checks ("attempt to add with
    /// overflow") when `ovf`, one of the `*_ovf` tests, holds of `args`.
    fn panic_if_overflows(&mut self, ovf: LlOp, args: &[Value], verb: &str) {
        let ovf = self.genop(ovf, args.to_vec(), LlType::Bool);
        self.panic_if(ovf, &format!("attempt to {verb} with overflow"));
    }

    /// `op`, one of the `*_checked` operations (`pow`'s, whose test needs
    /// the whole computation), with the panic of `panic_if_overflows`.
    fn overflow_checked(&mut self, op: LlOp, args: Vec<Value>, res_ll: LlType, verb: &str) -> Value {
        let pair = self.genop(op, args, LlType::Struct(vec![LlType::Bool, res_ll.clone()]));
        let (i0, i1) = (
            self.constant(ConstValue::Int(0), Ty::Int(IntTy::I64)),
            self.constant(ConstValue::Int(1), Ty::Int(IntTy::I64)),
        );
        let ok = self.genop(LlOp::TupleGetitem, vec![pair.clone(), i0], LlType::Bool);
        let ovf = self.genop(LlOp::BoolNot, vec![ok], LlType::Bool);
        self.panic_if(ovf, &format!("attempt to {verb} with overflow"));
        self.genop(LlOp::TupleGetitem, vec![pair, i1], res_ll)
    }

    /// `x << count` or `x >> count` with the count taken modulo the width
    /// (Rust's `wrapping_shl`, and `<<` without overflow checks).
    fn masked_shift(&mut self, op: IntOp, x: &Value, count: &Value, ty: &Ty) -> Result<Value, String> {
        let Ty::Int(it) = ty else { return Err(format!("shifting a `{ty}`")) };
        let ll = self.lltype(ty);
        let count = self.cast(count, ty)?;
        let mask = self.constant(ConstValue::Int(it.bits() as i128 - 1), ty.clone());
        let count = self.genop(int_op(ty, IntOp::And), vec![count, mask], ll.clone());
        Ok(self.genop(int_op(ty, op), vec![x.clone(), count], ll))
    }

    fn translate(&mut self, opname: &str, args: &[Value], result: VarId) -> Result<Value, String> {
        let res_ty = self.ann.ty(self.gid, result).clone();
        let res_ll = self.lltype(&res_ty);
        let ty0 = args.first().map(|a| self.ty(a)).unwrap_or(Ty::Unit);
        if let Some(v) = self.translate_list(opname, args, &res_ty)? {
            return Ok(v);
        }
        let o = Operation { opname, args, result, ty0: ty0.clone(), res_ty: res_ty.clone(), res_ll: res_ll.clone() };
        for family in [Self::translate_arith, Self::translate_struct, Self::translate_option, Self::translate_io] {
            if let Some(v) = family(self, &o)? {
                return Ok(v);
            }
        }
        Ok(match opname {
            // The two views of a string, and a list iterated directly, are the same object.
            // (So are a `RefCell` of a struct and the struct.)
            "ascribe" | "same_type" | "same_as" | "str_bytes" | "str_from_bytes" | "iter_list" | "cell_of"
            | "cell_inner" => self.ll(&args[0]),
            "cell_borrows" => {
                self.genop(LlOp::Getfield, vec![args[0].clone(), void_const(ConstValue::Str(BORROWS.into()))], SIGNED)
            }
            "cell_set_borrows" => {
                let field = void_const(ConstValue::Str(BORROWS.into()));
                self.genop(LlOp::Setfield, vec![args[0].clone(), field, args[1].clone()], LlType::Void)
            }
            "cell_is" => self.genop(LlOp::PtrEq, args.to_vec(), LlType::Bool),
            "indirect_call" => {
                let call: Vec<Value> =
                    args.iter().filter(|a| self.lltype(&self.ty(a)) != LlType::Void).cloned().collect();
                self.genop(LlOp::IndirectCall, call, res_ll)
            }
            "format_arg" => self.format_arg(args)?,
            "simple_call" => {
                // `()` arguments carry nothing: the callee has no parameter for them.
                let mut call = vec![args[0].clone()];
                call.extend(args[1..].iter().filter(|a| self.lltype(&self.ty(a)) != LlType::Void).cloned());
                self.genop(LlOp::DirectCall, call, res_ll)
            }
            // A map's `get`, then the panic of `map[&k]` for a missing key.
            "simple_call_unwrap" => {
                let opt_ty = Ty::Option(Box::new(res_ty.clone()));
                let opt_ll = self.lltype(&opt_ty);
                let opt = self.genop(LlOp::DirectCall, args.to_vec(), opt_ll);
                let (some, payload) = if self.types.container(&res_ty).is_some() {
                    (self.genop(LlOp::PtrNonzero, vec![opt.clone()], LlType::Bool), opt)
                } else {
                    let (i0, i1) = (
                        self.constant(ConstValue::Int(0), Ty::Int(IntTy::I64)),
                        self.constant(ConstValue::Int(1), Ty::Int(IntTy::I64)),
                    );
                    (
                        self.genop(LlOp::TupleGetitem, vec![opt.clone(), i0], LlType::Bool),
                        self.genop(LlOp::TupleGetitem, vec![opt, i1], res_ll),
                    )
                };
                let none = self.genop(LlOp::BoolNot, vec![some], LlType::Bool);
                self.panic_if(none, "no entry found for key");
                payload
            }
            "call_method" => self.method(args, &res_ty)?,
            "panic" => self.genop(LlOp::Panic, args.to_vec(), LlType::Void),
            "unreachable" => self.genop(LlOp::Unreachable, args.to_vec(), LlType::Void),
            "panic_str" => self.genop(LlOp::PanicStr, args.to_vec(), LlType::Void),
            "jit_marker" => {
                let args = args.iter().map(|a| self.ll(a)).collect();
                self.genop(LlOp::JitMarker, args, LlType::Void)
            }
            "hint" => self.genop(LlOp::Hint, vec![self.ll(&args[0]), args[1].clone()], res_ll),
            other => return Err(format!("the operation `{other}` has no low-level form")),
        })
    }

    /// Arithmetic, comparisons, shifts and casts of numbers and `bool`s.
    fn translate_arith(&mut self, o: &Operation) -> Result<Option<Value>, String> {
        let (opname, args, ty0, res_ty, res_ll) = (o.opname, o.args, o.ty0.clone(), o.res_ty.clone(), o.res_ll.clone());
        Ok(Some(match opname {
            "add" | "sub" | "mul" | "and_" | "or_" | "xor" | "eq" | "ne" | "lt" | "le" | "gt" | "ge" => {
                let base = opname.trim_end_matches('_');
                let op = match (&ty0, base) {
                    (Ty::F64, "and" | "or" | "xor") => return Err(format!("`{opname}` on f64")),
                    (Ty::Tuple(_) | Ty::Struct(_) | Ty::Unit, "eq" | "ne") => {
                        let eq = self.eq_fields(&args[0], &args[1], &ty0)?;
                        return Ok(Some(if base == "eq" {
                            eq
                        } else {
                            self.genop(LlOp::BoolNot, vec![eq], LlType::Bool)
                        }));
                    }
                    (Ty::Tuple(_) | Ty::Struct(_) | Ty::Option(_) | Ty::Unit, _) => {
                        return Err(format!(
                            "comparing values of type `{ty0}` is not translated yet; compare their elements ({})",
                            Section::Traits.see()
                        ))
                    }
                    (_, "and") => int_op(&ty0, IntOp::And),
                    (_, "or") => int_op(&ty0, IntOp::Or),
                    (_, "xor") => int_op(&ty0, IntOp::Xor),
                    (Ty::Int(_), "add" | "sub" | "mul") if self.overflow_checks => {
                        let (op, ovf, verb) = match base {
                            "add" => (IntOp::Add, IntOp::AddOvf, "add"),
                            "sub" => (IntOp::Sub, IntOp::SubOvf, "subtract"),
                            _ => (IntOp::Mul, IntOp::MulOvf, "multiply"),
                        };
                        self.panic_if_overflows(int_op(&ty0, ovf), args, verb);
                        int_op(&ty0, op)
                    }
                    (_, "add") => num_op(&ty0, IntOp::Add, FloatOp::Add),
                    (_, "sub") => num_op(&ty0, IntOp::Sub, FloatOp::Sub),
                    (_, "mul") => num_op(&ty0, IntOp::Mul, FloatOp::Mul),
                    (_, "eq") => num_op(&ty0, IntOp::Eq, FloatOp::Eq),
                    (_, "ne") => num_op(&ty0, IntOp::Ne, FloatOp::Ne),
                    (_, "lt") => num_op(&ty0, IntOp::Lt, FloatOp::Lt),
                    (_, "le") => num_op(&ty0, IntOp::Le, FloatOp::Le),
                    (_, "gt") => num_op(&ty0, IntOp::Gt, FloatOp::Gt),
                    _ => num_op(&ty0, IntOp::Ge, FloatOp::Ge),
                };
                self.genop(op, args.to_vec(), res_ll)
            }
            "div" | "mod" => {
                if ty0 == Ty::F64 {
                    let op = if opname == "div" { FloatOp::Truediv } else { FloatOp::Mod };
                    return Ok(Some(self.genop(LlOp::Float(op), args.to_vec(), res_ll)));
                }
                let ll0 = self.lltype(&ty0);
                let zero = self.constant(ConstValue::Int(0), ty0.clone());
                let is_zero = self.genop(int_op(&ty0, IntOp::Eq), vec![args[1].clone(), zero], LlType::Bool);
                let (zmsg, omsg) = if opname == "div" {
                    ("attempt to divide by zero", "attempt to divide with overflow")
                } else {
                    (
                        "attempt to calculate the remainder with a divisor of zero",
                        "attempt to calculate the remainder with overflow",
                    )
                };
                self.panic_if(is_zero, zmsg);
                if let (Ty::Int(it), true) = (&ty0, ll0.is_signed()) {
                    let (min, _) = it.min_max();
                    let c_min = self.constant(ConstValue::Int(min), ty0.clone());
                    let c_m1 = self.constant(ConstValue::Int(-1), ty0.clone());
                    let a_min = self.genop(LlOp::Int(IntOp::Eq), vec![args[0].clone(), c_min], LlType::Bool);
                    let b_m1 = self.genop(LlOp::Int(IntOp::Eq), vec![args[1].clone(), c_m1], LlType::Bool);
                    let ovf = self.genop(LlOp::Uint(IntOp::And), vec![a_min, b_m1], LlType::Bool);
                    self.panic_if(ovf, omsg);
                }
                let op = if opname == "div" { IntOp::Floordiv } else { IntOp::Mod };
                self.genop(int_op(&ty0, op), args.to_vec(), res_ll)
            }
            "lshift" | "rshift" => {
                let Ty::Int(it) = &ty0 else { return Err(format!("shifting a `{ty0}`")) };
                if self.overflow_checks {
                    // Any count not below the width, negative ones too.
                    let wide = self.cast(&args[1], &Ty::Int(IntTy::U64))?;
                    let bits = self.constant(ConstValue::Int(it.bits() as i128), Ty::Int(IntTy::U64));
                    let ovf = self.genop(LlOp::Uint(IntOp::Ge), vec![wide, bits], LlType::Bool);
                    let dir = if opname == "lshift" { "left" } else { "right" };
                    self.panic_if(ovf, &format!("attempt to shift {dir} with overflow"));
                }
                let op = if opname == "lshift" { IntOp::Lshift } else { IntOp::Rshift };
                self.masked_shift(op, &args[0], &args[1], &ty0)?
            }
            "neg" => match &ty0 {
                Ty::F64 => self.genop(LlOp::Float(FloatOp::Neg), args.to_vec(), res_ll),
                Ty::Int(i) if i.signed() => {
                    if self.overflow_checks {
                        self.panic_if_overflows(LlOp::Int(IntOp::NegOvf), args, "negate");
                    }
                    self.genop(LlOp::Int(IntOp::Neg), args.to_vec(), res_ll)
                }
                _ => return Err(format!("negating a `{ty0}`")),
            },
            "invert" => match &ty0 {
                Ty::Bool => self.genop(LlOp::BoolNot, args.to_vec(), res_ll),
                Ty::Int(_) => self.genop(int_op(&ty0, IntOp::Invert), args.to_vec(), res_ll),
                _ => return Err(format!("`!` on a `{ty0}`")),
            },
            "cast" => self.cast(&args[0], &res_ty)?,
            // `f64::from_bits(u)`.
            "float_from_bits" => self.genop(LlOp::ConvertLonglongBytesToFloat, args.to_vec(), res_ll),
            _ => return Ok(None),
        }))
    }

    /// Tuples, structs and enums' variants: by value, or GC objects.
    fn translate_struct(&mut self, o: &Operation) -> Result<Option<Value>, String> {
        let (opname, args, result, ty0, res_ty, res_ll) =
            (o.opname, o.args, o.result, o.ty0.clone(), o.res_ty.clone(), o.res_ll.clone());
        Ok(Some(match opname {
            "newtuple" => self.genop(LlOp::TupleNew, args.to_vec(), res_ll),
            "getitem" => {
                let idx = args[1].constant().and_then(|c| c.as_int()).unwrap();
                let i = self.constant(ConstValue::Int(idx), Ty::Int(IntTy::I64));
                self.genop(LlOp::TupleGetitem, vec![args[0].clone(), i], res_ll)
            }
            // The payload of an unboxed variant is the object its field
            // points to.
            "getattr" if matches!(&ty0, Ty::Struct(p) if self.types.unboxed.payloads.contains_key(p)) => {
                self.ll(&args[0])
            }
            "getattr" if self.types.container(&ty0).is_some() => {
                self.genop(LlOp::Getfield, vec![args[0].clone(), args[1].clone()], res_ll)
            }
            "setattr" if self.types.container(&ty0).is_some() => {
                // A GC object is updated in place; the "new" value is the same object.
                self.genop(LlOp::Setfield, args.to_vec(), LlType::Void);
                self.ll(&args[0])
            }
            // An enum with data: its base and payloads start with the tag.
            "newvariant" => {
                let Some(ConstValue::Type(vty)) = args[0].constant().map(|c| c.value.clone()) else { unreachable!() };
                let def = self.types.struct_def(&vty).unwrap();
                let (_, tag) = def.variant.unwrap();
                if matches!(&vty, Ty::Struct(p) if self.types.unboxed.payloads.contains_key(p)) {
                    // (The object has the tag since it was made.)
                    return Ok(Some(self.genop(LlOp::CastPointer, vec![args[1].clone()], res_ll)));
                }
                let c = self.types.container(&vty);
                if let Some(t) = self.types.tagged.iter().find(|t| Some(t.variant) == c) {
                    let c = void_const(ConstValue::Container(t.variant));
                    return Ok(Some(self.genop(LlOp::NewTagged, vec![c, args[1].clone()], res_ll)));
                }
                if def.fields.iter().all(|(_, t)| self.lltype(t) == LlType::Void) {
                    // Nothing to store: the variant's one prebuilt object.
                    let c = self.types.container(&vty).unwrap();
                    let value = ConstValue::Prebuilt(c, Some(tag as i64));
                    let mut c = Constant::new(value, res_ty);
                    c.concretetype = Some(res_ll);
                    return Ok(Some(Value::Const(c)));
                }
                let p = self.translate("newstruct", args, result)?;
                let tag = self.constant(ConstValue::Int(tag as i128), Ty::Int(IntTy::U16));
                self.genop(LlOp::Setfield, vec![p.clone(), void_const(ConstValue::Str(TAG.into())), tag], LlType::Void);
                self.genop(LlOp::CastPointer, vec![p], res_ll)
            }
            "variant_is" => {
                let Some(ConstValue::Type(vty)) = args[1].constant().map(|c| c.value.clone()) else { unreachable!() };
                let (_, tag) = self.types.struct_def(&vty).unwrap().variant.unwrap();
                let tag = self.constant(ConstValue::Int(tag as i128), Ty::Int(IntTy::U16));
                let t = self.genop(
                    LlOp::Getfield,
                    vec![args[0].clone(), void_const(ConstValue::Str(TAG.into()))],
                    TAG_TYPE,
                );
                self.genop(int_op(&Ty::Int(IntTy::U16), IntOp::Eq), vec![t, tag], LlType::Bool)
            }
            "variant_payload" => self.genop(LlOp::CastPointer, vec![args[0].clone()], res_ll),
            "newstruct"
                if self.types.container(&res_ty).is_some()
                    || matches!(args[0].constant().map(|c| &c.value), Some(ConstValue::Type(t)) if self.types.container(t).is_some()) =>
            {
                let Some(ConstValue::Type(sty)) = args[0].constant().map(|c| c.value.clone()) else { unreachable!() };
                let c = self.types.container(&sty).unwrap();
                let res_ll = self.lltype(&sty);
                let p = self.genop(LlOp::Malloc, vec![void_const(ConstValue::Container(c))], res_ll);
                if let Some(&tag) = self.types.unboxed.tags.get(&c) {
                    // The struct stands for an unboxed variant's payload.
                    let tag = self.constant(ConstValue::Int(tag as i128), Ty::Int(IntTy::U16));
                    self.genop(
                        LlOp::Setfield,
                        vec![p.clone(), void_const(ConstValue::Str(TAG.into())), tag],
                        LlType::Void,
                    );
                }
                for ((name, fty), v) in self.types.struct_def(&sty).unwrap().fields.clone().iter().zip(&args[1..]) {
                    if self.lltype(fty) != LlType::Void {
                        let name = void_const(ConstValue::Str(name.clone()));
                        self.genop(LlOp::Setfield, vec![p.clone(), name, v.clone()], LlType::Void);
                    }
                }
                p
            }
            "ref_mut" | "box_new" => {
                if self.types.container(&ty0).is_none() {
                    return Err(if opname == "ref_mut" {
                        format!("`&mut` of a `{ty0}` value kept as a reference: a `&mut` of a value is translated as an argument of a function that takes it (copied in and out of the place), not in a local, a field or a collection; pass `&mut place` to the function at the call ({})", Section::Types.see())
                    } else {
                        format!("`Box::new` of a `{ty0}` value: only structs that are not `Copy` can be boxed yet")
                    });
                }
                self.ll(&args[0])
            }
            "getattr" => {
                let name = args[1].constant().and_then(|c| c.as_str()).unwrap_or_default().to_string();
                let i = self.field_index(&ty0, &name)?;
                let idx = self.constant(ConstValue::Int(i as i128), Ty::Int(IntTy::I64));
                self.genop(LlOp::TupleGetitem, vec![args[0].clone(), idx], res_ll)
            }
            "setattr" => {
                let name = args[1].constant().and_then(|c| c.as_str()).unwrap_or_default().to_string();
                let i = self.field_index(&ty0, &name)?;
                let idx = self.constant(ConstValue::Int(i as i128), Ty::Int(IntTy::I64));
                self.genop(LlOp::TupleSetitem, vec![args[0].clone(), idx, args[2].clone()], res_ll)
            }
            "newstruct" => self.genop(LlOp::TupleNew, args[1..].to_vec(), res_ll),
            _ => return Ok(None),
        }))
    }

    /// `Option` and `Result` values.
    fn translate_option(&mut self, o: &Operation) -> Result<Option<Value>, String> {
        let (opname, args, ty0, res_ty, res_ll) = (o.opname, o.args, o.ty0.clone(), o.res_ty.clone(), o.res_ll.clone());
        Ok(Some(match opname {
            // `Option` of a GC object: the nullable pointer itself.
            "newsome" if self.types.container(&ty0).is_some() => self.ll(&args[0]),
            "is_some" | "some_payload" if matches!(&ty0, Ty::Option(t) if self.types.container(t).is_some()) => {
                if opname == "is_some" {
                    self.genop(LlOp::PtrNonzero, args.to_vec(), LlType::Bool)
                } else {
                    self.ll(&args[0])
                }
            }
            "newsome" => {
                let t = self.constant(ConstValue::Bool(true), Ty::Bool);
                self.genop(LlOp::TupleNew, vec![t, args[0].clone()], res_ll)
            }
            "is_some" | "some_payload" => {
                let i = self.constant(ConstValue::Int((opname == "some_payload") as i128), Ty::Int(IntTy::I64));
                self.genop(LlOp::TupleGetitem, vec![args[0].clone(), i], res_ll)
            }
            "newok" | "newerr" => {
                let Ty::Result(t, e) = &res_ty else { return Err("`Ok`/`Err` of a non-`Result`".into()) };
                let ok = opname == "newok";
                let flag = self.constant(ConstValue::Bool(ok), Ty::Bool);
                let other = if ok { e } else { t };
                let zero = Value::Const(Constant {
                    value: zero_of(other, self.types),
                    ty: ConstTy::Known((**other).clone()),
                    concretetype: Some(self.lltype(other)),
                });
                let items = if ok { vec![flag, args[0].clone(), zero] } else { vec![flag, zero, args[0].clone()] };
                self.genop(LlOp::TupleNew, items, res_ll)
            }
            "is_ok" | "ok_payload" | "err_payload" => {
                let i = ["is_ok", "ok_payload", "err_payload"].iter().position(|n| *n == opname).unwrap();
                let i = self.constant(ConstValue::Int(i as i128), Ty::Int(IntTy::I64));
                self.genop(LlOp::TupleGetitem, vec![args[0].clone(), i], res_ll)
            }
            _ => return Ok(None),
        }))
    }

    /// Input and output, and the other operations done by the runtime.
    fn translate_io(&mut self, o: &Operation) -> Result<Option<Value>, String> {
        let (opname, args, res_ty, res_ll) = (o.opname, o.args, o.res_ty.clone(), o.res_ll.clone());
        Ok(Some(match opname {
            // `std::fs::read`: the runtime returns the list of bytes (or the
            // string) or null, and the error's text on failure.
            "fs_read" | "fs_read_to_string" => {
                let Ty::Result(t, _) = &res_ty else { unreachable!() };
                let ok_ll = self.lltype(t);
                let f = if opname == "fs_read" { "rpy_fs_read" } else { "rpy_fs_read_to_string" };
                let p = self.rt_call(f, vec![args[0].clone()], ok_ll);
                let ok = self.genop(LlOp::PtrNonzero, vec![p.clone()], LlType::Bool);
                self.io_result(ok, p, res_ll)
            }
            // `std::env::var`: as `fs_read_to_string`.
            "env_var" => {
                let p = self.rt_call("rpy_env_var", vec![args[0].clone()], self.lltype(&Ty::Str));
                let ok = self.genop(LlOp::PtrNonzero, vec![p.clone()], LlType::Bool);
                self.io_result(ok, p, res_ll)
            }
            "time_clock" => self.rt_call("rpy_time_clock", vec![], res_ll),
            "time_time" => self.rt_call("rpy_time_time", vec![], res_ll),
            // The GC's own entry points. A collection finds the caller's
            // references as one an allocation triggers does: on the stack and
            // in the registers it scans (no call is marked as collecting).
            "gc_collect" => self.rt_call("rpy_gc_collect", vec![], LlType::Void),
            "gc_heap_size" => self.rt_call("rpy_gc_heap_size", vec![], res_ll),
            // `std::io::stdin().read_line(&mut s)` and the like: the runtime
            // reads (`how` is one of rpy-runtime's `ll::STDIN_*`) and returns
            // the count, or -1 with the error's text.
            "stdin_read" => {
                let how = match args[0].constant().and_then(|c| c.as_str()).unwrap() {
                    "read_line" => 0,
                    "read_to_string" => 1,
                    "read_to_end" => 2,
                    _ => 3,
                };
                let how = self.constant(ConstValue::Int(how), Ty::Int(IntTy::I64));
                let n = self.rt_call("rpy_stdin_read", vec![how, args[1].clone()], SIGNED);
                let zero = self.constant(ConstValue::Int(0), Ty::Int(IntTy::I64));
                let ok = self.genop(LlOp::Int(IntOp::Ge), vec![n.clone(), zero], LlType::Bool);
                let n = self.genop(LlOp::CastPrimitive, vec![n], UNSIGNED);
                self.io_result(ok, n, res_ll)
            }
            "stdout_write" => {
                let fd = self.cast(&args[0], &Ty::Int(IntTy::I64))?;
                self.rt_call("rpy_io_write", vec![fd, args[1].clone()], LlType::Void)
            }
            // Identity of the objects: an `Rc` of a value has none here,
            // nor one of an enum (immutable: a variant without data is one
            // shared constant, a small integer variant no object at all).
            "rc_ptr_eq" | "gc_id" => {
                let ty = self.ty(&args[0]);
                let what = if opname == "gc_id" { "rgc::compute_unique_id" } else { "Rc::ptr_eq" };
                if self.types.container(&ty).is_none() {
                    return Err(format!("`{what}` of `{ty}`: an `Rc` of a value is the value itself in rpy"));
                }
                if let Some(name) = rc_of_enum(&ty, self.types) {
                    if let Some(tr) = name.strip_prefix("__dyn_") {
                        return Err(format!(
                            "`{what}` of `Rc<dyn {tr}>`: a trait object may be a new object at each coercion in rpy, \
                             so two made of one object could differ; compare the objects before coercing them"
                        ));
                    }
                    return Err(format!(
                        "`{what}` of `Rc<{name}>`: an `Rc` of an enum is the enum's value in rpy, which has no identity \
                         (its variants without data are shared constants, its small integers no objects); \
                         put the enum in a struct or a `RefCell` to give it one"
                    ));
                }
                match opname {
                    "gc_id" => self.genop(LlOp::GcId, args.to_vec(), res_ll),
                    _ => self.genop(LlOp::PtrEq, args.to_vec(), LlType::Bool),
                }
            }
            "parse_f64_status" => self.rt_call("rpy_parse_f64_status", vec![args[0].clone()], SIGNED),
            "parse_f64" => self.rt_call("rpy_parse_f64", vec![args[0].clone()], LlType::Float),
            "str_convert" => self.rt_call("rpy_str_convert", args.to_vec(), self.lltype(&Ty::Str)),
            "char_class" => self.rt_call("rpy_char_class", args.to_vec(), SIGNED),
            "stdout_flush" => {
                let fd = self.cast(&args[0], &Ty::Int(IntTy::I64))?;
                self.rt_call("rpy_io_flush", vec![fd], LlType::Void)
            }
            "process_exit" => {
                let code = self.cast(&args[0], &Ty::Int(IntTy::I64))?;
                self.rt_call("rpy_process_exit", vec![code], LlType::Void)
            }
            "io_write" => {
                let fd = self.cast(&args[0], &Ty::Int(IntTy::I64))?;
                self.rt_call("rpy_io_write", vec![fd, args[1].clone()], LlType::Void)
            }
            _ => return Ok(None),
        }))
    }

    /// A call of the runtime function `name` (`rt_call`).
    fn rt_call(&mut self, name: &str, mut args: Vec<Value>, result: LlType) -> Value {
        args.insert(0, void_const(ConstValue::Str(name.into())));
        self.genop(LlOp::RtCall, args, result)
    }

    /// `format_arg(buf, value, spec, width, precision)`: appends `value`
    /// formatted by `spec` (an encoded `rpy_fmt::Spec`; `width` and
    /// `precision` are -1 or override it) to the string `buf`, by a runtime
    /// function per kind of value.
    fn format_arg(&mut self, args: &[Value]) -> Result<Value, String> {
        let i64_ = Ty::Int(IntTy::I64);
        let spec = args[2].constant().and_then(|c| c.as_int()).ok_or("bad format spec")?;
        let spec = self.constant(ConstValue::Int(spec as u64 as i128), Ty::Int(IntTy::U64));
        let width = self.cast(&args[3], &i64_)?;
        let precision = self.cast(&args[4], &i64_)?;
        let (buf, v) = (args[0].clone(), &args[1]);
        let ty = self.ty(v);
        let (name, value, extra) = match &ty {
            Ty::Int(it) if it.signed() => ("rpy_str_fmt_int", self.cast(v, &i64_)?, Some(it.bits())),
            Ty::Int(it) => ("rpy_str_fmt_uint", self.cast(v, &Ty::Int(IntTy::U64))?, Some(it.bits())),
            Ty::F64 => ("rpy_str_fmt_float", self.ll(v), None),
            Ty::Bool => ("rpy_str_fmt_bool", self.cast(v, &i64_)?, None),
            Ty::Char => ("rpy_str_fmt_char", self.cast(v, &Ty::Int(IntTy::U32))?, None),
            Ty::Str => ("rpy_str_fmt_str", self.ll(v), None),
            other => {
                return Err(format!(
                    "formatting a value of type `{other}` is not translated yet ({})",
                    Section::Formatting.see()
                ))
            }
        };
        let mut call = vec![buf, value, spec, width, precision];
        if let Some(bits) = extra {
            call.push(self.constant(ConstValue::Int(bits as i128), i64_));
        }
        Ok(self.rt_call(name, call, LlType::Void))
    }

    /// `v as to` (Rust's rules).
    fn cast(&mut self, v: &Value, to: &Ty) -> Result<Value, String> {
        let from = self.ty(v);
        let to_ll = self.lltype(to);
        if &from == to {
            return Ok(self.ll(v));
        }
        let int_like = |t: &Ty| matches!(t, Ty::Int(_) | Ty::Bool | Ty::Char);
        let op = match (&from, to) {
            (a, b) if (int_like(a) || matches!(a, Ty::Enum(_))) && int_like(b) => LlOp::CastPrimitive,
            (Ty::Int(i), Ty::F64) if i.signed() => LlOp::CastIntToFloat,
            (Ty::Int(_), Ty::F64) => LlOp::CastUintToFloat,
            (Ty::F64, Ty::Int(i)) if i.signed() => LlOp::CastFloatToInt,
            (Ty::F64, Ty::Int(_)) => LlOp::CastFloatToUint,
            _ => return Err(format!("casting `{from}` to `{to}`")),
        };
        Ok(self.genop(op, vec![v.clone()], to_ll))
    }

    fn method(&mut self, args: &[Value], res_ty: &Ty) -> Result<Value, String> {
        let name = args[0].constant().and_then(|c| c.as_str()).unwrap().to_string();
        let recv = args[1].clone();
        let rest: Vec<Value> = args[2..].to_vec();
        let recv_ty = self.ty(&recv);
        let res_ll = self.lltype(res_ty);
        method_sig(&name).ok_or_else(|| format!("no method `{name}`"))?;
        let mut all = vec![recv.clone()];
        all.extend(rest.iter().cloned());
        if recv_ty == Ty::F64 {
            let op = match name.as_str() {
                "sqrt" => FloatOp::Sqrt,
                "floor" => FloatOp::Floor,
                "ceil" => FloatOp::Ceil,
                "abs" => FloatOp::Abs,
                "sin" => FloatOp::Sin,
                "cos" => FloatOp::Cos,
                "tan" => FloatOp::Tan,
                "asin" => FloatOp::Asin,
                "acos" => FloatOp::Acos,
                "atan" => FloatOp::Atan,
                "exp" => FloatOp::Exp,
                "powi" => FloatOp::Powi,
                "powf" => FloatOp::Pow,
                "atan2" => FloatOp::Atan2,
                "min" => FloatOp::Min,
                "max" => FloatOp::Max,
                "ln" => FloatOp::Log,
                "log10" => FloatOp::Log10,
                "log2" => FloatOp::Log2,
                "is_nan" => return Ok(self.genop(LlOp::Float(FloatOp::Ne), vec![recv.clone(), recv], LlType::Bool)),
                "to_bits" => return Ok(self.genop(LlOp::ConvertFloatBytesToLonglong, vec![recv], res_ll)),
                _ => return Err(format!("no method `{name}` on `f64`")),
            };
            return Ok(self.genop(LlOp::Float(op), all, res_ll));
        }
        let Ty::Int(it) = recv_ty else { return Err(format!("no method `{name}` on `{recv_ty}`")) };
        let zero = self.constant(ConstValue::Int(0), recv_ty.clone());
        let op = match name.as_str() {
            "min" => IntOp::Min,
            "max" => IntOp::Max,
            "abs" if it.signed() => {
                // `MIN.abs()`: std negates with the caller's overflow checks.
                if self.overflow_checks {
                    self.panic_if_overflows(LlOp::Int(IntOp::NegOvf), &[recv.clone()], "negate");
                }
                IntOp::Abs
            }
            "abs" => return Ok(recv),
            "wrapping_add" => IntOp::Add,
            "wrapping_sub" => IntOp::Sub,
            "wrapping_mul" => IntOp::Mul,
            "wrapping_pow" => IntOp::Pow,
            "wrapping_shl" => return self.masked_shift(IntOp::Lshift, &recv, &rest[0], &recv_ty),
            "wrapping_shr" => return self.masked_shift(IntOp::Rshift, &recv, &rest[0], &recv_ty),
            "wrapping_neg" => return Ok(self.genop(int_op(&recv_ty, IntOp::Sub), vec![zero, recv], res_ll)),
            "saturating_add" => IntOp::AddSat,
            "saturating_sub" => IntOp::SubSat,
            "saturating_mul" => IntOp::MulSat,
            "checked_add" => IntOp::AddChecked,
            "checked_sub" => IntOp::SubChecked,
            "checked_mul" => IntOp::MulChecked,
            "checked_div" => IntOp::FloordivChecked,
            "checked_rem" => IntOp::ModChecked,
            "checked_neg" if it.signed() => IntOp::NegChecked,
            "checked_neg" => {
                // Unsigned: only 0 can be negated.
                let is_zero = self.genop(int_op(&recv_ty, IntOp::Eq), vec![recv, zero.clone()], LlType::Bool);
                return Ok(self.genop(LlOp::TupleNew, vec![is_zero, zero], res_ll));
            }
            "checked_shl" => IntOp::LshiftChecked,
            "pow" if self.overflow_checks => {
                return Ok(self.overflow_checked(int_op(&recv_ty, IntOp::PowChecked), all, res_ll, "multiply"))
            }
            "pow" => IntOp::Pow,
            "checked_pow" => IntOp::PowChecked,
            "rotate_left" => IntOp::Rotl,
            "rotate_right" => IntOp::Rotr,
            "leading_zeros" => IntOp::Clz,
            "trailing_zeros" => IntOp::Ctz,
            "count_ones" => IntOp::Popcount,
            "count_zeros" => {
                let inv = self.genop(int_op(&recv_ty, IntOp::Invert), vec![recv], self.lltype(&recv_ty));
                return Ok(self.genop(int_op(&recv_ty, IntOp::Popcount), vec![inv], UINT));
            }
            "is_positive" => return Ok(self.genop(LlOp::Int(IntOp::Gt), vec![recv, zero], LlType::Bool)),
            "is_negative" => return Ok(self.genop(LlOp::Int(IntOp::Lt), vec![recv, zero], LlType::Bool)),
            _ => return Err(format!("no method `{name}` on `{}`", it.name())),
        };
        Ok(self.genop(int_op(&recv_ty, op), all, res_ll))
    }
}

/// The integer operation `op` on values of `ty`: `int_*` for signed
/// integers and enum tags, `uint_*` for the other integer-like types.
fn int_op(ty: &Ty, op: IntOp) -> LlOp {
    match ty {
        Ty::Int(i) if i.signed() => LlOp::Int(op),
        Ty::Enum(_) => LlOp::Int(op),
        _ => LlOp::Uint(op),
    }
}

/// `int_op(ty, i)`, or `float_f` for `f64`s.
fn num_op(ty: &Ty, i: IntOp, f: FloatOp) -> LlOp {
    match ty {
        Ty::F64 => LlOp::Float(f),
        _ => int_op(ty, i),
    }
}

/// Drops `Void` inputargs (the values of `()`), which carry nothing: uses
/// become the constant `()`. The return block keeps its one inputarg.
fn remove_void_inputargs(g: &mut FunctionGraph) {
    let blocks = g.iterblocks();
    for &b in &blocks {
        if b == g.returnblock {
            continue;
        }
        let voids: Vec<usize> = g.blocks[b]
            .inputargs
            .iter()
            .enumerate()
            .filter(|(_, v)| g.vars[**v].concretetype == Some(LlType::Void))
            .map(|(i, _)| i)
            .collect();
        if voids.is_empty() {
            continue;
        }
        let removed: Vec<VarId> = voids.iter().map(|&i| g.blocks[b].inputargs[i]).collect();
        for &i in voids.iter().rev() {
            g.blocks[b].inputargs.remove(i);
        }
        for &p in &blocks {
            for link in &mut g.blocks[p].exits {
                if link.target == b {
                    for &i in voids.iter().rev() {
                        link.args.remove(i);
                    }
                }
            }
        }
        let unit = void_const(ConstValue::Unit);
        let block = &mut g.blocks[b];
        let fix = |v: &mut Value| {
            if v.var().is_some_and(|x| removed.contains(&x)) {
                *v = unit.clone();
            }
        };
        for op in &mut block.operations {
            op.args.iter_mut().for_each(fix);
        }
        for link in &mut block.exits {
            link.args.iter_mut().for_each(fix);
        }
    }
}

/// A high-level operation being lowered, with the types the lowering
/// dispatches on.
struct Operation<'a> {
    opname: &'a str,
    args: &'a [Value],
    result: VarId,
    /// The type of the first operand (`()` without operands).
    ty0: Ty,
    res_ty: Ty,
    res_ll: LlType,
}
