// Labeled `continue 'outer` from inner for and while loops, and `return` from deep nesting.
// call: count_rows_without(5, 3)
// expect: 0
// call: count_rows_without(4, 6)
// expect: 1
// call: count_rows_without(7, 7)
// expect: 6
// call: first_pythagorean(30)
// expect: (3, 4, 5)
// call: first_pythagorean(4)
// expect: (0, 0, 0)
// call: first_pythagorean(5)
// expect: (0, 0, 0)
// call: first_pythagorean(6)
// expect: (3, 4, 5)
// call: skip_rows(4)
// expect: 2
// call: skip_rows(7)
// expect: 12

// Rows i in 1..n such that no j in 1..n makes i * j a multiple of m.
pub fn count_rows_without(n: u32, m: u32) -> u32 {
    let mut rows = 0;
    'row: for i in 1..n {
        for j in 1..n {
            if (i * j) % m == 0 {
                continue 'row;
            }
        }
        rows += 1;
    }
    rows
}

pub fn first_pythagorean(limit: u32) -> (u32, u32, u32) {
    'a: for a in 1..limit {
        for b in a..limit {
            if a * a + b * b >= limit * limit {
                continue 'a;
            }
            for c in b..limit {
                if a * a + b * b == c * c {
                    return (a, b, c);
                }
                if c * c > a * a + b * b {
                    break;
                }
            }
        }
    }
    (0, 0, 0)
}

// Sums the even rows; odd rows are abandoned from inside the inner loop.
pub fn skip_rows(n: i32) -> i32 {
    let mut s = 0;
    'rows: for i in 0..n {
        let mut j = 0;
        while j < n {
            if (i + j) % 2 == 1 && i % 2 == 1 {
                continue 'rows;
            }
            j += 1;
        }
        s += i;
    }
    s
}
