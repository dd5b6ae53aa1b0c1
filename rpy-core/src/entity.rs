//! Typed indices into arenas, in the style of Cranelift's `cranelift-entity`.
//!
//! Every IR in rpy stores its nodes in `Arena<K, V>` and refers to them by a
//! small copyable key, so graphs are plain data: cloning a graph clones its
//! vectors, and no node is shared behind a reference count.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// A key into an [`Arena`]. Implemented by the `entity!` macro.
pub trait EntityRef: Copy + Eq {
    fn new(index: usize) -> Self;
    fn index(self) -> usize;
}

/// Declares a `u32` newtype key with a text form `<prefix><index>`.
#[macro_export]
macro_rules! entity {
    ($(#[$m:meta])* $name:ident, $prefix:expr) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);
        impl $crate::entity::EntityRef for $name {
            fn new(index: usize) -> Self {
                $name(u32::try_from(index).expect("arena overflow"))
            }
            fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
    };
}

/// The methods both keyed vectors have: a `Vec<V>` whose indices are the
/// keys `K`.
macro_rules! keyed_vec {
    ($name:ident) => {
        impl<K: EntityRef, V> $name<K, V> {
            /// Appends the value of the next key (for a side table: when its
            /// arena grows by one).
            pub fn push(&mut self, v: V) -> K {
                self.items.push(v);
                K::new(self.items.len() - 1)
            }
            pub fn len(&self) -> usize {
                self.items.len()
            }
            pub fn is_empty(&self) -> bool {
                self.items.is_empty()
            }
            pub fn keys(&self) -> impl Iterator<Item = K> + '_ {
                (0..self.items.len()).map(K::new)
            }
            pub fn iter(&self) -> impl Iterator<Item = (K, &V)> {
                self.items.iter().enumerate().map(|(i, v)| (K::new(i), v))
            }
            pub fn iter_mut(&mut self) -> impl Iterator<Item = (K, &mut V)> {
                self.items.iter_mut().enumerate().map(|(i, v)| (K::new(i), v))
            }
            pub fn values(&self) -> impl Iterator<Item = &V> {
                self.items.iter()
            }
            /// The value of `k`, if the vector reaches it.
            pub fn get(&self, k: K) -> Option<&V> {
                self.items.get(k.index())
            }
        }

        impl<K, V> Default for $name<K, V> {
            fn default() -> Self {
                $name { items: Vec::new(), _key: PhantomData }
            }
        }

        impl<K: EntityRef, V> FromIterator<V> for $name<K, V> {
            /// The values of the keys in order, from the first.
            fn from_iter<I: IntoIterator<Item = V>>(iter: I) -> Self {
                $name { items: iter.into_iter().collect(), _key: PhantomData }
            }
        }

        impl<K: EntityRef, V> Index<K> for $name<K, V> {
            type Output = V;
            fn index(&self, k: K) -> &V {
                &self.items[k.index()]
            }
        }

        impl<K: EntityRef, V> IndexMut<K> for $name<K, V> {
            fn index_mut(&mut self, k: K) -> &mut V {
                &mut self.items[k.index()]
            }
        }

        impl<K: EntityRef + fmt::Debug, V: fmt::Debug> fmt::Debug for $name<K, V> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_map().entries(self.iter()).finish()
            }
        }
    };
}

/// A growable vector indexed by a typed key: where an IR's nodes live.
#[derive(Clone, PartialEq)]
pub struct Arena<K, V> {
    items: Vec<V>,
    _key: PhantomData<K>,
}

impl<K: EntityRef, V> Arena<K, V> {
    pub fn new() -> Self {
        Self::default()
    }
    /// The key the next `push` returns.
    pub fn next_key(&self) -> K {
        K::new(self.items.len())
    }
}

keyed_vec!(Arena);

/// A side table of values by key of an arena (Cranelift's `SecondaryMap`):
/// one value per key, indexed by the key itself, so a table of variables
/// cannot be indexed by a graph by mistake.
#[derive(Clone, PartialEq)]
pub struct SecondaryMap<K, V> {
    items: Vec<V>,
    _key: PhantomData<K>,
}

impl<K: EntityRef, V: Clone> SecondaryMap<K, V> {
    /// `value` for each of the first `len` keys.
    pub fn with_len(len: usize, value: V) -> Self {
        SecondaryMap { items: vec![value; len], _key: PhantomData }
    }
}

keyed_vec!(SecondaryMap);
