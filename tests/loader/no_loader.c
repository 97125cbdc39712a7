/* Preloaded into a tool by tests/loader/run.sh (LD_PRELOAD): a machine without the Vulkan
 * loader, for one process. dlopen of any libvulkan.so* fails, as it does where libvulkan1 is
 * not installed; every other dlopen goes through. The tool itself is the one the build made,
 * unchanged: had it linked the loader, the dynamic linker would have loaded libvulkan.so.1
 * before main, without dlopen, and the tool would run instead of failing. Each refused name
 * is appended to the file $VKSPLIT_NO_LOADER_LOG names, so the test knows the tool looked. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void* dlopen(const char* file, int mode);

static void note(const char* name)
{
    const char* log = getenv("VKSPLIT_NO_LOADER_LOG");
    int fd = log && *log ? open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644) : -1;
    if (fd < 0)
        return;
    if (write(fd, name, strlen(name)) >= 0 && write(fd, "\n", 1) >= 0) {
        /* nothing more to do: the log is best effort, the test checks what it holds */
    }
    close(fd);
}

void* dlopen(const char* file, int mode)
{
    if (file) {
        const char* base = strrchr(file, '/');
        base = base ? base + 1 : file;
        if (strncmp(base, "libvulkan.so", 12) == 0) {
            note(file);
            return NULL;
        }
    }
    void* (*real)(const char*, int) = (void* (*)(const char*, int))dlsym(RTLD_NEXT, "dlopen");
    return real ? real(file, mode) : NULL;
}
