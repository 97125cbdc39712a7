/* The request: the .npy header's dtype and shape plus the options, through the ONNX or
 * OpenVINO front-end, to a canonical vksplit_split_desc. The front-ends check their own
 * rules here; the plan validates the result once, later, on the device's context. */
#include <inttypes.h>
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

int cli_make_request(const cli_options* o, const npy_header* h, cli_request* req)
{
    memset(req, 0, sizeof *req);
    req->lengths = malloc(VKSPLIT_MAX_OUTPUTS * sizeof req->lengths[0]);
    if (!req->lengths)
        return cli_fail(CLI_EXIT_FAILURE, "out of memory");
    const dtype* t = NULL;
    int rc = find_dtype(h, o->input, &t);
    if (!rc)
        rc = o->mode == CLI_MODE_ONNX ? translate_onnx(o, h, t, req) : translate_openvino(o, h, t, req);
    return rc;
}

void cli_free_request(cli_request* req)
{
    free(req->lengths);
    req->lengths = NULL;
}
