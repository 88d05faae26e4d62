//! The prime fields of the named curves, each p read from its standard (and checked
//! against `openssl ecparam -name … -param_enc explicit -text`).
//!
//! Reduction per prime: Crandall's for p = 2^k − c with c < 2^34, where it beats
//! Montgomery's; Montgomery's for the others.
//!
//! Crandall against a Montgomery twin of the same p: dependent-chain latency in ns, the
//! fastest of 31 rounds of `experiments::timing` (the `ecsm field-bench` harness), AMD
//! EPYC (Zen 3, about 2.7 GHz as measured here, both cores shared with other jobs). The
//! criterion group `reduction` in `benches/field.rs` runs the same comparison (its
//! means run higher under load; the order is the same).
//!
//! | p          | Crandall mul / sqr | Montgomery mul / sqr |
//! |------------|--------------------|----------------------|
//! | p521       | 67.3 / 49.8        | 76.1 / 52.0          |
//! | secp256k1  | 17.7 / 15.9        | 25.9 / 23.8          |
//! | secp224k1  | 21.3 / 18.3        | 22.4 / 21.3          |
//! | secp192k1  | 12.7 / 10.8        | 17.4 / 16.8          |
//! | secp160k1  | 15.5 / 14.1        | 18.1 / 17.9          |
//! | secp160r1  | 15.5 / 14.1        | 16.7 / 17.9          |
//! | wtls9      | 15.5 / 14.1        | 16.4 / 16.8          |
//! | wtls8      |  9.8 /  9.5        | 10.9 / 10.5          |
//!
//! P-256 stays with Montgomery (20.8 / 18.7 in the same run): −p⁻¹ ≡ 1 mod 2^64 and its
//! limbs 0 and 2^64 − 1 let LLVM fold most of the reduction's products, and 2^256 −
//! 2^224 + … is no Crandall shape (c has 224 bits). No Solinas reduction was written
//! for P-192/P-224/P-256/P-384: see the module documentation of [`super`].

use crate::fp_spec;

fp_spec!(
    /// NIST P-192: p = 2^192 − 2^64 − 1 (FIPS 186-4 §D.1.2.1; SEC 2 secp192r1).
    P192, FpP192, 3, "fffffffffffffffffffffffffffffffeffffffffffffffff", "p192"
);
fp_spec!(
    /// NIST P-224: p = 2^224 − 2^96 + 1 (FIPS 186-4 §D.1.2.2; SEC 2 secp224r1).
    P224, FpP224, 4, "ffffffffffffffffffffffffffffffff000000000000000000000001", "p224"
);
fp_spec!(
    /// NIST P-256: p = 2^256 − 2^224 + 2^192 + 2^96 − 1 (FIPS 186-4 §D.1.2.3; SEC 2
    /// secp256r1).
    P256, FpP256, 4, "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", "p256"
);
/// The P-256 prime's words, by which `Fp` recognises the field its assembly is for.
pub(crate) const P256_P: [u64; 4] = <P256 as super::FpSpec<4>>::P;
fp_spec!(
    /// NIST P-384: p = 2^384 − 2^128 − 2^96 + 2^32 − 1 (FIPS 186-4 §D.1.2.4; SEC 2
    /// secp384r1).
    P384, FpP384, 6,
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
    "p384"
);
/// The P-384 prime's words, by which `Fp` recognises the field its assembly is for.
pub(crate) const P384_P: [u64; 6] = <P384 as super::FpSpec<6>>::P;
fp_spec!(
    /// NIST P-521: p = 2^521 − 1 (FIPS 186-4 §D.1.2.5; SEC 2 secp521r1). A Crandall
    /// prime with c = 1.
    P521, FpP521, 9,
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "p521", Crandall
);
fp_spec!(
    /// Ed448-Goldilocks: p = 2^448 − 2^224 − 1 (RFC 7748 §4.2, RFC 8032 §5.2). The
    /// generic seven-word type on it, reduced by additions only
    /// ([`Reduction::Goldilocks`](super::Reduction::Goldilocks)), kept as the reference
    /// the tests compare [`FpP448`] with. The `ed448` curve runs on [`FpP448`].
    P448, FpP448Generic, 7,
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "p448", Goldilocks
);
/// GF(2^448 − 2^224 − 1), the field of the `ed448` curve of seed 002's Edwards shape: the
/// dedicated [`Fp448`](super::Fp448) (eight 56-bit limbs, Karatsuba over 2^224).
pub type FpP448 = super::Fp448;
fp_spec!(
    /// secp256k1: p = 2^256 − 2^32 − 977 (SEC 2 v2 §2.4.1).
    Secp256k1, FpSecp256k1, 4,
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", "secp256k1", Crandall
);
/// The secp256k1 prime's words, by which `Fp` recognises the field of
/// [`crate::backend::k256_adx`].
pub(crate) const SECP256K1_P: [u64; 4] = <Secp256k1 as super::FpSpec<4>>::P;
fp_spec!(
    /// secp224k1: p = 2^224 − 2^32 − 6803 (SEC 2 v2 §2.3.1).
    Secp224k1, FpSecp224k1, 4,
    "fffffffffffffffffffffffffffffffffffffffffffffffeffffe56d", "secp224k1", Crandall
);
fp_spec!(
    /// secp192k1: p = 2^192 − 2^32 − 4553 (SEC 2 v2 §2.2.1).
    Secp192k1, FpSecp192k1, 3,
    "fffffffffffffffffffffffffffffffffffffffeffffee37", "secp192k1", Crandall
);
fp_spec!(
    /// secp160k1: p = 2^160 − 2^32 − 21389 (SEC 2 v1 §2.4.1).
    Secp160k1, FpSecp160k1, 3, "fffffffffffffffffffffffffffffffeffffac73", "secp160k1", Crandall
);
fp_spec!(
    /// secp160r1: p = 2^160 − 2^31 − 1 (SEC 2 v1 §2.4.2).
    Secp160r1, FpSecp160r1, 3, "ffffffffffffffffffffffffffffffff7fffffff", "secp160r1", Crandall
);
fp_spec!(
    /// secp128r1: p = 2^128 − 2^97 − 1 (SEC 2 v1 §2.3.1).
    Secp128r1, FpSecp128r1, 2, "fffffffdffffffffffffffffffffffff", "secp128r1"
);
fp_spec!(
    /// WTLS curve 8: p = 2^112 − 537 (WAP-261-WTLS Annex A; OpenSSL
    /// wap-wsg-idm-ecid-wtls8).
    Wtls8, FpWtls8, 2, "fffffffffffffffffffffffffde7", "wtls8", Crandall
);
fp_spec!(
    /// WTLS curve 9: p = 2^160 − 229233 (WAP-261-WTLS Annex A; OpenSSL
    /// wap-wsg-idm-ecid-wtls9).
    Wtls9, FpWtls9, 3, "fffffffffffffffffffffffffffffffffffc808f", "wtls9", Crandall
);
fp_spec!(
    /// prime239v1 (also v2, v3): p = 2^239 − 2^143 − 2^95 + 2^47 − 1 (ANSI X9.62-1998
    /// Annex J.5.3).
    Prime239, FpPrime239, 4,
    "7fffffffffffffffffffffff7fffffffffff8000000000007fffffffffff", "prime239"
);
fp_spec!(
    /// brainpoolP160r1/t1 prime (RFC 5639 §3.1).
    BrainpoolP160, FpBrainpoolP160, 3,
    "e95e4a5f737059dc60dfc7ad95b3d8139515620f", "brainpoolp160"
);
fp_spec!(
    /// brainpoolP192r1/t1 prime (RFC 5639 §3.2).
    BrainpoolP192, FpBrainpoolP192, 3,
    "c302f41d932a36cda7a3463093d18db78fce476de1a86297", "brainpoolp192"
);
fp_spec!(
    /// brainpoolP224r1/t1 prime (RFC 5639 §3.3).
    BrainpoolP224, FpBrainpoolP224, 4,
    "d7c134aa264366862a18302575d1d787b09f075797da89f57ec8c0ff", "brainpoolp224"
);
fp_spec!(
    /// brainpoolP256r1/t1 prime (RFC 5639 §3.4).
    BrainpoolP256, FpBrainpoolP256, 4,
    "a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377", "brainpoolp256"
);
fp_spec!(
    /// brainpoolP320r1/t1 prime (RFC 5639 §3.5).
    BrainpoolP320, FpBrainpoolP320, 5,
    "d35e472036bc4fb7e13c785ed201e065f98fcfa6f6f40def4f92b9ec7893ec28fcd412b1f1b32e27",
    "brainpoolp320"
);
fp_spec!(
    /// brainpoolP384r1/t1 prime (RFC 5639 §3.6).
    BrainpoolP384, FpBrainpoolP384, 6,
    "8cb91e82a3386d280f5d6f7e50e641df152f7109ed5456b412b1da197fb71123acd3a729901d1a71874700133107ec53",
    "brainpoolp384"
);
fp_spec!(
    /// brainpoolP512r1/t1 prime (RFC 5639 §3.7).
    BrainpoolP512, FpBrainpoolP512, 8,
    "aadd9db8dbe9c48b3fd4e6ae33c9fc07cb308db3b3c9d20ed6639cca703308717d4d9b009bc66842aecda12ae6a380e62881ff2f2d82c68528aa6056583a48f3",
    "brainpoolp512"
);
fp_spec!(
    /// secp112r1 and secp112r2 (also WTLS curve 6): p = (2^128 − 3)/76439 (SEC 2 v1 §2.2.1).
    Secp112, FpSecp112, 2, "db7c2abf62e35e668076bead208b", "secp112"
);
fp_spec!(
    /// SM2: p = 2^256 − 2^224 − 2^96 + 2^64 − 1 (GM/T 0003.5-2012).
    Sm2, FpSm2, 4, "fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff", "sm2"
);
