#!/usr/bin/env bash
# Run every cargo-fuzz target of fuzz/ for SECONDS each (default 60), one at a time, and
# print one line per target: seconds, executions, findings (crash, timeout, OOM or leak
# files libFuzzer wrote under fuzz/artifacts/<target>/). New corpus entries go to
# fuzz/target/work-corpus/<target>/, so the checked-in fuzz/corpus/ only seeds the runs
# (merge into it with `cargo +nightly fuzz cmin`). Needs the nightly toolchain; installs
# cargo-fuzz when it is missing. Exits 1 if any target found anything.
# Usage: tools/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
seconds=${1:-60}
shift || true
cd "$(dirname "$0")/../fuzz"

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz
fi

if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo +nightly fuzz list)
fi

# Debug assertions on: an overflow is a finding, not a silent wrong answer.
cargo +nightly fuzz build --debug-assertions

count_findings() {
  local dir="artifacts/$1"
  [ -d "$dir" ] || { echo 0; return; }
  find "$dir" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'leak-*' \) | wc -l
}

summary=()
failed=0
for t in "${targets[@]}"; do
  work="target/work-corpus/$t"
  mkdir -p "$work" "corpus/$t"
  before=$(count_findings "$t")
  log="target/fuzz-$t.log"
  status=0
  cargo +nightly fuzz run --debug-assertions "$t" "$work" "corpus/$t" -- \
    -max_total_time="$seconds" -timeout=30 -print_final_stats=1 >"$log" 2>&1 || status=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  found=$(( $(count_findings "$t") - before ))
  if [ "$status" -ne 0 ] && [ "$found" -eq 0 ]; then
    # libFuzzer stopped without an artifact (a build or harness failure): count it.
    found=1
  fi
  [ "$found" -eq 0 ] || failed=1
  line=$(printf '%-12s %6ss %12s execs %3s findings' "$t" "$seconds" "${execs:-?}" "$found")
  echo "$line"
  summary+=("$line")
done

echo
echo "target       seconds   executions   findings"
printf '%s\n' "${summary[@]}"
exit "$failed"
