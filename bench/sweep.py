#!/usr/bin/env python3
"""Sweeps split_bench over tunings and prints each case's ratio to the compute-copy ceiling.

    sweep.py PATH/TO/split_bench [--size MiB[,MiB]] [--case A,B] [--reps N] [--out DIR]

Runs split_bench once per tuning below (each a separate process, so each gets its own
context and pipelines), all on the same device, and prints, per case, x ceiling (reference
time / split time: higher is better) for every tuning, the best tuning marked. The ceiling is
measured in the same process as the split, so runs compare by their ratios even when clocks
or memory placement differ between processes. Raw JSON goes to --out. This is how the
defaults in src/tuning.c are meant to be chosen on a GPU (README, "On a GPU").
Standard library only.
"""
import json
import os
import subprocess
import sys

TUNINGS = [
    ("default", []),
    ("inv16", ["--invocation-bytes", "16"]),
    ("inv32", ["--invocation-bytes", "32"]),
    ("inv128", ["--invocation-bytes", "128"]),
    ("inv256", ["--invocation-bytes", "256"]),
    ("wg128", ["--workgroup", "128"]),
    ("wg512", ["--workgroup", "512"]),
    ("band-off", ["--band-bytes", "off"]),
    ("band2M", ["--band-bytes", str(2 << 20)]),
    ("band32M", ["--band-bytes", str(32 << 20)]),
]


def option(argv, name, default):
    return argv[argv.index(name) + 1] if name in argv else default


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        sys.exit(__doc__)
    bench = argv[1]
    size = option(argv, "--size", "64")
    cases = option(argv, "--case", "f32_inner1,f32_inner64,f32_chunk256,f32_chunk16,f32_last3,f32_out96,"
                   "f32_out1024,f32_transposed,f32_4k")
    reps = option(argv, "--reps", "5")
    out = option(argv, "--out", None)
    results = {}
    for name, extra in TUNINGS:
        cmd = [bench, "--size", size, "--case", cases, "--reps", reps, "--path", "compute", "--json",
               "--mapping", "interleaved"] + extra
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
            results.setdefault((c["case"], c["size_mib"]), {})[name] = c["ratio_ceiling"]
        device = data["device"]
    if not results:
        sys.exit("no results")
    names = [n for n, _ in TUNINGS]
    print(f"x ceiling (higher is better) on {device}; * marks the best tuning of each case")
    print(f"{'case':16} {'MiB':>5} " + " ".join(f"{n:>9}" for n in names))
    for (case, mib), row in sorted(results.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        best = max(row, key=row.get)
        cells = []
        for n in names:
            v = row.get(n)
            cells.append(f"{'':>9}" if v is None else f"{v:8.2f}{'*' if n == best else ' '}")
        print(f"{case:16} {mib:5.0f} " + " ".join(cells))


if __name__ == "__main__":
    main(sys.argv)
