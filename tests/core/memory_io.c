/* Host-memory streams for a run (memory_io.h). */
#include "memory_io.h"

#include <string.h>

static vksplit_result read_input(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    (void)error;
    core_memory_io* m = user;
    memcpy(dst, m->input + m->input_at, bytes);
    m->input_at += bytes;
    return VKSPLIT_OK;
}

static vksplit_result write_output(void* user, uint32_t output, const void* src, size_t bytes, vksplit_error* error)
{
    (void)error;
    core_memory_io* m = user;
    if (output != m->output) {
        m->output = output;
        m->written = 0;
    }
    memcpy(m->outputs[output] + m->written, src, bytes);
    m->written += bytes;
    m->output_pieces++;
    return VKSPLIT_OK;
}

vksplit_runner_io core_memory_io_begin(core_memory_io* m, const uint8_t* input, uint8_t** outputs)
{
    *m = (core_memory_io){input, 0, outputs, UINT32_MAX, 0, 0};
    return (vksplit_runner_io){read_input, write_output, m};
}
