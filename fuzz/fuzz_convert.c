/* fuzz_convert: copies that convert (vksplit_plan_options.convert, docs/conversions.md) through
 * their rules, their geometry (src/geometry/convert_geometry.c) and the fuzzers' model of
 * shaders/convert.comp (check_convert.h): whatever the types, the scale, the shapes, the strides
 * and the device, a plan is refused by a rule with its one-line message, or the kernel's every
 * workgroup and invocation reads and writes only within the tensors' spans, writes every element
 * of the side written exactly once and nothing else, wraps no 32-bit index, and leaves the
 * reference's conversion of each element (tests/convert/convert_reference.c) at its place.
 *
 * Input (fuzz_input.h's values):
 *   a flags byte: bit 0 a join; bits 1-2 the scale source (NONE, HOST, DEVICE, or 3: a value
 *     follows, any vksplit_scale_source); bit 3 no_saturate; bit 4 the types as two values (any
 *     vksplit_type, invalid ones included), else one byte (the whole bits 0-2, the parts bits 3-5:
 *     NONE .. Q8_0 and 7); bit 5 element_size a value (else 0, the whole type's); bit 6
 *     descriptors (a reach follows, below; else device addresses); bit 7 other options (a byte:
 *     bits 0-1 the path AUTO, COMPUTE, TRANSFER, AUTO; bits 2-3 device parameters NONE, PACKED,
 *     GIVEN, RING; bit 4 rows INDEXED, bit 5 their pages along dimension 0: the TRANSFER path, a
 *     ring and pages are refused with a conversion, the others planned but not modelled here);
 *   the types, element_size, the options' byte, as the flags say;
 *   the scale: HOST a value (0..15 an index into host_scales, else a float's bits), DEVICE a byte
 *     (an index into device_scales: the float the GPU holds);
 *   the rank (1 + byte % 4), the axis (byte % rank), the part count (1 + byte % 4);
 *   the sizes of the dimensions but the axis, then each part's length (the axis's size their sum),
 *     a byte each: byte % 9; with Q8_0 on a side byte % 5, and the last dimension's 32 x (byte % 4)
 *     (byte % 16 from 0xf0: no whole blocks);
 *   base_alignment (a byte: 0 the default, 0xf0 and up the byte itself, else 1 << (byte - 1) % 8);
 *   the whole's layout, then each part's: a byte (bits 0-1: 0 packed, 1 padded: a pad byte per
 *     dimension, innermost first, the stride the packed one plus pad % 4; 2 permuted: a byte
 *     choosing the order of the dimensions in memory, then padded as 1; 3 each stride a byte,
 *     innermost first: 0 broadcasts, overlaps the rules refuse on the side written);
 *   the device: the workgroup (1 << byte % 9), the grid's largest x and y (values; 0 is 65535),
 *     with bit 6 the reach (a value, 32 bits);
 *   a byte: bit 0 moderate finite values to read (else random bits, NaNs and all). */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check_convert.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define MAX_PARTS 4u

static const float host_scales[16] = {1.0f,     2.0f,   0.5f,     448.0f, 1.0f / 448.0f, 57344.0f, 1e-3f, 3.0f,
                                      1.0f / 3, 0.125f, 1.5e-38f, 1e-45f, 3.0e38f,       65504.0f, 0.0f,  -1.0f};
/* the GPU's float is used as it is: NaN, zero, negative and infinite ones too (docs/conversions.md) */
static const float device_scales[8] = {1.0f, 0.75f, -2.0f, 0.0f, INFINITY, NAN, 1e-40f, 3.0e38f};

static uint64_t fnv(const uint8_t* data, size_t size)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    return h;
}

static uint64_t dim_size(uint8_t b, bool q8, bool last)
{
    if (q8 && last)
        return b < 0xf0 ? 32u * (b % 4u) : b % 16u;
    return q8 ? b % 5u : b % 9u;
}

/* A tensor's strides (elements), or NULL for packed. */
static const uint64_t* layout(fz_reader* r, uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint8_t how = fz_byte(r) & 3;
    if (how == 0)
        return NULL;
    if (how == 3) {
        for (uint32_t d = rank; d-- > 0;)
            strides[d] = fz_byte(r);
        return strides;
    }
    uint32_t order[4] = {0, 1, 2, 3}; /* outermost in memory first */
    if (how == 2) {
        uint32_t v = fz_byte(r);
        for (uint32_t i = rank; i-- > 1;) {
            uint32_t j = v % (i + 1), t = order[i];
            v /= i + 1;
            order[i] = order[j];
            order[j] = t;
        }
    }
    uint64_t run = 1;
    for (uint32_t m = rank; m-- > 0;) {
        uint32_t d = order[m];
        strides[d] = run + fz_byte(r) % 4;
        run = strides[d] * (sizes[d] ? sizes[d] : 1);
    }
    return strides;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz_reader r = {data, size};
    uint8_t flags = fz_byte(&r);
    fz_convert_case c;
    memset(&c, 0, sizeof c);
    c.join = flags & 1;
    vksplit_convert* v = &c.options.convert;
    v->no_saturate = flags >> 3 & 1;
    if (flags & 0x10) {
        v->whole = (vksplit_type)fz_u32(&r);
        v->parts = (vksplit_type)fz_u32(&r);
    } else {
        uint8_t t = fz_byte(&r);
        v->whole = (vksplit_type)(t & 7);
        v->parts = (vksplit_type)(t >> 3 & 7);
    }
    vksplit_split_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.element_size = flags & 0x20 ? fz_u32(&r) : 0;
    if (flags & 0x80) {
        static const vksplit_path paths[4] = {VKSPLIT_PATH_AUTO, VKSPLIT_PATH_COMPUTE, VKSPLIT_PATH_TRANSFER,
                                              VKSPLIT_PATH_AUTO};
        uint8_t o = fz_byte(&r);
        static const vksplit_device_parameters parameters[4] = {
            VKSPLIT_DEVICE_PARAMETERS_NONE, VKSPLIT_DEVICE_PARAMETERS_PACKED, VKSPLIT_DEVICE_PARAMETERS_GIVEN,
            VKSPLIT_DEVICE_PARAMETERS_RING};
        c.options.path = paths[o & 3];
        c.options.device_parameters = parameters[o >> 2 & 3];
        c.options.rows.mode = o & 0x10 ? VKSPLIT_ROWS_INDEXED : VKSPLIT_ROWS_NONE;
        c.options.rows.pages_along = o >> 5 & 1;
    }
    static const vksplit_scale_source sources[3] = {VKSPLIT_SCALE_NONE, VKSPLIT_SCALE_HOST, VKSPLIT_SCALE_DEVICE};
    uint32_t scale_how = flags >> 1 & 3;
    v->scale_source = scale_how == 3 ? (vksplit_scale_source)fz_u32(&r) : sources[scale_how];
    if (v->scale_source == VKSPLIT_SCALE_HOST) {
        uint32_t bits = fz_u32(&r);
        if (bits < 16)
            v->scale = host_scales[bits];
        else
            memcpy(&v->scale, &bits, sizeof bits);
    } else if (v->scale_source == VKSPLIT_SCALE_DEVICE) {
        c.device_scale = device_scales[fz_byte(&r) % 8];
    }

    bool q8 = v->whole == VKSPLIT_TYPE_Q8_0 || v->parts == VKSPLIT_TYPE_Q8_0;
    desc.rank = 1 + fz_byte(&r) % 4;
    desc.axis = fz_byte(&r) % desc.rank;
    desc.output_count = 1 + fz_byte(&r) % MAX_PARTS;
    uint64_t sizes[4] = {0}, lengths[MAX_PARTS], whole_strides[4], part_strides[MAX_PARTS][4];
    const uint64_t* part_list[MAX_PARTS];
    for (uint32_t d = 0; d < desc.rank; d++)
        if (d != desc.axis)
            sizes[d] = dim_size(fz_byte(&r), q8, d == desc.rank - 1);
    sizes[desc.axis] = 0;
    for (uint32_t p = 0; p < desc.output_count; p++) {
        lengths[p] = dim_size(fz_byte(&r), q8, desc.axis == desc.rank - 1);
        sizes[desc.axis] += lengths[p];
    }
    desc.sizes = sizes;
    desc.lengths = lengths;
    uint8_t align = fz_byte(&r);
    desc.base_alignment = align == 0 ? 0 : align >= 0xf0 ? align : 1u << ((align - 1) % 8);
    desc.input_strides = layout(&r, desc.rank, sizes, whole_strides);
    bool any = false;
    for (uint32_t p = 0; p < desc.output_count; p++) {
        uint64_t psizes[4];
        memcpy(psizes, sizes, sizeof psizes);
        psizes[desc.axis] = lengths[p];
        part_list[p] = layout(&r, desc.rank, psizes, part_strides[p]);
        any = any || part_list[p];
    }
    desc.output_strides = any ? part_list : NULL;
    c.desc = &desc;

    c.workgroup_size = 1u << (fz_byte(&r) % 9);
    for (int i = 0; i < 2; i++) {
        c.max_group_count[i] = fz_u32(&r);
        if (!c.max_group_count[i])
            c.max_group_count[i] = 65535;
    }
    c.reach = flags & 0x40 ? fz_u32(&r) : 0;
    c.moderate = fz_byte(&r) & 1;
    c.seed = fnv(data, size);
    fz_check_convert(&c);
    return 0;
}
