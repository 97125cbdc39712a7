/* The request: the .npy header's dtype and shape plus the options, through the ONNX or
 * OpenVINO front-end, to a canonical vksplit_split_desc; for a join, the headers of all the
 * inputs through ONNX Concat to a vksplit_join_desc. The front-ends check their own rules
 * here; the plan validates the result once, later, on the device's context. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "vksplit/onnx.h"
#include "vksplit/openvino.h"

typedef struct dtype {
    char kind;
    uint32_t size;
    vksplit_onnx_data_type onnx;
    vksplit_ov_element_type ov; /* VKSPLIT_OV_UNDEFINED: none */
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

static int find_dtype(const npy_header* h, const char* path, const dtype** out)
{
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
        if (dtypes[i].kind == h->kind && dtypes[i].size == h->itemsize) {
            *out = &dtypes[i];
            return 0;
        }
    if (h->kind == 'S' || h->kind == 'U')
        return cli_fail(CLI_EXIT_INVALID,
                        "%s: dtype %s is a string type: vksplit copies fixed-width elements and ONNX strings are "
                        "variable-length",
                        path, h->descr);
    return cli_fail(CLI_EXIT_INVALID,
                    "%s: dtype %s is not supported (b1 i1 u1 i2 u2 f2 i4 u4 f4 i8 u8 f8 c8 c16, or V2 for bfloat16)",
                    path, h->descr);
}

/* ---- --to: the types of a copy that converts ------------------------------------------- */

/* How a type's data is held in a .npy, and the element type the front-ends take it for: FP8
 * and q8_0 have neither a numpy dtype nor an ONNX Split or Concat type, so the front-end sees
 * the bytes they are held in (q8_0's shape in elements); OpenVINO has the FP8 types. */
typedef struct stored {
    vksplit_type type;
    const char* descr; /* what the outputs are written in */
    const char* takes; /* what --from takes, for the messages */
    dtype node;        /* for the front-ends: the kind and size are the file's */
} stored;

static const stored stored_types[] = {
    {VKSPLIT_TYPE_FLOAT32, "'<f4'", "'<f4'", {'f', 4, VKSPLIT_ONNX_FLOAT, VKSPLIT_OV_F32, "float32"}},
    {VKSPLIT_TYPE_FLOAT16, "'<f2'", "'<f2'", {'f', 2, VKSPLIT_ONNX_FLOAT16, VKSPLIT_OV_F16, "float16"}},
    {VKSPLIT_TYPE_BFLOAT16,
     "'<u2'",
     "'<u2' or a 2-byte void ('|V2'), its bits",
     {'u', 2, VKSPLIT_ONNX_BFLOAT16, VKSPLIT_OV_BF16, "bfloat16"}},
    {VKSPLIT_TYPE_FLOAT8E4M3FN,
     "'|u1'",
     "'|u1', its bytes",
     {'u', 1, VKSPLIT_ONNX_UINT8, VKSPLIT_OV_F8E4M3, "float8e4m3fn"}},
    {VKSPLIT_TYPE_FLOAT8E5M2,
     "'|u1'",
     "'|u1', its bytes",
     {'u', 1, VKSPLIT_ONNX_UINT8, VKSPLIT_OV_F8E5M2, "float8e5m2"}},
    {VKSPLIT_TYPE_Q8_0,
     "'|V34'",
     "'|V34', one 34-byte block of 32 elements an item",
     {'V', 34, VKSPLIT_ONNX_UINT8, VKSPLIT_OV_U8, "q8_0"}},
};

static const stored* stored_type(vksplit_type type)
{
    for (size_t i = 0; i < sizeof stored_types / sizeof stored_types[0]; i++)
        if (stored_types[i].type == type)
            return &stored_types[i];
    return &stored_types[0]; /* not reached: cli_check_options parsed the type */
}

const char* cli_type_descr(vksplit_type type) { return stored_type(type)->descr; }

uint64_t cli_type_bytes(vksplit_type type, uint64_t elements)
{
    if (type == VKSPLIT_TYPE_Q8_0)
        return elements / 32 * 34;
    return elements * (type == VKSPLIT_TYPE_FLOAT32 ? 4u : type <= VKSPLIT_TYPE_BFLOAT16 ? 2u : 1u);
}

static bool holds(const npy_header* h, char kind, uint32_t size) { return h->kind == kind && h->itemsize == size; }

int cli_held_type(const npy_header* h, const char* path, vksplit_type type, const char* option)
{
    const stored* s = stored_type(type);
    bool bits = type == VKSPLIT_TYPE_BFLOAT16 && holds(h, 'V', 2);
    if (holds(h, s->node.kind, s->node.size) || bits)
        return 0;
    return cli_fail(CLI_EXIT_INVALID, "%s: dtype %s does not hold %s: %s %s takes %s", path, h->descr, s->node.name,
                    option, s->node.name, s->takes);
}

int cli_source_type(const cli_options* o, const npy_header* h, const char* path, vksplit_type* type)
{
    if (o->from) {
        *type = o->from;
        return cli_held_type(h, path, o->from, "--from");
    }
    *type = holds(h, 'f', 4)   ? VKSPLIT_TYPE_FLOAT32
            : holds(h, 'f', 2) ? VKSPLIT_TYPE_FLOAT16
            : holds(h, 'V', 2) ? VKSPLIT_TYPE_BFLOAT16
                               : VKSPLIT_TYPE_NONE;
    if (*type)
        return 0;
    if (holds(h, 'u', 1))
        return cli_fail(CLI_EXIT_INVALID,
                        "%s: dtype %s is uint8: for FP8 held in it, say which with --from float8e4m3fn or --from "
                        "float8e5m2",
                        path, h->descr);
    if (holds(h, 'u', 2))
        return cli_fail(CLI_EXIT_INVALID, "%s: dtype %s is uint16: for bfloat16 bits held in it, give --from bfloat16",
                        path, h->descr);
    if (holds(h, 'V', 34))
        return cli_fail(CLI_EXIT_INVALID, "%s: dtype %s: for q8_0 blocks held in it, give --from q8_0", path, h->descr);
    return cli_fail(CLI_EXIT_INVALID,
                    "%s: dtype %s does not convert: --to takes float32 ('<f4'), float16 ('<f2') or bfloat16 (a 2-byte "
                    "void), and with --from bfloat16 ('<u2'), FP8 ('|u1') or q8_0 ('|V34')",
                    path, h->descr);
}

/* A q8_0 array's last dimension in elements (its .npy counts blocks); 0 or the exit code. */
static int element_shape(vksplit_type type, const char* path, uint32_t rank, uint64_t* shape)
{
    if (type != VKSPLIT_TYPE_Q8_0 || rank == 0) /* a scalar: the front-end's rule */
        return 0;
    if (shape[rank - 1] > (uint64_t)INT64_MAX / 32)
        return cli_fail(CLI_EXIT_INVALID, "%s: %llu q8_0 blocks are more than 2^63 - 1 elements", path,
                        (unsigned long long)shape[rank - 1]);
    shape[rank - 1] *= 32;
    return 0;
}

int cli_typed_input(const npy_header* h, const char* path, vksplit_type type, vksplit_onnx_data_type* node_type,
                    int64_t* shape)
{
    uint64_t sizes[NPY_MAX_DIMS];
    memcpy(sizes, h->shape, h->rank * sizeof sizes[0]);
    *node_type = stored_type(type)->node.onnx;
    int rc = element_shape(type, path, h->rank, sizes);
    for (uint32_t k = 0; k < h->rank; k++)
        shape[k] = (int64_t)sizes[k]; /* npy_read_header refuses dimensions above INT64_MAX */
    return rc;
}

int cli_node_input(const cli_options* o, const npy_header* h, const char* path, vksplit_onnx_data_type* type,
                   int64_t* shape)
{
    vksplit_type source = VKSPLIT_TYPE_NONE;
    int rc = o->to ? cli_source_type(o, h, path, &source) : cli_onnx_type(h, path, type);
    if (!rc && o->to)
        return cli_typed_input(h, path, source, type, shape);
    for (uint32_t k = 0; k < h->rank; k++)
        shape[k] = (int64_t)h->shape[k]; /* npy_read_header refuses dimensions above INT64_MAX */
    return rc;
}

/* What part `index` or the whole (index UINT32_MAX) is to the user: a split's input or
 * "out_1.npy", a join's input or "out.npy", a TensorScatter's update or past_cache. */
static const char* tensor_name(const cli_options* o, uint32_t index, char* buffer, size_t capacity)
{
    if (o->tensorscatter)
        return o->inputs[index == UINT32_MAX ? 0 : 1];
    if (index == UINT32_MAX)
        return o->join ? "out.npy" : o->input;
    if (o->join)
        return o->inputs[index];
    snprintf(buffer, capacity, "out_%u.npy", index);
    return buffer;
}

int cli_set_convert(const cli_options* o, vksplit_type source, cli_request* req)
{
    bool join = req->join; /* a join's or a TensorScatter's: the parts convert into the whole */
    vksplit_convert* c = &req->options.convert;
    c->whole = join ? o->to : source;
    c->parts = join ? source : o->to;
    c->no_saturate = o->no_saturate;
    c->scale_source = o->scale > 0.0f ? VKSPLIT_SCALE_HOST : VKSPLIT_SCALE_NONE;
    c->scale = o->scale;
    req->converts = true;
    req->out_type = o->to;
    uint32_t rank = join ? req->join_desc.rank : req->split.rank;
    uint32_t axis = join ? req->join_desc.axis : req->split.axis;
    uint32_t count = join ? req->join_desc.input_count : req->split.output_count;
    const uint64_t* lengths = join ? req->join_desc.lengths : req->split.lengths;
    if (join)
        req->join_desc.element_size = 0;
    else
        req->split.element_size = 0;
    bool empty = false;
    for (uint32_t k = 0; k < rank; k++)
        empty = empty || req->sizes[k] == 0;
    if ((c->whole != VKSPLIT_TYPE_Q8_0 && c->parts != VKSPLIT_TYPE_Q8_0) || empty)
        return 0;
    /* A split's input first, then its outputs; a join's inputs first, then its output: the
     * file the user gave is named where it is at fault. */
    char name[32];
    for (uint32_t i = 0; i <= count; i++) {
        uint32_t index = join ? (i < count ? i : UINT32_MAX) : (i ? i - 1 : UINT32_MAX);
        uint64_t last = index == UINT32_MAX || axis != rank - 1 ? req->sizes[rank - 1] : lengths[index];
        if (last % 32)
            return cli_fail(CLI_EXIT_INVALID,
                            "%s: its last dimension is %llu elements, not whole q8_0 blocks of 32 (%s to %s)",
                            tensor_name(o, index, name, sizeof name), (unsigned long long)last,
                            cli_type_name(join ? c->parts : c->whole), cli_type_name(join ? c->whole : c->parts));
    }
    return 0;
}

static int translate_onnx(const cli_options* o, const npy_header* h, const dtype* t, cli_request* req)
{
    vksplit_onnx_split_desc node;
    memset(&node, 0, sizeof node);
    node.opset = o->opset.given ? o->opset.value : 18;
    node.data_type = t->onnx;
    int64_t shape[NPY_MAX_DIMS];
    for (uint32_t k = 0; k < h->rank; k++)
        shape[k] = (int64_t)h->shape[k]; /* npy_read_header refuses dimensions above INT64_MAX */
    node.rank = h->rank;
    node.shape = shape;
    node.axis = o->axis.given ? o->axis.value : 0;
    if (node.opset != 18 && o->num_outputs.given) {
        if (o->num_outputs.value < 1 || o->num_outputs.value > (int64_t)UINT32_MAX)
            return cli_fail(CLI_EXIT_INVALID,
                            "--num-outputs %" PRId64 " is out of range: the node's output count is >= 1",
                            o->num_outputs.value);
        node.output_count = (uint32_t)o->num_outputs.value;
    }
    bool is_version = vksplit_onnx_split_version(node.opset) == node.opset;
    if (is_version && node.opset != 18 && !o->split.given && !o->num_outputs.given)
        return cli_fail(CLI_EXIT_INVALID,
                        "opset %" PRId64 " without --split splits equally into the node's outputs: "
                        "give --num-outputs N",
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
    storage.lengths = req->lengths;
    storage.lengths_capacity = VKSPLIT_MAX_OUTPUTS;
    vksplit_error err;
    if (vksplit_onnx_translate_split(&node, &storage, &req->split, &err) != VKSPLIT_OK)
        return cli_fail_error(CLI_EXIT_INVALID, NULL, &err);
    memcpy(req->sizes, storage.sizes, sizeof req->sizes);
    req->split.sizes = req->sizes;
    return 0;
}

static int translate_openvino(const cli_options* o, const npy_header* h, const dtype* t, cli_request* req)
{
    if (t->ov == VKSPLIT_OV_UNDEFINED)
        return cli_fail(CLI_EXIT_INVALID, "%s: dtype %s (%s) has no OpenVINO element type", o->input, h->descr,
                        t->name);
    vksplit_ov_constant axis;
    memset(&axis, 0, sizeof axis);
    axis.element_type = VKSPLIT_OV_I64;
    axis.data = &o->axis.value;
    vksplit_ov_split_storage storage;
    memset(&storage, 0, sizeof storage);
    storage.lengths = req->lengths;
    storage.lengths_capacity = VKSPLIT_MAX_OUTPUTS;
    vksplit_error err;
    vksplit_result r;
    if (o->mode == CLI_MODE_OV_SPLIT) {
        vksplit_ov_split_desc op;
        memset(&op, 0, sizeof op);
        op.element_type = t->ov;
        op.rank = h->rank;
        op.shape = h->shape;
        op.axis = axis;
        op.num_splits = (uint64_t)o->num_splits.value;
        r = vksplit_ov_translate_split(&op, &storage, &req->split, &err);
    } else {
        vksplit_ov_variadic_split_desc op;
        memset(&op, 0, sizeof op);
        op.element_type = t->ov;
        op.rank = h->rank;
        op.shape = h->shape;
        op.axis = axis;
        op.split_lengths.element_type = VKSPLIT_OV_I64;
        op.split_lengths.rank = 1;
        op.split_lengths.length = o->split_lengths.count;
        op.split_lengths.data = o->split_lengths.values;
        r = vksplit_ov_translate_variadic_split(&op, &storage, &req->split, &err);
    }
    if (r != VKSPLIT_OK)
        return cli_fail_error(CLI_EXIT_INVALID, NULL, &err);
    memcpy(req->sizes, storage.sizes, sizeof req->sizes);
    req->split.sizes = req->sizes;
    return 0;
}

int cli_onnx_type(const npy_header* h, const char* path, vksplit_onnx_data_type* type)
{
    const dtype* t = NULL;
    int rc = find_dtype(h, path, &t);
    if (!rc)
        *type = t->onnx;
    return rc;
}

static int new_request(cli_request* req)
{
    memset(req, 0, sizeof *req);
    _Static_assert(VKSPLIT_MAX_INPUTS == VKSPLIT_MAX_OUTPUTS, "one lengths array serves both");
    req->lengths = malloc(VKSPLIT_MAX_OUTPUTS * sizeof req->lengths[0]);
    return req->lengths ? 0 : cli_fail(CLI_EXIT_FAILURE, "out of memory");
}

int cli_make_request(const cli_options* o, const npy_header* h, cli_request* req)
{
    int rc = new_request(req);
    const dtype* t = NULL;
    vksplit_type source = VKSPLIT_TYPE_NONE;
    npy_header elements; /* with --to: the input as the front-end takes it */
    if (!rc && o->to) {
        rc = cli_source_type(o, h, o->input, &source);
        elements = *h;
        h = &elements;
        t = &stored_type(source)->node;
        if (!rc)
            rc = element_shape(source, o->input, elements.rank, elements.shape);
    } else if (!rc) {
        rc = find_dtype(h, o->input, &t);
    }
    if (!rc)
        rc = o->mode == CLI_MODE_ONNX ? translate_onnx(o, h, t, req) : translate_openvino(o, h, t, req);
    if (!rc && o->to)
        rc = cli_set_convert(o, source, req);
    if (!rc && o->device_lengths.given) { /* the GPU's check holds them to the capacities */
        if (o->device_lengths.count != req->split.output_count)
            return cli_fail(CLI_EXIT_INVALID, "--device-lengths has %u values for %u outputs", o->device_lengths.count,
                            req->split.output_count);
        for (uint32_t i = 0; i < o->device_lengths.count; i++)
            if (o->device_lengths.values[i] < 0 || o->device_lengths.values[i] > (int64_t)UINT32_MAX)
                return cli_fail(CLI_EXIT_INVALID, "--device-lengths[%u] = %" PRId64 " is out of [0, 4294967295]", i,
                                o->device_lengths.values[i]);
        req->device_lengths = o->device_lengths.values;
    }
    return rc;
}

/* ---- a join: ONNX Concat ---------------------------------------------------------------- */

/* The Concat rules that one input breaks, alone or beside input 0; the others are the node's
 * (its opset, its axis attribute, its input count, the output's size). */
static bool is_input_rule(vksplit_rule rule)
{
    switch (rule) {
    case VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE:
    case VKSPLIT_RULE_ONNX_CONCAT_STRING_TYPE:
    case VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE_VERSION:
    case VKSPLIT_RULE_ONNX_CONCAT_TYPE_MISMATCH:
    case VKSPLIT_RULE_ONNX_CONCAT_SCALAR:
    case VKSPLIT_RULE_ONNX_CONCAT_RANK_MISMATCH:
    case VKSPLIT_RULE_ONNX_CONCAT_RANK_LIMIT:
    case VKSPLIT_RULE_ONNX_CONCAT_SHAPE_NEGATIVE:
    case VKSPLIT_RULE_ONNX_CONCAT_SHAPE_MISMATCH: return true;
    default: return false;
    }
}

/* Which input a failed translation's rule is about: the first i whose node of input 0 and
 * input i (input 0 alone for i = 0) fails by that same rule. The node's own rules check every
 * input against input 0 only, in order, so that is the input the whole node's message names
 * (inputs[i]); the CLI names its file. count when none is (a rule of the node). */
static uint32_t input_at_fault(const vksplit_onnx_concat_desc* node, vksplit_rule rule)
{
    if (!is_input_rule(rule))
        return node->input_count;
    uint64_t lengths[2];
    vksplit_onnx_concat_storage storage;
    memset(&storage, 0, sizeof storage);
    storage.lengths = lengths;
    storage.lengths_capacity = 2;
    for (uint32_t i = 0; i < node->input_count; i++) {
        vksplit_onnx_concat_input pair[2] = {node->inputs[0], node->inputs[i]};
        vksplit_onnx_concat_desc probe = *node;
        probe.inputs = pair;
        probe.input_count = i ? 2 : 1;
        vksplit_join_desc unused;
        vksplit_error err;
        if (vksplit_onnx_translate_concat(&probe, &storage, &unused, &err) != VKSPLIT_OK && err.rule == rule)
            return i;
    }
    return node->input_count;
}

/* The Concat node of the inputs (none where nodes is NULL) and the options. */
static vksplit_onnx_concat_desc concat_node(const cli_options* o, const vksplit_onnx_concat_input* nodes)
{
    vksplit_onnx_concat_desc node;
    memset(&node, 0, sizeof node);
    node.opset = o->opset.given ? o->opset.value : 13;
    node.input_count = o->input_count;
    node.inputs = nodes; /* NULL where none were opened: the count's rule comes first */
    node.has_axis = o->axis.given;
    node.axis = o->axis.value;
    return node;
}

int cli_make_join_request(const cli_options* o, const cli_join_inputs* inputs, cli_request* req)
{
    int rc = new_request(req);
    req->join = true;
    vksplit_onnx_concat_input* nodes = NULL;
    if (!rc && inputs->items) {
        nodes = calloc(o->input_count, sizeof nodes[0]);
        if (!nodes)
            rc = cli_fail(CLI_EXIT_FAILURE, "out of memory for %u inputs", o->input_count);
    }
    vksplit_type source = VKSPLIT_TYPE_NONE; /* with --to: the inputs' type, input 0's */
    if (!rc && nodes && o->to)
        rc = cli_source_type(o, &inputs->first, o->inputs[0], &source);
    for (uint32_t i = 0; nodes && i < o->input_count; i++) {
        const cli_join_input* in = &inputs->items[i];
        nodes[i] = (vksplit_onnx_concat_input){in->type, in->rank, in->shape};
    }
    vksplit_onnx_concat_desc node = concat_node(o, nodes);
    vksplit_onnx_concat_storage storage = {req->lengths, VKSPLIT_MAX_INPUTS, {0}};
    vksplit_error err;
    if (!rc && vksplit_onnx_translate_concat(&node, &storage, &req->join_desc, &err) != VKSPLIT_OK) {
        uint32_t i = nodes ? input_at_fault(&node, err.rule) : node.input_count;
        rc = cli_fail_error(CLI_EXIT_INVALID, i < node.input_count ? o->inputs[i] : NULL, &err);
    }
    if (!rc) {
        memcpy(req->sizes, storage.sizes, sizeof req->sizes);
        req->join_desc.sizes = req->sizes;
    }
    if (!rc && o->to) /* the inputs share input 0's type: Concat holds them to one ONNX type, which each source has */
        rc = cli_set_convert(o, source, req);
    free(nodes);
    return rc;
}

void cli_free_request(cli_request* req)
{
    free(req->lengths);
    free(req->write_indices);
    req->lengths = NULL;
    req->write_indices = NULL;
}
