// Vec methods an interpreter's stack needs: drain(..) of the top frame, split_off, extend_from_slice, windows and chunks, iter().rev(), retain, dedup, truncate, insert/remove, swap
// call: run(10)
// expect: "frame [7, 8, 9] rest 7 | split [5, 6] | pairs 4 | chunks [1, 5, 9, 6] | rev [9, 8, 7] | kept [0, 2, 4, 6] | dedup [1, 2, 3] | ends 42 0 | swapped [3, 1, 2]"

pub fn run(n: i64) -> String {
    let mut stack: Vec<i64> = (0..n).collect();
    let top: Vec<i64> = stack.drain(stack.len() - 3..).collect();
    let rest = stack.len();
    let tail = stack.split_off(5);
    let mut merged = stack.clone();
    merged.extend_from_slice(&tail);
    let rising = merged.windows(2).filter(|w| w[1] == w[0] + 1).count() / 2 + 1;
    let sums: Vec<i64> = merged.chunks(2).map(|c| c.iter().sum()).collect();
    let back: Vec<i64> = top.iter().rev().copied().collect();
    let mut evens = merged.clone();
    evens.retain(|x| x % 2 == 0);
    let mut runs = vec![1, 1, 2, 2, 2, 3];
    runs.dedup();
    let mut ends = vec![1, 2, 3];
    ends.insert(0, 42);
    ends.truncate(2);
    let removed = ends.remove(1);
    let mut sw = vec![1, 2, 3];
    sw.swap(0, 2);
    sw.swap(1, 2);
    format!(
        "frame {:?} rest {} | split {:?} | pairs {} | chunks {:?} | rev {:?} | kept {:?} | dedup {:?} | ends {} {} | swapped {:?}",
        top,
        rest,
        tail,
        rising,
        sums,
        back,
        evens,
        runs,
        ends[0],
        removed - 1,
        sw
    )
}
