/* The rule table itself (vksplit/rules.h): every id distinct and positive, its name, result
 * code and message format as vksplit_rule_name/_result/_format report them, and a few ids
 * pinned, since ids are stable: a rule keeps its number, new rules take new ones. Pure CPU. */
#include <string.h>

#include "test_harness.h"

#define MAX_NUMBER 4096

int main(void)
{
    static unsigned char seen[MAX_NUMBER];
    unsigned rules = 0;
#define X_CHECK(name, number, result, format)                                                                          \
    do {                                                                                                               \
        rules++;                                                                                                       \
        CHECK_MSG(number > 0 && number < MAX_NUMBER && !seen[number], "%s: number %d taken or out of range", #name,    \
                  number);                                                                                             \
        if (number > 0 && number < MAX_NUMBER)                                                                         \
            seen[number] = 1;                                                                                          \
        CHECK_MSG(strcmp(vksplit_rule_name(VKSPLIT_RULE_##name), "VKSPLIT_RULE_" #name) == 0, "%s: named %s", #name,   \
                  vksplit_rule_name(VKSPLIT_RULE_##name));                                                             \
        CHECK_MSG(vksplit_rule_result(VKSPLIT_RULE_##name) == result && result < 0, "%s: result %s", #name,            \
                  vksplit_result_name(vksplit_rule_result(VKSPLIT_RULE_##name)));                                      \
        const char* f = vksplit_rule_format(VKSPLIT_RULE_##name);                                                      \
        CHECK_MSG(f&& strcmp(f, format) == 0 && f[0] && !strchr(f, '\n'), "%s: format \"%s\"", #name, f ? f : "NULL"); \
    } while (0);
    VKSPLIT_RULE_LIST(X_CHECK)
#undef X_CHECK
    printf("%u rules\n", rules);
    CHECK(strcmp(vksplit_rule_name(VKSPLIT_RULE_NONE), "VKSPLIT_RULE_NONE") == 0);
    CHECK(vksplit_rule_result(VKSPLIT_RULE_NONE) == VKSPLIT_OK && vksplit_rule_format(VKSPLIT_RULE_NONE) == NULL);
    CHECK(strcmp(vksplit_rule_name((vksplit_rule)MAX_NUMBER), "VKSPLIT_RULE_UNKNOWN") == 0);
    CHECK(vksplit_rule_result((vksplit_rule)MAX_NUMBER) == VKSPLIT_OK);
    /* Pinned: these numbers are in engines' code. */
    CHECK(VKSPLIT_RULE_OUT_NULL == 1 && VKSPLIT_RULE_SPLIT_AXIS == 6 && VKSPLIT_RULE_SPLIT_SUM == 11);
    CHECK(VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT == 45 && VKSPLIT_RULE_RUNNER_INPUT_DATA_NULL == 195);
    /* Retired rules that kept their names: their numbers, in no row of the list (so never
     * returned, nor taken by a new rule), and unknown to the table's readers. */
    static const vksplit_rule retired[] = {VKSPLIT_RULE_ONNX_AXIS_NEGATIVE_BEFORE_11,
                                           VKSPLIT_RULE_ONNX_CONCAT_AXIS_NEGATIVE_BEFORE_11};
    CHECK(retired[0] == 111 && retired[1] == 247);
    for (size_t i = 0; i < sizeof retired / sizeof retired[0]; i++) {
        CHECK_MSG(!seen[retired[i]], "retired rule %d has a row in VKSPLIT_RULE_LIST", (int)retired[i]);
        CHECK(strcmp(vksplit_rule_name(retired[i]), "VKSPLIT_RULE_UNKNOWN") == 0);
        CHECK(vksplit_rule_result(retired[i]) == VKSPLIT_OK && vksplit_rule_format(retired[i]) == NULL);
    }
    return test_finish(NULL);
}
