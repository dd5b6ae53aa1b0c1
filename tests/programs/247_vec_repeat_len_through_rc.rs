// A local bound by deref coercion (`let b: &Vec<u8> = rc`), read in an
// operand after another operand of the same expression
// call: run(3)
// expect: "3 [7, 7, 7] [0, 0, 0, 0] 3 [9, 9, 9] 3 4"

use std::rc::Rc;

struct Memo {
    key: Rc<Vec<u8>>,
    ends: Vec<usize>,
}

fn filled(shared: &Rc<Vec<u8>>) -> Vec<usize> {
    let bytes: &Vec<u8> = shared;
    vec![7; bytes.len()]
}

fn memo(shared: &Rc<Vec<u8>>) -> Memo {
    let bytes: &Vec<u8> = shared;
    Memo { key: shared.clone(), ends: vec![9; bytes.len()] }
}

fn pair(shared: &Rc<Vec<u8>>, other: &Rc<Vec<u8>>) -> (usize, usize) {
    let bytes: &Vec<u8> = other;
    (Rc::ptr_eq(shared, other) as usize + 3, bytes.len())
}

pub fn run(k: usize) -> String {
    let shared = Rc::new(vec![1u8; k]);
    let v = filled(&shared);
    let bytes: &Vec<u8> = &shared;
    let w: Vec<i64> = vec![0; bytes.len() + 1];
    let m = memo(&shared);
    let key: &Vec<u8> = &m.key;
    let (a, b) = pair(&shared, &Rc::new(vec![2u8; k + 1]));
    format!("{} {:?} {:?} {} {:?} {} {}", v.len(), v, w, key.len(), m.ends, a, b)
}
