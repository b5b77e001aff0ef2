"""Which multisets of 4.7 heaps are canonically equal?"""
import sys, itertools
from collections import defaultdict
import mcanon as M
from octal import Canon
code = sys.argv[1] if len(sys.argv) > 1 else '4.7'
N = int(sys.argv[2]) if len(sys.argv) > 2 else 16
C = Canon(code)
H = [C.heap(n) for n in range(N + 1)]
nimid = {M.nim(i): i for i in range(12)}
print('heaps equal to nimbers:', {n: nimid[h] for n, h in enumerate(H) if h in nimid})
print('heap id collisions:', [(a, b) for a in range(N + 1) for b in range(a) if H[a] == H[b]])
def parts(n, maxp=None):
    if maxp is None: maxp = n
    if n == 0:
        yield (); return
    for p in range(min(n, maxp), 0, -1):
        for r in parts(n - p, p):
            yield (p,) + r
groups = defaultdict(list)
tot = 0
for s in range(N + 1):
    for p in parts(s):
        g = 0
        for h in p:
            g = M.add(g, H[h])
        groups[g].append(p)
        tot += 1
print('multisets with total <= %d: %d, distinct values: %d' % (N, tot, len(groups)))
# reductions: heaps 1 and 3 are *1, pairs cancel; check which "reduced"
# multisets (drop heaps equal to 0, heaps 1,3 -> parity) stay distinct
def reduce_(p):
    q = [2 if h == 4 else h for h in p if h not in (1, 3)]
    ones = sum(1 for h in p if h in (1, 3)) % 2
    q = tuple(sorted(q + [1] * ones, reverse=True))
    return q
red = defaultdict(set)
for g, ps in groups.items():
    for p in ps:
        red[reduce_(p)].add(g)
print('reduced classes (3->1, 4->2, *1+*1=0):', len(red),
      'ambiguous:', sum(1 for v in red.values() if len(v) > 1))
for g, ps in sorted(groups.items(), key=lambda kv: -len(kv[1]))[:12]:
    rs = sorted({reduce_(p) for p in ps})
    if len(rs) > 1:
        print(M.genus_str(g), len(ps), rs[:8])
