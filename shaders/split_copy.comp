#version 460
// The split (and its inverse, the join) as one strided copy. Built once per variant
// (src/geometry/shader_variants.h) and kernel:
//   WORD_BYTES       the copy word: 1, 2, 4, 8, 16 or 32 bytes (every chunk, stride and
//                    offset of the plan is a multiple of it)
//   ADDRESSING_BDA   tensors through buffer device addresses: any number of outputs
//   ADDRESSING_DESC  tensors through push descriptors: an array of OUTPUT_SLOTS outputs
//   ATOMIC_STORES    1- and 2-byte stores as 32-bit atomic AND/OR, for devices without
//                    8/16-bit storage: neighbours sharing a 32-bit word stay intact
//   KERNEL           the kernel (a MAPPING_* of split_abi.h): one module per variant and
//                    kernel (src/geometry/kernel_table.h), holding that kernel's code and no other's,
//                    so that a driver parses and a validation layer checks a quarter of it
// and specialized per pipeline by the JOIN constant where one module serves both directions
// (src/context/pipelines.c creates one pipeline per word, kernel and direction the context can use).
// A split reads the whole tensor and writes the parts, a join the other way: the views of
// addressing.glsl turn round, each segment's base offsets the whole's side, and
// DEINTERLEAVE's join gathers each part's chunks into whole rows.
//
// The host plans everything (src/geometry/planner.c and src/geometry/mapping_*.c): every non-empty output is a
// segment of rows, a row being one contiguous chunk of words in the input and in the output.
// A workgroup finds its segment from the push constants alone when segments have equal work
// or are at most three, else by a binary search over the plan's prefix table. The mappings
// (one file each, included below where KERNEL is theirs):
//   RUNS          each invocation copies its own contiguous run (llvmpipe, lavapipe's JIT).
//   TILES         the GPU mapping for rows: a workgroup copies TRIPS x ABI_UNROLL x workgroup
//                 words of a line, 64 bytes in flight per invocation, indices stepped.
//   TRANSPOSE     outputs whose contiguous dimension is not the input's: a tile through
//                 workgroup memory, read and written coalesced.
//   DEINTERLEAVE  short chunks: a workgroup stages whole input rows in workgroup memory and
//                 writes every output's part with wide stores; each input byte is read once.
//   DEVICE        a plan for capacities: lengths and offsets the GPU wrote, checked first by
//                 its one-workgroup pass (DEVICE_CHECK, device_check.glsl: a kernel of its own,
//                 included alone).
// No division and no table read inside any loop that copies words (DEINTERLEAVE finds a row by
// a multiply with the chunk's reciprocal, DEINTERLEAVE_SEG_ROW_MAGIC).
//
// llvmpipe stops loops silently after 65535 iterations per 8-lane batch; the host bounds
// every invocation's trip count (VKSPLIT_LOOP_BUDGET, src/geometry/geometry.h) far below that.

#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
#include "split_abi.h"

#if defined(ADDRESSING_BDA)
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#endif
#if !ATOMIC_STORES && WORD_BYTES == 1
#extension GL_EXT_shader_8bit_storage : require
#endif
#if !ATOMIC_STORES && WORD_BYTES == 2
#extension GL_EXT_shader_16bit_storage : require
#endif

layout(local_size_x_id = SPEC_WORKGROUP_SIZE) in;
layout(constant_id = SPEC_OUTPUT_SLOTS) const uint OUTPUT_SLOTS = 1;
#if !defined(KERNEL)
#error "KERNEL: the kernel this module holds (cmake/shaders.cmake passes it)"
#endif
layout(constant_id = SPEC_SHARED_WORDS) const uint SHARED_WORDS = 1;
#if KERNEL == MAPPING_DEVICE_CHECK
// The device parameters' check copies no word: a kernel of its own, with its own push constants.
#include "device_check.glsl"
#elif KERNEL == MAPPING_ROWS || KERNEL == MAPPING_ROWS_CHECK
// Rows the GPU places: a kernel pair of its own (push constants, table, bindings, block).
#if defined(DIRECTION_JOIN)
const bool JOIN = DIRECTION_JOIN != 0;
#else
layout(constant_id = SPEC_JOIN) const bool JOIN = false;
#endif
#if KERNEL == MAPPING_ROWS
#include "copy_rows.glsl"
void main() { rows_main(gl_WorkGroupID.y * pc.grid_x + gl_WorkGroupID.x); }
#else
#include "rows_check.glsl"
#endif
#else
#if defined(DIRECTION_JOIN)
// One module per direction (src/geometry/shader_variants.h): a pipeline's module then holds only the
// accesses its direction makes, as the validation layer reads them (it does not fold
// specialization constants). The descriptor variants do this: their bindings are the
// synchronization validation's to track; a device address is not.
const bool JOIN = DIRECTION_JOIN != 0; // a join: parts -> whole
#else
layout(constant_id = SPEC_JOIN) const bool JOIN = false; // a join: parts -> whole (split_abi.h)
#endif

#include "addressing.glsl"

// vksplit_tuning.load_paths ONE (Intel's default): a trip's loads and stores on one control-flow
// path (TILES: one batch for its three cases; DEVICE: the stores clamped like the loads, not
// skipped). Intel's brw merges the scoreboard dependencies of a register where paths join: the
// loads of paths that meet, or of a loop whose stores sit under ifs, got one SWSB token and
// waited for each other. ACO and NAK want the cases apart (fewer instructions), ir3 the device
// copy's skipped stores (it hoisted a load past a wait without them: 48 B in flight).
layout(constant_id = SPEC_ONE_LOAD_PATH) const bool ONE_LOAD_PATH = false;
// Intel's and Qualcomm's GPUs (src/context/tuning.c): a 32-bit multiply is several instructions
// there (Adreno: three, a high half some twenty), one on AMD's and NVIDIA's. DEINTERLEAVE's join
// places a word's pieces by one multiply and selects, not a high multiply a piece; TRANSPOSE16
// takes a stride's products once, not a multiply a load and a store. ACO and NAK make the
// other forms shorter.
layout(constant_id = SPEC_SELECT_PLACES) const bool SELECT_PLACES = false;

// ---- the table -------------------------------------------------------------------------------

uint segment_stride() { return TBL_SEGMENT_STRIDE(pc_row_dims()); }
// Segment k's first field in the table (segments follow the header and the prefix).
uint segment_at(uint k) { return pc_segments_at() + k * segment_stride(); }

// A row's first word in the input (the base included) and in the output, from its index over
// the row dimensions first_dim, first_dim + 1, ...: one division per dimension, once per
// workgroup or row, never per word.
void place_row(uint seg, uint row, uint first_dim, inout OFFSET in_off, inout OFFSET out_off)
{
    for (uint k = first_dim; k < pc_row_dims(); k++) {
        uint field = seg + SEG_DIMS + k * DIM_FIELDS;
        uint size = tbl(field + DIM_SIZE);
        uint q = row / size;
        uint idx = row - q * size;
        row = q;
        in_off += OFFSET(idx) * OFFSET(tbl64(field + DIM_READ_STRIDE));
        out_off += OFFSET(idx) * OFFSET(tbl64(field + DIM_WRITE_STRIDE));
    }
}

// The kernel's own code, and what it builds on.
#if KERNEL == MAPPING_RUNS || KERNEL == MAPPING_DEVICE // DEVICE: its CPU pipelines copy a lane's run
#include "copy_runs.glsl"
#endif
#if KERNEL == MAPPING_TILES || KERNEL == MAPPING_TILES_WIDE || KERNEL == MAPPING_TILES_REALIGN
#include "copy_tiles.glsl"
#endif
#if KERNEL == MAPPING_TILES_REALIGN
#include "copy_tiles_realign.glsl"
#endif
#if KERNEL == MAPPING_TRANSPOSE || KERNEL == MAPPING_TRANSPOSE16
#include "copy_transpose.glsl"
#endif
#if KERNEL == MAPPING_DEINTERLEAVE
#include "copy_deinterleave.glsl"
#endif
#if KERNEL == MAPPING_DEVICE
#include "copy_device.glsl"
#endif

// ---- which segment, which unit -----------------------------------------------------------------

#if KERNEL != MAPPING_DEINTERLEAVE && KERNEL != MAPPING_DEVICE // (they find theirs their own way)
// The segment (absolute index) holding workgroup wg (band-relative; absolute in the prefix on
// the descriptor path) and the workgroup's unit in it; false for the grid's padding.
bool find_segment(uint wg, out uint k, out uint unit)
{
    uint first = pc_first_segment(), count = pc.segments, base = pc_wg_base();
    uint equal = pc_equal_units();
    k = first;
    unit = wg - base;
    if (equal != 0u) { // segments of equal work: no table
        uint i = unit / equal;
        k = first + i;
        unit -= i * equal;
        return i < count;
    }
    if (pc_flag(FLAG_PREFIX)) { // two or three segments: their first workgroups are pushed
        uint p1 = pc_prefix1(), p2 = pc_prefix2();
        uint i = uint(wg >= p1) + uint(wg >= p2);
        k = first + i;
        unit = wg - (i == 0u ? base : i == 1u ? p1 : p2);
#if !defined(ADDRESSING_BDA)
        if (wg >= tbl(TBL_PREFIX + first + count)) // the dispatch's end (device addresses: exact grid)
            return false;
#endif
        return true;
    }
    uint lo = first, hi = first + count;
    if (wg >= tbl(TBL_PREFIX + hi))
        return false;
    while (hi - lo > 1u) { // the last segment whose first workgroup is <= wg
        uint mid = (lo + hi) >> 1;
        if (tbl(TBL_PREFIX + mid) <= wg) lo = mid; else hi = mid;
    }
    k = lo;
    unit = wg - tbl(TBL_PREFIX + lo);
    return true;
}
#endif

void main()
{
    uint wg = gl_WorkGroupID.y * pc_grid_x() + gl_WorkGroupID.x;
#if KERNEL == MAPPING_DEVICE
    device_main(wg);
#elif KERNEL == MAPPING_DEINTERLEAVE
    if (JOIN)
        interleave_workgroup(wg);
    else
        deinterleave_workgroup(wg);
#else
    uint band = 0u, k, unit;
    if (pc_flag(FLAG_GRID3)) { // segments of equal work: the grid is (units, segments, bands)
        unit = gl_WorkGroupID.x;
        k = pc_first_segment() + gl_WorkGroupID.y;
        band = gl_WorkGroupID.z;
    } else {
#if defined(ADDRESSING_BDA)
        // Bands (one dispatch): band b holds units [b * per band, ...) of every segment in turn.
        if (pc.bands > 1u) {
            band = wg / pc.band_groups;
            if (band >= pc.bands)
                return; // padding of the 2D grid
            wg -= band * pc.band_groups;
        } else if (wg >= pc.band_groups) {
            return;
        }
#else
        wg += pc.wg_base;
#endif
        if (!find_segment(wg, k, unit))
            return;
    }
#if KERNEL != MAPPING_TILES && KERNEL != MAPPING_TILES_WIDE && KERNEL != MAPPING_TILES_REALIGN
    if (JOIN) // a join reads its part first: its address before anything else
        g_part = segment_part(k);
#endif
#if KERNEL == MAPPING_TILES || KERNEL == MAPPING_TILES_WIDE // (the TILES kernels read it with the segment's fields)
    tiles_workgroup(k, band, unit);
#elif KERNEL == MAPPING_TILES_REALIGN
    realign_workgroup(k, band, unit);
#elif KERNEL == MAPPING_TRANSPOSE16
    transpose16_workgroup(segment_at(k), unit, k);
#else
    uint seg = segment_at(k);
    PART dest = part_of(k);
#if KERNEL == MAPPING_TRANSPOSE
    transpose_workgroup(seg, unit, dest);
#else
    uint inv = unit * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (inv < tbl(seg + SEG_UNITS))
        runs_invocation(seg, inv, dest);
#endif
#endif
#endif
}
#endif // KERNEL != MAPPING_DEVICE_CHECK, MAPPING_ROWS, MAPPING_ROWS_CHECK
