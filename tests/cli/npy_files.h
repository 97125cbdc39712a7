/* Whole .npy files in memory, for the tests and the fuzzer: the CLI itself reads only the
 * header (tools/npy.h: npy_read_header) and streams the data. Built on tools/npy.c's header
 * reader and writer, so a file these accept is one the CLI accepts. */
#ifndef VKSPLIT_TESTS_CLI_NPY_FILES_H
#define VKSPLIT_TESTS_CLI_NPY_FILES_H

#include "npy.h"

typedef struct npy_array {
    npy_header header;
    const unsigned char* data; /* header.bytes of elements, C order; never NULL on success */
    void* owned;               /* what npy_free releases (npy_read's copy of the data) */
} npy_array;

/* Parses a whole .npy file held in memory; out->data points into it. Bytes past the data
 * are ignored. message receives one line on failure. */
npy_status npy_parse(const void* file, size_t size, npy_array* out, char* message, size_t capacity);
/* Reads and parses path: the header (npy_read_header), then, for a regular file, a check
 * that the file holds all the data, then exactly header.bytes of data into one allocation
 * of that size. A pipe or device is read only up to the data's end. On success the caller
 * owns out (npy_free); messages start with path. */
npy_status npy_read(const char* path, npy_array* out, char* message, size_t capacity);
void npy_free(npy_array* array);
/* Writes a complete file (npy_format_header, then the data). On failure a partial file may
 * remain: the caller decides. */
npy_status npy_write(const char* path, const char* descr, npy_encoding encoding, uint32_t rank, const uint64_t* shape,
                     const void* data, uint64_t bytes, char* message, size_t capacity);

#endif /* VKSPLIT_TESTS_CLI_NPY_FILES_H */
