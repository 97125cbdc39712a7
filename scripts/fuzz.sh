#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS_PER_HARNESS] [HARNESS...]
#
# Builds the fuzz configuration (build-fuzz: clang, AddressSanitizer + UBSan, libFuzzer) and
# runs each harness (default: the nine below, and TensorScatter's front-end) for SECONDS_PER_HARNESS seconds (default 60), at
# most VKSPLIT_FUZZ_JOBS at a time (default: the number of cores). Each harness fuzzes a
# working corpus outside the tree, $VKSPLIT_FUZZ_WORK/<harness> (default
# /tmp/vksplit-fuzz), seeded from fuzz/corpus/<harness> and kept between runs; crashes go
# to $VKSPLIT_FUZZ_WORK/artifacts/. Ends with executions and exec/s per harness (from
# libFuzzer's final stats); exits 1 if any harness found something.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
[ $# -gt 0 ] && shift
harnesses=()
for h in "${@:-npy directml onnx openvino directml_join onnx_concat openvino_concat device rows}"; do
  for name in $h; do harnesses+=("fuzz_${name#fuzz_}"); done
done
if [ $# -eq 0 ]; then harnesses+=(fuzz_onnx_tensorscatter); fi # and TensorScatter's front-end
jobs=${VKSPLIT_FUZZ_JOBS:-$(nproc)}
work=${VKSPLIT_FUZZ_WORK:-/tmp/vksplit-fuzz}

echo "== build: build-fuzz (clang, libFuzzer, ASan + UBSan)"
CC=clang cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVKSPLIT_SANITIZE=ON -DVKSPLIT_FUZZ=ON >/dev/null
cmake --build build-fuzz --target "${harnesses[@]}"

mkdir -p "$work/artifacts"
run() {
  local h=$1
  mkdir -p "$work/$h"
  # -entropic_scale_per_exec_time: schedule fast inputs more, so rare slow ones do not
  # dominate; -max_len: a descriptor or .npy header needs far less than 4 KiB.
  "build-fuzz/fuzz/$h" -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 \
    -entropic_scale_per_exec_time=1 -artifact_prefix="$work/artifacts/$h-" \
    "$work/$h" "fuzz/corpus/$h" >"$work/$h.log" 2>&1 || true
}
echo "== fuzz: ${harnesses[*]}, ${seconds} s each, ${jobs} at a time, logs in $work"
for h in "${harnesses[@]}"; do
  run "$h" &
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
done
wait

status=0
printf '%-16s %14s %10s %8s  %s\n' harness executions exec/s corpus result
for h in "${harnesses[@]}"; do
  log="$work/$h.log"
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  corpus=$(find "$work/$h" -type f | wc -l)
  result=ok
  if grep -q -E '^==[0-9]+== ?ERROR|FUZZ CHECK FAILED|^SUMMARY: ' "$log"; then
    result="FOUND: $(sed -n 's/.*Test unit written to //p' "$log" | tail -1) (see $log)"
    status=1
  fi
  printf '%-16s %14s %10s %8s  %s\n' "$h" "${execs:-?}" "${rate:-?}" "$corpus" "$result"
done
exit $status
