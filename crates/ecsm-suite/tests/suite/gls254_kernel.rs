//! The GLS254 double-and-add loop of the `vpclmul` backend (`backend::gls254`) against
//! its portable twin: the λ-projective formulas of `curve::binary::lambda` run one by one
//! on the portable field, column by column as `gls::methods` runs them. The results must
//! agree word for word (both are canonical), on random points, tables and digit strings;
//! the loop must decline (return `None`) exactly where the generic formulas take their
//! exceptional paths, and must really run where the CPU has AVX2 and VPCLMULQDQ.

use crate::common;

use common::{backend_available, rng};
use ecsm::backend::gls254::{
    columns, ct_all_columns, ct_columns, halve_columns, negate_table, psi_table, weighted_sum,
    Columns, CtColumns, CtTables, Fe254, HalveColumns,
};
use ecsm::backend::{Auto, Backend, Portable, Vpclmul};
use ecsm::curve::binary::{Affine, Lambda, LambdaAffine};
use ecsm::curves::gls254::{find_gls_named, GlsNamedCurve};
use ecsm::field::{BinaryField, Field, Gf127, Gf254, Gf254With, Gf2Ext};
use ecsm::gls::gls254_halving_tables;
use ecsm::gls::methods::{gls_mul, GlsCurve, GlsMethod};
use ecsm::gls::psi::psi_lambda_affine;
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

type Fp = Gf254With<Portable>;

fn on_portable(a: Gf254) -> Fp {
    Gf2Ext::new(
        a.c0.with_backend::<Portable>(),
        a.c1.with_backend::<Portable>(),
    )
}

fn words(a: &Fp) -> Fe254 {
    let (c0, c1) = (a.c0.limbs(), a.c1.limbs());
    [c0[0], c0[1], c1[0], c1[1]]
}

fn gls254() -> &'static GlsNamedCurve {
    find_gls_named("gls254").expect("gls254 is registered")
}

/// A random point of the subgroup: a random multiple of the generator.
fn point(nc: &GlsNamedCurve, r: &mut ChaCha8Rng) -> Affine<Gf254> {
    let k = [r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64() >> 3];
    gls_mul(
        nc.curve(),
        nc.glv(),
        GlsMethod::LdDblAdd(4),
        &k,
        &nc.generator_point(),
    )
    .expect("a valid method")
}

fn nonzero(r: &mut ChaCha8Rng) -> Fp {
    loop {
        let v = Fp::random(r);
        if !v.is_zero() {
            return v;
        }
    }
}

/// P in λ-projective coordinates with a random Z.
fn scaled(c: &GlsCurve<Fp>, p: &Affine<Fp>, r: &mut ChaCha8Rng) -> Lambda<Fp> {
    let l = c.affine_to_lambda(p);
    let s = nonzero(r);
    Lambda {
        x: l.x * s,
        l: l.l * s,
        z: l.z * s,
    }
}

fn entry(p: &LambdaAffine<Fp>) -> (Fe254, Fe254) {
    match p {
        LambdaAffine::Point { x, l } => (words(x), words(l)),
        _ => panic!("table entries are finite points"),
    }
}

/// The portable twin: the generic formulas, column by column, as
/// `gls::methods::lambda_dbl_add_digits` applies them once it has a point.
#[allow(clippy::too_many_arguments)]
fn twin(
    c: &GlsCurve<Fp>,
    q: Lambda<Fp>,
    t1: &[LambdaAffine<Fp>],
    t2: &[LambdaAffine<Fp>],
    d1: &[i8],
    d2: &[i8],
    from: usize,
    to: usize,
) -> Lambda<Fp> {
    let pick = |t: &[LambdaAffine<Fp>], d: i8| {
        let e = t[(d.unsigned_abs() / 2) as usize];
        if d < 0 {
            e.neg()
        } else {
            e
        }
    };
    let digit = |d: &[i8], i: usize| d.get(i).copied().unwrap_or(0);
    let mut q = q;
    for i in (from..to).rev() {
        let (a, b) = (digit(d1, i), digit(d2, i));
        q = match (a != 0, b != 0) {
            (false, false) => c.lambda_double_alt(&q),
            (true, both) => {
                let q = c.lambda_double_add(&q, &pick(t1, a));
                if both {
                    c.lambda_mixed_add(&q, &pick(t2, b))
                } else {
                    q
                }
            }
            (false, true) => c.lambda_double_add(&q, &pick(t2, b)),
        };
    }
    q
}

struct Case {
    q: Lambda<Fp>,
    t1: Vec<LambdaAffine<Fp>>,
    t2: Vec<LambdaAffine<Fp>>,
    d1: Vec<i8>,
    d2: Vec<i8>,
}

impl Case {
    fn random(nc: &GlsNamedCurve, c: &GlsCurve<Fp>, r: &mut ChaCha8Rng, len: usize) -> Case {
        let pt = |r: &mut ChaCha8Rng| point(nc, r).map(on_portable);
        let q = scaled(c, &pt(r), r);
        let table = |r: &mut ChaCha8Rng| -> Vec<LambdaAffine<Fp>> {
            (0..4).map(|_| c.affine_to_lambda_affine(&pt(r))).collect()
        };
        let (t1, t2) = (table(r), table(r));
        // Digits in {0, ±1, ±3, ±5, ±7}, zero half the time, so that every kind of
        // column (doubling, one addition, two) occurs.
        let digits = |r: &mut ChaCha8Rng| -> Vec<i8> {
            (0..len)
                .map(|_| {
                    let v = r.next_u32();
                    if v & 1 == 0 {
                        0
                    } else {
                        let m = (((v >> 1) & 3) * 2 + 1) as i8;
                        if v & 8 != 0 {
                            -m
                        } else {
                            m
                        }
                    }
                })
                .collect()
        };
        let (d1, d2) = (digits(r), digits(r));
        Case { q, t1, t2, d1, d2 }
    }

    fn run(&self, from: usize, to: usize) -> Option<[Fe254; 3]> {
        let t1: Vec<_> = self.t1.iter().map(entry).collect();
        let t2: Vec<_> = self.t2.iter().map(entry).collect();
        columns(&Columns {
            x: words(&self.q.x),
            l: words(&self.q.l),
            z: words(&self.q.z),
            t1: &t1,
            t2: &t2,
            d1: &self.d1,
            d2: &self.d2,
            from,
            to,
        })
    }

    fn twin(&self, c: &GlsCurve<Fp>, from: usize, to: usize) -> [Fe254; 3] {
        let v = twin(c, self.q, &self.t1, &self.t2, &self.d1, &self.d2, from, to);
        [words(&v.x), words(&v.l), words(&v.z)]
    }
}

#[test]
fn the_loop_matches_the_generic_formulas_word_for_word() {
    if !backend_available::<Vpclmul>("the GLS254 loop") {
        return;
    }
    let nc = gls254();
    let c = nc.curve().map_field(on_portable);
    let mut r = rng(0x6a5);
    for trial in 0..60 {
        let len = if trial < 50 { 1 + trial % 12 } else { 128 };
        let case = Case::random(nc, &c, &mut r, len);
        // Columns beyond the digits (zero digits: doublings) and a start above 0.
        for (from, to) in [(0, len), (0, len + 2), (len / 2, len)] {
            let got = case
                .run(from, to)
                .expect("no exceptional case on random input");
            assert_eq!(got, case.twin(&c, from, to), "trial {trial}, {from}..{to}");
        }
    }
}

#[test]
fn the_loop_declines_where_the_formulas_have_exceptions() {
    if !backend_available::<Vpclmul>("the GLS254 loop") {
        return;
    }
    let nc = gls254();
    let c = nc.curve().map_field(on_portable);
    let mut r = rng(0x6a6);
    let base = Case::random(nc, &c, &mut r, 1);
    let with = |q: Lambda<Fp>, t1: Vec<LambdaAffine<Fp>>, d1: i8, d2: i8| Case {
        q,
        t1,
        t2: base.t2.clone(),
        d1: vec![d1],
        d2: vec![d2],
    };
    // Z_Q = 0 (Q = O) before a doubling-and-addition.
    let o = with(Lambda::identity(), base.t1.clone(), 1, 0);
    assert_eq!(o.run(0, 1), None, "Q = O");
    // 2Q = −P: xP·Z_Q² + T = 0.
    let two_q = c.lambda_to_affine(&c.lambda_double_alt(&base.q));
    let mut t = base.t1.clone();
    t[0] = c.affine_to_lambda_affine(&two_q).neg();
    assert_eq!(with(base.q, t.clone(), 1, 0).run(0, 1), None, "2Q = -P");
    // 2Q = +P as well (B = 0 either way).
    assert_eq!(with(base.q, t, -1, 0).run(0, 1), None, "2Q = P");
    // 2Q + P1 = ±P2: the mixed addition's X_P + xQ·Z_P = 0.
    let s = c.lambda_to_affine(&c.lambda_double_add(&base.q, &base.t1[0]));
    let mut t2 = base.t2.clone();
    t2[1] = c.affine_to_lambda_affine(&s);
    let case = Case {
        q: base.q,
        t1: base.t1.clone(),
        t2,
        d1: vec![1],
        d2: vec![-3],
    };
    assert_eq!(case.run(0, 1), None, "2Q + P1 = -P2");
    // A digit with no table entry.
    assert_eq!(
        with(base.q, base.t1.clone(), 9, 0).run(0, 1),
        None,
        "digit 9"
    );
    // The same inputs without the exception are taken.
    assert!(with(base.q, base.t1.clone(), 1, 0).run(0, 1).is_some());
    assert!(o.run(1, 1).is_some(), "no columns: nothing to decline");
}

/// The double-and-add and constant-time methods, whose fast paths build the tables in the
/// backend's words (`GlsField::lambda_dbl_add_words`, `lambda_ct_words`), against the
/// portable field's generic code, on edge scalars and halves of every sign.
#[test]
fn lambda_dbl_add_and_ct_on_vpclmul_agree_with_portable() {
    if !backend_available::<Vpclmul>("the GLS254 loop") {
        return;
    }
    let nc = gls254();
    let cv = nc.curve().map_field(on_backend::<Vpclmul>);
    let cp = nc.curve().map_field(on_portable);
    let mut r = rng(0x6a7);
    let n = nc.glv().order();
    let mut ks: Vec<Vec<u64>> = vec![
        vec![0],
        vec![1],
        vec![2],
        order_plus(n, -1),
        n.to_vec(),
        order_plus(n, 1),
        vec![0, 0, 1, 0],
    ];
    // Random scalars until the halves have had each pair of signs.
    let sign_pair = |k: &[u64]| {
        let s = nc.glv().split(&nc.glv().reduce(k));
        (s.neg1 & 2 | s.neg2 & 1) as usize
    };
    let mut signs = [false; 4];
    for _ in 0..1000 {
        let k = vec![r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64()];
        if !std::mem::replace(&mut signs[sign_pair(&k)], true) {
            ks.push(k);
        }
    }
    assert_eq!(signs, [true; 4], "every sign pair of the halves was found");
    for w in 2..=8 {
        let p = point(nc, &mut r);
        for k in &ks {
            for m in [GlsMethod::LambdaDblAdd(w), GlsMethod::LambdaCt(w)] {
                let a = gls_mul(&cp, nc.glv(), m, k, &p.map(on_portable)).unwrap();
                let b = gls_mul(&cv, nc.glv(), m, k, &p.map(on_backend::<Vpclmul>)).unwrap();
                assert_eq!(to_auto(b), to_auto(a), "{m:?}, k = {k:x?}");
            }
        }
    }
}

/// `psi_table` and `negate_table` on words against ψ and the negation of the generic
/// λ-affine points.
#[test]
fn psi_and_sign_tables_match_the_generic_maps() {
    let nc = gls254();
    let c = nc.curve().map_field(on_portable);
    let mut r = rng(0x6ad);
    let base: Vec<LambdaAffine<Fp>> = (0..8)
        .map(|_| c.affine_to_lambda_affine(&point(nc, &mut r).map(on_portable)))
        .collect();
    let words_of = |t: &[LambdaAffine<Fp>]| t.iter().map(entry).collect::<Vec<_>>();
    for neg in [0, u64::MAX] {
        let sign = |p: LambdaAffine<Fp>| if neg != 0 { p.neg() } else { p };
        let psi: Vec<_> = base.iter().map(|p| sign(psi_lambda_affine(p))).collect();
        assert_eq!(
            psi_table(&words_of(&base), neg),
            words_of(&psi),
            "neg = {neg:x}"
        );
        let mut t = words_of(&base);
        negate_table(&mut t, neg);
        let want: Vec<_> = base.iter().map(|p| sign(*p)).collect();
        assert_eq!(t, words_of(&want), "neg = {neg:x}");
    }
}

/// The portable twin of `lambda-ct`'s loop: per column below the top one, w − 2
/// doublings and one 2Q + P1 + P2, entries by digit as `gls::ct` reads them.
fn ct_twin(c: &GlsCurve<Fp>, case: &Case, w: usize) -> [Fe254; 3] {
    let pick = |t: &[LambdaAffine<Fp>], d: i8| {
        let e = t[(d.unsigned_abs() / 2) as usize];
        if d < 0 {
            e.neg()
        } else {
            e
        }
    };
    let mut q = case.q;
    for i in (0..case.d1.len() - 1).rev() {
        for _ in 0..w - 2 {
            q = c.lambda_double_alt(&q);
        }
        q = c.lambda_double_add_add(&q, &pick(&case.t1, case.d1[i]), &pick(&case.t2, case.d2[i]));
    }
    [words(&q.x), words(&q.l), words(&q.z)]
}

fn ct_run(case: &Case, w: usize) -> Option<([Fe254; 3], bool)> {
    let t1: Vec<_> = case.t1.iter().map(entry).collect();
    let t2: Vec<_> = case.t2.iter().map(entry).collect();
    ct_columns(&CtColumns {
        x: words(&case.q.x),
        l: words(&case.q.l),
        z: words(&case.q.z),
        t1: &t1,
        t2: &t2,
        d1: &case.d1,
        d2: &case.d2,
        w,
    })
}

#[test]
fn the_constant_time_loop_matches_the_generic_formulas_word_for_word() {
    if !backend_available::<Vpclmul>("the GLS254 constant-time loop") {
        return;
    }
    let nc = gls254();
    let c = nc.curve().map_field(on_portable);
    let mut r = rng(0x6a8);
    for trial in 0..40 {
        let w = 2 + trial % 5;
        let len = if trial < 30 {
            2 + trial % 7
        } else {
            127usize.div_ceil(w - 1)
        };
        let mut case = Case::random(nc, &c, &mut r, len);
        // Regular recodings: every digit odd.
        for d in case.d1.iter_mut().chain(case.d2.iter_mut()) {
            if *d == 0 {
                *d = if r.next_u32() & 1 == 0 { 1 } else { -7 };
            }
        }
        let (got, bad) = ct_run(&case, w).expect("a well-formed job");
        assert!(!bad, "trial {trial}: no exceptional factor on random input");
        assert_eq!(got, ct_twin(&c, &case, w), "trial {trial}, w = {w}");
    }
    // A column with 2Q = −P1 raises the flag (F + T = 0) instead of declining.
    let mut case = Case::random(nc, &c, &mut r, 2);
    let two_q = c.lambda_to_affine(&c.lambda_double_alt(&case.q));
    case.t1[0] = c.affine_to_lambda_affine(&two_q).neg();
    case.d1 = vec![1, 1];
    case.d2 = vec![1, 1];
    let (_, bad) = ct_run(&case, 2).expect("a well-formed job");
    assert!(bad, "2Q = -P1 must be flagged");
    // Malformed jobs are declined.
    case.d2 = vec![1];
    assert_eq!(ct_run(&case, 4), None, "digit strings of different lengths");
}

/// `ct_all_columns`: the first column (the top digits' entries added by the mixed
/// addition) and the loop, against the generic first column and the portable twin.
#[test]
fn the_constant_time_columns_from_the_top_match_the_generic_code() {
    if !backend_available::<Vpclmul>("the GLS254 constant-time loop") {
        return;
    }
    let nc = gls254();
    let c = nc.curve().map_field(on_portable);
    let mut r = rng(0x6ae);
    let pick = |t: &[LambdaAffine<Fp>], d: i8| {
        let e = t[(d.unsigned_abs() / 2) as usize];
        if d < 0 {
            e.neg()
        } else {
            e
        }
    };
    for trial in 0..30 {
        let w = 2 + trial % 5;
        let len = if trial < 20 {
            1 + trial % 7
        } else {
            127usize.div_ceil(w - 1)
        };
        let mut case = Case::random(nc, &c, &mut r, len);
        for d in case.d1.iter_mut().chain(case.d2.iter_mut()) {
            if *d == 0 {
                *d = if r.next_u32() & 1 == 0 { 3 } else { -1 };
            }
        }
        let top = len - 1;
        // P1 ≠ ±P2 on random points: the mixed addition's generic path, as the
        // constant-time code's core formula takes it.
        let start = c.lambda_affine_to_lambda(&pick(&case.t1, case.d1[top]));
        case.q = c.lambda_mixed_add(&start, &pick(&case.t2, case.d2[top]));
        let t1: Vec<_> = case.t1.iter().map(entry).collect();
        let t2: Vec<_> = case.t2.iter().map(entry).collect();
        let (got, bad) = ct_all_columns(&CtTables {
            t1: &t1,
            t2: &t2,
            d1: &case.d1,
            d2: &case.d2,
            w,
        })
        .expect("a well-formed job");
        assert!(!bad, "trial {trial}: no exceptional factor on random input");
        assert_eq!(got, ct_twin(&c, &case, w), "trial {trial}, w = {w}");
    }
    // The first column's P1 = P2 (F = 0) raises the flag.
    let case = Case::random(nc, &c, &mut r, 1);
    let t1: Vec<_> = case.t1.iter().map(entry).collect();
    let job = CtTables {
        t1: &t1,
        t2: &t1,
        d1: &[1],
        d2: &[1],
        w: 4,
    };
    assert!(
        ct_all_columns(&job).expect("a well-formed job").1,
        "P1 = P2"
    );
    assert_eq!(
        ct_all_columns(&CtTables { d2: &[1, 1], ..job }),
        None,
        "digit strings of different lengths"
    );
}

// ---------------------------------------------------------------------------------------
// The halving loop (`halve_columns`, `lambda-halve-add` and the halving half of
// `lambda-parallel`) and its half-trace tables.

/// The words of a GF(2^127) element.
fn words127(a: &Gf127) -> [u64; 2] {
    *a.limbs()
}

#[test]
fn halving_tables_agree_with_the_field() {
    let tables = gls254_halving_tables();
    let mut r = rng(0x6a9);
    let mut cs = vec![Gf127::zero(), Gf127::one()];
    cs.extend((0..127).map(|i| {
        let mut w = [0u64; 2];
        w[i / 64] = 1 << (i % 64);
        Gf127::from_limbs(w).expect("z^i is canonical")
    }));
    cs.push(Gf127::from_limbs([u64::MAX, u64::MAX >> 1]).expect("all 127 bits"));
    cs.extend((0..200).map(|_| Gf127::random(&mut r)));
    for c in &cs {
        let w = words127(c);
        let h = c.half_trace();
        assert_eq!(tables.half_trace(w), words127(&h), "H({w:x?})");
        assert_eq!(tables.g(w), words127(&h.square().half_trace()), "G({w:x?})");
        // Independently of the field's own half-trace: H(c)² + H(c) = c + Tr(c).
        let ht = Gf127::from_limbs(tables.half_trace(w)).expect("canonical half-trace");
        let rhs = if c.trace() == 1 {
            *c + Gf127::one()
        } else {
            *c
        };
        assert_eq!(ht.square() + ht, rhs, "H({w:x?}) solves z² + z = c + Tr(c)");
    }
    // H(1) = 0, which lets the kernel drop ε from λ₀.
    assert_eq!(tables.half_trace([1, 0]), [0, 0], "H(1)");
    // GF(2^254)'s half-trace as the kernel forms it: λ₀ = H(c₀) + G(c₁),
    // λ₁ = H(c₁) + ε with ε = Tr(c₀) + Tr(H(c₁)).
    let mut es: Vec<Gf254> = vec![Gf254::zero(), Gf254::one(), Gf254::u()];
    es.extend((0..200).map(|_| Gf254::random(&mut r)));
    for c in &es {
        let (c0, c1) = (words127(&c.c0), words127(&c.c1));
        let h1 = tables.half_trace(c1);
        let h1e = Gf127::from_limbs(h1).expect("canonical half-trace");
        let eps = u64::from(c.c0.trace() ^ h1e.trace());
        let l0 = tables.half_trace(c0);
        let g1 = tables.g(c1);
        let want = [l0[0] ^ g1[0], l0[1] ^ g1[1], h1[0] ^ eps, h1[1]];
        let z = c.half_trace();
        let got = [
            z.c0.limbs()[0],
            z.c0.limbs()[1],
            z.c1.limbs()[0],
            z.c1.limbs()[1],
        ];
        assert_eq!(got, want, "half-trace of {c:x?}");
    }
}

/// The portable twin of the halving loop: `gls::methods::halve_loop` with the
/// accumulation of `lambda_halve_add_digits` (`accumulate`), the accumulators returned
/// as they are (not summed), canonical words.
#[allow(clippy::too_many_arguments)]
fn halve_twin(
    c: &GlsCurve<Fp>,
    start: LambdaAffine<Fp>,
    d1: &[i8],
    d2: &[i8],
    neg1: bool,
    neg2: bool,
    slots: usize,
    to: usize,
) -> Vec<Option<[Fe254; 3]>> {
    let digit = |d: &[i8], i: usize| d.get(i).copied().unwrap_or(0);
    let mut acc: Vec<Option<Lambda<Fp>>> = vec![None; slots];
    let mut add = |d: i8, neg: bool, p: LambdaAffine<Fp>| {
        let p = if (d < 0) ^ neg { p.neg() } else { p };
        let slot = &mut acc[(d.unsigned_abs() / 2) as usize];
        *slot = Some(match slot {
            None => c.lambda_affine_to_lambda(&p),
            Some(a) => c.lambda_mixed_add(a, &p),
        });
    };
    let mut r = start;
    for i in (0..to).rev() {
        let (a, b) = (digit(d1, i), digit(d2, i));
        if a != 0 {
            add(a, neg1, r);
        }
        if b != 0 {
            add(b, neg2, psi_lambda_affine(&r));
        }
        if i > 0 {
            r = c.lambda_affine_halve(&r);
        }
    }
    acc.iter()
        .map(|q| q.map(|q| [words(&q.x), words(&q.l), words(&q.z)]))
        .collect()
}

/// A NAF-like digit string: each position nonzero with probability about 1/(w + 1), the
/// nonzero digits odd, of either sign, below 2^(w − 1) in absolute value.
fn naf_like(r: &mut ChaCha8Rng, w: usize, len: usize) -> Vec<i8> {
    let slots = 1u32 << (w - 2);
    (0..len)
        .map(|_| {
            if !r.next_u32().is_multiple_of(w as u32 + 1) {
                return 0;
            }
            let v = r.next_u32();
            let m = (2 * (v % slots) + 1) as i8;
            if v & (1 << 16) != 0 {
                -m
            } else {
                m
            }
        })
        .collect()
}

struct HalveCase {
    start: LambdaAffine<Fp>,
    d1: Vec<i8>,
    d2: Vec<i8>,
    neg1: bool,
    neg2: bool,
    slots: usize,
}

impl HalveCase {
    fn run(&self, to: usize) -> Option<Vec<Option<[Fe254; 3]>>> {
        let (x, l) = entry(&self.start);
        halve_columns(&HalveColumns {
            x,
            l,
            d1: &self.d1,
            d2: &self.d2,
            neg1: self.neg1,
            neg2: self.neg2,
            slots: self.slots,
            to,
            tables: gls254_halving_tables(),
        })
    }

    fn twin(&self, c: &GlsCurve<Fp>, to: usize) -> Vec<Option<[Fe254; 3]>> {
        halve_twin(
            c, self.start, &self.d1, &self.d2, self.neg1, self.neg2, self.slots, to,
        )
    }
}

#[test]
fn halve_loop_matches_its_portable_twin() {
    let vector = backend_available::<Vpclmul>("the GLS254 halving loop");
    let nc = gls254();
    let c = nc.curve().map_field(on_portable);
    let mut r = rng(0x6aa);
    let lens = [0usize, 1, 2, 5, 60, 127, 128];
    for trial in 0..70 {
        let w = 2 + trial % 6;
        let len = lens[trial % lens.len()];
        let slots = 1usize << (w - 2);
        let start = c.affine_to_lambda_affine(&point(nc, &mut r).map(on_portable));
        let (d1, d2) = (naf_like(&mut r, w, len), naf_like(&mut r, w, len));
        let v = r.next_u32();
        let case = HalveCase {
            start,
            d1,
            d2,
            neg1: v & 1 != 0,
            neg2: v & 2 != 0,
            slots,
        };
        // All positions, positions past the digits (zero digits: halvings only), and a
        // prefix of them (the digits above `to` ignored, as in `lambda-parallel`).
        for to in [len, len + 1 + (v >> 8) as usize % 3, len / 2] {
            let got = case.run(to);
            if !vector {
                assert_eq!(got, None, "no AVX2/VPCLMULQDQ: the loop must decline");
                continue;
            }
            let got = got.unwrap_or_else(|| {
                panic!("trial {trial} (w = {w}, len = {len}, to = {to}): declined a random input")
            });
            let want = case.twin(&c, to);
            assert_eq!(got.len(), want.len(), "trial {trial}: accumulator count");
            for (j, (g, e)) in got.iter().zip(&want).enumerate() {
                assert_eq!(
                    g, e,
                    "trial {trial} (w = {w}, len = {len}, to = {to}, neg = {}/{}): accumulator {j}",
                    case.neg1, case.neg2
                );
            }
        }
    }
}

#[test]
fn halve_loop_declines_a_digit_without_an_accumulator() {
    let vector = backend_available::<Vpclmul>("the GLS254 halving loop");
    let nc = gls254();
    let c = nc.curve().map_field(on_portable);
    let mut r = rng(0x6ab);
    let start = c.affine_to_lambda_affine(&point(nc, &mut r).map(on_portable));
    let case = |slots: usize, d1: Vec<i8>, d2: Vec<i8>| HalveCase {
        start,
        d1,
        d2,
        neg1: false,
        neg2: true,
        slots,
    };
    // (slots, digit out of range, the largest digit in range)
    for (slots, bad, good) in [
        (1, 3i8, 1i8),
        (2, 5, 3),
        (4, 9, 7),
        (4, -9, -7),
        (32, 65, 63),
        (32, i8::MIN, -63),
    ] {
        for second in [false, true] {
            let digits = |d: i8| {
                let s = vec![1, 0, d, 0, -1];
                if second {
                    (vec![1, 0, 0, 0, 1], s)
                } else {
                    (s, vec![0, 1, 0, 0, -1])
                }
            };
            let (d1, d2) = digits(bad);
            let declined = case(slots, d1, d2);
            assert_eq!(
                declined.run(5),
                None,
                "digit {bad} with {slots} accumulators (in d{})",
                1 + second as u8
            );
            let (d1, d2) = digits(good);
            let taken = case(slots, d1, d2);
            let got = taken.run(5);
            if !vector {
                assert_eq!(got, None, "no AVX2/VPCLMULQDQ: the loop must decline");
                continue;
            }
            assert_eq!(
                got,
                Some(taken.twin(&c, 5)),
                "digit {good} with {slots} accumulators (in d{})",
                1 + second as u8
            );
        }
    }
}

/// r + δ for a small δ, as words.
fn order_plus(n: &[u64], delta: i64) -> Vec<u64> {
    let mut out = n.to_vec();
    let mut carry = delta;
    for w in out.iter_mut() {
        if carry == 0 {
            break;
        }
        let (v, c) = if carry > 0 {
            let (v, o) = w.overflowing_add(carry as u64);
            (v, i64::from(o))
        } else {
            let (v, o) = w.overflowing_sub(carry.unsigned_abs());
            (v, -i64::from(o))
        };
        *w = v;
        carry = c;
    }
    out
}

fn to_auto<B: Backend>(p: Affine<Gf254With<B>>) -> Affine<Gf254> {
    p.map(|a| Gf2Ext::new(a.c0.with_backend::<Auto>(), a.c1.with_backend::<Auto>()))
}

fn on_backend<B: Backend>(a: Gf254) -> Gf254With<B> {
    Gf2Ext::new(a.c0.with_backend::<B>(), a.c1.with_backend::<B>())
}

#[test]
fn halve_methods_agree_between_backends() {
    if !backend_available::<Vpclmul>("the GLS254 halving loop") {
        return;
    }
    let nc = gls254();
    let glv = nc.glv();
    let cv = nc.curve().map_field(on_backend::<Vpclmul>);
    let cp = nc.curve().map_field(on_portable);
    let ca = nc.curve();
    let mut r = rng(0x6ac);
    let n = glv.order();
    let mut ks: Vec<Vec<u64>> = vec![
        vec![0],
        vec![1],
        vec![2],
        vec![3],
        order_plus(n, -1),
        n.to_vec(),
        order_plus(n, 1),
        vec![0, 1 << 63, 0, 0],
        vec![0, 0, 0, 1 << 61],
    ];
    for _ in 0..3 {
        ks.push(vec![r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64()]);
    }
    for w in 2..=7 {
        let p = point(nc, &mut r);
        let mut methods = vec![GlsMethod::LambdaHalveAdd(w)];
        methods.extend([0, 1, 60, 128].map(|t| GlsMethod::LambdaParallel { w, t: Some(t) }));
        for k in &ks {
            // A method without halving, on the portable field, as the reference.
            let want = gls_mul(&cp, glv, GlsMethod::LdDblAdd(w), k, &p.map(on_portable))
                .expect("a valid method");
            let want = to_auto(want);
            for &m in &methods {
                let on_p = gls_mul(&cp, glv, m, k, &p.map(on_portable)).expect("a valid method");
                let on_v =
                    gls_mul(&cv, glv, m, k, &p.map(on_backend::<Vpclmul>)).expect("a valid method");
                let on_a = gls_mul(ca, glv, m, k, &p).expect("a valid method");
                assert_eq!(to_auto(on_p), want, "portable, {m:?}, k = {k:x?}");
                assert_eq!(to_auto(on_v), want, "vpclmul, {m:?}, k = {k:x?}");
                assert_eq!(on_a, want, "auto, {m:?}, k = {k:x?}");
            }
        }
    }
}

/// Σ_j (2j + 1)·Q_j by the generic formulas on the portable field, in the order the
/// generic halve-and-add sums its accumulators: R_j = Σ_(i ≥ j) Q_i, S = Σ_j R_j,
/// then 2S − R_0, a missing Q_j adding nothing and S + S (the slot below the highest
/// one present empty) a doubling. `None` when no accumulator is present.
fn weighted_sum_twin(c: &GlsCurve<Fp>, acc: &[Option<Lambda<Fp>>]) -> Option<Lambda<Fp>> {
    let mut rs: Option<(Lambda<Fp>, Lambda<Fp>, bool)> = None;
    for q in acc.iter().rev() {
        rs = match (rs, q) {
            (None, None) => None,
            (None, Some(q)) => Some((*q, *q, true)),
            (Some((r, s, same)), q) => {
                let r = q.map_or(r, |q| c.lambda_add(&r, &q));
                let s = if same && q.is_none() {
                    c.lambda_double_alt(&s)
                } else {
                    c.lambda_add(&s, &r)
                };
                Some((r, s, false))
            }
        };
    }
    let (r, s, _) = rs?;
    Some(c.lambda_add(&c.lambda_double_alt(&s), &r.neg()))
}

/// Σ (2j + 1)·P_j by affine additions, P_j = O where the slot is empty.
fn weighted_sum_affine(c: &GlsCurve<Fp>, pts: &[Option<Affine<Fp>>]) -> Affine<Fp> {
    let mut want = Affine::Infinity;
    for (j, p) in pts.iter().enumerate() {
        for _ in 0..2 * j + 1 {
            want = c.affine_add(&want, &p.unwrap_or(Affine::Infinity));
        }
    }
    want
}

fn lambda_words(q: &Lambda<Fp>) -> [Fe254; 3] {
    [words(&q.x), words(&q.l), words(&q.z)]
}

#[test]
fn weighted_sum_matches_its_portable_twin() {
    let nc = gls254();
    let c = nc.curve().map_field(on_portable);
    let have = backend_available::<Vpclmul>("the GLS254 weighted sum");
    let mut r = rng(0x5e3);
    for n in [2usize, 3, 4, 8, 32] {
        for trial in 0..9 {
            // Trials 6–8 leave slots empty: the top one, the one below the highest
            // present (where S + S is a doubling), the bottom one, and every third.
            let empty = |j: usize| match trial {
                6 => j == n - 1 || j == 0,
                7 => j == n - 2 || j % 3 == 1,
                8 => j + 2 >= n || j % 3 == 2,
                _ => false,
            };
            let pts: Vec<Option<Affine<Fp>>> = (0..n)
                .map(|j| {
                    let p = point(nc, &mut r).map(on_portable);
                    (!empty(j)).then_some(p)
                })
                .collect();
            let acc: Vec<Option<Lambda<Fp>>> = pts
                .iter()
                .map(|p| p.map(|p| scaled(&c, &p, &mut r)))
                .collect();
            let input: Vec<Option<[Fe254; 3]>> =
                acc.iter().map(|q| q.as_ref().map(lambda_words)).collect();
            let got = weighted_sum(&input);
            if !have {
                assert_eq!(got, None, "no vector unit: declined");
                continue;
            }
            let Some(twin) = weighted_sum_twin(&c, &acc) else {
                assert_eq!(got, None, "n = {n}, trial {trial}: nothing present");
                continue;
            };
            assert_eq!(got, Some(lambda_words(&twin)), "n = {n}, trial {trial}");
            if trial == 0 || trial >= 6 {
                // And the twin is the weighted sum.
                let want = weighted_sum_affine(&c, &pts);
                assert_eq!(c.lambda_to_affine(&twin), want, "n = {n}, trial {trial}");
            }
        }
    }
    // Declined: one accumulator, none present, equal points (P + P is a doubling in
    // the generic code), a coordinate that is not canonical.
    let p = point(nc, &mut r).map(on_portable);
    let q = point(nc, &mut r).map(on_portable);
    let (a, b) = (scaled(&c, &p, &mut r), scaled(&c, &q, &mut r));
    let w = |q: &Lambda<Fp>| Some(lambda_words(q));
    assert_eq!(weighted_sum(&[w(&a)]), None);
    assert_eq!(weighted_sum(&[None, None, None]), None);
    assert_eq!(weighted_sum(&[]), None);
    let same = scaled(&c, &p, &mut r);
    assert_eq!(weighted_sum(&[w(&same), w(&a)]), None, "Q_1 = Q_0");
    let mut odd = lambda_words(&a);
    odd[1][1] |= 1 << 63;
    assert_eq!(weighted_sum(&[Some(odd), w(&b)]), None, "bit 127 set");
    if have {
        assert!(
            weighted_sum(&[w(&a), w(&b)]).is_some(),
            "distinct points run"
        );
    }
}

fn auto_words(a: &Gf254) -> Fe254 {
    let (c0, c1) = (a.c0.limbs(), a.c1.limbs());
    [c0[0], c0[1], c1[0], c1[1]]
}

fn auto_elem(w: Fe254) -> Option<Gf254> {
    Some(Gf2Ext::new(
        Gf127::from_limbs([w[0], w[1]]).ok()?,
        Gf127::from_limbs([w[2], w[3]]).ok()?,
    ))
}

/// The backend's table P, [3]P, …, [2t − 1]P (λ-projective steps, one inversion)
/// against an independent one: affine additions of [2]P (`affine_double`,
/// `affine_add`), each made λ-affine by its own inversion, on random subgroup points
/// for t = 1 … 16. It declines x = 0 and a failed inversion.
#[test]
fn odd_multiples_match_affine_additions() {
    if !backend_available::<Vpclmul>("odd_multiples_match_affine_additions") {
        return;
    }
    let nc = gls254();
    let c = nc.curve();
    let invert = |w: Fe254| Some(auto_words(&auto_elem(w)?.invert_vartime().ok()?));
    let mut r = rng(0x0dd5);
    for round in 0..6 {
        let p = point(nc, &mut r);
        let Affine::Point { x, y } = p else {
            panic!("a subgroup point is finite");
        };
        let double = c.affine_double(&p);
        let mut want = vec![p];
        for t in 1..=16 {
            let got =
                ecsm::backend::gls254::odd_multiples(&auto_words(&x), &auto_words(&y), t, &invert)
                    .expect("the backend runs on this CPU");
            assert_eq!(got.len(), t);
            for (i, (q, g)) in want.iter().zip(&got).enumerate() {
                let LambdaAffine::Point { x: qx, l: ql } = c.affine_to_lambda_affine(q) else {
                    panic!("[{}]P is finite", 2 * i + 1);
                };
                assert_eq!(
                    *g,
                    (auto_words(&qx), auto_words(&ql)),
                    "round {round}, t = {t}, [{}]P",
                    2 * i + 1
                );
            }
            let next = c.affine_add(want.last().expect("nonempty"), &double);
            want.push(next);
        }
    }
    let p = point(nc, &mut r);
    let Affine::Point { y, .. } = p else {
        panic!("finite");
    };
    let zero = [0u64; 4];
    assert_eq!(
        ecsm::backend::gls254::odd_multiples(&zero, &auto_words(&y), 4, &invert),
        None,
        "x = 0"
    );
    let Affine::Point { x, .. } = p else {
        panic!("finite");
    };
    assert_eq!(
        ecsm::backend::gls254::odd_multiples(&auto_words(&x), &auto_words(&y), 4, &|_| None),
        None,
        "a failed inversion"
    );
    assert_eq!(
        ecsm::backend::gls254::odd_multiples(&auto_words(&x), &auto_words(&y), 0, &invert),
        None,
        "t = 0"
    );
}
