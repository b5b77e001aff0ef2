//! Nimbers: the values of impartial games.
//!
//! A nimber `*n` is the value of a Nim heap of size `n`. Adding games adds
//! their nimbers, and nim-addition is bitwise XOR (the Sprague-Grundy
//! theorem), so the newtype makes `+` mean XOR and keeps the two kinds of
//! addition from being confused in the engines.

use std::fmt;
use std::ops::{Add, AddAssign};

/// The Sprague-Grundy value of an impartial game under normal play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value of a finished game: the player to move has lost.
    pub const ZERO: Nimber = Nimber(0);

    /// The raw value, for indexing tables and printing in JSON.
    pub fn value(self) -> u64 {
        self.0
    }

    /// Conway's nim-multiplication; with nim-addition it makes the nimbers
    /// a field, which coin-turning product games (tartans) rely on.
    pub fn nim_mul(self, other: Nimber) -> Nimber {
        Nimber(nim_mul(self.0, other.0))
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Self {
        Nimber(v)
    }
}

// Nim-addition is XOR by definition, not by mistake.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

/// Written the way the literature writes them: `0`, `*`, `*2`, ...
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// Nim-multiplication of two 64-bit nimbers.
///
/// Uses the Fermat-power recursion: for `x, y < 2^(2^(k+1))`, split each at
/// `F = 2^(2^k)`; since `F ⊗ F = F ⊕ F/2`, the product needs three half-size
/// products (Karatsuba style) and one multiplication by `F/2`. Products of
/// bytes come from a table: four half-size products a level make a 64-bit
/// product 4096 one-bit ones without it, 64 lookups with it.
pub fn nim_mul(x: u64, y: u64) -> u64 {
    nim_mul_bits(x, y, 64, Some(byte_products()))
}

/// `x` to the nim-power `n` (`x ⊗ x ⊗ ...`, n times; 1 for n = 0), by
/// squaring: the nimbers below 2^64 are a field, GF(2^64).
pub fn nim_pow(x: u64, n: u64) -> u64 {
    pow_bits(x, n, 64)
}

/// [`nim_pow`] in the subfield of the nimbers below `2^bits` (a Fermat
/// 2-power), which holds `x`.
fn pow_bits(x: u64, n: u64, bits: u32) -> u64 {
    let table = Some(byte_products());
    let (mut result, mut base, mut n) = (1, x, n);
    while n > 0 {
        if n & 1 == 1 {
            result = nim_mul_bits(result, base, bits, table);
        }
        base = nim_mul_bits(base, base, bits, table);
        n >>= 1;
    }
    result
}

/// The nim-inverse of `x` (`y` with `x ⊗ y = 1`), `None` for 0, down the
/// tower of subfields: the product coin games invert a row's value for
/// each of their moves, and the power `x^(2^64 - 2)` took 127 products of
/// 64 bits (a listing of Turning Corners on a head of 10^11 spent 98% of
/// its time there).
pub fn nim_inverse(x: u64) -> Option<u64> {
    (x != 0).then(|| inverse_bits(x, 64, byte_products()))
}

/// The inverse of `0 < x < 2^bits` (`bits` a Fermat 2-power). Write
/// `x = a F + b` with `F = 2^(bits/2)`, whose square is `F + F/2`. The
/// other root of that square is `F + 1`, so the conjugate of `x` is
/// `a F + (a + b)`, and `x` times it is `a² F/2 + a b + b²`, in the half
/// field: the inverse is the conjugate divided by that norm, one inverse
/// of half the width and six products of half the width.
fn inverse_bits(x: u64, bits: u32, table: &[u8; 1 << 16]) -> u64 {
    if bits <= 8 {
        return pow_bits(x, 254, 8);
    }
    let half = bits / 2;
    if x >> half == 0 {
        return inverse_bits(x, half, table);
    }
    let mul = |p: u64, q: u64| nim_mul_bits(p, q, half, Some(table));
    let (a, b) = (x >> half, x & ((1u64 << half) - 1));
    let norm = mul(mul(a, a), 1 << (half - 1)) ^ mul(a, b) ^ mul(b, b);
    let scale = inverse_bits(norm, half, table);
    mul(a, scale) << half | mul(a ^ b, scale)
}

/// The nim-products of every two bytes, `[x << 8 | y]`, made on first use
/// by the recursion alone.
fn byte_products() -> &'static [u8; 1 << 16] {
    static TABLE: std::sync::OnceLock<Box<[u8; 1 << 16]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([0u8; 1 << 16]);
        for (i, p) in t.iter_mut().enumerate() {
            *p = nim_mul_bits((i >> 8) as u64, (i & 255) as u64, 8, None) as u8;
        }
        t
    })
}

/// The product of `x, y < 2^bits` (`bits` a Fermat 2-power); bytes by
/// `table` when given.
fn nim_mul_bits(x: u64, y: u64, bits: u32, table: Option<&[u8; 1 << 16]>) -> u64 {
    if x < 2 || y < 2 {
        return x * y;
    }
    if let Some(t) = table.filter(|_| (x | y) >> 8 == 0) {
        return t[(x << 8 | y) as usize] as u64;
    }
    let half = bits / 2;
    // Shrink the working width to the smallest Fermat 2-power that holds both.
    if half >= 1 && (x | y) >> half == 0 {
        return nim_mul_bits(x, y, half, table);
    }
    let mask = (1u64 << half) - 1;
    let (x1, x0) = (x >> half, x & mask);
    let (y1, y0) = (y >> half, y & mask);
    let lo = nim_mul_bits(x0, y0, half, table);
    let hi = nim_mul_bits(x1, y1, half, table);
    let mid = nim_mul_bits(x0 ^ x1, y0 ^ y1, half, table);
    // (x1 F + x0)(y1 F + y0) = x1y1 (F + F/2) + (x1y0 + x0y1) F + x0y0
    let half_f = 1u64 << (half - 1);
    let cross = mid ^ lo; // x1y1 + x1y0 + x0y1
    (cross << half) ^ nim_mul_bits(hi, half_f, half, table) ^ lo
}

/// A reusable set of small integers for computing the minimum excludant.
///
/// Engines compute millions of mexes, so the set keeps its storage between
/// uses and clears only the words it touched.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    touched: usize,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `v`. Values beyond 2^32 are ignored: they cannot be the mex of a
    /// set we could store, and ignoring them keeps the set bounded.
    #[inline]
    pub fn insert(&mut self, v: u64) {
        if v > u32::MAX as u64 {
            return;
        }
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v & 63);
        if w + 1 > self.touched {
            self.touched = w + 1;
        }
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: u64) -> bool {
        let w = (v >> 6) as usize;
        w < self.touched && self.words[w] >> (v & 63) & 1 == 1
    }

    /// The smallest value not in the set.
    #[inline]
    pub fn mex(&self) -> u64 {
        for (i, &w) in self.words[..self.touched].iter().enumerate() {
            if w != u64::MAX {
                return (i as u64) * 64 + (!w).trailing_zeros() as u64;
            }
        }
        self.touched as u64 * 64
    }

    /// Empties the set, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        for w in &mut self.words[..self.touched] {
            *w = 0;
        }
        self.touched = 0;
    }
}

/// The minimum excludant of a list of values.
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut set = MexSet::new();
    for v in values {
        set.insert(v);
    }
    set.mex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_follows_the_literature() {
        assert_eq!(Nimber(0).to_string(), "0");
        assert_eq!(Nimber(1).to_string(), "*");
        assert_eq!(Nimber(7).to_string(), "*7");
    }

    #[test]
    fn addition_is_xor() {
        assert_eq!(Nimber(5) + Nimber(3), Nimber(6));
        let total: Nimber = [1u64, 2, 3].into_iter().map(Nimber).sum();
        assert_eq!(total, Nimber::ZERO);
    }

    #[test]
    fn mex_examples() {
        assert_eq!(mex([0, 1, 2, 4]), 3);
        assert_eq!(mex([2, 3, 5]), 0);
        assert_eq!(mex([]), 0);
        assert_eq!(mex((0..64).chain([65])), 64);
        assert_eq!(mex(0..128), 128);
    }

    #[test]
    fn mex_set_reuse_clears() {
        let mut s = MexSet::new();
        s.insert(0);
        s.insert(200);
        assert_eq!(s.mex(), 1);
        assert!(s.contains(200));
        s.clear();
        assert!(!s.contains(200));
        assert_eq!(s.mex(), 0);
    }

    #[test]
    fn nim_products_from_the_table() {
        // Winning Ways / On Numbers and Games multiplication table entries.
        assert_eq!(nim_mul(2, 2), 3);
        assert_eq!(nim_mul(2, 3), 1);
        assert_eq!(nim_mul(3, 3), 2);
        assert_eq!(nim_mul(4, 4), 6);
        assert_eq!(nim_mul(8, 8), 13);
        assert_eq!(nim_mul(16, 16), 24);
    }

    /// The definition: a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }.
    #[test]
    fn nim_product_matches_definition_below_32() {
        const N: usize = 32;
        let mut t = [[0u64; N]; N];
        for a in 0..N {
            for b in 0..N {
                let mut set = MexSet::new();
                for a2 in 0..a {
                    for b2 in 0..b {
                        set.insert(t[a2][b] ^ t[a][b2] ^ t[a2][b2]);
                    }
                }
                t[a][b] = set.mex();
                assert_eq!(nim_mul(a as u64, b as u64), t[a][b], "{a} x {b}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn the_byte_table_agrees_with_the_recursion(a: u64, b: u64) {
            proptest::prop_assert_eq!(nim_mul(a, b), nim_mul_bits(a, b, 64, None));
        }

        #[test]
        fn inverses_in_subfields_are_inverses(a: u64, w in 0u32..4) {
            // Small nimbers too: their inverse comes from a subfield.
            let a = a >> [56, 48, 32, 0][w as usize];
            match nim_inverse(a) {
                None => proptest::prop_assert_eq!(a, 0),
                Some(i) => proptest::prop_assert_eq!(nim_mul(a, i), 1),
            }
        }

        /// The tower's inverse is the power `x^(2^64 - 2)`, which every
        /// nonzero `x` of GF(2^64) has.
        #[test]
        fn the_inverse_is_the_fields_power(a: u64, w in 0u32..4) {
            let a = a >> [56, 48, 32, 0][w as usize];
            proptest::prop_assert_eq!(nim_inverse(a), (a != 0).then(|| nim_pow(a, u64::MAX - 1)));
        }

        #[test]
        fn nim_product_is_a_field_product(a: u64, b: u64, c: u64) {
            proptest::prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
            proptest::prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
            proptest::prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
            proptest::prop_assert_eq!(nim_mul(a, 1), a);
        }
    }
}
