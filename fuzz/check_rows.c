/* See check_rows.h. The plan is vksplit__plan_rows's (or vksplit__plan_device_rows's) on a request
 * for capacities; the model reads only the table it writes (vksplit__write_rows_table) and what a
 * recording gives the kernels (the copy word of its pipeline, its workgroup, the grid, the indices
 * and the block), word by word as shaders/copy_rows.glsl, rows_check.glsl and rows_indices.glsl
 * (with rows_entries.glsl) read them, in their 32-bit arithmetic (`uint` wraps here as it does
 * there; OFFSET is 64 bits with device addresses, 32 on descriptors). What that is held to (the facts below) is computed
 * from the request, the indices and the device parameters alone, 64 bits wide, as vksplit.h
 * defines rows the GPU places and device parameters. */
#include "check_rows.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/internal.h"
#include "fuzz_fail.h"
#include "geometry/geometry.h"
#include "geometry/mapping_rows.h"
#include "rules/request_rules.h"
#include "split_abi.h"

typedef uint32_t uint; /* the shaders' type: their expressions wrap here as they do there */
typedef struct uvec2 {
    uint x, y;
} uvec2;

/* A model that runs every workgroup and lane at most this many items (words it may move); a
 * larger copy is sampled: some workgroups (the grid's ends, its padding, where a 32-bit index
 * would wrap, a few by the seed), some lanes of each. A sampled workgroup still places all its
 * rows (at most ROWS_BLOCK_ROWS_MAX): every lane's loads read them. */
#define FULL_ITEMS (1u << 15)
#define SAMPLE_LANE_ITEMS 1024u
#define POISON 0xA5A5A5A5u

/* ---- the request's facts, 64 bits wide ------------------------------------------------------ */

typedef struct facts {
    uint32_t rank, axis, es;
    bool join, host, skip;
    vksplit_rows_mode mode;
    vksplit_device_parameters device; /* NONE: indices place the rows; else the engine's values */
    uint32_t dw[3];                   /* device: the whole's length, the part's, its offset */
    uint32_t index_bytes;             /* 4 or 8 */
    uint64_t sizes[VKSPLIT_MAX_RANK], ws[VKSPLIT_MAX_RANK], ps[VKSPLIT_MAX_RANK]; /* strides in elements */
    int32_t pages;      /* the pages' dimension (vksplit_rows.pages_along - 1); -1: none */
    bool pages_refused; /* pages_along names no dimension a plan may page over (PLAN_ROWS_PAGES) */
    uint64_t page_rows; /* pages: the axis's size, the places a page */
    uint64_t L, C;      /* the part's rows, the whole's places (pages: their dimension's x the axis's) */
    uint64_t outer;     /* the part's rows' outer indices: the dimensions before the axis (not the pages') */
    uint64_t row_bytes; /* UINT64_MAX: past 64 bits (then no tensor has an element) */
    uint64_t lists, per_list, entries, total;
    bool listed[VKSPLIT_MAX_RANK];
    uint64_t whole_span, part_span; /* bytes */
    bool too_large;                 /* the rows (where one moves) or the indices past 64 bits: a plan must refuse it */
    const int64_t* v;
    uint64_t value_count;
} facts;

static void packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t s = 1;
    for (uint32_t d = rank; d-- > 0;) {
        strides[d] = s;
        s *= sizes[d] ? sizes[d] : 1;
    }
}

/* Bytes from a tensor's first element to the end of its last (0 when empty); false past 64 bits. */
static bool span_bytes(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, uint32_t es, uint64_t* bytes)
{
    uint64_t last = 0, step;
    *bytes = 0;
    for (uint32_t d = 0; d < rank; d++)
        if (!sizes[d])
            return true;
    for (uint32_t d = 0; d < rank; d++)
        if (__builtin_mul_overflow(sizes[d] - 1, strides[d], &step) || __builtin_add_overflow(last, step, &last))
            return false;
    return !__builtin_add_overflow(last, 1, &last) && !__builtin_mul_overflow(last, es, bytes);
}

static void make_facts(const fz_rows_case* c, facts* f)
{
    const vksplit_split_desc* d = c->desc;
    memset(f, 0, sizeof *f);
    f->rank = d->rank, f->axis = d->axis, f->es = d->element_size;
    f->join = c->join;
    f->device = c->device;
    memcpy(f->dw, c->device_words, sizeof f->dw);
    bool device = f->device != VKSPLIT_DEVICE_PARAMETERS_NONE;
    f->host = !device && c->rows.host_indices != NULL, f->skip = !device && c->rows.skip_negative != 0;
    f->mode = device ? VKSPLIT_ROWS_LINEAR : c->rows.mode; /* device: one list of consecutive places */
    f->index_bytes = c->rows.index_bytes ? c->rows.index_bytes : 8;
    memcpy(f->sizes, d->sizes, d->rank * sizeof *f->sizes);
    f->L = d->lengths[0];
    f->page_rows = f->C = f->sizes[f->axis];
    f->pages = -1;
    uint32_t list_dims = device ? 0 : c->rows.list_dims;
    if (!device && c->rows.pages_along) {
        uint32_t p = c->rows.pages_along - 1;
        f->pages_refused = p >= f->axis || (list_dims >> p & 1u) || !f->join;
        if (!f->pages_refused) {
            f->pages = (int32_t)p;
            if (__builtin_mul_overflow(f->sizes[p], f->sizes[f->axis], &f->C))
                f->too_large = true; /* not past the element count, which fits */
        }
    }
    uint64_t psizes[VKSPLIT_MAX_RANK];
    memcpy(psizes, f->sizes, sizeof psizes);
    psizes[f->axis] = f->L;
    if (d->input_strides)
        memcpy(f->ws, d->input_strides, d->rank * sizeof *f->ws);
    else
        packed_strides(d->rank, f->sizes, f->ws);
    if (d->output_strides && d->output_strides[0])
        memcpy(f->ps, d->output_strides[0], d->rank * sizeof *f->ps);
    else
        packed_strides(d->rank, psizes, f->ps);
    /* the part's span may pass 64 bits (its rows L are a capacity, not the whole's size): too large
     * where a row would move (below) */
    bool part_past = !span_bytes(f->rank, psizes, f->ps, f->es, &f->part_span);
    if (!span_bytes(f->rank, f->sizes, f->ws, f->es, &f->whole_span))
        f->too_large = true;
    f->outer = 1, f->lists = 1, f->row_bytes = f->es;
    for (uint32_t k = 0; k < f->axis; k++) {
        f->listed[k] = (list_dims >> k & 1u) != 0;
        if ((int32_t)k != f->pages)
            f->outer *= f->sizes[k]; /* within the whole's element count (or 0) */
        if (f->listed[k])
            f->lists *= f->sizes[k];
    }
    for (uint32_t k = f->axis + 1; k < f->rank && f->row_bytes; k++)
        if (__builtin_mul_overflow(f->row_bytes, f->sizes[k], &f->row_bytes))
            f->row_bytes = UINT64_MAX; /* sizes past 64 bits: the tensors are empty, or too large */
    for (uint32_t k = f->axis + 1; k < f->rank; k++)
        if (f->sizes[k] == 0)
            f->row_bytes = 0;
    f->per_list = f->mode == VKSPLIT_ROWS_INDEXED ? f->L : 1;
    if (device)
        f->lists = 1, f->entries = 0; /* no indices: the length and the offset are the block's */
    else if (__builtin_mul_overflow(f->lists, f->per_list, &f->entries))
        f->too_large = true; /* an indices tensor of 2^64 entries or more */
    /* the rows to move: the part's rows, none where the whole has no place (then a part past 64
     * bits may be planned: no row of it moves) */
    if (f->row_bytes && f->C && (part_past || __builtin_mul_overflow(f->outer, f->L, &f->total)))
        f->too_large = true;
    if (!f->row_bytes || !f->C)
        f->total = 0;
    f->v = c->values;
    f->value_count = c->value_count;
}

/* Floor modulo (numpy's and Python's %), c > 0. */
static uint64_t floor_mod(int64_t v, uint64_t c)
{
    if (v >= 0)
        return (uint64_t)v % c;
    uint64_t r = (uint64_t)(-(v + 1)) % c; /* -v - 1 >= 0, without negating INT64_MIN */
    return c - 1 - r;
}

/* The status the rules give these indices (vksplit.h): the first entry (lists in order) that
 * breaks ROWS_INDEX or ROWS_START; else, in a join's INDEXED lists, the least list with a place
 * listed twice, its least such place, and the first two entries there. {rule, list, entry, value
 * lo, value hi, other}; the rule, 0 when none is broken. */
typedef struct place_entry {
    uint64_t place, entry;
} place_entry;
static int by_place(const void* a, const void* b)
{
    const place_entry *x = a, *y = b;
    if (x->place != y->place)
        return x->place < y->place ? -1 : 1;
    return x->entry < y->entry ? -1 : x->entry > y->entry;
}

static uint32_t expected_status(const facts* f, uint32_t s[6])
{
    memset(s, 0, 6 * sizeof *s);
    for (uint64_t e = 0; e < f->entries; e++) {
        int64_t v = f->v[e];
        uint32_t rule = 0;
        if (f->mode == VKSPLIT_ROWS_INDEXED && ((v < 0 && !f->skip) || (v >= 0 && (uint64_t)v >= f->C)))
            rule = VKSPLIT_RULE_ROWS_INDEX;
        if (f->mode == VKSPLIT_ROWS_LINEAR && (v < 0 || (uint64_t)v + f->L > f->C))
            rule = VKSPLIT_RULE_ROWS_START;
        if (rule) {
            uint32_t r[6] = {rule,
                             (uint32_t)(e / f->per_list),
                             (uint32_t)(e % f->per_list),
                             (uint32_t)(uint64_t)v,
                             (uint32_t)((uint64_t)v >> 32),
                             (uint32_t)f->C};
            memcpy(s, r, sizeof r);
            return rule;
        }
    }
    if (f->mode != VKSPLIT_ROWS_INDEXED || !f->join || f->per_list < 2 || f->entries == 0)
        return 0;
    place_entry* pairs = malloc((size_t)f->per_list * sizeof *pairs);
    if (!pairs)
        fz_fail("out of memory");
    uint32_t rule = 0;
    for (uint64_t list = 0; list < f->lists && !rule; list++) {
        size_t n = 0;
        for (uint64_t j = 0; j < f->per_list; j++)
            if (f->v[list * f->per_list + j] >= 0)
                pairs[n++] = (place_entry){(uint64_t)f->v[list * f->per_list + j], j};
        qsort(pairs, n, sizeof *pairs, by_place);
        for (size_t i = 1; i < n && !rule; i++)
            if (pairs[i].place == pairs[i - 1].place) {
                rule = VKSPLIT_RULE_ROWS_DUPLICATE;
                uint32_t r[6] = {rule, (uint32_t)list,          (uint32_t)pairs[i - 1].entry, (uint32_t)pairs[i].place,
                                 0,    (uint32_t)pairs[i].entry};
                memcpy(s, r, sizeof r);
            }
    }
    free(pairs);
    return rule;
}

/* The status device parameters' values give (vksplit.h's rules with n = 1, in device_check.glsl's
 * order: the part's length, then its offset (GIVEN), or the whole's length and the lengths' sum
 * (PACKED); a ring has no offset rule): {rule, three values}, the rule 0 when none is broken; and
 * the place of the part's row 0 (a ring's offset modulo the places). */
static uint32_t expected_device_status(const facts* f, uint32_t s[4], uint64_t* start)
{
    uint64_t whole = f->dw[0], len = f->dw[1], off = f->dw[2];
    memset(s, 0, 4 * sizeof *s);
    *start = 0;
    uint32_t rule = 0, v[3] = {0, 0, 0};
    if (len > f->L) {
        rule = CHECK_RULE_LENGTH, v[0] = 0, v[1] = (uint32_t)len, v[2] = (uint32_t)f->L;
    } else if (f->device == VKSPLIT_DEVICE_PARAMETERS_GIVEN) {
        if (off + len > f->C)
            rule = CHECK_RULE_OFFSET, v[0] = 0, v[1] = (uint32_t)off, v[2] = (uint32_t)f->C;
        *start = off;
    } else if (f->device == VKSPLIT_DEVICE_PARAMETERS_RING) {
        *start = f->C ? off % f->C : 0;
    } else if (whole > f->C) {
        rule = CHECK_RULE_WHOLE_LENGTH, v[0] = (uint32_t)whole, v[1] = (uint32_t)f->C, v[2] = 0;
    } else if (len != whole) {
        rule = CHECK_RULE_SUM, v[0] = (uint32_t)len, v[1] = (uint32_t)whole, v[2] = 0;
    }
    s[0] = rule, s[1] = v[0], s[2] = v[1], s[3] = v[2];
    return rule;
}

/* Where row r (o x L + j) of the copy lies, 64 bits wide: its first word in the whole and in the
 * part (in words of word_bytes), or moves false for a row that does not move (a skipped place, a
 * row past the device's length, any row under a broken rule). */
typedef struct row_place {
    bool moves;
    uint64_t whole_word, part_word;
} row_place;

static row_place locate_row(const facts* f, uint32_t rule, uint64_t device_start, uint64_t r, uint32_t word,
                            const char* kind)
{
    row_place p = {false, 0, 0};
    if (rule != 0)
        return p;
    uint64_t o = r / f->L, j = r % f->L, idx[VKSPLIT_MAX_RANK] = {0};
    for (uint32_t d = f->axis; d-- > 0;) {
        if ((int32_t)d == f->pages)
            continue; /* the part's rows do not run over the pages' dimension: index 0 of it */
        idx[d] = o % f->sizes[d];
        o /= f->sizes[d];
    }
    uint64_t list = 0;
    for (uint32_t d = 0; d < f->axis; d++)
        if (f->listed[d])
            list = list * f->sizes[d] + idx[d];
    uint64_t place;
    if (f->device != VKSPLIT_DEVICE_PARAMETERS_NONE) {
        if (j >= f->dw[1])
            return p; /* past the length the engine wrote */
        place = device_start + j;
        if (f->device == VKSPLIT_DEVICE_PARAMETERS_RING)
            place %= f->C;
    } else if (f->mode == VKSPLIT_ROWS_INDEXED) {
        int64_t v = f->v[list * f->L + j];
        if (v < 0)
            return p; /* skipped (a verdict that passed let it only with skip_negative) */
        place = (uint64_t)v;
    } else if (f->mode == VKSPLIT_ROWS_LINEAR) {
        place = (uint64_t)f->v[list] + j;
    } else {
        place = (floor_mod(f->v[list], f->C) + j) % f->C;
    }
    if (place >= f->C)
        fz_fail("%s: row %llu's place %llu is outside the whole's %llu places", kind, (unsigned long long)r,
                (unsigned long long)place, (unsigned long long)f->C);
    uint64_t we, pe = j * f->ps[f->axis];
    if (f->pages >= 0) /* place p: page p / sizes[axis] of the pages' dimension, row p % sizes[axis] */
        we = place / f->page_rows * f->ws[f->pages] + place % f->page_rows * f->ws[f->axis];
    else
        we = place * f->ws[f->axis];
    for (uint32_t d = 0; d < f->axis; d++)
        we += idx[d] * f->ws[d], pe += idx[d] * f->ps[d];
    if (we * f->es % word || pe * f->es % word)
        fz_fail("%s: row %llu starts %llu bytes into the whole and %llu into the part, not on %u-byte words", kind,
                (unsigned long long)r, (unsigned long long)(we * f->es), (unsigned long long)(pe * f->es), word);
    p.moves = true;
    p.whole_word = we * f->es / word;
    p.part_word = pe * f->es / word;
    return p;
}
/* ---- the kernels, as they read the table ---------------------------------------------------- */

typedef struct shader {
    const char* kind;
    const uint32_t* table;
    uint table_words;
    bool bda, join, lane_runs;
    uint word_bytes, grid_x;
    const uint32_t* indices; /* the index words (NULL: host indices) */
    uint64_t index_words;
    uint32_t* block; /* the block (NULL: host indices) */
    uint64_t block_words;
    uint smem[ROWS_COPY_SHARED_WORDS]; /* the copy's; the check's is its first ROWS_SHARED_WORDS */
    uint device_start, device_length;  /* copy_rows.glsl's g_device_start, g_device_length */
    uint64_t* trips;                   /* per lane: loop trips so far */
} shader;

static uint tbl(const shader* s, uint i)
{
    if (i >= s->table_words)
        fz_fail("%s: the kernel reads table word %u of %u", s->kind, i, s->table_words);
    return s->table[i];
}
static uint index_word(const shader* s, uint i)
{
    if (!s->indices || i >= s->index_words)
        fz_fail("%s: the kernel reads index word %u of %llu (index_span_bytes)", s->kind, i,
                (unsigned long long)s->index_words);
    return s->indices[i];
}
static uint* block_at(const shader* s, uint i)
{
    if (!s->block || i >= s->block_words)
        fz_fail("%s: the kernel reaches block word %u of %llu (block_bytes / 4)", s->kind, i,
                (unsigned long long)s->block_words);
    return &s->block[i];
}
static uint block_get(const shader* s, uint i) { return *block_at(s, i); }
static void block_set(const shader* s, uint i, uint v) { *block_at(s, i) = v; }
static uint block_or(const shader* s, uint i, uint v)
{
    uint* at = block_at(s, i);
    uint old = *at;
    *at = old | v;
    return old;
}
static void smem_min(shader* s, uint i, uint v)
{
    if (i >= ROWS_SHARED_WORDS)
        fz_fail("%s: workgroup memory word %u of %u", s->kind, i, (uint)ROWS_SHARED_WORDS);
    s->smem[i] = v < s->smem[i] ? v : s->smem[i];
}
static void count_trip(const shader* s, uint lane, uint64_t n) { s->trips[lane] += n; }

static uint rows_mode(uint flags) { return flags & ROWS_FLAG_MODE; }
static uint rows_device_mode(uint flags) { return (flags >> ROWS_FLAG_DEVICE_SHIFT) & ROWS_FLAG_DEVICE_MASK; }

static uvec2 index_value(const shader* s, uint flags, uint e)
{
    if ((flags & ROWS_FLAG_INDEX64) != 0u)
        return (uvec2){index_word(s, 2u * e), index_word(s, 2u * e + 1u)};
    uint lo = index_word(s, e);
    return (uvec2){lo, (uint)((int32_t)lo >> 31)};
}
static bool is_negative(uvec2 v) { return (int32_t)v.y < 0; }

static uint entry_rule(uint flags, uvec2 v, uint rows, uint places)
{
    uint mode = rows_mode(flags);
    if (mode == 1u) {
        if (is_negative(v))
            return (flags & ROWS_FLAG_SKIP) != 0u ? 0u : ROWS_RULE_INDEX;
        return v.y != 0u || v.x >= places ? ROWS_RULE_INDEX : 0u;
    }
    if (mode == 2u)
        return v.y != 0u || v.x > places - rows ? ROWS_RULE_START : 0u;
    return 0u;
}

/* mod_u64 of the shader: the high word's remainder, then the low word's bits one by one, for
 * 0 < c < 2^31 (start_place keeps c = 0 away: the GPU's % by 0 is an undefined value). Its 32
 * trips are [[unroll]]ed: no loop trip counts against the budget. */
static uint mod_u64(const shader* s, uvec2 v, uint c)
{
    if (c == 0u)
        fz_fail("%s: mod_u64 takes a remainder by 0 places", s->kind);
    uint r = v.y % c;
    for (int b = 31; b >= 0; b--) {
        if (r >= 0x80000000u)
            fz_fail("%s: mod_u64's remainder %u shifts out of 32 bits (c = %u)", s->kind, r, c);
        r = (r << 1) | ((v.x >> (uint)b) & 1u);
        if (r >= c)
            r -= c;
    }
    return r;
}
static uint start_place(const shader* s, uint flags, uvec2 v, uint places)
{
    if (rows_mode(flags) != 3u || places == 0u) /* (no place: no row either, L <= C) */
        return places == 0u ? 0u : v.x;
    return is_negative(v) ? places - 1u - mod_u64(s, (uvec2){~v.x, ~v.y}, places) : mod_u64(s, v, places);
}

/* rows_verdict, every lane of one workgroup of `lanes`, phase by phase between its barriers. */
static uint rows_verdict(shader* s, bool pairwise, uint lanes, uint status[6])
{
    uint flags = tbl(s, ROWS_TBL_FLAGS), rows = tbl(s, ROWS_TBL_ROWS), places = tbl(s, ROWS_TBL_PLACES);
    uint entries = tbl(s, ROWS_TBL_ENTRIES), lists = tbl(s, ROWS_TBL_LISTS);
    bool indexed = rows_mode(flags) == 1u, join = (flags & ROWS_FLAG_JOIN) != 0u;
    uint per_list = indexed ? rows : 1u;
    s->smem[ROWS_SMEM_BAD] = s->smem[ROWS_SMEM_DUP_LIST] = s->smem[ROWS_SMEM_DUP_PLACE] = 0xFFFFFFFFu;
    s->smem[ROWS_SMEM_FIRST] = s->smem[ROWS_SMEM_SECOND] = 0xFFFFFFFFu;
    if (lanes > 0x80000000u || entries > 0xFFFFFFFFu - lanes)
        fz_fail("%s: the verdict's loop over %u entries by %u lanes wraps", s->kind, entries, lanes);
    for (uint lane = 0; lane < lanes; lane++)
        for (uint e = lane; e < entries; e += lanes) {
            count_trip(s, lane, 1);
            uvec2 v = index_value(s, flags, e);
            if (entry_rule(flags, v, rows, places) != 0u)
                smem_min(s, ROWS_SMEM_BAD, e);
            else if (pairwise && !indexed) {
                if (ROWS_SMEM_STARTS + e >= ROWS_SHARED_WORDS)
                    fz_fail("%s: the copy's own check keeps list %u's start past workgroup memory", s->kind, e);
                s->smem[ROWS_SMEM_STARTS + e] = start_place(s, flags, v, places);
            }
        }
    uint bad = s->smem[ROWS_SMEM_BAD];
    bool duplicates = indexed && join && bad == 0xFFFFFFFFu;
    uint words = tbl(s, ROWS_TBL_BITMAP_WORDS), seen2 = ROWS_BLOCK_SCRATCH + lists * words;
    if (duplicates && !pairwise) {
        if ((uint64_t)ROWS_BLOCK_SCRATCH + 2ull * lists * words > 0xFFFFFFFFull)
            fz_fail("%s: %u lists of %u bitmap words wrap 32 bits", s->kind, lists, words);
        for (uint lane = 0; lane < lanes; lane++)
            for (uint w = lane; w < 2u * lists * words; w += lanes) {
                count_trip(s, lane, 1);
                block_set(s, ROWS_BLOCK_SCRATCH + w, 0u);
            }
        for (uint lane = 0; lane < lanes; lane++)
            for (uint e = lane; e < entries; e += lanes) {
                count_trip(s, lane, 1);
                uvec2 v = index_value(s, flags, e);
                if (is_negative(v))
                    continue;
                uint list = e / per_list, at = list * words + (v.x >> 5), bit = 1u << (v.x & 31u);
                if ((block_or(s, ROWS_BLOCK_SCRATCH + at, bit) & bit) != 0u)
                    block_or(s, seen2 + at, bit);
            }
    }
    for (uint round = 0u; duplicates && round < 2u; round++) {
        for (uint lane = 0; lane < lanes; lane++) {
            count_trip(s, lane, 1);
            for (uint e = lane; e < entries; e += lanes) {
                count_trip(s, lane, 1);
                uvec2 v = index_value(s, flags, e);
                if (is_negative(v))
                    continue;
                uint list = e / per_list;
                bool twice = false;
                if (pairwise) {
                    for (uint f = list * per_list; f < e && !twice; f++) {
                        count_trip(s, lane, 1);
                        uvec2 w = index_value(s, flags, f);
                        twice = !is_negative(w) && w.x == v.x;
                    }
                } else {
                    uint at = list * words + (v.x >> 5);
                    twice = (block_get(s, seen2 + at) & (1u << (v.x & 31u))) != 0u;
                }
                if (!twice)
                    continue;
                if (round == 0u)
                    smem_min(s, ROWS_SMEM_DUP_LIST, list);
                else if (list == s->smem[ROWS_SMEM_DUP_LIST])
                    smem_min(s, ROWS_SMEM_DUP_PLACE, v.x);
            }
        }
    }
    uint dup_list = s->smem[ROWS_SMEM_DUP_LIST], dup_place = s->smem[ROWS_SMEM_DUP_PLACE];
    for (uint round = 0u; duplicates && dup_list != 0xFFFFFFFFu && round < 2u; round++) {
        uint first = s->smem[ROWS_SMEM_FIRST];
        for (uint lane = 0; lane < lanes; lane++) {
            count_trip(s, lane, 1);
            for (uint j = lane; j < per_list; j += lanes) {
                count_trip(s, lane, 1);
                uvec2 v = index_value(s, flags, dup_list * per_list + j);
                if (!is_negative(v) && v.x == dup_place && (round == 0u || j > first))
                    smem_min(s, round == 0u ? ROWS_SMEM_FIRST : ROWS_SMEM_SECOND, j);
            }
        }
    }
    uint rule = 0u;
    memset(status, 0, 6 * sizeof *status);
    if (bad != 0xFFFFFFFFu) {
        uvec2 v = index_value(s, flags, bad);
        rule = entry_rule(flags, v, rows, places);
        uint st[6] = {rule, bad / per_list, bad - (bad / per_list) * per_list, v.x, v.y, places};
        memcpy(status, st, sizeof st);
    } else if (duplicates && dup_list != 0xFFFFFFFFu) {
        rule = ROWS_RULE_DUPLICATE;
        uint st[6] = {rule, dup_list, s->smem[ROWS_SMEM_FIRST], dup_place, 0u, s->smem[ROWS_SMEM_SECOND]};
        memcpy(status, st, sizeof st);
    }
    return rule;
}

static void write_status(const shader* s, const uint status[6])
{
    for (uint i = 0u; i < 6u; i++)
        block_set(s, ROWS_BLOCK_STATUS + i, status[i]);
    block_set(s, ROWS_BLOCK_STATUS + 6u, 0u);
    block_set(s, ROWS_BLOCK_STATUS + 7u, 0u);
}

/* device_verdict of rows_indices.glsl: the rule the block's device parameters break (0: none),
 * its three values, the place of the part's row 0 and the length that moves. */
static uint device_verdict(const shader* s, uint dmode, uint values[3], uint* start, uint* length)
{
    uint cap = tbl(s, ROWS_TBL_ROWS), places = tbl(s, ROWS_TBL_PLACES);
    uint len = block_get(s, BLOCK_LENGTH(1u, 0u)), off = block_get(s, BLOCK_OFFSET(1u, 0u));
    *start = 0u;
    *length = 0u;
    values[0] = 0u, values[1] = len, values[2] = cap;
    if (len > cap)
        return CHECK_RULE_LENGTH;
    if (dmode == CHECK_MODE_GIVEN) {
        values[0] = 0u, values[1] = off, values[2] = places;
        if (off > places || len > places - off)
            return CHECK_RULE_OFFSET;
        *start = off;
    } else if (dmode == 3u) {
        *start = places != 0u ? off % places : 0u;
    } else {
        uint whole = block_get(s, BLOCK_WHOLE_LENGTH);
        values[0] = whole, values[1] = places, values[2] = 0u;
        if (whole > places)
            return CHECK_RULE_WHOLE_LENGTH;
        values[0] = len, values[1] = whole, values[2] = 0u;
        if (len != whole)
            return CHECK_RULE_SUM;
    }
    values[0] = values[1] = values[2] = 0u;
    *length = len;
    return 0u;
}

static void write_device_status(const shader* s, uint rule, const uint values[3])
{
    block_set(s, BLOCK_STATUS(1u), rule);
    for (uint i = 0u; i < 3u; i++)
        block_set(s, BLOCK_STATUS(1u) + 1u + i, values[i]);
}

/* rows_check.glsl's main: device parameters' verdict, status, length and place; or the indices'
 * verdict, the status, each list's start. */
static uint rows_check_pass(shader* s, uint status[6])
{
    uint dmode = rows_device_mode(tbl(s, ROWS_TBL_FLAGS));
    if (dmode != 0u) { /* lane 0 alone */
        uint values[3], start, length;
        uint rule = device_verdict(s, dmode, values, &start, &length);
        write_device_status(s, rule, values);
        block_set(s, BLOCK_USED_LENGTH(1u, 0u), length);
        block_set(s, BLOCK_USED_OFFSET(1u, 0u), start);
        status[0] = rule, status[1] = values[0], status[2] = values[1], status[3] = values[2];
        status[4] = status[5] = 0u;
        return rule;
    }
    uint lanes = ROWS_CHECK_WORKGROUP;
    uint rule = rows_verdict(s, false, lanes, status);
    uint flags = tbl(s, ROWS_TBL_FLAGS);
    write_status(s, status);
    if (rule != 0u || rows_mode(flags) == 1u)
        return rule;
    uint lists = tbl(s, ROWS_TBL_LISTS), places = tbl(s, ROWS_TBL_PLACES);
    for (uint lane = 0; lane < lanes; lane++)
        for (uint l = lane; l < lists; l += lanes) {
            count_trip(s, lane, 1);
            block_set(s, ROWS_BLOCK_SCRATCH + l, start_place(s, flags, index_value(s, flags, l), places));
        }
    return rule;
}

/* OFFSET: 64 bits with device addresses, 32 on descriptors. */
static uint64_t off(const shader* s, uint64_t v) { return s->bda ? v : (uint32_t)v; }
static uint64_t tbl_offset(const shader* s, uint i)
{
    if (s->bda)
        return (uint64_t)tbl(s, i) | (uint64_t)tbl(s, i + 1u) << 32;
    return tbl(s, i);
}

/* place_row of copy_rows.glsl. */
static bool place_row(const shader* s, uint lane, uint flags, uint r, uint64_t* read_at, uint64_t* write_at)
{
    uint rows = tbl(s, ROWS_TBL_ROWS), places = tbl(s, ROWS_TBL_PLACES);
    if (rows == 0u)
        fz_fail("%s: place_row divides by the table's 0 rows", s->kind);
    uint o = r / rows, j = r - o * rows;
    uint64_t whole_at = 0, part_at = 0;
    uint list = 0u, dims = tbl(s, ROWS_TBL_OUTER_DIMS);
    for (uint d = 0u; d < dims; d++) {
        count_trip(s, lane, 1);
        uint field = ROWS_TBL_DIMS + d * ROWS_DIM_FIELDS;
        uint size = tbl(s, field + ROWS_DIM_SIZE);
        if (size == 0u)
            fz_fail("%s: place_row divides by outer dimension %u's size 0", s->kind, d);
        uint q = o / size, idx = o - q * size;
        o = q;
        list += idx * tbl(s, field + ROWS_DIM_LIST_STRIDE);
        whole_at = off(s, whole_at + off(s, (uint64_t)idx * tbl_offset(s, field + ROWS_DIM_WHOLE_STRIDE)));
        part_at = off(s, part_at + off(s, (uint64_t)idx * tbl_offset(s, field + ROWS_DIM_PART_STRIDE)));
    }
    bool host = (flags & ROWS_FLAG_HOST) != 0u;
    uint place;
    if (rows_device_mode(flags) != 0u) {
        if (j >= s->device_length)
            return false;
        place = s->device_start + j;
        if (place < j)
            fz_fail("%s: the device's start %u + row %u wraps 32 bits", s->kind, s->device_start, j);
        if (place >= places)
            place -= places;
    } else if (rows_mode(flags) == 1u) {
        uint e = list * rows + j;
        if (host) {
            place = tbl(s, tbl(s, ROWS_TBL_HOST_AT) + e);
            if (place == ROWS_HOST_SKIP)
                return false;
        } else {
            uvec2 v = index_value(s, flags, e);
            if (is_negative(v))
                return false;
            place = v.x;
        }
    } else {
        uint start;
        if (host) {
            start = tbl(s, tbl(s, ROWS_TBL_HOST_AT) + list);
        } else if ((flags & ROWS_FLAG_FUSED) != 0u) {
            if (ROWS_SMEM_STARTS + list >= ROWS_SHARED_WORDS)
                fz_fail("%s: the fused copy reads list %u's start past workgroup memory", s->kind, list);
            start = s->smem[ROWS_SMEM_STARTS + list];
        } else {
            start = block_get(s, ROWS_BLOCK_SCRATCH + list);
        }
        place = start + j;
        if (place < start)
            fz_fail("%s: start %u + row %u wraps 32 bits", s->kind, start, j);
        if (place >= places)
            place -= places;
    }
    uint page_rows = tbl(s, ROWS_TBL_PAGE_ROWS);
    if (page_rows != 0u) {
        uint page = place / page_rows;
        whole_at = off(s, whole_at + off(s, (uint64_t)page * tbl_offset(s, ROWS_TBL_PAGE_STEP)));
        place -= page * page_rows;
    }
    whole_at = off(s, whole_at + off(s, (uint64_t)place * tbl_offset(s, ROWS_TBL_WHOLE_STEP)));
    part_at = off(s, part_at + off(s, (uint64_t)j * tbl_offset(s, ROWS_TBL_PART_STEP)));
    *read_at = s->join ? part_at : whole_at;
    *write_at = s->join ? whole_at : part_at;
    return true;
}

/* What the copy is held to: the request's facts and, where the model runs every item, a count
 * of the writes of every (row, column) and every word written. */
typedef struct copy_check {
    const facts* f;
    uint64_t workgroups64; /* the blocks of the table, 64 bits wide: rows / block_rows x col_tiles */
    uint64_t read_words;   /* the side read: its span in words (every load lies within) */
    uint8_t* counts;       /* [total_rows x row_words], full model only */
    uint64_t* written;     /* the words written, full model only */
    uint64_t written_count, written_cap;
    uint64_t moved;
    uint rule;                           /* the verdict's: nothing may move under a broken rule */
    uint64_t device_start;               /* device parameters: the rules' place of the part's row 0 */
    row_place want[ROWS_BLOCK_ROWS_MAX]; /* the workgroup's block's rows, 64 bits wide */
} copy_check;

/* A word of the copy, as the model holds it: row r64's column col64 loads `from` and stores
 * `to`; each within both tensors, at the 64-bit model's place, once (full model). */
static void check_word(shader* s, copy_check* k, row_place want, uint64_t r64, uint64_t col64, uint row_words,
                       uint first_row, uint sub, uint64_t from, uint64_t to)
{
    const facts* f = k->f;
    uint64_t whole_words = f->whole_span / s->word_bytes, part_words = f->part_span / s->word_bytes;
    if (k->rule)
        fz_fail("%s: a word moves under broken rule %u", s->kind, k->rule);
    uint64_t whole_w = want.whole_word + col64, part_w = want.part_word + col64;
    uint64_t want_read = f->join ? part_w : whole_w, want_write = f->join ? whole_w : part_w;
    if (!want.moves || from != want_read || to != want_write)
        fz_fail("%s: row %u column %llu loads word %llu and stores %llu; row %llu column %llu %s words %llu (read) and "
                "%llu (written)",
                s->kind, first_row + sub, (unsigned long long)col64, (unsigned long long)from, (unsigned long long)to,
                (unsigned long long)r64, (unsigned long long)col64, want.moves ? "is" : "moves no word, not",
                (unsigned long long)want_read, (unsigned long long)want_write);
    if (from >= k->read_words)
        fz_fail("%s: row %llu column %llu loads word %llu of the %s, whose span is %llu words", s->kind,
                (unsigned long long)r64, (unsigned long long)col64, (unsigned long long)from,
                f->join ? "part" : "whole", (unsigned long long)k->read_words);
    if (whole_w >= whole_words || part_w >= part_words)
        fz_fail("%s: row %llu column %llu: word %llu of the whole (span %llu words) and %llu of the part (span %llu "
                "words)",
                s->kind, (unsigned long long)r64, (unsigned long long)col64, (unsigned long long)whole_w,
                (unsigned long long)whole_words, (unsigned long long)part_w, (unsigned long long)part_words);
    k->moved++;
    if (k->counts) {
        uint8_t* n = &k->counts[r64 * row_words + col64];
        if (++*n > 1)
            fz_fail("%s: row %llu column %llu is written twice", s->kind, (unsigned long long)r64,
                    (unsigned long long)col64);
        if (k->written_count == k->written_cap)
            fz_fail("%s: more writes than items", s->kind);
        k->written[k->written_count++] = want_write;
    }
}

/* A CPU device's workgroup (LANE_RUNS): each chosen lane walks its run of the block's items row
 * by row, placing each row itself (the table's words read once: hoist_table), then copying its
 * words in fours and the rest; no workgroup memory, no barrier. The shader carries a row's
 * outer indices from the one before (next_row's odometer, in the word offsets' own arithmetic);
 * the model places each row from its number (place_row): the places the odometer must reach,
 * to which core_rows' bytes hold the shader. */
static void lane_runs_workgroup(shader* s, copy_check* k, uint64_t g64, const uint* chosen, uint n_chosen,
                                const uint64_t* verdict_trips)
{
    const facts* f = k->f;
    uint flags = tbl(s, ROWS_TBL_FLAGS);
    uint col_tiles = tbl(s, ROWS_TBL_COL_TILES), block_rows = tbl(s, ROWS_TBL_BLOCK_ROWS);
    uint total = tbl(s, ROWS_TBL_TOTAL_ROWS), row_words = tbl(s, ROWS_TBL_ROW_WORDS);
    uint cols_log2 = tbl(s, ROWS_TBL_COLS_LOG2), trips = tbl(s, ROWS_TBL_TRIPS);
    uint wg = (uint)g64, rb = wg / col_tiles, ct = wg - rb * col_tiles, first_row = rb * block_rows;
    uint64_t first64 = (g64 / col_tiles) * block_rows, ct64 = g64 % col_tiles;
    uint UNROLL = ABI_UNROLL(s->word_bytes);
    if (cols_log2 > 31u || ((uint64_t)block_rows << cols_log2) > UINT32_MAX)
        fz_fail("%s: a block of %u rows x 2^%u columns: its items wrap 32 bits", s->kind, block_rows, cols_log2);
    uint mask = (1u << cols_log2) - 1u, col_base = ct << cols_log2, items = block_rows << cols_log2;
    uint64_t run = (uint64_t)trips * UNROLL;
    for (uint li = 0; li < n_chosen; li++) {
        uint lane = chosen[li];
        s->trips[lane] = verdict_trips[lane];             /* (a sample may choose a lane twice) */
        count_trip(s, lane, tbl(s, ROWS_TBL_OUTER_DIMS)); /* hoist_table's loop */
        if ((uint64_t)lane * run + run > UINT32_MAX)
            fz_fail("%s: lane %u's run of %llu items from %llu wraps 32 bits", s->kind, lane, (unsigned long long)run,
                    (unsigned long long)lane * run);
        uint live_rows = total - first_row < block_rows ? total - first_row : block_rows;
        if (((uint64_t)live_rows << cols_log2) > items)
            fz_fail("%s: the block's live items pass its items", s->kind);
        uint live_items = live_rows << cols_log2;
        uint item = lane * (uint)run, last = item + (uint)run < live_items ? item + (uint)run : live_items;
        while (item < last) {
            count_trip(s, lane, 1);
            uint sub = item >> cols_log2, col = col_base + (item & mask);
            uint end = (sub + 1u) << cols_log2;
            end = end < last ? end : last;
            uint64_t r64 = first64 + sub, col64 = (ct64 << cols_log2) + (item & mask);
            row_place want = {false, 0, 0};
            if (r64 < f->total)
                want = locate_row(f, k->rule, k->device_start, r64, s->word_bytes, s->kind);
            uint64_t ra = 0, wa = 0;
            if (first_row + sub < first_row)
                fz_fail("%s: block row %u of first row %u wraps 32 bits", s->kind, sub, first_row);
            bool live =
                col < row_words && first_row + sub < total && place_row(s, lane, flags, first_row + sub, &ra, &wa);
            if (col < row_words && live != want.moves)
                fz_fail("%s: row %llu (32 bits: %u of %u) %s, but its place says it %s", s->kind,
                        (unsigned long long)r64, first_row + sub, total, live ? "moves" : "does not move",
                        want.moves ? "moves" : "does not");
            if (live && k->rule)
                fz_fail("%s: row %u moves under broken rule %u", s->kind, first_row + sub, k->rule);
            if (live) {
                uint n = end - item < row_words - col ? end - item : row_words - col;
                count_trip(s, lane, n / 4u + n % 4u);
                for (uint i = 0; i < n; i++) {
                    uint64_t from = off(s, ra + col + i), to = off(s, wa + col + i);
                    if (!s->bda && (ra + col + i > UINT32_MAX || wa + col + i > UINT32_MAX))
                        fz_fail("%s: a word offset of row %u passes 32 bits on the descriptor path", s->kind,
                                first_row + sub);
                    check_word(s, k, want, r64, col64 + i, row_words, first_row, sub, from, to);
                }
            }
            item = end;
        }
        if (s->trips[lane] > VKSPLIT_LOOP_BUDGET)
            fz_fail("%s: lane %u of workgroup %llu makes %llu loop trips, over the budget of %u", s->kind, lane,
                    (unsigned long long)g64, (unsigned long long)s->trips[lane], VKSPLIT_LOOP_BUDGET);
    }
}

/* One workgroup of rows_main (wg its 32-bit number, g64 its 64-bit id), past the verdict (the
 * fused copy's comes from its workgroup, computed once): its lanes place the block's rows into
 * workgroup memory, then each of `chosen` (n_chosen lanes, all of them or a sample) runs its
 * trips, loads then stores. */
static void rows_workgroup(shader* s, copy_check* k, uint wg, uint64_t g64, uint lanes, const uint* chosen,
                           uint n_chosen, const uint64_t* verdict_trips)
{
    const facts* f = k->f;
    uint flags = tbl(s, ROWS_TBL_FLAGS), dmode = rows_device_mode(flags);
    if (dmode != 0u) {
        if ((flags & ROWS_FLAG_FUSED) != 0u) { /* the workgroup's own verdict (run_copy) */
            if (k->rule != 0u)
                return;
        } else {
            s->device_length = block_get(s, BLOCK_USED_LENGTH(1u, 0u));
            s->device_start = block_get(s, BLOCK_USED_OFFSET(1u, 0u));
        }
    } else if ((flags & ROWS_FLAG_FUSED) != 0u) {
        if (k->rule != 0u)
            return;
    } else if ((flags & ROWS_FLAG_HOST) == 0u && block_get(s, ROWS_BLOCK_STATUS) != 0u) {
        return;
    }
    uint col_tiles = tbl(s, ROWS_TBL_COL_TILES), block_rows = tbl(s, ROWS_TBL_BLOCK_ROWS);
    uint total = tbl(s, ROWS_TBL_TOTAL_ROWS), row_words = tbl(s, ROWS_TBL_ROW_WORDS);
    uint cols_log2 = tbl(s, ROWS_TBL_COLS_LOG2), trips = tbl(s, ROWS_TBL_TRIPS);
    if (col_tiles == 0u)
        fz_fail("%s: a dispatched workgroup divides by 0 column tiles", s->kind);
    uint rb = wg / col_tiles, ct = wg - rb * col_tiles;
    uint first_row = rb * block_rows;
    /* the same, 64 bits wide: what the workgroup is meant to copy */
    uint64_t rb64 = g64 / col_tiles, ct64 = g64 % col_tiles, first64 = rb64 * block_rows;
    if (first_row >= total)
        return;
    if (g64 >= k->workgroups64 || first64 != first_row || ct64 != ct)
        fz_fail("%s: workgroup %llu of a grid of %u wide (32 bits: %u) copies rows from %u, column tile %u; it is "
                "meant to copy %s",
                s->kind, (unsigned long long)g64, s->grid_x, wg, first_row, ct,
                g64 >= k->workgroups64 ? "nothing (the grid's padding)" : "another block");
    if (block_rows == 0u || (!s->lane_runs && block_rows > ROWS_BLOCK_ROWS_MAX))
        fz_fail("%s: a block of %u rows, past the %u rows of workgroup memory", s->kind, block_rows,
                ROWS_BLOCK_ROWS_MAX);
    for (uint lane = 0; lane < lanes; lane++)
        s->trips[lane] = verdict_trips[lane];
    if (s->lane_runs) {
        lane_runs_workgroup(s, k, g64, chosen, n_chosen, verdict_trips);
        return;
    }

    /* Every row of the block placed once, the lanes sharing them, into workgroup memory. */
    for (uint lane = 0; lane < lanes; lane++)
        for (uint r = lane; r < block_rows; r += lanes) {
            count_trip(s, lane, 1);
            uint64_t read_at = 0, write_at = 0;
            if (first_row + r < first_row)
                fz_fail("%s: block row %u of first row %u wraps 32 bits", s->kind, r, first_row);
            bool live = first_row + r < total && place_row(s, lane, flags, first_row + r, &read_at, &write_at);
            uint at = ROWS_ROW_AT(r);
            if (at + 3u >= ROWS_COPY_SHARED_WORDS)
                fz_fail("%s: row %u of the block is placed at workgroup memory word %u of %u", s->kind, r, at,
                        (uint)ROWS_COPY_SHARED_WORDS);
            if (s->bda) {
                uint64_t rd = live ? read_at : 0u;
                s->smem[at] = (uint)rd;
                s->smem[at + 1u] = (uint)(rd >> 32);
                s->smem[at + 2u] = (uint)write_at;
                s->smem[at + 3u] = live ? (uint)(write_at >> 32) : ROWS_ROW_SKIP;
                if (live && (uint)(write_at >> 32) == ROWS_ROW_SKIP)
                    fz_fail("%s: row %u writes at word %llu, whose high half is the skip mark", s->kind, first_row + r,
                            (unsigned long long)write_at);
            } else {
                s->smem[at] = live ? (uint)read_at : 0u;
                s->smem[at + 2u] = (uint)write_at;
                s->smem[at + 3u] = live ? 0u : ROWS_ROW_SKIP;
            }
            uint64_t r64 = first64 + r;
            k->want[r] = (row_place){false, 0, 0};
            if (r64 < f->total)
                k->want[r] = locate_row(f, k->rule, k->device_start, r64, s->word_bytes, s->kind);
            if (live != k->want[r].moves)
                fz_fail("%s: row %llu (32 bits: %u of %u) %s, but its place says it %s", s->kind,
                        (unsigned long long)r64, first_row + r, total, live ? "moves" : "does not move",
                        k->want[r].moves ? "moves" : "does not");
            if (live && k->rule)
                fz_fail("%s: row %u moves under broken rule %u", s->kind, first_row + r, k->rule);
        }
    for (uint lane = 0; lane < lanes; lane++)
        if (s->trips[lane] > VKSPLIT_LOOP_BUDGET)
            fz_fail("%s: lane %u of workgroup %llu makes %llu loop trips placing its block's rows, over the budget of "
                    "%u",
                    s->kind, lane, (unsigned long long)g64, (unsigned long long)s->trips[lane], VKSPLIT_LOOP_BUDGET);

    /* Then the words: ABI_UNROLL loads a trip, every one within the side read, then the stores of
     * the words that move. */
    uint UNROLL = ABI_UNROLL(s->word_bytes);
    uint mask = (1u << cols_log2) - 1u, col_base = ct << cols_log2, items = block_rows << cols_log2;
    if (cols_log2 > 31u || ((uint64_t)block_rows << cols_log2) != items)
        fz_fail("%s: a block of %u rows x 2^%u columns: its items wrap 32 bits", s->kind, block_rows, cols_log2);
    if (row_words == 0u)
        fz_fail("%s: a dispatched workgroup of rows of 0 words", s->kind);
    for (uint li = 0; li < n_chosen; li++) {
        uint lane = chosen[li];
        for (uint t = 0u; t < trips; t++) {
            count_trip(s, lane, 1);
            uint64_t from[16];
            for (uint u = 0u; u < UNROLL; u++) {
                uint item = (t * UNROLL + u) * lanes + lane; /* a GPU's lanes a workgroup apart */
                uint sub = item >> cols_log2, at = ROWS_ROW_AT(sub < block_rows - 1u ? sub : block_rows - 1u);
                uint col = col_base + (item & mask);
                col = col < row_words - 1u ? col : row_words - 1u;
                if (s->bda) {
                    from[u] = ((uint64_t)s->smem[at] | (uint64_t)s->smem[at + 1u] << 32) + col;
                } else {
                    from[u] = (uint)(s->smem[at] + col);
                    if (from[u] != (uint64_t)s->smem[at] + col)
                        fz_fail("%s: a load at word %u + column %u wraps 32 bits", s->kind, s->smem[at], col);
                }
                if (from[u] >= k->read_words)
                    fz_fail(
                        "%s: lane %u of workgroup %llu, trip %u: item %u (row %u of the block, column %u) loads word "
                        "%llu of the %s, whose span is %llu words",
                        s->kind, lane, (unsigned long long)g64, t, item, sub, col, (unsigned long long)from[u],
                        f->join ? "part" : "whole", (unsigned long long)k->read_words);
            }
            for (uint u = 0u; u < UNROLL; u++) {
                uint item = (t * UNROLL + u) * lanes + lane; /* a GPU's lanes a workgroup apart */
                uint sub = item >> cols_log2, at = ROWS_ROW_AT(sub < block_rows - 1u ? sub : block_rows - 1u);
                uint skip = s->smem[at + 3u], col = col_base + (item & mask);
                if (!(item < items && skip != ROWS_ROW_SKIP && col < row_words))
                    continue;
                uint64_t to =
                    s->bda ? ((uint64_t)s->smem[at + 2u] | (uint64_t)skip << 32) + col : (uint)(s->smem[at + 2u] + col);
                uint64_t r64 = first64 + sub, col64 = (ct64 << cols_log2) + (item & mask);
                if (col64 != col)
                    fz_fail("%s: row %u column %u is column %llu of the 64-bit model", s->kind, first_row + sub, col,
                            (unsigned long long)col64);
                check_word(s, k, k->want[sub], r64, col64, row_words, first_row, sub, from[u], to);
            }
        }
        if (s->trips[lane] > VKSPLIT_LOOP_BUDGET)
            fz_fail("%s: lane %u of workgroup %llu makes %llu loop trips, over the budget of %u", s->kind, lane,
                    (unsigned long long)g64, (unsigned long long)s->trips[lane], VKSPLIT_LOOP_BUDGET);
    }
}

static int by_u64(const void* a, const void* b)
{
    uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
    return x < y ? -1 : x > y;
}

/* splitmix64: the model's sample of a large grid, from the input's seed. */
static uint64_t next_random(uint64_t* state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* ---- one plan --------------------------------------------------------------------------------- */

typedef struct rows_kind {
    const char* name;
    vksplit__rows_caps caps;
    bool lane_runs;
} rows_kind;

/* The table against the request: what the kernels read is what the request says. */
static void check_table(const rows_kind* kind, const facts* f, const vksplit__rows_geometry* g, const uint32_t* t)
{
    uint32_t word = g->word_bytes;
    bool device = f->device != VKSPLIT_DEVICE_PARAMETERS_NONE;
    uint32_t want_flags = device ? (uint32_t)f->device << ROWS_FLAG_DEVICE_SHIFT | (f->join ? ROWS_FLAG_JOIN : 0)
                                 : (uint32_t)f->mode | (f->index_bytes == 8 ? ROWS_FLAG_INDEX64 : 0) |
                                       (f->skip ? ROWS_FLAG_SKIP : 0) | (f->host ? ROWS_FLAG_HOST : 0) |
                                       (f->join ? ROWS_FLAG_JOIN : 0);
    uint32_t flags = t[ROWS_TBL_FLAGS];
    bool fused = (flags & ROWS_FLAG_FUSED) != 0, wide = f->row_bytes == UINT64_MAX; /* wide: no element */
    /* fused: one dispatch whose copy checks its indices itself, at most the caps' count of them
     * (an INDEXED join's pairs: pairwise_most) */
    uint64_t fused_most =
        !device && f->mode == VKSPLIT_ROWS_INDEXED && f->join ? kind->caps.pairwise_most : ROWS_FUSED_MAX_ENTRIES;
    bool ok = (flags & ~(uint32_t)ROWS_FLAG_FUSED) == want_flags &&
              (!fused || (kind->caps.bda && !f->host && (device || f->entries <= fused_most))) &&
              t[ROWS_TBL_ROWS] == f->L && t[ROWS_TBL_PLACES] == f->C && f->C < (1u << 31) && word >= 1 && word <= 16 &&
              (word & (word - 1)) == 0 && word <= kind->caps.max_word_bytes &&
              (wide || (f->row_bytes % word == 0 && (uint64_t)t[ROWS_TBL_ROW_WORDS] * word == f->row_bytes)) &&
              t[ROWS_TBL_TOTAL_ROWS] == f->total && t[ROWS_TBL_ENTRIES] == f->entries &&
              /* INDEXED lists of no rows may count past 32 bits: their count then bounds no loop (no
               * entry to check; no bitmap, whose words the plan bounds) */
              (t[ROWS_TBL_LISTS] == f->lists || (f->entries == 0 && t[ROWS_TBL_LISTS] == (uint32_t)f->lists &&
                                                 (uint64_t)t[ROWS_TBL_LISTS] * t[ROWS_TBL_BITMAP_WORDS] == 0)) &&
              /* (no place: no row, and no page a kernel reads) */
              (t[ROWS_TBL_PAGE_ROWS] == (f->pages >= 0 ? f->page_rows : 0) || f->C == 0) &&
              t[ROWS_TBL_OUTER_DIMS] <= ROWS_MAX_OUTER_DIMS && t[ROWS_TBL_TRIPS] >= 1;
    if (!ok)
        fz_fail("%s: the table {flags 0x%x, rows %u, places %u, page rows %u, row words %u of %u bytes, total rows %u, "
                "lists %u, entries %u, dims %u, trips %u} is not the request's {flags 0x%x, %llu, %llu, %llu, %llu "
                "bytes, %llu, %llu, %llu}",
                kind->name, flags, t[ROWS_TBL_ROWS], t[ROWS_TBL_PLACES], t[ROWS_TBL_PAGE_ROWS], t[ROWS_TBL_ROW_WORDS],
                word, t[ROWS_TBL_TOTAL_ROWS], t[ROWS_TBL_LISTS], t[ROWS_TBL_ENTRIES], t[ROWS_TBL_OUTER_DIMS],
                t[ROWS_TBL_TRIPS], want_flags, (unsigned long long)f->L, (unsigned long long)f->C,
                (unsigned long long)(f->pages >= 0 ? f->page_rows : 0), (unsigned long long)f->row_bytes,
                (unsigned long long)f->total, (unsigned long long)f->lists, (unsigned long long)f->entries);
    /* A block: rows x 2^cols_log2 columns, at most the rows of workgroup memory (a CPU device's
     * lanes place their own rows: no bound), every item of it some lane's (the lanes' items past it
     * load and store nothing), the column tiles across a row. */
    uint64_t items = (uint64_t)g->workgroup_size * ABI_UNROLL(word) * t[ROWS_TBL_TRIPS];
    uint32_t log2 = t[ROWS_TBL_COLS_LOG2], block_rows = t[ROWS_TBL_BLOCK_ROWS];
    uint64_t cols = (uint64_t)1 << (log2 < 63 ? log2 : 63), row_words = t[ROWS_TBL_ROW_WORDS];
    uint32_t most_rows = kind->caps.lane_runs ? UINT32_MAX : ROWS_BLOCK_ROWS_MAX;
    if (f->total && row_words &&
        (log2 > 31 || block_rows == 0 || block_rows > most_rows || (uint64_t)block_rows * cols > items ||
         (uint64_t)t[ROWS_TBL_COL_TILES] * cols < row_words ||
         ((uint64_t)t[ROWS_TBL_COL_TILES] - 1) * cols >= row_words))
        fz_fail("%s: a workgroup's %llu items (%u lanes x %u x %u trips) do not cover a block of %u rows (at most %u) "
                "x 2^%u columns, or %u column tiles do not cross rows of %llu words",
                kind->name, (unsigned long long)items, g->workgroup_size, ABI_UNROLL(word), t[ROWS_TBL_TRIPS],
                block_rows, most_rows, log2, t[ROWS_TBL_COL_TILES], (unsigned long long)row_words);
    if (g->workgroup_size == 0 || (g->workgroup_size & (g->workgroup_size - 1)) ||
        g->workgroup_size > kind->caps.workgroup_size)
        fz_fail("%s: the copy's workgroup %u is no power of two within the context's %u", kind->name, g->workgroup_size,
                kind->caps.workgroup_size);
}

typedef struct model_inputs {
    const fz_rows_case* c;
    const facts* f;
    const uint32_t* index_words; /* the indices as the GPU reads them */
    uint64_t index_word_count;
    const uint32_t* status; /* the rules' status (GPU indices: 6 words; device parameters: 4) */
    uint32_t rule;
    uint64_t device_start; /* device parameters: the rules' place of the part's row 0 */
} model_inputs;

/* The verdict on GPU indices: the check pass (not fused), or the copy's own in each workgroup;
 * the status and the starts it leaves. Returns the rule. */
static uint indices_verdict(const rows_kind* kind, const model_inputs* in, const vksplit__rows_geometry* g, shader* s,
                            uint64_t* verdict_trips)
{
    const facts* f = in->f;
    uint lanes = g->workgroup_size;
    uint rule = 0, status[6] = {0};
    bool fused = (s->table[ROWS_TBL_FLAGS] & ROWS_FLAG_FUSED) != 0;
    if (!fused) {
        rule = rows_check_pass(s, status);
        for (uint l = 0; l < ROWS_CHECK_WORKGROUP; l++)
            if (s->trips[l] > VKSPLIT_LOOP_BUDGET)
                fz_fail("%s: the check pass's lane %u makes %llu loop trips, over the budget of %u (%llu entries, "
                        "%llu lists)",
                        kind->name, l, (unsigned long long)s->trips[l], VKSPLIT_LOOP_BUDGET,
                        (unsigned long long)f->entries, (unsigned long long)f->lists);
    } else {
        rule = rows_verdict(s, true, lanes, status);
        if (g->workgroups)
            write_status(s, status);
        memcpy(verdict_trips, s->trips, lanes * sizeof *s->trips);
    }
    if (rule != in->rule || (rule && memcmp(status, in->status, sizeof status)))
        fz_fail("%s (%s check): the status {%u, %u, %u, %u, %u, %u}, the rules' {%u, %u, %u, %u, %u, %u}", kind->name,
                fused ? "the copy's own" : "the check pass's", status[0], status[1], status[2], status[3], status[4],
                status[5], in->status[0], in->status[1], in->status[2], in->status[3], in->status[4], in->status[5]);
    if ((!fused || g->workgroups) && block_get(s, ROWS_BLOCK_STATUS) != rule)
        fz_fail("%s: the block's status %u, the verdict's %u", kind->name, block_get(s, ROWS_BLOCK_STATUS), rule);
    if (!rule && f->mode != VKSPLIT_ROWS_INDEXED && f->C) /* C = 0: no place, no row */
        for (uint64_t l = 0; l < f->lists; l++) {         /* each start normalized as the rules' floor modulo */
            uint64_t want = f->mode == VKSPLIT_ROWS_CIRCULAR ? floor_mod(f->v[l], f->C) : (uint64_t)f->v[l];
            uint got = fused ? s->smem[ROWS_SMEM_STARTS + l] : block_get(s, ROWS_BLOCK_SCRATCH + (uint)l);
            if (got != want)
                fz_fail("%s: list %llu's start %lld: %s %u, floor modulo %llu gives %llu", kind->name,
                        (unsigned long long)l, (long long)f->v[l],
                        fused ? "the copy's own check keeps" : "the check wrote", got, (unsigned long long)f->C,
                        (unsigned long long)want);
        }
    return rule;
}

/* The verdict on device parameters: the check pass (lane 0), or every workgroup of the copy
 * itself (workgroup 0 writing the status); the status words as device_check.glsl writes them. */
static uint device_parameters_verdict(const rows_kind* kind, const model_inputs* in, const vksplit__rows_geometry* g,
                                      shader* s)
{
    const facts* f = in->f;
    uint flags = s->table[ROWS_TBL_FLAGS], dmode = rows_device_mode(flags), rule, values[3], start, length;
    bool fused = (flags & ROWS_FLAG_FUSED) != 0;
    if (fused) {
        rule = device_verdict(s, dmode, values, &start, &length);
        s->device_start = start, s->device_length = length;
        if (g->workgroups)
            write_device_status(s, rule, values);
    } else {
        uint status[6];
        rule = rows_check_pass(s, status);
        start = block_get(s, BLOCK_USED_OFFSET(1u, 0u)), length = block_get(s, BLOCK_USED_LENGTH(1u, 0u));
        if (length != (rule ? 0u : f->dw[1]))
            fz_fail("%s: the check pass leaves the copy a length of %u (rule %u, the engine's %u)", kind->name, length,
                    rule, f->dw[1]);
    }
    uint got[4];
    for (uint i = 0; i < 4; i++)
        got[i] = block_get(s, BLOCK_STATUS(1u) + i);
    if ((!fused || g->workgroups) && memcmp(got, in->status, sizeof got))
        fz_fail("%s (%s check, %s): the status {%u, %u, %u, %u}, the rules' {%u, %u, %u, %u} (whole %u, length %u, "
                "offset %u; %llu rows, %llu places)",
                kind->name, fused ? "the copy's own" : "the check pass's",
                f->device == VKSPLIT_DEVICE_PARAMETERS_PACKED  ? "PACKED"
                : f->device == VKSPLIT_DEVICE_PARAMETERS_GIVEN ? "GIVEN"
                                                               : "RING",
                got[0], got[1], got[2], got[3], in->status[0], in->status[1], in->status[2], in->status[3], f->dw[0],
                f->dw[1], f->dw[2], (unsigned long long)f->L, (unsigned long long)f->C);
    if (rule != in->rule)
        fz_fail("%s: the device verdict's rule %u, the rules' %u", kind->name, rule, in->rule);
    if (!rule && start != in->device_start)
        fz_fail("%s: the part's row 0 at place %u, the rules' %llu (offset %u, %llu places)", kind->name, start,
                (unsigned long long)in->device_start, f->dw[2], (unsigned long long)f->C);
    return rule;
}

static void run_copy(const rows_kind* kind, const model_inputs* in, const vksplit__rows_geometry* g,
                     const uint32_t* table, uint32_t* block)
{
    const facts* f = in->f;
    uint lanes = g->workgroup_size;
    uint64_t* trips = calloc(lanes > ROWS_CHECK_WORKGROUP ? lanes : ROWS_CHECK_WORKGROUP, sizeof *trips);
    uint64_t* verdict_trips = calloc(lanes, sizeof *verdict_trips);
    uint* chosen = calloc(lanes, sizeof *chosen);
    if (!trips || !verdict_trips || !chosen)
        fz_fail("out of memory");
    shader s;
    memset(&s, 0, sizeof s);
    s.kind = kind->name;
    s.table = table;
    s.table_words = g->table_words;
    s.bda = kind->caps.bda != 0;
    s.join = f->join;
    s.lane_runs = kind->lane_runs;
    s.word_bytes = g->word_bytes;
    s.grid_x = g->grid_x;
    s.trips = trips;
    uint flags = table[ROWS_TBL_FLAGS];
    bool host = (flags & ROWS_FLAG_HOST) != 0, device = rows_device_mode(flags) != 0u;
    if (!host) {
        s.indices = device ? NULL : in->index_words; /* device parameters: no indices binding */
        s.index_words = g->index_span_bytes / 4;
        s.block = block;
        s.block_words = g->block_bytes / 4;
        if (g->index_span_bytes != f->entries * f->index_bytes || g->index_span_bytes / 4 > in->index_word_count)
            fz_fail("%s: index_span_bytes %llu for %llu indices of %u bytes", kind->name,
                    (unsigned long long)g->index_span_bytes, (unsigned long long)f->entries, f->index_bytes);
    }
    if ((flags & ROWS_FLAG_FUSED) && !s.bda)
        fz_fail("%s: a fused check on descriptors: the copy's module there writes no status", kind->name);

    uint rule = device ? device_parameters_verdict(kind, in, g, &s)
                : host ? 0
                       : indices_verdict(kind, in, g, &s, verdict_trips);
    if (!(flags & ROWS_FLAG_FUSED))
        memset(trips, 0, ROWS_CHECK_WORKGROUP * sizeof *trips);

    /* The copy: every workgroup and lane, or a sample. */
    uint total = table[ROWS_TBL_TOTAL_ROWS], row_words = table[ROWS_TBL_ROW_WORDS];
    uint block_rows = table[ROWS_TBL_BLOCK_ROWS], col_tiles = table[ROWS_TBL_COL_TILES];
    uint trips_each = table[ROWS_TBL_TRIPS], unroll = ABI_UNROLL(g->word_bytes);
    copy_check k;
    memset(&k, 0, sizeof k);
    k.f = f;
    k.rule = rule;
    k.device_start = in->device_start;
    k.read_words = (f->join ? f->part_span : f->whole_span) / g->word_bytes;
    k.workgroups64 = total && row_words && block_rows ? ((uint64_t)total + block_rows - 1) / block_rows * col_tiles : 0;
    uint64_t grid = (uint64_t)g->grid_x * g->grid_y;
    if (g->workgroups != k.workgroups64 || grid < k.workgroups64 || (grid && grid - k.workgroups64 >= g->grid_x) ||
        g->grid_x > kind->caps.max_group_count[0] || g->grid_y > kind->caps.max_group_count[1])
        fz_fail("%s: a grid of %u x %u for %llu workgroups (the table's blocks: %llu)", kind->name, g->grid_x,
                g->grid_y, (unsigned long long)g->workgroups, (unsigned long long)k.workgroups64);
    uint64_t per_group = (uint64_t)lanes * unroll * trips_each;
    bool full = grid <= FULL_ITEMS && grid * per_group <= FULL_ITEMS && (uint64_t)total * row_words <= FULL_ITEMS;
    if (full && total && row_words) {
        k.counts = calloc((size_t)total * row_words, 1);
        k.written_cap = grid * per_group;
        k.written = malloc((size_t)(k.written_cap ? k.written_cap : 1) * sizeof *k.written);
        if (!k.counts || !k.written)
            fz_fail("out of memory");
    }
    uint64_t state = in->c->seed ^ (unsigned char)kind->name[0];
    uint64_t sample[24];
    uint32_t samples = 0;
    if (!full && grid) {
        uint64_t wrap_row = block_rows ? (((uint64_t)1 << 32) + block_rows - 1) / block_rows * col_tiles : grid;
        uint64_t picks[] = {0,
                            1,
                            k.workgroups64 - 1,
                            k.workgroups64,
                            k.workgroups64 + 1,
                            grid - 1,
                            grid - 2,
                            g->grid_x - 1,
                            g->grid_x,
                            wrap_row,
                            (uint64_t)1 << 32,
                            ((uint64_t)1 << 32) + 1};
        for (size_t i = 0; i < sizeof picks / sizeof picks[0]; i++)
            if (picks[i] < grid)
                sample[samples++] = picks[i];
        while (samples < 20)
            sample[samples++] = next_random(&state) % grid;
    }
    uint64_t groups = full ? grid : samples;
    for (uint64_t i = 0; i < groups; i++) {
        uint64_t g64 = full ? i : sample[i];
        uint x = (uint)(g64 % g->grid_x), y = (uint)(g64 / g->grid_x);
        uint wg = y * g->grid_x + x; /* main(): gl_WorkGroupID.y * pc.grid_x + gl_WorkGroupID.x */
        uint n_chosen = lanes;
        if (full || per_group <= SAMPLE_LANE_ITEMS) {
            for (uint lane = 0; lane < lanes; lane++)
                chosen[lane] = lane;
        } else {
            uint pick[8] = {0,
                            1,
                            lanes / 2,
                            lanes - 1,
                            (uint)(next_random(&state) % lanes),
                            (uint)(next_random(&state) % lanes),
                            (uint)(next_random(&state) % lanes),
                            lanes - 2};
            n_chosen = lanes < 8 ? lanes : 8;
            for (uint li = 0; li < n_chosen; li++)
                chosen[li] = pick[li] % lanes;
        }
        rows_workgroup(&s, &k, wg, g64, lanes, chosen, n_chosen, verdict_trips);
    }
    if (k.counts) { /* every (row, column) of a placed row once, of a skipped one never */
        for (uint64_t r = 0; r < total; r++) {
            bool moves = locate_row(f, rule, in->device_start, r, g->word_bytes, kind->name).moves;
            for (uint64_t col = 0; col < row_words; col++)
                if (k.counts[r * row_words + col] != (moves ? 1 : 0))
                    fz_fail("%s: row %llu column %llu is written %u times, not %u (%llu rows of %u words, %llu "
                            "workgroups)",
                            kind->name, (unsigned long long)r, (unsigned long long)col, k.counts[r * row_words + col],
                            moves ? 1 : 0, (unsigned long long)total, row_words, (unsigned long long)grid);
        }
        qsort(k.written, (size_t)k.written_count, sizeof *k.written, by_u64);
        for (uint64_t i = 1; i < k.written_count; i++)
            if (k.written[i] == k.written[i - 1])
                fz_fail("%s: two (row, column)s write word %llu of the %s", kind->name,
                        (unsigned long long)k.written[i], f->join ? "whole" : "part");
    }
    free(k.counts);
    free(k.written);
    free(verdict_trips);
    free(trips);
    free(chosen);
}

/* ---- host indices ------------------------------------------------------------------------------- */

static bool is_index_rule(vksplit_rule rule)
{
    return rule == VKSPLIT_RULE_ROWS_INDEX || rule == VKSPLIT_RULE_ROWS_START || rule == VKSPLIT_RULE_ROWS_DUPLICATE;
}

/* The message the host's broken rule must carry (vksplit/rules.h's formats). */
static void expected_message(const facts* f, const uint32_t* st, char* out, size_t capacity)
{
    if (st[0] == VKSPLIT_RULE_ROWS_INDEX)
        snprintf(out, capacity, vksplit__format_ROWS_INDEX, "host's", st[1], st[2],
                 (long long)((uint64_t)st[3] | (uint64_t)st[4] << 32), (unsigned)f->C);
    else if (st[0] == VKSPLIT_RULE_ROWS_START)
        snprintf(out, capacity, vksplit__format_ROWS_START, "host's", st[1],
                 (long long)((uint64_t)st[3] | (uint64_t)st[4] << 32), (unsigned)f->L, (unsigned)f->C);
    else
        snprintf(out, capacity, vksplit__format_ROWS_DUPLICATE, "host's", st[1], st[2], st[5], (long long)st[3]);
}

/* The host's places (or starts) as the table holds them: each as the rules normalize it. */
static void check_host_places(const rows_kind* kind, const facts* f, const vksplit__rows_geometry* g,
                              const uint32_t* table)
{
    uint32_t at = table[ROWS_TBL_HOST_AT];
    if ((uint64_t)at + f->entries > g->table_words)
        fz_fail("%s: host places at table word %u, %llu of them, in a table of %u words", kind->name, at,
                (unsigned long long)f->entries, g->table_words);
    for (uint64_t e = 0; e < f->entries; e++) {
        int64_t v = f->v[e];
        uint64_t want = f->mode == VKSPLIT_ROWS_INDEXED  ? (v < 0 ? ROWS_HOST_SKIP : (uint64_t)v)
                        : f->mode == VKSPLIT_ROWS_LINEAR ? (uint64_t)v
                        : f->C                           ? floor_mod(v, f->C)
                                                         : table[at + e]; /* no place to normalize into */
        if (table[at + e] != want)
            fz_fail("%s: host index %llu = %lld is %u in the table; the rules' place is %llu (%llu places)", kind->name,
                    (unsigned long long)e, (long long)v, table[at + e], (unsigned long long)want,
                    (unsigned long long)f->C);
    }
}

/* VKSPLIT_FUZZ_TRACE=1: what was planned, and each device's answer. */

/* VKSPLIT_FUZZ_TRACE=1: what was planned, and each device's answer. */
static bool tracing(void)
{
    static int enabled = -1;
    if (enabled < 0)
        enabled = getenv("VKSPLIT_FUZZ_TRACE") != NULL;
    return enabled != 0;
}

static void trace_plan(const rows_kind* kind, vksplit_result r, const vksplit_error* error,
                       const vksplit__rows_geometry* g)
{
    if (!tracing())
        return;
    if (r != VKSPLIT_OK)
        fprintf(stderr, "  %s: %s (rule %d): %s\n", kind->name, vksplit_result_name(r), (int)error->rule,
                error->message);
    else
        fprintf(stderr,
                "  %s: OK, flags 0x%x, %u-byte words, rows %llu x %llu words, blocks of %u rows x 2^%u columns "
                "(%u tiles), %u lanes x %u trips, %llu workgroups on %u x %u, %llu lists, %llu indices, pages of "
                "%llu\n",
                kind->name, g->flags, g->word_bytes, (unsigned long long)g->total_rows,
                (unsigned long long)g->row_words, g->block_rows, g->cols_log2, g->col_tiles, g->workgroup_size,
                g->trips, (unsigned long long)g->workgroups, g->grid_x, g->grid_y, (unsigned long long)g->lists,
                (unsigned long long)g->entries, (unsigned long long)g->page_rows);
}

static void plan_and_check(const rows_kind* kind, const vksplit__request* req, const model_inputs* in)
{
    const facts* f = in->f;
    bool device = f->device != VKSPLIT_DEVICE_PARAMETERS_NONE;
    vksplit__rows_geometry g;
    vksplit_error error;
    memset(&error, 0, sizeof error);
    vksplit_result r = device ? vksplit__plan_device_rows(req, f->device, &kind->caps, &g, &error)
                              : vksplit__plan_rows(req, &in->c->rows, &kind->caps, NULL, &g, &error);
    trace_plan(kind, r, &error, &g);
    if (r != VKSPLIT_OK) {
        size_t length = strnlen(error.message, sizeof error.message);
        if (error.rule == VKSPLIT_RULE_NONE || r >= 0 || error.code != r || length == 0 ||
            length == sizeof error.message || strchr(error.message, '\n'))
            fz_fail("%s: the rows planner failed (%d) without a rule, a code or a one-line message: rule %d, "
                    "code %d, '%.*s'",
                    kind->name, r, (int)error.rule, error.code, (int)length, error.message);
        if (is_index_rule(error.rule) && !f->too_large) { /* too large: any rule refuses it */
            char want[sizeof error.message];
            if (!f->host || (vksplit_rule)in->rule != error.rule)
                fz_fail("%s: the plan refused %s indices by rule %d (%s); the rules' verdict is %u", kind->name,
                        f->host ? "host" : "GPU", (int)error.rule, error.message, in->rule);
            expected_message(f, in->status, want, sizeof want);
            if (strcmp(want, error.message))
                fz_fail("%s: the host's indices are refused with \"%s\"; the rules say \"%s\"", kind->name,
                        error.message, want);
        } else if (f->host && in->rule &&
                   (error.rule == VKSPLIT_RULE_PLAN_ROWS_BINDING || strstr(error.message, "the table's bytes"))) {
            fz_fail("%s: host indices breaking rule %u were let through to a later rule: %s", kind->name, in->rule,
                    error.message);
        }
        vksplit__rows_free(NULL, &g);
        return;
    }
    if (f->too_large)
        fz_fail("%s: a plan of a request whose counts pass 64 bits: its rows (%llu outer indices x %llu rows of "
                "%llu bytes; the part's span %s) or its indices (%llu lists x %llu)",
                kind->name, (unsigned long long)f->outer, (unsigned long long)f->L, (unsigned long long)f->row_bytes,
                f->part_span || !f->L || !f->row_bytes ? "fits" : "past 64 bits", (unsigned long long)f->lists,
                (unsigned long long)f->per_list);
    if (f->pages_refused)
        fz_fail("%s: a plan of pages along dimension %d, which the rules refuse (axis %u, list_dims 0x%x, a %s)",
                kind->name, (int)in->c->rows.pages_along - 1, f->axis, in->c->rows.list_dims,
                f->join ? "join" : "split");
    if (device && f->device == VKSPLIT_DEVICE_PARAMETERS_RING && f->L > f->C)
        fz_fail("%s: a ring of %llu rows in %llu places", kind->name, (unsigned long long)f->L,
                (unsigned long long)f->C);
    if (f->host && in->rule)
        fz_fail("%s: host indices that break rule %u were accepted", kind->name, in->rule);
    if (f->entries > f->value_count)
        fz_fail("%s: a plan of %llu indices, more than any plan reads (%llu)", kind->name,
                (unsigned long long)f->entries, (unsigned long long)f->value_count);
    uint32_t* table = calloc(g.table_words ? g.table_words : 1, sizeof *table);
    if (!table)
        fz_fail("out of memory");
    vksplit__write_rows_table(&g, table);
    if (kind->caps.table_most && (uint64_t)g.table_words * 4 > kind->caps.table_most)
        fz_fail("%s: a table of %u words on descriptors, past %u bytes", kind->name, g.table_words,
                kind->caps.table_most);
    if (kind->caps.binding_reach &&
        (f->whole_span > kind->caps.binding_reach || f->part_span > kind->caps.binding_reach ||
         (!f->host && f->entries * f->index_bytes > kind->caps.binding_reach)))
        fz_fail("%s: spans of %llu and %llu bytes past one binding's reach %llu", kind->name,
                (unsigned long long)f->whole_span, (unsigned long long)f->part_span,
                (unsigned long long)kind->caps.binding_reach);
    check_table(kind, f, &g, table);
    if (f->host)
        check_host_places(kind, f, &g, table);
    /* A span of 2^63 bytes or more is no device's buffer (vksplit_plan_create holds spans to
     * maxBufferSize; no address space holds them): the copy's skip mark, a write's high half of
     * ~0u, takes its offsets below 2^63 words, and the model runs no such copy. */
    if (f->whole_span >> 63 || f->part_span >> 63) {
        free(table);
        vksplit__rows_free(NULL, &g);
        return;
    }
    uint32_t* block = NULL;
    if (!f->host) {
        size_t words = (size_t)(g.block_bytes / 4);
        if (device ? g.block_bytes != VKSPLIT_PARAMETERS_WORDS(1) * 4u
                   : g.block_bytes % 16 || words < ROWS_BLOCK_SCRATCH)
            fz_fail("%s: a block of %llu bytes", kind->name, (unsigned long long)g.block_bytes);
        block = malloc(words * sizeof *block);
        if (!block)
            fz_fail("out of memory");
        for (size_t i = 0; i < words; i++)
            block[i] = POISON; /* the engine's memory: whatever was there */
        if (device)            /* the engine's values */
            block[BLOCK_WHOLE_LENGTH] = f->dw[0], block[BLOCK_LENGTH(1, 0)] = f->dw[1],
            block[BLOCK_OFFSET(1, 0)] = f->dw[2];
    }
    run_copy(kind, in, &g, table, block);
    free(block);
    free(table);
    vksplit__rows_free(NULL, &g);
}

static uint32_t pow2_floor(uint32_t v)
{
    uint32_t p = 1;
    while (p * 2 <= v && p < (1u << 31))
        p *= 2;
    return p;
}

static const char* device_name(vksplit_device_parameters device)
{
    return device == VKSPLIT_DEVICE_PARAMETERS_PACKED  ? "PACKED"
           : device == VKSPLIT_DEVICE_PARAMETERS_GIVEN ? "GIVEN"
                                                       : "RING";
}

static void trace_case(const fz_rows_case* c)
{
    const vksplit_split_desc* desc = c->desc;
    if (c->device)
        fprintf(stderr, "rows: %s, device parameters %s (whole %u, length %u, offset %u); %u-byte elements, sizes [",
                c->join ? "join" : "split", device_name(c->device), c->device_words[0], c->device_words[1],
                c->device_words[2], desc->element_size);
    else
        fprintf(stderr,
                "rows: %s %s, index_bytes %u, list_dims 0x%x, pages_along %u, skip %u, %s indices; %u-byte elements, "
                "sizes [",
                c->join ? "join" : "split",
                c->rows.mode == VKSPLIT_ROWS_INDEXED  ? "INDEXED"
                : c->rows.mode == VKSPLIT_ROWS_LINEAR ? "LINEAR"
                                                      : "CIRCULAR",
                c->rows.index_bytes, c->rows.list_dims, c->rows.pages_along, c->rows.skip_negative,
                c->rows.host_indices ? "host" : "GPU", desc->element_size);
    for (uint32_t d = 0; d < desc->rank; d++)
        fprintf(stderr, "%s%llu", d ? ", " : "", (unsigned long long)desc->sizes[d]);
    fprintf(stderr, "] axis %u, the part's rows %llu, %llu values\n", desc->axis, (unsigned long long)desc->lengths[0],
            (unsigned long long)c->value_count);
}

void fz_check_rows(const fz_rows_case* c)
{
    const fz_rows_tuned* t = &c->tuned;
    uint32_t tuned_word = t->max_word_bytes < (t->bda ? 32u : 16u) ? t->max_word_bytes : (t->bda ? 32u : 16u);
    const rows_kind kinds[] = {
        {"GPU-like", {1, 16, 256, 512, 2048, {0x7FFFFFFFu, 65535}, 0, 0, ROWS_FUSED_MAX_ENTRIES, 0}, false},
        {"CPU-like (lavapipe)", {1, 32, 8, 4096, 8, {65535, 65535}, 0, 0, 16, 1}, true},
        {"descriptors",
         {0, 16, 64, 512, 64, {65535, 65535}, (1u << 27) - 256, 16384 - 256, ROWS_FUSED_MAX_ENTRIES, 0},
         false},
        {"a tuning",
         {t->bda,
          tuned_word,
          pow2_floor(t->workgroup_size),
          t->invocation_bytes,
          t->min_workgroups,
          {t->wide_grid ? 0x7FFFFFFFu : 65535, 65535},
          t->bda ? 0 : (1ull << 31) - 64,
          t->bda ? 0 : 16384 - 64,
          /* a CPU device's pairwise most (plan_rows.c), or any count up to the fused kernel's */
          t->lane_runs ? 16u : 1u + t->min_workgroups % ROWS_FUSED_MAX_ENTRIES,
          t->lane_runs != 0},
         t->lane_runs != 0},
    };
    vksplit_plan_options options;
    memset(&options, 0, sizeof options);
    vksplit_error error;
    memset(&error, 0, sizeof error);
    if (c->device == VKSPLIT_DEVICE_PARAMETERS_NONE) {
        options.rows = c->rows;
        if (vksplit__rows_options(&options, &error) != VKSPLIT_OK) {
            if (error.rule == VKSPLIT_RULE_NONE)
                fz_fail("the rows options failed without a rule: %s", error.message);
            return;
        }
        if (c->rows.mode == VKSPLIT_ROWS_NONE)
            return;
    }
    const vksplit_split_desc* desc = c->desc;
    if (tracing())
        trace_case(c);
    vksplit__request req;
    vksplit_join_desc j = {desc->element_size, desc->rank,    desc->sizes,          desc->input_strides, desc->axis,
                           desc->output_count, desc->lengths, desc->output_strides, desc->base_alignment};
    vksplit_result r =
        c->join ? vksplit__join_request(&j, true, &req, &error) : vksplit__split_request(desc, true, &req, &error);
    if (r != VKSPLIT_OK) {
        if (tracing())
            fprintf(stderr, "  the request: %s\n", error.message);
        return;
    }
    facts f;
    make_facts(c, &f);
    model_inputs in = {c, &f, NULL, 0, NULL, 0, 0};
    uint32_t status[6] = {0};
    if (f.device != VKSPLIT_DEVICE_PARAMETERS_NONE) {
        in.rule = expected_device_status(&f, status, &in.device_start);
        in.status = status;
        if (tracing())
            fprintf(stderr, "  the rules' status {%u, %u, %u, %u}, row 0 at place %llu\n", status[0], status[1],
                    status[2], status[3], (unsigned long long)in.device_start);
    } else if (!f.too_large && f.entries <= f.value_count && req.part_count == 1) {
        in.rule = expected_status(&f, status);
        in.status = status;
        in.index_words = c->index_data;
        in.index_word_count = f.entries * f.index_bytes / 4;
        if (tracing())
            fprintf(stderr, "  the rules' status {%u, %u, %u, %u, %u, %u}\n", status[0], status[1], status[2],
                    status[3], status[4], status[5]);
    }
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        plan_and_check(&kinds[k], &req, &in);
}
