//! The text form of a flow graph, used by dumps and snapshot tests.
//!
//! ```text
//! graph fib(n_0: i64) -> i64
//! block0(n_0):
//!     v3 = lt(n_0, 2)
//!     exitswitch v3
//!     false -> block4(n_0)
//!     true -> block1(n_0)
//! ```
//! After rtyping, variables print with their concretetype at their
//! definition (`v3: Bool = int_lt(n_0, 2)`).

use super::model::{Block, BlockId, FunctionGraph, Link, Value, VarId};
use std::fmt::{self, Write};

pub struct GraphText<'a>(pub &'a FunctionGraph);

impl FunctionGraph {
    pub fn text(&self) -> String {
        GraphText(self).to_string()
    }

    pub fn value_text(&self, v: &Value) -> String {
        match v {
            Value::Var(v) => self.var_name(*v),
            Value::Const(c) => c.value.to_string(),
        }
    }

    fn def_text(&self, v: VarId) -> String {
        match &self.vars[v].concretetype {
            Some(t) => format!("{}: {t}", self.var_name(v)),
            None => self.var_name(v),
        }
    }

    fn link_text(&self, link: &Link) -> String {
        let mut s = String::new();
        if let Some(case) = &link.exitcase {
            let _ = write!(s, "{case} -> ");
        }
        let args: Vec<String> = link.args.iter().map(|a| self.value_text(a)).collect();
        let _ = write!(s, "{}({})", self.block_name(link.target), args.join(", "));
        s
    }

    pub fn block_name(&self, b: BlockId) -> String {
        if b == self.returnblock {
            "return".to_string()
        } else if b == self.exceptblock {
            "except".to_string()
        } else {
            b.to_string()
        }
    }

    pub fn block_text(&self, b: BlockId) -> String {
        let block: &Block = &self.blocks[b];
        let mut s = String::new();
        let args: Vec<String> = block.inputargs.iter().map(|v| self.def_text(*v)).collect();
        let _ = writeln!(s, "{}({}):", self.block_name(b), args.join(", "));
        for op in &block.operations {
            let args: Vec<String> = op.args.iter().map(|a| self.value_text(a)).collect();
            let _ = writeln!(s, "    {} = {}({})", self.def_text(op.result), op.opname, args.join(", "));
        }
        if let Some(sw) = &block.exitswitch {
            let _ = writeln!(s, "    exitswitch {}", self.value_text(sw));
        }
        for link in &block.exits {
            let _ = writeln!(s, "    {}", self.link_text(link));
        }
        s
    }
}

impl fmt::Display for GraphText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.0;
        let params: Vec<String> = g.blocks[g.startblock]
            .inputargs
            .iter()
            .zip(&g.param_tys)
            .map(|(v, t)| format!("{}: {t}", g.var_name(*v)))
            .collect();
        writeln!(f, "graph {}({}) -> {}", g.name, params.join(", "), g.ret_ty)?;
        for b in g.iterblocks() {
            if !g.is_final(b) {
                f.write_str(&g.block_text(b))?;
            }
        }
        Ok(())
    }
}
