/* See frontend_onnx_common.h. The type table is ONNX's TensorProto.DataType, from onnx.proto
 * (https://github.com/onnx/onnx/blob/main/onnx/onnx.proto). */
#include "frontends/frontend_onnx_common.h"

#include "base/internal.h"

static const struct {
    const char* name;
    uint32_t size;
} onnx_types[] = {
    {"undefined", 0},      {"float", 4},    {"uint8", 1},        {"int8", 1},           {"uint16", 2},
    {"int16", 2},          {"int32", 4},    {"int64", 8},        {"string", 0},         {"bool", 1},
    {"float16", 2},        {"double", 8},   {"uint32", 4},       {"uint64", 8},         {"complex64", 8},
    {"complex128", 16},    {"bfloat16", 2}, {"float8e4m3fn", 1}, {"float8e4m3fnuz", 1}, {"float8e5m2", 1},
    {"float8e5m2fnuz", 1}, {"uint4", 0},    {"int4", 0},         {"float4e2m1", 0},     {"float8e8m0", 1},
};
#define ONNX_TYPE_COUNT (sizeof onnx_types / sizeof onnx_types[0])

uint32_t vksplit_onnx_data_type_size(vksplit_onnx_data_type data_type)
{
    return (uint32_t)data_type < ONNX_TYPE_COUNT ? onnx_types[data_type].size : 0;
}

const char* vksplit_onnx_data_type_name(vksplit_onnx_data_type data_type)
{
    return (uint32_t)data_type < ONNX_TYPE_COUNT ? onnx_types[data_type].name : "unknown";
}

int64_t vksplit__onnx_version_in_effect(const vksplit__onnx_version* versions, size_t count, int64_t model_opset)
{
    int64_t in_effect = 0;
    for (size_t i = 0; i < count && versions[i].since <= model_opset; i++)
        in_effect = versions[i].since;
    return model_opset < 1 ? 0 : in_effect;
}

uint32_t vksplit__onnx_version_types(const vksplit__onnx_version* versions, size_t count, int64_t version)
{
    for (size_t i = 0; i < count; i++)
        if (versions[i].since == version)
            return versions[i].types;
    return 0;
}

vksplit_bool32 vksplit__onnx_type_listed(uint32_t types, vksplit_onnx_data_type data_type)
{
    return (uint32_t)data_type < 32 && (types & (1u << data_type)) ? 1 : 0;
}

vksplit__onnx_type_check vksplit__onnx_check_type(uint32_t types, vksplit_onnx_data_type data_type)
{
    if (data_type == VKSPLIT_ONNX_STRING)
        return VKSPLIT__ONNX_TYPE_STRING;
    if ((uint32_t)data_type >= ONNX_TYPE_COUNT || data_type == VKSPLIT_ONNX_UNDEFINED)
        return VKSPLIT__ONNX_TYPE_UNKNOWN;
    return vksplit__onnx_type_listed(types, data_type) ? VKSPLIT__ONNX_TYPE_OK : VKSPLIT__ONNX_TYPE_NOT_LISTED;
}

bool vksplit__onnx_normalise_axis(int64_t axis, uint32_t rank, uint32_t* normalised)
{
    int64_t r = rank;
    if (axis < -r || axis >= r)
        return false;
    *normalised = (uint32_t)(axis < 0 ? axis + r : axis);
    return true;
}
