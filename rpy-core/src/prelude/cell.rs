// `Cell<T>` and `RefCell<T>` of the dialect: a GC object holding one value,
// written in the dialect as a template: `prelude::template_items`
// substitutes `$DATA` (the name of the data struct), `$CELL` (`Cell` or
// `RefCell`) and `$T`, and the translator builds one instance per cell type
// the program uses. Not compiled by rustc.
//
// `borrow()` and `borrow_mut()` give the value: a GC object (a `Vec`, a
// struct) is changed in place through it; the flow space turns stores
// through a `borrow_mut()` (`*c.borrow_mut() = v`, `*c.borrow_mut() += 1`,
// a local holding the guard) into `__set`. Borrows are not counted: a
// program that would panic with `BorrowMutError` untranslated does not
// panic translated.

struct $DATA {
    value: $T,
}

impl $CELL<$T> {
    fn __new(value: $T) -> Self {
        Self { value }
    }

    fn __set(&mut self, value: $T) {
        self.value = value;
    }

    fn get(&self) -> $T {
        $GET
    }

    fn set(&mut self, value: $T) {
        self.value = value;
    }

    fn replace(&mut self, value: $T) -> $T {
        let old = self.value;
        self.value = value;
        old
    }

    fn swap(&self, other: &Self) {
        let mine = self.value;
        self.value = other.value;
        other.value = mine;
    }

    fn into_inner(self) -> $T {
        self.value
    }

    fn borrow(&self) -> $T {
        self.value
    }

    fn borrow_mut(&self) -> $T {
        self.value
    }
}
