"""How many positions a search needs when the quotient gives every misère value up to 3 (4.7: *0..*3 are sums of its heaps): the positions of value 4 or more reachable from heap n plus k heaps of 2 through such positions only. usage: PYTHONPATH=. python3 above_m.py NMAX"""
import sys
sys.setrecursionlimit(100000)
from octal import moves, parse
D = parse('4.7')
MV = {}
def mv(h):
    if h not in MV: MV[h] = moves(D, h)
    return MV[h]
def norm(pos):
    return tuple(sorted(h for h in pos if h))
memo = {}
def opts(pos):
    out = set()
    for i, h in enumerate(pos):
        if i and pos[i-1] == h: continue
        rest = pos[:i] + pos[i+1:]
        for t in mv(h): out.add(norm(rest + tuple(t)))
    return out
def g(pos):
    r = memo.get(pos)
    if r is not None: return r
    s = {g(o) for o in opts(pos)}
    r = 1 if not s else next(v for v in range(100) if v not in s)
    memo[pos] = r
    return r
N = int(sys.argv[1])
region = set()
def walk(pos):
    if pos in region or g(pos) < 4: return
    region.add(pos)
    for o in opts(pos): walk(o)
for n in range(N+1):
    for k in range(0, n+4):
        walk(norm((n,) + (2,)*k))
    print(n, len(memo), len(region), max(memo.values()), flush=True)
