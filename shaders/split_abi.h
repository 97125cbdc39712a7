/* The contract between the host planner (src/planner.c) and the shader
 * (shaders/split_copy.comp): push-constant layout and parameter-table layout.
 * Plain #defines, valid in both C and GLSL; change both sides through this file only.
 *
 * Parameter table (an array of uint32, written once when the plan is created):
 *   [0, records]                 prefix: first workgroup of each record, then the total
 *   [records_offset + k*stride]  record k (one non-empty output), stride = REC_DIMS + DIM_FIELDS*row_dims
 *   [address_block_offset ...]   64-bit output addresses, rewritten per record by
 *                                vkCmdUpdateBuffer when they do not fit in push constants
 * 64-bit fields are two uint32, low half first.
 */
#ifndef VKSPLIT_SPLIT_ABI_H
#define VKSPLIT_SPLIT_ABI_H

#define ABI_INLINE_OUTPUTS 10   /* device addresses that fit in push constants */
#define ABI_MAX_SLOTS 24        /* output bindings per dispatch on the descriptor path */
#define ABI_MAX_ROW_DIMS 8

/* Record fields (uint32 index within a record). */
#define REC_INVOCATIONS 0       /* invocations this output needs */
#define REC_CHUNK_WORDS 1       /* words in one row's contiguous chunk */
#define REC_PIECES 2            /* pieces a row is cut into (>1 only when rows_per_inv is 1) */
#define REC_PIECE_WORDS 3       /* words per piece (the last piece of a row may be shorter) */
#define REC_ROWS_PER_INV 4      /* whole rows one invocation copies */
#define REC_ROWS 5              /* rows of this output */
#define REC_IN_BASE 6           /* uint64: word offset of the output's first element in the input */
#define REC_DIMS 8              /* then per row dimension, innermost first: */
#define DIM_SIZE 0              /*   size */
#define DIM_IN_STRIDE 1         /*   uint64 input stride in words */
#define DIM_OUT_STRIDE 3        /*   uint64 output stride in words */
#define DIM_FIELDS 5

/* Push constants, 128 bytes on both paths (the Vulkan minimum for maxPushConstantsSize). */
#define PUSH_BYTES 128

#endif /* VKSPLIT_SPLIT_ABI_H */
