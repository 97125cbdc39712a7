/* ONNX TensorScatter-24 end to end: nodes translated by vksplit_onnx_translate_tensorscatter,
 * planned (vksplit_plan_create_join with the rows it places) and run in place on the device by
 * vksplit_runner_run_rows_plan, validation layer on, with device addresses and with push
 * descriptors where the device has them.
 *
 * ONNX's backend cases (onnx/backend/test/case/node/tensorscatter.py: test_tensorscatter,
 * test_tensorscatter_circular, test_tensorscatter_3d) are held to the outputs typed in from that
 * file; every case, theirs included, is held byte for byte to this file's own CPU reference of
 * the operator (reference_present: the reference implementation's loop, element row by row,
 * the sequence position alone wrapped floor modulo max_sequence_length in circular mode),
 * never to the translated desc. Each case runs with its write_indices as the node gives them:
 * absent (zeros), from the host (checked at translation and planned into the plan), and the
 * same values on the GPU (bindings.indices, checked there). Widths 1 to 16 bytes (bool, uint8,
 * float8e8m0, float16, bfloat16, int32, float, double, complex128) with bit patterns NaN payloads
 * included; axes -2, 1, -1 (rows of one element) and 3 of rank 5; wrapping and negative circular
 * starts; a batch larger than max_sequence_length in circular mode (where the operator
 * document's pseudocode and ONNX's reference implementation, which take the modulo of the batch
 * index too, would write into other batch rows: vksplit wraps the sequence position alone, as the
 * document's prose and ONNX Runtime do); empty tensors. Linear write indices past the end on the
 * GPU: the GPU's check refuses them (ROWS_START, naming the batch row and the value), the run
 * fails by that rule and nothing is written. */
#include "test_harness.h"
#include "vksplit/onnx.h"

#define MAX_RANK 5
#define MAX_BATCH 8

enum { FROM_ABSENT = 1, FROM_HOST = 2, FROM_GPU = 4 };

typedef struct ts_case {
    const char* name;
    vksplit_onnx_data_type type;
    uint32_t rank;
    int64_t past[MAX_RANK];
    int64_t seq; /* update's length along the axis */
    int has_axis;
    int64_t axis;
    const char* mode;
    int sources;              /* FROM_* */
    int64_t wi[MAX_BATCH];    /* write_indices (HOST, GPU) */
    const float* past_values; /* float cases typed in from ONNX: past_cache, update, present_cache */
    const float* update_values;
    const float* present_values;
} ts_case;

/* onnx/backend/test/case/node/tensorscatter.py, export_tensorscatter */
static const float linear_past[40] = {1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 4, 3, 2, 1, 0,
                                      1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 4, 3, 2, 1, 0};
static const float linear_update[10] = {5, 5, 5, 5, 5, 1, 1, 1, 1, 1};
static const float linear_present[40] = {1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 8, 7, 6, 5, 4, 4, 3, 2, 1, 0,
                                         1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 1, 1, 1, 1, 1, 4, 3, 2, 1, 0};
/* export_tensorscatter_circular (the same past_cache) */
static const float circular_update[20] = {5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2};
static const float circular_present[40] = {1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 4, 3, 2, 1, 0,
                                           2, 2, 2, 2, 2, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 1, 1, 1, 1, 1};
/* export_tensorscatter_3d */
static const float past_3d[72] = {1, 2, 3, 4, 5, 6, 5, 6, 7, 8, 9, 10, 8, 7, 6, 5, 4, 3, 5, 4, 3, 2, 1, 0,
                                  1, 2, 3, 4, 5, 6, 5, 6, 7, 8, 9, 10, 8, 7, 6, 5, 4, 3, 5, 4, 3, 2, 1, 0,
                                  1, 2, 3, 4, 5, 6, 5, 6, 7, 8, 9, 10, 8, 7, 6, 5, 4, 3, 5, 4, 3, 2, 1, 0};
static const float update_3d[36] = {4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6,
                                    7, 7, 7, 7, 7, 7, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3};
static const float present_3d[72] = {1, 2, 3, 4, 5, 6, 4, 4, 4, 4, 4, 4,  5, 5, 5, 5, 5, 5, 5, 4, 3, 2, 1, 0,
                                     1, 2, 3, 4, 5, 6, 5, 6, 7, 8, 9, 10, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7,
                                     2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,  8, 7, 6, 5, 4, 3, 5, 4, 3, 2, 1, 0};

#define BOTH (FROM_HOST | FROM_GPU)
#define TYPED(p, u, o) .past_values = (p), .update_values = (u), .present_values = (o)

static const ts_case cases[] = {
    {"test_tensorscatter",
     VKSPLIT_ONNX_FLOAT,
     4,
     {2, 1, 4, 5},
     1,
     0,
     0,
     "linear",
     BOTH,
     .wi = {1, 2},
     TYPED(linear_past, linear_update, linear_present)},
    {"test_tensorscatter_circular",
     VKSPLIT_ONNX_FLOAT,
     4,
     {2, 1, 4, 5},
     2,
     0,
     0,
     "circular",
     BOTH,
     .wi = {1, 3},
     TYPED(linear_past, circular_update, circular_present)},
    {"test_tensorscatter_3d",
     VKSPLIT_ONNX_FLOAT,
     3,
     {3, 4, 6},
     2,
     0,
     0,
     NULL,
     BOTH,
     .wi = {1, 2, 0},
     TYPED(past_3d, update_3d, present_3d)},
    /* A KV cache [B, H, S, D]: the prefill (write_indices absent) and one decode token per batch
     * row at its own position. */
    {"prefill, write_indices absent", VKSPLIT_ONNX_FLOAT16, 4, {2, 3, 8, 4}, 6, 0, 0, NULL, FROM_ABSENT, .wi = {0}},
    {"prefill, circular, absent", VKSPLIT_ONNX_FLOAT16, 4, {2, 3, 8, 4}, 8, 0, 0, "circular", FROM_ABSENT, .wi = {0}},
    {"decode f16", VKSPLIT_ONNX_FLOAT16, 4, {2, 3, 8, 4}, 1, 1, -2, "linear", BOTH, .wi = {5, 7}},
    {"decode, every position", VKSPLIT_ONNX_FLOAT, 4, {4, 2, 6, 8}, 1, 0, 0, NULL, BOTH, .wi = {0, 5, 2, 3}},
    /* Circular: wrapping, negative and large starts (floor modulo). */
    {"circular wrap int32", VKSPLIT_ONNX_INT32, 4, {2, 2, 5, 3}, 4, 0, 0, "circular", BOTH, .wi = {3, -2}},
    {"circular, starts far out",
     VKSPLIT_ONNX_DOUBLE,
     3,
     {3, 7, 2},
     5,
     1,
     1,
     "circular",
     BOTH,
     .wi = {-1000000007, 1000000009, 7}},
    /* Other axes. */
    {"axis 1 of [B, S, H, D], bfloat16", VKSPLIT_ONNX_BFLOAT16, 4, {2, 6, 2, 4}, 3, 1, 1, "linear", BOTH, .wi = {2, 3}},
    {"axis -1: rows of one uint8", VKSPLIT_ONNX_UINT8, 3, {2, 3, 7}, 3, 1, -1, "linear", BOTH, .wi = {4, 0}},
    {"axis -1, circular bool", VKSPLIT_ONNX_BOOL, 3, {2, 3, 7}, 3, 1, -1, "circular", BOTH, .wi = {6, 5}},
    {"axis 3 of rank 5, double", VKSPLIT_ONNX_DOUBLE, 5, {2, 2, 3, 6, 3}, 2, 1, 3, "circular", BOTH, .wi = {5, 11}},
    {"axis 2 of rank 5, linear", VKSPLIT_ONNX_INT32, 5, {3, 2, 5, 2, 3}, 2, 1, 2, "linear", BOTH, .wi = {3, 0, 1}},
    /* Widths. */
    {"complex128", VKSPLIT_ONNX_COMPLEX128, 3, {2, 4, 2}, 2, 0, 0, "linear", BOTH, .wi = {2, 1}},
    {"float8e8m0, the whole sequence", VKSPLIT_ONNX_FLOAT8E8M0, 3, {3, 5, 2}, 5, 0, 0, "linear", BOTH, .wi = {0, 0, 0}},
    {"float8e4m3fn, circular", VKSPLIT_ONNX_FLOAT8E4M3FN, 3, {2, 5, 3}, 3, 0, 0, "circular", BOTH, .wi = {4, 9}},
    /* A batch larger than max_sequence_length, circular: every batch row keeps its own rows. */
    {"circular, batch 5 > max_sequence_length 2",
     VKSPLIT_ONNX_FLOAT,
     3,
     {5, 2, 4},
     2,
     0,
     0,
     "circular",
     BOTH,
     .wi = {1, 0, 1, 0, 3}},
    /* Nothing to place. */
    {"sequence_length 0", VKSPLIT_ONNX_FLOAT, 3, {2, 4, 3}, 0, 0, 0, "linear", BOTH, .wi = {4, 1}},
    {"a batch of 0", VKSPLIT_ONNX_FLOAT, 3, {0, 4, 3}, 2, 0, 0, "linear", FROM_HOST | FROM_ABSENT, .wi = {0}},
    {"circular into max_sequence_length 0", VKSPLIT_ONNX_FLOAT, 3, {2, 0, 3}, 0, 0, 0, "circular", BOTH, .wi = {5, -3}},
};

/* ---- the shapes, and the reference ---------------------------------------------------------------- */

static uint32_t axis_of(const ts_case* c)
{
    int64_t a = c->has_axis ? c->axis : -2;
    return (uint32_t)(a < 0 ? a + (int64_t)c->rank : a);
}

static uint64_t product(const int64_t* shape, uint32_t from, uint32_t to)
{
    uint64_t n = 1;
    for (uint32_t k = from; k < to; k++)
        n *= (uint64_t)shape[k];
    return n;
}

static void update_shape(const ts_case* c, int64_t* shape)
{
    memcpy(shape, c->past, sizeof c->past);
    shape[axis_of(c)] = c->seq;
}

/* present_cache by the reference implementation's loop: past_cache, then for every index of the
 * dimensions before the axis (its first, the batch row, choosing the write index) and every
 * sequence position s, update's row (prefix, s) at (prefix, write_index + s), that position alone
 * floor modulo max_sequence_length in circular mode (the prose's and ONNX Runtime's reading; the
 * reference implementation wraps the prefix too: check_prefix_divergence). A row: the dimensions
 * after the axis. */
static void reference_present(const ts_case* c, const int64_t* wi, uint32_t size, const unsigned char* past,
                              const unsigned char* update, unsigned char* present)
{
    uint32_t axis = axis_of(c);
    uint64_t prefixes = product(c->past, 0, axis), per_batch = product(c->past, 1, axis);
    uint64_t row = product(c->past, axis + 1, c->rank) * size, max_seq = (uint64_t)c->past[axis];
    memcpy(present, past, product(c->past, 0, c->rank) * size);
    int circular = c->mode && strcmp(c->mode, "circular") == 0;
    for (uint64_t p = 0; p < prefixes; p++)
        for (int64_t s = 0; s < c->seq; s++) {
            int64_t at = wi[p / per_batch] + s; /* the batch row's write index */
            if (circular)
                at = ((at % (int64_t)max_seq) + (int64_t)max_seq) % (int64_t)max_seq;
            memcpy(present + (p * max_seq + (uint64_t)at) * row, update + (p * (uint64_t)c->seq + (uint64_t)s) * row,
                   row);
        }
}

/* ---- a run ------------------------------------------------------------------------------------------- */

typedef struct memory_io {
    const unsigned char *whole, *part;
    unsigned char* out;
    uint64_t out_bytes, written;
} memory_io;

static vksplit_result read_whole(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    memory_io* m = user;
    (void)error;
    memcpy(dst, m->whole, bytes);
    m->whole += bytes;
    return VKSPLIT_OK;
}

static vksplit_result read_part(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    memory_io* m = user;
    (void)error;
    memcpy(dst, m->part, bytes);
    m->part += bytes;
    return VKSPLIT_OK;
}

static vksplit_result write_output(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    memory_io* m = user;
    (void)error;
    CHECK_MSG(m->written + bytes <= m->out_bytes, "the run wrote %llu bytes past present_cache's %llu",
              (unsigned long long)(m->written + bytes), (unsigned long long)m->out_bytes);
    if (m->written + bytes <= m->out_bytes)
        memcpy(m->out + m->written, src, bytes);
    m->written += bytes;
    return VKSPLIT_OK;
}

/* The node of a case with its write_indices from `source`. */
static vksplit_onnx_tensorscatter_desc node_of(const ts_case* c, int source, const int64_t* update,
                                               const int64_t* batch)
{
    vksplit_onnx_tensorscatter_desc node;
    memset(&node, 0, sizeof node);
    node.opset = 24;
    node.past_cache = (vksplit_onnx_tensorscatter_input){c->type, c->rank, c->past};
    node.update = (vksplit_onnx_tensorscatter_input){c->type, c->rank, update};
    node.has_axis = (vksplit_bool32)c->has_axis;
    node.axis = c->axis;
    node.mode = c->mode;
    node.write_indices = source == FROM_ABSENT ? VKSPLIT_ONNX_WRITE_INDICES_ABSENT
                         : source == FROM_HOST ? VKSPLIT_ONNX_WRITE_INDICES_HOST
                                               : VKSPLIT_ONNX_WRITE_INDICES_DEVICE;
    node.write_indices_tensor = (vksplit_onnx_tensorscatter_input){VKSPLIT_ONNX_INT64, 1, batch};
    node.write_indices_data = c->wi;
    return node;
}

/* Translates, plans and runs the node; the run's result (its error in *err), present_cache in
 * out (out_bytes long), how many bytes came back in *written, and the status block in status. */
static vksplit_result run_node(vksplit_runner* runner, const vksplit_onnx_tensorscatter_desc* node,
                               const unsigned char* past, const unsigned char* update, unsigned char* out,
                               uint64_t out_bytes, uint64_t* written, uint32_t* status, vksplit_error* err)
{
    vksplit_onnx_tensorscatter_storage storage;
    vksplit_join_desc join;
    vksplit_plan_options options;
    memset(&options, 0, sizeof options);
    vksplit_result r = vksplit_onnx_translate_tensorscatter(node, &storage, &join, &options, err);
    CHECK_MSG(r == VKSPLIT_OK, "translate: %s", err->message);
    vksplit_plan* plan = NULL;
    if (r == VKSPLIT_OK)
        r = vksplit_plan_create_join(vksplit_runner_context(runner), &join, &options, &plan, err);
    CHECK_MSG(r == VKSPLIT_OK, "plan: %s", err->message);
    if (r != VKSPLIT_OK)
        return r;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    int gpu = node->write_indices == VKSPLIT_ONNX_WRITE_INDICES_DEVICE && options.rows.list_dims;
    uint64_t batch = (uint64_t)node->past_cache.shape[0];
    CHECK_MSG(info.rows_mode == options.rows.mode && info.index_span_bytes == (gpu ? batch * 8 : 0) &&
                  info.output_span_bytes == out_bytes,
              "plan info: rows %d, %llu index bytes, output span %llu", (int)info.rows_mode,
              (unsigned long long)info.index_span_bytes, (unsigned long long)info.output_span_bytes);
    memory_io m = {past, update, out, out_bytes, 0};
    vksplit_runner_rows_io io = {read_whole, read_part, write_output, &m};
    r = vksplit_runner_run_rows_plan(runner, plan, &io, gpu ? node->write_indices_data : NULL, status, err);
    *written = m.written;
    vksplit_plan_destroy(plan);
    return r;
}

/* Deterministic bytes (an LCG), NaN payloads and every other pattern among them. */
static void fill(unsigned char* p, uint64_t n, uint32_t seed)
{
    uint32_t x = seed * 2654435761u + 1;
    for (uint64_t i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        p[i] = (unsigned char)(x >> 24);
    }
}

static void first_difference(const char* what, const unsigned char* got, const unsigned char* want, uint64_t n)
{
    uint64_t at = 0;
    while (at < n && got[at] == want[at])
        at++;
    CHECK_MSG(at == n, "%s: byte %llu of %llu is 0x%02x, want 0x%02x", what, (unsigned long long)at,
              (unsigned long long)n, at < n ? got[at] : 0, at < n ? want[at] : 0);
}

static void run_case(vksplit_runner* runner, const char* label, const ts_case* c)
{
    uint32_t size = vksplit_onnx_data_type_size(c->type);
    int64_t update[MAX_RANK], batch[1] = {c->past[0]};
    update_shape(c, update);
    uint64_t past_bytes = product(c->past, 0, c->rank) * size, update_bytes = product(update, 0, c->rank) * size;
    unsigned char* past = calloc(past_bytes + 1, 1);
    unsigned char* upd = calloc(update_bytes + 1, 1);
    unsigned char* want = calloc(past_bytes + 1, 1);
    unsigned char* got = calloc(past_bytes + 1, 1);
    if (c->past_values) {
        memcpy(past, c->past_values, past_bytes);
        memcpy(upd, c->update_values, update_bytes);
    } else {
        fill(past, past_bytes, (uint32_t)c->rank * 7u + size);
        fill(upd, update_bytes, (uint32_t)c->seq * 13u + size + 1);
    }
    static const int sources[3] = {FROM_ABSENT, FROM_HOST, FROM_GPU};
    static const char* const names[3] = {"absent", "host", "GPU"};
    static const int64_t zeros[MAX_BATCH] = {0};
    for (int s = 0; s < 3; s++) {
        if (!(c->sources & sources[s]))
            continue;
        vksplit_onnx_tensorscatter_desc node = node_of(c, sources[s], update, batch);
        reference_present(c, sources[s] == FROM_ABSENT ? zeros : c->wi, size, past, upd, want);
        if (c->present_values)
            first_difference("the reference against ONNX's present_cache", want,
                             (const unsigned char*)c->present_values, past_bytes);
        memset(got, 0xEE, past_bytes);
        uint64_t written = 0;
        uint32_t status[64];
        vksplit_error err;
        vksplit_result r = run_node(runner, &node, past, upd, got, past_bytes, &written, status, &err);
        CHECK_MSG(r == VKSPLIT_OK, "%s, %s (%s): %s", c->name, names[s], label, err.message);
        CHECK_MSG(written == past_bytes, "%s, %s: %llu bytes of %llu came back", c->name, names[s],
                  (unsigned long long)written, (unsigned long long)past_bytes);
        char what[160];
        snprintf(what, sizeof what, "%s, write_indices %s (%s)", c->name, names[s], label);
        first_difference(what, got, want, past_bytes);
    }
    free(past);
    free(upd);
    free(want);
    free(got);
}

/* ONNX's pseudocode and reference implementation take the modulo of the whole coordinate in
 * circular mode; with a batch row past max_sequence_length that writes into another batch row.
 * vksplit does not: the case's present_cache (held to reference_present above) differs from
 * theirs, computed here by their formula. */
static void check_prefix_divergence(void)
{
    const ts_case* c = NULL;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (strstr(cases[i].name, "batch 5 > max_sequence_length"))
            c = &cases[i];
    CHECK(c != NULL);
    if (!c)
        return;
    float past[40], update[40], ours[40], pseudocode[40];
    for (int i = 0; i < 40; i++) {
        past[i] = (float)i;
        update[i] = (float)(100 + i);
    }
    reference_present(c, c->wi, 4, (const unsigned char*)past, (const unsigned char*)update, (unsigned char*)ours);
    memcpy(pseudocode, past, sizeof past);
    for (int b = 0; b < 5; b++) /* [5, 2, 4] along axis 1: cache_idx = (b, wi[b] + s) % 2, both */
        for (int s = 0; s < 2; s++)
            memcpy(&pseudocode[((b % 2) * 2 + (int)((c->wi[b] + s) % 2)) * 4], &update[(b * 2 + s) * 4],
                   4 * sizeof(float));
    CHECK_MSG(memcmp(ours, pseudocode, sizeof ours) != 0 && ours[4 * 4] == 100 + 4 * 4 + 4,
              "the divergence case no longer diverges");
}

/* Linear write indices past the end, on the GPU: the check refuses them before a row moves. */
static void gpu_refusals(vksplit_runner* runner, const char* label)
{
    static const ts_case past_end = {
        "linear past the end", VKSPLIT_ONNX_FLOAT, 4, {2, 1, 4, 5}, 2, 0, 0, NULL, FROM_GPU, .wi = {1, 3}};
    static const ts_case negative = {"linear, negative", VKSPLIT_ONNX_FLOAT, 4, {3, 2, 4, 2}, 1, 0, 0, NULL,
                                     FROM_GPU,           .wi = {0, -1, 0}};
    const ts_case* refused[2] = {&past_end, &negative};
    for (int k = 0; k < 2; k++) {
        const ts_case* c = refused[k];
        int64_t update[MAX_RANK], batch[1] = {c->past[0]};
        update_shape(c, update);
        vksplit_onnx_tensorscatter_desc node = node_of(c, FROM_GPU, update, batch);
        float past[64], upd[64], got[64];
        memset(past, 0, sizeof past);
        memset(upd, 0, sizeof upd);
        memset(got, 0, sizeof got);
        uint64_t written = 0;
        uint32_t status[64];
        memset(status, 0xEE, sizeof status);
        vksplit_error err;
        uint64_t bytes = product(c->past, 0, c->rank) * 4;
        vksplit_result r = run_node(runner, &node, (unsigned char*)past, (unsigned char*)upd, (unsigned char*)got,
                                    bytes, &written, status, &err);
        uint32_t list = 1; /* the batch row at fault in both */
        int64_t value = c->wi[list];
        CHECK_MSG(r == VKSPLIT_ERROR_INVALID_ARGUMENT && err.rule == VKSPLIT_RULE_ROWS_START && written == 0,
                  "%s (%s): %s by %s, %llu bytes out (%s)", c->name, label, vksplit_result_name(r),
                  vksplit_rule_name(err.rule), (unsigned long long)written, err.message);
        CHECK_MSG(status[0] == VKSPLIT_RULE_ROWS_START && status[1] == list && status[3] == (uint32_t)(uint64_t)value &&
                      status[4] == (uint32_t)((uint64_t)value >> 32),
                  "%s: status {%u, %u, %u, %u, %u}", c->name, status[0], status[1], status[2], status[3], status[4]);
        char shows[64];
        snprintf(shows, sizeof shows, "list %u starts at %lld", list, (long long)value);
        CHECK_MSG(strstr(err.message, shows) != NULL, "%s: message '%s' lacks '%s'", c->name, err.message, shows);
    }
}

static void run_all(vksplit_runner* runner, const char* label)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(runner, label, &cases[i]);
    gpu_refusals(runner, label);
    printf("%zu cases (%s)\n", sizeof cases / sizeof cases[0], label);
}

int main(void)
{
    check_prefix_divergence();
    vksplit_runner* runner = test_runner_create();
    run_all(runner, "device addresses where the device has them");
    const char* unrunnable = test_unrunnable_with(VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS);
    if (unrunnable) {
        test_skip_part("push descriptors: %s", unrunnable);
    } else {
        vksplit_runner* push = test_runner_create_with(VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS);
        run_all(push, "push descriptors");
        uint32_t messages = vksplit_runner_validation_message_count(push);
        CHECK_MSG(messages == 0, "push descriptors: the validation layer sent %u message(s)", messages);
        vksplit_runner_destroy(push);
    }
    return test_finish(runner);
}
