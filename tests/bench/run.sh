#!/usr/bin/env bash
# split_bench's flags, on whatever device the tests use (lavapipe in CI): every case checks its
# bytes against the CPU reference before timing (exit 1 on a mismatch), so these runs are
# correctness runs too. The timing's mechanics (warm-up, batches, the clock, re-runs, latency
# mode) run here as on a GPU; a Vulkan layer of this folder's own (count_layer.c, built beside
# split_bench) counts what each submission holds, and check_timing.py holds --json to it.
# Every run warms up for 5 ms or not at all, not the default 200, to keep the test short.
# Usage: run.sh PATH/TO/split_bench
set -euo pipefail
bench=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$work/out.json
fail() { echo "bench_flags: $*" >&2; exit 1; }

# --list into a file: grep -q ends a pipe early, and under pipefail the bench's next write fails
"$bench" --list > "$work/list.txt" || fail "--list failed"
grep -q f32_transposed "$work/list.txt" || fail "--list lacks f32_transposed"
grep -Eq "^join_f16_kv_append +\+" "$work/list.txt" || fail "--list lacks join_f16_kv_append in the default run"
rows_loops="kv_append1 kv_append1_vtrans kv_paged_append_t1 kv_paged_append_t16 kv_paged_append_t512"
rows_loops="$rows_loops kv_paged_append_t8192 tensorscatter_decode moe_permute moe_unpermute"
# the engine loops and the rows loops: extra (--all, --case)
for loop in decode_f16_step moe_f16_dispatch moe_f16_combine $rows_loops; do
  grep -Eq "^$loop +[^+ ]" "$work/list.txt" || fail "--list lacks the loop $loop, or times it by default"
done
"$bench" --list-devices | grep -q "\[default\]" || fail "--list-devices marks no default device"
device=${VKSPLIT_DEVICE:-0}

# Small sizes, every kind of case (joins: a split's outputs joined back), the device chosen
# explicitly, through the staging buffer.
cases=f32_inner1,f32_1d,f32_chunk16,f32_last3,f32_uneven18,f32_out96,f32_transposed,f32_4k
cases=$cases,join_f16_heads,join_f32_last3,join_f32_4k
"$bench" --size 1,2 --case "$cases" --device "$device" --staging --reps 1 --warmup-ms 5 --json > "$out"
for field in '"ratio_ceiling"' '"ratio_copy"' '"ratio_memcpy"' '"ceiling_gbps"' '"size_mib": 2' '"bytes_in_flight"' \
             '"fetch_ratio"' '"workgroups"' '"idle_workgroups"' '"operation": "split"' '"operation": "join"'; do
  grep -q "$field" "$out" || fail "--json output lacks $field"
done
[ "$(grep -c '"case"' "$out")" -eq 20 ] || fail "expected 20 rows (9 cases at 2 sizes, the 4k cases once)"
cp "$out" "$work/staged.json" # its timing's fields: check_timing.py below
checks="" loops=0

# The rows loops (bench/bench_rows.h): a rows plan replayed against GIVEN, re-recorded copies, a
# static join and the host round trip, every method's bytes checked before and after the timing;
# under the validation layer but for the two whose copies of thousands of regions it takes a
# minute to validate (run without it; on the minimum device, whose layer stack always holds the
# validation layer, the loader leaves that layer out: VK_LOADER_LAYERS_DISABLE, the min-device
# layer's limits still on, 50 s less there); their fields and GPU batches in check_timing.py below.
unvalidated=(env VK_LOADER_LAYERS_DISABLE=VK_LAYER_KHRONOS_validation)
validated=kv_append1,kv_paged_append_t1,kv_paged_append_t16,kv_paged_append_t512,tensorscatter_decode
validated=$validated,moe_permute,moe_unpermute
"$bench" --size 1 --case "$validated" --reps 2 --warmup-ms 5 --validate --json > "$work/rows.json" \
  2> "$work/rows.err" || fail "the rows loops failed: $(cat "$work/rows.err")"
"${unvalidated[@]}" \
  "$bench" --size 1 --case kv_append1_vtrans,kv_paged_append_t8192 --reps 1 --warmup-ms 0 --batch-reps 1 --json \
  > "$work/rows_wide.json" 2> "$work/rows.err" || fail "the rows loops failed: $(cat "$work/rows.err")"
if grep -q '"rows_loop": true' "$work/rows.json"; then
  [ "$(cat "$work/rows.json" "$work/rows_wide.json" | grep -c '"rows_loop": true')" -eq 9 ] || fail "expected 9 rows loops"
  checks="$checks $work/rows.json $work/rows_wide.json"
else
  grep -q "the rows loops' producer pass needs buffer device addresses" "$work/rows.err" ||
    fail "the rows loops neither ran nor said why"
  echo "SKIP: the rows loops: the device has no buffer device address"
fi

# The engine loops (bench/bench_loops.h): plans with device parameters, one command buffer
# replayed step after step against re-recording it, a re-recorded vkCmdCopyBuffer (decode) and
# the host round trip (MoE), every method's bytes checked before and after the timing (exit 1
# on a mismatch), under the validation layer; their fields in check_timing.py below.
"$bench" --size 1 --case decode_f16_step,moe_f16_dispatch,moe_f16_combine --reps 2 --warmup-ms 5 --validate --json \
  > "$work/loops.json" 2> "$work/loops.err" || fail "the engine loops failed: $(cat "$work/loops.err")"
if grep -q '"engine_loop": true' "$work/loops.json"; then
  [ "$(grep -c '"engine_loop": true' "$work/loops.json")" -eq 3 ] || fail "expected 3 engine loops"
  checks="$checks $work/loops.json" loops=1
else
  grep -q "device parameters need buffer device addresses" "$work/loops.err" ||
    fail "the engine loops neither ran nor said why"
  echo "SKIP: the engine loops: the device has no buffer device address"
fi

# A batch is one submission of K back-to-back splits: counted outside the bench by the layer.
# count_run NAME ARGS...: split_bench --json ARGS under the counting layer, the JSON and the
# layer's log kept as NAME.json and NAME.log for check_timing.py below.
layer_dir=$(dirname "$bench")/bench_count
[ -f "$layer_dir/vulkan/implicit_layer.d/VkLayer_vksplit_bench_count.json" ] || fail "no counting layer in $layer_dir"
checks="$checks $work/staged.json"
count_run() {
  local name=$1
  shift
  VKSPLIT_BENCH_COUNT=1 VKSPLIT_BENCH_COUNT_LOG="$work/$name.log" XDG_CONFIG_DIRS="$layer_dir:${XDG_CONFIG_DIRS:-/etc/xdg}" \
    "$bench" --path compute --json "$@" > "$out" || fail "split_bench $* under the counting layer failed"
  [ -s "$work/$name.log" ] || fail "the counting layer wrote nothing (not loaded?)"
  cp "$out" "$work/$name.json"
  if grep -q '"plan": "compute bda' "$out"; then # the ceiling and the clock need device addresses
    checks="$checks $work/$name.json:$work/$name.log"
  else
    echo "SKIP: the batch counts of split_bench $*: the device has no buffer device address (no ceiling, no clock)"
  fi
}
# K sized to 1 ms, two rounds (re-runs where the clock read low), latency mode, under the
# validation layer (--validate: any message, a missing barrier included, fails).
count_run validated --size 1 --case f32_chunk16,f32_4k --reps 2 --warmup-ms 5 --validate

# The copies that convert: each byte checked against the tests' reference, under the validation layer.
"$bench" --convert --size 1 --reps 1 --warmup-ms 0 --validate > "$out" || fail "split_bench --convert failed"
[ "$(grep -c "convert" "$out")" -ge 4 ] || fail "split_bench --convert ran too few converting cases"

# The GPU's defaults on this device (BY_SHAPE plans exactly as on a discrete GPU): every kind
# of plan, every case (--all: the joins too), its own account within issue 12's bars, bytes checked.
# The bars hold for a device with device addresses, as the GPUs vksplit is tuned for; without
# them (tests/min_device's push and minimal profiles) DEINTERLEAVE needs every output in one
# dispatch, which a few descriptor slots do not give, and TILES then fetches shared sectors.
# Under the counting layer, K fixed at 2 (--batch-reps), no warm-up: every plan's batches counted.
# Not under the validation layer, as on the default device (the minimum device's stack holds
# it: the two wide rows loops above would take it 50 s; the loops' plans are validated above).
VK_LOADER_LAYERS_DISABLE=VK_LAYER_KHRONOS_validation \
  count_run by_shape --size 2 --mapping by-shape --reps 1 --warmup-ms 0 --batch-reps 2 --all
if grep -q '"plan": "compute bda' "$out"; then
  [ "$(grep -c '"batch_reps": 2, "ceiling_batch_reps": 2, "copy_batch_reps": 2' "$out")" -eq 24 ] || fail "--batch-reps 2 did not fix K"
  for mapping in tiles transpose deinterleave join-tiles join-transpose join-deinterleave; do
    grep -q "\"mapping\": \"$mapping\"" "$out" || fail "--mapping by-shape made no $mapping plan"
  done
  /usr/bin/env python3 - "$out" <<'PY' || fail "a GPU plan misses the bars of its own account"
import json, sys
for c in json.load(open(sys.argv[1]))["cases"]:
    if not c.get("rows_loop"):  # issue 12's bars are the splits' and joins' (the rows loops: check_timing.py)
        assert c["bytes_in_flight"] >= 64 and c["fetch_ratio"] <= 1.25, c
PY
else
  echo "SKIP: the bars of BY_SHAPE's own account: the device has no buffer device address (its plans ran, bytes checked)"
fi
# A device without timestamps (PanVK 25.0's queue): the layer hides lavapipe's. --plan-only
# plans every case; a timed run says that timing is unavailable and plans and prints instead.
no_stamps=(env VKSPLIT_BENCH_COUNT=1 VKSPLIT_BENCH_NO_TIMESTAMPS=1 XDG_CONFIG_DIRS="$layer_dir:${XDG_CONFIG_DIRS:-/etc/xdg}")
"${no_stamps[@]}" "$bench" --plan-only --size 1 --json > "$out" 2> "$work/stamps.err" ||
  fail "--plan-only on a device without timestamps failed: $(cat "$work/stamps.err")"
[ "$(grep -c '"case"' "$out")" -ge 20 ] || fail "--plan-only without timestamps planned too few cases"
[ $loops -eq 0 ] || [ "$(grep -c '"engine_loop": true' "$out")" -eq 3 ] ||
  fail "--plan-only without timestamps left out the engine loops"
"${no_stamps[@]}" "$bench" --size 1 --case f32_chunk16,join_f32_last3 --json > "$out" 2> "$work/stamps.err" ||
  fail "a timed run on a device without timestamps failed: $(cat "$work/stamps.err")"
grep -q "timing is unavailable" "$work/stamps.err" || fail "without timestamps split_bench did not say that timing is unavailable"
grep -q '"plan_only": true' "$out" && grep -q '"clock_note": "not run (the device has no timestamps' "$out" &&
  [ "$(grep -c '"case"' "$out")" -eq 2 ] || fail "without timestamps the JSON does not say what was planned and why"

# The timing's fields in every --json run above, and the batches the layer counted.
# shellcheck disable=SC2086 # $checks: one argument per file
/usr/bin/env python3 "$here/check_timing.py" $checks > /dev/null || fail "the timing's fields or the layer's counts"
# Issue 12's bars at 64 MiB and 1 GiB, by the plans' own account, without allocating them
# (cases shrunk to the device's largest buffer; windows where one binding cannot reach them).
"$bench" --plan-only --size 64,1024 --mapping by-shape --path compute --json > "$out"
/usr/bin/env python3 - "$out" $loops <<'PY' || fail "--plan-only: a GPU plan misses the bars of its own account"
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
# 14 + 7 (joins) + 4 copies that convert + 3 engine loops + 9 rows loops (the loops where device
# addresses are) throughput cases at both sizes, 2 + 1 latency cases once, and the 3 KV appends that
# convert (kv_append_fp8, kv_append_q8_0, kv_append_q8_0_t16: latency loops, where device addresses
# are) once
assert len(cases) == 2 * (25 + 12 * int(sys.argv[2])) + 3 + 3 * int(sys.argv[2]), len(cases)
for c in cases:
    if c.get("rows_loop"):  # the rows kernels: not issue 12's copies; planned, every one
        assert c["plan"].startswith(("compute bda rows", "join compute bda rows")), c
        continue
    if c.get("convert"):  # the converting kernel: its bars are the machine code's (docs/gpu.md)
        assert "convert " in c["plan"], c
        continue
    plan = c["plan"][len("join "):] if c["operation"] == "join" else c["plan"]  # a join's summary starts "join "
    if plan.startswith("compute bda"):
        assert c["bytes_in_flight"] >= 64 and c["fetch_ratio"] <= 1.25 and c["idle_workgroups"] * 20 <= c["workgroups"], c
    else:
        assert plan.startswith("compute desc") and c["bytes_in_flight"] >= 16, c
PY
"$bench" --size 1 --case f16_qkv,f32_out96 --mapping tiles --workgroup 32 --invocation-bytes 128 --band-bytes 4096 \
         --reps 1 --warmup-ms 0 --batch-ms 0 --path compute > "$out"
if grep -q "compute bda" "$out"; then # bands need one dispatch: device addresses
  grep -Eq "tiles.*bands=([2-9]|[1-9][0-9]+)" "$out" || fail "--mapping tiles --band-bytes 4096 made no plan with bands"
fi
# The same plans with --band-bytes off: no bands.
"$bench" --size 1 --case f16_qkv,f32_out96 --mapping tiles --workgroup 32 --invocation-bytes 128 --band-bytes off \
         --reps 1 --warmup-ms 0 --batch-ms 0 --path compute > "$out"
grep -q "bands=1 " "$out" || fail "--band-bytes off made no plan"
! grep -Eq "bands=([2-9]|[1-9][0-9]+)" "$out" || fail "--band-bytes off still made bands"

# Bad requests: exit 2 (--mapping interleaved: the mapping removed in 0.4, refused by name).
for bad in "--size 0" "--case nope" "--path sideways" "--mapping diagonal" "--mapping interleaved" "--reps 0" \
           "--frobnicate" "--max-word 12" "--warmup-ms -1" "--batch-ms x" "--batch-reps 0" "--batches 65"; do
  set +e
  "$bench" $bad > /dev/null 2> "$work/bad.err"
  rc=$?
  set -e
  [ $rc -eq 2 ] || fail "split_bench $bad exited $rc, expected 2"
  case $bad in
  --mapping*) grep -q "is not a mapping" "$work/bad.err" || fail "split_bench $bad did not say it is not a mapping" ;;
  esac
done
echo "bench_flags: ok"
