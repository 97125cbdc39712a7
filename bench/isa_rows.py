"""isa_rows.py: what bench/isa_table.py and bench/isa_table3.py share: the ISA tool's metrics (kept
outside this repository: ../shared/tools/isa, its README says how each figure is read) grouped one
row per SPIR-V module and direction, under the tool's own labels (the keys of OUT/metrics.json), and
the plans of OUT/plans/ joined to those rows.

A metrics entry names its module (`module`: the build's .spv the shader's source hash matched) and
its role (`role`: copy, latency, bench); its direction is its label's (the tool writes join-KERNEL_wWORD
for a join where split and join share a module) or its module's own (the descriptor path's and the
converting copy's modules are one per direction; the checks are split pipelines for both). The
entries of one module and direction (a converting copy specialized per plan, @MAPPING compiles) are
one row. A plan is joined to its row by the pipeline split_bench --json says it copies with
("pipeline", an index into its "pipelines": module and direction); a run older than that list
(issue 41) is joined by the tool's own case_label (../shared/tools/isa/labels.py, found through
ISA_TOOL or beside this repository), never by words read here from the plan's summary."""
import glob
import json
import os
import re
import sys

CHECK_KERNELS = ("device_check", "rows_check")  # split pipelines that serve both directions


def direction(label, m):
    """'split' or 'join' for a metrics entry, '?' where neither its label nor its module says."""
    module = m.get("module") or ""
    own = re.search(r"(?:^convert_\w+_|_a[01]_)(split|join)(?:_|$)", module)
    if own:
        return own.group(1)
    base = label.split("@")[0]
    if base.startswith("join-"):
        return "join"
    if module.endswith(CHECK_KERNELS):
        return "split"
    return "?" if re.search(r"-dir\d+$", base) else "split"


def role(label, m):
    if m.get("role"):
        return m["role"]
    module = m.get("module") or label
    return "bench" if module in ("copy_ceiling", "clock_spin", "engine_producer", "rows_producer") or \
        label == "ceiling" else "latency" if "device_check" in module or "device-check" in label else "copy"


def rows(shaders, mapping="by-shape"):
    """{(module, direction): [(label, entry), ...]} for the pipelines `mapping`'s plans compile,
    the bench's own left out, in the tool's label order."""
    got = {}
    for label, m in sorted(shaders.items()):
        if role(label, m) == "bench" or mapping not in m.get("seen_in", []):
            continue
        got.setdefault((m.get("module") or label.split("@")[0], direction(label, m)), []).append((label, m))
    return got


def row_name(entries):
    """The tool's labels of a row, the plainest first (no @MAPPING)."""
    labels = sorted((l for l, _ in entries), key=lambda l: ("@" in l, len(l), l))
    return ", ".join(labels)


def distinct(names):
    """{key: name} with the module's addressing added where two keys' names are the same (the tool
    labels the descriptor path's split_copy_desc_w16_a0_split_tiles tiles_w16, as the device
    addresses' one)."""
    seen = {}
    for n in names.values():
        seen[n] = seen.get(n, 0) + 1
    def addressing(module):
        m = re.match(r"(?:split_copy|convert)_(bda|desc)_", module)
        return m.group(1) if m else module

    return {k: n if seen[n] == 1 else "%s (%s)" % (n, addressing(k[0])) for k, n in names.items()}


def latency(entries):
    return any(role(l, m) == "latency" for l, m in entries)


def span(values, fmt):
    """'a' or 'a-b' over the entries of a row."""
    lo, hi = fmt % min(values), fmt % max(values)
    return lo if lo == hi else "%s-%s" % (lo, hi)


def _tool_case_label():
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (os.environ.get("ISA_TOOL"), os.path.join(here, "..", "..", "shared", "tools", "isa")):
        if d and os.path.isfile(os.path.join(d, "labels.py")):
            sys.dont_write_bytecode = True  # no __pycache__ beside the tool
            sys.path.insert(0, d)
            from labels import case_label  # noqa: E402
            return case_label
    return None


def plans(out, target, shaders, mapping="by-shape"):
    """{(module, direction): {"flight": the first case's bytes_in_flight, "inv": the least
    invocation_bytes over its throughput cases (16 MiB and more), "cases": [names]}}."""
    got, by_label, case_label = {}, None, None
    for path in glob.glob(os.path.join(out, "plans", "%s.%s.json" % (target, mapping))):
        d = json.load(open(path))
        listed = d.get("pipelines")
        for c in d.get("cases", []):
            if c.get("path") != "compute":
                continue
            if listed is not None and isinstance(c.get("pipeline"), int):
                p = listed[c["pipeline"]]
                key = (p["module"], p["direction"])
            else:  # a run before split_bench listed its pipelines: the tool's own label of the case
                if by_label is None:
                    case_label = _tool_case_label()
                    by_label = {l.split("@")[0]: (m.get("module") or l, direction(l, m)) for l, m in shaders.items()}
                    if case_label is None:
                        sys.stderr.write("isa_rows: %s has no \"pipelines\" and ../shared/tools/isa/labels.py is not "
                                         "at hand (ISA_TOOL): no plan figures\n" % path)
                key = by_label.get(case_label(c)) if case_label else None
                if key is None:
                    continue
            e = got.setdefault(key, {"flight": c.get("bytes_in_flight", 0), "inv": 1 << 62, "cases": []})
            if c.get("bytes", 0) >= (16 << 20) and c.get("invocation_bytes"):
                e["inv"] = min(e["inv"], c["invocation_bytes"])
            if c["case"] not in e["cases"]:
                e["cases"].append(c["case"])
    return got
