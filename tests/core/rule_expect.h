/* The assertion of a rule case, a split's or a join's (test_split_rules.c, test_join.c): one
 * body for both directions, so that the join's rules are held to everything the split's are. */
#ifndef VKSPLIT_TESTS_CORE_RULE_EXPECT_H
#define VKSPLIT_TESTS_CORE_RULE_EXPECT_H

#include <string.h>

#include "test_harness.h"

/* What a case validates: the split, or where join_direction is set the join (either may be
 * NULL: the NULL-desc rules). */
typedef struct rule_subject {
    int join_direction;
    const vksplit_split_desc* split;
    const vksplit_join_desc* join;
} rule_subject;

/* Validation returns `rule`'s result by `rule` into an error struct it overwrites (given
 * garbage), with that code and a terminated message: empty on success, else non-empty and
 * naming `field` (when given); the same result without an error struct. The calls that
 * validate first (the spans, the zero-copy query) return the same rule; an invalid split's
 * all-at-once zero-copy answer is "not aliasable". */
static inline void expect_rule(const char* name, rule_subject s, vksplit_rule rule, const char* field)
{
    vksplit_result want = vksplit_rule_result(rule);
    vksplit_error err;
    memset(&err, 0x7F, sizeof err); /* garbage: the call must overwrite it */
    err.message[VKSPLIT_MESSAGE_CAPACITY - 1] = '\0';
    vksplit_result r = s.join_direction ? vksplit_validate_join(s.join, &err) : vksplit_validate_split(s.split, &err);
    CHECK_MSG(r == want && err.rule == rule, "%s: returned %s by %s, expected %s by %s (%s)", name,
              vksplit_result_name(r), vksplit_rule_name(err.rule), vksplit_result_name(want), vksplit_rule_name(rule),
              r ? err.message : "");
    CHECK_MSG(err.code == r, "%s: error.code %d differs from the result %d", name, (int)err.code, (int)r);
    CHECK_MSG(memchr(err.message, '\0', sizeof err.message) != NULL, "%s: message not terminated", name);
    if (want == VKSPLIT_OK) {
        CHECK_MSG(err.message[0] == '\0', "%s: success left a message: %s", name, err.message);
    } else {
        CHECK_MSG(err.message[0] != '\0', "%s: empty message", name);
        CHECK_MSG(field == NULL || strstr(err.message, field) != NULL, "%s: message \"%s\" does not mention \"%s\"",
                  name, err.message, field);
    }
    vksplit_result quiet =
        s.join_direction ? vksplit_validate_join(s.join, NULL) : vksplit_validate_split(s.split, NULL);
    CHECK_MSG(quiet == want, "%s: different result without an error struct", name);

    uint64_t span = 0;
    vksplit_result spans = s.join_direction ? vksplit_join_spans(s.join, &span, NULL, &err)
                                            : vksplit_split_spans(s.split, &span, NULL, &err);
    CHECK_MSG(spans == want && err.rule == rule, "%s: vksplit_%s_spans returned %s by %s, expected %s", name,
              s.join_direction ? "join" : "split", vksplit_result_name(spans), vksplit_rule_name(err.rule),
              vksplit_rule_name(rule));
    vksplit_bool32 aliasable[4] = {7, 7, 7, 7}; /* a valid join's case has at most 4 inputs */
    vksplit_result z = s.join_direction ? vksplit_query_join_zero_copy(s.join, aliasable, NULL, &err)
                                        : vksplit_query_zero_copy(s.split, aliasable, NULL, &err);
    CHECK_MSG(z == want && err.rule == rule, "%s: vksplit_query_%szero_copy returned %s by %s, expected %s", name,
              s.join_direction ? "join_" : "", vksplit_result_name(z), vksplit_rule_name(err.rule),
              vksplit_rule_name(rule));
    if (want != VKSPLIT_OK && !s.join_direction)
        CHECK_MSG(aliasable[0] == 0, "%s: zero-copy said aliasable=%u for an invalid split", name, aliasable[0]);
}

#endif /* VKSPLIT_TESTS_CORE_RULE_EXPECT_H */
