/* The C mirrors of the shader's push-constant blocks (shaders/split_abi.h places every field
 * on both sides; the asserts below check each one). */
#ifndef VKSPLIT_PUSH_CONSTANTS_H
#define VKSPLIT_PUSH_CONSTANTS_H

#include <stddef.h>
#include <stdint.h>

#include "split_abi.h"
#include "vksplit/vksplit.h"

typedef struct vksplit__push_bda {
    uint64_t table;
    uint64_t input;
    uint64_t arguments;
    uint32_t rec_first, rec_count, wg_base, grid_x, row_dims, records_offset;
    uint64_t outputs[ABI_INLINE_OUTPUTS];
} vksplit__push_bda;

typedef struct vksplit__push_desc {
    uint32_t rec_first, rec_count, wg_base, grid_x, row_dims, records_offset;
    uint32_t input_word, pad;
    uint32_t output_words[ABI_MAX_SLOTS];
} vksplit__push_desc;

#define VKSPLIT_CHECK_FIELD(type, field, offset) \
    _Static_assert(offsetof(type, field) == (offset), #type "." #field " must sit at " #offset " as in split_abi.h")
VKSPLIT_CHECK_FIELD(vksplit__push_bda, table, PC_BDA_TABLE);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, input, PC_BDA_INPUT);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, arguments, PC_BDA_ARGUMENTS);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, rec_first, PC_BDA_REC_FIRST);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, rec_count, PC_BDA_REC_COUNT);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, wg_base, PC_BDA_WG_BASE);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, grid_x, PC_BDA_GRID_X);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, row_dims, PC_BDA_ROW_DIMS);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, records_offset, PC_BDA_RECORDS);
VKSPLIT_CHECK_FIELD(vksplit__push_bda, outputs, PC_BDA_OUTPUTS);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, rec_first, PC_DESC_REC_FIRST);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, rec_count, PC_DESC_REC_COUNT);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, wg_base, PC_DESC_WG_BASE);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, grid_x, PC_DESC_GRID_X);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, row_dims, PC_DESC_ROW_DIMS);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, records_offset, PC_DESC_RECORDS);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, input_word, PC_DESC_INPUT_WORD);
VKSPLIT_CHECK_FIELD(vksplit__push_desc, output_words, PC_DESC_OUTPUT_WORDS);
#undef VKSPLIT_CHECK_FIELD
_Static_assert(sizeof(vksplit__push_bda) == PUSH_BYTES, "push constants must be the 128 bytes Vulkan guarantees");
_Static_assert(sizeof(vksplit__push_desc) == PUSH_BYTES, "push constants must be the 128 bytes Vulkan guarantees");
_Static_assert(ABI_INLINE_OUTPUTS == VKSPLIT_INLINE_OUTPUTS, "the public header and the shader ABI disagree");
_Static_assert(MAPPING_RUNS == VKSPLIT_MAPPING_RUNS && MAPPING_INTERLEAVED == VKSPLIT_MAPPING_INTERLEAVED,
               "the public mapping values and the shader's disagree");

#endif /* VKSPLIT_PUSH_CONSTANTS_H */
