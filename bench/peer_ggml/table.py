#!/usr/bin/env python3
"""The peer bench's JSON lines (run.sh) as one markdown table: ggml time / vksplit time, wall and
GPU, per case, with the device and the date; then what each side ran.

    table.py RESULTS.jsonl [--date YYYY-MM-DD] [--commit HASH]"""
import json
import sys


def us(v):
    return "-" if v is None else ("%.0f" % v if v >= 100 else "%.1f" % v)


def ratio(v):
    return "-" if v is None else "%.2fx" % v


def size(b):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if b >= scale:
            return ("%g " + unit) % round(b / scale, 2)
    return "%d B" % b


def main():
    args = sys.argv[1:]
    opt = {k: args[args.index(k) + 1] for k in ("--date", "--commit") if k in args}
    rows = [json.loads(line) for line in open(args[0]) if line.strip()]
    done = [r for r in rows if "failed" not in r]
    devices = sorted({r["device"] for r in done})
    print("Device: %s; %s%s; ggml-vulkan 0.23.0 (node-llama-cpp 3.21.1, llama.cpp v0.4.0)."
          % (", ".join(devices) or "-", opt.get("--date", "-"),
             ", vksplit " + opt["--commit"] if "--commit" in opt else ""))
    print()
    print("| case | bytes | ggml wall (us) | vksplit wall (us) | ratio wall | ggml GPU (us) | vksplit GPU (us) "
          "| ratio GPU | bytes equal |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        if "failed" in r:
            print("| %s | | | | | | | | failed (exit %d) |" % (r["case"], r["failed"]))
            continue
        equal = "yes" if r["bytes_equal"] and r["reference_equal"] else (
            "ggml = vksplit, not the reference" if r["bytes_equal"] else "NO")
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["case"], size(r["bytes"]), us(r["ggml_wall_us"]), us(r["vksplit_wall_us"]), ratio(r["ratio_wall"]),
            us(r["ggml_gpu_us"]), us(r["vksplit_gpu_us"]), ratio(r["ratio_gpu"]), equal))
    print()
    for r in done:
        print("- `%s`: ggml %s; vksplit %s (path %s: %s); %d rounds of %d runs, ratio wall per round %.2f-%.2fx; "
              "each side's fastest round: %s wall, %s GPU"
              % (r["case"], r["ggml"], r["vksplit"], r["path"], r["plan"], r["rounds"], r["reps"],
                 r["ratio_wall_rounds"][0], r["ratio_wall_rounds"][1], ratio(r.get("ratio_wall_best")),
                 ratio(r.get("ratio_gpu_best"))))


main()
