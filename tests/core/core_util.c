/* Support shared by the core tests. See core_util.h. */
#include "core_util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reference.h"

/* ---- environment ------------------------------------------------------------------------ */

#if defined(__SANITIZE_ADDRESS__)
#  define CORE_SANITIZED 1
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer)
#    define CORE_SANITIZED 1
#  endif
#endif
#ifndef CORE_SANITIZED
#  define CORE_SANITIZED 0
#endif

double core_scale(void)
{
    const char* s = getenv("VKSPLIT_TEST_SCALE");
    if (s && *s) {
        double v = strtod(s, NULL);
        if (v > 0)
            return v;
    }
    return CORE_SANITIZED ? 0.35 : 1.0;
}

unsigned core_scaled(unsigned count)
{
    double v = count * core_scale();
    return v < 1 ? 1u : (unsigned)v;
}

uint64_t core_seed(uint64_t default_seed)
{
    const char* s = getenv("VKSPLIT_TEST_SEED");
    return s && *s ? strtoull(s, NULL, 0) : default_seed;
}

long core_only_case(void)
{
    const char* s = getenv("VKSPLIT_TEST_CASE");
    return s && *s ? strtol(s, NULL, 0) : -1;
}

int core_verbose(void)
{
    const char* s = getenv("VKSPLIT_TEST_VERBOSE");
    return s && *s && *s != '0';
}

double core_now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- RNG --------------------------------------------------------------------------------- */

void core_rng_seed(core_rng* rng, uint64_t seed) { rng->state = seed; }

uint64_t core_rng_next(core_rng* rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t core_rng_below(core_rng* rng, uint64_t bound) { return bound ? core_rng_next(rng) % bound : 0; }

uint64_t core_rng_range(core_rng* rng, uint64_t lo, uint64_t hi) { return lo + core_rng_below(rng, hi - lo + 1); }

int core_rng_percent(core_rng* rng, unsigned percent) { return core_rng_below(rng, 100) < percent; }

void core_rng_fill(core_rng* rng, void* data, size_t bytes)
{
    uint8_t* p = data;
    while (bytes >= 8) {
        uint64_t v = core_rng_next(rng);
        memcpy(p, &v, 8);
        p += 8;
        bytes -= 8;
    }
    if (bytes) {
        uint64_t v = core_rng_next(rng);
        memcpy(p, &v, bytes);
    }
}

uint8_t core_guard_byte(uint64_t position)
{
    return (uint8_t)(0xA5u ^ (position * 0x3Du) ^ (position >> 8) ^ (position >> 16));
}

uint32_t core_base_alignment(const vksplit_split_desc* split)
{
    return split->base_alignment ? split->base_alignment : 16u;
}

/* ---- cases ------------------------------------------------------------------------------ */

static void* xcalloc(size_t count, size_t size)
{
    void* p = calloc(count ? count : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "out of host memory (%zu x %zu)\n", count, size);
        exit(2);
    }
    return p;
}

void core_case_init(core_case* c, uint32_t element_size, uint32_t rank, const uint64_t* sizes, uint32_t axis,
                    uint32_t output_count, const uint64_t* split)
{
    memset(c, 0, sizeof *c);
    memcpy(c->sizes, sizes, rank * sizeof sizes[0]);
    c->split = xcalloc(output_count, sizeof c->split[0]);
    memcpy(c->split, split, output_count * sizeof split[0]);
    c->output_strides = xcalloc(output_count, sizeof c->output_strides[0]);
    c->output_stride_ptrs = xcalloc(output_count, sizeof c->output_stride_ptrs[0]);
    c->desc.element_size = element_size;
    c->desc.rank = rank;
    c->desc.sizes = c->sizes;
    c->desc.input_strides = NULL;
    c->desc.axis = axis;
    c->desc.output_count = output_count;
    c->desc.split = c->split;
    c->desc.output_strides = NULL;
    c->desc.base_alignment = 0;
    snprintf(c->input_layout, sizeof c->input_layout, "packed(NULL)");
    snprintf(c->output_layout, sizeof c->output_layout, "packed(NULL)");
}

void core_case_set_input_strides(core_case* c, const uint64_t* strides)
{
    memcpy(c->input_strides, strides, c->desc.rank * sizeof strides[0]);
    c->desc.input_strides = c->input_strides;
    if (strcmp(c->input_layout, "packed(NULL)") == 0)
        snprintf(c->input_layout, sizeof c->input_layout, "explicit");
}

void core_case_set_output_strides(core_case* c, uint32_t output_index, const uint64_t* strides)
{
    if (strides) {
        memcpy(c->output_strides[output_index], strides, c->desc.rank * sizeof strides[0]);
        c->output_stride_ptrs[output_index] = c->output_strides[output_index];
    } else {
        c->output_stride_ptrs[output_index] = NULL;
    }
    c->desc.output_strides = c->output_stride_ptrs;
    if (strcmp(c->output_layout, "packed(NULL)") == 0)
        snprintf(c->output_layout, sizeof c->output_layout, "per-output");
}

void core_case_free(core_case* c)
{
    free(c->split);
    free(c->output_strides);
    free(c->output_stride_ptrs);
    memset(c, 0, sizeof *c);
}

static void print_u64s(FILE* f, const uint64_t* v, uint32_t count, uint32_t limit)
{
    fputc('{', f);
    for (uint32_t i = 0; i < count && i < limit; i++)
        fprintf(f, i ? ", %llu" : "%llu", (unsigned long long)v[i]);
    if (count > limit)
        fprintf(f, ", ... (%u values)", count);
    fputc('}', f);
}

void core_case_print(FILE* f, const core_case* c)
{
    const vksplit_split_desc* d = &c->desc;
    fprintf(f, "  case: element_size=%u rank=%u axis=%u output_count=%u base_alignment=%u\n", d->element_size,
            d->rank, d->axis, d->output_count, d->base_alignment);
    fprintf(f, "    sizes=");
    print_u64s(f, d->sizes, d->rank, 8);
    fprintf(f, "\n    input_strides=");
    if (d->input_strides)
        print_u64s(f, d->input_strides, d->rank, 8);
    else
        fprintf(f, "NULL");
    fprintf(f, " (%s)\n    split=", c->input_layout);
    print_u64s(f, d->split, d->output_count, 64);
    fprintf(f, "\n    output_strides: %s (%s; unlisted outputs packed)\n", d->output_strides ? "array" : "NULL",
            c->output_layout);
    uint32_t shown = 0;
    for (uint32_t i = 0; d->output_strides && i < d->output_count; i++) {
        if (!d->output_strides[i])
            continue;
        if (shown++ == 24) {
            fprintf(f, "      ...\n");
            break;
        }
        fprintf(f, "      [%u]=", i);
        print_u64s(f, d->output_strides[i], d->rank, 8);
        fputc('\n', f);
    }
}

void core_strides_ordered(uint32_t rank, const uint64_t* sizes, const uint32_t* order, const uint64_t* pad,
                          uint64_t* strides)
{
    uint64_t stride = 1 + (pad ? pad[0] : 0);
    for (uint32_t j = 0; j < rank; j++) {
        uint32_t k = order[j];
        strides[k] = stride;
        uint64_t size = sizes[k] ? sizes[k] : 1;
        stride = stride * size + (pad && j + 1 < rank ? pad[j + 1] : 0);
    }
}

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

static void shuffle_u32(core_rng* rng, uint32_t* v, uint32_t count)
{
    for (uint32_t i = count; i > 1; i--) {
        uint32_t j = (uint32_t)core_rng_below(rng, i);
        uint32_t t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}

static int cmp_u64(const void* a, const void* b)
{
    uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

/* Lengths summing to total: cut points, even parts, a few non-zero outputs, or tiny parts. */
static void random_split(core_rng* rng, uint64_t* split, uint32_t n, uint64_t* total, uint64_t max_total)
{
    uint64_t L = *total;
    uint64_t mode = core_rng_below(rng, 100);
    if (mode < 55 || n == 1) {
        uint64_t* cuts = xcalloc(n + 1, sizeof cuts[0]);
        for (uint32_t i = 0; i + 1 < n; i++)
            cuts[i] = core_rng_below(rng, L + 1);
        qsort(cuts, n - 1, sizeof cuts[0], cmp_u64);
        uint64_t prev = 0;
        for (uint32_t i = 0; i + 1 < n; i++) {
            split[i] = cuts[i] - prev;
            prev = cuts[i];
        }
        split[n - 1] = L - prev;
        free(cuts);
    } else if (mode < 70) {
        for (uint32_t i = 0; i < n; i++)
            split[i] = L / n + (i < L % n ? 1 : 0);
    } else if (mode < 85) {
        memset(split, 0, n * sizeof split[0]);
        uint32_t k = (uint32_t)core_rng_range(rng, 1, n < 3 ? n : 3);
        uint64_t left = L;
        for (uint32_t j = 0; j < k; j++) {
            uint32_t i = (uint32_t)core_rng_below(rng, n);
            uint64_t part = j + 1 == k ? left : core_rng_below(rng, left + 1);
            split[i] += part;
            left -= part;
        }
    } else {
        uint64_t sum = 0;
        for (uint32_t i = 0; i < n; i++) {
            split[i] = core_rng_below(rng, 3);
            if (sum + split[i] > max_total)
                split[i] = 0;
            sum += split[i];
        }
        *total = sum;
    }
}

/* 0 = packed NULL, 1 packed explicit, 2 padded, 3 permuted, 4 permuted+padded, 5 weird size-1 strides */
static void random_layout_strides(core_rng* rng, uint32_t mode, uint32_t rank, const uint64_t* sizes,
                                  uint64_t* strides, uint64_t max_span_elements)
{
    uint32_t order[VKSPLIT_MAX_RANK];
    uint64_t pad[VKSPLIT_MAX_RANK] = {0};
    for (uint32_t j = 0; j < rank; j++)
        order[j] = rank - 1 - j;
    if (mode == 3 || mode == 4)
        shuffle_u32(rng, order, rank);
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
    shuffle_u32(rng, dims, count);
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
        any_output |= d->split[i] != 0;
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
            if (d->split[i] == 0)
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

static uint32_t random_layout_mode(core_rng* rng)
{
    uint64_t r = core_rng_below(rng, 100);
    if (r < 35)
        return 0;
    if (r < 47)
        return 1;
    if (r < 64)
        return 2;
    if (r < 80)
        return 3;
    if (r < 95)
        return 4;
    return 5;
}

void core_case_random(core_case* c, core_rng* rng, const core_gen_params* params)
{
    uint32_t element_size = params->element_sizes
                                ? pick_u32(rng, params->element_sizes, params->element_size_choices)
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

    uint64_t* split = xcalloc(n, sizeof split[0]);
    uint64_t other = 1;
    for (uint32_t k = 0; k < rank; k++)
        if (k != axis)
            other *= sizes[k] ? sizes[k] : 1;
    random_split(rng, split, n, &L, max_elements / other + 1);
    sizes[axis] = L;
    core_case_init(c, element_size, rank, sizes, axis, n, split);
    free(split);

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
        random_layout_strides(rng, mode, rank, out_sizes, strides,
                              4 * (out_elements > 64 ? out_elements : 64) + 1024);
        core_case_set_output_strides(c, i, strides);
    }
}

/* ---- running a case --------------------------------------------------------------------- */

const char* core_layout_name(core_layout layout)
{
    switch (layout) {
    case CORE_LAYOUT_SEPARATE: return "separate";
    case CORE_LAYOUT_SHARED: return "shared";
    case CORE_LAYOUT_SHARED_WITH_INPUT: return "shared-with-input";
    case CORE_LAYOUT_TIGHT: return "tight";
    default: return "random";
    }
}

typedef struct host_buffer {
    uint64_t size;
    vksplit_runner_buffer device;
    uint8_t* expected;
    uint8_t* got;                  /* downloaded after the run */
} host_buffer;

typedef struct placement {
    int buffer;       /* -1: VK_NULL_HANDLE */
    uint64_t offset;
    uint64_t span;
} placement;

typedef struct run_state {
    vksplit_runner* runner;
    host_buffer* buffers;
    uint32_t buffer_count;
    uint32_t buffer_capacity;
    placement input;
    placement* outputs;            /* [records][output_count] */
    uint32_t records;
    uint32_t output_count;
    const vksplit_plan* plan;
    const core_run_options* options;
    vksplit_result record_result;
    vksplit_error record_error;
    vksplit_binding* bindings;     /* scratch [output_count] */
    vksplit_runner_buffer arguments; /* per-record arguments, one range per recording */
    uint64_t argument_stride;
} run_state;

static uint64_t round_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

static int new_buffer(run_state* s, uint64_t size)
{
    if (s->buffer_count == s->buffer_capacity) {
        s->buffer_capacity = s->buffer_capacity ? 2 * s->buffer_capacity : 8;
        s->buffers = realloc(s->buffers, s->buffer_capacity * sizeof s->buffers[0]);
        if (!s->buffers) {
            fprintf(stderr, "out of host memory\n");
            exit(2);
        }
    }
    memset(&s->buffers[s->buffer_count], 0, sizeof s->buffers[0]);
    s->buffers[s->buffer_count].size = size;
    return (int)s->buffer_count++;
}

static uint64_t tail_bytes(core_rng* rng) { return core_rng_below(rng, 49); }

/* Places one record's outputs (and, for SHARED_WITH_INPUT on record 0, the input too). */
static void place_record(run_state* s, const core_case* c, uint32_t record, core_layout layout, uint64_t align,
                         int null_empty, uint32_t max_gap, core_rng* rng, int with_input)
{
    uint32_t n = c->desc.output_count;
    placement* outs = s->outputs + (size_t)record * n;
    if (layout == CORE_LAYOUT_SEPARATE) {
        for (uint32_t i = 0; i < n; i++) {
            outs[i].span = ref_output_span_bytes(&c->desc, i);
            if (outs[i].span == 0 && null_empty) {
                outs[i].buffer = -1;
                continue;
            }
            outs[i].offset = align * core_rng_below(rng, max_gap + 1);
            outs[i].buffer = new_buffer(s, round_up(outs[i].offset + outs[i].span + tail_bytes(rng), 16));
        }
        return;
    }
    /* One buffer, tensors in a (shuffled) sequence with gaps; slot n is the input. */
    uint32_t count = n + (with_input ? 1 : 0);
    uint32_t* order = xcalloc(count, sizeof order[0]);
    for (uint32_t j = 0; j < count; j++)
        order[j] = j;
    if (layout != CORE_LAYOUT_TIGHT && core_rng_percent(rng, 50))
        shuffle_u32(rng, order, count);
    uint32_t gap = layout == CORE_LAYOUT_TIGHT ? 0 : max_gap;
    int buffer = new_buffer(s, 0);
    uint64_t cursor = layout == CORE_LAYOUT_TIGHT ? 0 : align * core_rng_below(rng, gap + 1);
    for (uint32_t j = 0; j < count; j++) {
        placement* p = order[j] == n ? &s->input : &outs[order[j]];
        p->span = order[j] == n ? ref_input_span_bytes(&c->desc) : ref_output_span_bytes(&c->desc, order[j]);
        if (p->span == 0 && null_empty) {
            p->buffer = -1;
            continue;
        }
        p->buffer = buffer;
        p->offset = round_up(cursor, align) + align * core_rng_below(rng, gap + 1);
        cursor = p->offset + p->span;
    }
    s->buffers[buffer].size = round_up(cursor + (layout == CORE_LAYOUT_TIGHT ? 0 : tail_bytes(rng)), 16);
    if (s->buffers[buffer].size == 0)
        s->buffers[buffer].size = 16;
    free(order);
}

static vksplit_result record_split(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    run_state* s = user;
    (void)error;
    s->record_result = VKSPLIT_OK;
    for (uint32_t r = 0; r < s->records; r++) {
        const placement* outs = s->outputs + (size_t)r * s->output_count;
        for (uint32_t i = 0; i < s->output_count; i++) {
            s->bindings[i].buffer = outs[i].buffer < 0 ? VK_NULL_HANDLE : s->buffers[outs[i].buffer].device.buffer;
            s->bindings[i].offset = outs[i].buffer < 0 ? 0 : outs[i].offset;
        }
        vksplit_binding input = {VK_NULL_HANDLE, 0};
        if (s->input.buffer >= 0) {
            input.buffer = s->buffers[s->input.buffer].device.buffer;
            input.offset = s->input.offset;
        }
        if (s->options->before_record)
            s->options->before_record(s->options->hook_user);
        vksplit_arguments arguments = {s->arguments.buffer, r * s->argument_stride, 0};
        vksplit_result r2 = vksplit_cmd_split(s->plan, cmd, &input, s->bindings, &arguments, &s->record_error);
        if (s->options->after_record)
            s->options->after_record(s->options->hook_user, r2);
        if (r2 != VKSPLIT_OK) {
            s->record_result = r2;
            break;
        }
    }
    /* Submit whatever was recorded (nothing, on error): the runner then stays usable. */
    return VKSPLIT_OK;
}

static void print_context(const core_case* c, const core_run_options* o, core_layout layout, uint64_t align,
                          const vksplit_plan_info* info)
{
    char unit[24] = "none yet"; /* the offset unit is known once the plan is */
    if (align)
        snprintf(unit, sizeof unit, "%llu", (unsigned long long)align);
    fprintf(stderr, "  [%s] seed=0x%llx case=%ld layout=%s offset unit=%s path-option=%d records=%u\n",
            o->label ? o->label : "", (unsigned long long)o->seed, o->case_index, core_layout_name(layout), unit,
            (int)o->plan.path, o->records ? o->records : 1);
    if (info)
        fprintf(stderr, "  plan: %s (path=%d word=%u dispatches=%u copies=%u offset_alignment=%u)\n",
                info->summary, (int)info->path, info->word_bytes, info->dispatch_count, info->copy_command_count,
                info->offset_alignment);
    core_case_print(stderr, c);
    if (o->seed || o->case_index >= 0)
        fprintf(stderr, "  reproduce: VKSPLIT_TEST_SEED=0x%llx VKSPLIT_TEST_CASE=%ld\n",
                (unsigned long long)o->seed, o->case_index);
}

/* Names what a byte of a buffer is: an output element, a hole inside an output, the input, a guard. */
static void describe_byte(FILE* f, const run_state* s, const core_case* c, int buffer, uint64_t pos)
{
    uint32_t n = c->desc.output_count;
    for (uint32_t r = 0; r < s->records; r++) {
        for (uint32_t i = 0; i < n; i++) {
            const placement* p = &s->outputs[(size_t)r * n + i];
            if (p->buffer != buffer || pos < p->offset || pos >= p->offset + p->span)
                continue;
            uint8_t* mask = xcalloc(p->span, 1);
            ref_mark_output(&c->desc, i, mask, 1);
            uint64_t rel = pos - p->offset;
            fprintf(f, "%s of output %u (record %u), byte %llu of its span (element byte %llu)",
                    mask[rel] ? "element byte" : "HOLE (between elements)", i, r, (unsigned long long)rel,
                    (unsigned long long)(rel % c->desc.element_size));
            free(mask);
            return;
        }
    }
    if (s->input.buffer == buffer && pos >= s->input.offset && pos < s->input.offset + s->input.span) {
        fprintf(f, "INPUT byte %llu", (unsigned long long)(pos - s->input.offset));
        return;
    }
    fprintf(f, "GUARD byte (outside every tensor)");
}

static int inside_tensor(const run_state* s, const core_case* c, int buffer, uint64_t pos)
{
    uint32_t n = c->desc.output_count;
    if (s->input.buffer == buffer && pos >= s->input.offset && pos < s->input.offset + s->input.span)
        return 1;
    for (size_t k = 0; k < (size_t)s->records * n; k++)
        if (s->outputs[k].buffer == buffer && pos >= s->outputs[k].offset &&
            pos < s->outputs[k].offset + s->outputs[k].span)
            return 1;
    return 0;
}

/* Corrupts one byte of the kind asked for (see core_run_options.inject); 1 if it found one. */
static int inject_fault(run_state* s, const core_case* c, int kind)
{
    uint32_t n = c->desc.output_count;
    if (kind == 1) {
        for (uint32_t b = 0; b < s->buffer_count; b++)
            for (uint64_t p = 0; p < s->buffers[b].size; p++)
                if (!inside_tensor(s, c, (int)b, p)) {
                    s->buffers[b].got[p] ^= 0x5A;
                    return 1;
                }
        return 0;
    }
    if (kind == 3) {
        if (s->input.buffer < 0 || s->input.span == 0)
            return 0;
        s->buffers[s->input.buffer].got[s->input.offset] ^= 0x5A;
        return 1;
    }
    for (uint32_t i = 0; i < n; i++) {
        const placement* p = &s->outputs[i];
        if (p->buffer < 0 || p->span == 0)
            continue;
        uint8_t* mapped = s->buffers[p->buffer].got + p->offset;
        if (kind == 2) {
            mapped[0] ^= 0x5A; /* element 0 always sits at the output's first byte */
            return 1;
        }
        uint8_t* mask = xcalloc(p->span, 1);
        ref_mark_output(&c->desc, i, mask, 1);
        for (uint64_t q = 0; q < p->span; q++)
            if (!mask[q]) {
                mapped[q] ^= 0x5A;
                free(mask);
                return 1;
            }
        free(mask);
    }
    return 0;
}

core_verdict core_run_case(vksplit_runner* runner, const core_case* c, const core_run_options* o)
{
    core_verdict v;
    memset(&v, 0, sizeof v);
    const vksplit_split_desc* d = &c->desc;
    uint32_t n = d->output_count;
    vksplit_context* ctx = o->context ? o->context : vksplit_runner_context(runner);
    core_rng* rng = o->rng;
    uint32_t records = o->records ? o->records : 1;
    uint32_t max_gap = o->max_gap_units ? o->max_gap_units : 3;
    core_layout layout = o->layout;
    if (layout == CORE_LAYOUT_RANDOM) {
        uint64_t r = core_rng_below(rng, 100);
        layout = r < 40 ? CORE_LAYOUT_SEPARATE
                 : r < 75 ? CORE_LAYOUT_SHARED
                 : r < 90 ? CORE_LAYOUT_SHARED_WITH_INPUT
                          : CORE_LAYOUT_TIGHT;
    }
    /* A buffer (one allocation) per output only for a few outputs: Vulkan guarantees 4096
     * allocations, and engines place many outputs in one buffer anyway. */
    if (layout == CORE_LAYOUT_SEPARATE && n * records > 256)
        layout = CORE_LAYOUT_SHARED;
    int null_empty = o->null_empty_bindings < 0 ? core_rng_percent(rng, 50) : o->null_empty_bindings;

#define FAIL_CASE(...)                                                  \
    do {                                                                \
        v.failures++;                                                   \
        fprintf(stderr, "FAIL: " __VA_ARGS__);                          \
        fputc('\n', stderr);                                            \
        print_context(c, o, layout, align, plan ? &v.info : NULL);      \
    } while (0)

    vksplit_plan* plan = NULL;
    vksplit_error err;
    memset(&err, 0, sizeof err);
    uint64_t align = 0; /* offset unit, once the plan is known */

    /* The reference's spans and byte counts, to hold the plan's info against. */
    uint64_t in_span = ref_input_span_bytes(d);
    uint64_t* out_span = xcalloc(n, sizeof out_span[0]);
    uint64_t bytes_written = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        ref_output_sizes(d, i, sizes);
        out_span[i] = ref_output_span_bytes(d, i);
        bytes_written += ref_element_count(d->rank, sizes) * d->element_size;
    }

    v.checks++;
    vksplit_result r = vksplit_validate_split(d, &err);
    if (r != VKSPLIT_OK) {
        FAIL_CASE("the generated case does not validate: %s: %s", vksplit_result_name(r), err.message);
        free(out_span);
        return v;
    }

    /* The transfer path is refused exactly when the rows are not contiguous in every tensor. */
    int transfer_possible = core_transfer_possible(d);
    v.checks++;
    r = vksplit_plan_create(ctx, d, &o->plan, &plan, &err);
    if (r != VKSPLIT_OK) {
        if (o->plan.path == VKSPLIT_PATH_TRANSFER && r == VKSPLIT_ERROR_UNSUPPORTED && !transfer_possible) {
            v.skipped = 1; /* refused as it must be; the caller counts refusals */
        } else if (o->plan.path == VKSPLIT_PATH_TRANSFER && r == VKSPLIT_ERROR_UNSUPPORTED) {
            FAIL_CASE("vksplit_plan_create refused the transfer path, but some dimension has stride 1 in every "
                      "tensor (rows are contiguous): %s",
                      err.message);
        } else {
            FAIL_CASE("vksplit_plan_create: %s: %s", vksplit_result_name(r), err.message);
        }
        free(out_span);
        return v;
    }
    vksplit_plan_get_info(plan, &v.info);
    const vksplit_plan_info* info = &v.info;
    v.checks++;
    if (info->path == VKSPLIT_PATH_TRANSFER && !transfer_possible)
        FAIL_CASE("a TRANSFER plan (%s), but no dimension with two or more indices has stride 1 in every tensor: "
                  "the rows are single elements, which the transfer path must refuse (VKSPLIT_ERROR_UNSUPPORTED)",
                  info->summary);

    /* The plan's own account of the split. */
    v.checks++;
    if (info->output_count != n || info->input_span_bytes != in_span || info->bytes_written != bytes_written)
        FAIL_CASE("plan info: output_count %u (want %u), input_span_bytes %llu (want %llu), bytes_written %llu "
                  "(want %llu)",
                  info->output_count, n, (unsigned long long)info->input_span_bytes, (unsigned long long)in_span,
                  (unsigned long long)info->bytes_written, (unsigned long long)bytes_written);
    v.checks++;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t got = vksplit_plan_output_span_bytes(plan, i);
        if (got != out_span[i]) {
            FAIL_CASE("vksplit_plan_output_span_bytes(%u) = %llu, the reference says %llu", i,
                      (unsigned long long)got, (unsigned long long)out_span[i]);
            break;
        }
    }
    v.checks++;
    uint32_t oa = info->offset_alignment;
    if (oa == 0 || (oa & (oa - 1)) != 0 || oa > core_base_alignment(d))
        FAIL_CASE("offset_alignment %u is not a power of two no larger than base_alignment %u (the caller's promise)",
                  oa, core_base_alignment(d));
    v.checks++;
    if (info->path != VKSPLIT_PATH_COMPUTE && info->path != VKSPLIT_PATH_TRANSFER)
        FAIL_CASE("plan path %d is neither COMPUTE nor TRANSFER", (int)info->path);
    else if (o->plan.path != VKSPLIT_PATH_AUTO && info->path != o->plan.path)
        FAIL_CASE("plan path %d, but path %d was asked for", (int)info->path, (int)o->plan.path);
    v.checks++;
    if (info->path == VKSPLIT_PATH_TRANSFER && info->dispatch_count != 0)
        FAIL_CASE("a TRANSFER plan with dispatch_count %u", info->dispatch_count);
    if (bytes_written == 0 && (info->dispatch_count != 0 || info->copy_command_count != 0))
        FAIL_CASE("nothing to write, yet dispatch_count %u copy_command_count %u", info->dispatch_count,
                  info->copy_command_count);
    if (bytes_written != 0 && info->dispatch_count == 0 && info->copy_command_count == 0)
        FAIL_CASE("%llu bytes to write, yet no dispatch and no copy", (unsigned long long)bytes_written);
    v.checks++;
    uint32_t w = info->word_bytes;
    if (info->path == VKSPLIT_PATH_COMPUTE && bytes_written &&
        !(w == 1 || w == 2 || w == 4 || w == 8 || w == 16 || w == 32))
        FAIL_CASE("word_bytes %u", w);

    /* Lay the tensors out. */
    align = core_base_alignment(d) > oa ? core_base_alignment(d) : (oa ? oa : 1);
    run_state s;
    memset(&s, 0, sizeof s);
    s.runner = runner;
    s.records = records;
    s.output_count = n;
    s.plan = plan;
    s.options = o;
    s.outputs = xcalloc((size_t)records * n, sizeof s.outputs[0]);
    s.bindings = xcalloc(n, sizeof s.bindings[0]);
    s.input.buffer = -1;
    s.input.span = in_span;
    int input_shared = layout == CORE_LAYOUT_SHARED_WITH_INPUT;
    if (!input_shared) {
        if (in_span == 0 && null_empty) {
            s.input.buffer = -1;
        } else {
            s.input.offset = align * core_rng_below(rng, max_gap + 1);
            s.input.buffer = new_buffer(&s, round_up(s.input.offset + in_span + tail_bytes(rng), 16));
        }
    }
    for (uint32_t rec = 0; rec < records; rec++)
        place_record(&s, c, rec, layout, align, null_empty, max_gap, rng, input_shared && rec == 0);

    /* Create every buffer, fill it with the guard pattern and write the input: through the
     * runner's uploads, so that this works on a GPU's device-local memory as on lavapipe. */
    uint8_t* input_copy = xcalloc(in_span ? in_span : 1, 1);
    core_rng_fill(rng, input_copy, in_span);
    int ok = 1;
    for (uint32_t b = 0; b < s.buffer_count && ok; b++) {
        host_buffer* hb = &s.buffers[b];
        hb->expected = xcalloc(hb->size, 1);
        hb->got = xcalloc(hb->size, 1);
        for (uint64_t p = 0; p < hb->size; p++)
            hb->expected[p] = core_guard_byte(p);
        if (s.input.buffer == (int)b)
            memcpy(hb->expected + s.input.offset, input_copy, in_span);
        r = vksplit_runner_buffer_create(runner, hb->size, &hb->device, &err);
        if (r == VKSPLIT_OK)
            r = vksplit_runner_upload(runner, &hb->device, 0, hb->expected, hb->size, &err);
        if (r != VKSPLIT_OK) {
            v.checks++;
            FAIL_CASE("vksplit_runner_buffer_create/upload(%llu): %s", (unsigned long long)hb->size, err.message);
            ok = 0;
        }
    }
    if (ok && info->argument_bytes) {
        s.argument_stride = round_up(info->argument_bytes, VKSPLIT_ARGUMENT_ALIGNMENT);
        r = vksplit_runner_buffer_create(runner, s.argument_stride * records, &s.arguments, &err);
        if (r != VKSPLIT_OK) {
            v.checks++;
            FAIL_CASE("arguments buffer (%llu bytes): %s", (unsigned long long)(s.argument_stride * records), err.message);
            ok = 0;
        }
    }
    if (ok) {
        for (uint32_t rec = 0; rec < records; rec++)
            for (uint32_t i = 0; i < n; i++) {
                const placement* p = &s.outputs[(size_t)rec * n + i];
                if (p->buffer >= 0 && p->span)
                    ref_split_output(d, i, input_copy, s.buffers[p->buffer].expected + p->offset);
            }
    }

    if (ok) {
        v.checks++;
        r = vksplit_runner_submit(runner, record_split, &s, &err);
        if (r != VKSPLIT_OK) {
            FAIL_CASE("vksplit_runner_submit: %s: %s", vksplit_result_name(r), err.message);
            ok = 0;
        }
        v.checks++;
        if (s.record_result != VKSPLIT_OK) {
            FAIL_CASE("vksplit_cmd_split: %s: %s", vksplit_result_name(s.record_result), s.record_error.message);
            ok = 0;
        }
    }
    for (uint32_t b = 0; b < s.buffer_count && ok; b++) {
        r = vksplit_runner_download(runner, &s.buffers[b].device, 0, s.buffers[b].got, s.buffers[b].size, &err);
        if (r != VKSPLIT_OK) {
            v.checks++;
            FAIL_CASE("vksplit_runner_download: %s: %s", vksplit_result_name(r), err.message);
            ok = 0;
        }
    }

    if (ok && o->inject)
        v.injected = inject_fault(&s, c, o->inject);
    if (ok) {
        /* The input must be untouched... */
        v.checks++;
        if (s.input.buffer >= 0 && memcmp(s.buffers[s.input.buffer].got + s.input.offset, input_copy, in_span) != 0)
            FAIL_CASE("the input changed");
        /* ...and every byte of every buffer must be what the reference says: output elements
         * hold the input's, everything else (gaps, holes, tails) still holds the guard. */
        for (uint32_t b = 0; b < s.buffer_count; b++) {
            host_buffer* hb = &s.buffers[b];
            const uint8_t* got = hb->got;
            v.checks++;
            if (memcmp(got, hb->expected, hb->size) == 0)
                continue;
            uint64_t bad = 0;
            for (uint64_t p = 0; p < hb->size; p++)
                bad += got[p] != hb->expected[p];
            FAIL_CASE("buffer %u (%llu bytes): %llu byte(s) differ from the reference", b,
                      (unsigned long long)hb->size, (unsigned long long)bad);
            int shown = 0;
            for (uint64_t p = 0; p < hb->size && shown < 8; p++) {
                if (got[p] == hb->expected[p])
                    continue;
                shown++;
                fprintf(stderr, "    buffer %u byte %llu: got 0x%02x, want 0x%02x (guard 0x%02x): ", b,
                        (unsigned long long)p, got[p], hb->expected[p], core_guard_byte(p));
                describe_byte(stderr, &s, c, (int)b, p);
                fputc('\n', stderr);
            }
            fprintf(stderr, "    placements: input buffer %d offset %llu span %llu\n", s.input.buffer,
                    (unsigned long long)s.input.offset, (unsigned long long)s.input.span);
            for (uint32_t i = 0; i < n && i < 16; i++)
                fprintf(stderr, "      output %u: buffer %d offset %llu span %llu\n", i, s.outputs[i].buffer,
                        (unsigned long long)s.outputs[i].offset, (unsigned long long)s.outputs[i].span);
        }
    }
    if (core_verbose()) {
        fprintf(stderr, "  ran [%s] case %ld: %s, %s, %u buffers%s\n", o->label ? o->label : "", o->case_index,
                info->summary, core_layout_name(layout), s.buffer_count, v.failures ? " FAILED" : "");
    }

    for (uint32_t b = 0; b < s.buffer_count; b++) {
        vksplit_runner_buffer_destroy(runner, &s.buffers[b].device);
        free(s.buffers[b].expected);
        free(s.buffers[b].got);
    }
    vksplit_runner_buffer_destroy(runner, &s.arguments);
    free(s.buffers);
    free(s.outputs);
    free(s.bindings);
    free(input_copy);
    free(out_span);
    vksplit_plan_destroy(plan);
#undef FAIL_CASE
    return v;
}
