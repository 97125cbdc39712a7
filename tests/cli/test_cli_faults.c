/* Device faults reach the CLI's user cleanly. vksplit_cli_run runs in this process with a
 * runner desc whose get_device_proc_addr wraps the loader's (reached through the desc's
 * get_instance_proc_addr: the runner links no loader): the Nth vkQueueSubmit or the Nth
 * wait (the vkGetFenceStatus poll or the vkWaitForFences that finds the fence signalled)
 * returns VK_ERROR_DEVICE_LOST, or the Nth vkAllocateMemory
 * VK_ERROR_OUT_OF_DEVICE_MEMORY (the runner and the library load every device function
 * through that hook). For every N until a run no longer reaches an Nth call, the CLI must
 * exit 1 with exactly one stderr line naming the call, and leave the output folder as it was
 * (absent stays absent); the run that reaches no fault must write the right outputs. Three
 * configurations: tensors mapped directly (lavapipe's own path) into a folder the run must
 * create; everything staged in 4 KiB pieces (faults while outputs stream into temporaries)
 * into a folder that holds older files (and a temporary a killed run left, which only a run
 * that succeeds removes); 16 outputs, past what push constants hold; and a join (vksplit
 * join) of the three column ranges back into out.npy, mapped, into the old folder (whose
 * out_<k>.npy it keeps); and a TensorScatter (vksplit tensorscatter, its write_indices on the
 * GPU: an indices buffer and a status block more) of the middle column range back into the
 * input at its own columns, into present_cache.npy, staged, into the old folder.
 * With the validation layer on: any message in an error path fails the test.
 * A rename fails after another succeeded (a directory appears at out_1.npy while the device
 * runs): the CLI takes back out_0.npy and says so; a join's rename fails the same way (at
 * out.npy) and leaves the folder as it was. Last, fsync fails (EIO, through this
 * executable's own fsync, which the CLI's body linked in here calls instead of libc's): on
 * each output file in turn, the folder stays as it was; on the folder, or on its parent when
 * the run created it, the run takes back what it put in place; a whole run fsyncs every
 * output and the folder; a join's out.npy and folder likewise. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* syscall */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "test_vulkan.h"

#include "cli.h"
#include "npy_files.h"
#include "test_harness.h"

/* ---- the hook ---------------------------------------------------------------------------- */

typedef enum fault_call { FAULT_SUBMIT, FAULT_WAIT, FAULT_ALLOCATE, FAULT_CALLS } fault_call;

static const char* const call_names[FAULT_CALLS] = {"vkQueueSubmit", "vkWaitForFences", "vkAllocateMemory"};

static struct {
    PFN_vkQueueSubmit submit;
    PFN_vkWaitForFences wait;
    PFN_vkGetFenceStatus status;
    PFN_vkAllocateMemory allocate;
    uint32_t calls[FAULT_CALLS];
    int target;                  /* the call to fail, or -1 */
    uint32_t at;                 /* its Nth call fails (1-based) */
    const char* mkdir_on_submit; /* made when the first vkQueueSubmit happens */
} hook = {.target = -1};

static bool fails_now(fault_call call) { return ++hook.calls[call] == hook.at && hook.target == (int)call; }

static VKAPI_ATTR VkResult VKAPI_CALL fake_submit(VkQueue queue, uint32_t count, const VkSubmitInfo* submits,
                                                  VkFence fence)
{
    if (hook.mkdir_on_submit && hook.calls[FAULT_SUBMIT] == 0)
        mkdir(hook.mkdir_on_submit, 0777);
    if (fails_now(FAULT_SUBMIT))
        return VK_ERROR_DEVICE_LOST; /* nothing was submitted */
    return hook.submit(queue, count, submits, fence);
}

static VKAPI_ATTR VkResult VKAPI_CALL fake_wait(VkDevice device, uint32_t count, const VkFence* fences, VkBool32 all,
                                                uint64_t timeout)
{
    /* The work did run (the validation layer sees it retire); the wait reports the loss. */
    VkResult vr = hook.wait(device, count, fences, all, timeout);
    return fails_now(FAULT_WAIT) ? VK_ERROR_DEVICE_LOST : vr;
}

/* The runner polls its fence before it blocks: the poll that finds it signalled is its wait. */
static VKAPI_ATTR VkResult VKAPI_CALL fake_status(VkDevice device, VkFence fence)
{
    VkResult vr = hook.status(device, fence);
    return vr != VK_NOT_READY && fails_now(FAULT_WAIT) ? VK_ERROR_DEVICE_LOST : vr;
}

static VKAPI_ATTR VkResult VKAPI_CALL fake_allocate(VkDevice device, const VkMemoryAllocateInfo* info,
                                                    const VkAllocationCallbacks* callbacks, VkDeviceMemory* memory)
{
    if (fails_now(FAULT_ALLOCATE))
        return VK_ERROR_OUT_OF_DEVICE_MEMORY;
    return hook.allocate(device, info, callbacks, memory);
}

static PFN_vkGetDeviceProcAddr loader_get_device_proc_addr; /* the loader's, for the runner's instance */

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL hooked_get_device_proc_addr(VkDevice device, const char* name)
{
    PFN_vkVoidFunction real = loader_get_device_proc_addr(device, name);
    if (!real)
        return NULL;
    if (strcmp(name, "vkGetDeviceProcAddr") == 0)
        return (PFN_vkVoidFunction)hooked_get_device_proc_addr;
    if (strcmp(name, "vkQueueSubmit") == 0) {
        hook.submit = (PFN_vkQueueSubmit)real;
        return (PFN_vkVoidFunction)fake_submit;
    }
    if (strcmp(name, "vkWaitForFences") == 0) {
        hook.wait = (PFN_vkWaitForFences)real;
        return (PFN_vkVoidFunction)fake_wait;
    }
    if (strcmp(name, "vkGetFenceStatus") == 0) {
        hook.status = (PFN_vkGetFenceStatus)real;
        return (PFN_vkVoidFunction)fake_status;
    }
    if (strcmp(name, "vkAllocateMemory") == 0) {
        hook.allocate = (PFN_vkAllocateMemory)real;
        return (PFN_vkVoidFunction)fake_allocate;
    }
    return real;
}

/* The loader's functions as they are, but vkGetDeviceProcAddr for the runner's instance. */
static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL hooked_get_instance_proc_addr(VkInstance instance, const char* name)
{
    PFN_vkVoidFunction real = vkGetInstanceProcAddr(instance, name); /* volk's: test_vulkan_loader() */
    if (!instance || !real || strcmp(name, "vkGetDeviceProcAddr") != 0)
        return real;
    loader_get_device_proc_addr = (PFN_vkGetDeviceProcAddr)real;
    return (PFN_vkVoidFunction)hooked_get_device_proc_addr;
}

/* ---- fsync ------------------------------------------------------------------------------- */

static struct {
    uint32_t file_calls, dir_calls;
    uint32_t fail_file_at, fail_dir_at; /* 1-based; 0: none */
} sync_hook;

/* The CLI's fsync: the Nth on a regular file or on a directory fails when asked (EIO, as a
 * disk that lost the write reports it); else the real one. */
int fsync(int fd)
{
    struct stat st;
    bool dir = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
    uint32_t n = dir ? ++sync_hook.dir_calls : ++sync_hook.file_calls;
    if (n == (dir ? sync_hook.fail_dir_at : sync_hook.fail_file_at)) {
        errno = EIO;
        return -1;
    }
    return (int)syscall(SYS_fsync, fd);
}

static uint32_t validation_messages;

/* The runner logs the validation layer's messages as errors; the context's notes are info. */
static void count_message(void* user, vksplit_log_level level, const char* message)
{
    (void)user;
    if (level == VKSPLIT_LOG_INFO)
        return;
    validation_messages++;
    fprintf(stderr, "validation: %s\n", message);
}

/* ---- files ------------------------------------------------------------------------------- */

static char root[64];
static char input_path[128];
static char part_paths[3][128]; /* the input's column ranges of `three`: a join's inputs */
static char indices_path[128];  /* a TensorScatter's write_indices: the middle range's first column */
static const uint64_t rows = 4, columns = 640;

/* The --split option, and the lengths it gives the 640 columns; or a join of the part files,
 * whose lengths they are, back into the 640 columns of out.npy. */
typedef struct lengths_option {
    const char* option;
    uint32_t count;
    uint64_t lengths[16];
    bool join;    /* one output, the whole input: out.npy */
    bool scatter; /* a TensorScatter: present_cache.npy, the input again */
} lengths_option;

static const lengths_option three = {"100,300,240", 3, {100, 300, 240}, false, false};
/* More outputs than push constants hold: the run needs a buffer of per-record arguments. */
static const lengths_option sixteen = {"40,40,40,40,40,40,40,40,40,40,40,40,40,40,40,40",
                                       16,
                                       {40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40},
                                       false,
                                       false};
static const lengths_option join_three = {"", 3, {100, 300, 240}, true, false};
static const lengths_option scatter_middle = {"", 3, {100, 300, 240}, true, true};

static void write_file(const char* dir, const char* name, const char* text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE* f = fopen(path, "wb");
    CHECK_MSG(f && fputs(text, f) >= 0 && fclose(f) == 0, "cannot write %s", path);
}

static bool read_file(const char* path, unsigned char** data, size_t* size)
{
    FILE* f = fopen(path, "rb");
    if (!f)
        return false;
    *data = malloc(1 << 20);
    *size = *data ? fread(*data, 1, 1 << 20, f) : 0;
    fclose(f);
    return *data != NULL;
}

/* The folder holds exactly `count` regular files, names[i] holding texts[i]. */
static bool folder_is(const char* dir, const char* const* names, const char* const* texts, size_t count)
{
    DIR* d = opendir(dir);
    if (!d)
        return false;
    size_t entries = 0;
    for (struct dirent* e; (e = readdir(d)) != NULL;)
        entries += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    bool same = entries == count;
    for (size_t i = 0; same && i < count; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unsigned char* data = NULL;
        size_t size = 0;
        same = read_file(path, &data, &size) && size == strlen(texts[i]) && memcmp(data, texts[i], size) == 0;
        free(data);
    }
    return same;
}

static void remove_folder(const char* dir)
{
    DIR* d = opendir(dir);
    if (!d)
        return;
    for (struct dirent* e; (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (unlink(path) != 0)
                rmdir(path);
        }
    closedir(d);
    rmdir(dir);
}

/* An old folder: a note, an output, a stale output, and a temporary a killed run left (no
 * lock file: its run is gone). A run that fails leaves all four; one that succeeds the note. */
enum { OLD_FILES = 4 };
static const char* const old_names[OLD_FILES] = {"note.txt", "out_0.npy", "out_7.npy", ".out_3.npy.0badc0de"};
static const char* const old_texts[OLD_FILES] = {"keep", "old 0", "old 7", "killed run"};

static void make_old_folder(const char* dir)
{
    remove_folder(dir);
    mkdir(dir, 0777);
    for (int i = 0; i < OLD_FILES; i++)
        write_file(dir, old_names[i], old_texts[i]);
}

static float input_value(uint64_t row, uint64_t column) { return (float)(row * 1000 + column) + 0.25f; }

/* Columns [start, start + count) of the input into path. */
static void write_columns(const char* path, uint64_t start, uint64_t count)
{
    float* data = malloc(rows * count * sizeof *data);
    for (uint64_t r = 0; r < rows; r++)
        for (uint64_t c = 0; c < count; c++)
            data[r * count + c] = input_value(r, start + c);
    uint64_t shape[2] = {rows, count};
    char message[256];
    CHECK_MSG(npy_write(path, "'<f4'", NPY_ENCODING_LATIN1, 2, shape, data, rows * count * sizeof *data, message,
                        sizeof message) == NPY_OK,
              "%s", message);
    free(data);
}

static void write_input(void)
{
    snprintf(input_path, sizeof input_path, "%s/in.npy", root);
    write_columns(input_path, 0, columns);
    for (uint64_t k = 0, start = 0; k < 3; start += three.lengths[k], k++) {
        snprintf(part_paths[k], sizeof part_paths[k], "%s/part_%u.npy", root, (unsigned)k);
        write_columns(part_paths[k], start, three.lengths[k]);
    }
    int64_t at[4]; /* rows */
    for (uint64_t r = 0; r < rows; r++)
        at[r] = (int64_t)three.lengths[0];
    uint64_t shape[1] = {rows};
    char message[256];
    snprintf(indices_path, sizeof indices_path, "%s/write_indices.npy", root);
    CHECK_MSG(npy_write(indices_path, "'<i8'", NPY_ENCODING_LATIN1, 1, shape, at, sizeof at, message, sizeof message) ==
                  NPY_OK,
              "%s", message);
}

/* out_<k> hold the input's column ranges (a join's out.npy the whole input), and the folder
 * nothing else but `extra` files. */
static bool outputs_right(const char* dir, const lengths_option* sp, size_t extra)
{
    DIR* d = opendir(dir);
    size_t entries = 0;
    for (struct dirent* e; d && (e = readdir(d)) != NULL;)
        entries += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    uint32_t count = sp->join ? 1 : sp->count;
    bool right = entries == count + extra;
    const uint64_t* lengths = sp->join ? &columns : sp->lengths;
    for (uint64_t k = 0, start = 0; right && k < count; start += lengths[k], k++) {
        char path[256];
        if (sp->join)
            snprintf(path, sizeof path, "%s/%s", dir, sp->scatter ? "present_cache.npy" : "out.npy");
        else
            snprintf(path, sizeof path, "%s/out_%u.npy", dir, (unsigned)k);
        unsigned char* file = NULL;
        size_t size = 0;
        npy_array a;
        char message[256];
        right = read_file(path, &file, &size) && npy_parse(file, size, &a, message, sizeof message) == NPY_OK &&
                a.header.rank == 2 && a.header.shape[0] == rows && a.header.shape[1] == lengths[k];
        for (uint64_t r = 0; right && r < rows; r++)
            for (uint64_t c = 0; right && c < lengths[k]; c++) {
                float v;
                memcpy(&v, a.data + (r * lengths[k] + c) * sizeof v, sizeof v);
                right = v == input_value(r, start + c);
            }
        free(file);
    }
    return right;
}

/* ---- running the CLI --------------------------------------------------------------------- */

/* vksplit_cli_run with stderr captured into `err` and stdout dropped. */
static int run_cli(const char* out_dir, const lengths_option* sp, const vksplit_runner_desc* desc, char* err,
                   size_t capacity)
{
    char* split_argv[] = {"vksplit", "--input",         input_path,  "--axis",       "1",
                          "--split", (char*)sp->option, "--out-dir", (char*)out_dir, NULL};
    char* join_argv[] = {"vksplit",      "join",        "--axis",      "1",           "--out-dir",
                         (char*)out_dir, part_paths[0], part_paths[1], part_paths[2], NULL};
    char* scatter_argv[] = {"vksplit",   "tensorscatter", "--axis",   "1",           "--indices-on-gpu",
                            "--out-dir", (char*)out_dir,  input_path, part_paths[1], indices_path,
                            NULL};
    char** argv = sp->scatter ? scatter_argv : sp->join ? join_argv : split_argv;
    int argc = sp->scatter ? (int)(sizeof scatter_argv / sizeof scatter_argv[0]) - 1
               : sp->join  ? (int)(sizeof join_argv / sizeof join_argv[0]) - 1
                           : (int)(sizeof split_argv / sizeof split_argv[0]) - 1;
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    FILE* captured = tmpfile();
    int null_fd = open("/dev/null", O_WRONLY);
    dup2(null_fd, 1);
    dup2(fileno(captured), 2);
    int rc = vksplit_cli_run(argc, argv, desc);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    close(null_fd);
    rewind(captured);
    size_t got = fread(err, 1, capacity - 1, captured);
    err[got] = '\0';
    fclose(captured);
    return rc;
}

static bool one_line(const char* text)
{
    size_t n = strlen(text);
    return n > 0 && text[n - 1] == '\n' && strchr(text, '\n') == text + n - 1;
}

typedef struct config {
    const char* name;
    vksplit_runner_memory memory;
    uint64_t staging_bytes;
    bool old_folder; /* the folder exists with older files; else the run must create it */
    const lengths_option* lengths;
} config;

/* What a run that succeeds keeps of the old folder: note.txt, and a join (a TensorScatter)
 * out_0.npy and out_7.npy too (a join removes no out_<k>.npy). */
static size_t old_kept(const lengths_option* sp) { return sp->join ? 3 : 1; }

/* Fails every call of one kind in turn; returns how many fault points it exercised. */
static uint32_t sweep(const config* c, fault_call call, const vksplit_runner_desc* base)
{
    char dir[128], err[4096];
    snprintf(dir, sizeof dir, "%s/%s", root, c->old_folder ? "old" : "fresh");
    vksplit_runner_desc desc = *base;
    desc.memory = c->memory;
    desc.staging_bytes = c->staging_bytes;
    const char* expected = call == FAULT_ALLOCATE ? "VKSPLIT_ERROR_OUT_OF_MEMORY" : "VKSPLIT_ERROR_DEVICE_LOST";
    for (uint32_t at = 1; at < 1000; at++) {
        if (c->old_folder)
            make_old_folder(dir);
        else
            remove_folder(dir);
        memset(hook.calls, 0, sizeof hook.calls);
        hook.target = (int)call;
        hook.at = at;
        validation_messages = 0;
        int rc = run_cli(dir, c->lengths, &desc, err, sizeof err);
        hook.target = -1;
        CHECK_MSG(validation_messages == 0, "%s, %s #%u: %u validation message(s)", c->name, call_names[call], at,
                  validation_messages);
        if (hook.calls[call] < at) { /* no Nth call: the run is whole */
            CHECK_MSG(rc == 0 && err[0] == '\0', "%s, %s: the run without a fault: exit %d, %s", c->name,
                      call_names[call], rc, err);
            CHECK_MSG(outputs_right(dir, c->lengths, c->old_folder ? old_kept(c->lengths) : 0), "%s, %s: wrong outputs",
                      c->name, call_names[call]);
            printf("%s: %s fails at each of its %u calls\n", c->name, call_names[call], at - 1);
            return at - 1;
        }
        bool folder_kept = c->old_folder ? folder_is(dir, old_names, old_texts, OLD_FILES) : access(dir, F_OK) != 0;
        bool named = strstr(err, call_names[call]) || (call == FAULT_WAIT && strstr(err, "vkGetFenceStatus"));
        CHECK_MSG(rc == 1 && one_line(err) && strncmp(err, "vksplit: ", 9) == 0 && named && strstr(err, expected),
                  "%s, %s #%u: exit %d, stderr: %s", c->name, call_names[call], at, rc, err);
        CHECK_MSG(folder_kept, "%s, %s #%u: the folder changed", c->name, call_names[call], at);
    }
    CHECK_MSG(false, "%s, %s: still failing after 999 calls", c->name, call_names[call]);
    return 0;
}

/* A rename that fails after another succeeded: out_1.npy becomes a directory once the
 * CLI's checks are done (at the first submit); or a join's only rename, into out.npy. */
static void rename_fails(const vksplit_runner_desc* base, const lengths_option* sp, const char* name,
                         const char* phrase)
{
    char dir[128], blocker[160], err[4096];
    snprintf(dir, sizeof dir, "%s/rename", root);
    snprintf(blocker, sizeof blocker, "%s/%s", dir, name);
    remove_folder(dir);
    mkdir(dir, 0777);
    write_file(dir, "note.txt", "keep");
    hook.mkdir_on_submit = blocker;
    memset(hook.calls, 0, sizeof hook.calls);
    int rc = run_cli(dir, sp, base, err, sizeof err);
    hook.mkdir_on_submit = NULL;
    struct stat st;
    CHECK_MSG(rc == 1 && one_line(err) && strstr(err, name) && strstr(err, phrase), "rename fails: exit %d, stderr: %s",
              rc, err);
    rmdir(blocker);
    CHECK_MSG(folder_is(dir, old_names, old_texts, 1) && stat(blocker, &st) != 0, "rename fails: the folder changed");
}

/* fsync fails on output file `file_at`, or on directory fsync `dir_at` (1: the folder, 2: its
 * parent, which only a run that creates the folder syncs); the folder must end as `expect`
 * says, the one stderr line name `phrase`. */
static void sync_fails_at(const vksplit_runner_desc* base, const lengths_option* sp, bool old_folder, uint32_t file_at,
                          uint32_t dir_at, const char* phrase, const char* const* names, const char* const* texts,
                          size_t count)
{
    char dir[128], err[4096];
    snprintf(dir, sizeof dir, "%s/sync", root);
    if (old_folder)
        make_old_folder(dir);
    else
        remove_folder(dir);
    memset(&sync_hook, 0, sizeof sync_hook);
    sync_hook.fail_file_at = file_at;
    sync_hook.fail_dir_at = dir_at;
    validation_messages = 0;
    int rc = run_cli(dir, sp, base, err, sizeof err);
    memset(&sync_hook, 0, sizeof sync_hook);
    bool kept = old_folder ? folder_is(dir, names, texts, count) : access(dir, F_OK) != 0;
    CHECK_MSG(rc == 1 && one_line(err) && strncmp(err, "vksplit: ", 9) == 0 &&
                  strstr(err, "(fsync): Input/output error") && strstr(err, phrase),
              "fsync fails (file %u, folder %u, %s folder): exit %d, stderr: %s", file_at, dir_at,
              old_folder ? "old" : "new", rc, err);
    CHECK_MSG(kept, "fsync fails (file %u, folder %u, %s folder): the folder is not as expected", file_at, dir_at,
              old_folder ? "old" : "new");
    CHECK_MSG(validation_messages == 0, "fsync fails: %u validation message(s)", validation_messages);
}

static void sync_fails(const vksplit_runner_desc* base)
{
    char dir[128], err[4096];
    snprintf(dir, sizeof dir, "%s/sync", root);
    /* A whole run: every output, then the folder; a new folder's parent too; a join's one. */
    for (int run = 0; run < 3; run++) {
        bool old = run > 0;
        const lengths_option* sp = run == 2 ? &join_three : &three;
        uint32_t files = sp->join ? 1 : sp->count;
        if (old)
            make_old_folder(dir);
        else
            remove_folder(dir);
        memset(&sync_hook, 0, sizeof sync_hook);
        int rc = run_cli(dir, sp, base, err, sizeof err);
        CHECK_MSG(rc == 0 && outputs_right(dir, sp, old ? old_kept(sp) : 0), "fsync: the run failed: %d %s", rc, err);
        CHECK_MSG(sync_hook.file_calls == files && sync_hook.dir_calls == (old ? 1u : 2u),
                  "a whole run into %s folder fsynced %u files and %u folders, expected %u and %u",
                  old ? "an old" : "a new", sync_hook.file_calls, sync_hook.dir_calls, files, old ? 1u : 2u);
    }
    /* Before the renames: the folder as it was. */
    static const char* const names[3] = {"out_0.npy", "out_1.npy", "out_2.npy"};
    for (uint32_t k = 1; k <= three.count; k++)
        sync_fails_at(base, &three, true, k, 0, names[k - 1], old_names, old_texts, OLD_FILES);
    sync_fails_at(base, &three, false, 2, 0, names[1], NULL, NULL, 0);
    sync_fails_at(base, &join_three, true, 1, 0, "out.npy", old_names, old_texts, OLD_FILES);
    /* After the renames: this run's outputs (and the stale out_7.npy, and the killed run's
     * temporary) are gone, note.txt stays; a folder the run created is gone. A join's out.npy
     * and the killed run's temporary are gone, and it leaves out_0.npy and out_7.npy. */
    sync_fails_at(base, &three, true, 0, 1, "removed out_0.npy .. out_2.npy", old_names, old_texts, 1);
    sync_fails_at(base, &three, false, 0, 1, "removed out_0.npy .. out_2.npy", NULL, NULL, 0);
    sync_fails_at(base, &three, false, 0, 2, "removed out_0.npy .. out_2.npy", NULL, NULL, 0);
    sync_fails_at(base, &join_three, true, 0, 1, "removed out.npy", old_names, old_texts, 3);
    remove_folder(dir);
}

int main(void)
{
    snprintf(root, sizeof root, "/tmp/vksplit_faults_XXXXXX");
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    write_input();
    vksplit_runner_desc base;
    memset(&base, 0, sizeof base);
    test_vulkan_loader();
    base.get_instance_proc_addr = hooked_get_instance_proc_addr;
    base.enable_validation = 1;
    base.log = count_message;
    static const config configs[5] = {
        {"mapped, new folder", VKSPLIT_RUNNER_MEMORY_AUTO, 0, false, &three},
        {"staged in 4 KiB pieces, old folder", VKSPLIT_RUNNER_MEMORY_STAGING, 4096, true, &three},
        {"mapped, 16 outputs, old folder", VKSPLIT_RUNNER_MEMORY_AUTO, 0, true, &sixteen},
        {"join, staged in 8 KiB pieces, old folder", VKSPLIT_RUNNER_MEMORY_STAGING, 8192, true, &join_three},
        {"tensorscatter, GPU indices, staged in 4 KiB pieces, old folder", VKSPLIT_RUNNER_MEMORY_STAGING, 4096, true,
         &scatter_middle},
    };
    uint32_t points = 0;
    for (int c = 0; c < 5; c++)
        for (int call = 0; call < FAULT_CALLS; call++)
            points += sweep(&configs[c], (fault_call)call, &base);
    rename_fails(&base, &three, "out_1.npy", "removed out_0.npy");
    rename_fails(&base, &join_three, "out.npy", "cannot rename the output into");
    sync_fails(&base);
    printf("%u fault points exercised\n", points);
    CHECK_MSG(points >= 10, "only %u fault points", points);
    char dir[128];
    const char* const folders[3] = {"fresh", "old", "rename"};
    for (int i = 0; i < 3; i++) {
        snprintf(dir, sizeof dir, "%s/%s", root, folders[i]);
        remove_folder(dir);
    }
    unlink(input_path);
    unlink(indices_path);
    for (int k = 0; k < 3; k++)
        unlink(part_paths[k]);
    rmdir(root);
    return test_finish(NULL);
}
