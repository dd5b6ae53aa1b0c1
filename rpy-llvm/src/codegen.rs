//! Low-level graphs to an LLVM module.
//!
//! Each graph becomes an internal function; each flow block a basic block
//! whose inputargs are phi nodes fed by the links (a link gets a basic
//! block of its own when its source block has several links to the same
//! target, since a phi can only tell predecessors apart by block). A
//! function's entry block only jumps to the start block, so the start
//! block's inputargs are phis like any other's.
//!
//! Every operation of `lloperation.rs` is lowered to instructions or
//! intrinsics whose semantics are Rust's: plain `add`/`mul`/`shl` (no
//! `nsw`) for wrapping arithmetic, `*.with.overflow` for `checked_*`,
//! `*.sat` for saturation, `fptosi.sat`/`fptoui.sat` for `as` casts from
//! floats, `minnum`/`maxnum` for `f64::min`/`max`, `frem` for `%` on
//! floats. Nothing emitted can be undefined behaviour on any input the
//! rtyper lets through: divisions are guarded by the rtyper (`panic_if`),
//! the `*_checked` divisions and shifts guard themselves with a `select`.
//!
//! GC objects are `i8*`s addressed bytewise: every field and item is read
//! and written at the byte offset `lltype::layout` gives it (a `Bool` as a
//! byte, a `Struct` by value field by field at its own C layout), never
//! through LLVM's struct layout, so the code and the GC's `TypeInfo`s (one
//! private constant per allocated container) agree by construction.
//! `malloc` inlines the GC's bump allocation in the size class's run and
//! calls `rpy_gc_malloc` when the run is exhausted (see `gc.rs` and
//! `rpython::gc`).

use crate::gc;
use crate::{Export, Options};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FloatType, IntType};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, GlobalValue, IntValue, PhiValue, PointerValue,
};
use inkwell::{AddressSpace, FloatPredicate, GlobalVisibility, IntPredicate};
use rpy_core::codewriter::JitData;
use rpy_core::flow::{BlockId, ConstValue, FunctionGraph, GraphId, Inline, Link, SpaceOperation, Value, VarId};
use rpy_core::lloperation::{FloatOp, IntOp, LlOp};
use rpy_core::lltype::layout::{gc_ptr_offsets, layout, size_align, struct_offsets, VarsizeLayout, TAG};
use rpy_core::lltype::{ContainerId, LlType, SIGNED};
use rpy_core::translator::Translator;
use std::collections::{HashMap, HashSet};

mod jit;

/// Errors while building IR: unsupported graphs (reported to the user) and
/// inkwell's builder errors (bugs).
#[derive(Debug)]
pub struct CgError(pub String);

impl From<BuilderError> for CgError {
    fn from(e: BuilderError) -> CgError {
        CgError(format!("LLVM builder error: {e}"))
    }
}

type R<T> = Result<T, CgError>;

pub const RT_PANIC: &str = "rpy_rt_panic";
pub const RT_PANIC_INDEX: &str = "rpy_rt_panic_index";
pub const RT_PANIC_STR: &str = "rpy_rt_panic_str";

/// Builds the module for `exports`, verified, not optimized.
pub fn build_module<'ctx>(
    ctx: &'ctx Context,
    t: &Translator,
    jit: Option<&JitData>,
    exports: &[Export],
    opts: &Options,
) -> Result<Module<'ctx>, String> {
    let module = ctx.create_module("rpy");
    let mut cg = Codegen {
        ctx,
        module,
        builder: ctx.create_builder(),
        t,
        jit,
        funcs: HashMap::new(),
        strings: HashMap::new(),
        type_infos: HashMap::new(),
        prebuilt_strs: HashMap::new(),
        prebuilt_objects: HashMap::new(),
        jit_module: None,
        counts_at_can_enter_jit: if jit.is_some() { rpy_core::jit::counts_at_can_enter_jit(t) } else { Vec::new() },
        counting_entries: if jit.is_some() { rpy_core::jit::portals_counting_entries(t) } else { Vec::new() },
        portals: if jit.is_some() { rpy_core::jit::portals(t).concat() } else { Vec::new() },
    };
    cg.build(exports, opts).map_err(|e| e.0)?;
    if let Err(e) = cg.module.verify() {
        return Err(format!(
            "rpy-llvm produced invalid LLVM IR (a bug in rpy): {}\n{}",
            e.to_string(),
            cg.module.print_to_string().to_string()
        ));
    }
    Ok(cg.module)
}

struct Codegen<'ctx, 'a> {
    ctx: &'ctx Context,
    module: Module<'ctx>,
    builder: Builder<'ctx>,
    t: &'a Translator,
    /// The jitcodes of the module's drivers, which the backend embeds.
    jit: Option<&'a JitData>,
    funcs: HashMap<GraphId, FunctionValue<'ctx>>,
    /// Private constant globals holding texts (messages, file names).
    strings: HashMap<String, GlobalValue<'ctx>>,
    /// The `TypeInfo` of each container allocated so far.
    type_infos: HashMap<ContainerId, GlobalValue<'ctx>>,
    /// The prebuilt string object of each string literal.
    prebuilt_strs: HashMap<String, PointerValue<'ctx>>,
    /// The object of each `ConstValue::Prebuilt` (container, tag).
    prebuilt_objects: HashMap<(ContainerId, Option<i64>), PointerValue<'ctx>>,
    /// The JIT's record of the module, if it has a driver (`jit.rs`).
    jit_module: Option<GlobalValue<'ctx>>,
    /// Per driver, whether its loops are counted at its `can_enter_jit!`.
    counts_at_can_enter_jit: Vec<bool>,
    /// The portals whose entries count (`function_entry`).
    counting_entries: Vec<GraphId>,
    /// The functions with a driver's merge point, which may be called to
    /// go on from it (`jit::resume_at_merge_point`).
    portals: Vec<GraphId>,
}

/// The per-function state: values of the graph's variables and the phi
/// nodes of its blocks.
struct FnState<'ctx, 'g> {
    g: &'g FunctionGraph,
    func: FunctionValue<'ctx>,
    bbs: HashMap<BlockId, BasicBlock<'ctx>>,
    /// The phis of each block's non-`Void` inputargs, by inputarg index.
    phis: HashMap<BlockId, Vec<Option<PhiValue<'ctx>>>>,
    /// `None` for `Void` variables.
    values: HashMap<VarId, Option<BasicValueEnum<'ctx>>>,
    /// A portal's block that goes on from its merge point (entered from
    /// its entry block when the JIT asks for it), and the buffer the JIT
    /// gave, read in the entry block.
    resume: Option<(BasicBlock<'ctx>, PointerValue<'ctx>)>,
    /// The block being compiled and the index of its operation.
    at: (BlockId, usize),
}

/// Whether an lltype is passed in an integer register by the exported ABI.
fn is_int_like(t: &LlType) -> bool {
    matches!(t, LlType::Int { .. } | LlType::Bool | LlType::Char | LlType::UniChar)
}

/// The scalar leaves of a type, in the exported ABI's order.
fn leaves(t: &LlType, out: &mut Vec<LlType>) {
    match t {
        LlType::Void => {}
        LlType::Struct(fields) => fields.iter().for_each(|f| leaves(f, out)),
        scalar => out.push(scalar.clone()),
    }
}

/// A name usable as an assembler symbol without quoting.
fn sanitize(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$' { c } else { '_' }).collect()
}

/// The graphs reachable from the exports through `direct_call`s, in a
/// deterministic order.
fn reachable(t: &Translator, roots: &[GraphId]) -> Vec<GraphId> {
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut stack: Vec<GraphId> = roots.iter().rev().copied().collect();
    while let Some(g) = stack.pop() {
        if !seen.insert(g) {
            continue;
        }
        order.push(g);
        let graph = &t.graphs[g];
        // Callees, and functions whose pointers are taken.
        let mut callees = Vec::new();
        for b in graph.iterblocks() {
            let block = &graph.blocks[b];
            let operands = block.operations.iter().flat_map(|op| op.args.iter());
            for v in operands.chain(block.exits.iter().flat_map(|l| l.args.iter())) {
                if let Value::Const(c) = v {
                    if let ConstValue::Func(f) = c.value {
                        callees.push(f);
                    }
                }
            }
        }
        stack.extend(callees.into_iter().rev());
    }
    order
}

impl<'ctx, 'a> Codegen<'ctx, 'a> {
    fn build(&mut self, exports: &[Export], opts: &Options) -> R<()> {
        let mut roots: Vec<GraphId> = exports.iter().map(|e| e.graph).collect();
        roots.extend(self.jit.iter().flat_map(|j| j.calls.iter().copied()));
        let graphs = reachable(self.t, &roots);
        let mut used_names = HashSet::new();
        for &g in &graphs {
            let graph = &self.t.graphs[g];
            let base = format!("{}{}", opts.symbol_prefix, sanitize(&graph.name));
            let mut name = base.clone();
            let mut n = 1;
            while !used_names.insert(name.clone()) {
                name = format!("{base}.{n}");
                n += 1;
            }
            let fty = self.fn_type(graph)?;
            let f = self.module.add_function(&name, fty, Some(Linkage::Internal));
            self.add_fn_attrs(f, &["nounwind", "uwtable"]);
            match graph.hints.inline {
                Inline::Default => {}
                Inline::Hint => self.add_fn_attrs(f, &["inlinehint"]),
                Inline::Always => self.add_fn_attrs(f, &["alwaysinline"]),
                Inline::Never => self.add_fn_attrs(f, &["noinline"]),
            }
            self.funcs.insert(g, f);
        }
        for &g in &graphs {
            self.prebuild_constants(g);
        }
        self.declare_jit_module(&opts.symbol_prefix);
        for &g in &graphs {
            self.define(g)?;
        }
        self.jit_tables(&opts.symbol_prefix)?;
        let mut symbols = HashSet::new();
        for e in exports {
            if !symbols.insert(e.symbol.as_str()) {
                return Err(CgError(format!("symbol {} is exported twice", e.symbol)));
            }
            self.wrapper(e)?;
        }
        Ok(())
    }

    fn add_fn_attrs(&self, f: FunctionValue<'ctx>, names: &[&str]) {
        for n in names {
            let kind = Attribute::get_named_enum_kind_id(n);
            assert!(kind != 0, "unknown LLVM attribute {n}");
            f.add_attribute(AttributeLoc::Function, self.ctx.create_enum_attribute(kind, 0));
        }
    }

    // ----- types -----

    fn int_type(&self, bits: u32) -> IntType<'ctx> {
        self.ctx
            .custom_width_int_type(std::num::NonZeroU32::new(bits).expect("zero-width integer"))
            .expect("integer width")
    }

    fn f64(&self) -> FloatType<'ctx> {
        self.ctx.f64_type()
    }

    fn i64(&self) -> IntType<'ctx> {
        self.ctx.i64_type()
    }

    fn i32(&self) -> IntType<'ctx> {
        self.ctx.i32_type()
    }

    fn i8ptr(&self) -> inkwell::types::PointerType<'ctx> {
        self.ctx.i8_type().ptr_type(AddressSpace::default())
    }

    /// The LLVM type of values of `t`; `None` for `Void`, which has no
    /// values.
    fn llvm_type(&self, t: &LlType) -> Option<BasicTypeEnum<'ctx>> {
        Some(match t {
            LlType::Void => return None,
            LlType::Bool => self.ctx.bool_type().into(),
            LlType::Int { bits, .. } => self.int_type(*bits).into(),
            LlType::Char => self.ctx.i8_type().into(),
            LlType::UniChar => self.i32().into(),
            LlType::Float => self.f64().into(),
            // GC objects are addressed bytewise, by the offsets of `layout`.
            LlType::Ptr(_) => self.i8ptr().into(),
            // Function pointers are cast to their function's type where called.
            LlType::FuncPtr(..) => self.i8ptr().into(),
            LlType::Struct(fields) => {
                let fs: Vec<BasicTypeEnum> = fields.iter().map(|f| self.field_type(f)).collect();
                self.ctx.struct_type(&fs, false).into()
            }
        })
    }

    /// The type of a struct field: `Void` fields are empty structs, so
    /// field indices stay those of the lltype.
    fn field_type(&self, t: &LlType) -> BasicTypeEnum<'ctx> {
        self.llvm_type(t).unwrap_or_else(|| self.ctx.struct_type(&[], false).into())
    }

    fn fn_type(&self, g: &FunctionGraph) -> R<inkwell::types::FunctionType<'ctx>> {
        let params: Vec<BasicMetadataTypeEnum> = g.blocks[g.startblock]
            .inputargs
            .iter()
            .filter_map(|v| self.llvm_type(var_type(g, *v)))
            .map(Into::into)
            .collect();
        let ret = var_type(g, g.blocks[g.returnblock].inputargs[0]);
        Ok(match self.llvm_type(ret) {
            None => self.ctx.void_type().fn_type(&params, false),
            Some(t) => t.fn_type(&params, false),
        })
    }

    // ----- constants -----

    fn const_int(&self, v: i128, bits: u32) -> IntValue<'ctx> {
        let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
        self.int_type(bits).const_int((v as u64) & mask, false)
    }

    fn const_value(&self, value: &ConstValue, t: &LlType) -> R<Option<BasicValueEnum<'ctx>>> {
        let bad = || CgError(format!("rpy-llvm: constant {value} cannot have type {t}"));
        Ok(Some(match (t, value) {
            (LlType::Void, _) => return Ok(None),
            (LlType::Bool, ConstValue::Bool(b)) => self.const_int(*b as i128, 1).into(),
            (LlType::Bool, ConstValue::Int(v)) => self.const_int(*v & 1, 1).into(),
            (LlType::Int { .. } | LlType::Char | LlType::UniChar, ConstValue::Int(v)) => {
                self.const_int(*v, t.int_bits().unwrap()).into()
            }
            (LlType::Int { .. } | LlType::Char | LlType::UniChar, ConstValue::Char(c)) => {
                self.const_int(*c as i128, t.int_bits().unwrap()).into()
            }
            (LlType::Int { .. } | LlType::Char | LlType::UniChar, ConstValue::Bool(b)) => {
                self.const_int(*b as i128, t.int_bits().unwrap()).into()
            }
            (LlType::Float, ConstValue::Float(f)) => self.f64().const_float(*f).into(),
            (LlType::Float, ConstValue::Int(v)) => self.f64().const_float(*v as f64).into(),
            (LlType::Struct(ts), ConstValue::Tuple(vs)) if ts.len() == vs.len() => {
                let mut fields = Vec::new();
                for (t, v) in ts.iter().zip(vs) {
                    fields.push(match self.const_value(v, t)? {
                        Some(v) => v,
                        None => self.field_type(t).const_zero(),
                    });
                }
                self.ctx.const_struct(&fields, false).into()
            }
            (LlType::Struct(_), ConstValue::None) => self.llvm_type(t).unwrap().const_zero(),
            (LlType::Ptr(_) | LlType::FuncPtr(..), ConstValue::Null) => self.i8ptr().const_null().into(),
            (LlType::FuncPtr(..), ConstValue::Func(g)) => {
                self.funcs[g].as_global_value().as_pointer_value().const_cast(self.i8ptr()).into()
            }
            (LlType::Ptr(_), ConstValue::Str(s)) => (*self.prebuilt_strs.get(s).ok_or_else(bad)?).into(),
            (LlType::Ptr(_), ConstValue::Prebuilt(c, tag)) => {
                (*self.prebuilt_objects.get(&(*c, *tag)).ok_or_else(bad)?).into()
            }
            _ => return Err(bad()),
        }))
    }

    /// Emits the string literals and the `ConstValue::Prebuilt` objects of
    /// graph `g` as prebuilt objects: read-only data whose header is
    /// `&TypeInfo + 1` (`HDR_PREBUILT`: the GC neither marks nor frees them).
    /// A string is a GC list of bytes; a literal is never mutated, since Rust
    /// gives only `&str` access to it.
    fn prebuild_constants(&mut self, g: GraphId) {
        let graph = &self.t.graphs[g];
        let mut found = Vec::new();
        let mut objects = Vec::new();
        for b in graph.iterblocks() {
            let block = &graph.blocks[b];
            let operands = block.operations.iter().flat_map(|op| op.args.iter());
            for v in operands.chain(block.exits.iter().flat_map(|l| l.args.iter())) {
                match v {
                    Value::Const(rpy_core::flow::Constant {
                        value: ConstValue::Str(s),
                        concretetype: Some(LlType::Ptr(c)),
                        ..
                    }) => found.push((s.clone(), *c)),
                    Value::Const(rpy_core::flow::Constant { value: ConstValue::Prebuilt(c, tag), .. }) => {
                        objects.push((*c, *tag))
                    }
                    _ => {}
                }
            }
        }
        for (c, tag) in objects {
            self.prebuilt_object(c, tag);
        }
        for (s, list) in found {
            if self.prebuilt_strs.contains_key(&s) {
                continue;
            }
            let rpy_core::lltype::Container::GcStruct { fields, .. } = &self.t.containers[list] else {
                unreachable!("a string is a list")
            };
            let LlType::Ptr(array) = fields[1].1 else { unreachable!("a list has items") };
            let n = self.prebuilt_strs.len();
            let header = |cg: &mut Self, c: ContainerId| {
                let info = gc::TypeInfo::of(&cg.t.containers, c);
                let ti = cg.type_info(c, &info);
                let one = cg.i64().const_int(1, false);
                unsafe { ti.const_gep(&[one]) }
            };
            let len = self.i64().const_int(s.len() as u64, false);
            let array_header = header(self, array);
            let bytes = self.ctx.const_string(s.as_bytes(), false);
            let array_init = self.ctx.const_struct(&[array_header.into(), len.into(), bytes.into()], false);
            let array_g = self.module.add_global(array_init.get_type(), None, &format!("prebuilt.str.{n}.items"));
            array_g.set_initializer(&array_init);
            array_g.set_constant(true);
            array_g.set_linkage(Linkage::Private);
            array_g.set_alignment(8);
            let list_header = header(self, list);
            let items = array_g.as_pointer_value().const_cast(self.i8ptr());
            let list_init = self.ctx.const_struct(&[list_header.into(), len.into(), items.into()], false);
            let list_g = self.module.add_global(list_init.get_type(), None, &format!("prebuilt.str.{n}"));
            list_g.set_initializer(&list_init);
            list_g.set_constant(true);
            list_g.set_linkage(Linkage::Private);
            list_g.set_alignment(8);
            self.prebuilt_strs.insert(s, list_g.as_pointer_value().const_cast(self.i8ptr()));
        }
    }

    /// The object of `ConstValue::Prebuilt(c, tag)`: its header (with a
    /// variant's tag in its top bytes: `layout::TAG_OFFSET`), then zero
    /// words (an array's length is zero).
    pub(super) fn prebuilt_object(&mut self, c: ContainerId, tag: Option<i64>) -> PointerValue<'ctx> {
        if let Some(p) = self.prebuilt_objects.get(&(c, tag)) {
            return *p;
        }
        let layout = rpy_core::lltype::layout::layout(&self.t.containers, c);
        let info = gc::TypeInfo::of(&self.t.containers, c);
        let ti = self.type_info(c, &info);
        let tag_bits = tag.map_or(0, |t| (t as u64) << (8 * rpy_core::lltype::layout::TAG_OFFSET));
        let flag_and_tag = self.i64().const_int(1 + tag_bits, false);
        let mut words: Vec<BasicValueEnum<'ctx>> = vec![unsafe { ti.const_gep(&[flag_and_tag]) }.into()];
        for _ in 1..layout.size.div_ceil(8) as usize {
            words.push(self.i64().const_int(0, false).into());
        }
        let init = self.ctx.const_struct(&words, false);
        let g =
            self.module.add_global(init.get_type(), None, &format!("prebuilt.object.{}", self.prebuilt_objects.len()));
        g.set_initializer(&init);
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        g.set_alignment(8);
        let p = g.as_pointer_value().const_cast(self.i8ptr());
        self.prebuilt_objects.insert((c, tag), p);
        p
    }

    /// A pointer to a private constant global holding `s`'s bytes.
    fn string(&mut self, s: &str) -> PointerValue<'ctx> {
        if let Some(g) = self.strings.get(s) {
            return g.as_pointer_value().const_cast(self.i8ptr());
        }
        let init = self.ctx.const_string(s.as_bytes(), false);
        let g = self.module.add_global(init.get_type(), None, &format!("str.{}", self.strings.len()));
        g.set_initializer(&init);
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        g.set_unnamed_addr(true);
        g.set_alignment(1);
        self.strings.insert(s.to_string(), g);
        g.as_pointer_value().const_cast(self.i8ptr())
    }

    // ----- runtime -----

    /// Declares `f`, a function of the runtime (see `runtime_global`).
    fn runtime_fn(f: FunctionValue<'ctx>) -> FunctionValue<'ctx> {
        Self::runtime_global(f.as_global_value());
        f
    }

    /// Declares `g`, a symbol of the runtime: hidden. The runtime is linked
    /// statically into every binary holding translated code, so LLVM may
    /// reach the symbol directly (`sym(%rip)`, `call sym`) instead of
    /// through the GOT and the PLT: a load fewer at each of the
    /// interpreter's merge points and allocations.
    fn runtime_global(g: GlobalValue<'ctx>) -> GlobalValue<'ctx> {
        g.set_visibility(GlobalVisibility::Hidden);
        g
    }

    /// The declaration of a runtime panic function (they never return),
    /// made on first use.
    fn rt_panic_fn(&self, name: &str, params: &[BasicMetadataTypeEnum<'ctx>]) -> FunctionValue<'ctx> {
        self.module.get_function(name).unwrap_or_else(|| {
            let fty = self.ctx.void_type().fn_type(params, false);
            let f = Self::runtime_fn(self.module.add_function(name, fty, Some(Linkage::External)));
            self.add_fn_attrs(f, &["noreturn", "nounwind", "cold"]);
            f
        })
    }

    /// The trailing operands of every runtime panic function: the file name
    /// (pointer and length), the line and the column.
    fn location_args(&mut self, g: &FunctionGraph, (line, col): (u32, u32)) -> [BasicMetadataValueEnum<'ctx>; 4] {
        let file = self.string(&g.file);
        [
            file.into(),
            self.const_int(g.file.len() as i128, 64).into(),
            self.const_int(line as i128, 32).into(),
            self.const_int(col as i128, 32).into(),
        ]
    }

    /// Types of the operands `location_args` makes.
    fn location_types(&self) -> [BasicMetadataTypeEnum<'ctx>; 4] {
        [self.i8ptr().into(), self.i64().into(), self.i32().into(), self.i32().into()]
    }

    /// Branches to a new cold block when `cond` holds and positions the
    /// builder there, for the caller to emit a panic; returns the block where
    /// the normal path continues (see `end_panic_block`).
    fn begin_panic_block(&mut self, st: &FnState<'ctx, '_>, cond: IntValue<'ctx>) -> R<BasicBlock<'ctx>> {
        let fail = self.ctx.append_basic_block(st.func, "panic");
        let cont = self.ctx.append_basic_block(st.func, "nopanic");
        self.builder.build_conditional_branch(cond, fail, cont)?;
        self.builder.position_at_end(fail);
        Ok(cont)
    }

    fn end_panic_block(&mut self, cont: BasicBlock<'ctx>) -> R<()> {
        self.builder.build_unreachable()?;
        self.builder.position_at_end(cont);
        Ok(())
    }

    // ----- intrinsics -----

    fn intrinsic(&self, name: &str, tys: &[BasicTypeEnum<'ctx>]) -> FunctionValue<'ctx> {
        Intrinsic::find(name)
            .and_then(|i| i.get_declaration(&self.module, tys))
            .unwrap_or_else(|| panic!("LLVM 14 has no intrinsic {name}"))
    }

    fn call_intrinsic(
        &self,
        name: &str,
        tys: &[BasicTypeEnum<'ctx>],
        args: &[BasicMetadataValueEnum<'ctx>],
    ) -> R<BasicValueEnum<'ctx>> {
        let f = self.intrinsic(name, tys);
        let call = self.builder.build_call(f, args, "")?;
        Ok(call.try_as_basic_value().basic().expect("intrinsic returns a value"))
    }

    /// `cond`, which the branch on it expects to be `likely`
    /// (`llvm.expect`: the other side is laid out of the way).
    fn expect(&self, cond: IntValue<'ctx>, likely: bool) -> R<IntValue<'ctx>> {
        let bool_type = self.ctx.bool_type();
        let expected = bool_type.const_int(likely as u64, false);
        Ok(self.call_intrinsic("llvm.expect", &[bool_type.into()], &[cond.into(), expected.into()])?.into_int_value())
    }

    /// A call of libm's `double name(double...)`, for the functions
    /// LLVM 14 has no intrinsic for (std calls the same ones).
    fn call_libm(&self, name: &str, args: &[BasicMetadataValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let f = self.module.get_function(name).unwrap_or_else(|| {
            let params: Vec<BasicMetadataTypeEnum> = args.iter().map(|_| self.f64().into()).collect();
            let f = self.module.add_function(name, self.f64().fn_type(&params, false), Some(Linkage::External));
            self.add_fn_attrs(f, &["nounwind"]);
            f
        });
        let call = self.builder.build_call(f, args, "")?;
        Ok(call.try_as_basic_value().basic().expect("a libm function returns a value"))
    }

    // ----- functions -----

    fn define(&mut self, gid: GraphId) -> R<()> {
        let t = self.t;
        let g = &t.graphs[gid];
        let func = self.funcs[&gid];
        let entry = self.ctx.append_basic_block(func, "entry");
        let mut st = FnState {
            g,
            func,
            bbs: HashMap::new(),
            phis: HashMap::new(),
            values: HashMap::new(),
            resume: None,
            at: (g.startblock, 0),
        };
        let blocks = g.iterblocks();
        for &b in &blocks {
            let bb = self.ctx.append_basic_block(func, &g.block_name(b));
            st.bbs.insert(b, bb);
            self.builder.position_at_end(bb);
            let mut phis = Vec::new();
            for &v in &g.blocks[b].inputargs {
                let phi = match self.llvm_type(var_type(g, v)) {
                    Some(ty) => {
                        let phi = self.builder.build_phi(ty, &g.var_name(v))?;
                        st.values.insert(v, Some(phi.as_basic_value()));
                        Some(phi)
                    }
                    None => {
                        st.values.insert(v, None);
                        None
                    }
                };
                phis.push(phi);
            }
            st.phis.insert(b, phis);
        }
        // The entry block passes the parameters to the start block's phis.
        self.builder.position_at_end(entry);
        if self.portals.contains(&gid) {
            st.resume = Some(self.resume_at_merge_point(func)?);
        }
        if self.counting_entries.contains(&gid) {
            self.function_entry()?;
        }
        let from = self.builder.get_insert_block().expect("positioned");
        self.builder.build_unconditional_branch(st.bbs[&g.startblock])?;
        let mut params = func.get_param_iter();
        for phi in st.phis[&g.startblock].iter().flatten() {
            let p = params.next().expect("parameter count");
            phi.add_incoming(&[(&p, from)]);
        }
        for &b in &blocks {
            self.builder.position_at_end(st.bbs[&b]);
            if b == g.returnblock {
                match st.values[&g.blocks[b].inputargs[0]] {
                    Some(v) => self.builder.build_return(Some(&v))?,
                    None => self.builder.build_return(None)?,
                };
                continue;
            }
            if b == g.exceptblock {
                // Exceptions do not exist yet in rtyped graphs (no
                // exception transform): the except block is unreachable.
                self.builder.build_unreachable()?;
                continue;
            }
            let mut ended = false;
            for (k, op) in g.blocks[b].operations.iter().enumerate() {
                st.at = (b, k);
                let v = self.op(&mut st, op)?;
                st.values.insert(op.result, v);
                if LlOp::from_name(&op.opname).is_some_and(|op| op.info().noreturn) {
                    self.builder.build_unreachable()?;
                    ended = true;
                    break;
                }
            }
            if !ended {
                self.exits(&mut st, b)?;
            }
        }
        if let Some((resume, _)) = st.resume {
            // (A portal whose merge point was not compiled: never asked.)
            self.builder.position_at_end(resume);
            self.builder.build_unreachable()?;
        }
        Ok(())
    }

    fn value(&self, st: &FnState<'ctx, '_>, v: &Value) -> R<Option<BasicValueEnum<'ctx>>> {
        match v {
            Value::Var(v) => {
                st.values.get(v).copied().ok_or_else(|| {
                    CgError(format!("{} used before its definition in {}", st.g.var_name(*v), st.g.name))
                })
            }
            Value::Const(c) => {
                let t =
                    c.concretetype.as_ref().ok_or_else(|| CgError(format!("constant {} is not rtyped", c.value)))?;
                self.const_value(&c.value, t)
            }
        }
    }

    /// The value of a non-`Void` operand.
    fn val(&self, st: &FnState<'ctx, '_>, v: &Value) -> R<BasicValueEnum<'ctx>> {
        self.value(st, v)?.ok_or_else(|| CgError(format!("a Void operand used as a value in {}", st.g.name)))
    }

    fn int(&self, st: &FnState<'ctx, '_>, v: &Value) -> R<IntValue<'ctx>> {
        Ok(self.val(st, v)?.into_int_value())
    }

    /// Emits the exits of block `b`, from the current insertion block.
    fn exits(&mut self, st: &mut FnState<'ctx, '_>, b: BlockId) -> R<()> {
        let g = st.g;
        let block = &g.blocks[b];
        let from = self.builder.get_insert_block().expect("positioned");
        let targets: Vec<BlockId> = block.exits.iter().map(|l| l.target).collect();
        let mut dests = Vec::new();
        for link in &block.exits {
            let shared = targets.iter().filter(|t| **t == link.target).count() > 1;
            dests.push(self.edge(st, from, link, shared)?);
        }
        self.builder.position_at_end(from);
        match &block.exitswitch {
            None => match dests.as_slice() {
                [d] => {
                    self.builder.build_unconditional_branch(*d)?;
                }
                _ => {
                    return Err(CgError(format!(
                        "{} of {} has several exits and no exitswitch",
                        g.block_name(b),
                        g.name
                    )))
                }
            },
            Some(sw) => {
                let swt = g.concretetype(sw).clone();
                let v = self.int(st, sw)?;
                let mut default_bb = block
                    .exits
                    .iter()
                    .position(|l| matches!(&l.exitcase, Some(ConstValue::Str(s)) if s == "default"))
                    .map(|i| dests[i]);
                // Without a `default` link, a value no case matches cannot
                // happen (the rtyper made the switch exhaustive).
                let mut default = || -> R<BasicBlock<'ctx>> {
                    if let Some(d) = default_bb {
                        return Ok(d);
                    }
                    let bb = self.ctx.append_basic_block(st.func, "nodefault");
                    self.builder.position_at_end(bb);
                    self.builder.build_unreachable()?;
                    self.builder.position_at_end(from);
                    default_bb = Some(bb);
                    Ok(bb)
                };
                if swt == LlType::Bool {
                    let find = |b: bool| {
                        block.exits.iter().position(|l| l.exitcase == Some(ConstValue::Bool(b))).map(|i| dests[i])
                    };
                    let if_true = match find(true) {
                        Some(d) => d,
                        None => default()?,
                    };
                    let if_false = match find(false) {
                        Some(d) => d,
                        None => default()?,
                    };
                    self.builder.build_conditional_branch(v, if_true, if_false)?;
                } else {
                    let bits = swt.int_bits().ok_or_else(|| CgError(format!("exitswitch on a {swt}")))?;
                    let mut cases = Vec::new();
                    for (link, dest) in block.exits.iter().zip(&dests) {
                        let case = match &link.exitcase {
                            Some(ConstValue::Int(i)) => *i,
                            Some(ConstValue::Char(c)) => *c as i128,
                            Some(ConstValue::Bool(b)) => *b as i128,
                            Some(ConstValue::Str(s)) if s == "default" => continue,
                            other => return Err(CgError(format!("bad exitcase {other:?} in {}", g.name))),
                        };
                        cases.push((self.const_int(case, bits), *dest));
                    }
                    let default = default()?;
                    self.builder.build_switch(v, default, &cases)?;
                }
            }
        }
        Ok(())
    }

    /// The basic block a link jumps to: the target's own, with the link's
    /// arguments added to its phis as coming from `from`, or a new block
    /// for this link alone when `shared` (another link of the same block
    /// has the same target).
    fn edge(
        &mut self,
        st: &mut FnState<'ctx, '_>,
        from: BasicBlock<'ctx>,
        link: &Link,
        shared: bool,
    ) -> R<BasicBlock<'ctx>> {
        let target = st.bbs[&link.target];
        let pred = if shared {
            let bb = self.ctx.append_basic_block(st.func, "edge");
            self.builder.position_at_end(bb);
            self.builder.build_unconditional_branch(target)?;
            bb
        } else {
            from
        };
        let phis = st.phis[&link.target].clone();
        for (arg, phi) in link.args.iter().zip(phis) {
            if let Some(phi) = phi {
                let v = self.val(st, arg)?;
                phi.add_incoming(&[(&v, pred)]);
            }
        }
        Ok(if shared { pred } else { target })
    }

    // ----- operations -----

    fn op(&mut self, st: &mut FnState<'ctx, '_>, op: &SpaceOperation) -> R<Option<BasicValueEnum<'ctx>>> {
        let g = st.g;
        let rtype = var_type(g, op.result).clone();
        let name = LlOp::from_name(&op.opname)
            .ok_or_else(|| CgError(format!("unknown operation {} in {}", op.opname, g.name)))?;
        let b = &self.builder;
        let arg = |i: usize| -> R<&Value> {
            op.args.get(i).ok_or_else(|| CgError(format!("{name} in {} lacks operand {i}", g.name)))
        };
        Ok(Some(match name {
            // GC pointers are all `i8*`.
            LlOp::SameAs | LlOp::CastPointer | LlOp::Hint => return self.value(st, arg(0)?),
            // The JIT's hints: nothing in the interpreter.
            LlOp::JitMarker => {
                match op.args[0].constant().and_then(|c| c.as_str()) {
                    Some("jit_merge_point") => self.merge_point(st, op)?,
                    Some("can_enter_jit") => self.can_enter_jit()?,
                    _ => {}
                }
                return Ok(None);
            }
            LlOp::BoolNot => b.build_not(self.int(st, arg(0)?)?, "")?.into(),
            LlOp::TupleNew => {
                let sty = self.llvm_type(&rtype).expect("tuple type").into_struct_type();
                let mut agg = sty.get_undef();
                for (i, a) in op.args.iter().enumerate() {
                    if let Some(v) = self.value(st, a)? {
                        agg = b.build_insert_value(agg, v, i as u32, "")?.into_struct_value();
                    }
                }
                agg.into()
            }
            LlOp::TupleGetitem => {
                let i = match const_arg(op, 1)? {
                    ConstValue::Int(i) => *i as u32,
                    other => return Err(CgError(format!("tuple_getitem index {other}"))),
                };
                if rtype == LlType::Void {
                    return Ok(None);
                }
                let agg = self.val(st, arg(0)?)?.into_struct_value();
                b.build_extract_value(agg, i, "")?
            }
            LlOp::TupleSetitem => {
                let i = match const_arg(op, 1)? {
                    ConstValue::Int(i) => *i as u32,
                    other => return Err(CgError(format!("tuple_setitem index {other}"))),
                };
                let agg = self.val(st, arg(0)?)?.into_struct_value();
                match self.value(st, arg(2)?)? {
                    Some(v) => b.build_insert_value(agg, v, i, "")?.into_struct_value().into(),
                    None => agg.into(),
                }
            }
            LlOp::IndirectCall => {
                let LlType::FuncPtr(params, ret) = g.concretetype(arg(0)?).clone() else {
                    return Err(CgError("indirect_call of a non-function".into()));
                };
                let params: Vec<BasicMetadataTypeEnum> =
                    params.iter().filter_map(|p| self.llvm_type(p)).map(Into::into).collect();
                let fty = match self.llvm_type(&ret) {
                    None => self.ctx.void_type().fn_type(&params, false),
                    Some(t) => t.fn_type(&params, false),
                };
                let p = self.val(st, arg(0)?)?.into_pointer_value();
                let p = b.build_pointer_cast(p, fty.ptr_type(AddressSpace::default()), "")?;
                let mut args: Vec<BasicMetadataValueEnum> = Vec::new();
                for a in &op.args[1..] {
                    if let Some(v) = self.value(st, a)? {
                        args.push(v.into());
                    }
                }
                let callee = inkwell::values::CallableValue::try_from(p)
                    .map_err(|_| CgError("indirect_call: not a function pointer".into()))?;
                let call = b.build_call(callee, &args, "")?;
                return Ok(call.try_as_basic_value().basic());
            }
            LlOp::DirectCall => {
                let f = match const_arg(op, 0)? {
                    ConstValue::Func(f) => self.funcs[f],
                    other => return Err(CgError(format!("direct_call of {other}"))),
                };
                let mut args: Vec<BasicMetadataValueEnum> = Vec::new();
                for a in &op.args[1..] {
                    if let Some(v) = self.value(st, a)? {
                        args.push(v.into());
                    }
                }
                let call = b.build_call(f, &args, "")?;
                return Ok(call.try_as_basic_value().basic());
            }
            // The runtime function is declared from the operands' types
            // (the runtime's `ll` module defines it with the same C types).
            LlOp::RtCall => {
                let callee = match const_arg(op, 0)? {
                    ConstValue::Str(s) => s.clone(),
                    other => return Err(CgError(format!("rt_call of {other}"))),
                };
                let mut args: Vec<BasicMetadataValueEnum> = Vec::new();
                for a in &op.args[1..] {
                    if let Some(v) = self.value(st, a)? {
                        args.push(v.into());
                    }
                }
                let f = self.module.get_function(&callee).unwrap_or_else(|| {
                    let params: Vec<BasicMetadataTypeEnum> =
                        args.iter().map(|a| BasicValueEnum::try_from(*a).unwrap().get_type().into()).collect();
                    let fty = match self.llvm_type(&rtype) {
                        Some(t) => t.fn_type(&params, false),
                        None => self.ctx.void_type().fn_type(&params, false),
                    };
                    let f = Self::runtime_fn(self.module.add_function(&callee, fty, Some(Linkage::External)));
                    self.add_fn_attrs(f, &["nounwind"]);
                    f
                });
                let call = b.build_call(f, &args, "")?;
                return Ok(call.try_as_basic_value().basic());
            }
            LlOp::CastPrimitive => {
                let src = g.concretetype(arg(0)?).clone();
                let x = self.int(st, arg(0)?)?;
                let to = self.int_type(rtype.int_bits().ok_or_else(|| CgError(format!("cast_primitive to {rtype}")))?);
                self.resize(x, to, src.is_signed())?.into()
            }
            LlOp::CastIntToFloat | LlOp::CastUintToFloat => {
                let src = g.concretetype(arg(0)?).clone();
                let x = self.int(st, arg(0)?)?;
                if name == LlOp::CastIntToFloat && src != LlType::Bool {
                    b.build_signed_int_to_float(x, self.f64(), "")?.into()
                } else {
                    b.build_unsigned_int_to_float(x, self.f64(), "")?.into()
                }
            }
            LlOp::CastFloatToInt | LlOp::CastFloatToUint => {
                let x = self.val(st, arg(0)?)?;
                let to = self.int_type(rtype.int_bits().ok_or_else(|| CgError(format!("{name} to {rtype}")))?);
                let intr = if name == LlOp::CastFloatToInt { "llvm.fptosi.sat" } else { "llvm.fptoui.sat" };
                self.call_intrinsic(intr, &[to.into(), self.f64().into()], &[x.into()])?
            }
            LlOp::ConvertFloatBytesToLonglong => {
                let x = self.val(st, arg(0)?)?.into_float_value();
                b.build_bit_cast(x, self.i64(), "")?
            }
            LlOp::ConvertLonglongBytesToFloat => {
                let x = self.int(st, arg(0)?)?;
                b.build_bit_cast(x, self.f64(), "")?
            }
            LlOp::Malloc => self.malloc(st, op, false)?.into(),
            LlOp::NewTagged => self.new_tagged(st, op)?.into(),
            LlOp::MallocVarsize => self.malloc(st, op, true)?.into(),
            LlOp::Getfield | LlOp::Setfield => {
                let (p, c) = self.ptr_arg(st, op)?;
                let field = str_arg(op, 1)?;
                let container = &self.t.containers[c];
                let (i, ft) = container
                    .field(field)
                    .ok_or_else(|| CgError(format!("{field} is not a field of {}", container.name())))?;
                let offset = self.i64().const_int(layout(&self.t.containers, c).fields[i], false);
                if name == LlOp::Getfield {
                    let read = |s: &Self| s.load(p, offset, ft);
                    // (Through the base or the variant: either may be a word.)
                    let tagged = self.t.tagged_base(c).or_else(|| self.t.tagged_variant(c));
                    if let Some(t) = tagged.filter(|_| field == TAG) {
                        let tag = self.int_type(16).const_int(t.tag as u64, false);
                        return self.tagged_getfield(st, p, |_, _| Ok(tag.into()), read);
                    }
                    if self.t.tagged_variant(c).is_some_and(|t| field == t.field) {
                        let one = self.i64().const_int(1, false);
                        let x = |s: &Self, bits| Ok(s.builder.build_right_shift(bits, one, true, "")?.into());
                        return self.tagged_getfield(st, p, x, read);
                    }
                    return read(self);
                }
                if let Some(v) = self.value(st, arg(2)?)? {
                    self.write_barrier(st, p, ft, arg(2)?)?;
                    self.store(p, offset, ft, v)?;
                    if self.jit.is_some()
                        && self.t.quasi_immutable_fields.contains(&(c, field.to_string()))
                        && !initializing(st, arg(0)?)
                    {
                        self.quasi_immutable_written(st, p, offset, size_align(ft).0)?;
                    }
                }
                return Ok(None);
            }
            LlOp::Getarrayitem | LlOp::Setarrayitem => {
                let (p, c) = self.ptr_arg(st, op)?;
                let (v, item) = self.varsize(c)?;
                // The rtyper checked `0 <= i < length`.
                let i = self.signed(st, op, 1)?;
                let scaled = b.build_int_mul(i, self.i64().const_int(v.item_size, false), "")?;
                let offset = b.build_int_add(scaled, self.i64().const_int(v.items_offset, false), "")?;
                if name == LlOp::Getarrayitem {
                    return self.load(p, offset, item);
                }
                if let Some(x) = self.value(st, arg(2)?)? {
                    self.write_barrier(st, p, item, arg(2)?)?;
                    self.store(p, offset, item, x)?;
                }
                return Ok(None);
            }
            LlOp::Arraycopy => {
                let (src, c) = self.ptr_arg(st, op)?;
                let dst = self.val(st, arg(1)?)?.into_pointer_value();
                let (v, item) = self.varsize(c)?;
                let size = self.i64().const_int(v.item_size, false);
                let at = |s: &Self, p, i| -> R<PointerValue<'ctx>> {
                    let scaled = s.builder.build_int_mul(i, size, "")?;
                    let offset = s.builder.build_int_add(scaled, s.i64().const_int(v.items_offset, false), "")?;
                    s.address(p, offset, s.ctx.i8_type().into())
                };
                let (from, to) = (at(self, src, self.signed(st, op, 2)?)?, at(self, dst, self.signed(st, op, 3)?)?);
                let bytes = b.build_int_mul(self.signed(st, op, 4)?, size, "")?;
                // One barrier for every item: it remembers the whole array.
                self.write_barrier_any(st, dst, item)?;
                let align = size_align(item).1.max(1) as u32;
                b.build_memmove(to, align, from, align, bytes).map_err(|e| CgError(format!("memmove: {e}")))?;
                return Ok(None);
            }
            LlOp::Getarraysize => {
                let (p, c) = self.ptr_arg(st, op)?;
                let offset = self.i64().const_int(self.varsize(c)?.0.length_offset, false);
                return self.load(p, offset, &SIGNED);
            }
            LlOp::PtrEq | LlOp::PtrNe => {
                let x = self.val(st, arg(0)?)?.into_pointer_value();
                let y = self.val(st, arg(1)?)?.into_pointer_value();
                let pred = if name == LlOp::PtrEq { IntPredicate::EQ } else { IntPredicate::NE };
                b.build_int_compare(pred, x, y, "")?.into()
            }
            LlOp::PtrIszero => b.build_is_null(self.val(st, arg(0)?)?.into_pointer_value(), "")?.into(),
            LlOp::PtrNonzero => b.build_is_not_null(self.val(st, arg(0)?)?.into_pointer_value(), "")?.into(),
            LlOp::GcId => b.build_ptr_to_int(self.val(st, arg(0)?)?.into_pointer_value(), self.i64(), "")?.into(),
            // (The `unreachable` the block ends with: LLVM drops the tests
            // that lead here, as a switch's range check.)
            LlOp::Unreachable => return Ok(None),
            LlOp::Panic => {
                let msg = str_arg(op, 0)?.to_string();
                let pos = pos_arg(op, 1)?;
                self.emit_panic(g, &msg, pos)?;
                return Ok(None);
            }
            LlOp::PanicStr => {
                let msg = self.val(st, arg(0)?)?;
                let pos = pos_arg(op, 1)?;
                let mut params = vec![self.i8ptr().into()];
                params.extend(self.location_types());
                let f = self.rt_panic_fn(RT_PANIC_STR, &params);
                let mut args = vec![msg.into()];
                args.extend(self.location_args(g, pos));
                self.builder.build_call(f, &args, "")?;
                return Ok(None);
            }
            LlOp::PanicIf => {
                let cond = self.int(st, arg(0)?)?;
                let msg = str_arg(op, 1)?.to_string();
                let pos = pos_arg(op, 2)?;
                let cont = self.begin_panic_block(st, cond)?;
                self.emit_panic(g, &msg, pos)?;
                self.end_panic_block(cont)?;
                return Ok(None);
            }
            LlOp::PanicIndexIf => {
                let len = self.int(st, arg(0)?)?;
                let index = self.int(st, arg(1)?)?;
                let pos = pos_arg(op, 2)?;
                let out = b.build_int_compare(IntPredicate::UGE, index, len, "")?;
                let cont = self.begin_panic_block(st, out)?;
                let mut params = vec![self.i64().into(), self.i64().into()];
                params.extend(self.location_types());
                let f = self.rt_panic_fn(RT_PANIC_INDEX, &params);
                let mut args = vec![len.into(), index.into()];
                args.extend(self.location_args(g, pos));
                self.builder.build_call(f, &args, "")?;
                self.end_panic_block(cont)?;
                return Ok(None);
            }
            LlOp::Int(sub) => {
                let signed = *g.concretetype(arg(0)?) != LlType::Bool;
                self.int_op(st, op, sub, signed, &rtype)?
            }
            LlOp::Uint(sub) => self.int_op(st, op, sub, false, &rtype)?,
            LlOp::Float(sub) => self.float_op(st, op, sub)?,
        }))
    }

    /// Truncates or extends `x` to `to`.
    fn resize(&self, x: IntValue<'ctx>, to: IntType<'ctx>, signed: bool) -> R<IntValue<'ctx>> {
        let (from_bits, to_bits) = (x.get_type().get_bit_width(), to.get_bit_width());
        Ok(if to_bits < from_bits {
            self.builder.build_int_truncate(x, to, "")?
        } else if to_bits > from_bits {
            if signed {
                self.builder.build_int_s_extend(x, to, "")?
            } else {
                self.builder.build_int_z_extend(x, to, "")?
            }
        } else {
            x
        })
    }

    fn emit_panic(&mut self, g: &FunctionGraph, msg: &str, pos: (u32, u32)) -> R<()> {
        let mut params = vec![self.i8ptr().into(), self.i64().into()];
        params.extend(self.location_types());
        let f = self.rt_panic_fn(RT_PANIC, &params);
        let m = self.string(msg);
        let mut args = vec![m.into(), self.const_int(msg.len() as i128, 64).into()];
        args.extend(self.location_args(g, pos));
        self.builder.build_call(f, &args, "")?;
        Ok(())
    }

    // ----- the heap -----

    /// Operand 0 of a heap operation: the object's address and container.
    fn ptr_arg(&self, st: &FnState<'ctx, '_>, op: &SpaceOperation) -> R<(PointerValue<'ctx>, ContainerId)> {
        let p = op.args.first().ok_or_else(|| CgError(format!("{} without operands", op.opname)))?;
        let c = match st.g.concretetype(p) {
            LlType::Ptr(c) => *c,
            other => return Err(CgError(format!("{} of a {other} in {}", op.opname, st.g.name))),
        };
        Ok((self.val(st, p)?.into_pointer_value(), c))
    }

    /// Operand `i`, which the table says is a `Signed` (a length, an index).
    fn signed(&self, st: &FnState<'ctx, '_>, op: &SpaceOperation, i: usize) -> R<IntValue<'ctx>> {
        let a = op.args.get(i).ok_or_else(|| CgError(format!("{} lacks operand {i}", op.opname)))?;
        match st.g.concretetype(a) {
            t if *t == SIGNED => self.int(st, a),
            other => Err(CgError(format!("{}: operand {i} is a {other}, not a Signed, in {}", op.opname, st.g.name))),
        }
    }

    /// The layout of the items of container `c`, and their type.
    fn varsize(&self, c: ContainerId) -> R<(VarsizeLayout, &'a LlType)> {
        let t: &'a Translator = self.t;
        let item = t.containers[c].item().ok_or_else(|| CgError(format!("{} has no items", t.containers[c].name())))?;
        Ok((layout(&t.containers, c).varsize.expect("a container with items has a variable part"), item))
    }

    /// How a scalar of type `t` is stored in memory: `Bool` as a byte.
    fn mem_type(&self, t: &LlType) -> BasicTypeEnum<'ctx> {
        match t {
            LlType::Bool => self.ctx.i8_type().into(),
            _ => self.llvm_type(t).expect("a scalar with values"),
        }
    }

    /// The address `offset` bytes into the object `p`, as a pointer to `ty`.
    fn address(&self, p: PointerValue<'ctx>, offset: IntValue<'ctx>, ty: BasicTypeEnum<'ctx>) -> R<PointerValue<'ctx>> {
        // SAFETY (of the emitted code): `layout` puts every field and item
        // inside the object.
        let addr = unsafe { self.builder.build_in_bounds_gep(p, &[offset], "")? };
        Ok(self.builder.build_pointer_cast(addr, ty.ptr_type(AddressSpace::default()), "")?)
    }

    /// Reads the value of type `t` stored `offset` bytes into the object
    /// `p` (a `Struct` field by field).
    fn load(&self, p: PointerValue<'ctx>, offset: IntValue<'ctx>, t: &LlType) -> R<Option<BasicValueEnum<'ctx>>> {
        let b = &self.builder;
        Ok(Some(match t {
            LlType::Void => return Ok(None),
            LlType::Struct(fields) => {
                let (offsets, _, _) = struct_offsets(fields);
                let mut agg = self.llvm_type(t).expect("struct type").into_struct_type().get_undef();
                for (i, (f, o)) in fields.iter().zip(offsets).enumerate() {
                    let at = b.build_int_add(offset, self.i64().const_int(o, false), "")?;
                    if let Some(v) = self.load(p, at, f)? {
                        agg = b.build_insert_value(agg, v, i as u32, "")?.into_struct_value();
                    }
                }
                agg.into()
            }
            scalar => {
                let addr = self.address(p, offset, self.mem_type(scalar))?;
                let v = b.build_load(addr, "")?;
                set_alignment(v, scalar);
                if *scalar == LlType::Bool {
                    let byte = v.into_int_value();
                    b.build_int_compare(IntPredicate::NE, byte, byte.get_type().const_zero(), "")?.into()
                } else {
                    v
                }
            }
        }))
    }

    /// Writes `v`, of type `t`, `offset` bytes into the object `p`.
    fn store(&self, p: PointerValue<'ctx>, offset: IntValue<'ctx>, t: &LlType, v: BasicValueEnum<'ctx>) -> R<()> {
        let b = &self.builder;
        match t {
            LlType::Void => {}
            LlType::Struct(fields) => {
                let (offsets, _, _) = struct_offsets(fields);
                for (i, (f, o)) in fields.iter().zip(offsets).enumerate() {
                    if *f == LlType::Void {
                        continue;
                    }
                    let fv = b.build_extract_value(v.into_struct_value(), i as u32, "")?;
                    let at = b.build_int_add(offset, self.i64().const_int(o, false), "")?;
                    self.store(p, at, f, fv)?;
                }
            }
            scalar => {
                let addr = self.address(p, offset, self.mem_type(scalar))?;
                let v = match scalar {
                    LlType::Bool => b.build_int_z_extend(v.into_int_value(), self.ctx.i8_type(), "")?.into(),
                    _ => v,
                };
                let st = b.build_store(addr, v)?;
                st.set_alignment(size_align(scalar).1 as u32).map_err(|e| CgError(format!("alignment: {e}")))?;
            }
        }
        Ok(())
    }

    /// The GC's write barrier before `value`, of type `t`, is stored into
    /// the object `obj`, as `rpython::gc` specifies: when `t` holds GC
    /// pointers, a test of the header's `HDR_TRACK` bit (set only on old
    /// objects not remembered yet, so rarely) and then a call to
    /// `rpy_gc_write_barrier`. A constant needs none, as in RPython: a
    /// constant GC pointer is null or static data (a prebuilt object or
    /// string), never young, so it can't make an old object point to a
    /// young one.
    fn write_barrier(&self, st: &FnState<'ctx, '_>, obj: PointerValue<'ctx>, t: &LlType, value: &Value) -> R<()> {
        if value.constant().is_some() {
            return Ok(());
        }
        self.write_barrier_any(st, obj, t)
    }

    /// The write barrier before values of type `t`, which may be anything,
    /// are stored into `obj`.
    fn write_barrier_any(&self, st: &FnState<'ctx, '_>, obj: PointerValue<'ctx>, t: &LlType) -> R<()> {
        if gc_ptr_offsets(t).is_empty() {
            return Ok(());
        }
        let b = &self.builder;
        let header_p = b.build_pointer_cast(obj, self.i64().ptr_type(AddressSpace::default()), "")?;
        let header = b.build_load(header_p, "gc.header")?;
        set_alignment(header, &SIGNED);
        let flag = b.build_and(header.into_int_value(), self.i64().const_int(gc::HDR_TRACK, false), "")?;
        let old = b.build_int_compare(IntPredicate::NE, flag, self.i64().const_zero(), "gc.old")?;
        let old = self.expect(old, false)?;
        let slow = self.ctx.append_basic_block(st.func, "wb.slow");
        let done = self.ctx.append_basic_block(st.func, "wb.done");
        self.builder.build_conditional_branch(old, slow, done)?;
        self.builder.position_at_end(slow);
        let f = self.module.get_function(gc::WRITE_BARRIER).unwrap_or_else(|| {
            let fty = self.ctx.void_type().fn_type(&[self.i8ptr().into()], false);
            let f = Self::runtime_fn(self.module.add_function(gc::WRITE_BARRIER, fty, Some(Linkage::External)));
            self.add_fn_attrs(f, &["nounwind", "cold", "inaccessiblemem_or_argmemonly"]);
            f
        });
        self.builder.build_call(f, &[obj.into()], "")?;
        self.builder.build_unconditional_branch(done)?;
        self.builder.position_at_end(done);
        Ok(())
    }

    /// `malloc(T)` and `malloc_varsize(T, n)`: the GC's inline fast path
    /// when the size is known at translation time and small, else a call.
    /// `malloc`, or `malloc_varsize` when `varsize`.
    fn malloc(&mut self, st: &FnState<'ctx, '_>, op: &SpaceOperation, varsize: bool) -> R<PointerValue<'ctx>> {
        let c = match const_arg(op, 0)? {
            ConstValue::Container(c) => *c,
            other => return Err(CgError(format!("{}: {other} is not a container type", op.opname))),
        };
        if !varsize {
            return self.malloc_fixed(st, c);
        }
        let info = gc::TypeInfo::of(&self.t.containers, c);
        let ti = self.type_info(c, &info);
        if info.flags & gc::TI_VARSIZE == 0 {
            return Err(CgError(format!("malloc_varsize of {}, which is not variable-sized", info.name)));
        }
        let n_arg = op.args.get(1).ok_or_else(|| CgError("malloc_varsize without a length".into()))?;
        let n = self.signed(st, op, 1)?;
        // A length known at translation time gives a known size.
        let known = n_arg.constant().and_then(|c| c.as_int()).and_then(|k| u64::try_from(k).ok());
        match known.and_then(|k| info.size_for_length(k)) {
            Some(size) if size <= gc::SMALL_MAX => self.alloc_inline(st, ti, size, Some((info.length_offset, n))),
            Some(_) => self.gc_call(ti, Some(n)),
            None => self.alloc_inline_varsize(st, ti, &info, n),
        }
    }

    /// A new object of container `c`, which has no variable part.
    fn malloc_fixed(&mut self, st: &FnState<'ctx, '_>, c: ContainerId) -> R<PointerValue<'ctx>> {
        let info = gc::TypeInfo::of(&self.t.containers, c);
        let ti = self.type_info(c, &info);
        if info.flags & gc::TI_VARSIZE != 0 {
            return Err(CgError(format!("malloc of {}, which is variable-sized", info.name)));
        }
        let size = info.size_for_length(0).expect("a fixed size");
        if size <= gc::SMALL_MAX {
            self.alloc_inline(st, ti, size, None)
        } else {
            self.gc_call(ti, None)
        }
    }

    /// `new_tagged(V, x)`: the word `(x << 1) | 1` when shifting `x` back
    /// gives `x`, else a new object of `V` with its tag and `x`.
    fn new_tagged(&mut self, st: &FnState<'ctx, '_>, op: &SpaceOperation) -> R<PointerValue<'ctx>> {
        let v = match const_arg(op, 0)? {
            ConstValue::Container(c) => *c,
            other => return Err(CgError(format!("new_tagged of {other}, not a container"))),
        };
        let t = self.t.tagged_variant(v).ok_or_else(|| CgError(format!("new_tagged of {v}, not a tagged integer")))?;
        let (tag, field) = (t.tag, t.field.clone());
        let x = self.signed(st, op, 1)?;
        let one = self.i64().const_int(1, false);
        let b = &self.builder;
        let shifted = b.build_left_shift(x, one, "")?;
        let back = b.build_right_shift(shifted, one, true, "")?;
        let fits = b.build_int_compare(IntPredicate::EQ, back, x, "tagged.fits")?;
        let fits = self.expect(fits, true)?;
        let (word_bb, object_bb, done) = (
            self.ctx.append_basic_block(st.func, "tagged.word"),
            self.ctx.append_basic_block(st.func, "tagged.object"),
            self.ctx.append_basic_block(st.func, "tagged.done"),
        );
        self.builder.build_conditional_branch(fits, word_bb, object_bb)?;
        self.builder.position_at_end(word_bb);
        let word = self.builder.build_or(shifted, one, "")?;
        let word = self.builder.build_int_to_ptr(word, self.i8ptr(), "tagged")?;
        self.builder.build_unconditional_branch(done)?;
        self.builder.position_at_end(object_bb);
        let obj = self.malloc_fixed(st, v)?;
        let container = &self.t.containers[v];
        let offsets = &layout(&self.t.containers, v).fields;
        for (name, value) in [(TAG, self.int_type(16).const_int(tag as u64, false)), (field.as_str(), x)] {
            let (i, ft) = container
                .field(name)
                .ok_or_else(|| CgError(format!("{name} is not a field of {}", container.name())))?;
            self.store(obj, self.i64().const_int(offsets[i], false), ft, value.into())?;
        }
        let object_end = self.builder.get_insert_block().expect("a block");
        self.builder.build_unconditional_branch(done)?;
        self.builder.position_at_end(done);
        let phi = self.builder.build_phi(self.i8ptr(), "")?;
        phi.add_incoming(&[(&word, word_bb), (&obj, object_end)]);
        Ok(phi.as_basic_value().into_pointer_value())
    }

    /// `getfield` of the tag of an enum whose integers are tagged words, or
    /// of the integer of their variant: `read` of the object, unless `p` is
    /// a tagged word, whose tag is `tag` and integer `p >> 1`.
    fn tagged_getfield(
        &self,
        st: &FnState<'ctx, '_>,
        p: PointerValue<'ctx>,
        of_word: impl FnOnce(&Self, IntValue<'ctx>) -> R<BasicValueEnum<'ctx>>,
        read: impl FnOnce(&Self) -> R<Option<BasicValueEnum<'ctx>>>,
    ) -> R<Option<BasicValueEnum<'ctx>>> {
        let b = &self.builder;
        let bits = b.build_ptr_to_int(p, self.i64(), "")?;
        let low = b.build_and(bits, self.i64().const_int(1, false), "")?;
        let is_word = b.build_int_compare(IntPredicate::NE, low, self.i64().const_zero(), "tagged.is_word")?;
        let (word_bb, object_bb, done) = (
            self.ctx.append_basic_block(st.func, "tagged.word"),
            self.ctx.append_basic_block(st.func, "tagged.object"),
            self.ctx.append_basic_block(st.func, "tagged.done"),
        );
        b.build_conditional_branch(is_word, word_bb, object_bb)?;
        b.position_at_end(word_bb);
        let from_word = of_word(self, bits)?;
        self.builder.build_unconditional_branch(done)?;
        self.builder.position_at_end(object_bb);
        let from_object = read(self)?.ok_or_else(|| CgError("a tagged field of no value".into()))?;
        self.builder.build_unconditional_branch(done)?;
        self.builder.position_at_end(done);
        let phi = self.builder.build_phi(from_word.get_type(), "")?;
        phi.add_incoming(&[(&from_word, word_bb), (&from_object, object_bb)]);
        Ok(Some(phi.as_basic_value()))
    }

    /// `alloc_inline` of a variable-sized object whose length `n` is known
    /// only at run time: when its size is at most `INLINE_VARSIZE_MAX`, the
    /// class's run (the word of the allocation state) and slot size come
    /// from a table by eighths of the size; else, and when the run is
    /// full, `rpy_gc_malloc_varsize`.
    fn alloc_inline_varsize(
        &mut self,
        st: &FnState<'ctx, '_>,
        ti: PointerValue<'ctx>,
        info: &gc::TypeInfo,
        n: IntValue<'ctx>,
    ) -> R<PointerValue<'ctx>> {
        let room =
            gc::INLINE_VARSIZE_MAX.checked_sub(info.items_offset).filter(|_| info.fixed_size <= gc::INLINE_VARSIZE_MAX);
        let Some(room) = room else { return self.gc_call(ti, Some(n)) };
        let max = room.checked_div(info.item_size).unwrap_or(room);
        let i64t = self.i64();
        let (check, slow) =
            (self.ctx.append_basic_block(st.func, "alloc.check"), self.ctx.append_basic_block(st.func, "alloc.slow"));
        let b = &self.builder;
        // (Unsigned: a negative length is the call's error.)
        let small = b.build_int_compare(IntPredicate::ULE, n, i64t.const_int(max, false), "")?;
        b.build_conditional_branch(small, check, slow)?;
        b.position_at_end(check);
        let items = b.build_int_mul(n, i64t.const_int(info.item_size, false), "")?;
        let size = b.build_int_add(items, i64t.const_int(info.items_offset, false), "")?;
        let fixed = i64t.const_int(info.fixed_size, false);
        let bigger = b.build_int_compare(IntPredicate::UGT, size, fixed, "")?;
        let size = b.build_select(bigger, size, fixed, "")?.into_int_value();
        let eighth = b.build_int_sub(size, i64t.const_int(1, false), "")?;
        let eighth = b.build_right_shift(eighth, i64t.const_int(3, false), false, "")?;
        let at = b.build_int_mul(eighth, i64t.const_int(2, false), "")?;
        let table = self.inline_classes().as_pointer_value();
        let entry = |s: &Self, k: u64| -> R<IntValue<'ctx>> {
            let i = s.builder.build_int_add(at, i64t.const_int(k, false), "")?;
            // SAFETY: `at + k` is inside the table (the size is at most
            // `INLINE_VARSIZE_MAX`).
            let p = unsafe { s.builder.build_in_bounds_gep(table, &[i64t.const_zero(), i], "")? };
            Ok(s.builder.build_load(p, "")?.into_int_value())
        };
        let (word, slot) = (entry(self, 0)?, entry(self, 1)?);
        let state = self.alloc_state().as_pointer_value();
        let word_p = |s: &Self, k: u64| -> R<PointerValue<'ctx>> {
            let i = s.builder.build_int_add(word, i64t.const_int(k, false), "")?;
            // SAFETY: a class's two words are inside the allocation state.
            Ok(unsafe { s.builder.build_in_bounds_gep(state, &[i64t.const_zero(), i], "")? })
        };
        let (free_p, limit_p) = (word_p(self, 0)?, word_p(self, 1)?);
        self.bump_or_call(st, ti, Some((info.length_offset, n)), (free_p, limit_p, slot), slow)
    }

    /// The module's table of the sizes up to `INLINE_VARSIZE_MAX` by
    /// eighths (`(size - 1) / 8`): per eighth, the index of its class's
    /// first word in the allocation state and the class's slot size.
    fn inline_classes(&self) -> GlobalValue<'ctx> {
        const NAME: &str = "rpy_gc_inline_classes";
        self.module.get_global(NAME).unwrap_or_else(|| {
            let i64t = self.i64();
            let words: Vec<IntValue<'ctx>> = (0..gc::INLINE_VARSIZE_MAX / 8)
                .flat_map(|e| {
                    let class = gc::size_class(8 * e + 1);
                    [2 * class as u64, gc::class_size(class)]
                })
                .map(|w| i64t.const_int(w, false))
                .collect();
            let table = i64t.const_array(&words);
            let g = self.module.add_global(table.get_type(), None, NAME);
            g.set_linkage(Linkage::Private);
            g.set_constant(true);
            g.set_initializer(&table);
            g
        })
    }

    /// Allocates `size` bytes (at most `SMALL_MAX`) for an object of type
    /// `ti` by bumping the free pointer of its size class's run, as
    /// `rpython::gc` specifies: a slot of the class's size when the run has
    /// one, else `rpy_gc_malloc`. The run's memory is zeroed; the header
    /// (and the length of a variable-sized object) is stored here.
    fn alloc_inline(
        &mut self,
        st: &FnState<'ctx, '_>,
        ti: PointerValue<'ctx>,
        size: u64,
        length: Option<(u64, IntValue<'ctx>)>,
    ) -> R<PointerValue<'ctx>> {
        let class = gc::size_class(size);
        let slot = self.i64().const_int(gc::class_size(class), false);
        let state = self.alloc_state().as_pointer_value();
        let word = |k: usize| {
            let i = [self.i64().const_zero(), self.i64().const_int(k as u64, false)];
            // SAFETY: the index is inside the array.
            unsafe { state.const_in_bounds_gep(&i) }
        };
        let (free_p, limit_p) = (word(2 * class), word(2 * class + 1));
        let slow = self.ctx.append_basic_block(st.func, "alloc.slow");
        self.bump_or_call(st, ti, length, (free_p, limit_p, slot), slow)
    }

    /// The bump of a run (its free and limit words, the slot size) for an
    /// object of type `ti` (with `length`): its header (and length) stored
    /// when the run has room, else the call, in block `slow` (which the
    /// caller may branch to too).
    fn bump_or_call(
        &mut self,
        st: &FnState<'ctx, '_>,
        ti: PointerValue<'ctx>,
        length: Option<(u64, IntValue<'ctx>)>,
        (free_p, limit_p, slot): (PointerValue<'ctx>, PointerValue<'ctx>, IntValue<'ctx>),
        slow: BasicBlock<'ctx>,
    ) -> R<PointerValue<'ctx>> {
        let b = &self.builder;
        let free = b.build_load(free_p, "gc.free")?.into_pointer_value();
        let limit = b.build_load(limit_p, "gc.limit")?.into_pointer_value();
        // SAFETY: an address computation only (not `inbounds`: the slot may
        // lie beyond the run, which the comparison then rejects).
        let next = unsafe { b.build_gep(free, &[slot], "gc.next")? };
        let fits = b.build_int_compare(IntPredicate::ULE, next, limit, "")?;
        let fits = self.expect(fits, true)?;
        let fast = self.ctx.append_basic_block(st.func, "alloc.fast");
        let done = self.ctx.append_basic_block(st.func, "alloc.done");
        let b = &self.builder;
        b.build_conditional_branch(fits, fast, slow)?;
        b.position_at_end(fast);
        b.build_store(free_p, next)?;
        let header = b.build_pointer_cast(free, self.i8ptr().ptr_type(AddressSpace::default()), "")?;
        b.build_store(header, ti)?;
        if let Some((offset, n)) = length {
            self.store(free, self.i64().const_int(offset, false), &SIGNED, n.into())?;
        }
        let b = &self.builder;
        b.build_unconditional_branch(done)?;
        b.position_at_end(slow);
        let called = self.gc_call(ti, length.map(|(_, n)| n))?;
        let b = &self.builder;
        b.build_unconditional_branch(done)?;
        b.position_at_end(done);
        let p = b.build_phi(self.i8ptr(), "obj")?;
        p.add_incoming(&[(&free, fast), (&called, slow)]);
        Ok(p.as_basic_value().into_pointer_value())
    }

    /// `rpy_gc_malloc(ti)`, or `rpy_gc_malloc_varsize(ti, n)` with a length.
    fn gc_call(&mut self, ti: PointerValue<'ctx>, length: Option<IntValue<'ctx>>) -> R<PointerValue<'ctx>> {
        let p = self.i8ptr();
        let (name, fty) = match length {
            None => (gc::MALLOC, p.fn_type(&[p.into()], false)),
            Some(_) => (gc::MALLOC_VARSIZE, p.fn_type(&[p.into(), self.i64().into()], false)),
        };
        let f = match self.module.get_function(name) {
            Some(f) => f,
            None => {
                let f = Self::runtime_fn(self.module.add_function(name, fty, Some(Linkage::External)));
                self.add_fn_attrs(f, &["nounwind"]);
                // A new object: no other pointer the caller has points to it.
                let noalias = self.ctx.create_enum_attribute(Attribute::get_named_enum_kind_id("noalias"), 0);
                f.add_attribute(AttributeLoc::Return, noalias);
                f
            }
        };
        let mut args: Vec<BasicMetadataValueEnum> = vec![ti.into()];
        args.extend(length.map(BasicMetadataValueEnum::from));
        let call = self.builder.build_call(f, &args, "")?;
        Ok(call.try_as_basic_value().basic().expect("malloc returns a pointer").into_pointer_value())
    }

    /// The GC's allocation state, `[NUM_SIZE_CLASSES x { free, limit }]`
    /// seen as an array of pointers.
    fn alloc_state(&self) -> GlobalValue<'ctx> {
        self.module.get_global(gc::ALLOC_STATE).unwrap_or_else(|| {
            let ty = self.i8ptr().array_type(2 * gc::NUM_SIZE_CLASSES as u32);
            let g = Self::runtime_global(self.module.add_global(ty, None, gc::ALLOC_STATE));
            g.set_alignment(8);
            g
        })
    }

    /// A pointer (`i8*`) to the `TypeInfo` of container `c`, emitted once
    /// per module as private constant data: eleven 8-byte words, the tables
    /// of pointer offsets as `u32` arrays, the name as bytes.
    fn type_info(&mut self, c: ContainerId, info: &gc::TypeInfo) -> PointerValue<'ctx> {
        if let Some(g) = self.type_infos.get(&c) {
            return g.as_pointer_value().const_cast(self.i8ptr());
        }
        let u32p = self.i32().ptr_type(AddressSpace::default());
        let base = format!("typeinfo.{}", sanitize(&info.name));
        let table = |suffix: &str, offsets: &[u32]| -> PointerValue<'ctx> {
            if offsets.is_empty() {
                return u32p.const_null();
            }
            let values: Vec<IntValue> = offsets.iter().map(|&o| self.i32().const_int(o as u64, false)).collect();
            let init = self.i32().const_array(&values);
            let g = self.module.add_global(init.get_type(), None, &format!("{base}.{suffix}"));
            g.set_initializer(&init);
            g.set_constant(true);
            g.set_linkage(Linkage::Private);
            g.set_unnamed_addr(true);
            g.set_alignment(4);
            g.as_pointer_value().const_cast(u32p)
        };
        let ptrs = table("ptrs", &info.ptr_offsets);
        let item_ptrs = table("itemptrs", &info.item_ptr_offsets);
        let name = if info.name.is_empty() { self.i8ptr().const_null() } else { self.string(&info.name) };
        let word = |v: u64| -> BasicValueEnum<'ctx> { self.i64().const_int(v, false).into() };
        let words = [
            word(info.fixed_size),
            word(info.flags),
            word(info.length_offset),
            word(info.items_offset),
            word(info.item_size),
            ptrs.into(),
            word(info.ptr_offsets.len() as u64),
            item_ptrs.into(),
            word(info.item_ptr_offsets.len() as u64),
            name.into(),
            word(info.name.len() as u64),
        ];
        let init = self.ctx.const_struct(&words, false);
        let g = self.module.add_global(init.get_type(), None, &base);
        g.set_initializer(&init);
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        // The header holds its address; bit 0 must be clear.
        g.set_alignment(8);
        self.type_infos.insert(c, g);
        g.as_pointer_value().const_cast(self.i8ptr())
    }

    fn int_op(
        &mut self,
        st: &FnState<'ctx, '_>,
        op: &SpaceOperation,
        sub: IntOp,
        signed: bool,
        rtype: &LlType,
    ) -> R<BasicValueEnum<'ctx>> {
        let x = self.int(st, &op.args[0])?;
        let ty = x.get_type();
        let bits = ty.get_bit_width();
        let y = || -> R<IntValue<'ctx>> {
            let y =
                self.int(st, op.args.get(1).ok_or_else(|| CgError(format!("{} needs two operands", op.opname)))?)?;
            // Shift counts, exponents and rotations may come as `rffi.UINT`.
            self.resize(y, ty, false)
        };
        let b = &self.builder;
        let s = |signed_name: &str, unsigned_name: &str| {
            if signed {
                signed_name.to_string()
            } else {
                unsigned_name.to_string()
            }
        };
        let pred = |sp: IntPredicate, up: IntPredicate| if signed { sp } else { up };
        let bool_ty = self.ctx.bool_type();
        let cmp = |p: IntPredicate| -> R<BasicValueEnum<'ctx>> { Ok(b.build_int_compare(p, x, y()?, "")?.into()) };
        let checked_ty = || -> R<inkwell::types::StructType<'ctx>> {
            Ok(self
                .llvm_type(rtype)
                .ok_or_else(|| CgError(format!("{} result type {rtype}", op.opname)))?
                .into_struct_type())
        };
        // (true, v) if `ok`, else (false, 0).
        let checked = |ok: IntValue<'ctx>, v: IntValue<'ctx>| -> R<BasicValueEnum<'ctx>> {
            let v = b.build_select(ok, v, ty.const_zero(), "")?;
            let agg = checked_ty()?.get_undef();
            let agg = b.build_insert_value(agg, ok, 0, "")?;
            Ok(b.build_insert_value(agg, v, 1, "")?.as_basic_value_enum())
        };
        let overflow = |intr: &str, l: IntValue<'ctx>, r: IntValue<'ctx>| -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
            let pair = self.call_intrinsic(intr, &[ty.into()], &[l.into(), r.into()])?.into_struct_value();
            let v = b.build_extract_value(pair, 0, "")?.into_int_value();
            let ov = b.build_extract_value(pair, 1, "")?.into_int_value();
            Ok((v, ov))
        };
        let all_ones = ty.const_all_ones();
        let (min, max) = if signed {
            (self.const_int(1i128 << (bits - 1), bits), self.const_int((1i128 << (bits - 1)) - 1, bits))
        } else {
            (ty.const_zero(), all_ones)
        };
        // Whether a division by `d` is defined: d != 0, and not MIN / -1.
        let div_ok = |d: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            let nonzero = b.build_int_compare(IntPredicate::NE, d, ty.const_zero(), "")?;
            if !signed || bits == 1 {
                return Ok(nonzero);
            }
            let is_min = b.build_int_compare(IntPredicate::EQ, x, min, "")?;
            let minus_one = b.build_int_compare(IntPredicate::EQ, d, all_ones, "")?;
            let ovf = b.build_and(is_min, minus_one, "")?;
            Ok(b.build_and(nonzero, b.build_not(ovf, "")?, "")?)
        };
        Ok(match sub {
            IntOp::Add => b.build_int_add(x, y()?, "")?.into(),
            IntOp::Sub => b.build_int_sub(x, y()?, "")?.into(),
            IntOp::Mul => b.build_int_mul(x, y()?, "")?.into(),
            IntOp::Neg => b.build_int_neg(x, "")?.into(),
            IntOp::Abs => self.call_intrinsic("llvm.abs", &[ty.into()], &[x.into(), bool_ty.const_zero().into()])?,
            IntOp::Invert => b.build_not(x, "")?.into(),
            IntOp::And => b.build_and(x, y()?, "")?.into(),
            IntOp::Or => b.build_or(x, y()?, "")?.into(),
            IntOp::Xor => b.build_xor(x, y()?, "")?.into(),
            IntOp::Floordiv if signed => b.build_int_signed_div(x, y()?, "")?.into(),
            IntOp::Floordiv => b.build_int_unsigned_div(x, y()?, "")?.into(),
            IntOp::Mod if signed => b.build_int_signed_rem(x, y()?, "")?.into(),
            IntOp::Mod => b.build_int_unsigned_rem(x, y()?, "")?.into(),
            IntOp::Lshift => b.build_left_shift(x, y()?, "")?.into(),
            IntOp::Rshift => b.build_right_shift(x, y()?, signed, "")?.into(),
            IntOp::Lt => cmp(pred(IntPredicate::SLT, IntPredicate::ULT))?,
            IntOp::Le => cmp(pred(IntPredicate::SLE, IntPredicate::ULE))?,
            IntOp::Eq => cmp(IntPredicate::EQ)?,
            IntOp::Ne => cmp(IntPredicate::NE)?,
            IntOp::Gt => cmp(pred(IntPredicate::SGT, IntPredicate::UGT))?,
            IntOp::Ge => cmp(pred(IntPredicate::SGE, IntPredicate::UGE))?,
            IntOp::Min => self.call_intrinsic(&s("llvm.smin", "llvm.umin"), &[ty.into()], &[x.into(), y()?.into()])?,
            IntOp::Max => self.call_intrinsic(&s("llvm.smax", "llvm.umax"), &[ty.into()], &[x.into(), y()?.into()])?,
            IntOp::AddOvf | IntOp::SubOvf | IntOp::MulOvf => {
                let base = &sub.name()[..3];
                overflow(&format!("llvm.{}{base}.with.overflow", s("s", "u")), x, y()?)?.1.into()
            }
            IntOp::NegOvf => overflow("llvm.ssub.with.overflow", ty.const_zero(), x)?.1.into(),
            IntOp::AddChecked | IntOp::SubChecked | IntOp::MulChecked => {
                let base = &sub.name()[..3];
                let (v, ov) = overflow(&format!("llvm.{}{base}.with.overflow", s("s", "u")), x, y()?)?;
                checked(b.build_not(ov, "")?, v)?
            }
            IntOp::NegChecked => {
                let (v, ov) = overflow("llvm.ssub.with.overflow", ty.const_zero(), x)?;
                checked(b.build_not(ov, "")?, v)?
            }
            IntOp::FloordivChecked | IntOp::ModChecked => {
                let d = y()?;
                let ok = div_ok(d)?;
                // Divide by 1 where the division is undefined, so the
                // division never traps; the select then discards it.
                let safe = b.build_select(ok, d, ty.const_int(1, false), "")?.into_int_value();
                let v = match (sub, signed) {
                    (IntOp::FloordivChecked, true) => b.build_int_signed_div(x, safe, "")?,
                    (IntOp::FloordivChecked, false) => b.build_int_unsigned_div(x, safe, "")?,
                    (_, true) => b.build_int_signed_rem(x, safe, "")?,
                    (_, false) => b.build_int_unsigned_rem(x, safe, "")?,
                };
                checked(ok, v)?
            }
            IntOp::LshiftChecked => {
                let n = self.int(st, &op.args[1])?;
                let ok = b.build_int_compare(IntPredicate::ULT, n, n.get_type().const_int(bits as u64, false), "")?;
                let amount = self.resize(n, ty, false)?;
                let amount = b.build_and(amount, ty.const_int(bits as u64 - 1, false), "")?;
                checked(ok, b.build_left_shift(x, amount, "")?)?
            }
            IntOp::AddSat => {
                self.call_intrinsic(&s("llvm.sadd.sat", "llvm.uadd.sat"), &[ty.into()], &[x.into(), y()?.into()])?
            }
            IntOp::SubSat => {
                self.call_intrinsic(&s("llvm.ssub.sat", "llvm.usub.sat"), &[ty.into()], &[x.into(), y()?.into()])?
            }
            IntOp::MulSat => {
                let r = y()?;
                let (v, ov) = overflow(&s("llvm.smul.with.overflow", "llvm.umul.with.overflow"), x, r)?;
                let sat = if signed {
                    // The exact product is negative iff the signs differ.
                    let neg = b.build_int_compare(IntPredicate::SLT, b.build_xor(x, r, "")?, ty.const_zero(), "")?;
                    b.build_select(neg, min, max, "")?.into_int_value()
                } else {
                    max
                };
                b.build_select(ov, sat, v, "")?
            }
            // The exponent keeps its own width (`rffi.UINT`): narrowed to
            // the base's, `3u8.pow(256)` would be 1.
            IntOp::Pow => self.int_pow(st, x, self.int(st, &op.args[1])?, None)?.0.into(),
            IntOp::PowChecked => {
                let mul = |l, r| overflow(&s("llvm.smul.with.overflow", "llvm.umul.with.overflow"), l, r);
                let (v, ok) = self.int_pow(st, x, self.int(st, &op.args[1])?, Some(&mul))?;
                checked(ok.expect("asked for"), v)?
            }
            IntOp::Rotl | IntOp::Rotr => {
                let n = y()?;
                let intr = if sub == IntOp::Rotl { "llvm.fshl" } else { "llvm.fshr" };
                self.call_intrinsic(intr, &[ty.into()], &[x.into(), x.into(), n.into()])?
            }
            IntOp::Clz | IntOp::Ctz | IntOp::Popcount => {
                let (intr, extra) = match sub {
                    IntOp::Clz => ("llvm.ctlz", true),
                    IntOp::Ctz => ("llvm.cttz", true),
                    _ => ("llvm.ctpop", false),
                };
                let mut args: Vec<BasicMetadataValueEnum> = vec![x.into()];
                if extra {
                    // `is_zero_poison = false`: Rust defines clz(0) as the width.
                    args.push(bool_ty.const_zero().into());
                }
                let n = self.call_intrinsic(intr, &[ty.into()], &args)?.into_int_value();
                let to = self.int_type(rtype.int_bits().unwrap_or(32));
                self.resize(n, to, false)?.into()
            }
        })
    }

    /// `x ** e` wrapping, by squaring: an inline loop over the bits of `e`.
    /// `x` to the `e` by squaring, wrapping; with `mul_overflow` (the
    /// multiplication with its overflow flag) also whether it stayed in
    /// range, as Rust's `checked_pow`: the last squaring of the base, whose
    /// result is never used, does not count.
    fn int_pow(
        &self,
        st: &FnState<'ctx, '_>,
        x: IntValue<'ctx>,
        e: IntValue<'ctx>,
        mul_overflow: Option<&dyn Fn(IntValue<'ctx>, IntValue<'ctx>) -> R<(IntValue<'ctx>, IntValue<'ctx>)>>,
    ) -> R<(IntValue<'ctx>, Option<IntValue<'ctx>>)> {
        let b = &self.builder;
        let (ty, ety) = (x.get_type(), e.get_type());
        let bool_ty = self.ctx.bool_type();
        let pre = b.get_insert_block().expect("positioned");
        let head = self.ctx.append_basic_block(st.func, "pow.head");
        let body = self.ctx.append_basic_block(st.func, "pow.body");
        let done = self.ctx.append_basic_block(st.func, "pow.done");
        b.build_unconditional_branch(head)?;
        b.position_at_end(head);
        let base = b.build_phi(ty, "pow.base")?;
        let exp = b.build_phi(ety, "pow.exp")?;
        let acc = b.build_phi(ty, "pow.acc")?;
        let ok = b.build_phi(bool_ty, "pow.ok")?;
        let more =
            b.build_int_compare(IntPredicate::NE, exp.as_basic_value().into_int_value(), ety.const_zero(), "")?;
        b.build_conditional_branch(more, body, done)?;
        b.position_at_end(body);
        let (bv, ev, av, okv) = (
            base.as_basic_value().into_int_value(),
            exp.as_basic_value().into_int_value(),
            acc.as_basic_value().into_int_value(),
            ok.as_basic_value().into_int_value(),
        );
        let odd =
            b.build_int_compare(IntPredicate::NE, b.build_and(ev, ety.const_int(1, false), "")?, ety.const_zero(), "")?;
        let exp2 = b.build_right_shift(ev, ety.const_int(1, false), false, "")?;
        let (times, base2, ok2) = match mul_overflow {
            Some(mul) => {
                let ((times, ovf_acc), (base2, ovf_base)) = (mul(av, bv)?, mul(bv, bv)?);
                let again = b.build_int_compare(IntPredicate::NE, exp2, ety.const_zero(), "")?;
                let bad = b.build_or(b.build_and(odd, ovf_acc, "")?, b.build_and(again, ovf_base, "")?, "")?;
                (times, base2, b.build_and(okv, b.build_not(bad, "")?, "")?)
            }
            None => (b.build_int_mul(av, bv, "")?, b.build_int_mul(bv, bv, "")?, okv),
        };
        let acc2 = b.build_select(odd, times, av, "")?.into_int_value();
        b.build_unconditional_branch(head)?;
        base.add_incoming(&[(&x, pre), (&base2, body)]);
        exp.add_incoming(&[(&e, pre), (&exp2, body)]);
        acc.add_incoming(&[(&ty.const_int(1, false), pre), (&acc2, body)]);
        ok.add_incoming(&[(&bool_ty.const_all_ones(), pre), (&ok2, body)]);
        b.position_at_end(done);
        Ok((av, mul_overflow.map(|_| okv)))
    }

    fn float_op(&mut self, st: &FnState<'ctx, '_>, op: &SpaceOperation, sub: FloatOp) -> R<BasicValueEnum<'ctx>> {
        let x = self.val(st, &op.args[0])?.into_float_value();
        let y = || -> R<inkwell::values::FloatValue<'ctx>> {
            Ok(self
                .val(st, op.args.get(1).ok_or_else(|| CgError(format!("{} needs two operands", op.opname)))?)?
                .into_float_value())
        };
        let b = &self.builder;
        let f64t: BasicTypeEnum = self.f64().into();
        let unary = |intr: &str| self.call_intrinsic(intr, &[f64t], &[x.into()]);
        let cmp = |p: FloatPredicate| -> R<BasicValueEnum<'ctx>> { Ok(b.build_float_compare(p, x, y()?, "")?.into()) };
        Ok(match sub {
            FloatOp::Add => b.build_float_add(x, y()?, "")?.into(),
            FloatOp::Sub => b.build_float_sub(x, y()?, "")?.into(),
            FloatOp::Mul => b.build_float_mul(x, y()?, "")?.into(),
            FloatOp::Truediv => b.build_float_div(x, y()?, "")?.into(),
            FloatOp::Mod => b.build_float_rem(x, y()?, "")?.into(),
            FloatOp::Neg => b.build_float_neg(x, "")?.into(),
            FloatOp::Abs => unary("llvm.fabs")?,
            FloatOp::Sqrt => unary("llvm.sqrt")?,
            FloatOp::Floor => unary("llvm.floor")?,
            FloatOp::Ceil => unary("llvm.ceil")?,
            FloatOp::Sin => unary("llvm.sin")?,
            FloatOp::Cos => unary("llvm.cos")?,
            FloatOp::Exp => unary("llvm.exp")?,
            FloatOp::Log => unary("llvm.log")?,
            FloatOp::Log10 => unary("llvm.log10")?,
            FloatOp::Log2 => unary("llvm.log2")?,
            FloatOp::Tan => self.call_libm("tan", &[x.into()])?,
            FloatOp::Asin => self.call_libm("asin", &[x.into()])?,
            FloatOp::Acos => self.call_libm("acos", &[x.into()])?,
            FloatOp::Atan => self.call_libm("atan", &[x.into()])?,
            FloatOp::Atan2 => self.call_libm("atan2", &[x.into(), y()?.into()])?,
            FloatOp::Pow => self.call_intrinsic("llvm.pow", &[f64t], &[x.into(), y()?.into()])?,
            FloatOp::Powi => {
                let n = self.int(st, &op.args[1])?;
                let n = self.resize(n, self.i32(), true)?;
                self.call_intrinsic("llvm.powi", &[f64t, self.i32().into()], &[x.into(), n.into()])?
            }
            FloatOp::Min => self.call_intrinsic("llvm.minnum", &[f64t], &[x.into(), y()?.into()])?,
            FloatOp::Max => self.call_intrinsic("llvm.maxnum", &[f64t], &[x.into(), y()?.into()])?,
            FloatOp::Lt => cmp(FloatPredicate::OLT)?,
            FloatOp::Le => cmp(FloatPredicate::OLE)?,
            FloatOp::Eq => cmp(FloatPredicate::OEQ)?,
            // Rust's `!=` is true when either side is NaN.
            FloatOp::Ne => cmp(FloatPredicate::UNE)?,
            FloatOp::Gt => cmp(FloatPredicate::OGT)?,
            FloatOp::Ge => cmp(FloatPredicate::OGE)?,
        })
    }

    // ----- exported wrappers -----

    fn wrapper(&mut self, e: &Export) -> R<()> {
        let t = self.t;
        let g = &t.graphs[e.graph];
        let param_types: Vec<LlType> =
            g.blocks[g.startblock].inputargs.iter().map(|v| var_type(g, *v).clone()).collect();
        let ret = var_type(g, g.blocks[g.returnblock].inputargs[0]).clone();
        let sret = matches!(ret, LlType::Struct(_));
        let mut abi_params: Vec<BasicMetadataTypeEnum> = Vec::new();
        if sret {
            abi_params.push(self.i64().ptr_type(AddressSpace::default()).into());
        }
        for p in &param_types {
            let mut ls = Vec::new();
            leaves(p, &mut ls);
            for l in ls {
                abi_params.push(if l == LlType::Float { self.f64().into() } else { self.i64().into() });
            }
        }
        let fty = match &ret {
            LlType::Void | LlType::Struct(_) => self.ctx.void_type().fn_type(&abi_params, false),
            LlType::Float => self.f64().fn_type(&abi_params, false),
            t if is_int_like(t) || matches!(t, LlType::Ptr(_) | LlType::FuncPtr(..)) => {
                self.i64().fn_type(&abi_params, false)
            }
            other => return Err(CgError(format!("cannot export a function returning {other}"))),
        };
        if self.module.get_function(&e.symbol).is_some() {
            return Err(CgError(format!("exported symbol {} collides with another function", e.symbol)));
        }
        let f = self.module.add_function(&e.symbol, fty, Some(Linkage::External));
        f.as_global_value().set_visibility(GlobalVisibility::Hidden);
        self.add_fn_attrs(f, &["nounwind", "uwtable"]);
        let entry = self.ctx.append_basic_block(f, "entry");
        self.builder.position_at_end(entry);
        let mut params = f.get_param_iter().collect::<Vec<_>>().into_iter();
        let out = if sret { Some(params.next().unwrap().into_pointer_value()) } else { None };
        let mut args: Vec<BasicMetadataValueEnum> = Vec::new();
        for p in &param_types {
            if let Some(v) = self.param_from_leaves(p, &mut params)? {
                args.push(v.into());
            }
        }
        let call = self.builder.build_call(self.funcs[&e.graph], &args, "")?;
        let result = call.try_as_basic_value().basic();
        match (&ret, result) {
            (LlType::Void, _) => {
                self.builder.build_return(None)?;
            }
            (LlType::Struct(_), Some(v)) => {
                let mut slot = 0;
                self.store_leaves(v, &ret, out.unwrap(), &mut slot)?;
                self.builder.build_return(None)?;
            }
            (LlType::Float, Some(v)) => {
                self.builder.build_return(Some(&v))?;
            }
            (LlType::Ptr(_) | LlType::FuncPtr(..), Some(v)) => {
                let v = self.builder.build_ptr_to_int(v.into_pointer_value(), self.i64(), "")?;
                self.builder.build_return(Some(&v))?;
            }
            (t, Some(v)) => {
                let v = self.resize(v.into_int_value(), self.i64(), t.is_signed())?;
                self.builder.build_return(Some(&v))?;
            }
            (_, None) => return Err(CgError("call without a result".into())),
        }
        Ok(())
    }

    /// Rebuilds a value of type `t` from the wrapper's flattened parameters.
    fn param_from_leaves(
        &self,
        t: &LlType,
        params: &mut impl Iterator<Item = BasicValueEnum<'ctx>>,
    ) -> R<Option<BasicValueEnum<'ctx>>> {
        Ok(Some(match t {
            LlType::Void => return Ok(None),
            LlType::Float => params.next().expect("ABI parameter"),
            LlType::Ptr(_) | LlType::FuncPtr(..) => {
                let p = params.next().expect("ABI parameter").into_int_value();
                self.builder.build_int_to_ptr(p, self.i8ptr(), "")?.into()
            }
            LlType::Struct(fields) => {
                let sty = self.llvm_type(t).unwrap().into_struct_type();
                let mut agg = sty.get_undef();
                for (i, f) in fields.iter().enumerate() {
                    if let Some(v) = self.param_from_leaves(f, params)? {
                        agg = self.builder.build_insert_value(agg, v, i as u32, "")?.into_struct_value();
                    }
                }
                agg.into()
            }
            int => {
                let p = params.next().expect("ABI parameter").into_int_value();
                let ty = self.llvm_type(int).unwrap().into_int_type();
                self.resize(p, ty, false)?.into()
            }
        }))
    }

    /// Stores the leaves of `v` (of type `t`) into consecutive 8-byte slots.
    fn store_leaves(&self, v: BasicValueEnum<'ctx>, t: &LlType, out: PointerValue<'ctx>, slot: &mut u64) -> R<()> {
        match t {
            LlType::Void => {}
            LlType::Struct(fields) => {
                for (i, f) in fields.iter().enumerate() {
                    if *f == LlType::Void {
                        continue;
                    }
                    let fv = self.builder.build_extract_value(v.into_struct_value(), i as u32, "")?;
                    self.store_leaves(fv, f, out, slot)?;
                }
            }
            scalar => {
                let idx = self.i64().const_int(*slot, false);
                // SAFETY (of the emitted code): the caller passes a buffer
                // with one slot per leaf of the result type.
                let p = unsafe { self.builder.build_in_bounds_gep(out, &[idx], "")? };
                if *scalar == LlType::Float {
                    let fp = self.builder.build_pointer_cast(p, self.f64().ptr_type(AddressSpace::default()), "")?;
                    self.builder.build_store(fp, v)?;
                } else if let LlType::Ptr(_) | LlType::FuncPtr(..) = scalar {
                    let addr = self.builder.build_ptr_to_int(v.into_pointer_value(), self.i64(), "")?;
                    self.builder.build_store(p, addr)?;
                } else {
                    let wide = self.resize(v.into_int_value(), self.i64(), scalar.is_signed())?;
                    self.builder.build_store(p, wide)?;
                }
                *slot += 1;
            }
        }
        Ok(())
    }
}

/// Sets the alignment of a load to the natural alignment of `t` in memory.
fn set_alignment(load: BasicValueEnum<'_>, t: &LlType) {
    if let Some(i) = load.as_instruction_value() {
        i.set_alignment(size_align(t).1 as u32).expect("a load has an alignment");
    }
}

/// Whether `obj`, the object of the current `setfield`, was allocated
/// just before in its block, only its fields set since: no trace can have
/// read a field of it, so storing its quasi-immutable fields invalidates
/// nothing (and a trace in progress need not be given up for it).
fn initializing(st: &FnState<'_, '_>, obj: &Value) -> bool {
    let Value::Var(v) = obj else { return false };
    let (b, k) = st.at;
    for op in st.g.blocks[b].operations[..k].iter().rev() {
        match LlOp::from_name(&op.opname) {
            Some(LlOp::Setfield) if op.args.first() == Some(obj) => continue,
            Some(LlOp::Malloc | LlOp::MallocVarsize) => return op.result == *v,
            _ => return false,
        }
    }
    false
}

fn var_type(g: &FunctionGraph, v: VarId) -> &LlType {
    g.vars[v].concretetype.as_ref().unwrap_or_else(|| panic!("{} of {} is not rtyped", g.var_name(v), g.name))
}

fn const_arg(op: &SpaceOperation, i: usize) -> R<&ConstValue> {
    match op.args.get(i) {
        Some(Value::Const(c)) => Ok(&c.value),
        _ => Err(CgError(format!("{}: operand {i} must be a constant", op.opname))),
    }
}

fn str_arg(op: &SpaceOperation, i: usize) -> R<&str> {
    match const_arg(op, i)? {
        ConstValue::Str(s) => Ok(s),
        other => Err(CgError(format!("{}: {other} is not a text", op.opname))),
    }
}

fn pos_arg(op: &SpaceOperation, i: usize) -> R<(u32, u32)> {
    match const_arg(op, i)? {
        ConstValue::Pos(p) => Ok((p.line, p.col)),
        other => Err(CgError(format!("{}: {other} is not a position", op.opname))),
    }
}
