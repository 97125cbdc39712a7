/* ONNX front-end, Concat: one row per rule of each opset (valid and invalid), asserting the
 * rule (by id), its code, the output's sizes and the per-input lengths; each opset's type list
 * and the version a model's opset selects; storage and *out untouched on error; and the
 * document's examples, translated and applied on the host as the canonical join defines it,
 * against numpy.concatenate's outputs (concat_examples.h). No device. */
#include "concat_case.h"
#include "concat_examples.h"
#include "vksplit/onnx.h"

#define OK VKSPLIT_RULE_NONE
#define MAXIN CONCAT_MAXIN
#define F VKSPLIT_ONNX_FLOAT

typedef struct concat_case {
    const char* name;
    int64_t opset;
    int has_axis;
    int64_t axis;
    uint32_t count; /* inputs */
    uint32_t rank;  /* every input's, but odd_rank's */
    int64_t shapes[MAXIN][9];
    vksplit_onnx_data_type type; /* every input's (0: FLOAT), but odd_type's */
    uint32_t odd;                /* 1 + the input that has odd_rank or odd_type; 0: none */
    int odd_rank_given;
    uint32_t odd_rank;
    int odd_type_given;
    vksplit_onnx_data_type odd_type;
    vksplit_rule rule; /* VKSPLIT_RULE_NONE: accepted */
    uint32_t want_axis;
    uint64_t want_sizes[8];
    uint64_t want_lengths[MAXIN];
    const char* shows; /* values the message must show (the rule is told by id) */
} concat_case;

static const concat_case cases[] = {
    /* Accepted: every version, 'axis' given or (Concat-1) defaulted, negative or not. */
    {"13: axis 0", 13, 1, 0, 2, 2, DIMS({2, 3}, {4, 3}), JOINED(0, DIMS(6, 3), DIMS(2, 4))},
    {"13: axis 1", 13, 1, 1, 2, 2, DIMS({2, 3}, {2, 5}), JOINED(1, DIMS(2, 8), DIMS(3, 5))},
    {"13: axis -1", 13, 1, -1, 2, 2, DIMS({2, 3}, {2, 5}), JOINED(1, DIMS(2, 8), DIMS(3, 5))},
    {"11: axis -2", 11, 1, -2, 2, 2, DIMS({2, 3}, {4, 3}), JOINED(0, DIMS(6, 3), DIMS(2, 4))},
    {"4: axis 2", 4, 1, 2, 2, 3, DIMS({1, 2, 3}, {1, 2, 1}), JOINED(2, DIMS(1, 2, 4), DIMS(3, 1))},
    {"1: default axis 1", 1, 0, 0, 2, 2, DIMS({2, 3}, {2, 4}), JOINED(1, DIMS(2, 7), DIMS(3, 4))},
    {"1: axis 0 given", 1, 1, 0, 2, 2, DIMS({2, 3}, {1, 3}), JOINED(0, DIMS(3, 3), DIMS(2, 1))},
    {"13: one input", 13, 1, 0, 1, 2, DIMS({2, 3}), JOINED(0, DIMS(2, 3), DIMS(2))},
    {"13: four inputs", 13, 1, 1, 4, 4, DIMS({1, 8, 5, 5}, {1, 16, 5, 5}, {1, 32, 5, 5}, {1, 0, 5, 5}),
     JOINED(1, DIMS(1, 56, 5, 5), DIMS(8, 16, 32, 0))},
    /* Zero-length inputs along the axis: ONNX's dimensions are >= 0 (DirectML's are not). */
    {"13: empty input", 13, 1, 1, 2, 2, DIMS({2, 0}, {2, 3}), JOINED(1, DIMS(2, 3), DIMS(0, 3))},
    {"4: all empty on the axis", 4, 1, 0, 2, 2, DIMS({0, 3}, {0, 3}), JOINED(0, DIMS(0, 3), DIMS(0, 0))},
    {"13: empty off the axis", 13, 1, 1, 2, 2, DIMS({0, 2}, {0, 3}), JOINED(1, DIMS(0, 5), DIMS(2, 3))},
    {"13: rank 8", 13, 1, 7, 2, 8, DIMS({1, 1, 1, 1, 1, 1, 2, 3}, {1, 1, 1, 1, 1, 1, 2, 1}),
     JOINED(7, DIMS(1, 1, 1, 1, 1, 1, 2, 4), DIMS(3, 1))},
    {"13: huge but empty", 13, 1, 2, 2, 3, DIMS({1ll << 40, 0, 1ll << 20}, {1ll << 40, 0, 1ll << 20}),
     JOINED(2, DIMS(1ull << 40, 0, 1ull << 21), DIMS(1ull << 20, 1ull << 20))},
    /* Versions. */
    {"opset 0", 0, 1, 0, 1, 1, DIMS({2}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_OPSET, "opset 0")},
    {"opset -1", -1, 1, 0, 1, 1, DIMS({2}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_OPSET, NULL)},
    {"opset 2", 2, 1, 0, 1, 1, DIMS({2}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_OPSET_IMPORT, "uses Concat-1")},
    {"opset 12", 12, 1, 0, 1, 1, DIMS({2}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_OPSET_IMPORT, "uses Concat-11")},
    {"opset 18", 18, 1, 0, 1, 1, DIMS({2}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_OPSET_IMPORT, "uses Concat-13")},
    /* 'axis': required from 4; in [-r, r-1] at every version (negative before 11 as ONNX's
     * shape inference takes it, and ONNX Runtime's Concat*_negative_axis tests at Concat-4). */
    {"4: no axis", 4, 0, 0, 2, 2, DIMS({2, 3}, {2, 3}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS_REQUIRED, "Concat-4")},
    {"11: no axis", 11, 0, 0, 2, 2, DIMS({2, 3}, {2, 3}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS_REQUIRED, NULL)},
    {"13: no axis", 13, 0, 0, 2, 2, DIMS({2, 3}, {2, 3}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS_REQUIRED, NULL)},
    {"1: axis -1", 1, 1, -1, 2, 2, DIMS({2, 3}, {2, 1}), JOINED(1, DIMS(2, 4), DIMS(3, 1))},
    {"4: axis -1", 4, 1, -1, 2, 2, DIMS({2, 3}, {2, 1}), JOINED(1, DIMS(2, 4), DIMS(3, 1))},
    {"4: axis -2", 4, 1, -2, 2, 2, DIMS({2, 3}, {1, 3}), JOINED(0, DIMS(3, 3), DIMS(2, 1))},
    {"1: axis -3 of rank 2", 1, 1, -3, 2, 2, DIMS({2, 3}, {2, 3}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS, "axis -3 is out of range [-2, 1] for rank-2 inputs")},
    {"4: axis -3 of rank 2", 4, 1, -3, 2, 2, DIMS({2, 3}, {2, 3}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS, "[-2, 1]")},
    {"13: axis 2 of rank 2", 13, 1, 2, 2, 2, DIMS({2, 3}, {2, 3}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS, "axis 2 is out of range [-2, 1] for rank-2 inputs")},
    {"11: axis -3 of rank 2", 11, 1, -3, 2, 2, DIMS({2, 3}, {2, 3}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS, NULL)},
    {"4: axis 3 of rank 3", 4, 1, 3, 1, 3, DIMS({2, 3, 4}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS, "[-3, 2]")},
    {"1: default axis of rank 1", 1, 0, 0, 2, 1, DIMS({2}, {3}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS, "axis 1 (Concat-1's default) is out of range [-1, 0]")},
    /* Inputs. */
    {"13: no inputs", 13, 1, 0, 0, 1, DIMS({2}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_NO_INPUTS, NULL)},
    {"13: inputs over the limit", 13, 1, 0, VKSPLIT_MAX_INPUTS + 1, 1, DIMS({2}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_INPUT_LIMIT, "65537 inputs")},
    /* Types: T per version, one T for all inputs. */
    {"1: int32", 1, 1, 0, 2, 1, DIMS({2}, {2}), VKSPLIT_ONNX_INT32,
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE_VERSION,
             "inputs[0] is tensor(int32), which is not in Concat-1's type list (float16, float, double)")},
    {"11: bfloat16", 11, 1, 0, 2, 1, DIMS({2}, {2}), VKSPLIT_ONNX_BFLOAT16,
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE_VERSION, "(bfloat16 came with Concat-13)")},
    {"13: float8", 13, 1, 0, 1, 1, DIMS({2}), VKSPLIT_ONNX_FLOAT8E4M3FN,
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE_VERSION, NULL)},
    {"13: string", 13, 1, 0, 2, 1, DIMS({2}, {2}), VKSPLIT_ONNX_STRING,
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_STRING_TYPE, NULL)},
    {"1: string", 1, 1, 0, 1, 1, DIMS({2}), VKSPLIT_ONNX_STRING, REFUSED(VKSPLIT_RULE_ONNX_CONCAT_STRING_TYPE, NULL)},
    {"13: type 99", 13, 1, 0, 2, 1, DIMS({2}, {2}), ODD_TYPE(2, (vksplit_onnx_data_type)99),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE, "inputs[1].data_type 99")},
    {"13: undefined", 13, 1, 0, 2, 1, DIMS({2}, {2}), ODD_TYPE(1, VKSPLIT_ONNX_UNDEFINED),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_DATA_TYPE, NULL)},
    {"13: float and double", 13, 1, 0, 3, 1, DIMS({2}, {2}, {2}), ODD_TYPE(3, VKSPLIT_ONNX_DOUBLE),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_TYPE_MISMATCH, "inputs[2] is tensor(double) but inputs[0] is tensor(float)")},
    {"13: float and string", 13, 1, 0, 2, 1, DIMS({2}, {2}), ODD_TYPE(2, VKSPLIT_ONNX_STRING),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_TYPE_MISMATCH, NULL)},
    /* Ranks and shapes. */
    {"13: scalar", 13, 1, 0, 1, 0, DIMS({0}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_SCALAR, "inputs[0] is a scalar")},
    {"13: a scalar second", 13, 1, 0, 2, 1, DIMS({2}, {0}), ODD_RANK(2, 0),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_SCALAR, "inputs[1]")},
    {"13: ranks 2 and 3", 13, 1, 0, 2, 2, DIMS({2, 3}, {2, 3, 1}), ODD_RANK(2, 3),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_RANK_MISMATCH, "Input 1 has rank 3 != 2")},
    {"4: rank 9", 4, 1, 0, 1, 9, DIMS({1, 1, 1, 1, 1, 1, 1, 1, 2}), REFUSED(VKSPLIT_RULE_ONNX_CONCAT_RANK_LIMIT, NULL)},
    {"13: negative dimension", 13, 1, 0, 2, 2, DIMS({2, 3}, {2, -1}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_SHAPE_NEGATIVE, "inputs[1].shape[1] is -1")},
    {"13: shapes differ off the axis", 13, 1, 1, 3, 3, DIMS({2, 3, 4}, {2, 1, 4}, {2, 3, 5}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_SHAPE_MISMATCH, "inputs[2].shape[2] is 5 but inputs[0].shape[2] is 4")},
    {"11: shapes differ on axis 0 given -1", 11, 1, -1, 2, 2, DIMS({2, 3}, {3, 3}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_SHAPE_MISMATCH, "except on the axis, 1")},
    /* Sizes. */
    {"13: the axis sum passes int64", 13, 1, 0, 3, 1, DIMS({1ll << 62}, {1ll << 62}, {1}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_AXIS_SUM_OVERFLOW, "at inputs[1]")},
    {"13: the output's bytes overflow", 13, 1, 0, 2, 3, DIMS({1ll << 31, 1ll << 32, 1}, {1ll << 31, 1ll << 32, 1}),
     REFUSED(VKSPLIT_RULE_ONNX_CONCAT_BYTE_COUNT_OVERFLOW, "dimension 1")},
};

/* The node a case describes; inputs[] holds one row per input (MAXIN; more only for the
 * input limit, which is refused before any input is read). */
static void fill_node(const concat_case* c, vksplit_onnx_concat_input* inputs, vksplit_onnx_concat_desc* node)
{
    for (uint32_t i = 0; i < MAXIN; i++) {
        inputs[i].data_type = CONCAT_ODD(c, i, odd_type_given, odd_type, c->type ? c->type : F);
        inputs[i].rank = CONCAT_ODD(c, i, odd_rank_given, odd_rank, c->rank);
        inputs[i].shape = c->shapes[i];
    }
    *node = (vksplit_onnx_concat_desc){.opset = c->opset,
                                       .input_count = c->count,
                                       .inputs = inputs,
                                       .has_axis = (vksplit_bool32)c->has_axis,
                                       .axis = c->axis};
}

static void run_case(const concat_case* c)
{
    vksplit_onnx_concat_input inputs[MAXIN];
    vksplit_onnx_concat_desc node;
    fill_node(c, inputs, &node);
    concat_call call;
    vksplit_onnx_concat_storage storage;
    concat_begin(&call, &storage, sizeof storage, &storage.lengths, &storage.lengths_capacity);
    vksplit_result r = vksplit_onnx_translate_concat(&node, &storage, &call.out, &call.err);
    concat_want want = CONCAT_WANT(c, vksplit_onnx_data_type_size(inputs[0].data_type));
    concat_end(c->name, &call, r, storage.sizes, &want);
}

/* One data type at one opset, from check_type_lists: refused when its opset's list lacks it or
 * it is a string, else accepted at its width. */
static void translate_typed(int64_t opset, vksplit_onnx_data_type t, const char* name, int listed)
{
    static const int64_t shape[2][1] = {{2}, {3}};
    vksplit_onnx_concat_input inputs[2] = {{t, 1, shape[0]}, {t, 1, shape[1]}};
    vksplit_onnx_concat_desc node = {opset, 2, inputs, 1, 0};
    uint64_t lengths[2];
    vksplit_onnx_concat_storage storage = {lengths, 2, {0}};
    vksplit_join_desc out;
    vksplit_error err;
    vksplit_result r = vksplit_onnx_translate_concat(&node, &storage, &out, &err);
    if (frontend_expect_listed("Concat-", opset, name, t, listed, r, &err))
        CHECK_MSG(out.element_size == vksplit_onnx_data_type_size(inputs[0].data_type) && out.element_size >= 1 &&
                      out.sizes[0] == 5,
                  "Concat-%lld %s: element_size %u", (long long)opset, name, out.element_size);
}

/* Each opset's type list, transcribed from the documents, against the translation. */
static void check_type_lists(void)
{
    static const frontend_type_list lists[] = {
        {1, "float16 float double"},
        {4, "uint8 uint16 uint32 uint64 int8 int16 int32 int64 float16 float double string bool complex64 complex128"},
        {11, "uint8 uint16 uint32 uint64 int8 int16 int32 int64 float16 float double string bool complex64 complex128"},
        {13, "uint8 uint16 uint32 uint64 int8 int16 int32 int64 bfloat16 float16 float double string bool "
             "complex64 complex128"},
    };
    frontend_onnx_type_lists("Concat-", lists, sizeof lists / sizeof lists[0], vksplit_onnx_concat_type_in_opset,
                             translate_typed);
}

static void check_versions_and_storage(void)
{
    static const int64_t map[][2] = {{-3, 0},  {0, 0},   {1, 1},   {2, 1},   {3, 1},   {4, 4},  {10, 4},
                                     {11, 11}, {12, 11}, {13, 13}, {17, 13}, {18, 13}, {25, 13}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        CHECK_MSG(vksplit_onnx_concat_version(map[i][0]) == map[i][1], "model opset %lld: Concat-%lld",
                  (long long)map[i][0], (long long)vksplit_onnx_concat_version(map[i][0]));

    static const int64_t s0[2] = {2, 3}, s1[2] = {2, 4};
    vksplit_onnx_concat_input inputs[2] = {{F, 2, s0}, {F, 2, s1}};
    vksplit_onnx_concat_desc node = {13, 2, inputs, 1, 1};
    uint64_t lengths[2];
    vksplit_onnx_concat_storage storage = {lengths, 1, {0}};
    vksplit_join_desc out;
    vksplit_error err;
    CHECK_RULE(VKSPLIT_RULE_ONNX_CONCAT_STORAGE_CAPACITY, vksplit_onnx_translate_concat(&node, &storage, &out, &err),
               &err);
    CHECK(strstr(err.message, "1 is less than the 2 inputs") != NULL);
    storage.lengths_capacity = 2;
    CHECK_RESULT(VKSPLIT_OK, vksplit_onnx_translate_concat(&node, &storage, &out, &err), &err);
    CHECK(out.sizes[1] == 7 && lengths[0] == 3 && lengths[1] == 4 && out.element_size == 4);
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_onnx_translate_concat(&node, NULL, &out, &err), &err);
    storage.lengths = NULL;
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_onnx_translate_concat(&node, &storage, &out, &err), &err);
    CHECK(strstr(err.message, "storage->lengths") != NULL);
    storage.lengths = lengths;
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_onnx_translate_concat(&node, &storage, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_ONNX_NODE_NULL, vksplit_onnx_translate_concat(NULL, &storage, &out, &err), &err);
    node.inputs = NULL;
    CHECK_RULE(VKSPLIT_RULE_ONNX_CONCAT_INPUTS_NULL, vksplit_onnx_translate_concat(&node, &storage, &out, &err), &err);
    node.inputs = inputs;
    inputs[1].shape = NULL;
    CHECK_RULE(VKSPLIT_RULE_ONNX_CONCAT_SHAPE_NULL, vksplit_onnx_translate_concat(&node, &storage, &out, &err), &err);
    CHECK(strstr(err.message, "inputs[1].shape") != NULL);
    inputs[1].shape = s1;
    /* A NULL error is allowed. */
    CHECK(vksplit_onnx_translate_concat(&node, &storage, &out, NULL) == VKSPLIT_OK);
    CHECK(vksplit_onnx_translate_concat(&node, &storage, NULL, NULL) == VKSPLIT_ERROR_NULL_ARGUMENT);
}

/* The canonical join on the host: input i's elements go to the output at the offset of the
 * inputs before it along the axis; every tensor packed in C order. */
static void join_on_host(const vksplit_join_desc* d, const float* const* inputs, float* output)
{
    uint64_t outer = 1, inner = 1, start = 0;
    for (uint32_t k = 0; k < d->axis; k++)
        outer *= d->sizes[k];
    for (uint32_t k = d->axis + 1; k < d->rank; k++)
        inner *= d->sizes[k];
    for (uint32_t i = 0; i < d->input_count; i++) {
        uint64_t rows = d->lengths[i] * inner;
        for (uint64_t o = 0; o < outer; o++)
            memcpy(output + (o * d->sizes[d->axis] + start) * inner, inputs[i] + o * rows, rows * sizeof(float));
        start += d->lengths[i];
    }
}

/* The document's examples at every version that has their axes: the translation, applied as
 * the canonical join defines it, gives numpy.concatenate's output. */
static void check_examples(void)
{
    static const int64_t opsets[] = {1, 4, 11, 13};
    size_t ran = 0;
    for (size_t v = 0; v < sizeof opsets / sizeof opsets[0]; v++)
        for (size_t x = 0; x < sizeof concat_examples / sizeof concat_examples[0]; x++) {
            const concat_example* ex = &concat_examples[x];
            vksplit_onnx_concat_input inputs[2];
            vksplit_onnx_concat_desc node = concat_example_node(ex, opsets[v], inputs);
            uint64_t lengths[2];
            vksplit_onnx_concat_storage storage = {lengths, 2, {0}};
            vksplit_join_desc d;
            vksplit_error err;
            vksplit_result r = vksplit_onnx_translate_concat(&node, &storage, &d, &err);
            CHECK_MSG(r == VKSPLIT_OK, "Concat-%lld %s: %s", (long long)opsets[v], ex->name, err.message);
            if (r != VKSPLIT_OK)
                continue;
            for (uint32_t k = 0; k < ex->values->rank; k++)
                CHECK_MSG(d.sizes[k] == (uint64_t)ex->out_shape[k], "%s: output shape[%u]", ex->name, k);
            float got[16];
            memset(got, 0, sizeof got);
            const float* in[2] = {ex->values->inputs[0], ex->values->inputs[1]};
            join_on_host(&d, in, got);
            CHECK_MSG(memcmp(got, ex->output, sizeof got) == 0, "Concat-%lld %s: not numpy.concatenate's output",
                      (long long)opsets[v], ex->name);
            ran++;
        }
    CHECK(ran == 4 * 12); /* every example at every version, negative axes too */
}

int main(void)
{
    FRONTEND_RUN_CASES(cases, run_case);
    check_type_lists();
    check_versions_and_storage();
    check_examples();
    return test_finish(NULL);
}
