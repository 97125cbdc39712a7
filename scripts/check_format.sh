#!/usr/bin/env bash
# The C sources keep the style .clang-format states: lists every .c and .h file clang-format
# would change (with how many lines) and fails if there is one. Formats nothing unless asked.
#
#   scripts/check_format.sh [FOLDER...]         check (default: src include tools tests fuzz bench)
#   scripts/check_format.sh --fix [FOLDER...]   reformat those folders in place
#
# The style is clang-format 14's reading of .clang-format (Debian 12's clang-format package;
# CLANG_FORMAT picks another binary). Other versions may lay out a few lines differently, so
# the script says which version it ran when it fails.
set -euo pipefail
cd "$(dirname "$0")/.."
fix=0
if [ "${1:-}" = "--fix" ]; then
    fix=1
    shift
fi
folders=("$@")
if [ ${#folders[@]} -eq 0 ]; then
    folders=(src include tools tests fuzz bench)
fi
format=${CLANG_FORMAT:-clang-format}
if ! command -v "$format" >/dev/null; then
    echo "check_format: no $format (apt-get install clang-format)" >&2
    exit 1
fi

mapfile -t files < <(find "${folders[@]}" -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
if ((fix)); then
    printf '%s\0' "${files[@]}" | xargs -0 -r "$format" -i --style=file
    echo "check_format: formatted ${#files[@]} files in ${folders[*]}"
    exit 0
fi

# One clang-format for every file (--dry-run: it writes nothing and warns at each difference);
# then, for each file it names, how many lines differ.
warnings=$(printf '%s\0' "${files[@]}" | xargs -0 -r "$format" --dry-run --Werror --style=file 2>&1 >/dev/null) && {
    echo "check_format: ${#files[@]} files in ${folders[*]}: ok"
    exit 0
}
mapfile -t differ < <(sed -n 's/^\(.*\.[ch]\):[0-9]*:[0-9]*: error: .*clang-format.*/\1/p' <<<"$warnings" | LC_ALL=C sort -u)
if [ ${#differ[@]} -eq 0 ]; then
    echo "$warnings" >&2
    echo "check_format: $format failed" >&2
    exit 1
fi
lines=0
for f in "${differ[@]}"; do
    n=$("$format" --style=file "$f" | diff -U0 "$f" - | grep -v '^---' | grep -c '^-' || true)
    echo "$f: $n lines differ from .clang-format"
    lines=$((lines + n))
done
echo "check_format: ${#differ[@]} of ${#files[@]} files ($lines lines) in ${folders[*]} differ from .clang-format" \
     "($("$format" --version | head -n 1)); see one with: $format --style=file FILE | diff FILE -;" \
     "fix them with: scripts/check_format.sh --fix ${folders[*]}" >&2
exit 1
