/* split_bench's cases and their CPU check (bench_cases.h). */
#include "bench_cases.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const bench_case bench_cases[] = {
    {"f32_inner1", "float32 [64, 3K, 1] axis 1, 3 outputs (odd rows: 4-byte words)", "f32", 4, SHAPE_ROWS, 1, 3, 0},
    {"f32_inner64", "float32 [64, 3K, 64] axis 1, 3 outputs", "f32", 4, SHAPE_ROWS, 64, 3, 0},
    {"f32_inner4096", "float32 [64, 3K, 4096] axis 1, 3 outputs", "f32", 4, SHAPE_ROWS, 4096, 3, 0},
    {"f32_1d", "float32 [3M] axis 0, 3 outputs", "f32", 4, SHAPE_1D, 1, 3, 0},
    {"i8_inner64", "int8 [64, 3K, 64] axis 1, 3 outputs", "i8", 1, SHAPE_ROWS, 64, 3, 0},
    {"f16_inner64", "float16 [64, 3K, 64] axis 1, 3 outputs", "f16", 2, SHAPE_ROWS, 64, 3, 0},
    {"f32_chunk256", "float32 [N, 3, 64] axis 1: 256-byte chunks", "f32", 4, SHAPE_CHUNKS, 64, 3, 0},
    {"f32_chunk16", "float32 [N, 3, 4] axis 1: 16-byte chunks", "f32", 4, SHAPE_CHUNKS, 4, 3, 0},
    {"f32_last3", "float32 [N, 3] last axis: 4-byte chunks", "f32", 4, SHAPE_LAST_AXIS, 1, 3, 0},
    {"f32_uneven18", "float32 [64, 1000, M] axis 1, opset-18 num_outputs 3", "f32", 4, SHAPE_UNEVEN, 0, 3, 0},
    {"f32_out96", "float32 [64, 96, M] axis 1, 96 outputs", "f32", 4, SHAPE_MANY, 0, 96, 0},
    {"f32_out1024", "float32 [64, 1024, M] axis 1, 1024 outputs", "f32", 4, SHAPE_MANY, 0, 1024, 0},
    {"f32_transposed", "float32 [N, N] column-major input, axis 0, 2 outputs", "f32", 4, SHAPE_TRANSPOSED, 0, 2, 0},
    {"f16_qkv", "float16 [4, S, 3, 16, 64] axis 2 into q, k, v laid out [4, 16, S, 64] (a transformer's heads)", "f16",
     2, SHAPE_QKV, 64, 3, 0},
    {"f32_4k", "float32 [1024] axis 0, 2 outputs (4 KiB)", "f32", 4, SHAPE_FIXED, 0, 2, 4096},
    {"f32_64k", "float32 [16384] axis 0, 2 outputs (64 KiB)", "f32", 4, SHAPE_FIXED, 0, 2, 65536},
};
const uint32_t bench_case_count = sizeof bench_cases / sizeof bench_cases[0];

static uint64_t at_least_one(double v) { return v < 1 ? 1 : (uint64_t)(v + 0.5); }
static uint64_t odd(uint64_t v) { return v | 1; }

void bench_setup_case(const bench_case* c, uint64_t target, bench_setup* s)
{
    memset(s, 0, sizeof *s);
    s->c = c;
    double e = c->element_size, t = (double)target;
    uint32_t axis = 1;
    switch (c->shape) {
    case SHAPE_ROWS: /* K odd, as at 64 MiB: keeps each case's copy word at every size */
        s->rank = 3;
        s->sizes[0] = 64;
        s->sizes[1] = 3 * odd(at_least_one(t / (64.0 * 3 * c->inner * e)));
        s->sizes[2] = c->inner;
        break;
    case SHAPE_1D:
        s->rank = 1;
        s->sizes[0] = 3 * odd(at_least_one(t / (3.0 * e)));
        axis = 0;
        break;
    case SHAPE_CHUNKS:
        s->rank = 3;
        s->sizes[0] = at_least_one(t / (3.0 * c->inner * e));
        s->sizes[1] = 3;
        s->sizes[2] = c->inner;
        break;
    case SHAPE_LAST_AXIS:
        s->rank = 2;
        s->sizes[0] = at_least_one(t / (3.0 * e));
        s->sizes[1] = 3;
        break;
    case SHAPE_UNEVEN:
        s->rank = 3;
        s->sizes[0] = 64;
        s->sizes[1] = 1000;
        s->sizes[2] = at_least_one(t / (64.0 * 1000 * e));
        break;
    case SHAPE_MANY:
        s->rank = 3;
        s->sizes[0] = 64;
        s->sizes[1] = c->outputs;
        s->sizes[2] = at_least_one(t / (64.0 * c->outputs * e));
        break;
    case SHAPE_TRANSPOSED: {
        uint64_t n = at_least_one(sqrt(t / e)) & ~(uint64_t)1;
        s->rank = 2;
        s->sizes[0] = s->sizes[1] = n ? n : 2;
        s->input_strides[0] = 1; /* column-major: the first dimension is fastest */
        s->input_strides[1] = s->sizes[0];
        axis = 0;
        break;
    }
    case SHAPE_QKV: { /* B = 4, H = 16, D = inner; each output [B, S, 1, H, D] strided as [B, H, S, D] */
        uint64_t b = 4, h = 16, d = c->inner;
        uint64_t seq = at_least_one(t / ((double)b * 3 * h * d * e));
        s->rank = 5;
        s->sizes[0] = b;
        s->sizes[1] = seq;
        s->sizes[2] = 3;
        s->sizes[3] = h;
        s->sizes[4] = d;
        axis = 2;
        for (uint32_t k = 0; k < 3; k++) {
            uint64_t* st = s->output_strides[k];
            st[0] = h * seq * d;
            st[1] = d;
            st[2] = h * seq * d; /* size 1 */
            st[3] = seq * d;
            st[4] = 1;
            s->output_stride_ptrs[k] = st;
        }
        break;
    }
    case SHAPE_FIXED:
        s->rank = 1;
        s->sizes[0] = c->fixed_bytes / c->element_size;
        axis = 0;
        break;
    }
    uint64_t dim = s->sizes[axis];
    uint64_t chunk = c->shape == SHAPE_UNEVEN ? (dim + c->outputs - 1) / c->outputs : dim / c->outputs;
    for (uint32_t i = 0; i < c->outputs; i++)
        s->split[i] = i + 1 < c->outputs ? chunk : dim - chunk * (c->outputs - 1);
    s->desc.element_size = c->element_size;
    s->desc.rank = s->rank;
    s->desc.sizes = s->sizes;
    s->desc.input_strides = c->shape == SHAPE_TRANSPOSED ? s->input_strides : NULL;
    s->desc.output_strides = c->shape == SHAPE_QKV ? s->output_stride_ptrs : NULL;
    s->desc.axis = axis;
    s->desc.output_count = c->outputs;
    s->desc.lengths = s->split;
    /* Packed tensors: spans are element counts. Outputs share one buffer, each at a
     * 256-byte boundary, as an engine would place them. */
    uint64_t elements = 1;
    for (uint32_t k = 0; k < s->rank; k++)
        elements *= s->sizes[k];
    s->input_span = elements * c->element_size;
    for (uint32_t i = 0; i < c->outputs; i++) {
        s->output_span[i] = elements / dim * s->split[i] * c->element_size;
        s->output_offset[i] = s->arena_bytes;
        s->arena_bytes += (s->output_span[i] + 255) & ~(uint64_t)255;
    }
}

void bench_shape_text(const bench_setup* s, char* out, size_t size)
{
    int n = snprintf(out, size, "[");
    for (uint32_t k = 0; k < s->rank; k++)
        n += snprintf(out + n, size - (size_t)n, k ? ",%llu" : "%llu", (unsigned long long)s->sizes[k]);
    snprintf(out + n, size - (size_t)n, "]%s",
             s->c->shape == SHAPE_TRANSPOSED ? "T"
             : s->c->shape == SHAPE_QKV      ? "->BHSD"
                                             : "");
}

int bench_check(const bench_setup* s, const uint8_t* input, const uint8_t* arena)
{
    const vksplit_split_desc* d = &s->desc;
    uint32_t last = d->rank - 1;
    uint64_t in_strides[BENCH_MAX_RANK], stride = 1;
    for (uint32_t k = d->rank; k-- > 0;) {
        in_strides[k] = d->input_strides ? d->input_strides[k] : stride;
        stride *= d->sizes[k];
    }
    uint64_t start = 0;
    for (uint32_t o = 0; o < d->output_count; o++) {
        uint64_t sizes[BENCH_MAX_RANK], out_strides[BENCH_MAX_RANK], idx[BENCH_MAX_RANK] = {0}, count = 1;
        memcpy(sizes, d->sizes, sizeof sizes);
        sizes[d->axis] = s->split[o];
        stride = 1;
        for (uint32_t k = d->rank; k-- > 0;) {
            out_strides[k] = d->output_strides ? d->output_strides[o][k] : stride;
            stride *= sizes[k];
        }
        for (uint32_t k = 0; k < d->rank; k++)
            count *= sizes[k];
        /* The innermost dimension is one memcmp when it is contiguous in both tensors. */
        uint64_t width = in_strides[last] == 1 && out_strides[last] == 1 ? sizes[last] : 1;
        const uint8_t* out = arena + s->output_offset[o];
        for (uint64_t e = 0; e < count; e += width) {
            uint64_t in = 0, at = 0;
            for (uint32_t k = 0; k < d->rank; k++) {
                in += (idx[k] + (k == d->axis ? start : 0)) * in_strides[k];
                at += idx[k] * out_strides[k];
            }
            if (memcmp(out + at * d->element_size, input + in * d->element_size, width * d->element_size) != 0) {
                fprintf(stderr, "split_bench: %s: output %u differs from the reference near element %llu\n", s->c->name,
                        o, (unsigned long long)e);
                return 0;
            }
            for (uint32_t k = width > 1 ? last : d->rank; k-- > 0;) { /* skip the compared run */
                if (++idx[k] < sizes[k])
                    break;
                idx[k] = 0;
            }
        }
        start += s->split[o];
    }
    return 1;
}
