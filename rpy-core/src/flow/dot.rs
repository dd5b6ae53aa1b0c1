//! Graphviz form of a flow graph, for `RPY_DUMP`.

use super::model::FunctionGraph;
use std::fmt::Write;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\l")
}

impl FunctionGraph {
    pub fn dot(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "digraph \"{}\" {{", escape(&self.name));
        let _ = writeln!(s, "  node [shape=box, fontname=monospace];");
        for b in self.iterblocks() {
            let label = if self.is_final(b) {
                let args: Vec<String> = self.blocks[b].inputargs.iter().map(|v| self.var_name(*v)).collect();
                format!("{}({})\n", self.block_name(b), args.join(", "))
            } else {
                self.block_text(b).lines().filter(|l| !l.starts_with("    ") || !l.contains("->")).fold(
                    String::new(),
                    |mut acc, l| {
                        acc.push_str(l);
                        acc.push('\n');
                        acc
                    },
                )
            };
            let _ = writeln!(s, "  {} [label=\"{}\"];", self.block_name(b), escape(&label));
            for link in &self.blocks[b].exits {
                let args: Vec<String> = link.args.iter().map(|a| self.value_text(a)).collect();
                let case = link.exitcase.as_ref().map(|c| format!("{c}: ")).unwrap_or_default();
                let _ = writeln!(
                    s,
                    "  {} -> {} [label=\"{}\"];",
                    self.block_name(b),
                    self.block_name(link.target),
                    escape(&format!("{case}{}", args.join(", ")))
                );
            }
        }
        s.push_str("}\n");
        s
    }
}
