/* A tiny test harness shared by every test executable: checks that count failures,
 * a validated runner, and a final verdict that also fails on any validation message. */
#ifndef VKSPLIT_TEST_HARNESS_H
#define VKSPLIT_TEST_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vksplit/vksplit_runner.h"

static int test_failures = 0;
static int test_checks = 0;

#define CHECK(cond)                                                                         \
    do {                                                                                    \
        test_checks++;                                                                      \
        if (!(cond)) {                                                                      \
            test_failures++;                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);        \
        }                                                                                   \
    } while (0)

#define CHECK_MSG(cond, ...)                                                                \
    do {                                                                                    \
        test_checks++;                                                                      \
        if (!(cond)) {                                                                      \
            test_failures++;                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond);        \
            fprintf(stderr, __VA_ARGS__);                                                   \
            fputc('\n', stderr);                                                            \
        }                                                                                   \
    } while (0)

/* Asserts a call returned `expected`, printing the error message when it did not. */
#define CHECK_RESULT(expected, call, err)                                                    \
    do {                                                                                    \
        vksplit_result check_r_ = (call);                                                   \
        test_checks++;                                                                      \
        if (check_r_ != (expected)) {                                                       \
            test_failures++;                                                                \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s (%s)\n", __FILE__, __LINE__, \
                    #call, vksplit_result_name(check_r_), vksplit_result_name(expected),    \
                    (err)->message);                                                        \
        }                                                                                   \
    } while (0)

static inline void test_log(void* user, vksplit_log_level level, const char* message)
{
    (void)user;
    fprintf(stderr, "[vksplit %s] %s\n", level == VKSPLIT_LOG_ERROR ? "error" : level == VKSPLIT_LOG_WARNING ? "warning" : "info", message);
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
    desc.enable_validation = 1;
    desc.enable_synchronization_validation = 1;
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
