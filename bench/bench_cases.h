/* split_bench's cases: shapes scaled to a target size, their canonical splits, and an
 * independent CPU check of a split's bytes. */
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
    SHAPE_FIXED       /* latency: [elements], 2 outputs */
} bench_shape;

typedef struct bench_case {
    const char* name;
    const char* what;
    const char* dtype;
    uint32_t element_size;
    bench_shape shape;
    uint32_t inner; /* SHAPE_ROWS / CHUNKS: the inner size */
    uint32_t outputs;
    uint64_t fixed_bytes; /* SHAPE_FIXED: the tensor's bytes (a latency case) */
} bench_case;

extern const bench_case bench_cases[];
extern const uint32_t bench_case_count;

/* One case at one size: the split and where its outputs sit in one buffer. */
#define BENCH_MAX_RANK 5u
#define BENCH_MAX_STRIDED 3u /* outputs with strides of their own (SHAPE_QKV) */

typedef struct bench_setup {
    const bench_case* c;
    uint32_t rank;
    uint64_t sizes[BENCH_MAX_RANK];
    uint64_t input_strides[BENCH_MAX_RANK];
    uint64_t output_strides[BENCH_MAX_STRIDED][BENCH_MAX_RANK];
    const uint64_t* output_stride_ptrs[BENCH_MAX_STRIDED];
    uint64_t split[BENCH_MAX_OUTPUTS];
    vksplit_split_desc desc;
    uint64_t input_span;
    uint64_t output_span[BENCH_MAX_OUTPUTS];
    uint64_t output_offset[BENCH_MAX_OUTPUTS];
    uint64_t arena_bytes;
} bench_setup;

/* Sizes the case to about `target_bytes` of input (latency cases keep theirs). */
void bench_setup_case(const bench_case* c, uint64_t target_bytes, bench_setup* s);
/* "[64,262143,1]" (T for a transposed input, ->BHSD for outputs laid out [B, H, S, D]). */
void bench_shape_text(const bench_setup* s, char* out, size_t size);
/* Every output element against the input element it comes from, by the shapes alone (no
 * vksplit code); 1 if all match, else 0 with a message on stderr. */
int bench_check(const bench_setup* s, const uint8_t* input, const uint8_t* arena);

#endif /* VKSPLIT_BENCH_CASES_H */
