# One GLSL source (split_copy.comp and the files it includes), compiled into one SPIR-V module
# per variant and kernel, validated with spirv-val, and embedded as const uint32_t arrays. The
# variants are the X(...) lines of src/geometry/shader_variants.h, the kernels those of
# src/geometry/kernel_table.h: the two lists the C code expands too. A variant gets a module for each
# kernel its addressing, word and direction take (the rules of src/geometry/kernels.c). Rebuilt when the
# source, the ABI or a list changes; nothing is compiled at run time. VKSPLIT_SPIRV_DIR: the
# modules another build of the same source compiled (its shaders/ folder), embedded as they
# are (the test command's sanitizer, ThreadSanitizer and Windows builds take the gcc build's).
set(VKSPLIT_SHADER_SOURCE ${CMAKE_CURRENT_SOURCE_DIR}/shaders/split_copy.comp)
file(GLOB VKSPLIT_SHADER_INCLUDES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/shaders/*.glsl
     ${CMAKE_CURRENT_SOURCE_DIR}/shaders/*.h)
set(VKSPLIT_SHADER_LIST ${CMAKE_CURRENT_SOURCE_DIR}/src/geometry/shader_variants.h)
set(VKSPLIT_KERNEL_LIST ${CMAKE_CURRENT_SOURCE_DIR}/src/geometry/kernel_table.h)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${VKSPLIT_SHADER_LIST} ${VKSPLIT_KERNEL_LIST})
file(READ ${VKSPLIT_SHADER_LIST} _variant_text)
string(REGEX MATCHALL "X\\((bda|desc), *[0-9]+, *[01], *(both|split|join)\\)" _variant_lines "${_variant_text}")
if(NOT _variant_lines)
  message(FATAL_ERROR "src/geometry/shader_variants.h lists no X(addressing, word_bytes, atomic_stores, direction) line")
endif()
set(_kernel_pattern "X\\((MAPPING_[A-Z0-9_]+), *VKSPLIT_MAPPING_[A-Z_]+, *\"[^\"]*\", *([0-9 |]+), *([0-9 |]+), *([01]), *(both|split)\\)")
file(READ ${VKSPLIT_KERNEL_LIST} _kernel_text)
string(REGEX MATCHALL "${_kernel_pattern}" _kernel_lines "${_kernel_text}")
if(NOT _kernel_lines)
  message(FATAL_ERROR "src/geometry/kernel_table.h lists no X(kernel, mapping, name, words, wide_words, bda_only, directions) line")
endif()

# Whether a mask of word sizes written as "1 | 2 | 4" holds a word.
function(_vksplit_mask_has mask word out)
  string(REPLACE "|" ";" _sizes "${mask}")
  set(_has FALSE)
  foreach(size IN LISTS _sizes)
    string(STRIP "${size}" size)
    if(size STREQUAL "${word}")
      set(_has TRUE)
    endif()
  endforeach()
  set(${out} ${_has} PARENT_SCOPE)
endfunction()

set(VKSPLIT_SHADER_INCLUDE_DIR ${CMAKE_CURRENT_BINARY_DIR}/shaders)
set(VKSPLIT_SHADER_SOURCES "")
set(_decls "")
set(_table "")
# VKSPLIT_ADDRESSING: the addressings a build embeds (an engine that only runs on devices with
# buffer device addresses embeds half the bytes).
foreach(addressing IN LISTS VKSPLIT_ADDRESSING)
  if(NOT addressing MATCHES "^(bda|desc)$")
    message(FATAL_ERROR "VKSPLIT_ADDRESSING=${VKSPLIT_ADDRESSING}: each entry is bda or desc, not '${addressing}'")
  endif()
endforeach()
if(NOT VKSPLIT_ADDRESSING)
  message(FATAL_ERROR "VKSPLIT_ADDRESSING is empty: give bda, desc, or both (bda;desc)")
endif()
foreach(line IN LISTS _variant_lines)
  string(REGEX MATCH "X\\((bda|desc), *([0-9]+), *([01]), *(both|split|join)\\)" _ "${line}")
  set(addressing ${CMAKE_MATCH_1})
  if(NOT addressing IN_LIST VKSPLIT_ADDRESSING)
    continue()
  endif()
  set(width ${CMAKE_MATCH_2})
  set(atomic ${CMAKE_MATCH_3})
  set(direction ${CMAKE_MATCH_4})
  set(direction_define "")
  if(direction STREQUAL "split")
    set(direction_define -DDIRECTION_JOIN=0)
  elseif(direction STREQUAL "join")
    set(direction_define -DDIRECTION_JOIN=1)
  endif()
  string(TOUPPER "${addressing}" ADDRESSING)
  if(addressing STREQUAL "bda")
    set(target_env vulkan1.2)
  else()
    set(target_env vulkan1.1)
  endif()
  set(variant_spvs "")
  set(variant_symbols "")
  foreach(kline IN LISTS _kernel_lines)
    string(REGEX MATCH "${_kernel_pattern}" _ "${kline}")
    set(kernel ${CMAKE_MATCH_1})
    set(words "${CMAKE_MATCH_2}")
    set(wide_words "${CMAKE_MATCH_3}")
    set(bda_only ${CMAKE_MATCH_4})
    set(directions ${CMAKE_MATCH_5})
    # The rules of src/geometry/kernels.c: the word anywhere, or on device addresses as a wide word;
    # device addresses where the kernel needs them; a join module only for a kernel that joins.
    _vksplit_mask_has("${words}" ${width} takes)
    if(addressing STREQUAL "bda" AND NOT takes)
      _vksplit_mask_has("${wide_words}" ${width} takes)
    endif()
    if(NOT takes OR (bda_only AND NOT addressing STREQUAL "bda") OR (direction STREQUAL "join" AND directions STREQUAL "split"))
      continue()
    endif()
    string(REGEX REPLACE "^MAPPING_" "" kname "${kernel}")
    string(TOLOWER "${kname}" kname)
    set(name "${addressing}_w${width}_a${atomic}_${direction}_${kname}")
    if(VKSPLIT_SPIRV_DIR) # another build's modules: embedded as they are, not compiled again
      set(spv ${VKSPLIT_SPIRV_DIR}/split_copy_${name}.spv)
      if(NOT EXISTS ${spv})
        message(FATAL_ERROR "VKSPLIT_SPIRV_DIR=${VKSPLIT_SPIRV_DIR} has no split_copy_${name}.spv: build that build first")
      endif()
    else()
      set(spv ${VKSPLIT_SHADER_INCLUDE_DIR}/split_copy_${name}.spv)
      add_custom_command(
        OUTPUT ${spv}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${VKSPLIT_SHADER_INCLUDE_DIR}
        COMMAND ${GLSLANG_VALIDATOR} -V --quiet --target-env ${target_env}
                -DADDRESSING_${ADDRESSING}=1 -DWORD_BYTES=${width} -DATOMIC_STORES=${atomic} -DKERNEL=${kernel}
                ${direction_define} -I${CMAKE_CURRENT_SOURCE_DIR}/shaders -o ${spv}.full ${VKSPLIT_SHADER_SOURCE}
        # Debug names and source text off (15% of the bytes); no optimising pass: ACO's and NAK's
        # own make the machine code, and spirv-opt -O made NAK's worse (docs/gpu.md).
        COMMAND ${SPIRV_OPT} --strip-debug -o ${spv} ${spv}.full
        COMMAND ${CMAKE_COMMAND} -E remove ${spv}.full
        COMMAND ${SPIRV_VAL} --target-env ${target_env} ${spv}
        DEPENDS ${VKSPLIT_SHADER_SOURCE} ${VKSPLIT_SHADER_INCLUDES} ${VKSPLIT_SHADER_LIST} ${VKSPLIT_KERNEL_LIST}
        COMMENT "glslang + spirv-opt --strip-debug + spirv-val: split_copy_${name}.spv"
        VERBATIM)
    endif()
    # Deflated for embedding (a third of the bytes; unpacked when its pipeline is made).
    set(gz ${VKSPLIT_SHADER_INCLUDE_DIR}/split_copy_${name}.spv.gz)
    add_custom_command(
      OUTPUT ${gz}
      COMMAND ${CMAKE_COMMAND} -DINPUT=${spv} -DOUTPUT=${gz} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/compress_spirv.cmake
      DEPENDS ${spv} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/compress_spirv.cmake
      COMMENT "gzip: split_copy_${name}.spv"
      VERBATIM)
    list(APPEND variant_spvs ${gz})
    list(APPEND variant_symbols vksplit__spv_${name})
    string(APPEND _decls "extern const vksplit__spirv_blob vksplit__spv_${name};\n")
    string(APPEND _table " \\\n    X(${addressing}, ${width}, ${atomic}, ${direction}, ${kernel}, vksplit__spv_${name})")
  endforeach()
  # The variant's modules in one C file: one compiler run per variant, not per kernel.
  set(variant "${addressing}_w${width}_a${atomic}_${direction}")
  set(csrc ${VKSPLIT_SHADER_INCLUDE_DIR}/split_copy_${variant}.c)
  add_custom_command(
    OUTPUT ${csrc}
    COMMAND ${CMAKE_COMMAND} "-DINPUTS=${variant_spvs}" "-DSYMBOLS=${variant_symbols}" -DOUTPUT=${csrc}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed_spirv.cmake
    DEPENDS ${variant_spvs} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed_spirv.cmake
    COMMENT "embed: split_copy_${variant} (its kernels' modules)"
    VERBATIM)
  list(APPEND VKSPLIT_SHADER_SOURCES ${csrc})
endforeach()
file(MAKE_DIRECTORY ${VKSPLIT_SHADER_INCLUDE_DIR})
file(WRITE ${VKSPLIT_SHADER_INCLUDE_DIR}/embedded_shaders.h.tmp
  "/* Generated by cmake/shaders.cmake from src/geometry/shader_variants.h and src/geometry/kernel_table.h: the\n * embedded SPIR-V, one module per variant and kernel, and their list,\n *     X(addressing, word_bytes, atomic_stores, direction, kernel, symbol). */\n#pragma once\n#include \"context/spirv_unpack.h\"\n${_decls}\n#define VKSPLIT_EMBEDDED_MODULES(X)${_table}\n")
configure_file(${VKSPLIT_SHADER_INCLUDE_DIR}/embedded_shaders.h.tmp ${VKSPLIT_SHADER_INCLUDE_DIR}/embedded_shaders.h COPYONLY)

# The converting copy (shaders/convert.comp, docs/conversions.md): a module per addressing and
# direction, each pipeline specialized per plan to its types. The same tools, its own list.
set(VKSPLIT_CONVERT_SOURCE ${CMAKE_CURRENT_SOURCE_DIR}/shaders/convert.comp)
set(_convert_gz "")
set(_convert_symbols "")
set(_convert_decls "")
set(_convert_table "")
foreach(addressing IN LISTS VKSPLIT_ADDRESSING)
  string(TOUPPER "${addressing}" ADDRESSING)
  if(addressing STREQUAL "bda")
    set(target_env vulkan1.2)
  else()
    set(target_env vulkan1.1)
  endif()
  # Each direction, and on device addresses each again as _f16 (-DCONVERT_F16_HW), for a device
  # whose float16 conversions Vulkan makes exact (src/context/convert_pipelines.c; a GPU with
  # those has device addresses: 65 KB the descriptor path's pair would weigh, for no device).
  set(directions split join)
  if(addressing STREQUAL "bda")
    list(APPEND directions split_f16 join_f16)
  endif()
  foreach(direction IN LISTS directions)
    set(join 0)
    if(direction MATCHES "^join")
      set(join 1)
    endif()
    set(f16 0)
    set(f16_define "")
    if(direction MATCHES "_f16$")
      set(f16 1)
      set(f16_define -DCONVERT_F16_HW=1)
    endif()
    set(name convert_${addressing}_${direction})
    if(VKSPLIT_SPIRV_DIR)
      set(spv ${VKSPLIT_SPIRV_DIR}/${name}.spv)
      if(NOT EXISTS ${spv})
        message(FATAL_ERROR "VKSPLIT_SPIRV_DIR=${VKSPLIT_SPIRV_DIR} has no ${name}.spv: build that build first")
      endif()
    else()
      set(spv ${VKSPLIT_SHADER_INCLUDE_DIR}/${name}.spv)
      add_custom_command(
        OUTPUT ${spv}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${VKSPLIT_SHADER_INCLUDE_DIR}
        COMMAND ${GLSLANG_VALIDATOR} -V --quiet --target-env ${target_env} -DADDRESSING_${ADDRESSING}=1
                -DDIRECTION_JOIN=${join} ${f16_define} -I${CMAKE_CURRENT_SOURCE_DIR}/shaders -o ${spv}.full
                ${VKSPLIT_CONVERT_SOURCE}
        COMMAND ${SPIRV_OPT} --strip-debug -o ${spv} ${spv}.full
        COMMAND ${CMAKE_COMMAND} -E remove ${spv}.full
        COMMAND ${SPIRV_VAL} --target-env ${target_env} ${spv}
        DEPENDS ${VKSPLIT_CONVERT_SOURCE} ${VKSPLIT_SHADER_INCLUDES}
        COMMENT "glslang + spirv-opt --strip-debug + spirv-val: ${name}.spv"
        VERBATIM)
    endif()
    set(gz ${VKSPLIT_SHADER_INCLUDE_DIR}/${name}.spv.gz)
    add_custom_command(
      OUTPUT ${gz}
      COMMAND ${CMAKE_COMMAND} -DINPUT=${spv} -DOUTPUT=${gz} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/compress_spirv.cmake
      DEPENDS ${spv} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/compress_spirv.cmake
      COMMENT "gzip: ${name}.spv"
      VERBATIM)
    list(APPEND _convert_gz ${gz})
    list(APPEND _convert_symbols vksplit__spv_${name})
    string(APPEND _convert_decls "extern const vksplit__spirv_blob vksplit__spv_${name};\n")
    set(is_bda 0)
    if(addressing STREQUAL "bda")
      set(is_bda 1)
    endif()
    string(APPEND _convert_table " \\\n    X(${is_bda}, ${join}, ${f16}, vksplit__spv_${name})")
  endforeach()
endforeach()
set(_convert_c ${VKSPLIT_SHADER_INCLUDE_DIR}/convert_modules.c)
add_custom_command(
  OUTPUT ${_convert_c}
  COMMAND ${CMAKE_COMMAND} "-DINPUTS=${_convert_gz}" "-DSYMBOLS=${_convert_symbols}" -DOUTPUT=${_convert_c}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed_spirv.cmake
  DEPENDS ${_convert_gz} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed_spirv.cmake
  COMMENT "embed: the converting copy's modules"
  VERBATIM)
list(APPEND VKSPLIT_SHADER_SOURCES ${_convert_c})
file(WRITE ${VKSPLIT_SHADER_INCLUDE_DIR}/embedded_convert.h.tmp
  "/* Generated by cmake/shaders.cmake: the converting copy's modules, X(bda, join, f16, symbol). */\n#pragma once\n#include \"context/spirv_unpack.h\"\n${_convert_decls}\n#define VKSPLIT_CONVERT_MODULES(X)${_convert_table}\n")
configure_file(${VKSPLIT_SHADER_INCLUDE_DIR}/embedded_convert.h.tmp ${VKSPLIT_SHADER_INCLUDE_DIR}/embedded_convert.h COPYONLY)
