// Lists never resized are fixed-size arrays (RPython's listdefs): a sieve over vec![true; n], a register file [i64; 4] in a struct, a lookup table passed to functions, arrays in tuples and Options, swap and len on them; next to lists that are pushed to, and a list resized through an alias
// call: fixed(30)
// expect: "10 [0, 7, 30, 0] 29 (3, 9) Some(1) 4 [2, 1] 12 [1, 2, 3, 99]"

struct Machine {
    regs: [i64; 4],
}

impl Machine {
    fn set(&mut self, r: usize, v: i64) {
        self.regs[r] = v;
    }
}

fn lookup(table: &[i64], i: usize) -> i64 {
    table[i % table.len()]
}

fn pair() -> ([i64; 2], usize) {
    let a = [3, 9];
    (a, a.len())
}

fn append(v: &mut Vec<i64>, x: i64) {
    v.push(x);
}

pub fn fixed(n: i64) -> String {
    let size = n as usize;
    let mut sieve = vec![true; size + 1];
    sieve[0] = false;
    sieve[1] = false;
    let mut i = 2;
    while i * i <= size {
        if sieve[i] {
            let mut j = i * i;
            while j <= size {
                sieve[j] = false;
                j += i;
            }
        }
        i += 1;
    }
    let mut primes = 0;
    let mut k = 0;
    while k < sieve.len() {
        if sieve[k] {
            primes += 1;
        }
        k += 1;
    }
    let mut m = Machine { regs: [0; 4] };
    m.set(1, 7);
    m.set(2, n);
    let table = [5, 6, 7, 8];
    let looked = lookup(&table, 1) + lookup(&table, 7) + lookup(&table, 11) + lookup(&table, 14);
    let (p, plen) = pair();
    let maybe: Option<[i64; 2]> = if n > 0 { Some([1, 2]) } else { None };
    let first = match maybe {
        Some(a) => a[0],
        None => 0,
    };
    let mut sw = [1, 2];
    sw.swap(0, 1);
    let mut grown = vec![4];
    append(&mut grown, 8);
    let mut extended = vec![1, 2, 3];
    let alias = &mut extended;
    alias.push(99);
    format!(
        "{primes} {:?} {} {:?} {:?} {} {:?} {} {:?}",
        m.regs,
        looked,
        (p[0], p[1]),
        Some(first),
        plen + 2,
        sw,
        grown[0] + grown[1],
        extended
    )
}
