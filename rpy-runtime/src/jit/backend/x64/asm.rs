//! An x86-64 machine-code encoder for the JIT backend.
//!
//! Every instruction is appended straight to a byte vector: no intermediate representation, no
//! allocation per instruction and no relaxation pass. Jumps always take a rel32 and hand back a
//! `Fixup` to patch once the target is known, so one pass over a trace is enough.
//!
//! Where GNU `as` has a shorter encoding of the same instruction (the accumulator forms of `add`
//! and `test`, `shl r, 1`) we pick the one it picks, so that the tests can compare bytes with it.

/// A general-purpose register, numbered as the hardware does (rax=0 ... r15=15).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Reg(pub u8);

pub const RAX: Reg = Reg(0);
pub const RCX: Reg = Reg(1);
pub const RDX: Reg = Reg(2);
pub const RBX: Reg = Reg(3);
pub const RSP: Reg = Reg(4);
pub const RBP: Reg = Reg(5);
pub const RSI: Reg = Reg(6);
pub const RDI: Reg = Reg(7);
pub const R8: Reg = Reg(8);
pub const R9: Reg = Reg(9);
pub const R10: Reg = Reg(10);
pub const R11: Reg = Reg(11);
pub const R12: Reg = Reg(12);
pub const R13: Reg = Reg(13);
pub const R14: Reg = Reg(14);
pub const R15: Reg = Reg(15);

/// An SSE register xmm0..xmm15.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Xmm(pub u8);

/// A memory operand: base + index * scale + disp.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mem {
    pub base: Reg,
    /// scale 1, 2, 4 or 8; index never RSP (its SIB encoding means "no index").
    pub index: Option<(Reg, u8)>,
    pub disp: i32,
}

impl Mem {
    pub fn at(base: Reg, disp: i32) -> Mem {
        Mem { base, index: None, disp }
    }

    pub fn indexed(base: Reg, index: Reg, scale: u8, disp: i32) -> Mem {
        assert!(index != RSP, "rsp cannot be an index register");
        assert!(matches!(scale, 1 | 2 | 4 | 8), "bad scale {scale}");
        Mem { base, index: Some((index, scale)), disp }
    }
}

/// Condition codes, with the hardware's numbering (the low nibble of jcc/setcc/cmovcc).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cond {
    O = 0,
    No = 1,
    B = 2,
    Ae = 3,
    E = 4,
    Ne = 5,
    Be = 6,
    A = 7,
    S = 8,
    Ns = 9,
    P = 10,
    Np = 11,
    L = 12,
    Ge = 13,
    Le = 14,
    G = 15,
}

impl Cond {
    /// The opposite condition: the hardware pairs each condition with its negation in the low bit.
    pub fn negate(self) -> Cond {
        use Cond::*;
        const BY_NUMBER: [Cond; 16] = [O, No, B, Ae, E, Ne, Be, A, S, Ns, P, Np, L, Ge, Le, G];
        BY_NUMBER[self as usize ^ 1]
    }
}

/// The eight classic ALU operations, hardware numbering (the /digit of opcodes 0x81/0x83 and the base opcode >> 3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Alu {
    Add = 0,
    Or = 1,
    And = 4,
    Sub = 5,
    Xor = 6,
    Cmp = 7,
}

/// Shifts, hardware /digit of 0xC1/0xD3.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shift {
    Shl = 4,
    Shr = 5,
    Sar = 7,
}

/// Scalar double SSE2 arithmetic (opcode after F2 0F).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sse {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
}

impl Sse {
    fn opcode(self) -> u8 {
        match self {
            Sse::Add => 0x58,
            Sse::Mul => 0x59,
            Sse::Sub => 0x5C,
            Sse::Div => 0x5E,
            Sse::Sqrt => 0x51,
        }
    }
}

/// A place in the code where a rel32 displacement is to be filled in (the offset of the 4 displacement bytes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fixup(pub usize);

// The `pfx` argument of the helpers: a mandatory prefix (66, F2 or F3) or none.
const NO_PFX: u8 = 0;
// The `rex` argument of the helpers, to which the R/X/B bits of the operands are added. A REX
// prefix is emitted when the result is not zero, so `REX` forces one even with no bit set.
const NO_REX: u8 = 0;
const REX: u8 = 0x40;
const REX_W: u8 = 0x48;

/// Without any REX prefix, byte registers 4..7 are AH, CH, DH, BH; with one they are SPL, BPL, SIL, DIL.
fn byte_rex(r: Reg) -> u8 {
    if (4..8).contains(&r.0) {
        REX
    } else {
        NO_REX
    }
}

fn fits_i8(v: i32) -> bool {
    v as i8 as i32 == v
}

#[derive(Default)]
pub struct Asm {
    pub code: Vec<u8>,
}

impl Asm {
    pub fn new() -> Asm {
        Asm::default()
    }

    /// Empties the buffer but keeps its capacity, so the next trace assembles without allocating.
    pub fn clear(&mut self) {
        self.code.clear();
    }

    pub fn pos(&self) -> usize {
        self.code.len()
    }

    // ---- Encoding helpers. `reg` is the ModRM.reg operand (a register number or an opcode /digit).

    fn byte(&mut self, b: u8) {
        self.code.push(b);
    }

    fn imm32(&mut self, v: i32) {
        self.code.extend_from_slice(&v.to_le_bytes());
    }

    /// The mandatory prefix, which must come before REX, then the REX prefix if needed: `rex`
    /// plus R (extends ModRM.reg), X (extends SIB.index) and B (extends ModRM.rm or SIB.base).
    fn prefixes(&mut self, pfx: u8, rex: u8, reg: u8, index: u8, base: u8) {
        debug_assert!(reg < 16 && index < 16 && base < 16, "register number out of range");
        if pfx != NO_PFX {
            self.byte(pfx);
        }
        let rex = rex | ((reg >> 3) << 2) | ((index >> 3) << 1) | (base >> 3);
        if rex != 0 {
            self.byte(REX | rex);
        }
    }

    /// An instruction with a register operand in ModRM.rm.
    fn op_rr(&mut self, pfx: u8, rex: u8, op: &[u8], reg: u8, rm: u8) {
        self.prefixes(pfx, rex, reg, 0, rm);
        self.code.extend_from_slice(op);
        self.byte(0xC0 | ((reg & 7) << 3) | (rm & 7));
    }

    /// An instruction with a memory operand.
    fn op_rm(&mut self, pfx: u8, rex: u8, op: &[u8], reg: u8, m: Mem) {
        let index = m.index.map_or(0, |(i, _)| i.0);
        self.prefixes(pfx, rex, reg, index, m.base.0);
        self.code.extend_from_slice(op);
        self.modrm_mem(reg, m);
    }

    /// An instruction with the register in the opcode's low three bits (push, pop, mov r, imm).
    fn op_plus_r(&mut self, rex: u8, op: u8, r: Reg) {
        self.prefixes(NO_PFX, rex, 0, 0, r.0);
        self.byte(op | (r.0 & 7));
    }

    /// ModRM, SIB and displacement of a memory operand.
    fn modrm_mem(&mut self, reg: u8, m: Mem) {
        let reg = (reg & 7) << 3;
        let base = m.base.0 & 7;
        // mod=00 has no displacement, except that there base 101 (rbp/r13) means rip+disp32
        // (or no base at all under a SIB), so those bases take a zero disp8 instead.
        let mode = if m.disp == 0 && base != 5 {
            0x00
        } else if fits_i8(m.disp) {
            0x40
        } else {
            0x80
        };
        match m.index {
            None if base != 4 => self.byte(mode | reg | base),
            // rm=100 means "a SIB byte follows", so rsp/r12 as a base need a SIB (index 100: none).
            None => self.code.extend_from_slice(&[mode | reg | 4, 0x24]),
            Some((index, scale)) => {
                debug_assert!(index != RSP, "rsp cannot be an index register");
                let ss = match scale {
                    1 => 0,
                    2 => 1,
                    4 => 2,
                    8 => 3,
                    _ => panic!("bad scale {scale}"),
                };
                self.code.extend_from_slice(&[mode | reg | 4, (ss << 6) | ((index.0 & 7) << 3) | base]);
            }
        }
        match mode {
            0x40 => self.byte(m.disp as u8),
            0x80 => self.imm32(m.disp),
            _ => {}
        }
    }

    // ---- 64-bit moves

    pub fn mov_rr(&mut self, dst: Reg, src: Reg) {
        self.op_rr(NO_PFX, REX_W, &[0x89], src.0, dst.0);
    }

    /// The shortest `mov` of `imm`. Never `xor r, r` for zero: callers rely on mov leaving the flags alone.
    pub fn mov_ri(&mut self, dst: Reg, imm: i64) {
        if let Ok(v) = u32::try_from(imm) {
            // Writing a 32-bit register zero-extends into the whole register.
            self.op_plus_r(NO_REX, 0xB8, dst);
            self.code.extend_from_slice(&v.to_le_bytes());
        } else if let Ok(v) = i32::try_from(imm) {
            self.op_rr(NO_PFX, REX_W, &[0xC7], 0, dst.0);
            self.imm32(v);
        } else {
            self.op_plus_r(REX_W, 0xB8, dst);
            self.code.extend_from_slice(&imm.to_le_bytes());
        }
    }

    pub fn load(&mut self, dst: Reg, m: Mem) {
        self.op_rm(NO_PFX, REX_W, &[0x8B], dst.0, m);
    }

    pub fn store(&mut self, m: Mem, src: Reg) {
        self.op_rm(NO_PFX, REX_W, &[0x89], src.0, m);
    }

    /// mov qword [m], simm32
    pub fn store_imm(&mut self, m: Mem, imm: i32) {
        self.op_rm(NO_PFX, REX_W, &[0xC7], 0, m);
        self.imm32(imm);
    }

    /// A load of `size` bytes (1, 2, 4 or 8) zero- or sign-extended to 64 bits. The zero-extending
    /// forms write the 32-bit register, which clears the upper half for free and saves a REX.W.
    pub fn load_sized(&mut self, dst: Reg, m: Mem, size: u8, signed: bool) {
        let (rex, op): (u8, &[u8]) = match (size, signed) {
            (1, false) => (NO_REX, &[0x0F, 0xB6]), // movzx r32, byte
            (1, true) => (REX_W, &[0x0F, 0xBE]),   // movsx r64, byte
            (2, false) => (NO_REX, &[0x0F, 0xB7]), // movzx r32, word
            (2, true) => (REX_W, &[0x0F, 0xBF]),   // movsx r64, word
            (4, false) => (NO_REX, &[0x8B]),       // mov r32, dword
            (4, true) => (REX_W, &[0x63]),         // movsxd r64, dword
            (8, _) => (REX_W, &[0x8B]),
            _ => panic!("load_sized: bad size {size}"),
        };
        self.op_rm(NO_PFX, rex, op, dst.0, m);
    }

    /// A store of the low `size` bytes (1, 2, 4 or 8) of `src`.
    pub fn store_sized(&mut self, m: Mem, src: Reg, size: u8) {
        match size {
            1 => self.op_rm(NO_PFX, byte_rex(src), &[0x88], src.0, m),
            2 => self.op_rm(0x66, NO_REX, &[0x89], src.0, m),
            4 => self.op_rm(NO_PFX, NO_REX, &[0x89], src.0, m),
            8 => self.op_rm(NO_PFX, REX_W, &[0x89], src.0, m),
            _ => panic!("store_sized: bad size {size}"),
        }
    }

    pub fn lea(&mut self, dst: Reg, m: Mem) {
        self.op_rm(NO_PFX, REX_W, &[0x8D], dst.0, m);
    }

    // ---- ALU, 64-bit

    /// dst op= src
    pub fn alu_rr(&mut self, op: Alu, dst: Reg, src: Reg) {
        self.op_rr(NO_PFX, REX_W, &[((op as u8) << 3) | 1], src.0, dst.0);
    }

    /// dst op= imm
    pub fn alu_ri(&mut self, op: Alu, dst: Reg, imm: i32) {
        if fits_i8(imm) {
            self.op_rr(NO_PFX, REX_W, &[0x83], op as u8, dst.0);
            self.byte(imm as u8);
        } else if dst == RAX {
            // The accumulator form has no ModRM: one byte shorter.
            self.byte(REX_W);
            self.byte(((op as u8) << 3) | 5);
            self.imm32(imm);
        } else {
            self.op_rr(NO_PFX, REX_W, &[0x81], op as u8, dst.0);
            self.imm32(imm);
        }
    }

    /// dst op= [m]
    pub fn alu_rm(&mut self, op: Alu, dst: Reg, m: Mem) {
        self.op_rm(NO_PFX, REX_W, &[((op as u8) << 3) | 3], dst.0, m);
    }

    /// qword [m] op= imm
    pub fn alu_mi(&mut self, op: Alu, m: Mem, imm: i32) {
        if fits_i8(imm) {
            self.op_rm(NO_PFX, REX_W, &[0x83], op as u8, m);
            self.byte(imm as u8);
        } else {
            self.op_rm(NO_PFX, REX_W, &[0x81], op as u8, m);
            self.imm32(imm);
        }
    }

    pub fn test_rr(&mut self, a: Reg, b: Reg) {
        self.op_rr(NO_PFX, REX_W, &[0x85], b.0, a.0);
    }

    /// test r, simm32
    pub fn test_ri(&mut self, r: Reg, imm: i32) {
        self.op_rr(NO_PFX, REX_W, &[0xF7], 0, r.0);
        self.imm32(imm);
    }

    /// test qword [m], simm32
    pub fn test_mi(&mut self, m: Mem, imm: i32) {
        self.op_rm(NO_PFX, REX_W, &[0xF7], 0, m);
        self.imm32(imm);
    }

    /// dst *= src
    pub fn imul_rr(&mut self, dst: Reg, src: Reg) {
        self.op_rr(NO_PFX, REX_W, &[0x0F, 0xAF], dst.0, src.0);
    }

    /// dst = src * imm
    pub fn imul_rri(&mut self, dst: Reg, src: Reg, imm: i32) {
        if fits_i8(imm) {
            self.op_rr(NO_PFX, REX_W, &[0x6B], dst.0, src.0);
            self.byte(imm as u8);
        } else {
            self.op_rr(NO_PFX, REX_W, &[0x69], dst.0, src.0);
            self.imm32(imm);
        }
    }

    /// The F7 group on a register: test, not, neg, mul, imul, div, idiv by /digit.
    fn group3(&mut self, digit: u8, r: Reg) {
        self.op_rr(NO_PFX, REX_W, &[0xF7], digit, r.0);
    }

    pub fn neg(&mut self, r: Reg) {
        self.group3(3, r);
    }

    pub fn not(&mut self, r: Reg) {
        self.group3(2, r);
    }

    /// r = r shifted by `amount & 63` (the hardware masks the count the same way).
    pub fn shift_ri(&mut self, op: Shift, r: Reg, amount: u8) {
        let amount = amount & 63;
        if amount == 1 {
            // The shift-by-one form has no immediate.
            self.op_rr(NO_PFX, REX_W, &[0xD1], op as u8, r.0);
        } else {
            self.op_rr(NO_PFX, REX_W, &[0xC1], op as u8, r.0);
            self.byte(amount);
        }
    }

    /// r = r shifted by cl
    pub fn shift_cl(&mut self, op: Shift, r: Reg) {
        self.op_rr(NO_PFX, REX_W, &[0xD3], op as u8, r.0);
    }

    /// rdx = the sign of rax, before idiv.
    pub fn cqo(&mut self) {
        self.code.extend_from_slice(&[REX_W, 0x99]);
    }

    /// Signed rdx:rax / r: quotient in rax, remainder in rdx.
    pub fn idiv(&mut self, r: Reg) {
        self.group3(7, r);
    }

    /// Unsigned rdx:rax / r.
    pub fn div(&mut self, r: Reg) {
        self.group3(6, r);
    }

    /// Unsigned rdx:rax = rax * r.
    pub fn mul(&mut self, r: Reg) {
        self.group3(4, r);
    }

    /// dst = 1 if `c` holds else 0: setcc into the low byte, then movzx dst32, dst8.
    pub fn set(&mut self, c: Cond, dst: Reg) {
        self.op_rr(NO_PFX, byte_rex(dst), &[0x0F, 0x90 | c as u8], 0, dst.0);
        self.op_rr(NO_PFX, byte_rex(dst), &[0x0F, 0xB6], dst.0, dst.0);
    }

    /// if c { dst = src }
    pub fn cmov(&mut self, c: Cond, dst: Reg, src: Reg) {
        self.op_rr(NO_PFX, REX_W, &[0x0F, 0x40 | c as u8], dst.0, src.0);
    }

    pub fn push(&mut self, r: Reg) {
        self.op_plus_r(NO_REX, 0x50, r);
    }

    pub fn pop(&mut self, r: Reg) {
        self.op_plus_r(NO_REX, 0x58, r);
    }

    // ---- Control

    /// A rel32 displacement to patch later; zero until then.
    fn rel32_fixup(&mut self) -> Fixup {
        let f = Fixup(self.pos());
        self.imm32(0);
        f
    }

    pub fn jmp(&mut self) -> Fixup {
        self.byte(0xE9);
        self.rel32_fixup()
    }

    pub fn jcc(&mut self, c: Cond) -> Fixup {
        self.code.extend_from_slice(&[0x0F, 0x80 | c as u8]);
        self.rel32_fixup()
    }

    pub fn call_r(&mut self, r: Reg) {
        self.op_rr(NO_PFX, NO_REX, &[0xFF], 2, r.0);
    }

    pub fn jmp_r(&mut self, r: Reg) {
        self.op_rr(NO_PFX, NO_REX, &[0xFF], 4, r.0);
    }

    pub fn jmp_m(&mut self, m: Mem) {
        self.op_rm(NO_PFX, NO_REX, &[0xFF], 4, m);
    }

    pub fn ret(&mut self) {
        self.byte(0xC3);
    }

    /// No-ops up to the next multiple of `n` bytes (the long forms, nine
    /// bytes at most each, that the processor decodes as one instruction).
    pub fn align(&mut self, n: usize) {
        const NOPS: [&[u8]; 9] = [
            &[0x90],
            &[0x66, 0x90],
            &[0x0F, 0x1F, 0x00],
            &[0x0F, 0x1F, 0x40, 0x00],
            &[0x0F, 0x1F, 0x44, 0x00, 0x00],
            &[0x66, 0x0F, 0x1F, 0x44, 0x00, 0x00],
            &[0x0F, 0x1F, 0x80, 0x00, 0x00, 0x00, 0x00],
            &[0x0F, 0x1F, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
            &[0x66, 0x0F, 0x1F, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
        ];
        let mut pad = self.pos().next_multiple_of(n) - self.pos();
        while pad > 0 {
            let nop = NOPS[pad.min(9) - 1];
            self.code.extend_from_slice(nop);
            pad -= nop.len();
        }
    }

    /// Makes the rel32 at `f` jump to code offset `target` (both offsets in this buffer).
    pub fn patch(&mut self, f: Fixup, target: usize) {
        assert!(Asm::patch_abs(&mut self.code, f, 0, target), "jump distance exceeds rel32");
    }

    /// The rel32 at `f` jumps to absolute address `target`, the code being placed at absolute
    /// address `base`; returns false (and leaves the code alone) when the distance does not fit.
    pub fn patch_abs(code: &mut [u8], f: Fixup, base: usize, target: usize) -> bool {
        // The displacement counts from the end of the rel32, which ends the instruction.
        let rel = target as i128 - (base as i128 + f.0 as i128 + 4);
        match i32::try_from(rel) {
            Ok(rel) => {
                code[f.0..f.0 + 4].copy_from_slice(&rel.to_le_bytes());
                true
            }
            Err(_) => false,
        }
    }

    // ---- SSE2, scalar doubles

    /// movaps rather than movsd: it writes the whole register, so it does not depend on dst's old value.
    pub fn movsd_xx(&mut self, dst: Xmm, src: Xmm) {
        self.op_rr(NO_PFX, NO_REX, &[0x0F, 0x28], dst.0, src.0);
    }

    pub fn movsd_load(&mut self, dst: Xmm, m: Mem) {
        self.op_rm(0xF2, NO_REX, &[0x0F, 0x10], dst.0, m);
    }

    pub fn movsd_store(&mut self, m: Mem, src: Xmm) {
        self.op_rm(0xF2, NO_REX, &[0x0F, 0x11], src.0, m);
    }

    /// The bits of a general register into an xmm register.
    pub fn movq_xr(&mut self, dst: Xmm, src: Reg) {
        self.op_rr(0x66, REX_W, &[0x0F, 0x6E], dst.0, src.0);
    }

    /// The bits of an xmm register into a general register.
    pub fn movq_rx(&mut self, dst: Reg, src: Xmm) {
        self.op_rr(0x66, REX_W, &[0x0F, 0x7E], src.0, dst.0);
    }

    /// dst op= src (sqrt: dst = sqrt(src))
    pub fn sse(&mut self, op: Sse, dst: Xmm, src: Xmm) {
        self.op_rr(0xF2, NO_REX, &[0x0F, op.opcode()], dst.0, src.0);
    }

    /// Compares a with b into ZF, PF, CF (unordered sets all three).
    pub fn ucomisd(&mut self, a: Xmm, b: Xmm) {
        self.op_rr(0x66, NO_REX, &[0x0F, 0x2E], a.0, b.0);
    }

    pub fn andpd(&mut self, dst: Xmm, src: Xmm) {
        self.op_rr(0x66, NO_REX, &[0x0F, 0x54], dst.0, src.0);
    }

    pub fn xorpd(&mut self, dst: Xmm, src: Xmm) {
        self.op_rr(0x66, NO_REX, &[0x0F, 0x57], dst.0, src.0);
    }

    /// dst = src as f64
    pub fn cvtsi2sd(&mut self, dst: Xmm, src: Reg) {
        self.op_rr(0xF2, REX_W, &[0x0F, 0x2A], dst.0, src.0);
    }

    /// dst = src as i64, truncating
    pub fn cvttsd2si(&mut self, dst: Reg, src: Xmm) {
        self.op_rr(0xF2, REX_W, &[0x0F, 0x2C], dst.0, src.0);
    }

    /// SSE4.1 rounding; mode 1 = floor, 2 = ceil, plus 8 to suppress the precision exception.
    pub fn roundsd(&mut self, dst: Xmm, src: Xmm, mode: u8) {
        self.op_rr(0x66, NO_REX, &[0x0F, 0x3A, 0x0B], dst.0, src.0);
        self.byte(mode);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;
    use std::process::Command;

    fn regs() -> impl Iterator<Item = Reg> {
        (0..16).map(Reg)
    }

    fn xmms() -> impl Iterator<Item = Xmm> {
        (0..16).map(Xmm)
    }

    /// Register `r`'s name at a width: one of `low` for rax..rdi, else
    /// `r<n>` with the width's suffix.
    fn named(r: Reg, low: [&str; 8], suffix: &str) -> String {
        match low.get(r.0 as usize) {
            Some(name) => name.to_string(),
            None => format!("r{}{suffix}", r.0),
        }
    }

    fn r64(r: Reg) -> String {
        named(r, ["rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi"], "")
    }

    fn r32(r: Reg) -> String {
        named(r, ["eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"], "d")
    }

    fn r16(r: Reg) -> String {
        named(r, ["ax", "cx", "dx", "bx", "sp", "bp", "si", "di"], "w")
    }

    fn r8(r: Reg) -> String {
        named(r, ["al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil"], "b")
    }

    fn x(r: Xmm) -> String {
        format!("xmm{}", r.0)
    }

    /// `size ptr [base + index*scale + disp]`, or just the brackets when `size` is empty (lea).
    fn mem(size: &str, m: Mem) -> String {
        let mut s = if size.is_empty() { String::new() } else { format!("{size} ptr ") };
        write!(s, "[{}", r64(m.base)).unwrap();
        if let Some((index, scale)) = m.index {
            write!(s, " + {}*{}", r64(index), scale).unwrap();
        }
        if m.disp > 0 {
            write!(s, " + {}", m.disp).unwrap();
        } else if m.disp < 0 {
            write!(s, " - {}", -(m.disp as i64)).unwrap();
        }
        s.push(']');
        s
    }

    const ALUS: [(Alu, &str); 6] = [
        (Alu::Add, "add"),
        (Alu::Or, "or"),
        (Alu::And, "and"),
        (Alu::Sub, "sub"),
        (Alu::Xor, "xor"),
        (Alu::Cmp, "cmp"),
    ];
    const SHIFTS: [(Shift, &str); 3] = [(Shift::Shl, "shl"), (Shift::Shr, "shr"), (Shift::Sar, "sar")];
    const SSES: [(Sse, &str); 5] =
        [(Sse::Add, "addsd"), (Sse::Sub, "subsd"), (Sse::Mul, "mulsd"), (Sse::Div, "divsd"), (Sse::Sqrt, "sqrtsd")];
    const CONDS: [(Cond, &str); 16] = [
        (Cond::O, "o"),
        (Cond::No, "no"),
        (Cond::B, "b"),
        (Cond::Ae, "ae"),
        (Cond::E, "e"),
        (Cond::Ne, "ne"),
        (Cond::Be, "be"),
        (Cond::A, "a"),
        (Cond::S, "s"),
        (Cond::Ns, "ns"),
        (Cond::P, "p"),
        (Cond::Np, "np"),
        (Cond::L, "l"),
        (Cond::Ge, "ge"),
        (Cond::Le, "le"),
        (Cond::G, "g"),
    ];
    /// Around each boundary of the imm8 and imm32 forms.
    const IMMS: [i32; 11] = [0, 1, -1, 127, 128, -128, -129, 0x1234, 0x1234_5678, i32::MAX, i32::MIN];

    /// Every base with displacements around each boundary (none, disp8, disp32), then every
    /// index with every scale under rotating bases.
    fn mems() -> Vec<Mem> {
        let mut v = Vec::new();
        for base in regs() {
            for disp in [0, 1, -1, 127, 128, -128, -129, 0x1234_5678, i32::MAX, i32::MIN] {
                v.push(Mem::at(base, disp));
            }
        }
        let mut n = 0;
        for index in regs().filter(|&r| r != RSP) {
            for scale in [1, 2, 4, 8] {
                for disp in [0, 0x40, -0x1000] {
                    v.push(Mem::indexed(Reg(n % 16), index, scale, disp));
                    n += 1;
                }
            }
        }
        // The bases that need special treatment, with an index.
        for base in [RSP, RBP, R12, R13] {
            for disp in [0, -8, 0x1000] {
                v.push(Mem::indexed(base, R12, 8, disp));
                v.push(Mem::indexed(base, RBP, 1, disp));
            }
        }
        v
    }

    /// Each case's instruction text for `as` and the bytes our encoder produced for it.
    #[derive(Default)]
    struct Cases {
        list: Vec<(String, Vec<u8>)>,
        asm: Asm,
    }

    impl Cases {
        fn add(&mut self, text: String, emit: impl FnOnce(&mut Asm)) {
            self.asm.clear();
            emit(&mut self.asm);
            self.list.push((text, self.asm.code.clone()));
        }
    }

    /// The cases of the functions that take a memory operand, with register operands `r` and `xr`.
    fn mem_cases(c: &mut Cases, r: Reg, xr: Xmm, m: Mem, imm: i32) {
        let q = mem("qword", m);
        c.add(format!("mov {}, {q}", r64(r)), |a| a.load(r, m));
        c.add(format!("mov {q}, {}", r64(r)), |a| a.store(m, r));
        c.add(format!("mov {q}, {imm}"), |a| a.store_imm(m, imm));
        c.add(format!("movzx {}, {}", r32(r), mem("byte", m)), |a| a.load_sized(r, m, 1, false));
        c.add(format!("movsx {}, {}", r64(r), mem("byte", m)), |a| a.load_sized(r, m, 1, true));
        c.add(format!("movzx {}, {}", r32(r), mem("word", m)), |a| a.load_sized(r, m, 2, false));
        c.add(format!("movsx {}, {}", r64(r), mem("word", m)), |a| a.load_sized(r, m, 2, true));
        c.add(format!("mov {}, {}", r32(r), mem("dword", m)), |a| a.load_sized(r, m, 4, false));
        c.add(format!("movsxd {}, {}", r64(r), mem("dword", m)), |a| a.load_sized(r, m, 4, true));
        c.add(format!("mov {}, {q}", r64(r)), |a| a.load_sized(r, m, 8, false));
        c.add(format!("mov {}, {q}", r64(r)), |a| a.load_sized(r, m, 8, true));
        c.add(format!("mov {}, {}", mem("byte", m), r8(r)), |a| a.store_sized(m, r, 1));
        c.add(format!("mov {}, {}", mem("word", m), r16(r)), |a| a.store_sized(m, r, 2));
        c.add(format!("mov {}, {}", mem("dword", m), r32(r)), |a| a.store_sized(m, r, 4));
        c.add(format!("mov {q}, {}", r64(r)), |a| a.store_sized(m, r, 8));
        c.add(format!("lea {}, {}", r64(r), mem("", m)), |a| a.lea(r, m));
        for (op, name) in ALUS {
            c.add(format!("{name} {}, {q}", r64(r)), |a| a.alu_rm(op, r, m));
            c.add(format!("{name} {q}, {imm}"), |a| a.alu_mi(op, m, imm));
        }
        c.add(format!("test {q}, {imm}"), |a| a.test_mi(m, imm));
        c.add(format!("jmp {q}"), |a| a.jmp_m(m));
        c.add(format!("movsd {}, {q}", x(xr)), |a| a.movsd_load(xr, m));
        c.add(format!("movsd {q}, {}", x(xr)), |a| a.movsd_store(m, xr));
    }

    fn all_cases() -> Cases {
        let mut c = Cases::default();

        // Every pair of registers.
        for d in regs() {
            for s in regs() {
                c.add(format!("mov {}, {}", r64(d), r64(s)), |a| a.mov_rr(d, s));
                for (op, name) in ALUS {
                    c.add(format!("{name} {}, {}", r64(d), r64(s)), |a| a.alu_rr(op, d, s));
                }
                c.add(format!("test {}, {}", r64(d), r64(s)), |a| a.test_rr(d, s));
                c.add(format!("imul {}, {}", r64(d), r64(s)), |a| a.imul_rr(d, s));
                for imm in [5, -128, 1000, i32::MIN] {
                    c.add(format!("imul {}, {}, {imm}", r64(d), r64(s)), |a| a.imul_rri(d, s, imm));
                }
                for (cond, cc) in CONDS {
                    c.add(format!("cmov{cc} {}, {}", r64(d), r64(s)), |a| a.cmov(cond, d, s));
                }
            }
        }
        for d in xmms() {
            for s in xmms() {
                c.add(format!("movaps {}, {}", x(d), x(s)), |a| a.movsd_xx(d, s));
                for (op, name) in SSES {
                    c.add(format!("{name} {}, {}", x(d), x(s)), |a| a.sse(op, d, s));
                }
                c.add(format!("ucomisd {}, {}", x(d), x(s)), |a| a.ucomisd(d, s));
                c.add(format!("andpd {}, {}", x(d), x(s)), |a| a.andpd(d, s));
                c.add(format!("xorpd {}, {}", x(d), x(s)), |a| a.xorpd(d, s));
                for mode in [1, 2, 9, 10] {
                    c.add(format!("roundsd {}, {}, {mode}", x(d), x(s)), |a| a.roundsd(d, s, mode));
                }
            }
        }
        for xr in xmms() {
            for r in regs() {
                c.add(format!("movq {}, {}", x(xr), r64(r)), |a| a.movq_xr(xr, r));
                c.add(format!("movq {}, {}", r64(r), x(xr)), |a| a.movq_rx(r, xr));
                c.add(format!("cvtsi2sd {}, {}", x(xr), r64(r)), |a| a.cvtsi2sd(xr, r));
                c.add(format!("cvttsd2si {}, {}", r64(r), x(xr)), |a| a.cvttsd2si(r, xr));
            }
        }

        // Every register alone.
        let wide = [
            0,
            1,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff,
            0x1_0000_0000,
            -1,
            -0x8000_0000,
            -0x8000_0001,
            0x1234_5678_9abc_def0,
            i64::MAX,
            i64::MIN,
        ];
        for r in regs() {
            for imm in wide {
                // The form `mov_ri` must pick: zero-extending mov r32, sign-extending imm32, movabs.
                let text = if u32::try_from(imm).is_ok() {
                    format!("mov {}, {imm}", r32(r))
                } else if i32::try_from(imm).is_ok() {
                    format!("mov {}, {imm}", r64(r))
                } else {
                    format!("movabs {}, {:#x}", r64(r), imm as u64)
                };
                c.add(text, |a| a.mov_ri(r, imm));
            }
            for imm in IMMS {
                for (op, name) in ALUS {
                    c.add(format!("{name} {}, {imm}", r64(r)), |a| a.alu_ri(op, r, imm));
                }
            }
            c.add(format!("neg {}", r64(r)), |a| a.neg(r));
            c.add(format!("not {}", r64(r)), |a| a.not(r));
            for (op, name) in SHIFTS {
                for amount in [0u8, 1, 2, 31, 63, 64, 65, 255] {
                    c.add(format!("{name} {}, {}", r64(r), amount & 63), |a| a.shift_ri(op, r, amount));
                }
                c.add(format!("{name} {}, cl", r64(r)), |a| a.shift_cl(op, r));
            }
            c.add(format!("idiv {}", r64(r)), |a| a.idiv(r));
            c.add(format!("div {}", r64(r)), |a| a.div(r));
            c.add(format!("mul {}", r64(r)), |a| a.mul(r));
            for (cond, cc) in CONDS {
                c.add(format!("set{cc} {}\nmovzx {}, {}", r8(r), r32(r), r8(r)), |a| a.set(cond, r));
            }
            c.add(format!("push {}", r64(r)), |a| a.push(r));
            c.add(format!("pop {}", r64(r)), |a| a.pop(r));
            c.add(format!("call {}", r64(r)), |a| a.call_r(r));
            c.add(format!("jmp {}", r64(r)), |a| a.jmp_r(r));
        }

        // Memory operands, with the other operands rotating through all registers and immediates.
        for (i, m) in mems().into_iter().enumerate() {
            mem_cases(&mut c, Reg((i % 16) as u8), Xmm(((i * 7) % 16) as u8), m, IMMS[i % IMMS.len()]);
        }
        // And each register with a few plain ones (the byte registers need a REX with these).
        for r in regs() {
            for (j, m) in [Mem::at(RAX, 0), Mem::at(RBX, 0x40), Mem::indexed(RSI, RCX, 2, -8)].into_iter().enumerate() {
                mem_cases(&mut c, r, Xmm(r.0), m, [5, -300, 0][j]);
            }
        }

        c.add("cqo".to_string(), |a| a.cqo());
        c.add("ret".to_string(), |a| a.ret());
        // `.` is the start of the instruction, which is 0 in each case's own buffer. `as` would
        // pick rel8 for a short distance, hence the large ones and `{disp32}` for the loop.
        c.add("jmp .+0x1000".to_string(), |a| {
            let f = a.jmp();
            a.patch(f, 0x1000);
        });
        for (cond, cc) in CONDS {
            c.add(format!("j{cc} .+0x12345"), |a| {
                let f = a.jcc(cond);
                a.patch(f, 0x12345);
            });
            c.add(format!("1: sub rcx, 1\n{{disp32}} j{cc} 1b"), |a| {
                let top = a.pos();
                a.alu_ri(Alu::Sub, RCX, 1);
                let f = a.jcc(cond);
                a.patch(f, top);
            });
        }
        c
    }

    /// Each case is assembled at a multiple of STRIDE, the gaps filled with FILL, so that cases
    /// line up one by one even where the encodings' lengths differ.
    const STRIDE: usize = 32;
    const FILL: u8 = 0xCC;

    /// Assembles all texts with GNU as (one run) and returns the bytes of .text.
    fn gnu_as(texts: &[&str]) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!("rpy-asm-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut src = String::from(".intel_syntax noprefix\n.text\n");
        for (i, text) in texts.iter().enumerate() {
            writeln!(src, ".org {}, {FILL}\n{text}", i * STRIDE).unwrap();
        }
        writeln!(src, ".org {}, {FILL}", texts.len() * STRIDE).unwrap();
        let (s, o, bin) = (dir.join("t.s"), dir.join("t.o"), dir.join("t.bin"));
        std::fs::write(&s, src).unwrap();
        let run = |cmd: &mut Command| {
            let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?} (GNU binutils needed): {e}"));
            assert!(out.status.success(), "{cmd:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
        };
        run(Command::new("as").arg("--64").arg("-o").arg(&o).arg(&s));
        run(Command::new("objcopy").args(["-O", "binary", "--only-section=.text"]).arg(&o).arg(&bin));
        let bytes = std::fs::read(&bin).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        bytes
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn matches_gnu_as() {
        let cases = all_cases();
        let texts: Vec<&str> = cases.list.iter().map(|(t, _)| t.as_str()).collect();
        let theirs = gnu_as(&texts);
        assert_eq!(theirs.len(), cases.list.len() * STRIDE);
        let mut bad = 0;
        for (i, (text, ours)) in cases.list.iter().enumerate() {
            assert!(ours.len() < STRIDE, "{text}: too long");
            let slot = &theirs[i * STRIDE..(i + 1) * STRIDE];
            let mut padded = ours.clone();
            padded.resize(STRIDE, FILL);
            if padded != slot {
                bad += 1;
                if bad <= 40 {
                    let end = slot.iter().rposition(|&b| b != FILL).map_or(0, |p| p + 1);
                    eprintln!("{}\n    ours: {}\n    as:   {}", text.replace('\n', "; "), hex(ours), hex(&slot[..end]));
                }
            }
        }
        assert_eq!(bad, 0, "{bad} of {} cases differ from GNU as", cases.list.len());
    }

    #[test]
    fn buffer() {
        let mut a = Asm::new();
        assert_eq!(a.pos(), 0);
        a.ret();
        a.cqo();
        assert_eq!(a.pos(), 3);
        assert_eq!(a.code, [0xC3, 0x48, 0x99]);
        let cap = a.code.capacity();
        a.clear();
        assert_eq!(a.pos(), 0);
        assert_eq!(a.code.capacity(), cap);
    }

    /// Padding is the fewest of the recommended no-ops (Intel's table of
    /// them), up to the boundary; nothing when already there.
    #[test]
    fn align_pads_with_long_nops() {
        let mut a = Asm::new();
        a.ret();
        a.align(16);
        assert_eq!(a.pos(), 16);
        assert_eq!(a.code[1..10], [0x66, 0x0F, 0x1F, 0x84, 0, 0, 0, 0, 0]);
        assert_eq!(a.code[10..16], [0x66, 0x0F, 0x1F, 0x44, 0, 0]);
        a.align(16);
        assert_eq!(a.pos(), 16);
        a.ret();
        a.align(4);
        assert_eq!(a.code[17..20], [0x0F, 0x1F, 0x00]);
    }

    #[test]
    fn register_constants() {
        let all = [RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15];
        assert!(all.into_iter().eq(regs()));
    }

    #[test]
    fn negate() {
        for (c, _) in CONDS {
            assert_eq!(c.negate() as u8, c as u8 ^ 1);
            assert_eq!(c.negate().negate(), c);
        }
        assert_eq!(Cond::E.negate(), Cond::Ne);
        assert_eq!(Cond::L.negate(), Cond::Ge);
        assert_eq!(Cond::A.negate(), Cond::Be);
    }

    #[test]
    fn mem_constructors() {
        assert_eq!(Mem::at(RBX, -4), Mem { base: RBX, index: None, disp: -4 });
        assert_eq!(Mem::indexed(R12, R13, 4, 8), Mem { base: R12, index: Some((R13, 4)), disp: 8 });
    }

    #[test]
    #[should_panic(expected = "rsp cannot be an index")]
    fn rsp_is_no_index() {
        Mem::indexed(RAX, RSP, 1, 0);
    }

    #[test]
    #[should_panic(expected = "bad scale")]
    fn scale_3() {
        Mem::indexed(RAX, RCX, 3, 0);
    }

    #[test]
    #[should_panic(expected = "bad size")]
    fn load_size_3() {
        Asm::new().load_sized(RAX, Mem::at(RAX, 0), 3, false);
    }

    #[test]
    #[should_panic(expected = "bad size")]
    fn store_size_16() {
        Asm::new().store_sized(Mem::at(RAX, 0), RAX, 16);
    }

    #[test]
    fn loop_back_and_forward() {
        let mut a = Asm::new();
        // top: sub rcx, 1; jne top; jmp out; ret; out:
        let top = a.pos();
        a.alu_ri(Alu::Sub, RCX, 1);
        let back = a.jcc(Cond::Ne);
        let out = a.jmp();
        a.ret();
        a.patch(back, top);
        a.patch(out, a.pos());
        assert_eq!(back, Fixup(6));
        assert_eq!(out, Fixup(11));
        #[rustfmt::skip]
        let expected = [
            0x48, 0x83, 0xE9, 0x01,             // sub rcx, 1
            0x0F, 0x85, 0xF6, 0xFF, 0xFF, 0xFF, // jne -10: back to 0 from the end at 10
            0xE9, 0x01, 0x00, 0x00, 0x00,       // jmp +1: over the ret
            0xC3,
        ];
        assert_eq!(a.code, expected);
    }

    #[test]
    fn patch_abs() {
        let mut a = Asm::new();
        a.ret();
        let f = a.jmp();
        let base = 0x7000_0000_0000usize;
        let end = base + 6; // where the displacement counts from
        for rel in [0i64, 5, -5, i32::MAX as i64, i32::MIN as i64] {
            let target = (end as i64 + rel) as usize;
            assert!(Asm::patch_abs(&mut a.code, f, base, target));
            assert_eq!(a.code[2..6], (rel as i32).to_le_bytes());
        }
        let before = a.code.clone();
        for target in [end + (1 << 31), end - (1 << 31) - 1, 0, usize::MAX] {
            assert!(!Asm::patch_abs(&mut a.code, f, base, target));
            assert_eq!(a.code, before);
        }
    }

    #[test]
    #[should_panic(expected = "exceeds rel32")]
    fn patch_too_far() {
        let mut a = Asm::new();
        let f = a.jmp();
        a.patch(f, 1 << 32);
    }
}
