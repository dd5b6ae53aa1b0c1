//! Jitcodes as data (RPython's `JitCode`s and descrs) and their text form.

use crate::intops::IntOp;
use crate::ops::Op;
use std::fmt;

/// A register file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Integers of every width (normalized to 64 bits), `bool`, `char`.
    Int,
    /// GC pointers.
    Ref,
    Float,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Int, Kind::Ref, Kind::Float];

    /// The prefix of operations on the kind (`int_copy`, `ref_return`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Int => "int",
            Kind::Ref => "ref",
            Kind::Float => "float",
        }
    }

    pub fn letter(self) -> char {
        match self {
            Kind::Int => 'i',
            Kind::Ref => 'r',
            Kind::Float => 'f',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reg {
    pub kind: Kind,
    pub index: u32,
}

/// A reference constant: an index into the module's table of prebuilt
/// objects, or null.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefConst {
    Null,
    Prebuilt(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Reg(Reg),
    Int(i64),
    Float(f64),
    Ref(RefConst),
    /// The index of an instruction of the same jitcode.
    Label(u32),
    /// An index into the module's descrs.
    Descr(u32),
    Regs(Vec<Reg>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Insn {
    pub op: Op,
    pub args: Vec<Arg>,
    /// Most operations have zero or one result; calls of functions
    /// returning by-value structs have one per leaf.
    pub results: Vec<Reg>,
}

impl Insn {
    /// The cases of a `switch`: `(key, label)` pairs, keys ascending.
    pub fn switch_cases(&self) -> impl Iterator<Item = (i64, u32)> + '_ {
        debug_assert_eq!(self.op, Op::Switch);
        self.args.get(1..).unwrap_or_default().chunks(2).map(|c| match c {
            [Arg::Int(k), Arg::Label(l)] => (*k, *l),
            other => panic!("rpy: a switch case (a key and a label) expected, got {other:?}"),
        })
    }

    /// The label a `switch` jumps to for `value`, `None` for its default
    /// path (a binary search on the keys).
    pub fn switch_target(&self, value: i64) -> Option<u32> {
        debug_assert_eq!(self.op, Op::Switch);
        let cases = self.args.get(1..).unwrap_or_default();
        let (mut lo, mut hi) = (0, cases.len() / 2);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match (&cases[2 * mid], &cases[2 * mid + 1]) {
                (Arg::Int(k), _) if *k < value => lo = mid + 1,
                (Arg::Int(k), _) if *k > value => hi = mid,
                (Arg::Int(_), Arg::Label(l)) => return Some(*l),
                other => panic!("rpy: a switch case (a key and a label) expected, got {other:?}"),
            }
        }
        None
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct JitCode {
    pub name: String,
    /// The registers the function's arguments arrive in, leaf by leaf.
    pub params: Vec<Reg>,
    /// Registers used, per kind (`Kind as usize`).
    pub num_regs: [u32; 3],
    pub insns: Vec<Insn>,
}

/// Where a scalar lives in memory and how it reads into a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub offset: u32,
    /// 1, 2, 4 or 8 bytes.
    pub size: u8,
    /// Sign-extend when loading (else zero-extend).
    pub signed: bool,
    pub kind: Kind,
}

/// What a field of references says of the objects it holds, from Rust's
/// ownership: what lets the optimizer tell two objects apart (so a write
/// through one is no write through the other).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// Nothing: any object, maybe held elsewhere too.
    Shared,
    /// An object the field owns and is never reassigned (a `Vec`,
    /// `String` or `Box` set when its object is built): different from what
    /// the object's other `Owned` fields hold.
    Owned,
    /// An object only this field of this object holds (a list's items:
    /// only new arrays are stored there): the field of two different
    /// objects holds different objects.
    Private,
}

/// What a field of an enum's data says of its object's variant, or needs of
/// it: the data are a base struct holding the tag and a struct per variant
/// extending it (RPython's subclasses of one class).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// A field every object of its struct's type has.
    Any,
    /// The enum's tag: which variant the object is.
    Tag,
    /// A field of one variant's struct: the object has it once its tag
    /// says it is that variant.
    Own,
}

/// What a field reads on a tagged word: an integer `x` of an enum's integer
/// variant kept as `(x << 1) | 1` where the enum's values are pointers
/// (objects are 8-byte aligned: an odd word is no object). Only the enum's
/// tag and the variant's integer can be read on one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnWord {
    /// The field is no object's a tagged word can stand for.
    Never,
    /// The enum's tag: the integer variant's, `u16`.
    Tag(u16),
    /// The integer variant's integer: the word shifted right by one.
    Int,
}

impl OnWord {
    /// The value the field reads on `obj` without memory, when `obj` is a
    /// tagged word this field can be read on.
    pub fn read(self, obj: u64) -> Option<u64> {
        if obj & 1 == 0 {
            return None;
        }
        match self {
            OnWord::Never => None,
            OnWord::Tag(t) => Some(t as u64),
            OnWord::Int => Some(((obj as i64) >> 1) as u64),
        }
    }
}

/// What an operation needs to know about the heap, a call or a type
/// (RPython's descrs).
#[derive(Clone, Debug, PartialEq)]
pub enum Descr {
    /// A field of a `GcStruct` (or one leaf of a by-value struct field).
    /// `immutable`: never written once its object is built (RPython's
    /// pure field descrs), so a read of it on a constant object is a
    /// constant, and what a read gave holds across calls and writes.
    /// `holds`: what a field of references says of the objects in it.
    /// `quasi`: declared quasi-immutable (`#[rpython::jit::quasi_immutable]`):
    /// written rarely, so a trace reading it on a constant object takes
    /// its value as a constant and is invalidated when it is written.
    /// `nonneg`: an integer never negative (a list's length). `variant`:
    /// of an enum's data, the tag or a variant's own field. `on_word`: what
    /// the field reads on a tagged word.
    Field {
        name: String,
        leaf: Leaf,
        immutable: bool,
        holds: Holds,
        quasi: bool,
        nonneg: bool,
        variant: Variant,
        on_word: OnWord,
    },
    /// A variable-sized container: a `GcArray` or a `GcStruct` with items.
    /// `item` is `None` when the items are by-value structs (read and
    /// written leaf by leaf through `Interior` descrs). `immutable`: the
    /// items are never written once the array is built.
    Array {
        name: String,
        length_offset: u32,
        items_offset: u32,
        item_size: u32,
        typeinfo: u32,
        item: Option<Leaf>,
        immutable: bool,
    },
    /// One leaf of the by-value struct items of the array descr `array`
    /// (`leaf.offset` is within the item).
    Interior { array: u32, leaf: Leaf },
    /// A fixed-size `GcStruct`, by its `TypeInfo` (an index into the
    /// module's table). `word`: of a tagged integer variant, its tag and
    /// the offset of its integer (`new_tagged`).
    Size { name: String, typeinfo: u32, word: Option<(u16, u32)> },
    /// A function the JIT calls (an index into the module's call table),
    /// with the kinds of its argument leaves in order and of its result
    /// leaves. `effects`: what it may read and write (`None`: anything).
    Call { name: String, target: u32, args: Vec<Kind>, results: Vec<Kind>, effect: Effect, effects: Option<Effects> },
    /// A function the JIT traces into.
    JitCode { name: String, index: u32 },
    /// A low-level operation on a type narrower than 64 bits or whose
    /// result depends on the width, on integers of `bits` bits and the
    /// given signedness; `part` picks the field of a checked operation's
    /// `(ok, value)` result.
    LlOp { op: WidthOp, bits: u8, signed: bool, part: Part },
}

/// The operation of an `LlOp` descr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WidthOp {
    /// `int_X` or `uint_X` (by the descr's signedness).
    Int(IntOp),
    /// `cast_float_to_int` or `cast_float_to_uint`: to the descr's type.
    FloatToInt,
}

impl WidthOp {
    /// The name in the text and binary forms: the integer operation without
    /// its family's prefix (`rotl`), or the cast's low-level name.
    pub fn name(self, signed: bool) -> &'static str {
        match self {
            WidthOp::Int(op) => op.name(),
            WidthOp::FloatToInt if signed => "cast_float_to_int",
            WidthOp::FloatToInt => "cast_float_to_uint",
        }
    }

    pub fn from_name(name: &str) -> Option<WidthOp> {
        match name {
            "cast_float_to_int" | "cast_float_to_uint" => Some(WidthOp::FloatToInt),
            _ => IntOp::from_name(name).map(WidthOp::Int),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Whole,
    /// The `ok` flag of a `*_checked` operation.
    Ok,
    /// The value of a `*_checked` operation (0 when it overflowed).
    Value,
}

/// The memory a call may read and write (RPython's `EffectInfo`'s read
/// and write descrs): field, array and interior descrs, sorted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    pub reads: Vec<u32>,
    pub writes: Vec<u32>,
}

/// What a call may do (RPython's `EffectInfo`, reduced).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// `#[elidable]`: with constant arguments, folds to its result.
    Elidable,
    /// Anything.
    Random,
    /// Never returns (a panic stub).
    Noreturn,
    /// Copies items between arrays (RPython's `OS_ARRAYCOPY`): its
    /// arguments are `(src, dst, src_start, dst_start, n)`; it reads and
    /// writes only items, as its effects say.
    Arraycopy,
}

/// A `JitDriver` of the module.
#[derive(Clone, Debug, PartialEq)]
pub struct Driver {
    pub name: String,
    /// The jitcode of the function holding the merge point, and the index
    /// of the `jit_merge_point` instruction in it.
    pub portal: u32,
    pub merge_point: u32,
    /// The kinds of the green and red leaves, in the order the translated
    /// code passes them.
    pub greens: Vec<Kind>,
    pub reds: Vec<Kind>,
    /// The portal's result leaves.
    pub result: Vec<Kind>,
    /// The call descr of `get_printable_location`, if given.
    pub printable_location: Option<u32>,
    /// The call descr of the portal. Called with `rpy_jit_resume` set to
    /// a buffer of green and red leaves, it goes on from its merge point
    /// with them (RPython's portal runner; its code before the merge
    /// point does not run).
    pub call: u32,
    /// The red leaf that is the interpreter's frame, declared by
    /// `.virtualizables(&["frame"])`: an object only ever passed to
    /// functions (the translator checked it), so a call not given it (nor
    /// a list it owns) leaves its fields and its lists' items as they were.
    pub virtualizable: Option<u32>,
}

/// Everything the JIT needs of one translated module, but for addresses
/// (the call, `TypeInfo` and prebuilt-object tables), which the backend
/// emits next to the encoded form.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct JitModule {
    pub jitcodes: Vec<JitCode>,
    pub descrs: Vec<Descr>,
    pub drivers: Vec<Driver>,
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}{}", self.kind.letter(), self.index)
    }
}

fn regs_text(regs: &[Reg]) -> String {
    regs.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Leaf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.kind == Kind::Int && self.signed { "s" } else { "" };
        write!(f, "@{} {}{}{}", self.offset, self.kind.letter(), self.size, sign)
    }
}

impl fmt::Display for Descr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Descr::Field { name, leaf, immutable, holds, quasi, nonneg, variant, on_word } => {
                let holds = match holds {
                    Holds::Shared => "",
                    Holds::Owned => " owned",
                    Holds::Private => " private",
                };
                let quasi = if *quasi { " quasi-immutable" } else { "" };
                let nonneg = if *nonneg { " nonneg" } else { "" };
                let variant = match variant {
                    Variant::Any => "",
                    Variant::Tag => " tag",
                    Variant::Own => " variant",
                };
                let immutable = if *immutable { " immutable" } else { "" };
                let on_word = match on_word {
                    OnWord::Never => String::new(),
                    OnWord::Tag(t) => format!(" word-tag={t}"),
                    OnWord::Int => " word-int".to_string(),
                };
                write!(f, "<Field {name} {leaf}{immutable}{holds}{quasi}{nonneg}{variant}{on_word}>")
            }
            Descr::Array { name, length_offset, items_offset, item_size, item, immutable, .. } => {
                write!(f, "<Array {name} len@{length_offset} items@{items_offset}x{item_size}")?;
                match item {
                    Some(l) => write!(f, " {}{}{}", l.kind.letter(), l.size, if l.signed { "s" } else { "" })?,
                    None => write!(f, " struct")?,
                }
                write!(f, "{}>", if *immutable { " immutable" } else { "" })
            }
            Descr::Interior { array, leaf } => write!(f, "<Interior #{array} {leaf}>"),
            Descr::Size { name, word: None, .. } => write!(f, "<Size {name}>"),
            Descr::Size { name, word: Some((tag, offset)), .. } => write!(f, "<Size {name} word-tag={tag} @{offset}>"),
            Descr::Call { name, effect, effects, .. } => {
                write!(f, "<Call {name}")?;
                match effect {
                    Effect::Random => {}
                    Effect::Elidable => write!(f, " elidable")?,
                    Effect::Noreturn => write!(f, " noreturn")?,
                    Effect::Arraycopy => write!(f, " arraycopy")?,
                }
                let list = |ds: &[u32]| ds.iter().map(|d| format!("#{d}")).collect::<Vec<_>>().join(", ");
                match effects {
                    Some(e) if matches!(effect, Effect::Random | Effect::Arraycopy) => {
                        write!(f, " reads [{}] writes [{}]>", list(&e.reads), list(&e.writes))
                    }
                    _ => write!(f, ">"),
                }
            }
            Descr::JitCode { name, .. } => write!(f, "<JitCode {name}>"),
            Descr::LlOp { op, bits, signed, part } => {
                let part = match part {
                    Part::Whole => "",
                    Part::Ok => ".ok",
                    Part::Value => ".value",
                };
                write!(f, "<LlOp {}{bits} {}{part}>", if *signed { 'i' } else { 'u' }, op.name(*signed))
            }
        }
    }
}

impl JitModule {
    /// Whether the memory descr `d` reads is never written once its object
    /// is built: an immutable field, or an item (or a leaf of one) of an
    /// array whose items are immutable.
    pub fn is_immutable(&self, d: u32) -> bool {
        match &self.descrs[d as usize] {
            Descr::Field { immutable, .. } | Descr::Array { immutable, .. } => *immutable,
            Descr::Interior { array, .. } => self.is_immutable(*array),
            _ => false,
        }
    }

    /// The leaf the memory descr `d` reads or writes: a field's, an
    /// array's item, an interior field's.
    pub fn leaf(&self, d: u32) -> Option<Leaf> {
        match &self.descrs[d as usize] {
            Descr::Field { leaf, .. } | Descr::Interior { leaf, .. } => Some(*leaf),
            Descr::Array { item, .. } => *item,
            _ => None,
        }
    }

    /// Whether descr `d` is a quasi-immutable field's.
    pub fn is_quasi_immutable(&self, d: u32) -> bool {
        matches!(&self.descrs[d as usize], Descr::Field { quasi: true, .. })
    }

    /// The name of an instruction as RPython prints it: calls get the
    /// kinds of their argument lists and of their result
    /// (`residual_call_ir_i`).
    pub fn insn_name(&self, insn: &Insn) -> String {
        match insn.op {
            Op::ResidualCall | Op::InlineCall | Op::RecursiveCall => {
                let fixed = if insn.op == Op::RecursiveCall { 2 } else { 1 };
                let kinds = call_kinds(&insn.args[fixed..]);
                let res = match insn.results.as_slice() {
                    [] => "v".to_string(),
                    [r] => r.kind.letter().to_string(),
                    _ => "s".to_string(),
                };
                format!("{}_{kinds}_{res}", insn.op.name())
            }
            op => op.name().to_string(),
        }
    }

    fn arg_text(&self, a: &Arg) -> String {
        match a {
            Arg::Reg(r) => r.to_string(),
            Arg::Int(i) => format!("${i}"),
            Arg::Float(x) => format!("${x:?}"),
            Arg::Ref(RefConst::Null) => "$null".into(),
            Arg::Ref(RefConst::Prebuilt(i)) => format!("$ref{i}"),
            Arg::Label(l) => format!("L{l}"),
            Arg::Descr(d) => self.descrs.get(*d as usize).map(|d| d.to_string()).unwrap_or_else(|| format!("<#{d}?>")),
            Arg::Regs(rs) => format!("[{}]", regs_text(rs)),
        }
    }

    /// The text form of jitcode `index`, as RPython prints its
    /// `SSARepr`s: `int_add %i0, $1 -> %i2`, labels `L<n>` named after the
    /// index of the instruction they mark.
    pub fn text(&self, index: usize) -> String {
        let code = &self.jitcodes[index];
        let mut targets: Vec<u32> = code
            .insns
            .iter()
            .flat_map(|i| &i.args)
            .filter_map(|a| match a {
                Arg::Label(l) => Some(*l),
                _ => None,
            })
            .collect();
        targets.sort_unstable();
        targets.dedup();
        let mut out = format!("jitcode {}({})\n", code.name, regs_text(&code.params));
        for (pc, insn) in code.insns.iter().enumerate() {
            if targets.binary_search(&(pc as u32)).is_ok() {
                out.push_str(&format!("L{pc}:\n"));
            }
            let mut args = insn.args.as_slice();
            // Calls print only the argument lists up to the last one used.
            if matches!(insn.op, Op::ResidualCall | Op::InlineCall | Op::RecursiveCall | Op::PanicIf | Op::Panic) {
                let fixed = if matches!(insn.op, Op::PanicIf | Op::RecursiveCall) { 2 } else { 1 };
                let kinds = call_kinds(&args[fixed..]).len();
                args = &args[..fixed + kinds];
            }
            let mut line = format!("    {}", self.insn_name(insn));
            if !args.is_empty() {
                line.push(' ');
                line.push_str(&args.iter().map(|a| self.arg_text(a)).collect::<Vec<_>>().join(", "));
            }
            match insn.results.as_slice() {
                [] => {}
                [r] => line.push_str(&format!(" -> {r}")),
                rs => line.push_str(&format!(" -> [{}]", regs_text(rs))),
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// The text of every jitcode, then of every driver.
    pub fn full_text(&self) -> String {
        let mut out = String::new();
        for i in 0..self.jitcodes.len() {
            out.push_str(&self.text(i));
        }
        for d in &self.drivers {
            let kinds = |ks: &[Kind]| ks.iter().map(|k| k.letter()).collect::<String>();
            out.push_str(&format!(
                "driver {}: portal {} at {}, greens [{}], reds [{}], result [{}]\n",
                d.name,
                self.jitcodes[d.portal as usize].name,
                d.merge_point,
                kinds(&d.greens),
                kinds(&d.reds),
                kinds(&d.result)
            ));
        }
        out
    }
}

/// `i`, `ir` or `irf`: the argument lists a call needs, from its three
/// (ints, refs, floats).
fn call_kinds(lists: &[Arg]) -> &'static str {
    let used = |i: usize| matches!(lists.get(i), Some(Arg::Regs(rs)) if !rs.is_empty());
    if used(2) {
        "irf"
    } else if used(1) {
        "ir"
    } else {
        "i"
    }
}
