"""Step 4: genus recurrence over multisets of 4.7 heaps reduced by the exact
canonical identities H3 = H1 = *1, H4 = H2 = *2, *1 + *1 = 0 (proven by the
canonical forms; equality is a congruence for +, and genus is an invariant of
misere equality).  Compares with the plain multiset recurrence.
usage: python3 reduced.py NMAX TIMELIMIT [plain]"""
import sys, time
import mcanon as M
from octal import moves, parse

D = parse('4.7')
MV = {}


def mv(h):
    if h not in MV:
        MV[h] = moves(D, h)
    return MV[h]


def norm(pos):
    ones = 0
    out = []
    for h in pos:
        if h == 1 or h == 3:
            ones ^= 1
        elif h == 4:
            out.append(2)
        elif h:
            out.append(h)
    if ones:
        out.append(1)
    out.sort()
    return tuple(out)


def make(reduce_):
    memo = {}
    f = norm if reduce_ else (lambda p: tuple(sorted(p)))

    def gamma(pos):
        r = memo.get(pos)
        if r is not None:
            return r
        opts = set()
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            rest = pos[:i] + pos[i + 1:]
            for t in mv(h):
                opts.add(f(rest + t))
        os_ = [gamma(o) for o in opts]
        r = M.gamma_of_options(os_)
        memo[pos] = r
        return r
    return gamma, memo, f


if __name__ == '__main__':
    sys.setrecursionlimit(100000)
    nmax, tl = int(sys.argv[1]), float(sys.argv[2])
    reduce_ = not (len(sys.argv) > 3 and sys.argv[3] == 'plain')
    M.set_K(nmax + 12)
    gamma, memo, f = make(reduce_)
    t0 = time.time()
    for n in range(nmax + 1):
        t = time.time()
        g = gamma(f((n,)))
        print('%3d positions %9d  %7.2fs  cum %7.1fs  %s' % (
            n, len(memo), time.time() - t, time.time() - t0,
            M.fmt_genus(0, g)[2:]), flush=True)
        if time.time() - t0 > tl:
            break
