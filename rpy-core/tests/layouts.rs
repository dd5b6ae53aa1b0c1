//! Which GC objects a program's values are: the containers the rtyper makes.

use rpy_core::driver::translate_source;
use rpy_core::lltype::Container;

/// Each GC struct of the program `src` as `Name(field, field, ...)`.
fn structs(src: &str) -> Vec<String> {
    let t = translate_source(src, "layouts.rs").unwrap_or_else(|e| panic!("{e:?}")).program;
    let mut out = Vec::new();
    for (_, c) in t.containers.iter() {
        if let Container::GcStruct { name, fields, .. } = c {
            let names: Vec<&str> = fields.iter().map(|(f, _)| f.as_str()).collect();
            out.push(format!("{name}({})", names.join(", ")));
        }
    }
    out
}

/// `Rc<RefCell<S>>` is one object: the struct's, holding the count of the
/// cell's borrows. A `RefCell` of a list and a `Cell` of a struct keep a cell.
#[test]
fn a_refcell_of_a_struct_is_the_structs_object() {
    let all = structs(
        "
        use std::cell::{Cell, RefCell};
        use std::rc::Rc;
        pub struct Table { size: i64, items: Vec<i64> }
        pub struct Point { x: i64 }
        pub fn run(n: i64) -> i64 {
            let t = Rc::new(RefCell::new(Table { size: n, items: vec![] }));
            let u = t.clone();
            u.borrow_mut().size += 1;
            let v = RefCell::new(vec![n]);
            v.borrow_mut().push(1);
            let p = Cell::new(Point { x: n });
            let q = p.replace(Point { x: 1 });
            t.borrow().size + v.borrow().len() as i64 + q.x
        }
        ",
    );
    assert!(all.contains(&"Table(size, items, #borrows)".to_string()), "{all:?}");
    assert!(all.contains(&"Point(x)".to_string()), "{all:?}");
    let cells: Vec<&String> = all.iter().filter(|s| s.contains("(value")).collect();
    assert_eq!(cells.len(), 2, "the cells of the list and of the `Cell`: {all:?}");
    assert!(cells.iter().all(|c| c.ends_with("(value, __borrows)") || c.ends_with("(value)")), "{all:?}");
}
