#!/usr/bin/env bash
# The peer bench, every case (or those named) in a process of its own, then one markdown table
# (README.md beside this script):
#
#   bench/peer_ggml/run.sh [--case NAME]... [HARNESS OPTION]...
#
# fetch.sh brings ggml-vulkan from npm into build-peer/ggml (PEER_GGML_CACHE names another
# folder); where npm cannot be reached it says so in one line and this script stops there with
# status 0. The harness builds in build-peer/harness (vksplit from this tree, add_subdirectory).
# Options other than --case go to every case's harness (--rounds N, --reps N, --path
# auto|compute|transfer, --device N, --no-gpu). The JSON lines land in build-peer/peer_ggml.jsonl,
# the table on stdout. Exit status: 0 unless a case failed or its bytes differed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cache=${PEER_GGML_CACHE:-$root/build-peer/ggml}
build=$root/build-peer/harness
results=$root/build-peer/peer_ggml.jsonl

cases=()
options=()
while [ $# -gt 0 ]; do
    case $1 in
    --case)
        cases+=("$2")
        shift 2
        ;;
    --rounds | --reps | --path | --device)
        options+=("$1" "$2")
        shift 2
        ;;
    *)
        options+=("$1")
        shift
        ;;
    esac
done

status=0
bash "$here/fetch.sh" "$cache" || status=$?
if [ "$status" -eq 77 ]; then
    exit 0 # fetch.sh said why, in one line
elif [ "$status" -ne 0 ]; then
    exit "$status"
fi

CC=${CC:-gcc} cmake -S "$here" -B "$build" -G Ninja -DPEER_GGML_DIR="$cache" >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
harness=$build/peer_ggml

if [ ${#cases[@]} -eq 0 ]; then
    while IFS=$'\t' read -r name state why _; do
        if [ "$state" = ready ]; then
            cases+=("$name")
        else
            echo "peer_ggml: $name: pending ($why)" >&2
        fi
    done < <("$harness" --list)
fi

export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
: >"$results"
failed=0
for name in "${cases[@]}"; do
    echo "peer_ggml: $name" >&2
    rc=0
    "$harness" --case "$name" "${options[@]}" >>"$results" || rc=$?
    if [ "$rc" -ne 0 ]; then
        failed=1
        if ! tail -n 1 "$results" | grep -q "\"case\": \"$name\""; then
            printf '{"case": "%s", "failed": %d}\n' "$name" "$rc" >>"$results"
        fi
    fi
done
python3 "$here/table.py" "$results" --date "$(date -u +%Y-%m-%d)" --commit "$(git -C "$root" rev-parse --short HEAD)"
echo "peer_ggml: the JSON lines: $results" >&2
exit "$failed"
