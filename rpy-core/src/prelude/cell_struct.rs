// `RefCell<S>` of a struct `S` that is a GC object (not `Copy`): the cell is
// the struct's own object, with the borrow count in a field of it that the
// rtyper adds (`rtyper::BORROWS`), so that an `Rc<RefCell<S>>` is one object
// and a borrow one load less than through `cell.rs`'s cell. Instantiated by
// `prelude::template_items`, which substitutes `$T` (the struct's name),
// `$COPY_IN` (`self.f = value.f;` for each field) and `$COPY_OUT` (a new
// struct of the fields of `self`). Not compiled by rustc.
//
// The value moved into a cell has no other owner (it is moved), so the cell
// may become it (`__new`); storing a new value copies its fields in, as the
// cell's object stays (`__set`), unless it is the cell's own object, as when
// a field was stored through `borrow_mut()`. The borrows are counted as in
// `cell.rs`.

impl RefCell<$T> {
    fn __new(value: $T) -> Self {
        __cell_of(value)
    }

    fn __set(&mut self, value: $T) {
        if !__cell_is(self, value) {
            $COPY_IN
        }
    }

    fn __value(&self) -> $T {
        __cell_inner(self)
    }

    fn replace(&mut self, value: $T) -> $T {
        let old = $COPY_OUT;
        self.__set(value);
        old
    }

    fn swap(&self, other: &Self) {
        let mine = $COPY_OUT;
        self.__set(__cell_inner(other));
        other.__set(mine);
    }

    fn into_inner(self) -> $T {
        __cell_inner(self)
    }

    #[track_caller]
    fn borrow(&self) -> $T {
        if __cell_borrows(self) < 0 {
            panic!("RefCell already mutably borrowed");
        }
        __cell_set_borrows(self, __cell_borrows(self) + 1);
        __cell_inner(self)
    }

    #[track_caller]
    fn borrow_mut(&self) -> $T {
        if __cell_borrows(self) != 0 {
            panic!("RefCell already borrowed");
        }
        __cell_set_borrows(self, -1);
        __cell_inner(self)
    }

    fn __release(&self, mutably: bool) {
        if mutably {
            __cell_set_borrows(self, 0);
        } else {
            __cell_set_borrows(self, __cell_borrows(self) - 1);
        }
    }
}
