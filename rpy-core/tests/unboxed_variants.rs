//! A variant whose payload is one struct's object is that object
//! (`rtyper::unboxed`): making the value allocates the struct only, and the
//! struct's container is a subclass of the enum's base. A struct two
//! variants hold, or a variant holding more than the object, keeps a payload
//! object of its own.

use rpy_core::driver::translate_source;
use rpy_core::translator::Translator;

const SRC: &str = "
    use std::cell::RefCell;
    use std::rc::Rc;
    struct Obj { n: i64 }
    struct Node { v: i64 }
    struct Pair { a: i64 }
    struct Tagged { k: i64 }
    enum V {
        Nil,
        Obj(Rc<RefCell<Obj>>),
        Node(Box<Node>),
        P(Rc<Pair>),
        Q(Rc<Pair>),
        T(Rc<Tagged>, i64),
    }
    fn weight(v: &V) -> i64 {
        match v {
            V::Nil => 0,
            V::Obj(o) => o.borrow().n,
            V::Node(n) => n.v,
            V::P(p) => p.a,
            V::Q(p) => p.a + 1,
            V::T(t, k) => t.k + k,
        }
    }
    pub fn make_obj(n: i64) -> i64 { weight(&V::Obj(Rc::new(RefCell::new(Obj { n })))) }
    pub fn make_node(n: i64) -> i64 { weight(&V::Node(Box::new(Node { v: n }))) }
    pub fn make_pair(n: i64) -> i64 { weight(&V::P(Rc::new(Pair { a: n }))) + weight(&V::Q(Rc::new(Pair { a: n }))) }
    pub fn make_tagged(n: i64) -> i64 { weight(&V::T(Rc::new(Tagged { k: n }), n)) }
";

fn program() -> Translator {
    translate_source(SRC, "unboxed.rs").unwrap_or_else(|e| panic!("{e:?}")).program
}

/// The `malloc` operations of the function `name`.
fn mallocs(t: &Translator, name: &str) -> usize {
    let (_, g) = t.graphs.iter().find(|(_, g)| g.name == name).unwrap_or_else(|| panic!("no {name}"));
    g.iterblocks().into_iter().map(|b| g.blocks[b].operations.iter().filter(|op| op.opname == "malloc").count()).sum()
}

fn container_of(t: &Translator, name: &str) -> rpy_core::lltype::ContainerId {
    let (s, _) = t.structs.iter().find(|(_, d)| d.name == name).unwrap();
    t.struct_containers[&s]
}

#[test]
fn a_variant_of_one_object_allocates_the_object_only() {
    let t = program();
    assert_eq!(mallocs(&t, "make_obj"), 1);
    assert_eq!(mallocs(&t, "make_node"), 1);
    // Two variants of one struct: a payload object each.
    assert_eq!(mallocs(&t, "make_pair"), 4);
    // More than the object: a payload object.
    assert_eq!(mallocs(&t, "make_tagged"), 2);
}

#[test]
fn the_objects_struct_is_a_subclass_of_the_enums_base() {
    let t = program();
    let (obj, node, pair) = (container_of(&t, "Obj"), container_of(&t, "Node"), container_of(&t, "Pair"));
    assert!(t.unboxed_payloads.contains(&obj) && t.unboxed_payloads.contains(&node));
    assert!(!t.unboxed_payloads.contains(&pair));
    let base = t.container_bases[&obj];
    assert_eq!(t.container_bases.get(&node), Some(&base));
    assert_eq!(t.container_bases.get(&pair), None);
    // The tag is the first field, in the header.
    let fields = match &t.containers[obj] {
        rpy_core::lltype::Container::GcStruct { fields, .. } => fields.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(fields[0].0, rpy_core::rtyper::TAG);
}
