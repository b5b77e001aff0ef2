"""Misere canonical forms of impartial games (prototype, stdlib only).

Games are ints (ids) into a hash-consed table.  opts[id] is a sorted tuple of
option ids (all canonical).  Simplification rule (Conway ONAG ch.12 /
Siegel arXiv 2012.08554 sec.2 / as implemented in CGSuite
MisereCanonicalGameOps.constructFromOptions):

  Let S be the (deduplicated) set of canonical options.  G = {S} equals a
  canonical game H whose option set T is a subset of S when every option in
  S \\ T has H itself as an option -- with the proviso that, if H = 0
  (T empty), G must be a misere N-position (some option of G is a misere
  P-position).  If no such H exists, {S} is in simplest form.

  Birthday argument: such a T is exactly {s in S : bday(s) < bday(H)}, and no
  s in S has bday(s) == bday(H), so only birthday prefixes followed by a gap of
  >= 2 need be tried, and H must already be in the table (it is an option of
  some element of S).
"""
import sys
sys.setrecursionlimit(100000)

opts = [()]            # id -> tuple of option ids (sorted)
index = {(): 0}        # option tuple -> id
bday = [0]
gminus = [1]           # misere Grundy value (gamma_0); 0 <=> misere P-position
gplus = [0]            # normal-play Grundy value
optset = [frozenset()]
nsub_cache = {}


def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


def _record(t):
    i = len(opts)
    opts.append(t)
    index[t] = i
    bday.append(1 + max(bday[o] for o in t))
    gminus.append(mex({gminus[o] for o in t}))
    gplus.append(mex({gplus[o] for o in t}))
    optset.append(frozenset(t))
    return i


stats = {'canon': 0, 'red_zero': 0, 'red_prefix': 0}


def canon(options):
    """Canonical id of the game whose options are the given canonical ids."""
    stats['canon'] += 1
    t = tuple(sorted(set(options)))
    r = index.get(t)
    if r is not None:
        return r
    # reduction to 0 (with the proviso: G must be an N-position)
    if all(0 in optset[o] for o in t) and any(gminus[o] == 0 for o in t):
        stats['red_zero'] += 1
        return 0
    # reduction to a non-zero H whose options are a birthday-prefix of t
    bs = sorted(t, key=lambda o: bday[o])
    for j in range(1, len(bs)):
        if bday[bs[j]] >= bday[bs[j - 1]] + 2:
            h = index.get(tuple(sorted(bs[:j])))
            if h is not None and all(h in optset[o] for o in bs[j:]):
                stats['red_prefix'] += 1
                return h
    return _record(t)


_add = {}


def add(a, b):
    if a == 0:
        return b
    if b == 0:
        return a
    if a > b:
        a, b = b, a
    k = (a, b)
    r = _add.get(k)
    if r is not None:
        return r
    r = canon([add(x, b) for x in opts[a]] + [add(a, y) for y in opts[b]])
    _add[k] = r
    return r


_nim = [0]


def nim(n):
    while len(_nim) <= n:
        _nim.append(canon(_nim[:]))
    return _nim[n]


# ---- genus ---------------------------------------------------------------
K = 48
_gen = {}


def set_K(k):
    global K
    K = k
    _gen.clear()


def gamma(g):
    """tuple (gamma_0 .. gamma_{K-1}) computed by Conway's recurrence."""
    r = _gen.get(g)
    if r is not None:
        return r
    os_ = [gamma(o) for o in opts[g]]
    if not os_:
        v = [1]
    else:
        v = [mex({x[0] for x in os_})]
    for k in range(1, K):
        s = {v[k - 1], v[k - 1] ^ 1}
        s.update(x[k] for x in os_)
        v.append(mex(s))
    r = tuple(v)
    _gen[g] = r
    return r


def fmt_genus(g_plus, gam):
    K_ = len(gam)
    L = K_
    while L > 2 and gam[L - 1] == gam[L - 3]:
        L -= 1
    # L = smallest prefix length such that gam[k]==gam[k-2] for all k>=L
    if L >= K_ - 4:
        return '%d^%s...(UNSTABLE, raise K)' % (g_plus, ''.join(map(str, gam)))
    return '%d^%s' % (g_plus, ''.join(map(str, gam[:L])))


def genus_str(g):
    return fmt_genus(gplus[g], gamma(g))


# ---- size measures ------------------------------------------------------
def subforms(g):
    seen = set()
    st = [g]
    while st:
        x = st.pop()
        if x in seen:
            continue
        seen.add(x)
        st.extend(opts[x])
    return seen


def show(g, depth=0):
    """Printable form, nimbers abbreviated."""
    for n, i in enumerate(_nim):
        if i == g:
            return str(n) if n else '0'
    return '{' + ','.join(show(o) for o in opts[g]) + '}'


def days_up_to(last):
    """The canonical games born by day `last`, as sorted ids, and the count
    born by each day 0..last."""
    import itertools
    day, counts = [0], [1]
    for _ in range(1, last + 1):
        new = set()
        for r in range(len(day) + 1):
            for c in itertools.combinations(day, r):
                new.add(canon(list(c)))
        day = sorted(new)
        counts.append(len(day))
    return day, counts


def gamma_of_options(os_):
    """The genus vector gamma_0..gamma_{K-1} of a position whose options
    have the genus vectors `os_` (the recurrence of the genus)."""
    v = [mex({x[0] for x in os_}) if os_ else 1]
    for k in range(1, K):
        s = {v[k - 1], v[k - 1] ^ 1}
        s.update(x[k] for x in os_)
        v.append(mex(s))
    return tuple(v)
