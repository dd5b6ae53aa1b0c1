//! Size classes of small objects and the layout of a block of each class.
//!
//! The table is part of the allocation contract: the backend computes
//! `size_class(size)` and `class_size(class)` at translation time and inlines
//! the bump allocation on `rpy_gc_alloc_state.runs[class]` (see `gc` docs).
//!
//! | classes | sizes (bytes)        | step |
//! |---------|----------------------|------|
//! | 0–15    | 8, 16, …, 128        | 8    |
//! | 16–23   | 144, 160, …, 256     | 16   |
//! | 24–31   | 288, 320, …, 512     | 32   |
//! | 32–39   | 576, 640, …, 1024    | 64   |
//! | 40–47   | 1152, 1280, …, 2048  | 128  |
//! | 48–55   | 2304, 2560, …, 4096  | 256  |
//! | 56–63   | 4608, 5120, …, 8192  | 512  |
//!
//! Exact multiples of 8 up to 128 bytes (most objects: instances, cons-like
//! cells, short strings) waste nothing; above that, eight classes per power
//! of two bound internal fragmentation by 12.5%. Objects larger than
//! [`SMALL_MAX`] are large objects, allocated individually.

/// The largest small object; larger ones are large objects.
pub const SMALL_MAX: usize = 8192;
/// Number of size classes.
pub const NUM_SIZE_CLASSES: usize = 64;
/// What [`size_class`] returns for a size above [`SMALL_MAX`].
pub const LARGE_CLASS: usize = NUM_SIZE_CLASSES;

/// Size and alignment of a block (256 KiB). A pointer into a block finds the
/// block's header by masking off the low bits.
pub const BLOCK_SIZE: usize = 1 << 18;

/// The size class of an object of `size` bytes (rounded up to its class's
/// slot size), or [`LARGE_CLASS`] if `size > SMALL_MAX`.
pub const fn size_class(size: usize) -> usize {
    if size <= 128 {
        if size == 0 {
            0
        } else {
            size.div_ceil(8) - 1
        }
    } else if size <= SMALL_MAX {
        // size is in (2^k, 2^(k+1)] with 7 <= k <= 12; eight classes of
        // 2^(k-3) bytes each cover that range.
        let k = (usize::BITS - 1 - (size - 1).leading_zeros()) as usize;
        16 + (k - 7) * 8 + (((size - 1) - (1 << k)) >> (k - 3))
    } else {
        LARGE_CLASS
    }
}

/// The slot size of class `class` (`class < NUM_SIZE_CLASSES`): the number
/// of bytes a bump allocation in that class advances by.
pub const fn class_size(class: usize) -> usize {
    if class < 16 {
        (class + 1) * 8
    } else {
        let k = (class - 16) / 8 + 7;
        (1 << k) + ((class - 16) % 8 + 1) * (1 << (k - 3))
    }
}

/// All slot sizes, indexed by class.
pub const CLASS_SIZES: [usize; NUM_SIZE_CLASSES] = {
    let mut t = [0; NUM_SIZE_CLASSES];
    let mut c = 0;
    while c < NUM_SIZE_CLASSES {
        t[c] = class_size(c);
        c += 1;
    }
    t
};

/// The sizes compiled code allocates inline, whatever the class: up to
/// this, [`CLASS_BY_EIGHTHS`] gives the class.
pub const INLINE_MAX: usize = 1024;

/// The class of sizes `8 * i + 1 ..= 8 * i + 8` (one class: classes above
/// 128 bytes are 16 bytes apart or more), for sizes up to [`INLINE_MAX`].
pub static CLASS_BY_EIGHTHS: [u8; INLINE_MAX / 8] = {
    let mut t = [0; INLINE_MAX / 8];
    let mut i = 0;
    while i < INLINE_MAX / 8 {
        t[i] = size_class(8 * i + 1) as u8;
        i += 1;
    }
    t
};

/// [`CLASS_SIZES`] where compiled code reads it.
pub static CLASS_SLOTS: [u64; NUM_SIZE_CLASSES] = {
    let mut t = [0; NUM_SIZE_CLASSES];
    let mut c = 0;
    while c < NUM_SIZE_CLASSES {
        t[c] = CLASS_SIZES[c] as u64;
        c += 1;
    }
    t
};

/// Bytes of a block's header before its mark bitmap.
pub(crate) const BLOCK_HEADER: usize = 64;

/// Where things are in a block of one class.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClassLayout {
    /// Slot size in bytes.
    pub slot: u32,
    /// Number of slots.
    pub nslots: u32,
    /// Offset of slot 0 from the block's start (after the header and bitmap).
    pub data_start: u32,
    /// Number of `u64` words of the mark bitmap (at offset `BLOCK_HEADER`).
    pub mark_words: u32,
    /// `ceil(2^32 / slot)`: `(offset * recip) >> 32 == offset / slot` for
    /// every offset inside a block, since `offset * slot < 2^32`.
    pub recip: u32,
}

const fn layout(class: usize) -> ClassLayout {
    let slot = class_size(class);
    // Each slot needs `slot` bytes and one mark bit.
    let guess = (BLOCK_SIZE - BLOCK_HEADER) * 8 / (8 * slot + 1);
    let mark_words = guess.div_ceil(64);
    // Cache-line align the first slot.
    let data_start = (BLOCK_HEADER + mark_words * 8).next_multiple_of(64);
    let mut nslots = (BLOCK_SIZE - data_start) / slot;
    if nslots > mark_words * 64 {
        nslots = mark_words * 64;
    }
    ClassLayout {
        slot: slot as u32,
        nslots: nslots as u32,
        data_start: data_start as u32,
        mark_words: mark_words as u32,
        recip: ((1u64 << 32).div_ceil(slot as u64)) as u32,
    }
}

pub(crate) const LAYOUTS: [ClassLayout; NUM_SIZE_CLASSES] = {
    let mut t = [ClassLayout { slot: 0, nslots: 0, data_start: 0, mark_words: 0, recip: 0 }; NUM_SIZE_CLASSES];
    let mut c = 0;
    while c < NUM_SIZE_CLASSES {
        t[c] = layout(c);
        c += 1;
    }
    t
};

// The reciprocal trick needs every in-block offset times the slot size to fit
// in 32 bits.
const _: () = assert!(BLOCK_SIZE * SMALL_MAX < 1 << 32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cover_every_small_size_tightly() {
        assert_eq!(size_class(0), 0);
        for size in 1..=SMALL_MAX {
            let c = size_class(size);
            assert!(c < NUM_SIZE_CLASSES, "size {size}");
            assert!(class_size(c) >= size, "size {size} class {c}");
            if c > 0 {
                assert!(class_size(c - 1) < size, "size {size} class {c} is not the smallest");
            }
        }
        assert_eq!(size_class(SMALL_MAX + 1), LARGE_CLASS);
        assert_eq!(CLASS_SIZES[NUM_SIZE_CLASSES - 1], SMALL_MAX);
        for size in 1..=INLINE_MAX {
            assert_eq!(CLASS_BY_EIGHTHS[(size - 1) / 8] as usize, size_class(size), "size {size}");
        }
        for c in 0..NUM_SIZE_CLASSES {
            assert_eq!(size_class(class_size(c)), c);
            assert_eq!(class_size(c) % 8, 0);
        }
    }

    #[test]
    fn block_layouts_fit_and_reciprocals_divide_exactly() {
        for (c, l) in LAYOUTS.iter().enumerate() {
            let (slot, n, start) = (l.slot as usize, l.nslots as usize, l.data_start as usize);
            assert!(BLOCK_HEADER + l.mark_words as usize * 8 <= start, "class {c}");
            assert!(start + n * slot <= BLOCK_SIZE, "class {c}");
            assert!(n <= l.mark_words as usize * 64, "class {c}");
            // Little space is left unused at the end.
            assert!(BLOCK_SIZE - (start + n * slot) < slot + 64 * 9, "class {c}");
            for i in 0..n {
                for off in [i * slot, i * slot + slot - 1] {
                    assert_eq!(((off as u64 * l.recip as u64) >> 32) as usize, i, "class {c} offset {off}");
                }
            }
        }
    }
}
