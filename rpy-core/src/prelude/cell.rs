// `Cell<T>` and `RefCell<T>` of the dialect: a GC object holding one value,
// written in the dialect as a template: `prelude::template_items`
// substitutes `$DATA` (the name of the data struct), `$CELL` (`Cell` or
// `RefCell`) and `$T`, and the translator builds one instance per cell type
// the program uses. Not compiled by rustc.
//
// `borrow()` and `borrow_mut()` give the value: a GC object (a `Vec`, a
// struct) is changed in place through it; the flow space turns stores
// through a `borrow_mut()` (`*c.borrow_mut() = v`, `*c.borrow_mut() += 1`,
// a local holding the guard) into `__set`. A `RefCell` counts its borrows
// as Rust's does (`__borrows`: the shared ones, or -1 while borrowed
// mutably); the flow space ends each borrow where Rust drops its guard
// (`release_borrow`, which typeck turns into `__release`). The blocks
// marked REFCELL are a `RefCell`'s only.

struct $DATA {
    value: $T,
    $REFCELL __borrows: i64, $END
}

impl $CELL<$T> {
    fn __new(value: $T) -> Self {
        Self { value, $REFCELL __borrows: 0, $END }
    }

    fn __set(&mut self, value: $T) {
        self.value = value;
    }

    fn __value(&self) -> $T {
        self.value
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

    #[track_caller]
    fn borrow(&self) -> $T {
        $REFCELL
        if self.__borrows < 0 {
            panic!("RefCell already mutably borrowed");
        }
        self.__borrows += 1;
        $END
        self.value
    }

    #[track_caller]
    fn borrow_mut(&self) -> $T {
        $REFCELL
        if self.__borrows != 0 {
            panic!("RefCell already borrowed");
        }
        self.__borrows = -1;
        $END
        self.value
    }

    $REFCELL
    fn __release(&self, mutably: bool) {
        if mutably {
            self.__borrows = 0;
        } else {
            self.__borrows -= 1;
        }
    }
    $END
}
