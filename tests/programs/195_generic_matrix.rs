// A generic matrix `Matrix<T>` over a flat `Vec<T>`, its `impl<T: Copy + Default + Add<Output = T> + Mul<Output = T>>` block (identity-free product, transpose, map by a `fn` pointer) used with `i64` and `f64`, and `Display` written once for all element types
// call: run(3)
// expect: "[[1, 2, 3], [2, 4, 6], [3, 6, 9]] x [[1, 2, 3], [2, 4, 6], [3, 6, 9]] = [[14, 28, 42], [28, 56, 84], [42, 84, 126]] | t [[1, 4], [2, 5], [3, 6]] | f [[0.5, 1], [1.5, 2]] | sq [[1, 4], [9, 16]]"
use std::fmt;
use std::ops::{Add, Mul};

#[derive(Clone)]
struct Matrix<T> {
    rows: usize,
    cols: usize,
    data: Vec<T>,
}

impl<T: Copy + Default + Add<Output = T> + Mul<Output = T>> Matrix<T> {
    fn new(rows: usize, cols: usize) -> Matrix<T> {
        Matrix { rows, cols, data: vec![T::default(); rows * cols] }
    }

    fn get(&self, r: usize, c: usize) -> T {
        self.data[r * self.cols + c]
    }

    fn set(&mut self, r: usize, c: usize, v: T) {
        self.data[r * self.cols + c] = v;
    }

    fn product(&self, other: &Matrix<T>) -> Matrix<T> {
        let mut out = Matrix::new(self.rows, other.cols);
        for r in 0..self.rows {
            for c in 0..other.cols {
                let mut acc = T::default();
                for k in 0..self.cols {
                    acc = acc + self.get(r, k) * other.get(k, c);
                }
                out.set(r, c, acc);
            }
        }
        out
    }

    fn transpose(&self) -> Matrix<T> {
        let mut out = Matrix::new(self.cols, self.rows);
        for r in 0..self.rows {
            for c in 0..self.cols {
                out.set(c, r, self.get(r, c));
            }
        }
        out
    }

    fn map(&self, f: fn(T) -> T) -> Matrix<T> {
        let mut out = self.clone();
        for i in 0..out.data.len() {
            out.data[i] = f(out.data[i]);
        }
        out
    }
}

impl<T: fmt::Display> fmt::Display for Matrix<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "[")?;
        for r in 0..self.rows {
            if r > 0 {
                write!(f, ", ")?;
            }
            write!(f, "[")?;
            for c in 0..self.cols {
                if c > 0 {
                    write!(f, ", ")?;
                }
                write!(f, "{}", self.data[r * self.cols + c])?;
            }
            write!(f, "]")?;
        }
        write!(f, "]")
    }
}

fn square(x: i64) -> i64 {
    x * x
}

fn half(x: f64) -> f64 {
    x / 2.0
}

pub fn run(n: usize) -> String {
    let mut m: Matrix<i64> = Matrix::new(n, n);
    for r in 0..n {
        for c in 0..n {
            m.set(r, c, ((r + 1) * (c + 1)) as i64);
        }
    }
    let p = m.product(&m);
    let mut w = Matrix::new(2, 3);
    for i in 0..6 {
        w.data[i] = i as i64 + 1;
    }
    let mut f: Matrix<f64> = Matrix::new(2, 2);
    for i in 0..4 {
        f.data[i] = (i + 1) as f64;
    }
    let mut s: Matrix<i64> = Matrix::new(2, 2);
    for i in 0..4 {
        s.data[i] = i as i64 + 1;
    }
    format!("{} x {} = {} | t {} | f {} | sq {}", m, m, p, w.transpose(), f.map(half), s.map(square))
}
