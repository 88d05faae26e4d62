//! Other implementations ecsm is measured against on the same machine, in the same run.
//!
//! Each peer sits behind its own cargo feature so that the default build and the tests need
//! nothing beyond cargo.

// The CLI's benchmark commands will call this API later; until then most of it is only
// reached from the tests, and the binary crate would flag it as dead code.
#![allow(dead_code)]

#[cfg(feature = "crrl")]
pub mod crrl;
#[cfg(feature = "crrl")]
pub mod crrl_ed448;
#[cfg(feature = "crrl")]
pub mod crrl_weierstrass;
#[cfg(feature = "libsecp256k1")]
pub mod libsecp256k1;
#[cfg(feature = "openssl")]
pub mod openssl;
