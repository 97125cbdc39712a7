#!/usr/bin/env bash
# Builds and runs a consumer of vksplit: find_package after `cmake --install`, add_subdirectory
# of the checkout (with the parent's own build type, twice: with the defaults, and as shared
# libraries with the CLI, the test command's shared build), and pkg-config. Usage: run.sh CMAKE SOURCE_DIR BUILD_DIR [PKG_CONFIG]
# (CMake and pkg-config come from the build's own configuration, never fixed paths.)
set -euo pipefail
cmake=$1
source_dir=$2
build_dir=$3
pkg_config=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

"$cmake" --install "$build_dir" --prefix "$work/prefix" >/dev/null
"$cmake" -S "$source_dir/tests/consumer" -B "$work/find" "${generator[@]}" -DVKSPLIT_MODE=find_package \
         -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
"$cmake" --build "$work/find" >/dev/null
"$work/find/consumer"

# Embedded twice: with the defaults (configured only: the checks of tests/consumer/CMakeLists.txt
# run at configure time), and as shared libraries with the CLI, built and run. That build
# embeds the SPIR-V modules the build under test compiled (VKSPLIT_SPIRV_DIR), where it has
# them: compiling the same modules again would only repeat that build's glslang runs.
spirv=()
if compgen -G "$build_dir/shaders/split_copy_*.spv" >/dev/null; then
  spirv=(-DVKSPLIT_SPIRV_DIR="$build_dir/shaders")
fi
# The shared build embeds the device-address shaders only (VKSPLIT_ADDRESSING=bda), as an engine
# that runs only where they are would: the consumer then checks that a context without them is
# refused by name.
for tools in OFF ON; do
  addressing=()
  [ "$tools" = ON ] && addressing=(-DVKSPLIT_ADDRESSING=bda)
  "$cmake" -S "$source_dir/tests/consumer" -B "$work/sub-$tools" "${generator[@]}" -DVKSPLIT_MODE=subdirectory \
           -DVKSPLIT_SOURCE="$source_dir" -DCMAKE_BUILD_TYPE=MinSizeRel -DVKSPLIT_BUILD_TOOLS=$tools \
           -DBUILD_SHARED_LIBS=$tools "${addressing[@]}" "${spirv[@]}" >/dev/null
  if [ "$tools" = ON ]; then
    # The consumer and the CLI (the bench is the same build of the same library).
    "$cmake" --build "$work/sub-$tools" --target consumer vksplit_cli >/dev/null
    VKSPLIT_CONSUMER_ADDRESSING=bda "$work/sub-$tools/consumer"
    if [ ! -x "$work/sub-$tools/vksplit/vksplit" ]; then
      echo "consumer: vksplit's CLI is not at vksplit/vksplit in the parent's build folder" >&2
      exit 1
    fi
    if [ -z "$(find "$work/sub-$tools/vksplit" -maxdepth 1 -name 'libvksplit.so*' -print -quit)" ]; then
      echo "consumer: BUILD_SHARED_LIBS=ON in the parent built no shared libvksplit" >&2
      exit 1
    fi
  fi
  # An embedded vksplit installs nothing of its own.
  "$cmake" --install "$work/sub-$tools" --prefix "$work/sub-prefix-$tools" >/dev/null
  if [ -n "$(find "$work/sub-prefix-$tools" -type f 2>/dev/null)" ]; then
    echo "consumer: the parent's install put vksplit's files in place: $(find "$work/sub-prefix-$tools" -type f)" >&2
    exit 1
  fi
done
echo "consumer: add_subdirectory kept the parent's build type, cache, options and install rules"

if [ -n "$pkg_config" ]; then
  libdir=$(find "$work/prefix" -name vksplit.pc -printf '%h\n' | head -n 1)
  cc -std=c11 -o "$work/pc" "$source_dir/tests/consumer/pkgconfig.c" \
     $(PKG_CONFIG_PATH="$libdir" "$pkg_config" --cflags --libs vksplit)
  "$work/pc"
else
  echo "consumer: pkg-config not found at configure time: the pkg-config build was not run"
fi
