/* RUNS, lavapipe's mapping: each invocation copies its own run, a piece of a row or several
 * whole rows, every loop bounded by VKSPLIT_LOOP_BUDGET. */
#include "geometry/mapping_runs.h"

/* Loop trips of one copy_run call over `words` words (shader: 4 per trip, then singles). */
static uint64_t copy_trips(uint64_t words) { return words / 4 + words % 4 + 2; }

void vksplit__plan_runs(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    uint64_t run_words = caps->invocation_bytes / g->word_bytes;
    if (run_words < 1)
        run_words = 1;
    if (caps->min_workgroups) {
        /* Small splits: shorter runs, so every CPU thread gets workgroups. */
        uint64_t total = 0;
        for (uint32_t s = 0; s < g->segment_count; s++)
            total += g->segments[s].chunk_words * g->segments[s].rows;
        uint64_t target = (uint64_t)caps->min_workgroups * caps->workgroup_size;
        if (total / run_words < target)
            run_words = total / target > 1 ? total / target : 1;
    }
    run_words = vksplit__min_u64(run_words, VKSPLIT_MAX_INVOCATION_WORDS);

    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        /* Workgroups never span segments: a segment smaller than a workgroup's worth of runs
         * gets shorter runs, so that its lanes share the work instead of idling. */
        uint64_t segment_words = seg->chunk_words * seg->rows;
        uint64_t run = run_words;
        if (segment_words < run * caps->workgroup_size) {
            run = vksplit__div_up(segment_words, caps->workgroup_size);
            uint64_t floor_words = vksplit__div_up(64, g->word_bytes); /* >= 64 bytes: loop overhead */
            if (run < floor_words)
                run = floor_words;
            run = vksplit__min_u64(run, run_words);
        }
        if (seg->chunk_words > run) {
            vksplit__cut_rows(seg, run);
        } else {
            uint64_t per_row = copy_trips(seg->chunk_words) + 2 + (g->row_dims > 1 ? g->row_dims : 0);
            uint64_t rows = run / seg->chunk_words;
            rows = vksplit__min_u64(rows, (VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS) / per_row);
            vksplit__gather_rows(seg, vksplit__min_u64(rows, seg->rows));
        }
        seg->units = (uint64_t)seg->pieces * vksplit__div_up(seg->rows, seg->rows_per_unit);
    }
}
