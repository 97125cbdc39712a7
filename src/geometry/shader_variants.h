/* The compiled variants of shaders/split_copy.comp, one line each:
 *     X(addressing, word_bytes, atomic_stores, direction)
 * addressing: bda  - buffers through device addresses (one dispatch for any output count)
 *             desc - the push-descriptor fallback (an array of output bindings)
 * atomic_stores: 1- and 2-byte words stored through 32-bit atomics, for devices without
 *                8/16-bit storage.
 * direction: both  - one module for split and join (JOIN a specialization constant)
 *            split, join - a module per direction (JOIN fixed at compile time): the descriptor
 *                   variants, whose pipelines must declare only the accesses their direction
 *                   makes to each binding (the validation layer's synchronization checks read
 *                   the module as written, without folding specialization constants).
 * This list is the one source: cmake/shaders.cmake reads these lines to build and embed the
 * SPIR-V, one module per variant and kernel of src/geometry/kernel_table.h it takes (the generated
 * embedded_shaders.h lists them for the pipeline set), and the widest word each addressing
 * lists is the planner's limit (src/geometry/kernels.c). Keep one X(...) per line. */
#ifndef VKSPLIT_SHADER_VARIANTS_H
#define VKSPLIT_SHADER_VARIANTS_H

/* The directions each word names, as a mask of 1 << vksplit__direction (bit 0 split, bit 1
 * join); src/geometry/kernel_table.h's directions column takes the same words. */
#define VKSPLIT__DIRECTION_BITS_both 3u
#define VKSPLIT__DIRECTION_BITS_split 1u
#define VKSPLIT__DIRECTION_BITS_join 2u

#define VKSPLIT_SHADER_VARIANTS(X) \
    X(bda, 1, 0, both)             \
    X(bda, 2, 0, both)             \
    X(bda, 4, 0, both)             \
    X(bda, 8, 0, both)             \
    X(bda, 16, 0, both)            \
    X(bda, 32, 0, both)            \
    X(bda, 1, 1, both)             \
    X(bda, 2, 1, both)             \
    X(desc, 1, 0, split)           \
    X(desc, 1, 0, join)            \
    X(desc, 2, 0, split)           \
    X(desc, 2, 0, join)            \
    X(desc, 4, 0, split)           \
    X(desc, 4, 0, join)            \
    X(desc, 8, 0, split)           \
    X(desc, 8, 0, join)            \
    X(desc, 16, 0, split)          \
    X(desc, 16, 0, join)           \
    X(desc, 1, 1, split)           \
    X(desc, 1, 1, join)            \
    X(desc, 2, 1, split)           \
    X(desc, 2, 1, join)

#endif /* VKSPLIT_SHADER_VARIANTS_H */
