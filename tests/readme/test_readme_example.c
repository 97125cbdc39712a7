/* Runs the README's example on the runner's device (validation on) and checks every byte
 * of q, k and v against the input they were split from, then of their join against that
 * input. docs/api.md's decode loop is test_api_example.c's. */
#include "readme_example.h"
#include "test_harness.h"

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
    vksplit_context_destroy(ctx);
    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_runner_buffer_destroy(runner, &out);
    return test_finish(runner);
}
