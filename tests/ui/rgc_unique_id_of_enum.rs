#[rpython::entry]
pub mod m {
    use rpython::rgc;
    use std::rc::Rc;

    enum Val {
        Int(i64),
        Text(String),
    }

    pub fn f(n: i64) -> bool {
        let a = Rc::new(Val::Int(n));
        let b = Rc::new(Val::Text(String::new()));
        rgc::compute_unique_id(&a) == rgc::compute_unique_id(&b)
    }
}

fn main() {}
