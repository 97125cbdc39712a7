/* The fuzz harnesses' byte reader: turns libFuzzer's bytes into values, small ones cheap.
 * Every harness decodes its descriptor with these, so seeds are easy to write by hand
 * (fuzz/make_seeds.py) and the fuzzer reaches interesting edges in one byte.
 *
 * A value is one tag byte:
 *   0x00..0xdf  the value itself (0..223)
 *   0xe0..0xef  an edge: 256, 1000, 65535, 65536, 65537, 2^31-1, 2^31, 2^32-1, 2^32, 2^32+1,
 *               2^53, 2^62, 2^63-1, 2^63, 2^64-2, 2^64-1
 *   0xf0        a 16-bit little-endian value follows
 *   0xf1        a 32-bit one follows
 *   0xf2        a 64-bit one follows
 *   0xf3..0xff  -1 .. -13 (two's complement)
 * Past the end of the input every read gives 0. */
#ifndef VKSPLIT_FUZZ_INPUT_H
#define VKSPLIT_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

typedef struct fz_reader {
    const uint8_t* p;
    size_t left;
} fz_reader;

uint8_t fz_byte(fz_reader* r);
uint64_t fz_u64(fz_reader* r);
static inline int64_t fz_i64(fz_reader* r) { return (int64_t)fz_u64(r); }
static inline uint32_t fz_u32(fz_reader* r) { return (uint32_t)fz_u64(r); }

/* A count of outputs or list entries: as fz_u64, except that 129..65536 fold to
 * v % 129. A translation costs microseconds per output (a split of 65536 outputs takes
 * 50 ms or more through front-end, validation and two plans), and no branch needs more than
 * 128: libFuzzer counts loop trips in buckets that end at 128. Counts past vksplit's limit
 * (65537 and up) stay as they are: they are refused before any per-output work. */
#define FZ_COUNT_FOLD_FROM 129u
#define FZ_COUNT_FOLD_TO 65536u
uint64_t fz_count(fz_reader* r);
static inline uint64_t fz_fold_count(uint64_t v)
{
    return v >= FZ_COUNT_FOLD_FROM && v <= FZ_COUNT_FOLD_TO ? v % FZ_COUNT_FOLD_FROM : v;
}

/* Entries of a list a harness writes. A longer list (only past vksplit's limit, after
 * fz_count) is refused for its length; its entries past these stay zero, never written,
 * so such a run costs no more than a short one and stays deterministic. */
#define FZ_LIST_FILL 160u
/* The first min(count, FZ_LIST_FILL) values: up to 32 decoded with fz_i64, then repeats. */
void fz_values(fz_reader* r, int64_t* values, size_t count);
/* Sets the last of count (<= FZ_LIST_FILL) values so that all of them sum to target (-1
 * entries count as 0, OpenVINO's "the remainder"); leaves them alone when that cannot be
 * done in int64 or the list is longer. */
void fz_fix_sum(int64_t* values, size_t count, int64_t target);

#endif /* VKSPLIT_FUZZ_INPUT_H */
