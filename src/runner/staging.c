/* The runner's buffers and transfers: tensors in device-local memory, data moved through one
 * bounded staging buffer (or straight through the mapping where tensor memory is host-cached),
 * and the one-shot split built on them. */
#include "runner_internal.h"

/* Output buffers of a one-shot split start at multiples of this (what an engine's allocator
 * gives, and a multiple of every copy word and minStorageBufferOffsetAlignment seen). */
#define OUTPUT_ALIGNMENT 256u

vksplit_result vksplit__runner_buffer(vksplit_runner* runner, VkDeviceSize size, VkBufferUsageFlags usage,
                                      uint32_t type, vksplit_bool32 map, vksplit_runner_buffer* out,
                                      vksplit_error* error)
{
    memset(out, 0, sizeof *out);
    const runner_vk* vk = &runner->vk;
    if (size > runner->max_buffer_bytes) /* max_buffer_bytes is whole words: so is size, rounded */
        return vksplit__fail(error, VKSPLIT_ERROR_UNSUPPORTED,
                             "a buffer of %llu bytes is larger than this device's largest, %llu bytes (%s)",
                             (unsigned long long)size, (unsigned long long)runner->max_buffer_bytes,
                             runner->max_buffer_limit);
    bool bda = (runner->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) && (usage & VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    /* Whole 32-bit words: what vksplit's 1/2-byte fallback (no 8/16-bit storage) reads. */
    info.size = size ? (size + 3) & ~(VkDeviceSize)3 : 16;
    info.usage = usage | (bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0);
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    /* A failed call leaves its output undefined: *out takes a handle only on success, so that
     * it is all zero after any failure and vksplit_runner_buffer_destroy never sees junk. */
    VkBuffer buffer;
    VkResult vr = vk->vkCreateBuffer(runner->device, &info, runner->callbacks, &buffer);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateBuffer", vr);
    out->buffer = buffer;
    VkMemoryRequirements req;
    vk->vkGetBufferMemoryRequirements(runner->device, out->buffer, &req);
    if (!(req.memoryTypeBits & (1u << type))) {
        vksplit_runner_buffer_destroy(runner, out);
        return vksplit__fail(error, VKSPLIT_ERROR_UNSUPPORTED, "memory type %u cannot back a buffer of %llu bytes", type,
                             (unsigned long long)size);
    }
    if (req.size > runner->max_allocation_bytes) { /* the driver's padding took it over */
        vksplit_runner_buffer_destroy(runner, out);
        return vksplit__fail(error, VKSPLIT_ERROR_UNSUPPORTED,
                             "a buffer of %llu bytes needs an allocation of %llu, larger than this device's largest, "
                             "%llu bytes (%s)",
                             (unsigned long long)size, (unsigned long long)req.size,
                             (unsigned long long)runner->max_allocation_bytes, runner->max_allocation_limit);
    }
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.pNext = bda ? &flags : NULL;
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    VkDeviceMemory memory;
    vr = vk->vkAllocateMemory(runner->device, &alloc, runner->callbacks, &memory);
    if (vr != VK_SUCCESS) {
        vksplit_runner_buffer_destroy(runner, out);
        return vksplit__fail(error, vr == VK_ERROR_OUT_OF_DEVICE_MEMORY || vr == VK_ERROR_OUT_OF_HOST_MEMORY
                                        ? VKSPLIT_ERROR_OUT_OF_MEMORY
                                        : VKSPLIT_ERROR_VULKAN,
                             "vkAllocateMemory of %llu bytes returned VkResult %d", (unsigned long long)req.size, (int)vr);
    }
    out->memory = memory;
    vr = vk->vkBindBufferMemory(runner->device, out->buffer, out->memory, 0);
    void* mapped = NULL;
    if (vr == VK_SUCCESS && map)
        vr = vk->vkMapMemory(runner->device, out->memory, 0, VK_WHOLE_SIZE, 0, &mapped);
    if (vr != VK_SUCCESS) {
        vksplit_runner_buffer_destroy(runner, out);
        return vksplit__vk_fail(error, map ? "vkBindBufferMemory/vkMapMemory" : "vkBindBufferMemory", vr);
    }
    out->mapped = mapped;
    if (bda) {
        VkBufferDeviceAddressInfo address = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, out->buffer};
        out->address = vk->vkGetBufferDeviceAddress(runner->device, &address);
    }
    out->size = info.size;
    return VKSPLIT_OK;
}

vksplit_result vksplit_runner_buffer_create(vksplit_runner* runner, VkDeviceSize size, vksplit_runner_buffer* out,
                                            vksplit_error* error)
{
    if (!runner || !out)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "vksplit_runner_buffer_create: runner and out are required");
    return vksplit__runner_buffer(runner, size,
                                  VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                  runner->tensor_type, runner->mapped_tensors, out, error);
}

void vksplit_runner_buffer_destroy(vksplit_runner* runner, vksplit_runner_buffer* buffer)
{
    if (!runner || !buffer)
        return;
    if (buffer->buffer)
        runner->vk.vkDestroyBuffer(runner->device, buffer->buffer, runner->callbacks);
    if (buffer->memory)
        runner->vk.vkFreeMemory(runner->device, buffer->memory, runner->callbacks); /* unmaps too */
    memset(buffer, 0, sizeof *buffer);
}

/* ---- transfers -------------------------------------------------------------------------------- */

static vksplit_result check_range(const vksplit_runner* runner, const vksplit_runner_buffer* buffer,
                                  VkDeviceSize offset, VkDeviceSize size, const void* callback, vksplit_error* error)
{
    if (!runner || !buffer || !callback)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "runner, buffer and the callback are required");
    if (offset > buffer->size || size > buffer->size - offset)
        return vksplit__fail(error, VKSPLIT_ERROR_BINDING, "bytes [%llu, %llu + %llu) are outside the buffer's %llu",
                             (unsigned long long)offset, (unsigned long long)offset, (unsigned long long)size,
                             (unsigned long long)buffer->size);
    return VKSPLIT_OK;
}

static vksplit_result ensure_staging(vksplit_runner* runner, vksplit_error* error)
{
    if (runner->staging.buffer)
        return VKSPLIT_OK;
    return vksplit__runner_buffer(runner, runner->staging_bytes,
                                  VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                  runner->staging_type, 1, &runner->staging, error);
}

/* Host writes to, or device writes from, a non-coherent staging mapping. */
static vksplit_result sync_staging(vksplit_runner* runner, VkDeviceSize bytes, bool to_device, vksplit_error* error)
{
    if (runner->memory.memoryTypes[runner->staging_type].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
        return VKSPLIT_OK;
    VkDeviceSize atom = runner->props.limits.nonCoherentAtomSize ? runner->props.limits.nonCoherentAtomSize : 1;
    VkMappedMemoryRange range = {VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, NULL, runner->staging.memory, 0,
                                 (bytes + atom - 1) / atom * atom};
    if (range.size > runner->staging.size)
        range.size = VK_WHOLE_SIZE;
    VkResult vr = to_device ? runner->vk.vkFlushMappedMemoryRanges(runner->device, 1, &range)
                            : runner->vk.vkInvalidateMappedMemoryRanges(runner->device, 1, &range);
    return vr == VK_SUCCESS ? VKSPLIT_OK
                            : vksplit__vk_fail(error, to_device ? "vkFlushMappedMemoryRanges" : "vkInvalidateMappedMemoryRanges", vr);
}

typedef struct copy_job {
    const vksplit_runner* runner;
    VkBuffer src, dst;
    VkBufferCopy region;
} copy_job;

static vksplit_result record_copy(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    (void)error;
    const copy_job* job = user;
    job->runner->vk.vkCmdCopyBuffer(cmd, job->src, job->dst, 1, &job->region);
    return VKSPLIT_OK;
}

vksplit_result vksplit_runner_write(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                                    VkDeviceSize size, vksplit_runner_produce_fn produce, void* user, vksplit_error* error)
{
    vksplit_result r = check_range(runner, buffer, offset, size, (const void*)produce, error);
    if (r == VKSPLIT_OK && !buffer->mapped)
        r = ensure_staging(runner, error);
    for (VkDeviceSize done = 0; r == VKSPLIT_OK && done < size;) {
        size_t piece = (size_t)vksplit__min_u64(size - done, runner->staging_bytes);
        if (buffer->mapped) { /* host-cached device memory: no copy needed */
            r = produce(user, (unsigned char*)buffer->mapped + offset + done, piece, error);
        } else {
            r = produce(user, runner->staging.mapped, piece, error);
            if (r == VKSPLIT_OK)
                r = sync_staging(runner, piece, true, error);
            copy_job job = {runner, runner->staging.buffer, buffer->buffer, {0, offset + done, piece}};
            if (r == VKSPLIT_OK)
                r = vksplit_runner_submit(runner, record_copy, &job, error);
        }
        done += piece;
    }
    return r;
}

vksplit_result vksplit_runner_read(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                                   VkDeviceSize size, vksplit_runner_consume_fn consume, void* user, vksplit_error* error)
{
    vksplit_result r = check_range(runner, buffer, offset, size, (const void*)consume, error);
    if (r == VKSPLIT_OK && !buffer->mapped)
        r = ensure_staging(runner, error);
    for (VkDeviceSize done = 0; r == VKSPLIT_OK && done < size;) {
        size_t piece = (size_t)vksplit__min_u64(size - done, runner->staging_bytes);
        if (buffer->mapped) {
            r = consume(user, (const unsigned char*)buffer->mapped + offset + done, piece, error);
        } else {
            copy_job job = {runner, buffer->buffer, runner->staging.buffer, {offset + done, 0, piece}};
            r = vksplit_runner_submit(runner, record_copy, &job, error);
            if (r == VKSPLIT_OK)
                r = sync_staging(runner, piece, false, error);
            if (r == VKSPLIT_OK)
                r = consume(user, runner->staging.mapped, piece, error);
        }
        done += piece;
    }
    return r;
}

/* Host memory as a stream: a cursor that advances by each piece. */
typedef struct memory_cursor {
    unsigned char* at;
} memory_cursor;

static vksplit_result produce_from_memory(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    (void)error;
    memory_cursor* c = user;
    memcpy(dst, c->at, bytes);
    c->at += bytes;
    return VKSPLIT_OK;
}

static vksplit_result consume_into_memory(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    (void)error;
    memory_cursor* c = user;
    memcpy(c->at, src, bytes);
    c->at += bytes;
    return VKSPLIT_OK;
}

vksplit_result vksplit_runner_upload(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                                     const void* data, VkDeviceSize size, vksplit_error* error)
{
    if (!data && size)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "data is NULL for %llu bytes", (unsigned long long)size);
    memory_cursor c = {(unsigned char*)(uintptr_t)data};
    return vksplit_runner_write(runner, buffer, offset, size, produce_from_memory, &c, error);
}

vksplit_result vksplit_runner_download(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                                       void* data, VkDeviceSize size, vksplit_error* error)
{
    if (!data && size)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "data is NULL for %llu bytes", (unsigned long long)size);
    memory_cursor c = {data};
    return vksplit_runner_read(runner, buffer, offset, size, consume_into_memory, &c, error);
}

/* ---- the one-shot split --------------------------------------------------------------------- */

typedef struct one_shot {
    const vksplit_plan* plan;
    vksplit_binding input;
    vksplit_binding* outputs;
    vksplit_arguments arguments;
} one_shot;

static vksplit_result record_one_shot(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    const one_shot* job = user;
    return vksplit_cmd_split(job->plan, cmd, &job->input, job->outputs, &job->arguments, error);
}

/* One output's bytes, in pieces, to io->write_output. */
typedef struct output_stream {
    const vksplit_runner_io* io;
    uint32_t output;
} output_stream;

static vksplit_result consume_output(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    const output_stream* s = user;
    return s->io->write_output(s->io->user, s->output, src, bytes, error);
}

/* Where the outputs go: buffers[buffer_of[i]] at offsets[i]; the `count` buffers' sizes.
 * One host allocation holds the arrays, each of the output count (at most one buffer per
 * output), and the bindings the recording needs. */
typedef struct output_arena {
    uint32_t count;
    vksplit_runner_buffer* buffers; /* created by create_arena; zeroed until then */
    vksplit_binding* bindings;
    uint64_t* sizes;
    uint64_t* offsets;
    uint32_t* buffer_of;
} output_arena;

static bool arena_alloc(const vksplit_runner* runner, uint32_t n, output_arena* a)
{
    /* n <= VKSPLIT_MAX_OUTPUTS: no overflow; the arrays in order of alignment. */
    size_t bytes = n * (sizeof *a->buffers + sizeof *a->bindings + 2 * sizeof(uint64_t) + sizeof(uint32_t));
    unsigned char* block = vksplit__alloc(runner->callbacks, bytes);
    memset(a, 0, sizeof *a);
    if (!block)
        return false;
    memset(block, 0, bytes);
    a->buffers = (vksplit_runner_buffer*)block;
    a->bindings = (vksplit_binding*)(a->buffers + n);
    a->sizes = (uint64_t*)(a->bindings + n);
    a->offsets = a->sizes + n;
    a->buffer_of = (uint32_t*)(a->offsets + n);
    return true;
}

static void arena_free(vksplit_runner* runner, output_arena* a)
{
    for (uint32_t b = 0; b < a->count; b++)
        vksplit_runner_buffer_destroy(runner, &a->buffers[b]);
    vksplit__free(runner->callbacks, a->buffers);
    memset(a, 0, sizeof *a);
}

/* Packs the outputs in order, each at a multiple of OUTPUT_ALIGNMENT, into a new buffer when
 * the current one cannot take it within max_buffer_bytes. An empty output takes no room: it
 * is bound at offset 0 of the current buffer. One output larger than a buffer is refused. */
static vksplit_result place_outputs(const vksplit_runner* runner, const vksplit_plan* plan, uint32_t n,
                                    output_arena* a, vksplit_error* error)
{
    uint64_t limit = runner->max_buffer_bytes, end = 0;
    uint32_t b = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t span = vksplit_plan_output_span_bytes(plan, i);
        if (span > limit)
            return vksplit__fail(error, VKSPLIT_ERROR_UNSUPPORTED,
                                 "output %u spans %llu bytes, more than one buffer holds on this device: %llu bytes (%s)",
                                 i, (unsigned long long)span, (unsigned long long)limit, runner->max_buffer_limit);
        /* end <= limit < 2^64 - 256: the rounding cannot overflow. */
        uint64_t start = (end + OUTPUT_ALIGNMENT - 1) & ~(uint64_t)(OUTPUT_ALIGNMENT - 1);
        if (span && end && (start > limit || span > limit - start)) {
            a->sizes[b++] = end;
            start = end = 0;
        }
        a->buffer_of[i] = b;
        a->offsets[i] = span ? start : 0;
        if (span)
            end = start + span;
    }
    a->sizes[b] = end;
    a->count = b + 1;
    return VKSPLIT_OK;
}

static vksplit_result create_arena(vksplit_runner* runner, output_arena* a, vksplit_error* error)
{
    vksplit_result r = VKSPLIT_OK;
    for (uint32_t b = 0; r == VKSPLIT_OK && b < a->count; b++)
        r = vksplit_runner_buffer_create(runner, a->sizes[b], &a->buffers[b], error);
    return r;
}

vksplit_result vksplit_runner_run_plan(vksplit_runner* runner, const vksplit_plan* plan, const vksplit_runner_io* io,
                                       vksplit_error* error)
{
    if (!runner || !plan || !io || !io->read_input || !io->write_output)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT,
                             "vksplit_runner_run_plan: runner, plan, io, io->read_input and io->write_output are required");
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint32_t n = info.output_count;
    output_arena arena;
    vksplit_runner_buffer input, arguments;
    memset(&input, 0, sizeof input);
    memset(&arguments, 0, sizeof arguments);
    vksplit_result r = arena_alloc(runner, n, &arena) ? VKSPLIT_OK
                                                      : vksplit__fail(error, VKSPLIT_ERROR_OUT_OF_MEMORY,
                                                                      "host allocation for %u outputs failed", n);
    if (r == VKSPLIT_OK && info.input_span_bytes > runner->max_buffer_bytes)
        r = vksplit__fail(error, VKSPLIT_ERROR_UNSUPPORTED,
                          "the input spans %llu bytes, more than one buffer holds on this device: %llu bytes (%s)",
                          (unsigned long long)info.input_span_bytes, (unsigned long long)runner->max_buffer_bytes,
                          runner->max_buffer_limit);
    if (r == VKSPLIT_OK)
        r = place_outputs(runner, plan, n, &arena, error);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(runner, info.input_span_bytes, &input, error);
    if (r == VKSPLIT_OK)
        r = create_arena(runner, &arena, error);
    if (r == VKSPLIT_OK && info.argument_bytes)
        r = vksplit__runner_buffer(runner, info.argument_bytes,
                                   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                   runner->tensor_type, 0, &arguments, error);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_write(runner, &input, 0, info.input_span_bytes, io->read_input, io->user, error);
    if (r == VKSPLIT_OK) {
        for (uint32_t i = 0; i < n; i++)
            arena.bindings[i] = (vksplit_binding){arena.buffers[arena.buffer_of[i]].buffer, arena.offsets[i]};
        one_shot job = {plan, {input.buffer, 0}, arena.bindings, {arguments.buffer, 0, 0}};
        r = vksplit_runner_submit(runner, record_one_shot, &job, error);
    }
    for (uint32_t i = 0; r == VKSPLIT_OK && i < n; i++) {
        output_stream s = {io, i};
        r = vksplit_runner_read(runner, &arena.buffers[arena.buffer_of[i]], arena.offsets[i],
                                vksplit_plan_output_span_bytes(plan, i), consume_output, &s, error);
    }
    vksplit_runner_buffer_destroy(runner, &arguments);
    arena_free(runner, &arena);
    vksplit_runner_buffer_destroy(runner, &input);
    return r == VKSPLIT_OK ? vksplit__ok(error) : r;
}

/* Host memory as the run's io. */
typedef struct memory_io {
    memory_cursor input;
    void* const* outputs;
    uint32_t output;    /* the output being written, and how far */
    size_t written;
} memory_io;

static vksplit_result write_output_to_memory(void* user, uint32_t output, const void* src, size_t bytes,
                                             vksplit_error* error)
{
    (void)error;
    memory_io* m = user;
    if (output != m->output) {
        m->output = output;
        m->written = 0;
    }
    if (m->outputs[output])
        memcpy((unsigned char*)m->outputs[output] + m->written, src, bytes);
    m->written += bytes;
    return VKSPLIT_OK;
}

static vksplit_result read_input_from_memory(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    return produce_from_memory(&((memory_io*)user)->input, dst, bytes, error);
}

vksplit_result vksplit_runner_split(vksplit_runner* runner, const vksplit_split_desc* split,
                                    const vksplit_plan_options* options, const void* input, void* const* outputs,
                                    vksplit_error* error)
{
    if (!runner || !split || !outputs)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "vksplit_runner_split: runner, split and outputs are required");
    vksplit_plan* plan = NULL;
    vksplit_result r = vksplit_plan_create(runner->ctx, split, options, &plan, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    for (uint32_t i = 0; i < info.output_count && r == VKSPLIT_OK; i++)
        if (!outputs[i] && vksplit_plan_output_span_bytes(plan, i))
            r = vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "outputs[%u] is NULL but spans %llu bytes", i,
                              (unsigned long long)vksplit_plan_output_span_bytes(plan, i));
    if (r == VKSPLIT_OK && !input && info.input_span_bytes)
        r = vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "input is NULL but the input spans %llu bytes",
                          (unsigned long long)info.input_span_bytes);
    if (r == VKSPLIT_OK) {
        memory_io m = {{(unsigned char*)(uintptr_t)input}, outputs, UINT32_MAX, 0};
        vksplit_runner_io io = {read_input_from_memory, write_output_to_memory, &m};
        r = vksplit_runner_run_plan(runner, plan, &io, error);
    }
    vksplit_plan_destroy(plan);
    return r;
}
