#!/usr/bin/env python3
"""isa_table.py OUT: the machine code's figures beside the plan's own, per GPU and pipeline the
GPU default (--mapping by-shape) uses, as a markdown table, from the output folder of the
ISA tool (kept outside this repository: run_all.sh . OUT writes metrics.json and plans/).
Regenerates docs/gpu.md's table after a change to a shader. One row per SPIR-V module and
direction, named by the tool's own labels (bench/isa_rows.py: a row of several labels gives each
figure's range over them); the device parameters' check, a one-workgroup latency kernel, is
marked so and not held to the bandwidth bars.

Columns: registers (VGPRs on AMD, GPRs on NVIDIA incl. reserved); in flight: bytes of copy
loads per lane issued before the first wait, in the machine code and by the plan's own account
(bytes_in_flight); instr/16 B: instructions per 16 bytes of loads in the hottest loop (or on a
straight-line path); waits: memory round trips before the first copy load; B/SM: bytes in
flight per SM/CU over an invocation's life (occupancy x in flight x trips / (trips + waits)),
beside what that GPU's memory needs (bandwidth x latency / SMs). NAK is Mesa's compiler for
NVIDIA GPUs, not NVIDIA's own."""
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_rows  # noqa: E402

NEED = {"amd_navi31": 6, "amd_navi21": 4, "amd_vega10": 14, "nv_172": 6, "nv_192": 4, "nv_180": 20}
NAMES = {"amd_navi31": "Navi31 (RX 7900 XTX), RADV/ACO", "amd_navi21": "Navi21 (RX 6900 XT), RADV/ACO",
         "amd_vega10": "Vega10 (GCN5, the CDNA family), RADV/ACO", "nv_172": "GA102 (RTX 3090), NVK/NAK",
         "nv_192": "AD102 (RTX 4090), NVK/NAK", "nv_180": "GH100 (H100), NVK/NAK"}
LATENCY = " (latency kernel: one workgroup, not held to the bandwidth bars)"


def per16(m):
    hot = m.get("hot_loop")
    if hot:
        width = m["in_flight"]["widths"][0] if m["in_flight"]["widths"] else 16
        return hot[0] / max(1e-9, hot[1] * width / 16.0)
    return m["path"] / (m["path_bytes"] / 16.0) if m.get("path") and m.get("path_bytes") else float("inf")


def main():
    out = sys.argv[1].rstrip("/")
    metrics = json.load(open(out + "/metrics.json"))
    for target in sorted(metrics):
        shaders = metrics[target]
        p = isa_rows.plans(out, target, shaders)
        print("\n**%s** (bars: 64 B in flight, 64 instructions per 16 B, %d KB per %s)\n" %
              (NAMES.get(target, target), NEED.get(target, 16), "CU" if target.startswith("amd") else "SM"))
        print("| pipeline | regs | in flight: code / plan | instr/16 B | waits | B/SM | cases |")
        print("|---|---|---|---|---|---|---|")
        rows = isa_rows.rows(shaders)
        shown = isa_rows.distinct({k: isa_rows.row_name(v) for k, v in rows.items()})
        for key, entries in sorted(rows.items(), key=lambda kv: shown[kv[0]]):
            e = p.get(key, {"flight": 0, "inv": 1 << 62, "cases": []})
            regs, flight, p16, waits, per_sm = [], [], [], [], []
            for _, m in entries:
                fl = (m["in_flight"] or {}).get("bytes") or 0
                trips = max(1.0, (e["inv"] if e["inv"] < (1 << 62) else fl) / max(1, fl))
                w = m.get("waits_before") or 0
                regs.append(m.get("vgprs") or m.get("gprs") or 0)
                flight.append(fl)
                p16.append(per16(m))
                waits.append(w)
                per_sm.append((m.get("bytes_in_flight_per_sm") or 0) * trips / (trips + w) / 1024)
            name = shown[key] + (LATENCY if isa_rows.latency(entries) else "")
            print("| %s | %s | %s / %d | %s | %s | %s KB | %s |" % (
                name, isa_rows.span(regs, "%d"), isa_rows.span(flight, "%d"), e["flight"], isa_rows.span(p16, "%.0f"),
                isa_rows.span(waits, "%d"), isa_rows.span(per_sm, "%.1f"), ", ".join(e["cases"])))
        c = next((m for l, m in sorted(shaders.items()) if (m.get("module") or l) in ("copy_ceiling", "ceiling")), None)
        if c:
            print("| the bench's plain copy | %s | %d / - | %.0f | %d | | |" % (c.get("vgprs") or c.get("gprs"),
                  (c["in_flight"] or {}).get("bytes") or 0, per16(c), c.get("waits_before") or 0))


main()
