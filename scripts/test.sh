#!/usr/bin/env bash
# The test command: install what is missing, build twice (gcc; clang with AddressSanitizer
# and UBSan), run the whole suite in both on the first Vulkan device (lavapipe without a
# GPU) with the Khronos validation layer on. Ends with ctest's summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test

jobs=$(nproc)
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"

echo "== build: gcc, -Werror"
CC=gcc cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$jobs"

echo "== build: clang, AddressSanitizer + UBSan, -Werror"
CC=clang cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVKSPLIT_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs"

echo "== tests: sanitizer build"
ctest --test-dir build-asan -j "$jobs" --output-on-failure
echo "== tests: gcc build"
ctest --test-dir build -j "$jobs" --output-on-failure
