#!/usr/bin/env python3
"""No circles in src/, and dependencies that run one way through its stages: no room reaches
itself through what its files include or call, and no room depends on a later stage's.

A room is what a reader opens together: a .c file and the .h of the same name beside it
(src/plan/plan.c and src/plan/plan.h are the room src/plan/plan); a header without its .c is a
room alone. Rooms are made of the files of src/<stage>/, the stages of STAGES below in the
order the data flows (docs/how-it-works.md draws them). A room depends on the room of every file
its files include ("stage/x.h" found beside it or in src/), and on the room of the .c file that
defines each vksplit_* or vksplit__* function its .c calls. A strongly connected group of two
or more rooms is a circle; an edge to a later stage is a back-arrow. Each is printed with the
edges that make it, and the check fails on a circle, on a back-arrow ALLOWED_BACK does not
list with its reason, and on a file outside the stages.

    python3 tests/check_circles.py SOURCE_DIR"""
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
src = os.path.normpath(os.path.join(root, "src"))
files = sorted(os.path.normpath(f) for f in glob.glob(os.path.join(src, "**", "*.[ch]"), recursive=True))
text = {}
for f in files:
    with open(f, encoding="utf-8") as fh:
        body = fh.read()
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)  # comments name files they do not use
    text[f] = re.sub(r"//[^\n]*", "", body)

# Where each function is defined: a name at the start of a declarator followed by a body.
defined = {}
for f, body in text.items():
    if f.endswith(".c"):
        for m in re.finditer(r"^[A-Za-z_][\w \*]*?\b(vksplit_\w+)\s*\([^;{]*\)\s*\{", body, re.M):
            defined.setdefault(m.group(1), f)

room = lambda f: os.path.splitext(f)[0]
rooms = sorted(set(room(f) for f in files))
edges = {r: {} for r in rooms}
for f, body in text.items():
    for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', body, re.M):
        for base in (os.path.dirname(f), src):
            target = os.path.normpath(os.path.join(base, name))
            if target in text:
                if room(target) != room(f):
                    edges[room(f)].setdefault(room(target), "%s includes %s" % (os.path.basename(f), name))
                break
    if not f.endswith(".c"):
        continue  # a header declares; the .c files that include it call
    for name in set(re.findall(r"\b(vksplit_\w+)\s*\(", body)):
        target = defined.get(name)
        if target and room(target) != room(f):
            edges[room(f)].setdefault(room(target), "%s calls %s" % (os.path.basename(f), name))

# Tarjan's strongly connected components, iteratively.
index, low, on_stack, stack, groups, counter = {}, {}, set(), [], [], [0]
for start in rooms:
    if start in index:
        continue
    work = [(start, iter(edges[start]))]
    index[start] = low[start] = counter[0]
    counter[0] += 1
    stack.append(start)
    on_stack.add(start)
    while work:
        v, it = work[-1]
        w = next(it, None)
        if w is not None:
            if w not in index:
                index[w] = low[w] = counter[0]
                counter[0] += 1
                stack.append(w)
                on_stack.add(w)
                work.append((w, iter(edges[w])))
            elif w in on_stack:
                low[v] = min(low[v], index[w])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[v])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

rel = lambda p: os.path.relpath(p, root)
for group in groups:
    print("circle: " + ", ".join(rel(f) for f in group))
    for f in group:
        for target, why in sorted(edges[f].items()):
            if target in group:
                print("    %s -> %s (%s)" % (rel(f), rel(target), why))
# The stages, in the order data flows: a room may depend on rooms of its own stage and the
# stages before it. An edge to a later stage is a back-arrow; each one allowed is listed with
# its reason, and any other fails the check (as does a file outside the stages).
STAGES = ["base", "rules", "frontends", "geometry", "context", "plan", "record", "runner"]
ALLOWED_BACK = {}
stage = lambda r: os.path.relpath(r, src).split(os.sep)[0]
outside = sorted(rel(r) for r in rooms if stage(r) not in STAGES)
for r in outside:
    print("outside the stages: %s (src/<stage>/, one of %s)" % (r, ", ".join(STAGES)))
backs = []
for r in rooms:
    for target, why in sorted(edges[r].items()):
        if stage(r) in STAGES and stage(target) in STAGES and STAGES.index(stage(target)) > STAGES.index(stage(r)):
            key = (rel(r), rel(target))
            backs.append(key)
            print("%s: %s -> %s (%s)" % ("back-arrow, allowed: " + ALLOWED_BACK[key] if key in ALLOWED_BACK
                                         else "back-arrow", key[0], key[1], why))
unexplained = [b for b in backs if b not in ALLOWED_BACK]
print("%d files in %d rooms of %d stages, %d dependencies, %d circle(s), %d back-arrow(s)" %
      (len(files), len(rooms), len(STAGES), sum(len(e) for e in edges.values()), len(groups), len(backs)))
sys.exit(1 if groups or unexplained or outside else 0)
