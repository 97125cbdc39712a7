// A copy word, for every kernel that copies words (addressing.glsl's and the rows'): STORED is
// the word in memory, VALUE the same word in registers (8/16-bit storage gives no 8/16-bit
// registers, so those words travel as uint; without it, ATOMIC_STORES: 32-bit atomics on the
// word's containing uint, SMALL_MASK its bits).

#if ATOMIC_STORES
#define VALUE uint
#define SMALL_MASK ((1u << (8 * WORD_BYTES)) - 1u)
#elif WORD_BYTES == 1
#define STORED uint8_t
#define VALUE uint
#elif WORD_BYTES == 2
#define STORED uint16_t
#define VALUE uint
#elif WORD_BYTES == 4
#define STORED uint
#elif WORD_BYTES == 8
#define STORED uvec2
#elif WORD_BYTES == 16
#define STORED uvec4 // 32-bit lanes on both addressings: NAK moves 64-bit vectors lane by lane
#elif WORD_BYTES == 32 && defined(ADDRESSING_BDA)
#define STORED u64vec4
#else
#error "unsupported WORD_BYTES for this addressing"
#endif
#ifndef VALUE
#define VALUE STORED
#endif
