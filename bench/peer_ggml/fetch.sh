#!/usr/bin/env bash
# ggml-vulkan (llama.cpp's Vulkan backend, ggml 0.23.0) for the peer bench, from npm alone
# (README.md beside this script; ../../../shared/peers.md in the project says why these two):
#
#   bench/peer_ggml/fetch.sh [DIR]     default DIR: build-peer/ggml under the repository root
#
# `npm pack` fetches two tarballs into DIR/npm (no package script runs, nothing is installed):
# @node-llama-cpp/linux-x64-vulkan (the prebuilt libggml-vulkan.so and libggml-base.so, copied
# to DIR/lib) and node-llama-cpp (llama/gitRelease.bundle, the matching llama.cpp source,
# cloned into DIR/llama.cpp: ggml's headers are DIR/llama.cpp/ggml/include). Each tarball is
# held to its pinned SHA-1 (npm's "shasum"). Idempotent: DIR/complete names the version once
# everything is in place, and a second run then needs no network.
#
# Exit status: 0 ready; 77 skipped, with one line ("peer_ggml: npm cannot be reached (...):
# skipped"), where npm is missing or its registry cannot be reached (77 is the skip status of
# ctest and automake; run.sh turns it into a skipped run that succeeds); 1 anything else.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$root/build-peer/ggml}
version=3.21.1
backend=@node-llama-cpp/linux-x64-vulkan
source=node-llama-cpp
backend_sha1=0b87f744db8d17cb16495db5f5789163a9604219
source_sha1=f7579ace3d45c8e93856cebbd8671fa43c2eef1b
stamp="node-llama-cpp $version (llama.cpp v0.4.0, ggml 0.23.0)"

if [ -f "$dir/complete" ] && [ "$(cat "$dir/complete")" = "$stamp" ]; then
    exit 0
fi
if ! command -v npm >/dev/null; then
    echo "peer_ggml: npm cannot be reached (no npm command): skipped"
    exit 77
fi
# One short look at the registry first, so that offline is one line and not npm's retries.
if ! ping_out=$(npm ping --fetch-retries=0 --fetch-timeout=20000 2>&1); then
    code=$(printf '%s\n' "$ping_out" | sed -n 's/^npm error code //p' | head -n1)
    echo "peer_ggml: npm cannot be reached (${code:-npm ping failed} at $(npm config get registry 2>/dev/null)): skipped"
    exit 77
fi
mkdir -p "$dir/npm"
dir=$(cd "$dir" && pwd)

# pack PACKAGE SHA1: DIR/npm/<its tarball>, fetched once and held to its SHA-1.
pack() {
    local name=$1 sha1=$2 file
    file=$(printf '%s' "${name#@}" | tr '/' '-')-$version.tgz
    if [ ! -f "$dir/npm/$file" ] || [ "$(sha1sum "$dir/npm/$file" | cut -d' ' -f1)" != "$sha1" ]; then
        (cd "$dir/npm" && npm pack "$name@$version" --ignore-scripts --silent >/dev/null)
    fi
    local got
    got=$(sha1sum "$dir/npm/$file" | cut -d' ' -f1)
    if [ "$got" != "$sha1" ]; then
        echo "peer_ggml: $dir/npm/$file has SHA-1 $got, not the pinned $sha1" >&2
        exit 1
    fi
    printf '%s' "$dir/npm/$file"
}

backend_tgz=$(pack "$backend" "$backend_sha1")
source_tgz=$(pack "$source" "$source_sha1")

rm -rf "${dir:?}/unpack" "${dir:?}/lib" "${dir:?}/llama.cpp" "${dir:?}/complete"
mkdir -p "$dir/unpack" "$dir/lib"
tar -xzf "$backend_tgz" -C "$dir/unpack" package/bins/linux-x64-vulkan/libggml-vulkan.so \
    package/bins/linux-x64-vulkan/libggml-base.so package/LICENSE
tar -xzf "$source_tgz" -C "$dir/unpack" package/llama/gitRelease.bundle
mv "$dir/unpack/package/bins/linux-x64-vulkan/libggml-vulkan.so" "$dir/unpack/package/bins/linux-x64-vulkan/libggml-base.so" \
    "$dir/lib/"
mv "$dir/unpack/package/LICENSE" "$dir/lib/LICENSE.node-llama-cpp"
git clone --quiet -c advice.detachedHead=false "$dir/unpack/package/llama/gitRelease.bundle" "$dir/llama.cpp"
rm -rf "$dir/unpack"
if [ ! -f "$dir/llama.cpp/ggml/include/ggml-vulkan.h" ]; then
    echo "peer_ggml: the bundle's clone has no ggml/include/ggml-vulkan.h" >&2
    exit 1
fi
echo "$stamp" >"$dir/complete"
echo "peer_ggml: ggml-vulkan ready in $dir (lib/, llama.cpp/ggml/include/)" >&2
