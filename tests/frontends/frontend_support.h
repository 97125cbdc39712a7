/* What the front-end tests share beyond test_harness.h. */
#ifndef VKSPLIT_TESTS_FRONTEND_SUPPORT_H
#define VKSPLIT_TESTS_FRONTEND_SUPPORT_H

#include "test_harness.h"
#include "vksplit/onnx.h"

/* Every row of a rules test's table through its run function, then how many there were (the
 * log shows that a table did not come out empty). */
#define FRONTEND_RUN_CASES(cases, run_case)                                                           \
    do {                                                                                              \
        for (size_t frontend_i_ = 0; frontend_i_ < sizeof(cases) / sizeof((cases)[0]); frontend_i_++) \
            run_case(&(cases)[frontend_i_]);                                                          \
        printf("%zu rule cases\n", sizeof(cases) / sizeof((cases)[0]));                               \
    } while (0)

/* Whether `name` is one of the space-separated words of `list` (a type list as a document
 * writes it). */
static inline int frontend_listed(const char* list, const char* name)
{
    size_t n = strlen(name);
    for (const char* p = list; n && (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

/* A type-list check's verdict on one translation at `opset` (told as prefix and number): a type
 * is accepted exactly when listed and not string (variable-length), else refused with
 * VKSPLIT_ERROR_DATA_TYPE. Returns whether it was accepted. */
static inline int frontend_expect_listed(const char* prefix, int64_t opset, const char* type, uint32_t t, int listed,
                                         vksplit_result r, const vksplit_error* err)
{
    int accepted = listed && strcmp(type, "string") != 0;
    CHECK_MSG((r == VKSPLIT_OK) == accepted && (accepted || r == VKSPLIT_ERROR_DATA_TYPE),
              "%s%lld type %s (%u): %s (%s)", prefix, (long long)opset, type, t, vksplit_result_name(r), err->message);
    return accepted;
}

/* One opset's type list, as its document writes it. */
typedef struct frontend_type_list {
    int64_t opset;
    const char* types; /* vksplit_onnx_data_type_name()s, space-separated */
} frontend_type_list;

/* Every ONNX data type (0..30) at each listed opset: in_opset must say what the list says, and
 * translate (the operator's translation of a node of that type, with its checks) is told the
 * type, its name and whether the list has it. */
static inline void frontend_onnx_type_lists(const char* prefix, const frontend_type_list* lists, size_t count,
                                            vksplit_bool32 (*in_opset)(int64_t, vksplit_onnx_data_type),
                                            void (*translate)(int64_t, vksplit_onnx_data_type, const char*, int))
{
    for (size_t v = 0; v < count; v++)
        for (uint32_t t = 0; t <= 30; t++) {
            vksplit_onnx_data_type type = (vksplit_onnx_data_type)t;
            const char* name = vksplit_onnx_data_type_name(type);
            int listed = strcmp(name, "unknown") != 0 && frontend_listed(lists[v].types, name);
            CHECK_MSG(in_opset(lists[v].opset, type) == (vksplit_bool32)listed, "%s%lld type %s: listed %d", prefix,
                      (long long)lists[v].opset, name, listed);
            translate(lists[v].opset, type, name, listed);
        }
}

/* A list in a table's row, written without braces of its own: a row that overflows a line then
 * wraps onto a second instead of one field a line, so that the table reads as one. */
#define DIMS(...)   \
    {               \
        __VA_ARGS__ \
    }

#endif
