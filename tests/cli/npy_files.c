/* Whole .npy files in memory (npy_files.h), on tools/npy.c's header reader and writer. */
#define _POSIX_C_SOURCE 200809L /* read, fstat */
#include "npy_files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static npy_status fail(npy_status status, char* message, size_t capacity, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));
static npy_status fail(npy_status status, char* message, size_t capacity, const char* fmt, ...)
{
    if (message && capacity) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(message, capacity, fmt, args);
        va_end(args);
    }
    return status;
}

static npy_status truncated_data(uint64_t available, uint64_t needed, char* message, size_t capacity)
{
    return fail(NPY_INVALID, message, capacity, "the data is truncated: %llu bytes, the shape needs %llu",
                (unsigned long long)available, (unsigned long long)needed);
}

npy_status npy_parse(const void* file, size_t size, npy_array* out, char* message, size_t capacity)
{
    memset(out, 0, sizeof *out);
    npy_status status = npy_parse_header(file, size, &out->header, message, capacity);
    if (status != NPY_OK)
        return status;
    uint64_t available = size - out->header.data_offset;
    if (available < out->header.bytes)
        return truncated_data(available, out->header.bytes, message, capacity);
    out->data = (const unsigned char*)file + out->header.data_offset;
    return NPY_OK;
}

/* Reads up to n bytes, fewer only at the end of the file; -1 with errno on failure. Not
 * stdio: npy_read reads a pipe only up to the data's end (cli_npy holds it to that), and
 * tools/npy.c keeps its own copy private rather than export it for the tests. */
static int64_t read_fully(int fd, void* buffer, uint64_t n)
{
    uint64_t done = 0;
    while (done < n) {
        uint64_t want = n - done < (1u << 30) ? n - done : (1u << 30);
        ssize_t got = read(fd, (unsigned char*)buffer + done, (size_t)want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        done += (uint64_t)got;
    }
    return (int64_t)done;
}

npy_status npy_read(const char* path, npy_array* out, char* message, size_t capacity)
{
    memset(out, 0, sizeof *out);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(NPY_INVALID, message, capacity, "cannot open '%s': %s", path, strerror(errno));
    struct stat st;
    bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    char inner[200];
    npy_status status = NPY_OK;
    if (!regular && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
        status = fail(NPY_INVALID, inner, sizeof inner, "cannot read: it is a directory");
    if (status == NPY_OK)
        status = npy_read_header(fd, &out->header, inner, sizeof inner);
    const npy_header* h = &out->header;
    /* A regular file's size tells at once whether the data is all there: no allocation for
     * a header that promises more than the file holds. */
    uint64_t on_disk = regular && (uint64_t)st.st_size > h->data_offset ? (uint64_t)st.st_size - h->data_offset : 0;
    if (status == NPY_OK && regular && on_disk < h->bytes)
        status = truncated_data(on_disk, h->bytes, inner, sizeof inner);
    unsigned char* data = NULL;
    if (status == NPY_OK) {
        data = h->bytes <= SIZE_MAX ? malloc(h->bytes ? (size_t)h->bytes : 1) : NULL;
        if (!data)
            status = fail(NPY_IO_ERROR, inner, sizeof inner, "out of memory for %llu bytes of data",
                          (unsigned long long)h->bytes);
    }
    if (status == NPY_OK) {
        int64_t got = read_fully(fd, data, h->bytes);
        if (got < 0)
            status = fail(NPY_INVALID, inner, sizeof inner, "cannot read: %s", strerror(errno));
        else if ((uint64_t)got < h->bytes)
            status = truncated_data((uint64_t)got, h->bytes, inner, sizeof inner);
    }
    close(fd);
    if (status != NPY_OK) {
        free(data);
        memset(out, 0, sizeof *out);
        return fail(status, message, capacity, "%s: %s", path, inner);
    }
    out->data = data;
    out->owned = data;
    return NPY_OK;
}

void npy_free(npy_array* array)
{
    if (array) {
        free(array->owned);
        array->owned = NULL;
        array->data = NULL;
    }
}

npy_status npy_write(const char* path, const char* descr, npy_encoding encoding, uint32_t rank, const uint64_t* shape,
                     const void* data, uint64_t bytes, char* message, size_t capacity)
{
    size_t header_capacity = strlen(descr) + 256 + (size_t)rank * 22;
    char* header = malloc(header_capacity);
    size_t length = header ? npy_format_header(header, header_capacity, descr, encoding, rank, shape) : 0;
    if (!length) {
        free(header);
        return fail(NPY_IO_ERROR, message, capacity, "cannot write '%s': out of memory", path);
    }
    FILE* f = fopen(path, "wb");
    if (!f) {
        int e = errno;
        free(header);
        return fail(NPY_IO_ERROR, message, capacity, "cannot create '%s': %s", path, strerror(e));
    }
    errno = 0;
    bool ok = fwrite(header, 1, length, f) == length && (bytes == 0 || fwrite(data, 1, (size_t)bytes, f) == bytes);
    ok = (fclose(f) == 0) && ok;
    int e = errno;
    free(header);
    if (!ok)
        return fail(NPY_IO_ERROR, message, capacity, "cannot write '%s': %s", path, strerror(e ? e : EIO));
    return NPY_OK;
}
