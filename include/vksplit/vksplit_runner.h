/*
 * vksplit runner: a convenience path for tools, tests and the benchmark.
 *
 * It owns what an engine would own: a VkInstance (optionally with the Khronos validation
 * layer), the first (or chosen) physical device, a VkDevice with every vksplit feature the
 * device supports, one queue, a command pool and a fence; and a vksplit_context on top.
 * It links the Vulkan loader; the core library (vksplit.h) does not.
 *
 * Engines do not need this: they create a vksplit_context from their own device.
 */
#ifndef VKSPLIT_VKSPLIT_RUNNER_H
#define VKSPLIT_VKSPLIT_RUNNER_H

#include "vksplit.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vksplit_runner vksplit_runner;

typedef struct vksplit_runner_desc {
    /* Enable VK_LAYER_KHRONOS_validation and count every message it sends (and log it).
     * VKSPLIT_ERROR_UNSUPPORTED when the layer is not installed. Default off. */
    vksplit_bool32 enable_validation;
    /* Index into vkEnumeratePhysicalDevices; 0 = the first device (lavapipe on a machine
     * without a GPU). The environment variable VKSPLIT_DEVICE overrides it when set. */
    uint32_t device_index;
    /* Features NOT to enable even where supported, to exercise the fallbacks. */
    vksplit_features disable_features;
    vksplit_tuning tuning;                             /* passed to the context */
    const VkAllocationCallbacks* allocation_callbacks; /* optional */
    vksplit_log_fn log;                                /* optional; validation messages go here too */
    void* log_user;
} vksplit_runner_desc;

/* Thread-safety: safe. */
VKSPLIT_API vksplit_result vksplit_runner_create(const vksplit_runner_desc* desc, vksplit_runner** out,
                                                 vksplit_error* error);
/* Accepts NULL. Thread-safety: external sync on runner. */
VKSPLIT_API void vksplit_runner_destroy(vksplit_runner* runner);

typedef struct vksplit_runner_info {
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family_index;
    PFN_vkGetInstanceProcAddr get_instance_proc_addr;
    PFN_vkGetDeviceProcAddr get_device_proc_addr;
    vksplit_features enabled_features;   /* what the device was created with */
    VkPhysicalDeviceType device_type;
    char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    char driver_info[VK_MAX_DRIVER_INFO_SIZE];
    float timestamp_period;              /* ns per timestamp tick */
} vksplit_runner_info;

/* Thread-safety: safe. */
VKSPLIT_API void vksplit_runner_get_info(const vksplit_runner* runner, vksplit_runner_info* info);
/* The context the runner created on its device. Thread-safety: safe. */
VKSPLIT_API vksplit_context* vksplit_runner_context(vksplit_runner* runner);
/* Messages the validation layer has sent so far (0 without validation). Thread-safety: safe. */
VKSPLIT_API uint32_t vksplit_runner_validation_message_count(const vksplit_runner* runner);

/* A host-visible, persistently mapped buffer usable as a storage buffer, a transfer source
 * and destination, and (when enabled) through its device address. */
typedef struct vksplit_runner_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    void* mapped;
} vksplit_runner_buffer;

/* The size is rounded up to whole 32-bit words; 0 creates a 16-byte buffer.
 * Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_buffer_create(vksplit_runner* runner, VkDeviceSize size,
                                                        vksplit_runner_buffer* out, vksplit_error* error);
/* Accepts a zeroed buffer. Thread-safety: external sync on runner. */
VKSPLIT_API void vksplit_runner_buffer_destroy(vksplit_runner* runner, vksplit_runner_buffer* buffer);

/* Called between vkBeginCommandBuffer and vkEndCommandBuffer; return VKSPLIT_OK to submit. */
typedef vksplit_result (*vksplit_record_fn)(void* user, VkCommandBuffer cmd, vksplit_error* error);

/* Begins the runner's command buffer, calls record, adds a full memory barrier to host
 * reads, submits, waits for the fence. Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_submit(vksplit_runner* runner, vksplit_record_fn record, void* user,
                                                 vksplit_error* error);

/* One-shot: plan the split, copy the input into a device buffer, record and run it, copy
 * every output back into outputs[i] (each output_span_bytes of vksplit_split_spans long;
 * NULL allowed for an empty output). input holds input_span_bytes. options may be NULL.
 * Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_split(vksplit_runner* runner, const vksplit_split_desc* split,
                                                const vksplit_plan_options* options, const void* input,
                                                void* const* outputs, vksplit_error* error);

#ifdef __cplusplus
}
#endif

#endif /* VKSPLIT_VKSPLIT_RUNNER_H */
