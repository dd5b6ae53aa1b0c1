#[rpython::entry]
pub mod m {
    struct Cursor<'a> {
        pos: &'a mut usize,
    }

    pub fn f(x: usize) -> usize {
        let mut p = x;
        let c = Cursor { pos: &mut p };
        *c.pos + 1
    }
}

fn main() {}
