// stage: annotate
// An enum with data is a family of classes; `match` narrows to each variant and its payload.
enum Shape {
    Square(i64),
    Rect(i64, i64),
}

pub fn area(k: i64) -> i64 {
    let s = if k > 0 { Shape::Square(k) } else { Shape::Rect(2, -k) };
    match s {
        Shape::Square(a) => a * a,
        Shape::Rect(w, h) => w * h,
    }
}
