/* fuzz_onnx_tensorscatter: vksplit_onnx_translate_tensorscatter on TensorScatter nodes decoded
 * from the input (fuzz_input.h), held to check_tensorscatter.h's rules and models:
 *   - the front-end accepts exactly the nodes that break no rule, and refuses the others with one
 *     of the rules they break (its id, its code, a one-line message), writing nothing: the
 *     storage, *out and *options_out stay poisoned, and the node is not changed;
 *   - a success is the node's own join: one part (update's sequence_length) into past_cache's
 *     sizes on the normalised axis, packed, pointing at the storage; only options_out->rows
 *     written (LINEAR or CIRCULAR as the node says, int64, one list per batch row or one start 0
 *     for all in the storage, the node's host values or the GPU's); the core's rules take it as a
 *     rows plan does (vksplit__join_request with capacities, vksplit__rows_options), and the
 *     rows planner refuses it for none of the rules the front-end answers for (the host's starts,
 *     the lengths, the lists, the layout), only for its own limits (32-bit counts, 2048 host
 *     indices), normalizing the host's starts as vksplit.h says;
 *   - where past_cache holds at most FZ_TS_ELEMENTS elements: present_cache by ONNX's
 *     pseudocode equals the whole that vksplit.h's rows definition writes with the translation's
 *     join and rows (on the host's values, or on the GPU's: the node's, bound), and a linear
 *     write outside the cache is refused by both (ROWS_START on the GPU's values).
 *
 * Input (fuzz_input.h's values): the opset (a byte: below 9 an index into 24, 23, 25, 0, -1, 1,
 * 18, INT64_MIN, INT64_MAX; the value itself above), past_cache's data type, flags, rank (a byte
 * % 10), past_cache's shape, axis, sequence_length (update's dimension on the axis, or on
 * rank - 2 where the axis is out of range), one odd dimension of update (its index + 1, or 0;
 * then the value), update's type and rank where the flags say, mode (a byte: an index into
 * fz_modes, or past them a length byte and that many bytes, a C string), write_indices (a byte:
 * < 3 ABSENT/HOST/DEVICE, 3 a 32-bit value read next, else % 3), its type (a byte: 0 int64, else
 * the byte), rank (a byte: 0 is 1, else (byte - 1) % 6), one odd dimension (its index + 1, or 0;
 * then the value), the values (fz_values, repeated past 32), one odd value (a byte, its index + 1
 * or 0; a byte, which edge: INT64_MIN, INT64_MAX, -1, C - L, C - L + 1, C, C - 1, -C, 0), nulls (a byte >= 0xf0 passes one NULL: & 15 0 the node, 1 the
 * storage, 2 out, 3 options_out, 4 the error, 5 past_cache's shape, 6 update's, 7 write_indices'
 * shape, 8 its data).
 * Flags: bit 0 'axis' given, 1 update's type read, 2 update's rank read, 3 past_cache's
 * dimensions folded to 0..5, 4 sequence_length folded into [0, max_sequence_length], 5 the
 * write indices folded into linear mode's range. A HOST batch above FZ_TS_BATCH folds below it
 * (the caller's array holds batch_size values). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "check_split.h"
#include "check_tensorscatter.h"
#include "fuzz_input.h"
#include "geometry/mapping_rows.h"
#include "rules/request_rules.h"
#include "vksplit/onnx.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define DIMS 9 /* ranks decode to 0..9, past vksplit's 8 */
/* Host write indices at most: past the core's VKSPLIT_ROWS_MAX_HOST_INDICES. */
#define FZ_TS_BATCH 2100u

enum { FLAG_AXIS = 1, FLAG_UPDATE_TYPE = 2, FLAG_UPDATE_RANK = 4, FLAG_SMALL = 8, FLAG_SEQ = 16, FLAG_IN_RANGE = 32 };
enum { NULL_NODE, NULL_STORAGE, NULL_OUT, NULL_OPTIONS, NULL_ERROR, NULL_PAST, NULL_UPDATE, NULL_WI_SHAPE, NULL_WI };

static const char* const fz_modes[] = {
    NULL,
    "linear",
    "circular",
    "",
    "Circular",
    "LINEAR",
    "circular ",
    "linear\n",
    "circ",
    "linearr",
    "circular\ncircular",
    "\x01\x7f",
    "circularcircularcircularcircularcircular",
    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3"
    "\xa9\xc3\xa9\xc3\xa9"};
#define MODES (sizeof fz_modes / sizeof fz_modes[0])

/* The caller's memory, allocated once. */
static int64_t past_shape[DIMS], update_shape[DIMS], wi_shape[DIMS], wi_values[FZ_TS_BATCH];
static char mode_text[256];
static vksplit_onnx_tensorscatter_desc node, node_before;
static vksplit_onnx_tensorscatter_storage storage;
static vksplit_join_desc out;
static vksplit_plan_options options;
static vksplit_error error;
static fz_ts_rules rules;
/* The semantic check's tensors, element ids: past's 1.., update's 0x80000001.. */
static uint32_t past_ids[FZ_TS_ELEMENTS], update_ids[FZ_TS_ELEMENTS], onnx_present[FZ_TS_ELEMENTS],
    rows_present[FZ_TS_ELEMENTS];

static int64_t fold(int64_t v, int64_t range) { return v >= 0 && range > 0 ? v % range : v; }

/* The axis as the node gives it, normalised, or rank - 2 (an update dimension to put the
 * sequence_length on) where it is out of range. */
static uint32_t sequence_dim(uint32_t rank, bool has_axis, int64_t axis)
{
    int64_t a = has_axis ? axis : -2, r = rank;
    if (a >= -r && a < r)
        return (uint32_t)(a < 0 ? a + r : a);
    return rank >= 2 ? rank - 2 : 0;
}

static const char* decode_mode(fz_reader* r)
{
    uint8_t m = fz_byte(r);
    if (m < MODES)
        return fz_modes[m];
    uint8_t length = fz_byte(r) % 64;
    for (uint8_t i = 0; i < length; i++)
        mode_text[i] = (char)fz_byte(r);
    mode_text[length] = '\0';
    return mode_text;
}

/* write_indices: where, its type, rank, shape and the host's values. */
static void decode_write_indices(fz_reader* r, uint8_t flags)
{
    uint8_t source = fz_byte(r);
    node.write_indices = (vksplit_onnx_write_indices)(source < 3 ? source : source == 3 ? fz_u32(r) : source % 3u);
    uint8_t type = fz_byte(r), rank = fz_byte(r);
    node.write_indices_tensor.data_type = type ? (vksplit_onnx_data_type)type : VKSPLIT_ONNX_INT64;
    node.write_indices_tensor.rank = rank ? (rank - 1u) % 6u : 1u;
    int64_t batch = past_shape[0];
    if (node.write_indices == VKSPLIT_ONNX_WRITE_INDICES_HOST && batch > (int64_t)FZ_TS_BATCH) {
        if (update_shape[0] == batch)
            update_shape[0] = batch % FZ_TS_BATCH;
        past_shape[0] = batch = batch % FZ_TS_BATCH;
    }
    for (uint32_t k = 0; k < DIMS; k++)
        wi_shape[k] = k == 0 ? batch : 1;
    uint8_t odd = fz_byte(r);
    if (odd)
        wi_shape[(odd - 1u) % 6u] = fz_i64(r);
    uint64_t count = batch > 0 ? (uint64_t)(batch < (int64_t)FZ_TS_BATCH ? batch : (int64_t)FZ_TS_BATCH) : 0;
    fz_values(r, wi_values, count);
    for (uint64_t i = FZ_LIST_FILL; i < count; i++)
        wi_values[i] = wi_values[i % FZ_LIST_FILL];
    uint32_t axis = sequence_dim(node.past_cache.rank, node.has_axis, node.axis);
    /* wrapping arithmetic: the shapes may be anything */
    int64_t places = past_shape[axis], seq = update_shape[axis], room = (int64_t)((uint64_t)places - (uint64_t)seq);
    if ((flags & FLAG_IN_RANGE) && places >= 0 && seq >= 0 && room >= 0 && room < INT64_MAX)
        for (uint64_t i = 0; i < count; i++)
            if ((wi_values[i] %= room + 1) < 0)
                wi_values[i] += room + 1;
    uint8_t which = fz_byte(r), edge = fz_byte(r);
    if (which && count) {
        const int64_t edges[] = {INT64_MIN,
                                 INT64_MAX,
                                 -1,
                                 room,
                                 (int64_t)((uint64_t)room + 1),
                                 places,
                                 (int64_t)((uint64_t)places - 1),
                                 (int64_t)(0 - (uint64_t)places),
                                 0};
        wi_values[(which - 1u) % count] = edges[edge % (sizeof edges / sizeof edges[0])];
    }
    node.write_indices_tensor.shape = wi_shape;
    node.write_indices_data = wi_values;
}

static void decode(fz_reader* r)
{
    static const int64_t opsets[] = {24, 23, 25, 0, -1, 1, 18, INT64_MIN, INT64_MAX};
    memset(&node, 0, sizeof node);
    uint8_t opset = fz_byte(r);
    node.opset = opset < 9 ? opsets[opset] : opset;
    node.past_cache.data_type = (vksplit_onnx_data_type)fz_u32(r);
    uint8_t flags = fz_byte(r);
    uint32_t rank = fz_byte(r) % (DIMS + 1);
    node.past_cache.rank = node.update.rank = rank;
    for (uint32_t k = 0; k < DIMS; k++) {
        past_shape[k] = k < rank ? fz_i64(r) : 1;
        if (flags & FLAG_SMALL)
            past_shape[k] = fold(past_shape[k], 6);
    }
    node.has_axis = flags & FLAG_AXIS;
    node.axis = fz_i64(r);
    memcpy(update_shape, past_shape, sizeof update_shape);
    uint32_t axis = sequence_dim(rank, node.has_axis, node.axis);
    update_shape[axis] = fz_i64(r);
    if ((flags & FLAG_SEQ) && past_shape[axis] >= 0 && past_shape[axis] < INT64_MAX)
        update_shape[axis] = fold(update_shape[axis], past_shape[axis] + 1);
    uint8_t odd = fz_byte(r);
    if (odd)
        update_shape[(odd - 1u) % DIMS] = fz_i64(r);
    node.update.data_type = flags & FLAG_UPDATE_TYPE ? (vksplit_onnx_data_type)fz_u32(r) : node.past_cache.data_type;
    if (flags & FLAG_UPDATE_RANK)
        node.update.rank = fz_byte(r) % (DIMS + 1);
    node.past_cache.shape = past_shape;
    node.update.shape = update_shape;
    node.mode = decode_mode(r);
    decode_write_indices(r, flags);
}

/* The join and the rows against the node (fz_ts_broken found it sound). */
static void expect_translation(uint32_t axis)
{
    const vksplit_onnx_tensorscatter_input* past = &node.past_cache;
    uint32_t rank = past->rank;
    if (out.sizes != storage.sizes || out.lengths != &storage.length || out.input_count != 1)
        fz_fail("the join does not point into the storage (sizes %p, lengths %p, %u parts)", (const void*)out.sizes,
                (const void*)out.lengths, out.input_count);
    if (out.element_size != fz_ts_type_bytes((uint32_t)past->data_type) || out.rank != rank || out.axis != axis ||
        out.input_strides || out.output_strides || out.base_alignment)
        fz_fail("the join has element_size %u, rank %u, axis %u, strides or an alignment; the node: %u bytes, rank %u, "
                "axis %u, packed",
                out.element_size, out.rank, out.axis, fz_ts_type_bytes((uint32_t)past->data_type), rank, axis);
    for (uint32_t k = 0; k < rank; k++)
        if (storage.sizes[k] != (uint64_t)past->shape[k])
            fz_fail("the join's sizes[%u] is %llu; past_cache.shape[%u] is %lld", k,
                    (unsigned long long)storage.sizes[k], k, (long long)past->shape[k]);
    fz_expect_poisoned(storage.sizes + rank, (VKSPLIT_MAX_RANK - rank) * sizeof storage.sizes[0],
                       "storage.sizes past the rank");
    if (storage.length != (uint64_t)node.update.shape[axis] || storage.zero_index != 0)
        fz_fail("the part's length is %llu, the zero index %lld; update's sequence_length is %lld",
                (unsigned long long)storage.length, (long long)storage.zero_index, (long long)node.update.shape[axis]);

    bool circular = node.mode && strcmp(node.mode, "circular") == 0;
    bool one_start = node.write_indices == VKSPLIT_ONNX_WRITE_INDICES_ABSENT || (circular && past->shape[axis] == 0);
    const vksplit_rows* rows = &options.rows;
    vksplit_rows_mode mode = circular && !one_start ? VKSPLIT_ROWS_CIRCULAR : VKSPLIT_ROWS_LINEAR;
    const void* host = one_start                                                 ? (const void*)&storage.zero_index
                       : node.write_indices == VKSPLIT_ONNX_WRITE_INDICES_DEVICE ? NULL
                       : node.write_indices_data                                 ? (const void*)node.write_indices_data
                                                                                 : (const void*)&storage.zero_index;
    if (rows->mode != mode || rows->index_bytes != 8 || rows->list_dims != (one_start ? 0u : 1u) ||
        rows->skip_negative || rows->pages_along || rows->host_indices != host)
        fz_fail("rows: mode %d, index_bytes %u, list_dims 0x%x, skip %u, pages %u, host %p; the node's: mode %d, 8, "
                "0x%x, 0, 0, %p",
                (int)rows->mode, rows->index_bytes, rows->list_dims, rows->skip_negative, rows->pages_along,
                rows->host_indices, (int)mode, one_start ? 0u : 1u, host);
    fz_expect_poisoned(&options, offsetof(vksplit_plan_options, rows), "options_out's fields before rows");
}

/* What a rows planner on a GPU-like device (device addresses) makes of it. */
static const vksplit__rows_caps gpu_caps = {.bda = 1,
                                            .max_word_bytes = 16,
                                            .workgroup_size = 256,
                                            .invocation_bytes = 512,
                                            .min_workgroups = 2048,
                                            .max_group_count = {2147483647u, 65535u}};

/* The core as vksplit_plan_create_join takes a rows plan: its options, the join with capacities,
 * the rows planner; the public validation wherever the part fills the whole. */
static void check_core(void)
{
    vksplit_plan_options o;
    memset(&o, 0, sizeof o);
    o.rows = options.rows;
    vksplit_error e;
    vksplit_result r = vksplit__rows_options(&o, &e);
    if (r != VKSPLIT_OK)
        fz_fail("the core refuses the translation's rows: %s", e.message);
    vksplit__request request;
    r = vksplit__join_request(&out, true, &request, &e);
    if (r != VKSPLIT_OK)
        fz_fail("the core refuses the translation's join (with capacities): %s", e.message);
    r = vksplit_validate_join(&out, &e);
    bool fills = storage.length == storage.sizes[out.axis];
    if (fills ? r != VKSPLIT_OK : e.rule != VKSPLIT_RULE_JOIN_SUM)
        fz_fail("vksplit_validate_join on a part of %llu rows into %llu places: %s", (unsigned long long)storage.length,
                (unsigned long long)storage.sizes[out.axis], r == VKSPLIT_OK ? "accepted" : e.message);
    vksplit__rows_geometry g;
    r = vksplit__plan_rows(&request, &o.rows, &gpu_caps, NULL, &g, &e);
    if (r != VKSPLIT_OK && e.rule != VKSPLIT_RULE_PLAN_ROWS_COUNT && e.rule != VKSPLIT_RULE_PLAN_ROWS_HOST_INDICES)
        fz_fail("the rows planner refuses the translation for a rule the front-end answers for: %s (%s)", e.message,
                vksplit_rule_name(e.rule));
    for (uint64_t i = 0; r == VKSPLIT_OK && g.host_places && i < g.entries; i++) {
        int64_t v;
        memcpy(&v, (const char*)o.rows.host_indices + i * 8, 8);
        int64_t c = (int64_t)g.places;
        uint32_t want = o.rows.mode == VKSPLIT_ROWS_CIRCULAR ? (uint32_t)(((v % c) + c) % c) : (uint32_t)v;
        if (g.host_places[i] != want)
            fz_fail("the planner's start %llu is %u; the host's index %lld is the start %u", (unsigned long long)i,
                    g.host_places[i], (long long)v, want);
    }
    vksplit__rows_free(NULL, &g);
}

/* ONNX's present_cache against the rows' whole, where they are small. */
static void check_semantics(uint32_t axis)
{
    uint64_t elements = 1;
    for (uint32_t k = 0; k < out.rank; k++)
        if (__builtin_mul_overflow(elements, out.sizes[k], &elements))
            return;
    int64_t batch = node.past_cache.shape[0];
    bool given = node.write_indices != VKSPLIT_ONNX_WRITE_INDICES_ABSENT;
    if (elements > FZ_TS_ELEMENTS || (given && batch > (int64_t)FZ_TS_BATCH))
        return;
    for (uint32_t i = 0; i < elements; i++) {
        past_ids[i] = i + 1;
        update_ids[i] = 0x80000001u + i;
    }
    bool circular = node.mode && strcmp(node.mode, "circular") == 0;
    bool onnx = fz_ts_onnx_present(out.rank, node.past_cache.shape, axis, node.update.shape[axis], circular,
                                   given ? wi_values : NULL, past_ids, update_ids, onnx_present);
    bool rows = fz_ts_rows_present(&out, &options.rows, wi_values, past_ids, update_ids, rows_present);
    if (onnx != rows)
        fz_fail("ONNX %s the write indices; the rows %s them", onnx ? "takes" : "refuses", rows ? "take" : "refuse");
    if (!onnx && node.write_indices == VKSPLIT_ONNX_WRITE_INDICES_HOST)
        fz_fail("the front-end accepted the host's linear write indices outside the cache");
    if (onnx && memcmp(onnx_present, rows_present, elements * sizeof *onnx_present) != 0)
        for (uint32_t i = 0; i < elements; i++)
            if (onnx_present[i] != rows_present[i])
                fz_fail("present_cache's element %u is id 0x%x by ONNX, 0x%x by the rows", i, onnx_present[i],
                        rows_present[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz_reader r = {data, size};
    decode(&r);
    uint8_t nulls = fz_byte(&r);
    int null_arg = nulls >= 0xf0 ? nulls & 15 : -1;
    if (null_arg == NULL_PAST)
        node.past_cache.shape = NULL;
    if (null_arg == NULL_UPDATE)
        node.update.shape = NULL;
    if (null_arg == NULL_WI_SHAPE)
        node.write_indices_tensor.shape = NULL;
    if (null_arg == NULL_WI)
        node.write_indices_data = NULL;
    fz_ts_call call = {null_arg == NULL_NODE ? NULL : &node, null_arg != NULL_STORAGE, null_arg != NULL_OUT,
                       null_arg != NULL_OPTIONS};
    fz_ts_broken(&call, &rules);

    node_before = node;
    int64_t past_before[DIMS], update_before[DIMS], wi_before[DIMS];
    memcpy(past_before, past_shape, sizeof past_before);
    memcpy(update_before, update_shape, sizeof update_before);
    memcpy(wi_before, wi_shape, sizeof wi_before);
    fz_poison(&storage, sizeof storage);
    fz_poison(&out, sizeof out);
    fz_poison(&options, sizeof options);
    fz_poison(&error, sizeof error);
    vksplit_result result =
        vksplit_onnx_translate_tensorscatter(call.node, call.storage ? &storage : NULL, call.out ? &out : NULL,
                                             call.options ? &options : NULL, null_arg == NULL_ERROR ? NULL : &error);
    if (null_arg != NULL_ERROR)
        fz_trace(result, &error);
    if (memcmp(&node, &node_before, sizeof node) || memcmp(past_before, past_shape, sizeof past_before) ||
        memcmp(update_before, update_shape, sizeof update_before) || memcmp(wi_before, wi_shape, sizeof wi_before))
        fz_fail("the front-end changed the node");

    if (result != VKSPLIT_OK) {
        if (null_arg != NULL_ERROR) {
            fz_check_error(result, &error);
            if ((uint32_t)error.rule >= FZ_TS_RULES || !rules.broken[error.rule] ||
                vksplit_rule_result(error.rule) != result)
                fz_fail("refused with %s (%s), a rule the node does not break (%u it breaks): %s",
                        vksplit_rule_name(error.rule), vksplit_result_name(result), rules.count, error.message);
        }
        if (!rules.count)
            fz_fail("refused a node that breaks no rule: %s", null_arg == NULL_ERROR ? "" : error.message);
        fz_expect_poisoned(&storage, sizeof storage, "the storage after an error");
        fz_expect_poisoned(&out, sizeof out, "*out after an error");
        fz_expect_poisoned(&options, sizeof options, "*options_out after an error");
        return 0;
    }
    if (rules.count)
        fz_fail("accepted a node that breaks %u rules", rules.count);
    uint32_t axis = sequence_dim(node.past_cache.rank, node.has_axis, node.axis);
    expect_translation(axis);
    check_core();
    check_semantics(axis);
    return 0;
}
