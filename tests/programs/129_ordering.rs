// <, <=, >, >= on tuples, Vecs, Options and derived-PartialOrd structs (lexicographic, NaN never ordered), sorting tuples and (score, name) pairs
// call: compare(1)
// expect: "true false true true | true false true | true true false | true false | false false true"
// call: sorting(3)
// expect: "[(1, 'b'), (1, 'c'), (2, 'a'), (3, 'z')] [(5, \"ann\"), (7, \"bob\"), (7, \"cid\")] [[1], [1, 2], [2]]"

#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct Version {
    major: i64,
    minor: i64,
}

pub fn compare(n: i64) -> String {
    let a = (n, 'a');
    let b = (n, 'b');
    let v1 = Version { major: 1, minor: 2 };
    let v2 = Version { major: 1, minor: 10 };
    let nan = f64::NAN;
    format!(
        "{} {} {} {} | {} {} {} | {} {} {} | {} {} | {} {} {}",
        a < b,
        a > b,
        a <= a,
        (n, 'z') > (0, 'a'),
        vec![1, 2] < vec![1, 2, 0],
        vec![3] < vec![1, 9],
        vec![n] >= vec![1],
        None < Some(n),
        Some(1) <= Some(n),
        Some(2) < Some(n),
        v1 < v2,
        v1 > v2,
        (nan, 1) < (nan, 2),
        (nan, 1) >= (nan, 1),
        (1.0, 2) < (1.0, 3)
    )
}

pub fn sorting(n: i64) -> String {
    let mut v = vec![(2, 'a'), (1, 'c'), (n, 'z'), (1, 'b')];
    v.sort();
    let mut people = vec![(7, "cid".to_string()), (5, "ann".to_string()), (7, "bob".to_string())];
    people.sort();
    let mut lists = vec![vec![2], vec![1, 2], vec![1]];
    lists.sort();
    format!("{:?} {:?} {:?}", v, people, lists)
}
