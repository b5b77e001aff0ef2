//! The shapes' images, crops and parts against cell-by-cell definitions.

use super::*;

fn region(rows: &[&str]) -> Region {
    let w = rows[0].len();
    let mut bits = 0;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                bits |= 1u128 << (r * w + c);
            }
        }
    }
    Region {
        bits,
        h: rows.len(),
        w,
    }
}

#[test]
fn the_eight_images_of_an_l_share_a_key() {
    let images = [
        region(&["#.", "#.", "##"]),
        region(&[".#", ".#", "##"]),
        region(&["##", "#.", "#."]),
        region(&["##", ".#", ".#"]),
        region(&["###", "#.."]),
        region(&["###", "..#"]),
        region(&["#..", "###"]),
        region(&["..#", "###"]),
    ];
    let key = canonical(images[0]);
    for r in images {
        assert_eq!(canonical(r), key, "{r:?}");
    }
    assert_ne!(canonical(region(&["###", ".#."])), key);
    assert_eq!(Region::from_key(key).cropped().bits.count_ones(), 4);
}

#[test]
fn images_and_crops_agree_with_cell_by_cell_definitions() {
    let mut rng = crate::testing::Xorshift(0x2545_F491_4F6C_DD1D);
    for h in 1..=20usize {
        for w in 1..=(120 / h).min(20) {
            for _ in 0..20 {
                let seed = rng.next();
                let bits =
                    (u128::from(seed) << 64 | u128::from(seed.rotate_left(29))) & ones(h * w);
                let r = Region { bits, h, w };
                let cells = (0..h * w).filter(|&i| bits >> i & 1 == 1);
                let by_cell = cells
                    .clone()
                    .fold(0u128, |t, i| t | 1 << ((i % w) * h + i / w));
                assert_eq!(r.transposed().bits, by_cell, "{h}x{w} {bits:b}");
                if h * w <= 64 {
                    // The 64-bit words of small boards agree with 128.
                    let n = r.narrow::<u64>();
                    assert_eq!(n.transposed().bits.wide(), by_cell);
                    assert_eq!(canonical(n), canonical(r));
                    assert_eq!(n.cropped().key(), r.cropped().key());
                    let (mut wide, mut narrow) = (Vec::new(), Vec::new());
                    push_parts(&r, bits, false, &mut wide);
                    push_parts(&n, n.bits, false, &mut narrow);
                    assert_eq!(wide, narrow);
                    let defects: Vec<u128> = n.mirror_defects().map(Word::wide).collect();
                    assert!(defects.into_iter().eq(r.mirror_defects()));
                }
                let mut parts = 0;
                for_each_part(&r, bits, |p| {
                    assert_eq!(parts & p, 0);
                    parts |= p;
                });
                assert_eq!(parts, bits);
                if bits != 0 {
                    let (rows, cols) = cells.fold((vec![], vec![]), |(mut a, mut b), i| {
                        a.push(i / w);
                        b.push(i % w);
                        (a, b)
                    });
                    let c = r.cropped();
                    assert_eq!(
                        c.h,
                        rows.iter().max().unwrap() - rows.iter().min().unwrap() + 1
                    );
                    assert_eq!(
                        c.w,
                        cols.iter().max().unwrap() - cols.iter().min().unwrap() + 1
                    );
                    assert_eq!(c.bits.count_ones(), bits.count_ones());
                }
            }
        }
    }
}

#[test]
fn parts_are_found_and_cropped() {
    let b = region(&["##.#", "...#", "#..."]);
    let mut parts = Vec::new();
    for_each_part(&b, b.bits, |p| parts.push(p));
    assert_eq!(parts.len(), 3);
    let r = Region {
        bits: parts[1],
        ..b
    };
    assert_eq!(r.cropped(), region(&["#", "#"]));
    assert_eq!(Region::from_key(r.cropped().key()), region(&["#", "#"]));
}

#[test]
fn the_quick_symmetry_test_keeps_every_symmetric_region() {
    let mut rng = crate::testing::Xorshift(0x9E37_79B9_7F4A_7C15);
    for h in 1..=8usize {
        for w in 1..=8usize {
            for _ in 0..50 {
                let bits = u128::from(rng.next()) & ones(h * w);
                let r = Region { bits, h, w };
                for s in 0..if h == w { 5 } else { 3 } {
                    // Every region against the full image, and a region
                    // made symmetric by its image.
                    assert_eq!(r.fixed_by(s), r.involution(s).bits == bits, "{h}x{w} {s}");
                    let sym = Region {
                        bits: bits | r.involution(s).bits,
                        h,
                        w,
                    };
                    assert!(sym.fixed_by(s), "{h}x{w} {s} {:b}", sym.bits);
                    let narrow = sym.narrow::<u64>();
                    assert!(narrow.fixed_by(s), "{h}x{w} {s} on 64 bits");
                }
            }
        }
    }
}

/// The key of a region's class, by the definition: the least of its
/// images cell by cell, in its wider orientation (both when square).
fn canonical_by_cells(r: Region) -> u128 {
    let (h, w) = (r.h, r.w);
    let image = |f: &dyn Fn(usize, usize) -> (usize, usize), hh: usize, ww: usize| {
        let mut bits = 0u128;
        for i in (0..h * w).filter(|&i| r.bits >> i & 1 == 1) {
            let (y, x) = f(i / w, i % w);
            bits |= 1 << (y * ww + x);
        }
        Region { bits, h: hh, w: ww }.key()
    };
    let wide = [
        image(&|y, x| (y, x), h, w),
        image(&|y, x| (h - 1 - y, w - 1 - x), h, w),
        image(&|y, x| (h - 1 - y, x), h, w),
        image(&|y, x| (y, w - 1 - x), h, w),
    ];
    let tall = [
        image(&|y, x| (x, y), w, h),
        image(&|y, x| (w - 1 - x, h - 1 - y), w, h),
        image(&|y, x| (w - 1 - x, y), w, h),
        image(&|y, x| (x, h - 1 - y), w, h),
    ];
    match w.cmp(&h) {
        std::cmp::Ordering::Greater => wide.into_iter().min().unwrap(),
        std::cmp::Ordering::Less => tall.into_iter().min().unwrap(),
        std::cmp::Ordering::Equal => wide.into_iter().chain(tall).min().unwrap(),
    }
}

#[test]
fn canonical_keys_are_the_least_images() {
    let mut rng = crate::testing::Xorshift(0xD1B5_4A32_D192_ED03);
    for h in 1..=9usize {
        for w in 1..=9usize {
            for k in 0..60 {
                // Sparse, dense and row-symmetric regions, cropped.
                let mut word = || u128::from(rng.next()) << 64 | u128::from(rng.next());
                let x = word();
                let bits = match k % 3 {
                    0 => x & word(),
                    1 => x | word(),
                    _ => {
                        let row = x & ones(w);
                        (0..h).fold(0, |b, i| b | row << (i * w))
                    }
                } & ones(h * w);
                let r = Region { bits, h, w }.cropped();
                if r.bits == 0 {
                    continue;
                }
                assert_eq!(canonical(r), canonical_by_cells(r), "{h}x{w} {bits:b}");
                if r.h * r.w <= 64 {
                    let n = r.narrow::<u64>();
                    assert_eq!(canonical(n), canonical_by_cells(r), "{h}x{w} {bits:b}");
                }
            }
        }
    }
}

/// Whether the connected cells `part` of a `w`-wide box form a path,
/// by counting: no cell with three neighbours, one pair of neighbours
/// fewer than cells.
fn path_by_cells(part: u128, w: usize) -> bool {
    let cells: Vec<usize> = (0..128).filter(|&i| part >> i & 1 == 1).collect();
    let next = |a: usize, b: usize| (a / w == b / w && a.abs_diff(b) == 1) || a.abs_diff(b) == w;
    let degree = |a: usize| cells.iter().filter(|&&b| next(a, b)).count();
    let pairs: usize = cells.iter().map(|&a| degree(a)).sum::<usize>() / 2;
    cells.iter().all(|&a| degree(a) <= 2) && pairs + 1 == cells.len()
}

#[test]
fn paths_and_only_paths_are_keyed_as_strips() {
    let mut rng = crate::testing::Xorshift(0x9E37_79B9_7F4A_7C15);
    let mut seen = [0; 2];
    for h in 1..=8usize {
        for w in 1..=8usize {
            for k in 0..200 {
                let mut word = || u128::from(rng.next()) << 64 | u128::from(rng.next());
                let x = word();
                let bits = match k % 2 {
                    0 => x & word(),
                    _ => x & (word() | word()),
                } & ones(h * w);
                let r = Region { bits, h, w };
                let mut keys = Vec::new();
                push_parts(&r, bits, false, &mut keys);
                let mut parts = Vec::new();
                for_each_part(&r, bits, |p| parts.push(p));
                assert_eq!(keys.len(), parts.len());
                for (key, part) in keys.into_iter().zip(parts) {
                    let path = path_by_cells(part, w);
                    let strip = strip_key(part.count_ones() as usize);
                    assert_eq!(key == strip, path, "{h}x{w} {part:b}");
                    seen[usize::from(path)] += 1;
                }
            }
        }
    }
    // Both kinds, cycles among the others (a 2x2 square of cells).
    assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
    let square = region(&["##", "##"]);
    let mut keys = Vec::new();
    push_parts(&square, square.bits, false, &mut keys);
    assert_ne!(keys, [strip_key(4)]);
}
