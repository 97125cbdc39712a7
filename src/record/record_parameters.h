/* Device parameters at record time (vksplit_plan_options.device_parameters): the block's binding
 * checked and resolved, the check (one workgroup that holds the engine's values to the
 * capacities, writes the status and sizes the copy), the barrier after it, and where each
 * dispatch of the copy finds its indirect grid. src/record/record.c records the copy itself. */
#ifndef VKSPLIT_RECORD_PARAMETERS_H
#define VKSPLIT_RECORD_PARAMETERS_H

#include "plan/plan_state.h"
#include "record/push_constants.h"

/* The block's offset (and, with device addresses, its address) on VKSPLIT_PARAMETERS_ALIGNMENT;
 * *address receives its device address (0 on the descriptor path). */
vksplit_result vksplit__bind_parameters(const vksplit_plan* plan, const vksplit_binding* block,
                                        VkDeviceAddress* address, vksplit_error* error);

/* Device addresses: the check over the plan's table and the block at `address`, pushed as its
 * own constants; then, when the plan copies anything, the barrier the copy needs and the device
 * copy: its push constants (*copy: the table, the whole, the parts; the block's address goes in
 * here) and vkCmdDispatchIndirect on the grid the check wrote into the block. */
void vksplit__record_parameters_bda(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit__push_device_bda* copy,
                                    const vksplit_binding* block, VkDeviceAddress address);

/* Device addresses: the check alone (and, when the plan copies anything, the barrier after it). */
void vksplit__record_check_bda(const vksplit_plan* plan, VkCommandBuffer cmd, VkDeviceAddress address);

/* Push descriptors: the block as binding 3 (its offset rounded down to what descriptors allow,
 * its first uint32 from there in *first_word). */
VkDescriptorBufferInfo vksplit__parameters_descriptor(const vksplit_plan* plan, const vksplit_binding* block,
                                                      uint32_t* first_word);
/* Push descriptors: the check over the table and the block (first_word: the block's first
 * uint32 in its descriptor), then, when the plan copies anything, the barrier. */
void vksplit__record_check_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd,
                                       const VkDescriptorBufferInfo* table, const VkDescriptorBufferInfo* block,
                                       uint32_t first_word);

/* Where dispatch i of the copy finds its VkDispatchIndirectCommand: in the block. */
VkDeviceSize vksplit__indirect_at(const vksplit_plan* plan, const vksplit_binding* block, uint32_t i);

/* The status words of a plan with device parameters (its block, read back) as an error. */
vksplit_result vksplit__device_status(const vksplit_plan* plan, const uint32_t* words, vksplit_error* error);

#endif /* VKSPLIT_RECORD_PARAMETERS_H */
