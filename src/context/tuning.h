/* The tuning of the compute path, in one place (src/context/tuning.c): the defaults per device class
 * (vksplit_resolve_tuning, public), the checks of a caller's tuning against the device, and
 * the planner's caps that follow from both. */
#ifndef VKSPLIT_TUNING_H
#define VKSPLIT_TUNING_H

#include "geometry/geometry.h"

/* What the tuning is fitted to: the device, and the addressing the context chose for it. */
typedef struct vksplit__tuning_device {
    VkPhysicalDeviceType type;
    uint32_t max_workgroup_size; /* min(maxComputeWorkGroupSize[0], maxComputeWorkGroupInvocations) */
    uint32_t shared_bytes;       /* maxComputeSharedMemorySize */
    vksplit_bool32 bda;
    uint32_t output_slots; /* segments per dispatch without device addresses */
    uint32_t vendor_id;    /* VkPhysicalDeviceProperties.vendorID: load_paths, min_workgroups, SELECT_PLACES */
} vksplit__tuning_device;

/* The caller's tuning (zero fields: the defaults) checked against the device, and the caps
 * the planner plans with; *resolved receives the tuning as used. Fails with the TUNING_* rule
 * of the first field out of range. */
vksplit_result vksplit__tune(const vksplit_tuning* asked, const vksplit__tuning_device* device,
                             vksplit__planner_caps* caps, vksplit_tuning* resolved, vksplit_error* error);

/* "tiles" for VKSPLIT_MAPPING_TILES, as split_bench's --mapping names them. */
const char* vksplit__mapping_name(vksplit_mapping mapping);

#endif /* VKSPLIT_TUNING_H */
