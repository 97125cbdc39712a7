/* Names and labels for GPU captures (debug_labels.h). */
#include <stdarg.h>
#include <stdio.h>

#include "context/context_log.h"
#include "context/debug_labels.h"

void vksplit__name_object(const vksplit_context* ctx, VkObjectType type, uint64_t handle, const char* fmt, ...)
{
    if (!ctx->vk.vkSetDebugUtilsObjectNameEXT || !handle)
        return;
    char name[160];
    va_list args;
    va_start(args, fmt);
    vsnprintf(name, sizeof name, fmt, args);
    va_end(args);
    VkDebugUtilsObjectNameInfoEXT info = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT};
    info.objectType = type;
    info.objectHandle = handle;
    info.pObjectName = name;
    VkResult vr = ctx->vk.vkSetDebugUtilsObjectNameEXT(ctx->device, &info);
    if (vr != VK_SUCCESS)
        vksplit__log(ctx, VKSPLIT_LOG_WARNING, "vksplit: vkSetDebugUtilsObjectNameEXT(\"%s\") returned VkResult %d",
                     name, (int)vr);
}

void vksplit__begin_label(const vksplit_context* ctx, VkCommandBuffer cmd, const char* label)
{
    if (!ctx->vk.vkCmdBeginDebugUtilsLabelEXT)
        return;
    VkDebugUtilsLabelEXT info = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT};
    info.pLabelName = label;
    ctx->vk.vkCmdBeginDebugUtilsLabelEXT(cmd, &info);
}

void vksplit__end_label(const vksplit_context* ctx, VkCommandBuffer cmd)
{
    if (ctx->vk.vkCmdEndDebugUtilsLabelEXT)
        ctx->vk.vkCmdEndDebugUtilsLabelEXT(cmd);
}
