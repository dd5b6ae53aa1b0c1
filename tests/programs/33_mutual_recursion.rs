// Mutual recursion: even/odd, Hofstadter's female and male sequences, and a two-function descent.
// call: is_even(10)
// expect: true
// call: is_even(7)
// expect: false
// call: is_odd(0)
// expect: false
// call: is_odd(1001)
// expect: true
// call: female(20)
// expect: 13
// call: male(20)
// expect: 12
// call: hofstadter_sum(30)
// expect: 7
// call: ping(10)
// expect: 55

pub fn is_even(n: u32) -> bool {
    if n == 0 { true } else { is_odd(n - 1) }
}

pub fn is_odd(n: u32) -> bool {
    if n == 0 { false } else { is_even(n - 1) }
}

pub fn female(n: i64) -> i64 {
    if n == 0 { 1 } else { n - male(female(n - 1)) }
}

pub fn male(n: i64) -> i64 {
    if n == 0 { 0 } else { n - female(male(n - 1)) }
}

pub fn hofstadter_sum(n: i64) -> i64 {
    let mut s = 0;
    for i in 0..n {
        s += female(i) - male(i);
    }
    s
}

// ping and pong alternate, each adding its argument: n + (n-1) + ... + 1.
pub fn ping(n: u64) -> u64 {
    if n == 0 { 0 } else { n + pong(n - 1) }
}

fn pong(n: u64) -> u64 {
    if n == 0 { 0 } else { n + ping(n - 1) }
}
