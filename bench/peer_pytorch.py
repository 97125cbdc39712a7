#!/usr/bin/env python3
"""PyTorch beside split_bench: the same cases, shapes and sizes through PyTorch on a CUDA GPU.

    peer_pytorch.py [--bench SPLIT_BENCH.json] [--size MiB[,MiB...]] [--case A,B] [--reps N]
                    [--warmup-ms MS] [--batch-ms MS] [--json OUT]

Per case, three ways of doing the split's work on the same card:
  fused       torch.split_with_sizes_copy(x, lengths, dim, out=outputs): one launch for all outputs
  per-output  one Tensor.copy_ per output from torch.split's views
  copy        a plain device-to-device copy of the same bytes (cudaMemcpyAsync through Tensor.copy_)
timed the way split_bench times (docs/performance.md): the first method back to back for
--warmup-ms of GPU time, then batches of K back-to-back calls between two CUDA events, K so
that a batch lasts --batch-ms, the methods' batches interleaved, per call = batch time / K, the
median of --reps batches; the 4 KiB and 64 KiB cases also in latency mode (an event pair
around each of 64 back-to-back calls). With --bench, the cases and sizes are those of a
split_bench --json file, and vksplit's figures from it are printed beside PyTorch's (run both on
the same card; split_bench's clock column says at what clock it ran).

Without PyTorch, or without a CUDA device, it says so in one line and exits 0. The shapes
mirror bench/bench_cases.c (bench_setup_case). No numpy.
"""
import argparse
import json
import math
import statistics
import sys

MIB = 1 << 20
LATENCY_REPS = 64
MAX_REPS = 4096

# name, dtype, element bytes, shape kind, inner, outputs, fixed bytes: bench/bench_cases.c
CASES = [
    ("f32_inner1", "f32", 4, "rows", 1, 3, 0),
    ("f32_inner64", "f32", 4, "rows", 64, 3, 0),
    ("f32_inner4096", "f32", 4, "rows", 4096, 3, 0),
    ("f32_1d", "f32", 4, "1d", 1, 3, 0),
    ("i8_inner64", "i8", 1, "rows", 64, 3, 0),
    ("f16_inner64", "f16", 2, "rows", 64, 3, 0),
    ("f32_chunk256", "f32", 4, "chunks", 64, 3, 0),
    ("f32_chunk16", "f32", 4, "chunks", 4, 3, 0),
    ("f32_last3", "f32", 4, "last_axis", 1, 3, 0),
    ("f32_uneven18", "f32", 4, "uneven", 0, 3, 0),
    ("f32_out96", "f32", 4, "many", 0, 96, 0),
    ("f32_out1024", "f32", 4, "many", 0, 1024, 0),
    ("f32_transposed", "f32", 4, "transposed", 0, 2, 0),
    ("f16_qkv", "f16", 2, "qkv", 64, 3, 0),
    ("f32_4k", "f32", 4, "fixed", 0, 2, 4096),
    ("f32_64k", "f32", 4, "fixed", 0, 2, 65536),
]


def at_least_one(v):
    return 1 if v < 1 else int(v + 0.5)


def setup(case, target, shape=None):
    """(sizes, axis, lengths, kind) of a case at about `target` bytes, as bench_setup_case; with
    `shape` (split_bench's "shape" field), at exactly that shape (a case it shrank to fit)."""
    name, _, e, kind, inner, outputs, fixed = case
    t, axis = float(target), 1
    if kind == "rows":
        sizes = [64, 3 * (at_least_one(t / (64.0 * 3 * inner * e)) | 1), inner]
    elif kind == "1d":
        sizes, axis = [3 * (at_least_one(t / (3.0 * e)) | 1)], 0
    elif kind == "chunks":
        sizes = [at_least_one(t / (3.0 * inner * e)), 3, inner]
    elif kind == "last_axis":
        sizes = [at_least_one(t / (3.0 * e)), 3]
    elif kind == "uneven":
        sizes = [64, 1000, at_least_one(t / (64.0 * 1000 * e))]
    elif kind == "many":
        sizes = [64, outputs, at_least_one(t / (64.0 * outputs * e))]
    elif kind == "transposed":
        n = at_least_one(math.sqrt(t / e)) & ~1
        sizes, axis = [n or 2, n or 2], 0
    elif kind == "qkv":
        sizes, axis = [4, at_least_one(t / (4.0 * 3 * 16 * inner * e)), 3, 16, inner], 2
    else:
        sizes, axis = [fixed // e], 0
    if shape:
        sizes = [int(v) for v in shape.split("]")[0].strip("[").split(",")]
    dim = sizes[axis]
    chunk = -(-dim // outputs) if kind == "uneven" else dim // outputs
    lengths = [chunk] * (outputs - 1) + [dim - chunk * (outputs - 1)]
    return sizes, axis, lengths, kind


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                epilog="Timing, cases and how to run it beside split_bench: docs/performance.md")
    p.add_argument("--bench", help="a split_bench --json file: its cases and sizes, and its figures beside PyTorch's")
    p.add_argument("--size", default="64", help="MiB[,MiB...] for the throughput cases (default 64; without --bench)")
    p.add_argument("--case", help="A,B,...: only these cases (default: all; without --bench, all 16)")
    p.add_argument("--reps", type=int, default=7, help="timed batches per method (default 7)")
    p.add_argument("--warmup-ms", type=float, default=200, help="GPU time of back-to-back warm-up per case (default 200)")
    p.add_argument("--batch-ms", type=float, default=1, help="a batch lasts at least this long (default 1)")
    p.add_argument("--json", help="also write the figures here")
    return p.parse_args()


def requested(args):
    """[(case tuple, target bytes, split_bench's row or None)]."""
    by_name = {c[0]: c for c in CASES}
    only = set(args.case.split(",")) if args.case else None
    if only and not only <= set(by_name):
        sys.exit("peer_pytorch: no case named %s" % ", ".join(sorted(only - set(by_name))))
    if args.bench:
        rows = json.load(open(args.bench))["cases"]
        return [(by_name[r["case"]], int(r["size_mib"] * MIB), r) for r in rows
                if r["case"] in by_name and (not only or r["case"] in only)]
    out = []
    for z, size in enumerate(float(s) for s in args.size.split(",")):
        for c in CASES:
            if (not only or c[0] in only) and (z == 0 or c[3] != "fixed"):
                out.append((c, int(size * MIB), None))
    return out


def main():
    args = parse_args()
    todo = requested(args)
    try:
        import torch
    except ImportError:
        print("peer_pytorch: PyTorch is not installed here (pip install torch, a CUDA build): nothing to compare")
        return 0
    if not torch.cuda.is_available():
        print("peer_pytorch: PyTorch %s sees no CUDA device here: nothing to compare" % torch.__version__)
        return 0
    peer = Peer(torch, args)
    results = [peer.run(case, target, row) for case, target, row in todo]
    print_table(torch, results)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": torch.cuda.get_device_name(), "torch": torch.__version__, "cuda": torch.version.cuda,
                       "warmup_ms": args.warmup_ms, "batch_ms": args.batch_ms, "reps": args.reps, "cases": results},
                      f, indent=1)
    return 0


class Peer:
    def __init__(self, torch, args):
        self.torch, self.args = torch, args
        self.dtypes = {"f32": torch.float32, "f16": torch.float16, "i8": torch.int8}

    def tensors(self, case, target, shape):
        torch = self.torch
        sizes, axis, lengths, kind = setup(case, target, shape)
        dtype = self.dtypes[case[1]]
        if kind == "transposed":  # column-major: the first dimension is fastest
            x = torch.empty(sizes[1], sizes[0], dtype=dtype, device="cuda").t()
        else:
            x = torch.empty(sizes, dtype=dtype, device="cuda")
        if dtype.is_floating_point:
            x.uniform_()
        else:
            x.random_(-128, 127)
        outs = []
        for n in lengths:
            shape = list(sizes)
            shape[axis] = n
            if kind == "qkv":  # [B, S, 1, H, D] laid out [B, H, S, D]
                b, s, _, h, d = shape
                outs.append(torch.empty(b, h, s, d, dtype=dtype, device="cuda").permute(0, 2, 1, 3).unsqueeze(2))
            else:
                outs.append(torch.empty(shape, dtype=dtype, device="cuda"))
        return x, axis, lengths, outs, sizes

    def methods(self, x, axis, lengths, outs, nbytes):
        torch = self.torch
        src = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)

        def fused():
            torch.split_with_sizes_copy(x, lengths, dim=axis, out=outs)

        def per_output():
            for o, v in zip(outs, torch.split(x, lengths, dim=axis)):
                o.copy_(v)

        def copy():
            dst.copy_(src)

        return {"fused": fused, "per_output": per_output, "copy": copy}

    def batch(self, fn, k):
        torch = self.torch
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(k):
            fn()
        end.record()
        end.synchronize()
        return start.elapsed_time(end) * 1e-3

    def sized(self, fn, warm_s):
        """Back to back until warm_s of GPU time and a batch of k lasting batch_ms: k."""
        k, spent, batch_s = 1, 0.0, self.args.batch_ms * 1e-3
        while True:
            t = self.batch(fn, k)
            spent += t
            settled = t >= batch_s or k >= MAX_REPS
            if spent >= warm_s and settled:
                return k
            if not settled:
                k = min(MAX_REPS, max(k + 1, math.ceil(k * batch_s * 1.1 / t) if t > 0 else k * 16))

    def latency(self, fn):
        torch = self.torch
        pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(LATENCY_REPS)]
        for a, b in pairs:
            a.record()
            fn()
            b.record()
        torch.cuda.synchronize()
        return statistics.median(a.elapsed_time(b) * 1e-3 for a, b in pairs)

    def run(self, case, target, row):
        torch = self.torch
        x, axis, lengths, outs, sizes = self.tensors(case, target, row and row.get("shape"))
        nbytes = sum(o.numel() for o in outs) * x.element_size()
        result = {"case": case[0], "size_mib": round(target / MIB), "shape": sizes, "bytes": nbytes}
        methods, ks, errors = self.methods(x, axis, lengths, outs, nbytes), {}, {}
        for name, fn in list(methods.items()):
            try:  # the check: every output equals its slice of the input
                fn()
                if name != "copy":
                    torch.cuda.synchronize()
                    for o, v in zip(outs, torch.split(x, lengths, dim=axis)):
                        if not torch.equal(o, v):
                            raise RuntimeError("wrong bytes")
                        o.zero_()
            except Exception as e:  # noqa: BLE001 (PyTorch's own refusals are the result)
                errors[name] = str(e).splitlines()[0][:120]
                del methods[name]
        warm = self.args.warmup_ms * 1e-3
        for name, fn in methods.items():  # the first method warms the GPU up; the others are sized on it
            ks[name], warm = self.sized(fn, warm), 0
        times = {name: [] for name in methods}
        for _ in range(self.args.reps):  # interleaved: a slow spell hits every method
            for name, fn in methods.items():
                times[name].append(self.batch(fn, ks[name]) / ks[name])
        for name in ("fused", "per_output", "copy"):
            if name in errors:
                result[name] = {"error": errors[name]}
                continue
            t = statistics.median(times[name])
            result[name] = {"us": t * 1e6, "gbps": nbytes / t * 1e-9, "batch_reps": ks[name]}
            if case[3] == "fixed":
                result[name]["latency_us"] = self.latency(methods[name]) * 1e6
        if row:
            result["vksplit"] = {k: row.get(k) for k in ("split_us", "split_gbps", "ratio_ceiling", "ceiling_gbps",
                                                          "clock_mhz", "clock_relative", "latency_split_us")}
        return result


def cell(r, fixed):
    if "error" in r:
        return "fails"
    if fixed:
        return "%.1f us" % r.get("latency_us", r["us"])
    return "%.0f" % r["gbps"]


def print_table(torch, results):
    print("PyTorch %s (CUDA %s) on %s; GB/s of output bytes (latency cases: us per call, latency mode)"
          % (torch.__version__, torch.version.cuda, torch.cuda.get_device_name()))
    print("%-15s %6s %14s %12s %12s %12s" % ("case", "MiB", "vksplit (x c)", "fused", "per-output", "copy"))
    for r in results:
        fixed = r["case"] in ("f32_4k", "f32_64k")
        v = r.get("vksplit")
        if v and fixed:
            ours = "%.1f us" % (v.get("latency_split_us") or v["split_us"])
        elif v:
            ours = "%.0f (%.2f)" % (v["split_gbps"], v["ratio_ceiling"])
        else:
            ours = "-"
        print("%-15s %6s %14s %12s %12s %12s" % (r["case"], r["size_mib"] if not fixed else "-", ours,
                                                 cell(r["fused"], fixed), cell(r["per_output"], fixed),
                                                 cell(r["copy"], fixed)))
    for r in results:
        for name in ("fused", "per_output", "copy"):
            if "error" in r[name]:
                print("  %s %s: %s" % (r["case"], name, r[name]["error"]))


if __name__ == "__main__":
    sys.exit(main())
