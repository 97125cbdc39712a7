/* The tuning defaults per device class, in the one place the context and callers read them.
 * Measured on lavapipe with bench/split_bench (docs/performance.md); the GPU defaults are
 * derived from the earlier H100 run of the shader (64 bytes in flight per invocation kept
 * the plain copy at 0.93-1.03x, 4 bytes at 0.29-0.40x) and wait for a GPU run of
 * bench/sweep.py to be confirmed. */
#include "context/tuning.h"

#include "geometry/kernels.h"
#include "split_abi.h"

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
 * fewer, src/geometry/mapping_tiles.c), bands of 8 MiB, words of at most 16 bytes (a 32-byte word is
 * two 16-byte loads anyway). */
#define GPU_WORKGROUP 256u
#define GPU_INVOCATION_BYTES 512u
#define GPU_BAND_BYTES (8u << 20)
#define GPU_MAX_WORD 16u
/* Workgroups a plan keeps at least, fewer trips per invocation where a split is small: about
 * two per slot of a large GPU (an H100 holds 1056 workgroups of 256 at once, an MI300X 2432).
 * A context fits it to the device's vendor (vendor_min_workgroups). */
#define GPU_MIN_WORKGROUPS 2048u
/* A plan with device parameters of one part whose capacity moves at most this much checks and
 * copies in one dispatch: a decode step's appends (a token's K or V of a 70B model's layer is
 * 16 KiB in f16; a batch of 16, 256 KiB), where a dispatch's fixed cost outweighs the copy. */
#define ONE_DISPATCH_BYTES (256u << 10)

void vksplit_resolve_tuning(VkPhysicalDeviceType device_type, vksplit_tuning* tuning)
{
    if (!tuning)
        return;
    if (tuning->mapping == VKSPLIT_MAPPING_DEFAULT)
        tuning->mapping = device_type == VK_PHYSICAL_DEVICE_TYPE_CPU ? VKSPLIT_MAPPING_RUNS : VKSPLIT_MAPPING_BY_SHAPE;
    bool runs = tuning->mapping == VKSPLIT_MAPPING_RUNS;
    if (!tuning->workgroup_size)
        tuning->workgroup_size = runs ? CPU_WORKGROUP : GPU_WORKGROUP;
    if (!tuning->invocation_bytes)
        tuning->invocation_bytes = runs ? CPU_RUN_BYTES : GPU_INVOCATION_BYTES;
    if (!tuning->band_bytes)
        tuning->band_bytes = runs ? UINT32_MAX : GPU_BAND_BYTES;
    if (!tuning->max_word_bytes)
        tuning->max_word_bytes = runs ? CPU_MAX_WORD : GPU_MAX_WORD;
    if (!tuning->min_workgroups)
        tuning->min_workgroups =
            runs && device_type == VK_PHYSICAL_DEVICE_TYPE_CPU ? CPU_MIN_WORKGROUPS : GPU_MIN_WORKGROUPS;
    if (!tuning->one_dispatch_bytes)
        tuning->one_dispatch_bytes = ONE_DISPATCH_BYTES;
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* The vendors whose GPUs get defaults of their own (VkPhysicalDeviceProperties.vendorID). */
#define VENDOR_INTEL 0x8086u
#define VENDOR_QUALCOMM 0x5143u
#define VENDOR_ARM 0x13b5u

/* Intel's compiler (brw, Mesa 25.0) gives the loads of control-flow paths that meet the same
 * scoreboard token (its SWSB dependencies of a register are merged where paths join): TILES's
 * three batches of a trip, and the device copy's loop with its stores under ifs, serialized
 * their loads, each waiting for the one before (docs/gpu.md). One path keeps them apart. */

static vksplit_load_paths default_load_paths(uint32_t vendor_id)
{
    return vendor_id == VENDOR_INTEL ? VKSPLIT_LOAD_PATHS_ONE : VKSPLIT_LOAD_PATHS_BY_CASE;
}

/* Whether the kernels place 32-bit pieces by compares and selects, and take the products of a
 * stride once, rather than multiply per piece (SPEC_SELECT_PLACES): Adreno has no 32-bit
 * multiply (three instructions; a high half some twenty), Intel's is two or three; AMD's and
 * NVIDIA's are one, and their code is shorter as it was (docs/gpu.md). */
static bool select_places(uint32_t vendor_id) { return vendor_id == VENDOR_INTEL || vendor_id == VENDOR_QUALCOMM; }

/* The GPU default's fewest workgroups, two per slot of the vendor's largest GPU. At 2048 (an
 * H100's or an MI300X's), a 64 MiB split gives each invocation of a smaller GPU one trip of 64
 * bytes after the 6-14 memory round trips of its prologue, and the lanes wait on those more than
 * on their copy (the ISA tool's bytes in flight per core: docs/gpu.md). Intel's largest, an Arc
 * A770 (32 Xe-cores of 16 XVEs x 8 threads at SIMD16), holds 256 workgroups of 256; ARM's about
 * 100 (a Mali core 1024 invocations, 4 workgroups; a Mali-G925 at most 24 cores); Qualcomm's
 * fewer than 30 (an Adreno SP 2 to 10 waves of 128, at most 5 workgroups; 3 SPs in an Adreno
 * 660, 6 in a 740 or a 750). */
#define INTEL_MIN_WORKGROUPS 512u
#define ARM_MIN_WORKGROUPS 256u
#define QUALCOMM_MIN_WORKGROUPS 128u

static uint32_t vendor_min_workgroups(uint32_t vendor_id)
{
    switch (vendor_id) {
    case VENDOR_INTEL: return INTEL_MIN_WORKGROUPS;
    case VENDOR_ARM: return ARM_MIN_WORKGROUPS;
    case VENDOR_QUALCOMM: return QUALCOMM_MIN_WORKGROUPS;
    default: return GPU_MIN_WORKGROUPS;
    }
}

/* Whether a (resolved) mapping is one of vksplit_mapping's: 2, the retired mapping's value
 * (vksplit.h), is not, nor is any value past BY_SHAPE. */
static bool mapping_exists(vksplit_mapping mapping)
{
    switch (mapping) {
    case VKSPLIT_MAPPING_RUNS:
    case VKSPLIT_MAPPING_TILES:
    case VKSPLIT_MAPPING_TRANSPOSE:
    case VKSPLIT_MAPPING_DEINTERLEAVE:
    case VKSPLIT_MAPPING_BY_SHAPE: return true;
    default: return false;
    }
}

vksplit_result vksplit__tune(const vksplit_tuning* asked, const vksplit__tuning_device* device,
                             vksplit__planner_caps* caps, vksplit_tuning* resolved, vksplit_error* error)
{
    vksplit_tuning tuning = *asked;
    vksplit_resolve_tuning(device->type, &tuning);
    if (!asked->min_workgroups && tuning.min_workgroups == GPU_MIN_WORKGROUPS)
        tuning.min_workgroups = vendor_min_workgroups(device->vendor_id); /* the GPU default, fitted */
    bool runs = tuning.mapping == VKSPLIT_MAPPING_RUNS;
    uint32_t wg = tuning.workgroup_size, bytes = tuning.invocation_bytes;
    uint32_t wg_max = min_u32(device->max_workgroup_size, 1024);
    /* A default is fitted to the device (a device may report as few as 128 invocations, the
     * Vulkan minimum): the largest power of two within its limit. A size the caller asked for
     * is kept, and refused below when the device cannot run it. */
    if (!asked->workgroup_size)
        while (wg > wg_max && wg > 1)
            wg /= 2;
    tuning.workgroup_size = wg;
    if (!mapping_exists(tuning.mapping))
        return VKSPLIT__FAIL(error, TUNING_MAPPING, (int)tuning.mapping);
    if ((uint32_t)tuning.load_paths > VKSPLIT_LOAD_PATHS_ONE)
        return VKSPLIT__FAIL(error, TUNING_LOAD_PATHS, (int)tuning.load_paths);
    if (tuning.load_paths == VKSPLIT_LOAD_PATHS_DEFAULT)
        tuning.load_paths = default_load_paths(device->vendor_id);
    if (!vksplit__is_pow2(tuning.max_word_bytes) || tuning.max_word_bytes > 32)
        return VKSPLIT__FAIL(error, TUNING_MAX_WORD_BYTES, tuning.max_word_bytes);
    if (wg < 1 || wg > wg_max)
        return VKSPLIT__FAIL(error, TUNING_WORKGROUP_SIZE, wg, wg_max);
    if (bytes > 65536)
        return VKSPLIT__FAIL(error, TUNING_INVOCATION_BYTES, bytes);
    if (tuning.min_workgroups < 1 || tuning.min_workgroups > (1u << 24))
        return VKSPLIT__FAIL(error, TUNING_MIN_WORKGROUPS, tuning.min_workgroups);
    memset(caps, 0, sizeof *caps);
    /* The tuning's widest word, within what the addressing's shader variants have. */
    caps->max_word_bytes = min_u32(tuning.max_word_bytes, vksplit__widest_variant_word(device->bda));
    caps->bda = device->bda;
    caps->mapping = tuning.mapping;
    caps->workgroup_size = wg;
    caps->invocation_bytes = bytes ? bytes : 1;
    /* Small splits get shorter runs (RUNS) or fewer trips (the GPU mappings) so that this many
     * workgroups share them. Bands need one dispatch for every output (addresses). */
    caps->min_workgroups = tuning.min_workgroups;
    caps->one_dispatch_bytes = tuning.one_dispatch_bytes;
    caps->band_bytes = !runs && device->bda && tuning.band_bytes != UINT32_MAX ? tuning.band_bytes : 0;
    caps->segments_per_dispatch = device->bda ? UINT32_MAX : device->output_slots;
    /* Workgroup memory: DEINTERLEAVE stages rows in up to 16 KiB, the Vulkan minimum of
     * maxComputeSharedMemorySize (TRANSPOSE's 8.25 KiB tile fits every device). */
    caps->shared_bytes = min_u32(DEINTERLEAVE_SHARED_WORDS * 4, device->shared_bytes);
    caps->one_load_path = tuning.load_paths == VKSPLIT_LOAD_PATHS_ONE;
    caps->select_places = select_places(device->vendor_id);
    *resolved = tuning;
    return VKSPLIT_OK;
}

const char* vksplit__mapping_name(vksplit_mapping mapping)
{
    switch (mapping) {
    case VKSPLIT_MAPPING_RUNS: return "runs";
    case VKSPLIT_MAPPING_TILES: return "tiles";
    case VKSPLIT_MAPPING_TRANSPOSE: return "transpose";
    case VKSPLIT_MAPPING_DEINTERLEAVE: return "deinterleave";
    case VKSPLIT_MAPPING_BY_SHAPE: return "by-shape";
    default: return "default";
    }
}
