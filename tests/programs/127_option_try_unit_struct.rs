// `?` on Option in functions returning Option (stack pops, lookups, chained), and unit structs as values (derived Debug, ==, Copy)
// call: evaluate(0)
// expect: "Some(7) None Some(21) None"
// call: markers(2)
// expect: "Marker Marker true 2"

fn pop2(stack: &mut Vec<i64>) -> Option<(i64, i64)> {
    let b = stack.pop()?;
    let a = stack.pop()?;
    Some((a, b))
}

fn rpn(src: &str) -> Option<i64> {
    let mut stack = Vec::new();
    for tok in src.split_whitespace() {
        match tok {
            "+" => {
                let (a, b) = pop2(&mut stack)?;
                stack.push(a + b);
            }
            "*" => {
                let (a, b) = pop2(&mut stack)?;
                stack.push(a * b);
            }
            _ => stack.push(tok.parse::<i64>().ok()?),
        }
    }
    let top = stack.pop()?;
    if stack.is_empty() {
        Some(top)
    } else {
        None
    }
}

pub fn evaluate(_k: i64) -> String {
    format!("{:?} {:?} {:?} {:?}", rpn("3 4 +"), rpn("3 +"), rpn("3 4 + 3 *"), rpn("1 x +"))
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Marker;

fn mark(_m: Marker, n: i64) -> i64 {
    n
}

pub fn markers(n: i64) -> String {
    let m = Marker;
    let copy = m;
    format!("{:?} {:?} {} {}", m, copy, m == Marker, mark(Marker, n))
}
