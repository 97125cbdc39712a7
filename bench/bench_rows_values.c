/* split_bench's rows loops' values on the host (bench_rows_values.h): rows_producer.comp's. */
#include "bench_rows_values.h"

#include <string.h>

void bench_rows_geometry_of(const bench_setup* s, bench_rows_geometry* g)
{
    memset(g, 0, sizeof *g);
    const bench_case* c = s->c;
    uint32_t axis = s->desc.axis;
    g->join = c->operation == VKSPLIT_OPERATION_JOIN;
    g->rows = bench_rows_options(c);
    g->index_bytes = g->rows.index_bytes ? g->rows.index_bytes : 8;
    g->outer = 1;
    for (uint32_t d = 0; d < axis; d++)
        g->outer *= s->sizes[d];
    g->places = s->sizes[axis];
    g->rows_len = s->split[0];
    g->row_bytes = c->element_size;
    for (uint32_t d = axis + 1; d < s->rank; d++)
        g->row_bytes *= s->sizes[d];
    g->lists = g->rows.list_dims & 1u ? s->sizes[0] : 1; /* bit 0 only, in these cases */
    g->per_list = g->outer / g->lists;
    g->entries = g->lists * (g->rows.mode == VKSPLIT_ROWS_INDEXED ? g->rows_len : 1);
    g->k = 1;
    switch (c->shape) {
    case SHAPE_KV_ROWS:
    case SHAPE_VTRANS: g->produce = ROWS_PRODUCE_POSITION; break;
    case SHAPE_PAGED: g->produce = ROWS_PRODUCE_SLOTS; break;
    case SHAPE_SCATTER: g->produce = ROWS_PRODUCE_STARTS; break;
    default:
        g->produce = g->join ? ROWS_PRODUCE_SCATTER : ROWS_PRODUCE_GATHER;
        g->k = g->join ? 1 : (uint32_t)(g->rows_len / g->places);
        break;
    }
}

static uint32_t hash(uint32_t a, uint32_t b)
{
    uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

static uint32_t gcd(uint32_t a, uint32_t b)
{
    for (uint32_t i = 0; i < 64 && b != 0; i++) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

typedef struct permutation {
    uint32_t a, s, n;
} permutation;

static permutation permutation_of(uint32_t step, uint32_t n)
{
    uint32_t a = hash(step, 1u) % n, s = 1u + hash(step, 2u) % n;
    for (uint32_t i = 0; i < 64 && gcd(s, n) != 1; i++)
        s = s % n + 1u;
    return (permutation){a, gcd(s, n) == 1 ? s : 1u, n};
}

static uint32_t permuted(const permutation* p, uint32_t j) { return (uint32_t)((p->a + (uint64_t)j * p->s) % p->n); }

void bench_rows_indices(const bench_rows_geometry* g, uint32_t step, int64_t* v)
{
    uint32_t places = (uint32_t)g->places, rows = (uint32_t)g->rows_len, lists = (uint32_t)g->lists;
    if (g->produce == ROWS_PRODUCE_POSITION) {
        v[0] = step % places;
    } else if (g->produce == ROWS_PRODUCE_SLOTS || g->produce == ROWS_PRODUCE_DENSE_SLOTS) {
        permutation p = permutation_of(step, places);
        for (uint32_t j = 0; j < rows; j++)
            v[j] = g->produce == ROWS_PRODUCE_SLOTS && hash(step, j + 3u) % 16u == 0 ? -1 : (int64_t)permuted(&p, j);
    } else if (g->produce == ROWS_PRODUCE_STARTS) {
        for (uint32_t b = 0; b < lists; b++) {
            int64_t start = (int64_t)((step % places + b * (places / lists)) % places);
            if (b == step % lists)
                start += step % 2 == 0 ? (int64_t)places : -(int64_t)places;
            v[b] = start;
        }
    } else {
        permutation p = permutation_of(step, rows);
        for (uint32_t j = 0; j < rows; j++)
            v[j] = g->produce == ROWS_PRODUCE_GATHER ? permuted(&p, j) / g->k : permuted(&p, j);
    }
}

int64_t bench_rows_index_at(const bench_rows_geometry* g, const void* words, uint64_t e)
{
    if (g->index_bytes == 4) {
        int32_t x;
        memcpy(&x, (const uint8_t*)words + e * 4, 4);
        return x;
    }
    int64_t x;
    memcpy(&x, (const uint8_t*)words + e * 8, 8);
    return x;
}

int64_t bench_rows_place(const bench_rows_geometry* g, const int64_t* v, uint64_t list, uint64_t j)
{
    int64_t c = (int64_t)g->places;
    switch (g->rows.mode) {
    case VKSPLIT_ROWS_INDEXED: {
        int64_t place = v[list * g->rows_len + j];
        return place < 0 ? -1 : place; /* negatives skipped (the plan refuses them otherwise) */
    }
    case VKSPLIT_ROWS_LINEAR: return v[list] + (int64_t)j;
    default: return ((v[list] % c + c) % c + (int64_t)j) % c; /* CIRCULAR: floor modulo */
    }
}
