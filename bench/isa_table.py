#!/usr/bin/env python3
"""isa_table.py OUT: the machine code's figures beside the plan's own, per GPU and pipeline the
GPU default (--mapping by-shape) uses, as a markdown table, from the output folder of the
ISA tool (kept outside this repository: run_all.sh . OUT writes metrics.json and plans/).
Regenerates docs/gpu.md's table after a change to a shader.

Columns: registers (VGPRs on AMD, GPRs on NVIDIA incl. reserved); in flight: bytes of copy
loads per lane issued before the first wait, in the machine code and by the plan's own account
(bytes_in_flight); instr/16 B: instructions per 16 bytes of loads in the hottest loop (or on a
straight-line path); waits: memory round trips before the first copy load; B/SM: bytes in
flight per SM/CU over an invocation's life (occupancy x in flight x trips / (trips + waits)),
beside what that GPU's memory needs (bandwidth x latency / SMs). NAK is Mesa's compiler for
NVIDIA GPUs, not NVIDIA's own."""
import glob
import re, json, os, sys

NEED = {"amd_navi31": 6, "amd_navi21": 4, "amd_vega10": 14, "nv_172": 6, "nv_192": 4, "nv_180": 20}
NAMES = {"amd_navi31": "Navi31 (RX 7900 XTX), RADV/ACO", "amd_navi21": "Navi21 (RX 6900 XT), RADV/ACO",
         "amd_vega10": "Vega10 (GCN5, the CDNA family), RADV/ACO", "nv_172": "GA102 (RTX 3090), NVK/NAK",
         "nv_192": "AD102 (RTX 4090), NVK/NAK", "nv_180": "GH100 (H100), NVK/NAK"}

def per16(m):
    hot = m.get("hot_loop")
    if hot:
        width = m["in_flight"]["widths"][0] if m["in_flight"]["widths"] else 16
        return hot[0] / max(1e-9, hot[1] * width / 16.0)
    return m["path"] / (m["path_bytes"] / 16.0) if m.get("path") and m.get("path_bytes") else float("inf")

# A case's pipeline as the ISA tool labels it, from its plan string ("join compute bda tiles
# realigned w4 ...": [join-]KERNEL_wWORD, the kernel as the SPIR-V modules name it, '-' for '_').
PLAN_RX = re.compile(r"^(join )?compute (?:bda|desc) ([a-z]+)((?: [a-z0-9-]+)*?) w(\d+)\b")
VARIANT = {"realigned": "tiles_realign", "wide": "tiles_wide", "16-byte": "transpose16"}

def case_label(c):
    m = PLAN_RX.match(c.get("plan") or "")
    if not m:
        return "%s_w%d" % (c["mapping"], c["word_bytes"])
    join, name, words, word = m.groups()
    # the kernel's variant where the plan names one (TILES' realigned and wide, TRANSPOSE16);
    # a rows plan's words are its mode ("rows device given"), not a kernel
    variant = next((w for w in words.split() if w in VARIANT), None)
    return "%s%s_w%s" % ("join-" if join else "", (VARIANT[variant] if variant else name).replace("_", "-"), word)

def plans(out, target):
    """Per pipeline label: the plan's bytes in flight and the least bytes per invocation over
    the throughput cases (16 MiB and more), and the cases that use it."""
    got = {}
    for path in glob.glob(os.path.join(out, "plans", target + ".by-shape.json")):
        for c in json.load(open(path)).get("cases", []):
            if c.get("path") != "compute":
                continue
            label = case_label(c)
            e = got.setdefault(label, {"flight": c["bytes_in_flight"], "inv": 1 << 62, "cases": []})
            if c.get("bytes", 0) >= (16 << 20) and c.get("invocation_bytes"):
                e["inv"] = min(e["inv"], c["invocation_bytes"])
            if c["case"] not in e["cases"]:
                e["cases"].append(c["case"])
    return got

def main():
    out = sys.argv[1].rstrip("/")
    metrics = json.load(open(out + "/metrics.json"))
    for target in sorted(metrics):
        p = plans(out, target)
        print("\n**%s** (bars: 64 B in flight, 64 instructions per 16 B, %d KB per %s)\n" %
              (NAMES.get(target, target), NEED.get(target, 16), "CU" if target.startswith("amd") else "SM"))
        print("| pipeline | regs | in flight: code / plan | instr/16 B | waits | B/SM | cases |")
        print("|---|---|---|---|---|---|---|")
        for name, m in sorted(metrics[target].items()):
            if name == "ceiling" or "by-shape" not in m.get("seen_in", []):
                continue
            fl = (m["in_flight"] or {}).get("bytes") or 0
            e = p.get(name, {"flight": 0, "inv": fl, "cases": []})
            trips = max(1.0, (e["inv"] if e["inv"] < (1 << 62) else fl) / max(1, fl))
            waits = m.get("waits_before") or 0
            per_sm = (m.get("bytes_in_flight_per_sm") or 0) * trips / (trips + waits)
            regs = m.get("vgprs") or m.get("gprs")
            print("| %s | %s | %d / %d | %.0f | %d | %.1f KB | %s |" % (name, regs, fl, e["flight"], per16(m), waits,
                                                                    per_sm / 1024, ", ".join(e["cases"])))
        c = metrics[target].get("ceiling")
        if c:
            print("| the bench's plain copy | %s | %d / - | %.0f | %d | | |" % (c.get("vgprs") or c.get("gprs"),
                  (c["in_flight"] or {}).get("bytes") or 0, per16(c), c.get("waits_before") or 0))

main()
