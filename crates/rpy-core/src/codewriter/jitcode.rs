//! JitCodes (RPython's `jitcode.py` and the `SSARepr` of `flatten.py`): a
//! low-level graph as a linear register program that the JIT's tracer and
//! blackhole interpreter run. Values live in three register files by kind
//! (`%i` integers and addresses, `%r` GC pointers, `%f` floats); blocks
//! become labels, links register copies and jumps, and `-live-` markers
//! say which registers hold the interpreter's state where a guard may
//! fail (the JIT rebuilds the state from them).

use crate::flow::ConstValue;
use std::fmt;

/// A register file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Int,
    Ref,
    Float,
}

impl Kind {
    /// The prefix of the operations on the kind (`int_copy`, `ref_return`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Int => "int",
            Kind::Ref => "ref",
            Kind::Float => "float",
        }
    }

    fn letter(self) -> char {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    Reg(Reg),
    Const(ConstValue, Kind),
    Label(Label),
    /// What an operation needs to know about the heap or a call (RPython's
    /// descrs), in text form for now: `<Field node.value>`.
    Descr(String),
    /// The registers of a list argument (a call's, a merge point's).
    Regs(Vec<Reg>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Insn {
    Label(Label),
    Op {
        name: String,
        args: Vec<Operand>,
        result: Option<Reg>,
    },
    /// The registers live here: a guard here may fail and resume.
    Live(Vec<Reg>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct JitCode {
    pub name: String,
    pub insns: Vec<Insn>,
    /// The registers the function's arguments arrive in.
    pub params: Vec<Reg>,
    /// Registers used, per kind (`Kind as usize`).
    pub num_regs: [u32; 3],
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}{}", self.kind.letter(), self.index)
    }
}

fn regs_text(regs: &[Reg]) -> String {
    regs.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Reg(r) => write!(f, "{r}"),
            Operand::Const(c, _) => write!(f, "${c}"),
            Operand::Label(l) => write!(f, "L{}", l.0),
            Operand::Descr(d) => write!(f, "<{d}>"),
            Operand::Regs(rs) => write!(f, "[{}]", regs_text(rs)),
        }
    }
}

impl JitCode {
    /// The text form, as RPython prints its `SSARepr`s:
    /// `int_add %i0, $1 -> %i2`.
    pub fn text(&self) -> String {
        let mut out = format!("jitcode {}({})\n", self.name, regs_text(&self.params));
        for insn in &self.insns {
            match insn {
                Insn::Label(l) => out.push_str(&format!("L{}:\n", l.0)),
                Insn::Live(regs) => out.push_str(&format!("    -live- {}\n", regs_text(regs))),
                Insn::Op { name, args, result } => {
                    let mut line = format!("    {name}");
                    if !args.is_empty() {
                        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
                        line.push(' ');
                        line.push_str(&args.join(", "));
                    }
                    if let Some(r) = result {
                        line.push_str(&format!(" -> {r}"));
                    }
                    out.push_str(&line);
                    out.push('\n');
                }
            }
        }
        out
    }
}
