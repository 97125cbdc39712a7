/* split_bench's cases: shapes scaled to a target size, their canonical splits, the joins that
 * turn some of them round (Split's inverse: the split's input is the join's output, its outputs
 * the join's inputs), and an independent CPU check of either's bytes; then the engine loops,
 * plans with device parameters replayed step after step (bench_loops.h). */
#ifndef VKSPLIT_BENCH_CASES_H
#define VKSPLIT_BENCH_CASES_H

#include <stdint.h>

#include "vksplit/vksplit.h"

#define BENCH_MAX_OUTPUTS 1024u

typedef enum bench_shape {
    SHAPE_ROWS,       /* [64, 3K, inner]: 3 outputs of K */
    SHAPE_1D,         /* [3M] */
    SHAPE_CHUNKS,     /* [N, 3, inner]: 3 outputs of short chunks */
    SHAPE_LAST_AXIS,  /* [N, 3] along the last axis */
    SHAPE_UNEVEN,     /* [64, 1000, inner], opset-18 num_outputs 3: 334, 334, 332 */
    SHAPE_MANY,       /* [64, outputs, inner] */
    SHAPE_TRANSPOSED, /* [N, N] column-major input, axis 0, 2 outputs */
    SHAPE_QKV,        /* [B, S, 3, H, D] axis 2 into q, k, v laid out [B, H, S, D] (output strides) */
    SHAPE_FIXED,      /* latency: [elements], 2 outputs */
    SHAPE_KV_APPEND,  /* [B, H, S + 1, D] axis 2: S and 1 (a KV cache and its new token) */
    SHAPE_HEADS,      /* [B, S, H, D] axis 2: H parts of 1, slices of one [B, H, S, D] tensor (strides) */
    SHAPE_FUSED,      /* [T, outputs x inner] along the last axis: a fused projection's output (Q, K, V) */
    SHAPE_TOKENS,     /* [T, inner] axis 0: `outputs` parts of T / outputs rows */
    SHAPE_DECODE,     /* engine loop: the cache [1, 32, S, D] whole, one token [1, 32, 1, D] at t (GIVEN) */
    SHAPE_MOE,        /* engine loop: tokens [T, D] axis 0, `outputs` experts of capacity T each (PACKED) */
    /* KV appends that convert (bench_kv_convert.h): latency cases, planned and timed once */
    SHAPE_KV_FP8,  /* the token [1, 8, 1, D] (bfloat16) into the cache [1, 8, 4096, D] (E4M3FN) at t (GIVEN) */
    SHAPE_KV_Q8_0, /* T rows [T, 1024] (float32) into the cache [4096, 1024] (q8_0) by slot (INDEXED: `inner` T) */
    /* rows loops (bench_rows.h): one part whose rows the GPU's indices place (vksplit_rows) */
    SHAPE_KV_ROWS, /* the token [1, 32, 1, D] into the cache [1, 32, S, D] at t (LINEAR, one list) */
    SHAPE_VTRANS,  /* V^T [n_embd, S]: one element a row at t (INDEXED int32, one index for all: `inner` n_embd) */
    SHAPE_PAGED,   /* T tokens [T, 8, 128] into the paged cache [N, 8, 128] by slot (INDEXED, -1 skipped: `inner` T) */
    SHAPE_SCATTER, /* [8, 8, 1, D] into [8, 8, S, D], each batch element at its own start (CIRCULAR) */
    SHAPE_PERMUTE  /* MoE: tokens [T, D] gathered into [2T, D] (a split), or [2T, D] scattered back (a join) */
} bench_shape;

typedef struct bench_case {
    const char* name;
    const char* what;
    const char* dtype;
    uint32_t element_size;
    bench_shape shape;
    uint32_t inner; /* SHAPE_ROWS / CHUNKS and most loops: the inner size; SHAPE_VTRANS n_embd, SHAPE_PAGED T */
    uint32_t outputs;
    uint64_t fixed_bytes; /* SHAPE_FIXED: the tensor's bytes (a latency case) */
    vksplit_operation operation;
    int extra; /* left out of a timed run that names no case (--all times it; --plan-only plans it) */
    /* An engine loop's (SHAPE_DECODE, SHAPE_MOE) and SHAPE_KV_FP8's: its plan's device parameters;
     * NONE for the rest */
    vksplit_device_parameters device;
} bench_case;

/* The splits (what tests/core/test_planner_choices.c pins), then the joins. */
extern const bench_case bench_cases[];
extern const uint32_t bench_case_count;
extern const bench_case bench_join_cases[];
extern const uint32_t bench_join_case_count;
/* The engine loops (bench_loops.h): plans with device parameters, one command buffer replayed
 * step after step against an engine's ways without them. */
extern const bench_case bench_loop_cases[];
extern const uint32_t bench_loop_case_count;
/* The rows loops (bench_rows.h): plans whose rows the GPU's indices place (vksplit_plan_options.
 * rows), one command buffer replayed step after step against an engine's ways without them. */
extern const bench_case bench_rows_cases[];
extern const uint32_t bench_rows_case_count;
/* The copies that convert (vksplit_plan_options.convert, docs/conversions.md): splits and joins
 * whose parts' type is not the whole's, timed as the splits are (their references moving the
 * same bytes read + written); timed and planned where named (--case) or with --convert. */
extern const bench_case bench_convert_cases[];
extern const uint32_t bench_convert_case_count;
/* Every case, splits, joins, the copies that convert, the engine loops, then the rows loops:
 * i in [0, bench_case_total()). */
const bench_case* bench_case_at(uint32_t i);
uint32_t bench_case_total(void);
/* An engine loop (SHAPE_DECODE, SHAPE_MOE)? */
int bench_is_loop(const bench_case* c);
/* A rows loop (SHAPE_KV_ROWS and after)? */
int bench_is_rows(const bench_case* c);
/* A KV append that converts (SHAPE_KV_FP8, SHAPE_KV_Q8_0: one of bench_convert_cases, run as a
 * loop of its own, bench_kv_convert.h)? */
int bench_is_kv_convert(const bench_case* c);
/* Planned and timed at the first --size only: the latency cases (SHAPE_FIXED: 4k, 64k) and the
 * KV appends that convert, whose shapes are their own. */
int bench_once(const bench_case* c);
/* A copy that converts: its types and scale (bench_convert_cases' own, beside the table; its
 * element_size the whole's type's size); NULL for every other case. */
const vksplit_convert* bench_case_convert(const bench_case* c);
/* A copy that converts? */
int bench_is_convert(const bench_case* c);
/* Bytes of `elements` packed elements of t (Q8_0: 34 per block of 32), not rounded. */
uint64_t bench_type_bytes(vksplit_type t, uint64_t elements);
/* A rows loop's vksplit_rows (host_indices NULL: the GPU's), kv_append_q8_0's too; mode NONE for
 * any other case. */
vksplit_rows bench_rows_options(const bench_case* c);

/* One case at one size: the split and where its outputs sit in one buffer. A join runs its
 * mirror, `join`: the split's input (`input_strides`, `input_span`) is the join's output, the
 * split's outputs (`output_strides`, the arena) are the join's inputs. */
#define BENCH_MAX_RANK 5u
#define BENCH_MAX_STRIDED 16u /* outputs with strides of their own (SHAPE_QKV, SHAPE_HEADS) */

typedef struct bench_setup {
    const bench_case* c;
    uint32_t rank;
    uint64_t sizes[BENCH_MAX_RANK];
    uint64_t input_strides[BENCH_MAX_RANK];
    uint64_t output_strides[BENCH_MAX_STRIDED][BENCH_MAX_RANK];
    const uint64_t* output_stride_ptrs[BENCH_MAX_STRIDED];
    uint64_t split[BENCH_MAX_OUTPUTS];
    vksplit_split_desc desc;
    vksplit_join_desc join;
    uint64_t input_span;
    uint64_t output_span[BENCH_MAX_OUTPUTS];
    uint64_t output_offset[BENCH_MAX_OUTPUTS];
    uint64_t arena_bytes;
} bench_setup;

/* Sizes the case to about `target_bytes` of input (latency cases keep theirs; a converting case
 * the whole's bytes, its spans by type: bench_convert_layout). */
void bench_setup_case(const bench_case* c, uint64_t target_bytes, bench_setup* s);
/* A converting case's spans by type (every span rounded up to 4 bytes, as docs/conversions.md
 * says a converting copy reads and writes its bindings in 32-bit words) and its arena (each
 * part at a 256-byte boundary): bench_setup_case calls it. */
void bench_convert_layout(bench_setup* s);
/* The case's plan: vksplit_plan_create of desc, or vksplit_plan_create_join of join (an engine
 * loop's with its device parameters, a rows loop's with its rows, a converting case's with its
 * convert, on the compute path: the plan it replays). A rows loop's desc has one part, its rows
 * along the axis in split[0]. */
vksplit_result bench_plan_create(vksplit_context* ctx, const bench_setup* s, const vksplit_plan_options* options,
                                 vksplit_plan** plan, vksplit_error* error);
/* "[64,262143,1]", a join's output's sizes (T for a column-major split input or join output,
 * ->BHSD for split outputs laid out [B, H, S, D], <-BHSD for join inputs laid out so). */
void bench_shape_text(const bench_setup* s, char* out, size_t size);
/* Every element of the split's outputs (the arena) against the element of the split's input
 * it comes from, by the shapes alone (no vksplit code): a split's outputs against its input,
 * or a join's output (`input`) against its inputs, which cover it. 1 if all match, else 0
 * with a message on stderr. */
int bench_check(const bench_setup* s, const uint8_t* input, const uint8_t* arena);

/* Bytes that are not a constant, so that every byte must land right: one generator for every
 * tensor the bench fills (its cases and its engine loops). */
void bench_fill_random(uint8_t* p, uint64_t bytes);

#endif /* VKSPLIT_BENCH_CASES_H */
