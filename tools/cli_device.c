/* The device: the runner's desc is the caller's base plus what the environment and --device
 * say (the runner reads no environment variables; the CLI reads its own here), and
 * --list-devices. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define LISTED_DEVICES 16u /* the runner picks among the first 16 */

/* A device index: decimal digits only, below UINT32_MAX. */
static bool parse_index(const char* text, uint32_t* index)
{
    if (!*text || strspn(text, "0123456789") != strlen(text))
        return false;
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno || v >= UINT32_MAX)
        return false;
    *index = (uint32_t)v;
    return true;
}

int cli_runner_desc(const cli_options* o, const vksplit_runner_desc* base, vksplit_runner_desc* desc)
{
    *desc = *base;
    const char* validation = getenv("VKSPLIT_VALIDATION");
    if (validation && *validation && strcmp(validation, "0") != 0)
        desc->enable_validation = 1;
    if (o->device.given) {
        if (o->device.value < 0 || o->device.value >= (int64_t)UINT32_MAX)
            return cli_fail(CLI_EXIT_INVALID, "--device %" PRId64 " is not a device index (see --list-devices)",
                            o->device.value);
        desc->choose_device = 1;
        desc->device_index = (uint32_t)o->device.value;
        return 0;
    }
    const char* device = getenv("VKSPLIT_DEVICE");
    if (device && *device) {
        if (!parse_index(device, &desc->device_index))
            return cli_fail(CLI_EXIT_INVALID, "VKSPLIT_DEVICE='%.40s' is not a device index (see --list-devices)",
                            device);
        desc->choose_device = 1;
    }
    return 0;
}

static const char* type_name(VkPhysicalDeviceType type)
{
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
    default: return "other";
    }
}

int cli_list_devices(void)
{
    vksplit_runner_device devices[LISTED_DEVICES];
    uint32_t count = 0;
    vksplit_error err;
    vksplit_result r = vksplit_runner_list_devices(devices, LISTED_DEVICES, &count, &err);
    if (r != VKSPLIT_OK)
        return cli_fail_error(CLI_EXIT_FAILURE, "cannot list the Vulkan devices", &err);
    for (uint32_t i = 0; i < count && i < LISTED_DEVICES; i++) {
        const vksplit_runner_device* d = &devices[i];
        printf("%u: %s [%s, Vulkan %u.%u.%u]%s\n", i, d->name, type_name(d->type), VK_API_VERSION_MAJOR(d->api_version),
               VK_API_VERSION_MINOR(d->api_version), VK_API_VERSION_PATCH(d->api_version),
               d->is_default ? " (default)" : "");
    }
    if (count > LISTED_DEVICES)
        printf("(%u more, which vksplit cannot pick)\n", count - LISTED_DEVICES);
    return 0;
}
