/* DirectML front-end for Join: DML_JOIN_OPERATOR_DESC's rules, each with its own code and a
 * message naming the DirectML field, then the translation into the canonical join. The
 * document (Microsoft Learn): "DML_JOIN_OPERATOR_DESC structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_join_operator_desc
 * Its buffer tensors follow "DML_BUFFER_TENSOR_DESC structure (directml.h)", checked by the
 * code Split's front-end uses too (src/frontends/frontend_directml_tensor.c), over the same walk with
 * the roles turned round (src/frontends/frontend_directml_parts.c): the inputs are the parts, the
 * output the whole. What is Join's own: its "Tensor support" table (4 or 5 dimensions from
 * DML_FEATURE_LEVEL_3_0, 1 to 8 only from 4_1; beside Split's in the tensor file), "the join
 * axis, which may contain any non-zero size" (DML_JOIN_AXIS_SIZE_ZERO), and the messages
 * that name its fields. */
#include "frontends/frontend_directml_parts.h"

vksplit_result vksplit_dml_translate_join(const vksplit_dml_join_operator_desc* op,
                                          vksplit_dml_feature_level feature_level, vksplit_dml_join_storage* storage,
                                          vksplit_join_desc* out, vksplit_error* error)
{
    if (!op)
        return VKSPLIT__FAIL0(error, DML_JOIN_OPERATOR_NULL);
    const vksplit__dml_request request = {.whole = op->OutputTensor,
                                          .parts = op->InputTensors,
                                          .part_count = op->InputCount,
                                          .axis = op->Axis};
    vksplit__dml_storage fields = {0};
    if (storage)
        fields = (vksplit__dml_storage){.capacity = storage->capacity,
                                        .lengths = storage->lengths,
                                        .part_strides = storage->input_strides,
                                        .part_stride_table = storage->input_stride_table,
                                        .sizes = storage->sizes,
                                        .whole_strides = storage->output_strides};
    vksplit__dml_translation t;
    vksplit_result r = vksplit__dml_translate(&vksplit__dml_join, (uint32_t)feature_level, &request,
                                              storage ? &fields : NULL, out != NULL, &t, error);
    if (r == VKSPLIT_OK) /* every rule was checked, in DirectML's terms */
        *out = (vksplit_join_desc){.element_size = t.element_size,
                                   .rank = t.rank,
                                   .sizes = storage->sizes,
                                   .output_strides = t.whole_strided ? storage->output_strides : NULL,
                                   .axis = op->Axis,
                                   .input_count = op->InputCount,
                                   .lengths = storage->lengths,
                                   .input_strides = t.parts_strided ? storage->input_stride_table : NULL,
                                   .base_alignment = t.base_alignment};
    return r;
}

vksplit_result vksplit_dml_query_join_support(vksplit_dml_feature_level feature_level,
                                              vksplit_dml_join_support* support, vksplit_error* error)
{
    return vksplit__dml_query_support(&vksplit__dml_join, (uint32_t)feature_level, support, error);
}
