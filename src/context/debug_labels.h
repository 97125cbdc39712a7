/* Names and labels for GPU captures (RenderDoc, Nsight): with VK_EXT_debug_utils on the
 * caller's instance, vksplit names its pipelines, layouts and buffers when it creates them,
 * and wraps each recording in a label written at plan creation. Without the extension the
 * functions are NULL and all of this is a branch per call. */
#ifndef VKSPLIT_DEBUG_LABELS_H
#define VKSPLIT_DEBUG_LABELS_H

#include "context/context_state.h"

/* Names a Vulkan object (formatted here, at creation: never on a record path). A failed
 * naming is logged and otherwise ignored: a capture without a name is no error. */
void vksplit__name_object(const vksplit_context* ctx, VkObjectType type, uint64_t handle, const char* fmt, ...)
    VKSPLIT_PRINTF(4, 5);
/* Opens and closes a label around commands, when the instance has debug utils. */
void vksplit__begin_label(const vksplit_context* ctx, VkCommandBuffer cmd, const char* label);
void vksplit__end_label(const vksplit_context* ctx, VkCommandBuffer cmd);

#endif /* VKSPLIT_DEBUG_LABELS_H */
