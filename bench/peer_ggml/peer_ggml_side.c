/* ggml-vulkan's side of the peer bench (peer.h): one ggml context, its tensors in one buffer of
 * the Vulkan backend, one graph per case in ggml's own idiom; a run is ggml_backend_graph_compute
 * (it records, submits and waits); a KV append's position, or a rows case's indices, are set
 * before it from the host (ggml_backend_tensor_set), inside the wall time as vksplit's GPU pass
 * or upload is in its (the indices drawn and put in ggml's form before the clock starts). GPU time: with GGML_VK_PERF_LOGGER=1 (set before ggml starts:
 * it reads it once) ggml writes a timestamp and a barrier after every node and prints each
 * compute's "Total time: X us." to std::cerr; a round sends file descriptor 2 into a file of its
 * own and sums those lines. */
#define _POSIX_C_SOURCE 200809L /* dup, dup2, fileno, mkstemp */
#include "peer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ggml-alloc.h>
#include <ggml-backend.h>
#include <ggml-vulkan.h>
#include <ggml.h>

struct peer_ggml {
    const peer_layout* l;
    ggml_backend_t backend;
    struct ggml_context* ctx;
    ggml_backend_buffer_t buffer;
    struct ggml_cgraph* graph;
    struct ggml_tensor* whole; /* the written whole (a join's result), or the split's input */
    struct ggml_tensor* parts[PEER_MAX_PARTS];
    struct ggml_tensor* idx; /* PEER_GGML_SET_ROWS: the position, I64; rows: the indices, I64 or I32 */
    int64_t* values;         /* rows: one run's indices in vksplit's form (peer_indices) */
    uint8_t* idx_bytes;      /* the same as ggml's idx holds them */
    uint64_t idx_count;
    uint64_t runs;
    int gpu;
    int capture; /* the file ggml's timings go to (gpu) */
    char device[256];
};

/* ggml's own log: warnings and errors only (its start-up lines would bury the JSON). */
static void quiet_log(enum ggml_log_level level, const char* text, void* user)
{
    (void)user;
    if (level == GGML_LOG_LEVEL_WARN || level == GGML_LOG_LEVEL_ERROR)
        fputs(text, stderr);
}

/* vksplit's sizes (outermost first) as ggml's ne (innermost first), axis length replaced. */
static void ne_of(const peer_case* c, uint64_t axis_length, int64_t ne[4])
{
    for (int d = 0; d < 4; d++)
        ne[d] = 1;
    for (uint32_t k = 0; k < c->rank; k++)
        ne[c->rank - 1 - k] = (int64_t)(k == c->axis ? axis_length : c->sizes[k]);
}

/* ggml's type of a vksplit_type value (peer_whole_type, peer_parts_type). */
static enum ggml_type ggml_type_of(uint32_t type)
{
    return type == 6 /* VKSPLIT_TYPE_Q8_0 */ ? GGML_TYPE_Q8_0 : type == 1 ? GGML_TYPE_F32 : GGML_TYPE_F16;
}

static struct ggml_tensor* new_typed(peer_ggml* g, uint32_t type, uint64_t axis_length)
{
    int64_t ne[4];
    ne_of(g->l->c, axis_length, ne);
    return ggml_new_tensor(g->ctx, ggml_type_of(type), 4, ne);
}

/* The whole's type, or a part's (peer_parts_type: another where the copy converts). */
static struct ggml_tensor* new_tensor(peer_ggml* g, uint64_t axis_length)
{
    return new_typed(g, peer_whole_type(g->l->c), axis_length);
}

static struct ggml_tensor* new_part(peer_ggml* g, uint64_t axis_length)
{
    return new_typed(g, peer_parts_type(g->l->c), axis_length);
}

/* A view of t: the case's sizes with `length` along the axis, from position `at`. */
static struct ggml_tensor* view_along(peer_ggml* g, struct ggml_tensor* t, uint64_t length, uint64_t at)
{
    int64_t ne[4];
    ne_of(g->l->c, length, ne);
    int dim = (int)(g->l->c->rank - 1 - g->l->c->axis);
    return ggml_view_4d(g->ctx, t, ne[0], ne[1], ne[2], ne[3], t->nb[1], t->nb[2], t->nb[3], at * t->nb[dim]);
}

/* A rows case's tensor as ggml sees rows: ne0 a row (the dimensions after the axis), ne1 the
 * axis (`length` of it), ne2 and ne3 the dimensions before it (at most two). */
static struct ggml_tensor* rows_tensor(peer_ggml* g, enum ggml_type type, uint64_t length)
{
    const peer_case* c = g->l->c;
    int64_t ne2 = c->axis >= 1 ? (int64_t)c->sizes[c->axis - 1] : 1, ne3 = c->axis >= 2 ? (int64_t)c->sizes[0] : 1;
    return ggml_new_tensor_4d(g->ctx, type, (int64_t)g->l->row_elements, (int64_t)length, ne2, ne3);
}

/* A rows case in ggml's idiom: SET_ROWS with its indices broadcast where vksplit's lists are
 * (one list per index of a listed dimension, one for all of an unlisted one); GET_ROWS with one
 * list per outer index (it does not broadcast); llama.cpp's transposed V cache as SET_ROWS of
 * one-element rows, an index per element. */
static struct ggml_tensor* build_rows(peer_ggml* g)
{
    const peer_layout* l = g->l;
    const peer_case* c = l->c;
    enum ggml_type type = ggml_type_of(peer_whole_type(c)), part_type = ggml_type_of(peer_parts_type(c));
    uint64_t C = c->sizes[c->axis], L = l->lengths[0];
    enum ggml_type itype = c->index_bytes == 4 ? GGML_TYPE_I32 : GGML_TYPE_I64;
    if (c->idiom == PEER_GGML_SET_ROWS_ELEMENTS) { /* the whole and the part as rows of one element */
        uint64_t elems = l->row_elements;
        g->whole = ggml_new_tensor_2d(g->ctx, type, 1, (int64_t)(l->whole_bytes / c->element_size));
        g->parts[0] = ggml_new_tensor_2d(g->ctx, type, 1, (int64_t)(l->outer * L * elems));
        g->idx_count = l->outer * L * elems;
        g->idx = ggml_new_tensor_1d(g->ctx, itype, (int64_t)g->idx_count);
        return ggml_set_rows(g->ctx, g->whole, g->parts[0], g->idx);
    }
    if (c->axis > 2)
        return NULL;
    if (c->idiom == PEER_GGML_GET_ROWS) { /* a's rows gathered: its result F32, as the part's bytes only for f32 */
        if (c->element_size != 4 || itype != GGML_TYPE_I32)
            return NULL;
        g->whole = rows_tensor(g, type, C);
        g->idx_count = l->outer * L;
        g->idx = ggml_new_tensor_3d(g->ctx, itype, (int64_t)L, g->whole->ne[2], g->whole->ne[3]);
        g->parts[0] = ggml_get_rows(g->ctx, g->whole, g->idx);
        return g->parts[0];
    }
    g->whole = rows_tensor(g, type, C);
    g->parts[0] = rows_tensor(g, part_type, L); /* SET_ROWS converts float32 parts to the whole's type */
    int64_t n2 = c->axis >= 1 && c->list_dims >> (c->axis - 1) & 1u ? g->whole->ne[2] : 1;
    int64_t n3 = c->axis >= 2 && c->list_dims & 1u ? g->whole->ne[3] : 1;
    g->idx_count = L * (uint64_t)n2 * (uint64_t)n3;
    g->idx = ggml_new_tensor_3d(g->ctx, itype, (int64_t)L, n2, n3);
    return ggml_set_rows(g->ctx, g->whole, g->parts[0], g->idx);
}

/* vksplit's indices of one run (g->values) as ggml's idx holds them: one index per row (a
 * LINEAR start becomes start + j), repeated over the outer indices GET_ROWS does not broadcast,
 * or per element (the transposed V cache). */
static void ggml_indices(peer_ggml* g)
{
    const peer_layout* l = g->l;
    const peer_case* c = l->c;
    uint64_t C = c->sizes[c->axis], L = l->lengths[0], elems = l->row_elements;
    int full = c->idiom != PEER_GGML_SET_ROWS; /* every outer index its own list */
    uint64_t outer = full ? l->outer : l->lists;
    for (uint64_t o = 0; o < outer; o++) {
        uint64_t list = o;
        if (full) { /* o's list: its indices over the listed dimensions */
            uint64_t rest = o, scale = 1;
            list = 0;
            for (uint32_t d = c->axis; d-- > 0;) {
                uint64_t idx = rest % c->sizes[d];
                rest /= c->sizes[d];
                if (c->list_dims >> d & 1u) {
                    list += idx * scale;
                    scale *= c->sizes[d];
                }
            }
        }
        for (uint64_t j = 0; j < L; j++) {
            int64_t place =
                c->rows_mode == 1 ? g->values[list * L + j] : (int64_t)(((uint64_t)g->values[list] + j) % C);
            for (uint64_t e = 0; e < (c->idiom == PEER_GGML_SET_ROWS_ELEMENTS ? elems : 1); e++) {
                int64_t v = c->idiom == PEER_GGML_SET_ROWS_ELEMENTS
                                ? ((int64_t)(o * C) + place) * (int64_t)elems + (int64_t)e
                                : place;
                uint64_t at = (o * L + j) * (c->idiom == PEER_GGML_SET_ROWS_ELEMENTS ? elems : 1) + e;
                if (g->idx->type == GGML_TYPE_I32) {
                    int32_t x = (int32_t)v;
                    memcpy(g->idx_bytes + at * 4, &x, 4);
                } else {
                    memcpy(g->idx_bytes + at * 8, &v, 8);
                }
            }
        }
    }
}

/* The case's graph in ggml's idiom; returns its last node (NULL: the idiom cannot build it). */
static struct ggml_tensor* build(peer_ggml* g)
{
    const peer_layout* l = g->l;
    const peer_case* c = l->c;
    int dim = (int)(c->rank - 1 - c->axis);
    struct ggml_tensor* last = NULL;
    switch (c->idiom) {
    case PEER_GGML_CONCAT:
    case PEER_GGML_CONCAT_CHAIN:
        if (c->op != PEER_JOIN || (c->idiom == PEER_GGML_CONCAT && c->parts != 2) || c->parts < 2)
            return NULL;
        for (uint32_t i = 0; i < c->parts; i++)
            g->parts[i] = new_tensor(g, l->lengths[i]);
        last = g->parts[0];
        for (uint32_t i = 1; i < c->parts; i++)
            last = ggml_concat(g->ctx, last, g->parts[i], dim);
        g->whole = last;
        return last;
    case PEER_GGML_CPY_VIEWS: { /* a join: each part into a view of the whole; a split: from one */
        if (c->op != PEER_JOIN && c->op != PEER_SPLIT)
            return NULL;
        g->whole = new_tensor(g, c->sizes[c->axis]);
        uint64_t at = 0;
        for (uint32_t i = 0; i < c->parts; i++) {
            g->parts[i] = new_part(g, l->lengths[i]);
            struct ggml_tensor* view = view_along(g, g->whole, l->lengths[i], at);
            last = c->op == PEER_JOIN ? ggml_cpy(g->ctx, g->parts[i], view) : ggml_cpy(g->ctx, view, g->parts[i]);
            ggml_build_forward_expand(g->graph, last);
            at += l->lengths[i];
        }
        return last;
    }
    case PEER_GGML_VIEW_CONT: {
        if (c->op != PEER_SPLIT)
            return NULL;
        g->whole = new_tensor(g, c->sizes[c->axis]);
        uint64_t at = 0;
        for (uint32_t i = 0; i < c->parts; i++) {
            g->parts[i] = ggml_cont(g->ctx, view_along(g, g->whole, l->lengths[i], at));
            ggml_build_forward_expand(g->graph, g->parts[i]);
            at += l->lengths[i];
        }
        return g->parts[c->parts - 1];
    }
    case PEER_GGML_SET_ROWS:
        if (c->op == PEER_ROWS_JOIN)
            return build_rows(g);
        if (c->op != PEER_KV_APPEND)
            return NULL;
        g->whole = new_tensor(g, c->sizes[c->axis]);
        g->parts[0] = new_part(g, 1); /* the token: converted by SET_ROWS where its type is another */
        g->idx = ggml_new_tensor_1d(g->ctx, GGML_TYPE_I64, 1);
        return ggml_set_rows(g->ctx, g->whole, g->parts[0], g->idx);
    case PEER_GGML_GET_ROWS: return c->op == PEER_ROWS_SPLIT ? build_rows(g) : NULL;
    case PEER_GGML_SET_ROWS_ELEMENTS: return c->op == PEER_ROWS_JOIN ? build_rows(g) : NULL;
    }
    return NULL;
}

static int upload(peer_ggml* g, const uint8_t* whole, const uint8_t* parts)
{
    const peer_layout* l = g->l;
    ggml_backend_tensor_set(g->whole, whole, 0, l->whole_bytes);
    if (l->c->idiom == PEER_GGML_GET_ROWS)
        return 1; /* the part is GET_ROWS' result */
    for (uint32_t i = 0; i < l->c->parts; i++)
        ggml_backend_tensor_set(g->parts[i], parts + l->part_offset[i], 0, l->part_bytes[i]);
    return 1;
}

int peer_ggml_create(const peer_layout* l, const char* device_name, int gpu, const uint8_t* whole, const uint8_t* parts,
                     peer_ggml** out)
{
    *out = NULL;
    peer_ggml* g = calloc(1, sizeof *g);
    if (!g)
        return 0;
    g->l = l;
    g->gpu = gpu;
    g->capture = -1;
    ggml_log_set(quiet_log, NULL);
    if (ggml_backend_vk_get_device_count() < 1) {
        fprintf(stderr, "peer_ggml: ggml-vulkan sees no device (GGML_VK_VISIBLE_DEVICES=%s)\n",
                getenv("GGML_VK_VISIBLE_DEVICES") ? getenv("GGML_VK_VISIBLE_DEVICES") : "(unset)");
        free(g);
        return 0;
    }
    ggml_backend_vk_get_device_description(0, g->device, sizeof g->device);
    if (device_name && !strstr(g->device, device_name)) {
        fprintf(stderr, "peer_ggml: ggml's device is \"%s\", vksplit's \"%s\": not the same device\n", g->device,
                device_name);
        free(g);
        return 0;
    }
    g->backend = ggml_backend_vk_init(0);
    if (!g->backend) {
        fprintf(stderr, "peer_ggml: ggml_backend_vk_init(0) failed on %s\n", g->device);
        free(g);
        return 0;
    }
    struct ggml_init_params params = {
        .mem_size = ggml_tensor_overhead() * (4 * PEER_MAX_PARTS + 8) + ggml_graph_overhead(),
        .mem_buffer = NULL,
        .no_alloc = true,
    };
    g->ctx = ggml_init(params);
    g->graph = g->ctx ? ggml_new_graph(g->ctx) : NULL;
    struct ggml_tensor* last = g->graph ? build(g) : NULL;
    if (!last) {
        fprintf(stderr, "peer_ggml: %s: ggml could not build its graph\n", l->c->name);
        peer_ggml_destroy(g);
        return 0;
    }
    ggml_build_forward_expand(g->graph, last);
    for (int i = 0; i < ggml_graph_n_nodes(g->graph); i++) {
        struct ggml_tensor* node = ggml_graph_node(g->graph, i);
        if (!ggml_backend_supports_op(g->backend, node)) {
            fprintf(stderr, "peer_ggml: %s: ggml-vulkan does not run %s\n", l->c->name, ggml_op_desc(node));
            peer_ggml_destroy(g);
            return 0;
        }
    }
    if (peer_is_rows(l->c)) {
        g->values = malloc((size_t)l->index_count * sizeof *g->values);
        g->idx_bytes = malloc((size_t)ggml_nbytes(g->idx));
        if (!g->values || !g->idx_bytes || (uint64_t)ggml_nelements(g->idx) != g->idx_count) {
            fprintf(stderr, "peer_ggml: %s: ggml's indices do not hold together\n", l->c->name);
            peer_ggml_destroy(g);
            return 0;
        }
    }
    g->buffer = ggml_backend_alloc_ctx_tensors(g->ctx, g->backend);
    if (!g->buffer || !upload(g, whole, parts)) {
        fprintf(stderr, "peer_ggml: %s: ggml's buffer could not be allocated\n", l->c->name);
        peer_ggml_destroy(g);
        return 0;
    }
    if (gpu) {
        char path[] = "/tmp/peer_ggml_timings_XXXXXX";
        g->capture = mkstemp(path);
        if (g->capture < 0) {
            perror("peer_ggml: mkstemp");
            peer_ggml_destroy(g);
            return 0;
        }
        unlink(path);
    }
    *out = g;
    return 1;
}

/* The "Total time: X us." lines in the capture (one per compute): their sum in seconds, -1
 * unless there are exactly `want` of them. */
static double parse_timings(int fd, uint32_t want)
{
    off_t end = lseek(fd, 0, SEEK_END);
    char* text = malloc((size_t)end + 1);
    if (!text || lseek(fd, 0, SEEK_SET) != 0 || read(fd, text, (size_t)end) != (ssize_t)end) {
        free(text);
        return -1;
    }
    text[end] = 0;
    double sum = 0;
    uint32_t count = 0;
    for (const char* p = strstr(text, "Total time: "); p; p = strstr(p + 1, "Total time: ")) {
        sum += strtod(p + strlen("Total time: "), NULL) * 1e-6;
        count++;
    }
    free(text);
    return count == want ? sum : -1;
}

int peer_ggml_round(peer_ggml* g, uint32_t reps, peer_round* r)
{
    const peer_case* c = g->l->c;
    int saved = -1;
    if (g->gpu) {
        fflush(stderr);
        saved = dup(2);
        if (saved < 0 || ftruncate(g->capture, 0) != 0 || lseek(g->capture, 0, SEEK_SET) != 0 ||
            dup2(g->capture, 2) < 0)
            return 0;
    }
    double wall = 0;
    int ok = 1;
    for (uint32_t k = 0; ok && k < reps; k++) {
        if (g->values) { /* this run's indices, drawn and put in ggml's form before the clock starts */
            peer_indices(g->l, g->runs, g->values);
            ggml_indices(g);
        }
        double t0 = peer_now();
        if (g->values) /* the indices, as a ggml engine sets its inputs each step: timed */
            ggml_backend_tensor_set(g->idx, g->idx_bytes, 0, ggml_nbytes(g->idx));
        else if (g->idx) { /* the position, as a ggml engine sets its inputs each step: timed */
            int64_t position = (int64_t)(g->runs % c->sizes[c->axis]);
            ggml_backend_tensor_set(g->idx, &position, 0, sizeof position);
        }
        ok = ggml_backend_graph_compute(g->backend, g->graph) == GGML_STATUS_SUCCESS;
        wall += peer_now() - t0;
        g->runs++;
    }
    if (g->gpu) {
        fflush(stderr);
        dup2(saved, 2);
        close(saved);
    }
    if (!ok) {
        fprintf(stderr, "peer_ggml: %s: ggml_backend_graph_compute failed\n", c->name);
        return 0;
    }
    r->wall_s = wall / reps;
    r->gpu_s = -1;
    if (g->gpu) {
        double sum = parse_timings(g->capture, reps);
        r->gpu_s = sum < 0 ? -1 : sum / reps;
    }
    return 1;
}

int peer_ggml_read(peer_ggml* g, uint8_t* whole, uint8_t* parts)
{
    const peer_layout* l = g->l;
    if (peer_writes_whole(l->c)) {
        ggml_backend_tensor_get(g->whole, whole, 0, l->whole_bytes);
    } else {
        for (uint32_t i = 0; i < l->c->parts; i++)
            ggml_backend_tensor_get(g->parts[i], parts + l->part_offset[i], 0, l->part_bytes[i]);
    }
    return 1;
}

const char* peer_ggml_device(const peer_ggml* g) { return g->device; }

void peer_ggml_destroy(peer_ggml* g)
{
    if (!g)
        return;
    if (g->buffer)
        ggml_backend_buffer_free(g->buffer);
    if (g->ctx)
        ggml_free(g->ctx);
    if (g->backend)
        ggml_backend_free(g->backend);
    if (g->capture >= 0)
        close(g->capture);
    free(g->values);
    free(g->idx_bytes);
    free(g);
}
