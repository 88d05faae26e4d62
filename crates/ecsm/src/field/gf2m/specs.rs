//! The binary fields of the NIST curves (FIPS 186-4 §D.1.3 / SEC 2 §3 reduction
//! polynomials) and GF(2^127) of seed 001.
//!
//! The Itoh–Tsujii chains for m − 1 are shortest addition chains (the test
//! `chains_are_shortest` re-runs the search); for m = 127 it is the chain printed in
//! seed 001, 1→2→3→6→12→24→48→96→120→126.
//!
//! The table-driven inversion of GF(2^127) uses another chain of the same length,
//! 1→2→3→6→7→14→28→56→112→126 (ours): its long runs 14, 28, 56 and 14 all take a
//! table walk, and the short ones add up to 13 squarings instead of the seed chain's 17.
//!
//! GF(2^233)'s table-driven inversion uses 1→2→4→8→16→24→28→29→58→116→232 (ours, as
//! short as the stored chain): three table runs, 29, 58 and 116, where the stored chain
//! has 16, 32 and 64, and its last run 116 is `tnaf`'s cut on K-233
//! ([`Gf2mSpec::FROBENIUS_CUT`]), so K-233 keeps three 240 KiB byte tables in cache
//! instead of four. It squares 28 times outside the walks against 15 (README, stop 57).

use super::{Gf2m, Gf2mSpec, Gf2mTables};
use crate::field::chain::AdditionChain;

macro_rules! gf2m_spec {
    ($(#[$doc:meta])* $spec:ident, $alias:ident, $n:literal, $m:literal, [$($k:literal),*], $name:literal, [$($c:literal),*] $(, tables: [$($t:literal),*])?) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
        pub struct $spec;
        impl Gf2mSpec<$n> for $spec {
            const M: usize = $m;
            const TERMS: &'static [usize] = &[$($k),*];
            const NAME: &'static str = $name;
            const CHAIN: AdditionChain = AdditionChain::from_values(&[$($c),*]);
            $(const TABLE_CHAIN: AdditionChain = AdditionChain::from_values(&[$($t),*]);)?
            #[inline]
            fn tables() -> &'static Gf2mTables<$n> {
                static TABLES: Gf2mTables<$n> = Gf2mTables::new();
                TABLES.init::<$spec>();
                &TABLES
            }
        }
        $(#[$doc])*
        pub type $alias = Gf2m<$n, $spec>;
    };
}

gf2m_spec!(
    /// GF(2^127) = GF(2)\[x\]/(x^127 + x^63 + 1), the base field of GLS254 (seed 001).
    P127, Gf127, 2, 127, [63], "2^127", [1, 2, 3, 6, 12, 24, 48, 96, 120, 126],
    tables: [1, 2, 3, 6, 7, 14, 28, 56, 112, 126]
);
gf2m_spec!(
    /// GF(2^163) = GF(2)\[x\]/(x^163 + x^7 + x^6 + x^3 + 1) (K-163, B-163).
    P163, Gf163, 3, 163, [3, 6, 7], "2^163", [1, 2, 4, 8, 16, 32, 64, 128, 160, 162]
);
gf2m_spec!(
    /// GF(2^233) = GF(2)\[x\]/(x^233 + x^74 + 1) (K-233, B-233).
    P233, Gf233, 4, 233, [74], "2^233", [1, 2, 4, 8, 16, 32, 64, 128, 192, 224, 232],
    tables: [1, 2, 4, 8, 16, 24, 28, 29, 58, 116, 232]
);
gf2m_spec!(
    /// GF(2^283) = GF(2)\[x\]/(x^283 + x^12 + x^7 + x^5 + 1) (K-283, B-283).
    P283, Gf283, 5, 283, [5, 7, 12], "2^283", [1, 2, 4, 8, 16, 32, 64, 128, 256, 272, 280, 282]
);
gf2m_spec!(
    /// GF(2^409) = GF(2)\[x\]/(x^409 + x^87 + 1) (K-409, B-409).
    P409, Gf409, 7, 409, [87], "2^409", [1, 2, 4, 8, 16, 32, 64, 128, 136, 272, 408]
);
gf2m_spec!(
    /// GF(2^571) = GF(2)\[x\]/(x^571 + x^10 + x^5 + x^2 + 1) (K-571, B-571).
    P571, Gf571, 9, 571, [2, 5, 10], "2^571", [1, 2, 4, 8, 16, 32, 64, 96, 112, 114, 228, 456, 570]
);

// Tiny fields, for tests only: their curves have a few dozen to a few thousand points, so
// a test can run every method on every point and every scalar with the field code the
// named curves use. Hidden from the documentation: nothing here is a cryptographic size.
// Each polynomial is irreducible (checked by Rabin's test in
// `tests/heavy/exhaustive_binary.rs`) and has 2·k_max < m, which both reductions need;
// the chains for m − 1 are shortest (4: 1, 2, 4; 6: 1, 2, 3, 6; 8: 1, 2, 4, 8;
// 10: 1, 2, 4, 5, 10; 12: 1, 2, 3, 6, 12).
gf2m_spec!(
    /// GF(2^5) = GF(2)\[x\]/(x^5 + x^2 + 1), for exhaustive tests.
    #[doc(hidden)]
    P5, Gf5, 1, 5, [2], "2^5", [1, 2, 4]
);
gf2m_spec!(
    /// GF(2^7) = GF(2)\[x\]/(x^7 + x + 1), for exhaustive tests.
    #[doc(hidden)]
    P7, Gf7, 1, 7, [1], "2^7", [1, 2, 3, 6]
);
gf2m_spec!(
    /// GF(2^9) = GF(2)\[x\]/(x^9 + x^4 + 1), for exhaustive tests.
    #[doc(hidden)]
    P9, Gf9, 1, 9, [4], "2^9", [1, 2, 4, 8]
);
gf2m_spec!(
    /// GF(2^11) = GF(2)\[x\]/(x^11 + x^2 + 1), for exhaustive tests.
    #[doc(hidden)]
    P11, Gf11, 1, 11, [2], "2^11", [1, 2, 4, 5, 10]
);
gf2m_spec!(
    /// GF(2^13) = GF(2)\[x\]/(x^13 + x^4 + x^3 + x + 1), for exhaustive tests.
    #[doc(hidden)]
    P13, Gf13, 1, 13, [1, 3, 4], "2^13", [1, 2, 3, 6, 12]
);
