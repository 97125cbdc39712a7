/* The planner: a validated split -> rows of contiguous chunks, the copy word, the work of
 * every invocation or workgroup, and the parameter table the shader reads. Pure CPU. */
#ifndef VKSPLIT_PLANNER_H
#define VKSPLIT_PLANNER_H

#include "split_rules.h"

/* What the planner needs to know about the device and the chosen addressing. */
typedef struct vksplit__planner_caps {
    uint32_t max_word_bytes;       /* the widest word src/shader_variants.h lists for the addressing */
    vksplit_bool32 bda;            /* binding addresses need min(word, 16) alignment, else word */
    vksplit_mapping mapping;       /* RUNS or INTERLEAVED */
    uint32_t workgroup_size;
    uint32_t invocation_bytes;     /* bytes one invocation aims to copy */
    uint32_t min_workgroups;       /* RUNS: shrink runs of small splits until this many workgroups exist */
    uint32_t band_bytes;           /* INTERLEAVED, one dispatch: input bytes per band, 0: no bands */
} vksplit__planner_caps;

/* One row dimension of one record, in words. */
typedef struct vksplit__row_dim {
    uint64_t size;
    uint64_t in_stride;
    uint64_t out_stride;
} vksplit__row_dim;

/* One non-empty output. A unit is one invocation (RUNS) or one workgroup (INTERLEAVED). */
typedef struct vksplit__record {
    uint32_t output_index;
    uint64_t chunk_words;          /* contiguous words per row */
    uint64_t rows;
    uint64_t in_base_words;        /* the output's first element in the input */
    uint32_t pieces;               /* per row; > 1 only when rows_per_unit == 1 */
    uint32_t piece_words;
    uint32_t rows_per_unit;
    uint32_t row_magic;            /* INTERLEAVED tiles of rows: ceil(2^32 / chunk_words), 0 for 1 */
    uint64_t units;
    uint64_t first_workgroup;      /* prefix over records */
} vksplit__record;

typedef struct vksplit__geometry {
    uint32_t word_bytes;
    uint32_t row_dims;             /* per record, innermost first */
    vksplit_bool32 rows_contiguous; /* chunks are contiguous in every tensor: vkCmdCopyBuffer can do it */
    uint32_t record_count;
    vksplit__record* records;      /* [record_count] */
    vksplit__row_dim* dims;        /* [record_count * row_dims] */
    uint64_t band_rows;            /* rows of every record per band; 0: one band (records in turn) */
    uint64_t bands;
    uint64_t band_workgroups;      /* workgroups of one band: the prefix's total */
    uint64_t total_workgroups;     /* bands * band_workgroups */
    uint64_t bytes_written;
} vksplit__geometry;

/* Plans a validated split (nothing is checked again). Allocates records and dims; fails only
 * on the planner's own limits (2^32-1 rows, words, units or workgroups) and allocation. */
vksplit_result vksplit__plan_geometry(const vksplit__split* split, const vksplit__planner_caps* caps,
                                      const VkAllocationCallbacks* callbacks, vksplit__geometry* geometry,
                                      vksplit_error* error);
void vksplit__geometry_free(const VkAllocationCallbacks* callbacks, vksplit__geometry* geometry);

/* The binding alignment a plan with this word needs: min(word, 16) with device addresses
 * (what the shader declares), the word itself with descriptors. */
uint32_t vksplit__offset_alignment(uint32_t word_bytes, vksplit_bool32 bda);

/* Parameter table layout (shaders/split_abi.h), in uint32 units. */
typedef struct vksplit__table_layout {
    uint32_t records_offset;       /* after the header and the prefix */
    uint32_t record_stride;
    uint64_t total_words;
} vksplit__table_layout;

vksplit__table_layout vksplit__table_layout_for(const vksplit__geometry* geometry);
/* Writes the prefix and records into table (total_words long). */
void vksplit__write_table(const vksplit__geometry* geometry, const vksplit__table_layout* layout, uint32_t* table);

/* Loop trips one invocation of the shader makes at most; the planner keeps it <= this,
 * four times under llvmpipe's silent 65535-iteration limit per 8-lane batch. */
#define VKSPLIT_LOOP_BUDGET 16384u

#endif /* VKSPLIT_PLANNER_H */
