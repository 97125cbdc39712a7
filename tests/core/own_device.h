/* A device of a test's own, on a runner's validated instance (synchronization validation on),
 * for tests that drive Vulkan as an engine would: they create the VkDevice, then a
 * vksplit_context from its handles (README). Every feature vksplit can use that the physical
 * device supports is enabled, plus the extensions a test asks for. */
#ifndef VKSPLIT_TESTS_CORE_OWN_DEVICE_H
#define VKSPLIT_TESTS_CORE_OWN_DEVICE_H

#include <stdint.h>

#include <volk.h> /* the tests' Vulkan calls: tests/common/test_vulkan.h */

#include "vksplit/vksplit_runner.h"

typedef struct own_device {
    VkPhysicalDevice gpu;
    VkDevice device;
    VkQueue queues[2];
    uint32_t queue_count;
    uint32_t family;           /* a compute family */
    vksplit_features features; /* enabled */
    VkPhysicalDeviceMemoryProperties memory;
    VkCommandPool pool;
} own_device;

/* Up to `queues` (1 or 2) queues of one compute family, and the device extensions named in
 * `extensions` (which the caller checked the device has). 1 on success; 0 with a message on
 * stderr, and what was made left for own_device_destroy. */
int own_device_create(const vksplit_runner_info* info, uint32_t queues, const char* const* extensions,
                      uint32_t extension_count, own_device* out);
void own_device_destroy(own_device* d);
/* Whether the physical device offers a device extension. */
int own_device_has_extension(VkPhysicalDevice gpu, const char* name);
/* A vksplit context on the device, logging to stderr, with the given tuning (NULL: the
 * defaults). NULL, with the error on stderr, when it cannot be made. */
vksplit_context* own_device_context(const own_device* d, const vksplit_runner_info* info, const vksplit_tuning* tuning);

#endif /* VKSPLIT_TESTS_CORE_OWN_DEVICE_H */
