/* The contract between the host (src/geometry/, src/plan/, src/record/record.c) and the shader
 * (shaders/split_copy.comp and its copy_*.glsl): specialization constants, push-constant
 * layout, parameter-table layout. Plain #defines, valid in C and in GLSL: the shader places
 * every push constant with layout(offset = PC_...) and the C mirrors are checked field by
 * field with offsetof (src/record/push_constants.h), so neither side can drift.
 *
 * Parameter table (uint32 words, written once when the plan is created, never again):
 *   [0]                          unused (was the retired mapping 2's rows per band)
 *   [TBL_TILE_ROWS], [TBL_ROWS], [TBL_ROW_UINTS]   DEINTERLEAVE: rows per workgroup, rows of
 *                                every output, uint32 words of one input row
 *   [TBL_PREFIX + 0 .. segments] first workgroup of each segment (per band), then the total
 *   [TBL_SEGMENTS_AT(segments) + k * TBL_SEGMENT_STRIDE(row_dims)] segment k (one non-empty
 *                                output): its fields, then its row dimensions
 * 64-bit fields are two uint32, low half first. Segments start on 16 bytes and hold a whole
 * number of 16-byte words, at least 16 uint32 with room for one row dimension ({1, 0, 0}
 * where there is none), so that a kernel reads a segment's first 16 fields as four 16-byte
 * loads, all in flight at once, without asking how many dimensions there are.
 *
 * Per-recording arguments (memory the caller owns, only above ABI_INLINE_OUTPUTS segments):
 *   uint64 device address of each segment's output, segment order.
 */
#ifndef VKSPLIT_SPLIT_ABI_H
#define VKSPLIT_SPLIT_ABI_H

#define ABI_INLINE_OUTPUTS 10   /* device addresses that fit in push constants */
#define ABI_MAX_SLOTS 24        /* output bindings per dispatch on the descriptor path */
#define ABI_MAX_ROW_DIMS 8

/* Specialization constants. */
#define SPEC_WORKGROUP_SIZE 0
#define SPEC_OUTPUT_SLOTS 1
/* 2 was the kernel (MAPPING); each module now holds one kernel (KERNEL, cmake/shaders.cmake) */
/* 3 was TRIPS, never read: trips travel in push constants (PC_*_TRIPS) */
#define SPEC_SHARED_WORDS 4     /* uint32 words of workgroup memory (TRANSPOSE, DEINTERLEAVE; else 1) */
#define SPEC_JOIN 5             /* 0: a split (reads the whole, writes the parts); 1: a join (the other way) */
#define SPEC_LANE_RUNS 6        /* MAPPING_DEVICE on a CPU device: each lane copies a run of its own (llvmpipe) */

/* Kernels: the public mappings (== vksplit_mapping), then the kernels some plans of a
 * public mapping run instead of its word-by-word one. */
#define MAPPING_RUNS 1
/* 2 is retired (the earlier GPU mapping, removed in 0.4): never reused */
#define MAPPING_TILES 3
#define MAPPING_TRANSPOSE 4
#define MAPPING_DEINTERLEAVE 5
#define MAPPING_TILES_REALIGN 7 /* TILES with 4- or 8-byte words, copied with 16-byte loads and stores */
#define MAPPING_TILES_WIDE 8    /* TILES whose tiles span 2 GiB or more: 64-bit places (device addresses) */
#define MAPPING_TRANSPOSE16 9   /* TRANSPOSE of 4-byte elements with 16-byte loads and stores */
#define MAPPING_DEVICE 10       /* a plan for capacities: the lengths and offsets the GPU wrote (below) */
#define MAPPING_DEVICE_CHECK 11 /* its one-workgroup pass: checks them, writes what the copy reads */

/* Words one invocation loads before it stores (TILES, TRANSPOSE, DEINTERLEAVE's loads): 64
 * bytes in flight per trip for words of 4 bytes and more (16 x 4, 8 x 8, 4 x 16, 2 x 32);
 * 1- and 2-byte words keep 16 loads (16 and 32 bytes): more would cost more registers than
 * the bytes are worth, and such words only arise from odd byte counts. */
#define ABI_UNROLL(word) ((word) >= 4 ? 64 / (word) : 16)
/* The realigned TILES kernel's 16-byte blocks per trip: a split's 3 (six 16-byte loads), a
 * join's 4 (four). */
#define ABI_REALIGN_UNROLL_SPLIT 3u
#define ABI_REALIGN_UNROLL_JOIN 4u

/* TRANSPOSE: workgroups of 128 invocations (every device runs 128) copy a tile of
 * TRANSPOSE_TILE_A elements along the input's contiguous dimension by 4 * ABI_UNROLL(word)
 * along the output's, through workgroup memory with one padding column. Every tile is
 * TRANSPOSE_SHARED_WORDS uint32 words (8448 bytes) whatever the word. */
#define TRANSPOSE_WORKGROUP 128
#define TRANSPOSE_TILE_A 32
#define TRANSPOSE_TILE_B(word) (4 * ABI_UNROLL(word))
#define TRANSPOSE_SLOTS(word) ((word) > 4 ? (word) / 4 : 1)
#define TRANSPOSE_SHARED_WORDS ((TRANSPOSE_TILE_A + 1) * 64)
/* TRANSPOSE16: tiles of 64 x 32 elements of 4 bytes, 32 x 65 uint32 of workgroup memory. */
#define TRANSPOSE16_TILE_A 64
#define TRANSPOSE16_TILE_B 32

/* DEINTERLEAVE: a workgroup stages whole input rows in at most this much workgroup memory
 * (the Vulkan minimum of maxComputeSharedMemorySize is 16 KiB). */
#define DEINTERLEAVE_SHARED_WORDS 4096

/* Table header. */
/* word 0 unused (the retired mapping 2's rows per band): the others keep their places */
#define TBL_TILE_ROWS 1
#define TBL_ROWS 2
#define TBL_ROW_UINTS 3
#define TBL_PREFIX 4

/* Segment fields (uint32 index within a segment). Per mapping, a unit is:
 *   RUNS:         one invocation: one piece of a row, or several whole rows;
 *   TILES:        one workgroup: TRIPS * ABI_UNROLL * workgroup size consecutive words of a
 *                 line (dimension 0's rows x chunk), crossing rows within the line;
 *   TRANSPOSE:    one workgroup: one tile of dimensions 0 (input-contiguous) and 1
 *                 (output-contiguous) at one index of the others;
 *   DEINTERLEAVE: one workgroup for every segment: TBL_TILE_ROWS whole input rows. */
#define SEG_UNITS 0             /* units of this output (per band) */
#define SEG_CHUNK_WORDS 1       /* words in one row's contiguous chunk */
#define SEG_PIECES 2            /* RUNS: pieces a row is cut into (1: whole rows) */
#define SEG_PIECE_WORDS 3       /* RUNS: words per piece (the last may be shorter) */
#define SEG_BASE 4              /* uint64: word offset of the part's first element in the whole */
#define SEG_ROWS_PER_UNIT 6     /* RUNS: whole rows one unit copies (pieces == 1) */
#define SEG_ROWS 7              /* RUNS: rows of this output */
#define SEG_ROW_MAGIC 8         /* DEINTERLEAVE: ceil(2^32 / chunk_words), 0 for 1-word chunks */
#define SEG_DIMS 9              /* then per row dimension, innermost first: */
#define DIM_SIZE 0              /*   size */
#define DIM_READ_STRIDE 1       /*   uint64 stride in words on the side read (a split's whole, a join's part) */
#define DIM_WRITE_STRIDE 3      /*   uint64 stride in words on the side written */
#define DIM_FIELDS 5
#define TBL_ALIGN4(x) (((x) + 3u) & ~3u)
#define TBL_SEGMENTS_AT(segments) TBL_ALIGN4(TBL_PREFIX + (segments) + 1u)
#define TBL_SEGMENT_STRIDE(row_dims) TBL_ALIGN4(SEG_DIMS + DIM_FIELDS * ((row_dims) > 1u ? (row_dims) : 1u))
/* The same fields under the names other mappings give them. */
#define SEG_LINE_TILES SEG_PIECES       /* TILES: units per line (lines: rows / dimension 0's size) */
#define SEG_TILES SEG_PIECE_WORDS       /* TILES: units of the whole output (SEG_UNITS is per band) */
#define SEG_LINE_ROWS SEG_ROWS_PER_UNIT /* TILES: dimension 0's size (1 without row dimensions) */
#define SEG_READ_STRIDE32 SEG_ROWS      /* TILES: dimension 0's strides in words, where they fit */
#define SEG_WRITE_STRIDE32 SEG_ROW_MAGIC /*        32 bits (read, written; not the wide kernel's plans) */
#define SEG_TILES_A SEG_PIECES          /* TRANSPOSE: tiles along dimension 0 */
#define SEG_TILES_B SEG_PIECE_WORDS     /* TRANSPOSE: tiles along dimension 1 */
#define SEG_ROW_OFFSET SEG_PIECE_WORDS  /* DEINTERLEAVE: the chunk's first uint32 within an input row */
#define SEG_T16_TILES SEG_PIECES        /* TRANSPOSE16: tiles of the whole output (a unit copies `trips`) */
#define SEG_SIZE_A SEG_ROWS_PER_UNIT    /* TRANSPOSE16: dimension 0's size */
#define SEG_SIZE_B SEG_ROWS             /* TRANSPOSE16: dimension 1's size */
#define SEG_READ_B32 SEG_ROW_MAGIC      /* TRANSPOSE16: dimension 1's stride on the side read, in words (32 bits) */

/* MAPPING_DEVICE: a plan made for capacities (each part's largest length along the axis, the
 * whole's too) that reads the lengths and offsets along the axis, when it runs, from device
 * parameters the engine's GPU work wrote (vksplit.h: VKSPLIT_PARAMETERS_*). Every part is
 * rows (the dimensions before the axis) of one contiguous chunk: its length times the words of
 * one step along the axis (the dimensions after it, packed in every tensor). A unit is one
 * workgroup: one tile of TBL_DEV_TILE words (the workgroup size times ABI_UNROLL) of one row's
 * actual chunk. The check pass (MAPPING_DEVICE_CHECK, one workgroup, before it) reads the
 * engine's values, checks them against the capacities, and writes the lengths and offsets the
 * copy uses (all lengths 0 when a value breaks a rule), the status, every segment's first
 * workgroup for those lengths, and each dispatch's grid (vkCmdDispatchIndirect: its width the
 * shape's, PC_*_SHAPE): the copy runs the actual tiles, none for the capacity's rest. The check's
 * push constants: PC_*_SEGMENTS every segment, PC_*_EQUAL_UNITS the segments per dispatch. */
#define TBL_DEV_TILE 0             /* words one workgroup of the copy moves: its size x ABI_UNROLL(word) x trips */
#define TBL_DEV_STEP 1             /* words of one step along the axis */
#define TBL_DEV_PARTS 2            /* parts (N of the device parameters) */
#define TBL_DEV_CAPS_AT 3          /* the table's word where [N] capacities start, then the whole's */
#define SEG_DEV_TILES SEG_PIECES   /* tiles per row (of the capacity's chunk) */
#define SEG_DEV_PART SEG_PIECE_WORDS /* the part the segment copies: its index in the parameters */
/* Device parameters, uint32 words (the layout is vksplit.h's VKSPLIT_PARAMETERS_*): the engine's
 * values first, then the status and what the check writes for the copy. */
#define DEV_WHOLE_LENGTH 0
#define DEV_LENGTH(n, i) (1u + (i))
#define DEV_OFFSET(n, i) (1u + (n) + (i))
#define DEV_STATUS(n) (1u + 2u * (n)) /* [4]: the rule, then three values for its message */
#define DEV_USED_LENGTH(n, i) (5u + 2u * (n) + (i))
#define DEV_USED_OFFSET(n, i) (5u + 3u * (n) + (i))
#define DEV_PREFIX(n, s) (5u + 4u * (n) + (s))        /* [segments + 1]: each segment's first workgroup of the
                                                         * copy for the actual lengths, then the total */
#define DEV_INDIRECT(n, g) (6u + 5u * (n) + 3u * (g)) /* per dispatch of the copy: its VkDispatchIndirectCommand */
#define DEV_WORDS(n) (6u + 8u * (n))
/* The check's and the copy's rounding of words to tiles and of workgroups to grid rows, in 32
 * bits: the plan keeps the whole's capacity in words plus one tile below 2^32 (src/geometry/
 * mapping_device.c), and the capacity's grid within the device's, so that neither wraps. The
 * fuzzers' model of the two passes (fuzz/check_device.c) runs this very expression. */
#define DEV_DIV_UP(a, b) (((a) + (b) - 1u) / (b))
#define DEV_OFFSETS_PACKED 1u      /* the parts one after another from the whole's start */
#define DEV_OFFSETS_GIVEN 2u       /* each part's offset in the parameters */
/* The rules the check writes (vksplit/rules.h's numbers: src/record/push_constants.h checks
 * them against VKSPLIT_RULE_*). */
#define DEV_RULE_LENGTH 294        /* a length over its capacity: part, length, capacity */
#define DEV_RULE_WHOLE_LENGTH 295  /* PACKED: the whole's length over its capacity: length, capacity, 0 */
#define DEV_RULE_SUM 296           /* PACKED: the lengths' sum is not the whole's length: sum, length, 0 */
#define DEV_RULE_OFFSET 297        /* GIVEN: offset + length past the whole's capacity: part, offset, capacity */
#define DEV_RULE_ORDER 298         /* GIVEN, a join: a part starts before the one before it ends: part, offset, end */

/* Push constants, byte offsets; 128 bytes on both paths (the Vulkan minimum for
 * maxPushConstantsSize). PC_*_SHAPE packs the grid's width (bits 0-15), the row dimensions
 * (bits 16-19) and the flags (bits 20-): */
#define SHAPE_GRID_X_MASK 0xFFFFu
#define SHAPE_ROW_DIMS_SHIFT 16
#define SHAPE_ROW_DIMS_MASK 0xFu
#define SHAPE_FLAGS_SHIFT 20
#define SHAPE_FLAGS_MASK 0xFFFu
#define FLAG_ARGUMENTS 1u       /* output addresses in the caller's arguments, at outputs[0] */
#define FLAG_INLINE 2u          /* TILES without row dimensions: segments in push constants */
#define FLAG_GRID3 4u           /* segments of equal work: the grid is (units, segments, bands), no search */
#define FLAG_PREFIX 8u          /* device addresses, 2 or 3 segments of unequal work: PREFIX1/2 find them */
#define FLAG_ALIGNED 16u        /* every binding 16-byte aligned (the realigned TILES: the plan asks it) */
/* Device addresses: */
#define PC_BDA_TABLE 0          /* uint64: the plan's parameter table */
#define PC_BDA_WHOLE 8          /* uint64: the whole's binding (a split's input, a join's output) */
#define PC_BDA_SEGMENTS 16      /* uint: segments (all of them: one dispatch) */
#define PC_BDA_SHAPE 20         /* uint: grid width | row dims | flags */
#define PC_BDA_BAND_GROUPS 24   /* uint: workgroups of one band (of the dispatch without bands); DEINTERLEAVE: tile rows */
#define PC_BDA_BANDS 28         /* uint: bands (1: none); DEINTERLEAVE: rows */
#define PC_BDA_EQUAL_UNITS 32   /* uint: units of every segment per band when equal, else 0; DEINTERLEAVE: uint32 per row */
#define PC_BDA_PREFIX1 36       /* uint: FLAG_PREFIX: first workgroup of segment 1; DEINTERLEAVE: tiles */
#define PC_BDA_PREFIX2 40       /* uint: FLAG_PREFIX: of segment 2 (0xFFFFFFFF with 2 segments); DEINTERLEAVE: units */
#define PC_BDA_TRIPS 44         /* uint: TILES: trips per invocation */
#define PC_BDA_PARTS 48         /* uint64[ABI_INLINE_OUTPUTS]: the parts' addresses (a join's inputs), or [0] the
                                 * arguments' address (FLAG_ARGUMENTS); FLAG_INLINE: then per
                                 * segment INLINE_FIELDS uint32 from uint32 INLINE_AT on, at
                                 * fixed places, so that the shader reads them without indexing */
#define PC_BDA_PARAMETERS (PC_BDA_PARTS + 8 * (ABI_INLINE_OUTPUTS - 1)) /* uint64: MAPPING_DEVICE and its check:
                                 * the device parameters, in the tenth part's place (such a plan
                                 * pushes 9 parts' addresses, DEVICE_INLINE_OUTPUTS) */
#define DEVICE_INLINE_OUTPUTS (ABI_INLINE_OUTPUTS - 1)
#define DEV_MODE_JOIN 4u
/* MAPPING_DEVICE_CHECK's own push constants (shaders/device_check.glsl): */
#define PC_CHECK_BDA_TABLE 0         /* uint64: the plan's table */
#define PC_CHECK_BDA_BLOCK 8         /* uint64: the device parameters' block */
#define PC_CHECK_BDA_SEGMENTS 16     /* uint: the copy's segments (every one: one dispatch) */
#define PC_CHECK_BDA_SHAPE 20        /* uint: the copy's shape: its grid's width, its row dimensions */
#define PC_CHECK_BDA_PER_DISPATCH 24 /* uint: segments per dispatch of the copy */
#define PC_CHECK_BDA_MODE 28         /* uint: DEV_OFFSETS_*, | DEV_MODE_JOIN for a join */
#define PC_CHECK_BDA_BYTES 32
#define PC_CHECK_DESC_SEGMENTS 0     /* (binding 0 the table, binding 3 the block) */
#define PC_CHECK_DESC_PER_DISPATCH 4
#define PC_CHECK_DESC_SHAPE 8
#define PC_CHECK_DESC_SEGMENTS_AT 12 /* uint: segment 0's first word in the table */
#define PC_CHECK_DESC_MODE 16
#define PC_CHECK_DESC_BLOCK_WORD 20  /* uint: the block's first uint32 within binding 3 */
#define PC_CHECK_DESC_BYTES 24
#define INLINE_BASE 0        /*   uint64 */
#define INLINE_CHUNK 2
#define INLINE_UNITS 3          /*   units (TILES: a unit's stride in tiles) */
#define INLINE_FIELDS 4
#define INLINE_MAX_SEGMENTS 3
#define INLINE_AT (2 * INLINE_MAX_SEGMENTS)
/* Descriptors (set 0: binding 0 the table, 1 the whole, 2 the parts[OUTPUT_SLOTS]; a split's
 * input and outputs, a join's output and inputs): */
#define PC_DESC_SEG_FIRST 0
#define PC_DESC_SEGMENTS 4
#define PC_DESC_WG_BASE 8       /* first workgroup of this dispatch in the prefix */
#define PC_DESC_SHAPE 12
#define PC_DESC_EQUAL_UNITS 16
#define PC_DESC_SEGMENTS_AT 20  /* uint: segment 0's first word in the table */
#define PC_DESC_TRIPS 24        /* uint: TILES: trips per invocation */
#define PC_DESC_WHOLE_WORD 28   /* uint: the whole's first word within its descriptor */
#define PC_DESC_PART_WORDS 32   /* uint[ABI_MAX_SLOTS]: each slot's part's first word within its descriptor */
#define PC_DESC_PARAM_WORD (PC_DESC_PART_WORDS + 4 * (ABI_MAX_SLOTS - 1)) /* uint: MAPPING_DEVICE and its
                                 * check: the device parameters' first uint32 within binding 3, in the
                                 * last part word's place (such plans use at most ABI_MAX_SLOTS - 1 slots) */
#define PUSH_BYTES 128

#endif /* VKSPLIT_SPLIT_ABI_H */
