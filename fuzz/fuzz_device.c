/* fuzz_device: plans with device parameters and the engine's values, through the fuzzers' model of
 * the check and the copy (check_device.h): whatever the capacities and the values, a recording
 * that passes the check copies only inside every tensor's capacity, and one that does not copies
 * nothing, its status naming the rule the values break.
 *
 * Input (fuzz_input.h's values): a flags byte (bit 0 a join, bit 1 GIVEN offsets, bit 2 the
 * whole's rows padded, bits 3-4 how the lengths are chosen: as read, each at its capacity, or the
 * last set so that the 32-bit sum of all of them is the whole's length, wrapping as it must), the
 * element size (an index into 1, 2, 4, 8, 16), the rank (1..4), the axis, the sizes, the part
 * count (fz_count), the capacities, then the whole's length and each part's length and offset. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check_device.h"
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define MAX_PARTS 256u

static uint64_t caps[MAX_PARTS];
static uint32_t lengths[MAX_PARTS], offsets[MAX_PARTS];

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const uint32_t element_sizes[5] = {1, 2, 4, 8, 16};
    fz_reader r = {data, size};
    uint8_t flags = fz_byte(&r);
    vksplit_split_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.element_size = element_sizes[fz_byte(&r) % 5];
    desc.rank = 1 + fz_byte(&r) % 4;
    desc.axis = fz_byte(&r) % desc.rank;
    uint64_t sizes[4], strides[4];
    for (uint32_t d = 0; d < desc.rank; d++)
        sizes[d] = fz_u64(&r);
    desc.sizes = sizes;
    uint64_t count = fz_count(&r);
    if (count < 1 || count > MAX_PARTS)
        return 0;
    desc.output_count = (uint32_t)count;
    for (uint32_t i = 0; i < desc.output_count; i++)
        caps[i] = fz_u64(&r);
    desc.lengths = caps;
    if (flags & 4) { /* the axis and after packed, the rows before it padded by a few elements */
        uint64_t packed = 1;
        for (uint32_t d = desc.rank; d-- > 0;) {
            strides[d] = packed + (d < desc.axis ? fz_byte(&r) % 8 : 0);
            if (__builtin_mul_overflow(strides[d], sizes[d] ? sizes[d] : 1, &packed))
                return 0;
        }
        desc.input_strides = strides;
    }
    fz_device_values v = {fz_u32(&r), lengths, offsets};
    uint32_t sum = 0;
    for (uint32_t i = 0; i < desc.output_count; i++) {
        uint32_t cap32 = caps[i] > UINT32_MAX ? UINT32_MAX : (uint32_t)caps[i];
        switch (flags >> 3 & 3) {
        case 1: lengths[i] = cap32; break;
        default: lengths[i] = fz_u32(&r); break;
        }
        offsets[i] = fz_u32(&r);
        sum += lengths[i];
    }
    if ((flags >> 3 & 3) == 2) /* the sum, wrapped to 32 bits, is the whole's length */
        lengths[desc.output_count - 1] += v.whole - sum;
    vksplit_device_parameters mode = flags & 2 ? VKSPLIT_DEVICE_PARAMETERS_GIVEN : VKSPLIT_DEVICE_PARAMETERS_PACKED;
    fz_check_device(&desc, flags & 1, mode, &v);
    return 0;
}
