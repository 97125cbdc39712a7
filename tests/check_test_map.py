#!/usr/bin/env python3
"""tests/README.md (and docs/api.md's excerpt of the rule table) stays true: every rule id (include/vksplit/rules.h) and every public function
(VKSPLIT_API in include/vksplit/) has a row; every test a row names is a ctest test of this build;
a rule is held by a test whose source names the id (VKSPLIT_RULE_<NAME>), a function by a test
whose source, or the shared test code it links, calls it. Rows that say "not reached:" give
the reason instead of a test.

usage: check_test_map.py SOURCE_DIR BUILD_DIR [CTEST]"""
import glob, json, os, re, subprocess, sys

src, build = sys.argv[1], sys.argv[2]
ctest = sys.argv[3] if len(sys.argv) > 3 else "ctest"
problems = []

def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()

rules = re.findall(r"^\s*X\((\w+), (\d+), ", read(os.path.join(src, "include/vksplit/rules.h")), re.M)
functions = sorted(set(re.findall(r'VKSPLIT_API\s+(?:VKSPLIT_DEPRECATED\("[^"]*"\)\s*)?[\w\s\*]*?\b(vksplit_\w+)\s*\(',
                                  "".join(read(p) for p in glob.glob(os.path.join(src, "include/vksplit/*.h"))))))
listing = json.loads(subprocess.run([ctest, "--test-dir", build, "--show-only=json-v1"], check=True,
                                    capture_output=True, text=True).stdout)
tests = {t["name"]: t.get("command", []) for t in listing["tests"]}

def sources(test):
    """The C source of a test's executable: tests/<dir>/test_<name>.c by the usual naming."""
    command = tests.get(test) or []
    if not command:
        return []
    exe = os.path.basename(command[0])
    names = [exe, exe.split("_", 1)[-1]]
    found = []
    for n in names:
        found += glob.glob(os.path.join(src, "tests", "*", "test_%s.c" % n))
    return sorted(set(found))

shared = "".join(read(p) for p in glob.glob(os.path.join(src, "tests", "common", "*.h")) +
                 glob.glob(os.path.join(src, "tests", "core", "*.c")) + glob.glob(os.path.join(src, "tests", "core", "*.h"))
                 if not os.path.basename(p).startswith("test_"))

readme = read(os.path.join(src, "tests", "README.md"))
rows = {}
for line in readme.splitlines():
    m = re.match(r"\|\s*`(\w+)`\s*\|(.*)\|\s*$", line)
    if m:
        key = m.group(1)
        if key in rows:
            problems.append("%s has two rows" % key)
        rows[key] = m.group(2).split("|")[-1].strip()

def held(key, needle, use_shared):
    cell = rows.get(key)
    if cell is None:
        problems.append("%s has no row in tests/README.md" % key)
        return
    if cell.startswith("not reached:"):
        if len(cell) < 20:
            problems.append("%s: not reached, but no reason given" % key)
        return
    named = re.findall(r"`(\w+)`", cell)
    if not named:
        problems.append("%s: the row names no test" % key)
    missing = [t for t in named if t not in tests]
    if missing:
        problems.append("%s: no ctest test named %s" % (key, ", ".join(missing)))
    texts = [read(p) for t in named for p in sources(t)]
    if named and not any(re.search(r"\b%s\b" % needle, t) for t in texts) and not (use_shared and re.search(r"\b%s\b" % needle, shared)):
        problems.append("%s: none of %s names %s in its source" % (key, ", ".join(named), needle))

for name, number in rules:
    held(name, "VKSPLIT_RULE_" + name, False)
for f in functions:
    held(f, f, True)
# The documents' excerpts of the rule table: ids and numbers as rules.h has them.
numbers = dict(rules)
for doc in ("README.md", os.path.join("docs", "api.md")):
    for name, number in re.findall(r"^\|\s*`VKSPLIT_RULE_(\w+)`\s*\|\s*(\d+)\s*\|", read(os.path.join(src, doc)), re.M):
        if numbers.get(name) != number:
            problems.append("%s: VKSPLIT_RULE_%s is number %s, not %s" % (doc, name, numbers.get(name), number))
known = {n for n, _ in rules} | set(functions)
for key in rows:
    if key not in known:
        problems.append("%s: a row for a rule or function that does not exist" % key)

for p in problems:
    print("tests/README.md:", p)
print("%d rules, %d functions, %d tests: %s" % (len(rules), len(functions), len(tests), "ok" if not problems else "%d problem(s)" % len(problems)))
sys.exit(1 if problems else 0)
