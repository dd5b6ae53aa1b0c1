// Parsing every number type from text fields: u8/i16/u32/i64/usize/f64 with parse::<T>() and by inference, errors as values, char_indices and split_whitespace over a record format, trim_matches and strip_prefix
// call: run(1)
// expect: "ok 4 errors 3 | sum_u8 255 min_i16 -32768 total_u32 4000000003 big 9007199254740993 mean 2.625 | at [0, 6, 13] | tag 42"

fn field_error(line: &str) -> Option<String> {
    let parts: Vec<&str> = line.split_whitespace().collect();
    if parts.len() != 5 {
        return Some(format!("fields {}", parts.len()));
    }
    if parts[0].parse::<u8>().is_err() {
        return Some("u8".to_string());
    }
    if parts[1].parse::<i16>().is_err() {
        return Some("i16".to_string());
    }
    let r: Result<u32, _> = parts[2].parse();
    if r.is_err() {
        return Some("u32".to_string());
    }
    None
}

pub fn run(k: i64) -> String {
    let lines = [
        "200 -32768 4000000000 9007199254740993 1.5",
        "55 12 0 -1 3.75",
        "0 0 0 0 2.5",
        "1 2 3 4 2.75",
        "256 0 0 0 0.0",
        "1 40000 0 0 0.0",
        "1 2 3",
    ];
    let (mut ok, mut errors) = (0, 0);
    let (mut sum_u8, mut min_i16, mut total_u32, mut big) = (0u8, 0i16, 0u32, 0i64);
    let mut floats: Vec<f64> = Vec::new();
    for line in lines.iter() {
        match field_error(line) {
            Some(_) => errors += 1,
            None => {
                ok += 1;
                let p: Vec<&str> = line.split_whitespace().collect();
                sum_u8 = sum_u8.saturating_add(p[0].parse::<u8>().unwrap());
                min_i16 = min_i16.min(p[1].parse().unwrap());
                total_u32 = total_u32.wrapping_add(p[2].parse::<u32>().unwrap());
                big = big.max(p[3].parse::<i64>().unwrap());
                floats.push(p[4].parse::<f64>().unwrap());
            }
        }
    }
    let mean = floats.iter().sum::<f64>() / floats.len() as f64;
    let record = "alpha beta_1 gamma";
    let at: Vec<usize> = record
        .char_indices()
        .filter(|(i, c)| *i == 0 || (*c != ' ' && record.as_bytes()[i - 1] == b' '))
        .map(|(i, _)| i)
        .collect();
    let tag = "##id:42##".trim_matches('#').strip_prefix("id:").unwrap_or("0").parse::<usize>().unwrap_or(0);
    format!(
        "ok {} errors {} | sum_u8 {} min_i16 {} total_u32 {} big {} mean {} | at {:?} | tag {}",
        ok,
        errors,
        sum_u8,
        min_i16,
        total_u32,
        big,
        mean,
        at,
        tag * k as usize
    )
}
