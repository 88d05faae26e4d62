//! GF(p) for odd primes p < 2^521: the [`PrimeField`] trait and the generic [`Fp`] type.
//!
//! INTERFACE SKELETON — the arithmetic is being written; the public names below are the
//! contract other modules (square roots, curves, CLI) build against.

use super::{Field, FieldError};
use core::fmt;

pub mod sqrt;

/// The defining data of one prime field: p as N little-endian 64-bit words.
pub trait FpSpec<const N: usize>:
    Copy + fmt::Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The modulus, little-endian words; odd, > 3, and its top word nonzero.
    const P: [u64; N];
    /// Report name, e.g. `p256` or `2^255-19`.
    const NAME: &'static str;
}

/// A prime field GF(p).
pub trait PrimeField: Field {
    /// Bit length of p.
    const BITS: usize;
    /// p, little-endian 64-bit words.
    fn modulus() -> &'static [u64];
    /// The element congruent to `v`.
    fn from_u64(v: u64) -> Self;
    /// The canonical representative in [0, p), little-endian words (as many as p has).
    fn to_words(&self) -> Vec<u64>;
    /// The element with canonical representative `w` (little-endian words); values ≥ p
    /// are an error.
    fn from_words(w: &[u64]) -> Result<Self, FieldError>;
    /// True when the canonical representative is odd (the SEC 1 compression bit).
    fn is_odd(&self) -> bool;
    /// The Legendre symbol (self / p): 0, 1 or −1. Variable-time.
    fn legendre(&self) -> i8;
}
