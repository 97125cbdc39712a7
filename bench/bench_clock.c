/* The clock's spin (bench_clock.h). */
#include "bench_clock.h"

#include <stdio.h>
#include <string.h>

extern const uint32_t bench_clock_spin_spv[];
extern const size_t bench_clock_spin_spv_size;
extern const char bench_clock_spin_spv_module[];

/* About 100 us at 2 GHz: long against a launch (a few us on a GPU), short against a batch.
 * A CPU device (lavapipe: its shader clock counts nanoseconds) spins 1 ms, long against its
 * 50-150 us of dispatch and timestamps. The loop bound keeps llvmpipe's silent cut at 65535
 * iterations away (about 30 ns an iteration there); the cycles written are those counted. */
#define SPIN_CYCLES 200000u
#define SPIN_CYCLES_CPU 1000000u
#define SPIN_MAX_ITERATIONS 60000u

typedef struct spin_push {
    uint64_t result, cycles, mask, device_mask, simulate, start;
    uint32_t max_iterations, pad;
} spin_push;
_Static_assert(sizeof(bench_clock_record) == BENCH_CLOCK_RESULT_BYTES, "a spin's result is a bench_clock_record");

/* The two probes' result slots, after the spins': reading the width, and the empty spin. */
#define PROBE_WIDTH BENCH_CLOCK_SLOTS
#define PROBE_EMPTY (BENCH_CLOCK_SLOTS + 1u)
#define RESULT_SLOTS (BENCH_CLOCK_SLOTS + 2u)
#define EMPTY_RUNS 5

/* VK_KHR_shader_clock is enabled by the runner (vksplit_runner_desc.enable_shader_clock). */
void bench_clock_request(vksplit_runner_desc* desc) { desc->enable_shader_clock = 1; }

static const char* missing(const vksplit_runner_info* info)
{
    if (!(info->enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS))
        return "the clock's spin needs buffer device addresses, which are off";
    return info->shader_clock ? NULL : "the device has no VK_KHR_shader_clock (shaderSubgroupClock)";
}

/* What one recorded spin does: its result slot and the cycles it counts (the width probe
 * counts until its iterations run out, the empty one none). */
typedef struct spin_args {
    const bench_clock* clock;
    uint32_t result_slot;
    uint64_t cycles;
} spin_args;

static int record_spin(void* user, VkCommandBuffer cmd)
{
    const spin_args* a = user;
    const bench_clock* c = a->clock;
    spin_push push = {c->results.address + BENCH_CLOCK_RESULT_BYTES * a->result_slot,
                      a->cycles,
                      c->counter.mask,
                      c->counter.device_mask,
                      c->counter.simulate,
                      c->counter.start,
                      SPIN_MAX_ITERATIONS,
                      0};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipeline);
    vkCmdPushConstants(cmd, c->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    vkCmdDispatch(cmd, 1, 1, 1);
    return 1;
}

static int record_slot(void* user, VkCommandBuffer cmd)
{
    const bench_clock_slot* slot = user;
    spin_args a = {slot->clock, slot->index, slot->clock->spin_cycles};
    return record_spin(&a, cmd);
}

static int create_pipeline(bench_clock* c, bench_pipelines* pipelines)
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
    if (vr == VK_SUCCESS)
        bench_pipelines_add(pipelines, c->pipeline, bench_clock_spin_spv_module, NULL);
    return vr == VK_SUCCESS;
}

/* Runs a one-off spin `runs` times: the median seconds, and its result; < 0 on failure. */
static double probe(bench_clock* c, bench_timer* t, vksplit_runner* runner, uint32_t slot, uint64_t cycles, int runs,
                    bench_clock_record* result)
{
    spin_args a = {c, slot, cycles};
    bench_op op = {"clock probe", record_spin, &a, BENCH_SLOT_CLOCK, BENCH_SLOT_CLOCK, 0};
    bench_batch b;
    memset(&b, 0, sizeof b);
    double seconds[EMPTY_RUNS];
    int ok = bench_batch_record(t, &b, &op, 1, BENCH_SLOT_CLOCK);
    for (int i = 0; ok && i < runs && i < EMPTY_RUNS; i++)
        ok = (seconds[i] = bench_batch_run(t, &b)) >= 0;
    bench_batch_free(t, &b);
    vksplit_error error;
    if (!ok || vksplit_runner_download(runner, &c->results, BENCH_CLOCK_RESULT_BYTES * slot, result, sizeof *result,
                                       &error) != VKSPLIT_OK)
        return -1;
    return bench_median(seconds, runs < EMPTY_RUNS ? runs : EMPTY_RUNS);
}

int bench_clock_create(vksplit_runner* runner, const vksplit_runner_info* info, bench_timer* t, uint32_t simulate_bits,
                       bench_pipelines* pipelines, bench_clock* c)
{
    memset(c, 0, sizeof *c);
    c->device = info->device;
    c->spin_cycles = info->device_type == VK_PHYSICAL_DEVICE_TYPE_CPU ? SPIN_CYCLES_CPU : SPIN_CYCLES;
    int narrow = simulate_bits && simulate_bits < 64;
    /* The width probe counts on the narrowed counter where asked (its width is read off it
     * below); the device's readings are ORed beside. */
    c->counter.simulate = narrow ? bench_clock_mask(simulate_bits) : UINT64_MAX;
    c->counter.start = narrow ? bench_clock_narrow_start(simulate_bits) : 0;
    c->counter.mask = c->counter.simulate;
    c->counter.device_mask = UINT64_MAX;
    c->note = missing(info);
    if (c->note)
        return 1;
    vksplit_error error;
    if (!create_pipeline(c, pipelines) || vksplit_runner_buffer_create(runner, BENCH_CLOCK_RESULT_BYTES * RESULT_SLOTS,
                                                                       &c->results, &error) != VKSPLIT_OK) {
        fprintf(stderr, "split_bench: the clock's spin could not be set up\n");
        return 0;
    }
    /* The counters' widths: every reading of a spin as long as its iterations allow, ORed. A
     * narrower mask than the true period still sums short steps right (a power of two divides
     * the next), so a width read short is harmless. */
    bench_clock_record result;
    if (probe(c, t, runner, PROBE_WIDTH, UINT64_MAX, 1, &result) < 0) {
        fprintf(stderr, "split_bench: the clock's width probe failed\n");
        return 0;
    }
    c->device_bits = bench_clock_width(result.seen_device);
    if (!c->device_bits) {
        c->note = "the shader clock reads 0";
        return 1;
    }
    if (narrow && simulate_bits >= c->device_bits) { /* as wide as the device's or wider: the device's */
        c->counter.simulate = UINT64_MAX;
        c->counter.start = 0;
    }
    c->counter_bits = c->counter.simulate == UINT64_MAX ? c->device_bits : bench_clock_width(result.seen);
    c->counter.mask = bench_clock_mask(c->counter_bits);
    c->counter.device_mask = bench_clock_mask(c->device_bits);
    /* The launch: an empty spin's time between its timestamps, taken off every spin's. */
    c->launch_s = probe(c, t, runner, PROBE_EMPTY, 0, EMPTY_RUNS, &result);
    if (c->launch_s < 0) {
        fprintf(stderr, "split_bench: timing the clock's empty spin failed\n");
        return 0;
    }
    for (uint32_t i = 0; i < BENCH_CLOCK_SLOTS; i++) {
        c->slots[i] = (bench_clock_slot){c, i};
        c->ops[i] = (bench_op){"clock", record_slot, &c->slots[i], BENCH_SLOT_CLOCK, BENCH_SLOT_CLOCK, 0};
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
    uint32_t n = c->used;
    vksplit_error error;
    c->used = 0;
    c->collected_count = 0;
    if (!n || vksplit_runner_download(runner, &c->results, 0, c->collected, BENCH_CLOCK_RESULT_BYTES * n, &error) !=
                  VKSPLIT_OK)
        return 0;
    c->collected_count = n;
    for (uint32_t i = 0; i < n; i++) /* a spin that counted no iteration reads 0: low */
        mhz[i] = bench_clock_mhz(c->collected[i].cycles, c->collected[i].iterations, c->seconds[i], c->launch_s);
    return n;
}

double bench_clock_now(bench_clock* c, bench_timer* t, vksplit_runner* runner)
{
    double mhz[BENCH_CLOCK_SLOTS];
    if (!c->available || c->used)
        return 0;
    for (int i = 0; i < BENCH_CLOCK_NOW_SPINS; i++)
        if (!bench_clock_spin(c, t))
            return 0;
    if (bench_clock_collect(c, runner, mhz) != BENCH_CLOCK_NOW_SPINS)
        return 0;
    return bench_median(mhz, BENCH_CLOCK_NOW_SPINS);
}
