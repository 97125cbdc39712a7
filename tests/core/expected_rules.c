/* The rules, as vksplit.h states them, on the host (expected_rules.h). */
#include "expected_rules.h"

#include <string.h>

uint32_t core_expected_device_rule(int given, int ring, int join, uint32_t parts, const uint64_t* caps,
                                   uint32_t whole_cap, uint32_t whole, const uint32_t* length, const uint32_t* offset,
                                   uint32_t* out)
{
    uint64_t sum = 0;
    for (uint32_t i = 0; i < parts; i++) {
        uint32_t cap = (uint32_t)caps[i];
        if (length[i] > cap) {
            out[0] = i, out[1] = length[i], out[2] = cap;
            return VKSPLIT_RULE_DEVICE_LENGTH;
        }
        if (given && (uint64_t)offset[i] + length[i] > whole_cap) {
            out[0] = i, out[1] = offset[i], out[2] = whole_cap;
            return VKSPLIT_RULE_DEVICE_OFFSET;
        }
        if (given && join && i > 0 && offset[i] < (uint64_t)offset[i - 1] + length[i - 1]) {
            out[0] = i, out[1] = offset[i], out[2] = offset[i - 1] + length[i - 1];
            return VKSPLIT_RULE_DEVICE_ORDER;
        }
        sum += length[i];
    }
    if (ring) /* a ring: its length is its one rule */
        return 0;
    if (!given && whole > whole_cap) {
        out[0] = whole, out[1] = whole_cap, out[2] = 0;
        return VKSPLIT_RULE_DEVICE_WHOLE_LENGTH;
    }
    if (!given && sum != whole) {
        out[0] = (uint32_t)sum, out[1] = whole, out[2] = 0;
        return VKSPLIT_RULE_DEVICE_SUM;
    }
    return 0;
}

void core_expected_rows_status(vksplit_rows_mode mode, int join, int skip_negative, uint64_t C, uint64_t L, uint64_t n,
                               const int64_t* x, uint32_t* s)
{
    memset(s, 0, 6 * sizeof *s);
    uint64_t per = mode == VKSPLIT_ROWS_INDEXED ? L : 1;
    for (uint64_t e = 0; e < n; e++) {
        uint32_t bad = 0;
        if (mode == VKSPLIT_ROWS_INDEXED)
            bad = x[e] >= (int64_t)C || (x[e] < 0 && !skip_negative) ? VKSPLIT_RULE_ROWS_INDEX : 0;
        else if (mode == VKSPLIT_ROWS_LINEAR)
            bad = x[e] < 0 || x[e] > (int64_t)(C - L) ? VKSPLIT_RULE_ROWS_START : 0;
        if (bad) {
            uint32_t r[6] = {bad,
                             (uint32_t)(e / per),
                             (uint32_t)(e % per),
                             (uint32_t)(uint64_t)x[e],
                             (uint32_t)((uint64_t)x[e] >> 32),
                             (uint32_t)C};
            memcpy(s, r, sizeof r);
            return;
        }
    }
    if (mode != VKSPLIT_ROWS_INDEXED || !join)
        return;
    for (uint64_t list = 0; list * per < n; list++) {
        int64_t best = -1;
        for (uint64_t j = 0; j < L; j++)
            for (uint64_t k = j + 1; k < L; k++)
                if (x[list * L + j] >= 0 && x[list * L + j] == x[list * L + k] && (best < 0 || x[list * L + j] < best))
                    best = x[list * L + j];
        if (best < 0)
            continue;
        uint32_t first = UINT32_MAX, second = UINT32_MAX;
        for (uint64_t j = 0; j < L; j++)
            if (x[list * L + j] == best) {
                if (first == UINT32_MAX)
                    first = (uint32_t)j;
                else if (second == UINT32_MAX)
                    second = (uint32_t)j;
            }
        uint32_t r[6] = {VKSPLIT_RULE_ROWS_DUPLICATE, (uint32_t)list, first, (uint32_t)best, 0, second};
        memcpy(s, r, sizeof r);
        return;
    }
}
