/* What vksplit.h deprecates in 0.4 and removes in 0.5, while it is there: the one file that uses
 * it (it allows VKSPLIT_DEPRECATED).
 *   - The record calls of 0.3, thin wrappers of vksplit_cmd_record: each records its own
 *     operation byte for byte (a split through vksplit_cmd_split, its join back through
 *     vksplit_cmd_join, into a second tensor: the input again), refuses a plan of the other
 *     operation by RECORD_OPERATION naming both, and a missing side by RECORD_BINDINGS_NULL;
 *     the _device calls pass their block (a plan with device parameters recorded through
 *     vksplit_cmd_split_device; through vksplit_cmd_split, without one: RECORD_PARAMETERS_NULL).
 *   - vksplit_context_desc.defer_pipelines and create_join_pipelines, honoured where `pipelines`
 *     is the default: each of their four settings makes, at context creation and by each plan,
 *     the pipelines VKSPLIT_PIPELINES_ON_DEMAND and _WITH_CONTEXT make (counted). */
#define VKSPLIT_ALLOW_DEPRECATED
#include <string.h>

#include "core_support.h"
#include "test_harness.h"
#include "vk_count.h"

typedef struct wrapped {
    const vksplit_plan* plan;
    int call; /* 0 cmd_split, 1 cmd_join, 2 cmd_split_device, 3 cmd_join_device */
    const vksplit_binding* whole;
    const vksplit_binding* parts;
    const vksplit_binding* parameters;
    vksplit_result result;
    vksplit_error error;
} wrapped;

static vksplit_result record_wrapped(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    wrapped* w = user;
    (void)error;
    switch (w->call) {
    case 0: w->result = vksplit_cmd_split(w->plan, cmd, w->whole, w->parts, NULL, &w->error); break;
    case 1: w->result = vksplit_cmd_join(w->plan, cmd, w->parts, w->whole, NULL, &w->error); break;
    case 2:
        w->result = vksplit_cmd_split_device(w->plan, cmd, w->whole, w->parts, NULL, w->parameters, &w->error);
        break;
    default:
        w->result = vksplit_cmd_join_device(w->plan, cmd, w->parts, w->whole, NULL, w->parameters, &w->error);
        break;
    }
    return VKSPLIT_OK;
}

static void expect(vksplit_runner* runner, wrapped* w, const char* name, vksplit_rule rule, const char* shows)
{
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record_wrapped, w, &err), &err);
    test_expect_rule(name, w->result, &w->error, rule, shows);
}

/* The four settings of the earlier fields against the pipelines their `pipelines` value makes:
 * with the context (one vkCreateComputePipelines, or none), then by a split and a join plan. */
static void pipeline_fields(vksplit_runner* runner)
{
    vksplit_error err;
    for (int m = 0; m < 4; m++) {
        int defer = m & 1, joins = m >> 1;
        vksplit_context_desc cd = vkc_context_desc(runner);
        cd.defer_pipelines = (vksplit_bool32)defer;
        cd.create_join_pipelines = (vksplit_bool32)joins;
        uint64_t made[5];
        CHECK_RESULT(VKSPLIT_OK, vkc_pipelines_made(&cd, made, &err) ? VKSPLIT_OK : err.code, &err);
        CHECK_MSG(made[0] == (defer ? 0u : 1u),
                  "defer_pipelines %d, create_join_pipelines %d: %llu vkCreateComputePipelines at context creation",
                  defer, joins, (unsigned long long)made[0]);
        for (int p = 0; p < 4; p += 2) { /* the first split plan, the first join plan */
            uint64_t expected = defer || (p && !joins);
            CHECK_MSG(made[1 + p] == expected, "defer_pipelines %d, create_join_pipelines %d, a %s plan: %llu made",
                      defer, joins, p ? "join" : "split", (unsigned long long)made[1 + p]);
        }
    }
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    vksplit_context* ctx = vksplit_runner_context(runner);
    static const uint64_t sizes[2] = {4, 12}, lengths[3] = {2, 4, 6};
    vksplit_split_desc d = core_packed_desc(4, 2, sizes, 1, 3, lengths);
    vksplit_join_desc j = core_join_of_split(&d);
    vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_plan_options packed = {.device_parameters = VKSPLIT_DEVICE_PARAMETERS_PACKED};
    vksplit_plan *split = NULL, *join = NULL, *device = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &compute, &split, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &j, &compute, &join, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &packed, &device, &err), &err);
    vksplit_runner_buffer in, back, parts, block;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &in, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &back, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &parts, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &block, &err), &err);
    uint8_t data[192], got[192];
    for (unsigned i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 29 + 3);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &in, 0, data, sizeof data, &err), &err);
    memset(got, 0, sizeof got);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &back, 0, got, sizeof got, &err), &err);
    vksplit_binding input = {in.buffer, 0}, output = {back.buffer, 0}, p = {block.buffer, 0};
    vksplit_binding outs[3] = {{parts.buffer, 0}, {parts.buffer, 1024}, {parts.buffer, 2048}};

    /* The round trip: every byte back in the second tensor. */
    wrapped w = {split, 0, &input, outs, NULL, VKSPLIT_OK, {0}};
    expect(runner, &w, "vksplit_cmd_split", VKSPLIT_RULE_NONE, NULL);
    w = (wrapped){join, 1, &output, outs, NULL, VKSPLIT_OK, {0}};
    expect(runner, &w, "vksplit_cmd_join", VKSPLIT_RULE_NONE, NULL);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, &back, 0, got, sizeof got, &err), &err);
    CHECK_MSG(memcmp(got, data, sizeof data) == 0, "the split and its join through the wrappers give back the input");

    /* Each refuses the other operation, naming both. */
    w = (wrapped){join, 0, &input, outs, NULL, VKSPLIT_OK, {0}};
    expect(runner, &w, "a join plan to vksplit_cmd_split", VKSPLIT_RULE_RECORD_OPERATION, "vksplit_cmd_split");
    w = (wrapped){split, 1, &output, outs, NULL, VKSPLIT_OK, {0}};
    expect(runner, &w, "a split plan to vksplit_cmd_join", VKSPLIT_RULE_RECORD_OPERATION, "vksplit_cmd_join");
    w = (wrapped){device, 3, &output, outs, &p, VKSPLIT_OK, {0}};
    expect(runner, &w, "a split plan to vksplit_cmd_join_device", VKSPLIT_RULE_RECORD_OPERATION,
           "vksplit_cmd_join_device");
    /* A missing side, as before. */
    w = (wrapped){split, 0, NULL, outs, NULL, VKSPLIT_OK, {0}};
    expect(runner, &w, "vksplit_cmd_split without its input", VKSPLIT_RULE_RECORD_BINDINGS_NULL, NULL);
    w = (wrapped){join, 1, &output, NULL, NULL, VKSPLIT_OK, {0}};
    expect(runner, &w, "vksplit_cmd_join without its inputs", VKSPLIT_RULE_RECORD_BINDINGS_NULL, NULL);
    /* The _device calls pass their block; a plan that reads one, recorded without, is refused. */
    uint32_t words[VKSPLIT_PARAMETERS_WORDS(3)] = {0};
    words[VKSPLIT_PARAMETERS_WHOLE_LENGTH] = 12;
    for (uint32_t i = 0; i < 3; i++)
        words[VKSPLIT_PARAMETERS_LENGTH(3, i)] = (uint32_t)lengths[i];
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &block, 0, words, sizeof words, &err), &err);
    w = (wrapped){device, 2, &input, outs, &p, VKSPLIT_OK, {0}};
    expect(runner, &w, "vksplit_cmd_split_device", VKSPLIT_RULE_NONE, NULL);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, &block, 0, words, sizeof words, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_parameters_status(device, words, &err), &err);
    w = (wrapped){device, 0, &input, outs, NULL, VKSPLIT_OK, {0}};
    expect(runner, &w, "a plan with device parameters to vksplit_cmd_split", VKSPLIT_RULE_RECORD_PARAMETERS_NULL,
           "bindings.parameters");

    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_runner_buffer_destroy(runner, &back);
    vksplit_runner_buffer_destroy(runner, &parts);
    vksplit_runner_buffer_destroy(runner, &block);
    vksplit_plan_destroy(split);
    vksplit_plan_destroy(join);
    vksplit_plan_destroy(device);
    pipeline_fields(runner);
    return test_finish(runner);
}
