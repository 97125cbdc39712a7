#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/<harness>/ from the specs' examples and the tests'
cases, in each harness's input format (fuzz_input.h and the comment atop each harness).
Run it after changing a decoder, or add a seed here: python3 fuzz/make_seeds.py"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
EDGES = [256, 1000, 65535, 65536, 65537, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**53, 2**62,
         2**63 - 1, 2**63, 2**64 - 2, 2**64 - 1]


def v(x):
    """One value as fz_u64 reads it."""
    if 0 <= x < 0xe0:
        return bytes([x])
    if -13 <= x <= -1:
        return bytes([0xf2 - x])
    x %= 2**64
    if x in EDGES:
        return bytes([0xe0 + EDGES.index(x)])
    if x < 2**16:
        return b"\xf0" + struct.pack("<H", x)
    if x < 2**32:
        return b"\xf1" + struct.pack("<I", x)
    return b"\xf2" + struct.pack("<Q", x)


def vs(values):
    return b"".join(v(x) for x in values)


def b(*bytes_):
    return bytes(bytes_)


# --- DirectML -----------------------------------------------------------------------------
def dml_tensor(data_type, sizes, strides=None, alignment=0, flags=0):
    out = b(0) + v(data_type) + v(flags) + b(len(sizes)) + vs(sizes)
    out += b(1) + vs(strides) if strides is not None else b(0)
    return out + b(0) + b(alignment)  # total: computed; alignment index (0 = DirectML's 16)


def dml_output(axis_size, strides=None):
    return (b(3) + v(axis_size) + vs(strides)) if strides is not None else b(1) + v(axis_size)


def dml(level, flags, axis, count, input_tensor, outputs, capacity=0):
    return b(level, flags) + v(axis) + v(count) + b(len(outputs) - 1) + input_tensor + b"".join(outputs) + b(capacity)


FLOAT32, FLOAT16, UINT8, INT64 = 1, 2, 5, 11
directml = {
    "example1_axis2": dml(0, 0, 2, 3, dml_tensor(FLOAT32, [1, 1, 6, 2]), [dml_output(2), dml_output(1), dml_output(3)]),
    "example2_axis3": dml(0, 0, 3, 2, dml_tensor(FLOAT32, [1, 1, 6, 2]), [dml_output(1), dml_output(1)]),
    "level_1_0_fp16": dml(1, 1, 1, 2, dml_tensor(FLOAT16, [2, 4, 3, 5]), [dml_output(1), dml_output(3)]),
    "strided_output": dml(0, 0, 1, 2, dml_tensor(FLOAT32, [2, 4]), [dml_output(2, [8, 1]), dml_output(2)]),
    "broadcast_input_int64": dml(7, 1, 0, 2, dml_tensor(INT64, [4, 3], strides=[0, 1], alignment=4),
                                 [dml_output(2), dml_output(2)]),
    "outputs_128": dml(4, 1, 0, 128, dml_tensor(UINT8, [1]), [dml_output(1)]),
    "output_count_0": dml(0, 0, 0, 0, dml_tensor(FLOAT32, [4]), [dml_output(4)]),
    # a transposing uint8 split, issue 12's column-major [512, 256] (a loop budget's worst case)
    "column_major_uint8": dml(0, 0, 1, 2, dml_tensor(UINT8, [512, 256], strides=[1, 512], alignment=1),
                              [dml_output(100), dml_output(156)]),
    # a transposing float32 split (TRANSPOSE)
    "column_major_float32": dml(0, 0, 0, 2, dml_tensor(FLOAT32, [64, 80], strides=[1, 64]),
                                [dml_output(32), dml_output(32)]),
}


# --- DirectML Join (DML_JOIN_OPERATOR_DESC: the whole is OutputTensor, the parts InputTensors) -----
def dml_input(axis_size, strides=None, owned=False):
    """An input like the output but for its size on the axis; bit 3 of `how`: OWNED_BY_DML."""
    return b((3 if strides is not None else 1) | 8 * owned) + v(axis_size) + (vs(strides) if strides is not None else b"")


INT8 = 8
directml_join = {
    # the page's examples: {1,1,2,3} and {1,1,2,4} on axis 3; three {1,1,2,2} on axes 1, 2, 3
    "example1_axis3": dml(1, 0, 3, 2, dml_tensor(FLOAT32, [1, 1, 2, 7]), [dml_input(3), dml_input(4)]),
    "example2_axis1": dml(1, 0, 1, 3, dml_tensor(FLOAT32, [1, 3, 2, 2]), [dml_input(1)]),
    "example2_axis2": dml(1, 0, 2, 3, dml_tensor(FLOAT32, [1, 1, 6, 2]), [dml_input(2)]),
    "example2_axis3": dml(1, 0, 3, 3, dml_tensor(FLOAT32, [1, 1, 2, 6]), [dml_input(2)]),
    "one_input_copy": dml(1, 0, 2, 1, dml_tensor(FLOAT32, [1, 1, 2, 2]), [dml_input(2)]),
    # strides: a padded output, a transposed input, a broadcast one owned by DML
    "example1_strided": dml(0, 0, 3, 2, dml_tensor(FLOAT32, [1, 1, 2, 7], strides=[16, 16, 8, 1], alignment=6),
                            [dml_input(3, strides=[6, 6, 1, 2]), dml_input(4, strides=[4, 4, 0, 1], owned=True)]),
    # the page's tables: 5-D INT8 at 3_0; 3-D at 3_0 is refused (Split takes it there)
    "level_3_0_int8_5d": dml(4, 1, 3, 2, dml_tensor(INT8, [2, 1, 3, 0, 5]), [dml_input(1), dml_input(3)]),
    "level_3_0_rank_3": dml(4, 1, 1, 2, dml_tensor(FLOAT32, [2, 0, 3]), [dml_input(1), dml_input(2)]),
    "level_4_1_int64_1d": dml(7, 1, 0, 3, dml_tensor(INT64, [0]), [dml_input(3), dml_input(1), dml_input(2)]),
    # an input of size 0 on the axis: ONNX Concat takes it, DirectML's page does not
    "input_axis_zero": dml(0, 1, 0, 2, dml_tensor(FLOAT16, [0, 4]), [dml_input(0), dml_input(3)]),
    "inputs_128": dml(0, 1, 0, 128, dml_tensor(UINT8, [1]), [dml_input(1, owned=True)]),
    "input_count_0": dml(0, 0, 0, 0, dml_tensor(FLOAT32, [4]), [dml_input(4)]),
}


# --- ONNX ---------------------------------------------------------------------------------
OPSET = {1: 0, 2: 1, 11: 2, 13: 3, 18: 4}
FLOAT, INT8, INT64_T, BFLOAT16 = 1, 3, 7, 16


def onnx(opset, data_type, shape, axis, output_count=0, attribute=None, split_input=None, num_outputs=None,
         input_type=INT64_T, fix=False, capacity=0):
    flags = (attribute is not None) | (split_input is not None) << 1 | (num_outputs is not None) << 2 | fix << 3
    attribute = attribute or []
    split_input = split_input or []
    return (b(OPSET[opset]) + v(data_type) + b(len(shape)) + vs(shape) + v(axis) + v(output_count) + b(flags, 0) +
            v(num_outputs or 0) + v(len(attribute)) + vs(attribute) + v(input_type) + v(len(split_input)) + b(0) +
            vs(split_input) + b(capacity))


onnx_seeds = {
    "opset13_split_input_1d": onnx(13, FLOAT, [6], 0, split_input=[2, 4]),
    "opset13_equal_2d": onnx(13, FLOAT, [2, 6], 1, output_count=3),
    "opset18_num_outputs_uneven": onnx(18, FLOAT, [7], 0, num_outputs=4),
    "opset11_attribute_2d": onnx(11, FLOAT, [2, 6], 1, attribute=[2, 4]),
    "opset1_float_split_input": onnx(1, FLOAT, [3], 0, split_input=[1, 2], input_type=FLOAT),
    "opset2_int8_equal": onnx(2, INT8, [4, 3], 0, output_count=2),
    "opset18_negative_axis": onnx(18, BFLOAT16, [2, 3, 4], -1, split_input=[1, 3]),
    "opset18_fix_sum": onnx(18, FLOAT, [5, 7], 1, split_input=[3, 0], fix=True),
    # issue 12: band x band rows past 2^32 (the shader's row index wrapped) under the GPU defaults
    "opset13_int8_rows_2_32": onnx(13, INT8, [2**32 - 1, 3], 1, output_count=3),
    # short chunks (DEINTERLEAVE) and 1-D splits (TILES' inline segments)
    "opset13_last_axis_3": onnx(13, FLOAT, [1000, 3], 1, output_count=3),
    "opset18_1d_uneven": onnx(18, FLOAT, [1023], 0, num_outputs=3),
    # issue 26: one output of 65536 workgroups or more (a GPU's grid is 2^31 - 1 wide; the shape
    # word's width field holds 16 bits), and DEINTERLEAVE's last tile of one 8- or 12-byte row
    "opset13_int8_one_output_2_31": onnx(13, INT8, [2**31], 0, output_count=1),
    "opset13_rows_2049_by_2": onnx(13, FLOAT, [2049, 2], 1, output_count=2),
    "opset13_rows_1365_by_3": onnx(13, FLOAT, [1365, 3], 1, output_count=3),
    # a reproducer kept as found (557b53c): billions of bands once made the plan's own account loop
    "slow_tiles_many_bands": bytes.fromhex("03026edde7f3051801"),
}


# --- OpenVINO -----------------------------------------------------------------------------
OV_F32, OV_I32, OV_U8 = 5, 10, 17
I64, I32, U8 = 0, 1, 7  # indices of decode_type's integer table


def ov_constant(type_index, rank, values, misalign=0):
    length = len(values) if rank == 1 else 0
    return b(type_index, rank) + v(length) + b(misalign) + vs(values)


def ov(variadic, element_type, shape, axis, num_splits=0, lengths=None, fix=False, capacity=0):
    lengths = lengths if lengths is not None else ov_constant(I64, 1, [])
    return (b(variadic) + v(element_type) + b(len(shape)) + vs(shape) + axis + v(num_splits) + lengths +
            b(int(fix), 0, capacity))


openvino = {
    "split1_example": ov(0, OV_F32, [6, 12, 10, 24], ov_constant(I64, 0, [1]), num_splits=3),
    "split1_negative_axis": ov(0, OV_I32, [6, 12, 10, 24], ov_constant(I32, 0, [-1]), num_splits=24),
    "variadic_lengths": ov(1, OV_F32, [6, 12, 10, 24], ov_constant(I64, 0, [0]), lengths=ov_constant(I64, 1, [1, 2, 3])),
    "variadic_minus_one": ov(1, OV_F32, [6, 12, 10, 24], ov_constant(I32, 0, [1], misalign=1),
                             lengths=ov_constant(I32, 1, [-1, 2], misalign=3)),
    "variadic_axis_shape1_u8": ov(1, OV_U8, [4, 5], ov_constant(U8, 1, [1]), lengths=ov_constant(U8, 1, [2, 3])),
    "variadic_fix_sum": ov(1, OV_F32, [3, 9], ov_constant(I64, 0, [1]), lengths=ov_constant(I64, 1, [4, 0]), fix=True),
}



# --- ONNX Concat and OpenVINO Concat-1 ------------------------------------------------------
CONCAT_OPSET = {1: 0, 4: 1, 11: 2, 13: 3}


def concat_node(type_code, shape, axis, axis_sizes, odd, how, value, capacity):
    """check_concat.h's node; axis None: the attribute left out."""
    return (b(int(axis is not None)) + v(axis or 0) + v(len(axis_sizes)) + v(type_code) + b(len(shape)) + vs(shape) +
            vs(axis_sizes) + b(odd, how) + v(value) + b(0, capacity))


def onnx_concat(opset, data_type, shape, axis, axis_sizes, odd=0, how=0, value=0, capacity=0):
    return b(CONCAT_OPSET[opset]) + concat_node(data_type, shape, axis, axis_sizes, odd, how, value, capacity)


def ov_concat(type_code, shape, axis, axis_sizes, odd=0, how=0, value=0, capacity=0):
    """type_code: 0 f32, 1 f16, 2 i8, 3 u8, 4 i64, 5 bf16, 6 f8e4m3, 7 f64, else 8 + Type_t."""
    return concat_node(type_code, shape, axis, axis_sizes, odd, how, value, capacity)


# The "concat" example of ONNX's Concat document: 1d, 2d and 3d on every axis.
onnx_concat_seeds = {}
for case, rank in (("1d", 1), ("2d", 2), ("3d", 3)):
    for axis in list(range(rank)) + list(range(-rank, 0)):
        name = "test_concat_%s_axis_%s" % (case, axis if axis >= 0 else "negative_%d" % -axis)
        onnx_concat_seeds[name] = onnx_concat(13 if axis >= 0 else 11, FLOAT, [2] * rank, axis, [2, 2])
onnx_concat_seeds.update({
    "opset1_default_axis_float16": onnx_concat(1, 10, [2, 3], None, [3, 1]),
    "opset4_int8_three_inputs": onnx_concat(4, INT8, [4, 3], 0, [1, 2, 3]),
    "opset13_empty_input": onnx_concat(13, FLOAT, [2, 0], 1, [0, 3]),
    "opset13_openvino_example": onnx_concat(13, FLOAT, [1, 8, 50, 50], 1, [8, 16, 32]),
    "opset13_type_mismatch": onnx_concat(13, FLOAT, [2, 3], 0, [2, 2], odd=2, how=0, value=11),
    "opset13_rank_mismatch": onnx_concat(13, FLOAT, [2, 3], 0, [2, 2], odd=2, how=1, value=3),
    # short rows of the output (a join's DEINTERLEAVE) and a bfloat16 KV-cache append
    "opset13_last_axis_1_and_2": onnx_concat(13, FLOAT, [1000, 1], 1, [1, 2]),
    "opset13_bfloat16_kv_append": onnx_concat(13, BFLOAT16, [1, 8, 16, 64], 2, [16, 1]),
})

# The example of OpenVINO's Concat-1 specification: [1,8,50,50], [1,16,50,50], [1,32,50,50]
# on axis 1 (or -3) give [1,56,50,50].
openvino_concat = {
    "example_axis_1": ov_concat(0, [1, 8, 50, 50], 1, [8, 16, 32]),
    "example_axis_negative_3": ov_concat(0, [1, 8, 50, 50], -3, [8, 16, 32]),
    "i8_empty_input": ov_concat(2, [3, 4], 0, [1, 0, 2]),
    "boolean": ov_concat(8 + 2, [2], 0, [1, 1]),
    "type_mismatch_f16": ov_concat(0, [2, 3], 1, [3, 1], odd=2, how=0, value=1),
    "later_rank_below_axis": ov_concat(0, [2, 3], 1, [3, 1], odd=2, how=1, value=1),
}

# --- ONNX TensorScatter-24 (fuzz_onnx_tensorscatter.c's format) ------------------------------
TS_MODES = {None: 0, "linear": 1, "circular": 2, "": 3, "Circular": 4, "linear\n": 7}
ABSENT, HOST, DEVICE = 0, 1, 2


def tensorscatter(dtype, shape, seq, wi=(), axis=None, mode=None, source=ABSENT, opset=0, odd=None,
                  update_type=None, update_rank=None, wi_type=0, wi_rank=0, wi_odd=None, flags=0, which=0, edge=0,
                  nulls=0, mode_text=None):
    """opset: an index into 24, 23, 25, 0, -1, 1, 18, INT64_MIN, INT64_MAX; odd, wi_odd: (index, value);
    wi: the write indices (read for every input: a batch's worth); mode_text: bytes past the table."""
    flags |= (axis is not None) | (update_type is not None) << 1 | (update_rank is not None) << 2
    out = b(opset) + v(dtype) + b(flags, len(shape)) + vs(shape) + v(axis or 0) + v(seq)
    out += b(odd[0] + 1) + v(odd[1]) if odd else b(0)
    out += (v(update_type) if update_type is not None else b"") + (b(update_rank) if update_rank is not None else b"")
    out += b(14, len(mode_text)) + mode_text if mode_text is not None else b(TS_MODES[mode])
    out += b(source, wi_type, wi_rank) + (b(wi_odd[0] + 1) + v(wi_odd[1]) if wi_odd else b(0))
    return out + vs(wi) + b(which, edge, nulls)


F32, BF16, C128 = 1, 16, 15
SMALL, SEQ_IN, WI_IN = 8, 16, 32
tensorscatter_seeds = {
    # ONNX's backend cases (onnx/backend/test/case/node/tensorscatter.py)
    "test_tensorscatter": tensorscatter(F32, [2, 1, 4, 5], 1, [1, 2], source=HOST),
    "test_tensorscatter_circular": tensorscatter(F32, [2, 1, 4, 5], 2, [1, 3], mode="circular", source=HOST),
    "test_tensorscatter_3d": tensorscatter(F32, [3, 4, 6], 2, [1, 2, 0], source=HOST),
    # write_indices absent (one start 0), on the GPU (the node's values bound), a KV cache [B, H, S, D]
    "absent_kv_cache": tensorscatter(F32, [2, 3, 8, 4], 5),
    "absent_circular": tensorscatter(F32, [2, 3, 8, 4], 5, mode="circular"),
    "gpu_linear": tensorscatter(F32, [2, 3, 8, 4], 1, [7, 0], source=DEVICE),
    "gpu_linear_outside": tensorscatter(F32, [2, 3, 8, 4], 2, [7, 0], source=DEVICE),
    "gpu_circular_negative": tensorscatter(F32, [2, 3, 8, 4], 3, [-1, 17], mode="circular", source=DEVICE),
    # circular: any start; 8 heads over 4 places (onnx.h: the position alone wraps); no place at all
    "circular_int64_extremes": tensorscatter(F32, [2, 4, 2], 3, [-2**63, 2**63 - 1], mode="circular", source=HOST),
    "circular_heads_past_places": tensorscatter(F32, [2, 8, 4, 2], 3, [2, 5], axis=2, mode="circular", source=HOST),
    "circular_batch_past_places": tensorscatter(F32, [8, 4, 2], 4, [0, 1, 2, 3, 4, 5, 6, 7], mode="circular",
                                                source=HOST),
    "circular_no_places": tensorscatter(F32, [2, 0, 2], 0, [5, -3], mode="circular", source=HOST),
    # linear at its edges: the last start, one past it (WRITE_INDEX), INT64_MAX, a sequence of 0
    "linear_last_start": tensorscatter(F32, [2, 4, 2], 2, [2, 2], mode="linear", source=HOST),
    "linear_past_the_end": tensorscatter(F32, [2, 4, 2], 2, [3, 0], source=HOST),
    "linear_int64_max": tensorscatter(F32, [2, 4, 2], 2, [0, 2**63 - 1], source=HOST),
    "linear_sequence_0": tensorscatter(F32, [2, 4, 2], 0, [4, 0], source=HOST),
    # axes and types: axis 1 of [B, S, H, D], -1 (rows of one element), bfloat16 rank 5, complex128 rank 8
    "axis_1_bshd": tensorscatter(F32, [2, 8, 3, 4], 2, [6, 0], axis=1, source=HOST),
    "axis_minus_1": tensorscatter(F32, [2, 3, 6], 2, [4, 0], axis=-1, source=HOST),
    "bfloat16_rank_5_axis_3": tensorscatter(BF16, [2, 2, 2, 6, 3], 1, [-1, 17], axis=3, mode="circular",
                                            source=HOST),
    "complex128_rank_8": tensorscatter(C128, [2, 1, 1, 1, 1, 1, 4, 2], 4, [0, 0], axis=6, source=HOST),
    # folded: small shapes, the sequence and the indices in range (the semantic check's food)
    "folded_gpu_circular": tensorscatter(F32, [13, 200, 9, 17], 77, [3, 100, -7], mode="circular", source=DEVICE,
                                         flags=SMALL | SEQ_IN | WI_IN),
    # refused: a scalar, rank 9, bytes past 64 bits, axis 0, a mode with a newline, a shape NULL
    "rank_0": tensorscatter(F32, [], 0),
    "rank_9": tensorscatter(F32, [2, 1, 1, 1, 1, 1, 1, 4, 2], 1),
    "bytes_overflow": tensorscatter(F32, [2**31, 2**32, 2], 1),
    "huge_but_empty": tensorscatter(F32, [2**40, 0, 2**20], 0, axis=1),
    "axis_0": tensorscatter(F32, [2, 4, 2], 2, axis=0),
    "mode_wrap": tensorscatter(F32, [2, 4, 2], 1, mode_text=b"wrap"),
    "mode_newline": tensorscatter(F32, [2, 4, 2], 1, mode="linear\n"),
    "write_indices_int32": tensorscatter(F32, [2, 4, 2], 1, [0, 0], source=DEVICE, wi_type=6),
    "write_indices_2x1": tensorscatter(F32, [2, 4, 2], 1, [0, 0], source=DEVICE, wi_rank=3, wi_odd=(1, 1)),
    "write_indices_rank_5": tensorscatter(F32, [2, 4, 2], 1, [0, 0], source=HOST, wi_rank=6),
    "host_values_null": tensorscatter(F32, [2, 4, 2], 1, [0, 0], source=HOST, nulls=0xf8),
    "host_batch_0_values_null": tensorscatter(F32, [0, 4, 2], 1, [], source=HOST, nulls=0xf8),
    # 2049 host indices: the rows planner's limit (2048), not the front-end's
    "host_batch_2049": tensorscatter(F32, [2049, 4, 2], 1, [1, 2, 3], source=HOST),
    "update_type_differs": tensorscatter(F32, [2, 4, 2], 1, update_type=11),
}


# --- .npy ---------------------------------------------------------------------------------
def npy(major, dict_text, data):
    prefix = 10 if major == 1 else 12
    text = dict_text + b"\n"
    total = (prefix + len(text) + 63) // 64 * 64
    header = total - prefix
    length = struct.pack("<H", header) if major == 1 else struct.pack("<I", header)
    return b"\x93NUMPY" + b(major, 0) + length + dict_text + b" " * (header - len(text)) + b"\n" + data


def npy_dict(descr, shape):
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    return b"{'descr': " + descr + b", 'fortran_order': False, 'shape': (" + dims.encode() + b"), }"


npy_seeds = {
    "f4_2x3": npy(1, npy_dict(b"'<f4'", [2, 3]), bytes(range(24))),
    "bool_5": npy(1, npy_dict(b"'|b1'", [5]), b"\x00\x01\x01\x00\x01"),
    "bf16_field": npy(1, npy_dict(b"[('bf16', '<V2')]", [3]), bytes(6)),
    "latin1_field_v1": npy(1, npy_dict(b"[('\xe9', '<V2')]", [1]), b"\x01\x02"),
    "utf8_field_v3": npy(3, npy_dict(b"[('\xe2\x82\xac', '<V2')]", [1]), b"\x01\x02"),
    "i8_empty_v2": npy(2, b"{'shape': (0, 4), 'fortran_order': False, 'descr': '<i8'}", b""),
    "f8_scalar": npy(1, npy_dict(b"'<f8'", []), struct.pack("<d", 3.5)),
    "c16_python2_long": npy(1, b"{\"descr\": \"<c16\", \"fortran_order\": False, \"shape\": (1L, 1L)}", bytes(16)),
    "u1_max_dim": npy(1, npy_dict(b"'|u1'", [9223372036854775807, 0]), b""),
}


def deflated(data, strategy=zlib.Z_DEFAULT_STRATEGY, level=9):
    """fuzz_inflate's input: the decoded size (2 bytes, little-endian), then the raw stream."""
    c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    return struct.pack("<H", len(data)) + c.compress(data) + c.flush()


MESSAGE = b"vksplit: split and join, byte for byte. " * 3 + b"a" * 32
WORDS = b"".join(struct.pack("<I", 0x07230203 if i == 0 else (i * 2654435761) % 97) for i in range(1000))
inflate_seeds = {
    "stored": deflated(MESSAGE, level=0),
    "fixed": deflated(MESSAGE, zlib.Z_FIXED),
    "dynamic": deflated(MESSAGE * 8),
    "run258": deflated(b"x" * 600 + b"!", zlib.Z_FIXED),
    "words": deflated(WORDS),
}


# --- device parameters (fuzz_device.c) ---------------------------------------------------------
def device(flags, element_index, sizes, axis, caps, whole, lengths, offsets=None, pads=()):
    """flags: bit 0 a join, 1 GIVEN, 2 padded rows (pads: a byte per dimension before the axis,
    outermost last), bits 3-4 the lengths' choice (fuzz_device.c)."""
    offsets = offsets or [0] * len(caps)
    out = b(flags, element_index, len(sizes) - 1, axis) + vs(sizes) + v(len(caps)) + vs(caps) + bytes(pads) + v(whole)
    for i in range(len(caps)):
        out += (v(lengths[i]) if (flags >> 3) & 3 != 1 else b"") + v(offsets[i])
    return out


JOIN, GIVEN, PADDED, AT_CAPACITY, SUM_WRAPS = 1, 2, 4, 1 << 3, 2 << 3
device_seeds = {
    "moe_dispatch_f16": device(0, 1, [40, 16], 0, [12, 10, 8, 10], 30, [10, 8, 6, 6]),
    "moe_combine_at_capacity": device(JOIN | AT_CAPACITY, 1, [40, 16], 0, [12, 10, 8, 10], 40, []),
    "kv_append": device(JOIN | GIVEN, 2, [2, 3, 16, 8], 2, [1], 0, [1], [5]),
    "split_given_overlapping": device(GIVEN, 0, [2, 20, 4], 1, [6, 6, 8], 0, [3, 6, 8], [0, 2, 12]),
    "padded_rows": device(JOIN | PADDED, 2, [3, 13, 6], 1, [5, 1, 7], 9, [4, 1, 4], pads=[3]),
    # 127 lengths of 2^25 and a last one chosen so that the 32-bit sum is 5: 2^32 + 5 in all
    "sum_past_2_32": device(JOIN | SUM_WRAPS, 2, [64], 0, [2**26] * 128, 5, [2**25] * 128),
    # a whole of 2^32 - 2 words: its rounding to tiles wrapped (refused now)
    "capacity_2_32_words": device(0, 2, [2**32 - 2], 0, [2**32 - 2], 2**32 - 2, [2**32 - 2]),
    "part_capacity_past_32_bits": device(0, 2, [0, 16, 4], 1, [2**32 + 5, 3], 9, [6, 3]),
    "nothing_to_copy_whole_0": device(0, 2, [2, 0, 4], 1, [3, 0], 1, [1, 0]),
}


# --- rows the GPU places (fuzz_rows.c) --------------------------------------------------------
INDEXED, LINEAR, CIRCULAR = 0, 1, 2
RAW, PROGRESSION, PROGRESSION_MOD, CONSTANT = 0, 1, 2, 3
BDA, RUNS, WIDE_GRID = 1, 2, 4
GPU_TUNING = (BDA | WIDE_GRID, 256, 512, 2048, 16)


def rows_layout(spec, rank, axis):
    """None: packed; ("padded", pads): a pad byte per dimension up to the axis, innermost first
    (0xff broadcasts with "broadcast"); ("explicit", strides): outermost first, as in a desc."""
    if spec is None:
        return b(0)
    how, values = spec
    if how == "explicit":
        return b(3) + vs(list(reversed(values)))
    return b(1 if how == "padded" else 2) + bytes(values)


def rows_request(mode, sizes, axis, length, join, host, skip, index_bytes, element_size, list_dims, pages_along,
                 align, whole, part, tuned):
    """The request's bytes, up to the device byte."""
    code = {8: 0, 4: 1, 0: 2}[index_bytes]
    flags = int(join) | int(host) << 1 | int(skip) << 2 | mode << 3 | code << 5
    out = b(flags) + v(element_size - 1) + b(len(sizes) - 1, axis) + vs(sizes) + v(length) + v(list_dims)
    out += v(pages_along) + b(align.bit_length() if align else 0)
    out += rows_layout(whole, len(sizes), axis) + rows_layout(part, len(sizes), axis)
    tuned_flags, wg, inv, least, word = tuned
    return out + b(tuned_flags) + v(wg - 1) + v(inv - 1) + v(least - 1) + b(word.bit_length() - 1)


def rows(mode, sizes, axis, length, indices, join=False, host=False, skip=False, index_bytes=8, element_size=4,
         list_dims=0, pages_along=0, align=0, whole=None, part=None, tuned=GPU_TUNING, overrides=()):
    """indices: (RAW, [values]) | (PROGRESSION or PROGRESSION_MOD, a, s, t) | (CONSTANT, value);
    overrides: (entry, kind, value), kind 0 the value, 1 C + value, 2 C - L + value, 3 value - C,
    4 INT64_MIN + value, 5 INT64_MAX - value. tuned: (flags: BDA, RUNS, WIDE_GRID; workgroup,
    invocation_bytes, min_workgroups, widest word). pages_along: d + 1, the places' pages along
    dimension d."""
    out = rows_request(mode, sizes, axis, length, join, host, skip, index_bytes, element_size, list_dims,
                       pages_along, align, whole, part, tuned)
    out += b(0)  # no device parameters: the indices follow
    out += b(indices[0] | len(overrides) << 2)
    out += vs(indices[1]) if indices[0] == RAW else vs(indices[1:])
    for entry, kind, value in overrides:
        out += v(entry) + b(kind) + v(value)
    return out


def rows_device(device, sizes, axis, capacity, whole_length, length, offset, join=True, element_size=4, align=0,
                whole=None, part=None, tuned=GPU_TUNING):
    """Device parameters of one part (PACKED, GIVEN, RING) on the rows kernels: capacity the part's
    rows L, and the block's three words, each (base, value): base 0, "L", "C" or "C-L"."""
    out = rows_request(LINEAR, sizes, axis, capacity, join, False, False, 8, element_size, 0, 0, align, whole,
                       part, tuned)
    out += b(device)
    for base, value in (whole_length, length, offset):
        out += b({0: 0, "L": 1, "C": 2, "C-L": 3}[base]) + v(value)
    return out


rows_seeds = {
    # a one-token KV append at a position the GPU wrote (LINEAR), f16 [1, 8, 64, 128] by slot
    "kv_append_linear": rows(LINEAR, [1, 8, 64, 128], 2, 1, (RAW, [37]), join=True, element_size=2),
    # llama.cpp's SET_ROWS: one list per batch element (list_dims bit 0), broadcast over heads
    "set_rows_lists": rows(INDEXED, [2, 3, 16, 8], 2, 4, (PROGRESSION_MOD, 3, 5, 1), join=True, list_dims=1),
    # GET_ROWS of int32 indices, rows repeated (a gather may repeat)
    "get_rows_int32": rows(INDEXED, [32, 64], 0, 10, (RAW, [3, 3, 31, 0, 7]), index_bytes=4),
    # vLLM's paged-cache write by slot, padding slots (-1) skipped, from the host
    "paged_cache_skip": rows(INDEXED, [64, 4, 16], 0, 6, (RAW, [5, -1, 9, 63, -1, 0]), join=True, host=True,
                             skip=True, element_size=2),
    # a mixture of experts' permute: 100 rows (the check pass, not the copy's own check)
    "moe_permute_check_pass": rows(INDEXED, [96, 48], 0, 100, (PROGRESSION_MOD, 7, 13, 0)),
    # its unpermute, two rows planted at one place: ROWS_DUPLICATE through the bitmaps
    "moe_unpermute_duplicate": rows(INDEXED, [128, 32], 0, 100, (PROGRESSION_MOD, 0, 1, 0), join=True,
                                    overrides=[(60, 0, 17)]),
    # CIRCULAR starts anywhere in int64: INT64_MIN and a wrap past the end, per list
    "circular_extremes": rows(CIRCULAR, [3, 10, 8], 1, 7, (RAW, [2**63, -1, 9]), join=True, list_dims=1),
    "circular_host_int32": rows(CIRCULAR, [4, 33, 3], 1, 33, (RAW, [-2**31, 2**31 - 1, 32, -33]), host=True,
                                index_bytes=4, list_dims=1, element_size=1),
    # a LINEAR start one past C - L (ROWS_START), and an INDEXED entry at C (ROWS_INDEX)
    "linear_start_past_end": rows(LINEAR, [5, 20, 4], 1, 6, (RAW, [0, 3, 15, 2, 1]), list_dims=1),
    "indexed_at_places": rows(INDEXED, [20, 4], 0, 5, (RAW, [0, 1, 2, 3, 4]), join=True, host=True,
                              overrides=[(3, 1, 0)]),
    # outer dimensions transposed (the places outermost in memory) in the whole, a padded part
    "transposed_places": rows(INDEXED, [4, 8, 16], 1, 3, (PROGRESSION, 1, 3, 0), join=True, element_size=2,
                              whole=("explicit", [16, 64, 1]), part=("padded", [1, 2])),
    # llama.cpp's transposed V cache: rows of one f16 (2-byte words, atomic stores without 16-bit storage)
    "v_cache_one_f16_rows": rows(INDEXED, [4, 64], 1, 3, (PROGRESSION, 9, 1, 0), join=True, element_size=2),
    # a split from a broadcast whole, descriptors' tuning, lanes in runs
    "broadcast_whole_runs": rows(INDEXED, [6, 5, 24], 1, 9, (RAW, [4, 0, 2, 2]), whole=("broadcast", [0, 0xff]),
                                 tuned=(RUNS, 8, 4096, 8, 16)),
    # many rows: the model samples the grid (2^31 - 1 rows of one byte)
    "gather_2_31_rows": rows(LINEAR, [2**31 - 1, 1], 0, 2**31 - 1, (RAW, [0]), element_size=1, align=1),
    # regressions, each fixed in src/geometry/mapping_rows.c: host CIRCULAR indices into no places
    # (C = 0, so L = 0): their normalization divided by zero at plan time
    "circular_no_places": rows(CIRCULAR, [0], 0, 0, (RAW, [5]), join=True, host=True),
    # tunings whose trips are no power of two: invocation_bytes 56 on 1-byte words (3 trips: blocks
    # of 0 rows, a division by zero), 768 on 16-byte words (12 trips: each block's last 4096 items
    # the next block's first row, copied twice)
    "tuning_trips_3": rows(INDEXED, [80, 80, 176], 0, 9, (RAW, [0]), skip=True, element_size=1, align=1,
                           tuned=(0, 56, 56, 56, 1)),
    "tuning_trips_12": rows(INDEXED, [64, 5000], 0, 8, (PROGRESSION, 0, 3, 0), element_size=16,
                            tuned=(BDA, 256, 768, 1, 16)),
    # a host INDEXED join whose lists are none (a listed dimension of size 0) and L = 2^31 - 1: the
    # duplicates' check allocated L pairs (16 GiB) for no entry
    "host_join_no_lists": rows(INDEXED, [0, 0, 0, 0, 0, 0, 1, 0], 5, 2**31 - 1, (RAW, []), join=True, host=True,
                               list_dims=1),
    # the grid's padding wrapping 32 bits: 2^32 - 1 rows of 4 bytes on a grid 65535 wide (lavapipe's:
    # 524288 workgroups as 65535 x 9, the padding's first rows past 2^32), and 2^32 - 1 workgroups on
    # one 2^31 - 1 wide (3 rows of it, the padding's ids past 2^32): padding workgroups copied real
    # ones' rows again
    "padding_rows_past_2_32": rows(INDEXED, [65537, 1, 1], 1, 65535, (CONSTANT, 0)),
    "padding_workgroups_past_2_32": rows(INDEXED, [1, 2**29 + 1], 0, 65535, (CONSTANT, 0), element_size=16),
    # pages (vksplit_rows.pages_along): vLLM's HND paged cache [blocks, H, block_size, D] written by
    # slot, the key [T, H, D] a broadcast along the blocks (stride 0), padding slots skipped
    "paged_hnd_slots": rows(INDEXED, [8, 4, 16, 32], 2, 5, (RAW, [5, -1, 77, 127, 16]), join=True, skip=True,
                            element_size=2, pages_along=1, part=("explicit", [0, 5 * 32, 32, 1])),
    # a LINEAR run of places across a page's end (host), a CIRCULAR one from the last page to the first
    "paged_linear_across_pages": rows(LINEAR, [4, 2, 8, 16], 2, 6, (RAW, [13]), join=True, host=True,
                                      pages_along=1, part=("explicit", [0, 6 * 16, 16, 1])),
    "paged_circular_wrap": rows(CIRCULAR, [3, 4, 8, 8], 2, 7, (RAW, [-3, 40, 2**63]), join=True, list_dims=2,
                                pages_along=1, element_size=2),
    # pages the rules refuse: on a split, and along a listed dimension
    "pages_on_a_split": rows(INDEXED, [4, 8, 16], 1, 3, (RAW, [0, 9, 31]), pages_along=1),
    "pages_along_listed": rows(INDEXED, [4, 8, 16], 1, 3, (RAW, [0, 9, 31]), join=True, list_dims=1, pages_along=1),
}

# --- device parameters of one part on the rows kernels (vksplit__plan_device_rows) ------------
PACKED, GIVEN, RING = 1, 2, 3
rows_seeds.update({
    # a one-token KV append at the position the engine wrote (GIVEN), f16 [1, 8, 64, 128]
    "device_given_append": rows_device(GIVEN, [1, 8, 64, 128], 2, 4, (0, 0), (0, 1), (0, 37), element_size=2),
    # a sliding window's append wrapping past the whole's end (RING: the offset modulo the places)
    "device_ring_wrap": rows_device(RING, [1, 8, 64, 128], 2, 16, (0, 0), ("L", 0), ("C", -5), element_size=2),
    "device_ring_offset_2_32": rows_device(RING, [2, 9, 3], 1, 9, (0, 0), (0, 7), (0, 2**32 - 1), element_size=1),
    # PACKED from the whole's start (a split: a gather of the first rows)
    "device_packed_split": rows_device(PACKED, [4, 20, 6], 1, 12, (0, 9), (0, 9), (0, 0), join=False),
    # each rule broken: the length past the capacity, the offset past the places, the whole's
    # length past them, the sum
    "device_length_past": rows_device(GIVEN, [3, 10, 4], 1, 6, (0, 0), ("L", 1), (0, 0)),
    "device_offset_past": rows_device(GIVEN, [3, 10, 4], 1, 6, (0, 0), ("L", 0), ("C-L", 1)),
    "device_offset_2_32": rows_device(GIVEN, [3, 10, 4], 1, 6, (0, 0), (0, 2), (0, 2**32 - 1)),
    "device_whole_past": rows_device(PACKED, [3, 10, 4], 1, 6, ("C", 1), (0, 2), (0, 0)),
    "device_sum": rows_device(PACKED, [3, 10, 4], 1, 6, (0, 3), (0, 2), (0, 0)),
    # a capacity past the places (GIVEN may; RING may not), rows of 3 bytes (1-byte words)
    "device_given_capacity_past_places": rows_device(GIVEN, [5, 4, 3], 1, 9, (0, 0), (0, 3), (0, 1),
                                                     element_size=1, align=1),
    "device_ring_capacity_past_places": rows_device(RING, [5, 4, 3], 1, 9, (0, 0), (0, 3), (0, 1),
                                                    element_size=1, align=1),
    # many rows: the model samples the grid
    "device_given_many_rows": rows_device(GIVEN, [2**20 + 7, 4], 0, 2**20, (0, 0), ("L", -3), (0, 5)),
    # regressions, fixed in src/geometry/mapping_rows.c: the plans counted a part's rows o x L (L a
    # capacity) and its indices lists x L in 64-bit products that wrapped. A join's part that
    # broadcasts along 2^34 + 1 outer indices, 2^30 rows each (the harness found it): 2^30 rows
    # planned, outer index 0's alone; a gather of 2^18 rows each from 2^46 + 1 broadcast ones, into
    # a packed part past 2^64 elements (its span 0 bytes): 2^18 rows; an empty part's 2^40 lists
    # of 2^30 indices: none to check
    "rows_past_2_64_device_join": rows_device(PACKED, [2**34 + 1, 1, 1], 1, 2**30, (0, 0), (0, 0), (0, 0),
                                              part=("explicit", [0, 1, 1])),
})
rows_seeds.update({
    "rows_past_2_64_gather": rows(INDEXED, [2**46 + 1, 1, 1], 1, 2**18, (CONSTANT, 0), whole=("explicit", [0, 1, 1])),
    "indices_past_2_64": rows(INDEXED, [2**40, 1, 0], 1, 2**30, (CONSTANT, 0), list_dims=1,
                              part=("explicit", [2**30, 1, 1])),
})

# --- copies that convert (fuzz_convert.c) -------------------------------------------------------
NONE_T, F32, F16, BF16, E4M3, E5M2, Q8_0 = 0, 1, 2, 3, 4, 5, 6


def convert_layout(spec):
    """None: packed; ("padded", pads innermost first); ("permuted", order byte, pads innermost
    first); ("explicit", strides outermost first, each a byte)."""
    if spec is None:
        return b(0)
    how = spec[0]
    if how == "padded":
        return b(1) + bytes(spec[1])
    if how == "permuted":
        return b(2, spec[1]) + bytes(spec[2])
    return b(3) + bytes(reversed(spec[1]))


def convert(whole_type, parts_type, sizes, axis, lengths, join=False, scale=None, no_saturate=False,
            element_size=None, options=None, align=0, whole=None, parts=(), workgroup=256, grid=(0, 0),
            reach=None, moderate=True, raw_types=False):
    """sizes: the whole's, its size along the axis the lengths' sum (the entry there unused);
    scale: ("host", value: 0..15 an index into host_scales, else a float's bits) or ("device",
    index into device_scales); options: (path, device_parameters, rows, pages) as the byte's fields;
    parts: a layout per part (missing ones packed); grid: the largest x and y (0: 65535)."""
    q8 = Q8_0 in (whole_type, parts_type)
    rank = len(sizes)
    scale_how = {None: 0, "host": 1, "device": 2}[scale[0] if scale else None]
    flags = int(join) | scale_how << 1 | int(no_saturate) << 3 | int(raw_types) << 4
    flags |= int(element_size is not None) << 5 | int(reach is not None) << 6 | int(options is not None) << 7
    out = b(flags)
    out += vs([whole_type, parts_type]) if raw_types else b(whole_type | parts_type << 3)
    if element_size is not None:
        out += v(element_size)
    if options is not None:
        path, parameters, rows, pages = options
        out += b(path | parameters << 2 | rows << 4 | pages << 5)
    if scale:
        out += v(scale[1]) if scale[0] == "host" else b(scale[1])
    out += b(rank - 1, axis, len(lengths) - 1)

    def size_byte(n, d):  # ("raw", byte): the byte itself (0xf0 and up: no whole blocks)
        if isinstance(n, tuple):
            return n[1]
        return n // 32 if q8 and d == rank - 1 else n

    out += bytes(size_byte(n, d) for d, n in enumerate(sizes) if d != axis)
    out += bytes(size_byte(n, axis) for n in lengths)
    out += b(align.bit_length() if align else 0)
    out += convert_layout(whole)
    for p in range(len(lengths)):
        out += convert_layout(parts[p] if p < len(parts) else None)
    out += b(workgroup.bit_length() - 1) + vs(grid)
    if reach is not None:
        out += v(reach)
    return out + b(int(moderate))


HOST, DEVICE = "host", "device"
AUTO, COMPUTE, TRANSFER = 0, 1, 2
convert_seeds = {
    # float32 into float16 and bfloat16 halves: runs of words, a part starting inside a word
    "split_f32_f16_words": convert(F32, F16, [4, 0], 1, [3, 5]),
    "join_f16_f32_padded": convert(F32, F16, [3, 0, 5], 1, [2, 1, 2], join=True, whole=("padded", [0, 3, 1]),
                                   parts=[("padded", [0, 1, 0])]),
    # FP8 with a host scale, the whole transposed (elements one by one); a device scale, a part that broadcasts
    "split_bf16_e4m3_host_scale": convert(BF16, E4M3, [5, 0, 3], 1, [1, 4], scale=(HOST, 3), align=4,
                                          whole=("permuted", 0, [0, 0, 0])),
    "join_e5m2_f32_device_scale": convert(F32, E5M2, [0, 6], 0, [2, 4], join=True, scale=(DEVICE, 1),
                                          parts=[("explicit", [0, 1])]),
    "split_f16_e4m3_no_saturate_random": convert(F16, E4M3, [7, 0], 1, [3, 3, 1], no_saturate=True, moderate=False),
    # Q8_0: quantizing a split's float32 rows, dequantizing into padded float16 rows (odd starts:
    # the half-words merged), a join of bfloat16 blocks into a Q8_0 whole along its last dimension
    "split_f32_q8_0": convert(F32, Q8_0, [3, 96], 0, [1, 2]),
    "split_q8_0_f16_padded": convert(Q8_0, F16, [4, 64], 0, [3, 1], parts=[("padded", [0, 1]), ("padded", [0, 3])]),
    "join_bf16_q8_0_last_axis": convert(Q8_0, BF16, [2, 0], 1, [32, 64], join=True, moderate=False),
    "join_q8_0_f32_random": convert(F32, Q8_0, [2, 2, 32], 1, [1, 1], join=True, moderate=False),
    # descriptors (32-bit positions), one-lane workgroups on a grid 3 wide; a reach too short
    "descriptors_small_grid": convert(F16, F32, [4, 0, 3], 1, [2, 3], workgroup=1, grid=(3, 0), reach=4096),
    "descriptors_reach_short": convert(F32, BF16, [8, 0], 1, [4, 4], reach=64),
    # a grid too small for the workgroups, and each rule the options break
    "grid_too_small": convert(F32, F16, [8, 8, 0], 2, [8], workgroup=1, grid=(5, 7)),
    "pair_e4m3_e5m2": convert(E4M3, E5M2, [4], 0, [4]),
    "type_past_q8_0": convert(1000, F16, [4], 0, [4], raw_types=True),
    "scale_off_fp8": convert(F32, F16, [4], 0, [4], scale=(HOST, 1)),
    "host_scale_negative": convert(F32, E5M2, [4], 0, [4], scale=(HOST, 15)),
    "element_size_f16_as_4": convert(F16, F32, [4], 0, [4], element_size=4),
    "q8_0_not_whole_blocks": convert(F32, Q8_0, [2, 0], 1, [("raw", 0xf8)], moderate=False),
    "q8_0_permuted": convert(Q8_0, F32, [0, 64], 0, [1, 1], whole=("permuted", 0, [0, 0])),
    "transfer_path": convert(F32, F16, [4], 0, [4], options=(TRANSFER, 0, 0, 0)),
    "device_ring": convert(F32, F16, [4], 0, [4], options=(AUTO, 3, 0, 0)),
}


def write(harness, seeds):
    folder = os.path.join(HERE, "corpus", harness)
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    for name, data in seeds.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)


write("fuzz_directml", directml)
write("fuzz_directml_join", directml_join)
write("fuzz_onnx", onnx_seeds)
write("fuzz_openvino", openvino)
write("fuzz_npy", npy_seeds)
write("fuzz_onnx_concat", onnx_concat_seeds)
write("fuzz_openvino_concat", openvino_concat)
write("fuzz_onnx_tensorscatter", tensorscatter_seeds)
write("fuzz_inflate", inflate_seeds)
write("fuzz_device", device_seeds)
write("fuzz_rows", rows_seeds)
write("fuzz_convert", convert_seeds)
