//! Empty: this package holds the ecsm integration tests that run long
//! (`tests/heavy`), and is a package only so that the `ci` profile can compile them at an
//! opt-level of their own.
