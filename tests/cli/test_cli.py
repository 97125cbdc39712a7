#!/usr/bin/python3
"""End-to-end tests of the vksplit CLI against numpy as the independent reference.

usage: test_cli.py PATH/TO/vksplit GROUP   (GROUP: help, dtypes, success, errors, files, streams,
                                                devices, memory, race, kill, convert)

The join mode (`vksplit join`, ONNX Concat) runs inside the same groups, against
numpy.concatenate: every dtype (dtypes), axes, counts and opsets (success), its refusals
(errors), its files (files), its streams (streams), its leftovers (kill) and its commits among
the splits' (race). So does `vksplit tensorscatter` (ONNX TensorScatter-24), against this file's
numpy loop of the operator (tensorscatter_reference): ONNX's backend cases, modes, axes, dtypes
and write_indices absent, from the host and on the GPU (success), its refusals (errors), its
options (help). The copies that convert (--to, --from, --scale, --no-saturate) run in the
convert group, against references written here from docs/conversions.md (numpy's astype for
float32 <-> float16; ggml's quantize_row_q8_0_ref for q8_0), as splits, joins, device lengths
and TensorScatters, and their refusals. Every run has VKSPLIT_VALIDATION=1: the CLI then fails
on any Vulkan validation message.
Exit code 77 (skipped) when numpy is missing.
"""
import fcntl
import io
import math
import os
import random
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

try:
    import numpy as np
except ImportError:  # pragma: no cover
    print("numpy is missing: skipped")
    sys.exit(77)

VKSPLIT = os.path.abspath(sys.argv[1])
GROUP = sys.argv[2]
failures = []
checks = 0


def check(cond, what):
    global checks
    checks += 1
    if not cond:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def run(args, env_extra=None, timeout=120, preexec_fn=None):
    """(exit code, stdout, stderr); exit code None when the CLI ran past timeout (killed)."""
    env = dict(os.environ, VKSPLIT_VALIDATION="1")
    env.update(env_extra or {})
    try:
        p = subprocess.run([VKSPLIT] + args, capture_output=True, text=True, env=env, timeout=timeout,
                           preexec_fn=preexec_fn)
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or "", "timed out after %d s" % timeout
    return p.returncode, p.stdout, p.stderr


def write_npy(path, array, descr=None):
    """np.save, or a hand-made header when descr must differ from numpy's ('<V2')."""
    if descr is None:
        np.save(path, array, allow_pickle=True)
        return
    shape = "(" + ", ".join(str(d) for d in array.shape) + ("," if array.ndim == 1 else "") + ")"
    text = "{'descr': %s, 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    pad = 64 - (10 + len(text) + 1) % 64
    header = (text + " " * (pad % 64) + "\n").encode("latin1")
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header)
        f.write(np.ascontiguousarray(array).tobytes())


def read_raw(path):
    """(descr text as written, shape, data bytes) without numpy's interpretation."""
    with open(path, "rb") as f:
        blob = f.read()
    assert blob[:6] == b"\x93NUMPY", path
    major = blob[6]
    n = int.from_bytes(blob[8:10] if major == 1 else blob[8:12], "little")
    start = 10 if major == 1 else 12
    header = blob[start:start + n].decode("latin1")
    d = eval(header)  # the test wrote or checks these files: trusted
    descr_text = header[header.index("'descr': ") + len("'descr': "):header.index(", 'fortran_order'")]
    check((start + n) % 64 == 0, "%s: data not 64-byte aligned" % path)
    return descr_text, tuple(d["shape"]), blob[start + n:]


class Case:
    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="vksplit_cli_")
        self.out = os.path.join(self.tmp, "out")
        os.mkdir(self.out)

    def input(self, array, descr=None, name="in.npy"):
        path = os.path.join(self.tmp, name)
        write_npy(path, array, descr)
        return path

    def close(self):
        shutil.rmtree(self.tmp)


def expect_outputs(name, case, args, x, parts, axis, descr=None):
    """Runs the CLI and checks out_0..out_{n-1} against numpy slices of x, byte for byte."""
    rc, out, err = run(args)
    check(rc == 0, "%s: exit %d, stderr %r" % (name, rc, err))
    if rc != 0:
        return
    check(err == "", "%s: stderr not empty: %r" % (name, err))
    files = sorted(os.listdir(case.out))
    want_files = sorted("out_%d.npy" % i for i in range(len(parts)))
    check(files == want_files, "%s: files %s, expected %s" % (name, files, want_files))
    start = 0
    for i, length in enumerate(parts):
        index = [slice(None)] * x.ndim
        index[axis] = slice(start, start + length)
        start += length
        expected = np.ascontiguousarray(x[tuple(index)])
        path = os.path.join(case.out, "out_%d.npy" % i)
        if not os.path.exists(path):
            continue
        got_descr, got_shape, got_data = read_raw(path)
        check(got_shape == expected.shape, "%s: out_%d shape %s, expected %s" % (name, i, got_shape, expected.shape))
        check(got_data == expected.tobytes(), "%s: out_%d bytes differ" % (name, i))
        want_descr = descr if descr is not None else repr(np.lib.format.dtype_to_descr(x.dtype))
        check(got_descr == want_descr, "%s: out_%d descr %s, expected %s" % (name, i, got_descr, want_descr))
        if descr is None:
            loaded = np.load(path)
            check(loaded.dtype == x.dtype and loaded.tobytes() == expected.tobytes(), "%s: np.load out_%d" % (name, i))


def expect_join(name, folder, args, arrays, axis, descr=None, keep=()):
    """Runs `vksplit join ARGS` and checks FOLDER/out.npy against numpy.concatenate(arrays, axis),
    byte for byte, in input 0's descr; the folder then holds out.npy and `keep`, nothing else."""
    rc, out, err = run(["join"] + args)
    check(rc == 0, "%s: exit %s, stderr %r" % (name, rc, err))
    if rc != 0:
        return
    path = os.path.join(folder, "out.npy")
    check(err == "" and out.split() == [path], "%s: stdout %r, stderr %r" % (name, out, err))
    files, want_files = sorted(os.listdir(folder)), sorted(["out.npy"] + list(keep))
    check(files == want_files, "%s: files %s, expected %s" % (name, files, want_files))
    expected = np.ascontiguousarray(np.concatenate(arrays, axis=axis))
    got_descr, got_shape, got_data = read_raw(path)
    check(got_shape == expected.shape, "%s: shape %s, expected %s" % (name, got_shape, expected.shape))
    check(got_data == expected.tobytes(), "%s: the bytes differ from numpy.concatenate's" % name)
    want_descr = descr if descr is not None else repr(np.lib.format.dtype_to_descr(arrays[0].dtype))
    check(got_descr == want_descr, "%s: descr %s, expected %s" % (name, got_descr, want_descr))
    if descr is None:
        loaded = np.load(path)
        check(loaded.dtype == expected.dtype and loaded.tobytes() == expected.tobytes(), "%s: np.load" % name)


def equal_split(dim, n):
    return [dim // n] * n


def opset18_split(dim, n):
    """ONNX Split-18 num_outputs, by counting: the smallest chunk c with c*n >= dim."""
    c = 0
    while c * n < dim:
        c += 1
    return [c] * (n - 1) + [dim - c * (n - 1)]


# --- dtypes ---------------------------------------------------------------------------------

def special_bytes(dtype, count):
    """count elements of dtype whose bytes include NaN payloads and -0.0 where it is a float."""
    rng = np.random.default_rng(1234)
    raw = bytearray(rng.integers(0, 256, count * dtype.itemsize, dtype=np.uint8).tobytes())
    patterns = {
        ("f", 2): [b"\x01\x7c", b"\x00\x80", b"\xff\x7f", b"\x01\xfe"],
        ("V", 2): [b"\xc1\x7f", b"\x00\x80", b"\x81\xff"],
        ("f", 4): [b"\x01\x00\xc0\x7f", b"\x00\x00\x00\x80", b"\x01\x00\x80\x7f", b"\xad\xdb\xba\xff"],
        ("c", 8): [b"\x01\x00\xc0\x7f\x00\x00\x00\x80"],
        ("f", 8): [b"\x01\x00\x00\x00\x00\x00\xf8\x7f", b"\x00" * 7 + b"\x80", b"\x01" + b"\x00" * 5 + b"\xf0\x7f"],
        ("c", 16): [b"\x01\x00\x00\x00\x00\x00\xf8\x7f" + b"\x00" * 7 + b"\x80"],
    }.get((dtype.kind, dtype.itemsize), [])
    for i, p in enumerate(patterns * 3):
        at = (i * 7 % count) * dtype.itemsize
        raw[at:at + len(p)] = p
    if dtype.kind == "b":
        raw = bytearray(b & 1 for b in raw)
    return np.frombuffer(bytes(raw), dtype=dtype).copy()


def group_dtypes():
    codes = ["|b1", "|i1", "|u1", "<i2", "<u2", "<f2", "<i4", "<u4", "<f4", "<i8", "<u8", "<f8", "<c8", "<c16"]
    variants = [(np.dtype(c), None) for c in codes]
    variants += [(np.dtype("V2"), "'<V2'"), (np.dtype("V2"), "'|V2'"), (np.dtype([("bf16", "V2")]), None)]
    # Every dtype through the .npy reader and writer (a split and its join); the other options
    # and front-ends once per element size, whose copy the dtype's name does not change.
    sizes_seen = set()
    for dtype, descr in variants:
        label = descr or repr(np.lib.format.dtype_to_descr(dtype))
        first_of_size = dtype.itemsize not in sizes_seen
        sizes_seen.add(dtype.itemsize)
        x = special_bytes(dtype, 3 * 4 * 5).reshape(3, 4, 5)
        # ONNX Split-18, num_outputs 3 on axis 1: 2, 2, 0.
        case = Case()
        path = case.input(x, descr)
        expect_outputs("dtype %s num_outputs" % label, case,
                       ["--input", path, "--axis", "1", "--num-outputs", "3", "--out-dir", case.out],
                       x, opset18_split(4, 3), 1, descr)
        # Joined again with the input behind them, on axis -2 (= 1): four inputs, the third empty,
        # into the split's own folder, whose outputs stay (a join removes no out_k.npy).
        parts = [os.path.join(case.out, "out_%d.npy" % k) for k in range(3)]
        if all(os.path.exists(p) for p in parts):
            expect_join("dtype %s join" % label, case.out, ["--axis", "-2", "--out-dir", case.out] + parts + [path],
                        [x[:, 0:2], x[:, 2:4], x[:, 4:4], x], -2, descr, keep=["out_0.npy", "out_1.npy", "out_2.npy"])
        case.close()
        if not first_of_size:
            continue
        # --split on the last axis.
        case = Case()
        path = case.input(x, descr)
        expect_outputs("dtype %s split" % label, case,
                       ["--input", path, "--axis", "-1", "--split", "1,3,1", "--out-dir", case.out],
                       x, [1, 3, 1], 2, descr)
        case.close()
        # OpenVINO VariadicSplit (no complex types there).
        if dtype.kind != "c":
            case = Case()
            path = case.input(x, descr)
            expect_outputs("dtype %s openvino" % label, case,
                           ["--input", path, "--axis", "0", "--openvino", "variadic", "--split-lengths", "-1,1",
                            "--out-dir", case.out], x, [2, 1], 0, descr)
            case.close()


# --- success cases --------------------------------------------------------------------------

def device_lengths():
    """--device-lengths: the split's lengths are capacities, the plan reads these on the GPU;
    out_k holds the first of each, one after another (a packed split of the given lengths)."""
    x = np.arange(4 * 12 * 6, dtype=np.float32).reshape(4, 12, 6)
    for split, lengths in [("5,3,4", [2, 3, 1]), ("5,3,4", [5, 0, 4]), ("6,6", [0, 0])]:
        case = Case()
        path = case.input(x)
        expect_outputs("--device-lengths %s of %s" % (lengths, split), case,
                       ["--input", path, "--axis", "1", "--split", split, "--device-lengths",
                        ",".join(map(str, lengths)), "--out-dir", case.out], x, lengths, 1)
        case.close()
    h = np.arange(10 * 8, dtype=np.float16).reshape(10, 8)  # along axis 0: rows of 16 bytes
    case = Case()
    path = case.input(h)
    expect_outputs("--device-lengths along axis 0", case,
                   ["--input", path, "--split", "4,6", "--device-lengths", "3,6", "--out-dir", case.out], h, [3, 6], 0)
    case.close()


# --- TensorScatter ----------------------------------------------------------------------------

def tensorscatter_reference(past, update, wi, axis, mode):
    """present_cache by the loop of ONNX's reference implementation (onnx/reference/ops/
    op_tensor_scatter.py), element row by row: for every index of the dimensions before the axis,
    its first (the batch row) choosing the write index, update's rows at write index + s, that
    position alone taken modulo max_sequence_length (Python's floor modulo) in circular mode, as
    the document's prose and ONNX Runtime read it (the reference implementation wraps the prefix
    too; tensorscatter_success shows where that differs)."""
    axis %= past.ndim
    present = past.copy()
    wi = np.zeros(past.shape[0], np.int64) if wi is None else wi
    max_seq, seq = past.shape[axis], update.shape[axis]
    for prefix in np.ndindex(past.shape[:axis]):
        for s in range(seq):
            at = int(wi[prefix[0]]) + s
            if mode == "circular":
                at %= max_seq
            present[prefix + (at,)] = update[prefix + (s,)]
    return present


def expect_scatter(name, case, args, past, update, wi, axis=-2, mode="linear", descr=None, want=None):
    """Runs `vksplit tensorscatter ARGS` and checks DIR/present_cache.npy against the reference
    (and `want`, where a document gives the output), byte for byte, in past_cache's descr; the
    output folder then holds present_cache.npy alone."""
    rc, out, err = run(["tensorscatter"] + args)
    check(rc == 0, "%s: exit %s, stderr %r" % (name, rc, err))
    if rc != 0:
        return
    path = os.path.join(case.out, "present_cache.npy")
    check(err == "" and out.split() == [path], "%s: stdout %r, stderr %r" % (name, out, err))
    check(os.listdir(case.out) == ["present_cache.npy"], "%s: files %s" % (name, os.listdir(case.out)))
    expected = np.ascontiguousarray(tensorscatter_reference(past, update, wi, axis, mode))
    if want is not None:
        check(expected.tobytes() == np.ascontiguousarray(want).tobytes(), "%s: the reference differs from ONNX's" % name)
    got_descr, got_shape, got_data = read_raw(path)
    check(got_shape == past.shape, "%s: shape %s, expected %s" % (name, got_shape, past.shape))
    check(got_data == expected.tobytes(), "%s: the bytes differ from the reference's" % name)
    want_descr = descr if descr is not None else repr(np.lib.format.dtype_to_descr(past.dtype))
    check(got_descr == want_descr, "%s: descr %s, expected %s" % (name, got_descr, want_descr))


def tensorscatter_success():
    f = np.float32
    # ONNX's backend cases (onnx/backend/test/case/node/tensorscatter.py) and their outputs.
    rows = [[1, 2, 3, 4, 5], [5, 6, 7, 8, 9], [8, 7, 6, 5, 4], [4, 3, 2, 1, 0]]
    past4 = np.array([[rows], [rows]], dtype=f)
    linear_want = past4.copy()
    linear_want[0, 0, 1] = 5
    linear_want[1, 0, 2] = 1
    circular_want = past4.copy()
    circular_want[0, 0, 1], circular_want[0, 0, 2] = 5, 6
    circular_want[1, 0, 3], circular_want[1, 0, 0] = 1, 2
    rows3 = [[1, 2, 3, 4, 5, 6], [5, 6, 7, 8, 9, 10], [8, 7, 6, 5, 4, 3], [5, 4, 3, 2, 1, 0]]
    past3 = np.array([rows3] * 3, dtype=f)
    update3 = np.array([[[4] * 6, [5] * 6], [[6] * 6, [7] * 6], [[2] * 6, [3] * 6]], dtype=f)
    want3 = past3.copy()
    want3[0, 1:3], want3[1, 2:4], want3[2, 0:2] = update3[0], update3[1], update3[2]
    backend = [
        ("test_tensorscatter", past4, np.array([[[[5] * 5]], [[[1] * 5]]], dtype=f), [1, 2], "linear", linear_want),
        ("test_tensorscatter_circular", past4, np.array([[[[5] * 5, [6] * 5]], [[[1] * 5, [2] * 5]]], dtype=f),
         [1, 3], "circular", circular_want),
        ("test_tensorscatter_3d", past3, update3, [1, 2, 0], None, want3),
    ]
    for name, past, update, wi, mode, want in backend:
        for gpu in ([], ["--indices-on-gpu"]):
            case = Case()
            paths = [case.input(past, name="past.npy"), case.input(update, name="update.npy"),
                     case.input(np.array(wi, dtype=np.int64), name="wi.npy")]
            modes = ["--mode", mode] if mode else []
            expect_scatter("tensorscatter %s%s" % (name, " on the GPU" if gpu else ""), case,
                           modes + gpu + ["--out-dir", case.out] + paths, past, update, np.array(wi),
                           mode=mode or "linear", want=want)
            case.close()

    rng = np.random.default_rng(24)
    kv = rng.standard_normal((2, 3, 8, 4)).astype(np.float16)
    runs = [
        # name, past, update, write_indices (None: absent), extra args, axis, mode
        ("prefill, write_indices absent", kv, kv[:, :, :6], None, [], -2, "linear"),
        ("decode at its own positions", kv, kv[:, :, :1] * 2, [5, 7], [], -2, "linear"),
        ("decode on the GPU", kv, kv[:, :, :1] * 3, [0, 7], ["--indices-on-gpu"], -2, "linear"),
        ("--opset 24, --axis=-2", kv, kv[:, :, :2], [6, 0], ["--opset", "24", "--axis=-2"], -2, "linear"),
        ("circular, wrapping and negative", np.arange(60, dtype=np.int32).reshape(2, 2, 5, 3),
         -np.arange(48, dtype=np.int32).reshape(2, 2, 4, 3), [3, -2], ["--mode", "circular"], -2, "circular"),
        ("circular on the GPU, --mode=circular", np.arange(60, dtype=np.int32).reshape(2, 2, 5, 3),
         -np.arange(48, dtype=np.int32).reshape(2, 2, 4, 3), [-7, 12], ["--mode=circular", "--indices-on-gpu"], -2,
         "circular"),
        ("axis 1 of [B, S, H, D], bool", special_bytes(np.dtype("|b1"), 3 * 6 * 2 * 2).reshape(3, 6, 2, 2),
         special_bytes(np.dtype("|b1"), 3 * 2 * 2 * 2).reshape(3, 2, 2, 2), [0, 4, 2], ["--axis", "1"], 1, "linear"),
        ("axis -1: rows of one uint8", np.arange(42, dtype=np.uint8).reshape(2, 3, 7),
         np.full((2, 3, 3), 200, dtype=np.uint8), [4, 0], ["--axis", "-1"], -1, "linear"),
        ("complex128, circular", special_bytes(np.dtype("<c16"), 2 * 4 * 2).reshape(2, 4, 2),
         special_bytes(np.dtype("<c16"), 2 * 3 * 2)[::-1].copy().reshape(2, 3, 2), [3, 1], ["--mode", "circular"],
         -2, "circular"),
        ("a batch of 5 past max_sequence_length 2, circular", np.arange(40, dtype=f).reshape(5, 2, 4),
         np.arange(100, 140, dtype=f).reshape(5, 2, 4), [1, 0, 1, 0, 3], ["--mode", "circular"], -2, "circular"),
        ("sequence_length 0", kv, kv[:, :, :0], [8, 2], [], -2, "linear"),
        ("--", kv, kv[:, :, :1], [1, 1], ["--"], -2, "linear"),
    ]
    for name, past, update, wi, extra, axis, mode in runs:
        case = Case()
        paths = [case.input(past, name="past.npy"), case.input(update, name="update.npy")]
        if wi is not None:
            paths.append(case.input(np.array(wi, dtype=np.int64), name="wi.npy"))
        head = [a for a in extra if a != "--"]
        tail = ["--"] if "--" in extra else []
        expect_scatter("tensorscatter " + name, case, head + ["--out-dir", case.out] + tail + paths, past, update,
                       None if wi is None else np.array(wi), axis, mode)
        case.close()
    # bfloat16 as numpy writes it without ml_dtypes: a 2-byte void.
    bits = special_bytes(np.dtype("V2"), 2 * 4 * 3).view(np.uint16).reshape(2, 4, 3)
    new = np.arange(2 * 1 * 3, dtype=np.uint16).reshape(2, 1, 3)
    case = Case()
    paths = [case.input(bits.view("V2"), "'<V2'", name="past.npy"), case.input(new.view("V2"), "'<V2'", name="update.npy"),
             case.input(np.array([3, 0], dtype=np.int64), name="wi.npy")]
    rc, out, err = run(["tensorscatter", "--out-dir", case.out] + paths)
    want = tensorscatter_reference(bits, new, np.array([3, 0]), -2, "linear")
    got = read_raw(os.path.join(case.out, "present_cache.npy")) if rc == 0 else (None, None, None)
    check(rc == 0 and got[0] == "'<V2'" and got[2] == want.tobytes(), "tensorscatter bfloat16: %s %r" % (rc, err))
    # The pseudocode of ONNX's document (and its reference implementation) takes the batch row
    # modulo max_sequence_length too; the run above keeps every batch row's own rows, as the
    # document's prose and ONNX Runtime do (docs/frontends-and-cli.md): the two differ here.
    past, update, wi = np.arange(40, dtype=f).reshape(5, 2, 4), np.arange(100, 140, dtype=f).reshape(5, 2, 4), [1, 0, 1, 0, 3]
    pseudocode = past.copy()
    for b in range(5):
        for s in range(2):
            pseudocode[b % 2, (wi[b] + s) % 2] = update[b, s]
    check(not np.array_equal(pseudocode, tensorscatter_reference(past, update, np.array(wi), -2, "circular")),
          "tensorscatter: the divergence case no longer diverges")
    case.close()
    # Its own name in DIR: a split's out_0.npy and a join's out.npy stay; a dead run's temporary
    # of present_cache.npy (no lock file) goes, as the others' do; an earlier present_cache.npy
    # is replaced.
    case = Case()
    paths = [case.input(kv, name="past.npy"), case.input(kv[:, :, :1], name="update.npy")]
    for name in ["out_0.npy", "out.npy", ".present_cache.npy.0badf00d", "present_cache.npy"]:
        with open(os.path.join(case.out, name), "w") as f:
            f.write("old")
    rc, out, err = run(["tensorscatter", "--out-dir", case.out] + paths)
    check(rc == 0 and sorted(os.listdir(case.out)) == ["out.npy", "out_0.npy", "present_cache.npy"],
          "tensorscatter among other files: %s %r %s" % (rc, err, sorted(os.listdir(case.out))))
    got = read_raw(os.path.join(case.out, "present_cache.npy"))[2] if rc == 0 else None
    check(got == tensorscatter_reference(kv, kv[:, :, :1], None, -2, "linear").tobytes(),
          "tensorscatter among other files: present_cache.npy differs")
    case.close()


def group_success():
    device_lengths()
    tensorscatter_success()
    x = np.arange(1, 13, dtype=np.float32).reshape(1, 1, 6, 2)
    # The DirectML example through ONNX: axis 2 into 2, 1, 3; and axis 3 into halves.
    for opset in ["1", "2", "11", "13", "18"]:
        case = Case()
        path = case.input(x)
        expect_outputs("opset %s --split" % opset, case,
                       ["--input", path, "--axis", "2", "--split", "2,1,3", "--opset", opset, "--out-dir", case.out],
                       x, [2, 1, 3], 2)
        case.close()
        case = Case()
        path = case.input(x)
        expect_outputs("opset %s equal" % opset, case,
                       ["--input", path, "--axis", "3", "--num-outputs", "2", "--opset", opset, "--out-dir", case.out],
                       x, [1, 1], 3)
        case.close()
        if opset != "18":
            case = Case()
            path = case.input(x)
            expect_outputs("opset %s --split with matching --num-outputs" % opset, case,
                           ["--input", path, "--axis", "2", "--split", "2,4", "--num-outputs", "2", "--opset", opset,
                            "--out-dir", case.out], x, [2, 4], 2)
            case.close()

    y = np.arange(24, dtype=np.float64).reshape(2, 12)
    runs = [
        ("default axis, opset 13", ["--num-outputs", "2", "--opset", "13"], [1, 1], 0),
        ("negative axis, opset 11", ["--axis", "-1", "--num-outputs", "3", "--opset", "11"], [4, 4, 4], 1),
        ("negative axis, opset 18", ["--axis", "-1", "--split", "5,0,7"], [5, 0, 7], 1),
        ("opset 18 12/5: last chunk 0", ["--axis", "1", "--num-outputs", "5"], opset18_split(12, 5), 1),
        ("opset 18 12/7: last chunk 0", ["--axis", "1", "--num-outputs", "7"], opset18_split(12, 7), 1),
        ("one output", ["--axis", "1", "--num-outputs", "1"], [12], 1),
        ("--axis=1 form", ["--axis=1", "--split=6,6"], [6, 6], 1),
        ("openvino split", ["--axis", "1", "--openvino", "split", "--num-splits", "3"], [4, 4, 4], 1),
        ("openvino split, negative axis", ["--axis", "-2", "--openvino", "split", "--num-splits", "2"], [1, 1], 0),
        ("openvino variadic", ["--axis", "1", "--openvino", "variadic", "--split-lengths", "2,-1,3"], [2, 7, 3], 1),
        ("openvino variadic zeros", ["--axis", "1", "--openvino", "variadic", "--split-lengths", "0,12,-1"],
         [0, 12, 0], 1),
    ]
    for name, args, parts, axis in runs:
        case = Case()
        path = case.input(y)
        expect_outputs(name, case, ["--input", path, "--out-dir", case.out] + args, y, parts, axis)
        case.close()

    # ONNX's test_split_2d_uneven_split_opset18: [2, 8] on axis 1 into 3, 3, 2; and 11 into 4.
    for shape, n in [((2, 8), 3), ((3, 11), 4)]:
        u = np.arange(shape[0] * shape[1], dtype=np.float32).reshape(shape)
        case = Case()
        path = case.input(u)
        expect_outputs("opset 18 uneven %s / %d" % (shape, n), case,
                       ["--input", path, "--axis", "1", "--num-outputs", str(n), "--out-dir", case.out], u,
                       opset18_split(shape[1], n), 1)
        case.close()

    # Empty input split into three empty outputs (ONNX's zero-size example).
    case = Case()
    e = np.zeros((0,), dtype=np.float32)
    path = case.input(e)
    expect_outputs("zero-size splits", case, ["--input", path, "--split", "0,0,0", "--out-dir", case.out], e,
                   [0, 0, 0], 0)
    case.close()

    # Rank 8.
    case = Case()
    r8 = np.arange(2 * 3 * 2 * 2 * 2 * 2 * 2 * 3, dtype=np.uint8).reshape(2, 3, 2, 2, 2, 2, 2, 3)
    path = case.input(r8)
    expect_outputs("rank 8", case, ["--input", path, "--axis", "7", "--split", "1,2", "--out-dir", case.out], r8,
                   [1, 2], 7)
    case.close()

    # A missing output folder is created (its parent exists); stdout lists the files.
    case = Case()
    path = case.input(y)
    new_dir = os.path.join(case.tmp, "fresh")
    rc, out, err = run(["--input", path, "--axis", "1", "--num-outputs", "2", "--out-dir", new_dir])
    check(rc == 0 and sorted(os.listdir(new_dir)) == ["out_0.npy", "out_1.npy"], "fresh out dir: %d %r" % (rc, err))
    check(out.split() == [os.path.join(new_dir, "out_%d.npy" % i) for i in range(2)], "stdout lists the files: %r" % out)
    case.close()

    # Joins (ONNX Concat, as numpy.concatenate): one input; axis 0 with an empty input; 600
    # inputs (past the push constants and the 512 addresses one argument update writes), some
    # empty; rank 8 on a negative axis; Concat-1's default axis 1; Concat-4 of empty inputs.
    case = Case()
    one = case.input(y, name="--one.npy")
    fresh = os.path.join(case.tmp, "fresh_join")  # created; `--` ends the options
    expect_join("join: one input, after --", fresh, ["--axis=1", "--out-dir", fresh, "--", one], [y], 1)
    a, b, c = y, np.arange(36, 48, dtype=np.float64).reshape(1, 12), np.zeros((0, 12), dtype=np.float64)
    paths = [case.input(t, name="j%d.npy" % k) for k, t in enumerate((a, b, c))]
    expect_join("join: axis 0, an empty input", case.out, ["--axis", "0", "--out-dir", case.out, paths[0], paths[2],
                                                            paths[1], paths[0]], [a, c, b, a], 0)
    many = [np.full((2, k % 4), k % 251, dtype=np.uint8) + np.arange(k % 4, dtype=np.uint8) for k in range(600)]
    paths = [case.input(t, name="m%03d.npy" % k) for k, t in enumerate(many)]
    expect_join("join: 600 inputs", case.out, ["--axis", "-1", "--out-dir", case.out] + paths, many, -1)
    r8 = np.arange(2 * 3 * 2 * 2 * 2 * 2 * 2 * 3, dtype=np.int16).reshape(2, 3, 2, 2, 2, 2, 2, 3)
    paths = [case.input(r8[:, :, :, :, :, lo:hi], name="r%d.npy" % lo) for lo, hi in ((0, 1), (1, 2))]
    expect_join("join: rank 8, axis -3", case.out, ["--axis", "-3", "--out-dir", case.out] + paths,
                [r8[:, :, :, :, :, 0:1], r8[:, :, :, :, :, 1:2]], -3)
    h = np.arange(12, dtype=np.float16).reshape(2, 3, 2)
    paths = [case.input(h, name="h.npy"), case.input(h[:, :1] * 2, name="h1.npy")]
    expect_join("join: Concat-1, its default axis 1", case.out, ["--opset", "1", "--out-dir", case.out] + paths,
                [h, h[:, :1] * 2], 1)
    e3, e2 = np.zeros((0, 3), dtype=np.int32), np.zeros((0, 2), dtype=np.int32)  # an empty output: its header
    expect_join("join: Concat-4, axis 1, every input empty", case.out,
                ["--opset", "4", "--axis", "1", "--out-dir", case.out, case.input(e3, name="e3.npy"),
                 case.input(e2, name="e2.npy")], [e3, e2], 1)
    case.close()

    # Negative axes before Split-11 and Concat-11, as ONNX's shape inference and ONNX Runtime take
    # them: the PyTorch-exported Split-2 with axis -1 of ONNX's backend tests (the issue's own
    # command), ONNX Runtime's SplitOperatorTest NegativeAxis, Uint8NegativeAxis and ZeroSizeInput
    # (run at opset 7, so Split-2), the first at Split-1 too; its ConcatOpTest
    # Concat1D_int32_negative_axis, Concat3D_1_negative_axis and Concat4D_1_negative_axis (Concat-4),
    # the float ones at Concat-1 too. Each against the outputs those suites write out.
    case = Case()
    exported = np.arange(1, 9, dtype=np.float32).reshape(2, 4)
    for opset in ["2", "1"]:
        expect_outputs("Split-%s axis -1 (NegativeAxis)" % opset, case,
                       ["--input", case.input(exported), "--axis", "-1", "--num-outputs", "2", "--opset", opset,
                        "--out-dir", case.out], exported, [2, 2], -1)
        outs = [os.path.join(case.out, "out_%d.npy" % i) for i in range(2)]
        got = [np.load(f).tolist() if os.path.exists(f) else None for f in outs]
        check(got == [[[1, 2], [5, 6]], [[3, 4], [7, 8]]], "Split-%s axis -1: not ONNX Runtime's outputs: %r" % (opset, got))
        case.close()
        case = Case()
    u8 = np.arange(1, 9, dtype=np.uint8).reshape(2, 4)
    expect_outputs("Split-2 uint8 axis -1 (Uint8NegativeAxis)", case,
                   ["--input", case.input(u8), "--axis", "-1", "--num-outputs", "2", "--opset", "2", "--out-dir",
                    case.out], u8, [2, 2], -1)
    case.close()
    case = Case()
    empty = np.zeros((0, 2), dtype=np.float32)
    expect_outputs("Split-2 axis -1 of a [0, 2] input (ZeroSizeInput)", case,
                   ["--input", case.input(empty), "--axis", "-1", "--num-outputs", "2", "--opset", "2", "--out-dir",
                    case.out], empty, [1, 1], -1)
    case.close()
    case = Case()
    ints = [np.array([1], dtype=np.int32), np.array([2, 3], dtype=np.int32), np.array([4, 5, 6, 7], dtype=np.int32)]
    paths = [case.input(t, name="i%d.npy" % k) for k, t in enumerate(ints)]
    expect_join("join: Concat-4 int32 axis -1 (Concat1D_int32_negative_axis)", case.out,
                ["--opset", "4", "--axis", "-1", "--out-dir", case.out] + paths, ints, -1)
    joined = os.path.join(case.out, "out.npy")
    got = np.load(joined).tolist() if os.path.exists(joined) else None
    check(got == [1, 2, 3, 4, 5, 6, 7], "Concat1D_int32_negative_axis: not ONNX Runtime's output: %r" % got)
    nine = [np.array([[100 * i + 10 * r + c for c in (1, 2, 3)] for r in (1, 2, 3)], dtype=np.float32)
            for i in (1, 2, 3)]
    for rank in (3, 4):
        blocks = [b.reshape((1,) * (rank - 2) + (3, 3)) for b in nine]
        paths = [case.input(b, name="b%d_%d.npy" % (rank, k)) for k, b in enumerate(blocks)]
        for opset in ["4", "1"]:
            expect_join("join: Concat-%s axis -3 of rank %d (Concat%dD_1_negative_axis)" % (opset, rank, rank), case.out,
                        ["--opset", opset, "--axis", "-3", "--out-dir", case.out] + paths, blocks, -3)
    case.close()

    # A version 2.0 header is read too.
    case = Case()
    big = np.zeros((3,) + (1,) * 7, dtype=np.float32)
    path = os.path.join(case.tmp, "v2.npy")
    with open(path, "wb") as f:
        np.lib.format.write_array(f, big, version=(2, 0))
    expect_outputs("version 2.0 input", case, ["--input", path, "--split", "1,2", "--out-dir", case.out], big, [1, 2], 0)
    case.close()


# --- errors ---------------------------------------------------------------------------------

# A library rule's failure ends its line with "(VKSPLIT_ERROR_..., VKSPLIT_RULE_...)", the ids of
# include/vksplit/rules.h: those cases are told apart by rule id, as the library's own tests do;
# the CLI's own refusals (options, files) have no rule and are told apart by a phrase.
RULE_AT_END = re.compile(r"\((VKSPLIT_ERROR_\w+), (VKSPLIT_RULE_\w+)\)$")


def rule_of(err):
    m = RULE_AT_END.search(err.strip())
    return m.group(2) if m else None


def expect_error(case, name, args, phrase, code=2, env_extra=None, rule=None):
    """phrase: a VKSPLIT_RULE_* id the line must end with, or a phrase it must hold (a tuple:
    phrases it must hold)."""
    rc, out, err = run(args, env_extra)
    lines = err.splitlines()
    check(rc == code, "%s: exit %d, expected %d (stderr %r)" % (name, rc, code, err))
    check(len(lines) == 1 and err.endswith("\n"), "%s: stderr is not one line: %r" % (name, err))
    if isinstance(phrase, str) and phrase.startswith("VKSPLIT_RULE_"):
        rule, phrase = phrase, None
    if rule:
        check(rule_of(err) == rule, "%s: stderr %r does not end with the rule %s" % (name, err, rule))
    for p in (phrase if isinstance(phrase, tuple) else (phrase,) if phrase else ()):
        check(p in err, "%s: stderr %r lacks %r" % (name, err, p))
    check(os.listdir(case.out) == [], "%s: the output folder is not empty: %s" % (name, os.listdir(case.out)))
    check(out == "", "%s: stdout not empty: %r" % (name, out))


def group_errors():
    f4 = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    case = Case()
    good = case.input(f4, name="good.npy")
    o = ["--out-dir", case.out]
    usage = [
        ("no arguments", [], "--input IN.npy is required"),
        ("no --out-dir", ["--input", good], "--out-dir DIR is required"),
        ("unknown option", ["--input", good, "--bogus", "1"] + o, "unknown option '--bogus'"),
        ("stray argument", ["--input", good, "stray"] + o, "unexpected argument 'stray'"),
        ("axis not an integer", ["--input", good, "--axis", "1.5"] + o, "--axis: '1.5' is not an integer"),
        ("axis twice", ["--input", good, "--axis", "1", "--axis", "2"] + o, "--axis is given more than once"),
        ("missing value", ["--input", good] + o + ["--axis"], "--axis needs a value"),
        ("split entry", ["--input", good, "--split", "1,x"] + o, "entry 1 'x' is not an integer"),
        ("opset word", ["--input", good, "--opset", "latest"] + o, "--opset: 'latest'"),
        ("missing input", ["--input", os.path.join(case.tmp, "nope.npy")] + o, "cannot open"),
        ("input is a folder", ["--input", case.tmp] + o, "cannot read"),
        ("out dir is a file", ["--input", good, "--out-dir", good], "is not a directory"),
        ("out dir parent missing", ["--input", good, "--out-dir", os.path.join(case.tmp, "a", "b")], "does not exist"),
        ("long unknown option", ["--input", good, "--" + "x" * 40] + o, "unknown option"),
        ("too many entries", ["--input", good, "--split", "," * 65537] + o, "65538 entries, more than"),
        ("empty out dir", ["--input", good, "--num-outputs", "1", "--out-dir", ""], "--out-dir is empty"),
        ("empty out dir, = form", ["--input", good, "--num-outputs", "1", "--out-dir="], "--out-dir is empty"),
        ("out dir too long", ["--input", good, "--out-dir", os.path.join(case.tmp, "d" * 5000)], "is too long"),
    ]
    for name, args, phrase in usage:
        expect_error(case, name, args, phrase)
    # --device-lengths: the GPU's check refuses what breaks a rule, and nothing is written.
    dev = ["--input", good, "--axis", "1", "--split", "1,2", "--device-lengths"]
    for name, lengths, phrase in [
            ("device length past its capacity", "1,3", ("VKSPLIT_RULE_DEVICE_LENGTH", "lengths[1] = 3 is over its capacity 2")),
            ("device lengths count", "1", "--device-lengths has 1 values for 2 outputs"),
            ("device length negative", "1,-1", "--device-lengths[1] = -1 is out of"),
            ("device lengths of a 3-byte step", None, "VKSPLIT_RULE_PLAN_DEVICE_STEP")]:
        if lengths is None:
            odd = case.input(np.arange(12, dtype=np.uint8).reshape(2, 2, 3), name="odd.npy")
            args = ["--input", odd, "--axis", "1", "--split", "1,1", "--device-lengths", "1,1"] + o
            expect_error(case, name, args, phrase, code=1)
            continue
        rule = phrase[0] if isinstance(phrase, tuple) else None
        expect_error(case, name, dev + [lengths] + o, phrase[1] if rule else phrase, rule=rule)
    expect_error(case, "device lengths with join", ["join", "--axis", "0", "--device-lengths", "1"] + o + [good],
                 "--device-lengths is a split option")
    # OpenVINO's two operators on --axis AXIS with their one option.
    def ov_split(axis, num_splits):
        return ["--axis", axis, "--openvino", "split", "--num-splits", num_splits]

    def ov_variadic(axis, lengths):
        return ["--axis", axis, "--openvino", "variadic", "--split-lengths", lengths]

    # The front-ends' rules on good.npy: each row's options between --input and --out-dir.
    rules = [
        # ONNX
        ("opset 12", ["--opset", "12", "--num-outputs", "2"], "VKSPLIT_RULE_ONNX_OPSET_IMPORT"),
        ("axis 3 of rank 3", ["--axis", "3", "--num-outputs", "1"], "VKSPLIT_RULE_ONNX_AXIS"),
        ("axis -4 of rank 3", ["--axis", "-4", "--num-outputs", "1"], "VKSPLIT_RULE_ONNX_AXIS"),
        ("axis -4 of rank 3 at opset 2", ["--axis", "-4", "--opset", "2", "--num-outputs", "1"],
         "VKSPLIT_RULE_ONNX_AXIS"),
        ("axis -4 of rank 3 at opset 1", ["--axis", "-4", "--opset", "1", "--num-outputs", "1"],
         "VKSPLIT_RULE_ONNX_AXIS"),
        ("split sum", ["--axis", "2", "--split", "1,2"], "VKSPLIT_RULE_ONNX_SPLIT_SUM"),
        ("negative split", ["--axis", "2", "--split", "5,-1"], "VKSPLIT_RULE_ONNX_SPLIT_NEGATIVE"),
        ("empty split", ["--axis", "2", "--split", ""], "VKSPLIT_RULE_ONNX_SPLIT_EMPTY"),
        ("not divisible", ["--axis", "1", "--num-outputs", "2", "--opset", "13"], "VKSPLIT_RULE_ONNX_NOT_DIVISIBLE"),
        ("count vs split", ["--axis", "2", "--split", "2,2", "--num-outputs", "3", "--opset", "11"],
         "VKSPLIT_RULE_ONNX_SPLIT_OUTPUT_MISMATCH"),
        ("equal without count", ["--axis", "2", "--opset", "13"], "give --num-outputs"),
        ("num-outputs 0 before 18", ["--num-outputs", "0", "--opset", "2"], "--num-outputs 0"),
        ("both at 18", ["--axis", "2", "--split", "2,2", "--num-outputs", "2"],
         "VKSPLIT_RULE_ONNX_SPLIT_AND_NUM_OUTPUTS"),
        ("neither at 18", ["--axis", "2"], "VKSPLIT_RULE_ONNX_NO_SPLIT_NOR_NUM_OUTPUTS"),
        ("num_outputs 0 at 18", ["--num-outputs", "0"], "VKSPLIT_RULE_ONNX_NUM_OUTPUTS_BELOW_ONE"),
        ("too many outputs", ["--num-outputs", "70000"], "VKSPLIT_RULE_ONNX_NUM_OUTPUTS_LIMIT"),
        # OpenVINO
        ("openvino bogus", ["--axis", "1", "--openvino", "slice"], "expected 'split' or 'variadic'"),
        ("openvino without axis", ["--openvino", "split", "--num-splits", "3"], "needs --axis"),
        ("openvino without num-splits", ["--axis", "1", "--openvino", "split"], "--num-splits N"),
        ("openvino with --split", ov_split("1", "3") + ["--split", "1,2"], "--split is an ONNX option"),
        ("openvino with --opset", ov_variadic("1", "3") + ["--opset", "13"], "--opset is an ONNX option"),
        ("num-splits with variadic", ov_variadic("1", "3") + ["--num-splits", "3"],
         "--num-splits goes with --openvino split"),
        ("split-lengths without openvino", ["--split-lengths", "3"], "belongs to --openvino"),
        ("num_splits not dividing", ov_split("2", "3"), "VKSPLIT_RULE_OV_NOT_DIVISIBLE"),
        ("num_splits 0", ov_split("2", "0"), "VKSPLIT_RULE_OV_NUM_SPLITS_ZERO"),
        ("num_splits > dim", ov_split("1", "6"), "VKSPLIT_RULE_OV_NUM_SPLITS_RANGE"),
        ("num_splits negative", ov_split("1", "-3"), "negative"),
        ("two -1", ov_variadic("2", "-1,2,-1"), "VKSPLIT_RULE_OV_SPLIT_LENGTH_TWO_INFERRED"),
        ("-2 length", ov_variadic("2", "-2,6"), "VKSPLIT_RULE_OV_SPLIT_LENGTH_NEGATIVE"),
        ("lengths sum", ov_variadic("2", "1,2"), "VKSPLIT_RULE_OV_SPLIT_LENGTHS_SUM"),
        ("openvino axis", ov_split("3", "1"), "VKSPLIT_RULE_OV_AXIS_RANGE"),
        ("split-lengths with split", ov_split("1", "3") + ["--split-lengths", "3"],
         "--split-lengths goes with --openvino variadic"),
        ("variadic without lengths", ["--axis", "1", "--openvino", "variadic"],
         "--openvino variadic needs --split-lengths"),
    ]
    for name, args, phrase in rules:
        expect_error(case, name, ["--input", good] + args + o, phrase)
    check(not os.path.exists(os.path.join(case.tmp, "a")), "out dir parent missing: something was created")

    # The negative last chunk names dim, n and the chunk: dim 5, n 4 -> chunk 2 leaves -1.
    five = case.input(np.zeros((5,), dtype=np.float32), name="five.npy")
    expect_error(case, "dim 5 n 4", ["--input", five, "--num-outputs", "4"] + o,
                 "'num_outputs' 4 cannot split dimension 5 (axis 0): chunk ceil(5/4) = 2 for the first 3 outputs "
                 "leaves 5 - 6 = -1 for the last", rule="VKSPLIT_RULE_ONNX_NUM_OUTPUTS_TOO_MANY")

    # Files vksplit must refuse.
    bad = [
        ("big-endian", np.arange(4, dtype=">f4"), None, "big-endian"),
        ("object", np.array([1, "a"], dtype=object), None, "object array"),
        ("datetime", np.array(["2020-01-01"], dtype="datetime64[ns]"), None, "datetime"),
        ("unicode", np.array(["ab", "c"]), None, "variable-length"),
        ("bytes", np.array([b"ab", b"c"]), None, "variable-length"),
        ("float128", np.zeros(2, dtype=np.longdouble), None, "is not supported"),
        ("void 4", np.zeros(2, dtype="V4"), None, "is not supported"),
        ("two fields", np.zeros(2, dtype=[("a", "<f4"), ("b", "<f4")]), None, "more than one field"),
        ("rank 0", np.float32(1.5).reshape(()), None, "VKSPLIT_RULE_ONNX_SCALAR"),
        ("rank 9", np.zeros((1,) * 8 + (2,), dtype=np.float32), None, "VKSPLIT_RULE_ONNX_RANK_LIMIT"),
    ]
    for name, array, descr, phrase in bad:
        path = case.input(array, descr, name="bad.npy")
        expect_error(case, "file: " + name, ["--input", path, "--num-outputs", "1"] + o, phrase)
    fortran = os.path.join(case.tmp, "fortran.npy")
    np.save(fortran, np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3)))
    expect_error(case, "file: fortran order", ["--input", fortran, "--num-outputs", "1"] + o, "fortran_order is True")
    truncated = os.path.join(case.tmp, "truncated.npy")
    np.save(truncated, f4)
    with open(truncated, "r+b") as f:
        f.truncate(os.path.getsize(truncated) - 4)
    expect_error(case, "file: truncated", ["--input", truncated, "--num-outputs", "1"] + o, "truncated")
    text = os.path.join(case.tmp, "text.npy")
    with open(text, "w") as f:
        f.write("not numpy\n")
    expect_error(case, "file: not npy", ["--input", text, "--num-outputs", "1"] + o, "not a .npy file")

    # The shape as numpy reads it (a Python literal): in every version, the CLI takes exactly
    # the headers np.load takes, and refuses the others as an invalid request, with a message.
    not_tuple, leading_zero, shape_key = "an integer in parentheses, not a tuple", "leading zero", "'shape'"
    literals = [("(0)", not_tuple), ("(3)", not_tuple), ("( 3 )", not_tuple), ("(0L)", shape_key),
                ("(03, 2)", leading_zero), ("(2, 007)", leading_zero), ("(03L,)", leading_zero), ("(00, 2)", None),
                ("(0, 000)", None), ("(3,)", None), ("(3 ,)", None), ("(3, 2)", None), ("(10, 2)", None),
                ("(3L, 2L)", "not a tuple of integers")]  # phrase: where numpy refuses it
    literal = os.path.join(case.tmp, "literal.npy")
    for major in (1, 2, 3):
        for shape, phrase in literals:
            text = ("{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % shape).encode("latin1")
            prefix = 10 if major == 1 else 12
            header = text + b" " * ((-(prefix + len(text) + 1)) % 64) + b"\n"
            blob = b"\x93NUMPY" + bytes([major, 0]) + len(header).to_bytes(prefix - 8, "little") + header
            try:
                data = np.load(io.BytesIO(blob + bytes(4096))).tobytes()
                numpy_takes = True
            except ValueError:
                data, numpy_takes = b"", False
            with open(literal, "wb") as f:
                f.write(blob + data)
            name = "shape %s, version %d.0 (numpy %s)" % (shape, major, "takes it" if numpy_takes else "refuses it")
            if numpy_takes:
                rc, out, err = run(["--input", literal, "--num-outputs", "1"] + o)
                check(rc == 0 and err == "", "%s: exit %s, %r" % (name, rc, err))
                for leftover in os.listdir(case.out):
                    os.unlink(os.path.join(case.out, leftover))
            else:
                check(phrase is not None, "%s: numpy refuses what numpy 1.24 took" % name)
                expect_error(case, name, ["--input", literal, "--num-outputs", "1"] + o, phrase)

    # Each opset's type list.
    i4 = case.input(np.arange(4, dtype=np.int32), name="i4.npy")
    expect_error(case, "int32 at opset 1", ["--input", i4, "--opset", "1", "--num-outputs", "2"] + o,
                 "VKSPLIT_RULE_ONNX_DATA_TYPE_VERSION")
    bf = case.input(np.zeros(4, dtype="V2"), "'<V2'", name="bf.npy")
    expect_error(case, "bfloat16 at opset 11", ["--input", bf, "--opset", "11", "--num-outputs", "2"] + o,
                 "VKSPLIT_RULE_ONNX_DATA_TYPE_VERSION")
    c8 = case.input(np.zeros(4, dtype=np.complex64), name="c8.npy")
    expect_error(case, "complex with openvino",
                 ["--input", c8, "--axis", "0", "--openvino", "split", "--num-splits", "2"] + o, "no OpenVINO element type")

    # The join's refusals, all before the device starts: its options; ONNX Concat's rules, the
    # line naming first the input that breaks one (the first in the node's own order: a later
    # input's dtype before an earlier one's shape, which is checked last); hostile inputs.
    j = ["join", "--out-dir", case.out]
    f8 = case.input(np.zeros((2, 3, 4)), name="f8.npy")
    r2 = case.input(np.zeros((2, 3), dtype=np.float32), name="r2.npy")
    wide = case.input(np.zeros((2, 5, 4), dtype=np.float32), name="wide.npy")
    scalar = case.input(np.float32(1.5).reshape(()), name="scalar.npy")
    r9 = case.input(np.zeros((1,) * 8 + (2,), dtype=np.float32), name="r9.npy")
    ji4 = case.input(np.zeros((2, 2), dtype=np.int32), name="ji4.npy")
    jbf = case.input(np.zeros((2, 2), dtype="V2"), "'<V2'", name="jbf.npy")
    v4 = case.input(np.zeros(2, dtype="V4"), name="v4.npy")
    for name, args, phrase in [
            ("join: --input", ["join", "--input", good, "--axis", "0"] + o, "--input is the split's"),
            ("join: --split", j + ["--axis", "0", "--split", "1,1", good], "--split is a split option"),
            ("join: --openvino", j + ["--axis", "0", "--openvino", "split", good], "--openvino is a split option"),
            ("join: no --out-dir", ["join", "--axis", "0", good], "--out-dir DIR is required"),
            ("join: not first", ["--axis", "0", "join", good] + o, "'join' comes first"),
            ("join: no inputs", j + ["--axis", "0"], "VKSPLIT_RULE_ONNX_CONCAT_NO_INPUTS"),
            ("join: 65537 inputs", j + ["--axis", "0"] + ["x"] * 65537, "VKSPLIT_RULE_ONNX_CONCAT_INPUT_LIMIT"),
            ("join: no --axis", j + [good, good], "VKSPLIT_RULE_ONNX_CONCAT_AXIS_REQUIRED"),
            ("join: opset 12", j + ["--axis", "0", "--opset", "12", good], "VKSPLIT_RULE_ONNX_CONCAT_OPSET_IMPORT"),
            ("join: opset 0", j + ["--axis", "0", "--opset", "0", good], "VKSPLIT_RULE_ONNX_CONCAT_OPSET"),
            ("join: axis 3 of rank 3", j + ["--axis", "3", good, good], "VKSPLIT_RULE_ONNX_CONCAT_AXIS"),
            ("join: axis -4 of rank 3", j + ["--axis", "-4", good], "VKSPLIT_RULE_ONNX_CONCAT_AXIS"),
            ("join: axis -4 of rank 3 at opset 4", j + ["--axis", "-4", "--opset", "4", good],
             "VKSPLIT_RULE_ONNX_CONCAT_AXIS"),
            ("join: axis -4 of rank 3 at opset 1", j + ["--axis", "-4", "--opset", "1", good],
             "VKSPLIT_RULE_ONNX_CONCAT_AXIS")]:
        expect_error(case, name, args, phrase)
    for name, args, culprit, rule in [
            ("join: a dtype differs", ["--axis", "0", good, good, f8], f8, "VKSPLIT_RULE_ONNX_CONCAT_TYPE_MISMATCH"),
            ("join: a rank differs", ["--axis", "0", good, r2], r2, "VKSPLIT_RULE_ONNX_CONCAT_RANK_MISMATCH"),
            ("join: a shape differs off the axis", ["--axis", "0", good, wide], wide,
             "VKSPLIT_RULE_ONNX_CONCAT_SHAPE_MISMATCH"),
            ("join: a later dtype, an earlier shape", ["--axis", "0", good, wide, f8], f8,
             "VKSPLIT_RULE_ONNX_CONCAT_TYPE_MISMATCH"),
            ("join: a scalar", ["--axis", "0", good, scalar], scalar, "VKSPLIT_RULE_ONNX_CONCAT_SCALAR"),
            ("join: rank 9", ["--axis", "0", r9, r9], r9, "VKSPLIT_RULE_ONNX_CONCAT_RANK_LIMIT"),
            ("join: int32 at Concat-1", ["--opset", "1", ji4], ji4, "VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE_VERSION"),
            ("join: bfloat16 at Concat-11", ["--axis", "0", "--opset", "11", jbf, jbf], jbf,
             "VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE_VERSION")]:
        expect_error(case, name, j + args, "vksplit: %s: " % culprit, rule=rule)
    expect_error(case, "join: bfloat16 beside int32 at Concat-13", j + ["--axis", "0", ji4, jbf],
                 "vksplit: %s: " % jbf, rule="VKSPLIT_RULE_ONNX_CONCAT_TYPE_MISMATCH")
    # Axis dimensions that sum past 2^63 - 1: empty files, the node's rule (no file named).
    huge = os.path.join(case.tmp, "huge.npy")
    text = b"{'descr': '|u1', 'fortran_order': False, 'shape': (0, 4611686018427387904), }"
    with open(huge, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + (128 - 10).to_bytes(2, "little") + text.ljust(128 - 10 - 1) + b"\n")
    expect_error(case, "join: axis 1 sums past 2^63 - 1", j + ["--axis", "1", huge, huge, huge],
                 "VKSPLIT_RULE_ONNX_CONCAT_AXIS_SUM_OVERFLOW")
    # Hostile inputs: each refused with a line that names it, whatever its place.
    short = os.path.join(case.tmp, "short.npy")
    np.save(short, f4)
    with open(short, "r+b") as f:
        f.truncate(os.path.getsize(short) - 4)
    notnpy = os.path.join(case.tmp, "not.npy")
    with open(notnpy, "w") as f:
        f.write("not numpy\n")
    big_endian = case.input(np.arange(4, dtype=">f4"), name="be.npy")
    missing = os.path.join(case.tmp, "missing.npy")
    for name, inputs, culprit, phrase in [
            ("join: a truncated input", [good, good, short], short, "truncated"),
            ("join: not a .npy", [good, notnpy, good], notnpy, "not a .npy file"),
            ("join: big-endian", [big_endian, good], big_endian, "big-endian"),
            ("join: a 4-byte void", [good, v4], v4, "is not supported"),
            ("join: a missing input", [good, missing], "'%s'" % missing, "cannot open"),
            ("join: a folder", [good, case.tmp], case.tmp, "it is a directory")]:
        expect_error(case, name, j + ["--axis", "0"] + inputs, (phrase, culprit))
    rc, out, err = run(j + ["--axis", "0", good, good], {"VKSPLIT_DEVICE": "999"})
    check(rc == 1 and len(err.splitlines()) == 1 and "cannot start the Vulkan device" in err and
          os.listdir(case.out) == [], "join, no device: exit %d, stderr %r" % (rc, err))

    # Not an invalid request: no device. Exit 1, one line, nothing written.
    rc, out, err = run(["--input", good, "--num-outputs", "1"] + o, {"VKSPLIT_DEVICE": "999"})
    check(rc == 1 and len(err.splitlines()) == 1 and os.listdir(case.out) == [],
          "no device: exit %d, stderr %r, files %s" % (rc, err, os.listdir(case.out)))
    check("cannot start the Vulkan device" in err, "no device: %r" % err)

    # out_1.npy is a folder: exit 1 before anything is written (no out_0.npy), the folder stays.
    os.mkdir(os.path.join(case.out, "out_1.npy"))
    rc, out, err = run(["--input", good, "--num-outputs", "2", "--axis", "0"] + o)
    check(rc == 1 and len(err.splitlines()) == 1 and "out_1.npy" in err, "failed write: exit %d, %r" % (rc, err))
    check(os.listdir(case.out) == ["out_1.npy"], "failed write left %s" % os.listdir(case.out))
    case.close()
    tensorscatter_errors()


def tensorscatter_errors():
    """Hostile TensorScatter requests: exit 2, one line naming the rule (and the file at fault),
    nothing written; the GPU check's refusal likewise."""
    f4 = np.zeros((2, 1, 4, 5), dtype=np.float32)
    case = Case()
    past = case.input(f4, name="past.npy")
    update = case.input(np.ones((2, 1, 2, 5), dtype=np.float32), name="update.npy")
    wi = lambda v, dtype=np.int64, name="wi.npy": case.input(np.array(v, dtype=dtype), name=name)
    t = ["tensorscatter", "--out-dir", case.out]
    rule = "VKSPLIT_RULE_ONNX_TENSORSCATTER_"
    for name, args, phrase in [
            ("an index past the end (linear)", [past, update, wi([1, 3], name="w13.npy")],
             (rule + "WRITE_INDEX", "w13.npy: write_indices[1] is 3")),
            ("a negative index (linear)", [past, update, wi([-1, 0], name="wn.npy")],
             (rule + "WRITE_INDEX", "wn.npy: write_indices[0] is -1")),
            ("an index past the end, on the GPU", ["--indices-on-gpu", past, update, wi([1, 3], name="g13.npy")],
             ("VKSPLIT_RULE_ROWS_START", "the device's check refused write_indices", "list 1 starts at 3")),
            ("a negative index, on the GPU", ["--indices-on-gpu", past, update, wi([0, -5], name="gn.npy")],
             ("VKSPLIT_RULE_ROWS_START", "list 1 starts at -5")),
            ("int32 write_indices", [past, update, wi([1, 2], np.int32, "wi32.npy")],
             (rule + "WRITE_INDICES_TYPE", "wi32.npy: write_indices is tensor(int32)")),
            ("float write_indices", [past, update, wi([1, 2], np.float64, "wf.npy")], rule + "WRITE_INDICES_TYPE"),
            ("write_indices of 3 for a batch of 2", [past, update, wi([0, 0, 0], name="w3.npy")],
             (rule + "WRITE_INDICES_SHAPE", "w3.npy: write_indices has shape (3,)")),
            ("write_indices (2, 1)", [past, update, wi([[0], [0]], name="w21.npy")],
             (rule + "WRITE_INDICES_SHAPE", "shape (2, 1)")),
            ("write_indices a scalar", [past, update, wi(0, name="w0.npy")], (rule + "WRITE_INDICES_SHAPE", "()")),
            ("update's shape off the axis", [past, case.input(np.ones((2, 1, 2, 6), np.float32), name="u6.npy")],
             (rule + "SHAPE_MISMATCH", "u6.npy: update.shape[3] is 6 but past_cache.shape[3] is 5")),
            ("update's batch", [past, case.input(np.ones((3, 1, 2, 5), np.float32), name="ub.npy")],
             (rule + "SHAPE_MISMATCH", "ub.npy")),
            ("update longer than the cache", [past, case.input(np.ones((2, 1, 5, 5), np.float32), name="ul.npy")],
             (rule + "SEQUENCE_LENGTH", "ul.npy: update's sequence_length 5")),
            ("update's rank", [past, case.input(np.ones((2, 2, 5), np.float32), name="ur.npy")],
             (rule + "RANK_MISMATCH", "ur.npy")),
            ("update's dtype", [past, case.input(np.ones((2, 1, 2, 5), np.float64), name="ud.npy")],
             (rule + "TYPE_MISMATCH", "ud.npy: update is tensor(double) but past_cache is tensor(float)")),
            ("past_cache of rank 1", [case.input(np.zeros(4, np.float32), name="p1.npy"),
                                      case.input(np.zeros(1, np.float32), name="u1.npy")],
             (rule + "RANK", "p1.npy: past_cache has rank 1")),
            ("axis 0", ["--axis", "0", past, update], (rule + "AXIS_BATCH", "axis 0 is dimension 0")),
            ("axis -4 of rank 4", ["--axis", "-4", past, update], rule + "AXIS_BATCH"),
            ("axis 4 of rank 4", ["--axis", "4", past, update], (rule + "AXIS", "[-4, 3]")),
            ("mode wrap", ["--mode", "wrap", past, update], (rule + "MODE", "'mode' is 'wrap'")),
            ("opset 23", ["--opset", "23", past, update], (rule + "OPSET", "it came with opset 24")),
            ("opset 25", ["--opset", "25", past, update], (rule + "OPSET", "uses TensorScatter-24"))]:
        expect_error(case, "tensorscatter: " + name, t + args, phrase)
    for name, args, phrase in [
            ("one input", t + [past], "takes 2 or 3 inputs"),
            ("four inputs", t + [past, update, wi([0, 0]), past], ("takes 2 or 3 inputs", "not 4")),
            ("--indices-on-gpu without write_indices", t + ["--indices-on-gpu", past, update], "needs WRITE_INDICES.npy"),
            ("--indices-on-gpu twice", t + ["--indices-on-gpu", "--indices-on-gpu", past, update, wi([0, 0])],
             "given more than once"),
            ("--indices-on-gpu=1", t + ["--indices-on-gpu=1", past, update, wi([0, 0])], "takes no value"),
            ("a split option", t + ["--split", "1,1", past, update], "--split is a split option"),
            ("--input", t + ["--input", past, update], "--input is the split's"),
            ("--mode with a split", ["--input", past, "--mode", "circular", "--out-dir", case.out],
             "--mode is a tensorscatter option"),
            ("--indices-on-gpu with a join", ["join", "--axis", "0", "--indices-on-gpu", "--out-dir", case.out, past],
             "--indices-on-gpu is a tensorscatter option"),
            ("not first", ["--out-dir", case.out, "tensorscatter", past, update], "'tensorscatter' comes first"),
            ("no --out-dir", ["tensorscatter", past, update], "--out-dir DIR is required"),
            ("a missing input", t + [past, os.path.join(case.tmp, "nope.npy")], "cannot open"),
            ("a string dtype", t + [past, update, case.input(np.array(["a", "b"]), name="ws.npy")],
             ("ws.npy", "string type"))]:
        expect_error(case, "tensorscatter: " + name, args, phrase)
    # A folder at present_cache.npy: refused before anything is written (exit 1).
    os.mkdir(os.path.join(case.out, "present_cache.npy"))
    rc, out, err = run(t + [past, update])
    check(rc == 1 and len(err.splitlines()) == 1 and "present_cache.npy" in err and "is a directory" in err and
          os.listdir(case.out) == ["present_cache.npy"], "tensorscatter, a folder in the way: %s %r" % (rc, err))
    case.close()


# --- files in the output folder --------------------------------------------------------------

def snapshot(folder):
    """What a folder holds: name -> ('file', bytes) | ('link', target) | ('dir', None) | ('fifo', None)."""
    if not os.path.isdir(folder):
        return None
    out = {}
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        mode = os.lstat(path).st_mode
        if stat.S_ISLNK(mode):
            out[name] = ("link", os.readlink(path))
        elif stat.S_ISDIR(mode):
            out[name] = ("dir", None)
        elif stat.S_ISFIFO(mode):
            out[name] = ("fifo", None)
        else:
            with open(path, "rb") as f:
                out[name] = ("file", f.read())
    return out


def expect_failure(name, args, folder, before, phrase, code=1, **kwargs):
    """The CLI fails with one stderr line and leaves `folder` as `before` (None: absent)."""
    rc, out, err = run(args, **kwargs)
    check(rc == code, "%s: exit %s, expected %d (stderr %r)" % (name, rc, code, err))
    check(len(err.splitlines()) == 1 and err.endswith("\n"), "%s: stderr is not one line: %r" % (name, err))
    check(phrase in err, "%s: stderr %r lacks %r" % (name, err, phrase))
    check(out == "", "%s: stdout not empty: %r" % (name, out))
    after = snapshot(folder)
    check(after == before, "%s: the folder changed: %s -> %s" % (name, before, after))


def precious(case):
    """A file whose bytes no run may change: what links in the output folder point at."""
    target = os.path.join(case.tmp, "precious.bin")
    with open(target, "wb") as f:
        f.write(b"precious bytes")
    return target


def limit_file_size(limit):
    """A preexec_fn: files the CLI writes stop at `limit` bytes (EFBIG instead of SIGXFSZ)."""
    def apply():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def group_files():
    y = np.arange(2 * 3000, dtype=np.float32).reshape(2, 3000)
    halves = ["--axis", "1", "--num-outputs", "2"]

    # A symbolic link at out_0.npy is replaced, not followed: its target keeps its bytes; a
    # dangling one creates nothing where it points.
    case = Case()
    path = case.input(y)
    target = precious(case)
    os.symlink(target, os.path.join(case.out, "out_0.npy"))
    dangling = os.path.join(case.tmp, "created_through_link.npy")
    os.symlink(dangling, os.path.join(case.out, "out_1.npy"))
    expect_outputs("symlinks at out_k.npy", case, ["--input", path, "--out-dir", case.out] + halves, y, [1500, 1500], 1)
    with open(target, "rb") as f:
        check(f.read() == b"precious bytes", "symlink: its target was written")
    check(not os.path.lexists(dangling), "symlink: a file was created through a dangling link")
    for i in range(2):
        mode = os.lstat(os.path.join(case.out, "out_%d.npy" % i)).st_mode
        check(stat.S_ISREG(mode), "symlink: out_%d not a file" % i)
    case.close()

    # A FIFO at out_0.npy with no reader neither blocks the CLI nor stays.
    case = Case()
    path = case.input(y)
    os.mkfifo(os.path.join(case.out, "out_0.npy"))
    rc, out, err = run(["--input", path, "--out-dir", case.out] + halves, timeout=30)
    check(rc == 0, "FIFO at out_0.npy: exit %s, %r" % (rc, err))
    check(stat.S_ISREG(os.lstat(os.path.join(case.out, "out_0.npy")).st_mode), "FIFO at out_0.npy: not replaced")
    case.close()

    # A directory at out_k.npy is refused before anything is written, and before the device
    # starts (VKSPLIT_DEVICE=999 would fail that).
    case = Case()
    path = case.input(y)
    os.mkdir(os.path.join(case.out, "out_0.npy"))
    with open(os.path.join(case.out, "keep.txt"), "w") as f:
        f.write("keep")
    expect_failure("out_0.npy is a directory", ["--input", path, "--out-dir", case.out] + halves, case.out,
                   snapshot(case.out), "out_0.npy': it is a directory", env_extra={"VKSPLIT_DEVICE": "999"})
    case.close()

    # Mode 0644 less the umask; no temporary left after a run.
    case = Case()
    path = case.input(y)
    rc, out, err = run(["--input", path, "--out-dir", case.out] + halves, preexec_fn=lambda: os.umask(0))
    modes = [stat.S_IMODE(os.stat(os.path.join(case.out, "out_%d.npy" % i)).st_mode) for i in range(2)]
    check(rc == 0 and modes == [0o644, 0o644], "umask 0: exit %s, modes %s" % (rc, [oct(m) for m in modes]))
    check(sorted(os.listdir(case.out)) == ["out_0.npy", "out_1.npy"], "files after a run: %s" % os.listdir(case.out))
    case.close()

    # Stale outputs: after a 5-way split, a 2-way split into the same folder leaves exactly
    # out_0 and out_1. Only names of exactly that form go, a link itself (never its target),
    # and a directory of that name stays.
    case = Case()
    path = case.input(y)
    rc, out, err = run(["--input", path, "--out-dir", case.out, "--axis", "1", "--num-outputs", "5"])
    check(rc == 0 and len(os.listdir(case.out)) == 5, "5-way split: exit %s, %r, %s" % (rc, err, os.listdir(case.out)))
    expect_outputs("2-way after 5-way", case, ["--input", path, "--out-dir", case.out] + halves, y, [1500, 1500], 1)
    target = precious(case)
    os.symlink(target, os.path.join(case.out, "out_7.npy"))
    os.mkdir(os.path.join(case.out, "out_9.npy"))
    # out.npy is a join's, and no split's to remove.
    others = ["out_02.npy", "out_5.npy.bak", "out_x.npy", "Out_3.npy", "out_-3.npy", "out_3.npyz", "out_.npy",
              "xout_3.npy", "out_+3.npy", "out.npy"]
    for name in others:
        with open(os.path.join(case.out, name), "w") as f:
            f.write("not an output")
    rc, out, err = run(["--input", path, "--out-dir", case.out] + halves)
    check(rc == 0 and err == "", "2-way with a stale link: exit %s, %r" % (rc, err))
    left = sorted(os.listdir(case.out))
    check(left == sorted(["out_0.npy", "out_1.npy", "out_9.npy"] + others), "stale outputs: left %s" % left)
    with open(target, "rb") as f:
        check(f.read() == b"precious bytes", "stale link: its target changed")
    case.close()

    # A write that fails (files limited to 4 KiB: EFBIG) leaves the folder as it was, old
    # outputs included; a folder the run created is gone again.
    case = Case()
    path = case.input(y)
    for i in range(3):
        with open(os.path.join(case.out, "out_%d.npy" % i), "wb") as f:
            f.write(b"old %d" % i)
    expect_failure("write fails", ["--input", path, "--out-dir", case.out] + halves, case.out, snapshot(case.out),
                   "File too large", preexec_fn=limit_file_size(4096))
    fresh = os.path.join(case.tmp, "fresh")
    expect_failure("write fails in a new folder", ["--input", path, "--out-dir", fresh] + halves, fresh, None,
                   "File too large", preexec_fn=limit_file_size(4096))
    case.close()

    # A join's out.npy the same way: a link there is replaced, its target kept; a directory
    # there refused before the device starts; a write that fails leaves the folder as it was.
    case = Case()
    path = case.input(y)
    target = precious(case)
    os.symlink(target, os.path.join(case.out, "out.npy"))
    join = ["join", "--axis", "0", "--out-dir", case.out, path, path]
    expect_join("join: a link at out.npy", case.out, join[1:], [y, y], 0)
    with open(target, "rb") as f:
        check(f.read() == b"precious bytes", "join: the link's target was written")
    check(stat.S_ISREG(os.lstat(os.path.join(case.out, "out.npy")).st_mode), "join: out.npy is no file")
    with open(os.path.join(case.out, "out_0.npy"), "wb") as f:
        f.write(b"old 0")
    expect_failure("join: write fails", join, case.out, snapshot(case.out), "File too large",
                   preexec_fn=limit_file_size(4096))
    os.unlink(os.path.join(case.out, "out.npy"))
    os.mkdir(os.path.join(case.out, "out.npy"))
    expect_failure("join: out.npy is a directory", join, case.out, snapshot(case.out), "out.npy': it is a directory",
                   env_extra={"VKSPLIT_DEVICE": "999"})
    case.close()


# --- the input, header first and streamed -----------------------------------------------------

def npy_bytes(array):
    path = tempfile.mktemp(suffix=".npy")
    np.save(path, array)
    with open(path, "rb") as f:
        blob = f.read()
    os.remove(path)
    return blob


def feed_fifo(fifo, blob, hold):
    """Writes blob into the FIFO, then keeps it open until `hold` is set (the CLI must not
    wait for the end of the file), then closes it."""
    fd = os.open(fifo, os.O_WRONLY)
    try:
        os.write(fd, blob)
    except BrokenPipeError:
        pass
    hold.wait(60)
    os.close(fd)


class Fifo:
    """A FIFO in `folder` that a thread feeds with blob and holds open until rest() (ended:
    closed at once after blob, so that the CLI reads its end)."""
    def __init__(self, folder, name, blob, ended=False):
        self.path = os.path.join(folder, name)
        os.mkfifo(self.path)
        self.hold = threading.Event()
        if ended:
            self.hold.set()
        self.thread = threading.Thread(target=feed_fifo, args=(self.path, blob, self.hold))
        self.thread.start()

    def rest(self):
        """What the CLI left in the pipe; then the writer lets go."""
        reader = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
        rest = os.read(reader, 64)
        os.close(reader)
        self.hold.set()
        self.thread.join()
        return rest


def group_streams():
    y = np.arange(4 * 5000, dtype=np.float32).reshape(4, 5000)
    blob = npy_bytes(y)

    # /dev/zero has no .npy magic: refused at once, before the device starts.
    case = Case()
    o = ["--out-dir", case.out, "--num-outputs", "1"]
    expect_failure("/dev/zero", ["--input", "/dev/zero"] + o, case.out, {}, "not a .npy file", code=2, timeout=30,
                   env_extra={"VKSPLIT_DEVICE": "999"})
    # A truncated regular file fails before the device starts.
    short = os.path.join(case.tmp, "short.npy")
    with open(short, "wb") as f:
        f.write(blob[:-4])
    expect_failure("truncated file", ["--input", short] + o, case.out, {}, "truncated", code=2,
                   env_extra={"VKSPLIT_DEVICE": "999"})

    # A FIFO is read to the declared data's end and no further: the bytes after it stay in
    # the pipe, and the CLI does not wait for the writer to close.
    fifo = Fifo(case.tmp, "in.fifo", blob + b"TAIL")
    expect_outputs("FIFO input", case, ["--input", fifo.path, "--out-dir", case.out, "--axis", "1", "--split",
                                        "1000,4000"], y, [1000, 4000], 1)
    rest = fifo.rest()
    check(rest == b"TAIL", "FIFO input: %r left in the pipe, expected b'TAIL'" % rest)
    case.close()

    # A join's inputs the same way, each held open from its header to its data: two FIFOs
    # around a file.
    case = Case()
    path = case.input(y)
    fifos = [Fifo(case.tmp, "in%d.fifo" % k, blob + b"TAIL") for k in range(2)]
    expect_join("join: FIFO inputs", case.out, ["--axis", "1", "--out-dir", case.out, fifos[0].path, path,
                                                fifos[1].path], [y, y, y], 1)
    rests = [f.rest() for f in fifos]
    check(rests == [b"TAIL", b"TAIL"], "join: FIFO inputs: %r left in the pipes" % rests)
    case.close()

    # A FIFO that ends early: exit 2, nothing written; for a join, the line names it.
    case = Case()
    fifo = Fifo(case.tmp, "in.fifo", blob[:len(blob) // 2], ended=True)
    expect_failure("truncated FIFO", ["--input", fifo.path, "--out-dir", case.out, "--num-outputs", "1"], case.out,
                   {}, "truncated", code=2, timeout=60)
    fifo.rest()
    path = case.input(y)
    fifo = Fifo(case.tmp, "in2.fifo", blob[:len(blob) // 2], ended=True)
    expect_failure("join: a truncated FIFO", ["join", "--axis", "0", "--out-dir", case.out, path, fifo.path],
                   case.out, {}, fifo.path + ": the data is truncated", code=2, timeout=60)
    fifo.rest()
    case.close()


# --- devices -----------------------------------------------------------------------------------

def group_devices():
    rc, out, err = run(["--list-devices"])
    lines = out.splitlines()
    check(rc == 0 and err == "" and lines, "--list-devices: exit %s, %r, %r" % (rc, out, err))
    check(all(line.startswith("%d: " % i) for i, line in enumerate(lines)), "--list-devices lines: %r" % lines)
    defaults = [i for i, line in enumerate(lines) if line.endswith(" (default)")]
    check(len(defaults) == 1, "--list-devices marks %d defaults: %r" % (len(defaults), lines))
    # The default is the first discrete GPU, else the first device.
    discrete = [i for i, line in enumerate(lines) if "[discrete GPU," in line]
    check(defaults == [discrete[0] if discrete else 0], "--list-devices default %s, discrete %s" % (defaults, discrete))
    count = len(lines)
    rc, out, err = run(["--list-devices", "--device", "0", "--axis", "1"])
    check(rc == 0 and out.splitlines() == lines, "--list-devices with other options: %s %r" % (rc, err))

    y = np.arange(24, dtype=np.float64).reshape(2, 12)
    for name, args, env in [("--device 0", ["--device", "0"], None), ("--device=0", ["--device=0"], None),
                            ("VKSPLIT_DEVICE=0", [], {"VKSPLIT_DEVICE": "0"}),
                            ("--device wins over VKSPLIT_DEVICE", ["--device", "0"], {"VKSPLIT_DEVICE": "999"})]:
        case = Case()
        path = case.input(y)
        rc, out, err = run(["--input", path, "--out-dir", case.out, "--axis", "1", "--num-outputs", "3"] + args, env)
        check(rc == 0 and err == "" and len(os.listdir(case.out)) == 3, "%s: exit %s, %r" % (name, rc, err))
        case.close()

    case = Case()
    path = case.input(y)
    o = ["--input", path, "--out-dir", case.out, "--num-outputs", "1"]
    # A device index past the list is the runner's rule, reported as every library failure is.
    expect_error(case, "--device out of range", o + ["--device", str(count)],
                 "--device %d (see --list-devices): device_index %d is out of range" % (count, count),
                 rule="VKSPLIT_RULE_RUNNER_DEVICE_INDEX")
    for name, args, env, phrase in [
            ("--device negative", ["--device", "-1"], None, "--device -1 is not a device index"),
            ("--device word", ["--device", "gpu"], None, "--device: 'gpu' is not an integer"),
            ("--device twice", ["--device", "0", "--device", "0"], None, "--device is given more than once"),
            ("--list-devices=1", ["--list-devices=1"], None, "--list-devices takes no value"),
            ("VKSPLIT_DEVICE word", [], {"VKSPLIT_DEVICE": "gpu"}, "VKSPLIT_DEVICE='gpu' is not a device index")]:
        expect_error(case, name, o + args, phrase, env_extra=env)
    case.close()


# --- memory ------------------------------------------------------------------------------------

MIB = 1 << 20


def peak_rss_of_children():
    """The largest peak RSS of any child reaped so far, in bytes: ru_maxrss (KiB on Linux),
    the figure `/usr/bin/time -v` reports as "Maximum resident set size"."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024


def group_memory():
    """A 300 MiB float32 split: the CLI holds no host copy of the input or the outputs, so its
    peak RSS is at most the runner's memory (on lavapipe the device memory is host memory:
    input + outputs, and a 64 MiB staging buffer where it stages) plus the fixed cost of a
    tiny split (the driver, the validation layer, the pipelines) and 32 MiB of slack."""
    # Baseline first: RUSAGE_CHILDREN keeps the maximum over the children, so the big run's
    # figure comes after it.
    case = Case()
    tiny = case.input(np.arange(24, dtype=np.float32).reshape(2, 12))
    rc, out, err = run(["--input", tiny, "--out-dir", case.out, "--axis", "1", "--num-outputs", "3"])
    check(rc == 0, "tiny split: exit %s, %r" % (rc, err))
    baseline = peak_rss_of_children()
    case.close()

    case = Case()
    rows, columns = 300, 262144  # 300 MiB of float32
    words = np.arange(rows * columns, dtype=np.uint32).reshape(rows, columns)
    path = case.input(words.view(np.float32))
    input_bytes = words.nbytes
    parts = [65536, 131072, 65536]
    rc, out, err = run(["--input", path, "--out-dir", case.out, "--axis", "1", "--split", ",".join(map(str, parts))])
    peak = peak_rss_of_children()
    # Without device addresses one binding reaches maxStorageBufferRange (128 MiB on the minimum
    # device): the split then goes through binding windows, and must be as exact.
    check(rc == 0 and err == "", "300 MiB split: exit %s, %r" % (rc, err))
    output_bytes = input_bytes
    staging = 64 * MIB
    allowance = baseline + 32 * MIB
    limit = input_bytes + output_bytes + staging + allowance
    print("peak RSS: tiny split %.1f MiB; 300 MiB split %.1f MiB (input %.0f MiB + outputs %.0f MiB + staging "
          "%.0f MiB + allowance %.1f MiB = limit %.1f MiB)" % (baseline / MIB, peak / MIB, input_bytes / MIB,
                                                                output_bytes / MIB, staging / MIB, allowance / MIB,
                                                                limit / MIB))
    check(peak <= limit, "300 MiB split: peak RSS %.1f MiB > %.1f MiB" % (peak / MIB, limit / MIB))
    start = 0
    for i, length in enumerate(parts):
        got = np.load(os.path.join(case.out, "out_%d.npy" % i), mmap_mode="r")
        check(got.dtype == np.float32 and got.shape == (rows, length), "300 MiB split: out_%d shape" % i)
        check(np.array_equal(got.view(np.uint32), words[:, start:start + length]), "300 MiB split: out_%d bytes" % i)
        start += length
        del got
    case.close()


def group_race():
    """Two CLIs into one --out-dir at once, a 2-way and a 3-way split of the same input, 60
    times: the folder must end with one run's complete set (out_0, out_1 of the 2-way split,
    or out_0..out_2 of the 3-way one), never a mix: the CLI renames and removes stale outputs
    under an advisory lock on the folder. In every sixth pair a join (of 2 or 3 copies of the
    input) starts between the two: its out.npy must be whole, and no split takes its live
    temporary for a dead run's, nor removes out.npy."""
    case = Case()
    x = np.arange(6 * 1536, dtype=np.float32).reshape(6, 1536)
    path = case.input(x)
    want = {n: [np.ascontiguousarray(p).tobytes() for p in np.split(x, n, axis=1)] for n in (2, 3)}
    env = dict(os.environ, VKSPLIT_VALIDATION="1")
    if os.environ.get("VKSPLIT_SLOW_RENAME"):  # tests/cli/slow_rename.c: renames that interleave
        env["LD_PRELOAD"] = os.environ["VKSPLIT_SLOW_RENAME"]
    pairs, wins = int(os.environ.get("VKSPLIT_RACE_PAIRS", "60")), {2: 0, 3: 0}
    rng = random.Random(18)
    joined = None  # the copies the last join joined
    for i in range(pairs):
        runs = [["--input", path, "--axis", "1", "--num-outputs", str(n)] for n in ((2, 3) if i % 2 == 0 else (3, 2))]
        if i % 6 == 3:
            joined = 2 + (i // 6) % 2
            runs.insert(1, ["join", "--axis", "0"] + [path] * joined)
        procs = []
        for args in runs:
            procs.append(subprocess.Popen([VKSPLIT] + args + ["--out-dir", case.out], stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, env=env))
            time.sleep(rng.uniform(0.0, 0.04))  # the next start lands anywhere in the last one's commit
        results = [p.communicate(timeout=120) for p in procs]
        for p, (out, err) in zip(procs, results):
            check(p.returncode == 0 and err == b"", "race %d: exit %s, %r" % (i, p.returncode, err))
        names = sorted(os.listdir(case.out))
        if joined:
            check("out.npy" in names and read_raw(os.path.join(case.out, "out.npy"))[2] == x.tobytes() * joined,
                  "race %d: out.npy is not the join of %d copies" % (i, joined))
            names = [name for name in names if name != "out.npy"]
        n = len(names)
        if names not in (["out_0.npy", "out_1.npy"], ["out_0.npy", "out_1.npy", "out_2.npy"]):
            check(False, "race %d: the folder holds %s" % (i, names))
            continue
        got = [read_raw(os.path.join(case.out, "out_%d.npy" % k))[2] for k in range(n)]
        check(got == want[n], "race %d: the %d outputs are not one %d-way split (a mix of both runs)" % (i, n, n))
        wins[n] += 1
    print("%d racing pairs: the 2-way split ended in place %d times, the 3-way %d" % (pairs, wins[2], wins[3]))
    case.close()


# --- runs that die: what they leave, and who removes it ------------------------------------------

def hidden(folder):
    return sorted(name for name in os.listdir(folder) if name.startswith("."))


def stalled_cli(args, case, label, until=None, at=".out_1.npy."):
    """A CLI that tests/cli/stall_write.c stops at its first write into output 1's temporary
    (its header; output 0's temporary is complete then), or into the temporary `at` names:
    returns the process once it stands there, or None (killed, and a failure recorded) when it
    never gets there. With `until`, it goes on once that file exists."""
    ready = os.path.join(case.tmp, label + ".ready")
    env = dict(os.environ, VKSPLIT_VALIDATION="1", LD_PRELOAD=os.environ["VKSPLIT_STALL_SHIM"],
               VKSPLIT_STALL_WRITE=at, VKSPLIT_STALL_READY=ready)
    if until:
        env["VKSPLIT_STALL_UNTIL"] = until
    p = subprocess.Popen([VKSPLIT] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 60
    while not os.path.exists(ready) and p.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    if os.path.exists(ready):
        return p
    p.kill()
    out, err = p.communicate()
    check(False, "%s: the CLI never reached %s (exit %s, %r)" % (label, at, p.returncode, err))
    return None


def check_run_files(label, names, temporaries=(".out_0.npy.", ".out_1.npy.")):
    """A stalled run's hidden files: its lock file and the temporaries of outputs 0 and 1 (a
    join's of out.npy), one tag."""
    tags = {name[-8:] for name in names}
    tag = tags.pop() if len(tags) == 1 else "?"
    want = sorted([t + tag for t in temporaries] + [".vksplit-run." + tag])
    check(names == want, "%s: the stalled run holds %s, expected %s" % (label, names, want))


def group_kill():
    """A run killed mid-split (SIGKILL: nothing of its own clean-up runs) leaves its hidden
    temporaries and its lock file; the next successful run into the folder removes them, and
    every other leftover of the CLI's naming scheme whose run is dead, and nothing else. A live
    run's temporaries survive another run's commit, and that run then completes."""
    if not os.environ.get("VKSPLIT_STALL_SHIM"):
        print("SKIP: no tests/cli/stall_write.c shim (a sanitizer build, or not Linux)")
        sys.exit(77)
    x = np.arange(6 * 1536, dtype=np.float32).reshape(6, 1536)
    three, two = ["--axis", "1", "--num-outputs", "3"], ["--axis", "1", "--num-outputs", "2"]

    # kill -9 while output 1 is being written, and a join while its out.npy is; then a 2-way
    # split into the same folder removes what both left.
    case = Case()
    path = case.input(x)
    p = stalled_cli(["--input", path, "--out-dir", case.out] + three, case, "killed")
    held = hidden(case.out)
    q = stalled_cli(["join", "--axis", "0", "--out-dir", case.out, path, path], case, "killed join", at=".out.npy.")
    if p and q:
        check_run_files("killed run", held)
        check_run_files("killed join", sorted(set(hidden(case.out)) - set(held)), temporaries=(".out.npy.",))
        for r in (p, q):
            r.kill()
            r.communicate()
            check(r.returncode == -signal.SIGKILL, "killed run: exit %s" % r.returncode)
        expect_outputs("the run after killed ones", case, ["--input", path, "--out-dir", case.out] + two, x,
                       [768, 768], 1)
        check(hidden(case.out) == [], "the run after killed ones left hidden files: %s" % hidden(case.out))
    case.close()

    # What is the scheme's and dead goes; anything else stays. A lock file this test holds
    # (flock, as a live run does) keeps its run's temporary; one nobody holds, one missing (what
    # a CLI before lock files left), or a name that is no regular file, does not. A link goes
    # (never its target), a directory stays, a FIFO neither blocks nor stays.
    case = Case()
    path = case.input(x)
    target = precious(case)
    live_lock = os.open(os.path.join(case.out, ".vksplit-run.1111aaaa"), os.O_RDONLY | os.O_CREAT, 0o644)
    fcntl.flock(live_lock, fcntl.LOCK_EX)
    dead = [".vksplit-run.0000abcd", ".out_0.npy.0000abcd", ".out_12.npy.0000abcd", ".out_4.npy.0badc0de",
            ".out_1.npy.0000f1f0", ".out.npy.0000abcd", ".out.npy.0badc0de"]
    stay = [".out_0.npy.1111aaaa", ".out_01.npy.12345678", ".out_1.npy.1234567", ".out_1.npy.ABCDEF12",
            ".out_1.npy.123456789", ".out_1.npy.12345678.bak", ".vksplit-run.1234", ".vksplit-run.0000abcd.x",
            "out_1.npy.12345678", ".out_-1.npy.12345678", ".out_+1.npy.12345678", ".Out_1.npy.12345678",
            ".vksplit-runs.12345678", ".out_1.npz.12345678", "keep.txt", ".out.npy.1111aaaa", ".out.npy",
            ".out.npy.1234567", ".out.npyx.12345678", "out.npy.12345678", ".out_.npy.12345678", "out.npy"]
    for name in dead + stay:
        with open(os.path.join(case.out, name), "w") as f:
            f.write("leftover")
    os.symlink(target, os.path.join(case.out, ".out_3.npy.0000abcd"))
    os.mkfifo(os.path.join(case.out, ".vksplit-run.0000f1f0"))
    os.mkdir(os.path.join(case.out, ".out_2.npy.0000abcd"))
    rc, out, err = run(["--input", path, "--out-dir", case.out] + two, timeout=30)
    check(rc == 0 and err == "", "leftovers: exit %s, %r" % (rc, err))
    left = sorted(os.listdir(case.out))
    want = sorted(["out_0.npy", "out_1.npy", ".vksplit-run.1111aaaa", ".out_2.npy.0000abcd"] + stay)
    check(left == want, "leftovers: the folder holds %s, expected %s" % (left, want))
    with open(target, "rb") as f:
        check(f.read() == b"precious bytes", "leftovers: a link's target changed")
    os.close(live_lock)
    case.close()

    # A live run's temporaries and lock file survive another run's commit; then it completes.
    case = Case()
    path = case.input(x)
    go = os.path.join(case.tmp, "go")
    p = stalled_cli(["--input", path, "--out-dir", case.out] + three, case, "live", until=go)
    if p:
        held = hidden(case.out)
        check_run_files("live run", held)
        rc, out, err = run(["--input", path, "--out-dir", case.out] + two)
        check(rc == 0 and err == "", "a run beside a live one: exit %s, %r" % (rc, err))
        left = sorted(os.listdir(case.out))
        check(left == sorted(["out_0.npy", "out_1.npy"] + held),
              "a run beside a live one: the folder holds %s, expected its outputs and %s" % (left, held))
        with open(go, "w"):
            pass
        out, err = p.communicate(timeout=120)
        check(p.returncode == 0 and err == b"", "the live run: exit %s, %r" % (p.returncode, err))
        expect_parts = [np.ascontiguousarray(part).tobytes() for part in np.split(x, 3, axis=1)]
        left = sorted(os.listdir(case.out))
        check(left == ["out_0.npy", "out_1.npy", "out_2.npy"], "after the live run: the folder holds %s" % left)
        if left == ["out_0.npy", "out_1.npy", "out_2.npy"]:
            got = [read_raw(os.path.join(case.out, name))[2] for name in left]
            check(got == expect_parts, "after the live run: its outputs are not the 3-way split")
    case.close()


# --- conversions (--to, --from, --scale, --no-saturate) -------------------------------------
# The references are docs/conversions.md's, written here in numpy (float32 <-> float16 is
# numpy's astype, which rounds to nearest even as the contract does, NaNs aside: their bits are
# checked against the contract's table instead).

F8_FORMATS = {"float8e4m3fn": (3, 7, 448.0, 0x7E, 0x7F), "float8e5m2": (2, 15, 57344.0, 0x7B, 0x7C)}


def f32_bits(values):
    return np.asarray(values, dtype=np.float32).view(np.uint32)


def is_nan_bits(bits):
    return (bits & 0x7F800000) == 0x7F800000 and (bits & 0x7FFFFF) != 0


def f16_nan_of(bits32):
    """FLOAT16 narrowing of a float32 NaN: s | 0x7E00 | m >> 13."""
    return ((bits32 >> 16) & 0x8000) | 0x7E00 | ((bits32 & 0x7FFFFF) >> 13)


def to_float16_bits(x):
    """float32 -> float16 bits: numpy's astype (round to nearest even), NaNs by the table."""
    bits = f32_bits(x).ravel()
    with np.errstate(all="ignore"):
        out = np.asarray(x, dtype=np.float32).astype(np.float16).view(np.uint16).ravel().copy()
    for i, b in enumerate(bits):
        if is_nan_bits(int(b)):
            out[i] = f16_nan_of(int(b))
    return out.reshape(np.shape(x))


def to_bfloat16_bits(x):
    """float32 -> bfloat16 bits: round to nearest even on the top 16 bits; a NaN s | 0x7FC0 | m >> 16."""
    u = f32_bits(x).astype(np.uint64)
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = ((u & 0x7F800000) == 0x7F800000) & ((u & 0x7FFFFF) != 0)
    quiet = (((u >> 16) & 0x8000) | 0x7FC0 | ((u & 0x7FFFFF) >> 16)).astype(np.uint16)
    return np.where(nan, quiet, rounded).astype(np.uint16)


def from_bfloat16_bits(bits):
    """bfloat16 bits -> float32 bits: bits << 16, a NaN with the quiet bit set."""
    u = np.asarray(bits, dtype=np.uint32) << 16
    nan = ((u & 0x7F800000) == 0x7F800000) & ((u & 0x7FFFFF) != 0)
    return np.where(nan, u | 0x00400000, u).astype(np.uint32)


def fp8_of(value_bits, fmt, saturate=True):
    """One float32 (its bits) narrowed to FP8 by docs/conversions.md: round to nearest even with
    the format's subnormals; past the largest finite after rounding (an unbounded exponent), and
    infinities, saturate or give NaN (e4m3fn) / infinity (e5m2); a NaN its table's code."""
    mb, bias, largest, sat, unsat = F8_FORMATS[fmt]
    sign = 0x80 if value_bits >> 31 else 0
    m = value_bits & 0x7FFFFF
    if is_nan_bits(value_bits):
        return sign | 0x7F if fmt == "float8e4m3fn" else sign | 0x7E | ((m >> 21) & 1)
    a = abs(float(np.uint32(value_bits).view(np.float32)))
    past = sign | (sat if saturate else unsat)
    if math.isinf(a):
        return past
    if a == 0:
        return sign
    e = max(math.frexp(a)[1] - 1, 1 - bias)
    r = round(a / 2.0 ** (e - mb))  # exact, and Python's round() is half to even
    if r * 2.0 ** (e - mb) > largest:
        return past
    if r < 2 ** mb:
        return sign | r  # a subnormal (or zero)
    if r == 2 ** (mb + 1):
        r, e = r // 2, e + 1
    return sign | ((e + bias) << mb) | (r - 2 ** mb)


def scaled(x, scale):
    """x * scale as a float32 product; a NaN or an infinity is not multiplied."""
    x = np.asarray(x, dtype=np.float32)
    with np.errstate(all="ignore"):
        p = x * np.float32(scale)
    return np.where(np.isfinite(x), p, x).astype(np.float32)


def to_fp8_bytes(x, fmt, scale=None, saturate=True):
    p = scaled(x, scale) if scale is not None else np.asarray(x, dtype=np.float32)
    bits = f32_bits(p).ravel()
    return np.array([fp8_of(int(b), fmt, saturate) for b in bits], dtype=np.uint8).reshape(np.shape(x))


def fp8_value_bits(code, fmt):
    """FP8 code -> float32 bits, exactly (widening, docs/conversions.md)."""
    mb, bias = F8_FORMATS[fmt][0], F8_FORMATS[fmt][1]
    s = (code & 0x80) << 24
    e = (code >> mb) & ((1 << (7 - mb)) - 1)
    m = code & ((1 << mb) - 1)
    top = (1 << (7 - mb)) - 1
    if fmt == "float8e4m3fn" and e == top and m == 7:
        return s | 0x7F800000 | 0x00400000 | 7 << 20
    if fmt == "float8e5m2" and e == top:
        return s | 0x7F800000 if m == 0 else s | 0x7F800000 | 0x00400000 | m << 21
    value = m * 2.0 ** (1 - bias - mb) if e == 0 else (1 + m / 2.0 ** mb) * 2.0 ** (e - bias)
    return int(np.float32(value).view(np.uint32)) | s


def fp8_boundaries(fmt):
    """float32 values at, between and around every FP8 code's value (its midpoints, one ulp
    either side), past the largest, the subnormals' halves, zeros, infinities and NaNs."""
    values = []
    finite = sorted({np.uint32(fp8_value_bits(c, fmt)).view(np.float32) for c in range(128)
                     if not is_nan_bits(fp8_value_bits(c, fmt)) and fp8_value_bits(c, fmt) != 0x7F800000})
    for a, b in zip(finite, finite[1:] + [np.float32(finite[-1] * 1.25)]):
        mid = np.float32((np.float64(a) + np.float64(b)) / 2)
        values += [a, mid, np.nextafter(mid, np.float32(0)), np.nextafter(mid, np.float32(np.inf))]
    values += [np.float32(1e30), np.float32(np.inf), np.float32(np.nan)]
    values = np.array(values, dtype=np.float32)
    nan_payload = np.array([0x7FA00001, 0xFFC00000, 0x7F800001], dtype=np.uint32).view(np.float32)
    return np.concatenate([values, -values, nan_payload])


def q8_0_reference(x):
    """ggml's quantize_row_q8_0_ref on float32 rows (last dimension a multiple of 32), as
    docs/conversions.md writes it: the blocks' bytes, d (float16) then qs[32] (int8)."""
    blocks = np.asarray(x, dtype=np.float32).reshape(-1, 32)
    out = bytearray()
    for row in blocks:
        amax = np.float32(0)
        for v in np.abs(row):
            amax = amax if amax > v else v
        with np.errstate(all="ignore"):
            d = np.float32(amax) / np.float32(127)
            idv = np.float32(1) / d if d != 0 else np.float32(0)
            p = (row * idv).astype(np.float32).astype(np.float64)
        q = np.sign(p) * np.floor(np.abs(p) + 0.5)  # roundf: half away from zero, exact in float64
        q = np.clip(np.nan_to_num(q, nan=0.0), -127, 127).astype(np.int8)
        out += np.float16(d).tobytes() + q.tobytes()
    return bytes(out)


def q8_0_error_bound(x):
    """ggml's error per element of float32 rows quantized to q8_0: half a step d = amax / 127 from
    rounding x / d, plus what d loses as a float16 (127 steps' worth; all of d where it underflows)."""
    blocks = np.asarray(x, dtype=np.float32).reshape(-1, 32)
    d = (np.abs(blocks).max(axis=1) / np.float32(127)).astype(np.float32)
    d16 = d.astype(np.float16).astype(np.float32)
    bound = (0.5 * d.astype(np.float64) + 127 * np.abs(d.astype(np.float64) - d16)) * 1.001 + 1e-45
    return np.repeat(bound, 32).reshape(np.shape(x))


def q8_0_dequantize(data):
    """34-byte blocks -> float32: qs[j] * float32(d), a float32 product."""
    blocks = np.frombuffer(data, dtype=np.uint8).reshape(-1, 34)
    d = blocks[:, :2].copy().view(np.float16).astype(np.float32)
    qs = blocks[:, 2:].copy().view(np.int8).astype(np.float32)
    return (qs * d).astype(np.float32).ravel()


def convert_run(name, case, args, outputs):
    """Runs the CLI; outputs: {file name: (descr, shape, bytes)} it must write, byte for byte."""
    rc, out, err = run(args + ["--out-dir", case.out])
    check(rc == 0 and err == "", "%s: exit %s, stderr %r" % (name, rc, err))
    if rc != 0:
        return {}
    files = sorted(os.listdir(case.out))
    check(files == sorted(outputs), "%s: files %s, expected %s" % (name, files, sorted(outputs)))
    got = {}
    for fname, (descr, shape, data) in outputs.items():
        path = os.path.join(case.out, fname)
        if not os.path.exists(path):
            continue
        got_descr, got_shape, got_data = read_raw(path)
        got[fname] = got_data
        check(got_descr == descr, "%s: %s descr %s, expected %s" % (name, fname, got_descr, descr))
        check(got_shape == shape, "%s: %s shape %s, expected %s" % (name, fname, got_shape, shape))
        if data is not None and got_data != data:
            a, b = np.frombuffer(got_data, np.uint8), np.frombuffer(data, np.uint8)
            at = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
            check(False, "%s: %s bytes differ (%d and %d bytes, first at byte %d)" % (name, fname, len(a), len(b), at))
        loaded = np.load(path)  # numpy reads what the CLI writes
        check(loaded.shape == shape and loaded.tobytes() == got_data, "%s: np.load %s" % (name, fname))
    return got


def special_float32(count, seed):
    """float32 values: wide random ones, zeros, subnormals, halfway cases of float16 and bfloat16,
    overflows, infinities and quiet NaNs with payloads."""
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(count) * np.exp2(rng.integers(-30, 20, count))).astype(np.float32)
    specials = np.array([0.0, -0.0, 1.0, -2.5, 65504.0, 65519.99, 65520.0, 1e9, -1e-9, 2 ** -24, 2 ** -25,
                         3 * 2 ** -25, 1 + 2 ** -11, 1 + 3 * 2 ** -11, 1 + 2 ** -8, 1 + 3 * 2 ** -8, 3.4e38,
                         np.inf, -np.inf, 1e-40, -1e-44], dtype=np.float32)
    nans = np.array([0x7FC00000, 0xFFC00001, 0x7FFFFFFF, 0x7FC12345], dtype=np.uint32).view(np.float32)
    assert count >= len(specials) + len(nans)
    x[:len(specials)] = specials
    x[-len(nans):] = nans
    return x


def convert_success():
    # float32 -> float16, a split on the last axis (odd parts: spans rounded up to 4 bytes) and
    # on the first, against numpy's astype(float16) byte for byte.
    x = special_float32(3 * 37, 7).reshape(3, 37)
    case = Case()
    path = case.input(x)
    want = to_float16_bits(x)
    convert_run("f32->f16 axis 1", case, ["--input", path, "--axis", "1", "--split", "5,32", "--to", "float16"],
                {"out_0.npy": ("'<f2'", (3, 5), np.ascontiguousarray(want[:, :5]).tobytes()),
                 "out_1.npy": ("'<f2'", (3, 32), np.ascontiguousarray(want[:, 5:]).tobytes())})
    finite = np.where(np.isnan(x), np.float32(1), x)
    with np.errstate(all="ignore"):
        check(np.array_equal(to_float16_bits(finite), finite.astype(np.float16).view(np.uint16)),
              "the float16 reference is numpy's astype")
    case.close()
    case = Case()
    path = case.input(x)
    convert_run("f32->f16 axis 0 num_outputs", case, ["--input", path, "--num-outputs", "3", "--to", "float16"],
                {"out_%d.npy" % k: ("'<f2'", (1, 37), want[k:k + 1].tobytes()) for k in range(3)})
    case.close()

    # float16 -> float32, a join (inputs of odd sizes: their spans padded), against astype.
    with np.errstate(all="ignore"):
        h = special_float32(3 * 9, 8).astype(np.float16)
    h[-3:] = np.array([0x7E00, 0xFE01, 0x7C00], dtype=np.uint16).view(np.float16)  # quiet NaNs, inf
    h = h.reshape(3, 9)
    case = Case()
    a, b = case.input(h[:, :5].copy(), name="a.npy"), case.input(h[:, 5:].copy(), name="b.npy")
    want = h.astype(np.float32)
    convert_run("join f16->f32", case, ["join", "--axis", "1", "--to", "float32", a, b],
                {"out.npy": ("'<f4'", (3, 9), want.tobytes())})
    # a signalling float16 NaN widens with the quiet bit set: s | 0x7F800000 | 0x00400000 | m << 13
    s = np.array([0x7C01, 0xFD55, 0x3C00], dtype=np.uint16)
    c = case.input(s.view(np.float16), name="c.npy")
    shutil.rmtree(case.out)
    want = np.array([0x7F800000 | 0x00400000 | 1 << 13, 0xFF800000 | 0x00400000 | 0x155 << 13, 0x3F800000],
                    dtype=np.uint32)
    convert_run("join f16 NaN->f32", case, ["join", "--axis", "0", "--to", "float32", c],
                {"out.npy": ("'<f4'", (3,), want.tobytes())})
    case.close()

    # bfloat16: '<u2' bits with --from bfloat16, a 2-byte void without, both ways.
    x = special_float32(2 * 19, 9).reshape(2, 19)
    bits = to_bfloat16_bits(x)
    case = Case()
    path = case.input(x)
    convert_run("f32->bf16", case, ["--input", path, "--axis", "1", "--split", "4,15", "--to", "bfloat16"],
                {"out_0.npy": ("'<u2'", (2, 4), np.ascontiguousarray(bits[:, :4]).tobytes()),
                 "out_1.npy": ("'<u2'", (2, 15), np.ascontiguousarray(bits[:, 4:]).tobytes())})
    case.close()
    raw = np.arange(0, 65536, 7, dtype=np.uint16)  # every 7th code: NaNs, infinities, subnormals
    raw = np.concatenate([raw, np.array([0x7F81, 0xFFC1, 0x8000, 0x0001, 0xFF80], dtype=np.uint16)])  # even
    for descr, spelled, extra in [(None, "<u2", ["--from", "bfloat16"]), ("'|V2'", "|V2", []),
                                  ("'<V2'", "<V2 --from", ["--from", "bfloat16"])]:
        case = Case()
        path = case.input(raw if descr is None else raw.view("V2"), descr)
        convert_run("bf16 %s -> f32" % spelled, case,
                    ["--input", path, "--to", "float32", "--num-outputs", "1"] + extra,
                    {"out_0.npy": ("'<f4'", raw.shape, from_bfloat16_bits(raw).tobytes())})
        case.close()
    case = Case()
    path = case.input(raw, None)
    f = from_bfloat16_bits(raw).view(np.float32)
    convert_run("bf16 -> f16", case, ["--input", path, "--from", "bfloat16", "--to", "float16", "--num-outputs", "2",
                                      "--opset", "13"],
                {"out_0.npy": ("'<f2'", (len(raw) // 2,), to_float16_bits(f[:len(raw) // 2]).tobytes()),
                 "out_1.npy": ("'<f2'", (len(raw) // 2,), to_float16_bits(f[len(raw) // 2:]).tobytes())})
    case.close()

    # FP8 out with a host scale: the contract's rounding (fp8_of) at every code's boundaries,
    # times 2 and scaled by 0.5 (exact), and random values scaled by 3.7 (a rounded product).
    for fmt in F8_FORMATS:
        for saturate in (True, False):
            with np.errstate(all="ignore"):
                b = fp8_boundaries(fmt) * np.float32(2)
            x = np.concatenate([b, special_float32(64, 10)])
            x = x[:len(x) // 3 * 3].reshape(3, -1)
            want = to_fp8_bytes(x, fmt, 0.5, saturate)
            case = Case()
            path = case.input(x)
            n = x.shape[1]
            label = "f32->%s scale 0.5%s" % (fmt, "" if saturate else " no-saturate")
            convert_run(label, case, ["--input", path, "--axis", "1", "--split", "%d,%d" % (n - n // 2, n // 2),
                                      "--to", fmt, "--scale", "0.5"] + ([] if saturate else ["--no-saturate"]),
                        {"out_0.npy": ("'|u1'", (3, n - n // 2), np.ascontiguousarray(want[:, :n - n // 2]).tobytes()),
                         "out_1.npy": ("'|u1'", (3, n // 2), np.ascontiguousarray(want[:, n - n // 2:]).tobytes())})
            case.close()
        x = special_float32(4 * 33, 11).reshape(4, 33) / np.float32(1e6)
        case = Case()
        path = case.input(x)
        convert_run("f32->%s scale 3.7" % fmt, case,
                    ["--input", path, "--to", fmt, "--scale", "3.7", "--num-outputs", "1"],
                    {"out_0.npy": ("'|u1'", (4, 33), to_fp8_bytes(x, fmt, 3.7).tobytes())})
        case.close()
        # From FP8: every code (|u1 with --from), times the scale, to float32 and float16.
        codes = np.arange(256, dtype=np.uint8).reshape(2, 128)
        wide = np.array([fp8_value_bits(int(c), fmt) for c in codes.ravel()], dtype=np.uint32).view(np.float32)
        want32 = scaled(wide, 2.0).reshape(2, 128)
        case = Case()
        path = case.input(codes)
        convert_run("%s->f32 scale 2" % fmt, case, ["--input", path, "--from", fmt, "--to", "float32", "--scale", "2",
                                                    "--axis", "1", "--num-outputs", "2"],
                    {"out_0.npy": ("'<f4'", (2, 64), np.ascontiguousarray(want32[:, :64]).tobytes()),
                     "out_1.npy": ("'<f4'", (2, 64), np.ascontiguousarray(want32[:, 64:]).tobytes())})
        case.close()
        case = Case()
        a, b = case.input(codes[:1].copy(), name="a.npy"), case.input(codes[1:].copy(), name="b.npy")
        convert_run("join %s->f16" % fmt, case, ["join", "--axis", "0", "--from", fmt, "--to", "float16", a, b],
                    {"out.npy": ("'<f2'", (2, 128), to_float16_bits(wide.reshape(2, 128)).tobytes())})
        case.close()
        # The same FP8 bytes copied as they are (no conversion) keep their descr.
        case = Case()
        path = case.input(codes)
        convert_run("%s->%s" % (fmt, fmt), case, ["--input", path, "--from", fmt, "--to", fmt, "--num-outputs", "1"],
                    {"out_0.npy": ("'|u1'", (2, 128), codes.tobytes())})
        case.close()

    # q8_0: float32 -> blocks ('|V34', the last dimension in blocks), ggml's reference byte for
    # byte; back again by a join (--from q8_0), the dequantized values within ggml's error.
    rng = np.random.default_rng(12)
    x = (rng.standard_normal((4, 128)) * np.exp2(rng.integers(-8, 8, (4, 1)))).astype(np.float32)
    x[0, :32] = 0  # an all-zero block
    x[1, 32:64] = np.float32(1e-40) * np.arange(32, dtype=np.float32)  # subnormals
    x[2, 64:96] = np.linspace(-1, 1, 32, dtype=np.float32) * np.float32(60000)
    case = Case()
    path = case.input(x)
    want = [q8_0_reference(x[:, :64]), q8_0_reference(x[:, 64:])]
    got = convert_run("f32->q8_0", case, ["--input", path, "--axis", "1", "--split", "64,64", "--to", "q8_0"],
                      {"out_0.npy": ("'|V34'", (4, 2), want[0]), "out_1.npy": ("'|V34'", (4, 2), want[1])})
    for k, half in enumerate([x[:, :64], x[:, 64:]]):
        data = got.get("out_%d.npy" % k)
        if data is None:
            continue
        check(len(data) == 4 * 2 * 34, "q8_0 out_%d holds %d bytes, expected %d" % (k, len(data), 4 * 2 * 34))
        y = q8_0_dequantize(data).reshape(4, 64)
        check(np.all(np.abs(y - half) <= q8_0_error_bound(half)), "q8_0 out_%d: dequantized past ggml's error" % k)
    parts = [os.path.join(case.out, "out_%d.npy" % k) for k in range(2)]
    if all(os.path.exists(p) for p in parts):
        back = os.path.join(case.tmp, "back")
        os.mkdir(back)
        rc, out, err = run(["join", "--axis", "1", "--from", "q8_0", "--to", "float32", "--out-dir", back] + parts)
        check(rc == 0 and err == "", "q8_0 join back: exit %s, %r" % (rc, err))
        if rc == 0:
            descr, shape, data = read_raw(os.path.join(back, "out.npy"))
            y = np.frombuffer(data, dtype=np.float32).reshape(4, 128)
            exact = np.concatenate([q8_0_dequantize(want[0]).reshape(4, 64), q8_0_dequantize(want[1]).reshape(4, 64)],
                                   axis=1)
            check(descr == "'<f4'" and shape == (4, 128) and y.tobytes() == exact.tobytes(),
                  "q8_0 join back: %s %s, not the dequantized blocks" % (descr, shape))
            check(np.all(np.abs(y - x) <= q8_0_error_bound(x)), "q8_0 round trip: past ggml's error")
    case.close()
    # q8_0 split on axis 0 into float16 and bfloat16 (blocks in a |V34 file, --from q8_0).
    blocks = np.frombuffer(q8_0_reference(x), dtype="V34").reshape(4, 4)
    case = Case()
    path = case.input(blocks)
    y = q8_0_dequantize(q8_0_reference(x)).reshape(4, 128)
    convert_run("q8_0->f16 axis 0", case, ["--input", path, "--from", "q8_0", "--to", "float16", "--split", "1,3"],
                {"out_0.npy": ("'<f2'", (1, 128), to_float16_bits(y[:1]).tobytes()),
                 "out_1.npy": ("'<f2'", (3, 128), to_float16_bits(y[1:]).tobytes())})
    case.close()
    case = Case()
    path = case.input(blocks)
    convert_run("q8_0->bf16 axis -1", case, ["--input", path, "--from", "q8_0", "--to", "bfloat16", "--axis", "-1",
                                             "--split", "96,32"],
                {"out_0.npy": ("'<u2'", (4, 96), np.ascontiguousarray(to_bfloat16_bits(y[:, :96])).tobytes()),
                 "out_1.npy": ("'<u2'", (4, 32), np.ascontiguousarray(to_bfloat16_bits(y[:, 96:])).tobytes())})
    case.close()
    # float16 joined into q8_0.
    h = x.astype(np.float16)
    case = Case()
    a, b = case.input(h[:2].copy(), name="a.npy"), case.input(h[2:].copy(), name="b.npy")
    convert_run("join f16->q8_0", case, ["join", "--axis", "0", "--to", "q8_0", a, b],
                {"out.npy": ("'|V34'", (4, 4), q8_0_reference(h.astype(np.float32)))})
    case.close()

    # Empty parts and an empty input: headers alone, in the type's descr.
    y = np.arange(15, dtype=np.float32).reshape(3, 5)
    case = Case()
    path = case.input(y)
    convert_run("f32->f16 an empty output", case, ["--input", path, "--split", "0,3", "--to", "float16"],
                {"out_0.npy": ("'<f2'", (0, 5), b""), "out_1.npy": ("'<f2'", (3, 5), y.astype(np.float16).tobytes())})
    case.close()
    case = Case()
    z, path = case.input(np.zeros((0, 5), np.float32), name="z.npy"), case.input(y)
    convert_run("join f32->bf16 empty inputs", case, ["join", "--axis", "0", "--to", "bfloat16", z, path, z],
                {"out.npy": ("'<u2'", (3, 5), to_bfloat16_bits(y).tobytes())})
    shutil.rmtree(case.out)
    convert_run("f32->e5m2 an empty input", case, ["--input", z, "--num-outputs", "2", "--to", "float8e5m2"],
                {"out_0.npy": ("'|u1'", (0, 5), b""), "out_1.npy": ("'|u1'", (0, 5), b"")})
    case.close()

    # OpenVINO's front-end, and --to the input's own type (a byte copy, the descr the type's).
    x = special_float32(6 * 5, 13).reshape(6, 5)
    case = Case()
    path = case.input(x)
    want = to_bfloat16_bits(x)
    convert_run("openvino f32->bf16", case, ["--input", path, "--axis", "0", "--openvino", "variadic",
                                             "--split-lengths", "-1,2", "--to", "bfloat16"],
                {"out_0.npy": ("'<u2'", (4, 5), want[:4].tobytes()),
                 "out_1.npy": ("'<u2'", (2, 5), want[4:].tobytes())})
    case.close()
    case = Case()
    path = case.input(x)
    convert_run("f32->f32", case, ["--input", path, "--to", "float32", "--num-outputs", "2"],
                {"out_0.npy": ("'<f4'", (3, 5), x[:3].tobytes()), "out_1.npy": ("'<f4'", (3, 5), x[3:].tobytes())})
    case.close()


def convert_device_and_rows():
    """--to with --device-lengths (a plan with device parameters) and with tensorscatter (rows
    placed by index): the same conversions, what the GPU's lengths and the write indices keep."""
    x = special_float32(3 * 12 * 3, 14).reshape(3, 12, 3)
    want = to_float16_bits(x)
    case = Case()
    path = case.input(x)
    convert_run("--device-lengths f32->f16", case, ["--input", path, "--axis", "1", "--split", "5,7",
                                                    "--device-lengths", "3,6", "--to", "float16"],
                {"out_0.npy": ("'<f2'", (3, 3, 3), np.ascontiguousarray(want[:, 0:3]).tobytes()),
                 "out_1.npy": ("'<f2'", (3, 6, 3), np.ascontiguousarray(want[:, 3:9]).tobytes())})
    case.close()
    f8 = to_fp8_bytes(x, "float8e4m3fn", 0.25)  # one byte a step along axis 0: spans rounded up
    case = Case()
    path = case.input(x)
    convert_run("--device-lengths f32->e4m3fn axis 0", case, ["--input", path, "--split", "2,1", "--device-lengths",
                                                              "1,1", "--to", "float8e4m3fn", "--scale", "0.25"],
                {"out_0.npy": ("'|u1'", (1, 12, 3), f8[0:1].tobytes()), "out_1.npy": ("'|u1'", (1, 12, 3),
                                                                                   f8[1:2].tobytes())})
    case.close()
    q = np.random.default_rng(15).standard_normal((5, 2, 64)).astype(np.float32)
    case = Case()
    path = case.input(q)
    convert_run("--device-lengths f32->q8_0 axis 0", case, ["--input", path, "--split", "2,3", "--device-lengths",
                                                            "2,1", "--to", "q8_0"],
                {"out_0.npy": ("'|V34'", (2, 2, 2), q8_0_reference(q[0:2])),
                 "out_1.npy": ("'|V34'", (1, 2, 2), q8_0_reference(q[2:3]))})
    case.close()

    # TensorScatter: float16 rows into a float32 cache, FP8 (e5m2, scaled) and q8_0 caches,
    # write_indices on the host and on the GPU; --to names past_cache's type.
    rng = np.random.default_rng(16)
    past = rng.standard_normal((2, 3, 8, 5)).astype(np.float32)
    with np.errstate(all="ignore"):
        update = special_float32(2 * 3 * 2 * 5, 17).reshape(2, 3, 2, 5).astype(np.float16)
    wi = np.array([5, 1], dtype=np.int64)
    for gpu in ([], ["--indices-on-gpu"]):
        case = Case()
        paths = [case.input(past, name="past.npy"), case.input(update, name="update.npy"),
                 case.input(wi, name="wi.npy")]
        want = tensorscatter_reference(past, update.astype(np.float32), wi, -2, "linear")
        convert_run("tensorscatter f16->f32%s" % (" on the GPU" if gpu else ""), case,
                    ["tensorscatter", "--to", "float32"] + gpu + paths,
                    {"present_cache.npy": ("'<f4'", past.shape, want.tobytes())})
        case.close()
    cache = to_fp8_bytes(past, "float8e5m2")
    upd = past[:, :, :3] * np.float32(300)
    case = Case()
    paths = [case.input(cache, name="past.npy"), case.input(upd, name="update.npy"), case.input(wi, name="wi.npy")]
    want = tensorscatter_reference(cache, to_fp8_bytes(upd, "float8e5m2", 0.5), wi, -2, "circular")
    convert_run("tensorscatter f32->e5m2 circular", case, ["tensorscatter", "--mode", "circular", "--to", "float8e5m2",
                                                           "--scale", "0.5"] + paths,
                {"present_cache.npy": ("'|u1'", past.shape, want.tobytes())})
    case.close()
    kv = rng.standard_normal((2, 6, 64)).astype(np.float32)  # [batch, sequence, head dim]: rows of 2 blocks
    blocks = np.frombuffer(q8_0_reference(kv), dtype="V34").reshape(2, 6, 2)
    new = rng.standard_normal((2, 1, 64)).astype(np.float16)
    wi = np.array([4, 0], dtype=np.int64)
    case = Case()
    paths = [case.input(blocks, name="past.npy"), case.input(new, name="update.npy"), case.input(wi, name="wi.npy")]
    new_blocks = np.frombuffer(q8_0_reference(new.astype(np.float32)), dtype="V34").reshape(2, 1, 2)
    want = tensorscatter_reference(blocks, new_blocks, wi, -2, "linear")
    convert_run("tensorscatter f16->q8_0", case, ["tensorscatter", "--to", "q8_0"] + paths,
                {"present_cache.npy": ("'|V34'", (2, 6, 2), want.tobytes())})
    case.close()


def convert_errors():
    f4 = np.arange(2 * 64, dtype=np.float32).reshape(2, 64)
    case = Case()
    good = case.input(f4, name="good.npy")
    u1 = case.input(np.arange(8, dtype=np.uint8), name="u1.npy")
    u2 = case.input(np.arange(8, dtype=np.uint16), name="u2.npy")
    i4 = case.input(np.arange(8, dtype=np.int32), name="i4.npy")
    q8 = case.input(np.zeros((2, 2), dtype="V34"), name="q8.npy")
    o = ["--out-dir", case.out]
    cases = [
        ("unknown --to", ["--input", good, "--to", "float64"] + o,
         "--to 'float64' is not a type vksplit converts: give float32, float16, bfloat16, float8e4m3fn, float8e5m2 "
         "or q8_0"),
        ("unknown --from", ["--input", good, "--from", "fp8", "--to", "float16"] + o, "--from 'fp8' is not a type"),
        ("--scale without FP8", ["--input", good, "--to", "float16", "--scale", "2"] + o,
         "--scale is for FP8 only"),
        ("--scale bf16 to f32", ["--input", good, "--from", "float32", "--to", "bfloat16", "--scale", "2"] + o,
         "--scale is for FP8 only"),
        ("--scale zero", ["--input", good, "--to", "float8e4m3fn", "--scale", "0"] + o,
         "--scale '0' is not a finite number > 0"),
        ("--scale negative", ["--input", good, "--to", "float8e5m2", "--scale", "-1"] + o, "is not a finite number"),
        ("--scale nan", ["--input", good, "--to", "float8e5m2", "--scale", "nan"] + o, "is not a finite number"),
        ("--scale past float32", ["--input", good, "--to", "float8e5m2", "--scale", "1e39"] + o,
         "is not a finite number"),
        ("--scale word", ["--input", good, "--to", "float8e5m2", "--scale", "2x"] + o, "is not a finite number"),
        ("--scale twice", ["--input", good, "--to", "float8e5m2", "--scale", "2", "--scale", "3"] + o,
         "--scale is given more than once"),
        ("--from without --to", ["--input", u1, "--from", "float8e4m3fn"] + o, "--from goes with --to T"),
        ("--scale without --to", ["--input", good, "--scale", "2"] + o, "--scale goes with --to T"),
        ("--no-saturate to f16", ["--input", good, "--to", "float16", "--no-saturate"] + o,
         "--no-saturate is for a conversion to FP8"),
        ("--no-saturate value", ["--input", good, "--to", "float8e5m2", "--no-saturate=1"] + o,
         "--no-saturate takes no value"),
        ("FP8 to FP8", ["--input", u1, "--from", "float8e4m3fn", "--to", "float8e5m2"] + o,
         "--from float8e4m3fn --to float8e5m2: vksplit converts FP8 and q8_0 to and from float32, float16 and "
         "bfloat16 only"),
        ("q8_0 to q8_0", ["--input", q8, "--from", "q8_0", "--to", "q8_0"] + o, "--from q8_0 --to q8_0"),
        ("FP8 to q8_0", ["--input", u1, "--from", "float8e5m2", "--to", "q8_0"] + o, "--from float8e5m2 --to q8_0"),
        ("uint8 without --from", ["--input", u1, "--to", "float32"] + o,
         "u1.npy: dtype '|u1' is uint8: for FP8 held in it, say which with --from float8e4m3fn or --from float8e5m2"),
        ("uint16 without --from", ["--input", u2, "--to", "float32"] + o, "give --from bfloat16"),
        ("V34 without --from", ["--input", q8, "--to", "float32"] + o, "give --from q8_0"),
        ("int32 input", ["--input", i4, "--to", "float32"] + o, "i4.npy: dtype '<i4' does not convert"),
        ("--from q8_0 of float32", ["--input", good, "--from", "q8_0", "--to", "float32"] + o,
         ("good.npy: dtype '<f4' does not hold q8_0: --from q8_0 takes '|V34'",)),
        ("--from bfloat16 of float32", ["--input", good, "--from", "bfloat16", "--to", "float32"] + o,
         "--from bfloat16 takes '<u2' or a 2-byte void"),
        ("q8_0 part not whole blocks", ["--input", good, "--axis", "1", "--split", "40,24", "--to", "q8_0"] + o,
         "out_0.npy: its last dimension is 40 elements, not whole q8_0 blocks of 32 (float32 to q8_0)"),
        ("q8_0 whole not whole blocks", ["--input", case.input(np.zeros((2, 48), np.float32), name="f48.npy"),
                                         "--to", "q8_0", "--num-outputs", "1"] + o,
         "f48.npy: its last dimension is 48 elements"),
        ("--device-lengths past a capacity", ["--input", good, "--to", "float16", "--num-outputs", "2",
                                              "--device-lengths", "1,2"] + o, "VKSPLIT_RULE_DEVICE_LENGTH"),
        ("q8_0 device lengths cut blocks", ["--input", good, "--to", "q8_0", "--axis", "1", "--num-outputs", "2",
                                            "--device-lengths", "32,16"] + o, "VKSPLIT_RULE_PLAN_CONVERT_WITH"),
        ("tensorscatter past_cache not --to's", ["tensorscatter", "--to", "float16", "--out-dir", case.out, good,
                                                 good], "good.npy: dtype '<f4' does not hold float16: --to float16 "
                                                        "takes '<f2'"),
        ("tensorscatter --scale without --to", ["tensorscatter", "--scale", "2", "--out-dir", case.out, good, good],
         "--scale goes with --to T"),
        ("join mixed types", ["join", "--axis", "0", "--to", "float32", "--out-dir", case.out, good,
                              case.input(f4.astype(np.float16), name="h.npy")],
         ("h.npy:", "VKSPLIT_RULE_ONNX_CONCAT_TYPE_MISMATCH")),
        ("join q8_0 input of float32", ["join", "--axis", "0", "--from", "q8_0", "--to", "float32", "--out-dir",
                                        case.out, q8, good], "good.npy: dtype '<f4' does not hold q8_0"),
        ("join q8_0 along the last axis", ["join", "--axis", "1", "--to", "q8_0", "--out-dir", case.out, good,
                                           case.input(np.zeros((2, 8), np.float32), name="f8.npy")],
         "f8.npy: its last dimension is 8 elements"),
    ]
    for name, args, phrase in cases:
        expect_error(case, name, args, phrase)
    case.close()


def group_convert():
    convert_success()
    convert_device_and_rows()
    convert_errors()


def group_help():
    rc, out, err = run(["--help"])
    check(rc == 0 and "usage: vksplit --input IN.npy" in out and err == "", "--help: %d %r" % (rc, err))
    for needle in ["--opset", "--num-outputs", "--split", "--openvino split", "--openvino variadic", "--split-lengths",
                   "--num-splits", "--out-dir", "Exit codes", "stale outputs", "k >= n", "--device N",
                   "--list-devices", "VKSPLIT_DEVICE", "vksplit join --axis A", "DIR/out.npy", "numpy.concatenate",
                   "Concat", "vksplit tensorscatter", "DIR/present_cache.npy", "--mode M", "--indices-on-gpu",
                   "TensorScatter-24", "PAST_CACHE.npy UPDATE.npy [WRITE_INDICES.npy]", "--to T", "--from T",
                   "--scale S", "--no-saturate", "float8e4m3fn", "q8_0", "'|V34'", "'|u1'", "'<u2'",
                   "the last dimension in blocks", "a TensorScatter's update into past_cache's"]:
        check(needle in out, "--help lacks %s" % needle)
    rc, out, err = run(["--input", "x.npy", "--help"])
    check(rc == 0 and "usage:" in out, "--help wins over other options")
    rc, out, err = run(["join", "--axis", "0", "x.npy", "--help"])
    check(rc == 0 and "usage:" in out, "join --help")
    rc, out, err = run(["join", "--axis", "0", "--out-dir", ".", "--", "--help"])
    check(rc == 2 and "cannot open '--help'" in err, "join -- --help: an input: %s %r" % (rc, err))
    rc, out, err = run(["tensorscatter", "a.npy", "b.npy", "--help"])
    check(rc == 0 and "usage:" in out, "tensorscatter --help")


{"help": group_help, "dtypes": group_dtypes, "success": group_success, "errors": group_errors, "files": group_files,
 "streams": group_streams, "devices": group_devices, "memory": group_memory,
 "race": group_race, "kill": group_kill, "convert": group_convert}[GROUP]()
print("%d checks, %d failures" % (checks, len(failures)))
sys.exit(1 if failures else 0)
