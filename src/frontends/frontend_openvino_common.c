/* See frontend_openvino_common.h. The element types are ov::element::Type_t's
 * (https://docs.openvino.ai/2024/api/c_cpp_api/group__ov__element__cpp__api.html), by name. */
#include "frontends/frontend_openvino_common.h"

#include "base/internal.h"

static const struct {
    const char* name;
    uint32_t size;
    vksplit__ov_type_check check;
} ov_types[] = {
    {"undefined", 0, VKSPLIT__OV_TYPE_DYNAMIC}, {"dynamic", 0, VKSPLIT__OV_TYPE_DYNAMIC},
    {"boolean", 1, VKSPLIT__OV_TYPE_BOOLEAN},   {"bf16", 2, VKSPLIT__OV_TYPE_NUMBER},
    {"f16", 2, VKSPLIT__OV_TYPE_NUMBER},        {"f32", 4, VKSPLIT__OV_TYPE_NUMBER},
    {"f64", 8, VKSPLIT__OV_TYPE_NUMBER},        {"i4", 0, VKSPLIT__OV_TYPE_SUB_BYTE},
    {"i8", 1, VKSPLIT__OV_TYPE_INTEGER},        {"i16", 2, VKSPLIT__OV_TYPE_INTEGER},
    {"i32", 4, VKSPLIT__OV_TYPE_INTEGER},       {"i64", 8, VKSPLIT__OV_TYPE_INTEGER},
    {"u1", 0, VKSPLIT__OV_TYPE_SUB_BYTE},       {"u2", 0, VKSPLIT__OV_TYPE_SUB_BYTE},
    {"u3", 0, VKSPLIT__OV_TYPE_SUB_BYTE},       {"u4", 0, VKSPLIT__OV_TYPE_SUB_BYTE},
    {"u6", 0, VKSPLIT__OV_TYPE_SUB_BYTE},       {"u8", 1, VKSPLIT__OV_TYPE_INTEGER},
    {"u16", 2, VKSPLIT__OV_TYPE_INTEGER},       {"u32", 4, VKSPLIT__OV_TYPE_INTEGER},
    {"u64", 8, VKSPLIT__OV_TYPE_INTEGER},       {"nf4", 0, VKSPLIT__OV_TYPE_SUB_BYTE},
    {"f8e4m3", 1, VKSPLIT__OV_TYPE_NUMBER},     {"f8e5m2", 1, VKSPLIT__OV_TYPE_NUMBER},
    {"string", 0, VKSPLIT__OV_TYPE_STRING},     {"f4e2m1", 0, VKSPLIT__OV_TYPE_SUB_BYTE},
    {"f8e8m0", 1, VKSPLIT__OV_TYPE_NUMBER},
};
_Static_assert(sizeof ov_types / sizeof ov_types[0] == VKSPLIT_OV_ELEMENT_TYPE_COUNT, "one row per element type");

uint32_t vksplit_ov_element_type_size(vksplit_ov_element_type element_type)
{
    return (uint32_t)element_type < VKSPLIT_OV_ELEMENT_TYPE_COUNT ? ov_types[element_type].size : 0;
}

const char* vksplit_ov_element_type_name(vksplit_ov_element_type element_type)
{
    return (uint32_t)element_type < VKSPLIT_OV_ELEMENT_TYPE_COUNT ? ov_types[element_type].name : "unknown";
}

vksplit__ov_type_check vksplit__ov_check_type(vksplit_ov_element_type element_type)
{
    return (uint32_t)element_type < VKSPLIT_OV_ELEMENT_TYPE_COUNT ? ov_types[element_type].check
                                                                  : VKSPLIT__OV_TYPE_UNKNOWN;
}

bool vksplit__ov_normalise_axis(int64_t value, uint32_t rank, uint32_t* axis)
{
    int64_t r = rank;
    if (value < -r || value >= r)
        return false;
    *axis = (uint32_t)(value < 0 ? value + r : value);
    return true;
}
