/* The Vulkan loader, found at run time: nothing of vksplit links libvulkan, so that a tool on
 * a machine without one starts and says what is missing instead of failing in the dynamic
 * linker. volk finds it (libvulkan.so.1, then libvulkan.so; vulkan-1.dll or libvulkan.dylib
 * elsewhere), once per process. Only volk's vkGetInstanceProcAddr is used: the runner loads
 * every other function per instance and per device into tables of its own, so runners on
 * different instances (or threads) never share a function pointer they should not. */
#include "volk_private.h"

#include <pthread.h>

#include "runner_internal.h"

#if defined(_WIN32)
#define LOADER_NAME "vulkan-1.dll"
#define LOADER_PACKAGE "a GPU driver or the Vulkan Runtime"
#elif defined(__APPLE__)
#define LOADER_NAME "libvulkan.dylib"
#define LOADER_PACKAGE "the Vulkan SDK or MoltenVK"
#else
#define LOADER_NAME "libvulkan.so.1"
#define LOADER_PACKAGE "libvulkan1"
#endif

/* Written once, under `once`: the process's loader never changes, nor does its absence. */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static PFN_vkGetInstanceProcAddr found;

static void find_loader(void)
{
    if (volkInitialize() == VK_SUCCESS)
        found = vkGetInstanceProcAddr; /* volk's (private) global: the loader's entry point */
}

vksplit_result vksplit__runner_loader(PFN_vkGetInstanceProcAddr* out, vksplit_error* error)
{
    pthread_once(&once, find_loader);
    *out = found;
    return found ? VKSPLIT_OK
                 : VKSPLIT__FAIL(error, RUNNER_NO_LOADER, LOADER_NAME, LOADER_PACKAGE);
}
