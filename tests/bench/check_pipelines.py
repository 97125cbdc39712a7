"""split_bench --json's "pipelines" (issue 41: labels that cannot slip), held to a second reading.

Usage: check_pipelines.py PATH/TO/split_bench BUILD_DIR [LIBRARY_SPIRV_DIR]

Runs split_bench under the tests' counting layer (tests/bench/count_layer.c, built beside the
bench), which logs every compute pipeline the driver is asked for, in creation order, by the hash
of its SPIR-V words and its SPEC_JOIN constant. This script names each by hashing the modules the
build embedded (LIBRARY_SPIRV_DIR/*.spv: BUILD_DIR/shaders unless the build took another's through
VKSPLIT_SPIRV_DIR; BUILD_DIR/bench/*.spv), never by the library's names, and
asserts that the bench's list is that list: the same modules in the same order, each library
pipeline's direction its SPEC_JOIN (a converting copy's, its module's own direction), the bench's
own shaders without one; and that each compute case's "pipeline" indexes the list at a pipeline
of its own direction (a transfer case's is null). Two runs: --plan-only (every kind of plan the default run makes), and a
short timed run with an engine loop (the clock's spin, the ceiling and the producer where the
device has them). Exit 0 when all hold; 1 with the first disagreement on stderr."""
import glob
import json
import os
import subprocess
import sys
import tempfile

MODULE_DIRECTION = {"split": "split", "join": "join"}  # a module that copies one direction only


def fnv1a64(data):
    h = 14695981039346656037
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def build_modules(build, library):
    """{hash: (stem, 'library' or 'bench')} over the .spv files the library embedded (its build's
    shaders/, or the other build's that VKSPLIT_SPIRV_DIR names) and the bench's own."""
    out = {}
    for kind, folder in (("library", library), ("bench", os.path.join(build, "bench"))):
        for path in glob.glob(os.path.join(folder, "*.spv")):
            with open(path, "rb") as f:
                out[fnv1a64(f.read())] = (os.path.basename(path)[:-4], kind)
    return out


def layer_reading(log, modules):
    """[(module, direction)] from the layer's lines, named by the build's modules."""
    seen = []
    for line in open(log):
        if not line.startswith("pipeline "):
            continue
        fields = dict(f.split("=", 1) for f in line.split()[1:])
        if fields["code"] not in modules:
            sys.exit("check_pipelines: a pipeline of no module the build wrote (code %s)" % fields["code"])
        stem, kind = modules[fields["code"]]
        if kind == "bench":
            seen.append((stem, None))
        elif stem.startswith("convert_"):  # one module per direction; its constant 5 is not SPEC_JOIN
            seen.append((stem, stem.rsplit("_", 1)[1]))
        else:
            seen.append((stem, {"0": "split", "1": "join"}[fields["spec_join"]]))
    return seen


def check_run(bench, build, library, args, work, name):
    log = os.path.join(work, name + ".log")
    env = dict(os.environ)
    env.update({"VKSPLIT_BENCH_COUNT": "1", "VKSPLIT_BENCH_PIPELINES_LOG": log,
                "XDG_CONFIG_DIRS": os.path.join(build, "bench_count") + ":" + env.get("XDG_CONFIG_DIRS", "/etc/xdg")})
    run = subprocess.run([bench, "--json"] + args, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("check_pipelines: split_bench %s failed: %s" % (" ".join(args), run.stderr))
    if not os.path.exists(log):
        sys.exit("check_pipelines: the counting layer logged no pipeline (not loaded?)")
    listed = json.loads(run.stdout).get("pipelines")
    if not isinstance(listed, list) or not listed:
        sys.exit("check_pipelines: split_bench %s --json has no top-level \"pipelines\" list" % " ".join(args))
    modules = build_modules(build, library)
    names = {stem: kind for stem, kind in modules.values()}
    for i, p in enumerate(listed):
        if set(p) != {"module", "direction"}:
            sys.exit("check_pipelines: pipelines[%d] is %s, not {module, direction}" % (i, p))
        kind = names.get(p["module"])
        if kind is None:
            sys.exit("check_pipelines: pipelines[%d]: %s.spv is in neither %s nor %s/bench" %
                     (i, p["module"], library, build))
        if (kind == "bench") != (p["direction"] is None) or p["direction"] not in (None, "split", "join"):
            sys.exit("check_pipelines: pipelines[%d]: %s with direction %r" % (i, p["module"], p["direction"]))
        one_way = p["module"].split("_a0_")[-1].split("_")[0] if p["module"].startswith("split_copy_") else ""
        if one_way in MODULE_DIRECTION and MODULE_DIRECTION[one_way] != p["direction"]:
            sys.exit("check_pipelines: pipelines[%d]: %s, a %s module, listed as %s" %
                     (i, p["module"], one_way, p["direction"]))
        if "device_check" in p["module"] and p["direction"] != "split":
            sys.exit("check_pipelines: pipelines[%d]: the device check is one split pipeline, listed %s" %
                     (i, p["direction"]))
    for c in json.loads(run.stdout)["cases"]:  # each case's own: an index into the list, its direction
        k = c.get("pipeline", "absent")
        if c["path"] != "compute":
            if k is not None:
                sys.exit("check_pipelines: %s on the %s path names pipeline %r" % (c["case"], c["path"], k))
        elif not isinstance(k, int) or not 0 <= k < len(listed) or listed[k]["direction"] != c["operation"]:
            sys.exit("check_pipelines: %s (a %s) names pipeline %r of %d: %s" %
                     (c["case"], c["operation"], k, len(listed), listed[k] if isinstance(k, int) and
                      0 <= k < len(listed) else "none"))
    bench_says = [(p["module"], p["direction"]) for p in listed]
    layer_says = layer_reading(log, modules)
    if bench_says != layer_says:
        for i, (a, b) in enumerate(zip(bench_says, layer_says)):
            if a != b:
                sys.exit("check_pipelines: %s: pipeline %d: split_bench lists %s, the driver was asked for %s "
                         "(%d listed, %d created)" % (name, i, a, b, len(bench_says), len(layer_says)))
        sys.exit("check_pipelines: %s: split_bench lists %d pipelines, the driver was asked for %d" %
                 (name, len(bench_says), len(layer_says)))
    return listed


def main():
    bench, build = sys.argv[1], sys.argv[2]
    library = sys.argv[3] if len(sys.argv) > 3 else os.path.join(build, "shaders")
    with tempfile.TemporaryDirectory() as work:
        planned = check_run(bench, build, library, ["--plan-only"], work, "plan_only")
        kinds = {p["module"] for p in planned}
        for want in ("convert_", "device_check"):  # the default run's converting copies and device parameters
            if not any(want in m for m in kinds):
                sys.exit("check_pipelines: --plan-only created no %s pipeline: the run no longer covers it" % want)
        if not any(p["direction"] == "join" for p in planned):
            sys.exit("check_pipelines: --plan-only created no join pipeline")
        check_run(bench, build, library, ["--size", "1", "--case", "f32_1d,join_f32_last3,decode_f16_step", "--reps", "1",
                                 "--warmup-ms", "0", "--batch-reps", "1"], work, "timed")
    print("check_pipelines: ok (%d pipelines under --plan-only)" % len(planned))


if __name__ == "__main__":
    main()
