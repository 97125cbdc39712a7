#!/usr/bin/env python3
"""Sweeps split_bench over mappings and tunings and prints each case's ratio to the compute-copy
ceiling, side by side.

    sweep.py PATH/TO/split_bench [--size MiB[,MiB]] [--case A,B] [--reps N] [--warmup-ms MS] [--out DIR]

Runs split_bench once per column below (each a separate process, so each gets its own context
and pipelines), all on the same device, and prints, per case, x ceiling (reference time / split
time: higher is better) for every column, the best marked. The ceiling is measured in the same
process as the split, so runs compare by their ratios even when clocks or memory placement
differ between processes. Every mapping is a column (a forced TRANSPOSE or DEINTERLEAVE plans
TILES where a case does not fit it), so one run on a GPU says which mapping each case wants;
the tuning columns vary BY_SHAPE's defaults, which is how
src/context/tuning.c's GPU defaults are to be chosen (README, "On a GPU"). Each run holds and measures
the GPU's clock (docs/performance.md, "How it times"); the last line gives each column's highest
clock and its re-runs, so that a column run at another clock shows. Raw JSON goes to --out.
Standard library only.
"""
import json
import os
import subprocess
import sys

COLUMNS = [
    ("by-shape", ["--mapping", "by-shape"]),
    ("tiles", ["--mapping", "tiles"]),
    ("transpose", ["--mapping", "transpose"]),
    ("deinterl", ["--mapping", "deinterleave"]),
    ("inv128", ["--mapping", "by-shape", "--invocation-bytes", "128"]),
    ("inv256", ["--mapping", "by-shape", "--invocation-bytes", "256"]),
    ("wg128", ["--mapping", "by-shape", "--workgroup", "128"]),
    ("wg512", ["--mapping", "by-shape", "--workgroup", "512"]),
    ("band-off", ["--mapping", "by-shape", "--band-bytes", "off"]),
    ("band32M", ["--mapping", "by-shape", "--band-bytes", str(32 << 20)]),
    ("word32", ["--mapping", "by-shape", "--max-word", "32"]),
]


def option(argv, name, default):
    return argv[argv.index(name) + 1] if name in argv else default


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        sys.exit(__doc__)
    bench = argv[1]
    size = option(argv, "--size", "64")
    cases = option(argv, "--case", None)
    reps = option(argv, "--reps", "5")
    warmup = option(argv, "--warmup-ms", None)
    out = option(argv, "--out", None)
    results, plans, clocks = {}, {}, {}
    device = "?"
    for name, extra in COLUMNS:
        cmd = [bench, "--size", size, "--reps", reps, "--path", "compute", "--json"] + extra
        if cases:
            cmd += ["--case", cases]
        if warmup:
            cmd += ["--warmup-ms", warmup]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{name}: split_bench failed ({run.returncode}): {run.stderr.strip()[:200]}", file=sys.stderr)
            continue
        data = json.loads(run.stdout)
        if out:
            os.makedirs(out, exist_ok=True)
            with open(os.path.join(out, f"sweep_{name}.json"), "w") as f:
                f.write(run.stdout)
        for c in data["cases"]:
            if c.get("engine_loop"):  # host-timed steps: no ratio to the ceiling
                continue
            key = (c["case"], c["size_mib"])
            results.setdefault(key, {})[name] = c["ratio_ceiling"]
            plans.setdefault(key, {})[name] = c["mapping"]
        device = data["device"]
        mhz = data.get("clock_max_mhz")
        clocks[name] = ("%.0f MHz" % mhz if mhz else "-") + ", %d re-runs" % data.get("reruns", 0)
    if not results:
        sys.exit("no results")
    names = [n for n, _ in COLUMNS]
    print(f"x ceiling (higher is better) on {device}; * marks the best column of each case;")
    print("a mapping column that planned another mapping for a case shows it in brackets")
    print(f"{'case':16} {'MiB':>5} " + " ".join(f"{n:>10}" for n in names))
    for (case, mib), row in sorted(results.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        best = max(row, key=row.get)
        cells = []
        for n in names:
            v = row.get(n)
            if v is None:
                cells.append(f"{'':>10}")
                continue
            used = plans[(case, mib)][n]
            tag = "" if not n.startswith(("tiles", "transpose", "deinterl")) or used.startswith(n[:5]) \
                else f"[{used[:2]}]"
            cells.append(f"{tag:>4}{v:5.2f}{'*' if n == best else ' '}")
        print(f"{case:16} {mib:5.0f} " + " ".join(cells))
    print("clock (highest, re-runs): " + "; ".join(f"{n} {c}" for n, c in clocks.items()))


if __name__ == "__main__":
    main(sys.argv)
