/* fuzz_inflate: the DEFLATE decoder the embedded SPIR-V goes through (src/base/inflate.c).
 * Input: two bytes of output size (little-endian, 0..65535), then the stream.
 *   - vksplit__inflate never reads or writes outside its two ranges (ASan), whatever the
 *     stream, and gives the same verdict and bytes twice;
 *   - it succeeds for at most one output size: the size must be exact;
 *   - the stream's bytes, wrapped as stored blocks cut at the size's low byte (a block
 *     format of no compression), decode to those bytes exactly. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/inflate.h"
#include "fuzz_fail.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/* `bytes` as stored blocks of at most `piece` bytes each (at least one block). */
static size_t store(const uint8_t* bytes, size_t n, size_t piece, uint8_t* out)
{
    size_t at = 0, done = 0;
    do {
        size_t len = n - done < piece ? n - done : piece;
        out[at++] = done + len == n ? 1 : 0;
        out[at++] = (uint8_t)len;
        out[at++] = (uint8_t)(len >> 8);
        out[at++] = (uint8_t)~len;
        out[at++] = (uint8_t)(~len >> 8);
        memcpy(out + at, bytes + done, len);
        at += len;
        done += len;
    } while (done < n);
    return at;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 2)
        return 0;
    size_t out_size = (size_t)data[0] | (size_t)data[1] << 8;
    const uint8_t* stream = data + 2;
    size_t stream_size = size - 2;
    /* Exact-size buffers, so that ASan sees a byte past either end. */
    uint8_t* in = malloc(stream_size ? stream_size : 1);
    uint8_t* a = malloc(out_size + 1);
    uint8_t* b = malloc(out_size + 1);
    if (!in || !a || !b)
        fz_fail("out of memory");
    memcpy(in, stream, stream_size);
    bool ok = vksplit__inflate(in, stream_size, a, out_size);
    if (vksplit__inflate(in, stream_size, b, out_size) != ok || (ok && memcmp(a, b, out_size) != 0))
        fz_fail("two decodings of one stream differ");
    if (ok && vksplit__inflate(in, stream_size, b, out_size + 1))
        fz_fail("decodes to %zu bytes and to %zu", out_size, out_size + 1);
    if (ok && out_size && vksplit__inflate(in, stream_size, b, out_size - 1))
        fz_fail("decodes to %zu bytes and to %zu", out_size, out_size - 1);

    size_t piece = data[0] ? data[0] : 1;
    uint8_t* stored = malloc(stream_size + 5 * (stream_size / piece + 1));
    uint8_t* back = malloc(stream_size ? stream_size : 1);
    if (!stored || !back)
        fz_fail("out of memory");
    size_t stored_size = store(in, stream_size, piece, stored);
    if (!vksplit__inflate(stored, stored_size, back, stream_size) || memcmp(back, in, stream_size) != 0)
        fz_fail("%zu bytes in stored blocks of %zu do not decode to themselves", stream_size, piece);
    free(stored);
    free(back);
    free(in);
    free(a);
    free(b);
    return 0;
}
