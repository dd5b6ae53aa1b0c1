// Closures stored in locals and called: capturing by reference (reads) and by mutable reference (a counter the closure bumps), a later `let` of the same name not changing what the closure captured, typed parameters and return type, a closure calling another, a stored closure passed to `map` and `sort_by`, a closure whose body has its own loop, `match` and early exit by value, and one called in a loop of the enclosing function
// call: stored(5)
// expect: "add_k=[3, 4, 5, 6, 7] shadowed k=100 twice=16 bumped=5 count=5 | pick=8 clamp=[0, 2, 5, 5] desc=[7, 3, 1] | loop=30 class=[\"neg\", \"zero\", \"small\", \"big\"]"

pub fn stored(n: i64) -> String {
    let k = 3;
    let add_k = |x: i64| x + k;
    let k = 100;
    let v: Vec<i64> = (0..n).map(add_k).collect();
    let twice = |x| add_k(add_k(x));
    let mut count = 0;
    let mut bump = |by: i64| {
        count += by;
        count
    };
    bump(2);
    let bumped = bump(3);
    let pick = |v: &Vec<i64>, i: usize| -> i64 { v[i] * 2 };
    let lo = 0;
    let clamp = |x: i64| {
        if x < lo {
            lo
        } else if x > n {
            n
        } else {
            x
        }
    };
    let clamped: Vec<i64> = vec![-4, 2, 9, 5].iter().map(|x| clamp(*x)).collect();
    let by_desc = |a: &i64, b: &i64| b.cmp(a);
    let mut d = vec![3, 7, 1];
    d.sort_by(by_desc);
    let sum_to = |m: i64| {
        let mut s = 0;
        let mut i = 0;
        while i <= m {
            s += i;
            i += 1;
        }
        s
    };
    let mut total = 0;
    for i in 0..4 {
        total += sum_to(i);
    }
    total += sum_to(n - 1) * 2;
    let class = |x: i64| -> &'static str {
        match x {
            x if x < 0 => "neg",
            0 => "zero",
            1..=9 => "small",
            _ => "big",
        }
    };
    let classes: Vec<&str> = vec![-1, 0, 5, 50].iter().map(|x| class(*x)).collect();
    format!(
        "add_k={v:?} shadowed k={k} twice={} bumped={bumped} count={count} | pick={} clamp={clamped:?} desc={d:?} | loop={total} class={classes:?}",
        twice(10),
        pick(&v, 1)
    )
}
