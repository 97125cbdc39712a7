# Cross-compiling for 64-bit Windows with mingw-w64 (Debian: gcc-mingw-w64-x86-64):
#   cmake -S . -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
#         -DVKSPLIT_VULKAN_INCLUDE_DIR=<a folder holding vulkan/ alone> -DVKSPLIT_VOLK_DIR=<volk.h and volk.c>
# Host tools (glslangValidator, spirv-val) come from the build machine; headers and libraries
# from the mingw-w64 sysroot only. The Vulkan headers and volk must sit in folders of their
# own: /usr/include would put glibc's headers before mingw-w64's (scripts/windows.sh copies them).
# The "-posix" compilers (winpthreads) where Debian has them, so the tests' pthreads work.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(VKSPLIT_MINGW_TRIPLE x86_64-w64-mingw32)
find_program(CMAKE_C_COMPILER NAMES ${VKSPLIT_MINGW_TRIPLE}-gcc-posix ${VKSPLIT_MINGW_TRIPLE}-gcc REQUIRED)
find_program(CMAKE_RC_COMPILER NAMES ${VKSPLIT_MINGW_TRIPLE}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${VKSPLIT_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Executables that run under Wine without the compiler's DLLs beside them.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc")
