/*
 * vksplit runner: a convenience path for tools, tests and the benchmark.
 *
 * It owns what an engine would own: a VkInstance (optionally with the Khronos validation
 * layer), a physical device, a VkDevice with every vksplit feature the device supports, one
 * queue, a command pool, a fence and a staging buffer; and a vksplit_context on top.
 *
 * The Vulkan loader: nothing of vksplit links libvulkan. Unless the desc hands it a
 * vkGetInstanceProcAddr, the runner finds the loader at run time with volk (libvulkan.so.1,
 * then libvulkan.so; vulkan-1.dll, libvulkan.dylib), once per process, and where there is
 * none vksplit_runner_create and vksplit_runner_list_devices fail with
 * VKSPLIT_ERROR_UNSUPPORTED and "no Vulkan loader found (libvulkan.so.1): install libvulkan1",
 * so a tool can say so in one line instead of failing to start. What this means for an
 * engine that links the runner: the runner's volk is a private copy, compiled in with every
 * global renamed (vksplit__volk_*): it neither defines nor writes volk's own vk* globals or
 * the loader's exported names, so an engine's own volk (volkInitialize, volkLoadDevice, ...)
 * or its linked libvulkan keeps working as before, and the runner works whether or not the
 * engine has called volkInitialize. Its one process-wide state is the loader it found:
 * loaded once (pthread_once; InitOnceExecuteOnce on Windows), so that runners may still be
 * created from any thread, and never unloaded. Every other function the runner calls it loads per instance and per device
 * into tables of its own (vksplit_runner_info.get_instance_proc_addr is the one it used).
 * An engine that wants the runner on its own loader passes get_instance_proc_addr; linking
 * the runner statically brings -ldl and the threads library (vksplit::runner and the CMake
 * package say so).
 * The core library (vksplit.h) uses no volk and no loader: only the caller's
 * vkGetInstanceProcAddr.
 *
 * Memory: tensors live in DEVICE_LOCAL memory. Data moves through one host-visible staging
 * buffer (HOST_CACHED where the device has it, for fast readback) in pieces of at most
 * staging_bytes, so a tool's host memory stays bounded whatever the tensor size. Where the
 * device-local memory is itself HOST_CACHED (a CPU device such as lavapipe, which has one
 * memory type) the runner maps tensors directly instead, unless told to stage.
 * Every buffer has an allocation of its own, so no buffer is larger than the device's
 * maxMemoryAllocationSize (2^30 bytes on a device with Vulkan's minimum limits) nor its
 * maxBufferSize (VK_KHR_maintenance4, where reported): vksplit_runner_info.max_buffer_bytes.
 * A request for a larger one fails with VKSPLIT_ERROR_UNSUPPORTED and a message naming the
 * limit and both sizes, before anything is allocated.
 *
 * Engines do not need this: they create a vksplit_context from their own device.
 * Host allocations go through the desc's VkAllocationCallbacks. It reads no environment
 * variables: tools and tests turn theirs (VKSPLIT_DEVICE, ...) into the desc.
 */
#ifndef VKSPLIT_VKSPLIT_RUNNER_H
#define VKSPLIT_VKSPLIT_RUNNER_H

#include "vksplit.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vksplit_runner vksplit_runner;

typedef enum vksplit_runner_memory {
    /* Map device-local memory directly where it is host-cached (lavapipe), else stage. */
    VKSPLIT_RUNNER_MEMORY_AUTO = 0,
    /* Always move data through the staging buffer, as on a discrete GPU (tests use this on
     * lavapipe so that the GPU's path runs in CI too). */
    VKSPLIT_RUNNER_MEMORY_STAGING = 1
} vksplit_runner_memory;

typedef struct vksplit_runner_desc {
    /* Enable VK_LAYER_KHRONOS_validation and count every message it sends (and log it).
     * VKSPLIT_ERROR_UNSUPPORTED when the layer is not installed. Default off. */
    vksplit_bool32 enable_validation;
    /* With enable_validation: also the layer's synchronization validation (hazards between
     * commands count as messages). */
    vksplit_bool32 enable_synchronization_validation;
    /* 0: the default device, the first discrete GPU, else the first device (lavapipe on a
     * machine without a GPU). 1: the device at device_index in vkEnumeratePhysicalDevices
     * (vksplit_runner_list_devices shows the list). */
    vksplit_bool32 choose_device;
    uint32_t device_index;
    /* Features NOT to enable even where supported, to exercise the fallbacks. */
    vksplit_features disable_features;
    vksplit_runner_memory memory; /* default AUTO */
    /* 0: 64 MiB; rounded up to 4 KiB, then down to max_buffer_bytes' 4 KiB if larger. */
    uint64_t staging_bytes;
    vksplit_tuning tuning;                             /* passed to the context */
    const VkAllocationCallbacks* allocation_callbacks; /* optional: host and Vulkan objects */
    /* Optional: wraps the device functions (the runner's and the context's), e.g. to count
     * or fail them in tests. NULL: the vkGetDeviceProcAddr that get_instance_proc_addr
     * returns for the runner's instance. */
    PFN_vkGetDeviceProcAddr get_device_proc_addr;
    /* Optional; validation messages go here too, from whichever thread made the call the
     * layer reports (concurrently, if the runner's device is used from several threads). */
    vksplit_log_fn log;
    void* log_user;
    /* Optional: the vkGetInstanceProcAddr every Vulkan function is looked up through, from
     * vkCreateInstance on: an engine's own loader (volk's after volkInitialize, or a linked
     * libvulkan's), or a wrapper over one that counts or fails calls (the tests' hooks: asked
     * for vkGetDeviceProcAddr with the runner's instance, it may return a wrapper too). NULL:
     * the loader the runner finds at run time (see the top of this file). */
    PFN_vkGetInstanceProcAddr get_instance_proc_addr;
    /* Optional, for tests: the largest buffer the runner makes, when below the device's
     * limits (see Memory above; a larger value changes nothing). It stands in for a smaller
     * device, so that the arena's split across buffers (a split's outputs, a join's inputs)
     * runs without gigabytes.
     * 0: the device's limits. At least 4096 (VKSPLIT_ERROR_INVALID_ARGUMENT). */
    uint64_t max_buffer_bytes;
    /* Enable VK_KHR_pipeline_executable_properties where the device has it, and have the
     * context capture its pipelines' statistics (split_bench --shader-stats);
     * vksplit_runner_info.pipeline_statistics says whether it did. */
    vksplit_bool32 enable_pipeline_statistics;
    /* Enable VK_KHR_shader_clock's shaderSubgroupClock where the device has it, so that a
     * shader of the tool's own may read the shader clock (split_bench measures the GPU's
     * clock with it); vksplit_runner_info.shader_clock says whether it did. Default off. */
    vksplit_bool32 enable_shader_clock;
    /* EXPERIMENTAL (vksplit.h), optional: passed to the context as its pipeline_created and
     * pipeline_created_user (vksplit_pipeline_fn): split_bench lists the pipelines it made. */
    VKSPLIT_EXPERIMENTAL vksplit_pipeline_fn pipeline_created;
    VKSPLIT_EXPERIMENTAL void* pipeline_created_user;
} vksplit_runner_desc;

/* One physical device as vksplit_runner_list_devices reports it. */
typedef struct vksplit_runner_device {
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    VkPhysicalDeviceType type;
    uint32_t api_version;
    vksplit_bool32 is_default; /* the one a zeroed desc picks */
} vksplit_runner_device;

/* Lists the physical devices (at most capacity; *count receives how many exist).
 * Thread-safety: safe. */
VKSPLIT_API vksplit_result vksplit_runner_list_devices(vksplit_runner_device* devices, uint32_t capacity,
                                                       uint32_t* count, vksplit_error* error);

/* desc may be NULL (all defaults). Thread-safety: safe. */
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
    uint32_t device_index;                            /* in vkEnumeratePhysicalDevices */
    PFN_vkGetInstanceProcAddr get_instance_proc_addr; /* the desc's, or the loader the runner found */
    PFN_vkGetDeviceProcAddr get_device_proc_addr;
    vksplit_features enabled_features; /* what the device was created with */
    VkPhysicalDeviceType device_type;
    char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    char driver_info[VK_MAX_DRIVER_INFO_SIZE];
    float timestamp_period;        /* ns per timestamp tick */
    vksplit_bool32 mapped_tensors; /* tensors are mapped directly (no staging) */
    uint64_t staging_bytes;
    /* The largest buffer the runner makes: the device's maxMemoryAllocationSize and
     * maxBufferSize, or the desc's smaller max_buffer_bytes, rounded down to 4 bytes. */
    uint64_t max_buffer_bytes;
    /* VK_KHR_pipeline_executable_properties enabled and the pipelines' statistics captured. */
    vksplit_bool32 pipeline_statistics;
    /* VK_KHR_shader_clock enabled with shaderSubgroupClock (desc.enable_shader_clock). */
    vksplit_bool32 shader_clock;
} vksplit_runner_info;

/* Thread-safety: safe. */
VKSPLIT_API void vksplit_runner_get_info(const vksplit_runner* runner, vksplit_runner_info* info);
/* The context the runner created on its device (its pipelines deferred: each compiled by the
 * first plan that needs it, VKSPLIT_PIPELINES_ON_DEMAND). Thread-safety: safe. */
VKSPLIT_API vksplit_context* vksplit_runner_context(vksplit_runner* runner);
/* Messages the validation layer has sent so far (0 without validation). Thread-safety: safe. */
VKSPLIT_API uint32_t vksplit_runner_validation_message_count(const vksplit_runner* runner);

/* A device-local buffer usable as a storage buffer, a transfer source and destination, and
 * (when enabled) through its device address. */
typedef struct vksplit_runner_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    VkDeviceAddress address; /* 0 without VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS */
    /* Non-NULL only where the runner maps tensors directly (vksplit_runner_info.
     * mapped_tensors); use vksplit_runner_upload / _download to work everywhere. */
    void* mapped;
} vksplit_runner_buffer;

/* A storage buffer (also a transfer source and destination, and an indirect buffer: it may hold
 * a plan's device parameters) of at least size bytes.
 * The size is rounded up to whole 32-bit words; 0 creates a 16-byte buffer. A size above
 * vksplit_runner_info.max_buffer_bytes is VKSPLIT_ERROR_UNSUPPORTED, naming the limit.
 * Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_buffer_create(vksplit_runner* runner, VkDeviceSize size,
                                                        vksplit_runner_buffer* out, vksplit_error* error);
/* Accepts a zeroed buffer. Thread-safety: external sync on runner. */
VKSPLIT_API void vksplit_runner_buffer_destroy(vksplit_runner* runner, vksplit_runner_buffer* buffer);

/* Streams: size bytes move in pieces of at most staging_bytes. `produce` fills dst with the
 * next `bytes` of the data; `consume` takes the next `bytes`. A callback that fails returns
 * its error (filled through vksplit_error) and the transfer stops there. */
typedef vksplit_result (*vksplit_runner_produce_fn)(void* user, void* dst, size_t bytes, vksplit_error* error);
typedef vksplit_result (*vksplit_runner_consume_fn)(void* user, const void* src, size_t bytes, vksplit_error* error);

/* Writes size bytes at buffer + offset from `produce`. Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_write(vksplit_runner* runner, const vksplit_runner_buffer* buffer,
                                                VkDeviceSize offset, VkDeviceSize size,
                                                vksplit_runner_produce_fn produce, void* user, vksplit_error* error);
/* Reads size bytes at buffer + offset into `consume`. Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_read(vksplit_runner* runner, const vksplit_runner_buffer* buffer,
                                               VkDeviceSize offset, VkDeviceSize size,
                                               vksplit_runner_consume_fn consume, void* user, vksplit_error* error);
/* The same from and into host memory. Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_upload(vksplit_runner* runner, const vksplit_runner_buffer* buffer,
                                                 VkDeviceSize offset, const void* data, VkDeviceSize size,
                                                 vksplit_error* error);
VKSPLIT_API vksplit_result vksplit_runner_download(vksplit_runner* runner, const vksplit_runner_buffer* buffer,
                                                   VkDeviceSize offset, void* data, VkDeviceSize size,
                                                   vksplit_error* error);

/* Called between vkBeginCommandBuffer and vkEndCommandBuffer; return VKSPLIT_OK to submit. */
typedef vksplit_result (*vksplit_runner_record_fn)(void* user, VkCommandBuffer cmd, vksplit_error* error);

/* Begins the runner's command buffer, calls record, adds a full memory barrier to transfer
 * and host reads, submits, waits for the fence: polling it first (a few thousand times, yielding
 * the core between polls, as ggml-vulkan does), then blocking, so that a small submission does
 * not pay a sleeping thread's wake-up. Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_submit(vksplit_runner* runner, vksplit_runner_record_fn record, void* user,
                                                 vksplit_error* error);

/* Where the input comes from and the outputs go, in pieces (see the stream callbacks). */
typedef struct vksplit_runner_io {
    vksplit_runner_produce_fn read_input; /* the input's input_span_bytes */
    /* Output i's output_span_bytes, outputs in order, each in pieces. */
    vksplit_result (*write_output)(void* user, uint32_t output, const void* src, size_t bytes, vksplit_error* error);
    void* user;
} vksplit_runner_io;

/* Runs a plan made on this runner's context: one device-local buffer for the input, the
 * outputs packed in order into as few buffers as max_buffer_bytes allows (each output whole
 * in one buffer, at a multiple of 256 bytes; one buffer where they all fit), and one for the
 * per-recording arguments where the plan needs them; the input streamed in, one submit, the
 * outputs streamed out. Device memory: the input span plus the output spans (each rounded up
 * to 256 bytes). An input or a single output larger than max_buffer_bytes is
 * VKSPLIT_ERROR_UNSUPPORTED with a message naming the limit and both sizes, before anything
 * is allocated or read; so is a join plan (VKSPLIT_ERROR_INVALID_ARGUMENT: run it with
 * vksplit_runner_run_join_plan). Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_run_plan(vksplit_runner* runner, const vksplit_plan* plan,
                                                   const vksplit_runner_io* io, vksplit_error* error);

/* One-shot from host memory: plans the split on the runner's context (options may be NULL),
 * then vksplit_runner_run_plan with input (input_span_bytes of vksplit_split_spans) and
 * outputs[i] (output_span_bytes each; NULL allowed for an empty output).
 * Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_split(vksplit_runner* runner, const vksplit_split_desc* split,
                                                const vksplit_plan_options* options, const void* input,
                                                void* const* outputs, vksplit_error* error);

/* A join plan's streams: where its inputs come from and its output goes, in pieces. */
typedef struct vksplit_runner_join_io {
    /* Input i's input_span_bytes (vksplit_plan_input_span_bytes), inputs in order, each in
     * pieces; an empty input is never asked for. */
    vksplit_result (*read_input)(void* user, uint32_t input, void* dst, size_t bytes, vksplit_error* error);
    vksplit_runner_consume_fn write_output; /* the output's output_span_bytes */
    void* user;
} vksplit_runner_join_io;

/* Runs a join plan made on this runner's context, as vksplit_runner_run_plan runs a split
 * (the same code, turned round): the inputs packed in order into as few device-local buffers
 * as max_buffer_bytes allows (each input whole in one buffer, at a multiple of 256 bytes; an
 * empty input takes no room; one buffer where they all fit), one buffer for the output, one
 * for the per-recording arguments where the plan needs them (the inputs' addresses); the
 * inputs streamed in, one submit recording vksplit_cmd_join, the output streamed out. Device
 * memory: the output span plus the input spans (each rounded up to 256 bytes). An input or
 * the output larger than max_buffer_bytes is VKSPLIT_ERROR_UNSUPPORTED with a message naming
 * the limit and both sizes, before anything is allocated or read; so is a split plan
 * (VKSPLIT_ERROR_INVALID_ARGUMENT: run it with vksplit_runner_run_plan). A callback that
 * fails stops the run there, with its error. Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_run_join_plan(vksplit_runner* runner, const vksplit_plan* plan,
                                                        const vksplit_runner_join_io* io, vksplit_error* error);

/* Runs a plan with device parameters (vksplit_plan_options.device_parameters), a split's
 * (split_io) or a join's (join_io; the other NULL), as the calls above run theirs: the block's
 * words (VKSPLIT_PARAMETERS_WORDS(n) of them; the engine's first, vksplit's ignored) go into a
 * device buffer of their own with the tensors, the plan is recorded with
 * vksplit_cmd_split_device (_join_device), and the block comes back: when the GPU's check
 * found a broken rule (nothing was then written) that rule is the call's error, with its
 * message ("the device's lengths[2] = 9 is over its capacity 8"), and nothing is streamed out;
 * else the outputs stream out as usual, the capacities' spans whole. status_words may be NULL,
 * else it receives the block as it came back. Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_run_device_plan(vksplit_runner* runner, const vksplit_plan* plan,
                                                          const vksplit_runner_io* split_io,
                                                          const vksplit_runner_join_io* join_io,
                                                          const uint32_t* parameters, uint32_t* status_words,
                                                          vksplit_error* error);

/* A plan's streams whose rows the GPU places (vksplit_plan_options.rows), run in place: the whole
 * and the part both stream in, and the side the plan writes streams out again, every byte it
 * does not place as it came in. */
typedef struct vksplit_runner_rows_io {
    /* The whole's span: a join's output as it is before (TensorScatter's past_cache), a split's
     * input. */
    vksplit_runner_produce_fn read_whole;
    /* The part's span: a join's input (TensorScatter's update), a split's output as it is before. */
    vksplit_runner_produce_fn read_part;
    /* The side written, its span: a join's whole (TensorScatter's present_cache), a split's part. */
    vksplit_runner_consume_fn write_output;
    void* user;
} vksplit_runner_rows_io;

/* Runs a plan whose rows the GPU places (vksplit_plan_options.rows), made on this runner's
 * context, in place: one device-local buffer each for the whole and the part, both streamed in;
 * with GPU indices (vksplit_plan_info.index_span_bytes > 0) `indices`, index_span_bytes of the
 * plan's index type, goes into a buffer of its own (bindings.indices) and the status block
 * into another (bindings.parameters); one submit records the plan. The block comes back: when
 * the GPU's check found a broken rule (nothing was then written) that rule is the call's error,
 * with its message ("the device's indices: list 1 starts at 7, ..."), and nothing is streamed
 * out; else the side written streams out. With host indices `indices` is ignored (NULL) and
 * no block is made. status_words may be NULL, else it receives the block as it came back
 * (parameter_bytes; nothing with host indices). A plan that places no rows is
 * VKSPLIT_ERROR_INVALID_ARGUMENT (RUNNER_ROWS_PLAN), and vksplit_runner_run_plan,
 * _run_join_plan and _run_device_plan refuse a rows plan (RUNNER_PLAN_ROWS); a tensor larger
 * than max_buffer_bytes is VKSPLIT_ERROR_UNSUPPORTED, before anything is allocated or read.
 * Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_run_rows_plan(vksplit_runner* runner, const vksplit_plan* plan,
                                                        const vksplit_runner_rows_io* io, const void* indices,
                                                        uint32_t* status_words, vksplit_error* error);

/* One-shot from host memory: plans the join on the runner's context (options may be NULL),
 * then vksplit_runner_run_join_plan with inputs[i] (input_span_bytes of vksplit_join_spans
 * each; NULL allowed for an empty input) and output (output_span_bytes).
 * Thread-safety: external sync on runner. */
VKSPLIT_API vksplit_result vksplit_runner_join(vksplit_runner* runner, const vksplit_join_desc* join,
                                               const vksplit_plan_options* options, const void* const* inputs,
                                               void* output, vksplit_error* error);

#ifdef __cplusplus
}
#endif

#endif /* VKSPLIT_VKSPLIT_RUNNER_H */
