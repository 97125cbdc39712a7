#!/usr/bin/env python3
"""The documents say what the code does: every number or fact the prose repeats is read from
the code that owns it, by name, and compared with each place that quotes it.

What is checked is the explicit table CLAIMS below (a quote in a document, the source of truth
in the code) and the rules after it: the tuning-defaults table of docs/performance.md is what
`--write` generates from vksplit_resolve_tuning; the test command's stages as docs/testing.md
tells them; every *.md/*.rst a comment cites and every repository path the prose names exists;
a name cited with its file is in that file; every vksplit_/VKSPLIT_ name the prose uses is
declared where it belongs (public names in include/vksplit/*.h, `type.field` a field of the type,
internal vksplit__ names in src/, settings in CMake or the environment); every rule named, as
VKSPLIT_RULE_<NAME> or as a bare id, is a rule, with its number where one is given; and a few
sentences that were once wrong stay gone.

The prose is README.md, CONTRIBUTING.md, docs/*.md, tests/README.md, fuzz/README.md and
include/vksplit/*.h, CHANGELOG.md's current entries (its Unreleased section but for Removed,
Deprecated and Retired: the rest is history, whose names may be gone), plus the few comments of
src/, shaders/ and tests/ a row names. A #define
is found by its name anywhere in src/, include/ or shaders/ (files move; names are the
contract). In a quote's pattern a space matches any white space, line breaks and the comment
leaders of C (` * `, `//`) included.

A failure names the document and line, what it says, and what the code says (and where).
A quote a document no longer contains fails too: reword the row, never drop it silently.

    python3 tests/check_docs.py SOURCE_DIR            check (the ctest entry docs_claims)
    python3 tests/check_docs.py SOURCE_DIR --write    regenerate docs/performance.md's table
    python3 tests/check_docs.py SOURCE_DIR --list     print each claim, its value and its quotes"""
import glob
import subprocess
import os
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
WRITE = "--write" in sys.argv[1:]
LIST = "--list" in sys.argv[1:]
ROOT = os.path.abspath(args[0] if args else ".")
problems = []


def problem(where, message):
    problems.append("%s: %s" % (where, message))


class Missing(Exception):
    """A source of truth that cannot be read: the code moved or was renamed."""


def path(rel):
    return os.path.join(ROOT, rel)


def read(rel):
    with open(path(rel), encoding="utf-8") as f:
        return f.read()


def repository_files():
    """Every file of the source tree: what git tracks or would track (build folders and other
    ignored output left out), else a walk that skips build*/ and .git and follows no link (a
    build folder may hold a Wine prefix, whose z: drive links to /)."""
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                             capture_output=True, check=True).stdout.decode("utf-8")
        return sorted(f for f in out.split("\0") if f and os.path.isfile(path(f)))
    except (OSError, subprocess.CalledProcessError):
        found = []
        for top, dirs, names in os.walk(ROOT):
            dirs[:] = [d for d in dirs if not d.startswith("build") and d != ".git"]
            found += [os.path.relpath(os.path.join(top, n), ROOT) for n in names]
        return sorted(found)


_every = None


def files(*patterns):
    """The source tree's files that match any of the glob patterns (** crosses folders)."""
    global _every
    if _every is None:
        _every = repository_files()
    found = set()
    for p in patterns:
        rx = re.compile("^" + fnmatch_to_regex(p) + "$")
        found.update(f for f in _every if rx.match(f))
    return sorted(found)


def fnmatch_to_regex(pattern):
    """A glob as a regex: ** any folders (or none), * and ? within one name, [..] a class."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:[^/]+/)*")
            i += 3
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[":
            j = pattern.index("]", i)
            out.append(pattern[i:j + 1])
            i = j + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return "".join(out)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


# --------------------------------------------------------------------------------------------
# Reading the code: sources of truth, each by name.

CODE = ("src/**/*.[ch]", "include/**/*.h", "shaders/**/*.h", "shaders/**/*.glsl", "shaders/**/*.comp")
DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+(.*?)[ \t]*(?:/[*/].*)?$", re.M)
FUNCTION_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(([\w, ]*)\)[ \t]+(.*?)[ \t]*(?:/[*/].*)?$", re.M)
KNOWN = {"UINT32_MAX": 0xFFFFFFFF, "UINT64_MAX": 0xFFFFFFFFFFFFFFFF}
_scanned = None


def scan_defines():
    """({NAME: [(value, "file:line")]} of every object-like #define, {NAME: [(params, body,
    "file:line")]} of every function-like one) in src/, include/ and shaders/, read once."""
    global _scanned
    if _scanned is None:
        _scanned = ({}, {})
        for f in files(*CODE):
            text = read(f)
            for m in DEFINE.finditer(text):
                _scanned[0].setdefault(m.group(1), []).append((m.group(2), "%s:%d" % (f, line_of(text, m.start()))))
            for m in FUNCTION_DEFINE.finditer(text):
                params = [p.strip() for p in m.group(2).split(",") if p.strip()]
                _scanned[1].setdefault(m.group(1), []).append((params, m.group(3), "%s:%d" % (f, line_of(text, m.start()))))
    return _scanned


def all_defines():
    return scan_defines()[0]


def c_value(expr, seen=()):
    """An integer constant expression of #defines, literals (suffixes dropped) and + - * / << >> | &."""
    def name(m):
        word = m.group(0)
        if re.fullmatch(r"0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*", word):
            return str(int(word.rstrip("uUlL"), 0))
        if word in KNOWN:
            return str(KNOWN[word])
        if word in seen:
            raise Missing("%s is defined through itself" % word)
        return "(%d)" % define(word, seen + (word,))[0]
    py = re.sub(r"\b\w+\b", name, expr)
    if not re.fullmatch(r"[\d\s()+\-*/<>|&]*", py):
        raise Missing("cannot evaluate %r" % expr)
    return int(eval(py.replace("/", "//"), {"__builtins__": {}}))


def define(name, seen=()):
    """(value, "file:line") of `#define NAME value` in src/, include/ or shaders/."""
    found = all_defines().get(name)
    if not found:
        raise Missing("no #define %s in src/, include/ or shaders/" % name)
    values = {(c_value(v, seen or (name,)), w) for v, w in found}
    if len({v for v, _ in values}) > 1:
        raise Missing("#define %s differs: %s" % (name, ", ".join("%d at %s" % vw for vw in sorted(values))))
    value, where = sorted(values)[0]
    return value, "%s (%s)" % (name, where)


def function_macros():
    return scan_defines()[1]


def c_eval(expr, seen=()):
    """An integer C expression of literals, #defines and function-like macros: the operators of
    C's constant expressions (?:, || && | ^ &, == != < <= > >=, << >>, + - * / %, unary - ! ~),
    evaluated as C does on these operands (/ truncates; a comparison is 0 or 1)."""
    tokens = re.findall(r"0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|\w+|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%()?:<>&|^!~,]", expr)
    if "".join(tokens) != re.sub(r"\s+", "", expr):
        raise Missing("cannot evaluate %r" % expr)
    pos = [0]

    def peek():
        return tokens[pos[0]] if pos[0] < len(tokens) else None

    def take(want=None):
        t = peek()
        if t is None or (want is not None and t != want):
            raise Missing("cannot evaluate %r (at %r)" % (expr, t))
        pos[0] += 1
        return t

    def call(name):
        params, body, where = function_macros()[name][0]
        take("(")
        args, depth, start = [], 0, pos[0]
        while True:
            t = take()
            if t == "(":
                depth += 1
            elif t == ")" and depth:
                depth -= 1
            elif t in (",", ")") and not depth:
                args.append(" ".join(tokens[start:pos[0] - 1]))
                start = pos[0]
                if t == ")":
                    break
        if len(args) != len(params) and not (params == [] and args == [""]):
            raise Missing("%s takes %d arguments (%s)" % (name, len(params), where))
        text = body
        for p, a in zip(params, args):
            text = re.sub(r"\b%s\b" % p, "(%s)" % a, text)
        return c_eval(text, seen + (name,))

    def primary():
        t = take()
        if t == "(":
            v = ternary()
            take(")")
            return v
        if t == "-":
            return -primary()
        if t == "!":
            return int(not primary())
        if t == "~":
            return ~primary()
        if re.fullmatch(r"0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*", t):
            return int(t.rstrip("uUlL"), 0)
        if t in seen:
            raise Missing("%s is defined through itself" % t)
        if t in KNOWN:
            return KNOWN[t]
        if peek() == "(" and t in function_macros():
            return call(t)
        return define(t, seen + (t,))[0]

    levels = [("*", "/", "%"), ("+", "-"), ("<<", ">>"), ("<", "<=", ">", ">="), ("==", "!="), ("&",), ("^",), ("|",),
              ("&&",), ("||",)]
    ops = {"*": lambda a, b: a * b, "/": lambda a, b: int(a / b), "%": lambda a, b: a - int(a / b) * b,
           "+": lambda a, b: a + b, "-": lambda a, b: a - b, "<<": lambda a, b: a << b, ">>": lambda a, b: a >> b,
           "<": lambda a, b: int(a < b), "<=": lambda a, b: int(a <= b), ">": lambda a, b: int(a > b),
           ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
           "&": lambda a, b: a & b, "^": lambda a, b: a ^ b, "|": lambda a, b: a | b,
           "&&": lambda a, b: int(bool(a) and bool(b)), "||": lambda a, b: int(bool(a) or bool(b))}

    def binary(level):
        if level < 0:
            return primary()
        v = binary(level - 1)
        while peek() in levels[level]:
            op = take()
            v = ops[op](v, binary(level - 1))
        return v

    def ternary():
        c = binary(len(levels) - 1)
        if peek() != "?":
            return c
        take("?")
        a = ternary()
        take(":")
        b = ternary()
        return a if c else b

    value = ternary()
    if peek() is not None:
        raise Missing("cannot evaluate %r (left over: %s)" % (expr, " ".join(tokens[pos[0]:])))
    return value


def macro(name, *args):
    """(value, "NAME(args) (file:line)") of a function-like #define applied to integer arguments."""
    found = function_macros().get(name)
    if not found:
        raise Missing("no #define %s(...) in src/, include/ or shaders/" % name)
    call = "%s(%s)" % (name, ", ".join(str(a) for a in args))
    return c_eval(call), "%s (%s)" % (call, found[0][2])


def found_in(rel, pattern, group=1, convert=None, flags=0):
    """The first match of pattern in a file's code (comments of shell and CMake skipped)."""
    text = read(rel)
    code = text
    if rel.endswith((".sh", ".txt", ".cmake")):
        code = re.sub(r"(?m)^\s*#.*$", "", text)
    m = re.search(pattern, code, flags)
    if not m:
        raise Missing("%s no longer holds %s" % (rel, pattern))
    value = m.group(group)
    value = convert(value) if convert else quantity(value)
    return value, "%s:%d" % (rel, line_of(code, m.start()))


def script_lines(rel):
    """A shell script's commands: continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", read(rel))
    return [l for l in text.splitlines() if not l.lstrip().startswith("#")]


def test_scale(rel, command):
    """VKSPLIT_TEST_SCALE as a command line of rel sets it, or as a script defaults it."""
    for l in script_lines(rel):
        if command in l:
            m = re.search(r"\bVKSPLIT_TEST_SCALE=\"?(?:\$\{VKSPLIT_TEST_SCALE:-)?([\d.]+)", l)
            if m:
                return float(m.group(1)), "VKSPLIT_TEST_SCALE in %s (%s)" % (rel, command)
    raise Missing("%s sets no VKSPLIT_TEST_SCALE on its %s line" % (rel, command))


def configures(rel, seen=None):
    """Build folders the test command configures: `cmake -S . -B` in rel and the scripts it runs."""
    seen = seen if seen is not None else set()
    if rel in seen:
        return 0
    seen.add(rel)
    count = 0
    for l in script_lines(rel):
        count += len(re.findall(r"\bcmake\s+-S\s+\.\s+-B\b", l))
        for script in re.findall(r"\bbash\s+((?:scripts|tests)/[\w/]+\.sh)\b", l):
            if os.path.isfile(path(script)):
                count += configures(script, seen)
    return count


def test_sh_excluded(build):
    """The tests scripts/test.sh leaves out of `ctest --test-dir BUILD ... -E '^(...)$'`."""
    for l in script_lines("scripts/test.sh"):
        if re.search(r"\bctest\s+--test-dir\s+%s\s" % re.escape(build), l):
            m = re.search(r"-E\s+'\^\(([^)]*)\)\$'", l)
            if m:
                return m.group(1).split("|")
    raise Missing("scripts/test.sh runs no `ctest --test-dir %s ... -E` line" % build)


def min_device_profiles():
    for l in script_lines("scripts/test.sh"):
        m = re.search(r"tests/min_device/run\.sh\s+\S+\s+((?:\w+\s*)+)$", l)
        if m:
            return m.group(1).split(), "scripts/test.sh (tests/min_device/run.sh's profiles)"
    raise Missing("scripts/test.sh does not run tests/min_device/run.sh")


# The mapping removed in 0.4: the files that may still name it, and how a name of it reads.
REMOVED_MAPPING_KEEPS = {"CHANGELOG.md": "its history",
                         "tests/check_docs.py": "this check",
                         "tests/frontends/check_headers.cmake": "the check that the name no longer compiles"}
REMOVED_MAPPING_NAME = re.compile(r"\b(?:VKSPLIT_)?MAPPING_INTERLEAVED\b")
REMOVED_MAPPING_IN_CODE = re.compile(r"\b(?:VKSPLIT_)?MAPPING_INTERLEAVED\b|\bINTERLEAVED\b")


def removed_mapping():
    """The release CHANGELOG.md's Removed entry says took VKSPLIT_MAPPING_INTERLEAVED out; and
    a problem for every file outside REMOVED_MAPPING_KEEPS and bench/results/ (data of runs
    before it) that names it, or the shader's MAPPING_INTERLEAVED, or (src/, include/,
    shaders/) calls a mapping INTERLEAVED."""
    for f in files("**/*"):
        if f in REMOVED_MAPPING_KEEPS or f.startswith("bench/results/"):
            continue
        try:
            text = read(f)
        except (UnicodeDecodeError, OSError):
            continue  # binary: seeds, data
        code = f.startswith(("src/", "include/", "shaders/"))
        for m in (REMOVED_MAPPING_IN_CODE if code else REMOVED_MAPPING_NAME).finditer(text):
            problem("%s:%d" % (f, line_of(text, m.start())),
                    "names %s, the mapping removed in 0.4 (CHANGELOG.md): its value 2 is retired" % m.group(0))
    return found_in("CHANGELOG.md", r"### Removed\s+- `VKSPLIT_MAPPING_INTERLEAVED`[^.]*?removed in\W*(\d+\.\d+)", convert=str)


def mappings_reading(field):
    """The mappings whose src/geometry/mapping_<name>.c reads caps-><field>."""
    names = {re.sub(r"^mapping_|\.c$", "", os.path.basename(f)).upper()
             for f in files("src/**/mapping_*.c") if re.search(r"\bcaps->%s\b" % field, read(f))}
    if not names:
        raise Missing("no src/geometry/mapping_*.c reads caps->%s" % field)
    return names, "src/geometry/mapping_*.c reading caps->%s" % field


def users_of(name, pattern, exclude_define=True):
    """The files matching pattern that use NAME (basenames under src/; its own #define not counted)."""
    users = set()
    for f in files(pattern):
        text = read(f)
        if exclude_define:
            text = re.sub(r"#\s*define\s+%s\b" % name, "", text)
        if re.search(r"\b%s\b" % name, text):
            users.add(os.path.basename(f) if f.startswith("src/") else f)
    if not users:
        raise Missing("nothing in %s uses %s" % (pattern, name))
    return users, "the files that use %s" % name


def once_calls():
    calls = set()
    for f in files("src/runner/*.c"):
        calls.update(re.findall(r"\b(pthread_once|InitOnceExecuteOnce|call_once)\s*\(", read(f)))
    if not calls:
        raise Missing("src/runner/ calls no once-primitive")
    return calls, "src/runner/*.c's once-calls"


def slot_limits():
    """The device limits the descriptor path's output slots are taken from."""
    for f in files("src/**/*.c"):
        text = read(f)
        if "ABI_MAX_SLOTS" in text and "maxPushDescriptors" in text:
            return set(re.findall(r"\b(max\w*(?:Descriptors|StorageBuffers))\b", text)), f
    raise Missing("no src/*.c reads maxPushDescriptors beside ABI_MAX_SLOTS")


def test_labels():
    labels = set()
    for f in files("tests/**/CMakeLists.txt", "fuzz/CMakeLists.txt"):
        for group in re.findall(r"\bLABELS\s+\"?([\w;]+)", read(f)):
            labels.update(group.split(";"))
    if not labels:
        raise Missing("no LABELS in tests/**/CMakeLists.txt")
    return labels, "the LABELS of tests/**/CMakeLists.txt and fuzz/CMakeLists.txt"


def labelled(label):
    """The ctest entries of tests/**/CMakeLists.txt and fuzz/CMakeLists.txt with the label."""
    names = set()
    for f in files("tests/**/CMakeLists.txt", "fuzz/CMakeLists.txt"):
        for name, labels in re.findall(r"\bset_tests_properties\(\s*(\w+)\s+PROPERTIES\b[^)]*?\bLABELS\s+\"?([\w;]+)", code_text(f)):
            if label in labels.split(";"):
                names.add(name)
    if not names:
        raise Missing("no test of tests/**/CMakeLists.txt has the label %s" % label)
    return names


def rule_numbers():
    """(rules, the highest number, the numbers below it no rule has: retired, or a range not yet
    taken) of include/vksplit/rules.h."""
    numbers = [int(n) for n in re.findall(r"^\s*X\(\w+, (\d+), ", read("include/vksplit/rules.h"), re.M)]
    if not numbers:
        raise Missing("include/vksplit/rules.h lists no X(NAME, number, ...) rows")
    return (len(numbers), max(numbers), frozenset(set(range(1, max(numbers) + 1)) - set(numbers))), "include/vksplit/rules.h"


def onnx_negative_axis_versions(source, versions_table):
    """The versions of an ONNX operator whose 'axis' takes a negative value: every version of the
    source's version table (`{N, VKSPLIT_ONNX_TYPES_...}` rows) unless the function that checks
    the axis reads the opset (`opset >= N` or `opset < N`)."""
    text = read(source)
    m = re.search(r"\b%s\[\]\s*=\s*\{(.*?)\};" % versions_table, text, re.S)
    if not m:
        raise Missing("%s has no %s[] table" % (source, versions_table))
    versions = {int(v) for v in re.findall(r"\{(\d+),\s*VKSPLIT_ONNX_TYPES_\w+\}", m.group(1))}
    body = re.search(r"\n(?:static\s+)?vksplit_result\s+check_\w*axis\w*\s*\([^)]*\)\s*\{(.*?)\n\}", text, re.S)
    if not body or "vksplit__onnx_normalise_axis" not in body.group(1):
        raise Missing("%s has no check_*axis* function that calls vksplit__onnx_normalise_axis" % source)
    gate = re.search(r"opset\s*(>=|<)\s*(\d+)", body.group(1))
    if gate:
        versions = {v for v in versions if v >= int(gate.group(2))}
    return frozenset(versions), "%s (%s, the axis check)" % (source, versions_table)


def table_rows_with(m, negative):
    """{opset} of a table's rows (the match's first group) whose text has `negative`."""
    found = set()
    for row in m.group(1).splitlines():
        r = re.match(r"\s*\|?\s*(\d+)\s*(?:\|)?(.*)$", row)
        if r and negative in r.group(2):
            found.add(int(r.group(1)))
    return frozenset(found)


def onnx_runtime_differences():
    """The places include/vksplit/onnx.h's policy says vksplit differs from ONNX Runtime."""
    m = re.search(r"differs from ONNX Runtime in \w+ places[^:]*:(.*?)\*/", flat("include/vksplit/onnx.h"), re.S)
    if not m:
        raise Missing("include/vksplit/onnx.h no longer lists where vksplit differs from ONNX Runtime")
    return frozenset(re.findall(r"^\s*- ([\w-]+):", m.group(1), re.M)), "include/vksplit/onnx.h's policy list"


def source_stages():
    """src/'s stage folders, in tests/check_circles.py's order (which must name every folder)."""
    m = re.search(r"^STAGES = \[(.*?)\]", read("tests/check_circles.py"), re.M)
    if not m:
        raise Missing("tests/check_circles.py has no STAGES = [...] line")
    stages = tuple(re.findall(r'"(\w+)"', m.group(1)))
    folders = {f.split("/")[1] for f in files("src/**/*.[ch]") if f.count("/") >= 2}
    if set(stages) != folders:
        raise Missing("tests/check_circles.py's STAGES %s are not src/'s folders %s" % (stages, sorted(folders)))
    return stages, "tests/check_circles.py's STAGES (src/'s folders)"


def header_names():
    return {os.path.basename(f) for f in files("include/vksplit/*.h")}, "include/vksplit/"


def same(*sources):
    """One value that several sources must share (the prose quotes it once for all)."""
    values = [s() for s in sources]
    if len({v for v, _ in values}) > 1:
        raise Missing("these differ, so the prose cannot quote one value: " +
                      ", ".join("%s = %s" % (w, show(v)) for v, w in values))
    return values[0][0], " and ".join(w for _, w in values)


def testing_md_minutes():
    """The test command's time as docs/testing.md measured it, in whole minutes."""
    m = re.search(r"(\d+) min (\d+) s", read("docs/testing.md"))
    if not m:
        raise Missing("docs/testing.md no longer gives the test command's time as `N min S s`")
    return round(int(m.group(1)) + int(m.group(2)) / 60.0), "docs/testing.md's measured %s min %s s" % m.groups()


# The defaults the code decides, each read where it is decided.

def zero_enumerator(enum):
    """The name (its prefix dropped) of the value 0 of a public enum: what a zeroed struct says."""
    for f in files("include/vksplit/*.h"):
        m = re.search(r"typedef enum %s \{(.*?)\} %s;" % (enum, enum), code_text(f), re.S)
        if m:
            zero = re.search(r"\b(VKSPLIT_\w+)(?:\s+VKSPLIT_EXPERIMENTAL)?\s*=\s*0\s*[,}\n]", m.group(1))
            if not zero:
                raise Missing("%s has no value 0" % enum)
            return zero.group(1), f
    raise Missing("no public header declares enum %s" % enum)


def default_option(field):
    """vksplit_plan_options.<field> when the options are NULL (src/plan/plan.c's initializer) or
    zeroed (the enumerator 0): the two must agree. Its value without the enum's prefix."""
    struct = public_structs().get("vksplit_plan_options")
    if not struct:
        raise Missing("include/vksplit/vksplit.h declares no vksplit_plan_options")
    fields, types = struct
    for f in files("src/plan/*.c"):
        m = re.search(r"\bvksplit_plan_options\s+\w+\s*=\s*\{([^}]*)\}", code_text(f))
        if m:
            given = [v.strip() for v in m.group(1).split(",")]
            if field not in fields or fields.index(field) >= len(given):
                raise Missing("%s's default options give no %s" % (f, field))
            value = given[fields.index(field)]
            zero, header = zero_enumerator(types[field])
            if value != zero:
                raise Missing("NULL options give %s = %s (%s), zeroed ones %s (%s)" % (field, value, f, zero, header))
            prefix = os.path.commonprefix([v for v in all_enumerators(types[field])])
            return value[len(prefix):], "%s (NULL options, %s) and %s = 0 (%s)" % (value, f, zero, header)
    raise Missing("no src/plan/*.c initializes a default vksplit_plan_options")


def all_enumerators(enum):
    for f in files("include/vksplit/*.h"):
        m = re.search(r"typedef enum %s \{(.*?)\} %s;" % (enum, enum), code_text(f), re.S)
        if m:
            return [n for n in re.findall(r"\b(VKSPLIT_\w+)(?:\s+VKSPLIT_EXPERIMENTAL)?\s*=", m.group(1))
                    if not n.endswith("_MAX_ENUM")]
    raise Missing("no public header declares enum %s" % enum)


def default_base_alignment():
    """The base alignment a desc's 0 stands for (src/rules/*.c: `x ? x : N`)."""
    for f in files("src/rules/*.c"):
        code = code_text(f)
        m = re.search(r"\bbase_alignment\s*=\s*(\w+)->base_alignment\s*\?\s*\1->base_alignment\s*:\s*(\d+)u?\s*;", code)
        if m:
            return int(m.group(2)), "%s:%d (a desc's base_alignment 0)" % (f, line_of(code, m.start()))
    raise Missing("no src/rules/*.c gives base_alignment a default (`base_alignment = q->base_alignment ? ... : N`)")


DIRECTION_WORDS = {frozenset(): "no", frozenset({"split"}): "split", frozenset({"join"}): "join",
                   frozenset({"split", "join"}): "split and join"}


def context_pipelines(setting=None):
    """(directions, device kernels made with it, "where"): the pipelines src/context/*.c makes
    with a context whose desc.pipelines is VKSPLIT_PIPELINES_<setting> (None: the zeroed desc),
    defer_pipelines and create_join_pipelines zero (the `ctx->create_pipelines = ...` chain read
    as C), and whether src/context/pipelines.c's deferred_kernel makes the device parameters'
    kernels (check and copy) with them or leaves them to the first plan that needs them."""
    zero = "VKSPLIT_PIPELINES_" + setting if setting else zero_enumerator("vksplit_pipelines")[0]
    for f in files("src/context/*.c"):
        code = code_text(f)
        chain = list(re.finditer(r"(?:\bif\s*\(((?:[^()]|\([^()]*\))*)\)|\belse)\s*ctx->create_pipelines\s*=\s*([^;]+);", code))
        if not chain:
            continue
        both = re.search(r"\b(\w+)\s*=\s*\(1u << VKSPLIT__SPLIT\)\s*\|\s*\(1u << VKSPLIT__JOIN\)\s*;", code)
        words = {both.group(1): "frozenset({'split', 'join'})"} if both else {}

        def py(expr):
            e = re.sub(r"\(?\s*1u?\s*<<\s*VKSPLIT__(\w+)\s*\)?", lambda m: "frozenset({'%s'})" % m.group(1).lower(), expr)
            e = re.sub(r"\bVKSPLIT_PIPELINES_\w+", lambda m: repr(m.group(0)), e)
            e = re.sub(r"\bdesc->pipelines\b", repr(zero), e)
            e = re.sub(r"\bdesc->\w+", "0", e)
            e = re.sub(r"\b\w+\b", lambda m: words.get(m.group(0), m.group(0)), e)
            e = e.replace("&&", " and ").replace("||", " or ")
            t = re.fullmatch(r"(.+?)\?(.+):(.+)", e.strip())
            if t:
                e = "(%s) if (%s) else (%s)" % (t.group(2), t.group(1), t.group(3))
            try:
                value = eval(e, {"__builtins__": {}, "frozenset": frozenset})
            except Exception:
                raise Missing("%s: cannot read %r" % (f, expr.strip()))
            return frozenset() if value == 0 else value

        made = None
        for m in chain:
            if m.group(1) is None or py(m.group(1)):
                made = py(m.group(2))
                break
        if made is None:
            raise Missing("%s's ctx->create_pipelines chain gives a zeroed desc nothing" % f)
        where = "%s:%d (ctx->create_pipelines, desc.pipelines %s)" % (f, line_of(code, chain[0].start()), zero)
        pipes = code_text("src/context/pipelines.c")
        d = re.search(r"\bdeferred_kernel\s*\([^)]*\)\s*\{(.*?)\n\}", pipes, re.S)
        if not d:
            raise Missing("src/context/pipelines.c has no deferred_kernel")
        gate = re.search(r"vksplit__is_(?:parameter|planned)_kernel\(kernel\)\s*&&\s*ctx->create_pipelines\s*!=\s*(\w+)\s*\)\s*return\s+true", d.group(1))
        if gate:
            devices = made == py(gate.group(1))
        else:
            devices = "split" in made
        return made, devices, where + " and src/context/pipelines.c (deferred_kernel)"
    raise Missing("no src/context/*.c sets ctx->create_pipelines")


def default_device_type():
    """The device type the runner picks first when none is chosen (src/runner/*.c's default_device)."""
    for f in files("src/runner/*.c"):
        code = code_text(f)
        m = re.search(r"\bdefault_device\s*\([^)]*\)\s*\{(.*?)\n\}", code, re.S)
        if m:
            t = re.search(r"deviceType\s*==\s*VK_PHYSICAL_DEVICE_TYPE_(\w+)", m.group(1))
            if not t:
                raise Missing("%s's default_device prefers no device type" % f)
            return t.group(1).lower().replace("_", " "), "%s:%d (default_device)" % (f, line_of(code, m.start()))
    raise Missing("no src/runner/*.c has default_device")


def pooled_plans():
    """(blocks, the last block's bytes) for the tables core_table_memory makes, in the bytes
    docs/api.md quotes from its run (`N MB of tables`)."""
    m = re.search(r"([\d.]+) MB of tables", read("docs/api.md"))
    if not m:
        raise Missing("docs/api.md no longer gives the 10,000 plans' table bytes (`N MB of tables`)")
    bytes_ = float(m.group(1)) * 1e6
    first, largest = define("VKSPLIT_POOL_FIRST_BLOCK_BYTES")[0], define("VKSPLIT_POOL_LARGEST_BLOCK_BYTES")[0]
    blocks, held, size, last = 0, 0, first, 0
    while held < bytes_:
        blocks, held, last, size = blocks + 1, held + size, size, min(2 * size, largest)
    return (blocks, last), ("the blocks (VKSPLIT_POOL_FIRST_BLOCK_BYTES, doubling to VKSPLIT_POOL_LARGEST_BLOCK_BYTES) "
                            "that hold docs/api.md's %s MB of tables" % m.group(1))


def table_bytes(parts, row_dims):
    """A compute plan's parameter table: TBL_SEGMENTS_AT(parts) + parts segments of
    TBL_SEGMENT_STRIDE(row_dims) uint32 words (shaders/split_abi.h; src/geometry/table.c)."""
    return 4 * (macro("TBL_SEGMENTS_AT", parts)[0] + parts * macro("TBL_SEGMENT_STRIDE", row_dims)[0])


def spirv_modules(addressings=("bda", "desc")):
    """The SPIR-V modules a build embeds: one per line of src/geometry/shader_variants.h and kernel
    of src/geometry/kernel_table.h that takes the line's word (anywhere, or as a wide word on
    device addresses), on its addressing (bda_only), in its direction (a split-only kernel has
    no join module): the rule cmake/shaders.cmake applies, read from the same two lists."""
    variants = re.findall(r"^\s*X\((bda|desc), (\d+), ([01]), (both|split|join)\)", read("src/geometry/shader_variants.h"), re.M)
    kernels = re.findall(r"^\s*X\((MAPPING_\w+), \w+, \"[^\"]*\", ([\d |]+), ([\d |]+), ([01]), (both|split)\)",
                         read("src/geometry/kernel_table.h"), re.M)
    if not variants or not kernels:
        raise Missing("src/geometry/shader_variants.h or src/geometry/kernel_table.h no longer reads as X(...) lines")
    count = 0
    for addressing, width, _, direction in variants:
        if addressing not in addressings:
            continue
        for _, words, wide, bda_only, directions in kernels:
            takes = int(width) in [int(w) for w in words.split("|")] or \
                (addressing == "bda" and int(width) in [int(w) for w in wide.split("|")])
            if takes and not (bda_only == "1" and addressing != "bda") and not (direction == "join" and directions == "split"):
                count += 1
    return count, "src/geometry/shader_variants.h x src/geometry/kernel_table.h (cmake/shaders.cmake's rule)"


def transpose_tiles():
    """TRANSPOSE's tiles, TRANSPOSE_TILE_A x TRANSPOSE_TILE_B(word), for words up to 4 bytes (one
    figure for 1, 2 and 4), of 8 and of 16 bytes."""
    a = define("TRANSPOSE_TILE_A")[0]
    b = {w: macro("TRANSPOSE_TILE_B", w)[0] for w in (1, 2, 4, 8, 16)}
    if len({b[1], b[2], b[4]}) > 1:
        raise Missing("TRANSPOSE_TILE_B differs for words of 1, 2 and 4 bytes: %s" % b)
    return (a, b[4], a, b[8], a, b[16]), "TRANSPOSE_TILE_A x TRANSPOSE_TILE_B(word) (shaders/split_abi.h)"


def trip_bytes():
    """Bytes one invocation loads per trip, ABI_UNROLL(word) x word: one figure for every word of 4
    bytes and more."""
    per = {w: macro("ABI_UNROLL", w)[0] * w for w in (4, 8, 16, 32)}
    if len(set(per.values())) > 1:
        raise Missing("ABI_UNROLL(word) x word differs between words: %s" % per)
    return per[4], "ABI_UNROLL(word) x word, words of 4 to 32 bytes (shaders/split_abi.h)"


def device_copy_trips():
    """The most trips a lane of the device parameters' copy makes (src/geometry/mapping_device.c)."""
    return found_in("src/geometry/mapping_device.c", r"return trips < (\d+) \? trips : \1;")


ORDINALS = {w: i + 1 for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split())}


def ordinal(word):
    """tenth: 10."""
    return ORDINALS.get(word.lower(), word)


def kernel_count():
    """The kernels: shaders/split_abi.h's MAPPING_* numbers, each a row of src/geometry/kernel_table.h."""
    abi = set(re.findall(r"^#define (MAPPING_\w+) \d+", read("shaders/split_abi.h"), re.M))
    table = set(re.findall(r"^\s*X\((MAPPING_\w+),", read("src/geometry/kernel_table.h"), re.M))
    if not abi or abi != table:
        raise Missing("shaders/split_abi.h's MAPPING_* %s are not src/geometry/kernel_table.h's rows %s"
                      % (sorted(abi), sorted(table)))
    return len(abi), "shaders/split_abi.h's MAPPING_* (src/geometry/kernel_table.h's rows)"


# --------------------------------------------------------------------------------------------
# Reading the prose.

WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
UNITS = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


def quantity(text):
    """8, 50,000, 8 MiB, 2^24, 0.35, four: the number a phrase says."""
    t = text.strip().replace("\u2009", " ")
    if t.lower() in WORDS:
        return WORDS[t.lower()]
    m = re.fullmatch(r"(\d+)\s*(KiB|MiB|GiB)", t)
    if m:
        return int(m.group(1)) * UNITS[m.group(2)]
    m = re.fullmatch(r"(\d+)\^(\d+)", t)
    if m:
        return int(m.group(1)) ** int(m.group(2))
    if re.fullmatch(r"\d{1,3}(,\d{3})+", t):
        return int(t.replace(",", ""))
    if re.fullmatch(r"[-\d]+", t):
        return int(t)
    if re.fullmatch(r"[-\d.]+[uUlL]*", t):
        return float(t.rstrip("uUlL"))
    return t


def show(v):
    if isinstance(v, (set, frozenset)):
        return "{%s}" % ", ".join(sorted(map(str, v)))
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


LEADER_C = re.compile(r"^[ \t]*(?:/\*+|\*+(?!/)|//+)?[ \t]?")
LEADER_SH = re.compile(r"^[ \t]*#*[ \t]?")


def flat(rel):
    """The file with each line's comment leader removed (line count kept), for patterns that
    run across wrapped comment lines."""
    text = read(rel)
    if rel.endswith((".c", ".h", ".glsl", ".comp")):
        return "\n".join(LEADER_C.sub("", l) for l in text.split("\n"))
    if rel.endswith((".sh", ".txt", ".cmake", ".py")):
        return "\n".join(LEADER_SH.sub("", l) for l in text.split("\n"))
    return text


def compile_quote(pattern):
    return re.compile(re.sub(r"(?<!\\) ", r"\\s+", pattern), re.S)


class Quote:
    """Where a document repeats the fact: a file (glob), a pattern whose groups hold the value,
    how to read the groups (default: each as a quantity), and whether it must be there."""

    def __init__(self, where, pattern, parse=None, required=True, subset=False):
        self.where, self.pattern, self.parse, self.required, self.subset = where, pattern, parse, required, subset


class Claim:
    def __init__(self, what, truth, *quotes):
        self.what, self.truth, self.quotes = what, truth, quotes


def mapping_names(m):
    """The mappings the match's first group names (a kernel as its mapping: TRANSPOSE16 is TRANSPOSE)."""
    return {re.sub(r"\d+$", "", w) for w in re.findall(r"\b(RUNS|TILES|TRANSPOSE\d*|DEINTERLEAVE|DEVICE|ROWS)\b", m.group(1))}


def each_backticked(m):
    return set(re.findall(r"(\w+\.h)", m.group(1)))


def count_set(m):
    return quantity(m.group(1)), frozenset(re.findall(r"`(\w+)`", m.group(2)))


# --------------------------------------------------------------------------------------------
# The claims. Each row: what the number is, the code that owns it, the places that quote it.

CLAIMS = [
    Claim("device addresses that travel in push constants",
          lambda: same(lambda: define("ABI_INLINE_OUTPUTS"), lambda: define("VKSPLIT_INLINE_OUTPUTS")),
          Quote("README.md", r"up to (\d+) output addresses travel in push constants"),
          Quote("README.md", r"per-recording arguments for more than (\d+) outputs"),
          Quote("docs/api.md", r"more than (\d+) non-empty outputs"),
          Quote("docs/how-it-works.md", r"output addresses beyond (\d+),"),
          Quote("include/vksplit/vksplit.h", r"for up to VKSPLIT_INLINE_OUTPUTS \((\d+)\) non-empty parts"),
          Quote("docs/api.md", r"a join's inputs' addresses beyond (\d+)\)")),
    Claim("a plan with device parameters: the parts' addresses it pushes, the place the block's takes",
          lambda: ((define("DEVICE_INLINE_OUTPUTS")[0], define("ABI_INLINE_OUTPUTS")[0]),
                   "DEVICE_INLINE_OUTPUTS, ABI_INLINE_OUTPUTS (shaders/split_abi.h)"),
          Quote("docs/api.md", r"Such a plan pushes (\d+) parts' addresses \(the (\w+) place holds the block's\)",
                parse=lambda m: (int(m.group(1)), ordinal(m.group(2)))),
          Quote("shaders/split_abi.h", r"in the (\w+) part's place \(such a plan pushes (\d+) parts' addresses",
                parse=lambda m: (int(m.group(2)), ordinal(m.group(1))))),
    Claim("the non-empty parts from which a plan with device parameters reads per-recording arguments",
          lambda: (define("DEVICE_INLINE_OUTPUTS")[0] + 1, "DEVICE_INLINE_OUTPUTS + 1 (src/plan/plan.c)"),
          Quote("docs/api.md", r"(\d+) non-empty parts and more read per-recording arguments")),
    Claim("the first split that needs arguments, its bytes and the next range's offset",
          lambda: ((define("ABI_INLINE_OUTPUTS")[0] + 1, 8 * (define("ABI_INLINE_OUTPUTS")[0] + 1),
                    -(-8 * (define("ABI_INLINE_OUTPUTS")[0] + 1) // define("VKSPLIT_ARGUMENT_ALIGNMENT")[0])
                    * define("VKSPLIT_ARGUMENT_ALIGNMENT")[0]),
                   "ABI_INLINE_OUTPUTS + 1, 8 bytes each, rounded up to VKSPLIT_ARGUMENT_ALIGNMENT"),
          Quote("include/vksplit/vksplit.h", r"(\d+) parts need (\d+) bytes, and the next range starts (\d+) bytes on")),
    Claim("output bindings per dispatch on the descriptor path",
          lambda: define("ABI_MAX_SLOTS"),
          Quote("README.md", r"outputs / min\((\d+), ")),
    Claim("the device limits the descriptor path's output slots are taken from",
          slot_limits,
          Quote("README.md", r"outputs / min\(\d+, L − 2\) rounded up, L the least of ([^:]*):",
                parse=lambda m: {n.strip("` ") for n in re.split(r",|\band\b", m.group(1)) if n.strip("` ")})),
    Claim("binding windows a plan holds at most",
          lambda: define("VKSPLIT_MAX_WINDOWS"),
          Quote("README.md", r"a plan holds at most (\d+) of them"),
          Quote("docs/api.md", r"strides scattered past (\d+) windows")),
    Claim("a per-recording arguments range's alignment (bytes)",
          lambda: define("VKSPLIT_ARGUMENT_ALIGNMENT"),
          Quote("docs/api.md", r"pass a `vksplit_arguments` range, (\d+)-byte aligned")),
    Claim("the device parameters' layout version and the alignment of their block (bytes)",
          lambda: ((define("VKSPLIT_PARAMETERS_VERSION")[0], define("VKSPLIT_PARAMETERS_ALIGNMENT")[0]),
                   "VKSPLIT_PARAMETERS_VERSION, VKSPLIT_PARAMETERS_ALIGNMENT"),
          Quote("docs/api.md", r"\(version `VKSPLIT_PARAMETERS_VERSION` (\d+)\) in memory the engine owns, at a multiple of (\d+) "
                               r"bytes of a storage buffer")),
    Claim("output addresses one vkCmdUpdateBuffer writes",
          lambda: define("ADDRESS_BATCH"),
          Quote("docs/api.md", r"one `vkCmdUpdateBuffer` per (\d+) parts"),
          Quote("include/vksplit/vksplit.h", r"one per (\d+) parts, then a buffer barrier"),
          Quote("include/vksplit/vksplit.h", r"one vkCmdUpdateBuffer per (\d+) parts into the arguments range")),
    Claim("regions per vkCmdCopyBuffer on the transfer path",
          lambda: define("VKSPLIT_REGION_BATCH"),
          Quote("include/vksplit/vksplit.h", r"vkCmdCopyBuffer, (\d+) regions per command")),
    Claim("rows AUTO copies with vkCmdCopyBuffer on a CPU device: their least bytes, the most regions",
          lambda: ((define("VKSPLIT_TRANSFER_MIN_CHUNK_BYTES")[0], define("VKSPLIT_TRANSFER_MAX_AUTO_REGIONS")[0]),
                   "VKSPLIT_TRANSFER_MIN_CHUNK_BYTES, VKSPLIT_TRANSFER_MAX_AUTO_REGIONS"),
          Quote("docs/how-it-works.md", r"`vkCmdCopyBuffer` for rows of (\d+ KiB) and more \(at most (\d+) regions\)")),
    Claim("limits of the canonical split and join: element size, rank, a split's outputs, a join's inputs",
          lambda: ((define("VKSPLIT_MAX_ELEMENT_SIZE")[0], define("VKSPLIT_MAX_RANK")[0], define("VKSPLIT_MAX_OUTPUTS")[0],
                    define("VKSPLIT_MAX_INPUTS")[0]),
                   "VKSPLIT_MAX_ELEMENT_SIZE, VKSPLIT_MAX_RANK, VKSPLIT_MAX_OUTPUTS, VKSPLIT_MAX_INPUTS (include/vksplit/vksplit.h)"),
          Quote("README.md", r"\*\*Element sizes\*\* 1 to (\d+) bytes.*?\*\*Rank\*\* 1 to (\d+); \*\*outputs\*\* of a split 1 to (\d+), "
                             r"\*\*inputs\*\* of a join 1 to (\d+)")),
    Claim("DirectML: the alignment GuaranteedBaseOffsetAlignment 0 means, the most elements a tensor holds",
          lambda: ((define("DML_MINIMUM_ALIGNMENT")[0], define("DML_MAX_ELEMENTS")[0]), "DML_MINIMUM_ALIGNMENT, DML_MAX_ELEMENTS"),
          Quote("docs/frontends-and-cli.md", r"<= (2\^\d+-1) elements; GuaranteedBaseOffsetAlignment 0 \(=(\d+)\)",
                parse=lambda m: (int(quantity(m.group(2))), 2 ** int(re.search(r"\^(\d+)", m.group(1)).group(1)) - 1))),
    Claim("push-constant bytes",
          lambda: define("PUSH_BYTES"),
          Quote("README.md", r"Push constants stay within (\d+) bytes")),
    Claim("TRANSPOSE's workgroup",
          lambda: define("TRANSPOSE_WORKGROUP"),
          Quote("include/vksplit/vksplit.h", r"reads and writes both coalesced; workgroups of (\d+)"),
          Quote("include/vksplit/vksplit.h", r"TRANSPOSE always uses (\d+)"),
          Quote("shaders/split_abi.h", r"TRANSPOSE: workgroups of (\d+) invocations"),
          Quote("shaders/copy_transpose.glsl", r"A workgroup of TRANSPOSE_WORKGROUP \((\d+)\)")),
    Claim("workgroup memory DEINTERLEAVE stages rows in",
          lambda: (define("DEINTERLEAVE_SHARED_WORDS")[0] * 4, "DEINTERLEAVE_SHARED_WORDS x 4 bytes"),
          Quote("include/vksplit/vksplit.h", r"rows in workgroup memory \(at most (\d+ KiB)\)"),
          Quote("docs/how-it-works.md", r"reads whole input rows \(up to (\d+ KiB)\)")),
    # The shader contract's figures (shaders/split_abi.h): tiles, trips, slots, kernels.
    Claim("TRANSPOSE's tiles: words along the read side's contiguous dimension x along the written side's, "
          "for words up to 4 bytes, of 8 and of 16",
          transpose_tiles,
          Quote("docs/how-it-works.md", r"moves tiles of (\d+) × (\d+) words \(words up to 4 bytes; (\d+) × (\d+) of 8-byte "
                                        r"and (\d+) × (\d+) of 16-byte words\)"),
          Quote("include/vksplit/vksplit.h", r"(\d+) words along the read side's contiguous dimension by (\d+) words of up "
                                             r"to 4 bytes \((\d+) of 8, (\d+) of 16 bytes\)",
                parse=lambda m: tuple(int(m.group(i)) for i in (1, 2, 1, 3, 1, 4)))),
    Claim("TRANSPOSE16's tile: 4-byte elements along the read side's contiguous dimension x along the written side's",
          lambda: ((define("TRANSPOSE16_TILE_A")[0], define("TRANSPOSE16_TILE_B")[0]), "TRANSPOSE16_TILE_A, TRANSPOSE16_TILE_B"),
          Quote("docs/how-it-works.md", r"take TRANSPOSE16 \((\d+) × (\d+) tiles"),
          Quote("include/vksplit/vksplit.h", r"with device addresses (\d+) x (\d+) four-byte words moved 16 bytes at a time"),
          Quote("shaders/split_abi.h", r"TRANSPOSE16: tiles of (\d+) x (\d+) elements of 4 bytes"),
          Quote("docs/gpu.md", r"\| (\d+) x (\d+) tiles through workgroup memory with 16-byte loads and stores")),
    Claim("TRANSPOSE's tile for words up to 4 bytes",
          lambda: (transpose_tiles()[0][:2], transpose_tiles()[1]),
          Quote("docs/gpu.md", r"\| other transposing splits \| (\d+) x (\d+) tiles, one element per load")),
    Claim("TRANSPOSE16's workgroup memory: rows x uint32 a row (a padding column)",
          lambda: ((define("TRANSPOSE16_TILE_B")[0], define("TRANSPOSE16_TILE_A")[0] + 1),
                   "TRANSPOSE16_TILE_B x (TRANSPOSE16_TILE_A + 1), shaders/copy_transpose.glsl's T16_PITCH"),
          Quote("shaders/split_abi.h", r"elements of 4 bytes, (\d+) x (\d+) uint32 of workgroup memory")),
    Claim("TRANSPOSE's workgroup memory per tile (bytes)",
          lambda: (c_eval("TRANSPOSE_SHARED_WORDS * 4"), "TRANSPOSE_SHARED_WORDS x 4"),
          Quote("shaders/split_abi.h", r"TRANSPOSE_SHARED_WORDS uint32 words \((\d+) bytes\)")),
    Claim("bytes an invocation loads per trip (words of 4 bytes and more)",
          trip_bytes,
          Quote("docs/how-it-works.md", r"\| (\d+) B per trip \(a split's realigned"),
          Quote("docs/how-it-works.md", r"\| \*\*TRANSPOSE\*\* \|[^\n]*\| (\d+) B \|"),
          Quote("docs/how-it-works.md", r"\| \*\*DEINTERLEAVE\*\* \|[^\n]*\| (\d+) B \|"),
          Quote("include/vksplit/vksplit.h", r"bytes per invocation \(trips of (\d+)\)"),
          Quote("include/vksplit/vksplit.h", r"their share in trips of (\d+) bytes")),
    Claim("loads per trip: bytes in all, words of 4, 8, 16 and 32 bytes, 1- and 2-byte words and their bytes",
          lambda: ((trip_bytes()[0],) + tuple(macro("ABI_UNROLL", w)[0] for w in (4, 8, 16, 32, 1)) +
                   (macro("ABI_UNROLL", 1)[0], 2 * macro("ABI_UNROLL", 2)[0]), "ABI_UNROLL(word)"),
          Quote("shaders/split_abi.h", r"(\d+) bytes in flight per trip for words of 4 bytes and more \((\d+) x 4, (\d+) x 8, "
                                       r"(\d+) x 16, (\d+) x 32\); 1- and 2-byte words keep (\d+) loads \((\d+) and (\d+) bytes\)")),
    Claim("TILES' loads per trip: bytes, 4-, 8- and 16-byte words",
          lambda: ((trip_bytes()[0],) + tuple(macro("ABI_UNROLL", w)[0] for w in (4, 8, 16)), "ABI_UNROLL(word)"),
          Quote("include/vksplit/vksplit.h", r"each invocation issues (\d+) bytes of loads \((\d+) x 4, (\d+) x 8, (\d+) x 16 bytes\)")),
    Claim("TILES on a GPU: bytes an invocation loads per trip, a workgroup's (default size), the default workgroup size",
          lambda: ((trip_bytes()[0], trip_bytes()[0] * tuning("gpu", None)["workgroup_size"], tuning("gpu", None)["workgroup_size"]),
                   "ABI_UNROLL(word) x word, vksplit_resolve_tuning"),
          Quote("docs/how-it-works.md", r"a workgroup copies tiles of (\d+) bytes per invocation \((\d+ KiB) for the default (\d+) invocations\)")),
    Claim("TILES with 16-byte words on a GPU: a lane's loads a trip x the default workgroup, the bytes a trip, the loads",
          lambda: ((macro("ABI_UNROLL", 16)[0], tuning("gpu", None)["workgroup_size"], trip_bytes()[0], macro("ABI_UNROLL", 16)[0]),
                   "ABI_UNROLL(16), vksplit_resolve_tuning"),
          Quote("docs/gpu.md", r"tiles of (\d+) x (\d+) consecutive words of a line of rows, each lane (\d+) bytes per trip "
                               r"from (\d+) unconditional loads")),
    Claim("the realigned TILES kernel's bytes in flight per trip, a split's",
          lambda: (32 * define("ABI_REALIGN_UNROLL_SPLIT")[0], "ABI_REALIGN_UNROLL_SPLIT blocks of two 16-byte loads (src/geometry/traffic.c)"),
          Quote("docs/how-it-works.md", r"B per trip \(a split's realigned: (\d+) B\)")),
    Claim("the realigned TILES kernel's 16-byte blocks per trip and loads: a split's, a join's",
          lambda: ((define("ABI_REALIGN_UNROLL_SPLIT")[0], 2 * define("ABI_REALIGN_UNROLL_SPLIT")[0],
                    define("ABI_REALIGN_UNROLL_JOIN")[0], define("ABI_REALIGN_UNROLL_JOIN")[0]),
                   "ABI_REALIGN_UNROLL_SPLIT (two loads a block), ABI_REALIGN_UNROLL_JOIN (one)"),
          Quote("shaders/split_abi.h", r"a split's (\d+) \((\w+) 16-byte loads\), a join's (\d+) \((\w+)\)")),
    Claim("the realigned TILES kernel's 16-byte loads per trip: a split's, a join's",
          lambda: ((2 * define("ABI_REALIGN_UNROLL_SPLIT")[0], define("ABI_REALIGN_UNROLL_JOIN")[0]),
                   "ABI_REALIGN_UNROLL_SPLIT x 2, ABI_REALIGN_UNROLL_JOIN"),
          Quote("docs/gpu.md", r"the realigned split's plan counts (\w+) 16-byte loads; [^;]*; the realigned join's counts its (\w+)\)")),
    Claim("words RUNS loads before it stores",
          lambda: found_in("src/geometry/traffic.c", r"VKSPLIT_MAPPING_RUNS \? (\d+) \* word"),
          Quote("docs/how-it-works.md", r"\| \*\*RUNS\*\* \|[^\n]*\| (\d+) words \|")),
    Claim("the device parameters' copy: bytes a trip, the most trips, a GPU's and a CPU device's default invocation_bytes",
          lambda: ((trip_bytes()[0], device_copy_trips()[0], tuning("gpu", None)["invocation_bytes"], tuning("cpu", None)["invocation_bytes"]),
                   "ABI_UNROLL(word) x word, %s, vksplit_resolve_tuning" % device_copy_trips()[1]),
          Quote("docs/api.md", r"`invocation_bytes` a lane, in trips of (\d+) bytes, at most (\d+) trips: (\d+) bytes by default on "
                               r"a GPU, (\d+ KiB) on a CPU device"),
          Quote("src/geometry/mapping_device.c", r"a trip of (\d+) bytes at a time: about invocation_bytes \(a CPU device's runs of "
                                                r"(\d+ KiB), a GPU's (\d+) bytes\)",
                parse=lambda m: (quantity(m.group(1)), device_copy_trips()[0], quantity(m.group(3)), quantity(m.group(2))))),
    Claim("the most trips a lane of the device parameters' copy makes",
          device_copy_trips,
          Quote("include/vksplit/vksplit.h", r"DEVICE and ROWS: at most (\d+) trips")),
    Claim("segments told apart by pushed first workgroups (device addresses): the fewest, the most",
          lambda: found_in("src/geometry/grid.c", r"g->segment_count >= (\d+) &&\s*g->segment_count <= (\d+)\)\s*flags \|= FLAG_PREFIX", 0,
                           convert=lambda s: tuple(int(n) for n in re.findall(r"(?:>=|<=) (\d+)", s))),
          Quote("docs/how-it-works.md", r"with device addresses, are (\w+) or (\w+) \(a small TILES split"),
          Quote("shaders/split_abi.h", r"device addresses, (\d+) or (\d+) segments of unequal work"),
          Quote("src/geometry/grid.c", r"(\w+) or (\w+) segments of unequal work are told apart")),
    Claim("segments a small TILES plan carries in push constants, at most",
          lambda: define("INLINE_MAX_SEGMENTS"),
          Quote("docs/how-it-works.md", r"of at most (\w+) segments, even carries them in push constants"),
          Quote("docs/gpu.md", r"\(FLAG_INLINE: a small plan of at most (\w+) segments")),
    Claim("the kernels of the shader",
          kernel_count,
          Quote("docs/how-it-works.md", r"one kernel's code per pipeline rather than all (\w+);")),
    Claim("the SPIR-V modules of a build with both addressings",
          spirv_modules,
          Quote("docs/api.md", r"unpacks all (\d+) of a build with both addressings"),
          Quote("CHANGELOG.md", r"twenty-three more modules \((\d+):"),
          Quote("docs/api.md", r"debug names stripped: (\d+) modules, one per shader variant and kernel")),
    # The defaults the code decides (a zeroed struct, NULL options).
    Claim("the base alignment a desc's 0 stands for",
          default_base_alignment,
          Quote("README.md", r"binding offsets promise \(default (\d+), DirectML's own binding rule\)"),
          Quote("include/vksplit/vksplit.h", r"0 means (\d+), the alignment Vulkan allocators"),
          Quote("include/vksplit/vksplit.h", r"it bounds the copy word\. 0 means (\d+)\."),
          Quote("include/vksplit/onnx.h", r"base_alignment is 0 \((\d+):"),
          Quote("include/vksplit/openvino.h", r"base_alignment is 0 \((\d+)\)"),
          Quote("src/rules/request.h", r"base_alignment; /\* (\d+) where the desc says 0")),
    Claim("the direction whose pipelines a context makes with it by default (its mappings')",
          lambda: (lambda made, _, where: (DIRECTION_WORDS[made], where))(*context_pipelines()),
          Quote("README.md", r"creates its mappings' (\w+) pipelines with the"),
          Quote("docs/api.md", r"`vksplit_context_create` makes every (\w+) pipeline of its mappings"),
          Quote("include/vksplit/vksplit.h", r"Every (\w+) pipeline the tuning can use with the context"),
          Quote("include/vksplit/vksplit.h", r"by default every (\w+) pipeline it can use")),
    Claim("the direction whose pipelines the first plan that needs each makes, by default",
          lambda: (lambda made, _, where: (DIRECTION_WORDS[frozenset({"split", "join"}) - made], where))(*context_pipelines()),
          Quote("README.md", r"by default the first (\w+) plan makes each"),
          Quote("docs/api.md", r"and each (\w+) pipeline is made by the first \w+ plan that needs it"),
          Quote("include/vksplit/vksplit.h", r"each (\w+) pipeline by the first \w+ plan that needs it")),
    Claim("who makes the device parameters' check and copy pipelines, by default",
          lambda: (lambda _, devices, where: ("the context" if devices else "the first plan", where))(*context_pipelines()),
          Quote("README.md", r"and (the first plan) with device parameters those of their check and copy"),
          Quote("docs/api.md", r"device parameters' check and copy are by (the first plan) with device parameters"),
          Quote("CHANGELOG.md", r"made into pipelines by (the first plan) that needs them \(or with the context under")),
    Claim("what VKSPLIT_PIPELINES_WITH_CONTEXT makes with the context: directions, the device parameters' too",
          lambda: (lambda made, devices, where: ((DIRECTION_WORDS[made], devices), where))(*context_pipelines("WITH_CONTEXT")),
          Quote("docs/api.md", r"`VKSPLIT_PIPELINES_WITH_CONTEXT` makes all of them with the context, both directions' and the "
                               r"device parameters'", parse=lambda m: ("split and join", True)),
          Quote("include/vksplit/vksplit.h", r"Every pipeline of both directions with the context",
                parse=lambda m: ("split and join", True))),
    Claim("what VKSPLIT_PIPELINES_ON_DEMAND makes with the context",
          lambda: (lambda made, devices, where: ((DIRECTION_WORDS[made], devices), where))(*context_pipelines("ON_DEMAND")),
          Quote("docs/api.md", r"With `VKSPLIT_PIPELINES_ON_DEMAND` none is made with the context", parse=lambda m: ("no", False)),
          Quote("include/vksplit/vksplit.h", r"None with the context: each by the first plan", parse=lambda m: ("no", False))),
    Claim("a plan's default path (NULL or zeroed options)",
          lambda: default_option("path"),
          Quote("include/vksplit/vksplit.h", r"vksplit_path path; /\* default (\w+) \*/"),
          Quote("docs/how-it-works.md", r"`vksplit_plan_options.path` \(by default `(\w+)`: this choice\)")),
    Claim("where a plan's table lies by default (NULL or zeroed options)",
          lambda: default_option("table"),
          Quote("include/vksplit/vksplit.h", r"vksplit_table_placement table; /\* default (\w+) \*/"),
          Quote("docs/api.md", r"\*\*`VKSPLIT_TABLE_(\w+)`\*\* \(the default\)"),
          Quote("CONTRIBUTING.md", r"where the tables lie by default \(`VKSPLIT_TABLE_(\w+)`\)"),
          Quote("docs/how-it-works.md", r"by default in the context's (table pool)", parse=lambda m: "POOL"),
          Quote("docs/how-it-works.md", r"into its range of the context's (table pool), by default", parse=lambda m: "POOL"),
          Quote("README.md", r"a plan's parameter table \(a few hundred bytes\) lies in the context's (table pool)",
                parse=lambda m: "POOL")),
    Claim("a plan's default device parameters (NULL or zeroed options)",
          lambda: default_option("device_parameters"),
          Quote("include/vksplit/vksplit.h", r"default (\w+); PACKED or GIVEN: the desc gives capacities")),
    Claim("the device the runner (and so the tools and tests) picks first",
          default_device_type,
          Quote("README.md", r"the default Vulkan device: the first (discrete GPU), else the first device",
                parse=lambda m: m.group(1).lower()),
          Quote("docs/how-it-works.md", r"\(the first (discrete GPU) by default\)", parse=lambda m: m.group(1).lower())),
    Claim("the default mapping: a CPU device's, a GPU's",
          lambda: ((tuning("cpu", None)["mapping"], tuning("gpu", None)["mapping"]), "vksplit_resolve_tuning"),
          Quote("include/vksplit/vksplit.h", r"VKSPLIT_MAPPING_DEFAULT VKSPLIT_EXPERIMENTAL = 0, /\* (\w+) on a CPU device \(lavapipe\), (\w+) on a GPU")),
    Claim("a GPU's default mapping",
          lambda: (tuning("gpu", None)["mapping"], "vksplit_resolve_tuning"),
          Quote("docs/how-it-works.md", r"On a GPU the default \(\*\*(\w+)\*\*\)"),
          Quote("docs/api.md", r"ms for the \d+ of a GPU's \((\w+)\)")),
    Claim("a CPU device's default mapping",
          lambda: (tuning("cpu", None)["mapping"], "vksplit_resolve_tuning"),
          Quote("docs/api.md", r"pipelines of its default tuning \((\w+)\)"),
          Quote("docs/how-it-works.md", r"\| \*\*(\w+)\*\* \| CPU devices \(lavapipe\) \|")),
    # The table pool and the tables in it.
    Claim("a parameter table's bytes: a split of 3 (one row dimension or none), one of 40 (KiB)",
          lambda: ((table_bytes(3, 1), round(table_bytes(40, 1) / 1024.0, 1)), "TBL_SEGMENTS_AT, TBL_SEGMENT_STRIDE (shaders/split_abi.h)"),
          Quote("docs/api.md", r"(\d+) bytes for a split of 3 with one row dimension or none, `TBL_SEGMENTS_AT\(3\)` \+ 3 × "
                               r"`TBL_SEGMENT_STRIDE\(1\)` words of `shaders/split_abi.h`, to about ([\d.]+) KiB for one of 40")),
    Claim("the table pool's first block",
          lambda: define("VKSPLIT_POOL_FIRST_BLOCK_BYTES"),
          Quote("docs/api.md", r"as plans need them \((\d+ KiB), then doubling"),
          Quote("src/context/table_pool.c", r"fit in \w+ blocks \((\d+ KiB), ")),
    Claim("the table pool's largest block (but for a table larger still)",
          lambda: define("VKSPLIT_POOL_LARGEST_BLOCK_BYTES"),
          Quote("docs/api.md", r"then doubling up to (\d+ MiB);")),
    Claim("the table pool's least unit",
          lambda: define("UNIT_MIN"),
          Quote("docs/api.md", r"cut into units of (\d+) bytes \(or of the device's"),
          Quote("docs/how-it-works.md", r"a bitmap of (\d+)-byte units")),
    Claim("the blocks (allocations) core_table_memory's 10,000 plans take on lavapipe",
          lambda: (lambda v: (v[0][0], v[1]))(pooled_plans()),
          Quote("README.md", r"10,000 plans took (\d+) allocations on lavapipe"),
          Quote("docs/api.md", r"MB of tables\) took (\d+) allocations on lavapipe"),
          Quote("CHANGELOG.md", r"\(10,000 plans: (\d+) allocations\)"),
          Quote("src/context/table_pool.c", r"fit in (\w+) blocks \(")),
    Claim("the largest block core_table_memory's 10,000 plans take on lavapipe",
          lambda: (lambda v: (v[0][1], v[1]))(pooled_plans()),
          Quote("src/context/table_pool.c", r"fit in \w+ blocks \(256 KiB, 512 KiB, \.\.\. (\d+ MiB)\)")),
    Claim("core_table_memory: the plans it makes, the allocations it allows them",
          lambda: ((found_in("tests/core/test_table_memory.c", r"#define POOL_PLANS (\d+)u")[0],
                    found_in("tests/core/test_table_memory.c", r"#define POOL_ALLOCATIONS (\d+)u")[0]),
                   "POOL_PLANS, POOL_ALLOCATIONS (tests/core/test_table_memory.c)"),
          Quote("README.md", r"(\d+,\d+) plans took \d+ allocations on lavapipe, and `core_table_memory` holds them to (\d+);"),
          Quote("docs/api.md", r"(\d+,\d+) plans \(splits and joins of 1 to 40 parts, [\d.]+ MB of tables\) took \d+ allocations "
                               r"on lavapipe \(`core_table_memory`, which holds them to (\d+)\)"),
          Quote("include/vksplit/vksplit.h", r"(\d+,\d+) plans take at most (\d+)\)"),
          Quote("tests/README.md", r"(\d+,\d+) plans from one context in at most (\d+) allocations"),
          Quote("tests/core/test_table_memory.c", r"(\d+,\d+) plans from one context \([^)]*\) take at most (\d+) vkAllocateMemory")),
    # The tuning defaults, as vksplit_resolve_tuning resolves them (the generated table's source).
    Claim("a CPU device's defaults: mapping, workgroup, run bytes, widest word",
          lambda: tuning_row("cpu", "mapping", "workgroup_size", "invocation_bytes", "max_word_bytes"),
          Quote("include/vksplit/vksplit.h", r"a CPU device gets (\w+), workgroups of (\d+) \(one llvmpipe batch\), runs of (\d+) bytes and words up to (\d+) bytes")),
    Claim("a GPU's defaults: mapping, workgroup, bytes per invocation, bands, widest word",
          lambda: tuning_row("gpu", "mapping", "workgroup_size", "invocation_bytes", "band_bytes", "max_word_bytes"),
          Quote("include/vksplit/vksplit.h", r"a GPU gets (\w+), workgroups of (\d+), up to (\d+) bytes per invocation(?: \([^)]*\))?, bands of (\d+ MiB) and words up to (\d+) bytes")),
    Claim("min_workgroups' defaults (RUNS on a CPU device, otherwise)",
          lambda: ((tuning("cpu", "RUNS")["min_workgroups"], tuning("gpu", "BY_SHAPE")["min_workgroups"]),
                   "vksplit_resolve_tuning"),
          Quote("include/vksplit/vksplit.h", r"Default (\d+) for RUNS on a CPU device \([^)]*\), (\d+) otherwise")),
    Claim("RUNS' run on a CPU device",
          lambda: (tuning("cpu", "RUNS")["invocation_bytes"], "vksplit_resolve_tuning"),
          Quote("docs/how-it-works.md", r"its own contiguous run of about (\d+ KiB)")),
    Claim("a GPU's band",
          lambda: (tuning("gpu", "BY_SHAPE")["band_bytes"], "vksplit_resolve_tuning"),
          Quote("docs/how-it-works.md", r"in \*\*bands\*\* of about (\d+ MiB)")),
    Claim("a GPU's widest word",
          lambda: (tuning("gpu", "BY_SHAPE")["max_word_bytes"], "vksplit_resolve_tuning"),
          Quote("README.md", r"(\d+) at most on a GPU by default")),
    Claim("a GPU's bytes per invocation and least workgroups",
          lambda: ((tuning("gpu", "BY_SHAPE")["invocation_bytes"], tuning("gpu", "BY_SHAPE")["min_workgroups"]),
                   "vksplit_resolve_tuning"),
          Quote("docs/gpu.md", r"\((\d+) by default\) while at least `tuning.min_workgroups` \((\d+)\)", required=False)),
    Claim("the release that removed VKSPLIT_MAPPING_INTERLEAVED (value 2), which nothing names any more",
          lambda: removed_mapping(),
          Quote("CHANGELOG.md", r"`VKSPLIT_MAPPING_INTERLEAVED`, the GPU default before BY_SHAPE, is \*\*removed in (\d+\.\d+)\*\*",
                parse=lambda m: m.group(1)),
          Quote("include/vksplit/vksplit.h", r"2 is retired: the earlier GPU mapping, deprecated in 0\.3 and removed in (\d+\.\d+)",
                parse=lambda m: m.group(1)),
          Quote("shaders/split_abi.h", r"2 is retired \(the earlier GPU mapping, removed in (\d+\.\d+)\)",
                parse=lambda m: m.group(1))),
    # Comments of src/ and shaders/ that name who does what.
    Claim("the files that expand the shader variants",
          lambda: users_of("VKSPLIT_SHADER_VARIANTS", "src/**/*.c"),
          Quote("src/geometry/shader_variants.h", r"reads these lines to build and embed the SPIR-V(.*?)\. Keep one",
                parse=lambda m: set(re.findall(r"\b(\w+\.c)\b", m.group(1)))),
          Quote("docs/how-it-works.md", r"whose widest word per addressing `src/(?:\w+/)*(\w+\.c)` reads", parse=lambda m: {m.group(1)},
                subset=True)),
    Claim("the CMake file that compiles the shader variants",
          lambda: users_of("shader_variants", "cmake/*.cmake", exclude_define=False),
          Quote("src/geometry/shader_variants.h", r"(cmake/[\w.]+) reads these lines", parse=lambda m: {m.group(1)})),
    Claim("the mappings that read the tuning's invocation_bytes",
          lambda: mappings_reading("invocation_bytes"),
          Quote("src/geometry/geometry.h", r"struct vksplit__planner_caps \{[^}]*?uint32_t invocation_bytes; /\*(.*?)\*/", parse=mapping_names),
          Quote("include/vksplit/vksplit.h", r"Bytes one invocation copies, 1\.\.65536: (.*?)\*/", parse=mapping_names)),
    Claim("the mappings that read the tuning's band_bytes",
          lambda: mappings_reading("band_bytes"),
          Quote("src/geometry/geometry.h", r"struct vksplit__planner_caps \{[^}]*?uint32_t band_bytes; /\*(.*?)\*/", parse=mapping_names),
          Quote("include/vksplit/vksplit.h", r"\b([A-Z, ]+(?:and [A-Z]+)?) with device addresses: the workgroups walk", parse=mapping_names)),
    Claim("how the runner finds its loader once per process",
          once_calls,
          Quote("include/vksplit/vksplit_runner.h", r"((?:pthread_once|InitOnceExecuteOnce|call_once)\b[^.]*)",
                parse=lambda m: set(re.findall(r"\b(pthread_once|InitOnceExecuteOnce|call_once)\b", m.group(1))))),
    Claim("the rules: how many, the highest number, the numbers below it no rule has (retired, or not yet taken)",
          rule_numbers,
          Quote("docs/api.md", r"\((\d+) rules, numbers 1 to (\d+), ([\d, and]+?) retired(?:, (\d+) to (\d+) not yet taken)?",
                parse=lambda m: (int(m.group(1)), int(m.group(2)), frozenset(int(n) for n in re.findall(r"\d+", m.group(3))) |
                                 (frozenset(range(int(m.group(4)), int(m.group(5)) + 1)) if m.group(4) else frozenset())))),
    # The ONNX front-end's axis: which versions take a negative one, in the code and the tables.
    Claim("the ONNX Split versions that take a negative axis",
          lambda: onnx_negative_axis_versions("src/frontends/frontend_onnx.c", "split_versions"),
          Quote("include/vksplit/onnx.h", r"opset\s+axis\s+\(default\s+0\)[^\n]*\n((?:[ \t]*\d+[ \t]+\S[^\n]*\n)+)",
                parse=lambda m: table_rows_with(m, "[-rank"))),
    Claim("the ONNX Concat versions that take a negative axis",
          lambda: onnx_negative_axis_versions("src/frontends/frontend_onnx_concat.c", "concat_versions"),
          Quote("include/vksplit/onnx.h", r"opset\s+'axis'\s+T[^\n]*\n((?:[ \t]*\d+[ \t]+\S[^\n]*\n)+)",
                parse=lambda m: table_rows_with(m, "[-r")),
          Quote("docs/frontends-and-cli.md", r"\|\s*opset\s*\|\s*`axis`\s*\|\s*T\s*\|\n\|[-|]+\|\n((?:\|\s*\d+\s*\|[^\n]*\n)+)",
                parse=lambda m: table_rows_with(m, "[-r"))),
    Claim("where vksplit differs from ONNX Runtime",
          onnx_runtime_differences,
          Quote("docs/frontends-and-cli.md", r"\| case \| vksplit \(as ONNX's shape inference or reference implementation\) \| ONNX Runtime \|\n\|[-|]+\|\n((?:\|[^\n]*\n)+)",
                parse=lambda m: frozenset(re.findall(r"^\|\s*([\w-]+):", m.group(1), re.M)))),
    Claim("src/'s stages, in order",
          source_stages,
          Quote("docs/how-it-works.md", r"## The source tree.*?```\n(.*?)```",
                parse=lambda m: tuple(re.findall(r"^src/(\w+)/", m.group(1), re.M))),
          Quote("CONTRIBUTING.md", r"\"The source tree\": ([\w, ]+)\)",
                parse=lambda m: tuple(w.strip() for w in m.group(1).split(",")))),
    Claim("the public headers",
          header_names,
          Quote("docs/api.md", r"Headers: (.*?)\. None links", parse=each_backticked)),
    # The test command (scripts/test.sh and what it runs).
    Claim("build folders the test command configures",
          lambda: (configures("scripts/test.sh"), "`cmake -S . -B` in scripts/test.sh and the scripts it runs"),
          Quote("README.md", r"installs what is missing, builds (\w+) ways"),
          Quote("docs/testing.md", r"then builds (\w+) ways")),
    Claim("random case counts in the sanitizer stage",
          lambda: test_scale("scripts/test.sh", "ctest --test-dir build-asan"),
          Quote("docs/testing.md", r"Random case counts at ([\d.]+)\."),
          Quote("docs/testing.md", r"the test command's sanitizer stage runs them at ([\d.]+)")),
    Claim("random case counts on the minimum device and in the Windows leg",
          lambda: same(lambda: test_scale("tests/min_device/run.sh", "ctest --test-dir"),
                       lambda: test_scale("scripts/windows.sh", "export VKSPLIT_TEST_VALIDATION")),
          Quote("docs/testing.md", r"the minimum device and the Windows leg at ([\d.]+)")),
    Claim("random case counts by default: a sanitizer build, any other",
          lambda: found_in("tests/core/core_env.c", r"CORE_SANITIZED \? ([\d.]+) : ([\d.]+)", 0,
                           convert=lambda s: tuple(float(x) for x in re.findall(r"[\d.]+", s))),
          Quote("docs/testing.md", r"a sanitizer build defaults to ([\d.]+), any other to ([\d.]+)")),
    Claim("libFuzzer runs per harness in the test command",
          lambda: found_in("scripts/test.sh", r"-DVKSPLIT_FUZZ_RUNS=(\d+)"),
          Quote("docs/testing.md", r"([\d,]+) inputs each"),
          Quote("fuzz/README.md", r"\(the test command: ([\d,]+)\)")),
    Claim("libFuzzer runs per harness by default",
          lambda: found_in("fuzz/CMakeLists.txt", r"set\(VKSPLIT_FUZZ_RUNS (\d+) CACHE"),
          Quote("fuzz/README.md", r"for a fixed ([\d,]+) runs")),
    Claim("the slowest input a fuzz run accepts (s)",
          lambda: found_in("fuzz/CMakeLists.txt", r"-timeout=(\d+)"),
          Quote("docs/testing.md", r"any input slower than (\d+) s a failure")),
    Claim("minimum-device profiles the test command runs",
          lambda: (lambda p: ((len(p[0]), frozenset(p[0])), p[1]))(min_device_profiles()),
          Quote("docs/testing.md", r"(\w+) profiles: (`\w+` \([^)]*\(?[^)]*\)?[^)]*\), `\w+` \(.*?\) and `\w+`)", parse=count_set)),
    Claim("minimum-device profiles the test command runs (count)",
          lambda: (len(min_device_profiles()[0]), min_device_profiles()[1]),
          Quote("README.md", r"on the minimum device Vulkan guarantees \((\w+) profiles\)")),
    Claim("fallback feature sets the sanitizer stage leaves out, of all",
          lambda: ((len([t for t in test_sh_excluded("build-asan") if t.startswith("core_fallback_")]),
                    len(set(re.findall(r"core_test_entry\((core_fallback_\w+)", read("tests/core/CMakeLists.txt"))))),
                   "scripts/test.sh's sanitizer -E list, tests/core/CMakeLists.txt"),
          Quote("docs/testing.md", r"(\w+) of the (\w+) fallback feature sets")),
    Claim("the test command's minutes",
          testing_md_minutes,
          Quote("README.md", r"in about (\d+) minutes on 2 cores"),
          Quote("CONTRIBUTING.md", r"the test command: every stage \(docs/testing.md\), ~(\d+) min on 2 cores")),
    Claim("the checks labelled docs",
          lambda: (len(labelled("docs")), "the tests of tests/**/CMakeLists.txt with LABELS docs"),
          Quote("CONTRIBUTING.md", r"-L docs: the (\w+) checks")),
    Claim("test labels",
          test_labels,
          Quote("tests/README.md", r"`-L ([\w|]+)`", parse=lambda m: set(m.group(1).split("|")))),
]

# The test command's stages: docs/testing.md's numbered list and scripts/test.sh's header
# comment number them alike, each stage's item names the same thing, and the tests a ctest
# line of scripts/test.sh leaves out are the ones docs/testing.md says (by name or in words).
STAGE_WORDS = {1: "gcc", 2: "AddressSanitizer", 3: "ThreadSanitizer", 4: "build_matrix.sh", 5: "minimum", 6: "Windows"}
STAGE_EXCLUDES = {  # stage: (the build folder of its ctest line, {excluded test: words docs/testing.md uses})
    1: ("build", {"core_faults": "fault injection", "cli_faults": "fault injection", "core_windows_.*": "binding-window",
                  "core_fallback_.*": "fallback", "core_mappings_.*": "mapping", "core_kernels": "kernel",
                  "core_join_windows_.*": "their joins", "core_join_fallback_.*": "their joins",
                  "core_join_mappings_.*": "their joins", "core_join_kernels": "their joins",
                  "core_dispatch_count": "dispatch-count", "core_push_constants": "push-constant"}),
    2: ("build-asan", {"core_windows_no_bda_minimal": "the second windows profile", "bench_flags": "the bench's flags",
                       "core_fallback_no_bda_no_dynidx": "two of the four fallback feature sets",
                       "core_fallback_no_8_16bit": "two of the four fallback feature sets",
                       "core_threads_.*": "the thread tests", "core_join_mappings_.*": "their joins",
                       "core_join_tuning_.*": "their joins", "core_join_kernels": "their joins",
                       "core_join_input_bounds": "their joins", "core_join_windows_.*": "of the joins",
                       "core_join_sweep": "of the joins", "core_join_fallback_.*": "of the joins",
                       "core_kernels_.*_as_intel": "its Intel variants",
                       "core_mappings_join_as_intel": "its Intel variants",
                       "core_convert_f16exact_.*": "float16-by-the-device parts"}),
}

# Sentences once wrong, and what is true instead (src/base/portable.h: VKSPLIT_NO_C11_ATOMICS gives
# the Interlocked intrinsics on Windows and the __atomic builtins with gcc and clang elsewhere).
GONE = [
    (where, r"VKSPLIT_NO_C11_ATOMICS=ON`? forces that fallback",
     "with gcc and clang VKSPLIT_NO_C11_ATOMICS selects the __atomic builtins, not the Interlocked intrinsics")
    for where in ("README.md", "docs/*.md")  # the README's Windows section is docs/api.md's now
] + [
    ("CMakeLists.txt", r"VKSPLIT_NO_C11_ATOMICS \"[^\"]*\(MSVC's\)",
     "with gcc and clang VKSPLIT_NO_C11_ATOMICS selects the __atomic builtins, not MSVC's branch"),
    ("docs/testing.md", r"the branch MSVC takes is raced",
     "the ThreadSanitizer build races the __atomic builtins; the Interlocked branch runs only under Wine"),
] + [(where, pattern, "every ONNX Split and Concat version takes a negative axis in [-r, r-1] (docs/frontends-and-cli.md, "
                       "\"ONNX: where the documents are silent\")")
     for where in ("README.md", "docs/*.md", "include/vksplit/*.h", "tools/*.c", "tests/README.md")
     for pattern in (r"negative (?:axes )?from (?:opset )?11", r"negative axes came with", r"refuses negative axes before")]

# Paths the prose may name that are not files of the repository.
NOT_FILES = {"bench/split_bench": "the bench's executable", "fuzz/findings": "made when a finding is kept"}
# Bare file names the prose and comments may name that are not files of the repository: the C
# library's and the Vulkan SDK's headers, volk's, what the build generates, and zlib's decoder
# that src/base/inflate.c is modelled on.
NOT_OURS = {"stdio.h", "stddef.h", "stdint.h", "stdatomic.h", "threads.h", "vulkan.h", "volk.h",
            "embedded_shaders.h",  # cmake/shaders.cmake writes it
            "puff.c"}  # zlib's contrib/puff


# --------------------------------------------------------------------------------------------
# The tuning defaults: vksplit_resolve_tuning evaluated per device class and mapping.

MAPPINGS = ["RUNS", "TILES", "TRANSPOSE", "DEINTERLEAVE", "BY_SHAPE"]
_resolve = None


def resolve_source():
    """(file, [statements]) of vksplit_resolve_tuning's body."""
    global _resolve
    if _resolve is None:
        for f in files("src/**/*.c"):
            m = re.search(r"\bvoid\s+vksplit_resolve_tuning\s*\([^)]*\)\s*\{(.*?)\n\}", read(f), re.S)
            if m:
                body = re.sub(r"/\*.*?\*/|//[^\n]*", "", m.group(1), flags=re.S)
                _resolve = (f, [s.strip() for s in body.split(";") if s.strip()])
                break
        else:
            raise Missing("no src/*.c defines vksplit_resolve_tuning")
    return _resolve


def c_condition(expr, env):
    """A C expression of vksplit_resolve_tuning's: names, ==, !=, &&, ||, !, ?:, #defines."""
    def atom(m):
        w = m.group(0)
        if w in env:
            return repr(env[w])
        if w.startswith("VK_PHYSICAL_DEVICE_TYPE_") or w.startswith("VKSPLIT_MAPPING_"):
            return repr(w.split("_TYPE_")[-1] if w.startswith("VK_") else w[len("VKSPLIT_MAPPING_"):])
        if w in ("true", "false"):
            return w.capitalize()
        if re.fullmatch(r"[A-Z][A-Z0-9_]*", w):
            return repr(define(w)[0] if w not in KNOWN else KNOWN[w])
        if re.fullmatch(r"\d+[uU]?", w):
            return w.rstrip("uU")
        raise Missing("vksplit_resolve_tuning reads %s, which this check cannot evaluate" % w)
    e = re.sub(r"tuning->(\w+)", lambda m: "tuning_" + m.group(1), expr)
    e = re.sub(r"\b[A-Za-z_]\w*\b", atom, e)
    e = e.replace("&&", " and ").replace("||", " or ")
    e = re.sub(r"!(?!=)", " not ", e)
    m = re.fullmatch(r"(.+?)\?(.+):(.+)", e)
    if m:
        e = "(%s) if (%s) else (%s)" % (m.group(2), m.group(1), m.group(3))
    return eval(e, {"__builtins__": {}})


def tuning(device, mapping):
    """The tuning vksplit_resolve_tuning gives a zeroed vksplit_tuning (mapping set or DEFAULT)
    on a CPU device or a GPU (any other device type)."""
    _, statements = resolve_source()
    env = {"device_type": "CPU" if device == "cpu" else "DISCRETE_GPU", "tuning": True,
           "tuning_mapping": mapping or "DEFAULT"}
    for field in ("workgroup_size", "invocation_bytes", "band_bytes", "max_word_bytes", "min_workgroups",
                  "one_dispatch_bytes"):
        env["tuning_" + field] = 0
    for s in statements:
        s = re.sub(r"^if\s*\(\s*!\s*tuning\s*\)\s*return$", "", s)
        if not s:
            continue
        m = re.fullmatch(r"(?:if\s*\((.+?)\)\s*)?tuning->(\w+)\s*=\s*(.+)", s, re.S)
        b = re.fullmatch(r"bool\s+(\w+)\s*=\s*(.+)", s, re.S)
        if m:
            if m.group(1) is None or c_condition(m.group(1), env):
                env["tuning_" + m.group(2)] = c_condition(m.group(3), env)
        elif b:
            env[b.group(1)] = c_condition(b.group(2), env)
        else:
            raise Missing("vksplit_resolve_tuning has a statement this check cannot read: %s" % " ".join(s.split()))
    return {k[len("tuning_"):]: v for k, v in env.items() if k.startswith("tuning_")}


def tuning_row(device, *fields):
    t = tuning(device, None)
    return tuple(t[f] for f in fields), "vksplit_resolve_tuning (%s)" % resolve_source()[0]


def bytes_text(v):
    if v == 0xFFFFFFFF:
        return "UINT32_MAX"
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if v >= size and v % size == 0 and v > 4096:
            return "%d %s" % (v // size, unit)
    return str(v)


def tuning_table():
    """The markdown table between docs/performance.md's tuning-defaults markers: one column per
    distinct set of defaults, named by the mappings (and device classes) that get it."""
    f, _ = resolve_source()
    fields = ["workgroup_size", "invocation_bytes", "band_bytes", "max_word_bytes", "min_workgroups", "one_dispatch_bytes"]
    devices = (("cpu", "a CPU device"), ("gpu", "a GPU"))
    defaults = {d: tuning(d, None)["mapping"] for d, _ in devices}
    columns = []  # [{device: [mapping, ...]}, values]
    order = [(d, None) for d, _ in devices] + [(d, m) for d, _ in reversed(devices) for m in MAPPINGS]
    for device, mapping in order:
        if mapping is not None and mapping == defaults[device]:
            continue
        t = tuning(device, mapping)
        values = tuple(t[x] for x in fields)
        for c in columns:
            if c[1] == values:
                c[0].setdefault(device, []).append(t["mapping"])
                break
        else:
            columns.append([{device: [t["mapping"]]}, values])

    def label(held):
        names = dict(devices)
        if len(held) == len(devices) and len({frozenset(ms) for ms in held.values()}) == 1:
            ms = held[devices[0][0]]
            first = [m for m in ms if m in defaults.values()]
            rest = [m for m in ms if m not in defaults.values()]
            return ", ".join(["%s (%s's default)" % (m, names[[d for d in defaults if defaults[d] == m][0]])
                              for m in first] + rest)
        return "; ".join("%s on %s%s" % (", ".join(ms), names[d], " (its default)" if defaults[d] in ms else "")
                         for d, ms in held.items())

    lines = ["| `vksplit_tuning` field | " + " | ".join(label(c[0]) for c in columns) + " |",
             "|---" * (len(columns) + 1) + "|"]
    for i, field in enumerate(fields):
        cells = [bytes_text(c[1][i]) if field.endswith("bytes") else str(c[1][i]) for c in columns]
        lines.append("| `%s` | %s |" % (field, " | ".join(cells)))
    return ("A zero field of `vksplit_tuning` takes its mapping's default below; the mapping itself\n"
            "defaults to %s on a CPU device and %s on any other (`band_bytes` UINT32_MAX: no bands).\n"
            "A default `workgroup_size` is halved until the device runs it; TRANSPOSE's workgroups are\n"
            "%d whatever the tuning. Generated from `vksplit_resolve_tuning` (`%s`) by\n"
            "`python3 tests/check_docs.py . --write`.\n\n"
            % (defaults["cpu"], defaults["gpu"], define("TRANSPOSE_WORKGROUP")[0], f)) + "\n".join(lines) + "\n"


MARK_BEGIN, MARK_END = "<!-- tuning-defaults -->", "<!-- /tuning-defaults -->"


def check_tuning_table():
    doc = "docs/performance.md"
    text = read(doc)
    m = re.search(re.escape(MARK_BEGIN) + r"\n(.*?)" + re.escape(MARK_END), text, re.S)
    if not m:
        problem(doc, "no %s ... %s block (the table vksplit.h points at): run `python3 tests/check_docs.py . --write`"
                % (MARK_BEGIN, MARK_END))
        return
    want = tuning_table()
    if WRITE:
        if m.group(1) != want:
            with open(path(doc), "w", encoding="utf-8") as f:
                f.write(text[:m.start(1)] + want + text[m.end(1):])
            print("%s: tuning defaults rewritten" % doc)
    elif m.group(1) != want:
        got, exp = m.group(1).splitlines(), want.splitlines()
        for i in range(max(len(got), len(exp))):
            g = got[i] if i < len(got) else "(nothing)"
            e = exp[i] if i < len(exp) else "(nothing)"
            if g != e:
                problem("%s:%d" % (doc, line_of(text, m.start(1)) + i),
                        "the tuning-defaults table says %r; vksplit_resolve_tuning gives %r "
                        "(run `python3 tests/check_docs.py . --write`)" % (g, e))
                break


# --------------------------------------------------------------------------------------------
# Running the claims and the rules.

def check_claims():
    for claim in CLAIMS:
        try:
            truth, owner = claim.truth()
        except (Missing, OSError) as e:
            problem("tests/check_docs.py", "%s: %s (update the row's source of truth)" % (claim.what, e))
            continue
        truth_t = truth if isinstance(truth, tuple) else (truth,)
        if LIST:
            print("%s = %s  [%s]" % (claim.what, " / ".join(show(t) for t in truth_t), owner))
        for q in claim.quotes:
            docs = files(q.where)
            if not docs:
                if q.required:
                    problem(q.where, "missing (it should quote %s)" % claim.what)
                continue
            pattern = compile_quote(q.pattern)
            for doc in docs:
                text = flat(doc)
                matches = list(pattern.finditer(text))
                if not matches and q.required:
                    problem(doc, "no longer says %s (the pattern %r of tests/check_docs.py): the code says %s = %s"
                            % (claim.what, q.pattern, owner, show(truth)))
                for m in matches:
                    said = q.parse(m) if q.parse else tuple(quantity(g) for g in m.groups())
                    if LIST:
                        print("    %s:%d %s" % (doc, line_of(text, m.start(1) if m.re.groups else m.start()),
                                                 " ".join(m.group(0).split())[:100]))
                    said_t = said if isinstance(said, tuple) else (said,)
                    if q.subset:
                        ok = said <= truth
                    elif len(said_t) == 1 and len(truth_t) == 1:
                        ok = said_t[0] == truth_t[0]
                    else:
                        ok = tuple(said_t) == tuple(truth_t)
                    if not ok:
                        quote = " ".join(m.group(0).split())
                        if len(quote) > 110:
                            quote = quote[:107] + "..."
                        problem("%s:%d" % (doc, line_of(text, m.start(1) if m.re.groups else m.start())),
                                "%s: says %s (%r); the code says %s: %s"
                                % (claim.what, " / ".join(show(s) for s in said_t), quote, show(truth) if not isinstance(truth, tuple) else " / ".join(show(t) for t in truth), owner))


def numbered_items(lines, start):
    """{n: text} of a numbered list whose items match start (group 1: the number)."""
    items, current = {}, None
    for l in lines:
        m = re.match(start, l)
        if m:
            current = int(m.group(1))
            items[current] = l
        elif current is not None and (re.match(r"^\s*(#\s{2,}|\s{2,})\S", l) or l.startswith("#      ")):
            items[current] += "\n" + l
        elif current is not None:
            current = None if not l.strip() or not l.startswith(("#", " ")) else current
    return items


def check_stages():
    sh, md = "scripts/test.sh", "docs/testing.md"
    header = []
    for l in read(sh).splitlines()[1:]:
        if not l.startswith("#"):
            break
        header.append(l)
    sh_items = numbered_items(header, r"^#\s+(\d+)\.\s")
    md_text = read(md)
    md_items = {}
    for m in re.finditer(r"^(\d+)\. (.*?)(?=^\d+\. |^\S|\Z)", md_text, re.S | re.M):
        md_items[int(m.group(1))] = (m.group(2), line_of(md_text, m.start()))
    if sorted(sh_items) != sorted(md_items):
        problem(md, "numbers the test command's stages %s; %s's header numbers them %s"
                % (sorted(md_items), sh, sorted(sh_items)))
    for n, word in STAGE_WORDS.items():
        if n in sh_items and word not in sh_items[n]:
            problem(sh, "stage %d of the header no longer names %r (tests/check_docs.py's STAGE_WORDS)" % (n, word))
        if n in md_items and word not in md_items[n][0]:
            problem("%s:%d" % (md, md_items[n][1]), "stage %d does not name %r, as %s's stage %d does" % (n, word, sh, n))
    for n, (build, words) in STAGE_EXCLUDES.items():
        if n not in md_items:
            continue
        text, line = md_items[n]
        flat_text = " ".join(text.split())
        try:
            excluded = test_sh_excluded(build)
        except Missing as e:
            problem(sh, str(e))
            continue
        for t in excluded:
            base = t.replace("_.*", "").replace(".*", "")
            if "`%s`" % base in flat_text:
                continue
            if t in words and words[t] in flat_text:
                continue
            problem("%s:%d" % (md, line), "stage %d does not say that %s leaves out %s (`ctest --test-dir %s -E`): name it, "
                    "or give its words in tests/check_docs.py's STAGE_EXCLUDES" % (n, sh, t, build))


PROSE = ["README.md", "CONTRIBUTING.md", "docs/*.md", "tests/README.md", "fuzz/README.md", "tests/min_device/README.md",
         "include/vksplit/*.h"]
COMMENTED = ["src/**/*.[ch]", "shaders/**/*.h", "shaders/**/*.glsl", "shaders/**/*.comp", "tests/**/*.[ch]",
             "fuzz/**/*.[ch]", "bench/**/*.[ch]", "tools/**/*.[ch]"]
COMMENTED_EXTENSIONS = (".c", ".h", ".glsl", ".comp")
REPO_DIRS = r"(?:src|include|shaders|tests|docs|scripts|bench|tools|fuzz|cmake)"


_comments = {}


def comments(rel):
    """A C file's comments, in place (code blanked, offsets and lines kept)."""
    if rel not in _comments:
        text = read(rel)
        out = [" " if c != "\n" else "\n" for c in text]
        for m in re.finditer(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", text, re.S):
            if m.group(0)[0] == "/":
                out[m.start():m.end()] = m.group(0)
        _comments[rel] = "".join(out)
    return _comments[rel]


def check_references():
    """Paths the prose names exist, and bare file names (plan.h) are some file's; *.md/*.rst a
    comment cites are in the repository; a name cited with its file (`NAME, src/x.h`) is in
    that file."""
    every = set(files("**/*"))
    basenames = {os.path.basename(f) for f in every}
    texts = [(f, read(f)) for f in files(*PROSE)] + [(f, comments(f)) for f in files(*COMMENTED)]
    for f, text in texts:
        text = re.sub(r"https?://\S+", lambda m: " " * len(m.group(0)), text)  # a URL's path is not ours
        for m in re.finditer(r"(?<![\w/.\-])(%s/(?:[\w./*\-]|<\w+>)*(?:\w|<\w+>))" % REPO_DIRS, text):
            p = re.sub(r"<\w+>", "*", m.group(1))  # src/geometry/mapping_<name>.c: some src/geometry/mapping_*.c
            if p in NOT_FILES or glob.glob(path(p)) or os.path.exists(path(p + ".c")):
                continue
            if glob.glob(os.path.join(os.path.dirname(path(f)), p)):
                continue
            problem("%s:%d" % (f, line_of(text, m.start())), "names %s, which is not in the repository" % p)
        for m in re.finditer(r"(?<![\w/.\-<>*])([A-Za-z_][\w\-]*\.(?:c|h|glsl|comp|py|sh|cmake|inc))\b(?![\w(])", text):
            if m.group(1) not in basenames and m.group(1) not in NOT_OURS:
                problem("%s:%d" % (f, line_of(text, m.start())), "names %s, which no file of the repository is "
                        "(a bare name counts too: rename it, or list it in tests/check_docs.py's NOT_OURS)" % m.group(1))
        for m in re.finditer(r"(?<![\w/.\-])([\w./\-]*[\w\-]\.(?:md|rst))\b", text):
            p = m.group(1)
            if p in every or os.path.basename(p) in basenames:
                continue
            problem("%s:%d" % (f, line_of(text, m.start())),
                    "cites %s, which is not in the repository: cite the published document (title and URL)" % p)
        for m in re.finditer(r"`?\b([A-Z][A-Z0-9_]{3,}|vksplit_\w+)\b`?(?:,|\s+in|\s+of)?\s+\(?`?((?:src|shaders|include)/[\w/]+\.(?:h|c|glsl|comp))\b", text):
            name, p = m.groups()
            if os.path.isfile(path(p)) and re.search(r"\b%s\b" % name, read(p)):
                continue
            owners = [g for g in files(*CODE) if re.search(r"#\s*define\s+%s\b" % name, read(g))]
            problem("%s:%d" % (f, line_of(text, m.start())), "cites %s in %s, which does not hold it%s"
                    % (name, p, " (it is in %s)" % ", ".join(owners) if owners else ""))


# Names a sentence about rules may give in backticks (or, in a header's comment, bare) that are
# no rules, beside the #defines and result codes the code spells: the published structs.
NOT_RULES = {"DML_SPLIT_OPERATOR_DESC": "DirectML's operator struct", "DML_JOIN_OPERATOR_DESC": "DirectML's operator struct"}
RULE_CONTEXT = re.compile(r"\brules?\b|\bfails?\b|\bfailing\b|\brefuse[sd]?\b|\bby id\b", re.I)


def check_rule_names():
    """Every rule the prose (and a comment of the code) names is a rule of include/vksplit/rules.h's
    list: each VKSPLIT_RULE_<NAME>, and each bare id that the prose gives as a rule (in backticks,
    or bare in a public header's comment, on a line about rules: `RECORD_OPERATION`, "fails by
    ..."; or with its number, `TABLE_DATA_NULL` (285), which must be the rule's). A bare name
    that is a #define or a result code is not taken for a rule; NOT_DECLARED names the few that
    may name no rule."""
    rules = {n: int(v) for n, v in re.findall(r"^\s*X\((\w+), (\d+), ", read("include/vksplit/rules.h"), re.M)}
    live = set(rules) | {"NONE", "UNKNOWN", "MAX_ENUM"}
    other = set(NOT_RULES) | {n[len("VKSPLIT_ERROR_"):] for n in spelled("include/vksplit/*.h") if n.startswith("VKSPLIT_ERROR_")}
    for f in files("**/*.[ch]", "**/*.glsl", "**/*.comp", "**/*.cpp"):
        other |= set(re.findall(r"^[ \t]*#[ \t]*define[ \t]+(\w+)", read(f), re.M))
    texts = [(f, t) for f, t in prose_texts() if f != "include/vksplit/rules.h"]
    for f, text in texts:
        for m in re.finditer(r"\bVKSPLIT_RULE_(\w+)(?:`?\s*\((\d+)\b)?", text):
            name, number = m.groups()
            where = "%s:%d" % (f, line_of(text, m.start()))
            if (f, "VKSPLIT_RULE_" + name) in NOT_DECLARED:
                continue
            if name not in live:
                problem(where, "names VKSPLIT_RULE_%s, which is no rule of include/vksplit/rules.h" % name)
            elif number and name in rules and int(number) != rules[name]:
                problem(where, "gives VKSPLIT_RULE_%s the number %s; include/vksplit/rules.h gives it %d" % (name, number, rules[name]))
        if f.endswith(".md"):
            bare = r"`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`(?:\s*\((\d+)\b)?"
        elif f.startswith("include/"):
            bare = r"(?<![\w`])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b(?:\s*\((\d+)\b)?"
            text = comments(f)
        else:
            continue
        for m in re.finditer(bare, text):
            name, number = m.groups()
            if name.startswith(("VKSPLIT_", "VK_")) or (f, name) in NOT_DECLARED:
                continue
            where = "%s:%d" % (f, line_of(text, m.start()))
            if name in rules:
                if number and int(number) != rules[name]:
                    problem(where, "gives the rule %s the number %s; include/vksplit/rules.h gives it %d" % (name, number, rules[name]))
                continue
            start, end = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
            if name not in other and (number or RULE_CONTEXT.search(text[start:end if end >= 0 else len(text)])):
                problem(where, "names %s as a rule, which is no rule of include/vksplit/rules.h (nor a #define or "
                               "result code; a name that is neither goes into tests/check_docs.py's NOT_RULES)" % name)


def blank(text):
    """Spaces in place of text, its line breaks kept (so offsets and lines stay where they were)."""
    return " " * len(text) if "\n" not in text else re.sub(r"[^\n]", " ", text)


_code = {}


def code_text(rel):
    """A file's code with its comments blanked (C, GLSL; CMake, shell and Python by '#'), its
    strings kept ("#define" in a CMake string, "//" in a C one, are no comments)."""
    if rel not in _code:
        _code[rel] = uncommented(rel, read(rel))
    return _code[rel]


def uncommented(rel, text):
    string = r'"(?:\\.|[^"\\\n])*"'
    if rel.endswith((".c", ".h", ".glsl", ".comp")):
        return re.sub(string + r"|'(?:\\.|[^'\\\n])+'|/\*.*?\*/|//[^\n]*",
                      lambda m: m.group(0) if m.group(0)[0] in "\"'" else blank(m.group(0)), text, flags=re.S)
    if rel.endswith((".cmake", ".txt", ".sh", ".py")) or os.path.basename(rel) == "run":
        return re.sub(string + r"|#[^\n]*", lambda m: m.group(0) if m.group(0)[0] == '"' else blank(m.group(0)), text)
    return text


def braced(text, at):
    """(the text between the brace at `at` and its match, the offset after the match)."""
    depth = 0
    for i in range(at, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if not depth:
                return text[at + 1:i], i + 1
    raise Missing("an unmatched { at offset %d" % at)


QUALIFIERS = {"const", "volatile", "struct", "enum", "unsigned", "signed", "VKSPLIT_EXPERIMENTAL", "VKSPLIT_DEPRECATED"}


def c_structs(*patterns):
    """{type: ([field, ...], {field: its type})} of every `typedef struct NAME {...}` the files'
    code declares (a nested struct's or union's fields count as the outer one's)."""
    out = {}
    for f in files(*patterns):
        code = code_text(f)
        for m in re.finditer(r"\btypedef\s+struct\s+(\w+)\s*\{", code):
            body, _ = braced(code, m.end() - 1)
            body = re.sub(r"\b(?:struct|union)\s*\w*\s*\{", " ", body).replace("}", ";")
            fields, types = [], {}
            for decl in body.split(";"):
                decl = re.sub(r"\[[^\]]*\]", "", decl)
                pointer = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)  # a function pointer
                parts = [pointer.group(1)] if pointer else decl.split(",")
                words = [w for w in re.findall(r"\w+", parts[0]) if w not in QUALIFIERS]
                if not words:
                    continue
                for part in parts:
                    name = re.findall(r"\w+", part)
                    if name:
                        fields.append(name[-1])
                        types[name[-1]] = words[0]
            out[m.group(1)] = (fields, types)
    return out


_public = None


def public_structs():
    global _public
    if _public is None:
        _public = c_structs("include/vksplit/*.h")
    return _public


_spelled = {}


def spelled(*patterns):
    """The identifiers the files' code spells (comments blanked), and include/vksplit/rules.h's
    rules as the enum values its X-macro makes (VKSPLIT_RULE_<NAME>)."""
    if patterns not in _spelled:
        names = set()
        for f in files(*patterns):
            names |= set(re.findall(r"\b[A-Za-z_]\w*\b", code_text(f)))
        if "include/vksplit/rules.h" in files(*patterns):
            names |= {"VKSPLIT_RULE_" + r for r in re.findall(r"^\s*X\((\w+), \d+, ", read("include/vksplit/rules.h"), re.M)}
        _spelled[patterns] = names
    return _spelled[patterns]


BUILD_FILES = ("CMakeLists.txt", "cmake/*.cmake", "**/CMakeLists.txt")
SCRIPT_FILES = ("scripts/*.sh", "tests/**/*.sh", "tests/**/*.py", "fuzz/**/*.py", "bench/**/*.py", ".ci/run")


def settings():
    """The VKSPLIT_ settings a user sets: CMake options and cache variables (`option(NAME`,
    `set(NAME ... CACHE`), the environment variables code reads (getenv("NAME"), os.environ,
    $ENV{NAME}) or a script sets for a program (`NAME=value`), and the CMake functions and
    targets called vksplit_ (`function(vksplit_x`, `add_library(vksplit_x`)."""
    names = set()
    for f in files(*BUILD_FILES):
        code = code_text(f)
        names |= set(re.findall(r"\boption\(\s*(VKSPLIT_\w+)", code))
        names |= set(re.findall(r"\bset\(\s*(VKSPLIT_\w+)[^)]*\bCACHE\b", code))
        names |= set(re.findall(r"\bfind_(?:path|program|library|file)\(\s*(VKSPLIT_\w+)", code))
        names |= set(re.findall(r"\$ENV\{(VKSPLIT_\w+)\}", code))
        names |= set(re.findall(r"\b(?:function|macro|add_library|add_executable|add_custom_target)\(\s*(vksplit_\w+)", code))
        names |= set(re.findall(r"\b(VKSPLIT_\w+)=", code))
    for f in files("**/*.[ch]", "**/*.cpp"):
        names |= set(re.findall(r"\b(?:getenv|setenv)\(\s*\"(VKSPLIT_\w+)\"", read(f)))
    for f in files(*SCRIPT_FILES):
        code = code_text(f)
        names |= set(re.findall(r"\b(VKSPLIT_\w+)=", code))
        names |= set(re.findall(r"\$\{?(VKSPLIT_\w+)", code))
        names |= set(re.findall(r"environ(?:\.get\(|\[)\s*[\"'](VKSPLIT_\w+)", code))
        names |= set(re.findall(r"[\"'](VKSPLIT_\w+)[\"']\s*:", code))  # a dict of environment settings
    return names


# The CHANGELOG describes the current API in its Unreleased section's Added and Changed entries;
# the released sections and every Removed, Deprecated or Retired entry are history, whose names
# may be gone (they are kept as they were written).
CHANGELOG_HISTORY = re.compile(r"^### (?:Removed|Deprecated|Retired)\b")


def changelog_current():
    """CHANGELOG.md with its history blanked (line numbers kept): only the Unreleased section's
    entries other than Removed, Deprecated and Retired are left."""
    out, section, history = [], None, False
    for l in read("CHANGELOG.md").split("\n"):
        if l.startswith("## "):
            section, history = l[3:].strip(), False
        elif l.startswith("### "):
            history = bool(CHANGELOG_HISTORY.match(l))
        out.append(l if section == "Unreleased" and not history else "")
    return "\n".join(out)


def prose_texts(with_comments=True):
    """(file, text) of the prose: PROSE, CHANGELOG.md's current entries, and (with_comments) the
    comments of COMMENTED."""
    texts = [(f, read(f)) for f in files(*PROSE)] + [("CHANGELOG.md", changelog_current())]
    if with_comments:
        texts += [(f, comments(f)) for f in files(*COMMENTED)]
    return texts


# Names the prose may use that no code declares, each with why (the file that uses it, the name).
# Keep it short: a name here is one no check can hold to the code.
NOT_DECLARED = {
    # ("docs/x.md", "vksplit_old_name"): "why the prose names it",
}


def check_public_names():
    """Every vksplit_/VKSPLIT_ name the prose (and a comment of the code) uses is declared where
    it says: a public function, type, macro or enum value (and `vksplit_type.field` a field of
    that type) in include/vksplit/*.h's code; an internal vksplit__/VKSPLIT__ name in src/'s; a
    constant src/ files share in src/'s; a CMake option or variable, an environment variable or
    a CMake function as settings() finds them. A name that ends in `_` is a prefix some declared
    name starts with; VKSPLIT_RULE_ names are check_rule_names'. So a renamed or removed name
    leaves no reader pointed at nothing; the few that may are NOT_DECLARED's."""
    public, internal, setting = spelled("include/vksplit/*.h"), spelled("src/**/*.[ch]"), settings()
    built = spelled(*BUILD_FILES)  # names CMake makes (vksplit__volk_<name>)
    code = set()  # what a comment of the code may name: any name the code spells
    for f in files(*CODE, *COMMENTED, *BUILD_FILES, *SCRIPT_FILES, "tools/**/*.[ch]", "bench/**/*.[ch]"):
        code |= set(re.findall(r"\b(?:vksplit|VKSPLIT)_\w*", code_text(f)))
    structs = dict(c_structs("src/**/*.h"))
    structs.update(public_structs())
    for f, text in prose_texts():
        comment = f.endswith(tuple(COMMENTED_EXTENSIONS))
        for m in re.finditer(r"(?:\b|(?<=-D))(vksplit_\w*|VKSPLIT_\w*)(?:\.(\w+))?", text):
            name, field = m.groups()
            where = "%s:%d" % (f, line_of(text, m.start()))
            if name.startswith("VKSPLIT_RULE_") or (f, name) in NOT_DECLARED:
                continue
            if field in ("h", "c", "md", "py", "sh", "txt", "cmake", "pc", "in", "glsl", "comp", "json"):
                continue  # a file (check_references)
            if text[m.start() - 1:m.start()] in ("/", ".") or (text[m.start() - 1:m.start()] == "-" and
                                                              text[m.start() - 2:m.start()] != "-D"):
                continue  # part of a path, a flag or a file name
            if comment and not f.startswith("include/"):
                if name not in code and not (name.endswith("_") and any(n.startswith(name) for n in code | built)):
                    problem(where, "names %s, which no code of the repository spells" % name)
                continue
            internal_name = name.startswith(("vksplit__", "VKSPLIT__"))
            lowercase = name.startswith("vksplit_") and not internal_name
            if name.endswith("_"):
                pool = internal | built if internal_name else public | internal | setting
                if not any(n.startswith(name) for n in pool):
                    problem(where, "names the prefix %s, which no name %s declares starts with"
                            % (name, "src/" if internal_name else "include/vksplit/*.h or src/"))
                continue
            if internal_name:
                if name not in internal:
                    problem(where, "names %s, an internal name that src/'s code does not declare" % name)
                    continue
            elif lowercase:
                if name not in public and name not in setting:
                    problem(where, "names %s, which no public header (include/vksplit/*.h) declares" % name)
                    continue
            elif name not in public and name not in internal and name not in setting:
                problem(where, "names %s, which is no public name (include/vksplit/*.h), constant of src/, CMake "
                               "option or environment variable" % name)
                continue
            if field and name in structs and field not in structs[name][0]:
                problem(where, "names %s.%s, but %s has no field %s (its fields: %s)"
                        % (name, field, name, field, ", ".join(structs[name][0])))


SPEC_URLS = [  # the front-ends and the golden tests cite the published documents
    ("src/frontends/frontend_directml.c", "learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_split_operator_desc"),
    ("src/frontends/frontend_onnx.c", "onnx.ai/onnx/operators/onnx__Split.html"),
    ("src/frontends/frontend_openvino.c", "docs.openvino.ai"),
    ("tests/core/test_golden.c", "learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_split_operator_desc"),
    ("tests/core/test_golden.c", "onnx.ai/onnx/operators/onnx__Split.html"),
]


def check_gone_and_urls():
    for where, pattern, truth in GONE:
        for f in files(where):
            text = flat(f)
            for m in compile_quote(pattern).finditer(text):
                problem("%s:%d" % (f, line_of(text, m.start())), "says %r; not so: %s" % (" ".join(m.group(0).split()), truth))
    for f, url in SPEC_URLS:
        if os.path.isfile(path(f)) and url not in read(f).replace("\n * ", ""):
            problem(f, "does not cite the published document it follows (%s)" % url)


def main():
    check_tuning_table()
    check_claims()
    check_stages()
    check_references()
    check_rule_names()
    check_public_names()
    check_gone_and_urls()
    for p in problems:
        print(p)
    checked = sum(len(c.quotes) for c in CLAIMS)
    print("%d claims (%d quotes), the tuning table, %d stages, the references: %s"
          % (len(CLAIMS), checked, len(STAGE_WORDS), "ok" if not problems else "%d problem(s)" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
