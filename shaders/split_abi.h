/* The contract between the host (src/planner.c, src/record.c) and the shader
 * (shaders/split_copy.comp): push-constant layout, parameter-table layout, specialization
 * constants. Plain #defines, valid in C and in GLSL: the shader places every push constant
 * with layout(offset = PC_...) and the C mirrors are checked field by field with offsetof
 * (src/push_constants.h), so neither side can drift.
 *
 * Parameter table (uint32 words, written once when the plan is created, never again):
 *   [TBL_BAND_ROWS], [TBL_BANDS] bands (INTERLEAVED): the dispatch walks the rows in bands of
 *                                band_rows rows of every record in turn, so that the workgroups
 *                                running at one time read nearby input; 0 rows: one band
 *   [TBL_PREFIX + 0 .. records]  per band: first workgroup of each record, then the total
 *   [records_offset + k*stride]  record k (one non-empty output), stride = REC_DIMS + DIM_FIELDS*row_dims
 * 64-bit fields are two uint32, low half first.
 *
 * Per-record arguments (memory the caller owns, only above ABI_INLINE_OUTPUTS records):
 *   uint64 device address of each record's output, record order.
 */
#ifndef VKSPLIT_SPLIT_ABI_H
#define VKSPLIT_SPLIT_ABI_H

#define ABI_INLINE_OUTPUTS 10   /* device addresses that fit in push constants */
#define ABI_MAX_SLOTS 24        /* output bindings per dispatch on the descriptor path */
#define ABI_MAX_ROW_DIMS 8

/* Specialization constants. */
#define SPEC_WORKGROUP_SIZE 0
#define SPEC_OUTPUT_SLOTS 1
#define SPEC_MAPPING 2
#define MAPPING_RUNS 1          /* == VKSPLIT_MAPPING_RUNS */
#define MAPPING_INTERLEAVED 2   /* == VKSPLIT_MAPPING_INTERLEAVED */

/* Table header. */
#define TBL_BAND_ROWS 0
#define TBL_BANDS 1
#define TBL_PREFIX 2

/* Record fields (uint32 index within a record). Per mapping:
 *   RUNS:        a unit is one invocation; it copies one piece of a row, or several rows.
 *   INTERLEAVED: a unit is one workgroup; it copies one piece of a row (invocation i takes
 *                words i, i + workgroup size, ...), or a tile of whole rows. */
#define REC_UNITS 0             /* units (invocations or workgroups) this output needs (per band) */
#define REC_CHUNK_WORDS 1       /* words in one row's contiguous chunk */
#define REC_PIECES 2            /* pieces a row is cut into; 1 when a unit takes whole rows */
#define REC_PIECE_WORDS 3       /* words per piece (the last piece of a row may be shorter) */
#define REC_ROWS_PER_UNIT 4     /* whole rows one unit copies (when pieces is 1) */
#define REC_ROWS 5              /* rows of this output */
#define REC_IN_BASE 6           /* uint64: word offset of the output's first element in the input */
#define REC_ROW_MAGIC 8         /* INTERLEAVED tiles: ceil(2^32 / chunk_words), 0 for 1-word chunks */
#define REC_DIMS 9              /* then per row dimension, innermost first: */
#define DIM_SIZE 0              /*   size */
#define DIM_IN_STRIDE 1         /*   uint64 input stride in words */
#define DIM_OUT_STRIDE 3        /*   uint64 output stride in words */
#define DIM_FIELDS 5

/* Push constants, byte offsets; 128 bytes on both paths (the Vulkan minimum for
 * maxPushConstantsSize). Device addresses: */
#define PC_BDA_TABLE 0          /* uint64: the plan's parameter table */
#define PC_BDA_INPUT 8          /* uint64: input binding */
#define PC_BDA_ARGUMENTS 16     /* uint64: per-record arguments, or 0: output addresses inline */
#define PC_BDA_REC_FIRST 24     /* uint: first record of this dispatch */
#define PC_BDA_REC_COUNT 28     /* uint: records in this dispatch */
#define PC_BDA_WG_BASE 32       /* uint: first workgroup of this dispatch in the prefix */
#define PC_BDA_GRID_X 36        /* uint: workgroups per grid row (2D grids) */
#define PC_BDA_ROW_DIMS 40      /* uint */
#define PC_BDA_RECORDS 44       /* uint: records_offset */
#define PC_BDA_OUTPUTS 48       /* uint64[ABI_INLINE_OUTPUTS] */
/* Descriptors (set 0: binding 0 the table, 1 the input, 2 the outputs[OUTPUT_SLOTS]): */
#define PC_DESC_REC_FIRST 0
#define PC_DESC_REC_COUNT 4
#define PC_DESC_WG_BASE 8
#define PC_DESC_GRID_X 12
#define PC_DESC_ROW_DIMS 16
#define PC_DESC_RECORDS 20
#define PC_DESC_INPUT_WORD 24   /* uint: the input's first word within its descriptor */
#define PC_DESC_OUTPUT_WORDS 32 /* uint[ABI_MAX_SLOTS]: each slot's first word within its descriptor */
#define PUSH_BYTES 128

#endif /* VKSPLIT_SPLIT_ABI_H */
