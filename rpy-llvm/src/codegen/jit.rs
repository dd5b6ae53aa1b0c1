//! What the JIT needs in the binary: the encoded jitcodes, the
//! tables of addresses their descrs index (call wrappers, `TypeInfo`s,
//! string literals), all reached from one `JitModule` record; and the
//! call of the runtime at each merge point.
//!
//! The record (`rpython::jit::JitModuleRecord` mirrors it) is nine words:
//! the encoded bytes and their length, the call wrappers and their number,
//! the `TypeInfo`s and their number, the strings and their number, then a
//! word the runtime owns (zero here; it keeps its decoded state there).
//!
//! A call wrapper is `void(u64 *args, u64 *results)`: it reads the callee's
//! argument leaves from consecutive 8-byte slots (integers as the exported
//! ABI extends them, floats as their bits, pointers as addresses) and
//! writes the result leaves the same way. The JIT calls every function
//! through one.
//!
//! At a `jit_merge_point`, the code tests the runtime's byte
//! `rpy_jit_hook` (for a driver with a `can_enter_jit!`: `rpy_jit_entering`,
//! which its `can_enter_jit!` sets from `rpy_jit_hook`); when set, it stores the green and red leaves in a
//! buffer and calls `rpy_jit_merge_point(module, driver, buffer)`. A result
//! of 0 means: go on from the merge point with the (possibly new) values in
//! the buffer; 1 means: the JIT ran the portal to its end, return the
//! result leaves in the buffer.
//!
//! A portal's entry reads the runtime's word `rpy_jit_resume`: when it is
//! not 0 (the JIT sets it to a buffer of green and red leaves just before
//! calling the portal), the portal clears it and goes on from its merge
//! point with those values, past the call of the runtime there (RPython's
//! portal runner, which starts at the merge point). Only greens and reds
//! are live at a merge point, so nothing else is missing there.

use super::{leaves, var_type, CgError, Codegen, FnState, R};

/// The runtime's byte that is set while the JIT is on.
const JIT_HOOK: &str = "rpy_jit_hook";
/// The runtime's byte a `can_enter_jit!` sets (when the JIT is on) for
/// the merge point it jumps back to, which clears it.
const JIT_ENTERING: &str = "rpy_jit_entering";
/// The runtime's word: a buffer of green and red leaves to go on from a
/// portal's merge point with, or 0.
const JIT_RESUME: &str = "rpy_jit_resume";
/// The runtime's byte set once traces depend on quasi-immutable fields.
const QUASI_WATCHED: &str = "rpy_jit_quasi_watched";
/// The runtime's function told of a write of a quasi-immutable field.
const QUASI_WRITE: &str = "rpy_jit_quasi_write";
use crate::gc;
use inkwell::module::Linkage;
use inkwell::values::{BasicValue, BasicValueEnum, PointerValue};
use inkwell::{AddressSpace, IntPredicate};
use rpy_core::flow::{ConstValue, SpaceOperation, Value, VarId};
use rpy_core::lltype::LlType;

impl<'ctx> Codegen<'ctx, '_> {
    /// Declares the `JitModule` record (filled by `jit_tables`).
    pub(super) fn declare_jit_module(&mut self, prefix: &str) {
        if self.jit.is_none() {
            return;
        }
        let i64t = self.i64();
        let ty = self.ctx.struct_type(&[i64t.into(); 9], false);
        let g = self.module.add_global(ty, None, &format!("{prefix}jit_module"));
        g.set_linkage(Linkage::Internal);
        self.jit_module = Some(g);
    }

    fn ptr_table(&self, name: &str, ptrs: &[PointerValue<'ctx>]) -> PointerValue<'ctx> {
        let arr = self.i8ptr().const_array(ptrs);
        let g = self.module.add_global(arr.get_type(), None, name);
        g.set_linkage(Linkage::Private);
        g.set_constant(true);
        g.set_initializer(&arr);
        g.as_pointer_value().const_cast(self.i8ptr())
    }

    /// Emits the call wrappers and the tables, and fills the record.
    pub(super) fn jit_tables(&mut self, prefix: &str) -> R<()> {
        let (Some(jit), Some(record)) = (self.jit, self.jit_module) else { return Ok(()) };
        let mut calls = Vec::new();
        for (i, &g) in jit.calls.iter().enumerate() {
            calls.push(self.call_wrapper(&format!("{prefix}jitcall_{i}"), g)?);
        }
        let mut typeinfos = Vec::new();
        for &c in &jit.typeinfos {
            let info = gc::TypeInfo::of(&self.t.containers, c);
            typeinfos.push(self.type_info(c, &info));
        }
        let mut prebuilt = Vec::new();
        for v in &jit.prebuilt {
            let p = match v {
                ConstValue::Str(s) => {
                    *self.prebuilt_strs.get(s).ok_or_else(|| CgError(format!("the string {s:?} is not prebuilt")))?
                }
                ConstValue::Prebuilt(c, tag) => self.prebuilt_object(*c, *tag),
                _ => return Err(CgError(format!("{v} is not a prebuilt object"))),
            };
            prebuilt.push(p.const_cast(self.i8ptr()));
        }
        let bytes = rpy_jitcode::encode(&jit.module);
        let blob = self.ctx.const_string(&bytes, false);
        let bg = self.module.add_global(blob.get_type(), None, &format!("{prefix}jit_code"));
        bg.set_linkage(Linkage::Private);
        bg.set_constant(true);
        bg.set_initializer(&blob);
        let i64t = self.i64();
        let addr = |p: PointerValue<'ctx>| p.const_to_int(i64t);
        let n = |k: usize| i64t.const_int(k as u64, false);
        let fields = [
            addr(bg.as_pointer_value()),
            n(bytes.len()),
            addr(self.ptr_table(&format!("{prefix}jit_calls"), &calls)),
            n(calls.len()),
            addr(self.ptr_table(&format!("{prefix}jit_typeinfos"), &typeinfos)),
            n(typeinfos.len()),
            addr(self.ptr_table(&format!("{prefix}jit_prebuilt"), &prebuilt)),
            n(prebuilt.len()),
            n(0),
        ];
        let fields: Vec<_> = fields.iter().map(|f| f.as_basic_value_enum()).collect();
        record.set_initializer(&self.ctx.const_struct(&fields, false));
        Ok(())
    }

    /// `void name(u64 *args, u64 *results)` calling graph `g`.
    fn call_wrapper(&mut self, name: &str, gid: rpy_core::flow::GraphId) -> R<PointerValue<'ctx>> {
        let g = &self.t.graphs[gid];
        let i64p = self.i64().ptr_type(AddressSpace::default());
        let fty = self.ctx.void_type().fn_type(&[i64p.into(), i64p.into()], false);
        let f = self.module.add_function(name, fty, Some(Linkage::Internal));
        self.add_fn_attrs(f, &["nounwind", "uwtable"]);
        let entry = self.ctx.append_basic_block(f, "entry");
        self.builder.position_at_end(entry);
        let args_p = f.get_nth_param(0).unwrap().into_pointer_value();
        let res_p = f.get_nth_param(1).unwrap().into_pointer_value();
        let param_types: Vec<LlType> =
            g.blocks[g.startblock].inputargs.iter().map(|v| var_type(g, *v).clone()).collect();
        let mut slot = 0;
        let mut abi = Vec::new();
        for p in &param_types {
            let mut ls = Vec::new();
            leaves(p, &mut ls);
            for l in ls {
                abi.push(self.load_slot(args_p, slot, l == LlType::Float)?);
                slot += 1;
            }
        }
        let mut abi = abi.into_iter();
        let mut args = Vec::new();
        for p in &param_types {
            if let Some(v) = self.param_from_leaves(p, &mut abi)? {
                args.push(v.into());
            }
        }
        let call = self.builder.build_call(self.funcs[&gid], &args, "")?;
        let ret = var_type(g, g.blocks[g.returnblock].inputargs[0]).clone();
        if let Some(v) = call.try_as_basic_value().basic() {
            let mut slot = 0;
            self.store_leaves(v, &ret, res_p, &mut slot)?;
        }
        self.builder.build_return(None)?;
        Ok(f.as_global_value().as_pointer_value().const_cast(self.i8ptr()))
    }

    /// Slot `slot` of the buffer `buf`, as an `i64` or a `double`.
    fn load_slot(&self, buf: PointerValue<'ctx>, slot: u64, float: bool) -> R<BasicValueEnum<'ctx>> {
        let idx = self.i64().const_int(slot, false);
        // SAFETY (of the emitted code): buffers have one slot per leaf.
        let p = unsafe { self.builder.build_in_bounds_gep(buf, &[idx], "")? };
        Ok(if float {
            let fp = self.builder.build_pointer_cast(p, self.f64().ptr_type(AddressSpace::default()), "")?;
            self.builder.build_load(fp, "")?
        } else {
            self.builder.build_load(p, "")?
        })
    }

    /// A `jit_merge_point` of driver `args[1]` with the greens and reds
    /// `args[2..]`: the call of the runtime described above. Rebinds the
    /// variables among them to the values the runtime leaves.
    pub(super) fn merge_point(&mut self, st: &mut FnState<'ctx, '_>, op: &SpaceOperation) -> R<()> {
        let Some(record) = self.jit_module else { return Ok(()) };
        let g = st.g;
        let vars: Vec<(Value, LlType)> = op.args[2..].iter().map(|a| (a.clone(), g.concretetype(a).clone())).collect();
        let nslots: usize = vars
            .iter()
            .map(|(_, t)| {
                let mut ls = Vec::new();
                leaves(t, &mut ls);
                ls.len()
            })
            .sum();
        let ret = var_type(g, g.blocks[g.returnblock].inputargs[0]).clone();
        let mut rl = Vec::new();
        leaves(&ret, &mut rl);
        let nslots = nslots.max(rl.len()).max(1);
        // The buffer lives in the entry block (not in the loop).
        let here = self.builder.get_insert_block().expect("positioned");
        let entry = st.func.get_first_basic_block().expect("an entry block");
        match entry.get_first_instruction() {
            Some(i) => self.builder.position_before(&i),
            None => self.builder.position_at_end(entry),
        }
        let buf_ty = self.i64().array_type(nslots as u32);
        let buf = self.builder.build_alloca(buf_ty, "jitbuf")?;
        let buf = self.builder.build_pointer_cast(buf, self.i64().ptr_type(AddressSpace::default()), "")?;
        self.builder.position_at_end(here);
        let reload = self.ctx.append_basic_block(st.func, "jit_continue");
        if let Some((resume, given)) = st.resume.take() {
            // Going on from here with the JIT's values: they are copied to
            // the buffer the call of the runtime would have left them in.
            self.builder.position_at_end(resume);
            for slot in 0..nslots as u64 {
                let idx = self.i64().const_int(slot, false);
                // SAFETY (of the IR): both buffers have `nslots` words.
                let from = unsafe { self.builder.build_gep(given, &[idx], "")? };
                let to = unsafe { self.builder.build_gep(buf, &[idx], "")? };
                let v = self.builder.build_load(from, "")?;
                self.builder.build_store(to, v)?;
            }
            self.builder.build_unconditional_branch(reload)?;
            self.builder.position_at_end(here);
        }

        let driver = match op.args[1].constant().map(|c| &c.value) {
            Some(rpy_core::flow::ConstValue::Int(d)) => *d as u64,
            _ => return Err(CgError("a jit_merge_point without its driver".into())),
        };
        let flag = match self.counts_at_can_enter_jit.get(driver as usize) {
            Some(true) => JIT_ENTERING,
            _ => JIT_HOOK,
        };
        let flag = self.builder.build_load(self.flag(flag).as_pointer_value(), "")?.into_int_value();
        let on = self.builder.build_int_compare(IntPredicate::NE, flag, self.ctx.i8_type().const_zero(), "")?;
        let hook = self.ctx.append_basic_block(st.func, "jit_hook");
        let done = self.ctx.append_basic_block(st.func, "jit_return");
        let cont = self.ctx.append_basic_block(st.func, "after_merge_point");
        self.builder.build_conditional_branch(on, hook, cont)?;

        self.builder.position_at_end(hook);
        let mut slot = 0;
        for (v, t) in &vars {
            if let Some(x) = self.value(st, v)? {
                self.store_leaves(x, t, buf, &mut slot)?;
            }
        }
        let f = self.jit_merge_point_fn();
        let status = self
            .builder
            .build_call(
                f,
                &[
                    record.as_pointer_value().const_cast(self.i8ptr()).into(),
                    self.i64().const_int(driver, false).into(),
                    buf.into(),
                ],
                "",
            )?
            .try_as_basic_value()
            .basic()
            .expect("a status")
            .into_int_value();
        let go_on = self.builder.build_int_compare(IntPredicate::EQ, status, self.i64().const_zero(), "")?;
        self.builder.build_conditional_branch(go_on, reload, done)?;

        // The portal's end, reached by the JIT: return its result.
        self.builder.position_at_end(done);
        let mut abi = Vec::new();
        for (slot, l) in rl.iter().enumerate() {
            abi.push(self.load_slot(buf, slot as u64, *l == LlType::Float)?);
        }
        match self.param_from_leaves(&ret, &mut abi.into_iter())? {
            Some(v) => self.builder.build_return(Some(&v))?,
            None => self.builder.build_return(None)?,
        };

        // Going on: the values at the merge point, new or not.
        self.builder.position_at_end(reload);
        let mut slot = 0;
        let mut new_values = Vec::new();
        for (_, t) in &vars {
            let mut ls = Vec::new();
            leaves(t, &mut ls);
            let mut abi = Vec::new();
            for l in &ls {
                abi.push(self.load_slot(buf, slot, *l == LlType::Float)?);
                slot += 1;
            }
            new_values.push(self.param_from_leaves(t, &mut abi.into_iter())?);
        }
        self.builder.build_unconditional_branch(cont)?;

        self.builder.position_at_end(cont);
        // The block's other variables (its inputargs, the results of the
        // operations before the merge point) may still be passed on though
        // dead (the check of the merge point allows no other use): going
        // on from the JIT's values, they are zero, or the new value of the
        // listed variable of the same name (a copy of it).
        let (b, k) = st.at;
        let block = &g.blocks[b];
        let listed: Vec<VarId> = vars.iter().filter_map(|(v, _)| v.var()).collect();
        let others = (block.inputargs.iter().copied())
            .chain(block.operations[..k].iter().map(|o| o.result))
            .filter(|v| !listed.contains(v))
            .collect::<Vec<_>>();
        let mut rebound = Vec::new();
        for ((v, _), new) in vars.iter().zip(new_values) {
            let (Value::Var(x), Some(new)) = (v, new) else { continue };
            let old = self.val(st, v)?;
            let phi = self.builder.build_phi(old.get_type(), "")?;
            phi.add_incoming(&[(&old, here), (&new, reload)]);
            rebound.push((*x, new));
            st.values.insert(*x, Some(phi.as_basic_value()));
        }
        for v in others {
            let Some(Some(old)) = st.values.get(&v).copied() else { continue };
            let name = g.vars[v].name.as_deref();
            let same_name = (rebound.iter()).find(|(x, new)| {
                name.is_some() && g.vars[*x].name.as_deref() == name && new.get_type() == old.get_type()
            });
            let new = same_name.map_or_else(|| old.get_type().const_zero(), |(_, new)| *new);
            let phi = self.builder.build_phi(old.get_type(), "")?;
            phi.add_incoming(&[(&old, here), (&new, reload)]);
            st.values.insert(v, Some(phi.as_basic_value()));
        }
        Ok(())
    }

    /// In a portal's entry block (positioned there): when `rpy_jit_resume`
    /// is set, it is cleared and the code goes to the block returned,
    /// which the merge point fills (it goes on from there with the values
    /// in the buffer returned); else on in a new block, positioned at.
    pub(super) fn resume_at_merge_point(
        &mut self,
        func: inkwell::values::FunctionValue<'ctx>,
    ) -> R<(inkwell::basic_block::BasicBlock<'ctx>, PointerValue<'ctx>)> {
        let word = self
            .module
            .get_global(JIT_RESUME)
            .unwrap_or_else(|| Self::runtime_global(self.module.add_global(self.i64(), None, JIT_RESUME)));
        let given = self.builder.build_load(word.as_pointer_value(), "")?.into_int_value();
        let set = self.builder.build_int_compare(IntPredicate::NE, given, self.i64().const_zero(), "")?;
        let (resume, start) =
            (self.ctx.append_basic_block(func, "jit_resume"), self.ctx.append_basic_block(func, "portal_start"));
        self.builder.build_conditional_branch(set, resume, start)?;
        self.builder.position_at_end(resume);
        self.builder.build_store(word.as_pointer_value(), self.i64().const_zero())?;
        let buf = self.builder.build_int_to_ptr(given, self.i64().ptr_type(AddressSpace::default()), "")?;
        self.builder.position_at_end(start);
        Ok((resume, buf))
    }

    /// After a write of the quasi-immutable field at `obj + offset` (of
    /// `size` bytes): once traces depend on such fields (the runtime's
    /// byte `rpy_jit_quasi_watched`), the runtime is told
    /// (`rpy_jit_quasi_write(address, size)`), which invalidates the code
    /// that took the field's old value as a constant.
    pub(super) fn quasi_immutable_written(
        &mut self,
        st: &FnState<'ctx, '_>,
        obj: PointerValue<'ctx>,
        offset: inkwell::values::IntValue<'ctx>,
        size: u64,
    ) -> R<()> {
        let watched = self.builder.build_load(self.flag(QUASI_WATCHED).as_pointer_value(), "")?.into_int_value();
        let on = self.builder.build_int_compare(IntPredicate::NE, watched, self.ctx.i8_type().const_zero(), "")?;
        let (tell, done) =
            (self.ctx.append_basic_block(st.func, "quasi.write"), self.ctx.append_basic_block(st.func, "quasi.done"));
        self.builder.build_conditional_branch(on, tell, done)?;
        self.builder.position_at_end(tell);
        let base = self.builder.build_ptr_to_int(obj, self.i64(), "")?;
        let address = self.builder.build_int_add(base, offset, "")?;
        let f = self.module.get_function(QUASI_WRITE).unwrap_or_else(|| {
            let fty = self.ctx.void_type().fn_type(&[self.i64().into(), self.i64().into()], false);
            Self::runtime_fn(self.module.add_function(QUASI_WRITE, fty, Some(Linkage::External)))
        });
        self.builder.build_call(f, &[address.into(), self.i64().const_int(size, false).into()], "")?;
        self.builder.build_unconditional_branch(done)?;
        self.builder.position_at_end(done);
        Ok(())
    }

    /// A `can_enter_jit!`: the merge point it jumps back to is to call the
    /// JIT when the JIT is on (`rpy_jit_entering = rpy_jit_hook`).
    pub(super) fn can_enter_jit(&mut self) -> R<()> {
        if self.jit_module.is_none() {
            return Ok(());
        }
        let on = self.builder.build_load(self.flag(JIT_HOOK).as_pointer_value(), "")?;
        self.builder.build_store(self.flag(JIT_ENTERING).as_pointer_value(), on)?;
        Ok(())
    }

    /// The entry of a portal whose driver has a `can_enter_jit!`: its first
    /// merge point is to call the JIT, saying it is a function's entry
    /// (`rpy_jit_entering = 2 * rpy_jit_hook`), counted towards tracing
    /// the function from its start.
    pub(super) fn function_entry(&mut self) -> R<()> {
        let on = self.builder.build_load(self.flag(JIT_HOOK).as_pointer_value(), "")?.into_int_value();
        let two = self.ctx.i8_type().const_int(1, false);
        let entering = self.builder.build_left_shift(on, two, "")?;
        self.builder.build_store(self.flag(JIT_ENTERING).as_pointer_value(), entering)?;
        Ok(())
    }

    /// The runtime's byte `name`.
    fn flag(&self, name: &str) -> inkwell::values::GlobalValue<'ctx> {
        self.module
            .get_global(name)
            .unwrap_or_else(|| Self::runtime_global(self.module.add_global(self.ctx.i8_type(), None, name)))
    }

    fn jit_merge_point_fn(&self) -> inkwell::values::FunctionValue<'ctx> {
        let name = "rpy_jit_merge_point";
        self.module.get_function(name).unwrap_or_else(|| {
            let i64p = self.i64().ptr_type(AddressSpace::default());
            let fty = self.i64().fn_type(&[self.i8ptr().into(), self.i64().into(), i64p.into()], false);
            Self::runtime_fn(self.module.add_function(name, fty, Some(Linkage::External)))
        })
    }
}
