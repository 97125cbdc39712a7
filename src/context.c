/* The context: the caller's device, a private function table, the device's limits, the
 * addressing chosen for it, and every pipeline vksplit will ever use (created here, never
 * on a plan or record path). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "context.h"
#include "pipelines.h"
#include "split_abi.h"

/* ---- feature query ----------------------------------------------------------------------- */

static bool has_extension(const VkExtensionProperties* list, uint32_t count, const char* name)
{
    for (uint32_t i = 0; i < count; i++)
        if (strcmp(list[i].extensionName, name) == 0)
            return true;
    return false;
}

vksplit_result vksplit_query_device_features(VkPhysicalDevice physical_device,
                                             PFN_vkGetInstanceProcAddr get_instance_proc_addr, VkInstance instance,
                                             vksplit_features* supported, vksplit_error* error)
{
    if (!physical_device || !get_instance_proc_addr || !instance || !supported)
        return VKSPLIT__FAIL0(error, SUPPORT_QUERY_NULL);
    *supported = 0;
    vksplit__vk vk;
    memset(&vk, 0, sizeof vk);
    vksplit_result r = vksplit__load_instance_functions(&vk, instance, get_instance_proc_addr, error);
    if (r != VKSPLIT_OK)
        return r;

    VkPhysicalDeviceProperties props;
    vk.vkGetPhysicalDeviceProperties(physical_device, &props);
    uint32_t count = 0;
    /* A failed enumeration leaves count undefined: never read a list by it. */
    VkResult vr = vk.vkEnumerateDeviceExtensionProperties(physical_device, NULL, &count, NULL);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkEnumerateDeviceExtensionProperties", vr);
    /* On the heap: a few hundred extensions are ~100 KiB, too much for an engine thread's stack. */
    VkExtensionProperties* exts = vksplit__alloc_array(NULL, count ? count : 1, sizeof *exts);
    if (!exts)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_EXTENSIONS, count);
    vr = vk.vkEnumerateDeviceExtensionProperties(physical_device, NULL, &count, exts); /* VK_INCOMPLETE: what came */
    if (vr < VK_SUCCESS) {
        vksplit__free(NULL, exts);
        return vksplit__vk_fail(error, "vkEnumerateDeviceExtensionProperties", vr);
    }
    uint32_t api = props.apiVersion;
    bool has_bda = api >= VK_API_VERSION_1_2 || has_extension(exts, count, "VK_KHR_buffer_device_address");
    bool has_8bit = api >= VK_API_VERSION_1_2 || has_extension(exts, count, "VK_KHR_8bit_storage");
    bool has_16bit = api >= VK_API_VERSION_1_1 || has_extension(exts, count, "VK_KHR_16bit_storage");
    if (has_extension(exts, count, "VK_KHR_push_descriptor"))
        *supported |= VKSPLIT_FEATURE_PUSH_DESCRIPTOR;
    vksplit__free(NULL, exts);

    VkPhysicalDeviceFeatures core;
    vk.vkGetPhysicalDeviceFeatures(physical_device, &core);
    if (core.shaderStorageBufferArrayDynamicIndexing)
        *supported |= VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING;
    if (!vk.vkGetPhysicalDeviceFeatures2)
        return vksplit__ok(error); /* a Vulkan 1.0 instance without the KHR query: core only */

    /* Chain only the structs this device knows. */
    VkPhysicalDeviceBufferDeviceAddressFeatures bda = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES, NULL, 0, 0, 0};
    VkPhysicalDevice8BitStorageFeatures s8 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES, NULL, 0, 0, 0};
    VkPhysicalDevice16BitStorageFeatures s16 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES, NULL, 0, 0, 0, 0};
    VkPhysicalDeviceFeatures2 features2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, NULL, {0}};
    void** tail = &features2.pNext;
    if (has_bda) { *tail = &bda; tail = &bda.pNext; }
    if (has_8bit) { *tail = &s8; tail = &s8.pNext; }
    if (has_16bit) { *tail = &s16; tail = &s16.pNext; }
    vk.vkGetPhysicalDeviceFeatures2(physical_device, &features2);
    if (bda.bufferDeviceAddress && features2.features.shaderInt64)
        *supported |= VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS;
    if (s8.storageBuffer8BitAccess)
        *supported |= VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT;
    if (s16.storageBuffer16BitAccess)
        *supported |= VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT;
    return vksplit__ok(error);
}

/* ---- creation ---------------------------------------------------------------------------- */

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* Device limits, addressing and tuning. */
static vksplit_result read_device(vksplit_context* ctx, const vksplit_context_desc* desc, vksplit_error* error)
{
    VkPhysicalDeviceProperties props;
    ctx->vk.vkGetPhysicalDeviceProperties(ctx->physical_device, &props);
    ctx->vk.vkGetPhysicalDeviceMemoryProperties(ctx->physical_device, &ctx->memory);
    const VkPhysicalDeviceLimits* limits = &props.limits;
    ctx->device_type = props.deviceType;
    ctx->max_group_count[0] = limits->maxComputeWorkGroupCount[0];
    ctx->max_group_count[1] = limits->maxComputeWorkGroupCount[1];
    ctx->max_group_count[2] = limits->maxComputeWorkGroupCount[2];
    ctx->max_storage_buffer_range = limits->maxStorageBufferRange;
    if (desc->max_binding_bytes && desc->max_binding_bytes < 4096)
        return VKSPLIT__FAIL(error, CONTEXT_MAX_BINDING_BYTES, (unsigned long long)desc->max_binding_bytes);
    if (desc->max_binding_bytes && desc->max_binding_bytes < ctx->max_storage_buffer_range)
        ctx->max_storage_buffer_range = (uint32_t)desc->max_binding_bytes;
    ctx->min_storage_offset_alignment = (uint32_t)limits->minStorageBufferOffsetAlignment;

    if (props.apiVersion >= VK_API_VERSION_1_3 && ctx->vk.vkGetPhysicalDeviceProperties2) {
        VkPhysicalDeviceMaintenance4Properties m4 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
        VkPhysicalDeviceProperties2 props2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &m4};
        ctx->vk.vkGetPhysicalDeviceProperties2(ctx->physical_device, &props2);
        ctx->max_buffer_size = m4.maxBufferSize;
    }

    ctx->bda = (ctx->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    if (ctx->bda && !ctx->vk.vkGetBufferDeviceAddress)
        return VKSPLIT__FAIL0(error, CONTEXT_NO_DEVICE_ADDRESS_FUNCTION);
    if (!ctx->bda) {
        if (!(ctx->features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR) || !ctx->vk.vkCmdPushDescriptorSetKHR)
            return VKSPLIT__FAIL0(error, CONTEXT_NO_ADDRESSING);
        uint32_t push_max = 32; /* the extension's guaranteed minimum */
        if (ctx->vk.vkGetPhysicalDeviceProperties2) {
            VkPhysicalDevicePushDescriptorPropertiesKHR push = {
                VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR, NULL, 32};
            VkPhysicalDeviceProperties2 props2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &push, {0}};
            ctx->vk.vkGetPhysicalDeviceProperties2(ctx->physical_device, &props2);
            push_max = push.maxPushDescriptors;
        }
        /* Table + input + outputs within every per-stage and per-set limit. */
        uint32_t slots = min_u32(push_max, min_u32(limits->maxPerStageDescriptorStorageBuffers,
                                                   limits->maxDescriptorSetStorageBuffers));
        slots = slots > 2 ? min_u32(slots - 2, ABI_MAX_SLOTS) : 1;
        if (!(ctx->features & VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING))
            slots = 1; /* one output per dispatch: the array index is then a constant 0 */
        ctx->output_slots = slots;
    } else {
        ctx->output_slots = 1;
    }

    vksplit_tuning tuning = desc->tuning;
    vksplit_resolve_tuning(props.deviceType, &tuning);
    bool runs = tuning.mapping == VKSPLIT_MAPPING_RUNS;
    uint32_t wg = tuning.workgroup_size, bytes = tuning.invocation_bytes;
    uint32_t wg_max = min_u32(limits->maxComputeWorkGroupSize[0], min_u32(limits->maxComputeWorkGroupInvocations, 1024));
    /* A default is fitted to the device (a device may report as few as 128 invocations, the
     * Vulkan minimum): the largest power of two within its limit. A size the caller asked for
     * is kept, and refused below when the device cannot run it. */
    if (!desc->tuning.workgroup_size)
        while (wg > wg_max && wg > 1)
            wg /= 2;
    if (tuning.mapping < VKSPLIT_MAPPING_RUNS || tuning.mapping > VKSPLIT_MAPPING_BY_SHAPE)
        return VKSPLIT__FAIL(error, TUNING_MAPPING, (int)tuning.mapping);
    if (!vksplit__is_pow2(tuning.max_word_bytes) || tuning.max_word_bytes > 32)
        return VKSPLIT__FAIL(error, TUNING_MAX_WORD_BYTES, tuning.max_word_bytes);
    if (wg < 1 || wg > wg_max)
        return VKSPLIT__FAIL(error, TUNING_WORKGROUP_SIZE, wg, wg_max);
    if (bytes > 65536)
        return VKSPLIT__FAIL(error, TUNING_INVOCATION_BYTES, bytes);
    if (tuning.min_workgroups < 1 || tuning.min_workgroups > (1u << 24))
        return VKSPLIT__FAIL(error, TUNING_MIN_WORKGROUPS, tuning.min_workgroups);
    /* The tuning's widest word, within what the addressing's shader variants have. */
    ctx->caps.max_word_bytes = min_u32(tuning.max_word_bytes, vksplit__widest_variant_word(ctx->bda));
    ctx->caps.bda = ctx->bda;
    ctx->caps.mapping = tuning.mapping;
    ctx->caps.workgroup_size = wg;
    ctx->caps.invocation_bytes = bytes ? bytes : 1;
    /* Small splits get shorter runs (RUNS) or fewer trips (the GPU mappings) so that this many
     * workgroups share them. Bands need one dispatch for every output (addresses). */
    ctx->caps.min_workgroups = tuning.min_workgroups;
    ctx->caps.band_bytes = !runs && ctx->bda && tuning.band_bytes != UINT32_MAX ? tuning.band_bytes : 0;
    ctx->caps.segments_per_dispatch = ctx->bda ? UINT32_MAX : ctx->output_slots;
    /* Workgroup memory: DEINTERLEAVE stages rows in up to 16 KiB, the Vulkan minimum of
     * maxComputeSharedMemorySize (TRANSPOSE's 8.25 KiB tile fits every device). */
    ctx->caps.shared_bytes = min_u32(DEINTERLEAVE_SHARED_WORDS * 4, limits->maxComputeSharedMemorySize);
    vksplit__log(ctx, VKSPLIT_LOG_INFO,
                 "vksplit: %s, %s addressing, %u output slot(s) per dispatch, mapping %d, workgroups of %u, %u bytes "
                 "per invocation, bands of %u bytes, words up to %u bytes",
                 props.deviceName, ctx->bda ? "device-address" : "push-descriptor", ctx->output_slots,
                 (int)tuning.mapping, wg, bytes, ctx->caps.band_bytes, ctx->caps.max_word_bytes);
    return VKSPLIT_OK;
}

vksplit_result vksplit_context_create(const vksplit_context_desc* desc, vksplit_context** out, vksplit_error* error)
{
    if (!out)
        return VKSPLIT__FAIL0(error, OUT_NULL);
    *out = NULL;
    if (!desc)
        return VKSPLIT__FAIL0(error, CONTEXT_DESC_NULL);
    if (!desc->instance || !desc->physical_device || !desc->device || !desc->get_instance_proc_addr)
        return VKSPLIT__FAIL0(error, CONTEXT_DESC_HANDLES);
    vksplit_context* ctx = vksplit__alloc(desc->allocation_callbacks, sizeof *ctx);
    if (!ctx)
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_CONTEXT);
    if (desc->allocation_callbacks) {
        ctx->callbacks_storage = *desc->allocation_callbacks;
        ctx->callbacks = &ctx->callbacks_storage;
    }
    ctx->instance = desc->instance;
    ctx->physical_device = desc->physical_device;
    ctx->device = desc->device;
    ctx->log = desc->log;
    ctx->log_user = desc->log_user;
    ctx->features = desc->enabled_features;

    vksplit_result r = vksplit__load_instance_functions(&ctx->vk, desc->instance, desc->get_instance_proc_addr, error);
    if (r == VKSPLIT_OK)
        r = vksplit__load_device_functions(&ctx->vk, desc->device, desc->get_device_proc_addr, error);
    if (r == VKSPLIT_OK)
        r = read_device(ctx, desc, error);
    if (r == VKSPLIT_OK)
        r = vksplit__create_layouts(ctx, error);
    ctx->defer_pipelines = desc->defer_pipelines != 0;
    ctx->capture_statistics = desc->capture_pipeline_statistics != 0;
    ctx->pipeline_cache = desc->pipeline_cache;
    if (r == VKSPLIT_OK && !ctx->defer_pipelines)
        r = vksplit__create_pipelines(ctx, error);
    if (r != VKSPLIT_OK) {
        vksplit_context_destroy(ctx);
        return r;
    }
    *out = ctx;
    return vksplit__ok(error);
}

void vksplit_context_destroy(vksplit_context* ctx)
{
    if (!ctx)
        return;
    vksplit__destroy_pipelines(ctx);
    vksplit__free(ctx->callbacks, ctx);
}
