/* The runner's buffers (src/runner/buffers.c): tensors, staging and arguments, each a buffer
 * in memory of its own. */
#ifndef VKSPLIT_RUNNER_BUFFERS_H
#define VKSPLIT_RUNNER_BUFFERS_H

#include "runner_internal.h"

/* Creates a buffer of `usage` in memory type `type` (mapped when map is set). */
vksplit_result vksplit__runner_create_buffer(vksplit_runner* runner, VkDeviceSize size, VkBufferUsageFlags usage,
                                             uint32_t type, vksplit_bool32 map, vksplit_runner_buffer* out,
                                             vksplit_error* error);

#endif /* VKSPLIT_RUNNER_BUFFERS_H */
