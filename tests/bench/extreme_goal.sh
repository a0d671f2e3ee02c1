#!/usr/bin/env bash
# extreme_goal.sh: issue 9's goal for the `extreme` level in one command: every 20x20 extreme
# puzzle within 2 s, with its clue set proved minimal. One `hidato generate -d extreme --json`
# per seed and topology (the topologies alternating seed by seed), timed as a whole process.
#
#   tests/bench/extreme_goal.sh [--hidato build/release/hidato] [--seeds 301-330] [--size 20]
#                               [--threads 2] [--only TOPOLOGY] [--goal-ms 2000] [--tsv FILE]
#
# Per topology it prints the wall times' sum, median and slowest (with its seed), how many
# puzzles met the goal (in time and `minimal: proven`), the `nodes` of `--json` (median, largest,
# sum: the solver work, the same on every machine and for any --threads, so the figure to compare
# between runs on machines whose speed differs), how many puzzles came from a later attempt, and
# how many say `minimal: proven`. --tsv keeps one line per puzzle (topology, seed, ms, nodes,
# attempt, minimal). Exit status: 0 when every call made its puzzle, 2 when one failed (its line
# says `failed`), 1 for usage, or for input `hidato generate` refuses (its message is shown).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
hidato=$root/build/release/hidato
seeds=301-330
size=20
threads=2
only=
goal_ms=2000
tsv=
usage() {
  echo "usage: $0 [--hidato EXE] [--seeds A-B] [--size N] [--threads N] [--only square8|hex6|square4] [--goal-ms MS] [--tsv FILE]" >&2
  exit 1
}
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || usage
  case $1 in
    --hidato) hidato=$2 ;;
    --seeds) seeds=$2 ;;
    --size) size=$2 ;;
    --threads) threads=$2 ;;
    --only) only=$2 ;;
    --goal-ms) goal_ms=$2 ;;
    --tsv) tsv=$2 ;;
    *) usage ;;
  esac
  shift 2
done
[[ $seeds =~ ^([0-9]+)-([0-9]+)$ ]] || { echo "extreme_goal.sh: --seeds wants A-B, got '$seeds'" >&2; exit 1; }
first=${BASH_REMATCH[1]}
last=${BASH_REMATCH[2]}
[ "$first" -le "$last" ] || { echo "extreme_goal.sh: --seeds $seeds is empty" >&2; exit 1; }
for n in "$size" "$threads" "$goal_ms"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "extreme_goal.sh: '$n' is not a positive whole number" >&2; exit 1; }
done
case $only in
  "") topologies="square8 hex6 square4" ;;
  square8 | hex6 | square4) topologies=$only ;;
  *) echo "extreme_goal.sh: unknown topology '$only' (square8, hex6 or square4)" >&2; exit 1 ;;
esac
[ -x "$hidato" ] || { echo "extreme_goal.sh: no $hidato (cmake --preset release && cmake --build --preset release)" >&2; exit 1; }

lines=$(mktemp)
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$lines" "$out" "$err"' EXIT
# A top-level field of the puzzle's `--json` line: a number, or a string without its quotes.
field() { grep -o "\"$1\":\"\?[a-z0-9 ]*" "$out" | head -1 | cut -d: -f2 | tr -d '"'; }
failed=0
for ((s = first; s <= last; ++s)); do
  for t in $topologies; do
    start=$(date +%s%N)
    rc=0
    "$hidato" generate -t "$t" -r "$size" -c "$size" -d extreme --seed "$s" --threads "$threads" --json >"$out" 2>"$err" || rc=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    # Bad input (a board too small for the level, say) is the caller's: say it and stop.
    [ "$rc" -ne 1 ] || { cat "$err" >&2; exit 1; }
    if [ "$rc" -eq 0 ]; then
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$s" "$ms" "$(field nodes)" "$(field attempt)" "$(field minimal)" >>"$lines"
    else
      printf '%s\t%s\t%s\t0\t0\tfailed\n' "$t" "$s" "$ms" >>"$lines"
      failed=1
    fi
  done
done
[ -z "$tsv" ] || cp "$lines" "$tsv"

echo "extreme ${size}x${size}, seeds $seeds, --threads $threads, goal ${goal_ms} ms ($(date -u +%F), checkout $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown))"
printf '%-8s %6s %9s %9s %16s %9s %9s %9s %10s %9s %8s\n' topology puzzles "sum s" "median s" "slowest s (seed)" "in goal" "nodes med" "nodes max" "nodes sum" "later att" proven
# The median of a column of numbers, one a line, sorted.
median() { awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
for t in $topologies; do
  awk -F'\t' -v t="$t" '$1 == t' "$lines" >"$out"
  [ -s "$out" ] || continue
  ms_med=$(cut -f3 "$out" | sort -n | median)
  nodes_med=$(awk -F'\t' '$6 != "failed"' "$out" | cut -f4 | sort -n | median)
  awk -F'\t' -v t="$t" -v goal="$goal_ms" -v med="$ms_med" -v nmed="$nodes_med" '
    { sum += $3; if ($3 <= goal && $6 == "proven") ok++; if ($5 > 0) later++; if ($6 == "proven") proven++
      nsum += $4; if ($4 > nmax) nmax = $4; if ($3 >= slow) { slow = $3; slow_seed = $2 } }
    END {
      printf "%-8s %6d %9.1f %9.2f %10.2f (%s) %6d/%-2d %9d %9d %10d %9d %8d\n", t, NR, sum / 1000, med / 1000, slow / 1000, slow_seed, ok, NR, nmed == "" ? 0 : nmed, nmax, nsum, later, proven
    }' "$out"
done
[ "$failed" -eq 0 ] || { echo "extreme_goal.sh: some puzzles failed (see the lines marked failed with --tsv)" >&2; exit 2; }
