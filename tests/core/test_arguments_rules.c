/* The per-recording arguments' rules (vksplit_cmd_record's arguments, vksplit_write_arguments),
 * each asserted by rule id: a plan of 12 outputs on the device-address path needs 96 bytes of
 * arguments. A refused vksplit_write_arguments writes nothing (the host range keeps its guard
 * bytes); core_dispatch_count counts that a refused recording records nothing. One valid
 * recording and one valid host write close each part, so a check that refuses everything
 * fails too. Devices without device addresses
 * have no per-recording arguments: the test skips there, saying so. */
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "test_harness.h"

#define OUTPUTS 12u
#define GUARD 0xA5u

static int untouched(const uint8_t* bytes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (bytes[i] != GUARD)
            return 0;
    return 1;
}

int main(void)
{
    vksplit_runner* runner = test_runner_create(); /* exits where it cannot */
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    if (!(info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS))
        return test_skip(runner, "no buffer device address: plans have no per-recording arguments");

    uint64_t sizes[2] = {2, 8 * OUTPUTS};
    uint64_t lengths[OUTPUTS];
    for (uint32_t i = 0; i < OUTPUTS; i++)
        lengths[i] = 8;
    vksplit_split_desc d = core_packed_desc(4, 2, sizes, 1, OUTPUTS, lengths);
    vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_plan_info pinfo;
    vksplit_plan* plan = test_plan_create(vksplit_runner_context(runner), &d, NULL, &compute, &pinfo);
    CHECK_MSG(pinfo.argument_bytes == OUTPUTS * sizeof(uint64_t), "%u outputs need %llu bytes of arguments", OUTPUTS,
              (unsigned long long)pinfo.argument_bytes);

    vksplit_error err;
    vksplit_runner_buffer in, out, args;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &in, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &out, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &args, &err), &err);

    vksplit_binding outputs[OUTPUTS];
    for (uint32_t i = 0; i < OUTPUTS; i++)
        outputs[i] = (vksplit_binding){out.buffer, (uint64_t)i * 64};
    test_recording r = {plan, {.whole = {in.buffer, 0}, .parts = outputs}, VKSPLIT_OK, {0}};

    /* vksplit_cmd_record */
    test_expect_recording(runner, &r, "bindings.arguments empty", VKSPLIT_RULE_ARGUMENTS_NULL);
    r.bindings.arguments = (vksplit_arguments){args.buffer, 256 + VKSPLIT_ARGUMENT_ALIGNMENT / 2, 0};
    test_expect_recording(runner, &r, "arguments.offset misaligned", VKSPLIT_RULE_ARGUMENTS_OFFSET_ALIGNMENT);
    r.bindings.arguments.offset = 256;
    outputs[10].buffer = VK_NULL_HANDLE;
    test_expect_recording(runner, &r, "outputs[10] VK_NULL_HANDLE (past the inline ones)",
                          VKSPLIT_RULE_BINDING_BUFFER_NULL);
    outputs[10].buffer = out.buffer;
    outputs[11].offset += 2;
    test_expect_recording(runner, &r, "outputs[11] misaligned (past the inline ones)",
                          VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT);
    outputs[11].offset -= 2;
    test_expect_recording(runner, &r, "valid", VKSPLIT_RULE_NONE);

    /* vksplit_write_arguments: into host memory of our own, guarded on both sides. */
    uint64_t storage[2 + OUTPUTS + 2];
    uint8_t* host = (uint8_t*)storage;
    uint8_t* mapped = host + 2 * sizeof(uint64_t);
    memset(host, GUARD, sizeof storage);
    const vksplit_bindings *b = &r.bindings, no_parts = {.whole = {in.buffer, 0}};
    CHECK_RULE(VKSPLIT_RULE_PLAN_NULL, vksplit_write_arguments(NULL, b, mapped, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_ARGUMENTS_WRITE_NULL, vksplit_write_arguments(plan, NULL, mapped, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_ARGUMENTS_WRITE_NULL, vksplit_write_arguments(plan, &no_parts, mapped, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_ARGUMENTS_WRITE_NULL, vksplit_write_arguments(plan, b, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_ARGUMENTS_MAPPED_ALIGNMENT, vksplit_write_arguments(plan, b, mapped + 4, &err), &err);
    outputs[9].buffer = VK_NULL_HANDLE;
    CHECK_RULE(VKSPLIT_RULE_BINDING_BUFFER_NULL, vksplit_write_arguments(plan, b, mapped, &err), &err);
    CHECK_MSG(strstr(err.message, "bindings.parts[9].buffer"), "the rule names the field: %s", err.message);
    outputs[9].buffer = out.buffer;
    outputs[9].offset += 1;
    CHECK_RULE(VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT, vksplit_write_arguments(plan, b, mapped, &err), &err);
    outputs[9].offset -= 1;
    CHECK_MSG(untouched(host, sizeof storage), "a refused vksplit_write_arguments wrote to the range");
    CHECK_RESULT(VKSPLIT_OK, vksplit_write_arguments(plan, b, mapped, &err), &err);
    CHECK_MSG(err.rule == VKSPLIT_RULE_NONE, "success left rule %s", vksplit_rule_name(err.rule));
    uint64_t first = 0;
    memcpy(&first, mapped, sizeof first);
    CHECK_MSG(first == out.address, "the first address written is 0x%llx, not 0x%llx", (unsigned long long)first,
              (unsigned long long)out.address);
    CHECK_MSG(untouched(host, 2 * sizeof(uint64_t)) &&
                  untouched(mapped + OUTPUTS * sizeof(uint64_t), 2 * sizeof(uint64_t)),
              "vksplit_write_arguments wrote outside its %u addresses", OUTPUTS);

    vksplit_plan_destroy(plan);
    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_runner_buffer_destroy(runner, &out);
    vksplit_runner_buffer_destroy(runner, &args);
    return test_finish(runner);
}
