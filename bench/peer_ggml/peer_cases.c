/* The peer bench's cases, their bytes and their reference (peer.h). */
#include "peer.h"

#include <stdlib.h>
#include <string.h>

#include "convert_reference.h" /* tests/convert/convert_reference.c (docs/conversions.md), compiled in by path */

#define MIB (1024u * 1024u)

/* A new case of a kind both sides run is one row here. A row with `pending` waits on vksplit:
 * it says what its API lacks, what ggml would run, and its shape where the shape is known;
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
    /* Copies that convert (vksplit_plan_options.convert) against ggml's CPY: split_bench's
     * qkv_f32_to_f16 and join_f16_to_f32 at T = 512 tokens ([T, 3 x 1024], 6 MiB of float32),
     * and the same whole converted in one piece (one contiguous CPY). */
    {.name = "qkv_f32_to_f16",
     .op = PEER_SPLIT,
     .idiom = PEER_GGML_CPY_VIEWS,
     .element_size = 4,
     .parts_element_size = 2,
     .rank = 2,
     .sizes = {512, 3072},
     .axis = 1,
     .parts = 3,
     .reps = 10,
     .ggml_text = "3 ggml_cpy (CPY f32->f16) from views of qkv [3072, 512] f32 into q, k, v [1024, 512] f16",
     .vksplit_text = "one split into 3 outputs converting float32 -> float16"},
    {.name = "join_f16_to_f32",
     .op = PEER_JOIN,
     .idiom = PEER_GGML_CPY_VIEWS,
     .element_size = 4,
     .parts_element_size = 2,
     .rank = 2,
     .sizes = {512, 3072},
     .axis = 1,
     .parts = 3,
     .reps = 10,
     .ggml_text = "3 ggml_cpy (CPY f16->f32) from q, k, v [1024, 512] f16 into views of [3072, 512] f32",
     .vksplit_text = "one join of 3 inputs converting float16 -> float32"},
    {.name = "cpy_f32_to_f16",
     .op = PEER_SPLIT,
     .idiom = PEER_GGML_CPY_VIEWS,
     .element_size = 4,
     .parts_element_size = 2,
     .rank = 2,
     .sizes = {512, 3072},
     .axis = 1,
     .parts = 1,
     .reps = 10,
     .ggml_text = "ggml_cpy (CPY f32->f16) of [3072, 512] f32, contiguous",
     .vksplit_text = "a 1-part split converting float32 -> float16"},
    {.name = "cpy_f16_to_f32",
     .op = PEER_JOIN,
     .idiom = PEER_GGML_CPY_VIEWS,
     .element_size = 4,
     .parts_element_size = 2,
     .rank = 2,
     .sizes = {512, 3072},
     .axis = 1,
     .parts = 1,
     .reps = 10,
     .ggml_text = "ggml_cpy (CPY f16->f32) of [3072, 512] f16, contiguous",
     .vksplit_text = "a 1-part join converting float16 -> float32"},
    /* A one-token KV append, [B, H, S, D] f16 along S: ggml's SET_ROWS against vksplit's rows
     * (LINEAR, one start for all), then against its device parameters (GIVEN). */
    {.name = "kv_append1",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 4,
     .sizes = {1, 8, 512, 64},
     .axis = 2,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .rows_mode = 2,
     .index_bytes = 8,
     .places = PEER_PLACES_STEP,
     .ggml_text = "ggml_set_rows(cache, token, idx), idx I64 [1] on the GPU, set by ggml_backend_tensor_set each run",
     .vksplit_text = "a GPU pass writes the start (int64), then one join with rows LINEAR (one dispatch)"},
    {.name = "kv_append1_hostpos",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 4,
     .sizes = {1, 8, 512, 64},
     .axis = 2,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .from_host = 1,
     .rows_mode = 2,
     .index_bytes = 8,
     .places = PEER_PLACES_STEP,
     .ggml_text = "ggml_set_rows(cache, token, idx), idx I64 [1] on the GPU, set by ggml_backend_tensor_set each run",
     .vksplit_text = "the host writes the start (int64, vksplit_runner_upload), then one join with rows LINEAR (one "
                     "dispatch)"},
    {.name = "kv_append1_devparams",
     .op = PEER_KV_APPEND,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 4,
     .sizes = {1, 8, 512, 64},
     .axis = 2,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .ggml_text = "ggml_set_rows(cache, token, idx), idx I64 [1] on the GPU, set by ggml_backend_tensor_set each run",
     .vksplit_text = "a GPU pass writes the position, then one join with device parameters (GIVEN)"},
    {.name = "kv_append1_devparams_hostpos",
     .op = PEER_KV_APPEND,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 4,
     .sizes = {1, 8, 512, 64},
     .axis = 2,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .from_host = 1,
     .ggml_text = "ggml_set_rows(cache, token, idx), idx I64 [1] on the GPU, set by ggml_backend_tensor_set each run",
     .vksplit_text = "the host writes the position into the block (vksplit_runner_upload), then one join with "
                     "device parameters (GIVEN)"},
    /* Rows placed and gathered by indices both hosts upload before each run. */
    {.name = "set_rows",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 2,
     .sizes = {4096, 1024},
     .axis = 0,
     .parts = 1,
     .lengths = {32},
     .reps = 50,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 8,
     .places = PEER_PLACES_DISTINCT,
     .ggml_text = "ggml_set_rows(cache [1024, 4096] f16, tokens [1024, 32] f16, idx I64 [32])",
     .vksplit_text = "one join with rows INDEXED (int64, 32 distinct places)"},
    {.name = "set_rows_i32",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 2,
     .sizes = {4096, 1024},
     .axis = 0,
     .parts = 1,
     .lengths = {32},
     .reps = 50,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 4,
     .places = PEER_PLACES_DISTINCT,
     .ggml_text = "ggml_set_rows(cache [1024, 4096] f16, tokens [1024, 32] f16, idx I32 [32])",
     .vksplit_text = "one join with rows INDEXED (int32, 32 distinct places)"},
    {.name = "get_rows",
     .op = PEER_ROWS_SPLIT,
     .idiom = PEER_GGML_GET_ROWS,
     .element_size = 4,
     .rank = 2,
     .sizes = {2048, 1024},
     .axis = 0,
     .parts = 1,
     .lengths = {64},
     .reps = 50,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 4,
     .places = PEER_PLACES_ANY,
     .ggml_text = "ggml_get_rows(table [1024, 2048] f32, idx I32 [64]) (its result F32: f16 would be converted)",
     .vksplit_text = "one split with rows INDEXED (int32, 64 places, repeats allowed)"},
    /* vLLM's NHD paged cache [num_blocks x block_size, H, D] = [256 x 16, 8, 128] f16, T tokens
     * written at their slots (no padding slots: ggml's SET_ROWS has no skip). */
    {.name = "kv_paged_append_t1",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 3,
     .sizes = {4096, 8, 128},
     .axis = 0,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 8,
     .places = PEER_PLACES_DISTINCT,
     .ggml_text = "ggml_set_rows(pages [1024, 4096] f16, key [1024, 1], slot I64 [1])",
     .vksplit_text = "one join with rows INDEXED (int64 slot_mapping, 1 token)"},
    {.name = "kv_paged_append_t16",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 3,
     .sizes = {4096, 8, 128},
     .axis = 0,
     .parts = 1,
     .lengths = {16},
     .reps = 100,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 8,
     .places = PEER_PLACES_DISTINCT,
     .ggml_text = "ggml_set_rows(pages [1024, 4096] f16, keys [1024, 16], slots I64 [16])",
     .vksplit_text = "one join with rows INDEXED (int64 slot_mapping, 16 tokens)"},
    {.name = "kv_paged_append_t512",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 3,
     .sizes = {4096, 8, 128},
     .axis = 0,
     .parts = 1,
     .lengths = {512},
     .reps = 20,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 8,
     .places = PEER_PLACES_DISTINCT,
     .ggml_text = "ggml_set_rows(pages [1024, 4096] f16, keys [1024, 512], slots I64 [512])",
     .vksplit_text = "one join with rows INDEXED (int64 slot_mapping, 512 tokens: the check pass, then the copy)"},
    /* A mixture of experts, 128 tokens of 1024 f32 each sent to 2 experts: the order gathers
     * 256 rows, each token twice, and the experts' rows go back by the inverse order. */
    {.name = "moe_permute",
     .op = PEER_ROWS_SPLIT,
     .idiom = PEER_GGML_GET_ROWS,
     .element_size = 4,
     .rank = 2,
     .sizes = {128, 1024},
     .axis = 0,
     .parts = 1,
     .lengths = {256},
     .reps = 20,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 4,
     .places = PEER_PLACES_TOPK,
     .ggml_text = "ggml_get_rows(tokens [1024, 128] f32, order I32 [256])",
     .vksplit_text = "one split with rows INDEXED (int32, 256 entries, each token twice)"},
    {.name = "moe_unpermute",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 4,
     .rank = 2,
     .sizes = {256, 1024},
     .axis = 0,
     .parts = 1,
     .lengths = {256},
     .reps = 20,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 4,
     .places = PEER_PLACES_DISTINCT,
     .ggml_text = "ggml_set_rows(out [1024, 256] f32, expert_rows [1024, 256] f32, inverse I32 [256])",
     .vksplit_text = "one join with rows INDEXED (int32, a permutation of 256)"},
    /* ONNX TensorScatter's decode step: [B, H, max_seq, D] = [8, 8, 512, 64] f16, each batch
     * element's token at its own position. */
    {.name = "tensorscatter_decode",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .rank = 4,
     .sizes = {8, 8, 512, 64},
     .axis = 2,
     .parts = 1,
     .lengths = {1},
     .reps = 100,
     .from_host = 1,
     .rows_mode = 2,
     .index_bytes = 8,
     .list_dims = 1,
     .places = PEER_PLACES_STEP,
     .ggml_text = "ggml_set_rows(cache [64, 512, 8, 8] f16, update [64, 1, 8, 8], idx I64 [1, 1, 8]): one index "
                  "per batch element, broadcast over the heads",
     .vksplit_text = "one join with rows LINEAR, list_dims bit 0 (write_indices int64 [8])"},
    /* KV appends that convert (split_bench's kv_append_fp8, kv_append_q8_0): ggml has no FP8 type,
     * so kv_append_fp8's stand-in is the same one-token append at the same position the GPU writes,
     * float32 into a float16 cache [1, 8, 4096, 128] (SET_ROWS converts f32 -> f16); the q8_0 K
     * cache [4096, 1024] of llama.cpp's --cache-type-k q8_0, T = 1 and 16 float32 rows at distinct
     * slots (SET_ROWS quantizes f32 -> q8_0). */
    {.name = "kv_append_f32_to_f16",
     .op = PEER_KV_APPEND,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 2,
     .parts_element_size = 4,
     .rank = 4,
     .sizes = {1, 8, 4096, 128},
     .axis = 2,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .ggml_text = "kv_append_fp8's f16 stand-in (ggml has no FP8): ggml_set_rows(cache [128, 4096, 8] f16, token "
                  "[128, 1, 8] f32, idx I64 [1]), set by ggml_backend_tensor_set each run",
     .vksplit_text = "a GPU pass writes the position, then one join with device parameters (GIVEN) converting "
                     "float32 -> float16"},
    {.name = "kv_append_q8_0",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 0,
     .parts_element_size = 4,
     .whole_type = VKSPLIT_TYPE_Q8_0,
     .rank = 2,
     .sizes = {4096, 1024},
     .axis = 0,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 8,
     .places = PEER_PLACES_DISTINCT,
     .ggml_text = "ggml_set_rows(k cache [1024, 4096] q8_0, k [1024, 1] f32, slot I64 [1]): SET_ROWS quantizing",
     .vksplit_text = "one join with rows INDEXED (int64) converting float32 -> q8_0"},
    {.name = "kv_append_q8_0_t16",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS,
     .element_size = 0,
     .parts_element_size = 4,
     .whole_type = VKSPLIT_TYPE_Q8_0,
     .rank = 2,
     .sizes = {4096, 1024},
     .axis = 0,
     .parts = 1,
     .lengths = {16},
     .reps = 100,
     .from_host = 1,
     .rows_mode = 1,
     .index_bytes = 8,
     .places = PEER_PLACES_DISTINCT,
     .ggml_text = "ggml_set_rows(k cache [1024, 4096] q8_0, k [1024, 16] f32, slots I64 [16]): SET_ROWS quantizing",
     .vksplit_text = "one join with rows INDEXED (int64, 16 distinct slots) converting float32 -> q8_0"},
    /* llama.cpp's transposed V cache [n_embd, n_ctx] = [8 x 64, 512] f16, one token's column. */
    {.name = "kv_append1_vtrans",
     .op = PEER_ROWS_JOIN,
     .idiom = PEER_GGML_SET_ROWS_ELEMENTS,
     .element_size = 2,
     .rank = 4,
     .sizes = {1, 8, 64, 512},
     .axis = 3,
     .parts = 1,
     .lengths = {1},
     .reps = 200,
     .from_host = 1,
     .rows_mode = 2,
     .index_bytes = 8,
     .places = PEER_PLACES_STEP,
     .ggml_text = "llama.cpp's v_trans: ggml_set_rows(cache as [1, 262144], token as [1, 512], idx I64 [512] = "
                  "row x 512 + position)",
     .vksplit_text = "one join with rows LINEAR along the last axis (2-byte rows), one start (int64) for all"},
};
const uint32_t peer_case_count = sizeof peer_cases / sizeof peer_cases[0];

const peer_case* peer_case_find(const char* name)
{
    for (uint32_t i = 0; i < peer_case_count; i++)
        if (strcmp(peer_cases[i].name, name) == 0)
            return &peer_cases[i];
    return NULL;
}

int peer_writes_whole(const peer_case* c) { return c->op != PEER_SPLIT && c->op != PEER_ROWS_SPLIT; }
int peer_is_rows(const peer_case* c) { return c->op == PEER_ROWS_JOIN || c->op == PEER_ROWS_SPLIT; }
uint32_t peer_parts_size(const peer_case* c) { return c->parts_element_size ? c->parts_element_size : c->element_size; }
int peer_converts(const peer_case* c) { return c->whole_type || peer_parts_size(c) != c->element_size; }

static vksplit_type type_of(uint32_t element_size)
{
    return element_size == 4 ? VKSPLIT_TYPE_FLOAT32 : VKSPLIT_TYPE_FLOAT16;
}

uint32_t peer_whole_type(const peer_case* c) { return c->whole_type ? c->whole_type : type_of(c->element_size); }
uint32_t peer_parts_type(const peer_case* c) { return type_of(peer_parts_size(c)); }
const char* peer_type_name(uint32_t type)
{
    return type == VKSPLIT_TYPE_Q8_0 ? "q8_0" : type == VKSPLIT_TYPE_FLOAT32 ? "float32" : "float16";
}

static int rows_hold(const peer_case* c, const peer_layout* l)
{
    uint64_t C = c->sizes[c->axis], L = l->lengths[0];
    if (c->parts != 1 || L < 1 || (c->index_bytes != 4 && c->index_bytes != 8) || c->rows_mode < 1 ||
        c->rows_mode > 3 || c->list_dims >> c->axis)
        return 0;
    if (!c->from_host && c->places != PEER_PLACES_STEP) /* the GPU pass holds one period */
        return 0;
    if (c->places == PEER_PLACES_STEP)
        return c->rows_mode != 1 && L <= C;
    if (c->rows_mode != 1)
        return 0;
    if (c->places == PEER_PLACES_DISTINCT)
        return c->op == PEER_ROWS_JOIN && L <= C;
    if (c->places == PEER_PLACES_TOPK)
        return L % C == 0;
    return c->op == PEER_ROWS_SPLIT; /* ANY: repeats, which a scatter may not have */
}

int peer_layout_init(const peer_case* c, peer_layout* l)
{
    memset(l, 0, sizeof *l);
    l->c = c;
    int q8_0 = c->whole_type == VKSPLIT_TYPE_Q8_0;
    if (c->pending || c->rank < 1 || c->rank > PEER_MAX_RANK || c->axis >= c->rank || c->parts < 1 ||
        c->parts > PEER_MAX_PARTS || (c->whole_type && !q8_0) ||
        (q8_0 ? c->element_size != 0 || peer_parts_size(c) != 4 || c->sizes[c->rank - 1] % 32 != 0 ||
                    c->axis == c->rank - 1
              : c->element_size != 2 && c->element_size != 4) ||
        (peer_parts_size(c) != 2 && peer_parts_size(c) != 4))
        return 0;
    /* a converting copy: ggml's CPY against a plain split or join, or its SET_ROWS (which converts
     * float32 parts into the whole's type) against a rows join or a KV append */
    if (peer_converts(c) && !((c->op == PEER_JOIN || c->op == PEER_SPLIT) && c->idiom == PEER_GGML_CPY_VIEWS) &&
        !((c->op == PEER_ROWS_JOIN || c->op == PEER_KV_APPEND) && c->idiom == PEER_GGML_SET_ROWS &&
          peer_parts_size(c) == 4))
        return 0;
    uint64_t whole_length = c->sizes[c->axis], sum = 0;
    for (uint32_t i = 0; i < c->parts; i++) {
        l->lengths[i] = c->lengths[0] ? c->lengths[i] : whole_length / c->parts;
        sum += l->lengths[i];
    }
    if (c->op == PEER_KV_APPEND ? c->parts != 1 || l->lengths[0] != 1
        : peer_is_rows(c)       ? !rows_hold(c, l)
                                : sum != whole_length)
        return 0;
    l->outer = 1;
    l->lists = 1;
    for (uint32_t k = 0; k < c->axis; k++) {
        l->outer *= c->sizes[k];
        l->lists *= c->list_dims >> k & 1u ? c->sizes[k] : 1;
    }
    l->index_count = peer_is_rows(c) ? l->lists * (c->rows_mode == 1 ? l->lengths[0] : 1) : 0;
    l->row_elements = 1;
    for (uint32_t k = c->axis + 1; k < c->rank; k++)
        l->row_elements *= c->sizes[k];
    l->row_bytes = q8_0 ? l->row_elements / 32 * 34 : l->row_elements * c->element_size;
    l->part_row_bytes = l->row_elements * peer_parts_size(c);
    l->whole_bytes = l->outer * whole_length * l->row_bytes;
    for (uint32_t i = 0; i < c->parts; i++) {
        l->part_offset[i] = l->parts_bytes;
        l->part_bytes[i] = l->outer * l->lengths[i] * l->part_row_bytes;
        l->parts_bytes += l->part_bytes[i];
    }
    /* what a run writes: a split's parts (the whole's bytes, unless the copy converts); a KV append's
     * or a rows join's rows of the whole (the parts' bytes, unless the copy converts) */
    l->moved_bytes = c->op == PEER_KV_APPEND || c->op == PEER_ROWS_JOIN ? l->outer * l->lengths[0] * l->row_bytes
                     : c->op == PEER_ROWS_SPLIT || c->op == PEER_SPLIT  ? l->parts_bytes
                                                                        : l->whole_bytes;
    return l->whole_bytes > 0 && l->whole_bytes <= 1024u * MIB;
}

static uint64_t next(uint64_t* s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Random bytes, then each element's exponent moved off zero and all-ones: finite and normal; for
 * float32 that a copy converts to float16, into [2^-8, 16) (float16's normal numbers). */
static void fill_random(uint8_t* p, uint64_t bytes, uint32_t element_size, int to_half, uint64_t* seed)
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
            if (to_half)
                x = (x & ~(0xFFu << 23)) | ((119u + e % 12u) << 23);
            else if (e == 0 || e == 0xFFu)
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
    int to_half = peer_converts(l->c);
    if (!peer_writes_whole(l->c)) {
        fill_random(whole, l->whole_bytes, l->c->element_size, to_half && l->c->element_size == 4, &s);
        memset(parts, PEER_GUARD, l->parts_bytes);
    } else {
        fill_random(parts, l->parts_bytes, peer_parts_size(l->c), to_half && peer_parts_size(l->c) == 4, &s);
        if (l->c->op == PEER_KV_APPEND || l->c->op == PEER_ROWS_JOIN) /* a cache: written in place (a q8_0
                                                                         one: its blocks as float16 words) */
            fill_random(whole, l->whole_bytes, l->c->element_size ? l->c->element_size : 2, 0, &s);
        else
            memset(whole, PEER_GUARD, l->whole_bytes);
    }
}

static uint64_t gcd(uint64_t a, uint64_t b) { return b ? gcd(b, a % b) : a; }

/* A value drawn from (k, list, j): the same on both sides and in the reference. */
static uint64_t draw(uint64_t k, uint64_t list, uint64_t j)
{
    uint64_t s = k * 0x51ED27ull ^ list * 0x2545F491ull ^ j * 0x9E3779B9ull;
    return next(&s);
}

/* A stride prime to n and a start for run k's list: (a + j s) % n is then a
 * permutation of [0, n) as j runs over it. */
static void stride_of(uint64_t k, uint64_t list, uint64_t n, uint64_t* a, uint64_t* s)
{
    *a = draw(k, list, 0) % n;
    *s = 1 + draw(k, list, 1) % n;
    while (gcd(*s, n) != 1)
        (*s)++;
}

void peer_indices(const peer_layout* l, uint64_t k, int64_t* out)
{
    const peer_case* c = l->c;
    uint64_t C = c->sizes[c->axis], L = l->lengths[0];
    for (uint64_t list = 0; list < l->lists; list++) {
        uint64_t a, s;
        switch (c->places) {
        case PEER_PLACES_STEP: out[list] = (int64_t)((k + 61 * list) % (C - L + 1)); break;
        case PEER_PLACES_DISTINCT:
            stride_of(k, list, C, &a, &s);
            for (uint64_t j = 0; j < L; j++)
                out[list * L + j] = (int64_t)((a + j * s) % C);
            break;
        case PEER_PLACES_ANY:
            for (uint64_t j = 0; j < L; j++)
                out[list * L + j] = (int64_t)(draw(k, list, j + 2) % C);
            break;
        case PEER_PLACES_TOPK:
            stride_of(k, list, L, &a, &s);
            for (uint64_t j = 0; j < L; j++)
                out[list * L + j] = (int64_t)((a + j * s) % L / (L / C));
            break;
        }
    }
}

uint64_t peer_period(const peer_layout* l)
{
    const peer_case* c = l->c;
    return peer_is_rows(c) && c->places == PEER_PLACES_STEP ? c->sizes[c->axis] - l->lengths[0] + 1 : 0;
}

/* A part's row into a row of the whole: copied, or converted by docs/conversions.md (float32 ->
 * float16: round to nearest even; float32 -> q8_0: ggml's quantize_row_q8_0_ref). */
static void put_row(const peer_layout* l, uint8_t* w, const uint8_t* p)
{
    if (!peer_converts(l->c))
        memcpy(w, p, l->row_bytes);
    else
        cref_convert_array((vksplit_type)peer_parts_type(l->c), (vksplit_type)peer_whole_type(l->c), p, w,
                           (size_t)l->row_elements, 0, 0, 1.0f);
}

/* Run k of a rows case, by vksplit.h's definition: for each outer index o and row j, the whole's
 * row (o, place) and the part's (o, j). */
static void reference_rows(const peer_layout* l, uint64_t k, int64_t* v, uint8_t* whole, uint8_t* parts)
{
    const peer_case* c = l->c;
    uint64_t C = c->sizes[c->axis], L = l->lengths[0], row = l->row_bytes;
    peer_indices(l, k, v);
    for (uint64_t o = 0; o < l->outer; o++) {
        uint64_t list = 0, rest = o, scale = 1;
        for (uint32_t d = c->axis; d-- > 0;) { /* o's index of dimension d, innermost first */
            uint64_t idx = rest % c->sizes[d];
            rest /= c->sizes[d];
            if (c->list_dims >> d & 1u) {
                list += idx * scale;
                scale *= c->sizes[d];
            }
        }
        for (uint64_t j = 0; j < L; j++) {
            uint64_t place = c->rows_mode == 1 ? (uint64_t)v[list * L + j] : ((uint64_t)v[list] + j) % C;
            uint8_t *w = whole + (o * C + place) * row, *p = parts + (o * L + j) * l->part_row_bytes;
            if (c->op == PEER_ROWS_JOIN)
                put_row(l, w, p);
            else
                memcpy(p, w, row);
        }
    }
}

/* `n` elements between a run of the whole (w) and one of a part (p), converted by
 * docs/conversions.md (float32 -> float16: round to nearest even; float16 -> float32: exact). */
static void convert_run(const peer_case* c, uint8_t* w, uint8_t* p, uint64_t n)
{
    vksplit_type wt = type_of(c->element_size), pt = type_of(peer_parts_size(c));
    for (uint64_t e = 0; e < n; e++) {
        if (c->op == PEER_JOIN)
            cref_store(wt, w, (size_t)e, cref_convert(pt, wt, cref_load(pt, p, (size_t)e), 0, 0, 1.0f));
        else
            cref_store(pt, p, (size_t)e, cref_convert(wt, pt, cref_load(wt, w, (size_t)e), 0, 0, 1.0f));
    }
}

void peer_reference(const peer_layout* l, uint64_t runs, uint8_t* whole, uint8_t* parts)
{
    const peer_case* c = l->c;
    uint64_t length = c->sizes[c->axis], row = l->row_bytes;
    if (peer_is_rows(c)) { /* every run in order: a scatter's places accumulate */
        int64_t* v = malloc((size_t)l->index_count * sizeof *v);
        for (uint64_t k = 0; v && k < runs; k++)
            reference_rows(l, k, v, whole, parts);
        free(v);
        return;
    }
    if (c->op == PEER_KV_APPEND) { /* run k wrote the token at position k % length */
        for (uint64_t k = 0; k < runs && k < length; k++)
            for (uint64_t o = 0; o < l->outer; o++)
                put_row(l, whole + (o * length + k) * row, parts + o * l->part_row_bytes);
        return;
    }
    if (runs == 0)
        return;
    for (uint64_t o = 0; o < l->outer; o++) {
        uint64_t at = 0;
        for (uint32_t i = 0; i < c->parts; i++) {
            uint8_t* w = whole + (o * length + at) * row;
            uint8_t* p = parts + l->part_offset[i] + o * l->lengths[i] * l->part_row_bytes;
            if (peer_converts(c))
                convert_run(c, w, p, l->lengths[i] * row / c->element_size);
            else if (c->op == PEER_JOIN)
                memcpy(w, p, l->lengths[i] * row);
            else
                memcpy(p, w, l->lengths[i] * row);
            at += l->lengths[i];
        }
    }
}
