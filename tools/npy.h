/*
 * The .npy format (versions 1.0, 2.0 and 3.0) for the vksplit CLI: read a little-endian,
 * C-order array with a plain dtype, write one back with the same descr. Bytes are never
 * interpreted, so NaN payloads and -0.0 survive.
 *
 * Accepted descr: a string '<kN', '|kN' or '=kN' (k a numpy kind letter, N the item size),
 * or a structured dtype of exactly one field of such a type, without a subarray shape (e.g.
 * a bfloat16 stored as [('bf16', '<V2')]). Rejected with a message: big-endian ('>') items of
 * more than one byte, fortran_order True, object arrays, datetimes, other structured dtypes,
 * a field name holding a control character or a backslash (numpy writes those escaped; raw
 * they would corrupt the header we write back), a size numpy has no type for ('<c1'), a
 * dimension above INT64_MAX or items times non-zero dimensions above INT64_MAX bytes (numpy
 * cannot make such an array), a shape numpy's Python literal reader refuses (an integer in
 * parentheses, (3) or (0), which is not a tuple: one dimension is written (3,); a decimal
 * integer with a leading zero, 03, where 00 is zero; Python 2's 3L in a version 3.0 header),
 * a version 3.0 header that is not UTF-8, a header longer than NPY_MAX_HEADER_BYTES,
 * truncated data. Which kinds and sizes a caller supports is its own
 * business.
 *
 * Reading is header first: npy_read_header parses the preamble and header from a file
 * descriptor without touching the data, so a caller can check sizes (or stream the data)
 * before committing memory; the CLI streams it. Whole files in memory (npy_parse, npy_read,
 * npy_write) are the tests' (tests/cli/npy_files.h). Thread-safety: every function is safe
 * on distinct arguments (no global state).
 */
#ifndef VKSPLIT_TOOLS_NPY_H
#define VKSPLIT_TOOLS_NPY_H

#include <stddef.h>
#include <stdint.h>

#define NPY_MAX_DIMS 64                 /* numpy's own limit */
#define NPY_MAX_HEADER_BYTES (1u << 20) /* the longest header accepted (numpy's default is 10000) */

typedef enum npy_status {
    NPY_OK = 0,
    NPY_IO_ERROR = 1, /* the file system failed, or memory ran out */
    NPY_INVALID = 2   /* the file is missing, unreadable as .npy, or not supported */
} npy_status;

/* How the header's text is encoded: numpy writes versions 1.0 and 2.0 in latin-1 and 3.0
 * in UTF-8. For an ASCII descr the two agree. */
typedef enum npy_encoding { NPY_ENCODING_LATIN1 = 0, NPY_ENCODING_UTF8 = 1 } npy_encoding;

/* What the preamble and header say; the data starts at data_offset and is bytes long. */
typedef struct npy_header {
    /* The descr in numpy's spelling: "'<f4'" or "[('bf16', '<V2')]", the field name's bytes
     * as the header holds them (no control characters, no backslash). */
    char descr[256];
    npy_encoding encoding; /* of descr's bytes (a non-ASCII field name) */
    char kind;             /* numpy kind letter: 'b', 'i', 'u', 'f', 'c', 'V', 'S', 'U', ... */
    char byte_order;       /* '<', '|' or '=' */
    uint32_t itemsize;     /* bytes per element */
    uint32_t rank;
    uint64_t shape[NPY_MAX_DIMS]; /* each <= INT64_MAX */
    uint64_t count;               /* elements */
    uint64_t bytes;               /* count * itemsize: exactly the data that follows the header */
    uint64_t data_offset;         /* preamble + header bytes */
} npy_header;

/* Parses the preamble and header of a .npy file held in memory (size bytes from its start;
 * the data need not be there). message receives one line on failure. */
npy_status npy_parse_header(const void* file, size_t size, npy_header* out, char* message, size_t capacity);
/* Reads the preamble and header from fd and parses them: on return exactly
 * out->data_offset bytes have been consumed (fewer on failure), so fd stands at the first
 * data byte and nothing beyond the header was read, even from a pipe. Reads at most 12 +
 * NPY_MAX_HEADER_BYTES bytes; does not look at the data. Agrees with npy_parse_header on
 * every file whose header it can read. */
npy_status npy_read_header(int fd, npy_header* out, char* message, size_t capacity);

/* Writes the preamble and header of an array into buffer: magic, version, the dict, padding
 * to a multiple of 64 bytes. descr is written as given, in `encoding` (pass what the reader
 * recorded, or LATIN1 for an ASCII descr). The version is 1.0, or 2.0 when the header needs
 * more than 65535 bytes, and 3.0 only for a UTF-8 descr that is not ASCII: the version
 * declares the encoding numpy decodes the header with. Returns its length, or 0 when
 * capacity is too small. */
size_t npy_format_header(char* buffer, size_t capacity, const char* descr, npy_encoding encoding, uint32_t rank,
                         const uint64_t* shape);

#endif /* VKSPLIT_TOOLS_NPY_H */
