/* ONNX front-end: TensorScatter-24 as ONNX's operator documentation defines it ("TensorScatter":
 * https://onnx.ai/onnx/operators/onnx__TensorScatter.html, from
 * https://github.com/onnx/onnx/blob/main/docs/Operators.md#TensorScatter), translated into a join
 * of one part whose rows the plan places (vksplit_plan_options.rows): the update into
 * past_cache, in place, at each batch index's write index (LINEAR or CIRCULAR); every rule with
 * its own code and a message naming the input or attribute and the values.
 *
 * What the document leaves to ONNX's reference implementation
 * (onnx/reference/ops/op_tensor_scatter.py), followed here: an absent write_indices is zeros;
 * update's sequence_length above max_sequence_length is refused; a circular write index is taken
 * floor modulo max_sequence_length (numpy's np.mod), negative ones too (ONNX Runtime refuses
 * those). Where the document disagrees with itself, its prose wins: a circular write wraps the
 * sequence position alone ("the write index is modulo max_sequence_length"), as ONNX Runtime's
 * kernels (onnxruntime/core/providers/cpu/llm/tensorscatter.cc) do, where its pseudocode and the
 * reference implementation take the modulo of the whole coordinate, the indices before the axis
 * included; the two differ only where a dimension before the axis is larger than
 * max_sequence_length (include/vksplit/onnx.h's policy). */
#include <string.h>

#include "frontends/frontend_common.h"
#include "frontends/frontend_onnx_common.h"
#include "base/internal.h"
#include "vksplit/onnx.h"

/* T: every type ONNX has up to float8e8m0, string and the sub-byte ones (refused) included. */
#define TENSORSCATTER_TYPES (((1u << (VKSPLIT_ONNX_FLOAT8E8M0 + 1)) - 1u) & ~(1u << VKSPLIT_ONNX_UNDEFINED))

static const vksplit__onnx_version tensorscatter_versions[] = {
    {24, TENSORSCATTER_TYPES},
};
#define TENSORSCATTER_VERSIONS (sizeof tensorscatter_versions / sizeof tensorscatter_versions[0])

/* The attribute 'axis' when the node does not give it. */
#define TENSORSCATTER_DEFAULT_AXIS (-2)

int64_t vksplit_onnx_tensorscatter_version(int64_t model_opset)
{
    return vksplit__onnx_version_in_effect(tensorscatter_versions, TENSORSCATTER_VERSIONS, model_opset);
}

static vksplit_result check_opset(const vksplit_onnx_tensorscatter_desc* node, vksplit_error* error)
{
    long long v = (long long)node->opset;
    if (vksplit__onnx_version_types(tensorscatter_versions, TENSORSCATTER_VERSIONS, node->opset))
        return VKSPLIT_OK;
    char hint[80] = "";
    if (v > 24)
        snprintf(hint, sizeof hint, " (a model importing opset %lld uses TensorScatter-24)", v);
    else if (v >= 1)
        snprintf(hint, sizeof hint, " (it came with opset 24)");
    return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_OPSET, v, hint);
}

/* A tensor of type T: one ONNX has, not string, whole bytes. */
static vksplit_result check_type(const char* name, vksplit_onnx_data_type t, vksplit_error* error)
{
    uint32_t types = tensorscatter_versions[0].types;
    switch (vksplit__onnx_check_type(types, t)) {
    case VKSPLIT__ONNX_TYPE_STRING: return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_STRING_TYPE, name);
    case VKSPLIT__ONNX_TYPE_OK: break;
    default: return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_DATA_TYPE, name, (uint32_t)t);
    }
    if (vksplit_onnx_data_type_size(t) == 0) /* uint4, int4, float4e2m1 */
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_SUB_BYTE_TYPE, name, vksplit_onnx_data_type_name(t));
    return VKSPLIT_OK;
}

/* A tensor's shape: given (rank 0 may leave it NULL), dimensions >= 0. */
static vksplit_result check_dims(const char* name, const vksplit_onnx_tensorscatter_input* in, vksplit_error* error)
{
    if (!in->shape && in->rank)
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_SHAPE_NULL, name);
    for (uint32_t k = 0; k < in->rank; k++)
        if (in->shape[k] < 0)
            return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_SHAPE_NEGATIVE, name, k, (long long)in->shape[k]);
    return VKSPLIT_OK;
}

/* past_cache and update: type T, rank 2..VKSPLIT_MAX_RANK, shapes given; past_cache's bytes fit
 * 64 bits (update's are at most as many, once its sequence_length is checked). */
static vksplit_result check_tensors(const vksplit_onnx_tensorscatter_desc* node, vksplit_error* error)
{
    const vksplit_onnx_tensorscatter_input *past = &node->past_cache, *update = &node->update;
    vksplit_result r = check_type("past_cache", past->data_type, error);
    if (r == VKSPLIT_OK && update->data_type != past->data_type)
        r = vksplit__onnx_check_type(tensorscatter_versions[0].types, update->data_type) == VKSPLIT__ONNX_TYPE_UNKNOWN
                ? VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_DATA_TYPE, "update", (uint32_t)update->data_type)
                : VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_TYPE_MISMATCH, vksplit_onnx_data_type_name(update->data_type),
                                vksplit_onnx_data_type_name(past->data_type));
    if (r != VKSPLIT_OK)
        return r;
    if (past->rank < 2 || past->rank > VKSPLIT_MAX_RANK)
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_RANK, past->rank, VKSPLIT_MAX_RANK, VKSPLIT_MAX_RANK);
    if (update->rank != past->rank)
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_RANK_MISMATCH, update->rank, past->rank);
    r = check_dims("past_cache", past, error);
    if (r == VKSPLIT_OK)
        r = check_dims("update", update, error);
    if (r != VKSPLIT_OK)
        return r;
    uint64_t sizes[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < past->rank; k++)
        sizes[k] = (uint64_t)past->shape[k];
    uint32_t at = vksplit__packed_bytes_overflow_at(vksplit_onnx_data_type_size(past->data_type), past->rank, sizes);
    if (at < past->rank)
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_BYTE_COUNT_OVERFLOW, at, (long long)past->shape[at]);
    return VKSPLIT_OK;
}

/* The caller's 'mode' as a message shows it: its first MODE_SHOWN bytes, "..." after a longer
 * one, every byte but printable ASCII (a newline, UTF-8) and the backslash as \xNN, so that the
 * message stays one line whatever the string holds. */
#define MODE_SHOWN 32u
static void show_mode(const char* mode, char shown[MODE_SHOWN * 4 + 4])
{
    size_t at = 0, n = 0;
    for (; mode[n] && n < MODE_SHOWN; n++) {
        unsigned char c = (unsigned char)mode[n];
        at += (size_t)snprintf(shown + at, 5, c >= 0x20 && c < 0x7f && c != '\\' ? "%c" : "\\x%02x", c);
    }
    snprintf(shown + at, 4, "%s", mode[n] ? "..." : "");
}

/* 'axis' (default -2) in [-rank, rank-1], and not the batch dimension; 'mode'. */
static vksplit_result check_attributes(const vksplit_onnx_tensorscatter_desc* node, uint32_t* axis,
                                       vksplit_rows_mode* mode, vksplit_error* error)
{
    uint32_t rank = node->past_cache.rank;
    int64_t a = node->has_axis ? node->axis : TENSORSCATTER_DEFAULT_AXIS, r = rank;
    const char* given = node->has_axis ? "" : " (the default)";
    if (!vksplit__onnx_normalise_axis(a, rank, axis))
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_AXIS, (long long)a, given, (long long)-r, (long long)(r - 1),
                             rank);
    if (*axis == 0)
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_AXIS_BATCH, (long long)a, given);
    if (!node->mode || strcmp(node->mode, "linear") == 0) {
        *mode = VKSPLIT_ROWS_LINEAR;
    } else if (strcmp(node->mode, "circular") == 0) {
        *mode = VKSPLIT_ROWS_CIRCULAR;
    } else {
        char shown[MODE_SHOWN * 4 + 4];
        show_mode(node->mode, shown);
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_MODE, shown);
    }
    return VKSPLIT_OK;
}

/* update has past_cache's shape but on the axis, where it is at most past_cache's. */
static vksplit_result check_update_shape(const vksplit_onnx_tensorscatter_desc* node, uint32_t axis,
                                         vksplit_error* error)
{
    const int64_t *past = node->past_cache.shape, *update = node->update.shape;
    for (uint32_t k = 0; k < node->past_cache.rank; k++)
        if (k != axis && update[k] != past[k])
            return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_SHAPE_MISMATCH, k, (long long)update[k], k,
                                 (long long)past[k], axis);
    if (update[axis] > past[axis])
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_SEQUENCE_LENGTH, (long long)update[axis], axis,
                             (long long)past[axis]);
    return VKSPLIT_OK;
}

/* "(2, 3)", "(2,)" or "()": a shape as numpy writes it, the first dimensions of a long one. */
static void shape_text(const vksplit_onnx_tensorscatter_input* in, char* text, size_t capacity)
{
    size_t at = (size_t)snprintf(text, capacity, "(");
    for (uint32_t k = 0; k < in->rank && k < 4 && at < capacity; k++)
        at += (size_t)snprintf(text + at, capacity - at, "%s%lld", k ? ", " : "", (long long)in->shape[k]);
    if (at < capacity)
        snprintf(text + at, capacity - at, "%s", in->rank > 4 ? ", ...)" : in->rank == 1 ? ",)" : ")");
}

/* 'write_indices': tensor(int64) of shape (batch_size,); the host's values, in linear mode
 * within [0, max_sequence_length - sequence_length]. */
static vksplit_result check_write_indices(const vksplit_onnx_tensorscatter_desc* node, uint32_t axis,
                                          vksplit_rows_mode mode, vksplit_error* error)
{
    if ((uint32_t)node->write_indices > VKSPLIT_ONNX_WRITE_INDICES_DEVICE)
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_WRITE_INDICES, (int)node->write_indices);
    if (node->write_indices == VKSPLIT_ONNX_WRITE_INDICES_ABSENT)
        return VKSPLIT_OK;
    const vksplit_onnx_tensorscatter_input* in = &node->write_indices_tensor;
    if (in->data_type != VKSPLIT_ONNX_INT64)
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_WRITE_INDICES_TYPE, vksplit_onnx_data_type_name(in->data_type));
    vksplit_result r = check_dims("write_indices_tensor", in, error);
    if (r != VKSPLIT_OK)
        return r;
    int64_t batch = node->past_cache.shape[0];
    if (in->rank != 1 || in->shape[0] != batch) {
        char shape[64];
        shape_text(in, shape, sizeof shape);
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_WRITE_INDICES_SHAPE, shape, (long long)batch);
    }
    if (node->write_indices != VKSPLIT_ONNX_WRITE_INDICES_HOST)
        return VKSPLIT_OK;
    if (!node->write_indices_data && batch > 0)
        return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_WRITE_INDICES_DATA_NULL, (long long)batch);
    if (mode != VKSPLIT_ROWS_LINEAR)
        return VKSPLIT_OK; /* circular: any index, floor modulo max_sequence_length */
    int64_t seq = node->update.shape[axis], max_seq = node->past_cache.shape[axis];
    for (int64_t b = 0; b < batch; b++) {
        int64_t w = node->write_indices_data[b];
        if (w < 0 || w > max_seq - seq)
            return VKSPLIT__FAIL(error, ONNX_TENSORSCATTER_WRITE_INDEX, (unsigned)b, (long long)w, (long long)seq,
                                 (long long)max_seq);
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit_onnx_translate_tensorscatter(const vksplit_onnx_tensorscatter_desc* node,
                                                    vksplit_onnx_tensorscatter_storage* storage, vksplit_join_desc* out,
                                                    vksplit_plan_options* options_out, vksplit_error* error)
{
    if (!node)
        return VKSPLIT__FAIL0(error, ONNX_NODE_NULL);
    uint32_t axis = 0;
    vksplit_rows_mode mode = VKSPLIT_ROWS_LINEAR;
    vksplit_result r = check_opset(node, error);
    if (r == VKSPLIT_OK)
        r = check_tensors(node, error);
    if (r == VKSPLIT_OK)
        r = check_attributes(node, &axis, &mode, error);
    if (r == VKSPLIT_OK)
        r = check_update_shape(node, axis, error);
    if (r == VKSPLIT_OK)
        r = check_write_indices(node, axis, mode, error);
    if (r == VKSPLIT_OK && !storage)
        r = VKSPLIT__FAIL(error, STORAGE_NULL, "storage");
    if (r == VKSPLIT_OK && (!out || !options_out))
        r = VKSPLIT__FAIL0(error, OUT_NULL);
    if (r != VKSPLIT_OK)
        return r;

    const vksplit_onnx_tensorscatter_input* past = &node->past_cache;
    uint64_t sizes[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < past->rank; k++)
        sizes[k] = (uint64_t)past->shape[k];
    storage->length = (uint64_t)node->update.shape[axis];
    storage->zero_index = 0;
    /* every rule was checked above, in ONNX's terms: a join of one part, the update */
    vksplit__write_packed_join(vksplit_onnx_data_type_size(past->data_type), past->rank, sizes, axis, 1, storage->sizes,
                               &storage->length, out);
    /* One list per batch index, or one start 0 for all: an absent write_indices, and circular
     * writes into no places at all (max_sequence_length 0, so sequence_length 0: nothing moves,
     * whatever the indices, and no floor modulo 0 is taken). */
    bool one_start = node->write_indices == VKSPLIT_ONNX_WRITE_INDICES_ABSENT ||
                     (mode == VKSPLIT_ROWS_CIRCULAR && past->shape[axis] == 0);
    vksplit_rows* rows = &options_out->rows;
    memset(rows, 0, sizeof *rows);
    rows->mode = one_start ? VKSPLIT_ROWS_LINEAR : mode;
    rows->index_bytes = 8;
    rows->list_dims = one_start ? 0u : 1u;
    if (one_start)
        rows->host_indices = &storage->zero_index;
    else if (node->write_indices == VKSPLIT_ONNX_WRITE_INDICES_HOST) /* a batch of 0 reads none */
        rows->host_indices = node->write_indices_data ? (const void*)node->write_indices_data : &storage->zero_index;
    return vksplit__ok(error);
}
