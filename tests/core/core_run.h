/* The insides of core_run_case (core_run.c), shared with where the tensors go
 * (core_run_layout.c) and what a failure prints (core_run_report.c). Test code only. */
#ifndef VKSPLIT_TESTS_CORE_RUN_H
#define VKSPLIT_TESTS_CORE_RUN_H

#include <stdio.h>

#include "core_support.h"

typedef struct host_buffer {
    uint64_t size;
    vksplit_runner_buffer device;
    uint8_t* expected;
    uint8_t* got; /* downloaded after the run */
} host_buffer;

typedef struct placement {
    int buffer; /* -1: VK_NULL_HANDLE */
    uint64_t offset;
    uint64_t span;
} placement;

/* A join's run (core_run_options.join) keeps the split's names: `input` is the join's output
 * (the whole), `outputs` its inputs (the parts). */
typedef struct run_state {
    vksplit_runner* runner;
    int join;
    host_buffer* buffers;
    uint32_t buffer_count;
    uint32_t buffer_capacity;
    placement input;
    placement* outputs; /* [records][output_count] */
    uint32_t records;
    uint32_t output_count;
    const vksplit_plan* plan;
    const core_run_options* options;
    vksplit_result record_result;
    vksplit_error record_error;
    vksplit_binding* bindings;       /* scratch [output_count] */
    vksplit_runner_buffer arguments; /* per-record arguments, one range per recording */
    uint64_t argument_stride;
} run_state;

/* ---- core_run_layout.c ---- */
uint64_t core__round_up(uint64_t v, uint64_t a);
/* A new buffer of size bytes in s (created on the device later); returns its index. */
int core__new_buffer(run_state* s, uint64_t size);
/* Up to 48 bytes after a tensor, so a write past its end lands on guard bytes. */
uint64_t core__tail_bytes(core_rng* rng);
/* Places one recording's outputs (and, for SHARED_WITH_INPUT on recording 0, the input too). */
void core__place_record(run_state* s, const core_case* c, uint32_t record, core_layout layout, uint64_t align,
                        int null_empty, uint32_t max_gap, core_rng* rng, int with_input);

/* ---- core_run_report.c ---- */
/* The seed, case index, layout, plan and case of a failure, and how to reproduce it. */
void core__print_context(const core_case* c, const core_run_options* o, core_layout layout, uint64_t align,
                         const vksplit_plan_info* info);
/* Names what a byte of a buffer is: an output element, a hole inside an output, the input, a guard. */
void core__describe_byte(FILE* f, const run_state* s, const core_case* c, int buffer, uint64_t pos);
/* Corrupts one byte of the kind asked for (see core_run_options.inject); 1 if it found one. */
int core__inject_fault(run_state* s, const core_case* c, int kind);

#endif /* VKSPLIT_TESTS_CORE_RUN_H */
