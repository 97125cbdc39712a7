/* split_bench's command line. */
#ifndef VKSPLIT_BENCH_OPTIONS_H
#define VKSPLIT_BENCH_OPTIONS_H

#include <stdio.h>

#include "bench_cases.h"
#include "vksplit/vksplit_runner.h"

#define BENCH_MAX_SIZES 8
#define BENCH_MAX_CASES 32

typedef struct bench_options {
    const char* cases[BENCH_MAX_CASES];
    int case_count;
    double sizes[BENCH_MAX_SIZES];
    int size_count;
    int json, list_devices, plan_only, shader_stats, validate;
    int all;             /* --all: every case, the extra joins too (not the copies that convert) */
    int convert;         /* --convert: the copies that convert (with --all: every case) */
    int batches;         /* --reps / --batches: timed rounds */
    double warmup_ms;    /* --warmup-ms */
    double batch_ms;     /* --batch-ms */
    unsigned batch_reps; /* --batch-reps: a fixed K (0: sized to --batch-ms) */
    unsigned clock_bits; /* --clock-bits: the shader clock's readings narrowed to this many bits (tests) */
    vksplit_runner_desc runner;
    vksplit_path path;
} bench_options;

/* 0 on a bad command line (message on stderr); exits 0 itself for --help and --list. */
int bench_parse_options(int argc, char** argv, bench_options* o);
void bench_usage(FILE* to);
/* Whether the command line selects the case: the named ones with --case; else the copies that
 * convert with --convert (and every other case with --all too); else every case but those with
 * --all or --plan-only; else every case but the extra ones (bench_case.extra). */
int bench_selected(const bench_options* o, const bench_case* c);
/* --mapping's name of a vksplit_mapping. */
const char* bench_mapping_name(vksplit_mapping m);

#endif /* VKSPLIT_BENCH_OPTIONS_H */
