use ecsm::backend::{Clmul, Portable};
use ecsm::field::*;
use rand::SeedableRng;
fn refmul(a: &[u64], b: &[u64], m: usize, terms: &[usize]) -> Vec<u64> {
    let n = a.len();
    let mut p = vec![0u64; 2 * n + 1];
    for i in 0..64 * n {
        if a[i / 64] >> (i % 64) & 1 == 1 {
            for j in 0..64 * n {
                if b[j / 64] >> (j % 64) & 1 == 1 {
                    p[(i + j) / 64] ^= 1 << ((i + j) % 64);
                }
            }
        }
    }
    for d in (m..128 * n).rev() {
        if p[d / 64] >> (d % 64) & 1 == 1 {
            p[d / 64] ^= 1 << (d % 64);
            let s = d - m;
            p[s / 64] ^= 1 << (s % 64);
            for &k in terms {
                let t = s + k;
                p[t / 64] ^= 1 << (t % 64);
            }
        }
    }
    p.truncate(n);
    p
}
#[test]
fn scratch() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for _ in 0..50 {
        let a = Gf233::random(&mut rng);
        let b = Gf233::random(&mut rng);
        let r = refmul(a.limbs(), b.limbs(), 233, &[74]);
        assert_eq!(
            &r[..],
            &(a.with_backend::<Portable>() * b.with_backend::<Portable>()).limbs()[..]
        );
        assert_eq!(
            &r[..],
            &(a.with_backend::<Clmul>() * b.with_backend::<Clmul>()).limbs()[..]
        );
        assert_eq!(a * a.invert().unwrap(), Gf233::one());
        assert_eq!(a * a.invert_vartime().unwrap(), Gf233::one());
        assert_eq!(a.invert_euclid_vartime().unwrap(), a.invert().unwrap());
        assert_eq!(a.sqrt().square(), a);
        let a = Gf127::random(&mut rng);
        let b = Gf127::random(&mut rng);
        let r = refmul(a.limbs(), b.limbs(), 127, &[63]);
        assert_eq!(&r[..], &(a * b).limbs()[..]);
        assert_eq!(
            &r[..],
            &(a.with_backend::<Portable>() * b.with_backend::<Portable>()).limbs()[..]
        );
        let a = Gf571::random(&mut rng);
        let b = Gf571::random(&mut rng);
        let r = refmul(a.limbs(), b.limbs(), 571, &[2, 5, 10]);
        assert_eq!(&r[..], &(a * b).limbs()[..]);
        assert_eq!(a * a.invert_vartime().unwrap(), Gf571::one());
        let c = Gf571::random(&mut rng);
        match c.solve_quadratic() {
            Some(z) => assert_eq!(z.square() + z, c),
            None => assert_eq!(c.trace(), 1),
        }
        let c = Gf254::random(&mut rng);
        match c.solve_quadratic() {
            Some(z) => assert_eq!(z.square() + z, c),
            None => assert_eq!(c.trace(), 1),
        }
        assert_eq!(c * c.invert().unwrap(), Gf254::one());
        assert_eq!(c.sqrt().square(), c);
    }
}
