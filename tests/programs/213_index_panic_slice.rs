// Where an index out of bounds is reported: at the indexed expression for the built-in indexing of slices and arrays, at the `[` for a `Vec`; here a slice parameter written past its end
// call: run(3)
// expect: sums 6 6 6
// expect-panic: index out of bounds: the len is 3 but the index is 3

fn sum_slice(s: &[i64]) -> i64 {
    let mut t = 0;
    for i in 0..s.len() {
        t += s[i];
    }
    t
}

fn sum_vec(v: &Vec<i64>) -> i64 {
    let mut t = 0;
    for i in 0..v.len() {
        t += v[i];
    }
    t
}

fn sum_array(a: [i64; 3]) -> i64 {
    a[0] + a[1] + a[2]
}

fn clear_from(s: &mut [i64], from: usize) {
    s[from] = 0;
}

pub fn run(n: usize) -> i64 {
    let mut v: Vec<i64> = (1..=n as i64).collect();
    println!("sums {} {} {}", sum_slice(&v), sum_vec(&v), sum_array([1, 2, 3]));
    clear_from(&mut v, n);
    v[0]
}
