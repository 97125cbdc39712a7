/* The Vulkan loader, found at run time (src/runner/loader.c): the runner links none. */
#ifndef VKSPLIT_RUNNER_LOADER_H
#define VKSPLIT_RUNNER_LOADER_H

#include "base/internal.h"

/* The loader's vkGetInstanceProcAddr, found once per process; VKSPLIT_ERROR_UNSUPPORTED,
 * naming what to install, where there is none. */
vksplit_result vksplit__runner_loader(PFN_vkGetInstanceProcAddr* out, vksplit_error* error);

#endif /* VKSPLIT_RUNNER_LOADER_H */
