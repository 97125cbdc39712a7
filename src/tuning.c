/* The tuning defaults per device class, in the one place the context and callers read them.
 * Measured on lavapipe with bench/split_bench (docs/performance.md); the GPU defaults are
 * derived from the earlier H100 run of the shader (64 bytes in flight per invocation kept
 * the plain copy at 0.93-1.03x, 4 bytes at 0.29-0.40x) and wait for a GPU run of
 * bench/sweep.py to be confirmed. */
#include "context.h"

/* llvmpipe (lavapipe) runs an 8-lane batch to completion before the next and pays per load,
 * per store and per loop trip: each invocation takes its own contiguous run of about 4 KiB,
 * workgroups are one batch (a small output then fills its workgroup with long runs instead
 * of leaving lanes idle). */
#define CPU_WORKGROUP 8u
#define CPU_RUN_BYTES 4096u
#define CPU_MAX_WORD 32u
#define CPU_MIN_WORKGROUPS 8u
/* A GPU wants neighbouring invocations on neighbouring words (coalesced), 64 bytes of loads
 * in flight per invocation, and the workgroups running at one time on nearby memory:
 * workgroups of 256, up to 512 bytes per invocation (TILES: up to eight trips of 64 bytes, so
 * that the prologue's memory round trips are paid once per 512 bytes; a small split takes
 * fewer, src/mapping_tiles.c), bands of 8 MiB, words of at most 16 bytes (a 32-byte word is
 * two 16-byte loads anyway). */
#define GPU_WORKGROUP 256u
#define GPU_INVOCATION_BYTES 512u
#define GPU_BAND_BYTES (8u << 20)
#define GPU_MAX_WORD 16u
/* Workgroups a plan keeps at least, fewer trips per invocation where a split is small: about
 * two per slot of a large GPU (an H100 holds 1056 workgroups of 256 at once, an MI300X 2432). */
#define GPU_MIN_WORKGROUPS 2048u

void vksplit_resolve_tuning(VkPhysicalDeviceType device_type, vksplit_tuning* tuning)
{
    if (!tuning)
        return;
    if (tuning->mapping == VKSPLIT_MAPPING_DEFAULT)
        tuning->mapping = device_type == VK_PHYSICAL_DEVICE_TYPE_CPU ? VKSPLIT_MAPPING_RUNS : VKSPLIT_MAPPING_BY_SHAPE;
    bool runs = tuning->mapping == VKSPLIT_MAPPING_RUNS;
    bool interleaved = tuning->mapping == VKSPLIT_MAPPING_INTERLEAVED;
    if (!tuning->workgroup_size)
        tuning->workgroup_size = runs ? CPU_WORKGROUP : GPU_WORKGROUP;
    if (!tuning->invocation_bytes)
        tuning->invocation_bytes = runs ? CPU_RUN_BYTES : GPU_INVOCATION_BYTES;
    if (!tuning->band_bytes)
        tuning->band_bytes = runs ? UINT32_MAX : GPU_BAND_BYTES;
    if (!tuning->max_word_bytes)
        tuning->max_word_bytes = runs || interleaved ? CPU_MAX_WORD : GPU_MAX_WORD;
    if (!tuning->min_workgroups)
        tuning->min_workgroups = runs && device_type == VK_PHYSICAL_DEVICE_TYPE_CPU ? CPU_MIN_WORKGROUPS : GPU_MIN_WORKGROUPS;
}

const char* vksplit__mapping_name(vksplit_mapping mapping)
{
    switch (mapping) {
    case VKSPLIT_MAPPING_RUNS: return "runs";
    case VKSPLIT_MAPPING_INTERLEAVED: return "interleaved";
    case VKSPLIT_MAPPING_TILES: return "tiles";
    case VKSPLIT_MAPPING_TRANSPOSE: return "transpose";
    case VKSPLIT_MAPPING_DEINTERLEAVE: return "deinterleave";
    case VKSPLIT_MAPPING_BY_SHAPE: return "by-shape";
    default: return "default";
    }
}
