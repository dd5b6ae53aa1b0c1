#[rpython::entry]
pub mod m {
    use rpython::jit::elidable;

    struct Counter {
        hits: i64,
    }

    #[elidable]
    fn lookup(c: &mut Counter, table: &[i64], i: usize) -> i64 {
        c.hits += 1;
        table[i]
    }

    pub fn run(i: i64) -> i64 {
        let mut c = Counter { hits: 0 };
        lookup(&mut c, &[1, 2, 3], i as usize) + c.hits
    }
}

fn main() {}
