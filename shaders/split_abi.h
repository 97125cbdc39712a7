/* The contract between the host (src/geometry/, src/plan/, src/record/) and the shader
 * (shaders/split_copy.comp, its copy_*.glsl, and device_check.glsl): specialization constants,
 * and each kernel's push constants and parameter table. Plain #defines, valid in C and in GLSL:
 * the shader places every push constant with layout(offset = PC_...) and the C mirrors are
 * checked field by field with offsetof (src/record/push_constants.h), so neither side can drift.
 *
 * Every name here means one thing. What all copy kernels share has a plain name (PC_BDA_TABLE,
 * SEG_CHUNK_WORDS); what only one kernel reads carries that kernel's name (RUNS_SEG_PIECES,
 * PC_DEINTERLEAVE_BDA_ROWS, DEVICE_SEG_PART). A place two kernels use is two names, one each,
 * never one name read two ways. TILES' three kernels (the plain, the realigned, the wide) are
 * one plan (src/geometry/mapping_tiles.c) and read one layout, TILES'.
 *
 * Parameter table (uint32 words, written once when the plan is created, never again):
 *   [0 .. TBL_PREFIX)            the kernel's own header (DEINTERLEAVE's, the device copy's), else 0
 *   [TBL_PREFIX + 0 .. segments] first workgroup of each segment (per band), then the total
 *   [TBL_SEGMENTS_AT(segments) + k * TBL_SEGMENT_STRIDE(row_dims)] segment k (one non-empty
 *                                part): the common fields and the kernel's own, then its row
 *                                dimensions
 *   the device copy: then its capacities (DEVICE_TBL_CAPS_AT)
 * 64-bit fields are two uint32, low half first. Segments start on 16 bytes and hold a whole
 * number of 16-byte words, at least 16 uint32 with room for one row dimension ({1, 0, 0}
 * where there is none), so that a kernel reads a segment's first 16 fields as four 16-byte
 * loads, all in flight at once, without asking how many dimensions there are.
 *
 * Per-recording arguments (memory the caller owns, only above ABI_INLINE_OUTPUTS segments):
 *   uint64 device address of each segment's part, segment order.
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
#define SPEC_SHARED_WORDS 4     /* uint32 words of workgroup memory (TRANSPOSE, DEINTERLEAVE, the check; else 1) */
#define SPEC_JOIN 5             /* 0: a split (reads the whole, writes the parts); 1: a join (the other way) */
#define SPEC_LANE_RUNS 6        /* MAPPING_DEVICE on a CPU device: each lane copies a run of its own (llvmpipe) */
#define SPEC_ROWS_SHAPE 7       /* MAPPING_ROWS on a CPU device: the plan's ROWS_SHAPE (ROWS_SHAPE_ANY elsewhere) */
#define SPEC_ONE_LOAD_PATH 8    /* vksplit_tuning.load_paths ONE: TILES's trips load in one batch, stepped and clamped */
#define SPEC_SELECT_PLACES 9    /* a 32-bit multiply is several instructions (Intel, Qualcomm): places by selects, products once */

/* Kernels: the public mappings (== vksplit_mapping), then the kernels some plans of a
 * public mapping run instead of its word-by-word one, then device parameters' two (their
 * modules are named "device" and "device_check": `device` in a kernel's name is short for
 * device parameters). */
#define MAPPING_RUNS 1
/* 2 is retired (the earlier GPU mapping, removed in 0.4): never reused */
#define MAPPING_TILES 3
#define MAPPING_TRANSPOSE 4
#define MAPPING_DEINTERLEAVE 5
#define MAPPING_TILES_REALIGN 7 /* TILES with 4- or 8-byte words, copied with 16-byte loads and stores */
#define MAPPING_TILES_WIDE 8    /* TILES whose tiles span 2 GiB or more: 64-bit places (device addresses) */
#define MAPPING_TRANSPOSE16 9   /* TRANSPOSE of 4-byte elements with 16-byte loads and stores */
#define MAPPING_DEVICE 10       /* the device copy: a plan for capacities, lengths and offsets the GPU wrote */
#define MAPPING_DEVICE_CHECK 11 /* its one-workgroup check: holds them to the capacities, sizes the copy */
#define MAPPING_ROWS 12         /* rows the GPU places: one part's rows at listed places of the whole */
#define MAPPING_ROWS_CHECK 13   /* its one-workgroup check of the indices, for plans with many */

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

/* ---- the parameter table ----------------------------------------------------------------- */

#define TBL_PREFIX 4            /* the prefix: each segment's first workgroup, then the total */
#define TBL_ALIGN4(x) (((x) + 3u) & ~3u)
#define TBL_SEGMENTS_AT(segments) TBL_ALIGN4(TBL_PREFIX + (segments) + 1u)
#define TBL_SEGMENT_STRIDE(row_dims) TBL_ALIGN4(SEG_DIMS + DIM_FIELDS * ((row_dims) > 1u ? (row_dims) : 1u))

/* Every segment's common fields (uint32 index within a segment); fields 2, 3, 6, 7 and 8 are its
 * kernel's own (below). What a unit is, the kernel says. */
#define SEG_UNITS 0             /* units of this part (per band) */
#define SEG_CHUNK_WORDS 1       /* words in one row's contiguous chunk */
#define SEG_BASE 4              /* uint64: word offset of the part's first element in the whole */
#define SEG_DIMS 9              /* then per row dimension, innermost first: */
#define DIM_SIZE 0              /*   size */
#define DIM_READ_STRIDE 1       /*   uint64 stride in words on the side read (a split's whole, a join's part) */
#define DIM_WRITE_STRIDE 3      /*   uint64 stride in words on the side written */
#define DIM_FIELDS 5

/* RUNS: a unit is one invocation: one piece of a row, or several whole rows. */
#define RUNS_SEG_PIECES 2         /* pieces a row is cut into (1: whole rows) */
#define RUNS_SEG_PIECE_WORDS 3    /* words per piece (the last may be shorter) */
#define RUNS_SEG_ROWS_PER_UNIT 6  /* whole rows one unit copies (pieces == 1) */
#define RUNS_SEG_ROWS 7           /* rows of this part */

/* TILES (its plain, realigned and wide kernels): a unit is one workgroup: TRIPS * ABI_UNROLL *
 * workgroup size consecutive words of a line (dimension 0's rows x chunk), crossing rows within
 * the line. */
#define TILES_SEG_LINE_TILES 2     /* units per line (lines: rows / dimension 0's size) */
#define TILES_SEG_TILES 3          /* units of the whole part (SEG_UNITS is per band) */
#define TILES_SEG_LINE_ROWS 6      /* dimension 0's size (1 without row dimensions) */
#define TILES_SEG_READ_STRIDE32 7  /* dimension 0's strides in words, where they fit 32 bits (read, */
#define TILES_SEG_WRITE_STRIDE32 8 /* written; not the wide kernel's plans, which read the 64-bit ones) */

/* TRANSPOSE: a unit is one workgroup: one tile of dimensions 0 (input-contiguous) and 1
 * (output-contiguous) at one index of the others. */
#define TRANSPOSE_SEG_TILES_A 2    /* tiles along dimension 0 */
#define TRANSPOSE_SEG_TILES_B 3    /* tiles along dimension 1 */
/* TRANSPOSE16 (TRANSPOSE's plan with its 16-byte kernel): a unit copies `trips` tiles. */
#define TRANSPOSE16_SEG_TILES 2    /* tiles of the whole part */
#define TRANSPOSE16_SEG_SIZE_A 6   /* dimension 0's size */
#define TRANSPOSE16_SEG_SIZE_B 7   /* dimension 1's size */
#define TRANSPOSE16_SEG_READ_B32 8 /* dimension 1's stride on the side read, in words (32 bits) */

/* DEINTERLEAVE: a unit is one workgroup for every segment: DEINTERLEAVE_TBL_TILE_ROWS whole
 * input rows. Its header (device addresses push these too, PC_DEINTERLEAVE_BDA_*): */
#define DEINTERLEAVE_TBL_TILE_ROWS 1  /* input rows per workgroup */
#define DEINTERLEAVE_TBL_ROWS 2       /* rows of every part */
#define DEINTERLEAVE_TBL_ROW_UINTS 3  /* uint32 words of one input row */
#define DEINTERLEAVE_SEG_ROW_OFFSET 3 /* the chunk's first uint32 within an input row */
#define DEINTERLEAVE_SEG_ROW_MAGIC 8  /* ceil(2^32 / chunk_words), 0 for 1-word chunks */

/* MAPPING_DEVICE, the device copy: a plan made for capacities (each part's largest length along
 * the axis, the whole's too) that reads the lengths and offsets along the axis, when it runs,
 * from device parameters the engine's GPU work wrote (vksplit.h: VKSPLIT_PARAMETERS_*). Every
 * part is rows (the dimensions before the axis) of one contiguous chunk: its length times the
 * words of one step along the axis (the dimensions after it, packed in every tensor). A unit is
 * one workgroup: one tile of DEVICE_TBL_TILE words (the workgroup size times ABI_UNROLL times
 * the trips) of one row's actual chunk. Its check (MAPPING_DEVICE_CHECK, one workgroup, before
 * it) reads the engine's values, holds them to the capacities, and writes into the block the
 * lengths and offsets the copy uses (all lengths 0 when a value breaks a rule), the status,
 * every segment's first workgroup for those lengths, and each dispatch's grid
 * (vkCmdDispatchIndirect: its width the copy's shape's): the copy runs the actual tiles, none
 * for the capacity's rest. Its header: */
#define DEVICE_TBL_TILE 0          /* words one workgroup of the copy moves: its size x ABI_UNROLL(word) x trips */
#define DEVICE_TBL_STEP 1          /* words of one step along the axis */
#define DEVICE_TBL_PARTS 2         /* parts (N of the device parameters) */
#define DEVICE_TBL_CAPS_AT 3       /* the table's word where [N] capacities start, then the whole's */
#define DEVICE_SEG_TILES 2         /* tiles per row (of the capacity's chunk) */
#define DEVICE_SEG_PART 3          /* the part the segment copies: its index in the parameters */
#define DEVICE_SEG_ROWS 7          /* rows of this part (the dimensions before the axis) */

/* The block of device parameters, uint32 words (the layout is vksplit.h's VKSPLIT_PARAMETERS_*):
 * the engine's values first, then the status and what the check writes for the copy. */
#define BLOCK_WHOLE_LENGTH 0
#define BLOCK_LENGTH(n, i) (1u + (i))
#define BLOCK_OFFSET(n, i) (1u + (n) + (i))
#define BLOCK_STATUS(n) (1u + 2u * (n)) /* [4]: the rule, then three values for its message */
#define BLOCK_USED_LENGTH(n, i) (5u + 2u * (n) + (i))
#define BLOCK_USED_OFFSET(n, i) (5u + 3u * (n) + (i))
#define BLOCK_PREFIX(n, s) (5u + 4u * (n) + (s))        /* [segments + 1]: each segment's first workgroup
                                                           * of the copy for the actual lengths, then the total */
#define BLOCK_INDIRECT(n, g) (6u + 5u * (n) + 3u * (g)) /* per dispatch of the copy: its VkDispatchIndirectCommand */
#define BLOCK_WORDS(n) (6u + 8u * (n))
/* The check's and the copy's rounding of words to tiles and of workgroups to grid rows, in 32
 * bits: the plan keeps the whole's capacity in words plus one tile below 2^32 (src/geometry/
 * mapping_device.c), and the capacity's grid within the device's, so that neither wraps. The
 * fuzzers' model of the two passes (fuzz/check_device.c) runs this very expression. */
#define DEVICE_DIV_UP(a, b) (((a) + (b) - 1u) / (b))
/* The check's mode (PC_CHECK_*_MODE): how the offsets come (vksplit_device_parameters' values),
 * and whether the parts are a join's (who must lie in order). */
#define CHECK_MODE_PACKED 1u       /* the parts one after another from the whole's start */
#define CHECK_MODE_GIVEN 2u        /* each part's offset in the parameters */
#define CHECK_MODE_JOIN 4u
/* The rules the check writes (vksplit/rules.h's numbers: src/record/push_constants.h checks
 * them against VKSPLIT_RULE_*). */
#define CHECK_RULE_LENGTH 294        /* a length over its capacity: part, length, capacity */
#define CHECK_RULE_WHOLE_LENGTH 295  /* PACKED: the whole's length over its capacity: length, capacity, 0 */
#define CHECK_RULE_SUM 296           /* PACKED: the lengths' sum is not the whole's length: its low word,
                                      * the length, its high word */
#define CHECK_RULE_OFFSET 297        /* GIVEN: offset + length past the whole's capacity: part, offset, capacity */
#define CHECK_RULE_ORDER 298         /* GIVEN, a join: a part starts before the one before it ends: part, offset, end */

/* ---- rows the GPU places (MAPPING_ROWS, MAPPING_ROWS_CHECK) --------------------------------
 * A kernel pair of its own: its own table, block, push constants and bindings (shaders/
 * copy_rows.glsl, rows_check.glsl, rows_indices.glsl; vksplit.h's vksplit_rows). One part: its
 * rows (the dimensions after the axis, packed: ROWS_TBL_ROW_WORDS words) move between the
 * part's row j and the whole's row at the place the indices give, for every index of the
 * dimensions before the axis (the outer dimensions, coalesced, innermost first). A workgroup
 * copies a block of ROWS_TBL_BLOCK_ROWS rows by 2^ROWS_TBL_COLS_LOG2 words (the workgroup size
 * x ABI_UNROLL x trips items): one column tile of those rows. Its table (uint32 words): */
#define ROWS_TBL_FLAGS 0          /* the mode (vksplit_rows_mode: ROWS_FLAG_MODE), then the flags below */
#define ROWS_TBL_ROWS 1           /* L: the part's rows along the axis */
#define ROWS_TBL_PLACES 2         /* C: the whole's places along the axis (below 2^31) */
#define ROWS_TBL_ROW_WORDS 3      /* words of one row */
#define ROWS_TBL_COLS_LOG2 4      /* a block's columns, log2 */
#define ROWS_TBL_BLOCK_ROWS 5     /* a block's rows */
#define ROWS_TBL_COL_TILES 6      /* blocks across one row */
#define ROWS_TBL_TOTAL_ROWS 7     /* rows to move: L x the outer dimensions' indices (below 2^32) */
#define ROWS_TBL_LISTS 8          /* index lists */
#define ROWS_TBL_ENTRIES 9        /* indices: lists x L (INDEXED) or lists */
#define ROWS_TBL_OUTER_DIMS 10    /* outer dimensions (at most ROWS_MAX_OUTER_DIMS) */
#define ROWS_TBL_TRIPS 11         /* trips of ABI_UNROLL items per invocation */
#define ROWS_TBL_BITMAP_WORDS 12  /* the check's bitmap words per list (INDEXED joins: duplicates) */
#define ROWS_TBL_HOST_AT 13       /* host indices: the table's word where the places (or starts) start */
#define ROWS_TBL_PAGE_ROWS 18     /* places a page (the axis's size; 0: no pages) */
#define ROWS_TBL_WHOLE_STEP 14    /* uint64: words between the whole's places (within a page) */
#define ROWS_TBL_PART_STEP 16     /* uint64: words between the part's rows */
#define ROWS_TBL_PAGE_STEP 20     /* uint64: words between the whole's pages */
#define ROWS_TBL_DIMS 24          /* then per outer dimension, innermost first: */
#define ROWS_DIM_SIZE 0           /*   size */
#define ROWS_DIM_LIST_STRIDE 1    /*   stride in lists (0: the lists broadcast over it) */
#define ROWS_DIM_WHOLE_STRIDE 2   /*   uint64 stride in words in the whole */
#define ROWS_DIM_PART_STRIDE 4    /*   uint64 stride in words in the part */
#define ROWS_DIM_FIELDS 8
#define ROWS_MAX_OUTER_DIMS 7
#define ROWS_FLAG_MODE 3u         /* 1 INDEXED, 2 LINEAR, 3 CIRCULAR */
#define ROWS_FLAG_INDEX64 4u      /* the indices are int64 (else int32) */
#define ROWS_FLAG_SKIP 8u         /* INDEXED: a negative index skips its row */
#define ROWS_FLAG_FUSED 16u       /* GPU indices, few: every workgroup of the copy checks them all (no check pass) */
#define ROWS_FLAG_HOST 32u        /* host indices: places (INDEXED; ROWS_HOST_SKIP skips) or starts, normalized
                                   * in the table: no indices binding, no block, no check */
#define ROWS_FLAG_JOIN 64u        /* a join (the check's one module serves both directions) */
#define ROWS_FLAG_DEVICE_SHIFT 8u /* bits 8-9: device parameters of one part (1 PACKED, 2 GIVEN, 3 RING; 0 none):
                                   * its length and offset from their block (BLOCK_*, n = 1), its rows the
                                   * table's ROWS_TBL_ROWS at most; the status as the device check's */
#define ROWS_FLAG_DEVICE_MASK 3u
/* A rows copy's shape, a specialization constant (SPEC_ROWS_SHAPE): on a CPU device a rows plan's
 * pipeline is specialized to its shape (the context's, shared by its plans of that shape), its flags (ROWS_TBL_FLAGS) in the low 16 bits and its outer dimensions
 * (ROWS_TBL_OUTER_DIMS) from bit 16, so that the shader holds only the plan's code (llvmpipe runs
 * every branch, taken or not, and pays per memory access); ROWS_SHAPE_ANY, the context's pipeline,
 * reads both from the table. */
#define ROWS_SHAPE_ANY 0xFFFFFFFFu
#define ROWS_SHAPE_DIMS_SHIFT 16u
#define ROWS_HOST_SKIP 0xFFFFFFFFu
/* GPU indices: at most this many, the copy checks them in every workgroup (ROWS_FLAG_FUSED);
 * more take the check pass (one workgroup of ROWS_CHECK_WORKGROUP, before the copy). */
#define ROWS_FUSED_MAX_ENTRIES 64u
#define ROWS_CHECK_WORKGROUP 128u
/* Workgroup memory: the verdict's words, then (fused) each list's start. */
#define ROWS_SMEM_BAD 0           /* the first entry that breaks a rule */
#define ROWS_SMEM_DUP_LIST 1      /* duplicates: the least list with one, its least place, */
#define ROWS_SMEM_DUP_PLACE 2
#define ROWS_SMEM_FIRST 3         /*   and the first two entries placing a row there */
#define ROWS_SMEM_SECOND 4
#define ROWS_SMEM_RULE 5
#define ROWS_SMEM_STARTS 8        /* [ROWS_FUSED_MAX_ENTRIES] */
#define ROWS_SHARED_WORDS (ROWS_SMEM_STARTS + ROWS_FUSED_MAX_ENTRIES)
/* The copy's, after those: each of its block's rows' first words, read and written (4 uint32 a
 * row: two 64-bit offsets' halves), placed once by the lanes together before any word moves; a
 * block has at most ROWS_BLOCK_ROWS_MAX rows. */
#define ROWS_BLOCK_ROWS_MAX 128u
#define ROWS_ROW_AT(r) (ROWS_SHARED_WORDS + 4u * (r))
#define ROWS_COPY_SHARED_WORDS ROWS_ROW_AT(ROWS_BLOCK_ROWS_MAX)
#define ROWS_ROW_SKIP 0xFFFFFFFFu /* in a row's fourth word (its write's high half): the row does not move */
/* The block (GPU indices; vksplit.h's VKSPLIT_ROWS_STATUS_WORDS): the status, then the check's
 * scratch: each list's start (LINEAR, CIRCULAR: normalized into [0, C)), or two bitmaps of the
 * places (INDEXED joins: seen once, seen twice), ROWS_TBL_BITMAP_WORDS words a list each. */
#define ROWS_BLOCK_STATUS 0       /* [8]: the rule, list, entry, value (low, high), the other value, 0, 0 */
#define ROWS_STATUS_RULE 0
#define ROWS_STATUS_LIST 1
#define ROWS_STATUS_ENTRY 2
#define ROWS_STATUS_VALUE_LO 3
#define ROWS_STATUS_VALUE_HI 4
#define ROWS_STATUS_OTHER 5       /* ROWS_INDEX, ROWS_START: the places C; ROWS_DUPLICATE: the second entry */
#define ROWS_BLOCK_SCRATCH 8
/* The rules the checks write (vksplit/rules.h's numbers). */
#define ROWS_RULE_INDEX 327
#define ROWS_RULE_START 328
#define ROWS_RULE_DUPLICATE 329
/* Push constants, the copy's and the check's. Device addresses: */
#define PC_ROWS_BDA_TABLE 0       /* uint64 */
#define PC_ROWS_BDA_WHOLE 8       /* uint64 */
#define PC_ROWS_BDA_PART 16       /* uint64 */
#define PC_ROWS_BDA_INDICES 24    /* uint64 (0: host indices) */
#define PC_ROWS_BDA_BLOCK 32      /* uint64 (0: host indices) */
#define PC_ROWS_BDA_GRID_X 40     /* uint: the grid's width */
#define PC_ROWS_BDA_BYTES 48
/* Descriptors (the rows' set layout: binding 0 the table as a uniform buffer, 1 the whole, 2 the
 * part, 3 the block, 4 the indices): each one's first word within its binding. */
#define PC_ROWS_DESC_TABLE_WORD 0   /* uint32 */
#define PC_ROWS_DESC_WHOLE_WORD 4   /* copy words */
#define PC_ROWS_DESC_PART_WORD 8    /* copy words */
#define PC_ROWS_DESC_INDICES_WORD 12 /* uint32 */
#define PC_ROWS_DESC_BLOCK_WORD 16  /* uint32 */
#define PC_ROWS_DESC_GRID_X 20
#define PC_ROWS_DESC_BYTES 24
#define ROWS_TBL_VEC4S 1024       /* the uniform table's declared size: 16 KiB, maxUniformBufferRange's least */

/* ---- push constants --------------------------------------------------------------------------
 * Byte offsets; at most 128 bytes (the Vulkan minimum for maxPushConstantsSize). The shape word
 * (PC_*_SHAPE) packs the grid's width (bits 0-15), the row dimensions (bits 16-19) and the flags
 * (bits 20-): */
#define SHAPE_GRID_X_MASK 0xFFFFu
#define SHAPE_ROW_DIMS_SHIFT 16
#define SHAPE_ROW_DIMS_MASK 0xFu
#define SHAPE_FLAGS_SHIFT 20
#define SHAPE_FLAGS_MASK 0xFFFu
#define FLAG_ARGUMENTS 1u       /* the parts' addresses in the caller's arguments, at parts[0] */
#define FLAG_INLINE 2u          /* TILES without row dimensions: segments in push constants */
#define FLAG_GRID3 4u           /* segments of equal work: the grid is (units, segments, bands), no search */
#define FLAG_PREFIX 8u          /* device addresses, 2 or 3 segments of unequal work: PREFIX1/2 find them */
#define FLAG_ALIGNED 16u        /* every binding 16-byte aligned (the realigned TILES: the plan asks it) */
#define PUSH_BYTES 128

/* Device addresses, every copy kernel (not the check): */
#define PC_BDA_TABLE 0          /* uint64: the plan's parameter table */
#define PC_BDA_WHOLE 8          /* uint64: the whole's binding (a split's input, a join's output) */
#define PC_BDA_SEGMENTS 16      /* uint: segments (all of them: one dispatch) */
#define PC_BDA_SHAPE 20         /* uint: grid width | row dims | flags */
#define PC_BDA_PARTS 48         /* uint64[ABI_INLINE_OUTPUTS]: the parts' addresses (a join's inputs), or [0] the
                                 * arguments' address (FLAG_ARGUMENTS) */
/* RUNS, TILES and TRANSPOSE (their grid: the bands, the segments' work, found from the push
 * constants alone where it can be): */
#define PC_BDA_BAND_GROUPS 24   /* uint: workgroups of one band (of the dispatch without bands) */
#define PC_BDA_BANDS 28         /* uint: bands (1: none) */
#define PC_BDA_EQUAL_UNITS 32   /* uint: units of every segment per band when equal, else 0 */
#define PC_BDA_PREFIX1 36       /* uint: FLAG_PREFIX: first workgroup of segment 1 */
#define PC_BDA_PREFIX2 40       /* uint: FLAG_PREFIX: of segment 2 (0xFFFFFFFF with 2 segments) */
#define PC_BDA_TRIPS 44         /* uint: TILES, TRANSPOSE16: trips per invocation */
/* TILES' inline segments (FLAG_INLINE: at most INLINE_MAX_SEGMENTS, so their parts' addresses
 * take PC_BDA_PARTS' first INLINE_MAX_SEGMENTS places): then per segment INLINE_FIELDS uint32,
 * from the parts area's uint32 INLINE_AT on, at fixed places, so that the shader reads them
 * without indexing. */
#define INLINE_BASE 0           /*   uint64 */
#define INLINE_CHUNK 2
#define INLINE_UNITS 3          /*   units (a unit's stride in tiles) */
#define INLINE_FIELDS 4
#define INLINE_MAX_SEGMENTS 3
#define INLINE_AT (2 * INLINE_MAX_SEGMENTS)
/* DEINTERLEAVE's own (its header's words, and its grid): */
#define PC_DEINTERLEAVE_BDA_TILE_ROWS 24 /* uint: input rows per workgroup */
#define PC_DEINTERLEAVE_BDA_ROWS 28      /* uint: rows of every part */
#define PC_DEINTERLEAVE_BDA_ROW_UINTS 32 /* uint: uint32 words of one input row */
#define PC_DEINTERLEAVE_BDA_TILES 36     /* uint: tiles of tile_rows rows */
#define PC_DEINTERLEAVE_BDA_UNITS 40     /* uint: workgroups (a workgroup copies `trips` tiles) */
#define PC_DEINTERLEAVE_BDA_TRIPS 44     /* uint: tiles per workgroup */
/* The device copy's own: 9 parts' addresses, then the block's (in the tenth part's place (such
 * a plan pushes 9 parts' addresses, DEVICE_INLINE_OUTPUTS; 10 and more take per-recording
 * arguments). */
#define DEVICE_INLINE_OUTPUTS (ABI_INLINE_OUTPUTS - 1)
#define PC_DEVICE_BDA_PARTS 48           /* uint64[DEVICE_INLINE_OUTPUTS], or [0] the arguments' */
#define PC_DEVICE_BDA_BLOCK (PC_DEVICE_BDA_PARTS + 8 * DEVICE_INLINE_OUTPUTS) /* uint64: the block */
/* The check's own (shaders/device_check.glsl): */
#define PC_CHECK_BDA_TABLE 0         /* uint64: the plan's table */
#define PC_CHECK_BDA_BLOCK 8         /* uint64: the block of device parameters */
#define PC_CHECK_BDA_SEGMENTS 16     /* uint: the copy's segments (every one: one dispatch) */
#define PC_CHECK_BDA_SHAPE 20        /* uint: the copy's shape: its grid's width, its row dimensions */
#define PC_CHECK_BDA_PER_DISPATCH 24 /* uint: segments per dispatch of the copy */
#define PC_CHECK_BDA_MODE 28         /* uint: CHECK_MODE_PACKED or _GIVEN, | CHECK_MODE_JOIN for a join */
#define PC_CHECK_BDA_BYTES 32

/* Descriptors (set 0: binding 0 the table, 1 the whole, 2 the parts[OUTPUT_SLOTS]; a split's
 * input and outputs, a join's output and inputs), every copy kernel: */
#define PC_DESC_SEG_FIRST 0
#define PC_DESC_SEGMENTS 4
#define PC_DESC_WG_BASE 8       /* first workgroup of this dispatch in the prefix */
#define PC_DESC_SHAPE 12
#define PC_DESC_SEGMENTS_AT 20  /* uint: segment 0's first word in the table */
#define PC_DESC_WHOLE_WORD 28   /* uint: the whole's first word within its descriptor */
#define PC_DESC_PART_WORDS 32   /* uint[ABI_MAX_SLOTS]: each slot's part's first word within its descriptor */
/* RUNS, TILES, TRANSPOSE and DEINTERLEAVE: */
#define PC_DESC_EQUAL_UNITS 16  /* uint: RUNS, TILES, TRANSPOSE: units of every segment when equal, else 0 */
#define PC_DESC_TRIPS 24        /* uint: TILES, TRANSPOSE16, DEINTERLEAVE: trips per invocation (workgroup) */
/* The device copy's own: ABI_MAX_SLOTS - 1 parts a dispatch, then the block (binding 3 of the
 * device parameters' set layout): */
#define PC_DEVICE_DESC_BLOCK_WORD (PC_DESC_PART_WORDS + 4 * (ABI_MAX_SLOTS - 1)) /* uint: the block's first
                                 * uint32 within binding 3 */
/* The check's own (binding 0 the table, binding 3 the block): */
#define PC_CHECK_DESC_SEGMENTS 0
#define PC_CHECK_DESC_PER_DISPATCH 4
#define PC_CHECK_DESC_SHAPE 8
#define PC_CHECK_DESC_SEGMENTS_AT 12 /* uint: segment 0's first word in the table */
#define PC_CHECK_DESC_MODE 16
#define PC_CHECK_DESC_BLOCK_WORD 20  /* uint: the block's first uint32 within binding 3 */
#define PC_CHECK_DESC_BYTES 24

#endif /* VKSPLIT_SPLIT_ABI_H */
