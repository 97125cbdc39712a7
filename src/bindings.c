/* Binding checks and device addresses (bindings.h). */
#include "bindings.h"

static const char* tensor_name(char* buffer, size_t size, int output)
{
    if (output < 0)
        return "input";
    snprintf(buffer, size, "outputs[%d]", output);
    return buffer;
}

static vksplit_result check_binding(const vksplit_plan* plan, const vksplit_binding* binding, int output,
                                    vksplit_error* error)
{
    char name[32];
    if (!binding->buffer)
        return VKSPLIT__FAIL(error, BINDING_BUFFER_NULL, tensor_name(name, sizeof name, output));
    if (binding->offset % plan->offset_alignment)
        return VKSPLIT__FAIL(error, BINDING_OFFSET_ALIGNMENT, tensor_name(name, sizeof name, output), (unsigned long long)binding->offset, plan->offset_alignment, plan->geo.word_bytes);
    return VKSPLIT_OK;
}

vksplit_result vksplit__check_bindings(const vksplit_plan* plan, const vksplit_binding* input,
                                       const vksplit_binding* outputs, vksplit_error* error)
{
    vksplit_result r = input ? check_binding(plan, input, -1, error) : VKSPLIT_OK;
    for (uint32_t k = 0; r == VKSPLIT_OK && k < plan->geo.segment_count; k++) {
        uint32_t o = plan->geo.segments[k].output_index;
        r = check_binding(plan, &outputs[o], (int)o, error);
    }
    return r;
}

vksplit_result vksplit__binding_address(const vksplit_plan* plan, vksplit__address_cache* cache,
                                        const vksplit_binding* binding, int output, VkDeviceAddress* address,
                                        vksplit_error* error)
{
    const vksplit_context* ctx = plan->ctx;
    if (binding->buffer != cache->buffer) {
        VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, binding->buffer};
        cache->buffer = binding->buffer;
        cache->address = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &info);
    }
    *address = cache->address + binding->offset;
    char name[32];
    if (*address % plan->offset_alignment)
        return VKSPLIT__FAIL(error, BINDING_ADDRESS_ALIGNMENT, tensor_name(name, sizeof name, output), (unsigned long long)*address, plan->offset_alignment, plan->geo.word_bytes);
    return VKSPLIT_OK;
}
