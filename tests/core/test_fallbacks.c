/* The fallback paths, each on a runner with features disabled:
 *   core_fallbacks no-bda              push descriptors, several outputs per dispatch
 *   core_fallbacks no-bda-no-dynidx    push descriptors, one dispatch per output
 *   core_fallbacks no-8-16bit          device addresses, 1/2-byte words stored by 32-bit atomics
 *   core_fallbacks no-bda-no-8-16bit   push descriptors and atomics
 * Each runs random cases against the reference (fewer than core_random). Without 8/16-bit
 * storage it adds outputs packed back to back at byte granularity (odd widths 1, 2, 3, odd
 * lengths, rows of one byte), so neighbouring outputs and rows written by different
 * invocations share 32-bit words. The descriptor paths add tensors that end exactly at the
 * end of a buffer whose size is not a multiple of 4 (raw Vulkan buffers, not the runner's
 * rounded ones); tensors beyond maxStorageBufferRange are core_windows'. */
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"
#include "vk_count.h"

static const test_mode fallback_modes[] = {
    {"no-bda", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS},
    {"no-bda-no-dynidx", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING},
    {"no-8-16bit", VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT | VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT},
    {"no-bda-no-8-16bit", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT |
                              VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT},
};

static void random_cases(vksplit_runner* runner, const test_mode* m)
{
    uint64_t seed = core_seed(0xFA11BAC4ull);
    long only = core_only_case();
    unsigned cases = core_scaled(700);
    for (unsigned t = 0; t < cases || (only >= 0 && t <= (unsigned long)only); t++) {
        if (only >= 0 && (long)t != only)
            continue;
        core_seeded_case s;
        core_seeded_case_begin(&s, m->name, seed, (long)t);
        s.params.max_elements = 1024;
        if (m->disable & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT) {
            /* Mostly the widths that take the atomic path. */
            static const uint32_t narrow[] = {1, 1, 2, 2, 3, 5, 6, 4, 8};
            s.params.element_sizes = narrow;
            s.params.element_size_choices = 9;
        }
        core_seeded_case_draw(&s);
        s.options.plan.path = core_rng_percent(&s.rng, 80) ? VKSPLIT_PATH_COMPUTE : VKSPLIT_PATH_AUTO;
        core_verdict v = core_run_case(runner, &s.c, &s.options);
        CORE_ACCOUNT(v);
        core_case_free(&s.c);
    }
}

/* Outputs back to back at byte granularity: the atomic stores must leave neighbours alone. */
static void atomic_neighbours(vksplit_runner* runner, const test_mode* m)
{
    core_rng rng;
    core_rng_seed(&rng, 0xA7031C);
    unsigned narrow_seen = 0;
    for (unsigned t = 0; t < core_scaled(200); t++) {
        uint32_t element_size = (uint32_t)(1 + t % 3);
        uint32_t n = (uint32_t)core_rng_range(&rng, 2, 40);
        uint64_t* lengths = calloc(n, sizeof lengths[0]);
        uint64_t total = 0;
        for (uint32_t i = 0; i < n; i++)
            total += lengths[i] = core_rng_below(&rng, 5);
        /* Rows: many rows of one to a few bytes (axis last), or long odd chunks (axis first). */
        int rows = t % 2 == 0;
        uint64_t sizes[2];
        uint32_t axis;
        if (rows) {
            sizes[0] = core_rng_range(&rng, 64, 300);
            sizes[1] = total;
            axis = 1;
        } else {
            sizes[0] = total;
            sizes[1] = core_rng_range(&rng, 1, 37) | 1;
            axis = 0;
        }
        core_case c;
        core_case_init(&c, element_size, 2, sizes, axis, n, lengths);
        c.desc.base_alignment = t % 4 == 3 ? 2 : 1;
        core_run_options o = {.plan.path = VKSPLIT_PATH_COMPUTE,
                              .layout = t % 5 == 4 ? CORE_LAYOUT_SHARED_WITH_INPUT : CORE_LAYOUT_TIGHT,
                              .rng = &rng,
                              .null_empty_bindings = 0,
                              .label = "atomic neighbours",
                              .case_index = (long)t};
        /* Twice in one command buffer: the second run rewrites every word the first wrote. A
         * join (VKSPLIT_TEST_JOIN=1) runs once: its inputs are the neighbours, writing one
         * output's words side by side. */
        o.records = core_join_all() ? 1 : 2;
        core_verdict v = core_run_case(runner, &c, &o);
        CORE_ACCOUNT(v);
        if (!v.skipped && v.info.bytes_written && v.info.word_bytes <= 2)
            narrow_seen++;
        core_case_free(&c);
        free(lengths);
    }
    CHECK_MSG(narrow_seen > 0, "%s: no case used a 1- or 2-byte word", m->name);
}

/* ---- raw buffers of exact (non-multiple-of-4) sizes --------------------------------------------- */

typedef struct raw_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint8_t* mapped;
    VkDeviceSize size;
} raw_buffer;

typedef struct raw_vk {
    VkDevice device;
    PFN_vkCreateBuffer create_buffer;
    PFN_vkDestroyBuffer destroy_buffer;
    PFN_vkGetBufferMemoryRequirements requirements;
    PFN_vkAllocateMemory allocate;
    PFN_vkFreeMemory free_memory;
    PFN_vkBindBufferMemory bind;
    PFN_vkMapMemory map;
    VkPhysicalDeviceMemoryProperties memory_properties;
    int bda;
} raw_vk;

static int raw_vk_load(vksplit_runner* runner, raw_vk* vk)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    memset(vk, 0, sizeof *vk);
    vk->device = info.device;
    vk->bda = (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
#define LOAD(field, type, name) vk->field = (type)info.get_device_proc_addr(info.device, name)
    LOAD(create_buffer, PFN_vkCreateBuffer, "vkCreateBuffer");
    LOAD(destroy_buffer, PFN_vkDestroyBuffer, "vkDestroyBuffer");
    LOAD(requirements, PFN_vkGetBufferMemoryRequirements, "vkGetBufferMemoryRequirements");
    LOAD(allocate, PFN_vkAllocateMemory, "vkAllocateMemory");
    LOAD(free_memory, PFN_vkFreeMemory, "vkFreeMemory");
    LOAD(bind, PFN_vkBindBufferMemory, "vkBindBufferMemory");
    LOAD(map, PFN_vkMapMemory, "vkMapMemory");
#undef LOAD
    PFN_vkGetPhysicalDeviceMemoryProperties props =
        (PFN_vkGetPhysicalDeviceMemoryProperties)info.get_instance_proc_addr(info.instance,
                                                                             "vkGetPhysicalDeviceMemoryProperties");
    if (!props || !vk->create_buffer || !vk->allocate || !vk->map)
        return 0;
    props(info.physical_device, &vk->memory_properties);
    return 1;
}

static int raw_buffer_create(const raw_vk* vk, VkDeviceSize size, raw_buffer* out)
{
    memset(out, 0, sizeof *out);
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT | (vk->bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0);
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    if (vk->create_buffer(vk->device, &info, NULL, &out->buffer) != VK_SUCCESS)
        return 0;
    VkMemoryRequirements req;
    vk->requirements(vk->device, out->buffer, &req);
    uint32_t type = UINT32_MAX;
    VkMemoryPropertyFlags need = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    for (uint32_t i = 0; i < vk->memory_properties.memoryTypeCount && type == UINT32_MAX; i++)
        if ((req.memoryTypeBits & (1u << i)) && (vk->memory_properties.memoryTypes[i].propertyFlags & need) == need)
            type = i;
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.pNext = vk->bda ? &flags : NULL;
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    void* mapped = NULL;
    if (type == UINT32_MAX || vk->allocate(vk->device, &alloc, NULL, &out->memory) != VK_SUCCESS ||
        vk->bind(vk->device, out->buffer, out->memory, 0) != VK_SUCCESS ||
        vk->map(vk->device, out->memory, 0, VK_WHOLE_SIZE, 0, &mapped) != VK_SUCCESS)
        return 0;
    out->mapped = mapped;
    out->size = size;
    return 1;
}

static void raw_buffer_destroy(const raw_vk* vk, raw_buffer* b)
{
    if (b->buffer)
        vk->destroy_buffer(vk->device, b->buffer, NULL);
    if (b->memory)
        vk->free_memory(vk->device, b->memory, NULL); /* unmapped implicitly */
    memset(b, 0, sizeof *b);
}

/* Every storage-buffer descriptor the library pushes must lie inside its buffer
 * (VUID-VkDescriptorBufferInfo-range-00342); the installed layer does not check pushed
 * descriptors, so the counting wrapper does, for the buffers registered here. */
typedef struct descriptor_audit {
    VkBuffer buffers[3];
    VkDeviceSize sizes[3];
    uint32_t violations;
    char first[256];
} descriptor_audit;

static void audit_push(void* user, uint32_t write_count, const VkWriteDescriptorSet* writes)
{
    descriptor_audit* a = user;
    for (uint32_t w = 0; w < write_count; w++)
        for (uint32_t i = 0; writes[w].pBufferInfo && i < writes[w].descriptorCount; i++) {
            const VkDescriptorBufferInfo* b = &writes[w].pBufferInfo[i];
            for (int k = 0; k < 3; k++) {
                if (!a->buffers[k] || b->buffer != a->buffers[k] || b->range == VK_WHOLE_SIZE)
                    continue;
                if (b->offset > a->sizes[k] || b->range > a->sizes[k] - b->offset) {
                    if (a->violations++ == 0)
                        snprintf(a->first, sizeof a->first,
                                 "binding %u[%u]: offset %llu + range %llu exceeds the buffer's %llu bytes",
                                 writes[w].dstBinding, i, (unsigned long long)b->offset, (unsigned long long)b->range,
                                 (unsigned long long)a->sizes[k]);
                }
            }
        }
}

static vksplit_context* audited_context(vksplit_runner* runner)
{
    vksplit_context_desc d = vkc_context_desc(runner);
    vksplit_context* ctx = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&d, &ctx, &err), &err);
    return ctx;
}

/* Input {len} of 1- or 2-byte elements in a buffer of exactly its size, split into two
 * outputs in buffers of exactly their sizes (none a multiple of 4): nothing in the header
 * asks for more room on a device with 8/16-bit storage. Without it (atomic stores) the
 * header asks that the 32-bit words around a tensor's first and last byte lie inside its
 * buffer: then the buffers are exactly that, rounded up to whole words, and no more. */
static uint64_t buffer_bytes(uint64_t bytes, int words) { return words ? (bytes + 3) & ~3ull : bytes; }

static void exact_size_buffers(vksplit_runner* runner, const test_mode* m)
{
    /* What the runner enabled decides, not what the mode disabled: a device may lack 8/16-bit
     * storage anyway. */
    vksplit_runner_info enabled;
    vksplit_runner_get_info(runner, &enabled);
    raw_vk vk;
    CHECK_MSG(raw_vk_load(runner, &vk), "cannot load raw Vulkan functions");
    vksplit_context* ctx = audited_context(runner);
    if (!ctx)
        return;
    descriptor_audit audit;
    memset(&audit, 0, sizeof audit);
    vkc_set_push_descriptor_hook(audit_push, &audit);
    static const uint64_t cases[][3] = {{13, 5, 8}, {7, 7, 0}, {10, 3, 7}, {21, 1, 20}};
    for (unsigned t = 0; t < 4; t++) {
        for (uint32_t element_size = 1; element_size <= 2; element_size++) {
            int words = !(enabled.enabled_features & (element_size == 1 ? VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT
                                                                        : VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT));
            uint64_t len = cases[t][0];
            uint64_t lengths[2] = {cases[t][1], cases[t][2]};
            uint32_t n = lengths[1] ? 2 : 1;
            vksplit_split_desc d;
            memset(&d, 0, sizeof d);
            d.element_size = element_size;
            d.rank = 1;
            d.sizes = &len;
            d.axis = 0;
            d.output_count = n;
            d.lengths = lengths;
            d.base_alignment = element_size;
            vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
            vksplit_plan_info info;
            vksplit_plan* plan = test_plan_create(ctx, &d, NULL, &compute, &info);
            if (!plan)
                continue;
            vksplit_error err;
            printf("%s: exact-size buffers of %llu bytes: %s\n", m->name, (unsigned long long)(len * element_size),
                   info.summary);
            raw_buffer in, out[2];
            memset(out, 0, sizeof out);
            int ok = raw_buffer_create(&vk, buffer_bytes(len * element_size, words), &in);
            for (uint32_t i = 0; i < n; i++)
                ok = ok && raw_buffer_create(&vk, buffer_bytes(lengths[i] * element_size, words), &out[i]);
            CHECK_MSG(ok, "raw buffer creation failed");
            memset(&audit, 0, sizeof audit);
            audit.buffers[0] = in.buffer;
            audit.sizes[0] = in.size;
            for (uint32_t i = 0; i < n; i++) {
                audit.buffers[1 + i] = out[i].buffer;
                audit.sizes[1 + i] = out[i].size;
            }
            if (ok) {
                for (uint64_t b = 0; b < len * element_size; b++)
                    in.mapped[b] = (uint8_t)(0x30 + b);
                for (uint32_t i = 0; i < n; i++)
                    memset(out[i].mapped, 0xEE, lengths[i] * element_size);
                vksplit_binding outputs[2] = {{out[0].buffer, 0}, {out[1].buffer, 0}};
                test_recording job = {plan, {.whole = {in.buffer, 0}, .parts = outputs}, VKSPLIT_OK, {0}};
                uint32_t before = vksplit_runner_validation_message_count(runner);
                CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, test_record, &job, &err), &err);
                CHECK_MSG(job.result == VKSPLIT_OK, "%s: exact-size buffers: %s", m->name, job.error.message);
                uint32_t after = vksplit_runner_validation_message_count(runner);
                CHECK_MSG(audit.violations == 0,
                          "%s: %u pushed descriptor(s) reach past the end of a %llu-byte buffer (element size %u): "
                          "%s",
                          m->name, audit.violations, (unsigned long long)(len * element_size), element_size,
                          audit.first);
                CHECK_MSG(after == before,
                          "%s: %u validation message(s) for tensors that end exactly at the end of %llu-byte "
                          "buffers (element size %u): descriptor ranges rounded past the buffer?",
                          m->name, after - before, (unsigned long long)(len * element_size), element_size);
                uint64_t start = 0;
                for (uint32_t i = 0; i < n; i++) {
                    CHECK_MSG(memcmp(out[i].mapped, in.mapped + start * element_size, lengths[i] * element_size) == 0,
                              "%s: exact-size output %u differs", m->name, i);
                    start += lengths[i];
                }
            }
            raw_buffer_destroy(&vk, &in);
            for (uint32_t i = 0; i < n; i++)
                raw_buffer_destroy(&vk, &out[i]);
            vksplit_plan_destroy(plan);
        }
    }
    vkc_set_push_descriptor_hook(NULL, NULL);
    vksplit_context_destroy(ctx);
}

int main(int argc, char** argv)
{
    const test_mode* m;
    vksplit_runner* runner;
    int early = test_start_mode(argc, argv, "core_fallbacks", fallback_modes,
                                sizeof fallback_modes / sizeof fallback_modes[0], &m, &runner);
    if (early >= 0)
        return early;
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    printf("%s: enabled features 0x%x\n", m->name, info.enabled_features);
    CHECK_MSG((info.enabled_features & m->disable) == 0, "the runner enabled features it was told to disable");
    random_cases(runner, m);
    if (m->disable & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT)
        atomic_neighbours(runner, m);
    if (m->disable & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) {
        exact_size_buffers(runner, m); /* beyond one binding's reach: core_windows */
    }
    return test_finish(runner);
}
