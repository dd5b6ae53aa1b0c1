// Vec<T>: vec! forms, push/pop, indexing and index assignment, iteration, len/is_empty/contains/reverse/...
// call: basics(10)
// expect: (90, 18, 10, 16, false)
// call: basics(0)
// expect: (0, -1, 0, -1, true)
// call: tape(5)
// expect: (5, 30000, 0)
// call: nested(3)
// expect: (3, 6, 9)
// call: ops(6)
// expect: (false, false, 5, 0, 2)
// call: sieve(100)
// expect: 25
// call: out_of_bounds(3)
// expect-panic: index out of bounds: the len is 3 but the index is 3

pub fn basics(n: i64) -> (i64, i64, usize, i64, bool) {
    let mut v: Vec<i64> = Vec::new();
    for i in 0..n {
        v.push(i * 2);
    }
    let mut sum = 0;
    for x in v.iter() {
        sum += x;
    }
    let last = match v.last() {
        Some(x) => *x,
        None => -1,
    };
    let len = v.len();
    let popped = v.pop().unwrap_or(-1);
    let second = if v.is_empty() { -1 } else { v[v.len() - 1] };
    let _ = popped;
    (sum, last, len, second, v.is_empty())
}

pub fn tape(steps: usize) -> (u8, usize, u8) {
    let mut cells = vec![0u8; 30000];
    let mut pos = 0;
    for _ in 0..steps {
        cells[pos] += 1;
    }
    pos += 1;
    (cells[0], cells.len(), cells[pos])
}

pub fn nested(n: i64) -> (i64, i64, i64) {
    let mut grid: Vec<Vec<i64>> = Vec::new();
    for i in 0..n {
        let mut row = Vec::new();
        for j in 0..n {
            row.push((i + 1) * (j + 1));
        }
        grid.push(row);
    }
    (grid[0][2], grid[1][2], grid[2][2])
}

pub fn ops(n: i64) -> (bool, bool, usize, i64, i64) {
    let mut v = vec![1, 2, 3, 4, 5];
    v.reverse();
    v.swap(0, 4);
    v.truncate(4);
    let mut w = Vec::new();
    for (i, &x) in v.iter().enumerate() {
        w.push(x * i as i64);
    }
    let c = w.contains(&8) ;
    let d = v.contains(&n);
    v.push(n);
    let len = v.len();
    v.clear();
    (c, d, len, v.len() as i64, w[3] / 3)
}

pub fn sieve(limit: usize) -> usize {
    let mut composite = vec![false; limit];
    let mut count = 0;
    for i in 2..limit {
        if !composite[i] {
            count += 1;
            let mut j = i * i;
            while j < limit {
                composite[j] = true;
                j += i;
            }
        }
    }
    count
}

pub fn out_of_bounds(n: usize) -> i64 {
    let v = vec![7; n];
    v[n]
}
