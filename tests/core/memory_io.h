/* A split's run (vksplit_runner_run_plan, _run_device_plan) streamed from and into host
 * memory: the input read from one array, output k written into outputs[k], piece after piece.
 * For tests that run a plan they made themselves. */
#ifndef VKSPLIT_TESTS_CORE_MEMORY_IO_H
#define VKSPLIT_TESTS_CORE_MEMORY_IO_H

#include <stddef.h>
#include <stdint.h>

#include "vksplit/vksplit_runner.h"

typedef struct core_memory_io {
    const uint8_t* input;
    size_t input_at;
    uint8_t** outputs;
    uint32_t output; /* the output streaming now, and how far */
    size_t written;
    uint32_t output_pieces; /* write_output calls, all outputs */
} core_memory_io;

/* Starts *m over input and outputs and returns the streams that read and fill them. */
vksplit_runner_io core_memory_io_begin(core_memory_io* m, const uint8_t* input, uint8_t** outputs);

#endif /* VKSPLIT_TESTS_CORE_MEMORY_IO_H */
