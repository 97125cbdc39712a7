/* A plan's parameter table (plan_table.h): laid out, written into the pool's range or into the
 * engine's memory, and pointed at. Every call here runs before the plan's first recording;
 * recording reads only table_buffer, table_offset and table_address. */
#include "plan/plan_table.h"

#include "plan/plan_convert.h"

void vksplit__place_tables(vksplit_plan* plan)
{
    if (!plan->window_count)
        return;
    uint64_t align = vksplit__table_alignment(plan->ctx), at = 0;
    for (uint32_t w = 0; w < plan->window_count; w++) {
        plan->windows[w].table_at = at;
        at += vksplit__div_up(plan->windows[w].plan->table_bytes, align) * align;
    }
    plan->table_bytes = at;
}

static void write_tables(const vksplit_plan* plan, uint8_t* out)
{
    if (plan->convert) {
        vksplit__write_convert_table(plan->convert, (uint32_t*)out);
        return;
    }
    if (plan->rows_plan) {
        vksplit__write_rows_table(&plan->rows, (uint32_t*)out);
        return;
    }
    if (!plan->window_count) {
        vksplit__write_table(&plan->geo, &plan->table, (uint32_t*)out);
        return;
    }
    memset(out, 0, (size_t)plan->table_bytes); /* the gaps between windows' tables too */
    for (uint32_t w = 0; w < plan->window_count; w++) {
        const vksplit_plan* part = plan->windows[w].plan;
        vksplit__write_table(&part->geo, &part->table, (uint32_t*)(out + plan->windows[w].table_at));
    }
}

/* The plan (and its windows) read the table at buffer + offset (address: its device address). */
static void point_at(vksplit_plan* plan, VkBuffer buffer, uint64_t offset, VkDeviceAddress address)
{
    plan->table_buffer = buffer;
    plan->table_offset = offset;
    plan->table_address = address;
    plan->table_bound = VK_TRUE;
    if (plan->convert && plan->convert->shadow) /* the check's table, first in the range */
        point_at(plan->convert->shadow, buffer, offset, address);
    if (plan->convert && plan->convert->rows_shadow)
        point_at(plan->convert->rows_shadow, buffer, offset, address);
    for (uint32_t w = 0; w < plan->window_count; w++) {
        vksplit_plan* part = plan->windows[w].plan;
        uint64_t at = plan->windows[w].table_at;
        point_at(part, buffer, offset + at, address ? address + at : 0);
    }
}

vksplit_result vksplit__pool_table(vksplit_plan* plan, vksplit_error* error)
{
    vksplit_result r = vksplit__pool_take(plan->ctx, plan->table_bytes, &plan->table_range, error);
    if (r != VKSPLIT_OK)
        return r;
    write_tables(plan, plan->table_range.mapped);
    r = vksplit__pool_flush(plan->ctx, &plan->table_range, error);
    if (r != VKSPLIT_OK) /* an unflushed table is not on the device */
        return r;
    point_at(plan, plan->table_range.buffer, plan->table_range.offset, plan->table_range.address);
    return VKSPLIT_OK;
}

void vksplit__release_table(vksplit_plan* plan)
{
    vksplit__pool_give_back(plan->ctx, &plan->table_range);
    memset(&plan->table_range, 0, sizeof plan->table_range);
}

vksplit_result vksplit_plan_write_table(const vksplit_plan* plan, void* data, vksplit_error* error)
{
    if (!plan)
        return VKSPLIT__FAIL0(error, PLAN_NULL);
    if (!plan->table_bytes)
        return vksplit__ok(error); /* the transfer path, or nothing to copy: no table */
    if (!data)
        return VKSPLIT__FAIL(error, TABLE_DATA_NULL, (unsigned long long)plan->table_bytes);
    if ((uintptr_t)data % 4)
        return VKSPLIT__FAIL(error, TABLE_DATA_ALIGNMENT, (unsigned)((uintptr_t)data % 4));
    write_tables(plan, data);
    return vksplit__ok(error);
}

vksplit_result vksplit_plan_bind_table(vksplit_plan* plan, VkBuffer buffer, VkDeviceSize offset, vksplit_error* error)
{
    if (!plan)
        return VKSPLIT__FAIL0(error, PLAN_NULL);
    if (!plan->table_bytes)
        return vksplit__ok(error);
    if (plan->table_placement != VKSPLIT_TABLE_CALLER)
        return VKSPLIT__FAIL0(error, TABLE_BIND_PLACEMENT);
    if (plan->table_bound)
        return VKSPLIT__FAIL(error, TABLE_BIND_TWICE, (unsigned long long)plan->table_offset);
    if (!buffer)
        return VKSPLIT__FAIL(error, TABLE_BIND_BUFFER_NULL, (unsigned long long)plan->table_bytes);
    const vksplit_context* ctx = plan->ctx;
    uint32_t align = vksplit__table_alignment(ctx);
    if (offset % align)
        return VKSPLIT__FAIL(error, TABLE_BIND_OFFSET, (unsigned long long)offset, align);
    VkDeviceAddress address = 0;
    if (ctx->bda) {
        VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, buffer};
        address = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &info) + offset;
        if (address % align)
            return VKSPLIT__FAIL(error, TABLE_BIND_ADDRESS, (unsigned long long)address, (unsigned long long)offset,
                                 align);
    }
    point_at(plan, buffer, offset, address);
    return vksplit__ok(error);
}
