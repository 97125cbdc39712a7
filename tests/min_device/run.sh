#!/usr/bin/env bash
# The core and CLI tests of a build on the minimum device: once per profile, every Vulkan
# instance the tests make gets the Khronos validation layer above the min-device layer
# (README.md in this folder), which advertises Vulkan's required limits and the profile's
# features. First the placement test for the profile (it proves the layer is on and under
# the validation layer), then ctest on the labels core and cli; at the end, per profile, the
# tests and parts of tests skipped, with their reasons.
#
#   tests/min_device/run.sh BUILD_DIR PROFILE...      (profiles: bda, push, minimal, or tokens)
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 BUILD_DIR PROFILE..." >&2
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
jobs=$(nproc)
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT

for profile in "$@"; do
    echo "== min-device profile '$profile': the placement test, then the core and CLI tests"
    layer_env=(XDG_CONFIG_DIRS="$xdg:${XDG_CONFIG_DIRS:-/etc/xdg}" VKSPLIT_MIN_DEVICE=1
               VKSPLIT_MIN_DEVICE_PROFILE="$profile" XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}")
    if ! out=$(env "${layer_env[@]}" "$placement" 2>&1); then
        echo "$out"
        echo "the placement test failed for profile '$profile'" >&2
        exit 1
    fi
    grep -m 1 -E '^min-device' <<<"$out"
    # Every core and CLI test but the fault injection (what it fails is the same on every
    # device; it runs under the sanitizers) and the CLI's host-side groups: dtypes (numpy's types to element sizes; the
    # sizes themselves are copied here by core_random and core_mappings), errors (argument and
    # front-end refusals), files (file-system handling) and race (two CLIs into one folder),
    # which no device limit changes. cli_memory runs: its 300 MiB split exceeds the minimum
    # device's maxStorageBufferRange (128 MiB), which the descriptor path windows;
    # random case counts scaled like the sanitizer build's.
    env "${layer_env[@]}" VKSPLIT_TEST_SCALE="${VKSPLIT_TEST_SCALE:-0.35}" \
        ctest --test-dir "$build" -j "$jobs" -L '^(core|cli|bench)$' \
        -E '^(core_faults|cli_faults|cli_dtypes|cli_errors|cli_files|cli_race)$' \
        --output-on-failure
    # What ctest skipped (exit 77), and the parts of passing tests that said SKIP.
    {
        echo "-- profile '$profile': skipped"
        awk '/^[0-9]+\/[0-9]+ Testing: / { test = $3 }
             /^SKIP: / { sub(/^SKIP: /, ""); print "   " test ": " $0 }' \
            "$build/Testing/Temporary/LastTest.log" | sort -u
    } >>"$summary"
done
cat "$summary"
