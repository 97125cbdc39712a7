/* See check_concat.h. */
#include "check_concat.h"

#include <string.h>

/* The normalised axis of a rank-`rank` node, or false. */
static bool normalised_axis(int64_t axis, uint32_t rank, uint32_t* out)
{
    int64_t r = rank;
    if (axis < -r || axis >= r)
        return false;
    *out = (uint32_t)(axis < 0 ? axis + r : axis);
    return true;
}

void fz_concat_decode(fz_reader* r, int64_t absent_axis, fz_concat_node* n)
{
    n->has_axis = fz_byte(r) & 1;
    n->axis = fz_i64(r);
    uint64_t count = fz_count(r);
    n->input_count = count <= UINT32_MAX ? (uint32_t)count : UINT32_MAX;
    n->filled = n->input_count < FZ_CONCAT_INPUTS ? n->input_count : FZ_CONCAT_INPUTS;
    uint64_t type = fz_u64(r);
    uint32_t rank = fz_byte(r) % FZ_CONCAT_DIMS;
    uint64_t shape[FZ_CONCAT_DIMS];
    for (uint32_t k = 0; k < FZ_CONCAT_DIMS; k++)
        shape[k] = k < rank ? fz_u64(r) : 1;
    static int64_t own[FZ_CONCAT_INPUTS];
    fz_values(r, own, n->filled);
    uint32_t on = 0; /* where each input's own size goes: the axis, when the rank has it */
    normalised_axis(n->has_axis ? n->axis : absent_axis, rank, &on);
    for (uint32_t i = 0; i < n->filled; i++) {
        n->types[i] = type;
        n->ranks[i] = rank;
        n->shape_null[i] = false;
        memcpy(n->shapes[i], shape, sizeof shape);
        n->shapes[i][on] = (uint64_t)own[i];
    }
    uint8_t odd = fz_byte(r), how = fz_byte(r);
    uint64_t value = fz_u64(r);
    if (odd && n->filled) {
        uint32_t i = (odd - 1u) % n->filled;
        switch (how % 4) {
        case 0: n->types[i] = value; break;
        case 1: n->ranks[i] = (uint32_t)(value % FZ_CONCAT_DIMS); break;
        case 2: n->shapes[i][how / 4 % FZ_CONCAT_DIMS] = value; break;
        default: n->shape_null[i] = true; break;
        }
    }
    uint8_t nulls = fz_byte(r);
    n->null_arg = nulls >= 0xf8 ? nulls & 7 : -1;
}

const fz_node_join* fz_concat_expect(fz_concat_node* n, int64_t absent_axis, bool signed_dims)
{
    fz_node_join* j = &n->join;
    if (n->null_arg == 4 || n->input_count == 0 || n->input_count > n->filled)
        return NULL;
    j->rank = n->ranks[0];
    j->input_count = n->input_count;
    if (j->rank < 1 || j->rank > VKSPLIT_MAX_RANK ||
        !normalised_axis(n->has_axis ? n->axis : absent_axis, j->rank, &j->axis))
        return NULL;
    uint64_t sum = 0;
    for (uint32_t i = 0; i < n->input_count; i++) {
        if (n->ranks[i] != j->rank || n->types[i] != n->types[0] || n->shape_null[i])
            return NULL;
        for (uint32_t k = 0; signed_dims && k < j->rank; k++)
            if ((int64_t)n->shapes[i][k] < 0)
                return NULL;
        j->lengths[i] = n->shapes[i][j->axis];
        sum += j->lengths[i]; /* a wrapped sum is refused: never compared */
    }
    memcpy(j->sizes, n->shapes[0], sizeof j->sizes);
    j->sizes[j->axis] = sum;
    return j;
}

void fz_check_join(const vksplit_join_desc* join)
{
    /* Inputs up to VKSPLIT_MAX_INPUTS: static, so a run allocates nothing here. */
    static uint64_t input_spans[VKSPLIT_MAX_INPUTS], offsets[VKSPLIT_MAX_INPUTS];
    static vksplit_bool32 aliasable[VKSPLIT_MAX_INPUTS];
    vksplit_error error;
    vksplit_result r = vksplit_validate_join(join, &error);
    if (r != VKSPLIT_OK)
        fz_fail("the front-end accepted a join vksplit_validate_join refuses: %s (%s)", error.message,
                vksplit_result_name(r));
    uint64_t output_span = 0;
    r = vksplit_join_spans(join, &output_span, input_spans, &error);
    if (r != VKSPLIT_OK)
        fz_fail("vksplit_join_spans failed on a valid join: %s", error.message);
    /* Packed tensors span their elements; an empty one spans nothing. */
    uint64_t inner = join->element_size, whole;
    for (uint32_t k = 0; k < join->rank; k++)
        if (k != join->axis && __builtin_mul_overflow(inner, join->sizes[k], &inner))
            fz_fail("accepted, but the output's bytes overflow 64 bits (a front-end checks they fit)");
    if (__builtin_mul_overflow(inner, join->sizes[join->axis], &whole))
        fz_fail("accepted, but the output's bytes overflow 64 bits (a front-end checks they fit)");
    if (output_span != whole)
        fz_fail("the output spans %llu bytes; packed it holds %llu", (unsigned long long)output_span,
                (unsigned long long)whole);
    for (uint32_t i = 0; i < join->input_count; i++)
        if (input_spans[i] != inner * join->lengths[i])
            fz_fail("input %u spans %llu bytes; packed it holds %llu", i, (unsigned long long)input_spans[i],
                    (unsigned long long)(inner * join->lengths[i]));
    r = vksplit_query_join_zero_copy(join, aliasable, offsets, &error);
    if (r != VKSPLIT_OK)
        fz_fail("vksplit_query_join_zero_copy failed on a valid join: %s", error.message);
    for (uint32_t i = 0; i < join->input_count; i++)
        if (aliasable[i] && input_spans[i] && (offsets[i] > output_span || input_spans[i] > output_span - offsets[i]))
            fz_fail("zero-copy input %u at byte %llu spans %llu bytes, past the output's %llu", i,
                    (unsigned long long)offsets[i], (unsigned long long)input_spans[i],
                    (unsigned long long)output_span);
}

void fz_join_begin(fz_translation* t, fz_reader* r, const fz_concat_node* n, void* storage, size_t storage_bytes,
                   uint64_t** lengths, uint32_t* capacity, vksplit_join_desc* out)
{
    fz_translation_begin(t, r, fz_writable(n->input_count), storage, storage_bytes);
    fz_poison(out, sizeof *out);
    *lengths = n->null_arg == 2 ? NULL : t->lengths;
    *capacity = t->capacity;
}

/* A successful join against the node it came from. */
static void expect_node_join(const vksplit_join_desc* out, const fz_node_join* node)
{
    if (!node)
        fz_fail("the front-end accepted a node the harness knows it must refuse");
    if (out->axis != node->axis || out->rank != node->rank || out->input_count != node->input_count)
        fz_fail("the join has axis %u, rank %u, %u inputs; the node has axis %u, rank %u, %u inputs", out->axis,
                out->rank, out->input_count, node->axis, node->rank, node->input_count);
    if (memcmp(out->sizes, node->sizes, node->rank * sizeof node->sizes[0]) != 0)
        fz_fail("the join's output sizes are not input 0's shape with the inputs' sum on axis %u", node->axis);
    if (memcmp(out->lengths, node->lengths, node->input_count * sizeof node->lengths[0]) != 0)
        fz_fail("the join's lengths are not the inputs' sizes on axis %u", node->axis);
    if (out->input_strides || out->output_strides || out->base_alignment)
        fz_fail("the join is not packed with the default base alignment");
}

void fz_join_end(fz_translation* t, vksplit_result result, const vksplit_join_desc* out, const uint64_t* sizes,
                 size_t sizes_bytes, const fz_node_join* node)
{
    fz_trace(result, &t->error);
    if (result != VKSPLIT_OK) {
        fz_check_error(result, &t->error);
        fz_expect_poisoned(sizes, sizes_bytes, "storage.sizes after an error");
        fz_expect_poisoned(t->lengths, t->watched * sizeof t->lengths[0], "storage.lengths after an error");
        fz_expect_poisoned(out, sizeof *out, "*out after an error");
        return;
    }
    uint32_t n = out->input_count;
    if (out->lengths != t->lengths || out->sizes != sizes || n > t->capacity || n > t->most)
        fz_fail("the join does not point into the caller's storage, or has %u inputs for capacity %u and %llu given", n,
                t->capacity, (unsigned long long)t->most);
    fz_expect_poisoned(t->lengths + n, (t->watched - n) * sizeof t->lengths[0], "storage.lengths past the inputs");
    expect_node_join(out, node);
    fz_check_join(out);
    fz_poison(t->lengths, n * sizeof t->lengths[0]);
}
