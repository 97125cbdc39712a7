/*
 * The .npy format (versions 1.0, 2.0 and 3.0) for the vksplit CLI: read a little-endian,
 * C-order array with a plain dtype, write one back with the same descr. Bytes are never
 * interpreted, so NaN payloads and -0.0 survive.
 *
 * Accepted descr: a string '<kN', '|kN' or '=kN' (k a numpy kind letter, N the item size),
 * or a structured dtype of exactly one field of such a type, without a subarray shape (e.g.
 * a bfloat16 stored as [('bf16', '<V2')]). Rejected with a message: big-endian ('>') items of
 * more than one byte, fortran_order True, object arrays, datetimes, other structured dtypes,
 * truncated data. Which kinds and sizes a caller supports is its own business.
 */
#ifndef VKSPLIT_TOOLS_NPY_H
#define VKSPLIT_TOOLS_NPY_H

#include <stddef.h>
#include <stdint.h>

#define NPY_MAX_DIMS 64 /* numpy's own limit */

typedef enum npy_status {
    NPY_OK = 0,
    NPY_IO_ERROR = 1,   /* the file system failed */
    NPY_INVALID = 2     /* the file is missing, unreadable as .npy, or not supported */
} npy_status;

typedef struct npy_array {
    char descr[256];           /* the descr value exactly as the header wrote it: "'<f4'" */
    char kind;                 /* numpy kind letter: 'b', 'i', 'u', 'f', 'c', 'V', 'S', 'U', ... */
    char byte_order;           /* '<', '|' or '=' */
    uint32_t itemsize;         /* bytes per element */
    uint32_t rank;
    uint64_t shape[NPY_MAX_DIMS];
    uint64_t count;            /* elements */
    uint64_t bytes;            /* count * itemsize */
    const unsigned char* data; /* the elements, C order */
    void* owned;               /* what npy_free releases (npy_read's copy of the file) */
} npy_array;

/* Parses a whole .npy file held in memory; out->data points into it. message receives one
 * line on failure. */
npy_status npy_parse(const void* file, size_t size, npy_array* out, char* message, size_t capacity);

/* Reads and parses path. On success the caller owns out (npy_free). */
npy_status npy_read(const char* path, npy_array* out, char* message, size_t capacity);
void npy_free(npy_array* array);

/* Writes the preamble and header of an array into buffer: magic, version (1.0, or 2.0 when
 * the header needs more than 65535 bytes, 3.0 when descr is not ASCII), the dict, padding
 * to a multiple of 64 bytes. Returns its length, or 0 when capacity is too small. */
size_t npy_format_header(char* buffer, size_t capacity, const char* descr, uint32_t rank, const uint64_t* shape);

/* Writes a complete file. On failure a partial file may remain: the caller decides. */
npy_status npy_write(const char* path, const char* descr, uint32_t rank, const uint64_t* shape, const void* data,
                     uint64_t bytes, char* message, size_t capacity);

#endif /* VKSPLIT_TOOLS_NPY_H */
