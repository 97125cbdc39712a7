/* See check_plan.h. The only file of the fuzzers that includes src/planner.h. */
#include "check_plan.h"

#include <stdbool.h>

#include "check_split.h"
#include "planner.h"

/* One planned copy: its first and last word in the input and in its output. */
static void check_record(const vksplit__geometry* g, uint32_t r, uint64_t input_span_bytes,
                         const uint64_t* output_span_bytes, const char* device)
{
    const vksplit__record* rec = &g->records[r];
    uint64_t in_end = rec->in_base_words, out_end = 0, rows = 1, reach;
    bool ok = rec->chunk_words >= 1 && rec->pieces >= 1 && rec->piece_words >= 1 && rec->rows_per_unit >= 1;
    for (uint32_t d = 0; ok && d < g->row_dims; d++) {
        const vksplit__row_dim* dim = &g->dims[(size_t)r * g->row_dims + d];
        ok = dim->size >= 1 && !__builtin_mul_overflow(rows, dim->size, &rows) &&
             !__builtin_mul_overflow(dim->size - 1, dim->in_stride, &reach) &&
             !__builtin_add_overflow(in_end, reach, &in_end) &&
             !__builtin_mul_overflow(dim->size - 1, dim->out_stride, &reach) &&
             !__builtin_add_overflow(out_end, reach, &out_end);
    }
    /* in_end and out_end become one past the last word, then bytes. */
    ok = ok && rows == rec->rows && !__builtin_add_overflow(in_end, rec->chunk_words, &in_end) &&
         !__builtin_add_overflow(out_end, rec->chunk_words, &out_end) &&
         !__builtin_mul_overflow(in_end, g->word_bytes, &in_end) &&
         !__builtin_mul_overflow(out_end, g->word_bytes, &out_end);
    /* Pieces of a row start inside it and cover it. */
    ok = ok && (uint64_t)(rec->pieces - 1) * rec->piece_words < rec->chunk_words &&
         (uint64_t)rec->pieces * rec->piece_words >= rec->chunk_words;
    /* Bands hold whole units of every record and cover its rows; a tile of rows keeps the
     * shader's multiply-high division exact. */
    if (g->band_rows)
        ok = ok && g->band_rows % rec->rows_per_unit == 0 && g->bands * g->band_rows >= rec->rows &&
             (g->bands - 1) * g->band_rows < rec->rows;
    if (rec->rows_per_unit > 1)
        ok = ok && rec->pieces == 1 && (uint64_t)rec->rows_per_unit * rec->chunk_words <= 65536;
    if (!ok || in_end > input_span_bytes || out_end > output_span_bytes[rec->output_index])
        fz_fail("%s plan, record %u (output %u): %s; reads to byte %llu of %llu, writes to byte %llu of %llu",
                device, r, rec->output_index, ok ? "out of span" : "inconsistent record", (unsigned long long)in_end,
                (unsigned long long)input_span_bytes, (unsigned long long)out_end,
                (unsigned long long)output_span_bytes[rec->output_index]);
}

void fz_check_plan(const vksplit_split_desc* split, uint64_t input_span_bytes, const uint64_t* output_span_bytes)
{
    /* The defaults of src/tuning.c for a GPU and for lavapipe, plus tiny bands (many). */
    static const struct {
        const char* name;
        vksplit__planner_caps caps;
    } devices[] = {
        {"GPU-like", {.max_word_bytes = 32, .bda = 1, .mapping = VKSPLIT_MAPPING_INTERLEAVED, .workgroup_size = 256,
                      .invocation_bytes = 64, .band_bytes = 8u << 20}},
        {"GPU-like, tiny bands", {.max_word_bytes = 32, .bda = 1, .mapping = VKSPLIT_MAPPING_INTERLEAVED,
                                  .workgroup_size = 32, .invocation_bytes = 16, .band_bytes = 64}},
        {"CPU-like", {.max_word_bytes = 32, .bda = 1, .mapping = VKSPLIT_MAPPING_RUNS, .workgroup_size = 8,
                      .invocation_bytes = 4096, .min_workgroups = 8}},
    };
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
        uint64_t written = 0, record_bytes;
        for (uint32_t i = 0; i < g.record_count; i++) {
            if (g.records[i].output_index >= split->output_count ||
                (i && g.records[i].output_index <= g.records[i - 1].output_index))
                fz_fail("%s plan: record %u names output %u, out of order or range", devices[d].name, i,
                        g.records[i].output_index);
            check_record(&g, i, input_span_bytes, output_span_bytes, devices[d].name);
            if (__builtin_mul_overflow(g.records[i].chunk_words * g.word_bytes, g.records[i].rows, &record_bytes) ||
                __builtin_add_overflow(written, record_bytes, &written))
                fz_fail("%s plan: the records' bytes overflow 64 bits", devices[d].name);
        }
        if (written != g.bytes_written || (bytes_fit && written != split_bytes))
            fz_fail("%s plan: records copy %llu bytes, bytes_written says %llu, the split has %llu", devices[d].name,
                    (unsigned long long)written, (unsigned long long)g.bytes_written,
                    (unsigned long long)split_bytes);
        vksplit__geometry_free(NULL, &g);
    }
}
