/* Vulkan 1.3's "Required Limits" table (the specification's limits chapter), applied so that
 * the layer never advertises more than the device has: a maximum is lowered to the required
 * minimum, an alignment or granularity raised to the largest value allowed. */
#include "advertise.h"

#include <stdio.h>
#include <string.h>

#define AT_MOST(field, value)  \
    do {                       \
        if ((field) > (value)) \
            (field) = (value); \
    } while (0)
#define AT_LEAST(field, value) \
    do {                       \
        if ((field) < (value)) \
            (field) = (value); \
    } while (0)

static const VkSampleCountFlags required_samples = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT;
static const float half_less_ulp = 0x1.fffffep-2f; /* 0.5 - 1 ULP */

static void lower_limits(VkPhysicalDeviceLimits* l)
{
    AT_MOST(l->maxImageDimension1D, 4096u);
    AT_MOST(l->maxImageDimension2D, 4096u);
    AT_MOST(l->maxImageDimension3D, 256u);
    AT_MOST(l->maxImageDimensionCube, 4096u);
    AT_MOST(l->maxImageArrayLayers, 256u);
    AT_MOST(l->maxTexelBufferElements, 65536u);
    AT_MOST(l->maxUniformBufferRange, 16384u);
    AT_MOST(l->maxStorageBufferRange, 1u << 27);
    AT_MOST(l->maxPushConstantsSize, 128u);
    AT_MOST(l->maxMemoryAllocationCount, MD_MAX_MEMORY_ALLOCATION_COUNT);
    AT_MOST(l->maxSamplerAllocationCount, 4000u);
    AT_LEAST(l->bufferImageGranularity, 131072u);
    AT_MOST(l->sparseAddressSpaceSize, 1ull << 31);
    AT_MOST(l->maxBoundDescriptorSets, 4u);
    AT_MOST(l->maxPerStageDescriptorSamplers, 16u);
    AT_MOST(l->maxPerStageDescriptorUniformBuffers, 12u);
    AT_MOST(l->maxPerStageDescriptorStorageBuffers, 4u);
    AT_MOST(l->maxPerStageDescriptorSampledImages, 16u);
    AT_MOST(l->maxPerStageDescriptorStorageImages, 4u);
    AT_MOST(l->maxPerStageDescriptorInputAttachments, 4u);
    AT_MOST(l->maxPerStageResources, 128u);
    AT_MOST(l->maxDescriptorSetSamplers, 96u);
    AT_MOST(l->maxDescriptorSetUniformBuffers, 72u);
    AT_MOST(l->maxDescriptorSetUniformBuffersDynamic, 8u);
    AT_MOST(l->maxDescriptorSetStorageBuffers, 24u);
    AT_MOST(l->maxDescriptorSetStorageBuffersDynamic, 4u);
    AT_MOST(l->maxDescriptorSetSampledImages, 96u);
    AT_MOST(l->maxDescriptorSetStorageImages, 24u);
    AT_MOST(l->maxDescriptorSetInputAttachments, 4u);
    AT_MOST(l->maxVertexInputAttributes, 16u);
    AT_MOST(l->maxVertexInputBindings, 16u);
    AT_MOST(l->maxVertexInputAttributeOffset, 2047u);
    AT_MOST(l->maxVertexInputBindingStride, 2048u);
    AT_MOST(l->maxVertexOutputComponents, 64u);
    AT_MOST(l->maxTessellationGenerationLevel, 64u);
    AT_MOST(l->maxTessellationPatchSize, 32u);
    AT_MOST(l->maxTessellationControlPerVertexInputComponents, 64u);
    AT_MOST(l->maxTessellationControlPerVertexOutputComponents, 64u);
    AT_MOST(l->maxTessellationControlPerPatchOutputComponents, 120u);
    AT_MOST(l->maxTessellationControlTotalOutputComponents, 2048u);
    AT_MOST(l->maxTessellationEvaluationInputComponents, 64u);
    AT_MOST(l->maxTessellationEvaluationOutputComponents, 64u);
    AT_MOST(l->maxGeometryShaderInvocations, 32u);
    AT_MOST(l->maxGeometryInputComponents, 64u);
    AT_MOST(l->maxGeometryOutputComponents, 64u);
    AT_MOST(l->maxGeometryOutputVertices, 256u);
    AT_MOST(l->maxGeometryTotalOutputComponents, 1024u);
    AT_MOST(l->maxFragmentInputComponents, 64u);
    AT_MOST(l->maxFragmentOutputAttachments, 4u);
    AT_MOST(l->maxFragmentDualSrcAttachments, 1u);
    AT_MOST(l->maxFragmentCombinedOutputResources, 4u);
    AT_MOST(l->maxComputeSharedMemorySize, 16384u);
    for (int i = 0; i < 3; i++)
        AT_MOST(l->maxComputeWorkGroupCount[i], 65535u);
    AT_MOST(l->maxComputeWorkGroupInvocations, MD_MAX_WORKGROUP_INVOCATIONS);
    AT_MOST(l->maxComputeWorkGroupSize[0], 128u);
    AT_MOST(l->maxComputeWorkGroupSize[1], 128u);
    AT_MOST(l->maxComputeWorkGroupSize[2], 64u);
    AT_MOST(l->subPixelPrecisionBits, 4u);
    AT_MOST(l->subTexelPrecisionBits, 4u);
    AT_MOST(l->mipmapPrecisionBits, 4u);
    AT_MOST(l->maxDrawIndirectCount, 65535u);
    AT_MOST(l->maxSamplerLodBias, 2.0f);
    AT_MOST(l->maxSamplerAnisotropy, 16.0f);
    AT_MOST(l->maxViewports, 16u);
    AT_MOST(l->maxViewportDimensions[0], 4096u);
    AT_MOST(l->maxViewportDimensions[1], 4096u);
    AT_LEAST(l->viewportBoundsRange[0], -8192.0f);
    AT_MOST(l->viewportBoundsRange[1], 8191.0f);
    AT_MOST(l->viewportSubPixelBits, 0u);
    AT_MOST(l->minMemoryMapAlignment, (size_t)64);
    AT_LEAST(l->minTexelBufferOffsetAlignment, 256u);
    AT_LEAST(l->minUniformBufferOffsetAlignment, 256u);
    AT_LEAST(l->minStorageBufferOffsetAlignment, 256u);
    AT_LEAST(l->minTexelOffset, -8);
    AT_MOST(l->maxTexelOffset, 7u);
    AT_LEAST(l->minTexelGatherOffset, -8);
    AT_MOST(l->maxTexelGatherOffset, 7u);
    AT_LEAST(l->minInterpolationOffset, -0.5f);
    AT_MOST(l->maxInterpolationOffset, half_less_ulp);
    AT_MOST(l->subPixelInterpolationOffsetBits, 4u);
    AT_MOST(l->maxFramebufferWidth, 4096u);
    AT_MOST(l->maxFramebufferHeight, 4096u);
    AT_MOST(l->maxFramebufferLayers, 256u);
    l->framebufferColorSampleCounts &= required_samples;
    l->framebufferDepthSampleCounts &= required_samples;
    l->framebufferStencilSampleCounts &= required_samples;
    l->framebufferNoAttachmentsSampleCounts &= required_samples;
    AT_MOST(l->maxColorAttachments, 4u);
    l->sampledImageColorSampleCounts &= required_samples;
    l->sampledImageIntegerSampleCounts &= VK_SAMPLE_COUNT_1_BIT;
    l->sampledImageDepthSampleCounts &= required_samples;
    l->sampledImageStencilSampleCounts &= required_samples;
    l->storageImageSampleCounts &= required_samples;
    AT_MOST(l->maxSampleMaskWords, 1u);
    /* timestampComputeAndGraphics and timestampPeriod: as the device says. */
    AT_MOST(l->maxClipDistances, 8u);
    AT_MOST(l->maxCullDistances, 8u);
    AT_MOST(l->maxCombinedClipAndCullDistances, 8u);
    AT_MOST(l->discreteQueuePriorities, 2u);
    AT_LEAST(l->pointSizeRange[0], 1.0f);
    AT_MOST(l->pointSizeRange[1], 0x1.fffffep+5f); /* 64 - 1 ULP */
    AT_LEAST(l->lineWidthRange[0], 1.0f);
    AT_MOST(l->lineWidthRange[1], 0x1.fffffep+2f); /* 8 - 1 ULP */
    AT_LEAST(l->pointSizeGranularity, 1.0f);
    AT_LEAST(l->lineWidthGranularity, 1.0f);
    AT_LEAST(l->nonCoherentAtomSize, 256u);
}

/* The update-after-bind limits, in VkPhysicalDeviceVulkan12Properties and
 * VkPhysicalDeviceDescriptorIndexingProperties alike. */
#define LOWER_UPDATE_AFTER_BIND(p)                                                 \
    do {                                                                           \
        AT_MOST((p)->maxUpdateAfterBindDescriptorsInAllPools, 500000u);            \
        AT_MOST((p)->maxPerStageDescriptorUpdateAfterBindSamplers, 500000u);       \
        AT_MOST((p)->maxPerStageDescriptorUpdateAfterBindUniformBuffers, 12u);     \
        AT_MOST((p)->maxPerStageDescriptorUpdateAfterBindStorageBuffers, 500000u); \
        AT_MOST((p)->maxPerStageDescriptorUpdateAfterBindSampledImages, 500000u);  \
        AT_MOST((p)->maxPerStageDescriptorUpdateAfterBindStorageImages, 500000u);  \
        AT_MOST((p)->maxPerStageDescriptorUpdateAfterBindInputAttachments, 4u);    \
        AT_MOST((p)->maxPerStageUpdateAfterBindResources, 500000u);                \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindSamplers, 500000u);            \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindUniformBuffers, 72u);          \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindUniformBuffersDynamic, 8u);    \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindStorageBuffers, 500000u);      \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindStorageBuffersDynamic, 4u);    \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindSampledImages, 500000u);       \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindStorageImages, 500000u);       \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindInputAttachments, 4u);         \
    } while (0)

#define LOWER_INLINE_UNIFORM_BLOCKS(p)                                             \
    do {                                                                           \
        AT_MOST((p)->maxInlineUniformBlockSize, 256u);                             \
        AT_MOST((p)->maxPerStageDescriptorInlineUniformBlocks, 4u);                \
        AT_MOST((p)->maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks, 4u); \
        AT_MOST((p)->maxDescriptorSetInlineUniformBlocks, 4u);                     \
        AT_MOST((p)->maxDescriptorSetUpdateAfterBindInlineUniformBlocks, 4u);      \
    } while (0)

/* No more subgroups per workgroup than the advertised workgroup can hold. */
static uint32_t workgroup_subgroups(uint32_t min_subgroup_size)
{
    uint32_t size = min_subgroup_size ? min_subgroup_size : 1;
    return (MD_MAX_WORKGROUP_INVOCATIONS + size - 1) / size;
}

void md_advertise_properties(const md_profile* profile, VkPhysicalDeviceProperties* props)
{
    lower_limits(&props->limits);
    if (profile->set_device_type)
        props->deviceType = profile->device_type;
    if (profile->vendor_id)
        props->vendorID = profile->vendor_id;
    /* The name says it is not the plain device, and what the profile offers: logs and
     * `vksplit --list-devices` show it, and the CLI tests read it. */
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    snprintf(name, sizeof name, "%.80s [min-device %.40s: %.100s]", props->deviceName, profile->name, profile->tokens);
    memcpy(props->deviceName, name, sizeof name);
}

/* The float controls f16exact advertises, in VkPhysicalDeviceVulkan12Properties and
 * VkPhysicalDeviceFloatControlsProperties alike: lavapipe's conversions are LLVM's, rounded to
 * nearest even with subnormals kept, as IEEE 754 has them. */
#define ADVERTISE_F16_EXACT(p)                       \
    do {                                             \
        (p)->shaderRoundingModeRTEFloat16 = VK_TRUE; \
        (p)->shaderDenormPreserveFloat16 = VK_TRUE;  \
    } while (0)

void md_advertise_property_chain(const md_profile* profile, void* pNext)
{
    for (VkBaseOutStructure* s = pNext; s; s = s->pNext) {
        switch (s->sType) {
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES:
            if (profile->f16exact)
                ADVERTISE_F16_EXACT((VkPhysicalDeviceFloatControlsProperties*)(void*)s);
            break;
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES: {
            VkPhysicalDeviceVulkan11Properties* p = (void*)s;
            AT_MOST(p->maxMultiviewViewCount, 6u);
            AT_MOST(p->maxMultiviewInstanceIndex, (1u << 27) - 1);
            AT_MOST(p->maxPerSetDescriptors, 1024u);
            AT_MOST(p->maxMemoryAllocationSize, MD_MAX_MEMORY_ALLOCATION_SIZE);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES: {
            VkPhysicalDeviceMaintenance3Properties* p = (void*)s;
            AT_MOST(p->maxPerSetDescriptors, 1024u);
            AT_MOST(p->maxMemoryAllocationSize, MD_MAX_MEMORY_ALLOCATION_SIZE);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_PROPERTIES: {
            VkPhysicalDeviceMultiviewProperties* p = (void*)s;
            AT_MOST(p->maxMultiviewViewCount, 6u);
            AT_MOST(p->maxMultiviewInstanceIndex, (1u << 27) - 1);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES: {
            VkPhysicalDeviceVulkan12Properties* p = (void*)s;
            LOWER_UPDATE_AFTER_BIND(p);
            if (profile->f16exact)
                ADVERTISE_F16_EXACT(p);
            p->framebufferIntegerColorSampleCounts &= VK_SAMPLE_COUNT_1_BIT;
            AT_MOST(p->maxTimelineSemaphoreValueDifference, (1ull << 31) - 1);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES: {
            VkPhysicalDeviceDescriptorIndexingProperties* p = (void*)s;
            LOWER_UPDATE_AFTER_BIND(p);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_PROPERTIES: {
            VkPhysicalDeviceTimelineSemaphoreProperties* p = (void*)s;
            AT_MOST(p->maxTimelineSemaphoreValueDifference, (1ull << 31) - 1);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES: {
            VkPhysicalDeviceVulkan13Properties* p = (void*)s;
            AT_MOST(p->maxComputeWorkgroupSubgroups, workgroup_subgroups(p->minSubgroupSize));
            LOWER_INLINE_UNIFORM_BLOCKS(p);
            AT_MOST(p->maxInlineUniformTotalSize, 256u);
            AT_MOST(p->maxBufferSize, MD_MAX_BUFFER_SIZE);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_PROPERTIES: {
            VkPhysicalDeviceInlineUniformBlockProperties* p = (void*)s;
            LOWER_INLINE_UNIFORM_BLOCKS(p);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES: {
            VkPhysicalDeviceSubgroupSizeControlProperties* p = (void*)s;
            AT_MOST(p->maxComputeWorkgroupSubgroups, workgroup_subgroups(p->minSubgroupSize));
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES: {
            VkPhysicalDeviceMaintenance4Properties* p = (void*)s;
            AT_MOST(p->maxBufferSize, MD_MAX_BUFFER_SIZE);
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR: {
            VkPhysicalDevicePushDescriptorPropertiesKHR* p = (void*)s;
            AT_MOST(p->maxPushDescriptors, 32u);
            break;
        }
        default: break;
        }
    }
}

/* ---- features and extensions --------------------------------------------------------------- */

void md_advertise_features(const md_profile* profile, VkPhysicalDeviceFeatures* f)
{
    if (!profile->int64)
        f->shaderInt64 = VK_FALSE;
    if (!profile->dynidx)
        f->shaderStorageBufferArrayDynamicIndexing = VK_FALSE;
}

#define HIDE_8BIT(p)                                       \
    do {                                                   \
        (p)->storageBuffer8BitAccess = VK_FALSE;           \
        (p)->uniformAndStorageBuffer8BitAccess = VK_FALSE; \
        (p)->storagePushConstant8 = VK_FALSE;              \
    } while (0)
#define HIDE_16BIT(p)                                       \
    do {                                                    \
        (p)->storageBuffer16BitAccess = VK_FALSE;           \
        (p)->uniformAndStorageBuffer16BitAccess = VK_FALSE; \
        (p)->storagePushConstant16 = VK_FALSE;              \
        (p)->storageInputOutput16 = VK_FALSE;               \
    } while (0)
#define HIDE_BDA(p)                                       \
    do {                                                  \
        (p)->bufferDeviceAddress = VK_FALSE;              \
        (p)->bufferDeviceAddressCaptureReplay = VK_FALSE; \
        (p)->bufferDeviceAddressMultiDevice = VK_FALSE;   \
    } while (0)

void md_advertise_feature_chain(const md_profile* profile, void* pNext)
{
    for (VkBaseOutStructure* s = pNext; s; s = s->pNext) {
        switch (s->sType) {
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES:
            if (!profile->storage16)
                HIDE_16BIT((VkPhysicalDeviceVulkan11Features*)(void*)s);
            break;
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES:
            if (!profile->storage16)
                HIDE_16BIT((VkPhysicalDevice16BitStorageFeatures*)(void*)s);
            break;
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES: {
            VkPhysicalDeviceVulkan12Features* p = (void*)s;
            if (!profile->storage8)
                HIDE_8BIT(p);
            if (!profile->bda)
                HIDE_BDA(p);
            if (!profile->f16exact && !profile->as_device)
                p->shaderFloat16 = VK_FALSE;
            break;
        }
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES:
            if (!profile->f16exact && !profile->as_device)
                ((VkPhysicalDeviceShaderFloat16Int8Features*)(void*)s)->shaderFloat16 = VK_FALSE;
            break;
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES:
            if (!profile->storage8)
                HIDE_8BIT((VkPhysicalDevice8BitStorageFeatures*)(void*)s);
            break;
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES:
            if (!profile->bda)
                HIDE_BDA((VkPhysicalDeviceBufferDeviceAddressFeatures*)(void*)s);
            break;
        case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES_EXT:
            if (!profile->bda)
                HIDE_BDA((VkPhysicalDeviceBufferDeviceAddressFeaturesEXT*)(void*)s);
            break;
        default: break;
        }
    }
}

bool md_extension_hidden(const md_profile* profile, const char* name)
{
    return (!profile->push && strcmp(name, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME) == 0) ||
           (!profile->bda && (strcmp(name, VK_KHR_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME) == 0 ||
                              strcmp(name, VK_EXT_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME) == 0)) ||
           (!profile->storage8 && strcmp(name, VK_KHR_8BIT_STORAGE_EXTENSION_NAME) == 0) ||
           (!profile->storage16 && strcmp(name, VK_KHR_16BIT_STORAGE_EXTENSION_NAME) == 0);
}

/* ---- device creation ----------------------------------------------------------------------- */

static const char* feature_struct_name(VkStructureType type)
{
    switch (type) {
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES: return "VkPhysicalDeviceVulkan11Features";
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES: return "VkPhysicalDeviceVulkan12Features";
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES: return "VkPhysicalDevice8BitStorageFeatures";
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES: return "VkPhysicalDevice16BitStorageFeatures";
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES:
        return "VkPhysicalDeviceShaderFloat16Int8Features";
    default: return "VkPhysicalDeviceBufferDeviceAddressFeatures";
    }
}

VkResult md_check_device_create(const md_profile* profile, const VkDeviceCreateInfo* info, char* why, size_t why_size)
{
    for (uint32_t i = 0; i < info->enabledExtensionCount; i++)
        if (md_extension_hidden(profile, info->ppEnabledExtensionNames[i])) {
            snprintf(why, why_size, "vkCreateDevice asks for %s, which profile '%s' hides",
                     info->ppEnabledExtensionNames[i], profile->name);
            return VK_ERROR_EXTENSION_NOT_PRESENT;
        }
    const VkPhysicalDeviceFeatures* core = info->pEnabledFeatures;
    for (const VkBaseInStructure* s = info->pNext; s; s = s->pNext) {
        if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
            core = &((const VkPhysicalDeviceFeatures2*)(const void*)s)->features;
        /* Each feature struct the layer hides from: copied, hidden, compared. */
        union {
            VkPhysicalDeviceVulkan11Features v11;
            VkPhysicalDeviceVulkan12Features v12;
            VkPhysicalDevice8BitStorageFeatures s8;
            VkPhysicalDevice16BitStorageFeatures s16;
            VkPhysicalDeviceBufferDeviceAddressFeatures bda;
            VkPhysicalDeviceShaderFloat16Int8Features f16;
        } copy;
        size_t size = s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES            ? sizeof copy.v11
                      : s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES          ? sizeof copy.v12
                      : s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES        ? sizeof copy.s8
                      : s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES       ? sizeof copy.s16
                      : s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES ? sizeof copy.f16
                      : s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES ||
                              s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES_EXT
                          ? sizeof copy.bda
                          : 0;
        if (!size)
            continue;
        memcpy(&copy, s, size);
        copy.v11.pNext = NULL; /* pNext sits at the same place in every struct */
        md_advertise_feature_chain(profile, &copy);
        if (memcmp((const char*)&copy + sizeof(VkBaseInStructure), (const char*)s + sizeof(VkBaseInStructure),
                   size - sizeof(VkBaseInStructure)) != 0) {
            snprintf(why, why_size, "vkCreateDevice enables a feature of %s that profile '%s' hides",
                     feature_struct_name(s->sType), profile->name);
            return VK_ERROR_FEATURE_NOT_PRESENT;
        }
    }
    const char* hidden = !core                                  ? NULL
                         : core->shaderInt64 && !profile->int64 ? "shaderInt64"
                         : core->shaderStorageBufferArrayDynamicIndexing && !profile->dynidx
                             ? "shaderStorageBufferArrayDynamicIndexing"
                             : NULL;
    if (hidden) {
        snprintf(why, why_size, "vkCreateDevice enables %s, which profile '%s' hides", hidden, profile->name);
        return VK_ERROR_FEATURE_NOT_PRESENT;
    }
    return VK_SUCCESS;
}
