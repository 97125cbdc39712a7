/* vksplit's rules: one id for every check that can fail, with its result code and the format
 * of its message. Engines handle a failure in code by vksplit_error.rule; people find a rule's
 * check (grep VKSPLIT__FAIL(..., NAME) in src/) and its test (tests/README.md) by name.
 *
 * X(name, number, result, format): the enum value is VKSPLIT_RULE_<name> = number. Numbers are
 * stable: a rule keeps its number and meaning, new rules take new numbers, a retired rule's
 * number is never reused. The message is the format filled with the values the check found;
 * messages may be reworded between versions, ids and result codes may not.
 *
 * Included by vksplit.h; usable on its own (e.g. to build a table of one's own).
 */
#ifndef VKSPLIT_RULES_H
#define VKSPLIT_RULES_H

#define VKSPLIT_RULE_LIST(X)                                                                                               \
    /* Shared by every function that returns an object */                                                                  \
    X(OUT_NULL, 1, VKSPLIT_ERROR_NULL_ARGUMENT, "out is NULL")                                                             \
    /* The canonical split (vksplit_validate_split, vksplit_split_spans, vksplit_query_zero_copy) */                       \
    X(SPLIT_NULL, 2, VKSPLIT_ERROR_NULL_ARGUMENT, "split is NULL")                                                         \
    X(SPLIT_ELEMENT_SIZE, 3, VKSPLIT_ERROR_ELEMENT_SIZE, "element_size %u is out of range [1, %u]")                        \
    X(SPLIT_RANK, 4, VKSPLIT_ERROR_RANK, "rank %u is out of range [1, %u]")                                                \
    X(SPLIT_SIZES_NULL, 5, VKSPLIT_ERROR_NULL_ARGUMENT, "sizes is NULL")                                                   \
    X(SPLIT_AXIS, 6, VKSPLIT_ERROR_AXIS, "axis %u is out of range [0, %u] for a rank-%u input")                            \
    X(SPLIT_OUTPUT_COUNT, 7, VKSPLIT_ERROR_OUTPUT_COUNT, "output_count %u is out of range [1, %u]")                        \
    X(SPLIT_LENGTHS_NULL, 8, VKSPLIT_ERROR_NULL_ARGUMENT, "lengths (the per-output lengths) is NULL")                      \
    X(SPLIT_BASE_ALIGNMENT, 9, VKSPLIT_ERROR_ALIGNMENT, "base_alignment %u is not a power of two")                         \
    X(SPLIT_SUM_OVERFLOW, 10, VKSPLIT_ERROR_SPLIT_SUM, "lengths overflow 64 bits at lengths[%u] = %llu")                   \
    X(SPLIT_SUM, 11, VKSPLIT_ERROR_SPLIT_SUM, "lengths sum to %llu but sizes[%u] (the axis) is %llu")                      \
    X(SPLIT_ELEMENT_COUNT_OVERFLOW, 12, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                       \
      "input sizes %s: element count overflows 64 bits")                                                                   \
    X(SPLIT_SPAN_OVERFLOW, 13, VKSPLIT_ERROR_SIZE_OVERFLOW, "%s with sizes %s: its byte span overflows 64 bits")           \
    X(SPLIT_OVERLAPPING_STRIDES, 14, VKSPLIT_ERROR_OVERLAPPING_OUTPUT,                                                     \
      "output_strides[%u] %s with sizes %s let two elements share an address: dimension %u stride %llu must "              \
      "exceed %llu, the reach of the dimensions inside it")                                                                \
    X(ZERO_COPY_ALIASABLE_NULL, 15, VKSPLIT_ERROR_NULL_ARGUMENT, "aliasable is NULL")                                      \
    /* The canonical join (vksplit_validate_join, vksplit_join_spans, vksplit_query_join_zero_copy) */                     \
    X(JOIN_NULL, 200, VKSPLIT_ERROR_NULL_ARGUMENT, "join is NULL")                                                         \
    X(JOIN_ELEMENT_SIZE, 201, VKSPLIT_ERROR_ELEMENT_SIZE, "element_size %u is out of range [1, %u]")                       \
    X(JOIN_RANK, 202, VKSPLIT_ERROR_RANK, "rank %u is out of range [1, %u]")                                               \
    X(JOIN_SIZES_NULL, 203, VKSPLIT_ERROR_NULL_ARGUMENT, "sizes (the output's) is NULL")                                   \
    X(JOIN_AXIS, 204, VKSPLIT_ERROR_AXIS, "axis %u is out of range [0, %u] for a rank-%u output")                          \
    X(JOIN_INPUT_COUNT, 205, VKSPLIT_ERROR_OUTPUT_COUNT, "input_count %u is out of range [1, %u]")                         \
    X(JOIN_LENGTHS_NULL, 206, VKSPLIT_ERROR_NULL_ARGUMENT, "lengths (the per-input lengths) is NULL")                      \
    X(JOIN_BASE_ALIGNMENT, 207, VKSPLIT_ERROR_ALIGNMENT, "base_alignment %u is not a power of two")                        \
    X(JOIN_SUM_OVERFLOW, 208, VKSPLIT_ERROR_SPLIT_SUM, "lengths overflow 64 bits at lengths[%u] = %llu")                   \
    X(JOIN_SUM, 209, VKSPLIT_ERROR_SPLIT_SUM, "lengths sum to %llu but sizes[%u] (the axis) is %llu")                      \
    X(JOIN_ELEMENT_COUNT_OVERFLOW, 210, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                       \
      "output sizes %s: element count overflows 64 bits")                                                                  \
    X(JOIN_SPAN_OVERFLOW, 211, VKSPLIT_ERROR_SIZE_OVERFLOW, "%s with sizes %s: its byte span overflows 64 bits")           \
    X(JOIN_OVERLAPPING_STRIDES, 212, VKSPLIT_ERROR_OVERLAPPING_OUTPUT,                                                     \
      "output_strides %s with sizes %s let two elements share an address: dimension %u stride %llu must exceed "           \
      "%llu, the reach of the dimensions inside it")                                                                       \
    X(JOIN_ZERO_COPY_ALIASABLE_NULL, 213, VKSPLIT_ERROR_NULL_ARGUMENT, "aliasable (one per input) is NULL")                \
    /* Contexts, device support and tuning */                                                                              \
    X(SUPPORT_QUERY_NULL, 16, VKSPLIT_ERROR_NULL_ARGUMENT,                                                                 \
      "physical_device, get_instance_proc_addr, instance and supported are required")                                      \
    X(CONTEXT_DESC_NULL, 17, VKSPLIT_ERROR_NULL_ARGUMENT, "desc is NULL")                                                  \
    X(CONTEXT_DESC_HANDLES, 18, VKSPLIT_ERROR_NULL_ARGUMENT,                                                               \
      "desc.instance, physical_device, device and get_instance_proc_addr are required")                                    \
    X(CONTEXT_NO_DEVICE_ADDRESS_FUNCTION, 19, VKSPLIT_ERROR_UNSUPPORTED,                                                   \
      "VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS is set but vkGetBufferDeviceAddress is not available")                        \
    X(CONTEXT_NO_ADDRESSING, 20, VKSPLIT_ERROR_UNSUPPORTED,                                                                \
      "vksplit needs bufferDeviceAddress+shaderInt64 (VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) or "                          \
      "VK_KHR_push_descriptor (VKSPLIT_FEATURE_PUSH_DESCRIPTOR) enabled on the device")                                    \
    X(CONTEXT_MISSING_FUNCTION, 21, VKSPLIT_ERROR_UNSUPPORTED, "%s returned NULL for %s")                                  \
    X(CONTEXT_NULL, 279, VKSPLIT_ERROR_NULL_ARGUMENT, "ctx is NULL")                                                       \
    X(CONTEXT_PIPELINES, 281, VKSPLIT_ERROR_INVALID_ARGUMENT, "desc.pipelines %d is not a vksplit_pipelines")              \
    X(CONTEXT_SPIRV_DAMAGED, 283, VKSPLIT_ERROR_IO,                                                                        \
      "embedded SPIR-V module %s does not unpack to its %llu bytes with CRC-32 0x%08x: the library's data is damaged")     \
    X(CONTEXT_PIPELINE_INDEX, 280, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                         \
      "pipeline index %u is out of range: this context has %u (vksplit_context_pipeline_count)")                           \
    X(CONTEXT_ADDRESSING_NOT_BUILT, 278, VKSPLIT_ERROR_UNSUPPORTED,                                                        \
      "this build of vksplit embeds no shaders for %s (it was built with VKSPLIT_ADDRESSING=%s), which this "              \
      "device needs: %s")                                                                                                  \
    X(CONTEXT_MAX_BINDING_BYTES, 198, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                      \
      "max_binding_bytes %llu is below 4096, the smallest binding window")                                                 \
    X(TUNING_MAPPING, 22, VKSPLIT_ERROR_INVALID_ARGUMENT, "tuning.mapping %d is not a vksplit_mapping")                    \
    X(TUNING_MAX_WORD_BYTES, 23, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                           \
      "tuning.max_word_bytes %u is not 1, 2, 4, 8, 16 or 32")                                                              \
    X(TUNING_WORKGROUP_SIZE, 24, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                           \
      "tuning.workgroup_size %u is out of range [1, %u] on this device")                                                   \
    X(TUNING_INVOCATION_BYTES, 25, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                         \
      "tuning.invocation_bytes %u is out of range [1, 65536]")                                                             \
    X(TUNING_LOAD_PATHS, 379, VKSPLIT_ERROR_INVALID_ARGUMENT, "tuning.load_paths %d is not a vksplit_load_paths")          \
    X(TUNING_MIN_WORKGROUPS, 196, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                          \
      "tuning.min_workgroups %u is out of range [1, 16777216]")                                                            \
    /* Plans */                                                                                                            \
    X(PLAN_CONTEXT_NULL, 26, VKSPLIT_ERROR_NULL_ARGUMENT, "ctx is NULL")                                                   \
    X(PLAN_PATH, 27, VKSPLIT_ERROR_INVALID_ARGUMENT, "options.path %d is not a vksplit_path")                              \
    /* 28, 29 (PLAN_INPUT_RANGE, PLAN_OUTPUT_RANGE: a tensor beyond one binding without device                      \
     * addresses) are retired: the descriptor path binds windows (PLAN_WINDOWS). */      \
    X(PLAN_WINDOWS, 197, VKSPLIT_ERROR_UNSUPPORTED,                                                                        \
      "without buffer device addresses the %s needs more than %u binding windows of at most %llu bytes "                   \
      "(maxStorageBufferRange); its strides scatter it too widely for one plan")                                           \
    X(PLAN_INPUT_BUFFER_SIZE, 30, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                             \
      "%s spans %llu bytes but a buffer holds at most %llu on this device (maxBufferSize)")                                \
    X(PLAN_OUTPUT_BUFFER_SIZE, 31, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                            \
      "%s[%u] spans %llu bytes but a buffer holds at most %llu on this device (maxBufferSize)")                            \
    X(PLAN_WORKGROUP_COUNT, 32, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                               \
      "the %s needs %llu workgroups; this device dispatches at most %llu x %u")                                            \
    X(PLAN_NO_HOST_VISIBLE_MEMORY, 33, VKSPLIT_ERROR_UNSUPPORTED,                                                          \
      "no host-visible memory type for the parameter table")                                                               \
    X(PLAN_TRANSFER_REGIONS, 34, VKSPLIT_ERROR_UNSUPPORTED,                                                                \
      "the transfer path would need %llu copy regions; it holds at most %u (use the compute path)")                        \
    X(PLAN_TRANSFER_ROWS, 35, VKSPLIT_ERROR_UNSUPPORTED,                                                                   \
      "the transfer path needs rows that are contiguous in every tensor; this split's are single elements "                \
      "(use the compute path)")                                                                                            \
    X(PLAN_ROWS_LIMIT, 36, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                                    \
      "%s[%u] has %llu rows; vksplit handles at most 2^32-1 per tensor")                                                   \
    X(PLAN_ROW_WORDS_LIMIT, 37, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                               \
      "%s[%u] has contiguous rows of %llu words of %u bytes; vksplit handles at most 2^32-1")                              \
    X(PLAN_UNITS_LIMIT, 38, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                                   \
      "%s[%u] needs %llu %s; vksplit handles at most %llu per tensor")                                                     \
    X(PLAN_GRID_LIMIT, 39, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                                    \
      "the %s needs %llu x %llu workgroups; vksplit handles at most 2^32-1")                                               \
    X(PLAN_TILES_WORKGROUPS_LIMIT, 40, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                        \
      "%s[%u] needs %llu workgroups of %llu words; vksplit handles at most 2^32-1 per tensor")                             \
    X(PLAN_SHAPE_FIELDS, 199, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                                 \
      "a dispatch's shape word cannot hold grid width %llu, %u row dimensions and flags 0x%x")                             \
    X(PLAN_TABLE_PLACEMENT, 284, VKSPLIT_ERROR_INVALID_ARGUMENT, "options.table %d is not a vksplit_table_placement")      \
    X(PLAN_DEVICE_PARAMETERS, 299, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                         \
      "options.device_parameters %d is not a vksplit_device_parameters")                                                   \
    X(PLAN_DEVICE_BINDING, 300, VKSPLIT_ERROR_UNSUPPORTED,                                                                 \
      "device parameters without device addresses need every tensor within one binding's reach (%llu bytes)")              \
    X(PLAN_DEVICE_PATH, 301, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                               \
      "device parameters run on the compute path: options.path is VKSPLIT_PATH_TRANSFER")                                  \
    X(PLAN_DEVICE_LAYOUT, 302, VKSPLIT_ERROR_UNSUPPORTED,                                                                  \
      "device parameters need the axis and the dimensions after it packed: %s has stride %llu at dimension %u, not "       \
      "%llu")                                                                                                              \
    X(PLAN_DEVICE_STEP, 303, VKSPLIT_ERROR_UNSUPPORTED,                                                                    \
      "device parameters copy whole 4-byte words: %s is %llu bytes (a step along the axis %llu, base_alignment %u)")       \
    X(PLAN_DEVICE_CAPACITY, 304, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                              \
      "device parameters count in 32 bits: %s's capacity %llu along the axis of %llu words a step is past %llu words")     \
    /* Rows the GPU places (vksplit_plan_options.rows) */                                                                  \
    X(PLAN_ROWS_MODE, 313, VKSPLIT_ERROR_INVALID_ARGUMENT, "options.rows.mode %d is not a vksplit_rows_mode")              \
    X(PLAN_ROWS_INDEX_BYTES, 314, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                          \
      "options.rows.index_bytes %u: indices are 4 (int32) or 8 (int64) bytes (0: 8)")                                      \
    X(PLAN_ROWS_PARTS, 315, VKSPLIT_ERROR_OUTPUT_COUNT, "rows the GPU places move one part: the desc has %u %s")           \
    X(PLAN_ROWS_LIST_DIMS, 316, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                            \
      "options.rows.list_dims 0x%x names dimension %u: lists run over the dimensions before the axis %u")                  \
    X(PLAN_ROWS_LAYOUT, 317, VKSPLIT_ERROR_UNSUPPORTED,                                                                    \
      "rows need the dimensions after the axis packed: %s has stride %llu at dimension %u, not %llu")                      \
    X(PLAN_ROWS_DEVICE_PARAMETERS, 318, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                    \
      "rows the GPU places read no device parameters: options.device_parameters is %d")                                    \
    X(PLAN_ROWS_PATH, 319, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                                 \
      "rows the GPU places run on the compute path: options.path is VKSPLIT_PATH_TRANSFER")                                \
    X(PLAN_ROWS_SKIP, 320, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                                 \
      "options.rows.skip_negative is for INDEXED rows, and the mode is %s")                                                \
    X(PLAN_ROWS_LENGTH, 321, VKSPLIT_ERROR_SPLIT_LENGTH,                                                                   \
      "%s rows: the part's %llu rows are more than the whole's %llu places along the axis")                                \
    X(PLAN_ROWS_COUNT, 322, VKSPLIT_ERROR_SIZE_OVERFLOW, "rows count in 32 bits: %s is %llu, past %llu")                   \
    X(PLAN_ROWS_BINDING, 323, VKSPLIT_ERROR_UNSUPPORTED,                                                                   \
      "rows without device addresses need every tensor within one binding's reach: %s spans %llu bytes, past %llu")        \
    X(PLAN_ROWS_PAGES, 331, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                                \
      "options.rows.pages_along %u: the pages run along a dimension before the axis %u, not in list_dims 0x%x, of a join") \
    X(PLAN_CONVERT_TYPE, 364, VKSPLIT_ERROR_INVALID_ARGUMENT, "options.convert.%s = %d is not a vksplit_type")             \
    X(PLAN_CONVERT_PAIR, 365, VKSPLIT_ERROR_UNSUPPORTED,                                                                   \
      "options.convert: %s to %s is not a conversion vksplit makes (docs/conversions.md lists the pairs)")                 \
    X(PLAN_CONVERT_ELEMENT_SIZE, 366, VKSPLIT_ERROR_ELEMENT_SIZE,                                                          \
      "element_size %u does not match the whole's type %s: give %s")                                                       \
    X(PLAN_CONVERT_SCALE_SOURCE, 367, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                      \
      "options.convert.scale_source %d is not a vksplit_scale_source")                                                     \
    X(PLAN_CONVERT_SCALE_TYPE, 368, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                        \
      "options.convert: a scale is for FP8, and %s to %s has none")                                                        \
    X(PLAN_CONVERT_SCALE_VALUE, 369, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                       \
      "options.convert.scale %g must be finite and positive")                                                              \
    X(PLAN_CONVERT_Q8_0_ROW, 370, VKSPLIT_ERROR_UNSUPPORTED,                                                               \
      "%s is Q8_0: its last dimension %llu must be a multiple of 32 (a block)")                                            \
    X(PLAN_CONVERT_Q8_0_PACKED, 371, VKSPLIT_ERROR_UNSUPPORTED, "%s is Q8_0 and must be packed (its strides NULL)")        \
    X(PLAN_CONVERT_Q8_0_STRIDE, 372, VKSPLIT_ERROR_UNSUPPORTED,                                                            \
      "%s: a Q8_0 block's 32 elements must be contiguous here, but its last stride is %llu")                               \
    X(PLAN_CONVERT_WITH, 373, VKSPLIT_ERROR_UNSUPPORTED, "options.convert: a converting plan does not yet take %s")        \
    X(PLAN_CONVERT_PATH, 374, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                              \
      "options.convert: a converting plan runs on the compute path, not %s")                                               \
    X(PLAN_CONVERT_COUNT, 375, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                                \
      "options.convert: %s holds %llu elements, past 2^32 - 1 (a converting plan counts elements in 32 bits)")             \
    X(PLAN_CONVERT_BINDING, 376, VKSPLIT_ERROR_UNSUPPORTED,                                                                \
      "options.convert: %s spans %llu bytes, past one binding's reach on this device (%llu bytes)")                        \
    X(PLAN_DEVICE_RING, 330, VKSPLIT_ERROR_OUTPUT_COUNT,                                                                   \
      "device parameters in a ring (VKSPLIT_DEVICE_PARAMETERS_RING) place one part: the desc has %u %s")                   \
    X(PLAN_ROWS_HOST_INDICES, 324, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                            \
      "options.rows.host_indices: the plan reads %llu indices; a plan holds at most %u (give them on the GPU)")            \
    /* The caller's table (vksplit_plan_write_table, vksplit_plan_bind_table) */                                           \
    X(TABLE_DATA_NULL, 285, VKSPLIT_ERROR_NULL_ARGUMENT, "data is NULL for a table of %llu bytes")                         \
    X(TABLE_DATA_ALIGNMENT, 286, VKSPLIT_ERROR_ALIGNMENT,                                                                  \
      "data is %u bytes past a 4-byte boundary: it must be aligned")                                                       \
    X(TABLE_BIND_PLACEMENT, 287, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                           \
      "this plan's table is in the context's pool (options.table VKSPLIT_TABLE_POOL): there is nothing to bind")           \
    X(TABLE_BIND_TWICE, 288, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                               \
      "the plan's table is already bound (at offset %llu): bind it once, before the first recording")                      \
    X(TABLE_BIND_BUFFER_NULL, 289, VKSPLIT_ERROR_BINDING, "buffer is VK_NULL_HANDLE for a table of %llu bytes")            \
    X(TABLE_BIND_OFFSET, 290, VKSPLIT_ERROR_ALIGNMENT,                                                                     \
      "offset %llu is not a multiple of the table's alignment %u (vksplit_plan_info.table_alignment)")                     \
    X(TABLE_BIND_ADDRESS, 291, VKSPLIT_ERROR_ALIGNMENT,                                                                    \
      "the table's device address 0x%llx (the buffer's, plus offset %llu) is not a multiple of %u")                        \
    X(PLAN_NO_PIPELINE, 41, VKSPLIT_ERROR_UNSUPPORTED, "no pipeline for the %s mapping and %u-byte words")                 \
    /* Recording: bindings and per-recording arguments */                                                                  \
    X(RECORD_NULL, 42, VKSPLIT_ERROR_NULL_ARGUMENT, "plan and cmd are required")                                           \
    X(RECORD_BINDINGS_NULL, 43, VKSPLIT_ERROR_NULL_ARGUMENT,                                                               \
      "bindings and bindings.parts are required: the plan copies %llu bytes between %u %s and the %s")                     \
    /* 214 (RECORD_JOIN_BINDINGS_NULL), 305 (RECORD_DEVICE_PARAMETERS) and 306                                         \
     * (RECORD_NO_DEVICE_PARAMETERS) are retired: one record call takes every plan (0.4). */   \
    X(RECORD_OPERATION, 215, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                               \
      "this plan is a %s, and %s records a %s: record every plan with vksplit_cmd_record")                                 \
    X(RECORD_PARAMETERS_NULL, 307, VKSPLIT_ERROR_NULL_ARGUMENT,                                                            \
      "bindings.parameters.buffer is VK_NULL_HANDLE: this plan reads device parameters or writes its rows' status")        \
    X(RECORD_PARAMETERS_ALIGNMENT, 308, VKSPLIT_ERROR_ALIGNMENT,                                                           \
      "bindings.parameters: offset %llu (device address 0x%llx; 0 without) is not a multiple of 16")                       \
    /* What the check of device parameters writes (vksplit_parameters_status) */                                           \
    X(PARAMETERS_STATUS_NULL, 309, VKSPLIT_ERROR_NULL_ARGUMENT, "plan and words are required")                             \
    X(PARAMETERS_STATUS_PLAN, 310, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                         \
      "this plan writes no status: it reads no device parameters and no GPU indices")                                      \
    X(PARAMETERS_STATUS_UNKNOWN, 311, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                      \
      "status %u is no rule the check writes: the block was not written by a recording of this plan")                      \
    X(DEVICE_LENGTH, 294, VKSPLIT_ERROR_SPLIT_LENGTH, "the device's lengths[%u] = %u is over its capacity %u")             \
    X(DEVICE_WHOLE_LENGTH, 295, VKSPLIT_ERROR_SPLIT_SUM, "the device's whole length %u is over its capacity %u")           \
    X(DEVICE_SUM, 296, VKSPLIT_ERROR_SPLIT_SUM, "the device's lengths sum to %llu, but its whole length is %u")            \
    X(DEVICE_OFFSET, 297, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                                  \
      "the device's offsets[%u] = %u plus its length is past the whole's capacity %u")                                     \
    X(DEVICE_ORDER, 298, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                                   \
      "the device's offsets[%u] = %u starts before the part before it ends (%u): a join's parts lie in order")             \
    X(RECORD_INDICES_NULL, 325, VKSPLIT_ERROR_NULL_ARGUMENT,                                                               \
      "bindings.indices.buffer is VK_NULL_HANDLE: this plan reads %llu bytes of indices the GPU wrote")                    \
    X(RECORD_INDICES_ALIGNMENT, 326, VKSPLIT_ERROR_ALIGNMENT,                                                              \
      "bindings.indices: offset %llu (device address 0x%llx; 0 without) is not a multiple of 4")                           \
    /* What the rows' check writes (vksplit_parameters_status), and host indices at plan creation */                       \
    X(ROWS_INDEX, 327, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                                     \
      "the %s indices: list %u entry %u = %lld is outside the whole's places [0, %u)")                                     \
    X(ROWS_START, 328, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                                     \
      "the %s indices: list %u starts at %lld, and its %u rows must lie in the whole's places [0, %u)")                    \
    X(ROWS_DUPLICATE, 329, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                                 \
      "the %s indices: list %u entries %u and %u both place a row at %lld: a join writes each place once")                 \
    X(RECORD_SCALE_NULL, 377, VKSPLIT_ERROR_NULL_ARGUMENT,                                                                 \
      "bindings.scale.buffer is VK_NULL_HANDLE, but the plan reads its scale from the device")                             \
    X(RECORD_SCALE_ALIGNMENT, 378, VKSPLIT_ERROR_ALIGNMENT,                                                                \
      "bindings.scale.offset %llu is not a multiple of 4 (a float32)")                                                     \
    X(RECORD_TABLE_UNBOUND, 292, VKSPLIT_ERROR_BINDING,                                                                    \
      "the plan's table is the caller's (VKSPLIT_TABLE_CALLER) and not bound: vksplit_plan_bind_table first")              \
    X(BINDING_BUFFER_NULL, 44, VKSPLIT_ERROR_BINDING, "%s.buffer is VK_NULL_HANDLE")                                       \
    X(BINDING_OFFSET_ALIGNMENT, 45, VKSPLIT_ERROR_ALIGNMENT,                                                               \
      "%s.offset %llu is not a multiple of %u, the alignment this plan's %u-byte copy word needs (set "                    \
      "the desc's base_alignment to what your offsets guarantee)")                                                         \
    X(BINDING_ADDRESS_ALIGNMENT, 46, VKSPLIT_ERROR_ALIGNMENT,                                                              \
      "%s: buffer device address + offset = 0x%llx is not a multiple of %u, the alignment this plan's %u-byte "            \
      "copy word needs")                                                                                                   \
    X(ARGUMENTS_NULL, 47, VKSPLIT_ERROR_NULL_ARGUMENT,                                                                     \
      "bindings.arguments.buffer is VK_NULL_HANDLE but this plan's %u %s need %llu bytes of per-recording arguments")      \
    /* 48 (ARGUMENTS_BUFFER_NULL) is retired: arguments without a buffer are no arguments (0.4). */                        \
    X(ARGUMENTS_OFFSET_ALIGNMENT, 49, VKSPLIT_ERROR_ALIGNMENT,                                                             \
      "bindings.arguments.offset %llu is not a multiple of %u")                                                            \
    X(ARGUMENTS_ADDRESS_ALIGNMENT, 50, VKSPLIT_ERROR_ALIGNMENT,                                                            \
      "bindings.arguments: buffer device address + offset = 0x%llx is not a multiple of %u")                               \
    X(PLAN_NULL, 51, VKSPLIT_ERROR_NULL_ARGUMENT, "plan is NULL")                                                          \
    X(ARGUMENTS_WRITE_NULL, 52, VKSPLIT_ERROR_NULL_ARGUMENT, "bindings, bindings.parts and mapped are required")           \
    X(ARGUMENTS_MAPPED_ALIGNMENT, 53, VKSPLIT_ERROR_ALIGNMENT, "mapped %p is not 8-byte aligned")                          \
    /* Host allocations and Vulkan calls */                                                                                \
    X(HOST_ALLOCATION_CONTEXT, 54, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation of the context failed")                   \
    X(HOST_ALLOCATION_EXTENSIONS, 55, VKSPLIT_ERROR_OUT_OF_MEMORY,                                                         \
      "host allocation for %u extension properties failed")                                                                \
    X(HOST_ALLOCATION_PLAN, 56, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation of the plan failed")                         \
    X(HOST_ALLOCATION_OUTPUTS, 57, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation for %u %s failed")                        \
    X(HOST_ALLOCATION_DISPATCHES, 58, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation for %u dispatches failed")             \
    X(HOST_ALLOCATION_REGIONS, 59, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation for %llu copy regions failed")            \
    X(HOST_ALLOCATION_TABLE_POOL, 293, VKSPLIT_ERROR_OUT_OF_MEMORY,                                                        \
      "host allocation for a table block of %llu bytes failed")                                                            \
    X(HOST_ALLOCATION_SPIRV, 282, VKSPLIT_ERROR_OUT_OF_MEMORY,                                                             \
      "host allocation of %llu bytes to unpack SPIR-V module %s failed")                                                   \
    X(VULKAN_OUT_OF_MEMORY, 60, VKSPLIT_ERROR_OUT_OF_MEMORY, "%s returned VkResult %d")                                    \
    X(VULKAN_DEVICE_LOST, 61, VKSPLIT_ERROR_DEVICE_LOST, "%s returned VkResult %d")                                        \
    X(VULKAN_CALL, 62, VKSPLIT_ERROR_VULKAN, "%s returned VkResult %d")                                                    \
    /* DirectML front-end (vksplit/directml.h) */                                                                          \
    X(DML_OPERATOR_NULL, 63, VKSPLIT_ERROR_NULL_ARGUMENT, "op (the DML_SPLIT_OPERATOR_DESC) is NULL")                      \
    X(DML_INPUT_TENSOR_NULL, 64, VKSPLIT_ERROR_NULL_ARGUMENT, "InputTensor is NULL")                                       \
    X(DML_OUTPUT_TENSORS_NULL, 65, VKSPLIT_ERROR_NULL_ARGUMENT, "OutputTensors is NULL")                                   \
    X(DML_OUTPUT_COUNT_ZERO, 66, VKSPLIT_ERROR_OUTPUT_COUNT, "OutputCount is 0; it must be greater than 0")                \
    X(DML_OUTPUT_COUNT_LIMIT, 67, VKSPLIT_ERROR_OUTPUT_COUNT, "OutputCount %u is more than vksplit's limit of %u")         \
    X(DML_AXIS, 68, VKSPLIT_ERROR_AXIS, "Axis %u is out of range [0, %u] for InputTensor.DimensionCount %u")               \
    X(DML_TENSOR_DESC_NULL, 69, VKSPLIT_ERROR_NULL_ARGUMENT, "%s.Desc is NULL")                                            \
    X(DML_TENSOR_TYPE, 70, VKSPLIT_ERROR_ATTRIBUTE,                                                                        \
      "%s.Type is %u; Split takes DML_TENSOR_TYPE_BUFFER (1) tensors only")                                                \
    X(DML_DATA_TYPE, 71, VKSPLIT_ERROR_DATA_TYPE,                                                                          \
      "%s.DataType %u is not one DML_SPLIT_OPERATOR_DESC supports (FLOAT32 = 1 .. INT64 = 11)")                            \
    X(DML_DATA_TYPE_FEATURE_LEVEL, 72, VKSPLIT_ERROR_FEATURE_LEVEL, "%s.DataType %s needs %s; the target is %s")           \
    X(DML_DIMENSION_COUNT, 73, VKSPLIT_ERROR_RANK, "%s.DimensionCount %u is out of range [%u, %u]")                        \
    X(DML_DIMENSION_COUNT_FEATURE_LEVEL, 74, VKSPLIT_ERROR_FEATURE_LEVEL,                                                  \
      "%s.DimensionCount %u needs %s; the target %s allows %u to %u")                                                      \
    X(DML_FLAGS_UNKNOWN, 75, VKSPLIT_ERROR_ATTRIBUTE, "%s.Flags 0x%x has unknown bits 0x%x")                               \
    X(DML_FLAGS_OWNED_BY_DML, 76, VKSPLIT_ERROR_ATTRIBUTE,                                                                 \
      "%s.Flags has DML_TENSOR_FLAG_OWNED_BY_DML, which DirectML allows on input tensors only")                            \
    X(DML_ALIGNMENT_POWER_OF_TWO, 77, VKSPLIT_ERROR_ALIGNMENT,                                                             \
      "%s.GuaranteedBaseOffsetAlignment %u is not a power of two")                                                         \
    X(DML_ALIGNMENT_BELOW_ELEMENT, 78, VKSPLIT_ERROR_ALIGNMENT,                                                            \
      "%s.GuaranteedBaseOffsetAlignment %u is less than the %u-byte element size of %s")                                   \
    X(DML_SIZES_NULL, 79, VKSPLIT_ERROR_NULL_ARGUMENT, "%s.Sizes is NULL")                                                 \
    X(DML_SIZE_ZERO, 80, VKSPLIT_ERROR_SHAPE_MISMATCH, "%s.Sizes[%u] is 0; DirectML sizes must be greater than 0")         \
    X(DML_BUFFER_SIZE_OVERFLOW, 81, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                           \
      "%s with Sizes %s: DMLCalcBufferTensorSize overflows 64 bits")                                                       \
    X(DML_ELEMENT_COUNT_LIMIT, 82, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                            \
      "%s with Sizes %s spans %llu elements; a DirectML buffer tensor holds at most 2^32 - 1")                             \
    X(DML_TOTAL_TENSOR_SIZE, 83, VKSPLIT_ERROR_TENSOR_SIZE,                                                                \
      "%s.TotalTensorSizeInBytes is %llu but Sizes %s and Strides %s need %llu (DMLCalcBufferTensorSize)")                 \
    X(DML_OVERLAPPING_STRIDES, 84, VKSPLIT_ERROR_OVERLAPPING_OUTPUT,                                                       \
      "%s.Strides %s with Sizes %s let two elements share an address: dimension %u stride %llu must exceed "               \
      "%llu, the reach of the dimensions inside it")                                                                       \
    X(DML_DATA_TYPE_MISMATCH, 85, VKSPLIT_ERROR_DATA_TYPE,                                                                 \
      "%s.DataType is %s (%u) but InputTensor.DataType is %s (%u)")                                                        \
    X(DML_DIMENSION_COUNT_MISMATCH, 86, VKSPLIT_ERROR_RANK,                                                                \
      "%s.DimensionCount is %u but InputTensor.DimensionCount is %u")                                                      \
    X(DML_SIZES_MISMATCH, 87, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                                \
      "%s.Sizes[%u] is %u but InputTensor.Sizes[%u] is %u (only Sizes[%u], the axis, may differ)")                         \
    X(DML_SPLIT_SUM, 88, VKSPLIT_ERROR_SPLIT_SUM,                                                                          \
      "OutputTensors[*].Sizes[%u] (the axis) sum to %llu but InputTensor.Sizes[%u] is %u")                                 \
    X(DML_STORAGE_CAPACITY, 89, VKSPLIT_ERROR_OUTPUT_COUNT, "storage->capacity %u is less than OutputCount %u")            \
    X(STORAGE_NULL, 90, VKSPLIT_ERROR_NULL_ARGUMENT, "%s is NULL")                                                         \
    X(DML_STORAGE_STRIDES_NULL, 91, VKSPLIT_ERROR_NULL_ARGUMENT,                                                           \
      "an output has Strides but storage->output_strides or ->output_stride_table is NULL")                                \
    X(DML_SUPPORT_NULL, 92, VKSPLIT_ERROR_NULL_ARGUMENT, "support is NULL")                                                \
    X(DML_FEATURE_LEVEL, 93, VKSPLIT_ERROR_FEATURE_LEVEL,                                                                  \
      "feature level 0x%x is below DML_FEATURE_LEVEL_1_0 (0x1000), where Split was introduced")                            \
    X(DML_CALC_BYTES_NULL, 94, VKSPLIT_ERROR_NULL_ARGUMENT, "bytes is NULL")                                               \
    X(DML_CALC_DATA_TYPE, 95, VKSPLIT_ERROR_DATA_TYPE, "DataType %u is not a DirectML data type Split knows")              \
    X(DML_CALC_DIMENSION_COUNT, 96, VKSPLIT_ERROR_RANK, "DimensionCount %u is out of range [1, %u]")                       \
    X(DML_CALC_SIZES_NULL, 97, VKSPLIT_ERROR_NULL_ARGUMENT, "Sizes is NULL")                                               \
    X(DML_CALC_SIZE_ZERO, 98, VKSPLIT_ERROR_SHAPE_MISMATCH, "Sizes[%u] is 0; DirectML sizes must be greater than 0")       \
    X(DML_CALC_OVERFLOW, 99, VKSPLIT_ERROR_SIZE_OVERFLOW, "Sizes %s: the buffer size overflows 64 bits")                   \
    /* DirectML Join front-end (vksplit/directml.h); each buffer tensor fails by the DML_* rules above */                  \
    X(DML_JOIN_OPERATOR_NULL, 216, VKSPLIT_ERROR_NULL_ARGUMENT, "op (the DML_JOIN_OPERATOR_DESC) is NULL")                 \
    X(DML_JOIN_INPUT_TENSORS_NULL, 217, VKSPLIT_ERROR_NULL_ARGUMENT, "InputTensors is NULL")                               \
    X(DML_JOIN_OUTPUT_TENSOR_NULL, 218, VKSPLIT_ERROR_NULL_ARGUMENT, "OutputTensor is NULL")                               \
    X(DML_JOIN_INPUT_COUNT_ZERO, 219, VKSPLIT_ERROR_OUTPUT_COUNT, "InputCount is 0; it must be greater than 0")            \
    X(DML_JOIN_INPUT_COUNT_LIMIT, 220, VKSPLIT_ERROR_OUTPUT_COUNT, "InputCount %u is more than vksplit's limit of %u")     \
    X(DML_JOIN_AXIS, 221, VKSPLIT_ERROR_AXIS, "Axis %u is out of range [0, %u] for OutputTensor.DimensionCount %u")        \
    X(DML_JOIN_TENSOR_TYPE, 222, VKSPLIT_ERROR_ATTRIBUTE,                                                                  \
      "%s.Type is %u; Join takes DML_TENSOR_TYPE_BUFFER (1) tensors only")                                                 \
    X(DML_JOIN_DATA_TYPE, 223, VKSPLIT_ERROR_DATA_TYPE,                                                                    \
      "%s.DataType %u is not one DML_JOIN_OPERATOR_DESC supports (FLOAT32 = 1 .. INT64 = 11)")                             \
    X(DML_JOIN_DATA_TYPE_MISMATCH, 224, VKSPLIT_ERROR_DATA_TYPE,                                                           \
      "%s.DataType is %s (%u) but OutputTensor.DataType is %s (%u)")                                                       \
    X(DML_JOIN_DIMENSION_COUNT_MISMATCH, 225, VKSPLIT_ERROR_RANK,                                                          \
      "%s.DimensionCount is %u but OutputTensor.DimensionCount is %u")                                                     \
    X(DML_JOIN_SIZES_MISMATCH, 226, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                          \
      "%s.Sizes[%u] is %u but OutputTensor.Sizes[%u] is %u (only Sizes[%u], the axis, may differ)")                        \
    X(DML_JOIN_AXIS_SIZE_ZERO, 227, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                          \
      "%s.Sizes[%u] (the join axis) is 0; DML_JOIN_OPERATOR_DESC's inputs may have any non-zero size there")               \
    X(DML_JOIN_SUM, 228, VKSPLIT_ERROR_SPLIT_SUM,                                                                          \
      "InputTensors[*].Sizes[%u] (the axis) sum to %llu but OutputTensor.Sizes[%u] is %u")                                 \
    X(DML_JOIN_STORAGE_CAPACITY, 229, VKSPLIT_ERROR_OUTPUT_COUNT, "storage->capacity %u is less than InputCount %u")       \
    X(DML_JOIN_STORAGE_STRIDES_NULL, 230, VKSPLIT_ERROR_NULL_ARGUMENT,                                                     \
      "an input has Strides but storage->input_strides or ->input_stride_table is NULL")                                   \
    X(DML_JOIN_FEATURE_LEVEL, 231, VKSPLIT_ERROR_FEATURE_LEVEL,                                                            \
      "feature level 0x%x is below DML_FEATURE_LEVEL_1_0 (0x1000), where Join was introduced")                             \
    /* ONNX front-end (vksplit/onnx.h) */                                                                                  \
    X(ONNX_NODE_NULL, 100, VKSPLIT_ERROR_NULL_ARGUMENT, "node is NULL")                                                    \
    X(ONNX_OPSET_IMPORT, 101, VKSPLIT_ERROR_OPSET,                                                                         \
      "opset %lld is not a Split version: ONNX Split has versions 1, 2, 11, 13 and 18 (a model importing "                 \
      "opset %lld uses Split-%lld)")                                                                                       \
    X(ONNX_OPSET, 102, VKSPLIT_ERROR_OPSET,                                                                                \
      "opset %lld is not a Split version: ONNX Split has versions 1, 2, 11, 13 and 18")                                    \
    X(ONNX_STRING_TYPE, 103, VKSPLIT_ERROR_DATA_TYPE,                                                                      \
      "tensor(string) is not supported: vksplit copies fixed-width elements and ONNX strings are "                         \
      "variable-length")                                                                                                   \
    X(ONNX_DATA_TYPE, 104, VKSPLIT_ERROR_DATA_TYPE, "data_type %u is not an ONNX tensor type")                             \
    X(ONNX_DATA_TYPE_VERSION, 105, VKSPLIT_ERROR_DATA_TYPE, "tensor(%s) is not in Split-%lld's type list%s")               \
    X(ONNX_SCALAR, 106, VKSPLIT_ERROR_RANK, "the input is a scalar (rank 0); Split needs a tensor of rank 1 or more")      \
    X(ONNX_RANK_LIMIT, 107, VKSPLIT_ERROR_RANK, "the input's rank %u is more than vksplit's limit of %u")                  \
    X(ONNX_SHAPE_NULL, 108, VKSPLIT_ERROR_NULL_ARGUMENT, "shape is NULL")                                                  \
    X(ONNX_SHAPE_NEGATIVE, 109, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                              \
      "shape[%u] is %lld; dimensions must be >= 0 (resolve dynamic dimensions first)")                                     \
    X(ONNX_BYTE_COUNT_OVERFLOW, 110, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                          \
      "the input's byte count overflows 64 bits at shape[%u] = %lld")                                                      \
    /* 111 (ONNX_AXIS_NEGATIVE_BEFORE_11, a negative axis at Split-1 or -2) is retired: ONNX's */                          \
    /* shape inference takes that axis, so vksplit does (out of [-rank, rank-1]: ONNX_AXIS). */                            \
    X(ONNX_AXIS, 112, VKSPLIT_ERROR_AXIS, "axis %lld is out of range [%lld, %lld] for a rank-%lld input")                  \
    X(ONNX_SPLIT_ATTRIBUTE_SINCE_13, 113, VKSPLIT_ERROR_ATTRIBUTE,                                                         \
      "Split-%lld has no 'split' attribute: since Split-13 'split' is the second input")                                   \
    X(ONNX_SPLIT_INPUT_BEFORE_13, 114, VKSPLIT_ERROR_ATTRIBUTE,                                                            \
      "Split-%lld has no 'split' input: it takes 'split' as an attribute")                                                 \
    X(ONNX_NUM_OUTPUTS_BEFORE_18, 115, VKSPLIT_ERROR_ATTRIBUTE,                                                            \
      "Split-%lld has no 'num_outputs' attribute: it came with Split-18")                                                  \
    X(ONNX_SPLIT_TWICE, 116, VKSPLIT_ERROR_ATTRIBUTE,                                                                      \
      "both the 'split' attribute and the 'split' input were given; Split-1 takes one of them")                            \
    X(ONNX_SPLIT_AND_NUM_OUTPUTS, 117, VKSPLIT_ERROR_ATTRIBUTE,                                                            \
      "both the 'split' input and the 'num_outputs' attribute were given; Split-18 takes exactly one")                     \
    X(ONNX_NO_SPLIT_NOR_NUM_OUTPUTS, 118, VKSPLIT_ERROR_ATTRIBUTE,                                                         \
      "neither the 'split' input nor the 'num_outputs' attribute was given; Split-18 needs exactly one")                   \
    X(ONNX_SPLIT_NOT_WHOLE, 119, VKSPLIT_ERROR_SPLIT_LENGTH,                                                               \
      "'split' input entry %u is %g; lengths must be whole numbers >= 0")                                                  \
    X(ONNX_SPLIT_NEGATIVE, 120, VKSPLIT_ERROR_SPLIT_LENGTH, "'split' %s entry %u is %lld; lengths must be >= 0")           \
    X(ONNX_SPLIT_INPUT_TYPE, 121, VKSPLIT_ERROR_DATA_TYPE,                                                                 \
      "the 'split' input is tensor(%s); Split-%lld takes tensor(%s)%s")                                                    \
    X(ONNX_SPLIT_EMPTY, 122, VKSPLIT_ERROR_OUTPUT_COUNT, "the 'split' %s is empty; Split has at least 1 output")           \
    X(ONNX_SPLIT_DATA_NULL, 123, VKSPLIT_ERROR_NULL_ARGUMENT, "the 'split' %s has %u entries but its data is NULL")        \
    X(ONNX_SPLIT_OUTPUT_LIMIT, 124, VKSPLIT_ERROR_OUTPUT_COUNT,                                                            \
      "the 'split' %s has %u entries, more than vksplit's limit of %u outputs")                                            \
    X(ONNX_SPLIT_OUTPUT_MISMATCH, 125, VKSPLIT_ERROR_OUTPUT_COUNT,                                                         \
      "the 'split' %s has %u entries but the node has %u outputs")                                                         \
    X(ONNX_SPLIT_SUM_OVERFLOW, 126, VKSPLIT_ERROR_SPLIT_SUM, "the 'split' %s overflows 64 bits at entry %u")               \
    X(ONNX_SPLIT_SUM, 127, VKSPLIT_ERROR_SPLIT_SUM,                                                                        \
      "the 'split' %s sums to %llu but the input's dimension on axis %u is %llu")                                          \
    X(ONNX_NUM_OUTPUTS_BELOW_ONE, 128, VKSPLIT_ERROR_ATTRIBUTE, "'num_outputs' is %lld; it must be >= 1")                  \
    X(ONNX_NUM_OUTPUTS_LIMIT, 129, VKSPLIT_ERROR_OUTPUT_COUNT,                                                             \
      "'num_outputs' %lld is more than vksplit's limit of %u")                                                             \
    X(ONNX_NUM_OUTPUTS_MISMATCH, 130, VKSPLIT_ERROR_OUTPUT_COUNT, "'num_outputs' is %lld but the node has %u outputs")     \
    X(ONNX_NUM_OUTPUTS_TOO_MANY, 131, VKSPLIT_ERROR_SPLIT_LENGTH,                                                          \
      "'num_outputs' %lld cannot split dimension %llu (axis %u): chunk ceil(%llu/%lld) = %llu for the first "              \
      "%lld outputs leaves %llu - %llu = -%llu for the last")                                                              \
    X(ONNX_OUTPUT_COUNT_ZERO, 132, VKSPLIT_ERROR_OUTPUT_COUNT,                                                             \
      "output_count is 0: Split-%lld without 'split' splits equally into the node's outputs")                              \
    X(ONNX_OUTPUT_COUNT_LIMIT, 133, VKSPLIT_ERROR_OUTPUT_COUNT, "output_count %u is more than vksplit's limit of %u")      \
    X(ONNX_NOT_DIVISIBLE, 134, VKSPLIT_ERROR_NOT_DIVISIBLE,                                                                \
      "the input's dimension %llu on axis %u is not divisible by the node's %u outputs (Split-%lld without "               \
      "'split' splits equally; %llu %% %u = %llu)")                                                                        \
    X(ONNX_STORAGE_CAPACITY, 135, VKSPLIT_ERROR_OUTPUT_COUNT,                                                              \
      "storage->lengths_capacity %u is less than the %u outputs")                                                          \
    /* ONNX front-end, Concat (vksplit/onnx.h: vksplit_onnx_translate_concat) */                                           \
    X(ONNX_CONCAT_OPSET_IMPORT, 232, VKSPLIT_ERROR_OPSET,                                                                  \
      "opset %lld is not a Concat version: ONNX Concat has versions 1, 4, 11 and 13 (a model importing opset %lld "        \
      "uses Concat-%lld)")                                                                                                 \
    X(ONNX_CONCAT_OPSET, 233, VKSPLIT_ERROR_OPSET,                                                                         \
      "opset %lld is not a Concat version: ONNX Concat has versions 1, 4, 11 and 13")                                      \
    X(ONNX_CONCAT_AXIS_REQUIRED, 234, VKSPLIT_ERROR_ATTRIBUTE,                                                             \
      "Concat-%lld requires the 'axis' attribute (only Concat-1 has a default, 1)")                                        \
    X(ONNX_CONCAT_NO_INPUTS, 235, VKSPLIT_ERROR_OUTPUT_COUNT, "the node has no inputs; Concat takes 1 or more")            \
    X(ONNX_CONCAT_INPUT_LIMIT, 236, VKSPLIT_ERROR_OUTPUT_COUNT,                                                            \
      "the node has %u inputs, more than vksplit's limit of %u")                                                           \
    X(ONNX_CONCAT_INPUTS_NULL, 237, VKSPLIT_ERROR_NULL_ARGUMENT, "inputs is NULL for %u inputs")                           \
    X(ONNX_CONCAT_DATA_TYPE, 238, VKSPLIT_ERROR_DATA_TYPE, "inputs[%u].data_type %u is not an ONNX tensor type")           \
    X(ONNX_CONCAT_STRING_TYPE, 239, VKSPLIT_ERROR_DATA_TYPE,                                                               \
      "inputs[%u] is tensor(string), which vksplit does not support: it copies fixed-width elements and ONNX strings "     \
      "are variable-length")                                                                                               \
    X(ONNX_CONCAT_DATA_TYPE_VERSION, 240, VKSPLIT_ERROR_DATA_TYPE,                                                         \
      "inputs[%u] is tensor(%s), which is not in Concat-%lld's type list%s")                                               \
    X(ONNX_CONCAT_TYPE_MISMATCH, 241, VKSPLIT_ERROR_DATA_TYPE,                                                             \
      "inputs[%u] is tensor(%s) but inputs[0] is tensor(%s); every input of Concat has type T")                            \
    X(ONNX_CONCAT_SCALAR, 242, VKSPLIT_ERROR_RANK,                                                                         \
      "inputs[%u] is a scalar (rank 0); Concat joins tensors of rank 1 or more (its axis is in [-r, r-1])")                \
    X(ONNX_CONCAT_RANK_MISMATCH, 243, VKSPLIT_ERROR_RANK,                                                                  \
      "All inputs to Concat must have same rank. Input %u has rank %u != %u, the rank of input 0")                         \
    X(ONNX_CONCAT_RANK_LIMIT, 244, VKSPLIT_ERROR_RANK, "the inputs' rank %u is more than vksplit's limit of %u")           \
    X(ONNX_CONCAT_SHAPE_NULL, 245, VKSPLIT_ERROR_NULL_ARGUMENT, "inputs[%u].shape is NULL")                                \
    X(ONNX_CONCAT_SHAPE_NEGATIVE, 246, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                       \
      "inputs[%u].shape[%u] is %lld; dimensions must be >= 0 (resolve dynamic dimensions first)")                          \
    /* 247 (ONNX_CONCAT_AXIS_NEGATIVE_BEFORE_11, at Concat-1 or -4) is retired as 111 is */                                \
    /* (an axis out of [-r, r-1] is ONNX_CONCAT_AXIS). */                                                                  \
    X(ONNX_CONCAT_AXIS, 248, VKSPLIT_ERROR_AXIS, "axis %lld%s is out of range [%lld, %lld] for rank-%u inputs")            \
    X(ONNX_CONCAT_SHAPE_MISMATCH, 249, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                       \
      "inputs[%u].shape[%u] is %lld but inputs[0].shape[%u] is %lld; Concat's inputs have the same shape except on "       \
      "the axis, %u")                                                                                                      \
    X(ONNX_CONCAT_AXIS_SUM_OVERFLOW, 250, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                     \
      "the inputs' dimensions on axis %u pass 2^63 - 1 at inputs[%u]: the output's dimension would not fit an ONNX "       \
      "dimension (int64)")                                                                                                 \
    X(ONNX_CONCAT_BYTE_COUNT_OVERFLOW, 251, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                   \
      "the output's byte count overflows 64 bits at its dimension %u, %llu")                                               \
    X(ONNX_CONCAT_STORAGE_CAPACITY, 252, VKSPLIT_ERROR_OUTPUT_COUNT,                                                       \
      "storage->lengths_capacity %u is less than the %u inputs")                                                           \
    /* ONNX front-end, TensorScatter-24 (vksplit/onnx.h: vksplit_onnx_translate_tensorscatter) */                          \
    X(ONNX_TENSORSCATTER_OPSET, 340, VKSPLIT_ERROR_OPSET,                                                                  \
      "opset %lld is not a TensorScatter version: ONNX TensorScatter has version 24 only%s")                               \
    X(ONNX_TENSORSCATTER_DATA_TYPE, 341, VKSPLIT_ERROR_DATA_TYPE, "%s.data_type %u is not an ONNX tensor type")            \
    X(ONNX_TENSORSCATTER_STRING_TYPE, 342, VKSPLIT_ERROR_DATA_TYPE,                                                        \
      "%s is tensor(string), which vksplit does not support: it copies fixed-width elements and ONNX strings "             \
      "are variable-length")                                                                                               \
    X(ONNX_TENSORSCATTER_SUB_BYTE_TYPE, 343, VKSPLIT_ERROR_DATA_TYPE,                                                      \
      "%s is tensor(%s), which packs two elements into a byte; vksplit copies whole bytes")                                \
    X(ONNX_TENSORSCATTER_TYPE_MISMATCH, 344, VKSPLIT_ERROR_DATA_TYPE,                                                      \
      "update is tensor(%s) but past_cache is tensor(%s); both have type T")                                               \
    X(ONNX_TENSORSCATTER_RANK, 345, VKSPLIT_ERROR_RANK,                                                                    \
      "past_cache has rank %u; TensorScatter takes rank 2 to %u (the batch dimension 0, then the sequence axis; "          \
      "%u is vksplit's limit)")                                                                                            \
    X(ONNX_TENSORSCATTER_RANK_MISMATCH, 346, VKSPLIT_ERROR_RANK,                                                           \
      "update has rank %u but past_cache has rank %u; their shapes differ only on the axis")                               \
    X(ONNX_TENSORSCATTER_SHAPE_NULL, 347, VKSPLIT_ERROR_NULL_ARGUMENT, "%s.shape is NULL")                                 \
    X(ONNX_TENSORSCATTER_SHAPE_NEGATIVE, 348, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                \
      "%s.shape[%u] is %lld; dimensions must be >= 0 (resolve dynamic dimensions first)")                                  \
    X(ONNX_TENSORSCATTER_BYTE_COUNT_OVERFLOW, 349, VKSPLIT_ERROR_SIZE_OVERFLOW,                                            \
      "past_cache's byte count overflows 64 bits at shape[%u] = %lld")                                                     \
    X(ONNX_TENSORSCATTER_AXIS, 350, VKSPLIT_ERROR_AXIS,                                                                    \
      "axis %lld%s is out of range [%lld, %lld] for a rank-%u past_cache")                                                 \
    X(ONNX_TENSORSCATTER_AXIS_BATCH, 351, VKSPLIT_ERROR_AXIS,                                                              \
      "axis %lld%s is dimension 0, the batch dimension: TensorScatter's axis cannot be 0")                                 \
    X(ONNX_TENSORSCATTER_MODE, 352, VKSPLIT_ERROR_ATTRIBUTE,                                                               \
      "'mode' is '%s'; TensorScatter's modes are 'linear' (the default) and 'circular'")                                   \
    X(ONNX_TENSORSCATTER_SHAPE_MISMATCH, 353, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                \
      "update.shape[%u] is %lld but past_cache.shape[%u] is %lld; they differ only on the axis, %u")                       \
    X(ONNX_TENSORSCATTER_SEQUENCE_LENGTH, 354, VKSPLIT_ERROR_SPLIT_LENGTH,                                                 \
      "update's sequence_length %lld (shape[%u]) is more than past_cache's max_sequence_length %lld")                      \
    X(ONNX_TENSORSCATTER_WRITE_INDICES, 355, VKSPLIT_ERROR_INVALID_ARGUMENT,                                               \
      "write_indices %d is not a vksplit_onnx_write_indices (ABSENT, HOST or DEVICE)")                                     \
    X(ONNX_TENSORSCATTER_WRITE_INDICES_TYPE, 356, VKSPLIT_ERROR_DATA_TYPE,                                                 \
      "write_indices is tensor(%s); TensorScatter takes tensor(int64)")                                                    \
    X(ONNX_TENSORSCATTER_WRITE_INDICES_SHAPE, 357, VKSPLIT_ERROR_SHAPE_MISMATCH,                                           \
      "write_indices has shape %s; TensorScatter takes shape (batch_size,) = (%lld,), past_cache.shape[0]")                \
    X(ONNX_TENSORSCATTER_WRITE_INDICES_DATA_NULL, 358, VKSPLIT_ERROR_NULL_ARGUMENT,                                        \
      "write_indices_data is NULL for the host's %lld write indices (VKSPLIT_ONNX_WRITE_INDICES_HOST)")                    \
    X(ONNX_TENSORSCATTER_WRITE_INDEX, 359, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                 \
      "write_indices[%u] is %lld: linear mode needs 0 <= write_index and write_index + sequence_length (%lld) "            \
      "<= max_sequence_length (%lld)")                                                                                     \
    /* OpenVINO front-end (vksplit/openvino.h) */                                                                          \
    X(OV_OPERATOR_NULL, 136, VKSPLIT_ERROR_NULL_ARGUMENT, "op is NULL")                                                    \
    X(OV_ELEMENT_TYPE, 137, VKSPLIT_ERROR_DATA_TYPE, "element type %u is not an OpenVINO element type")                    \
    X(OV_STRING_TYPE, 138, VKSPLIT_ERROR_DATA_TYPE,                                                                        \
      "element type string is not supported: vksplit copies fixed-width elements and strings are "                         \
      "variable-length")                                                                                                   \
    X(OV_PACKED_TYPE, 139, VKSPLIT_ERROR_DATA_TYPE,                                                                        \
      "element type %s packs several elements into a byte; vksplit copies whole bytes")                                    \
    X(OV_DYNAMIC_TYPE, 140, VKSPLIT_ERROR_DATA_TYPE, "element type %s is not a static element type")                       \
    X(OV_SCALAR, 141, VKSPLIT_ERROR_RANK, "data is a scalar (rank 0); Split needs rank >= 1")                              \
    X(OV_RANK_LIMIT, 142, VKSPLIT_ERROR_RANK, "data's rank %u is more than vksplit's limit of %u")                         \
    X(OV_SHAPE_NULL, 143, VKSPLIT_ERROR_NULL_ARGUMENT, "shape is NULL")                                                    \
    X(OV_BYTE_COUNT_OVERFLOW, 144, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                            \
      "data's byte count overflows 64 bits at shape[%u] = %llu")                                                           \
    X(OV_AXIS_TYPE, 145, VKSPLIT_ERROR_DATA_TYPE, "'axis' input is %s; it must be an integer type (i8..i64, u8..u64)")     \
    X(OV_AXIS_SHAPE, 146, VKSPLIT_ERROR_ATTRIBUTE,                                                                         \
      "'axis' should be a scalar or of shape [1]. Got rank %u, %llu elements instead")                                     \
    X(OV_AXIS_NOT_SCALAR, 147, VKSPLIT_ERROR_ATTRIBUTE, "'axis' input must be a scalar. Got: rank %u")                     \
    X(OV_AXIS_DATA_NULL, 148, VKSPLIT_ERROR_NULL_ARGUMENT, "'axis' data is NULL")                                          \
    X(OV_AXIS_RANGE_UNSIGNED, 149, VKSPLIT_ERROR_AXIS, "'axis' %llu is out of the tensor rank range [%lld, %lld]")         \
    X(OV_AXIS_RANGE, 150, VKSPLIT_ERROR_AXIS, "'axis' %lld is out of the tensor rank range [%lld, %lld]")                  \
    X(OV_STORAGE_CAPACITY, 151, VKSPLIT_ERROR_OUTPUT_COUNT,                                                                \
      "storage->lengths_capacity %u is less than the %llu outputs")                                                        \
    X(OV_NUM_SPLITS_ZERO, 152, VKSPLIT_ERROR_ATTRIBUTE, "Attribute 'num_splits' must be greater than zero")                \
    X(OV_NUM_SPLITS_RANGE, 153, VKSPLIT_ERROR_ATTRIBUTE,                                                                   \
      "'num_splits' attribute value %llu is out of range [1, %llu], the dimension of data along 'axis' %u")                \
    X(OV_NOT_DIVISIBLE, 154, VKSPLIT_ERROR_NOT_DIVISIBLE,                                                                  \
      "Dimension of data input shape along 'axis': %llu must be evenly divisible by 'num_splits' attribute "               \
      "value: %llu")                                                                                                       \
    X(OV_NUM_SPLITS_LIMIT, 155, VKSPLIT_ERROR_OUTPUT_COUNT,                                                                \
      "'num_splits' %llu is more than vksplit's limit of %u outputs")                                                      \
    X(OV_SPLIT_LENGTHS_TYPE, 156, VKSPLIT_ERROR_DATA_TYPE,                                                                 \
      "'split_lengths' input is %s; it must be an integer type (i8..i64, u8..u64)")                                        \
    X(OV_SPLIT_LENGTHS_NOT_1D, 157, VKSPLIT_ERROR_ATTRIBUTE, "Split lengths should be a 1-D tensor. Got %u instead.")      \
    X(OV_SPLIT_LENGTHS_EMPTY, 158, VKSPLIT_ERROR_OUTPUT_COUNT,                                                             \
      "'split_lengths' is empty; VariadicSplit has at least 1 output")                                                     \
    X(OV_SPLIT_LENGTHS_DATA_NULL, 159, VKSPLIT_ERROR_NULL_ARGUMENT, "'split_lengths' data is NULL")                        \
    X(OV_SPLIT_LENGTHS_LIMIT, 160, VKSPLIT_ERROR_OUTPUT_COUNT,                                                             \
      "'split_lengths' has %llu entries, more than vksplit's limit of %u outputs")                                         \
    X(OV_SPLIT_LENGTH_TOO_LARGE, 161, VKSPLIT_ERROR_SPLIT_LENGTH,                                                          \
      "split_lengths[%llu] is %llu, more than a dimension can hold (2^63 - 1)")                                            \
    X(OV_SPLIT_LENGTH_NEGATIVE, 162, VKSPLIT_ERROR_SPLIT_LENGTH,                                                           \
      "Invalid value %lld in split lengths input (split_lengths[%llu]). Should be >= -1.")                                 \
    X(OV_SPLIT_LENGTH_TWO_INFERRED, 163, VKSPLIT_ERROR_SPLIT_LENGTH,                                                       \
      "Cannot infer split with multiple -1 values at %llu and %llu")                                                       \
    X(OV_SPLIT_LENGTHS_OVERFLOW, 164, VKSPLIT_ERROR_SPLIT_SUM, "split_lengths overflow 64 bits at entry %llu")             \
    X(OV_SPLIT_LENGTHS_EXCEED, 165, VKSPLIT_ERROR_SPLIT_SUM,                                                               \
      "split_lengths other than the -1 at %llu sum to %llu, more than the length of the chosen axis %u: %llu")             \
    X(OV_SPLIT_LENGTHS_SUM, 166, VKSPLIT_ERROR_SPLIT_SUM,                                                                  \
      "Total length of splits: %llu must match the length of the chosen axis %u: %llu")                                    \
    /* OpenVINO front-end, Concat-1 (vksplit/openvino.h: vksplit_ov_translate_concat) */                                   \
    X(OV_CONCAT_NO_INPUTS, 253, VKSPLIT_ERROR_OUTPUT_COUNT, "Concat has no inputs: At least one argument required.")       \
    X(OV_CONCAT_INPUT_LIMIT, 254, VKSPLIT_ERROR_OUTPUT_COUNT, "Concat has %u inputs, more than vksplit's limit of %u")     \
    X(OV_CONCAT_INPUTS_NULL, 255, VKSPLIT_ERROR_NULL_ARGUMENT, "inputs is NULL for %u inputs")                             \
    X(OV_CONCAT_AXIS_REQUIRED, 256, VKSPLIT_ERROR_ATTRIBUTE,                                                               \
      "Concat-1's 'axis' attribute is required (has_axis is 0)")                                                           \
    X(OV_CONCAT_ELEMENT_TYPE, 257, VKSPLIT_ERROR_DATA_TYPE,                                                                \
      "inputs[%u]: element type %u is not an OpenVINO element type")                                                       \
    X(OV_CONCAT_NOT_NUMERIC, 258, VKSPLIT_ERROR_DATA_TYPE,                                                                 \
      "inputs[%u]: element type %s is not a numeric type; Concat-1's T is any numeric type")                               \
    X(OV_CONCAT_PACKED_TYPE, 259, VKSPLIT_ERROR_DATA_TYPE,                                                                 \
      "inputs[%u]: element type %s packs several elements into a byte; vksplit copies whole bytes")                        \
    X(OV_CONCAT_DYNAMIC_TYPE, 260, VKSPLIT_ERROR_DATA_TYPE,                                                                \
      "inputs[%u]: element type %s is not a static element type")                                                          \
    X(OV_CONCAT_TYPE_MISMATCH, 261, VKSPLIT_ERROR_DATA_TYPE,                                                               \
      "Argument element types are inconsistent: inputs[%u] is %s but inputs[0] is %s")                                     \
    X(OV_CONCAT_SCALAR, 262, VKSPLIT_ERROR_RANK,                                                                           \
      "inputs[%u] is a scalar (rank 0): the rank is positive, so scalars as inputs are not allowed")                       \
    X(OV_CONCAT_RANK_LIMIT, 263, VKSPLIT_ERROR_RANK, "inputs[%u] has rank %u, more than vksplit's limit of %u")            \
    X(OV_CONCAT_SHAPE_NULL, 264, VKSPLIT_ERROR_NULL_ARGUMENT, "inputs[%u].shape is NULL")                                  \
    X(OV_CONCAT_AXIS_RANGE, 265, VKSPLIT_ERROR_AXIS,                                                                       \
      "Concatenation axis (%lld) is out of bounds [%lld, %lld] for argument %u, which has shape %s.")                      \
    X(OV_CONCAT_RANK_MISMATCH, 266, VKSPLIT_ERROR_RANK,                                                                    \
      "Argument shapes are inconsistent; they must have the same rank, and must have equal dimension everywhere "          \
      "except on the concatenation axis (axis %u): inputs[%u] has rank %u, inputs[0] rank %u")                             \
    X(OV_CONCAT_SHAPE_MISMATCH, 267, VKSPLIT_ERROR_SHAPE_MISMATCH,                                                         \
      "Argument shapes are inconsistent; they must have the same rank, and must have equal dimension everywhere "          \
      "except on the concatenation axis (axis %u): inputs[%u].shape[%u] is %llu, inputs[0].shape[%u] is %llu")             \
    X(OV_CONCAT_AXIS_SUM_OVERFLOW, 268, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                       \
      "the inputs' dimensions on axis %u overflow 64 bits at inputs[%u]")                                                  \
    X(OV_CONCAT_BYTE_COUNT_OVERFLOW, 269, VKSPLIT_ERROR_SIZE_OVERFLOW,                                                     \
      "the output's byte count overflows 64 bits at its dimension %u, %llu")                                               \
    X(OV_CONCAT_STORAGE_CAPACITY, 270, VKSPLIT_ERROR_OUTPUT_COUNT,                                                         \
      "storage->lengths_capacity %u is less than the %u inputs")                                                           \
    /* The runner (vksplit/vksplit_runner.h) */                                                                            \
    X(RUNNER_MEMORY_KIND, 167, VKSPLIT_ERROR_INVALID_ARGUMENT, "memory %d is not a vksplit_runner_memory")                 \
    X(RUNNER_MAX_BUFFER_BYTES, 168, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                        \
      "max_buffer_bytes %llu is below 4096, the smallest the runner works with")                                           \
    X(HOST_ALLOCATION_RUNNER, 169, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation of the runner failed")                    \
    X(RUNNER_NO_LOADER, 170, VKSPLIT_ERROR_UNSUPPORTED, "no Vulkan loader found (%s): install %s")                         \
    X(HOST_ALLOCATION_LAYERS, 171, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation for %u layer properties failed")          \
    X(RUNNER_NO_VALIDATION_LAYER, 172, VKSPLIT_ERROR_UNSUPPORTED,                                                          \
      "%s is not installed (Debian: vulkan-validationlayers)")                                                             \
    X(RUNNER_NO_INSTANCE_FUNCTION, 173, VKSPLIT_ERROR_UNSUPPORTED, "get_instance_proc_addr returned NULL for %s")          \
    X(RUNNER_NO_DEVICE, 174, VKSPLIT_ERROR_UNSUPPORTED,                                                                    \
      "no Vulkan device found (Debian: mesa-vulkan-drivers gives lavapipe)")                                               \
    X(RUNNER_ENUMERATE_NULL, 175, VKSPLIT_ERROR_NULL_ARGUMENT, "count is required, and devices when capacity > 0")         \
    X(RUNNER_DEVICE_INDEX, 176, VKSPLIT_ERROR_INVALID_ARGUMENT, "device_index %u is out of range: %u device(s)")           \
    X(RUNNER_NO_COMPUTE_QUEUE, 177, VKSPLIT_ERROR_UNSUPPORTED, "%s has no compute queue")                                  \
    X(RUNNER_NO_DEVICE_FUNCTION, 178, VKSPLIT_ERROR_UNSUPPORTED, "get_device_proc_addr returned NULL for %s")              \
    X(RUNNER_NO_MEMORY_TYPE, 179, VKSPLIT_ERROR_UNSUPPORTED, "%s has no %s memory type")                                   \
    X(RUNNER_BUFFER_NULL, 180, VKSPLIT_ERROR_NULL_ARGUMENT,                                                                \
      "vksplit_runner_buffer_create: runner and out are required")                                                         \
    X(RUNNER_BUFFER_TOO_LARGE, 181, VKSPLIT_ERROR_UNSUPPORTED,                                                             \
      "a buffer of %llu bytes is larger than this device's largest, %llu bytes (%s)")                                      \
    X(RUNNER_MEMORY_TYPE_SIZE, 182, VKSPLIT_ERROR_UNSUPPORTED, "memory type %u cannot back a buffer of %llu bytes")        \
    X(RUNNER_ALLOCATE_OUT_OF_MEMORY, 183, VKSPLIT_ERROR_OUT_OF_MEMORY,                                                     \
      "vkAllocateMemory of %llu bytes returned VkResult %d")                                                               \
    X(RUNNER_ALLOCATE_FAILED, 184, VKSPLIT_ERROR_VULKAN, "vkAllocateMemory of %llu bytes returned VkResult %d")            \
    X(RUNNER_ALLOCATION_TOO_LARGE, 185, VKSPLIT_ERROR_UNSUPPORTED,                                                         \
      "a buffer of %llu bytes needs an allocation of %llu, larger than this device's largest, %llu bytes (%s)")            \
    X(RUNNER_STAGING_NULL, 186, VKSPLIT_ERROR_NULL_ARGUMENT, "runner, buffer and the callback are required")               \
    X(RUNNER_RANGE_OUTSIDE, 187, VKSPLIT_ERROR_BINDING, "bytes [%llu, %llu + %llu) are outside the buffer's %llu")         \
    X(RUNNER_DATA_NULL, 188, VKSPLIT_ERROR_NULL_ARGUMENT, "data is NULL for %llu bytes")                                   \
    X(RUNNER_SUBMIT_NULL, 189, VKSPLIT_ERROR_NULL_ARGUMENT, "vksplit_runner_submit: runner and record are required")       \
    X(RUNNER_RUN_PLAN_NULL, 190, VKSPLIT_ERROR_NULL_ARGUMENT,                                                              \
      "vksplit_runner_run_plan: runner, plan, io, io->read_input and io->write_output are required")                       \
    X(RUNNER_INPUT_TOO_LARGE, 191, VKSPLIT_ERROR_UNSUPPORTED,                                                              \
      "the input spans %llu bytes, more than one buffer holds on this device: %llu bytes (%s)")                            \
    X(RUNNER_OUTPUT_TOO_LARGE, 192, VKSPLIT_ERROR_UNSUPPORTED,                                                             \
      "output %u spans %llu bytes, more than one buffer holds on this device: %llu bytes (%s)")                            \
    X(RUNNER_SPLIT_NULL, 193, VKSPLIT_ERROR_NULL_ARGUMENT,                                                                 \
      "vksplit_runner_split: runner, split and outputs are required")                                                      \
    X(RUNNER_OUTPUT_DATA_NULL, 194, VKSPLIT_ERROR_NULL_ARGUMENT, "outputs[%u] is NULL but spans %llu bytes")               \
    X(RUNNER_INPUT_DATA_NULL, 195, VKSPLIT_ERROR_NULL_ARGUMENT, "input is NULL but the input spans %llu bytes")            \
    /* Runner: joins (vksplit_runner_run_join_plan, vksplit_runner_join) */                                                \
    X(RUNNER_RUN_JOIN_PLAN_NULL, 271, VKSPLIT_ERROR_NULL_ARGUMENT,                                                         \
      "vksplit_runner_run_join_plan: runner, plan, io, io->read_input and io->write_output are required")                  \
    X(RUNNER_PLAN_OPERATION, 272, VKSPLIT_ERROR_INVALID_ARGUMENT, "%s: plan is a %s plan: run it with %s")                 \
    X(RUNNER_DEVICE_RUN_NULL, 312, VKSPLIT_ERROR_NULL_ARGUMENT,                                                            \
      "vksplit_runner_run_device_plan: runner, plan, parameters and one io (split_io or join_io, by the plan) are "        \
      "required")                                                                                                          \
    X(RUNNER_JOIN_INPUT_TOO_LARGE, 273, VKSPLIT_ERROR_UNSUPPORTED,                                                         \
      "input %u spans %llu bytes, more than one buffer holds on this device: %llu bytes (%s)")                             \
    X(RUNNER_JOIN_OUTPUT_TOO_LARGE, 274, VKSPLIT_ERROR_UNSUPPORTED,                                                        \
      "the output spans %llu bytes, more than one buffer holds on this device: %llu bytes (%s)")                           \
    X(RUNNER_JOIN_NULL, 275, VKSPLIT_ERROR_NULL_ARGUMENT, "vksplit_runner_join: runner, join and inputs are required")     \
    X(RUNNER_JOIN_INPUT_DATA_NULL, 276, VKSPLIT_ERROR_NULL_ARGUMENT, "inputs[%u] is NULL but spans %llu bytes")            \
    X(RUNNER_JOIN_OUTPUT_DATA_NULL, 277, VKSPLIT_ERROR_NULL_ARGUMENT,                                                      \
      "output is NULL but the output spans %llu bytes")                                                                    \
    /* Runner: plans whose rows the GPU places (vksplit_runner_run_rows_plan) */                                           \
    X(RUNNER_ROWS_RUN_NULL, 360, VKSPLIT_ERROR_NULL_ARGUMENT,                                                              \
      "vksplit_runner_run_rows_plan: runner, plan, io, io->read_whole, io->read_part and io->write_output are required")   \
    X(RUNNER_ROWS_PLAN, 361, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                               \
      "vksplit_runner_run_rows_plan: the plan places no rows (vksplit_plan_options.rows.mode NONE): run it with %s")       \
    X(RUNNER_PLAN_ROWS, 362, VKSPLIT_ERROR_INVALID_ARGUMENT,                                                               \
      "%s: the plan places rows (vksplit_plan_options.rows): run it with vksplit_runner_run_rows_plan")                    \
    X(RUNNER_ROWS_INDICES_NULL, 363, VKSPLIT_ERROR_NULL_ARGUMENT,                                                          \
      "indices is NULL but the plan reads %llu bytes of GPU indices (vksplit_plan_info.index_span_bytes)")

typedef enum vksplit_rule {
    VKSPLIT_RULE_NONE = 0, /* success, or a failure a caller's callback reported */
#define VKSPLIT_X_RULE_ENUM(name, number, result, format) VKSPLIT_RULE_##name = number,
    VKSPLIT_RULE_LIST(VKSPLIT_X_RULE_ENUM)
#undef VKSPLIT_X_RULE_ENUM
        VKSPLIT_RULE_MAX_ENUM = 0x7fffffff
} vksplit_rule;

/* Retired rules that kept their names, so that code naming them still builds: never returned,
 * their numbers never reused (CHANGELOG.md). */
#define VKSPLIT_RULE_ONNX_AXIS_NEGATIVE_BEFORE_11 ((vksplit_rule)111)
#define VKSPLIT_RULE_ONNX_CONCAT_AXIS_NEGATIVE_BEFORE_11 ((vksplit_rule)247)
#define VKSPLIT_RULE_ARGUMENTS_BUFFER_NULL ((vksplit_rule)48)
#define VKSPLIT_RULE_RECORD_JOIN_BINDINGS_NULL ((vksplit_rule)214)
#define VKSPLIT_RULE_RECORD_DEVICE_PARAMETERS ((vksplit_rule)305)
#define VKSPLIT_RULE_RECORD_NO_DEVICE_PARAMETERS ((vksplit_rule)306)

#endif /* VKSPLIT_RULES_H */
