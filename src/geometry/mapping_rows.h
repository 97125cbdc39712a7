/* Rows the GPU places at plan time (vksplit_plan_options.rows): the rules a rows request adds,
 * and its geometry for the rows kernels (shaders/copy_rows.glsl, rows_check.glsl): the copy
 * word, the outer dimensions (coalesced) with their strides in words and in index lists, the
 * blocks a workgroup copies, the grid, and host indices checked and normalized for the table.
 * Pure but for the one allocation of the host places. */
#ifndef VKSPLIT_MAPPING_ROWS_H
#define VKSPLIT_MAPPING_ROWS_H

#include "geometry/geometry.h"
#include "split_abi.h"

/* GPU indices at most: the check's loops (ROWS_CHECK_WORKGROUP lanes) stay within the loop
 * budget; the same bound holds its bitmaps' words (two per 32 places of every list). */
#define VKSPLIT_ROWS_MAX_ENTRIES (1u << 18)

/* One outer dimension (before the axis), in words (strides) and lists. */
typedef struct vksplit__rows_dim {
    uint64_t size;
    uint64_t list_stride;
    uint64_t whole_stride;
    uint64_t part_stride;
} vksplit__rows_dim;

/* What the device and the context allow a rows plan. */
typedef struct vksplit__rows_caps {
    vksplit_bool32 bda;
    uint32_t max_word_bytes;
    uint32_t workgroup_size; /* the rows copy's: a power of two */
    uint32_t invocation_bytes;
    uint32_t min_workgroups;
    uint32_t max_group_count[2];
    uint64_t binding_reach;   /* descriptor path: the bytes one binding reaches (0 with device addresses) */
    uint32_t table_most;      /* descriptor path: the table's bytes at most (a uniform buffer) */
    uint32_t pairwise_most;   /* GPU indices of an INDEXED join the copy checks itself, at most (pairs: its square) */
    vksplit_bool32 lane_runs; /* a CPU device: each lane copies a run of its own, placing its rows itself */
} vksplit__rows_caps;

typedef struct vksplit__rows_geometry {
    uint32_t flags; /* ROWS_FLAG_* (split_abi.h) */
    uint32_t word_bytes;
    uint32_t index_bytes;
    uint64_t rows;   /* L: the part's rows along the axis */
    uint64_t places; /* C: the whole's places */
    uint64_t row_words;
    uint64_t whole_step, part_step; /* words between places, between rows */
    uint64_t page_rows, page_step;  /* pages (vksplit_rows.pages_along): places a page, words between pages */
    uint32_t outer_dims;
    vksplit__rows_dim dims[ROWS_MAX_OUTER_DIMS]; /* innermost first */
    uint64_t lists, entries, total_rows;
    uint32_t bitmap_words; /* per list: the check's duplicates (INDEXED joins, GPU indices) */
    /* blocks and grid */
    uint32_t workgroup_size, trips, cols_log2, block_rows, col_tiles;
    uint64_t workgroups; /* the copy's (0: nothing to copy) */
    uint32_t grid_x, grid_y;
    uint64_t bytes_written; /* the most a recording writes */
    uint64_t block_bytes;   /* GPU indices: the status and the check's scratch */
    uint64_t index_span_bytes;
    uint32_t* host_places; /* host indices: [entries] places or starts, normalized (ROWS_HOST_SKIP) */
    uint32_t table_words;
} vksplit__rows_geometry;

/* The rules of the options alone (before the request: mode, index width, skip, device
 * parameters, path). */
vksplit_result vksplit__rows_options(const vksplit_plan_options* options, vksplit_error* error);

/* Plans a validated request (with capacities: no sum rule) with rows: one part, list_dims before
 * the axis, the dimensions after the axis packed in both tensors, the counts within 32 bits and
 * the loop budget, and on the descriptor path every tensor and the indices within one binding's
 * reach; host indices checked by the rules the GPU's check holds (ROWS_INDEX, ROWS_START,
 * ROWS_DUPLICATE), then normalized. *g is filled (free it with vksplit__rows_free, even after a
 * failure). */
vksplit_result vksplit__plan_rows(const vksplit__request* request, const vksplit_rows* rows,
                                  const vksplit__rows_caps* caps, const VkAllocationCallbacks* callbacks,
                                  vksplit__rows_geometry* g, vksplit_error* error);
/* Device parameters of one part on the rows kernels (vksplit.h): the part's capacity its rows,
 * the place its offset (GIVEN, RING: modulo the whole's; PACKED: 0) for the length the engine
 * writes; one list, no indices; the block VKSPLIT_PARAMETERS_WORDS(1) words. A ring's capacity
 * within the whole's (PLAN_ROWS_LENGTH). */
vksplit_result vksplit__plan_device_rows(const vksplit__request* request, vksplit_device_parameters device,
                                         const vksplit__rows_caps* caps, vksplit__rows_geometry* g,
                                         vksplit_error* error);
void vksplit__rows_free(const VkAllocationCallbacks* callbacks, vksplit__rows_geometry* g);

/* The table (g->table_words uint32 words; split_abi.h's ROWS_TBL_*). */
void vksplit__write_rows_table(const vksplit__rows_geometry* g, uint32_t* table);

#endif /* VKSPLIT_MAPPING_ROWS_H */
