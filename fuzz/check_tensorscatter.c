/* See check_tensorscatter.h. */
#include "check_tensorscatter.h"

#include <string.h>

#define TS(name) VKSPLIT_RULE_ONNX_TENSORSCATTER_##name
#define TS_OPSET 24
#define TS_DEFAULT_AXIS (-2)

static void add(fz_ts_rules* rules, vksplit_rule rule)
{
    if ((uint32_t)rule < FZ_TS_RULES && !rules->broken[rule]) {
        rules->broken[rule] = true;
        rules->count++;
    }
}

uint32_t fz_ts_type_bytes(uint32_t t)
{
    /* TensorProto.DataType 0..24: undefined, float, uint8, int8, uint16, int16, int32, int64,
     * string, bool, float16, double, uint32, uint64, complex64, complex128, bfloat16, the four
     * float8 types, uint4, int4, float4e2m1 (half a byte), float8e8m0. */
    static const uint8_t bytes[25] = {0, 4, 1, 1, 2, 2, 4, 8, 0, 1, 2, 8, 4, 8, 8, 16, 2, 1, 1, 1, 1, 0, 0, 0, 1};
    return t < 25 ? bytes[t] : 0;
}

static bool known_type(uint32_t t) { return t >= 1 && t <= 24; }

/* A tensor's dimensions readable (a shape, or rank 0) and each >= 0; else the rule it breaks. */
static bool dims_ok(const vksplit_onnx_tensorscatter_input* in, fz_ts_rules* rules)
{
    if (in->rank && !in->shape) {
        add(rules, TS(SHAPE_NULL));
        return false;
    }
    for (uint32_t k = 0; k < in->rank; k++)
        if (in->shape[k] < 0) {
            add(rules, TS(SHAPE_NEGATIVE));
            return false;
        }
    return true;
}

/* T: an ONNX type, not string, whole bytes; update's the same. */
static void check_types(const vksplit_onnx_tensorscatter_desc* n, fz_ts_rules* rules)
{
    uint32_t past = (uint32_t)n->past_cache.data_type, update = (uint32_t)n->update.data_type;
    if (!known_type(past))
        add(rules, TS(DATA_TYPE));
    else if (past == VKSPLIT_ONNX_STRING)
        add(rules, TS(STRING_TYPE));
    else if (fz_ts_type_bytes(past) == 0)
        add(rules, TS(SUB_BYTE_TYPE));
    if (update != past)
        add(rules, known_type(update) ? TS(TYPE_MISMATCH) : TS(DATA_TYPE));
}

/* past_cache's bytes within 64 bits, as every front-end and the core count them: the element's
 * and every dimension but the zero ones (the core's packed strides skip those alone, so an empty
 * tensor of 2^62 x 0 x 105 floats is refused too). */
static bool bytes_fit(uint32_t element_bytes, uint32_t rank, const int64_t* shape)
{
    unsigned __int128 bytes = element_bytes;
    for (uint32_t k = 0; k < rank; k++) {
        if (shape[k] == 0)
            continue;
        bytes *= (uint64_t)shape[k];
        if (bytes > UINT64_MAX)
            return false;
    }
    return true;
}

/* write_indices: a tensor(int64) of shape (batch_size,); the host's given, within linear mode's
 * range. batch_known: past_cache's shape[0] is readable; shapes_ok: every shape rule holds. */
static void check_write_indices(const vksplit_onnx_tensorscatter_desc* n, bool batch_known, bool shapes_ok,
                                uint32_t axis, bool linear, fz_ts_rules* rules)
{
    uint32_t source = (uint32_t)n->write_indices;
    if (source > VKSPLIT_ONNX_WRITE_INDICES_DEVICE) {
        add(rules, TS(WRITE_INDICES));
        return;
    }
    if (source == VKSPLIT_ONNX_WRITE_INDICES_ABSENT)
        return;
    const vksplit_onnx_tensorscatter_input* wi = &n->write_indices_tensor;
    if (wi->data_type != VKSPLIT_ONNX_INT64)
        add(rules, TS(WRITE_INDICES_TYPE));
    bool wi_ok = dims_ok(wi, rules);
    if (!batch_known)
        return;
    int64_t batch = n->past_cache.shape[0];
    if (wi_ok && (wi->rank != 1 || wi->shape[0] != batch)) {
        add(rules, TS(WRITE_INDICES_SHAPE));
        wi_ok = false;
    }
    if (source != VKSPLIT_ONNX_WRITE_INDICES_HOST)
        return;
    if (!n->write_indices_data && batch > 0)
        add(rules, TS(WRITE_INDICES_DATA_NULL));
    if (!linear || !wi_ok || !shapes_ok || !n->write_indices_data)
        return;
    __int128 seq = n->update.shape[axis], places = n->past_cache.shape[axis];
    for (int64_t b = 0; b < batch; b++) {
        __int128 w = n->write_indices_data[b];
        if (w < 0 || w + seq > places) {
            add(rules, TS(WRITE_INDEX));
            return;
        }
    }
}

void fz_ts_broken(const fz_ts_call* call, fz_ts_rules* rules)
{
    memset(rules, 0, sizeof *rules);
    const vksplit_onnx_tensorscatter_desc* n = call->node;
    if (!n) {
        add(rules, VKSPLIT_RULE_ONNX_NODE_NULL);
        return;
    }
    if (n->opset != TS_OPSET)
        add(rules, TS(OPSET));
    check_types(n, rules);
    const vksplit_onnx_tensorscatter_input *past = &n->past_cache, *update = &n->update;
    uint32_t rank = past->rank;
    bool rank_ok = rank >= 2 && rank <= VKSPLIT_MAX_RANK;
    if (!rank_ok)
        add(rules, TS(RANK));
    if (update->rank != rank)
        add(rules, TS(RANK_MISMATCH));
    bool past_ok = dims_ok(past, rules), update_ok = dims_ok(update, rules);
    uint32_t element_bytes = fz_ts_type_bytes((uint32_t)past->data_type);
    if (past_ok && rank_ok && element_bytes && !bytes_fit(element_bytes, rank, past->shape))
        add(rules, TS(BYTE_COUNT_OVERFLOW));

    int64_t a = n->has_axis ? n->axis : TS_DEFAULT_AXIS, r = rank;
    uint32_t axis = 0;
    bool axis_ok = a >= -r && a < r;
    if (!axis_ok)
        add(rules, TS(AXIS));
    else if ((axis = (uint32_t)(a < 0 ? a + r : a)) == 0) {
        add(rules, TS(AXIS_BATCH));
        axis_ok = false;
    }
    bool linear = !n->mode || strcmp(n->mode, "linear") == 0;
    if (!linear && strcmp(n->mode, "circular") != 0)
        add(rules, TS(MODE));

    bool shapes_ok = past_ok && update_ok && rank_ok && update->rank == rank && axis_ok;
    for (uint32_t k = 0; shapes_ok && k < rank; k++)
        if (k != axis && update->shape[k] != past->shape[k]) {
            add(rules, TS(SHAPE_MISMATCH));
            shapes_ok = false;
        }
    if (shapes_ok && update->shape[axis] > past->shape[axis]) {
        add(rules, TS(SEQUENCE_LENGTH));
        shapes_ok = false;
    }
    check_write_indices(n, past_ok && rank >= 1, shapes_ok, axis, linear, rules);
    if (!call->storage)
        add(rules, VKSPLIT_RULE_STORAGE_NULL);
    if (!call->out || !call->options)
        add(rules, VKSPLIT_RULE_OUT_NULL);
}

static __int128 floor_mod(__int128 v, __int128 m)
{
    __int128 r = v % m;
    return r < 0 ? r + m : r;
}

static uint64_t product(const uint64_t* sizes, uint32_t from, uint32_t to)
{
    uint64_t p = 1;
    for (uint32_t k = from; k < to; k++)
        p *= sizes[k];
    return p;
}

bool fz_ts_onnx_present(uint32_t rank, const int64_t* shape, uint32_t axis, int64_t sequence_length, bool circular,
                        const int64_t* write_indices, const uint32_t* past, const uint32_t* update, uint32_t* present)
{
    uint64_t sizes[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < rank; k++)
        sizes[k] = (uint64_t)shape[k];
    uint64_t batch = sizes[0], places = sizes[axis], seq = (uint64_t)sequence_length;
    uint64_t prefix = product(sizes, 0, axis), per_batch = product(sizes, 1, axis),
             inner = product(sizes, axis + 1, rank);
    /* linear mode requires write_indices + sequence_length <= max_sequence_length (and an index
     * into the cache, so >= 0) of every sample, whether or not it has rows to write */
    for (uint64_t b = 0; !circular && write_indices && b < batch; b++)
        if (write_indices[b] < 0 || (__int128)write_indices[b] + (__int128)seq > (__int128)places)
            return false;
    if (prefix * places * inner == 0) /* nothing to hold, nothing to write (a prefix of 2^40 empty rows) */
        return true;
    memcpy(present, past, prefix * places * inner * sizeof *present);
    for (uint64_t p = 0; p < prefix; p++) {
        uint64_t b = p / per_batch; /* prefix_idx[0] */
        for (uint64_t s = 0; s < seq; s++) {
            __int128 pos = (write_indices ? write_indices[b] : 0) + (__int128)s;
            if (circular)
                pos = floor_mod(pos, places);
            uint64_t cache = (p * places + (uint64_t)pos) * inner, from = (p * seq + s) * inner;
            memcpy(present + cache, update + from, inner * sizeof *present);
        }
    }
    return true;
}

static int64_t index_at(const void* indices, uint32_t index_bytes, uint64_t e)
{
    if (index_bytes == 4) {
        int32_t v;
        memcpy(&v, (const char*)indices + e * 4, 4);
        return v;
    }
    int64_t v;
    memcpy(&v, (const char*)indices + e * 8, 8);
    return v;
}

/* o's list: its index over the dimensions list_dims names, row-major among them. */
static uint64_t list_of(const uint64_t* sizes, uint32_t axis, uint32_t list_dims, uint64_t o)
{
    uint64_t list = 0, scale = 1;
    for (uint32_t d = axis; d-- > 0;) {
        uint64_t digit = o % sizes[d];
        o /= sizes[d];
        if (list_dims >> d & 1u) {
            list += digit * scale;
            scale *= sizes[d];
        }
    }
    return list;
}

bool fz_ts_rows_present(const vksplit_join_desc* join, const vksplit_rows* rows, const int64_t* gpu_indices,
                        const uint32_t* whole_before, const uint32_t* part, uint32_t* whole)
{
    const uint64_t* sizes = join->sizes;
    uint32_t axis = join->axis, index_bytes = rows->index_bytes ? rows->index_bytes : 8;
    uint64_t places = sizes[axis], length = join->lengths[0];
    uint64_t outer = product(sizes, 0, axis), inner = product(sizes, axis + 1, join->rank), lists = 1;
    for (uint32_t d = 0; d < axis; d++)
        if (rows->list_dims >> d & 1u)
            lists *= sizes[d];
    const void* indices = rows->host_indices ? rows->host_indices : (const void*)gpu_indices;
    bool circular = rows->mode == VKSPLIT_ROWS_CIRCULAR;
    for (uint64_t e = 0; !circular && e < lists; e++) { /* LINEAR: 0 <= start, start + L <= C */
        int64_t start = index_at(indices, index_bytes, e);
        if (start < 0 || (__int128)start + (__int128)length > (__int128)places)
            return false;
    }
    if (outer * places * inner == 0)
        return true;
    memcpy(whole, whole_before, outer * places * inner * sizeof *whole);
    for (uint64_t o = 0; o < outer; o++) {
        __int128 start = index_at(indices, index_bytes, list_of(sizes, axis, rows->list_dims, o));
        for (uint64_t j = 0; j < length; j++) {
            __int128 place = start + (__int128)j;
            if (circular)
                place = floor_mod(place, places);
            memcpy(whole + (o * places + (uint64_t)place) * inner, part + (o * length + j) * inner,
                   inner * sizeof *whole);
        }
    }
    return true;
}
