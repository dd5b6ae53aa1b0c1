//! The module's names as the builder sees them: functions, constants,
//! types, variants and methods by name (`ModuleScope`), and the parsing of
//! written types into dialect types. `items` fills it in before any body
//! is built; it is apart from both so that `items` and `builder` share it
//! without importing each other.

use super::error::{unsupported, Section, R};
use super::model::GraphId;
use crate::lang_items::LangItem;
use crate::ty::{CellKind, EnumId, GenericSig, GenericTy, IntTy, StructId, Ty};
use quote::ToTokens;
use std::collections::{HashMap, HashSet};

/// The names of the module.
#[derive(Default)]
pub struct ModuleScope {
    /// Free functions.
    pub fns: HashMap<String, GraphId>,
    /// The type of each function (free or associated) as a value: `fn(..) -> ..`.
    pub fn_types: HashMap<GraphId, Ty>,
    /// Generic free functions (instantiated per type arguments).
    pub generic_fns: HashSet<String>,
    /// `const` and immutable `static` items.
    pub consts: HashMap<String, GraphId>,
    /// Structs by name.
    pub structs: HashMap<String, StructId>,
    /// The struct holding the fields of each `HashMap<K, V>` and `Cell<T>` instance.
    pub data_structs: HashMap<Ty, StructId>,
    /// Enums by name.
    pub enums: HashMap<String, EnumId>,
    /// Enum variants by enum and variant name: the enum and the discriminant.
    pub variants: HashMap<(String, String), (EnumId, i128)>,
    /// The variants of the enums with data, by enum and variant name: their
    /// payload structs.
    pub variant_structs: HashMap<(String, String), StructId>,
    /// Functions and constants of `impl` blocks, by type and name
    /// (`Point::new`, `Point::ORIGIN`, and methods, called as `Point::norm(p)`).
    pub assoc: HashMap<(String, String), GraphId>,
    /// The names of all methods with a `self` receiver: a method call with
    /// another name must be a method of a primitive type.
    pub method_names: HashSet<String>,
    /// The names of the methods whose `self` is `inout` (`&mut self` of a
    /// value): a call `x.m()` of one of these names stores `x` back
    /// (`builder::inout`).
    pub inout_methods: HashSet<String>,
    /// The functions with `inout` parameters: not `fn` pointers.
    pub inout_fns: HashSet<GraphId>,
    /// The methods with a `self` receiver of the module's traits, by trait
    /// and name: `Trait::m(x, ..)` is the method call `x.m(..)`.
    pub trait_methods: HashSet<(String, String)>,
    /// The associated types of the module's traits' implementations, by
    /// implementing type and name: `Self::Item` in them.
    pub assoc_types: HashMap<(Ty, String), Ty>,
    /// The generic structs and enums, by name: the prototype and the type
    /// parameters.
    pub generic_types: HashMap<String, (Ty, Vec<String>)>,
    /// The instances of the generic types built so far
    /// (`Translator::type_instances`).
    pub type_instances: HashMap<(Ty, Vec<Ty>), Ty>,
    /// The `for` loops over an iterator of the module's (a type
    /// implementing `Iterator`), by the position of the iterated
    /// expression: type inference found them (`driver`), and they are
    /// built as `while let Some(x) = it.next()`.
    pub iterator_loops: HashSet<super::Pos>,
    /// Per struct: its name and field names in declaration order.
    pub(super) struct_info: Vec<(String, Vec<String>)>,
    /// The structs that are GC objects (not `Copy`).
    pub(super) heap_structs: HashSet<StructId>,
    /// The enums with data (GC objects).
    pub(super) data_enums: HashSet<EnumId>,
    /// Whether a `Copy` struct of the module holds an array: any local of
    /// the module may then need a copy where it is used by value.
    pub copy_structs_hold_arrays: bool,
    /// The names of the fields of the module's structs and variants that
    /// may hold an array (of a type other than `Vec`, `String` or `Box`): a
    /// field of another name used by value is moved out of its struct, not
    /// copied (rustc allows it only of a struct owned, which nothing uses
    /// again).
    pub(super) array_field_names: HashSet<String>,
    /// Whether the module has trait objects (`flow::dyn_traits`): a `&x`
    /// may then make one, so it is an operation (`borrow`) for type
    /// inference to see.
    pub has_dyn: bool,
    /// The JIT drivers (`Translator::jitdrivers`).
    pub jitdrivers: Vec<crate::flow::JitDriverDef>,
}

impl ModuleScope {
    pub fn struct_name(&self, s: StructId) -> String {
        self.struct_info[crate::entity::EntityRef::index(s)].0.clone()
    }

    /// The name of the module's type `ty` (for `Self::...` paths).
    pub fn type_name(&self, ty: &Ty) -> Option<String> {
        match ty {
            Ty::Struct(s) => Some(self.struct_name(*s)),
            Ty::Enum(e) => self.enums.iter().find(|(_, id)| *id == e).map(|(n, _)| n.clone()),
            Ty::Iter(t) => Some(format!("{}<{t}>", LangItem::IterType.name())),
            ty if *ty == Ty::Str || ty.is_template() => Some(ty.to_string()),
            _ => None,
        }
    }

    pub fn struct_fields(&self, s: StructId) -> Vec<String> {
        self.struct_info[crate::entity::EntityRef::index(s)].1.clone()
    }

    /// The dialect type written as `ty`; `self_ty` is what `Self` means.
    /// The type of an item's signature, field or const: written out whole.
    /// The std types named by a path of more than one segment that the
    /// dialect models by types of its own: `cmp::Ordering` is the
    /// prelude's; the `fmt::Formatter` of a `Display` or `Debug`
    /// implementation is the `String` formatted into (`write!` appends to
    /// it), and `fmt::Result` says nothing (`fmt::Error` is not modelled:
    /// the only error is none). (A bare `Result` or `Formatter` may be
    /// another one.)
    fn std_type(&self, ty: &syn::Type) -> Option<Ty> {
        let syn::Type::Path(p) = ty else { return None };
        if p.path.segments.len() == 1 {
            return None;
        }
        let in_module = |m| super::traits::in_std_module(&p.path, m);
        match (in_module("fmt").as_deref(), in_module("cmp").as_deref()) {
            (Some("Formatter"), _) => Some(Ty::Str),
            (Some("Result"), _) => Some(Ty::Result(Box::new(Ty::Unit), Box::new(Ty::Unit))),
            (_, Some("Ordering")) => self.enums.get(LangItem::Ordering.name()).map(|&e| Ty::Enum(e)),
            _ => None,
        }
    }

    pub fn parse_item_type(&self, ty: &syn::Type, self_ty: Option<&Ty>) -> R<Ty> {
        let t = self.parse_type(ty, self_ty)?;
        if t.has_infer() {
            return Err(unsupported(
                ty,
                Section::Types,
                "the placeholder `_`",
                "the types of signatures, fields and consts are not inferred",
                "write the type",
            ));
        }
        Ok(t)
    }

    pub fn parse_type(&self, ty: &syn::Type, self_ty: Option<&Ty>) -> R<Ty> {
        if let Some(t) = self.assoc_type(ty, self_ty).or_else(|| self.std_type(ty)) {
            return Ok(t);
        }
        match ty {
            syn::Type::Path(p) if p.qself.is_none() && (p.path.segments.len() == 1 || is_std_type_path(&p.path)) => {
                let seg = p.path.segments.last().unwrap();
                let name = seg.ident.to_string();
                if let syn::PathArguments::AngleBracketed(a) = &seg.arguments {
                    match (name.as_str(), a.args.iter().collect::<Vec<_>>().as_slice()) {
                        ("Vec", [syn::GenericArgument::Type(inner)]) => {
                            return Ok(Ty::List(Box::new(self.parse_type(inner, self_ty)?)));
                        }
                        ("HashMap", [syn::GenericArgument::Type(k), syn::GenericArgument::Type(v)]) => {
                            let (k, v) = (self.parse_type(k, self_ty)?, self.parse_type(v, self_ty)?);
                            return Ok(Ty::Dict(Box::new(k), Box::new(v)));
                        }
                        ("Result", [syn::GenericArgument::Type(t), syn::GenericArgument::Type(e)]) => {
                            let (t, e) = (self.parse_type(t, self_ty)?, self.parse_type(e, self_ty)?);
                            return Ok(Ty::Result(Box::new(t), Box::new(e)));
                        }
                        ("HashSet", [syn::GenericArgument::Type(k)]) => {
                            return Ok(Ty::Dict(Box::new(self.parse_type(k, self_ty)?), Box::new(Ty::Unit)));
                        }
                        ("Cell", [syn::GenericArgument::Type(t)]) => {
                            return Ok(Ty::Cell(CellKind::Cell, Box::new(self.parse_type(t, self_ty)?)));
                        }
                        ("RefCell", [syn::GenericArgument::Type(t)]) => {
                            return Ok(Ty::Cell(CellKind::RefCell, Box::new(self.parse_type(t, self_ty)?)));
                        }
                        ("Rc", [syn::GenericArgument::Type(t)]) => {
                            return Ok(Ty::Rc(Box::new(self.parse_type(t, self_ty)?)));
                        }
                        _ => {}
                    }
                }
                if name == "Option" || name == "Box" {
                    if let syn::PathArguments::AngleBracketed(a) = &seg.arguments {
                        if let [syn::GenericArgument::Type(inner)] = a.args.iter().collect::<Vec<_>>().as_slice() {
                            let inner = self.parse_type(inner, self_ty)?;
                            let heap = self.is_heap(&inner);
                            match name.as_str() {
                                // A GC object is already a reference: boxing it changes nothing.
                                "Box" if heap => return Ok(inner),
                                "Box" => {
                                    return Err(unsupported(
                                        ty,
                                        Section::Types,
                                        "a `Box` of a value",
                                        "only structs that are not `Copy` (GC objects) can be boxed yet",
                                        "use the value itself",
                                    ))
                                }
                                _ => return Ok(Ty::Option(Box::new(inner))),
                            }
                        }
                    }
                }
                if !self.structs.contains_key(&name) && !self.enums.contains_key(&name) {
                    if let Some(t) = self.iterator_type(ty, &name, &seg.arguments, self_ty) {
                        return t;
                    }
                }
                if let Some((proto, params)) = self.generic_types.get(&name) {
                    return self.generic_instance(ty, proto, params.len(), &seg.arguments, self_ty);
                }
                // `Lexer<'a>`: lifetime arguments mean nothing here.
                let lifetimes = match &seg.arguments {
                    syn::PathArguments::None => true,
                    syn::PathArguments::AngleBracketed(a) => {
                        a.args.iter().all(|a| matches!(a, syn::GenericArgument::Lifetime(_)))
                    }
                    syn::PathArguments::Parenthesized(_) => false,
                };
                if !lifetimes {
                    return Err(heap_type(ty, &name));
                }
                if let Some(i) = IntTy::from_name(&name) {
                    return Ok(Ty::Int(i));
                }
                if let Some(&s) = self.structs.get(&name) {
                    return Ok(Ty::Struct(s));
                }
                if let Some(&e) = self.enums.get(&name) {
                    return Ok(Ty::Enum(e));
                }
                match name.as_str() {
                    "String" | "str" => Ok(Ty::Str),
                    "bool" => Ok(Ty::Bool),
                    "f64" => Ok(Ty::F64),
                    "char" => Ok(Ty::Char),
                    "Self" => self.self_or_err(ty, self_ty),
                    "i128" | "u128" => Err(unsupported(
                        ty,
                        Section::Numbers,
                        "the type `i128`/`u128`",
                        "integers wider than 64 bits have no machine representation in translated code",
                        "use `i64`/`u64`, or split the value in two",
                    )),
                    "f32" => Err(unsupported(
                        ty,
                        Section::Numbers,
                        "the type `f32`",
                        "the dialect's only float type is `f64`",
                        "use `f64`",
                    )),
                    _ => Err(heap_type(ty, &name)),
                }
            }
            syn::Type::Tuple(t) => Ok(if t.elems.is_empty() {
                Ty::Unit
            } else {
                Ty::Tuple(t.elems.iter().map(|t| self.parse_type(t, self_ty)).collect::<R<_>>()?)
            }),
            syn::Type::Paren(p) => self.parse_type(&p.elem, self_ty),
            // Only `let` and turbofish types may have holes (`parse_item_type`
            // rejects them elsewhere, as rustc does).
            syn::Type::Infer(_) => Ok(Ty::Infer),
            // Slices and arrays are lists (`annotator::listdef` tells those
            // never resized apart).
            syn::Type::Slice(s) => Ok(Ty::List(Box::new(self.parse_type(&s.elem, self_ty)?))),
            syn::Type::Array(a) => Ok(Ty::List(Box::new(self.parse_type(&a.elem, self_ty)?))),
            // A shared reference to a value is the value: nothing can change
            // it while the reference lives. A reference to a GC object is the
            // object's pointer, mutable or not.
            syn::Type::Reference(r) => {
                let inner = self.parse_type(&r.elem, self_ty)?;
                if r.mutability.is_none() || self.is_heap(&inner) {
                    return Ok(inner);
                }
                Err(unsupported(
                r, Section::Types,
                "a mutable reference here",
                    "a `&mut` of a scalar, tuple or `Copy` struct is translated as a function's parameter (its value is copied in and out), not kept in a local, a field, a result or a `fn` pointer's type",
                    "take the `&mut` as a parameter of the function that changes the value, or pass the value and return the new one",
                ))
            }
            // A trait of the module: the enum of its implementing types
            // (`flow::dyn_traits`).
            syn::Type::TraitObject(o) => {
                let name = super::dyn_traits::trait_path(o).and_then(|p| p.get_ident()).map(|i| i.to_string());
                match name.and_then(|n| self.enums.get(&super::dyn_traits::enum_name(&n))) {
                    Some(&e) => Ok(Ty::Enum(e)),
                    None => Err(heap_type(ty, "")),
                }
            }
            syn::Type::Never(n) => {
                Err(unsupported(n, Section::Types, "the type `!`", "functions must return a value", "return `()`"))
            }
            syn::Type::BareFn(f) => {
                if let Some(l) = &f.lifetimes {
                    return Err(unsupported(
                        l,
                        Section::Types,
                        "a higher-ranked function pointer type",
                        "not translated",
                        "",
                    ));
                }
                let params = f.inputs.iter().map(|a| self.parse_type(&a.ty, self_ty)).collect::<R<_>>()?;
                let ret = match &f.output {
                    syn::ReturnType::Default => Ty::Unit,
                    syn::ReturnType::Type(_, t) => self.parse_type(t, self_ty)?,
                };
                Ok(Ty::Fn(params, Box::new(ret)))
            }
            _ => Err(heap_type(ty, &ty.to_token_stream().to_string())),
        }
    }

    /// The iterator types of std (`Chars<'a>`, `std::slice::Iter<'a, T>`,
    /// `Peekable<I>`, ...) and the prelude's `__Iter<T>`: `Ty::Iter` of
    /// their item type (adaptors that keep the item type are their
    /// iterator's type). `None` if `name` is none of them.
    fn iterator_type(
        &self,
        ty: &syn::Type,
        name: &str,
        args: &syn::PathArguments,
        self_ty: Option<&Ty>,
    ) -> Option<R<Ty>> {
        let types = type_args(args);
        let iter = |t: Ty| Some(Ok(Ty::Iter(Box::new(t))));
        match (name, types.as_slice()) {
            ("Chars", []) => iter(Ty::Char),
            ("Bytes", []) => iter(Ty::Int(IntTy::U8)),
            ("CharIndices", []) => iter(Ty::Tuple(vec![Ty::Int(IntTy::Usize), Ty::Char])),
            ("SplitWhitespace" | "Lines", []) | ("Split", [_]) => iter(Ty::Str),
            ("Iter" | "IntoIter", [t]) => Some(self.parse_type(t, self_ty).map(|t| Ty::Iter(Box::new(t)))),
            (n, [t]) if n == LangItem::IterType.name() => {
                Some(self.parse_type(t, self_ty).map(|t| Ty::Iter(Box::new(t))))
            }
            ("Peekable" | "Rev" | "Skip" | "Take" | "StepBy" | "Copied" | "Cloned" | "Enumerate", [i]) => {
                Some(match self.parse_type(i, self_ty) {
                    Ok(Ty::Iter(item)) if name == "Enumerate" => {
                        Ok(Ty::Iter(Box::new(Ty::Tuple(vec![Ty::Int(IntTy::Usize), *item]))))
                    }
                    Ok(t @ Ty::Iter(_)) => Ok(t),
                    Ok(_) => Err(unsupported(
                        ty,
                        Section::Iterators,
                        &format!("`{name}` of this type"),
                        "its argument is not an iterator the dialect knows",
                        "",
                    )),
                    Err(e) => Err(e),
                })
            }
            _ => None,
        }
    }

    /// The generic type `proto` applied to the type arguments written
    /// `args`: its instance, or the instance to make.
    fn generic_instance(
        &self,
        ty: &syn::Type,
        proto: &Ty,
        n: usize,
        args: &syn::PathArguments,
        self_ty: Option<&Ty>,
    ) -> R<Ty> {
        let written = type_args(args);
        if written.len() != n {
            return Err(syn::Error::new_spanned(
                ty,
                format!("rpy: this generic type takes {n} type argument(s), {} given", written.len()),
            ));
        }
        let args = written.into_iter().map(|t| self.parse_type(t, self_ty)).collect::<R<Vec<Ty>>>()?;
        Ok(match self.type_instances.get(&(proto.clone(), args.clone())) {
            Some(inst) => inst.clone(),
            None => Ty::Generic(Box::new(proto.clone()), args),
        })
    }

    /// Whether values of `ty` are GC objects (structs that are not `Copy`).
    pub fn is_heap(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Struct(s) => self.heap_structs.contains(s),
            Ty::Enum(e) => self.data_enums.contains(e),
            Ty::List(_) | Ty::Str | Ty::Dict(..) | Ty::Cell(..) | Ty::Iter(_) => true,
            Ty::Rc(t) => self.is_heap(t),
            Ty::Generic(proto, _) => self.is_heap(proto),
            _ => false,
        }
    }

    /// `Self::Item` (or `Type::Item`, as an instance of a generic function
    /// writes `T::Item`): an associated type of a trait's implementation.
    fn assoc_type(&self, ty: &syn::Type, self_ty: Option<&Ty>) -> Option<Ty> {
        // (Every type parsed comes here: the cheap tests first.)
        let syn::Type::Path(p) = ty else { return None };
        if self.assoc_types.is_empty() || p.qself.is_some() || p.path.segments.len() != 2 {
            return None;
        }
        let (owner, item) = (&p.path.segments[0], &p.path.segments[1]);
        if !item.arguments.is_none() {
            return None;
        }
        let owner = syn::Type::Path(syn::TypePath { qself: None, path: owner.clone().into() });
        let owner = self.parse_type(&owner, self_ty).ok()?;
        self.assoc_types.get(&(owner, item.ident.to_string())).cloned()
    }

    fn self_or_err(&self, tokens: &dyn ToTokens, self_ty: Option<&Ty>) -> R<Ty> {
        self_ty.cloned().ok_or_else(|| syn::Error::new_spanned(tokens, "rpy: `Self` outside an `impl` block"))
    }

    /// The signature of a generic function (type parameters, parameters and
    /// result): types that mention a parameter are kept as `GenericTy`.
    pub(super) fn generic_signature(&self, sig: &syn::Signature) -> R<GenericSig> {
        self.generic_method_signature(sig, Vec::new(), None)
    }

    /// The signature of a generic function or of a method of a generic type:
    /// `type_params` are the `impl`'s, and `owner` the type's prototype and
    /// `Self` (`Stack<T>`, of the parameters).
    pub(super) fn generic_method_signature(
        &self,
        sig: &syn::Signature,
        mut type_params: Vec<String>,
        owner: Option<(Ty, GenericTy)>,
    ) -> R<GenericSig> {
        let self_gty = owner.as_ref().map(|(_, g)| g);
        for p in &sig.generics.params {
            match p {
                syn::GenericParam::Type(tp) if owner.is_some() => {
                    return Err(unsupported(
                        tp,
                        Section::Generics,
                        "a generic method of a generic type",
                        "a generic type's methods are instantiated with the type, over its parameters only",
                        "make it a generic free function taking the value",
                    ))
                }
                syn::GenericParam::Type(tp) => type_params.push(tp.ident.to_string()),
                syn::GenericParam::Lifetime(_) => {}
                syn::GenericParam::Const(c) => {
                    return Err(unsupported(
                        c,
                        Section::Generics,
                        "a const generic",
                        "not translated yet",
                        "pass the value as a parameter",
                    ))
                }
            }
        }
        let params = sig
            .inputs
            .iter()
            .map(|i| match i {
                syn::FnArg::Typed(pt) => self.generic_type(&pt.ty, &type_params, self_gty),
                syn::FnArg::Receiver(_) if self_gty.is_some() => Ok(self_gty.unwrap().clone()),
                syn::FnArg::Receiver(r) => {
                    Err(unsupported(r, Section::Generics, "a generic method", "not translated yet", ""))
                }
            })
            .collect::<R<_>>()?;
        let ret = match &sig.output {
            syn::ReturnType::Default => GenericTy::Concrete(Ty::Unit),
            syn::ReturnType::Type(_, t) => self.generic_type(t, &type_params, self_gty)?,
        };
        Ok(GenericSig { type_params, params, ret, owner: owner.as_ref().map(|(p, _)| p.clone()) })
    }

    /// A type written in a generic type's `impl` (an associated type):
    /// `Self` is `self_gty`.
    pub(super) fn generic_method_item_type(
        &self,
        ty: &syn::Type,
        params: &[String],
        self_gty: &GenericTy,
    ) -> R<GenericTy> {
        self.generic_type(ty, params, Some(self_gty))
    }

    /// The type of a field of a generic type with parameters `params`.
    pub(super) fn generic_field_type(&self, ty: &syn::Type, params: &[String]) -> R<GenericTy> {
        self.generic_type(ty, params, None)
    }

    /// A type written in a generic signature; `self_gty` is what `Self`
    /// means (in a generic type's `impl`).
    fn generic_type(&self, ty: &syn::Type, type_params: &[String], self_gty: Option<&GenericTy>) -> R<GenericTy> {
        let text = ty.to_token_stream().to_string();
        let mut words = text.split(|c: char| !c.is_alphanumeric() && c != '_');
        if !words.any(|w| type_params.iter().any(|p| p == w) || (w == "Self" && self_gty.is_some())) {
            return Ok(GenericTy::Concrete(self.parse_type(ty, None)?));
        }
        let inner = |t: &syn::Type| self.generic_type(t, type_params, self_gty);
        match ty {
            syn::Type::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
                let seg = &p.path.segments[0];
                let name = seg.ident.to_string();
                if let Some(i) = type_params.iter().position(|t| *t == name) {
                    return Ok(GenericTy::Param(i));
                }
                if let (Some(g), "Self") = (self_gty, name.as_str()) {
                    return Ok(g.clone());
                }
                if let Some((proto, params)) = self.generic_types.get(&name) {
                    let args = type_args(&seg.arguments);
                    if args.len() == params.len() {
                        return Ok(GenericTy::Adt(
                            Box::new(proto.clone()),
                            args.into_iter().map(inner).collect::<R<_>>()?,
                        ));
                    }
                }
                if let syn::PathArguments::AngleBracketed(a) = &seg.arguments {
                    if let [syn::GenericArgument::Type(t), syn::GenericArgument::Type(e)] =
                        a.args.iter().collect::<Vec<_>>().as_slice()
                    {
                        if name == "Result" {
                            return Ok(GenericTy::Result(Box::new(inner(t)?), Box::new(inner(e)?)));
                        }
                        if name == "HashMap" {
                            return Ok(GenericTy::Dict(Box::new(inner(t)?), Box::new(inner(e)?)));
                        }
                    }
                    if let [syn::GenericArgument::Type(t)] = a.args.iter().collect::<Vec<_>>().as_slice() {
                        match name.as_str() {
                            "Vec" => return Ok(GenericTy::List(Box::new(inner(t)?))),
                            n if n == LangItem::IterType.name() => return Ok(GenericTy::Iter(Box::new(inner(t)?))),
                            "Option" => return Ok(GenericTy::Option(Box::new(inner(t)?))),
                            "HashSet" => {
                                return Ok(GenericTy::Dict(
                                    Box::new(inner(t)?),
                                    Box::new(GenericTy::Concrete(Ty::Unit)),
                                ))
                            }
                            // A boxed GC object is the object.
                            "Box" => return inner(t),
                            "Rc" => return Ok(GenericTy::Rc(Box::new(inner(t)?))),
                            "Cell" => return Ok(GenericTy::Cell(CellKind::Cell, Box::new(inner(t)?))),
                            "RefCell" => return Ok(GenericTy::Cell(CellKind::RefCell, Box::new(inner(t)?))),
                            _ => {}
                        }
                    }
                }
            }
            syn::Type::Reference(r) => return inner(&r.elem),
            syn::Type::Paren(p) => return inner(&p.elem),
            syn::Type::Slice(s) => return Ok(GenericTy::List(Box::new(inner(&s.elem)?))),
            syn::Type::Array(a) => return Ok(GenericTy::List(Box::new(inner(&a.elem)?))),
            syn::Type::Tuple(t) => return Ok(GenericTy::Tuple(t.elems.iter().map(inner).collect::<R<_>>()?)),
            syn::Type::BareFn(f) if f.unsafety.is_none() && f.abi.is_none() && f.variadic.is_none() => {
                let params = f.inputs.iter().map(|a| inner(&a.ty)).collect::<R<_>>()?;
                let ret = match &f.output {
                    syn::ReturnType::Default => GenericTy::Concrete(Ty::Unit),
                    syn::ReturnType::Type(_, t) => inner(t)?,
                };
                return Ok(GenericTy::Fn(params, Box::new(ret)));
            }
            _ => {}
        }
        Err(unsupported(
            ty, Section::Generics,
            "this type in a generic signature",
            "a type parameter may appear alone, in a tuple, a reference, a `Vec`, a slice, an `Option`, a `Result`, a `HashMap`, a `HashSet`, an `Rc`, a `Cell`, a `RefCell`, a `fn` pointer or a generic type of the module",
            "",
        ))
    }

    /// Parameter and result types of a function; `self_ty` for methods.
    /// The parameter and result types of `sig`, and which parameters are
    /// `inout` (`&mut` of a value: see `FunctionGraph::inout`).
    pub(super) fn signature(&self, sig: &syn::Signature, self_ty: Option<&Ty>) -> R<(Vec<Ty>, Ty, Vec<usize>)> {
        if let Some(u) = &sig.unsafety {
            return Err(unsupported(
                u,
                Section::Outside,
                "`unsafe fn`",
                "translated code is safe by construction",
                "remove `unsafe`",
            ));
        }
        if let Some(a) = &sig.asyncness {
            return Err(unsupported(
                a,
                Section::Outside,
                "`async fn`",
                "there is no executor in translated programs",
                "write a plain `fn`",
            ));
        }
        if let Some(p) = sig.generics.params.iter().find(|p| !matches!(p, syn::GenericParam::Lifetime(_))) {
            return Err(unsupported(
                p,
                Section::Generics,
                "a generic method or a const generic",
                "only free functions can be generic over types yet",
                "write one method per type",
            ));
        }
        if let Some(v) = &sig.variadic {
            return Err(unsupported(v, Section::Outside, "a variadic function", "it is outside the dialect", ""));
        }
        let (mut params, mut inout) = (Vec::new(), Vec::new());
        for (i, input) in sig.inputs.iter().enumerate() {
            match input {
                syn::FnArg::Typed(pt) => match self.inout_type(&pt.ty, self_ty)? {
                    Some(t) => {
                        inout.push(i);
                        params.push(t);
                    }
                    None => params.push(self.parse_item_type(&pt.ty, self_ty)?),
                },
                syn::FnArg::Receiver(r) => {
                    if r.reference.is_some() && r.mutability.is_some() && !self_ty.is_some_and(|t| self.is_heap(t)) {
                        inout.push(i);
                    }
                    if r.colon_token.is_some() {
                        return Err(unsupported(
                            r,
                            Section::StructsAndEnums,
                            "a typed `self`",
                            "not translated yet",
                            "write `self` or `&self`",
                        ));
                    }
                    params.push(self.self_or_err(r, self_ty)?);
                }
            }
        }
        let ret = match &sig.output {
            syn::ReturnType::Default => Ty::Unit,
            syn::ReturnType::Type(_, t) => self.parse_item_type(t, self_ty)?,
        };
        if inout.is_empty() {
            return Ok((params, ret, inout));
        }
        let ret = Ty::Tuple(std::iter::once(ret).chain(inout.iter().map(|&i| params[i].clone())).collect());
        Ok((params, ret, inout))
    }

    /// `T` of a parameter type `&mut T` of a value type `T`: the parameter
    /// is copied in and out (`FunctionGraph::inout`).
    fn inout_type(&self, ty: &syn::Type, self_ty: Option<&Ty>) -> R<Option<Ty>> {
        match ty {
            syn::Type::Reference(r) if r.mutability.is_some() => {
                let inner = self.parse_item_type(&r.elem, self_ty)?;
                Ok((!self.is_heap(&inner)).then_some(inner))
            }
            syn::Type::Paren(p) => self.inout_type(&p.elem, self_ty),
            _ => Ok(None),
        }
    }
}

fn heap_type(ty: &syn::Type, name: &str) -> syn::Error {
    let why = "rpy translates scalars, tuples, `String`, `Vec`, `HashMap`, `HashSet`, `Result`, the module's structs and enums, `fn` pointers, `Option`, `Box`, `Rc`, `Cell` and `RefCell` of them";
    let (what, instead) = match ty {
        syn::Type::TraitObject(o) => {
            let why = "rpy translates `dyn Trait` of the traits the module defines (each a class hierarchy of the module's types implementing it)";
            let closure = super::dyn_traits::trait_path(o).is_some_and(super::traits::is_closure_trait);
            let instead = if closure {
                "pass a `fn` pointer (`fn(i64) -> i64`) to one of the module's functions"
            } else {
                "define the trait in the module and implement it for the types it holds"
            };
            return unsupported(
                ty,
                Section::TraitObjects,
                "a trait object of a trait outside the module",
                why,
                instead,
            );
        }
        syn::Type::ImplTrait(_) => ("an `impl Trait` type".to_string(), "name the concrete type"),
        syn::Type::Ptr(_) => ("a raw pointer".to_string(), "use a struct (a GC object) and references"),
        _ => {
            let instead = match name {
                "Arc" | "Mutex" | "RwLock" => {
                    "translated programs are single-threaded: share a struct that is not `Copy` (a GC object) instead"
                }
                _ => "",
            };
            (format!("the type `{}`", name.replace(' ', "")), instead)
        }
    };
    unsupported(ty, Section::Types, &what, why, instead)
}

/// `std::cell::RefCell<T>` and the like: std's types by their full paths.
fn is_std_type_path(path: &syn::Path) -> bool {
    let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let segs: Vec<&str> = segs.iter().map(String::as_str).collect();
    // (The prelude defines std's parse errors.)
    let parse_error = |e: &str| [LangItem::ParseIntError, LangItem::ParseFloatError].iter().any(|i| i.name() == e);
    matches!(
        segs.as_slice(),
        ["std", "cell", "Cell" | "RefCell"]
            | ["std", "rc", "Rc"]
            | ["std", "collections", "HashMap" | "HashSet"]
            | ["std", "str", "Chars" | "Bytes" | "CharIndices" | "SplitWhitespace" | "Lines" | "Split"]
            | ["std", "slice" | "vec", "Iter" | "IntoIter"]
            | ["std", "iter", "Peekable" | "Rev" | "Skip" | "Take" | "StepBy" | "Copied" | "Cloned" | "Enumerate"]
    ) || matches!(segs.as_slice(), ["std", "num", e] if parse_error(e))
}

/// The types among a path segment's generic arguments (`<'a, T>`: `T`).
fn type_args(args: &syn::PathArguments) -> Vec<&syn::Type> {
    match args {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}
