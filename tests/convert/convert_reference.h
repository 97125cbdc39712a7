/* The tests' own CPU reference of the copies that convert (vksplit_plan_options.convert),
 * written from docs/conversions.md alone, never from the shader: every element's bits as the
 * contract states them. Plain C11: bit casts through memcpy, native float32 arithmetic (IEEE
 * 754 with subnormals, as x86-64's SSE does it), the rounding of the narrowings in integers.
 * Codes travel as uint32_t: a float32's bits, a FLOAT16's or BFLOAT16's 16 bits, an FP8's 8. */
#ifndef VKSPLIT_TESTS_CONVERT_REFERENCE_H
#define VKSPLIT_TESTS_CONVERT_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

#include "vksplit/vksplit.h"

#define CREF_Q8_0_BLOCK 32u       /* elements in a Q8_0 block */
#define CREF_Q8_0_BLOCK_BYTES 34u /* d (FLOAT16, little-endian), then qs[32] */

/* Bytes of one element: 4, 2, 1; 0 for Q8_0 and NONE (no byte size). */
uint32_t cref_element_size(vksplit_type t);
/* The bytes of `elements` elements of type t: Q8_0 in whole blocks (a multiple of 32 elements). */
uint64_t cref_bytes(vksplit_type t, uint64_t elements);
/* "FLOAT16", ...; "?" for a value that is no type. */
const char* cref_type_name(vksplit_type t);
/* Whether docs/conversions.md's table lists whole <-> parts (either way), equal types aside. */
int cref_pair_supported(vksplit_type a, vksplit_type b);
int cref_is_fp8(vksplit_type t);

/* float32 bits <-> float, by memcpy. */
float cref_f32(uint32_t bits);
uint32_t cref_bits(float f);

/* A FLOAT32, FLOAT16, BFLOAT16, E4M3FN or E5M2 code widened to float32's bits: exact, NaN by
 * the doc's widening table. */
uint32_t cref_widen(vksplit_type t, uint32_t code);
/* float32's bits narrowed once to t (FLOAT32: the bits as they are), round to nearest even
 * with t's subnormals, NaN and overflow by the doc's narrowing table (no_saturate for FP8). */
uint32_t cref_narrow(vksplit_type t, uint32_t f32bits, int no_saturate);
/* One element from a code of `from` to a code of `to` (neither Q8_0; equal types copy the
 * code): the scale (has_scale: HOST or DEVICE) only where one side is FP8, a NaN or infinite
 * x not multiplied, a NaN product 0x7FC00000 with sign(x) xor sign(scale). */
uint32_t cref_convert(vksplit_type from, vksplit_type to, uint32_t code, int no_saturate, int has_scale, float scale);

/* ggml's quantize_row_q8_0_ref on 32 float32 values, with the doc's NaN and clamp rules. */
void cref_q8_0_quantize(const float x[32], uint8_t out[34]);
/* One block into 32 codes of `to` (FLOAT32, FLOAT16 or BFLOAT16). */
void cref_q8_0_dequantize(const uint8_t in[34], vksplit_type to, uint32_t out_codes[32]);

/* An element of t stored at bytes + i * size (little-endian), and stored back. */
uint32_t cref_load(vksplit_type t, const uint8_t* bytes, size_t i);
void cref_store(vksplit_type t, uint8_t* bytes, size_t i, uint32_t code);

/* `count` elements from `src` (packed, of type from) into `dst` (packed, of type to): element by
 * element, or with Q8_0 on one side block by block (count a multiple of 32; a Q8_0 side holds
 * count / 32 blocks of 34 bytes). */
void cref_convert_array(vksplit_type from, vksplit_type to, const uint8_t* src, uint8_t* dst, size_t count,
                        int no_saturate, int has_scale, float scale);

#endif /* VKSPLIT_TESTS_CONVERT_REFERENCE_H */
