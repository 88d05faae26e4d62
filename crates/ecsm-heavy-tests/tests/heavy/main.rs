//! The integration tests that run long, as one test binary: the exhaustive tiny curves,
//! the shape families' every-pair checks, and every binary-curve method against the
//! textbook reference. They share the helpers of the rest of the suite
//! (crates/ecsm-suite/tests/suite/common). `cargo test --profile ci -p ecsm-heavy-tests
//! --test heavy MODULE::` runs one module.

#[macro_use]
#[path = "../../../ecsm-suite/tests/suite/common/mod.rs"]
mod common;

mod binary_ct;
mod binary_lambda;
mod binary_named;
mod exhaustive_binary;
mod exhaustive_prime;
mod shape_edwards_family;
mod shape_weierstrass_family;
mod tnaf;
mod tnaf_ct;
