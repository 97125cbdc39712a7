#!/usr/bin/env python3
"""isa_table3.py OUT: the ISA tool's vendors3 figures (Intel ANV/brw, Qualcomm Turnip/ir3, ARM
PanVK/Valhall; `vendors3/run3.sh . OUT`) as docs/gpu.md's table: one row per target, one column
per pipeline the GPU default (--mapping by-shape) uses, each cell the bytes of copy loads in
flight per lane before the first wait and the registers (with what they leave: waves per core
on Adreno, SIMD width on Intel, threads per core on Mali). Regenerates the table after a
change to a shader; the ISA tool's own README says how each figure is read."""
import json, re, sys


def registers(m):
    regs = m.get("regs") or ""
    full = re.match(r"(\d+) full .*?(\d+ waves/core)", regs)  # Adreno
    return "%s, %s" % (full.group(1), full.group(2)) if full else regs


def main():
    out = sys.argv[1].rstrip("/")
    metrics = json.load(open(out + "/metrics.json"))
    names = dict(re.findall(r"^### (\w+): (.*)$", open(out + "/metrics.md").read(), re.M))
    columns = []
    for target in sorted(metrics):
        for name, m in metrics[target].items():
            if name != "ceiling" and "by-shape" in m.get("seen_in", []) and name not in columns:
                columns.append(name)
    columns.sort(key=lambda n: (n.startswith("join-"), n.replace("join-", "")))
    print("| target | %s |" % " | ".join(columns))
    print("|---|" + "---|" * len(columns))
    for target in sorted(metrics):
        cells = []
        for name in columns:
            m = metrics[target].get(name)
            if not m or "by-shape" not in m.get("seen_in", []):
                cells.append("-")
                continue
            cells.append("%d B, %s" % ((m.get("in_flight") or {}).get("bytes") or 0, registers(m)))
        print("| %s | %s |" % (names.get(target, target), " | ".join(cells)))


main()
