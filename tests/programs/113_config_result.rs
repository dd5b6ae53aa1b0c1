// Result and ?: a parser of "key=value;..." config text into a struct, errors as String propagated through several layers with ?, parse::<i64>() errors mapped by match, Result in Vec and in {:?}, unwrap of an Err
// call: load(0)
// expect: "Ok(Config { name: \"demo\", width: 640, height: 480, verbose: true, tags: [\"a\", \"b\", \"c\"], ratio: None }) | Ok(307200) | verbose demo with 3 tags | ok=true err=false"
// call: load(1)
// expect: "Ok(Config { name: \"spaced\", width: 12, height: 3, verbose: false, tags: [], ratio: Some(1.5) }) | Ok(36) | quiet \"spaced\" | ok=true err=false"
// call: load(2)
// expect: "Err(\"height must be positive, got -4\") | Err(\"height must be positive, got -4\") | error | ok=false err=true"
// call: load(3)
// expect: "Err(\"width: invalid digit found in string (\\\"ten\\\")\") | Err(\"width: invalid digit found in string (\\\"ten\\\")\") | bad width | ok=false err=true"
// call: load(4)
// expect: "Err(\"unknown key \\\"colour\\\"\") | Err(\"unknown key \\\"colour\\\"\") | error | ok=false err=true"
// call: load(5)
// expect: "Err(\"missing '=' in \\\"width\\\"\") | Err(\"missing '=' in \\\"width\\\"\") | error | ok=false err=true"
// call: batch(0)
// expect: "307236 [\"height must be positive, got -4\", \"width: invalid digit found in string (\\\"ten\\\")\", \"unknown key \\\"colour\\\"\", \"missing '=' in \\\"width\\\"\"] Some((0, 307200))"
// call: strict(3)
// expect-panic: called `Result::unwrap()` on an `Err` value: "width: invalid digit found in string (\"ten\")"

#[derive(Debug, Clone, PartialEq)]
struct Config {
    name: String,
    width: i64,
    height: i64,
    verbose: bool,
    tags: Vec<String>,
    ratio: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Field {
    Name,
    Width,
    Height,
    Verbose,
    Tags,
    Ratio,
}

const TEXTS: [&str; 6] = [
    "name=demo; width=640; height=480; verbose=yes; tags=a,b,c",
    "name = spaced ;width=  12;height=3;ratio=1.5;",
    "name=x;width=10;height=-4",
    "name=x;width=ten;height=4",
    "name=x;width=10;colour=red",
    "name=x;width;height=1",
];

fn field(key: &str) -> Result<Field, String> {
    match key {
        "name" => Ok(Field::Name),
        "width" => Ok(Field::Width),
        "height" => Ok(Field::Height),
        "verbose" => Ok(Field::Verbose),
        "tags" => Ok(Field::Tags),
        "ratio" => Ok(Field::Ratio),
        other => Err(format!("unknown key {:?}", other)),
    }
}

fn parse_bool(s: &str) -> Result<bool, String> {
    match s {
        "yes" | "true" | "1" => Ok(true),
        "no" | "false" | "0" => Ok(false),
        _ => Err(format!("not a bool: {}", s)),
    }
}

fn parse_dim(key: &str, s: &str) -> Result<i64, String> {
    let v = match s.parse::<i64>() {
        Ok(v) => v,
        Err(e) => return Err(format!("{}: {} ({:?})", key, e.to_string(), s)),
    };
    if v <= 0 {
        return Err(format!("{} must be positive, got {}", key, v));
    }
    Ok(v)
}

fn split_pair(item: &str) -> Result<(String, String), String> {
    let Some(eq) = item.find('=') else {
        return Err(format!("missing '=' in {:?}", item));
    };
    let key = item[..eq].trim().to_string();
    let value = item[eq + 1..].trim().to_string();
    if key.is_empty() {
        return Err("empty key".to_string());
    }
    Ok((key, value))
}

fn parse_config(text: &str) -> Result<Config, String> {
    let mut cfg = Config { name: String::new(), width: 0, height: 0, verbose: false, tags: Vec::new(), ratio: None };
    let mut seen: Vec<Field> = Vec::new();
    for item in text.split(';') {
        if item.trim().is_empty() {
            continue;
        }
        let (key, value) = split_pair(item)?;
        let f = field(&key)?;
        if seen.contains(&f) {
            return Err(format!("duplicate {:?}", f));
        }
        seen.push(f);
        match f {
            Field::Name => cfg.name = value,
            Field::Width => cfg.width = parse_dim(&key, &value)?,
            Field::Height => cfg.height = parse_dim(&key, &value)?,
            Field::Verbose => cfg.verbose = parse_bool(&value)?,
            Field::Tags => {
                for t in value.split(',') {
                    cfg.tags.push(t.to_string());
                }
            }
            Field::Ratio => {
                cfg.ratio = match value.parse::<f64>() {
                    Ok(r) => Some(r),
                    Err(e) => return Err(e.to_string()),
                }
            }
        }
    }
    if !seen.contains(&Field::Height) {
        return Err("height is required".to_string());
    }
    Ok(cfg)
}

fn area(text: &str) -> Result<i64, String> {
    let cfg = parse_config(text)?;
    Ok(cfg.width * cfg.height)
}

pub fn load(i: usize) -> String {
    let r = parse_config(TEXTS[i]);
    let a = area(TEXTS[i]);
    let summary = match &r {
        Ok(c) if c.verbose => format!("verbose {} with {} tags", c.name, c.tags.len()),
        Ok(c) => format!("quiet {:?}", c.name),
        Err(e) if e.starts_with("width") => "bad width".to_string(),
        Err(_) => "error".to_string(),
    };
    format!("{:?} | {:?} | {} | ok={} err={}", r, a, summary, r.is_ok(), a.is_err())
}

pub fn batch(_n: i64) -> String {
    let mut results: Vec<Result<i64, String>> = Vec::new();
    for t in TEXTS.iter() {
        results.push(area(t));
    }
    let mut total = 0;
    let mut errors = Vec::new();
    for r in results.iter() {
        match r {
            Ok(v) => total += v,
            Err(e) => errors.push(e.clone()),
        }
    }
    let mut first_ok = None;
    for (i, r) in results.iter().enumerate() {
        if let Ok(v) = r {
            first_ok = Some((i, *v));
            break;
        }
    }
    format!("{} {:?} {:?}", total, errors, first_ok)
}

pub fn strict(i: usize) -> i64 {
    let cfg = parse_config(TEXTS[0]).unwrap();
    cfg.width + area(TEXTS[i]).unwrap()
}
