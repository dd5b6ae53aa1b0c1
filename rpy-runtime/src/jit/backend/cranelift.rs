//! The Cranelift backend: a trace to Cranelift's IR, compiled for the
//! machine the program runs on (x86-64 or AArch64).
//!
//! The code is a function `u64 code(u64 *frame, at_label, r0..r3)` of
//! Cranelift's `tail` calling convention: its first `REG_INPUTS` input
//! arguments come in `r0..r3` (floats as their bits), the others in their
//! slots of `frame`; a guard failing goes on in its bridge if it has one
//! (a tail call, the bridge's inputs being the guard's fail arguments),
//! else writes them all into `frame` in order and returns the `exit`. A
//! trace ending in a jump to other code tail-calls it with that code's
//! inputs the same way. The dispatcher enters code through the
//! trampoline (a function of the platform's calling convention).
//! Cranelift's spill slots are on the machine stack, which the collector
//! scans.

use super::super::interp::Tables;
use super::super::trace::{ResOp, Trace, Value};
use super::{
    exit, float_acos, float_asin, float_atan, float_atan2, float_cos, float_exp, float_log, float_log10, float_log2,
    float_max, float_min, float_mod, float_pow, float_powi, float_sin, float_tan, install, never_young, Backend,
    CompiledLoop, Links, FINISHED, FRAME_SLOTS, NOT_ENTERED,
};
use crate::gc::{self, HDR_TRACK};
use cranelift_codegen::control::ControlPlane;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    self, types, AbiParam, BlockArg, InstBuilder, MemFlagsData, Signature, StackSlotData, StackSlotKind, UserFuncName,
};
use cranelift_codegen::isa::{CallConv, OwnedTargetIsa};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use rpy_jitcode::{Descr, JitModule, Kind, Leaf, OnWord, Op};
use std::collections::HashSet;
use std::sync::OnceLock;

/// The inputs code takes as arguments of its call, in registers, rather
/// than in the frame: a guard going on into its bridge and a bridge into
/// its loop pass them without a store and a load each (mandel.b crosses
/// from code to code 150 million times). Four, so that with the frame and
/// the flag they are in registers on both targets.
const REG_INPUTS: usize = 4;

/// `u64 trampoline(code, frame)`: calls `code` (`tail` convention) from
/// the platform's convention. Its address: it is never freed.
pub(super) fn trampoline() -> Result<usize, String> {
    static T: OnceLock<Result<usize, String>> = OnceLock::new();
    if let Some(t) = T.get() {
        return t.clone();
    }
    // Made holding the GIL, which `install` takes: a thread holding it
    // must not wait for another making the trampoline without it.
    gc::holding_gil(|| {
        T.get_or_init(|| {
            let isa = isa()?;
            let cc = isa.default_call_conv();
            let mut sig = Signature::new(cc);
            sig.params.extend([AbiParam::new(types::I64), AbiParam::new(types::I64)]);
            sig.returns.push(AbiParam::new(types::I64));
            let mut func = ir::Function::with_name_signature(UserFuncName::default(), sig);
            let mut fctx = FunctionBuilderContext::new();
            let mut b = FunctionBuilder::new(&mut func, &mut fctx);
            let code_sig = b.import_signature(code_signature());
            let block = b.create_block();
            b.append_block_params_for_function_params(block);
            b.switch_to_block(block);
            b.seal_block(block);
            let (code, frame) = (b.block_params(block)[0], b.block_params(block)[1]);
            let mut args = vec![frame, b.ins().iconst(types::I64, 0)];
            args.extend((0..REG_INPUTS).map(|i| b.ins().load(types::I64, flags(), frame, 8 * i as i32)));
            let call = b.ins().call_indirect(code_sig, code, &args);
            let r = b.inst_results(call)[0];
            b.ins().return_(&[r]);
            b.finalize(isa.frontend_config());
            Ok(install(&mut finish(func)?)?.0)
        })
    })
    .clone()
}

/// The arguments of a call of compiled code (`code_signature`).
fn code_args(frame: ir::Value, at_label: ir::Value, in_regs: &[ir::Value]) -> Vec<ir::Value> {
    [&[frame, at_label][..], in_regs].concat()
}

/// The signature of compiled code: `u64 code(u64 *frame, u64 at_label,
/// u64 r0..r3)`, `tail`; `at_label` is 1 when code jumps to another loop's
/// label (its inputs are then the label's arguments), else 0; `r0..r3`
/// the first `REG_INPUTS` inputs.
fn code_signature() -> Signature {
    let mut sig = Signature::new(CallConv::Tail);
    sig.params.extend([AbiParam::new(types::I64); 2 + REG_INPUTS]);
    sig.returns.push(AbiParam::new(types::I64));
    sig
}

thread_local! {
    /// Cranelift's contexts, kept from one compilation to the next so that
    /// their memory is reused (allocating them afresh took 6% of mandel.b's
    /// backend time).
    static CONTEXT: std::cell::RefCell<cranelift_codegen::Context> = std::cell::RefCell::new(cranelift_codegen::Context::new());
    static BUILDER: std::cell::Cell<Option<FunctionBuilderContext>> = const { std::cell::Cell::new(None) };
}

/// A function builder's context, empty (`FunctionBuilder::finalize` leaves
/// it so); give it back with `builder_done`.
fn builder_context() -> FunctionBuilderContext {
    BUILDER.take().unwrap_or_default()
}

fn builder_done(fctx: FunctionBuilderContext) {
    BUILDER.set(Some(fctx));
}

/// The most instructions of a function whose compilation leaves its
/// context's memory to the next one (most traces are far smaller).
const LARGE_FUNCTION: usize = 1000;

/// Compiles a function to machine code.
fn finish(func: ir::Function) -> Result<Vec<u8>, String> {
    let isa = isa()?;
    CONTEXT.with_borrow_mut(|ctx| {
        ctx.clear();
        ctx.func = func;
        let code =
            ctx.compile(&**isa, &mut ControlPlane::default()).map_err(|e| format!("Cranelift: {:?}", e.inner))?;
        if !code.buffer.relocs().is_empty() {
            return Err("the code needs relocations".into());
        }
        let bytes = code.code_buffer().to_vec();
        // The context's buffers grow to the largest function compiled and
        // stay so: after a large one they are given back (fib's deep
        // bridges kept 1.7 MB of register allocation for the rest of the
        // run, a tenth of its peak memory).
        if ctx.func.dfg.num_insts() > LARGE_FUNCTION {
            *ctx = cranelift_codegen::Context::new();
        }
        Ok(bytes)
    })
}

fn isa() -> Result<&'static OwnedTargetIsa, String> {
    static ISA: OnceLock<Result<OwnedTargetIsa, String>> = OnceLock::new();
    ISA.get_or_init(|| {
        let mut flags = settings::builder();
        flags.set("opt_level", "speed").map_err(|e| e.to_string())?;
        flags.set("is_pic", "false").map_err(|e| e.to_string())?;
        // Cranelift's tail calls need frame pointers.
        flags.set("preserve_frame_pointers", "true").map_err(|e| e.to_string())?;
        // The traces are checked by construction; the verifier costs a
        // tenth of the compile time.
        flags.set("enable_verifier", "false").map_err(|e| e.to_string())?;
        let builder = cranelift_native::builder().map_err(|e| e.to_string())?;
        builder.finish(settings::Flags::new(flags)).map_err(|e| e.to_string())
    })
    .as_ref()
    .map_err(|e| e.clone())
}

fn clif_type(k: Kind) -> ir::Type {
    match k {
        Kind::Float => types::F64,
        _ => types::I64,
    }
}

struct Lower<'a, 'b, 'l> {
    b: FunctionBuilder<'b>,
    m: &'a JitModule,
    t: &'a Tables<'a>,
    trace: &'a Trace,
    vars: Vec<Option<ir::Value>>,
    wrapper_sig: ir::SigRef,
    /// The platform's calling convention, for calls out of the code.
    native: CallConv,
    fail_blocks: Vec<(ir::Block, Vec<ir::Value>)>,
    /// The leaves of the last call returning a by-value struct.
    call_results: Vec<ir::Value>,
    links: &'a Links<'l>,
    code_sig: ir::SigRef,
    /// The frame `call_assembler`s give the code they call.
    assembler_frame: Option<ir::StackSlot>,
    /// The address of the code's invalidation word.
    invalidated: usize,
    /// Objects allocated since the last operation that can collect: a
    /// collection makes survivors old, so until then they are young and
    /// stores into them need no write barrier (module gc).
    fresh: HashSet<ir::Value>,
}

fn flags() -> MemFlagsData {
    MemFlagsData::trusted()
}

impl Lower<'_, '_, '_> {
    fn value(&mut self, v: &Value) -> ir::Value {
        match *v {
            Value::Var(n) => self.vars[n as usize].expect("a variable defined before its use"),
            Value::Const(x, Kind::Float) => self.b.ins().f64const(f64::from_bits(x)),
            Value::Const(x, _) => self.b.ins().iconst(types::I64, x as i64),
        }
    }

    fn bool_to_int(&mut self, c: ir::Value) -> ir::Value {
        self.b.ins().uextend(types::I64, c)
    }

    /// A field read that may meet a tagged word in `obj` (`OnWord`): the
    /// word's own value then, the memory's otherwise.
    fn getfield_on_word(&mut self, obj: ir::Value, leaf: &Leaf, on_word: OnWord) -> ir::Value {
        let (word, object, done) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        // (A tag read mostly meets objects, an integer read words.)
        self.b.set_cold_block(if on_word == OnWord::Int { object } else { word });
        let v = self.b.append_block_param(done, types::I64);
        let low = self.b.ins().band_imm_u(obj, 1);
        self.b.ins().brif(low, word, &[], object, &[]);
        self.b.switch_to_block(word);
        self.b.seal_block(word);
        let w = match on_word {
            OnWord::Tag(t) => self.b.ins().iconst(types::I64, t as i64),
            OnWord::Int => self.b.ins().sshr_imm_u(obj, 1),
            OnWord::Never => unreachable!("a field read on words"),
        };
        self.b.ins().jump(done, &[BlockArg::Value(w)]);
        self.b.switch_to_block(object);
        self.b.seal_block(object);
        let m = self.load_leaf(obj, leaf);
        self.b.ins().jump(done, &[BlockArg::Value(m)]);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
        v
    }

    fn load_leaf(&mut self, addr: ir::Value, leaf: &Leaf) -> ir::Value {
        let off = leaf.offset as i32;
        let ins = self.b.ins();
        match (leaf.kind, leaf.size, leaf.signed) {
            (Kind::Float, _, _) => ins.load(types::F64, flags(), addr, off),
            (_, 1, false) => ins.uload8(types::I64, flags(), addr, off),
            (_, 1, true) => ins.sload8(types::I64, flags(), addr, off),
            (_, 2, false) => ins.uload16(types::I64, flags(), addr, off),
            (_, 2, true) => ins.sload16(types::I64, flags(), addr, off),
            (_, 4, false) => ins.uload32(flags(), addr, off),
            (_, 4, true) => ins.sload32(flags(), addr, off),
            _ => ins.load(types::I64, flags(), addr, off),
        }
    }

    /// Stores `v` (the trace's `stored`) at `addr + leaf.offset`; `obj` is
    /// the object written (for the write barrier of pointer stores).
    fn store_leaf(&mut self, obj: ir::Value, addr: ir::Value, leaf: &Leaf, v: ir::Value, stored: &Value) {
        let off = leaf.offset as i32;
        if leaf.kind == Kind::Ref && !self.fresh.contains(&obj) && !never_young(stored) {
            self.write_barrier(obj);
        }
        let ins = self.b.ins();
        match (leaf.kind, leaf.size) {
            (Kind::Float, _) => ins.store(flags(), v, addr, off),
            (_, 1) => ins.istore8(flags(), v, addr, off),
            (_, 2) => ins.istore16(flags(), v, addr, off),
            (_, 4) => ins.istore32(flags(), v, addr, off),
            _ => ins.store(flags(), v, addr, off),
        };
    }

    /// `new_tagged`: the word `(x << 1) | 1` when shifting it back gives
    /// `x`, else an object of type `ti` with `tag` and `x` at `offset`.
    fn new_tagged(&mut self, ti: *const gc::TypeInfo, tag: u16, offset: u32, x: ir::Value) -> ir::Value {
        let shifted = self.b.ins().ishl_imm_u(x, 1);
        let back = self.b.ins().sshr_imm_u(shifted, 1);
        let fits = self.b.ins().icmp(IntCC::Equal, back, x);
        let (word, object, done) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(object);
        let v = self.b.append_block_param(done, types::I64);
        self.b.ins().brif(fits, word, &[], object, &[]);
        self.b.switch_to_block(word);
        self.b.seal_block(word);
        let w = self.b.ins().bor_imm_u(shifted, 1);
        self.b.ins().jump(done, &[BlockArg::Value(w)]);
        self.b.switch_to_block(object);
        self.b.seal_block(object);
        let args = [ti as i64, tag as i64, offset as i64].map(|k| self.b.ins().iconst(types::I64, k));
        let addr = super::new_tagged_object as *const u8 as u64;
        let obj = self.call_addr(addr, &[args[0], args[1], args[2], x], &[types::I64; 4], Some(types::I64));
        self.b.ins().jump(done, &[BlockArg::Value(obj.expect("a result"))]);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
        v
    }

    /// A new zeroed object of type `ti` (of `length` items when varsize):
    /// the GC's allocation fast path inline (a bump in its size class's
    /// run, the header and length stored), its slow path called when the
    /// run is exhausted or the object is large. Nothing between the bump
    /// and the stores can collect.
    fn malloc(&mut self, ti: *const gc::TypeInfo, length: Option<usize>) -> ir::Value {
        // SAFETY: the module's type infos are static.
        let info = unsafe { &*ti };
        let size = info.size_for_length(length.unwrap_or(0));
        let class = size.map_or(gc::LARGE_CLASS, gc::size_class);
        let tiv = self.b.ins().iconst(types::I64, ti as i64);
        let slow_call = |this: &mut Self, tiv: ir::Value| match length {
            None => this.call_addr(gc::rpy_gc_malloc as *const u8 as u64, &[tiv], &[types::I64], Some(types::I64)),
            Some(n) => {
                let n = this.b.ins().iconst(types::I64, n as i64);
                this.call_addr(
                    gc::rpy_gc_malloc_varsize as *const u8 as u64,
                    &[tiv, n],
                    &[types::I64, types::I64],
                    Some(types::I64),
                )
            }
        };
        if class >= gc::NUM_SIZE_CLASSES {
            return slow_call(self, tiv).expect("a result");
        }
        let run = gc::alloc_run(class) as i64;
        let run = self.b.ins().iconst(types::I64, run);
        let p = self.b.ins().load(types::I64, flags(), run, 0);
        let end = self.b.ins().iadd_imm_s(p, gc::CLASS_SIZES[class] as i64);
        let limit = self.b.ins().load(types::I64, flags(), run, 8);
        let fits = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, end, limit);
        let (fast, slow, done) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(slow);
        let obj = self.b.append_block_param(done, types::I64);
        self.b.ins().brif(fits, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        self.b.seal_block(fast);
        self.b.ins().store(flags(), end, run, 0);
        self.b.ins().store(flags(), tiv, p, 0);
        if let Some(n) = length {
            let n = self.b.ins().iconst(types::I64, n as i64);
            self.b.ins().store(flags(), n, p, info.length_offset as i32);
        }
        self.b.ins().jump(done, &[BlockArg::Value(p)]);
        self.b.switch_to_block(slow);
        self.b.seal_block(slow);
        let q = slow_call(self, tiv).expect("a result");
        self.b.ins().jump(done, &[BlockArg::Value(q)]);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
        obj
    }

    /// `malloc_varsize(ti, n)` of a length known only when the code runs:
    /// the bump of the run of the size class the length gives (from the
    /// GC's table of classes by eighths), when the array is at most
    /// `INLINE_MAX` bytes; else, and when the run is full, the call.
    fn malloc_array(&mut self, ti: *const gc::TypeInfo, n: ir::Value) -> ir::Value {
        // SAFETY: the module's type infos are static.
        let info = unsafe { &*ti };
        const STEPPED: usize = gc::sizeclass::INLINE_MAX;
        let tiv = self.b.ins().iconst(types::I64, ti as i64);
        let slow_call = |this: &mut Self| {
            let args = [tiv, n];
            let addr = gc::rpy_gc_malloc_varsize as *const u8 as u64;
            this.call_addr(addr, &args, &[types::I64, types::I64], Some(types::I64)).expect("a result")
        };
        // The largest length of the stepped classes (unsigned: a negative
        // length is the call's error).
        let room = STEPPED.checked_sub(info.items_offset).filter(|_| info.fixed_size <= STEPPED);
        let Some(room) = room else { return slow_call(self) };
        let max = room.checked_div(info.item_size).unwrap_or(room);
        let (check, fast, slow, done) =
            (self.b.create_block(), self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(slow);
        let obj = self.b.append_block_param(done, types::I64);
        let small = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThanOrEqual, n, max as i64);
        self.b.ins().brif(small, check, &[], slow, &[]);
        self.b.switch_to_block(check);
        self.b.seal_block(check);
        // The size, at least the fixed part; its class from its eighth
        // (`(size - 1) / 8`), the class's slot size, and its run at
        // `runs + class * 16`.
        let items = self.b.ins().imul_imm_u(n, info.item_size as i64);
        let size = self.b.ins().iadd_imm_s(items, info.items_offset as i64);
        let fixed = self.b.ins().iconst(types::I64, info.fixed_size as i64);
        let size = self.b.ins().umax(size, fixed);
        let eighth = self.b.ins().iadd_imm_s(size, -1);
        let eighth = self.b.ins().ushr_imm_u(eighth, 3);
        let classes = self.b.ins().iconst(types::I64, gc::sizeclass::CLASS_BY_EIGHTHS.as_ptr() as i64);
        let at = self.b.ins().iadd(classes, eighth);
        let class = self.b.ins().uload8(types::I64, flags(), at, 0);
        let slots = self.b.ins().iconst(types::I64, gc::sizeclass::CLASS_SLOTS.as_ptr() as i64);
        let at = self.b.ins().ishl_imm_u(class, 3);
        let at = self.b.ins().iadd(slots, at);
        let slot = self.b.ins().load(types::I64, flags(), at, 0);
        let offset = self.b.ins().ishl_imm_u(class, 4);
        let runs = self.b.ins().iconst(types::I64, gc::alloc_run(0) as i64);
        let run = self.b.ins().iadd(runs, offset);
        let p = self.b.ins().load(types::I64, flags(), run, 0);
        let next = self.b.ins().iadd(p, slot);
        let limit = self.b.ins().load(types::I64, flags(), run, 8);
        let fits = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, next, limit);
        self.b.ins().brif(fits, fast, &[], slow, &[]);
        self.b.switch_to_block(fast);
        self.b.seal_block(fast);
        self.b.ins().store(flags(), next, run, 0);
        self.b.ins().store(flags(), tiv, p, 0);
        self.b.ins().store(flags(), n, p, info.length_offset as i32);
        self.b.ins().jump(done, &[BlockArg::Value(p)]);
        self.b.switch_to_block(slow);
        self.b.seal_block(slow);
        let q = slow_call(self);
        self.b.ins().jump(done, &[BlockArg::Value(q)]);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
        obj
    }

    /// The write barrier's test of the header, and its slow path.
    fn write_barrier(&mut self, obj: ir::Value) {
        let header = self.b.ins().load(types::I64, flags(), obj, 0);
        let bit = self.b.ins().band_imm_s(header, HDR_TRACK as i64);
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().brif(bit, slow, &[], done, &[]);
        self.b.switch_to_block(slow);
        self.b.seal_block(slow);
        self.call_no_collect(gc::rpy_gc_write_barrier as *const u8 as u64, &[obj], &[types::I64], None);
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
    }

    /// Calls the C function at `addr` with `args` (of types `params`),
    /// which may collect.
    fn call_addr(
        &mut self,
        addr: u64,
        args: &[ir::Value],
        params: &[ir::Type],
        ret: Option<ir::Type>,
    ) -> Option<ir::Value> {
        self.fresh.clear();
        self.call_no_collect(addr, args, params, ret)
    }

    /// Calls the C function at `addr`, which never collects.
    fn call_no_collect(
        &mut self,
        addr: u64,
        args: &[ir::Value],
        params: &[ir::Type],
        ret: Option<ir::Type>,
    ) -> Option<ir::Value> {
        let mut sig = Signature::new(self.native);
        sig.params.extend(params.iter().map(|t| AbiParam::new(*t)));
        sig.returns.extend(ret.map(AbiParam::new));
        let sig = self.b.import_signature(sig);
        let f = self.b.ins().iconst(types::I64, addr as i64);
        let call = self.b.ins().call_indirect(sig, f, args);
        self.b.inst_results(call).first().copied()
    }

    /// A call through wrapper `target` with the argument leaves `args`.
    fn call_wrapper(&mut self, target: u32, args: &[ir::Value], results: &[Kind]) -> Vec<ir::Value> {
        self.fresh.clear();
        let n = args.len().max(1) + results.len().max(1);
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 8 * n as u32, 3));
        for (i, a) in args.iter().enumerate() {
            self.b.ins().stack_store(types::I64, *a, slot, 8 * i as i32);
        }
        let res_off = 8 * args.len().max(1) as i32;
        let argp = self.b.ins().stack_addr(types::I64, slot, 0);
        let resp = self.b.ins().stack_addr(types::I64, slot, res_off);
        let f = self.b.ins().iconst(types::I64, self.t.calls[target as usize] as usize as i64);
        let sig = self.wrapper_sig;
        self.b.ins().call_indirect(sig, f, &[argp, resp]);
        results
            .iter()
            .enumerate()
            .map(|(i, k)| self.b.ins().stack_load(types::I64, clif_type(*k), slot, res_off + 8 * i as i32))
            .collect()
    }

    /// `call_assembler(token, reds...)` (RPython's, `llsupport/assembler.py`):
    /// the reds in a frame of the callee's own on the machine stack, a call
    /// of the entry the token holds; when the code finished, its result is
    /// in the frame's first slot, else (a guard without a bridge failed, or
    /// the token has no code, or the stack is low) the helper runs the
    /// portal on and gives it.
    fn call_assembler(&mut self, op: &ResOp) -> Option<ir::Value> {
        self.fresh.clear();
        let token = op.assembler_token().expect("a call_assembler's token is a constant");
        let token = (self.links.tokens)(token) as i64;
        // One frame for all the calls of the code (one runs at a time).
        let slot = *self.assembler_frame.get_or_insert_with(|| {
            let data = StackSlotData::new(StackSlotKind::ExplicitSlot, 8 * FRAME_SLOTS as u32, 3);
            self.b.create_sized_stack_slot(data)
        });
        let reds: Vec<ir::Value> = op.args[1..].iter().map(|v| self.value(v)).collect();
        let frame = self.b.ins().stack_addr(types::I64, slot, 0);
        let in_regs = self.split_inputs(frame, &reds);
        let token = self.b.ins().iconst(types::I64, token);
        let entry = self.b.ins().load(types::I64, MemFlagsData::new(), token, 0);
        let limit = self.b.ins().iconst(types::I64, self.links.stack_limit as i64);
        let limit = self.b.ins().load(types::I64, MemFlagsData::new(), limit, 0);
        let sp = self.b.ins().get_stack_pointer(types::I64);
        let room = self.b.ins().icmp(IntCC::UnsignedGreaterThan, sp, limit);
        let has_code = self.b.ins().icmp_imm_u(IntCC::NotEqual, entry, 0);
        let go = self.b.ins().band(room, has_code);
        let (call, not_entered, exited, slow, done) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.set_cold_block(not_entered);
        self.b.set_cold_block(slow);
        let exit = self.b.append_block_param(exited, types::I64);
        self.b.ins().brif(go, call, &[], not_entered, &[]);
        self.b.switch_to_block(call);
        self.b.seal_block(call);
        let at_start = self.b.ins().iconst(types::I64, 0);
        let code_sig = self.code_sig;
        let inst = self.b.ins().call_indirect(code_sig, entry, &code_args(frame, at_start, &in_regs));
        let r = self.b.inst_results(inst)[0];
        self.b.ins().jump(exited, &[BlockArg::Value(r)]);
        self.b.switch_to_block(not_entered);
        self.b.seal_block(not_entered);
        // (The helper runs the portal on the reds in the frame.)
        self.store_frame(frame, &reds[..reds.len().min(REG_INPUTS)], 0);
        let r = self.b.ins().iconst(types::I64, NOT_ENTERED as i64);
        self.b.ins().jump(exited, &[BlockArg::Value(r)]);
        self.b.switch_to_block(exited);
        self.b.seal_block(exited);
        let guard = self.b.ins().band_imm_u(exit, 0xffff_ffff);
        let finished = self.b.ins().icmp_imm_u(IntCC::Equal, guard, FINISHED as i64);
        let fast = self.b.create_block();
        self.b.ins().brif(finished, fast, &[], slow, &[]);
        let result = self.b.append_block_param(done, types::I64);
        self.b.switch_to_block(fast);
        self.b.seal_block(fast);
        let r = self.b.ins().load(types::I64, flags(), frame, 0);
        self.b.ins().jump(done, &[BlockArg::Value(r)]);
        self.b.switch_to_block(slow);
        self.b.seal_block(slow);
        let helper = self.links.assembler_helper as u64;
        let types = [types::I64; 3];
        let r = self.call_no_collect(helper, &[token, exit, frame], &types, Some(types::I64)).expect("a result");
        self.b.ins().jump(done, &[BlockArg::Value(r)]);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
        match op.op {
            Op::CallAssemblerN => None,
            Op::CallAssemblerF => Some(self.b.ins().bitcast(types::F64, MemFlagsData::new(), result)),
            _ => Some(result),
        }
    }

    /// A guard: go on when `ok` is non-zero, else leave through a fail
    /// block that stores the snapshot's variables.
    fn guard(&mut self, op: &ResOp, ok: ir::Value) {
        let fail = self.fail_block(op);
        let cont = self.b.create_block();
        self.b.ins().brif(ok, cont, &[], fail, &[]);
        self.b.switch_to_block(cont);
        self.b.seal_block(cont);
    }

    /// The block guard `op` fails to, which stores its fail arguments.
    fn fail_block(&mut self, op: &ResOp) -> ir::Block {
        let snapshot = op.snapshot.as_ref().expect("a guard has a snapshot");
        let fail = self.b.create_block();
        // Laid out after all the hot code: the trace's path falls through
        // its guards and stays dense in the instruction cache.
        self.b.set_cold_block(fail);
        let args: Vec<ir::Value> =
            snapshot.fail_args().map(|n| self.vars[n as usize].expect("a defined variable")).collect();
        self.fail_blocks.push((fail, args));
        fail
    }

    fn item_addr(&mut self, obj: ir::Value, index: ir::Value, d: u32) -> (ir::Value, Leaf) {
        let (array, leaf) = match &self.m.descrs[d as usize] {
            Descr::Array { item: Some(leaf), .. } => (d, *leaf),
            Descr::Interior { array, leaf } => (*array, *leaf),
            other => panic!("rpy JIT: an array descr expected, got {other}"),
        };
        let Descr::Array { items_offset, item_size, .. } = &self.m.descrs[array as usize] else { unreachable!() };
        let scaled = self.b.ins().imul_imm_s(index, *item_size as i64);
        let base = self.b.ins().iadd(obj, scaled);
        let addr = self.b.ins().iadd_imm_s(base, *items_offset as i64);
        (addr, leaf)
    }

    fn op(&mut self, op: &ResOp) -> Result<(), String> {
        let a = &op.args;
        let d = op.descr;
        use Op::*;
        let result: Option<ir::Value> = match op.op {
            DebugMergePoint => None,
            Jump | Label | Finish | GuardAlwaysFails => unreachable!("handled by the caller"),
            SameAsI | SameAsR | SameAsF => Some(self.value(&a[0])),
            GuardTrue | GuardFalse | GuardValue => {
                let x = self.value(&a[0]);
                let ok = match op.op {
                    GuardTrue => x,
                    GuardFalse => self.b.ins().icmp_imm_s(IntCC::Equal, x, 0),
                    _ => {
                        let c = self.value(&a[1]);
                        if self.trace_kind(&a[0]) == Kind::Float {
                            self.b.ins().fcmp(FloatCC::Equal, x, c)
                        } else {
                            self.b.ins().icmp(IntCC::Equal, x, c)
                        }
                    }
                };
                self.guard(op, ok);
                None
            }
            GuardNotInvalidated => {
                let word = self.b.ins().iconst(types::I64, self.invalidated as i64);
                let set = self.b.ins().load(types::I64, MemFlagsData::new(), word, 0);
                let ok = self.b.ins().icmp_imm_s(IntCC::Equal, set, 0);
                self.guard(op, ok);
                None
            }
            IntAdd | IntSub | IntMul | IntFloordiv | IntMod | UintFloordiv | UintMod | IntAnd | IntOr | IntXor
            | IntLshift | IntRshift | UintRshift | IntMin | IntMax | UintMin | UintMax => {
                let (x, y) = (self.value(&a[0]), self.value(&a[1]));
                let ins = self.b.ins();
                Some(match op.op {
                    IntAdd => ins.iadd(x, y),
                    IntSub => ins.isub(x, y),
                    IntMul => ins.imul(x, y),
                    IntFloordiv => ins.sdiv(x, y),
                    IntMod => ins.srem(x, y),
                    UintFloordiv => ins.udiv(x, y),
                    UintMod => ins.urem(x, y),
                    IntAnd => ins.band(x, y),
                    IntOr => ins.bor(x, y),
                    IntXor => ins.bxor(x, y),
                    IntLshift => ins.ishl(x, y),
                    IntRshift => ins.sshr(x, y),
                    UintRshift => ins.ushr(x, y),
                    IntMin => ins.smin(x, y),
                    IntMax => ins.smax(x, y),
                    UintMin => ins.umin(x, y),
                    _ => ins.umax(x, y),
                })
            }
            IntLt | IntLe | IntEq | IntNe | IntGt | IntGe | UintLt | UintLe | UintGt | UintGe | PtrEq | PtrNe => {
                let cc = match op.op {
                    IntLt => IntCC::SignedLessThan,
                    IntLe => IntCC::SignedLessThanOrEqual,
                    IntEq | PtrEq => IntCC::Equal,
                    IntNe | PtrNe => IntCC::NotEqual,
                    IntGt => IntCC::SignedGreaterThan,
                    IntGe => IntCC::SignedGreaterThanOrEqual,
                    UintLt => IntCC::UnsignedLessThan,
                    UintLe => IntCC::UnsignedLessThanOrEqual,
                    UintGt => IntCC::UnsignedGreaterThan,
                    _ => IntCC::UnsignedGreaterThanOrEqual,
                };
                let (x, y) = (self.value(&a[0]), self.value(&a[1]));
                let c = self.b.ins().icmp(cc, x, y);
                Some(self.bool_to_int(c))
            }
            IntIsZero | IntIsTrue | PtrIszero | PtrNonzero => {
                let x = self.value(&a[0]);
                let cc = if matches!(op.op, IntIsZero | PtrIszero) { IntCC::Equal } else { IntCC::NotEqual };
                let c = self.b.ins().icmp_imm_s(cc, x, 0);
                Some(self.bool_to_int(c))
            }
            IntAddOvf | IntSubOvf | IntMulOvf | UintAddOvf | UintSubOvf | UintMulOvf => {
                let (x, y) = (self.value(&a[0]), self.value(&a[1]));
                let ins = self.b.ins();
                let (_, overflowed) = match op.op {
                    IntAddOvf => ins.sadd_overflow(x, y),
                    IntSubOvf => ins.ssub_overflow(x, y),
                    IntMulOvf => ins.smul_overflow(x, y),
                    UintAddOvf => ins.uadd_overflow(x, y),
                    UintSubOvf => ins.usub_overflow(x, y),
                    _ => ins.umul_overflow(x, y),
                };
                Some(self.bool_to_int(overflowed))
            }
            IntNeg => {
                let x = self.value(&a[0]);
                Some(self.b.ins().ineg(x))
            }
            IntInvert => {
                let x = self.value(&a[0]);
                Some(self.b.ins().bnot(x))
            }
            IntAbs => {
                let x = self.value(&a[0]);
                Some(self.b.ins().iabs(x))
            }
            IntSignext => {
                let x = self.value(&a[0]);
                let bytes = match a[1] {
                    Value::Const(n, _) => n,
                    _ => return Err("int_signext by a variable".into()),
                };
                let shift = 64 - 8 * bytes as i64;
                let l = self.b.ins().ishl_imm_s(x, shift);
                Some(self.b.ins().sshr_imm_s(l, shift))
            }
            FloatAdd | FloatSub | FloatMul | FloatTruediv | FloatMin | FloatMax => {
                let (x, y) = (self.value(&a[0]), self.value(&a[1]));
                let ins = self.b.ins();
                Some(match op.op {
                    FloatAdd => ins.fadd(x, y),
                    FloatSub => ins.fsub(x, y),
                    FloatMul => ins.fmul(x, y),
                    FloatTruediv => ins.fdiv(x, y),
                    // Rust's min/max ignore a NaN operand; Cranelift's
                    // propagate it: a helper keeps Rust's.
                    FloatMin => return self.float_helper(op, float_min as *const u8 as u64, 2),
                    _ => return self.float_helper(op, float_max as *const u8 as u64, 2),
                })
            }
            FloatNeg | FloatAbs | FloatSqrt | FloatFloor | FloatCeil => {
                let x = self.value(&a[0]);
                let ins = self.b.ins();
                Some(match op.op {
                    FloatNeg => ins.fneg(x),
                    FloatAbs => ins.fabs(x),
                    FloatSqrt => ins.sqrt(x),
                    FloatFloor => ins.floor(x),
                    _ => ins.ceil(x),
                })
            }
            FloatMod => return self.float_helper(op, float_mod as *const u8 as u64, 2),
            FloatSin => return self.float_helper(op, float_sin as *const u8 as u64, 1),
            FloatCos => return self.float_helper(op, float_cos as *const u8 as u64, 1),
            FloatExp => return self.float_helper(op, float_exp as *const u8 as u64, 1),
            FloatLog => return self.float_helper(op, float_log as *const u8 as u64, 1),
            FloatTan => return self.float_helper(op, float_tan as *const u8 as u64, 1),
            FloatAsin => return self.float_helper(op, float_asin as *const u8 as u64, 1),
            FloatAcos => return self.float_helper(op, float_acos as *const u8 as u64, 1),
            FloatAtan => return self.float_helper(op, float_atan as *const u8 as u64, 1),
            FloatLog10 => return self.float_helper(op, float_log10 as *const u8 as u64, 1),
            FloatLog2 => return self.float_helper(op, float_log2 as *const u8 as u64, 1),
            FloatPow => return self.float_helper(op, float_pow as *const u8 as u64, 2),
            FloatAtan2 => return self.float_helper(op, float_atan2 as *const u8 as u64, 2),
            FloatPowi => {
                let (x, n) = (self.value(&a[0]), self.value(&a[1]));
                self.call_addr(float_powi as *const u8 as u64, &[x, n], &[types::F64, types::I64], Some(types::F64))
            }
            FloatLt | FloatLe | FloatEq | FloatNe | FloatGt | FloatGe => {
                let cc = match op.op {
                    FloatLt => FloatCC::LessThan,
                    FloatLe => FloatCC::LessThanOrEqual,
                    FloatEq => FloatCC::Equal,
                    FloatNe => FloatCC::NotEqual,
                    FloatGt => FloatCC::GreaterThan,
                    _ => FloatCC::GreaterThanOrEqual,
                };
                let (x, y) = (self.value(&a[0]), self.value(&a[1]));
                let c = self.b.ins().fcmp(cc, x, y);
                Some(self.bool_to_int(c))
            }
            CastIntToFloat | CastUintToFloat | CastFloatToInt | CastFloatToUint => {
                let x = self.value(&a[0]);
                let ins = self.b.ins();
                Some(match op.op {
                    CastIntToFloat => ins.fcvt_from_sint(types::F64, x),
                    CastUintToFloat => ins.fcvt_from_uint(types::F64, x),
                    // Saturating, NaN to 0: Rust's `as`.
                    CastFloatToInt => ins.fcvt_to_sint_sat(types::I64, x),
                    _ => ins.fcvt_to_uint_sat(types::I64, x),
                })
            }
            ConvertFloatBytesToLonglong | ConvertLonglongBytesToFloat => {
                let x = self.value(&a[0]);
                let ty = if op.op == ConvertFloatBytesToLonglong { types::I64 } else { types::F64 };
                Some(self.b.ins().bitcast(ty, MemFlagsData::new(), x))
            }
            Llop => {
                // args: the descr's index, then the operands.
                let descr = self.b.ins().iconst(types::I64, d.expect("an llop descr") as i64);
                let m = self.b.ins().iconst(types::I64, self.m as *const JitModule as i64);
                let x = self.value(&a[1]);
                let x = self.bits(x);
                let y = match a.get(2) {
                    Some(v) => self.value(v),
                    None => self.b.ins().iconst(types::I64, 0),
                };
                self.call_addr(
                    super::super::eval::rpy_jit_llop as *const u8 as u64,
                    &[m, descr, x, y],
                    &[types::I64; 4],
                    Some(types::I64),
                )
            }
            GetfieldGcI | GetfieldGcR | GetfieldGcF => {
                let Some(Descr::Field { leaf, on_word, .. }) = d.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                let obj = self.value(&a[0]);
                Some(if *on_word == OnWord::Never {
                    self.load_leaf(obj, leaf)
                } else {
                    self.getfield_on_word(obj, leaf, *on_word)
                })
            }
            SetfieldGc => {
                let Some(Descr::Field { leaf, .. }) = d.map(|d| &self.m.descrs[d as usize]) else { unreachable!() };
                let (obj, v) = (self.value(&a[0]), self.value(&a[1]));
                self.store_leaf(obj, obj, leaf, v, &a[1]);
                None
            }
            GetarrayitemGcI | GetarrayitemGcR | GetarrayitemGcF | GetinteriorfieldGcI | GetinteriorfieldGcR
            | GetinteriorfieldGcF => {
                let (obj, i) = (self.value(&a[0]), self.value(&a[1]));
                let (addr, leaf) = self.item_addr(obj, i, d.expect("an array descr"));
                Some(self.load_leaf(addr, &leaf))
            }
            SetarrayitemGc | SetinteriorfieldGc => {
                let (obj, i, v) = (self.value(&a[0]), self.value(&a[1]), self.value(&a[2]));
                let (addr, leaf) = self.item_addr(obj, i, d.expect("an array descr"));
                self.store_leaf(obj, addr, &leaf, v, &a[2]);
                None
            }
            ArraylenGc => {
                let Some(Descr::Array { length_offset, .. }) = d.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                let obj = self.value(&a[0]);
                Some(self.b.ins().load(types::I64, flags(), obj, *length_offset as i32))
            }
            New => {
                let Some(Descr::Size { typeinfo, .. }) = d.map(|d| &self.m.descrs[d as usize]) else { unreachable!() };
                let p = self.malloc(self.t.typeinfos[*typeinfo as usize], None);
                self.fresh.insert(p);
                Some(p)
            }
            NewTagged => {
                let Some(Descr::Size { typeinfo, word: Some((tag, offset)), .. }) =
                    d.map(|d| &self.m.descrs[d as usize])
                else {
                    unreachable!()
                };
                let ti = self.t.typeinfos[*typeinfo as usize];
                let x = self.value(&a[0]);
                Some(self.new_tagged(ti, *tag, *offset, x))
            }
            NewArray => {
                let Some(Descr::Array { typeinfo, .. }) = d.map(|d| &self.m.descrs[d as usize]) else { unreachable!() };
                let ti = self.t.typeinfos[*typeinfo as usize];
                let p = match a[0] {
                    Value::Const(n, _) => self.malloc(ti, Some(n as usize)),
                    _ => {
                        let n = self.value(&a[0]);
                        self.malloc_array(ti, n)
                    }
                };
                self.fresh.insert(p);
                Some(p)
            }
            CallI | CallR | CallF | CallN | CallPureI | CallPureR | CallPureF | CallPureN => {
                let Some(Descr::Call { target, results, .. }) = d.map(|d| &self.m.descrs[d as usize]) else {
                    unreachable!()
                };
                let args: Vec<ir::Value> = a
                    .iter()
                    .map(|v| {
                        let v = self.value(v);
                        self.bits(v)
                    })
                    .collect();
                let mut values = self.call_wrapper(*target, &args, results);
                if results.len() > 1 {
                    // Its leaves are the `call_result`s that follow.
                    self.call_results = std::mem::take(&mut values);
                }
                values.first().copied()
            }
            CallAssemblerI | CallAssemblerR | CallAssemblerF | CallAssemblerN => self.call_assembler(op),
            CallResultI | CallResultR | CallResultF => {
                let Value::Const(k, _) = a[0] else { unreachable!("a leaf's index is a constant") };
                Some(self.call_results[k as usize])
            }
            other => return Err(format!("the backend cannot compile {} yet", other.name())),
        };
        if let (Some(n), Some(v)) = (op.result, result) {
            self.vars[n as usize] = Some(v);
        }
        Ok(())
    }

    /// `v` as a 64-bit word: a float's bits, an integer itself.
    fn bits(&mut self, v: ir::Value) -> ir::Value {
        if self.b.func.dfg.value_type(v) == types::F64 {
            self.b.ins().bitcast(types::I64, MemFlagsData::new(), v)
        } else {
            v
        }
    }

    /// Stores `values` in the frame's slots from `first` on (floats as
    /// their bits).
    fn store_frame(&mut self, frame: ir::Value, values: &[ir::Value], first: usize) {
        for (i, v) in values.iter().enumerate() {
            let v = self.bits(*v);
            self.b.ins().store(flags(), v, frame, 8 * (first + i) as i32);
        }
    }

    /// Other code's inputs `values` as it takes them: the first
    /// `REG_INPUTS` are returned as the call's register arguments (their
    /// bits; zeros where there are fewer), the others stored in their
    /// slots of `frame`.
    fn split_inputs(&mut self, frame: ir::Value, values: &[ir::Value]) -> Vec<ir::Value> {
        let n = values.len().min(REG_INPUTS);
        self.store_frame(frame, &values[n..], n);
        let mut regs: Vec<ir::Value> = values[..n].iter().map(|v| self.bits(*v)).collect();
        if regs.len() < REG_INPUTS {
            let zero = self.b.ins().iconst(types::I64, 0);
            regs.resize(REG_INPUTS, zero);
        }
        regs
    }

    /// Adds one to the word at `counter` (a turn of the loop, for
    /// `jit-backend-counts`).
    fn count_turn(&mut self, counter: Option<*mut u64>) {
        if let Some(counter) = counter {
            let a = self.b.ins().iconst(types::I64, counter as i64);
            let n = self.b.ins().load(types::I64, flags(), a, 0);
            let n = self.b.ins().iadd_imm_s(n, 1);
            self.b.ins().store(flags(), n, a, 0);
        }
    }

    fn trace_kind(&self, v: &Value) -> Kind {
        match v {
            Value::Var(n) => self.trace.kinds[*n as usize],
            Value::Const(_, k) => *k,
        }
    }

    fn float_helper(&mut self, op: &ResOp, f: u64, n: usize) -> Result<(), String> {
        let args: Vec<ir::Value> = op.args[..n].iter().map(|v| self.value(v)).collect();
        let r = self.call_addr(f, &args, &vec![types::F64; n], Some(types::F64));
        if let (Some(res), Some(v)) = (op.result, r) {
            self.vars[res as usize] = Some(v);
        }
        Ok(())
    }
}

/// Compiles a trace (its last operation is `jump`) as code number
/// `index`, linked to `links`. With
/// `counter` (`jit-backend-counts`), each entry into the code adds one to
/// the word there, each start of the loop's body to the next one.
pub(super) fn compile_loop(
    trace: &Trace,
    m: &JitModule,
    t: &Tables,
    index: u32,
    links: &Links,
    counter: Option<*mut u64>,
) -> Result<CompiledLoop, String> {
    let isa = isa()?;
    let native = isa.default_call_conv();
    let mut func = ir::Function::with_name_signature(UserFuncName::default(), code_signature());
    let mut fctx = builder_context();
    let mut b = FunctionBuilder::new(&mut func, &mut fctx);
    let mut wsig = Signature::new(native);
    wsig.params.push(AbiParam::new(types::I64));
    wsig.params.push(AbiParam::new(types::I64));
    let wrapper_sig = b.import_signature(wsig);
    let code_sig = b.import_signature(code_signature());

    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    let header = b.create_block();
    b.switch_to_block(entry);
    b.seal_block(entry);
    let (frame, flag) = (b.block_params(entry)[0], b.block_params(entry)[1]);
    let in_regs = b.block_params(entry)[2..].to_vec();
    // Input `i`, of type `ty`: an argument of the call or in the frame.
    let input = |b: &mut FunctionBuilder, i: usize, ty: ir::Type| match in_regs.get(i) {
        Some(&bits) if ty == types::F64 => b.ins().bitcast(ty, MemFlagsData::new(), bits),
        Some(&bits) => bits,
        None => b.ins().load(ty, flags(), frame, 8 * i as i32),
    };
    let load_inputs = |b: &mut FunctionBuilder| -> Vec<BlockArg> {
        (0..trace.ninputs as usize).map(|i| BlockArg::Value(input(b, i, clif_type(trace.kinds[i])))).collect()
    };
    // An unrolled loop: entered at its label or at its start.
    let label = trace.ops.iter().find(|op| op.op == Op::Label);
    let target = match label {
        None => {
            let inputs = load_inputs(&mut b);
            b.ins().jump(header, &inputs);
            header
        }
        Some(label) => {
            let (target, at_label, at_start) = (b.create_block(), b.create_block(), b.create_block());
            b.ins().brif(flag, at_label, &[], at_start, &[]);
            b.switch_to_block(at_start);
            b.seal_block(at_start);
            let inputs = load_inputs(&mut b);
            b.ins().jump(header, &inputs);
            b.switch_to_block(at_label);
            b.seal_block(at_label);
            let mut args = Vec::new();
            for (i, v) in label.args.iter().enumerate() {
                let Value::Var(n) = v else { unreachable!("a label's arguments are variables") };
                let ty = clif_type(trace.kinds[*n as usize]);
                b.append_block_param(target, ty);
                args.push(BlockArg::Value(input(&mut b, i, ty)));
            }
            b.ins().jump(target, &args);
            target
        }
    };
    b.switch_to_block(header);
    if label.is_some() {
        b.seal_block(header); // (else the loop jumps back to it)
    }
    let mut vars = vec![None; trace.kinds.len()];
    for (i, var) in vars.iter_mut().enumerate().take(trace.ninputs as usize) {
        *var = Some(b.append_block_param(header, clif_type(trace.kinds[i])));
    }
    let invalidated = Box::new(std::sync::atomic::AtomicU64::new(0));
    let mut l = Lower {
        b,
        m,
        t,
        trace,
        vars,
        wrapper_sig,
        native,
        fail_blocks: Vec::new(),
        call_results: Vec::new(),
        links,
        code_sig,
        assembler_frame: None,
        invalidated: &*invalidated as *const _ as usize,
        fresh: HashSet::new(),
    };
    let turns = counter.map(|c| c.wrapping_add(1));
    l.count_turn(counter);
    if label.is_none() {
        l.count_turn(turns);
    }
    let mut frame_size = trace.ninputs as usize;
    for op in &trace.ops {
        if op.op == Op::Label {
            // The block whose parameters are the label's variables (defined
            // again: the body sees them as the block's).
            let args: Vec<BlockArg> = op.args.iter().map(|v| BlockArg::Value(l.value(v))).collect();
            l.b.ins().jump(target, &args);
            l.b.switch_to_block(target);
            for (v, param) in op.args.iter().zip(l.b.block_params(target).to_vec()) {
                let Value::Var(n) = v else { unreachable!() };
                l.vars[*n as usize] = Some(param);
            }
            l.count_turn(turns);
            continue;
        }
        if op.op == Op::Finish {
            let args: Vec<ir::Value> = op.args.iter().map(|v| l.value(v)).collect();
            l.store_frame(frame, &args, 0);
            frame_size = frame_size.max(args.len());
            let r = l.b.ins().iconst(types::I64, exit(index, FINISHED) as i64);
            l.b.ins().return_(&[r]);
            break;
        }
        if op.op == Op::GuardAlwaysFails {
            let fail = l.fail_block(op);
            l.b.ins().jump(fail, &[]);
            break;
        }
        if op.op == Op::Jump {
            let args: Vec<ir::Value> = op.args.iter().map(|v| l.value(v)).collect();
            match op.descr {
                // A loop: back to its start.
                None => {
                    let args: Vec<BlockArg> = args.into_iter().map(BlockArg::Value).collect();
                    l.b.ins().jump(target, &args);
                }
                // Into other code, with its inputs.
                Some(code) => {
                    let in_regs = l.split_inputs(frame, &args);
                    frame_size = frame_size.max(args.len());
                    let callee = l.b.ins().iconst(types::I64, (links.codes)(code).entry as i64);
                    let at_label = l.b.ins().iconst(types::I64, trace.enters_label as i64);
                    l.b.ins().return_call_indirect(code_sig, callee, &code_args(frame, at_label, &in_regs));
                }
            }
            break;
        }
        l.op(op)?;
    }
    l.b.seal_block(target);
    let fail_blocks = std::mem::take(&mut l.fail_blocks);
    let bridge_slots = vec![0u64; fail_blocks.len()].into_boxed_slice();
    // Each guard's failure path stores its fail arguments, then all go on
    // in one block with the guard's number: into its bridge, or out to
    // the dispatcher (fewer blocks and instructions to compile than a
    // copy of that tail per guard).
    let exit_block = l.b.create_block();
    l.b.set_cold_block(exit_block);
    let guard = l.b.append_block_param(exit_block, types::I64);
    let exit_regs: Vec<ir::Value> = (0..REG_INPUTS).map(|_| l.b.append_block_param(exit_block, types::I64)).collect();
    for (k, (block, args)) in fail_blocks.into_iter().enumerate() {
        l.b.switch_to_block(block);
        l.b.seal_block(block);
        let in_regs = l.split_inputs(frame, &args);
        frame_size = frame_size.max(args.len());
        let k = l.b.ins().iconst(types::I64, k as i64);
        let exit_args: Vec<BlockArg> = std::iter::once(k).chain(in_regs).map(BlockArg::Value).collect();
        l.b.ins().jump(exit_block, &exit_args);
    }
    if !bridge_slots.is_empty() {
        l.b.switch_to_block(exit_block);
        l.b.seal_block(exit_block);
        let slots = l.b.ins().iconst(types::I64, bridge_slots.as_ptr() as i64);
        let offset = l.b.ins().ishl_imm_u(guard, 3);
        let slot = l.b.ins().iadd(slots, offset);
        let bridge = l.b.ins().load(types::I64, MemFlagsData::new(), slot, 0);
        let (go, out) = (l.b.create_block(), l.b.create_block());
        l.b.set_cold_block(go);
        l.b.set_cold_block(out);
        l.b.ins().brif(bridge, go, &[], out, &[]);
        l.b.switch_to_block(go);
        l.b.seal_block(go);
        let at_start = l.b.ins().iconst(types::I64, 0);
        l.b.ins().return_call_indirect(code_sig, bridge, &code_args(frame, at_start, &exit_regs));
        l.b.switch_to_block(out);
        l.b.seal_block(out);
        // (All of them: slots past the guard's last fail argument are free.)
        l.store_frame(frame, &exit_regs, 0);
        let r = l.b.ins().bor_imm_u(guard, exit(index, 0) as i64);
        l.b.ins().return_(&[r]);
    }
    l.b.finalize(isa.frontend_config());
    builder_done(fctx);
    if frame_size > FRAME_SLOTS {
        return Err(format!("{frame_size} values in the frame (at most {FRAME_SLOTS})"));
    }
    let (entry, size) = install(&mut finish(func)?)?;
    Ok(CompiledLoop {
        backend: Backend::Cranelift,
        size,
        entry: entry as *const u8,
        bridge_slots,
        invalidated,
        fail_locs: Box::new([]),
        fail_starts: Box::new([]),
        label: None,
        guard_jumps: Box::new([]),
    })
}
