/* The outputs: a split's out_<k>.npy, a join's one out.npy, a TensorScatter's one
 * present_cache.npy, written the same way. Each is
 * streamed into a temporary file that this run creates in DIR
 * (O_CREAT | O_EXCL | O_NOFOLLOW, mode 0644 less the umask), header first, fsynced, and
 * renamed into place once every output is complete; then DIR is fsynced (and its parent,
 * when this run created DIR), so that a crash never leaves an out_<k>.npy name on a file
 * whose bytes did not reach the disk, and a run that exited 0 is on disk. A failed fsync is
 * a failed write. Nothing is ever opened through an existing
 * out_<k>.npy: a symbolic link there is replaced, not followed; a FIFO or device there is
 * replaced and never blocks; a directory there is refused before anything is written.
 * Then the stale out_<k>.npy of an earlier, wider split (k >= the output count) are
 * unlinked, so DIR holds exactly this run's outputs. A join (and a TensorScatter) removes no
 * out_<k>.npy and a split no out.npy: the names are each mode's own, and a join of a split's outputs into their own
 * folder (or the split of a join's output into its own) keeps its inputs. A failure removes
 * every temporary and every output this run renamed, so DIR holds nothing of a run that
 * exited non-zero.
 * Runs into one DIR at once: the renames, the removal of stale outputs and the clean-up of a
 * failure happen under an advisory lock on DIR (flock), so that whatever the interleaving,
 * DIR ends with one run's complete set, never out_0.npy of one beside out_1.npy of another.
 * The temporaries are written outside it.
 * Runs that die: a run has one tag (8 hex digits) and, before its first temporary, creates
 * and locks (flock, held until the run is over) its lock file .vksplit-run.<tag>; its
 * temporaries are .out_<k>.npy.<tag> (a join's .out.npy.<tag>, a TensorScatter's
 * .present_cache.npy.<tag>). A run that is killed leaves
 * them, and its lock file, which nobody holds any more. So a run that succeeds, once its outputs are in place, also
 * removes every entry of that naming scheme whose run is gone: its lock file missing, not a
 * regular file, or held by nobody (run_is_gone below). Only names of exactly that form go, a
 * link itself (never its target), never a directory, and a failure to remove one fails
 * nothing (it harms no output). A run that fails removes its own and no other's. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* flock */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

enum { OUTPUT_NONE = 0, OUTPUT_TEMPORARY = 1, OUTPUT_IN_PLACE = 2 };

#define PATH_CAPACITY 4200 /* DIR (checked below 4096 bytes) and a name */

/* "out_3.npy", or a join's "out.npy", a TensorScatter's "present_cache.npy". */
static void output_name(const cli_outputs* out, char* buffer, size_t capacity, uint32_t index)
{
    if (out->single)
        snprintf(buffer, capacity, "%s", out->single);
    else
        snprintf(buffer, capacity, "out_%u.npy", index);
}

/* "DIR/out_<index>.npy" (a join's "DIR/out.npy") into buffer. */
static void output_path(const cli_outputs* out, char* buffer, size_t capacity, uint32_t index)
{
    char name[32];
    output_name(out, name, sizeof name, index);
    size_t n = strlen(out->dir);
    snprintf(buffer, capacity, "%s%s%s", out->dir, n && out->dir[n - 1] == '/' ? "" : "/", name);
}

/* ".out_3.npy.1a2b3c4d" (".out.npy.1a2b3c4d", ".present_cache.npy.1a2b3c4d"): hidden, and never
 * an output's name; the tag is the run's. */
static void temporary_name(const cli_outputs* out, char* buffer, size_t capacity, uint32_t index)
{
    char name[32];
    output_name(out, name, sizeof name, index);
    snprintf(buffer, capacity, ".%s.%08x", name, out->tag);
}

/* ".vksplit-run.1a2b3c4d": the run's lock file, locked while the run lives. */
static void lock_name(char* buffer, size_t capacity, uint32_t tag)
{
    snprintf(buffer, capacity, ".vksplit-run.%08x", tag);
}

/* The folder that holds dir ("." for a bare name); false when dir is too long. */
static bool parent_of(const char* dir, char* parent, size_t capacity)
{
    size_t length = strlen(dir);
    while (length > 1 && dir[length - 1] == '/')
        length--;
    if (length >= capacity)
        return false;
    memcpy(parent, dir, length);
    parent[length] = '\0';
    char* slash = strrchr(parent, '/');
    if (!slash)
        strcpy(parent, ".");
    else
        slash[slash == parent ? 1 : 0] = '\0';
    return true;
}

/* The output folder must exist, or be creatable in an existing folder. */
static int check_dir(const char* dir, bool* exists)
{
    if (!*dir)
        return cli_fail(CLI_EXIT_INVALID, "--out-dir is empty: name a folder ('.' for the current one)");
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            return cli_fail(CLI_EXIT_INVALID, "--out-dir '%s' is not a directory", dir);
        *exists = true;
        return 0;
    }
    char parent[4096];
    if (!parent_of(dir, parent, sizeof parent))
        return cli_fail(CLI_EXIT_INVALID, "--out-dir '%s' is too long", dir);
    if (stat(parent, &st) != 0 || !S_ISDIR(st.st_mode))
        return cli_fail(CLI_EXIT_INVALID, "--out-dir '%s' does not exist and neither does its parent '%s'", dir,
                        parent);
    *exists = false;
    return 0;
}

/* A directory can be neither replaced by a rename nor written: refuse it before the run. */
static int check_names(const cli_outputs* out)
{
    char name[32];
    for (uint32_t i = 0; i < out->count; i++) {
        output_name(out, name, sizeof name, i);
        struct stat st;
        if (fstatat(out->dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode)) {
            char path[PATH_CAPACITY];
            output_path(out, path, sizeof path, i);
            return cli_fail(CLI_EXIT_FAILURE, "cannot write '%s': it is a directory", path);
        }
    }
    return 0;
}

static int open_dir(cli_outputs* out)
{
    out->dir_fd = open(out->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (out->dir_fd < 0)
        return cli_fail(CLI_EXIT_FAILURE, "cannot open --out-dir '%s': %s", out->dir, strerror(errno));
    return 0;
}

int cli_prepare_outputs(cli_outputs* out, const char* dir)
{
    memset(out, 0, sizeof *out);
    out->dir = dir;
    out->dir_fd = -1;
    out->fd = -1;
    out->run_fd = -1;
    out->seed = (uint32_t)getpid() * 2654435761u ^ (uint32_t)time(NULL);
    bool exists = false;
    int rc = check_dir(dir, &exists);
    return !rc && exists ? open_dir(out) : rc;
}

int cli_expect_outputs(cli_outputs* out, const npy_header* input, const cli_request* req)
{
    out->input = input;
    out->req = req;
    out->single = req->tensorscatter ? "present_cache.npy" : req->join ? "out.npy" : NULL;
    out->count = req->join ? 1 : req->split.output_count;
    out->open = out->count;
    out->bytes = calloc(out->count ? out->count : 1, sizeof out->bytes[0]);
    out->state = calloc(out->count ? out->count : 1, sizeof out->state[0]);
    if (!out->bytes || !out->state)
        return cli_fail(CLI_EXIT_FAILURE, "out of memory for %u outputs", out->count);
    return out->dir_fd >= 0 ? check_names(out) : 0;
}

/* Writes all of it; 0 or an errno. */
static int write_all(int fd, const void* data, size_t bytes)
{
    const unsigned char* p = data;
    while (bytes) {
        ssize_t done = write(fd, p, bytes < (1u << 30) ? bytes : (1u << 30));
        if (done < 0 && errno == EINTR)
            continue;
        if (done < 0)
            return errno;
        p += done;
        bytes -= (size_t)done;
    }
    return 0;
}

static int write_failed(const cli_outputs* out, uint32_t index, int error)
{
    char path[PATH_CAPACITY];
    output_path(out, path, sizeof path, index);
    return cli_fail(CLI_EXIT_FAILURE, "cannot write '%s': %s", path, strerror(error));
}

/* The folder is created with the first output, so a run that fails earlier leaves none. */
static int ensure_dir(cli_outputs* out)
{
    if (out->dir_fd >= 0)
        return 0;
    if (mkdir(out->dir, 0777) == 0)
        out->dir_created = true;
    else if (errno != EEXIST)
        return cli_fail(CLI_EXIT_FAILURE, "cannot create --out-dir '%s': %s", out->dir, strerror(errno));
    return open_dir(out);
}

/* Output `index`'s header: a split's input's shape with its length on the axis; a join's
 * output's shape; in the input's descr, or with --to the type's. */
static int write_header(cli_outputs* out, uint32_t index)
{
    const cli_request* req = out->req;
    uint32_t rank = req->join ? req->join_desc.rank : req->split.rank;
    uint64_t shape[VKSPLIT_MAX_RANK];
    memcpy(shape, req->sizes, sizeof shape);
    if (!req->join)
        shape[req->split.axis] = req->device_lengths ? (uint64_t)req->device_lengths[index] : req->split.lengths[index];
    /* --to: the type's own descr; q8_0's last dimension in blocks */
    const char* descr = req->converts ? cli_type_descr(req->out_type) : out->input->descr;
    npy_encoding encoding = req->converts ? NPY_ENCODING_LATIN1 : out->input->encoding;
    if (req->converts && req->out_type == VKSPLIT_TYPE_Q8_0)
        shape[rank - 1] /= 32;
    char header[1024]; /* a descr of < 256 bytes and 8 dimensions need < 700 */
    size_t length = npy_format_header(header, sizeof header, descr, encoding, rank, shape);
    if (!length)
        return cli_fail(CLI_EXIT_FAILURE, "the header of output %u does not fit %zu bytes", index, sizeof header);
    int e = write_all(out->fd, header, length);
    return e ? write_failed(out, index, e) : 0;
}

/* Another run's commit into DIR, or its removal of dead runs' files, finishes before this
 * one's starts (the lock goes with dir_fd: released when it closes, whatever the exit). */
static int lock_dir(cli_outputs* out)
{
    while (flock(out->dir_fd, LOCK_EX) != 0) {
        if (errno != EINTR)
            return cli_fail(CLI_EXIT_FAILURE, "cannot lock --out-dir '%s' (flock): %s", out->dir, strerror(errno));
    }
    return 0;
}

/* A new tag and its lock file, created and locked; 0 or an errno. A tag whose lock file
 * exists is another run's, live or not yet cleaned: the next is tried. */
static int create_lock_file(cli_outputs* out)
{
    char name[32];
    for (uint32_t attempt = 0; attempt < 64; attempt++) {
        uint32_t tag = out->seed;
        out->seed = out->seed * 1664525u + 1013904223u;
        lock_name(name, sizeof name, tag);
        /* Read-write: where flock is emulated by byte-range locks (NFS), an exclusive one
         * needs it; 0644, so that another user's run can open it to see if it is held. */
        int fd = openat(out->dir_fd, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0)
            return errno;
        /* A new file nobody else has open: the lock is free (LOCK_NB: never waits). */
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int e = errno;
            unlinkat(out->dir_fd, name, 0);
            close(fd);
            return e;
        }
        out->tag = tag;
        out->run_fd = fd;
        return 0;
    }
    return EEXIST;
}

/* This run's tag, before its first temporary. The lock file is created and locked under
 * DIR's lock, which a run that removes dead runs' files holds while it looks: it never finds
 * a lock file not yet locked, and so never takes this live run for a dead one. DIR's lock is
 * then released (the file's lock is on another file, and stays). */
static int take_tag(cli_outputs* out, uint32_t index)
{
    if (out->run_fd >= 0)
        return 0;
    int rc = lock_dir(out);
    if (rc)
        return rc;
    int e = create_lock_file(out);
    flock(out->dir_fd, LOCK_UN);
    return e ? write_failed(out, index, e) : 0;
}

/* A new temporary for output `index`, opened for writing, its header written. */
static int create_temporary(cli_outputs* out, uint32_t index)
{
    int rc = ensure_dir(out);
    if (!rc)
        rc = take_tag(out, index);
    if (rc)
        return rc;
    char name[64];
    temporary_name(out, name, sizeof name, index);
    const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    out->fd = openat(out->dir_fd, name, flags, 0644);
    int e = out->fd < 0 ? errno : 0;
    /* The name taken already: a dead run's of the same tag whose lock file is gone (a clean-up
     * killed halfway, a CLI before lock files), since a live run would hold the lock file this
     * run created. It goes (a link itself, never a directory) and the name is taken again. */
    if (e == EEXIST && (unlinkat(out->dir_fd, name, 0) == 0 || errno == ENOENT)) {
        out->fd = openat(out->dir_fd, name, flags, 0644);
        e = out->fd < 0 ? errno : 0;
    }
    if (e)
        return write_failed(out, index, e);
    out->state[index] = OUTPUT_TEMPORARY;
    out->open = index;
    out->written = 0;
    return write_header(out, index);
}

/* Closes the open temporary once all its data is there, and on disk: only then may a rename
 * give it an output's name. */
static int close_open(cli_outputs* out)
{
    if (out->open == out->count)
        return 0;
    uint32_t index = out->open;
    if (out->written != out->bytes[index])
        return cli_fail(CLI_EXIT_FAILURE, "output %u received %llu of its %llu bytes", index,
                        (unsigned long long)out->written, (unsigned long long)out->bytes[index]);
    int fd = out->fd;
    out->fd = -1;
    out->open = out->count;
    if (fsync(fd) != 0) {
        int e = errno;
        close(fd);
        char path[PATH_CAPACITY];
        output_path(out, path, sizeof path, index);
        return cli_fail(CLI_EXIT_FAILURE, "cannot write '%s' to disk (fsync): %s", path, strerror(e));
    }
    return close(fd) == 0 ? 0 : write_failed(out, index, errno);
}

/* Outputs arrive in order, and an empty one not at all: every temporary up to index exists
 * after this, and index's is open. */
static int open_through(cli_outputs* out, uint32_t index)
{
    if (out->open == index)
        return 0;
    if (index < out->created)
        return cli_fail(CLI_EXIT_FAILURE, "output %u arrived after output %u", index, out->created - 1);
    int rc = close_open(out);
    while (!rc && out->created <= index) {
        rc = create_temporary(out, out->created++);
        if (!rc && out->created <= index)
            rc = close_open(out);
    }
    return rc;
}

int cli_write_output(cli_outputs* out, uint32_t index, const void* src, size_t bytes)
{
    if (index >= out->count)
        return cli_fail(CLI_EXIT_FAILURE, "output %u of %u does not exist", index, out->count);
    int rc = open_through(out, index);
    if (rc)
        return rc;
    if (bytes > out->bytes[index] - out->written)
        return cli_fail(CLI_EXIT_FAILURE, "output %u received more than its %llu bytes", index,
                        (unsigned long long)out->bytes[index]);
    int e = write_all(out->fd, src, bytes);
    if (e)
        return write_failed(out, index, e);
    out->written += bytes;
    return 0;
}

/* This run is done with DIR: its lock file goes, then its lock (with the file's last fd).
 * After its temporaries, so that a lock file never goes before its run's temporaries. */
static void drop_lock_file(cli_outputs* out)
{
    if (out->run_fd < 0)
        return;
    char name[32];
    lock_name(name, sizeof name, out->tag);
    unlinkat(out->dir_fd, name, 0);
    close(out->run_fd);
    out->run_fd = -1;
}

static void release(cli_outputs* out)
{
    if (out->fd >= 0)
        close(out->fd);
    if (out->run_fd >= 0)
        close(out->run_fd);
    if (out->dir_fd >= 0)
        close(out->dir_fd);
    out->fd = -1;
    out->run_fd = -1;
    out->dir_fd = -1;
    free(out->bytes);
    free(out->state);
    out->bytes = NULL;
    out->state = NULL;
}

void cli_abandon_outputs(cli_outputs* out)
{
    char name[64];
    for (uint32_t i = 0; out->state && i < out->count; i++) {
        if (out->state[i] == OUTPUT_TEMPORARY)
            temporary_name(out, name, sizeof name, i);
        else
            output_name(out, name, sizeof name, i);
        if (out->state[i] != OUTPUT_NONE)
            unlinkat(out->dir_fd, name, 0);
        out->state[i] = OUTPUT_NONE;
    }
    drop_lock_file(out);
    if (out->dir_created)
        rmdir(out->dir);
    out->dir_created = false;
    release(out);
}

/* Renames output `index` into place; on failure takes back what this run put in DIR. */
static int put_in_place(cli_outputs* out, uint32_t index)
{
    char from[64], to[32];
    temporary_name(out, from, sizeof from, index);
    output_name(out, to, sizeof to, index);
    if (renameat(out->dir_fd, from, out->dir_fd, to) == 0) {
        out->state[index] = OUTPUT_IN_PLACE;
        return 0;
    }
    int e = errno;
    char path[PATH_CAPACITY], taken_back[128] = "";
    output_path(out, path, sizeof path, index);
    if (index == 1)
        snprintf(taken_back, sizeof taken_back, "; removed out_0.npy, which this run had put in place");
    else if (index > 1)
        snprintf(taken_back, sizeof taken_back, "; removed out_0.npy .. out_%u.npy, which this run had put in place",
                 index - 1);
    cli_abandon_outputs(out);
    return cli_fail(CLI_EXIT_FAILURE, "cannot rename the output into '%s': %s%s", path, strerror(e), taken_back);
}

/* "out_0.npy", "out_0.npy .. out_<n-1>.npy" or "out.npy": what a failure after the renames
 * takes back. */
static void name_outputs(const cli_outputs* out, char* buffer, size_t capacity)
{
    if (out->single || out->count == 1)
        output_name(out, buffer, capacity, 0);
    else
        snprintf(buffer, capacity, "out_0.npy .. out_%u.npy", out->count - 1);
}

/* The renames and removals on disk: DIR's entries, and DIR's own in its parent when this run
 * created it. On failure takes back what this run put in DIR, as any write failure does. */
static int sync_dir(cli_outputs* out)
{
    const char* failed = out->dir;
    int e = fsync(out->dir_fd) == 0 ? 0 : errno;
    char parent[4096];
    if (!e && out->dir_created && parent_of(out->dir, parent, sizeof parent)) {
        int fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        e = fd < 0 ? errno : fsync(fd) == 0 ? 0 : errno;
        if (fd >= 0)
            close(fd);
        failed = parent;
    }
    if (!e)
        return 0;
    char taken_back[128];
    name_outputs(out, taken_back, sizeof taken_back);
    cli_abandon_outputs(out);
    return cli_fail(CLI_EXIT_FAILURE,
                    "cannot write the folder '%s' to disk (fsync): %s; removed %s, which this run "
                    "had put in place",
                    failed, strerror(e), taken_back);
}

/* "out_<k>.npy" exactly as this CLI writes it, at the start of name: k in decimal, no sign,
 * no leading zero. The rest of name, or NULL; *k receives k (saturated). */
static const char* skip_output_name(const char* name, uint64_t* k)
{
    if (strncmp(name, "out_", 4) != 0)
        return NULL;
    const char* digits = name + 4;
    size_t n = strspn(digits, "0123456789");
    if (n == 0 || (digits[0] == '0' && n > 1) || strncmp(digits + n, ".npy", 4) != 0)
        return NULL;
    *k = 0;
    for (size_t i = 0; i < n; i++)
        *k = *k > (UINT64_MAX - 9) / 10 ? UINT64_MAX : *k * 10 + (uint64_t)(digits[i] - '0');
    return digits + n + 4;
}

/* "out_<k>.npy", all of name. */
static bool is_output_name(const char* name, uint64_t* k)
{
    const char* rest = skip_output_name(name, k);
    return rest && !*rest;
}

/* A tag as "%08x" writes it, all of text: 8 lowercase hex digits. */
static bool parse_tag(const char* text, uint32_t* tag)
{
    if (strlen(text) != 8 || strspn(text, "0123456789abcdef") != 8)
        return false;
    *tag = (uint32_t)strtoul(text, NULL, 16);
    return true;
}

/* A name of the scheme for what a run keeps while it lives, *tag receiving its tag: a
 * temporary ".out_<k>.npy.<tag>" (a split's), ".out.npy.<tag>" (a join's) or
 * ".present_cache.npy.<tag>" (a TensorScatter's), or a lock file ".vksplit-run.<tag>", exactly.
 * Every mode's run removes every mode's, when its run is gone. */
static bool is_run_file(const char* name, uint32_t* tag)
{
    uint64_t k;
    const char* rest = name[0] == '.' ? skip_output_name(name + 1, &k) : NULL;
    if (!rest && strncmp(name, ".out.npy", 8) == 0)
        rest = name + 8;
    if (!rest && strncmp(name, ".present_cache.npy", 18) == 0)
        rest = name + 18;
    if (rest && rest[0] == '.')
        return parse_tag(rest + 1, tag);
    return strncmp(name, ".vksplit-run.", 13) == 0 && parse_tag(name + 13, tag);
}

/* Whether the run of `tag` is gone, asked under DIR's lock (no run creates a lock file
 * meanwhile, and every lock file there is locked if its run lives): its lock file is missing,
 * is no regular file (a run makes its own), or nobody holds it. This run's own tag counts as
 * gone: every temporary of this run is in place by then, so a name of its tag left is a dead
 * run's; and its lock file is never opened again here (a second open file's lock would be
 * refused by this run's own). A lock file that cannot be opened (another user's, say) is
 * taken for live: nothing goes in doubt. */
static bool run_is_gone(const cli_outputs* out, uint32_t tag)
{
    if (out->run_fd >= 0 && tag == out->tag)
        return true;
    char name[32];
    lock_name(name, sizeof name, tag);
    struct stat st;
    if (fstatat(out->dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT;
    if (!S_ISREG(st.st_mode))
        return true;
    /* O_NONBLOCK: a FIFO swapped in since fstatat never blocks the open. A shared lock is
     * refused exactly while a run holds its exclusive one, and needs only read access. */
    int fd = openat(out->dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT;
    bool gone = flock(fd, LOCK_SH | LOCK_NB) == 0; /* released with the fd, at once */
    close(fd);
    return gone;
}

/* One stale entry: unlinked (a link itself, never its target); a directory is not one of
 * ours and stays. */
static int remove_stale(const cli_outputs* out, const char* name)
{
    struct stat st;
    if (fstatat(out->dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? 0 : errno;
    if (S_ISDIR(st.st_mode) || unlinkat(out->dir_fd, name, 0) == 0 || errno == ENOENT)
        return 0;
    return errno;
}

/* After a split into fewer outputs than the last one in DIR: out_<k>.npy for k >= count (a
 * join's run leaves them: they are no join's). And what dead runs left: the temporaries and
 * lock files of runs that are gone, either mode's, at best effort (one that stays harms no
 * output: the next run tries again). Under DIR's lock. */
static int remove_stale_outputs(cli_outputs* out)
{
    int fd = dup(out->dir_fd);
    DIR* d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return cli_fail(CLI_EXIT_FAILURE, "cannot list --out-dir '%s' for stale outputs: %s", out->dir, strerror(e));
    }
    int e = 0;
    char failed[256] = ""; /* a name is at most 255 bytes */
    for (struct dirent* entry; !e && (entry = readdir(d)) != NULL;) {
        uint64_t k;
        uint32_t tag;
        if (is_output_name(entry->d_name, &k)) {
            if (!out->single && k >= out->count && (e = remove_stale(out, entry->d_name)) != 0)
                snprintf(failed, sizeof failed, "%s", entry->d_name);
        } else if (is_run_file(entry->d_name, &tag) && run_is_gone(out, tag)) {
            remove_stale(out, entry->d_name);
        }
    }
    closedir(d);
    if (!e)
        return 0;
    char taken_back[128];
    name_outputs(out, taken_back, sizeof taken_back);
    cli_abandon_outputs(out);
    return cli_fail(CLI_EXIT_FAILURE,
                    "cannot remove the stale output '%s' in '%s': %s; removed %s, which this run had put in place",
                    failed, out->dir, strerror(e), taken_back);
}

int cli_commit_outputs(cli_outputs* out)
{
    int rc = out->count ? open_through(out, out->count - 1) : 0;
    if (!rc)
        rc = close_open(out);
    if (!rc && out->dir_fd >= 0)
        rc = lock_dir(out);
    for (uint32_t i = 0; !rc && i < out->count; i++)
        rc = put_in_place(out, i);
    if (!rc)
        rc = remove_stale_outputs(out);
    if (!rc)
        drop_lock_file(out);
    if (!rc && out->count)
        rc = sync_dir(out);
    if (rc) {
        cli_abandon_outputs(out);
        return rc;
    }
    char path[PATH_CAPACITY];
    for (uint32_t i = 0; i < out->count; i++) {
        output_path(out, path, sizeof path, i);
        printf("%s\n", path);
    }
    release(out);
    return 0;
}
