/* split_bench's rows loops: a case's geometry (the whole [outer, C, row], the part [outer, L, row],
 * packed, the index lists) and each step's indices on the host, the values the bench's GPU pass
 * (bench/rows_producer.comp) writes: what the references copy and what the check expects. */
#ifndef VKSPLIT_BENCH_ROWS_VALUES_H
#define VKSPLIT_BENCH_ROWS_VALUES_H

#include <stdint.h>

#include "bench_cases.h"

/* The producer's modes (rows_producer.comp). */
enum {
    ROWS_PRODUCE_POSITION = 1,
    ROWS_PRODUCE_SLOTS = 2,
    ROWS_PRODUCE_STARTS = 3,
    ROWS_PRODUCE_GATHER = 4,
    ROWS_PRODUCE_SCATTER = 5,
    ROWS_PRODUCE_DENSE_SLOTS = 6 /* SLOTS without the -1 (bench_kv_convert.c's SET_ROWS) */
};

typedef struct bench_rows_geometry {
    int join;          /* a scatter into the whole; else a gather from it */
    vksplit_rows rows; /* the plan's (bench_rows_options) */
    uint32_t produce;  /* ROWS_PRODUCE_* */
    uint32_t index_bytes;
    uint32_t k;         /* a gather's copies of each place */
    uint64_t outer;     /* the dimensions before the axis */
    uint64_t places;    /* C: the whole's along the axis */
    uint64_t rows_len;  /* L: the part's */
    uint64_t row_bytes; /* the dimensions after the axis */
    uint64_t lists;     /* index lists: 1, or the first dimension's size (list_dims bit 0) */
    uint64_t per_list;  /* outer rows per list */
    uint64_t entries;   /* indices a step writes: lists x L (INDEXED) or lists */
} bench_rows_geometry;

void bench_rows_geometry_of(const bench_setup* s, bench_rows_geometry* g);
/* Step `step`'s indices (entries of them), as the producer writes them, sign-extended. */
void bench_rows_indices(const bench_rows_geometry* g, uint32_t step, int64_t* v);
/* Index value e of the indices' buffer as the plan reads it (index_bytes each), sign-extended. */
int64_t bench_rows_index_at(const bench_rows_geometry* g, const void* words, uint64_t e);
/* The place of row j of `list` along the whole's axis for the step's indices v; -1: skipped. */
int64_t bench_rows_place(const bench_rows_geometry* g, const int64_t* v, uint64_t list, uint64_t j);

#endif /* VKSPLIT_BENCH_ROWS_VALUES_H */
