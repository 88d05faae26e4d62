//! Curve models and coordinate systems, generic over the field.

pub mod weierstrass;
