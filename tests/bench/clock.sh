#!/usr/bin/env bash
# split_bench's clock (bench/bench_clock.c), on whatever device the tests use: a counter narrowed
# to 20 bits (--clock-bits 20, the width of RADV's shader clock on AMD; a spin of lavapipe's
# 1,000,000-cycle nanosecond counter then wraps about once) reads the clock a full-width run
# reads, where summing the raw difference read absurd clocks or none (2.9e16 MHz); latency mode
# reads the clock around it; the spin's launch is measured and subtracted. lavapipe's clock is
# its CPU's nanoseconds, and a loaded machine (the test command runs tests side by side) reads
# it anywhere from a quarter to all of it: the bounds are a factor of ten, which any wrap breaks
# by orders of magnitude. Exit 77 (skipped) where the
# device gives no shader clock (no VK_KHR_shader_clock, or no buffer device addresses).
# Usage: clock.sh PATH/TO/split_bench
set -euo pipefail
bench=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run=("$bench" --size 1 --case f32_chunk16,f32_4k,join_f32_4k --reps 3 --warmup-ms 20 --json)
"${run[@]}" > "$work/full.json"
"${run[@]}" --clock-bits 20 > "$work/narrow.json"
/usr/bin/env python3 - "$work/full.json" "$work/narrow.json" <<'PY'
import json, sys
full, narrow = (json.load(open(p)) for p in sys.argv[1:3])
if full["clock_source"] is None:
    print("SKIP: no clock on this device: %s" % full["clock_note"])
    sys.exit(77)
def fail(what):
    sys.exit("bench_clock: " + what)
for name, run in (("full width", full), ("20 bits", narrow)):
    ref = run["clock_reference_mhz"]
    if not (ref and ref > 0 and run["clock_end_mhz"] > 0 and run["clock_launch_us"] > 0):
        fail("%s: the reference, the end clock or the launch is missing: %s" % (name, run))
    for c in run["cases"]:
        for key in ("clock_mhz",) + (("latency_clock_mhz",) if c["latency_reps"] else ()):
            if not (c[key] and 0.1 * ref <= c[key] <= 10 * ref):
                fail("%s: %s's %s is %s, the reference %s" % (name, c["case"], key, c[key], ref))
        if abs(c["clock_relative"] - c["clock_mhz"] / ref) > 0.01:
            fail("%s: %s's clock_relative is not its clock over the reference" % (name, c["case"]))
        if c["latency_reps"] == 0 and c["latency_clock_mhz"] is not None:
            fail("%s: %s has a latency clock without latency mode" % (name, c["case"]))
if not 8 <= narrow["clock_counter_bits"] <= 20 or full["clock_counter_bits"] <= 20:
    fail("the counter's width read %s bits narrowed to 20, %s at full width" %
         (narrow["clock_counter_bits"], full["clock_counter_bits"]))
if not 0.1 <= narrow["clock_reference_mhz"] / full["clock_reference_mhz"] <= 10:
    fail("20 bits read %s MHz where the full width read %s" % (narrow["clock_reference_mhz"], full["clock_reference_mhz"]))
print("bench_clock: ok (%s bits: %.0f MHz; 20 bits: %.0f MHz; launch %.1f us)" % (
    full["clock_counter_bits"], full["clock_reference_mhz"], narrow["clock_reference_mhz"], full["clock_launch_us"]))
PY
