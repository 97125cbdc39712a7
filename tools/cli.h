/*
 * The vksplit CLI's parts, one job per file; vksplit_cli.c holds only main.
 *
 *   cli_run.c      vksplit_cli_run: the order of the steps and the exit code (a split's and a
 *                  join's; cli_scatter.c a TensorScatter's, in place)
 *   cli_options.c  argv to options, and the usage text
 *   cli_request.c  .npy headers and the options to a vksplit_split_desc or, for a join, a
 *                  vksplit_join_desc (the front-ends), and with --to the copy's types (the
 *                  inputs' from their dtype or --from); a TensorScatter's join and its rows
 *                  (cli_scatter.c)
 *   cli_input.c    the inputs: headers first, then exactly the declared data, streamed
 *   cli_outputs.c  the outputs: temporaries in DIR, renamed into place, stale ones and dead
 *                  runs' leftovers removed
 *   cli_device.c   the runner's desc (environment, --device) and --list-devices
 *   cli_fail.c     the exit codes and the one-line failure every part reports through
 *
 * Exit codes: 0 done; 2 an invalid request (nothing written in DIR); 1 any other failure
 * (no device, a device fault, a write that failed: nothing of this run left in DIR).
 * Every failure prints exactly one line on stderr, through cli_fail (cli_fail.h), where it
 * is found.
 * Thread-safety: none of this is meant for more than one thread; there is no global state.
 */
#ifndef VKSPLIT_TOOLS_CLI_H
#define VKSPLIT_TOOLS_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "cli_fail.h"
#include "npy.h"
#include "vksplit/onnx.h"
#include "vksplit/vksplit_runner.h"

/* The whole CLI: main passes a zeroed desc. The CLI adds what the environment
 * (VKSPLIT_VALIDATION, VKSPLIT_DEVICE) and --device say; everything else in base (a
 * get_instance_proc_addr or get_device_proc_addr hook, a log callback, the memory mode,
 * staging_bytes) is kept, which is how tests inject device faults. Returns the exit code. */
int vksplit_cli_run(int argc, char** argv, const vksplit_runner_desc* base);

/* --- options (cli_options.c) ---------------------------------------------------------- */
typedef enum cli_mode { CLI_MODE_ONNX, CLI_MODE_OV_SPLIT, CLI_MODE_OV_VARIADIC } cli_mode;

typedef struct cli_list {
    bool given;
    int64_t* values;
    uint32_t count;
} cli_list;

typedef struct cli_number {
    bool given;
    int64_t value;
} cli_number;

typedef struct cli_options {
    const char* input;
    const char* out_dir;
    const char* openvino;
    cli_number axis, num_outputs, opset, num_splits, device;
    cli_list split, split_lengths;
    cli_list device_lengths; /* --device-lengths: the split's lengths as the GPU's check reads them */
    cli_mode mode;
    bool help, list_devices;
    /* `vksplit join ...`: the inputs are the arguments that are no options, in order
     * (pointers into argv; every argument after `--` is one). */
    bool join;
    const char** inputs;
    uint32_t input_count;
    /* `vksplit tensorscatter ...`: past_cache, update and write_indices are the arguments, as
     * for a join; --mode, and --indices-on-gpu (write_indices uploaded to the GPU, checked there) */
    bool tensorscatter;
    const char* scatter_mode;
    bool indices_on_gpu;
    /* --to T: the copy converts (vksplit_plan_options.convert) into the outputs' type T (a
     * split's parts, a join's whole); --from: the inputs' type, for what a .npy dtype cannot
     * name (bfloat16 as <u2, FP8 as |u1, q8_0 as |V34); --scale S: FP8's host scale;
     * --no-saturate. The names as given, then what cli_check_options makes of them (to NONE:
     * no --to; from NONE: the dtype says; scale 0: none). */
    const char* to_name;
    const char* from_name;
    const char* scale_text;
    bool no_saturate;
    vksplit_type to, from;
    float scale;
} cli_options;

extern const char cli_usage[];

/* --to's and --from's spelling of a type ("float16", "q8_0"). */
const char* cli_type_name(vksplit_type type);

/* 0, or the exit code after the one line. cli_free_options is due either way. */
int cli_parse_options(int argc, char** argv, cli_options* o);
/* Which options go with which convention; sets mode. */
int cli_check_options(cli_options* o);
void cli_free_options(cli_options* o);

/* --- the inputs (cli_input.c) --------------------------------------------------------- */
/* An open input's data: exactly `bytes` from fd's position on. */
typedef struct cli_stream {
    const char* path;
    int fd; /* -1 when closed */
    uint64_t bytes;
    uint64_t consumed; /* read so far */
} cli_stream;

/* A split's input: its data and its header. */
typedef struct cli_input {
    cli_stream data;
    npy_header header;
} cli_input;

/* Opens path and reads its header only; a regular file must hold all the declared data.
 * On failure nothing stays open. */
int cli_open_input(const char* path, cli_input* in);
/* The next `bytes` of data into dst (never past the declared size). */
int cli_read_stream(cli_stream* s, void* dst, size_t bytes);
void cli_close_input(cli_input* in);

/* A join's input, once its header is read: what Concat needs of it, and its data, left open
 * (a FIFO can be read once only: its data is streamed from where its header ended). */
typedef struct cli_join_input {
    cli_stream data;
    vksplit_onnx_data_type type;
    uint32_t rank;                   /* as the header says (vksplit takes 1..VKSPLIT_MAX_RANK) */
    int64_t shape[VKSPLIT_MAX_RANK]; /* its first dimensions, up to VKSPLIT_MAX_RANK (in elements) */
} cli_join_input;

typedef struct cli_join_inputs {
    uint32_t count;        /* opened */
    cli_join_input* items; /* [the option's input_count] */
    npy_header first;      /* input 0's header: the output's descr and encoding */
} cli_join_inputs;

/* Opens every input of o in turn and reads its header (as cli_open_input), with its dtype
 * (cli_node_input); the first that fails is the one the line names. Nothing is opened for a
 * count the front-end refuses (none, or above VKSPLIT_MAX_INPUTS). cli_close_join_inputs is
 * due either way. */
int cli_open_join_inputs(const cli_options* o, cli_join_inputs* in);
void cli_close_join_inputs(cli_join_inputs* in);

/* --- the request (cli_request.c) ------------------------------------------------------ */
typedef struct cli_request {
    bool join;                /* `vksplit join` and `vksplit tensorscatter`: join_desc; else split */
    vksplit_split_desc split; /* points into sizes and lengths */
    vksplit_join_desc join_desc;
    uint64_t sizes[VKSPLIT_MAX_RANK]; /* the split's input's, the join's output's */
    uint64_t* lengths;                /* VKSPLIT_MAX_OUTPUTS (= VKSPLIT_MAX_INPUTS) entries */
    /* --device-lengths: the front-end's lengths are capacities, these the lengths a plan with
     * device parameters reads on the GPU (NULL without) */
    const int64_t* device_lengths;
    /* `vksplit tensorscatter`: the rows the plan places (options.rows, its host indices pointing
     * into write_indices or the storage), write_indices' values as the file holds them (NULL
     * without the file), and whether they go to the GPU (bindings.indices) */
    bool tensorscatter;
    vksplit_plan_options options;
    vksplit_onnx_tensorscatter_storage scatter;
    int64_t* write_indices;
    bool indices_on_gpu;
    /* --to: options.convert's types and scale, and the outputs' type (their descr and, for
     * q8_0, their last dimension in blocks). A converting plan's spans are each rounded up to 4
     * bytes: the inputs' reads past their data get zeros and the outputs' writes stop at theirs. */
    bool converts;
    vksplit_type out_type;
} cli_request;

/* The front-end's translation of the options for an array with this header (its rules are
 * checked here; the plan validates the result once). cli_free_request is due either way. */
int cli_make_request(const cli_options* o, const npy_header* h, cli_request* req);
/* The same for a join: ONNX Concat of the inputs (inputs->items NULL: none were opened, for a
 * count the front-end refuses). A rule that one input breaks names its file first. */
int cli_make_join_request(const cli_options* o, const cli_join_inputs* inputs, cli_request* req);
void cli_free_request(cli_request* req);

/* --- TensorScatter (cli_scatter.c) ----------------------------------------------------- */
/* `vksplit tensorscatter`: past_cache.npy and update.npy streamed in, present_cache.npy out, in
 * place on the device; write_indices.npy read whole (a batch of int64) once its header passes
 * the front-end's rules. Returns the exit code. */
int cli_scatter_files(const cli_options* o, const vksplit_runner_desc* desc);
/* The ONNX type of a .npy dtype; the line names path when there is none. */
int cli_onnx_type(const npy_header* h, const char* path, vksplit_onnx_data_type* type);
/* An input as the front-end takes it: its dtype's ONNX type and its shape (rank entries), or
 * with --to its elements' (cli_source_type; FP8 and q8_0 as the uint8 bytes they are held in,
 * q8_0's last dimension in elements, 32 a block). */
int cli_node_input(const cli_options* o, const npy_header* h, const char* path, vksplit_onnx_data_type* type,
                   int64_t* shape);
/* With --to: the type of the elements an input holds, as --from or else its dtype says (<f4,
 * <f2, a 2-byte void); the line names path and says what to give where they cannot. */
int cli_source_type(const cli_options* o, const npy_header* h, const char* path, vksplit_type* type);
/* Whether the dtype holds `type` as cli_type_descr writes it (bfloat16 a 2-byte void too); the
 * line names path and `option`, which said the type. */
int cli_held_type(const npy_header* h, const char* path, vksplit_type type, const char* option);
/* An input of that type as the front-end takes it (cli_node_input's). */
int cli_typed_input(const npy_header* h, const char* path, vksplit_type type, vksplit_onnx_data_type* node_type,
                    int64_t* shape);
/* With --to, after the front-end's translation: options.convert (a split's input converts into
 * the outputs' type, a join's or a TensorScatter's parts into the whole's; source the other
 * type), element_size 0, and q8_0's rule on the last dimension that the plan would refuse
 * (PLAN_CONVERT_Q8_0_ROW), the file at fault named. */
int cli_set_convert(const cli_options* o, vksplit_type source, cli_request* req);
/* The .npy descr a type's data is written in ("'<f2'"; bfloat16 '<u2', FP8 '|u1', q8_0 '|V34'),
 * and the bytes of that many of its elements (q8_0: 34 a block of 32). */
const char* cli_type_descr(vksplit_type type);
uint64_t cli_type_bytes(vksplit_type type, uint64_t elements);

/* --- the outputs (cli_outputs.c) ------------------------------------------------------ */
typedef struct cli_outputs {
    const char* dir;
    int dir_fd;              /* -1 until the folder exists and is open */
    bool dir_created;        /* by this run: removed again on failure */
    const npy_header* input; /* descr and encoding of every output */
    const cli_request* req;
    const char* single; /* a join's one output, out.npy, or a TensorScatter's present_cache.npy;
                           NULL: a split's out_<k>.npy */
    uint32_t count;
    uint64_t* bytes;      /* [count] each output's data bytes: the caller fills in the plan's spans */
    unsigned char* state; /* [count] nothing yet, a temporary, or in place */
    uint32_t tag;         /* this run's: its temporaries' and its lock file's names */
    int run_fd;           /* the lock file, locked while the run lives; -1 before the first temporary */
    uint32_t created;     /* outputs [0, created) have a temporary */
    uint32_t open;        /* the output whose temporary is open, or count */
    int fd;
    uint64_t written; /* data bytes in the open temporary */
    uint32_t seed;    /* the next tag to try */
} cli_outputs;

/* Checks DIR: it exists (then it is opened), or its parent does; nothing is created.
 * Whatever it returns, exactly one of cli_commit_outputs and cli_abandon_outputs is due. */
int cli_prepare_outputs(cli_outputs* out, const char* dir);
/* The outputs the request makes: a split's out_<k>.npy (k < count), a join's out.npy, a
 * TensorScatter's present_cache.npy; none of them may be a directory in DIR. `input`: the header
 * whose descr and encoding they take. */
int cli_expect_outputs(cli_outputs* out, const npy_header* input, const cli_request* req);
/* The next piece of output `index` (outputs arrive in order; an empty one never does). */
int cli_write_output(cli_outputs* out, uint32_t index, const void* src, size_t bytes);
/* Completes every temporary (an empty output gets its header), renames them into place,
 * unlinks a split's stale out_<k>.npy (k >= count) and what runs that died left (their
 * temporaries and lock files) and prints the paths; on failure removes everything this run
 * put in DIR. Releases out. */
int cli_commit_outputs(cli_outputs* out);
/* Removes everything this run put in DIR (and DIR, if this run created it). Releases out. */
void cli_abandon_outputs(cli_outputs* out);

/* --- the device (cli_device.c) -------------------------------------------------------- */
/* base plus VKSPLIT_VALIDATION, VKSPLIT_DEVICE and --device (which wins). */
int cli_runner_desc(const cli_options* o, const vksplit_runner_desc* base, vksplit_runner_desc* desc);
/* --list-devices: one line per device, the default marked. */
int cli_list_devices(void);

/* --- shared by the runs (cli_run.c) ---------------------------------------------------- */
/* The runner on desc, then run(runner, user); device_option: --device was given (an index out
 * of range is the request's fault). A validation message fails the run. */
int cli_run_on_device(const vksplit_runner_desc* desc, bool device_option,
                      int (*run)(vksplit_runner* runner, void* user), void* user);
/* Whether a plan's error is the request's (exit 2), should the plan find one the front-end let
 * through. */
bool cli_is_request_error(vksplit_result r);
/* The plan's refusal of a request (exit 2): cli_is_request_error's, and a copy that converts
 * refused by its rules (PLAN_CONVERT_TYPE .. PLAN_CONVERT_WITH: its types, scale, q8_0's blocks,
 * what it does not take). */
bool cli_is_request_refusal(vksplit_result r, const vksplit_error* err);
/* The run's end, whatever became of it: the outputs put in place or taken back; the request
 * freed. */
int cli_finish(int rc, cli_outputs* outputs, cli_request* req);

#endif /* VKSPLIT_TOOLS_CLI_H */
