/* The clock's spin (bench_clock.h). */
#include "bench_clock.h"

#include <stdio.h>
#include <string.h>

extern const uint32_t bench_clock_spin_spv[];
extern const size_t bench_clock_spin_spv_size;

/* About 100 us at 2 GHz: long against a launch (a few us on a GPU), short against a batch.
 * A CPU device (lavapipe: its shader clock counts nanoseconds) spins 1 ms, long against its
 * 50-150 us of dispatch and timestamps. The loop bound keeps llvmpipe's silent cut at 65535
 * iterations away (about 30 ns an iteration there); the cycles written are those counted. */
#define SPIN_CYCLES 200000u
#define SPIN_CYCLES_CPU 1000000u
#define SPIN_MAX_ITERATIONS 60000u

typedef struct spin_push {
    uint64_t result, cycles;
    uint32_t max_iterations, pad;
} spin_push;

/* VK_KHR_shader_clock is enabled by the runner (vksplit_runner_desc.enable_shader_clock). */
void bench_clock_request(vksplit_runner_desc* desc) { desc->enable_shader_clock = 1; }

static const char* missing(const vksplit_runner_info* info)
{
    if (!(info->enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS))
        return "the clock's spin needs buffer device addresses, which are off";
    return info->shader_clock ? NULL : "the device has no VK_KHR_shader_clock (shaderSubgroupClock)";
}

static int record_spin(void* user, VkCommandBuffer cmd)
{
    const bench_clock_slot* slot = user;
    const bench_clock* c = slot->clock;
    spin_push push = {c->results.address + 16u * slot->index, c->spin_cycles, SPIN_MAX_ITERATIONS, 0};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipeline);
    vkCmdPushConstants(cmd, c->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    vkCmdDispatch(cmd, 1, 1, 1);
    return 1;
}

static int create_pipeline(bench_clock* c)
{
    VkShaderModuleCreateInfo module_info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                            .codeSize = bench_clock_spin_spv_size,
                                            .pCode = bench_clock_spin_spv};
    VkShaderModule module;
    if (vkCreateShaderModule(c->device, &module_info, NULL, &module) != VK_SUCCESS)
        return 0;
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(spin_push)};
    VkPipelineLayoutCreateInfo layout = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                         .pushConstantRangeCount = 1,
                                         .pPushConstantRanges = &range};
    VkResult vr = vkCreatePipelineLayout(c->device, &layout, NULL, &c->layout);
    VkComputePipelineCreateInfo pipe = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipe.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipe.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipe.stage.module = module;
    pipe.stage.pName = "main";
    pipe.layout = c->layout;
    if (vr == VK_SUCCESS)
        vr = vkCreateComputePipelines(c->device, VK_NULL_HANDLE, 1, &pipe, NULL, &c->pipeline);
    vkDestroyShaderModule(c->device, module, NULL);
    return vr == VK_SUCCESS;
}

int bench_clock_create(vksplit_runner* runner, const vksplit_runner_info* info, bench_timer* t, bench_clock* c)
{
    memset(c, 0, sizeof *c);
    c->device = info->device;
    c->spin_cycles = info->device_type == VK_PHYSICAL_DEVICE_TYPE_CPU ? SPIN_CYCLES_CPU : SPIN_CYCLES;
    c->note = missing(info);
    if (c->note)
        return 1;
    vksplit_error error;
    if (!create_pipeline(c) ||
        vksplit_runner_buffer_create(runner, 16u * BENCH_CLOCK_SLOTS, &c->results, &error) != VKSPLIT_OK) {
        fprintf(stderr, "split_bench: the clock's spin could not be set up\n");
        return 0;
    }
    for (uint32_t i = 0; i < BENCH_CLOCK_SLOTS; i++) {
        c->slots[i] = (bench_clock_slot){c, i};
        c->ops[i] = (bench_op){"clock", record_spin, &c->slots[i], BENCH_SLOT_CLOCK, BENCH_SLOT_CLOCK, 0};
        if (!bench_batch_record(t, &c->spins[i], &c->ops[i], 1, BENCH_SLOT_CLOCK)) {
            fprintf(stderr, "split_bench: recording the clock's spin failed\n");
            return 0;
        }
    }
    c->available = 1;
    return 1;
}

void bench_clock_destroy(bench_clock* c, bench_timer* t, vksplit_runner* runner)
{
    for (uint32_t i = 0; i < BENCH_CLOCK_SLOTS; i++)
        bench_batch_free(t, &c->spins[i]);
    vksplit_runner_buffer_destroy(runner, &c->results);
    if (c->pipeline)
        vkDestroyPipeline(c->device, c->pipeline, NULL);
    if (c->layout)
        vkDestroyPipelineLayout(c->device, c->layout, NULL);
    c->pipeline = VK_NULL_HANDLE;
    c->layout = VK_NULL_HANDLE;
}

int bench_clock_spin(bench_clock* c, bench_timer* t)
{
    if (c->used == BENCH_CLOCK_SLOTS)
        return 0;
    double seconds = bench_batch_run(t, &c->spins[c->used]);
    if (seconds < 0)
        return 0;
    c->seconds[c->used++] = seconds;
    return 1;
}

uint32_t bench_clock_collect(bench_clock* c, vksplit_runner* runner, double* mhz)
{
    uint64_t counted[2 * BENCH_CLOCK_SLOTS];
    uint32_t n = c->used;
    vksplit_error error;
    c->used = 0;
    if (!n || vksplit_runner_download(runner, &c->results, 0, counted, 16u * n, &error) != VKSPLIT_OK)
        return 0;
    for (uint32_t i = 0; i < n; i++) /* a spin that counted no iteration reads 0: low */
        mhz[i] = c->seconds[i] > 0 && counted[2 * i + 1] ? (double)counted[2 * i] / c->seconds[i] * 1e-6 : 0;
    return n;
}
