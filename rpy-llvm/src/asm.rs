//! Post-processing of LLVM's assembly output for `global_asm!`.
//!
//! The text ends up in `core::arch::global_asm!(TEXT, options(raw))` (with
//! `att_syntax` on x86-64), possibly next to other translated modules in
//! the same crate, and with LTO in the same LLVM module as other crates'.
//! So:
//! - every private label `.L<ident>` (basic blocks, function ends, constant
//!   pools, jump tables, the message strings) becomes
//!   `.L<prefix><ident>`: the assembler sees all `global_asm!` blocks of a
//!   codegen unit as one file, and LLVM numbers its labels from 0 in every
//!   module;
//! - directives that describe a whole object file are dropped: `.file`
//!   (a second one would start a new DWARF file table), `.ident`,
//!   `.addrsig`/`.addrsig_sym` (rustc's object has its own address-
//!   significance table), and the `.note.GNU-stack` section (rustc emits
//!   it for the object);
//! - comments are dropped (they only cost compile time in rustc);
//! - the whole text is wrapped in `.pushsection .text` / `.popsection`, so
//!   it leaves the assembler in the section it found it in, whatever
//!   section LLVM switched to last (constant pools are in `.rodata.*`).

/// The targets of the assembly text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arch {
    X86_64,
    Aarch64,
}

impl Arch {
    pub const ALL: [Arch; 2] = [Arch::X86_64, Arch::Aarch64];

    /// The architecture of a target triple (`x86_64-unknown-linux-gnu`, or
    /// its first part alone), if rpy emits code for it.
    pub fn of_triple(triple: &str) -> Option<Arch> {
        match triple.split('-').next()? {
            "x86_64" => Some(Arch::X86_64),
            "aarch64" => Some(Arch::Aarch64),
            _ => None,
        }
    }

    /// Its name in `cfg(target_arch = "...")`.
    pub fn cfg_name(self) -> &'static str {
        match self {
            Arch::X86_64 => "x86_64",
            Arch::Aarch64 => "aarch64",
        }
    }

    /// The start of a comment in the target's assembly syntax.
    fn comment(self) -> &'static str {
        match self {
            Arch::X86_64 => "#",
            Arch::Aarch64 => "//",
        }
    }
}

const DROPPED_DIRECTIVES: &[&str] = &[".file", ".ident", ".addrsig", ".addrsig_sym"];

pub fn postprocess(text: &str, prefix: &str, arch: Arch) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    out.push_str(".pushsection .text\n");
    for line in text.lines() {
        let line = strip_comment(line, arch.comment());
        let trimmed = line.trim();
        if trimmed.is_empty() || is_dropped(trimmed) {
            continue;
        }
        out.push_str(&rename_private_labels(line.trim_end(), prefix));
        out.push('\n');
    }
    out.push_str(".popsection\n");
    out
}

fn is_dropped(line: &str) -> bool {
    let directive = line.split(|c: char| c.is_whitespace() || c == ',').next().unwrap_or("");
    if DROPPED_DIRECTIVES.contains(&directive) {
        return true;
    }
    directive == ".section" && line.contains(".note.GNU-stack")
}

/// `line` without its comment, if any (a comment starter inside a string
/// literal does not count).
fn strip_comment<'l>(line: &'l str, comment: &str) -> &'l str {
    let bytes = line.as_bytes();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            _ if !in_string && line[i..].starts_with(comment) => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

fn is_symbol_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'$'
}

/// Renames every `.L<ident>` that starts a symbol (outside string
/// literals) to `.L<prefix><ident>`.
fn rename_private_labels(line: &str, prefix: &str) -> String {
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if in_string {
            if c == b'\\' && i + 1 < bytes.len() {
                out.push_str(&line[i..i + 2]);
                i += 2;
                continue;
            }
            if c == b'"' {
                in_string = false;
            }
        } else if c == b'"' {
            in_string = true;
        } else if c == b'.'
            && line[i..].starts_with(".L")
            && bytes.get(i + 2).is_some_and(|&n| is_symbol_char(n))
            && (i == 0 || !is_symbol_char(bytes[i - 1]))
        {
            out.push_str(".L");
            out.push_str(prefix);
            i += 2;
            continue;
        }
        let ch = line[i..].chars().next().unwrap();
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_private_labels_only() {
        assert_eq!(rename_private_labels("\tjne\t.LBB0_2", "__m_"), "\tjne\t.L__m_BB0_2");
        assert_eq!(rename_private_labels(".Lfunc_end0:", "__m_"), ".L__m_func_end0:");
        assert_eq!(
            rename_private_labels("\t.size\t__m_f, .Lfunc_end0-__m_f", "__m_"),
            "\t.size\t__m_f, .L__m_func_end0-__m_f"
        );
        assert_eq!(rename_private_labels("\tleaq\t.L.str.0(%rip), %rdi", "p"), "\tleaq\t.Lp.str.0(%rip), %rdi");
        assert_eq!(rename_private_labels("\tadd\tx0, x0, :lo12:.L.str", "p"), "\tadd\tx0, x0, :lo12:.Lp.str");
        // Not a label: inside a symbol, inside a string.
        assert_eq!(rename_private_labels("\tcall\tfoo.Lbar", "p"), "\tcall\tfoo.Lbar");
        assert_eq!(rename_private_labels("\t.ascii\t\"x .Lfoo \\\" .Lbar\"", "p"), "\t.ascii\t\"x .Lfoo \\\" .Lbar\"");
    }

    #[test]
    fn strips_comments_outside_strings() {
        assert_eq!(strip_comment("\tretq  # ret", "#"), "\tretq  ");
        assert_eq!(strip_comment("\t.ascii\t\"a#b\"  # c", "#"), "\t.ascii\t\"a#b\"  ");
        assert_eq!(strip_comment("\tmov\tx0, #1  // c", "//"), "\tmov\tx0, #1  ");
        assert_eq!(strip_comment("\t.ascii\t\"\\\"#\"", "#"), "\t.ascii\t\"\\\"#\"");
    }

    #[test]
    fn drops_whole_object_directives() {
        let text = "\t.text\n\t.file\t\"rpy\"\n\t.globl\tf\nf:\n\tretq\n\t.ident\t\"x\"\n\t.section\t\".note.GNU-stack\",\"\",@progbits\n\t.addrsig\n";
        assert_eq!(
            postprocess(text, "p", Arch::X86_64),
            ".pushsection .text\n\t.text\n\t.globl\tf\nf:\n\tretq\n.popsection\n"
        );
    }
}
