# Every public header compiles on its own as C11 and as C++11 (extern "C", include guards, no
# hidden dependencies), each included twice. Run by ctest:
#   cmake -DCC=... [-DCXX=...] -DINCLUDE=... -DVULKAN_INCLUDE=... -DOUT=... -P this
function(compile_alone header compiler)
  execute_process(COMMAND ${compiler} ${ARGN} -Wall -Wextra -pedantic -Werror -fsyntax-only -I${INCLUDE}
                          -I${VULKAN_INCLUDE} ${OUT}/header_${header}.c
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "vksplit/${header}.h does not compile alone with ${compiler} ${ARGN}:\n${out}")
  endif()
  message(STATUS "vksplit/${header}.h: ${compiler} ${ARGN}: ok")
endfunction()

foreach(header vksplit vksplit_runner directml onnx openvino rules)
  file(WRITE ${OUT}/header_${header}.c
       "#include \"vksplit/${header}.h\"\n#include \"vksplit/${header}.h\"\nint header_check_${header};\n")
  compile_alone(${header} ${CC} -std=c11)
  if(CXX)
    compile_alone(${header} ${CXX} -x c++ -std=c++11)
  endif()
endforeach()

# What the compiler says of vksplit.h's marks: VKSPLIT_DEPRECATED always warns at a use,
# VKSPLIT_EXPERIMENTAL only where the includer defines VKSPLIT_WARN_EXPERIMENTAL, and the
# header itself never does (a stable use compiles clean with the warnings on); a name removed
# from the headers fails to compile (`fails NAME`: an error that names it).
function(expect_compile name expect code)
  file(WRITE ${OUT}/marks_${name}.c "${code}")
  execute_process(COMMAND ${CC} -std=c11 -Wall -Wextra -Werror -fsyntax-only -I${INCLUDE} -I${VULKAN_INCLUDE}
                          ${OUT}/marks_${name}.c
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(expect STREQUAL "clean" AND NOT rc EQUAL 0)
    message(FATAL_ERROR "vksplit.h marks, ${name}: expected a clean compile:\n${out}")
  elseif(expect STREQUAL "warns" AND (rc EQUAL 0 OR NOT out MATCHES "deprecated"))
    message(FATAL_ERROR "vksplit.h marks, ${name}: expected a deprecation warning, got (${rc}):\n${out}")
  elseif(expect STREQUAL "fails" AND (rc EQUAL 0 OR NOT out MATCHES "${ARGV3}"))
    message(FATAL_ERROR "vksplit.h marks, ${name}: expected an error naming ${ARGV3}, got (${rc}):\n${out}")
  endif()
  message(STATUS "vksplit.h marks, ${name}: ${expect}")
endfunction()
# The mark itself, on a declaration of the test's own (nothing in the headers is deprecated today).
expect_compile(deprecated_warns warns
  "#include \"vksplit/vksplit.h\"\ntypedef int old_name VKSPLIT_DEPRECATED(\"renamed\");\nold_name use;\n")
# What 0.4 removes: the runner's old callback name, and the mapping (value 2, retired).
expect_compile(removed_record_fn fails
  "#include \"vksplit/vksplit_runner.h\"\nvksplit_record_fn use;\n" vksplit_record_fn)
# The mapping removed in 0.4 (value 2, retired): its name is gone, not deprecated.
expect_compile(removed_mapping fails
  "#include \"vksplit/vksplit.h\"\nint use(void) { return (int)VKSPLIT_MAPPING_INTERLEAVED; }\n"
  VKSPLIT_MAPPING_INTERLEAVED)
expect_compile(experimental_quiet clean
  "#include \"vksplit/vksplit.h\"\nint use(const vksplit_plan_info* i) { return (int)i->bytes_in_flight; }\n")
expect_compile(experimental_warns warns
  "#define VKSPLIT_WARN_EXPERIMENTAL\n#include \"vksplit/vksplit.h\"\nint use(const vksplit_plan_info* i) { return (int)i->bytes_in_flight; }\n")
expect_compile(experimental_function_warns warns
  "#define VKSPLIT_WARN_EXPERIMENTAL\n#include \"vksplit/vksplit.h\"\nVkPipeline use(const vksplit_plan* p) { return vksplit_plan_pipeline(p); }\n")
expect_compile(stable_with_warnings_on clean
  "#define VKSPLIT_WARN_EXPERIMENTAL\n#include \"vksplit/vksplit.h\"\n#include \"vksplit/vksplit_runner.h\"\n#include \"vksplit/onnx.h\"\n#include \"vksplit/directml.h\"\n#include \"vksplit/openvino.h\"\nint use(const vksplit_split_desc* d, vksplit_context_desc* c) { c->enabled_features = 0; return (int)d->rank; }\n")
