//! What the JIT keeps alive, and for how long (RPython's `memmgr.py`, the
//! GC tables of compiled code of `gcreftracer.py`, and the weak green-key
//! cells of `warmstate.py`).
//!
//! Compiled code refers to GC objects the program may drop: constants the
//! tracer folded (a green key's code object, the result of an elidable
//! call, a promoted object), in its instructions and in its guards' resume
//! data. The collector cannot see them there, so every compiled trace (a
//! loop or a bridge) has its *roots*: every reference its trace holds.
//! Roots are traced only while the code can run:
//!
//! - a loop can be entered from the interpreter at its green key while the
//!   objects of the key are alive (reachable without the JIT's roots), and
//!   it was entered in the last `loop_longevity` collections;
//! - code runs now (it was entered and has not returned), or a trace in
//!   progress goes on into it;
//! - code a live code may go on to (its jump's target, its guards'
//!   bridges) is alive.
//!
//! This is an ephemeron: a loop's roots are marked only once the objects of
//! its key are alive, and marking them may make other keys alive, so the
//! collector repeats until nothing changes (`collect`). What is left is
//! dead: its cell leaves the green-key table in the same collection in
//! which the key's objects die, so no key is ever compared with an object
//! at a dead one's address, and the module's state frees the code
//! (`take_dead`) at its next merge point. Cells of keys whose tracing gave
//! up are weak the same way.
//!
//! While a trace is recorded, the references it holds as constants are
//! pinned (`pin_ref`) until its code has its roots or the trace is dropped.
//!
//! Code calls other code through a green key's *token* (`call_assembler`,
//! RPython's `JitCellToken`): the token holds the key's code while it has
//! some, and a live code keeps the code of the tokens it calls alive. A
//! token outlives its code: when the code dies its entry is cleared in the
//! same collection, and calls through it go through the interpreter.
//!
//! Architecture invariant: only the thread holding the GC's lock touches
//! this state, and no function here allocates GC objects, so a collection
//! never finds it half changed.

use super::trace::{Trace, Value};
use crate::gc::{self, Marking};
use rpy_jitcode::Kind;
use std::cell::UnsafeCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What tracing from a green key gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyState {
    /// Compiled code entered at the key, by its number in the module.
    Code(u32),
    /// Tracing or compiling gave up.
    Aborted,
}

/// A green key's cell: the key's values, its references (held weakly),
/// and what tracing from it gave.
struct Cell {
    greens: Vec<u64>,
    refs: Vec<usize>,
    state: KeyState,
    /// Made since the last collection: its references may be young.
    young: bool,
}

/// The GC's view of a compiled trace.
struct CodeRoots {
    /// Every reference its instructions and resume data hold.
    roots: Vec<usize>,
    /// The codes it may go on to: its jump's target, its guards' bridges.
    targets: Vec<u32>,
    bridge: bool,
    /// The collection in which it was last entered from the interpreter.
    entered: u64,
    /// Registered since the last collection: its roots may be young.
    young: bool,
    /// The tokens it calls (`call_assembler`), whose codes it keeps alive.
    calls: Vec<u32>,
    /// Its entry, which the tokens of its key hold.
    entry: u64,
    /// Found alive by the collection running now.
    live: bool,
    /// The memory it holds (machine code and trace), counted by the GC's
    /// policy while it lives.
    bytes: usize,
}

/// Green keys by their hash (`key_hash`), with their cells.
type Cells = HashMap<u64, Vec<Cell>, BuildHasherDefault<KeyHasher>>;

struct Module {
    /// `loop_longevity`: collections a loop lives without being entered.
    longevity: u64,
    cells: Cells,
    /// By code number; `None` for a number not in use.
    codes: Vec<Option<CodeRoots>>,
    /// Codes found dead, which the module's state has not freed yet.
    dead: Vec<u32>,
    /// Boxed: compiled code reads their entries at fixed addresses.
    tokens: Vec<Box<Token>>,
    /// Tokens by the hash of their key.
    token_of: HashMap<u64, Vec<u32>, BuildHasherDefault<KeyHasher>>,
}

/// A green key as compiled code calls it (`call_assembler`).
#[repr(C)]
pub struct Token {
    /// The entry of the key's code, or 0 while it has none. Compiled code
    /// reads it here (offset 0).
    pub entry: u64,
    code: Option<u32>,
    pub greens: Vec<u64>,
    /// The references among them, which a code calling the token keeps
    /// alive (the helper may run the portal at the key).
    refs: Vec<usize>,
    /// The module's record and the driver, for the helper that runs the
    /// key's portal when the call does not go into code (opaque here).
    pub owner: [usize; 2],
}

enum Pin {
    Ref(usize),
    Code(u32, u32),
}

#[derive(Default)]
struct Memory {
    modules: Vec<Module>,
    pins: Vec<Pin>,
    /// The codes entered from the interpreter that have not returned
    /// (nested when the program reenters the interpreter), by module.
    running: Vec<(u32, u32)>,
    /// Collections so far.
    collections: u64,
    freed_loops: u64,
    freed_bridges: u64,
    /// The bytes of the live codes (machine code and traces), now and at
    /// most so far.
    bytes: usize,
    peak_bytes: usize,
}

struct MemoryCell(UnsafeCell<Option<Memory>>);

// Only the thread holding the GC's lock touches it.
unsafe impl Sync for MemoryCell {}

static MEMORY: MemoryCell = MemoryCell(UnsafeCell::new(None));

fn memory() -> &'static mut Memory {
    // SAFETY: the caller holds the GC's lock (translated code, the JIT and
    // the collector all do), and no reference returned here outlives the
    // function that asked for it (see the invariant above).
    unsafe { (*MEMORY.0.get()).get_or_insert_with(Memory::default) }
}

/// A new module's number; `longevity` is `loop_longevity`.
pub fn add_module(longevity: u32) -> u32 {
    let mem = memory();
    let module = Module {
        longevity: longevity as u64,
        cells: Cells::default(),
        codes: Vec::new(),
        dead: Vec::new(),
        tokens: Vec::new(),
        token_of: HashMap::default(),
    };
    mem.modules.push(module);
    mem.modules.len() as u32 - 1
}

/// The hasher of the cells, whose keys are hashes already (`key_hash`):
/// the key itself.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A hash of a driver's green key (RPython hashes the green key the same
/// way: each value mixed in turn).
pub fn key_hash(driver: i64, greens: &[u64]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ driver as u64;
    for &g in greens {
        h = (h ^ g).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
    }
    h.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// What tracing gave at the green key `greens` of hash `hash` in module
/// `module`, if it was traced.
pub fn lookup(module: u32, hash: u64, greens: &[u64]) -> Option<KeyState> {
    let cells = memory().modules[module as usize].cells.get(&hash)?;
    cells.iter().find(|c| c.greens == greens).map(|c| c.state)
}

/// Records what tracing gave at a green key (`kinds` the greens' kinds).
pub fn set_cell(module: u32, hash: u64, greens: &[u64], kinds: &[Kind], state: KeyState) {
    let refs = ref_leaves(greens, kinds);
    let md = &mut memory().modules[module as usize];
    let cells = md.cells.entry(hash).or_default();
    cells.retain(|c| c.greens != greens);
    cells.push(Cell { greens: greens.to_vec(), refs, state, young: true });
    if let (KeyState::Code(c), Some(t)) = (state, find_token(md, hash, greens)) {
        let code = md.codes[c as usize].as_mut().expect("a cell's code is registered");
        let token = &mut md.tokens[t as usize];
        // The code the token held (invalidated) may still run, called
        // through it: it lives while the new code does.
        if let Some(old) = token.code.filter(|&old| old != c) {
            code.targets.push(old);
        }
        (token.code, token.entry) = (Some(c), code.entry);
    }
}

/// Code `code` of `module` is invalidated (a quasi-immutable field it took
/// as a constant was written): its key is traced again, and calls through
/// its key's token go through the interpreter until the key has new code.
/// (The code may still run: it stays alive as before, and its guards
/// `guard_not_invalidated` fail.)
pub fn invalidate(module: u32, code: u32) {
    let md = &mut memory().modules[module as usize];
    for cells in md.cells.values_mut() {
        cells.retain(|c| c.state != KeyState::Code(code));
    }
    md.cells.retain(|_, cells| !cells.is_empty());
    for token in md.tokens.iter_mut().filter(|t| t.code == Some(code)) {
        token.entry = 0;
    }
}

/// The references among a green key's leaves (objects: not null, not
/// tagged words).
fn ref_leaves(greens: &[u64], kinds: &[Kind]) -> Vec<usize> {
    (greens.iter().zip(kinds)).filter(|(g, k)| **k == Kind::Ref && is_object(**g)).map(|(g, _)| *g as usize).collect()
}

/// Whether a reference is an object: not null, not a tagged word.
fn is_object(r: u64) -> bool {
    r != 0 && r & gc::TAGGED_WORD as u64 == 0
}

fn find_token(md: &Module, hash: u64, greens: &[u64]) -> Option<u32> {
    md.token_of.get(&hash)?.iter().copied().find(|&t| md.tokens[t as usize].greens == greens)
}

/// The token of the green key `greens` (of hash `hash`, `kinds` the
/// greens' kinds) of module `module`, made if there is none; `owner` as
/// `Token::owner`. Tokens are never freed: one per key some trace calls.
pub fn token(module: u32, hash: u64, greens: &[u64], kinds: &[Kind], owner: [usize; 2]) -> u32 {
    let md = &mut memory().modules[module as usize];
    if let Some(t) = find_token(md, hash, greens) {
        return t;
    }
    let code =
        md.cells.get(&hash).and_then(|cells| cells.iter().find(|c| c.greens == greens)).and_then(|c| match c.state {
            KeyState::Code(code) => Some(code),
            KeyState::Aborted => None,
        });
    let entry = code.map_or(0, |c| md.codes[c as usize].as_ref().expect("a cell's code is registered").entry);
    let refs = ref_leaves(greens, kinds);
    md.tokens.push(Box::new(Token { entry, code, greens: greens.to_vec(), refs, owner }));
    let t = md.tokens.len() as u32 - 1;
    md.token_of.entry(hash).or_default().push(t);
    t
}

impl Token {
    /// A token of no module, whose key's code is at `entry` (0: none).
    #[cfg(test)]
    pub fn detached(entry: u64) -> Token {
        Token { entry, code: None, greens: Vec::new(), refs: Vec::new(), owner: [0, 0] }
    }
}

/// Token `t` of `module`, at an address that does not change.
pub fn token_ptr(module: u32, t: u32) -> *const Token {
    &*memory().modules[module as usize].tokens[t as usize]
}

/// Registers compiled code `code` of `module` (at `entry`) with the
/// references its trace holds, the code its trace jumps to (if any) and
/// the tokens it calls; a loop entered at
/// a green key also keeps the key's references. `bytes` is the memory the
/// code holds, which the GC's policy counts as its objects' until it is
/// freed: a program making code objects faster than the heap grows has
/// collections that free their loops all the same.
pub fn add_code(module: u32, code: u32, entry: u64, trace: &Trace, key: &[u64], bridge: bool, bytes: usize) {
    let mem = memory();
    let calls: Vec<u32> = trace.ops.iter().filter_map(|op| op.assembler_token()).collect();
    let tokens = &mem.modules[module as usize].tokens;
    let called_keys = calls.iter().flat_map(|&t| tokens[t as usize].refs.iter().copied());
    let mut roots: Vec<usize> = trace_refs(trace).chain(key.iter().map(|g| *g as usize)).chain(called_keys).collect();
    roots.sort_unstable();
    roots.dedup();
    roots.shrink_to_fit();
    let targets = trace.ops.last().and_then(|op| op.descr.filter(|_| op.op == rpy_jitcode::Op::Jump));
    let codes = &mut mem.modules[module as usize].codes;
    if codes.len() <= code as usize {
        codes.resize_with(code as usize + 1, || None);
    }
    let entered = mem.collections;
    let targets = targets.into_iter().collect();
    let roots = CodeRoots { roots, targets, calls, entry, bridge, entered, young: true, live: false, bytes };
    codes[code as usize] = Some(roots);
    mem.bytes += bytes;
    mem.peak_bytes = mem.peak_bytes.max(mem.bytes);
    gc::add_memory_pressure(bytes);
}

/// The references a trace holds as constants: in its operations and in its
/// guards' resume data (what a bridge from a guard will know too).
fn trace_refs(trace: &Trace) -> impl Iterator<Item = usize> + '_ {
    let values = trace.ops.iter().flat_map(|op| op.args.iter().chain(op.snapshot.iter().flat_map(|s| s.all_values())));
    values.filter_map(|v| match v {
        Value::Const(x, Kind::Ref) if is_object(*x) => Some(*x as usize),
        _ => None,
    })
}

/// Guard failures of `parent` go on into `bridge` from now on.
pub fn add_bridge(module: u32, parent: u32, bridge: u32) {
    let code = memory().modules[module as usize].codes[parent as usize].as_mut();
    code.expect("a bridge's parent is alive").targets.push(bridge);
}

/// Code `code` of `module` is entered from the interpreter: alive until
/// `leave` (and `loop_longevity` collections after).
pub fn enter(module: u32, code: u32) {
    let mem = memory();
    let now = mem.collections;
    if let Some(c) = mem.modules[module as usize].codes[code as usize].as_mut() {
        c.entered = now;
    }
    mem.running.push((module, code));
}

/// The last code `enter`ed has returned to the interpreter.
pub fn leave() {
    let mem = memory();
    let (module, code) = mem.running.pop().expect("a code was entered");
    let now = mem.collections;
    if let Some(c) = mem.modules[module as usize].codes[code as usize].as_mut() {
        c.entered = now;
    }
}

/// Keeps the reference `p` (a trace's constant) alive until `unpin`.
pub fn pin_ref(p: u64) {
    let pins = &mut memory().pins;
    // A trace names the same object many times (in every snapshot).
    if is_object(p) && !pins.iter().rev().take(8).any(|q| matches!(q, Pin::Ref(r) if *r == p as usize)) {
        pins.push(Pin::Ref(p as usize));
    }
}

/// Keeps code `code` of `module` (which a trace in progress jumps to)
/// alive until `unpin`.
pub fn pin_code(module: u32, code: u32) {
    memory().pins.push(Pin::Code(module, code));
}

/// How many pins there are, for `unpin`.
pub fn pins() -> usize {
    memory().pins.len()
}

/// Drops the pins made since `pins` returned `mark`.
pub fn unpin(mark: usize) {
    memory().pins.truncate(mark);
}

/// The codes of `module` found dead since the last call, for its state to
/// free; their numbers may be used again.
pub fn take_dead(module: u32) -> Vec<u32> {
    std::mem::take(&mut memory().modules[module as usize].dead)
}

/// Whether `module` has dead codes to free.
pub fn has_dead(module: u32) -> bool {
    memory().modules.get(module as usize).is_some_and(|m| !m.dead.is_empty())
}

/// The loops and bridges freed so far (`jit-summary`).
pub fn freed() -> (u64, u64) {
    let mem = memory();
    (mem.freed_loops, mem.freed_bridges)
}

/// The bytes the live codes hold (machine code and traces), now and at
/// most so far (`jit-summary`).
pub fn bytes() -> (usize, usize) {
    let mem = memory();
    (mem.bytes, mem.peak_bytes)
}

/// The collector's part (in the GC's marking hook): marks the references
/// of every code that can run (see the module's documentation) and of the
/// traces in progress; then drops the cells of dead keys and the dead
/// codes. Called once every other root is marked.
pub fn collect(m: &mut Marking) {
    // SAFETY: as `memory`; may be called before the JIT's first use.
    let Some(mem) = (unsafe { (*MEMORY.0.get()).as_mut() }) else { return m.drain() };
    mem.collections += 1;
    let now = mem.collections;
    let mut work: Vec<(u32, u32)> = mem.running.clone();
    for pin in &mem.pins {
        match *pin {
            Pin::Ref(p) => m.mark(p),
            Pin::Code(module, code) => work.push((module, code)),
        }
    }
    for &(module, code) in &mem.running {
        if let Some(c) = mem.modules[module as usize].codes[code as usize].as_mut() {
            c.entered = now;
        }
    }
    for c in mem.modules.iter_mut().flat_map(|md| md.codes.iter_mut().flatten()) {
        c.live = false;
    }
    loop {
        while let Some((module, code)) = work.pop() {
            let Some(c) = mem.modules[module as usize].codes[code as usize].as_mut() else { continue };
            if c.live {
                continue;
            }
            c.live = true;
            // An old code's references are old: marked (minor) or to be
            // marked now (major).
            if m.major || c.young {
                for &r in &c.roots {
                    m.mark(r);
                }
            }
            work.extend(c.targets.iter().map(|&t| (module, t)));
            let md = &mem.modules[module as usize];
            let called = md.codes[code as usize].as_ref().expect("alive").calls.iter();
            work.extend(called.filter_map(|&t| md.tokens[t as usize].code).map(|c| (module, c)));
        }
        m.drain();
        // Loops whose keys are alive, not alive yet.
        for (i, md) in mem.modules.iter().enumerate() {
            for cell in md.cells.values().flatten() {
                let KeyState::Code(code) = cell.state else { continue };
                let c = md.codes[code as usize].as_ref().expect("a cell's code is registered");
                let recent = now - c.entered <= md.longevity;
                if !c.live && recent && key_alive(m, cell) {
                    work.push((i as u32, code));
                }
            }
        }
        if work.is_empty() {
            break;
        }
    }
    for md in &mut mem.modules {
        let codes = &md.codes;
        for cells in md.cells.values_mut() {
            cells.retain(|cell| match cell.state {
                KeyState::Code(code) => codes[code as usize].as_ref().is_some_and(|c| c.live),
                KeyState::Aborted => key_alive(m, cell),
            });
            for cell in cells.iter_mut() {
                cell.young = false;
            }
        }
        md.cells.retain(|_, cells| !cells.is_empty());
        for token in &mut md.tokens {
            if token.code.is_some_and(|c| !codes[c as usize].as_ref().is_some_and(|c| c.live)) {
                (token.code, token.entry) = (None, 0);
            }
        }
        for (n, slot) in md.codes.iter_mut().enumerate() {
            match slot {
                Some(c) if c.live => c.young = false,
                Some(c) => {
                    m.release(c.bytes);
                    mem.bytes -= c.bytes;
                    if c.bridge {
                        mem.freed_bridges += 1;
                    } else {
                        mem.freed_loops += 1;
                    }
                    md.dead.push(n as u32);
                    *slot = None;
                }
                None => {}
            }
        }
    }
}

/// Whether the references of a cell's key are alive. In a minor collection
/// those of a cell older than the last collection are (they were alive
/// then, so they are old).
fn key_alive(m: &Marking, cell: &Cell) -> bool {
    (!m.major && !cell.young) || cell.refs.iter().all(|&r| m.is_live(r))
}
