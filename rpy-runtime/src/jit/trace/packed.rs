//! Snapshots packed into bytes, as compiled code keeps them (RPython
//! compresses its resume data likewise): a guard's snapshot is read only
//! when the guard fails or a bridge is traced from it, so it is kept as
//! LEB128 numbers, a few bytes a value, and unpacked then.
//!
//! A value is one number whose low two bits tell a variable (0, its
//! number above them) from a constant (its kind plus one), the constant's
//! bits following (an integer zigzagged, so small negatives are short).

use super::{FrameSnapshot, Known, LazyArray, Piece, Snapshot, Store, Value, VirtualObject};
use rpy_jitcode::encode::{Reader, Writer};
use rpy_jitcode::Kind;
use std::rc::Rc;

/// The snapshots of a code's guards, in order.
#[derive(Debug, Default)]
pub struct Snapshots {
    bytes: Vec<u8>,
    /// Where each snapshot starts in `bytes`.
    starts: Vec<u32>,
}

impl Snapshots {
    pub fn pack<'a>(snapshots: impl IntoIterator<Item = &'a Snapshot>) -> Snapshots {
        let mut w = Writer::default();
        let mut starts = Vec::new();
        for s in snapshots {
            starts.push(w.0.len() as u32);
            snapshot(&mut w, s);
        }
        let mut bytes = w.0;
        bytes.shrink_to_fit();
        Snapshots { bytes, starts }
    }

    /// Snapshot `k`, unpacked.
    pub fn get(&self, k: usize) -> Snapshot {
        let mut r = Reader::new(&self.bytes[self.starts[k] as usize..]);
        unpack(&mut r).expect("rpy JIT: a packed snapshot reads back")
    }

    /// The memory they take.
    pub fn size(&self) -> usize {
        self.bytes.len() + 4 * self.starts.len()
    }
}

fn snapshot(w: &mut Writer, s: &Snapshot) {
    w.u(s.frames.len() as u64);
    for f in &s.frames {
        w.u(f.jitcode as u64);
        w.u(f.pc as u64);
        w.u(f.live.len() as u64);
        for (r, v) in &f.live {
            w.reg(*r);
            value(w, v);
        }
    }
    w.u(s.virtuals.len() as u64);
    for o in &s.virtuals {
        w.u(o.var as u64);
        w.u(o.size as u64);
        w.u(o.length.map_or(0, |n| n + 1));
        w.u(o.fields.len() as u64);
        for (d, v) in &o.fields {
            w.u(*d as u64);
            value(w, v);
        }
    }
    w.u(s.arrays.len() as u64);
    for a in &s.arrays {
        w.u(a.var as u64);
        w.u(a.descr as u64);
        value(w, &a.length);
        w.u(a.pieces.len() as u64);
        for p in &a.pieces {
            [p.src, p.start, p.at, p.n].iter().for_each(|v| value(w, v));
            w.u(p.call as u64);
        }
    }
    for stores in [&s.pending, &s.known.stores] {
        w.u(stores.len() as u64);
        for p in stores {
            value(w, &p.obj);
            match &p.index {
                None => w.u(0),
                Some(i) => {
                    w.u(1);
                    value(w, i);
                }
            }
            w.u(p.descr as u64);
            value(w, &p.value);
        }
    }
    w.u(s.known.ranges.len() as u64);
    for (v, lo, hi) in &s.known.ranges {
        value(w, v);
        w.i(*lo);
        w.i(*hi);
    }
}

fn value(w: &mut Writer, v: &Value) {
    match *v {
        Value::Var(n) => w.u((n as u64) << 2),
        Value::Const(x, k) => {
            w.u(k as u64 + 1);
            match k {
                Kind::Int => w.i(x as i64),
                Kind::Ref | Kind::Float => w.u(x),
            }
        }
    }
}

type R<T> = Result<T, String>;

fn unpack(r: &mut Reader) -> R<Snapshot> {
    let frames = (0..r.len()?)
        .map(|_| {
            let (jitcode, pc) = (r.u32()?, r.u32()?);
            let live = (0..r.len()?).map(|_| Ok((r.reg()?, read_value(r)?))).collect::<R<_>>()?;
            Ok(Rc::new(FrameSnapshot { jitcode, pc, live }))
        })
        .collect::<R<_>>()?;
    let virtuals = (0..r.len()?)
        .map(|_| {
            let (var, size) = (r.u32()?, r.u32()?);
            let length = r.u()?.checked_sub(1);
            let fields = (0..r.len()?).map(|_| Ok((r.u32()?, read_value(r)?))).collect::<R<_>>()?;
            Ok(VirtualObject { var, size, length, fields })
        })
        .collect::<R<_>>()?;
    let arrays = (0..r.len()?)
        .map(|_| {
            let (var, descr, length) = (r.u32()?, r.u32()?, read_value(r)?);
            let pieces = (0..r.len()?)
                .map(|_| {
                    let (src, start, at, n) = (read_value(r)?, read_value(r)?, read_value(r)?, read_value(r)?);
                    Ok(Piece { src, start, at, n, call: r.u32()? })
                })
                .collect::<R<_>>()?;
            Ok(LazyArray { var, descr, length, pieces })
        })
        .collect::<R<_>>()?;
    let (pending, stores) = (stores(r)?, stores(r)?);
    let ranges = (0..r.len()?).map(|_| Ok((read_value(r)?, r.i()?, r.i()?))).collect::<R<_>>()?;
    Ok(Snapshot { frames, virtuals, arrays, pending, known: Known { stores, ranges } })
}

fn stores(r: &mut Reader) -> R<Vec<Store>> {
    (0..r.len()?)
        .map(|_| {
            let obj = read_value(r)?;
            let index = if r.u()? == 0 { None } else { Some(read_value(r)?) };
            Ok(Store { obj, index, descr: r.u32()?, value: read_value(r)? })
        })
        .collect()
}

fn read_value(r: &mut Reader) -> R<Value> {
    let v = r.u()?;
    let tag = v & 3;
    if tag == 0 {
        return Ok(Value::Var(u32::try_from(v >> 2).map_err(|_| "a variable's number is out of range")?));
    }
    let k = Kind::ALL[tag as usize - 1];
    let x = match k {
        Kind::Int => r.i()? as u64,
        Kind::Ref | Kind::Float => r.u()?,
    };
    Ok(Value::Const(x, k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rpy_jitcode::Reg;

    /// Every part of a snapshot, and constants of every kind at their
    /// extremes, read back as they were.
    #[test]
    fn snapshots_read_back_as_they_were() {
        let int = |x: i64| Value::Const(x as u64, Kind::Int);
        let reg = |kind, index| Reg { kind, index };
        let full = Snapshot {
            frames: vec![
                Rc::new(FrameSnapshot { jitcode: 3, pc: 70000, live: vec![(reg(Kind::Int, 0), Value::Var(0))] }),
                Rc::new(FrameSnapshot {
                    jitcode: 0,
                    pc: 1,
                    live: vec![
                        (reg(Kind::Int, 9), int(i64::MIN)),
                        (reg(Kind::Int, 10), int(-1)),
                        (reg(Kind::Ref, 2), Value::Const(0x7f00_dead_beef, Kind::Ref)),
                        (reg(Kind::Float, 1), Value::Const((-0.5f64).to_bits(), Kind::Float)),
                        (reg(Kind::Ref, 3), Value::Var(u32::MAX)),
                    ],
                }),
            ],
            virtuals: vec![
                VirtualObject { var: 7, size: 4, length: None, fields: vec![(5, Value::Var(1)), (6, int(2))] },
                VirtualObject { var: 8, size: 9, length: Some(0), fields: vec![] },
            ],
            arrays: vec![LazyArray {
                var: 11,
                descr: 19,
                length: Value::Var(2),
                pieces: vec![
                    Piece { src: Value::Var(3), start: int(0), at: int(0), n: Value::Var(4), call: 20 },
                    Piece { src: Value::Var(5), start: int(2), at: Value::Var(4), n: int(u64::MAX as i64), call: 20 },
                ],
            }],
            pending: vec![
                Store { obj: Value::Var(0), index: None, descr: 1, value: Value::Var(7) },
                Store { obj: Value::Var(11), index: Some(int(3)), descr: 19, value: int(i64::MAX) },
            ],
            known: Known {
                stores: vec![Store {
                    obj: Value::Var(0),
                    index: Some(Value::Var(2)),
                    descr: 21,
                    value: Value::Var(30),
                }],
                ranges: vec![(Value::Var(30), i64::MIN, -1)],
            },
        };
        let empty = Snapshot::default();
        let packed = Snapshots::pack([&full, &empty, &full]);
        assert_eq!((packed.get(0), packed.get(1), packed.get(2)), (full.clone(), empty, full));
        // (About 130 bytes each: its 45 values, seven of them 8- to 10-byte constants.)
        assert!(packed.size() < 300, "{} bytes", packed.size());
    }
}
