// The string methods of the dialect, written in the dialect (RPython's
// `rstr.py` ll helpers are RPython too). This file is not compiled by rustc:
// `prelude::items` parses it and the translator builds it together with the
// user's module. A string is represented exactly like a `Vec<u8>` of its
// UTF-8 bytes; the intrinsics `__str_bytes` and `__str_from_bytes` convert
// between the two views of the same object without copying.
//
// Methods whose names start with `__` implement operators (`==`, `<`, `+`).

impl str {
    fn len(&self) -> usize {
        __str_bytes(self).len()
    }

    fn is_empty(&self) -> bool {
        __str_bytes(self).len() == 0
    }

    fn as_bytes(&self) -> &[u8] {
        __str_bytes(self)
    }

    fn bytes(&self) -> __Iter<u8> {
        __str_bytes(self).into_iter()
    }

    fn as_str(&self) -> &str {
        self
    }

    fn to_string(&self) -> String {
        let src = __str_bytes(self);
        let mut out: Vec<u8> = Vec::with_capacity(src.len());
        __list_extend(&mut out, &src, 0, src.len());
        __str_from_bytes(out)
    }

    fn to_owned(&self) -> String {
        self.to_string()
    }

    fn clone(&self) -> String {
        self.to_string()
    }

    fn into_bytes(self) -> Vec<u8> {
        __str_bytes(self)
    }

    fn push_str(&mut self, other: &str) {
        let dst = __str_bytes(self);
        let src = __str_bytes(other);
        __list_extend(&mut dst, &src, 0, src.len());
    }

    // `std::fmt::Write`'s, for a `Display` writing into its formatter (a
    // `String` here; `flow::scope::fmt_type`).
    fn write_str(&mut self, other: &str) -> Result<(), ()> {
        self.push_str(other);
        Ok(())
    }

    fn write_char(&mut self, c: char) -> Result<(), ()> {
        self.push(c);
        Ok(())
    }

    fn push(&mut self, c: char) {
        let dst = __str_bytes(self);
        let x = c as u32;
        if x < 0x80 {
            dst.push(x as u8);
        } else if x < 0x800 {
            dst.push((0xC0 | (x >> 6)) as u8);
            dst.push((0x80 | (x & 0x3F)) as u8);
        } else if x < 0x10000 {
            dst.push((0xE0 | (x >> 12)) as u8);
            dst.push((0x80 | ((x >> 6) & 0x3F)) as u8);
            dst.push((0x80 | (x & 0x3F)) as u8);
        } else {
            dst.push((0xF0 | (x >> 18)) as u8);
            dst.push((0x80 | ((x >> 12) & 0x3F)) as u8);
            dst.push((0x80 | ((x >> 6) & 0x3F)) as u8);
            dst.push((0x80 | (x & 0x3F)) as u8);
        }
    }

    fn pop(&mut self) -> Option<char> {
        let b = __str_bytes(self);
        if b.len() == 0 {
            return None;
        }
        // Back up to the first byte of the last character.
        let mut start = b.len() - 1;
        while start > 0 && (b[start] & 0xC0) == 0x80 {
            start -= 1;
        }
        let c = __str_decode(&b, start);
        b.truncate(start);
        Some(c)
    }

    fn clear(&mut self) {
        __str_bytes(self).clear();
    }

    fn __is_char_boundary(&self, i: usize) -> bool {
        let b = __str_bytes(self);
        i == b.len() || (i < b.len() && (b[i] & 0xC0) != 0x80)
    }

    fn insert_str(&mut self, i: usize, s: &str) {
        if !self.__is_char_boundary(i) {
            panic!("assertion failed: self.is_char_boundary(idx)");
        }
        let rest = self.__copy(i, self.len());
        __str_bytes(self).truncate(i);
        self.push_str(s);
        self.push_str(&rest);
    }

    fn insert(&mut self, i: usize, c: char) {
        self.insert_str(i, &c.to_string());
    }

    fn remove(&mut self, i: usize) -> char {
        let n = self.len();
        if i >= n {
            panic!("cannot remove a char from the end of a string");
        }
        if !self.__is_char_boundary(i) {
            panic!("byte index {} is not a char boundary", i);
        }
        let c = __str_decode(&__str_bytes(self), i);
        let rest = self.__copy(i + c.len_utf8(), n);
        __str_bytes(self).truncate(i);
        self.push_str(&rest);
        c
    }

    // Rust's `split`, without the last piece when it is empty.
    fn split_terminator(&self, sep: &str) -> __Iter<String> {
        let mut parts: Vec<String> = self.split(sep).collect();
        if parts.len() > 0 && parts[parts.len() - 1].len() == 0 {
            parts.pop();
        }
        parts.into_iter()
    }

    fn __split_terminator_char(&self, c: char) -> __Iter<String> {
        self.split_terminator(&c.to_string())
    }

    fn rsplit(&self, sep: &str) -> __Iter<String> {
        let mut parts: Vec<String> = self.split(sep).collect();
        parts.reverse();
        parts.into_iter()
    }

    fn __rsplit_char(&self, c: char) -> __Iter<String> {
        self.rsplit(&c.to_string())
    }

    // At most `n` pieces, the last one the rest of the string.
    fn splitn(&self, n: usize, sep: &str) -> __Iter<String> {
        let mut out: Vec<String> = Vec::new();
        if n == 0 {
            return out.into_iter();
        }
        let mut start = 0;
        while out.len() + 1 < n {
            match self.__find_from(sep, start) {
                Some(i) => {
                    out.push(self.__slice(start, i));
                    start = i + sep.len();
                }
                None => break,
            }
        }
        out.push(self.__slice(start, self.len()));
        out.into_iter()
    }

    fn __splitn_char(&self, n: usize, c: char) -> __Iter<String> {
        self.splitn(n, &c.to_string())
    }

    fn truncate(&mut self, n: usize) {
        __str_bytes(self).truncate(n);
    }

    fn chars(&self) -> __Iter<char> {
        self.__chars_list().into_iter()
    }

    fn __chars_list(&self) -> Vec<char> {
        let b = __str_bytes(self);
        let mut out: Vec<char> = Vec::new();
        let mut i = 0;
        while i < b.len() {
            out.push(__str_decode(&b, i));
            i += __str_width(b[i]);
        }
        out
    }

    fn char_count(&self) -> usize {
        let b = __str_bytes(self);
        let mut n = 0;
        for x in b.iter() {
            if (*x & 0xC0) != 0x80 {
                n += 1;
            }
        }
        n
    }

    fn __cmp(&self, other: &str) -> i32 {
        let a = __str_bytes(self);
        let b = __str_bytes(other);
        let n = if a.len() < b.len() { a.len() } else { b.len() };
        let mut i = 0;
        while i < n {
            if a[i] != b[i] {
                return if a[i] < b[i] { -1 } else { 1 };
            }
            i += 1;
        }
        if a.len() < b.len() {
            -1
        } else if a.len() > b.len() {
            1
        } else {
            0
        }
    }

    fn __eq(&self, other: &str) -> bool {
        let a = __str_bytes(self);
        let b = __str_bytes(other);
        if a.len() != b.len() {
            return false;
        }
        let mut i = 0;
        while i < a.len() {
            if a[i] != b[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    fn __ne(&self, other: &str) -> bool {
        !self.__eq(other)
    }

    fn __lt(&self, other: &str) -> bool {
        self.__cmp(other) < 0
    }

    fn __le(&self, other: &str) -> bool {
        self.__cmp(other) <= 0
    }

    fn __gt(&self, other: &str) -> bool {
        self.__cmp(other) > 0
    }

    fn __ge(&self, other: &str) -> bool {
        self.__cmp(other) >= 0
    }

    // `a + b` moves `a`: it grows in place, as Rust's `String + &str` does.
    fn __add(&mut self, other: &str) -> String {
        self.push_str(other);
        self
    }

    fn __hash(&self) -> u64 {
        // FNV-1a.
        let mut h: u64 = 0xcbf29ce484222325;
        for b in __str_bytes(self).iter() {
            h = (h ^ (*b as u64)).wrapping_mul(0x100000001b3);
        }
        h
    }

    fn __find_from(&self, pat: &str, from: usize) -> Option<usize> {
        let h = __str_bytes(self);
        let p = __str_bytes(pat);
        if p.len() > h.len() {
            return None;
        }
        let mut i = from;
        while i + p.len() <= h.len() {
            let mut j = 0;
            while j < p.len() && h[i + j] == p[j] {
                j += 1;
            }
            if j == p.len() {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    fn find(&self, pat: &str) -> Option<usize> {
        self.__find_from(pat, 0)
    }

    fn contains(&self, pat: &str) -> bool {
        self.__find_from(pat, 0).is_some()
    }

    // The methods taking a pattern, for a `char` pattern.
    fn __find_char(&self, c: char) -> Option<usize> {
        self.find(&c.to_string())
    }

    fn __contains_char(&self, c: char) -> bool {
        self.contains(&c.to_string())
    }

    fn __starts_with_char(&self, c: char) -> bool {
        self.starts_with(&c.to_string())
    }

    fn __ends_with_char(&self, c: char) -> bool {
        self.ends_with(&c.to_string())
    }

    fn __split_char(&self, c: char) -> __Iter<String> {
        self.split(&c.to_string())
    }

    fn starts_with(&self, pat: &str) -> bool {
        let h = __str_bytes(self);
        let p = __str_bytes(pat);
        if p.len() > h.len() {
            return false;
        }
        let mut i = 0;
        while i < p.len() {
            if h[i] != p[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    fn ends_with(&self, pat: &str) -> bool {
        let h = __str_bytes(self);
        let p = __str_bytes(pat);
        if p.len() > h.len() {
            return false;
        }
        let off = h.len() - p.len();
        let mut i = 0;
        while i < p.len() {
            if h[off + i] != p[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    // `&s[start..end]`, with std's checks and messages, at the caller's position.
    #[track_caller]
    fn __slice(&self, start: usize, end: usize) -> String {
        self.__check_range(start, end);
        self.__copy(start, end)
    }

    // `s[a..b] == t[c..d]` once both are checked, without copying the parts.
    fn __slice_eq(&self, a: usize, b: usize, t: &String, c: usize, d: usize) -> bool {
        __vec_slice_eq(&__str_bytes(self), a, b, &__str_bytes(t), c, d)
    }

    // The checks of `&s[start..end]`, with std's messages.
    #[track_caller]
    fn __check_range(&self, start: usize, end: usize) {
        let b = __str_bytes(self);
        let n = b.len();
        let start_ok = start == n || (start < n && (b[start] & 0xC0) != 0x80);
        let end_ok = end == n || (end < n && (b[end] & 0xC0) != 0x80);
        if start > end || !start_ok || !end_ok {
            // std shows at most 256 bytes of the string, cut at a char boundary.
            let mut shown = n;
            let mut more = "";
            if n > 256 {
                shown = 256;
                while (b[shown] & 0xC0) == 0x80 {
                    shown -= 1;
                }
                more = "[...]";
            }
            let s = self.__copy(0, shown);
            if start > n {
                panic!("start byte index {} is out of bounds of `{}`{}", start, s, more);
            }
            if end > n {
                panic!("end byte index {} is out of bounds of `{}`{}", end, s, more);
            }
            if start > end {
                panic!("begin > end ({} > {}) when slicing `{}`{}", start, end, s, more);
            }
            let mut which = "start";
            let mut i = start;
            if start_ok {
                which = "end";
                i = end;
            }
            let mut c = i;
            while (b[c] & 0xC0) == 0x80 {
                c -= 1;
            }
            let ch = __str_decode(&b, c);
            let w = __str_width(b[c]);
            panic!(
                "{} byte index {} is not a char boundary; it is inside {:?} (bytes {}..{}) of `{}`{}",
                which,
                i,
                ch,
                c,
                c + w,
                s,
                more
            );
        }
    }

    // The bytes `start..end`, on char boundaries.
    fn __copy(&self, start: usize, end: usize) -> String {
        let b = __str_bytes(self);
        let mut out: Vec<u8> = Vec::with_capacity(end - start);
        let mut i = start;
        while i < end {
            out.push(b[i]);
            i += 1;
        }
        __str_from_bytes(out)
    }

    fn trim_start(&self) -> String {
        let b = __str_bytes(self);
        let mut i = 0;
        while i < b.len() && __is_whitespace(__str_decode(&b, i)) {
            i += __str_width(b[i]);
        }
        self.__slice(i, b.len())
    }

    fn trim_end(&self) -> String {
        let b = __str_bytes(self);
        let mut end = b.len();
        loop {
            if end == 0 {
                break;
            }
            let mut start = end - 1;
            while start > 0 && (b[start] & 0xC0) == 0x80 {
                start -= 1;
            }
            if !__is_whitespace(__str_decode(&b, start)) {
                break;
            }
            end = start;
        }
        self.__slice(0, end)
    }

    fn trim(&self) -> String {
        self.trim_start().trim_end()
    }

    fn split_whitespace(&self) -> __Iter<String> {
        let b = __str_bytes(self);
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < b.len() {
            while i < b.len() && __is_whitespace(__str_decode(&b, i)) {
                i += __str_width(b[i]);
            }
            if i >= b.len() {
                break;
            }
            let start = i;
            while i < b.len() && !__is_whitespace(__str_decode(&b, i)) {
                i += __str_width(b[i]);
            }
            out.push(self.__slice(start, i));
        }
        out.into_iter()
    }

    fn split(&self, sep: &str) -> __Iter<String> {
        let mut out: Vec<String> = Vec::new();
        let n = __str_bytes(self).len();
        let mut start = 0;
        if sep.len() == 0 {
            // Rust yields "" first and last, and every character between.
            out.push(String::new());
            for c in self.__chars_list().iter() {
                let mut s = String::new();
                s.push(*c);
                out.push(s);
            }
            out.push(String::new());
            return out.into_iter();
        }
        loop {
            match self.__find_from(sep, start) {
                Some(i) => {
                    out.push(self.__slice(start, i));
                    start = i + sep.len();
                }
                None => {
                    out.push(self.__slice(start, n));
                    return out.into_iter();
                }
            }
        }
    }

    // Every non-overlapping `from`, left to right, replaced by `to`; an
    // empty `from` matches before every character and at the end, as std's.
    fn replace(&self, from: &str, to: &str) -> String {
        let mut out = String::new();
        if from.len() == 0 {
            for c in self.__chars_list().iter() {
                out.push_str(to);
                out.push(*c);
            }
            out.push_str(to);
            return out;
        }
        let mut start = 0;
        loop {
            match self.__find_from(from, start) {
                Some(i) => {
                    out.push_str(&self.__copy(start, i));
                    out.push_str(to);
                    start = i + from.len();
                }
                None => {
                    out.push_str(&self.__copy(start, self.len()));
                    return out;
                }
            }
        }
    }

    fn __replace_char(&self, c: char, to: &str) -> String {
        self.replace(&c.to_string(), to)
    }

    fn strip_prefix(&self, prefix: &str) -> Option<String> {
        if self.starts_with(prefix) {
            Some(self.__copy(prefix.len(), self.len()))
        } else {
            None
        }
    }

    fn strip_suffix(&self, suffix: &str) -> Option<String> {
        if self.ends_with(suffix) {
            Some(self.__copy(0, self.len() - suffix.len()))
        } else {
            None
        }
    }

    fn split_once(&self, sep: &str) -> Option<(String, String)> {
        match self.find(sep) {
            Some(i) => Some((self.__copy(0, i), self.__copy(i + sep.len(), self.len()))),
            None => None,
        }
    }

    fn rfind(&self, pat: &str) -> Option<usize> {
        let mut found = None;
        let mut from = 0;
        while let Some(i) = self.__find_from(pat, from) {
            found = Some(i);
            from = i + 1;
            if from > self.len() {
                break;
            }
        }
        found
    }

    fn trim_start_matches(&self, pat: &str) -> String {
        let mut start = 0;
        if pat.len() > 0 {
            while self.__find_from(pat, start) == Some(start) {
                start += pat.len();
            }
        }
        self.__copy(start, self.len())
    }

    fn trim_end_matches(&self, pat: &str) -> String {
        let mut end = self.len();
        if pat.len() > 0 {
            while end >= pat.len() && self.__copy(end - pat.len(), end) == pat {
                end -= pat.len();
            }
        }
        self.__copy(0, end)
    }

    fn trim_matches(&self, pat: &str) -> String {
        self.trim_start_matches(pat).trim_end_matches(pat)
    }

    fn __strip_prefix_char(&self, c: char) -> Option<String> {
        self.strip_prefix(&c.to_string())
    }

    fn __strip_suffix_char(&self, c: char) -> Option<String> {
        self.strip_suffix(&c.to_string())
    }

    fn __split_once_char(&self, c: char) -> Option<(String, String)> {
        self.split_once(&c.to_string())
    }

    fn __rfind_char(&self, c: char) -> Option<usize> {
        self.rfind(&c.to_string())
    }

    fn __trim_start_matches_char(&self, c: char) -> String {
        self.trim_start_matches(&c.to_string())
    }

    fn __trim_end_matches_char(&self, c: char) -> String {
        self.trim_end_matches(&c.to_string())
    }

    fn __trim_matches_char(&self, c: char) -> String {
        self.trim_matches(&c.to_string())
    }

    fn char_indices(&self) -> __Iter<(usize, char)> {
        let b = __str_bytes(self);
        let mut out: Vec<(usize, char)> = Vec::new();
        let mut i = 0;
        while i < b.len() {
            out.push((i, __str_decode(&b, i)));
            i += __str_width(b[i]);
        }
        out.into_iter()
    }

    fn eq_ignore_ascii_case(&self, other: &str) -> bool {
        self.to_ascii_lowercase() == other.to_ascii_lowercase()
    }

    fn lines(&self) -> __Iter<String> {
        let b = __str_bytes(self);
        let mut out: Vec<String> = Vec::new();
        let mut start = 0;
        let mut i = 0;
        while i < b.len() {
            if b[i] == 10 {
                let end = if i > start && b[i - 1] == 13 { i - 1 } else { i };
                out.push(self.__slice(start, end));
                start = i + 1;
            }
            i += 1;
        }
        // The last line keeps a bare `\r`: only `\r\n` is a line ending.
        if start < b.len() {
            out.push(self.__slice(start, b.len()));
        }
        out.into_iter()
    }

    fn repeat(&self, n: usize) -> String {
        let mut out = String::new();
        let mut i = 0;
        while i < n {
            out.push_str(self);
            i += 1;
        }
        out
    }

    fn to_uppercase(&self) -> String {
        __str_convert(self, 0)
    }

    fn to_lowercase(&self) -> String {
        __str_convert(self, 1)
    }

    fn to_ascii_uppercase(&self) -> String {
        let mut out: Vec<u8> = Vec::new();
        for b in __str_bytes(self).iter() {
            out.push(if *b >= 97 && *b <= 122 { *b - 32 } else { *b });
        }
        __str_from_bytes(out)
    }

    fn to_ascii_lowercase(&self) -> String {
        let mut out: Vec<u8> = Vec::new();
        for b in __str_bytes(self).iter() {
            out.push(if *b >= 65 && *b <= 90 { *b + 32 } else { *b });
        }
        __str_from_bytes(out)
    }

    // Rust's `from_str` of the integer type whose range is `min..=max`:
    // an optional sign (`-` only if signed), then decimal digits.
    fn __parse_i64(&self, min: i64, max: i64, signed: bool) -> Result<i64, ParseIntError> {
        let b = __str_bytes(self);
        if b.len() == 0 {
            return Err(ParseIntError { kind: IntErrorKind::Empty });
        }
        let mut i = 0;
        let mut neg = false;
        if b[0] == 43 || (b[0] == 45 && signed) {
            neg = b[0] == 45;
            i = 1;
        }
        if i == b.len() {
            return Err(ParseIntError { kind: IntErrorKind::InvalidDigit });
        }
        let overflow = if neg { IntErrorKind::NegOverflow } else { IntErrorKind::PosOverflow };
        let mut v: i64 = 0;
        while i < b.len() {
            let d = b[i];
            if d < 48 || d > 57 {
                return Err(ParseIntError { kind: IntErrorKind::InvalidDigit });
            }
            let digit = (d - 48) as i64;
            let next = match v.checked_mul(10) {
                Some(x) => x,
                None => return Err(ParseIntError { kind: overflow }),
            };
            v = match if neg { next.checked_sub(digit) } else { next.checked_add(digit) } {
                Some(x) => x,
                None => return Err(ParseIntError { kind: overflow }),
            };
            if v < min || v > max {
                return Err(ParseIntError { kind: overflow });
            }
            i += 1;
        }
        Ok(v)
    }

    // The same for an unsigned type whose maximum is `max` (`-` is a digit
    // error, as in std).
    fn __parse_u64(&self, max: u64) -> Result<u64, ParseIntError> {
        let b = __str_bytes(self);
        if b.len() == 0 {
            return Err(ParseIntError { kind: IntErrorKind::Empty });
        }
        let mut i = 0;
        if b[0] == 43 {
            i = 1;
        }
        if i == b.len() {
            return Err(ParseIntError { kind: IntErrorKind::InvalidDigit });
        }
        let mut v: u64 = 0;
        while i < b.len() {
            let d = b[i];
            if d < 48 || d > 57 {
                return Err(ParseIntError { kind: IntErrorKind::InvalidDigit });
            }
            let next = match v.checked_mul(10) {
                Some(x) => x,
                None => return Err(ParseIntError { kind: IntErrorKind::PosOverflow }),
            };
            v = match next.checked_add((d - 48) as u64) {
                Some(x) => x,
                None => return Err(ParseIntError { kind: IntErrorKind::PosOverflow }),
            };
            if v > max {
                return Err(ParseIntError { kind: IntErrorKind::PosOverflow });
            }
            i += 1;
        }
        Ok(v)
    }

    fn __parse_f64(&self) -> Result<f64, ParseFloatError> {
        match __str_parse_f64_status(self) {
            0 => Ok(__str_parse_f64(self)),
            1 => Err(ParseFloatError { kind: FloatErrorKind::Empty }),
            _ => Err(ParseFloatError { kind: FloatErrorKind::Invalid }),
        }
    }
}

fn __str_width(first: u8) -> usize {
    if first < 0x80 {
        1
    } else if first < 0xE0 {
        2
    } else if first < 0xF0 {
        3
    } else {
        4
    }
}

// The character whose UTF-8 encoding starts at `b[i]`.
fn __str_decode(b: &Vec<u8>, i: usize) -> char {
    let x = b[i] as u32;
    if x < 0x80 {
        return x as char;
    }
    if x < 0xE0 {
        return (((x & 0x1F) << 6) | (b[i + 1] as u32 & 0x3F)) as char;
    }
    if x < 0xF0 {
        return (((x & 0x0F) << 12) | ((b[i + 1] as u32 & 0x3F) << 6) | (b[i + 2] as u32 & 0x3F)) as char;
    }
    (((x & 0x07) << 18) | ((b[i + 1] as u32 & 0x3F) << 12) | ((b[i + 2] as u32 & 0x3F) << 6) | (b[i + 3] as u32 & 0x3F))
        as char
}

// `.collect()` of chars or strings into a `String` (see `typeck`).
fn __collect_chars(v: __Iter<char>) -> String {
    let mut s = String::new();
    for c in v {
        s.push(*c);
    }
    s
}

fn __collect_strs(v: __Iter<String>) -> String {
    let mut s = String::new();
    for x in v {
        s.push_str(x);
    }
    s
}

// `char::is_whitespace`: Unicode's White_Space property.
fn __is_whitespace(c: char) -> bool {
    let x = c as u32;
    (x >= 9 && x <= 13)
        || x == 32
        || x == 0x85
        || x == 0xA0
        || x == 0x1680
        || (x >= 0x2000 && x <= 0x200A)
        || x == 0x2028
        || x == 0x2029
        || x == 0x202F
        || x == 0x205F
        || x == 0x3000
}

// `x.to_string()` of a number, `bool` or `char`.
fn __to_string<T>(x: T) -> String {
    format!("{}", x)
}

// `s.parse::<T>()` of an integer type `T` (see `FnBuilder::parse`).
fn __parse_int<T>(s: &str, min: i64, max: u64, signed: bool) -> Result<T, ParseIntError> {
    if signed {
        match s.__parse_i64(min, max as i64, true) {
            Ok(v) => Ok(v as T),
            Err(e) => Err(e),
        }
    } else {
        match s.__parse_u64(max) {
            Ok(v) => Ok(v as T),
            Err(e) => Err(e),
        }
    }
}

// The errors of `parse`, with std's names so that `{:?}` prints the same.
#[derive(Debug, Clone, Copy, PartialEq)]
enum IntErrorKind {
    Empty,
    InvalidDigit,
    PosOverflow,
    NegOverflow,
}

#[derive(Debug, Clone, PartialEq)]
struct ParseIntError {
    kind: IntErrorKind,
}

impl ParseIntError {
    fn to_string(&self) -> String {
        match self.kind {
            IntErrorKind::Empty => "cannot parse integer from empty string".to_string(),
            IntErrorKind::InvalidDigit => "invalid digit found in string".to_string(),
            IntErrorKind::PosOverflow => "number too large to fit in target type".to_string(),
            IntErrorKind::NegOverflow => "number too small to fit in target type".to_string(),
        }
    }

    // `{}` of the error (see `typeck`'s `format_arg` rewriting).
    fn __display(&self, buf: &mut String) {
        buf.push_str(&self.to_string());
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum FloatErrorKind {
    Empty,
    Invalid,
}

#[derive(Debug, Clone, PartialEq)]
struct ParseFloatError {
    kind: FloatErrorKind,
}

impl ParseFloatError {
    fn to_string(&self) -> String {
        match self.kind {
            FloatErrorKind::Empty => "cannot parse float from empty string".to_string(),
            FloatErrorKind::Invalid => "invalid float literal".to_string(),
        }
    }

    fn __display(&self, buf: &mut String) {
        buf.push_str(&self.to_string());
    }
}
