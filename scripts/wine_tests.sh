#!/usr/bin/env bash
# The Windows tests of a mingw-w64 build (scripts/windows.sh), one executable at a time under
# Wine, inside the X display xvfb-run gives it: a verdict line each, the log of a failure.
#   scripts/wine_tests.sh BUILD_DIR
set -euo pipefail
build=$1
wine_run() { # wine_run NAME ARGS...
    local name=$1 exe log started=$SECONDS
    shift
    exe=$(find "$build/tests" -name "$name.exe" -print -quit)
    log="$build/$name${1:+_$1}.log"
    if ! wine "$exe" "$@" >"$log" 2>&1; then
        cat "$log"
        echo "FAILED under Wine: $name $*" >&2
        return 1
    fi
    echo "passed under Wine: $name $* ($((SECONDS - started)) s)"
}
wineboot --init >/dev/null 2>&1
trap 'wineserver -k 2>/dev/null || true' EXIT
for t in core_golden core_guard core_split_rules core_arguments_rules core_binding_rules core_rule_table \
         core_zero_copy_spans frontend_directml_rules frontend_onnx_rules frontend_openvino_rules \
         frontend_golden readme_example; do
    wine_run "$t"
done
wine_run core_random random 0 1
wine_run core_fallbacks no-bda
wine_run core_windows no-bda
wine_run core_threads plans
wine_run core_threads record
