/*
 * vksplit: the tensor Split operator and its inverse, Join, as Vulkan compute, recorded into
 * your command buffer.
 *
 * One whole tensor and N parts along one axis: a split copies the whole (its input) into the
 * parts (its outputs), a join the parts (its inputs) into the whole (its output), by one
 * strided-copy compute shader that moves all N parts in one vkCmdDispatch (with buffer device
 * addresses; the descriptor path records the fewest its bindings allow). This header is the
 * convention-free core. Data flows one way:
 *
 *     vksplit_split_desc           what to split (front-ends translate into it)
 *       or vksplit_join_desc       what to join
 *       -> vksplit_plan_create     validates it once, plans it, writes an immutable table
 *          (_join)
 *       -> per-recording arguments where this recording's parts are (only above
 *                                  VKSPLIT_INLINE_OUTPUTS parts; in memory you own)
 *       -> vksplit_cmd_record      records push constants and one dispatch; allocates,
 *                                  creates and submits nothing
 *
 *     vksplit_context* ctx;   vksplit_context_create(&ctx_desc, &ctx, &err);
 *     vksplit_plan* plan;     vksplit_plan_create(ctx, &split, NULL, &plan, &err);
 *     vksplit_bindings b = {input, outputs};  // the whole and its parts (argument_bytes 0)
 *     vksplit_cmd_record(plan, cmd, &b, &err);
 *
 * A plan never changes after creation, so one plan may be recorded from any thread into any
 * number of command buffers for any queue, with different bindings each time.
 *
 * Front-ends for DirectML, ONNX and OpenVINO descriptors live in their own headers and
 * translate into vksplit_split_desc (their joins into vksplit_join_desc). The convenience runner (vksplit_runner.h) owns an
 * instance and device for tools and tests.
 *
 * Conventions: functions return vksplit_result (VKSPLIT_OK = 0, errors negative, stable
 * numbers); every function that validates takes an optional vksplit_error* that receives
 * the code and a one-line message naming the field and the values. Nothing aborts on
 * anything a caller can pass. Structs are valid when zero-initialised except where a field
 * says "required". No global mutable state: everything hangs off a context or a plan.
 */
#ifndef VKSPLIT_VKSPLIT_H
#define VKSPLIT_VKSPLIT_H

#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "vksplit/rules.h"

#define VKSPLIT_VERSION_MAJOR 0
#define VKSPLIT_VERSION_MINOR 3
#define VKSPLIT_VERSION_PATCH 0
#define VKSPLIT_VERSION ((VKSPLIT_VERSION_MAJOR << 16) | (VKSPLIT_VERSION_MINOR << 8) | VKSPLIT_VERSION_PATCH)

/* Limits of the canonical split. */
#define VKSPLIT_MAX_RANK 8u           /* dimensions of every tensor */
#define VKSPLIT_MAX_OUTPUTS 65536u    /* outputs of one split */
#define VKSPLIT_MAX_INPUTS 65536u     /* inputs of one join */
#define VKSPLIT_MAX_ELEMENT_SIZE 256u /* bytes per element */
#define VKSPLIT_MESSAGE_CAPACITY 256u /* bytes of vksplit_error.message, NUL included */

#if defined(_WIN32)
#    if defined(VKSPLIT_BUILDING_SHARED)
#        define VKSPLIT_API __declspec(dllexport)
#    elif defined(VKSPLIT_SHARED)
#        define VKSPLIT_API __declspec(dllimport)
#    else
#        define VKSPLIT_API
#    endif
#elif defined(__GNUC__) || defined(__clang__)
#    define VKSPLIT_API __attribute__((visibility("default")))
#else
#    define VKSPLIT_API
#endif

/* VKSPLIT_EXPERIMENTAL marks every declaration of the experimental section below (and the
 * experimental fields of stable structs): they may change in a minor version. Define
 * VKSPLIT_WARN_EXPERIMENTAL before including vksplit.h and gcc and clang warn at each use
 * (-Wdeprecated-declarations), to keep an engine on the stable API. VKSPLIT_DEPRECATED(why)
 * marks what goes in a coming version, always (VKSPLIT_ALLOW_DEPRECATED silences it: vksplit's
 * own build, which still implements what it deprecates). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(VKSPLIT_WARN_EXPERIMENTAL)
#    define VKSPLIT_EXPERIMENTAL __attribute__((deprecated("experimental: may change in a minor version (vksplit.h)")))
#else
#    define VKSPLIT_EXPERIMENTAL
#endif
#if (defined(__GNUC__) || defined(__clang__)) && !defined(VKSPLIT_ALLOW_DEPRECATED)
#    define VKSPLIT_DEPRECATED(why) __attribute__((deprecated(why)))
#else
#    define VKSPLIT_DEPRECATED(why)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------
 * Results. One list, stable numbers: a code never changes meaning or value.
 * X(name, value, summary)
 * ------------------------------------------------------------------------------------- */
#define VKSPLIT_RESULT_LIST(X)                                                                                \
    X(VKSPLIT_OK, 0, "success")                                                                               \
    X(VKSPLIT_ERROR_NULL_ARGUMENT, -1, "a required pointer or handle is NULL")                                \
    X(VKSPLIT_ERROR_ELEMENT_SIZE, -2, "the element size is zero or too large")                                \
    X(VKSPLIT_ERROR_RANK, -3, "the dimension count is out of the supported range")                            \
    X(VKSPLIT_ERROR_AXIS, -4, "the axis is out of range for the input's rank")                                \
    X(VKSPLIT_ERROR_OUTPUT_COUNT, -5, "the output count is zero, too large or inconsistent")                  \
    X(VKSPLIT_ERROR_SHAPE_MISMATCH, -6, "a tensor's sizes differ from the input's off the split axis")        \
    X(VKSPLIT_ERROR_SPLIT_SUM, -7, "the split lengths do not sum to the input's size along the axis")         \
    X(VKSPLIT_ERROR_SPLIT_LENGTH, -8, "a split length is negative or otherwise invalid")                      \
    X(VKSPLIT_ERROR_NOT_DIVISIBLE, -9, "the axis size is not evenly divisible by the requested output count") \
    X(VKSPLIT_ERROR_OVERLAPPING_OUTPUT, -10, "an output's strides let two of its elements share an address")  \
    X(VKSPLIT_ERROR_SIZE_OVERFLOW, -11, "a size, offset or byte count overflows 64 bits or a device limit")   \
    X(VKSPLIT_ERROR_ALIGNMENT, -12, "an alignment is not a power of two, or a binding offset is misaligned")  \
    X(VKSPLIT_ERROR_DATA_TYPE, -13, "the data type is unknown, not allowed here, or differs between tensors") \
    X(VKSPLIT_ERROR_TENSOR_SIZE, -14, "a tensor's declared byte size is smaller than its layout needs")       \
    X(VKSPLIT_ERROR_ATTRIBUTE, -15, "an operator attribute or input is missing, conflicting or out of range") \
    X(VKSPLIT_ERROR_OPSET, -16, "the operator version is not supported")                                      \
    X(VKSPLIT_ERROR_FEATURE_LEVEL, -17, "the request needs a newer feature level than the one targeted")      \
    X(VKSPLIT_ERROR_UNSUPPORTED, -18, "the device lacks a feature or limit this request needs")               \
    X(VKSPLIT_ERROR_VULKAN, -19, "a Vulkan call failed")                                                      \
    X(VKSPLIT_ERROR_OUT_OF_MEMORY, -20, "a host or device allocation failed")                                 \
    X(VKSPLIT_ERROR_BINDING, -21, "a buffer binding is missing, misaligned or out of range")                  \
    X(VKSPLIT_ERROR_IO, -22, "a file could not be read or written, or is malformed")                          \
    X(VKSPLIT_ERROR_INVALID_ARGUMENT, -23, "an argument is outside the values its type allows")               \
    X(VKSPLIT_ERROR_DEVICE_LOST, -24, "the Vulkan device was lost")

typedef enum vksplit_result {
#define VKSPLIT_X_ENUM(name, value, summary) name = value,
    VKSPLIT_RESULT_LIST(VKSPLIT_X_ENUM)
#undef VKSPLIT_X_ENUM
        VKSPLIT_RESULT_MAX_ENUM = 0x7fffffff
} vksplit_result;

/* The code, a one-line message, e.g. "axis 4 is out of range [0, 3] for a rank-4 input", and
 * the id of the rule that failed (VKSPLIT_RULE_SPLIT_AXIS; vksplit/rules.h lists them all).
 * Handle failures in code by rule (stable) or code (stable, coarser), never by message text. */
typedef struct vksplit_error {
    vksplit_result code;
    char message[VKSPLIT_MESSAGE_CAPACITY];
    vksplit_rule rule;
} vksplit_error;

typedef uint32_t vksplit_bool32;

/* "VKSPLIT_ERROR_AXIS" for VKSPLIT_ERROR_AXIS; "VKSPLIT_UNKNOWN_RESULT" for other values.
 * Thread-safety: safe (pure). */
VKSPLIT_API const char* vksplit_result_name(vksplit_result result);
/* The one-line summary from VKSPLIT_RESULT_LIST. Thread-safety: safe (pure). */
VKSPLIT_API const char* vksplit_result_summary(vksplit_result result);
/* "VKSPLIT_RULE_SPLIT_AXIS" for VKSPLIT_RULE_SPLIT_AXIS, "VKSPLIT_RULE_NONE", or
 * "VKSPLIT_RULE_UNKNOWN" for other values. Thread-safety: safe (pure). */
VKSPLIT_API const char* vksplit_rule_name(vksplit_rule rule);
/* The result code a rule fails with (VKSPLIT_OK for VKSPLIT_RULE_NONE and unknown values),
 * and the printf format of its message (NULL for those). Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_rule_result(vksplit_rule rule);
VKSPLIT_API const char* vksplit_rule_format(vksplit_rule rule);

/* ---------------------------------------------------------------------------------------
 * The canonical split: convention-free, what every front-end translates into.
 * ------------------------------------------------------------------------------------- */
typedef struct vksplit_split_desc {
    /* Bytes per element, 1..VKSPLIT_MAX_ELEMENT_SIZE. Types are only widths here:
     * bool and int8 are 1, float16 and bfloat16 2, complex64 8, complex128 16. */
    uint32_t element_size;
    /* Dimension count of the input and of every output, 1..VKSPLIT_MAX_RANK. */
    uint32_t rank;
    /* Required: [rank] the input's sizes. A zero size makes every output empty. */
    const uint64_t* sizes;
    /* [rank] the input's strides in elements, or NULL for packed (C order, last dimension
     * fastest). 0 broadcasts along that dimension. */
    const uint64_t* input_strides;
    /* The dimension to split, 0..rank-1. */
    uint32_t axis;
    /* Number of outputs, 1..VKSPLIT_MAX_OUTPUTS. */
    uint32_t output_count;
    /* Required: [output_count] each output's size along the axis; zero allowed; the sum
     * must equal sizes[axis]. Every other dimension of an output equals the input's. */
    const uint64_t* lengths;
    /* NULL for all outputs packed; else [output_count] pointers, each NULL (that output is
     * packed) or [rank] strides in elements. An output whose strides let two of its elements
     * share an address is rejected (VKSPLIT_ERROR_OVERLAPPING_OUTPUT): the test is that,
     * sorted by stride, each dimension's stride is at least the extent of all smaller-stride
     * dimensions, so interleaved layouts that happen not to collide are refused too. */
    const uint64_t* const* output_strides;
    /* A power of two that every binding offset given to vksplit_cmd_record (input and
     * outputs) is guaranteed to be a multiple of; it bounds the copy word. 0 means 16,
     * the alignment Vulkan allocators and DirectML (DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT)
     * already give; pass element_size (or 1) if your offsets only promise that. */
    uint32_t base_alignment;
} vksplit_split_desc;

/* Checks every rule above. Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_validate_split(const vksplit_split_desc* split, vksplit_error* error);

/* Bytes each tensor spans from its binding offset: (sum over dims of (size-1)*stride + 1) *
 * element_size, or 0 for an empty tensor. output_span_bytes may be NULL, else it receives
 * [output_count] values. Validates first. Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_split_spans(const vksplit_split_desc* split, uint64_t* input_span_bytes,
                                               uint64_t* output_span_bytes, vksplit_error* error);

/* Zero-copy query, per output: output i, in its own layout, is one contiguous byte range of
 * the input in its own order, so an engine can alias it instead of copying it. Exactly:
 * output i is packed, and the input's strides over output i's sizes are packed too (every
 * dimension where output i has two or more indices has the stride a packed tensor of output
 * i's sizes would have): packed tensors whose dimensions before the axis have size 1, for one,
 * or an output that is the whole input; and every empty output. The same criterion as
 * vksplit_query_join_zero_copy's, the whole and its parts the other way round.
 * aliasable[i] (required, [output_count]) says it; output_byte_offsets[i] (may be NULL) is
 * then output i's offset from the input's binding offset (0 for an empty output, and where
 * aliasable[i] is 0). Validates first. Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_query_zero_copy_outputs(const vksplit_split_desc* split, vksplit_bool32* aliasable,
                                                           uint64_t* output_byte_offsets, vksplit_error* error);

/* Zero-copy query, every output at once: *aliasable is 1 when vksplit_query_zero_copy_outputs
 * says every output is (an engine then copies nothing), and only then output_byte_offsets[i]
 * (may be NULL) receives output i's offset. Validates first. Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_query_zero_copy(const vksplit_split_desc* split, vksplit_bool32* aliasable,
                                                   uint64_t* output_byte_offsets, vksplit_error* error);

/* ---------------------------------------------------------------------------------------
 * The canonical join: Split's inverse, on the same engine. N input tensors joined along one
 * axis into one output (DirectML's JOIN, ONNX's and OpenVINO's Concat translate into it).
 * Everything below (contexts, plans, recording) serves both; a plan knows which it is.
 * ------------------------------------------------------------------------------------- */
typedef struct vksplit_join_desc {
    /* Bytes per element, 1..VKSPLIT_MAX_ELEMENT_SIZE: types are only widths, as for a split. */
    uint32_t element_size;
    /* Dimension count of the output and of every input, 1..VKSPLIT_MAX_RANK. */
    uint32_t rank;
    /* Required: [rank] the output's sizes. A zero size off the axis makes every input empty. */
    const uint64_t* sizes;
    /* [rank] the output's strides in elements, or NULL for packed. Strides that let two of its
     * elements share an address are rejected (VKSPLIT_ERROR_OVERLAPPING_OUTPUT), by the test a
     * split's outputs pass. */
    const uint64_t* output_strides;
    /* The dimension to join along, 0..rank-1. */
    uint32_t axis;
    /* Number of inputs, 1..VKSPLIT_MAX_INPUTS. */
    uint32_t input_count;
    /* Required: [input_count] each input's size along the axis; zero allowed; the sum must
     * equal sizes[axis]. Every other dimension of an input equals the output's. */
    const uint64_t* lengths;
    /* NULL for all inputs packed; else [input_count] pointers, each NULL (that input is packed)
     * or [rank] strides in elements. 0 broadcasts along that dimension, and overlapping
     * windows are fine: inputs are only read. */
    const uint64_t* const* input_strides;
    /* As a split's: a power of two every binding offset given to vksplit_cmd_record (inputs and
     * output) is a multiple of; it bounds the copy word. 0 means 16. */
    uint32_t base_alignment;
} vksplit_join_desc;

/* Checks every rule above (the JOIN_* rules of vksplit/rules.h). Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_validate_join(const vksplit_join_desc* join, vksplit_error* error);

/* Bytes each tensor spans from its binding offset, as vksplit_split_spans: the output's, and
 * input_span_bytes (may be NULL) [input_count] values. Validates first. Thread-safety: safe. */
VKSPLIT_API vksplit_result vksplit_join_spans(const vksplit_join_desc* join, uint64_t* output_span_bytes,
                                              uint64_t* input_span_bytes, vksplit_error* error);

/* Zero-copy query for joins, input by input: input i can be written in place, straight into
 * the output, when in its own layout it is one contiguous byte range of the output, in its
 * own order; an engine then allocates the output first and lets input i's producer write
 * there (and leaves input i out of the join: a join copies each byte once, so the others cost
 * the same). Exactly: input i is packed, and the output's strides over input i's sizes are
 * packed too (every dimension where input i has two or more indices has the stride a packed
 * tensor of input i's sizes would have) - packed tensors whose dimensions before the axis
 * have size 1, for one, or an input that is the whole output; and every empty input.
 * aliasable[i] (required, [input_count]) says it; input_byte_offsets[i] (may be NULL) is then
 * input i's offset from the output's binding offset (0 for an empty input, and where
 * aliasable[i] is 0). The KV-cache append ([B,H,S,D] and [B,H,1,D] along S) is aliasable
 * where B x H is 1; otherwise its new token lies in the output with the output's strides,
 * which a producer that writes strided can take instead. Validates first. Thread-safety:
 * safe (pure). */
VKSPLIT_API vksplit_result vksplit_query_join_zero_copy(const vksplit_join_desc* join, vksplit_bool32* aliasable,
                                                        uint64_t* input_byte_offsets, vksplit_error* error);

/* ---------------------------------------------------------------------------------------
 * Context: one per VkDevice, created from the caller's handles.
 * ------------------------------------------------------------------------------------- */

/* Features the caller ENABLED when creating the VkDevice (a library cannot query that).
 * vksplit_query_device_features tells which ones the physical device supports. */
typedef enum vksplit_feature_bits {
    /* bufferDeviceAddress and shaderInt64 enabled, and every buffer passed to vksplit was
     * created with VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT (memory allocated with
     * VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT). Gives one dispatch for any output count. */
    VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS = 1u << 0,
    /* VK_KHR_push_descriptor enabled: the descriptor fallback used without device addresses. */
    VKSPLIT_FEATURE_PUSH_DESCRIPTOR = 1u << 1,
    /* storageBuffer8BitAccess / storageBuffer16BitAccess enabled. Without them 1- and 2-byte
     * copies store through 32-bit atomics (correct, slower; the 32-bit words around a tensor's
     * first and last byte must lie inside its buffer). */
    VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT = 1u << 2,
    VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT = 1u << 3,
    /* shaderStorageBufferArrayDynamicIndexing enabled: the descriptor fallback may address
     * several outputs per dispatch; without it, it dispatches once per output. */
    VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING = 1u << 4,
    /* shaderFloat16 enabled (Vulkan 1.2 or VK_KHR_shader_float16_int8). A converting copy to or
     * from float16 then converts with the device's instructions where the device rounds float16
     * to nearest even and keeps its subnormals (shaderRoundingModeRTEFloat16 and
     * shaderDenormPreserveFloat16, read from the device): the same bits as without it, in
     * fewer instructions. */
    VKSPLIT_FEATURE_SHADER_FLOAT16 = 1u << 5
} vksplit_feature_bits;
typedef uint32_t vksplit_features;

typedef enum vksplit_log_level {
    VKSPLIT_LOG_ERROR = 0,
    VKSPLIT_LOG_WARNING = 1,
    VKSPLIT_LOG_INFO = 2
} vksplit_log_level;

/* Called with one line, no newline. Silent when NULL (the default). May be called from any
 * thread that calls vksplit, concurrently: make it thread-safe. */
typedef void (*vksplit_log_fn)(void* user, vksplit_log_level level, const char* message);

/* The two objects, opaque: a context per VkDevice (vksplit_context_create), and the plans made on
 * it (vksplit_plan_create, vksplit_plan_create_join). */
typedef struct vksplit_context vksplit_context;
typedef struct vksplit_plan vksplit_plan;

/* ---------------------------------------------------------------------------------------
 * EXPERIMENTAL: the mapping and the tuning of the compute path, vksplit_plan_pipeline, and
 * the fields marked VKSPLIT_EXPERIMENTAL in the stable structs below (the context desc's
 * tuning, capture_pipeline_statistics, max_binding_bytes and pipeline_created;
 * vksplit_plan_info's account of its traffic), and vksplit_pipeline_fn. The defaults are what
 * vksplit is measured and tested with; these knobs exist for benchmarks, profilers, tests and
 * a device the defaults misjudge. Their names, values
 * and meaning may change in a minor version (CHANGELOG.md says when). Everything else in this
 * header is stable: it changes only with the major version.
 * ------------------------------------------------------------------------------------- */

/* How the invocations of a workgroup share the words they copy. docs/how-it-works.md shows
 * each; every one is exact on every split, and vksplit_plan_info.mapping says which one a
 * plan uses. */
typedef enum vksplit_mapping {
    VKSPLIT_MAPPING_DEFAULT VKSPLIT_EXPERIMENTAL = 0, /* RUNS on a CPU device (lavapipe), BY_SHAPE on a GPU */
    /* Each invocation copies its own contiguous run of words (or several whole short rows).
     * Right for llvmpipe, which runs an 8-lane batch to completion before the next. */
    VKSPLIT_MAPPING_RUNS VKSPLIT_EXPERIMENTAL = 1,
    /* 2 is retired: the earlier GPU mapping, deprecated in 0.3 and removed in 0.4 (CHANGELOG.md).
     * The value is never reused; a tuning with mapping 2 fails context creation by
     * VKSPLIT_RULE_TUNING_MAPPING, as any value outside this enum does. */
    /* A workgroup copies invocation_bytes x workgroup_size consecutive bytes of one line of
     * rows (invocation_bytes per invocation), rows crossed freely; each invocation issues 64
     * bytes of loads (16 x 4, 8 x 8, 4 x 16 bytes) before its stores; indices are stepped,
     * never divided per word. */
    VKSPLIT_MAPPING_TILES VKSPLIT_EXPERIMENTAL = 3,
    /* Parts whose contiguous dimension is not the whole's (a transposing split or join):
     * tiles through workgroup memory, 32 words along the read side's contiguous dimension by
     * 64 words of up to 4 bytes (32 of 8, 16 of 16 bytes) along the written side's, or with
     * device addresses 64 x 32 four-byte words moved 16 bytes at a time; reads and writes both
     * coalesced; workgroups of 128. Where a split has no such layout, TILES. */
    VKSPLIT_MAPPING_TRANSPOSE VKSPLIT_EXPERIMENTAL = 4,
    /* Short chunks (e.g. splitting the last axis of [N, 3]): a workgroup stages whole input
     * rows in workgroup memory (at most 16 KiB) and writes every output's part, so each input
     * byte leaves memory once; a join gathers each input's chunks into whole output rows and
     * stores each output byte once. Loads and stores of 16 bytes with device addresses and
     * 16-byte aligned rows, of 4 bytes otherwise. Needs chunks of whole 32-bit words and
     * contiguous input and output rows; elsewhere TILES. */
    VKSPLIT_MAPPING_DEINTERLEAVE VKSPLIT_EXPERIMENTAL = 5,
    /* Per split: TRANSPOSE for transposing layouts, DEINTERLEAVE where rows of TILES would
     * fetch more than 1.25 input bytes per byte copied, TILES otherwise. The GPU default; on
     * lavapipe it plans exactly as on a discrete GPU, a converting copy's plans included (a
     * CPU device's are smaller under RUNS: workgroups of 8, tiles looped). */
    VKSPLIT_MAPPING_BY_SHAPE VKSPLIT_EXPERIMENTAL = 6
} vksplit_mapping;

/* How a kernel's loads of one trip are laid out for the compiler (vksplit_tuning.load_paths).
 * Either is exact everywhere; what differs is the machine code (docs/gpu.md). */
typedef enum vksplit_load_paths {
    VKSPLIT_LOAD_PATHS_DEFAULT VKSPLIT_EXPERIMENTAL =
        0, /* from the device: ONE on Intel's (vendorID 0x8086), BY_CASE elsewhere */
    /* A TILES trip's loads in one of three batches by its case (in one row: fixed offsets from
     * one address; across rows: stepped; at the line's end: clamped), each the fewest
     * instructions for its case. What ACO and NAK want. */
    VKSPLIT_LOAD_PATHS_BY_CASE VKSPLIT_EXPERIMENTAL = 1,
    /* Every trip's loads in one batch, stepped and clamped: Intel's compiler gives the loads of
     * paths that meet one scoreboard token (SWSB) each, so the three batches' loads waited for
     * each other (16 bytes in flight on LNL and BMG), one batch's do not. */
    VKSPLIT_LOAD_PATHS_ONE VKSPLIT_EXPERIMENTAL = 2
} vksplit_load_paths;

/* Per-device tuning of the compute path. Zero fields take the defaults (src/context/tuning.c; the
 * table in docs/performance.md is generated from it): a CPU device gets RUNS, workgroups of 8
 * (one llvmpipe batch), runs of 4096 bytes and words up to 32 bytes; a GPU gets BY_SHAPE,
 * workgroups of 256, up to 512 bytes per invocation (trips of 64), bands of 8 MiB and words up
 * to 16 bytes (GPUs have no 32-byte load). Values out of range fail context creation with
 * VKSPLIT_ERROR_INVALID_ARGUMENT. */
typedef struct vksplit_tuning {
    VKSPLIT_EXPERIMENTAL vksplit_mapping mapping;
    VKSPLIT_EXPERIMENTAL uint32_t
        workgroup_size; /* invocations per workgroup, 1..1024 and the device's limit; a default
                                    * is fitted to the device (halved until it fits), a set value refused.
                                    * TRANSPOSE always uses 128. */
    /* Bytes one invocation copies, 1..65536: RUNS its run, TILES, TRANSPOSE, DEINTERLEAVE,
     * DEVICE (plans with device parameters) and ROWS (rows the GPU places) their share in trips
     * of 64 bytes (within the shader's loop budget; DEVICE and ROWS: at most 64 trips). */
    VKSPLIT_EXPERIMENTAL uint32_t invocation_bytes;
    /* TILES with device addresses: the workgroups walk the outputs in bands of about this many
     * bytes, every output in turn, so that the workgroups running at one time read nearby
     * input. UINT32_MAX: no bands, one output after another. */
    VKSPLIT_EXPERIMENTAL uint32_t band_bytes;
    /* The widest copy word: 1, 2, 4, 8, 16 or 32 bytes (32 only with device addresses). */
    VKSPLIT_EXPERIMENTAL uint32_t max_word_bytes;
    /* The fewest workgroups a plan keeps where its split allows, 1..2^24: RUNS shortens its
     * runs, TILES, TRANSPOSE and DEINTERLEAVE copy fewer trips per invocation (at most
     * invocation_bytes) rather than fall below it. Default 8 for RUNS on a CPU device (a
     * workgroup per thread), 2048 otherwise (about two per slot of a large GPU), which a
     * context fits to the device's vendor: 512 on Intel's GPUs (vendorID 0x8086), 256 on ARM's
     * (0x13b5), 128 on Qualcomm's (0x5143); vksplit_resolve_tuning, which knows only the device type,
     * gives 2048. */
    VKSPLIT_EXPERIMENTAL uint32_t min_workgroups;
    /* A plan with device parameters of one part whose capacity moves at most this many bytes
     * checks its values and copies in ONE dispatch (device addresses; the rows kernels), not a
     * check, a barrier and an indirect copy: a KV append. Default 256 KiB; 1: in effect never,
     * but where only the rows kernels serve (a ring, a step along the axis of 1 or 2 bytes). */
    VKSPLIT_EXPERIMENTAL uint32_t one_dispatch_bytes;
    /* How TILES lays out a trip's loads (vksplit_load_paths). The default is the device's:
     * vksplit_resolve_tuning, which knows only the device type, leaves it DEFAULT, and a
     * context resolves it from the device's vendor. */
    VKSPLIT_EXPERIMENTAL vksplit_load_paths load_paths;
} vksplit_tuning;

/* The tuning a context uses on a device of this type: zero fields of *tuning are replaced by
 * the defaults (the mapping by device type, the rest by mapping), set fields are kept; a
 * context does exactly this with its desc's tuning, and then takes a DEFAULT load_paths and a
 * GPU's default min_workgroups from the device's vendor (which this function is not told). Thread-safety: safe (pure). */
VKSPLIT_API VKSPLIT_EXPERIMENTAL void vksplit_resolve_tuning(VkPhysicalDeviceType device_type, vksplit_tuning* tuning);

/* The compute pipeline a plan records (owned by the context, which destroys it: for a converting
 * plan, and a CPU device's rows plan, the one specialized to the plan, shared by the context's
 * plans specialized alike), for tools that ask the driver about it
 * (vksplit_context_desc.capture_pipeline_statistics); VK_NULL_HANDLE for a plan on the
 * transfer path or without bytes. Thread-safety: safe. */
VKSPLIT_API VKSPLIT_EXPERIMENTAL VkPipeline vksplit_plan_pipeline(const vksplit_plan* plan);

/* Told of each pipeline a context or one of its plans creates (vksplit_context_desc.
 * pipeline_created), for tools that label a driver's dump of compiled shaders: split_bench
 * --json lists them as its "pipelines". `module` is the SPIR-V module's name as the build
 * writes it, without .spv (build/shaders/split_copy_bda_w4_a0_both_tiles.spv:
 * "split_copy_bda_w4_a0_both_tiles"; a converting copy's "convert_bda_split"); `direction`
 * "split" or "join", the direction the pipeline is specialized for (the device parameters'
 * one-workgroup check is one split pipeline, which joins use too). Both strings are static,
 * valid while the library is loaded. Called once for each pipeline kept: by the thread that
 * created it, before the call that created it returns (vksplit_context_create, a plan's
 * creation, vksplit_context_create_pipeline), in creation order on that thread. Where two
 * threads race to create one of the context's pipelines, both compile, and only the one the
 * context keeps is reported: a driver's dump may hold the loser's shader once more. A context
 * whose creation fails reports none. Plans are made from any thread: make it thread-safe. It
 * must not call vksplit. */
typedef void (*vksplit_pipeline_fn)(void* user, VkPipeline pipeline, const char* module, const char* direction);

/* ---- end of the experimental section ------------------------------------------------- */

/* When a context's pipelines are made (vksplit_context_desc.pipelines), splits and joins
 * alike. None is ever made while recording; vksplit_context_create_pipeline makes any of them
 * now, from any thread. */
typedef enum vksplit_pipelines {
    /* Every split pipeline the tuning can use with the context; each join pipeline by the first
     * join plan that needs it, so that a context that only splits compiles nothing for joins.
     * (Or as the earlier defer_pipelines and create_join_pipelines say, where they are set.)
     * Whatever the setting, a converting plan's pipeline, and on a CPU device a rows plan's, is
     * specialized to the plan: made at the creation of the context's first plan of that
     * specialization, shared by its later ones (docs/api.md, Pipelines). */
    VKSPLIT_PIPELINES_DEFAULT = 0,
    /* Every pipeline of both directions with the context: nothing compiles after load. */
    VKSPLIT_PIPELINES_WITH_CONTEXT = 1,
    /* None with the context: each by the first plan that needs it, or by the engine's own
     * threads through vksplit_context_create_pipeline (tools that make a plan or two, engines
     * that spread the compiles). */
    VKSPLIT_PIPELINES_ON_DEMAND = 2,
    VKSPLIT_PIPELINES_MAX_ENUM = 0x7fffffff
} vksplit_pipelines;

typedef struct vksplit_context_desc {
    VkInstance instance;                              /* required */
    VkPhysicalDevice physical_device;                 /* required */
    VkDevice device;                                  /* required */
    PFN_vkGetInstanceProcAddr get_instance_proc_addr; /* required */
    /* Optional: NULL looks vkGetDeviceProcAddr up through get_instance_proc_addr. A caller
     * may pass its own to wrap or count the device functions vksplit calls. */
    PFN_vkGetDeviceProcAddr get_device_proc_addr;
    vksplit_features enabled_features; /* what the device was created with */
    VkPipelineCache pipeline_cache;    /* optional */
    /* Deprecated (removed in 0.5): the earlier two settings of when pipelines are made, still
     * honoured where `pipelines` (below) is VKSPLIT_PIPELINES_DEFAULT: defer_pipelines 1 is
     * VKSPLIT_PIPELINES_ON_DEMAND; create_join_pipelines 1 (without defer_pipelines) is
     * VKSPLIT_PIPELINES_WITH_CONTEXT. Set `pipelines` instead. */
    VKSPLIT_DEPRECATED("set pipelines = VKSPLIT_PIPELINES_ON_DEMAND (removed in 0.5)") vksplit_bool32 defer_pipelines;
    VKSPLIT_DEPRECATED("set pipelines = VKSPLIT_PIPELINES_WITH_CONTEXT (removed in 0.5)")
    vksplit_bool32 create_join_pipelines;
    const VkAllocationCallbacks* allocation_callbacks; /* optional: host allocations and Vulkan objects */
    vksplit_log_fn log;                                /* optional */
    void* log_user;
    /* EXPERIMENTAL (the section above): */
    VKSPLIT_EXPERIMENTAL vksplit_tuning tuning; /* optional overrides */
    /* Optional, for profiling: create the pipelines with VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR,
     * so that vkGetPipelineExecutableStatisticsKHR reports a plan's registers, instructions and
     * spills (vksplit_plan_pipeline). Needs VK_KHR_pipeline_executable_properties enabled with
     * its pipelineExecutableInfo feature. */
    VKSPLIT_EXPERIMENTAL vksplit_bool32 capture_pipeline_statistics;
    /* Optional: the most bytes one descriptor binding may reach, when below the device's
     * maxStorageBufferRange (0: the device's; at least 4096). Without device addresses a
     * tensor beyond it is copied through several windows, a dispatch or more each; tests use it
     * to reach windows without gigabytes. */
    VKSPLIT_EXPERIMENTAL uint64_t max_binding_bytes;
    /* When the pipelines are made, splits' and joins' alike (vksplit_pipelines; 0: the default,
     * or what defer_pipelines and create_join_pipelines say). */
    vksplit_pipelines pipelines;
    /* EXPERIMENTAL, optional (NULL: nothing is told): each pipeline the context and its plans
     * create, with its SPIR-V module and direction (vksplit_pipeline_fn). */
    VKSPLIT_EXPERIMENTAL vksplit_pipeline_fn pipeline_created;
    VKSPLIT_EXPERIMENTAL void* pipeline_created_user;
} vksplit_context_desc;

/* Which vksplit features the physical device supports, to decide what to enable.
 * Thread-safety: safe. */
VKSPLIT_API vksplit_result vksplit_query_device_features(VkPhysicalDevice physical_device,
                                                         PFN_vkGetInstanceProcAddr get_instance_proc_addr,
                                                         VkInstance instance, vksplit_features* supported,
                                                         vksplit_error* error);

/* Loads the functions vksplit calls into a private table and creates the pipelines
 * desc.pipelines says (by default every split pipeline it can use; the others are left to the
 * first plan that needs each, or to vksplit_context_create_pipeline; never to a recording).
 * Needs VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS or VKSPLIT_FEATURE_PUSH_DESCRIPTOR.
 * Thread-safety: safe; the device's own rules apply. */
VKSPLIT_API vksplit_result vksplit_context_create(const vksplit_context_desc* desc, vksplit_context** out,
                                                  vksplit_error* error);
/* Accepts NULL. Destroy every plan first. Thread-safety: external sync on ctx. */
VKSPLIT_API void vksplit_context_destroy(vksplit_context* ctx);

/* The pipelines a context's plans can use (its addressing, tuning and both directions),
 * numbered 0 .. count - 1; 0 for NULL. Thread-safety: safe. */
VKSPLIT_API uint32_t vksplit_context_pipeline_count(const vksplit_context* ctx);
/* Creates pipeline `index` of the context now, unless it exists (then nothing: VKSPLIT_OK).
 * Safe from several threads at once, on the same or different indices (a slot is claimed with
 * a compare-and-swap; two racing on one both compile, one keeps its pipeline), so an engine
 * with VKSPLIT_PIPELINES_ON_DEMAND spreads a context's pipelines over its own threads and its plans find
 * theirs made: no plan creation compiles, and no recording ever does. The context's
 * pipeline_cache applies (a warm cache makes each a lookup). Thread-safety: safe. */
VKSPLIT_API vksplit_result vksplit_context_create_pipeline(vksplit_context* ctx, uint32_t index, vksplit_error* error);

/* ---------------------------------------------------------------------------------------
 * Plans: the validated, planned split, with its parameter table on the device.
 * ------------------------------------------------------------------------------------- */
typedef enum vksplit_path {
    VKSPLIT_PATH_AUTO = 0,    /* the planner chooses per device and shape */
    VKSPLIT_PATH_COMPUTE = 1, /* the one-dispatch strided-copy shader */
    VKSPLIT_PATH_TRANSFER = 2 /* vkCmdCopyBuffer regions (needs contiguous chunks) */
} vksplit_path;

/* Where a plan's parameter table lives (vksplit_plan_options.table). A compute plan reads a
 * table of a few hundred bytes (vksplit_plan_info.table_bytes; a transfer plan, or one with
 * nothing to copy, has none). */
typedef enum vksplit_table_placement {
    /* In the context's pool: a few host-visible allocations the context owns and all its plans
     * share, written at plan creation (never an allocation per plan: Vulkan promises only 4096,
     * maxMemoryAllocationCount; 10,000 plans take at most 16). The default. */
    VKSPLIT_TABLE_POOL = 0,
    /* In a range of the engine's own buffer: the plan is created without one. The engine reads
     * what the range needs from vksplit_plan_info (table_bytes, table_alignment, table_usage),
     * places it in its own heap, fills it with vksplit_plan_write_table (straight into its
     * mapping, or into staging memory it then copies), and binds it with
     * vksplit_plan_bind_table, once, before the plan's first recording. The bytes must be
     * visible to the compute shader when a recording runs: a host write before the submit
     * (host-coherent memory, or flushed), or a copy followed by a barrier TRANSFER/
     * TRANSFER_WRITE -> COMPUTE_SHADER/SHADER_READ. The range must outlive the plan's
     * recordings; vksplit_plan_destroy leaves it alone. */
    VKSPLIT_TABLE_CALLER = 1,
    VKSPLIT_TABLE_MAX_ENUM = 0x7fffffff
} vksplit_table_placement;

/* Lengths and offsets the GPU writes (vksplit_plan_options.device_parameters). The plan is
 * then made for CAPACITIES: the desc's lengths are each part's largest length along the axis,
 * and sizes[axis] the whole's. When a recording runs (vksplit_cmd_record, the block its
 * bindings.parameters) it reads the actual lengths, and offsets, from a small block of device
 * memory, the device parameters, that the engine's own GPU work wrote before it: under
 * graph capture, the tokens per expert of a mixture-of-experts layer, the position of a
 * KV-cache append. One command buffer recorded once is exact for every value within the
 * capacities, replay after replay. Part i's elements at axis positions [0, length_i) move
 * between its binding (laid out for its capacity) and the whole's positions
 * [offset_i, offset_i + length_i); the rest of every tensor is left as it is.
 *
 * A plan with device parameters runs on the compute path, with device addresses or push
 * descriptors (then every tensor within one binding's reach: no windows), and needs the axis
 * and the dimensions after it packed in every tensor (the axis's stride is their extent),
 * with a step along the axis of a multiple of 4 bytes: the KV cache [B, H, S, D] with its new
 * token [B, H, 1, D] along S, the tokens [T, D] along T. The GPU counts in 32 bits: the whole's
 * capacity in copy words, plus one workgroup's tile, stays below 2^32 (PLAN_DEVICE_CAPACITY:
 * 16 GiB less a tile); lengths are 32-bit words, so a part's capacity past 2^32 - 1 admits
 * every length (the whole's capacity still bounds it), and the lengths' sum is taken 64 bits
 * wide. A plan with nothing to copy (a zero size, every capacity 0) still checks the values.
 *
 * A plan of ONE part runs on the rows kernels (vksplit_rows, below: its place the offset, its
 * rows the length) where it must or where that is cheaper: with a ring (RING), with a step
 * along the axis of 1 or 2 bytes (the transposed V cache: one f16 a row), or, with device
 * addresses, where its capacity moves at most vksplit_tuning.one_dispatch_bytes: then one
 * dispatch checks the values and copies (every workgroup checks the three words itself; the
 * status as above), a one-token KV append's one vkCmdDispatch. Such a plan needs only the
 * dimensions after the axis packed; its block, status and rules are the ones above
 * (vksplit_plan_info.summary says "rows device"). */
typedef enum vksplit_device_parameters {
    VKSPLIT_DEVICE_PARAMETERS_NONE = 0, /* the desc's lengths, the parts one after another (the default) */
    /* The parts one after another from the whole's start (offset_i = the lengths before it):
     * the engine writes the whole's length and each part's; they must sum to it. */
    VKSPLIT_DEVICE_PARAMETERS_PACKED = 1,
    /* Each part at the offset the engine writes beside its length (the whole's length is not
     * read): offset_i + length_i within the whole's capacity; a join's parts in order, each
     * starting where the one before it ends or later (a split's may overlap: they are read). */
    VKSPLIT_DEVICE_PARAMETERS_GIVEN = 2,
    /* GIVEN in a ring (a sliding-window cache): one part, its offset taken modulo the whole's
     * capacity, the rows past the whole's end continuing at its start, in the one recording;
     * no offset rule (any 32-bit offset is a place). */
    VKSPLIT_DEVICE_PARAMETERS_RING = 3,
    VKSPLIT_DEVICE_PARAMETERS_MAX_ENUM = 0x7fffffff
} vksplit_device_parameters;

/* The device parameters' layout, version 1: uint32 words of a block of
 * VKSPLIT_PARAMETERS_WORDS(n) words (vksplit_plan_info.parameter_bytes) for a plan of n parts,
 * at a multiple of VKSPLIT_PARAMETERS_ALIGNMENT bytes of a storage buffer (SHADER_DEVICE_ADDRESS
 * usage too on device addresses). The
 * engine writes the first words; the rest are vksplit's. A recording first runs a check (one
 * workgroup) that holds the engine's values to the capacities and writes the status: 0, or the
 * id of the first rule they break (a part's length before the whole's), then three values for
 * its message; vksplit_parameters_status turns the words read back into that error. When a
 * rule is broken the copy writes nothing at all. */
#define VKSPLIT_PARAMETERS_VERSION 1u
#define VKSPLIT_PARAMETERS_ALIGNMENT 16u
#define VKSPLIT_PARAMETERS_WHOLE_LENGTH 0u               /* PACKED: the whole's length along the axis */
#define VKSPLIT_PARAMETERS_LENGTH(n, i) (1u + (i))       /* part i's length along the axis */
#define VKSPLIT_PARAMETERS_OFFSET(n, i) (1u + (n) + (i)) /* GIVEN: part i's first position in the whole */
#define VKSPLIT_PARAMETERS_STATUS(n) (1u + 2u * (n))     /* vksplit's: the rule, then 3 values */
#define VKSPLIT_PARAMETERS_WORDS(n) (6u + 8u * (n))      /* in all, vksplit's working words included */

/* Rows the GPU places (vksplit_plan_options.rows): a join whose one part's rows land at
 * positions of the whole along the axis read from a list of indices (a scatter: llama.cpp's
 * SET_ROWS, torch's index_copy_, a paged KV-cache append by slot, ONNX TensorScatter), or a
 * split whose one part's rows come from positions so listed (a gather: GET_ROWS, a mixture of
 * experts' permute). The desc has one part; its length along the axis is the part's rows L,
 * sizes[axis] the whole's places C, and the two may differ either way (no sum rule). A row is
 * the dimensions after the axis, packed in both tensors (any stride along the axis and before
 * it). For each index o of the dimensions before the axis and each row j < L, the place is
 *     INDEXED   indices[list(o)][j]
 *     LINEAR    indices[list(o)] + j                 (0 <= start, start + L <= C)
 *     CIRCULAR  (indices[list(o)] + j) mod C         (floor mod: any start; L <= C)
 * and a join copies the part's row (o, j) to the whole's row (o, place), a split the whole's
 * (o, place) to the part's (o, j); every other byte is left as it is. list(o) is o's index over
 * the dimensions that list_dims names (the indices tensor is [those sizes..., L] for INDEXED,
 * [those sizes...] otherwise, packed, int32 or int64 in the device's byte order); the others
 * share one list (broadcast, as ggml's SET_ROWS broadcasts its indices).
 *
 * The indices come from the GPU (host_indices NULL: bindings.indices at each recording, the
 * engine's own GPU work writes them; one command buffer recorded once is exact for every value,
 * replay after replay), or from the host (host_indices: the values, copied and checked at plan
 * creation: a plan with nothing to bind but its tensors). GPU indices are checked on the GPU
 * before any row moves, each time the recording runs: an index outside [0, C) (ROWS_INDEX), a
 * start that puts a LINEAR row outside (ROWS_START), and two rows of a join's INDEXED list
 * aimed at one place (ROWS_DUPLICATE: which would win is not defined, so it is refused) write
 * nothing at all, and the status at the start of bindings.parameters (VKSPLIT_ROWS_STATUS_WORDS
 * words; vksplit_parameters_status reads it back) names the rule, the list, the entry and the
 * value. Host indices meet the same rules at plan creation, with the same rule ids. */
typedef enum vksplit_rows_mode {
    VKSPLIT_ROWS_NONE = 0,     /* the desc's parts one after another (the default) */
    VKSPLIT_ROWS_INDEXED = 1,  /* one place per row */
    VKSPLIT_ROWS_LINEAR = 2,   /* one start per list, rows one after another */
    VKSPLIT_ROWS_CIRCULAR = 3, /* one start per list, rows one after another modulo the whole's places */
    VKSPLIT_ROWS_MAX_ENUM = 0x7fffffff
} vksplit_rows_mode;

typedef struct vksplit_rows {
    vksplit_rows_mode mode;
    uint32_t index_bytes; /* 8 (int64, the default: 0) or 4 (int32) */
    /* Bit d (d < axis): the indices hold one list per index of dimension d; clear: one list
     * serves every index of d. 0: one list for all (a KV append at one position). */
    uint32_t list_dims;
    /* INDEXED: a negative index skips its row (vLLM's padding slots): nothing is written for it
     * (a split leaves the part's row as it is). Without it a negative index breaks ROWS_INDEX. */
    vksplit_bool32 skip_negative;
    /* NULL: the GPU's indices (bindings.indices); else the indices now (index_bytes each, as
     * many as the indices tensor holds: vksplit_plan_info.index_count), at most
     * VKSPLIT_ROWS_MAX_HOST_INDICES. */
    const void* host_indices;
    /* A join's places in pages (0: none): d + 1 says the places run over dimension d (before
     * the axis, not in list_dims) too: place p is index p / sizes[axis] of dimension d and
     * p % sizes[axis] along the axis, so the whole has sizes[d] x sizes[axis] places. vLLM's HND
     * paged cache [blocks, H, block_size, D]: axis 2, pages_along 1 (dimension 0), a slot's
     * block and place within it; the part (the key [T, H, D]) takes dimension d's size with
     * stride 0 (a broadcast: only its other dimensions are read). */
    uint32_t pages_along;
} vksplit_rows;

/* The status a plan with GPU indices writes at the start of its block (bindings.parameters,
 * vksplit_plan_info.parameter_bytes long, the block's other words vksplit's): the rule (0: all
 * is well), the list, the entry, the value (low, high word), then the rule's other value. */
#define VKSPLIT_ROWS_STATUS_WORDS 8u
#define VKSPLIT_ROWS_MAX_HOST_INDICES 2048u

/* Copies that convert (vksplit_plan_options.convert; docs/conversions.md says every rounding):
 * the whole's elements are of one type and every part's of another, and the copy converts
 * each element on its way (a split from the whole's type to the parts', a join the other
 * way), in the one dispatch. Types are then more than widths: the desc's element_size must be
 * 0 or the whole's element size (4, 2, 1; 0 for Q8_0, whose elements have no byte size), and
 * sizes, lengths and strides still count elements. The pairs:
 *   FLOAT32, FLOAT16, BFLOAT16 among themselves: round to nearest even, NaN kept (its sign),
 *     infinities, zeros and subnormals as IEEE 754 says, FLOAT16 overflow to infinity;
 *   FLOAT8E4M3FN, FLOAT8E5M2 (OCP 8-bit floating point) with any of those three: to FP8
 *     times the scale, saturating to the largest finite unless no_saturate (ONNX Cast's
 *     saturate = 0: NaN for E4M3FN, infinity for E5M2), from FP8 times the scale;
 *   Q8_0 (ggml's: blocks of 32 elements, an f16 scale d = amax / 127 and 32 int8, rounded as
 *     ggml's quantize_row_q8_0_ref) with any of FLOAT32, FLOAT16, BFLOAT16: a Q8_0 tensor is
 *     packed (NULL strides), its last dimension a multiple of 32, and every other tensor's
 *     elements of a block contiguous (stride 1 along the last dimension).
 * Where the types are equal (or both NONE), nothing converts: today's byte copy. A converting
 * plan runs on the compute path; its bindings are 32-bit words (offsets a multiple of 4, and
 * the last word of every tensor, its span rounded up to 4 bytes, read and written in place:
 * the bytes in it past the tensor are kept). With device parameters (PACKED, GIVEN: the check
 * first, then the converting copy moves the lengths it let through) and with rows the GPU or
 * the host places (the rows' check of GPU indices first); with device addresses, a plan of one
 * part with device parameters, and one with few GPU indices, checks them in its one dispatch
 * (vksplit_plan_info.check_dispatch_count 0: the FP8 KV append at a GPU position, a q8_0
 * cache's append by slot). On push descriptors every tensor lies within one binding's reach
 * (PLAN_CONVERT_BINDING: no binding windows). Not with a ring, with pages
 * (pages_along), with Q8_0 blocks cut along the axis by a GPU length or a row, or, on push
 * descriptors, with a device scale and GPU indices together (PLAN_CONVERT_WITH). */
typedef enum vksplit_type {
    VKSPLIT_TYPE_NONE = 0, /* types are widths: the desc's element_size (no conversion) */
    VKSPLIT_TYPE_FLOAT32 = 1,
    VKSPLIT_TYPE_FLOAT16 = 2,
    VKSPLIT_TYPE_BFLOAT16 = 3,
    VKSPLIT_TYPE_FLOAT8E4M3FN = 4, /* no infinities; 448 the largest, S.1111.111 NaN */
    VKSPLIT_TYPE_FLOAT8E5M2 = 5,   /* infinities; 57344 the largest */
    VKSPLIT_TYPE_Q8_0 = 6,         /* 34-byte blocks of 32 elements: f16 d, then int8 qs[32] */
    VKSPLIT_TYPE_MAX_ENUM = 0x7fffffff
} vksplit_type;

/* Where an FP8 conversion's scale comes from. */
typedef enum vksplit_scale_source {
    VKSPLIT_SCALE_NONE = 0,   /* 1: no multiply */
    VKSPLIT_SCALE_HOST = 1,   /* vksplit_convert.scale, fixed at plan creation */
    VKSPLIT_SCALE_DEVICE = 2, /* a float32 the GPU holds (bindings.scale), read when the copy runs:
                               * a replayed command buffer uses the value there then */
    VKSPLIT_SCALE_MAX_ENUM = 0x7fffffff
} vksplit_scale_source;

typedef struct vksplit_convert {
    vksplit_type whole; /* the whole's element type (a split's input, a join's output) */
    vksplit_type parts; /* every part's */
    /* To FP8, out of range (after rounding): 0 saturates to the largest finite (ONNX Cast's
     * default), 1 gives NaN (E4M3FN) or infinity (E5M2); infinities likewise. */
    vksplit_bool32 no_saturate;
    /* FP8 only: to FP8 the value is multiplied by the scale before it rounds, from FP8 the FP8
     * value is (in float32, round to nearest even; then to the other type). */
    vksplit_scale_source scale_source;
    float scale; /* SCALE_HOST: finite and > 0 */
} vksplit_convert;

typedef struct vksplit_plan_options {
    vksplit_path path;             /* default AUTO */
    vksplit_table_placement table; /* default POOL */
    /* default NONE; PACKED or GIVEN: the desc gives capacities, a recording reads the device's
     * lengths (and offsets) */
    vksplit_device_parameters device_parameters;
    /* default mode NONE; else rows the GPU (or the host) places, above: not with device
     * parameters, on the compute path */
    vksplit_rows rows;
    /* default none ({0}): the copy converts between the whole's type and the parts' (above) */
    vksplit_convert convert;
} vksplit_plan_options;

/* Validates the split (once: the planner works on the validated form), plans it, and writes
 * the plan's parameter table into the context's table pool (a few shared host-visible blocks;
 * no queue submission), or, with options.table = VKSPLIT_TABLE_CALLER, leaves it to a range of
 * your memory (vksplit_plan_bind_table). The plan is immutable from here on (but for that
 * one bind). options may be NULL.
 * Thread-safety: safe; any number of threads may create plans on one context at once (the
 * context's allocation callbacks and log are then called from those threads concurrently,
 * so they must be thread-safe). */
VKSPLIT_API vksplit_result vksplit_plan_create(vksplit_context* ctx, const vksplit_split_desc* split,
                                               const vksplit_plan_options* options, vksplit_plan** out,
                                               vksplit_error* error);
/* The same for a join: validates it (the JOIN_* rules), plans it on the same engine (the
 * mappings serve both directions; a join's DEINTERLEAVE gathers short chunks from its inputs
 * into whole output rows), and writes its table. Record it with vksplit_cmd_record.
 * Thread-safety: as vksplit_plan_create. */
VKSPLIT_API vksplit_result vksplit_plan_create_join(vksplit_context* ctx, const vksplit_join_desc* join,
                                                    const vksplit_plan_options* options, vksplit_plan** out,
                                                    vksplit_error* error);
/* Accepts NULL. The GPU must be done with every command buffer that recorded it.
 * Thread-safety: external sync on plan (no thread may be recording it). */
VKSPLIT_API void vksplit_plan_destroy(vksplit_plan* plan);

/* What a plan does: split one tensor into N, or join N into one. */
typedef enum vksplit_operation {
    VKSPLIT_OPERATION_SPLIT = 0, /* vksplit_plan_create: bindings.whole its input */
    VKSPLIT_OPERATION_JOIN = 1   /* vksplit_plan_create_join: bindings.whole its output */
} vksplit_operation;

typedef struct vksplit_plan_info {
    vksplit_operation operation;
    vksplit_path path;           /* COMPUTE or TRANSFER: what a recording does */
    uint32_t word_bytes;         /* copy word: 1, 2, 4, 8, 16 or 32 bytes */
    uint32_t dispatch_count;     /* the copy's vkCmdDispatch (or, with device parameters on their own
                                  * kernel, vkCmdDispatchIndirect) per recording (0 for TRANSFER or no
                                  * bytes); the check before it is check_dispatch_count (below) */
    uint32_t copy_command_count; /* vkCmdCopyBuffer per recording (TRANSFER) */
    uint32_t row_dims;           /* dimensions left after coalescing, chunk excluded */
    uint32_t workgroup_size;
    uint64_t workgroup_count;  /* dispatched (each grid's x * y), over all dispatches */
    uint32_t offset_alignment; /* every binding offset must be a multiple of this */
    uint32_t input_count;      /* a split's 1, a join's N */
    uint32_t output_count;     /* a split's N, a join's 1 */
    uint64_t
        input_span_bytes; /* a split: bytes the input binding must cover; a join: 0 (vksplit_plan_input_span_bytes) */
    uint64_t
        output_span_bytes; /* a join: bytes the output binding must cover; a split: 0 (vksplit_plan_output_span_bytes) */
    uint64_t bytes_written; /* sum of output elements * element size */
    uint64_t table_bytes;   /* the parameter table's bytes (below: where it lies) */
    /* Bytes of per-recording arguments one recording needs (the addresses of a split's outputs,
     * or of a join's inputs), or 0 when they travel in push constants (at most
     * VKSPLIT_INLINE_OUTPUTS non-empty outputs, or inputs, with device addresses) or are not
     * used (descriptor and transfer paths). */
    uint64_t argument_bytes;
    /* The compute path's mapping (never BY_SHAPE); DEFAULT for TRANSFER. */
    VKSPLIT_EXPERIMENTAL vksplit_mapping mapping;
    /* e.g. "compute bda tiles w16 rows=64 chunk=512B dims=1 bands=1 trips=8"; a join's starts "join " */
    char summary[96];
    /* EXPERIMENTAL: the plan's own account of its memory traffic (compute path), which
     * split_bench prints next to what it measures: */
    VKSPLIT_EXPERIMENTAL uint32_t bytes_in_flight; /* bytes an invocation loads before its first store, per trip */
    VKSPLIT_EXPERIMENTAL uint64_t sectors_read;    /* 32-byte input sectors its workgroups fetch, whole sectors */
    VKSPLIT_EXPERIMENTAL double
        fetch_ratio; /* sectors_read * 32 / bytes_written: input bytes fetched per byte copied */
    VKSPLIT_EXPERIMENTAL uint64_t
        idle_workgroups; /* of workgroup_count, those that copy nothing (grid padding, short last band) */
    VKSPLIT_EXPERIMENTAL uint32_t invocation_bytes; /* bytes one invocation copies, at most: bytes_in_flight's trips */
    /* Descriptor path: binding windows (0 or 1: the split fits one binding per tensor). With
     * more, each window's part of the split is its own dispatches over bindings that reach
     * at most maxStorageBufferRange (or the context's max_binding_bytes), ordered by barriers. */
    uint32_t window_count;
    /* The parameter table (table_bytes above; 0 on the transfer path): where it is, and what a
     * range of the engine's buffer must give it (VKSPLIT_TABLE_CALLER). */
    vksplit_table_placement table_placement;
    uint32_t table_alignment; /* the range's offset, and its device address, are multiples of this */
    /* The usage its buffer needs: STORAGE_BUFFER, and SHADER_DEVICE_ADDRESS with device
     * addresses (its memory then allocated with VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT). */
    VkBufferUsageFlags table_usage;
    /* Device parameters (NONE, PACKED, GIVEN), and the bytes of their block (0 for NONE). The
     * other figures are the capacities': bytes_written is the most a recording writes. */
    vksplit_device_parameters device_parameters;
    uint64_t parameter_bytes;
    /* Rows the GPU places (NONE otherwise): the mode, the index count the plan reads (lists x
     * rows for INDEXED, lists otherwise) and index_span_bytes, the bytes bindings.indices must
     * cover (0 with host indices). parameter_bytes is then the status block's (0 with host
     * indices: nothing to check on the GPU). */
    vksplit_rows_mode rows_mode;
    uint64_t index_count;
    uint64_t index_span_bytes;
    /* The check's vkCmdDispatch a recording records before the copy (one workgroup): 1 for a
     * plan with device parameters on their own kernel, and for one on the rows kernels or with
     * GPU indices where the copy does not check the values itself ("check=pass" in the summary);
     * 0 otherwise (no check, or the copy's own: "check=fused"). */
    uint32_t check_dispatch_count;
    /* The types a converting plan converts between (vksplit_plan_options.convert; zero for one
     * that copies bytes). Its word_bytes is 4: its copy moves 32-bit words. */
    vksplit_convert convert;
} vksplit_plan_info;

/* Writes the plan's table, table_bytes of it, into data (4-byte aligned host memory: the
 * engine's mapping of the range it binds, or staging memory it copies from). Works for any
 * plan (a pooled plan's table is the same bytes); a no-op for one whose table_bytes is 0.
 * Thread-safety: safe (reads the plan). */
VKSPLIT_API vksplit_result vksplit_plan_write_table(const vksplit_plan* plan, void* data, vksplit_error* error);
/* Binds a VKSPLIT_TABLE_CALLER plan's table to bytes [offset, offset + table_bytes) of buffer
 * (created with info.table_usage; offset a multiple of info.table_alignment), once, before the
 * plan's first recording; recording an unbound plan fails (RECORD_TABLE_UNBOUND). A no-op for
 * a plan whose table_bytes is 0. Thread-safety: external sync on plan: no thread may be
 * recording it, and the recordings after it must happen after it (the thread that binds, or
 * one that synchronised with it). */
VKSPLIT_API vksplit_result vksplit_plan_bind_table(vksplit_plan* plan, VkBuffer buffer, VkDeviceSize offset,
                                                   vksplit_error* error);

/* Thread-safety: safe (reads the immutable plan). */
VKSPLIT_API void vksplit_plan_get_info(const vksplit_plan* plan, vksplit_plan_info* info);
/* Bytes output i's binding must cover (0 for an empty output); a join's one output: index 0.
 * Thread-safety: safe. */
VKSPLIT_API uint64_t vksplit_plan_output_span_bytes(const vksplit_plan* plan, uint32_t output_index);
/* Bytes input i's binding must cover (0 for an empty input); a split's one input: index 0.
 * Thread-safety: safe. */
VKSPLIT_API uint64_t vksplit_plan_input_span_bytes(const vksplit_plan* plan, uint32_t input_index);

/* ---------------------------------------------------------------------------------------
 * Recording: one call for every plan (a split or a join, with or without device parameters),
 * its buffers in one struct.
 * ------------------------------------------------------------------------------------- */
typedef struct vksplit_binding {
    VkBuffer buffer;     /* required unless the tensor is empty */
    VkDeviceSize offset; /* bytes; a multiple of the plan's offset_alignment */
} vksplit_binding;

/* Per-recording arguments.
 *
 * With device addresses (VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS), a dispatch finds its parts'
 * addresses (a split's outputs, a join's inputs) in push constants for up to
 * VKSPLIT_INLINE_OUTPUTS (10) non-empty parts (9 with device parameters, whose block takes the
 * tenth place); beyond that it reads them from memory you own: the plan's "arguments". What
 * decides is vksplit_plan_info.argument_bytes (8 bytes per non-empty part, device addresses
 * only; 0 on the descriptor and transfer paths and for fewer non-empty parts, however many
 * empty ones there are): when it is 0, leave vksplit_bindings.arguments zero.
 *
 * One range of argument_bytes per recording that may be in flight at once (two command
 * buffers recorded from one plan with different parts need two ranges; one static set of
 * bindings recorded once needs one). Each range starts at a multiple of
 * VKSPLIT_ARGUMENT_ALIGNMENT, so ranges laid out one after another are
 * round_up(argument_bytes, 16) apart: 11 parts need 88 bytes, and the next range starts 96
 * bytes on. The memory of the arguments' buffer, like that of every buffer vksplit reads or
 * writes through device addresses (the whole, the parts, the arguments, the parameters), must
 * be allocated with VkMemoryAllocateFlagsInfo.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT.
 *
 * Two ways to fill a range:
 *   - prewritten = 0: vksplit_cmd_record records the addresses into it (vkCmdUpdateBuffer,
 *     one per 512 parts, then a buffer barrier). Costs a few commands per recording; the
 *     buffer needs TRANSFER_DST usage.
 *   - prewritten = 1: the range already holds these parts' addresses, and nothing more is
 *     recorded. Either you wrote them on the host with vksplit_write_arguments (host-visible
 *     memory; vkQueueSubmit makes host-coherent or flushed writes visible to the device), or
 *     an earlier vksplit_cmd_record with prewritten = 0 and the same parts wrote them, earlier
 *     in the same command buffer or in a submission that completed (its fence signalled)
 *     before this one is submitted.
 * A range may be written again (by the host, or by another recording's update) only once
 * every submission that reads it has completed: keep a ring of ranges, one per frame in
 * flight, and reuse a range after the fence of the frame that last used it. For example,
 * with bindings that change every frame:
 *
 *     // once: info.argument_bytes > 0; FRAMES ranges in one host-visible, coherent buffer
 *     // created with SHADER_DEVICE_ADDRESS usage (memory with DEVICE_ADDRESS allocate flag)
 *     VkDeviceSize stride = (info.argument_bytes + VKSPLIT_ARGUMENT_ALIGNMENT - 1)
 *                           / VKSPLIT_ARGUMENT_ALIGNMENT * VKSPLIT_ARGUMENT_ALIGNMENT;
 *     // each frame f, after waiting on frame_fence[f % FRAMES]:
 *     vksplit_bindings b = {input, outputs};                                 // a split's
 *     b.arguments = (vksplit_arguments){ring_buffer, (f % FRAMES) * stride, 1}; // prewritten
 *     vksplit_write_arguments(plan, &b, (char*)ring_mapped + b.arguments.offset, &err);
 *     vksplit_cmd_record(plan, cmd, &b, &err);
 *     // submit cmd with frame_fence[f % FRAMES]
 */
#define VKSPLIT_INLINE_OUTPUTS 10u
/* Alignment of the arguments' offset and of their device address. */
#define VKSPLIT_ARGUMENT_ALIGNMENT 16u

typedef struct vksplit_arguments {
    /* Created with VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT, and TRANSFER_DST_BIT unless
     * prewritten. VK_NULL_HANDLE: no arguments. */
    VkBuffer buffer;
    VkDeviceSize offset; /* a multiple of VKSPLIT_ARGUMENT_ALIGNMENT */
    /* 0: vksplit_cmd_record writes the range inside cmd (vkCmdUpdateBuffer, then a buffer
     *    barrier on that range: TRANSFER/TRANSFER_WRITE -> COMPUTE_SHADER/SHADER_READ and
     *    TRANSFER/TRANSFER_WRITE, so that a later update of the range needs only an
     *    execution dependency on this dispatch's reads).
     * 1: the range already holds these parts' addresses (see above); nothing is recorded
     *    for it. */
    vksplit_bool32 prewritten;
} vksplit_arguments;

/* Every buffer one recording of a plan reads or writes. A plan knows whether it splits or
 * joins and whether it reads device parameters: fill what it uses, leave the rest zero
 * (`vksplit_bindings b = {whole, parts};` for a plain split or join). */
typedef struct vksplit_bindings {
    /* The whole tensor: a split's input, a join's output. Required unless the plan copies
     * nothing (vksplit_plan_info.bytes_written 0). */
    vksplit_binding whole;
    /* [part count] the parts: a split's outputs (output_count of them), a join's inputs
     * (input_count); each empty part's entry is ignored. Required unless the plan copies
     * nothing. */
    const vksplit_binding* parts;
    /* Where this recording's part addresses go, when vksplit_plan_info.argument_bytes > 0
     * (above); ignored otherwise. */
    vksplit_arguments arguments;
    /* The block of device parameters (vksplit_plan_options.device_parameters, below), when the
     * plan reads them, or the status block of a plan with GPU indices (rows): a storage buffer with INDIRECT_BUFFER usage (and SHADER_DEVICE_ADDRESS
     * on device addresses), offset a multiple of VKSPLIT_PARAMETERS_ALIGNMENT, parameter_bytes
     * long; one block per recording that may be in flight at once. Ignored otherwise. */
    vksplit_binding parameters;
    /* The indices, when the plan's rows take GPU indices (vksplit_plan_options.rows): a storage
     * buffer (SHADER_DEVICE_ADDRESS on device addresses), offset a multiple of 4,
     * index_span_bytes long. Ignored otherwise. */
    vksplit_binding indices;
    /* The scale, when the plan converts with VKSPLIT_SCALE_DEVICE: one float32 in a storage
     * buffer (SHADER_DEVICE_ADDRESS on device addresses), offset a multiple of 4, read when
     * the copy runs. Ignored otherwise. */
    vksplit_binding scale;
} vksplit_bindings;

/* Records the plan into cmd (a compute-capable command buffer in the recording state, outside
 * a render pass): a split copies bindings.whole into bindings.parts, a join the other way.
 * Allocates nothing, creates nothing, submits nothing, formats nothing, writes nothing into
 * the plan; on error it records nothing (every check runs before the first command). The
 * written side's ranges (a split's parts, a join's whole) must not overlap each other or the
 * side read; a join's inputs may overlap each other (they are only read).
 *
 * What it records:
 *   - compute path, device addresses: a bind of the pipeline, push constants and one
 *     vkCmdDispatch, preceded, when the plan has argument_bytes and arguments.prewritten is
 *     0, by one vkCmdUpdateBuffer per 512 parts into the arguments range and one buffer
 *     barrier on that range;
 *   - compute path, push descriptors (the fallback): a bind of the pipeline, then per group
 *     of parts (vksplit_plan_info.dispatch_count groups) push descriptors, push constants
 *     and a vkCmdDispatch, with a memory barrier between groups (COMPUTE_SHADER/SHADER_WRITE
 *     -> COMPUTE_SHADER/SHADER_READ|SHADER_WRITE: descriptor ranges start at offsets rounded
 *     down to minStorageBufferOffsetAlignment, so one group's ranges may reach into the
 *     previous group's outputs);
 *   - transfer path: vkCmdCopyBuffer, 256 regions per command;
 *   - device parameters: first the check of the parameters (one workgroup, which also sizes
 *     the copy for the actual lengths and writes the status), a barrier (COMPUTE_SHADER/
 *     SHADER_WRITE -> COMPUTE_SHADER/SHADER_READ and DRAW_INDIRECT/INDIRECT_COMMAND_READ),
 *     then the copy as vkCmdDispatchIndirect, its grid in the block (push descriptors: one
 *     per group of parts), so that only the actual tiles run; a plan with nothing to copy
 *     records the check alone, so that every recording writes the status;
 *   - when the caller's instance has VK_EXT_debug_utils: all of it inside one
 *     vkCmdBeginDebugUtilsLabelEXT / vkCmdEndDebugUtilsLabelEXT pair whose label says what
 *     the plan is ("vksplit: 4-byte [64,3072,64] axis 1 -> 3 (tiles w16)", written at plan
 *     creation). The context also names its pipelines and layouts, and each plan its
 *     parameter table, with vkSetDebugUtilsObjectNameEXT. vksplit looks these functions up
 *     through your vkGetInstanceProcAddr, which returns NULL for them when the instance did
 *     not enable the extension: then nothing is named or labelled, at no cost.
 *
 * Barriers the caller owes:
 *   before: whatever wrote the side read -> VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT (TRANSFER for
 *           the transfer path), VK_ACCESS_SHADER_READ_BIT (TRANSFER_READ); earlier
 *           readers/writers of the side written -> that stage, VK_ACCESS_SHADER_WRITE_BIT
 *           (TRANSFER_WRITE); when vksplit_cmd_record writes the arguments into a range an
 *           earlier command (e.g. an earlier recording) still reads, that command's stage ->
 *           VK_PIPELINE_STAGE_TRANSFER_BIT (an execution dependency); with device parameters,
 *           the writes of the engine's values -> COMPUTE_SHADER/SHADER_READ, and earlier uses
 *           of the block (the status read back, an earlier recording's reads and its grid's,
 *           COMPUTE_SHADER and DRAW_INDIRECT) -> COMPUTE_SHADER (an execution dependency).
 *   after:  COMPUTE_SHADER (or TRANSFER) stage, SHADER_WRITE (TRANSFER_WRITE) access ->
 *           whatever reads the side written next (and, with device parameters, the status).
 * vksplit_plan_info.path tells which of the two stages applies.
 *
 * Leaves the compute pipeline, push constants and (fallback) set 0 bound: rebind yours.
 * Thread-safety: safe for one plan from any number of threads into different command
 * buffers; each command buffer needs the usual external synchronisation. */
VKSPLIT_API vksplit_result vksplit_cmd_record(const vksplit_plan* plan, VkCommandBuffer cmd,
                                              const vksplit_bindings* bindings, vksplit_error* error);

/* The status a recording of a plan with device parameters, or with GPU indices, wrote, from
 * the block's words read back (at least VKSPLIT_PARAMETERS_WORDS(n), or
 * VKSPLIT_ROWS_STATUS_WORDS): VKSPLIT_OK, or the broken rule's code, with *error naming the
 * part and the values ("the device's lengths[2] = 9 is over its capacity 8"; "the device's
 * indices: list 0 entry 3 = 70 is outside [0, 64)"). Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_parameters_status(const vksplit_plan* plan, const uint32_t* words,
                                                     vksplit_error* error);

/* Writes one recording's arguments (argument_bytes: the device addresses of bindings.parts)
 * on the host; only bindings.parts is read. mapped is the host address of the range's first
 * byte, not of the mapping: the pointer vkMapMemory returned, plus the range's offset in the
 * memory (buffer's memory offset + arguments.offset) less the offset the mapping starts at;
 * it must be 8-byte aligned. The caller then makes the write visible to the device
 * (host-coherent memory, or vkFlushMappedMemoryRanges) and records with prewritten = 1.
 * Checks the parts exactly as vksplit_cmd_record does; on error writes nothing. A no-op for a
 * plan whose argument_bytes is 0. Thread-safety: safe (reads the immutable plan; calls
 * vkGetBufferDeviceAddress). */
VKSPLIT_API vksplit_result vksplit_write_arguments(const vksplit_plan* plan, const vksplit_bindings* bindings,
                                                   void* mapped, vksplit_error* error);

/* The record calls of 0.3, kept as thin wrappers of vksplit_cmd_record until 0.5
 * (CHANGELOG.md): each fills a vksplit_bindings (a split's input as the whole, its outputs as
 * the parts; a join's output and inputs; `parameters` as bindings.parameters) and refuses a
 * plan of the other direction (RECORD_OPERATION). Thread-safety: as vksplit_cmd_record. */
VKSPLIT_API VKSPLIT_DEPRECATED("use vksplit_cmd_record (removed in 0.5)") vksplit_result
    vksplit_cmd_split(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                      const vksplit_binding* outputs, const vksplit_arguments* arguments, vksplit_error* error);
VKSPLIT_API VKSPLIT_DEPRECATED("use vksplit_cmd_record (removed in 0.5)") vksplit_result
    vksplit_cmd_join(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* inputs,
                     const vksplit_binding* output, const vksplit_arguments* arguments, vksplit_error* error);
VKSPLIT_API VKSPLIT_DEPRECATED("use vksplit_cmd_record (removed in 0.5)") vksplit_result
    vksplit_cmd_split_device(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                             const vksplit_binding* outputs, const vksplit_arguments* arguments,
                             const vksplit_binding* parameters, vksplit_error* error);
VKSPLIT_API VKSPLIT_DEPRECATED("use vksplit_cmd_record (removed in 0.5)") vksplit_result
    vksplit_cmd_join_device(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* inputs,
                            const vksplit_binding* output, const vksplit_arguments* arguments,
                            const vksplit_binding* parameters, vksplit_error* error);

#ifdef __cplusplus
}
#endif

#endif /* VKSPLIT_VKSPLIT_H */
