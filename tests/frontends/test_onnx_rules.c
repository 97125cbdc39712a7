/* ONNX front-end: one row per rule of each opset (valid and invalid), asserting the rule (by
 * id), its code and the lengths; each opset's type list; storage and *out untouched on error.
 * No device. */
#if defined(__GNUC__) || defined(__clang__)
#endif
#include "frontend_support.h"
#include "vksplit/onnx.h"

#define OK VKSPLIT_RULE_NONE
#define MAXN 8

typedef struct onnx_case {
    const char* name;
    int64_t opset;
    vksplit_onnx_data_type type; /* 0: FLOAT */
    uint32_t rank;
    int64_t shape[9];
    int64_t axis;
    uint32_t output_count;
    int attr;       /* 'split' attribute given */
    int input;      /* 'split' input given (int64 unless input_type) */
    uint32_t count; /* entries of the given list */
    int64_t list[MAXN];
    vksplit_onnx_data_type input_type;
    int num; /* 'num_outputs' given */
    int64_t num_outputs;
    vksplit_rule rule; /* VKSPLIT_RULE_NONE: accepted */
    uint32_t want_axis;
    uint32_t want_count;
    uint64_t want[MAXN];
    const char* shows; /* values the message must show (the rule is told by id) */
} onnx_case;

/* Short forms for a row's groups of fields, with no braces of their own (as DIMS). */
#define NUM(n) .num = 1, .num_outputs = (n)
#define ATTR(n, ...) .attr = 1, .count = (n), .list = {__VA_ARGS__}
#define INPUT(n, ...) .input = 1, .count = (n), .list = {__VA_ARGS__}
#define INPUT_AS(type, n, ...) .input = 1, .input_type = (type), .count = (n), .list = {__VA_ARGS__}
#define ATTR_AND_INPUT_AS(type, n, ...) .attr = 1, INPUT_AS(type, n, __VA_ARGS__)
#define GIVES(axis, n, ...) .rule = OK, .want_axis = (axis), .want_count = (n), .want = {__VA_ARGS__}
#define REFUSED(id, message) .rule = (id), .shows = (message)

#define F VKSPLIT_ONNX_FLOAT
static const onnx_case cases[] = {
    /* Equal splits into the node's outputs (opsets 1, 2, 11, 13) and num_outputs (18). */
    {"1: equal", 1, F, 1, DIMS(6), 0, 3, GIVES(0, 3, 2, 2, 2)},
    {"2: equal", 2, F, 1, DIMS(6), 0, 3, GIVES(0, 3, 2, 2, 2)},
    {"11: equal", 11, F, 1, DIMS(6), 0, 3, GIVES(0, 3, 2, 2, 2)},
    {"13: equal", 13, F, 1, DIMS(6), 0, 3, GIVES(0, 3, 2, 2, 2)},
    {"18: num_outputs 3", 18, F, 1, DIMS(6), 0, 0, NUM(3), GIVES(0, 3, 2, 2, 2)},
    {"18: num_outputs with matching output_count", 18, F, 1, DIMS(6), 0, 3, NUM(3), GIVES(0, 3, 2, 2, 2)},
    {"18: uneven 2d", 18, F, 2, DIMS(2, 8), 1, 0, NUM(3), GIVES(1, 3, 3, 3, 2)},
    {"18: last chunk 0", 18, F, 1, DIMS(6), 0, 0, NUM(4), GIVES(0, 4, 2, 2, 2, 0)},
    {"13: equal, dim 0", 13, F, 1, DIMS(0), 0, 3, GIVES(0, 3, 0, 0, 0)},
    {"13: not divisible", 13, F, 1, DIMS(6), 0, 4,
     REFUSED(VKSPLIT_RULE_ONNX_NOT_DIVISIBLE, "dimension 6 on axis 0 is not divisible by the node's 4 outputs")},
    {"2: not divisible", 2, F, 2, DIMS(2, 5), 1, 2, REFUSED(VKSPLIT_RULE_ONNX_NOT_DIVISIBLE, "5 % 2 = 1")},
    {"13: equal without output count", 13, F, 1, DIMS(6), 0, 0,
     REFUSED(VKSPLIT_RULE_ONNX_OUTPUT_COUNT_ZERO, "output_count is 0")},
    {"1: equal without output count", 1, F, 1, DIMS(6), 0, 0,
     REFUSED(VKSPLIT_RULE_ONNX_OUTPUT_COUNT_ZERO, "Split-1 without 'split'")},
    {"13: output count over the limit", 13, F, 1, DIMS(6), 0, VKSPLIT_MAX_OUTPUTS + 1,
     REFUSED(VKSPLIT_RULE_ONNX_OUTPUT_COUNT_LIMIT, NULL)},
    /* Default axis 0; negative axes in [-rank, rank-1] at every version: Split-11's document
     * gave them, ONNX's shape inference takes them at 1 and 2 too (exported models carry them;
     * ONNX Runtime's SplitOperatorTest.NegativeAxis runs one at Split-2). */
    {"13: default axis", 13, F, 2, DIMS(4, 6), 0, 2, GIVES(0, 2, 2, 2)},
    {"11: axis -1", 11, F, 2, DIMS(2, 6), -1, 2, GIVES(1, 2, 3, 3)},
    {"13: axis -2", 13, F, 2, DIMS(2, 6), -2, 2, GIVES(0, 2, 1, 1)},
    {"18: axis -1", 18, F, 2, DIMS(2, 6), -1, 0, NUM(2), GIVES(1, 2, 3, 3)},
    {"1: axis -1", 1, F, 2, DIMS(2, 6), -1, 2, GIVES(1, 2, 3, 3)},
    {"2: axis -1", 2, F, 2, DIMS(2, 6), -1, 2, GIVES(1, 2, 3, 3)},
    {"1: axis -2", 1, F, 2, DIMS(4, 6), -2, 2, GIVES(0, 2, 2, 2)},
    {"2: axis -2, split attribute", 2, F, 2, DIMS(4, 6), -2, 0, ATTR(2, 1, 3), GIVES(0, 2, 1, 3)},
    {"2: axis -1 of an empty input", 2, F, 2, DIMS(0, 2), -1, 2, GIVES(1, 2, 1, 1)},
    {"1: axis -3 of rank 2", 1, F, 2, DIMS(2, 6), -3, 2,
     REFUSED(VKSPLIT_RULE_ONNX_AXIS, "axis -3 is out of range [-2, 1] for a rank-2 input")},
    {"2: axis -3 of rank 2", 2, F, 2, DIMS(2, 6), -3, 2,
     REFUSED(VKSPLIT_RULE_ONNX_AXIS, "axis -3 is out of range [-2, 1] for a rank-2 input")},
    {"13: axis 2 of rank 2", 13, F, 2, DIMS(2, 6), 2, 2,
     REFUSED(VKSPLIT_RULE_ONNX_AXIS, "axis 2 is out of range [-2, 1] for a rank-2 input")},
    {"18: axis -5 of rank 4", 18, F, 4, DIMS(2, 2, 2, 2), -5, 0, NUM(2),
     REFUSED(VKSPLIT_RULE_ONNX_AXIS, "axis -5 is out of range [-4, 3] for a rank-4 input")},
    {"2: axis 4 of rank 4", 2, F, 4, DIMS(2, 2, 2, 2), 4, 2, REFUSED(VKSPLIT_RULE_ONNX_AXIS, "[-4, 3]")},
    /* 'split' as an attribute (1, 2, 11) or an input (1, 13, 18). */
    {"1: split attribute", 1, F, 1, DIMS(6), 0, 0, ATTR(2, 2, 4), GIVES(0, 2, 2, 4)},
    {"2: split attribute", 2, F, 1, DIMS(6), 0, 0, ATTR(2, 2, 4), GIVES(0, 2, 2, 4)},
    {"11: split attribute", 11, F, 2, DIMS(2, 6), 1, 2, ATTR(2, 2, 4), GIVES(1, 2, 2, 4)},
    {"13: split input", 13, F, 1, DIMS(6), 0, 0, INPUT(2, 2, 4), GIVES(0, 2, 2, 4)},
    {"18: split input", 18, F, 1, DIMS(6), 0, 2, INPUT(2, 2, 4), GIVES(0, 2, 2, 4)},
    {"13: zero-size splits", 13, F, 1, DIMS(0), 0, 3, INPUT(3, 0, 0, 0), GIVES(0, 3, 0, 0, 0)},
    {"18: zero-length part", 18, F, 1, DIMS(6), 0, 0, INPUT(3, 0, 6, 0), GIVES(0, 3, 0, 6, 0)},
    {"13: split attribute", 13, F, 1, DIMS(6), 0, 0, ATTR(2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_ATTRIBUTE_SINCE_13, "Split-13 has no 'split' attribute")},
    {"18: split attribute", 18, F, 1, DIMS(6), 0, 0, ATTR(2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_ATTRIBUTE_SINCE_13, NULL)},
    {"2: split input", 2, F, 1, DIMS(6), 0, 0, INPUT(2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_INPUT_BEFORE_13, "Split-2 has no 'split' input")},
    {"11: split input", 11, F, 1, DIMS(6), 0, 0, INPUT(2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_INPUT_BEFORE_13, NULL)},
    {"1: attribute and input", 1, F, 1, DIMS(6), 0, 0, ATTR_AND_INPUT_AS(F, 2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_TWICE, "both the 'split' attribute and the 'split' input")},
    {"13: num_outputs", 13, F, 1, DIMS(6), 0, 0, NUM(3),
     REFUSED(VKSPLIT_RULE_ONNX_NUM_OUTPUTS_BEFORE_18, "Split-13 has no 'num_outputs'")},
    {"1: num_outputs", 1, F, 1, DIMS(6), 0, 3, NUM(3), REFUSED(VKSPLIT_RULE_ONNX_NUM_OUTPUTS_BEFORE_18, NULL)},
    {"18: split and num_outputs", 18, F, 1, DIMS(6), 0, 0, INPUT(2, 2, 4), NUM(2),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_AND_NUM_OUTPUTS, "exactly one")},
    {"18: neither", 18, F, 1, DIMS(6), 0, 3,
     REFUSED(VKSPLIT_RULE_ONNX_NO_SPLIT_NOR_NUM_OUTPUTS, "neither the 'split' input nor the 'num_outputs' attribute")},
    {"11: negative length", 11, F, 1, DIMS(6), 0, 0, ATTR(3, 4, -2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_NEGATIVE, "'split' attribute entry 1 is -2")},
    {"13: negative length", 13, F, 1, DIMS(6), 0, 0, INPUT(2, 7, -1),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_NEGATIVE, "'split' input entry 1 is -1")},
    {"2: sum short", 2, F, 1, DIMS(6), 0, 0, ATTR(2, 2, 3),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_SUM, "sums to 5 but the input's dimension on axis 0 is 6")},
    {"18: sum long", 18, F, 1, DIMS(6), 0, 0, INPUT(2, 3, 4), REFUSED(VKSPLIT_RULE_ONNX_SPLIT_SUM, NULL)},
    {"13: sum overflows", 13, F, 1, DIMS(6), 0, 0, INPUT(3, INT64_MAX, INT64_MAX, 8),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_SUM_OVERFLOW, "overflows")},
    {"11: list vs outputs", 11, F, 1, DIMS(6), 0, 3, ATTR(2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_OUTPUT_MISMATCH, "has 2 entries but the node has 3 outputs")},
    {"18: list vs outputs", 18, F, 1, DIMS(6), 0, 1, INPUT(2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_OUTPUT_MISMATCH, NULL)},
    {"13: empty split", 13, F, 1, DIMS(0), 0, 0, INPUT(0, 0), REFUSED(VKSPLIT_RULE_ONNX_SPLIT_EMPTY, "is empty")},
    {"13: split input int32", 13, F, 1, DIMS(6), 0, 0, INPUT_AS(VKSPLIT_ONNX_INT32, 2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_INPUT_TYPE, "tensor(int32); Split-13 takes tensor(int64)")},
    {"1: split input int64", 1, F, 1, DIMS(6), 0, 0, INPUT_AS(VKSPLIT_ONNX_INT64, 2, 2, 4),
     REFUSED(VKSPLIT_RULE_ONNX_SPLIT_INPUT_TYPE, "Split-1 takes tensor(float)")},
    /* num_outputs (18). */
    {"18: num_outputs 0", 18, F, 1, DIMS(6), 0, 0, NUM(0),
     REFUSED(VKSPLIT_RULE_ONNX_NUM_OUTPUTS_BELOW_ONE, "'num_outputs' is 0")},
    {"18: num_outputs -1", 18, F, 1, DIMS(6), 0, 0, NUM(-1), REFUSED(VKSPLIT_RULE_ONNX_NUM_OUTPUTS_BELOW_ONE, NULL)},
    {"18: num_outputs over the limit", 18, F, 1, DIMS(6), 0, 0, NUM(70000),
     REFUSED(VKSPLIT_RULE_ONNX_NUM_OUTPUTS_LIMIT, NULL)},
    {"18: num_outputs vs outputs", 18, F, 1, DIMS(6), 0, 4, NUM(3),
     REFUSED(VKSPLIT_RULE_ONNX_NUM_OUTPUTS_MISMATCH, "'num_outputs' is 3 but the node has 4 outputs")},
    {"18: negative last chunk", 18, F, 1, DIMS(5), 0, 0, NUM(4),
     REFUSED(
         VKSPLIT_RULE_ONNX_NUM_OUTPUTS_TOO_MANY,
         "'num_outputs' 4 cannot split dimension 5 (axis 0): chunk ceil(5/4) = 2 for the first 3 outputs leaves 5 - 6 = -1")},
    /* Ranks, shapes, opsets. */
    {"13: rank 0", 13, F, 0, DIMS(0), 0, 1, REFUSED(VKSPLIT_RULE_ONNX_SCALAR, "scalar (rank 0)")},
    {"18: rank 0", 18, F, 0, DIMS(0), 0, 0, NUM(1), REFUSED(VKSPLIT_RULE_ONNX_SCALAR, NULL)},
    {"13: rank 9", 13, F, 9, DIMS(1, 1, 1, 1, 1, 1, 1, 1, 2), 0, 1, REFUSED(VKSPLIT_RULE_ONNX_RANK_LIMIT, NULL)},
    {"13: rank 8", 13, F, 8, DIMS(1, 1, 1, 1, 1, 1, 1, 2), 7, 2, GIVES(7, 2, 1, 1)},
    {"13: negative dimension", 13, F, 2, DIMS(2, -1), 0, 2,
     REFUSED(VKSPLIT_RULE_ONNX_SHAPE_NEGATIVE, "shape[1] is -1")},
    {"13: element count overflows", 13, F, 3, DIMS(1ll << 32, 1ll << 32, 2), 2, 2,
     REFUSED(VKSPLIT_RULE_ONNX_BYTE_COUNT_OVERFLOW, "shape[1]")},
    {"13: huge but empty", 13, F, 3, DIMS(1ll << 40, 0, 1ll << 20), 2, 2, GIVES(2, 2, 1ll << 19, 1ll << 19)},
    {"opset 0", 0, F, 1, DIMS(6), 0, 3, REFUSED(VKSPLIT_RULE_ONNX_OPSET, NULL)},
    {"opset 12", 12, F, 1, DIMS(6), 0, 3,
     REFUSED(VKSPLIT_RULE_ONNX_OPSET_IMPORT, "a model importing opset 12 uses Split-11")},
    {"opset 19", 19, F, 1, DIMS(6), 0, 3, REFUSED(VKSPLIT_RULE_ONNX_OPSET_IMPORT, NULL)},
    {"opset -1", -1, F, 1, DIMS(6), 0, 3, REFUSED(VKSPLIT_RULE_ONNX_OPSET, NULL)},
    {"13: float8", 13, VKSPLIT_ONNX_FLOAT8E4M3FN, 1, DIMS(6), 0, 3,
     REFUSED(VKSPLIT_RULE_ONNX_DATA_TYPE_VERSION, "tensor(float8e4m3fn) is not in Split-13's type list")},
    {"13: type 99", 13, (vksplit_onnx_data_type)99, 1, DIMS(6), 0, 3,
     REFUSED(VKSPLIT_RULE_ONNX_DATA_TYPE, "data_type 99")},
    {"1: int32", 1, VKSPLIT_ONNX_INT32, 1, DIMS(6), 0, 3,
     REFUSED(VKSPLIT_RULE_ONNX_DATA_TYPE_VERSION,
             "tensor(int32) is not in Split-1's type list (float16, float, double)")},
    {"11: bfloat16", 11, VKSPLIT_ONNX_BFLOAT16, 1, DIMS(6), 0, 3,
     REFUSED(VKSPLIT_RULE_ONNX_DATA_TYPE_VERSION, "bfloat16 came with Split-13")},
    {"18: string", 18, VKSPLIT_ONNX_STRING, 1, DIMS(6), 0, 0, NUM(3),
     REFUSED(VKSPLIT_RULE_ONNX_STRING_TYPE, "ONNX strings are variable-length")},
};

#define SENTINEL 0x5a5a5a5a5a5a5a5aull

static void fill_node(const onnx_case* c, vksplit_onnx_split_desc* node)
{
    *node = (vksplit_onnx_split_desc){.opset = c->opset,
                                      .data_type = c->type,
                                      .rank = c->rank,
                                      .shape = c->shape,
                                      .axis = c->axis,
                                      .output_count = c->output_count};
    if (c->attr) {
        node->has_split_attribute = 1;
        node->split_attribute = c->list;
        node->split_attribute_count = c->count;
    }
    if (c->input) {
        node->has_split_input = 1;
        node->split_input_type = c->input_type ? c->input_type : VKSPLIT_ONNX_INT64;
        node->split_input = c->list;
        node->split_input_count = c->count;
    }
    node->has_num_outputs = (vksplit_bool32)c->num;
    node->num_outputs = c->num_outputs;
}

static void run_case(const onnx_case* c)
{
    vksplit_onnx_split_desc node;
    fill_node(c, &node);
    uint64_t lengths[MAXN];
    for (int i = 0; i < MAXN; i++)
        lengths[i] = SENTINEL;
    vksplit_onnx_split_storage storage = {.lengths = lengths, .lengths_capacity = MAXN};
    vksplit_split_desc out, before;
    memset(&out, 0xab, sizeof out);
    before = out;
    vksplit_error err;
    memset(&err, 0, sizeof err);
    vksplit_result r = vksplit_onnx_translate_split(&node, &storage, &out, &err);
    test_expect_rule(c->name, r, &err, c->rule, c->shows);
    if (r != VKSPLIT_OK) {
        CHECK_MSG(memcmp(&out, &before, sizeof out) == 0, "%s: *out written on error", c->name);
        CHECK_MSG(err.code == r && err.message[0] && !strchr(err.message, '\n'), "%s: error not filled", c->name);
        CHECK_MSG(lengths[0] == SENTINEL, "%s: storage written on error", c->name);
        return;
    }
    CHECK_MSG(out.axis == c->want_axis && out.output_count == c->want_count && out.rank == c->rank,
              "%s: axis %u count %u rank %u", c->name, out.axis, out.output_count, out.rank);
    for (uint32_t i = 0; i < c->want_count && i < MAXN; i++)
        CHECK_MSG(lengths[i] == c->want[i], "%s: lengths[%u] = %llu, expected %llu", c->name, i,
                  (unsigned long long)lengths[i], (unsigned long long)c->want[i]);
    for (uint32_t k = 0; k < c->rank; k++)
        CHECK_MSG(out.sizes[k] == (uint64_t)c->shape[k], "%s: sizes[%u]", c->name, k);
    CHECK_MSG(out.lengths == lengths && out.sizes == storage.sizes && !out.input_strides && !out.output_strides,
              "%s: desc does not point into storage", c->name);
    CHECK_MSG(out.element_size == 4, "%s: element_size %u", c->name, out.element_size);
}

/* Split-1's 'split' input has type T: whole numbers as float16, float or double. */
static void check_opset1_typed_input(void)
{
    static const int64_t shape[1] = {6};
    vksplit_onnx_split_desc node = {.opset = 1, .rank = 1, .shape = shape, .has_split_input = 1};
    uint64_t lengths[4];
    vksplit_onnx_split_storage storage = {lengths, 4, {0}};
    vksplit_split_desc out;
    vksplit_error err;

    static const float f_ok[2] = {2.0f, 4.0f}, f_frac[2] = {2.5f, 3.5f}, f_neg[2] = {-1.0f, 7.0f};
    static const double d_ok[3] = {1.0, 2.0, 3.0};
    static const uint16_t h_ok[2] = {0x4000, 0x4400} /* 2.0, 4.0 */, h_inf[2] = {0x7c00, 0}, h_nan[2] = {0x7e00, 0},
                          h_half[2] = {0x3800, 0x4580} /* 0.5, 5.5 */;
    static const struct {
        vksplit_onnx_data_type type; /* the data's and the 'split' input's */
        const void* values;
        uint32_t count;
        vksplit_rule rule; /* VKSPLIT_RULE_NONE: accepted with lengths want, element_size */
        uint64_t want[3];
        uint32_t element_size;
        const char* shows;
    } typed[] = {
        {VKSPLIT_ONNX_FLOAT, f_ok, 2, OK, {2, 4}, 4, NULL},
        /* The message shows the value as given. */
        {VKSPLIT_ONNX_FLOAT, f_frac, 2, VKSPLIT_RULE_ONNX_SPLIT_NOT_WHOLE, {0}, 0, "'split' input entry 0 is 2.5"},
        {VKSPLIT_ONNX_FLOAT, f_neg, 2, VKSPLIT_RULE_ONNX_SPLIT_NOT_WHOLE, {0}, 0, NULL},
        {VKSPLIT_ONNX_DOUBLE, d_ok, 3, OK, {1, 2, 3}, 8, NULL},
        {VKSPLIT_ONNX_FLOAT16, h_ok, 2, OK, {2, 4}, 2, NULL},
        {VKSPLIT_ONNX_FLOAT16, h_inf, 2, VKSPLIT_RULE_ONNX_SPLIT_NOT_WHOLE, {0}, 0, NULL},
        {VKSPLIT_ONNX_FLOAT16, h_nan, 2, VKSPLIT_RULE_ONNX_SPLIT_NOT_WHOLE, {0}, 0, NULL},
        {VKSPLIT_ONNX_FLOAT16, h_half, 2, VKSPLIT_RULE_ONNX_SPLIT_NOT_WHOLE, {0}, 0, NULL},
        {VKSPLIT_ONNX_FLOAT16, NULL, 2, VKSPLIT_RULE_ONNX_SPLIT_DATA_NULL, {0}, 0, NULL},
    };
    for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "Split-1 typed input %zu", i);
        node.data_type = node.split_input_type = typed[i].type;
        node.split_input = typed[i].values;
        node.split_input_count = typed[i].count;
        vksplit_result r = vksplit_onnx_translate_split(&node, &storage, &out, &err);
        test_expect_rule(name, r, &err, typed[i].rule, typed[i].shows);
        if (r != VKSPLIT_OK)
            continue;
        CHECK_MSG(out.element_size == typed[i].element_size, "%s: element_size %u", name, out.element_size);
        for (uint32_t k = 0; k < typed[i].count; k++)
            CHECK_MSG(lengths[k] == typed[i].want[k], "%s: lengths[%u] = %llu", name, k,
                      (unsigned long long)lengths[k]);
    }
    node.data_type = node.split_input_type = VKSPLIT_ONNX_DOUBLE;
    node.split_input = d_ok;
    node.split_input_count = 3;
    node.output_count = 2; /* the node's outputs must match the list */
    CHECK_RULE(VKSPLIT_RULE_ONNX_SPLIT_OUTPUT_MISMATCH, vksplit_onnx_translate_split(&node, &storage, &out, &err),
               &err);
    node.output_count = 0;

    /* An int64 'split' input need not be 8-byte aligned (raw tensor data). */
    unsigned char raw[1 + 16];
    int64_t given[2] = {1, 5};
    memcpy(raw + 1, given, sizeof given);
    node.opset = 13;
    node.data_type = VKSPLIT_ONNX_FLOAT;
    node.split_input_type = VKSPLIT_ONNX_INT64;
    node.split_input = raw + 1;
    node.split_input_count = 2;
    CHECK_RESULT(VKSPLIT_OK, vksplit_onnx_translate_split(&node, &storage, &out, &err), &err);
    CHECK(lengths[0] == 1 && lengths[1] == 5);
}

/* One data type at one opset, from check_type_lists: refused when its opset's list lacks it or
 * it is a string, else accepted at the width ONNX gives it. */
static void translate_typed(int64_t opset, vksplit_onnx_data_type t, const char* name, int listed)
{
    static const struct {
        const char* name;
        uint32_t size;
    } widths[] = {
        {"bool", 1},    {"int8", 1},     {"uint8", 1},  {"int16", 2},     {"uint16", 2},
        {"float16", 2}, {"bfloat16", 2}, {"int32", 4},  {"uint32", 4},    {"float", 4},
        {"int64", 8},   {"uint64", 8},   {"double", 8}, {"complex64", 8}, {"complex128", 16},
    };
    static const int64_t shape[1] = {4};
    vksplit_onnx_split_desc node = {.opset = opset, .data_type = t, .rank = 1, .shape = shape, .output_count = 2};
    if (opset == 18) {
        node.output_count = 0;
        node.has_num_outputs = 1;
        node.num_outputs = 2;
    }
    uint64_t lengths[2];
    vksplit_onnx_split_storage storage = {lengths, 2, {0}};
    vksplit_split_desc out;
    vksplit_error err;
    vksplit_result r = vksplit_onnx_translate_split(&node, &storage, &out, &err);
    int accepted = frontend_expect_listed("opset ", opset, name, t, listed, r, &err);
    if (t == VKSPLIT_ONNX_STRING && opset > 1)
        CHECK_MSG(err.rule == VKSPLIT_RULE_ONNX_STRING_TYPE, "string refused by %s: %s", vksplit_rule_name(err.rule),
                  err.message);
    for (size_t w = 0; accepted && w < sizeof widths / sizeof widths[0]; w++)
        if (strcmp(widths[w].name, name) == 0)
            CHECK_MSG(out.element_size == widths[w].size &&
                          vksplit_onnx_data_type_size(node.data_type) == widths[w].size,
                      "%s: element_size %u", name, out.element_size);
}

/* Each opset's type list, transcribed from the documents, against the translation. */
static void check_type_lists(void)
{
    static const frontend_type_list lists[] = {
        {1, "float16 float double"},
        {2, "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float double complex64 complex128 string"},
        {11, "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float double complex64 complex128 string"},
        {13, "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float double complex64 complex128 string "
             "bfloat16"},
        {18, "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float double complex64 complex128 string "
             "bfloat16"},
    };
    frontend_onnx_type_lists("opset ", lists, sizeof lists / sizeof lists[0], vksplit_onnx_type_in_opset,
                             translate_typed);
    CHECK(vksplit_onnx_data_type_size(VKSPLIT_ONNX_STRING) == 0);
}

static void check_versions_and_storage(void)
{
    static const int64_t map[][2] = {{-3, 0},  {0, 0},   {1, 1},   {2, 2},   {10, 2},  {11, 11},
                                     {12, 11}, {13, 13}, {17, 13}, {18, 18}, {19, 18}, {25, 18}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        CHECK_MSG(vksplit_onnx_split_version(map[i][0]) == map[i][1], "model opset %lld", (long long)map[i][0]);

    static const int64_t shape[1] = {6};
    vksplit_onnx_split_desc node = {.opset = 13, .data_type = F, .rank = 1, .shape = shape, .output_count = 3};
    uint64_t lengths[3];
    vksplit_onnx_split_storage storage = {lengths, 2, {0}};
    vksplit_split_desc out;
    vksplit_error err;
    CHECK_RULE(VKSPLIT_RULE_ONNX_STORAGE_CAPACITY, vksplit_onnx_translate_split(&node, &storage, &out, &err), &err);
    storage.lengths_capacity = 3;
    CHECK_RESULT(VKSPLIT_OK, vksplit_onnx_translate_split(&node, &storage, &out, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_onnx_translate_split(&node, NULL, &out, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_onnx_translate_split(&node, &storage, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_ONNX_NODE_NULL, vksplit_onnx_translate_split(NULL, &storage, &out, &err), &err);
    node.shape = NULL;
    CHECK_RULE(VKSPLIT_RULE_ONNX_SHAPE_NULL, vksplit_onnx_translate_split(&node, &storage, &out, &err), &err);
    node.shape = shape;
    node.has_split_attribute = 0;
    node.has_split_input = 1;
    node.split_input_type = VKSPLIT_ONNX_INT64;
    node.split_input_count = VKSPLIT_MAX_OUTPUTS + 1;
    node.split_input = shape; /* never read: the count is refused first */
    node.output_count = 0;
    CHECK_RULE(VKSPLIT_RULE_ONNX_SPLIT_OUTPUT_LIMIT, vksplit_onnx_translate_split(&node, &storage, &out, &err), &err);
    CHECK(strcmp(vksplit_onnx_data_type_name(VKSPLIT_ONNX_BFLOAT16), "bfloat16") == 0);
    CHECK(strcmp(vksplit_onnx_data_type_name((vksplit_onnx_data_type)99), "unknown") == 0);
}

int main(void)
{
    FRONTEND_RUN_CASES(cases, run_case);
    check_opset1_typed_input();
    check_type_lists();
    check_versions_and_storage();
    return test_finish(NULL);
}
