/* See fuzz_input.h for the encoding. */
#include "fuzz_input.h"

uint8_t fz_byte(fz_reader* r)
{
    if (!r->left)
        return 0;
    r->left--;
    return *r->p++;
}

static uint64_t raw(fz_reader* r, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)fz_byte(r) << (8 * i);
    return v;
}

uint64_t fz_u64(fz_reader* r)
{
    static const uint64_t edges[16] = {
        256,
        1000,
        65535,
        65536,
        65537,
        0x7fffffffull,
        0x80000000ull,
        0xffffffffull,
        0x100000000ull,
        0x100000001ull,
        1ull << 53,
        1ull << 62,
        0x7fffffffffffffffull,
        1ull << 63,
        UINT64_MAX - 1,
        UINT64_MAX,
    };
    uint8_t tag = fz_byte(r);
    if (tag < 0xe0)
        return tag;
    if (tag < 0xf0)
        return edges[tag - 0xe0];
    if (tag == 0xf0)
        return raw(r, 2);
    if (tag == 0xf1)
        return raw(r, 4);
    if (tag == 0xf2)
        return raw(r, 8);
    return (uint64_t)0 - (uint64_t)(tag - 0xf2);
}

uint64_t fz_count(fz_reader* r) { return fz_fold_count(fz_u64(r)); }

void fz_values(fz_reader* r, int64_t* values, size_t count)
{
    count = count < FZ_LIST_FILL ? count : FZ_LIST_FILL;
    size_t decoded = count < 32 ? count : 32;
    for (size_t i = 0; i < decoded; i++)
        values[i] = fz_i64(r);
    for (size_t i = decoded; i < count; i++)
        values[i] = values[i % decoded];
}

void fz_fix_sum(int64_t* values, size_t count, int64_t target)
{
    if (count == 0 || count > FZ_LIST_FILL)
        return;
    int64_t sum = 0;
    for (size_t i = 0; i + 1 < count; i++)
        if (values[i] != -1 && __builtin_add_overflow(sum, values[i], &sum))
            return;
    int64_t last;
    if (!__builtin_sub_overflow(target, sum, &last))
        values[count - 1] = last;
}
