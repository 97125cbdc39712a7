/* A tiny test harness shared by every test executable: checks that count failures,
 * a validated runner, and a final verdict that also fails on any validation message. */
#ifndef VKSPLIT_TEST_HARNESS_H
#define VKSPLIT_TEST_HARNESS_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_log.h"
#include "vksplit/vksplit_runner.h"

static int test_failures = 0;
static int test_checks = 0;

/* Counts a check; a failed one is counted and reported at file:line by its condition's text,
 * followed by ": " where the caller prints a message after it. Returns whether it held. */
static inline int test_check(int ok, const char* file, int line, const char* cond, int message_follows)
{
    test_checks++;
    if (ok)
        return 1;
    test_failures++;
    fprintf(stderr, "%s:%d: CHECK failed: %s%s", file, line, cond, message_follows ? ": " : "\n");
    return 0;
}

/* CHECK_RESULT's and CHECK_RULE's verdict on what `call` returned. */
static inline void test_check_call(const char* file, int line, const char* call, vksplit_result got,
                                   vksplit_result want, const vksplit_error* err, int by_rule, vksplit_rule rule)
{
    test_checks++;
    if (got == want && (!by_rule || err->rule == rule))
        return;
    test_failures++;
    if (by_rule)
        fprintf(stderr, "%s:%d: %s returned %s by %s, expected %s (%s)\n", file, line, call, vksplit_result_name(got),
                vksplit_rule_name(err->rule), vksplit_rule_name(rule), err->message);
    else
        fprintf(stderr, "%s:%d: %s returned %s, expected %s (%s)\n", file, line, call, vksplit_result_name(got),
                vksplit_result_name(want), err->message);
}

#define CHECK(cond) ((void)test_check(!!(cond), __FILE__, __LINE__, #cond, 0))

#define CHECK_MSG(cond, ...)                                       \
    do {                                                           \
        if (!test_check(!!(cond), __FILE__, __LINE__, #cond, 1)) { \
            fprintf(stderr, __VA_ARGS__);                          \
            fputc('\n', stderr);                                   \
        }                                                          \
    } while (0)

/* Asserts a call returned `expected`, printing the error message when it did not. */
#define CHECK_RESULT(expected, call, err) \
    test_check_call(__FILE__, __LINE__, #call, (call), (expected), (err), 0, VKSPLIT_RULE_NONE)

/* Asserts a call failed by `rule` (vksplit/rules.h), with that rule's result code: tests tell
 * rules apart by id, never by message text. */
#define CHECK_RULE(want_rule, call, err) \
    test_check_call(__FILE__, __LINE__, #call, (call), vksplit_rule_result(want_rule), (err), 1, (want_rule))

/* A case table's verdict: `result` came by `rule` (VKSPLIT_RULE_NONE: accepted), and a
 * failure's message shows `shows` when given (its values: the rule is told by id). */
static inline void test_expect_rule(const char* name, vksplit_result result, const vksplit_error* err,
                                    vksplit_rule rule, const char* shows)
{
    vksplit_result want = vksplit_rule_result(rule);
    CHECK_MSG(result == want && err->rule == rule, "%s: got %s by %s, expected %s by %s (%s)", name,
              vksplit_result_name(result), vksplit_rule_name(err->rule), vksplit_result_name(want),
              vksplit_rule_name(rule), err->message);
    if (shows)
        CHECK_MSG(strstr(err->message, shows) != NULL, "%s: message '%s' lacks '%s'", name, err->message, shows);
}

/* One vksplit_cmd_record into the runner's command buffer: test_record is the
 * vksplit_runner_submit callback; what the call returned is kept, and whatever it recorded
 * (nothing, on error) is submitted, so the runner stays usable. */
typedef struct test_recording {
    const vksplit_plan* plan;
    vksplit_bindings bindings;
    vksplit_result result;
    vksplit_error error;
} test_recording;

static inline vksplit_result test_record(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    test_recording* r = (test_recording*)user;
    (void)error;
    r->result = vksplit_cmd_record(r->plan, cmd, &r->bindings, &r->error);
    return VKSPLIT_OK;
}

/* Records and submits r, then checks that it came by `rule` (VKSPLIT_RULE_NONE: recorded). */
static inline void test_expect_recording(vksplit_runner* runner, test_recording* r, const char* name, vksplit_rule rule)
{
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, test_record, r, &err), &err);
    test_expect_rule(name, r->result, &r->error, rule, NULL);
}

/* Plans the split, or where split is NULL the join, checking that it was accepted; *info
 * describes the plan (zeroes where it was refused and NULL is returned). */
static inline vksplit_plan* test_plan_create(vksplit_context* ctx, const vksplit_split_desc* split,
                                             const vksplit_join_desc* join, const vksplit_plan_options* options,
                                             vksplit_plan_info* info)
{
    vksplit_plan* plan = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK,
                 split ? vksplit_plan_create(ctx, split, options, &plan, &err)
                       : vksplit_plan_create_join(ctx, join, options, &plan, &err),
                 &err);
    memset(info, 0, sizeof *info);
    if (plan)
        vksplit_plan_get_info(plan, info);
    return plan;
}

/* The runner every test uses: the default device (the first discrete GPU, else the first
 * device; VKSPLIT_DEVICE=i picks device i), the Khronos validation layer with synchronization
 * validation, and tensors moved through the staging buffer as on a discrete GPU
 * (VKSPLIT_TEST_MEMORY=auto maps them directly where the device allows). Environment
 * variables are read here, in the tests, never in the library or the runner. */
static inline vksplit_runner_desc test_runner_desc(vksplit_features disable_features)
{
    vksplit_runner_desc desc;
    memset(&desc, 0, sizeof desc);
    /* VKSPLIT_TEST_VALIDATION=off: for Wine, whose own Vulkan loader takes no layers. */
    const char* validation = getenv("VKSPLIT_TEST_VALIDATION");
    int validate = !(validation && strcmp(validation, "off") == 0);
    desc.enable_validation = validate;
    desc.enable_synchronization_validation = validate;
    desc.disable_features = disable_features;
    desc.log = test_log;
    const char* device = getenv("VKSPLIT_DEVICE");
    if (device && *device) {
        desc.choose_device = 1;
        desc.device_index = (uint32_t)strtoul(device, NULL, 10);
    }
    const char* memory = getenv("VKSPLIT_TEST_MEMORY");
    desc.memory = memory && strcmp(memory, "auto") == 0 ? VKSPLIT_RUNNER_MEMORY_AUTO : VKSPLIT_RUNNER_MEMORY_STAGING;
    return desc;
}

/* Exits the test (code 1) if the runner cannot be created: every test needs it. */
static inline vksplit_runner* test_runner_create_from(const vksplit_runner_desc* desc)
{
    vksplit_runner* runner = NULL;
    vksplit_error err;
    if (vksplit_runner_create(desc, &runner, &err) != VKSPLIT_OK) {
        fprintf(stderr, "cannot create a validated runner: %s\n", err.message);
        exit(1);
    }
    return runner;
}

static inline vksplit_runner* test_runner_create_with(vksplit_features disable_features)
{
    vksplit_runner_desc desc = test_runner_desc(disable_features);
    return test_runner_create_from(&desc);
}

static inline vksplit_runner* test_runner_create(void) { return test_runner_create_with(0); }

/* ---- devices that lack what a test needs ------------------------------------------------------
 * tests/min_device runs the suite on devices with Vulkan's minimum limits and without some
 * optional features. A test (or a part of one) that needs more than the device has skips with
 * the reason, decided from what the device reports, never from a failure. */

/* ctest's SKIP_RETURN_CODE: the whole test needs what the device lacks. */
#define TEST_SKIPPED 77

/* What the default device offers: the features a runner with nothing disabled enables, and
 * the device's type and limits. Asked once, from a validated runner. */
typedef struct test_device {
    vksplit_features features;
    VkPhysicalDeviceType type;
    VkPhysicalDeviceLimits limits;
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
} test_device;

static inline void test_device_query(vksplit_runner* runner, test_device* out)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    memset(out, 0, sizeof *out);
    out->features = info.enabled_features;
    out->type = info.device_type;
    snprintf(out->name, sizeof out->name, "%s", info.device_name);
    PFN_vkGetPhysicalDeviceProperties get_properties =
        (PFN_vkGetPhysicalDeviceProperties)info.get_instance_proc_addr(info.instance, "vkGetPhysicalDeviceProperties");
    VkPhysicalDeviceProperties props;
    get_properties(info.physical_device, &props);
    out->limits = props.limits;
}

static inline const test_device* test_default_device(void)
{
    static test_device device;
    static int known = 0;
    if (!known) {
        vksplit_runner* runner = test_runner_create();
        test_device_query(runner, &device);
        uint32_t messages = vksplit_runner_validation_message_count(runner);
        vksplit_runner_destroy(runner);
        test_checks++;
        if (messages) {
            test_failures++;
            fprintf(stderr, "FAIL: the validation layer sent %u message(s) for the device query\n", messages);
        }
        known = 1;
    }
    return &device;
}

/* NULL when vksplit can run on the default device with `disable` switched off; else why not. */
static inline const char* test_unrunnable_with(vksplit_features disable)
{
    vksplit_features left = test_default_device()->features & ~disable;
    if (left & (VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_PUSH_DESCRIPTOR))
        return NULL;
    return (disable & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)
               ? "without device addresses vksplit needs VK_KHR_push_descriptor, which the device does not offer"
               : "the device offers neither device addresses nor VK_KHR_push_descriptor";
}

static inline void test_print_skip(const char* fmt, va_list args)
{
    printf("SKIP: ");
    vprintf(fmt, args);
    printf("\n");
    fflush(stdout);
}

/* Says that a part of the test is skipped, and why; the test goes on. */
static inline void test_skip_part(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void test_skip_part(const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    test_print_skip(fmt, args);
    va_end(args);
}

/* Ends a test the device cannot run: prints why and returns TEST_SKIPPED, unless something
 * failed before (a validation message of `runner` included), which still fails the test. */
static inline int test_skip(vksplit_runner* runner, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int test_skip(vksplit_runner* runner, const char* fmt, ...)
{
    uint32_t messages = runner ? vksplit_runner_validation_message_count(runner) : 0;
    vksplit_runner_destroy(runner);
    if (messages) {
        test_failures++;
        fprintf(stderr, "FAIL: the validation layer sent %u message(s)\n", messages);
    }
    if (test_failures) {
        printf("%d checks, %d failures\n", test_checks, test_failures);
        return 1;
    }
    va_list args;
    va_start(args, fmt);
    test_print_skip(fmt, args);
    va_end(args);
    return TEST_SKIPPED;
}

/* ---- tests run once per set of features switched off ------------------------------------
 * Such a test is one executable with a ctest entry per mode, argv[1] naming the mode. They
 * start alike (pick the mode, skip where the device cannot run vksplit without its features,
 * create the runner), and that start is here once, so that every one of them skips, and
 * refuses an unknown mode, the same way. */
typedef struct test_mode {
    const char* name;         /* argv[1] */
    vksplit_features disable; /* switched off in the mode's runner */
} test_mode;

/* *mode is the mode argv[1] names (modes[0] without an argument) and *runner a validated
 * runner with its features switched off. Returns -1 when the test goes on, else the exit code
 * for main to return at once: 2 after a usage line naming `program` and every mode (argv[1]
 * names none), or test_skip's when the device cannot run vksplit without those features. */
static inline int test_start_mode(int argc, char** argv, const char* program, const test_mode* modes, size_t mode_count,
                                  const test_mode** mode, vksplit_runner** runner)
{
    const char* name = argc > 1 ? argv[1] : modes[0].name;
    *mode = NULL;
    *runner = NULL;
    for (size_t i = 0; i < mode_count; i++)
        if (strcmp(modes[i].name, name) == 0)
            *mode = &modes[i];
    if (!*mode) {
        fprintf(stderr, "usage: %s ", program);
        for (size_t i = 0; i < mode_count; i++)
            fprintf(stderr, "%s%s", i ? "|" : "", modes[i].name);
        fputc('\n', stderr);
        return 2;
    }
    const char* unrunnable = test_unrunnable_with((*mode)->disable);
    if (unrunnable)
        return test_skip(NULL, "%s: %s", (*mode)->name, unrunnable);
    *runner = test_runner_create_with((*mode)->disable);
    return -1;
}

/* Destroys the runner and prints the verdict; returns the process exit code. Any validation
 * message fails the test. */
static inline int test_finish(vksplit_runner* runner)
{
    if (runner) {
        uint32_t messages = vksplit_runner_validation_message_count(runner);
        vksplit_runner_destroy(runner);
        test_checks++;
        if (messages != 0) {
            test_failures++;
            fprintf(stderr, "FAIL: the validation layer sent %u message(s)\n", messages);
        }
    }
    printf("%d checks, %d failures\n", test_checks, test_failures);
    return test_failures == 0 && test_checks > 0 ? 0 : 1;
}

#endif /* VKSPLIT_TEST_HARNESS_H */
