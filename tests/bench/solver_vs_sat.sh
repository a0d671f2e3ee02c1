#!/usr/bin/env bash
# solver_vs_sat.sh: `hidato solve` against the SAT peers (CaDiCaL and CryptoMiniSat builds of
# ../shared/peers/sat) on the issue-9 families, same files, one run, alternating per file.
#
#   tests/bench/solver_vs_sat.sh [--hidato build/release/hidato] [--work /tmp/hidato-bench]
#                                [--files 3] [--deadline-ms 10000] [--engine auto] [--only FAMILY] [--generate-only]
#                                [--summary]   (only the table, from WORK/results.tsv of the last run)
#
# The peers are copied into WORK and built there (the shared folder stays untouched); the families
# are generated from fixed seeds into WORK/families (kept between runs: delete the folder to
# regenerate). Per family it prints the median wall time of hidato and of the best peer per file,
# hidato's gave_up count, and at the end the sum of times and the ratio hidato / best peer.
# Times are whole-process wall times (parse + encode + solve) for both sides.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
hidato=$root/build/release/hidato
work=/tmp/hidato-bench
files=3
deadline=10000
engine=auto
only=
gen_only=
summary_only=
while [ $# -gt 0 ]; do
  case $1 in
    --hidato) hidato=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --files) files=$2; shift 2 ;;
    --deadline-ms) deadline=$2; shift 2 ;;
    --engine) engine=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --generate-only) gen_only=1; shift ;;
    --summary) summary_only=1; shift ;;
    *) echo "usage: $0 [--hidato EXE] [--work DIR] [--files K] [--deadline-ms MS] [--engine E] [--only FAMILY]" >&2; exit 1 ;;
  esac
done
peers_src=$root/../shared/peers
[ -n "$gen_only" ] || [ -n "$summary_only" ] || [ -x "$hidato" ] || { echo "no $hidato (cmake --preset release && cmake --build --preset release)" >&2; exit 1; }
mkdir -p "$work"
if [ ! -x "$work/peers/sat/hidato_sat" ]; then
  rm -rf "$work/peers"
  cp -r "$peers_src" "$work/peers"
  chmod -R u+w "$work/peers"
  make -s -C "$work/peers/sat" >/dev/null
fi
gen=$work/peers/gen

# family name, then gen_hidato.py arguments; a trailing "unique" runs uniquify.py --minimize.
families=(
  "u20|--rows 20 --cols 20 --fraction 0.30|unique"
  "u15|--rows 15 --cols 15 --fraction 0.30|unique"
  "r20-35|--rows 20 --cols 20 --fraction 0.35|"
  "r20-20|--rows 20 --cols 20 --fraction 0.20|"
  "r15-20|--rows 15 --cols 15 --fraction 0.20|"
  "r30-20|--rows 30 --cols 30 --fraction 0.20|"
  "r30-35|--rows 30 --cols 30 --fraction 0.35|"
  "hex20-20|--rows 20 --cols 20 --fraction 0.20 --topology hex6|"
  "sq4-20-20|--rows 20 --cols 20 --fraction 0.20 --topology square4|"
)

generate() {  # family index, file index
  local name args uniq out seed
  IFS='|' read -r name args uniq <<<"$1"
  out=$work/families/$name/$2.txt
  [ -s "$out" ] && return 0
  mkdir -p "$work/families/$name"
  seed=$((9000 + $2))
  # shellcheck disable=SC2086
  python3 "$gen/gen_hidato.py" $args --seed "$seed" --out "$out.raw"
  if [ -n "$uniq" ]; then
    python3 "$gen/uniquify.py" --seed "$seed" --minimize --budget-s 60 "$out.raw" "$out" >/dev/null
    rm -f "$out.raw"
  else
    mv "$out.raw" "$out"
  fi
}

out_file=$work/last.out
wall_ms() {  # command... -> prints wall milliseconds; the command's stdout goes to $out_file
  local t0 t1
  t0=$(date +%s%N)
  "$@" >"$out_file" 2>/dev/null || true
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}

results=$work/results.tsv
if [ -z "$summary_only" ]; then
  : >"$results"
peer_limit=$(( (deadline / 1000) * 3 + 5 ))  # seconds; a peer past it counts at that time
for fam in "${families[@]}"; do
  name=${fam%%|*}
  [ -n "$only" ] && [ "$only" != "$name" ] && continue
  for i in $(seq 1 "$files"); do
    generate "$fam" "$i"
    [ -n "$gen_only" ] && continue
    f=$work/families/$name/$i.txt
    h_ms=$(wall_ms "$hidato" solve --json --deadline-ms "$deadline" --engine "$engine" "$f")
    verdict=$(sed -n 's/.*"verdict":"\([a-z_]*\)".*/\1/p' "$out_file")
    c_ms=$(wall_ms timeout "$peer_limit" "$work/peers/sat/hidato_sat" "$f")
    c_sol=$(sed -n 's/^solutions=\([0-9]\).*/\1/p' "$out_file")
    m_ms=$(wall_ms timeout "$peer_limit" "$work/peers/sat/hidato_sat_cms" "$f")
    m_sol=$(sed -n 's/^solutions=\([0-9]\).*/\1/p' "$out_file")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$i" "$verdict" "$h_ms" "${c_sol:-T}" "$c_ms" "$m_ms" \
      | tee -a "$results"
  done
done
fi
[ -n "$gen_only" ] && exit 0
python3 - "$results" <<'PY'
import sys, statistics
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
fams = {}
for name, i, verdict, h, csol, c, m in rows:
    fams.setdefault(name, []).append((verdict, int(h), csol, min(int(c), int(m))))
print("\n%-10s %5s %12s %12s %10s %10s %8s %s" % ("family", "files", "hidato med", "peer med", "hidato sum", "peer sum",
      "gave_up", "verdicts (hidato / peer solutions)"))
sh = sp = 0
dh = dp = 0  # files both sides decided: no cut-off time counted on either side
for name, rs in fams.items():
    hs = [r[1] for r in rs]; ps = [r[3] for r in rs]
    sh += sum(hs); sp += sum(ps)
    both = [r for r in rs if r[0] != "gave_up" and r[2] != "T"]
    dh += sum(r[1] for r in both); dp += sum(r[3] for r in both)
    print("%-10s %5d %10d ms %10d ms %8.1f s %8.1f s %8d %s" % (name, len(rs), statistics.median(hs), statistics.median(ps),
          sum(hs) / 1000, sum(ps) / 1000, sum(r[0] == "gave_up" for r in rs), " ".join("%s/%s" % (r[0], r[2]) for r in rs)))
print("\nsum: hidato %.1f s, best peer per file %.1f s, ratio hidato/peer %.3f" % (sh / 1000, sp / 1000, sh / max(sp, 1)))
print("sum over the files both decided: hidato %.1f s, best peer %.1f s, ratio %.3f" % (dh / 1000, dp / 1000, dh / max(dp, 1)))
PY
