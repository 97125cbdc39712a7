#!/usr/bin/env python3
"""split_bench's timing in --json: its fields, and what the counting layer saw it submit.

Usage: check_timing.py BENCH.json[:COUNT.log]...

Every file's timing fields are checked for their kinds, not their values (lavapipe's clock is
its nanosecond counter, and what it reads depends on the machine's load): the run's clock
source, note and highest clock agree; per case, at least the run's warm-up of GPU time in at
least one batch, the run's batch count, K >= 1 for the split and each reference (the ceiling
where there is one), re-runs at
most one a round, a clock and its ratio to the run's highest or none and why, latency mode's
figures for the 4 KiB and 64 KiB cases only (the 4 KiB join too), the operation ("join" for the
join_ cases: their "split_" fields are the join's).

Where a count log of count_layer.c is named, the JSON is held to it. The layer's lines are labelled by the first timestamp query each command buffer writes, which
split_bench assigns per kind of batch (bench/bench_timing.h). Per case, in order, the JSON's
batches + reruns timed rounds must each be one submission per batch, of one command buffer,
holding exactly batch_reps back-to-back splits (dispatches x batch_reps dispatches of one
pipeline, no copy) between its two timestamps and nothing outside them; the ceiling's and
the copy's timed batches likewise (copy_batch_reps copies; ceiling_batch_reps dispatches of
another pipeline), in the order split, copy, ceiling each round. Where the clock was
measured, a spin before each round and after each batch; where it was not, none. A latency
case's split: one command buffer of latency_reps timestamp pairs, one split inside each and
nothing between them. Before its first round, exactly warmup_batches warm-up batches of the split.
Compute-path cases only (a transfer-path split records copies, not dispatches).

The engine loops (rows with "engine_loop": bench/bench_loops.h) are host-timed, their command
buffers carry no timestamps (the layer's log leaves them out): their own fields are checked
(each method's time per step, their ratios to the replay's, M steps a round, fixed where the
run fixed K, the rounds, every method's bytes checked before the timing and once after, the
producer's steps at least the timed ones), and the counts pass them by.

The rows loops (rows with "rows_loop": bench/bench_rows.h) are host-timed step by step and
GPU-timed in batches: their fields are checked alike (each method's wall and GPU time, the
round trip's GPU time none, the ratios to the rows plan's, M and K, every method's bytes
checked before and after the timing), and where a log is named each round's GPU batch of each
method but the round trip: one submission of one command buffer on the rows' timestamp pair,
holding exactly K steps' dispatches (the producer's, indirect ones too) and copies, nothing
outside it (a re-recorded copy's step records no copy where every index is skipped).
"""
import json
import sys

SPLIT, CEILING, COPY, CLOCK, WARM_SPLIT, LATENCY_SPLIT = 0, 2, 4, 6, 8, 14
ROWS = 14 + 6 * 64  # BENCH_SLOT_ROWS


def parse(path):
    lines = []
    for text in open(path):
        fields = dict(item.split("=", 1) for item in text.split())
        line = {k: int(v) for k, v in fields.items() if k != "pipelines"}
        line["pipelines"] = [int(p) for p in fields["pipelines"].split(",") if p]
        lines.append(line)
    return [line for line in lines if line["stamps"] > 0]  # the runner's own submissions carry none


def fail(message):
    sys.exit("check_timing: " + message)


def expect(line, what, **want):
    for key, value in want.items():
        if line[key] != value:
            fail("%s: %s is %s, the JSON says %s (%s)" % (what, key, line[key], value, line))


LOOP_METHODS = {"decode_f16_step": ("rerecorded", "copy_rerecorded"),
                "moe_f16_dispatch": ("host_roundtrip",), "moe_f16_combine": ("host_roundtrip",)}
ALL_METHODS = ("rerecorded", "copy_rerecorded", "host_roundtrip")


def check_loop(run, c):
    methods = LOOP_METHODS.get(c["case"])
    ok = methods is not None and c["timing"] == "host wall time per step" and c["replayed_us"] > 0
    for m in ALL_METHODS:
        if methods and m in methods:
            ok = ok and c[m + "_us"] > 0 and abs(c["ratio_" + m] - c[m + "_us"] / c["replayed_us"]) <= 0.01 * c["ratio_" + m] + 1e-3
        else:
            ok = ok and c[m + "_us"] is None and c["ratio_" + m] is None
    m_steps = c["steps_per_round"]
    ok = ok and m_steps >= 1 and (run["fixed_batch_reps"] == 0 or m_steps == run["fixed_batch_reps"])
    ok = ok and c["rounds"] == run["batches"] and c["warmup_steps"] >= 1 and c["record_us"] > 0
    ok = ok and c["checks"] == len(methods or ()) + 2  # each method's steps before the timing, then all after it
    # two methods run the producer (decode's replay and re-recording, MoE's replay and round trip)
    ok = ok and c["steps"] >= 2 * c["rounds"] * m_steps
    ok = ok and (c["plan_us"] > 0) == ("host_roundtrip" in (methods or ()))
    ok = ok and c["engine_loop"] is True and c["device_parameters"] in ("given", "packed") and c["path"] == "compute"
    if not ok:
        fail("%s: the engine loop's fields: %s" % (c["case"], c))


# The rows loops' methods beside the rows plan (bench_rows.c), in the order a round runs them;
# GIVEN's two where the library plans them (else "<key>_not_run" says why).
ROWS_METHODS = ("rows", "given", "given_three", "copy_rerecorded", "static_join", "host_roundtrip")
APPEND = ("rows", "given", "given_three", "copy_rerecorded", "static_join")


def rows_methods(c):
    name = c["case"]
    if name in ("kv_append1", "kv_append1_vtrans"):
        keys = APPEND
    elif name.startswith("kv_paged_append_t") or name == "tensorscatter_decode":
        keys = ("rows", "copy_rerecorded")
    elif name in ("moe_permute", "moe_unpermute"):
        keys = ("rows", "copy_rerecorded", "host_roundtrip")
    else:
        fail("%s: not a rows loop this check knows" % name)
    return [k for k in keys if not c.get(k + "_not_run")]


def close(a, b):
    return abs(a - b) <= 0.01 * abs(a) + 1e-3


def check_rows(run, c):
    methods = rows_methods(c)
    ok = c["rows_loop"] is True and c["rows"] in ("linear", "indexed", "circular") and c["path"] == "compute"
    ok = ok and c["timing"].startswith("host wall time per step") and c["rows_us"] > 0 and c["rows_gpu_us"] > 0
    for k in ROWS_METHODS:
        if k in methods:
            gpu = c[k + "_gpu_us"]
            ok = ok and c[k + "_us"] > 0 and ((gpu is None) == (k == "host_roundtrip")) and (gpu is None or gpu > 0)
            ok = ok and c[k + "_dispatches"] >= 0 and c[k + "_copies"] >= 0
            if k != "rows":
                ok = ok and close(c["ratio_" + k], c[k + "_us"] / c["rows_us"])
                ok = ok and (gpu is None) == (c["gpu_ratio_" + k] is None)
                ok = ok and (gpu is None or close(c["gpu_ratio_" + k], gpu / c["rows_gpu_us"]))
        else:
            ok = ok and c[k + "_us"] is None and c[k + "_gpu_us"] is None and k + "_dispatches" not in c
            ok = ok and (k == "rows" or (c["ratio_" + k] is None and c["gpu_ratio_" + k] is None))
    m_steps, k_steps = c["steps_per_round"], c["gpu_steps"]
    ok = ok and m_steps >= 1 and (run["fixed_batch_reps"] == 0 or m_steps == run["fixed_batch_reps"])
    ok = ok and k_steps == min(m_steps, 256) and c["rounds"] == run["batches"] and c["warmup_steps"] >= 1
    ok = ok and c["record_us"] > 0 and c["checks"] == 2 * len(methods)  # each method before the timing, and after
    ok = ok and c["steps"] >= c["rounds"] * (m_steps + k_steps)  # the rows method's own, in the rounds
    # the rows plan: one dispatch with its producer where it checks its few indices itself
    ok = ok and (c["rows_dispatches"] == 2) == c["plan"].endswith("check=fused")
    if not ok:
        fail("%s: the rows loop's fields: %s" % (c["case"], c))


def check_rows_counts(data, lines):
    """Each rows loop's GPU batches, per round, per method but the round trip, in the log's order."""
    batches = [line for line in lines if line["first_query"] == ROWS]
    for case in data["cases"]:
        if not case.get("rows_loop"):
            continue
        k = case["gpu_steps"]
        for _ in range(case["rounds"]):
            for m in rows_methods(case):
                if m == "host_roundtrip":
                    continue
                line = batches.pop(0) if batches else fail("%s: no GPU batch of %s left in the log" % (case["case"], m))
                what = "%s %s GPU batch" % (case["case"], m)
                expect(line, what, cbs=1, stamps=2, gap_work=0, outside_work=0,
                       pair_dispatches=k * case[m + "_dispatches"])
                if m == "copy_rerecorded" and case["case"].startswith("kv_paged_append"):
                    # a step whose every slot is padding (-1, skipped) records no copy
                    if not line["pair_copies"] <= k * case[m + "_copies"]:
                        fail("%s: %d copies, at most %d expected (%s)" % (what, line["pair_copies"], k, line))
                else:
                    expect(line, what, pair_copies=k * case[m + "_copies"])
    if batches:
        fail("the log has %d rows GPU batches more than the JSON" % len(batches))


def check_fields(run):
    clocked = run["clock_source"] is not None
    if not (clocked == (run["clock_note"] is None) == (run["clock_max_mhz"] is not None) ==
            (run["clock_reference_mhz"] is not None) == (run["clock_end_mhz"] is not None) ==
            (run["clock_counter_bits"] > 0)):
        fail("the run's clock_source, clock_note, clock_max_mhz, the reference, the end and the width disagree: %s" % run)
    if run["batches"] != run["reps"] or not isinstance(run["reruns"], int) or run["low_clock_bar"] != 0.75:
        fail("the run's batches, reps, reruns, low_clock_bar: %s" % run)
    for c in run["cases"]:
        if c.get("engine_loop"):
            check_loop(run, c)
            continue
        if c.get("rows_loop"):
            check_rows(run, c)
            continue
        ok = (c["warmup_ms"] >= run["warmup_ms"] * 0.99 and c["warmup_batches"] >= 1 and c["batches"] == run["batches"]
              and min(c["batch_reps"], c["copy_batch_reps"]) >= 1 and min(c["split_us"], c["copy_us"]) > 0
              and (c["ceiling_us"] > 0) == (c["ceiling_batch_reps"] >= 1)  # no ceiling without device addresses
              and 0 <= c["reruns"] <= c["batches"] and 0 <= c["low_clock_batches"])
        if clocked:  # relative to the reference, held at the end of the first warm-up: a GPU may run above it
            ok = ok and c["clock_mhz"] >= 0 and c["clock_relative"] >= 0 and c["clock_note"] is None
            ok = ok and abs(c["clock_relative"] * run["clock_reference_mhz"] - c["clock_mhz"]) <= 0.01 * c["clock_mhz"] + 0.1
            ok = ok and (c["latency_clock_mhz"] is not None) == (c["latency_reps"] > 0)
        else:
            ok = ok and c["clock_mhz"] is None and c["clock_relative"] is None and bool(c["clock_note"])
            ok = ok and c["latency_clock_mhz"] is None
        latency = c["case"] in ("f32_4k", "f32_64k", "join_f32_4k")
        ok = ok and c["operation"] == ("join" if c["case"].startswith("join_") else "split")
        ok = ok and (c["latency_reps"] == 64) == latency
        for k in ("latency_split_us", "latency_ceiling_us", "latency_copy_us"):
            if latency:  # no ceiling without device addresses
                ok = ok and ((c[k] or 0) > 0 or (k == "latency_ceiling_us" and c[k] is None))
            else:
                ok = ok and c[k] is None
        if not ok:
            fail("%s: the timing's fields: %s" % (c["case"], c))


def check_counts(data, lines):
    timed = [line for line in lines if line["first_query"] in (SPLIT, CEILING, COPY)]
    order = [line["first_query"] for line in timed]
    if order != [SPLIT, COPY, CEILING] * (len(order) // 3) or len(order) % 3:
        fail("the timed batches are not interleaved split, copy, ceiling: %s" % order)
    rounds = [timed[i:i + 3] for i in range(0, len(timed), 3)]
    latency = [line for line in lines if line["first_query"] == LATENCY_SPLIT]
    warm = [line["submit"] for line in lines if line["first_query"] == WARM_SPLIT]
    clock_expected, case_start = 0, 0
    for case in data["cases"]:
        name = case["case"]
        if case.get("engine_loop") or case.get("rows_loop"):  # no timestamps, or their own slot (below)
            continue
        if case["path"] != "compute":
            fail("%s: a compute-path case is needed (its splits are dispatches)" % name)
        count = case["batches"] + case["reruns"]
        if len(rounds) < count:
            fail("%s: %d timed rounds expected, %d left in the log" % (name, count, len(rounds)))
        split_pipeline = None
        for split, copy, ceiling in rounds[:count]:
            for line, what in ((split, "split"), (ceiling, "ceiling"), (copy, "copy")):
                expect(line, "%s %s batch" % (name, what), cbs=1, stamps=2, gap_work=0, outside_work=0)
            expect(split, name + " split batch", pair_dispatches=case["batch_reps"] * case["dispatches"], pair_copies=0)
            expect(ceiling, name + " ceiling batch", pair_dispatches=case["ceiling_batch_reps"], pair_copies=0)
            expect(copy, name + " copy batch", pair_dispatches=0, pair_copies=case["copy_batch_reps"])
            if len(split["pipelines"]) != 1 or split["pipelines"] == ceiling["pipelines"]:
                fail("%s: the split batch's pipelines %s (the ceiling's %s)" % (name, split["pipelines"], ceiling["pipelines"]))
            split_pipeline = split_pipeline or split["pipelines"]
            if split["pipelines"] != split_pipeline:
                fail("%s: the split batches ran different pipelines" % name)
        first_round = rounds[0][0]["submit"]
        warmed = sum(case_start < submit < first_round for submit in warm)
        if warmed != case["warmup_batches"]:
            fail("%s: %d warm-up batches in the JSON, %d before its first round in the log" %
                 (name, case["warmup_batches"], warmed))
        case_start = rounds[count - 1][-1]["submit"]
        del rounds[:count]
        if case["clock_mhz"] is not None:
            clock_expected += 4 * count + (2 if case["latency_reps"] else 0)  # latency mode's: one before, one after
        if case["latency_reps"]:
            line = latency.pop(0) if latency else fail("%s: no latency command buffer" % name)
            expect(line, name + " latency", cbs=1, stamps=2 * case["latency_reps"], gap_work=0, outside_work=0,
                   pair_dispatches=case["latency_reps"] * case["dispatches"], pair_copies=0)
            if line["pipelines"] != split_pipeline:
                fail("%s: latency mode ran pipelines %s, the batches %s" % (name, line["pipelines"], split_pipeline))
            case_start = line["submit"]
    if rounds or latency:
        fail("the log has %d timed rounds and %d latency buffers more than the JSON" % (len(rounds), len(latency)))
    if data["clock_source"] is not None:
        # set up: the width probe, five empty spins (the launch); the reference after the first
        # warm-up, and the end's re-check: three spins each
        clock_expected += 1 + 5 + 3 + 3
    spins = [line for line in lines if line["first_query"] == CLOCK]
    if len(spins) != clock_expected:
        fail("%d clock spins in the log, %d expected (the set-up's 6, 4 a round where the clock was measured, 2 around "
             "latency mode, 3 for the reference and 3 at the end)" % (len(spins), clock_expected))
    for line in spins:
        expect(line, "clock spin", cbs=1, stamps=2, pair_dispatches=1, gap_work=0, outside_work=0)
    # The spins' order: the set-up's six before any case's first batch.
    first_batch = min((line["submit"] for line in lines if line["first_query"] != CLOCK), default=None)
    if first_batch is not None and sum(line["submit"] < first_batch for line in spins) < 6:
        fail("the clock's set-up (its width and launch probes) did not come before the first case")


def main():
    for arg in sys.argv[1:]:
        path, _, log = arg.partition(":")
        data = json.load(open(path))
        check_fields(data)
        if log:
            check_counts(data, parse(log))
            check_rows_counts(data, parse(log))
    print("check_timing: ok")


main()
