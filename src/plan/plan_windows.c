/* Binding windows: without device addresses a shader sees a tensor through one descriptor,
 * which reaches maxStorageBufferRange (2^27 bytes on the least device Vulkan allows). A split
 * whose input or an output spans more is cut into boxes of its index space (a range along
 * every dimension) whose tensors each fit one binding. Each box is a split of its own (the
 * box's extents, the same strides, and the outputs it holds whole, or the one output it lies
 * in), planned as usual and recorded over bindings moved to the box's first bytes.
 *
 * Boxes are cut along the dimensions in order of their largest stride in any tensor. At each
 * dimension: the widest ranges that fit with every later dimension whole; where not even one
 * index does, the widest ranges that fit with every later dimension at one index, each then
 * cut along the next dimension the same way (a transposing split becomes tiles). At the axis,
 * runs of whole outputs where they fit, else one output at a time, its later dimensions then
 * ordered by its own strides. A tensor's span only grows with a box's extents, so the widest
 * range (or run of outputs) that fits is found by galloping, then bisection (widest_fit): the
 * cost of a window grows with what it holds, and cutting stays linear in windows and parts. */
#include "plan/plan_windows.h"

#include "rules/request_layout.h"

/* A box: [lo[d], hi[d]) along every dimension d (the axis in the split's indices), and outputs
 * [out_first, out_end): held whole along the axis, or with `part` one output's part. */
typedef struct box {
    uint64_t lo[VKSPLIT_MAX_RANK], hi[VKSPLIT_MAX_RANK];
    uint32_t out_first, out_end;
    bool part;
    bool each_output; /* a probe, the axis at one index: it fits in every output's part */
} box;

typedef struct walker {
    const vksplit__request* s;
    uint64_t limit;
    uint64_t* part_starts;                      /* [part_count]: each part's first index on the axis */
    uint64_t (*part_strides)[VKSPLIT_MAX_RANK]; /* [part_count]: each part's, in elements */
    uint64_t (*box_strides)[VKSPLIT_MAX_RANK];  /* [output_count]: scratch, a box's outputs' strides */
    const uint64_t** stride_ptrs;               /* [output_count]: scratch, pointing at box_strides */
    uint64_t* scratch_offsets;                  /* [output_count]: a probed or emitted box's outputs' starts */
    vksplit__window_fn take;                    /* NULL: counting */
    void* user;
    uint32_t count;
    vksplit_error* error;
} walker;

/* The box as a split of its own, and where its tensors start (bytes from the bindings). */
typedef struct box_split {
    vksplit__request split;
    uint64_t length; /* a part's length along the axis */
    uint64_t in_offset;
} box_split;

static uint64_t low_bit(uint64_t v) { return v & (~v + 1); }

/* Fills out with b's split, out_offsets ([output_count], the caller's) with its outputs'
 * starts. The dimensions of one index go, but the axis, which the split is along. */
static void box_to_split(const walker* w, const box* b, box_split* out, uint64_t* out_offsets)
{
    const vksplit__request* s = w->s;
    vksplit__request* c = &out->split;
    memset(out, 0, sizeof *out);
    uint32_t keep[VKSPLIT_MAX_RANK], rank = 0;
    uint64_t in = 0;
    for (uint32_t d = 0; d < s->rank; d++) {
        in += b->lo[d] * s->whole_strides[d];
        if (b->hi[d] - b->lo[d] > 1 || d == s->axis) {
            if (d == s->axis)
                c->axis = rank;
            c->sizes[rank] = b->hi[d] - b->lo[d];
            c->whole_strides[rank] = s->whole_strides[d];
            keep[rank++] = d;
        }
    }
    c->element_size = s->element_size;
    c->rank = rank;
    c->direction = s->direction;
    out->in_offset = in * s->element_size;
    uint32_t outputs = b->out_end - b->out_first;
    for (uint32_t j = 0; j < outputs; j++) {
        uint32_t k = b->out_first + j;
        for (uint32_t i = 0; i < rank; i++)
            w->box_strides[j][i] = w->part_strides[k][keep[i]];
        w->stride_ptrs[j] = w->box_strides[j];
        uint64_t o = 0;
        for (uint32_t d = 0; d < s->rank; d++)
            if (d != s->axis)
                o += b->lo[d] * w->part_strides[k][d];
            else if (b->part) /* a run of whole outputs starts each at its own first index */
                o += (b->lo[d] - w->part_starts[k]) * w->part_strides[k][d];
        out_offsets[j] = o * s->element_size;
    }
    c->part_count = outputs;
    c->part_strides = w->stride_ptrs;
    if (b->part) {
        out->length = c->sizes[c->axis];
        c->lengths = &out->length;
    } else {
        c->lengths = s->lengths + b->out_first;
    }
    /* The bindings promise base_alignment; the box's start keeps what its offsets share. */
    uint64_t align = s->base_alignment;
    uint64_t bits = low_bit(out->in_offset);
    for (uint32_t j = 0; j < outputs; j++)
        bits |= low_bit(out_offsets[j]);
    if (bits && low_bit(bits) < align)
        align = low_bit(bits);
    c->base_alignment = (uint32_t)align;
}

static bool box_fits_as_is(const walker* w, const box* b)
{
    box_split bs;
    box_to_split(w, b, &bs, w->scratch_offsets);
    if (vksplit__whole_span_bytes(&bs.split) > w->limit)
        return false;
    for (uint32_t k = 0; k < bs.split.part_count; k++)
        if (vksplit__part_span_bytes(&bs.split, k) > w->limit)
            return false;
    return true;
}

static bool box_fits(const walker* w, const box* b)
{
    if (!b->each_output)
        return box_fits_as_is(w, b);
    box one = *b;
    one.part = true;
    for (uint32_t k = 0; k < w->s->part_count; k++) {
        if (!w->s->lengths[k])
            continue;
        one.out_first = k;
        one.out_end = k + 1;
        one.lo[w->s->axis] = w->part_starts[k];
        one.hi[w->s->axis] = w->part_starts[k] + 1;
        if (!box_fits_as_is(w, &one))
            return false;
    }
    return true;
}

/* One window: counted, or handed to the caller. */
static vksplit_result emit(walker* w, const box* b)
{
    uint32_t n = w->count;
    if (n >= VKSPLIT_MAX_WINDOWS)
        return VKSPLIT__FAIL(w->error, PLAN_WINDOWS, vksplit__words(w->s->direction)->operation, VKSPLIT_MAX_WINDOWS,
                             (unsigned long long)w->limit);
    if (!w->take) {
        w->count++;
        return VKSPLIT_OK;
    }
    uint32_t outputs = b->out_end - b->out_first;
    box_split bs;
    box_to_split(w, b, &bs, w->scratch_offsets);
    /* Words no wider than every start allows: a binding aligned for the split stays aligned
     * for the box. */
    uint64_t bits = low_bit(bs.in_offset);
    for (uint32_t k = 0; k < outputs; k++)
        bits |= low_bit(w->scratch_offsets[k]);
    vksplit__window_cut cut;
    cut.index = n;
    cut.part = &bs.split;
    cut.whole_offset = bs.in_offset;
    cut.part_first = b->out_first;
    cut.part_offsets = w->scratch_offsets;
    cut.max_word_bytes = bits && low_bit(bits) < 32 ? (uint32_t)low_bit(bits) : 32;
    vksplit_result r = w->take(w->user, &cut, w->error);
    if (r == VKSPLIT_OK)
        w->count++;
    return r;
}

/* Dimensions order[from..rank) of b at every index (or, minimal, at one: an axis among them,
 * of a box of whole outputs, then at one index of each output in turn). */
static void set_later(const walker* w, box* b, const uint32_t* order, uint32_t from, bool minimal)
{
    b->each_output = false;
    for (uint32_t i = from; i < w->s->rank; i++) {
        uint32_t d = order[i];
        b->lo[d] = 0;
        b->hi[d] = minimal ? (w->s->sizes[d] ? 1 : 0) : w->s->sizes[d];
        if (minimal && d == w->s->axis && !b->part)
            b->each_output = true;
    }
}

/* A probe of `count` (1 <= count <= most): set the box to it and ask whether it fits. */
typedef bool (*probe_fn)(const walker* w, box* b, uint64_t count, void* at);

/* The largest count in [1, most] whose probe fits, given that 1 does: galloping (2, 4, 8, ...)
 * until one does not, then bisection between the last two. A probe's cost grows with its
 * count (the box's outputs), so a window of n costs O(n) probed outputs, not O(most): cutting
 * stays linear in the windows and the parts (65,536 inputs: well under a second). */
static uint64_t widest_fit(const walker* w, box* b, uint64_t most, probe_fn probe, void* at)
{
    uint64_t good = 1, bad = 0; /* counts of `good` fit; `bad` (0: none yet) does not */
    while (good < most) {
        uint64_t next = good <= most / 2 ? good * 2 : most;
        if (!probe(w, b, next, at)) {
            bad = next;
            break;
        }
        good = next;
    }
    while (bad && bad - good > 1) {
        uint64_t mid = good + (bad - good) / 2;
        if (probe(w, b, mid, at))
            good = mid;
        else
            bad = mid;
    }
    return good;
}

typedef struct range_at {
    uint32_t d;
    uint64_t lo;
} range_at;

static bool probe_range(const walker* w, box* b, uint64_t count, void* at)
{
    const range_at* r = at;
    b->hi[r->d] = r->lo + count;
    return box_fits(w, b);
}

/* The most indices from lo (before end) along d that fit; 0 when one does not. */
static uint64_t widest_range(const walker* w, box* b, uint32_t d, uint64_t lo, uint64_t end)
{
    b->lo[d] = lo;
    b->hi[d] = lo + 1;
    if (!box_fits(w, b))
        return 0;
    range_at at = {d, lo};
    return widest_fit(w, b, end - lo, probe_range, &at);
}

static vksplit_result walk(walker* w, const uint32_t* order, uint32_t level, box b);

/* [lo, hi) along order[level], b's earlier dimensions as they are: windows of the widest
 * ranges that fit, as even as they can be; else ranges the later dimensions are cut for. */
static vksplit_result walk_range(walker* w, const uint32_t* order, uint32_t level, box b, uint64_t lo, uint64_t hi)
{
    if (lo >= hi)
        return VKSPLIT_OK;
    uint32_t d = order[level];
    set_later(w, &b, order, level + 1, false);
    uint64_t good = widest_range(w, &b, d, lo, hi);
    bool whole = good != 0;
    if (!whole) {
        if (level + 1 >= w->s->rank) /* one element spans element_size bytes: always fits */
            return VKSPLIT__FAIL(w->error, PLAN_WINDOWS, vksplit__words(w->s->direction)->operation, 0u,
                                 (unsigned long long)w->limit);
        set_later(w, &b, order, level + 1, true);
        good = widest_range(w, &b, d, lo, hi);
        if (!good) /* the earlier dimensions' ranges were chosen to leave room for one index */
            return VKSPLIT__FAIL(w->error, PLAN_WINDOWS, vksplit__words(w->s->direction)->operation, 0u,
                                 (unsigned long long)w->limit);
    }
    uint64_t n = hi - lo, pieces = (n + good - 1) / good, step = (n + pieces - 1) / pieces;
    for (uint64_t at = lo; at < hi; at += step) {
        b.lo[d] = at;
        b.hi[d] = at + step < hi ? at + step : hi;
        vksplit_result r;
        if (whole) {
            set_later(w, &b, order, level + 1, false);
            r = emit(w, &b);
        } else {
            r = walk(w, order, level + 1, b);
        }
        if (r != VKSPLIT_OK)
            return r;
    }
    return VKSPLIT_OK;
}

/* Sorts order[from..rank) by their largest stride in the input and the outputs in [first,
 * end) that have elements along them, largest first; a dimension of one index goes last (it
 * holds nothing to cut). Stable: ties keep the split's order. */
static void order_dimensions(const walker* w, uint32_t* order, uint32_t from, uint32_t first, uint32_t end)
{
    const vksplit__request* s = w->s;
    uint64_t key[VKSPLIT_MAX_RANK];
    for (uint32_t d = 0; d < s->rank; d++) {
        key[d] = s->sizes[d] > 1 ? s->whole_strides[d] + 1 : 0;
        for (uint32_t k = first; k < end && s->sizes[d] > 1; k++) {
            uint64_t extent = d == s->axis ? s->lengths[k] : s->sizes[d];
            if (extent > 1 && w->part_strides[k][d] + 1 > key[d])
                key[d] = w->part_strides[k][d] + 1;
        }
    }
    for (uint32_t i = from + 1; i < s->rank; i++)
        for (uint32_t j = i; j > from && key[order[j]] > key[order[j - 1]]; j--) {
            uint32_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* b as outputs [first, first + count) whole along the axis. */
static void set_run(const walker* w, box* b, uint32_t first, uint32_t count)
{
    const vksplit__request* s = w->s;
    b->out_first = first;
    b->out_end = first + count;
    b->lo[s->axis] = w->part_starts[first];
    b->hi[s->axis] = b->out_end < s->part_count ? w->part_starts[b->out_end] : s->sizes[s->axis];
}

/* Bytes a tensor spans over a box's extents with its strides (elements); a box lies inside
 * the split's tensors, whose spans were validated, so nothing overflows. */
static uint64_t span_over(const walker* w, const uint64_t* extents, const uint64_t* strides)
{
    uint64_t span = 0;
    return vksplit__span_elements(w->s->rank, extents, strides, &span) ? span * w->s->element_size : UINT64_MAX;
}

/* A run's probe: the parts [first, checked) are known to fit one by one; bad_part (UINT32_MAX:
 * none yet) is the first that does not. A whole part's span does not depend on the run it is
 * in, so each is checked once however often the run is probed, and the whole's span costs
 * O(rank) a probe: a window of n outputs costs O(n + log n), not O(n log n). */
typedef struct run_at {
    uint32_t first, checked, bad_part;
} run_at;

static bool probe_run(const walker* w, box* b, uint64_t count, void* at)
{
    run_at* r = at;
    const vksplit__request* s = w->s;
    uint64_t end = r->first + count;
    uint64_t extents[VKSPLIT_MAX_RANK];
    for (uint32_t d = 0; d < s->rank; d++)
        extents[d] = b->hi[d] - b->lo[d];
    while (r->bad_part == UINT32_MAX && r->checked < end) {
        extents[s->axis] = s->lengths[r->checked];
        if (span_over(w, extents, w->part_strides[r->checked]) > w->limit)
            r->bad_part = r->checked;
        else
            r->checked++;
    }
    if (r->bad_part < end)
        return false;
    set_run(w, b, r->first, (uint32_t)count);
    extents[s->axis] = b->hi[s->axis] - b->lo[s->axis];
    return span_over(w, extents, s->whole_strides) <= w->limit;
}

/* The most outputs from `first` whole along the axis that fit, every later dimension whole;
 * 0 when output first alone does not. */
static uint32_t widest_run(const walker* w, box* b, uint32_t first)
{
    set_run(w, b, first, 1);
    if (!box_fits(w, b))
        return 0;
    run_at at = {first, first + 1, UINT32_MAX};
    return (uint32_t)widest_fit(w, b, w->s->part_count - first, probe_run, &at);
}

static vksplit_result walk(walker* w, const uint32_t* order, uint32_t level, box b)
{
    const vksplit__request* s = w->s;
    uint32_t d = order[level];
    if (d != s->axis) /* (a part's axis is cut at the level it was chosen, before any below) */
        return walk_range(w, order, level, b, 0, s->sizes[d]);
    /* The axis: runs of whole outputs, or one output's part in its own order. */
    set_later(w, &b, order, level + 1, false);
    for (uint32_t k = 0; k < s->part_count;) {
        if (!s->lengths[k]) {
            k++;
            continue;
        }
        b.part = false;
        uint32_t run = widest_run(w, &b, k);
        if (run) {
            set_run(w, &b, k, run);
            vksplit_result r = emit(w, &b);
            if (r != VKSPLIT_OK)
                return r;
            k += run;
            continue;
        }
        box mine_box = b;
        mine_box.out_first = k;
        mine_box.out_end = k + 1;
        mine_box.part = true;
        uint32_t mine[VKSPLIT_MAX_RANK];
        memcpy(mine, order, sizeof mine);
        order_dimensions(w, mine, level + 1, k, k + 1);
        vksplit_result r = walk_range(w, mine, level, mine_box, w->part_starts[k], w->part_starts[k] + s->lengths[k]);
        if (r != VKSPLIT_OK)
            return r;
        k++;
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit__cut_windows(const vksplit__request* split, uint64_t limit,
                                    const VkAllocationCallbacks* callbacks, vksplit__window_fn take, void* user,
                                    uint32_t* count, vksplit_error* error)
{
    uint32_t n = split->part_count;
    walker w;
    memset(&w, 0, sizeof w);
    w.s = split;
    w.limit = limit;
    w.take = take;
    w.user = user;
    w.error = error;
    w.part_starts = vksplit__alloc_array(callbacks, n, sizeof *w.part_starts);
    w.part_strides = vksplit__alloc_array(callbacks, n, sizeof *w.part_strides);
    w.box_strides = vksplit__alloc_array(callbacks, n, sizeof *w.box_strides);
    w.stride_ptrs = vksplit__alloc_array(callbacks, n, sizeof *w.stride_ptrs);
    w.scratch_offsets = vksplit__alloc_array(callbacks, n, sizeof *w.scratch_offsets);
    vksplit_result r = VKSPLIT_OK;
    if (!w.part_starts || !w.part_strides || !w.box_strides || !w.stride_ptrs || !w.scratch_offsets)
        r = VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, n, vksplit__words(split->direction)->parts);
    uint64_t start = 0;
    for (uint32_t k = 0; r == VKSPLIT_OK && k < n; k++) {
        w.part_starts[k] = start;
        start += split->lengths[k];
        vksplit__part_strides(split, k, w.part_strides[k]);
    }
    uint32_t order[VKSPLIT_MAX_RANK];
    for (uint32_t d = 0; d < VKSPLIT_MAX_RANK; d++)
        order[d] = d;
    box all;
    memset(&all, 0, sizeof all);
    all.out_end = n;
    if (r == VKSPLIT_OK) {
        order_dimensions(&w, order, 0, 0, n);
        r = walk(&w, order, 0, all);
    }
    *count = w.count;
    vksplit__free(callbacks, w.part_starts);
    vksplit__free(callbacks, w.part_strides);
    vksplit__free(callbacks, w.box_strides);
    vksplit__free(callbacks, w.stride_ptrs);
    vksplit__free(callbacks, w.scratch_offsets);
    return r;
}
