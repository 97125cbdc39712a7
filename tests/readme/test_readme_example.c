/* Runs the README's example on the runner's device (validation on) and checks every byte
 * of q, k and v against the input they were split from, then of their join against that
 * input, then its decode loop: one command buffer (the test's own pass that advances t, then
 * record_append) replayed 16 times, the cache checked byte for byte after each. */
#include <volk.h> /* the example's own Vulkan calls (vkCmdPipelineBarrier), as an engine's loader */

#include "device_producer.h"
#include "host_buffer.h"
#include "readme_example.h"
#include "test_harness.h"
#include "test_vulkan.h"

typedef struct job {
    const vksplit_plan* plan;
    VkBuffer qkv, q_k_v;
} job;

static vksplit_result record(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    const job* j = user;
    (void)error;
    return record_qkv(j->plan, cmd, j->qkv, j->q_k_v);
}

static vksplit_result record_join(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    const job* j = user;
    (void)error;
    return record_merge(j->plan, cmd, j->q_k_v, j->qkv);
}

/* The README's decode loop: cache [1, 8, 512, 64] float16, token [1, 8, 1, 64], t = step. */
static void decode_loop(vksplit_runner* runner, vksplit_context* ctx)
{
    enum { HEADS = 8, S = 512, D = 64, STEPS = 16 };
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    test_vulkan_load(runner);
    VkDevice dev = info.device;
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(info.physical_device, &memory);
    vksplit_plan* plan = create_append_plan(ctx);
    CHECK(plan != NULL);
    if (!plan)
        return;
    vksplit_plan_info pinfo;
    vksplit_plan_get_info(plan, &pinfo);
    core_host_buffer cache, token, params, state;
    CHECK(core_host_buffer_create(dev, &memory, 1, HEADS * S * D * 2, &cache));
    CHECK(core_host_buffer_create(dev, &memory, 1, HEADS * D * 2, &token));
    CHECK(core_host_buffer_create(dev, &memory, 1, pinfo.parameter_bytes, &params));
    CHECK(core_host_buffer_create(dev, &memory, 1, 6 * 4, &state));
    uint32_t* st = (uint32_t*)state.mapped; /* the producer's: step, parts, GIVEN, no fault, capacities */
    st[0] = 0, st[1] = 1, st[2] = VKSPLIT_DEVICE_PARAMETERS_GIVEN, st[3] = 0, st[4] = 1, st[5] = S;
    for (uint32_t i = 0; i < HEADS * D * 2; i++)
        token.mapped[i] = (uint8_t)(i * 7 + 1);
    memset(cache.mapped, 0xEE, cache.size);

    VkCommandPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool_info.queueFamilyIndex = info.queue_family_index;
    VkCommandPool pool;
    CHECK(vkCreateCommandPool(dev, &pool_info, NULL, &pool) == VK_SUCCESS);
    core_producer producer;
    CHECK(core_producer_create(dev, state.buffer, params.buffer, 0, &producer));

    /* Recorded once. */
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cmd;
    CHECK(vkAllocateCommandBuffers(dev, &alloc, &cmd) == VK_SUCCESS);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    CHECK(vkBeginCommandBuffer(cmd, &begin) == VK_SUCCESS);
    core_producer_record(&producer, cmd);
    CHECK(record_append(plan, cmd, token.buffer, cache.buffer, params.buffer) == VKSPLIT_OK);
    CHECK(vkEndCommandBuffer(cmd) == VK_SUCCESS);
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence;
    CHECK(vkCreateFence(dev, &fence_info, NULL, &fence) == VK_SUCCESS);
    uint8_t* want = malloc(cache.size);
    memset(want, 0xEE, cache.size);
    for (uint32_t t = 0; t < STEPS; t++) {
        VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cmd;
        CHECK(vkQueueSubmit(info.queue, 1, &submit, fence) == VK_SUCCESS);
        CHECK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX) == VK_SUCCESS);
        CHECK(vkResetFences(dev, 1, &fence) == VK_SUCCESS);
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, vksplit_parameters_status(plan, (const uint32_t*)params.mapped, &err), &err);
        for (uint32_t h = 0; h < HEADS; h++) /* the token's head h at (h, t) */
            memcpy(want + ((size_t)h * S + t) * D * 2, token.mapped + (size_t)h * D * 2, D * 2);
        CHECK_MSG(memcmp(want, cache.mapped, cache.size) == 0, "decode step %u: the cache differs", t);
    }
    printf("decode loop: %u replays of one command buffer (%s)\n", STEPS, pinfo.summary);
    free(want);
    vkDestroyFence(dev, fence, NULL);
    core_producer_destroy(&producer);
    vkDestroyCommandPool(dev, pool, NULL);
    core_host_buffer_destroy(dev, &cache);
    core_host_buffer_destroy(dev, &token);
    core_host_buffer_destroy(dev, &params);
    core_host_buffer_destroy(dev, &state);
    vksplit_plan_destroy(plan);
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    if (!(info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)) {
        printf("the example enables buffer device addresses, which %s lacks: skipped\n", info.device_name);
        vksplit_runner_destroy(runner);
        return 77;
    }
    vksplit_context* ctx =
        create_split_context(info.instance, info.physical_device, info.device, info.get_instance_proc_addr);
    CHECK(ctx != NULL);
    vksplit_plan* plan = ctx ? create_qkv_plan(ctx) : NULL;
    CHECK(plan != NULL);

    enum { ROWS = 8, HEADS = 192, WIDTH = 32, PART = 64 };
    vksplit_runner_buffer in, out;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, ROWS * HEADS * WIDTH * 4, &in, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 3 * 65536, &out, &err), &err);
    static uint32_t x[ROWS * HEADS * WIDTH], y[3 * 65536 / 4];
    for (uint32_t i = 0; i < ROWS * HEADS * WIDTH; i++)
        x[i] = i * 2654435761u;
    memset(y, 0xAB, sizeof y);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &in, 0, x, sizeof x, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &out, 0, y, sizeof y, &err), &err);
    if (plan) {
        job j = {plan, in.buffer, out.buffer};
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record, &j, &err), &err);
    }
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, &out, 0, y, sizeof y, &err), &err);
    uint32_t wrong = 0;
    for (uint32_t part = 0; part < 3; part++)
        for (uint32_t r = 0; r < ROWS; r++)
            for (uint32_t h = 0; h < PART; h++)
                for (uint32_t w = 0; w < WIDTH; w++)
                    wrong +=
                        y[part * 16384 + (r * PART + h) * WIDTH + w] != x[(r * HEADS + part * PART + h) * WIDTH + w];
    CHECK_MSG(wrong == 0, "%u words of q, k, v differ from the input", wrong);

    /* The join: q, k and v back into a second tensor, which must equal the input. */
    vksplit_plan* merge = ctx ? create_merge_plan(ctx) : NULL;
    CHECK(merge != NULL);
    vksplit_runner_buffer merged;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, sizeof x, &merged, &err), &err);
    static uint32_t z[ROWS * HEADS * WIDTH];
    memset(z, 0xCD, sizeof z);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &merged, 0, z, sizeof z, &err), &err);
    if (merge) {
        job j = {merge, merged.buffer, out.buffer};
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record_join, &j, &err), &err);
    }
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, &merged, 0, z, sizeof z, &err), &err);
    CHECK_MSG(memcmp(z, x, sizeof x) == 0, "the join of q, k and v differs from the input they were split from");
    vksplit_plan_destroy(merge);
    vksplit_runner_buffer_destroy(runner, &merged);
    vksplit_plan_destroy(plan);
    if (ctx)
        decode_loop(runner, ctx);
    vksplit_context_destroy(ctx);
    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_runner_buffer_destroy(runner, &out);
    return test_finish(runner);
}
