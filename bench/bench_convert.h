/* split_bench's copies that convert (vksplit_plan_options.convert, docs/conversions.md): their
 * tensors' bytes by type, the values they start from, their CPU check and the bytes they read
 * and write. The check is the tests' own reference (tests/convert/convert_reference.c, written
 * from docs/conversions.md and compiled into split_bench by path): every element of every part
 * against the whole's element it comes from, converted on the host, bit for bit. */
#ifndef VKSPLIT_BENCH_CONVERT_H
#define VKSPLIT_BENCH_CONVERT_H

#include <stdint.h>

#include "bench_cases.h"

/* "float16", ... (the library's summaries' names). */
const char* bench_type_name(vksplit_type t);
/* The plan's spans (vksplit_plan_input_span_bytes, vksplit_plan_output_span_bytes) against the
 * setup's: 1 where they are the same, else 0 with a message on stderr. */
int bench_convert_spans_match(const bench_setup* s, const vksplit_plan* plan);
/* What one run of the plan reads and writes: the spans of the side it reads (a split's whole, a
 * join's parts) and of the side it writes. */
void bench_convert_traffic(const vksplit_plan* plan, uint64_t* bytes_read, uint64_t* bytes_written);
/* The read side's values: finite normal floats, |x| in [2^-8, 16), sign and 23 bits of
 * significand random (narrowed once to t; Q8_0: blocks quantized from them), as activations
 * are; the written side stays zero. `whole` spans the input span, `arena` the arena. */
void bench_convert_fill(const bench_setup* s, uint8_t* whole, uint8_t* arena);
/* Every element converted as docs/conversions.md says, bit for bit, and the bytes past each
 * written tensor (its span's last word, the arena's gaps) still zero. 1 if all hold, else 0 with
 * a message on stderr naming the part, the element and both codes. */
int bench_convert_check(const bench_setup* s, const uint8_t* whole, const uint8_t* arena);

#endif /* VKSPLIT_BENCH_CONVERT_H */
