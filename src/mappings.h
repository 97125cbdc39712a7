/* The mappings' planning steps (src/mapping_*.c) and the plan's own account of its traffic
 * (src/plan_traffic.c), called by src/planner.c in that order. A mapping step receives the
 * segments with their chunk, rows, base and row dimensions (innermost first) in words, sets
 * every segment's units and its own fields, and may reorder row dimensions (each mapping's
 * order is in shaders/split_abi.h). */
#ifndef VKSPLIT_MAPPINGS_H
#define VKSPLIT_MAPPINGS_H

#include "geometry.h"

/* RUNS: each invocation copies a run of about invocation_bytes. */
void vksplit__plan_runs(vksplit__geometry* g, const vksplit__planner_caps* caps);
/* INTERLEAVED: each workgroup copies a tile of workgroup_size x invocation_bytes; bands. */
void vksplit__plan_interleaved(vksplit__geometry* g, const vksplit__planner_caps* caps);

/* TILES: lines of rows cut into tiles of TRIPS x ABI_UNROLL x workgroup words; bands. Fails
 * when a segment needs more than 2^32-1 tiles. */
vksplit_result vksplit__plan_tiles(vksplit__geometry* g, const vksplit__planner_caps* caps, vksplit_error* error);
/* TILES' most trips per invocation for a word: invocation_bytes / 64, at least 1, within the
 * loop budget; a plan takes fewer where its split is small. */
uint32_t vksplit__tiles_max_trips(uint32_t invocation_bytes, uint32_t word_bytes, vksplit_bool32 realign);

/* TRANSPOSE fits when every row is one element that is one word (of at most 16 bytes), and
 * every segment has a row dimension contiguous in the input and another contiguous in the
 * output; worth_it also asks for tiles at least half full along both. */
bool vksplit__transpose_fits(const vksplit__geometry* g, bool worth_it);
/* Uses TRANSPOSE16 (16-byte loads and stores, 16-byte aligned bindings) where 4-byte
 * elements, the split's base alignment and every stride allow it. */
void vksplit__plan_transpose(vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment);

/* DEINTERLEAVE fits when the input's rows are contiguous and hold every segment's chunk in
 * turn (whole 32-bit words), every output's rows are contiguous, at least four rows fit the
 * workgroup memory, and one dispatch takes every segment. */
bool vksplit__deinterleave_fits(const vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment);
/* Changes the word to 16 bytes (4 where the bindings' alignment or addressing asks) and the
 * segments' chunks to uint32 words. */
void vksplit__plan_deinterleave(vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment);

/* Input bytes fetched per byte copied when every segment reads its own rows (dimension 0
 * linear, whole 32-byte sectors): what TILES, RUNS and INTERLEAVED read. */
double vksplit__row_fetch_ratio(const vksplit__geometry* g);
/* bytes_in_flight, sectors_read and busy_workgroups of a planned geometry. */
void vksplit__plan_traffic(vksplit__geometry* g);

#endif /* VKSPLIT_MAPPINGS_H */
