/* The Vulkan loader, found at run time: nothing of vksplit links libvulkan, so that a tool on
 * a machine without one starts and says what is missing instead of failing in the dynamic
 * linker. volk finds it (libvulkan.so.1, then libvulkan.so; vulkan-1.dll or libvulkan.dylib
 * elsewhere), once per process. Only volk's vkGetInstanceProcAddr is used: the runner loads
 * every other function per instance and per device into tables of its own, so runners on
 * different instances (or threads) never share a function pointer they should not. */
#include "volk_private.h"

#include "loader.h"
#include "runner_internal.h"

#if defined(_WIN32)
#    ifndef WIN32_LEAN_AND_MEAN
#        define WIN32_LEAN_AND_MEAN
#    endif
#    include <windows.h>
#else
#    include <pthread.h>
#endif

#if defined(_WIN32)
#    define LOADER_NAME "vulkan-1.dll"
#    define LOADER_PACKAGE "a GPU driver or the Vulkan Runtime"
#elif defined(__APPLE__)
#    define LOADER_NAME "libvulkan.dylib"
#    define LOADER_PACKAGE "the Vulkan SDK or MoltenVK"
#else
#    define LOADER_NAME "libvulkan.so.1"
#    define LOADER_PACKAGE "libvulkan1"
#endif

/* Written once, under `once`: the process's loader never changes, nor does its absence. */
static PFN_vkGetInstanceProcAddr found;

static void find_loader(void)
{
    if (volkInitialize() == VK_SUCCESS)
        found = vkGetInstanceProcAddr; /* volk's (private) global: the loader's entry point */
}

#if defined(_WIN32)
static INIT_ONCE once = INIT_ONCE_STATIC_INIT;
static BOOL CALLBACK find_loader_once(PINIT_ONCE flag, PVOID parameter, PVOID* context)
{
    (void)flag;
    (void)parameter;
    (void)context;
    find_loader();
    return TRUE;
}
static void find_loader_once_per_process(void) { InitOnceExecuteOnce(&once, find_loader_once, NULL, NULL); }
#else
static pthread_once_t once = PTHREAD_ONCE_INIT;
static void find_loader_once_per_process(void) { pthread_once(&once, find_loader); }
#endif

vksplit_result vksplit__runner_loader(PFN_vkGetInstanceProcAddr* out, vksplit_error* error)
{
    find_loader_once_per_process();
    *out = found;
    return found ? VKSPLIT_OK : VKSPLIT__FAIL(error, RUNNER_NO_LOADER, LOADER_NAME, LOADER_PACKAGE);
}
