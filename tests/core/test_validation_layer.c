/* Proof that the harness really hears the validation layer: raw Vulkan misuse on the
 * runner's device (a buffer with usage 0 and size 0, which the Khronos layer flags) must
 * raise vksplit_runner_validation_message_count above zero. That runner is destroyed here,
 * not through test_finish, since its messages are the expected outcome. A second, clean
 * runner that runs a real split must end with zero messages. */
#include <string.h>

#include "core_util.h"
#include "test_harness.h"

static int quiet_messages;

static void counting_log(void* user, vksplit_log_level level, const char* message)
{
    (void)user;
    (void)level;
    if (!strstr(message, "VUID") && !strstr(message, "Validation"))
        return; /* vksplit's own info lines */
    quiet_messages++;
    fprintf(stderr, "[expected validation message] %.200s\n", message);
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
    PFN_vkDestroyBuffer destroy_buffer =
        (PFN_vkDestroyBuffer)info.get_device_proc_addr(info.device, "vkDestroyBuffer");
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

static void clean_run_is_silent(void)
{
    vksplit_runner* runner = test_runner_create();
    const uint64_t sizes[] = {1, 1, 6, 2}, split[] = {2, 1, 3};
    core_case c;
    core_case_init(&c, 4, 4, sizes, 2, 3, split);
    core_rng rng;
    core_rng_seed(&rng, 1);
    core_run_options o;
    memset(&o, 0, sizeof o);
    o.layout = CORE_LAYOUT_SHARED_WITH_INPUT;
    o.rng = &rng;
    o.label = "clean";
    o.case_index = -1;
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
    clean_run_is_silent();
    return test_finish(NULL);
}
