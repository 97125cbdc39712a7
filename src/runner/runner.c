/* The convenience runner: an instance, a device and a queue of its own, for tools, tests and
 * the benchmark. It links no Vulkan loader: it finds one at run time (loader.c), or takes the
 * desc's vkGetInstanceProcAddr, and loads what it calls into tables of its own. It shows the
 * integration an engine would do: enable the features vksplit asks for, create a context
 * from its own handles, record into its own command buffer. Buffers and transfers are in
 * staging.c. */
#if defined(VKSPLIT_PIN_DRIVERS)
#    define _GNU_SOURCE /* dl_iterate_phdr */
#    include <dlfcn.h>
#    include <link.h>
#endif

#include "loader.h"
#include "runner_internal.h"

/* vkCreateInstance failed: with no driver at all the loader says INCOMPATIBLE_DRIVER, which
 * is the machine's missing device, said as such. */
static vksplit_result instance_failed(VkResult vr, vksplit_error* error)
{
    return vr == VK_ERROR_INCOMPATIBLE_DRIVER ? VKSPLIT__FAIL0(error, RUNNER_NO_DEVICE)
                                              : vksplit__vk_fail(error, "vkCreateInstance", vr);
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
        vksplit__add_u32(&runner->validation_messages, 1u);
        say(runner, VKSPLIT_LOG_ERROR, data && data->pMessage ? data->pMessage : "(validation message without text)");
    }
    return VK_FALSE;
}

/* VKSPLIT_OK when the layer is installed, VKSPLIT_ERROR_UNSUPPORTED when it is not; a list
 * that cannot be read (out of memory) is that error, not "not installed". */
static vksplit_result find_layer(const runner_instance_vk* vk, const VkAllocationCallbacks* callbacks, const char* name,
                                 vksplit_error* error)
{
    uint32_t count = 0;
    VkResult vr = vk->vkEnumerateInstanceLayerProperties(&count, NULL);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkEnumerateInstanceLayerProperties", vr);
    VkLayerProperties* layers = count ? vksplit__alloc_array(callbacks, count, sizeof *layers) : NULL;
    if (count && !layers)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_LAYERS, count);
    vr = count ? vk->vkEnumerateInstanceLayerProperties(&count, layers)
               : VK_SUCCESS; /* VK_INCOMPLETE: search what came */
    bool found = false;
    for (uint32_t i = 0; vr >= VK_SUCCESS && i < count && !found; i++)
        found = strcmp(layers[i].layerName, name) == 0;
    vksplit__free(callbacks, layers);
    if (vr < VK_SUCCESS)
        return vksplit__vk_fail(error, "vkEnumerateInstanceLayerProperties", vr);
    return found ? VKSPLIT_OK : VKSPLIT__FAIL(error, RUNNER_NO_VALIDATION_LAYER, name);
}

#if defined(VKSPLIT_PIN_DRIVERS)
/* Sanitizer builds only: LeakSanitizer reports a driver's process-lifetime allocations as
 * leaks from an "unknown module" once the loader unloads the driver at vkDestroyInstance
 * (lavapipe does this); keeping the loaded drivers and layers mapped keeps those allocations
 * reachable, so the suppressions in tests/lsan.supp can name them. */
static int pin_one(struct dl_phdr_info* info, size_t size, void* user)
{
    (void)size;
    (void)user;
    const char* name = info->dlpi_name;
    if (name && (strstr(name, "libvulkan_") || strstr(name, "VkLayer_") || strstr(name, "nvidia")))
        dlopen(name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
    return 0;
}
static void pin_drivers(void) { dl_iterate_phdr(pin_one, NULL); }
#else
static void pin_drivers(void) {}
#endif

/* The functions of `table` through gipa: those that need no instance when instance is
 * VK_NULL_HANDLE, else the instance's (the debug-utils pair only with `debug`). */
static vksplit_result load_instance_functions(PFN_vkGetInstanceProcAddr gipa, VkInstance instance, bool debug,
                                              runner_instance_vk* table, vksplit_error* error)
{
    table->vkGetInstanceProcAddr = gipa;
    const char* missing = NULL;
    /* The runner's optional lines here are the debug-utils messenger pair: needed with validation. */
#define VKSPLIT_X_LOAD(name, optional)                                                 \
    table->name = (PFN_##name)gipa(instance, #name);                                   \
    if (!table->name && !missing && (debug || !VKSPLIT_OPTIONAL_FOR_RUNNER(optional))) \
        missing = #name;
#define VKSPLIT_X_GLOBAL(name, level, users, optional) \
    VKSPLIT_FOR_RUNNER(users, VKSPLIT_AT(level, GLOBAL, VKSPLIT_X_LOAD(name, optional)))
#define VKSPLIT_X_INSTANCE(name, level, users, optional) \
    VKSPLIT_FOR_RUNNER(users, VKSPLIT_AT(level, INSTANCE, VKSPLIT_X_LOAD(name, optional)))
    if (!instance) {
        VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_GLOBAL)
    } else {
        /* The debug-utils pair only matters (and only exists) with validation. */
        VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_INSTANCE)
        table->vkDestroyDevice = (PFN_vkDestroyDevice)gipa(instance, "vkDestroyDevice");
    }
#undef VKSPLIT_X_INSTANCE
#undef VKSPLIT_X_GLOBAL
#undef VKSPLIT_X_LOAD
    return missing ? VKSPLIT__FAIL(error, RUNNER_NO_INSTANCE_FUNCTION, missing) : VKSPLIT_OK;
}

static vksplit_result create_instance(vksplit_runner* runner, const vksplit_runner_desc* desc, vksplit_error* error)
{
    bool validation = desc->enable_validation != 0;
    bool sync = validation && desc->enable_synchronization_validation;
    const char* layer = "VK_LAYER_KHRONOS_validation";
    const char* extensions[2] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME, VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME};
    if (validation) {
        vksplit_result r = find_layer(&runner->ivk, runner->callbacks, layer, error);
        if (r != VKSPLIT_OK)
            return r;
    }
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "vksplit runner";
    app.apiVersion = VK_API_VERSION_1_2;
    VkDebugUtilsMessengerCreateInfoEXT messenger = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    messenger.messageSeverity =
        VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                            VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                            VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    messenger.pfnUserCallback = on_debug_message;
    messenger.pUserData = runner;
    VkValidationFeatureEnableEXT enables[1] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkValidationFeaturesEXT features = {.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
    features.enabledValidationFeatureCount = 1;
    features.pEnabledValidationFeatures = enables;
    if (sync)
        messenger.pNext = &features;
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pNext = validation ? &messenger : NULL; /* also covers vkCreateInstance itself */
    info.pApplicationInfo = &app;
    info.enabledLayerCount = validation ? 1 : 0;
    info.ppEnabledLayerNames = &layer;
    info.enabledExtensionCount = sync ? 2 : validation ? 1 : 0;
    info.ppEnabledExtensionNames = extensions;
    /* Here and below: a failed call leaves its output undefined, so a handle is stored only
     * on success and vksplit_runner_destroy never destroys junk. */
    VkInstance instance;
    VkResult vr = runner->ivk.vkCreateInstance(&info, runner->callbacks, &instance);
    if (vr != VK_SUCCESS)
        return instance_failed(vr, error);
    runner->instance = instance;
    vksplit_result r =
        load_instance_functions(runner->ivk.vkGetInstanceProcAddr, instance, validation, &runner->ivk, error);
    if (r != VKSPLIT_OK)
        return r;
    if (validation) {
        messenger.pNext = NULL;
        VkDebugUtilsMessengerEXT handle;
        vr = runner->ivk.vkCreateDebugUtilsMessengerEXT(runner->instance, &messenger, runner->callbacks, &handle);
        if (vr != VK_SUCCESS)
            return vksplit__vk_fail(error, "vkCreateDebugUtilsMessengerEXT", vr);
        runner->messenger = handle;
    }
    pin_drivers();
    return VKSPLIT_OK;
}

/* The physical devices of an instance, at most `capacity`; *count receives how many exist. */
static vksplit_result enumerate(const runner_instance_vk* vk, VkInstance instance, VkPhysicalDevice* devices,
                                uint32_t capacity, uint32_t* count, vksplit_error* error)
{
    *count = 0;
    VkResult vr = vk->vkEnumeratePhysicalDevices(instance, count, NULL);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkEnumeratePhysicalDevices", vr);
    uint32_t got = capacity < *count ? capacity : *count;
    vr = vk->vkEnumeratePhysicalDevices(instance, &got, devices);
    if (vr < VK_SUCCESS)
        return vksplit__vk_fail(error, "vkEnumeratePhysicalDevices", vr);
    if (got < capacity && got < *count)
        *count = got; /* fewer came than were counted (an ICD failed, a device went): only those exist */
    if (*count == 0)
        return VKSPLIT__FAIL0(error, RUNNER_NO_DEVICE);
    return VKSPLIT_OK;
}

/* The default device: the first discrete GPU, else the first device. */
static uint32_t default_device(const runner_instance_vk* vk, const VkPhysicalDevice* devices, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        VkPhysicalDeviceProperties props;
        vk->vkGetPhysicalDeviceProperties(devices[i], &props);
        if (props.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU)
            return i;
    }
    return 0;
}

#define MAX_DEVICES 16u

vksplit_result vksplit_runner_list_devices(vksplit_runner_device* devices, uint32_t capacity, uint32_t* count,
                                           vksplit_error* error)
{
    if (!count || (!devices && capacity))
        return VKSPLIT__FAIL0(error, RUNNER_ENUMERATE_NULL);
    *count = 0;
    runner_instance_vk vk;
    memset(&vk, 0, sizeof vk);
    PFN_vkGetInstanceProcAddr gipa = NULL;
    vksplit_result r = vksplit__runner_loader(&gipa, error);
    if (r == VKSPLIT_OK)
        r = load_instance_functions(gipa, VK_NULL_HANDLE, false, &vk, error);
    if (r != VKSPLIT_OK)
        return r;
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_2};
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
    VkInstance instance;
    VkResult vr = vk.vkCreateInstance(&info, NULL, &instance);
    if (vr != VK_SUCCESS)
        return instance_failed(vr, error);
    pin_drivers(); /* as create_instance does: this instance may be the process's first */
    VkPhysicalDevice found[MAX_DEVICES];
    uint32_t total = 0;
    r = load_instance_functions(gipa, instance, false, &vk, error);
    if (r == VKSPLIT_OK)
        r = enumerate(&vk, instance, found, MAX_DEVICES, &total, error);
    if (r == VKSPLIT_OK) {
        uint32_t listed = total < MAX_DEVICES ? total : MAX_DEVICES;
        uint32_t chosen = default_device(&vk, found, listed);
        for (uint32_t i = 0; i < listed && i < capacity; i++) {
            VkPhysicalDeviceProperties props;
            vk.vkGetPhysicalDeviceProperties(found[i], &props);
            memset(&devices[i], 0, sizeof devices[i]);
            snprintf(devices[i].name, sizeof devices[i].name, "%s", props.deviceName);
            devices[i].type = props.deviceType;
            devices[i].api_version = props.apiVersion;
            devices[i].is_default = i == chosen;
        }
        *count = total;
    }
    /* The loader knows this name for every instance, even where loading the others failed. */
    PFN_vkDestroyInstance destroy = (PFN_vkDestroyInstance)gipa(instance, "vkDestroyInstance");
    if (destroy)
        destroy(instance, NULL);
    return r == VKSPLIT_OK ? vksplit__ok(error) : r;
}

static vksplit_result pick_device(vksplit_runner* runner, const vksplit_runner_desc* desc, vksplit_error* error)
{
    VkPhysicalDevice devices[MAX_DEVICES];
    uint32_t count = 0;
    const runner_instance_vk* vk = &runner->ivk;
    vksplit_result r = enumerate(vk, runner->instance, devices, MAX_DEVICES, &count, error);
    if (r != VKSPLIT_OK)
        return r;
    uint32_t listed = count < MAX_DEVICES ? count : MAX_DEVICES;
    uint32_t index = desc->choose_device ? desc->device_index : default_device(vk, devices, listed);
    if (index >= listed)
        return VKSPLIT__FAIL(error, RUNNER_DEVICE_INDEX, index, count);
    runner->device_index = index;
    runner->physical_device = devices[index];
    vk->vkGetPhysicalDeviceProperties(runner->physical_device, &runner->props);
    vk->vkGetPhysicalDeviceMemoryProperties(runner->physical_device, &runner->memory);
    uint32_t families = 0;
    vk->vkGetPhysicalDeviceQueueFamilyProperties(runner->physical_device, &families, NULL);
    VkQueueFamilyProperties props[16];
    if (families > 16)
        families = 16;
    vk->vkGetPhysicalDeviceQueueFamilyProperties(runner->physical_device, &families, props);
    for (uint32_t i = 0; i < families; i++)
        if (props[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
            runner->queue_family = i;
            return VKSPLIT_OK;
        }
    return VKSPLIT__FAIL(error, RUNNER_NO_COMPUTE_QUEUE, runner->props.deviceName);
}

static vksplit_result load_device_functions(vksplit_runner* runner, vksplit_error* error)
{
    PFN_vkGetDeviceProcAddr gdpa = runner->get_device_proc_addr;
    bool bda = (runner->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    const char* missing = NULL;
    /* The runner's optional line here is vkGetBufferDeviceAddress: needed with device addresses. */
#define VKSPLIT_X_LOAD(name, optional)                                                   \
    runner->vk.name = (PFN_##name)gdpa(runner->device, #name);                           \
    if (!runner->vk.name && !missing && (bda || !VKSPLIT_OPTIONAL_FOR_RUNNER(optional))) \
        missing = #name;
#define VKSPLIT_X_DEVICE(name, level, users, optional) \
    VKSPLIT_FOR_RUNNER(users, VKSPLIT_AT(level, DEVICE, VKSPLIT_X_LOAD(name, optional)))
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_DEVICE)
#undef VKSPLIT_X_DEVICE
#undef VKSPLIT_X_LOAD
    return missing ? VKSPLIT__FAIL(error, RUNNER_NO_DEVICE_FUNCTION, missing) : VKSPLIT_OK;
}

static vksplit_result has_extension(const vksplit_runner* runner, const char* name, bool* found, vksplit_error* error);

/* An optional extension of one feature bit (pipeline executable properties, the shader clock):
 * where the device offers the extension and the bit, the extension is named, `features` (its
 * features struct, sType set; every member after sType and pNext a VkBool32) is chained into
 * `chain` with that bit alone on, and *taken is true. */
static vksplit_result take_optional(const vksplit_runner* runner, const char* extension, void* features,
                                    size_t features_size, VkBool32* bit, VkPhysicalDeviceFeatures2* chain,
                                    const char** extensions, uint32_t* extension_count, bool* taken,
                                    vksplit_error* error)
{
    *taken = false;
    bool found = false;
    vksplit_result r =
        runner->props.apiVersion >= VK_API_VERSION_1_1 ? has_extension(runner, extension, &found, error) : VKSPLIT_OK;
    if (r != VKSPLIT_OK || !found)
        return r;
    VkBaseOutStructure* head = features;
    VkPhysicalDeviceFeatures2 query = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = head};
    head->pNext = NULL;
    runner->ivk.vkGetPhysicalDeviceFeatures2(runner->physical_device, &query);
    if (*bit != VK_TRUE)
        return VKSPLIT_OK;
    memset(head + 1, 0, features_size - sizeof *head); /* the other bits off: only what vksplit uses */
    *bit = VK_TRUE;
    head->pNext = chain->pNext;
    chain->pNext = head;
    extensions[(*extension_count)++] = extension;
    *taken = true;
    return VKSPLIT_OK;
}

/* Enable exactly what vksplit can use and the device supports, minus what the caller disables
 * (and, where asked and offered, pipeline executable properties). */
static vksplit_result create_device(vksplit_runner* runner, vksplit_features disable, bool statistics,
                                    bool shader_clock, vksplit_error* error)
{
    vksplit_features supported = 0;
    vksplit_result r = vksplit_query_device_features(runner->physical_device, runner->ivk.vkGetInstanceProcAddr,
                                                     runner->instance, &supported, error);
    if (r != VKSPLIT_OK)
        return r;
    runner->features = supported & ~disable;
    if (runner->props.apiVersion < VK_API_VERSION_1_2) /* the 1.2 feature structs below */
        runner->features &=
            ~(vksplit_features)(VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT |
                                VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT | VKSPLIT_FEATURE_SHADER_FLOAT16);
    vksplit_features f = runner->features;
    VkPhysicalDeviceVulkan12Features v12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceVulkan11Features v11 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    if (runner->props.apiVersion >= VK_API_VERSION_1_2) {
        features.pNext = &v11;
        v11.pNext = &v12;
        v12.bufferDeviceAddress = (f & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
        v12.storageBuffer8BitAccess = (f & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT) != 0;
        v11.storageBuffer16BitAccess = (f & VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT) != 0;
        v12.shaderFloat16 = (f & VKSPLIT_FEATURE_SHADER_FLOAT16) != 0;
    }
    features.features.shaderInt64 = (f & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    features.features.shaderStorageBufferArrayDynamicIndexing =
        (f & VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING) != 0;
    const char* extensions[3];
    uint32_t extension_count = 0;
    if (f & VKSPLIT_FEATURE_PUSH_DESCRIPTOR)
        extensions[extension_count++] = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR pe = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
    VkPhysicalDeviceShaderClockFeaturesKHR clock = {.sType =
                                                        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR};
    bool taken = false;
    if (statistics) {
        r = take_optional(runner, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME, &pe, sizeof pe,
                          &pe.pipelineExecutableInfo, &features, extensions, &extension_count, &taken, error);
        runner->pipeline_statistics = taken;
    }
    if (r == VKSPLIT_OK && shader_clock) {
        r = take_optional(runner, VK_KHR_SHADER_CLOCK_EXTENSION_NAME, &clock, sizeof clock, &clock.shaderSubgroupClock,
                          &features, extensions, &extension_count, &taken, error);
        runner->shader_clock = taken;
    }
    if (r != VKSPLIT_OK)
        return r;
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue.queueFamilyIndex = runner->queue_family;
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    VkDeviceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.pNext = &features;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue;
    info.enabledExtensionCount = extension_count;
    info.ppEnabledExtensionNames = extensions;
    VkDevice device;
    VkResult vr = runner->ivk.vkCreateDevice(runner->physical_device, &info, runner->callbacks, &device);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateDevice", vr);
    runner->device = device;
    if (!runner->get_device_proc_addr)
        runner->get_device_proc_addr = runner->ivk.vkGetDeviceProcAddr;
    r = load_device_functions(runner, error);
    if (r != VKSPLIT_OK)
        return r;
    const runner_vk* vk = &runner->vk;
    vk->vkGetDeviceQueue(runner->device, runner->queue_family, 0, &runner->queue);

    VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pool.queueFamilyIndex = runner->queue_family;
    VkCommandPool pool_handle;
    vr = vk->vkCreateCommandPool(runner->device, &pool, runner->callbacks, &pool_handle);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateCommandPool", vr);
    runner->pool = pool_handle;
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = runner->pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    vr = vk->vkAllocateCommandBuffers(runner->device, &alloc, &runner->cmd);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkAllocateCommandBuffers", vr);
    VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence_handle;
    vr = vk->vkCreateFence(runner->device, &fence, runner->callbacks, &fence_handle);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateFence", vr);
    runner->fence = fence_handle;
    return VKSPLIT_OK;
}

/* Whether the physical device offers a device extension (host memory through the callbacks). */
static vksplit_result has_extension(const vksplit_runner* runner, const char* name, bool* found, vksplit_error* error)
{
    *found = false;
    uint32_t count = 0;
    VkResult vr = runner->ivk.vkEnumerateDeviceExtensionProperties(runner->physical_device, NULL, &count, NULL);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkEnumerateDeviceExtensionProperties", vr);
    VkExtensionProperties* list = count ? vksplit__alloc_array(runner->callbacks, count, sizeof *list) : NULL;
    if (count && !list)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_EXTENSIONS, count);
    vr = count ? runner->ivk.vkEnumerateDeviceExtensionProperties(runner->physical_device, NULL, &count, list)
               : VK_SUCCESS;
    for (uint32_t i = 0; vr >= VK_SUCCESS && i < count && !*found; i++)
        *found = strcmp(list[i].extensionName, name) == 0;
    vksplit__free(runner->callbacks, list);
    return vr < VK_SUCCESS ? vksplit__vk_fail(error, "vkEnumerateDeviceExtensionProperties", vr) : VKSPLIT_OK;
}

/* Every buffer the runner makes has an allocation of its own, so it is bounded by
 * maxMemoryAllocationSize (Vulkan 1.1; 2^30 on a minimum device) and, where the device reports
 * it (VK_KHR_maintenance4), maxBufferSize; the desc may ask for less, which is how tests reach
 * the output arena's split across buffers without gigabytes. Rounded down to whole words:
 * the runner's buffers are. */
static vksplit_result query_limits(vksplit_runner* runner, const vksplit_runner_desc* desc, vksplit_error* error)
{
    static const char* const desc_limit = "vksplit_runner_desc.max_buffer_bytes";
    runner->max_buffer_bytes = runner->max_allocation_bytes = UINT64_MAX;
    runner->max_buffer_limit = runner->max_allocation_limit = "no limit the device reports";
    if (runner->props.apiVersion >= VK_API_VERSION_1_1) {
        bool maintenance4 = false;
        vksplit_result r = has_extension(runner, VK_KHR_MAINTENANCE_4_EXTENSION_NAME, &maintenance4, error);
        if (r != VKSPLIT_OK)
            return r;
        VkPhysicalDeviceMaintenance4Properties m4 = {.sType =
                                                         VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
        VkPhysicalDeviceMaintenance3Properties m3 = {.sType =
                                                         VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
        m3.pNext = maintenance4 ? &m4 : NULL;
        VkPhysicalDeviceProperties2 props2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &m3};
        runner->ivk.vkGetPhysicalDeviceProperties2(runner->physical_device, &props2);
        runner->max_buffer_bytes = runner->max_allocation_bytes = m3.maxMemoryAllocationSize;
        runner->max_buffer_limit = runner->max_allocation_limit = "maxMemoryAllocationSize";
        if (maintenance4 && m4.maxBufferSize < runner->max_buffer_bytes) {
            runner->max_buffer_bytes = m4.maxBufferSize;
            runner->max_buffer_limit = "maxBufferSize";
        }
    }
    if (desc->max_buffer_bytes && desc->max_buffer_bytes < 4096)
        return VKSPLIT__FAIL(error, RUNNER_MAX_BUFFER_BYTES, (unsigned long long)desc->max_buffer_bytes);
    if (desc->max_buffer_bytes && desc->max_buffer_bytes < runner->max_buffer_bytes) {
        runner->max_buffer_bytes = desc->max_buffer_bytes;
        runner->max_buffer_limit = desc_limit;
    }
    if (desc->max_buffer_bytes && desc->max_buffer_bytes < runner->max_allocation_bytes) {
        runner->max_allocation_bytes = desc->max_buffer_bytes;
        runner->max_allocation_limit = desc_limit;
    }
    runner->max_buffer_bytes &= ~(uint64_t)3;
    return VKSPLIT_OK;
}

/* Tensors in DEVICE_LOCAL memory, avoiding the host-visible window where there is another
 * (the CPU reads that window at about 0.03 GB/s on an NVIDIA H100); mapped directly only where
 * that memory is host-cached anyway (a CPU device). Staging host-visible, host-cached if any. */
static vksplit_result choose_memory(vksplit_runner* runner, const vksplit_runner_desc* desc, vksplit_error* error)
{
    const VkPhysicalDeviceMemoryProperties* m = &runner->memory;
    runner->tensor_type = vksplit__find_memory_type(m, UINT32_MAX, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0,
                                                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    runner->staging_type = vksplit__find_memory_type(m, UINT32_MAX, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
                                                     VK_MEMORY_PROPERTY_HOST_CACHED_BIT, 0);
    if (runner->tensor_type == UINT32_MAX || runner->staging_type == UINT32_MAX)
        return VKSPLIT__FAIL(error, RUNNER_NO_MEMORY_TYPE, runner->props.deviceName,
                             runner->tensor_type == UINT32_MAX ? "device-local" : "host-visible");
    VkMemoryPropertyFlags direct = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
    runner->mapped_tensors = desc->memory == VKSPLIT_RUNNER_MEMORY_AUTO &&
                             (m->memoryTypes[runner->tensor_type].propertyFlags & direct) == direct;
    uint64_t staging = desc->staging_bytes ? desc->staging_bytes : 64ull << 20;
    runner->staging_bytes = (staging + 4095) & ~(uint64_t)4095;
    if (runner->staging_bytes > runner->max_buffer_bytes) /* a piece is at most one buffer */
        runner->staging_bytes = runner->max_buffer_bytes & ~(uint64_t)4095;
    return VKSPLIT_OK;
}

vksplit_result vksplit_runner_create(const vksplit_runner_desc* desc, vksplit_runner** out, vksplit_error* error)
{
    if (!out)
        return VKSPLIT__FAIL0(error, OUT_NULL);
    *out = NULL;
    vksplit_runner_desc defaults;
    memset(&defaults, 0, sizeof defaults);
    if (!desc)
        desc = &defaults;
    if (desc->memory != VKSPLIT_RUNNER_MEMORY_AUTO && desc->memory != VKSPLIT_RUNNER_MEMORY_STAGING)
        return VKSPLIT__FAIL(error, RUNNER_MEMORY_KIND, (int)desc->memory);
    vksplit_runner* runner = vksplit__alloc(desc->allocation_callbacks, sizeof *runner);
    if (!runner)
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_RUNNER);
    if (desc->allocation_callbacks) {
        runner->callbacks_storage = *desc->allocation_callbacks;
        runner->callbacks = &runner->callbacks_storage;
    }
    vksplit__init_u32(&runner->validation_messages, 0u);
    runner->log = desc->log;
    runner->log_user = desc->log_user;
    runner->get_device_proc_addr = desc->get_device_proc_addr;
    PFN_vkGetInstanceProcAddr gipa = desc->get_instance_proc_addr;
    vksplit_result r = gipa ? VKSPLIT_OK : vksplit__runner_loader(&gipa, error);
    if (r == VKSPLIT_OK)
        r = load_instance_functions(gipa, VK_NULL_HANDLE, false, &runner->ivk, error);
    if (r == VKSPLIT_OK)
        r = create_instance(runner, desc, error);
    if (r == VKSPLIT_OK)
        r = pick_device(runner, desc, error);
    if (r == VKSPLIT_OK)
        r = query_limits(runner, desc, error);
    if (r == VKSPLIT_OK)
        r = choose_memory(runner, desc, error);
    if (r == VKSPLIT_OK)
        r = create_device(runner, desc->disable_features, desc->enable_pipeline_statistics != 0,
                          desc->enable_shader_clock != 0, error);
    if (r == VKSPLIT_OK) {
        vksplit_context_desc ctx = {0};
        ctx.instance = runner->instance;
        ctx.physical_device = runner->physical_device;
        ctx.device = runner->device;
        ctx.get_instance_proc_addr = runner->ivk.vkGetInstanceProcAddr;
        ctx.get_device_proc_addr = runner->get_device_proc_addr;
        ctx.enabled_features = runner->features;
        ctx.allocation_callbacks = desc->allocation_callbacks;
        ctx.log = desc->log;
        ctx.log_user = desc->log_user;
        ctx.tuning = desc->tuning;
        /* Tools and tests make a plan or a few per runner: each pipeline compiled when a plan
         * first needs it, not every one the tuning could use. */
        ctx.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
        ctx.capture_pipeline_statistics = runner->pipeline_statistics;
        ctx.pipeline_created = desc->pipeline_created;
        ctx.pipeline_created_user = desc->pipeline_created_user;
        r = vksplit_context_create(&ctx, &runner->ctx, error);
    }
    if (r != VKSPLIT_OK) {
        vksplit_runner_destroy(runner);
        return r;
    }
    *out = runner;
    return vksplit__ok(error);
}

void vksplit_runner_destroy(vksplit_runner* runner)
{
    if (!runner)
        return;
    vksplit_context_destroy(runner->ctx);
    if (runner->device && runner->vk.vkDeviceWaitIdle) {
        const runner_vk* vk = &runner->vk;
        vk->vkDeviceWaitIdle(runner->device);
        vksplit_runner_buffer_destroy(runner, &runner->staging);
        if (runner->fence)
            vk->vkDestroyFence(runner->device, runner->fence, runner->callbacks);
        if (runner->pool)
            vk->vkDestroyCommandPool(runner->device, runner->pool, runner->callbacks);
    }
    /* A device exists only once the instance's functions are loaded, and a messenger only
     * with the debug-utils pair; the instance's functions may have failed to load, so the
     * instance goes through the loader's name, which every instance knows. */
    const runner_instance_vk* ivk = &runner->ivk;
    if (runner->device)
        (runner->vk.vkDestroyDevice ? runner->vk.vkDestroyDevice : ivk->vkDestroyDevice)(runner->device,
                                                                                         runner->callbacks);
    if (runner->messenger)
        ivk->vkDestroyDebugUtilsMessengerEXT(runner->instance, runner->messenger, runner->callbacks);
    PFN_vkDestroyInstance destroy_instance =
        runner->instance ? (PFN_vkDestroyInstance)ivk->vkGetInstanceProcAddr(runner->instance, "vkDestroyInstance")
                         : NULL;
    if (destroy_instance)
        destroy_instance(runner->instance, runner->callbacks);
    vksplit__free(runner->callbacks, runner);
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
    info->device_index = runner->device_index;
    info->get_instance_proc_addr = runner->ivk.vkGetInstanceProcAddr;
    info->get_device_proc_addr = runner->get_device_proc_addr;
    info->enabled_features = runner->features;
    info->device_type = runner->props.deviceType;
    snprintf(info->device_name, sizeof info->device_name, "%s", runner->props.deviceName);
    info->timestamp_period = runner->props.limits.timestampPeriod;
    info->mapped_tensors = runner->mapped_tensors;
    info->staging_bytes = runner->staging_bytes;
    info->max_buffer_bytes = runner->max_buffer_bytes;
    info->pipeline_statistics = runner->pipeline_statistics;
    info->shader_clock = runner->shader_clock;
    VkPhysicalDeviceDriverProperties driver = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 props2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &driver, {0}};
    if (runner->props.apiVersion >= VK_API_VERSION_1_2) {
        runner->ivk.vkGetPhysicalDeviceProperties2(runner->physical_device, &props2);
        /* Both fields are up to 256 bytes; keep the name whole and cut the info to fit. */
        snprintf(info->driver_info, sizeof info->driver_info, "%.64s %.190s", driver.driverName, driver.driverInfo);
    }
}

vksplit_context* vksplit_runner_context(vksplit_runner* runner) { return runner ? runner->ctx : NULL; }

uint32_t vksplit_runner_validation_message_count(const vksplit_runner* runner)
{
    return runner ? vksplit__load_u32(&((vksplit_runner*)runner)->validation_messages) : 0;
}
