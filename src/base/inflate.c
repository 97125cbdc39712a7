/* See inflate.h. A canonical-Huffman decoder in the manner of zlib's puff.c (written here
 * from RFC 1951): codes are decoded a bit at a time against per-length counts, which keeps
 * the tables a few hundred bytes on the stack and every step bounds-checked. About 100 MB/s
 * of output on one core: a 30 KB module in a fraction of a millisecond, next to the tens of
 * milliseconds its pipeline takes to compile. */
#include "base/inflate.h"

#include <string.h>

#define MAX_CODE_BITS 15
#define LITERAL_CODES 288 /* 286 used; the fixed code defines 288 */
#define DISTANCE_CODES 30

typedef struct bit_reader {
    const uint8_t* in;
    size_t size, at;
    uint32_t bits; /* the next `count` bits of the stream, lowest first */
    int count;
    bool past_end; /* a read ran past the input: the stream is broken */
} bit_reader;

typedef struct byte_writer {
    uint8_t* out;
    size_t size, at;
} byte_writer;

/* A canonical Huffman code: how many codes each length has, and the symbols in code order. */
typedef struct huffman {
    uint16_t count[MAX_CODE_BITS + 1];
    uint16_t symbol[LITERAL_CODES];
} huffman;

/* The next n bits (n <= 16), first bit lowest; 0 and past_end once the input is spent. Loads
 * a byte only while fewer than n bits are held, so fewer than 8 are left over: the rest of
 * the current byte, which a stored block drops to reach its byte boundary. */
static uint32_t take_bits(bit_reader* r, int n)
{
    uint32_t v = r->bits;
    while (r->count < n) {
        if (r->at == r->size) {
            r->past_end = true;
            return 0;
        }
        v |= (uint32_t)r->in[r->at++] << r->count;
        r->count += 8;
    }
    r->bits = v >> n;
    r->count -= n;
    return v & ((1u << n) - 1u);
}

/* Counts and symbol order from the code lengths; false for an over-subscribed code. An
 * incomplete one is taken: a code it lacks fails when met (decode_symbol). */
static bool build_code(huffman* h, const uint8_t* lengths, int n)
{
    memset(h->count, 0, sizeof h->count);
    for (int i = 0; i < n; i++)
        h->count[lengths[i]]++;
    int left = 1;
    for (int len = 1; len <= MAX_CODE_BITS; len++) {
        left = 2 * left - h->count[len];
        if (left < 0)
            return false;
    }
    uint16_t next[MAX_CODE_BITS + 1];
    next[1] = 0;
    for (int len = 1; len < MAX_CODE_BITS; len++)
        next[len + 1] = (uint16_t)(next[len] + h->count[len]);
    for (int i = 0; i < n; i++)
        if (lengths[i])
            h->symbol[next[lengths[i]]++] = (uint16_t)i;
    return true;
}

/* One symbol, or -1 where the bits match no code or the input ends. */
static int decode_symbol(bit_reader* r, const huffman* h)
{
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= MAX_CODE_BITS; len++) {
        code |= (int)take_bits(r, 1);
        int count = h->count[len];
        if (code - first < count)
            return r->past_end ? -1 : h->symbol[index + code - first];
        index += count;
        first = (first + count) << 1;
        code <<= 1;
    }
    return -1;
}

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[DISTANCE_CODES] = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                                                       33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                                                       1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distance_extra[DISTANCE_CODES] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* A block's literals and back-references up to its end code. */
static bool copy_codes(bit_reader* r, byte_writer* w, const huffman* literals, const huffman* distances)
{
    for (;;) {
        int symbol = decode_symbol(r, literals);
        if (symbol < 0)
            return false;
        if (symbol < 256) {
            if (w->at == w->size)
                return false;
            w->out[w->at++] = (uint8_t)symbol;
            continue;
        }
        if (symbol == 256)
            return true;
        symbol -= 257;
        if (symbol >= 29)
            return false;
        size_t length = length_base[symbol] + take_bits(r, length_extra[symbol]);
        int d = decode_symbol(r, distances);
        if (d < 0 || d >= DISTANCE_CODES)
            return false;
        size_t back = distance_base[d] + take_bits(r, distance_extra[d]);
        if (r->past_end || back > w->at || length > w->size - w->at)
            return false;
        for (; length; length--, w->at++) /* byte by byte: a reference may overlap its copy */
            w->out[w->at] = w->out[w->at - back];
    }
}

static bool stored_block(bit_reader* r, byte_writer* w)
{
    r->bits = 0; /* to the next byte boundary */
    r->count = 0;
    if (r->size - r->at < 4)
        return false;
    const uint8_t* p = r->in + r->at;
    size_t length = (size_t)p[0] | (size_t)p[1] << 8;
    if ((size_t)(p[2] | p[3] << 8) != (~length & 0xffffu))
        return false;
    r->at += 4;
    if (length > r->size - r->at || length > w->size - w->at)
        return false;
    memcpy(w->out + w->at, r->in + r->at, length);
    r->at += length;
    w->at += length;
    return true;
}

static bool fixed_block(bit_reader* r, byte_writer* w)
{
    uint8_t lengths[LITERAL_CODES];
    huffman literals, distances;
    for (int i = 0; i < LITERAL_CODES; i++)
        lengths[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
    build_code(&literals, lengths, LITERAL_CODES);
    memset(lengths, 5, DISTANCE_CODES);
    build_code(&distances, lengths, DISTANCE_CODES);
    return copy_codes(r, w, &literals, &distances);
}

static bool dynamic_block(bit_reader* r, byte_writer* w)
{
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int literal_count = (int)take_bits(r, 5) + 257, distance_count = (int)take_bits(r, 5) + 1;
    int length_count = (int)take_bits(r, 4) + 4;
    if (r->past_end || literal_count > 286 || distance_count > DISTANCE_CODES)
        return false;
    uint8_t lengths[286 + DISTANCE_CODES] = {0};
    for (int i = 0; i < length_count; i++)
        lengths[order[i]] = (uint8_t)take_bits(r, 3);
    huffman code_lengths, literals, distances;
    if (!build_code(&code_lengths, lengths, 19))
        return false;
    int total = literal_count + distance_count;
    memset(lengths, 0, sizeof lengths);
    for (int i = 0; i < total;) {
        int symbol = decode_symbol(r, &code_lengths);
        if (symbol < 0)
            return false;
        if (symbol < 16) {
            lengths[i++] = (uint8_t)symbol;
            continue;
        }
        uint8_t repeated = 0;
        int times;
        if (symbol == 16) {
            if (i == 0)
                return false;
            repeated = lengths[i - 1];
            times = 3 + (int)take_bits(r, 2);
        } else {
            times = symbol == 17 ? 3 + (int)take_bits(r, 3) : 11 + (int)take_bits(r, 7);
        }
        if (r->past_end || times > total - i)
            return false;
        while (times--)
            lengths[i++] = repeated;
    }
    if (lengths[256] == 0) /* no end-of-block code */
        return false;
    return build_code(&literals, lengths, literal_count) &&
           build_code(&distances, lengths + literal_count, distance_count) && copy_codes(r, w, &literals, &distances);
}

bool vksplit__inflate(const uint8_t* in, size_t in_size, uint8_t* out, size_t out_size)
{
    bit_reader r = {in, in_size, 0, 0, 0, false};
    byte_writer w = {out, out_size, 0};
    for (bool last = false; !last;) {
        last = take_bits(&r, 1) != 0;
        uint32_t type = take_bits(&r, 2);
        bool ok = !r.past_end && (type == 0   ? stored_block(&r, &w)
                                  : type == 1 ? fixed_block(&r, &w)
                                  : type == 2 ? dynamic_block(&r, &w)
                                              : false);
        if (!ok)
            return false;
    }
    return w.at == out_size;
}

uint32_t vksplit__crc32(const uint8_t* data, size_t size)
{
    uint32_t table[256]; /* on the stack: 256 entries cost less than one module's bytes */
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1u ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < size; i++)
        crc = table[(crc ^ data[i]) & 0xFFu] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}
