/* DirectML buffer tensors, shared by the Split and Join front-ends: what one
 * DML_BUFFER_TENSOR_DESC must meet on its own (type, flags, dimension count at the target
 * feature level, sizes, strides, TotalTensorSizeInBytes, alignment), checked once for both
 * operators. Each operator brings its own "Tensor support" table; where a rule's message names
 * the operator (an unknown Type or DataType, a level below the operator's first), the
 * operator's own rule fails, every other check fails by the one DML_* rule both share. */
#ifndef VKSPLIT_FRONTEND_DIRECTML_TENSOR_H
#define VKSPLIT_FRONTEND_DIRECTML_TENSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/internal.h"
#include "vksplit/directml.h"

/* One row of an operator's "Tensor support" tables: from `level` on, `support`. */
typedef struct vksplit__dml_support_row {
    uint32_t level;
    vksplit_dml_split_support support;
} vksplit__dml_support_row;

/* A DirectML operator as the shared checks see it: which one (its own rules), and its tables,
 * oldest row first. */
typedef struct vksplit__dml_operator {
    bool join; /* DML_JOIN_* rules where the operator is named, else the Split's DML_* */
    const vksplit__dml_support_row* rows;
    size_t row_count;
} vksplit__dml_operator;

/* The two operators, their tables as their pages have them (src/frontends/frontend_directml_tensor.c). */
extern const vksplit__dml_operator vksplit__dml_split, vksplit__dml_join;

/* The feature level a translation targets, resolved once: its support row and its name. */
typedef struct vksplit__dml_target {
    const vksplit__dml_operator* op;
    vksplit_dml_split_support support;
    char name[40];
} vksplit__dml_target;

/* Fails by the operator's own rule: SPLIT_NAME for Split, JOIN_NAME for Join. The values are
 * checked against both formats, which take the same ones. */
#define VKSPLIT__DML_FAIL(error, op, SPLIT_NAME, JOIN_NAME, ...)                    \
    ((void)sizeof vksplit__format_check(vksplit__format_##SPLIT_NAME, __VA_ARGS__), \
     (void)sizeof vksplit__format_check(vksplit__format_##JOIN_NAME, __VA_ARGS__),  \
     vksplit__fail_rule((error), (op)->join ? VKSPLIT_RULE_##JOIN_NAME : VKSPLIT_RULE_##SPLIT_NAME, __VA_ARGS__))
#define VKSPLIT__DML_FAIL0(error, op, SPLIT_NAME, JOIN_NAME)           \
    ((void)sizeof vksplit__format_check(vksplit__format_##SPLIT_NAME), \
     (void)sizeof vksplit__format_check(vksplit__format_##JOIN_NAME),  \
     vksplit__fail_rule((error), (op)->join ? VKSPLIT_RULE_##JOIN_NAME : VKSPLIT_RULE_##SPLIT_NAME))

/* The operator's support at feature_level (any value >= 1_0; a level between two rows gets
 * the lower row; NEWEST the newest): DML_SUPPORT_NULL, or the operator's FEATURE_LEVEL rule
 * below 1_0. */
vksplit_result vksplit__dml_query_support(const vksplit__dml_operator* op, uint32_t feature_level,
                                          vksplit_dml_split_support* support, vksplit_error* error);
/* The same, into a target that also names the level ("DML_FEATURE_LEVEL_3_0"). */
vksplit_result vksplit__dml_target_init(const vksplit__dml_operator* op, uint32_t feature_level,
                                        vksplit__dml_target* target, vksplit_error* error);

/* Type BUFFER with a Desc: the one kind of tensor Split and Join take. */
vksplit_result vksplit__dml_buffer_of(const vksplit__dml_target* target, const char* name,
                                      const vksplit_dml_tensor_desc* tensor,
                                      const vksplit_dml_buffer_tensor_desc** buffer, vksplit_error* error);
/* Every rule one buffer tensor must meet on its own; `name` is its field ("InputTensors[2]").
 * is_input: DML_TENSOR_FLAG_OWNED_BY_DML allowed. */
vksplit_result vksplit__dml_check_buffer(const vksplit__dml_target* target, const char* name,
                                         const vksplit_dml_buffer_tensor_desc* buffer, bool is_input,
                                         vksplit_error* error);
/* A tensor that is written (an output) and has Strides must not let two of its elements share
 * an address (DML_OVERLAPPING_STRIDES). Call after vksplit__dml_check_buffer. */
vksplit_result vksplit__dml_check_written_layout(const char* name, const vksplit_dml_buffer_tensor_desc* buffer,
                                                 vksplit_error* error);
/* GuaranteedBaseOffsetAlignment, 0 read as DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT (16). */
uint32_t vksplit__dml_binding_alignment(const vksplit_dml_buffer_tensor_desc* buffer);

#endif /* VKSPLIT_FRONTEND_DIRECTML_TENSOR_H */
