/* ONNX front-end, TensorScatter-24: one row per rule (valid and invalid), asserting the rule (by
 * id), its code and the values its message shows; on success the join (one part, the update, into
 * past_cache's sizes along the normalised axis, packed) and the rows it places (LINEAR or
 * CIRCULAR, int64, one list per batch index or one start 0 for all, the host's values or the
 * GPU's); storage, *out and options_out untouched on error, and only options_out->rows written on
 * success; every ONNX data type against T; the version a model's opset selects. No device. */
#include "frontend_support.h"
#include "vksplit/onnx.h"

#define OK VKSPLIT_RULE_NONE
#define F VKSPLIT_ONNX_FLOAT
#define I64 VKSPLIT_ONNX_INT64
#define LINEAR VKSPLIT_ROWS_LINEAR
#define CIRCULAR VKSPLIT_ROWS_CIRCULAR
#define SENTINEL 0x5a

/* Where the accepted plan's host indices point. */
enum { WANT_GPU, WANT_NODE_DATA, WANT_ZERO };

typedef struct ts_case {
    const char* name;
    int64_t opset;
    vksplit_onnx_data_type past_type, update_type;
    uint32_t past_rank, update_rank;
    int64_t past_shape[9], update_shape[9];
    int has_axis;
    int64_t axis;
    const char* mode;
    vksplit_onnx_write_indices source;
    vksplit_onnx_data_type wi_type;
    uint32_t wi_rank;
    int64_t wi_shape[2];
    int64_t wi_data[4];
    int null_shape; /* 1 past_cache's, 2 update's, 3 write_indices_tensor's, 4 write_indices_data */
    vksplit_rule rule;
    const char* shows; /* values the message must show (the rule is told by id) */
    uint32_t want_axis;
    uint64_t want_length;
    vksplit_rows_mode want_mode;
    uint32_t want_list_dims;
    int want_host;
} ts_case;

/* Short forms for the table's rows, without braces of their own (as DIMS). */
#define TYPES(p, u) .past_type = (p), .update_type = (u)
#define FLOATS(r) TYPES(F, F), .past_rank = (r), .update_rank = (r)
#define PAST(...) .past_shape = {__VA_ARGS__}
#define UPDATE(...) .update_shape = {__VA_ARGS__}
#define AXIS(a) .has_axis = 1, .axis = (a)
#define HOST(batch, ...)                                                                          \
    .source = VKSPLIT_ONNX_WRITE_INDICES_HOST, .wi_type = I64, .wi_rank = 1, .wi_shape = {batch}, \
    .wi_data = {__VA_ARGS__}
#define ON_GPU(batch) .source = VKSPLIT_ONNX_WRITE_INDICES_DEVICE, .wi_type = I64, .wi_rank = 1, .wi_shape = {batch}
#define GIVEN(where, type, rank, ...) \
    .source = VKSPLIT_ONNX_WRITE_INDICES_##where, .wi_type = (type), .wi_rank = (rank), .wi_shape = {__VA_ARGS__}
#define PLACED(axis, length, mode, lists, host) \
    .want_axis = (axis), .want_length = (length), .want_mode = (mode), .want_list_dims = (lists), .want_host = (host)
#define REFUSED(id, message) .rule = (id), .shows = (message)

static const ts_case cases[] = {
    /* ONNX's backend cases (onnx/backend/test/case/node/tensorscatter.py). */
    {"test_tensorscatter", 24, FLOATS(4), PAST(2, 1, 4, 5), UPDATE(2, 1, 1, 5), HOST(2, 1, 2),
     PLACED(2, 1, LINEAR, 1, WANT_NODE_DATA)},
    {"test_tensorscatter_circular", 24, FLOATS(4), PAST(2, 1, 4, 5), UPDATE(2, 1, 2, 5), .mode = "circular",
     HOST(2, 1, 3), PLACED(2, 2, CIRCULAR, 1, WANT_NODE_DATA)},
    {"test_tensorscatter_3d", 24, FLOATS(3), PAST(3, 4, 6), UPDATE(3, 2, 6), HOST(3, 1, 2, 0),
     PLACED(1, 2, LINEAR, 1, WANT_NODE_DATA)},
    /* write_indices absent (zeros: one start 0 for all), given by the host, on the GPU. */
    {"absent", 24, FLOATS(4), PAST(2, 3, 8, 4), UPDATE(2, 3, 5, 4), PLACED(2, 5, LINEAR, 0, WANT_ZERO)},
    {"absent, circular", 24, FLOATS(4), PAST(2, 3, 8, 4), UPDATE(2, 3, 5, 4), .mode = "circular",
     PLACED(2, 5, LINEAR, 0, WANT_ZERO)},
    {"on the GPU, linear", 24, FLOATS(4), PAST(2, 3, 8, 4), UPDATE(2, 3, 1, 4), ON_GPU(2),
     PLACED(2, 1, LINEAR, 1, WANT_GPU)},
    {"on the GPU, circular", 24, FLOATS(4), PAST(2, 3, 8, 4), UPDATE(2, 3, 3, 4), .mode = "circular", ON_GPU(2),
     PLACED(2, 3, CIRCULAR, 1, WANT_GPU)},
    {"'linear' given", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 4, 2), .mode = "linear", HOST(2, 0, 0),
     PLACED(1, 4, LINEAR, 1, WANT_NODE_DATA)},
    /* Axes: any but the batch dimension, counted from the back when negative. */
    {"axis 1 of [B, S, H, D]", 24, FLOATS(4), PAST(2, 8, 3, 4), UPDATE(2, 2, 3, 4), AXIS(1), HOST(2, 6, 0),
     PLACED(1, 2, LINEAR, 1, WANT_NODE_DATA)},
    {"axis -1: rows of one element", 24, FLOATS(3), PAST(2, 3, 6), UPDATE(2, 3, 2), AXIS(-1), HOST(2, 4, 0),
     PLACED(2, 2, LINEAR, 1, WANT_NODE_DATA)},
    {"axis 3 of rank 5", 24, FLOATS(5), PAST(2, 2, 2, 6, 3), UPDATE(2, 2, 2, 1, 3), AXIS(3), .mode = "circular",
     HOST(2, -1, 17), PLACED(3, 1, CIRCULAR, 1, WANT_NODE_DATA)},
    {"axis -4 of rank 5", 24, FLOATS(5), PAST(2, 6, 2, 2, 3), UPDATE(2, 1, 2, 2, 3), AXIS(-4), ON_GPU(2),
     PLACED(1, 1, LINEAR, 1, WANT_GPU)},
    {"rank 8", 24, FLOATS(8), PAST(2, 1, 1, 1, 1, 1, 4, 2), UPDATE(2, 1, 1, 1, 1, 1, 4, 2), AXIS(6), HOST(2, 0, 0),
     PLACED(6, 4, LINEAR, 1, WANT_NODE_DATA)},
    /* Lengths and write indices at their edges. */
    {"sequence_length = max_sequence_length", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 4, 2), HOST(2, 0, 0),
     PLACED(1, 4, LINEAR, 1, WANT_NODE_DATA)},
    {"sequence_length 0", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 0, 2), HOST(2, 4, 0),
     PLACED(1, 0, LINEAR, 1, WANT_NODE_DATA)},
    {"linear: the last start", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 2, 2), HOST(2, 2, 2),
     PLACED(1, 2, LINEAR, 1, WANT_NODE_DATA)},
    {"circular: any start", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 3, 2), .mode = "circular",
     HOST(2, INT64_MIN, INT64_MAX), PLACED(1, 3, CIRCULAR, 1, WANT_NODE_DATA)},
    {"linear, max_sequence_length 0", 24, FLOATS(3), PAST(2, 0, 2), UPDATE(2, 0, 2), HOST(2, 0, 0),
     PLACED(1, 0, LINEAR, 1, WANT_NODE_DATA)},
    {"circular, max_sequence_length 0: nothing to place", 24, FLOATS(3), PAST(2, 0, 2), UPDATE(2, 0, 2),
     .mode = "circular", HOST(2, 5, -3), PLACED(1, 0, LINEAR, 0, WANT_ZERO)},
    {"circular on the GPU, max_sequence_length 0", 24, FLOATS(3), PAST(2, 0, 2), UPDATE(2, 0, 2), .mode = "circular",
     ON_GPU(2), PLACED(1, 0, LINEAR, 0, WANT_ZERO)},
    {"a batch of 0, no data", 24, FLOATS(3), PAST(0, 4, 2), UPDATE(0, 1, 2), HOST(0, 0), .null_shape = 4,
     PLACED(1, 1, LINEAR, 1, WANT_ZERO)},
    {"huge but empty", 24, FLOATS(3), PAST(1ll << 40, 0, 1ll << 20), UPDATE(1ll << 40, 0, 1ll << 20), AXIS(1),
     PLACED(1, 0, LINEAR, 0, WANT_ZERO)},

    /* The version. */
    {"opset 0", 0, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_OPSET, "opset 0 is not a TensorScatter version")},
    {"opset -1", -1, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_OPSET, NULL)},
    {"opset 23", 23, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_OPSET, "(it came with opset 24)")},
    {"opset 25", 25, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_OPSET, "(a model importing opset 25 uses TensorScatter-24)")},
    /* Types: T, whole bytes, one for both. */
    {"type 99", 24, TYPES((vksplit_onnx_data_type)99, F), .past_rank = 3, .update_rank = 3, PAST(2, 4, 2),
     UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_DATA_TYPE, "past_cache.data_type 99")},
    {"undefined", 24, TYPES(VKSPLIT_ONNX_UNDEFINED, VKSPLIT_ONNX_UNDEFINED), .past_rank = 3, .update_rank = 3,
     PAST(2, 4, 2), UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_DATA_TYPE, "past_cache.data_type 0")},
    {"update type 99", 24, TYPES(F, (vksplit_onnx_data_type)99), .past_rank = 3, .update_rank = 3, PAST(2, 4, 2),
     UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_DATA_TYPE, "update.data_type 99")},
    {"string", 24, TYPES(VKSPLIT_ONNX_STRING, VKSPLIT_ONNX_STRING), .past_rank = 3, .update_rank = 3, PAST(2, 4, 2),
     UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_STRING_TYPE, "past_cache is tensor(string)")},
    {"uint4", 24, TYPES(VKSPLIT_ONNX_UINT4, VKSPLIT_ONNX_UINT4), .past_rank = 3, .update_rank = 3, PAST(2, 4, 2),
     UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SUB_BYTE_TYPE, "past_cache is tensor(uint4)")},
    {"int4", 24, TYPES(VKSPLIT_ONNX_INT4, VKSPLIT_ONNX_INT4), .past_rank = 3, .update_rank = 3, PAST(2, 4, 2),
     UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SUB_BYTE_TYPE, "tensor(int4)")},
    {"float4e2m1", 24, TYPES(VKSPLIT_ONNX_FLOAT4E2M1, VKSPLIT_ONNX_FLOAT4E2M1), .past_rank = 3, .update_rank = 3,
     PAST(2, 4, 2), UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SUB_BYTE_TYPE, "tensor(float4e2m1)")},
    {"float and double", 24, TYPES(F, VKSPLIT_ONNX_DOUBLE), .past_rank = 3, .update_rank = 3, PAST(2, 4, 2),
     UPDATE(2, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_TYPE_MISMATCH,
             "update is tensor(double) but past_cache is tensor(float)")},
    {"float and string", 24, TYPES(F, VKSPLIT_ONNX_STRING), .past_rank = 3, .update_rank = 3, PAST(2, 4, 2),
     UPDATE(2, 1, 2), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_TYPE_MISMATCH, NULL)},
    /* Ranks and shapes. */
    {"rank 1", 24, FLOATS(1), PAST(4), UPDATE(1),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_RANK, "past_cache has rank 1; TensorScatter takes rank 2 to 8")},
    {"a scalar", 24, FLOATS(0), REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_RANK, "rank 0")},
    {"rank 9", 24, FLOATS(9), PAST(2, 1, 1, 1, 1, 1, 1, 4, 2), UPDATE(2, 1, 1, 1, 1, 1, 1, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_RANK, "rank 9")},
    {"ranks 4 and 3", 24, TYPES(F, F), .past_rank = 4, .update_rank = 3, PAST(2, 1, 4, 5), UPDATE(2, 1, 5),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_RANK_MISMATCH, "update has rank 3 but past_cache has rank 4")},
    {"past_cache.shape NULL", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), .null_shape = 1,
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_NULL, "past_cache.shape is NULL")},
    {"update.shape NULL", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), .null_shape = 2,
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_NULL, "update.shape is NULL")},
    {"write_indices_tensor.shape NULL", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), HOST(2, 0, 0), .null_shape = 3,
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_NULL, "write_indices_tensor.shape is NULL")},
    {"past_cache negative", 24, FLOATS(3), PAST(2, -1, 2), UPDATE(2, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_NEGATIVE, "past_cache.shape[1] is -1")},
    {"update negative", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, -2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_NEGATIVE, "update.shape[2] is -2")},
    {"write_indices negative", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), HOST(-1, 0, 0),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_NEGATIVE, "write_indices_tensor.shape[0] is -1")},
    {"the bytes overflow", 24, FLOATS(3), PAST(1ll << 31, 1ll << 32, 2), UPDATE(1ll << 31, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_BYTE_COUNT_OVERFLOW, "shape[1] = 4294967296")},
    {"shapes differ off the axis", 24, FLOATS(4), PAST(2, 1, 4, 5), UPDATE(2, 1, 1, 6),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_MISMATCH,
             "update.shape[3] is 6 but past_cache.shape[3] is 5; they differ only on the axis, 2")},
    {"batch differs", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(3, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_MISMATCH, "update.shape[0] is 3")},
    {"sequence_length above", 24, FLOATS(4), PAST(2, 1, 4, 5), UPDATE(2, 1, 5, 5),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_SEQUENCE_LENGTH,
             "update's sequence_length 5 (shape[2]) is more than past_cache's max_sequence_length 4")},
    /* The attributes. */
    {"axis 0", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 4, 2), AXIS(0),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_AXIS_BATCH, "axis 0 is dimension 0, the batch dimension")},
    {"axis -3 of rank 3", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 4, 2), AXIS(-3),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_AXIS_BATCH, "axis -3 is dimension 0")},
    {"the default axis of rank 2", 24, FLOATS(2), PAST(2, 4), UPDATE(2, 1),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_AXIS_BATCH, "axis -2 (the default) is dimension 0")},
    {"axis 3 of rank 3", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 4, 2), AXIS(3),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_AXIS, "axis 3 is out of range [-3, 2] for a rank-3 past_cache")},
    {"axis -4 of rank 3", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 4, 2), AXIS(-4),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_AXIS, "[-3, 2]")},
    {"mode 'wrap'", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), .mode = "wrap",
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_MODE, "'mode' is 'wrap'; TensorScatter's modes are 'linear'")},
    {"mode 'Circular'", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), .mode = "Circular",
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_MODE, "'Circular'")},
    {"mode ''", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), .mode = "",
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_MODE, "'mode' is ''")},
    {"a long mode", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2),
     .mode = "circularcircularcircularcircularcircularcircular",
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_MODE, "'circularcircularcircularcircular...'")},
    /* a byte but printable ASCII shown as \xNN: the message stays one line (fuzz_onnx_tensorscatter) */
    {"a mode with a newline", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), .mode = "linear\n\\\xc3\xa9",
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_MODE, "'mode' is 'linear\\x0a\\x5c\\xc3\\xa9'; TensorScatter's")},
    /* write_indices. */
    {"write_indices 3", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), .source = (vksplit_onnx_write_indices)3,
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES, "write_indices 3 is not a vksplit_onnx_write_indices")},
    {"write_indices -1", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), .source = (vksplit_onnx_write_indices)-1,
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES, "write_indices -1")},
    {"int32 write_indices", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), GIVEN(DEVICE, VKSPLIT_ONNX_INT32, 1, 2),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES_TYPE,
             "write_indices is tensor(int32); TensorScatter takes tensor(int64)")},
    {"write_indices (3,) for a batch of 2", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), HOST(3, 0, 0, 0),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES_SHAPE,
             "write_indices has shape (3,); TensorScatter takes shape (batch_size,) = (2,), past_cache.shape[0]")},
    {"write_indices (2, 1)", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), GIVEN(DEVICE, I64, 2, 2, 1),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES_SHAPE, "shape (2, 1)")},
    {"write_indices ()", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), GIVEN(DEVICE, I64, 0, 0),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES_SHAPE, "write_indices has shape ()")},
    {"the host's values NULL", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), HOST(2, 0, 0), .null_shape = 4,
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES_DATA_NULL, "NULL for the host's 2 write indices")},
    {"linear: a negative write index", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 1, 2), HOST(2, 0, -1),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDEX, "write_indices[1] is -1: linear mode needs")},
    {"linear: past the end", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 2, 2), HOST(2, 3, 0),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDEX,
             "write_indices[0] is 3: linear mode needs 0 <= write_index and write_index + sequence_length (2) <= "
             "max_sequence_length (4)")},
    {"linear: INT64_MAX", 24, FLOATS(3), PAST(2, 4, 2), UPDATE(2, 2, 2), HOST(2, 0, INT64_MAX),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDEX, "write_indices[1] is 9223372036854775807")},
    {"linear: max_sequence_length 0, index 1", 24, FLOATS(3), PAST(2, 0, 2), UPDATE(2, 0, 2), HOST(2, 0, 1),
     REFUSED(VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDEX, "write_indices[1] is 1")},
};

/* The node a case describes, its shapes in the case's arrays. */
static vksplit_onnx_tensorscatter_desc node_of(const ts_case* c)
{
    vksplit_onnx_tensorscatter_desc node;
    memset(&node, 0, sizeof node);
    node.opset = c->opset;
    node.past_cache =
        (vksplit_onnx_tensorscatter_input){c->past_type, c->past_rank, c->null_shape == 1 ? NULL : c->past_shape};
    node.update =
        (vksplit_onnx_tensorscatter_input){c->update_type, c->update_rank, c->null_shape == 2 ? NULL : c->update_shape};
    node.has_axis = (vksplit_bool32)c->has_axis;
    node.axis = c->axis;
    node.mode = c->mode;
    node.write_indices = c->source;
    node.write_indices_tensor =
        (vksplit_onnx_tensorscatter_input){c->wi_type, c->wi_rank, c->null_shape == 3 ? NULL : c->wi_shape};
    node.write_indices_data = c->null_shape == 4 ? NULL : c->wi_data;
    return node;
}

/* The translation of an accepted case against what the case and the node say. */
static void check_accepted(const ts_case* c, const vksplit_onnx_tensorscatter_desc* node,
                           const vksplit_onnx_tensorscatter_storage* storage, const vksplit_join_desc* out,
                           const vksplit_plan_options* options)
{
    uint32_t rank = c->past_rank;
    int same_sizes = 1;
    for (uint32_t k = 0; k < rank; k++)
        same_sizes &= storage->sizes[k] == (uint64_t)c->past_shape[k];
    CHECK_MSG(out->element_size == vksplit_onnx_data_type_size(c->past_type) && out->rank == rank &&
                  out->sizes == storage->sizes && same_sizes && out->axis == c->want_axis && out->input_count == 1 &&
                  out->lengths == &storage->length && storage->length == c->want_length && !out->output_strides &&
                  !out->input_strides && out->base_alignment == 0,
              "%s: join: element_size %u rank %u axis %u inputs %u length %llu", c->name, out->element_size, out->rank,
              out->axis, out->input_count, (unsigned long long)storage->length);
    const void* want_host = c->want_host == WANT_NODE_DATA ? (const void*)node->write_indices_data
                            : c->want_host == WANT_ZERO    ? (const void*)&storage->zero_index
                                                           : NULL;
    const vksplit_rows* rows = &options->rows;
    CHECK_MSG(rows->mode == c->want_mode && rows->index_bytes == 8 && rows->list_dims == c->want_list_dims &&
                  !rows->skip_negative && rows->host_indices == want_host && storage->zero_index == 0,
              "%s: rows: mode %d index_bytes %u list_dims 0x%x skip %u host %p (want mode %d, list_dims 0x%x)", c->name,
              (int)rows->mode, rows->index_bytes, rows->list_dims, rows->skip_negative, rows->host_indices,
              (int)c->want_mode, c->want_list_dims);
    unsigned char poison[sizeof options->path];
    memset(poison, SENTINEL, sizeof poison);
    CHECK_MSG(!memcmp(&options->path, poison, sizeof poison) && options->table == (vksplit_table_placement)0x5a5a5a5a &&
                  options->device_parameters == (vksplit_device_parameters)0x5a5a5a5a,
              "%s: options_out's other fields written", c->name);
}

static void run_case(const ts_case* c)
{
    vksplit_onnx_tensorscatter_desc node = node_of(c);
    vksplit_onnx_tensorscatter_storage storage, storage_before;
    vksplit_join_desc out, out_before;
    vksplit_plan_options options, options_before;
    memset(&storage, SENTINEL, sizeof storage);
    memset(&out, 0xab, sizeof out);
    memset(&options, SENTINEL, sizeof options);
    storage_before = storage;
    out_before = out;
    options_before = options;
    vksplit_error err;
    memset(&err, 0, sizeof err);
    vksplit_result r = vksplit_onnx_translate_tensorscatter(&node, &storage, &out, &options, &err);
    test_expect_rule(c->name, r, &err, c->rule, c->shows);
    if (r == VKSPLIT_OK) {
        check_accepted(c, &node, &storage, &out, &options);
        return;
    }
    CHECK_MSG(err.code == r && err.message[0] && !strchr(err.message, '\n'), "%s: error not filled", c->name);
    CHECK_MSG(!memcmp(&storage, &storage_before, sizeof storage) && !memcmp(&out, &out_before, sizeof out) &&
                  !memcmp(&options, &options_before, sizeof options),
              "%s: storage, *out or options_out written on error", c->name);
}

/* Every ONNX data type (0..30) as past_cache's and update's T: accepted exactly when ONNX has it
 * and it is neither string nor a sub-byte type (uint4, int4, float4e2m1), at its width. */
static void check_types(void)
{
    static const int64_t past[3] = {2, 4, 2}, update[3] = {2, 1, 2};
    for (uint32_t t = 0; t <= 30; t++) {
        vksplit_onnx_data_type type = (vksplit_onnx_data_type)t;
        const char* name = vksplit_onnx_data_type_name(type);
        int known = t >= 1 && t <= 24, packed = t == 21 || t == 22 || t == 23;
        int accepted = known && t != VKSPLIT_ONNX_STRING && !packed;
        vksplit_onnx_tensorscatter_desc node = {24, {type, 3, past}, {type, 3, update}, 0, 0, NULL, 0, {0}, NULL};
        vksplit_onnx_tensorscatter_storage storage;
        vksplit_join_desc out;
        vksplit_plan_options options = {0};
        vksplit_error err;
        vksplit_result r = vksplit_onnx_translate_tensorscatter(&node, &storage, &out, &options, &err);
        vksplit_rule want = accepted                   ? OK
                            : !known                   ? VKSPLIT_RULE_ONNX_TENSORSCATTER_DATA_TYPE
                            : t == VKSPLIT_ONNX_STRING ? VKSPLIT_RULE_ONNX_TENSORSCATTER_STRING_TYPE
                                                       : VKSPLIT_RULE_ONNX_TENSORSCATTER_SUB_BYTE_TYPE;
        CHECK_MSG((r == VKSPLIT_OK) == accepted && (accepted || (r == VKSPLIT_ERROR_DATA_TYPE && err.rule == want)),
                  "type %s (%u): %s (%s)", name, t, vksplit_result_name(r), err.message);
        if (accepted)
            CHECK_MSG(out.element_size == vksplit_onnx_data_type_size(type) && out.element_size >= 1,
                      "type %s: element_size %u", name, out.element_size);
        CHECK_MSG(known == (strcmp(name, "unknown") != 0) || t == 0, "type %u: name %s", t, name);
    }
    CHECK(strcmp(vksplit_onnx_data_type_name(VKSPLIT_ONNX_FLOAT8E8M0), "float8e8m0") == 0);
    CHECK(vksplit_onnx_data_type_size(VKSPLIT_ONNX_FLOAT8E8M0) == 1);
    CHECK(vksplit_onnx_data_type_size(VKSPLIT_ONNX_FLOAT4E2M1) == 0);
}

/* The version a model's opset import selects, and the pointers the translation needs. */
static void check_versions_and_storage(void)
{
    static const int64_t model[][2] = {{-5, 0}, {0, 0}, {1, 0}, {18, 0}, {23, 0}, {24, 24}, {25, 24}, {100, 24}};
    for (size_t i = 0; i < sizeof model / sizeof model[0]; i++)
        CHECK_MSG(vksplit_onnx_tensorscatter_version(model[i][0]) == model[i][1], "opset %lld: TensorScatter-%lld",
                  (long long)model[i][0], (long long)vksplit_onnx_tensorscatter_version(model[i][0]));
    vksplit_onnx_tensorscatter_desc node = node_of(&cases[0]);
    vksplit_onnx_tensorscatter_storage storage;
    vksplit_join_desc out;
    vksplit_plan_options options = {0};
    vksplit_error err;
    CHECK_RULE(VKSPLIT_RULE_ONNX_NODE_NULL, vksplit_onnx_translate_tensorscatter(NULL, &storage, &out, &options, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_onnx_translate_tensorscatter(&node, NULL, &out, &options, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_onnx_translate_tensorscatter(&node, &storage, NULL, &options, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_onnx_translate_tensorscatter(&node, &storage, &out, NULL, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_onnx_translate_tensorscatter(&node, &storage, &out, &options, NULL), &err);
    CHECK_MSG(options.rows.host_indices == node.write_indices_data, "without an error struct: host indices %p",
              options.rows.host_indices);
}

int main(void)
{
    FRONTEND_RUN_CASES(cases, run_case);
    check_types();
    check_versions_and_storage();
    return test_finish(NULL);
}
