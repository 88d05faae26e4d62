//! Curve models: coordinate systems and their formulas, generic over the field.

pub mod binary;
pub mod weierstrass;
