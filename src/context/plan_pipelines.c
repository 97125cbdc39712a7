/* The context's plan-specialized pipelines (plan_pipelines.h): a list that only grows, each
 * node immutable once published, its head swapped in with a compare-and-swap. Plans are made
 * from any thread: a reader walks what it loaded, and two threads that make one key's pipeline
 * at once both compile (outside any lock, as the context's own pipelines do), the later to
 * publish destroying its own. */
#include <string.h>

#include "context/plan_pipelines.h"

typedef struct plan_pipeline {
    vksplit__plan_pipeline_key key;
    VkPipeline pipeline;
    struct plan_pipeline* next;
} plan_pipeline;

static plan_pipeline* node_of(uint64_t bits) { return (plan_pipeline*)(uintptr_t)bits; }

static VkPipeline find_from(const plan_pipeline* node, const vksplit__plan_pipeline_key* key)
{
    for (; node; node = node->next)
        if (memcmp(&node->key, key, sizeof *key) == 0)
            return node->pipeline;
    return VK_NULL_HANDLE;
}

VkPipeline vksplit__find_plan_pipeline(vksplit_context* ctx, const vksplit__plan_pipeline_key* key)
{
    return find_from(node_of(vksplit__load_u64(&ctx->plan_pipelines)), key);
}

vksplit_result vksplit__keep_plan_pipeline(vksplit_context* ctx, const vksplit__plan_pipeline_key* key, VkPipeline made,
                                           VkPipeline* out, vksplit_bool32* kept, vksplit_error* error)
{
    *out = VK_NULL_HANDLE;
    *kept = VK_FALSE;
    plan_pipeline* node = vksplit__alloc(ctx->callbacks, sizeof *node);
    if (!node) {
        ctx->vk.vkDestroyPipeline(ctx->device, made, ctx->callbacks);
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
    }
    node->key = *key;
    node->pipeline = made;
    uint64_t head = vksplit__load_u64(&ctx->plan_pipelines);
    for (;;) {
        VkPipeline first = find_from(node_of(head), key);
        if (first) { /* another thread's, published since this one looked */
            ctx->vk.vkDestroyPipeline(ctx->device, made, ctx->callbacks);
            vksplit__free(ctx->callbacks, node);
            *out = first;
            return VKSPLIT_OK;
        }
        node->next = node_of(head);
        if (vksplit__swap_u64(&ctx->plan_pipelines, &head, (uint64_t)(uintptr_t)node))
            break; /* else `head` is the newer head: look again */
    }
    *out = made;
    *kept = VK_TRUE;
    return VKSPLIT_OK;
}

void vksplit__destroy_plan_pipelines(vksplit_context* ctx)
{
    plan_pipeline* node = node_of(vksplit__load_u64(&ctx->plan_pipelines));
    while (node) {
        plan_pipeline* next = node->next;
        ctx->vk.vkDestroyPipeline(ctx->device, node->pipeline, ctx->callbacks);
        vksplit__free(ctx->callbacks, node);
        node = next;
    }
    vksplit__store_u64(&ctx->plan_pipelines, 0);
}
