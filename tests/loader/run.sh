#!/usr/bin/env bash
# The tools and tests start without a linked Vulkan loader, and without one installed the
# tools say what is missing in one line (exit 1) instead of failing to start.
#   1. ldd: no executable given here (nor a shared vksplit library it loads) needs libvulkan;
#   2. with no_loader.so preloaded (dlopen of libvulkan.so* fails, as on a machine without
#      libvulkan1): the CLI's split, the CLI's --list-devices and split_bench each exit 1 with
#      exactly one stderr line naming the loader and the package, write nothing, and did look
#      for libvulkan.so.1 (the shim's log);
#   3. the same split without the shim succeeds, so it is the missing loader that failed 2.
# Usage: run.sh NO_LOADER_SO VKSPLIT SPLIT_BENCH [EXECUTABLE...]
set -euo pipefail
shim=$1
cli=$2
bench=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "tools_without_loader: $*" >&2; exit 1; }
expected="no Vulkan loader found (libvulkan.so.1): install libvulkan1"

for exe in "$cli" "$bench" "$@"; do
  ldd "$exe" > "$work/ldd" || fail "ldd $exe failed"
  if grep -q libvulkan "$work/ldd"; then
    fail "$exe needs the Vulkan loader at start: $(grep libvulkan "$work/ldd" | tr -s ' \t' ' ')"
  fi
done

# A 2x4 float32 .npy: preamble, a 118-byte header (128 bytes in all), 32 bytes of data.
{
  printf '\x93NUMPY\x01\x00\x76\x00'
  printf "%-117s\n" "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 4), }"
  head -c 32 /dev/zero
} > "$work/in.npy"
[ "$(stat -c %s "$work/in.npy")" -eq 160 ] || fail "the test input is not 160 bytes"

# without_loader NAME COMMAND...: exit 1, one stderr line with the message, empty stdout.
without_loader() {
  local name=$1
  shift
  rm -f "$work/looked"
  set +e
  LD_PRELOAD="$shim${LD_PRELOAD:+:$LD_PRELOAD}" VKSPLIT_NO_LOADER_LOG="$work/looked" "$@" > "$work/out" 2> "$work/err"
  local rc=$?
  set -e
  [ $rc -eq 1 ] || fail "$name: exit $rc without a loader, expected 1 (stderr: $(cat "$work/err"))"
  [ "$(wc -l < "$work/err")" -eq 1 ] || fail "$name: stderr is not one line: $(cat "$work/err")"
  grep -qF "$expected" "$work/err" || fail "$name: stderr lacks '$expected': $(cat "$work/err")"
  [ ! -s "$work/out" ] || fail "$name: stdout is not empty: $(cat "$work/out")"
  grep -qx "libvulkan.so.1" "$work/looked" 2>/dev/null || fail "$name: never looked for libvulkan.so.1"
  echo "$name: $(cat "$work/err")"
}

split=("$cli" --input "$work/in.npy" --out-dir "$work/out_dir" --axis 1 --num-outputs 2)
without_loader "vksplit (split)" "${split[@]}"
[ ! -e "$work/out_dir" ] || fail "vksplit without a loader left $work/out_dir behind"
without_loader "vksplit --list-devices" "$cli" --list-devices
without_loader "split_bench" "$bench" --size 1 --case f32_inner1 --reps 1

"${split[@]}" > "$work/out" 2> "$work/err" || fail "with the loader, the same split failed: $(cat "$work/err")"
[ -s "$work/out_dir/out_0.npy" ] && [ -s "$work/out_dir/out_1.npy" ] || fail "with the loader, no outputs"
echo "tools_without_loader: ok"
