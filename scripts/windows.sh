#!/usr/bin/env bash
# The Windows leg of the test command: the library, the runner and the core, front-end and
# README tests cross-built for 64-bit Windows with mingw-w64 (cmake/mingw-w64-x86_64.cmake,
# -Werror, the Interlocked atomics of src/base/portable.h, the branch MSVC takes), then run under
# Wine: Wine's winevulkan hands the Vulkan calls to this machine's loader, so the tests split
# on lavapipe as the Linux ones do, inside Xvfb for Wine's display driver. Wine's own Vulkan
# loader takes no layers, so these runs have no validation layer (the Linux legs have it).
#
#   scripts/windows.sh [BUILD_DIR]        (default build-windows; scripts/setup.sh test installs what it needs)
# With VKSPLIT_SPIRV_DIR set (the test command sets it), the build embeds that folder's SPIR-V
# modules instead of compiling them again (cmake/shaders.cmake).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-windows}
jobs=$(nproc)

# The Vulkan headers and volk in folders of their own: /usr/include itself would put glibc's
# headers before mingw-w64's.
deps="$build/deps"
mkdir -p "$deps/vulkan/include" "$deps/volk"
for dir in vulkan vk_video; do
    [ -d "/usr/include/$dir" ] && cp -r "/usr/include/$dir" "$deps/vulkan/include/"
done
cp /usr/include/volk.h /usr/include/volk.c "$deps/volk/"

echo "== build: mingw-w64, Release, the Interlocked atomics, -Werror"
cmake -S . -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake -DCMAKE_BUILD_TYPE=Release \
      -DVKSPLIT_WERROR=ON -DVKSPLIT_NO_C11_ATOMICS=ON -DVKSPLIT_BUILD_TOOLS=OFF -DVKSPLIT_INSTALL=OFF \
      -DVKSPLIT_VULKAN_INCLUDE_DIR="$PWD/$deps/vulkan/include" -DVKSPLIT_VOLK_DIR="$PWD/$deps/volk" \
      -DVKSPLIT_SPIRV_DIR="${VKSPLIT_SPIRV_DIR:-}" >/dev/null
mapfile -t tests < <(bash scripts/wine_tests.sh --targets)
cmake --build "$build" -j "$jobs" --target vksplit "${tests[@]}"

# A Wine prefix of the build's own; wineboot makes it once (about 20 s), later runs reuse it.
export WINEPREFIX="$PWD/$build/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
export VKSPLIT_TEST_VALIDATION=off VKSPLIT_TEST_SCALE="${VKSPLIT_TEST_SCALE:-0.35}"
echo "== tests: the Windows build under Wine (winevulkan on this machine's Vulkan device, no validation layer)"
xvfb-run -a bash scripts/wine_tests.sh "$build"
