// to_uppercase/to_lowercase (Unicode, by std's tables); str methods with a char pattern: find, contains, starts_with, ends_with, split (literal and variable chars)
// call: cases(0)
// expect: ("STRASSE ΣΊΣΥΦΟΣ", "straße σίσυφος", "ABC-Ä")
// call: patterns(0)
// expect: "Some(3) None true false true true [\"a\", \"b\", \"\", \"c\"] [\"x=1\", \"y=2\"] Some(7)"

pub fn patterns(n: usize) -> String {
    let s = "key=value";
    let sep = '=';
    let a = s.find(sep);
    let b = s.find('#');
    let c = s.contains('v');
    let d = s.contains('#');
    let e = s.starts_with('k') && !s.starts_with('v');
    let f = s.ends_with('e');
    let parts: Vec<&str> = "a,b,,c".split(',').collect();
    let semi = ';';
    let kv: Vec<&str> = "x=1;y=2".split(semi).collect();
    let g = match "héllo wörld".find('w') {
        Some(i) => Some(i + n),
        None => None,
    };
    format!("{:?} {:?} {} {} {} {} {:?} {:?} {:?}", a, b, c, d, e, f, parts, kv, g)
}

pub fn cases(_n: i64) -> (String, String, String) {
    let s = "Straße ΣΊΣΥΦΟΣ";
    (s.to_uppercase(), s.to_lowercase(), "abc-ä".to_string().to_uppercase())
}
