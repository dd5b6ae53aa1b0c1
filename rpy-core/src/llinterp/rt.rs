//! The runtime functions of `rt_call` (rpy-runtime's `ll` module), for the
//! LLInterpreter: the same behavior over `Object`s. Formatting is
//! `rpy_fmt::ll`'s, shared with the runtime, so both print the same bytes.

use super::{bug, LlValue, ObjRef, Panic};
use crate::lltype::{Container, LlType};
use crate::translator::Translator;
use std::io::Write;

/// The bytes of a string object (a list of `u8`: length, items).
pub fn string_bytes(s: &ObjRef) -> Vec<u8> {
    let obj = s.borrow();
    let len = obj.fields[0].int() as usize;
    let LlValue::Ptr(Some(items)) = &obj.fields[1] else { return Vec::new() };
    let items = items.borrow();
    items.items[..len].iter().map(|b| b.int() as u8).collect()
}

/// Appends `bytes` to the string object `s`, growing its items as the
/// list helpers do.
fn append(tr: &Translator, s: &ObjRef, bytes: &[u8]) {
    let mut all = string_bytes(s);
    all.extend_from_slice(bytes);
    let array = {
        let obj = s.borrow();
        match &obj.fields[1] {
            LlValue::Ptr(Some(items)) => items.borrow().container,
            _ => {
                let Container::GcStruct { fields, .. } = &tr.containers[obj.container] else {
                    bug("bad string".into())
                };
                let LlType::Ptr(a) = fields[1].1 else { bug("bad string".into()) };
                a
            }
        }
    };
    let items = ObjRef::new(tr, array, Some(all.len()));
    for (slot, b) in items.borrow_mut().items.iter_mut().zip(&all) {
        *slot = LlValue::Int(*b as i128);
    }
    let mut obj = s.borrow_mut();
    obj.fields[0] = LlValue::Int(all.len() as i128);
    obj.fields[1] = LlValue::Ptr(Some(items));
}

fn ptr(v: &LlValue) -> ObjRef {
    match v {
        LlValue::Ptr(Some(p)) => p.clone(),
        other => bug(format!("rt_call: expected a non-null pointer, got {other:?}")),
    }
}

thread_local! {
    static LAST_ERROR: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Runs the runtime function `name`; `result` is the call's lltype (the
/// container of the strings it makes).
pub fn rt_call(tr: &Translator, name: &str, args: &[LlValue], result: &LlType) -> Result<LlValue, Panic> {
    let list = || match result {
        LlType::Ptr(c) => *c,
        other => bug(format!("{name} returns {other}, not a string")),
    };
    let int = |i: usize| args[i].int();
    let mut out = Vec::new();
    let fmt_tail = |i: usize| (int(i) as u64, int(i + 1) as i64, int(i + 2) as i64);
    match name {
        "rpy_str_fmt_int" | "rpy_str_fmt_uint" | "rpy_str_fmt_float" | "rpy_str_fmt_bool" | "rpy_str_fmt_char"
        | "rpy_str_fmt_str" => {
            let (spec, width, precision) = fmt_tail(2);
            match name {
                "rpy_str_fmt_int" => rpy_fmt::ll::int(&mut out, int(1) as i64, int(5) as u32, spec, width, precision),
                "rpy_str_fmt_uint" => rpy_fmt::ll::uint(&mut out, int(1) as u64, int(5) as u32, spec, width, precision),
                "rpy_str_fmt_float" => {
                    let LlValue::Float(f) = args[1] else { bug("rpy_str_fmt_float of a non-float".into()) };
                    rpy_fmt::ll::float(&mut out, f, spec, width, precision)
                }
                "rpy_str_fmt_bool" => rpy_fmt::ll::boolean(&mut out, int(1) != 0, spec, width, precision),
                "rpy_str_fmt_char" => {
                    let c = char::from_u32(int(1) as u32).unwrap_or_else(|| bug("invalid char".into()));
                    rpy_fmt::ll::character(&mut out, c, spec, width, precision)
                }
                _ => {
                    let bytes = string_bytes(&ptr(&args[1]));
                    let s = std::str::from_utf8(&bytes).unwrap_or_else(|_| bug("a string is not UTF-8".into()));
                    rpy_fmt::ll::string(&mut out, s, spec, width, precision)
                }
            }
            append(tr, &ptr(&args[0]), &out);
            Ok(LlValue::Void)
        }
        "rpy_io_write" => {
            let bytes = string_bytes(&ptr(&args[1]));
            // As `print!` does: a failed write panics.
            let (r, what) = match int(0) {
                1 => (std::io::stdout().write_all(&bytes), "stdout"),
                _ => (std::io::stderr().write_all(&bytes), "stderr"),
            };
            if let Err(e) = r {
                panic!("failed printing to {what}: {e}");
            }
            Ok(LlValue::Void)
        }
        "rpy_fs_read" | "rpy_fs_read_to_string" => {
            let path = String::from_utf8_lossy(&string_bytes(&ptr(&args[0]))).into_owned();
            let r = match name {
                "rpy_fs_read" => std::fs::read(path),
                _ => std::fs::read_to_string(path).map(String::into_bytes),
            };
            Ok(match r {
                Ok(bytes) => LlValue::Ptr(Some(super::string_object(tr, list(), &bytes))),
                Err(e) => {
                    LAST_ERROR.with(|l| *l.borrow_mut() = e.to_string());
                    LlValue::Ptr(None)
                }
            })
        }
        "rpy_io_error" if int(0) != 0 => Ok(LlValue::Ptr(None)),
        "rpy_io_error" => {
            let text = LAST_ERROR.with(|l| l.borrow().clone());
            Ok(LlValue::Ptr(Some(super::string_object(tr, list(), text.as_bytes()))))
        }
        "rpy_stdin_read" => {
            use std::io::{BufRead, Read};
            let target = ptr(&args[1]);
            let stdin = std::io::stdin();
            let (mut text, mut bytes) = (String::new(), Vec::new());
            let r = match int(0) {
                0 => stdin.lock().read_line(&mut text),
                1 => stdin.lock().read_to_string(&mut text),
                2 => stdin.lock().read_to_end(&mut bytes),
                _ => {
                    let mut buf = vec![0; string_bytes(&target).len()];
                    let r = stdin.lock().read(&mut buf);
                    if let Ok(n) = r {
                        let obj = target.borrow();
                        let LlValue::Ptr(Some(items)) = &obj.fields[1] else { bug("bad list".into()) };
                        for (slot, b) in items.borrow_mut().items.iter_mut().zip(&buf[..n]) {
                            *slot = LlValue::Int(*b as i128);
                        }
                    }
                    r
                }
            };
            Ok(LlValue::Int(match r {
                Ok(n) => {
                    if int(0) != 3 {
                        append(tr, &target, if int(0) == 2 { &bytes } else { text.as_bytes() });
                    }
                    n as i128
                }
                Err(e) => {
                    LAST_ERROR.with(|l| *l.borrow_mut() = e.to_string());
                    -1
                }
            }))
        }
        "rpy_parse_f64_status" | "rpy_parse_f64" => {
            let bytes = string_bytes(&ptr(&args[0]));
            let parsed = std::str::from_utf8(&bytes).ok().and_then(|s| s.parse::<f64>().ok());
            Ok(match (name, parsed) {
                ("rpy_parse_f64", p) => LlValue::Float(p.unwrap_or(0.0)),
                (_, Some(_)) => LlValue::Int(0),
                _ => LlValue::Int(if bytes.is_empty() { 1 } else { 2 }),
            })
        }
        "rpy_str_convert" => {
            let bytes = string_bytes(&ptr(&args[0]));
            let text = std::str::from_utf8(&bytes).unwrap_or_else(|_| bug("a string is not UTF-8".into()));
            let converted = if int(1) == 0 { text.to_uppercase() } else { text.to_lowercase() };
            Ok(LlValue::Ptr(Some(super::string_object(tr, list(), converted.as_bytes()))))
        }
        "rpy_char_class" => {
            let c = char::from_u32(int(0) as u32).unwrap_or_else(|| bug("invalid char".into()));
            Ok(LlValue::Int(rpy_fmt::ll::char_class(c, int(1) as i64) as i128))
        }
        "rpy_io_flush" => {
            let _ = if int(0) == 1 { std::io::stdout().flush() } else { std::io::stderr().flush() };
            Ok(LlValue::Void)
        }
        "rpy_process_exit" => std::process::exit(int(0) as i32),
        "rpy_env_var" => {
            let name = String::from_utf8_lossy(&string_bytes(&ptr(&args[0]))).into_owned();
            Ok(match std::env::var(name) {
                Ok(value) => LlValue::Ptr(Some(super::string_object(tr, list(), value.as_bytes()))),
                Err(e) => {
                    LAST_ERROR.with(|l| *l.borrow_mut() = e.to_string());
                    LlValue::Ptr(None)
                }
            })
        }
        "rpy_time_clock" => Ok(LlValue::Float(cpu_time())),
        "rpy_time_time" => {
            let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            Ok(LlValue::Float(since.map_or_else(|before| -before.duration().as_secs_f64(), |d| d.as_secs_f64())))
        }
        // Objects here are reference counted by the host: there is no GC
        // heap to collect or measure (as untranslated).
        "rpy_gc_collect" => Ok(LlValue::Void),
        "rpy_gc_heap_size" => Ok(LlValue::Int(0)),
        other => bug(format!("rt_call of an unknown runtime function {other}")),
    }
}

/// The process's CPU time in seconds, as rpy-runtime's
/// `rpython::time::clock()` (which this crate cannot call): Linux's
/// `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`, -1.0 if it fails.
fn cpu_time() -> f64 {
    use std::ffi::{c_int, c_long};
    #[repr(C)]
    struct Timespec {
        tv_sec: c_long,
        tv_nsec: c_long,
    }
    extern "C" {
        fn clock_gettime(clock: c_int, tp: *mut Timespec) -> c_int;
    }
    const CLOCK_PROCESS_CPUTIME_ID: c_int = 2;
    let mut t = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a `timespec` for the call to fill.
    if unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut t) } != 0 {
        return -1.0;
    }
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}
