#!/usr/bin/env bash
# Cross-checks ppw-java against tools/semantics_ref.py, the independent Python reading of SEMANTICS.md:
# every view of `profile` on each trace, and every operator x missing rule x view of `merge` on each set.
#   tools/crosscheck.sh                         # the traces shipped in examples/
#   tools/crosscheck.sh -- a.pfw b.pfw c.json   # also these traces, one by one and merged as one set
# Prints one line per check that differs and a closing 'N passed, N failed' line; exit 1 if any failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ref="$root/tools/semantics_ref.py"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
extra=()
[ "${1:-}" = "--" ] && shift && extra=("$@")

traces=("$root"/examples/perfflowaspect/*.pfw "$root"/examples/perfflowaspect/nodes4/*.pfw "$root"/examples/tsc/*.json "${extra[@]}")
# Sets of nodes: name|node-by|files...
sets=("nodes4|file|$(printf '%s|' "$root"/examples/perfflowaspect/nodes4/*.pfw)"
      "mixed|file|$root/examples/perfflowaspect/compact.pfw|$root/examples/perfflowaspect/smoketest.pfw|$(ls "$root"/examples/tsc/*.json)")
if [ ${#extra[@]} -gt 0 ]; then
  sets+=("extra|file|$(printf '%s|' "${extra[@]}")" "extra-by-pid|pid|$(printf '%s|' "${extra[@]}")")
fi
views=("tree" "callpath" "flat" "tau 2" "tau 3")

passed=0
failed=0
check() { # name, ppw args..., -- , reference args...
  local name=$1; shift
  local ppw=() refargs=()
  while [ "$1" != "--" ]; do ppw+=("$1"); shift; done
  shift
  refargs=("$@")
  if ! "$root/ppw-java" "${ppw[@]}" --format csv --unit ns -o "$out/got.csv" 2>"$out/err.txt"; then
    failed=$((failed + 1)); echo "FAIL $name: ppw-java: $(head -n 1 "$out/err.txt")"; return
  fi
  if python3 "$ref" --compare "$out/got.csv" "${refargs[@]}" >"$out/cmp.txt" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); echo "FAIL $name: $(head -n 3 "$out/cmp.txt" | tr '\n' ' ')"
  fi
}

for t in "${traces[@]}"; do
  for v in "${views[@]}"; do
    read -r view depth <<<"$v"
    check "profile $(basename "$t") $v" profile "$t" --view "$view" --depth "${depth:-2}" -- \
      --view "$view" --depth "${depth:-2}" "$t"
  done
done
for s in "${sets[@]}"; do
  IFS='|' read -r -a parts <<<"$s"
  name=${parts[0]}; nodeby=${parts[1]}; files=()
  for f in "${parts[@]:2}"; do [ -n "$f" ] && files+=("$f"); done
  for agg in sum min max avg; do
    for missing in zero present; do
      flag=(); [ "$missing" = present ] && flag=(--present-only)
      for v in "${views[@]}"; do
        read -r view depth <<<"$v"
        check "merge $name --agg $agg $missing $v" merge "${files[@]}" --agg "$agg" "${flag[@]}" --node-by "$nodeby" \
          --view "$view" --depth "${depth:-2}" -- --merge --agg "$agg" "${flag[@]}" --node-by "$nodeby" \
          --view "$view" --depth "${depth:-2}" "${files[@]}"
      done
    done
  done
done
echo "crosscheck: $passed passed, $failed failed"
[ "$failed" = 0 ]
