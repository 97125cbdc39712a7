#!/usr/bin/env bash
# split_bench's clock (bench/bench_clock.c), on whatever device the tests use, checked exactly,
# never by the MHz it reads (lavapipe's clock is its CPU's nanoseconds, and on a loaded machine,
# as the test command runs tests side by side, a spin's time reads anywhere from a few percent
# to all of that clock).
# Two runs: the device's own counter, and one narrowed to 20 bits (--clock-bits 20, the width
# of RADV's shader clock on AMD), which starts every spin a sixteenth of its period before the
# wrap, so that every spin (1,000,000 of lavapipe's nanoseconds) wraps it. Each spin of the
# run's last clock reading records the device's own first and last readings, its longest
# step, and its steps summed at the device's width (--json's clock_spins). From those this
# script narrows the readings itself and holds the spin's count to them: on the narrow
# counter, exactly the full width's count where no step lasted the period, and otherwise
# whole periods fewer (a spin preempted that long: a real narrow counter loses them too), where
# summing the raw difference read absurd clocks or none (2.9e16 MHz). The counters' widths are
# checked (20 bits exactly, narrowed); the clocks, the launch and latency mode's clock only for
# being there (> 0) and consistent with each other. tests/bench/test_clock_math.c (ctest
# bench_clock_math) holds the same arithmetic on fixed readings. Exit 77 (skipped) where the
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
import json, math, sys
full, narrow = (json.load(open(p)) for p in sys.argv[1:3])
if full["clock_source"] is None:
    print("SKIP: no clock on this device: %s" % full["clock_note"])
    sys.exit(77)
def fail(what):
    sys.exit("bench_clock: " + what)
def positive(x):
    return x is not None and math.isfinite(x) and x > 0

def widths(name, run, bits):
    """The counter counted on: the device's, or narrowed to `bits` where the device's is wider."""
    device, counted, start = run["clock_device_bits"], run["clock_counter_bits"], run["clock_narrow_start"]
    if bits and device > bits:
        if counted != bits or start is None or not (1 << (bits - 1)) <= start < (1 << bits):
            fail("%s: narrowed to %d bits, the width probe read %s bits from %s, the device's %s" %
                 (name, bits, counted, start, device))
    elif counted != device or start is not None or not 1 <= device <= 64:
        fail("%s: the device's counter (%s bits) was counted as %s bits from %s" % (name, device, counted, start))
    return start is not None

def spins(name, run, narrowed):
    """Each recorded spin's count, from its readings narrowed here; returns (wraps, spins that lost periods)."""
    period, device = 1 << run["clock_counter_bits"], 1 << run["clock_device_bits"]
    if not run["clock_spins"]:
        fail("%s: no spin recorded: %s" % (name, run))
    wrapped, lost = 0, 0
    for i, s in enumerate(run["clock_spins"]):
        what = "%s: spin %d %s" % (name, i, s)
        if s["iterations"] < 1 or s["cycles"] < 1:
            fail(what + ": counted nothing")
        # The full width: the steps summed are the last reading less the first, modulo the
        # device's period; no step is longer than the steps summed.
        if (s["full"] - (s["last"] - s["first"])) % device or not 0 <= s["longest"] <= s["full"]:
            fail(what + ": the steps summed at full width are not the readings' difference")
        # The readings narrowed here: the first to the run's start (or its own low bits), the
        # last as far on as the full width counted.
        first = run["clock_narrow_start"] if narrowed else s["first"] % period
        last = (first + s["full"]) % period
        if (s["cycles"] - (last - first)) % period:
            fail(what + ": the count is not the narrowed readings' difference modulo the period")
        if s["longest"] < period and s["cycles"] != s["full"]:
            fail(what + ": no step lasted the period, yet the count is not the full width's")
        if s["longest"] >= period and not s["cycles"] < s["full"]:
            fail(what + ": a step lasted the period, yet the count is the full width's or more")
        lost += s["longest"] >= period
        wraps = (first + s["full"]) // period  # the narrowed counter's wraps, at full width
        if narrowed and wraps < 1:
            fail(what + ": the narrowed counter did not wrap")
        wrapped += wraps
    return wrapped, lost

for name, run, bits in (("full width", full, 0), ("20 bits", narrow, 20)):
    if not (positive(run["clock_reference_mhz"]) and positive(run["clock_end_mhz"]) and positive(run["clock_launch_us"])):
        fail("%s: the reference, the end clock or the launch is missing: %s" % (name, run))
    ref = run["clock_reference_mhz"]
    for c in run["cases"]:
        for key in ("clock_mhz",) + (("latency_clock_mhz",) if c["latency_reps"] else ()):
            if not positive(c[key]):
                fail("%s: %s's %s is %s" % (name, c["case"], key, c[key]))
        if c["latency_reps"] == 0 and c["latency_clock_mhz"] is not None:
            fail("%s: %s has a latency clock without latency mode" % (name, c["case"]))
        # clock_relative is the clock over the reference, within the printed figures' rounding.
        low, high = (c["clock_mhz"] - 0.05) / (ref + 0.05), (c["clock_mhz"] + 0.05) / max(ref - 0.05, 1e-9)
        if not low - 1e-4 <= c["clock_relative"] <= high + 1e-4:
            fail("%s: %s's clock_relative is not its clock over the reference" % (name, c["case"]))
    run["narrowed"] = widths(name, run, bits)
    run["wraps"], run["lost"] = spins(name, run, run["narrowed"])
print("bench_clock: ok (%d-bit counter: %d spins, %d lost periods; narrowed to %d bits%s: %d spins, %d wraps, "
      "%d lost periods)" % (full["clock_device_bits"], len(full["clock_spins"]), full["lost"],
      narrow["clock_counter_bits"], "" if narrow["narrowed"] else " (the device's own)", len(narrow["clock_spins"]),
      narrow["wraps"], narrow["lost"]))
PY
