"""grundy.Nimber against an independent nim multiplication."""

import itertools
import random

import numpy as np
import pytest

from grundy import Nimber


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def nim_products(n):
    """The nim product table of 0..n-1 by its definition:
    a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b} (+ is XOR)."""
    t = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            t[a][b] = mex(
                {t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)}
            )
    return t


def nim_mul(a, b):
    """Nim multiplication by Fermat 2-powers, written independently of the
    engine: split both at the highest Fermat power F = 2^(2^k) below them,
    using F*F = 3F/2."""
    if a < 2 or b < 2:
        return a * b
    half = 1
    while (1 << (2 * half)) <= max(a, b):
        half *= 2
    f = 1 << half
    a1, a0 = divmod(a, f)
    b1, b0 = divmod(b, f)
    hi = nim_mul(a1, b1)
    cross = nim_mul(a0, b1) ^ nim_mul(a1, b0) ^ hi
    return (cross << half) ^ nim_mul(hi, f >> 1) ^ nim_mul(a0, b0)


def test_the_fermat_product_agrees_with_the_definition():
    t = nim_products(32)
    for a, b in itertools.product(range(32), repeat=2):
        assert nim_mul(a, b) == t[a][b]


def test_products_and_sums_of_small_nimbers_follow_the_definition():
    t = nim_products(32)
    for a, b in itertools.product(range(32), repeat=2):
        assert Nimber(a) * Nimber(b) == Nimber(t[a][b])
        assert Nimber(a) + Nimber(b) == Nimber(a ^ b)


def test_products_of_large_nimbers_against_the_fermat_product():
    rng = random.Random(16)
    for _ in range(2000):
        bits = rng.choice([8, 16, 32, 64])
        a, b = rng.getrandbits(bits), rng.getrandbits(bits)
        assert int(Nimber(a) * Nimber(b)) == nim_mul(a, b), (a, b)
    assert Nimber(2) * Nimber(2) == 3 and Nimber(4) * Nimber(4) == 6


def test_field_laws_and_ints_mixing_in():
    assert Nimber(5) + 3 == Nimber(6) and 3 + Nimber(5) == 6
    assert Nimber(5) ^ 1 == Nimber(4) and Nimber(6) - Nimber(3) == 5
    assert 2 * Nimber(3) == Nimber(1)
    # every nonzero nimber below 16 has an inverse among them
    for a in range(1, 16):
        assert sum(int(Nimber(a) * Nimber(b) == 1) for b in range(16)) == 1
    assert hash(Nimber(7)) == hash(7) and len({Nimber(7), 7}) == 1
    assert sorted([Nimber(3), Nimber(1)]) == [Nimber(1), Nimber(3)]
    assert repr(Nimber(0)) == "*0" and repr(Nimber(12)) == "*12"
    assert str(Nimber(12)) == "*12" and Nimber(12).value == 12
    assert not Nimber(0) and Nimber(1)
    assert (Nimber(3) == "3") is False


def test_numpy_object_arrays():
    a = np.array([Nimber(n) for n in range(8)], dtype=object)
    b = np.array([Nimber(3)] * 8, dtype=object)
    assert [int(x) for x in a + b] == [n ^ 3 for n in range(8)]
    assert [int(x) for x in a * b] == [nim_mul(n, 3) for n in range(8)]
    assert np.bitwise_xor.reduce(a) == Nimber(0)
    assert repr(a[:3]) == "array([*0, *1, *2], dtype=object)"


@pytest.mark.parametrize("bad", [-1, 1 << 64, "3", 2.5])
def test_nimbers_are_integers_below_2_to_64(bad):
    with pytest.raises(ValueError):
        Nimber(bad)


def test_powers_and_inverses_follow_the_field():
    """`**` and `inverse()` as `grundy nim-power` and `nim-inverse`: *2 has
    order 3 (GF(4)), and x * x.inverse() == 1 for nonzero x."""
    assert Nimber(2) ** 3 == Nimber(1)
    assert Nimber(8) ** 2 == Nimber(13)
    for a in [1, 2, 3, 8, 255, 2**63, 2**64 - 1]:
        assert Nimber(a) * Nimber(a).inverse() == 1
    with pytest.raises(ZeroDivisionError, match="no nim-inverse"):
        Nimber(0).inverse()


def test_pow_with_a_modulus_is_refused():
    """A nimber field has no remainders: pow(x, k, m) was once x ** k."""
    with pytest.raises(TypeError, match="takes no modulus"):
        pow(Nimber(2), 3, 5)
    with pytest.raises(TypeError, match="takes no modulus"):
        pow(Nimber(2), 3, Nimber(5))
    assert pow(Nimber(2), 3) == Nimber(2) ** 3 == 1


@pytest.mark.parametrize("big", [1 << 64, -1])
@pytest.mark.parametrize(
    "op",
    [
        lambda a, b: a + b,
        lambda a, b: b + a,
        lambda a, b: a ^ b,
        lambda a, b: b - a,
        lambda a, b: a * b,
        lambda a, b: b * a,
    ],
)
def test_ints_that_are_no_nimbers_are_refused_in_words(op, big):
    # Once "unsupported operand type(s)", as if ints were not welcome.
    with pytest.raises(ValueError, match=r"^a nimber is an integer from 0 to 2\^64 - 1, not "):
        op(Nimber(3), big)
    with pytest.raises(ValueError, match=r"^a nimber is an integer from 0 to 2\^64 - 1, not "):
        Nimber(3) * np.int64(-1)


def test_exponents_out_of_range_are_named():
    with pytest.raises(ValueError, match="^the exponent must not be negative, got `-1`$"):
        Nimber(3) ** -1
    with pytest.raises(ValueError, match=r"^the exponent `18446744073709551616` is too large"):
        Nimber(3) ** (1 << 64)


def test_nimbers_compare_with_any_int():
    assert Nimber(3) != 1 << 64 and not Nimber(3) == 1 << 64
    assert Nimber(3) < 1 << 64 and Nimber(3) > -1
    assert Nimber(2**64 - 1) < 2**64 and Nimber(0) >= -(1 << 70)
    assert sorted([1 << 64, Nimber(5), -1]) == [-1, Nimber(5), 1 << 64]
    assert Nimber(5) == np.int64(5) and Nimber(5) + np.uint8(1) == 4


def test_the_package_has_a_version():
    import grundy

    assert grundy.__version__.count(".") == 2
