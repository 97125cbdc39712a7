/* vksplit_core_test_support (CMakeLists.txt), the code the core tests share, by phase: the
 * environment, a seeded RNG and host memory (core_env.c); split cases that own their arrays
 * (core_case.c); random cases, and the seeding that lets one be replayed (core_random_case.c);
 * and "run a case on the device and compare every byte of every buffer with the CPU
 * reference" (outputs, the guard bytes around and between them, the input): core_run.c, with
 * core_run_layout.c placing the tensors and core_run_report.c printing what failed. The
 * reference, the counting Vulkan wrapper, raw buffers and own devices have headers of their
 * own (reference.h, vk_count.h, host_buffer.h, own_device.h).
 *
 * This file does not use the CHECK macros (test_harness.h keeps its counters per
 * translation unit): functions return a core_verdict that the test adds with CORE_ACCOUNT. */
#ifndef VKSPLIT_TESTS_CORE_SUPPORT_H
#define VKSPLIT_TESTS_CORE_SUPPORT_H

#include <stdint.h>
#include <string.h>
#include <stdio.h>

#include "vksplit/vksplit_runner.h"

/* ---- knobs from the environment --------------------------------------------------------
 * VKSPLIT_TEST_SCALE  multiplies case counts (default 1, or 0.35 in a sanitizer build)
 * VKSPLIT_TEST_SEED   the base seed of the random tests (default fixed: runs reproduce)
 * VKSPLIT_TEST_CASE   run only this case index of a random test
 * VKSPLIT_TEST_JOIN   1: core_run_case runs every case as its inverse, a join (the core_join_*
 *                     entries: the split tests' cases, joined)
 * VKSPLIT_TEST_VERBOSE print every case */
double core_scale(void);
unsigned core_scaled(unsigned count);
uint64_t core_seed(uint64_t default_seed);
long core_only_case(void);
int core_join_all(void);
int core_verbose(void);
/* Seconds on a monotonic-enough clock, for the timings the tests print. */
double core_now(void);

/* ---- RNG: splitmix64, so a case is reproducible from (seed, index) alone ---------------- */
typedef struct core_rng {
    uint64_t state;
} core_rng;
void core_rng_seed(core_rng* rng, uint64_t seed);
uint64_t core_rng_next(core_rng* rng);
uint64_t core_rng_below(core_rng* rng, uint64_t bound);           /* [0, bound); 0 when bound is 0 */
uint64_t core_rng_range(core_rng* rng, uint64_t lo, uint64_t hi); /* [lo, hi] */
int core_rng_percent(core_rng* rng, unsigned percent);
void core_rng_fill(core_rng* rng, void* data, size_t bytes);
void core_rng_shuffle(core_rng* rng, uint32_t* values, uint32_t count);
/* calloc that never returns NULL (exits with a message): test code. */
void* core_calloc(size_t count, size_t size);

/* ---- cases ----------------------------------------------------------------------------- */
typedef struct core_case {
    vksplit_split_desc desc; /* points into the arrays below */
    uint64_t sizes[VKSPLIT_MAX_RANK];
    uint64_t input_strides[VKSPLIT_MAX_RANK];
    uint64_t* lengths;                            /* [output_count] */
    uint64_t (*output_strides)[VKSPLIT_MAX_RANK]; /* [output_count] */
    const uint64_t** output_stride_ptrs;          /* [output_count] */
    char input_layout[32];                        /* what the generator did, for the failure report */
    char output_layout[32];
} core_case;

/* Packed input and outputs, base_alignment 0. lengths is copied. */
void core_case_init(core_case* c, uint32_t element_size, uint32_t rank, const uint64_t* sizes, uint32_t axis,
                    uint32_t output_count, const uint64_t* lengths);
/* [rows, sum(lengths)] split along its last axis, packed. */
void core_case_init_rows(core_case* c, uint32_t element_size, uint64_t rows, uint32_t output_count,
                         const uint64_t* lengths);
void core_case_set_input_strides(core_case* c, const uint64_t* strides);
void core_case_set_output_strides(core_case* c, uint32_t output_index, const uint64_t* strides);
void core_case_free(core_case* c);
/* A copy that owns its arrays (core_case_free it). */
void core_case_copy(core_case* dst, const core_case* src);
void core_case_print(FILE* f, const core_case* c);

typedef struct core_gen_params {
    uint64_t max_elements;         /* input elements, roughly */
    uint32_t max_rank;             /* 1..8 (0 = 8) */
    const uint32_t* output_counts; /* when set, output_count is drawn from these */
    uint32_t output_count_choices;
    const uint32_t* element_sizes; /* when set, element_size is drawn from these */
    uint32_t element_size_choices;
    const uint32_t* base_alignments; /* when set, drawn from these */
    uint32_t base_alignment_choices;
    int packed_only; /* no strides anywhere */
    int no_broadcast;
    int no_empty;   /* no zero sizes on non-axis dimensions */
    int no_overlap; /* no input whose strides let two elements share an address */
} core_gen_params;

/* A random valid case: element size, rank, sizes, axis, split lengths with zeros, strided
 * (padded / permuted / broadcast / overlapping) input and strided (padded / permuted)
 * outputs. Overlapping inputs (about 12 % of the cases unless no_overlap) are sliding
 * windows: one dimension steps by m < size of another's steps, so that two indices read
 * the same element; legal for an input, only outputs must not overlap. */
void core_case_random(core_case* c, core_rng* rng, const core_gen_params* params);

/* Makes strides[b] = strides[a] * m (1 <= m < sizes[a]) for two dimensions a, b with two or
 * more indices and non-zero strides, a the one with the smaller stride (so the span only
 * shrinks): elements (i_a + m, i_b) and (i_a, i_b + 1) then share an address. Returns 0,
 * changing nothing, when fewer than two dimensions qualify. */
int core_overlap_strides(core_rng* rng, uint32_t rank, const uint64_t* sizes, uint64_t* strides);

/* The case's inverse (core_join_of_split of its desc); it points into c. */
void core_join_of(const core_case* c, vksplit_join_desc* join);
/* Makes some of the case's outputs, as a join's inputs, read overlapping windows or broadcast
 * (stride 0 on a dimension of two or more indices), about `percent` % of them: legal for a
 * join's inputs, which are only read, never for a split's outputs. Returns how many it made. */
uint32_t core_case_overlap_parts(core_case* c, core_rng* rng, unsigned percent);
/* Makes a case joinable: an input whose strides let two elements share an address (a
 * sliding window, a broadcast), which a join's output must not have, becomes packed; then
 * about `percent` % of its outputs read overlapping windows or broadcast
 * (core_case_overlap_parts). */
void core_case_make_joinable(core_case* c, core_rng* rng, unsigned percent);

/* Whether the transfer path can take this split, from the shapes and strides alone (the
 * planner is not consulted): vkCmdCopyBuffer copies rows, runs of consecutive indices along
 * one dimension, so some dimension must have stride 1 in every tensor that has two or more
 * indices along it (the input counted at its full size, outputs with elements only). A
 * dimension with at most one index in every tensor carries no rows (size-1 dimensions, the
 * axis included); a split with no dimension left copies single elements, trivially
 * contiguous, and a split with nothing to copy needs no rows at all. (vksplit also refuses
 * a plan of more than 2^22 regions; the tests' cases stay far below that.) */
int core_transfer_possible(const vksplit_split_desc* split);

/* Strides for a layout that visits dims in `order` (innermost first) with `pad` extra
 * elements at every level: non-overlapping by construction. */
void core_strides_ordered(uint32_t rank, const uint64_t* sizes, const uint32_t* order, const uint64_t* pad,
                          uint64_t* strides);

/* ---- running a case --------------------------------------------------------------------- */
typedef enum core_layout {
    CORE_LAYOUT_RANDOM = 0,
    CORE_LAYOUT_SEPARATE,          /* one buffer per tensor */
    CORE_LAYOUT_SHARED,            /* input alone; outputs in one buffer, gaps between */
    CORE_LAYOUT_SHARED_WITH_INPUT, /* input and outputs in one buffer, gaps between */
    CORE_LAYOUT_TIGHT,             /* outputs back to back in one buffer, no gaps beyond alignment */
    CORE_LAYOUT_COUNT
} core_layout;
const char* core_layout_name(core_layout layout);

typedef struct core_verdict {
    int checks;
    int failures;
    /* TRANSFER asked for and refused with VKSPLIT_ERROR_UNSUPPORTED where core_transfer_possible
     * says it must be (a refusal it does not expect, or an acceptance where it expects one, is a
     * failure); nothing ran. */
    int skipped;
    int injected;           /* options.inject found a byte to corrupt */
    vksplit_plan_info info; /* of the plan it ran */
} core_verdict;

/* Hooks around vksplit_cmd_record (dispatch counting). */
typedef void (*core_record_hook)(void* user);
typedef void (*core_recorded_hook)(void* user, vksplit_result result);

typedef struct core_run_options {
    vksplit_context* context;  /* NULL: the runner's */
    vksplit_plan_options plan; /* path */
    core_layout layout;
    core_rng* rng;           /* offsets, gaps, layout choice; required */
    int null_empty_bindings; /* -1 random, 0 give empty outputs a buffer, 1 VK_NULL_HANDLE */
    uint32_t max_gap_units;  /* gaps of 0..max_gap_units alignment units (default 3) */
    uint32_t records;        /* record the split this many times in one command buffer (default 1) */
    core_record_hook before_record;
    core_recorded_hook after_record;
    void* hook_user;
    const char* label; /* printed on failure */
    uint64_t seed;     /* printed on failure */
    long case_index;   /* printed on failure */
    /* Run the case's inverse instead (core_join_of), as also every case does under
     * VKSPLIT_TEST_JOIN=1: the join of the case's outputs, the join's inputs, into its input,
     * the join's output, against the reference's join, on a copy of the case made joinable
     * (core_case_make_joinable, join_overlap_percent % of its inputs overlapping or
     * broadcast). records must be 1; inject 3 corrupts the join's output. */
    int join;
    unsigned join_overlap_percent; /* core_seeded_case_begin's 15; directed cases keep theirs */
    /* Self-test of the checker: after the run, corrupt one byte on the host before comparing
     * (1 a guard byte outside every tensor, 2 an output element, 3 the input, 4 a hole
     * between an output's elements). The verdict must then report a failure. */
    int inject;
} core_run_options;

/* Plans the case, lays its tensors out in guarded buffers at aligned offsets, records and
 * runs it, and compares every byte of every buffer with the reference (guards included)
 * and the input with what was written there. Prints the case on any failure. */
core_verdict core_run_case(vksplit_runner* runner, const core_case* c, const core_run_options* options);

/* ---- one case of a random test ---------------------------------------------------------
 * Case `index` of a random test draws everything it varies (shape, layout, path) from an
 * RNG of its own, seeded from (seed, index) alone, so that VKSPLIT_TEST_SEED=<seed>
 * VKSPLIT_TEST_CASE=<index> replays it without the cases before it, and a failure prints
 * the seed and index that do. Every random test seeds and runs its cases through this one
 * struct, so that none can drift into a seeding the knobs do not replay. It points into
 * itself (options.rng): begin it where it stays, never copy it. */
typedef struct core_seeded_case {
    core_rng rng;             /* seeded from (seed, index) */
    core_gen_params params;   /* zero, core_case_random's defaults, until the test sets it */
    core_case c;              /* core_seeded_case_draw's, or one the test builds with rng */
    core_run_options options; /* random layout from rng, the label, seed and index; path AUTO */
} core_seeded_case;

/* Case `index` of the run seeded `seed`: seeds s->rng, zeroes s->params and s->c, and sets
 * s->options. label must outlive the run. */
void core_seeded_case_begin(core_seeded_case* s, const char* label, uint64_t seed, long index);
/* s->c drawn by core_case_random from s->params and s->rng; core_case_free it after the run. */
void core_seeded_case_draw(core_seeded_case* s);

/* The guard pattern: a byte that depends on its position, so shifted writes show. */
uint8_t core_guard_byte(uint64_t position);

/* effective base alignment (0 means 16) */
uint32_t core_base_alignment(const vksplit_split_desc* split);

#define CORE_ACCOUNT(v)                \
    do {                               \
        test_checks += (v).checks;     \
        test_failures += (v).failures; \
    } while (0)

/* A canonical split with packed tensors and default alignment. */
static inline vksplit_split_desc core_packed_desc(uint32_t element_size, uint32_t rank, const uint64_t* sizes,
                                                  uint32_t axis, uint32_t output_count, const uint64_t* lengths)
{
    vksplit_split_desc d = {.element_size = element_size,
                            .rank = rank,
                            .sizes = sizes,
                            .axis = axis,
                            .output_count = output_count,
                            .lengths = lengths};
    return d;
}

/* The split's inverse: a join with the split's input as its output (sizes, strides, base
 * alignment) and the split's outputs as its inputs (lengths, strides); it points into split's
 * arrays. */
static inline vksplit_join_desc core_join_of_split(const vksplit_split_desc* split)
{
    vksplit_join_desc join = {.element_size = split->element_size,
                              .rank = split->rank,
                              .sizes = split->sizes,
                              .output_strides = split->input_strides,
                              .axis = split->axis,
                              .input_count = split->output_count,
                              .lengths = split->lengths,
                              .input_strides = split->output_strides,
                              .base_alignment = split->base_alignment};
    return join;
}

/* A join of packed inputs into a packed output (sizes are the output's). */
static inline vksplit_join_desc core_packed_join_desc(uint32_t element_size, uint32_t rank, const uint64_t* sizes,
                                                      uint32_t axis, uint32_t input_count, const uint64_t* lengths)
{
    vksplit_split_desc split = core_packed_desc(element_size, rank, sizes, axis, input_count, lengths);
    return core_join_of_split(&split);
}

/* A context on the runner's device as the runner made it (its instance, device, loader and
 * enabled features), nothing optional set: the tests add what they vary. */
static inline vksplit_context_desc core_runner_context_desc(vksplit_runner* runner)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    vksplit_context_desc d = {.instance = info.instance,
                              .physical_device = info.physical_device,
                              .device = info.device,
                              .get_instance_proc_addr = info.get_instance_proc_addr,
                              .enabled_features = info.enabled_features};
    return d;
}

#endif /* VKSPLIT_TESTS_CORE_SUPPORT_H */
