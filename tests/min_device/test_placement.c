/* The min-device layer's placement, proved: every probe below goes beyond a limit the layer
 * lowers and stays within what lavapipe itself allows. On the plain device (the layer off)
 * the validation layer must stay silent; with the layer on it must report each probe. It can
 * report them only if it reads the lowered limits, that is, only if it sits above the
 * min-device layer in the chain (README.md). Also checks that the profile's features and
 * device type reach vksplit, that a device enabling a hidden extension or feature is refused, and
 * that the layer fails an allocation above maxMemoryAllocationSize and a buffer above
 * maxBufferSize itself (the validation layer does not check those here), and an allocation past
 * maxMemoryAllocationCount live ones (the validation layer reports that one too).
 *
 *   min_device_placement    (VKSPLIT_MIN_DEVICE_PROFILE and the loader's search path set by ctest) */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test_harness.h"

#include "placement_shared.h"
#include "placement_workgroup.h"

#define DEVICE_FUNCTIONS(X)         \
    X(vkCreateDescriptorSetLayout)  \
    X(vkDestroyDescriptorSetLayout) \
    X(vkCreatePipelineLayout)       \
    X(vkDestroyPipelineLayout)      \
    X(vkCreateShaderModule)         \
    X(vkDestroyShaderModule)        \
    X(vkCreateComputePipelines)     \
    X(vkDestroyPipeline)            \
    X(vkCreateDescriptorPool)       \
    X(vkDestroyDescriptorPool)      \
    X(vkAllocateDescriptorSets)     \
    X(vkUpdateDescriptorSets)       \
    X(vkCreateBuffer)               \
    X(vkDestroyBuffer)              \
    X(vkAllocateMemory)             \
    X(vkFreeMemory)                 \
    X(vkGetPhysicalDeviceMemoryProperties)

typedef struct probe_vk {
    VkDevice device;
    VkPhysicalDevice physical_device;
#define DECLARE(name) PFN_##name name;
    DEVICE_FUNCTIONS(DECLARE)
#undef DECLARE
} probe_vk;

/* The last validation message, kept to name the rule it cites; while a probe runs under the
 * layer its messages are the ones wanted, and the log says so. */
static char last_message[2048];
static int expecting;

static void capture_log(void* user, vksplit_log_level level, const char* message)
{
    if (expecting && level == VKSPLIT_LOG_ERROR)
        fprintf(stderr, "[expected, the probe's] %s\n", message);
    else
        test_log(user, level, message);
    if (level == VKSPLIT_LOG_ERROR)
        snprintf(last_message, sizeof last_message, "%s", message);
}

static int load(vksplit_runner* runner, probe_vk* vk)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    vk->device = info.device;
    vk->physical_device = info.physical_device;
#define LOAD(name)                                                                \
    vk->name = (PFN_##name)info.get_device_proc_addr(info.device, #name);         \
    if (!vk->name)                                                                \
        vk->name = (PFN_##name)info.get_instance_proc_addr(info.instance, #name); \
    if (!vk->name)                                                                \
        return 0;
    DEVICE_FUNCTIONS(LOAD)
#undef LOAD
    return 1;
}

/* ---- the probes: each beyond the minimum, within lavapipe ------------------------------------ */

static VkDescriptorSetLayout storage_layout(const probe_vk* vk, uint32_t count)
{
    VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, count, VK_SHADER_STAGE_COMPUTE_BIT,
                                            NULL};
    VkDescriptorSetLayoutCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    info.bindingCount = 1;
    info.pBindings = &binding;
    VkDescriptorSetLayout layout = VK_NULL_HANDLE;
    CHECK(vk->vkCreateDescriptorSetLayout(vk->device, &info, NULL, &layout) == VK_SUCCESS);
    return layout;
}

static VkPipelineLayout pipeline_layout(const probe_vk* vk, VkDescriptorSetLayout set_layout)
{
    VkPipelineLayoutCreateInfo info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                       .setLayoutCount = 1,
                                       .pSetLayouts = &set_layout};
    VkPipelineLayout layout = VK_NULL_HANDLE;
    CHECK(vk->vkCreatePipelineLayout(vk->device, &info, NULL, &layout) == VK_SUCCESS);
    return layout;
}

/* Five storage buffers in one stage: maxPerStageDescriptorStorageBuffers is 4 at the minimum. */
static void probe_storage_buffers(vksplit_runner* runner, const probe_vk* vk)
{
    (void)runner;
    VkDescriptorSetLayout set_layout = storage_layout(vk, 5);
    VkPipelineLayout layout = pipeline_layout(vk, set_layout);
    vk->vkDestroyPipelineLayout(vk->device, layout, NULL);
    vk->vkDestroyDescriptorSetLayout(vk->device, set_layout, NULL);
}

static void compute_pipeline(const probe_vk* vk, const uint32_t* code, size_t size, uint32_t workgroup)
{
    VkDescriptorSetLayout set_layout = storage_layout(vk, 1);
    VkPipelineLayout layout = pipeline_layout(vk, set_layout);
    VkShaderModuleCreateInfo module_info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = size;
    module_info.pCode = code;
    VkShaderModule module = VK_NULL_HANDLE;
    CHECK(vk->vkCreateShaderModule(vk->device, &module_info, NULL, &module) == VK_SUCCESS);
    VkSpecializationMapEntry entry = {0, 0, sizeof workgroup};
    VkSpecializationInfo spec = {1, &entry, sizeof workgroup, &workgroup};
    VkComputePipelineCreateInfo info = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.stage.pSpecializationInfo = workgroup ? &spec : NULL;
    info.layout = layout;
    VkPipeline pipeline = VK_NULL_HANDLE;
    /* The validation layer reports; what the driver then does with it does not matter here. */
    (void)vk->vkCreateComputePipelines(vk->device, VK_NULL_HANDLE, 1, &info, NULL, &pipeline);
    vk->vkDestroyPipeline(vk->device, pipeline, NULL);
    vk->vkDestroyShaderModule(vk->device, module, NULL);
    vk->vkDestroyPipelineLayout(vk->device, layout, NULL);
    vk->vkDestroyDescriptorSetLayout(vk->device, set_layout, NULL);
}

/* A workgroup of 256 invocations: maxComputeWorkGroupInvocations is 128 at the minimum. */
static void probe_workgroup(vksplit_runner* runner, const probe_vk* vk)
{
    (void)runner;
    compute_pipeline(vk, probe_workgroup_spv, sizeof probe_workgroup_spv, 256);
}

/* 20 KiB of shared memory: maxComputeSharedMemorySize is 16 KiB at the minimum. */
static void probe_shared_memory(vksplit_runner* runner, const probe_vk* vk)
{
    (void)runner;
    compute_pipeline(vk, probe_shared_spv, sizeof probe_shared_spv, 0);
}

/* A storage descriptor at offset 64: minStorageBufferOffsetAlignment is 256 at the minimum. */
static void probe_offset_alignment(vksplit_runner* runner, const probe_vk* vk)
{
    vksplit_runner_buffer buffer;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 1024, &buffer, &err), &err);
    VkDescriptorSetLayout set_layout = storage_layout(vk, 1);
    VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
    VkDescriptorPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool_info.maxSets = 1;
    pool_info.poolSizeCount = 1;
    pool_info.pPoolSizes = &size;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    CHECK(vk->vkCreateDescriptorPool(vk->device, &pool_info, NULL, &pool) == VK_SUCCESS);
    VkDescriptorSetAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = pool;
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &set_layout;
    VkDescriptorSet set = VK_NULL_HANDLE;
    CHECK(vk->vkAllocateDescriptorSets(vk->device, &alloc, &set) == VK_SUCCESS);
    if (set && buffer.buffer) {
        VkDescriptorBufferInfo range = {buffer.buffer, 64, 256};
        VkWriteDescriptorSet write = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        write.dstSet = set;
        write.descriptorCount = 1;
        write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        write.pBufferInfo = &range;
        vk->vkUpdateDescriptorSets(vk->device, 1, &write, 0, NULL);
    }
    vk->vkDestroyDescriptorPool(vk->device, pool, NULL);
    vk->vkDestroyDescriptorSetLayout(vk->device, set_layout, NULL);
    vksplit_runner_buffer_destroy(runner, &buffer);
}

typedef struct probe {
    const char* name;
    void (*run)(vksplit_runner* runner, const probe_vk* vk);
    const char* rule; /* what the report must mention */
} probe;

static const probe probes[] = {
    {"5 storage buffers in one stage", probe_storage_buffers, "maxPerStageDescriptorStorageBuffers"},
    {"a workgroup of 256 invocations", probe_workgroup, "maxComputeWorkGroup"},
    {"20 KiB of shared memory", probe_shared_memory, "maxComputeSharedMemorySize"},
    {"a storage descriptor at offset 64", probe_offset_alignment, "minStorageBufferOffsetAlignment"},
};
#define PROBE_COUNT (sizeof probes / sizeof probes[0])

/* Whether lavapipe's own limit allows the probe (else it proves nothing). */
static int within_plain_device(unsigned p, const VkPhysicalDeviceLimits* l)
{
    switch (p) {
    case 0: return l->maxPerStageDescriptorStorageBuffers >= 5 && l->maxDescriptorSetStorageBuffers >= 5;
    case 1: return l->maxComputeWorkGroupInvocations >= 256 && l->maxComputeWorkGroupSize[0] >= 256;
    case 2: return l->maxComputeSharedMemorySize >= 20480;
    default: return l->minStorageBufferOffsetAlignment <= 64;
    }
}

static vksplit_runner* create_runner(void)
{
    vksplit_runner_desc desc = test_runner_desc(0);
    desc.log = capture_log;
    return test_runner_create_from(&desc);
}

/* The count of messages each probe drew, the rule its last message cites, and whether that
 * message names the probe's limit. */
static void run_probes(vksplit_runner* runner, const int* usable, uint32_t* drew, char rules[][64], int* names)
{
    probe_vk vk;
    CHECK_MSG(load(runner, &vk), "cannot load the probes' Vulkan functions");
    for (unsigned p = 0; p < PROBE_COUNT; p++) {
        drew[p] = 0;
        rules[p][0] = '\0';
        names[p] = 0;
        if (!usable[p])
            continue;
        uint32_t before = vksplit_runner_validation_message_count(runner);
        last_message[0] = '\0';
        probes[p].run(runner, &vk);
        drew[p] = vksplit_runner_validation_message_count(runner) - before;
        const char* vuid = strstr(last_message, "VUID-");
        snprintf(rules[p], 64, "%.*s", vuid ? (int)strcspn(vuid, " ]") : 0, vuid ? vuid : "");
        names[p] = strstr(last_message, probes[p].rule) != NULL;
    }
}

/* maxMemoryAllocationCount as the min-device advertises it (Vulkan's minimum). */
#define ALLOCATION_COUNT 4096u
#define ALLOCATION_COUNT_RULE "VUID-vkAllocateMemory-maxMemoryAllocationCount-04101"

/* ---- the profile reaches vksplit ----------------------------------------------------------------- */

static void check_profile(const test_device* d, const char* profile)
{
    static const struct {
        const char* name;
        vksplit_features features;
    } expected[] = {
        {"bda", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT |
                    VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT | VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING},
        {"push", VKSPLIT_FEATURE_PUSH_DESCRIPTOR | VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING},
        {"minimal", VKSPLIT_FEATURE_PUSH_DESCRIPTOR},
    };
    printf("min-device: %s, type %d, features 0x%x; maxComputeWorkGroupInvocations %u, maxComputeSharedMemorySize "
           "%u, maxPerStageDescriptorStorageBuffers %u, minStorageBufferOffsetAlignment %llu, maxStorageBufferRange "
           "%u\n",
           d->name, (int)d->type, d->features, d->limits.maxComputeWorkGroupInvocations,
           d->limits.maxComputeSharedMemorySize, d->limits.maxPerStageDescriptorStorageBuffers,
           (unsigned long long)d->limits.minStorageBufferOffsetAlignment, d->limits.maxStorageBufferRange);
    CHECK_MSG(strstr(d->name, "[min-device ") != NULL, "the device name does not show the min-device layer: %s",
              d->name);
    CHECK(d->limits.maxComputeWorkGroupInvocations == 128 && d->limits.maxComputeSharedMemorySize == 16384 &&
          d->limits.maxPerStageDescriptorStorageBuffers == 4 && d->limits.minStorageBufferOffsetAlignment == 256 &&
          d->limits.maxStorageBufferRange == (1u << 27) && d->limits.maxPushConstantsSize == 128 &&
          d->limits.maxMemoryAllocationCount == ALLOCATION_COUNT);
    for (unsigned i = 0; i < sizeof expected / sizeof expected[0]; i++)
        if (strcmp(profile, expected[i].name) == 0) {
            CHECK_MSG(d->type == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, "profile %s: device type %d", profile,
                      (int)d->type);
            CHECK_MSG(d->features == expected[i].features, "profile %s: vksplit sees features 0x%x, expected 0x%x",
                      profile, d->features, expected[i].features);
        }
}

/* A call past maxMemoryAllocationSize or maxBufferSize: the min-device fails it (a plain device
 * may not: printed only). */
static void expect_over_limit(const char* where, int layered, const char* call, VkResult r)
{
    printf("%s: %s: %d\n", where, call, (int)r);
    if (layered)
        CHECK_MSG(r == VK_ERROR_OUT_OF_DEVICE_MEMORY, "min-device: %s returned %d", call, r);
}

/* The two limits the layer enforces itself (the validation layer does not check them here):
 * past maxMemoryAllocationSize and maxBufferSize the device fails the call. */
static void check_layer_limits(vksplit_runner* runner, int layered)
{
    probe_vk vk;
    if (!load(runner, &vk))
        return;
    const char* where = layered ? "min-device" : "plain device";
    VkPhysicalDeviceMemoryProperties memory;
    vk.vkGetPhysicalDeviceMemoryProperties(vk.physical_device, &memory);
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.allocationSize = (1ull << 30) + 4096;
    alloc.memoryTypeIndex = 0;
    if (memory.memoryHeaps[memory.memoryTypes[0].heapIndex].size < alloc.allocationSize) {
        test_skip_part("%s: the heap is too small to try an allocation of 2^30 + 4096 bytes", where);
    } else {
        VkDeviceMemory allocation = VK_NULL_HANDLE;
        VkResult r = vk.vkAllocateMemory(vk.device, &alloc, NULL, &allocation);
        expect_over_limit(where, layered, "vkAllocateMemory of 2^30 + 4096 bytes", r);
        if (r == VK_SUCCESS)
            vk.vkFreeMemory(vk.device, allocation, NULL);
    }
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = (1ull << 30) + 256;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    VkBuffer buffer = VK_NULL_HANDLE;
    VkResult r = vk.vkCreateBuffer(vk.device, &info, NULL, &buffer);
    expect_over_limit(where, layered, "vkCreateBuffer of 2^30 + 256 bytes", r);
    if (r == VK_SUCCESS)
        vk.vkDestroyBuffer(vk.device, buffer, NULL);
}

/* The third limit the layer enforces: ALLOCATION_COUNT allocations of 256 bytes live at once
 * succeed, one more fails with VK_ERROR_TOO_MANY_OBJECTS (freeing VK_NULL_HANDLE just before
 * frees nothing), and after one is freed, another succeeds (the one that failed did not count).
 * The runner holds no allocation here (it has one per vksplit_runner_buffer only, and the probes
 * destroyed theirs), so the test's are all the device's. The validation layer above the layer
 * must report the one past the count, once (ALLOCATION_COUNT_RULE), and nothing else. The plain
 * device must allow that one too and draw no message; where its own maxMemoryAllocationCount
 * (`device_count`) does not allow it, the check proves nothing there and is skipped. Returns the
 * validation messages that one call drew, which are wanted. */
static uint32_t check_allocation_count(vksplit_runner* runner, int layered, uint32_t device_count)
{
    static VkDeviceMemory allocations[ALLOCATION_COUNT + 1];
    probe_vk vk;
    if (!load(runner, &vk))
        return 0;
    const char* where = layered ? "min-device" : "plain device";
    if (!layered && device_count <= ALLOCATION_COUNT) {
        test_skip_part("%s: its own maxMemoryAllocationCount (%u) does not allow %u allocations", where, device_count,
                       ALLOCATION_COUNT + 1);
        return 0;
    }
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.allocationSize = 256;
    alloc.memoryTypeIndex = 0;
    uint32_t live = 0;
    VkResult r = VK_SUCCESS;
    while (live < ALLOCATION_COUNT) {
        allocations[live] = VK_NULL_HANDLE;
        r = vk.vkAllocateMemory(vk.device, &alloc, NULL, &allocations[live]);
        if (r != VK_SUCCESS)
            break;
        live++;
    }
    CHECK_MSG(live == ALLOCATION_COUNT, "%s: allocation %u of 256 bytes (of %u) returned %d", where, live + 1,
              ALLOCATION_COUNT, (int)r);
    uint32_t drew = 0;
    if (live == ALLOCATION_COUNT) {
        vk.vkFreeMemory(vk.device, VK_NULL_HANDLE, NULL);
        uint32_t before = vksplit_runner_validation_message_count(runner);
        last_message[0] = '\0';
        expecting = layered;
        allocations[live] = VK_NULL_HANDLE;
        r = vk.vkAllocateMemory(vk.device, &alloc, NULL, &allocations[live]);
        expecting = 0;
        drew = vksplit_runner_validation_message_count(runner) - before;
        const char* rule = strstr(last_message, "VUID-");
        printf("%s: vkAllocateMemory with %u allocations live: %d, %u validation message(s) %.*s\n", where, live,
               (int)r, drew, drew && rule ? (int)strcspn(rule, " ]") : 4, drew && rule ? rule : "none");
        if (layered) {
            CHECK_MSG(r == VK_ERROR_TOO_MANY_OBJECTS, "min-device: allocation %u of 256 bytes returned %d, expected %d",
                      live + 1, (int)r, (int)VK_ERROR_TOO_MANY_OBJECTS);
            CHECK_MSG(drew == 1 && strstr(last_message, ALLOCATION_COUNT_RULE),
                      "min-device: allocation %u drew %u validation message(s), expected one, %s", live + 1, drew,
                      ALLOCATION_COUNT_RULE);
        } else {
            CHECK_MSG(r == VK_SUCCESS, "plain device: allocation %u of 256 bytes returned %d", live + 1, (int)r);
        }
        if (r == VK_SUCCESS)
            live++;
        /* One freed, one more fits. */
        vk.vkFreeMemory(vk.device, allocations[0], NULL);
        allocations[0] = VK_NULL_HANDLE;
        r = vk.vkAllocateMemory(vk.device, &alloc, NULL, &allocations[0]);
        CHECK_MSG(r == VK_SUCCESS, "%s: an allocation after one of %u was freed returned %d", where, live, (int)r);
    }
    for (uint32_t i = 0; i < live; i++)
        vk.vkFreeMemory(vk.device, allocations[i], NULL);
    return layered ? drew : 0;
}

/* A device that enables what the profile hides is refused, as a device without it would. */
static void check_refusals(vksplit_runner* runner, const test_device* d)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    PFN_vkCreateDevice create = (PFN_vkCreateDevice)info.get_instance_proc_addr(info.instance, "vkCreateDevice");
    PFN_vkDestroyDevice destroy = (PFN_vkDestroyDevice)info.get_instance_proc_addr(info.instance, "vkDestroyDevice");
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue.queueFamilyIndex = info.queue_family_index;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    const char* extension = !(d->features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR) ? VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME
                            : !(d->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)
                                ? VK_KHR_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME
                                : NULL;
    VkPhysicalDeviceVulkan12Features v12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    const char* feature = NULL;
    if (!(d->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)) {
        v12.bufferDeviceAddress = VK_TRUE;
        feature = "bufferDeviceAddress";
    } else if (!(d->features & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT)) {
        v12.storageBuffer8BitAccess = VK_TRUE;
        feature = "storageBuffer8BitAccess";
    }
    for (int pass = 0; pass < 2; pass++) {
        const char* what = pass ? feature : extension;
        if (!what)
            continue;
        VkDeviceCreateInfo create_info = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
        create_info.queueCreateInfoCount = 1;
        create_info.pQueueCreateInfos = &queue;
        create_info.pNext = pass ? &v12 : NULL;
        create_info.enabledExtensionCount = pass ? 0 : 1;
        create_info.ppEnabledExtensionNames = &extension;
        VkDevice device = VK_NULL_HANDLE;
        VkResult r = create(info.physical_device, &create_info, NULL, &device);
        VkResult expected = pass ? VK_ERROR_FEATURE_NOT_PRESENT : VK_ERROR_EXTENSION_NOT_PRESENT;
        printf("min-device: a device with %s, which the profile hides: %d\n", what, (int)r);
        CHECK_MSG(r == expected, "a device with %s, which the profile hides: %d, expected %d", what, (int)r,
                  (int)expected);
        if (r == VK_SUCCESS)
            destroy(device, NULL);
    }
}

int main(void)
{
    const char* profile = getenv("VKSPLIT_MIN_DEVICE_PROFILE");
    profile = profile ? profile : "";
    int usable[PROBE_COUNT];
    uint32_t drew[PROBE_COUNT];
    char rules[PROBE_COUNT][64];
    int names[PROBE_COUNT];

    /* The plain device: the implicit stack's enable variable off. */
    setenv("VKSPLIT_MIN_DEVICE", "0", 1);
    vksplit_runner* plain = create_runner();
    test_device plain_device;
    test_device_query(plain, &plain_device);
    CHECK_MSG(strstr(plain_device.name, "[min-device ") == NULL, "the layer is on with VKSPLIT_MIN_DEVICE=0: %s",
              plain_device.name);
    unsigned proofs = 0;
    for (unsigned p = 0; p < PROBE_COUNT; p++) {
        usable[p] = within_plain_device(p, &plain_device.limits);
        proofs += (unsigned)usable[p];
        if (!usable[p])
            test_skip_part("%s: %s's own limit does not allow it, so it proves nothing", probes[p].name,
                           plain_device.name);
    }
    CHECK_MSG(proofs > 0, "no probe is within %s's own limits: the placement is not proved", plain_device.name);
    run_probes(plain, usable, drew, rules, names);
    for (unsigned p = 0; p < PROBE_COUNT; p++)
        if (usable[p])
            CHECK_MSG(drew[p] == 0,
                      "plain device: %s drew %u validation message(s): the probe is not within %s's limits",
                      probes[p].name, drew[p], plain_device.name);
    check_layer_limits(plain, 0);
    (void)check_allocation_count(plain, 0, plain_device.limits.maxMemoryAllocationCount);
    (void)test_finish(plain); /* the plain device: no message at all */

    /* The min-device layer under the validation layer. */
    setenv("VKSPLIT_MIN_DEVICE", "1", 1);
    vksplit_runner* layered = create_runner();
    test_device device;
    test_device_query(layered, &device);
    check_profile(&device, profile);
    expecting = 1;
    run_probes(layered, usable, drew, rules, names);
    expecting = 0;
    uint32_t expected = 0;
    for (unsigned p = 0; p < PROBE_COUNT; p++) {
        if (!usable[p])
            continue;
        printf("min-device %s: %s: %u validation message(s), %s\n", profile, probes[p].name, drew[p],
               rules[p][0] ? rules[p] : "none");
        CHECK_MSG(drew[p] > 0,
                  "%s drew no validation message under the layer: the validation layer did not see the lowered "
                  "limit (is it below the min-device layer?)",
                  probes[p].name);
        CHECK_MSG(!drew[p] || names[p], "%s: the report (%s) does not name %s", probes[p].name, rules[p],
                  probes[p].rule);
        expected += drew[p];
    }
    check_layer_limits(layered, 1);
    expected += check_allocation_count(layered, 1, device.limits.maxMemoryAllocationCount);
    /* The validation layer may report the refused devices' hidden extension or feature too. */
    uint32_t before_refusals = vksplit_runner_validation_message_count(layered);
    expecting = 1;
    check_refusals(layered, &device);
    expecting = 0;
    expected += vksplit_runner_validation_message_count(layered) - before_refusals;
    /* The probes' messages were wanted: any other message still fails. */
    uint32_t messages = vksplit_runner_validation_message_count(layered);
    CHECK_MSG(messages == expected, "%u validation message(s) besides the probes'", messages - expected);
    vksplit_runner_destroy(layered);
    return test_finish(NULL);
}
