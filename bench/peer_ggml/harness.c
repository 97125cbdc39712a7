/* peer_ggml: one case of the peer bench (README.md beside this file), ggml-vulkan and vksplit in
 * one process on one Vulkan device, the same bytes, interleaved; one JSON object on stdout.
 *
 *   peer_ggml --case NAME [--rounds N] [--reps N] [--path auto|compute|transfer] [--device N] [--no-gpu]
 *   peer_ggml --list      every case: name, ready or pending, what each side runs
 *
 * A case runs in two passes, each a process of its own forked before anything touches Vulkan
 * (ggml reads GGML_VK_PERF_LOGGER once, when it starts): the wall pass, where neither side logs
 * anything, and the GPU pass, where ggml's perf logger and vksplit's timestamps are on. In each,
 * after a warm-up, the rounds alternate which side goes first; a round is `reps` runs of one
 * side, then of the other. The figures are medians over the rounds of a run's mean time. Both
 * sides start from the same bytes and end compared with each other and with the host's
 * reference, in both passes. Exit status: 0, or 3 where the bytes differ (the JSON says so),
 * 2 for a wrong argument or a pending case, 1 anything else. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, setenv, clock_gettime */
#include "peer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_ROUNDS 64
#define WARMUP_RUNS 2
#define SEED 0x70656572u

double peer_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct options {
    const peer_case* c;
    uint32_t rounds, reps;
    int device;    /* -1: the runner's default */
    uint32_t path; /* vksplit_path: 0 AUTO */
    int gpu;
} options;

/* What one pass sends back to the parent (through a pipe: plain bytes). */
typedef struct pass_result {
    int ok;
    int bytes_equal, reference_equal;
    uint64_t runs;
    double ggml_wall_s, vksplit_wall_s, ggml_gpu_s, vksplit_gpu_s; /* medians; gpu < 0: not measured */
    /* Each side's fastest round (the pass's own figure: wall in the wall pass, GPU in the GPU
     * pass): on a shared machine the round least disturbed by other work. */
    double ggml_best_s, vksplit_best_s;
    double ratio_min, ratio_max; /* of the rounds' ratios (wall or gpu) */
    char device[256], ggml_device[256], plan[160];
} pass_result;

static int compare_double(const void* a, const void* b)
{
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static double least(const double* v, uint32_t n)
{
    double m = v[0];
    for (uint32_t k = 1; k < n; k++)
        m = v[k] < m ? v[k] : m;
    return m;
}

static double median(const double* v, uint32_t n)
{
    double s[MAX_ROUNDS];
    memcpy(s, v, n * sizeof *v);
    qsort(s, n, sizeof *s, compare_double);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static int run_pass(const options* o, const peer_layout* l, pass_result* out)
{
    if (o->gpu)
        setenv("GGML_VK_PERF_LOGGER", "1", 1);
    else
        unsetenv("GGML_VK_PERF_LOGGER");
    uint8_t *whole = malloc(l->whole_bytes), *parts = malloc(l->parts_bytes);
    uint8_t *g_whole = malloc(l->whole_bytes), *g_parts = malloc(l->parts_bytes);
    uint8_t *v_whole = malloc(l->whole_bytes), *v_parts = malloc(l->parts_bytes);
    peer_vksplit* v = NULL;
    peer_ggml* g = NULL;
    int ok = whole && parts && g_whole && g_parts && v_whole && v_parts;
    if (ok) {
        peer_fill(l, SEED, whole, parts);
        ok = peer_vksplit_create(l, o->device, o->path, o->gpu, whole, parts, &v);
    }
    if (ok) { /* ggml on the runner's device: the index both enumerate through the one loader */
        char index[16];
        snprintf(index, sizeof index, "%u", peer_vksplit_device_index(v));
        setenv("GGML_VK_VISIBLE_DEVICES", index, 1);
        ok = peer_ggml_create(l, peer_vksplit_device(v), o->gpu, whole, parts, &g);
    }
    peer_round warm, gr[MAX_ROUNDS], vr[MAX_ROUNDS];
    ok = ok && peer_vksplit_round(v, WARMUP_RUNS, &warm) && peer_ggml_round(g, WARMUP_RUNS, &warm);
    for (uint32_t k = 0; ok && k < o->rounds; k++)
        ok = k % 2 ? peer_vksplit_round(v, o->reps, &vr[k]) && peer_ggml_round(g, o->reps, &gr[k])
                   : peer_ggml_round(g, o->reps, &gr[k]) && peer_vksplit_round(v, o->reps, &vr[k]);
    ok = ok && peer_ggml_read(g, g_whole, g_parts) && peer_vksplit_read(v, v_whole, v_parts);
    if (ok) {
        uint64_t runs = WARMUP_RUNS + (uint64_t)o->rounds * o->reps;
        peer_reference(l, runs, whole, parts);
        int w = peer_writes_whole(l->c);
        const uint8_t *ref = w ? whole : parts, *gb = w ? g_whole : g_parts, *vb = w ? v_whole : v_parts;
        size_t n = (size_t)(w ? l->whole_bytes : l->parts_bytes);
        out->bytes_equal = memcmp(gb, vb, n) == 0;
        out->reference_equal = memcmp(gb, ref, n) == 0 && memcmp(vb, ref, n) == 0;
        out->runs = runs;
        double gw[MAX_ROUNDS], vw[MAX_ROUNDS], gg[MAX_ROUNDS], vg[MAX_ROUNDS], ratio[MAX_ROUNDS];
        for (uint32_t k = 0; k < o->rounds; k++) {
            gw[k] = gr[k].wall_s, vw[k] = vr[k].wall_s, gg[k] = gr[k].gpu_s, vg[k] = vr[k].gpu_s;
            ratio[k] = o->gpu ? gg[k] / vg[k] : gw[k] / vw[k];
        }
        out->ggml_best_s = least(o->gpu ? gg : gw, o->rounds);
        out->vksplit_best_s = least(o->gpu ? vg : vw, o->rounds);
        out->ggml_wall_s = median(gw, o->rounds);
        out->vksplit_wall_s = median(vw, o->rounds);
        out->ggml_gpu_s = o->gpu ? median(gg, o->rounds) : -1;
        out->vksplit_gpu_s = o->gpu ? median(vg, o->rounds) : -1;
        for (uint32_t k = 0; k < o->rounds; k++) { /* a round without its timings: none for the pass */
            out->ggml_gpu_s = gg[k] < 0 ? -1 : out->ggml_gpu_s;
            out->vksplit_gpu_s = vg[k] < 0 ? -1 : out->vksplit_gpu_s;
            out->ratio_min = k == 0 || ratio[k] < out->ratio_min ? ratio[k] : out->ratio_min;
            out->ratio_max = k == 0 || ratio[k] > out->ratio_max ? ratio[k] : out->ratio_max;
        }
        snprintf(out->device, sizeof out->device, "%s", peer_vksplit_device(v));
        snprintf(out->ggml_device, sizeof out->ggml_device, "%s", peer_ggml_device(g));
        snprintf(out->plan, sizeof out->plan, "%s", peer_vksplit_plan(v));
    }
    peer_ggml_destroy(g);
    peer_vksplit_destroy(v);
    free(whole), free(parts), free(g_whole), free(g_parts), free(v_whole), free(v_parts);
    out->ok = ok;
    return ok;
}

/* A pass in a child process of its own; its result comes back through a pipe. */
static int fork_pass(const options* o, const peer_layout* l, pass_result* out)
{
    memset(out, 0, sizeof *out);
    int fds[2];
    fflush(stdout);
    fflush(stderr);
    if (pipe(fds) != 0)
        return 0;
    pid_t pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0) {
        close(fds[0]);
        pass_result r;
        memset(&r, 0, sizeof r);
        run_pass(o, l, &r);
        ssize_t wrote = write(fds[1], &r, sizeof r);
        close(fds[1]);
        _exit(wrote == (ssize_t)sizeof r && r.ok ? 0 : 1);
    }
    close(fds[1]);
    ssize_t got = 0, n;
    while (got < (ssize_t)sizeof *out && (n = read(fds[0], (char*)out + got, sizeof *out - (size_t)got)) > 0)
        got += n;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != (ssize_t)sizeof *out || !out->ok) {
        if (WIFSIGNALED(status))
            fprintf(stderr, "peer_ggml: %s: the %s pass died of signal %d\n", o->c->name, o->gpu ? "GPU" : "wall",
                    WTERMSIG(status));
        return 0;
    }
    return 1;
}

static void json_string(const char* key, const char* s)
{
    printf("\"%s\": \"", key);
    for (; *s; s++)
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s >= 0x20)
            putchar(*s);
    printf("\", ");
}

static void json_us(const char* key, double s, int last)
{
    if (s < 0 || !isfinite(s))
        printf("\"%s\": null%s", key, last ? "" : ", ");
    else
        printf("\"%s\": %.3f%s", key, s * 1e6, last ? "" : ", ");
}

static void json_ratio(const char* key, double a, double b)
{
    if (a < 0 || b <= 0 || !isfinite(a / b))
        printf("\"%s\": null, ", key);
    else
        printf("\"%s\": %.3f, ", key, a / b);
}

static void print_json(const options* o, const peer_layout* l, const pass_result* w, const pass_result* g)
{
    const peer_case* c = l->c;
    printf("{");
    json_string("case", c->name);
    json_string("ggml", c->ggml_text);
    json_string("vksplit", c->vksplit_text);
    json_string("path", o->path == 1 ? "compute" : o->path == 2 ? "transfer" : "auto");
    json_string("plan", w->plan);
    json_string("device", w->device);
    json_string("ggml_device", w->ggml_device);
    printf("\"bytes\": %llu, \"element_size\": %u, ", (unsigned long long)l->moved_bytes, c->element_size);
    if (peer_converts(c)) /* a copy that converts: the parts' element size, the types, the bytes it reads */
        printf("\"parts_element_size\": %u, \"convert\": \"%s->%s\", \"bytes_read\": %llu, ", peer_parts_size(c),
               peer_type_name(peer_writes_whole(c) ? peer_parts_type(c) : peer_whole_type(c)),
               peer_type_name(peer_writes_whole(c) ? peer_whole_type(c) : peer_parts_type(c)),
               (unsigned long long)(peer_writes_whole(c) ? l->parts_bytes : l->whole_bytes));
    printf("\"rounds\": %u, \"reps\": %u, \"runs\": %llu, ", o->rounds, o->reps, (unsigned long long)w->runs);
    json_us("ggml_wall_us", w->ggml_wall_s, 0);
    json_us("vksplit_wall_us", w->vksplit_wall_s, 0);
    json_ratio("ratio_wall", w->ggml_wall_s, w->vksplit_wall_s);
    printf("\"ratio_wall_rounds\": [%.3f, %.3f], ", w->ratio_min, w->ratio_max);
    json_us("ggml_gpu_us", g ? g->ggml_gpu_s : -1, 0);
    json_us("vksplit_gpu_us", g ? g->vksplit_gpu_s : -1, 0);
    json_ratio("ratio_gpu", g ? g->ggml_gpu_s : -1, g ? g->vksplit_gpu_s : -1);
    if (g && g->ggml_gpu_s >= 0 && g->vksplit_gpu_s > 0)
        printf("\"ratio_gpu_rounds\": [%.3f, %.3f], ", g->ratio_min, g->ratio_max);
    json_us("gpu_pass_ggml_wall_us", g ? g->ggml_wall_s : -1, 0);
    json_us("gpu_pass_vksplit_wall_us", g ? g->vksplit_wall_s : -1, 0);
    json_ratio("ratio_wall_best", w->ggml_best_s, w->vksplit_best_s);
    json_ratio("ratio_gpu_best", g ? g->ggml_best_s : -1, g ? g->vksplit_best_s : -1);
    printf("\"bytes_equal\": %s, \"reference_equal\": %s}\n",
           w->bytes_equal && (!g || g->bytes_equal) ? "true" : "false",
           w->reference_equal && (!g || g->reference_equal) ? "true" : "false");
}

static int usage(void)
{
    fprintf(stderr, "usage: peer_ggml --case NAME [--rounds N] [--reps N] [--path auto|compute|transfer] [--device N] "
                    "[--no-gpu] | --list\n");
    return 2;
}

static void list(void)
{
    for (uint32_t i = 0; i < peer_case_count; i++) {
        const peer_case* c = &peer_cases[i];
        printf("%s\t%s\t%s\t%s\n", c->name, c->pending ? "pending" : "ready", c->pending ? c->pending : c->ggml_text,
               c->vksplit_text);
    }
}

int main(int argc, char** argv)
{
    options o = {.rounds = 7, .device = -1, .gpu = 1};
    for (int i = 1; i < argc; i++) {
        const char* a = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--list") == 0) {
            list();
            return 0;
        } else if (strcmp(a, "--no-gpu") == 0) {
            o.gpu = 0;
        } else if (strcmp(a, "--case") == 0 && value) {
            o.c = peer_case_find(value), i++;
            if (!o.c) {
                fprintf(stderr, "peer_ggml: no case %s (--list)\n", value);
                return 2;
            }
        } else if (strcmp(a, "--rounds") == 0 && value) {
            o.rounds = (uint32_t)strtoul(value, NULL, 10), i++;
        } else if (strcmp(a, "--reps") == 0 && value) {
            o.reps = (uint32_t)strtoul(value, NULL, 10), i++;
        } else if (strcmp(a, "--path") == 0 && value) {
            o.path = strcmp(value, "compute") == 0 ? 1u : strcmp(value, "transfer") == 0 ? 2u : 0u, i++;
            if (!o.path && strcmp(value, "auto") != 0)
                return usage();
        } else if (strcmp(a, "--device") == 0 && value) {
            o.device = atoi(value), i++;
        } else {
            return usage();
        }
    }
    if (!o.c || o.rounds < 1 || o.rounds > MAX_ROUNDS)
        return usage();
    if (o.c->pending) {
        fprintf(stderr, "peer_ggml: %s is pending: %s\n", o.c->name, o.c->pending);
        return 2;
    }
    if (!o.reps)
        o.reps = o.c->reps;
    peer_layout l;
    if (!peer_layout_init(o.c, &l)) {
        fprintf(stderr, "peer_ggml: %s: the case's row does not hold together\n", o.c->name);
        return 1;
    }
    pass_result wall, gpu;
    options gpu_options = o;
    int want_gpu = o.gpu;
    o.gpu = 0;
    if (!fork_pass(&o, &l, &wall) || (want_gpu && !fork_pass(&gpu_options, &l, &gpu)))
        return 1;
    print_json(&o, &l, &wall, want_gpu ? &gpu : NULL);
    fflush(stdout);
    return wall.bytes_equal && wall.reference_equal && (!want_gpu || (gpu.bytes_equal && gpu.reference_equal)) ? 0 : 3;
}
