/* The context: the caller's device, a private function table, the device's limits, the
 * addressing chosen for it, and every pipeline vksplit will ever use (created here, never
 * on a plan or record path). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "context/context_log.h"
#include "context/context_state.h"
#include "context/pipelines.h"
#include "context/plan_pipelines.h"
#include "context/table_pool.h"
#include "split_abi.h"
#include "context/tuning.h"

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
    bool has_f16 = api >= VK_API_VERSION_1_2 || has_extension(exts, count, "VK_KHR_shader_float16_int8");
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
    VkPhysicalDeviceBufferDeviceAddressFeatures bda = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
                                                       NULL, 0, 0, 0};
    VkPhysicalDevice8BitStorageFeatures s8 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES, NULL, 0, 0, 0};
    VkPhysicalDevice16BitStorageFeatures s16 = {
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES, NULL, 0, 0, 0, 0};
    VkPhysicalDeviceShaderFloat16Int8Features f16 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES,
                                                     NULL, 0, 0};
    VkPhysicalDeviceFeatures2 features2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, NULL, {0}};
    void** tail = &features2.pNext;
    if (has_bda) {
        *tail = &bda;
        tail = &bda.pNext;
    }
    if (has_8bit) {
        *tail = &s8;
        tail = &s8.pNext;
    }
    if (has_16bit) {
        *tail = &s16;
        tail = &s16.pNext;
    }
    if (has_f16) {
        *tail = &f16;
        tail = &f16.pNext;
    }
    vk.vkGetPhysicalDeviceFeatures2(physical_device, &features2);
    if (bda.bufferDeviceAddress && features2.features.shaderInt64)
        *supported |= VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS;
    if (s8.storageBuffer8BitAccess)
        *supported |= VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT;
    if (s16.storageBuffer16BitAccess)
        *supported |= VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT;
    if (f16.shaderFloat16)
        *supported |= VKSPLIT_FEATURE_SHADER_FLOAT16;
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
    ctx->min_uniform_offset_alignment = (uint32_t)limits->minUniformBufferOffsetAlignment;
    ctx->non_coherent_atom_size = limits->nonCoherentAtomSize;

    if (props.apiVersion >= VK_API_VERSION_1_3 && ctx->vk.vkGetPhysicalDeviceProperties2) {
        VkPhysicalDeviceMaintenance4Properties m4 = {.sType =
                                                         VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
        VkPhysicalDeviceProperties2 props2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &m4};
        ctx->vk.vkGetPhysicalDeviceProperties2(ctx->physical_device, &props2);
        ctx->max_buffer_size = m4.maxBufferSize;
    }

    /* A converting copy's float16 by the device's own conversions (convert_pipelines.c):
     * shaderFloat16 enabled on a Vulkan 1.2 device that rounds float16 to nearest even and keeps
     * its subnormals, which the _f16 modules declare. */
    if ((ctx->features & VKSPLIT_FEATURE_SHADER_FLOAT16) && props.apiVersion >= VK_API_VERSION_1_2 &&
        ctx->vk.vkGetPhysicalDeviceProperties2) {
        VkPhysicalDeviceFloatControlsProperties fc = {.sType =
                                                          VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
        VkPhysicalDeviceProperties2 props2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &fc};
        ctx->vk.vkGetPhysicalDeviceProperties2(ctx->physical_device, &props2);
        ctx->f16_hw = fc.shaderRoundingModeRTEFloat16 && fc.shaderDenormPreserveFloat16;
    }

    /* Device addresses where the device has them and the build embeds their shaders, else push
     * descriptors (VKSPLIT_ADDRESSING: a build may embed only one). */
    bool device_bda = (ctx->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    ctx->bda = device_bda && vksplit__embeds_addressing(1);
    if (ctx->bda && !ctx->vk.vkGetBufferDeviceAddress)
        return VKSPLIT__FAIL0(error, CONTEXT_NO_DEVICE_ADDRESS_FUNCTION);
    if (!ctx->bda) {
        if (!(ctx->features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR) || !ctx->vk.vkCmdPushDescriptorSetKHR)
            return device_bda ? VKSPLIT__FAIL(error, CONTEXT_ADDRESSING_NOT_BUILT, "buffer device addresses", "desc",
                                              "it has no VK_KHR_push_descriptor enabled")
                              : VKSPLIT__FAIL0(error, CONTEXT_NO_ADDRESSING);
        if (!vksplit__embeds_addressing(0))
            return VKSPLIT__FAIL(error, CONTEXT_ADDRESSING_NOT_BUILT, "push descriptors", "bda",
                                 "it has no buffer device addresses enabled (VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)");
        uint32_t push_max = 32; /* the extension's guaranteed minimum */
        if (ctx->vk.vkGetPhysicalDeviceProperties2) {
            VkPhysicalDevicePushDescriptorPropertiesKHR push = {
                VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR, NULL, 32};
            VkPhysicalDeviceProperties2 props2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &push, {0}};
            ctx->vk.vkGetPhysicalDeviceProperties2(ctx->physical_device, &props2);
            push_max = push.maxPushDescriptors;
        }
        /* Table + input + outputs within every per-stage and per-set limit. */
        uint32_t slots = min_u32(
            push_max, min_u32(limits->maxPerStageDescriptorStorageBuffers, limits->maxDescriptorSetStorageBuffers));
        /* With device parameters their block takes a binding more, and the last part word's
         * push-constant place (PC_DEVICE_DESC_BLOCK_WORD). */
        uint32_t parameter_slots = slots > 3 ? min_u32(slots - 3, ABI_MAX_SLOTS - 1) : 1;
        slots = slots > 2 ? min_u32(slots - 2, ABI_MAX_SLOTS) : 1;
        if (!(ctx->features & VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING))
            slots = parameter_slots = 1; /* one output per dispatch: the array index is then a constant 0 */
        ctx->output_slots = slots;
        ctx->parameter_slots = parameter_slots;
    } else {
        ctx->output_slots = ctx->parameter_slots = 1;
    }

    vksplit__tuning_device fit = {props.deviceType,
                                  min_u32(limits->maxComputeWorkGroupSize[0], limits->maxComputeWorkGroupInvocations),
                                  limits->maxComputeSharedMemorySize,
                                  ctx->bda,
                                  ctx->output_slots,
                                  props.vendorID};
    vksplit_tuning tuning;
    vksplit_result r = vksplit__tune(&desc->tuning, &fit, &ctx->caps, &tuning, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit__log(ctx, VKSPLIT_LOG_INFO,
                 "vksplit: %s, %s addressing, %u output slot(s) per dispatch, mapping %s, workgroups of %u, %u bytes "
                 "per invocation, bands of %u bytes, words up to %u bytes, TILES loads %s",
                 props.deviceName, ctx->bda ? "device-address" : "push-descriptor", ctx->output_slots,
                 vksplit__mapping_name(tuning.mapping), tuning.workgroup_size, tuning.invocation_bytes,
                 ctx->caps.band_bytes, ctx->caps.max_word_bytes, ctx->caps.one_load_path ? "in one path" : "by case");
    if (ctx->f16_hw)
        vksplit__log(ctx, VKSPLIT_LOG_INFO, "vksplit: float16 converted by the device's instructions (exact here)");
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
    if ((uint32_t)desc->pipelines > VKSPLIT_PIPELINES_ON_DEMAND)
        return VKSPLIT__FAIL(error, CONTEXT_PIPELINES, (int)desc->pipelines);
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
    ctx->pipeline_created = desc->pipeline_created;
    ctx->pipeline_created_user = desc->pipeline_created_user;
    ctx->features = desc->enabled_features;

    vksplit_result r = vksplit__load_instance_functions(&ctx->vk, desc->instance, desc->get_instance_proc_addr, error);
    if (r == VKSPLIT_OK)
        r = vksplit__load_device_functions(&ctx->vk, desc->device, desc->get_device_proc_addr, error);
    if (r == VKSPLIT_OK)
        r = read_device(ctx, desc, error);
    if (r == VKSPLIT_OK)
        r = vksplit__create_layouts(ctx, error);
    /* Which directions' pipelines are made with the context (vksplit_pipelines; its DEFAULT as
     * the two earlier fields say). */
    uint32_t both = (1u << VKSPLIT__SPLIT) | (1u << VKSPLIT__JOIN);
    if (desc->pipelines == VKSPLIT_PIPELINES_WITH_CONTEXT)
        ctx->create_pipelines = both;
    else if (desc->pipelines == VKSPLIT_PIPELINES_ON_DEMAND || desc->defer_pipelines)
        ctx->create_pipelines = 0;
    else
        ctx->create_pipelines = desc->create_join_pipelines ? both : 1u << VKSPLIT__SPLIT;
    ctx->capture_statistics = desc->capture_pipeline_statistics != 0;
    ctx->pipeline_cache = desc->pipeline_cache;
    if (r == VKSPLIT_OK && ctx->create_pipelines)
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
    vksplit__pool_destroy(ctx);
    vksplit__destroy_plan_pipelines(ctx);
    vksplit__destroy_pipelines(ctx);
    vksplit__free(ctx->callbacks, ctx);
}
