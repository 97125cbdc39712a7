/* The barriers vksplit records, read from the counting wrapper (vk_count.c): the validation
 * layer cannot see reads through device addresses and lavapipe runs every command in order,
 * so a barrier with the wrong stage, access mask or range would pass every other test.
 *
 *   - per-recording arguments written by vksplit_cmd_record (a plan of 12 outputs, addresses
 *     past the 10 in push constants): one vkCmdUpdateBuffer of argument_bytes at the range,
 *     then ONE barrier, after the update and before the dispatch: TRANSFER -> COMPUTE_SHADER
 *     (and TRANSFER, for the next update of the range), TRANSFER_WRITE -> SHADER_READ (and
 *     TRANSFER_WRITE), on exactly the arguments' buffer and range, no queue transfer, no
 *     other barrier; vksplit.h promises this and vksplit_write_arguments' users rely on it;
 *   - push descriptors (the fallback), one dispatch per group of outputs: between groups,
 *     and only there, one memory barrier COMPUTE_SHADER/SHADER_WRITE -> COMPUTE_SHADER/
 *     SHADER_READ|SHADER_WRITE (descriptor ranges start rounded down, so a group's may reach
 *     into the previous group's outputs);
 *   - the same plan with prewritten arguments, a plan with its addresses in push constants,
 *     one dispatch, and the transfer path: no barrier at all (what the caller owes around
 *     the split is the caller's, vksplit.h "Barriers the caller owes").
 * Each recording is submitted and its bytes compared with the input. */
#include <string.h>

#include "core_support.h"
#include "test_harness.h"
#include "vk_count.h"

#define GUARD 0x5Au
#define MAX_OUTPUTS 12u

static uint64_t dispatches(void)
{
    return vkc_calls(VKC_vkCmdDispatch) + vkc_calls(VKC_vkCmdDispatchBase) + vkc_calls(VKC_vkCmdDispatchBaseKHR);
}

/* A split of `outputs` equal 1-D chunks of 16 float32 on ctx, recorded with arguments (NULL
 * for none), checked byte for byte; returns the plan's info. */
static vksplit_plan_info record_split(vksplit_runner* runner, vksplit_context* ctx, uint32_t outputs, vksplit_path path,
                                      const vksplit_arguments* arguments, const vksplit_runner_buffer* in,
                                      const vksplit_runner_buffer* out, const char* label)
{
    uint64_t sizes[1] = {16ull * outputs}, lengths[MAX_OUTPUTS];
    for (uint32_t i = 0; i < outputs; i++)
        lengths[i] = 16;
    vksplit_split_desc d = core_packed_desc(4, 1, sizes, 0, outputs, lengths);
    vksplit_plan_options options = {.path = path};
    vksplit_plan_info info;
    vksplit_plan* plan = test_plan_create(ctx, &d, NULL, &options, &info);
    if (!plan)
        return info;
    vksplit_error err;
    vksplit_binding bindings[MAX_OUTPUTS];
    for (uint32_t i = 0; i < outputs; i++)
        bindings[i] = (vksplit_binding){out->buffer, 128ull * i};
    test_recording r = {plan, {.whole = {in->buffer, 0}, .parts = bindings}, VKSPLIT_OK, {0}};
    if (arguments)
        r.bindings.arguments = *arguments;
    uint8_t guard[128 * MAX_OUTPUTS], got[128 * MAX_OUTPUTS], input[64 * MAX_OUTPUTS];
    memset(guard, GUARD, sizeof guard);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, out, 0, guard, sizeof guard, &err), &err);
    vkc_reset(); /* count only what vksplit records (the runner's own calls are not wrapped) */
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, test_record, &r, &err), &err);
    CHECK_MSG(r.result == VKSPLIT_OK, "%s: %s", label, r.error.message);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, out, 0, got, sizeof got, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, in, 0, input, sizeof input, &err), &err);
    for (uint32_t i = 0; i < outputs; i++)
        CHECK_MSG(memcmp(got + 128 * i, input + 64 * i, 64) == 0 && got[128 * i + 64] == GUARD,
                  "%s: outputs[%u] differs from the input", label, i);
    vksplit_plan_destroy(plan);
    return info;
}

static void expect_no_barrier(const char* label)
{
    CHECK_MSG(vkc_barrier_count() == 0 && vkc_calls(VKC_vkCmdPipelineBarrier2) == 0 &&
                  vkc_calls(VKC_vkCmdPipelineBarrier2KHR) == 0,
              "%s: %u barrier(s) recorded, expected none", label, vkc_barrier_count());
    CHECK_MSG(vkc_update_count() == 0, "%s: %u buffer update(s) recorded, expected none", label, vkc_update_count());
}

/* The fallback's barriers: one between each two groups' dispatches, none elsewhere. */
static void expect_group_barriers(const char* label, uint32_t dispatch_count)
{
    uint32_t want = dispatch_count > 1 ? dispatch_count - 1 : 0;
    CHECK_MSG(vkc_barrier_count() == want && dispatches() == dispatch_count, "%s: %u barrier(s) for %llu dispatch(es)",
              label, vkc_barrier_count(), (unsigned long long)dispatches());
    CHECK_MSG(vkc_update_count() == 0, "%s: %u buffer update(s) recorded", label, vkc_update_count());
    for (uint32_t i = 0; i < want && vkc_barrier_at(i); i++) {
        const vkc_barrier* b = vkc_barrier_at(i);
        CHECK_MSG(b->dispatches_before == i + 1, "%s: barrier %u after %llu dispatch(es)", label, i,
                  (unsigned long long)b->dispatches_before);
        CHECK_MSG(b->src_stages == VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT &&
                      b->dst_stages == VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT && b->dependency_flags == 0,
                  "%s: barrier %u stages 0x%x -> 0x%x", label, i, b->src_stages, b->dst_stages);
        CHECK_MSG(b->memory_barrier_count == 1 && b->buffer_barrier_count == 0 && b->image_barrier_count == 0,
                  "%s: barrier %u has %u memory, %u buffer, %u image barriers", label, i, b->memory_barrier_count,
                  b->buffer_barrier_count, b->image_barrier_count);
        CHECK_MSG(b->memory_barriers[0].srcAccessMask == VK_ACCESS_SHADER_WRITE_BIT &&
                      b->memory_barriers[0].dstAccessMask == (VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT),
                  "%s: barrier %u access 0x%x -> 0x%x", label, i, b->memory_barriers[0].srcAccessMask,
                  b->memory_barriers[0].dstAccessMask);
    }
}

/* The one barrier after the arguments' update. */
static void expect_arguments_barrier(const vksplit_arguments* a, uint64_t argument_bytes)
{
    const char* label = "arguments written by vksplit_cmd_record";
    CHECK_MSG(vkc_update_count() == 1, "%s: %u updates", label, vkc_update_count());
    const vkc_update* u = vkc_update_at(0);
    if (u)
        CHECK_MSG(u->buffer == a->buffer && u->offset == a->offset && u->size == argument_bytes,
                  "%s: the update wrote [%llu, +%llu), not the range [%llu, +%llu)", label,
                  (unsigned long long)u->offset, (unsigned long long)u->size, (unsigned long long)a->offset,
                  (unsigned long long)argument_bytes);
    CHECK_MSG(vkc_barrier_count() == 1, "%s: %u barriers, expected 1", label, vkc_barrier_count());
    const vkc_barrier* b = vkc_barrier_at(0);
    if (!b)
        return;
    CHECK_MSG(b->updates_before == 1 && b->dispatches_before == 0 && dispatches() >= 1,
              "%s: the barrier came after %u update(s) and %llu dispatch(es), of %llu", label, b->updates_before,
              (unsigned long long)b->dispatches_before, (unsigned long long)dispatches());
    CHECK_MSG(b->src_stages == VK_PIPELINE_STAGE_TRANSFER_BIT, "%s: source stages 0x%x", label, b->src_stages);
    CHECK_MSG(b->dst_stages == (VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT),
              "%s: destination stages 0x%x, expected COMPUTE_SHADER | TRANSFER", label, b->dst_stages);
    CHECK_MSG(b->dependency_flags == 0 && b->memory_barrier_count == 0 && b->image_barrier_count == 0 &&
                  b->buffer_barrier_count == 1,
              "%s: flags 0x%x, %u memory, %u buffer, %u image barriers", label, b->dependency_flags,
              b->memory_barrier_count, b->buffer_barrier_count, b->image_barrier_count);
    const VkBufferMemoryBarrier* m = &b->buffer_barriers[0];
    CHECK_MSG(m->srcAccessMask == VK_ACCESS_TRANSFER_WRITE_BIT, "%s: source access 0x%x", label, m->srcAccessMask);
    CHECK_MSG(m->dstAccessMask == (VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT),
              "%s: destination access 0x%x, expected SHADER_READ | TRANSFER_WRITE", label, m->dstAccessMask);
    CHECK_MSG(m->srcQueueFamilyIndex == VK_QUEUE_FAMILY_IGNORED && m->dstQueueFamilyIndex == VK_QUEUE_FAMILY_IGNORED,
              "%s: a queue family transfer (%u -> %u)", label, m->srcQueueFamilyIndex, m->dstQueueFamilyIndex);
    CHECK_MSG(m->buffer == a->buffer && m->offset == a->offset && m->size == argument_bytes,
              "%s: the barrier covers [%llu, +%llu) of its buffer, not the arguments' [%llu, +%llu)", label,
              (unsigned long long)m->offset, (unsigned long long)m->size, (unsigned long long)a->offset,
              (unsigned long long)argument_bytes);
}

int main(void)
{
    vksplit_runner* runner = test_runner_create(); /* exits where it cannot */
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    vksplit_error err;
    vksplit_runner_buffer in, out, args;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 64 * MAX_OUTPUTS, &in, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 128 * MAX_OUTPUTS, &out, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &args, &err), &err);
    uint8_t input[64 * MAX_OUTPUTS];
    for (unsigned i = 0; i < sizeof input; i++)
        input[i] = (uint8_t)(i * 13 + 3);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &in, 0, input, sizeof input, &err), &err);

    /* Every kind of context this device has, through the counting wrapper. */
    struct {
        const char* name;
        vksplit_features disable;
    } kinds[] = {{"device addresses", 0},
                 {"push descriptors", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS},
                 {"push descriptors, no dynamic indexing",
                  VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING}};
    int argument_barriers_seen = 0, group_barriers_seen = 0, fallback_contexts = 0;
    for (unsigned k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        vksplit_context_desc cd = vkc_context_desc(runner);
        cd.enabled_features &= ~kinds[k].disable;
        vksplit_context* ctx = NULL;
        if (vksplit_context_create(&cd, &ctx, &err) != VKSPLIT_OK) {
            test_skip_part("%s: %s", kinds[k].name, err.message);
            continue;
        }
        char label[160];
        int bda = (cd.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
        /* Arguments written in the command buffer, at a range not at the buffer's start. */
        vksplit_arguments written = {args.buffer, 256, 0};
        vksplit_plan_info p = record_split(runner, ctx, 12, VKSPLIT_PATH_COMPUTE, &written, &in, &out, kinds[k].name);
        if (bda) {
            CHECK_MSG(p.argument_bytes == 12 * sizeof(uint64_t), "%s: 12 outputs need %llu bytes of arguments",
                      kinds[k].name, (unsigned long long)p.argument_bytes);
            expect_arguments_barrier(&written, p.argument_bytes);
            argument_barriers_seen++;
            vksplit_arguments prewritten = {args.buffer, 512, 1};
            /* prewritten: the caller wrote them (here: the same addresses, from the host). */
            snprintf(label, sizeof label, "%s, prewritten arguments", kinds[k].name);
            uint64_t addresses[12];
            vksplit_binding bindings[12];
            for (uint32_t i = 0; i < 12; i++)
                bindings[i] = (vksplit_binding){out.buffer, 128ull * i};
            vksplit_plan* plan = NULL;
            uint64_t sizes[1] = {192}, lengths[12];
            for (int i = 0; i < 12; i++)
                lengths[i] = 16;
            vksplit_split_desc d = {.element_size = 4,
                                    .rank = 1,
                                    .sizes = sizes,
                                    .output_count = 12,
                                    .lengths = lengths};
            vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE}; /* the plan record_split makes */
            CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &compute, &plan, &err), &err);
            vksplit_bindings b = {.parts = bindings};
            CHECK_RESULT(VKSPLIT_OK, vksplit_write_arguments(plan, &b, addresses, &err), &err);
            CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &args, 512, addresses, sizeof addresses, &err),
                         &err);
            vksplit_plan_destroy(plan);
            record_split(runner, ctx, 12, VKSPLIT_PATH_COMPUTE, &prewritten, &in, &out, label);
            expect_no_barrier(label);
        } else {
            fallback_contexts++;
            expect_group_barriers(kinds[k].name, p.dispatch_count);
            group_barriers_seen += p.dispatch_count > 1;
        }
        snprintf(label, sizeof label, "%s, 3 outputs", kinds[k].name);
        p = record_split(runner, ctx, 3, VKSPLIT_PATH_COMPUTE, NULL, &in, &out, label);
        if (bda)
            expect_no_barrier(label);
        else
            expect_group_barriers(label, p.dispatch_count);
        snprintf(label, sizeof label, "%s, transfer path", kinds[k].name);
        record_split(runner, ctx, 3, VKSPLIT_PATH_TRANSFER, NULL, &in, &out, label);
        expect_no_barrier(label);
        vksplit_context_destroy(ctx);
    }
    if (fallback_contexts)
        CHECK_MSG(group_barriers_seen >= 1, "no fallback plan had two groups: their barrier went unchecked");
    if (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)
        CHECK_MSG(argument_barriers_seen == 1, "the arguments' barrier was checked %d time(s)", argument_barriers_seen);
    else
        test_skip_part("no buffer device address: no per-recording arguments, so no barrier after their update");
    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_runner_buffer_destroy(runner, &out);
    vksplit_runner_buffer_destroy(runner, &args);
    return test_finish(runner);
}
