/* One whole tensor and its parts along Axis, as DirectML's Split and Join both describe them:
 * DML_SPLIT_OPERATOR_DESC cuts its InputTensor (the whole) into OutputTensors (the parts),
 * DML_JOIN_OPERATOR_DESC glues InputTensors (the parts) into its OutputTensor (the whole).
 * The two pages state the same constraints with the roles turned round (the parts' sizes
 * equal the whole's off the axis and sum to it on the axis, one DataType and DimensionCount),
 * so one walk checks both, each failure by the operator's own rule where its message names
 * the operator's fields, then fills the caller's storage. */
#ifndef VKSPLIT_FRONTEND_DIRECTML_PARTS_H
#define VKSPLIT_FRONTEND_DIRECTML_PARTS_H

#include "frontends/frontend_directml_tensor.h"

/* The operator's fields, by role. */
typedef struct vksplit__dml_request {
    const vksplit_dml_tensor_desc* whole; /* Split's InputTensor, Join's OutputTensor */
    const vksplit_dml_tensor_desc* parts; /* Split's OutputTensors, Join's InputTensors */
    uint32_t part_count;                  /* OutputCount, InputCount */
    uint32_t axis;
} vksplit__dml_request;

/* The caller's storage (vksplit_dml_split_storage or vksplit_dml_join_storage), field by field. */
typedef struct vksplit__dml_storage {
    uint32_t capacity;
    uint64_t* lengths;                  /* [capacity] */
    uint64_t* part_strides;             /* [capacity * VKSPLIT_MAX_RANK], or NULL */
    const uint64_t** part_stride_table; /* [capacity], or NULL */
    uint64_t* sizes;                    /* [VKSPLIT_MAX_RANK]: the whole's */
    uint64_t* whole_strides;            /* [VKSPLIT_MAX_RANK] */
} vksplit__dml_storage;

/* What a translation wrote into the storage: the canonical desc's other fields. */
typedef struct vksplit__dml_translation {
    uint32_t element_size;
    uint32_t rank;
    uint32_t base_alignment; /* the least GuaranteedBaseOffsetAlignment (0 read as 16) */
    bool whole_strided;      /* storage->whole_strides holds the whole's Strides */
    bool parts_strided;      /* storage->part_stride_table is filled */
} vksplit__dml_translation;

/* Checks every rule of the operator at feature_level, then the storage (NULL: the caller gave
 * none) and out_given (the caller's *out is not NULL), and only then writes the storage and
 * *translation. On error nothing is written. */
vksplit_result vksplit__dml_translate(const vksplit__dml_operator* op, uint32_t feature_level,
                                      const vksplit__dml_request* request, const vksplit__dml_storage* storage,
                                      bool out_given, vksplit__dml_translation* translation, vksplit_error* error);

#endif /* VKSPLIT_FRONTEND_DIRECTML_PARTS_H */
