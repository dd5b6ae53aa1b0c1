//! The binary form of a `JitModule`, embedded in the translated binary as
//! bytes and decoded once by the runtime: LEB128 numbers, tagged unions,
//! length-prefixed lists. A format version starts it, so a runtime never
//! misreads bytes of another version.

use crate::code::*;
use crate::ops::Op;

const MAGIC: &[u8; 4] = b"rpja";

/// LEB128 numbers and the module's small types, appended to bytes (also
/// the runtime's packed snapshots).
#[derive(Default)]
pub struct Writer(pub Vec<u8>);

impl Writer {
    pub fn u(&mut self, mut v: u64) {
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.0.push(b);
                return;
            }
            self.0.push(b | 0x80);
        }
    }
    pub fn i(&mut self, v: i64) {
        self.u(((v << 1) ^ (v >> 63)) as u64);
    }
    fn b(&mut self, v: bool) {
        self.u(v as u64);
    }
    fn s(&mut self, s: &str) {
        self.u(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }
    pub fn kind(&mut self, k: Kind) {
        self.u(k as u64);
    }
    fn kinds(&mut self, ks: &[Kind]) {
        self.u(ks.len() as u64);
        ks.iter().for_each(|k| self.kind(*k));
    }
    pub fn reg(&mut self, r: Reg) {
        self.u(((r.index as u64) << 2) | r.kind as u64);
    }
    fn regs(&mut self, rs: &[Reg]) {
        self.u(rs.len() as u64);
        rs.iter().for_each(|r| self.reg(*r));
    }
    fn leaf(&mut self, l: &Leaf) {
        self.u(l.offset as u64);
        self.u(l.size as u64);
        self.b(l.signed);
        self.kind(l.kind);
    }
}

/// The bytes of `m`.
pub fn encode(m: &JitModule) -> Vec<u8> {
    let mut w = Writer::default();
    w.0.extend_from_slice(MAGIC);
    // The drivers' numbers of greens first: all a program needs of the
    // module until it traces (`green_counts`, without decoding the rest).
    w.u(m.drivers.len() as u64);
    for d in &m.drivers {
        w.u(d.greens.len() as u64);
    }
    w.u(m.jitcodes.len() as u64);
    for c in &m.jitcodes {
        w.s(&c.name);
        w.regs(&c.params);
        c.num_regs.iter().for_each(|n| w.u(*n as u64));
        w.u(c.insns.len() as u64);
        for insn in &c.insns {
            w.u(insn.op as u64);
            w.u(insn.args.len() as u64);
            for a in &insn.args {
                match a {
                    Arg::Reg(r) => {
                        w.u(0);
                        w.reg(*r)
                    }
                    Arg::Int(i) => {
                        w.u(1);
                        w.i(*i)
                    }
                    Arg::Float(f) => {
                        w.u(2);
                        w.u(f.to_bits())
                    }
                    Arg::Ref(RefConst::Null) => w.u(3),
                    Arg::Ref(RefConst::Prebuilt(i)) => {
                        w.u(4);
                        w.u(*i as u64)
                    }
                    Arg::Label(l) => {
                        w.u(5);
                        w.u(*l as u64)
                    }
                    Arg::Descr(d) => {
                        w.u(6);
                        w.u(*d as u64)
                    }
                    Arg::Regs(rs) => {
                        w.u(7);
                        w.regs(rs)
                    }
                }
            }
            w.regs(&insn.results);
        }
    }
    w.u(m.descrs.len() as u64);
    for d in &m.descrs {
        match d {
            Descr::Field { name, leaf, immutable, holds, quasi, nonneg, variant, on_word } => {
                w.u(0);
                w.s(name);
                w.leaf(leaf);
                w.b(*immutable);
                w.u(*holds as u64);
                w.b(*quasi);
                w.b(*nonneg);
                w.u(*variant as u64);
                w.u(match on_word {
                    OnWord::Never => 0,
                    OnWord::Int => 1,
                    OnWord::Tag(t) => 2 + *t as u64,
                });
            }
            Descr::Array { name, length_offset, items_offset, item_size, typeinfo, item, immutable } => {
                w.u(1);
                w.s(name);
                w.u(*length_offset as u64);
                w.u(*items_offset as u64);
                w.u(*item_size as u64);
                w.u(*typeinfo as u64);
                w.b(item.is_some());
                if let Some(l) = item {
                    w.leaf(l);
                }
                w.b(*immutable);
            }
            Descr::Interior { array, leaf } => {
                w.u(2);
                w.u(*array as u64);
                w.leaf(leaf);
            }
            Descr::Size { name, typeinfo, word } => {
                w.u(3);
                w.s(name);
                w.u(*typeinfo as u64);
                match word {
                    None => w.u(0),
                    Some((tag, offset)) => {
                        w.u(1 + *tag as u64);
                        w.u(*offset as u64);
                    }
                }
            }
            Descr::Call { name, target, args, results, effect, effects } => {
                w.u(4);
                w.s(name);
                w.u(*target as u64);
                w.kinds(args);
                w.kinds(results);
                w.u(*effect as u64);
                w.b(effects.is_some());
                if let Some(e) = effects {
                    for list in [&e.reads, &e.writes] {
                        w.u(list.len() as u64);
                        for d in list {
                            w.u(*d as u64);
                        }
                    }
                }
            }
            Descr::JitCode { name, index } => {
                w.u(5);
                w.s(name);
                w.u(*index as u64);
            }
            Descr::LlOp { op, bits, signed, part } => {
                w.u(6);
                w.s(op.name(*signed));
                w.u(*bits as u64);
                w.b(*signed);
                w.u(*part as u64);
            }
        }
    }
    w.u(m.drivers.len() as u64);
    for d in &m.drivers {
        w.s(&d.name);
        w.u(d.portal as u64);
        w.u(d.merge_point as u64);
        w.kinds(&d.greens);
        w.kinds(&d.reds);
        w.kinds(&d.result);
        w.b(d.printable_location.is_some());
        w.u(d.printable_location.unwrap_or(0) as u64);
        w.u(d.call as u64);
        w.b(d.virtualizable.is_some());
        w.u(d.virtualizable.unwrap_or(0) as u64);
    }
    w.0
}

/// Reads what a `Writer` wrote.
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

type R<T> = Result<T, String>;

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, pos: 0 }
    }
    pub fn u(&mut self) -> R<u64> {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let b = *self.bytes.get(self.pos).ok_or("the jitcode data ends early")?;
            self.pos += 1;
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
            shift += 7;
            if shift > 63 {
                return Err("a number of the jitcode data is too long".into());
            }
        }
    }
    pub fn u32(&mut self) -> R<u32> {
        u32::try_from(self.u()?).map_err(|_| "a number of the jitcode data is out of range".to_string())
    }
    pub fn i(&mut self) -> R<i64> {
        let v = self.u()?;
        Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
    }
    fn b(&mut self) -> R<bool> {
        Ok(self.u()? != 0)
    }
    pub fn len(&mut self) -> R<usize> {
        let n = self.u()? as usize;
        if n > self.bytes.len() {
            return Err("a length of the jitcode data is too large".into());
        }
        Ok(n)
    }
    fn s(&mut self) -> R<String> {
        let n = self.len()?;
        let end =
            self.pos.checked_add(n).filter(|e| *e <= self.bytes.len()).ok_or("a string overruns the jitcode data")?;
        let s =
            std::str::from_utf8(&self.bytes[self.pos..end]).map_err(|_| "a string of the jitcode data is not UTF-8")?;
        self.pos = end;
        Ok(s.to_string())
    }
    pub fn kind(&mut self) -> R<Kind> {
        Kind::ALL.get(self.u()? as usize).copied().ok_or_else(|| "a bad register kind in the jitcode data".to_string())
    }
    fn kinds(&mut self) -> R<Vec<Kind>> {
        (0..self.len()?).map(|_| self.kind()).collect()
    }
    pub fn reg(&mut self) -> R<Reg> {
        let v = self.u()?;
        let kind = Kind::ALL.get((v & 3) as usize).copied().ok_or("a bad register kind in the jitcode data")?;
        Ok(Reg { kind, index: u32::try_from(v >> 2).map_err(|_| "a register index is out of range")? })
    }
    fn regs(&mut self) -> R<Vec<Reg>> {
        (0..self.len()?).map(|_| self.reg()).collect()
    }
    fn leaf(&mut self) -> R<Leaf> {
        Ok(Leaf { offset: self.u32()?, size: self.u()? as u8, signed: self.b()?, kind: self.kind()? })
    }
}

/// A reader of bytes made by `encode`, at the drivers' numbers of greens.
fn reader(bytes: &[u8]) -> Result<Reader<'_>, String> {
    if !bytes.starts_with(MAGIC) {
        return Err("the jitcode data is not of this version of rpy".into());
    }
    Ok(Reader { bytes, pos: MAGIC.len() })
}

/// How many greens each driver of the encoded module `bytes` has.
pub fn green_counts(bytes: &[u8]) -> Result<Vec<usize>, String> {
    let mut r = reader(bytes)?;
    (0..r.len()?).map(|_| r.u().map(|n| n as usize)).collect()
}

/// Decodes bytes made by `encode`.
pub fn decode(bytes: &[u8]) -> Result<JitModule, String> {
    let mut r = reader(bytes)?;
    for _ in 0..r.len()? {
        r.u()?;
    }
    let mut m = JitModule::default();
    for _ in 0..r.len()? {
        let name = r.s()?;
        let params = r.regs()?;
        let num_regs = [r.u32()?, r.u32()?, r.u32()?];
        let mut insns = Vec::new();
        for _ in 0..r.len()? {
            let code = r.u()?;
            let op = u16::try_from(code).ok().and_then(Op::from_u16).ok_or_else(|| format!("unknown opcode {code}"))?;
            let mut args = Vec::new();
            for _ in 0..r.len()? {
                args.push(match r.u()? {
                    0 => Arg::Reg(r.reg()?),
                    1 => Arg::Int(r.i()?),
                    2 => Arg::Float(f64::from_bits(r.u()?)),
                    3 => Arg::Ref(RefConst::Null),
                    4 => Arg::Ref(RefConst::Prebuilt(r.u32()?)),
                    5 => Arg::Label(r.u32()?),
                    6 => Arg::Descr(r.u32()?),
                    7 => Arg::Regs(r.regs()?),
                    t => return Err(format!("unknown argument tag {t}")),
                });
            }
            let results = r.regs()?;
            insns.push(Insn { op, args, results });
        }
        m.jitcodes.push(JitCode { name, params, num_regs, insns });
    }
    for _ in 0..r.len()? {
        m.descrs.push(match r.u()? {
            0 => Descr::Field {
                name: r.s()?,
                leaf: r.leaf()?,
                immutable: r.b()?,
                holds: match r.u()? {
                    0 => Holds::Shared,
                    1 => Holds::Owned,
                    2 => Holds::Private,
                    h => return Err(format!("unknown field holds {h}")),
                },
                quasi: r.b()?,
                nonneg: r.b()?,
                variant: match r.u()? {
                    0 => Variant::Any,
                    1 => Variant::Tag,
                    2 => Variant::Own,
                    v => return Err(format!("unknown field variant {v}")),
                },
                on_word: match r.u()? {
                    0 => OnWord::Never,
                    1 => OnWord::Int,
                    t => OnWord::Tag(u16::try_from(t - 2).map_err(|_| format!("unknown field word {t}"))?),
                },
            },
            1 => Descr::Array {
                name: r.s()?,
                length_offset: r.u32()?,
                items_offset: r.u32()?,
                item_size: r.u32()?,
                typeinfo: r.u32()?,
                item: if r.b()? { Some(r.leaf()?) } else { None },
                immutable: r.b()?,
            },
            2 => Descr::Interior { array: r.u32()?, leaf: r.leaf()? },
            3 => Descr::Size {
                name: r.s()?,
                typeinfo: r.u32()?,
                word: match r.u()? {
                    0 => None,
                    t => Some((u16::try_from(t - 1).map_err(|_| format!("unknown size word {t}"))?, r.u32()?)),
                },
            },
            4 => Descr::Call {
                name: r.s()?,
                target: r.u32()?,
                args: r.kinds()?,
                results: r.kinds()?,
                effect: match r.u()? {
                    0 => Effect::Elidable,
                    1 => Effect::Random,
                    2 => Effect::Noreturn,
                    3 => Effect::Arraycopy,
                    e => return Err(format!("unknown call effect {e}")),
                },
                effects: match r.b()? {
                    true => Some(Effects {
                        reads: (0..r.len()?).map(|_| r.u32()).collect::<Result<_, _>>()?,
                        writes: (0..r.len()?).map(|_| r.u32()).collect::<Result<_, _>>()?,
                    }),
                    false => None,
                },
            },
            5 => Descr::JitCode { name: r.s()?, index: r.u32()? },
            6 => Descr::LlOp {
                op: {
                    let name = r.s()?;
                    WidthOp::from_name(&name).ok_or_else(|| format!("unknown llop {name}"))?
                },
                bits: r.u()? as u8,
                signed: r.b()?,
                part: match r.u()? {
                    0 => Part::Whole,
                    1 => Part::Ok,
                    2 => Part::Value,
                    p => return Err(format!("unknown llop part {p}")),
                },
            },
            t => return Err(format!("unknown descr tag {t}")),
        });
    }
    for _ in 0..r.len()? {
        let name = r.s()?;
        let portal = r.u32()?;
        let merge_point = r.u32()?;
        let greens = r.kinds()?;
        let reds = r.kinds()?;
        let result = r.kinds()?;
        let has_loc = r.b()?;
        let loc = r.u32()?;
        let call = r.u32()?;
        let has_vable = r.b()?;
        let vable = r.u32()?;
        m.drivers.push(Driver {
            name,
            portal,
            merge_point,
            greens,
            reds,
            result,
            printable_location: has_loc.then_some(loc),
            call,
            virtualizable: has_vable.then_some(vable),
        });
    }
    if r.pos != bytes.len() {
        return Err("trailing bytes after the jitcode data".into());
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::intops::IntOp;

    fn sample() -> JitModule {
        let i = |index| Reg { kind: Kind::Int, index };
        let r = |index| Reg { kind: Kind::Ref, index };
        JitModule {
            jitcodes: vec![JitCode {
                name: "f".into(),
                params: vec![i(0), r(0)],
                num_regs: [3, 1, 0],
                insns: vec![
                    Insn { op: Op::IntAdd, args: vec![Arg::Reg(i(0)), Arg::Int(-5)], results: vec![i(1)] },
                    Insn { op: Op::GetfieldGcI, args: vec![Arg::Reg(r(0)), Arg::Descr(0)], results: vec![i(2)] },
                    Insn { op: Op::Live, args: vec![Arg::Regs(vec![i(1), r(0)])], results: vec![] },
                    Insn { op: Op::GotoIfNot, args: vec![Arg::Reg(i(2)), Arg::Label(5)], results: vec![] },
                    Insn {
                        op: Op::ResidualCall,
                        args: vec![Arg::Descr(1), Arg::Regs(vec![]), Arg::Regs(vec![r(0)]), Arg::Regs(vec![])],
                        results: vec![i(1), i(2)],
                    },
                    Insn { op: Op::IntReturn, args: vec![Arg::Reg(i(1))], results: vec![] },
                    Insn { op: Op::FloatReturn, args: vec![Arg::Float(-0.5)], results: vec![] },
                    Insn { op: Op::RefReturn, args: vec![Arg::Ref(RefConst::Prebuilt(7))], results: vec![] },
                    Insn { op: Op::Live, args: vec![Arg::Regs(vec![i(1), i(2)])], results: vec![] },
                    Insn {
                        op: Op::Switch,
                        args: vec![Arg::Reg(i(2)), Arg::Int(-3), Arg::Label(5), Arg::Int(7), Arg::Label(11)],
                        results: vec![],
                    },
                    Insn { op: Op::Unreachable, args: vec![], results: vec![] },
                    Insn { op: Op::VoidReturn, args: vec![], results: vec![] },
                ],
            }],
            descrs: vec![
                Descr::Field {
                    name: "T.x".into(),
                    leaf: Leaf { offset: 8, size: 4, signed: true, kind: Kind::Int },
                    immutable: true,
                    holds: Holds::Owned,
                    quasi: false,
                    nonneg: true,
                    variant: Variant::Own,
                    on_word: OnWord::Int,
                },
                Descr::Call {
                    name: "g".into(),
                    target: 0,
                    args: vec![Kind::Ref],
                    results: vec![Kind::Int, Kind::Int],
                    effect: Effect::Elidable,
                    effects: Some(Effects { reads: vec![0], writes: vec![] }),
                },
                Descr::LlOp { op: WidthOp::Int(IntOp::AddChecked), bits: 32, signed: true, part: Part::Value },
            ],
            drivers: vec![Driver {
                name: "jd".into(),
                portal: 0,
                merge_point: 1,
                greens: vec![Kind::Int],
                reds: vec![Kind::Ref],
                result: vec![],
                printable_location: Some(1),
                call: 0,
                virtualizable: Some(0),
            }],
        }
    }

    #[test]
    fn round_trip() {
        let m = sample();
        assert_eq!(decode(&encode(&m)).unwrap(), m);
    }

    /// What a program needs before it traces is read without the rest.
    #[test]
    fn green_counts_are_read_without_decoding() {
        let m = sample();
        let bytes = encode(&m);
        let counts: Vec<usize> = m.drivers.iter().map(|d| d.greens.len()).collect();
        assert!(!counts.is_empty());
        assert_eq!(green_counts(&bytes).unwrap(), counts);
    }

    #[test]
    fn corrupt_data_is_an_error_not_a_crash() {
        let bytes = encode(&sample());
        for cut in 0..bytes.len() {
            assert!(decode(&bytes[..cut]).is_err(), "a prefix of {cut} bytes decoded");
        }
        assert!(decode(b"rpj0").is_err());
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(decode(&extra).is_err());
    }

    #[test]
    fn text_names_calls_by_their_argument_kinds() {
        let text = sample().full_text();
        assert!(text.contains("residual_call_ir_s <Call g elidable>, [], [%r0] -> [%i1, %i2]"), "{text}");
        assert!(text.contains("L5:\n    int_return %i1"), "{text}");
        assert!(
            text.contains("getfield_gc_i %r0, <Field T.x @8 i4s immutable owned nonneg variant word-int> -> %i2"),
            "{text}"
        );
    }

    #[test]
    fn switches_in_text_and_binary() {
        let m = sample();
        let text = m.full_text();
        assert!(
            text.contains(
                "    -live- [%i1, %i2]\n    switch %i2, $-3, L5, $7, L11\n    unreachable\nL11:\n    void_return\n"
            ),
            "{text}"
        );
        let decoded = decode(&encode(&m)).unwrap();
        assert_eq!(decoded.full_text(), text);
        let switch = &decoded.jitcodes[0].insns[9];
        assert_eq!(switch.switch_cases().collect::<Vec<_>>(), vec![(-3, 5), (7, 11)]);
        for (value, target) in [(-3, Some(5)), (7, Some(11)), (0, None), (-4, None), (8, None), (i64::MIN, None)] {
            assert_eq!(switch.switch_target(value), target, "{value}");
        }
        let empty = Insn { op: Op::Switch, args: vec![Arg::Reg(Reg { kind: Kind::Int, index: 0 })], results: vec![] };
        assert_eq!(empty.switch_target(0), None);
        assert!(Op::Unreachable.is_final() && !Op::Switch.is_final());
    }
}
