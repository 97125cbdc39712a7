/* split_bench's rows loops: the CPU reference. Each step a method submits is logged (constant
 * time, in the timed steps too); a check applies the steps logged since the last one, in order,
 * to a table of which row last landed on each row of the written side (a later step's over an
 * earlier one's), then compares the written side downloaded with it byte for byte: every row a
 * step wrote the row it read (from that method's own part where a join's methods read their own),
 * every other row still the guard bytes it was filled with. */
#ifndef VKSPLIT_BENCH_ROWS_REFERENCE_H
#define VKSPLIT_BENCH_ROWS_REFERENCE_H

#include <stdint.h>

#include "bench_rows_values.h"

typedef struct bench_rows_reference bench_rows_reference;

/* NULL when out of host memory. guard: the written side's fill byte. */
bench_rows_reference* bench_rows_reference_create(const bench_rows_geometry* g, uint8_t guard);
void bench_rows_reference_destroy(bench_rows_reference* r);
/* Method m (below 256) submitted the step whose indices are bench_rows_indices(step). 0 when out
 * of host memory. */
int bench_rows_reference_log(bench_rows_reference* r, uint32_t method, uint32_t step);

typedef struct bench_rows_images {
    const uint8_t* read;         /* the side read, as uploaded: a join's parts buffer, a split's whole */
    const uint64_t* part_offset; /* a join's: method m's part in `read` */
    const uint8_t* written;      /* the side written, downloaded: a join's whole, a split's part */
    const uint8_t* joined;       /* NULL, or the static join's output [outer, C + 1, row], checked */
    uint64_t joined_part_offset; /* its token's part in `read` */
} bench_rows_images;

/* 1 when every byte matches, else 0 with a message naming the case (`name`), `when`, the row and
 * what was expected on stderr. */
int bench_rows_reference_check(bench_rows_reference* r, const bench_rows_images* images, const char* name,
                               const char* when);

#endif /* VKSPLIT_BENCH_ROWS_REFERENCE_H */
