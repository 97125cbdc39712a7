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
