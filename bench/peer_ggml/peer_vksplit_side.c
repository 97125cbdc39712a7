/* vksplit's side of the peer bench (peer.h): its runner opens its own VkDevice on the same
 * physical device as ggml; one plan per case; a run is one recording submitted and waited for
 * (vksplit_runner_submit: begin, record, a full barrier, submit, wait), recorded again each run
 * as ggml records each compute. GPU time: two timestamps around vksplit's commands. A KV append's
 * position (device parameters), or a rows plan's indices, come from a GPU pass of its own,
 * recorded before vksplit's in the same command buffer: the wall time counts it, the timestamps
 * do not (split_bench's bench/engine_producer.comp, decode mode, for the position;
 * peer_rows_producer.comp, one period of the indices resident, for rows); or, where the case
 * says from_host, from the host before each run (vksplit_runner_upload, inside the wall time),
 * as ggml's are. The Vulkan calls of this file go through the runner's vkGetDeviceProcAddr
 * (ggml's libvulkan and the runner's private volk stay untouched). */
#include "peer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vksplit/vksplit_runner.h>

#include "peer_producer_spv.h"      /* peer_producer_spv: bench/engine_producer.comp */
#include "peer_rows_producer_spv.h" /* peer_rows_producer_spv: peer_rows_producer.comp */

#define PART_ALIGNMENT 256u
#define PRODUCER_DECODE 1u /* engine_producer.comp's mode: length 1, offset step % capacity */

#define DEVICE_FUNCTIONS(X)     \
    X(vkCmdPipelineBarrier)     \
    X(vkCmdBindPipeline)        \
    X(vkCmdPushConstants)       \
    X(vkCmdDispatch)            \
    X(vkCmdWriteTimestamp)      \
    X(vkCmdResetQueryPool)      \
    X(vkCreateQueryPool)        \
    X(vkDestroyQueryPool)       \
    X(vkGetQueryPoolResults)    \
    X(vkCreateShaderModule)     \
    X(vkDestroyShaderModule)    \
    X(vkCreatePipelineLayout)   \
    X(vkDestroyPipelineLayout)  \
    X(vkCreateComputePipelines) \
    X(vkDestroyPipeline)        \
    X(vkDeviceWaitIdle)

typedef struct vk_table {
#define MEMBER(name) PFN_##name name;
    DEVICE_FUNCTIONS(MEMBER)
#undef MEMBER
    PFN_vkGetPhysicalDeviceQueueFamilyProperties vkGetPhysicalDeviceQueueFamilyProperties;
} vk_table;

struct peer_vksplit {
    const peer_layout* l;
    vksplit_runner* runner;
    vksplit_runner_info info;
    vk_table vk;
    vksplit_plan* plan;
    vksplit_plan_info plan_info;
    vksplit_runner_buffer whole, parts, arguments, params, state, indices;
    vksplit_binding part_b[PEER_MAX_PARTS];
    VkQueryPool queries;
    uint64_t timestamp_mask;
    VkPipelineLayout layout;
    VkPipeline producer;
    uint64_t runs;
    int gpu;
    int64_t* values;      /* rows from the host: one run's indices */
    uint8_t* index_bytes; /* the same in the plan's index type */
    char plan_text[160];
};

static int fail(const char* what, const vksplit_error* error)
{
    fprintf(stderr, "peer_ggml: vksplit: %s: %s\n", what, error ? error->message : "failed");
    return 0;
}

static int load_functions(peer_vksplit* v)
{
    VkDevice device = v->info.device;
#define LOAD(name) v->vk.name = (PFN_##name)v->info.get_device_proc_addr(device, #name);
    DEVICE_FUNCTIONS(LOAD)
#undef LOAD
    v->vk.vkGetPhysicalDeviceQueueFamilyProperties =
        (PFN_vkGetPhysicalDeviceQueueFamilyProperties)v->info.get_instance_proc_addr(
            v->info.instance, "vkGetPhysicalDeviceQueueFamilyProperties");
#define CHECK_LOADED(name) \
    if (!v->vk.name)       \
        return fail("no " #name, NULL);
    DEVICE_FUNCTIONS(CHECK_LOADED)
#undef CHECK_LOADED
    return v->vk.vkGetPhysicalDeviceQueueFamilyProperties != NULL;
}

static int create_plan(peer_vksplit* v, uint32_t path)
{
    const peer_layout* l = v->l;
    const peer_case* c = l->c;
    vksplit_context* ctx = vksplit_runner_context(v->runner);
    vksplit_error error;
    vksplit_result r;
    vksplit_plan_options options = {.path = (vksplit_path)path};
    if (peer_is_rows(c)) { /* the GPU's indices (bindings.indices), checked on the GPU */
        options.rows.mode = (vksplit_rows_mode)c->rows_mode;
        options.rows.index_bytes = c->index_bytes;
        options.rows.list_dims = c->list_dims;
    }
    if (peer_converts(c)) { /* float32 <-> float16, float32 -> q8_0: the desc's element_size is the whole's */
        options.convert.whole = (vksplit_type)peer_whole_type(c);
        options.convert.parts = (vksplit_type)peer_parts_type(c);
    }
    if (c->op == PEER_SPLIT || c->op == PEER_ROWS_SPLIT) {
        vksplit_split_desc d = {.element_size = c->element_size, .rank = c->rank, .sizes = c->sizes};
        d.axis = c->axis;
        d.output_count = c->parts;
        d.lengths = l->lengths;
        r = vksplit_plan_create(ctx, &d, &options, &v->plan, &error);
    } else {
        vksplit_join_desc d = {.element_size = c->element_size, .rank = c->rank, .sizes = c->sizes};
        d.axis = c->axis;
        d.input_count = c->parts;
        d.lengths = l->lengths; /* PEER_KV_APPEND: the capacity, the token's 1 */
        if (c->op == PEER_KV_APPEND)
            options.device_parameters = VKSPLIT_DEVICE_PARAMETERS_GIVEN;
        r = vksplit_plan_create_join(ctx, &d, &options, &v->plan, &error);
    }
    if (r != VKSPLIT_OK)
        return fail("plan", &error);
    vksplit_plan_get_info(v->plan, &v->plan_info);
    /* A converting plan's spans (its words: rounded up to 4 bytes) are the case's bytes here */
    int join = c->op != PEER_SPLIT && c->op != PEER_ROWS_SPLIT;
    for (uint32_t i = 0; peer_converts(c) && i < c->parts; i++) {
        uint64_t span = join ? vksplit_plan_input_span_bytes(v->plan, i) : vksplit_plan_output_span_bytes(v->plan, i);
        if (span != l->part_bytes[i]) {
            fprintf(stderr, "peer_ggml: vksplit: part %u spans %llu bytes, the case's %llu\n", i,
                    (unsigned long long)span, (unsigned long long)l->part_bytes[i]);
            return 0;
        }
    }
    /* vksplit_plan_info's counts: a rows plan's check pass is one of its dispatches; a plan with
     * device parameters counts its indirect copy, not the check before it */
    int n = snprintf(v->plan_text, sizeof v->plan_text, "%s", v->plan_info.summary);
    if (v->plan_info.path == VKSPLIT_PATH_COMPUTE && n > 0 && (size_t)n < sizeof v->plan_text)
        snprintf(v->plan_text + n, sizeof v->plan_text - (size_t)n, "; dispatch_count %u, %llu workgroups of %u",
                 v->plan_info.dispatch_count, (unsigned long long)v->plan_info.workgroup_count,
                 v->plan_info.workgroup_size);
    return 1;
}

/* One run's indices in the plan's index type. */
static void pack_indices(const peer_layout* l, const int64_t* values, uint8_t* out)
{
    for (uint64_t e = 0; e < l->index_count; e++) {
        if (l->c->index_bytes == 4) {
            int32_t x = (int32_t)values[e];
            memcpy(out + e * 4, &x, 4);
        } else {
            memcpy(out + e * 8, &values[e], 8);
        }
    }
}

/* Rows: the status block, the indices, and either the host's staging of one run's indices or
 * the GPU pass's state: step 0, the words of a run, the period, then the period's indices. */
static int create_rows_buffers(peer_vksplit* v)
{
    const peer_layout* l = v->l;
    vksplit_error error;
    uint64_t bytes = l->index_count * l->c->index_bytes, period = peer_period(l);
    if (v->plan_info.index_span_bytes != bytes || v->plan_info.index_count != l->index_count) {
        fprintf(stderr, "peer_ggml: vksplit: the plan reads %llu indices (%llu bytes), the case has %llu\n",
                (unsigned long long)v->plan_info.index_count, (unsigned long long)v->plan_info.index_span_bytes,
                (unsigned long long)l->index_count);
        return 0;
    }
    v->values = malloc((size_t)l->index_count * sizeof *v->values);
    v->index_bytes = malloc((size_t)bytes);
    if (!v->values || !v->index_bytes ||
        vksplit_runner_buffer_create(v->runner, v->plan_info.parameter_bytes, &v->params, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(v->runner, bytes, &v->indices, &error) != VKSPLIT_OK)
        return fail("the indices' buffers", v->values && v->index_bytes ? &error : NULL);
    if (l->c->from_host)
        return 1;
    uint64_t words = bytes / 4, state_bytes = 16 + period * bytes;
    uint32_t* state = calloc(1, (size_t)state_bytes);
    if (!state)
        return 0;
    state[1] = (uint32_t)words;
    state[2] = (uint32_t)period;
    for (uint64_t k = 0; k < period; k++) {
        peer_indices(l, k, v->values);
        pack_indices(l, v->values, (uint8_t*)(state + 4 + k * words));
    }
    int ok = vksplit_runner_buffer_create(v->runner, state_bytes, &v->state, &error) == VKSPLIT_OK &&
             vksplit_runner_upload(v->runner, &v->state, 0, state, state_bytes, &error) == VKSPLIT_OK;
    free(state);
    return ok || fail("the indices' GPU pass state", &error);
}

static int create_buffers(peer_vksplit* v, const uint8_t* whole, const uint8_t* parts)
{
    const peer_layout* l = v->l;
    vksplit_error error;
    uint64_t at = 0, place[PEER_MAX_PARTS];
    for (uint32_t i = 0; i < l->c->parts; i++) {
        place[i] = at;
        at += (l->part_bytes[i] + PART_ALIGNMENT - 1) / PART_ALIGNMENT * PART_ALIGNMENT;
    }
    if (vksplit_runner_buffer_create(v->runner, l->whole_bytes, &v->whole, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(v->runner, at, &v->parts, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(v->runner, v->plan_info.argument_bytes, &v->arguments, &error) != VKSPLIT_OK)
        return fail("buffers", &error);
    if (vksplit_runner_upload(v->runner, &v->whole, 0, whole, l->whole_bytes, &error) != VKSPLIT_OK)
        return fail("upload", &error);
    for (uint32_t i = 0; i < l->c->parts; i++) {
        v->part_b[i] = (vksplit_binding){v->parts.buffer, place[i]};
        if (vksplit_runner_upload(v->runner, &v->parts, place[i], parts + l->part_offset[i], l->part_bytes[i],
                                  &error) != VKSPLIT_OK)
            return fail("upload", &error);
    }
    if (peer_is_rows(l->c))
        return create_rows_buffers(v);
    if (l->c->op != PEER_KV_APPEND)
        return 1;
    /* The block (zeroed) and the producer's state: step 0, decode, one part, the capacity. */
    uint32_t state[4] = {0, PRODUCER_DECODE, 1, (uint32_t)l->c->sizes[l->c->axis]};
    uint32_t* zeros = calloc(1, (size_t)v->plan_info.parameter_bytes);
    int ok =
        zeros &&
        vksplit_runner_buffer_create(v->runner, v->plan_info.parameter_bytes, &v->params, &error) == VKSPLIT_OK &&
        vksplit_runner_buffer_create(v->runner, sizeof state, &v->state, &error) == VKSPLIT_OK &&
        vksplit_runner_upload(v->runner, &v->params, 0, zeros, v->plan_info.parameter_bytes, &error) == VKSPLIT_OK &&
        vksplit_runner_upload(v->runner, &v->state, 0, state, sizeof state, &error) == VKSPLIT_OK;
    free(zeros);
    return ok || fail("the device parameters' buffers", zeros ? &error : NULL);
}

static int create_producer(peer_vksplit* v)
{
    if (!(v->info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)) {
        fprintf(stderr, "peer_ggml: %s: the GPU pass needs buffer device addresses\n", v->l->c->name);
        return 0;
    }
    VkDevice device = v->info.device;
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 16};
    VkPipelineLayoutCreateInfo layout = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout.pushConstantRangeCount = 1;
    layout.pPushConstantRanges = &range;
    VkShaderModuleCreateInfo module_info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = peer_is_rows(v->l->c) ? sizeof peer_rows_producer_spv : sizeof peer_producer_spv;
    module_info.pCode = peer_is_rows(v->l->c) ? peer_rows_producer_spv : peer_producer_spv;
    VkShaderModule module = VK_NULL_HANDLE;
    if (v->vk.vkCreatePipelineLayout(device, &layout, NULL, &v->layout) != VK_SUCCESS ||
        v->vk.vkCreateShaderModule(device, &module_info, NULL, &module) != VK_SUCCESS)
        return fail("the producer's layout or module", NULL);
    VkComputePipelineCreateInfo pipe = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipe.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipe.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipe.stage.module = module;
    pipe.stage.pName = "main";
    pipe.layout = v->layout;
    VkResult vr = v->vk.vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipe, NULL, &v->producer);
    v->vk.vkDestroyShaderModule(device, module, NULL);
    return vr == VK_SUCCESS || fail("the producer's pipeline", NULL);
}

/* Two timestamps; none where the queue has no valid bits (the GPU time is then not measured). */
static int create_queries(peer_vksplit* v)
{
    uint32_t count = 0;
    v->vk.vkGetPhysicalDeviceQueueFamilyProperties(v->info.physical_device, &count, NULL);
    VkQueueFamilyProperties* families = calloc(count ? count : 1, sizeof *families);
    if (!families)
        return 0;
    v->vk.vkGetPhysicalDeviceQueueFamilyProperties(v->info.physical_device, &count, families);
    uint32_t bits = v->info.queue_family_index < count ? families[v->info.queue_family_index].timestampValidBits : 0;
    free(families);
    if (bits == 0) {
        fprintf(stderr, "peer_ggml: vksplit's queue has no timestamps: no GPU time\n");
        return 1;
    }
    v->timestamp_mask = bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
    VkQueryPoolCreateInfo info = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = 2;
    return v->vk.vkCreateQueryPool(v->info.device, &info, NULL, &v->queries) == VK_SUCCESS ||
           fail("the query pool", NULL);
}

int peer_vksplit_create(const peer_layout* l, int device_index, uint32_t path, int gpu, const uint8_t* whole,
                        const uint8_t* parts, peer_vksplit** out)
{
    *out = NULL;
    peer_vksplit* v = calloc(1, sizeof *v);
    if (!v)
        return 0;
    v->l = l;
    v->gpu = gpu;
    vksplit_runner_desc desc = {0};
    if (device_index >= 0) {
        desc.choose_device = 1;
        desc.device_index = (uint32_t)device_index;
    }
    vksplit_error error;
    if (vksplit_runner_create(&desc, &v->runner, &error) != VKSPLIT_OK) {
        fail("runner", &error);
        free(v);
        return 0;
    }
    vksplit_runner_get_info(v->runner, &v->info);
    int ok = load_functions(v) && create_plan(v, path) && create_buffers(v, whole, parts) &&
             ((l->c->op != PEER_KV_APPEND && !peer_is_rows(l->c)) || l->c->from_host || create_producer(v)) &&
             (!gpu || create_queries(v));
    if (!ok) {
        peer_vksplit_destroy(v);
        return 0;
    }
    *out = v;
    return 1;
}

static void barrier(const peer_vksplit* v, VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src,
                    VkPipelineStageFlags dst_stage, VkAccessFlags dst)
{
    VkMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = src, .dstAccessMask = dst};
    v->vk.vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &b, 0, NULL, 0, NULL);
}

/* One run: the runner opens cmd with a full barrier (the last run's writes and reads, its
 * indirect grid included, before this one's) and closes it with another. */
static vksplit_result record(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    peer_vksplit* v = user;
    if (v->queries)
        v->vk.vkCmdResetQueryPool(cmd, v->queries, 0, 2);
    vksplit_bindings b = {.whole = {v->whole.buffer, 0}, .parts = v->part_b};
    if (v->plan_info.argument_bytes) /* the first run writes the parts' addresses, the later ones find them */
        b.arguments = (vksplit_arguments){v->arguments.buffer, 0, v->runs > 0};
    if (v->producer) { /* the position or the indices, from the GPU's own step counter; then what the engine owes */
        uint64_t push[2] = {peer_is_rows(v->l->c) ? v->indices.address : v->params.address, v->state.address};
        v->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, v->producer);
        v->vk.vkCmdPushConstants(cmd, v->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, push);
        v->vk.vkCmdDispatch(cmd, 1, 1, 1);
        barrier(v, cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    }
    if (v->params.buffer) /* the host's writes of the block: the runner's opening barrier */
        b.parameters = (vksplit_binding){v->params.buffer, 0};
    if (v->indices.buffer) /* the host's writes of the indices likewise, or the GPU pass's: its barrier */
        b.indices = (vksplit_binding){v->indices.buffer, 0};
    if (v->queries)
        v->vk.vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, v->queries, 0);
    vksplit_result r = vksplit_cmd_record(v->plan, cmd, &b, error);
    if (v->queries)
        v->vk.vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, v->queries, 1);
    return r;
}

int peer_vksplit_round(peer_vksplit* v, uint32_t reps, peer_round* r)
{
    double wall = 0, gpu = 0;
    const peer_case* c = v->l->c;
    for (uint32_t k = 0; k < reps; k++) {
        vksplit_error error;
        int host_rows = peer_is_rows(c) && c->from_host;
        if (host_rows) { /* this run's indices, drawn and packed before the clock starts (as ggml's) */
            peer_indices(v->l, v->runs, v->values);
            pack_indices(v->l, v->values, v->index_bytes);
        }
        double t0 = peer_now();
        vksplit_result res = VKSPLIT_OK;
        if (host_rows) /* the indices, as ggml's: from the host */
            res =
                vksplit_runner_upload(v->runner, &v->indices, 0, v->index_bytes, v->plan_info.index_span_bytes, &error);
        else if (c->op == PEER_KV_APPEND && c->from_host) { /* the length and the position, as ggml's index */
            uint32_t words[VKSPLIT_PARAMETERS_OFFSET(1, 0) + 1] = {0};
            words[VKSPLIT_PARAMETERS_LENGTH(1, 0)] = 1;
            words[VKSPLIT_PARAMETERS_OFFSET(1, 0)] = (uint32_t)(v->runs % v->l->c->sizes[v->l->c->axis]);
            res = vksplit_runner_upload(v->runner, &v->params, 0, words, sizeof words, &error);
        }
        if (res == VKSPLIT_OK)
            res = vksplit_runner_submit(v->runner, record, v, &error);
        wall += peer_now() - t0;
        if (res != VKSPLIT_OK)
            return fail("submit", &error);
        v->runs++;
        if (v->queries) {
            uint64_t t[2];
            if (v->vk.vkGetQueryPoolResults(v->info.device, v->queries, 0, 2, sizeof t, t, sizeof t[0],
                                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) != VK_SUCCESS)
                return fail("timestamps", NULL);
            gpu += (double)((t[1] - t[0]) & v->timestamp_mask) * v->info.timestamp_period * 1e-9;
        }
    }
    r->wall_s = wall / reps;
    r->gpu_s = v->queries ? gpu / reps : -1;
    return 1;
}

int peer_vksplit_read(peer_vksplit* v, uint8_t* whole, uint8_t* parts)
{
    const peer_layout* l = v->l;
    vksplit_error error;
    if (!peer_writes_whole(l->c)) {
        for (uint32_t i = 0; i < l->c->parts; i++)
            if (vksplit_runner_download(v->runner, &v->parts, v->part_b[i].offset, parts + l->part_offset[i],
                                        l->part_bytes[i], &error) != VKSPLIT_OK)
                return fail("download", &error);
    } else if (vksplit_runner_download(v->runner, &v->whole, 0, whole, l->whole_bytes, &error) != VKSPLIT_OK) {
        return fail("download", &error);
    }
    if (l->c->op != PEER_KV_APPEND && !peer_is_rows(l->c))
        return 1;
    /* The GPU's check of every run's values, and its step counter against the runs. */
    uint32_t state[4] = {0}, *words = malloc((size_t)v->plan_info.parameter_bytes);
    int ok =
        words &&
        vksplit_runner_download(v->runner, &v->params, 0, words, v->plan_info.parameter_bytes, &error) == VKSPLIT_OK &&
        (!v->state.buffer ||
         vksplit_runner_download(v->runner, &v->state, 0, state, sizeof state, &error) == VKSPLIT_OK) &&
        vksplit_parameters_status(v->plan, words, &error) == VKSPLIT_OK;
    free(words);
    if (!ok)
        return fail(peer_is_rows(l->c) ? "the indices' status" : "the device parameters' status",
                    words ? &error : NULL);
    if (v->producer && state[0] != (uint32_t)v->runs) {
        fprintf(stderr, "peer_ggml: vksplit: the GPU counted %u runs, the host %llu\n", state[0],
                (unsigned long long)v->runs);
        return 0;
    }
    return 1;
}

const char* peer_vksplit_device(const peer_vksplit* v) { return v->info.device_name; }
uint32_t peer_vksplit_device_index(const peer_vksplit* v) { return v->info.device_index; }
const char* peer_vksplit_plan(const peer_vksplit* v) { return v->plan_text; }

void peer_vksplit_destroy(peer_vksplit* v)
{
    if (!v)
        return;
    if (v->info.device && v->vk.vkDeviceWaitIdle) {
        v->vk.vkDeviceWaitIdle(v->info.device);
        if (v->queries)
            v->vk.vkDestroyQueryPool(v->info.device, v->queries, NULL);
        if (v->producer)
            v->vk.vkDestroyPipeline(v->info.device, v->producer, NULL);
        if (v->layout)
            v->vk.vkDestroyPipelineLayout(v->info.device, v->layout, NULL);
    }
    vksplit_plan_destroy(v->plan);
    vksplit_runner_buffer_destroy(v->runner, &v->whole);
    vksplit_runner_buffer_destroy(v->runner, &v->parts);
    vksplit_runner_buffer_destroy(v->runner, &v->arguments);
    vksplit_runner_buffer_destroy(v->runner, &v->params);
    vksplit_runner_buffer_destroy(v->runner, &v->state);
    vksplit_runner_buffer_destroy(v->runner, &v->indices);
    vksplit_runner_destroy(v->runner);
    free(v->values);
    free(v->index_bytes);
    free(v);
}
