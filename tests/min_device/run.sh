#!/usr/bin/env bash
# Tests of a build on the minimum device: once per profile, every Vulkan instance the tests
# make gets the Khronos validation layer above the min-device layer (README.md in this
# folder), which advertises Vulkan's required limits and the profile's features. First the
# placement test for the profile (it proves the layer is on and under the validation layer),
# then ctest; at the end, per profile, the tests and parts of tests skipped, with their reasons.
#
#   tests/min_device/run.sh [--all] BUILD_DIR PROFILE...   (profiles: bda, push, minimal, or tokens)
#
# By default (the test command), the tests whose outcome a device's limits and features
# decide: sizes against the buffer, binding and dispatch limits (core_large, cli_memory,
# core_dispatch_count, core_push_constants, core_windows), the allocation count and the offset
# alignment (core_table_memory: 10,000 plans' tables under 4096 allocations, in 256-byte units),
# the random splits and every mapping the profile's
# addressing has, the fallbacks, and the bench's plans; in the profile minimal, which differs
# from push only in outputs per dispatch, the tests of the descriptor path's dispatches
# (random splits, a fallback, windows, the 300 MiB CLI split). Joins: the random ones on every
# profile, the forced mappings and kernels on bda and push, a fallback and windows on
# minimal (their descriptor path's dispatches, one input each). --all runs every core, CLI and
# bench test instead (about four times as long): the same tests the test command's gcc stage
# runs on the default device.
set -euo pipefail
all=0
if [ "${1:-}" = "--all" ]; then
    all=1
    shift
fi
if [ $# -lt 2 ]; then
    echo "usage: $0 [--all] BUILD_DIR PROFILE..." >&2
    exit 2
fi
build=$(cd "$1" && pwd)
shift
xdg="$build/tests/min_device/xdg"
placement="$build/tests/min_device/min_device_placement"
if [ ! -d "$xdg" ] || [ ! -x "$placement" ]; then
    echo "$build has no min-device layer (tests/min_device): build it first" >&2
    exit 1
fi
jobs=${VKSPLIT_TEST_JOBS:-$(nproc)}
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT

for profile in "$@"; do
    echo "== min-device profile '$profile': the placement test, then the tests its limits decide$( ((all)) && echo ' (all core, CLI and bench tests)')"
    layer_env=(XDG_CONFIG_DIRS="$xdg:${XDG_CONFIG_DIRS:-/etc/xdg}" VKSPLIT_MIN_DEVICE=1
               VKSPLIT_MIN_DEVICE_PROFILE="$profile" XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}")
    if ! out=$(env "${layer_env[@]}" "$placement" 2>&1); then
        echo "$out"
        echo "the placement test failed for profile '$profile'" >&2
        exit 1
    fi
    grep -m 1 -E '^min-device' <<<"$out"
    # --all: every core, CLI and bench test but the fault injection (what it fails is the
    # same on every device; it runs under the sanitizers) and the CLI's host-side groups:
    # dtypes (numpy's types to element sizes), errors (argument and front-end refusals), files
    # (file-system handling), race (two CLIs into one folder) and kill (what a killed run
    # leaves), which no device limit changes.
    # cli_memory runs in both where the descriptor path windows its 300 MiB split (past the
    # minimum device's 128 MiB maxStorageBufferRange): push and minimal; with device addresses
    # (bda) nothing is windowed, and the gcc stage runs it on the default device. Random case
    # counts scaled like the sanitizer build's.
    # A fallback or windows entry that turns off only what the profile lacks anyway runs the
    # same as another: push lacks device addresses and 8/16-bit storage (no_bda ==
    # no_8_16bit == no_bda_no_8_16bit there), minimal lacks dynamic indexing too (every
    # fallback entry, and windows no_bda == no_bda_minimal). Each profile runs one of each set.
    if ((all)); then
        select=(-L '^(core|cli|bench)$' -E '^(core_faults|cli_faults|cli_dtypes|cli_errors|cli_files|cli_race|cli_kill)$')
    elif [ "$profile" = minimal ]; then
        # The converting copy's own cases run on push: a converting plan dispatches once per
        # part whatever the outputs per dispatch; with device parameters (placed) its check
        # pass groups parts by the profile's slots, so core_convert_placed_* run here too.
        select=(-R '^(core_random_[0-9]+|core_(join_)?(fallback|windows)_no_bda|core_join_random|core_table_memory|core_device_parameters|core_rows_.*|core_convert_placed_.*|cli_memory)$')
    else
        # The bench's plans where it has them: without device addresses (push) it has no
        # ceiling and no clock, and its plans are the descriptor path the other tests run.
        # cli_memory where the descriptor path windows it (above). Not core_convert_f16exact_*:
        # they set their own profile, and the gcc stage runs them.
        extra=$([ "$profile" = push ] && echo '|cli_memory' || echo '|bench_flags')
        fallbacks=$([ "$profile" = push ] && echo 'fallback_no_bda(_no_dynidx)?' || echo 'fallback_.*')
        select=(-R "^(core_large|core_random_[0-9]+|core_join_random|core_dispatch_count|core_push_constants|core_(join_)?(kernels|mappings_.*)|core_($fallbacks|windows_.*)|core_table_memory|core_device_parameters|core_rows_.*|core_convert_(wide|to_fp8|from_fp8|placed_.*)$extra)\$")
    fi
    env "${layer_env[@]}" VKSPLIT_TEST_SCALE="${VKSPLIT_TEST_SCALE:-0.35}" \
        ctest --test-dir "$build" -j "$jobs" "${select[@]}" --output-on-failure
    # What ctest skipped (exit 77), and the parts of passing tests that said SKIP.
    {
        echo "-- profile '$profile': skipped"
        awk '/^[0-9]+\/[0-9]+ Testing: / { test = $3 }
             /^SKIP: / { sub(/^SKIP: /, ""); print "   " test ": " $0 }' \
            "$build/Testing/Temporary/LastTest.log" | sort -u
    } >>"$summary"
done
cat "$summary"
