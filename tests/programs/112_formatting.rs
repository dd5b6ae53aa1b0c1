// Formatting: width, fill, alignment, sign, zero-padding, precision, radixes with #, exponents, {:?} of strings and chars with escapes, width$/precision$ arguments, write!/writeln! into a String returned whole
// call: table(3)
// expect: "item      |  qty|    price| flag  \n----------+-----+---------+-------\napple     |    4|     1.00|  lo   \nkiwi      |   11|    19.25|  hi   \nwatermelon|   18|    58.50|  hi   \nfig       |   25|   118.75|  hi   \n============= total ==============\n                    sum:   197.500"
// call: numbers(255)
// expect: "[     255] [255     ] [  255   ] [     255] [00000255] [+0000255] [+255] [***255***] [ff] [FF] [0xff] [0x000000ff] [377] [0o377] [11111111] [0b1111] [   255] [6     ] [ 255 ] [0.667] [  1.23]"
// call: numbers(-7)
// expect: "[      -7] [-7      ] [   -7   ] [      -7] [-0000007] [-0000007] [-7] [***-7****] [fffffff9] [FFFFFFF9] [0xfffffff9] [0xfffffff9] [37777777771] [0o37777777771] [11111001] [0b1001] [   249] [6     ] [ -7  ] [0.667] [  1.23]"
// call: escapes(0)
// expect: "\"tab\\there \\\"quoted\\\" back\\\\slash\\nnewline é \\u{1} \\u{7f} end\"\n'\\'' '\"' '\\n' 'é' '\\\\' '\\0'\n\"it's\" \"\"\n[    ab] [ab    ] [  ab  ] [   c] [true ]\n[tru] [      xy] [\"q\"] {literal} 100%"
// call: floats(2)
// expect: "6.2831853 | 6.2831853 | 0006.283 | +6.28 | 6.2831853e0 | 6.28e0 |       6.2832 | 6.3       |\n-1 | -1.0 | -001.000 | -1.00 | -1e0 | -1.00e0 |      -1.0000 | -1.0      |\n2469.1356 | 2469.1356 | 2469.136 | +2469.14 | 2.4691356e3 | 2.47e3 |    2469.1356 | 2469.1    |\n0.0002468 | 0.0002468 | 0000.000 | +0.00 | 2.468e-4 | 2.47e-4 |       0.0002 | 0.0       |\n2000000000000000000000 | 2e21 | 2000000000000000000000.000 | +2000000000000000000000.00 | 2e21 | 2.00e21 | 2000000000000000000000.0000 | 2000000000000000000000.0|\n-0 | -0.0 | -000.000 | -0.00 | -0e0 | -0.00e0 |      -0.0000 | -0.0      |\n0 2 2 0.3 179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000 0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000022250738585072014 1"
use std::fmt::Write;

struct Row {
    name: String,
    qty: i64,
    price: f64,
}

pub fn table(n: i64) -> String {
    let mut rows = Vec::new();
    let names = ["apple", "kiwi", "watermelon", "fig"];
    for i in 0..(n + 1) as usize {
        rows.push(Row {
            name: names[i % names.len()].to_string(),
            qty: (i as i64 + 1) * 7 - n,
            price: 0.25 + i as f64 * 1.5,
        });
    }
    let mut out = String::new();
    writeln!(out, "{:<10}|{:>5}|{:>9}|{:^7}", "item", "qty", "price", "flag").unwrap();
    writeln!(out, "{:-<10}+{:->5}+{:->9}+{:-^7}", "", "", "", "").unwrap();
    let mut total = 0.0;
    for r in rows.iter() {
        let cost = r.qty as f64 * r.price;
        total += cost;
        let flag = if cost > 10.0 { "hi" } else { "lo" };
        writeln!(out, "{:<10}|{:>5}|{:>9.2}|{:^7}", r.name, r.qty, cost, flag).unwrap();
    }
    write!(out, "{:=^34}\n{:>24}{:>10.3}", " total ", "sum:", total).unwrap();
    out
}

pub fn numbers(n: i64) -> String {
    let mut s = String::new();
    write!(s, "[{:8}] [{:<8}] [{:^8}] [{:>8}] ", n, n, n, n).unwrap();
    write!(s, "[{:08}] [{:+08}] [{:+}] [{:*^9}] ", n, n, n, n).unwrap();
    let u = n as u32;
    write!(s, "[{:x}] [{:X}] [{:#x}] [{:#010x}] [{:o}] [{:#o}] [{:b}] [{:#b}] ", u, u, u, u, u, u, u & 0xff, u & 0xf)
        .unwrap();
    let b = n as u8;
    let w = 6;
    let p = 2;
    write!(s, "[{:>w$}] [{:<1$}] [{:^width$}] [{:.*}] [{:>w$.p$}]", b, w, n, 3, 2.0 / 3.0, 1.23456, width = 5).unwrap();
    s
}

pub fn escapes(_n: i64) -> String {
    let text = "tab\there \"quoted\" back\\slash\nnewline é \u{1} \u{7f} end";
    let mut s = String::new();
    writeln!(s, "{:?}", text).unwrap();
    writeln!(s, "{:?} {:?} {:?} {:?} {:?} {:?}", '\'', '"', '\n', 'é', '\\', '\0').unwrap();
    writeln!(s, "{:?} {:?}", "it's", "").unwrap();
    writeln!(s, "[{:>6}] [{:<6}] [{:^6}] [{:>4}] [{:5}]", "ab", "ab", "ab", 'c', true).unwrap();
    write!(s, "[{:.3}] [{:>8.2}] [{:12?}] {{literal}} {}%", "truncate", "xyz", "q", 100).unwrap();
    s
}

pub fn floats(k: i64) -> String {
    let xs = [3.14159265, -0.5, 1234.5678, 0.0001234, 1e21, -0.0];
    let mut s = String::new();
    for x in xs.iter() {
        let x = *x * k as f64;
        writeln!(s, "{} | {:?} | {:08.3} | {:+.2} | {:e} | {:.2e} | {:>12.4} | {:<10.1}|", x, x, x, x, x, x, x, x)
            .unwrap();
    }
    let third = 1.0 / 3.0;
    write!(s, "{:.0} {:.0} {:.0} {:.1} {} {} {}", 0.5, 1.5, 2.5, third, f64::MAX, f64::MIN_POSITIVE, 1.0f64).unwrap();
    s
}
