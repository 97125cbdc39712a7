/* split_bench's command line (bench_options.h). */
#include "bench_options.h"

#include <stdlib.h>
#include <string.h>

#include "bench_cases.h"
#include "bench_clock.h"
#include "bench_measure.h"

/* --mapping's names, in vksplit_mapping's order (NULL: 2, a retired value, has none). */
static const char* const mapping_names[] = {"-", "runs", NULL, "tiles", "transpose", "deinterleave", "by-shape"};
#define MAPPING_NAMES (sizeof mapping_names / sizeof mapping_names[0])

const char* bench_mapping_name(vksplit_mapping m)
{
    return (unsigned)m < MAPPING_NAMES && mapping_names[m] ? mapping_names[m] : "?";
}

void bench_usage(FILE* to)
{
    fprintf(to,
            "usage: split_bench [--size MiB[,MiB...]] [--case NAME[,NAME...]] [--all] [--convert] [--device N]\n"
            "                   [--list-devices]\n"
            "                   [--path auto|compute|copy] [--mapping NAME] [--workgroup N] [--invocation-bytes N]\n"
            "                   [--band-bytes N|off] [--max-word N] [--load-paths by-case|one] [--staging]\n"
            "                   [--reps N] [--warmup-ms MS]\n"
            "                   [--batch-ms MS] [--batch-reps K] [--validate] [--json] [--list] [--plan-only]\n"
            "                   [--shader-stats] [--clock-bits N]\n"
            "  Times each case against three references of the same bytes in the same run: a plain compute\n"
            "  copy (the ceiling), one-region vkCmdCopyBuffer and host memcpy, at a held clock: the split\n"
            "  back to back for --warmup-ms of GPU time first (default 200); then batches of K repetitions\n"
            "  back to back in one submission between two timestamps, K so that a batch lasts --batch-ms\n"
            "  (default 1; --batch-reps fixes K), the split's and the references' batches interleaved;\n"
            "  per-repetition time = batch time / K, the median of --reps batches (default 7; --batches\n"
            "  is the same). The clock is measured around each batch (VK_KHR_shader_clock, any counter\n"
            "  width; the spin's launch subtracted); a batch under 75%% of the reference clock, held at\n"
            "  the end of the first warm-up and re-checked after the last case, is warmed again and re-run.\n"
            "  The 4k/64k cases also run in latency mode (a timestamp pair around each of 64 back-to-back\n"
            "  repetitions), the clock read around it too.\n"
            "  The join_ cases join a split's outputs back into its input (vksplit_plan_create_join), timed\n"
            "  the same way; without --case a timed run takes every split and three joins (marked + by\n"
            "  --list), --all every case, --plan-only every case.\n"
            "  The copies that convert (qkv_f32_to_f16, join_f16_to_f32, split_f32_to_fp8, q8_0_quantize;\n"
            "  --convert, --case or --plan-only; not in --all, --all --convert adds them) split or\n"
            "  join with vksplit_plan_options.convert, their bytes checked bit for bit against\n"
            "  docs/conversions.md's CPU reference; a converting copy reads and writes different byte counts, so\n"
            "  its GB/s count (bytes read + bytes written) / 2 and its references copy that many bytes: the\n"
            "  ceiling's ratio is of the same traffic. Among them the KV appends that convert (kv_append_fp8:\n"
            "  a bfloat16 token into a float8e4m3fn cache at a GPU-written position, GIVEN, a device scale;\n"
            "  kv_append_q8_0, kv_append_q8_0_t16: float32 rows into a q8_0 cache at GPU-written slots, rows\n"
            "  INDEXED; latency loops, once whatever --size says) replay one command buffer step after step, a\n"
            "  GPU pass of the bench's own writing each step's place, against converting first with a second\n"
            "  plan and the byte append alone; per step the host wall time and the GPU time, as the rows loops\n"
            "  below; every method's cache checked against the same reference.\n"
            "  The engine loops (decode_f16_step, moe_f16_dispatch, moe_f16_combine; --all or --case) replay\n"
            "  one command buffer with device parameters step after step, a GPU pass of the bench's own\n"
            "  writing each step's lengths and offsets, against re-recording every step (decode: the same\n"
            "  recording, and a vkCmdCopyBuffer of the token's rows) or reading the counts back and planning\n"
            "  on the host (MoE); host-timed per step (recording, submission and the wait included), the\n"
            "  median of --reps rounds of M steps each (M: a round of the fastest lasts --batch-ms, or\n"
            "  --batch-reps steps), after --warmup-ms of steps of each; every method's bytes checked.\n"
            "  The rows loops (kv_append1, kv_append1_vtrans, kv_paged_append_t1/t16/t512/t8192,\n"
            "  tensorscatter_decode, moe_permute, moe_unpermute; --all or --case) replay a plan whose rows a GPU\n"
            "  pass of the bench's own places by indices it writes, against GIVEN, re-recorded vkCmdCopyBuffer\n"
            "  regions at host-known places, a static join and the host round trip; per step the host wall\n"
            "  time as above and the GPU time (K = M steps, at most 256, in one submission between two\n"
            "  timestamps); every method's bytes checked.\n"
            "  --size: tensor size of the throughput cases (default 64 MiB); the 4k/64k cases keep theirs.\n"
            "  --device: index from --list-devices (default: the first discrete GPU, else the first device).\n"
            "  --mapping runs|tiles|transpose|deinterleave|by-shape (the GPU default, also on lavapipe),\n"
            "  --workgroup/--invocation-bytes/--band-bytes/--max-word: override the device's tuning (vksplit_tuning).\n"
            "  --load-paths by-case|one: how TILES lays out a trip's loads (vksplit_load_paths; the device's by\n"
            "  default: one on Intel, by-case elsewhere).\n"
            "  --staging: move data through the staging buffer even where memory is host-cached.\n"
            "  --validate: run under the Khronos validation layer (synchronization too); exit 1 on any message.\n"
            "  --plan-only: plan every case and print the plan's own account (bytes in flight, input bytes\n"
            "  fetched per byte copied, workgroups, idle ones) without allocating or timing anything: what a\n"
            "  device would run, at any --size, on any device (--mapping by-shape: a discrete GPU's plans).\n"
            "  --shader-stats: per case, what the driver reports about the plan's pipeline (registers,\n"
            "  instructions, spills... through VK_KHR_pipeline_executable_properties; one line where it lacks it).\n"
            "  --clock-bits N: narrow the shader clock's readings to N bits (8..63), a narrow counter such as\n"
            "  RADV's 20-bit one on any device (for the tests), each spin starting it just before its wrap (N at\n"
            "  or over the width of the device's counter: that counter).\n");
}

/* "a,b,c" into out (at most max entries); 0 on a malformed list. */
static int split_list(char* text, const char** out, int max, int* count)
{
    *count = 0;
    for (char* item = strtok(text, ","); item; item = strtok(NULL, ",")) {
        if (*count == max)
            return 0;
        out[(*count)++] = item;
    }
    return *count > 0;
}

/* A number in [low, high], else 0 with a message. */
static int number(const char* flag, const char* text, double low, double high, double* out)
{
    char* end;
    *out = strtod(text, &end);
    if (end != text && !*end && *out >= low && *out <= high)
        return 1;
    fprintf(stderr, "split_bench: %s takes a number in [%g, %g], not %s\n", flag, low, high, text);
    return 0;
}

/* One option that takes a value; 0 on a bad one. */
static int parse_valued(const char* a, char* v, bench_options* o)
{
    double x;
    if (!strcmp(a, "--case")) {
        return split_list(v, o->cases, BENCH_MAX_CASES, &o->case_count);
    } else if (!strcmp(a, "--size")) {
        const char* items[BENCH_MAX_SIZES];
        if (!split_list(v, items, BENCH_MAX_SIZES, &o->size_count))
            return 0;
        for (int k = 0; k < o->size_count; k++)
            if ((o->sizes[k] = atof(items[k])) <= 0 || o->sizes[k] > 1 << 20) {
                fprintf(stderr, "split_bench: --size %s is not a size in MiB\n", items[k]);
                return 0;
            }
    } else if (!strcmp(a, "--device")) {
        o->runner.choose_device = 1;
        o->runner.device_index = (uint32_t)strtoul(v, NULL, 10);
    } else if (!strcmp(a, "--path")) {
        o->path = !strcmp(v, "compute") ? VKSPLIT_PATH_COMPUTE
                  : !strcmp(v, "copy")  ? VKSPLIT_PATH_TRANSFER
                  : !strcmp(v, "auto")  ? VKSPLIT_PATH_AUTO
                                        : (vksplit_path)-1;
        return (int)o->path >= 0;
    } else if (!strcmp(a, "--mapping")) {
        for (unsigned m = 1; m < MAPPING_NAMES; m++)
            if (mapping_names[m] && !strcmp(v, mapping_names[m])) {
                o->runner.tuning.mapping = (vksplit_mapping)m;
                return 1;
            }
        fprintf(stderr,
                "split_bench: --mapping %s is not a mapping: runs, tiles, transpose, deinterleave or by-shape\n", v);
        return 0;
    } else if (!strcmp(a, "--load-paths")) {
        o->runner.tuning.load_paths = !strcmp(v, "by-case") ? VKSPLIT_LOAD_PATHS_BY_CASE
                                      : !strcmp(v, "one")   ? VKSPLIT_LOAD_PATHS_ONE
                                                            : VKSPLIT_LOAD_PATHS_DEFAULT;
        if (o->runner.tuning.load_paths == VKSPLIT_LOAD_PATHS_DEFAULT) {
            fprintf(stderr, "split_bench: --load-paths takes by-case or one\n");
            return 0;
        }
    } else if (!strcmp(a, "--max-word")) {
        uint32_t word = (uint32_t)strtoul(v, NULL, 10);
        if (word < 1 || word > 32 || (word & (word - 1))) {
            fprintf(stderr, "split_bench: --max-word takes 1, 2, 4, 8, 16 or 32\n");
            return 0;
        }
        o->runner.tuning.max_word_bytes = word;
    } else if (!strcmp(a, "--workgroup")) {
        o->runner.tuning.workgroup_size = (uint32_t)strtoul(v, NULL, 10);
    } else if (!strcmp(a, "--invocation-bytes")) {
        o->runner.tuning.invocation_bytes = (uint32_t)strtoul(v, NULL, 10);
    } else if (!strcmp(a, "--band-bytes")) {
        o->runner.tuning.band_bytes = !strcmp(v, "off") ? UINT32_MAX : (uint32_t)strtoul(v, NULL, 10);
    } else if (!strcmp(a, "--reps") || !strcmp(a, "--batches")) {
        if (!number(a, v, 1, BENCH_MAX_BATCHES, &x))
            return 0;
        o->batches = (int)x;
    } else if (!strcmp(a, "--warmup-ms")) {
        return number(a, v, 0, 60000, &o->warmup_ms);
    } else if (!strcmp(a, "--batch-ms")) {
        return number(a, v, 0, 10000, &o->batch_ms);
    } else if (!strcmp(a, "--batch-reps")) {
        if (!number(a, v, 1, BENCH_MAX_BATCH_REPS, &x))
            return 0;
        o->batch_reps = (unsigned)x;
    } else if (!strcmp(a, "--clock-bits")) {
        if (!number(a, v, 8, 63, &x))
            return 0;
        o->clock_bits = (unsigned)x;
    } else {
        return 0;
    }
    return 1;
}

int bench_parse_options(int argc, char** argv, bench_options* o)
{
    memset(o, 0, sizeof *o);
    o->batches = 7;
    o->warmup_ms = 200;
    o->batch_ms = 1;
    o->sizes[0] = 64;
    o->size_count = 1;
    bench_clock_request(&o->runner);
    for (int i = 1; i < argc; i++) {
        const char* a = argv[i];
        if (!strcmp(a, "--json")) {
            o->json = 1;
        } else if (!strcmp(a, "--plan-only")) {
            o->plan_only = 1;
        } else if (!strcmp(a, "--shader-stats")) {
            o->shader_stats = 1;
            o->runner.enable_pipeline_statistics = 1;
        } else if (!strcmp(a, "--validate")) {
            o->validate = 1;
            o->runner.enable_validation = 1;
            o->runner.enable_synchronization_validation = 1;
        } else if (!strcmp(a, "--staging")) {
            o->runner.memory = VKSPLIT_RUNNER_MEMORY_STAGING;
        } else if (!strcmp(a, "--list-devices")) {
            o->list_devices = 1;
        } else if (!strcmp(a, "--all")) {
            o->all = 1;
        } else if (!strcmp(a, "--convert")) {
            o->convert = 1;
        } else if (!strcmp(a, "--list")) { /* "+": timed without --case */
            for (uint32_t c = 0; c < bench_case_total(); c++)
                printf("%-21s %s %s\n", bench_case_at(c)->name, bench_case_at(c)->extra ? " " : "+",
                       bench_case_at(c)->what);
            exit(0);
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            bench_usage(stdout);
            exit(0);
        } else if (i + 1 == argc || !parse_valued(a, argv[i + 1], o)) {
            return 0;
        } else {
            i++;
        }
    }
    for (int k = 0; k < o->case_count; k++) {
        int found = 0;
        for (uint32_t c = 0; c < bench_case_total(); c++)
            found |= !strcmp(o->cases[k], bench_case_at(c)->name);
        if (!found) {
            fprintf(stderr, "split_bench: no case named %s (see --list)\n", o->cases[k]);
            return 0;
        }
    }
    return 1;
}

int bench_selected(const bench_options* o, const bench_case* c)
{
    if (o->case_count == 0 && bench_is_convert(c)) /* --plan-only: the machine code's every kernel */
        return o->convert || o->plan_only;
    if (o->case_count == 0)
        return o->convert && !o->all ? 0 : o->all || o->plan_only || !c->extra;
    for (int k = 0; k < o->case_count; k++)
        if (!strcmp(o->cases[k], c->name))
            return 1;
    return 0;
}
