//! The program being translated (RPython's `TranslationContext`): every
//! graph, the module's types and entry points, and the tables the stages
//! fill in. Data only: the stages are functions over it (`driver` runs
//! them in order).
//!
//! Architecture invariant: this module imports only the IRs (`flow`,
//! `ty`, `lltype`, `entity`) and the language's items.

use crate::entity::Arena;
use crate::flow::{FunctionGraph, GraphId};
use crate::lang_items::{InstanceKind, StdTrait};
use crate::lltype::{Container, ContainerId};
use crate::ty::{EnumDef, EnumId, GenericSig, GenericTy, GenericType, StructDef, StructId, Ty};

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
    /// The std traits the module's types implement by hand.
    pub std_impls: std::collections::HashSet<(Ty, StdTrait)>,
    /// The module's `impl From<S> for T`: the `from` of each, by `T` and
    /// `S`.
    pub conversions: std::collections::HashMap<(Ty, Ty), GraphId>,
    /// The enums that are trait objects (`flow::dyn_traits`): `dyn Trait`
    /// by the trait's name.
    pub trait_objects: std::collections::HashMap<crate::ty::EnumId, String>,
    /// The struct holding the fields of each `HashMap<K, V>` and `Cell<T>`
    /// (an instance of the prelude's dict or cell template), by type.
    pub data_structs: std::collections::HashMap<Ty, StructId>,
    /// The JIT drivers the module declares (`static D: JitDriver = ...`);
    /// `jit_marker` operations name them by index.
    pub jitdrivers: Vec<crate::flow::JitDriverDef>,
    /// The base container of each subclass container (the payloads of an
    /// enum's variants), for `cast_pointer`.
    pub container_bases: std::collections::HashMap<ContainerId, ContainerId>,
    /// The containers of structs that stand for the payload of a variant
    /// (the rtyper's `unboxed`): subclasses of their enum's base, whose
    /// fields every object of them has, whatever it is wrapped in.
    pub unboxed_payloads: std::collections::HashSet<ContainerId>,
    /// The enums whose variant of one integer is a tagged word when the
    /// integer fits (the rtyper's `tagged`).
    pub tagged_ints: Vec<crate::lltype::TaggedInt>,
    /// The container of each struct (the rtyper's `GcStruct`s), for the
    /// passes after it that reason about the program's types.
    pub struct_containers: std::collections::HashMap<StructId, ContainerId>,
    /// The functions of the instances of `prelude::instances` (for `Eq`:
    /// `==` then `!=`).
    pub instances: std::collections::HashMap<(InstanceKind, Ty), Vec<GraphId>>,
    /// The generic functions' signatures, and their instances by type
    /// arguments.
    pub generic_fns: std::collections::HashMap<String, GenericSig>,
    pub generic_instances: std::collections::HashMap<(String, Vec<Ty>), GraphId>,
    /// The module's generic structs and enums, by prototype (`Ty::Struct`
    /// or `Ty::Enum` of the declared prototype).
    pub generic_types: std::collections::HashMap<Ty, GenericType>,
    /// The fields of each prototype struct (a generic struct, or a variant's
    /// payload of a generic enum), in order, with the prototype whose type
    /// parameters they name.
    pub generic_fields: std::collections::HashMap<StructId, (Ty, Vec<(String, GenericTy)>)>,
    /// The instances of generic types (also of their variants' payloads),
    /// by prototype and type arguments, and the other way round.
    pub type_instances: std::collections::HashMap<(Ty, Vec<Ty>), Ty>,
    pub instance_of: std::collections::HashMap<Ty, (Ty, Vec<Ty>)>,
    /// The `Item` of each generic type implementing `Iterator`, by
    /// prototype.
    pub generic_iterator_items: std::collections::HashMap<Ty, GenericTy>,
    /// The fields of `GcStruct`s never written once their object is built
    /// (`backendopt::immutable`), as `(container, field)`; empty until
    /// then, which is always safe: every field may change.
    pub immutable_fields: std::collections::HashSet<(ContainerId, String)>,
    /// The variable-sized containers whose items are never written once
    /// their object is built (the same analysis).
    pub immutable_items: std::collections::HashSet<ContainerId>,
    /// The fields declared immutable (`StructDef::declared_immutable`), with
    /// their struct's name.
    pub declared_immutable: std::collections::HashMap<(ContainerId, String), String>,
    /// The fields declared quasi-immutable (`StructDef::quasi_immutable`):
    /// translated code tells the JIT when it writes one.
    pub quasi_immutable_fields: std::collections::HashSet<(ContainerId, String)>,
    /// The fields of `GcStruct`s that own what they hold (`StructDef::owned`).
    pub owned_fields: std::collections::HashSet<(ContainerId, String)>,
    /// The fields no two objects hold the same object in: a list's items,
    /// which only new arrays are ever stored into.
    pub private_fields: std::collections::HashSet<(ContainerId, String)>,
    /// The integer fields never negative: a list's length.
    pub nonneg_fields: std::collections::HashSet<(ContainerId, String)>,
}

impl Translator {
    /// The tagged integers of the enum whose base is container `c`.
    pub fn tagged_base(&self, c: ContainerId) -> Option<&crate::lltype::TaggedInt> {
        self.tagged_ints.iter().find(|t| t.base == c)
    }

    /// The tagged integers whose variant's payload is container `c`.
    pub fn tagged_variant(&self, c: ContainerId) -> Option<&crate::lltype::TaggedInt> {
        self.tagged_ints.iter().find(|t| t.variant == c)
    }

    /// The fields of a struct, or of the data struct of a dict.
    pub fn struct_def(&self, ty: &Ty) -> Option<&StructDef> {
        match ty {
            Ty::Struct(s) => Some(&self.structs[*s]),
            t if t.is_template() => Some(&self.structs[self.data_structs[ty]]),
            Ty::Rc(t) => self.struct_def(t),
            _ => None,
        }
    }

    /// The prototype and type arguments of `ty`, when it is a generic type
    /// (an instance, or one still to make).
    pub fn generic_of(&self, ty: &Ty) -> Option<(Ty, Vec<Ty>)> {
        match ty {
            Ty::Generic(proto, args) => Some(((**proto).clone(), args.clone())),
            _ => self.instance_of.get(ty).cloned(),
        }
    }

    /// The generic type `proto` applied to `args`: its instance, or the
    /// instance still to make.
    pub fn generic_type(&self, proto: Ty, args: Vec<Ty>) -> Ty {
        match self.type_instances.get(&(proto.clone(), args.clone())) {
            Some(ty) => ty.clone(),
            None => Ty::Generic(Box::new(proto), args),
        }
    }

    /// The generic type whose prototype `ty` is (or whose variant's payload
    /// it is), if it is one.
    pub fn prototype(&self, ty: &Ty) -> Option<Ty> {
        match ty {
            Ty::Struct(s) => self.generic_fields.get(s).map(|(owner, _)| owner.clone()),
            Ty::Enum(_) => self.generic_types.contains_key(ty).then(|| ty.clone()),
            _ => None,
        }
    }

    /// Whether values of `ty` are not GC objects but aggregates a field
    /// store copies (a tuple, a `Copy` struct): `setattr` makes a new value.
    pub fn is_value_aggregate(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Struct(s) => self.structs[*s].copy,
            Ty::Tuple(_) => true,
            _ => false,
        }
    }

    /// The name of a type as the program writes it, for errors: the
    /// module's structs and enums by name, a trait's enum as `dyn Trait`,
    /// a generic type with its arguments.
    pub fn type_name(&self, ty: &Ty) -> String {
        if let Some((proto, args)) = self.generic_of(ty) {
            let args: Vec<String> = args.iter().map(|a| self.type_name(a)).collect();
            return format!("{}<{}>", self.type_name(&proto), args.join(", "));
        }
        match ty {
            Ty::Struct(s) => self.structs[*s].name.clone(),
            Ty::Enum(e) => match self.trait_objects.get(e) {
                Some(tr) => format!("dyn {tr}"),
                None => self.enums[*e].name.clone(),
            },
            other => other.to_string(),
        }
    }
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
