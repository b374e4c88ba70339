#!/usr/bin/env bash
# Runs every example under two navlua binaries and compares what each
# writes: standard output, standard error, the exit status, and the
# --trace (JSON and JSONL), --timeline and --filmstrip files, byte for
# byte, under every preset. For a change that must not change behaviour:
#
#   scripts/compare_binaries.sh OLD_BINARY [NEW_BINARY]
#
# NEW_BINARY defaults to .build/release/navlua. Prints one line per run
# that differs and a closing count; exits 1 when any differs.
set -uo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "${1:?usage: compare_binaries.sh OLD_BINARY [NEW_BINARY]}")
new=$(realpath "${2:-.build/release/navlua}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

same=0
differ=0
run() {   # run BINARY OUTDIR SCRIPT PRESET
  local bin=$1 out=$2 script=$3 preset=$4
  mkdir -p "$out"
  local flags=(--trace "$out/t.json" --timeline "$out/tl.svg" --filmstrip "$out/f.svg")
  [ -n "$preset" ] && flags+=(--preset "$preset")
  # in its folder: what a script renders (navlua.render) lands there too
  (cd "$out" && "$bin" run "${flags[@]}" "$script" >stdout 2>stderr </dev/null; echo $? >status)
  (cd "$out" && "$bin" run --trace t.jsonl ${preset:+--preset "$preset"} "$script" >/dev/null 2>&1 </dev/null)
  # the binaries' own paths differ; nothing else may
  sed -i "s#$bin#NAVLUA#g" "$out/stderr"
}
for script in "$PWD"/scripts/examples/*.lua "$PWD"/scripts/examples/*/*.lua; do
  for preset in "" uikit flutter react_navigation; do
    tag=$(basename "$script" .lua)${preset:+-$preset}
    run "$old" "$work/old/$tag" "$script" "$preset"
    run "$new" "$work/new/$tag" "$script" "$preset"
    if diff -rq "$work/old/$tag" "$work/new/$tag" >/dev/null; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "differs: ${script#"$PWD"/} ${preset:-(no preset)}"
      diff -rq "$work/old/$tag" "$work/new/$tag" | sed 's/^/  /'
    fi
  done
done
echo "compare: $same same, $differ differ"
[ "$differ" -eq 0 ]
