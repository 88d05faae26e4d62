//! Named curves: their published domain parameters, with provenance.
//!
//! [`prime_params`] holds the short-Weierstrass curves over prime fields as plain data
//! (hex strings); the typed curve constructors are built on top of it.

pub mod binary;
pub mod edwards;
pub mod gls254;
pub mod named;
pub mod prime;
pub mod prime_params;
