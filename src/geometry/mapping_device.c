/* Device parameters at plan time, in the planner (mapping_device.h). */
#include "geometry/mapping_device.h"

#include "rules/request_layout.h"
#include "split_abi.h"

/* Tensor t (0: the whole; 1 + i: part i): its sizes and strides in elements. */
static void tensor_layout(const vksplit__request* split, uint32_t t, uint64_t* sizes, uint64_t* strides)
{
    if (t == 0) {
        memcpy(sizes, split->sizes, split->rank * sizeof *sizes);
        memcpy(strides, split->whole_strides, split->rank * sizeof *strides);
        return;
    }
    vksplit__part_sizes(split, t - 1, sizes);
    vksplit__part_strides(split, t - 1, strides);
}

static void tensor_name(const vksplit__request* split, uint32_t t, char* out, size_t capacity)
{
    const vksplit__direction_words* w = vksplit__words(split->direction);
    if (t == 0)
        snprintf(out, capacity, "the %s", w->whole);
    else
        snprintf(out, capacity, "%s[%u]", w->parts, t - 1);
}

/* The dimensions after the axis packed, and the axis's stride their extent (where a size
 * gives them more than one index). */
static vksplit_result check_packed(const vksplit__request* split, uint32_t t, uint64_t step, vksplit_error* error)
{
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
    tensor_layout(split, t, sizes, strides);
    if (vksplit__is_empty(split->rank, sizes))
        return VKSPLIT_OK; /* no element to place: its strides are never used (default ones skip zero sizes) */
    uint64_t want = 1;
    for (uint32_t d = split->rank; d-- > split->axis;) {
        uint64_t need = d == split->axis ? step : want;
        if (sizes[d] > 1 && strides[d] != need) {
            char name[32];
            tensor_name(split, t, name, sizeof name);
            return VKSPLIT__FAIL(error, PLAN_DEVICE_LAYOUT, name, (unsigned long long)strides[d], d,
                                 (unsigned long long)need);
        }
        want *= sizes[d];
    }
    return VKSPLIT_OK;
}

/* The first stride before the axis, in bytes, that `word` does not divide (its tensor and
 * dimension in *t_out and *dim); 0 when it divides them all. */
static uint64_t stride_off_word(const vksplit__request* split, uint32_t word, uint32_t* t_out, uint32_t* dim)
{
    for (uint32_t t = 0; t <= split->part_count; t++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        tensor_layout(split, t, sizes, strides);
        if (vksplit__is_empty(split->rank, sizes))
            continue; /* nothing placed: its strides are never used */
        for (uint32_t d = 0; d < split->axis; d++)
            if (sizes[d] > 1 && strides[d] * split->element_size % word) {
                *t_out = t;
                *dim = d;
                return strides[d] * split->element_size;
            }
    }
    return 0;
}

/* The widest word of 16, 8 and 4 bytes that divides the step and every row dimension's stride
 * in bytes, within the caps and the base alignment; 0 when none. */
static uint32_t choose_word(const vksplit__request* split, const vksplit__planner_caps* caps, uint64_t step_bytes)
{
    uint32_t t, d;
    for (uint32_t word = 16; word >= 4; word /= 2)
        if (word <= caps->max_word_bytes && word <= split->base_alignment && step_bytes % word == 0 &&
            !stride_off_word(split, word, &t, &d))
            return word;
    return 0;
}

/* Why no 4-byte word fits: the step, the base alignment or a stride before the axis. */
static vksplit_result fail_step(const vksplit__request* split, uint64_t step_bytes, vksplit_error* error)
{
    char what[64];
    uint64_t bytes = step_bytes;
    uint32_t t = 0, d = 0;
    uint64_t stride = stride_off_word(split, 4, &t, &d);
    if (step_bytes % 4) {
        snprintf(what, sizeof what, "a step along the axis");
    } else if (split->base_alignment < 4) {
        snprintf(what, sizeof what, "base_alignment");
        bytes = split->base_alignment;
    } else {
        char name[32];
        tensor_name(split, t, name, sizeof name);
        snprintf(what, sizeof what, "%s's stride at dimension %u", name, d);
        bytes = stride;
    }
    return VKSPLIT__FAIL(error, PLAN_DEVICE_STEP, what, (unsigned long long)bytes, (unsigned long long)step_bytes,
                         split->base_alignment);
}

/* Words of one step along the axis, in elements: the dimensions after it. */
static uint64_t step_elements(const vksplit__request* request)
{
    uint64_t step = 1;
    for (uint32_t d = request->axis + 1; d < request->rank; d++)
        step *= request->sizes[d];
    return step;
}

/* A lane copies trips x ABI_UNROLL words of its tile, a trip of 64 bytes at a time: about
 * invocation_bytes (a CPU device's runs of 4 KiB, a GPU's 512 bytes), within the loop budget. */
static uint32_t lane_trips(const vksplit__planner_caps* caps, uint32_t word_bytes)
{
    uint32_t per_trip = ABI_UNROLL(word_bytes) * word_bytes;
    uint32_t trips = caps->invocation_bytes / per_trip ? caps->invocation_bytes / per_trip : 1;
    return trips < 64 ? trips : 64;
}

/* Words one workgroup of the copy moves. */
static uint64_t tile_words(const vksplit__planner_caps* caps, uint32_t word_bytes)
{
    return (uint64_t)caps->workgroup_size * ABI_UNROLL(word_bytes) * lane_trips(caps, word_bytes);
}

vksplit_result vksplit__device_word(const vksplit__request* request, const vksplit__planner_caps* caps,
                                    uint32_t* word_bytes, vksplit_error* error)
{
    uint64_t step = step_elements(request);
    for (uint32_t t = 0; t <= request->part_count; t++) {
        vksplit_result r = check_packed(request, t, step, error);
        if (r != VKSPLIT_OK)
            return r;
    }
    uint64_t step_bytes = step * request->element_size;
    uint32_t word = choose_word(request, caps, step_bytes);
    if (step_bytes && !word)
        return fail_step(request, step_bytes, error);
    *word_bytes = word ? word : 4; /* an empty step copies nothing: any word */
    /* The check and the copy count a row's words, and round them up to tiles, in 32 bits: the
     * whole's capacity in words, plus a tile, must fit (no part's actual chunk passes the whole's
     * capacity once the check has passed it). */
    uint64_t step_words = step_bytes / *word_bytes, whole_cap = request->sizes[request->axis];
    uint64_t most = UINT32_MAX - tile_words(caps, *word_bytes);
    if (whole_cap > most || step_words > most || whole_cap * step_words > most)
        return VKSPLIT__FAIL(error, PLAN_DEVICE_CAPACITY, vksplit__words(request->direction)->whole,
                             (unsigned long long)whole_cap, (unsigned long long)step_words, (unsigned long long)most);
    return VKSPLIT_OK;
}

vksplit_result vksplit__plan_device(const vksplit__request* request, const vksplit__planner_caps* caps,
                                    const VkAllocationCallbacks* callbacks, vksplit__geometry* g, vksplit_error* error)
{
    g->mapping = VKSPLIT_MAPPING_DEFAULT; /* no public mapping: the device copy, any tuning */
    g->kernel = MAPPING_DEVICE;
    g->workgroup_size = caps->workgroup_size;
    g->bands = 1;
    g->trips = lane_trips(caps, g->word_bytes);
    uint64_t tile = tile_words(caps, g->word_bytes), whole_cap = request->sizes[request->axis];
    g->step_words = (uint32_t)(step_elements(request) * request->element_size / g->word_bytes); /* bounded */
    g->capacity_count = request->part_count + 1;
    g->capacities = vksplit__alloc_array(callbacks, g->capacity_count, sizeof *g->capacities);
    if (!g->capacities)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, request->part_count,
                             vksplit__words(request->direction)->parts);
    /* A part's capacity past 32 bits holds every length a 32-bit word can say: saturated, not cut. */
    for (uint32_t i = 0; i < request->part_count; i++)
        g->capacities[i] = request->lengths[i] > UINT32_MAX ? UINT32_MAX : (uint32_t)request->lengths[i];
    g->capacities[request->part_count] = (uint32_t)whole_cap;
    /* Each segment's chunk is its capacity's, held to the whole's (the planner cut it so): every
     * row's tiles, and a workgroup per tile. */
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        uint64_t tiles = vksplit__div_up(seg->chunk_words, tile);
        seg->row_tiles = (uint32_t)tiles; /* a chunk below 2^32 words */
        seg->units = seg->rows * tiles;   /* within the elements' count: no overflow */
        seg->base_words = 0;              /* the part's place is the GPU's */
    }
    g->bytes_in_flight = ABI_UNROLL(g->word_bytes) * g->word_bytes;
    return VKSPLIT_OK;
}
