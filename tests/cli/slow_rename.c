/* LD_PRELOAD shim for cli_race: every renameat/rename waits 25 ms first, so that two CLIs
 * committing into one folder at once interleave their renames (without it they finish a
 * commit in microseconds and a broken lock would pass most runs). The CLI is unchanged. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>

static void wait_a_little(void)
{
    struct timespec t = {0, 25 * 1000 * 1000};
    nanosleep(&t, NULL);
}

int renameat(int olddirfd, const char* oldpath, int newdirfd, const char* newpath)
{
    static int (*real)(int, const char*, int, const char*);
    if (!real)
        *(void**)&real = dlsym(RTLD_NEXT, "renameat");
    wait_a_little();
    return real(olddirfd, oldpath, newdirfd, newpath);
}

int rename(const char* oldpath, const char* newpath)
{
    static int (*real)(const char*, const char*);
    if (!real)
        *(void**)&real = dlsym(RTLD_NEXT, "rename");
    wait_a_little();
    return real(oldpath, newpath);
}
