//! Empty: this package holds ecsm's integration tests (`tests/suite`), and is a package
//! only so that the `ci` profile can compile them at an opt-level of their own.
