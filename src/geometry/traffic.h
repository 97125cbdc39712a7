/* The plan's own account of its memory traffic (src/geometry/traffic.c): what it keeps in flight,
 * the sectors it fetches, the workgroups that copy nothing. Step 6 of the planner. */
#ifndef VKSPLIT_TRAFFIC_H
#define VKSPLIT_TRAFFIC_H

#include "geometry/geometry.h"

/* Sectors of the whole (a split's input, a join's output), in bytes, per byte copied when
 * every segment copies its own rows (dimension 0 linear, whole 32-byte sectors): what TILES
 * and RUNS fetch from a split's input, or write into a join's output in pieces of sectors. */
double vksplit__row_fetch_ratio(const vksplit__geometry* g);
/* bytes_in_flight, sectors_read and busy_workgroups of a planned geometry. */
void vksplit__plan_traffic(vksplit__geometry* g);

#endif /* VKSPLIT_TRAFFIC_H */
