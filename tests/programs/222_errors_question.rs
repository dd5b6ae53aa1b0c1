// A parser for `key=value` configuration lines with its own error enum: Display for the messages, map_err into it, `?` through three levels, errors collected and reported per line
// call: run(3)
// expect: "parsed 3 | width=80 depth=3 name=rpy | errors: line 2: missing '=' / line 4: bad number 'x12' for depth / line 5: unknown key 'color'"
use std::collections::HashMap;
use std::fmt;

#[derive(Debug)]
enum ConfigError {
    MissingEquals(usize),
    BadNumber(usize, String, String),
    UnknownKey(usize, String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ConfigError::MissingEquals(l) => write!(f, "line {}: missing '='", l),
            ConfigError::BadNumber(l, v, k) => write!(f, "line {}: bad number '{}' for {}", l, v, k),
            ConfigError::UnknownKey(l, k) => write!(f, "line {}: unknown key '{}'", l, k),
        }
    }
}

fn split_pair(line: &str, no: usize) -> Result<(String, String), ConfigError> {
    match line.find('=') {
        Some(i) => Ok((line[..i].trim().to_string(), line[i + 1..].trim().to_string())),
        None => Err(ConfigError::MissingEquals(no)),
    }
}

fn number(v: &str, key: &str, no: usize) -> Result<i64, ConfigError> {
    v.parse::<i64>().map_err(|_| ConfigError::BadNumber(no, v.to_string(), key.to_string()))
}

fn entry(line: &str, no: usize) -> Result<(String, String), ConfigError> {
    let (k, v) = split_pair(line, no)?;
    match k.as_str() {
        "width" | "depth" => {
            let n = number(&v, &k, no)?;
            Ok((k, n.to_string()))
        }
        "name" => Ok((k, v)),
        _ => Err(ConfigError::UnknownKey(no, k)),
    }
}

pub fn run(depth: i64) -> String {
    let text = format!("width = 80\nheight 10\nname=rpy\ndepth = x12\ncolor = red\ndepth={}", depth);
    let mut config: HashMap<String, String> = HashMap::new();
    let mut errors: Vec<String> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match entry(line, i + 1) {
            Ok((k, v)) => {
                config.insert(k, v);
            }
            Err(e) => errors.push(e.to_string()),
        }
    }
    let get = |k: &str| config.get(k).cloned().unwrap_or_default();
    format!(
        "parsed {} | width={} depth={} name={} | errors: {}",
        config.len(),
        get("width"),
        get("depth"),
        get("name"),
        errors.join(" / ")
    )
}
