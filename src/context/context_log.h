/* A line to the context's log callback, if any (src/context/context_log.c). Below everything that
 * logs: the context, its pipelines, the debug labels. */
#ifndef VKSPLIT_CONTEXT_LOG_H
#define VKSPLIT_CONTEXT_LOG_H

#include "context/context_state.h"

void vksplit__log(const vksplit_context* ctx, vksplit_log_level level, const char* fmt, ...) VKSPLIT_PRINTF(3, 4);

#endif /* VKSPLIT_CONTEXT_LOG_H */
