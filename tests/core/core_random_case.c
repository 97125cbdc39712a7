/* Random cases: shapes, splits, layouts (padded, permuted, broadcast, overlapping inputs)
 * drawn from a seeded RNG, each random test's case seeded from (seed, index), and the one
 * rule the transfer path has. See core_support.h. */
#include "core_support.h"

#include <stdlib.h>
#include <string.h>

#include "reference.h"

/* ---- random cases ------------------------------------------------------------------------ */

static uint32_t pick_u32(core_rng* rng, const uint32_t* values, uint32_t count)
{
    return values[core_rng_below(rng, count)];
}

static uint32_t random_element_size(core_rng* rng)
{
    static const uint32_t common[] = {1, 2, 4, 8, 16};
    static const uint32_t odd[] = {3, 6, 12};
    static const uint32_t rare[] = {5, 7, 10, 20, 24, 32, 48, 64, 256};
    uint64_t r = core_rng_below(rng, 100);
    if (r < 60)
        return pick_u32(rng, common, 5);
    if (r < 85)
        return pick_u32(rng, odd, 3);
    return pick_u32(rng, rare, 9);
}

static uint32_t random_output_count(core_rng* rng)
{
    uint64_t r = core_rng_below(rng, 100);
    if (r < 14)
        return 1;
    if (r < 34)
        return 2;
    if (r < 54)
        return 3;
    if (r < 84)
        return (uint32_t)core_rng_range(rng, 4, 12);
    if (r < 94)
        return (uint32_t)core_rng_range(rng, 13, 40);
    if (r < 98)
        return 96;
    return 1024;
}

static uint64_t random_dim(core_rng* rng)
{
    uint64_t r = core_rng_below(rng, 100);
    if (r < 25)
        return 1;
    if (r < 60)
        return core_rng_range(rng, 2, 3);
    if (r < 85)
        return core_rng_range(rng, 4, 9);
    return core_rng_range(rng, 10, 40);
}

static int cmp_u64(const void* a, const void* b)
{
    uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

/* Lengths summing to total: cut points, even parts, a few non-zero outputs, or tiny parts. */
static void random_lengths(core_rng* rng, uint64_t* lengths, uint32_t n, uint64_t* total, uint64_t max_total)
{
    uint64_t L = *total;
    uint64_t mode = core_rng_below(rng, 100);
    if (mode < 55 || n == 1) {
        uint64_t* cuts = core_calloc(n + 1, sizeof cuts[0]);
        for (uint32_t i = 0; i + 1 < n; i++)
            cuts[i] = core_rng_below(rng, L + 1);
        qsort(cuts, n - 1, sizeof cuts[0], cmp_u64);
        uint64_t prev = 0;
        for (uint32_t i = 0; i + 1 < n; i++) {
            lengths[i] = cuts[i] - prev;
            prev = cuts[i];
        }
        lengths[n - 1] = L - prev;
        free(cuts);
    } else if (mode < 70) {
        for (uint32_t i = 0; i < n; i++)
            lengths[i] = L / n + (i < L % n ? 1 : 0);
    } else if (mode < 85) {
        memset(lengths, 0, n * sizeof lengths[0]);
        uint32_t k = (uint32_t)core_rng_range(rng, 1, n < 3 ? n : 3);
        uint64_t left = L;
        for (uint32_t j = 0; j < k; j++) {
            uint32_t i = (uint32_t)core_rng_below(rng, n);
            uint64_t part = j + 1 == k ? left : core_rng_below(rng, left + 1);
            lengths[i] += part;
            left -= part;
        }
    } else {
        uint64_t sum = 0;
        for (uint32_t i = 0; i < n; i++) {
            lengths[i] = core_rng_below(rng, 3);
            if (sum + lengths[i] > max_total)
                lengths[i] = 0;
            sum += lengths[i];
        }
        *total = sum;
    }
}

/* 0 = packed NULL, 1 packed explicit, 2 padded, 3 permuted, 4 permuted+padded, 5 weird size-1 strides */
static void random_layout_strides(core_rng* rng, uint32_t mode, uint32_t rank, const uint64_t* sizes, uint64_t* strides,
                                  uint64_t max_span_elements)
{
    uint32_t order[VKSPLIT_MAX_RANK];
    uint64_t pad[VKSPLIT_MAX_RANK] = {0};
    for (uint32_t j = 0; j < rank; j++)
        order[j] = rank - 1 - j;
    if (mode == 3 || mode == 4)
        core_rng_shuffle(rng, order, rank);
    if (mode == 2 || mode == 4)
        for (uint32_t j = 0; j < rank; j++)
            pad[j] = core_rng_percent(rng, 50) ? core_rng_below(rng, 4) : 0;
    core_strides_ordered(rank, sizes, order, pad, strides);
    if (ref_span_bytes(rank, sizes, strides, 1) > max_span_elements) {
        memset(pad, 0, sizeof pad);
        core_strides_ordered(rank, sizes, order, pad, strides);
    }
    if (mode == 5) {
        /* A size-1 dimension's stride never moves an address: any value is valid. */
        static const uint64_t weird[] = {0, 1, 7, 12345, 1ull << 40, 1ull << 63, UINT64_MAX};
        for (uint32_t k = 0; k < rank; k++)
            if (sizes[k] == 1)
                strides[k] = weird[core_rng_below(rng, 7)];
    }
}

static const char* layout_mode_name(uint32_t mode)
{
    static const char* names[] = {"packed(NULL)", "packed", "padded", "permuted", "permuted+padded", "size1-weird"};
    return mode < 6 ? names[mode] : "?";
}

int core_overlap_strides(core_rng* rng, uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint32_t dims[VKSPLIT_MAX_RANK], count = 0;
    for (uint32_t k = 0; k < rank; k++)
        if (sizes[k] >= 2 && strides[k] != 0)
            dims[count++] = k;
    if (count < 2)
        return 0;
    core_rng_shuffle(rng, dims, count);
    uint32_t a = dims[0], b = dims[1];
    if (strides[b] < strides[a]) {
        a = dims[1];
        b = dims[0];
    }
    strides[b] = strides[a] * core_rng_range(rng, 1, sizes[a] - 1);
    return 1;
}

int core_transfer_possible(const vksplit_split_desc* d)
{
    uint32_t rank = d->rank;
    for (uint32_t k = 0; k < rank; k++)
        if (k != d->axis && d->sizes[k] == 0)
            return 1; /* nothing to copy */
    int any_output = 0;
    for (uint32_t i = 0; i < d->output_count; i++)
        any_output |= d->lengths[i] != 0;
    if (!any_output)
        return 1;

    /* No coalescing needed: merging neighbours (as a planner does) never makes or removes a
     * dimension that is unit-stride wherever it has two indices. A merged dimension steps
     * like its innermost part, and a unit-stride dimension cannot merge into an inner one of
     * two or more indices (its stride would have to be that one's stride times its size). */
    uint64_t in_strides[VKSPLIT_MAX_RANK];
    ref_tensor_strides(d, -1, in_strides);
    int dims_with_rows = 0;
    for (uint32_t k = 0; k < rank; k++) {
        /* Along k: the input at its full size, then every output that has elements. */
        int rows_here = d->sizes[k] >= 2, unit = d->sizes[k] < 2 || in_strides[k] == 1;
        for (uint32_t i = 0; i < d->output_count; i++) {
            if (d->lengths[i] == 0)
                continue;
            uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
            ref_output_sizes(d, i, sizes);
            ref_tensor_strides(d, (int)i, strides);
            rows_here |= sizes[k] >= 2;
            unit &= sizes[k] < 2 || strides[k] == 1;
        }
        dims_with_rows += rows_here;
        if (rows_here && unit)
            return 1;
    }
    return dims_with_rows == 0; /* single elements only */
}

/* Layout modes 0 to 5, with the percentages 35, 12, 17, 16, 15 and 5. */
static uint32_t random_layout_mode(core_rng* rng)
{
    static const uint64_t below[] = {35, 47, 64, 80, 95}; /* mode m when the draw is under below[m] */
    uint64_t r = core_rng_below(rng, 100);
    uint32_t mode = 0;
    while (mode < 5 && r >= below[mode])
        mode++;
    return mode;
}

void core_case_random(core_case* c, core_rng* rng, const core_gen_params* params)
{
    uint32_t element_size = params->element_sizes ? pick_u32(rng, params->element_sizes, params->element_size_choices)
                                                  : random_element_size(rng);
    uint32_t max_rank = params->max_rank ? params->max_rank : VKSPLIT_MAX_RANK;
    uint32_t rank = (uint32_t)core_rng_range(rng, 1, max_rank);
    uint32_t axis = (uint32_t)core_rng_below(rng, rank);
    uint32_t n = params->output_counts ? pick_u32(rng, params->output_counts, params->output_count_choices)
                                       : random_output_count(rng);
    uint64_t max_elements = params->max_elements ? params->max_elements : 2048;
    uint64_t byte_budget = max_elements * 8;
    if (max_elements > byte_budget / element_size)
        max_elements = byte_budget / element_size;
    if (max_elements < 16)
        max_elements = 16;

    uint64_t sizes[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < rank; k++)
        sizes[k] = random_dim(rng);
    uint64_t L = core_rng_percent(rng, 5) ? 0 : core_rng_range(rng, 1, 2 * (uint64_t)n + 6);
    if (L > max_elements)
        L = max_elements;
    sizes[axis] = L;
    /* Shrink the other dimensions until the element count fits. */
    for (;;) {
        uint64_t count = L ? L : 1;
        uint32_t largest = rank;
        for (uint32_t k = 0; k < rank; k++) {
            if (k == axis)
                continue;
            count *= sizes[k];
            if (sizes[k] > 1 && (largest == rank || sizes[k] > sizes[largest]))
                largest = k;
        }
        if (count <= max_elements || largest == rank)
            break;
        sizes[largest] /= 2;
    }
    if (!params->no_empty && rank > 1 && core_rng_percent(rng, 3)) {
        uint32_t k = (uint32_t)core_rng_below(rng, rank);
        if (k != axis)
            sizes[k] = 0;
    }

    uint64_t* lengths = core_calloc(n, sizeof lengths[0]);
    uint64_t other = 1;
    for (uint32_t k = 0; k < rank; k++)
        if (k != axis)
            other *= sizes[k] ? sizes[k] : 1;
    random_lengths(rng, lengths, n, &L, max_elements / other + 1);
    sizes[axis] = L;
    core_case_init(c, element_size, rank, sizes, axis, n, lengths);
    free(lengths);

    uint64_t elements = ref_element_count(rank, sizes);
    uint64_t max_span = 4 * (elements > 64 ? elements : 64) + 4096;
    c->desc.base_alignment = params->base_alignments
                                 ? pick_u32(rng, params->base_alignments, params->base_alignment_choices)
                                 : (uint32_t[]){0, 1, 2, 4, 8, 16, 32, 64}[core_rng_below(rng, 8)];
    if (params->packed_only)
        return;

    /* Input: packed, padded, permuted, overlapping (sliding windows), broadcast (stride 0),
     * odd strides on size-1 dims. */
    uint32_t in_mode = random_layout_mode(rng);
    int overlap = !params->no_overlap && core_rng_percent(rng, 12);
    if (in_mode != 0 || overlap) {
        uint64_t strides[VKSPLIT_MAX_RANK];
        random_layout_strides(rng, in_mode, rank, sizes, strides, max_span);
        overlap = overlap && core_overlap_strides(rng, rank, sizes, strides);
        const char* base = layout_mode_name(in_mode ? in_mode : 1); /* explicit strides from here on */
        snprintf(c->input_layout, sizeof c->input_layout, "%s%s", base, overlap ? "+overlap" : "");
        if (!params->no_broadcast && core_rng_percent(rng, 15)) {
            for (uint32_t k = 0; k < rank; k++)
                if (core_rng_percent(rng, 40))
                    strides[k] = 0;
            snprintf(c->input_layout, sizeof c->input_layout, "%s%s+broadcast", base, overlap ? "+overlap" : "");
        }
        core_case_set_input_strides(c, strides);
    }

    /* Outputs: NULL array, or per output NULL / packed / padded / permuted. */
    if (core_rng_percent(rng, 45))
        return;
    snprintf(c->output_layout, sizeof c->output_layout, "per-output");
    for (uint32_t i = 0; i < n; i++) {
        uint32_t mode = random_layout_mode(rng);
        if (mode == 0) {
            core_case_set_output_strides(c, i, NULL);
            continue;
        }
        uint64_t out_sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        ref_output_sizes(&c->desc, i, out_sizes);
        uint64_t out_elements = ref_element_count(rank, out_sizes);
        random_layout_strides(rng, mode, rank, out_sizes, strides, 4 * (out_elements > 64 ? out_elements : 64) + 1024);
        core_case_set_output_strides(c, i, strides);
    }
}

/* ---- one case of a random test ---------------------------------------------------------- */

void core_seeded_case_begin(core_seeded_case* s, const char* label, uint64_t seed, long index)
{
    memset(s, 0, sizeof *s);
    /* Splitmix64's own increment (odd, the golden ratio) times the index: neighbouring cases
     * start far apart in the RNG's sequence, and no index maps to the bare seed. */
    core_rng_seed(&s->rng, seed ^ ((uint64_t)index * 0x9E3779B97F4A7C15ull + 1));
    s->options.layout = CORE_LAYOUT_RANDOM;
    s->options.rng = &s->rng;
    s->options.null_empty_bindings = -1;
    s->options.label = label;
    s->options.seed = seed;
    s->options.case_index = index;
    s->options.join_overlap_percent = 15; /* where the case runs as a join */
    /* Every fourth case keeps its table in memory of the test's own (by index, not the RNG:
     * the draws stay what they were). */
    s->options.plan.table = index % 4 == 3 ? VKSPLIT_TABLE_CALLER : VKSPLIT_TABLE_POOL;
}

void core_seeded_case_draw(core_seeded_case* s) { core_case_random(&s->c, &s->rng, &s->params); }
