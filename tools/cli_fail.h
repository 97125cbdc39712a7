/* The CLI's exit codes and its one way to fail: one line on stderr. Every tools/cli_*.c
 * reports through this file and no other, so that none of them depends on another for it. */
#ifndef VKSPLIT_TOOLS_CLI_FAIL_H
#define VKSPLIT_TOOLS_CLI_FAIL_H

#define CLI_EXIT_FAILURE 1
#define CLI_EXIT_INVALID 2

#include "vksplit/vksplit.h"

/* Prints "vksplit: <message>" as one line on stderr; returns code. */
int cli_fail(int code, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A library call's failure: "vksplit: <context>: <err->message> (<code>, <rule>)", e.g.
 * "vksplit: cannot plan the split: ... (VKSPLIT_ERROR_AXIS, VKSPLIT_RULE_SPLIT_AXIS)", the
 * rule id as include/vksplit/rules.h spells it, so scripts can tell failures apart by rule
 * as the library's own callers do. context may be NULL (the message alone). Returns code. */
int cli_fail_error(int code, const char* context, const vksplit_error* err);

#endif /* VKSPLIT_TOOLS_CLI_FAIL_H */
