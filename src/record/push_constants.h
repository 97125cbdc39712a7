/* The C mirrors of each kernel's push constants (shaders/split_abi.h places every field on both
 * sides; the asserts below check each one): a struct per layout, named for the kernels that read
 * it, no field read two ways. */
#ifndef VKSPLIT_PUSH_CONSTANTS_H
#define VKSPLIT_PUSH_CONSTANTS_H

#include <stddef.h>
#include <stdint.h>

#include "split_abi.h"
#include "vksplit/vksplit.h"

/* Device addresses, what every copy kernel reads first (PC_BDA_TABLE .. PC_BDA_SHAPE). */
typedef struct vksplit__push_head {
    uint64_t table;
    uint64_t whole;
    uint32_t segments, shape;
} vksplit__push_head;

/* Device addresses: RUNS, TILES (its three kernels) and TRANSPOSE (its two). */
typedef struct vksplit__push_bda {
    vksplit__push_head head;
    uint32_t band_groups, bands, equal_units, prefix1, prefix2, trips;
    /* The parts' addresses as uint32 pairs (or the arguments' address); TILES' inline segments
     * after the first INLINE_MAX_SEGMENTS (FLAG_INLINE). */
    uint32_t parts[2 * ABI_INLINE_OUTPUTS];
} vksplit__push_bda;

/* Device addresses: DEINTERLEAVE. */
typedef struct vksplit__push_deinterleave_bda {
    vksplit__push_head head;
    uint32_t tile_rows, rows, row_uints, tiles, units, trips;
    uint32_t parts[2 * ABI_INLINE_OUTPUTS];
} vksplit__push_deinterleave_bda;

/* Device addresses: the device copy. */
typedef struct vksplit__push_device_bda {
    vksplit__push_head head;
    uint32_t unused[6]; /* 24-47: no field of its own */
    uint32_t parts[2 * DEVICE_INLINE_OUTPUTS];
    uint32_t block[2]; /* the block's address, a uint32 pair */
} vksplit__push_device_bda;

/* Descriptors: RUNS, TILES, TRANSPOSE and DEINTERLEAVE. */
typedef struct vksplit__push_desc {
    uint32_t seg_first, segments, wg_base, shape, equal_units, segments_at, trips, whole_word;
    uint32_t part_words[ABI_MAX_SLOTS];
} vksplit__push_desc;

/* Descriptors: the device copy. */
typedef struct vksplit__push_device_desc {
    uint32_t seg_first, segments, wg_base, shape, unused16, segments_at, unused24, whole_word;
    uint32_t part_words[ABI_MAX_SLOTS - 1];
    uint32_t block_word;
} vksplit__push_device_desc;

/* The device parameters' check: its own (shaders/device_check.glsl). */
typedef struct vksplit__push_check_bda {
    uint64_t table;
    uint64_t block;
    uint32_t segments, shape, per_dispatch, mode;
} vksplit__push_check_bda;

typedef struct vksplit__push_check_desc {
    uint32_t segments, per_dispatch, shape, segments_at, mode, block_word;
} vksplit__push_check_desc;

/* Rows the GPU places: the copy's and the check's (shaders/rows_indices.glsl). */
typedef struct vksplit__push_rows_bda {
    uint64_t table, whole, part, indices, block;
    uint32_t grid_x, unused44;
} vksplit__push_rows_bda;

typedef struct vksplit__push_rows_desc {
    uint32_t table_word, whole_word, part_word, indices_word, block_word, grid_x;
} vksplit__push_rows_desc;

#define VKSPLIT_CHECK_FIELD(type, field, offset) \
    _Static_assert(offsetof(type, field) == (offset), #type "." #field " must sit at " #offset " as in split_abi.h")
VKSPLIT_CHECK_FIELD(vksplit__push_head, table, PC_BDA_TABLE);
VKSPLIT_CHECK_FIELD(vksplit__push_head, whole, PC_BDA_WHOLE);
VKSPLIT_CHECK_FIELD(vksplit__push_head, segments, PC_BDA_SEGMENTS);
VKSPLIT_CHECK_FIELD(vksplit__push_head, shape, PC_BDA_SHAPE);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, head, 0);
VKSPLIT_CHECK_FIELD(vksplit__push_deinterleave_bda, head, 0);
VKSPLIT_CHECK_FIELD(vksplit__push_device_bda, head, 0);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, band_groups, PC_BDA_BAND_GROUPS);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, bands, PC_BDA_BANDS);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, equal_units, PC_BDA_EQUAL_UNITS);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, prefix1, PC_BDA_PREFIX1);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, prefix2, PC_BDA_PREFIX2);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, trips, PC_BDA_TRIPS);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, parts, PC_BDA_PARTS);
VKSPLIT_CHECK_FIELD(vksplit__push_deinterleave_bda, tile_rows, PC_DEINTERLEAVE_BDA_TILE_ROWS);
VKSPLIT_CHECK_FIELD(vksplit__push_deinterleave_bda, rows, PC_DEINTERLEAVE_BDA_ROWS);
VKSPLIT_CHECK_FIELD(vksplit__push_deinterleave_bda, row_uints, PC_DEINTERLEAVE_BDA_ROW_UINTS);
VKSPLIT_CHECK_FIELD(vksplit__push_deinterleave_bda, tiles, PC_DEINTERLEAVE_BDA_TILES);
VKSPLIT_CHECK_FIELD(vksplit__push_deinterleave_bda, units, PC_DEINTERLEAVE_BDA_UNITS);
VKSPLIT_CHECK_FIELD(vksplit__push_deinterleave_bda, trips, PC_DEINTERLEAVE_BDA_TRIPS);
VKSPLIT_CHECK_FIELD(vksplit__push_deinterleave_bda, parts, PC_BDA_PARTS);
VKSPLIT_CHECK_FIELD(vksplit__push_device_bda, parts, PC_DEVICE_BDA_PARTS);
VKSPLIT_CHECK_FIELD(vksplit__push_device_bda, block, PC_DEVICE_BDA_BLOCK);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, seg_first, PC_DESC_SEG_FIRST);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, segments, PC_DESC_SEGMENTS);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, wg_base, PC_DESC_WG_BASE);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, shape, PC_DESC_SHAPE);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, equal_units, PC_DESC_EQUAL_UNITS);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, segments_at, PC_DESC_SEGMENTS_AT);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, trips, PC_DESC_TRIPS);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, whole_word, PC_DESC_WHOLE_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, part_words, PC_DESC_PART_WORDS);
VKSPLIT_CHECK_FIELD(vksplit__push_device_desc, seg_first, PC_DESC_SEG_FIRST);
VKSPLIT_CHECK_FIELD(vksplit__push_device_desc, segments, PC_DESC_SEGMENTS);
VKSPLIT_CHECK_FIELD(vksplit__push_device_desc, wg_base, PC_DESC_WG_BASE);
VKSPLIT_CHECK_FIELD(vksplit__push_device_desc, shape, PC_DESC_SHAPE);
VKSPLIT_CHECK_FIELD(vksplit__push_device_desc, segments_at, PC_DESC_SEGMENTS_AT);
VKSPLIT_CHECK_FIELD(vksplit__push_device_desc, whole_word, PC_DESC_WHOLE_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_device_desc, part_words, PC_DESC_PART_WORDS);
VKSPLIT_CHECK_FIELD(vksplit__push_device_desc, block_word, PC_DEVICE_DESC_BLOCK_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_check_bda, table, PC_CHECK_BDA_TABLE);
VKSPLIT_CHECK_FIELD(vksplit__push_check_bda, block, PC_CHECK_BDA_BLOCK);
VKSPLIT_CHECK_FIELD(vksplit__push_check_bda, segments, PC_CHECK_BDA_SEGMENTS);
VKSPLIT_CHECK_FIELD(vksplit__push_check_bda, shape, PC_CHECK_BDA_SHAPE);
VKSPLIT_CHECK_FIELD(vksplit__push_check_bda, per_dispatch, PC_CHECK_BDA_PER_DISPATCH);
VKSPLIT_CHECK_FIELD(vksplit__push_check_bda, mode, PC_CHECK_BDA_MODE);
VKSPLIT_CHECK_FIELD(vksplit__push_check_desc, segments, PC_CHECK_DESC_SEGMENTS);
VKSPLIT_CHECK_FIELD(vksplit__push_check_desc, per_dispatch, PC_CHECK_DESC_PER_DISPATCH);
VKSPLIT_CHECK_FIELD(vksplit__push_check_desc, shape, PC_CHECK_DESC_SHAPE);
VKSPLIT_CHECK_FIELD(vksplit__push_check_desc, segments_at, PC_CHECK_DESC_SEGMENTS_AT);
VKSPLIT_CHECK_FIELD(vksplit__push_check_desc, mode, PC_CHECK_DESC_MODE);
VKSPLIT_CHECK_FIELD(vksplit__push_check_desc, block_word, PC_CHECK_DESC_BLOCK_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_bda, table, PC_ROWS_BDA_TABLE);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_bda, whole, PC_ROWS_BDA_WHOLE);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_bda, part, PC_ROWS_BDA_PART);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_bda, indices, PC_ROWS_BDA_INDICES);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_bda, block, PC_ROWS_BDA_BLOCK);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_bda, grid_x, PC_ROWS_BDA_GRID_X);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_desc, table_word, PC_ROWS_DESC_TABLE_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_desc, whole_word, PC_ROWS_DESC_WHOLE_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_desc, part_word, PC_ROWS_DESC_PART_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_desc, indices_word, PC_ROWS_DESC_INDICES_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_desc, block_word, PC_ROWS_DESC_BLOCK_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_rows_desc, grid_x, PC_ROWS_DESC_GRID_X);
#undef VKSPLIT_CHECK_FIELD
_Static_assert(sizeof(vksplit__push_bda) == PUSH_BYTES && sizeof(vksplit__push_deinterleave_bda) == PUSH_BYTES &&
                   sizeof(vksplit__push_device_bda) == PUSH_BYTES && sizeof(vksplit__push_desc) == PUSH_BYTES &&
                   sizeof(vksplit__push_device_desc) == PUSH_BYTES,
               "a copy kernel's push constants must be the 128 bytes Vulkan guarantees");
_Static_assert(sizeof(vksplit__push_check_bda) == PC_CHECK_BDA_BYTES &&
                   sizeof(vksplit__push_check_desc) == PC_CHECK_DESC_BYTES,
               "the check's push constants and split_abi.h disagree");
_Static_assert(ABI_INLINE_OUTPUTS == VKSPLIT_INLINE_OUTPUTS, "the public header and the shader ABI disagree");
_Static_assert(INLINE_AT + INLINE_MAX_SEGMENTS * INLINE_FIELDS <= 2 * ABI_INLINE_OUTPUTS,
               "inline segments must fit the parts area of the push constants");
_Static_assert(MAPPING_RUNS == VKSPLIT_MAPPING_RUNS && MAPPING_TILES == VKSPLIT_MAPPING_TILES &&
                   MAPPING_TRANSPOSE == VKSPLIT_MAPPING_TRANSPOSE &&
                   MAPPING_DEINTERLEAVE == VKSPLIT_MAPPING_DEINTERLEAVE,
               "the public mapping values and the shader's disagree");
/* Device parameters: the public layout is the shader's, and the rules the check writes are
 * vksplit/rules.h's. */
_Static_assert(VKSPLIT_PARAMETERS_WHOLE_LENGTH == BLOCK_WHOLE_LENGTH &&
                   VKSPLIT_PARAMETERS_LENGTH(7, 3) == BLOCK_LENGTH(7, 3) &&
                   VKSPLIT_PARAMETERS_OFFSET(7, 3) == BLOCK_OFFSET(7, 3) &&
                   VKSPLIT_PARAMETERS_STATUS(7) == BLOCK_STATUS(7) && VKSPLIT_PARAMETERS_WORDS(7) == BLOCK_WORDS(7) &&
                   BLOCK_INDIRECT(7, 6) + 3 == BLOCK_WORDS(7) && BLOCK_USED_OFFSET(7, 6) + 1 == BLOCK_PREFIX(7, 0) &&
                   BLOCK_PREFIX(7, 7) + 1 == BLOCK_INDIRECT(7, 0),
               "the device parameters' layout in vksplit.h and split_abi.h disagree");
_Static_assert(CHECK_RULE_LENGTH == VKSPLIT_RULE_DEVICE_LENGTH &&
                   CHECK_RULE_WHOLE_LENGTH == VKSPLIT_RULE_DEVICE_WHOLE_LENGTH &&
                   CHECK_RULE_SUM == VKSPLIT_RULE_DEVICE_SUM && CHECK_RULE_OFFSET == VKSPLIT_RULE_DEVICE_OFFSET &&
                   CHECK_RULE_ORDER == VKSPLIT_RULE_DEVICE_ORDER,
               "the rules the check writes (split_abi.h) are not vksplit/rules.h's");
_Static_assert(PC_DEVICE_BDA_BLOCK + 8 == PUSH_BYTES && DEVICE_INLINE_OUTPUTS + 1 == ABI_INLINE_OUTPUTS &&
                   PC_DEVICE_DESC_BLOCK_WORD + 4 == PUSH_BYTES,
               "the device copy's block takes the last part's place");
_Static_assert((VKSPLIT_DEVICE_PARAMETERS_PACKED == CHECK_MODE_PACKED) &&
                   (VKSPLIT_DEVICE_PARAMETERS_GIVEN == CHECK_MODE_GIVEN),
               "the public modes and the shader's disagree");

_Static_assert(sizeof(vksplit__push_rows_bda) == PC_ROWS_BDA_BYTES &&
                   sizeof(vksplit__push_rows_desc) == PC_ROWS_DESC_BYTES,
               "the rows' push constants and split_abi.h disagree");
/* Rows: the public modes are the table's, the status is vksplit.h's, the rules are rules.h's. */
_Static_assert(VKSPLIT_ROWS_INDEXED == 1 && VKSPLIT_ROWS_LINEAR == 2 && VKSPLIT_ROWS_CIRCULAR == 3 &&
                   (ROWS_FLAG_MODE & VKSPLIT_ROWS_CIRCULAR) == VKSPLIT_ROWS_CIRCULAR,
               "the public rows modes and the shader's disagree");
_Static_assert(VKSPLIT_ROWS_STATUS_WORDS == ROWS_BLOCK_SCRATCH && ROWS_BLOCK_STATUS == 0,
               "the rows' status in vksplit.h and split_abi.h disagree");
_Static_assert(ROWS_RULE_INDEX == VKSPLIT_RULE_ROWS_INDEX && ROWS_RULE_START == VKSPLIT_RULE_ROWS_START &&
                   ROWS_RULE_DUPLICATE == VKSPLIT_RULE_ROWS_DUPLICATE,
               "the rules the rows' checks write (split_abi.h) are not vksplit/rules.h's");

#endif /* VKSPLIT_PUSH_CONSTANTS_H */
