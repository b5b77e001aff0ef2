"""Number of distinct misere values among 4.7 multisets of total <= n,
given the identifications 3=1, 4=2, 1+1=0 (verified exact to n=24 by
structure.py): multisets with parts in {2,5,6,7,...} plus at most one 1."""
N = 100
# f[s] = number of multisets with parts in {2,5,6,...} of total exactly s
f = [1] + [0] * N
for p in [2] + list(range(5, N + 1)):
    for s in range(p, N + 1):
        f[s] += f[s - p]
cum = 0
out = []
for n in range(N + 1):
    # total <= n, optionally one extra part 1
    c = sum(f[:n + 1]) + sum(f[:n])
    out.append(c)
for n in list(range(10, 50, 2)) + [60, 70, 80, 90, 100]:
    print(n, out[n])
