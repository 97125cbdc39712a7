/* Proof that the harness really hears the validation layer, synchronization validation
 * included, and that vksplit's documented barriers satisfy it.
 *
 *   1. Raw Vulkan misuse on the runner's device (a buffer with usage 0 and size 0, which the
 *      Khronos layer flags) raises vksplit_runner_validation_message_count above zero.
 *   2. A deliberate synchronization hazard, recorded through the runner the harness gives
 *      every test (test_runner_desc): two vkCmdCopyBuffer writing the same range with no
 *      barrier between them. The layer must report it ("SYNC-HAZARD-WRITE-AFTER-WRITE"), so
 *      "synchronization validation is on" is checked, not assumed.
 *   3. A clean runner records one plan twice into one command buffer, same input and same
 *      outputs, with exactly the barrier vksplit.h says the caller owes between them: for a
 *      <= 10-output compute plan, a transfer-path plan, and a 16-output plan (per-record
 *      arguments written by vksplit_cmd_record into one range both recordings use, so the
 *      barrier also orders the first dispatch's argument reads before the second update);
 *      then the 16-output plan back to back with different outputs and argument ranges and
 *      no barrier at all. Every output is compared with the CPU reference; the layer must
 *      stay silent.
 * The runners of 1 and 2 are destroyed here, not through test_finish, since their messages
 * are the expected outcome. */
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"

static int quiet_messages;
static int hazard_messages;

static void counting_log(void* user, vksplit_log_level level, const char* message)
{
    (void)user;
    if (level != VKSPLIT_LOG_ERROR)
        return; /* vksplit's own info lines */
    quiet_messages++;
    if (strstr(message, "SYNC-HAZARD"))
        hazard_messages++;
    fprintf(stderr, "[expected validation message] %.240s\n", message);
}

static void misuse_is_caught(void)
{
    vksplit_runner_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.enable_validation = 1;
    desc.log = counting_log;
    vksplit_runner* runner = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_create(&desc, &runner, &err), &err);
    if (!runner)
        return;
    uint32_t before = vksplit_runner_validation_message_count(runner);
    CHECK_MSG(before == 0, "a fresh runner already has %u validation messages", before);

    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    PFN_vkCreateBuffer create_buffer = (PFN_vkCreateBuffer)info.get_device_proc_addr(info.device, "vkCreateBuffer");
    PFN_vkDestroyBuffer destroy_buffer = (PFN_vkDestroyBuffer)info.get_device_proc_addr(info.device, "vkDestroyBuffer");
    CHECK(create_buffer && destroy_buffer);
    if (create_buffer && destroy_buffer) {
        VkBufferCreateInfo bad;
        memset(&bad, 0, sizeof bad);
        bad.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
        bad.size = 0;  /* VUID-VkBufferCreateInfo-size-00912 */
        bad.usage = 0; /* VUID-VkBufferCreateInfo-usage-requiredbitmask */
        bad.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
        VkBuffer buffer = VK_NULL_HANDLE;
        VkResult vr = create_buffer(info.device, &bad, NULL, &buffer);
        if (vr == VK_SUCCESS && buffer != VK_NULL_HANDLE)
            destroy_buffer(info.device, buffer, NULL);
    }
    uint32_t after = vksplit_runner_validation_message_count(runner);
    CHECK_MSG(after > before, "the validation layer reported nothing for a buffer with size 0 and usage 0");
    CHECK_MSG(quiet_messages > 0, "the runner's log callback received no validation message");
    printf("misuse: %u validation message(s), as expected\n", after);
    vksplit_runner_destroy(runner); /* not test_finish: these messages are the point */
}

/* ---- a synchronization hazard ------------------------------------------------------------- */

typedef struct hazard_job {
    PFN_vkCmdCopyBuffer copy;
    VkBuffer src, dst;
} hazard_job;

/* Two copies into the same 256 bytes and no barrier: a write-after-write hazard. */
static vksplit_result record_hazard(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    (void)error;
    const hazard_job* job = user;
    VkBufferCopy region = {0, 0, 256};
    job->copy(cmd, job->src, job->dst, 1, &region);
    job->copy(cmd, job->src, job->dst, 1, &region);
    return VKSPLIT_OK;
}

static void hazard_is_caught(void)
{
    vksplit_runner_desc desc = test_runner_desc(0); /* exactly what every test runs with */
    desc.log = counting_log;
    vksplit_runner* runner = test_runner_create_from(&desc);
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    hazard_job job;
    job.copy = (PFN_vkCmdCopyBuffer)info.get_device_proc_addr(info.device, "vkCmdCopyBuffer");
    CHECK(job.copy != NULL);
    vksplit_runner_buffer src, dst;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 256, &src, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 256, &dst, &err), &err);
    job.src = src.buffer;
    job.dst = dst.buffer;
    uint32_t before = vksplit_runner_validation_message_count(runner);
    int hazards_before = hazard_messages;
    CHECK_MSG(before == 0, "a fresh runner already has %u validation messages", before);
    if (job.copy && src.buffer && dst.buffer)
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record_hazard, &job, &err), &err);
    uint32_t after = vksplit_runner_validation_message_count(runner);
    CHECK_MSG(after > before, "two unordered copies into one range: no validation message (sync validation off?)");
    CHECK_MSG(hazard_messages > hazards_before, "no message names a SYNC-HAZARD: synchronization validation is off");
    printf("hazard: %u validation message(s), %d naming SYNC-HAZARD, as expected\n", after - before,
           hazard_messages - hazards_before);
    vksplit_runner_buffer_destroy(runner, &src);
    vksplit_runner_buffer_destroy(runner, &dst);
    vksplit_runner_destroy(runner); /* not test_finish: these messages are the point */
}

/* ---- one plan recorded twice, with the barriers the header asks for ----------------------- */

#define MAX_OUTPUTS 16u
#define OUTPUT_STRIDE 1024u /* bytes between outputs in the output buffer (each spans less) */

typedef struct twice_job {
    const vksplit_plan* plan;
    vksplit_plan_info info;
    PFN_vkCmdPipelineBarrier barrier;
    vksplit_binding input;
    vksplit_binding outputs[2][MAX_OUTPUTS];
    vksplit_arguments arguments[2];
    int same; /* same outputs and arguments range, barrier between */
    vksplit_result results[2];
    vksplit_error errors[2];
} twice_job;

/* Between two recordings that write the same outputs (and, with per-record arguments, update
 * the same range the first dispatch reads), vksplit.h: "earlier readers/writers of the
 * outputs -> that stage, SHADER_WRITE (TRANSFER_WRITE)", and "when vksplit_cmd_record writes
 * the arguments into a range an earlier command still reads, that command's stage ->
 * VK_PIPELINE_STAGE_TRANSFER_BIT (an execution dependency)". */
static void owed_barrier(const twice_job* job, VkCommandBuffer cmd)
{
    int transfer = job->info.path == VKSPLIT_PATH_TRANSFER;
    VkPipelineStageFlags stage = transfer ? VK_PIPELINE_STAGE_TRANSFER_BIT : VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
    VkPipelineStageFlags dst_stage = stage | (job->info.argument_bytes ? VK_PIPELINE_STAGE_TRANSFER_BIT : 0);
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = transfer ? VK_ACCESS_TRANSFER_WRITE_BIT : VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = transfer ? VK_ACCESS_TRANSFER_WRITE_BIT : VK_ACCESS_SHADER_WRITE_BIT;
    job->barrier(cmd, stage, dst_stage, 0, 1, &barrier, 0, NULL, 0, NULL);
}

static vksplit_result record_twice(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    (void)error;
    twice_job* job = user;
    for (int r = 0; r < 2; r++) {
        if (r == 1 && job->same)
            owed_barrier(job, cmd);
        vksplit_bindings b = {.whole = job->input, .parts = job->outputs[r], .arguments = job->arguments[r]};
        job->results[r] = vksplit_cmd_record(job->plan, cmd, &b, &job->errors[r]);
    }
    return VKSPLIT_OK;
}

/* Records c's plan twice (same outputs with the barrier, or different ones without) and
 * compares every output written with the reference. */
static void twice(vksplit_runner* runner, const char* label, uint32_t outputs, uint64_t inner, vksplit_path path,
                  int same)
{
    uint64_t lengths[MAX_OUTPUTS], total = 0;
    for (uint32_t i = 0; i < outputs; i++)
        total += lengths[i] = 1 + i % 3;
    const uint64_t sizes[3] = {2, total, inner};
    vksplit_split_desc d = core_packed_desc(4, 3, sizes, 1, outputs, lengths);
    vksplit_plan_options options = {.path = path};
    vksplit_context* ctx = vksplit_runner_context(runner);
    vksplit_runner_info rinfo;
    vksplit_runner_get_info(runner, &rinfo);
    twice_job job;
    memset(&job, 0, sizeof job);
    job.same = same;
    job.barrier = (PFN_vkCmdPipelineBarrier)rinfo.get_device_proc_addr(rinfo.device, "vkCmdPipelineBarrier");
    vksplit_plan* plan = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &options, &plan, &err), &err);
    if (!plan || !job.barrier)
        return;
    job.plan = plan;
    vksplit_plan_get_info(plan, &job.info);
    uint64_t out_stride = OUTPUT_STRIDE;
    while (out_stride < vksplit_plan_output_span_bytes(plan, 2))
        out_stride *= 2;

    uint64_t in_bytes = job.info.input_span_bytes;
    uint8_t* input = malloc(in_bytes);
    for (uint64_t i = 0; i < in_bytes; i++)
        input[i] = (uint8_t)(i * 29 + 11);
    uint64_t out_bytes = 2 * outputs * out_stride;
    vksplit_runner_buffer in, out, args;
    memset(&args, 0, sizeof args);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, in_bytes, &in, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, out_bytes, &out, &err), &err);
    if (job.info.argument_bytes)
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 2 * 256 + job.info.argument_bytes, &args, &err),
                     &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &in, 0, input, in_bytes, &err), &err);
    uint8_t* zeros = calloc(out_bytes, 1);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &out, 0, zeros, out_bytes, &err), &err);
    job.input = (vksplit_binding){in.buffer, 0};
    for (int r = 0; r < 2; r++) {
        int slot = same ? 0 : r;
        for (uint32_t i = 0; i < outputs; i++)
            job.outputs[r][i] = (vksplit_binding){out.buffer, ((uint64_t)slot * outputs + i) * out_stride};
        job.arguments[r] = (vksplit_arguments){args.buffer, (VkDeviceSize)slot * 256, 0};
    }
    uint32_t messages = vksplit_runner_validation_message_count(runner);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record_twice, &job, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, job.results[0], &job.errors[0]);
    CHECK_RESULT(VKSPLIT_OK, job.results[1], &job.errors[1]);
    uint32_t now = vksplit_runner_validation_message_count(runner);
    CHECK_MSG(now == messages, "%s: %u validation message(s)", label, now - messages);

    uint8_t* got = malloc(out_bytes);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, &out, 0, got, out_bytes, &err), &err);
    uint8_t* want = malloc(out_stride);
    for (int r = 0; r < (same ? 1 : 2); r++)
        for (uint32_t i = 0; i < outputs; i++) {
            uint64_t span = vksplit_plan_output_span_bytes(plan, i);
            ref_split_output(&d, i, input, want);
            CHECK_MSG(memcmp(got + ((uint64_t)r * outputs + i) * out_stride, want, span) == 0,
                      "%s: recording %d, output %u differs from the reference", label, r, i);
        }
    printf("%-62s %s: %u messages\n", label, job.info.summary, now - messages);
    free(want);
    free(got);
    free(zeros);
    free(input);
    vksplit_runner_buffer_destroy(runner, &args);
    vksplit_runner_buffer_destroy(runner, &out);
    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_plan_destroy(plan);
}

static void documented_barriers_are_enough(void)
{
    vksplit_runner* runner = test_runner_create(); /* validation and synchronization validation */
    twice(runner, "3 outputs, compute, twice with the owed barrier", 3, 8, VKSPLIT_PATH_COMPUTE, 1);
    twice(runner, "3 outputs, transfer, twice with the owed barrier", 3, 1024, VKSPLIT_PATH_TRANSFER, 1);
    twice(runner, "16 outputs, one arguments range, twice with the owed barrier", 16, 8, VKSPLIT_PATH_COMPUTE, 1);
    twice(runner, "16 outputs, other outputs and range, back to back", 16, 8, VKSPLIT_PATH_COMPUTE, 0);
    (void)test_finish(runner); /* zero messages, else the test fails */
}

static void clean_run_is_silent(void)
{
    vksplit_runner* runner = test_runner_create();
    const uint64_t sizes[] = {1, 1, 6, 2}, lengths[] = {2, 1, 3};
    core_case c;
    core_case_init(&c, 4, 4, sizes, 2, 3, lengths);
    core_rng rng;
    core_rng_seed(&rng, 1);
    core_run_options o = {.layout = CORE_LAYOUT_SHARED_WITH_INPUT, .rng = &rng, .label = "clean", .case_index = -1};
    core_verdict v = core_run_case(runner, &c, &o);
    CORE_ACCOUNT(v);
    core_case_free(&c);
    CHECK(vksplit_runner_validation_message_count(runner) == 0);
    /* test_finish's own check: zero messages, else the test fails. */
    (void)test_finish(runner);
}

int main(void)
{
    misuse_is_caught();
    hazard_is_caught();
    documented_barriers_are_enough();
    clean_run_is_silent();
    return test_finish(NULL);
}
