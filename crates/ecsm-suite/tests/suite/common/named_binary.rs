//! The named binary curves' slow reference, shared by `binary_named` (ecsm-suite), the
//! τ-adic tests and `binary_lambda` (ecsm-heavy-tests): textbook affine chord-and-tangent,
//! one inversion per operation, the curves' parameters by name and the edge scalars.

use crate::common::{add_words, pow2, sub_one};
use ecsm::curve::binary::{Affine, BinaryCurveParams, BINARY_CURVES};
use ecsm::curves::named::{all_curves, NamedCurve};
use ecsm::encoding::from_hex;
use ecsm::field::{BinaryField, Field};
use ecsm::mul::{bit_len, random_below};
use rand_core::RngCore;

// ---------------------------------------------------------------------------------------
// The reference: textbook affine chord-and-tangent (HMV, Guide to ECC, §3.1.2), one
// inversion per operation, sharing nothing with the library's formulas.
// ---------------------------------------------------------------------------------------

pub type Pt<F> = Option<(F, F)>;

#[derive(Clone, Copy)]
pub struct Ref<F> {
    a2: F,
    a6: F,
    bytes: usize,
}

fn hexf<F: Field>(h: &str) -> F {
    F::from_bytes(&from_hex(h).unwrap()).unwrap()
}

fn lowbit<F: Field>(v: F) -> bool {
    v.to_bytes().last().unwrap() & 1 == 1
}

impl<F: BinaryField> Ref<F> {
    pub fn of(p: &BinaryCurveParams) -> Self {
        assert_eq!(p.m, F::DEGREE);
        Ref {
            a2: if p.a2 == 1 { F::one() } else { F::zero() },
            a6: hexf(p.b),
            bytes: p.m.div_ceil(8),
        }
    }
    pub fn on_curve(&self, p: Pt<F>) -> bool {
        match p {
            None => true,
            Some((x, y)) => y * y + x * y == x * x * x + self.a2 * x * x + self.a6,
        }
    }
    pub fn neg(&self, p: Pt<F>) -> Pt<F> {
        p.map(|(x, y)| (x, x + y))
    }
    pub fn double(&self, p: Pt<F>) -> Pt<F> {
        let (x, y) = p?;
        if x.is_zero() {
            return None;
        }
        let l = x + y * x.invert_vartime().unwrap();
        let x3 = l * l + l + self.a2;
        Some((x3, x * x + (l + F::one()) * x3))
    }
    pub fn add(&self, p: Pt<F>, q: Pt<F>) -> Pt<F> {
        let Some((x1, y1)) = p else { return q };
        let Some((x2, y2)) = q else { return p };
        if x1 == x2 {
            return if y1 == y2 { self.double(p) } else { None };
        }
        let l = (y1 + y2) * (x1 + x2).invert_vartime().unwrap();
        let x3 = l * l + l + x1 + x2 + self.a2;
        Some((x3, l * (x1 + x3) + x3 + y1))
    }
    /// Right-to-left double-and-add.
    pub fn mul(&self, p: Pt<F>, k: &[u64]) -> Pt<F> {
        let (mut acc, mut base) = (None, p);
        for i in 0..bit_len(k) {
            if (k[i / 64] >> (i % 64)) & 1 == 1 {
                acc = self.add(acc, base);
            }
            base = self.double(base);
        }
        acc
    }
    /// ỹ = lowbit(y/x), 0 for x = 0.
    pub fn ybit(&self, p: Pt<F>) -> bool {
        match p {
            Some((x, y)) if !x.is_zero() => lowbit(y * x.invert_vartime().unwrap()),
            _ => false,
        }
    }
    pub fn encode(&self, p: Pt<F>) -> Vec<u8> {
        match p {
            None => vec![0],
            Some((x, y)) => [vec![4], x.to_bytes(), y.to_bytes()].concat(),
        }
    }
    pub fn encode_compressed(&self, p: Pt<F>) -> Vec<u8> {
        match p {
            None => vec![0],
            Some((x, _)) => [vec![2 | self.ybit(p) as u8], x.to_bytes()].concat(),
        }
    }
    pub fn decode(&self, e: &[u8]) -> Pt<F> {
        if e == [0] {
            return None;
        }
        assert_eq!(e.len(), 1 + 2 * self.bytes);
        assert_eq!(e[0], 4);
        let p = Some((
            F::from_bytes(&e[1..1 + self.bytes]).unwrap(),
            F::from_bytes(&e[1 + self.bytes..]).unwrap(),
        ));
        assert!(self.on_curve(p));
        p
    }
    /// A uniformly drawn point of the full group (x random until y² + xy = … has a root).
    pub fn random_point(&self, r: &mut dyn RngCore) -> Pt<F> {
        loop {
            let x = F::random(r);
            if x.is_zero() {
                continue;
            }
            let ix = x.invert_vartime().unwrap();
            let c = x + self.a2 + self.a6 * ix * ix;
            if let Some(z) = c.solve_quadratic() {
                let z = if r.next_u32() & 1 == 1 {
                    z + F::one()
                } else {
                    z
                };
                let p = Some((x, x * z));
                assert!(self.on_curve(p));
                return p;
            }
        }
    }
    /// T = (0, √a6), the point of order 2.
    pub fn two_torsion(&self) -> Pt<F> {
        Some((F::zero(), self.a6.sqrt()))
    }
    /// A point U of order 4 when one is rational: 2U = T forces x(U)⁴ = a6.
    pub fn order4(&self) -> Option<Pt<F>> {
        let x = self.a6.sqrt().sqrt();
        let ix = x.invert_vartime().unwrap();
        let z = (x + self.a2 + self.a6 * ix * ix).solve_quadratic()?;
        let u = Some((x, x * z));
        assert_eq!(self.double(u), self.two_torsion());
        Some(u)
    }
}

pub fn to_affine<F: Field>(p: Pt<F>) -> Affine<F> {
    match p {
        None => Affine::Infinity,
        Some((x, y)) => Affine::new(x, y),
    }
}

pub fn params(name: &str) -> &'static BinaryCurveParams {
    BINARY_CURVES.iter().find(|p| p.name == name).unwrap()
}

pub fn binary_curves() -> Vec<&'static dyn NamedCurve> {
    all_curves()
        .iter()
        .copied()
        .filter(|c| c.name().starts_with("sect"))
        .collect()
}

/// The curves where halve-add applies: Tr(a2) = 1 and cofactor 2 (a2 = 1 on every B-curve
/// and on K-163, FIPS 186-4 D.1.3; the other Koblitz curves have a2 = 0 and cofactor 4).
pub const HALVING_CURVES: [&str; 6] = [
    "sect163k1",
    "sect163r2",
    "sect233r1",
    "sect283r1",
    "sect409r1",
    "sect571r1",
];

/// Scalars around the edges: small, around n, around powers of two up to 2^m + 2^(m/2).
pub fn edge_scalars(n: &[u64], m: usize, r: &mut dyn RngCore) -> Vec<Vec<u64>> {
    let mut ks: Vec<Vec<u64>> = (0..9u64).map(|k| vec![k]).collect();
    ks.extend([
        sub_one(n),
        n.to_vec(),
        add_words(n, &[1]),
        add_words(n, n),
        add_words(n, &random_below(n, r)),
    ]);
    let bits = bit_len(n);
    for j in [63, 64, 65, m / 2, bits - 1, bits, m] {
        let p = pow2(j);
        ks.push(sub_one(&p));
        ks.push(add_words(&p, &[1]));
        ks.push(p);
    }
    ks.push(add_words(&pow2(m), &pow2(m / 2)));
    ks.push(random_below(n, r));
    ks
}
