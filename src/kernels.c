/* The kernel table (kernels.h). */
#include "kernels.h"

#include "shader_variants.h"
#include "split_abi.h"

/* Kernel, the mapping it serves, its name, and its words as a mask of word sizes (a word of
 * 4 bytes is the bit 4): those it takes anywhere, and those only on device addresses where
 * 16-byte words are allowed ("wide"). */
#define WORDS_ALL (1u | 2u | 4u | 8u | 16u | 32u)
typedef struct kernel_row {
    uint32_t kernel;
    vksplit_mapping mapping;
    const char* name;
    uint32_t words;
    uint32_t wide_words;
    vksplit_bool32 bda_only;
    vksplit_bool32 joins; /* has a join (JOIN in shaders/split_copy.comp) */
} kernel_row;

static const kernel_row kernels[] = {
    {MAPPING_RUNS, VKSPLIT_MAPPING_RUNS, "runs", WORDS_ALL, 0, 0, 1},
    {MAPPING_INTERLEAVED, VKSPLIT_MAPPING_INTERLEAVED, "interleaved", WORDS_ALL, 0, 0, 0},
    {MAPPING_TILES, VKSPLIT_MAPPING_TILES, "tiles", WORDS_ALL, 0, 0, 1},
    /* 16-byte loads and stores, realigned in registers, for 4- and 8-byte words */
    {MAPPING_TILES_REALIGN, VKSPLIT_MAPPING_TILES, "tiles (realigned to 16 bytes)", 0, 4u | 8u, 1, 0},
    /* 64-bit places: tiles spanning 2 GiB or more, reached through device addresses only */
    {MAPPING_TILES_WIDE, VKSPLIT_MAPPING_TILES, "tiles (64-bit places)", WORDS_ALL, 0, 1, 1},
    /* one element of at most 16 bytes per word */
    {MAPPING_TRANSPOSE, VKSPLIT_MAPPING_TRANSPOSE, "transpose", 1u | 2u | 4u | 8u | 16u, 0, 0, 1},
    {MAPPING_TRANSPOSE16, VKSPLIT_MAPPING_TRANSPOSE, "transpose (16-byte loads and stores)", 0, 4u, 1, 1},
    /* uint32 pieces staged in workgroup memory, moved as 4-byte words, or 16-byte ones where allowed */
    {MAPPING_DEINTERLEAVE, VKSPLIT_MAPPING_DEINTERLEAVE, "deinterleave", 4u, 16u, 0, 1},
};
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
    if (!row || (row->bda_only && !caps->bda) || word_bytes > caps->max_word_bytes)
        return false;
    bool wide = caps->bda && caps->max_word_bytes >= 16;
    return vksplit__is_pow2(word_bytes) && ((row->words | (wide ? row->wide_words : 0)) & word_bytes) != 0;
}

vksplit_mapping vksplit__join_mapping(vksplit_mapping tuned)
{
    return tuned == VKSPLIT_MAPPING_INTERLEAVED ? VKSPLIT_MAPPING_TILES : tuned;
}

bool vksplit__kernel_joins(uint32_t kernel)
{
    const kernel_row* row = row_of(kernel);
    return row && row->joins;
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
