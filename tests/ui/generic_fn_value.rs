#[rpython::entry]
pub mod m {
    fn first<T: Copy>(items: &[T]) -> T {
        items[0]
    }

    pub fn f(x: i64) -> i64 {
        let get = first;
        get(&[x, 2])
    }
}

fn main() {}
