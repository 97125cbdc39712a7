#!/usr/bin/env bash
# Installs, from Debian's packages, whatever vksplit needs and this machine lacks.
# Idempotent: installs nothing (and skips apt-get update) when everything is present.
#   scripts/setup.sh test    build + test dependencies (the default), Windows leg included
#   scripts/setup.sh bench   build + benchmark dependencies
set -euo pipefail

# libvulkan-volk-dev: volk, with which the runner and the tools load Vulkan at run time.
build=(build-essential cmake ninja-build pkg-config libvulkan-dev libvulkan-volk-dev glslang-tools
       mesa-vulkan-drivers spirv-tools)
case "${1:-test}" in
  # The Windows leg (scripts/windows.sh): mingw-w64, and Wine inside Xvfb to run what it builds.
  test)  packages=("${build[@]}" vulkan-validationlayers clang clang-format libclang-rt-14-dev python3-numpy
                   gcc-mingw-w64-x86-64 wine64 wine xvfb xauth) ;;
  bench) packages=("${build[@]}") ;;
  *) echo "usage: scripts/setup.sh [test|bench]" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
"${sudo[@]}" apt-get update
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
