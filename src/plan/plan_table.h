/* Where a plan's parameter table lies and how its bytes get there (src/plan/plan_table.c): a
 * range of the context's pool, written at creation, or a range of the engine's own buffer that
 * the engine fills and binds (VKSPLIT_TABLE_CALLER). */
#ifndef VKSPLIT_PLAN_TABLE_H
#define VKSPLIT_PLAN_TABLE_H

#include "plan/plan_state.h"

/* Lays the windows' tables out one after another in the plan's range (each at the table
 * alignment) and sets table_bytes to the whole; a plan without windows keeps its own. */
void vksplit__place_tables(vksplit_plan* plan);
/* The table (every window's, for a windowed plan) into a range of the context's pool, written
 * and flushed: the plan's table is then bound. */
vksplit_result vksplit__pool_table(vksplit_plan* plan, vksplit_error* error);
/* Gives the pool's range back (nothing for a caller's table). */
void vksplit__release_table(vksplit_plan* plan);

#endif /* VKSPLIT_PLAN_TABLE_H */
