/* How a harness reports a finding: one line on stderr, then abort(), which libFuzzer turns
 * into a crash report and a saved reproducer. */
#ifndef VKSPLIT_FUZZ_FAIL_H
#define VKSPLIT_FUZZ_FAIL_H

void fz_fail(const char* fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif /* VKSPLIT_FUZZ_FAIL_H */
