/* The compiled variants of shaders/split_copy.comp, one line each:
 *     X(addressing, word_bytes, atomic_stores)
 * addressing: bda  - buffers through device addresses (one dispatch for any output count)
 *             desc - the push-descriptor fallback (an array of output bindings)
 * atomic_stores: 1- and 2-byte words stored through 32-bit atomics, for devices without
 *                8/16-bit storage.
 * This list is the one source: cmake/shaders.cmake reads these lines to build and embed the
 * SPIR-V, src/pipelines.c expands them into its table of embedded variants, and the widest
 * word each addressing lists is the planner's limit (src/kernels.c). Keep one X(...) per line. */
#ifndef VKSPLIT_SHADER_VARIANTS_H
#define VKSPLIT_SHADER_VARIANTS_H

#define VKSPLIT_SHADER_VARIANTS(X) \
    X(bda, 1, 0)                   \
    X(bda, 2, 0)                   \
    X(bda, 4, 0)                   \
    X(bda, 8, 0)                   \
    X(bda, 16, 0)                  \
    X(bda, 32, 0)                  \
    X(bda, 1, 1)                   \
    X(bda, 2, 1)                   \
    X(desc, 1, 0)                  \
    X(desc, 2, 0)                  \
    X(desc, 4, 0)                  \
    X(desc, 8, 0)                  \
    X(desc, 16, 0)                 \
    X(desc, 1, 1)                  \
    X(desc, 2, 1)

#endif /* VKSPLIT_SHADER_VARIANTS_H */
