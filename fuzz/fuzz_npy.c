/* fuzz_npy: the CLI's .npy reader and writer (tools/npy.c).
 *   - npy_parse never crashes, and what it accepts satisfies its documented limits, the
 *     shape's Python literal included (a tuple: one dimension has its comma; no decimal
 *     integer with a leading zero; Python 2's L only before version 3.0), found here by a
 *     scan of its own over the header text;
 *   - npy_read_header on the same bytes (through a memfd) agrees with npy_parse: same
 *     header, or the same failure, or npy_parse failing only for data the file lacks;
 *   - what it accepts, written back by npy_format_header with its data, parses to the same
 *     descr, encoding (or an ASCII descr), kind, size, shape and data bytes. */
#define _GNU_SOURCE /* memfd_create */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_fail.h"
#include "npy_files.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

static bool is_ascii(const char* s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80)
            return false;
    return true;
}

/* What the reader promises about anything it accepts. */
static void check_accepted(const npy_array* a, const uint8_t* data, size_t size)
{
    const npy_header* h = &a->header;
    if (a->data != data + h->data_offset || h->data_offset > size || size - h->data_offset < h->bytes)
        fz_fail("data at offset %llu, %llu bytes, in a %zu-byte file", (unsigned long long)h->data_offset,
                (unsigned long long)h->bytes, size);
    uint64_t count = 1;
    for (uint32_t k = 0; k < h->rank; k++) {
        if (h->shape[k] > (uint64_t)INT64_MAX)
            fz_fail("shape[%u] = %llu accepted, above INT64_MAX", k, (unsigned long long)h->shape[k]);
        count *= h->shape[k];
    }
    if (h->rank > NPY_MAX_DIMS || count != h->count || h->count * h->itemsize != h->bytes || h->itemsize == 0)
        fz_fail("rank %u count %llu itemsize %u bytes %llu disagree", h->rank, (unsigned long long)h->count,
                h->itemsize, (unsigned long long)h->bytes);
    /* numpy's limits: a type it has, and items times non-zero dimensions within INT64_MAX. */
    uint64_t span = h->itemsize;
    for (uint32_t k = 0; k < h->rank; k++)
        if (h->shape[k] && __builtin_mul_overflow(span, h->shape[k], &span))
            span = UINT64_MAX;
    bool power = (h->itemsize & (h->itemsize - 1)) == 0;
    if (span > (uint64_t)INT64_MAX || (h->kind == 'b' && h->itemsize != 1) ||
        (strchr("iu", h->kind) && (!power || h->itemsize > 8)) ||
        (h->kind == 'f' && (!power || h->itemsize < 2 || h->itemsize > 16)) ||
        (h->kind == 'c' && (!power || h->itemsize < 8 || h->itemsize > 32)))
        fz_fail("accepted %s with shape rank %u: numpy cannot make that array", h->descr, h->rank);
    for (const char* p = h->descr; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == '\\')
            fz_fail("descr holds byte 0x%02x", (unsigned char)*p);
    npy_encoding declared = data[6] == 3 ? NPY_ENCODING_UTF8 : NPY_ENCODING_LATIN1;
    if (h->encoding != declared)
        fz_fail("version %u.0 recorded as encoding %d", data[6], h->encoding);
}

/* The accepted header's shape literal, as numpy (ast.literal_eval) would read it. The scan
 * skips quoted strings (an accepted header has no backslash to escape a quote), so only the
 * dict's own 'shape' key, followed by ':', opens the literal. */
static void check_shape_literal(const uint8_t* data, const npy_header* h)
{
    size_t prefix = data[6] == 1 ? 10 : 12;
    const char* p = (const char*)data + prefix;
    const char* end = (const char*)data + h->data_offset;
    bool after_shape = false;
    while (p < end && !(after_shape && *p == ':')) {
        if (*p == '\'' || *p == '"') {
            const char* close = memchr(p + 1, *p, (size_t)(end - p - 1));
            if (!close)
                fz_fail("accepted a header with an unterminated string");
            after_shape = close - p - 1 == 5 && memcmp(p + 1, "shape", 5) == 0;
            p = close + 1;
        } else {
            after_shape = after_shape && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r');
            p++;
        }
    }
    while (p < end && *p != '(')
        p++;
    uint32_t items = 0;
    bool comma = false;
    for (p++; p < end && *p != ')'; p++) {
        if (*p < '0' || *p > '9') {
            if (*p == 'L' && data[6] == 3)
                fz_fail("accepted Python 2's L in a version 3.0 header's shape");
            comma = *p == ',' || (comma && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'));
            continue;
        }
        const char* digits = p;
        while (p + 1 < end && p[1] >= '0' && p[1] <= '9')
            p++;
        size_t length = (size_t)(p - digits) + 1, zeros = 0;
        while (zeros < length && digits[zeros] == '0')
            zeros++;
        if (zeros && zeros < length)
            fz_fail("accepted shape[%u] written with a leading zero: %.*s", items, (int)length, digits);
        items++;
        comma = false;
    }
    if (items != h->rank)
        fz_fail("the shape literal holds %u integers, the header says rank %u", items, h->rank);
    if (items == 1 && !comma)
        fz_fail("accepted a one-dimensional shape without its comma: an integer in parentheses");
}

/* npy_read_header through a file descriptor agrees with npy_parse. */
static void check_header_only(const uint8_t* data, size_t size, npy_status parsed, const npy_array* a,
                              const char* parse_message)
{
    static int fd = -1;
    if (fd < 0)
        fd = memfd_create("fuzz_npy", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, 0) != 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size) ||
        lseek(fd, 0, SEEK_SET) != 0)
        fz_fail("cannot stage the input in a memfd");
    npy_header h;
    char message[256] = "";
    npy_status status = npy_read_header(fd, &h, message, sizeof message);
    if (parsed == NPY_OK) {
        if (status != NPY_OK || memcmp(&h, &a->header, sizeof h) != 0)
            fz_fail("npy_parse accepts, npy_read_header says %d (%s) or another header", status, message);
        if (lseek(fd, 0, SEEK_CUR) != (off_t)h.data_offset)
            fz_fail("npy_read_header consumed more than the %llu header bytes", (unsigned long long)h.data_offset);
    } else if (status == NPY_OK) {
        if (size - h.data_offset >= h.bytes)
            fz_fail("npy_read_header accepts a file npy_parse refuses for another reason than data: %s", parse_message);
    } else if (status != parsed || strcmp(message, parse_message) != 0) {
        fz_fail("npy_parse says '%s', npy_read_header '%s'", parse_message, message);
    }
}

/* Written back and parsed again: the same array. */
static void check_round_trip(const npy_array* a)
{
    const npy_header* h = &a->header;
    size_t capacity = strlen(h->descr) + 256 + (size_t)h->rank * 22;
    unsigned char* file = malloc(capacity + h->bytes);
    if (!file)
        fz_fail("out of memory");
    size_t length = npy_format_header((char*)file, capacity, h->descr, h->encoding, h->rank, h->shape);
    if (length == 0 || length % 64 != 0)
        fz_fail("npy_format_header wrote %zu bytes", length);
    bool utf8 = h->encoding == NPY_ENCODING_UTF8 && !is_ascii(h->descr);
    if ((file[6] == 3) != utf8)
        fz_fail("descr in encoding %d written as version %u.0", h->encoding, file[6]);
    if (h->bytes)
        memcpy(file + length, a->data, h->bytes);
    npy_array b;
    char message[256] = "";
    if (npy_parse(file, length + h->bytes, &b, message, sizeof message) != NPY_OK)
        fz_fail("what npy_format_header wrote does not parse: %s", message);
    const npy_header* g = &b.header;
    if (strcmp(g->descr, h->descr) != 0 || (g->encoding != h->encoding && !is_ascii(h->descr)) || g->kind != h->kind ||
        g->itemsize != h->itemsize || g->rank != h->rank || memcmp(g->shape, h->shape, h->rank * sizeof h->shape[0]) ||
        g->bytes != h->bytes || (h->bytes && memcmp(b.data, a->data, h->bytes) != 0))
        fz_fail("round trip changed the array: descr %s -> %s, rank %u -> %u", h->descr, g->descr, h->rank, g->rank);
    free(file);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    npy_array a;
    char message[256] = "";
    npy_status status = npy_parse(data, size, &a, message, sizeof message);
    if (status != NPY_OK && (message[0] == '\0' || strchr(message, '\n')))
        fz_fail("status %d with message '%s'", status, message);
    if (status == NPY_OK) {
        check_accepted(&a, data, size);
        check_shape_literal(data, &a.header);
    }
    check_header_only(data, size, status, &a, message);
    if (status == NPY_OK)
        check_round_trip(&a);
    return 0;
}
