// promote of a short-lived object: every run makes a new shape, which the loop promotes (a guard on its address) and folds reads of through an elidable function; the shape is dropped after the run and garbage of its size follows, so the next run's shape may take its memory, and must not pass the guard made for the dead one
// call: run(100)
// expect: runs to 9: 930 1890 2850 3810 4770 1080 2040 3000 3960 4920
// expect: runs to 19: 1230 2190 3150 4110 5070 1380 2340 3300 4260 5220
// expect: runs to 29: 1530 2490 3450 4410 5370 1680 2640 3600 4560 5520
// expect: runs to 39: 1830 2790 3750 4710 5670 1980 2940 3900 4860 5820
// expect: runs to 49: 2130 3090 4050 5010 5970 2280 3240 4200 5160 6120
// expect: runs to 59: 2430 3390 4350 5310 6270 2580 3540 4500 5460 6420
// expect: runs to 69: 2730 3690 4650 5610 6570 2880 3840 4800 5760 6720
// expect: runs to 79: 3030 3990 4950 5910 6870 3180 4140 5100 6060 7020
// expect: runs to 89: 3330 4290 5250 6210 7170 3480 4440 5400 6360 7320
// expect: runs to 99: 3630 4590 5550 6510 7470 3780 4740 5700 6660 7620
// expect: 427500

use rpython::jit::{elidable, jit_merge_point, promote, JitDriver};

static DRIVER: JitDriver = JitDriver::new(&["pc", "code"], &["m"]);

#[derive(Clone, Copy, PartialEq)]
enum Ins {
    Set(usize, i64),
    Scale(usize),
    Dec(usize),
    JumpPos(usize, usize),
    Halt,
}

struct Shape {
    scale: i64,
    offset: i64,
}

struct Machine {
    regs: Vec<i64>,
    acc: i64,
    shape: Box<Shape>,
}

#[elidable]
fn scale_of(s: &Shape) -> i64 {
    s.scale * 2
}

#[elidable]
fn offset_of(s: &Shape) -> i64 {
    s.offset
}

fn interpret(code: &[Ins], m: &mut Machine) {
    let mut pc = 0;
    loop {
        jit_merge_point!(DRIVER; pc, code; m);
        match code[pc] {
            Ins::Set(a, k) => {
                m.regs[a] = k;
                pc += 1;
            }
            Ins::Scale(a) => {
                let s: &Shape = promote(&m.shape);
                m.acc += m.regs[a] * scale_of(s) + offset_of(s);
                pc += 1;
            }
            Ins::Dec(a) => {
                m.regs[a] -= 1;
                pc += 1;
            }
            Ins::JumpPos(a, t) => {
                if m.regs[a] > 0 {
                    pc = t;
                } else {
                    pc += 1;
                }
            }
            Ins::Halt => return,
        }
    }
}

pub fn run(runs: i64) -> i64 {
    let code = vec![Ins::Set(0, 30), Ins::Scale(0), Ins::Dec(0), Ins::JumpPos(0, 1), Ins::Halt];
    let mut total = 0;
    let mut line = String::new();
    let mut junk = 0;
    for i in 0..runs {
        let shape = Box::new(Shape { scale: i % 5 + 1, offset: i });
        let mut m = Machine { regs: vec![0; 2], acc: 0, shape };
        interpret(&code, &mut m);
        line.push_str(&format!(" {}", m.acc));
        // A checksum per run, ten runs a line.
        if i % 10 == 9 || i == runs - 1 {
            println!("runs to {i}:{line}");
            line = String::new();
        }
        total += m.acc;
        for j in 0..40 {
            let g = Box::new(Shape { scale: j, offset: i });
            junk += g.scale;
        }
    }
    total + junk % 2
}
