/* See check_plan.h. The only file of the fuzzers that includes src/planner.h.
 *
 * Besides the spans, it holds each mapping's plan to what its shader assumes (a model of the
 * shader's arithmetic, shaders/copy_*.glsl): every 32-bit index the shader computes stays
 * below 2^32, and every invocation's loop trips stay within VKSPLIT_LOOP_BUDGET (llvmpipe
 * stops loops silently past its limit, so a plan over budget would copy part of a split and
 * report nothing). */
#include "check_plan.h"

#include <stdbool.h>

#include "check_split.h"
#include "planner.h"
#include "split_rules.h"
#include "split_abi.h"

/* One planned copy: its first and last word in the input and in its output. */
static void check_segment(const vksplit__geometry* g, uint32_t s, uint64_t input_span_bytes,
                          const uint64_t* output_span_bytes, const char* device)
{
    const vksplit__segment* seg = &g->segments[s];
    uint64_t in_end = seg->in_base_words, out_end = 0, rows = 1, reach;
    bool ok = seg->chunk_words >= 1;
    for (uint32_t d = 0; ok && d < g->row_dims; d++) {
        const vksplit__row_dim* dim = &g->dims[(size_t)s * g->row_dims + d];
        ok = dim->size >= 1 && !__builtin_mul_overflow(rows, dim->size, &rows) &&
             !__builtin_mul_overflow(dim->size - 1, dim->in_stride, &reach) &&
             !__builtin_add_overflow(in_end, reach, &in_end) &&
             !__builtin_mul_overflow(dim->size - 1, dim->out_stride, &reach) &&
             !__builtin_add_overflow(out_end, reach, &out_end);
    }
    /* in_end and out_end become one past the last unit, then bytes. */
    ok = ok && rows == seg->rows && !__builtin_add_overflow(in_end, seg->chunk_words, &in_end) &&
         !__builtin_add_overflow(out_end, seg->chunk_words, &out_end) &&
         !__builtin_mul_overflow(in_end, g->unit_bytes, &in_end) &&
         !__builtin_mul_overflow(out_end, g->unit_bytes, &out_end);
    if (!ok || in_end > input_span_bytes || out_end > output_span_bytes[seg->output_index])
        fz_fail("%s plan, segment %u (output %u): %s; reads to byte %llu of %llu, writes to byte %llu of %llu",
                device, s, seg->output_index, ok ? "out of span" : "inconsistent segment", (unsigned long long)in_end,
                (unsigned long long)input_span_bytes, (unsigned long long)out_end,
                (unsigned long long)output_span_bytes[seg->output_index]);
}

/* RUNS and INTERLEAVED: pieces cover a row; bands hold whole units and cover the rows. */
static bool pieces_ok(const vksplit__geometry* g, const vksplit__segment* seg, const vksplit__planner_caps* caps)
{
    bool ok = seg->pieces >= 1 && seg->piece_words >= 1 && seg->rows_per_unit >= 1 &&
              (uint64_t)(seg->pieces - 1) * seg->piece_words < seg->chunk_words &&
              (uint64_t)seg->pieces * seg->piece_words >= seg->chunk_words;
    if (g->band_rows)
        ok = ok && g->band_rows % seg->rows_per_unit == 0 && g->bands * g->band_rows >= seg->rows &&
             (g->bands - 1) * g->band_rows < seg->rows && g->band_rows <= UINT32_MAX;
    if (g->mapping == VKSPLIT_MAPPING_INTERLEAVED && seg->rows_per_unit > 1) {
        /* A tile of rows: the multiply-high stays exact, and placing each word's row (two row
         * dimensions or more) stays within the budget. */
        uint64_t words = (uint64_t)seg->rows_per_unit * seg->chunk_words;
        uint64_t per_invocation = (words + caps->workgroup_size - 1) / caps->workgroup_size;
        ok = ok && seg->pieces == 1 && words <= 65536 &&
             (g->row_dims <= 1 || per_invocation * (g->row_dims + 1) + VKSPLIT_FIXED_TRIPS <= VKSPLIT_LOOP_BUDGET);
    }
    if (g->mapping == VKSPLIT_MAPPING_RUNS) /* invocation index: workgroup * size + lane */
        ok = ok && seg->units <= (uint64_t)UINT32_MAX - caps->workgroup_size;
    return ok;
}

/* TILES: lines cut into tiles; 32-bit flat indices unless the plan is wide; bands. */
static bool tiles_ok(const vksplit__geometry* g, const vksplit__segment* seg, uint32_t s,
                     const vksplit__planner_caps* caps)
{
    uint64_t unroll = ABI_UNROLL(g->word_bytes);
    uint64_t tile = (uint64_t)g->tiles_trips * unroll * caps->workgroup_size;
    uint64_t line_rows = g->row_dims ? g->dims[(size_t)s * g->row_dims].size : 1;
    uint64_t line_words = line_rows * seg->chunk_words;
    bool ok = g->tiles_trips >= 1 && g->tiles_trips * (2 * unroll + 2) + VKSPLIT_FIXED_TRIPS <= VKSPLIT_LOOP_BUDGET &&
              seg->rows % line_rows == 0 && seg->line_tiles == (line_words + tile - 1) / tile &&
              seg->tiles == seg->rows / line_rows * seg->line_tiles && seg->tiles <= UINT32_MAX &&
              (g->wide || line_words + tile <= UINT32_MAX); /* wide plans on descriptors: refused by plan.c's ranges */
    /* Band b holds tiles [b * units, (b + 1) * units): all of them, no band empty for all. */
    ok = ok && seg->units >= 1 && seg->units * g->bands >= seg->tiles && g->bands * g->band_workgroups <= UINT32_MAX;
    return ok;
}

/* TRANSPOSE: dimension 0 input-contiguous, 1 output-contiguous, one element per row. */
static bool transpose_ok(const vksplit__geometry* g, const vksplit__segment* seg, uint32_t s)
{
    const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
    return g->row_dims >= 2 && seg->chunk_words == 1 && g->word_bytes <= 16 && dims[0].in_stride == 1 &&
           dims[1].out_stride == 1 && seg->tiles_a == (dims[0].size + TRANSPOSE_TILE_A - 1) / TRANSPOSE_TILE_A &&
           seg->tiles_b == (dims[1].size + TRANSPOSE_TILE_B(g->word_bytes) - 1) / TRANSPOSE_TILE_B(g->word_bytes) &&
           seg->units == seg->rows / (dims[0].size * dims[1].size) * seg->tiles_a * seg->tiles_b &&
           g->workgroup_size == TRANSPOSE_WORKGROUP;
}

/* DEINTERLEAVE: whole rows in workgroup memory, tiles starting on 16-byte words. */
static bool deinterleave_ok(const vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    uint64_t rows = g->segments[0].rows, tile = g->tile_rows, row_bytes = 0;
    bool ok = tile >= 4 && tile % 4 == 0 && tile * g->row_uints * 4 <= caps->shared_bytes &&
              (g->word_bytes == 4 || g->word_bytes == 16) && g->unit_bytes == 4;
    for (uint32_t s = 0; ok && s < g->segment_count; s++) {
        ok = g->segments[s].rows == rows && g->segments[s].row_offset_uints == row_bytes / 4;
        row_bytes += g->segments[s].chunk_words * 4;
    }
    return ok && row_bytes == (uint64_t)g->row_uints * 4 && g->total_workgroups == (rows + tile - 1) / tile;
}

static void check_mapping(const vksplit__geometry* g, const vksplit__planner_caps* caps, const char* device)
{
    if (caps->mapping != VKSPLIT_MAPPING_BY_SHAPE && g->mapping != caps->mapping && g->mapping != VKSPLIT_MAPPING_TILES)
        fz_fail("%s plan: mapping %d, tuned %d", device, (int)g->mapping, (int)caps->mapping);
    if (g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE) {
        if (!deinterleave_ok(g, caps))
            fz_fail("%s plan: DEINTERLEAVE tiles of %u rows of %u uint32 do not hold", device, g->tile_rows, g->row_uints);
        return;
    }
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        bool ok = g->mapping == VKSPLIT_MAPPING_TILES       ? tiles_ok(g, seg, s, caps)
                  : g->mapping == VKSPLIT_MAPPING_TRANSPOSE ? transpose_ok(g, seg, s)
                                                            : pieces_ok(g, seg, caps);
        if (!ok)
            fz_fail("%s plan, segment %u (output %u), mapping %d: the shader's assumptions do not hold", device, s,
                    seg->output_index, (int)g->mapping);
    }
}

void fz_check_plan(const vksplit_split_desc* split, uint64_t input_span_bytes, const uint64_t* output_span_bytes)
{
    /* The defaults of src/tuning.c for a GPU and for lavapipe, every mapping forced, tiny
     * workgroups and bands (many), and the loop budget's extremes (1 x 64 KiB). */
#define GPU(m, wg, bytes, band) \
    {.max_word_bytes = 16, .bda = 1, .mapping = m, .workgroup_size = wg, .invocation_bytes = bytes, \
     .band_bytes = band, .segments_per_dispatch = UINT32_MAX, .shared_bytes = 16384}
    static const struct {
        const char* name;
        vksplit__planner_caps caps;
    } devices[] = {
        {"GPU-like", GPU(VKSPLIT_MAPPING_BY_SHAPE, 256, 64, 8u << 20)},
        {"GPU-like, minimum device", GPU(VKSPLIT_MAPPING_BY_SHAPE, 128, 64, 8u << 20)},
        {"tiles, tiny bands", GPU(VKSPLIT_MAPPING_TILES, 32, 16, 64)},
        {"tiles 1 x 64 KiB", GPU(VKSPLIT_MAPPING_TILES, 1, 65536, 0)},
        {"transpose", GPU(VKSPLIT_MAPPING_TRANSPOSE, 256, 64, 0)},
        {"deinterleave 1 x 4 B", GPU(VKSPLIT_MAPPING_DEINTERLEAVE, 1, 4, 0)},
        {"interleaved, tiny bands", GPU(VKSPLIT_MAPPING_INTERLEAVED, 32, 16, 64)},
        {"interleaved 1 x 64 KiB", GPU(VKSPLIT_MAPPING_INTERLEAVED, 1, 65536, 0)},
        {"descriptors, by shape", {.max_word_bytes = 16, .mapping = VKSPLIT_MAPPING_BY_SHAPE, .workgroup_size = 64,
                                   .invocation_bytes = 64, .segments_per_dispatch = 22, .shared_bytes = 16384}},
        {"CPU-like", {.max_word_bytes = 32, .bda = 1, .mapping = VKSPLIT_MAPPING_RUNS, .workgroup_size = 8,
                      .invocation_bytes = 4096, .min_workgroups = 8, .segments_per_dispatch = UINT32_MAX}},
        {"runs 1 x 64 KiB", {.max_word_bytes = 32, .bda = 1, .mapping = VKSPLIT_MAPPING_RUNS, .workgroup_size = 1,
                             .invocation_bytes = 65536, .segments_per_dispatch = UINT32_MAX}},
    };
#undef GPU
    vksplit__split valid;
    vksplit_error check_error;
    if (vksplit__split_check(split, &valid, &check_error) != VKSPLIT_OK)
        fz_fail("a split the validation accepted fails vksplit__split_check: %s", check_error.message);
    uint64_t elements = 1, split_bytes = 0;
    for (uint32_t k = 0; k < split->rank; k++)
        elements *= split->sizes[k]; /* validated: the element count fits */
    bool bytes_fit = !__builtin_mul_overflow(elements, split->element_size, &split_bytes);
    for (size_t d = 0; d < sizeof devices / sizeof devices[0]; d++) {
        vksplit__geometry g;
        vksplit_error error;
        vksplit_result r = vksplit__plan_geometry(&valid, &devices[d].caps, NULL, &g, &error);
        if (r == VKSPLIT_ERROR_SIZE_OVERFLOW || r == VKSPLIT_ERROR_OUT_OF_MEMORY)
            continue;
        if (r != VKSPLIT_OK)
            fz_fail("%s plan of a valid split failed: %s (%s)", devices[d].name, error.message, vksplit_result_name(r));
        uint64_t written = 0, segment_bytes;
        for (uint32_t i = 0; i < g.segment_count; i++) {
            if (g.segments[i].output_index >= split->output_count ||
                (i && g.segments[i].output_index <= g.segments[i - 1].output_index))
                fz_fail("%s plan: segment %u names output %u, out of order or range", devices[d].name, i,
                        g.segments[i].output_index);
            check_segment(&g, i, input_span_bytes, output_span_bytes, devices[d].name);
            if (__builtin_mul_overflow(g.segments[i].chunk_words * g.unit_bytes, g.segments[i].rows, &segment_bytes) ||
                __builtin_add_overflow(written, segment_bytes, &written))
                fz_fail("%s plan: the segments' bytes overflow 64 bits", devices[d].name);
        }
        if (written != g.bytes_written || (bytes_fit && written != split_bytes))
            fz_fail("%s plan: segments copy %llu bytes, bytes_written says %llu, the split has %llu", devices[d].name,
                    (unsigned long long)written, (unsigned long long)g.bytes_written,
                    (unsigned long long)split_bytes);
        if (g.segment_count) {
            check_mapping(&g, &devices[d].caps, devices[d].name);
            if (g.busy_workgroups > g.total_workgroups || g.bytes_in_flight == 0)
                fz_fail("%s plan: %llu busy of %llu workgroups, %u bytes in flight", devices[d].name,
                        (unsigned long long)g.busy_workgroups, (unsigned long long)g.total_workgroups,
                        g.bytes_in_flight);
        }
        vksplit__geometry_free(NULL, &g);
    }
}
