#!/usr/bin/env bash
# Builds the library and the tools the ways users build them, warnings as errors, each from
# an empty build folder (tests off: the test command builds and runs those separately).
#   scripts/build_matrix.sh          gcc and clang x Debug, Release, RelWithDebInfo, MinSizeRel
#                                    x static and shared (16 builds, about 4.5 min on 2 cores)
#   scripts/build_matrix.sh quick    the one the test command adds to its own gcc Release build:
#                                    Release with clang (shared), where -O3-only warnings show
# Stops at the first build that fails, naming it; its log stays in build-matrix/.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-all}" in
  all)
    builds=()
    for cc in gcc clang; do
      for type in Debug Release RelWithDebInfo MinSizeRel; do
        for shared in OFF ON; do builds+=("$cc:$type:$shared"); done
      done
    done ;;
  quick) builds=(clang:Release:ON) ;;
  *) echo "usage: scripts/build_matrix.sh [all|quick]" >&2; exit 2 ;;
esac

root=build-matrix
mkdir -p "$root"
# The first build compiles the SPIR-V modules; the others embed those (VKSPLIT_SPIRV_DIR):
# the modules are the same whatever the compiler and build type, and glslang's start-up, once
# per module, would otherwise be most of each build.
spirv=()
for build in "${builds[@]}"; do
  IFS=: read -r cc type shared <<<"$build"
  dir="$root/$cc-$type-$([ "$shared" = ON ] && echo shared || echo static)"
  rm -rf "$dir"
  if CC=$cc cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" -DBUILD_SHARED_LIBS="$shared" \
       -DVKSPLIT_WERROR=ON -DVKSPLIT_BUILD_TESTS=OFF "${spirv[@]}" >"$dir.log" 2>&1 &&
     cmake --build "$dir" -j "$(nproc)" >>"$dir.log" 2>&1; then
    echo "build-matrix: $cc $type shared=$shared: ok"
    [ ${#spirv[@]} -gt 0 ] || spirv=(-DVKSPLIT_SPIRV_DIR="$PWD/$dir/shaders")
  else
    echo "build-matrix: $cc $type shared=$shared: FAILED (log: $dir.log)" >&2
    grep -E "error|warning" "$dir.log" | head -20 >&2
    exit 1
  fi
done
