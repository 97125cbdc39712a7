/* The CLI's options: argv to cli_options, which options go with which convention (and with
 * the join), and the usage text. No file or device is touched here. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char cli_usage[] =
    "usage: vksplit --input IN.npy [--axis A] [--split s0,s1,...] [--num-outputs N] [--opset V] --out-dir DIR\n"
    "       vksplit --input IN.npy --axis A --openvino split --num-splits N --out-dir DIR\n"
    "       vksplit --input IN.npy --axis A --openvino variadic --split-lengths a,b,-1 --out-dir DIR\n"
    "       vksplit join --axis A [--opset V] --out-dir DIR IN0.npy IN1.npy ...\n"
    "       vksplit tensorscatter [--axis A] [--mode linear|circular] [--indices-on-gpu] [--opset V]\n"
    "               --out-dir DIR PAST_CACHE.npy UPDATE.npy [WRITE_INDICES.npy]\n"
    "       vksplit [join|tensorscatter] ... --to T [--from T] [--scale S] [--no-saturate]\n"
    "       vksplit --list-devices\n"
    "       vksplit --help\n"
    "\n"
    "Splits IN.npy on the Vulkan device and writes DIR/out_0.npy .. DIR/out_{n-1}.npy in the\n"
    "input's dtype, byte for byte (NaN payloads and -0.0 survive). IN.npy is read header first\n"
    "and its data streamed to the device; each output is streamed into a new temporary file in\n"
    "DIR, synced to disk and renamed into place, so an existing out_k.npy (a file, a link, a\n"
    "FIFO) is replaced, never opened or followed (a directory there is refused before anything\n"
    "is written). Then the stale outputs of an earlier, wider split are removed:\n"
    "every DIR/out_k.npy with k >= n (exactly that name; a link itself, never its target),\n"
    "and DIR is synced. DIR is created if its parent exists. Runs into one DIR at once take\n"
    "turns (an advisory lock on DIR): DIR ends with one run's complete set of outputs. A run\n"
    "that was killed leaves hidden temporaries (.out_k.npy.TAG, .vksplit-run.TAG); the next\n"
    "run that succeeds in DIR removes every one no live run holds.\n"
    "\n"
    "ONNX Split (the default):\n"
    "  --opset V          the Split version: 1, 2, 11, 13 or 18 (default 18)\n"
    "  --axis A           the axis attribute (default 0), in [-r, r-1] for a rank-r input at\n"
    "                     every opset (before 11 as ONNX's shape inference takes it)\n"
    "  --split LIST       per-output lengths: the 'split' attribute (opsets 1, 2, 11) or the\n"
    "                     int64 'split' input (13, 18)\n"
    "  --num-outputs N    before 18: the node's output count (an equal split without --split;\n"
    "                     must match the list's length with it); at 18: 'num_outputs'\n"
    "                     (ceil(dim/N) per output, the last one smaller)\n"
    "OpenVINO:\n"
    "  --openvino split --num-splits N           Split-1: N equal parts\n"
    "  --openvino variadic --split-lengths LIST  VariadicSplit-1: one -1 takes the rest\n"
    "Device parameters (any split above):\n"
    "  --device-lengths LIST  the lengths become capacities and the plan reads these from the\n"
    "                     device (vksplit_plan_options.device_parameters PACKED): out_k.npy holds\n"
    "                     the first LIST[k] along the axis of output k, one after another from\n"
    "                     the input's start; a length past its capacity, or a sum past the\n"
    "                     input's axis, is the GPU check's refusal: exit 2, nothing written\n"
    "\n"
    "Join (ONNX Concat, the inverse): vksplit join joins IN0.npy IN1.npy ... (one or more, in\n"
    "that order; after --, every argument is an input) along the axis into DIR/out.npy, as\n"
    "numpy.concatenate does, byte for byte, written as the split's outputs are (a temporary,\n"
    "synced, renamed into place under the lock on DIR). The inputs share one dtype and rank\n"
    "and their shape off the axis; a line names the input that differs. A join removes no\n"
    "out_k.npy, nor a split out.npy: `vksplit join --axis 1 --out-dir d d/out_0.npy d/out_1.npy`\n"
    "keeps its inputs.\n"
    "  --axis A           the axis attribute: required (Concat-4 on; numpy's default 0 is not\n"
    "                     assumed), in [-r, r-1] for rank-r inputs at every opset\n"
    "  --opset V          the Concat version: 1, 4, 11 or 13 (default 13; at 1 the axis may be\n"
    "                     left out: 1)\n"
    "\n"
    "TensorScatter (ONNX TensorScatter-24, a KV-cache update in place): vksplit tensorscatter\n"
    "writes update's rows along the axis into past_cache at each batch row's write index and\n"
    "writes the result, DIR/present_cache.npy (past_cache's shape and dtype; every row not\n"
    "written as it was), as the split's outputs are written. write_indices is int64 of shape\n"
    "(batch_size,), past_cache's first dimension; without it every write index is 0.\n"
    "  --axis A           the sequence axis (default -2), in [-r, r-1], not 0 (the batch)\n"
    "  --mode M           linear (default: write index + update's length <= past_cache's on the\n"
    "                     axis) or circular (positions wrap, floor modulo past_cache's length)\n"
    "  --indices-on-gpu   write_indices go to the device and the GPU checks them (a linear\n"
    "                     index past the end: exit 2, nothing written); else the host checks\n"
    "                     them and the plan holds them (at most 2048 batch rows)\n"
    "  --opset V          the TensorScatter version: 24 (the default)\n"
    "\n"
    "Conversions (docs/conversions.md has every rounding): the copy converts each element on the\n"
    "device, in the same dispatch: a split's input into its outputs' type, a join's inputs into\n"
    "its output's, a TensorScatter's update into past_cache's (which --to names).\n"
    "  --to T             the outputs' type: float32, float16, bfloat16, float8e4m3fn, float8e5m2\n"
    "                     or q8_0 (ggml's: blocks of 32 elements, an f16 scale and 32 int8)\n"
    "  --from T           the inputs' type, for what a dtype cannot name: bfloat16 ('<u2' or a\n"
    "                     2-byte void), float8e4m3fn or float8e5m2 ('|u1'), q8_0 ('|V34'); without\n"
    "                     it '<f4' is float32, '<f2' float16 and a 2-byte void bfloat16. FP8 and\n"
    "                     q8_0 convert to and from float32, float16 and bfloat16 only\n"
    "  --scale S          FP8 only, a float32 > 0: to FP8 fp8(x * S), from FP8 x * S (NaN and\n"
    "                     infinity unscaled)\n"
    "  --no-saturate      to FP8: past the largest finite gives NaN (e4m3fn) or infinity\n"
    "                     (e5m2), not +-448 or +-57344\n"
    "  .npy has no bfloat16, FP8 or q8_0 dtype: they are read and written as raw bytes: the outputs\n"
    "  are float32 '<f4', float16 '<f2', bfloat16 '<u2' (its bits), FP8 '|u1' (its bytes) and q8_0\n"
    "  '|V34' (an item a 34-byte block: f16 d, then int8 qs[32]), the last dimension in blocks\n"
    "  (elements / 32). Axes and lengths (--split, --device-lengths) count elements: a q8_0 file's\n"
    "  last dimension times 32, a multiple of 32 in every input and output. The front-ends see FP8\n"
    "  and q8_0 as the uint8 they are held in (OpenVINO: f8e4m3, f8e5m2).\n"
    "\n"
    "Device:\n"
    "  --device N         the device at index N of --list-devices (default: the first discrete\n"
    "                     GPU, else the first device); VKSPLIT_DEVICE=N does the same\n"
    "  --list-devices     print the devices, the default marked, and exit\n"
    "\n"
    "dtypes: b1 i1 u1 i2 u2 f2 i4 u4 f4 i8 u8 f8 c8 c16 (little-endian, C order), and bfloat16\n"
    "as a 2-byte void ('<V2' or '|V2'). Each opset's type list applies (opset 1: f2 f4 f8;\n"
    "bfloat16 from 13); OpenVINO has no complex types.\n"
    "\n"
    "Exit codes: 0 done; 2 invalid request (one line on stderr, nothing written);\n"
    "1 other failure (no Vulkan device, a device fault, a failed write: one line on stderr,\n"
    "nothing of this run left in DIR).\n"
    "VKSPLIT_VALIDATION=1 runs with the Khronos validation layer and fails on any message.\n";

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
static int parse_list(const char* name, const char* text, cli_list* out)
{
    uint64_t count = 1;
    for (const char* p = text; *p; p++)
        count += *p == ',';
    if (strspn(text, " ") == strlen(text))
        count = 0;
    if (count > VKSPLIT_MAX_OUTPUTS + 1u)
        return cli_fail(CLI_EXIT_INVALID, "%s has %" PRIu64 " entries, more than vksplit's limit of %u outputs", name,
                        count, VKSPLIT_MAX_OUTPUTS);
    out->values = malloc((size_t)(count ? count : 1) * sizeof out->values[0]);
    if (!out->values)
        return cli_fail(CLI_EXIT_FAILURE, "out of memory");
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
            return cli_fail(CLI_EXIT_INVALID, "%s: entry %u '%.*s' is not an integer", name, i,
                            (int)(length < 40 ? length : 40), p);
        p += length + 1;
    }
    out->count = (uint32_t)count;
    out->given = true;
    return 0;
}

/* One "--name value" or "--name=value"; *i advances past what it used. */
static int parse_one(cli_options* o, int argc, char** argv, int* i)
{
    const char* arg = argv[*i];
    if (strncmp(arg, "--", 2) != 0)
        return cli_fail(CLI_EXIT_INVALID, "unexpected argument '%s' (try --help)", arg);
    char name[32];
    const char* eq = strchr(arg, '=');
    size_t length = eq ? (size_t)(eq - arg) : strlen(arg);
    if (length >= sizeof name)
        return cli_fail(CLI_EXIT_INVALID, "unknown option '%s' (try --help)", arg);
    memcpy(name, arg, length);
    name[length] = '\0';
    if (!strcmp(name, "--list-devices") || !strcmp(name, "--indices-on-gpu") || !strcmp(name, "--no-saturate")) {
        if (eq)
            return cli_fail(CLI_EXIT_INVALID, "%s takes no value", name);
        bool* flag = name[2] == 'l' ? &o->list_devices : name[2] == 'i' ? &o->indices_on_gpu : &o->no_saturate;
        if (*flag && flag != &o->list_devices)
            return cli_fail(CLI_EXIT_INVALID, "%s is given more than once", name);
        *flag = true;
        return 0;
    }
    const char* value = eq ? eq + 1 : (*i + 1 < argc ? argv[++*i] : NULL);
    const char** text = !strcmp(name, "--input")      ? &o->input
                        : !strcmp(name, "--out-dir")  ? &o->out_dir
                        : !strcmp(name, "--openvino") ? &o->openvino
                        : !strcmp(name, "--mode")     ? &o->scatter_mode
                        : !strcmp(name, "--to")       ? &o->to_name
                        : !strcmp(name, "--from")     ? &o->from_name
                        : !strcmp(name, "--scale")    ? &o->scale_text
                                                      : NULL;
    cli_number* num = !strcmp(name, "--axis")          ? &o->axis
                      : !strcmp(name, "--num-outputs") ? &o->num_outputs
                      : !strcmp(name, "--opset")       ? &o->opset
                      : !strcmp(name, "--num-splits")  ? &o->num_splits
                      : !strcmp(name, "--device")      ? &o->device
                                                       : NULL;
    cli_list* values = !strcmp(name, "--split")            ? &o->split
                       : !strcmp(name, "--split-lengths")  ? &o->split_lengths
                       : !strcmp(name, "--device-lengths") ? &o->device_lengths
                                                           : NULL;
    if (!text && !num && !values)
        return cli_fail(CLI_EXIT_INVALID, "unknown option '%s' (try --help)", name);
    if (!value)
        return cli_fail(CLI_EXIT_INVALID, "%s needs a value", name);
    if ((text && *text) || (num && num->given) || (values && values->given))
        return cli_fail(CLI_EXIT_INVALID, "%s is given more than once", name);
    if (text) {
        *text = value;
        return 0;
    }
    if (values)
        return parse_list(name, value, values);
    if (!parse_int(value, &num->value))
        return cli_fail(CLI_EXIT_INVALID, "%s: '%s' is not an integer", name, value);
    num->given = true;
    return 0;
}

/* An argument that is no option: a join's or a TensorScatter's input, or a mistake. */
static int parse_argument(cli_options* o, const char* arg, int i)
{
    if (o->join || o->tensorscatter) {
        o->inputs[o->input_count++] = arg;
        return 0;
    }
    if (strcmp(arg, "join") == 0 && i > 1)
        return cli_fail(CLI_EXIT_INVALID, "'join' comes first: vksplit join --axis A --out-dir DIR IN0.npy ...");
    if (strcmp(arg, "tensorscatter") == 0 && i > 1)
        return cli_fail(CLI_EXIT_INVALID, "'tensorscatter' comes first: vksplit tensorscatter --out-dir DIR "
                                          "PAST_CACHE.npy UPDATE.npy [WRITE_INDICES.npy]");
    return cli_fail(CLI_EXIT_INVALID, "unexpected argument '%s' (try --help)", arg);
}

int cli_parse_options(int argc, char** argv, cli_options* o)
{
    memset(o, 0, sizeof *o);
    int first = 1;
    if (argc > 1 && (strcmp(argv[1], "join") == 0 || strcmp(argv[1], "tensorscatter") == 0)) {
        o->join = argv[1][0] == 'j';
        o->tensorscatter = !o->join;
        first = 2;
        o->inputs = malloc((size_t)argc * sizeof o->inputs[0]);
        if (!o->inputs)
            return cli_fail(CLI_EXIT_FAILURE, "out of memory");
    }
    bool verb = o->join || o->tensorscatter; /* its inputs are arguments */
    bool options = true;                     /* until a verb's "--" */
    for (int i = first; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0 && verb && options)
            options = false;
        else if (options && (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0))
            o->help = true;
    }
    if (o->help)
        return 0;
    options = true;
    for (int i = first; i < argc; i++) {
        int rc = 0;
        if (options && verb && strcmp(argv[i], "--") == 0)
            options = false;
        else if (options && strncmp(argv[i], "--", 2) == 0)
            rc = parse_one(o, argc, argv, &i);
        else
            rc = parse_argument(o, argv[i], i);
        if (rc)
            return rc;
    }
    return 0;
}

static int check_openvino(cli_options* o)
{
    if (strcmp(o->openvino, "split") == 0)
        o->mode = CLI_MODE_OV_SPLIT;
    else if (strcmp(o->openvino, "variadic") == 0)
        o->mode = CLI_MODE_OV_VARIADIC;
    else
        return cli_fail(CLI_EXIT_INVALID, "--openvino '%s': expected 'split' or 'variadic'", o->openvino);
    const char* onnx_only = o->split.given         ? "--split"
                            : o->num_outputs.given ? "--num-outputs"
                            : o->opset.given       ? "--opset"
                                                   : NULL;
    if (onnx_only)
        return cli_fail(CLI_EXIT_INVALID, "%s is an ONNX option; it does not go with --openvino", onnx_only);
    if (!o->axis.given)
        return cli_fail(CLI_EXIT_INVALID, "--openvino %s needs --axis (OpenVINO's axis input has no default)",
                        o->openvino);
    if (o->mode == CLI_MODE_OV_SPLIT && o->split_lengths.given)
        return cli_fail(CLI_EXIT_INVALID, "--split-lengths goes with --openvino variadic, not split");
    if (o->mode == CLI_MODE_OV_VARIADIC && o->num_splits.given)
        return cli_fail(CLI_EXIT_INVALID, "--num-splits goes with --openvino split, not variadic");
    if (o->mode == CLI_MODE_OV_SPLIT && !o->num_splits.given)
        return cli_fail(CLI_EXIT_INVALID, "--openvino split needs --num-splits N");
    if (o->mode == CLI_MODE_OV_VARIADIC && !o->split_lengths.given)
        return cli_fail(CLI_EXIT_INVALID, "--openvino variadic needs --split-lengths LIST");
    if (o->mode == CLI_MODE_OV_SPLIT && o->num_splits.value < 0)
        return cli_fail(CLI_EXIT_INVALID, "--num-splits %" PRId64 " is negative", o->num_splits.value);
    return 0;
}

/* --to's and --from's names. */
static const struct {
    const char* name;
    vksplit_type type;
} type_names[] = {
    {"float32", VKSPLIT_TYPE_FLOAT32},       {"float16", VKSPLIT_TYPE_FLOAT16},
    {"bfloat16", VKSPLIT_TYPE_BFLOAT16},     {"float8e4m3fn", VKSPLIT_TYPE_FLOAT8E4M3FN},
    {"float8e5m2", VKSPLIT_TYPE_FLOAT8E5M2}, {"q8_0", VKSPLIT_TYPE_Q8_0},
};

const char* cli_type_name(vksplit_type type)
{
    for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
        if (type_names[i].type == type)
            return type_names[i].name;
    return "none";
}

static int parse_type(const char* option, const char* text, vksplit_type* type)
{
    for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
        if (!strcmp(text, type_names[i].name)) {
            *type = type_names[i].type;
            return 0;
        }
    return cli_fail(CLI_EXIT_INVALID,
                    "%s '%.40s' is not a type vksplit converts: give float32, float16, bfloat16, float8e4m3fn, "
                    "float8e5m2 or q8_0",
                    option, text);
}

static bool is_fp8(vksplit_type t) { return t == VKSPLIT_TYPE_FLOAT8E4M3FN || t == VKSPLIT_TYPE_FLOAT8E5M2; }
/* float32, float16, bfloat16; NONE too: a type the dtype names is one of them. */
static bool is_wide(vksplit_type t) { return t <= VKSPLIT_TYPE_BFLOAT16; }

/* The option of the conversion that is given, or NULL. */
static const char* convert_option(const cli_options* o)
{
    return o->to_name       ? "--to"
           : o->from_name   ? "--from"
           : o->scale_text  ? "--scale"
           : o->no_saturate ? "--no-saturate"
                            : NULL;
}

/* --to, --from, --scale and --no-saturate, on a split or a join: what docs/conversions.md
 * allows, so that a request the plan would refuse fails before the device starts. */
static int check_convert(cli_options* o)
{
    if (!o->to_name) {
        const char* without = convert_option(o);
        return without ? cli_fail(CLI_EXIT_INVALID, "%s goes with --to T (the outputs' type)", without) : 0;
    }
    int rc = parse_type("--to", o->to_name, &o->to);
    if (!rc && o->from_name)
        rc = parse_type("--from", o->from_name, &o->from);
    if (rc)
        return rc;
    vksplit_type from = o->from, to = o->to;
    if (!is_wide(from) && !is_wide(to) && !(from == to && is_fp8(from)))
        return cli_fail(CLI_EXIT_INVALID,
                        "--from %s --to %s: vksplit converts FP8 and q8_0 to and from float32, float16 and bfloat16 "
                        "only (docs/conversions.md)",
                        cli_type_name(from), cli_type_name(to));
    bool fp8 = is_fp8(to) ? from != to : is_fp8(from); /* the copy converts to or from FP8 */
    if (o->scale_text && !fp8)
        return cli_fail(CLI_EXIT_INVALID,
                        "--scale is for FP8 only: give it with --to or --from float8e4m3fn or float8e5m2 (--to %s%s%s "
                        "has no scale)",
                        cli_type_name(to), from ? " --from " : "", from ? cli_type_name(from) : "");
    if (o->scale_text) {
        char* end;
        errno = 0;
        float scale = strtof(o->scale_text, &end);
        if (end == o->scale_text || *end != '\0' || !isfinite(scale) || !(scale > 0.0f))
            return cli_fail(CLI_EXIT_INVALID, "--scale '%.40s' is not a finite number > 0 (as a float32)",
                            o->scale_text);
        o->scale = scale;
    }
    if (o->no_saturate && !(is_fp8(to) && from != to))
        return cli_fail(CLI_EXIT_INVALID,
                        "--no-saturate is for a conversion to FP8 (--to float8e4m3fn or float8e5m2), not --to %s",
                        cli_type_name(to));
    return 0;
}

/* --mode and --indices-on-gpu are TensorScatter's: the option given with a split or a join. */
static const char* scatter_option(const cli_options* o)
{
    return o->scatter_mode ? "--mode" : o->indices_on_gpu ? "--indices-on-gpu" : NULL;
}

/* A TensorScatter takes the axis, the mode, the opset, DIR, the device and where write_indices
 * go; its inputs, two or three, are the arguments. */
static int check_tensorscatter(const cli_options* o)
{
    if (o->input)
        return cli_fail(CLI_EXIT_INVALID, "--input is the split's: vksplit tensorscatter takes its inputs as arguments "
                                          "(vksplit tensorscatter --out-dir DIR PAST_CACHE.npy UPDATE.npy "
                                          "[WRITE_INDICES.npy])");
    const char* other = o->split.given            ? "--split"
                        : o->num_outputs.given    ? "--num-outputs"
                        : o->openvino             ? "--openvino"
                        : o->num_splits.given     ? "--num-splits"
                        : o->split_lengths.given  ? "--split-lengths"
                        : o->device_lengths.given ? "--device-lengths"
                                                  : NULL;
    if (other)
        return cli_fail(CLI_EXIT_INVALID, "%s is a split option; it does not go with tensorscatter", other);
    if (!o->out_dir)
        return cli_fail(CLI_EXIT_INVALID, "--out-dir DIR is required");
    if (o->input_count < 2 || o->input_count > 3)
        return cli_fail(CLI_EXIT_INVALID,
                        "tensorscatter takes 2 or 3 inputs (PAST_CACHE.npy UPDATE.npy [WRITE_INDICES.npy]), not %u",
                        o->input_count);
    if (o->indices_on_gpu && o->input_count < 3)
        return cli_fail(CLI_EXIT_INVALID, "--indices-on-gpu needs WRITE_INDICES.npy (without it every write index "
                                          "is 0, on the host)");
    return 0;
}

/* A join takes the axis, the opset, DIR and the device; its inputs are the arguments. */
static int check_join(const cli_options* o)
{
    if (o->input)
        return cli_fail(CLI_EXIT_INVALID, "--input is the split's: vksplit join takes its inputs as arguments "
                                          "(vksplit join --axis A --out-dir DIR IN0.npy IN1.npy ...)");
    const char* split_only = o->split.given            ? "--split"
                             : o->num_outputs.given    ? "--num-outputs"
                             : o->openvino             ? "--openvino"
                             : o->num_splits.given     ? "--num-splits"
                             : o->split_lengths.given  ? "--split-lengths"
                             : o->device_lengths.given ? "--device-lengths"
                                                       : NULL;
    if (split_only)
        return cli_fail(CLI_EXIT_INVALID, "%s is a split option; it does not go with join", split_only);
    if (scatter_option(o))
        return cli_fail(CLI_EXIT_INVALID, "%s is a tensorscatter option; it does not go with join", scatter_option(o));
    if (!o->out_dir)
        return cli_fail(CLI_EXIT_INVALID, "--out-dir DIR is required");
    return 0;
}

int cli_check_options(cli_options* o)
{
    if (o->tensorscatter) {
        int rc = check_tensorscatter(o);
        return rc ? rc : check_convert(o);
    }
    if (o->join) {
        int rc = check_join(o);
        return rc ? rc : check_convert(o);
    }
    if (scatter_option(o))
        return cli_fail(CLI_EXIT_INVALID, "%s is a tensorscatter option (vksplit tensorscatter ...)",
                        scatter_option(o));
    if (!o->input)
        return cli_fail(CLI_EXIT_INVALID, "--input IN.npy is required");
    if (!o->out_dir)
        return cli_fail(CLI_EXIT_INVALID, "--out-dir DIR is required");
    if (o->openvino) {
        int rc = check_openvino(o);
        return rc ? rc : check_convert(o);
    }
    o->mode = CLI_MODE_ONNX;
    if (o->num_splits.given || o->split_lengths.given)
        return cli_fail(CLI_EXIT_INVALID, "%s belongs to --openvino",
                        o->num_splits.given ? "--num-splits" : "--split-lengths");
    return check_convert(o);
}

void cli_free_options(cli_options* o)
{
    free(o->split.values);
    free(o->split_lengths.values);
    free(o->device_lengths.values);
    free(o->inputs);
    o->split.values = NULL;
    o->split_lengths.values = NULL;
    o->device_lengths.values = NULL;
    o->inputs = NULL;
}
