/* The input: its header first (npy_read_header), checked before anything is committed,
 * then exactly the declared data bytes, piece by piece, straight into the runner's memory.
 * The CLI never holds a copy of the data. A regular file must hold all of it before the
 * device is started; a pipe or device is read only up to the data's end. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int cli_open_input(const char* path, cli_input* in)
{
    memset(in, 0, sizeof *in);
    in->path = path;
    in->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (in->fd < 0)
        return cli_fail(CLI_EXIT_INVALID, "cannot open '%s': %s", path, strerror(errno));
    struct stat st;
    memset(&st, 0, sizeof st);
    int rc = 0;
    if (fstat(in->fd, &st) != 0)
        rc = cli_fail(CLI_EXIT_FAILURE, "%s: cannot read: %s", path, strerror(errno));
    else if (S_ISDIR(st.st_mode))
        rc = cli_fail(CLI_EXIT_INVALID, "%s: cannot read: it is a directory", path);
    char message[512];
    npy_status status = rc ? NPY_OK : npy_read_header(in->fd, &in->header, message, sizeof message);
    if (status != NPY_OK)
        rc = cli_fail(status == NPY_INVALID ? CLI_EXIT_INVALID : CLI_EXIT_FAILURE, "%s: %s", path, message);
    /* The file's size tells at once whether the data is all there: no device started for a
     * header that promises more than the file holds. */
    const npy_header* h = &in->header;
    uint64_t size = (uint64_t)st.st_size;
    uint64_t on_disk = size > h->data_offset ? size - h->data_offset : 0;
    if (!rc && S_ISREG(st.st_mode) && on_disk < h->bytes)
        rc = cli_fail(CLI_EXIT_INVALID, "%s: the data is truncated: %llu bytes, the shape needs %llu", path,
                      (unsigned long long)on_disk, (unsigned long long)h->bytes);
    if (rc)
        cli_close_input(in);
    return rc;
}

int cli_read_input(cli_input* in, void* dst, size_t bytes)
{
    const npy_header* h = &in->header;
    if (bytes > h->bytes - in->consumed) /* the runner asks for the plan's input span */
        return cli_fail(CLI_EXIT_FAILURE, "%s: asked for %zu bytes past the data's %llu", in->path, bytes,
                        (unsigned long long)h->bytes);
    for (size_t done = 0; done < bytes;) {
        size_t want = bytes - done < (1u << 30) ? bytes - done : (1u << 30);
        ssize_t got = read(in->fd, (unsigned char*)dst + done, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return cli_fail(CLI_EXIT_FAILURE, "%s: cannot read: %s", in->path, strerror(errno));
        if (got == 0)
            return cli_fail(CLI_EXIT_INVALID, "%s: the data is truncated: %llu bytes, the shape needs %llu", in->path,
                            (unsigned long long)(in->consumed + done), (unsigned long long)h->bytes);
        done += (size_t)got;
    }
    in->consumed += bytes;
    return 0;
}

void cli_close_input(cli_input* in)
{
    if (in->fd >= 0)
        close(in->fd);
    in->fd = -1;
}
