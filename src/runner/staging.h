/* Data through the staging buffer (src/runner/staging.c). */
#ifndef VKSPLIT_RUNNER_STAGING_H
#define VKSPLIT_RUNNER_STAGING_H

#include "runner_internal.h"

/* Host memory as a stream: a cursor that advances by each piece it produces or consumes. */
typedef struct vksplit__memory_cursor {
    unsigned char* at;
} vksplit__memory_cursor;
vksplit_result vksplit__produce_from_memory(void* user, void* dst, size_t bytes, vksplit_error* error);
vksplit_result vksplit__consume_into_memory(void* user, const void* src, size_t bytes, vksplit_error* error);

#endif /* VKSPLIT_RUNNER_STAGING_H */
