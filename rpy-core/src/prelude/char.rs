// The methods of `char` and `u8` (std's ASCII and Unicode classes), in the
// dialect. The ASCII ones are comparisons; the Unicode ones ask std's
// tables, in the runtime (`__char_class`), after an ASCII fast path.

impl char {
    fn is_ascii(&self) -> bool {
        (*self as u32) < 128
    }

    fn is_ascii_digit(&self) -> bool {
        *self >= '0' && *self <= '9'
    }

    fn is_ascii_hexdigit(&self) -> bool {
        self.is_ascii_digit() || (*self >= 'a' && *self <= 'f') || (*self >= 'A' && *self <= 'F')
    }

    fn is_ascii_uppercase(&self) -> bool {
        *self >= 'A' && *self <= 'Z'
    }

    fn is_ascii_lowercase(&self) -> bool {
        *self >= 'a' && *self <= 'z'
    }

    fn is_ascii_alphabetic(&self) -> bool {
        self.is_ascii_uppercase() || self.is_ascii_lowercase()
    }

    fn is_ascii_alphanumeric(&self) -> bool {
        self.is_ascii_alphabetic() || self.is_ascii_digit()
    }

    fn is_ascii_whitespace(&self) -> bool {
        *self == ' ' || *self == '\t' || *self == '\n' || *self == '\x0C' || *self == '\r'
    }

    fn is_ascii_punctuation(&self) -> bool {
        (*self >= '!' && *self <= '/')
            || (*self >= ':' && *self <= '@')
            || (*self >= '[' && *self <= '`')
            || (*self >= '{' && *self <= '~')
    }

    fn is_ascii_graphic(&self) -> bool {
        *self >= '!' && *self <= '~'
    }

    fn is_ascii_control(&self) -> bool {
        (*self as u32) < 32 || *self == '\x7F'
    }

    fn to_ascii_uppercase(&self) -> char {
        if self.is_ascii_lowercase() {
            ((*self as u8) - 32) as char
        } else {
            *self
        }
    }

    fn to_ascii_lowercase(&self) -> char {
        if self.is_ascii_uppercase() {
            ((*self as u8) + 32) as char
        } else {
            *self
        }
    }

    fn eq_ignore_ascii_case(&self, other: &char) -> bool {
        self.to_ascii_lowercase() == other.to_ascii_lowercase()
    }

    fn to_digit(&self, radix: u32) -> Option<u32> {
        let c = *self as u32;
        let d = if c >= 48 && c <= 57 {
            c - 48
        } else if c >= 97 && c <= 122 {
            c - 87
        } else if c >= 65 && c <= 90 {
            c - 55
        } else {
            return None;
        };
        if d < radix {
            Some(d)
        } else {
            None
        }
    }

    fn is_digit(&self, radix: u32) -> bool {
        self.to_digit(radix).is_some()
    }

    fn len_utf8(&self) -> usize {
        let c = *self as u32;
        if c < 0x80 {
            1
        } else if c < 0x800 {
            2
        } else if c < 0x10000 {
            3
        } else {
            4
        }
    }

    fn is_whitespace(&self) -> bool {
        __is_whitespace(*self)
    }

    fn is_alphabetic(&self) -> bool {
        __char_is(*self, self.is_ascii_alphabetic(), 0)
    }

    fn is_alphanumeric(&self) -> bool {
        __char_is(*self, self.is_ascii_alphanumeric(), 1)
    }

    fn is_numeric(&self) -> bool {
        __char_is(*self, self.is_ascii_digit(), 2)
    }

    fn is_uppercase(&self) -> bool {
        __char_is(*self, self.is_ascii_uppercase(), 3)
    }

    fn is_lowercase(&self) -> bool {
        __char_is(*self, self.is_ascii_lowercase(), 4)
    }

    fn is_control(&self) -> bool {
        __char_is(*self, self.is_ascii_control(), 5)
    }

    fn from_digit(num: u32, radix: u32) -> Option<char> {
        if num >= radix {
            None
        } else if num < 10 {
            Some((48 + num) as u8 as char)
        } else {
            Some((87 + num) as u8 as char)
        }
    }

    fn from_u32(i: u32) -> Option<char> {
        if i > 0x10FFFF || (i >= 0xD800 && i <= 0xDFFF) {
            None
        } else {
            Some(i as char)
        }
    }
}

// Whether `c` is of the Unicode class `kind` (see `rpy_char_class`), given
// the answer for ASCII characters, which needs no table.
fn __char_is(c: char, ascii: bool, kind: i64) -> bool {
    if c.is_ascii() {
        ascii
    } else {
        __char_class(c, kind) != 0
    }
}

impl u8 {
    fn is_ascii(&self) -> bool {
        *self < 128
    }

    fn is_ascii_digit(&self) -> bool {
        *self >= b'0' && *self <= b'9'
    }

    fn is_ascii_hexdigit(&self) -> bool {
        (*self as char).is_ascii_hexdigit()
    }

    fn is_ascii_uppercase(&self) -> bool {
        *self >= b'A' && *self <= b'Z'
    }

    fn is_ascii_lowercase(&self) -> bool {
        *self >= b'a' && *self <= b'z'
    }

    fn is_ascii_alphabetic(&self) -> bool {
        self.is_ascii_uppercase() || self.is_ascii_lowercase()
    }

    fn is_ascii_alphanumeric(&self) -> bool {
        self.is_ascii_alphabetic() || self.is_ascii_digit()
    }

    fn is_ascii_whitespace(&self) -> bool {
        (*self as char).is_ascii_whitespace()
    }

    fn is_ascii_punctuation(&self) -> bool {
        (*self as char).is_ascii_punctuation()
    }

    fn is_ascii_graphic(&self) -> bool {
        *self >= b'!' && *self <= b'~'
    }

    fn is_ascii_control(&self) -> bool {
        *self < 32 || *self == 127
    }

    fn to_ascii_uppercase(&self) -> u8 {
        if self.is_ascii_lowercase() {
            *self - 32
        } else {
            *self
        }
    }

    fn to_ascii_lowercase(&self) -> u8 {
        if self.is_ascii_uppercase() {
            *self + 32
        } else {
            *self
        }
    }

    fn eq_ignore_ascii_case(&self, other: &u8) -> bool {
        self.to_ascii_lowercase() == other.to_ascii_lowercase()
    }
}
