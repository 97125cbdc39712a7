/* The kernel table (kernels.h). */
#include "geometry/kernels.h"

#include "geometry/kernel_table.h"
#include "geometry/shader_variants.h"
#include "split_abi.h"

/* A row of src/geometry/kernel_table.h. */
typedef struct kernel_row {
    uint32_t kernel;
    vksplit_mapping mapping;
    const char* name;
    uint32_t words;      /* word sizes it takes anywhere (a word of 4 bytes is the bit 4) */
    uint32_t wide_words; /* and only on device addresses where 16-byte words are allowed */
    vksplit_bool32 bda_only;
    uint32_t directions; /* 1 << vksplit__direction for each it copies */
} kernel_row;

#define VKSPLIT_X_KERNEL(kernel, mapping, name, words, wide_words, bda_only, directions) \
    {kernel, mapping, name, words, wide_words, bda_only, VKSPLIT__DIRECTION_BITS_##directions},
static const kernel_row kernels[] = {VKSPLIT_KERNEL_TABLE(VKSPLIT_X_KERNEL)};
#undef VKSPLIT_X_KERNEL
#define KERNEL_COUNT (sizeof kernels / sizeof kernels[0])

static const kernel_row* row_of(uint32_t kernel)
{
    for (size_t i = 0; i < KERNEL_COUNT; i++)
        if (kernels[i].kernel == kernel)
            return &kernels[i];
    return NULL;
}

bool vksplit__mapping_allowed(vksplit_mapping tuned, vksplit_mapping mapping)
{
    if (tuned == VKSPLIT_MAPPING_BY_SHAPE)
        return mapping == VKSPLIT_MAPPING_TILES || mapping == VKSPLIT_MAPPING_TRANSPOSE ||
               mapping == VKSPLIT_MAPPING_DEINTERLEAVE;
    if (tuned == VKSPLIT_MAPPING_TRANSPOSE || tuned == VKSPLIT_MAPPING_DEINTERLEAVE)
        return mapping == tuned || mapping == VKSPLIT_MAPPING_TILES;
    return mapping == tuned;
}

bool vksplit__kernel_takes_word(uint32_t kernel, uint32_t word_bytes, const vksplit__kernel_caps* caps)
{
    const kernel_row* row = row_of(kernel);
    if (!row || (row->bda_only && !caps->bda) || word_bytes > caps->max_word_bytes ||
        !(row->directions & 1u << caps->direction))
        return false;
    bool wide = caps->bda && caps->max_word_bytes >= 16;
    return vksplit__is_pow2(word_bytes) && ((row->words | (wide ? row->wide_words : 0)) & word_bytes) != 0;
}

vksplit_mapping vksplit__kernel_mapping(uint32_t kernel)
{
    const kernel_row* row = row_of(kernel);
    return row ? row->mapping : VKSPLIT_MAPPING_DEFAULT;
}

const char* vksplit__kernel_name(uint32_t kernel)
{
    const kernel_row* row = row_of(kernel);
    return row ? row->name : "unknown";
}

uint32_t vksplit__widest_variant_word(vksplit_bool32 bda)
{
#define VKSPLIT_IS_BDA_bda 1
#define VKSPLIT_IS_BDA_desc 0
#define VKSPLIT_X_WIDEST(addressing, word, atomic, direction)          \
    if (VKSPLIT_IS_BDA_##addressing == (bda ? 1 : 0) && word > widest) \
        widest = word;
    uint32_t widest = 1;
    VKSPLIT_SHADER_VARIANTS(VKSPLIT_X_WIDEST)
#undef VKSPLIT_X_WIDEST
#undef VKSPLIT_IS_BDA_bda
#undef VKSPLIT_IS_BDA_desc
    return widest;
}
