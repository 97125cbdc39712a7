/* The runner's private copy of volk: volk.h under names of its own. Every global volk
 * declares (its vk* function pointers, volkInitialize, ...) is renamed vksplit__volk_* by
 * the header cmake/volk.cmake generates, so the runner neither defines nor writes the names
 * an engine's own volk, or the linked loader, owns. Include this before anything that
 * includes vulkan.h; the target defines VK_NO_PROTOTYPES. */
#ifndef VKSPLIT_RUNNER_VOLK_PRIVATE_H
#define VKSPLIT_RUNNER_VOLK_PRIVATE_H

#include "vksplit_volk_names.h"

#include <volk.h>

#endif /* VKSPLIT_RUNNER_VOLK_PRIVATE_H */
