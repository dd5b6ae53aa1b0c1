// Structs with impl blocks: associated consts and functions, &self/&mut self/self methods, tuple structs, derived Copy/Eq/Hash/Debug, Copy structs as HashMap keys, {:?} of nested structs, vecs and options
// call: walk_robot(0)
// expect: "r2 at Pos(3, 5) facing East carrying bolt (3) | trail 11 visited 10 revisited [Pos(2, 2)] dist 8 | Ok(()) Err(Item { label: \"anvil\", weight: 50 }) | Robot { name: \"r2\", pos: Pos(3, 5), facing: East, trail: [], carrying: None }"
// call: walk_robot(1)
// expect: "r2 at Pos(0, 2) facing North carrying bolt (3) | trail 7 visited 5 revisited [Pos(0, 0), Pos(0, 1)] dist 2 | Ok(()) Err(Item { label: \"anvil\", weight: 50 }) | Robot { name: \"r2\", pos: Pos(0, 2), facing: North, trail: [], carrying: None }"
// call: inventory(3)
// expect: "Shelf { items: [Item { label: \"box0\", weight: 101 }, Item { label: \"box1\", weight: 4 }, Item { label: \"box2\", weight: 7 }, Item { label: \"crate\", weight: 2 }], best: Some(Item { label: \"box2\", weight: 7 }), tag: ('A', 1) } total 114 copy_total 14 same false Meters(1.5) 3"
// call: grid_keys(4)
// expect: "walls 11 of 16 [(North, 4), (East, 6), (South, 4), (West, 6)] lookup Some(true) Some(false) None"
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Pos(i32, i32);

impl Pos {
    const ORIGIN: Pos = Pos(0, 0);

    fn step(self, d: Dir) -> Pos {
        let (dx, dy) = d.delta();
        Pos(self.0 + dx, self.1 + dy)
    }

    fn manhattan(&self, other: &Pos) -> i32 {
        (self.0 - other.0).abs() + (self.1 - other.1).abs()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    fn delta(self) -> (i32, i32) {
        match self {
            Dir::North => (0, 1),
            Dir::East => (1, 0),
            Dir::South => (0, -1),
            Dir::West => (-1, 0),
        }
    }

    fn right(self) -> Dir {
        match self {
            Dir::North => Dir::East,
            Dir::East => Dir::South,
            Dir::South => Dir::West,
            Dir::West => Dir::North,
        }
    }

    fn left(self) -> Dir {
        self.right().right().right()
    }
}

#[derive(Debug, Clone, PartialEq)]
struct Item {
    label: String,
    weight: u32,
}

#[derive(Debug, Clone)]
struct Robot {
    name: String,
    pos: Pos,
    facing: Dir,
    trail: Vec<Pos>,
    carrying: Option<Item>,
}

impl Robot {
    const MAX_LOAD: u32 = 10;

    fn new(name: &str) -> Robot {
        Robot { name: name.to_string(), pos: Pos::ORIGIN, facing: Dir::North, trail: vec![Pos::ORIGIN], carrying: None }
    }

    fn forward(&mut self) {
        self.pos = self.pos.step(self.facing);
        self.trail.push(self.pos);
    }

    fn turn(&mut self, right: bool) {
        self.facing = if right { self.facing.right() } else { self.facing.left() };
    }

    fn pick(&mut self, item: Item) -> Result<(), Item> {
        if item.weight > Robot::MAX_LOAD || self.carrying.is_some() {
            return Err(item);
        }
        self.carrying = Some(item);
        Ok(())
    }

    fn distance(&self) -> i32 {
        self.pos.manhattan(&Pos::ORIGIN)
    }

    fn into_report(self) -> String {
        let load = match self.carrying {
            Some(Item { label, weight }) => format!("{} ({})", label, weight),
            None => "nothing".to_string(),
        };
        format!("{} at {:?} facing {:?} carrying {}", self.name, self.pos, self.facing, load)
    }
}

pub fn walk_robot(which: i64) -> String {
    let path = if which == 0 { "FFRFFRFLLFFFFRF" } else { "FRFRFRFRFF" };
    let mut r = Robot::new("r2");
    for c in path.chars() {
        match c {
            'F' => r.forward(),
            'R' => r.turn(true),
            'L' => r.turn(false),
            _ => {}
        }
    }
    let mut visits: HashMap<Pos, u32> = HashMap::new();
    for p in r.trail.iter() {
        *visits.entry(*p).or_insert(0) += 1;
    }
    let mut revisited: Vec<Pos> = Vec::new();
    for p in r.trail.iter() {
        if visits[p] > 1 && !revisited.contains(p) {
            revisited.push(*p);
        }
    }
    let dist = r.distance();
    let snapshot = r.clone();
    let picked = r.pick(Item { label: "bolt".to_string(), weight: 3 });
    let refused = r.pick(Item { label: "anvil".to_string(), weight: 50 });
    format!(
        "{} | trail {} visited {} revisited {:?} dist {} | {:?} {:?} | {:?}",
        r.clone().into_report(),
        snapshot.trail.len(),
        visits.len(),
        revisited,
        dist,
        picked,
        refused,
        Robot {
            trail: Vec::new(),
            name: snapshot.name.clone(),
            pos: snapshot.pos,
            facing: snapshot.facing,
            carrying: None
        }
    )
}

#[derive(Debug, Clone, PartialEq)]
struct Shelf {
    items: Vec<Item>,
    best: Option<Item>,
    tag: (char, u8),
}

impl Shelf {
    fn total(&self) -> u32 {
        let mut t = 0;
        for it in self.items.iter() {
            t += it.weight;
        }
        t
    }

    fn add(&mut self, label: &str, weight: u32) -> &mut Shelf {
        self.items.push(Item { label: label.to_string(), weight });
        let heavier = match &self.best {
            Some(b) => weight > b.weight,
            None => true,
        };
        if heavier {
            self.best = Some(Item { label: label.to_string(), weight });
        }
        self
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Meters(f64);

pub fn inventory(n: u32) -> String {
    let mut shelf = Shelf { items: Vec::new(), best: None, tag: ('A', 1) };
    for i in 0..n {
        shelf.add(&format!("box{}", i), i * 3 + 1);
    }
    shelf.add("crate", 2);
    let copy = shelf.clone();
    shelf.items[0].weight += 100;
    let same = copy == shelf;
    let m = Meters(1.5);
    let Meters(raw) = m;
    format!("{:?} total {} copy_total {} same {} {:?} {}", shelf, shelf.total(), copy.total(), same, m, raw * 2.0)
}

pub fn grid_keys(n: i32) -> String {
    let mut grid: HashMap<Pos, char> = HashMap::new();
    for x in 0..n {
        for y in 0..n {
            let c = if x == 0 || y % 2 == 0 || (x + y) % 5 == 0 { '#' } else { '.' };
            grid.insert(Pos(x, y), c);
        }
    }
    let mut by_dir: HashMap<Dir, i32> = HashMap::new();
    let mut walls = 0;
    for x in 0..n {
        for y in 0..n {
            let here = Pos(x, y);
            if grid[&here] != '#' {
                continue;
            }
            walls += 1;
            for d in Dir::ALL.iter() {
                let next = here.step(*d);
                if let Some('#') = grid.get(&next) {
                    *by_dir.entry(*d).or_insert(0) += 1;
                }
            }
        }
    }
    let mut counts = Vec::new();
    for d in Dir::ALL.iter() {
        counts.push((*d, by_dir.get(d).copied().unwrap_or(0)));
    }
    let keyed: HashMap<(Pos, Dir), bool> = {
        let mut m = HashMap::new();
        m.insert((Pos::ORIGIN, Dir::East), true);
        m.insert((Pos(1, 1), Dir::West), false);
        m
    };
    format!(
        "walls {} of {} {:?} lookup {:?} {:?} {:?}",
        walls,
        grid.len(),
        counts,
        keyed.get(&(Pos(0, 0), Dir::East)),
        keyed.get(&(Pos(1, 1), Dir::West)),
        keyed.get(&(Pos(1, 1), Dir::East))
    )
}
