/*
 * vksplit: split a .npy array as ONNX Split (opsets 1, 2, 11, 13, 18) or OpenVINO
 * Split-1 / VariadicSplit-1 would, on the Vulkan device, and write one .npy per output.
 *
 * Exit codes: 0 success; 2 an invalid request (one line on stderr, nothing written in the
 * output folder); 1 any other failure (no Vulkan device, a write that failed).
 *
 * Everything is checked and every output computed in memory before the first file is
 * created, so an invalid request leaves the folder untouched.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "npy.h"
#include "vksplit/onnx.h"
#include "vksplit/openvino.h"
#include "vksplit/vksplit_runner.h"

#define EXIT_INVALID 2
#define EXIT_FAILURE_OTHER 1

static const char usage[] =
    "usage: vksplit --input IN.npy [--axis A] [--split s0,s1,...] [--num-outputs N] [--opset V] --out-dir DIR\n"
    "       vksplit --input IN.npy --axis A --openvino split --num-splits N --out-dir DIR\n"
    "       vksplit --input IN.npy --axis A --openvino variadic --split-lengths a,b,-1 --out-dir DIR\n"
    "       vksplit --help\n"
    "\n"
    "Splits IN.npy on the Vulkan device and writes DIR/out_0.npy .. DIR/out_{n-1}.npy in the\n"
    "input's dtype, byte for byte (NaN payloads and -0.0 survive).\n"
    "\n"
    "ONNX Split (the default):\n"
    "  --opset V          the Split version: 1, 2, 11, 13 or 18 (default 18)\n"
    "  --axis A           the axis attribute (default 0); negative from opset 11\n"
    "  --split LIST       per-output lengths: the 'split' attribute (opsets 1, 2, 11) or the\n"
    "                     int64 'split' input (13, 18)\n"
    "  --num-outputs N    before 18: the node's output count (an equal split without --split;\n"
    "                     must match the list's length with it); at 18: 'num_outputs'\n"
    "                     (ceil(dim/N) per output, the last one smaller)\n"
    "OpenVINO:\n"
    "  --openvino split --num-splits N           Split-1: N equal parts\n"
    "  --openvino variadic --split-lengths LIST  VariadicSplit-1: one -1 takes the rest\n"
    "\n"
    "dtypes: b1 i1 u1 i2 u2 f2 i4 u4 f4 i8 u8 f8 c8 c16 (little-endian, C order), and bfloat16\n"
    "as a 2-byte void ('<V2' or '|V2'). Each opset's type list applies (opset 1: f2 f4 f8;\n"
    "bfloat16 from 13); OpenVINO has no complex types.\n"
    "\n"
    "Exit codes: 0 done; 2 invalid request (one line on stderr, nothing written);\n"
    "1 other failure (e.g. no Vulkan device). VKSPLIT_DEVICE=i picks a device;\n"
    "VKSPLIT_VALIDATION=1 runs with the Khronos validation layer and fails on any message.\n";

/* --- messages ------------------------------------------------------------------------- */
static int die(int code, const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fputs("vksplit: ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    return code;
}

/* --- options -------------------------------------------------------------------------- */
typedef enum mode { MODE_ONNX, MODE_OV_SPLIT, MODE_OV_VARIADIC } mode;

typedef struct list {
    bool given;
    int64_t* values;
    uint32_t count;
} list;

typedef struct number {
    bool given;
    int64_t value;
} number;

typedef struct options {
    const char* input;
    const char* out_dir;
    const char* openvino;
    number axis, num_outputs, opset, num_splits;
    list split, split_lengths;
    mode mode;
    bool help;
} options;

static bool parse_int(const char* text, int64_t* value)
{
    char* end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    while (*end == ' ')
        end++;
    if (errno || end == text || *end != '\0')
        return false;
    *value = v;
    return true;
}

/* "2,4,-1" (empty: zero entries). */
static int parse_list(const char* name, const char* text, list* out)
{
    uint64_t count = 1;
    for (const char* p = text; *p; p++)
        count += *p == ',';
    if (strspn(text, " ") == strlen(text))
        count = 0;
    if (count > VKSPLIT_MAX_OUTPUTS + 1u)
        return die(EXIT_INVALID, "%s has %" PRIu64 " entries, more than vksplit's limit of %u outputs", name, count,
                   VKSPLIT_MAX_OUTPUTS);
    out->values = malloc((size_t)(count ? count : 1) * sizeof out->values[0]);
    if (!out->values)
        return die(EXIT_FAILURE_OTHER, "out of memory");
    const char* p = text;
    for (uint32_t i = 0; i < count; i++) {
        size_t length = strcspn(p, ",");
        char item[32];
        bool ok = length < sizeof item;
        if (ok) {
            memcpy(item, p, length);
            item[length] = '\0';
            ok = parse_int(item, &out->values[i]);
        }
        if (!ok)
            return die(EXIT_INVALID, "%s: entry %u '%.*s' is not an integer", name, i, (int)(length < 40 ? length : 40),
                       p);
        p += length + 1;
    }
    out->count = (uint32_t)count;
    out->given = true;
    return 0;
}

static int parse_options(int argc, char** argv, options* o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            o->help = true;
            return 0;
        }
    for (int i = 1; i < argc; i++) {
        const char* arg = argv[i];
        if (strncmp(arg, "--", 2) != 0)
            return die(EXIT_INVALID, "unexpected argument '%s' (try --help)", arg);
        char name[32];
        const char* eq = strchr(arg, '=');
        size_t length = eq ? (size_t)(eq - arg) : strlen(arg);
        if (length >= sizeof name)
            return die(EXIT_INVALID, "unknown option '%s' (try --help)", arg);
        memcpy(name, arg, length);
        name[length] = '\0';
        const char* value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        const char** text = !strcmp(name, "--input") ? &o->input : !strcmp(name, "--out-dir") ? &o->out_dir
                          : !strcmp(name, "--openvino") ? &o->openvino : NULL;
        number* num = !strcmp(name, "--axis") ? &o->axis : !strcmp(name, "--num-outputs") ? &o->num_outputs
                    : !strcmp(name, "--opset") ? &o->opset : !strcmp(name, "--num-splits") ? &o->num_splits : NULL;
        list* values = !strcmp(name, "--split") ? &o->split : !strcmp(name, "--split-lengths") ? &o->split_lengths : NULL;
        if (!text && !num && !values)
            return die(EXIT_INVALID, "unknown option '%s' (try --help)", name);
        if (!value)
            return die(EXIT_INVALID, "%s needs a value", name);
        if ((text && *text) || (num && num->given) || (values && values->given))
            return die(EXIT_INVALID, "%s is given more than once", name);
        if (text) {
            *text = value;
        } else if (num) {
            if (!parse_int(value, &num->value))
                return die(EXIT_INVALID, "%s: '%s' is not an integer", name, value);
            num->given = true;
        } else {
            int rc = parse_list(name, value, values);
            if (rc)
                return rc;
        }
    }
    return 0;
}

/* Which options go with which convention. */
static int check_options(options* o)
{
    if (!o->input)
        return die(EXIT_INVALID, "--input IN.npy is required");
    if (!o->out_dir)
        return die(EXIT_INVALID, "--out-dir DIR is required");
    if (!o->openvino) {
        o->mode = MODE_ONNX;
        if (o->num_splits.given || o->split_lengths.given)
            return die(EXIT_INVALID, "%s belongs to --openvino", o->num_splits.given ? "--num-splits" : "--split-lengths");
        return 0;
    }
    if (strcmp(o->openvino, "split") == 0)
        o->mode = MODE_OV_SPLIT;
    else if (strcmp(o->openvino, "variadic") == 0)
        o->mode = MODE_OV_VARIADIC;
    else
        return die(EXIT_INVALID, "--openvino '%s': expected 'split' or 'variadic'", o->openvino);
    const char* onnx_only = o->split.given ? "--split" : o->num_outputs.given ? "--num-outputs"
                          : o->opset.given ? "--opset" : NULL;
    if (onnx_only)
        return die(EXIT_INVALID, "%s is an ONNX option; it does not go with --openvino", onnx_only);
    if (!o->axis.given)
        return die(EXIT_INVALID, "--openvino %s needs --axis (OpenVINO's axis input has no default)", o->openvino);
    if (o->mode == MODE_OV_SPLIT && o->split_lengths.given)
        return die(EXIT_INVALID, "--split-lengths goes with --openvino variadic, not split");
    if (o->mode == MODE_OV_VARIADIC && o->num_splits.given)
        return die(EXIT_INVALID, "--num-splits goes with --openvino split, not variadic");
    if (o->mode == MODE_OV_SPLIT && !o->num_splits.given)
        return die(EXIT_INVALID, "--openvino split needs --num-splits N");
    if (o->mode == MODE_OV_VARIADIC && !o->split_lengths.given)
        return die(EXIT_INVALID, "--openvino variadic needs --split-lengths LIST");
    if (o->mode == MODE_OV_SPLIT && o->num_splits.value < 0)
        return die(EXIT_INVALID, "--num-splits %" PRId64 " is negative", o->num_splits.value);
    return 0;
}

/* The output folder must exist, or be creatable in an existing folder. */
static int check_out_dir(const char* dir, bool* exists)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            return die(EXIT_INVALID, "--out-dir '%s' is not a directory", dir);
        *exists = true;
        return 0;
    }
    char parent[4096];
    size_t length = strlen(dir);
    while (length > 1 && dir[length - 1] == '/')
        length--;
    if (length >= sizeof parent)
        return die(EXIT_INVALID, "--out-dir '%s' is too long", dir);
    memcpy(parent, dir, length);
    parent[length] = '\0';
    char* slash = strrchr(parent, '/');
    if (!slash)
        strcpy(parent, ".");
    else
        slash[slash == parent ? 1 : 0] = '\0';
    if (stat(parent, &st) != 0 || !S_ISDIR(st.st_mode))
        return die(EXIT_INVALID, "--out-dir '%s' does not exist and neither does its parent '%s'", dir, parent);
    *exists = false;
    return 0;
}

/* --- dtypes --------------------------------------------------------------------------- */
typedef struct dtype {
    char kind;
    uint32_t size;
    vksplit_onnx_data_type onnx;
    vksplit_ov_element_type ov;   /* VKSPLIT_OV_UNDEFINED: none */
    const char* name;
} dtype;

static const dtype dtypes[] = {
    {'b', 1, VKSPLIT_ONNX_BOOL, VKSPLIT_OV_BOOLEAN, "bool"},
    {'i', 1, VKSPLIT_ONNX_INT8, VKSPLIT_OV_I8, "int8"},
    {'u', 1, VKSPLIT_ONNX_UINT8, VKSPLIT_OV_U8, "uint8"},
    {'i', 2, VKSPLIT_ONNX_INT16, VKSPLIT_OV_I16, "int16"},
    {'u', 2, VKSPLIT_ONNX_UINT16, VKSPLIT_OV_U16, "uint16"},
    {'f', 2, VKSPLIT_ONNX_FLOAT16, VKSPLIT_OV_F16, "float16"},
    {'i', 4, VKSPLIT_ONNX_INT32, VKSPLIT_OV_I32, "int32"},
    {'u', 4, VKSPLIT_ONNX_UINT32, VKSPLIT_OV_U32, "uint32"},
    {'f', 4, VKSPLIT_ONNX_FLOAT, VKSPLIT_OV_F32, "float32"},
    {'i', 8, VKSPLIT_ONNX_INT64, VKSPLIT_OV_I64, "int64"},
    {'u', 8, VKSPLIT_ONNX_UINT64, VKSPLIT_OV_U64, "uint64"},
    {'f', 8, VKSPLIT_ONNX_DOUBLE, VKSPLIT_OV_F64, "float64"},
    {'c', 8, VKSPLIT_ONNX_COMPLEX64, VKSPLIT_OV_UNDEFINED, "complex64"},
    {'c', 16, VKSPLIT_ONNX_COMPLEX128, VKSPLIT_OV_UNDEFINED, "complex128"},
    {'V', 2, VKSPLIT_ONNX_BFLOAT16, VKSPLIT_OV_BF16, "bfloat16"},
};

static int find_dtype(const npy_array* a, const char* path, const dtype** out)
{
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
        if (dtypes[i].kind == a->header.kind && dtypes[i].size == a->header.itemsize) {
            *out = &dtypes[i];
            return 0;
        }
    if (a->header.kind == 'S' || a->header.kind == 'U')
        return die(EXIT_INVALID,
                   "%s: dtype %s is a string type: vksplit copies fixed-width elements and ONNX strings are "
                   "variable-length",
                   path, a->header.descr);
    return die(EXIT_INVALID,
               "%s: dtype %s is not supported (b1 i1 u1 i2 u2 f2 i4 u4 f4 i8 u8 f8 c8 c16, or V2 for bfloat16)", path,
               a->header.descr);
}

/* --- translation ---------------------------------------------------------------------- */
typedef struct request {
    vksplit_split_desc split;
    uint64_t* lengths;         /* the storage the desc points at */
    uint64_t sizes[VKSPLIT_MAX_RANK];
} request;

static int translate_onnx(const options* o, const npy_array* a, const dtype* t, request* req)
{
    vksplit_onnx_split_desc node;
    memset(&node, 0, sizeof node);
    node.opset = o->opset.given ? o->opset.value : 18;
    node.data_type = t->onnx;
    int64_t shape[NPY_MAX_DIMS];
    for (uint32_t k = 0; k < a->header.rank; k++)
        shape[k] = a->header.shape[k] > (uint64_t)INT64_MAX ? -1 : (int64_t)a->header.shape[k];
    node.rank = a->header.rank;
    node.shape = shape;
    node.axis = o->axis.given ? o->axis.value : 0;
    if (node.opset != 18 && o->num_outputs.given) {
        if (o->num_outputs.value < 1 || o->num_outputs.value > (int64_t)UINT32_MAX)
            return die(EXIT_INVALID, "--num-outputs %" PRId64 " is out of range: the node's output count is >= 1",
                       o->num_outputs.value);
        node.output_count = (uint32_t)o->num_outputs.value;
    }
    bool is_version = vksplit_onnx_split_version(node.opset) == node.opset;
    if (is_version && node.opset != 18 && !o->split.given && !o->num_outputs.given)
        return die(EXIT_INVALID,
                   "opset %" PRId64 " without --split splits equally into the node's outputs: give --num-outputs N",
                   node.opset);
    if (node.opset == 18 && o->num_outputs.given) {
        node.has_num_outputs = 1;
        node.num_outputs = o->num_outputs.value;
    }
    if (o->split.given) {
        /* Split-1 takes 'split' as an attribute or an input of type T; the CLI passes the attribute. */
        if (node.opset <= 11) {
            node.has_split_attribute = 1;
            node.split_attribute = o->split.values;
            node.split_attribute_count = o->split.count;
        } else {
            node.has_split_input = 1;
            node.split_input_type = VKSPLIT_ONNX_INT64;
            node.split_input = o->split.values;
            node.split_input_count = o->split.count;
        }
    }
    vksplit_onnx_split_storage storage;
    memset(&storage, 0, sizeof storage);
    storage.split = req->lengths;
    storage.split_capacity = VKSPLIT_MAX_OUTPUTS;
    vksplit_error err;
    if (vksplit_onnx_translate_split(&node, &storage, &req->split, &err) != VKSPLIT_OK)
        return die(EXIT_INVALID, "%s", err.message);
    memcpy(req->sizes, storage.sizes, sizeof req->sizes);
    req->split.sizes = req->sizes;
    return 0;
}

static int translate_openvino(const options* o, const npy_array* a, const dtype* t, request* req)
{
    if (t->ov == VKSPLIT_OV_UNDEFINED)
        return die(EXIT_INVALID, "%s: dtype %s (%s) has no OpenVINO element type", o->input, a->header.descr, t->name);
    vksplit_ov_constant axis;
    memset(&axis, 0, sizeof axis);
    axis.element_type = VKSPLIT_OV_I64;
    axis.data = &o->axis.value;
    vksplit_ov_split_storage storage;
    memset(&storage, 0, sizeof storage);
    storage.split = req->lengths;
    storage.split_capacity = VKSPLIT_MAX_OUTPUTS;
    vksplit_error err;
    vksplit_result r;
    if (o->mode == MODE_OV_SPLIT) {
        vksplit_ov_split_desc op;
        memset(&op, 0, sizeof op);
        op.element_type = t->ov;
        op.rank = a->header.rank;
        op.shape = a->header.shape;
        op.axis = axis;
        op.num_splits = (uint64_t)o->num_splits.value;
        r = vksplit_ov_translate_split(&op, &storage, &req->split, &err);
    } else {
        vksplit_ov_variadic_split_desc op;
        memset(&op, 0, sizeof op);
        op.element_type = t->ov;
        op.rank = a->header.rank;
        op.shape = a->header.shape;
        op.axis = axis;
        op.split_lengths.element_type = VKSPLIT_OV_I64;
        op.split_lengths.rank = 1;
        op.split_lengths.length = o->split_lengths.count;
        op.split_lengths.data = o->split_lengths.values;
        r = vksplit_ov_translate_variadic_split(&op, &storage, &req->split, &err);
    }
    if (r != VKSPLIT_OK)
        return die(EXIT_INVALID, "%s", err.message);
    memcpy(req->sizes, storage.sizes, sizeof req->sizes);
    req->split.sizes = req->sizes;
    return 0;
}

/* --- the run and the files ------------------------------------------------------------ */

/* Runs the split on the device; outputs[i] receives output i. The runner logs nothing
 * (no log callback): the one stderr line is the verdict. */
static int run(const request* req, const npy_array* a, unsigned char* const* outputs)
{
    const char* validation = getenv("VKSPLIT_VALIDATION");
    vksplit_runner_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.enable_validation = validation && strcmp(validation, "0") != 0 && *validation;
    const char* device = getenv("VKSPLIT_DEVICE");
    if (device && *device) {
        desc.choose_device = 1;
        desc.device_index = (uint32_t)strtoul(device, NULL, 10);
    }
    vksplit_runner* runner = NULL;
    vksplit_error err;
    if (vksplit_runner_create(&desc, &runner, &err) != VKSPLIT_OK)
        return die(EXIT_FAILURE_OTHER, "cannot start the Vulkan device: %s", err.message);
    /* The runner reads input_span_bytes from input; an empty input still gets a pointer. */
    static const unsigned char none[16];
    vksplit_result r = vksplit_runner_split(runner, &req->split, NULL, a->header.bytes ? a->data : none,
                                            (void* const*)outputs, &err);
    uint32_t messages = vksplit_runner_validation_message_count(runner);
    vksplit_runner_destroy(runner);
    if (r != VKSPLIT_OK)
        return die(EXIT_FAILURE_OTHER, "the split failed on the device: %s (%s)", err.message, vksplit_result_name(r));
    if (messages)
        return die(EXIT_FAILURE_OTHER, "the Vulkan validation layer reported %u message(s)", messages);
    return 0;
}

static void output_path(char* buffer, size_t capacity, const char* dir, uint32_t i)
{
    size_t n = strlen(dir);
    snprintf(buffer, capacity, "%s%sout_%u.npy", dir, n && dir[n - 1] == '/' ? "" : "/", i);
}

static int write_outputs(const char* dir, bool dir_exists, const request* req, const npy_array* a,
                         unsigned char* const* outputs, const uint64_t* output_bytes)
{
    if (!dir_exists && mkdir(dir, 0777) != 0)
        return die(EXIT_FAILURE_OTHER, "cannot create --out-dir '%s': %s", dir, strerror(errno));
    char path[4200];
    uint64_t shape[VKSPLIT_MAX_RANK];
    for (uint32_t i = 0; i < req->split.output_count; i++) {
        memcpy(shape, req->sizes, req->split.rank * sizeof shape[0]);
        shape[req->split.axis] = req->split.split[i];
        output_path(path, sizeof path, dir, i);
        char message[4400];
        if (npy_write(path, a->header.descr, a->header.encoding, req->split.rank, shape, outputs[i], output_bytes[i],
                      message, sizeof message) != NPY_OK) {
            /* Leave no half-written result: remove what this run wrote, and output i if it
             * is a regular file (never a device or folder that happens to have its name). */
            struct stat st;
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
                remove(path);
            for (uint32_t j = 0; j < i; j++) {
                output_path(path, sizeof path, dir, j);
                remove(path);
            }
            if (!dir_exists)
                rmdir(dir);
            return die(EXIT_FAILURE_OTHER, "%s", message);
        }
    }
    return 0;
}

static int split_file(const options* o)
{
    bool dir_exists = false;
    int rc = check_out_dir(o->out_dir, &dir_exists);
    if (rc)
        return rc;
    npy_array a;
    char message[512];
    npy_status status = npy_read(o->input, &a, message, sizeof message);
    if (status != NPY_OK)
        return die(status == NPY_INVALID ? EXIT_INVALID : EXIT_FAILURE_OTHER, "%s", message);
    const dtype* t = NULL;
    request req;
    memset(&req, 0, sizeof req);
    unsigned char** outputs = NULL;
    uint64_t* output_bytes = NULL;
    unsigned char* block = NULL;
    req.lengths = malloc(VKSPLIT_MAX_OUTPUTS * sizeof req.lengths[0]);
    if (!req.lengths)
        rc = die(EXIT_FAILURE_OTHER, "out of memory");
    if (!rc)
        rc = find_dtype(&a, o->input, &t);
    if (!rc)
        rc = o->mode == MODE_ONNX ? translate_onnx(o, &a, t, &req) : translate_openvino(o, &a, t, &req);
    if (!rc) {
        uint32_t n = req.split.output_count;
        outputs = calloc(n, sizeof outputs[0]);
        output_bytes = calloc(n, sizeof output_bytes[0]);
        block = malloc(a.header.bytes ? (size_t)a.header.bytes : 1); /* the outputs together are as big as the input */
        vksplit_error err;
        if (!outputs || !output_bytes || !block)
            rc = die(EXIT_FAILURE_OTHER, "out of memory for %" PRIu64 " bytes of outputs", a.header.bytes);
        else if (vksplit_split_spans(&req.split, NULL, output_bytes, &err) != VKSPLIT_OK)
            rc = die(EXIT_INVALID, "%s", err.message);
        for (uint64_t offset = 0, i = 0; !rc && i < n; offset += output_bytes[i], i++)
            outputs[i] = output_bytes[i] ? block + offset : NULL;
    }
    if (!rc)
        rc = run(&req, &a, outputs);
    if (!rc)
        rc = write_outputs(o->out_dir, dir_exists, &req, &a, outputs, output_bytes);
    if (!rc) {
        char path[4200];
        for (uint32_t i = 0; i < req.split.output_count; i++) {
            output_path(path, sizeof path, o->out_dir, i);
            printf("%s\n", path);
        }
    }
    free(block);
    free(output_bytes);
    free(outputs);
    free(req.lengths);
    npy_free(&a);
    return rc;
}

int main(int argc, char** argv)
{
    options o;
    int rc = parse_options(argc, argv, &o);
    if (!rc && o.help) {
        fputs(usage, stdout);
        rc = 0;
    } else {
        if (!rc)
            rc = check_options(&o);
        if (!rc)
            rc = split_file(&o);
    }
    free(o.split.values);
    free(o.split_lengths.values);
    return rc;
}
