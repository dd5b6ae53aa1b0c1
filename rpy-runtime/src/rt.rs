//! Runtime functions called from translated code. They are `extern "C"`
//! with unmangled names because the generated assembly calls them by
//! symbol; their signatures are part of the contract with `rpy-llvm`.

use std::io::Write;

/// Prints what Rust prints for a panic at `file:line:col` and exits with
/// status 101, as an untranslated program's panic in the main thread does.
/// Translated code cannot unwind, so this never returns.
pub(crate) fn panic_exit(msg: &str, file: &str, line: u32, col: u32) -> ! {
    // A panicking Rust program flushes stdout on its way out.
    let _ = std::io::stdout().flush();
    let thread = std::thread::current();
    let name = thread.name().unwrap_or("<unnamed>");
    let mut err = std::io::stderr().lock();
    // Rust 1.95's format for the main thread: a blank line, then the thread's
    // name and OS id (the process id, for the main thread).
    let tid = std::process::id();
    let _ = write!(err, "\nthread '{name}' ({tid}) panicked at {file}:{line}:{col}:\n{msg}\n");
    let _ = err.write_all(b"note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n");
    drop(err);
    std::process::exit(101)
}

/// # Safety
/// The pointers must point to `len` bytes of UTF-8 (generated code passes
/// constant strings).
unsafe fn str_from<'a>(ptr: *const u8, len: usize) -> &'a str {
    if ptr.is_null() {
        return "";
    }
    std::str::from_utf8_unchecked(std::slice::from_raw_parts(ptr, len))
}

/// The `panic` low-level operation.
///
/// # Safety
/// Called by generated code with constant strings.
#[no_mangle]
pub unsafe extern "C" fn rpy_rt_panic(
    msg: *const u8,
    msg_len: usize,
    file: *const u8,
    file_len: usize,
    line: u32,
    col: u32,
) -> ! {
    panic_exit(str_from(msg, msg_len), str_from(file, file_len), line, col)
}

/// The `panic_str` low-level operation: a formatted message, a GC string.
///
/// # Safety
/// Called by generated code with a string object and a constant file name.
#[no_mangle]
pub unsafe extern "C" fn rpy_rt_panic_str(msg: *const u8, file: *const u8, file_len: usize, line: u32, col: u32) -> ! {
    let msg = String::from_utf8_lossy(crate::ll::string_bytes(msg)).into_owned();
    panic_exit(&msg, str_from(file, file_len), line, col)
}

/// The panic of `panic_index_if`: an index out of bounds.
///
/// # Safety
/// Called by generated code with a constant file name.
#[no_mangle]
pub unsafe extern "C" fn rpy_rt_panic_index(
    len: usize,
    index: usize,
    file: *const u8,
    file_len: usize,
    line: u32,
    col: u32,
) -> ! {
    let msg = format!("index out of bounds: the len is {len} but the index is {index}");
    panic_exit(&msg, str_from(file, file_len), line, col)
}

/// The runtime symbols generated code refers to, for the linker: each
/// translated module references this static, which references them all, so
/// they are linked in even though only assembly calls them.
pub struct KeepLinked(#[allow(dead_code)] [*const (); 32]);

// Only addresses of functions and statics, never dereferenced.
unsafe impl Sync for KeepLinked {}

pub static KEEP_LINKED: KeepLinked = KeepLinked([
    rpy_rt_panic as *const (),
    rpy_rt_panic_str as *const (),
    rpy_rt_panic_index as *const (),
    crate::gc::rpy_gc_malloc as *const (),
    crate::jit::hook::rpy_jit_merge_point as *const (),
    &crate::jit::hook::rpy_jit_hook as *const _ as *const (),
    &crate::jit::hook::rpy_jit_entering as *const _ as *const (),
    crate::gc::rpy_gc_malloc_varsize as *const (),
    crate::gc::rpy_gc_write_barrier as *const (),
    &crate::gc::rpy_gc_alloc_state as *const _ as *const (),
    crate::ll::rpy_str_fmt_int as *const (),
    crate::ll::rpy_str_fmt_uint as *const (),
    crate::ll::rpy_str_fmt_float as *const (),
    crate::ll::rpy_str_fmt_bool as *const (),
    crate::ll::rpy_str_fmt_char as *const (),
    crate::ll::rpy_str_fmt_str as *const (),
    crate::ll::rpy_io_write as *const (),
    crate::ll::rpy_fs_read as *const (),
    crate::ll::rpy_fs_read_to_string as *const (),
    crate::ll::rpy_stdin_read as *const (),
    crate::ll::rpy_io_error as *const (),
    crate::ll::rpy_parse_f64_status as *const (),
    crate::ll::rpy_parse_f64 as *const (),
    crate::ll::rpy_str_convert as *const (),
    crate::ll::rpy_char_class as *const (),
    crate::ll::rpy_io_flush as *const (),
    crate::ll::rpy_process_exit as *const (),
    crate::ll::rpy_env_var as *const (),
    crate::ll::rpy_time_clock as *const (),
    crate::ll::rpy_time_time as *const (),
    crate::gc::rpy_gc_collect as *const (),
    crate::gc::rpy_gc_heap_size as *const (),
]);
