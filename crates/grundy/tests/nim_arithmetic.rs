//! Nim multiplication against its definition, written here from scratch:
//! a ⊗ b = mex{a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b} (Conway, On
//! Numbers and Games, ch. 6), for every a, b < 64; published products;
//! powers and inverses in the field GF(2^64).

use grundy::nimber::{nim_inverse, nim_mul, nim_pow};
use proptest::prelude::*;

/// The products a ⊗ b for a, b < n, by the mex definition.
fn naive_table(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = vec![false; 4 * n + 2];
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = t[a2][b] ^ t[a][b2] ^ t[a2][b2];
                    if (v as usize) < seen.len() {
                        seen[v as usize] = true;
                    }
                }
            }
            t[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    t
}

#[test]
fn the_product_is_the_mex_definition_below_64() {
    let t = naive_table(64);
    for a in 0..64u64 {
        for b in 0..64u64 {
            assert_eq!(nim_mul(a, b), t[a as usize][b as usize], "{a} x {b}");
        }
    }
}

/// Published products: 2 ⊗ 2 = 3, 4 ⊗ 4 = 6, 8 ⊗ 8 = 13, 16 ⊗ 16 = 24
/// (a Fermat 2-power squared is itself times 3/2), and 2^32 ⊗ 2^32 =
/// 2^32 ⊕ 2^31.
#[test]
fn published_products() {
    assert_eq!(nim_mul(2, 2), 3);
    assert_eq!(nim_mul(4, 4), 6);
    assert_eq!(nim_mul(8, 8), 13);
    assert_eq!(nim_mul(16, 16), 24);
    assert_eq!(nim_mul(1 << 32, 1 << 32), (1 << 32) | (1 << 31));
}

proptest! {
    /// Field laws for any 64-bit nimbers: commutative, associative,
    /// distributive over XOR; x^(2^64) = x; x ⊗ x⁻¹ = 1.
    #[test]
    fn field_laws(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
        prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
        prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
        prop_assert_eq!(nim_mul(nim_pow(a, u64::MAX), a), a);
        match nim_inverse(a) {
            Some(inv) => prop_assert_eq!(nim_mul(a, inv), 1),
            None => prop_assert_eq!(a, 0),
        }
    }
}
