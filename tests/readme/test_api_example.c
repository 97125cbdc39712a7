/* Runs docs/api.md's examples on the runner's device and context (validation on): its decode
 * loop, one command buffer (the test's own pass that advances t, then record_append) recorded
 * once and replayed 16 times, the status read back and the cache checked byte for byte after
 * each replay; and its paged-cache append (record_paged_append) the same way, the test's own
 * pass writing each replay's slots (padding slots among them). */
#include <volk.h> /* the example's own Vulkan calls (vkCmdPipelineBarrier), as an engine's loader */

#include "api_example.h"
#include "rows_example.h"
#include "device_producer.h"
#include "host_buffer.h"
#include "test_harness.h"
#include "test_vulkan.h"

/* The decode loop: cache [1, 8, 512, 64] float16, token [1, 8, 1, 64], t = step; its buffers
 * with device addresses where the runner enabled them. */
static void decode_loop(vksplit_runner* runner, vksplit_context* ctx)
{
    enum { HEADS = 8, S = 512, D = 64, STEPS = 16 };
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    int bda = (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
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
    CHECK(core_host_buffer_create(dev, &memory, bda, HEADS * S * D * 2, &cache));
    CHECK(core_host_buffer_create(dev, &memory, bda, HEADS * D * 2, &token));
    CHECK(core_host_buffer_create(dev, &memory, bda, pinfo.parameter_bytes, &params));
    CHECK(core_host_buffer_create(dev, &memory, bda, 6 * 4, &state));
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

/* The paged append: cache [4096 slots, 8, 64] float16, 4 tokens [4, 8, 64] at slots the test's
 * pass writes each replay (distinct, some -1). */
static void paged_append(vksplit_runner* runner, vksplit_context* ctx)
{
    enum { SLOTS = 256 * 16, ROW = 8 * 64 * 2, T = 4, STEPS = 16 };
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    int bda = (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    VkDevice dev = info.device;
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(info.physical_device, &memory);
    vksplit_plan* plan = create_paged_append_plan(ctx);
    CHECK(plan != NULL);
    if (!plan)
        return;
    vksplit_plan_info pinfo;
    vksplit_plan_get_info(plan, &pinfo);
    core_host_buffer cache, tokens, slots, status, state;
    CHECK(core_host_buffer_create(dev, &memory, bda, (VkDeviceSize)SLOTS * ROW, &cache));
    CHECK(core_host_buffer_create(dev, &memory, bda, T * ROW, &tokens));
    CHECK(core_host_buffer_create(dev, &memory, bda, T * 8, &slots));
    CHECK(core_host_buffer_create(dev, &memory, bda, pinfo.parameter_bytes, &status));
    CHECK(core_host_buffer_create(dev, &memory, bda, 16 + STEPS * T * 8, &state));
    /* The producer's state: step, words per step, then every step's slots (int64). */
    uint32_t* st = (uint32_t*)state.mapped;
    st[0] = 0, st[1] = T * 2, st[2] = st[3] = 0;
    int64_t* all = (int64_t*)(st + 4);
    for (uint32_t step = 0; step < STEPS; step++)
        for (uint32_t t = 0; t < T; t++)
            all[step * T + t] = (step * 5 + t) % 7 == 3 ? -1 : (int64_t)((step * 977u + t * 1031u) % SLOTS);
    for (uint32_t i = 0; i < T * ROW; i++)
        tokens.mapped[i] = (uint8_t)(i * 13 + 5);
    memset(cache.mapped, 0xEE, cache.size);
    VkCommandPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool_info.queueFamilyIndex = info.queue_family_index;
    VkCommandPool pool;
    CHECK(vkCreateCommandPool(dev, &pool_info, NULL, &pool) == VK_SUCCESS);
    core_producer producer;
    CHECK(core_rows_producer_create(dev, state.buffer, slots.buffer, 0, &producer));
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cmd;
    CHECK(vkAllocateCommandBuffers(dev, &alloc, &cmd) == VK_SUCCESS);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    CHECK(vkBeginCommandBuffer(cmd, &begin) == VK_SUCCESS);
    core_producer_record(&producer, cmd);
    CHECK(record_paged_append(plan, cmd, tokens.buffer, cache.buffer, slots.buffer, status.buffer) == VKSPLIT_OK);
    CHECK(vkEndCommandBuffer(cmd) == VK_SUCCESS);
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence;
    CHECK(vkCreateFence(dev, &fence_info, NULL, &fence) == VK_SUCCESS);
    uint8_t* want = malloc(cache.size);
    memset(want, 0xEE, cache.size);
    for (uint32_t step = 0; step < STEPS; step++) {
        VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cmd;
        CHECK(vkQueueSubmit(info.queue, 1, &submit, fence) == VK_SUCCESS);
        CHECK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_MAX) == VK_SUCCESS);
        CHECK(vkResetFences(dev, 1, &fence) == VK_SUCCESS);
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, vksplit_parameters_status(plan, (const uint32_t*)status.mapped, &err), &err);
        for (uint32_t t = 0; t < T; t++) /* token t at its slot, a padding slot skipped */
            if (all[step * T + t] >= 0)
                memcpy(want + (size_t)all[step * T + t] * ROW, tokens.mapped + (size_t)t * ROW, ROW);
        CHECK_MSG(memcmp(want, cache.mapped, cache.size) == 0, "paged append step %u: the cache differs", step);
    }
    CHECK(st[0] == STEPS);
    printf("paged append: %u replays of one command buffer (%s)\n", STEPS, pinfo.summary);
    free(want);
    vkDestroyFence(dev, fence, NULL);
    core_producer_destroy(&producer);
    vkDestroyCommandPool(dev, pool, NULL);
    core_host_buffer_destroy(dev, &cache);
    core_host_buffer_destroy(dev, &tokens);
    core_host_buffer_destroy(dev, &slots);
    core_host_buffer_destroy(dev, &status);
    core_host_buffer_destroy(dev, &state);
    vksplit_plan_destroy(plan);
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    vksplit_context* ctx = vksplit_runner_context(runner);
    CHECK(ctx != NULL);
    if (ctx) {
        decode_loop(runner, ctx);
        paged_append(runner, ctx);
    }
    return test_finish(runner);
}
