# Helpers the benchmark scripts share (sourced, not run).

# ratio A B: A / B to two decimals and an "x", or "-" when either is
# missing or B is zero (a failed or instant run).
ratio() {
  if [ -n "${1:-}" ] && [ -n "${2:-}" ]; then
    awk "BEGIN {if ($2 > 0) printf \"%.2fx\", $1 / $2; else printf \"-\"}"
  else
    printf -- "-"
  fi
}
