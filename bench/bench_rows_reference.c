/* split_bench's rows loops' CPU reference (bench_rows_reference.h). */
#include "bench_rows_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNSET UINT64_MAX
#define SOURCE(method, value) ((uint64_t)(method) << 40 | (value))

struct bench_rows_reference {
    bench_rows_geometry g;
    uint8_t guard;
    uint64_t* last;  /* per unit of the written side: SOURCE(method, the row read), or UNSET */
    uint64_t units;  /* a join's: lists x C, a list's places; a split's: lists x L, a list's rows */
    int64_t* values; /* one step's indices */
    uint64_t* log;   /* (method << 32 | step), applied up to `applied` */
    size_t logged, applied, capacity;
};

bench_rows_reference* bench_rows_reference_create(const bench_rows_geometry* g, uint8_t guard)
{
    bench_rows_reference* r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->g = *g;
    r->guard = guard;
    r->units = g->lists * (g->join ? g->places : g->rows_len);
    r->last = malloc(sizeof *r->last * (r->units ? r->units : 1));
    r->values = malloc(sizeof *r->values * (g->entries ? g->entries : 1));
    r->capacity = 1u << 16;
    r->log = malloc(sizeof *r->log * r->capacity);
    if (!r->last || !r->values || !r->log) {
        bench_rows_reference_destroy(r);
        return NULL;
    }
    for (uint64_t u = 0; u < r->units; u++)
        r->last[u] = UNSET;
    return r;
}

void bench_rows_reference_destroy(bench_rows_reference* r)
{
    if (!r)
        return;
    free(r->last);
    free(r->values);
    free(r->log);
    free(r);
}

int bench_rows_reference_log(bench_rows_reference* r, uint32_t method, uint32_t step)
{
    if (r->logged == r->capacity) {
        uint64_t* more = realloc(r->log, sizeof *r->log * r->capacity * 2);
        if (!more)
            return 0;
        r->log = more;
        r->capacity *= 2;
    }
    r->log[r->logged++] = (uint64_t)method << 32 | step;
    return 1;
}

/* The steps logged since the last check, in order. */
static void apply(bench_rows_reference* r)
{
    const bench_rows_geometry* g = &r->g;
    for (; r->applied < r->logged; r->applied++) {
        uint32_t method = (uint32_t)(r->log[r->applied] >> 32), step = (uint32_t)r->log[r->applied];
        bench_rows_indices(g, step, r->values);
        for (uint64_t list = 0; list < g->lists; list++)
            for (uint64_t j = 0; j < g->rows_len; j++) {
                int64_t place = bench_rows_place(g, r->values, list, j);
                if (place < 0)
                    continue;
                if (g->join)
                    r->last[list * g->places + (uint64_t)place] = SOURCE(method, j);
                else
                    r->last[list * g->rows_len + j] = SOURCE(method, (uint64_t)place);
            }
    }
}

static int same(const uint8_t* a, const uint8_t* b, uint64_t n)
{
    if (n == 2) { /* V^T's one-element rows: millions of them */
        uint16_t x, y;
        memcpy(&x, a, 2);
        memcpy(&y, b, 2);
        return x == y;
    }
    return memcmp(a, b, n) == 0;
}

static int differs(const char* name, const char* when, const char* tensor, uint64_t o, uint64_t at, uint64_t source)
{
    fprintf(stderr, "split_bench: %s (%s): %s row (%llu, %llu) differs from the reference (%s)\n", name, when, tensor,
            (unsigned long long)o, (unsigned long long)at,
            source == UNSET ? "no step writes it: the guard bytes" : "a step's row");
    return 0;
}

int bench_rows_reference_check(bench_rows_reference* r, const bench_rows_images* im, const char* name, const char* when)
{
    apply(r);
    const bench_rows_geometry* g = &r->g;
    uint64_t row = g->row_bytes, C = g->places, L = g->rows_len;
    uint8_t* guard = malloc(row ? row : 1);
    if (!guard) {
        fprintf(stderr, "split_bench: %s: out of host memory for the check\n", name);
        return 0;
    }
    memset(guard, r->guard, row);
    int ok = 1;
    for (uint64_t o = 0; ok && o < g->outer; o++) {
        uint64_t list = o / g->per_list, along = g->join ? C : L;
        for (uint64_t at = 0; ok && at < along; at++) {
            uint64_t source = r->last[list * along + at];
            const uint8_t* want = guard;
            if (source != UNSET && g->join) /* the part's row (o, j) of the method's own part */
                want = im->read + im->part_offset[source >> 40] + (o * L + (source & 0xFFFFFFFFFFull)) * row;
            else if (source != UNSET) /* the whole's row (o, place) */
                want = im->read + (o * C + (source & 0xFFFFFFFFFFull)) * row;
            if (!same(im->written + (o * along + at) * row, want, row))
                ok = differs(name, when, g->join ? "the whole's" : "the part's", o, at, source);
            else if (im->joined && !same(im->joined + (o * (C + 1) + at) * row, want, row))
                ok = differs(name, when, "the static join's output", o, at, source);
        }
        /* the static join's last row along the axis: its token's */
        if (ok && im->joined &&
            !same(im->joined + (o * (C + 1) + C) * row, im->read + im->joined_part_offset + o * row, row))
            ok = differs(name, when, "the static join's output (its token)", o, C, 0);
    }
    free(guard);
    return ok;
}
