#!/usr/bin/env bash
# split_bench's flags, on whatever device the tests use (lavapipe in CI): every case checks its
# bytes against the CPU reference before timing (exit 1 on a mismatch), so these runs are
# correctness runs too. Usage: run.sh PATH/TO/split_bench
set -euo pipefail
bench=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "bench_flags: $*" >&2; exit 1; }

"$bench" --list | grep -q f32_transposed || fail "--list lacks f32_transposed"
"$bench" --list-devices | grep -q "\[default\]" || fail "--list-devices marks no default device"
device=${VKSPLIT_DEVICE:-0}

# Small sizes, every kind of case, the device chosen explicitly, through the staging buffer.
cases=f32_inner1,f32_1d,f32_chunk16,f32_last3,f32_uneven18,f32_out96,f32_transposed,f32_4k
"$bench" --size 1,2 --case "$cases" --device "$device" --staging --reps 1 --json > "$out"
for field in '"ratio_ceiling"' '"ratio_copy"' '"ratio_memcpy"' '"ceiling_gbps"' '"size_mib": 2' '"bytes_in_flight"' \
             '"fetch_ratio"' '"workgroups"' '"idle_workgroups"'; do
  grep -q "$field" "$out" || fail "--json output lacks $field"
done
[ "$(grep -c '"case"' "$out")" -eq 15 ] || fail "expected 15 rows (7 cases at 2 sizes, the 4k case once)"

# The GPU's defaults on this device (BY_SHAPE plans exactly as on a discrete GPU): every kind
# of plan, its own account within issue 12's bars, bytes checked.
# The bars hold for a device with device addresses, as the GPUs vksplit is tuned for; without
# them (tests/min_device's push and minimal profiles) DEINTERLEAVE needs every output in one
# dispatch, which a few descriptor slots do not give, and TILES then fetches shared sectors.
"$bench" --size 2 --mapping by-shape --path compute --reps 1 --json > "$out"
if grep -q '"plan": "compute bda' "$out"; then
  for mapping in tiles transpose deinterleave; do
    grep -q "\"mapping\": \"$mapping\"" "$out" || fail "--mapping by-shape made no $mapping plan"
  done
  /usr/bin/env python3 - "$out" <<'PY' || fail "a GPU plan misses the bars of its own account"
import json, sys
for c in json.load(open(sys.argv[1]))["cases"]:
    assert c["bytes_in_flight"] >= 64 and c["fetch_ratio"] <= 1.25, c
PY
else
  echo "SKIP: the bars of BY_SHAPE's own account: the device has no buffer device address (its plans ran, bytes checked)"
fi
# Issue 12's bars at 64 MiB and 1 GiB, by the plans' own account, without allocating them
# (cases shrunk to the device's largest buffer; windows where one binding cannot reach them).
"$bench" --plan-only --size 64,1024 --mapping by-shape --path compute --json > "$out"
/usr/bin/env python3 - "$out" <<'PY' || fail "--plan-only: a GPU plan misses the bars of its own account"
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
assert len(cases) == 2 * 14 + 2, len(cases)  # 14 throughput cases at both sizes, 2 latency cases once
for c in cases:
    if c["plan"].startswith("compute bda"):
        assert c["bytes_in_flight"] >= 64 and c["fetch_ratio"] <= 1.25 and c["idle_workgroups"] * 20 <= c["workgroups"], c
    else:
        assert c["plan"].startswith("compute desc") and c["bytes_in_flight"] >= 16, c
PY
"$bench" --size 1 --case f16_qkv,f32_out96 --mapping tiles --workgroup 32 --invocation-bytes 128 --band-bytes 4096 \
         --reps 1 --path compute > "$out"
if grep -q "compute bda" "$out"; then # bands need one dispatch: device addresses
  grep -Eq "tiles.*bands=([2-9]|[1-9][0-9]+)" "$out" || fail "--mapping tiles --band-bytes 4096 made no plan with bands"
fi

# The earlier GPU mapping: interleaved tiles and bands (tiny bands: many of them).
"$bench" --size 1 --case f32_chunk16,f32_last3,f32_out1024,f32_transposed --mapping interleaved --workgroup 64 \
         --invocation-bytes 32 --band-bytes 4096 --reps 1 --path compute > "$out"
grep -q "interleaved" "$out" || fail "--mapping interleaved did not reach the plans"
if grep -q "compute bda" "$out"; then
  grep -Eq "bands=([2-9]|[1-9][0-9]+)" "$out" || fail "--band-bytes 4096 made no plan with bands"
fi
"$bench" --size 1 --case f32_chunk16 --mapping interleaved --band-bytes off --reps 1 --path compute > "$out"
grep -q "bands=1 " "$out" || fail "--band-bytes off still made bands"

# Bad requests: exit 2.
for bad in "--size 0" "--case nope" "--path sideways" "--mapping diagonal" "--reps 0" "--frobnicate" "--max-word 12"; do
  set +e
  "$bench" $bad > /dev/null 2>&1
  rc=$?
  set -e
  [ $rc -eq 2 ] || fail "split_bench $bad exited $rc, expected 2"
done
echo "bench_flags: ok"
