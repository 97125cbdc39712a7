#!/usr/bin/env bash
# The test command: install what is missing, check the C style (.clang-format), then on the
# default Vulkan device (lavapipe without a GPU), with the Khronos validation layer and its
# synchronization validation on:
#   1. gcc, Release (-O3), -Werror: the whole suite but fault injection (run in 2) and the
#      binding-window, fallback, mapping, kernel, dispatch-count and push-constant tests and
#      their joins (run in 5, on a GPU's least limits and where the device lacks what the
#      fallbacks turn off); the core_join_*
#      entries run split tests' cases as joins (VKSPLIT_TEST_JOIN=1);
#   2. clang + AddressSanitizer + UBSan (+ LeakSanitizer): every test whose host code the
#      sanitizers can see (not the CLI end to end, not the shader-bound sweeps), fault
#      injection included, and every libFuzzer harness (fuzz/) for 50,000 runs (scripts/fuzz.sh
#      runs them for as long as asked); random case counts at 0.2;
#   3. clang + ThreadSanitizer: the thread tests, built with C11 atomics switched off (the
#      __atomic builtins of src/base/portable.h: the fallback is compiled and raced too);
#   4. (shared libraries: tests/consumer builds vksplit shared inside a parent project in stage
#      1; all sixteen configurations a user may pick: scripts/build_matrix.sh);
#   5. gcc: the tests a device's limits decide, again on a minimum device (tests/min_device:
#      lavapipe advertising Vulkan's required limits as a discrete GPU, the validation layer
#      above it), in the profiles bda (device addresses), push (push descriptors, no device
#      addresses, no 8/16-bit storage) and minimal (as push, and one output per dispatch);
#   6. Windows: the library and the core, front-end and README tests cross-built with
#      mingw-w64 (the Interlocked atomics MSVC uses) and run under Wine on the same device
#      (scripts/windows.sh), beside stage 1's tests.
# Every build here is -DVKSPLIT_WERROR=ON; a user's build is not (warnings stay warnings).
# They run in the order 3, 1 (beside 6), 2, 5: the gcc stage fills Mesa's shader cache for the
# stages after it (below). Stops at the first failure; each stage's line gives the seconds
# spent so far.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
stage() { echo "== [$SECONDS s] $*"; }
SECONDS=0

jobs=$(nproc)
# ctest runs one test more than there are cores: many tests wait part of their time (Vulkan
# instance and layer start-up, a CLI's file I/O, cli_race's slowed renames), and a test that
# asks for every core (PROCESSORS 2) can then share them with a small one. Not under the
# sanitizers, whose tests wait less: one more there did not shorten the stage (177 s with
# two long tests fewer, against 183 s at -j 2).
tests=$((jobs + 1))
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"

stage "the C style (.clang-format, scripts/check_format.sh)"
bash scripts/check_format.sh

stage "build: gcc, Release (-O3: warnings only it shows fail here too), -Werror"
CC=gcc cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DVKSPLIT_WERROR=ON >/dev/null
cmake --build build -j "$jobs"

# The later builds embed the SPIR-V modules this one compiled (one glslang run per module and
# build saved; VKSPLIT_SPIRV_DIR, cmake/shaders.cmake).
export VKSPLIT_SPIRV_DIR="$PWD/build/shaders"

stage "build: clang, AddressSanitizer + UBSan, the fuzz harnesses, -Werror"
CC=clang cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DVKSPLIT_SANITIZE=ON -DVKSPLIT_FUZZ=ON -DVKSPLIT_WERROR=ON \
      -DVKSPLIT_FUZZ_RUNS=50000 -DVKSPLIT_SPIRV_DIR="$VKSPLIT_SPIRV_DIR" >/dev/null
cmake --build build-asan -j "$jobs"

stage "build: clang, ThreadSanitizer (the thread tests), -Werror"
CC=clang cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVKSPLIT_TSAN=ON -DVKSPLIT_NO_C11_ATOMICS=ON \
      -DVKSPLIT_WERROR=ON -DVKSPLIT_SPIRV_DIR="$VKSPLIT_SPIRV_DIR" >/dev/null
cmake --build build-tsan -j "$jobs" --target core_threads


stage "tests: ThreadSanitizer build"
ctest --test-dir build-tsan -j "$jobs" -R core_threads --output-on-failure
# The gcc stage first: a fresh machine's Mesa shader cache is empty, and lavapipe compiles each
# pipeline's shader through NIR (cached on disk) and LLVM (not cached); the stages after it
# find the default device's NIR made by a build whose allocator is not the sanitizers' (the
# sanitizer stage took 334 s after it with the cache empty, against 186 s warm, at 48ab1ba).
# The Windows leg beside the gcc stage: its compiler and Wine fill the cores while ctest's
# tests wait on Vulkan start-up and files; its output follows ctest's.
stage "tests: gcc build, and beside it the Windows leg (scripts/windows.sh, output below)"
windows_log=$(mktemp)
trap 'rm -f "$windows_log"' EXIT
bash scripts/windows.sh >"$windows_log" 2>&1 &
windows=$!
# Fault injection runs under the sanitizers (below), which see more of what it provokes; the
# binding windows and fallbacks on the minimum device's push and minimal profiles, where the
# device lacks what they turn off; the dispatch counts and push constants on its bda and push
# profiles, against the limits they are about; the forced mappings and kernels (core_mappings,
# core_kernels) on its bda and push profiles, under a GPU's least limits.
if ! ctest --test-dir build -j "$tests" \
        -E '^(core_faults|cli_faults|core_dispatch_count|core_push_constants|core_windows_.*|core_fallback_.*|core_mappings_.*|core_kernels|core_join_windows_.*|core_join_fallback_.*|core_join_mappings_.*|core_join_kernels)$' --output-on-failure; then
    wait "$windows" || true
    exit 1
fi
status=0
wait "$windows" || status=$?
if ((status)); then
    cat "$windows_log"
    echo "the Windows leg failed" >&2
    exit 1
fi
grep -v '^\[[0-9]*/[0-9]*\] ' "$windows_log" # its stages and verdicts, not ninja's progress
# The sanitizers see host code: every test but the CLI end to end (label e2e; the CLI's C
# code runs here in cli_faults and fuzz_npy), the documents' checks (label docs: Python over
# the sources, run in the gcc stage), the converting copy's FP8 parts (core_convert_to_fp8
# and _from_fp8: the planning and recording of core_convert_wide's cases, and a shader's
# arithmetic the sanitizers do not see), the shader-bound sweeps, whose work is
# lavapipe's JIT code (core_large, core_mappings, core_tuning, core_kernels and its Intel
# variants, core_convert's float16-by-the-device parts, core_input_bounds,
# the bench's flags, the second windows profile), and the tests whose host code the others
# already run here at a fraction of their time (core_dispatch_count's 65536 one-output dispatches, two of
# the four fallback feature sets, the thread tests, which ThreadSanitizer runs,
# core_push_constants' record-only plans, whose planning the fuzzers' plan model runs here,
# and of the joins all but core_join and core_join_random): all of them run in the gcc build
# (above) or on the minimum device (below).
stage "tests: sanitizer build"
VKSPLIT_TEST_SCALE=0.2 ctest --test-dir build-asan -j "$jobs" -LE 'e2e|docs' \
      -E '^(core_convert_to_fp8|core_convert_from_fp8|core_large|core_mappings_.*|core_tuning_.*|core_kernels|core_kernels_.*_as_intel|core_mappings_join_as_intel|core_convert_f16exact_.*|core_input_bounds|core_windows_no_bda_minimal|core_join_mappings_.*|core_join_tuning_.*|core_join_kernels|core_join_input_bounds|core_join_windows_.*|core_join_sweep|core_join_fallback_.*|bench_flags|core_dispatch_count|core_push_constants|core_fallback_no_bda_no_dynidx|core_fallback_no_8_16bit|core_threads_.*)$' \
      --output-on-failure
stage "tests: gcc build on the minimum device (profiles bda, push and minimal)"
VKSPLIT_TEST_JOBS="$tests" bash tests/min_device/run.sh build bda push minimal
stage "done"
