/* The kernels of shaders/split_copy.comp, one line each:
 *     X(kernel, mapping, name, words, wide_words, bda_only, directions)
 * kernel:     its id (shaders/split_abi.h MAPPING_*), and the KERNEL each module is built for
 * mapping:    the public mapping it serves (DEFAULT: none; a plan with device parameters
 *             takes it whatever the tuning)
 * words:      the copy words it takes anywhere, as a mask of word sizes (4 bytes: the bit 4)
 * wide_words: those it takes only on device addresses where 16-byte words are allowed
 * bda_only:   device addresses only
 * directions: both, or split only (the shader's kernel has no JOIN path): the words of
 *             src/geometry/shader_variants.h. Only a mapping's other kernels may be split only
 *             (a join then plans with one that is not): a join plans with the tuned
 *             mapping's own kernel, so that one copies both directions.
 * This list is the one source: src/geometry/kernels.c expands it into the table the planner and the
 * pipeline set read, and cmake/shaders.cmake reads these lines to build one SPIR-V module per
 * variant (src/geometry/shader_variants.h) and kernel that variant's addressing, word and direction
 * take. Keep one X(...) per line, the masks as sums of powers of two joined by |. */
#ifndef VKSPLIT_KERNEL_TABLE_H
#define VKSPLIT_KERNEL_TABLE_H

#define VKSPLIT_KERNEL_TABLE(X)                                                                                \
    X(MAPPING_RUNS, VKSPLIT_MAPPING_RUNS, "runs", 1 | 2 | 4 | 8 | 16 | 32, 0, 0, both)                         \
    X(MAPPING_TILES, VKSPLIT_MAPPING_TILES, "tiles", 1 | 2 | 4 | 8 | 16 | 32, 0, 0, both)                      \
    X(MAPPING_TILES_REALIGN, VKSPLIT_MAPPING_TILES, "tiles (realigned to 16 bytes)", 0, 4 | 8, 1, both)        \
    X(MAPPING_TILES_WIDE, VKSPLIT_MAPPING_TILES, "tiles (64-bit places)", 1 | 2 | 4 | 8 | 16 | 32, 0, 1, both) \
    X(MAPPING_TRANSPOSE, VKSPLIT_MAPPING_TRANSPOSE, "transpose", 1 | 2 | 4 | 8 | 16, 0, 0, both)               \
    X(MAPPING_TRANSPOSE16, VKSPLIT_MAPPING_TRANSPOSE, "transpose (16-byte loads and stores)", 0, 4, 1, both)   \
    X(MAPPING_DEINTERLEAVE, VKSPLIT_MAPPING_DEINTERLEAVE, "deinterleave", 4, 16, 0, both)                      \
    X(MAPPING_DEVICE, VKSPLIT_MAPPING_DEFAULT, "device parameters", 4 | 8 | 16, 0, 0, both)                    \
    X(MAPPING_DEVICE_CHECK, VKSPLIT_MAPPING_DEFAULT, "device parameters' check", 4, 0, 0, split)               \
    X(MAPPING_ROWS, VKSPLIT_MAPPING_DEFAULT, "rows", 1 | 2 | 4 | 8 | 16, 0, 0, both)                           \
    X(MAPPING_ROWS_CHECK, VKSPLIT_MAPPING_DEFAULT, "rows' check", 4, 0, 0, split)

#endif /* VKSPLIT_KERNEL_TABLE_H */
