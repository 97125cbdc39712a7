/* The runner's desc: the caller's base plus what the environment says. The runner reads no
 * environment variables; the CLI reads its own here. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_runner_desc(const vksplit_runner_desc* base, vksplit_runner_desc* desc)
{
    *desc = *base;
    const char* validation = getenv("VKSPLIT_VALIDATION");
    if (validation && *validation && strcmp(validation, "0") != 0)
        desc->enable_validation = 1;
    const char* device = getenv("VKSPLIT_DEVICE");
    if (device && *device) {
        desc->choose_device = 1;
        desc->device_index = (uint32_t)strtoul(device, NULL, 10);
    }
    return 0;
}
