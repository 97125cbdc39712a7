/* The runner's own rules, each asserted by id (vksplit/rules.h): required pointers, the
 * device index and memory kind of its desc, ranges outside a buffer, the NULL data of
 * vksplit_runner_split and vksplit_runner_join, a plan run by the other operation's function
 * (a split's by vksplit_runner_run_join_plan, a join's by vksplit_runner_run_plan), a plan whose
 * rows the GPU places (vksplit_runner_run_rows_plan's own rules, the other run functions refusing
 * it, a gather and a scatter run in place, a GPU index outside the places refused), a machine
 * without the validation layer or without a Vulkan device (VK_LAYER_PATH and VK_DRIVER_FILES
 * pointed at nothing); plus the core's rules no other test
 * reaches by name (the plan's path, the zero-copy query's output, the transfer path's region
 * count). Each refusal leaves its outputs as they were. */
#define _POSIX_C_SOURCE 200112L /* setenv */
#include <stdlib.h>
#include <string.h>

#include "test_harness.h"

static vksplit_result produce_zeros(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    (void)user, (void)error;
    memset(dst, 0, bytes);
    return VKSPLIT_OK;
}

static vksplit_result consume_nothing(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    (void)user, (void)src, (void)bytes, (void)error;
    return VKSPLIT_OK;
}

static vksplit_result record_nothing(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    (void)user, (void)cmd, (void)error;
    return VKSPLIT_OK;
}

/* A rows run's streams over host memory: the whole and the part in, the side written out. */
typedef struct rows_memory {
    const unsigned char *whole, *part;
    unsigned char* out;
} rows_memory;

static vksplit_result rows_read_whole(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    rows_memory* m = user;
    (void)error;
    memcpy(dst, m->whole, bytes);
    m->whole += bytes;
    return VKSPLIT_OK;
}

static vksplit_result rows_read_part(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    rows_memory* m = user;
    (void)error;
    memcpy(dst, m->part, bytes);
    m->part += bytes;
    return VKSPLIT_OK;
}

static vksplit_result rows_write_output(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    rows_memory* m = user;
    (void)error;
    memcpy(m->out, src, bytes);
    m->out += bytes;
    return VKSPLIT_OK;
}

static void desc_rules(void)
{
    vksplit_error err;
    vksplit_runner* runner = (vksplit_runner*)&err; /* must stay as it is: nothing was made */
    vksplit_runner_desc desc = test_runner_desc(0);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_runner_create(&desc, NULL, &err), &err);
    desc.memory = (vksplit_runner_memory)7;
    CHECK_RULE(VKSPLIT_RULE_RUNNER_MEMORY_KIND, vksplit_runner_create(&desc, &runner, &err), &err);
    desc = test_runner_desc(0);
    desc.choose_device = 1;
    desc.device_index = 1000;
    CHECK_RULE(VKSPLIT_RULE_RUNNER_DEVICE_INDEX, vksplit_runner_create(&desc, &runner, &err), &err);
    CHECK_MSG(runner == NULL || runner == (vksplit_runner*)&err, "a refused runner_create returned a runner");
    /* What the machine lacks: the loader reads these at each vkCreateInstance. */
    const char* layer_path = getenv("VK_LAYER_PATH");
    setenv("VK_LAYER_PATH", "/nonexistent-vksplit-test", 1);
    desc = test_runner_desc(0);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_NO_VALIDATION_LAYER, vksplit_runner_create(&desc, &runner, &err), &err);
    if (layer_path)
        setenv("VK_LAYER_PATH", layer_path, 1);
    else
        unsetenv("VK_LAYER_PATH");
    const char* driver_files = getenv("VK_DRIVER_FILES");
    setenv("VK_DRIVER_FILES", "/nonexistent-vksplit-test.json", 1);
    desc.enable_validation = 0;
    CHECK_RULE(VKSPLIT_RULE_RUNNER_NO_DEVICE, vksplit_runner_create(&desc, &runner, &err), &err);
    if (driver_files)
        setenv("VK_DRIVER_FILES", driver_files, 1);
    else
        unsetenv("VK_DRIVER_FILES");
    uint32_t count = 0;
    vksplit_runner_device device;
    CHECK_RULE(VKSPLIT_RULE_RUNNER_ENUMERATE_NULL, vksplit_runner_list_devices(&device, 1, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_ENUMERATE_NULL, vksplit_runner_list_devices(NULL, 1, &count, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_list_devices(NULL, 0, &count, &err), &err);
    CHECK_MSG(count >= 1, "no device listed");
}

static void buffer_rules(vksplit_runner* runner)
{
    vksplit_error err;
    vksplit_runner_buffer b;
    CHECK_RULE(VKSPLIT_RULE_RUNNER_BUFFER_NULL, vksplit_runner_buffer_create(NULL, 64, &b, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_BUFFER_NULL, vksplit_runner_buffer_create(runner, 64, NULL, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 64, &b, &err), &err);
    uint8_t bytes[64];
    CHECK_RULE(VKSPLIT_RULE_RUNNER_STAGING_NULL, vksplit_runner_write(runner, NULL, 0, 64, produce_zeros, NULL, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_STAGING_NULL, vksplit_runner_write(runner, &b, 0, 64, NULL, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_STAGING_NULL, vksplit_runner_read(NULL, &b, 0, 64, consume_nothing, NULL, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RANGE_OUTSIDE, vksplit_runner_write(runner, &b, 32, 64, produce_zeros, NULL, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RANGE_OUTSIDE, vksplit_runner_read(runner, &b, 65, 0, consume_nothing, NULL, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RANGE_OUTSIDE, vksplit_runner_download(runner, &b, 0, bytes, UINT64_MAX, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_DATA_NULL, vksplit_runner_upload(runner, &b, 0, NULL, 64, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_DATA_NULL, vksplit_runner_download(runner, &b, 0, NULL, 64, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &b, 0, NULL, 0, &err), &err); /* nothing to move */
    CHECK_RULE(VKSPLIT_RULE_RUNNER_SUBMIT_NULL, vksplit_runner_submit(runner, NULL, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_SUBMIT_NULL, vksplit_runner_submit(NULL, record_nothing, NULL, &err), &err);
    vksplit_runner_buffer_destroy(runner, &b);
}

static void split_rules(vksplit_runner* runner)
{
    vksplit_error err;
    uint64_t sizes[1] = {8}, lengths[2] = {4, 4}, lengths_with_empty[2] = {8, 0};
    vksplit_split_desc d =
        {.element_size = 4, .rank = 1, .sizes = sizes, .axis = 0, .output_count = 2, .lengths = lengths};
    uint8_t input[32], a[32], b[32]; /* outputs of up to all 8 elements */
    memset(input, 7, sizeof input);
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    void* outputs[2] = {a, NULL};
    CHECK_RULE(VKSPLIT_RULE_RUNNER_SPLIT_NULL, vksplit_runner_split(runner, &d, NULL, input, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_SPLIT_NULL, vksplit_runner_split(NULL, &d, NULL, input, outputs, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_OUTPUT_DATA_NULL, vksplit_runner_split(runner, &d, NULL, input, outputs, &err),
               &err);
    CHECK_MSG(a[0] == 0, "a refused split wrote outputs[0]");
    outputs[1] = b;
    CHECK_RULE(VKSPLIT_RULE_RUNNER_INPUT_DATA_NULL, vksplit_runner_split(runner, &d, NULL, NULL, outputs, &err), &err);
    CHECK_MSG(a[0] == 0 && b[0] == 0, "a refused split wrote an output");
    /* An empty output needs no memory: {8, 0} puts all 32 bytes in outputs[0]. */
    d.lengths = lengths_with_empty;
    void* one[2] = {a, NULL};
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_split(runner, &d, NULL, input, one, &err), &err);
    CHECK_MSG(memcmp(a, input, 32) == 0, "outputs[0] of the {8, 0} split differs from the input");
    d.lengths = lengths;

    vksplit_runner_io io = {NULL, NULL, NULL};
    vksplit_plan* plan = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(vksplit_runner_context(runner), &d, NULL, &plan, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RUN_PLAN_NULL, vksplit_runner_run_plan(runner, plan, &io, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RUN_PLAN_NULL, vksplit_runner_run_plan(runner, plan, NULL, &err), &err);
    vksplit_plan_destroy(plan);

    /* The core's rules that need no device state. */
    vksplit_plan_options bad_path = {.path = (vksplit_path)9};
    vksplit_plan* refused = NULL;
    CHECK_RULE(VKSPLIT_RULE_PLAN_PATH,
               vksplit_plan_create(vksplit_runner_context(runner), &d, &bad_path, &refused, &err), &err);
    CHECK_MSG(refused == NULL, "a refused plan was returned");
    CHECK_RULE(VKSPLIT_RULE_ZERO_COPY_ALIASABLE_NULL, vksplit_query_zero_copy(&d, NULL, NULL, &err), &err);
    /* The transfer path's region count: 2 outputs of 2^21 + 1 rows each (nothing allocated). */
    uint64_t tall[2] = {(1u << 21) + 1, 4}, halves[2] = {2, 2};
    vksplit_split_desc t =
        {.element_size = 4, .rank = 2, .sizes = tall, .axis = 1, .output_count = 2, .lengths = halves};
    vksplit_plan_options transfer = {.path = VKSPLIT_PATH_TRANSFER};
    CHECK_RULE(VKSPLIT_RULE_PLAN_TRANSFER_REGIONS,
               vksplit_plan_create(vksplit_runner_context(runner), &t, &transfer, &refused, &err), &err);
    CHECK_MSG(refused == NULL, "a refused plan was returned");
}

static vksplit_result read_input_zeros(void* user, uint32_t input, void* dst, size_t bytes, vksplit_error* error)
{
    (void)input;
    return produce_zeros(user, dst, bytes, error);
}

static vksplit_result write_output_nowhere(void* user, uint32_t output, const void* src, size_t bytes,
                                           vksplit_error* error)
{
    (void)output;
    return consume_nothing(user, src, bytes, error);
}

/* The one-shot join's and vksplit_runner_run_join_plan's rules, and a plan run by the other
 * operation's function. */
static void join_rules(vksplit_runner* runner)
{
    vksplit_error err;
    uint64_t sizes[1] = {8}, lengths[2] = {4, 4}, lengths_with_empty[2] = {0, 8};
    vksplit_join_desc d =
        {.element_size = 4, .rank = 1, .sizes = sizes, .axis = 0, .input_count = 2, .lengths = lengths};
    uint8_t a[32], b[32], output[32];
    for (int i = 0; i < 32; i++) {
        a[i] = (uint8_t)i;
        b[i] = (uint8_t)(100 + i);
    }
    memset(output, 0, sizeof output);
    const void* inputs[2] = {a, NULL};
    CHECK_RULE(VKSPLIT_RULE_RUNNER_JOIN_NULL, vksplit_runner_join(runner, &d, NULL, NULL, output, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_JOIN_NULL, vksplit_runner_join(NULL, &d, NULL, inputs, output, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_JOIN_NULL, vksplit_runner_join(runner, NULL, NULL, inputs, output, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_JOIN_INPUT_DATA_NULL, vksplit_runner_join(runner, &d, NULL, inputs, output, &err),
               &err);
    inputs[1] = b;
    CHECK_RULE(VKSPLIT_RULE_RUNNER_JOIN_OUTPUT_DATA_NULL, vksplit_runner_join(runner, &d, NULL, inputs, NULL, &err),
               &err);
    CHECK_MSG(output[0] == 0, "a refused join wrote the output");
    CHECK_RULE(
        VKSPLIT_RULE_JOIN_SUM,
        vksplit_runner_join(
            runner,
            &(vksplit_join_desc){.element_size = 4, .rank = 1, .sizes = sizes, .input_count = 1, .lengths = lengths},
            NULL, inputs, output, &err),
        &err); /* the plan's own validation, passed on */
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_join(runner, &d, NULL, inputs, output, &err), &err);
    CHECK_MSG(memcmp(output, a, 16) == 0 && memcmp(output + 16, b, 16) == 0, "the {4, 4} join differs");
    /* An empty input needs no memory: {0, 8} takes all 32 bytes from inputs[1]. */
    d.lengths = lengths_with_empty;
    const void* one[2] = {NULL, a};
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_join(runner, &d, NULL, one, output, &err), &err);
    CHECK_MSG(memcmp(output, a, 32) == 0, "the output of the {0, 8} join differs from inputs[1]");
    d.lengths = lengths;

    vksplit_context* ctx = vksplit_runner_context(runner);
    vksplit_plan *join = NULL, *split = NULL;
    uint64_t split_lengths[2] = {4, 4};
    vksplit_split_desc s =
        {.element_size = 4, .rank = 1, .sizes = sizes, .axis = 0, .output_count = 2, .lengths = split_lengths};
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &d, NULL, &join, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &s, NULL, &split, &err), &err);
    vksplit_runner_join_io none = {NULL, NULL, NULL}, half = {read_input_zeros, NULL, NULL};
    vksplit_runner_join_io join_io = {read_input_zeros, consume_nothing, NULL};
    vksplit_runner_io split_io = {produce_zeros, write_output_nowhere, NULL};
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RUN_JOIN_PLAN_NULL, vksplit_runner_run_join_plan(runner, join, &none, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RUN_JOIN_PLAN_NULL, vksplit_runner_run_join_plan(runner, join, &half, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RUN_JOIN_PLAN_NULL, vksplit_runner_run_join_plan(runner, join, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RUN_JOIN_PLAN_NULL, vksplit_runner_run_join_plan(NULL, join, &join_io, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_RUN_JOIN_PLAN_NULL, vksplit_runner_run_join_plan(runner, NULL, &join_io, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_PLAN_OPERATION, vksplit_runner_run_join_plan(runner, split, &join_io, &err), &err);
    CHECK_MSG(strstr(err.message, "plan is a split plan: run it with vksplit_runner_run_plan") != NULL, "message: %s",
              err.message);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_PLAN_OPERATION, vksplit_runner_run_plan(runner, join, &split_io, &err), &err);
    CHECK_MSG(strstr(err.message, "plan is a join plan: run it with vksplit_runner_run_join_plan") != NULL,
              "message: %s", err.message);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_run_join_plan(runner, join, &join_io, &err), &err);
    vksplit_plan_destroy(join);
    vksplit_plan_destroy(split);
}

/* vksplit_runner_run_rows_plan's rules, and a rows plan refused by the other run functions; a
 * gather (a split's rows from places of the whole) run in place with GPU indices: the part's
 * unplaced rows keep the bytes they came with, every placed one the whole's row, against this
 * test's own reading of vksplit.h's definition. */
static void rows_rules(vksplit_runner* runner)
{
    vksplit_error err;
    vksplit_context* ctx = vksplit_runner_context(runner);
    uint64_t sizes[2] = {6, 4}, rows = 3, plain_lengths[1] = {6};
    int64_t host[1] = {2};
    vksplit_plan_options options = {0};
    options.rows = (vksplit_rows){.mode = VKSPLIT_ROWS_INDEXED, .index_bytes = 8, .skip_negative = 1}; /* GPU indices */
    vksplit_split_desc gather =
        {.element_size = 4, .rank = 2, .sizes = sizes, .axis = 0, .output_count = 1, .lengths = &rows};
    vksplit_join_desc scatter =
        {.element_size = 4, .rank = 2, .sizes = sizes, .axis = 0, .input_count = 1, .lengths = &rows};
    vksplit_join_desc plain =
        {.element_size = 4, .rank = 2, .sizes = sizes, .axis = 0, .input_count = 1, .lengths = plain_lengths};
    vksplit_plan *split = NULL, *join = NULL, *none = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &gather, &options, &split, &err), &err);
    vksplit_plan_options host_options = {0};
    host_options.rows = (vksplit_rows){.mode = VKSPLIT_ROWS_LINEAR, .index_bytes = 8, .host_indices = host};
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &scatter, &host_options, &join, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &plain, NULL, &none, &err), &err);

    uint32_t whole[24], part[12], out[12];
    for (uint32_t i = 0; i < 24; i++)
        whole[i] = 1000 + i;
    for (uint32_t i = 0; i < 12; i++)
        part[i] = 2000 + i;
    rows_memory m = {(const unsigned char*)whole, (const unsigned char*)part, (unsigned char*)out};
    vksplit_runner_rows_io io = {rows_read_whole, rows_read_part, rows_write_output, &m};
    vksplit_runner_rows_io half = {rows_read_whole, rows_read_part, NULL, &m};
    int64_t places[3] = {5, -1, 0};
    CHECK_RULE(VKSPLIT_RULE_RUNNER_ROWS_RUN_NULL, vksplit_runner_run_rows_plan(NULL, split, &io, places, NULL, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_ROWS_RUN_NULL, vksplit_runner_run_rows_plan(runner, NULL, &io, places, NULL, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_ROWS_RUN_NULL, vksplit_runner_run_rows_plan(runner, split, NULL, places, NULL, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_ROWS_RUN_NULL,
               vksplit_runner_run_rows_plan(runner, split, &half, places, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_ROWS_PLAN, vksplit_runner_run_rows_plan(runner, none, &io, places, NULL, &err),
               &err);
    CHECK_MSG(strstr(err.message, "run it with vksplit_runner_run_join_plan") != NULL, "message: %s", err.message);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_ROWS_INDICES_NULL,
               vksplit_runner_run_rows_plan(runner, split, &io, NULL, NULL, &err), &err);
    CHECK_MSG(strstr(err.message, "24 bytes of GPU indices") != NULL, "message: %s", err.message);
    vksplit_runner_io split_io = {produce_zeros, write_output_nowhere, NULL};
    vksplit_runner_join_io join_io = {read_input_zeros, consume_nothing, NULL};
    uint32_t parameters[VKSPLIT_PARAMETERS_WORDS(1)] = {0};
    CHECK_RULE(VKSPLIT_RULE_RUNNER_PLAN_ROWS, vksplit_runner_run_plan(runner, split, &split_io, &err), &err);
    CHECK_MSG(strstr(err.message, "vksplit_runner_run_plan: the plan places rows") != NULL, "message: %s", err.message);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_PLAN_ROWS, vksplit_runner_run_join_plan(runner, join, &join_io, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_PLAN_ROWS,
               vksplit_runner_run_device_plan(runner, join, NULL, &join_io, parameters, NULL, &err), &err);
    CHECK_MSG(strstr(err.message, "vksplit_runner_run_device_plan") != NULL, "message: %s", err.message);

    /* The gather: part row j takes whole row places[j]; row 1's place is negative, so it keeps its
     * bytes. The GPU's status comes back whole. */
    uint32_t status[VKSPLIT_ROWS_STATUS_WORDS * 8];
    memset(status, 0xEE, sizeof status);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_run_rows_plan(runner, split, &io, places, status, &err), &err);
    uint32_t want[12];
    for (uint32_t j = 0; j < 3; j++)
        for (uint32_t k = 0; k < 4; k++)
            want[j * 4 + k] = places[j] < 0 ? part[j * 4 + k] : whole[places[j] * 4 + k];
    CHECK_MSG(memcmp(out, want, sizeof want) == 0 && status[0] == 0, "the gather differs (status %u)", status[0]);
    /* An index outside the places: the GPU's verdict is the run's error, and nothing comes back. */
    int64_t outside[3] = {0, 6, 1};
    memset(out, 0, sizeof out);
    m = (rows_memory){(const unsigned char*)whole, (const unsigned char*)part, (unsigned char*)out};
    CHECK_RULE(VKSPLIT_RULE_ROWS_INDEX, vksplit_runner_run_rows_plan(runner, split, &io, outside, status, &err), &err);
    CHECK_MSG(out[0] == 0 && status[0] == VKSPLIT_RULE_ROWS_INDEX && status[2] == 1, "refused, yet %u came back",
              out[0]);
    /* The scatter with host indices: no indices to bind, no block; the whole but rows 2..4. */
    uint32_t scattered[24];
    rows_memory m2 = {(const unsigned char*)whole, (const unsigned char*)part, (unsigned char*)scattered};
    vksplit_runner_rows_io io2 = {rows_read_whole, rows_read_part, rows_write_output, &m2};
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_run_rows_plan(runner, join, &io2, NULL, NULL, &err), &err);
    for (uint32_t i = 0; i < 24; i++)
        CHECK_MSG(scattered[i] == (i >= 8 && i < 20 ? part[i - 8] : whole[i]), "scatter: element %u is %u", i,
                  scattered[i]);
    vksplit_plan_destroy(split);
    vksplit_plan_destroy(join);
    vksplit_plan_destroy(none);
}

int main(void)
{
    desc_rules();
    vksplit_runner* runner = test_runner_create();
    if (!runner)
        return 1;
    buffer_rules(runner);
    split_rules(runner);
    join_rules(runner);
    rows_rules(runner);
    return test_finish(runner);
}
