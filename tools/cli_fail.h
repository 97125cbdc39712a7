/* The CLI's exit codes and its one way to fail: one line on stderr. Every tools/cli_*.c
 * reports through this file and no other, so that none of them depends on another for it. */
#ifndef VKSPLIT_TOOLS_CLI_FAIL_H
#define VKSPLIT_TOOLS_CLI_FAIL_H

#define CLI_EXIT_FAILURE 1
#define CLI_EXIT_INVALID 2

/* Prints "vksplit: <message>" as one line on stderr; returns code. */
int cli_fail(int code, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif /* VKSPLIT_TOOLS_CLI_FAIL_H */
