#!/usr/bin/env bash
# solver_vs_sat.sh: `hidato solve` against the SAT peers (CaDiCaL and CryptoMiniSat builds of
# ../shared/peers/sat) on the issue-9 families, same files, one run, alternating per file.
#
#   tests/bench/solver_vs_sat.sh [--hidato build/release/hidato] [--work /tmp/hidato-bench]
#                                [--files 3] [--deadline-ms 10000] [--engine auto] [--only FAMILY] [--generate-only]
#                                [--summary]   (only the table, from WORK/results.tsv of the last run)
#                                [--resume]    (keep WORK/results.tsv and run only the files not in it)
#                                [--expect-unique] (hidato gets --expect-unique on the families made
#                                                   unique, u20 and u15, as a user who knows it)
#
# The peers are copied into WORK and built there (the shared folder stays untouched); the families
# are generated from fixed seeds into WORK/families (kept between runs: delete the folder to
# regenerate). hidato runs twice per file: with its default two workers (--threads 2) and with
# one (--threads 1; the peers use one core). Per family it prints the median wall time of both
# and of the best peer per file (the faster of the two builds that decided), hidato's gave_up
# counts, and at the end the sums and the ratios hidato / best peer. Times are whole-process wall
# times (parse + encode + solve) for every side.
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
resume=
expect_unique=
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
    --resume) resume=1; shift ;;
    --expect-unique) expect_unique=1; shift ;;
    *) echo "usage: $0 [--hidato EXE] [--work DIR] [--files K] [--deadline-ms MS] [--engine E] [--only FAMILY] [--generate-only] [--summary] [--resume] [--expect-unique]" >&2; exit 1 ;;
  esac
done
peers_src=$root/../shared/peers
[ -n "$gen_only" ] || [ -n "$summary_only" ] || [ -x "$hidato" ] || { echo "no $hidato (cmake --preset release && cmake --build --preset release)" >&2; exit 1; }
mkdir -p "$work"
if [ -z "$gen_only" ] && [ -z "$summary_only" ]; then
  # The peers' two builds need these headers (../shared/peers/sat/README.md); say which package
  # is missing instead of failing inside their Makefile.
  for need in "cadical.hpp libcadical-dev" "cryptominisat5/cryptominisat.h libcryptominisat5-dev"; do
    read -r header package <<<"$need"
    [ -e "/usr/include/$header" ] || { echo "solver_vs_sat.sh: the SAT peers need $package (apt-get install -y $package)" >&2; exit 1; }
  done
fi
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

hidato_run() {  # file, threads, [hint option] -> prints "VERDICT MS" (VERDICT "error" when hidato printed none)
  local ms verdict
  # shellcheck disable=SC2086
  ms=$(wall_ms "$hidato" solve --json --deadline-ms "$deadline" --engine "$engine" --threads "$2" ${3:-} "$1")
  verdict=$(sed -n 's/.*"verdict":"\([a-z_]*\)".*/\1/p' "$out_file")
  echo "${verdict:-error} $ms"
}

results=$work/results.tsv
if [ -z "$summary_only" ]; then
  [ -n "$resume" ] && touch "$results" || : >"$results"
peer_limit=$(( (deadline / 1000) * 3 + 5 ))  # seconds; a peer past it counts at that time
for fam in "${families[@]}"; do
  name=${fam%%|*}
  [ -n "$only" ] && [ "$only" != "$name" ] && continue
  for i in $(seq 1 "$files"); do
    generate "$fam" "$i"
    [ -n "$gen_only" ] && continue
    f=$work/families/$name/$i.txt
    [ -n "$resume" ] && grep -q "^$name	$i	" "$results" && continue
    hint=
    [ -n "$expect_unique" ] && [ -n "$(cut -d'|' -f3 <<<"$fam")" ] && hint=--expect-unique
    read -r v2 h2_ms <<<"$(hidato_run "$f" 2 "$hint")"
    read -r v1 h1_ms <<<"$(hidato_run "$f" 1 "$hint")"
    c_ms=$(wall_ms timeout "$peer_limit" "$work/peers/sat/hidato_sat" "$f")
    c_sol=$(sed -n 's/^solutions=\([0-9]\).*/\1/p' "$out_file")
    m_ms=$(wall_ms timeout "$peer_limit" "$work/peers/sat/hidato_sat_cms" "$f")
    m_sol=$(sed -n 's/^solutions=\([0-9]\).*/\1/p' "$out_file")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$i" "$v2" "$h2_ms" "$v1" "$h1_ms" \
      "${c_sol:-T}" "$c_ms" "${m_sol:-T}" "$m_ms" | tee -a "$results"
  done
done
fi
[ -n "$gen_only" ] && exit 0
python3 - "$results" <<'PY'
import sys, statistics
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
fams = {}
for name, i, v2, h2, v1, h1, csol, c, msol, m in rows:
    # the best peer per file: the faster of the two builds that decided (cut off: its limit)
    peer = min([int(t) for sol, t in ((csol, c), (msol, m)) if sol != "T"] or [max(int(c), int(m))])
    decided = csol != "T" or msol != "T"
    fams.setdefault(name, []).append({"2": (v2, int(h2)), "1": (v1, int(h1)), "peer": peer, "decided": decided,
                                      "sol": csol if csol != "T" else msol})
print("\n%-10s %5s %11s %11s %11s %9s %9s %9s %7s %7s" % ("family", "files", "hidato med", "1 worker",
      "peer med", "hidato", "1 worker", "peer", "gave_up", "1 wkr"))
print("%-10s %5s %11s %11s %11s %9s %9s %9s %7s %7s" % ("", "", "(2 workers)", "med", "(best)", "sum", "sum", "sum", "", ""))
tot = {"2": [0, 0, 0], "1": [0, 0, 0]}  # sum, sum over files both decided, peer sum over those
peer_sum = 0
for name, rs in fams.items():
    med = lambda k: statistics.median(r[k][1] for r in rs)
    peer_sum += sum(r["peer"] for r in rs)
    for k in ("2", "1"):
        tot[k][0] += sum(r[k][1] for r in rs)
        both = [r for r in rs if r[k][0] in ("unique", "multiple", "none") and r["decided"]]
        tot[k][1] += sum(r[k][1] for r in both)
        tot[k][2] += sum(r["peer"] for r in both)
    print("%-10s %5d %8d ms %8d ms %8d ms %7.1f s %7.1f s %7.1f s %7d %7d" % (
        name, len(rs), med("2"), med("1"), statistics.median(r["peer"] for r in rs),
        sum(r["2"][1] for r in rs) / 1000, sum(r["1"][1] for r in rs) / 1000, sum(r["peer"] for r in rs) / 1000,
        sum(r["2"][0] == "gave_up" for r in rs), sum(r["1"][0] == "gave_up" for r in rs)))
for k, label in (("2", "hidato (2 workers)"), ("1", "hidato (1 worker)")):
    print("\n%s: sum %.1f s against the best peer's %.1f s (ratio %.3f); over the files both decided %.1f s against %.1f s "
          "(ratio %.3f)" % (label, tot[k][0] / 1000, peer_sum / 1000, tot[k][0] / max(peer_sum, 1), tot[k][1] / 1000,
                            tot[k][2] / 1000, tot[k][1] / max(tot[k][2], 1)))
PY
