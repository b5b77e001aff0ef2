"""gamma_k(H_n) == the unique m in 0..5 with H_n + k*H_2 + *m a misere
P-position (H_2 = *2, *3 = H_1 + H_2), 4.7 heaps n <= N, k <= n+4."""
import sys
import mcanon as M
from octal import Canon
N = int(sys.argv[1])
M.set_K(N + 12)
C = Canon('4.7')
two = C.heap(2)
print('H1 == *1:', C.heap(1) == M.nim(1), ' H2 == *2:', two == M.nim(2),
      ' H1+H2 == *3:', M.add(C.heap(1), two) == M.nim(3))
bad = 0; tot = 0
for n in range(N + 1):
    gam = M.gamma(C.heap(n))
    x = C.heap(n)
    for k in range(n + 5):
        Ps = [m for m in range(6) if M.gminus[M.add(x, M.nim(m))] == 0]
        tot += 1
        bad += Ps != [gam[k]]
        x = M.add(x, two)
print('cases', tot, 'mismatches', bad)
