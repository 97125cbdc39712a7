/* The tuning defaults per device class, measured with bench/split_bench (README,
 * "Performance"), in the one place the context and callers read them. */
#include "internal.h"

/* llvmpipe (lavapipe) runs an 8-lane batch to completion before the next and pays per load,
 * per store and per loop trip: each invocation takes its own contiguous run of about 4 KiB,
 * workgroups are one batch (a small output then fills its workgroup with long runs instead
 * of leaving lanes idle). */
#define CPU_WORKGROUP 8u
#define CPU_RUN_BYTES 4096u
/* A GPU wants neighbouring invocations on neighbouring words (coalesced), several independent
 * loads in flight per invocation, and the workgroups running at one time on nearby memory:
 * workgroups of 256, 64 bytes per invocation per tile (four 16-byte words: a 16 KiB tile),
 * bands of 8 MiB. Pending a measurement on a GPU (README): the first GPU session sweeps
 * these with split_bench --invocation-bytes / --workgroup / --band-bytes. */
#define GPU_WORKGROUP 256u
#define GPU_INVOCATION_BYTES 64u
#define GPU_BAND_BYTES (8u << 20)

void vksplit_resolve_tuning(VkPhysicalDeviceType device_type, vksplit_tuning* tuning)
{
    if (!tuning)
        return;
    if (tuning->mapping == VKSPLIT_MAPPING_DEFAULT)
        tuning->mapping = device_type == VK_PHYSICAL_DEVICE_TYPE_CPU ? VKSPLIT_MAPPING_RUNS : VKSPLIT_MAPPING_INTERLEAVED;
    bool runs = tuning->mapping == VKSPLIT_MAPPING_RUNS;
    if (!tuning->workgroup_size)
        tuning->workgroup_size = runs ? CPU_WORKGROUP : GPU_WORKGROUP;
    if (!tuning->invocation_bytes)
        tuning->invocation_bytes = runs ? CPU_RUN_BYTES : GPU_INVOCATION_BYTES;
    if (!tuning->band_bytes)
        tuning->band_bytes = runs ? UINT32_MAX : GPU_BAND_BYTES;
}
