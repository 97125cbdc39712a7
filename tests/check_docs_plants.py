#!/usr/bin/env python3
"""The docs check catches drift: drifts planted in a copy of the source tree, one at a time, each
an edit of the code that owns a fact (never of the documents that repeat it), make
tests/check_docs.py fail, and its failure names the drift; the copy as it is passes.

Each plant is a list of edits (files, a pattern, its replacement, how many places it must
change: a plant that no longer applies fails, so that it is reworded rather than silently
passing) and the lines the check must print (patterns, each naming the document and line that
now disagrees with the code). The copy is what git tracks or would track (ignored build output
left out); the copy's own tests/check_docs.py runs on it, the plants two at a time.

    python3 tests/check_docs_plants.py SOURCE_DIR     (the ctest entry docs_plants)"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")


class Plant:
    def __init__(self, what, edits, expect):
        self.what, self.edits, self.expect = what, edits, expect


# (glob of files, pattern, replacement, the places it must change: None for one or more)
PLANTS = [
    Plant("a public function renamed: vksplit_plan_get_info is vksplit_plan_read_info in "
          "include/vksplit/vksplit.h and src/ (the docs still name the old one)",
          [("include/vksplit/vksplit.h", r"\bvksplit_plan_get_info\b", "vksplit_plan_read_info", 1),
           ("src/**/*.c", r"\bvksplit_plan_get_info\b", "vksplit_plan_read_info", None)],
          [r"^docs/api\.md:\d+: names vksplit_plan_get_info, which no public header \(include/vksplit/\*\.h\) declares$"]),
    Plant("a public macro renamed: VKSPLIT_INLINE_OUTPUTS is VKSPLIT_PUSHED_OUTPUTS in include/ and src/",
          [("include/vksplit/vksplit.h", r"\bVKSPLIT_INLINE_OUTPUTS\b", "VKSPLIT_PUSHED_OUTPUTS", None),
           ("src/**/*.[ch]", r"\bVKSPLIT_INLINE_OUTPUTS\b", "VKSPLIT_PUSHED_OUTPUTS", None)],
          [r"^docs/api\.md:\d+: names VKSPLIT_INLINE_OUTPUTS, which is no public name",
           r"^tests/check_docs\.py: device addresses that travel in push constants: no #define VKSPLIT_INLINE_OUTPUTS"]),
    Plant("a rule renamed: RECORD_TABLE_UNBOUND is RECORD_TABLE_NOT_BOUND in include/vksplit/rules.h and src/",
          [("include/vksplit/rules.h", r"\bX\(RECORD_TABLE_UNBOUND,", "X(RECORD_TABLE_NOT_BOUND,", 1),
           ("src/**/*.c", r"\bRECORD_TABLE_UNBOUND\b", "RECORD_TABLE_NOT_BOUND", None)],
          [r"^include/vksplit/vksplit\.h:\d+: names RECORD_TABLE_UNBOUND as a rule, which is no rule"]),
    Plant("a tile size changed: TRANSPOSE_TILE_A 32 -> 64 in shaders/split_abi.h",
          [("shaders/split_abi.h", r"(#define TRANSPOSE_TILE_A) 32\b", r"\1 64", 1)],
          [r"^docs/how-it-works\.md:\d+: TRANSPOSE's tiles: .*: says 32 / 64 / 32 / 32 / 32 / 16 .*; the code says "
           r"64 / 64 / 64 / 32 / 64 / 16",
           r"^include/vksplit/vksplit\.h:\d+: TRANSPOSE's tiles: .*: says 32 / 64 / 32 / 32 / 32 / 16",
           r"^shaders/split_abi\.h:\d+: TRANSPOSE's workgroup memory per tile \(bytes\): says 8448 .*; the code says 16640"]),
    Plant("a tile size changed: TRANSPOSE16_TILE_B 32 -> 16 in shaders/split_abi.h",
          [("shaders/split_abi.h", r"(#define TRANSPOSE16_TILE_B) 32\b", r"\1 16", 1)],
          [r"^docs/how-it-works\.md:\d+: TRANSPOSE16's tile: .*: says 64 / 32 .*; the code says 64 / 16"]),
    Plant("a default changed: a desc's base_alignment 0 means 32, not 16 (src/rules/request_rules.c)",
          [("src/rules/*.c", r"(base_alignment \? \w+->base_alignment : )16\b", r"\g<1>32", 1)],
          [r"^README\.md:\d+: the base alignment a desc's 0 stands for: says 16 .*; the code says 32: src/rules/request_rules\.c:\d+",
           r"^include/vksplit/vksplit\.h:\d+: the base alignment a desc's 0 stands for: says 16"]),
    Plant("a default changed: a context makes both directions' pipelines (and the device parameters') by default "
          "(src/context/context.c)",
          [("src/context/context.c", r"(create_join_pipelines \? both : )1u << VKSPLIT__SPLIT;", r"\1both;", 1)],
          [r"^README\.md:\d+: the direction whose pipelines a context makes with it by default .*: says split .*; "
           r"the code says split and join",
           r"^docs/api\.md:\d+: the direction whose pipelines the first plan that needs each makes, by default: says join",
           r"^README\.md:\d+: who makes the device parameters' check and copy pipelines, by default: says the first plan "
           r".*; the code says the context"]),
    Plant("a default changed: a plan's table lies in the caller's memory unless options say otherwise "
          "(VKSPLIT_TABLE_CALLER is 0, and src/plan/plan.c's NULL options say it)",
          [("include/vksplit/vksplit.h", r"\bVKSPLIT_TABLE_POOL = 0,", "VKSPLIT_TABLE_POOL = 1,", 1),
           ("include/vksplit/vksplit.h", r"\bVKSPLIT_TABLE_CALLER = 1,", "VKSPLIT_TABLE_CALLER = 0,", 1),
           ("src/plan/plan.c", r"(vksplit_plan_options default_options = \{\s*VKSPLIT_PATH_AUTO,\s*)VKSPLIT_TABLE_POOL", r"\1VKSPLIT_TABLE_CALLER", 1)],
          [r"^docs/api\.md:\d+: where a plan's table lies by default \(NULL or zeroed options\): says POOL .*; the code says CALLER",
           r"^docs/how-it-works\.md:\d+: where a plan's table lies by default .*: says POOL"]),
    Plant("the two defaults part: NULL plan options put the table in the caller's memory, zeroed ones in the pool "
          "(src/plan/plan.c)",
          [("src/plan/plan.c", r"(vksplit_plan_options default_options = \{\s*VKSPLIT_PATH_AUTO,\s*)VKSPLIT_TABLE_POOL", r"\1VKSPLIT_TABLE_CALLER", 1)],
          [r"^tests/check_docs\.py: where a plan's table lies by default \(NULL or zeroed options\): NULL options give "
           r"table = VKSPLIT_TABLE_CALLER"]),
]


def tracked(root):
    """The tree's files as tests/check_docs.py reads them: what git tracks or would track, else
    a walk that skips build*/ and .git."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                             capture_output=True, check=True).stdout.decode("utf-8")
        return sorted(f for f in out.split("\0") if f and os.path.isfile(os.path.join(root, f)))
    except (OSError, subprocess.CalledProcessError):
        found = []
        for top, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith("build") and d != ".git"]
            found += [os.path.relpath(os.path.join(top, n), root) for n in names]
        return sorted(found)


def copy_tree(names, into):
    for f in names:
        os.makedirs(os.path.join(into, os.path.dirname(f)), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, f), os.path.join(into, f))


def matching(names, pattern):
    """The names a glob matches (** any folders or none, * within one name, [ch] a class)."""
    rx = re.compile("^" + re.escape(pattern).replace(r"\*\*/", "(?:[^/]+/)*").replace(r"\*", "[^/]*")
                    .replace(r"\[ch\]", "[ch]") + "$")
    return [f for f in names if rx.match(f)]


def plant(root, names, p):
    """Applies p's edits to the copy at root: a list of what did not apply as it should."""
    wrong = []
    for pattern, old, new, count in p.edits:
        changed = 0
        for f in matching(names, pattern):
            path = os.path.join(root, f)
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            text, n = re.subn(old, new, text)
            if n:
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(text)
            changed += n
        if changed == 0 or (count is not None and changed != count):
            wrong.append("%s: %r changed %d places%s" % (pattern, old, changed, "" if count is None else ", not %d" % count))
    return wrong


def check(root):
    r = subprocess.run([sys.executable, os.path.join(root, "tests", "check_docs.py"), root],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def run_one(work, names, index, p):
    """(failures, the check's lines that named the drift) of plant p (None: the copy as it is)."""
    root = os.path.join(work, "plant%d" % index)
    copy_tree(names, root)
    failures, named = [], []
    if p is not None:
        failures = ["the plant does not apply: %s" % w for w in plant(root, names, p)]
        if failures:
            return failures, named
    rc, out = check(root)
    lines = out.splitlines()
    if p is None:
        if rc != 0:
            failures.append("the copy as it is fails tests/check_docs.py (rc %d):\n%s" % (rc, out))
        return failures, named
    if rc != 1:
        failures.append("tests/check_docs.py exited %d, not 1 (a failure), on the planted copy:\n%s" % (rc, out))
    for want in p.expect:
        hits = [l for l in lines if re.search(want, l)]
        if hits:
            named += hits
        else:
            failures.append("tests/check_docs.py did not print a line matching %r; it printed:\n%s" % (want, out))
    return failures, named


def main():
    start = time.time()
    names = tracked(ROOT)
    work = tempfile.mkdtemp(prefix="vksplit_docs_plants_")
    try:
        jobs = [(None, None)] + [(i, p) for i, p in enumerate(PLANTS)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, min(4, os.cpu_count() or 2))) as pool:
            results = list(pool.map(lambda j: run_one(work, names, -1 if j[0] is None else j[0], j[1]), jobs))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    failed = 0
    for (i, p), (failures, named) in zip(jobs, results):
        what = "the copy as it is" if p is None else "plant %d, %s" % (i + 1, p.what)
        print("%s: %s" % (what, "FAILED" if failures else ("passes" if p is None else "caught")))
        for l in named:
            print("    " + (l if len(l) <= 200 else l[:197] + "..."))
        for f in failures:
            print("    " + f.replace("\n", "\n    "))
        failed += bool(failures)
    print("%d plants: %s (%.1f s)" % (len(PLANTS), "every one caught" if not failed else "%d problem(s)" % failed,
                                       time.time() - start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
