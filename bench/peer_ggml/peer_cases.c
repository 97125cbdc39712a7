/* The peer bench's cases, their bytes and their reference (peer.h). */
#include "peer.h"

#include <string.h>

#define MIB (1024u * 1024u)

/* A new case of a kind both sides run is one row here. The rows with `pending` wait on vksplit:
 * each says what its API lacks, what ggml would run, and its shape where the shape is known;
 * README.md says what else a new kind needs (a vksplit recording, a ggml idiom, a reference). */
const peer_case peer_cases[] = {
    {.name = "concat2",
     .op = PEER_JOIN,
     .idiom = PEER_GGML_CONCAT,
     .element_size = 4,
     .rank = 3,
     .sizes = {64, 96, 128},
     .axis = 1,
     .parts = 2,
     .lengths = {32, 64},
     .reps = 10,
     .ggml_text = "ggml_concat(a, b, 1)",
     .vksplit_text = "one join of 2 inputs"},
    {.name = "concat3",
     .op = PEER_JOIN,
     .idiom = PEER_GGML_CPY_VIEWS,
     .element_size = 4,
     .rank = 3,
     .sizes = {64, 96, 128},
     .axis = 1,
     .parts = 3,
     .reps = 10,
     .ggml_text = "3 ggml_cpy into views of one output",
     .vksplit_text = "one join of 3 inputs"},
    {.name = "concat8",
     .op = PEER_JOIN,
     .idiom = PEER_GGML_CPY_VIEWS,
     .element_size = 4,
     .rank = 3,
     .sizes = {64, 96, 128},
     .axis = 1,
     .parts = 8,
     .reps = 10,
     .ggml_text = "8 ggml_cpy into views of one output",
     .vksplit_text = "one join of 8 inputs"},
    {.name = "concat32",
     .op = PEER_JOIN,
     .idiom = PEER_GGML_CPY_VIEWS,
     .element_size = 4,
     .rank = 3,
     .sizes = {64, 96, 128},
     .axis = 1,
     .parts = 32,
     .reps = 10,
     .ggml_text = "32 ggml_cpy into views of one output",
     .vksplit_text = "one join of 32 inputs"},
    {.name = "concat8_chain",
     .op = PEER_JOIN,
     .idiom = PEER_GGML_CONCAT_CHAIN,
     .element_size = 4,
     .rank = 3,
     .sizes = {64, 96, 128},
     .axis = 1,
     .parts = 8,
     .reps = 4,
     .ggml_text = "7 chained ggml_concat",
     .vksplit_text = "one join of 8 inputs"},
    {.name = "split3",
     .op = PEER_SPLIT,
     .idiom = PEER_GGML_VIEW_CONT,
     .element_size = 4,
     .rank = 3,
     .sizes = {64, 192, 128},
     .axis = 1,
     .parts = 3,
     .lengths = {32, 64, 96},
     .reps = 10,
     .ggml_text = "ggml_view_4d + ggml_cont per output",
     .vksplit_text = "one split into 3 outputs"},
    {.name = "kv_append1",
     .op = PEER_KV_APPEND,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 4,
     .sizes = {1, 8, 512, 64},
     .axis = 2,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .ggml_text = "ggml_set_rows(cache, token, idx), idx I64 on the GPU, set by ggml_backend_tensor_set each run",
     .vksplit_text = "a GPU pass writes the position, then one join with device parameters (GIVEN)"},
    {.name = "kv_append1_hostpos",
     .op = PEER_KV_APPEND,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 4,
     .sizes = {1, 8, 512, 64},
     .axis = 2,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .host_position = 1,
     .ggml_text = "ggml_set_rows(cache, token, idx), idx I64 on the GPU, set by ggml_backend_tensor_set each run",
     .vksplit_text = "the host writes the position into the block (vksplit_runner_upload), then one join with "
                     "device parameters (GIVEN)"},
    /* Waiting on vksplit: rows placed or gathered by indices the GPU writes. */
    {.name = "kv_paged_append",
     .pending = "vksplit has no rows placed by GPU-written indices (a SET_ROWS equivalent) yet",
     .element_size = 2,
     .ggml_text = "ggml_set_rows(pages, token, slot): each head's row into the page slot a block table names",
     .vksplit_text = "rows placed by GPU-written indices into a paged cache"},
    {.name = "moe_permute",
     .pending = "vksplit has no rows gathered by GPU-written indices (a GET_ROWS equivalent) yet",
     .element_size = 2,
     .ggml_text = "ggml_get_rows(tokens, order): the tokens gathered expert by expert",
     .vksplit_text = "rows gathered by GPU-written indices"},
    {.name = "moe_unpermute",
     .pending = "vksplit has no rows placed by GPU-written indices (a SET_ROWS equivalent) yet",
     .element_size = 2,
     .ggml_text = "ggml_set_rows(tokens, expert_out, order): the experts' rows back in token order",
     .vksplit_text = "rows placed by GPU-written indices"},
    {.name = "tensorscatter_decode",
     .pending = "vksplit has no ONNX TensorScatter (write_indices per batch on the GPU) yet",
     .element_size = 2,
     .ggml_text = "ggml_set_rows(cache, update, idx) with one index per batch row",
     .vksplit_text = "TensorScatter's decode update of a KV cache"},
    {.name = "kv_append1_vtrans",
     .pending = "vksplit's device parameters refuse the transposed V cache: a step along the axis of 2 bytes "
                "(PLAN_DEVICE_STEP wants a multiple of 4)",
     .op = PEER_KV_APPEND,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 4,
     .sizes = {1, 8, 64, 512},
     .axis = 3,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .ggml_text = "ggml_set_rows on the V cache viewed as rows of one element (llama.cpp's v_trans)",
     .vksplit_text = "one join with device parameters along the last axis"},
};
const uint32_t peer_case_count = sizeof peer_cases / sizeof peer_cases[0];

const peer_case* peer_case_find(const char* name)
{
    for (uint32_t i = 0; i < peer_case_count; i++)
        if (strcmp(peer_cases[i].name, name) == 0)
            return &peer_cases[i];
    return NULL;
}

int peer_writes_whole(const peer_case* c) { return c->op != PEER_SPLIT; }

int peer_layout_init(const peer_case* c, peer_layout* l)
{
    memset(l, 0, sizeof *l);
    l->c = c;
    if (c->pending || c->rank < 1 || c->rank > PEER_MAX_RANK || c->axis >= c->rank || c->parts < 1 ||
        c->parts > PEER_MAX_PARTS || (c->element_size != 2 && c->element_size != 4))
        return 0;
    uint64_t whole_length = c->sizes[c->axis], sum = 0;
    for (uint32_t i = 0; i < c->parts; i++) {
        l->lengths[i] = c->lengths[0] ? c->lengths[i] : whole_length / c->parts;
        sum += l->lengths[i];
    }
    if (c->op == PEER_KV_APPEND ? c->parts != 1 || l->lengths[0] != 1 : sum != whole_length)
        return 0;
    l->outer = 1;
    for (uint32_t k = 0; k < c->axis; k++)
        l->outer *= c->sizes[k];
    l->row_bytes = c->element_size;
    for (uint32_t k = c->axis + 1; k < c->rank; k++)
        l->row_bytes *= c->sizes[k];
    l->whole_bytes = l->outer * whole_length * l->row_bytes;
    for (uint32_t i = 0; i < c->parts; i++) {
        l->part_offset[i] = l->parts_bytes;
        l->part_bytes[i] = l->outer * l->lengths[i] * l->row_bytes;
        l->parts_bytes += l->part_bytes[i];
    }
    l->moved_bytes = c->op == PEER_KV_APPEND ? l->parts_bytes : l->whole_bytes;
    return l->whole_bytes > 0 && l->whole_bytes <= 1024u * MIB;
}

static uint64_t next(uint64_t* s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Random bytes, then each element's exponent moved off zero and all-ones: finite and normal. */
static void fill_random(uint8_t* p, uint64_t bytes, uint32_t element_size, uint64_t* seed)
{
    for (uint64_t i = 0; i < bytes; i += 8) {
        uint64_t v = next(seed);
        memcpy(p + i, &v, bytes - i < 8 ? bytes - i : 8);
    }
    for (uint64_t i = 0; i + element_size <= bytes; i += element_size) {
        if (element_size == 4) {
            uint32_t x;
            memcpy(&x, p + i, 4);
            uint32_t e = (x >> 23) & 0xFFu;
            if (e == 0 || e == 0xFFu)
                x = (x & ~(0xFFu << 23)) | (127u << 23);
            memcpy(p + i, &x, 4);
        } else {
            uint16_t x;
            memcpy(&x, p + i, 2);
            uint16_t e = (uint16_t)((x >> 10) & 0x1Fu);
            if (e == 0 || e == 0x1Fu)
                x = (uint16_t)((x & ~(0x1Fu << 10)) | (15u << 10));
            memcpy(p + i, &x, 2);
        }
    }
}

void peer_fill(const peer_layout* l, uint64_t seed, uint8_t* whole, uint8_t* parts)
{
    uint64_t s = seed;
    if (l->c->op == PEER_SPLIT) {
        fill_random(whole, l->whole_bytes, l->c->element_size, &s);
        memset(parts, PEER_GUARD, l->parts_bytes);
    } else {
        fill_random(parts, l->parts_bytes, l->c->element_size, &s);
        if (l->c->op == PEER_KV_APPEND)
            fill_random(whole, l->whole_bytes, l->c->element_size, &s);
        else
            memset(whole, PEER_GUARD, l->whole_bytes);
    }
}

void peer_reference(const peer_layout* l, uint64_t runs, uint8_t* whole, uint8_t* parts)
{
    const peer_case* c = l->c;
    uint64_t length = c->sizes[c->axis], row = l->row_bytes;
    if (c->op == PEER_KV_APPEND) { /* run k wrote the token at position k % length */
        for (uint64_t k = 0; k < runs && k < length; k++)
            for (uint64_t o = 0; o < l->outer; o++)
                memcpy(whole + (o * length + k) * row, parts + o * row, row);
        return;
    }
    if (runs == 0)
        return;
    for (uint64_t o = 0; o < l->outer; o++) {
        uint64_t at = 0;
        for (uint32_t i = 0; i < c->parts; i++) {
            uint8_t* w = whole + (o * length + at) * row;
            uint8_t* p = parts + l->part_offset[i] + o * l->lengths[i] * row;
            if (c->op == PEER_JOIN)
                memcpy(w, p, l->lengths[i] * row);
            else
                memcpy(p, w, l->lengths[i] * row);
            at += l->lengths[i];
        }
    }
}
