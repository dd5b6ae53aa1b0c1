// Ackermann's function for small arguments: deep, non-primitive recursion.
// call: ack(0, 0)
// expect: 1
// call: ack(1, 2)
// expect: 4
// call: ack(2, 3)
// expect: 9
// call: ack(3, 3)
// expect: 61
// call: ack(3, 5)
// expect: 253
// call: ack_table_sum(3, 4)
// expect: 303

pub fn ack(m: u64, n: u64) -> u64 {
    if m == 0 {
        n + 1
    } else if n == 0 {
        ack(m - 1, 1)
    } else {
        ack(m - 1, ack(m, n - 1))
    }
}

// Sum of ack(i, j) over 0 <= i <= m, 0 <= j <= n.
pub fn ack_table_sum(m: u64, n: u64) -> u64 {
    let mut sum = 0;
    for i in 0..=m {
        for j in 0..=n {
            sum += ack(i, j);
        }
    }
    sum
}
