"""Octal games: canonical-form evaluation and brute force over multisets.

usage: python3 octal.py CODE NMAX [K] [timelimit_s]
"""
import sys, time
import mcanon as M


def parse(code):
    a, b = code.split('.')
    digits = [int(a or '0')] + [int(c) for c in b]
    return digits          # digits[k] = digit for removing k tokens


def moves(digits, n):
    """list of resulting heap tuples for a move on a heap of size n."""
    res = []
    for k, d in enumerate(digits):
        if k > n:
            break
        r = n - k
        if d & 1 and r == 0:
            res.append(())
        if d & 2 and r >= 1:
            res.append((r,))
        if d & 4 and r >= 2:
            for a in range(1, r // 2 + 1):
                res.append((a, r - a))
    return res


class Canon:
    def __init__(self, code):
        self.d = parse(code)
        self.H = []

    def heap(self, n):
        while len(self.H) <= n:
            m = len(self.H)
            os_ = []
            for t in moves(self.d, m):
                g = 0
                for h in t:
                    g = M.add(g, self.H[h])
                os_.append(g)
            self.H.append(M.canon(os_))
        return self.H[n]


class Brute:
    """gamma vector of a multiset of heaps by the recurrence (no shortcut)."""

    def __init__(self, code):
        self.d = parse(code)
        self.memo = {}
        self.mv = {}

    def mvs(self, n):
        if n not in self.mv:
            self.mv[n] = moves(self.d, n)
        return self.mv[n]

    def options(self, pos):
        out = set()
        for i, h in enumerate(pos):
            if i and pos[i - 1] == h:
                continue
            rest = pos[:i] + pos[i + 1:]
            for t in self.mvs(h):
                out.add(tuple(sorted(rest + t)))
        return out

    def gplus(self, pos):
        memo = self.__dict__.setdefault('gpmemo', {})
        r = memo.get(pos)
        if r is None:
            r = M.mex({self.gplus(o) for o in self.options(pos)})
            memo[pos] = r
        return r

    def gamma(self, pos):
        r = self.memo.get(pos)
        if r is not None:
            return r
        os_ = [self.gamma(o) for o in self.options(pos)]
        r = M.gamma_of_options(os_)
        self.memo[pos] = r
        return r

    def misere_grundy_with_twos(self, pos, k, memo=None):
        """Direct misere Grundy value of pos + k copies of *2 (search over
        (multiset, nim-heaps) positions; independent of the recurrence)."""
        if memo is None:
            memo = {}

        def mg(p, nims):
            key = (p, nims)
            if key in memo:
                return memo[key]
            opts = [(o, nims) for o in self.options(p)]
            for i, x in enumerate(nims):
                for y in range(x):
                    nn = tuple(sorted(nims[:i] + (y,) + nims[i + 1:]))
                    opts.append((p, nn))
            r = 1 if not opts else M.mex({mg(a, b) for a, b in opts})
            memo[key] = r
            return r
        return mg(pos, (2,) * k)


if __name__ == '__main__':
    code = sys.argv[1]
    nmax = int(sys.argv[2])
    if len(sys.argv) > 3:
        M.set_K(int(sys.argv[3]))
    tl = float(sys.argv[4]) if len(sys.argv) > 4 else 1e9
    C = Canon(code)
    t0 = time.time()
    print('n  nsub(n)  bday  nopts  table  adds  sec(heap)  sec(cum)  genus')
    for n in range(nmax + 1):
        t = time.time()
        g = C.heap(n)
        gs = M.genus_str(g)
        dt = time.time() - t
        print('%3d %7d %5d %5d %8d %8d %9.2f %9.1f  %s' % (
            n, len(M.subforms(g)), M.bday[g], len(M.opts[g]), len(M.opts),
            len(M._add), dt, time.time() - t0, gs), flush=True)
        if time.time() - t0 > tl:
            break
