/* The tests' own GPU pass that writes a plan's device parameters (shaders/device_producer.comp):
 * a pipeline over two plain storage buffers, its state and the parameters' buffer, so that it
 * runs on a device with or without buffer device addresses. Through volk's globals
 * (test_vulkan.h: test_vulkan_load first). */
#ifndef VKSPLIT_TESTS_CORE_DEVICE_PRODUCER_H
#define VKSPLIT_TESTS_CORE_DEVICE_PRODUCER_H

#include <stdint.h>

#include <volk.h>

typedef struct core_producer {
    VkDevice device;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout layout;
    VkPipeline pipeline;
    VkDescriptorPool pool;
    VkDescriptorSet set;
    uint32_t first_word; /* the parameters' first uint32 in their buffer */
} core_producer;

/* state: [0] the step, [1] the parts, [2] the mode, [3] the fault, then the capacities (the
 * shader's comment); the parameters at byte parameters_offset (a multiple of 4) of their
 * buffer. 1 on success. */
int core_producer_create(VkDevice device, VkBuffer state, VkBuffer parameters, VkDeviceSize parameters_offset,
                         core_producer* out);
/* The rows producer (shaders/rows_producer.comp): state holds [step, words per step, 0, 0] then
 * every step's indices; each dispatch copies the step's to indices_offset (a multiple of 4) of
 * the indices' buffer. 1 on success; recorded and destroyed as the other. */
int core_rows_producer_create(VkDevice device, VkBuffer state, VkBuffer indices, VkDeviceSize indices_offset,
                              core_producer* out);
/* One dispatch: the next step's values. The caller owes the barrier to what reads them. */
void core_producer_record(const core_producer* p, VkCommandBuffer cmd);
void core_producer_destroy(core_producer* p);

#endif /* VKSPLIT_TESTS_CORE_DEVICE_PRODUCER_H */
