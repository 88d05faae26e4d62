//! Reproductions of the papers' measurements: timing harnesses, measured operation
//! counts, and the papers' own figures, kept apart and labelled as theirs.

pub mod count_report;
pub mod ct_check;
pub mod decompression;
pub mod field_bench;
pub mod gls_counts;
pub mod paper;
pub mod shape_costs;
pub mod shape_counts;
pub mod table1;
pub mod timing;
