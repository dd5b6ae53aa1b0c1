//! `calc [--disassemble] [--trace]`: the calculator REPL, run untranslated.

fn main() {
    std::process::exit(calc::interp::entry_point(std::env::args().collect()));
}
