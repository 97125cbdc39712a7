/* The context's table pool (table_pool.h): blocks of host-visible memory, each one buffer bound
 * to one allocation and mapped for its whole life, cut into units by a bitmap. Plans take a
 * range at creation and give it back when destroyed; core_table_memory's 10,000 plans (14.2 MB
 * of tables up to 3 KiB each) fit in six blocks (256 KiB, 512 KiB, ... 8 MiB). A spin lock
 * guards the bitmaps and the block list only: plans are made from any thread, the section is
 * short, and the Vulkan calls that make or free a block run outside it. */
#include "context/table_pool.h"
#include "context/debug_labels.h"

#define UNIT_MIN 64u

struct vksplit__table_block {
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint8_t* mapped;
    VkDeviceAddress address;
    vksplit_bool32 coherent;
    uint32_t units; /* the block's bytes / unit */
    uint32_t used;  /* units taken */
    uint32_t hint;  /* no free unit lies below it */
    uint64_t* bits; /* [units / 64 rounded up]: bit u set when unit u is taken */
};

uint64_t vksplit__pool_unit(const vksplit_context* ctx)
{
    uint64_t unit = UNIT_MIN;
    while (unit < ctx->min_storage_offset_alignment || unit < ctx->non_coherent_atom_size)
        unit *= 2; /* both are powers of two (the spec's limits) */
    return unit;
}

static void lock(vksplit__table_pool* pool)
{
    uint64_t expected = 0;
    while (!vksplit__swap_u64(&pool->lock, &expected, 1))
        expected = 0;
}

static void unlock(vksplit__table_pool* pool) { vksplit__store_u64(&pool->lock, 0); }

static bool taken(const vksplit__table_block* b, uint32_t u) { return b->bits[u / 64] >> (u % 64) & 1; }

static void mark(vksplit__table_block* b, uint32_t first, uint32_t count, bool take)
{
    for (uint32_t u = first; u < first + count; u++) {
        uint64_t bit = (uint64_t)1 << (u % 64);
        b->bits[u / 64] = take ? b->bits[u / 64] | bit : b->bits[u / 64] & ~bit;
    }
    b->used = take ? b->used + count : b->used - count;
}

/* The first run of `count` free units, or UINT32_MAX. Whole taken words are stepped over. */
static uint32_t find_run(const vksplit__table_block* b, uint32_t count)
{
    uint32_t run = 0;
    for (uint32_t u = b->hint; u < b->units;) {
        if (u % 64 == 0 && b->bits[u / 64] == UINT64_MAX) {
            run = 0;
            u += 64;
            continue;
        }
        run = taken(b, u) ? 0 : run + 1;
        u++;
        if (run == count)
            return u - count;
    }
    return UINT32_MAX;
}

static bool take_from(vksplit__table_block* b, uint32_t count, uint64_t unit, vksplit__table_range* out)
{
    if (b->units - b->used < count)
        return false;
    uint32_t first = find_run(b, count);
    if (first == UINT32_MAX)
        return false;
    mark(b, first, count, true);
    if (first == b->hint)
        b->hint = first + count;
    *out = (vksplit__table_range){b,
                                  b->buffer,
                                  b->memory,
                                  (uint64_t)first * unit,
                                  (uint64_t)count * unit,
                                  b->mapped + (size_t)first * unit,
                                  b->address ? b->address + (uint64_t)first * unit : 0};
    return true;
}

static void free_block(const vksplit_context* ctx, vksplit__table_block* b)
{
    if (!b)
        return;
    const vksplit__vk* vk = &ctx->vk;
    if (b->mapped)
        vk->vkUnmapMemory(ctx->device, b->memory);
    if (b->buffer)
        vk->vkDestroyBuffer(ctx->device, b->buffer, ctx->callbacks);
    if (b->memory)
        vk->vkFreeMemory(ctx->device, b->memory, ctx->callbacks);
    vksplit__free(ctx->callbacks, b->bits);
    vksplit__free(ctx->callbacks, b);
}

/* A block of `bytes` (a multiple of the unit): a buffer on its own allocation, mapped. Host-
 * visible so tables are written without a submit; device-local where the device has such a heap
 * (resizable BAR, integrated GPUs, lavapipe): every workgroup reads its table. */
static vksplit_result make_block(vksplit_context* ctx, uint64_t bytes, uint64_t unit, vksplit__table_block** out,
                                 vksplit_error* error)
{
    const vksplit__vk* vk = &ctx->vk;
    *out = NULL;
    vksplit__table_block* b = vksplit__alloc(ctx->callbacks, sizeof *b);
    uint64_t units = bytes / unit;
    if (b)
        b->bits = vksplit__alloc_array(ctx->callbacks, (size_t)((units + 63) / 64), sizeof *b->bits);
    if (!b || !b->bits || units > UINT32_MAX) {
        free_block(ctx, b);
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_TABLE_POOL, (unsigned long long)bytes);
    }
    b->units = (uint32_t)units;
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = bytes;
    /* uniform too on the descriptor path: rows' tables are read as uniform buffers there */
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                 (ctx->bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    /* A failed call leaves its output undefined: handles are kept only on success. */
    VkBuffer buffer;
    VkResult vr = vk->vkCreateBuffer(ctx->device, &info, ctx->callbacks, &buffer);
    if (vr != VK_SUCCESS) {
        free_block(ctx, b);
        return vksplit__vk_fail(error, "vkCreateBuffer (parameter tables)", vr);
    }
    b->buffer = buffer;
    VkMemoryRequirements req;
    vk->vkGetBufferMemoryRequirements(ctx->device, b->buffer, &req);
    uint32_t type =
        vksplit__find_memory_type(&ctx->memory, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
                                  VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
    if (type == UINT32_MAX) {
        free_block(ctx, b);
        return VKSPLIT__FAIL0(error, PLAN_NO_HOST_VISIBLE_MEMORY);
    }
    b->coherent = (ctx->memory.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) != 0;
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.pNext = ctx->bda ? &flags : NULL;
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    VkDeviceMemory memory;
    vr = vk->vkAllocateMemory(ctx->device, &alloc, ctx->callbacks, &memory);
    if (vr != VK_SUCCESS) {
        free_block(ctx, b);
        return vksplit__vk_fail(error, "vkAllocateMemory (parameter tables)", vr);
    }
    b->memory = memory;
    vr = vk->vkBindBufferMemory(ctx->device, b->buffer, b->memory, 0);
    void* mapped = NULL;
    if (vr == VK_SUCCESS)
        vr = vk->vkMapMemory(ctx->device, b->memory, 0, VK_WHOLE_SIZE, 0, &mapped);
    if (vr != VK_SUCCESS) {
        free_block(ctx, b);
        return vksplit__vk_fail(error, "vkBindBufferMemory or vkMapMemory (parameter tables)", vr);
    }
    b->mapped = mapped;
    if (ctx->bda) {
        VkBufferDeviceAddressInfo address = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, b->buffer};
        b->address = vk->vkGetBufferDeviceAddress(ctx->device, &address);
    }
    vksplit__name_object(ctx, VK_OBJECT_TYPE_BUFFER, (uint64_t)b->buffer, "vksplit: parameter tables (%llu bytes)",
                         (unsigned long long)bytes);
    vksplit__name_object(ctx, VK_OBJECT_TYPE_DEVICE_MEMORY, (uint64_t)b->memory,
                         "vksplit: parameter tables (%llu bytes)", (unsigned long long)bytes);
    *out = b;
    return VKSPLIT_OK;
}

/* Adds a block to the list (the lock held); false when the list cannot grow. */
static bool add_block(vksplit_context* ctx, vksplit__table_block* b)
{
    vksplit__table_pool* pool = &ctx->pool;
    if (pool->block_count == pool->block_capacity) {
        uint32_t capacity = pool->block_capacity ? pool->block_capacity * 2 : 8;
        vksplit__table_block** grown = vksplit__alloc_array(ctx->callbacks, capacity, sizeof *grown);
        if (!grown)
            return false;
        if (pool->block_count)
            memcpy(grown, pool->blocks, pool->block_count * sizeof *grown);
        vksplit__free(ctx->callbacks, pool->blocks);
        pool->blocks = grown;
        pool->block_capacity = capacity;
    }
    pool->blocks[pool->block_count++] = b;
    return true;
}

vksplit_result vksplit__pool_take(vksplit_context* ctx, uint64_t bytes, vksplit__table_range* out, vksplit_error* error)
{
    vksplit__table_pool* pool = &ctx->pool;
    uint64_t unit = vksplit__pool_unit(ctx);
    uint64_t count = vksplit__div_up(bytes, unit);
    memset(out, 0, sizeof *out);
    if (count > UINT32_MAX)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_TABLE_POOL, (unsigned long long)bytes);
    lock(pool);
    for (uint32_t i = 0; i < pool->block_count; i++)
        if (take_from(pool->blocks[i], (uint32_t)count, unit, out)) {
            unlock(pool);
            return VKSPLIT_OK;
        }
    uint64_t block_bytes = pool->next_block_bytes ? pool->next_block_bytes : VKSPLIT_POOL_FIRST_BLOCK_BYTES;
    if (block_bytes < count * unit)
        block_bytes = count * unit; /* a table of its own size */
    else if (pool->next_block_bytes < VKSPLIT_POOL_LARGEST_BLOCK_BYTES)
        pool->next_block_bytes = block_bytes * 2;
    unlock(pool);

    block_bytes = vksplit__div_up(block_bytes, unit) * unit;
    vksplit__table_block* b;
    vksplit_result r = make_block(ctx, block_bytes, unit, &b, error);
    if (r != VKSPLIT_OK)
        return r;
    lock(pool);
    take_from(b, (uint32_t)count, unit, out); /* a new block: the range is its first units */
    bool added = add_block(ctx, b);
    unlock(pool);
    if (!added) {
        free_block(ctx, b);
        memset(out, 0, sizeof *out);
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_TABLE_POOL, (unsigned long long)block_bytes);
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit__pool_flush(const vksplit_context* ctx, const vksplit__table_range* range, vksplit_error* error)
{
    if (!range->block || range->block->coherent)
        return VKSPLIT_OK;
    /* offset and size are whole units, and a unit is a whole number of non-coherent atoms */
    VkMappedMemoryRange flush = {VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, NULL, range->memory, range->offset,
                                 range->bytes};
    VkResult vr = ctx->vk.vkFlushMappedMemoryRanges(ctx->device, 1, &flush);
    return vr == VK_SUCCESS ? VKSPLIT_OK : vksplit__vk_fail(error, "vkFlushMappedMemoryRanges (parameter table)", vr);
}

void vksplit__pool_give_back(vksplit_context* ctx, const vksplit__table_range* range)
{
    vksplit__table_block* b = range->block;
    if (!b)
        return;
    vksplit__table_pool* pool = &ctx->pool;
    uint64_t unit = vksplit__pool_unit(ctx);
    uint32_t first = (uint32_t)(range->offset / unit), count = (uint32_t)(range->bytes / unit);
    vksplit__table_block* freed = NULL;
    lock(pool);
    mark(b, first, count, false);
    if (first < b->hint)
        b->hint = first;
    if (b->used == 0) { /* keep one empty block, so that a plan made and destroyed in a loop allocates nothing */
        uint32_t empty = 0, at = 0;
        for (uint32_t i = 0; i < pool->block_count; i++) {
            empty += pool->blocks[i]->used == 0;
            if (pool->blocks[i] == b)
                at = i;
        }
        if (empty > 1) {
            freed = b;
            pool->blocks[at] = pool->blocks[--pool->block_count];
        }
    }
    unlock(pool);
    free_block(ctx, freed);
}

void vksplit__pool_destroy(vksplit_context* ctx)
{
    vksplit__table_pool* pool = &ctx->pool;
    for (uint32_t i = 0; i < pool->block_count; i++)
        free_block(ctx, pool->blocks[i]);
    vksplit__free(ctx->callbacks, pool->blocks);
    memset(pool, 0, sizeof *pool);
}
