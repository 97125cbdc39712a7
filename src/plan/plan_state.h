/* The plan's insides, shared by plan.c, plan_table.c, arguments.c and record.c: data only.
 * Immutable once created (and, for a table the engine places, bound): nothing after that
 * writes into it, host or device side. */
#ifndef VKSPLIT_PLAN_STATE_H
#define VKSPLIT_PLAN_STATE_H

#include "context/context_state.h"
#include "context/table_pool.h"
#include "geometry/grid.h"
#include "geometry/mapping_rows.h"
#include "geometry/planner.h"
#include "geometry/table.h"

/* Regions per vkCmdCopyBuffer on the transfer path (a stack array while recording). */
#define VKSPLIT_REGION_BATCH 256u

typedef struct vksplit__window vksplit__window;

struct vksplit_plan {
    vksplit_context* ctx;
    vksplit_path path;
    vksplit__direction direction; /* which way the bytes go (rules/request.h) */
    uint32_t part_count;
    uint64_t whole_span;  /* bytes the whole's binding must cover */
    uint64_t* part_spans; /* [part_count] */
    uint32_t offset_alignment;
    vksplit__geometry geo;

    /* compute path */
    VkPipeline pipeline;          /* the context's (plan_pipelines.h: those specialized to a plan's shape) */
    vksplit_bool32 atomic_stores; /* 1/2-byte words through 32-bit atomics (no 8/16-bit storage) */
    vksplit__table_layout table;
    /* Where the table lies (src/plan/plan_table.c): a range of the context's pool, or of the
     * engine's buffer once bound; a window's table lies in its parent's range. */
    vksplit_table_placement table_placement;
    vksplit__table_range table_range; /* the pool's range (its block NULL otherwise) */
    vksplit_bool32 table_bound;       /* buffer, offset and address below are set */
    VkBuffer table_buffer;
    uint64_t table_offset; /* in table_buffer */
    VkDeviceAddress table_address;
    uint64_t table_bytes;    /* a windowed plan: its windows' tables, each at a descriptor's alignment */
    uint64_t argument_bytes; /* per recording: output addresses beyond the inline ones */
    /* device parameters (vksplit_plan_options.device_parameters): the mode, the check's
     * pipeline (borrowed from the context), the parameters' block */
    vksplit_device_parameters device_parameters;
    VkPipeline check_pipeline;
    uint64_t parameter_bytes;
    vksplit__grid grid; /* its dispatches (src/geometry/grid.c) */
    /* rows the GPU places (vksplit_plan_options.rows; src/plan/plan_rows.c): the mode (NONE
     * otherwise) and the geometry; pipeline the copy's, check_pipeline the check pass's (GPU
     * indices the copy does not check itself), parameter_bytes the status block's */
    vksplit_rows_mode rows_mode;
    vksplit_bool32 rows_plan; /* on the rows kernels: rows, or device parameters of one part routed there */
    vksplit__rows_geometry rows;
    /* a plan that converts (vksplit_plan_options.convert; src/plan/plan_convert.c), else NULL:
     * pipeline its own */
    struct vksplit__convert_plan* convert;

    /* transfer path: the regions of segment s are [region_first[s], region_first[s+1]) */
    VkBufferCopy* regions;
    uint32_t* region_first;
    uint32_t copy_command_count;

    /* descriptor path, a split beyond one binding: its windows (src/plan/plan_windows.c), each a
     * plan of its own; this plan then records theirs and has no dispatches of its own */
    uint32_t window_count;
    vksplit__window* windows; /* [window_count] */

    vksplit_plan_info info;
    /* What a recording is labelled in a capture ("vksplit: 4-byte [64,3072,64] axis 1 -> 3
     * (tiles w16)"): written at plan creation, so recording formats nothing. */
    char label[128];
};

/* One binding window: part of the split, every tensor of it within one binding's reach. */
struct vksplit__window {
    vksplit_plan* plan;     /* that part, planned as a split of its own */
    uint64_t whole_offset;  /* bytes from the whole's binding offset */
    uint32_t part_first;    /* the window's part j is the plan's part part_first + j */
    uint64_t* part_offsets; /* [plan->part_count]: bytes from those parts' binding offsets */
    uint64_t table_at;      /* its table's bytes from the start of the parent's */
};

#endif /* VKSPLIT_PLAN_STATE_H */
