/* A recording's bindings, checked and resolved (record_bindings.h). */
#include "record/record_bindings.h"

/* How the rules name a binding: the field of vksplit_bindings the caller filled,
 * "bindings.whole" for part < 0, else "bindings.parts[part]". */
static const char* tensor_name(const vksplit_plan* plan, char* buffer, size_t size, int part)
{
    (void)plan;
    if (part < 0)
        return "bindings.whole";
    snprintf(buffer, size, "bindings.parts[%d]", part);
    return buffer;
}

static vksplit_result check_binding(const vksplit_plan* plan, const vksplit_binding* binding, int output,
                                    vksplit_error* error)
{
    char name[32];
    if (!binding->buffer)
        return VKSPLIT__FAIL(error, BINDING_BUFFER_NULL, tensor_name(plan, name, sizeof name, output));
    if (binding->offset % plan->offset_alignment)
        return VKSPLIT__FAIL(error, BINDING_OFFSET_ALIGNMENT, tensor_name(plan, name, sizeof name, output),
                             (unsigned long long)binding->offset, plan->offset_alignment, plan->geo.word_bytes);
    return VKSPLIT_OK;
}

/* vkGetBufferDeviceAddress, skipped when the buffer repeats (parts often share one). */
typedef struct address_cache {
    VkBuffer buffer;
    VkDeviceAddress address;
} address_cache;

static VkDeviceAddress address_of(const vksplit_plan* plan, address_cache* cache, const vksplit_binding* binding)
{
    const vksplit_context* ctx = plan->ctx;
    if (binding->buffer != cache->buffer) {
        VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, binding->buffer};
        cache->buffer = binding->buffer;
        cache->address = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &info);
    }
    return cache->address + binding->offset;
}

/* A binding's device address, checked against the plan's alignment (part < 0: the whole). */
static vksplit_result checked_address(const vksplit_plan* plan, address_cache* cache, const vksplit_binding* binding,
                                      int output, VkDeviceAddress* address, vksplit_error* error)
{
    *address = address_of(plan, cache, binding);
    char name[32];
    if (*address % plan->offset_alignment)
        return VKSPLIT__FAIL(error, BINDING_ADDRESS_ALIGNMENT, tensor_name(plan, name, sizeof name, output),
                             (unsigned long long)*address, plan->offset_alignment, plan->geo.word_bytes);
    return VKSPLIT_OK;
}

/* The arguments range: present, aligned, and its device address aligned. */
static vksplit_result arguments_address(const vksplit_plan* plan, const vksplit_arguments* arguments,
                                        VkDeviceAddress* address, vksplit_error* error)
{
    if (!arguments || !arguments->buffer)
        return VKSPLIT__FAIL(error, ARGUMENTS_NULL, plan->geo.segment_count, vksplit__words(plan->direction)->parts,
                             (unsigned long long)plan->argument_bytes);
    if (arguments->offset % VKSPLIT_ARGUMENT_ALIGNMENT)
        return VKSPLIT__FAIL(error, ARGUMENTS_OFFSET_ALIGNMENT, (unsigned long long)arguments->offset,
                             VKSPLIT_ARGUMENT_ALIGNMENT);
    const vksplit_context* ctx = plan->ctx;
    VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, arguments->buffer};
    *address = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &info) + arguments->offset;
    if (*address % VKSPLIT_ARGUMENT_ALIGNMENT)
        return VKSPLIT__FAIL(error, ARGUMENTS_ADDRESS_ALIGNMENT, (unsigned long long)*address,
                             VKSPLIT_ARGUMENT_ALIGNMENT);
    return VKSPLIT_OK;
}

vksplit_result vksplit__bind(const vksplit_plan* plan, vksplit__bind_for what, const vksplit_binding* whole,
                             const vksplit_binding* parts, const vksplit_arguments* arguments, vksplit__bound* bound,
                             vksplit_error* error)
{
    memset(bound, 0, sizeof *bound);
    const vksplit__geometry* g = &plan->geo;
    bool recording = what == VKSPLIT__BIND_RECORDING;
    vksplit_result r = recording ? check_binding(plan, whole, -1, error) : VKSPLIT_OK;
    for (uint32_t k = 0; r == VKSPLIT_OK && k < g->segment_count; k++)
        r = check_binding(plan, &parts[g->segments[k].part_index], (int)g->segments[k].part_index, error);
    bool addresses = plan->path == VKSPLIT_PATH_COMPUTE && plan->ctx->bda;
    if (r != VKSPLIT_OK || !addresses)
        return r;
    address_cache cache = {VK_NULL_HANDLE, 0};
    if (recording)
        r = checked_address(plan, &cache, whole, -1, &bound->whole, error);
    if (r == VKSPLIT_OK && recording && plan->argument_bytes)
        r = arguments_address(plan, arguments, &bound->arguments, error);
    /* Every part address the dispatch reads: kept for the push constants, or (arguments, more
     * than fit there) only checked, and resolved again when written. */
    VkDeviceAddress checked;
    for (uint32_t k = 0; r == VKSPLIT_OK && k < g->segment_count; k++) {
        uint32_t o = g->segments[k].part_index;
        r = checked_address(plan, &cache, &parts[o], (int)o, plan->argument_bytes ? &checked : &bound->parts[k], error);
    }
    return r;
}

void vksplit__part_addresses(const vksplit_plan* plan, const vksplit_binding* parts, uint32_t first, uint32_t count,
                             uint64_t* addresses)
{
    address_cache cache = {VK_NULL_HANDLE, 0};
    for (uint32_t i = 0; i < count; i++)
        addresses[i] = address_of(plan, &cache, &parts[plan->geo.segments[first + i].part_index]);
}

/* A binding as a descriptor: the offset rounded down to what descriptors allow, the rest
 * in words for the shader. */
VkDescriptorBufferInfo vksplit__descriptor_for(const vksplit_plan* plan, const vksplit_binding* b, uint64_t span,
                                               uint32_t* first_word)
{
    uint64_t align = plan->ctx->min_storage_offset_alignment ? plan->ctx->min_storage_offset_alignment : 1;
    uint64_t word = plan->geo.word_bytes;
    while (align < word || align < 4)
        align *= 2;
    uint64_t base = b->offset / align * align;
    uint64_t range = b->offset - base + span;
    if (plan->atomic_stores)
        range = (range + 3) & ~(uint64_t)3; /* the shader views the bytes as whole 32-bit words */
    *first_word = (uint32_t)((b->offset - base) / word);
    return (VkDescriptorBufferInfo){b->buffer, base, range};
}
