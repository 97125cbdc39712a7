/* fuzz_rows: rows the GPU places (vksplit_plan_options.rows), and device parameters of one part on
 * the same kernels, through their planners and the fuzzers' model of the kernels (check_rows.h):
 * whatever the request, the indices and the engine's values, the plan is refused by a rule or its
 * copy moves every placed row's words exactly once within both tensors (and loads nothing outside
 * the side it reads), the verdict on GPU indices or device parameters is the rules' (and host
 * indices are refused by the same rule), and no 32-bit index wraps.
 *
 * Input (fuzz_input.h's values):
 *   a flags byte: bit 0 a join, bit 1 host indices, bit 2 skip_negative, bits 3-4 the mode
 *     (INDEXED, LINEAR, CIRCULAR, or 3: a value follows, any vksplit_rows_mode or none), bits 5-6
 *     index_bytes (8, 4, 0, or 3: a value follows), bit 7 two parts (a rows plan moves one);
 *   the element size (1 + value % 256), the rank (1 + byte % 8), the axis (byte % rank), the
 *   sizes, the part's rows L, list_dims (a value: bits past the axis are refused), pages_along
 *   (a value: 0 none, d + 1 pages along dimension d), base_alignment (a byte: 0 the default, else 1 << (byte - 1) % 8);
 *   the whole's layout, then the part's (a byte each, then its bytes: 0 packed, 1 the dimensions
 *     up to the axis padded by a byte each, innermost first, 2 the same with a pad byte of 0xff
 *     broadcasting its dimension, 3 each stride a value, innermost first; bit 2 pads the
 *     dimensions after the axis too);
 *   the tuned device (check_rows.h's fz_rows_tuned): a flags byte (bit 0 device addresses, bit 1
 *     lanes in runs, bit 2 a grid 2^31 - 1 wide), the workgroup (1 + value % 1024),
 *     invocation_bytes (1 + value % 65536), min_workgroups (1 + value % 2^24), the widest word
 *     (1 << byte % 6);
 *   a byte: bits 0-1 the device parameters (0: none, the rows planner and the indices below;
 *     1 PACKED, 2 GIVEN, 3 RING: vksplit__plan_device_rows, the rows options unused), then for
 *     device parameters the block's three words (the whole's length, the part's length, its
 *     offset), each a kind byte (base: 0, L, C or C - L) and a value added to it, in 32 bits;
 *   else the indices: a byte (bits 0-1: 0 each value as read, up to 64 of them, then repeated;
 *     1 a + list x t + j x s from three values; 2 the same floor-modulo the places; 3 one value
 *     for all; bits 2-5: how many single entries follow, each an entry (value % count), a kind
 *     (byte: the value, C + value, C - L + value, value - C, INT64_MIN + value, INT64_MAX -
 *     value) and the value; C the whole's places, pages included). int32 indices keep their low 32
 *     bits, sign-extended. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check_rows.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/* As many values as a plan with GPU indices reads at most (mapping_rows.h's
 * VKSPLIT_ROWS_MAX_ENTRIES): a request for more is refused before any is read. */
#define MAX_VALUES (1u << 18)

static int64_t values[MAX_VALUES];
static uint32_t index_words[2 * MAX_VALUES];

static void layout(fz_reader* r, uint8_t how, uint32_t rank, uint32_t axis, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t run = 1;
    for (uint32_t d = rank; d-- > 0;) {
        if ((how & 3) == 3) {
            strides[d] = fz_u64(r);
            continue;
        }
        uint8_t pad = d <= axis || (how & 4) ? fz_byte(r) : 0;
        strides[d] = (how & 3) == 2 && pad == 0xff ? 0 : run + pad % 16;
        if (strides[d] && __builtin_mul_overflow(strides[d], sizes[d] ? sizes[d] : 1, &run))
            run = UINT64_MAX / 2;
    }
}

static uint64_t fnv(const uint8_t* data, size_t size)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    return h;
}

static int64_t floor_mod_signed(int64_t v, uint64_t c)
{
    if (c == 0 || c > INT64_MAX)
        return v;
    int64_t m = v % (int64_t)c;
    return m < 0 ? m + (int64_t)c : m;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz_reader r = {data, size};
    uint8_t flags = fz_byte(&r);
    fz_rows_case c;
    memset(&c, 0, sizeof c);
    c.join = flags & 1;
    static const vksplit_rows_mode modes[3] = {VKSPLIT_ROWS_INDEXED, VKSPLIT_ROWS_LINEAR, VKSPLIT_ROWS_CIRCULAR};
    c.rows.mode = (flags >> 3 & 3) == 3 ? (vksplit_rows_mode)fz_u32(&r) : modes[flags >> 3 & 3];
    static const uint32_t widths[3] = {8, 4, 0};
    c.rows.index_bytes = (flags >> 5 & 3) == 3 ? fz_u32(&r) : widths[flags >> 5 & 3];
    c.rows.skip_negative = (flags >> 2) & 1;

    vksplit_split_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.element_size = 1 + (uint32_t)(fz_u64(&r) % 256);
    desc.rank = 1 + fz_byte(&r) % 8;
    desc.axis = fz_byte(&r) % desc.rank;
    uint64_t sizes[8], whole_strides[8], part_strides[8], lengths[2];
    for (uint32_t d = 0; d < desc.rank; d++)
        sizes[d] = fz_u64(&r);
    desc.sizes = sizes;
    lengths[0] = fz_u64(&r);
    lengths[1] = 1;
    desc.lengths = lengths;
    desc.output_count = flags & 0x80 ? 2 : 1;
    c.rows.list_dims = fz_u32(&r);
    c.rows.pages_along = fz_u32(&r);
    uint8_t align = fz_byte(&r);
    desc.base_alignment = align ? 1u << ((align - 1) % 8) : 0;
    uint8_t whole_how = fz_byte(&r);
    if (whole_how & 7) {
        layout(&r, whole_how, desc.rank, desc.axis, sizes, whole_strides);
        desc.input_strides = whole_strides;
    }
    const uint64_t* part_list[2] = {NULL, NULL};
    uint8_t part_how = fz_byte(&r);
    if (part_how & 7) {
        uint64_t psizes[8];
        memcpy(psizes, sizes, sizeof psizes);
        psizes[desc.axis] = lengths[0];
        layout(&r, part_how, desc.rank, desc.axis, psizes, part_strides);
        part_list[0] = part_strides;
        desc.output_strides = part_list;
    }
    c.desc = &desc;

    uint8_t tuned = fz_byte(&r);
    c.tuned.bda = tuned & 1;
    c.tuned.lane_runs = tuned >> 1 & 1;
    c.tuned.wide_grid = tuned >> 2 & 1;
    c.tuned.workgroup_size = 1 + (uint32_t)(fz_u64(&r) % 1024);
    c.tuned.invocation_bytes = 1 + (uint32_t)(fz_u64(&r) % 65536);
    c.tuned.min_workgroups = 1 + (uint32_t)(fz_u64(&r) % (1u << 24));
    c.tuned.max_word_bytes = 1u << (fz_byte(&r) % 6);

    /* The whole's places: with pages, their dimension's size times the axis's. */
    uint64_t L = lengths[0], C = sizes[desc.axis], paged;
    if (c.rows.pages_along && c.rows.pages_along - 1 < desc.axis &&
        !__builtin_mul_overflow(sizes[c.rows.pages_along - 1], C, &paged))
        C = paged;
    uint8_t device = fz_byte(&r) & 3;
    if (device) {
        static const vksplit_device_parameters parameters[4] = {
            VKSPLIT_DEVICE_PARAMETERS_NONE, VKSPLIT_DEVICE_PARAMETERS_PACKED, VKSPLIT_DEVICE_PARAMETERS_GIVEN,
            VKSPLIT_DEVICE_PARAMETERS_RING};
        c.device = parameters[device];
        C = sizes[desc.axis];
        uint64_t base[4] = {0, L, C, C - L};
        for (int w = 0; w < 3; w++) {
            uint8_t kind = fz_byte(&r);
            c.device_words[w] = (uint32_t)(base[kind % 4] + fz_u64(&r));
        }
        c.seed = fnv(data, size);
        fz_check_rows(&c);
        return 0;
    }

    /* The indices the plan reads: lists (the listed dimensions before the axis) x L or lists. */
    uint64_t lists = 1, count = 0;
    bool fits = true;
    for (uint32_t d = 0; d < desc.axis; d++)
        if (c.rows.list_dims >> d & 1u)
            fits = fits && !__builtin_mul_overflow(lists, sizes[d], &lists);
    uint64_t per_list = c.rows.mode == VKSPLIT_ROWS_INDEXED ? L : 1;
    if (fits && !__builtin_mul_overflow(lists, per_list, &count) && count <= MAX_VALUES) {
        uint8_t gen = fz_byte(&r);
        if ((gen & 3) == 0) {
            uint64_t decoded = count < 64 ? count : 64;
            for (uint64_t e = 0; e < decoded; e++)
                values[e] = fz_i64(&r);
            for (uint64_t e = decoded; e < count; e++)
                values[e] = values[e % decoded];
        } else if ((gen & 3) == 3) {
            int64_t v = fz_i64(&r);
            for (uint64_t e = 0; e < count; e++)
                values[e] = v;
        } else {
            uint64_t a = fz_u64(&r), s = fz_u64(&r), t = fz_u64(&r);
            for (uint64_t e = 0; e < count; e++) {
                uint64_t list = e / per_list, j = e % per_list;
                values[e] = (int64_t)(a + list * t + j * s);
                if ((gen & 3) == 2)
                    values[e] = floor_mod_signed(values[e], C);
            }
        }
        for (uint32_t o = (gen >> 2) & 15; o > 0 && count; o--) {
            uint64_t e = fz_u64(&r) % count;
            uint8_t kind = fz_byte(&r);
            int64_t v = fz_i64(&r);
            uint64_t u = (uint64_t)v;
            switch (kind % 6) {
            case 0: values[e] = v; break;
            case 1: values[e] = (int64_t)(C + u); break;
            case 2: values[e] = (int64_t)(C - L + u); break;
            case 3: values[e] = (int64_t)(u - C); break;
            case 4: values[e] = (int64_t)((uint64_t)INT64_MIN + u); break;
            default: values[e] = (int64_t)((uint64_t)INT64_MAX - u); break;
            }
        }
        bool wide = c.rows.index_bytes != 4;
        for (uint64_t e = 0; e < count; e++) {
            uint64_t u = (uint64_t)values[e];
            if (wide) {
                index_words[2 * e] = (uint32_t)u;
                index_words[2 * e + 1] = (uint32_t)(u >> 32);
            } else {
                values[e] = (int32_t)(uint32_t)u;
                index_words[e] = (uint32_t)u;
            }
        }
        c.values = values;
        c.value_count = count;
    }
    c.index_data = index_words;
    if (flags & 2)
        c.rows.host_indices = index_words;
    c.seed = fnv(data, size);
    fz_check_rows(&c);
    return 0;
}
