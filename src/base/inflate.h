/* DEFLATE decoding (RFC 1951) and CRC-32, for the embedded SPIR-V: the build compresses each
 * module (cmake/compress_spirv.cmake, CMake's own gzip) and the context unpacks one when it
 * makes its pipelines (src/context/spirv_unpack.c). Pure functions: no allocation, no state. */
#ifndef VKSPLIT_INFLATE_H
#define VKSPLIT_INFLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Decodes the raw DEFLATE stream in[0..in_size) into out[0..out_size): true only when the
 * stream is well formed, reads within in, and yields exactly out_size bytes. Never reads or
 * writes outside the two ranges, whatever the input; on false, out holds junk. */
bool vksplit__inflate(const uint8_t* in, size_t in_size, uint8_t* out, size_t out_size);

/* The CRC-32 of gzip and zlib (reflected polynomial 0xEDB88320). */
uint32_t vksplit__crc32(const uint8_t* data, size_t size);

#endif /* VKSPLIT_INFLATE_H */
