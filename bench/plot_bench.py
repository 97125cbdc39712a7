#!/usr/bin/env python3
"""Plots split_bench --json output as grouped bars of GB/s per case (gnuplot, PNG).

    plot_bench.py AUTO.json [COMPUTE.json] OUT.png

AUTO.json is a default run (the planner's choice); COMPUTE.json, if given, a run with
--path compute. Each case (and size) gets bars for vksplit (auto), vksplit (compute), the
compute-copy ceiling, one-region vkCmdCopyBuffer and host memcpy, all measured in the same
runs. Latency cases (4 KiB, 64 KiB) are left out: their GB/s mean little. Needs only Python's
standard library and gnuplot.
"""
import json
import subprocess
import sys
import tempfile


def load(path):
    with open(path) as f:
        return json.load(f)


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit(__doc__)
    auto = load(argv[1])
    compute = load(argv[2]) if len(argv) == 4 else None
    out = argv[-1]
    by_case = {(c["case"], c["size_mib"]): c for c in compute["cases"]} if compute else {}
    sizes = {c["size_mib"] for c in auto["cases"]}
    rows = []
    for c in auto["cases"]:
        if c["bytes"] < (1 << 20) or c.get("engine_loop"):  # engine loops: host-timed steps, no GB/s
            continue
        comp = by_case.get((c["case"], c["size_mib"]), {}).get("split_gbps", "NaN")
        label = c["case"] if len(sizes) == 1 else f'{c["case"]} {c["size_mib"]:.0f}M'
        rows.append(f'"{label}" {c["split_gbps"]} {comp} {c["ceiling_gbps"]} {c["copy_gbps"]} {c["memcpy_gbps"]}')
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as data:
        data.write("\n".join(rows) + "\n")
    script = f"""
set terminal pngcairo noenhanced size 1400,640 font ",10"
set output "{out}"
set title "split_bench on {auto['device']} ({auto['driver']}): GB/s of output bytes, medians"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set ylabel "GB/s"
set yrange [0:*]
set grid ytics
set xtics rotate by -35 scale 0
set key top right
plot "{data.name}" using 2:xtic(1) title "vksplit (planner's choice)", \\
     "" using 3 title "vksplit (compute path)", \\
     "" using 4 title "plain compute copy (ceiling)", \\
     "" using 5 title "vkCmdCopyBuffer, one region", \\
     "" using 6 title "host memcpy, 1 thread"
"""
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


if __name__ == "__main__":
    main(sys.argv)
