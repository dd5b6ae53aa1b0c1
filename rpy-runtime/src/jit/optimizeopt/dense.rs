//! Maps and sets keyed by a trace's variables, as vectors indexed by the
//! variable's number. The optimizer looks up what it knows of a variable
//! at every operation, and at every guard for each value of its snapshot;
//! the variables are numbered densely from 0 (`Trace::kinds`), so indexing
//! a vector is cheaper than hashing the number (measured: the hash maps'
//! lookups and inserts were a tenth of the optimizer's time).
//!
//! None of them is iterated: where the optimizer depends on an order it
//! keeps a hash map (or a list) whose order it has always had.

use crate::jit::trace::Value;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// A map from variables (by number) to `T`, growing as larger numbers are
/// inserted.
pub(super) struct VarMap<T>(Vec<Option<T>>);

impl<T> Default for VarMap<T> {
    fn default() -> Self {
        VarMap(Vec::new())
    }
}

impl<T> VarMap<T> {
    pub(super) fn get(&self, n: u32) -> Option<&T> {
        self.0.get(n as usize).and_then(Option::as_ref)
    }

    pub(super) fn get_mut(&mut self, n: u32) -> Option<&mut T> {
        self.0.get_mut(n as usize).and_then(Option::as_mut)
    }

    pub(super) fn contains(&self, n: u32) -> bool {
        self.get(n).is_some()
    }

    pub(super) fn insert(&mut self, n: u32, v: T) -> Option<T> {
        self.slot(n).replace(v)
    }

    pub(super) fn remove(&mut self, n: u32) -> Option<T> {
        self.0.get_mut(n as usize).and_then(Option::take)
    }

    /// The value of `n`, `f()` inserted first if it has none.
    pub(super) fn get_or_insert_with(&mut self, n: u32, f: impl FnOnce() -> T) -> &mut T {
        self.slot(n).get_or_insert_with(f)
    }

    fn slot(&mut self, n: u32) -> &mut Option<T> {
        let i = n as usize;
        if i >= self.0.len() {
            self.0.resize_with(i + 1, || None);
        }
        &mut self.0[i]
    }
}

/// A map from values to `T`: variables by number (`VarMap`), constants (a
/// few objects) hashed.
pub(super) struct ValueMap<T> {
    vars: VarMap<T>,
    consts: HashMap<Value, T>,
}

impl<T> Default for ValueMap<T> {
    fn default() -> Self {
        ValueMap { vars: VarMap::default(), consts: HashMap::default() }
    }
}

impl<T> ValueMap<T> {
    pub(super) fn get(&self, v: &Value) -> Option<&T> {
        match v {
            Value::Var(n) => self.vars.get(*n),
            Value::Const(..) => self.consts.get(v),
        }
    }

    pub(super) fn contains(&self, v: &Value) -> bool {
        self.get(v).is_some()
    }

    /// The value of `v`, `f()` inserted first if it has none.
    pub(super) fn get_or_insert_with(&mut self, v: Value, f: impl FnOnce() -> T) -> &mut T {
        match v {
            Value::Var(n) => self.vars.get_or_insert_with(n, f),
            Value::Const(..) => self.consts.entry(v).or_insert_with(f),
        }
    }
}

/// A set of values: variables by number, constants hashed.
#[derive(Default)]
pub(super) struct ValueSet {
    vars: Vec<bool>,
    consts: HashSet<Value>,
}

impl ValueSet {
    pub(super) fn contains(&self, v: &Value) -> bool {
        match v {
            Value::Var(n) => self.vars.get(*n as usize).copied().unwrap_or(false),
            Value::Const(..) => self.consts.contains(v),
        }
    }

    pub(super) fn insert(&mut self, v: Value) {
        match v {
            Value::Var(n) => {
                let i = n as usize;
                if i >= self.vars.len() {
                    self.vars.resize(i + 1, false);
                }
                self.vars[i] = true;
            }
            Value::Const(..) => {
                self.consts.insert(v);
            }
        }
    }
}

/// A set of variables emptied in one step (`clear`), for a set built
/// anew at each guard: each variable's mark is the number of the set it
/// was last put in, so clearing is counting one more and the marks stay.
#[derive(Default)]
pub(super) struct Marks {
    marks: Vec<u32>,
    current: u32,
}

impl Marks {
    /// Empties the set.
    pub(super) fn clear(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            // (Marks of 4 billion sets ago would count again.)
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.current = 1;
        }
    }

    /// Puts `n` in the set: whether it was not in it.
    pub(super) fn insert(&mut self, n: u32) -> bool {
        let i = n as usize;
        if i >= self.marks.len() {
            self.marks.resize(i + 1, 0);
        }
        let new = self.marks[i] != self.current;
        self.marks[i] = self.current;
        new
    }

    pub(super) fn contains(&self, n: u32) -> bool {
        self.current != 0 && self.marks.get(n as usize) == Some(&self.current)
    }
}
