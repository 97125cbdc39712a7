/* TILES (src/geometry/mapping_tiles.c), a GPU's mapping for rows. A mapping step (src/geometry/planner.c, step 4)
 * receives the segments with their chunk, rows, base and row dimensions (innermost first) in
 * words, sets every segment's units and its own fields, and may reorder row dimensions (each
 * mapping's order is in shaders/split_abi.h). */
#ifndef VKSPLIT_MAPPING_TILES_H
#define VKSPLIT_MAPPING_TILES_H

#include "geometry/geometry.h"

/* Lines of rows cut into tiles of TRIPS x ABI_UNROLL x workgroup words; bands. Fails when a
 * segment needs more than 2^32-1 tiles. */
vksplit_result vksplit__plan_tiles(vksplit__geometry* g, const vksplit__planner_caps* caps, vksplit_error* error);
/* The most trips per invocation for a word (realign_unroll: the realigned kernel's blocks per
 * trip, 0 for the word-by-word kernels): invocation_bytes / a trip's bytes, at least 1, within
 * the loop budget; a plan takes fewer where its split is small. */
uint32_t vksplit__tiles_max_trips(uint32_t invocation_bytes, uint32_t word_bytes, uint32_t realign_unroll);
/* The realigned kernel's 16-byte blocks per trip in this direction (split_abi.h). */
uint32_t vksplit__realign_unroll(vksplit__direction direction);

#endif /* VKSPLIT_MAPPING_TILES_H */
