/* The converting copy's ABI (shaders/convert.comp, src/plan/plan_convert.c and
 * src/record/record_convert.c): its types, specialization constants, push constants and
 * table. Included by GLSL and C alike: plain #defines only. docs/conversions.md is the
 * arithmetic. */
#ifndef VKSPLIT_CONVERT_ABI_H
#define VKSPLIT_CONVERT_ABI_H

/* The element types: vksplit_type's values. */
#define CTYPE_F32 1
#define CTYPE_F16 2
#define CTYPE_BF16 3
#define CTYPE_E4M3FN 4
#define CTYPE_E5M2 5
#define CTYPE_Q8_0 6

/* Specialization constants: a converting plan's pipeline is its own, made for its types. */
#define CSPEC_WORKGROUP_SIZE 0
#define CSPEC_SRC 1         /* the type read: a split's whole, a join's parts */
#define CSPEC_DST 2         /* the type written */
#define CSPEC_NO_SATURATE 3 /* to FP8: out of range gives NaN (E4M3FN) or infinity (E5M2) */
#define CSPEC_SCALE 4       /* CSCALE_*: where the FP8 scale comes from */
#define CSPEC_CONTIG 5      /* every run is contiguous on both sides: the word path */
#define CSPEC_UNROLL 6      /* destination words (or blocks) each invocation writes per tile */
#define CSPEC_DEVICE 7      /* device parameters: each part's length and offset from the block */
#define CSPEC_ROWS 8        /* rows the GPU (or the host) places: each row's place from its index */
#define CSPEC_TRIPS 9       /* tiles of one run a workgroup copies one after another (a CPU device's: fewer, larger workgroups) */

#define CSCALE_NONE 0
#define CSCALE_HOST 1
#define CSCALE_DEVICE 2

/* Push constants, device addresses (bytes). Up to CONVERT_INLINE_PARTS part addresses; with
 * more, the first place holds the arguments' address (CFLAG_ARGUMENTS). */
#define CPC_BDA_TABLE 0
#define CPC_BDA_WHOLE 8
#define CPC_BDA_SCALE 16
#define CPC_BDA_SEGMENTS 24
#define CPC_BDA_FLAGS 28
#define CPC_BDA_HOST_SCALE 32
#define CPC_BDA_GRID_X 36
#define CPC_BDA_BLOCK 40   /* device parameters: the block's address; GPU indices: the status block's */
#define CPC_BDA_INDICES 48 /* GPU indices: their address */
#define CPC_BDA_PARTS 56
#define CONVERT_INLINE_PARTS 8
#define CPC_BDA_BYTES (CPC_BDA_PARTS + 8 * CONVERT_INLINE_PARTS)
#define CFLAG_ARGUMENTS 1

/* Push constants, descriptors (bytes): one dispatch per segment, its words' first index in
 * each binding (descriptor offsets are rounded down to the device's alignment). */
#define CPC_DESC_SEGMENT 0
#define CPC_DESC_WHOLE_WORD 4
#define CPC_DESC_PART_WORD 8
#define CPC_DESC_HOST_SCALE 12
#define CPC_DESC_GRID_X 16
#define CPC_DESC_TABLE_WORD 20
#define CPC_DESC_SCALE_WORD 24
#define CPC_DESC_BLOCK_WORD 28 /* device parameters: the block's first uint32 in its binding */
#define CPC_DESC_BYTES 32
/* Bindings of the descriptor path's set 0: the table a uniform buffer (the least devices have
 * four storage buffers a stage: the whole, the part, the scale and the block take them), bound
 * at the dispatch's segment. */
#define CBIND_TABLE 0
#define CBIND_WHOLE 1
#define CBIND_PART 2
#define CBIND_SCALE 3 /* the scale, or a plan's GPU indices (a plan with both takes device addresses) */
#define CBIND_BLOCK 4 /* the device parameters' block, the GPU indices' status block, or the host places */
#define CONVERT_TBL_VEC4S 32 /* the uniform table's view: a segment's words and the range's slack */

/* The table: per segment (a non-empty part) CSEG_WORDS uint32 words. A segment is rows of one
 * run: the run is the last dimension both tensors keep (CSEG_RUN elements), the rows its other
 * dimensions (CSEG_DIMS of them, innermost first, sizes and 64-bit strides in elements). */
#define CSEG_FIRST_GROUP 0 /* the segment's first workgroup (a prefix: the search's key) */
#define CSEG_PART 1        /* its part's index among the parts given (an address's place) */
#define CSEG_RUN 2         /* elements of a run */
#define CSEG_TILES 3       /* workgroups per run */
#define CSEG_DIMS 4        /* the row dimensions, at most CONVERT_MAX_DIMS */
#define CSEG_ROWS 5
#define CSEG_WHOLE_BASE 6  /* 64-bit: the part's first element in the whole */
#define CSEG_WHOLE_STEP 8  /* 64-bit: the whole's stride along the run */
#define CSEG_PART_STEP 10  /* 64-bit: the part's */
#define CSEG_INNER 12      /* device parameters: elements per step along the axis (the run is length x this) */
#define CSEG_PARTS 13      /* device parameters: the plan's parts (n of the block's layout) */
#define CSEG_ROW_STEP 12   /* 64-bit, rows: the part's stride along the axis (a row's) */
#define CSEG_AXIS_STEP 14  /* 64-bit, device parameters and rows: the whole's stride along the axis */
#define CSEG_DIM0 16       /* then per dimension: size, whole stride (64-bit), part stride (64-bit) */
#define CSEG_DIM_WORDS 5
#define CONVERT_MAX_DIMS 7
#define CSEG_LIST0 51      /* rows: per dimension its stride in the lists (0: one list serves it) */
#define CSEG_ROWS_L 58     /* rows: the part's rows along the axis */
#define CSEG_ROWS_C 59     /* rows: the whole's places */
#define CSEG_ROWS_FLAGS 60 /* rows: split_abi.h's ROWS_FLAG_MODE, _INDEX64, _SKIP, _HOST */
#define CSEG_ROWS_ENTRIES 61 /* rows: indices per list (L for INDEXED, else 1) */
#define CSEG_ROWS_PLACES 62  /* rows, host indices: the places' first word (device addresses: from the table's
                              * start; descriptors: from the block binding's) */
#define CSEG_ROWS_LISTS 63   /* rows: the index lists (ROWS_FLAG_FUSED: every workgroup checks their entries) */
#define CSEG_DEVICE_FUSED 58 /* device parameters of one part, device addresses: 1 (PACKED) or 2 (GIVEN) where
                              * every workgroup checks the block's words itself (no check pass), else 0 */
#define CSEG_DEVICE_CAP 59   /* then the part's capacity along the axis (32 bits, saturated) */
#define CSEG_DEVICE_WHOLE 60 /* and the whole's */
#define CSEG_WORDS 64 /* 16 uvec4 */

/* Elements of a Q8_0 block, and its bytes. */
#define Q8_0_BLOCK 32
#define Q8_0_BYTES 34

#endif /* VKSPLIT_CONVERT_ABI_H */
