"""Count misere games born by day 5 (should be 4171780, Conway/Siegel)
without storing them: a subset of the 22 day-4 games is a new canonical game
iff canon() would record it (not found, not reducible)."""
import time
import mcanon as M
day, _ = M.days_up_to(4)
assert len(day) == 22
t = time.time()
bs = sorted(day, key=lambda o: M.bday[o])
new = 0
old = set()
for mask in range(1 << 22):
    S = [bs[i] for i in range(22) if mask >> i & 1]
    tt = tuple(sorted(S))
    r = M.index.get(tt)
    if r is not None:
        old.add(r); continue
    if S and all(0 in M.optset[o] for o in S) and any(M.gminus[o] == 0 for o in S):
        old.add(0); continue
    red = False
    for j in range(1, len(S)):       # S is in birthday order
        if M.bday[S[j]] >= M.bday[S[j - 1]] + 2:
            h = M.index.get(tuple(sorted(S[:j])))
            if h is not None and all(h in M.optset[o] for o in S[j:]):
                old.add(h); red = True; break
    if not red:
        new += 1
print('games born by day 5:', new + len(old), '(new %d, old %d) %.0fs' % (new, len(old), time.time() - t))
