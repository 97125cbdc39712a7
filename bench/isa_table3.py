#!/usr/bin/env python3
"""isa_table3.py OUT: the ISA tool's vendors3 figures (Intel ANV/brw, Qualcomm Turnip/ir3, ARM
PanVK/Valhall; `vendors3/run3.sh . OUT`) as docs/gpu.md's table: one row per target, one column
per SPIR-V module and direction the GPU default (--mapping by-shape) uses, named by the tool's own
labels (bench/isa_rows.py; the device parameters' check marked as the latency kernel it is), the
splits first, then the joins, each cell the bytes of copy loads in
flight per lane before the first wait and the registers (with what they leave: waves per core
on Adreno, SIMD width on Intel, threads per core on Mali). Regenerates the table after a
change to a shader; the ISA tool's own README says how each figure is read."""
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_rows  # noqa: E402


def registers(m):
    regs = m.get("regs") or ""
    full = re.match(r"(\d+) full .*?(\d+ waves/core)", regs)  # Adreno
    return "%s, %s" % (full.group(1), full.group(2)) if full else regs


def cell(entries):
    """Bytes in flight and registers; a row of several entries (a converting copy specialized per
    plan) gives each distinct cell, ' / ' between them."""
    cells = []
    for _, m in entries:
        c = "%d B, %s" % ((m.get("in_flight") or {}).get("bytes") or 0, registers(m))
        if c not in cells:
            cells.append(c)
    return " / ".join(cells)


def main():
    out = sys.argv[1].rstrip("/")
    metrics = json.load(open(out + "/metrics.json"))
    names = dict(re.findall(r"^### (\w+): (.*)$", open(out + "/metrics.md").read(), re.M))
    rows = {t: isa_rows.rows(metrics[t]) for t in metrics}
    heads = {}  # (module, direction) -> the column's name: the tool's labels, across targets
    for target in sorted(rows):
        for key, entries in rows[target].items():
            labels = set(heads.get(key, "").split(", ")) - {""} | {l for l, _ in entries}
            heads[key] = isa_rows.row_name([(l, None) for l in labels])
            if isa_rows.latency(entries):
                heads[key + ("latency",)] = True
    columns = [k for k in heads if len(k) == 2]
    shown = isa_rows.distinct({k: heads[k] for k in columns})
    columns.sort(key=lambda k: (k[1] == "join", shown[k].replace("join-", "")))
    print("| target | %s |" % " | ".join(shown[k] + (" (latency kernel)" if k + ("latency",) in heads else "")
                                        for k in columns))
    print("|---|" + "---|" * len(columns))
    for target in sorted(metrics):
        cells = [cell(rows[target][k]) if k in rows[target] else "-" for k in columns]
        print("| %s | %s |" % (names.get(target, target), " | ".join(cells)))


main()
