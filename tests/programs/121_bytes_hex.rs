// Bytes: b"..." and b'x' literals, as_bytes, bytes(), u8 arithmetic, a hex dump with {:02x}/{:x}/{:X}, Adler-32 and FNV-1a over bytes, u8 and char ASCII methods
// call: hexdump(0)
// expect: "52 70 79 0a 00 ff | Rpy..."
// call: checksums(3)
// expect: (300286872, 11831194018420276491, 3)
// call: caesar(3)
// expect: "Khoor, Zruog! 123"

fn hex_byte(b: u8) -> String {
    format!("{:02x}", b)
}

pub fn hexdump(skip: usize) -> String {
    let data: Vec<u8> = vec![b'R', b'p', b'y', b'\n', 0, 255];
    let mut out = String::new();
    for i in skip..data.len() {
        if i > skip {
            out.push(' ');
        }
        out.push_str(&hex_byte(data[i]));
    }
    out.push_str(" | ");
    for b in &data[skip..] {
        let c = *b;
        if c >= b' ' && c < 127 {
            out.push(c as char);
        } else {
            out.push('.');
        }
    }
    out
}

fn adler32(data: &[u8]) -> u32 {
    let mut a: u32 = 1;
    let mut b: u32 = 0;
    for x in data {
        a = (a + *x as u32) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

fn fnv1a(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for x in data {
        h ^= *x as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

pub fn checksums(n: usize) -> (u32, u64, usize) {
    let text = "Wikipedia";
    let a = adler32(text.as_bytes());
    let f = fnv1a(b"hello");
    let mut count = 0;
    for b in "a1b22c333".bytes() {
        if b.is_ascii_digit() && (b - b'0') as usize == n {
            count += 1;
        }
    }
    (a, f, count)
}

pub fn caesar(shift: u8) -> String {
    let mut out = String::new();
    for b in "Hello, World! 123".bytes() {
        let c = if b.is_ascii_lowercase() {
            (b - b'a' + shift) % 26 + b'a'
        } else if b.is_ascii_uppercase() {
            (b - b'A' + shift) % 26 + b'A'
        } else {
            b
        };
        out.push(c as char);
    }
    out
}

// Byte string literals: prebuilt (read-only) when UTF-8, a list otherwise; `*b"..."` is a writable array of its own
// call: byte_strings(2)
// expect: (true, false, 3, 255, "xbc", "abc", 4)
pub fn byte_strings(k: usize) -> (bool, bool, usize, u8, String, String, usize) {
    let ops = b"+-<>";
    let has = ops.contains(&b'<');
    let not = ops.contains(&b'x');
    let raw = b"\xff\x01\x02";
    let mut arr = *b"abc";
    arr[0] = b'x';
    let mut s = String::new();
    for b in &arr {
        s.push(*b as char);
    }
    let mut t = String::new();
    for b in b"abc" {
        t.push(*b as char);
    }
    (has, not, raw.len(), raw[0], s, t, ops.len() + k - 2)
}
