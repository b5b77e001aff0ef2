"""Is gamma_k(G) the unique m with G + k*(*2) + *m a misere P-position?"""
import mcanon as M
from octal import Canon
import sys
C = Canon(sys.argv[1] if len(sys.argv) > 1 else '4.7')
N = int(sys.argv[2]) if len(sys.argv) > 2 else 18
M.set_K(40)
g = C.heap(N)
subs = sorted(M.subforms(g))
two = M.nim(2)
bad = 0; tot = 0; ex = []
for s in subs:
    gam = M.gamma(s)
    x = s
    for k in range(6):
        Ps = [m for m in range(10) if M.gminus[M.add(x, M.nim(m))] == 0]
        tot += 1
        if Ps != [gam[k]]:
            bad += 1
            if len(ex) < 5: ex.append((M.genus_str(s), k, gam[k], Ps))
        x = M.add(x, two)
print('subforms', len(subs), 'cases', tot, 'mismatch', bad, ex)
