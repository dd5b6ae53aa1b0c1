//! `rpylua FILE [ARGS]`: runs a Lua program with the translated interpreter
//! (the JIT on unless `RPYJIT=off`); `rpylua -e CODE` runs a string;
//! `--untranslated FILE` runs the same source as plain Rust; `--bench`
//! compares it with PUC Lua and LuaJIT on the programs of `bench/`.

mod bench;

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--bench") {
        std::process::exit(bench::bench(&args[2..]));
    }
    let untranslated = args.get(1).map(String::as_str) == Some("--untranslated");
    if untranslated {
        args.remove(1);
    }
    let status = on_large_stack(move || {
        if untranslated {
            lua::lua::entry_point(args)
        } else {
            lua::lua::translated::entry_point(args)
        }
    });
    std::process::exit(status);
}

/// The stack of the thread running the interpreter: a Lua call is a
/// recursive call of the interpreter, and Lua programs recurse as deep as
/// PUC Lua's limit (about 200000 calls). Reserved, used only as needed.
const STACK: usize = 4 << 30;

fn on_large_stack(run: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(run)
        .expect("start the interpreter's thread")
        .join()
        .unwrap_or(101)
}
