/* The log callback the tests give vksplit: every message to stderr, with its level. Its own
 * header, for the test support code that does not use the CHECK counters (test_harness.h). */
#ifndef VKSPLIT_TEST_LOG_H
#define VKSPLIT_TEST_LOG_H

#include <stdio.h>

#include "vksplit/vksplit.h"

static inline void test_log(void* user, vksplit_log_level level, const char* message)
{
    (void)user;
    fprintf(stderr, "[vksplit %s] %s\n",
            level == VKSPLIT_LOG_ERROR     ? "error"
            : level == VKSPLIT_LOG_WARNING ? "warning"
                                           : "info",
            message);
}

#endif /* VKSPLIT_TEST_LOG_H */
