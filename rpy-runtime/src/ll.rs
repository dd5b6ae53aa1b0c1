//! The runtime functions translated code calls through `rt_call`: string
//! formatting into GC strings and I/O. Their C signatures follow the
//! operands' lltypes (`i64`/`u64`/`u32`/`double`, GC pointers as
//! `*mut u8`); the LLInterpreter has the same functions over its objects
//! (`rpy_core::llinterp::rt`), and both format through `rpy_fmt::ll`.
//!
//! A string is a GC list of bytes: the object holds its length (a `usize`
//! at offset 8) and a pointer to its items (offset 16), a GC array whose
//! capacity is at offset 8 and whose bytes start at offset 16 (the layout
//! `rpy_core::lltype::layout` gives these containers).

use crate::gc::{type_info_of, TypeInfo};
use std::io::Write;

const LEN: usize = 8;
const ITEMS: usize = 16;
const ARRAY_BYTES: usize = 16;

/// The bytes of the string `s`.
///
/// # Safety
/// `s` is a live string object; the slice is valid until the next
/// allocation or change of the string.
pub unsafe fn string_bytes<'a>(s: *const u8) -> &'a [u8] {
    let len = *(s.add(LEN) as *const usize);
    let items = *(s.add(ITEMS) as *const *const u8);
    if len == 0 {
        return &[];
    }
    std::slice::from_raw_parts(items.add(ARRAY_BYTES), len)
}

/// Appends `bytes` to the string `s`, growing its items array as the list
/// helpers do (to at least double the capacity). The new array has the
/// type of the old one.
unsafe fn append(s: *mut u8, bytes: &[u8]) {
    let len = *(s.add(LEN) as *const usize);
    let items = *(s.add(ITEMS) as *const *mut u8);
    let capacity = *(items.add(LEN) as *const usize);
    let new_len = len + bytes.len();
    let items = if new_len > capacity {
        let ti = type_info_of(*(items as *const usize));
        let grown = crate::gc::rpy_gc_malloc_varsize(ti, new_len.max(capacity * 2).max(8));
        std::ptr::copy_nonoverlapping(items.add(ARRAY_BYTES), grown.add(ARRAY_BYTES), len);
        crate::gc::write_pointer(s, ITEMS, grown);
        grown
    } else {
        items
    };
    std::ptr::copy_nonoverlapping(bytes.as_ptr(), items.add(ARRAY_BYTES + len), bytes.len());
    *(s.add(LEN) as *mut usize) = new_len;
}

/// # Safety
/// `s` is a live string object.
#[no_mangle]
pub unsafe extern "C" fn rpy_str_fmt_int(s: *mut u8, v: i64, spec: u64, width: i64, precision: i64, bits: i64) {
    if let Some(text) = rpy_fmt::ll::plain(&mut [0; 20], v.unsigned_abs(), v < 0, spec, width, precision) {
        return append(s, text);
    }
    let mut out = Vec::new();
    rpy_fmt::ll::int(&mut out, v, bits as u32, spec, width, precision);
    append(s, &out);
}

/// # Safety
/// `s` is a live string object.
#[no_mangle]
pub unsafe extern "C" fn rpy_str_fmt_uint(s: *mut u8, v: u64, spec: u64, width: i64, precision: i64, bits: i64) {
    if let Some(text) = rpy_fmt::ll::plain(&mut [0; 20], v, false, spec, width, precision) {
        return append(s, text);
    }
    let mut out = Vec::new();
    rpy_fmt::ll::uint(&mut out, v, bits as u32, spec, width, precision);
    append(s, &out);
}

/// # Safety
/// `s` is a live string object.
#[no_mangle]
pub unsafe extern "C" fn rpy_str_fmt_float(s: *mut u8, v: f64, spec: u64, width: i64, precision: i64) {
    let mut out = Vec::new();
    rpy_fmt::ll::float(&mut out, v, spec, width, precision);
    append(s, &out);
}

/// # Safety
/// `s` is a live string object.
#[no_mangle]
pub unsafe extern "C" fn rpy_str_fmt_bool(s: *mut u8, v: i64, spec: u64, width: i64, precision: i64) {
    let mut out = Vec::new();
    rpy_fmt::ll::boolean(&mut out, v != 0, spec, width, precision);
    append(s, &out);
}

/// # Safety
/// `s` is a live string object; `c` a valid `char`.
#[no_mangle]
pub unsafe extern "C" fn rpy_str_fmt_char(s: *mut u8, c: u32, spec: u64, width: i64, precision: i64) {
    let mut out = Vec::new();
    rpy_fmt::ll::character(&mut out, char::from_u32_unchecked(c), spec, width, precision);
    append(s, &out);
}

/// # Safety
/// `s` and `v` are live string objects (possibly the same).
#[no_mangle]
pub unsafe extern "C" fn rpy_str_fmt_str(s: *mut u8, v: *const u8, spec: u64, width: i64, precision: i64) {
    let mut out = Vec::new();
    rpy_fmt::ll::string(&mut out, std::str::from_utf8_unchecked(string_bytes(v)), spec, width, precision);
    append(s, &out);
}

/// Writes the string `s` to stdout (`fd` 1) or stderr (2) through std's
/// handles, so output interleaves with the untranslated caller's exactly.
///
/// # Safety
/// `s` is a live string object.
#[no_mangle]
pub unsafe extern "C" fn rpy_io_write(fd: i64, s: *const u8) {
    let bytes = string_bytes(s);
    let (r, what) = match fd {
        1 => (std::io::stdout().write_all(bytes), "stdout"),
        _ => (std::io::stderr().write_all(bytes), "stderr"),
    };
    if let Err(e) = r {
        // As a Rust program's `print!` panics (translated code cannot
        // unwind: a panic here would abort): a reader that went away
        // (`head`) ends the program with status 101 and one message.
        crate::rt::panic_exit(&format!("failed printing to {what}: {e}"), file!(), line!(), column!());
    }
}

// The types of the strings and lists the runtime makes itself (from the
// arguments of an exported function): the same layouts as the containers
// the rtyper makes for `String` and `Vec<String>`.
static BYTES: TypeInfo = TypeInfo::varsize("rpy_rt_bytes", ARRAY_BYTES, &[], LEN, ARRAY_BYTES, 1, &[]);
static POINTERS: TypeInfo = TypeInfo::varsize("rpy_rt_pointers", ARRAY_BYTES, &[], LEN, ARRAY_BYTES, 8, &[0]);
static LIST: TypeInfo = TypeInfo::fixed("rpy_rt_list", 24, &[ITEMS as u32]);

/// A new GC string holding `bytes` (UTF-8). Called with the GC entered.
pub fn new_string(bytes: &[u8]) -> *mut u8 {
    unsafe {
        let items = crate::gc::rpy_gc_malloc_varsize(&BYTES, bytes.len());
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), items.add(ARRAY_BYTES), bytes.len());
        let s = crate::gc::rpy_gc_malloc(&LIST);
        *(s.add(LEN) as *mut usize) = bytes.len();
        crate::gc::write_pointer(s, ITEMS, items);
        s
    }
}

/// A new GC list of new GC strings. Called with the GC entered.
pub fn new_string_list(strings: &[String]) -> *mut u8 {
    unsafe {
        let items = crate::gc::rpy_gc_malloc_varsize(&POINTERS, strings.len());
        // `items` is on this frame's stack: the GC finds it while the
        // strings are allocated.
        for (i, s) in strings.iter().enumerate() {
            let p = new_string(s.as_bytes());
            crate::gc::write_pointer(items, ARRAY_BYTES + 8 * i, p);
        }
        let list = crate::gc::rpy_gc_malloc(&LIST);
        *(list.add(LEN) as *mut usize) = strings.len();
        crate::gc::write_pointer(list, ITEMS, items);
        std::hint::black_box(items);
        list
    }
}

/// The Rust `String` of a GC string.
///
/// # Safety
/// `s` is a live string object.
pub unsafe fn rust_string(s: *const u8) -> String {
    String::from_utf8_lossy(string_bytes(s)).into_owned()
}

thread_local! {
    /// The `Display` text of the last failed I/O operation.
    static LAST_ERROR: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The bytes as a new string, or null with the error's text kept for
/// `rpy_io_error`.
fn io_result<E: std::fmt::Display>(r: Result<Vec<u8>, E>) -> *mut u8 {
    match r {
        Ok(bytes) => new_string(&bytes),
        Err(e) => {
            LAST_ERROR.with(|l| *l.borrow_mut() = e.to_string());
            std::ptr::null_mut()
        }
    }
}

/// `std::fs::read(path)`: a new list of the file's bytes, or null (the
/// error's text is then `rpy_io_error()`).
///
/// # Safety
/// `path` is a live string object.
#[no_mangle]
pub unsafe extern "C" fn rpy_fs_read(path: *const u8) -> *mut u8 {
    let path = std::str::from_utf8_unchecked(string_bytes(path)).to_string();
    io_result(std::fs::read(path))
}

/// `std::fs::read_to_string(path)`, as `rpy_fs_read`.
///
/// # Safety
/// `path` is a live string object.
#[no_mangle]
pub unsafe extern "C" fn rpy_fs_read_to_string(path: *const u8) -> *mut u8 {
    let path = std::str::from_utf8_unchecked(string_bytes(path)).to_string();
    io_result(std::fs::read_to_string(path).map(String::into_bytes))
}

/// `std::env::var(name)`: a new string of the variable's value, or null
/// (the error's text, std's `VarError` shown, is then `rpy_io_error()`).
///
/// # Safety
/// `name` is a live string object.
#[no_mangle]
pub unsafe extern "C" fn rpy_env_var(name: *const u8) -> *mut u8 {
    let name = std::str::from_utf8_unchecked(string_bytes(name)).to_string();
    io_result(std::env::var(name).map(String::into_bytes))
}

/// `rpython::time::clock()`.
#[no_mangle]
pub extern "C" fn rpy_time_clock() -> f64 {
    crate::time::clock()
}

/// `rpython::time::time()`.
#[no_mangle]
pub extern "C" fn rpy_time_time() -> f64 {
    crate::time::time()
}

/// The text of the last I/O error as a new string, or null if the
/// operation succeeded (`ok` non-zero: the `Err` half of an `Ok` is null).
#[no_mangle]
pub extern "C" fn rpy_io_error(ok: i64) -> *mut u8 {
    if ok != 0 {
        return std::ptr::null_mut();
    }
    LAST_ERROR.with(|l| new_string(l.borrow().as_bytes()))
}

/// The ways of reading stdin, as `rpy_stdin_read`'s `how`: appending a
/// line (`read_line`), the rest as text (`read_to_string`), the rest as
/// bytes (`read_to_end`), or filling a buffer (`read`).
pub const STDIN_LINE: i64 = 0;
pub const STDIN_TO_STRING: i64 = 1;
pub const STDIN_TO_END: i64 = 2;
pub const STDIN_READ: i64 = 3;

/// Reads stdin through std's handle (shared with the untranslated caller)
/// into `target`, a string or list of bytes: appending to it, or for
/// `STDIN_READ` overwriting its first bytes. The count read, or -1 with
/// the error's text for `rpy_io_error`.
///
/// # Safety
/// `target` is a live string object (a list of bytes).
#[no_mangle]
pub unsafe extern "C" fn rpy_stdin_read(how: i64, target: *mut u8) -> i64 {
    use std::io::{BufRead, Read};
    let stdin = std::io::stdin();
    let mut text = String::new();
    let mut bytes = Vec::new();
    let r = match how {
        STDIN_LINE => stdin.lock().read_line(&mut text),
        STDIN_TO_STRING => stdin.lock().read_to_string(&mut text),
        STDIN_TO_END => stdin.lock().read_to_end(&mut bytes),
        _ => {
            let len = *(target.add(LEN) as *const usize);
            let items = *(target.add(ITEMS) as *const *mut u8);
            let buf: &mut [u8] =
                if len == 0 { &mut [] } else { std::slice::from_raw_parts_mut(items.add(ARRAY_BYTES), len) };
            stdin.lock().read(buf)
        }
    };
    match r {
        Ok(n) => {
            if how != STDIN_READ {
                append(target, if how == STDIN_TO_END { &bytes } else { text.as_bytes() });
            }
            n as i64
        }
        Err(e) => {
            LAST_ERROR.with(|l| *l.borrow_mut() = e.to_string());
            -1
        }
    }
}

/// `s.parse::<f64>()` of a string object: 0 for a number, 1 for an empty
/// string, 2 for anything else (`FloatErrorKind::Empty`/`Invalid`).
///
/// # Safety
/// `s` is a string object of the GC.
#[no_mangle]
pub unsafe extern "C" fn rpy_parse_f64_status(s: *const u8) -> i64 {
    let bytes = string_bytes(s);
    match std::str::from_utf8(bytes).ok().and_then(|t| t.parse::<f64>().ok()) {
        Some(_) => 0,
        None if bytes.is_empty() => 1,
        None => 2,
    }
}

/// The value of `s.parse::<f64>()` when `rpy_parse_f64_status` is 0.
///
/// # Safety
/// `s` is a string object of the GC.
#[no_mangle]
pub unsafe extern "C" fn rpy_parse_f64(s: *const u8) -> f64 {
    std::str::from_utf8(string_bytes(s)).ok().and_then(|t| t.parse::<f64>().ok()).unwrap_or(0.0)
}

/// `s.to_uppercase()` (`how` 0) or `s.to_lowercase()` (1), as a new string.
///
/// # Safety
/// `s` is a string object of the GC.
#[no_mangle]
pub unsafe extern "C" fn rpy_str_convert(s: *const u8, how: i64) -> *mut u8 {
    let text = std::str::from_utf8_unchecked(string_bytes(s));
    let converted = if how == 0 { text.to_uppercase() } else { text.to_lowercase() };
    new_string(converted.as_bytes())
}

/// The Unicode class `kind` of `c` (see the rpy prelude's `char.rs`):
/// 0 alphabetic, 1 alphanumeric, 2 numeric, 3 uppercase, 4 lowercase,
/// 5 control; 1 if `c` is of it, else 0.
#[no_mangle]
pub extern "C" fn rpy_char_class(c: u32, kind: i64) -> i64 {
    char::from_u32(c).is_some_and(|c| rpy_fmt::ll::char_class(c, kind)) as i64
}

/// `flush()` of stdout (`fd` 1) or stderr.
#[no_mangle]
pub extern "C" fn rpy_io_flush(fd: i64) {
    let _ = if fd == 1 { std::io::stdout().flush() } else { std::io::stderr().flush() };
}

/// `std::process::exit(code)`.
#[no_mangle]
pub extern "C" fn rpy_process_exit(code: i64) {
    std::process::exit(code as i32)
}
