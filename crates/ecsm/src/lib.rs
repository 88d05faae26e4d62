//! ecsm: fast, verified elliptic-curve scalar multiplication.
//!
//! The layers, each depending only on the ones before it:
//! - [`backend`]: carry-less multiplication (portable and PCLMULQDQ), chosen at run time;
//! - [`field`]: the [`field::Field`] and [`field::BinaryField`] traits, GF(2^m) for the
//!   NIST degrees and 127, and GF(2^254) as a quadratic extension of GF(2^127);
//! - [`cost`]: [`cost::Counted`], a field wrapper that tallies operations while the real
//!   code runs;
//! - [`curves`]: the named curves' published parameters, with their provenance.
//! - [`recode`]: signed-digit scalar recodings (NAF, NAF_w, joint sparse form).
//!
//! ```
//! use ecsm::cost::{measure, Counted};
//! use ecsm::field::{BinaryField, Field, Gf233};
//!
//! let a = Gf233::x() + Gf233::one();
//! let b = a.invert().unwrap(); // constant-time Itoh–Tsujii
//! assert_eq!(a * b, Gf233::one());
//! // z² + z = a has a solution exactly when Tr(a) = 0.
//! assert_eq!(a.solve_quadratic().is_some(), a.trace() == 0);
//!
//! // Operation counts come from running the real code on a counting wrapper.
//! let (_, counts) = measure(|| (Counted(a) * Counted(b)).square());
//! assert_eq!((counts.mul, counts.sqr), (1, 1));
//! ```
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]
// In characteristic 2 subtraction is addition (XOR), and the cost model bumps counters
// inside operator impls: both are what these lints flag, and both are intended.
#![allow(clippy::suspicious_arithmetic_impl, clippy::suspicious_op_assign_impl)]
// Word loops over several arrays of the same const length read best indexed.
#![allow(clippy::needless_range_loop)]

pub mod backend;
pub mod cost;
pub mod curve;
pub mod curves;
pub mod encoding;
pub mod experiments;
pub mod field;
#[doc(hidden)]
pub mod fuzz_props;
pub mod gls;
pub mod mul;
pub mod recode;
pub mod shape;
