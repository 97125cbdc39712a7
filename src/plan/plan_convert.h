/* Plans that convert (vksplit_plan_options.convert; docs/conversions.md): the options' rules,
 * the element geometry the converting copy walks (shaders/convert.comp, convert_abi.h), its
 * table, its grid and its own pipeline. */
#ifndef VKSPLIT_PLAN_CONVERT_H
#define VKSPLIT_PLAN_CONVERT_H

#include "plan/plan_state.h"

struct vksplit__convert_plan {
    vksplit_convert types;    /* as the options asked */
    uint32_t src, dst;        /* the types read and written (CTYPE_*): a split's whole to parts */
    uint32_t segment_count;   /* the non-empty parts */
    uint32_t* table;          /* [segment_count * CSEG_WORDS] */
    uint32_t* groups;         /* [segment_count] each segment's workgroups */
    uint64_t total_groups;    /* all of them: the one dispatch's (device addresses) */
    uint32_t workgroup_size;  /* the pipeline's */
    uint32_t unroll;          /* destination words (or elements) per invocation and tile */
    vksplit_bool32 contig;    /* every run contiguous on both sides */
    uint64_t bytes_read;      /* the elements read, in their type's bytes */
    uint64_t bytes_written;
};

/* Whether the options ask for a conversion: two types that differ (equal types are the
 * desc's byte copy, their size the element's). */
bool vksplit__converts(const vksplit_plan_options* options);
/* The convert options' rules, the desc's element_size (`element_size`) against the whole's
 * type; *copy_size receives the element size the request is validated with (4 when it
 * converts, the type's size for a plain copy of a typed element). */
vksplit_result vksplit__convert_options(const vksplit_plan_options* options, uint32_t element_size,
                                        uint32_t* copy_size, vksplit_error* error);
/* Plans a validated request (validated with an element size of 4) that converts. */
vksplit_result vksplit__plan_convert(vksplit_context* ctx, const vksplit__request* request,
                                     const vksplit_plan_options* options, vksplit_plan** out, vksplit_error* error);
/* plan->info and plan->label of a converting plan. */
void vksplit__describe_convert(vksplit_plan* plan);
void vksplit__convert_free(const VkAllocationCallbacks* callbacks, struct vksplit__convert_plan* convert);
/* The table's words (table_bytes) into out. */
void vksplit__write_convert_table(const struct vksplit__convert_plan* convert, uint32_t* out);
/* A type's name as docs and messages spell it ("float16"). */
const char* vksplit__type_name(vksplit_type type);

#endif /* VKSPLIT_PLAN_CONVERT_H */
