#!/usr/bin/env bash
# The Windows tests of a mingw-w64 build (scripts/windows.sh), one executable at a time under
# Wine, inside the X display xvfb-run gives it: a verdict line each, the log of a failure.
#   scripts/wine_tests.sh BUILD_DIR
#   scripts/wine_tests.sh --targets   the executables it runs, for scripts/windows.sh to build
set -euo pipefail

# Each run: an executable of the build and its arguments.
runs=("core_golden" "core_guard" "core_split_rules" "core_arguments_rules" "core_binding_rules" "core_rule_table"
      "core_zero_copy_spans" "core_join" "frontend_directml_rules" "frontend_onnx_rules" "frontend_openvino_rules"
      "frontend_directml_join_rules" "frontend_onnx_concat_rules" "frontend_openvino_concat_rules"
      "frontend_onnx_tensorscatter_rules" "frontend_tensorscatter_golden"
      "frontend_golden" "readme_example" "readme_api_example"
      "core_random random 0 1" "core_fallbacks no-bda" "core_windows no-bda"
      "core_threads plans" "core_threads record")
if [ "${1:-}" = "--targets" ]; then
    for run in "${runs[@]}"; do echo "${run%% *}"; done | sort -u
    exit 0
fi
build=$1
wine_run() { # wine_run NAME ARGS...
    local name=$1 exe log started=$SECONDS
    shift
    exe=$(find "$build/tests" -name "$name.exe" -print -quit)
    log="$build/$name${1:+_$1}.log"
    local status=0
    wine "$exe" "$@" >"$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ] && [ ! -s "$log" ]; then
        # Not one line, not even a crash report: Wine did not start the program (seen once, on
        # the test just after wineboot). Once more, said so; a second silence fails.
        echo "Wine printed nothing for $name $* (exit $status): running it once more"
        status=0
        wine "$exe" "$@" >"$log" 2>&1 || status=$?
    fi
    if [ "$status" -ne 0 ]; then
        cat "$log"
        echo "FAILED under Wine: $name $* (exit $status)" >&2
        return 1
    fi
    echo "passed under Wine: $name $* ($((SECONDS - started)) s)"
}
wineboot --init >/dev/null 2>&1
trap 'wineserver -k 2>/dev/null || true' EXIT
for run in "${runs[@]}"; do
    # shellcheck disable=SC2086 # a run is a name and its arguments, split on spaces
    wine_run $run
done
