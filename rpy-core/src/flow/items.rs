//! The module level of the flow space: collects the items of the module
//! (functions, constants, structs, `impl` blocks) into a `ModuleScope`, then
//! has `builder` build one graph per function, method and constant.
//!
//! Rust items may be used before their definition, so every name is known
//! before any body is built.

use super::builder::{build_const, build_fn};
use super::error::{pos_of, unsupported, Section, R};
use super::generic_types;
use super::model::{FunctionGraph, GraphId};
use super::scope::ModuleScope;
use super::traits::{self, lifetimes_only, TraitDef};
use crate::lang_items::{LangItem, StdTrait};
use crate::prelude::instances::{self, Kind};
use crate::translator::Translator;
use crate::ty::{EnumData, EnumDef, GenericTy, StructDef, StructId, Ty};
use quote::ToTokens;
use std::collections::HashMap;

fn is_track_caller(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("track_caller"))
}

/// A method's source: an `impl` block's, or a trait's default.
struct Method<'a> {
    sig: &'a syn::Signature,
    block: &'a syn::Block,
    attrs: &'a [syn::Attribute],
    /// An internal item of the prelude (`prelude::is_internal`).
    internal: bool,
    /// The name it is declared by, if not its own (a std trait's method,
    /// `StdTrait::method_name`).
    name: Option<String>,
}

/// What an `impl` block implements.
#[derive(Clone, Copy)]
enum ImplOf<'t, 'a> {
    Inherent,
    /// A trait of the module.
    Trait(&'t TraitDef<'a>),
    /// One of std's arithmetic operators (`traits::is_std_operator`).
    Operator(&'a syn::Path),
    /// A std trait with hidden uses (`traits::std_trait`).
    Std(StdTrait),
}

/// What a graph is built from.
enum Source<'a> {
    Fn { sig: &'a syn::Signature, block: &'a syn::Block, self_ty: Option<Ty>, internal: bool },
    Const { expr: &'a syn::Expr, self_ty: Option<Ty> },
}

/// What the type inference of earlier builds of a module found it needs,
/// each instance among the module's items (`driver::build_with_prelude`
/// adds them).
#[derive(Default)]
pub struct Found {
    /// The `HashMap<K, V>`s, cells and iterators whose instances of the
    /// prelude's templates are among the items, the `n`-th with data struct
    /// `lang_items::data_struct_name(n)`.
    pub templates: Vec<Ty>,
    /// The instances of `prelude::instances`.
    pub insts: Vec<(Kind, Ty)>,
    /// The instances of generic functions, the `n`-th named
    /// `generic_instance_name(name, n)`.
    pub generics: Vec<(String, Vec<Ty>)>,
    /// The instances of generic types (`generic_types::instantiate`).
    pub type_insts: Vec<(String, Vec<Ty>)>,
    /// The `for` loops over iterators of the module
    /// (`ModuleScope::iterator_loops`).
    pub iterator_loops: std::collections::HashSet<super::Pos>,
}

/// Builds the graphs of all items of a module. `file` is the path of the
/// source file, as panic messages print it. All errors are returned together.
pub fn build_module(items: &[syn::Item], file: &str, found: &Found) -> Result<Translator, Vec<syn::Error>> {
    let (traits, trait_errors) = traits::collect(items);
    let mut m = ModuleBuilder {
        file,
        traits,
        t: Translator::default(),
        scope: ModuleScope::default(),
        errors: Vec::new(),
        sources: Vec::new(),
    };
    m.errors.extend(trait_errors);
    for (name, def) in m.traits.iter().filter_map(|(n, d)| Some((n, d.as_ref()?))) {
        let methods = def.fns.iter().filter(|f| f.sig.receiver().is_some());
        m.scope.trait_methods.extend(methods.map(|f| (name.clone(), f.sig.ident.to_string())));
    }
    // Types first: every signature may name any of them.
    m.declare_types(items);
    m.link_type_instances(&found.type_insts);
    m.scope.iterator_loops = found.iterator_loops.clone();
    m.declare_fields(items);
    m.scope.copy_structs_hold_arrays = m.t.structs.keys().any(|s| instances::holds_lists(&m.t, &Ty::Struct(s)));
    for (n, ty) in found.templates.iter().enumerate() {
        // (A `RefCell` of a struct is the struct's object.)
        let sid = crate::prelude::cell_struct(&m.t, ty)
            .unwrap_or_else(|| m.scope.structs[&crate::lang_items::data_struct_name(n)]);
        m.scope.data_structs.insert(ty.clone(), sid);
        m.t.data_structs.insert(ty.clone(), sid);
    }
    let field_names = |s: StructId, d: &StructDef| match m.t.generic_fields.get(&s) {
        Some((_, fields)) => fields.iter().map(|(n, _)| n.clone()).collect(),
        None => d.fields.iter().map(|(n, _)| n.clone()).collect(),
    };
    m.scope.struct_info = m.t.structs.iter().map(|(s, d)| (d.name.clone(), field_names(s, d))).collect();
    for item in items {
        m.declare(item);
    }
    if !m.errors.is_empty() {
        return Err(m.errors);
    }
    m.build_graphs();
    if m.errors.is_empty() {
        m.errors.extend(crate::jit::check_drivers(&m.t, &m.scope.fns, items));
    }
    m.link_instances(found);
    if m.errors.is_empty() {
        Ok(m.t)
    } else {
        Err(m.errors)
    }
}

/// A module being built: its program so far, the names in scope, the
/// errors found and the bodies to build once every item is declared.
struct ModuleBuilder<'a> {
    file: &'a str,
    /// The module's traits, which `impl Trait for Type` blocks name (`None`:
    /// one outside the dialect).
    traits: HashMap<String, Option<TraitDef<'a>>>,
    t: Translator,
    scope: ModuleScope,
    errors: Vec<syn::Error>,
    /// What each graph of `t.graphs` is built from, in order.
    sources: Vec<Source<'a>>,
}

impl<'a> ModuleBuilder<'a> {
    /// Declares the module's enums and structs (without their fields, which
    /// may name each other).
    fn declare_types(&mut self, items: &[syn::Item]) {
        for item in items {
            match item {
                syn::Item::Enum(e) => match enum_def(e) {
                    Ok(def) => self.declare_enum(e, def),
                    Err(e) => self.errors.push(e),
                },
                syn::Item::Struct(s) => {
                    let copy = super::derives::derive_of(&s.attrs, "Copy").is_some();
                    let def = StructDef {
                        name: s.ident.to_string(),
                        copy,
                        fields: Vec::new(),
                        owned: Vec::new(),
                        shared: Vec::new(),
                        declared_immutable: Vec::new(),
                        quasi_immutable: Vec::new(),
                        variant: None,
                    };
                    let id = self.t.structs.push(def);
                    if !copy {
                        self.scope.heap_structs.insert(id);
                    }
                    self.scope.structs.insert(s.ident.to_string(), id);
                    self.declare_generic_type(Ty::Struct(id), &s.ident, &s.generics, &s.attrs);
                }
                _ => {}
            }
        }
        // std's `Ordering` (the prelude's), by its name unless the module
        // has an `Ordering` of its own.
        if let (false, Some(&id)) =
            (self.scope.enums.contains_key("Ordering"), self.scope.enums.get(LangItem::Ordering.name()))
        {
            self.scope.enums.insert("Ordering".into(), id);
            for (v, d) in self.t.enums[id].variants.clone() {
                self.scope.variants.insert(("Ordering".into(), v), (id, d));
            }
        }
    }

    /// An enum; one with data also gets a payload struct per variant and a
    /// base struct (GC objects).
    fn declare_enum(&mut self, e: &syn::ItemEnum, mut def: EnumDef) {
        let (t, scope) = (&mut self.t, &mut self.scope);
        let name = def.name.clone();
        let variants = def.variants.clone();
        let id = t.enums.next_key();
        if e.variants.iter().any(|v| !v.fields.is_empty()) {
            let mut payloads = Vec::new();
            for (i, (v, _)) in variants.iter().enumerate() {
                let payload = StructDef {
                    name: format!("{name}::{v}"),
                    copy: false,
                    fields: Vec::new(),
                    owned: Vec::new(),
                    shared: Vec::new(),
                    declared_immutable: Vec::new(),
                    quasi_immutable: Vec::new(),
                    variant: Some((id, i)),
                };
                let s = t.structs.push(payload);
                scope.heap_structs.insert(s);
                scope.variant_structs.insert((name.clone(), v.clone()), s);
                payloads.push(s);
            }
            let base = t.structs.push(StructDef {
                name: name.clone(),
                copy: false,
                fields: Vec::new(),
                owned: Vec::new(),
                shared: Vec::new(),
                declared_immutable: Vec::new(),
                quasi_immutable: Vec::new(),
                variant: None,
            });
            scope.heap_structs.insert(base);
            def.data = Some(EnumData { base, payloads });
            scope.data_enums.insert(id);
        }
        t.enums.push(def);
        for (v, d) in variants {
            scope.variants.insert((name.clone(), v), (id, d));
        }
        if let Some(tr) = super::dyn_traits::trait_of(&name) {
            t.trait_objects.insert(id, tr.to_string());
            scope.has_dyn = true;
        }
        scope.enums.insert(name, id);
        self.declare_generic_type(Ty::Enum(id), &e.ident, &e.generics, &e.attrs);
    }

    /// Records `proto`, a struct or enum just declared, as a generic type if
    /// it has type parameters.
    fn declare_generic_type(
        &mut self,
        proto: Ty,
        ident: &syn::Ident,
        generics: &syn::Generics,
        attrs: &[syn::Attribute],
    ) {
        let params = generic_types::type_params(generics);
        if params.is_empty() {
            return;
        }
        let name = ident.to_string();
        if let Ty::Enum(e) = proto {
            if self.t.enums[e].data.is_none() {
                return self.errors.push(unsupported(
                    generics,
                    Section::Generics,
                    "a generic enum without data",
                    "its type parameters would name nothing",
                    "remove them",
                ));
            }
        }
        // A derived `Default` is each instance's: `Type::default()` of the
        // generic type is a generic function until the instance exists.
        if super::derives::derive_of(attrs, "Default").is_some() {
            let self_gty = GenericTy::Adt(Box::new(proto.clone()), (0..params.len()).map(GenericTy::Param).collect());
            let sig = crate::ty::GenericSig {
                type_params: params.clone(),
                params: Vec::new(),
                ret: self_gty,
                owner: Some(proto.clone()),
            };
            self.scope.generic_fns.insert(format!("{name}::default"));
            self.t.generic_fns.insert(format!("{name}::default"), sig);
        }
        self.scope.generic_types.insert(name.clone(), (proto.clone(), params.clone()));
        self.t.generic_types.insert(proto, crate::ty::GenericType { name, params });
    }

    /// The instances of generic types made so far, the `n`-th of
    /// `type_insts` declared as `generic_types::instance_name(name, n)`:
    /// their structs (the payloads' too) by prototype and arguments.
    fn link_type_instances(&mut self, type_insts: &[(String, Vec<Ty>)]) {
        for (n, (name, args)) in type_insts.iter().enumerate() {
            let inst_name = generic_types::instance_name(name, n);
            let Some((proto, _)) = self.scope.generic_types.get(name).cloned() else { continue };
            let mut pairs = Vec::new();
            match proto {
                Ty::Struct(_) => pairs.push((proto.clone(), Ty::Struct(self.scope.structs[&inst_name]))),
                Ty::Enum(p) => {
                    let inst = self.scope.enums[&inst_name];
                    pairs.push((proto.clone(), Ty::Enum(inst)));
                    let (pd, id) = (self.t.enums[p].data.as_ref(), self.t.enums[inst].data.as_ref());
                    if let (Some(pd), Some(id)) = (pd, id) {
                        pairs.extend(
                            pd.payloads.iter().zip(&id.payloads).map(|(a, b)| (Ty::Struct(*a), Ty::Struct(*b))),
                        );
                    }
                }
                _ => unreachable!("a generic type is a struct or an enum"),
            }
            for (p, i) in pairs {
                self.t.type_instances.insert((p.clone(), args.clone()), i.clone());
                self.scope.type_instances.insert((p.clone(), args.clone()), i.clone());
                self.t.instance_of.insert(i, (p, args.clone()));
            }
        }
    }

    /// The fields of structs and of enums' payloads, now that every type
    /// has a name.
    fn declare_fields(&mut self, items: &[syn::Item]) {
        for item in items {
            match item {
                syn::Item::Struct(s) => {
                    let Some(&id) = self.scope.structs.get(&s.ident.to_string()) else { continue };
                    match self.scope.generic_types.get(&s.ident.to_string()).cloned() {
                        Some((proto, params)) => self.add_generic_fields(id, proto, &params, &s.fields),
                        None => self.add_fields(id, &s.fields),
                    }
                }
                syn::Item::Enum(e) => {
                    let generic = self.scope.generic_types.get(&e.ident.to_string()).cloned();
                    for v in &e.variants {
                        let key = (e.ident.to_string(), v.ident.to_string());
                        let Some(&id) = self.scope.variant_structs.get(&key) else { continue };
                        match &generic {
                            Some((proto, params)) => self.add_generic_fields(id, proto.clone(), params, &v.fields),
                            None => self.add_fields(id, &v.fields),
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The fields of a prototype (`generic_types`): types of its
    /// parameters, which only its instances' fields make concrete.
    fn add_generic_fields(&mut self, id: StructId, proto: Ty, params: &[String], fields: &syn::Fields) {
        let mut out = Vec::new();
        for (i, field) in fields.iter().enumerate() {
            let name = field.ident.as_ref().map(|f| f.to_string()).unwrap_or_else(|| i.to_string());
            // (A type parameter may be an array.)
            self.scope.array_field_names.insert(name.clone());
            match self.scope.generic_field_type(&field.ty, params) {
                Ok(ty) => out.push((name, ty)),
                Err(e) => self.errors.push(e),
            }
        }
        self.t.generic_fields.insert(id, (proto, out));
    }

    fn add_fields(&mut self, id: StructId, fields: &syn::Fields) {
        for (i, field) in fields.iter().enumerate() {
            let name = field.ident.as_ref().map(|f| f.to_string()).unwrap_or_else(|| i.to_string());
            let owns = matches!(&field.ty, syn::Type::Path(p)
                if p.qself.is_none()
                    && p.path.segments.last().is_some_and(|s| ["Vec", "String", "Box"].contains(&s.ident.to_string().as_str())));
            if owns {
                self.t.structs[id].owned.push(name.clone());
            }
            if !never_array(&field.ty) {
                self.scope.array_field_names.insert(name.clone());
            }
            if matches!(&field.ty, syn::Type::Reference(r) if r.mutability.is_none()) {
                self.t.structs[id].shared.push(name.clone());
            }
            if field.attrs.iter().any(is_immutable_hint) {
                self.t.structs[id].declared_immutable.push(name.clone());
            }
            if field.attrs.iter().any(is_quasi_immutable_hint) {
                self.t.structs[id].quasi_immutable.push(name.clone());
            }
            match self.scope.parse_item_type(&field.ty, None) {
                Ok(ty) => self.t.structs[id].fields.push((name, ty)),
                Err(e) => self.errors.push(e),
            }
        }
    }

    /// Declares one item: a graph (its body built later) for a function, a
    /// constant or a static, the methods of an `impl`, a driver, or an
    /// error for what is outside the dialect.
    fn declare(&mut self, item: &'a syn::Item) {
        match item {
            syn::Item::Fn(f) if f.sig.generics.type_params().next().is_some() => self.declare_generic_fn(f),
            syn::Item::Fn(f) => self.declare_fn(f),
            syn::Item::Const(c) => self.declare_const(&c.ident, &c.ty, &c.expr),
            syn::Item::Static(s) if matches!(s.mutability, syn::StaticMutability::Mut(_)) => self
                .errors
                .push(unsupported(
                &s.mutability,
                Section::Module,
                "`static mut`",
                "module globals are constants in translated programs, and unsynchronized mutable globals need `unsafe`",
                "pass the state as a parameter, or use an immutable `static`/`const`",
            )),
            syn::Item::Static(s) if crate::jit::is_driver_type(&s.ty) => match crate::jit::parse_driver(s) {
                Ok(d) => {
                    self.scope.jitdrivers.push(d.clone());
                    self.t.jitdrivers.push(d);
                }
                Err(e) => self.errors.push(e),
            },
            syn::Item::Static(s) => self.declare_const(&s.ident, &s.ty, &s.expr),
            // (Traits are collected first: an `impl` may come before its trait.)
            syn::Item::Struct(_) | syn::Item::Enum(_) | syn::Item::Trait(_) => {}
            syn::Item::Use(u) => self.errors.extend(check_use(&u.tree, &mut Vec::new())),
            syn::Item::Impl(imp) => self.declare_impl(imp),
            other => self.errors.push(unsupported_item(other)),
        }
    }

    /// A graph for the function `name` with `sig`'s signature (a method's
    /// when `self_ty` is given).
    fn add_fn(&mut self, name: String, sig: &syn::Signature, self_ty: Option<&Ty>) -> R<GraphId> {
        let (params, ret, inout) = self.scope.signature(sig, self_ty)?;
        let mut g = FunctionGraph::new(&name, self.file, params, ret);
        g.pos = Some(pos_of(sig.ident.span()));
        let (has_inout, inout_self) = (!inout.is_empty(), sig.receiver().is_some() && inout.first() == Some(&0));
        g.inout = inout;
        let id = self.t.graphs.push(g);
        if has_inout {
            self.scope.inout_fns.insert(id);
        }
        if inout_self {
            self.scope.inout_methods.insert(sig.ident.to_string());
        }
        Ok(id)
    }

    /// The type of graph `id` as a value: `fn(..) -> ..`.
    fn fn_type(&self, id: GraphId) -> Ty {
        Ty::Fn(self.t.graphs[id].param_tys.clone(), Box::new(self.t.graphs[id].ret_ty.clone()))
    }

    /// The attributes of a function that its graph keeps: `#[track_caller]`,
    /// the JIT's hints and `#[inline]`; `internal`: it is the prelude's.
    fn take_attrs(&mut self, id: GraphId, attrs: &[syn::Attribute], internal: bool) {
        self.t.graphs[id].track_caller = is_track_caller(attrs);
        self.t.graphs[id].wraps = internal && !attrs.iter().any(|a| a.path().is_ident("rpy_inherit_overflow_checks"));
        match crate::flow::FnHints::of(attrs) {
            Ok(h) => self.t.graphs[id].hints = h,
            Err(e) => self.errors.push(e),
        }
    }

    /// A generic function: its signature, instantiated per type arguments
    /// once type inference found them (`instantiate`).
    fn declare_generic_fn(&mut self, f: &syn::ItemFn) {
        if matches!(f.vis, syn::Visibility::Public(_)) {
            self.errors.push(unsupported(
                &f.sig.generics,
                Section::Generics,
                "a generic `pub fn`",
                "an entry point must have one signature",
                "make it private and call it from a `pub fn` with concrete types",
            ));
        }
        match self.scope.generic_signature(&f.sig) {
            Ok(sig) => {
                self.scope.generic_fns.insert(f.sig.ident.to_string());
                self.t.generic_fns.insert(f.sig.ident.to_string(), sig);
            }
            Err(e) => self.errors.push(e),
        }
    }

    fn declare_fn(&mut self, f: &'a syn::ItemFn) {
        let id = match self.add_fn(f.sig.ident.to_string(), &f.sig, None) {
            Ok(id) => id,
            Err(e) => return self.errors.push(e),
        };
        self.take_attrs(id, &f.attrs, crate::prelude::is_internal(&f.attrs));
        if matches!(f.vis, syn::Visibility::Public(_)) {
            if let Some(e) = boundary_error(&f.sig, &self.t.graphs[id]) {
                self.errors.push(e);
            }
            self.t.entrypoints.push(id);
        }
        self.scope.fns.insert(f.sig.ident.to_string(), id);
        self.scope.fn_types.insert(id, self.fn_type(id));
        let internal = crate::prelude::is_internal(&f.attrs);
        self.sources.push(Source::Fn { sig: &f.sig, block: &f.block, self_ty: None, internal });
    }

    /// A `const` or immutable `static`: a graph without parameters.
    fn declare_const(&mut self, ident: &syn::Ident, ty: &syn::Type, expr: &'a syn::Expr) {
        match self.scope.parse_item_type(ty, None) {
            Ok(ty) => {
                let id = self.t.graphs.push(FunctionGraph::new(&ident.to_string(), self.file, vec![], ty));
                self.scope.consts.insert(ident.to_string(), id);
                self.sources.push(Source::Const { expr, self_ty: None });
            }
            Err(e) => self.errors.push(e),
        }
    }

    /// The methods and associated constants of an `impl`: an inherent
    /// one's, or a trait's for a type (its block's and the trait's defaults
    /// it does not override).
    fn declare_impl(&mut self, imp: &'a syn::ItemImpl) {
        // (Out of `self` meanwhile: declaring borrows it mutably.)
        let traits = std::mem::take(&mut self.traits);
        self.declare_impl_of(imp, &traits);
        self.traits = traits;
    }

    fn declare_impl_of(&mut self, imp: &'a syn::ItemImpl, traits: &HashMap<String, Option<TraitDef<'a>>>) {
        let of = match &imp.trait_ {
            None => ImplOf::Inherent,
            Some((_, path, _)) => match path.segments.last().and_then(|s| traits.get(&s.ident.to_string())) {
                Some(Some(def)) if path.segments.len() == 1 => ImplOf::Trait(def),
                // (Its error is the trait's.)
                Some(None) if path.segments.len() == 1 => return,
                _ if traits::is_std_operator(path) => ImplOf::Operator(path),
                _ => match traits::std_trait(path) {
                    Some(t) => ImplOf::Std(t),
                    None => {
                        let names: Vec<String> = StdTrait::ALL.iter().map(|t| format!("`{}`", t.path().1)).collect();
                        return self.errors.push(unsupported(
                            path, Section::Traits,
                            "an implementation of a trait defined outside the module",
                            &format!(
                                "of std's traits, the arithmetic operators (`std::ops::Add` and the like), {} are translated",
                                names.join(", ")
                            ),
                            "write inherent methods (`impl Type { ... }`), or derive the trait where the dialect allows it",
                        ));
                    }
                },
            },
        };
        if !lifetimes_only(&imp.generics) {
            return self.declare_generic_impl(imp, of);
        }
        let self_ty = match self.scope.parse_item_type(&imp.self_ty, None) {
            Ok(ty) if self.t.generic_of(&ty).is_some() && has_type_args(&imp.self_ty) => {
                return self.errors.push(unsupported(
                    &imp.self_ty,
                    Section::Generics,
                    "an `impl` for one instance of a generic type",
                    "a generic type's methods are the same for all its instances",
                    "write `impl<T> Type<T>`, or a free function taking this instance",
                ))
            }
            // (`str`, `char` and numbers only in the prelude: rustc rejects them elsewhere.)
            Ok(
                ty @ (Ty::Struct(_)
                | Ty::Enum(_)
                | Ty::Str
                | Ty::Dict(..)
                | Ty::Cell(..)
                | Ty::Iter(_)
                | Ty::Char
                | Ty::Int(_)
                | Ty::F64),
            ) => ty,
            Ok(_) => {
                return self.errors.push(unsupported(
                    &imp.self_ty,
                    Section::StructsAndEnums,
                    "an `impl` for this type",
                    "only the module's structs can have methods",
                    "",
                ))
            }
            Err(e) => return self.errors.push(e),
        };
        let type_name = self.scope.type_name(&self_ty).unwrap_or_else(|| imp.self_ty.to_token_stream().to_string());
        let internal = crate::prelude::is_internal(&imp.attrs);
        let mut from_source = None;
        match of {
            ImplOf::Operator(path) => {
                if let Err(e) = self.check_operator(imp, path, &self_ty) {
                    return self.errors.push(e);
                }
            }
            ImplOf::Std(StdTrait::From) => match self.from_source(imp, &self_ty) {
                Ok(source) => from_source = Some(source),
                Err(e) => return self.errors.push(e),
            },
            ImplOf::Std(StdTrait::Iterator) => {
                self.t.std_impls.insert((self_ty.clone(), StdTrait::Iterator));
            }
            ImplOf::Std(t) => {
                // (`PartialEq<Other>`: as an operator's.)
                if let Some((_, path, _)) = &imp.trait_ {
                    if let Err(e) = self.check_operator(imp, path, &self_ty) {
                        return self.errors.push(e);
                    }
                }
                self.t.std_impls.insert((self_ty.clone(), t));
            }
            _ => {}
        }
        // The associated types first: the signatures may name them.
        for member in &imp.items {
            if let (syn::ImplItem::Type(t), ImplOf::Trait(_) | ImplOf::Std(StdTrait::Iterator)) = (member, &of) {
                match self.scope.parse_item_type(&t.ty, Some(&self_ty)) {
                    Ok(ty) => {
                        self.scope.assoc_types.insert((self_ty.clone(), t.ident.to_string()), ty);
                    }
                    Err(e) => self.errors.push(e),
                }
            }
        }
        for member in &imp.items {
            match member {
                syn::ImplItem::Fn(f) => {
                    // (A type's `from`s are told apart by their sources.)
                    let name = match of {
                        ImplOf::Std(StdTrait::From) => Some(format!("__from{}", self.t.conversions.len())),
                        ImplOf::Std(t) => Some(t.method_name(&f.sig.ident.to_string())),
                        _ => None,
                    };
                    let m = Method { sig: &f.sig, block: &f.block, attrs: &f.attrs, internal, name: name.clone() };
                    self.declare_method(m, &self_ty, &type_name);
                    if let (Some(source), Some(name)) = (&from_source, name) {
                        if let Some(&id) = self.scope.assoc.get(&(type_name.clone(), name)) {
                            if self.t.conversions.insert((self_ty.clone(), source.clone()), id).is_some() {
                                self.errors.push(unsupported(
                                    &imp.trait_.as_ref().expect("a trait").1, Section::Traits,
                                    &format!("a second `From<{source}>` of `{type_name}`"),
                                    "`&str` and `String` are one type in translated code, so their conversions would be one",
                                    "keep one of them",
                                ));
                            }
                        }
                    }
                }
                syn::ImplItem::Const(c) => self.declare_assoc_const(&c.ident, &c.ty, &c.expr, &self_ty, &type_name),
                // (`Output`, checked by `check_operator`; a trait's, declared above.)
                syn::ImplItem::Type(_)
                    if matches!(of, ImplOf::Operator(_) | ImplOf::Trait(_) | ImplOf::Std(StdTrait::Iterator)) => {}
                other => {
                    self.errors.push(unsupported(other, Section::Traits, "this `impl` item", "not translated yet", ""))
                }
            }
        }
        if let ImplOf::Trait(def) = of {
            self.declare_defaults(imp, def, &self_ty, &type_name);
        }
    }

    /// A generic `impl` of a generic type (`impl<T> Stack<T>`, `impl<T>
    /// Trait for Stack<T>`): each method a generic function `Stack::m` over
    /// the type's parameters, whose instances are the methods of the type's
    /// instances (`generic_types::instantiate` writes the block out for
    /// each). A std trait's methods are found on the instance once it
    /// exists, so they get none.
    fn declare_generic_impl(&mut self, imp: &'a syn::ItemImpl, of: ImplOf<'_, 'a>) {
        let target = generic_types::impl_target(imp);
        let Some((proto, params, order)) = target.and_then(|(name, order)| {
            let (proto, params) = self.scope.generic_types.get(&name)?.clone();
            Some((proto, params, order))
        }) else {
            return self.errors.push(unsupported(
                &imp.generics,
                Section::Generics,
                "this generic `impl`",
                "a generic `impl` is translated for a generic type of the module, over exactly the type's parameters",
                "write `impl<T> Type<T>`",
            ));
        };
        debug_assert_eq!(params.len(), order.len());
        let type_name = self.t.generic_types[&proto].name.clone();
        let self_gty = GenericTy::Adt(Box::new(proto.clone()), (0..order.len()).map(GenericTy::Param).collect());
        let mut sigs: Vec<&syn::Signature> = Vec::new();
        for member in &imp.items {
            match member {
                syn::ImplItem::Fn(f) => sigs.push(&f.sig),
                syn::ImplItem::Type(_)
                    if matches!(of, ImplOf::Operator(_) | ImplOf::Trait(_) | ImplOf::Std(StdTrait::Iterator)) => {}
                other => {
                    return self.errors.push(unsupported(
                        other,
                        Section::Generics,
                        "this item of a generic `impl`",
                        "a generic type's `impl` may hold methods and associated functions",
                        "make it a `const` of the module",
                    ))
                }
            }
        }
        match of {
            ImplOf::Inherent => {}
            ImplOf::Trait(def) => {
                let overridden = |f: &syn::Ident| sigs.iter().any(|s| s.ident == *f);
                let defaults: Vec<&syn::Signature> = def
                    .fns
                    .iter()
                    .filter(|f| f.default.is_some() && !overridden(&f.sig.ident))
                    .map(|f| &f.sig)
                    .collect();
                sigs.extend(defaults);
            }
            // A generic iterator's `Item`, of the type's parameters: what a
            // `for` loop over it yields before its instance exists.
            ImplOf::Std(StdTrait::Iterator) => {
                for member in &imp.items {
                    let syn::ImplItem::Type(t) = member else { continue };
                    match self.scope.generic_method_item_type(&t.ty, &order, &self_gty) {
                        Ok(item) => {
                            self.t.generic_iterator_items.insert(proto.clone(), item);
                        }
                        Err(e) => self.errors.push(e),
                    }
                }
            }
            // (`Default::default`, `Clone::clone`, ... keep their names; the
            // `fmt`s of `Display` and `Debug` and the `from`s do not, and are
            // found on the instance.)
            ImplOf::Std(t) if !matches!(t, StdTrait::Display | StdTrait::Debug | StdTrait::From) => {}
            ImplOf::Operator(_) | ImplOf::Std(_) => return,
        }
        for sig in sigs {
            match self.scope.generic_method_signature(sig, order.clone(), Some((proto.clone(), self_gty.clone()))) {
                Ok(g) => {
                    if sig.receiver().is_some() {
                        self.scope.method_names.insert(sig.ident.to_string());
                    }
                    let name = format!("{type_name}::{}", sig.ident);
                    self.scope.generic_fns.insert(name.clone());
                    self.t.generic_fns.insert(name, g);
                }
                Err(e) => self.errors.push(e),
            }
        }
    }

    /// The defaults of trait `def` that the implementation `imp` for
    /// `self_ty` does not override: methods and constants of `self_ty`.
    fn declare_defaults(&mut self, imp: &syn::ItemImpl, def: &TraitDef<'a>, self_ty: &Ty, type_name: &str) {
        let overrides = |name: &syn::Ident| {
            imp.items.iter().any(|m| match m {
                syn::ImplItem::Fn(f) => f.sig.ident == *name,
                syn::ImplItem::Const(c) => c.ident == *name,
                _ => false,
            })
        };
        for f in def.fns.iter().filter(|f| !overrides(&f.sig.ident)) {
            // (rustc requires a default of what the block leaves out.)
            if let Some(block) = &f.default {
                let m = Method { sig: &f.sig, block, attrs: &f.attrs, internal: false, name: None };
                self.declare_method(m, self_ty, type_name);
            }
        }
        for c in def.consts.iter().filter(|c| !overrides(&c.ident)) {
            if let Some((_, expr)) = &c.default {
                self.declare_assoc_const(&c.ident, &c.ty, expr, self_ty, type_name);
            }
        }
    }

    /// The source type `S` of `imp`, an `impl From<S> for T`: a type of
    /// the dialect other than `T`.
    fn from_source(&self, imp: &syn::ItemImpl, self_ty: &Ty) -> R<Ty> {
        let (_, path, _) = imp.trait_.as_ref().expect("a trait's implementation");
        let args = match &path.segments.last().expect("a path").arguments {
            syn::PathArguments::AngleBracketed(a) => a.args.iter().collect::<Vec<_>>(),
            _ => Vec::new(),
        };
        let [syn::GenericArgument::Type(source)] = args[..] else {
            return Err(unsupported(
                path,
                Section::Traits,
                "this `From`",
                "`From` takes the source type",
                "write `From<Source>`",
            ));
        };
        self.scope.parse_item_type(source, Some(self_ty))
    }

    /// An implementation of std's operator trait `path` for `self_ty`
    /// must have `self_ty` as its other operand and its result (which is
    /// what the annotator's rule for the operators assumes).
    fn check_operator(&self, imp: &syn::ItemImpl, path: &syn::Path, self_ty: &Ty) -> R<()> {
        let other_type =
            |ty: &syn::Type| !matches!(self.scope.parse_item_type(ty, Some(self_ty)), Ok(t) if t == *self_ty);
        if let syn::PathArguments::AngleBracketed(args) = &path.segments.last().expect("a path").arguments {
            for arg in &args.args {
                if !matches!(arg, syn::GenericArgument::Type(ty) if !other_type(ty)) {
                    return Err(unsupported(
                        arg,
                        Section::Traits,
                        "an operator whose other operand is of another type",
                        "an operator trait is translated for operands of the implementing type only",
                        "write a method",
                    ));
                }
            }
        }
        for item in &imp.items {
            if let syn::ImplItem::Type(t) = item {
                if t.ident != "Output" || other_type(&t.ty) {
                    return Err(unsupported(
                        t,
                        Section::Traits,
                        "an operator whose result is of another type",
                        "an operator trait is translated with the implementing type as its `Output` only",
                        "write a method",
                    ));
                }
            }
        }
        Ok(())
    }

    /// The associated constant `ident` of `self_ty`.
    fn declare_assoc_const(
        &mut self,
        ident: &syn::Ident,
        ty: &syn::Type,
        expr: &'a syn::Expr,
        self_ty: &Ty,
        type_name: &str,
    ) {
        if self.taken(ident, &ident.to_string(), type_name) {
            return;
        }
        match self.scope.parse_item_type(ty, Some(self_ty)) {
            Ok(ty) => {
                let name = format!("{type_name}::{ident}");
                let id = self.t.graphs.push(FunctionGraph::new(&name, self.file, vec![], ty));
                self.scope.assoc.insert((type_name.to_string(), ident.to_string()), id);
                self.sources.push(Source::Const { expr, self_ty: Some(self_ty.clone()) });
            }
            Err(e) => self.errors.push(e),
        }
    }

    /// Whether `type_name` has an associated item `ident` already (then an
    /// error): methods are found by type and name, and rustc's choice
    /// between an inherent method and a trait's of the same name, or two
    /// traits', is not translated.
    fn taken(&mut self, ident: &syn::Ident, name: &str, type_name: &str) -> bool {
        let taken = self.scope.assoc.contains_key(&(type_name.to_string(), name.to_string()));
        if taken {
            self.errors.push(unsupported(
                ident, Section::Traits,
                &format!("a second item named `{ident}` of `{type_name}`"),
                "a type's methods and constants from different `impl` blocks (inherent, or of traits) must have different names to be translated",
                "rename one of them",
            ));
        }
        taken
    }

    fn declare_method(&mut self, f: Method<'a>, self_ty: &Ty, type_name: &str) {
        let method = f.name.unwrap_or_else(|| f.sig.ident.to_string());
        if self.taken(&f.sig.ident, &method, type_name) {
            return;
        }
        let name = format!("{type_name}::{method}");
        let id = match self.add_fn(name, f.sig, Some(self_ty)) {
            Ok(id) => id,
            Err(e) => return self.errors.push(e),
        };
        self.take_attrs(id, f.attrs, f.internal);
        // The prelude's associated functions are found like methods.
        if f.sig.receiver().is_some() || *self_ty == Ty::Str || self_ty.is_template() {
            self.scope.method_names.insert(method.clone());
            self.t.methods.insert((self_ty.clone(), method.clone()), id);
        }
        self.scope.assoc.insert((type_name.to_string(), method), id);
        self.scope.fn_types.insert(id, self.fn_type(id));
        self.sources.push(Source::Fn {
            sig: f.sig,
            block: f.block,
            self_ty: Some(self_ty.clone()),
            internal: f.internal,
        });
    }

    /// Builds the body of every graph declared, now that every name is
    /// known.
    fn build_graphs(&mut self) {
        let ids: Vec<GraphId> = self.t.graphs.keys().collect();
        for (id, src) in ids.into_iter().zip(std::mem::take(&mut self.sources)) {
            let g = std::mem::replace(&mut self.t.graphs[id], FunctionGraph::new("", "", vec![], Ty::Unit));
            let result = match src {
                Source::Fn { sig, block, self_ty, internal } => build_fn(&self.scope, g, sig, block, self_ty, internal),
                Source::Const { expr, self_ty } => build_const(&self.scope, g, expr, self_ty),
            };
            match result {
                Ok(g) => self.t.graphs[id] = g,
                Err(e) => self.errors.push(e),
            }
        }
    }

    /// The graphs the program's tables name: the drivers'
    /// `get_printable_location`, the generic functions' instances and the
    /// derived instances.
    fn link_instances(&mut self, found: &Found) {
        let (t, scope) = (&mut self.t, &self.scope);
        let Found { generics, insts, type_insts, .. } = found;
        // A generic type's method for some arguments is its instance's.
        for (n, (name, args)) in type_insts.iter().enumerate() {
            let inst = generic_types::instance_name(name, n);
            for (f, sig) in
                t.generic_fns.iter().filter(|(f, s)| s.owner.is_some() && f.starts_with(&format!("{name}::")))
            {
                let method = &f[name.len() + 2..];
                debug_assert!(sig.owner.is_some());
                if let Some(&g) = scope.assoc.get(&(inst.clone(), method.to_string())) {
                    t.generic_instances.insert((f.clone(), args.clone()), g);
                }
            }
        }
        for d in t.jitdrivers.iter_mut() {
            d.printable_graph = d.printable_location.as_ref().and_then(|f| scope.fns.get(f).copied());
        }
        for (n, (name, tys)) in generics.iter().enumerate() {
            t.generic_instances.insert((name.clone(), tys.clone()), scope.fns[&generic_instance_name(name, n)]);
        }
        for (n, (kind, ty)) in insts.iter().enumerate() {
            let fns = kind.fn_names(n).iter().map(|name| scope.fns[name]).collect();
            t.instances.insert((*kind, ty.clone()), fns);
        }
    }
}

/// The name of the `n`-th instance of a generic function.
pub fn generic_instance_name(name: &str, n: usize) -> String {
    generic_types::instance_name(name, n)
}

/// The `n`-th instance of the generic function `f`: its type parameters
/// replaced by `tys` (as `source` names them), renamed.
pub fn instantiate(f: &syn::ItemFn, tys: &[String], n: usize) -> syn::ItemFn {
    let mut f = f.clone();
    let names = generic_types::type_params(&f.sig.generics);
    f.sig.ident = syn::Ident::new(&generic_instance_name(&f.sig.ident.to_string(), n), f.sig.ident.span());
    generic_types::strip_type_params(&mut f.sig.generics);
    syn::visit_mut::VisitMut::visit_item_fn_mut(
        &mut generic_types::Subst(names.into_iter().zip(tys).collect()),
        &mut f,
    );
    f
}

/// Whether a written type has type arguments (`Stack<i64>`).
fn has_type_args(ty: &syn::Type) -> bool {
    let syn::Type::Path(p) = ty else { return false };
    p.path.segments.iter().any(|s| match &s.arguments {
        syn::PathArguments::AngleBracketed(a) => a.args.iter().any(|a| matches!(a, syn::GenericArgument::Type(_))),
        _ => false,
    })
}

/// An enum: variants and their discriminants (explicit ones are integer
/// literals; the others count on from the previous one, as in Rust). The
/// payloads of an enum with data are filled in by the caller.
fn enum_def(e: &syn::ItemEnum) -> R<EnumDef> {
    let mut variants = Vec::new();
    let mut next = 0i128;
    let not_literal = |d: &syn::Expr| {
        unsupported(d, Section::StructsAndEnums, "this discriminant", "it must be an integer literal", "")
    };
    for v in &e.variants {
        if let Some((_, d)) = &v.discriminant {
            next = match d {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.base10_parse()?,
                syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => match &**expr {
                    syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => -i.base10_parse::<i128>()?,
                    other => return Err(not_literal(other)),
                },
                other => return Err(not_literal(other)),
            };
        }
        variants.push((v.ident.to_string(), next));
        next += 1;
    }
    Ok(EnumDef { name: e.ident.to_string(), variants, data: None })
}

/// A `pub fn` is called from untranslated code: its parameters and result
/// must be values the boundary can convert.
fn boundary_error(sig: &syn::Signature, g: &FunctionGraph) -> Option<syn::Error> {
    fn crosses(t: &Ty) -> bool {
        match t {
            Ty::Option(_)
            | Ty::Struct(_)
            | Ty::Enum(_)
            | Ty::List(_)
            | Ty::Dict(..)
            | Ty::Cell(..)
            | Ty::Iter(_)
            | Ty::Rc(..)
            | Ty::Result(..)
            | Ty::Fn(..) => false,
            Ty::Tuple(items) => items.iter().all(crosses),
            _ => true,
        }
    }
    // `entry_point(argv: Vec<String>)`: the process arguments come in.
    let param_crosses = |t: &Ty| crosses(t) || *t == Ty::List(Box::new(Ty::Str));
    let params = sig.inputs.iter().map(|i| i as &dyn ToTokens).zip(&g.param_tys);
    let bad_param = params.into_iter().find(|(_, t)| !param_crosses(t));
    let ret = Some((&sig.output as &dyn ToTokens, &g.ret_ty)).filter(|(_, t)| !crosses(t));
    if let Some(&i) = g.inout.first() {
        return Some(unsupported(
            &sig.inputs[i],
            Section::Module,
            "`&mut` of a value in the signature of a `pub fn`",
            "`pub fn`s are called from untranslated Rust, which passes values, not references",
            "take the value and return the new one",
        ));
    }
    let (tokens, ty) = bad_param.or(ret)?;
    let shown = match ty {
        Ty::Struct(_) => "a struct".to_string(),
        Ty::Enum(_) => "an enum".to_string(),
        Ty::List(_) => "a `Vec`".to_string(),
        other => format!("`{other}`"),
    };
    Some(unsupported(
        tokens, Section::Module,
        &format!("{shown} in the signature of a `pub fn`"),
        "`pub fn`s are called from untranslated Rust, and only integers, `bool`, `f64`, `char`, strings and tuples of them cross that boundary (and `Vec<String>` as a parameter)",
        "make the function private, or pass a tuple instead",
    ))
}

/// The `use` paths of std the dialect knows: their names are resolved by
/// the flow space itself.
const KNOWN_USES: &[&str] = &[
    "std::collections::HashMap",
    "std::collections::HashSet",
    "std::collections::VecDeque",
    "std::collections::BTreeMap",
    "std::collections::BTreeSet",
    "std::io",
    "std::io::Write",
    "std::io::Read",
    "std::io::BufRead",
    "std::fmt",
    "std::fmt::Write",
    "std::fmt::Display",
    "std::fmt::Debug",
    "std::cell::Cell",
    "std::cell::RefCell",
    "std::rc::Rc",
    "std::num::ParseIntError",
    "std::num::ParseFloatError",
    "std::mem",
    "std::cmp",
    "std::cmp::Ordering",
    "std::hash",
    "std::hash::Hash",
    "std::ops",
    "std::ops::Add",
    "std::ops::Sub",
    "std::ops::Mul",
    "std::ops::Div",
    "std::ops::Rem",
    "std::ops::Neg",
    "std::ops::Not",
    "std::ops::BitAnd",
    "std::ops::BitOr",
    "std::ops::BitXor",
    "rpython::jit",
    "rpython::jit::JitDriver",
    "rpython::jit::jit_merge_point",
    "rpython::jit::can_enter_jit",
    "rpython::jit::elidable",
    "rpython::jit::dont_look_inside",
    "rpython::jit::unroll_safe",
    "rpython::jit::promote",
    "rpython::jit::promote_string",
    "rpython::jit::we_are_jitted",
    "std::str::Chars",
    "std::str::Bytes",
    "std::str::CharIndices",
    "std::str::SplitWhitespace",
    "std::str::Lines",
    "std::str::Split",
    "std::slice::Iter",
    "std::vec::IntoIter",
    "std::iter::Peekable",
    "std::iter::Rev",
    "std::iter::Enumerate",
    "std::fs",
    "std::process",
    "std::env",
    "rpython::time",
    "rpython::rgc",
];

/// Checks that a `use` tree names only `KNOWN_USES`.
fn check_use(tree: &syn::UseTree, prefix: &mut Vec<String>) -> Vec<syn::Error> {
    let leaf = |name: String| {
        let path = prefix.iter().cloned().chain(std::iter::once(name)).collect::<Vec<_>>().join("::");
        let path = path.trim_end_matches("::self").to_string();
        if KNOWN_USES.contains(&path.as_str()) {
            vec![]
        } else {
            vec![unsupported(
                tree,
                Section::Module,
                &format!("`use {path}`"),
                "the translated module can use only the parts of std the dialect models",
                &format!("the known paths are {}", KNOWN_USES.join(", ")),
            )]
        }
    };
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            let errors = check_use(&p.tree, prefix);
            prefix.pop();
            errors
        }
        syn::UseTree::Group(g) => g.items.iter().flat_map(|t| check_use(t, prefix)).collect(),
        syn::UseTree::Name(n) => leaf(n.ident.to_string()),
        syn::UseTree::Rename(r) => leaf(r.ident.to_string()),
        syn::UseTree::Glob(_) => leaf("*".into()),
    }
}

fn unsupported_item(item: &syn::Item) -> syn::Error {
    let (what, why, instead) = match item {
        syn::Item::Union(_) => ("a union", "unions need `unsafe`", "use a struct or an enum"),
        syn::Item::Use(_) => (
            "a `use` declaration",
            "everything the program uses must be defined inside the module",
            "refer to `i64::MAX`, `f64::NAN` etc. by their full paths",
        ),
        syn::Item::Mod(_) => {
            ("a nested module", "nested modules are not translated yet", "put the functions in the entry module")
        }
        syn::Item::Macro(_) => ("a macro item", "macros are not translated at the module level (the dialect's macros, `println!`, `format!`, `vec!`, `assert!` and the like, are used inside functions)", "write a function instead"),
        _ => ("this item", "it is outside the dialect", "use `fn`, `const` and immutable `static` items"),
    };
    unsupported(item, Section::Module, what, why, instead)
}

/// `#[rpython::jit::quasi_immutable]` (or `#[quasi_immutable]`) on a field:
/// the field is written rarely (RPython's `_immutable_fields_ = ['x?']`):
/// traces take its value on a constant object as a constant, and writing
/// it invalidates them.
pub fn is_quasi_immutable_hint(attr: &syn::Attribute) -> bool {
    let path: Vec<String> = attr.path().segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(
        path.iter().map(String::as_str).collect::<Vec<_>>().as_slice(),
        ["rpython", "jit", "quasi_immutable"] | ["quasi_immutable"]
    )
}

/// `#[rpython::jit::immutable]` (or `#[immutable]`) on a field: the field
/// is never assigned once its object is built (RPython's
/// `_immutable_fields_`; checked here, not trusted).
pub fn is_immutable_hint(attr: &syn::Attribute) -> bool {
    let path: Vec<String> = attr.path().segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(
        path.iter().map(String::as_str).collect::<Vec<_>>().as_slice(),
        ["rpython", "jit", "immutable"] | ["immutable"]
    )
}

/// Whether a field of type `ty` can never hold an array (`[T; N]`), which
/// reading the field by value copies: a `Vec`, `String`, `Box` or `Rc`,
/// or an `Option` of one (a `Box<[T]>` moves, as the `Vec` it was).
fn never_array(ty: &syn::Type) -> bool {
    let syn::Type::Path(p) = ty else { return false };
    let Some(last) = p.path.segments.last().filter(|_| p.qself.is_none()) else { return false };
    match last.ident.to_string().as_str() {
        "Vec" | "String" | "Box" | "Rc" => true,
        "Option" => match &last.arguments {
            syn::PathArguments::AngleBracketed(a) => {
                matches!(a.args.first(), Some(syn::GenericArgument::Type(inner)) if a.args.len() == 1 && never_array(inner))
            }
            _ => false,
        },
        _ => false,
    }
}
