/* DirectML front-end: DML_SPLIT_OPERATOR_DESC's rules, each with its own code and a message
 * naming the DirectML field, then the translation into the canonical split. The documents
 * (Microsoft Learn): "DML_SPLIT_OPERATOR_DESC structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_split_operator_desc
 * and "DML_BUFFER_TENSOR_DESC structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_buffer_tensor_desc
 * The buffer tensor checks (src/frontends/frontend_directml_tensor.c) and the walk over the input and
 * its outputs (src/frontends/frontend_directml_parts.c) are shared with DML_JOIN_OPERATOR_DESC. */
#include <string.h>

#include "frontends/frontend_directml_parts.h"

vksplit_result vksplit_dml_query_split_support(vksplit_dml_feature_level feature_level,
                                               vksplit_dml_split_support* support, vksplit_error* error)
{
    return vksplit__dml_query_support(&vksplit__dml_split, (uint32_t)feature_level, support, error);
}

vksplit_result vksplit_dml_translate_split(const vksplit_dml_split_operator_desc* op,
                                           vksplit_dml_feature_level feature_level, vksplit_dml_split_storage* storage,
                                           vksplit_split_desc* out, vksplit_error* error)
{
    if (!op)
        return VKSPLIT__FAIL0(error, DML_OPERATOR_NULL);
    vksplit__dml_request request = {op->InputTensor, op->OutputTensors, op->OutputCount, op->Axis};
    vksplit__dml_storage view = {0}; /* the outputs are the parts, the input the whole */
    if (storage)
        view = (vksplit__dml_storage){storage->capacity,       storage->lengths,
                                      storage->output_strides, storage->output_stride_table,
                                      storage->sizes,          storage->input_strides};
    vksplit__dml_translation t;
    vksplit_result r = vksplit__dml_translate(&vksplit__dml_split, (uint32_t)feature_level, &request,
                                              storage ? &view : NULL, out != NULL, &t, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit_split_desc split; /* every rule was checked, in DirectML's terms */
    memset(&split, 0, sizeof split);
    split.element_size = t.element_size;
    split.rank = t.rank;
    split.sizes = storage->sizes;
    split.input_strides = t.whole_strided ? storage->input_strides : NULL;
    split.axis = op->Axis;
    split.output_count = op->OutputCount;
    split.lengths = storage->lengths;
    split.output_strides = t.parts_strided ? storage->output_stride_table : NULL;
    split.base_alignment = t.base_alignment;
    *out = split;
    return VKSPLIT_OK;
}
