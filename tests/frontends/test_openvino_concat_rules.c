/* OpenVINO front-end, Concat-1: one row per rule (valid and invalid), asserting the rule (by
 * id), its code, the output's shape and the per-input lengths and, for failures, untouched
 * storage and *out; every element type against "T: any numeric type". The specification's
 * example: [1,8,50,50], [1,16,50,50], [1,32,50,50] on axis 1 (or -3) give [1,56,50,50].
 * No device. */
#include "concat_case.h"
#include "vksplit/openvino.h"

#define OK VKSPLIT_RULE_NONE
#define MAXIN CONCAT_MAXIN

typedef struct ov_concat_case {
    const char* name;
    int no_axis; /* has_axis 0 */
    int64_t axis;
    uint32_t count;
    uint32_t rank; /* every input's, but odd's */
    uint64_t shapes[MAXIN][9];
    vksplit_ov_element_type type; /* every input's (0: f32), but odd's */
    uint32_t odd;                 /* 1 + the input with odd_rank or odd_type; 0: none */
    int odd_rank_given;
    uint32_t odd_rank;
    int odd_type_given;
    vksplit_ov_element_type odd_type;
    vksplit_rule rule; /* VKSPLIT_RULE_NONE: accepted */
    uint32_t want_axis;
    uint64_t want_sizes[8];
    uint64_t want_lengths[MAXIN];
    const char* shows; /* values the message must show (the rule is told by id) */
} ov_concat_case;

#define EXAMPLE DIMS({1, 8, 50, 50}, {1, 16, 50, 50}, {1, 32, 50, 50})
static const ov_concat_case cases[] = {
    /* The specification's example, and what else it allows. */
    {"example", 0, 1, 3, 4, EXAMPLE, JOINED(1, DIMS(1, 56, 50, 50), DIMS(8, 16, 32))},
    {"example, axis -3", 0, -3, 3, 4, EXAMPLE, JOINED(1, DIMS(1, 56, 50, 50), DIMS(8, 16, 32))},
    {"axis -1", 0, -1, 2, 2, DIMS({2, 3}, {2, 1}), JOINED(1, DIMS(2, 4), DIMS(3, 1))},
    {"axis -2", 0, -2, 2, 2, DIMS({2, 3}, {1, 3}), JOINED(0, DIMS(3, 3), DIMS(2, 1))},
    {"one input", 0, 0, 1, 1, DIMS({5}), JOINED(0, DIMS(5), DIMS(5))},
    {"empty input", 0, 0, 3, 2, DIMS({2, 3}, {0, 3}, {1, 3}), JOINED(0, DIMS(3, 3), DIMS(2, 0, 1))},
    {"empty off the axis", 0, 1, 2, 2, DIMS({0, 3}, {0, 1}), JOINED(1, DIMS(0, 4), DIMS(3, 1))},
    {"i8", 0, 0, 2, 1, DIMS({2}, {3}), VKSPLIT_OV_I8, JOINED(0, DIMS(5), DIMS(2, 3))},
    {"f8e4m3", 0, 0, 2, 1, DIMS({2}, {3}), VKSPLIT_OV_F8E4M3, JOINED(0, DIMS(5), DIMS(2, 3))},
    {"rank 8", 0, 7, 2, 8, DIMS({1, 1, 1, 1, 1, 1, 2, 3}, {1, 1, 1, 1, 1, 1, 2, 1}),
     JOINED(7, DIMS(1, 1, 1, 1, 1, 1, 2, 4), DIMS(3, 1))},
    {"huge but empty", 0, 0, 2, 3, DIMS({1ull << 40, 0, 1ull << 20}, {1ull << 40, 0, 1ull << 20}),
     JOINED(0, DIMS(1ull << 41, 0, 1ull << 20), DIMS(1ull << 40, 1ull << 40))},
    /* Inputs: at least one. */
    {"no inputs", 0, 0, 0, 1, DIMS({1}), REFUSED(VKSPLIT_RULE_OV_CONCAT_NO_INPUTS, "At least one argument required.")},
    {"inputs over the limit", 0, 0, VKSPLIT_MAX_INPUTS + 1, 1, DIMS({1}),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_INPUT_LIMIT, "65537 inputs")},
    /* axis: required, in [-R, R-1]. */
    {"no axis", 1, 0, 2, 1, DIMS({2}, {3}), REFUSED(VKSPLIT_RULE_OV_CONCAT_AXIS_REQUIRED, NULL)},
    {"axis 4 of rank 4", 0, 4, 3, 4, EXAMPLE,
     REFUSED(VKSPLIT_RULE_OV_CONCAT_AXIS_RANGE,
             "Concatenation axis (4) is out of bounds [-4, 3] for argument 0, which has shape {1, 8, 50, 50}.")},
    {"axis -5 of rank 4", 0, -5, 3, 4, EXAMPLE, REFUSED(VKSPLIT_RULE_OV_CONCAT_AXIS_RANGE, "(-5)")},
    {"axis past a later argument's rank", 0, 1, 2, 2, DIMS({2, 3}, {2}), ODD_RANK(2, 1),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_AXIS_RANGE,
             "Concatenation axis (1) is out of bounds [-1, 0] for argument 1, which has shape {2}.")},
    /* Types: all match, T any numeric type, whole bytes. */
    {"f32 and f16", 0, 0, 3, 1, DIMS({2}, {2}, {2}), ODD_TYPE(3, VKSPLIT_OV_F16),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_TYPE_MISMATCH,
             "Argument element types are inconsistent: inputs[2] is f16 but inputs[0] is f32")},
    {"boolean", 0, 0, 2, 1, DIMS({2}, {2}), VKSPLIT_OV_BOOLEAN,
     REFUSED(VKSPLIT_RULE_OV_CONCAT_NOT_NUMERIC, "inputs[0]: element type boolean is not a numeric type")},
    {"string", 0, 0, 1, 1, DIMS({2}), VKSPLIT_OV_STRING, REFUSED(VKSPLIT_RULE_OV_CONCAT_NOT_NUMERIC, NULL)},
    {"u4", 0, 0, 1, 1, DIMS({2}), VKSPLIT_OV_U4, REFUSED(VKSPLIT_RULE_OV_CONCAT_PACKED_TYPE, "u4")},
    {"dynamic second", 0, 0, 2, 1, DIMS({2}, {2}), ODD_TYPE(2, VKSPLIT_OV_DYNAMIC),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_DYNAMIC_TYPE, "inputs[1]: element type dynamic")},
    {"undefined", 0, 0, 1, 1, DIMS({2}), ODD_TYPE(1, VKSPLIT_OV_UNDEFINED),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_DYNAMIC_TYPE, NULL)},
    {"type 99", 0, 0, 1, 1, DIMS({2}), ODD_TYPE(1, (vksplit_ov_element_type)99),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_ELEMENT_TYPE, "element type 99")},
    /* Ranks: positive, all alike; shapes alike off the axis. */
    {"scalar", 0, 0, 1, 0, DIMS({0}), REFUSED(VKSPLIT_RULE_OV_CONCAT_SCALAR, "scalars as inputs are not allowed")},
    {"a scalar second", 0, 0, 2, 1, DIMS({2}, {0}), ODD_RANK(2, 0),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_SCALAR, "inputs[1]")},
    {"rank 9", 0, 0, 1, 9, DIMS({1, 1, 1, 1, 1, 1, 1, 1, 2}), REFUSED(VKSPLIT_RULE_OV_CONCAT_RANK_LIMIT, NULL)},
    {"ranks 2 and 3", 0, 1, 2, 2, DIMS({2, 3}, {2, 3, 4}), ODD_RANK(2, 3),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_RANK_MISMATCH, "(axis 1): inputs[1] has rank 3, inputs[0] rank 2")},
    {"shapes differ off the axis", 0, 1, 3, 4, DIMS({1, 8, 50, 50}, {1, 16, 50, 50}, {1, 32, 50, 49}),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_SHAPE_MISMATCH, "Argument shapes are inconsistent")},
    {"shapes differ on axis 0 given -1", 0, -1, 2, 2, DIMS({2, 3}, {3, 3}),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_SHAPE_MISMATCH, "(axis 1): inputs[1].shape[0] is 3, inputs[0].shape[0] is 2")},
    /* Sizes. */
    {"the axis sum overflows", 0, 0, 3, 1, DIMS({1ull << 63}, {1ull << 62}, {1ull << 63}), VKSPLIT_OV_U8,
     REFUSED(VKSPLIT_RULE_OV_CONCAT_AXIS_SUM_OVERFLOW, "at inputs[2]")},
    {"the output's bytes overflow", 0, 0, 2, 2, DIMS({1ull << 40, 1ull << 22}, {1ull << 40, 1ull << 22}),
     REFUSED(VKSPLIT_RULE_OV_CONCAT_BYTE_COUNT_OVERFLOW, "dimension 1")},
};

static void fill_op(const ov_concat_case* c, vksplit_ov_concat_input* inputs, vksplit_ov_concat_desc* op)
{
    for (uint32_t i = 0; i < MAXIN; i++) {
        inputs[i].element_type = CONCAT_ODD(c, i, odd_type_given, odd_type, c->type ? c->type : VKSPLIT_OV_F32);
        inputs[i].rank = CONCAT_ODD(c, i, odd_rank_given, odd_rank, c->rank);
        inputs[i].shape = c->shapes[i];
    }
    *op = (vksplit_ov_concat_desc){.input_count = c->count, .inputs = inputs, .has_axis = !c->no_axis, .axis = c->axis};
}

static void run_case(const ov_concat_case* c)
{
    vksplit_ov_concat_input inputs[MAXIN];
    vksplit_ov_concat_desc op;
    fill_op(c, inputs, &op);
    concat_call call;
    vksplit_ov_concat_storage storage;
    concat_begin(&call, &storage, sizeof storage, &storage.lengths, &storage.lengths_capacity);
    vksplit_result r = vksplit_ov_translate_concat(&op, &storage, &call.out, &call.err);
    concat_want want = CONCAT_WANT(c, vksplit_ov_element_type_size(inputs[0].element_type));
    concat_end(c->name, &call, r, storage.sizes, &want);
}

/* Every element type: the numeric whole-byte ones are accepted at their width, the rest
 * refused by the rule that says why. */
static void check_element_types(void)
{
    static const uint64_t s0[1] = {2}, s1[1] = {3};
    for (uint32_t t = 0; t <= VKSPLIT_OV_ELEMENT_TYPE_COUNT; t++) {
        vksplit_ov_element_type type = (vksplit_ov_element_type)t;
        const char* name = vksplit_ov_element_type_name(type);
        vksplit_ov_concat_input inputs[2] = {{type, 1, s0}, {type, 1, s1}};
        vksplit_ov_concat_desc op = {2, inputs, 1, 0};
        uint64_t lengths[2];
        vksplit_ov_concat_storage storage = {lengths, 2, {0}};
        vksplit_join_desc out;
        vksplit_error err;
        vksplit_result r = vksplit_ov_translate_concat(&op, &storage, &out, &err);
        vksplit_rule want = OK;
        if (t == VKSPLIT_OV_ELEMENT_TYPE_COUNT)
            want = VKSPLIT_RULE_OV_CONCAT_ELEMENT_TYPE;
        else if (type == VKSPLIT_OV_BOOLEAN || type == VKSPLIT_OV_STRING)
            want = VKSPLIT_RULE_OV_CONCAT_NOT_NUMERIC;
        else if (type == VKSPLIT_OV_UNDEFINED || type == VKSPLIT_OV_DYNAMIC)
            want = VKSPLIT_RULE_OV_CONCAT_DYNAMIC_TYPE;
        else if (vksplit_ov_element_type_size(type) == 0)
            want = VKSPLIT_RULE_OV_CONCAT_PACKED_TYPE;
        test_expect_rule(name, r, &err, want, NULL);
        if (r == VKSPLIT_OK)
            CHECK_MSG(out.element_size == vksplit_ov_element_type_size(type) && out.sizes[0] == 5,
                      "%s: element_size %u", name, out.element_size);
    }
}

static void check_pointers_and_storage(void)
{
    static const uint64_t s0[2] = {2, 3}, s1[2] = {2, 4};
    vksplit_ov_concat_input inputs[2] = {{VKSPLIT_OV_I32, 2, s0}, {VKSPLIT_OV_I32, 2, s1}};
    vksplit_ov_concat_desc op = {2, inputs, 1, -1};
    uint64_t lengths[2];
    vksplit_ov_concat_storage storage = {lengths, 1, {0}};
    vksplit_join_desc out;
    vksplit_error err;
    CHECK_RULE(VKSPLIT_RULE_OV_CONCAT_STORAGE_CAPACITY, vksplit_ov_translate_concat(&op, &storage, &out, &err), &err);
    CHECK(strstr(err.message, "1 is less than the 2 inputs") != NULL);
    storage.lengths_capacity = 2;
    CHECK_RESULT(VKSPLIT_OK, vksplit_ov_translate_concat(&op, &storage, &out, &err), &err);
    CHECK(out.axis == 1 && out.sizes[0] == 2 && out.sizes[1] == 7 && lengths[0] == 3 && lengths[1] == 4);
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_ov_translate_concat(&op, NULL, &out, &err), &err);
    storage.lengths = NULL;
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_ov_translate_concat(&op, &storage, &out, &err), &err);
    storage.lengths = lengths;
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_ov_translate_concat(&op, &storage, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_OV_OPERATOR_NULL, vksplit_ov_translate_concat(NULL, &storage, &out, &err), &err);
    op.inputs = NULL;
    CHECK_RULE(VKSPLIT_RULE_OV_CONCAT_INPUTS_NULL, vksplit_ov_translate_concat(&op, &storage, &out, &err), &err);
    op.inputs = inputs;
    inputs[0].shape = NULL;
    CHECK_RULE(VKSPLIT_RULE_OV_CONCAT_SHAPE_NULL, vksplit_ov_translate_concat(&op, &storage, &out, &err), &err);
    CHECK(strstr(err.message, "inputs[0].shape") != NULL);
    inputs[0].shape = s0;
    CHECK(vksplit_ov_translate_concat(&op, &storage, &out, NULL) == VKSPLIT_OK);
}

int main(void)
{
    FRONTEND_RUN_CASES(cases, run_case);
    check_element_types();
    check_pointers_and_storage();
    return test_finish(NULL);
}
