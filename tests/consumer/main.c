/* A consumer: splits {1,1,6,2} float32 1..12 along axis 2 into {2,1,3} (DirectML's example)
 * on the first device and checks the bytes. With VKSPLIT_CONSUMER_ADDRESSING=bda (run.sh's
 * build with -DVKSPLIT_ADDRESSING=bda, device-address shaders only) a context on a device
 * without device addresses must be refused by VKSPLIT_RULE_CONTEXT_ADDRESSING_NOT_BUILT.
 * Exit 0 on success. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vksplit/vksplit_runner.h>

int main(void)
{
    vksplit_runner* runner;
    vksplit_error err;
    if (vksplit_runner_create(NULL, &runner, &err) != VKSPLIT_OK) {
        fprintf(stderr, "consumer: %s\n", err.message);
        return 1;
    }
    float in[12], a[4], b[2], c[6];
    for (int i = 0; i < 12; i++)
        in[i] = (float)(i + 1);
    uint64_t sizes[4] = {1, 1, 6, 2}, lengths[3] = {2, 1, 3};
    vksplit_split_desc desc =
        {.element_size = 4, .rank = 4, .sizes = sizes, .axis = 2, .output_count = 3, .lengths = lengths};
    void* outputs[3] = {a, b, c};
    vksplit_result r = vksplit_runner_split(runner, &desc, NULL, in, outputs, &err);
    const char* only = getenv("VKSPLIT_CONSUMER_ADDRESSING");
    if (r == VKSPLIT_OK && only && !strcmp(only, "bda")) {
        vksplit_runner_info info;
        vksplit_runner_get_info(runner, &info);
        vksplit_context_desc d = {.instance = info.instance,
                                  .physical_device = info.physical_device,
                                  .device = info.device,
                                  .get_instance_proc_addr = info.get_instance_proc_addr,
                                  .enabled_features = info.enabled_features & ~VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS};
        vksplit_context* ctx = NULL;
        vksplit_error refused;
        vksplit_result c = vksplit_context_create(&d, &ctx, &refused);
        if (c != VKSPLIT_ERROR_UNSUPPORTED || refused.rule != VKSPLIT_RULE_CONTEXT_ADDRESSING_NOT_BUILT || ctx) {
            fprintf(stderr, "consumer: a device-address-only build made a context without them: %s %s\n",
                    vksplit_result_name(c), refused.message);
            vksplit_context_destroy(ctx);
            vksplit_runner_destroy(runner);
            return 1;
        }
        printf("consumer: without device addresses: %s\n", refused.message);
    }
    vksplit_runner_destroy(runner);
    if (r != VKSPLIT_OK || memcmp(a, in, sizeof a) || memcmp(b, in + 4, sizeof b) || memcmp(c, in + 6, sizeof c)) {
        fprintf(stderr, "consumer: %s %s\n", vksplit_result_name(r), err.message);
        return 1;
    }
    printf("consumer: vksplit %d.%d.%d split the DirectML example correctly\n", VKSPLIT_VERSION_MAJOR,
           VKSPLIT_VERSION_MINOR, VKSPLIT_VERSION_PATCH);
    return 0;
}
