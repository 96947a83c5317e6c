# Helpers shared by the benchmarks (sourced, not run). Each benchmark prints a Markdown section: what was
# measured, our figure, the peer's figure from the same run, and the ratio; bench/run collects them.

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-5}
# Generated inputs are kept between runs (they take a while to make and never change for the same arguments).
BENCH_WORK=${BENCH_WORK:-${TMPDIR:-/tmp}/lessonpack-bench}
mkdir -p "$BENCH_WORK"

# Benchmarks measure the optimised build, built once per run of bench/run.
release_binary() {
  if [ -z "${LESSONPACK_RELEASE:-}" ]; then
    scripts/setup
    swift build -c release --product lessonpack >&2
    LESSONPACK_RELEASE=$(swift build -c release --show-bin-path)/lessonpack
  fi
  echo "$LESSONPACK_RELEASE"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# ratio A B [DECIMALS]
ratio() { awk "BEGIN {printf \"%.${3:-2}f\", $1 / $2}"; }

# Wall-clock seconds and peak resident memory (KB) of one command, output discarded: "SECONDS KB".
# (GNU time reports seconds to 1/100 only, too coarse for a 50 ms start-up: the clock is read around it.)
measure() {
  local report start end
  report=$(mktemp)
  start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$report" "$@" >/dev/null 2>&1 </dev/null || { echo "failed: $*" >&2; rm -f "$report"; return 1; }
  end=$(date +%s.%N)
  echo "$(awk "BEGIN {printf \"%.4f\", $end - $start}") $(tail -1 "$report")"
  rm -f "$report"
}

# The median seconds and median peak KB of RUNS runs of a command: "SECONDS KB".
measure_median() {
  local seconds=() memory=() line
  for _ in $(seq "$RUNS"); do
    line=$(measure "$@")
    seconds+=("${line% *}")
    memory+=("${line#* }")
  done
  echo "$(printf '%s\n' "${seconds[@]}" | median) $(printf '%s\n' "${memory[@]}" | median)"
}

megabytes() { awk "BEGIN {printf \"%.1f\", $1 / 1000000}"; }
