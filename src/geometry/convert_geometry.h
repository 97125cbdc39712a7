/* The converting copy's geometry (shaders/convert.comp; docs/conversions.md): the rules of
 * vksplit_convert and Q8_0 tensors, the spans, the table and the workgroups. Pure CPU, below
 * the plan object (src/plan/plan_convert.c), which adds the pipeline. */
#ifndef VKSPLIT_CONVERT_GEOMETRY_H
#define VKSPLIT_CONVERT_GEOMETRY_H

#include "convert_abi.h"
#include "split_abi.h"
#include "rules/request.h"

/* What the device and context allow a converting plan. */
typedef struct vksplit__convert_caps {
    uint32_t workgroup_size;     /* the pipeline's */
    uint32_t max_group_count[2]; /* the grid's x and y */
    uint64_t reach;              /* descriptor path: the bytes one binding reaches (0: device addresses) */
    uint32_t fused_most;         /* GPU indices every workgroup checks itself, at most (device addresses) */
    uint32_t trips_most;         /* tiles one workgroup copies one after another, at most (a CPU device's: 8) */
    vksplit_bool32 cpu;          /* a CPU device (llvmpipe): its lanes' share kept small */
} vksplit__convert_caps;

typedef struct vksplit__convert_geometry {
    vksplit_convert types;   /* as the options asked */
    uint32_t src, dst;       /* the types read and written (CTYPE_*): a split's whole to parts */
    uint32_t segment_count;  /* the non-empty parts */
    uint32_t* table;         /* [segment_count * CSEG_WORDS] */
    uint32_t* groups;        /* [segment_count] each segment's workgroups */
    uint64_t total_groups;   /* all of them: the one dispatch's (device addresses) */
    uint32_t workgroup_size; /* the pipeline's */
    uint32_t unroll;         /* destination words (or elements) per invocation and tile */
    uint32_t trips;          /* tiles of a run per workgroup (CSEG_TILES counts workgroups) */
    vksplit_bool32 contig;   /* every run contiguous on both sides */
    uint64_t bytes_read;     /* the elements read, in their type's bytes */
    uint64_t bytes_written;
    uint64_t whole_span;  /* bytes from the whole's binding offset, rounded up to 4 */
    uint64_t* part_spans; /* [part_count] the same for each part */
} vksplit__convert_geometry;

/* Whether the options ask for a conversion: two types that differ (equal types are the
 * desc's byte copy, their size the element's). */
bool vksplit__converts(const vksplit_plan_options* options);
/* The convert options' rules, the desc's element_size (`element_size`) against the whole's
 * type; *copy_size receives the element size the request is validated with (4 when it
 * converts, the type's size for a plain copy of a typed element). */
vksplit_result vksplit__convert_options(const vksplit_plan_options* options, uint32_t element_size, uint32_t* copy_size,
                                        vksplit_error* error);
/* Plans a validated request (validated with an element size of 4) that converts. */
/* rows: NULL or mode NONE, else the rows the GPU (or the host) places: one part, each row's place
 * read when the copy runs (the rows planner's rules hold: src/geometry/mapping_rows.c). */
vksplit_result vksplit__plan_convert_geometry(const vksplit__request* request, const vksplit_convert* convert,
                                              const vksplit_rows* rows, const vksplit__convert_caps* caps,
                                              const VkAllocationCallbacks* callbacks,
                                              vksplit__convert_geometry* geometry, vksplit_error* error);
void vksplit__convert_geometry_free(const VkAllocationCallbacks* callbacks, vksplit__convert_geometry* geometry);
/* A type's name as docs and messages spell it ("float16"). */
const char* vksplit__type_name(vksplit_type type);

#endif /* VKSPLIT_CONVERT_GEOMETRY_H */
