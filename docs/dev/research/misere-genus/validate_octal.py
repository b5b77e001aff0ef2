"""Validate canonical-form genera of octal games against brute force."""
import sys, time
import mcanon as M
from octal import Canon, Brute

M.set_K(40)
ok = True


def check(name, cond):
    global ok
    print(('PASS ' if cond else 'FAIL ') + name, flush=True)
    ok &= bool(cond)


# Kayles (0.77): published values (CGSuite GameHeapTest.scala, copied into
# the project's tests/genus.rs) and Conway's genera of heaps 0..12.
kay = Canon('0.77')
want = ['0^120', '1^031', '2^20', '3^31', '1^031', '4^146', '3^31', '2^20',
        '1^13', '4^046', '2^20', '6^46', '4^046']
got = [M.genus_str(kay.heap(n)) for n in range(13)]
check('Kayles genera 0..12 = ' + ','.join(want), got == want)
mis = [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]
check('Kayles misere values 0..20 as published',
      [M.gminus[kay.heap(n)] for n in range(21)] == mis)
daw = Canon('0.07')
mis = [1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3]
check('Dawson 0.07 misere values 0..20 as published',
      [M.gminus[daw.heap(n)] for n in range(21)] == mis)

# 4.7: values asserted by the project's own tests (crates/grundy-cli/tests/
# misere_seq.rs, crates/grundy/tests/genus.rs) and the brief (heaps 37, 38)
d47 = Canon('4.7')
M.set_K(60)
for n, s in [(5, '1^431'), (18, '2^13131313131420'),
             (24, '2^13131313131313131420'),
             (37, '1^202020202020202020202020202020431'),
             (38, '2^1313131313131313131313131313131420')]:
    check('4.7 heap %d = %s' % (n, s), M.genus_str(d47.heap(n)) == s)
M.set_K(40)

# Brute force over multisets (recurrence, no canonical forms, no shortcut)
for code, nmax in [('4.7', 20), ('0.77', 18), ('0.07', 20)]:
    C = Canon(code)
    B = Brute(code)
    t = time.time()
    bad = []
    for n in range(nmax + 1):
        g = C.heap(n)
        if M.gamma(g) != B.gamma((n,)) or M.gplus[g] != B.gplus((n,)):
            bad.append(n)
    check('%s heaps 0..%d: full gamma_0..gamma_39 and g equal brute force '
          '(%d multisets, %.1fs)' % (code, nmax, len(B.memo), time.time() - t),
          not bad)
    # sums of two and three heaps
    bad = 0
    cnt = 0
    for a in range(1, 11):
        for b in range(a, 11):
            for c in [0] + list(range(b, 9)):
                pos = tuple(h for h in (a, b, c) if h)
                g = 0
                for h in pos:
                    g = M.add(g, C.heap(h))
                cnt += 1
                bad += M.gamma(g) != B.gamma(pos)
    check('%s: %d sums of 2-3 heaps <= 10: gammas equal brute force' %
          (code, cnt), bad == 0)

# Independent of the gamma recurrence: direct misere Grundy value of
# heap + k copies of *2, by search over (multiset, nim-heaps)
B = Brute('4.7')
C = Canon('4.7')
bad = []
for n in range(0, 13):
    memo = {}
    for k in range(0, 4):
        if B.misere_grundy_with_twos((n,) if n else (), k, memo) != \
                M.gamma(C.heap(n))[k]:
            bad.append((n, k))
check('4.7 heaps 0..12, k=0..3: direct misere Grundy of heap+k*(*2) == '
      'gamma_k of canonical form', not bad)
print('ALL PASS' if ok else 'SOME FAILED')
