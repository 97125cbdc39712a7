/* The planner's caps the fuzzers plan with where they stand for a real device: the defaults of
 * src/context/tuning.c for a GPU and for lavapipe (check_plan.c's other caps force mappings and
 * extremes). Initializers of vksplit__planner_caps (src/geometry/geometry.h). */
#ifndef VKSPLIT_FUZZ_CAPS_H
#define VKSPLIT_FUZZ_CAPS_H

#include <stdint.h>

#define FZ_CAPS_GPU                                                                                                   \
    {                                                                                                                 \
        .max_word_bytes = 16, .bda = 1, .mapping = VKSPLIT_MAPPING_BY_SHAPE, .workgroup_size = 256,                   \
        .invocation_bytes = 512, .min_workgroups = 2048, .band_bytes = 8u << 20, .segments_per_dispatch = UINT32_MAX, \
        .shared_bytes = 16384                                                                                         \
    }
#define FZ_CAPS_CPU                                                                           \
    {                                                                                         \
        .max_word_bytes = 32, .bda = 1, .mapping = VKSPLIT_MAPPING_RUNS, .workgroup_size = 8, \
        .invocation_bytes = 4096, .min_workgroups = 8, .segments_per_dispatch = UINT32_MAX    \
    }

#endif /* VKSPLIT_FUZZ_CAPS_H */
