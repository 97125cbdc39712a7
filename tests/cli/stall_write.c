/* LD_PRELOAD shim for cli_kill: stops the CLI at a known point of a split, so that a test can
 * kill it there (SIGKILL: what a crash or an OOM kill leaves) or let another run commit into
 * the same folder meanwhile. The first write() into a file whose path holds
 * VKSPLIT_STALL_WRITE (".out_1.npy.": the header of output 1, output 0's temporary complete)
 * creates the file VKSPLIT_STALL_READY names, then waits until the file VKSPLIT_STALL_UNTIL
 * names exists (without it, until killed; 60 s at most either way, so a broken test does not
 * hang), and goes on. Other writes go straight through. The CLI is unchanged. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static bool stalled; /* once: the CLI writes from one thread */

static bool writes_into_target(int fd)
{
    const char* pattern = getenv("VKSPLIT_STALL_WRITE");
    if (stalled || !pattern || !*pattern)
        return false;
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n < 0)
        return false;
    path[n] = '\0';
    return strstr(path, pattern) != NULL;
}

static void stall(void)
{
    stalled = true;
    const char* ready = getenv("VKSPLIT_STALL_READY");
    const char* until = getenv("VKSPLIT_STALL_UNTIL");
    if (ready) {
        int fd = open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (fd >= 0)
            close(fd);
    }
    struct timespec tick = {0, 5 * 1000 * 1000};
    for (int i = 0; i < 12000 && !(until && access(until, F_OK) == 0); i++)
        nanosleep(&tick, NULL);
}

ssize_t write(int fd, const void* data, size_t bytes)
{
    static ssize_t (*real)(int, const void*, size_t);
    if (!real)
        *(void**)&real = dlsym(RTLD_NEXT, "write");
    if (writes_into_target(fd))
        stall();
    return real(fd, data, bytes);
}
