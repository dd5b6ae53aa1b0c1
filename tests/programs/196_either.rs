// A generic enum with two parameters (`Either<L, R>`) used at several pairs of types, with methods of the `impl<L, R>` block, `Option<Either<..>>`, `Vec<Either<..>>` and `Result<Stack<i64>, String>` of a generic struct, all matched by the module's own functions
// call: run(4)
// expect: "lefts 3 rights [\"x\", \"yy\"] | sum 9 | first Some(Left(1)) none None | ok Stack { items: [1, 2, 3, 4] } err \"too big: 11\" | flip Right(5) Right(\"a\")"
#[derive(Debug, Clone, PartialEq)]
enum Either<L, R> {
    Left(L),
    Right(R),
}

impl<L: Clone, R: Clone> Either<L, R> {
    fn is_left(&self) -> bool {
        matches!(self, Either::Left(_))
    }

    fn left(&self) -> Option<L> {
        match self {
            Either::Left(l) => Some(l.clone()),
            Either::Right(_) => None,
        }
    }

    fn flip(&self) -> Either<R, L> {
        match self {
            Either::Left(l) => Either::Right(l.clone()),
            Either::Right(r) => Either::Left(r.clone()),
        }
    }
}

#[derive(Debug, Clone)]
struct Stack<T> {
    items: Vec<T>,
}

fn build(n: i64) -> Result<Stack<i64>, String> {
    if n > 10 {
        return Err(format!("too big: {}", n));
    }
    let mut s = Stack { items: Vec::new() };
    for i in 1..=n {
        s.items.push(i);
    }
    Ok(s)
}

fn total(xs: &[Either<i64, String>]) -> i64 {
    let mut t = 0;
    for x in xs {
        t += match x {
            Either::Left(n) => *n,
            Either::Right(s) => s.len() as i64,
        };
    }
    t
}

pub fn run(n: i64) -> String {
    let xs: Vec<Either<i64, String>> =
        vec![Either::Left(1), Either::Right("x".to_string()), Either::Left(2), Either::Right("yy".to_string()), Either::Left(n - 1)];
    let lefts = xs.iter().filter(|x| x.is_left()).count();
    let mut rights = Vec::new();
    for x in &xs {
        if let Either::Right(s) = x {
            rights.push(s.clone());
        }
    }
    let first: Option<Either<i64, String>> = xs.first().cloned();
    let none: Option<i64> = xs[1].left();
    let e: Either<i64, String> = Either::Left(5);
    let g: Either<String, bool> = Either::Left("a".to_string());
    format!(
        "lefts {} rights {:?} | sum {} | first {:?} none {:?} | ok {:?} err {:?} | flip {:?} {:?}",
        lefts,
        rights,
        total(&xs),
        first,
        none,
        build(n).unwrap(),
        build(n + 7).unwrap_err(),
        e.flip(),
        g.flip()
    )
}
