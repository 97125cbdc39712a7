/* The inputs: each one's header first (npy_read_header), checked before anything is
 * committed, then exactly the declared data bytes, piece by piece, straight into the runner's
 * memory. The CLI never holds a copy of the data. A regular file must hold all of it before the
 * device is started; a pipe or device is read only up to the data's end. A split has one
 * input; a join has many, every one opened and its header read before the device starts, and
 * each held open until its data has streamed (so that each file is read once, as it was
 * checked, and a FIFO works too). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int cli_open_input(const char* path, cli_input* in)
{
    memset(in, 0, sizeof *in);
    in->data.path = path;
    in->data.fd = open(path, O_RDONLY | O_CLOEXEC);
    if (in->data.fd < 0 && (errno == EMFILE || errno == ENFILE)) /* the machine's limit, not the request */
        return cli_fail(CLI_EXIT_FAILURE, "cannot open '%s': %s (raise the limit: ulimit -n)", path, strerror(errno));
    if (in->data.fd < 0)
        return cli_fail(CLI_EXIT_INVALID, "cannot open '%s': %s", path, strerror(errno));
    struct stat st;
    memset(&st, 0, sizeof st);
    int rc = 0;
    if (fstat(in->data.fd, &st) != 0)
        rc = cli_fail(CLI_EXIT_FAILURE, "%s: cannot read: %s", path, strerror(errno));
    else if (S_ISDIR(st.st_mode))
        rc = cli_fail(CLI_EXIT_INVALID, "%s: cannot read: it is a directory", path);
    char message[512];
    npy_status status = rc ? NPY_OK : npy_read_header(in->data.fd, &in->header, message, sizeof message);
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
    in->data.bytes = h->bytes;
    if (rc)
        cli_close_input(in);
    return rc;
}

int cli_read_stream(cli_stream* s, void* dst, size_t bytes)
{
    if (bytes > s->bytes - s->consumed) /* the runner asks for the plan's input span */
        return cli_fail(CLI_EXIT_FAILURE, "%s: asked for %zu bytes past the data's %llu", s->path, bytes,
                        (unsigned long long)s->bytes);
    for (size_t done = 0; done < bytes;) {
        size_t want = bytes - done < (1u << 30) ? bytes - done : (1u << 30);
        ssize_t got = read(s->fd, (unsigned char*)dst + done, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return cli_fail(CLI_EXIT_FAILURE, "%s: cannot read: %s", s->path, strerror(errno));
        if (got == 0)
            return cli_fail(CLI_EXIT_INVALID, "%s: the data is truncated: %llu bytes, the shape needs %llu", s->path,
                            (unsigned long long)(s->consumed + done), (unsigned long long)s->bytes);
        done += (size_t)got;
    }
    s->consumed += bytes;
    return 0;
}

static void close_stream(cli_stream* s)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
}

void cli_close_input(cli_input* in) { close_stream(&in->data); }

/* A join holds all its inputs open: as many descriptors as the machine allows this process. */
static void raise_open_files(uint32_t count)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < count + 64u) {
        limit.rlim_cur = limit.rlim_max == RLIM_INFINITY || limit.rlim_max > count + 64u ? count + 64u : limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

int cli_open_join_inputs(const cli_options* o, cli_join_inputs* in)
{
    memset(in, 0, sizeof *in);
    uint32_t n = o->input_count;
    if (n == 0 || n > VKSPLIT_MAX_INPUTS) /* the front-end's rules: nothing to open */
        return 0;
    in->items = calloc(n, sizeof in->items[0]);
    if (!in->items)
        return cli_fail(CLI_EXIT_FAILURE, "out of memory for %u inputs", n);
    raise_open_files(n);
    int rc = 0;
    for (uint32_t i = 0; !rc && i < n; i++) {
        cli_input one;
        rc = cli_open_input(o->inputs[i], &one);
        cli_join_input* item = &in->items[i];
        int64_t shape[NPY_MAX_DIMS];
        if (!rc) {
            item->data = one.data;
            in->count = i + 1;
            rc = cli_node_input(o, &one.header, one.data.path, &item->type, shape);
        }
        if (rc)
            break;
        item->rank = one.header.rank;
        for (uint32_t k = 0; k < one.header.rank && k < VKSPLIT_MAX_RANK; k++)
            item->shape[k] = shape[k];
        if (i == 0)
            in->first = one.header;
    }
    return rc;
}

void cli_close_join_inputs(cli_join_inputs* in)
{
    for (uint32_t i = 0; i < in->count; i++)
        close_stream(&in->items[i].data);
    free(in->items);
    memset(in, 0, sizeof *in);
}
