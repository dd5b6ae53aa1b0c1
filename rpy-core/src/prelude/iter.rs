// An iterator of the dialect (RPython's `SomeIterator`), written in the
// dialect as a template: `prelude::template_items` substitutes `$DATA` (the
// name of the data struct) and `$T` (the item type), and the translator
// builds one instance per `Ty::Iter` the program uses. Not compiled by rustc.
//
// An iterator is a cursor over a list of its items: `front..back` are the
// ones not yet taken. The list is the iterated `Vec` itself (`v.iter()`,
// which the borrow checker keeps unchanged while the iterator lives) or one
// made for the iterator (`s.chars()`); the iterator never changes it.
// Adaptors that keep the item type are methods here (`rev` and `step_by`
// make a new list). Those that change it (`enumerate`) and those that need
// more of the item type than moving it (`cloned`, `next_if_eq`, `sum`,
// `max`) are generic functions of `list.rs` (`__iter_*`), instantiated
// only where used: as methods here, every instance would have them (and
// `enumerate` would instantiate the template for its result type, whose
// instance would again).

struct $DATA {
    items: Vec<$T>,
    front: usize,
    back: usize,
}

impl __Iter<$T> {
    fn __new(items: Vec<$T>) -> Self {
        let back = items.len();
        Self { items, front: 0, back }
    }

    // The items left, for a `for` loop over the iterator (which consumes
    // it): the list itself when none was taken.
    fn __items(&self) -> Vec<$T> {
        if self.front == 0 && self.back == self.items.len() {
            return self.items;
        }
        self.__collect()
    }

    // The items left in a new list (`collect()`).
    fn __collect(&self) -> Vec<$T> {
        __vec_slice(&self.items, self.front, self.back)
    }

    fn next(&mut self) -> Option<$T> {
        if self.front == self.back {
            return None;
        }
        let x = self.items[self.front];
        self.front += 1;
        Some(x)
    }

    fn next_back(&mut self) -> Option<$T> {
        if self.front == self.back {
            return None;
        }
        self.back -= 1;
        Some(self.items[self.back])
    }

    // `Peekable::peek`: the dialect's iterators can look ahead without a
    // buffer, so every iterator is its own `Peekable`.
    fn peek(&self) -> Option<$T> {
        if self.front == self.back {
            return None;
        }
        Some(self.items[self.front])
    }

    fn nth(&mut self, n: usize) -> Option<$T> {
        if n >= self.back - self.front {
            self.front = self.back;
            return None;
        }
        self.front += n;
        self.next()
    }

    fn last(&self) -> Option<$T> {
        if self.front == self.back {
            return None;
        }
        Some(self.items[self.back - 1])
    }

    fn count(&self) -> usize {
        self.back - self.front
    }

    fn len(&self) -> usize {
        self.back - self.front
    }

    fn clone(&self) -> Self {
        Self { items: self.items, front: self.front, back: self.back }
    }

    fn peekable(self) -> Self {
        self
    }

    fn by_ref(self) -> Self {
        self
    }

    fn copied(self) -> Self {
        self
    }

    fn into_iter(self) -> Self {
        self
    }

    fn skip(self, n: usize) -> Self {
        if n < self.back - self.front {
            self.front += n;
        } else {
            self.front = self.back;
        }
        self
    }

    fn take(self, n: usize) -> Self {
        if n < self.back - self.front {
            self.back = self.front + n;
        }
        self
    }

    fn rev(self) -> Self {
        let mut items = Vec::new();
        let mut i = self.back;
        while i > self.front {
            i -= 1;
            items.push(self.items[i]);
        }
        Self::__new(items)
    }

    fn step_by(self, step: usize) -> Self {
        if step == 0 {
            panic!("assertion failed: step != 0");
        }
        let mut items = Vec::new();
        let mut i = self.front;
        while i < self.back {
            items.push(self.items[i]);
            // Stops before `i` would wrap around.
            if self.back - i <= step {
                break;
            }
            i += step;
        }
        Self::__new(items)
    }
}
