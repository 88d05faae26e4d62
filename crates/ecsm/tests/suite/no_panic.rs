//! Typed errors, not panics, for inputs built by hand through the public API.
