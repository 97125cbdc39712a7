/* The convenience runner: an instance, a device and a queue of its own, for tools, tests and
 * the benchmark. It links the Vulkan loader (the core library does not) and shows the
 * integration an engine would do: enable the features vksplit asks for, create a context
 * from its own handles, record into its own command buffer. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "vksplit/vksplit_runner.h"

struct vksplit_runner {
    VkAllocationCallbacks callbacks_storage;
    const VkAllocationCallbacks* callbacks;
    vksplit_log_fn log;
    void* log_user;
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    uint32_t validation_messages;
    VkPhysicalDevice physical_device;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    vksplit_features features;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties memory;
    vksplit_context* ctx;
};

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static vksplit_result fail(vksplit_error* error, vksplit_result code, const char* fmt, ...)
{
    if (error) {
        error->code = code;
        va_list args;
        va_start(args, fmt);
        vsnprintf(error->message, sizeof error->message, fmt, args);
        va_end(args);
    }
    return code;
}

static vksplit_result vk_fail(vksplit_error* error, const char* call, VkResult vr)
{
    return fail(error, vr == VK_ERROR_OUT_OF_DEVICE_MEMORY || vr == VK_ERROR_OUT_OF_HOST_MEMORY
                           ? VKSPLIT_ERROR_OUT_OF_MEMORY
                           : VKSPLIT_ERROR_VULKAN,
                "%s returned VkResult %d", call, (int)vr);
}

static void say(const vksplit_runner* runner, vksplit_log_level level, const char* message)
{
    if (runner->log)
        runner->log(runner->log_user, level, message);
}

/* Every warning or error the validation layer sends counts; the tests fail on any. */
static VKAPI_ATTR VkBool32 VKAPI_CALL on_debug_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                       VkDebugUtilsMessageTypeFlagsEXT types,
                                                       const VkDebugUtilsMessengerCallbackDataEXT* data, void* user)
{
    (void)types;
    vksplit_runner* runner = user;
    if (severity & (VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT)) {
        runner->validation_messages++;
        say(runner, VKSPLIT_LOG_ERROR, data && data->pMessage ? data->pMessage : "(validation message without text)");
    }
    return VK_FALSE;
}

static bool layer_available(const char* name)
{
    uint32_t count = 0;
    vkEnumerateInstanceLayerProperties(&count, NULL);
    VkLayerProperties layers[64];
    if (count > 64)
        count = 64;
    vkEnumerateInstanceLayerProperties(&count, layers);
    for (uint32_t i = 0; i < count; i++)
        if (strcmp(layers[i].layerName, name) == 0)
            return true;
    return false;
}

static vksplit_result create_instance(vksplit_runner* runner, bool validation, vksplit_error* error)
{
    const char* layer = "VK_LAYER_KHRONOS_validation";
    const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    if (validation && !layer_available(layer))
        return fail(error, VKSPLIT_ERROR_UNSUPPORTED, "%s is not installed (Debian: vulkan-validationlayers)", layer);
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "vksplit runner";
    app.apiVersion = VK_API_VERSION_1_2;
    VkDebugUtilsMessengerCreateInfoEXT messenger = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    messenger.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                            VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    messenger.pfnUserCallback = on_debug_message;
    messenger.pUserData = runner;
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pNext = validation ? &messenger : NULL; /* also covers vkCreateInstance itself */
    info.pApplicationInfo = &app;
    info.enabledLayerCount = validation ? 1 : 0;
    info.ppEnabledLayerNames = &layer;
    info.enabledExtensionCount = validation ? 1 : 0;
    info.ppEnabledExtensionNames = &extension;
    VkResult vr = vkCreateInstance(&info, runner->callbacks, &runner->instance);
    if (vr != VK_SUCCESS)
        return vk_fail(error, "vkCreateInstance", vr);
    if (validation) {
        PFN_vkCreateDebugUtilsMessengerEXT create = (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            runner->instance, "vkCreateDebugUtilsMessengerEXT");
        if (!create)
            return fail(error, VKSPLIT_ERROR_UNSUPPORTED, "vkCreateDebugUtilsMessengerEXT is not available");
        vr = create(runner->instance, &messenger, runner->callbacks, &runner->messenger);
        if (vr != VK_SUCCESS)
            return vk_fail(error, "vkCreateDebugUtilsMessengerEXT", vr);
    }
    return VKSPLIT_OK;
}

static vksplit_result pick_device(vksplit_runner* runner, uint32_t index, vksplit_error* error)
{
    const char* env = getenv("VKSPLIT_DEVICE");
    if (env && *env)
        index = (uint32_t)strtoul(env, NULL, 10);
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(runner->instance, &count, NULL);
    VkPhysicalDevice devices[16];
    if (count > 16)
        count = 16;
    vkEnumeratePhysicalDevices(runner->instance, &count, devices);
    if (count == 0)
        return fail(error, VKSPLIT_ERROR_UNSUPPORTED, "no Vulkan device found (Debian: mesa-vulkan-drivers gives lavapipe)");
    if (index >= count)
        return fail(error, VKSPLIT_ERROR_UNSUPPORTED, "device index %u is out of range: %u device(s)", index, count);
    runner->physical_device = devices[index];
    vkGetPhysicalDeviceProperties(runner->physical_device, &runner->props);
    vkGetPhysicalDeviceMemoryProperties(runner->physical_device, &runner->memory);
    uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(runner->physical_device, &families, NULL);
    VkQueueFamilyProperties props[16];
    if (families > 16)
        families = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(runner->physical_device, &families, props);
    for (uint32_t i = 0; i < families; i++)
        if (props[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
            runner->queue_family = i;
            return VKSPLIT_OK;
        }
    return fail(error, VKSPLIT_ERROR_UNSUPPORTED, "%s has no compute queue", runner->props.deviceName);
}

/* Enable exactly what vksplit can use and the device supports, minus what the caller disables. */
static vksplit_result create_device(vksplit_runner* runner, vksplit_features disable, vksplit_error* error)
{
    vksplit_features supported = 0;
    vksplit_result r = vksplit_query_device_features(runner->physical_device, vkGetInstanceProcAddr, runner->instance,
                                                     &supported, error);
    if (r != VKSPLIT_OK)
        return r;
    runner->features = supported & ~disable;
    vksplit_features f = runner->features;
    VkPhysicalDeviceVulkan12Features v12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceVulkan11Features v11 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    bool v12_ok = runner->props.apiVersion >= VK_API_VERSION_1_2;
    if (v12_ok) {
        features.pNext = &v11;
        v11.pNext = &v12;
        v12.bufferDeviceAddress = (f & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
        v12.storageBuffer8BitAccess = (f & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT) != 0;
        v11.storageBuffer16BitAccess = (f & VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT) != 0;
    } else {
        runner->features &= ~(vksplit_features)(VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT |
                                                VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT);
        f = runner->features;
    }
    features.features.shaderInt64 = (f & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    features.features.shaderStorageBufferArrayDynamicIndexing = (f & VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING) != 0;
    const char* push_descriptor = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue.queueFamilyIndex = runner->queue_family;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    VkDeviceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.pNext = &features;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue;
    info.enabledExtensionCount = (f & VKSPLIT_FEATURE_PUSH_DESCRIPTOR) ? 1 : 0;
    info.ppEnabledExtensionNames = &push_descriptor;
    VkResult vr = vkCreateDevice(runner->physical_device, &info, runner->callbacks, &runner->device);
    if (vr != VK_SUCCESS)
        return vk_fail(error, "vkCreateDevice", vr);
    vkGetDeviceQueue(runner->device, runner->queue_family, 0, &runner->queue);

    VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pool.queueFamilyIndex = runner->queue_family;
    vr = vkCreateCommandPool(runner->device, &pool, runner->callbacks, &runner->pool);
    if (vr != VK_SUCCESS)
        return vk_fail(error, "vkCreateCommandPool", vr);
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = runner->pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    vr = vkAllocateCommandBuffers(runner->device, &alloc, &runner->cmd);
    if (vr != VK_SUCCESS)
        return vk_fail(error, "vkAllocateCommandBuffers", vr);
    VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    vr = vkCreateFence(runner->device, &fence, runner->callbacks, &runner->fence);
    return vr == VK_SUCCESS ? VKSPLIT_OK : vk_fail(error, "vkCreateFence", vr);
}

vksplit_result vksplit_runner_create(const vksplit_runner_desc* desc, vksplit_runner** out, vksplit_error* error)
{
    if (!out)
        return fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "out is NULL");
    *out = NULL;
    vksplit_runner_desc defaults;
    memset(&defaults, 0, sizeof defaults);
    if (!desc)
        desc = &defaults;
    vksplit_runner* runner = calloc(1, sizeof *runner);
    if (!runner)
        return fail(error, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation of the runner failed");
    if (desc->allocation_callbacks) {
        runner->callbacks_storage = *desc->allocation_callbacks;
        runner->callbacks = &runner->callbacks_storage;
    }
    runner->log = desc->log;
    runner->log_user = desc->log_user;
    vksplit_result r = create_instance(runner, desc->enable_validation != 0, error);
    if (r == VKSPLIT_OK)
        r = pick_device(runner, desc->device_index, error);
    if (r == VKSPLIT_OK)
        r = create_device(runner, desc->disable_features, error);
    if (r == VKSPLIT_OK) {
        vksplit_context_desc ctx = {0};
        ctx.instance = runner->instance;
        ctx.physical_device = runner->physical_device;
        ctx.device = runner->device;
        ctx.get_instance_proc_addr = vkGetInstanceProcAddr;
        ctx.enabled_features = runner->features;
        ctx.allocation_callbacks = desc->allocation_callbacks;
        ctx.log = desc->log;
        ctx.log_user = desc->log_user;
        ctx.tuning = desc->tuning;
        r = vksplit_context_create(&ctx, &runner->ctx, error);
    }
    if (r != VKSPLIT_OK) {
        vksplit_runner_destroy(runner);
        return r;
    }
    *out = runner;
    if (error) {
        error->code = VKSPLIT_OK;
        error->message[0] = '\0';
    }
    return VKSPLIT_OK;
}

void vksplit_runner_destroy(vksplit_runner* runner)
{
    if (!runner)
        return;
    vksplit_context_destroy(runner->ctx);
    if (runner->device) {
        vkDeviceWaitIdle(runner->device);
        if (runner->fence)
            vkDestroyFence(runner->device, runner->fence, runner->callbacks);
        if (runner->pool)
            vkDestroyCommandPool(runner->device, runner->pool, runner->callbacks);
        vkDestroyDevice(runner->device, runner->callbacks);
    }
    if (runner->messenger) {
        PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            runner->instance, "vkDestroyDebugUtilsMessengerEXT");
        if (destroy)
            destroy(runner->instance, runner->messenger, runner->callbacks);
    }
    if (runner->instance)
        vkDestroyInstance(runner->instance, runner->callbacks);
    free(runner);
}

void vksplit_runner_get_info(const vksplit_runner* runner, vksplit_runner_info* info)
{
    if (!runner || !info)
        return;
    memset(info, 0, sizeof *info);
    info->instance = runner->instance;
    info->physical_device = runner->physical_device;
    info->device = runner->device;
    info->queue = runner->queue;
    info->queue_family_index = runner->queue_family;
    info->get_instance_proc_addr = vkGetInstanceProcAddr;
    info->get_device_proc_addr = vkGetDeviceProcAddr;
    info->enabled_features = runner->features;
    info->device_type = runner->props.deviceType;
    snprintf(info->device_name, sizeof info->device_name, "%s", runner->props.deviceName);
    info->timestamp_period = runner->props.limits.timestampPeriod;
    VkPhysicalDeviceDriverProperties driver = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 props2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &driver, {0}};
    if (runner->props.apiVersion >= VK_API_VERSION_1_2) {
        vkGetPhysicalDeviceProperties2(runner->physical_device, &props2);
        /* Both fields are up to 256 bytes; keep the name whole and cut the info to fit. */
        snprintf(info->driver_info, sizeof info->driver_info, "%.64s %.190s", driver.driverName, driver.driverInfo);
    }
}

vksplit_context* vksplit_runner_context(vksplit_runner* runner) { return runner ? runner->ctx : NULL; }

uint32_t vksplit_runner_validation_message_count(const vksplit_runner* runner)
{
    return runner ? runner->validation_messages : 0;
}

vksplit_result vksplit_runner_buffer_create(vksplit_runner* runner, VkDeviceSize size, vksplit_runner_buffer* out,
                                            vksplit_error* error)
{
    if (!runner || !out)
        return fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "vksplit_runner_buffer_create: runner and out are required");
    memset(out, 0, sizeof *out);
    bool bda = (runner->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    /* Whole 32-bit words: what vksplit's 1/2-byte fallback (no 8/16-bit storage) reads. */
    info.size = size ? (size + 3) & ~(VkDeviceSize)3 : 16;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                 (bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0);
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    VkResult vr = vkCreateBuffer(runner->device, &info, runner->callbacks, &out->buffer);
    if (vr != VK_SUCCESS)
        return vk_fail(error, "vkCreateBuffer", vr);
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(runner->device, out->buffer, &req);
    /* Host-visible and coherent, device-local where the device has it (lavapipe: one type). */
    uint32_t type = UINT32_MAX;
    VkMemoryPropertyFlags need = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    for (uint32_t pass = 0; pass < 2 && type == UINT32_MAX; pass++)
        for (uint32_t i = 0; i < runner->memory.memoryTypeCount && type == UINT32_MAX; i++) {
            VkMemoryPropertyFlags flags = runner->memory.memoryTypes[i].propertyFlags;
            VkMemoryPropertyFlags want = pass == 0 ? need | VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT : need;
            if ((req.memoryTypeBits & (1u << i)) && (flags & want) == want)
                type = i;
        }
    if (type == UINT32_MAX) {
        vksplit_runner_buffer_destroy(runner, out);
        return fail(error, VKSPLIT_ERROR_UNSUPPORTED, "vksplit_runner_buffer_create: no host-visible coherent memory type");
    }
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.pNext = bda ? &flags : NULL;
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    vr = vkAllocateMemory(runner->device, &alloc, runner->callbacks, &out->memory);
    if (vr == VK_SUCCESS)
        vr = vkBindBufferMemory(runner->device, out->buffer, out->memory, 0);
    if (vr == VK_SUCCESS)
        vr = vkMapMemory(runner->device, out->memory, 0, VK_WHOLE_SIZE, 0, &out->mapped);
    if (vr != VK_SUCCESS) {
        vksplit_runner_buffer_destroy(runner, out);
        return vk_fail(error, "vkAllocateMemory/vkBindBufferMemory/vkMapMemory", vr);
    }
    out->size = info.size;
    return VKSPLIT_OK;
}

void vksplit_runner_buffer_destroy(vksplit_runner* runner, vksplit_runner_buffer* buffer)
{
    if (!runner || !buffer)
        return;
    if (buffer->buffer)
        vkDestroyBuffer(runner->device, buffer->buffer, runner->callbacks);
    if (buffer->memory)
        vkFreeMemory(runner->device, buffer->memory, runner->callbacks); /* unmaps too */
    memset(buffer, 0, sizeof *buffer);
}

vksplit_result vksplit_runner_submit(vksplit_runner* runner, vksplit_record_fn record, void* user, vksplit_error* error)
{
    if (!runner || !record)
        return fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "vksplit_runner_submit: runner and record are required");
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VkResult vr = vkBeginCommandBuffer(runner->cmd, &begin);
    if (vr != VK_SUCCESS)
        return vk_fail(error, "vkBeginCommandBuffer", vr);
    vksplit_result r = record(user, runner->cmd, error);
    /* Everything the GPU wrote, visible to the host once the fence signals. */
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(runner->cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0,
                         NULL, 0, NULL);
    vr = vkEndCommandBuffer(runner->cmd);
    if (r == VKSPLIT_OK && vr != VK_SUCCESS)
        r = vk_fail(error, "vkEndCommandBuffer", vr);
    if (r == VKSPLIT_OK) {
        VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &runner->cmd;
        vr = vkQueueSubmit(runner->queue, 1, &submit, runner->fence);
        if (vr == VK_SUCCESS)
            vr = vkWaitForFences(runner->device, 1, &runner->fence, VK_TRUE, UINT64_MAX);
        if (vr == VK_SUCCESS)
            vr = vkResetFences(runner->device, 1, &runner->fence);
        if (vr != VK_SUCCESS)
            r = vk_fail(error, "vkQueueSubmit/vkWaitForFences", vr);
    }
    vkResetCommandBuffer(runner->cmd, 0);
    return r;
}

/* ---- one-shot split ------------------------------------------------------------------------- */

typedef struct one_shot {
    const vksplit_plan* plan;
    vksplit_binding input;
    vksplit_binding* outputs;
} one_shot;

static vksplit_result record_one_shot(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    one_shot* job = user;
    return vksplit_cmd_split(job->plan, cmd, &job->input, job->outputs, error);
}

vksplit_result vksplit_runner_split(vksplit_runner* runner, const vksplit_split_desc* split,
                                    const vksplit_plan_options* options, const void* input, void* const* outputs,
                                    vksplit_error* error)
{
    if (!runner || !split || !outputs)
        return fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "vksplit_runner_split: runner, split and outputs are required");
    uint64_t input_span = 0;
    uint64_t* spans = calloc(split->output_count ? split->output_count : 1, sizeof *spans);
    vksplit_runner_buffer* buffers = calloc((size_t)split->output_count + 1, sizeof *buffers);
    vksplit_binding* bindings = calloc(split->output_count ? split->output_count : 1, sizeof *bindings);
    vksplit_plan* plan = NULL;
    vksplit_result r = spans && buffers && bindings ? VKSPLIT_OK
                                                    : fail(error, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation failed");
    if (r == VKSPLIT_OK)
        r = vksplit_split_spans(split, &input_span, spans, error);
    if (r == VKSPLIT_OK && !input && input_span)
        r = fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "input is NULL but the input spans %llu bytes", (unsigned long long)input_span);
    if (r == VKSPLIT_OK)
        r = vksplit_plan_create(runner->ctx, split, options, &plan, error);
    /* buffers[0] is the input, buffers[1 + i] output i. */
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(runner, input_span, &buffers[0], error);
    for (uint32_t i = 0; r == VKSPLIT_OK && i < split->output_count; i++) {
        r = vksplit_runner_buffer_create(runner, spans[i], &buffers[1 + i], error);
        bindings[i].buffer = buffers[1 + i].buffer;
    }
    if (r == VKSPLIT_OK) {
        if (input_span)
            memcpy(buffers[0].mapped, input, input_span);
        one_shot job = {plan, {buffers[0].buffer, 0}, bindings};
        r = vksplit_runner_submit(runner, record_one_shot, &job, error);
    }
    for (uint32_t i = 0; r == VKSPLIT_OK && i < split->output_count; i++)
        if (spans[i] && outputs[i])
            memcpy(outputs[i], buffers[1 + i].mapped, spans[i]);
    vksplit_plan_destroy(plan);
    for (uint32_t i = 0; buffers && i <= split->output_count; i++)
        vksplit_runner_buffer_destroy(runner, &buffers[i]);
    free(spans);
    free(buffers);
    free(bindings);
    if (r == VKSPLIT_OK && error) {
        error->code = VKSPLIT_OK;
        error->message[0] = '\0';
    }
    return r;
}
