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

/// `Vec::into_boxed_slice` makes a list of its own: the `Vec` pushed to is
/// a list struct, the box of its items a bare array (no length field, no
/// indirection), while a list the box holds is still a list that grows.
#[test]
fn a_boxed_slice_of_a_vec_pushed_to_is_a_bare_array() {
    let t = translate_source(
        "
        pub struct Code { ops: Box<[i64]>, rows: Box<[Vec<i64>]>, spare: Vec<i64> }
        pub fn run(n: i64) -> i64 {
            let mut ops: Vec<i64> = Vec::new();
            let mut rows: Vec<Vec<i64>> = Vec::new();
            for i in 0..n {
                ops.push(i);
                rows.push(vec![i]);
            }
            let mut c = Code { ops: ops.into_boxed_slice(), rows: rows.into_boxed_slice(), spare: Vec::new() };
            c.rows[0].push(2);
            c.spare.push(1);
            c.ops[0] + c.rows[0][1] + c.ops.len() as i64 + c.spare.len() as i64
        }
        ",
        "layouts.rs",
    )
    .unwrap_or_else(|e| panic!("{e:?}"))
    .program;
    let field = |name: &str| {
        let code = t.containers.iter().find_map(|(_, c)| match c {
            Container::GcStruct { name, fields, .. } if name == "Code" => Some(fields.clone()),
            _ => None,
        });
        let fields = code.expect("the struct `Code`");
        let (_, ty) = fields.into_iter().find(|(f, _)| f == name).expect("the field");
        match ty {
            rpy_core::lltype::LlType::Ptr(c) => t.containers[c].clone(),
            other => panic!("{name} is a {other}"),
        }
    };
    assert!(matches!(field("ops"), Container::GcArray { .. }), "{:?}", field("ops"));
    let Container::GcArray { item: rpy_core::lltype::LlType::Ptr(row) } = field("rows") else {
        panic!("rows: {:?}", field("rows"))
    };
    assert!(matches!(&t.containers[row], Container::GcStruct { .. }), "a row: {:?}", t.containers[row]);
    assert!(matches!(field("spare"), Container::GcStruct { .. }), "{:?}", field("spare"));
}
