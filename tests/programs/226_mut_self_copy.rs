// `&mut self` on `Copy` structs: a particle simulation whose particles are values in a `Vec` (changed by `iter_mut`, by index and through a field of a struct that is an object), methods calling `&mut self` methods on `self`, `*self = ..`, a trait's `&mut self` method on a value, and a value counter in a hot loop
// call: run(40)
// expect: "lead 8 Vec2 { x: 27, y: 120 } | crowd 6 Vec2 { x: 0, y: 0 } Vec2 { x: 114, y: 142 } [2, 1, 0, 1, 2] | ticks 5843472653524854058 | counter 9718286537089489385 9718286537089489385 | solo Vec2 { x: 31, y: 54 } (copy: Vec2 { x: 28, y: 44 })"

#[derive(Clone, Copy, Debug, PartialEq)]
struct Vec2 {
    x: i64,
    y: i64,
}

#[derive(Clone, Copy, Debug)]
struct Particle {
    pos: Vec2,
    vel: Vec2,
    bounces: u32,
}

trait Step {
    fn step(&mut self, width: i64) -> bool;
}

impl Vec2 {
    fn add(&mut self, o: Vec2) {
        self.x += o.x;
        self.y += o.y;
    }

    fn flip_x(&mut self) {
        self.x = -self.x;
    }
}

impl Step for Particle {
    fn step(&mut self, width: i64) -> bool {
        self.pos.add(self.vel);
        if self.pos.x < 0 || self.pos.x >= width {
            self.vel.flip_x();
            self.pos.x = self.pos.x.max(0).min(width - 1);
            self.bounces += 1;
            return true;
        }
        false
    }
}

impl Particle {
    fn reset(&mut self) {
        *self = Particle { pos: Vec2 { x: 0, y: 0 }, vel: self.vel, bounces: self.bounces };
    }

    fn run(&mut self, steps: i64, width: i64) -> i64 {
        let mut hits = 0;
        for _ in 0..steps {
            if self.step(width) {
                hits += 1;
            }
        }
        hits
    }
}

#[derive(Clone, Copy)]
struct Counter {
    n: u64,
}

impl Counter {
    fn tick(&mut self, by: u64) -> u64 {
        self.n = self.n.wrapping_mul(31).wrapping_add(by);
        self.n
    }
}

struct World {
    width: i64,
    lead: Particle,
    crowd: Vec<Particle>,
    ticks: Counter,
}

pub fn run(n: i64) -> String {
    let mut w = World {
        width: n,
        lead: Particle { pos: Vec2 { x: 1, y: 0 }, vel: Vec2 { x: 3, y: 1 }, bounces: 0 },
        crowd: Vec::new(),
        ticks: Counter { n: 7 },
    };
    for i in 0..5 {
        w.crowd.push(Particle { pos: Vec2 { x: i * 7 % n, y: i }, vel: Vec2 { x: i - 2, y: 1 }, bounces: 0 });
    }
    let lead_hits = w.lead.run(n * 3, w.width);
    let mut total = 0;
    for _ in 0..n {
        for p in w.crowd.iter_mut() {
            if p.step(n) {
                total += 1;
            }
        }
        w.ticks.tick(total as u64);
    }
    w.crowd[1].reset();
    w.crowd[2].pos.add(Vec2 { x: 100, y: 100 });
    let mut c = Counter { n: 1 };
    let mut last = 0;
    for i in 0..n * 50 {
        last = c.tick(i as u64);
    }
    let mut solo = w.crowd[4];
    solo.run(10, n);
    format!(
        "lead {} {:?} | crowd {} {:?} {:?} {:?} | ticks {} | counter {} {} | solo {:?} (copy: {:?})",
        lead_hits,
        w.lead.pos,
        total,
        w.crowd[1].pos,
        w.crowd[2].pos,
        w.crowd.iter().map(|p| p.bounces).collect::<Vec<u32>>(),
        w.ticks.n,
        c.n,
        last,
        solo.pos,
        w.crowd[4].pos
    )
}
