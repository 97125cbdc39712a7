#!/usr/bin/env bash
# Builds and runs a consumer of vksplit three ways: find_package after `cmake --install`,
# add_subdirectory of the checkout, and pkg-config. Usage: run.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1
build_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}

cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
cmake -S "$source_dir/tests/consumer" -B "$work/find" -G Ninja -DVKSPLIT_MODE=find_package \
      -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/find" >/dev/null
"$work/find/consumer"

cmake -S "$source_dir/tests/consumer" -B "$work/sub" -G Ninja -DVKSPLIT_MODE=subdirectory \
      -DVKSPLIT_SOURCE="$source_dir" >/dev/null
cmake --build "$work/sub" >/dev/null
"$work/sub/consumer"

libdir=$(find "$work/prefix" -name vksplit.pc -printf '%h\n' | head -n 1)
cc -std=c11 -o "$work/pc" "$source_dir/tests/consumer/pkgconfig.c" $(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs vksplit)
"$work/pc"
