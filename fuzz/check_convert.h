/* The fuzzers' model of copies that convert (vksplit_plan_options.convert, docs/conversions.md):
 * the options' rules and the request as vksplit_plan_create(_join) takes them
 * (vksplit__convert_options, the desc's element_size replaced by its copy_size, then
 * vksplit__split_request or vksplit__join_request), the geometry (vksplit__plan_convert_geometry,
 * src/geometry/convert_geometry.c) and a model of shaders/convert.comp that runs every workgroup of
 * its grid and every invocation, word by word as the kernel reads and writes its bindings (the
 * segment search, the row and tile, the row dimensions' walk, then copy_words, copy_elements,
 * quantize_block or dequantize_block with their merges of partial words), each element converted
 * by the tests' own reference (tests/convert/convert_reference.c). check_convert.c is, with
 * check_plan.c, check_device.c and check_rows.c, a file of the fuzzers that knows the internal
 * planner. */
#ifndef VKSPLIT_FUZZ_CHECK_CONVERT_H
#define VKSPLIT_FUZZ_CHECK_CONVERT_H

#include <stdint.h>

#include "vksplit/vksplit.h"

/* One request: desc (a split, or with join the join of the same fields: desc's input is then the
 * whole, its outputs the parts), the options (convert, and the fields the convert rules refuse
 * it with), and the device: the pipeline's workgroup, the grid's limits, and reach (0: device
 * addresses, one dispatch; else descriptors reaching that many bytes, one dispatch per segment).
 * The data the model copies comes from seed: random bits, or with moderate finite values of the
 * type read; device_scale is the float the GPU holds for VKSPLIT_SCALE_DEVICE. */
typedef struct fz_convert_case {
    const vksplit_split_desc* desc;
    int join;
    vksplit_plan_options options;
    uint32_t workgroup_size;
    uint32_t max_group_count[2];
    uint64_t reach;
    float device_scale;
    int moderate;
    uint64_t seed;
} fz_convert_case;

/* Aborts (fz_fail) when a refusal (the options, the request or the geometry) has no rule, no code
 * or no one-line message; when a conversion the rules forbid is planned (a pair the docs do not
 * list, a scale off FP8, a host scale not finite and positive, an element_size other than the
 * whole's, device parameters, rows or the TRANSFER path); when a plan's spans, segments or grid
 * differ from the request's (or pass the reach, the device's grid); and when the model of the
 * kernel reads or writes a word outside a tensor's span, writes a destination element other than
 * exactly once or a byte that is no element's at all, wraps a 32-bit index (the descriptor path's
 * positions included), or leaves a result other than the reference's, element by element (a
 * split: the whole's element at the part's offset along the axis plus the index into the part; a
 * join the other way; Q8_0 block by block). */
void fz_check_convert(const fz_convert_case* c);

#endif /* VKSPLIT_FUZZ_CHECK_CONVERT_H */
