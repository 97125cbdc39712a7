#!/usr/bin/env python3
"""ONNX's Concat examples (the document's "concat" example: its 1d, 2d and 3d cases on every
axis, negative ones too), with the outputs numpy.concatenate gives, as the C table
tests/frontends/concat_examples.h that frontend_onnx_concat_rules (the translation, applied on
the host) and frontend_concat_golden (on the device) hold vksplit to.

    concat_examples.py --write HEADER   regenerate the table between the header's markers (then
                                        clang-format it); the rest of the header is written by hand
    concat_examples.py --check HEADER   numpy computes the table again; fails if the header's
                                        names and numbers differ (the ctest entry
                                        frontend_concat_numpy); exit 77 without numpy"""
import re
import sys

try:
    import numpy as np
except ImportError:
    print("SKIP: no numpy in %s" % sys.executable)
    sys.exit(77)

# The document's test_cases, as written there.
TEST_CASES = {
    "1d": ([1, 2], [3, 4]),
    "2d": ([[1, 2], [3, 4]], [[5, 6], [7, 8]]),
    "3d": (
        [[[1, 2], [3, 4]], [[5, 6], [7, 8]]],
        [[[9, 10], [11, 12]], [[13, 14], [15, 16]]],
    ),
}


def examples():
    """(name, rank, axis, input shape, inputs, output shape, output) in the document's order."""
    for case, values_ in TEST_CASES.items():
        values = [np.asarray(v, dtype=np.float32) for v in values_]
        rank = len(values[0].shape)
        axes = [(i, "test_concat_%s_axis_%d" % (case, i)) for i in range(rank)]
        axes += [(i, "test_concat_%s_axis_negative_%d" % (case, abs(i))) for i in range(-rank, 0)]
        for axis, name in axes:
            output = np.concatenate(values, axis)
            yield name, rank, axis, values[0].shape, values, output.shape, output


def ints(values):
    return "{" + ", ".join(str(int(v)) for v in values) + "}"


def table():
    """The C between the header's concat-examples markers: each case's inputs once, then the
    examples, each naming its case's inputs."""
    rows = []
    for case, values_ in TEST_CASES.items():
        values = [np.asarray(v, dtype=np.float32) for v in values_]
        rows.append("static const concat_values in_%s = {%d, %s, {%s}};" % (
            case, values[0].ndim, ints(values[0].shape), ", ".join(ints(v.ravel()) for v in values)))
    rows.append("static const concat_example concat_examples[] = {")
    for name, rank, axis, shape, values, out_shape, output in examples():
        rows.append('    {"%s", &in_%s, %d, %s, %s},' % (
            name, name.split("_")[2], axis, ints(out_shape), ints(output.ravel())))
    rows.append("};")
    return "\n".join(rows)


BEGIN, END = "/* concat-examples-begin */\n", "/* concat-examples-end */"


def tokens(text):
    return re.findall(r'"[^"]*"|&?[A-Za-z_]\w*|-?\d+', text)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("--write", "--check"):
        print(__doc__)
        return 2
    header = sys.argv[2]
    with open(header, encoding="utf-8") as f:
        text = f.read()
    body = re.search(re.escape(BEGIN) + r"(.*?)" + re.escape(END), text, re.S)
    if not body:
        print("%s: no table between the concat-examples markers" % header)
        return 1
    if sys.argv[1] == "--write":
        text = text[:body.start(1)] + table() + "\n" + text[body.end(1):]
        text = re.sub(r"\(numpy [^)]*\)", "(numpy %s)" % np.__version__, text, count=1)
        with open(header, "w", encoding="utf-8") as f:
            f.write(text)
        return 0
    want, got = tokens(table()), tokens(body.group(1))
    if want != got:
        at = next((i for i, (w, g) in enumerate(zip(want, got)) if w != g), min(len(want), len(got)))
        print("%s differs from numpy.concatenate at token %d: has %s, numpy says %s (regenerate with --write)"
              % (header, at, got[at:at + 8], want[at:at + 8]))
        return 1
    print("%d examples: as numpy %s concatenates them" % (len(list(examples())), np.__version__))
    return 0


if __name__ == "__main__":
    sys.exit(main())
