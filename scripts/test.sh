#!/usr/bin/env bash
# The test command: install what is missing, then on the default Vulkan device (lavapipe
# without a GPU), with the Khronos validation layer and its synchronization validation on:
#   1. gcc, -Werror: the whole suite;
#   2. clang + AddressSanitizer + UBSan (+ LeakSanitizer): the whole suite, and every libFuzzer
#      harness (fuzz/) for a short, fixed number of runs (scripts/fuzz.sh runs them for as
#      long as asked);
#   3. clang + ThreadSanitizer: the thread tests;
#   4. the library and tools in Release with gcc and with clang (scripts/build_matrix.sh quick:
#      -O3-only warnings fail here), and the Release CLI's splits checked against numpy;
#   5. gcc: the core and CLI tests again on a minimum device (tests/min_device: lavapipe
#      advertising Vulkan's required limits as a discrete GPU, the validation layer above it),
#      in the profiles bda (device addresses) and push (push descriptors only).
# Every build here is -DVKSPLIT_WERROR=ON; a user's build is not (warnings stay warnings).
# Stops at the first failure; ends with ctest's summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test

jobs=$(nproc)
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"

echo "== build: gcc, -Werror"
CC=gcc cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVKSPLIT_WERROR=ON >/dev/null
cmake --build build -j "$jobs"

echo "== build: clang, AddressSanitizer + UBSan, the fuzz harnesses, -Werror"
CC=clang cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVKSPLIT_SANITIZE=ON -DVKSPLIT_FUZZ=ON -DVKSPLIT_WERROR=ON >/dev/null
cmake --build build-asan -j "$jobs"

echo "== build: clang, ThreadSanitizer (the thread tests), -Werror"
CC=clang cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVKSPLIT_TSAN=ON -DVKSPLIT_WERROR=ON >/dev/null
cmake --build build-tsan -j "$jobs" --target core_threads

echo "== builds: Release, gcc and clang (scripts/build_matrix.sh quick)"
bash scripts/build_matrix.sh quick
echo "== tests: the Release CLI (gcc) against numpy"
python=$(grep -E '^VKSPLIT_TEST_PYTHON:' build/CMakeCache.txt | cut -d= -f2)
"$python" tests/cli/test_cli.py build-matrix/gcc-Release-static/vksplit success

echo "== tests: ThreadSanitizer build"
ctest --test-dir build-tsan -j "$jobs" -R core_threads --output-on-failure
echo "== tests: sanitizer build"
ctest --test-dir build-asan -j "$jobs" --output-on-failure
echo "== tests: gcc build on the minimum device (profiles bda and push)"
bash tests/min_device/run.sh build bda push
echo "== tests: gcc build"
ctest --test-dir build -j "$jobs" --output-on-failure
