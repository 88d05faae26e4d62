//! ecsm's integration tests, as one test binary: one crate to compile and one link
//! instead of one per file (see the README's build section). Each module was a test
//! binary of its own; `cargo test --release -p ecsm-suite --test suite MODULE::` runs one.

#[macro_use]
mod common;

mod binary_curves;
mod binary_ops;
mod binary_xdbl;
mod chains;
mod cost_model;
mod ct_check;
mod ct_mul;
mod edwards_named;
mod encoding;
mod field_laws;
mod fuzz_replay;
mod gf254;
mod gf2m_reference;
mod gls254;
mod gls254_kernel;
mod glv;
mod helpers;
mod inversion;
mod modn;
mod no_panic;
mod p448_field;
mod prime_adx;
mod prime_curve_params;
mod prime_curves;
mod prime_field;
mod recode;
mod recode_double_base;
mod shape_methods;
mod sqrt;
mod threads;
mod zeroize_secrets;
