/* The rules a GPU's values may break, as vksplit.h states them, for the tests that check what a
 * plan's check wrote (test_device_parameters.c, test_rows.c, test_convert_placed.c). */
#ifndef VKSPLIT_TESTS_CORE_EXPECTED_RULES_H
#define VKSPLIT_TESTS_CORE_EXPECTED_RULES_H

#include <stdint.h>

#include "vksplit/vksplit.h"

/* Device parameters: the first rule broken (0: none) and its three values in out. parts parts
 * of capacities caps[i], the whole's capacity whole_cap along the axis; the values whole
 * (PACKED), length[i] and offset[i] (GIVEN). given: GIVEN; ring: RING (its length its one
 * rule); join: the parts' order is a rule (GIVEN). */
uint32_t core_expected_device_rule(int given, int ring, int join, uint32_t parts, const uint64_t* caps,
                                   uint32_t whole_cap, uint32_t whole, const uint32_t* length, const uint32_t* offset,
                                   uint32_t* out);

/* Rows: the status the check must write for the n indices x of a plan of mode `mode` (INDEXED:
 * lists of L entries; else one entry a list), places C along the axis: {rule, list, entry,
 * value low, value high, other} (all 0: none): the first entry that breaks ROWS_INDEX or
 * ROWS_START (skip_negative: a negative index is skipped); else, in a join's INDEXED lists,
 * the least list with a place listed twice, its least such place and the first two entries
 * there (ROWS_DUPLICATE). */
void core_expected_rows_status(vksplit_rows_mode mode, int join, int skip_negative, uint64_t C, uint64_t L, uint64_t n,
                               const int64_t* x, uint32_t* s);

#endif /* VKSPLIT_TESTS_CORE_EXPECTED_RULES_H */
