# Helpers shared by the benchmarks (sourced, not run). Each benchmark prints a Markdown section: what was
# measured, our figure, the peer's figure from the same run, and the ratio; bench/run collects them.

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-5}
# Generated inputs are kept between runs (they take a while to make and never change for the same arguments).
BENCH_WORK=${BENCH_WORK:-${TMPDIR:-/tmp}/lessonpack-bench}
mkdir -p "$BENCH_WORK"

# Builds the binary a learner installs (scripts/install and scripts/package link the Swift runtime in) and prints
# its path.
build_release() {
  swift build -c release --static-swift-stdlib --product lessonpack >&2
  echo "$(swift build -c release --static-swift-stdlib --show-bin-path)/lessonpack"
}

# Benchmarks measure the optimised build, built once per run of bench/run.
release_binary() {
  if [ -z "${LESSONPACK_RELEASE:-}" ]; then
    scripts/setup
    LESSONPACK_RELEASE=$(build_release)
  fi
  echo "$LESSONPACK_RELEASE"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# ratio A B [DECIMALS]
ratio() { awk "BEGIN {printf \"%.${3:-2}f\", $1 / $2}"; }

# Wall-clock seconds and peak resident memory (KB) of one command, output discarded: "SECONDS KB".
# (GNU time reports seconds to 1/100 only, too coarse for a 50 ms start-up: the clock is read around it.)
measure() {
  local line seconds cpu kb
  line=$(measure_cpu "$@") || return 1
  read -r seconds cpu kb <<< "$line"
  echo "$seconds $kb"
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

# Wall-clock seconds, CPU seconds (user + system, the command's waited-for children included) and peak resident
# memory (KB) of one command, output discarded: "SECONDS CPU KB".
measure_cpu() {
  local report start end
  report=$(mktemp)
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S %M" -o "$report" "$@" >/dev/null 2>&1 </dev/null || { echo "failed: $*" >&2; rm -f "$report"; return 1; }
  end=$(date +%s.%N)
  echo "$(awk "BEGIN {printf \"%.4f\", $end - $start}") $(tail -1 "$report" | awk '{printf "%.2f %d", $1 + $2, $3}')"
  rm -f "$report"
}

# The medians of RUNS runs of measure_cpu: "SECONDS CPU KB".
measure_cpu_median() {
  local seconds=() cpu=() memory=() line
  for _ in $(seq "$RUNS"); do
    line=$(measure_cpu "$@")
    read -r s c m <<< "$line"
    seconds+=("$s"); cpu+=("$c"); memory+=("$m")
  done
  echo "$(printf '%s\n' "${seconds[@]}" | median) $(printf '%s\n' "${cpu[@]}" | median) $(printf '%s\n' "${memory[@]}" | median)"
}

# "yes" when VALUE <= GOAL, else "no".
meets() { awk "BEGIN {print ($1 <= $2) ? \"yes\" : \"no\"}"; }

# A copy of a module folder whose video is a real MP4 (the module's own) followed by one top-level 'free' box of
# random bytes, so that it is MEGABYTES long, reads as video to ffprobe (players skip 'free' boxes) and does not
# compress, like real video; media.plist is rescanned. Kept under $BENCH_WORK between runs.
module_with_large_video() {  # source folder, megabytes -> path of the folder
  local source=$1 megabytes=$2 folder=$BENCH_WORK/large-video-$2mb
  if [ ! -e "$folder/.complete" ]; then
    rm -rf "$folder"
    cp -r "$source" "$folder"
    local video=$folder/media/$(grep -A1 '<key>video</key>' "$folder/module.plist" | sed -n 's:.*<string>\(.*\)</string>.*:\1:p')
    local padding=$((megabytes * 1000000 - $(stat -c %s "$video") - 8))
    [ "$padding" -gt 0 ] || { echo "$video is already over $megabytes MB" >&2; return 1; }
    { python3 -c "import struct, sys; sys.stdout.buffer.write(struct.pack('>I', $padding + 8) + b'free')"
      head -c "$padding" /dev/urandom; } >> "$video"
    "$(release_binary)" media scan "$folder" >/dev/null
    touch "$folder/.complete"
  fi
  echo "$folder"
}
