#!/usr/bin/env bash
# The main job: install what is missing, build, and run split_bench on its default
# workload on the first Vulkan device (lavapipe without a GPU). Extra arguments go to
# split_bench (e.g. --json, --case NAME, --path compute|copy|auto).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh bench
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
CC=${CC:-gcc} cmake -S . -B build -G Ninja >/dev/null
cmake --build build -j "$(nproc)" --target split_bench
exec ./build/split_bench "$@"
