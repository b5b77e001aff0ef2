"""Validation of mcanon.py: misere identities and the day-n counts."""
import random, sys, time
import mcanon as M

ok = True


def check(name, cond):
    global ok
    print(('PASS ' if cond else 'FAIL ') + name)
    ok &= bool(cond)


n = [M.nim(i) for i in range(9)]
check('*1+*1 == 0', M.add(n[1], n[1]) == 0)
check('*2+*2 != 0', M.add(n[2], n[2]) != 0)
check('*1+*1+*1 == *1', M.add(M.add(n[1], n[1]), n[1]) == n[1])
check('{*1} == 0 (proviso satisfied: *1 is a P-position)', M.canon([n[1]]) == 0)
check('{*2} != 0 (proviso fails: *2 is N)', M.canon([n[2]]) != 0)
check('{0,*1,*2,*3,*4} are distinct', len(set(n[:5])) == 5)
check('genus *0 = 0^120', M.genus_str(0) == '0^120')
check('genus *1 = 1^031', M.genus_str(n[1]) == '1^031')
check('genus *2 = 2^20', M.genus_str(n[2]) == '2^20')
check('genus *2+*2 = 0^02', M.genus_str(M.add(n[2], n[2])) == '0^02')
# misere Nim (Bouton): position P iff (all heaps<=1 and odd # of 1s) or
# (some heap>=2 and xor==0)
random.seed(1)
bad = 0
for _ in range(400):
    hs = [random.randint(0, 6) for _ in range(random.randint(1, 4))]
    g = 0
    for h in hs:
        g = M.add(g, n[h])
    x = 0
    for h in hs:
        x ^= h
    if max(hs) <= 1:
        P = (sum(hs) % 2 == 1)
    else:
        P = (x == 0)
    bad += (P != (M.gminus[g] == 0))
check('misere Nim outcomes of 400 random sums agree with Bouton', bad == 0)
# tame: nimber sums with at least one heap >=2 equal their nim-sum? (Conway:
# misere nim values are still nim-sums on genus level)
bad = 0
for a in range(8):
    for b in range(8):
        s = M.add(n[a], n[b])
        exp = '%d^%d' % (a ^ b, a ^ b)
        if s != 0 and M.gplus[s] != a ^ b:
            bad += 1
check('normal-play value of *a+*b is a^b', bad == 0)

# games born by day d: 1, 2, 3, 5, 22, 4171780 (Conway ONAG ch.12; Siegel)
day, counts = M.days_up_to(4)
print('games born by day 0..4:', counts)
check('day counts 1,2,3,5,22', counts == [1, 2, 3, 5, 22])
if len(sys.argv) > 1 and sys.argv[1] == 'day5':
    t = time.time()
    seen = set()
    for mask in range(1 << 22):
        c = [day[i] for i in range(22) if mask >> i & 1]
        seen.add(M.canon(c))
    print('games born by day 5:', len(seen), '%.1fs' % (time.time() - t))
    check('day 5 count 4171780', len(seen) == 4171780)

# soundness: for every pair of day-4 games, canonical ids equal <=> no
# distinguisher X among all sums of <=2 games born by day 3 + nimbers
Xs = set()
for a in day:
    for b in day:
        Xs.add(M.add(a, b))
Xs = sorted(Xs)
from functools import lru_cache


@lru_cache(maxsize=None)
def rawP(a, x):
    """misere P-position test of the *unsimplified* sum a+x (a, x ids)."""
    if not M.opts[a] and not M.opts[x]:
        return False
    return all(not rawP(a2, x) for a2 in M.opts[a]) and \
        all(not rawP(a, x2) for x2 in M.opts[x])


def rawP_set(S, x, memo):
    """P test of {S}+x where {S} is an arbitrary (unsimplified) option set."""
    k = x
    if k in memo:
        return memo[k]
    if not S and not M.opts[x]:
        r = False
    else:
        r = all(not rawP(s, x) for s in S) and \
            all(not rawP_set(S, x2, memo) for x2 in M.opts[x])
    memo[k] = r
    return r


bad = 0
for i, a in enumerate(day):
    for b in day[i + 1:]:
        if all(rawP(a, x) == rawP(b, x) for x in Xs):
            bad += 1
check('all 22 day-4 canonical games pairwise distinguished by some X (raw outcomes)', bad == 0)
# soundness: every subset S of day-4 games (2^22; sample 3000) has
# o({S}+X) == o(canon(S)+X) for all test X (raw outcomes, no simplification)
random.seed(2)
bad = 0
for _ in range(3000):
    S = [g for g in day if random.random() < 0.3]
    c = M.canon(S)
    memo = {}
    if any(rawP_set(tuple(S), x, memo) != rawP(c, x) for x in Xs):
        bad += 1
check('3000 random day-5 games: raw o(G+X) == o(canon(G)+X) for %d X' % len(Xs), bad == 0)
print('ALL PASS' if ok else 'SOME FAILED')
