// format!, print!, println!, eprintln!, to_string: widths, fill, precision, hex, Debug of scalars and strings
// call: report(7)
// expect: n = 7, n*n = 49, half = 3.5
// expect: [    7] [7    ] [  7  ] [00007] [+7] [0x7] [111]
// expect: pi ~ 3.14159, 3.1416, 3.142e0
// expect: name: "rpy\n" 'x' true
// expect: left:  |ab   | right: |    5| center: |-ab--|
// expect: 7 49 -7 1.5 x done
// expect: 36
// call: lines(3)
// expect: line 0 of 3
// expect: line 1 of 3
// expect: line 2 of 3
// expect: 3

pub fn report(n: i64) -> usize {
    let half = n as f64 / 2.0;
    println!("n = {}, n*n = {}, half = {}", n, n * n, half);
    println!("[{:5}] [{:<5}] [{:^5}] [{:05}] [{:+}] [{:#x}] [{:b}]", n, n, n, n, n, n, n);
    let pi = 3.14159265;
    println!("pi ~ {:.5}, {:.4}, {:.3e}", pi, pi, pi);
    let name = "rpy\n";
    println!("name: {:?} {:?} {}", name, 'x', n > 0);
    let s = "ab";
    let w = 5;
    println!("left:  |{:<w$}| right: |{:>1$}| center: |{:-^5}|", s, w, s);
    let t = format!("{} {} {} {} {}", n, n * n, -n, 1.5, 'x');
    print!("{t}");
    println!(" done");
    eprintln!("to stderr: {}", n);
    let u = n.to_string() + &(n * n).to_string();
    u.len() + 33
}

pub fn lines(n: i64) -> i64 {
    for i in 0..n {
        println!("line {i} of {n}");
    }
    n
}
